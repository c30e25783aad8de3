"""Merges through real `git merge`, with both hooks installed as docs/gate.md says (pre-commit and
pre-merge-commit). A merge that commits without conflicts runs pre-merge-commit, never pre-commit:
with only a pre-commit hook, a branch made where no hook ran (another clone, a web editor, a bot)
landed a raw fixture on main (a red team found it). Asserts on what git committed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.conftest import REDACTOR_BIN, ROOT
from tests.gate.conftest import Repo, Sealed, git_env
from tests.gate.test_commit import assert_no_value, blocked, committed

pytestmark = pytest.mark.slow


def side_branch(repo: Repo) -> str:
    """A branch `side` holding what the test wrote since, committed without hooks (it stands for
    another clone), and one more commit on main so that the merge is a real one. Returns HEAD."""
    repo.git("checkout", "-q", "-b", "side")
    repo.git("add", "-A")
    repo.git("commit", "-q", "--no-verify", "-m", "made where no hook ran")
    repo.git("checkout", "-q", "main")
    repo.write("NOTES.md", "work on main\n")
    repo.git("add", "NOTES.md")
    committed(repo, "work on main")
    return head(repo)


def head(repo: Repo) -> str:
    return repo.git("rev-parse", "HEAD").stdout.strip()


def test_a_clean_merge_of_a_branch_with_a_raw_fixture_is_blocked(repo: Repo, sealed: Sealed) -> None:
    repo.write("fixtures/run.jsonl", sealed.raw)
    before = side_branch(repo)
    result = repo.git("merge", "--no-ff", "-m", "merge side", "side", check=False)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert "BLOCKED fixtures/run.jsonl: not redacted (no seal)" in output
    assert_no_value(output)
    assert head(repo) == before
    assert "fixtures/run.jsonl" not in repo.committed()


def test_a_blocked_merge_concluded_by_commit_is_blocked_by_the_standalone_hook(repo: Repo, sealed: Sealed) -> None:
    if repo.mode != "standalone":
        pytest.skip("pre-commit passes a concluded merge's conflicted files only, here none, and then skips the "
                    "hook (documented in docs/gate.md)")
    repo.write("fixtures/run.jsonl", sealed.raw)
    side_branch(repo)
    assert repo.git("merge", "--no-ff", "-m", "merge side", "side", check=False).returncode != 0
    # git says "use 'git commit' to complete the merge": that runs pre-commit, which blocks it too.
    output = blocked(repo, "merge side")
    assert "BLOCKED fixtures/run.jsonl: not redacted (no seal)" in output
    assert "fixtures/run.jsonl" not in repo.committed()


def test_a_clean_merge_of_sealed_fixtures_passes(repo: Repo, sealed: Sealed) -> None:
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    before = side_branch(repo)
    result = repo.git("merge", "--no-ff", "-m", "merge side", "side", check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert repo.git("rev-parse", "HEAD^1").stdout.strip() == before
    assert repo.show("fixtures/run.jsonl") == sealed.read("fixtures/run.jsonl")


def test_a_stopped_merge_concluded_by_commit_is_blocked(repo: Repo, sealed: Sealed) -> None:
    """A merge with conflicts stops; `git commit` concludes it and runs pre-commit. The pre-commit
    framework then names only the files that had conflicts: the gate adds what the merge brings in."""
    repo.write("fixtures/run.jsonl", sealed.raw)
    repo.write("NOTES.md", "work on side\n")
    side_branch(repo)
    stopped = repo.git("merge", "-m", "merge side", "side", check=False)
    assert stopped.returncode != 0 and "CONFLICT" in stopped.stdout + stopped.stderr
    repo.write("NOTES.md", "work on both\n")
    repo.git("add", "NOTES.md")
    output = blocked(repo, "merge side")
    assert "BLOCKED fixtures/run.jsonl: not redacted (no seal)" in output
    assert "fixtures/run.jsonl" not in repo.committed()


def test_the_projects_own_config_installs_the_merge_hook(tmp_path: Path) -> None:
    """This project's .pre-commit-config.yaml: `pre-commit install` puts the gate in both hooks."""
    env = git_env(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=work, env=env, check=True, capture_output=True)
    shutil.copy(ROOT / ".pre-commit-config.yaml", work / ".pre-commit-config.yaml")
    installed = subprocess.run([str(REDACTOR_BIN.with_name("pre-commit")), "install"], cwd=work, env=env,
                               capture_output=True, text=True, check=False)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (work / ".git/hooks/pre-commit").is_file()
    assert (work / ".git/hooks/pre-merge-commit").is_file()
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert all("pre-merge-commit" in hook["stages"] for repo in config["repos"] for hook in repo["hooks"])


def test_the_shipped_manifest_runs_at_merges_and_not_at_push() -> None:
    """Consumers of `.pre-commit-hooks.yaml` get the hook at pre-merge-commit once they install that
    hook type; never at pre-push, where the index the gate reads is not what is pushed."""
    manifest = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert [hook["stages"] for hook in manifest] == [["pre-commit", "pre-merge-commit"]]


def test_the_standalone_merge_hook_fails_closed_without_the_commit_hook(tmp_path: Path) -> None:
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    shutil.copy(ROOT / "hooks/pre-merge-commit", hooks / "pre-merge-commit")
    result = subprocess.run([str(hooks / "pre-merge-commit")], cwd=tmp_path, capture_output=True, text=True,
                            check=False)
    assert result.returncode == 1
    assert "pre-commit not found or not executable (install hooks/pre-commit beside it); merge blocked" in result.stderr
