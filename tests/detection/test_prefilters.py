"""The PII prefilters are written for speed (`pii._PREFILTERS`, `pii._STREET_WORD`): each must find a match
in exactly the texts its readable form does. The readable forms are the specification, here."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

from redactor.detection import pii
from redactor.detection.base import AT_SIGN_FORMS

ROOT = Path(__file__).resolve().parents[2]

READABLE: dict[str, re.Pattern[str]] = {
    "EMAIL_ADDRESS": re.compile(rf"[\w.+-](?:{AT_SIGN_FORMS})[\w-]+\."),
    "PHONE_NUMBER": re.compile(r"(?:\d[\s().-]{0,3}){7}"),
    "CREDIT_CARD": re.compile(r"(?:\d[ .\t-]?){12}"),
    "IBAN_CODE": re.compile(r"\b[A-Z]{2}\d{2}[ ]?[A-Z0-9]{4}"),
    "US_SSN": re.compile(r"\b\d{3}[- .]?\d{2}[- .]?\d{4}\b"),
    "IP_ADDRESS": re.compile(r"\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]"),
    "CRYPTO": pii.BITCOIN_ADDRESS,
    "ID_NUMBER": re.compile(
        r"(?<![\d.-])89\d{16,20}(?![\d.])|(?<![\w-])[A-Z]{2}(?: ?\d{2}){3} ?[A-D](?![\w-])"
        r"|(?<![\w-])[A-Z]{6}[0-9LMNP-V]{2}[ABCDEHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z](?![\w-])"),
    "STREET_ADDRESS": re.compile(
        r"\b\d{1,6}[A-Za-z]?\s+[A-Z]|[a-zßà-ÿ]\.?,?\s+\d{1,4}\b|\b\d{1,4},?\s+[a-zé]|\b\d{1,6},?\s+\d{1,3}(?:st|nd|rd|th)\b"
        r"|\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b|\b[A-Z]\d[\dW] ?[\dA-Z]{4}\b"),
}
READABLE_STREET_WORD = re.compile(
    rf"\bbox\s+\d|\b(?:{pii._STREET_SUFFIXES})\b|(?:{pii._EU_STREET_SUFFIXES})\s+\d|\s(?:{pii._EU_STREET_WORDS})\s"
    r"|\bul\.|(?:st|nd|rd|th)\s+(?:cross|main)\b"
    rf"|(?<![\w/])(?:{pii._SOUTHERN_STREET_WORDS}|via)\s".casefold()
    + r"|(?<![\w-])(?:[a-z]{1,2}\d[a-z\d]? \d[a-z]{2}|[a-z]\d[\dw] ?[\da-z]{4})(?![\w-])")

CASES: list[tuple[str, re.Pattern[str], tuple[re.Pattern[str], ...]]] = [
    *((entity, readable, pii._PREFILTERS[entity]) for entity, readable in READABLE.items()),
    ("STREET_WORD", READABLE_STREET_WORD, pii._STREET_WORD),
]
IDS = [name for name, _, _ in CASES]


def _fast(patterns: tuple[re.Pattern[str], ...], text: str) -> bool:
    return any(pattern.search(text) for pattern in patterns)


def test_every_entity_has_its_readable_form() -> None:
    assert set(READABLE) == set(pii._PREFILTERS)


def _corpus_texts() -> list[str]:
    texts: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            texts.update((value, value.casefold()))
        elif isinstance(value, dict):
            for key, child in value.items():
                walk(str(key))
                walk(child)
        elif isinstance(value, list):
            for child in value:
                walk(child)

    for path in [*(ROOT / "examples").rglob("*.json*"), *(ROOT / "tests" / "data").rglob("*.json*")]:
        raw = path.read_text(encoding="utf-8", errors="replace")
        for line in raw.splitlines() if path.suffix == ".jsonl" else [raw]:
            try:
                walk(json.loads(line))
            except json.JSONDecodeError:
                walk(line)
    return sorted(texts)


CORPUS = _corpus_texts()


@pytest.mark.parametrize(("name", "readable", "fast"), CASES, ids=IDS)
def test_on_the_shipped_traces(name: str, readable: re.Pattern[str], fast: tuple[re.Pattern[str], ...]) -> None:
    assert len(CORPUS) > 1000
    differ = [text for text in CORPUS if (readable.search(text) is not None) != _fast(fast, text)]
    assert not differ, (name, differ[:3])


# Characters the regexes care about: word and non-word characters, spaces, digits, capitals, the accented
# letters of the street forms, the punctuation around house numbers and ids, the `@` forms.
_ALPHABET = "aAbBcCdDzZéßü  \t\n.,-/:@#;%&4x01289LMNPWstrdhnoxviaelu"


@pytest.mark.parametrize(("name", "readable", "fast"), CASES, ids=IDS)
def test_on_random_texts(name: str, readable: re.Pattern[str], fast: tuple[re.Pattern[str], ...]) -> None:
    chance = random.Random(name)
    for _ in range(20_000):
        text = "".join(chance.choice(_ALPHABET) for _ in range(chance.randint(1, 14)))
        assert (readable.search(text) is not None) == _fast(fast, text), (name, text)


@pytest.mark.parametrize(("name", "readable", "fast"), CASES, ids=IDS)
def test_on_texts_generated_from_either_form(name: str, readable: re.Pattern[str],
                                             fast: tuple[re.Pattern[str], ...]) -> None:
    """Matches of the readable form are matches of the fast one, and each fast regex's matches are the
    readable form's (hypothesis writes strings that match a regex, with random text around them)."""

    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(data=st.data())
    def agree(data: Any) -> None:
        source = data.draw(st.sampled_from([readable, *fast]))
        text = data.draw(st.from_regex(source))
        assert (readable.search(text) is not None) == _fast(fast, text), (name, text)

    try:
        agree()
    except Unsatisfiable:  # pragma: no cover - the generator could not write a match
        pytest.skip("hypothesis cannot generate a match for these regexes")
