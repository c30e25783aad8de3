"""Fixtures shared by the audit and purge tests: an empty repository directory and the test policy."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.store import write_policy


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "repo").mkdir()
    return tmp_path / "repo"


@pytest.fixture
def policy(tmp_path: Path) -> Path:
    return write_policy(tmp_path)
