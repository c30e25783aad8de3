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
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from redactor.faults import killpoint

TEMP_MARKER = ".redactor-tmp-"


@contextlib.contextmanager
def atomic_writer(path: Path, mode: int | None = None, sync_directory: bool = True) -> Iterator[BinaryIO]:
    """A binary handle on a temp file next to `path`; on a clean exit it becomes `path` atomically
    (and durably: the file and its directory are fsynced). On an error the temp file is removed.

    A caller writing many files into one directory may pass `sync_directory=False` and fsync the
    directory once at the end: the rename is atomic either way; the directory fsync only makes it
    survive a power loss, and one per directory is enough.
    """
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}{TEMP_MARKER}", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
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


def atomic_write_bytes(path: Path, data: bytes, mode: int | None = None, sync_directory: bool = True) -> None:
    """Write `data` to `path` atomically; see `atomic_writer`."""
    with atomic_writer(path, mode=mode, sync_directory=sync_directory) as handle:
        handle.write(data)


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
