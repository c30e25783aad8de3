"""The pre-commit gate blocks an expired fixture and a class not allowed at its path.

Real sealed fixtures (written by `redactor redact`), staged in a real git repository; the gate
reads the index. The clock is fixed through the gate's `now`.
"""

from __future__ import annotations

import subprocess
from datetime import timedelta
from pathlib import Path

import pytest

from redactor.commands.check import CheckOptions, run
from redactor.gate.model import BLOCKED, PASSED, RETENTION
from tests.commands.store import DEFAULT_EXPIRY, RECORDED, sealed_fixture, write_policy


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@localhost", *args], cwd=repo, check=True,
                   capture_output=True)


@pytest.fixture
def staged_repo(tmp_path: Path) -> tuple[Path, Path]:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    policy = write_policy(tmp_path)
    sealed_fixture(repo, "fixtures/regression/a.jsonl", policy)
    sealed_fixture(repo, "fixtures/incidents/kept.jsonl", policy, access_class="restricted")
    sealed_fixture(repo, "fixtures/regression/misplaced.jsonl", policy, access_class="restricted")
    sealed_fixture(repo, "fixtures/public/internal.jsonl", policy)
    sealed_fixture(repo, "fixtures/incidents/secret.jsonl", policy, access_class="secret")
    git(repo, "add", "-A")
    return repo, policy


def gate(repo: Path, policy: Path, now_offset: timedelta) -> dict[str, tuple[str, list[str]]]:
    report = run(CheckOptions(paths=[repo / "fixtures"], policy=str(policy), cwd=repo,
                              now=DEFAULT_EXPIRY + now_offset))
    return {result.rel: (result.status, [r.message for r in result.reasons if r.code == RETENTION])
            for result in report.results}


def test_gate_blocks_expired_and_misplaced_classes(staged_repo: tuple[Path, Path]) -> None:
    repo, policy = staged_repo
    before = gate(repo, policy, timedelta(seconds=-1))
    assert before["fixtures/regression/a.jsonl"] == (PASSED, [])
    assert before["fixtures/incidents/kept.jsonl"] == (PASSED, [])
    for rel, kind in [("fixtures/regression/misplaced.jsonl", "class-not-allowed"),
                      ("fixtures/public/internal.jsonl", "class-not-allowed"),
                      ("fixtures/incidents/secret.jsonl", "class-not-committable")]:
        status, messages = before[rel]
        assert status == BLOCKED
        assert len(messages) == 1 and f": {kind}: " in messages[0]

    at = gate(repo, policy, timedelta(0))
    status, messages = at["fixtures/regression/a.jsonl"]
    assert status == BLOCKED
    assert len(messages) == 1 and ": expired: expired at 2026-01-31T00:00:00Z" in messages[0]
    assert at["fixtures/incidents/kept.jsonl"] == (PASSED, [])  # incidents keep a year
    assert RECORDED + timedelta(days=365) > DEFAULT_EXPIRY
