"""Files under a fixture root that are not traces: what may hide a trace, and what is scanned as text.

Shared by the gate (`redactor check`, on staged blobs) and the store audit (`redactor audit`, on the
files on disk), so that both call the same file the same thing: a store the audit calls clean holds
nothing the gate would block for these reasons.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from redactor.errors import DetectorError, InputError
from redactor.formats.base import decode_text
from redactor.gate.model import BINARY, DETECTOR_ERROR, STRAY
from redactor.gate.residual import Flagged, ResidualScanner

# Larger files are not read into memory (`oversized`): the gate's `--max-file-size` default.
DEFAULT_MAX_FILE_SIZE = 8 * 1024 * 1024

# Written compressed or under a near-miss of a trace name, a recording is still a recording: the
# gate cannot verify such a file, so under a fixture root it is blocked rather than skipped.
COMPRESSED_MAGIC = {b"\x1f\x8b": "gzip", b"BZh": "bzip2", b"\xfd7zXZ\x00": "xz", b"\x28\xb5\x2f\xfd": "zstd",
                    b"PK\x03\x04": "zip"}
TRACE_LIKE_SUFFIXES = (".json", ".jsonl", ".ndjson", ".json5", ".jsonc", ".har")
COMPRESSED_SUFFIXES = (".gz", ".bz2", ".xz", ".zst", ".zip", ".tgz")


def stray_problem(name: str, data: bytes) -> str | None:
    """Why a file under a fixture root that no include glob names may hide a trace, or None."""
    stripped = name.rstrip(" .")
    lowered = stripped.lower()
    if stripped != name and lowered.endswith(TRACE_LIKE_SUFFIXES):
        return "named like a trace with trailing spaces or dots (the same file as the trace on Windows)"
    for magic, kind in COMPRESSED_MAGIC.items():
        if data.startswith(magic):
            return f"{kind}-compressed: the gate cannot verify compressed content"
    if lowered.endswith(COMPRESSED_SUFFIXES):
        return "named as a compressed file: the gate cannot verify compressed content"
    if _parses_as_json(data):
        return "JSON/JSONL content in a file not named as a trace (*.json, *.jsonl)"
    if b"!!binary" in data:
        # VCR.py's cassettes keep a compressed response body so unless told to decode it (red team 32)
        return "YAML !!binary data (a recorded body, often compressed): the gate cannot read it"
    return None


def _parses_as_json(data: bytes) -> bool:
    try:
        text, _bom = decode_text(Path("-"), data)
    except InputError:
        return False
    try:
        json.loads(text)
        return True
    except (ValueError, RecursionError):
        pass
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        return bool(lines) and all(isinstance(json.loads(line), (dict, list)) for line in lines)
    except (ValueError, RecursionError):
        return False


def as_text(data: bytes) -> str | None:
    """The file's text; None when it is not UTF-8 text (binary, another encoding)."""
    if not data.strip():
        return ""
    try:
        return decode_text(Path("-"), data)[0]
    except InputError:
        return None


@dataclass(frozen=True)
class StrayVerdict:
    """What a file that is no trace holds: a reason code that blocks it as a whole (`stray-file`,
    `binary`, `detector-error`) with its detail, or (code None) the findings of the text scan."""

    code: str | None
    detail: str = ""
    flagged: list[Flagged] = field(default_factory=list)


def inspect_stray(name: str, data: bytes, scanner: ResidualScanner | None, display: str) -> StrayVerdict:
    """A file under a fixture root that is no trace: one that may hide a trace is `stray-file`; any other
    (prose, YAML, CSV, HTML, a log) is scanned as text with the residual scan's detectors, since a raw
    prompt or an export of customers must not pass as "not a fixture"; content that is not UTF-8 text
    cannot be scanned (`binary`: fail closed). No scanner: no text scan (`audit --no-scan`)."""
    problem = stray_problem(name, data)
    if problem is not None:
        return StrayVerdict(STRAY, problem)
    text = as_text(data)
    if text is None:
        return StrayVerdict(BINARY, "not UTF-8 text")
    if scanner is None:
        return StrayVerdict(None)
    try:
        return StrayVerdict(None, flagged=scanner.scan_text(text, display))
    except DetectorError as exc:
        return StrayVerdict(DETECTOR_ERROR, str(exc))
