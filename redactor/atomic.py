"""Atomic file writes: temp file in the same directory, fsync, rename.

A kill at any moment leaves either the old file or the new one. The temp file only ever
holds *redacted* bytes (callers redact before they write), so a stray temp file after a
SIGKILL never carries raw data; it is also created 0600 and named so that it is easy to
spot and ignore (`.<name>.redactor-tmp-*`).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from redactor.faults import killpoint

TEMP_MARKER = ".redactor-tmp-"


def atomic_write_bytes(path: Path, data: bytes, mode: int | None = None, sync_directory: bool = True) -> None:
    """Write `data` to `path` atomically (and durably: the file and its directory are fsynced).

    A caller writing many files into one directory may pass `sync_directory=False` and call
    `fsync_directory` once at the end: the rename is atomic either way; the directory fsync only
    makes it survive a power loss, and one per directory is enough.
    """
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}{TEMP_MARKER}", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            killpoint("mid-write")  # temp file written, target not yet replaced
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp_name, mode)
        elif path.exists():
            os.chmod(tmp_name, path.stat().st_mode & 0o777)
        else:
            os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise
    if sync_directory:
        fsync_directory(directory)


def atomic_write_text(path: Path, text: str, mode: int | None = None) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), mode=mode)


def fsync_directory(directory: Path) -> None:
    """Make a rename durable. Not every platform lets a directory be opened; that is not fatal."""
    try:
        dir_fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def is_temp_artifact(path: Path) -> bool:
    return TEMP_MARKER in path.name
