"""`redactor audit`: real sealed fixtures (written by `redactor redact`), a fixed clock, the real CLI."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from redactor.commands.redact import redact_one
from redactor.engine import Redactor
from redactor.policy import load_policy
from redactor.replacement.keys import load_key
from redactor.seal import read_seal, seal_path_for, sha256_bytes, write_seal
from tests.commands.store import (
    DEFAULT_EXPIRY,
    RECORDED,
    audit_json,
    by_path,
    invoke,
    iso,
    kinds,
    raw_trace,
    sealed_fixture,
    write_policy,
)
from tests.conftest import run_cli


def audit(repo: Path, policy: Path, now: datetime, *extra: str) -> tuple[int, dict[str, dict[str, object]]]:
    code, document = audit_json(str(repo / "fixtures"), "--policy", str(policy), "--base", str(repo),
                                "--now", iso(now), *extra)
    return code, by_path(document)


@pytest.mark.parametrize(
    ("offset", "expired", "code"),
    [(timedelta(seconds=-1), False, 0), (timedelta(0), True, 1), (timedelta(seconds=1), True, 1)],
    ids=["one-second-before", "exactly-at", "one-second-after"],
)
def test_expiry_boundary(repo: Path, policy: Path, offset: timedelta, expired: bool, code: int) -> None:
    sealed_fixture(repo, "fixtures/a.jsonl", policy)
    exit_code, fixtures = audit(repo, policy, DEFAULT_EXPIRY + offset)
    fixture = fixtures["fixtures/a.jsonl"]
    assert exit_code == code
    assert fixture["sealed"] is True
    assert fixture["expired"] is expired
    assert fixture["expires_at"] == "2026-01-31T00:00:00Z"
    assert fixture["recorded_at"] == "2026-01-01T00:00:00Z"
    assert fixture["age_days"] == (29 if offset < timedelta(0) else 30)
    assert kinds(fixture) == (["expired"] if expired else [])


def relabel_class(fixture: Path, access_class: str) -> None:
    """Give a sealed fixture's seal another access class, signed again with the (test) key."""
    from redactor.seal import canonical

    seal_path = seal_path_for(fixture, False)
    document = dict(read_seal(seal_path).document)
    document["access_class"] = access_class
    key = load_key(required=True)
    assert key is not None
    document["mac"] = "hmac-sha256:" + key.mac(canonical(document))
    write_seal(seal_path, document)


def test_report_fields_and_class_violations(repo: Path, policy: Path) -> None:
    sealed_fixture(repo, "fixtures/ok.jsonl", policy)
    sealed_fixture(repo, "fixtures/incidents/run-1", policy, access_class="restricted", directory=True)
    sealed_fixture(repo, "fixtures/restricted-misplaced.jsonl", policy, access_class="restricted")
    sealed_fixture(repo, "fixtures/incidents/secret.jsonl", policy, access_class="secret")
    sealed_fixture(repo, "fixtures/public/internal.jsonl", policy)
    sealed_fixture(repo, "fixtures/public/pub.jsonl", policy, access_class="public")
    odd = sealed_fixture(repo, "fixtures/odd.jsonl", policy, access_class="public")
    relabel_class(odd, "vip")  # `redact` refuses a class the policy does not define; an older seal may hold one
    code, document = audit_json(str(repo / "fixtures"), "--policy", str(policy), "--base", str(repo),
                                "--now", iso(RECORDED + timedelta(days=10)))
    fixtures = by_path(document)
    assert code == 1
    assert {path: kinds(f) for path, f in fixtures.items()} == {
        "fixtures/ok.jsonl": [],
        "fixtures/incidents/run-1": [],
        "fixtures/restricted-misplaced.jsonl": ["class-not-allowed"],
        "fixtures/incidents/secret.jsonl": ["class-not-committable"],
        "fixtures/public/internal.jsonl": ["class-not-allowed"],
        "fixtures/public/pub.jsonl": [],
        "fixtures/odd.jsonl": ["class-unknown"],
    }
    incident = fixtures["fixtures/incidents/run-1"]
    assert incident["kind"] == "directory"
    assert incident["access_class"] == "restricted"
    assert incident["owners"] == ["@security-team"]
    assert incident["max_age_days"] == 365
    assert incident["retention_rule"] == "retention.rules[0]"
    assert incident["expires_at"] == "2027-01-01T00:00:00Z"
    assert fixtures["fixtures/ok.jsonl"]["access_class"] == "internal"  # the policy's default_class
    digest = load_policy(policy).digest
    assert fixtures["fixtures/ok.jsonl"]["policy"] == {"name": "retention-test", "digest": digest, "current": True}
    summary = document["summary"]
    assert isinstance(summary, dict)
    assert summary["fixtures"] == 7 and summary["sealed"] == 7 and summary["failing"] == 4
    assert summary["violations"] == {"class-not-allowed": 2, "class-not-committable": 1, "class-unknown": 1}
    assert set(document) == {"fixtures", "summary"}
    assert {"path", "sealed", "expired", "expires_at", "access_class", "violations"} <= set(incident)


