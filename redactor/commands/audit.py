"""`redactor audit ROOT`: seal status, policy version, class, age, expiry and violations of every
trace fixture under ROOT.

What is checked, per fixture (each failed check is one violation kind, see `ALL_KINDS`):
- the trace parses (`unreadable`), has a seal (`unsealed`) that can be read (`invalid-seal`);
- the seal's file digests match the bytes on disk and its MAC matches when the key is at hand
  (`tampered`); it was made under the current policy (`outdated-policy`);
- a residual scan (secrets and structured PII, no NER) finds nothing (`residual-findings`);
- retention and access rules hold (`redactor.retention`: expired, class-not-allowed, ...).

Every other file under ROOT (neither a trace nor a seal) is reported as the gate sees a file under a
fixture root that is no trace (`redactor.gate.strays`): one that may hide a trace is `stray-file`
(compressed, JSON under another name), one that is not UTF-8 text is `binary`, one too large to read
is `oversized`, and any other is scanned as text (`text-findings`). The names in every reported
path are scanned as the gate scans them (`sensitive-path`); a value found there is masked wherever
the report shows the path.

Paths are reported, and matched against the policy's globs, relative to a base directory: the git
work tree that contains ROOT, else the current directory if it contains ROOT, else ROOT itself
(`--base` overrides). Nothing here prints a value from a trace: findings carry entity types and
JSON paths only.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from redactor import retention
from redactor.engine import Redactor, masked_preview
from redactor.errors import FatalError, InputError, KeyConfigError, SealError
from redactor.formats.registry import (
    DIRECTORY_SEAL,
    SEAL_SUFFIX,
    is_seal_file,
    is_trace_directory,
    is_trace_file_name,
    load_trace,
)
from redactor.gate.allowlist import ALLOWLIST_NAME, Allowlist
from redactor.gate.model import BINARY, OVERSIZED, REASON_TITLES, SENSITIVE_PATH, STRAY, SYMLINK, TEXT_FINDINGS
from redactor.gate.names import IN_PATH, path_names, scan_names
from redactor.gate.residual import Flagged, ResidualScanner, listed_findings
from redactor.gate.source import Oversized, read_disk
from redactor.gate.strays import DEFAULT_MAX_FILE_SIZE, inspect_stray
from redactor.policy import Policy
from redactor.replacement.keys import PseudonymKey, load_key
from redactor.seal import Seal, format_timestamp, mac_problem, read_seal, seal_path_for, sha256_bytes

UNREADABLE = "unreadable"
UNSEALED = "unsealed"
INVALID_SEAL = "invalid-seal"
TAMPERED = "tampered"
OUTDATED_POLICY = "outdated-policy"
RESIDUAL = "residual-findings"
ORPHAN_SEAL = "orphan-seal"
# The gate's reason codes, for what the gate blocks under a fixture root besides traces.
GATE_KINDS = (STRAY, BINARY, OVERSIZED, TEXT_FINDINGS, SENSITIVE_PATH, SYMLINK)
ALL_KINDS = (UNREADABLE, UNSEALED, INVALID_SEAL, TAMPERED, OUTDATED_POLICY, RESIDUAL, ORPHAN_SEAL,
             *retention.VIOLATION_KINDS, *GATE_KINDS)
# What the walk of a store finds: a trace, a seal without its trace, a symbolic link, or any other file.
TRACE = "trace"
ORPHAN = "orphan"
LINK = "link"
OTHER = "other"
# Trace names as the gate sees them: case-insensitive, and `.ndjson` is JSONL by another name.
MAX_LISTED_FINDINGS = 5


@dataclass
class FixtureReport:
    path: str  # relative to the base, POSIX: what the policy's globs are matched against (masked once scanned)
    location: Path  # on disk
    is_directory: bool
    other: bool = False  # neither a trace nor a seal: a file the gate would scan as text, or block
    seal: Seal | None = None
    format_name: str | None = None
    content_matches: bool = False  # every byte on disk is covered by the seal's digests
    assessment: retention.Assessment | None = None
    violations: list[retention.Violation] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)

    @property
    def sealed(self) -> bool:
        return self.seal is not None

    @property
    def expired(self) -> bool:
        return self.assessment is not None and self.assessment.expired

    def kinds(self) -> list[str]:
        return [violation.kind for violation in self.violations]

    def mask(self, value: str, preview: str) -> None:
        """A value found in a name of the path: never shown, not even as the path of the file."""
        self.path = self.path.replace(value, preview)
        self.violations = [retention.Violation(v.kind, v.message.replace(value, preview)) for v in self.violations]
        self.findings = [{**f, "file": str(f["file"]).replace(value, preview)} for f in self.findings]

    def to_dict(self, current_digest: str) -> dict[str, Any]:
        assessment = self.assessment
        seal = self.seal
        return {
            "path": self.path,
            "kind": OTHER if self.other else "directory" if self.is_directory else "file",
            "format": self.format_name,
            "sealed": self.sealed,
            "expired": self.expired,
            "expires_at": _iso(assessment.expires_at if assessment else None),
            "access_class": assessment.access_class if assessment else None,
            "owners": list(assessment.owners) if assessment else [],
            "violations": [violation.to_dict() for violation in self.violations],
            "policy": None if seal is None else {
                "name": seal.policy_name, "digest": seal.policy_digest,
                "current": seal.policy_digest == current_digest,
            },
            "recorded_at": _iso(assessment.recorded_at if assessment else None),
            "age_days": _days(assessment.age if assessment else None),
            "max_age_days": _days(assessment.max_age if assessment else None),
            "retention_rule": assessment.retention_rule if assessment else None,
            "findings": self.findings,
        }


def masked_text(text: str, masks: dict[str, str]) -> str:
    """`text` with each value found in a name replaced by its masked preview (longest first: a value may
    hold another)."""
    for value, preview in sorted(masks.items(), key=lambda item: len(item[0]), reverse=True):
        text = text.replace(value, preview)
    return text


@dataclass
class AuditReport:
    root: Path
    base: Path
    now: datetime
    policy: Policy
    fixtures: list[FixtureReport] = field(default_factory=list)
    masks: dict[str, str] = field(default_factory=dict)  # value found in a name -> its masked preview

    def masked(self, text: str) -> str:
        return masked_text(text, self.masks)

    def violation_counts(self) -> Counter[str]:
        return Counter(kind for fixture in self.fixtures for kind in fixture.kinds())

    def failing(self, fail_on: frozenset[str]) -> list[FixtureReport]:
        return [fixture for fixture in self.fixtures if fail_on.intersection(fixture.kinds())]

    def to_dict(self, fail_on: frozenset[str]) -> dict[str, Any]:
        traces = [fixture for fixture in self.fixtures if not fixture.other]
        return {
            "fixtures": [fixture.to_dict(self.policy.digest) for fixture in self.fixtures],
            "summary": {
                "root": self.masked(str(self.root)),
                "base": self.masked(str(self.base)),
                "now": format_timestamp(self.now),
                "policy": {"name": self.policy.name, "digest": self.policy.digest},
                "fixtures": len(traces),
                "other_files": len(self.fixtures) - len(traces),
                "sealed": sum(fixture.sealed for fixture in traces),
                "unsealed": sum(not fixture.sealed for fixture in traces),
                "expired": sum(fixture.expired for fixture in traces),
                "with_violations": sum(bool(fixture.violations) for fixture in self.fixtures),
                "violations": dict(sorted(self.violation_counts().items())),
                "fail_on": sorted(fail_on),
                "failing": len(self.failing(fail_on)),
            },
        }


def parse_fail_on(value: str) -> frozenset[str]:
    """`any`, `none`, or a comma-separated list of violation kinds."""
    text = value.strip()
    if text == "any":
        return frozenset(ALL_KINDS)
    if text == "none":
        return frozenset()
    chosen = frozenset(part.strip() for part in text.split(",") if part.strip())
    unknown = sorted(chosen - set(ALL_KINDS))
    if unknown or not chosen:
        raise FatalError(f"--fail-on: unknown kind(s) {', '.join(unknown) or '(empty)'} "
                         f"(use any, none, or some of: {', '.join(ALL_KINDS)})")
    return chosen


def find_base(root: Path) -> Path:
    resolved = root.resolve()
    start = resolved if resolved.is_dir() else resolved.parent
    for candidate in (start, *start.parents):
        if (candidate / ".git").exists():
            return candidate
    cwd = Path.cwd().resolve()
    if resolved.is_relative_to(cwd):
        return cwd
    return start


def relative_path(location: Path, base: Path) -> str:
    resolved = location.resolve() if not location.is_symlink() else location.parent.resolve() / location.name
    try:
        return resolved.relative_to(base).as_posix()
    except ValueError:
        return resolved.as_posix()  # outside the base (e.g. reached through a link): absolute, matches no glob


def iter_fixtures(root: Path, base: Path, policy: Policy) -> Iterator[tuple[Path, str, bool]]:
    """Every trace under ROOT (files and trace directories), minus the policy's fixture excludes, with
    whether it is reached through a symbolic link: a link named as a trace or to a directory, which
    may hold traces (purge refuses it by name rather than pass over it; nothing is read through it)."""
    for location, kind in walk_store(root):
        is_link = kind == LINK
        if kind != TRACE and not (is_link and (location.is_dir() or is_trace_file_name(location.name))):
            continue
        path = relative_path(location, base)
        if policy.fixture_excludes and retention.matches_any(path, policy.fixture_excludes):
            continue
        yield location, path, is_link


def walk_store(root: Path) -> Iterator[tuple[Path, str]]:
    """(path, TRACE, ORPHAN, LINK or OTHER) for every trace, every seal without its trace, every symbolic
    link (never followed: the gate blocks one at, above or under a fixture root, and what it reaches is
    outside the store) and every other file under ROOT (a trace directory's files belong to it: its seal
    must cover them).

    Unlike redaction's discovery, nothing is skipped by its name: a dot-named file or directory,
    a `.redactor-tmp-*` leftover of an interrupted write, `RUN.JSONL`, `run.jsonl.gz` and a CSV export
    may all hold raw data, and the gate blocks each of them at commit time, so the audit of a store
    must list them too."""
    if root.is_dir() and not is_trace_directory(root):
        yield from _walk(root, {root.resolve()})
    elif _is_orphan_seal(root):
        yield root, ORPHAN
    else:
        yield root, _file_kind(root)


def _file_kind(path: Path) -> str:
    named_as_trace = is_trace_file_name(path.name) or is_seal_file(path) or path.name == DIRECTORY_SEAL
    return TRACE if named_as_trace or is_trace_directory(path) else OTHER


def _walk(directory: Path, seen: set[Path]) -> Iterator[tuple[Path, str]]:
    for entry in sorted(directory.iterdir()):
        if entry.name == ".git":
            continue
        if entry.is_symlink():
            yield entry, LINK
        elif entry.is_dir():
            if is_trace_directory(entry):
                yield entry, TRACE
            elif (real := entry.resolve()) not in seen:  # each real directory once (a bind mount's loop ends)
                seen.add(real)
                yield from _walk(entry, seen)
        elif is_seal_file(entry) or entry.name == DIRECTORY_SEAL:
            if _is_orphan_seal(entry):
                yield entry, ORPHAN
        else:
            yield entry, _file_kind(entry)


def _is_orphan_seal(path: Path) -> bool:
    """A seal whose trace is gone (deleted without it, or renamed away from it)."""
    if path.name == DIRECTORY_SEAL:
        return not is_trace_directory(path.parent)
    if not is_seal_file(path):
        return False
    return not os.path.lexists(path.with_name(path.name[: -len(SEAL_SUFFIX)]))


def orphan_report(location: Path, base: Path) -> FixtureReport:
    path = relative_path(location, base)
    report = FixtureReport(path=path, location=location, is_directory=False)
    report.violations.append(retention.Violation(
        ORPHAN_SEAL, "a seal without its trace (deleted or renamed away); remove it, or restore the trace"))
    return report


def link_report(location: Path, path: str) -> FixtureReport:
    """A symbolic link, reported by its name and never read through (its target may be anywhere)."""
    report = FixtureReport(path=path, location=location, is_directory=False, other=True)
    report.violations.append(_gate_violation(SYMLINK, "not followed; replace it with the files it points to, "
                                                      "redacted and sealed"))
    return report


class Auditor:
    """Inspects fixtures one at a time; heavy parts (detectors, the key) load on first use."""

    def __init__(self, policy: Policy, now: datetime, scan: bool = True, allowlist: Allowlist | None = None) -> None:
        self.policy = policy
        self.now = now
        self.scan = scan
        self.rules = retention.rules_for(policy)
        self.allowlist = allowlist
        self._scanner: Redactor | None = None
        self._gate_scanner: ResidualScanner | None = None
        self._key: PseudonymKey | None = None
        self._key_loaded = False

    def key(self) -> PseudonymKey | None:
        if not self._key_loaded:
            self._key_loaded = True
            try:
                self._key = load_key(required=False)
            except KeyConfigError:
                self._key = None  # the MAC cannot be checked here; digests and the scan still are
        return self._key

    def scanner(self) -> Redactor:
        if self._scanner is None:
            self._scanner = Redactor(self.policy, None, ner=False, scan_only=True)
        return self._scanner

    def gate_scanner(self) -> ResidualScanner:
        """The gate's scanner, for names and text files: what it flags there, the gate blocks."""
        if self._gate_scanner is None:
            self._gate_scanner = ResidualScanner(self.policy, self.allowlist)
        return self._gate_scanner

    def inspect_other(self, location: Path, path: str) -> FixtureReport:
        """A file that is neither a trace nor a seal, judged as the gate judges one under a fixture root."""
        report = FixtureReport(path=path, location=location, is_directory=False, other=True)
        try:
            data = read_disk(location.parent, location.name, DEFAULT_MAX_FILE_SIZE)
        except InputError as exc:
            data = None
            report.violations.append(retention.Violation(UNREADABLE, exc.reason))
        if isinstance(data, Oversized):
            report.violations.append(_gate_violation(OVERSIZED, f"{data.size:,} bytes, too large to inspect; keep "
                                                                "it out of the fixtures"))
        elif data is not None:
            self._judge_other(report, data)
        return report

    def _judge_other(self, report: FixtureReport, data: bytes) -> None:
        scanner = self.gate_scanner() if self.scan else None
        verdict = inspect_stray(report.location.name, data, scanner, report.path)
        if verdict.code == STRAY:
            report.violations.append(_gate_violation(STRAY, f"{verdict.detail}; move it out of the fixtures, or "
                                                            "store it as a .jsonl/.json trace and redact that"))
        elif verdict.code == BINARY:
            report.violations.append(_gate_violation(BINARY, "not UTF-8 text, so it cannot be scanned; keep it "
                                                             "out of the fixtures"))
        elif verdict.code is not None:
            report.violations.append(retention.Violation(UNREADABLE, f"the text scan failed: {verdict.detail}"))
        else:
            kept = self._unsuppressed(report, verdict.flagged)
            if kept:
                report.violations.append(_gate_violation(TEXT_FINDINGS, f"{_listed(kept)}; remove the flagged "
                                                                        "values, or keep it out of the fixtures"))

    def scan_path(self, report: FixtureReport, masks: dict[str, str]) -> None:
        """The names in the reported path (and a trace directory's files, and the names its seal lists)
        hold no secret and no structured PII; a value found there is masked wherever it would show (`masks`:
        the whole report's, value -> masked preview)."""
        names = [report.path]
        if report.is_directory:
            names += [entry.name for entry in sorted(report.location.iterdir())]
        if report.seal is not None:
            names += list(report.seal.files)
        kept = self._unsuppressed(report, scan_names(self.gate_scanner(), report.path, path_names(names), IN_PATH))
        if not kept:
            return
        report.violations.append(_gate_violation(SENSITIVE_PATH, f"{_listed(kept)}; rename it so that no name "
                                                                 "holds the value (shown masked)"))
        for value in sorted({item.value for item in kept}, key=len, reverse=True):
            preview = masked_preview(value)
            report.mask(value, preview)
            masks[value] = preview

    def _unsuppressed(self, report: FixtureReport, flagged: list[Flagged]) -> list[Flagged]:
        """The findings no allow-list covers (the policy's, the repository's); listed without values."""
        kept, _suppressed = self.gate_scanner().partition(flagged)
        report.findings += [{"file": report.path, "path": item.finding.path, "entity_type": item.finding.entity_type}
                            for item in kept]
        return kept

    def inspect(self, location: Path, path: str) -> FixtureReport:
        is_directory = is_trace_directory(location)
        report = FixtureReport(path=path, location=location, is_directory=is_directory)
        seal_path = seal_path_for(location, is_directory)
        if not seal_path.is_file():
            report.violations.append(retention.Violation(
                UNSEALED, f"no seal ({seal_path.name}): not redacted; run `redactor redact {path} --in-place`"))
        else:
            try:
                report.seal = read_seal(seal_path)
            except SealError:
                report.violations.append(retention.Violation(
                    INVALID_SEAL, f"seal {seal_path.name} is unreadable; re-seal with `redactor redact {path} "
                    "--in-place`"))
        trace = None
        try:
            trace = load_trace(location)
            report.format_name = trace.format_name
        except FatalError:
            report.violations.append(retention.Violation(UNREADABLE, "the trace does not parse"))
        if report.seal is not None:
            self._check_seal(report)
            report.assessment = retention.assess_with(self.rules, path, report.seal, self.now)
            report.violations.extend(report.assessment.violations)
        if trace is not None and self.scan:
            try:
                findings = self.scanner().redact_trace(trace).findings
            except FatalError:
                findings = []
                report.violations.append(retention.Violation(UNREADABLE, "the residual scan failed"))
            if findings:
                report.findings = [{"file": relative_path(Path(f.file), location.parent), "path": f.path,
                                    "entity_type": f.entity_type} for f in findings]
                listed = ", ".join(f"{f.entity_type} at {f.path}" for f in findings[:MAX_LISTED_FINDINGS])
                more = f" and {len(findings) - MAX_LISTED_FINDINGS} more" if len(findings) > MAX_LISTED_FINDINGS else ""
                report.violations.append(retention.Violation(
                    RESIDUAL, f"{len(findings)} residual finding(s): {listed}{more}"))
        return report

    def _check_seal(self, report: FixtureReport) -> None:
        seal = report.seal
        assert seal is not None
        problem = content_mismatch(report.location, report.is_directory, seal)
        if problem is None:
            problem = mac_problem(seal, self.key())
        report.content_matches = problem is None
        if problem is None and report.is_directory and (extra := uncovered_files(report.location)):
            # Reported, but the sealed members still match: purge names these files when it refuses.
            problem = f"file(s) not covered by the seal: {', '.join(extra)}"
        if problem is not None:
            report.violations.append(retention.Violation(
                TAMPERED, f"modified after redaction: {problem}; re-redact with `redactor redact {report.path} "
                "--in-place`"))
        if seal.policy_digest != self.policy.digest:
            report.violations.append(retention.Violation(
                OUTDATED_POLICY, f"sealed under an older policy ({seal.policy_name or '?'} "
                f"{seal.policy_digest[:19] or '?'}, current {self.policy.name} {self.policy.digest[:19]}); "
                f"re-redact with `redactor redact {report.path} --in-place`"))


