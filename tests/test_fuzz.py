"""Property-based fuzzing of the engine (issue 6, section 4).

On arbitrary JSON, deep nesting, huge strings, odd Unicode (RTL, zero-width, combining marks,
lone surrogates from JSON escapes) and invalid UTF-8 on disk:
- nothing crashes except with a clear FatalError (InputError for bad input);
- redaction is idempotent: redacting the output again changes nothing;
- the output always serialises and parses back to itself;
- the shape is preserved: same types, same list lengths, same keys (a key may only change by
  having a sensitive value inside it replaced with a token);
- no planted value survives, whatever surrounds it.

Most examples use one session-scoped Redactor with NER off (fast); a few use NER.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from redactor.engine import Redactor
from redactor.errors import FatalError, InputError
from redactor.formats.registry import load_trace
from redactor.policy import load_policy
from redactor.replacement.tokens import ANY_MARKER_RE
from redactor.structure import may_name_personal_number
from tests.conftest import make_redactor, run_cli

DEFAULT_POLICY = load_policy("default")
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                      HealthCheck.too_slow])

# Planted values every detector path must catch without NER, built from documented fake formats.
PLANTED = {
    "EMAIL_ADDRESS": "maria.garcia42@fastmail.com",
    "CREDIT_CARD": "4111 1111 1111 1111",
    "IBAN_CODE": "GB82WEST12345698765432",
    "IP_ADDRESS": "198.51.100.77",
    "US_SSN": "536-22-4187",
    "API_KEY": "AKIAZ7FAKE3Q5T2W4X6Y",
    "ACCESS_TOKEN": "ghp_FAKEq8Vb2xL0mN4pR7tY1uZ3wE5sD9gH6jK2",
    "JWT": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJmYWtlLXVzZXItMSIsImlhdCI6MTcwMDAwMDAwMH0."
           "FAKEsig0q8Vb2xL0mN4pR7tY1uZ3wE5sD9gH6jK2aa",
}
ODD = ["\u202e", "\u202b", "\u200f", "\u200b", "\u200d", "\ufeff", "\u0301", "\u0308", "\u05d0", "\u0627",
       "\ud800", "\udfff", "\x00", "\n", "\t", "\u2028", "\U0001f600"]
odd_text = st.text(alphabet=st.one_of(st.characters(), st.sampled_from(ODD)), max_size=40)
keys = st.text(alphabet=st.one_of(st.characters(codec="utf-8"), st.sampled_from(ODD)), max_size=12)
scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | odd_text
json_values = st.recursive(scalars, lambda children: st.lists(children, max_size=5)
                           | st.dictionaries(keys, children, max_size=5), max_leaves=25)
separators = st.sampled_from([" ", "\n", ", ", ": ", " (", ") ", "\t", " \u200f", "\u00a0", " \u202e "])


@pytest.fixture(scope="session")
def fast_redactor() -> Redactor:
    return make_redactor(ner=False)


@pytest.fixture(scope="session")
def ner_redactor() -> Redactor:
    return make_redactor(ner=True)


def redact_or_clear_error(redactor: Redactor, value: Any) -> Any | None:
    """The output, or None when the engine refused the input with a clear FatalError."""
    try:
        return redactor.redact(value)
    except FatalError as exc:
        assert str(exc), "a FatalError must say what is wrong"
        return None


def assert_same_shape(before: Any, after: Any, path: str = "$", key: str | None = None) -> None:
    if type(before) in (int, float) and isinstance(after, str) and key is not None \
            and may_name_personal_number(DEFAULT_POLICY, key):
        # The one documented change of type: a number that is personal data (`"card_number": 4111...`,
        # `"ADDRESS": 100`, `"home_lat": 51.5`) becomes its token, a string (test_engine's
        # test_numbers_that_are_personal_data...).
        assert ANY_MARKER_RE.fullmatch(after), f"{path}: a personal number became {after!r}, not its token"
        return
    assert type(before) is type(after), f"{path}: {type(before).__name__} became {type(after).__name__}"
    if isinstance(before, list):
        assert len(before) == len(after), f"{path}: list length changed"
        for index, (a, b) in enumerate(zip(before, after, strict=True)):
            assert_same_shape(a, b, f"{path}[{index}]")
    elif isinstance(before, dict):
        assert len(before) == len(after), f"{path}: keys lost or merged"
        for (key_a, a), (key_b, b) in zip(before.items(), after.items(), strict=True):
            assert key_a == key_b or ANY_MARKER_RE.search(key_b), f"{path}: key {key_a!r} changed without a token"
            assert_same_shape(a, b, f"{path}.{key_a}", key_a)
    elif not isinstance(before, str):
        assert before == after, f"{path}: a {type(before).__name__} value changed"


def serialised_forms(value: Any) -> str:
    return json.dumps(value) + "\n" + json.dumps(value, ensure_ascii=False)


def assert_no_planted(output: Any, planted: str) -> None:
    text = serialised_forms(output)
    for form in {planted, json.dumps(planted)[1:-1], json.dumps(planted, ensure_ascii=False)[1:-1]}:
        assert form not in text, "a planted value survived redaction"


# ----- arbitrary JSON -----------------------------------------------------------------------


@FUZZ
@given(json_values)
@example({"ADDRESS": 100, "n": 100})  # found by the fuzzer in session 18: a personal number's documented token
def test_arbitrary_json_is_shape_preserving_idempotent_and_parses(fast_redactor: Redactor, value: Any) -> None:
    once = redact_or_clear_error(fast_redactor, value)
    if once is None:
        return
    assert_same_shape(value, once)
    encoded = json.dumps(once)
    assert json.loads(encoded) == once
    assert fast_redactor.redact(once) == once


@FUZZ
@given(json_values, st.sampled_from(sorted(PLANTED)), odd_text, odd_text, separators, separators,
       st.integers(min_value=0, max_value=3))
def test_planted_value_never_survives(fast_redactor: Redactor, value: Any, entity: str, before: str, after: str,
                                      left: str, right: str, where: int) -> None:
    planted = PLANTED[entity]
    carrier = f"{before}{left}{planted}{right}{after}"
    document: Any = [
        {"content": carrier, "other": value},
        {"call": {"arguments": json.dumps({"q": carrier})}},
        {"messages": [{"role": "user", "content": carrier}], "x": value},
        {carrier: value},
    ][where]
    output = redact_or_clear_error(fast_redactor, document)
    if output is None:
        return
    assert_no_planted(output, planted)
    assert fast_redactor.redact(output) == output


@FUZZ
@given(st.sampled_from(["password", "api_key", "Authorization", "client_secret", "token"]), odd_text)
def test_secret_named_keys_lose_their_values(fast_redactor: Redactor, key: str, secret: str) -> None:
    output = redact_or_clear_error(fast_redactor, {"config": {key: secret}})
    if output is None:
        return
    redacted = output["config"][key]
    assert isinstance(redacted, str)
    if secret and ANY_MARKER_RE.fullmatch(secret) is None:
        # The whole value becomes one token (checking `secret not in redacted` would be fooled by a
        # short secret such as "AS" that is part of the token's own text, "<PASSWORD:…>").
        assert ANY_MARKER_RE.fullmatch(redacted) is not None


# Found by fuzzing: a structural key ('tool') holding an object used to hide its whole subtree.
def test_structural_key_holding_an_object_is_still_redacted(fast_redactor: Redactor) -> None:
    planted = PLANTED["ACCESS_TOKEN"]
    output = fast_redactor.redact({"tool": {"arguments": json.dumps({"q": f" {planted} "})}})
    assert_no_planted(output, planted)


# ----- deep nesting and huge strings --------------------------------------------------------


@FEW
@given(st.integers(min_value=1, max_value=400), st.booleans())
def test_deep_nesting_redacts_or_fails_clearly(fast_redactor: Redactor, depth: int, use_dicts: bool) -> None:
    document: Any = f"reach me at {PLANTED['EMAIL_ADDRESS']}"
    for _ in range(depth):
        document = {"k": document} if use_dicts else [document]
    try:
        output = fast_redactor.redact(document)
    except InputError as exc:
        assert "deep" in str(exc)
        return
    assert_no_planted(output, PLANTED["EMAIL_ADDRESS"])
    assert fast_redactor.redact(output) == output


@FEW
@given(odd_text, st.integers(min_value=33 * 1024, max_value=200 * 1024), st.sampled_from(sorted(PLANTED)))
def test_huge_strings_become_placeholders_without_raw_bytes(fast_redactor: Redactor, filler: str, size: int,
                                                            entity: str) -> None:
    unit = filler or "x"
    big = (unit * (size // max(1, len(unit)) + 1))[:size] + " " + PLANTED[entity] + " tail"
    output = redact_or_clear_error(fast_redactor, {"payload": big, "n": 1})
    if output is None:
        return
    assert_no_planted(output, PLANTED[entity])
    assert output["n"] == 1
    assert fast_redactor.redact(output) == output


# ----- odd Unicode through JSON escapes, and invalid UTF-8 on disk ---------------------------


@FUZZ
@given(st.lists(st.sampled_from([*ODD, "a", " ", "\\ud83d", "\\ude00", "\\u0000"]), max_size=30),
       st.sampled_from(sorted(PLANTED)))
def test_lone_surrogates_and_escapes_in_json_text(tmp_path_factory: pytest.TempPathFactory, fast_redactor: Redactor,
                                                  pieces: list[str], entity: str) -> None:
    raw = "".join(json.dumps(p)[1:-1] if not p.startswith("\\") else p for p in pieces)
    line = '{"role": "user", "content": "' + raw + " " + PLANTED[entity] + '"}\n'
    path = tmp_path_factory.mktemp("esc") / "t.jsonl"
    path.write_text(line + line, encoding="utf-8")
    try:
        trace = load_trace(path)
        fast_redactor.redact_trace(trace)
    except FatalError as exc:
        assert str(path) in str(exc)
        return
    data = trace.files[0].to_bytes()
    for record_line in data.decode("utf-8", "surrogatepass").splitlines():
        json.loads(record_line)
    assert PLANTED[entity].encode() not in data


@FEW
@given(st.binary(min_size=1, max_size=200))
def test_invalid_bytes_on_disk_are_refused_clearly(tmp_path_factory: pytest.TempPathFactory, blob: bytes) -> None:
    path = tmp_path_factory.mktemp("bin") / "trace.jsonl"
    path.write_bytes(b'{"a": "' + blob + b'"}\n')
    try:
        trace = load_trace(path)
    except InputError as exc:
        assert str(path) in str(exc)
        return
    assert trace.files[0].records


def test_invalid_utf8_through_the_cli_exits_2_without_traceback_or_output(tmp_path: Path) -> None:
    source = tmp_path / "in" / "bad.jsonl"
    source.parent.mkdir()
    source.write_bytes(b'{"content": "caf\xe9 ' + PLANTED["EMAIL_ADDRESS"].encode() + b'"}\n')
    result = run_cli("redact", str(source), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    assert "UTF-8" in result.stderr + result.stdout
    assert PLANTED["EMAIL_ADDRESS"] not in result.stderr + result.stdout
    assert not any(p.is_file() for p in (tmp_path / "out").rglob("*")) if (tmp_path / "out").exists() else True


# ----- a few examples with NER --------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(st.sampled_from(["Jane Doe", "Carlos Alvarez", "Priya Raman"]), odd_text, separators)
def test_ner_output_is_idempotent_and_parses(ner_redactor: Redactor, name: str, noise: str, sep: str) -> None:
    document = {"messages": [{"role": "user", "content": f"Hello, my name is {name}.{sep}{noise} I live in Lisbon."}]}
    output = redact_or_clear_error(ner_redactor, document)
    if output is None:
        return
    assert_same_shape(document, output)
    assert json.loads(json.dumps(output)) == output
    assert ner_redactor.redact(output) == output