def test_unsealed_tampered_outdated_and_residual(repo: Path, policy: Path, tmp_path: Path) -> None:
    raw_trace(repo / "fixtures" / "raw.jsonl")
    edited = sealed_fixture(repo, "fixtures/edited.jsonl", policy)
    edited.write_text(edited.read_text(encoding="utf-8").replace("run.completed", "run.finished"), encoding="utf-8")
    # Any change to the policy changes its digest: a seal made before it is outdated.
    old_policy = write_policy(tmp_path, policy.read_text(encoding="utf-8") + "payload_threshold: 16KiB\n",
                              name="old.yaml")
    sealed_fixture(repo, "fixtures/old.jsonl", old_policy)
    # A raw value pasted in and the seal's digest recomputed by hand: the residual scan catches it,
    # and the seal's MAC (keyed) no longer matches.
    forged = sealed_fixture(repo, "fixtures/forged.jsonl", policy)
    raw_trace(forged)
    seal_file = seal_path_for(forged, is_directory=False)
    document = dict(read_seal(seal_file).document)
    document["files"] = {forged.name: sha256_bytes(forged.read_bytes())}
    write_seal(seal_file, document)
    broken = sealed_fixture(repo, "fixtures/broken-seal.jsonl", policy)
    seal_path_for(broken, is_directory=False).write_text("{not json", encoding="utf-8")
    (repo / "fixtures" / "garbage.json").write_text("{oops", encoding="utf-8")

    code, fixtures = audit(repo, policy, RECORDED + timedelta(days=1))
    assert code == 1
    assert kinds(fixtures["fixtures/raw.jsonl"]) == ["unsealed", "residual-findings"]
    assert kinds(fixtures["fixtures/edited.jsonl"]) == ["tampered"]
    assert kinds(fixtures["fixtures/old.jsonl"]) == ["outdated-policy"]
    assert fixtures["fixtures/old.jsonl"]["policy"]["current"] is False  # type: ignore[index]
    assert kinds(fixtures["fixtures/forged.jsonl"]) == ["tampered", "residual-findings"]
    assert kinds(fixtures["fixtures/broken-seal.jsonl"]) == ["invalid-seal"]
    assert kinds(fixtures["fixtures/garbage.json"]) == ["unsealed", "unreadable"]
    findings = fixtures["fixtures/raw.jsonl"]["findings"]
    assert {f["entity_type"] for f in findings} >= {"EMAIL_ADDRESS"}  # type: ignore[union-attr]
    # Never a value: neither the raw email nor the phone number appears anywhere in any output.
    for output_format in ("json", "table", "markdown"):
        result = invoke("audit", str(repo / "fixtures"), "--policy", str(policy), "--format", output_format,
                        "--base", str(repo), "--now", iso(RECORDED))
        # (the phone number's digits as written, not `555` alone: a policy's hex digest may hold that)
        assert "corp-mail.io" not in result.output and "415 555" not in result.output


def test_fail_on_chooses_what_counts(repo: Path, policy: Path) -> None:
    sealed_fixture(repo, "fixtures/a.jsonl", policy)
    raw_trace(repo / "fixtures" / "raw.jsonl")
    now = DEFAULT_EXPIRY + timedelta(days=1)
    assert audit(repo, policy, now)[0] == 1
    assert audit(repo, policy, now, "--fail-on", "none")[0] == 0
    assert audit(repo, policy, now, "--fail-on", "expired")[0] == 1
    assert audit(repo, policy, now, "--fail-on", "tampered,outdated-policy")[0] == 0
    assert audit(repo, policy, now, "--fail-on", "unsealed", "--no-scan")[0] == 1
    _, fixtures = audit(repo, policy, now, "--no-scan")
    assert kinds(fixtures["fixtures/raw.jsonl"]) == ["unsealed"]
    bad = invoke("audit", str(repo), "--fail-on", "expird")
    assert bad.exit_code == 2 and "unknown kind(s) expird" in bad.output
    bad_now = invoke("audit", str(repo), "--now", "next tuesday")
    assert bad_now.exit_code == 2 and "--now" in bad_now.output
    missing = invoke("audit", str(repo / "nope"))
    assert missing.exit_code == 2


