"""Chronicle 0.x envelopes: JSONL stores and exported trace directories (graph.json + NNN-node-i.json)."""

from __future__ import annotations

from typing import Any


class Chronicle0Format:
    name: str = "chronicle-0"
    structural_keys: frozenset[str] = frozenset({
        "schema_version", "envelope_id", "parent_envelope_id", "trace_id", "node_id", "boundary_id",
        "boundary_kind", "invocation_index", "sequence", "timestamp", "model_version", "build_id",
        "framework", "finish_reason", "role", "chunk_id", "index_version", "fixture", "edges", "roots",
        "tool_call_id",
    })
    structural_paths: tuple[str, ...] = (
        "action_result.tool_calls[*].id",
        "action_result.tool_calls[*].name",
        "input_state.messages[*].tool_calls[*].id",
        "input_state.messages[*].tool_calls[*].name",
        "metadata.tool_schemas[*].name",
        "metadata.tool_schemas[*].parameters",
        "metadata.sampling_params",
        "action_result.token_usage",
        "nodes[*].*",
    )
    message_keys: frozenset[str] = frozenset()
    timestamp_keys: tuple[str, ...] = ("timestamp",)

    def matches(self, record: Any) -> bool:
        if not isinstance(record, dict):
            return False
        envelope = "input_state" in record or "action_result" in record
        graph = "nodes" in record and "edges" in record
        return envelope or graph

    def validate(self, record: Any) -> str | None:
        return None
