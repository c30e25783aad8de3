"""Which paths are trace fixtures, and which trace each changed path belongs to.

A commit touches files, but a seal covers a *trace*: a single `.json`/`.jsonl` file with its
sidecar `x.jsonl.seal.json`, or a Chronicle trace directory (`graph.json` + one file per
envelope) with `redactor.seal.json` inside. So a changed member of a trace directory, or a
changed seal, means the whole trace is verified as staged.

Fixture paths come from the policy's `fixtures.include` / `fixtures.exclude` globs, matched on
repository-relative POSIX paths with the same glob rules as retention (`**` spans directories).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from redactor.errors import InputError
from redactor.formats.registry import DIRECTORY_SEAL, GRAPH_FILE, SEAL_SUFFIX
from redactor.gate.source import ContentSource
from redactor.policy import Policy
from redactor.retention import path_matches


@dataclass(frozen=True)
class TraceTarget:
    rel: str  # repository-relative path of the trace file, or of the trace directory
    is_directory: bool
    # Named by a changed file that is named like a seal (`run.seal.json` -> trace `run`); not part of
    # the identity, so a trace and its seal changed together are still one target.
    from_seal: bool = field(default=False, compare=False)

    @property
    def seal_rel(self) -> str:
        return f"{self.rel}/{DIRECTORY_SEAL}" if self.is_directory else self.rel + SEAL_SUFFIX

    @property
    def match_paths(self) -> tuple[str, ...]:
        # Globs such as fixtures/**/*.json name files; a directory trace is matched by its
        # directory path or by its graph.json, whichever the policy's globs describe.
        if self.is_directory:
            return (self.rel, f"{self.rel}/{GRAPH_FILE}")
        # A file named `run.seal.json` stands for a trace `run` that no `*.json` glob names: it is
        # matched by its own path, so that it cannot escape the gate by its name.
        return (self.rel, self.seal_rel) if self.from_seal else (self.rel,)


def parent_of(relpath: str) -> str:
    parent = str(PurePosixPath(relpath).parent)
    return "" if parent == "." else parent


def trace_for(relpath: str, source: ContentSource) -> TraceTarget:
    name = PurePosixPath(relpath).name
    parent = parent_of(relpath)
    if name == DIRECTORY_SEAL:
        return TraceTarget(parent, True)
    if name.endswith(SEAL_SUFFIX):
        return TraceTarget(relpath[: -len(SEAL_SUFFIX)], False, from_seal=True)
    if name == GRAPH_FILE or (parent and source.exists(f"{parent}/{GRAPH_FILE}")):
        return TraceTarget(parent, True)
    return TraceTarget(relpath, False)


@dataclass(frozen=True)
class Classification:
    kind: str  # "fixture", "excluded", "stray" or "ignored"
    glob: str | None = None  # the exclude glob that matched
    root: str | None = None  # for "stray": the fixture root the path is at, above or under


# `.ndjson` is JSONL by another name: matched as if it were `.jsonl` (the redactor reads it as JSONL).
_SUFFIX_ALIASES = {".ndjson": ".jsonl"}


def _include_candidates(path: str) -> tuple[str, ...]:
    lowered = path.lower()
    for alias, suffix in _SUFFIX_ALIASES.items():
        if lowered.endswith(alias):
            return (path, path[: -len(alias)] + suffix)
    return (path,)


def fixture_roots(policy: Policy) -> tuple[str, ...]:
    """The literal leading directories of the include globs (`fixtures/**/*.json` -> `fixtures`):
    everything at, above or under one is where a trace could hide under another name. A glob that
    starts with a wildcard (`**/*.json`) has no root."""
    roots: list[str] = []
    for glob in policy.fixtures:
        segments = glob.strip("/").split("/")[:-1]  # the last segment names files
        literal = []
        for segment in segments:
            if any(char in segment for char in "*?[]"):
                break
            literal.append(segment)
        if literal:
            roots.append("/".join(literal))
    return tuple(dict.fromkeys(roots))


def root_of(path: str, roots: Iterable[str]) -> str | None:
    """The fixture root that `path` is at, above (an ancestor directory of) or under, if any."""
    path = path.strip("/").lower()  # `Fixtures/` is `fixtures/` on a case-insensitive checkout
    for root in roots:
        folded = root.lower()
        if path == folded or path.startswith(folded + "/") or folded.startswith(path + "/"):
            return root
    return None


def classify(target: TraceTarget, policy: Policy) -> Classification:
    """Excludes match as written (an exclusion is a suppression: never wider than it says);
    includes match case-insensitively (`run.JSONL`, `Fixtures/` on a case-insensitive checkout):
    fail closed both ways."""
    paths = target.match_paths
    for glob in policy.fixture_excludes:
        if any(path_matches(path, glob) for path in paths):
            return Classification("excluded", glob)
    candidates = [candidate for path in paths for candidate in _include_candidates(path)]
    if any(path_matches(path, glob, ignore_case=True) for glob in policy.fixtures for path in candidates):
        return Classification("fixture")
    root = root_of(target.rel, fixture_roots(policy))
    if root is not None and target.rel:
        return Classification("stray", root=root)
    return Classification("ignored")


def to_relative(argument: Path, cwd: Path, root: Path) -> str:
    """A command-line path -> POSIX path relative to the repository root ("" for the root)."""
    absolute = Path(os.path.normpath(cwd / argument))
    try:
        relative = absolute.relative_to(root)
    except ValueError:
        # The root is resolved (symlinks followed); so must the argument be before comparing.
        try:
            relative = absolute.resolve().relative_to(root)
        except ValueError:
            raise InputError(str(argument), f"outside the repository {root}") from None
    text = relative.as_posix()
    return "" if text == "." else text


def expand(arguments: Iterable[Path], cwd: Path, root: Path, source: ContentSource) -> list[str]:
    """Files named on the command line; a directory stands for every file below it."""
    found: list[str] = []
    for argument in arguments:
        relative = to_relative(argument, cwd, root)
        if source.exists(relative):
            found.append(relative)
            continue
        below = source.files_under(relative)
        if below and (not relative or any(p != relative for p in below)):
            found.extend(below)
        else:
            found.append(relative)  # a deletion (or a typo: told apart by the caller)
    return list(dict.fromkeys(found))


def group(relpaths: Iterable[str], source: ContentSource) -> list[tuple[TraceTarget, list[str]]]:
    """Changed paths grouped by the trace they belong to, in first-seen order."""
    grouped: dict[TraceTarget, list[str]] = {}
    for relpath in relpaths:
        grouped.setdefault(trace_for(relpath, source), []).append(relpath)
    return list(grouped.items())