def test_table_and_markdown(repo: Path, policy: Path) -> None:
    sealed_fixture(repo, "fixtures/a.jsonl", policy)
    sealed_fixture(repo, "fixtures/incidents/b.jsonl", policy, access_class="restricted")
    args = ["audit", str(repo / "fixtures"), "--policy", str(policy), "--base", str(repo),
            "--now", iso(DEFAULT_EXPIRY)]
    table = invoke(*args)
    assert table.exit_code == 1
    lines = table.output.splitlines()
    assert lines[0].split() == ["path", "seal", "class", "age", "expires", "violations"]
    assert lines[1].split() == ["fixtures/a.jsonl", "current", "internal", "30d", "2026-01-31", "expired"]
    assert lines[2].split() == ["fixtures/incidents/b.jsonl", "current", "restricted", "30d", "2027-01-01", "ok"]
    assert "fixtures/a.jsonl: expired: expired at 2026-01-31T00:00:00Z" in table.output
    assert lines[-1].startswith("2 fixture(s): 2 sealed, 0 unsealed, 1 expired; violations: expired=1")
    markdown = invoke(*args, "--format", "markdown")
    assert markdown.output.startswith("| path | seal | class | age | expires | violations |\n|---|")
    assert "- `fixtures/a.jsonl`: **expired**:" in markdown.output


def test_paths_default_to_the_git_work_tree(repo: Path, policy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / ".git").mkdir()  # what `git init` leaves, as far as finding the work tree goes
    sealed_fixture(repo, "fixtures/public/a.jsonl", policy)
    monkeypatch.chdir(repo.parent)
    code, document = audit_json(str(repo / "fixtures" / "public"), "--policy", str(policy),
                                "--now", iso(RECORDED))
    assert code == 1
    assert kinds(by_path(document)["fixtures/public/a.jsonl"]) == ["class-not-allowed"]


def test_real_subprocess_run(repo: Path, policy: Path) -> None:
    sealed_fixture(repo, "fixtures/a.jsonl", policy)
    sealed_fixture(repo, "fixtures/incidents/b", policy, access_class="restricted", directory=True)
    result = run_cli("audit", "fixtures", "--policy", str(policy), "--format", "json", "--base", ".",
                     "--now", iso(DEFAULT_EXPIRY - timedelta(seconds=1)), cwd=repo)
    assert result.returncode == 0, result.stderr
    fixtures = by_path(json.loads(result.stdout))
    assert {path: (f["expired"], kinds(f)) for path, f in fixtures.items()} == {
        "fixtures/a.jsonl": (False, []), "fixtures/incidents/b": (False, [])}
    late = run_cli("audit", "fixtures", "--policy", str(policy), "--now", iso(DEFAULT_EXPIRY), "--base", ".",
                   cwd=repo)
    assert late.returncode == 1 and "expired" in late.stdout


def test_store_of_hundreds_of_traces(repo: Path, policy: Path, tmp_path: Path) -> None:
    """300 sealed traces (plus a few bad ones) written through redact_one with a fixed clock."""
    loaded = load_policy(policy)
    redactor = Redactor(loaded, load_key(), ner=False)
    raw_dir = tmp_path / "raw"
    count = 300
    for index in range(count):
        area = ("incidents", "adhoc", "regression")[index % 3]
        recorded = RECORDED + timedelta(hours=index)
        raw = raw_trace(raw_dir / f"t{index:03}.jsonl", recorded, person=index)
        redact_one(redactor, raw, repo / "fixtures" / area / raw.name, now=recorded + timedelta(minutes=5),
                   access_class="restricted" if area == "incidents" else None)
    raw_trace(repo / "fixtures" / "regression" / "unsealed.jsonl")
    now = RECORDED + timedelta(days=31)
    started = time.monotonic()
    code, document = audit_json(str(repo / "fixtures"), "--policy", str(policy), "--base", str(repo),
                                "--now", iso(now))
    elapsed = time.monotonic() - started
    fixtures = by_path(document)
    assert code == 1
    assert len(fixtures) == count + 1
    expected_expired = {
        f"fixtures/{area}/t{index:03}.jsonl"
        for index in range(count)
        for area in [("incidents", "adhoc", "regression")[index % 3]]
        if area != "incidents" and RECORDED + timedelta(hours=index) + timedelta(days=7 if area == "adhoc" else 30)
        <= now
    }
    assert {path for path, f in fixtures.items() if f["expired"]} == expected_expired
    summary = document["summary"]
    assert isinstance(summary, dict)
    assert summary["sealed"] == count and summary["unsealed"] == 1
    assert summary["violations"] == {"expired": len(expected_expired), "unsealed": 1, "residual-findings": 1}
    assert all(not f["findings"] for p, f in fixtures.items() if p != "fixtures/regression/unsealed.jsonl")
    assert elapsed < 120, f"audit of {count} traces took {elapsed:.1f}s"
