"""The gate through real `git commit`, with the pre-commit framework and with the standalone hook.

Every test asserts on what git actually committed (`git ls-tree`, `git show`), not only on the
hook's output.
"""

from __future__ import annotations

import json

import pytest

from tests.gate.conftest import PLANTED, Repo, Sealed

pytestmark = pytest.mark.slow


def blocked(repo: Repo, message: str) -> str:
    """Commit, expect the hook to refuse, and return its output. Nothing new may be in HEAD."""
    before = repo.head_count()
    result = repo.commit(message)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert repo.head_count() == before
    return output


def committed(repo: Repo, message: str) -> str:
    before = repo.head_count()
    result = repo.commit(message)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert repo.head_count() == before + 1
    return output


def assert_no_value(output: str) -> None:
    for value in PLANTED:
        assert value.decode() not in output


def test_raw_fixture_is_blocked_and_the_message_names_the_fix(repo: Repo, sealed: Sealed) -> None:
    repo.write("fixtures/run.jsonl", sealed.raw)
    repo.git("add", "fixtures/run.jsonl")
    output = blocked(repo, "add raw")
    assert "BLOCKED fixtures/run.jsonl: not redacted (no seal)" in output
    assert "EMAIL_ADDRESS at $.input.email (line 1)" in output
    assert "CREDIT_CARD at $.arguments#json.card_number (line 2)" in output
    assert "fix: redactor redact fixtures/run.jsonl --in-place" in output
    assert "git add fixtures/run.jsonl fixtures/run.jsonl.seal.json" in output
    assert_no_value(output)
    assert "fixtures/run.jsonl" not in repo.committed()


def test_redacted_fixture_passes(repo: Repo, sealed: Sealed) -> None:
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.add_sealed(sealed, "fixtures/traces")
    repo.git("add", "-A")
    committed(repo, "add sealed fixtures")
    assert repo.show("fixtures/run.jsonl") == sealed.read("fixtures/run.jsonl")
    assert repo.show("fixtures/traces/invoice-currency/redactor.seal.json") == sealed.read(
        "fixtures/traces/invoice-currency/redactor.seal.json")
    for value in PLANTED:
        assert value not in repo.show("fixtures/run.jsonl")


def test_fixture_edited_after_sealing_is_blocked(repo: Repo, sealed: Sealed) -> None:
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.git("add", "-A")
    committed(repo, "sealed")
    edited = sealed.read("fixtures/run.jsonl").replace(b'"run.completed"', b'"run.completed", "note": "x"')
    repo.write("fixtures/run.jsonl", edited)
    repo.git("add", "fixtures/run.jsonl")
    output = blocked(repo, "edit")
    assert "BLOCKED fixtures/run.jsonl: modified after redaction" in output
    assert repo.show("fixtures/run.jsonl") == sealed.read("fixtures/run.jsonl")


def test_value_pasted_into_a_sealed_fixture_is_found_by_the_residual_scan(repo: Repo, sealed: Sealed) -> None:
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    pasted = sealed.read("fixtures/run.jsonl").replace(b'"run.completed"',
                                                       b'"run.completed", "contact": "ops-lead@fastmail.com"')
    repo.write("fixtures/run.jsonl", pasted)
    repo.git("add", "-A")
    output = blocked(repo, "paste")
    assert "modified after redaction" in output
    assert "EMAIL_ADDRESS at $.contact (line 3)" in output
    assert "ops-lead@fastmail.com" not in output


def test_staged_raw_but_fixed_in_working_tree_is_blocked(repo: Repo, sealed: Sealed) -> None:
    repo.write("fixtures/run.jsonl", sealed.raw)
    repo.git("add", "fixtures/run.jsonl")
    # Fixed on disk (redacted and sealed), seal staged, but the index still holds the raw bytes.
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.git("add", "fixtures/run.jsonl.seal.json")
    output = blocked(repo, "staged raw")
    assert "BLOCKED fixtures/run.jsonl: modified after redaction" in output
    assert "EMAIL_ADDRESS at $.input.email" in output
    assert (repo.path / "fixtures/run.jsonl").read_bytes() == sealed.read("fixtures/run.jsonl")  # untouched


def test_partially_staged_fixture_is_blocked(repo: Repo, sealed: Sealed) -> None:
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.git("add", "-A")
    committed(repo, "sealed")
    lines = sealed.read("fixtures/run.jsonl").splitlines(keepends=True)
    raw_lines = sealed.raw.splitlines(keepends=True)
    # Stage a raw first line; leave the working tree with the redacted version.
    repo.write("fixtures/run.jsonl", raw_lines[0] + b"".join(lines[1:]))
    repo.git("add", "fixtures/run.jsonl")
    repo.write("fixtures/run.jsonl", b"".join(lines))
    output = blocked(repo, "partial")
    assert "modified after redaction" in output
    assert "EMAIL_ADDRESS at $.input.email (line 1)" in output
    assert (repo.path / "fixtures/run.jsonl").read_bytes() == b"".join(lines)


