"""What else a fixture root holds, through real `git commit` with both hooks: personal data in a
fixture's file or directory name, and files that are not traces (a raw prompt, a CSV export, a YAML
config, a page, a log) or not text at all.

Asserts on what git committed, and that no output shows a value (not even as part of a path)."""

from __future__ import annotations

import pytest

from tests.gate.conftest import Repo, Sealed
from tests.gate.test_commit import assert_no_value, blocked

pytestmark = pytest.mark.slow

NAMES = {
    "email-file-name": ("fixtures/support/jane.doe@acme.com.jsonl", "jane.doe@acme.com", "EMAIL_ADDRESS",
                        "ja…(17 chars)"),
    "phone-directory": ("fixtures/calls/+44_20_7946_0958/run.jsonl", "+44_20_7946_0958", "PHONE_NUMBER",
                        "+4…(16 chars)"),
    "card-file-name": ("fixtures/payments/4111 1111 1111 1111.jsonl", "4111 1111 1111 1111", "CREDIT_CARD",
                       "41…(19 chars)"),
}


@pytest.mark.parametrize(("rel", "value", "entity", "preview"), NAMES.values(), ids=list(NAMES))
def test_personal_data_in_a_fixture_path_is_blocked_and_never_shown(
        repo: Repo, sealed: Sealed, rel: str, value: str, entity: str, preview: str) -> None:
    repo.add_sealed(sealed, "fixtures/run.jsonl", target=rel)  # a sealed, clean trace: only its name is raw
    repo.git("add", "-A")
    output = blocked(repo, "a fixture named after a customer")
    assert f"sensitive data in a file or directory name: 1 finding(s): {entity} [{preview}]" in output
    assert f"BLOCKED {rel.replace(value, preview)}: " in output
    assert value not in output
    assert not any(path.startswith("fixtures/") for path in repo.committed())


def test_ordinary_fixture_names_still_commit(repo: Repo, sealed: Sealed) -> None:
    for rel in ("fixtures/2024-06-01/run_001.jsonl", "fixtures/incidents/INC-20240601-1234.jsonl",
                "fixtures/v1.2.3/checkout-flow.jsonl"):
        repo.add_sealed(sealed, "fixtures/run.jsonl", target=rel)
    repo.git("add", "-A")
    result = repo.commit("ordinary names")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "fixtures/incidents/INC-20240601-1234.jsonl" in repo.committed()


TEXTS = {
    "prompt": ("fixtures/support/prompt.txt", b"Customer wrote: refund me at maria.lopez@fastmail.com please\n",
               "EMAIL_ADDRESS", "ma…(24 chars)"),
    "csv-export": ("fixtures/exports/customers.csv",
                   b"name,email,phone\nMaria Lopez,maria.lopez@fastmail.com,+44 20 7946 0958\n",
                   "EMAIL_ADDRESS", "ma…(24 chars)"),
    "yaml": ("fixtures/config/client.yaml",
             b"openai:\n  api_key: sk-proj-Q3xv9LmP0aZ7bN2cR8dT1eY6fU4gH5iJ0kL9mN8oP7qR6sT5uV4wX3yZ2a\n",
             "API_KEY", "sk…(66 chars)"),
    "html": ("fixtures/pages/receipt.html", b"<html><body><p>Paid with 4111 1111 1111 1111</p></body></html>\n",
             "CREDIT_CARD", "41…(19 chars)"),
    "log": ("fixtures/logs/agent.log", b"2026-01-02 10:00:01 INFO sending receipt to maria.lopez@fastmail.com\n",
            "EMAIL_ADDRESS", "ma…(24 chars)"),
    "markdown": ("fixtures/NOTES.md", b"# Notes\n\nThe caller's number was +44 20 7946 0958.\n",
                 "PHONE_NUMBER", "+4…(16 chars)"),
}


@pytest.mark.parametrize(("rel", "data", "entity", "preview"), TEXTS.values(), ids=list(TEXTS))
def test_raw_data_in_a_file_under_the_fixture_root_that_is_no_trace_is_blocked(
        repo: Repo, rel: str, data: bytes, entity: str, preview: str) -> None:
    repo.write(rel, data)
    repo.git("add", "-A")
    output = blocked(repo, "raw data next to the fixtures")
    assert f"BLOCKED {rel}: sensitive data in a file under a fixture root that is not a trace: " in output
    assert f"{entity} [{preview}] (line " in output
    assert_no_value(output)
    assert rel not in repo.committed()


@pytest.mark.parametrize(("rel", "data"), [
    ("fixtures/screens/checkout.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))),
    ("fixtures/exports/customers-latin1.csv", "name,city\nJos\u00e9,M\u00e1laga\n".encode("latin-1")),
], ids=["binary", "not-utf-8"])
def test_a_file_under_the_fixture_root_that_cannot_be_scanned_is_blocked(repo: Repo, rel: str, data: bytes) -> None:
    repo.write(rel, data)
    repo.git("add", "-A")
    output = blocked(repo, "unscannable")
    assert f"BLOCKED {rel}: binary file: {rel} is under the fixture root fixtures/ and is not UTF-8 text" in output
    assert rel not in repo.committed()
