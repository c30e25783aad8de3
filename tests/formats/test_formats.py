from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from redactor.errors import InputError
from redactor.formats.registry import discover_traces, load_trace

ROOT = Path(__file__).resolve().parents[2]
CHRONICLE03 = ROOT / "tests" / "data" / "chronicle-0.3"


def test_chronicle_trace_directory_is_one_trace() -> None:
    trace = load_trace(CHRONICLE03 / "traces" / "invoice-currency")
    assert trace.is_directory
    assert trace.format_name == "chronicle-0"
    assert [f.relpath for f in trace.files] == [
        "001-agent-1.json", "002-create_invoice-1.json", "003-agent-2.json", "graph.json"
    ]


def test_round_trip_without_changes_is_byte_identical(tmp_path: Path) -> None:
    source = CHRONICLE03 / "traces" / "invoice-currency"
    trace = load_trace(source)
    for trace_file in trace.files:
        assert trace_file.to_bytes() == (source / trace_file.relpath).read_bytes()


def test_jsonl_round_trip_keeps_compact_style_and_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    raw = '{"a":1,"b":"x"}\n\n{"a":2,"b":"é"}\n'
    path.write_text(raw, encoding="utf-8")
    trace = load_trace(path)
    assert trace.files[0].layout == "jsonl"
    assert trace.files[0].to_bytes() == raw.encode("utf-8")


