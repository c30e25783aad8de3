"""OpenTelemetry: redact span content before any exporter sees it.

- `RedactingSpanExporter(inner, redactor)` wraps any `SpanExporter` (OTLP, console, in-memory).
  Spans are encoded to their OTLP/JSON form, redacted there as one unit per export batch (so the
  engine's OTLP rules apply: attribute names, ids, span and event names, scopes and enum-like
  GenAI attributes are structure; `http.request.header.authorization` and other secret-named
  attributes are redacted whole; JSON documents inside string attributes such as
  `gen_ai.input.messages` are redacted inside and stay valid JSON of the same shape), then decoded
  back into new `ReadableSpan` objects: a `ReadableSpan` is immutable, so the original is never
  touched and the inner exporter only ever receives the copies.
- `OtlpJsonFileExporter(path, redactor)` writes OTLP/JSON lines (one `ExportTraceServiceRequest`
  per export, the OTLP file-exporter layout) through `RedactingJsonlWriter`: redacted, whole lines,
  sealed on `shutdown()`, so the output is a fixture the gate accepts as it is.

Both fail closed: a batch that cannot be redacted is not exported (`SpanExportResult.FAILURE`,
a warning without content) and, if a quarantine file is set, kept there raw, owner-only.

What is redacted: span, event and link attributes, the status description, resource attributes,
the instrumentation scope's attributes; a value the engine finds inside a span or event name.
What is kept as is: ids, kinds, timestamps, numeric and boolean attributes (a number under a
secret name is redacted whole and becomes a string: `restore_value_types`). A bytes attribute
becomes a string: its text, redacted, when it is UTF-8, else a `<REDACTED_PAYLOAD sha256=...
bytes=...>` placeholder. The
copies carry no dropped-attribute counts (the SDK keeps those on its bounded containers only).
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import Event, ReadableSpan
from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult
from opentelemetry.sdk.util.instrumentation import InstrumentationScope
from opentelemetry.trace import Link, SpanContext, Status

from redactor.capture._common import CaptureError, QuarantineFile, redact_records
from redactor.capture.jsonl_writer import RedactingJsonlWriter

if TYPE_CHECKING:
    from redactor.engine import Redactor

_log = logging.getLogger("redactor.capture.otel")
_NON_FINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # (bytes that decode to these are binary)


# ----- OTLP/JSON encoding (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding) ----


def _any_value(value: Any) -> dict[str, Any]:
    if isinstance(value, bool):  # before int: bool is an int
        return {"boolValue": value}
    if isinstance(value, int):
        return {"intValue": str(value)}  # int64 is a string in OTLP/JSON
    if isinstance(value, float):
        if math.isfinite(value):
            return {"doubleValue": value}
        return {"doubleValue": "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")}
    if isinstance(value, str):
        return {"stringValue": value}
    if isinstance(value, (list, tuple)):
        return {"arrayValue": {"values": [_any_value(item) for item in value]}}
    if isinstance(value, (bytes, bytearray)):
        return {"stringValue": _bytes_as_text(bytes(value))}
    return {"stringValue": str(value)}


def _bytes_as_text(raw: bytes) -> str:
    """A bytes attribute as text the engine can read: the text itself when it is UTF-8 (then redacted
    as any string attribute, and a string in the copies and the file: like a number redacted whole,
    the type is not kept), else a placeholder with its digest and size (as VCR's binary bodies): what
    binary holds is never read, so it never leaves the process."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is not None and _CONTROL.search(text) is None:
        return text
    return f"<REDACTED_PAYLOAD sha256={hashlib.sha256(raw).hexdigest()} bytes={len(raw)}>"


def restore_value_types(document: Any) -> Any:
    """Give a redacted OTLP/JSON document back valid value types, in place; returns it.

    A number under a sensitive attribute name (`payment.card_number`, an int) is redacted whole, so
    its `intValue` now holds a token: no OTLP reader accepts that, and it cannot become an `int`
    again. A token is text, so the value becomes a `stringValue`. Tokens are never numbers, and
    numbers the engine kept are left exactly as they were.
    """
    if isinstance(document, list):
        for index, item in enumerate(document):
            document[index] = _as_text_if_lost(restore_value_types(item))  # an `arrayValue` member
    elif isinstance(document, dict):
        for key, child in document.items():
            restored = restore_value_types(child)
            document[key] = _as_text_if_lost(restored) if key == "value" else restored
    return document


def _as_text_if_lost(encoded: Any) -> Any:
    """An AnyValue whose number was replaced by a token, as a `stringValue`; anything else as it is."""
    if isinstance(encoded, dict) and len(encoded) == 1 and _lost_number(encoded):
        return {"stringValue": str(next(iter(encoded.values())))}
    return encoded


def _lost_number(encoded: Mapping[str, Any]) -> bool:
    if "intValue" in encoded:
        raw = encoded["intValue"]
        return not (isinstance(raw, int) or (isinstance(raw, str) and raw.lstrip("-").isdigit()))
    if "doubleValue" in encoded:
        raw = encoded["doubleValue"]
        return not (isinstance(raw, (int, float)) or (isinstance(raw, str) and raw in _NON_FINITE))
    return False


def _from_any_value(encoded: Mapping[str, Any]) -> Any:
    if "stringValue" in encoded:
        return encoded["stringValue"]
    if "boolValue" in encoded:
        return bool(encoded["boolValue"])
    if "intValue" in encoded:
        return int(encoded["intValue"])
    if "doubleValue" in encoded:
        raw = encoded["doubleValue"]
        return _NON_FINITE[raw] if isinstance(raw, str) else float(raw)
    if "arrayValue" in encoded:
        return tuple(_from_any_value(item) for item in encoded["arrayValue"].get("values", []))
    raise CaptureError("an attribute value lost its type during redaction")


def _attributes(attributes: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    return [{"key": key, "value": _any_value(value)} for key, value in (attributes or {}).items()]


def _from_attributes(encoded: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    return {item["key"]: _from_any_value(item["value"]) for item in encoded}


def _span_json(span: ReadableSpan) -> dict[str, Any]:
    context = span.context
    if context is None:
        raise CaptureError("a span without a context cannot be exported")
    document: dict[str, Any] = {
        "traceId": format(context.trace_id, "032x"),
        "spanId": format(context.span_id, "016x"),
        "name": span.name,
        "kind": span.kind.value + 1,  # OTLP numbers kinds from UNSPECIFIED = 0; the SDK from INTERNAL = 0
        "startTimeUnixNano": str(span.start_time or 0),
        "endTimeUnixNano": str(span.end_time or 0),
        "attributes": _attributes(span.attributes),
        "events": [{"timeUnixNano": str(event.timestamp), "name": event.name,
                    "attributes": _attributes(event.attributes)} for event in span.events],
        "links": [{"traceId": format(link.context.trace_id, "032x"), "spanId": format(link.context.span_id, "016x"),
                   "attributes": _attributes(link.attributes)} for link in span.links],
        "status": {"code": span.status.status_code.value},
    }
    if span.parent is not None:
        document["parentSpanId"] = format(span.parent.span_id, "016x")
    if context.trace_state:
        document["traceState"] = context.trace_state.to_header()
    if span.status.description:
        document["status"]["message"] = span.status.description
    return document


def _scope_json(span: ReadableSpan) -> dict[str, Any]:
    scope = span.instrumentation_scope
    if scope is None:
        return {}
    document: dict[str, Any] = {"name": scope.name}
    if scope.version:
        document["version"] = scope.version
    # A tracer's attributes (`get_tracer(..., attributes=...)`) are content like any other.
    attributes = getattr(scope, "attributes", None)
    if attributes:
        document["attributes"] = _attributes(attributes)
    return document


def _resource_json(resource: Resource) -> dict[str, Any]:
    return {"attributes": _attributes(resource.attributes)}


def spans_to_otlp(spans: Sequence[ReadableSpan]) -> dict[str, Any]:
    """An OTLP/JSON `ExportTraceServiceRequest`: spans grouped by resource, then by scope."""
    groups: dict[int, tuple[Resource, dict[tuple[str, str], list[ReadableSpan]]]] = {}
    for span in spans:
        _, scopes = groups.setdefault(id(span.resource), (span.resource, {}))
        scope = span.instrumentation_scope
        scopes.setdefault((scope.name if scope else "", (scope.version or "") if scope else ""), []).append(span)
    resource_spans = []
    for resource, scopes in groups.values():
        scope_spans = []
        for members in scopes.values():
            entry: dict[str, Any] = {"scope": _scope_json(members[0]), "spans": [_span_json(s) for s in members]}
            scope_url = getattr(members[0].instrumentation_scope, "schema_url", None)
            if scope_url:
                entry["schemaUrl"] = scope_url
            scope_spans.append(entry)
        item: dict[str, Any] = {"resource": _resource_json(resource), "scopeSpans": scope_spans}
        if resource.schema_url:
            item["schemaUrl"] = resource.schema_url
        resource_spans.append(item)
    return {"resourceSpans": resource_spans}


# ----- redacted copies ---------------------------------------------------------------------------


def redact_spans(redactor: Redactor, spans: Sequence[ReadableSpan]) -> list[ReadableSpan]:
    """Redacted copies of `spans` (one redaction unit for the whole batch)."""
    if not spans:
        return []
    # One resourceSpans entry per span keeps the way back trivial (entry i is span i), while the
    # batch is still redacted as one document.
    document = {"resourceSpans": [
        {"resource": _resource_json(span.resource), "scopeSpans": [{"scope": _scope_json(span),
                                                                    "spans": [_span_json(span)]}]}
        for span in spans
    ]}
    redacted = restore_value_types(redact_records(redactor, [document], Path("<otel-export>")).records[0])
    copies = []
    resources: dict[tuple[int, str], Resource] = {}
    for span, entry in zip(spans, redacted["resourceSpans"], strict=True):
        encoded = entry["scopeSpans"][0]["spans"][0]
        scope = _rebuild_scope(span.instrumentation_scope, entry["scopeSpans"][0]["scope"])
        resource_attributes = _from_attributes(entry["resource"]["attributes"])
        # Spans of one provider share one Resource; keep sharing it in the copies.
        resource_key = (id(span.resource), repr(sorted(resource_attributes.items())))
        if resource_key not in resources:
            resources[resource_key] = Resource(resource_attributes, span.resource.schema_url)
        copies.append(_rebuild(span, encoded, resources[resource_key], scope))
    return copies


def _rebuild_scope(scope: InstrumentationScope | None, encoded: Mapping[str, Any]) -> InstrumentationScope | None:
    """The scope as redacted: its attributes are content (and the engine may have scrubbed a value
    out of its name or version too); the original object would hand them to the exporter raw."""
    if scope is None:
        return None
    return InstrumentationScope(str(encoded.get("name", "")), encoded.get("version") or scope.version,
                                scope.schema_url, _from_attributes(encoded.get("attributes", [])) or None)


def _rebuild(span: ReadableSpan, encoded: Mapping[str, Any], resource: Resource,
             scope: InstrumentationScope | None) -> ReadableSpan:
    # Names come from the redacted document as well: span and event names are kept as structure,
    # but a value the engine finds in one (`GET /users/<email>`) is scrubbed there, as in the file.
    events = [Event(new["name"], _from_attributes(new["attributes"]), old.timestamp)
              for old, new in zip(span.events, encoded["events"], strict=True)]
    links = [Link(old.context, _from_attributes(new["attributes"]))
             for old, new in zip(span.links, encoded["links"], strict=True)]
    status = Status(span.status.status_code, encoded["status"].get("message")) \
        if span.status.description else span.status
    context: SpanContext | None = span.context
    return ReadableSpan(
        name=str(encoded["name"]), context=context, parent=span.parent, resource=resource,
        attributes=_from_attributes(encoded["attributes"]), events=events, links=links, kind=span.kind,
        status=status, start_time=span.start_time, end_time=span.end_time,
        instrumentation_scope=scope,
    )


def _quarantine_spans(quarantine: QuarantineFile | None, spans: Sequence[ReadableSpan], target: Path,
                      reason: str) -> None:
    if quarantine is None:
        return
    try:
        quarantine.put(spans_to_otlp(spans), target, reason)
    except Exception:  # the export has already failed closed; the raw batch is simply not kept
        _log.warning("could not write the quarantine file %s", quarantine.path)


class RedactingSpanExporter(SpanExporter):
    """Wraps a `SpanExporter`: it receives redacted copies of every span, or nothing."""

    def __init__(self, inner: SpanExporter, redactor: Redactor, *, quarantine: Path | str | None = None) -> None:
        self.inner = inner
        self.redactor = redactor
        self.quarantine = QuarantineFile(quarantine) if quarantine is not None else None

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        try:
            redacted = redact_spans(self.redactor, spans)
        except CaptureError as exc:
            _log.warning("spans not exported: %s", exc)
            _quarantine_spans(self.quarantine, spans, Path(f"<{type(self.inner).__name__}>"), str(exc))
            return SpanExportResult.FAILURE
        result: SpanExportResult = self.inner.export(redacted)
        return result

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return bool(self.inner.force_flush(timeout_millis))


class OtlpJsonFileExporter(SpanExporter):
    """Writes OTLP/JSON lines (one export request per line), redacted, sealed on shutdown."""

    def __init__(self, path: Path | str, redactor: Redactor, *, quarantine: Path | str | None = None,
                 fsync: bool = True) -> None:
        self.writer = RedactingJsonlWriter(path, redactor, quarantine=quarantine, fsync=fsync,
                                           postprocess=restore_value_types)

    @property
    def path(self) -> Path:
        return self.writer.path

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        if not spans:
            return SpanExportResult.SUCCESS
        try:
            self.writer.write(spans_to_otlp(spans))
        except CaptureError as exc:
            # The writer already quarantined the raw request (if configured) and wrote nothing.
            _log.warning("spans not exported: %s", exc)
            return SpanExportResult.FAILURE
        return SpanExportResult.SUCCESS

    def shutdown(self) -> None:
        self.writer.close()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True  # every export is written and fsynced before it returns
