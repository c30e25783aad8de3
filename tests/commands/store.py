"""Helpers for retention/audit/purge tests: a test policy, raw traces with chosen recording times,
and sealed fixtures written by the real `redactor redact` (Typer CliRunner, same code as the CLI)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from typer.testing import CliRunner, Result

from redactor.cli import app
from redactor.seal import format_timestamp

# Retention: 30 days by default, incidents a year, adhoc a week. Classes: restricted only under
# incidents, secret never, public only under public/ (an access rule).
POLICY_YAML = """\
extends: default
name: retention-test
retention:
  default_max_age: 30d
  rules:
    - paths: ["fixtures/incidents/**"]
      max_age: 365d
    - paths: ["fixtures/adhoc/**"]
      max_age: 1w
access:
  default_class: internal
  classes:
    public: {description: synthetic}
    internal: {allowed_paths: ["fixtures/**"]}
    restricted: {owners: ["@security-team"], allowed_paths: ["fixtures/incidents/**"]}
    secret: {committable: false}
  rules:
    - paths: ["fixtures/public/**"]
      classes: [public]
"""

RECORDED = datetime(2026, 1, 1, tzinfo=timezone.utc)
DEFAULT_EXPIRY = RECORDED + timedelta(days=30)  # 2026-01-31T00:00:00Z under POLICY_YAML
runner = CliRunner()


def write_policy(directory: Path, text: str = POLICY_YAML, name: str = "policy.yaml") -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def raw_trace(path: Path, recorded_at: datetime = RECORDED, person: int = 0) -> Path:
    """A small JSONL run with an email and a phone number in it, recorded at `recorded_at`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    records = [
        {"type": "run.started", "timestamp": format_timestamp(recorded_at), "run_id": f"run-{person}"},
        {"type": "tool.succeeded", "timestamp": format_timestamp(recorded_at + timedelta(seconds=1)),
         "tool": "lookup_customer", "result": f"customer{person}@corp-mail.io, phone +1 415 555 {1000 + person}"},
        {"type": "run.completed", "timestamp": format_timestamp(recorded_at + timedelta(seconds=2))},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def raw_trace_directory(path: Path, recorded_at: datetime = RECORDED) -> Path:
    """A Chronicle-0-style exported directory: graph.json plus one JSON file per envelope."""
    path.mkdir(parents=True, exist_ok=True)
    (path / "graph.json").write_text(json.dumps({"nodes": ["agent"], "edges": []}) + "\n", encoding="utf-8")
    for index in (1, 2):
        envelope = {"timestamp": format_timestamp(recorded_at + timedelta(seconds=index - 1)), "sequence": index,
                    "note": f"mail jane.roe{index}@corp-mail.io"}
        (path / f"00{index}-agent-{index}.json").write_text(json.dumps(envelope, indent=2) + "\n", encoding="utf-8")
    return path


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args), catch_exceptions=False)


def seal_with_cli(raw: Path, out_dir: Path, policy: Path, access_class: str | None = None) -> Path:
    """Redact and seal `raw` into `out_dir` with the real CLI; return the sealed fixture's path."""
    args = ["redact", str(raw), "-o", str(out_dir), "--policy", str(policy), "--no-ner", "-q"]
    if access_class is not None:
        args += ["--access-class", access_class]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return out_dir / raw.name


def sealed_fixture(repo: Path, relpath: str, policy: Path, recorded_at: datetime = RECORDED,
                   access_class: str | None = None, directory: bool = False) -> Path:
    """A sealed fixture at repo/relpath, made from a raw trace outside the fixtures tree."""
    target = repo / relpath
    raw_root = repo.parent / f"raw-{repo.name}"
    raw = raw_root / relpath
    if directory:
        raw_trace_directory(raw, recorded_at)
    else:
        raw_trace(raw, recorded_at)
    return seal_with_cli(raw, target.parent, policy, access_class)


def audit_json(*args: str) -> tuple[int, dict[str, object]]:
    result = invoke("audit", *args, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


def by_path(document: dict[str, object]) -> dict[str, dict[str, object]]:
    fixtures = document["fixtures"]
    assert isinstance(fixtures, list)
    return {fixture["path"]: fixture for fixture in fixtures}


def kinds(fixture: dict[str, object]) -> list[str]:
    violations = fixture["violations"]
    assert isinstance(violations, list)
    return [violation["kind"] for violation in violations]


def tree(root: Path) -> dict[str, bytes]:
    """Every file under root with its bytes: compare before/after to prove what was (not) removed."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def iso(moment: datetime) -> str:
    return format_timestamp(moment)
