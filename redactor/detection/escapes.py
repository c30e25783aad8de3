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


def may_hold_references(text: str) -> bool:
    """The cheap test in front of `decoded_with_origins`, for every text of a trace."""
    return ("&" in text and ";" in text) or "\\u" in text


def decoded_with_origins(text: str) -> tuple[str, list[int]] | None:
    """`text` with its character references read, and for each character of the result (and one past
    its end) the offset in `text` where it starts; None when no reference changes a character.

    A reference that stands for nothing (`&madeup;`, `&#0;`, which HTML reads as U+FFFD), a surrogate or a
    control character is kept as written: what is read must be text the way it was meant."""
    decoded: list[str] = []
    origins: list[int] = []
    position = 0
    changed = False
    for match in _REFERENCE.finditer(text):
        reference = match.group(0)
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
