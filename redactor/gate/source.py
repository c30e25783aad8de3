"""Where the gate reads content from: the git index (what is about to be committed) or the disk.

The index is the default inside a repository: a file fixed in the working tree but staged raw
must still be blocked, and the standalone hook cannot rely on pre-commit's stash of unstaged
changes. One `git ls-files --stage` lists the index once; blobs are read through one long-lived
`git cat-file --batch` process, so fifty fixtures cost two processes, not a hundred.

Paths inside a source are POSIX paths relative to its root (the repository top level).
"""

from __future__ import annotations

import os
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Protocol

from redactor.errors import FatalError, InputError

_GITLINK = "160000"  # a submodule entry: another repository's commit, not a file of this one
_SYMLINK = "120000"


class GitError(FatalError):
    """git is missing or refused a command the gate needs (exit 2: the gate cannot decide)."""


@dataclass(frozen=True)
class Oversized:
    """A file larger than the gate's limit: its bytes are never read into memory."""

    size: int


class ContentSource(Protocol):
    root: Path
    description: str

    def read(self, relpath: str, max_size: int) -> bytes | Oversized | None:
        """The bytes that would be committed, or None when the path does not exist there."""
        ...

    def children(self, reldir: str) -> list[str]:
        """Names of the files directly inside `reldir`."""
        ...

    def exists(self, relpath: str) -> bool: ...

    def staged(self, relpath: str) -> bool:
        """True when the path's bytes are part of what will be committed (in the index; in the
        working tree, when the file exists). An untracked file next to staged ones is not."""
        ...

    def files_under(self, reldir: str) -> list[str]:
        """Every file below `reldir` (recursively), as root-relative paths."""
        ...

    def was_committed(self, relpath: str) -> bool:
        """True when HEAD has the path: a missing path is then a deletion, not a typo."""
        ...

    def is_symlink(self, relpath: str) -> bool:
        """True when the path would be committed as a symbolic link (mode 120000)."""
        ...

    def gitlinks(self) -> list[str]:
        """Every path that would be committed as a submodule (a gitlink, mode 160000)."""
        ...

    def committed(self, relpath: str, max_size: int) -> bytes | Oversized | None:
        """The path's bytes at HEAD (None: not in HEAD, or no history to compare with)."""
        ...

    def merge_changes(self) -> list[str]:
        """The paths a merge being concluded changes against HEAD (empty when none is)."""
        ...

    def close(self) -> None: ...


def _parent(relpath: str) -> str:
    parent = str(PurePosixPath(relpath).parent)
    return "" if parent == "." else parent


def _is_under(relpath: str, reldir: str) -> bool:
    return not reldir or relpath.startswith(reldir.rstrip("/") + "/")


def _git(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    try:
        result = subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise GitError(f"cannot run git: {type(exc).__name__}") from None
    if check and result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"git {args[0]} failed: {message[-1] if message else result.returncode}")
    return result


