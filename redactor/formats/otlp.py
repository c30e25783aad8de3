"""OTLP/JSON trace exports with OpenTelemetry GenAI attributes.

Attribute lists are `[{"key": k, "value": {"stringValue": ...}}]`: the engine treats `k` as the
key of the value, so `http.request.header.authorization` is redacted as a secret-named key.
Several GenAI attributes hold JSON documents inside a string; the engine redacts inside them and
writes them back as JSON of the same shape.
"""

from __future__ import annotations

from typing import Any


class OtlpJsonFormat:
    name: str = "otlp-json"
    structural_keys: frozenset[str] = frozenset({
        "traceId", "spanId", "parentSpanId", "kind", "startTimeUnixNano", "endTimeUnixNano",
        "timeUnixNano", "droppedAttributesCount", "droppedEventsCount", "droppedLinksCount",
        "schemaUrl", "traceState", "flags", "code", "intValue", "doubleValue", "boolValue",
        "role", "type", "id", "finish_reason",
    })
    structural_paths: tuple[str, ...] = (
        "resourceSpans[*].scopeSpans[*].scope.*",
        "resourceSpans[*].scopeSpans[*].spans[*].name",
        "resourceSpans[*].scopeSpans[*].spans[*].events[*].name",
    )
    message_keys: frozenset[str] = frozenset()
    timestamp_keys: tuple[str, ...] = ("startTimeUnixNano",)
    # Attribute keys whose values are ids, names or enums (never free text).
    structural_attributes = frozenset({
        "gen_ai.operation.name", "gen_ai.provider.name", "gen_ai.system", "gen_ai.request.model",
        "gen_ai.response.model", "gen_ai.response.id", "gen_ai.response.finish_reasons",
        "gen_ai.tool.name", "gen_ai.tool.call.id", "gen_ai.tool.type", "gen_ai.conversation.id",
        "gen_ai.agent.id", "gen_ai.agent.name", "gen_ai.output.type", "service.name",
        "service.version", "telemetry.sdk.name", "telemetry.sdk.version", "telemetry.sdk.language",
        "http.request.method", "http.response.status_code", "db.system", "db.system.name",
        "db.operation.name", "db.collection.name", "server.port", "exception.type", "error.type",
    })

    def matches(self, record: Any) -> bool:
        return isinstance(record, dict) and "resourceSpans" in record

    def validate(self, record: Any) -> str | None:
        return None
