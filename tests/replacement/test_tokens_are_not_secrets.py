"""Redaction output must never look like a secret: not to detect-secrets (all its plugins, entropy
included), not to our own scanner. Otherwise the gate would flag its own output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from redactor.replacement.keys import PseudonymKey
from redactor.replacement.tokens import payload_placeholder, pseudonym
from tests.conftest import run_cli

TYPES = ("EMAIL_ADDRESS", "API_KEY", "ACCESS_TOKEN", "PASSWORD", "JWT", "PRIVATE_KEY", "CREDENTIAL", "PERSON")


def write_tokens(path: Path) -> None:
    key = PseudonymKey(b"k" * 32, "test")
    records = []
    for i in range(200):
        entity = TYPES[i % len(TYPES)]
        records.append({
            "password": pseudonym(key, entity, f"a{i}"),
            "api_key": pseudonym(key, entity, f"b{i}"),
            "text": f"token={pseudonym(key, entity, f'c{i}')} Authorization: Bearer {pseudonym(key, entity, f'd{i}')}",
            "blob": payload_placeholder("z" * (40_000 + i)),
        })
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


@pytest.mark.slow
def test_detect_secrets_finds_nothing_in_tokens(tmp_path: Path) -> None:
    write_tokens(tmp_path / "tokens.jsonl")
    detect_secrets = Path(sys.executable).with_name("detect-secrets")
    result = subprocess.run([str(detect_secrets), "scan", "tokens.jsonl"], cwd=tmp_path, capture_output=True,
                            text=True, check=True, timeout=300)
    assert json.loads(result.stdout)["results"] == {}


@pytest.mark.slow
def test_our_scan_finds_nothing_in_tokens(tmp_path: Path) -> None:
    write_tokens(tmp_path / "tokens.jsonl")
    result = run_cli("scan", str(tmp_path / "tokens.jsonl"), "--no-ner")
    assert result.returncode == 0, result.stdout[-2000:]
