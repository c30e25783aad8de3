"""The raw example traces in ``examples/raw`` and their manifest ``tests/data/planted.json``.

- the committed files are exactly what ``examples/make_raw_examples.py`` generates;
- every planted value really occurs in every file the manifest lists (after JSON decoding, also
  inside JSON documents carried in strings), and in no other file; the same for decoys;
- every agent-chronicle 1.x envelope validates with the real ``Envelope`` model;
- the other formats have the shape their consumers expect.

The decoding here is written independently of the generator on purpose.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from agentplane_primitives.models import Envelope

from redactor.detection.base import PII_ENTITY_TYPES, SECRET_ENTITY_TYPES

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "examples" / "make_raw_examples.py"
RAW = ROOT / "examples" / "raw"
MANIFEST = ROOT / "tests" / "data" / "planted.json"

ENTITY_TYPES = set(PII_ENTITY_TYPES + SECRET_ENTITY_TYPES)
CHRONICLE0_FIELDS = {
    "node_id",
    "boundary_kind",
    "invocation_index",
    "sequence",
    "envelope_id",
    "parent_envelope_id",
    "timestamp",
    "metadata",
    "input_state",
    "action_result",
}
CHRONICLE0_SECTIONS = {
    "metadata": {"model_version", "sampling_params", "build_id", "tool_schemas", "extra"},
    "input_state": {"messages", "system_prompt", "rag_chunks", "graph_state"},
    "action_result": {
        "tool_calls",
        "completion",
        "finish_reason",
        "token_usage",
        "raw_response",
        "error",
    },
}
GENAI_JSON_ATTRIBUTES = {
    "gen_ai.input.messages",
    "gen_ai.output.messages",
    "gen_ai.system_instructions",
    "gen_ai.tool.call.arguments",
    "gen_ai.tool.call.result",
}


class Decoded:
    """Strings, keys, JSON-in-string contents and ints of one file, after decoding."""

    def __init__(self) -> None:
        self.values: list[str] = []
        self.keys: list[str] = []
        self.nested: list[str] = []
        self.ints: list[int] = []

    def has(self, needle: str) -> bool:
        return any(needle in text for text in (*self.values, *self.keys))


def _documents(path: Path) -> list[Any]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return [json.loads(text)]


def _walk(value: Any, out: Decoded, nested: bool) -> None:
    if isinstance(value, str):
        out.values.append(value)
        if nested:
            out.nested.append(value)
        candidate = value.strip()
        if candidate.startswith(("{", "[")):
            try:
                inner = json.loads(candidate)
            except ValueError:
                return
            _walk(inner, out, True)
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        return
    elif isinstance(value, int):
        out.ints.append(value)
    elif isinstance(value, list):
        for item in value:
            _walk(item, out, nested)
    else:
        assert isinstance(value, dict)
        for key, item in value.items():
            out.keys.append(key)
            if nested:
                out.nested.append(key)
            _walk(item, out, nested)


def _decode(path: Path) -> Decoded:
    out = Decoded()
    for document in _documents(path):
        _walk(document, out, False)
    return out


def _raw_files() -> list[Path]:
    return sorted(p for p in RAW.rglob("*") if p.is_file())


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.fixture(scope="module")
def manifest() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def decoded() -> dict[str, Decoded]:
    return {_rel(path): _decode(path) for path in _raw_files()}


def _load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_raw_examples", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------------------------
# Regeneration
# ---------------------------------------------------------------------------------------------


def test_regenerated_files_equal_the_committed_bytes(tmp_path: Path) -> None:
    generator = _load_generator()
    assert generator.main(["--out", str(tmp_path)]) == 0

    generated = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    committed = sorted([*(_rel(p) for p in _raw_files()), _rel(MANIFEST)])
    assert generated == committed
    for relative in generated:
        assert (tmp_path / relative).read_bytes() == (ROOT / relative).read_bytes(), relative


def test_check_mode_reports_no_drift() -> None:
    assert _load_generator().main(["--check"]) == 0


# ---------------------------------------------------------------------------------------------
# Manifest versus files
# ---------------------------------------------------------------------------------------------


def test_manifest_lists_every_entity_type(manifest: dict[str, Any]) -> None:
    types = {entry["entity_type"] for entry in manifest["planted"]}
    assert types == ENTITY_TYPES


def test_every_planted_value_occurs_exactly_in_the_listed_files(
    manifest: dict[str, Any], decoded: dict[str, Decoded]
) -> None:
    for entry in manifest["planted"]:
        value = entry["value"]
        assert isinstance(value, str) and value, entry
        listed = entry["files"]
        for relative in listed:
            assert relative in decoded, f"{relative} listed for {value!r} does not exist"
            assert decoded[relative].has(value), f"{value!r} not found in {relative}"
        found = sorted(relative for relative, texts in decoded.items() if texts.has(value))
        assert found == sorted(listed), f"{value!r}: manifest {listed} but present in {found}"


def test_key_and_json_in_string_placements_are_real(manifest: dict[str, Any], decoded: dict[str, Decoded]) -> None:
    as_keys = 0
    in_strings = 0
    for entry in manifest["planted"]:
        value = entry["value"]
        for relative in entry.get("in_keys", []):
            assert any(value in key for key in decoded[relative].keys), (value, relative)
            as_keys += 1
        for relative in entry.get("in_json_strings", []):
            assert any(value in text for text in decoded[relative].nested), (value, relative)
            in_strings += 1
    assert as_keys >= 3
    assert in_strings >= 10


def test_every_decoy_occurs_exactly_in_the_listed_files(manifest: dict[str, Any], decoded: dict[str, Decoded]) -> None:
    for entry in manifest["decoys"]:
        value = entry["value"]
        if isinstance(value, int):
            found = sorted(rel for rel, texts in decoded.items() if value in texts.ints)
        else:
            found = sorted(rel for rel, texts in decoded.items() if texts.has(value))
        assert found and found == sorted(entry["files"]), (value, entry["files"], found)
    kinds = {entry["kind"] for entry in manifest["decoys"]}
    for kind in ("uuid", "sha256_digest", "sha1_digest", "git_commit_sha1", "version", "file_path"):
        assert kind in kinds
    for kind in ("public_doc_url", "tool_call_id", "timestamp", "model_name", "token_count"):
        assert kind in kinds
    values = {entry["value"] for entry in manifest["decoys"]}
    assert "https://docs.python.org/3/library/json.html" in values
    assert any(isinstance(v, str) and v.startswith("toolu_") for v in values)
    assert any(isinstance(v, str) and v.startswith("call_") for v in values)


def test_planted_values_and_decoys_do_not_overlap(manifest: dict[str, Any]) -> None:
    planted = [entry["value"] for entry in manifest["planted"]]
    decoys = [entry["value"] for entry in manifest["decoys"] if isinstance(entry["value"], str)]
    for value in planted:
        for other in decoys:
            assert value not in other and other not in value, (value, other)


def test_values_repeat_across_envelopes_and_as_keys(manifest: dict[str, Any]) -> None:
    by_value = {entry["value"]: entry for entry in manifest["planted"]}
    email = by_value["jane.doe@example.com"]
    assert "examples/raw/chronicle0-store.jsonl" in email["in_keys"]
    assert "examples/raw/agent-chronicle-1x.jsonl" in email["in_keys"]
    store = [json.dumps(e) for e in _documents(RAW / "chronicle0-store.jsonl")]
    assert sum("jane.doe@example.com" in line for line in store) >= 5


# ---------------------------------------------------------------------------------------------
# Formats of the planted values
# ---------------------------------------------------------------------------------------------


def _luhn(number: str) -> bool:
    total = 0
    for position, digit in enumerate(int(c) for c in reversed(number) if c.isdigit()):
        doubled = digit * 2 if position % 2 else digit
        total += doubled - 9 if doubled > 9 else doubled
    return total % 10 == 0


def test_planted_values_are_format_valid(manifest: dict[str, Any]) -> None:
    patterns = {
        "US_SSN": re.compile(r"^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$"),
        "JWT": re.compile(r"^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$"),
        "PRIVATE_KEY": re.compile(r"^-----BEGIN [A-Z ]*PRIVATE KEY-----\n[\s\S]+\n-----END [A-Z ]*PRIVATE KEY-----$"),
        "EMAIL_ADDRESS": re.compile(r"^[\w.+-]+@example\.(com|org|net)$"),
    }
    for entry in manifest["planted"]:
        value, kind = entry["value"], entry["entity_type"]
        if kind == "CREDIT_CARD":
            assert _luhn(value), value
        elif kind == "IBAN_CODE":
            compact = value.replace(" ", "")
            numeric = "".join(str(int(c, 36)) for c in compact[4:] + compact[:4])
            assert int(numeric) % 97 == 1, value
        elif kind in patterns:
            assert patterns[kind].match(value), value
    keys = {entry["value"] for entry in manifest["planted"] if entry["entity_type"] in ("API_KEY", "ACCESS_TOKEN")}
    shapes = {
        "sk-proj-": r"sk-proj-[\w-]{156}",
        "sk-ant-api03-": r"sk-ant-api03-[\w-]{93}AA",
        "sk_live_": r"sk_live_[0-9A-Za-z]{99}",
        "ghp_": r"ghp_[0-9A-Za-z]{36}",
        "xoxb-": r"xoxb-\d+-\d+-[0-9A-Za-z]{24}",
        "AIza": r"AIza[\w-]{35}",
        "hf_": r"hf_[A-Za-z]{34}",
        "npm_": r"npm_[0-9A-Za-z]{36}",
    }
    for prefix, shape in shapes.items():
        matching = [k for k in keys if k.startswith(prefix)]
        assert matching, prefix
        for key in matching:
            assert re.fullmatch(shape, key), key
            assert any(marker in key for marker in ("FAKE", "T3ST", "T3st", "EXAMPLE")), key
        assert not any("T3BlbkFJ" in key for key in matching)  # the marker real OpenAI keys carry
    dsn = "postgresql://app_user:S3cr3t-Passw0rd!@db.internal:5432/orders"
    assert dsn in {entry["value"] for entry in manifest["planted"]}


def test_large_strings_exist(manifest: dict[str, Any]) -> None:
    assert manifest["large_strings"]
    for item in manifest["large_strings"]:
        path = ROOT / item["file"]
        documents = _documents(path)
        parts = item["json_pointer"].split("/")[1:]
        node: Any = documents if path.suffix == ".jsonl" else documents[0]
        for escaped in parts:
            part = escaped.replace("~1", "/").replace("~0", "~")
            node = node[int(part)] if isinstance(node, list) else node[part]
        assert isinstance(node, str)
        assert len(node.encode("utf-8")) == item["bytes"] > 40 * 1024


# ---------------------------------------------------------------------------------------------
# Shapes of the formats
# ---------------------------------------------------------------------------------------------


def test_agent_chronicle_1x_envelopes_validate() -> None:
    lines = _documents(RAW / "agent-chronicle-1x.jsonl")
    assert len(lines) >= 6
    kinds = set()
    for document in lines:
        envelope = Envelope.model_validate(document)
        assert envelope.model_dump(mode="json") == document
        assert re.fullmatch(r"[0-9a-f]{32}", envelope.trace_id)
        assert re.fullmatch(r"[0-9a-f]{16}", envelope.span_id)
        assert re.fullmatch(r"[0-9a-f]{16}", envelope.envelope_id)
        kinds.add(
            (envelope.kind.value, envelope.envelope_status.status.value if envelope.envelope_status.status else None)
        )
    assert {("llm", "success"), ("tool", "success"), ("tool", "failure")} <= kinds
    assert any(document["links"] for document in lines)
    single = _documents(RAW / "agent-chronicle-1x-single.json")[0]
    envelope = Envelope.model_validate(single)
    assert envelope.model_dump(mode="json", exclude_none=True) == single


def _chronicle0_ok(envelope: dict[str, Any]) -> None:
    assert set(envelope) >= CHRONICLE0_FIELDS
    for section, fields in CHRONICLE0_SECTIONS.items():
        assert fields <= set(envelope[section]), (section, envelope["envelope_id"])
    assert envelope["boundary_kind"] in ("llm", "tool")


def test_chronicle0_store_and_trace_shapes() -> None:
    store = _documents(RAW / "chronicle0-store.jsonl")
    assert 6 <= len(store) <= 10
    for position, envelope in enumerate(store, start=1):
        _chronicle0_ok(envelope)
        assert envelope["sequence"] == position
    assert {e["boundary_kind"] for e in store} == {"llm", "tool"}

    trace_dir = RAW / "chronicle0-trace"
    graph = json.loads((trace_dir / "graph.json").read_text(encoding="utf-8"))
    fixtures = sorted(p.name for p in trace_dir.glob("[0-9][0-9][0-9]-*.json"))
    assert 3 <= len(fixtures) <= 4
    assert [node["fixture"] for node in graph["nodes"]] == fixtures
    for node in graph["nodes"]:
        envelope = json.loads((trace_dir / node["fixture"]).read_text(encoding="utf-8"))
        _chronicle0_ok(envelope)
        assert envelope["envelope_id"] == node["envelope_id"]
        assert (
            node["fixture"] == f"{envelope['sequence']:03d}-{envelope['node_id']}-{envelope['invocation_index']}.json"
        )
        assert envelope["trace_id"] == graph["trace_id"]
    assert graph["roots"] == [graph["nodes"][0]["envelope_id"]]


def test_otel_export_shape() -> None:
    export = _documents(RAW / "otel-genai.json")[0]
    spans = [span for rs in export["resourceSpans"] for ss in rs["scopeSpans"] for span in ss["spans"]]
    seen: set[str] = set()
    operations = set()
    for span in spans:
        assert re.fullmatch(r"[0-9a-f]{32}", span["traceId"])
        assert re.fullmatch(r"[0-9a-f]{16}", span["spanId"])
        assert isinstance(span["kind"], int)
        assert span["startTimeUnixNano"].isdigit()
        for attribute in span["attributes"]:
            key, value = attribute["key"], attribute["value"]
            seen.add(key)
            if "intValue" in value:
                assert isinstance(value["intValue"], str) and value["intValue"].isdigit()
            if key == "gen_ai.operation.name":
                operations.add(value["stringValue"])
            if key in GENAI_JSON_ATTRIBUTES:
                document = json.loads(value["stringValue"])
                if key in ("gen_ai.input.messages", "gen_ai.output.messages"):
                    for message in document:
                        assert message["role"] in ("system", "user", "assistant", "tool")
                        for part in message["parts"]:
                            assert part["type"] in ("text", "tool_call", "tool_call_response")
                        if key == "gen_ai.output.messages":
                            assert "finish_reason" in message
    assert seen >= GENAI_JSON_ATTRIBUTES
    assert {"gen_ai.request.model", "gen_ai.usage.input_tokens", "db.query.text", "db.statement"} <= seen
    assert {"http.request.header.authorization", "url.full", "client.address"} <= seen
    assert {"chat", "execute_tool", "invoke_agent"} <= operations
    events = [event for span in spans for event in span["events"]]
    exception = next(event for event in events if event["name"] == "exception")
    keys = {attribute["key"] for attribute in exception["attributes"]}
    assert {"exception.message", "exception.stacktrace"} <= keys


def test_event_stream_shape() -> None:
    events = _documents(RAW / "events.jsonl")
    types = [event["type"] for event in events]
    assert types[0] == "run.started" and types[-1] == "run.completed"
    assert {"tool.succeeded", "tool.failed"} <= set(types)
    assert len({event["run_id"] for event in events}) == 1
    for event in events:
        assert set(event) == {"type", "run_id", "ts", "data"}
