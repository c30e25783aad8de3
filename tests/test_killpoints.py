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


STREAM_POINTS = ("before-write", "mid-write", "after-write-before-seal", "after-seal")


@pytest.mark.parametrize("shard_values", ["100000", "2"])
@pytest.mark.parametrize("point", STREAM_POINTS)
def test_streamed_in_place_redaction_killed_at_each_point(tmp_path: Path, point: str, shard_values: str) -> None:
    """The streamed path (large JSONL stores), forced with REDACTOR_STREAM_THRESHOLD=1; with
    REDACTOR_STREAM_SHARD_VALUES=2 its known values spill to unnamed temp files and the rewrite
    runs in several passes (the kill then comes after the passes that write unnamed files)."""
    import json
    import os
    import subprocess

    from tests.conftest import REDACTOR_BIN, TEST_KEY
    from tests.test_engine import PLANTED, chronicle_envelope, write_jsonl

    fixtures = tmp_path / "fixtures"  # where the default policy's gate looks for trace fixtures
    fixtures.mkdir()
    store = fixtures / "store.jsonl"
    write_jsonl(store, [chronicle_envelope(i, f"00000000-0000-4000-8000-{i:012d}") for i in range(1, 6)])
    original = store.read_bytes()
    env = {**os.environ, "REDACTOR_KEY": TEST_KEY, "REDACTOR_STREAM_THRESHOLD": "1", "REDACTOR_KILLPOINT": point,
           "REDACTOR_STREAM_SHARD_VALUES": shard_values}
    proc = subprocess.run([str(REDACTOR_BIN), "redact", str(store), "--in-place"], env=env,
                          capture_output=True, check=False, timeout=300)
    assert proc.returncode == -9, f"{point}: not killed (exit {proc.returncode}): a run that returns is invalid"

    leftovers = sorted(p.name for p in fixtures.iterdir())
    data = store.read_bytes()
    if data != original:  # replaced: it must be whole, redacted JSONL
        assert data.endswith(b"\n")
        for line in data.decode("utf-8").splitlines():
            json.loads(line)
        assert not any(value.encode() in data for value in PLANTED)
    for name in leftovers:  # temp files hold redacted bytes only
        if name != "store.jsonl":
            assert not any(value.encode() in (fixtures / name).read_bytes() for value in PLANTED), name
    seal = fixtures / "store.jsonl.seal.json"
    if seal.exists():
        import hashlib

        digest = json.loads(seal.read_text())["files"]["store.jsonl"]
        assert digest == "sha256:" + hashlib.sha256(data).hexdigest()  # consistent, never vouching for raw
        assert data != original
    else:  # absent: the gate blocks the file as not redacted
        check = subprocess.run([str(REDACTOR_BIN), "check", "--working-tree", str(store)], cwd=tmp_path,
                               env={**os.environ, "REDACTOR_KEY": TEST_KEY}, capture_output=True, text=True,
                               check=False, timeout=300)
        assert check.returncode == 1, check.stdout + check.stderr
