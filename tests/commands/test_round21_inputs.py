"""Red team 21: `redactor audit` lists everything the gate would block under a store, and
`redact`/`audit` turn bad inputs into exit 2 naming the file (never an internal error)."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

from tests.commands.store import RECORDED, audit_json, by_path, iso, kinds, raw_trace, sealed_fixture
from tests.conftest import run_cli


def test_audit_lists_dot_named_temp_leftover_and_uppercase_traces_and_orphan_seals(repo: Path, policy: Path) -> None:
    sealed_fixture(repo, "fixtures/good.jsonl", policy)
    for rel in ("fixtures/.cache/run.jsonl", "fixtures/.run.jsonl", "fixtures/run.redactor-tmp-1.jsonl",
                "fixtures/x/.redactor-tmp-y.json", "fixtures/upper.JSONL", "fixtures/run.ndjson"):
        raw_trace(repo / rel)
    sealed_fixture(repo, "fixtures/gone.jsonl", policy)
    (repo / "fixtures/gone.jsonl").unlink()
    code, document = audit_json(str(repo / "fixtures"), "--policy", str(policy), "--base", str(repo),
                                "--now", iso(RECORDED + timedelta(days=1)))
    fixtures = by_path(document)
    assert code == 1
    assert kinds(fixtures["fixtures/good.jsonl"]) == []
    for rel in ("fixtures/.cache/run.jsonl", "fixtures/.run.jsonl", "fixtures/run.redactor-tmp-1.jsonl",
                "fixtures/x/.redactor-tmp-y.json", "fixtures/upper.JSONL", "fixtures/run.ndjson"):
        assert "unsealed" in kinds(fixtures[rel]), rel
    assert kinds(fixtures["fixtures/gone.jsonl.seal.json"]) == ["orphan-seal"]


def test_audit_counts_a_stray_file_in_a_trace_directory(repo: Path, policy: Path) -> None:
    directory = sealed_fixture(repo, "fixtures/traces/run-1", policy, directory=True)
    (directory / "notes.txt").write_text("raw notes\n")
    code, document = audit_json(str(repo / "fixtures"), "--policy", str(policy), "--base", str(repo),
                                "--now", iso(RECORDED + timedelta(days=1)))
    assert code == 1
    assert "tampered" in kinds(by_path(document)["fixtures/traces/run-1"])


def test_a_year_9999_seal_is_one_violation_not_a_crash_of_the_whole_audit(repo: Path, policy: Path) -> None:
    sealed_fixture(repo, "fixtures/ok.jsonl", policy)
    bad = sealed_fixture(repo, "fixtures/bad.jsonl", policy)
    seal_path = bad.with_name(bad.name + ".seal.json")
    seal = json.loads(seal_path.read_text())
    seal.update(recorded_at="9999-12-31T23:59:59Z")
    seal_path.write_text(json.dumps(seal))
    result = run_cli("audit", str(repo / "fixtures"), "--policy", str(policy), "--base", str(repo), "--format",
                     "json", "--now", iso(RECORDED + timedelta(days=1)))
    assert result.returncode == 1, result.stderr
    fixtures = by_path(json.loads(result.stdout))
    assert kinds(fixtures["fixtures/ok.jsonl"]) == []
    assert "recorded-in-future" in kinds(fixtures["fixtures/bad.jsonl"])


def test_redact_clamps_a_future_recording_time_and_survives_garbled_timestamps(tmp_path: Path, policy: Path) -> None:
    records = [{"type": "msg", "ts": "2099-06-01T00:00:00Z", "text": "mail jane.roe@corp-mail.io"},
               {"type": "msg", "ts": "²³"}, {"type": "msg", "ts": 1e30}, {"type": "msg", "ts": -1e20},
               {"type": "msg", "timestamp": "9999-12-31T23:59:59Z"}]
    trace = tmp_path / "run.jsonl"
    trace.write_text("".join(json.dumps(record) + "\n" for record in records))
    result = run_cli("redact", str(trace), "--in-place", "--policy", str(policy), "--no-ner", "-q")
    assert result.returncode == 0, result.stderr
    seal = json.loads((tmp_path / "run.jsonl.seal.json").read_text())
    assert seal["recorded_at"] == seal["redacted_at"]
    assert seal["recorded_at_source"].startswith("redaction time")


def test_redact_refuses_an_access_class_the_policy_does_not_define(tmp_path: Path, policy: Path) -> None:
    trace = raw_trace(tmp_path / "run.jsonl")
    result = run_cli("redact", str(trace), "--in-place", "--policy", str(policy), "--no-ner",
                     "--access-class", "Bogus")
    assert result.returncode == 2
    assert "--access-class 'Bogus'" in result.stderr and "restricted" in result.stderr
    assert not (tmp_path / "run.jsonl.seal.json").exists()


def test_redact_of_a_fifo_is_exit_2_naming_it(tmp_path: Path, policy: Path) -> None:
    os.mkfifo(tmp_path / "pipe.jsonl")
    result = run_cli("redact", str(tmp_path / "pipe.jsonl"), "--in-place", "--policy", str(policy), "--no-ner")
    assert result.returncode == 2
    assert "pipe.jsonl: not a regular file" in result.stderr and "internal error" not in result.stderr
