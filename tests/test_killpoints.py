"""Kill-point fault injection (issue 6, section 5), through the harness in bench/killpoints.py.

Real `redactor redact --in-place` subprocesses and a real capture writer are SIGKILLed at the
named points of redactor/faults.py; the harness refuses to count a run that was not killed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.killpoints import REDACT_POINTS, check_state, kill_redact, make_trace, negative_control, run_once

pytestmark = pytest.mark.slow


def test_every_kill_point_leaves_a_safe_state_across_runs(tmp_path: Path) -> None:
    outcomes = [o for run in range(2) for o in run_once(tmp_path / f"r{run}", run, ordinals=(1, 2))]
    by_point = {(o.scenario, o.point, o.ordinal, o.run): o for o in outcomes}
    assert {o.point for o in outcomes} >= {*REDACT_POINTS, "capture-after-write"}
    invalid = [key for key, o in by_point.items() if not o.killed]
    assert not invalid, f"runs that were not killed as intended: {invalid}"
    failed = {key: o.problems for key, o in by_point.items() if o.problems}
    assert not failed, failed


def test_the_negative_control_is_caught(tmp_path: Path) -> None:
    control = negative_control(tmp_path)
    assert control.killed
    assert any("torn" in problem for problem in control.problems), control.problems


def test_a_run_that_was_not_killed_is_invalid_not_a_pass(tmp_path: Path) -> None:
    trace, originals, planted = make_trace(tmp_path, 1)
    code = kill_redact("no-such-point", 1, trace)
    assert code == 0
    from bench.killpoints import Outcome

    outcome = Outcome("redact --in-place", "no-such-point", 1, 0, code, check_state(trace, originals, planted))
    assert outcome.verdict.startswith("INVALID")