def _gate_violation(code: str, detail: str) -> retention.Violation:
    """A violation named and titled as the gate's reason of the same code."""
    return retention.Violation(code, f"{REASON_TITLES[code]}: {detail}")


def _listed(flagged: list[Flagged]) -> str:
    """`2 finding(s): EMAIL_ADDRESS (line 2), CREDIT_CARD (line 2)`: entity types and lines, no value."""
    return f"{len(flagged)} finding(s): {listed_findings(flagged, previews=False, limit=MAX_LISTED_FINDINGS)}"


def trace_members(directory: Path) -> list[Path]:
    """The files of a trace directory that the seal must cover (what `load_trace` reads)."""
    from redactor.atomic import is_temp_artifact

    return sorted(p for p in directory.iterdir()
                  if p.is_file() and p.suffix == ".json" and not is_seal_file(p) and not is_temp_artifact(p))


def uncovered_files(directory: Path) -> list[str]:
    """Files of a trace directory that are neither members nor its seal: a `.jsonl`, a `notes.txt`
    or a temp leftover beside the envelopes is content the seal does not cover (the gate counts it)."""
    members = {member.name for member in trace_members(directory)} | {DIRECTORY_SEAL}
    return sorted(entry.name for entry in directory.iterdir() if entry.name not in members)


