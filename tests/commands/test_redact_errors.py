"""`redactor redact` over many traces when one of them meets a bug: that trace fails by name (type and
location only, never content), the others are written and sealed, the run exits 2 (red team 29: any error
other than a domain error or an OSError ended the whole run, without naming the trace)."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

import redactor.commands.redact as redact_command
from tests.conftest import make_redactor

NOW = datetime(2026, 7, 1, tzinfo=timezone.utc)


def test_a_bug_on_one_trace_fails_that_trace_by_name_and_the_others_are_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "in"
    source.mkdir()
    for index in range(1, 6):
        (source / f"t{index}.json").write_text(json.dumps({"note": f"mail person{index}.canary@example.org"}))
    real_redact_one = redact_command.redact_one

    def failing_on_t3(redactor, trace, destination, now, access_class=None):  # type: ignore[no-untyped-def]
        if trace.name == "t3.json":
            raise TypeError("unhashable type: 'dict' near person3.canary@example.org")  # a message may quote content
        return real_redact_one(redactor, trace, destination, now, access_class)

    monkeypatch.setattr(redact_command, "redact_one", failing_on_t3)
    traces = redact_command.list_traces([source])
    report = redact_command.run(make_redactor(ner=False), traces, tmp_path / "out", False, now=NOW, jobs=1)
    assert len(report.outcomes) == 4 and len(report.errors) == 1
    (message,) = report.errors
    assert "t3.json" in message and "internal error: TypeError at test_redact_errors.py:" in message
    assert "canary" not in message
    written = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert written == ["t1.json", "t1.json.seal.json", "t2.json", "t2.json.seal.json", "t4.json",
                       "t4.json.seal.json", "t5.json", "t5.json.seal.json"]
