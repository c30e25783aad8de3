"""Red team 21: `redactor check` on what a hook now hands it (every staged path), on names that
hide a trace, duplicate keys, recording times, and inputs that used to crash it.

The installed console script on real repositories; assertions on exit codes and reason codes."""

from __future__ import annotations

import gzip
import json
import os
import time
from pathlib import Path

import pytest

from redactor.replacement.keys import load_key
from redactor.seal import canonical
from tests.conftest import run_cli
from tests.gate.conftest import PLANTED, Repo, Sealed
from tests.gate.test_check_cli import check, reseal_by_hand, staged  # noqa: F401  (staged is a fixture)

pytestmark = pytest.mark.slow


def reasons(repo: Repo, sealed: Sealed, *paths: str,
            env: dict[str, str] | None = None) -> tuple[int, dict[str, list[str]]]:
    result = check(repo, "--policy", str(sealed.policy), "--format", "json", *paths, env=env)
    assert result.returncode in (0, 1), result.stderr
    for value in PLANTED:
        assert value.decode() not in result.stdout + result.stderr
    document = json.loads(result.stdout)
    return result.returncode, {entry["repo_path"]: [r["code"] for r in entry["reasons"]]
                               for entry in document["results"]}


@pytest.mark.parametrize(("name", "code"), [
    ("run.JSONL", "not-redacted"), ("run.Json", "not-redacted"), ("run.ndjson", "not-redacted"),
    ("run.jsonl.gz", "stray-file"), ("run.jsonl ", "stray-file"), ("run.json.", "stray-file"),
    ("run", "stray-file"), ("run.txt", "stray-file"), ("run.jsonl.bak", "stray-file"),
])
def test_a_raw_trace_under_the_fixture_root_is_blocked_whatever_its_name(
        staged: Repo, sealed: Sealed, name: str, code: str) -> None:  # noqa: F811
    staged.write(f"fixtures/{name}", gzip.compress(sealed.raw) if name.endswith(".gz") else sealed.raw)
    staged.git("add", "-A")
    exit_code, results = reasons(staged, sealed, f"fixtures/{name}")
    assert exit_code == 1
    assert code in results[f"fixtures/{name}"]


