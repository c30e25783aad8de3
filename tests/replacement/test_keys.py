"""The pseudonym key file: written for its owner only, refused where others could read it."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from tests.conftest import run_cli

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def _scan_with_key_file(key_file: Path, trace: Path) -> tuple[int, str]:
    result = run_cli("scan", str(trace), "--no-ner", env={"REDACTOR_KEY": "", "REDACTOR_KEY_FILE": str(key_file)})
    return result.returncode, result.stderr


def test_keygen_writes_an_owner_only_key_that_is_used_and_a_readable_one_is_refused(tmp_path: Path) -> None:
    key_file = tmp_path / "keys" / "key"
    made = run_cli("keygen", "--path", str(key_file), env={"REDACTOR_KEY": ""})
    assert made.returncode == 0, made.stderr
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(bytes.fromhex(key_file.read_text().strip())) == 32

    trace = tmp_path / "run.json"
    trace.write_text(json.dumps({"note": "mail jane.roe@example.com"}))
    assert _scan_with_key_file(key_file, trace)[0] == 1  # found something, with this key

    key_file.chmod(0o644)  # what `echo $KEY > file` leaves under the usual umask
    code, stderr = _scan_with_key_file(key_file, trace)
    assert code == 2 and "readable by other users" in stderr and f"chmod 600 {key_file}" in stderr
    assert key_file.read_text().strip() not in stderr
