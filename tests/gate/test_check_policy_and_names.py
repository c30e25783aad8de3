"""`redactor check` on a policy changed in the commit (edge cases: no HEAD, no policy at HEAD, a
policy at HEAD that no longer loads, an ordinary commit), on values in paths (every output format,
seals, the allow-list), and on text files under a fixture root.

The installed console script on real repositories; assertions on exit codes, reason codes and bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gate.conftest import GATE_POLICY, PLANTED, Repo, Sealed
from tests.gate.test_check_cli import check, staged  # noqa: F401  (staged is a fixture)

pytestmark = pytest.mark.slow

TEAM = "policies/team.yaml"
NAMED = "fixtures/support/jane.doe@acme.com.jsonl"
NAME_VALUE = "jane.doe@acme.com"


def codes(repo: Repo, *args: str) -> tuple[int, dict[str, list[str]], str]:
    """Exit code, reason codes per repository path, and the raw JSON output."""
    result = check(repo, "--format", "json", *args)
    assert result.returncode in (0, 1), result.stderr
    document = json.loads(result.stdout)
    return result.returncode, {entry["repo_path"]: [r["code"] for r in entry["reasons"]]
                               for entry in document["results"]}, result.stdout


def commit_without_hook(repo: Repo, message: str) -> None:
    repo.git("add", "-A")
    repo.git("commit", "-q", "--no-verify", "-m", message)


def test_without_head_or_without_the_policy_at_head_nothing_is_compared(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    staged.write(TEAM, GATE_POLICY)
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    staged.git("add", "-A")
    exit_code, results, output = codes(staged, "--policy", TEAM, TEAM, "fixtures/run.jsonl")  # no HEAD
    assert exit_code == 0 and results == {TEAM: [], "fixtures/run.jsonl": []}
    assert json.loads(output)["policy_changed"] == []
    staged.git("rm", "-q", "--cached", TEAM)
    commit_without_hook(staged, "fixtures, no policy")  # HEAD without the policy
    staged.git("add", TEAM)
    exit_code, results, output = codes(staged, "--policy", TEAM, TEAM)
    assert exit_code == 0 and results == {TEAM: []} and json.loads(output)["policy_changed"] == []


def test_a_policy_at_head_that_no_longer_loads_blocks_all_but_the_policy_change(
        staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    staged.write(TEAM, GATE_POLICY.replace("name: gate-test", "name: Gate Test"))  # not a valid name
    commit_without_hook(staged, "a broken policy")
    staged.write(TEAM, GATE_POLICY)
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    staged.write("docs/notes.md", "notes\n")
    staged.git("add", "-A")
    exit_code, results, output = codes(staged, "--policy", TEAM, TEAM, "fixtures/run.jsonl", "docs/notes.md")
    assert exit_code == 1
    assert results == {TEAM: [], "fixtures/run.jsonl": ["policy-changed"], "docs/notes.md": ["policy-changed"]}
    assert "the policy at HEAD cannot be loaded to compare with" in output
    exit_code, results, _output = codes(staged, "--policy", TEAM, TEAM)  # the policy change on its own
    assert exit_code == 0 and results == {TEAM: []}


def test_an_ordinary_commit_does_no_extra_work_for_an_unchanged_policy(
        staged: Repo, sealed: Sealed, tmp_path: Path) -> None:  # noqa: F811
    """One `git ls-tree` limited to the policy files: HEAD is not listed, its policy not loaded."""
    staged.write(TEAM, GATE_POLICY)
    commit_without_hook(staged, "policy")
    staged.write("docs/notes.md", "notes\n")
    staged.git("add", "-A")
    trace = tmp_path / "git-trace"
    result = check(staged, "--policy", TEAM, "--format", "json", "docs/notes.md", env={"GIT_TRACE": str(trace)})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["policy_changed"] == []
    listings = [line for line in trace.read_text().splitlines() if "ls-tree" in line and "git.c:" in line]
    assert len(listings) == 1 and f"-- {TEAM}" in listings[0]


def test_a_value_in_a_path_is_masked_in_every_format_and_in_the_allowlist(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    staged.add_sealed(sealed, "fixtures/run.jsonl", target=NAMED)
    # A directory trace with a member so named: its reasons name the member (not in the seal).
    staged.add_sealed(sealed, "fixtures/traces/invoice-currency")
    staged.write(f"fixtures/traces/invoice-currency/{NAME_VALUE}.json", b"{}")
    staged.git("add", "-A")
    for output_format in ("table", "json", "sarif"):
        result = check(staged, "--policy", str(sealed.policy), "--format", output_format, "fixtures")
        assert result.returncode == 1, result.stderr
        assert NAME_VALUE not in result.stdout + result.stderr, output_format
        assert "ja…(17 chars)" in result.stdout or "ja\\u2026(17 chars)" in result.stdout
    _exit, results, _output = codes(staged, "--policy", str(sealed.policy), "fixtures")
    assert results["fixtures/support/ja…(17 chars).jsonl"] == ["sensitive-path"]
    assert results["fixtures/traces/invoice-currency"] == ["modified-after-redaction", "sensitive-path"]
    added = check(staged, "--policy", str(sealed.policy), "--update-allowlist", "--reason", "a test address",
                  NAMED)
    assert added.returncode == 0, added.stdout
    allowlist = (staged.path / ".redactor-allowlist.json").read_text(encoding="utf-8")
    assert NAME_VALUE not in allowlist and json.loads(allowlist)["entries"][0]["entity_type"] == "EMAIL_ADDRESS"


def test_a_seal_that_lists_a_sensitive_name_is_blocked(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    """Renamed with its seal, a trace keeps its old name in the seal, which is committed too."""
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    seal_path = staged.path / "fixtures/run.jsonl.seal.json"
    seal = json.loads(seal_path.read_text())
    seal["files"] = {f"{NAME_VALUE}.jsonl": digest for digest in seal["files"].values()}
    seal_path.write_text(json.dumps(seal, indent=2, sort_keys=True) + "\n")
    staged.git("add", "-A")
    result = check(staged, "--policy", str(sealed.policy), "--format", "json", "fixtures/run.jsonl")
    assert result.returncode == 1 and NAME_VALUE not in result.stdout
    (entry,) = json.loads(result.stdout)["results"]
    assert "sensitive-path" in [reason["code"] for reason in entry["reasons"]]
    assert [finding["path"] for finding in entry["findings"]] == ["(name listed in the seal)"]


def test_a_known_safe_value_in_a_text_file_under_the_fixture_root_can_be_allowlisted(
        staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    staged.write("fixtures/README.md", "# Fixtures\n\nPayments use the test card 4242 4242 4242 4242.\n")
    staged.git("add", "-A")
    exit_code, results, output = codes(staged, "--policy", str(sealed.policy), "fixtures/README.md")
    assert exit_code == 1 and results == {"fixtures/README.md": ["text-findings"]}
    finding = json.loads(output)["results"][0]["findings"][0]
    assert (finding["entity_type"], finding["line"], finding["path"]) == ("CREDIT_CARD", 3, "(text)")
    added = check(staged, "--policy", str(sealed.policy), "--update-allowlist", "--reason", "Stripe test card",
                  "fixtures/README.md")
    assert added.returncode == 0, added.stdout
    # (the card as written and as its digits; not a bare `4242`, which the entry's random salt and scrypt digest,
    # 96 hex characters, hold about one time in 700: a CI run failed so)
    stored = (staged.path / ".redactor-allowlist.json").read_text(encoding="utf-8")
    assert "4242 4242" not in stored and "4242424242424242" not in stored
    staged.git("add", ".redactor-allowlist.json")
    exit_code, results, _output = codes(staged, "--policy", str(sealed.policy), "fixtures/README.md")
    assert exit_code == 0 and results == {"fixtures/README.md": []}


def test_a_multi_line_secret_in_a_text_file_is_found(staged: Repo, sealed: Sealed) -> None:  # noqa: F811
    key = ("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi6Z5ZBmkTdMa6oMuz\n"
           "c1l9bdmTYUz3kV1yXzUQ6jqhWJhkxEPnLbQ7Yd4gk5hQcLbYnQ2wrRK5jN8qcPz\n-----END RSA PRIVATE KEY-----\n")
    staged.write("fixtures/keys/deploy.txt", "Deploy key used in the recording:\n" + key)
    staged.git("add", "-A")
    exit_code, results, output = codes(staged, "--policy", str(sealed.policy), "fixtures/keys/deploy.txt")
    assert exit_code == 1 and results == {"fixtures/keys/deploy.txt": ["text-findings"]}
    assert "PRIVATE_KEY" in output and "MIIEpAIBAAKCAQEA" not in output
    for value in PLANTED:
        assert value.decode() not in output
