"""The README's capture-time example runs as written (in an empty directory, with a key set)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, TEST_KEY


def _capture_examples() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Capture time", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)


def test_readme_has_an_example_per_integration() -> None:
    examples = _capture_examples()
    assert len(examples) == 4
    for module in ("jsonl_writer", "chronicle", "otel", "vcr"):
        assert any(f"redactor.capture.{module}" in example for example in examples), module


@pytest.mark.slow
@pytest.mark.enable_socket  # the VCR example records from a server on 127.0.0.1 in its own process
@pytest.mark.parametrize("index", range(4))
def test_readme_capture_example_runs(tmp_path: Path, index: int) -> None:
    for folder in ("fixtures", "traces", "cassettes"):
        (tmp_path / folder).mkdir()
    env = {**os.environ, "REDACTOR_KEY": TEST_KEY}
    result = subprocess.run([sys.executable, "-c", _capture_examples()[index]], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert written, "the example wrote nothing"
    for path in written:  # nothing raw reaches any file the example wrote
        assert "northwind-mail" not in path.read_text(encoding="utf-8", errors="replace"), path.name


def test_readme_policy_example_validates(tmp_path: Path) -> None:
    from redactor.policy import load_policy

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Policies", 1)[1].split("\n## ", 1)[0]
    (example,) = re.findall(r"```yaml\n(.*?)```", section, flags=re.DOTALL)
    path = tmp_path / "team.yaml"
    path.write_text(example, encoding="utf-8")
    policy = load_policy(path)
    assert policy.name == "team" and policy.entities["CREDIT_CARD"].operator == "replace"
    assert "retention" in policy.raw and "access" in policy.raw