def test_readme_and_plain_text_under_fixtures_are_not_fixtures(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    staged.write("fixtures/README.md", "# Fixtures\nRecorded runs, redacted.\n")
    staged.write("fixtures/.gitkeep", "")
    staged.git("add", "-A")
    exit_code, results = reasons(staged, sealed, "fixtures/README.md", "fixtures/.gitkeep")
    assert exit_code == 0
    assert results == {"fixtures/README.md": [], "fixtures/.gitkeep": []}


def test_a_sealed_ndjson_trace_passes_like_jsonl(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    staged.write("fixtures/run.ndjson", sealed.raw)
    redacted = run_cli("redact", str(staged.path / "fixtures/run.ndjson"), "--in-place", "--policy",
                       str(sealed.policy), "--no-ner", "-q")
    assert redacted.returncode == 0, redacted.stderr
    staged.git("add", "-A")
    exit_code, results = reasons(staged, sealed, "fixtures/run.ndjson", "fixtures/run.ndjson.seal.json")
    assert exit_code == 0 and results == {"fixtures/run.ndjson": []}


def test_duplicate_key_hiding_a_raw_value_is_blocked_without_the_key(
        staged: Repo, sealed: Sealed, tmp_path: Path) -> None:  # noqa: F811
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    lines = sealed.read("fixtures/run.jsonl").decode().splitlines(keepends=True)
    lines[0] = lines[0].replace('{"type"', '{"input": {"email": "maria.lopez@fastmail.com"}, "type"', 1)
    assert '"input"' in lines[0].split('"type"', 1)[1]  # the sealed value comes later: it wins
    reseal_by_hand(staged, "fixtures/run.jsonl", "".join(lines).encode(), keep_mac=False)
    staged.git("add", "-A")
    no_key = {"REDACTOR_KEY": "", "REDACTOR_KEY_FILE": str(tmp_path / "absent")}
    exit_code, results = reasons(staged, sealed, "fixtures/run.jsonl", env=no_key)
    assert exit_code == 1
    assert "duplicate-key" in results["fixtures/run.jsonl"]


def test_symlink_at_the_fixture_root_is_blocked_even_when_not_named(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    staged.write("recordings/run.jsonl", sealed.raw)
    os.symlink("recordings", staged.path / "fixtures")
    staged.git("add", "-A")
    staged.git("commit", "-q", "--no-verify", "-m", "the link predates this commit")
    staged.write("notes.md", "unrelated change\n")
    staged.git("add", "notes.md")
    exit_code, results = reasons(staged, sealed, "notes.md")
    assert exit_code == 1
    assert results["fixtures"] == ["symlink"]


def test_a_path_that_exists_nowhere_is_exit_2(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    result = check(staged, "--policy", str(sealed.policy), "does/not/exist.jsonl")
    assert result.returncode == 2
    assert "does/not/exist.jsonl" in result.stderr and "no such file" in result.stderr


def test_a_deleted_non_fixture_path_is_not_an_error(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    staged.write("docs/old.md", "x\n")
    staged.git("add", "-A")
    staged.git("commit", "-q", "--no-verify", "-m", "doc")
    staged.git("rm", "-q", "docs/old.md")
    assert check(staged, "--policy", str(sealed.policy), "docs/old.md").returncode == 0


@pytest.mark.parametrize("working_tree", [False, True])
def test_fifo_is_exit_2_naming_the_file(staged: Repo, sealed: Sealed, working_tree: bool) -> None:  # noqa: F811
    (staged.path / "fixtures").mkdir()
    os.mkfifo(staged.path / "fixtures/pipe.jsonl")
    args = ["--working-tree"] if working_tree else []
    result = check(staged, "--policy", str(sealed.policy), *args, "fixtures/pipe.jsonl")
    assert result.returncode == 2
    assert "fixtures/pipe.jsonl: not a regular file" in result.stderr
    assert "internal error" not in result.stderr


@pytest.mark.parametrize("working_tree", [False, True])
def test_symlink_loop_is_blocked_not_a_crash(staged: Repo, sealed: Sealed, working_tree: bool) -> None:  # noqa: F811
    (staged.path / "fixtures").mkdir()
    os.symlink("loop.jsonl", staged.path / "fixtures/loop.jsonl")
    args = ["--working-tree"] if working_tree else []
    result = check(staged, "--policy", str(sealed.policy), *args, "fixtures/loop.jsonl")
    assert result.returncode == 1, result.stderr
    assert "BLOCKED fixtures/loop.jsonl: symbolic link" in result.stdout
    assert "internal error" not in result.stderr


def remac(seal_path: Path, **fields: str) -> None:
    """Edit a seal and sign it again with the key, as an honest-looking seal would be."""
    document = json.loads(seal_path.read_text())
    document.update(fields)
    key = load_key(required=True)
    assert key is not None
    document["mac"] = "hmac-sha256:" + key.mac(canonical(document))
    seal_path.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n")


@pytest.mark.parametrize("recorded_at", ["2099-06-01T00:00:00Z", "9999-12-31T23:59:59Z"])
def test_seal_recorded_in_the_future_is_blocked(staged: Repo, sealed: Sealed, recorded_at: str) -> None:  # noqa: F811
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    remac(staged.path / "fixtures/run.jsonl.seal.json", recorded_at=recorded_at, redacted_at=recorded_at)
    staged.git("add", "-A")
    result = check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl")
    assert result.returncode == 1, result.stderr
    assert "recorded-in-future" in result.stdout and recorded_at in result.stdout


def test_recording_time_moved_forward_against_head_is_blocked(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    """Age laundering: delete an (expired) fixture's seal and redact it again, "recorded now"."""
    staged.write("fixtures/adhoc/run.jsonl", b'{"type": "note", "text": "mail maria.lopez@fastmail.com"}\n')
    command = ("redact", str(staged.path / "fixtures/adhoc/run.jsonl"), "--in-place", "--policy",
               str(sealed.policy), "--no-ner", "-q")
    assert run_cli(*command).returncode == 0
    staged.git("add", "-A")
    staged.git("commit", "-q", "--no-verify", "-m", "sealed, no timestamps: recorded at redaction time")
    (staged.path / "fixtures/adhoc/run.jsonl.seal.json").unlink()
    time.sleep(1.1)  # seal timestamps have one-second resolution
    assert run_cli(*command).returncode == 0
    staged.git("add", "-A")
    exit_code, results = reasons(staged, sealed, "fixtures/adhoc/run.jsonl.seal.json")
    assert exit_code == 1
    assert results["fixtures/adhoc/run.jsonl"] == ["recording-time-moved"]


def test_a_tracked_policy_with_unstaged_changes_is_refused(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    """Red team 21: `--policy policies/team.yaml` was read from the working tree, so an unstaged
    `exclude: ["fixtures/**"]` let a staged raw fixture through although the committed policy excludes
    nothing. A tracked policy must be checked as it is staged."""
    staged.write("policies/team.yaml", sealed.policy.read_bytes())
    staged.git("add", "-A")
    staged.git("commit", "-q", "--no-verify", "-m", "policy")
    staged.write("fixtures/run.jsonl", sealed.raw)
    staged.git("add", "fixtures/run.jsonl")
    assert check(staged, "--policy", "policies/team.yaml", "fixtures/run.jsonl").returncode == 1  # blocked raw
    text = sealed.policy.read_text(encoding="utf-8")
    weakened = 'fixtures:\n  include: ["fixtures/**/*.json"]\n  exclude: ["fixtures/**"]\n'
    staged.write("policies/team.yaml", text + weakened)
    result = check(staged, "--policy", "policies/team.yaml", "fixtures/run.jsonl")
    assert result.returncode == 2 and "unstaged changes" in result.stderr, result.stderr
    staged.git("add", "policies/team.yaml")  # staged, it is what the commit holds: a policy weakened in it
    result = check(staged, "--policy", "policies/team.yaml", "--format", "json", "fixtures/run.jsonl")
    assert result.returncode == 1, result.stderr
    (entry,) = json.loads(result.stdout)["results"]
    assert [reason["code"] for reason in entry["reasons"]] == ["policy-changed"]
