"""Character references a text carries its characters in: HTML's `&#43;`, `&#x2B;`, `&eacute;` (a scraped
page, an email's HTML part, a CRM's rich-text field) and a `\\u0040` written into prose (a log line that
printed a JSON escape). A phone written `&#43;1 984&#45;555&#45;0134` or a name written `Ma&#239;wenn` is
what it reads as; the patterns only see the characters, so the text is read decoded too, and each value
found in it is replaced in the text as written (`decoded_with_origins` gives where each character came from).
"""

from __future__ import annotations

import html
import re

# A numeric reference, a named one (with its semicolon: `&copy` alone is how a URL's query writes `copy`),
# or a four-digit `\u` escape not itself escaped (`\\u0040` in a JSON string is a backslash and `u0040`).
_REFERENCE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});|(?<!\\)\\u[0-9a-fA-F]{4}")
# iCalendar and vCard text (RFC 5545 3.1, RFC 6350 3.2) folds its lines at 75 octets, inside a word
# (`ATTENDEE;CN="Okafor, C` then `\r\n hidinma"`), and escapes `,`, `;`, `\` and line breaks with a backslash
# (`Blk 412 Bedok North Ave 2\, Singapore`): a calendar is read unfolded and unescaped too (red team 53).
_CALENDAR_MARK = "BEGIN:V"
_REFERENCE_OR_CALENDAR = re.compile(_REFERENCE.pattern + r"|\r?\n[ \t]|\\[,;\\nN]")
_CALENDAR_READINGS = {",": ",", ";": ";", "\\": "\\", "n": "\n", "N": "\n"}


def is_calendar_text(text: str) -> bool:
    return _CALENDAR_MARK in text


def may_hold_references(text: str) -> bool:
    """The cheap test in front of `decoded_with_origins`, for every text of a trace."""
    return ("&" in text and ";" in text) or "\\u" in text or _CALENDAR_MARK in text


def decoded_with_origins(text: str) -> tuple[str, list[int]] | None:
    """`text` with its character references read (and a calendar's folds and escapes), and for each character
    of the result (and one past its end) the offset in `text` where it starts; None when nothing changes.

    A reference that stands for nothing (`&madeup;`, `&#0;`, which HTML reads as U+FFFD), a surrogate or a
    control character is kept as written: what is read must be text the way it was meant."""
    decoded: list[str] = []
    origins: list[int] = []
    position = 0
    changed = False
    pattern = _REFERENCE_OR_CALENDAR if _CALENDAR_MARK in text else _REFERENCE
    for match in pattern.finditer(text):
        reference = match.group(0)
        if reference[0] in "\r\n" or (reference[0] == "\\" and reference[1] != "u"):
            decoded.append(text[position:match.start()])
            origins.extend(range(position, match.start()))
            if reference[0] == "\\":  # (a fold stands for nothing)
                decoded.append(_CALENDAR_READINGS[reference[1]])
                origins.append(match.start())
            position = match.end()
            changed = True
            continue
        character = chr(int(reference[2:], 16)) if reference.startswith("\\u") else html.unescape(reference)
        # (a no-break space is no control character: `+27&nbsp;82&nbsp;555&nbsp;0142` is a number; red team 53)
        if character == reference or len(character) != 1 or not (character.isprintable() or character == "\xa0") \
                or "\ud800" <= character <= "\udfff" or character == "\ufffd":
            continue
        decoded.append(text[position:match.start()])
        origins.extend(range(position, match.start()))
        decoded.append(character)
        origins.append(match.start())
        position = match.end()
        changed = True
    if not changed:
        return None
    decoded.append(text[position:])
    origins.extend(range(position, len(text) + 1))
    return "".join(decoded), origins