_OVERSIZED = json.dumps({"payload": ["x" * 1000] * 9000}).encode()  # ~9 MB, over the 8 MiB default


@pytest.mark.parametrize(("name", "data", "expected"), [
    ("broken.json", b'{"type": "run.started", "email": ', ["unparseable", "not valid JSON"]),
    ("blob.json", bytes(range(256)) * 4, ["binary file", "git rm --cached fixtures/blob.json"]),
    ("big.json", _OVERSIZED, ["oversized file", f"{len(_OVERSIZED):,} bytes"]),
], ids=["unparseable", "binary", "oversized"])
def test_bad_content_is_blocked(repo: Repo, name: str, data: bytes, expected: list[str]) -> None:
    repo.write(f"fixtures/{name}", data)
    repo.git("add", "-A")
    output = blocked(repo, name)
    assert f"BLOCKED fixtures/{name}: " in output
    for text in expected:
        assert text in output


def test_non_fixture_files_are_ignored(repo: Repo, sealed: Sealed) -> None:
    repo.write("docs/example.jsonl", sealed.raw)  # not under fixtures/: not the gate's business
    repo.write("notes.txt", "maria.lopez@fastmail.com\n")
    repo.git("add", "-A")
    committed(repo, "docs")
    assert {"docs/example.jsonl", "notes.txt"} <= repo.committed()


def test_deletion_of_a_fixture_passes(repo: Repo, sealed: Sealed) -> None:
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.add_sealed(sealed, "fixtures/traces")
    repo.git("add", "-A")
    committed(repo, "sealed")
    repo.git("rm", "-q", "fixtures/run.jsonl", "fixtures/run.jsonl.seal.json")
    repo.git("rm", "-q", "-r", "fixtures/traces/invoice-currency")
    committed(repo, "delete")
    assert not any(p.startswith("fixtures/") for p in repo.committed())


def test_rename_is_checked_at_the_new_path(repo: Repo, sealed: Sealed) -> None:
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.git("add", "-A")
    committed(repo, "sealed")
    repo.git("mv", "fixtures/run.jsonl", "fixtures/renamed.jsonl")
    repo.git("mv", "fixtures/run.jsonl.seal.json", "fixtures/renamed.jsonl.seal.json")
    committed(repo, "rename with its seal")
    assert repo.show("fixtures/renamed.jsonl") == sealed.read("fixtures/run.jsonl")
    # Renamed without its seal: the new path has none.
    repo.git("mv", "fixtures/renamed.jsonl", "fixtures/orphan.jsonl")
    output = blocked(repo, "rename without seal")
    assert "BLOCKED fixtures/orphan.jsonl: not redacted (no seal)" in output


def test_changed_member_of_a_trace_directory_blocks_the_whole_trace(repo: Repo, sealed: Sealed) -> None:
    repo.add_sealed(sealed, "fixtures/traces")
    repo.git("add", "-A")
    committed(repo, "sealed dir")
    member = repo.path / "fixtures/traces/invoice-currency/002-create_invoice-1.json"
    member.write_bytes(member.read_bytes().replace(b"{", b'{"added": "tampered", ', 1))
    repo.git("add", "-A")
    output = blocked(repo, "tamper member")
    assert "BLOCKED fixtures/traces/invoice-currency: modified after redaction" in output
    assert "002-create_invoice-1.json changed" in output
    assert "redactor redact fixtures/traces/invoice-currency --in-place" in output


def test_deleting_only_the_seal_is_blocked_by_the_standalone_hook(repo: Repo, sealed: Sealed) -> None:
    if repo.mode != "standalone":
        pytest.skip("pre-commit passes no deleted paths to hooks (documented in docs/gate.md)")
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.git("add", "-A")
    committed(repo, "sealed")
    repo.git("rm", "-q", "fixtures/run.jsonl.seal.json")
    output = blocked(repo, "drop seal")
    assert "BLOCKED fixtures/run.jsonl: not redacted (no seal)" in output


def test_a_symlinked_fixture_is_blocked(repo: Repo, sealed: Sealed) -> None:
    """pre-commit hands hooks regular files only by default, so a link under fixtures/ to a raw
    recording was committed through the framework hook (a red team found it)."""
    repo.write("recordings/run.jsonl", sealed.raw)
    (repo.path / "fixtures").mkdir()
    (repo.path / "fixtures/run.jsonl").symlink_to("../recordings/run.jsonl")
    repo.git("add", "-A")
    blocked(repo, "a link to a raw recording")
    assert "fixtures/run.jsonl" not in repo.committed()
