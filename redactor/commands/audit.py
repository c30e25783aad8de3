"""`redactor audit ROOT`: seal status, policy version, class, age, expiry and violations of every
trace fixture under ROOT.

What is checked, per fixture (each failed check is one violation kind, see `ALL_KINDS`):
- the trace parses (`unreadable`), has a seal (`unsealed`) that can be read (`invalid-seal`);
- the seal's file digests match the bytes on disk and its MAC matches when the key is at hand
  (`tampered`); it was made under the current policy (`outdated-policy`);
- a residual scan (secrets and structured PII, no NER) finds nothing (`residual-findings`);
- retention and access rules hold (`redactor.retention`: expired, class-not-allowed, ...).

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
from redactor.engine import Redactor
from redactor.errors import FatalError, KeyConfigError, SealError
from redactor.formats.registry import (
    DIRECTORY_SEAL,
    SEAL_SUFFIX,
    is_seal_file,
    is_trace_directory,
    is_trace_file_name,
    load_trace,
)
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
ALL_KINDS = (UNREADABLE, UNSEALED, INVALID_SEAL, TAMPERED, OUTDATED_POLICY, RESIDUAL, ORPHAN_SEAL,
             *retention.VIOLATION_KINDS)
# Trace names as the gate sees them: case-insensitive, and `.ndjson` is JSONL by another name.
MAX_LISTED_FINDINGS = 5


@dataclass
class FixtureReport:
    path: str  # relative to the base, POSIX: what the policy's globs are matched against
    location: Path  # on disk
    is_directory: bool
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

    def to_dict(self, current_digest: str) -> dict[str, Any]:
        assessment = self.assessment
        seal = self.seal
        return {
            "path": self.path,
            "kind": "directory" if self.is_directory else "file",
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


@dataclass
class AuditReport:
    root: Path
    base: Path
    now: datetime
    policy: Policy
    fixtures: list[FixtureReport] = field(default_factory=list)

    def violation_counts(self) -> Counter[str]:
        return Counter(kind for fixture in self.fixtures for kind in fixture.kinds())

    def failing(self, fail_on: frozenset[str]) -> list[FixtureReport]:
        return [fixture for fixture in self.fixtures if fail_on.intersection(fixture.kinds())]

    def to_dict(self, fail_on: frozenset[str]) -> dict[str, Any]:
        return {
            "fixtures": [fixture.to_dict(self.policy.digest) for fixture in self.fixtures],
            "summary": {
                "root": str(self.root),
                "base": str(self.base),
                "now": format_timestamp(self.now),
                "policy": {"name": self.policy.name, "digest": self.policy.digest},
                "fixtures": len(self.fixtures),
                "sealed": sum(fixture.sealed for fixture in self.fixtures),
                "unsealed": sum(not fixture.sealed for fixture in self.fixtures),
                "expired": sum(fixture.expired for fixture in self.fixtures),
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


def iter_fixtures(root: Path, base: Path, policy: Policy) -> Iterator[tuple[Path, str]]:
    """Every trace under ROOT (files and trace directories), minus the policy's fixture excludes."""
    for location, orphan in walk_store(root):
        if orphan:
            continue
        path = relative_path(location, base)
        if policy.fixture_excludes and retention.matches_any(path, policy.fixture_excludes):
            continue
        yield location, path


def walk_store(root: Path) -> Iterator[tuple[Path, bool]]:
    """(path, is_orphan_seal) for every trace and every seal without its trace under ROOT.

    Unlike redaction's discovery, nothing is skipped by its name: a dot-named file or directory,
    a `.redactor-tmp-*` leftover of an interrupted write and `RUN.JSONL` may all hold raw data,
    and the gate blocks each of them at commit time, so the audit of a store must list them too."""
    if not root.is_dir() or is_trace_directory(root):
        yield root, _is_orphan_seal(root)
        return
    yield from _walk(root, {root.resolve()})


def _walk(directory: Path, seen: set[Path]) -> Iterator[tuple[Path, bool]]:
    for entry in sorted(directory.iterdir()):
        if entry.name == ".git":
            continue
        if entry.is_dir():
            if is_trace_directory(entry):
                yield entry, False
            elif (real := entry.resolve()) not in seen:  # each real directory once: a link loop ends
                seen.add(real)
                yield from _walk(entry, seen)
        elif is_seal_file(entry) or entry.name == DIRECTORY_SEAL:
            if _is_orphan_seal(entry):
                yield entry, True
        elif is_trace_file_name(entry.name):
            yield entry, False


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


class Auditor:
    """Inspects fixtures one at a time; heavy parts (detectors, the key) load on first use."""

    def __init__(self, policy: Policy, now: datetime, scan: bool = True) -> None:
        self.policy = policy
        self.now = now
        self.scan = scan
        self.rules = retention.rules_for(policy)
        self._scanner: Redactor | None = None
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
    auditor = Auditor(policy, now, scan=scan)
    for location, orphan in walk_store(root):
        path = relative_path(location, resolved_base)
        if policy.fixture_excludes and retention.matches_any(path, policy.fixture_excludes):
            continue
        report.fixtures.append(orphan_report(location, resolved_base) if orphan else auditor.inspect(location, path))
    return report


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
    if fixture.seal is None:
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
    return (f"{data['fixtures']} fixture(s): {data['sealed']} sealed, {data['unsealed']} unsealed, "
            f"{data['expired']} expired; violations: {counts}; failing ({_fail_on_label(fail_on)}): "
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
