"""`redactor check PATH...`: the pre-commit gate. Orchestrates `redactor.gate`.

For every trace fixture among the paths (and every trace a changed path belongs to), in order:
1. it must parse (fail closed);
2. it must carry a seal that vouches for the bytes being committed, under the current policy
   (and whose MAC verifies, when the key that made it is here);
3. the residual scan must find no secret and no structured PII (no NER, ever);
4. the checks in `EXTRA_CHECKS` must pass (retention and access rules by default).
Its names (and the names its seal lists) must hold no secret and no structured PII either. Any
other file under a fixture root must not hide a trace, and is scanned as text. A symbolic link or a
submodule at, above or under a fixture root is blocked.

What is checked is what is committed: inside a git repository the staged blobs are read from
the index, unless `--working-tree` says to read the files on disk; so is the policy. When the
commit changes the policy, every path is checked under the policy at HEAD as well, and what only
the staged policy lets through is blocked.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath
from typing import cast

from redactor.atomic import atomic_write_bytes
from redactor.engine import masked_preview
from redactor.errors import DetectorError, FatalError, InputError, internal_error_summary
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
    FINDING_CODES,
    IGNORED,
    INTERNAL_ERROR,
    NOT_REDACTED,
    OLDER_POLICY,
    ORPHAN_SEAL,
    OVERSIZED,
    PASSED,
    POLICY_CHANGED,
    RECORDING_TIME_MOVED,
    RESIDUAL,
    RETENTION,
    SEAL_INVALID,
    SENSITIVE_PATH,
    STRAY,
    SUBMODULE,
    SYMLINK,
    TEXT_FINDINGS,
    UNPARSEABLE,
    CheckReport,
    Reason,
    TraceCheck,
)
from redactor.gate.names import IN_PATH, IN_SEAL, path_names, scan_names
from redactor.gate.policies import load_gate_policy, repository_path
from redactor.gate.residual import Flagged, ResidualScanner, listed_findings
from redactor.gate.seals import parse_seal, verify
from redactor.gate.source import (
    ContentSource,
    GitIndexSource,
    Oversized,
    WorkingTreeSource,
    read_disk,
    repository_root,
)
from redactor.gate.strays import DEFAULT_MAX_FILE_SIZE, StrayVerdict, inspect_stray
from redactor.gate.targets import TraceTarget, classify, expand, fixture_roots, group
from redactor.policy import Policy
from redactor.replacement.keys import PseudonymKey, load_key
from redactor.seal import Seal, format_timestamp

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
    # When the commit changes the policy: the repository policy files it changes, and the same run
    # under the policy at HEAD (or why that policy cannot be loaded).
    policy_files: tuple[str, ...] = ()
    at_head: _Run | None = None
    head_problem: str | None = None

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
    cwd = (options.cwd or Path.cwd()).resolve()
    git_root = repository_root(cwd)
    source: ContentSource
    if git_root is not None and not options.working_tree:
        source = GitIndexSource(git_root)
    else:
        source = WorkingTreeSource(git_root or cwd)
    try:
        # The gate never runs an operator: the policy is loaded without presidio-anonymizer's
        # validation (a ~1 s import).
        gate_policy = load_gate_policy(options.policy, source)
        policy = gate_policy.policy
        report = CheckReport(source=source.description, policy_name=policy.name, policy_changed=gate_policy.changed)
        allowlist_path = options.allowlist or source.root / ALLOWLIST_NAME
        allowlist = _load_allowlist(source, allowlist_path)
        if allowlist is None and options.update_allowlist_reason is not None:
            allowlist = Allowlist.empty(str(allowlist_path))
        state = _Run(options, policy, source, cwd, git_root is not None, ResidualScanner(policy, allowlist),
                     load_key(required=False), options.now or datetime.now(timezone.utc),
                     policy_files=gate_policy.changed, head_problem=gate_policy.head_problem)
        if gate_policy.at_head is not None:
            state.at_head = replace(state, policy=gate_policy.at_head, pending={},
                                    scanner=ResidualScanner(gate_policy.at_head, allowlist))
        # A merge being concluded commits all it brings in, whichever paths the caller named.
        paths = list(dict.fromkeys([*expand(options.paths, cwd, source.root, source), *source.merge_changes()]))
        for target, changed in group(paths, source):
            report.results.append(_check_isolated(state, target, changed))
        report.results.extend(_linked_roots_under_both(state, {result.rel for result in report.results}))
        if options.update_allowlist_reason is not None and allowlist is not None:
            report.allowlist_added = _update_allowlist(state, report, allowlist, allowlist_path)
    finally:
        source.close()
    return report


def _load_allowlist(source: ContentSource, path: Path) -> Allowlist | None:
    rel = repository_path(path, source.root)
    if rel is not None:
        # Only a committed (staged) allowlist may suppress findings in what is being committed.
        data = source.read(rel, _SEAL_MAX_SIZE) if source.staged(rel) else None
    else:
        data = path.read_bytes() if path.is_file() else None
    if isinstance(data, Oversized):
        data = None
    return Allowlist.parse(data, str(path)) if data is not None else None


def _check_path(state: _Run, target: TraceTarget, changed: list[str]) -> TraceCheck:
    """One changed path (or the trace it belongs to) as the commit holds it, under the staged policy
    and, when the commit changes the policy, under the policy at HEAD too. A value found in a name of
    the path is then masked wherever the report shows the path."""
    check = _check_trace(state, target, changed)
    names = _flagged_names(state, check)
    if state.at_head is not None:
        lost = _weakened_by_policy(state, check, _check_trace(state.at_head, target, changed))
        names += [item.value for item in lost if item.finding.path in (IN_PATH, IN_SEAL)]
    elif state.head_problem is not None:
        _unverifiable_policy_change(state, check)
    return _finish(state, _masked(state, check, names))


def _check_isolated(state: _Run, target: TraceTarget, changed: list[str]) -> TraceCheck:
    """`_check_path`, where a bug met on one path blocks that path by name and the others are still
    checked: the user learns which fixture to look at, and a commit is never let through. A domain error
    (a missing path, a git failure) still ends the run; so does a bug met on the path's name itself."""
    try:
        return _check_path(state, target, changed)
    except FatalError:
        raise
    except Exception as exc:
        if os.environ.get("REDACTOR_DEBUG") == "1":
            raise
        check = TraceCheck(state.display(target.rel), target.rel, target.is_directory)
        check.block(INTERNAL_ERROR, f"{internal_error_summary(exc)}; set REDACTOR_DEBUG=1 to see the traceback")
        _scan_names(state, check, [target.rel])
        return _finish_masked(state, check)


