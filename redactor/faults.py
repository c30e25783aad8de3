"""Named kill points for fault-injection tests (bench/killpoints.py, tests/test_killpoints.py).

`killpoint("after-write-before-seal")` SIGKILLs the process when REDACTOR_KILLPOINT names that
point, and is a no-op otherwise. `REDACTOR_KILLPOINT=name@N` kills on the Nth time the point is
reached in this process (default 1), so a harness can kill in the middle of a multi-file trace.
SIGKILL, not an exception: nothing (no `finally`, no atexit) may run, exactly as in a real crash.
"""

from __future__ import annotations

import os
import signal

ENV_VAR = "REDACTOR_KILLPOINT"
_reached: dict[str, int] = {}


def killpoint(name: str) -> None:
    wanted = os.environ.get(ENV_VAR)
    if not wanted:
        return
    point, _, ordinal = wanted.partition("@")
    if point != name:
        return
    _reached[name] = _reached.get(name, 0) + 1
    if _reached[name] == (int(ordinal) if ordinal.isdigit() else 1):
        os.kill(os.getpid(), signal.SIGKILL)
