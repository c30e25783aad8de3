"""`import redactor` (and the capture package itself) must not pull in the recorder libraries."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT

HEAVY = ("opentelemetry", "vcr", "chronicle", "agentplane_primitives", "presidio_analyzer", "spacy")


def loaded_after(statement: str) -> set[str]:
    code = f"import sys; {statement}; print(' '.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, check=True)
    return set(result.stdout.split())


def test_import_redactor_loads_no_recorder_library() -> None:
    assert loaded_after("import redactor, redactor.capture").isdisjoint(HEAVY)


def test_the_writer_and_chronicle_modules_load_only_what_they_use() -> None:
    assert loaded_after("import redactor.capture.jsonl_writer").isdisjoint(HEAVY)
    assert loaded_after("import redactor.capture.chronicle").isdisjoint(HEAVY)
