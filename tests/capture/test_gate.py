"""The pre-commit gate (`redactor check`) accepts what the capture integrations write, as written."""

from __future__ import annotations

import json
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import chronicle
import pytest
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

from redactor.capture.chronicle import JsonlEnvelopeStore
from redactor.capture.jsonl_writer import RedactingJsonlWriter
from redactor.capture.otel import OtlpJsonFileExporter
from redactor.engine import Redactor
from tests.capture import planted
from tests.capture.test_chronicle import QUESTION, support_agent
from tests.capture.test_otel import provider_with, record_agent_run
from tests.conftest import run_cli


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, timeout=60)


@pytest.mark.slow
def test_gate_accepts_every_capture_output_without_a_redact_step(redactor: Redactor, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    fixtures = repo / "fixtures" / "capture"
    fixtures.mkdir(parents=True)
    git(repo, "init", "-q")

    now = datetime.now(timezone.utc).isoformat()
    with RedactingJsonlWriter(fixtures / "events.jsonl", redactor) as writer:
        writer.write({"type": "run.started", "id": "run-1", "ts": now, "text": QUESTION})
        writer.write({"type": "tool.succeeded", "id": "run-1", "ts": now, "api_key": planted.OPENAI_KEY})

    chronicle.reset()
    try:
        chronicle.configure(client=JsonlEnvelopeStore(fixtures / "support.jsonl", redactor), fail_open=False)
        with chronicle.record("support"):
            support_agent(QUESTION)
    finally:
        chronicle.reset()

    provider = provider_with(SimpleSpanProcessor(OtlpJsonFileExporter(fixtures / "run.otlp.jsonl", redactor)))
    record_agent_run(provider)
    provider.shutdown()

    git(repo, "add", "-A")
    for path in fixtures.iterdir():
        assert planted.leaked(path.read_bytes()) == [], path.name
    result = run_cli("check", "--format", "json", "fixtures", cwd=repo)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert planted.leaked(result.stdout) == []
    assert report["blocked"] is False
    assert {(r["repo_path"], r["status"]) for r in report["results"]} == {
        ("fixtures/capture/events.jsonl", "passed"),
        ("fixtures/capture/support.jsonl", "passed"),
        ("fixtures/capture/run.otlp.jsonl", "passed"),
    }
