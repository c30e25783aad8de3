"""Fixtures of the capture tests: the session's real redactor, typed."""

from __future__ import annotations

from typing import cast

import pytest

from redactor.engine import Redactor


@pytest.fixture
def redactor(default_redactor: object) -> Redactor:
    return cast(Redactor, default_redactor)
