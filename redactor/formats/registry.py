"""Explicit registry of formats (pre-commit style), and trace discovery on disk."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from redactor.atomic import is_temp_artifact
from redactor.errors import InputError
from redactor.formats.agent_chronicle import AgentChronicle1Format
from redactor.formats.base import Trace, TraceFile, TraceFormat, read_trace_file
from redactor.formats.chronicle0 import Chronicle0Format
from redactor.formats.generic import GenericJsonFormat
from redactor.formats.otlp import OtlpJsonFormat

# Order matters: the first format whose `matches` accepts the first record wins; generic is last.
_FORMATS_IN_ORDER: tuple[TraceFormat, ...] = (
    AgentChronicle1Format(),
    Chronicle0Format(),
    OtlpJsonFormat(),
    GenericJsonFormat(),
)
FORMATS: dict[str, TraceFormat] = {trace_format.name: trace_format for trace_format in _FORMATS_IN_ORDER}
# `.ndjson` is JSONL by another name; `.traj` is a SWE-agent trajectory (one JSON document); `.har` a browser's or a
# browser agent's HTTP archive (one JSON document; red team 47). Any of them is read by its content
# (`read_trace_file`), whatever the case of its suffix.
TRACE_SUFFIXES = (".json", ".jsonl", ".ndjson", ".traj", ".har")
GRAPH_FILE = "graph.json"
SEAL_SUFFIX = ".seal.json"
DIRECTORY_SEAL = "redactor.seal.json"


def format_of(record: Any) -> TraceFormat:
    """The first format in registry order that accepts the record (generic JSON accepts anything)."""
    return next(trace_format for trace_format in _FORMATS_IN_ORDER if trace_format.matches(record))


def detect_format(trace_files: list[TraceFile]) -> str:
    """A trace's format is that of its first envelope (a directory's graph.json says nothing)."""
    for trace_file in trace_files:
        if trace_file.relpath != GRAPH_FILE and trace_file.records:
            return format_of(trace_file.records[0]).name
    return "json"


TRACE_KINDS = f"{', '.join(TRACE_SUFFIXES)} or a trace directory"  # (for messages)


def is_trace_file_name(name: str) -> bool:
    return name.lower().endswith(TRACE_SUFFIXES)


def is_seal_file(path: Path) -> bool:
    return path.name.endswith(SEAL_SUFFIX)


def is_trace_directory(path: Path) -> bool:
    return path.is_dir() and (path / GRAPH_FILE).is_file()


def load_trace(path: Path) -> Trace:
    """A file is one trace; a directory with graph.json is one trace of several files."""
    if is_trace_directory(path):
        files_here = [p for p in path.iterdir() if p.is_file() and p.name != DIRECTORY_SEAL and not is_temp_artifact(p)]
        for other in files_here:
            if other.suffix != ".json" or is_seal_file(other):
                # Not redacted, yet committed with the trace (the gate blocks every member its seal
                # does not list): refused here rather than left raw beside redacted envelopes.
                raise InputError(str(other), "a trace directory holds only its graph.json and .json envelopes; "
                                             "move this file out of it")
        members = sorted(files_here)
        files = [read_trace_file(member, member.name) for member in members]
        return Trace(root=path, is_directory=True, format_name=detect_format(files), files=files)
    if not path.is_file():
        raise InputError(str(path), "no such file")
    trace_file = read_trace_file(path, "")
    return Trace(root=path, is_directory=False, format_name=detect_format([trace_file]), files=[trace_file])


def discover_traces(paths: Iterable[Path], skipped: list[Path] | None = None) -> Iterator[tuple[Path, Path]]:
    """Yield (trace path, base directory for mirroring) for every trace under the given paths; the
    files a walked directory holds that are neither traces nor seals go to `skipped` (the caller says
    so: with `--in-place` they stay as they were)."""
    for given in paths:
        if not given.exists():
            raise InputError(str(given), "no such file or directory")
        if given.is_file() or is_trace_directory(given):
            yield given, given.parent
            continue
        yield from ((trace, given) for trace in _walk(given, {given.resolve()}, skipped))


def _walk(directory: Path, seen: set[Path], skipped: list[Path] | None) -> Iterator[Path]:
    """Traces under `directory`. A linked directory is walked too (commands that must not follow a
    link refuse what is behind it by name), but each real directory once: a link loop ends."""
    for entry in sorted(directory.iterdir()):
        if entry.name.startswith(".") or is_temp_artifact(entry):
            continue
        if entry.is_dir():
            if is_trace_directory(entry):
                yield entry
            elif (real := entry.resolve()) not in seen:
                seen.add(real)
                yield from _walk(entry, seen, skipped)
        elif is_trace_file_name(entry.name) and not is_seal_file(entry):
            yield entry
        elif skipped is not None and not is_seal_file(entry) and entry.name != DIRECTORY_SEAL:
            skipped.append(entry)