def test_compact_style_is_read_outside_string_literals(tmp_path: Path) -> None:
    """An escaped document inside a string (`"[{\\"role\\": ...}]"`) is written with ": " whatever
    the line around it uses; a red team's compact OTLP JSONL came back with spaces after redaction."""
    path = tmp_path / "s.jsonl"
    raw = '{"a":{"stringValue":"[{\\"role\\": \\"user\\"}]"},"b":"x"}\n'
    path.write_text(raw, encoding="utf-8")
    trace_file = load_trace(path).files[0]
    trace_file.records[0]["b"] = "y"
    trace_file.modified = True
    assert trace_file.to_bytes() == raw.replace('"x"', '"y"').encode("utf-8")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "empty file"),
        (b"   \n", "empty file"),
        (b"\x00\x01\x02binary", "binary file"),
        (b'{"a": "\xff\xfe"}', "invalid UTF-8"),
        (b'{"a": ', "not valid JSON"),
        (b'{"a": 1}\n{"b": \n', "line 2"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b"42", "must be a JSON object or array"),
        # Numbers that would not come back as the same JSON: `1e400` was written back as `Infinity`.
        (b'{"a": 1e400}', "cannot be written back unchanged"),
        (b'{"a": NaN}', "cannot be written back unchanged"),
        (b'{"a": -Infinity}', "cannot be written back unchanged"),
        (b'{"a": ' + b"7" * 5000 + b"}", "cannot be written back unchanged"),  # was "internal error"
    ],
)
def test_bad_input_is_a_clear_error_naming_the_file(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / ("bad.jsonl" if b"\n{" in content else "bad.json")
    path.write_bytes(content)
    with pytest.raises(InputError) as excinfo:
        load_trace(path)
    assert reason in str(excinfo.value)
    assert str(path) in str(excinfo.value)


def test_discovery_skips_seals_and_temp_files(tmp_path: Path) -> None:
    shutil.copytree(CHRONICLE03, tmp_path / "store")
    (tmp_path / "store" / "x.jsonl").write_text('{"a": 1}\n', encoding="utf-8")
    (tmp_path / "store" / "x.jsonl.seal.json").write_text("{}", encoding="utf-8")
    (tmp_path / "store" / ".x.jsonl.redactor-tmp-abc").write_text("{}", encoding="utf-8")
    found = sorted(str(p.relative_to(tmp_path)) for p, _ in discover_traces([tmp_path / "store"]))
    assert found == [
        "store/incident-2026-06-17-001.json",
        "store/traces/deletion-incident-001",
        "store/traces/invoice-currency",
        "store/x.jsonl",
    ]


def test_format_detection(tmp_path: Path) -> None:
    otlp = tmp_path / "o.json"
    otlp.write_text(json.dumps({"resourceSpans": []}), encoding="utf-8")
    events = tmp_path / "e.jsonl"
    events.write_text('{"type": "run.started"}\n{"type": "run.completed"}\n', encoding="utf-8")
    assert load_trace(otlp).format_name == "otlp-json"
    assert load_trace(events).format_name == "json"
    assert load_trace(CHRONICLE03 / "incident-2026-06-17-001.json").format_name == "chronicle-0"


def test_discovery_ends_in_a_directory_link_loop(tmp_path: Path) -> None:
    """`store/self -> .` was followed 40 levels deep, writing 41 copies."""
    store = tmp_path / "store"
    store.mkdir()
    (store / "a.json").write_text('{"a": 1}', encoding="utf-8")
    (store / "self").symlink_to(".", target_is_directory=True)
    assert [p.name for p, _ in discover_traces([store])] == ["a.json"]


def test_numbers_in_range_still_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "n.json"
    raw = '{"a": 1e300, "b": 1.5E+2, "c": 12345678901234567890, "d": -0.0}'
    path.write_text(raw, encoding="utf-8")
    assert json.loads(load_trace(path).files[0].to_bytes()) == json.loads(raw)


@pytest.mark.parametrize("raw", [
    '{\n\t"a": "x",\n\t"b": [\n\t\t1\n\t]\n}\n',  # tab-indented: was written back on one line
    '{"doc": "https:\\/\\/docs.python.org\\/3\\/", "n": 1}\n',  # PHP/Java escape every "/"
    '{"q": "a \\u003c= 2 \\u0026\\u0026 b \\u003e 1"}\n',  # Go escapes <, >, & in every string
    '{"mixed": "a/b", "other": "c\\/d"}\n',  # both forms: the writer's default, "/", is kept
])
def test_writer_escapes_and_tab_indents_round_trip(tmp_path: Path, raw: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(raw, encoding="utf-8")
    written = load_trace(path).files[0].to_bytes().decode("utf-8")
    assert written == raw  # (both escapes of "/" in one file: each string keeps its own)


EMAIL = "dana.kowalczyk@northwind-mail.io"


def _redact_bytes(tmp_path: Path, name: str, raw: bytes, streamed: bool = False) -> bytes:
    from tests.conftest import run_cli

    source = tmp_path / "in" / name
    source.parent.mkdir(exist_ok=True)
    source.write_bytes(raw)
    out = tmp_path / ("streamed" if streamed else "out")
    result = run_cli("redact", str(source), "-o", str(out), "-q", "--no-ner",
                     env={"REDACTOR_STREAM_THRESHOLD": "1"} if streamed else None)
    assert result.returncode == 0, result.stderr
    return (out / name).read_bytes()


@pytest.mark.parametrize(("name", "raw"), [
    ("pretty.json", f'{{\r\n  "type": "tool.succeeded",\r\n  "text": "mail {EMAIL}"\r\n}}\r\n'),
    ("store.jsonl", f'{{"type":"a","n":1}}\r\n{{"type":"b","t":"mail {EMAIL}"}}\r\n'),
    ("embedded.json", json.dumps({
        "type": "tool.called", "arguments": f'{{\r\n  "email": "{EMAIL}",\r\n  "q": [\r\n    1\r\n  ]\r\n}}'}) + "\n"),
])
def test_windows_line_ends_are_kept_where_a_value_changed(tmp_path: Path, name: str, raw: str) -> None:
    """Red team 22: a CRLF file (Windows, `core.autocrlf`) was written back with LF line ends, a
    pretty-printed one on a single line: every line of the fixture changed in git."""
    written = _redact_bytes(tmp_path, name, raw.encode("utf-8")).decode("utf-8")
    token = json.loads(written.splitlines()[-1] if name.endswith(".jsonl") else written)
    assert EMAIL not in written and "<EMAIL_ADDRESS:" in written, token
    start = written.index("<EMAIL_ADDRESS:")
    assert written == raw.replace(EMAIL, written[start:written.index(">", start) + 1])
    if name.endswith(".jsonl"):  # the streamed path (large stores) writes the same bytes
        assert _redact_bytes(tmp_path, name, raw.encode("utf-8"), streamed=True).decode("utf-8") == written


@pytest.mark.parametrize("raw", [
    f'{{"type":"x","s":"caf\u00e9 \\ud83d end","t":"{EMAIL}"}}\n',  # half an emoji, cut by a truncation
    f'{{"type":"x","text":"Zo\u00eb pasted: one\\u2028two","who":"{EMAIL}"}}\n',  # Go escapes U+2028
])
def test_escapes_that_must_stay_escaped_do(tmp_path: Path, raw: str) -> None:
    """Red team 22: a lone surrogate was written raw (no UTF-8: the tool refused its own output) and
    an escaped line separator raw (a line reader split the record in two)."""
    written = _redact_bytes(tmp_path, "t.jsonl", raw.encode("utf-8"))
    text = written.decode("utf-8")  # (strict: valid UTF-8)
    start = text.index("<EMAIL_ADDRESS:")
    assert text == raw.replace(EMAIL, text[start:text.index(">", start) + 1])
    assert len(text.splitlines()) == 1


@pytest.mark.parametrize(("name", "raw"), [
    # Jackson's default pretty printer (Spring AI, LangChain4j): `"key" : value`, `[ 1, 2 ]`, `{ }`.
    ("jackson.json", f'{{\n  "type" : "tool.succeeded",\n  "ids" : [ 1, 2.50 ],\n  "meta" : {{ }},\n'
                     f'  "t" : "{EMAIL}"\n}}'),
    # JSONL from several writers, escapes as each wrote them, leading blanks and upper-case hex escapes.
    ("mixed.jsonl", '{"type":"a","s":"caf\\u00E9 \\/ \\ud83d\\ude00"}\n'
                    f' {{"type": "b", "t": "mail {EMAIL}", "n": 1E+05}}\n{{"type" : "c", "v" : [ ]}}\n'),
    # A JSON document inside a string, in its writer's layout.
    ("embedded.json", json.dumps({"type": "tool.called",
                                  "arguments": f'{{ "to" : "{EMAIL}", "cc" : [ ] }}'}) + "\n"),
])
def test_only_the_changed_strings_are_written_anew(tmp_path: Path, name: str, raw: str) -> None:
    """Red team 22: once anything in a file changed, the whole file was written in Python's layout and
    escapes (every line of a Jackson-written fixture changed in git)."""
    written = _redact_bytes(tmp_path, name, raw.encode("utf-8")).decode("utf-8")
    start = written.index("<EMAIL_ADDRESS:")
    assert written == raw.replace(EMAIL, written[start:written.index(">", start) + 1])


def test_a_raw_line_separator_inside_a_string_keeps_each_record_on_its_line(tmp_path: Path) -> None:
    """Review: the JSONL lines were cut with `splitlines`, which also cuts at a raw U+2028 inside a string
    (valid JSON): records of one shape were then paired with each other's lines."""
    records = [{"type": "msg", "t": f"first\u2028line {EMAIL}"}, {"type": "msg", "t": "second\u2028line ok"},
               {"type": "msg", "t": "third line ok"}]
    # (a writer's own layout, so that a file written anew would show)
    raw = "".join(json.dumps(r, ensure_ascii=False, separators=(" , ", " : ")) + "\n" for r in records)
    written = _redact_bytes(tmp_path, "sep.jsonl", raw.encode("utf-8")).decode("utf-8")
    start = written.index("<EMAIL_ADDRESS:")
    assert written == raw.replace(EMAIL, written[start:written.index(">", start) + 1])