def content_mismatch(location: Path, is_directory: bool, seal: Seal) -> str | None:
    """None when the bytes on disk are exactly what the seal covers; else what differs (no content)."""
    expected = seal.files
    if not expected:
        return "the seal lists no files"
    if is_directory:
        actual = {member.name: member for member in trace_members(location)}
        missing = sorted(set(expected) - set(actual))
        extra = sorted(set(actual) - set(expected))
        if missing:
            return f"sealed file(s) missing: {', '.join(missing)}"
        if extra:
            return f"file(s) not covered by the seal: {', '.join(extra)}"
        pairs: Iterable[tuple[str, Path]] = actual.items()
    else:
        if len(expected) != 1:
            return "a file trace's seal must list exactly one file"
        # A renamed fixture (git mv, with its seal) is still the same content: compare the digest only.
        pairs = [(next(iter(expected)), location)]
    for name, member in pairs:
        try:
            data = member.read_bytes()
        except OSError:
            return f"{name} cannot be read"
        if sha256_bytes(data) != expected.get(name):
            return f"content of {name or location.name} differs from its seal"
    return None


def run(root: Path, policy: Policy, now: datetime, base: Path | None = None, scan: bool = True) -> AuditReport:
    if not root.exists():
        raise FatalError(f"{root}: no such file or directory")
    resolved_base = (base or find_base(root)).resolve()
    report = AuditReport(root=root, base=resolved_base, now=now, policy=policy)
    auditor = Auditor(policy, now, scan=scan, allowlist=load_allowlist(resolved_base))
    for location, kind in walk_store(root):
        path = relative_path(location, resolved_base)
        if policy.fixture_excludes and retention.matches_any(path, policy.fixture_excludes):
            continue
        if kind == ORPHAN:
            fixture = orphan_report(location, resolved_base)
        elif kind == LINK:
            fixture = link_report(location, path)
        elif kind == OTHER:
            fixture = auditor.inspect_other(location, path)
        else:
            fixture = auditor.inspect(location, path)
        auditor.scan_path(fixture, report.masks)
        report.fixtures.append(fixture)
    return report


