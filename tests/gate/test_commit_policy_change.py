"""A policy weakened in the commit being checked, through real `git commit` with both hooks.

The hook names the repository's own policy (`--policy policies/team.yaml`, committed in the first
commit). A commit that weakens it and carries fixtures sealed under the weaker policy is blocked as a
policy change; the policy change committed on its own (where a reviewer sees it) passes, and so do
the fixtures after it. Asserts on what git committed, not only on the hook's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from tests.gate.conftest import GATE_POLICY, Repo, Sealed, make_repo
from tests.gate.test_commit import assert_no_value, blocked, committed

pytestmark = pytest.mark.slow

TEAM = "policies/team.yaml"
BASE = "policies/base.yaml"
# GATE_POLICY on top of a copy of the shipped default policy that the repository tracks: the merged
# policy is the same as GATE_POLICY's, so the session's sealed fixtures pass under it.
LAYERED = GATE_POLICY.replace("extends: default", f"extends: {BASE}")


@pytest.fixture(params=["pre-commit", "standalone"])
def team_repo(request: pytest.FixtureRequest, tmp_path: Path, sealed: Sealed) -> Repo:
    return make_repo(tmp_path, str(request.param), Path(TEAM), {TEAM: GATE_POLICY.encode()})


@pytest.fixture(params=["pre-commit", "standalone"])
def layered_repo(request: pytest.FixtureRequest, tmp_path: Path, sealed: Sealed) -> Repo:
    files = {BASE: (ROOT / "policies/default.yaml").read_bytes(), TEAM: LAYERED.encode()}
    return make_repo(tmp_path, str(request.param), Path(TEAM), files)


def seal_raw(repo: Repo, sealed: Sealed, rel: str) -> None:
    """Redact and seal the raw trace under the policy as it is on disk now."""
    repo.write(rel, sealed.raw)
    result = run_cli("redact", str(repo.path / rel), "--in-place", "--policy", str(repo.path / TEAM), "--no-ner", "-q")
    assert result.returncode == 0, result.stderr


WEAKENINGS = {
    "allow-everything": 'allow:\n  patterns: [".*"]\n',
    "entities-dropped": "entities:\n  PERSON: {operator: pseudonymize, threshold: 0.6}\n",
}


@pytest.mark.parametrize("weakening", WEAKENINGS.values(), ids=list(WEAKENINGS))
def test_fixtures_sealed_under_a_policy_weakened_in_the_same_commit_are_blocked(
        team_repo: Repo, sealed: Sealed, weakening: str) -> None:
    repo = team_repo
    repo.write(TEAM, GATE_POLICY + weakening)
    seal_raw(repo, sealed, "fixtures/run.jsonl")
    assert b"maria.lopez@fastmail.com" in (repo.path / "fixtures/run.jsonl").read_bytes()  # sealed raw
    repo.git("add", "-A")
    output = blocked(repo, "weaken the policy and seal raw data under it")
    assert (f"BLOCKED fixtures/run.jsonl: policy changed in this commit: {TEAM}: the policy at HEAD ('gate-test') "
            "blocks what the staged one lets through") in output
    assert "EMAIL_ADDRESS at $.input.email (line 1)" in output
    assert f"commit the change to {TEAM} on its own, for review" in output
    assert_no_value(output)
    assert repo.show(TEAM) == GATE_POLICY.encode()
    # The way the message gives: the policy change on its own (a reviewer sees it), then the fixtures.
    repo.git("restore", "--staged", "fixtures")
    committed(repo, "the policy change, for review")
    assert repo.show(TEAM) == (GATE_POLICY + weakening).encode()
    repo.git("add", "-A")
    committed(repo, "fixtures under the reviewed policy")
    assert "fixtures/run.jsonl" in repo.committed()


def test_a_raw_fixture_excluded_by_the_same_commit_is_blocked(team_repo: Repo, sealed: Sealed) -> None:
    repo = team_repo
    repo.write(TEAM, GATE_POLICY + 'fixtures:\n  include: ["fixtures/**/*.jsonl"]\n  exclude: ["fixtures/raw/**"]\n')
    repo.write("fixtures/raw/run.jsonl", sealed.raw)
    repo.git("add", "-A")
    output = blocked(repo, "exclude, then commit raw")
    assert "BLOCKED fixtures/raw/run.jsonl: policy changed in this commit" in output
    assert "not redacted (no seal)" in output and "EMAIL_ADDRESS at $.input.email (line 1)" in output
    assert_no_value(output)
    assert not any(path.startswith("fixtures/") for path in repo.committed())


def test_a_policy_reworded_or_tightened_in_the_commit_passes(team_repo: Repo, sealed: Sealed) -> None:
    repo = team_repo
    repo.write(TEAM, "# Reviewed by the privacy team.\n" + GATE_POLICY)  # the same policy in substance
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.git("add", "-A")
    output = committed(repo, "reworded")
    assert "NOTE" not in output
    repo.write(TEAM, GATE_POLICY.replace("100y", "50y"))  # a shorter retention: nothing let through
    seal_raw(repo, sealed, "fixtures/second.jsonl")
    repo.git("add", "-A")
    output = committed(repo, "tightened, with a fixture sealed under it")
    if repo.mode == "standalone":  # pre-commit shows a hook's output only when it fails
        assert f"NOTE {TEAM}: the policy changes in this commit" in output
    assert "fixtures/second.jsonl" in repo.committed()


def test_the_policy_a_policy_extends_is_read_as_committed(layered_repo: Repo, sealed: Sealed) -> None:
    repo = layered_repo
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.git("add", "-A")
    committed(repo, "sealed under the layered policy")
    default = (ROOT / "policies/default.yaml").read_text(encoding="utf-8")
    assert "  exclude: []\n" in default
    weakened = default.replace("  exclude: []\n", '  exclude: ["fixtures/**"]\n')
    # Unstaged, the weakened parent decided the check (it was read from disk): now it is refused.
    repo.write(BASE, weakened)
    repo.write("fixtures/raw.jsonl", sealed.raw)
    repo.git("add", "fixtures/raw.jsonl")
    output = blocked(repo, "raw, with an unstaged exclude in the parent policy")
    if repo.mode == "standalone":  # pre-commit stashes unstaged changes before running hooks
        assert f"{BASE}: the policy has unstaged changes" in output
    # Staged, the weakened parent is a policy change in this commit, blocked as such.
    repo.git("add", BASE)
    output = blocked(repo, "raw, with the parent policy weakened in the same commit")
    assert f"BLOCKED fixtures/raw.jsonl: policy changed in this commit: {BASE}: the policy at HEAD" in output
    assert "not redacted (no seal)" in output
    assert_no_value(output)
    assert "fixtures/raw.jsonl" not in repo.committed()
    assert repo.show(BASE) == (ROOT / "policies/default.yaml").read_bytes()


@pytest.mark.parametrize("mode", ["pre-commit", "standalone"])
def test_a_first_commit_holding_the_policy_and_its_fixtures_passes(tmp_path: Path, sealed: Sealed, mode: str) -> None:
    """No HEAD: nothing to compare the policy with (make_repo asserts the first commit passes)."""
    files = {TEAM: GATE_POLICY.encode(), "fixtures/run.jsonl": sealed.read("fixtures/run.jsonl"),
             "fixtures/run.jsonl.seal.json": sealed.read("fixtures/run.jsonl.seal.json")}
    repo = make_repo(tmp_path, mode, Path(TEAM), files)
    assert {TEAM, "fixtures/run.jsonl", "fixtures/run.jsonl.seal.json"} <= repo.committed()
