"""agent-chronicle 1.x envelopes (`agentplane_primitives.models.Envelope`), as JSON or JSONL."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

# What pydantic itself puts in a location besides field names: `[key]`, `function-after[...]`.
_PYDANTIC_LOCATION = re.compile(r"\[key\]|[a-z-]+\[.*\]")


class AgentChronicle1Format:
    name: str = "agent-chronicle-1"
    structural_keys: frozenset[str] = frozenset({
        "schema_version", "envelope_id", "span_id", "trace_id", "parent_envelope_id", "parent_span_id",
        "kind", "attempt", "state", "status", "started_at", "ended_at", "provider", "model", "role",
        "type", "tool_call_id", "finish_reason", "stop_reason", "usage", "input_tokens", "output_tokens",
        "total_tokens", "link_type", "code",
    })
    structural_paths: tuple[str, ...] = (
        "name",
        "links[*].*",
        "input.tools[*].name",
        "input.tools[*].parameters",
        "input.params",
        "output.content[*].id",
        "output.content[*].name",
        "input.messages[*].content[*].id",
        "input.messages[*].content[*].name",
        "input.tool_name",
        "input.name",
    )
    message_keys: frozenset[str] = frozenset()
    timestamp_keys: tuple[str, ...] = ("started_at",)

    def matches(self, record: Any) -> bool:
        return (
            isinstance(record, dict)
            and "envelope_status" in record
            and "span_id" in record
            and "kind" in record
        )

    def validate(self, record: Any) -> str | None:
        try:
            from agentplane_primitives.models import Envelope
        except ImportError:
            # Without the package the schema cannot be checked; the redaction itself never changes
            # types, keys or ids, which is what the schema constrains.
            return None
        try:
            Envelope.model_validate(record)
        except Exception as exc:
            errors = getattr(exc, "errors", None)
            if callable(errors):
                # Where, and pydantic's error type (never its message or input, which quote values);
                # a model-level check has no location.
                found = sorted({(".".join(_shown(p) for p in e.get("loc", ())) or "the envelope")
                                + f" ({e.get('type')})" for e in errors()})
                return "not a valid agent-chronicle Envelope: " + ", ".join(found[:5])
            return "not a valid agent-chronicle Envelope"
        return None


def _shown(part: object) -> str:
    """One part of a pydantic error location as reported: an index, a name the schema defines or
    pydantic's own marker; anything else is a key of the trace's own (a dict of metadata, whose
    keys can be an email or a name) and is written `{key}`."""
    if isinstance(part, int) or (isinstance(part, str) and (part in _schema_names()
                                                            or _PYDANTIC_LOCATION.fullmatch(part))):
        return str(part)
    return "{key}"


@lru_cache(maxsize=1)
def _schema_names() -> frozenset[str]:
    """Every field name, alias and model name reachable from `Envelope`."""
    from typing import get_args

    from agentplane_primitives.models import Envelope
    from pydantic import BaseModel

    names: set[str] = set()
    pending: list[Any] = [Envelope]
    seen: set[int] = set()
    while pending:
        annotation = pending.pop()
        if id(annotation) in seen:
            continue
        seen.add(id(annotation))
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            names.add(annotation.__name__)
            for field_name, field in annotation.model_fields.items():
                names.update(n for n in (field_name, field.alias) if n)
                pending.append(field.annotation)
        pending.extend(get_args(annotation))
    return frozenset(names)
