"""Bounded-memory redaction of large JSONL stores.

The in-memory path holds a whole trace (it needs every string before it can rewrite any, so that
a value found late is still scrubbed where it appeared early). For a store of gigabytes that is
not acceptable, so large JSONL files are read twice, line by line:

1. collect and detect in chunks, keeping only the trace's *known values* (the distinct sensitive
   values found), never the lines themselves;
2. rewrite each line (every occurrence of a known value, found through the value index) into a
   temp file in the destination directory, hashing as it goes; then rename it into place.

Memory is bounded by the number of distinct candidate strings per chunk plus the distinct
sensitive values of the store.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from redactor.atomic import atomic_writer
from redactor.engine import Redactor, TraceSession
from redactor.errors import InputError, RedactionError
from redactor.faults import killpoint
from redactor.formats.base import JsonStyle, decode_text, parse_jsonl_line, sniff_style
from redactor.formats.registry import format_of
from redactor.seal import earliest_timestamp

# Files at least this large are streamed; smaller ones take the in-memory path (same output).
# REDACTOR_STREAM_THRESHOLD (bytes) overrides it, e.g. to stream everything on a small machine.
STREAM_THRESHOLD_BYTES = int(os.environ.get("REDACTOR_STREAM_THRESHOLD", str(32 * 1024 * 1024)))
# Analyse collected candidates once this many distinct strings are pending.
CHUNK_CANDIDATES = 20_000


def iter_jsonl(path: Path) -> Iterator[tuple[int, str, dict[str, Any] | None]]:
    """Yield (line number, decoded line without newline, record or None for blank lines)."""
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror}") from None
    with handle:
        for number, raw_line in enumerate(handle, start=1):
            raw = raw_line[3:] if number == 1 and raw_line.startswith(b"\xef\xbb\xbf") else raw_line
            if not raw.strip():
                yield number, "", None
                continue
            text, _ = decode_text(path, raw)
            line = text.rstrip("\r\n")
            yield number, line, parse_jsonl_line(path, number, line)


def first_record_and_style(path: Path) -> tuple[dict[str, Any], JsonStyle]:
    for _, line, record in iter_jsonl(path):
        if record is not None:
            return record, sniff_style(line, bom=False)
    raise InputError(str(path), "empty file")


@dataclass(frozen=True)
class StreamResult:
    counts: Counter[str]
    digest: str  # sha256 of the bytes written
    recorded_at: datetime | None  # earliest timestamp seen: the recording time
    format_name: str


def redact_jsonl_stream(redactor: Redactor, source: Path, destination: Path) -> StreamResult:
    """Redact a large JSONL store into `destination` atomically."""
    first, style = first_record_and_style(source)
    trace_format = format_of(first)
    session = TraceSession(redactor, trace_format, label=str(source))
    session.record_findings = False  # counts only: a finding list would grow with the store
    recorded_at: datetime | None = None
    for _, _, record in iter_jsonl(source):
        if record is not None:
            moment = earliest_timestamp([record])
            if moment is not None and (recorded_at is None or moment < recorded_at):
                recorded_at = moment
            session.collect(record)
            if len(session.candidates) >= CHUNK_CANDIDATES:
                session.detect_pending(keep_spans=False)
    session.detect_pending(keep_spans=False)
    session.build_known_index()

    digest = hashlib.sha256()
    killpoint("before-write")
    with atomic_writer(destination) as out:
        for number, _, record in iter_jsonl(source):
            if record is None:
                data = b"\n"
            else:
                session.current_line = number
                new_record = session.rewrite(record)
                problem = trace_format.validate(new_record)
                if problem:
                    raise RedactionError(f"{source} (line {number}): {problem}")
                data = (style.dumps(new_record) + "\n").encode("utf-8", "surrogatepass")
            out.write(data)
            digest.update(data)
    return StreamResult(session.counts, "sha256:" + digest.hexdigest(), recorded_at, trace_format.name)