def _finish_masked(state: _Run, check: TraceCheck) -> TraceCheck:
    """`_finish` a check made apart from `_check_path` (a bug met, a submodule), its flagged names masked."""
    return _finish(state, _masked(state, check, _flagged_names(state, check)))


def _flagged_names(state: _Run, check: TraceCheck) -> list[str]:
    return [item.value for item in state.pending.get(id(check), []) if item.finding.path in (IN_PATH, IN_SEAL)]


def _masked(state: _Run, check: TraceCheck, names: list[str]) -> TraceCheck:
    for value in sorted(set(names), key=len, reverse=True):
        _mask(state, check, value)
    return check


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
        _scan_names(state, check, [target.rel])
        return _finish(state, check)
    if target.rel in state.source.gitlinks():
        _block_submodule(state, check, kind.root)
        return _finish(state, check)
    if kind.kind == "stray":
        return _check_stray(state, check, target, changed, kind.root or "")
    members = _members(state, target)
    if members is None:
        return _absent(state, check, target, changed)
    return _check_fixture(state, check, target, members)


def _check_fixture(state: _Run, check: TraceCheck, target: TraceTarget,
                   members: dict[str, bytes | Oversized]) -> TraceCheck:
    """A trace fixture in the commit: parsed, sealed, scanned, the extra checks, its names."""
    check.seal_display = state.display(target.seal_rel)
    paths = [target.rel, *(f"{target.rel}/{name}" for name in members)] if target.is_directory else [target.rel]
    files = _parse_members(state, check, target, members)
    if check.status == BLOCKED:
        _scan_names(state, check, paths)
        return _finish(state, check)
    staged = {name: data for name, data in members.items() if isinstance(data, bytes)}
    seal = _verify_seal(state, check, target, staged)
    _residual(state, check, target, files, staged)
    context = GateContext(state.policy, target.rel, seal, staged, state.now)
    for extra in EXTRA_CHECKS:
        for reason in extra(context):
            check.reasons.append(reason)
            check.status = BLOCKED
    _scan_names(state, check, paths, seal)
    return _finish(state, check)


