"""Sensitive data in a path: a fixture named after whom it records (`fixtures/support/jane.doe@acme.com.jsonl`,
a phone number as a directory name), or a seal that lists such a name.

Each name in the path is scanned on its own, with the residual scan's detectors (the fast scan, then
presidio's confirmation for structured PII), without the file's suffixes (`.jsonl`, `.seal.json`:
`jane.doe@acme.com.jsonl` is no e-mail address to a validator that knows top-level domains) and with
`_` read as a space (`+44_20_7946_0958`). Offsets are those of the name itself, so the value found is
the very substring of the path that a report must never show. Known gap: names of people and places
(NER is not run by the gate).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redactor.engine import masked_preview
from redactor.formats.registry import SEAL_SUFFIX
from redactor.gate.model import GateFinding
from redactor.gate.residual import Flagged, ResidualScanner

# Where a finding in a name sits (reports show it where a finding in a trace shows its JSON path).
IN_PATH = "(name in the path)"
IN_SEAL = "(name listed in the seal)"

_KNOWN_SUFFIXES = (SEAL_SUFFIX, ".jsonl", ".json", ".ndjson", ".json5", ".jsonc", ".har", ".gz", ".bz2", ".xz", ".zst",
                   ".zip", ".tgz", ".tar", ".txt", ".md", ".rst", ".yaml", ".yml", ".csv", ".tsv", ".html", ".htm",
                   ".xml", ".log", ".eml", ".bak", ".tmp", ".orig", ".old")
_ANY_SUFFIX = re.compile(r"\.[A-Za-z0-9]{1,8}$")


def path_names(paths: Iterable[str]) -> list[str]:
    """Every name (file or directory) of the given repository paths, once each, in order."""
    return list(dict.fromkeys(name for path in paths for name in path.split("/") if name))


def scan_names(scanner: ResidualScanner, display: str, names: Iterable[str], where: str) -> list[Flagged]:
    flagged: list[Flagged] = []
    for name in names:
        found: dict[tuple[int, int, str], str] = {}
        for text in _readings(name):
            for span in scanner.scan_string(text):
                found.setdefault((span.start, span.end, span.entity_type), span.detector)
        for (start, end, entity_type), detector in found.items():
            value = name[start:end]
            flagged.append(Flagged(GateFinding(display, None, where, entity_type, masked_preview(value), detector),
                                   value))
    return flagged


def _readings(name: str) -> list[str]:
    """The name without its known suffixes, and without one more unknown one (`.pdf`), `_` as a
    space. Each is a prefix of the name, so offsets into a reading are offsets into the name."""
    stem = name
    while (suffix := next((s for s in _KNOWN_SUFFIXES if stem.lower().endswith(s) and len(stem) > len(s)), None)):
        stem = stem[: -len(suffix)]
    shorter = _ANY_SUFFIX.sub("", stem)
    readings = [stem] if shorter in ("", stem) else [stem, shorter]
    return [reading.replace("_", " ") for reading in readings]