def load_allowlist(base: Path) -> Allowlist | None:
    """The repository's allow-list (`.redactor-allowlist.json` at the base), as the gate reads it:
    a known-safe value the gate lets through is no violation here either."""
    path = base / ALLOWLIST_NAME
    return Allowlist.parse(path.read_bytes(), str(path)) if path.is_file() else None


# ----- rendering ---------------------------------------------------------------------------------


def render(report: AuditReport, output_format: str, fail_on: frozenset[str]) -> str:
    if output_format == "json":
        return json.dumps(report.to_dict(fail_on), indent=2)
    rows = [_row(fixture) for fixture in report.fixtures]
    header = ("path", "seal", "class", "age", "expires", "violations")
    summary = _summary_line(report, fail_on)
    details = [(fixture.path, violation) for fixture in report.fixtures for violation in fixture.violations]
    if output_format == "markdown":
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(_md(cell) for cell in row) + " |" for row in rows]
        if details:
            lines += ["", "### Violations", ""]
            lines += [f"- `{path}`: **{v.kind}**: {_md(v.message)}" for path, v in details]
        return "\n".join([*lines, "", summary])
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
             for row in (header, *rows)]
    if details:
        lines += ["", *(f"{path}: {v.kind}: {v.message}" for path, v in details)]
    return "\n".join([*lines, "", summary])


