"""Bounded-memory redaction of large JSONL stores.

The in-memory path holds a whole trace (it needs every string before it can rewrite any, so that
a value found late is still scrubbed where it appeared early). For a store of gigabytes that is
not acceptable, so large JSONL files are read line by line, in passes:

1. collect and detect in chunks, keeping only the store's *known values* (the distinct sensitive
   values found), never the lines themselves;
2. rewrite each line (every occurrence of a known value, found through the value index) into a
   temp file in the destination directory, hashing as it goes; then rename it into place.

The known values are the one thing that grows with the store (a value index costs about 1 KiB per
value, and building it peaks near 40 bytes per character of the values). Past `SHARD_VALUES` values
or `SHARD_CHARS` characters they are spilled to *unnamed* temp files (no path, so a kill leaves
nothing behind) and split into shards by length, longest first; the rewrite then runs once per
shard, each pass over the previous pass's output (again an unnamed temp file; only the last pass
writes the destination). Each pass holds one shard's index, so memory stays bounded whatever the
size of the store. A store with fewer values (the common case) is rewritten in one pass.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import IO, Any, BinaryIO

from redactor.atomic import atomic_writer
from redactor.engine import MIN_KNOWN_VALUE_LENGTH, Redactor, TraceSession
from redactor.errors import InputError, RedactionError
from redactor.faults import killpoint
from redactor.formats.base import (
    JsonStyle,
    NumberSpelling,
    TraceFormat,
    decode_text,
    parse_jsonl_line,
    sniff_style,
    written_like,
    written_over,
)
from redactor.formats.registry import format_of
from redactor.seal import earliest_timestamp

# Files at least this large are streamed; smaller ones take the in-memory path (same output).
# REDACTOR_STREAM_THRESHOLD (bytes) overrides it, e.g. to stream everything on a small machine.
STREAM_THRESHOLD_BYTES = int(os.environ.get("REDACTOR_STREAM_THRESHOLD", str(32 * 1024 * 1024)))
# Analyse collected candidates once this many distinct strings are pending.
CHUNK_CANDIDATES = 20_000
# Known values held in memory at once: building their index peaks near 4 KiB a value (about 1.2 KiB
# once built), so 50k values bound that to ~200 MiB; beyond, they spill and the rewrite takes more passes.
SHARD_VALUES = int(os.environ.get("REDACTOR_STREAM_SHARD_VALUES", "50000"))
# ... and their characters: building the index peaks near 40 bytes per character of the values.
SHARD_CHARS = int(os.environ.get("REDACTOR_STREAM_SHARD_CHARS", "4000000"))


JsonlLine = tuple[int, str, dict[str, Any] | None, bool]


def iter_jsonl(path: Path, handle: IO[bytes] | None = None) -> Iterator[JsonlLine]:
    """Yield (line number, decoded line without newline, record or None for blank lines, whether
    Python writes a number of the line another way: see `NumberSpelling`) of the file at `path`, or
    of `handle` (an earlier pass's output; `path` then only names it in errors)."""
    if handle is not None:
        handle.seek(0)
        yield from _iter_lines(path, handle)
        return
    try:
        opened = path.open("rb")
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror}") from None
    with opened:
        yield from _iter_lines(path, opened)


def _iter_lines(path: Path, handle: IO[bytes]) -> Iterator[JsonlLine]:
    for number, raw_line in enumerate(handle, start=1):
        raw = raw_line[3:] if number == 1 and raw_line.startswith(b"\xef\xbb\xbf") else raw_line
        if not raw.strip():
            yield number, "", None, False
            continue
        text, _ = decode_text(path, raw)
        line = text.rstrip("\r\n")
        spelling = NumberSpelling(line)
        record = parse_jsonl_line(path, number, line, spelling)
        yield number, line, record, spelling.respelled


def first_record_and_style(path: Path) -> tuple[dict[str, Any], JsonStyle]:
    """The first record, and the store's style as its first line shows it (line end included)."""
    for _, line, record, _ in iter_jsonl(path):
        if record is not None:
            return record, replace(sniff_style(line, bom=False), newline=_first_line_end(path))
    raise InputError(str(path), "empty file")