def _parse_members(state: _Run, check: TraceCheck, target: TraceTarget,
                   members: dict[str, bytes | Oversized]) -> list[TraceFile]:
    """Each member parsed as a trace; `check` is blocked for each one that cannot be (fail closed)."""
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
    return files


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
    """The trace is not in what is being committed: deleted with its seal (pass), a seal committed without
    it (blocked), or a path that never existed (a usage error, exit 2)."""
    only_seal = all(p == target.seal_rel for p in changed)
    seal_data = state.source.read(target.seal_rel, _SEAL_MAX_SIZE) if only_seal else None
    if seal_data is not None:
        # A seal added or changed with no trace beside it: a hand-written file named like a seal would pass
        # unread (red team 32). A file named like a seal is never scanned as a trace: it must be a seal.
        check.seal_display = state.display(target.seal_rel)
        if isinstance(seal_data, bytes) and isinstance(parse_seal(seal_data), str):
            check.block(SEAL_INVALID, f"{check.seal_display} is named like a seal but is not one; a trace "
                                      "may not be committed under a seal's name")
        else:
            check.block(ORPHAN_SEAL, check.seal_display)
        _scan_names(state, check, [target.seal_rel])
        return _finish(state, check)
    if only_seal or any(state.source.was_committed(p) for p in changed):
        check.status = DELETED
        check.note = "deleted"
        return check
    _refuse_what_is_on_disk(state, check.display, target.rel)
    raise InputError(check.display, "no such file or directory (neither staged nor on disk)")


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
    _scan_names(state, check, [target.rel])
    if isinstance(data, Oversized):
        check.block(OVERSIZED, f"{check.display} is {data.size:,} bytes, under the fixture root {root}/, and too "
                               "large to inspect")
        return _finish(state, check)
    _judge_stray(state, check, inspect_stray(PurePosixPath(target.rel).name, data, state.scanner, check.display),
                 root)
    return _finish(state, check)


def _judge_stray(state: _Run, check: TraceCheck, verdict: StrayVerdict, root: str) -> None:
    """Block `check` for what `inspect_stray` found; a clean text file passes, noted as scanned."""
    if verdict.code == STRAY:
        check.block(STRAY, f"{check.display}: {verdict.detail}")
    elif verdict.code == BINARY:
        check.block(BINARY, f"{check.display} is under the fixture root {root}/ and is not UTF-8 text: the gate "
                            "cannot scan it")
    elif verdict.code is not None:
        check.block(verdict.code, verdict.detail)
    else:
        _block_findings(state, check, verdict.flagged, TEXT_FINDINGS, show=True)
        if check.status != BLOCKED:
            check.note = f"under the fixture root {root}/: not a trace; scanned as text, nothing found"


def _scan_names(state: _Run, check: TraceCheck, paths: list[str], seal: Seal | None = None) -> None:
    """The names of what is committed, and the names its seal lists, hold no secret and no
    structured PII: `fixtures/support/jane.doe@acme.com.jsonl` is blocked, whatever it holds."""
    flagged = scan_names(state.scanner, check.display, path_names(paths), IN_PATH)
    if seal is not None:
        flagged += scan_names(state.scanner, check.display, path_names(seal.files), IN_SEAL)
    _block_findings(state, check, flagged, SENSITIVE_PATH, show=True)


def _block_findings(state: _Run, check: TraceCheck, flagged: list[Flagged], code: str, show: bool) -> None:
    """Block `check` for the findings no suppression covers (`show`: list them, masked, in the reason)."""
    kept, suppressed = state.scanner.partition(flagged)
    check.suppressed.extend(suppressed)
    if not kept:
        return
    check.findings.extend(item.finding for item in kept)
    state.pending.setdefault(id(check), []).extend(kept)
    check.block(code, f"{len(kept)} finding(s)" + (f": {listed_findings(kept)}" if show else ""))


