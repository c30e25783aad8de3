"""`redactor check PATH...`: the pre-commit gate. Orchestrates `redactor.gate`.

For every trace fixture among the paths (and every trace a changed path belongs to), in order:
1. it must parse (fail closed);
2. it must carry a seal that vouches for the bytes being committed, under the current policy
   (and whose MAC verifies, when the key that made it is here);
3. the residual scan must find no secret and no structured PII (no NER, ever);
4. the checks in `EXTRA_CHECKS` must pass (retention and access rules by default).

What is checked is what is committed: inside a git repository the staged blobs are read from
the index, unless `--working-tree` says to read the files on disk.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath
from typing import cast

from redactor.atomic import atomic_write_bytes
from redactor.errors import DetectorError, InputError, PolicyError
from redactor.formats.base import TraceFile, decode_text, parses_losslessly, read_trace_file
from redactor.formats.registry import DIRECTORY_SEAL, GRAPH_FILE, SEAL_SUFFIX, detect_format
from redactor.gate.allowlist import ALLOWLIST_NAME, Allowlist
from redactor.gate.model import (
    BINARY,
    BLOCKED,
    DELETED,
    DETECTOR_ERROR,
    DUPLICATE_KEY,
    EXCLUDED,
    IGNORED,
    NOT_REDACTED,
    OVERSIZED,
    PASSED,
    RECORDING_TIME_MOVED,
    RESIDUAL,
    RETENTION,
    SEAL_INVALID,
    STRAY,
    SYMLINK,
    UNPARSEABLE,
    CheckReport,
    Reason,
    TraceCheck,
)
from redactor.gate.residual import Flagged, ResidualScanner
from redactor.gate.seals import parse_seal, verify
from redactor.gate.source import (
    ContentSource,
    GitIndexSource,
    Oversized,
    WorkingTreeSource,
    read_disk,
    repository_root,
)
from redactor.gate.targets import TraceTarget, classify, expand, fixture_roots, group
from redactor.policy import Policy, load_policy, resolve_policy_path
from redactor.replacement.keys import PseudonymKey, load_key
from redactor.seal import Seal, format_timestamp

DEFAULT_MAX_FILE_SIZE = 8 * 1024 * 1024
_SEAL_MAX_SIZE = 1024 * 1024


@dataclass(frozen=True)
class GateContext:
    """What an extra check may look at: one fixture that passed parsing, as staged."""

    policy: Policy
    rel: str  # repository-relative path (a trace directory's path for directory traces)
    seal: Seal | None
    members: dict[str, bytes]
    now: datetime


GateCheck = Callable[[GateContext], list[Reason]]


def retention_check(context: GateContext) -> list[Reason]:
    """Retention and access rules (`redactor.retention`), when the policy has those sections."""
    if "retention" not in context.policy.raw and "access" not in context.policy.raw:
        return []
    from redactor import retention

    return [Reason(RETENTION, f"{RETENTION_TITLE}: {v.kind}: {v.message}")
            for v in retention.evaluate(context.policy, context.rel, context.seal, context.now)]


RETENTION_TITLE = "retention or access rule broken"
# Extension point: further checks (e.g. capture metadata) append themselves here. Each runs on
# every fixture that parsed; a returned reason blocks it.
EXTRA_CHECKS: list[GateCheck] = [retention_check]


@dataclass
class CheckOptions:
    paths: list[Path]
    policy: str = "default"
    working_tree: bool = False
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    allowlist: Path | None = None
    update_allowlist_reason: str | None = None
    cwd: Path | None = None
    now: datetime | None = None


@dataclass
class _Run:
    options: CheckOptions
    policy: Policy
    source: ContentSource
    cwd: Path
    in_git: bool
    scanner: ResidualScanner
    key: PseudonymKey | None
    now: datetime
    pending: dict[int, list[Flagged]] = field(default_factory=dict)  # id(check) -> unsuppressed

    def display(self, rel: str) -> str:
        return os.path.relpath(self.source.root / rel, self.cwd) if rel else os.path.relpath(self.source.root, self.cwd)


class _StagedPath(PurePosixPath):
    """`read_trace_file` parses `path.read_bytes()`; this path returns staged bytes instead, so the
    index is parsed by exactly the code that parses files on disk (same JSON/JSONL rules)."""

    data: bytes = b""

    def read_bytes(self) -> bytes:
        return self.data


def _parse(display: str, relpath: str, data: bytes) -> TraceFile:
    path = _StagedPath(display)
    path.data = data
    return read_trace_file(cast(Path, path), relpath)


def run(options: CheckOptions) -> CheckReport:
    # The gate never runs an operator: skip presidio-anonymizer's validation (a ~1 s import).
    policy = load_policy(options.policy, check_operators=False)
    cwd = (options.cwd or Path.cwd()).resolve()
    git_root = repository_root(cwd)
    source: ContentSource
    if git_root is not None and not options.working_tree:
        source = GitIndexSource(git_root)
    else:
        source = WorkingTreeSource(git_root or cwd)
    report = CheckReport(source=source.description, policy_name=policy.name)
    try:
        _refuse_unstaged_policy(resolve_policy_path(options.policy), source)
        allowlist_path = options.allowlist or source.root / ALLOWLIST_NAME
        allowlist = _load_allowlist(source, allowlist_path)
        if allowlist is None and options.update_allowlist_reason is not None:
            allowlist = Allowlist.empty(str(allowlist_path))
        state = _Run(options, policy, source, cwd, git_root is not None, ResidualScanner(policy, allowlist),
                     load_key(required=False), options.now or datetime.now(timezone.utc))
        for target, changed in group(expand(options.paths, cwd, source.root, source), source):
            report.results.append(_check_trace(state, target, changed))
        report.results.extend(_linked_roots(state, {result.rel for result in report.results}))
        if options.update_allowlist_reason is not None and allowlist is not None:
            report.allowlist_added = _update_allowlist(state, report, allowlist, allowlist_path)
    finally:
        source.close()
    return report


def _load_allowlist(source: ContentSource, path: Path) -> Allowlist | None:
    try:
        rel = path.resolve().relative_to(source.root).as_posix()
        # Only a committed (staged) allowlist may suppress findings in what is being committed.
        data = source.read(rel, _SEAL_MAX_SIZE) if source.staged(rel) else None
    except ValueError:
        data = path.read_bytes() if path.is_file() else None
    if isinstance(data, Oversized):
        data = None
    return Allowlist.parse(data, str(path)) if data is not None else None


def _check_trace(state: _Run, target: TraceTarget, changed: list[str]) -> TraceCheck:
    check = TraceCheck(state.display(target.rel), target.rel, target.is_directory)
    kind = classify(target, state.policy)
    if kind.kind == "ignored":
        if not _exists_anywhere(state, target.rel):
            raise InputError(check.display, "no such file or directory (neither staged, nor on disk, nor at HEAD)")
        check.status = IGNORED
        return check
    if kind.kind == "excluded":
        check.status = EXCLUDED
        check.note = f"excluded by policy '{state.policy.name}' fixtures.exclude {kind.glob!r}"
        return check
    if state.source.is_symlink(target.rel):
        check.block(SYMLINK, f"{check.display} is a link; commit the files themselves")
        return _finish(state, check)
    if kind.kind == "stray":
        return _check_stray(state, check, target, changed, kind.root or "")
    members = _members(state, target)
    if members is None:
        return _absent(state, check, target, changed)
    check.seal_display = state.display(target.seal_rel)
    files: list[TraceFile] = []
    for name, data in members.items():
        member_display = state.display(f"{target.rel}/{name}" if target.is_directory else target.rel)
        if isinstance(data, Oversized):
            check.block(OVERSIZED, f"{member_display} is {data.size:,} bytes, over the gate's limit of "
                                   f"{state.options.max_file_size:,}")
            continue
        try:
            parsed = _parse(member_display, name if target.is_directory else "", data)
        except InputError as exc:
            check.block(BINARY if "binary" in exc.reason else UNPARSEABLE, str(exc))
            continue
        if not parses_losslessly(data, parsed.layout):
            # `{"email": "<raw>", "email": "<token>"}`: the residual scan walks parsed records, which
            # keep only the last value; the raw one would be committed unseen.
            check.block(DUPLICATE_KEY, f"{member_display}; redact it again (the redactor keeps the last value)")
            continue
        files.append(parsed)
    if check.status == BLOCKED:
        return _finish(state, check)
    staged = {name: data for name, data in members.items() if isinstance(data, bytes)}
    seal = _verify_seal(state, check, target, staged)
    _residual(state, check, target, files, staged)
    context = GateContext(state.policy, target.rel, seal, staged, state.now)
    for extra in EXTRA_CHECKS:
        for reason in extra(context):
            check.reasons.append(reason)
            check.status = BLOCKED
    return _finish(state, check)


def _members(state: _Run, target: TraceTarget) -> dict[str, bytes | Oversized] | None:
    limit = state.options.max_file_size
    if not target.is_directory:
        data = state.source.read(target.rel, limit)
        return None if data is None else {PurePosixPath(target.rel).name: data}
    # Every file in a trace directory is a member the seal must list (a `.jsonl` or a leftover temp
    # file dropped next to sealed envelopes is content being committed, not something to skip).
    names = [n for n in state.source.children(target.rel) if n != DIRECTORY_SEAL]
    if GRAPH_FILE not in names:
        return None
    members: dict[str, bytes | Oversized] = {}
    for name in names:
        data = state.source.read(f"{target.rel}/{name}", limit)
        if data is not None:
            members[name] = data
    return members


def _absent(state: _Run, check: TraceCheck, target: TraceTarget, changed: list[str]) -> TraceCheck:
    """The trace is not in what is being committed: deleted (pass), an orphaned seal (pass), or
    a path that never existed (a usage error, exit 2)."""
    only_seal = all(p == target.seal_rel for p in changed)
    seal_data = state.source.read(target.seal_rel, _SEAL_MAX_SIZE) if only_seal else None
    if isinstance(seal_data, bytes) and isinstance(parse_seal(seal_data), str):
        # A file named like a seal is never scanned as a trace: it must be a seal.
        check.seal_display = state.display(target.seal_rel)
        check.block(SEAL_INVALID, f"{check.seal_display} is named like a seal but is not one; a trace "
                                  "may not be committed under a seal's name")
        return _finish(state, check)
    if only_seal or any(state.source.was_committed(p) for p in changed):
        check.status = DELETED
        check.note = "seal without its trace" if only_seal else "deleted"
        return check
    _refuse_what_is_on_disk(state, check.display, target.rel)
    raise InputError(check.display, "no such file or directory (neither staged nor on disk)")


def _refuse_unstaged_policy(policy_path: Path, source: ContentSource) -> None:
    """A policy file the repository tracks must be checked as staged: an unstaged edit (`exclude:
    ["fixtures/**"]`) would otherwise decide what a commit that does not contain it may hold."""
    if not isinstance(source, GitIndexSource):
        return
    try:
        rel = policy_path.resolve().relative_to(source.root.resolve()).as_posix()
    except ValueError:
        return  # outside the repository: not part of any commit
    if not source.staged(rel):
        return
    staged = source.read(rel, _SEAL_MAX_SIZE)
    try:
        on_disk = policy_path.read_bytes()
    except OSError as exc:
        raise PolicyError(f"{rel}: cannot read the policy: {exc.strerror or type(exc).__name__}") from None
    if staged != on_disk:
        raise PolicyError(f"{rel}: the policy has unstaged changes; the gate checks what is committed, under "
                          f"the policy that is committed: stage the policy (`git add {shlex.quote(rel)}`) or "
                          "undo the changes")


def _refuse_what_is_on_disk(state: _Run, display: str, rel: str) -> None:
    """Something is on disk where neither the index nor HEAD has a file: say what it is (a FIFO, a
    link loop, a file git ignores) rather than "no such file"."""
    if not os.path.lexists(state.source.root / rel):
        return
    try:
        found = read_disk(state.source.root, rel, 0)
    except InputError as exc:
        raise InputError(display, exc.reason) from None
    if found is not None:
        raise InputError(display, "on disk but ignored by git (.gitignore), so it would not be committed; "
                                  "check it with --working-tree")


def _exists_anywhere(state: _Run, rel: str) -> bool:
    """Whether a path named on the command line is something: staged, untracked, on disk (even as a
    dangling link or a file git ignores), or at HEAD (a deletion)."""
    source = state.source
    return (not rel or source.exists(rel) or os.path.lexists(source.root / rel) or source.was_committed(rel)
            or bool(source.files_under(rel)))


# Written compressed or under a near-miss of a trace name, a recording is still a recording: the
# gate cannot verify such a file, so under a fixture root it is blocked rather than skipped.
_COMPRESSED_MAGIC = {b"\x1f\x8b": "gzip", b"BZh": "bzip2", b"\xfd7zXZ\x00": "xz", b"\x28\xb5\x2f\xfd": "zstd",
                     b"PK\x03\x04": "zip"}
_TRACE_LIKE_SUFFIXES = (".json", ".jsonl", ".ndjson", ".json5", ".jsonc")
_COMPRESSED_SUFFIXES = (".gz", ".bz2", ".xz", ".zst", ".zip", ".tgz")


def _stray_problem(name: str, data: bytes) -> str | None:
    """Why a file under a fixture root that no include glob names may hide a trace, or None."""
    stripped = name.rstrip(" .")
    lowered = stripped.lower()
    if stripped != name and lowered.endswith(_TRACE_LIKE_SUFFIXES):
        return "named like a trace with trailing spaces or dots (the same file as the trace on Windows)"
    for magic, kind in _COMPRESSED_MAGIC.items():
        if data.startswith(magic):
            return f"{kind}-compressed: the gate cannot verify compressed content"
    if lowered.endswith(_COMPRESSED_SUFFIXES):
        return "named as a compressed file: the gate cannot verify compressed content"
    if _parses_as_json(data):
        return "JSON/JSONL content in a file not named as a trace (*.json, *.jsonl)"
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


def _check_stray(state: _Run, check: TraceCheck, target: TraceTarget, changed: list[str], root: str) -> TraceCheck:
    """A path at, above or under a fixture root that no include glob names (`run.jsonl.gz`,
    `run.jsonl `, `run`, `notes.txt`): blocked when it may hold a trace, passed (not a fixture) when
    it is plainly something else, such as a README."""
    data = state.source.read(target.rel, state.options.max_file_size)
    if data is None:
        if any(state.source.was_committed(p) for p in changed):
            check.status = DELETED
            check.note = "deleted"
            return check
        _refuse_what_is_on_disk(state, check.display, target.rel)
        check.status = IGNORED
        return check
    if isinstance(data, Oversized):
        check.block(OVERSIZED, f"{check.display} is {data.size:,} bytes, under the fixture root {root}/, and too "
                               "large to inspect")
        return _finish(state, check)
    problem = _stray_problem(PurePosixPath(target.rel).name, data)
    if problem is None:
        check.status = IGNORED
        check.note = f"under the fixture root {root}/ but not a trace (not JSON)"
        return check
    check.block(STRAY, f"{check.display}: {problem}")
    return _finish(state, check)


def _linked_roots(state: _Run, seen: set[str]) -> list[TraceCheck]:
    """A fixture root, or a directory above one, committed as a symbolic link (`fixtures` ->
    `recordings/`): the files replay reads under fixtures/ are then stored, unchecked, elsewhere.
    Checked on every run, whichever paths changed, since the link may predate this commit."""
    found: list[TraceCheck] = []
    for root in fixture_roots(state.policy):
        parts = root.split("/")
        for depth in range(1, len(parts) + 1):
            prefix = "/".join(parts[:depth])
            if prefix in seen or not state.source.is_symlink(prefix):
                continue
            seen.add(prefix)
            check = TraceCheck(state.display(prefix), prefix, False)
            check.block(SYMLINK, f"{check.display} is a link, and the fixture root {root}/ is at or under it; "
                                 "commit a real directory")
            found.append(_finish(state, check))
    return found


def _verify_seal(state: _Run, check: TraceCheck, target: TraceTarget, staged: dict[str, bytes]) -> Seal | None:
    data = state.source.read(target.seal_rel, _SEAL_MAX_SIZE)
    if data is None:
        check.block(NOT_REDACTED, f"expected {check.seal_display}")
        return None
    member_paths = [f"{target.rel}/{name}" for name in staged] if target.is_directory else [target.rel]
    if any(state.source.staged(p) for p in member_paths) and not state.source.staged(target.seal_rel):
        # The trace goes into the commit, its seal would not: a file on disk vouches for nothing.
        check.block(NOT_REDACTED, f"{check.seal_display} is not staged (git add it, or re-redact)")
        return None
    if isinstance(data, Oversized):
        check.block(SEAL_INVALID, f"{check.seal_display} is {data.size:,} bytes")
        return None
    seal = parse_seal(data)
    if isinstance(seal, str):
        check.block(SEAL_INVALID, f"{check.seal_display}: {seal}")
        return None
    verify(check, seal, staged, state.policy, state.key)
    _compare_with_head(state, check, target, seal, data)
    return seal


def _compare_with_head(state: _Run, check: TraceCheck, target: TraceTarget, seal: Seal, data: bytes) -> None:
    """A seal replaced at the same path must not restart the fixture's age: deleting an expired
    fixture's seal and redacting it again would stamp it "recorded now". A later recording time is
    accepted only for new content whose own timestamps say so (a genuinely new recording)."""
    previous_data = state.source.committed(target.seal_rel, _SEAL_MAX_SIZE)
    if not isinstance(previous_data, bytes) or previous_data == data:
        return
    previous = parse_seal(previous_data)
    if isinstance(previous, str) or previous.recorded_at is None or seal.recorded_at is None:
        return
    if seal.recorded_at <= previous.recorded_at:
        return
    same_content = dict(previous.files) == dict(seal.files)
    from_trace = seal.document.get("recorded_at_source") == "trace"
    if same_content or not from_trace:
        check.block(RECORDING_TIME_MOVED, f"{check.seal_display} at HEAD says recorded at "
                                          f"{format_timestamp(previous.recorded_at)}, the staged one "
                                          f"{format_timestamp(seal.recorded_at)}; restore the committed seal "
                                          f"(git checkout HEAD -- {shlex.quote(check.seal_display or '')}), or "
                                          "remove the fixture in its own commit before adding a new recording")


def _residual(state: _Run, check: TraceCheck, target: TraceTarget, files: list[TraceFile],
              staged: dict[str, bytes]) -> None:
    format_name = detect_format(files)
    flagged: list[Flagged] = []
    try:
        for trace_file in files:
            name = trace_file.relpath or PurePosixPath(target.rel).name
            display = state.display(f"{target.rel}/{name}" if target.is_directory else target.rel)
            text, _bom = decode_text(Path(display), staged[name])
            plan = state.scanner.plan(text)
            if plan is not None:
                flagged.extend(state.scanner.scan_file(trace_file, format_name, display, plan))
    except DetectorError as exc:
        check.block(DETECTOR_ERROR, str(exc))
        return
    kept, suppressed = state.scanner.partition(flagged)
    check.suppressed.extend(suppressed)
    if kept:
        check.findings.extend(item.finding for item in kept)
        state.pending[id(check)] = kept
        check.block(RESIDUAL, f"{len(kept)} finding(s)")


def _finish(state: _Run, check: TraceCheck) -> TraceCheck:
    if check.status == BLOCKED:
        check.fix = fix_command(state, check)
    return check


def fix_command(state: _Run, check: TraceCheck) -> str:
    """The exact command that fixes the blocked trace (shell-quoted, runnable as printed)."""
    codes = {reason.code for reason in check.reasons}
    target = shlex.quote(check.display)
    untrack = f"git rm --cached {target}" if state.in_git else f"rm {target}"
    if codes & {BINARY, OVERSIZED}:
        return f"keep it out of the fixtures: {untrack}"
    if SYMLINK in codes:
        return f"replace the link with the files themselves (redacted and sealed): {untrack}"
    if STRAY in codes:
        return (f"move it out of the fixture root ({untrack}), or store it as a .jsonl/.json trace "
                "(decompressed, renamed) and redact that")
    policy = "" if state.options.policy == "default" else f" --policy {shlex.quote(state.options.policy)}"
    redact = f"redactor redact {target} --in-place{policy}"
    if state.in_git:
        seal = "" if check.is_directory else " " + shlex.quote(check.seal_display or check.display + SEAL_SUFFIX)
        redact += f" && git add {target}{seal}"
    if UNPARSEABLE in codes:
        return f"repair or re-export the file as JSON/JSONL, then: {redact}"
    if codes <= {RETENTION}:
        return "see the retention/access reason above (e.g. `redactor purge --expired --apply`)"
    if codes <= {RESIDUAL, RETENTION, DETECTOR_ERROR} and not codes & {NOT_REDACTED}:
        allow = (f"redactor check --update-allowlist --reason '<why it is safe>' {target}"
                 f"{policy}")
        return f"{redact}   (or, if every flagged value is a known-safe test value: {allow})"
    return redact


def _update_allowlist(state: _Run, report: CheckReport, allowlist: Allowlist, path: Path) -> int:
    """Accept every residual finding of this run; the values are hashed, never written."""
    reason = state.options.update_allowlist_reason or ""
    before = len(allowlist.entries)
    for check in report.results:
        kept = state.pending.pop(id(check), [])
        if not kept:
            continue
        for item in kept:
            f = item.finding
            entry = allowlist.add(item.value, f.entity_type, reason, f"{f.file} {f.path}", state.now)
            check.suppressed.append(type(f)(f.file, f.line, f.path, f.entity_type, f.preview, f.detector,
                                            entry.describe()))
        check.findings.clear()
        check.reasons = [r for r in check.reasons if r.code != RESIDUAL]
        check.status = BLOCKED if check.reasons else PASSED
        check.fix = fix_command(state, check) if check.reasons else None
    added = len(allowlist.entries) - before
    if added:
        atomic_write_bytes(path, allowlist.to_bytes())
    return added

