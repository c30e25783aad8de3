"""The README's capture-time example runs as written (in an empty directory, with a key set)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, TEST_KEY


def _capture_example() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Capture time", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    assert len(blocks) == 1
    return blocks[0]


@pytest.mark.slow
def test_readme_capture_example_runs(tmp_path: Path) -> None:
    code = _capture_example() + (
        "\ntext = open('fixtures/run.jsonl', encoding='utf-8').read()\n"
        "assert 'northwind-mail' not in text and '<EMAIL_ADDRESS:' in text, text\n"
    )
    (tmp_path / "fixtures").mkdir()
    env = {**os.environ, "REDACTOR_KEY": TEST_KEY}
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert (tmp_path / "fixtures" / "run.jsonl.seal.json").is_file()
    assert "dana@northwind-mail.io" not in (tmp_path / "fixtures" / "run.jsonl").read_text(encoding="utf-8")


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
