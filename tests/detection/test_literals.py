"""Required literals: a regex that matches a text has one of its literals in the folded text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

from redactor.detection import cues, decoys, names, pii, secret_rules
from redactor.detection.literals import LiteralGate, fold, required_literals
from tests.detection.regex_forms import corpus_texts

ROOT = Path(__file__).resolve().parents[2]


def detector_patterns() -> list[tuple[str, re.Pattern[str]]]:
    found: dict[re.Pattern[str], str] = {}
    for module in (decoys, pii, names, secret_rules, cues):
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                found.setdefault(value, f"{module.__name__.rsplit('.', 1)[-1]}.{name}")
    for rule in cues.CUE_RULES:
        found.setdefault(rule.compile(), f"cue.{rule.name}")
    for rule in secret_rules.RULES.values():
        if isinstance(rule.pattern, re.Pattern):
            found.setdefault(rule.pattern, f"secret.{rule.name}")
    return sorted(((name, pattern) for pattern, name in found.items()), key=lambda item: item[0])


GATED = [(name, pattern) for name, pattern in detector_patterns() if required_literals(pattern) is not None]


@pytest.mark.parametrize(("pattern", "expected"), [
    (r"\bfoo(?:bar|baz)\d", {"foobar", "foobaz"}),
    (r"(?i)Customer|client", {"customer", "client"}),  # case-insensitive or not: folded
    (r"(?<![\w-])x[yz]", {"xy", "xz"}),
    (r"i['’]m", {"i'm", "i’m"}),  # an uncased non-ASCII character is a literal too
    (r"\d+(?=\s*:)", {":"}),  # what a lookahead sees is in the text
    (r"\b(?:cvv2?|cvc2?)\b", {"cvv", "cvc"}),  # (`cvv2` holds `cvv`)
    (r"手机[:：]", {"手机:", "手机："}),
    (r"(?:st|nd|rd|th)\s+(?:cross|main)\b", {"cross", "main"}),  # the more selective part
    (r"ſtreet", {"treet"}),  # the text's `ſ` is folded to `s`: the regex's own is no literal of the folded text
])
def test_literals_of_a_regex(pattern: str, expected: set[str]) -> None:
    assert required_literals(re.compile(pattern)) == expected


@pytest.mark.parametrize("pattern", [
    r"\d{3} \d{4}x?",  # only common characters: a space, an optional letter
    r"[a-z]+@?",  # a wide class, an optional literal
    r"(?i)é",  # a cased non-ASCII character matched case-insensitively (`É`): not followed by the fold
    r"(a)b?\1",  # a back reference
    r"foo|\w+",  # a branch without a literal
])
def test_regexes_without_a_usable_literal_always_run(pattern: str) -> None:
    assert required_literals(re.compile(pattern)) is None
    assert LiteralGate().may_match(re.compile(pattern), fold("nothing here"))


def test_folding_keeps_offsets_and_follows_case_insensitive_matching() -> None:
    # Python's case-insensitive matching equates `s` with `ſ`, `k` with the Kelvin sign, `i` with `İ` and `ı`
    text = "Staſ\u212aİı Straße"
    assert len(fold(text)) == len(text)
    assert fold(text) == "stask" + "ii" + " straße"
    pattern = re.compile(r"(?i)stask")
    assert pattern.search(text)
    assert LiteralGate().may_match(pattern, fold(text))


def test_the_gate_says_no_only_where_the_regex_finds_nothing() -> None:
    pattern = re.compile(r"(?i)\baccount holder(?=\s*:)")
    gate = LiteralGate()
    assert not gate.may_match(pattern, fold("Your account was verified."))
    assert gate.may_match(pattern, fold("ACCOUNT HOLDER: Jane Roe"))
    assert pattern.search("ACCOUNT HOLDER: Jane Roe")


def test_lone_surrogates_are_read_without_the_automaton() -> None:
    pattern = re.compile(r"holder")
    many = re.compile("|".join(f"holder{index}" for index in range(10)))  # (looked for by an automaton)
    gate = LiteralGate()
    assert gate.may_match(many, fold("card holder3 \ud800"))
    assert not gate.may_match(many, fold("card holder \ud800"))
    assert gate.may_match(pattern, fold("card holder \ud800"))


def test_most_detector_regexes_have_literals() -> None:
    """The gate is worth having: a regex without literals always runs."""
    assert len(GATED) >= 150


@pytest.mark.parametrize(("name", "pattern"), GATED, ids=[name for name, _ in GATED])
def test_a_text_a_detector_regex_matches_has_one_of_its_literals(name: str, pattern: re.Pattern[str]) -> None:
    """Strings generated from the regex itself (hypothesis reads lookarounds and flags as `re` does), with
    random text around them. A few regexes' lookarounds are too tight for the generator: the corpus test
    below covers them as it covers all."""
    gate = LiteralGate()

    @settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(text=st.from_regex(pattern))
    def keeps_its_promise(text: str) -> None:
        assert pattern.search(text)
        assert gate.may_match(pattern, fold(text)), (name, sorted(required_literals(pattern) or ()))

    try:
        keeps_its_promise()
    except Unsatisfiable:
        pytest.skip("hypothesis cannot generate a match for this regex")


def test_on_the_shipped_traces_no_match_is_gated_away() -> None:
    """Every string of the example traces and test corpora, against every gated regex of the detectors."""
    texts = corpus_texts()
    assert len(texts) > 1000
    gate = LiteralGate()
    missed = []
    for text in texts:
        folded = fold(text)
        missed += [name for name, pattern in GATED
                   if not gate.may_match(pattern, folded) and pattern.search(text) is not None]
    assert not missed
