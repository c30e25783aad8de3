"""The PII prefilters are written for speed (`pii._PREFILTERS`, `pii._STREET_WORD`): each must find a match
in exactly the texts its readable form does. The readable forms are the specification, here."""

from __future__ import annotations

import re

import pytest

from redactor.detection import pii
from redactor.detection.base import AT_SIGN_FORMS
from tests.detection.regex_forms import agree_on_generated, corpus_texts, random_texts

READABLE: dict[str, re.Pattern[str]] = {
    "EMAIL_ADDRESS": re.compile(rf"[\w.+-](?:{AT_SIGN_FORMS})[\w-]+\."),
    "PHONE_NUMBER": re.compile(r"(?:\d[\s().-]{0,3}){7}"),
    "CREDIT_CARD": re.compile(r"(?:\d[ .\t-]?){12}"),
    "IBAN_CODE": re.compile(r"\b[A-Z]{2}\d{2}[ ]?[A-Z0-9]{4}"),
    "US_SSN": re.compile(r"\b\d{3}[- .]?\d{2}[- .]?\d{4}\b"),
    "IP_ADDRESS": re.compile(r"\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}|[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]"),
    "CRYPTO": pii.BITCOIN_ADDRESS,
    "ID_NUMBER": re.compile(
        r"(?<![\d.-])89\d{16,20}(?![\d.])|(?<![\d.-])89\d{30}(?!\d|\.\d)|(?<![\d.-])871\d{15}(?!\d|\.\d)"
        r"|(?<![\d-])(?:\d\d)?\d{6}[-+]\d{4}(?![\d-])|(?<!\d)\d{11}(?!\d)|(?<![\w-])\d{6}[-+A-FU-Y]\d{3}[0-9A-Y](?![\w-])"
        r"|(?<![\w-])[A-Z][A-Z9]\d{7}(?![\w-])"
        r"|(?<![\d.])756\.?\d{4}\.?\d{4}\.?\d{2}(?!\d|\.\d)"
        r"|(?<![\w-])[A-Z]{2}(?: ?\d{2}){3} ?[A-D](?![\w-])"
        r"|(?<![\w-])[A-Z]{6}[0-9LMNP-V]{2}[ABCDEHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z](?![\w-])"
        r"|(?<![\w-])[A-Z]{3}\d{10}(?![\w-])|(?<![\w-])[A-Z][A-Z9]{4}\d{6}[A-Z9]{2}\d[A-Z0-9]{2}(?![\w-])"),
    "STREET_ADDRESS": re.compile(
        r"\b\d{1,6}[A-Za-z]?\s+[A-Z]|[a-zßà-ÿ]\.?,?\s+\d{1,4}[A-Za-z]?\b|\b\d{1,4},?\s+[a-zé]|\b\d{1,6},?\s+\d{1,3}(?:st|nd|rd|th)\b"
        r"|\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b|\b[A-Z]\d[\dW] ?[\dA-Z]{4}\b"),
}
READABLE_STREET_WORD = re.compile(
    rf"\bbox\s+\d|\b(?:{pii._STREET_SUFFIXES})\b|(?:{pii._EU_STREET_SUFFIXES})\s+\d|\s(?:{pii._EU_STREET_WORDS})\s"
    r"|\bul\.|(?:st|nd|rd|th)\s+(?:cross|main)\b"
    rf"|(?<![\w/])(?:{pii._SOUTHERN_STREET_WORDS}|via)\s".casefold()
    + rf"|(?<![\w/])(?:{pii._REGIONAL_STREET_WORDS})\s".casefold() + r"|-(?:ro|gil|daero|ku|shi|cho|machi|gun)\b"
    + r"|(?<![\w-])(?:[a-z]{1,2}\d[a-z\d]? \d[a-z]{2}|[a-z]\d[\dw] ?[\da-z]{4})(?![\w-])"
    + r"|\d[a-z]?,[ \t]*\d{3} ?\d{2}[ \t]+[^\W\d_]"
    + r"|(?<![\w-])(?:[a-z]{2}[ \t]\d{5}|(?:nsw|vic|qld|wa|sa|tas|act|nt)[ \t]+\d{4}"
    + r"|[a-z]\d[a-z][ \t]?\d[a-z]\d)(?![\w-])")

CASES: list[tuple[str, re.Pattern[str], tuple[re.Pattern[str], ...]]] = [
    *((entity, readable, pii._PREFILTERS[entity]) for entity, readable in READABLE.items()),
    ("STREET_WORD", READABLE_STREET_WORD, pii._STREET_WORD),
]
IDS = [name for name, _, _ in CASES]


def _fast(patterns: tuple[re.Pattern[str], ...], text: str) -> bool:
    return any(pattern.search(text) for pattern in patterns)


def test_every_entity_has_its_readable_form() -> None:
    assert set(READABLE) == set(pii._PREFILTERS)


@pytest.mark.parametrize(("name", "readable", "fast"), CASES, ids=IDS)
def test_on_the_shipped_traces(name: str, readable: re.Pattern[str], fast: tuple[re.Pattern[str], ...]) -> None:
    assert len(corpus_texts()) > 1000
    differ = [text for text in corpus_texts() if (readable.search(text) is not None) != _fast(fast, text)]
    assert not differ, (name, differ[:3])


@pytest.mark.parametrize(("name", "readable", "fast"), CASES, ids=IDS)
def test_on_random_texts(name: str, readable: re.Pattern[str], fast: tuple[re.Pattern[str], ...]) -> None:
    for text in random_texts(name):
        assert (readable.search(text) is not None) == _fast(fast, text), (name, text)


@pytest.mark.parametrize(("name", "readable", "fast"), CASES, ids=IDS)
def test_on_texts_generated_from_either_form(name: str, readable: re.Pattern[str],
                                             fast: tuple[re.Pattern[str], ...]) -> None:
    """Matches of the readable form are matches of the fast one, and each fast regex's matches are the
    readable form's."""

    def agree(text: str) -> None:
        assert (readable.search(text) is not None) == _fast(fast, text), (name, text)

    agree_on_generated([readable, *fast], agree)
