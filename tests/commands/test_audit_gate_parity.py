"""`redactor audit` sees a store as the gate does: files under the root that are no trace (a gzipped or
renamed recording, a CSV export) and personal data in a fixture's name. A red team found a store the
gate blocked five ways reported as "violations: none", with a customer's e-mail printed as a path.

Real sealed fixtures (`redactor redact`), the real CLI, and the real gate on the same files."""

from __future__ import annotations

import gzip
import json
from datetime import timedelta
from pathlib import Path

from tests.commands.store import RECORDED, audit_json, by_path, invoke, iso, kinds, raw_trace, sealed_fixture
from tests.conftest import run_cli

NOW = RECORDED + timedelta(days=1)
EMAIL_NAME = "jane.doe@acme.com"  # a customer's address as a fixture's name
EMAIL_MASKED = "ja…(17 chars)"
RAW_VALUES = ("customer0@corp-mail.io", "555 1000", "maria.lopez@fastmail.com", "4111 1111 1111 1111", EMAIL_NAME)
EXPECTED = {
    "fixtures/run.jsonl.gz": ["stray-file"],
    "fixtures/run.json5": ["stray-file"],
    "fixtures/run.jsonl.bak": ["stray-file"],
    "fixtures/exports/customers.csv": ["text-findings"],
    "fixtures/README.md": [],
    f"fixtures/support/{EMAIL_MASKED}.jsonl": ["sensitive-path"],
}


def store(repo: Path, policy: Path) -> None:
    """What the red team committed past the audit: raw recordings under other names, a raw export,
    a clean README, and a sealed, clean fixture named after a customer."""
    raw = raw_trace(repo.parent / "raw.jsonl").read_bytes()
    fixtures = repo / "fixtures"
    (fixtures / "exports").mkdir(parents=True)
    (fixtures / "run.jsonl.gz").write_bytes(gzip.compress(raw))
    (fixtures / "run.json5").write_bytes(raw)
    (fixtures / "run.jsonl.bak").write_bytes(raw)
    (fixtures / "exports/customers.csv").write_bytes(b"name,email,card\nMaria Lopez,maria.lopez@fastmail.com,"
                                                     b"4111 1111 1111 1111\n")
    (fixtures / "README.md").write_bytes(b"# Fixtures\n\nRecorded runs, redacted and sealed.\n")
    sealed_fixture(repo, f"fixtures/support/{EMAIL_NAME}.jsonl", policy)


def audit(repo: Path, policy: Path, *extra: str) -> tuple[int, dict[str, object]]:
    return audit_json(str(repo / "fixtures"), "--policy", str(policy), "--base", str(repo), "--now", iso(NOW),
                      *extra)


def test_audit_reports_what_the_gate_blocks(repo: Path, policy: Path) -> None:
    store(repo, policy)
    code, document = audit(repo, policy)
    fixtures = by_path(document)
    assert code == 1
    assert {path: kinds(fixture) for path, fixture in fixtures.items()} == EXPECTED
    assert fixtures["fixtures/run.jsonl.gz"]["kind"] == "other"
    summary = document["summary"]
    assert isinstance(summary, dict)
    assert (summary["fixtures"], summary["other_files"], summary["sealed"], summary["unsealed"]) == (1, 5, 1, 0)
    assert summary["violations"] == {"sensitive-path": 1, "stray-file": 3, "text-findings": 1}
    csv_findings = fixtures["fixtures/exports/customers.csv"]["findings"]
    assert isinstance(csv_findings, list)
    assert {finding["entity_type"] for finding in csv_findings} >= {"EMAIL_ADDRESS", "CREDIT_CARD"}
    # The gate, on the same files, blocks exactly what the audit reports.
    gate = run_cli("check", "--working-tree", "--policy", str(policy), "--now", iso(NOW), "--format", "json",
                   "fixtures", cwd=repo)
    assert gate.returncode == 1, gate.stderr
    results = json.loads(gate.stdout)["results"]
    blocked = {result["path"]: sorted({reason["code"] for reason in result["reasons"]}) for result in results
               if result["status"] == "blocked"}
    assert blocked == {path: found for path, found in EXPECTED.items() if found}


