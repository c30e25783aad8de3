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