def _weakened_by_policy(state: _Run, check: TraceCheck, at_head: TraceCheck) -> list[Flagged]:
    """Block what the policy at HEAD blocks in this path and the staged policy lets through (a
    fixture excluded now, a finding allowed now, an entity no longer detected). Only the policy
    digest in the seal is expected to differ. Returns the findings only HEAD's policy makes."""
    assert state.at_head is not None
    own = {_finding_key(item) for item in state.pending.get(id(check), [])}
    lost = [item for item in state.at_head.pending.pop(id(at_head), []) if _finding_key(item) not in own]
    codes = {reason.code for reason in check.reasons} | FINDING_CODES | {OLDER_POLICY}
    reasons = [reason.message for reason in at_head.reasons if reason.code not in codes]
    if lost:
        reasons.append(f"{len(lost)} finding(s): {listed_findings(lost)}")
    if not reasons:
        return []
    check.block(POLICY_CHANGED, f"{', '.join(state.policy_files)}: the policy at HEAD ('{state.at_head.policy.name}') "
                                "blocks what the staged one lets through: " + "; ".join(reasons))
    check.findings.extend(replace(item.finding, detector=", ".join(filter(None, (item.finding.detector, AT_HEAD))))
                          for item in lost)
    return lost


AT_HEAD = "under the policy at HEAD"  # marks a finding only the policy at HEAD makes


def _finding_key(item: Flagged) -> tuple[str, int | None, str, str]:
    return item.finding.file, item.finding.line, item.finding.path, item.value


def _unverifiable_policy_change(state: _Run, check: TraceCheck) -> None:
    """The commit changes the policy and the policy at HEAD cannot be loaded: what it would block is
    unknown, so everything but the policy change itself is blocked (fail closed)."""
    if check.status == DELETED or check.rel in state.policy_files:
        return
    check.block(POLICY_CHANGED, f"{', '.join(state.policy_files)}: the policy at HEAD cannot be loaded to compare "
                                f"with ({state.head_problem})")


def _mask(state: _Run, check: TraceCheck, value: str) -> None:
    """A value found in a name of the path: never shown, not even as the path of the file."""
    preview = masked_preview(value)
    check.mask(value, preview)
    kept = state.pending.get(id(check))
    if kept:
        state.pending[id(check)] = [Flagged(replace(item.finding, file=item.finding.file.replace(value, preview)),
                                            item.value) for item in kept]


def _linked_roots_under_both(state: _Run, seen: set[str]) -> list[TraceCheck]:
    """Linked fixture roots under the staged policy, and under the policy at HEAD when the commit
    changes it (a root moved elsewhere by the policy change is still checked)."""
    found = _linked_roots(state, seen)
    if state.at_head is not None:
        for at_head in _linked_roots(state.at_head, seen):
            check = TraceCheck(at_head.display, at_head.rel, False, status=IGNORED)
            _weakened_by_policy(state, check, at_head)
            found.append(_finish(state, check))
    return found


def _linked_roots(state: _Run, seen: set[str]) -> list[TraceCheck]:
    """A fixture root, or a directory above one, committed as a symbolic link (`fixtures` ->
    `recordings/`): the files replay reads under fixtures/ are then stored, unchecked, elsewhere.
    Checked on every run, whichever paths changed, since the link may predate this commit. So are
    submodules at, above or under a root (`_submodules`)."""
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
    return found + _submodules(state, seen)


def _submodules(state: _Run, seen: set[str]) -> list[TraceCheck]:
    """Every submodule (gitlink) at, above or under a fixture root, whichever paths changed: the
    pre-commit framework never passes a submodule's path to a hook (it is a directory on disk), and
    the gitlink may predate this commit. Its recordings live in another repository, unchecked."""
    found: list[TraceCheck] = []
    for rel in state.source.gitlinks():
        kind = classify(TraceTarget(rel, False), state.policy)
        if rel in seen or kind.kind in ("ignored", "excluded"):
            continue
        seen.add(rel)
        check = TraceCheck(state.display(rel), rel, False)
        _block_submodule(state, check, kind.root)
        found.append(_finish_masked(state, check))
    return found


def _block_submodule(state: _Run, check: TraceCheck, root: str | None) -> None:
    where = f"at, above or under the fixture root {root}/" if root else "at a fixture path"
    check.block(SUBMODULE, f"{check.display} is a submodule {where}; commit the recordings themselves")
    _scan_names(state, check, [check.rel])


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
    _scan_seal_text(state, check, data)
    verify(check, seal, staged, state.policy, state.key)
    _compare_with_head(state, check, target, seal, data)
    return seal


