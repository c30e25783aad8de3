"""OpenTelemetry, for real: an SDK TracerProvider with GenAI spans, exported through the wrappers."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, Status, StatusCode

from redactor.capture.otel import OtlpJsonFileExporter, RedactingSpanExporter
from redactor.engine import Redactor
from redactor.seal import read_seal, sha256_bytes
from tests.capture import planted
from tests.capture.conftest import SHALLOW_DEPTH, nested
from tests.conftest import run_cli

MODEL = "gpt-4o-mini-2024-07-18"
QUESTION = f"Hi, I am {planted.PERSON}, my email is {planted.EMAIL} and my phone is {planted.PHONE}."


def record_agent_run(provider: TracerProvider) -> None:
    """Two GenAI spans (a chat and a tool execution) carrying planted PII and secrets."""
    tracer = provider.get_tracer("support-agent", "1.4.2")
    with tracer.start_as_current_span("invoke_agent support", kind=SpanKind.INTERNAL):
        with tracer.start_as_current_span(f"chat {MODEL}", kind=SpanKind.CLIENT) as chat:
            chat.set_attribute("gen_ai.operation.name", "chat")
            chat.set_attribute("gen_ai.request.model", MODEL)
            chat.set_attribute("gen_ai.usage.input_tokens", 42)
            chat.set_attribute("gen_ai.request.temperature", 0.2)
            chat.set_attribute("gen_ai.system_instructions", json.dumps(
                [{"type": "text", "content": f"Use the key {planted.OPENAI_KEY}. Never reveal it."}]))
            chat.set_attribute("gen_ai.input.messages", json.dumps(
                [{"role": "user", "parts": [{"type": "text", "content": QUESTION}]}]))
            chat.set_attribute("gen_ai.output.messages", json.dumps([{"role": "assistant", "parts": [
                {"type": "tool_call", "id": "call_7Yh2", "name": "lookup_customer",
                 "arguments": {"email": planted.EMAIL}}], "finish_reason": "tool_call"}]))
            chat.set_attribute("http.request.header.authorization", [planted.BEARER])
            chat.set_attribute("gen_ai.response.finish_reasons", ["tool_call"])
        with tracer.start_as_current_span("execute_tool lookup_customer") as tool:
            tool.set_attribute("gen_ai.tool.name", "lookup_customer")
            tool.set_attribute("gen_ai.tool.call.id", "call_7Yh2")
            tool.set_attribute("gen_ai.tool.call.arguments", json.dumps({"email": planted.EMAIL}))
            tool.set_attribute("gen_ai.tool.call.result", json.dumps({"phone": planted.PHONE, "card": planted.CARD}))
            # A recorded query text, as an instrumentation captures it (not a query this test runs).
            tool.set_attribute("db.query.text", f"SELECT * FROM customers WHERE email = '{planted.EMAIL}'")  # noqa: S608
            tool.add_event("exception", {"exception.type": "LookupWarning",
                                         "exception.message": f"slow lookup for {planted.EMAIL}"})
            tool.set_status(Status(StatusCode.ERROR, f"card {planted.CARD} declined"))


def provider_with(*processors: Any) -> TracerProvider:
    provider = TracerProvider(resource=Resource.create({"service.name": "support-agent",
                                                        "enduser.id": planted.EMAIL}))
    for processor in processors:
        provider.add_span_processor(processor)
    return provider


def span_bytes(spans: tuple[ReadableSpan, ...]) -> bytes:
    return "\n".join(span.to_json() for span in spans).encode()


@pytest.fixture
def exported(redactor: Redactor) -> Iterator[tuple[tuple[ReadableSpan, ...], tuple[ReadableSpan, ...]]]:
    """(raw spans, redacted spans) of one run: a plain and a redacting in-memory exporter side by side."""
    raw, redacted = InMemorySpanExporter(), InMemorySpanExporter()
    provider = provider_with(SimpleSpanProcessor(raw), SimpleSpanProcessor(RedactingSpanExporter(redacted, redactor)))
    record_agent_run(provider)
    provider.shutdown()
    yield raw.get_finished_spans(), redacted.get_finished_spans()


def by_name(spans: tuple[ReadableSpan, ...]) -> dict[str, ReadableSpan]:
    return {span.name: span for span in spans}


def test_in_memory_exporter_receives_only_redacted_copies(
    exported: tuple[tuple[ReadableSpan, ...], tuple[ReadableSpan, ...]]
) -> None:
    raw, redacted = exported
    assert planted.EMAIL.encode() in span_bytes(raw)  # the planted values really were there
    assert planted.leaked(span_bytes(redacted)) == []
    # Structure kept: ids, parents, names, kinds, times, numbers, enum-like GenAI attributes.
    assert [(s.context, s.parent, s.name, s.kind, s.start_time, s.end_time) for s in redacted] == \
           [(s.context, s.parent, s.name, s.kind, s.start_time, s.end_time) for s in raw]
    chat = by_name(redacted)[f"chat {MODEL}"]
    assert chat.attributes["gen_ai.request.model"] == MODEL
    assert chat.attributes["gen_ai.usage.input_tokens"] == 42
    assert chat.attributes["gen_ai.request.temperature"] == 0.2
    assert chat.attributes["gen_ai.response.finish_reasons"] == ("tool_call",)
    assert chat.resource.attributes["service.name"] == "support-agent"


def test_genai_json_attributes_stay_valid_json_of_the_same_shape(
    exported: tuple[tuple[ReadableSpan, ...], tuple[ReadableSpan, ...]]
) -> None:
    raw, redacted = exported
    chat, tool = by_name(redacted)[f"chat {MODEL}"], by_name(redacted)["execute_tool lookup_customer"]
    raw_chat = by_name(raw)[f"chat {MODEL}"]
    for name in ("gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.system_instructions"):
        before, after = json.loads(str(raw_chat.attributes[name])), json.loads(str(chat.attributes[name]))
        assert shape(before) == shape(after), name
    output = json.loads(str(chat.attributes["gen_ai.output.messages"]))
    call = output[0]["parts"][0]
    assert (call["id"], call["name"]) == ("call_7Yh2", "lookup_customer")
    arguments = json.loads(str(tool.attributes["gen_ai.tool.call.arguments"]))
    # The model's decision and the tool's arguments still agree after redaction.
    assert arguments["email"] == call["arguments"]["email"]
    assert arguments["email"].startswith("<EMAIL_ADDRESS:")
    result = json.loads(str(tool.attributes["gen_ai.tool.call.result"]))
    assert set(result) == {"phone", "card"}
    assert tool.attributes["gen_ai.tool.call.id"] == "call_7Yh2"
    auth = chat.attributes["http.request.header.authorization"]
    assert isinstance(auth, tuple) and len(auth) == 1 and str(auth[0]).startswith("Bearer <")
    assert tool.events[0].name == "exception"
    assert tool.events[0].attributes is not None
    assert tool.events[0].attributes["exception.type"] == "LookupWarning"
    assert tool.status.status_code is StatusCode.ERROR


def shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return type(value).__name__


def test_file_exporter_writes_sealed_otlp_json_that_the_scan_accepts(redactor: Redactor, tmp_path: Path) -> None:
    path = tmp_path / "traces" / "support.otlp.jsonl"
    provider = provider_with(BatchSpanProcessor(OtlpJsonFileExporter(path, redactor)))
    record_agent_run(provider)
    provider.shutdown()  # flushes the batch and closes the writer, which seals the file

    data = path.read_bytes()
    assert planted.leaked(data) == []
    requests = [json.loads(line) for line in data.splitlines()]
    spans = [span for request in requests for rs in request["resourceSpans"]
             for ss in rs["scopeSpans"] for span in ss["spans"]]
    assert sorted(span["name"] for span in spans) == sorted(
        ["invoke_agent support", f"chat {MODEL}", "execute_tool lookup_customer"])
    assert all(len(span["traceId"]) == 32 and len(span["spanId"]) == 16 for span in spans)
    seal = read_seal(path.with_name(path.name + ".seal.json"))
    assert seal.files == {path.name: sha256_bytes(data)}
    assert seal.document["format"] == "otlp-json"
    scan = run_cli("scan", str(path))
    assert scan.returncode == 0, scan.stdout + scan.stderr


def test_a_batch_that_cannot_be_redacted_is_not_exported(shallow_redactor: Redactor, tmp_path: Path) -> None:
    quarantine = tmp_path / "private" / "otel-quarantine.jsonl"
    memory = InMemorySpanExporter()
    provider = provider_with(SimpleSpanProcessor(RedactingSpanExporter(memory, shallow_redactor,
                                                                       quarantine=quarantine)))
    with provider.get_tracer("t").start_as_current_span("chat") as span:
        span.set_attribute("gen_ai.input.messages", json.dumps(nested(SHALLOW_DEPTH + 4, planted.EMAIL)))
    provider.shutdown()
    assert memory.get_finished_spans() == ()
    assert quarantine.stat().st_mode & 0o777 == 0o600


def test_names_and_scope_attributes_reach_the_inner_exporter_redacted(redactor: Redactor, tmp_path: Path) -> None:
    """The copies carry the redacted span and event names and a rebuilt instrumentation scope: the
    original objects would hand a name's email and a tracer's attributes to the exporter raw."""
    memory = InMemorySpanExporter()
    path = tmp_path / "run.otlp.jsonl"
    provider = provider_with(SimpleSpanProcessor(RedactingSpanExporter(memory, redactor)),
                             SimpleSpanProcessor(OtlpJsonFileExporter(path, redactor)))
    tracer = provider.get_tracer("support-agent", "1.4.2",
                                 attributes={"deployment.owner": planted.EMAIL, "api_key": planted.OPENAI_KEY})
    with tracer.start_as_current_span(f"GET /customers/{planted.EMAIL}") as span:
        span.add_event(f"reset link sent to {planted.EMAIL}")
    provider.shutdown()
    (copy,) = memory.get_finished_spans()
    assert planted.leaked(span_bytes((copy,))) == []
    assert copy.name.startswith("GET /customers/<EMAIL_ADDRESS:")
    assert copy.events[0].name.startswith("reset link sent to <EMAIL_ADDRESS:")
    scope = copy.instrumentation_scope
    assert scope is not None and (scope.name, scope.version) == ("support-agent", "1.4.2")
    assert planted.leaked(json.dumps(dict(scope.attributes))) == []
    assert set(scope.attributes) == {"deployment.owner", "api_key"}
    assert planted.leaked(path.read_bytes()) == []


def test_a_number_redacted_whole_becomes_a_string_value(redactor: Redactor, tmp_path: Path) -> None:
    """An int under a sensitive name is redacted to a token: the copy carries it as a string (not
    an exception out of `export`), and the file as a `stringValue` (a token in `intValue` is no OTLP)."""
    memory = InMemorySpanExporter()
    path = tmp_path / "run.otlp.jsonl"
    provider = provider_with(SimpleSpanProcessor(RedactingSpanExporter(memory, redactor)),
                             SimpleSpanProcessor(OtlpJsonFileExporter(path, redactor)))
    with provider.get_tracer("t").start_as_current_span("charge") as span:
        span.set_attribute("payment.card_number", int(planted.CARD.replace(" ", "")))
        span.set_attribute("payment.attempt", 2)
    provider.shutdown()
    (copy,) = memory.get_finished_spans()
    assert copy.attributes is not None
    assert str(copy.attributes["payment.card_number"]).startswith("<")
    assert copy.attributes["payment.attempt"] == 2
    (line,) = path.read_text(encoding="utf-8").splitlines()
    attributes = {a["key"]: a["value"] for a in json.loads(line)["resourceSpans"][0]["scopeSpans"][0]["spans"][0]
                  ["attributes"]}
    assert set(attributes["payment.card_number"]) == {"stringValue"}
    assert attributes["payment.attempt"] == {"intValue": "2"}
    assert planted.CARD.replace(" ", "") not in path.read_text(encoding="utf-8")


def test_a_full_disk_is_a_failed_export_and_leaves_the_file_whole(redactor: Redactor, tmp_path: Path) -> None:
    """A write that fails outright (here RLIMIT_FSIZE: EFBIG, as ENOSPC would) is FAILURE, never an
    exception out of the exporter; nothing of the line stays; later exports carry on."""
    import resource
    import signal

    from opentelemetry.sdk.trace.export import SpanExportResult

    memory = InMemorySpanExporter()
    provider = provider_with(SimpleSpanProcessor(memory))
    for index in range(3):
        with provider.get_tracer("t").start_as_current_span(f"step {index}") as span:
            span.set_attribute("note", f"mail {planted.EMAIL}")
    first, second, third = memory.get_finished_spans()
    path = tmp_path / "run.otlp.jsonl"
    exporter = OtlpJsonFileExporter(path, redactor)
    assert exporter.export([first]) is SpanExportResult.SUCCESS
    size = path.stat().st_size
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        assert exporter.export([second]) is SpanExportResult.FAILURE
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, previous)
    assert path.stat().st_size == size
    assert exporter.export([third]) is SpanExportResult.SUCCESS
    exporter.shutdown()
    names = [json.loads(line)["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["name"]
             for line in path.read_text(encoding="utf-8").splitlines()]
    assert names == ["step 0", "step 2"]
    assert read_seal(path.with_name(path.name + ".seal.json")).files == {path.name: sha256_bytes(path.read_bytes())}


def test_bytes_attributes_are_redacted_and_the_batch_exported(redactor: Redactor, tmp_path: Path) -> None:
    """A bytes attribute no longer fails the whole batch: UTF-8 text is redacted as text (a string in
    the copies and the file), binary becomes a digest placeholder; the other spans go out as usual."""
    memory = InMemorySpanExporter()
    path = tmp_path / "run.otlp.jsonl"
    provider = provider_with(SimpleSpanProcessor(RedactingSpanExporter(memory, redactor)),
                             SimpleSpanProcessor(OtlpJsonFileExporter(path, redactor)))
    binary = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + planted.EMAIL.encode()
    with provider.get_tracer("t").start_as_current_span("upload") as span:
        span.set_attribute("upload.note", f"from {planted.PERSON}, {planted.EMAIL}".encode())
        span.set_attribute("upload.body", binary)
        span.set_attribute("upload.parts", (f"card {planted.CARD}".encode(), b"ok"))
        span.set_attribute("upload.size", 3)
    provider.shutdown()
    (copy,) = memory.get_finished_spans()
    assert copy.attributes is not None
    assert planted.leaked(span_bytes((copy,))) == []
    assert "<EMAIL_ADDRESS:" in str(copy.attributes["upload.note"])
    body = str(copy.attributes["upload.body"])
    assert body == f"<REDACTED_PAYLOAD sha256={hashlib.sha256(binary).hexdigest()} bytes={len(binary)}>"
    assert copy.attributes["upload.parts"][1] == "ok"
    assert copy.attributes["upload.size"] == 3
    data = path.read_bytes()
    assert planted.leaked(data) == [] and b"REDACTED_PAYLOAD" in data
    assert run_cli("scan", str(path)).returncode == 0
