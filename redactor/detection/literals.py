"""Required literals: strings of which every match of a regex contains one.

Most regexes of a detector find nothing in most texts, and a miss costs a scan of the whole text
(over the bench corpus, four fifths of the regex time went to scans that found nothing). A regex
whose every match contains `street` or `avenue` cannot match a text holding neither, and a test for
those words costs a fraction of the regex's scan. This is the prefilter of RE2 and ripgrep, read off
the parse tree of Python's own regex compiler (`re._parser`), so that it follows each regex as
written:

- literals are compared folded (`fold`): ASCII letters in lower case, so that a case-sensitive
  `Author` and a case-insensitive `author` both need `author` in the folded text; a non-ASCII
  character takes part only where no case can change it (`’`, `様`, `手机`), or in a case-sensitive
  part of the regex;
- anything not known to be a literal (a class of many characters, a cased non-ASCII character
  matched case-insensitively, a back reference) ends a literal; a sequence needs the most
  selective of its parts' requirements, an alternation one of each branch's;
- zero-width assertions consume nothing, but what a positive lookaround sees is in the text too.

A regex without such literals (`\\d{3}-\\d{4}`) has no requirement and always runs. The promise is
one way only, and the tests check it on generated texts: a regex that matches a text has one of its
literals in the folded text.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

# The regex compiler's own parser and its opcodes (`sre_parse`/`sre_constants` before Python 3.11).
_PRIVATE = sys.version_info >= (3, 11)
_parser: Any = importlib.import_module("re._parser" if _PRIVATE else "sre_parse")
_sre: Any = importlib.import_module("re._constants" if _PRIVATE else "sre_constants")
_casefix: Any = importlib.import_module("re._casefix") if _PRIVATE else None

# More strings than this in one set and it is not worth tracking exactly (`[a-z]`: as good as nothing).
_MAX_EXACT = 16
# Characters too common in text to gate on alone: letters, digits, white space.
_TOO_COMMON = frozenset("abcdefghijklmnopqrstuvwxyz0123456789 \t\n\r")
# What case-insensitive matching equates with an ASCII letter besides its other case (`re._casefix`):
# the dotted and the dotless i, the long s, the Kelvin sign. Folded to that letter, one character for
# one, so that a literal of the regex is a literal of the folded text.
_ASCII_LOOKALIKES = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}
_FOLD = str.maketrans({**_ASCII_LOOKALIKES, **{chr(code): chr(code + 32) for code in range(ord("A"), ord("Z") + 1)}})


# Characters that case-insensitive matching equates with others besides their own cases (`µ` with `μ`).
_EXTRA_CASED = frozenset(chr(code) for key, others in getattr(_casefix, "_EXTRA_CASES", {}).items()
                         for code in (key, *others))


def fold(text: str) -> str:
    """`text` as the literals are written (see the module's docstring)."""
    return text.lower() if text.isascii() else text.translate(_FOLD)


def _literal_char(code: int, ignore_case: bool) -> str | None:
    """The folded form of a character of the regex, or None where folding cannot follow it."""
    char = chr(code)
    if code < 128:
        return char.lower()
    if char in _ASCII_LOOKALIKES:
        return None  # the folded text holds its ASCII letter instead
    if ignore_case and (char.lower() != char or char.upper() != char or char.casefold() != char
                        or char in _EXTRA_CASED):
        return None  # `É` matches `é` case-insensitively, and the text is not folded outside ASCII
    return char


@dataclass(frozen=True)
class _Info:
    exact: frozenset[str] | None  # every string the node can match, when they are few and known
    required: frozenset[str] | None  # strings of which every match contains one; None: none known


_UNKNOWN = _Info(None, None)
_IGNORECASE = int(re.IGNORECASE)
_EMPTY = _Info(frozenset({""}), None)


def _selectivity(atoms: frozenset[str]) -> tuple[int, int]:
    """Higher is better: the shortest string's length first (a long literal is rare), then fewer strings."""
    return (min(len(atom) for atom in atoms), -len(atoms))


def _best(*candidates: frozenset[str] | None) -> frozenset[str] | None:
    usable = [c for c in candidates if c and "" not in c]
    return max(usable, key=_selectivity) if usable else None


def _product(left: frozenset[str], right: frozenset[str]) -> frozenset[str] | None:
    if len(left) * len(right) > _MAX_EXACT:
        return None
    return frozenset(a + b for a in left for b in right)


def _char_set(items: Sequence[tuple[Any, Any]], ignore_case: bool) -> frozenset[str] | None:
    """The folded characters a character class matches, if it is a short list of known ones."""
    codes: list[int] = []
    for op, value in items:
        if op is _sre.LITERAL:
            codes.append(value)
        elif op is _sre.RANGE and value[1] - value[0] < _MAX_EXACT:
            codes.extend(range(value[0], value[1] + 1))
        else:
            return None  # a category, a negation, a wide range
    chars = {_literal_char(code, ignore_case) for code in codes}
    if None in chars or len(chars) > _MAX_EXACT:
        return None
    return frozenset(char for char in chars if char is not None)


def _sequence(items: Iterable[tuple[Any, Any]], flags: int) -> _Info:
    candidates: list[frozenset[str] | None] = []  # requirements of the parts; the most selective wins
    run: frozenset[str] = frozenset({""})  # the exact strings of the current run of known parts
    whole: frozenset[str] | None = frozenset({""})  # the exact strings of the whole sequence so far
    for op, value in items:
        info = _node(op, value, flags)
        candidates.append(info.required)
        joined = _product(run, info.exact) if info.exact is not None else None
        if joined is not None:
            run = joined
            whole = _product(whole, info.exact) if whole is not None and info.exact is not None else None
            continue
        # the run ends here: the strings it matched exactly are a requirement of their own
        candidates.append(run)
        whole = None
        run = info.exact if info.exact is not None else frozenset({""})
    candidates += (run, whole)
    return _Info(whole, _best(*candidates))


def _repeat(low: int, high: int, inner: _Info) -> _Info:
    if low == 0:
        if high == 1 and inner.exact is not None:
            return _Info(inner.exact | {""}, None)
        return _EMPTY if inner.exact == frozenset({""}) else _UNKNOWN
    required = _best(inner.required, inner.exact)  # at least one repetition
    exact: frozenset[str] | None = None
    if low == high and inner.exact is not None:
        exact = frozenset({""})
        for _ in range(low):
            exact = _product(exact, inner.exact) if exact is not None else None
    return _Info(exact, required)


def _node(op: Any, value: Any, flags: int) -> _Info:
    ignore_case = bool(flags & _IGNORECASE)
    if op is _sre.LITERAL:
        char = _literal_char(value, ignore_case)
        return _UNKNOWN if char is None else _Info(frozenset({char}), None)
    if op is _sre.IN:
        chars = _char_set(value, ignore_case)
        return _UNKNOWN if chars is None else _Info(chars, None)
    if op is _sre.SUBPATTERN:
        _group, add_flags, del_flags, pattern = value
        return _sequence(pattern, (flags | int(add_flags)) & ~int(del_flags))
    if op is _sre.ATOMIC_GROUP:
        return _sequence(value, flags)
    if op is _sre.BRANCH:
        branches = [_sequence(branch, flags) for branch in value[1]]
        exact: frozenset[str] | None = None
        if all(branch.exact is not None for branch in branches):
            union = frozenset().union(*(branch.exact for branch in branches if branch.exact is not None))
            exact = union if len(union) <= _MAX_EXACT else None
        # every branch must bring a requirement (its own, or the strings it matches exactly)
        each = [_best(branch.required, branch.exact) for branch in branches]
        required = None if any(r is None for r in each) else frozenset().union(*(r for r in each if r is not None))
        return _Info(exact, required)
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
        low, high, pattern = value
        return _repeat(low, high, _sequence(pattern, flags))
    if op is _sre.ASSERT:
        # (?=...) and (?<=...) consume nothing, but what they see is in the text
        seen = _sequence(value[1], flags)
        return _Info(frozenset({""}), _best(seen.required, seen.exact))
    if op in (_sre.AT, _sre.ASSERT_NOT):
        return _EMPTY
    return _UNKNOWN  # any character, a negated literal, a back reference, a conditional


def required_literals(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Folded strings of which every match of `pattern` contains one; None when there is no such
    set worth testing (then the regex must always run)."""
    try:
        tree = _parser.parse(pattern.pattern, pattern.flags)
        info = _sequence(tree, int(tree.state.flags))
    except Exception:  # (a parse tree of another Python's making: the regex then simply always runs)
        return None
    atoms = _best(info.required, info.exact)
    if atoms is None or any(len(atom) == 1 and atom in _TOO_COMMON for atom in atoms):
        return None
    # (a string holding another of the set adds nothing: where it is, the other is)
    return frozenset(atom for atom in atoms if not any(other != atom and other in atom for other in atoms))


# Past this many literals, one automaton pass over the text is cheaper than a substring test for each.
_AUTOMATON_FROM = 8


class _Requirement:
    """The literals one regex needs (at least one of them) and how to look for them."""

    def __init__(self, atoms: frozenset[str]) -> None:
        self.atoms = sorted(atoms)
        self._automaton: Any = None
        if len(self.atoms) >= _AUTOMATON_FROM:
            from ahocorasick_rs import AhoCorasick

            self._automaton = AhoCorasick(self.atoms)

    def met_by(self, folded: str) -> bool:
        if self._automaton is not None:
            try:
                return bool(self._automaton.find_matches_as_indexes(folded, overlapping=False))
            except UnicodeEncodeError:  # lone surrogates (legal in JSON) cannot go to the automaton
                pass
        return any(atom in folded for atom in self.atoms)


class LiteralGate:
    """Which regexes may match a text, by their required literals. Each regex's literals are read the first
    time it is asked about (most regexes of a detector never are, in a run), then kept."""

    def __init__(self) -> None:
        self._requirements: dict[re.Pattern[str], _Requirement | None] = {}

    def may_match(self, pattern: re.Pattern[str], folded: str) -> bool:
        """False only when `pattern` cannot match the text whose folded form (`fold`) is `folded`."""
        if pattern not in self._requirements:
            atoms = required_literals(pattern)
            self._requirements[pattern] = _Requirement(atoms) if atoms is not None else None
        requirement = self._requirements[pattern]
        return requirement is None or requirement.met_by(folded)
