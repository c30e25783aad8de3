"""Seals: a tamper-evident sidecar written next to every redacted trace.

A file trace `x.jsonl` gets `x.jsonl.seal.json`; a trace directory gets `redactor.seal.json` inside
it. One small seal per trace (never one shared manifest) keeps git merges trivial: two branches
that add different fixtures never touch the same file. Seals are pretty-printed with sorted keys,
so a diff of a re-redaction is one line per changed field.

The seal holds digests and counts, never values. When the pseudonym key is available, the seal
also carries an HMAC over its own canonical form, so it cannot be forged without the key; the
gate's residual scan covers machines that do not have the key.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from redactor import __version__
from redactor.atomic import atomic_write_text
from redactor.errors import SealError
from redactor.formats.registry import DIRECTORY_SEAL, SEAL_SUFFIX
from redactor.replacement.keys import PseudonymKey

SEAL_SCHEMA = 1
_TIMESTAMP_KEYS = ("timestamp", "started_at", "startTimeUnixNano", "ts", "time", "created_at")


def seal_path_for(trace_path: Path, is_directory: bool) -> Path:
    return trace_path / DIRECTORY_SEAL if is_directory else trace_path.with_name(trace_path.name + SEAL_SUFFIX)


def sha256_bytes(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Seal:
    document: Mapping[str, Any]

    @property
    def files(self) -> Mapping[str, str]:
        files = self.document.get("files", {})
        return files if isinstance(files, dict) else {}

    @property
    def policy_digest(self) -> str:
        return str(self.document.get("policy", {}).get("digest", ""))

    @property
    def policy_name(self) -> str:
        return str(self.document.get("policy", {}).get("name", ""))

    @property
    def recorded_at(self) -> datetime | None:
        return parse_timestamp(self.document.get("recorded_at"))

    @property
    def redacted_at(self) -> datetime | None:
        return parse_timestamp(self.document.get("redacted_at"))

    @property
    def access_class(self) -> str | None:
        value = self.document.get("access_class")
        return value if isinstance(value, str) else None


def canonical(document: Mapping[str, Any]) -> bytes:
    body = {k: v for k, v in document.items() if k != "mac"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def build_seal(
    *,
    files: Mapping[str, bytes] | None = None,
    file_digests: Mapping[str, str] | None = None,
    format_name: str,
    policy_name: str,
    policy_digest: str,
    counts: Mapping[str, int],
    recorded_at: datetime | None,
    redacted_at: datetime,
    key: PseudonymKey | None,
    access_class: str | None = None,
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "redactor_seal": SEAL_SCHEMA,
        "tool": "redactor",
        "tool_version": __version__,
        "format": format_name,
        "policy": {"name": policy_name, "digest": policy_digest},
        "files": dict(sorted({
            **{name: sha256_bytes(data) for name, data in (files or {}).items()},
            **(file_digests or {}),
        }.items())),
        "counts": dict(sorted(counts.items())),
        "recorded_at": format_timestamp(recorded_at or redacted_at),
        "recorded_at_source": "trace" if recorded_at else "redaction time",
        "redacted_at": format_timestamp(redacted_at),
    }
    if recorded_at is not None and recorded_at > redacted_at:
        # A recording cannot postdate its redaction: a trace stamped in the future (a wrong clock,
        # or timestamps edited so the fixture never expires) is aged from the redaction instead,
        # as a trace without timestamps is. Clamped, not refused: the redacted output is still safe.
        document["recorded_at"] = format_timestamp(redacted_at)
        document["recorded_at_source"] = "redaction time (the trace's timestamps are later)"
    if access_class is not None:
        document["access_class"] = access_class
    if key is not None:
        document["key_id"] = key.key_id
        document["mac"] = "hmac-sha256:" + key.mac(canonical(document))
    return document


def write_seal(path: Path, document: Mapping[str, Any]) -> None:
    atomic_write_text(path, json.dumps(document, indent=2, sort_keys=True) + "\n")


_REQUIRED_FIELDS = ("files", "policy", "recorded_at", "redacted_at", "counts")
_ENTITY_TYPE_NAME = re.compile(r"[A-Z][A-Z0-9_]{0,63}")


def seal_problem(document: Any) -> str | None:
    """Why a parsed document is no seal of this schema, or None. Every field the tools read is checked for its
    type here, once: a hand-edited seal (`"counts": []`, `"policy": "default"`) is refused by name, never
    read by code that expects a mapping."""
    if not isinstance(document, dict) or document.get("redactor_seal") != SEAL_SCHEMA:
        return f"not a redactor seal of schema {SEAL_SCHEMA}"
    missing = [name for name in _REQUIRED_FIELDS if name not in document]
    if missing:
        return f"lacks {', '.join(missing)}"
    files = document["files"]
    if not isinstance(files, dict) or not files or not all(
        isinstance(name, str) and isinstance(digest, str) and digest.startswith("sha256:")
        for name, digest in files.items()
    ):
        return "'files' must map each member to a sha256 digest"
    policy = document["policy"]
    if not isinstance(policy, dict) or not all(isinstance(policy.get(name), str) for name in ("name", "digest")):
        return "'policy' must be a mapping with a name and a digest"
    counts = document["counts"]
    if not isinstance(counts, dict) or not all(
            isinstance(count, int) and not isinstance(count, bool) for count in counts.values()):
        return "'counts' must map entity types to numbers"
    if not all(_ENTITY_TYPE_NAME.fullmatch(entity) for entity in counts):
        # (only entity types: a key is written as it is, and a seal carries no value)
        return "'counts' must map entity types (capital letters, digits, '_') to numbers"
    if not all(isinstance(document[name], str) for name in ("recorded_at", "redacted_at")):
        return "'recorded_at' and 'redacted_at' must be timestamps"
    return None


def read_seal(path: Path) -> Seal:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        raise SealError(f"{path}: seal is unreadable") from None
    problem = seal_problem(document)
    if problem is not None:
        raise SealError(f"{path}: {problem}")
    return Seal(document)


def mac_problem(seal: Seal, key: PseudonymKey | None) -> str | None:
    """Why the seal's MAC does not vouch for it on this machine, or None.

    Without a key nothing can be checked (CI without the secret, a teammate): the digests and the
    residual scan still apply. With the key, a seal must carry a MAC made by *this* key: a seal
    stripped of its MAC, or naming another key id, is as unverifiable as a forged one, and an
    editor without the key could otherwise patch digests, recording time or access class freely.
    """
    if key is None:
        return None
    mac = seal.document.get("mac")
    if not isinstance(mac, str) or not mac:
        return "the seal has no MAC, and this machine holds the pseudonym key that should have made one"
    if seal.document.get("key_id") != key.key_id:
        return (f"the seal names another key (id {str(seal.document.get('key_id'))[:16]!r}, this key is "
                f"{key.key_id}); a repository's fixtures are sealed and checked with one key: use that one")
    import hmac

    if not hmac.compare_digest(mac, "hmac-sha256:" + key.mac(canonical(seal.document))):
        return "the seal's MAC does not match its content"
    return None


def format_timestamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def parse_timestamp(value: Any) -> datetime | None:
    """A timestamp as traces and seals write it (ISO 8601, or epoch seconds, ms or ns), in UTC;
    None for anything unreadable or out of datetime's range (`"²³"`, `1e30`, `-1e20`, year 0),
    so that one garbled field never aborts a redaction, an audit or the gate."""
    try:
        return _parse_timestamp(value)
    except (ValueError, OverflowError, OSError):
        return None


def _parse_timestamp(value: Any) -> datetime | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        seconds = value / 1e9 if value > 1e14 else value / 1e3 if value > 1e11 else value
        return datetime.fromtimestamp(seconds, tz=timezone.utc)
    if not isinstance(value, str) or not value:
        return None
    if value.isascii() and value.isdigit():  # not "²³": str.isdigit() accepts superscripts
        return _parse_timestamp(int(value))
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    # Normalised to UTC here: an offset that leaves datetime's range fails now, not when compared.
    return parsed.astimezone(timezone.utc) if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)


def earliest_timestamp(records: list[Any], limit: int = 100_000) -> datetime | None:
    """The recording time: the earliest timestamp field found in the trace's records."""
    earliest: datetime | None = None
    stack = list(records)
    seen = 0
    while stack and seen < limit:
        node = stack.pop()
        seen += 1
        if isinstance(node, dict):
            for key, value in node.items():
                if key in _TIMESTAMP_KEYS:
                    moment = parse_timestamp(value)
                    if moment is not None and (earliest is None or moment < earliest):
                        earliest = moment
                elif isinstance(value, (dict, list)):
                    stack.append(value)
        elif isinstance(node, list):
            stack.extend(item for item in node if isinstance(item, (dict, list)))
    return earliest
