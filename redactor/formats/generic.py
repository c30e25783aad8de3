"""Any other JSON or JSONL (typed event streams and the like), governed by the policy alone."""

from __future__ import annotations

from typing import Any


class GenericJsonFormat:
    name: str = "json"
    structural_keys: frozenset[str] = frozenset({
        "type", "event", "event_type", "run_id", "id", "ts", "time", "timestamp", "created_at",
        "sequence", "seq", "index", "status", "level", "version", "schema_version",
        # multi-agent frameworks' names for an agent's job and a task (CrewAI's `agent_role`, `task_name`)
        "agent_role", "task_name",
    })
    structural_paths: tuple[str, ...] = ()
    message_keys: frozenset[str] = frozenset({"event"})
    timestamp_keys: tuple[str, ...] = ("ts", "timestamp", "time", "created_at")

    def matches(self, record: Any) -> bool:
        return True

    def validate(self, record: Any) -> str | None:
        return None
