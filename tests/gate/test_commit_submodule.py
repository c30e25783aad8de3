"""Submodules (gitlinks, index mode 160000) where fixtures live. A submodule at a fixture root passed as
"not a fixture" (a red team found it): replay then reads another repository's raw recordings, which the
gate never sees. It is blocked as a symlink there is. Real `git submodule add` and `git commit`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gate.conftest import GATE_POLICY, Repo, Sealed
from tests.gate.test_check_cli import check, staged  # noqa: F401  (staged is a fixture)
from tests.gate.test_commit import assert_no_value, blocked, committed

pytestmark = pytest.mark.slow


def recordings(tmp_path: Path, env: dict[str, str], raw: bytes) -> Path:
    """Another repository holding a raw recording (what the submodule brings in)."""
    other = Repo(tmp_path / "recordings", env, "none")
    other.path.mkdir()
    other.git("init", "-q")
    other.write("run.jsonl", raw)
    other.git("add", "-A")
    other.git("commit", "-q", "--no-verify", "-m", "raw recordings")
    return other.path


def test_a_submodule_at_the_fixture_root_is_blocked(repo: Repo, sealed: Sealed, tmp_path: Path) -> None:
    source = recordings(tmp_path, repo.env, sealed.raw)
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(source), "fixtures/incidents")
    output = blocked(repo, "incidents as a submodule")
    assert "BLOCKED fixtures/incidents: submodule (gitlink) at, above or under a fixture root" in output
    assert "fix: remove the submodule from the fixture root (git rm -f fixtures/incidents;" in output
    assert_no_value(output)
    assert "fixtures/incidents" not in repo.committed()
    # The fix as printed: the submodule goes, and the commit passes.
    repo.git("rm", "-q", "-f", "fixtures/incidents")
    committed(repo, "no submodule")
    assert not any(path.startswith("fixtures/") for path in repo.committed())


NESTED_POLICY = GATE_POLICY + 'fixtures:\n  include: ["data/fixtures/**/*.json", "data/fixtures/**/*.jsonl"]\n'


@pytest.mark.parametrize(("rel", "code"), [
    ("data", ["submodule"]), ("data/fixtures", ["submodule"]), ("data/fixtures/vendor/recs", ["submodule"]),
    ("vendor/lib", None),
], ids=["above", "at", "under", "elsewhere"])
def test_a_gitlink_at_above_or_under_a_root_is_blocked_whichever_paths_changed(
        staged: Repo, tmp_path: Path, rel: str, code: list[str] | None) -> None:  # noqa: F811
    """No `.gitmodules`, and the commit names only a README: a gitlink may predate the commit, and the
    pre-commit framework never passes a submodule's path (a directory on disk) to a hook."""
    policy = tmp_path / "nested.yaml"
    policy.write_text(NESTED_POLICY, encoding="utf-8")
    staged.write("README.md", "readme\n")
    staged.git("add", "README.md")
    staged.git("update-index", "--add", "--cacheinfo", f"160000,{'1' * 40},{rel}")
    result = check(staged, "--policy", str(policy), "--format", "json", "README.md")
    results = {entry["repo_path"]: [reason["code"] for reason in entry["reasons"]]
               for entry in json.loads(result.stdout)["results"]}
    assert result.returncode == (1 if code else 0), result.stderr
    assert results.get(rel) == code
