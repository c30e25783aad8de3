"""A bug met while checking one path: that path is blocked by name (type and location only, never content),
the other paths are still checked, and the run is an error (exit 2). Before, the whole run ended with one
"internal error" line that named no file."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import redactor.commands.check as check_command
from redactor.cli import app
from redactor.gate.model import BLOCKED, INTERNAL_ERROR, PASSED
from tests.conftest import TEST_KEY
from tests.gate.conftest import Repo, Sealed, git_env

pytestmark = pytest.mark.slow

CANARY = "quoted.canary@example.org"


@pytest.fixture
def two_fixtures(tmp_path: Path, sealed: Sealed, monkeypatch: pytest.MonkeyPatch) -> Repo:
    """Two sealed fixtures staged (under the policy they were sealed with, `gate-policy.yaml`); checking
    the second one meets a bug."""
    repo = Repo(tmp_path / "repo", git_env(tmp_path), "none")
    repo.path.mkdir()
    repo.git("init", "-q")
    repo.add_sealed(sealed, "fixtures/run.jsonl")
    repo.add_sealed(sealed, "fixtures/run.jsonl", "fixtures/second.jsonl")
    repo.write("gate-policy.yaml", sealed.policy.read_bytes())
    repo.git("add", "-A")
    monkeypatch.setenv("REDACTOR_KEY", TEST_KEY)
    monkeypatch.delenv("REDACTOR_DEBUG", raising=False)
    monkeypatch.chdir(repo.path)
    real_check_fixture = check_command._check_fixture

    def failing_on_second(state, check, target, members):  # type: ignore[no-untyped-def]
        if target.rel.endswith("second.jsonl"):
            raise TypeError(f"unhashable type: 'dict' near {CANARY}")  # a message may quote content
        return real_check_fixture(state, check, target, members)

    monkeypatch.setattr(check_command, "_check_fixture", failing_on_second)
    return repo


def test_the_path_that_met_the_bug_is_blocked_by_name_and_the_other_is_checked(two_fixtures: Repo) -> None:
    report = check_command.run(check_command.CheckOptions(paths=[Path("fixtures")], policy="gate-policy.yaml",
                                                                  cwd=two_fixtures.path))
    by_path = {result.rel: result for result in report.results}
    assert by_path["fixtures/run.jsonl"].status == PASSED, by_path["fixtures/run.jsonl"].reasons
    failed = by_path["fixtures/second.jsonl"]
    assert failed.status == BLOCKED and [reason.code for reason in failed.reasons] == [INTERNAL_ERROR]
    assert "TypeError at test_check_internal_error.py:" in failed.reasons[0].message
    assert CANARY not in failed.reasons[0].message and failed.fix is not None and "report the bug" in failed.fix
    assert report.internal_errors


@pytest.mark.parametrize("output_format", ["table", "json", "sarif"])
def test_the_command_exits_2_and_its_report_names_the_path_never_the_content(
        two_fixtures: Repo, output_format: str) -> None:
    result = CliRunner().invoke(app, ["check", "fixtures", "--format", output_format, "--policy", "gate-policy.yaml"])
    assert result.exit_code == 2
    assert "fixtures/second.jsonl" in result.stdout
    if output_format == "table":  # (passed paths are counted, not listed)
        assert "1 blocked, 1 passed" in result.stdout
    elif output_format == "json":
        assert '"path": "fixtures/run.jsonl"' in result.stdout
    assert ("internal-error" if output_format != "table" else "met a bug") in result.stdout
    assert "TypeError at test_check_internal_error.py:" in result.stdout
    assert CANARY not in result.output
