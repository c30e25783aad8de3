"""What every capture integration shares: batch redaction, failure wording, the quarantine file.

Capture code runs inside somebody else's process (an agent, an exporter thread, an HTTP stub), so
two rules apply everywhere here: a failure raises `CaptureError` and nothing raw is written on the
normal path; and an error message never quotes content (only engine errors, whose messages are
value-free by design, are passed through; anything else is reduced to its type name).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import threading
import weakref
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from redactor.errors import FatalError, RedactionError
from redactor.formats.base import escape_lone_surrogates

if TYPE_CHECKING:
    from redactor.engine import Redactor

QUARANTINE_MODE = 0o600


class CaptureError(RedactionError):
    """A record could not be redacted (or stored) at capture time. Nothing raw was written."""


def describe_failure(exc: BaseException) -> str:
    """A one-line reason that is safe to log: never the text of an arbitrary exception."""
    if isinstance(exc, FatalError):
        return str(exc)
    return f"{type(exc).__name__} (message withheld: it may quote content)"


_LOCKS: weakref.WeakKeyDictionary[Any, threading.RLock] = weakref.WeakKeyDictionary()
_LOCKS_GUARD = threading.Lock()


def redaction_lock(redactor: Redactor) -> threading.RLock:
    """One lock per Redactor. Capture runs on recorder threads (Chronicle's delivery thread, the
    span processor's worker, the agent's own thread at once); spaCy pipelines are not documented
    as thread-safe, so calls into one redactor are serialised rather than trusted to be."""
    with _LOCKS_GUARD:
        lock = _LOCKS.get(redactor)
        if lock is None:
            lock = _LOCKS[redactor] = threading.RLock()
        return lock


@dataclass
class RedactedBatch:
    records: list[dict[str, Any]]
    counts: Counter[str]
    format_name: str


def redact_records(redactor: Redactor, records: Sequence[Mapping[str, Any]], label: Path) -> RedactedBatch:
    """Redact several records as one trace unit, in the format the registry detects for them.

    Going through `redact_trace` (not `redact` per record) gives three things at once: the format's
    structural rules apply, a value detected in one record of the batch is scrubbed in the others,
    and the per-entity counts the seal needs come back with the result.
    """
    from redactor.formats.base import JsonStyle, Trace, TraceFile
    from redactor.formats.registry import detect_format

    materialised = [_as_plain_dict(record) for record in records]
    trace_file = TraceFile(relpath="", layout="jsonl", records=materialised, style=JsonStyle(compact=True),
                           line_numbers=list(range(1, len(materialised) + 1)))
    trace = Trace(root=label, is_directory=False, format_name=detect_format([trace_file]), files=[trace_file])
    try:
        with redaction_lock(redactor):
            result = redactor.redact_trace(trace)
    except Exception as exc:
        raise CaptureError(f"{label}: redaction failed: {describe_failure(exc)}; nothing was written") from None
    redacted = [record for record in trace.files[0].records if isinstance(record, dict)]
    if len(redacted) != len(materialised):  # pragma: no cover - the engine keeps record counts
        raise CaptureError(f"{label}: redaction changed the number of records; nothing was written")
    return RedactedBatch(records=redacted, counts=result.counts, format_name=trace.format_name)


def _as_plain_dict(record: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(record, Mapping):
        raise CaptureError(f"a captured record must be a JSON object, not {type(record).__name__}")
    # A round trip through JSON both copies the record (the caller's object is never modified)
    # and proves it is JSON: a record that cannot be serialised is refused before redaction.
    try:
        return dict(json.loads(json.dumps(record, allow_nan=False)))
    except (TypeError, ValueError) as exc:
        raise CaptureError(f"a captured record is not JSON-serialisable ({type(exc).__name__})") from None


def find_git_work_tree(path: Path) -> Path | None:
    """The enclosing git work tree of `path` (a `.git` directory or file in it or a parent), if any."""
    directory = path.resolve().parent
    for candidate in (directory, *directory.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


class QuarantineFile:
    """A local, owner-only JSONL file that receives raw records that could not be redacted.

    It exists so that a redaction failure loses nothing without leaking anything: the raw record
    stays on this machine, outside any repository, readable by its owner only.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        work_tree = find_git_work_tree(self.path)
        if work_tree is not None:
            raise CaptureError(f"quarantine file {self.path} is inside the git work tree {work_tree}; "
                               "raw records must never be where they can be committed")
        self._lock = threading.Lock()

    def put(self, record: Any, target: Path, reason: str) -> None:
        """Append the raw record. Any failure is a `CaptureError` naming only the quarantine file."""
        entry = {"quarantined_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                 "target": str(target), "reason": reason, "record": _json_safe(record)}
        data = (escape_lone_surrogates(json.dumps(entry, default=repr, ensure_ascii=False)) + "\n").encode("utf-8")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            with self._lock:
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, QUARANTINE_MODE)
                try:
                    # An existing file may have been created with looser permissions: tighten it.
                    os.fchmod(fd, QUARANTINE_MODE)
                    write_whole(fd, data)
                    os.fsync(fd)
                finally:
                    os.close(fd)
        except OSError as exc:
            raise CaptureError(f"quarantine file {self.path}: cannot write ({exc.strerror or type(exc).__name__}); "
                               "the raw record was not kept") from None


def _json_safe(value: Any, depth: int = 0) -> Any:
    """`value` with what JSON cannot hold made writable: a record is quarantined precisely when it is
    odd (tuple keys, objects), so the quarantine must not fail on the same oddity and lose it."""
    if depth > 200:  # a cycle or a pathological depth: keep a description rather than recurse on
        return repr(value)
    if isinstance(value, Mapping):
        return {key if isinstance(key, str) else repr(key): _json_safe(item, depth + 1)
                for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(item, depth + 1) for item in value]
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    return repr(value)


def write_whole(fd: int, data: bytes) -> None:
    """Append `data` with one `os.write`; on a short write, cut the file back so no line is torn.

    The caller holds the file's lock, so the size before the write is where this line begins.
    """
    start = os.fstat(fd).st_size
    try:
        written = os.write(fd, data)
    except BaseException:
        _truncate_quietly(fd, start)
        raise
    if written != len(data):
        _truncate_quietly(fd, start)
        raise CaptureError(f"short write ({written} of {len(data)} bytes); the partial line was removed")


def _truncate_quietly(fd: int, size: int) -> None:
    with contextlib.suppress(OSError):
        os.ftruncate(fd, size)