def _row(fixture: FixtureReport) -> tuple[str, str, str, str, str, str]:
    assessment = fixture.assessment
    if fixture.other:
        seal_state = "-"  # not a trace: nothing to seal
    elif fixture.seal is None:
        seal_state = "none"
    elif not fixture.content_matches:
        seal_state = "tampered"
    else:
        seal_state = "current" if OUTDATED_POLICY not in fixture.kinds() else "old-policy"
    age = _days(assessment.age if assessment else None)
    expires = _iso(assessment.expires_at if assessment else None)
    return (
        fixture.path,
        seal_state,
        (assessment.access_class if assessment else None) or "-",
        "-" if age is None else f"{age}d",
        (expires or "never")[:10] if assessment else "-",
        ",".join(dict.fromkeys(fixture.kinds())) or "ok",
    )


def _summary_line(report: AuditReport, fail_on: frozenset[str]) -> str:
    data = report.to_dict(fail_on)["summary"]
    counts = ", ".join(f"{kind}={count}" for kind, count in data["violations"].items()) or "none"
    others = f"; {data['other_files']} other file(s)" if data["other_files"] else ""
    return (f"{data['fixtures']} fixture(s): {data['sealed']} sealed, {data['unsealed']} unsealed, "
            f"{data['expired']} expired{others}; violations: {counts}; failing ({_fail_on_label(fail_on)}): "
            f"{data['failing']} (policy {report.policy.name}, now {data['now']})")


def _fail_on_label(fail_on: frozenset[str]) -> str:
    if fail_on == frozenset(ALL_KINDS):
        return "any"
    return ",".join(sorted(fail_on)) or "none"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _iso(moment: datetime | None) -> str | None:
    return format_timestamp(moment) if moment is not None else None


def _days(delta: timedelta | None) -> int | None:
    """Whole days, rounded down (a fixture 89 days 23 hours old is 89 days old)."""
    return None if delta is None else delta // timedelta(days=1)
