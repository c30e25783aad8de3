"""The policy the gate checks under, read as it is committed, and the policy at HEAD when a commit
changes it.

A policy file the repository tracks (and every policy it `extends` that the repository tracks) is
read from the git index: what decides a commit is the policy that commit holds. A tracked policy
file with unstaged changes is an error, so that no edit outside the commit decides what it may hold.

A commit can also weaken the policy itself (`allow.patterns: [".*"]`, an entity dropped, a
`fixtures.exclude`) and carry fixtures sealed under the weaker policy. So when a repository policy
file differs from HEAD's (compared by object id: an ordinary commit reads no extra blob), the
policy at HEAD is loaded as well; `redactor check` then checks every path under both and blocks
what only the staged policy lets through. A repository without HEAD, or without the policy at
HEAD, has nothing to compare with.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from redactor.errors import FatalError, PolicyError
from redactor.gate.source import ContentSource, GitIndexSource, Oversized
from redactor.policy import Policy, load_policy, resolve_policy_path

_POLICY_MAX_SIZE = 1024 * 1024


@dataclass(frozen=True)
class GatePolicy:
    policy: Policy  # the staged policy: what the commit holds
    changed: tuple[str, ...] = ()  # repository policy files this commit changes in substance
    at_head: Policy | None = None  # HEAD's policy, when it differs from the staged one
    head_problem: str | None = None  # why HEAD's policy could not be loaded, when it differs and cannot be


def load_gate_policy(spec: str, source: ContentSource) -> GatePolicy:
    if not isinstance(source, GitIndexSource):
        return GatePolicy(load_policy(spec, check_operators=False))
    staged = _StagedReader(source)
    policy = load_policy(spec, check_operators=False, read=staged)
    changed = tuple(source.changed_since_head(staged.files))
    if not changed:
        return GatePolicy(policy)
    top = repository_path(resolve_policy_path(spec), source.root)
    if top is not None and not source.was_committed(top):
        return GatePolicy(policy)  # a new policy: nothing at HEAD to weaken
    try:
        at_head = load_policy(spec, check_operators=False, read=_HeadReader(source))
    except FatalError as exc:
        return GatePolicy(policy, changed, head_problem=str(exc))
    if at_head.digest == policy.digest:
        return GatePolicy(policy)  # comments, layout, key order: the same policy
    return GatePolicy(policy, changed, at_head)


def repository_path(path: Path, root: Path) -> str | None:
    """`path` relative to the repository root (POSIX), or None when it is outside the repository."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return None


class _StagedReader:
    """Reads a policy file as the commit would hold it (a file the index tracks: its staged bytes,
    which must be the bytes on disk), and remembers which repository files the policy is made of."""

    def __init__(self, source: GitIndexSource) -> None:
        self.source = source
        self.files: list[str] = []

    def __call__(self, path: Path) -> bytes | None:
        rel = repository_path(path, self.source.root)
        if rel is None:
            return path.read_bytes()  # outside the repository: not part of any commit
        self.files.append(rel)
        if not self.source.staged(rel):
            return path.read_bytes()  # untracked or ignored: not part of this commit either
        staged = _policy_bytes(rel, self.source.read(rel, _POLICY_MAX_SIZE))
        _refuse_unstaged_changes(rel, path, staged)
        return staged


class _HeadReader:
    """Reads a policy file as HEAD holds it; a file HEAD does not hold is read where it is."""

    def __init__(self, source: GitIndexSource) -> None:
        self.source = source

    def __call__(self, path: Path) -> bytes | None:
        rel = repository_path(path, self.source.root)
        if rel is not None:
            committed = self.source.committed(rel, _POLICY_MAX_SIZE)
            if committed is not None:
                return _policy_bytes(rel, committed)
        return path.read_bytes()


def _policy_bytes(rel: str, data: bytes | Oversized | None) -> bytes | None:
    if isinstance(data, Oversized):
        raise PolicyError(f"{rel}: the policy file is {data.size:,} bytes, over {_POLICY_MAX_SIZE:,}")
    return data


def _refuse_unstaged_changes(rel: str, path: Path, staged: bytes | None) -> None:
    """A policy file the repository tracks must be checked as staged: an unstaged edit (`exclude:
    ["fixtures/**"]`) would otherwise decide what a commit that does not contain it may hold."""
    try:
        on_disk = path.read_bytes()
    except OSError as exc:
        raise PolicyError(f"{rel}: cannot read the policy: {exc.strerror or type(exc).__name__}") from None
    if staged != on_disk:
        raise PolicyError(f"{rel}: the policy has unstaged changes; the gate checks what is committed, under "
                          f"the policy that is committed: stage the policy (`git add {shlex.quote(rel)}`) or "
                          "undo the changes")
