"""Red team 21, through real `git commit`: both hooks hand the gate every staged path, not only
`*.json`/`*.jsonl`, so a raw file the policy's globs do not name by its spelling still reaches it.

Asserts on what git committed, not only on the hook's output."""

from __future__ import annotations

import gzip
import os

import pytest

from tests.gate.conftest import Repo, Sealed
from tests.gate.test_commit import blocked

pytestmark = pytest.mark.slow

DIRECTORY = "fixtures/traces/invoice-currency"


def test_raw_text_file_inside_a_sealed_trace_directory_is_blocked(repo: Repo, sealed: Sealed) -> None:
    repo.add_sealed(sealed, "fixtures/traces")
    repo.git("add", "-A")
    assert repo.commit("sealed").returncode == 0
    repo.write(f"{DIRECTORY}/notes.txt", sealed.raw)
    repo.git("add", "-A")
    output = blocked(repo, "notes")
    assert f"BLOCKED {DIRECTORY}: modified after redaction" in output
    assert f"{DIRECTORY}/notes.txt" not in repo.committed()


@pytest.mark.parametrize("name", ["run.JSONL", "run.Json", "run.jsonl.gz", "run.jsonl ", "run"])
def test_raw_trace_under_another_spelling_is_blocked(repo: Repo, sealed: Sealed, name: str) -> None:
    repo.write(f"fixtures/{name}", gzip.compress(sealed.raw) if name.endswith(".gz") else sealed.raw)
    repo.git("add", "-A")
    output = blocked(repo, "raw under another name")
    assert "BLOCKED fixtures/" in output
    assert not any(path.startswith("fixtures/") for path in repo.committed())


def test_a_readme_under_fixtures_still_commits(repo: Repo) -> None:
    repo.write("fixtures/README.md", "How these fixtures were recorded.\n")
    repo.git("add", "-A")
    assert repo.commit("docs").returncode == 0
    assert "fixtures/README.md" in repo.committed()


def test_fixture_root_committed_as_a_symlink_is_blocked(repo: Repo, sealed: Sealed) -> None:
    repo.write("recordings/run.jsonl", sealed.raw)
    os.symlink("recordings", repo.path / "fixtures")
    repo.git("add", "-A")
    output = blocked(repo, "linked fixtures")
    assert "BLOCKED fixtures: symbolic link" in output
    assert "fixtures" not in repo.committed()


def test_sealed_fixture_replaced_by_a_symlink_is_blocked(repo: Repo, sealed: Sealed) -> None:
    """git status `T` (type change): the standalone hook's diff filter must include it."""
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.git("add", "-A")
    assert repo.commit("sealed").returncode == 0
    (repo.path / "fixtures/run.jsonl").unlink()
    repo.write("../outside-raw.jsonl", sealed.raw)
    os.symlink("../../outside-raw.jsonl", repo.path / "fixtures/run.jsonl")
    repo.git("add", "-A")
    assert repo.git("diff", "--cached", "--name-status").stdout.startswith("T")
    output = blocked(repo, "type change")
    assert "BLOCKED fixtures/run.jsonl: symbolic link" in output
    assert repo.show("fixtures/run.jsonl") == sealed.read("fixtures/run.jsonl")