def _scan_seal_text(state: _Run, check: TraceCheck, data: bytes) -> None:
    """A seal holds digests, names and counts, never a value: a machine without the key cannot tell a seal's
    extra field from the tool's, so the seal's text is scanned like the fixture's (red team 32: raw data in
    an extra field of a seal passed a keyless gate)."""
    try:
        flagged = state.scanner.scan_text(data.decode("utf-8", "replace"), check.seal_display or check.display)
    except DetectorError as exc:
        check.block(DETECTOR_ERROR, str(exc))
        return
    _block_findings(state, check, flagged, RESIDUAL, show=True)


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
    _block_findings(state, check, flagged, RESIDUAL, show=False)


def _finish(state: _Run, check: TraceCheck) -> TraceCheck:
    if check.status == BLOCKED:
        check.fix = fix_command(state, check)
    return check


def fix_command(state: _Run, check: TraceCheck) -> str:
    """The exact command that fixes the blocked trace (shell-quoted, runnable as printed)."""
    codes = {reason.code for reason in check.reasons}
    target = shlex.quote(check.display)
    policy = "" if state.options.policy == "default" else f" --policy {shlex.quote(state.options.policy)}"
    allow = f"redactor check --update-allowlist --reason '<why it is safe>' {target}{policy}"
    fix = _fix_without_redaction(state, check, codes, allow)
    if fix is not None:
        return fix
    redact = f"redactor redact {target} --in-place{policy}"
    if state.in_git:
        seal = "" if check.is_directory else " " + shlex.quote(check.seal_display or check.display + SEAL_SUFFIX)
        redact += f" && git add {target}{seal}"
    if UNPARSEABLE in codes:
        return f"repair or re-export the file as JSON/JSONL, then: {redact}"
    if codes <= {RETENTION}:
        return "see the retention/access reason above (e.g. `redactor purge --expired --apply`)"
    if codes <= {RESIDUAL, RETENTION, DETECTOR_ERROR} and not codes & {NOT_REDACTED}:
        return f"{redact}   (or, if every flagged value is a known-safe test value: {allow})"
    return redact


def _fix_without_redaction(state: _Run, check: TraceCheck, codes: set[str], allow: str) -> str | None:
    """The fix when redacting the file again is not it (or not first): None when it is."""
    target = shlex.quote(check.display)
    untrack = f"git rm --cached {target}" if state.in_git else f"rm {target}"
    if ORPHAN_SEAL in codes:
        seal = shlex.quote(check.seal_display or check.display)
        remove = f"git rm --cached {seal}" if state.in_git else f"rm {seal}"
        return f"commit the trace with its seal (redact it, add both), or remove the seal: {remove}"
    if INTERNAL_ERROR in codes:
        return ("report the bug (the message above names its type and place, never content); the path stays "
                "blocked until a fixed redactor checks it")
    if POLICY_CHANGED in codes:
        seal = f" {shlex.quote(check.seal_display)}" if check.seal_display and not check.is_directory else ""
        return (f"commit the change to {' '.join(state.policy_files)} on its own, for review (unstage this path: "
                f"git restore --staged {target}{seal}), then commit this path again")
    if SENSITIVE_PATH in codes:
        return ("rename it (git mv) so that no name in its path holds the flagged value (shown masked above), "
                "and redact it again if it is a trace (its seal lists its name)")
    if codes & {BINARY, OVERSIZED}:
        return f"keep it out of the fixtures: {untrack}"
    if SYMLINK in codes:
        return f"replace the link with the files themselves (redacted and sealed): {untrack}"
    if SUBMODULE in codes:
        # Only the index holds gitlinks. -f: a submodule added in this very commit has staged changes,
        # which plain `git rm` refuses.
        return (f"remove the submodule from the fixture root (git rm -f {target}; this also drops its .gitmodules "
                "entry), then commit the recordings it held as files, redacted and sealed")
    if STRAY in codes:
        return (f"move it out of the fixture root ({untrack}), or store it as a .jsonl/.json trace "
                "(decompressed, renamed) and redact that")
    if TEXT_FINDINGS in codes:
        return (f"remove the flagged values from it, or keep it out of the fixture root ({untrack})   (or, if every "
                f"flagged value is a known-safe test value: {allow})")
    return None


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
        accepted = {item.finding for item in kept}
        check.findings = [f for f in check.findings if f not in accepted]
        check.reasons = [r for r in check.reasons if r.code not in FINDING_CODES]
        check.status = BLOCKED if check.reasons else PASSED
        check.fix = fix_command(state, check) if check.reasons else None
    added = len(allowlist.entries) - before
    if added:
        atomic_write_bytes(path, allowlist.to_bytes())
    return added

