"""Regexes written to start with a character that sre scans for.

sre (Python's regex engine) looks for a match of a regex that starts with a literal or a character class by
scanning for those characters in C, and tries the rest only where one is. A regex that starts with `\\b`, a
lookbehind or an alternation of anything but literals is tried at every position of the text instead. The same
regex with its lookbehind moved after its first character (`\\d(?<![\\w.]\\d)` for `(?<![\\w.])\\d`: the character
before the digit is what the lookbehind tests) finds the same matches, at the same places, two to ten times
faster over prose. The forms here build such regexes from word lists; the detectors' own regexes are written so
by hand, and their tests compare each with its readable form.
"""

from __future__ import annotations

import re


def first_characters_first(words: str, not_after: str = "", after: str = "") -> str:
    r"""`(?<!{not_after})(?:{words})` (or `(?<={after})(?:{words})`) written to start with the words' first
    characters, each with the lookbehind after it (`s(?<!\ws)(?:treet|t|quare)`; see the module). `words`:
    `|`-separated, each starting with a plain character."""
    # (Neighbouring words with one first character share it; the words stay in their order, so that where
    # two may match at one place the same one does.)
    runs: list[tuple[str, list[str]]] = []
    for word in words.split("|"):
        if not word or word[0] in "\\([?*+{":
            raise ValueError(f"{word!r}: a word of the list must start with a plain character")
        if runs and runs[-1][0] == word[0]:
            runs[-1][1].append(word[1:])
        else:
            runs.append((word[0], [word[1:]]))
    lookbehind = f"(?<={after}{{}})" if after else f"(?<!{not_after}{{}})"
    return "(?:" + "|".join(re.escape(first) + lookbehind.format(re.escape(first)) + f"(?:{'|'.join(ends)})"
                            for first, ends in runs) + ")"


def followed_by_spaces_and_a_digit(words: str) -> str:
    r"""`(?:{words})\s+\d` written to start at the spaces, each word a lookbehind (of fixed width: a word may hold
    a lookbehind of its own, `(?<![aeiou])ring`)."""
    # (a digit must follow the spaces: most spaces of a text are left at once, before the words are tried)
    return r"\s(?=\s*\d)(?:" + "|".join(rf"(?<={word}\s)" for word in words.split("|")) + r")\s*\d"


_PLAIN_START = re.compile(r"[A-Za-z0-9_-]+")
_QUANTIFIERS = "?*+{"


def literal_prefix(regex: str) -> str:
    """The plain characters a regex starts with, which every match of it starts with (`sk-ant-` of
    `sk-ant-(?:api|admin)...`); "" when none, or when the regex is an alternation at its top level (`ab|cd`: a
    lookbehind after `ab` would leave `cd` without it)."""
    start = _PLAIN_START.match(regex)
    if start is None or _has_top_level_alternation(regex):
        return ""
    prefix = start.group(0)
    if len(prefix) < len(regex) and regex[len(prefix)] in _QUANTIFIERS:
        prefix = prefix[:-1]  # (the quantifier is the last character's)
    return prefix


def leading_class(regex: str) -> str:
    """The character class a regex starts with, matched once (`[MNO]` of `[MNO][A-Za-z0-9_-]{23,25}...`);
    "" when it starts otherwise, or with a class repeated, or is an alternation at its top level."""
    if not regex.startswith("[") or _has_top_level_alternation(regex):
        return ""
    end = _class_end(regex, 0)
    return regex[:end] if end < len(regex) and regex[end] not in _QUANTIFIERS else ""


def _class_end(regex: str, start: int) -> int:
    """The index after the class that starts at `start` (its `[`)."""
    index = start + 1
    if regex[index:index + 1] == "^":
        index += 1
    if regex[index:index + 1] == "]":
        index += 1  # a `]` first in a class is a member
    while regex[index] != "]":
        index += 2 if regex[index] == "\\" else 1
    return index + 1


def _has_top_level_alternation(regex: str) -> bool:
    depth, index = 0, 0
    while index < len(regex):
        char = regex[index]
        if char == "\\":
            index += 2
            continue
        if char == "[":
            index = _class_end(regex, index)
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            return True
        index += 1
    return False
