"""Find every occurrence of a trace's known sensitive values in a string, fast.

A regex alternation of N values costs O(len(text) * N). An Aho-Corasick automaton (ahocorasick-rs,
leftmost-longest) finds all of them in one O(len(text)) pass, whatever N is.

Word boundaries: a value that starts (ends) with a letter or digit only counts where the previous
(next) character is not one, so the name "Ann" is not found inside "Annual". When the longest
value at a place fails that rule, a shorter known value at the same place is tried.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ahocorasick_rs import AhoCorasick, Implementation, MatchKind

# Lone surrogates are legal in JSON (`"\ud800"`) but cannot be handed to the automaton (it works on
# UTF-8). The text is searched as a same-length copy with U+FFFD in their place; values holding one
# are rare and found with `str.find`.
_SURROGATE = re.compile("[\ud800-\udfff]")
# An index is built twice per trace and searched over that trace's strings only. For the few dozen values of a
# trace ahocorasick-rs would build a DFA, four times dearer to build than a contiguous NFA, which searches as
# fast at this size (and is what it picks itself for large sets). The matches are the same either way.
_IMPLEMENTATION = Implementation.ContiguousNFA


def _is_word_char(char: str) -> bool:
    return char.isascii() and char.isalnum()


class KnownValueIndex:
    def __init__(self, values: Iterable[str]) -> None:
        unique = {v for v in values if v}
        self._value_set = frozenset(unique)
        plain = sorted(v for v in unique if not _SURROGATE.search(v))
        self._odd = sorted((v for v in unique if _SURROGATE.search(v)), key=len, reverse=True)
        self._plain = plain
        self._automaton = AhoCorasick(plain, matchkind=MatchKind.LeftmostLongest,
                                      implementation=_IMPLEMENTATION) if plain else None
        self._overlapping: AhoCorasick | None = None  # built on first need (see `_bounded_matches`)

    def __bool__(self) -> bool:
        return bool(self._value_set)

    def finditer(self, text: str) -> Iterator[tuple[int, int]]:
        """Non-overlapping (start, end) of known values in `text`, longest value first at each place."""
        taken: list[tuple[int, int]] = []
        for value in self._odd:
            start = text.find(value)
            while start != -1:
                end = start + len(value)
                if self._bounded(text, start, end):
                    taken.append((start, end))
                start = text.find(value, end)
        if self._automaton is not None:
            searchable = _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text
            found: list[tuple[int, int]] = []
            for _, start, end in self._automaton.find_matches_as_indexes(searchable, overlapping=False):
                found_end = self._longest_bounded_prefix(text, start, end)
                if found_end is None:
                    # Glued to a word (`FDBristol BS6 5JR` in a label printer's code): a value inside
                    # this match may still stand alone (`BS6 5JR`). Rare: all matches, then the same choice.
                    found = self._bounded_matches(text, searchable)
                    break
                found.append((start, found_end))
            if not taken:
                yield from found  # (the automaton's matches come in order and never overlap)
                return
            taken += [(s, e) for s, e in found if not any(s < te and ts < e for ts, te in taken)]
        yield from sorted(taken)

    def _bounded_matches(self, text: str, searchable: str) -> list[tuple[int, int]]:
        """Leftmost-longest among the word-bounded occurrences of every value (overlaps considered)."""
        if self._overlapping is None:
            self._overlapping = AhoCorasick(self._plain, matchkind=MatchKind.Standard,
                                            implementation=_IMPLEMENTATION)
        bounded = sorted(((start, -end) for _, start, end in
                          self._overlapping.find_matches_as_indexes(searchable, overlapping=True)
                          if self._bounded(text, start, end)))
        chosen: list[tuple[int, int]] = []
        for start, negative_end in bounded:
            if not chosen or start >= chosen[-1][1]:
                chosen.append((start, -negative_end))
        return chosen

    def _longest_bounded_prefix(self, text: str, start: int, end: int) -> int | None:
        for stop in range(end, start, -1):
            if (stop == end or text[start:stop] in self._value_set) and self._bounded(text, start, stop):
                return stop
        return None

    @staticmethod
    def _bounded(text: str, start: int, end: int) -> bool:
        if _is_word_char(text[start]) and start > 0 and _is_word_char(text[start - 1]) \
                and not _after_url_escape(text, start):
            return False
        if _is_word_char(text[end - 1]) and end < len(text) and _is_word_char(text[end]):
            return False
        # A dotted number inside a longer one (`3.6.1.4` in the OID `1.3.6.1.4.1.14179`) is not the value.
        return not (_is_digit_after_dot(text, start) or _is_digit_before_dot(text, end))


def _after_url_escape(text: str, start: int) -> bool:
    """A URL escape ends right before `start` (`%2707841+326590%27`: a quoted phone in an encoded query; red team
    57): its hex digits are no part of the value's word."""
    return start >= 3 and text[start - 3] == "%" and all(c in "0123456789abcdefABCDEF" for c in text[start - 2:start])


def _is_digit_after_dot(text: str, start: int) -> bool:
    return text[start].isdigit() and start >= 2 and text[start - 1] == "." and text[start - 2].isdigit()


def _is_digit_before_dot(text: str, end: int) -> bool:
    return text[end - 1].isdigit() and end + 1 < len(text) and text[end] == "." and text[end + 1].isdigit()