def _first_line_end(path: Path) -> str:
    with path.open("rb") as handle:
        return "\r\n" if handle.readline().endswith(b"\r\n") else "\n"


@dataclass(frozen=True)
class StreamResult:
    counts: Counter[str]
    digest: str  # sha256 of the bytes written
    recorded_at: datetime | None  # earliest timestamp seen: the recording time
    format_name: str


class KnownValueSpill:
    """Known values beyond what memory may hold, in unnamed temp files in `directory`.

    The files hold raw values, so they never have a name: a kill (or any exit) frees them with
    the process, and no path is ever left on disk with raw data in it.
    """

    def __init__(self, directory: Path, stack: ExitStack) -> None:
        self._directory = directory
        self._stack = stack
        self._file: IO[bytes] | None = None
        self._lengths: Counter[int] = Counter()

    def __bool__(self) -> bool:
        return bool(self._lengths)

    def _unnamed_file(self) -> IO[bytes]:
        return self._stack.enter_context(tempfile.TemporaryFile(dir=self._directory))

    def add(self, values: Iterable[tuple[str, str]]) -> None:
        if self._file is None:
            self._file = self._unnamed_file()
        for value, entity in values:
            self._file.write(_spill_line(value, entity))
            self._lengths[len(value)] += 1

    def shards(self, max_values: int, max_chars: int) -> list[IO[bytes]]:
        """Split the spilled values into shards of at most about `max_values` entries and `max_chars`
        characters (an index's size follows its characters: a shard of long tokens and PEM blocks
        costs several times one of emails), by length, longest first (a longer value is rewritten
        before a shorter one it may contain); one length over either bound is split further by a
        hash of the value."""
        assert self._file is not None
        plan: dict[int, tuple[int, int]] = {}  # length -> (first shard, number of shards)
        shard_count = 0
        filled_values = filled_chars = 0
        current_is_full = True  # no shard is open yet
        for length in sorted(self._lengths, reverse=True):
            entries = self._lengths[length]
            chars = entries * length
            if entries > max_values or chars > max_chars:
                parts = min(entries, max(-(-entries // max_values), -(-chars // max_chars)))
                plan[length] = (shard_count, parts)
                shard_count += parts
                current_is_full = True
                continue
            if current_is_full or filled_values + entries > max_values or filled_chars + chars > max_chars:
                shard_count += 1
                filled_values = filled_chars = 0
                current_is_full = False
            plan[length] = (shard_count - 1, 1)
            filled_values += entries
            filled_chars += chars
        files = [self._unnamed_file() for _ in range(shard_count)]
        self._file.seek(0)
        for line in self._file:
            value, _ = _read_spill_line(line)
            first, parts = plan[len(value)]
            index = first if parts == 1 else first + zlib.crc32(value.encode("utf-8", "surrogatepass")) % parts
            files[index].write(line)
        self._file.close()
        return files


def _spill_line(value: str, entity: str) -> bytes:
    return (json.dumps([value, entity]) + "\n").encode("ascii")


def _read_spill_line(line: bytes) -> tuple[str, str]:
    value, entity = json.loads(line)
    return str(value), str(entity)


def _load_shard(session: TraceSession, shard: IO[bytes], short_values: dict[str, str]) -> None:
    """Make one shard the session's known values (plus the short ones, which every pass keeps)."""
    # Drop the previous shard's index and cached rewrites first: two indexes alive at once would
    # double the peak this module exists to bound.
    session.known_index = session.guess_index = None
    session.rewritten.clear()
    session.value_type = dict(short_values)
    shard.seek(0)
    for line in shard:
        session.note_value(*_read_spill_line(line))
    session.build_known_index()


def redact_jsonl_stream(redactor: Redactor, source: Path, destination: Path) -> StreamResult:
    """Redact a large JSONL store into `destination` atomically."""
    first, style = first_record_and_style(source)
    trace_format = format_of(first)
    session = TraceSession(redactor, trace_format, label=str(source))
    session.join_streams = False  # (its records are never held together: each streamed piece stands alone)
    session.record_findings = False  # counts only: a finding list would grow with the store
    destination.parent.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        spill = KnownValueSpill(destination.parent, stack)
        recorded_at = _collect_and_detect(session, source, spill)
        shards: list[IO[bytes] | None] = [None]  # None: the values in memory are the whole set
        short_values: dict[str, str] = {}
        if spill:
            _spill_long_values(session, spill)
            short_values = dict(session.value_type)
            shards = list(spill.shards(SHARD_VALUES, SHARD_CHARS))  # each value is now in one shard
            # A secret-named key's value is replaced in the pass whose shard holds it (its token type
            # comes from there); payloads in the first pass, so later passes never see them.
            session.sharded = True
        killpoint("before-write")
        previous: IO[bytes] | None = None
        for number, shard in enumerate(shards):
            if shard is None:
                session.build_known_index()
            else:
                _load_shard(session, shard, short_values)
                shard.close()
                session.replace_payloads = number == 0
            if number == len(shards) - 1:
                with atomic_writer(destination) as out:
                    digest = _rewrite_pass(session, trace_format, style, source, previous, out, validate=True)
            else:
                # Not validated yet: keys of later shards are still raw, and a schema error quotes keys.
                between = stack.enter_context(tempfile.TemporaryFile(dir=destination.parent))
                _rewrite_pass(session, trace_format, style, source, previous, between, validate=False)
                if previous is not None:
                    previous.close()  # at most two copies of the store on disk at any time
                previous = between
    return StreamResult(session.counts, digest, recorded_at, trace_format.name)


def _collect_and_detect(session: TraceSession, source: Path, spill: KnownValueSpill) -> datetime | None:
    """Pass 1: every candidate of the store analysed, in chunks; known values spilled past the limit."""
    recorded_at: datetime | None = None
    for _, _, record, _ in iter_jsonl(source):
        if record is None:
            continue
        moment = earliest_timestamp([record])
        if moment is not None and (recorded_at is None or moment < recorded_at):
            recorded_at = moment
        session.collect(record)
        if len(session.candidates) >= CHUNK_CANDIDATES:
            session.detect_pending(keep_spans=False)
            _spill_past_limit(session, spill)
    session.detect_pending(keep_spans=False)
    _spill_past_limit(session, spill)
    return recorded_at


def _spill_past_limit(session: TraceSession, spill: KnownValueSpill) -> None:
    if len(session.value_type) > SHARD_VALUES or sum(map(len, session.value_type)) > SHARD_CHARS:
        _spill_long_values(session, spill)


def _spill_long_values(session: TraceSession, spill: KnownValueSpill) -> None:
    """Move the values the index will hold to the spill; the short ones (few, and mostly matched
    through their strings' spans) stay in memory for every pass."""
    spill.add((v, e) for v, e in session.value_type.items() if len(v) >= MIN_KNOWN_VALUE_LENGTH)
    session.value_type = {v: e for v, e in session.value_type.items() if len(v) < MIN_KNOWN_VALUE_LENGTH}


def _rewrite_pass(
    session: TraceSession, trace_format: TraceFormat, style: JsonStyle, source: Path, previous: IO[bytes] | None,
    out: BinaryIO | IO[bytes], validate: bool,
) -> str:
    """Rewrite every line of `source` (or of the previous pass's output) into `out`; return its digest."""
    digest = hashlib.sha256()
    for number, line, record, respelled in iter_jsonl(source, previous):
        if record is None:
            data = style.newline.encode("ascii")
        else:
            session.current_line = number
            new_record = session.rewrite(record)
            problem = trace_format.validate(new_record) if validate else None
            if problem:
                raise RedactionError(f"{source} (line {number}): after redaction, {problem}")
            text = written_over(line, new_record, style)
            if text is None:
                text = style.dumps(new_record)
                text = written_like(text, line) if respelled else text
            data = (text + style.newline).encode("utf-8")
        out.write(data)
        digest.update(data)
    return "sha256:" + digest.hexdigest()