def repository_root(start: Path) -> Path | None:
    """The top level of the work tree containing `start`, or None outside any repository."""
    try:
        result = subprocess.run(["git", "-C", str(start), "rev-parse", "--show-toplevel"],
                                capture_output=True, check=False, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    top = result.stdout.decode("utf-8", "surrogateescape").strip()
    return Path(top).resolve() if result.returncode == 0 and top else None


@dataclass(frozen=True)
class _IndexEntry:
    mode: str
    oid: str


class GitIndexSource:
    """The staged content. Paths that git does not track at all (untracked files named on the
    command line) are read from the disk, since that is what `git add` would stage."""

    description = "staged content (git index)"

    def __init__(self, root: Path) -> None:
        self.root = root
        listing = _git(root, "ls-files", "--stage", "-z").stdout
        self._entries: dict[str, _IndexEntry] = {}
        # A submodule is no file of this repository (nothing to read), but what it brings in is never
        # checked: kept apart, so that the gate can block one where fixtures live.
        self._gitlinks: list[str] = []
        for record in listing.split(b"\0"):
            if not record:
                continue
            meta, _, name = record.partition(b"\t")
            mode, oid, _stage = meta.decode("ascii").split(" ")
            path = name.decode("utf-8", "surrogateescape")
            if mode == _GITLINK:
                self._gitlinks.append(path)
            else:
                # During a merge conflict a path has stages 1-3; any of them is "in the index".
                self._entries[path] = _IndexEntry(mode, oid)
        self._gitlinks = sorted(set(self._gitlinks))  # (a conflicted path has one entry per stage)
        self._untracked: set[str] | None = None
        self._head: dict[str, str] | None = None
        self._batch: subprocess.Popen[bytes] | None = None

    @property
    def untracked(self) -> set[str]:
        if self._untracked is None:
            listing = _git(self.root, "ls-files", "--others", "--exclude-standard", "-z").stdout
            self._untracked = {p.decode("utf-8", "surrogateescape") for p in listing.split(b"\0") if p}
        return self._untracked

    def _cat(self, oid: str, max_size: int) -> bytes | Oversized:
        if self._batch is None:
            self._batch = subprocess.Popen(["git", "-C", str(self.root), "cat-file", "--batch"],
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        stdin, stdout = self._batch.stdin, self._batch.stdout
        assert stdin is not None and stdout is not None
        stdin.write(oid.encode("ascii") + b"\n")
        stdin.flush()
        header = stdout.readline().split()
        if len(header) != 3:
            raise GitError(f"git cat-file could not read object {oid}")
        size = int(header[2])
        data = _read_exactly(stdout, size, keep=size <= max_size)
        stdout.read(1)  # the newline after each object
        return data if size <= max_size else Oversized(size)

    def read(self, relpath: str, max_size: int) -> bytes | Oversized | None:
        entry = self._entries.get(relpath)
        if entry is not None:
            return self._cat(entry.oid, max_size)
        if relpath in self.untracked:
            return read_disk(self.root, relpath, max_size)
        return None

    def exists(self, relpath: str) -> bool:
        return relpath in self._entries or relpath in self.untracked

    def staged(self, relpath: str) -> bool:
        return relpath in self._entries

    def _paths(self) -> list[str]:
        return [*self._entries, *self.untracked]

    def children(self, reldir: str) -> list[str]:
        return sorted(PurePosixPath(p).name for p in self._paths() if _parent(p) == reldir)

    def files_under(self, reldir: str) -> list[str]:
        return sorted(p for p in self._paths() if _is_under(p, reldir) or p == reldir)

    @property
    def head(self) -> dict[str, str]:
        """HEAD's files (path -> object id), listed once: a commit deleting a thousand files costs
        one git process, not a thousand. Empty before the first commit."""
        if self._head is None:
            self._head = self._head_tree()
        return self._head

    def _head_tree(self, relpaths: list[str] | None = None) -> dict[str, str]:
        """HEAD's files (path -> object id), all of them or only `relpaths`; empty without HEAD."""
        limit = ["--", *relpaths] if relpaths is not None else []
        listing = _git(self.root, "--literal-pathspecs", "ls-tree", "-r", "-z", "--full-tree", "HEAD", *limit,
                       check=False)
        tree: dict[str, str] = {}
        if listing.returncode == 0:
            for record in listing.stdout.split(b"\0"):
                meta, _, name = record.partition(b"\t")
                if name:
                    tree[name.decode("utf-8", "surrogateescape")] = meta.decode("ascii").split(" ")[2]
        return tree

    def was_committed(self, relpath: str) -> bool:
        if relpath in self.head:
            return True
        prefix = relpath.rstrip("/") + "/"  # a deleted directory named on the command line
        return bool(relpath) and any(path.startswith(prefix) for path in self.head)

    def is_symlink(self, relpath: str) -> bool:
        entry = self._entries.get(relpath)
        if entry is not None:
            return entry.mode == _SYMLINK
        return relpath in self.untracked and os.path.islink(self.root / relpath)

    def gitlinks(self) -> list[str]:
        return self._gitlinks

    def committed(self, relpath: str, max_size: int) -> bytes | Oversized | None:
        oid = self.head.get(relpath)
        return None if oid is None else self._cat(oid, max_size)

    def changed_since_head(self, relpaths: list[str]) -> list[str]:
        """The paths whose staged blob is not HEAD's (added, changed or removed in this commit).
        Compares object ids only: one `git ls-tree` limited to these paths, no blob is read."""
        if not relpaths:
            return []
        head = self._head if self._head is not None else self._head_tree(relpaths)
        return [path for path in relpaths if self._differs(head, path)]

    def _differs(self, head: dict[str, str], path: str) -> bool:
        return head.get(path) != (entry.oid if (entry := self._entries.get(path)) is not None else None)

    def merge_changes(self) -> list[str]:
        """While a merge is being concluded (MERGE_HEAD exists): every path the merge commit changes
        against HEAD, deletions included. The pre-commit framework then passes hooks only the files
        that had conflicts, so a raw fixture the merge brought in cleanly would never be named."""
        if _git(self.root, "rev-parse", "-q", "--verify", "MERGE_HEAD", check=False).returncode != 0:
            return []
        return sorted(path for path in {*self._entries, *self.head} if self._differs(self.head, path))

    def close(self) -> None:
        if self._batch is not None:
            assert self._batch.stdin is not None
            self._batch.stdin.close()
            self._batch.wait(timeout=30)
            self._batch = None


def _read_exactly(stream: IO[bytes], size: int, keep: bool) -> bytes:
    """Read `size` bytes of the batch stream; an oversized blob is drained in chunks, not kept."""
    chunks = []
    remaining = size
    while remaining:
        chunk = stream.read(min(remaining, 1 << 20))
        if not chunk:
            raise GitError("git cat-file ended early")
        if keep:
            chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def read_disk(root: Path, relpath: str, max_size: int) -> bytes | Oversized | None:
    """A regular file's bytes; None when nothing (or a directory) is there. Anything else that
    exists there (a FIFO, a socket, a device, a symlink loop, an unreadable file) is an input error
    naming the path: reading a FIFO would block, and "no such file" would be a lie."""
    path = root / relpath
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise InputError(relpath, f"cannot read: {exc.strerror or type(exc).__name__}") from None
    if stat.S_ISDIR(info.st_mode):
        return None
    if not stat.S_ISREG(info.st_mode):
        raise InputError(relpath, "not a regular file (a FIFO, socket or device); the gate reads only files")
    if info.st_size > max_size:
        return Oversized(info.st_size)
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InputError(relpath, f"cannot read: {exc.strerror or type(exc).__name__}") from None


class WorkingTreeSource:
    """The files on disk (`--working-tree`, or outside any repository)."""

    description = "working tree"

    def __init__(self, root: Path) -> None:
        self.root = root

    def read(self, relpath: str, max_size: int) -> bytes | Oversized | None:
        return read_disk(self.root, relpath, max_size)

    def exists(self, relpath: str) -> bool:
        return (self.root / relpath).is_file()

    def staged(self, relpath: str) -> bool:
        return self.exists(relpath)

    def children(self, reldir: str) -> list[str]:
        directory = self.root / reldir
        return sorted(p.name for p in directory.iterdir() if p.is_file()) if directory.is_dir() else []

    def files_under(self, reldir: str) -> list[str]:
        base = self.root / reldir
        if base.is_file() or base.is_symlink():
            return [reldir]  # (a link is blocked by its name, never read through)
        found = []
        for directory, dirnames, filenames in os.walk(base):
            # Dot-directories are walked too (`fixtures/.cache/run.jsonl` is a fixture by the
            # policy's globs); only git's own directory is not content. A link to a directory is
            # listed as a path of its own (os.walk neither follows nor lists it), so it is blocked.
            links = [d for d in dirnames if os.path.islink(os.path.join(directory, d))]
            dirnames[:] = sorted(d for d in dirnames if d != ".git" and d not in links)
            for name in sorted([*filenames, *links]):
                found.append((Path(directory) / name).relative_to(self.root).as_posix())
        return found

    def was_committed(self, relpath: str) -> bool:
        return False

    def is_symlink(self, relpath: str) -> bool:
        return bool(relpath) and os.path.islink(self.root / relpath)

    def gitlinks(self) -> list[str]:
        # On disk a submodule is a plain directory whose files `files_under` lists, so they are
        # checked as files; gitlinks exist only in the index.
        return []

    def committed(self, relpath: str, max_size: int) -> bytes | Oversized | None:
        return None

    def merge_changes(self) -> list[str]:
        return []  # the files on disk: no commit being made

    def close(self) -> None:
        return None
