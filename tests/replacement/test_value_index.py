from __future__ import annotations

import re

from redactor.replacement.value_index import KnownValueIndex


def naive(values: list[str], text: str) -> list[tuple[int, int]]:
    """Reference: longest-first alternation with word boundaries (what the index must equal)."""
    parts = []
    for value in sorted(values, key=len, reverse=True):
        escaped = re.escape(value)
        if value[0].isalnum():
            escaped = r"(?<![A-Za-z0-9])" + escaped
        if value[-1].isalnum():
            escaped += r"(?![A-Za-z0-9])"
        parts.append(escaped)
    return [m.span() for m in re.finditer("|".join(parts), text)]


def test_matches_reference_on_mixed_values() -> None:
    values = ["Jane", "Jane Doe", "jane@corp.io", "+1 (415) 555-0132", "S3cr3t!", "Ann"]
    text = ("Jane Doe wrote to jane@corp.io; Jane called +1 (415) 555-0132. Annual report by Ann. "
            "pw S3cr3t!x and Jane Doex")
    assert list(KnownValueIndex(values).finditer(text)) == naive(values, text)


def test_shorter_value_found_when_longer_fails_boundary() -> None:
    index = KnownValueIndex(["Jane", "Jane Doe"])
    text = "Jane Doex"
    assert list(index.finditer(text)) == [(0, 4)]


def test_a_value_inside_a_longer_one_glued_to_a_word_is_still_found() -> None:
    """Red team 9: a label printer's `^FDBristol BS6 5JR^FS` kept the known postcode: the longer known
    `Bristol BS6 5JR` matched first and failed its boundary, and the automaton had moved past it."""
    values = ["Bristol BS6 5JR", "BS6 5JR", "Bristol", "Ann"]
    text = "^FDBristol BS6 5JR^FS and Bristol BS6 5JR, Annual Ann"
    assert list(KnownValueIndex(values).finditer(text)) == naive(values, text)
    assert [text[s:e] for s, e in KnownValueIndex(values).finditer(text)] == ["BS6 5JR", "Bristol BS6 5JR", "Ann"]


def test_long_values_outside_the_trie() -> None:
    pem = "-----BEGIN PRIVATE KEY-----\n" + "A" * 1500 + "\n-----END PRIVATE KEY-----"
    index = KnownValueIndex([pem, "bob@x.io"])
    text = f"key={pem} owner bob@x.io"
    spans = list(index.finditer(text))
    assert [text[s:e] for s, e in spans] == [pem, "bob@x.io"]


def test_many_values_scale() -> None:
    values = [f"user{i}@example{i % 7}.com" for i in range(5000)]
    index = KnownValueIndex(values)
    text = " ".join(values[::50])
    assert len(list(index.finditer(text))) == 100


def test_lone_surrogates_in_text_and_values() -> None:
    # Legal in JSON ("\ud800"); the automaton works on UTF-8, so they need their own path.
    odd_value = "pw\ud800secret"
    index = KnownValueIndex(["bob@x.io", odd_value])
    text = f"\udfff bob@x.io and {odd_value}"
    assert [text[s:e] for s, e in index.finditer(text)] == ["bob@x.io", odd_value]
