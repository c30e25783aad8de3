"""Domain errors. The core raises these; only `redactor.cli` turns them into exit codes.

Messages never carry a sensitive value: they name the file, the JSON path and the kind of
problem, nothing read from the content.
"""

from __future__ import annotations

import traceback
from enum import IntEnum
from pathlib import Path


class ExitCode(IntEnum):
    """Exit codes, mapped in one place (pre-commit style)."""

    OK = 0
    FINDINGS = 1  # scan found something / gate blocked / audit found violations
    ERROR = 2  # usage, input, policy or configuration error


class FatalError(Exception):
    """Base of every error the CLI reports as a clean one-line message with exit code 2."""

    exit_code: ExitCode = ExitCode.ERROR


class InputError(FatalError):
    """A file cannot be read as a trace: unparseable, binary, invalid UTF-8, too deep, empty."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class PolicyError(FatalError):
    """A policy file does not validate. Never fall back to a default policy."""


class KeyConfigError(FatalError):
    """No usable pseudonymisation key (or one stored inside a repository)."""


class DetectorError(FatalError):
    """A detector crashed. The file it was working on is treated as not redacted."""


class SealError(FatalError):
    """A seal cannot be written or read."""


class RedactionError(FatalError):
    """Redaction ran but its output would not be safe or valid (e.g. the schema no longer holds)."""


def internal_error_summary(exc: BaseException) -> str:
    """An unexpected exception as its type and where it was raised (`TypeError at structure.py:398`), never its
    message: a message may quote the content being redacted."""
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    where = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
    return f"{type(exc).__name__}{where}"
