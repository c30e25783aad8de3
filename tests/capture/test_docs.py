"""Every python example in docs/capture.md runs, as written, in a fresh process and directory."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.capture import planted
from tests.conftest import ROOT, TEST_KEY, run_cli

DOC = ROOT / "docs" / "capture.md"
# ```python blocks run; ```python skip blocks are fragments shown for reference only.
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def examples() -> list[str]:
    return _BLOCK.findall(DOC.read_text(encoding="utf-8"))


def test_the_doc_has_an_example_for_each_integration() -> None:
    joined = "\n".join(examples())
    for module in ("jsonl_writer", "capture.chronicle", "capture.otel", "capture.vcr"):
        assert f"redactor.{module}" in joined or f"redactor.capture.{module}" in joined


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(examples())))
def test_doc_example_runs(index: int, tmp_path: Path) -> None:
    code = examples()[index]
    # A subprocess: no pytest-socket there, but the only server the examples talk to is their own
    # on 127.0.0.1. HOME points into tmp_path so nothing is read from the developer's key file.
    env = {**os.environ, "REDACTOR_KEY": TEST_KEY, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
           "REDACTOR_KEY_FILE": str(tmp_path / "no-key-file")}
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p.suffix in {".jsonl", ".json", ".yaml"}
               and "quarantine" not in p.name]
    assert written, "each example leaves a redacted artefact behind"
    for path in written:
        text = path.read_text(encoding="utf-8")
        assert "northwind-mail" not in text and "T3STabcdefghijklmnop" not in text, path.name
        assert planted.leaked(text) == [], path.name
    for trace in (p for p in written if p.suffix == ".jsonl"):
        scan = run_cli("scan", str(trace))
        assert scan.returncode == 0, scan.stdout + scan.stderr
