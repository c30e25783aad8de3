"""Find every occurrence of a trace's known sensitive values in a string, fast.

A flat regex alternation of N values costs O(len(text) * N): at every position the engine tries
every value. Values are merged into a trie-shaped regex instead (one character class per step,
common prefixes shared), so the cost is O(len(text) * depth). Very long values (PEM blocks,
payload-sized tokens) stay out of the trie and are found with `str.find`.

Word boundaries: a value that starts (ends) with a letter or digit only matches where the
previous (next) character is not one, so the name "Ann" is not found inside "Annual".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

_TRIE_MAX_VALUE_LENGTH = 256
_END = ""


def _is_word_char(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _trie_pattern(values: Iterable[str]) -> str:
    trie: dict[str, dict] = {}  # type: ignore[type-arg]
    for value in values:
        node = trie
        for char in value:
            node = node.setdefault(char, {})
        node[_END] = {}
    # Iterative post-order build: values can be a few hundred characters deep.
    built: dict[int, str] = {}
    stack: list[tuple[dict, bool]] = [(trie, False)]  # type: ignore[type-arg]
    while stack:
        node, children_done = stack.pop()
        if not children_done:
            stack.append((node, True))
            stack.extend((child, False) for key, child in node.items() if key != _END)
            continue
        branches = [re.escape(key) + built[id(child)] for key, child in sorted(node.items()) if key != _END]
        if not branches:
            built[id(node)] = ""
        elif len(branches) == 1 and _END not in node:
            built[id(node)] = branches[0]
        else:
            body = "(?:" + "|".join(branches) + ")"
            built[id(node)] = body + "?" if _END in node else body
    return built[id(trie)]


class KnownValueIndex:
    def __init__(self, values: Iterable[str]) -> None:
        unique = {v for v in values if v}
        self._values = unique
        self._long = sorted((v for v in unique if len(v) > _TRIE_MAX_VALUE_LENGTH), key=len, reverse=True)
        short = [v for v in unique if len(v) <= _TRIE_MAX_VALUE_LENGTH]
        self._pattern = re.compile(_trie_pattern(short)) if short else None
        self._max_short = max((len(v) for v in short), default=0)

    def __bool__(self) -> bool:
        return bool(self._values)

    def finditer(self, text: str) -> Iterator[tuple[int, int]]:
        """Non-overlapping (start, end) of known values in `text`, longest value first at each place."""
        taken: list[tuple[int, int]] = []
        for value in self._long:
            start = text.find(value)
            while start != -1:
                end = start + len(value)
                if self._bounded(text, start, end) and not any(start < e and s < end for s, e in taken):
                    taken.append((start, end))
                start = text.find(value, end)
        if self._pattern is not None:
            position = 0
            while True:
                match = self._pattern.search(text, position)
                if match is None:
                    break
                start = match.start()
                found_end = self._longest_bounded_prefix(text, start, match.end())
                if found_end is None or any(start < e and s < found_end for s, e in taken):
                    position = start + 1
                    continue
                taken.append((start, found_end))
                position = found_end
        yield from sorted(taken)

    def _longest_bounded_prefix(self, text: str, start: int, end: int) -> int | None:
        """The regex found the longest value at `start`; if it fails the word-boundary rule, a
        shorter known value at the same place may still pass."""
        for stop in range(end, start, -1):
            if text[start:stop] in self._values and self._bounded(text, start, stop):
                return stop
        return None

    @staticmethod
    def _bounded(text: str, start: int, end: int) -> bool:
        if _is_word_char(text[start]) and start > 0 and _is_word_char(text[start - 1]):
            return False
        return not (_is_word_char(text[end - 1]) and end < len(text) and _is_word_char(text[end]))
