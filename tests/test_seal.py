"""Seals read back: a hand-edited seal with fields of the wrong type is refused by name, by `redact` (which
then seals afresh), by `audit` (an invalid seal) and by the gate, never read by code that expects a mapping
(red team 29: `"counts": []` crashed a re-run of `redact`, `"policy": "default"` crashed `audit`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redactor.seal import seal_problem
from tests.conftest import run_cli


def _sealed(tmp_path: Path) -> Path:
    trace = tmp_path / "fixtures" / "run.jsonl"
    trace.parent.mkdir(parents=True)
    trace.write_text('{"type": "run.started", "note": "mail maria.lopez@fastmail.com"}\n')
    result = run_cli("redact", str(trace), "--in-place", "--no-ner", "-q")
    assert result.returncode == 0, result.stderr
    return trace


@pytest.mark.parametrize(("field", "value", "reason"), [
    ("counts", [], "'counts' must map"),
    ("counts", {"EMAIL_ADDRESS": "1"}, "'counts' must map"),
    ("policy", "default", "'policy' must be a mapping"),
    ("files", {"run.jsonl": 7}, "'files' must map"),
    ("recorded_at", 20250101, "must be timestamps"),
])
def test_a_seal_field_of_the_wrong_type_is_refused_by_name(tmp_path: Path, field: str, value: object,
                                                            reason: str) -> None:
    trace = _sealed(tmp_path)
    seal_path = trace.with_name(trace.name + ".seal.json")
    document = json.loads(seal_path.read_text())
    assert seal_problem(document) is None
    document[field] = value
    assert reason in str(seal_problem(document))
    seal_path.write_text(json.dumps(document))

    rerun = run_cli("redact", str(trace), "--in-place", "--no-ner", "-q")
    assert rerun.returncode == 0, rerun.stderr
    assert seal_problem(json.loads(seal_path.read_text())) is None  # sealed afresh

    seal_path.write_text(json.dumps(document))
    audit = run_cli("audit", str(tmp_path / "fixtures"), "--format", "json", "--base", str(tmp_path))
    assert audit.returncode == 1, audit.stderr
    assert "internal error" not in audit.stderr and "is unreadable" in audit.stdout
