"""The gate's result types. Nothing here holds a value from a fixture: findings carry the entity
type, the JSON path and a masked preview only."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

# Reason codes (stable: the JSON and SARIF outputs use them as rule ids).
UNPARSEABLE = "unparseable"
BINARY = "binary"
OVERSIZED = "oversized"
NOT_REDACTED = "not-redacted"
SEAL_INVALID = "seal-invalid"
MODIFIED = "modified-after-redaction"
OLDER_POLICY = "older-policy"
FORGED = "forged-seal"
RESIDUAL = "residual-findings"
DETECTOR_ERROR = "detector-error"
RETENTION = "retention-access"
DUPLICATE_KEY = "duplicate-key"
STRAY = "stray-file"
SYMLINK = "symlink"
SUBMODULE = "submodule"
RECORDING_TIME_MOVED = "recording-time-moved"
POLICY_CHANGED = "policy-changed"
SENSITIVE_PATH = "sensitive-path"
TEXT_FINDINGS = "text-findings"
INTERNAL_ERROR = "internal-error"
ORPHAN_SEAL = "seal-without-trace"

REASON_TITLES = {
    UNPARSEABLE: "unparseable: not a JSON/JSONL trace",
    BINARY: "binary file",
    OVERSIZED: "oversized file",
    NOT_REDACTED: "not redacted (no seal)",
    SEAL_INVALID: "seal unreadable or of an unknown schema",
    MODIFIED: "modified after redaction (content does not match its seal)",
    OLDER_POLICY: "redacted under an older or different policy",
    FORGED: "forged seal (MAC does not verify with the key that made it)",
    RESIDUAL: "residual sensitive data found by the residual scan",
    DETECTOR_ERROR: "a detector failed on this file (fail closed)",
    RETENTION: "retention or access rule broken",
    DUPLICATE_KEY: "a JSON object repeats a key (the parser keeps only the last value, so an earlier one "
                   "is never scanned)",
    STRAY: "not a checkable trace, under a fixture root",
    SYMLINK: "symbolic link at, above or under a fixture root (what replay reads through it is not what "
             "the gate checks)",
    SUBMODULE: "submodule (gitlink) at, above or under a fixture root (what replay reads through it is another "
               "repository's content, which the gate never sees)",
    RECORDING_TIME_MOVED: "recording time moved forward against the seal at HEAD (the fixture's age would "
                          "restart)",
    POLICY_CHANGED: "policy changed in this commit",
    SENSITIVE_PATH: "sensitive data in a file or directory name",
    TEXT_FINDINGS: "sensitive data in a file under a fixture root that is not a trace",
    INTERNAL_ERROR: "the gate met a bug while checking this path (fail closed; the other paths were checked)",
    ORPHAN_SEAL: "a seal committed without its trace (it vouches for nothing, and anything may ride in it)",
}
# Reasons that stand for findings (each finding listed, with a masked preview in JSON and SARIF):
# `--update-allowlist` accepts their findings.
FINDING_CODES = frozenset({RESIDUAL, SENSITIVE_PATH, TEXT_FINDINGS})

# Statuses of one trace.
BLOCKED = "blocked"
PASSED = "passed"
IGNORED = "ignored"  # not a fixture path
EXCLUDED = "excluded"  # a fixture path excluded by the policy (a suppression: always reported)
DELETED = "deleted"


@dataclass(frozen=True)
class Reason:
    code: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True)
class GateFinding:
    file: str  # display path of the member file
    line: int | None
    path: str  # JSON path
    entity_type: str
    preview: str
    detector: str
    suppressed_by: str | None = None  # "allow-list <id> (reason)" or "policy allow"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"file": self.file, "line": self.line, "path": self.path,
                                "entity_type": self.entity_type, "preview": self.preview,
                                "detector": self.detector}
        if self.suppressed_by is not None:
            data["suppressed_by"] = self.suppressed_by
        return data


@dataclass
class TraceCheck:
    display: str  # as the user should type it (relative to the working directory)
    rel: str  # relative to the repository root
    is_directory: bool
    status: str = PASSED
    reasons: list[Reason] = field(default_factory=list)
    findings: list[GateFinding] = field(default_factory=list)
    suppressed: list[GateFinding] = field(default_factory=list)
    fix: str | None = None
    note: str | None = None  # e.g. which exclude glob matched, or "checked on disk (untracked)"
    seal_display: str | None = None

    def block(self, code: str, detail: str = "") -> None:
        title = REASON_TITLES[code]
        self.reasons.append(Reason(code, f"{title}: {detail}" if detail else title))
        self.status = BLOCKED

    def mask(self, value: str, preview: str) -> None:
        """Write `preview` for `value` wherever this check shows its own path: a value found in a file
        or directory name must not reach a report through the path that names the file."""
        self.display = self.display.replace(value, preview)
        self.rel = self.rel.replace(value, preview)
        if self.seal_display is not None:
            self.seal_display = self.seal_display.replace(value, preview)
        if self.note is not None:
            self.note = self.note.replace(value, preview)
        self.reasons = [Reason(r.code, r.message.replace(value, preview)) for r in self.reasons]
        self.findings = [replace(f, file=f.file.replace(value, preview)) for f in self.findings]
        self.suppressed = [replace(f, file=f.file.replace(value, preview)) for f in self.suppressed]

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.display,
            "repo_path": self.rel,
            "kind": "directory" if self.is_directory else "file",
            "status": self.status,
            "reasons": [r.to_dict() for r in self.reasons],
            "findings": [f.to_dict() for f in self.findings],
            "suppressed": [f.to_dict() for f in self.suppressed],
            "fix": self.fix,
            "note": self.note,
        }


@dataclass
class CheckReport:
    source: str  # "staged content (git index)" or "working tree"
    policy_name: str
    results: list[TraceCheck] = field(default_factory=list)
    allowlist_added: int = 0
    # Repository policy files (the policy and those it extends) that this commit changes in substance:
    # every path was then checked under the policy at HEAD as well.
    policy_changed: tuple[str, ...] = ()

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def blocked(self) -> bool:
        return any(r.status == BLOCKED for r in self.results)

    @property
    def internal_errors(self) -> bool:
        """A path the gate could not check because of a bug in the gate: the run is an error (exit 2),
        not only a blocked commit, whatever the other paths gave."""
        return any(reason.code == INTERNAL_ERROR for r in self.results for reason in r.reasons)

    @property
    def suppressions(self) -> int:
        return sum(len(r.suppressed) for r in self.results) + self.count(EXCLUDED)

    def summary(self) -> dict[str, int]:
        return {
            "checked": sum(1 for r in self.results if r.status in (PASSED, BLOCKED)),
            "blocked": self.count(BLOCKED),
            "passed": self.count(PASSED),
            "ignored": self.count(IGNORED),
            "excluded": self.count(EXCLUDED),
            "deleted": self.count(DELETED),
            "suppressed_findings": sum(len(r.suppressed) for r in self.results),
            "allowlist_added": self.allowlist_added,
        }