def test_no_value_is_printed_in_any_format(repo: Path, policy: Path) -> None:
    store(repo, policy)
    for output_format in ("table", "json", "markdown"):
        result = invoke("audit", str(repo / "fixtures"), "--policy", str(policy), "--base", str(repo),
                        "--now", iso(NOW), "--format", output_format)
        assert result.exit_code == 1
        text = json.dumps(json.loads(result.output), ensure_ascii=False) if output_format == "json" else result.output
        assert f"fixtures/support/{EMAIL_MASKED}.jsonl" in text
        for value in RAW_VALUES:
            assert value not in result.output
    # A root named after the customer is masked in the summary too.
    code, document = audit_json(str(repo / "fixtures/support" / f"{EMAIL_NAME}.jsonl"), "--policy", str(policy),
                                "--base", str(repo), "--now", iso(NOW))
    assert code == 1 and EMAIL_NAME not in json.dumps(document)


def test_fail_on_selects_the_new_kinds(repo: Path, policy: Path) -> None:
    store(repo, policy)
    assert audit(repo, policy, "--fail-on", "stray-file")[0] == 1
    assert audit(repo, policy, "--fail-on", "sensitive-path")[0] == 1
    assert audit(repo, policy, "--fail-on", "expired,unsealed")[0] == 0
    _, document = audit(repo, policy, "--fail-on", "text-findings")
    summary = document["summary"]
    assert isinstance(summary, dict) and summary["failing"] == 1


def test_no_scan_still_reports_strays_and_names(repo: Path, policy: Path) -> None:
    """`--no-scan` skips content scans (traces, text); names are always scanned, since a path must be
    masked before it is printed."""
    store(repo, policy)
    _, document = audit(repo, policy, "--no-scan")
    assert {path: kinds(fixture) for path, fixture in by_path(document).items()} == {
        **EXPECTED, "fixtures/exports/customers.csv": []}


def test_binary_and_unreadable_files(repo: Path, policy: Path) -> None:
    (repo / "fixtures").mkdir()
    (repo / "fixtures/checkout.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    (repo / "fixtures/latin1.csv").write_bytes("name,city\nJos\u00e9,M\u00e1laga\n".encode("latin-1"))
    _, document = audit(repo, policy)
    assert {path: kinds(fixture) for path, fixture in by_path(document).items()} == {
        "fixtures/checkout.png": ["binary"], "fixtures/latin1.csv": ["binary"]}


def test_symbolic_links_are_reported_not_followed(repo: Path, policy: Path, tmp_path: Path) -> None:
    """A link under the store is a `symlink` violation by its name, as the gate blocks it; what it points
    to (raw recordings outside the repository) is never read, so its path and content never show."""
    outside = tmp_path / "elsewhere"
    raw_trace(outside / "raw.jsonl")
    raw_trace(outside / "runs" / "run.jsonl")
    (repo / "fixtures").mkdir()
    (repo / "fixtures" / "linked-run.jsonl").symlink_to(outside / "raw.jsonl")
    (repo / "fixtures" / "linked-dir").symlink_to(outside / "runs", target_is_directory=True)
    code, document = audit(repo, policy)
    assert code == 1
    assert {path: kinds(fixture) for path, fixture in by_path(document).items()} == {
        "fixtures/linked-run.jsonl": ["symlink"], "fixtures/linked-dir": ["symlink"]}
    text = json.dumps(document)
    assert "elsewhere" not in text and "corp-mail" not in text
    gate = run_cli("check", "--working-tree", "--policy", str(policy), "--now", iso(NOW), "--format", "json",
                   "fixtures", cwd=repo)
    assert gate.returncode == 1, gate.stderr
    blocked = {result["path"]: sorted({reason["code"] for reason in result["reasons"]})
               for result in json.loads(gate.stdout)["results"] if result["status"] == "blocked"}
    assert blocked == {"fixtures/linked-run.jsonl": ["symlink"], "fixtures/linked-dir": ["symlink"]}
