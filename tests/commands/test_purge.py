"""`redactor purge --expired`: dry run vs apply, asserted on the filesystem afterwards."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

import pytest

from tests.commands.store import DEFAULT_EXPIRY, RECORDED, invoke, iso, raw_trace, sealed_fixture, tree
from tests.conftest import run_cli


def purge(repo: Path, policy: Path, *extra: str, now: str = iso(DEFAULT_EXPIRY)) -> tuple[int, str]:
    result = invoke("purge", str(repo / "fixtures"), "--expired", "--policy", str(policy), "--base", str(repo),
                    "--now", now, *extra)
    return result.exit_code, result.output


@pytest.fixture
def store(repo: Path, policy: Path) -> Path:
    """Expired: a file and a trace directory. Kept: a fresh file, an incident, an unsealed raw trace,
    and files that are not traces at all."""
    sealed_fixture(repo, "fixtures/old.jsonl", policy)
    sealed_fixture(repo, "fixtures/adhoc/old-run", policy, directory=True)
    sealed_fixture(repo, "fixtures/fresh.jsonl", policy, recorded_at=RECORDED + timedelta(days=20))
    sealed_fixture(repo, "fixtures/incidents/kept.jsonl", policy, access_class="restricted")
    raw_trace(repo / "fixtures" / "unsealed.jsonl")
    (repo / "fixtures" / "README.md").write_text("notes\n", encoding="utf-8")
    (repo / "fixtures" / "adhoc" / "notes.txt").write_text("keep me\n", encoding="utf-8")
    return repo


EXPIRED = {"fixtures/old.jsonl", "fixtures/old.jsonl.seal.json", "fixtures/adhoc/old-run/graph.json",
           "fixtures/adhoc/old-run/001-agent-1.json", "fixtures/adhoc/old-run/002-agent-2.json",
           "fixtures/adhoc/old-run/redactor.seal.json"}


def test_dry_run_lists_and_deletes_nothing(store: Path, policy: Path) -> None:
    before = tree(store)
    code, output = purge(store, policy)
    assert code == 0
    assert tree(store) == before
    assert "would remove: fixtures/old.jsonl (expired 2026-01-31T00:00:00Z; expired)" in output
    assert "would remove: fixtures/adhoc/old-run (expired 2026-01-08T00:00:00Z; expired)" in output
    for name in EXPIRED:
        assert f"    {name}\n" in output
    assert output.rstrip().endswith("dry run: would remove 2 expired fixture(s); refused 0; nothing deleted "
                                    "(use --apply)")


def test_apply_removes_exactly_the_expired_fixtures(store: Path, policy: Path) -> None:
    before = tree(store)
    code, output = purge(store, policy, "--apply")
    assert code == 0
    after = tree(store)
    assert set(before) - set(after) == EXPIRED
    assert {name: before[name] for name in after} == after  # nothing else changed, byte for byte
    assert not (store / "fixtures" / "adhoc" / "old-run").exists()
    assert (store / "fixtures" / "adhoc" / "notes.txt").read_text(encoding="utf-8") == "keep me\n"
    assert "removed: fixtures/old.jsonl" in output and "removed: fixtures/adhoc/old-run" in output
    assert output.rstrip().endswith("removed 2 expired fixture(s); refused 0")
    assert not [p for p in store.rglob("*") if "redactor-tmp" in p.name]
    # Idempotent: nothing expired is left.
    assert purge(store, policy, "--apply") == (0, "removed 0 expired fixture(s); refused 0\n")


def test_one_second_before_expiry_nothing_goes(store: Path, policy: Path) -> None:
    before = tree(store)
    code, output = purge(store, policy, "--apply", now=iso(RECORDED + timedelta(days=7) - timedelta(seconds=1)))
    assert (code, tree(store)) == (0, before)
    assert output == "removed 0 expired fixture(s); refused 0\n"
    code, output = purge(store, policy, "--apply", now=iso(RECORDED + timedelta(days=7)))
    assert set(before) - set(tree(store)) == {name for name in EXPIRED if "adhoc" in name}


def test_unidentified_fixtures_are_refused_unless_forced(repo: Path, policy: Path) -> None:
    edited = sealed_fixture(repo, "fixtures/edited.jsonl", policy)
    edited.write_text(edited.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    run = sealed_fixture(repo, "fixtures/run", policy, directory=True)
    (run / "capture.log").write_text("someone's notes\n", encoding="utf-8")
    before = tree(repo)
    code, output = purge(repo, policy, "--apply")
    assert code == 1
    assert tree(repo) == before
    assert ("refused: fixtures/edited.jsonl (expired 2026-01-31T00:00:00Z; its content does not match its seal; "
            "not identified as a sealed fixture (--force removes it))") in output
    assert "refused: fixtures/run (expired 2026-01-31T00:00:00Z; the directory also holds capture.log;" in output
    code, output = purge(repo, policy, "--apply", "--force")
    assert code == 0
    assert tree(repo) == {}
    assert ("removed: fixtures/run (expired 2026-01-31T00:00:00Z; forced: the directory also holds "
            "capture.log)") in output


def test_never_follows_symlinks_out_of_root(repo: Path, policy: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    sealed_fixture(outside, "fixtures/linked/victim.jsonl", policy)
    sealed_fixture(outside, "fixtures/victim-file.jsonl", policy)
    (repo / "fixtures").mkdir()
    os.symlink(outside / "fixtures" / "linked", repo / "fixtures" / "linked", target_is_directory=True)
    os.symlink(outside / "fixtures" / "victim-file.jsonl", repo / "fixtures" / "victim-file.jsonl")
    os.symlink(outside / "fixtures" / "victim-file.jsonl.seal.json", repo / "fixtures" / "victim-file.jsonl.seal.json")
    before_outside = tree(outside)
    code, output = purge(repo, policy, "--apply", "--force")
    assert code == 1
    assert tree(outside) == before_outside
    assert (repo / "fixtures" / "linked").is_symlink() and (repo / "fixtures" / "victim-file.jsonl").is_symlink()
    assert "refused: fixtures/victim-file.jsonl" in output and "is a symbolic link" in output
    assert "refused: " in output and "linked is a symbolic link" in output


def test_requires_expired_and_valid_arguments(repo: Path, policy: Path) -> None:
    (repo / "fixtures").mkdir()
    result = invoke("purge", str(repo / "fixtures"), "--apply")
    assert result.exit_code == 2 and "--expired" in result.output
    assert invoke("purge", str(repo / "missing"), "--expired").exit_code == 2
    assert invoke("purge", str(repo / "fixtures"), "--expired", "--now", "soon").exit_code == 2


def test_json_report_and_real_subprocess(store: Path, policy: Path) -> None:
    result = run_cli("purge", "fixtures", "--expired", "--apply", "--format", "json", "--policy", str(policy),
                     "--base", ".", "--now", iso(DEFAULT_EXPIRY), cwd=store)
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["summary"]["removed"] == 2 and document["summary"]["applied"] is True
    assert {item["path"] for item in document["items"]} == {"fixtures/old.jsonl", "fixtures/adhoc/old-run"}
    assert {name for item in document["items"] for name in item["files"]} == EXPIRED
    assert not (store / "fixtures" / "old.jsonl").exists()
    assert (store / "fixtures" / "fresh.jsonl").exists() and (store / "fixtures" / "unsealed.jsonl").exists()


def test_names_that_hold_personal_data_are_shown_masked(repo: Path, policy: Path) -> None:
    """Purge lists what it removes as audit does: an e-mail address in a file's or a directory's name
    never shows, in the text report or the JSON one, applied or not."""
    sealed_fixture(repo, "fixtures/support/jane.doe@acme-mail.com.jsonl", policy)
    run = sealed_fixture(repo, "fixtures/+44_20_7946_0958", policy, directory=True)
    (run / "notes-for-liam.obrien@acme-mail.com.txt").write_text("call back\n", encoding="utf-8")
    for extra, expected_code in (((), 1), (("--format", "json"), 1), (("--apply", "--force"), 0)):
        code, output = purge(repo, policy, *extra)  # (the directory is refused until forced: it holds notes)
        assert code == expected_code, output
        assert "acme-mail" not in output and "7946" not in output and "jane.doe" not in output, output
        assert "fixtures/support/ja" in output  # (…, or \\u2026 in JSON)
    assert tree(repo) == {}
