"""Shared test set-up: a fixed pseudonym key, no network (pytest-socket blocks sockets for every
test via `--disable-socket` in pyproject), and helpers that run the real CLI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from redactor.engine import Redactor

# urllib3 (pulled in by presidio/tldextract) opens an IPv6 socket at import time to probe for
# IPv6 support; it connects nowhere. Importing it here, before pytest-socket blocks sockets for
# each test, keeps that probe from showing up as a blocked-socket warning that would hide real ones.
import urllib3  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
TEST_KEY = "5f1d3a7c9e0b2d4f6a8c0e1b3d5f7a9c5f1d3a7c9e0b2d4f6a8c0e1b3d5f7a9c"
REDACTOR_BIN = Path(sys.executable).with_name("redactor")


@pytest.fixture(autouse=True)
def _isolated_key(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    monkeypatch.setenv("REDACTOR_KEY", TEST_KEY)
    # Never read or write the developer's real key file from a test.
    monkeypatch.setenv("REDACTOR_KEY_FILE", str(tmp_path_factory.getbasetemp() / "no-key-file"))


def make_redactor(ner: bool | None = None, policy: str | Path = "default") -> Redactor:
    """A real Redactor under the fixed test key (no environment needed: the key is passed in)."""
    from redactor.engine import Redactor
    from redactor.replacement.keys import PseudonymKey

    return Redactor.from_policy(policy, key=PseudonymKey(bytes.fromhex(TEST_KEY), "tests"), ner=ner)


@pytest.fixture(scope="session")
def default_redactor() -> Redactor:
    """One Redactor (spaCy loaded once) for the whole session."""
    return make_redactor()


def run_cli(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
            input_text: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed `redactor` console script as a real subprocess."""
    full_env = {**os.environ, "REDACTOR_KEY": TEST_KEY, **(env or {})}
    return subprocess.run([str(REDACTOR_BIN), *args], cwd=cwd, env=full_env, capture_output=True,
                          text=True, input=input_text, timeout=600, check=False)
