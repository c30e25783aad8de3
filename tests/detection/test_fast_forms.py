"""The decoy and secret regexes written for speed (each lookbehind or word boundary after the first character or
literal: see `redactor.detection.scanning`) find the same matches at the same places as their readable forms,
which are the specification here."""

from __future__ import annotations

import re

import pytest

from redactor.detection import decoys, secret_rules
from tests.detection.regex_forms import agree_on_generated, corpus_texts, random_texts

READABLE: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "_VERSION": (re.compile(r"(?<![\w.])(?:v\d+(?:\.\d+){1,3}|(?!(?:\d\.?){10})\d+\.\d+(?:\.\d+)?)"
                            r"(?:[-+][0-9A-Za-z.]+)?\b(?![.]\d)|(?<=Version=)\d+(?:\.\d+){1,3}\b"), decoys._VERSION),
    "_TICKET_ID": (re.compile(r"\b[A-Z][A-Z0-9]{1,9}(?:-[A-Z]{1,3})*-\d[\d-]*\d\b"), decoys._TICKET_ID),
    "_DATED_BUILD": (re.compile(r"(?<![\w.])(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:\.\d+)+(?![\w.])"),
                     decoys._DATED_BUILD),
    "_OID": (re.compile(r"(?<![\w.])[012](?:\.(?:0|[1-9]\d*)){4,}(?![\w]|\.\d)|(?<![\w.])2\.5\.(?:4|29)\.\d{1,3}"
                        r"(?![\w]|\.\d)|\b(?:iso|enterprises|mib-2|internet|private)(?:\.\d+){2,}(?![\w]|\.\d)"
                        r"|(?<=oid:)[012](?:\.(?:0|[1-9]\d*))+(?![\w]|\.\d)"),
             decoys._OID),
    "_SPACED_UPC": (re.compile(r"(?<!\d)(?<!\d )\d[ ]\d{5}[ ]\d{5}[ ]\d(?![\d])"), decoys._SPACED_UPC),
    "_LONG_DOTTED_NUMBER": (re.compile(r"(?<![\w.])(?!\d\d(?:\.\d\d){4}(?![\w.]))\d+(?:\.\d+){4,}(?![\w]|\.\d)"),
                            decoys._LONG_DOTTED_NUMBER),
    "_ISBN_10": (re.compile(r"(?<![\w-])(?=[\d-]{12}[\dX](?![\w-]))\d{1,5}-\d{1,7}-\d{1,7}-[\dX]"), decoys._ISBN_10),
    "_ISBN_13": (re.compile(r"(?<![\w-])97[89]-(?=[\d-]{13}(?![\w-]))\d{1,5}-\d{1,7}-\d{1,7}-\d"), decoys._ISBN_13),
    "_AMAZON_ORDER": (re.compile(r"(?<![\w-])\d{3}-\d{7}-\d{7}(?![\w-])"), decoys._AMAZON_ORDER),
    "MAC address": (re.compile(r"(?<![\w:.-])[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}"
                               r"(?:\1[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2})?(?![\w:])"), decoys._CODES[4][2]),
}
READABLE["twilio_credential_pair"] = (
    re.compile(r"(?<![0-9A-Za-z])(?:AC[0-9a-f]{32}:(?P<secret>[0-9a-zA-Z]{32})"
               r"|(?P<key_pair>SK[0-9a-f]{32}:[0-9a-zA-Z]{32}))(?![0-9A-Za-z])"),
    secret_rules.RULES["twilio_credential_pair"].pattern)
# Every delimited vendor format: the left delimiter first, as `_token` wrote them before.
_TOKENS = {rule.name: rule.pattern for rule in secret_rules.RULES.values()
           if isinstance(rule.pattern, re.Pattern) and rule.pattern in secret_rules._TOKEN_BODIES}
for _name, _pattern in _TOKENS.items():
    READABLE[_name] = (re.compile(secret_rules._LB + "(?P<secret>" + secret_rules._TOKEN_BODIES[_pattern] + ")"
                                  + secret_rules._RB), _pattern)
CASES = [(name, readable, fast) for name, (readable, fast) in READABLE.items()]
IDS = list(READABLE)


def _matches(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], ...]]:
    return [match.regs for match in pattern.finditer(text)]  # (every group's span too)


@pytest.mark.parametrize(("name", "readable", "fast"), CASES, ids=IDS)
def test_on_the_shipped_traces(name: str, readable: re.Pattern[str], fast: re.Pattern[str]) -> None:
    differ = [text for text in corpus_texts() if _matches(readable, text) != _matches(fast, text)]
    assert not differ, (name, differ[:3])


@pytest.mark.parametrize(("name", "readable", "fast"), CASES, ids=IDS)
def test_on_random_texts(name: str, readable: re.Pattern[str], fast: re.Pattern[str]) -> None:
    for text in random_texts(name, longest=24):
        assert _matches(readable, text) == _matches(fast, text), (name, text)


@pytest.mark.parametrize(("name", "readable", "fast"), CASES, ids=IDS)
def test_on_texts_generated_from_either_form(name: str, readable: re.Pattern[str], fast: re.Pattern[str]) -> None:
    def agree(text: str) -> None:
        assert _matches(readable, text) == _matches(fast, text), (name, text)

    agree_on_generated([readable, fast], agree)


EXAMPLES = {
    "_VERSION": "agent 3.2.2, v1.4 and 10.0.19045 (Version=4.0.0.0), not 415.555.0132 or x1.2",
    "_TICKET_ID": "ORD-2026-004417, JIRA-1234, BOE-A-2019-5089, aORD-1-2",
    "_DATED_BUILD": "build 20240609.1.0 and 2024.06.09, not 120240609.1",
    "_OID": "urn:oid:1.2.36.146.595.217.0.1, 2.5.29.17, iso.3.6.1.2.1.1.5.0 and 01.84.17.61.18",
    "_SPACED_UPC": "UPC 0 12345 67890 5 and 1 7 25272 73070 6",
    "_LONG_DOTTED_NUMBER": "Release 19.22.0.0.0, 23.4.0.24.05 but not 01.84.17.61.18",
    "_ISBN_10": "ISBN 0-306-40615-2 and 1-56619-909-3, not a-0-306-40615-2",
    "_ISBN_13": "978-0-306-40615-7, 979-10-90636-07-1 and x978-0-306-40615-7",
    "_AMAZON_ORDER": "order 112-4567890-1234567, not 1112-4567890-1234567",
    "MAC address": "mac 00:17:88:01:0b:2c and 00-17-88-01-0B-2C-4D-5E, not :00:17:88:01:0b:2c",
    "twilio_credential_pair": f"AC{'a1' * 16}:{'Zz9' * 10}Zz and SK{'0f' * 16}:{'x' * 32}, "
                              f"not xAC{'a1' * 16}:{'b' * 32}",
}


def test_most_vendor_formats_start_with_their_literal() -> None:
    assert len(_TOKENS) > 80
    assert sum(not fast.pattern.startswith(secret_rules._LB) for _, fast in READABLE.values()) > 70


@pytest.mark.parametrize(("name", "readable", "fast"), CASES[:len(EXAMPLES)], ids=IDS[:len(EXAMPLES)])
def test_on_examples_of_each(name: str, readable: re.Pattern[str], fast: re.Pattern[str]) -> None:
    text = EXAMPLES[name]
    assert _matches(readable, text)  # the example exercises the regex
    assert _matches(readable, text) == _matches(fast, text)
