"""The engine on real files: planted values must not survive in the bytes written; structure must."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from redactor.engine import Redactor, birth_date_forms
from redactor.replacement.keys import PseudonymKey
from redactor.replacement.tokens import TOKEN_RE
from tests.conftest import make_redactor, run_cli

EMAIL = "maria.gonzalez@northwind-logistics.com"
PHONE = "+1 415-555-0132"
CARD = "4111 1111 1111 1111"
IBAN = "DE89370400440532013000"
IP = "203.0.113.77"
PERSON = "Maria Gonzalez"
OPENAI = "sk-proj-" + "T3stK3yAbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
GHP = "ghp_" + "T3stT0k3nAbCdEfGhIjKlMnOpQrStUvWx123"  # 36 chars, as GitHub issues them
DSN_PASSWORD = "S3cr3t-Passw0rd!"
DSN = f"postgresql://app_user:{DSN_PASSWORD}@db.internal:5432/orders"
UUID = "b99454ef-9ade-4d77-9ccd-21b258e744d5"
SHA256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
SHA1 = "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"
DOC_URL = "https://docs.python.org/3/library/json.html"
PATH = "/srv/app/releases/v3.2.1/config.yaml"
PLANTED = [EMAIL, PHONE, CARD, IBAN, IP, PERSON, OPENAI, GHP, DSN_PASSWORD]


def chronicle_envelope(sequence: int, envelope_id: str) -> dict[str, Any]:
    return {
        "schema_version": "1.0",
        "envelope_id": envelope_id,
        "trace_id": "trace-support-001",
        "node_id": "agent" if sequence % 2 else "lookup_customer",
        "boundary_kind": "llm" if sequence % 2 else "tool",
        "parent_envelope_id": None,
        "sequence": sequence,
        "invocation_index": 1,
        "timestamp": "2026-06-19T07:15:06.860387Z",
        "metadata": {"model_version": "gpt-4o-2024-08-06", "build_id": f"build-{SHA1[:12]}",
                     "sampling_params": {"temperature": 0.0, "max_tokens": 1024}, "tool_schemas": [], "extra": {}},
        "input_state": {
            "messages": [{"role": "user", "content": f"Hi, I am {PERSON}. Mail me at {EMAIL} or call {PHONE}. "
                                                      f"My card is {CARD} and IBAN {IBAN}."}],
            "system_prompt": f"Docs: {DOC_URL}. Config at {PATH}.",
            "rag_chunks": [{"chunk_id": "doc-42", "content": f"Customer record {UUID} sha {SHA256}",
                            "source": "docs/customers.md", "score": 0.92}],
            "graph_state": {"accounts": {EMAIL: {"id": UUID, "last_ip": IP}}, "step": "agent"},
        },
        "action_result": {
            "tool_calls": [{"id": "call_abc123", "name": "lookup_customer",
                            "arguments": {"email": EMAIL, "api_key": OPENAI, "dsn": DSN}}],
            "completion": f"Found {PERSON}. Token {GHP} was in the log.",
            "finish_reason": "tool_calls",
            "token_usage": {"prompt_tokens": 256, "completion_tokens": 24},
            "raw_response": None,
        },
    }


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def assert_nothing_planted(data: bytes) -> None:
    text = data.decode("utf-8")
    # Also look inside JSON escapes (a value inside JSON-in-string is escaped once more).
    unescaped = text.replace('\\"', '"').replace("\\\\", "\\")
    for value in PLANTED:
        assert value not in text and value not in unescaped, f"planted {value[:4]}… survived"


@pytest.fixture()
def store(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "store.jsonl"
    path.parent.mkdir()
    write_jsonl(path, [chronicle_envelope(1, UUID), chronicle_envelope(2, "1a674dae-2e50-48a7-bb73-7c110dd451a8")])
    return path


@pytest.mark.slow
def test_chronicle_jsonl_redacted_on_disk(store: Path, tmp_path: Path) -> None:
    result = run_cli("redact", str(store.parent), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    out = tmp_path / "out" / "store.jsonl"
    data = out.read_bytes()
    assert_nothing_planted(data)
    before = [json.loads(line) for line in store.read_text().splitlines()]
    after = [json.loads(line) for line in data.decode().splitlines()]
    assert len(before) == len(after)
    for raw, red in zip(before, after, strict=True):
        # Structure that replay asserts on is byte-identical.
        for key in ("envelope_id", "trace_id", "node_id", "boundary_kind", "sequence", "invocation_index",
                    "timestamp", "metadata"):
            assert red[key] == raw[key]
        assert red["action_result"]["tool_calls"][0]["id"] == "call_abc123"
        assert red["action_result"]["tool_calls"][0]["name"] == "lookup_customer"
        assert red["action_result"]["finish_reason"] == "tool_calls"
        assert red["action_result"]["token_usage"] == raw["action_result"]["token_usage"]
        assert red["input_state"]["rag_chunks"] == raw["input_state"]["rag_chunks"]  # uuid + sha256 decoys
        assert red["input_state"]["system_prompt"] == raw["input_state"]["system_prompt"]  # doc URL, path
        assert set(red) == set(raw)
        # Equality survives: the email in the message, the tool args and the dict key is one token.
        email_token = red["action_result"]["tool_calls"][0]["arguments"]["email"]
        assert TOKEN_RE.fullmatch(email_token) and email_token.startswith("<EMAIL_ADDRESS:")
        assert email_token in red["input_state"]["messages"][0]["content"]
        assert list(red["input_state"]["graph_state"]["accounts"]) == [email_token]
        account = red["input_state"]["graph_state"]["accounts"][email_token]
        assert account["id"] == UUID
        dsn = red["action_result"]["tool_calls"][0]["arguments"]["dsn"]
        assert dsn.startswith("postgresql://app_user:<") and dsn.endswith("@db.internal:5432/orders")
    seal = json.loads((tmp_path / "out" / "store.jsonl.seal.json").read_text())
    assert seal["files"]["store.jsonl"].startswith("sha256:")
    assert seal["policy"]["name"] == "default"
    assert seal["counts"]["EMAIL_ADDRESS"] >= 6
    assert seal["recorded_at"] == "2026-06-19T07:15:06Z"
    assert all(value not in json.dumps(seal) for value in PLANTED)
    # No stray temp files.
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["store.jsonl", "store.jsonl.seal.json"]


@pytest.mark.slow
def test_redaction_is_idempotent_and_stable(store: Path, tmp_path: Path) -> None:
    assert run_cli("redact", str(store), "-o", str(tmp_path / "a")).returncode == 0
    first = (tmp_path / "a" / "store.jsonl").read_bytes()
    seal_before = (tmp_path / "a" / "store.jsonl.seal.json").read_bytes()
    again = run_cli("redact", str(tmp_path / "a" / "store.jsonl"), "--in-place")
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "a" / "store.jsonl").read_bytes() == first
    assert (tmp_path / "a" / "store.jsonl.seal.json").read_bytes() == seal_before  # no churn
    # Same key, another run, another directory: same tokens.
    assert run_cli("redact", str(store), "-o", str(tmp_path / "b")).returncode == 0
    assert (tmp_path / "b" / "store.jsonl").read_bytes() == first


def test_pseudonyms_consistent_distinct_and_keyed(default_redactor: Redactor) -> None:
    obj = {"a": "mail alice.w@contoso.com", "b": "mail bob.k@contoso.com", "c": {"to": "alice.w@contoso.com"}}
    out = default_redactor.redact(obj)
    token_a = re.findall(TOKEN_RE, out["a"])[0]
    token_b = re.findall(TOKEN_RE, out["b"])[0]
    assert token_a != token_b
    assert out["c"]["to"] == token_a
    other = Redactor(default_redactor.policy, PseudonymKey(b"another key, 32 bytes long......", "test"), ner=False)
    assert other.redact(obj)["c"]["to"] != token_a


def test_types_are_kept(default_redactor: Redactor) -> None:
    obj = {"n": 4111111111111111, "f": 1.5, "b": True, "z": None, "s": "card 4111 1111 1111 1111", "l": [1, "x"]}
    out = default_redactor.redact(obj)
    assert out["n"] == 4111111111111111 and out["f"] == 1.5 and out["b"] is True and out["z"] is None
    assert isinstance(out["s"], str) and "4111" not in out["s"]
    assert out["l"] == [1, "x"]


def test_large_payload_replaced_by_digest(default_redactor: Redactor) -> None:
    blob = "A" * (40 * 1024)
    out = default_redactor.redact({"tool_result": blob, "small": "ok"})
    assert re.fullmatch(r"<REDACTED_PAYLOAD sha256=[0-9a-f]{64} bytes=40960>", out["tool_result"])
    assert out["small"] == "ok"


def test_otlp_json_in_string_stays_valid_json(default_redactor: Redactor) -> None:
    messages = [{"role": "user", "parts": [{"type": "text", "content": f"I am {PERSON}, {EMAIL}"}]}]
    span = {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": "eee19b7ec3c1b174", "name": "chat gpt-4o",
            "attributes": [
                {"key": "gen_ai.request.model", "value": {"stringValue": "gpt-4o"}},
                {"key": "gen_ai.input.messages", "value": {"stringValue": json.dumps(messages)}},
                {"key": "http.request.header.authorization", "value": {"stringValue": "Bearer abc.def.ghi"}},
                {"key": "gen_ai.usage.input_tokens", "value": {"intValue": "97"}},
            ]}
    doc = {"resourceSpans": [{"scopeSpans": [{"spans": [span]}]}]}
    out = default_redactor.redact(doc)
    attrs = out["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["attributes"]
    assert attrs[0] == span["attributes"][0]
    inner = json.loads(attrs[1]["value"]["stringValue"])
    assert inner[0]["role"] == "user" and inner[0]["parts"][0]["type"] == "text"
    assert EMAIL not in inner[0]["parts"][0]["content"] and PERSON not in inner[0]["parts"][0]["content"]
    # The scheme is protocol and stays; the credential gets the token it gets anywhere else.
    assert re.fullmatch(r"Bearer <ACCESS_TOKEN:[0-9a-f]+>", attrs[2]["value"]["stringValue"])
    assert attrs[3] == span["attributes"][3]
    assert out["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["traceId"] == span["traceId"]


def test_value_found_once_is_scrubbed_everywhere(default_redactor: Redactor) -> None:
    # The password is known from its secret-named key; elsewhere it sits in free text.
    obj = {"password": "Tr0ub4dor&3horse", "log": "login failed for pw Tr0ub4dor&3horse at 10:02"}
    out = default_redactor.redact(obj)
    assert "Tr0ub4dor&3horse" not in json.dumps(out)
    assert out["password"] in out["log"]


def test_redact_text_api(default_redactor: Redactor) -> None:
    text = default_redactor.redact_text(f"contact {EMAIL} from {IP}")
    assert EMAIL not in text and IP not in text and "<EMAIL_ADDRESS:" in text


def test_decoys_untouched(default_redactor: Redactor) -> None:
    decoys = {"uuid": UUID, "sha256": SHA256, "sha1": SHA1, "git": "commit 2fd4e1c in main", "version": "v3.2.1",
              "path": PATH, "doc": DOC_URL, "model": "gpt-4o-2024-08-06", "ts": "2026-06-19T07:15:06.860387Z",
              "span": "eee19b7ec3c1b174", "trace": "5b8efff798038103d269b633813fc60c", "call": "call_abc123",
              "toolu": "toolu_01A09q90qw90lq917835lq9", "semver": "release 1.24.3-rc.1"}
    assert default_redactor.redact(decoys) == decoys


@pytest.mark.slow
def test_bad_input_exit_2_names_file_and_writes_nothing(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "bad.json").write_bytes(b'{"secret": "hunter2hunter2", ')
    result = run_cli("redact", str(src / "bad.json"), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "bad.json" in result.stderr and "not valid JSON" in result.stderr
    assert "hunter2" not in result.stderr + result.stdout
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*"))


@pytest.mark.slow
def test_scan_reports_without_values(store: Path) -> None:
    result = run_cli("scan", str(store), "--format", "json", "--no-ner")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    entities = {f["entity_type"] for f in report["findings"]}
    assert {"EMAIL_ADDRESS", "CREDIT_CARD", "IBAN_CODE", "API_KEY"} <= entities
    assert any(f["path"] == "$.action_result.tool_calls[0].arguments.email" for f in report["findings"])
    for value in PLANTED:
        assert value not in result.stdout and value not in result.stderr
    table = run_cli("scan", str(store), "--no-ner")
    assert table.returncode == 1 and "EMAIL_ADDRESS" in table.stdout
    assert all(value not in table.stdout for value in PLANTED)


@pytest.mark.slow
def test_cli_usage_errors(tmp_path: Path) -> None:
    assert run_cli("redact", str(tmp_path)).returncode == 2  # neither -o nor --in-place
    missing = run_cli("redact", str(tmp_path / "nope.json"), "--in-place")
    assert missing.returncode == 2 and "nope.json" in missing.stderr
    bad_policy = tmp_path / "p.yaml"
    bad_policy.write_text("name: x\nentities: {EMAIL_ADDRESS: {}}\nbogus: 1\n")
    result = run_cli("scan", str(tmp_path), "--policy", str(bad_policy))
    assert result.returncode == 2 and "bogus" in result.stderr and "p.yaml" in result.stderr


@pytest.mark.slow
def test_swe_agent_trajectories_and_ndjson_are_traces_and_other_files_are_named(tmp_path: Path) -> None:
    """Red team 27: a SWE-agent `.traj` in a directory got no output, no warning and exit 0 (with
    `--in-place` it stayed raw). Now it and `.ndjson` are read by their content; any other file the walk
    meets is named on stderr."""
    runs = tmp_path / "runs"
    runs.mkdir()
    trajectory = {"trajectory": [{"action": "cat .env", "observation": "ADMIN_EMAIL=kofi.boateng@gmail.com"}],
                  "info": {"model_stats": {"api_calls": 3}}}
    (runs / "fix-123.traj").write_text(json.dumps(trajectory, indent=2))
    (runs / "events.NDJSON").write_text('{"msg": "ring +44 20 7946 0958"}\n{"msg": "ok"}\n')
    (runs / "notes.txt").write_text("kofi.boateng@gmail.com")
    result = run_cli("redact", str(runs), "--in-place", "-q")
    assert result.returncode == 0, result.stderr
    assert "1 file(s) are not traces" in result.stderr and "notes.txt" in result.stderr
    assert "left as they are, unredacted" in result.stderr
    written = (runs / "fix-123.traj").read_bytes()
    assert b"kofi.boateng" not in written and b"<EMAIL_ADDRESS:" in written and b'"api_calls": 3' in written
    assert b"7946" not in (runs / "events.NDJSON").read_bytes()
    assert (runs / "fix-123.traj.seal.json").is_file()


@pytest.mark.slow
def test_fail_closed_on_what_would_otherwise_pass_silently(tmp_path: Path) -> None:
    """Found by a red team: a directory of `.ndjson` passed as "0 traces" (now read; a `.log` stands for
    what is not), two inputs with one name
    overwrote each other under -o, and an unwritable destination ended the run with only
    "internal error: OSError" (the traces after it never attempted, none named)."""
    other = tmp_path / "other"
    other.mkdir()
    (other / "run.log").write_text('{"email": "jane@example.com"}\n')
    for command in ("scan", "redact"):
        result = run_cli(command, str(other), *(["-o", str(tmp_path / "o")] if command == "redact" else []))
        assert result.returncode == 2 and "other" in result.stderr and "no trace files" in result.stderr

    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "x.json").write_text(json.dumps({"note": f"mail {name}.person@example.com"}))
    clash = run_cli("redact", str(tmp_path / "a" / "x.json"), str(tmp_path / "b" / "x.json"), "-o", str(tmp_path / "o"))
    assert clash.returncode == 2 and "would be written to" in clash.stderr
    assert not (tmp_path / "o").exists()

    source = tmp_path / "in"
    (source / "sub").mkdir(parents=True)
    (source / "sub" / "x.json").write_text(json.dumps({"note": "mail c.person@example.com"}))
    (source / "z.json").write_text(json.dumps({"note": "mail d.person@example.com"}))
    out = tmp_path / "out"
    out.mkdir()
    (out / "sub").write_text("a file where the output needs a directory")
    blocked = run_cli("redact", str(source), "-o", str(out), "--jobs", "1")
    assert blocked.returncode == 2, blocked.stderr
    assert "sub/x.json" in blocked.stderr and "internal error" not in blocked.stderr
    assert "<EMAIL_ADDRESS:" in (out / "z.json").read_text()  # the trace after it was still redacted


@pytest.mark.slow
def test_missing_key_is_an_error_not_a_weaker_default(store: Path, tmp_path: Path) -> None:
    result = run_cli("redact", str(store), "-o", str(tmp_path / "o"),
                     env={"REDACTOR_KEY": "", "REDACTOR_KEY_FILE": str(tmp_path / "absent")})
    assert result.returncode == 2 and "no pseudonymisation key" in result.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.slow
def test_reseal_keeps_what_the_first_redaction_counted(store: Path, tmp_path: Path) -> None:
    assert run_cli("redact", str(store), "-o", str(tmp_path / "a")).returncode == 0
    seal_path = tmp_path / "a" / "store.jsonl.seal.json"
    first = json.loads(seal_path.read_text())
    result = run_cli("redact", str(tmp_path / "a" / "store.jsonl"), "--in-place", "--access-class", "public")
    assert result.returncode == 0, result.stderr
    again = json.loads(seal_path.read_text())
    assert again["access_class"] == "public"
    assert again["counts"] == first["counts"] and first["counts"]["EMAIL_ADDRESS"] >= 6
    assert again["files"] == first["files"] and again["recorded_at"] == first["recorded_at"]


@pytest.mark.slow
def test_parallel_workers_write_the_same_bytes(tmp_path: Path) -> None:
    raw = Path(__file__).resolve().parent.parent / "examples" / "raw"  # 6 traces: enough for a pool
    sequential = run_cli("redact", str(raw), "-o", str(tmp_path / "j1"), "--jobs", "1", "--no-ner")
    parallel = run_cli("redact", str(raw), "-o", str(tmp_path / "j2"), "--jobs", "2", "--no-ner")
    assert sequential.returncode == 0 and parallel.returncode == 0, sequential.stderr + parallel.stderr
    one = sorted(p.relative_to(tmp_path / "j1") for p in (tmp_path / "j1").rglob("*") if p.is_file())
    two = sorted(p.relative_to(tmp_path / "j2") for p in (tmp_path / "j2").rglob("*") if p.is_file())
    assert one == two and len(one) >= 12
    for relative in one:
        a, b = (tmp_path / "j1" / relative).read_bytes(), (tmp_path / "j2" / relative).read_bytes()
        if relative.name.endswith("seal.json"):  # differ only in when they were made (and so their MAC)
            a_doc, b_doc = json.loads(a), json.loads(b)
            for volatile in ("redacted_at", "mac"):
                a_doc.pop(volatile), b_doc.pop(volatile)
            assert a_doc == b_doc
        else:
            assert a == b, relative


@pytest.mark.parametrize("first, second",
                         [("PERSON", "LOCATION"), ("US_SSN", "PHONE_NUMBER"), ("PERSON", "EMAIL_ADDRESS"),
                          ("PASSWORD", "CREDENTIAL")])
def test_one_value_gets_one_type_whatever_the_analysis_order(default_redactor: Redactor, first: str,
                                                            second: str) -> None:
    """Strings are analysed in set order, which changes from run to run (hash seeds): when two
    strings give one value two types, the type (and so the token) must not depend on that order."""
    from redactor.engine import TraceSession
    from redactor.formats.registry import FORMATS

    chosen = []
    for order in ((first, second), (second, first)):
        session = TraceSession(default_redactor, FORMATS["json"], label="<test>")
        for entity in order:
            session.note_value("Lucas Mensah", entity)
        chosen.append(session.value_type["Lucas Mensah"])
    assert chosen[0] == chosen[1]
    if "EMAIL_ADDRESS" in (first, second):
        assert chosen[0] == "EMAIL_ADDRESS"  # a pattern type beats an NER guess
    if "US_SSN" in (first, second):
        assert chosen[0] == "US_SSN"  # the specific type beats the generic digit pattern
    if "PASSWORD" in (first, second):
        assert chosen[0] == "PASSWORD"  # a named secret type beats the generic credential


# ----- found by a red team on traces the project had never seen (each test failed before its fix) -----


@pytest.fixture(scope="module")
def no_ner() -> Redactor:
    from tests.conftest import make_redactor

    return make_redactor(ner=False)


def test_a_dictionary_word_secret_is_replaced_only_where_it_was_found(no_ner: Redactor) -> None:
    """`{"password": "password"}` renamed every `password` key of the trace, and
    `POSTGRES_PASSWORD: postgres` turned the image `postgres:16.2` into a token."""
    record = {"args": {"password": "password"}, "result": {"password_reset_table": "present",
                                                        "checks": {"password": "ok"}},
              "env": {"POSTGRES_PASSWORD": "postgres"}, "image": "postgres:16.2",
              "backup": "/var/lib/postgres/backups/nightly.sql.gz",
              "note": "password=Summer2026!x then Summer2026!x again"}
    out = no_ner.redact(record)
    assert list(out["result"]["checks"]) == ["password"] and "password_reset_table" in out["result"]
    assert out["args"]["password"].startswith("<PASSWORD:") and out["env"]["POSTGRES_PASSWORD"].startswith("<")
    assert out["image"] == "postgres:16.2" and out["backup"] == record["backup"]
    assert "Summer2026!x" not in json.dumps(out)  # a secret with more than letters still goes everywhere


def test_an_authorization_scheme_stays_and_the_credential_gets_its_token_everywhere(no_ner: Redactor) -> None:
    jwt = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJzdmMiLCJleHAiOjE3ODE3MTIwMDB9."
           "c2lnbmF0dXJlLW9mLXRoZS10b2tlbi0xMjM0NTY3ODkw")
    out = no_ner.redact({"headers": {"Authorization": f"Bearer {jwt}"},
                         "curl": f"curl -H 'Authorization: Bearer {jwt}' https://api.example.com"})
    header = out["headers"]["Authorization"]
    assert re.fullmatch(r"Bearer <[A-Z_]+:[0-9a-f]+>", header)
    assert out["curl"] == f"curl -H 'Authorization: {header}' https://api.example.com"
    assert no_ner.redact(out) == out  # the redacted header is not a secret again


def test_structural_values_written_as_words_or_urls_are_scanned_by_patterns(no_ner: Redactor) -> None:
    """A span name such as `GET https://crm/.../<email>/notes` kept the email and the IP; a structlog
    `event` (structure in typed event streams) is a log message when it has words."""
    span = {"traceId": "0123456789abcdef0123456789abcdef", "spanId": "0123456789abcdef", "kind": 3,
            "name": "GET https://crm.example.com/v1/contacts/jane.roe@example.net/notes"}
    other = dict(span, spanId="1123456789abcdef", name="POST https://203.0.113.45:8443/v1/refunds")
    plain = dict(span, spanId="2123456789abcdef", name="chat gpt-4o-2024-08-06")
    doc = {"resourceSpans": [{"scopeSpans": [{"scope": {"name": "tools"}, "spans": [span, other, plain]}]}]}
    spans = no_ner.redact(doc)["resourceSpans"][0]["scopeSpans"][0]["spans"]
    assert "jane.roe@example.net" not in spans[0]["name"] and spans[0]["name"].startswith("GET https://crm.")
    assert "203.0.113.45" not in spans[1]["name"]
    assert spans[2] == plain and [s["traceId"] for s in spans] == [span["traceId"]] * 3
    events = [{"event": "password reset requested for m.kowalski@example.pl from 198.51.100.23",
               "level": "info"}, {"event": "run.started", "level": "info"}]
    out = [no_ner.redact(e) for e in events]
    assert "m.kowalski@example.pl" not in out[0]["event"] and "198.51.100.23" not in out[0]["event"]
    assert out[1] == events[1]


def test_pii_named_keys_and_a_chat_participant_name_are_replaced_whole(no_ner: Redactor) -> None:
    record = {"customer": {"first_name": "Hannah", "lastName": "Schulz", "tax_id": "536224187",
                           "routingNumber": "021000021"},
              "smtp": {"auth": {"user": "ops", "pass": "hunter2-Kowal!2026"}, "SMTP_PASS": "Wq8!rTz4#Lp0",
                       "passport_office": "Warsaw", "bypass": "none"},
              "messages": [{"role": "user", "name": "oliver_bennett", "content": "hi"},
                           {"role": "tool", "name": "lookup_customer", "content": "{}"}],
              "note": "Hannah called about tax id 536224187"}
    out = no_ner.redact(record)
    assert all(v.startswith("<") for v in out["customer"].values())
    assert out["smtp"]["auth"]["pass"].startswith("<PASSWORD:") and out["smtp"]["SMTP_PASS"].startswith("<PASSWORD:")
    assert out["smtp"]["passport_office"] == "Warsaw" and out["smtp"]["bypass"] == "none"
    assert out["messages"][0]["name"].startswith("<PERSON:") and out["messages"][1]["name"] == "lookup_customer"
    assert "Hannah" not in out["note"] and "536224187" not in out["note"]


def test_one_word_names_do_not_rename_keys_but_full_names_do(no_ner: Redactor) -> None:
    """NER took `Name` (in a SOQL query) and `LinkedIn` for places, and every `"Name"` key of the trace
    was renamed: a key is structure, so one capitalised word never renames it."""
    record = {"contact": {"first_name": "Grace", "full_name": "Grace Hopper"},
              "by_first_name": {"Grace": 1}, "by_full_name": {"Grace Hopper": 2}}
    out = no_ner.redact(record)
    assert list(out["by_first_name"]) == ["Grace"]
    assert "Grace Hopper" not in json.dumps(out)


def test_the_same_value_before_a_full_stop_keeps_its_token(no_ner: Redactor) -> None:
    out = no_ner.redact({"a": "ship to 22 Acacia Avenue, London", "b": "we shipped to 22 Acacia Avenue."})
    token = re.search(r"<STREET_ADDRESS:[0-9a-f]+>", out["a"])
    assert token is not None and out["b"] == f"we shipped to {token.group(0)}."


def test_an_envelope_invalid_before_redaction_is_an_input_error(tmp_path: Path) -> None:
    """It was reported as 'no longer a valid agent-chronicle Envelope at ' (blaming the redaction,
    with no location)."""
    source = Path(__file__).resolve().parent.parent / "examples" / "raw" / "agent-chronicle-1x.jsonl"
    envelope = json.loads(source.read_text(encoding="utf-8").splitlines()[0])
    envelope["attempt"] = "first"  # the schema wants an integer
    path = tmp_path / "broken.jsonl"
    path.write_text(json.dumps(envelope) + "\n", encoding="utf-8")
    result = run_cli("redact", str(path), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "not a valid agent-chronicle Envelope: attempt (" in result.stderr
    assert "already before redaction" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.jsonl"))


def test_a_schema_error_never_quotes_a_key_of_the_trace(tmp_path: Path) -> None:
    """pydantic's error locations include dict keys, and a metadata key can be a name or a
    password (found by a red team: `metadata.Zebulon Quartermaine.[key]` on stderr)."""
    source = Path(__file__).resolve().parent.parent / "examples" / "raw" / "agent-chronicle-1x.jsonl"
    envelope = json.loads(source.read_text(encoding="utf-8").splitlines()[0])
    envelope["metadata"] = {"Zebulon Quartermaine": 1, "S3cretCanaryPw": 2}
    path = tmp_path / "broken.jsonl"
    path.write_text(json.dumps(envelope) + "\n", encoding="utf-8")
    for command in (("scan", str(path)), ("redact", str(path), "-o", str(tmp_path / "out"))):
        result = run_cli(*command)
        assert result.returncode == 2, result.stderr
        assert "metadata.{key}.[key]" in result.stderr
        assert "Zebulon" not in result.stderr + result.stdout and "S3cret" not in result.stderr + result.stdout


def test_a_cookie_value_is_replaced_where_it_is_quoted_alone(no_ner: Redactor) -> None:
    """The header was one token and the stolen session id quoted in a note stayed (third round)."""
    session = "sess_9fK2LmQ8xR4tW7yZ1aB3cD5eF"
    out = no_ner.redact({"headers": {"Cookie": f"session={session}; theme=dark"},
                         "note": f"the victim's cookie was {session}; theme dark"})
    assert session not in json.dumps(out) and out["note"].endswith("; theme dark")


def test_a_card_or_iban_written_in_groups_keeps_its_token(no_ner: Redactor) -> None:
    out = no_ner.redact({"a": "card 5425 2334 3010 9903", "b": "card 5425233430109903",
                         "c": "iban DE89 3704 0044 0532 0130 00", "d": "iban DE89370400440532013000"})
    assert out["a"] == out["b"] and out["c"] == out["d"] and out["a"] != out["c"]


def test_a_file_with_nothing_to_redact_is_written_back_byte_for_byte(tmp_path: Path) -> None:
    """The real Chronicle 0.3 example (hand-formatted, inline objects) came back re-indented although
    nothing in it was sensitive; a file that changed is re-serialised in its own style."""
    source = Path(__file__).resolve().parent / "data" / "chronicle-0.3"
    result = run_cli("redact", str(source), "-o", str(tmp_path / "out"), "--no-ner")
    assert result.returncode == 0, result.stderr
    originals = sorted(p for p in source.rglob("*.json"))
    assert originals
    for original in originals:
        written = tmp_path / "out" / original.relative_to(source)
        assert written.read_bytes() == original.read_bytes(), original.name


def test_a_repeated_key_is_never_written_back_unanalysed(tmp_path: Path) -> None:
    """Only the last of repeated keys is parsed (and analysed): the original bytes, which hold the
    earlier value too, must not be what is written even when nothing was replaced."""
    path = tmp_path / "dup.json"
    path.write_text('{"note": "jane.doe@example.com", "note": "ok"}\n', encoding="utf-8")
    result = run_cli("redact", str(path), "-o", str(tmp_path / "out"), "--no-ner")
    assert result.returncode == 0, result.stderr
    assert "jane.doe@example.com" not in (tmp_path / "out" / "dup.json").read_text(encoding="utf-8")


def test_an_otlp_attribute_name_is_redacted_like_a_dict_key(default_redactor: Redactor) -> None:
    """An address used as an attribute's name was left (the name was skipped as structure) while
    the same address was replaced in the span name. NER still never renames one."""
    span = {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": "eee19b7ec3c1b174", "kind": 2,
            "name": "GET /users/canary.person@example.com", "startTimeUnixNano": "1", "endTimeUnixNano": "2",
            "attributes": [{"key": "canary.person@example.com", "value": {"intValue": "1"}},
                           {"key": "gen_ai.request.model", "value": {"stringValue": "gpt-4o"}},
                           {"key": "Zebulon Quartermaine", "value": {"stringValue": "x"}},
                           {"key": "Jane Doe", "value": {"stringValue": "x"}}]}
    document = {"resourceSpans": [{"resource": {"attributes": []}, "scopeSpans": [{"scope": {"name": "s"},
                                                                                  "spans": [span]}]}]}
    out = default_redactor.redact(document)["resourceSpans"][0]["scopeSpans"][0]["spans"][0]
    token = out["name"].removeprefix("GET /users/")
    assert token.startswith("<EMAIL_ADDRESS:")
    keys = [a["key"] for a in out["attributes"]]
    assert keys[:3] == [token, "gen_ai.request.model", "Zebulon Quartermaine"]
    assert keys[3].startswith("<PERSON:")  # a known given and family name is no NER guess


@pytest.mark.slow
def test_a_trace_directory_member_that_is_no_envelope_is_refused(tmp_path: Path) -> None:
    """A `.jsonl` or a note dropped into a trace directory was skipped: reported written and sealed,
    left raw beside the redacted envelopes."""
    trace = tmp_path / "run"
    trace.mkdir()
    (trace / "graph.json").write_text(json.dumps({"nodes": ["agent"], "edges": []}))
    (trace / "000-agent-0.json").write_text(json.dumps({"node_id": "agent", "note": "x"}))
    (trace / "005-extra-1.jsonl").write_text(json.dumps({"email": "canary.person@example.com"}) + "\n")
    result = run_cli("redact", str(trace), "--in-place")
    assert result.returncode == 2 and "005-extra-1.jsonl" in result.stderr and "move this file" in result.stderr
    assert not (trace / "redactor.seal.json").exists()


def test_a_query_results_cells_are_the_values_of_their_columns(no_ner: Redactor) -> None:
    """A red team's SQL agent returned `{"columns": [...], "rows": [[...]]}`: birth dates, routing and
    account numbers under their column names were left (no key next to them said what they were)."""
    result = {"columns": ["customer_id", "full_name", "dob", "routing_number", {"name": "db_password"}, "plan"],
              "rows": [["c_1", "Amara Nwosu", "1979-07-22", "121000358", "hunter2hunter2", "Pro"],
                       ["c_2", "Li Wei", "1980-01-02", "011000138", "s3cr3t-Pa55", "Free"],
                       ["a short row"]]}
    out = no_ner.redact({"tool": "run_sql", "result": result, "note": "Amara Nwosu called"})
    first, second, short = out["result"]["rows"]
    assert first[0] == "c_1" and first[5] == "Pro"  # structure and plain values stay
    assert [cell.split(":")[0] for cell in first[1:5]] == ["<PERSON", "<DATE_OF_BIRTH", "<ID_NUMBER", "<PASSWORD"]
    assert second[1].startswith("<PERSON:") and second[4].startswith("<PASSWORD:")
    assert out["note"] == f"{first[1]} called" and short == ["a short row"]
    assert out["result"]["columns"] == result["columns"]


def test_every_written_form_of_a_known_value_gets_its_token(no_ner: Redactor) -> None:
    """Found by a red team: a name known from one field was left where a text wrote it JSON-escaped
    (an HTTP dump's body), URL-encoded (a form body, a query string) or in capitals (a CV header)."""
    out = no_ner.redact({
        "customer": {"full_name": "Tomás Ybarra"},
        "dump": 'POST /pay body={"beneficiary_name": "Tom\\u00e1s Ybarra"} name=Tom%C3%A1s+Ybarra',
        "cv": "TOMÁS YBARRA\nEngineer",
        "query": "billing_details[name]=Tom%C3%A1s%20Ybarra&currency=EUR",
    })
    token = out["customer"]["full_name"]
    assert token.startswith("<PERSON:")
    assert out["dump"] == f'POST /pay body={{"beneficiary_name": "{token}"}} name={token}'
    assert out["cv"] == f"{token}\nEngineer"
    assert out["query"] == f"billing_details[name]={token}&currency=EUR"


def test_a_cookie_headers_session_id_is_replaced_wherever_else_it_is(no_ner: Redactor) -> None:
    """A red team's HTTP dump had `Cookie: connect.sid=...`; the header was replaced, but the same
    session id stored under `"session"` elsewhere was left. Short settings (`theme=dark`) stay."""
    session = "s%3AdaT83N3XQKGEfCiL4mXzipkQfFWgrb2m.aDwxhoYMQad0WTMg6Ezl"
    out = no_ner.redact({"dump": f"GET / HTTP/2\nCookie: connect.sid={session}; theme=dark\nAccept: */*",
                         "ctx": {"session": session, "theme": "dark"}})
    assert session not in json.dumps(out)
    assert out["ctx"]["session"].startswith("<ACCESS_TOKEN:") and out["ctx"]["theme"] == "dark"


def test_a_csv_tables_sensitive_columns_are_known_values(no_ner: Redactor) -> None:
    """A coding agent read `customers.csv`: names under `full_name` were left (no NER cue, no key).
    The header says what each column holds; `id` and `country` stay."""
    csv_text = ('Here it is:\nid,full_name,email,country\n1042,Ingrid Solberg,ingrid.solberg@online.no,NO\n'
                '1043,"Mensah, Kwame",kmensah1988@gmail.com,GH\n\nDone.')
    out = no_ner.redact({"tool": "read_file", "result": csv_text, "note": "Ingrid Solberg asked"})
    lines = out["result"].splitlines()
    assert lines[1] == "id,full_name,email,country"
    first = lines[2].split(",")
    assert first[0] == "1042" and first[1].startswith("<PERSON:") and first[3] == "NO"
    assert lines[3].startswith('1043,"<PERSON:') and lines[3].endswith(",GH")
    assert out["note"] == f"{first[1]} asked"


def test_written_forms_of_a_value_with_a_lone_surrogate() -> None:
    """Found by the fuzz test: URL-encoding a lone surrogate raised (it has no UTF-8 form)."""
    from redactor.engine import written_forms

    assert written_forms("pa\ud800ss word", "PASSWORD") == {"pa\\ud800ss word"}
    assert written_forms("Jane Doe", "PERSON") == {"Jane%20Doe", "Jane+Doe", "JANE DOE", "Jane_Doe", "Doe, Jane",
                                                   "DOE, JANE", "DOE/JANE", "Doe;Jane", "jane-doe", "DOE JANE"}
    assert written_forms("jane@example.com", "EMAIL_ADDRESS") == set()  # its %40 form has a recognizer


# ---------------------------------------------------------------------------------------------
# Red team 7 (over-redaction): each failed before its fix
# ---------------------------------------------------------------------------------------------


def test_a_one_word_ner_guess_spreads_only_when_found_twice(default_redactor: Redactor) -> None:
    """`Vite` or `Warehouse` taken for a name once took every copy in the trace with it."""
    once = default_redactor.redact({"a": "Yesterday Zorvex approved the deploy.", "b": "Zorvex"})
    assert once["a"].startswith("Yesterday <PERSON:") and once["b"] == "Zorvex"
    twice = default_redactor.redact({"a": "Yesterday Zorvex approved the deploy.", "d": "Later Zorvex merged it.",
                                     "b": "Zorvex"})
    assert twice["b"].startswith("<PERSON:")


def test_secret_named_values_that_read_as_names_are_replaced_only_where_found(no_ner: Redactor) -> None:
    out = no_ner.redact({
        "env": {"PWD": "/workspace/payments-web", "POSTGRES_PASSWORD": "hunter2hunter2"},
        "log": "cd /workspace/payments-web && npm test # hunter2hunter2",
        "volumes": [{"name": "tls", "secret": {"secretName": "payments-api-tls", "defaultMode": 420}}],
        "helm": {"existingSecret": "pg-credentials"},
        "notes": "mount payments-api-tls and pg-credentials",
        "lexer": [{"kind": "Keyword", "token": "SELECT"}, {"kind": "Punct", "token": ","},
                  {"kind": "String", "token": "'EMEA'"}],
        "sql": "SELECT region FROM sales WHERE region = 'EMEA'",
    })
    assert out["env"]["PWD"].startswith("<PASSWORD:") and out["env"]["POSTGRES_PASSWORD"].startswith("<PASSWORD:")
    assert out["log"].startswith("cd /workspace/payments-web && npm test # <PASSWORD:")  # a real one spreads
    assert out["volumes"][0]["secret"]["secretName"] == "payments-api-tls"
    assert out["helm"]["existingSecret"] == "pg-credentials"
    assert out["notes"] == "mount payments-api-tls and pg-credentials"
    assert out["lexer"][1]["token"].startswith("<ACCESS_TOKEN:")  # fail closed: `!@#$%^&*` is a password too
    assert out["sql"] == "SELECT region FROM sales WHERE region = 'EMEA'"


def test_a_csv_table_ends_at_a_blank_line_and_companies_are_no_people(no_ner: Redactor) -> None:
    text = ("customer_name,region,revenue\nNorthwind Traders,EMEA,48160.00\nContoso Ltd,NA,39120.50\n"
            "Amara Nwosu,EMEA,1200.00\n\nsuite,pass,fail\nunit,1482,0\n\nTests: 1482 passed\n"
            "id,full_name\n4. The customer record exists (id 88231, Yes)\n")
    out = no_ner.redact({"result": text})["result"]
    assert "Northwind Traders,EMEA" in out and "Contoso Ltd,NA" in out and "Amara Nwosu" not in out
    assert "Tests: 1482 passed" in out and "unit,1482,0" in out  # a number under `pass` is no password
    assert "4. The customer record exists (id 88231, Yes)" in out


def test_logins_on_hosts_and_unread_mailboxes_are_not_emails(no_ner: Redactor) -> None:
    text = ("git clone git@github.com:acme/payments-web.git && ssh deploy@bastion-01.staging.acme.internal\n"
            "Co-Authored-By: Claude <noreply@anthropic.com>\nssh -i key ops@10.0.0.5; mail jane.doe@example.com")
    out = no_ner.redact_text(text)
    assert "git@github.com:acme/payments-web.git" in out and "deploy@bastion-01.staging.acme.internal" in out
    assert "<noreply@anthropic.com>" in out
    assert "ops@<IP_ADDRESS:" in out and "jane.doe" not in out  # the host's address and a person's mailbox go


# ---------------------------------------------------------------------------------------------
# Red team 8 (new domains): each failed before its fix
# ---------------------------------------------------------------------------------------------


def test_a_known_name_covering_what_ner_found_is_replaced_whole(default_redactor: Redactor) -> None:
    """`Rosalind <PERSON:...>`: NER found only the surname in a text, and that span blocked the
    known full name, so the first name stayed beside a token."""
    out = default_redactor.redact({"customer": {"full_name": "Rosalind Achterberg", "email": "r@example.com"},
                                   "note": "Spoke with Rosalind Achterberg about the claim."})
    assert out["note"] == f"Spoke with {out['customer']['full_name']} about the claim."


def test_browser_cookie_attributes_and_address_keys(no_ner: Redactor) -> None:
    out = no_ner.redact({
        "cookies": [{"name": "_ga", "value": "GA1.2.1234567890.1700000000", "domain": ".lexingtonpg.example",
                     "path": "/", "httpOnly": False}],
        "url": "https://apply.lexingtonpg.example/api/applications",
        "address": {"street": "12 Oak Lane", "postcode": "LS8 2QH"}, "passport_no": "533228719",
        "legal_name": "Siobhán Ní Bhriain",
    })
    cookie = out["cookies"][0]
    assert cookie["value"].startswith("<ACCESS_TOKEN:") and cookie["domain"] == ".lexingtonpg.example"
    assert out["url"] == "https://apply.lexingtonpg.example/api/applications"  # the domain did not spread
    assert out["address"]["postcode"].startswith("<STREET_ADDRESS:")
    assert out["passport_no"].startswith("<ID_NUMBER:") and out["legal_name"].startswith("<PERSON:")


def test_citations_versions_postal_codes_and_sip_hosts_are_no_phones_or_emails(no_ner: Redactor) -> None:
    for text in ("Miranda v. Arizona, 384 U.S. 436 (1966)", "Mozilla/5.0 Chromium 126.0.6478.126 Safari",
                 "ship to 〒150-0002 Tokyo"):
        assert no_ner.redact_text(text) == text
    # Red team 15: Dutch `Optie 2`, `Monitoring 24/7` and a free seat (`1 place sur ce créneau`) are no streets
    for text in ("Kies Optie 2 of Informatie 3", "Monitoring 24/7 inbegrepen", "il reste 1 place sur ce créneau"):
        assert no_ner.redact_text(text) == text
    # Red team 15: after its name a CEP is an address part, not a phone number either
    assert re.fullmatch(r"CEP <STREET_ADDRESS:[0-9a-f]{12}>", no_ner.redact_text("CEP 01426-001"))
    # A title's family name takes no weekday with it.
    assert re.fullmatch(r"Mrs\. <PERSON:[0-9a-f]{12}> Tuesday", no_ner.redact_text("Mrs. Abernathy-Kowalski Tuesday"))
    sip = no_ner.redact_text("call sip:4158675309@sip.telnyx.com now")
    assert sip.startswith("call sip:<PHONE_NUMBER:") and sip.endswith("@sip.telnyx.com now")


def test_a_mailbox_made_of_a_name_is_a_user_name_too(no_ner: Redactor) -> None:
    """Red team 8: `/Users/kwame.mensah/` and `paystub_Kwame_Mensah.pdf` kept though the address
    `kwame.mensah@example.com` and the name were replaced elsewhere."""
    out = no_ner.redact({"to": "kwame.mensah@example.com",
                         "ls": "/Users/kwame.mensah/Documents/paystub_Kwame_Mensah.pdf (@kwame.mensah in Slack)"})
    assert "kwame" not in out["ls"].lower() and "mensah" not in out["ls"].lower()
    assert out["ls"].startswith("/Users/<PERSON:") and "/Documents/paystub_<PERSON:" in out["ls"]


def test_a_form_bodys_sensitive_fields_get_the_tokens_of_their_values(no_ner: Redactor) -> None:
    """Red team 8: `full_name=Kwame+Mensah-Adjei&dob=07%2F19%2F1992` kept (only `ssn=` had a rule). A
    pair named like a sensitive key holds that key's value; written and decoded forms share a token."""
    out = no_ner.redact({"form": "full_name=Kwame+Mensah-Adjei&dob=07%2F19%2F1992&plan=pro",
                         "note": "Kwame Mensah-Adjei, born 07/19/1992",
                         "docs": "https://docs.example.com/search?q=password+reset&lang=en"})
    name, dob = re.findall(r"<[A-Z_]+:[0-9a-f]{12}>", out["note"])
    assert out["form"] == f"full_name={name}&dob={dob}&plan=pro"
    assert name.startswith("<PERSON:") and dob.startswith("<DATE_OF_BIRTH:")
    assert out["docs"] == "https://docs.example.com/search?q=password+reset&lang=en"


def test_redacting_redacted_output_changes_nothing_with_ner(default_redactor: Redactor) -> None:
    """Red team 8: a second pass found `Illinois` in `(<LOCATION:...> of Illinois)`: the tokens were new
    context for NER. A text holding a token was redacted already and is not read by NER again."""
    redacted = "Filed with <LOCATION:0123456789ab> of Illinois last week."
    assert default_redactor.redact_text(redacted) == redacted
    assert default_redactor.redact_text("Filed with the court of Illinois last week.").startswith(
        "Filed with the court of <LOCATION:")


def test_a_greeted_first_name_takes_the_family_name_after_it(no_ner: Redactor) -> None:
    """Red team 9: `Thanks Maria` made `Maria` a known name, and `Maria Gonzalez` later became
    `<PERSON:...> Gonzalez`: the surname was left beside the first name's token."""
    out = no_ner.redact({"reply": "Thanks Maria, I have updated the ticket for Maria Gonzalez.",
                         "again": "Maria Gonzalez called back; Maria Support and Maria Please stay."})
    full = re.findall(r"<PERSON:[0-9a-f]{12}>", out["reply"])
    assert len(full) == 2 and full[0] != full[1] and "Gonzalez" not in json.dumps(out)
    assert out["again"].startswith(full[1] + " called back; ")  # one token for the full name everywhere
    assert out["again"].endswith(f"{full[0]} Support and {full[0]} Please stay.")
    # Red team 9 (again): a compound given name known from a greeting (`Hola María José,`), then the
    # family name after it; two family names after a known full name.
    two = no_ner.redact({"chat": "Hola María José, ¿en qué puedo ayudarle?",
                         "crm": "Cliente: María José García-Pelayo; contact Maria Gonzalez Lopez",
                         "contact": {"name": "Maria Gonzalez", "email": "mg@example.org"}})
    assert "García-Pelayo" not in two["crm"] and "Lopez" not in two["crm"]


def test_a_known_full_names_parts_are_replaced_where_they_stand_alone(no_ner: Redactor) -> None:
    """Left as found since red team 8: once `Priya Raman` was known, the agent's `Priya, your parcel`
    and a ticket's `Mr Volkov's file` kept the first and family names; chat in lower case kept the
    whole name. Names that are ordinary words keep those words (`Hope this helps`, `the Green button`)."""
    out = no_ner.redact({
        "customer_name": "Priya Raman", "contact": {"full_name": "Dmitri Volkov", "email": "dv@fastmail.com"},
        "other": {"full_name": "Hope Green"},
        "reply": "Priya, your parcel left. Raman called. - Priya asked; see Mr. Volkov's file, Dmitri.",
        "chat": "this is priya raman again", "lower": "ok thanks, priya. dmitri said so",
        "words": "Hope this helps. Press the Green button. Mark Priyanka's order.",
    })
    priya, raman, volkov, dmitri = (no_ner.redact({"first_name": name})["first_name"]
                                    for name in ("Priya", "Raman", "Volkov", "Dmitri"))
    assert all(token.startswith("<PERSON:") for token in (priya, raman, volkov, dmitri))
    assert out["reply"] == (f"{priya}, your parcel left. {raman} called. - {priya} asked; "
                            f"see Mr. {volkov}'s file, {dmitri}.")
    assert out["chat"] == f"this is {out['customer_name']} again"  # the full name's own token
    assert out["lower"] == f"ok thanks, {priya}. {dmitri} said so"  # (a word as short as `said` would stay)
    assert out["words"] == "Hope this helps. Press the Green button. Mark Priyanka's order."
    # Red team 5 (after the parts): a lower-case part is never replaced inside a host name or an identifier,
    # and a shop's display name (`Lumen Store Suporte`) has no parts
    hosts = no_ner.redact({"customer_name": "Priya Raman", "mail": "To: Lumen Store Suporte <help@lumen-store.com>",
                           "text": "thanks priya: https://priya-shop.com, priya_test, /Users/priya/, https://lumen-store.com"})
    assert hosts["text"] == f"thanks {priya}: https://priya-shop.com, priya_test, /Users/{priya}/, https://lumen-store.com"
    assert hosts["mail"].startswith("To: Lumen Store Suporte <")
    # Red team 15: a given name known alone (a `vorname` key) is replaced in lower case too; a word is not
    alone = no_ner.redact({"vorname": "Jürgen", "first_name": "Grace", "chat": "lieber jürgen, danke. grace period."})
    assert alone["chat"] == f"lieber {alone['vorname']}, danke. grace period."
    polish = no_ner.redact({"customer_name": "Michał Brzęczyszczykiewicz", "chat": "Michał tu. michał"})
    assert "ichał" not in polish["chat"]  # a name part with letters beyond Latin-1
    # Red team 13: a three-letter name is a known value too, with its capital (`Max` is a word as well)
    short = no_ner.redact({"student": {"first_name": "Mai", "last_name": "Nguyen"}, "other": {"first_name": "Max"},
                           "note": "calling about Mai. MAI? Max tokens: 5 (maid)"})
    assert short["note"] == f"calling about {short['student']['first_name']}. MAI? Max tokens: 5 (maid)"


@pytest.mark.parametrize(("written", "expected"), [
    # `docker inspect` output: indented, with the newline the command printed
    ('{\n    "Env": [\n        "PASSWORD=hunter2Xq7Lm2v",\n        "PATH=/usr/bin"\n    ],\n    "Labels": {}\n}\n',
     '{\n    "Env": [\n        "PASSWORD=@",\n        "PATH=/usr/bin"\n    ],\n    "Labels": {}\n}\n'),
    ('{"q":"a, b","email":"jane.roe@corp.example.com"}', '{"q":"a, b","email":"@"}'),  # compact, prose inside
    ('  ["jane.roe@corp.example.com", 2]', '  ["@", 2]'),
])
def test_json_inside_a_string_is_written_back_in_its_own_layout(no_ner: Redactor, written: str,
                                                                 expected: str) -> None:
    """Red team 9: an indented document in a tool result came back on one line once a value in it
    was replaced; only the replaced values may change."""
    out = no_ner.redact({"output": written})["output"]
    assert re.sub(r"<[A-Z_]+:[0-9a-f]{12}>", "@", out) == expected


def test_a_known_name_written_family_name_first_gets_its_token(no_ner: Redactor) -> None:
    """Red team 9: `WHITCOMBE/ELEANOR` (an airline reservation), `Ochoa-Brandt, Marisol` (a bank
    statement), `N:Ochoa-Brandt;Marisol` (a vCard) and an address in capitals were kept although the
    name and the address were known values of the trace."""
    out = no_ner.redact({
        "full_name": "Eleanor Whitcombe", "line1": "22 Carlton Hill",
        "pnr": "1.WHITCOMBE/ELEANOR MRS\nSSR DOCA BA HK1 R/GBR/22 CARLTON HILL/LONDON",
        "other": {"full_name": "Marisol Ochoa-Brandt"},
        "t": "OCHOA-BRANDT, MARISOL / 'Ochoa-Brandt, Marisol'\nN:Ochoa-Brandt;Marisol;;;",
    })
    written = json.dumps(out).upper()
    assert not any(part in written for part in ("WHITCOMBE", "ELEANOR", "CARLTON", "OCHOA", "MARISOL"))
    assert out["pnr"] == f"1.{out['full_name']} MRS\nSSR DOCA BA HK1 R/GBR/{out['line1']}/LONDON"
    marisol = out["other"]["full_name"]
    assert out["t"] == f"{marisol} / '{marisol}'\nN:{marisol};;;"


def test_a_pii_records_fields_keep_their_own_types(no_ner: Redactor) -> None:
    """Red team 9: a recipient's `name` inside `shipping_address` was kept (`name` is safe in a
    credential container, a k8s secret reference), its phone typed STREET_ADDRESS; a Salesforce
    `Name` beside `Email` and a `name` beside `address` were kept with NER off."""
    out = no_ner.redact({
        "shipping_address": {"name": "Olivia Hartigan", "address1": "27 Elm Grove", "phone": "07700 954321"},
        "billing_details": {"name": "Priya Raman", "address": {"line1": "3 Mill Lane"}},
        "contact": {"Name": "Yusuf Adeyemi-Clarke", "Email": "yusuf.ac@northwind.com"},
        "volume": {"secret": {"secretName": "db-creds", "optional": False}},
        "note": "ring 07700 954321",
    })
    assert out["shipping_address"]["name"].startswith("<PERSON:")
    assert out["shipping_address"]["phone"].startswith("<PHONE_NUMBER:")
    assert out["note"] == "ring " + out["shipping_address"]["phone"]
    assert out["billing_details"]["name"].startswith("<PERSON:")
    assert out["contact"]["Name"].startswith("<PERSON:")
    assert out["volume"] == {"secret": {"secretName": "db-creds", "optional": False}}


@pytest.mark.parametrize(("key", "entity"), [
    ("born_on", "DATE_OF_BIRTH"), ("geburtsdatum", "DATE_OF_BIRTH"), ("fecha_nacimiento", "DATE_OF_BIRTH"),
    ("date_de_naissance", "DATE_OF_BIRTH"), ("strasse", "STREET_ADDRESS"), ("Straße", "STREET_ADDRESS"),
    ("calle", "STREET_ADDRESS"), ("Nachname", "PERSON"), ("apellidos", "PERSON"), ("prénom", "PERSON"),
    ("收件人", "PERSON"), ("氏名", "PERSON"), ("이름", "PERSON"), ("地址", "STREET_ADDRESS"),
    ("주소", "STREET_ADDRESS"), ("生年月日", "DATE_OF_BIRTH"), ("steuer_id", "ID_NUMBER"), ("pesel", "ID_NUMBER"),
    # Red team 13: licences, vehicles, benefits and loyalty numbers
    ("vin", "ID_NUMBER"), ("license_plate", "ID_NUMBER"), ("plate", "ID_NUMBER"), ("dl_number", "ID_NUMBER"),
    ("drivers_license", "ID_NUMBER"), ("medicaid_id", "ID_NUMBER"), ("policy_number", "ID_NUMBER"),
    ("loyalty_number", "ID_NUMBER"), ("bvn", "ID_NUMBER"), ("meter_number", "ID_NUMBER"),
    ("social_security_number", "US_SSN"), ("registered_owner", "PERSON"), ("policyholder", "PERSON"),
    ("tenant_name", "PERSON"), ("next_of_kin", "PERSON"), ("callee", "PHONE_NUMBER"),
])
@pytest.mark.parametrize("policy", ["default", "strict"])
def test_other_languages_pii_keys_are_redacted_with_their_type(key: str, entity: str, policy: str) -> None:
    """Red team 9: `born_on` (Duffel), `geburtsdatum`, `strasse` were kept under their keys."""
    redactor = make_redactor(policy=policy, ner=False)
    out = redactor.redact({key: "Hauptstr. 5a 1985-03-14 Müller"})
    assert out[key].startswith(f"<{entity}") and out[key].endswith(">")  # strict: some types by the bare type


def test_a_mailbox_under_a_credentials_name_keeps_its_mailbox_token(no_ner: Redactor) -> None:
    """Round 34: beside a cookie, an address became `<ACCESS_TOKEN:h>` in one recording and `<EMAIL_ADDRESS:h>`
    in every other; the token is the mailbox's wherever a secret's name holds it."""
    alone = no_ner.redact({"body": "hi jane.doe@acme-mail.com"})["body"]
    held = no_ner.redact({"password": "jane.doe@acme-mail.com", "body": "hi jane.doe@acme-mail.com"})
    assert alone.startswith("hi <EMAIL_ADDRESS:") and held["body"] == alone and held["password"] == alone[3:]
    assert no_ner.redact({"password": "Xk9#mP2$vL7q"})["password"].startswith("<PASSWORD:")


def test_a_brazilian_rg_under_its_key_but_not_an_azure_resource_group(no_ner: Redactor) -> None:
    """Round 33: `"rg": "38.472.615-9"` in a Brazilian KYC result was kept (`rg` names Azure's resource group too)."""
    out = no_ner.redact({"kyc": {"rg": "38.472.615-9", "rg_number": "384726159"},
                         "azure": {"rg": "rg-prod-eastus", "subscription": "prod"}})
    assert out["kyc"]["rg"].startswith("<ID_NUMBER:") and out["kyc"]["rg_number"].startswith("<ID_NUMBER:")
    assert out["azure"] == {"rg": "rg-prod-eastus", "subscription": "prod"}


def test_the_strict_policy_redacts_user_names_as_pseudonyms() -> None:
    """Left as found in session 17: a directory's `onPremisesSamAccountName`. The default policy keeps handles
    (only a full name under `username` is replaced); strict replaces them, as equal pseudonyms (who did what
    stays comparable), never as the bare `<CREDENTIAL>` its secret-named keys get."""
    record = {"sAMAccountName": "jwhitfield", "onPremisesSamAccountName": "jwhitfield", "userName": "dwhit",
              "mailNickname": "jw", "screen_name": "dana_w"}
    strict = make_redactor(policy="strict", ner=False).redact(record)
    assert all(value.startswith("<PERSON:") for value in strict.values()), strict
    assert strict["sAMAccountName"] == strict["onPremisesSamAccountName"] != strict["userName"]
    assert make_redactor(ner=False).redact(record) == record


def test_an_identity_documents_number_is_an_id_number(no_ner: Redactor) -> None:
    """Red team 13: a hotel guest's `{"type": "passport", "number": ...}`, a claim's `"license": {"number":
    ...}` and a loyalty record's number were kept; a book's number is no document's."""
    out = no_ner.redact({
        "documents": [{"type": "Passport", "number": "X12345678", "country": "NG"},
                      {"document_type": "driver's license", "value": "D1234567"}],
        "license": {"number": "D9988776", "state": "CA"}, "loyalty": {"program": "Marriott", "number": "123456789"},
        "item": {"type": "book", "number": "42"}, "line": {"number": "7"}, "user": {"account": "acme-prod"},
        "direct_deposit": {"routing": "051000017", "account": "004412345678", "type": "checking"},
        "note": "guest passport X12345678 verified",
    })
    passport = out["documents"][0]["number"]
    assert passport.startswith("<ID_NUMBER:") and out["note"] == f"guest passport {passport} verified"
    assert out["documents"][1]["value"].startswith("<ID_NUMBER:")
    assert out["license"]["number"].startswith("<ID_NUMBER:") and out["license"]["state"] == "CA"
    assert out["loyalty"]["number"].startswith("<ID_NUMBER:")
    assert out["item"] == {"type": "book", "number": "42"} and out["line"] == {"number": "7"}
    assert out["direct_deposit"]["account"].startswith("<ID_NUMBER:") and out["user"] == {"account": "acme-prod"}


def test_anchors_versions_smtp_ids_and_domain_references_are_kept(no_ner: Redactor) -> None:
    """Red team 13: a documentation URL's anchor (`#section-3.8.4.3`) and a firmware version became IP
    addresses, Gmail's SMTP id a phone number, DKIM's `header.i=@domain` an email address; a phone number
    URL-encoded in a form body was kept though the trace knew it."""
    for text in ("see https://www.rfc-editor.org/rfc/rfc5545#section-3.8.4.3 now", "firmware 4.2.1.17 installed",
                 "build: 10.0.19045.3930", "by smtp.gmail.com with ESMTPSA id 366b.7.2025.03.12.00.44.11",
                 "dkim=pass header.i=@harbourline.co.uk header.s=20230601"):
        assert no_ner.redact_text(text) == text
    out = no_ner.redact({"phone": "+234 803 555 0142", "body": "name=Ada&phone=%2B234+803+555+0142",
                         "spa": "https://app.example.com/#/users/jane.roe@gmail.com",
                         "host": "firmware 4.2.1.17 on 10.4.2.17"})
    assert out["body"] == "name=Ada&phone=" + out["phone"]
    assert "jane.roe" not in out["spa"] and "10.4.2.17" not in out["host"]


def test_sentry_pair_lists_and_bare_message_ids(no_ner: Redactor) -> None:
    """Red team 13: Sentry's `"headers": [["Cookie", "connect.sid=..."]]` kept the session cookie; a
    Message-ID passed as an agent's `in_reply_to` argument became an email address, and then its header
    too. A list of two field names is no pair."""
    message_id = "<CAJ7x9Rk2vQm+0aZ4Lq8s_tn5hFw-Q@mail.gmail.com>"
    exchange_id = "<DM6PR11MB46913F2B8E1C3A2C5A5B8F9DDE9A@DM6PR11MB4691.namprd11.prod.outlook.com>"
    out = no_ner.redact({
        "request": {"headers": [["Cookie", "connect.sid=s%3AxYz123abcDEF456.9fQk2LmN8pQr"], ["Accept", "*/*"]],
                    "query_string": [["email", "jane.roe@gmail.com"], ["page", "2"]]},
        "fields": [["password", "email"]],
        "tool_args": {"in_reply_to": message_id, "references": [message_id, exchange_id]},
        "raw": f"Message-ID: {message_id}\nFrom: Maria.Gonzalez_1987@hotmail.com",
    })
    headers = out["request"]["headers"]
    assert headers[0][0] == "Cookie" and headers[0][1].startswith("connect.sid=<ACCESS_TOKEN:")
    assert headers[0][1].endswith(">") and headers[1] == ["Accept", "*/*"]
    assert out["request"]["query_string"][0][1].startswith("<EMAIL_ADDRESS:")
    assert out["fields"] == [["password", "email"]]
    assert out["tool_args"] == {"in_reply_to": message_id, "references": [message_id, exchange_id]}
    assert out["raw"].startswith(f"Message-ID: {message_id}\nFrom: <EMAIL_ADDRESS:")


@pytest.mark.parametrize(("text", "tail"), [
    ("Ship to 12 Baker Street, London NW1 6XE please", "London NW1 6XE"),
    ("14 Team Valley Road, Gateshead NE8 2BH", "Gateshead NE8 2BH"),
    ("221 Rue Saint-Denis, Montréal, QC H2X 3K8", "Montréal, QC H2X 3K8"),
    ("12 rue de la Roquette, 75011 Paris", "75011 Paris"),
    ("Keizersgracht 263-1, 1016 GV Amsterdam", "1016 GV Amsterdam"),  # a house number's suffix first
    ("24 Barlow Grove, Didsbury, Manchester M20 6RT.", "Didsbury, Manchester M20 6RT"),  # a district first (18)
    # Round 39: a postcode typed in lower case (a town before it in any case, or none).
    ("12 baker street, london nw1 6xe", "london nw1 6xe"),
    ("12 Baker Street, London nw1 6xe please", "London nw1 6xe"),
    ("27 high street, camden, london nw1 7jr", "camden, london nw1 7jr"),
    ("12 baker street, nw1 6xe", "nw1 6xe"),
])
def test_the_town_and_postcode_after_a_street_get_their_own_token(no_ner: Redactor, text: str, tail: str) -> None:
    """Red team 13: `Gateshead NE8 2BH`, `Glasgow G12 9QQ` were left after a replaced street; the street
    keeps the token it has where it is written alone."""
    street = text.split(",", 1)[0].removeprefix("Ship to ")
    out = no_ner.redact({"a": text, "b": f"Deliver to {street}\nThanks"})
    assert tail not in out["a"] and out["a"].count("<STREET_ADDRESS:") == 2
    assert out["b"].removeprefix("Deliver to ").removesuffix("\nThanks") in out["a"]


@pytest.mark.parametrize("text", [
    "12 baker street, london and 2 kb of logs", "ship to 12 baker street and then call me at 10 am",
])
def test_no_lower_case_postcode_without_its_shape(no_ner: Redactor, text: str) -> None:
    """Round 39's near misses: after a street, words with no postcode's shape stay."""
    out = no_ner.redact({"a": text})["a"]
    assert out.count("<STREET_ADDRESS:") == 1 and out.endswith(text.split("street", 1)[1]), out


@pytest.mark.parametrize(("text", "street", "tail"), [
    ("HQ: 1600 Amphitheatre Pkwy Mountain View CA 94043 USA", "1600 Amphitheatre Pkwy", "Mountain View CA 94043"),
    ("ship to 42 Elm Street Springfield, IL 62704-1234", "42 Elm Street", "Springfield, IL 62704-1234"),
])
def test_an_american_town_state_and_zip_without_a_comma_get_their_own_token(no_ner: Redactor, text: str,
                                                                           street: str, tail: str) -> None:
    """Round 35: with no comma after the street the town and ZIP were left, a ZIP+4 read as a phone number."""
    out = no_ner.redact({"a": text, "b": f"Deliver to {street}\nThanks"})["a"]
    assert tail not in out and "Springfield" not in out and out.count("<STREET_ADDRESS:") == 2, out
    assert "<PHONE_NUMBER:" not in out


def test_a_call_records_parties_are_phone_numbers(no_ner: Redactor) -> None:
    """Red team 8: a CDR (CSV in a tool result) kept its caller and callee, E.164 numbers without `+`."""
    out = no_ner.redact({"out": "call_id,start,caller,callee,duration_s\n"
                                "a84c2f1e9b7d,2024-06-10T18:02:11Z,447723418902,447700900123,312\n",
                         "note": "caller 447723418902 again"})
    rows = out["out"].splitlines()
    assert rows[0] == "call_id,start,caller,callee,duration_s"
    call_id, start, caller, callee, duration = rows[1].split(",")
    assert (call_id, start, duration) == ("a84c2f1e9b7d", "2024-06-10T18:02:11Z", "312")
    assert caller.startswith("<PHONE_NUMBER:") and callee.startswith("<PHONE_NUMBER:") and caller != callee
    assert out["note"] == f"caller {caller} again"


def test_saas_payloads_keep_ids_and_lose_their_people(no_ner: Redactor) -> None:
    """Red team 14 (Stripe, Salesforce, HubSpot, Okta, Plaid, Segment, Twilio, Shopify, DocuSign payloads):
    cities, ZIPs and CRM name spellings were kept, as were Plaid's ACH account numbers and `hmac_key`/
    `writeKey` secrets; a Twilio account SID in every API URL, a Shopify order's `name`, Okta's app name and
    an email's `status` inside `credentials` were replaced."""
    sid = "ACf334a1b2c3d4e5f60718293a4b5c6d7e"
    out = no_ner.redact({
        "billing_details": {"address": {"city": "Montréal", "postal_code": "H2X 3K8", "country": "CA"}},
        "MailingCity": "Brisbane", "properties": {"firstname": "Joost", "lastname": "van den Berg", "zip": "1016 GV"},
        "order": {"name": "#1042", "email": "buyer@fastmail.com", "phone": "+1 514 555 0199"},
        "target": [{"displayName": "Okta Admin Console", "alternateId": "okta-admin"}],
        "credentials": {"emails": [{"value": "buyer@fastmail.com", "status": "VERIFIED"}]},
        "numbers": {"ach": [{"account": "1111222233330000", "routing": "011401533"}]},
        "verified_with": {"hmac_key": "U2VjcmV0S2V5MTIzNDU2Nzg5MA=="}, "writeKey": "tUd8kZ2p9XqLmN4rB7vC1sE6wA3yH5jF",
        "uri": f"https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json (twilio)",
        "answer": "Joost in Montréal asked about the refund.",
        "shipping_address": {"address1": "221 Rue Saint-Denis", "country_code": "CA", "province_code": "QC"},
        "location_info": {"city_name": "Stockholm", "time_zone": "Europe/Stockholm"}, "browser_version": "122.0.0.0",
        "Case": {"Owner": {"attributes": {"type": "User"}, "Name": "Rahul Mehta"}}, "tool": {"name": "Search Flights"},
    })
    address = out["billing_details"]["address"]
    assert address["city"].startswith("<LOCATION:") and address["country"] == "CA"
    assert out["MailingCity"].startswith("<LOCATION:") and out["properties"]["zip"].startswith("<STREET_ADDRESS:")
    assert all(out["properties"][key].startswith("<PERSON:") for key in ("firstname", "lastname"))
    assert out["answer"] == f"{out['properties']['firstname']} in {address['city']} asked about the refund."
    assert out["order"]["name"] == "#1042" and out["target"][0]["displayName"] == "Okta Admin Console"
    assert out["credentials"]["emails"][0]["status"] == "VERIFIED"
    assert out["numbers"]["ach"][0]["account"].startswith("<ID_NUMBER:")
    assert out["verified_with"]["hmac_key"].startswith("<") and out["writeKey"].startswith("<")
    assert sid in out["uri"]
    assert out["shipping_address"]["address1"].startswith("<STREET_ADDRESS:")
    assert (out["shipping_address"]["country_code"], out["shipping_address"]["province_code"]) == ("CA", "QC")
    assert out["location_info"]["time_zone"] == "Europe/Stockholm" and out["browser_version"] == "122.0.0.0"
    assert out["Case"]["Owner"]["Name"].startswith("<PERSON:") and out["tool"] == {"name": "Search Flights"}


@pytest.mark.parametrize("key", ["passwort", "mot_de_passe", "contraseña", "senha", "hasło", "şifre", "wachtwoord"])
def test_other_languages_password_keys_hold_passwords(no_ner: Redactor, key: str) -> None:
    """Red team 15: `dhl.passwort`, `mot_de_passe`, `allegro.haslo` were kept; `şifre`, `contraseña` and `hasło`
    lost their letters to key normalisation and matched no secret name."""
    out = no_ner.redact({"account": {key: "Sol-2024!xQ"}, "note": "login with Sol-2024!xQ"})
    assert out["account"][key].startswith("<PASSWORD:") and out["note"] == f"login with {out['account'][key]}"


def test_provider_payload_shapes_keep_their_meaning(no_ner: Redactor) -> None:
    """Red team 10: a logprobs entry's `token` (a piece of the model's text) was a secret, and
    `" refund"` became a token in every prompt; HAR headers and k8s env entries (`{"name", "value"}`)
    were not read as the members they name; LangChain's secret reference (the environment variable's
    name) was replaced as the key it names, and with it every mention of `OPENAI_API_KEY`."""
    out = no_ner.redact({
        "text": "Please refund it",
        "logprobs": {"content": [{"token": " refund", "logprob": -0.1, "bytes": [32]}]},
        "headers": [{"name": "x-api-key", "value": "9f86d081884c7d659a2feaa0c55ad015"},
                    {"name": "Accept", "value": "application/json"}],
        "env": [{"name": "DB_PASSWORD", "value": "s3cr3t-Pw-2026"}],
        "kwargs": {"openai_api_key": {"lc": 1, "type": "secret", "id": ["OPENAI_API_KEY"]}},
        "note": "export OPENAI_API_KEY first",
    })
    assert out["text"] == "Please refund it" and out["logprobs"]["content"][0]["token"] == " refund"
    assert out["headers"][0]["value"].startswith("<API_KEY:") and out["headers"][1]["value"] == "application/json"
    assert out["env"][0]["value"].startswith("<PASSWORD:")
    assert out["kwargs"]["openai_api_key"]["id"] == ["OPENAI_API_KEY"]
    assert out["note"] == "export OPENAI_API_KEY first"


AWS_PAIRS = {
    "Tags": [{"Key": "api_token", "Value": "q8Zr2LmX0pT7vN4k"}, {"Key": "Owner", "Value": "Priya Raman"},
             {"Key": "Environment", "Value": "prod"}],
    "Parameter": {"Name": "/prod/billing/db", "Type": "SecureString", "Value": "postgres-pw-99", "Version": 3,
                  "ARN": "arn:aws:ssm:eu-west-1:123456789012:parameter/prod/billing/db", "DataType": "text"},
    "Parameters": [{"Name": "STRIPE_SECRET", "Type": "String", "Value": "q8Zr2LmX0pT7vN4kzz"},
                   {"Name": "REGION", "Type": "String", "Value": "eu-west-1"}],
    "StackParameters": [{"ParameterKey": "DBPassword", "ParameterValue": "Tr0ub4dor-x9"},
                        {"ParameterKey": "Env", "ParameterValue": "prod"}],
    "UserAttributes": [{"Name": "email", "Value": "m.okonkwo@corvid-mail.net"},
                       {"Name": "name", "Value": "Marisol Okonkwo"}, {"Name": "custom:tax_id", "Value": "536-22-4187"},
                       {"Name": "sub", "Value": "4f8d1b6e-1a2b"}],
    "rows": [{"Name": "Ana Souza", "Value": 42}, {"label": "Q3", "value": 42}],
}
CUSTOM_FIELDS = {
    "properties": [{"property": "firstname", "value": "Marisol"}, {"property": "lastname", "value": "Okonkwo-Reyes"},
                   {"property": "lifecyclestage", "value": "customer"}],
    "custom_fields": [{"field": "ssn_last4", "value": "4821"}, {"field": "date_of_birth", "value": "1987-03-14"},
                      {"field": "plan", "value": "gold"}],
    "fields": [{"label": "Account PIN", "value": "7391"}, {"label": "Tier", "value": "3"}],
}


def redacted_by_the_cli(tmp_path: Path, document: dict[str, Any], *planted: bytes) -> Any:
    """`document` written to a file and redacted by the CLI (NER off); none of `planted` is in the bytes
    written, nor in their text once parsed. Returns the output, parsed."""
    raw = tmp_path / "raw.json"
    raw.write_text(json.dumps(document), encoding="utf-8")
    result = run_cli("redact", str(raw), "-o", str(tmp_path / "out"), "--no-ner", "-q")
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "out" / "raw.json").read_bytes()
    # (and in the parsed text: the file keeps the input's `\u` escapes, which a value in another script would hide)
    decoded = json.dumps(json.loads(written), ensure_ascii=False).encode()
    for value in planted:
        assert value not in written and value not in decoded, value
    return json.loads(written)


def test_aws_name_value_pairs_are_read_as_the_members_they_name(tmp_path: Path) -> None:
    """AWS writes name/value pairs capitalised: tags (`Key`, `Value`), SSM parameters (`Name`, `Value`; a
    `SecureString` read with decryption is a secret whatever its name), CloudFormation's `ParameterKey`. Only
    the lower-case `key`/`value` was read: an `api_token` tag's value was kept. A chart row's `Name` is still
    a name (no parameter shape)."""
    out = redacted_by_the_cli(tmp_path, AWS_PAIRS, b"q8Zr2LmX0pT7vN4k", b"Priya Raman", b"postgres-pw-99",
                              b"Tr0ub4dor-x9", b"Ana Souza")
    assert out["Tags"][0]["Key"] == "api_token" and out["Tags"][0]["Value"].startswith("<ACCESS_TOKEN:")
    assert out["Tags"][1]["Value"].startswith("<PERSON:") and out["Tags"][2]["Value"] == "prod"
    assert out["Parameter"]["Value"].startswith("<CREDENTIAL:") and out["Parameter"]["Name"] == "/prod/billing/db"
    assert out["Parameter"]["ARN"] == AWS_PAIRS["Parameter"]["ARN"]  # type: ignore[index]
    assert out["Parameters"][0]["Value"].startswith("<CREDENTIAL:") and out["Parameters"][1]["Value"] == "eu-west-1"
    assert out["StackParameters"][0]["ParameterValue"].startswith("<PASSWORD:")
    assert out["StackParameters"][1]["ParameterValue"] == "prod"
    assert out["rows"][0]["Name"].startswith("<PERSON:") and out["rows"][0]["Value"] == 42
    assert [item["Value"].split(":")[0] for item in out["UserAttributes"]] == [
        "<EMAIL_ADDRESS", "<PERSON", "<US_SSN", "4f8d1b6e-1a2b"]  # a Cognito user's attributes
    assert out["rows"][1] == {"label": "Q3", "value": 42}


def test_custom_fields_named_by_a_sibling_are_read_as_the_members_they_name(tmp_path: Path) -> None:
    """A CRM's properties (HubSpot's `{"property": "firstname", "value": ...}`) and a form's custom fields
    (`{"field": "ssn_last4", ...}`, `{"label": "Account PIN", ...}`) were kept: their value's name is a sibling."""
    out = redacted_by_the_cli(tmp_path, CUSTOM_FIELDS, b"Marisol", b"Okonkwo", b"4821", b"1987-03-14", b"7391")
    assert out["properties"][2]["value"] == "customer" and out["custom_fields"][2]["value"] == "gold"
    assert out["fields"][1] == {"label": "Tier", "value": "3"} and out["custom_fields"][0]["field"] == "ssn_last4"


def test_a_payments_authorization_code_is_an_id_and_a_payroll_account_a_bank_account(tmp_path: Path) -> None:
    """Red team 30: a Shopify transaction's `authorization` (the gateway's charge id) was replaced as an access
    token, in every copy; an HR system's `payroll: {account, ifsc}` account number was kept."""
    charge = "ch_3Pq8Zr2eZvKYlo2C0x1a9bTm"
    out = redacted_by_the_cli(tmp_path, {
        "transactions": [{"id": 5501, "kind": "sale", "gateway": "stripe", "amount": "129.00", "authorization": charge},
                         {"kind": "sale", "gateway": "stripe", "amount": "1.00",
                          "authorization": "sk_live_51Hq8Zr2eZvKYlo2C0x1a9bTmq8Zr2eZvKYlo"}],
        "headers": {"authorization": "Bearer q8Zr2LmX0pT7vN4kq8Zr2LmX0pT7vN4k", "amount": 1, "kind": "x"},
        "payroll": {"account": "50100252020762", "ifsc": "HDFC0001234"},
    }, b"sk_live_51Hq8", b"q8Zr2LmX0pT7vN4kq8Zr2LmX0pT7vN4k", b"50100252020762")
    assert out["transactions"][0]["authorization"] == charge
    assert out["transactions"][1]["authorization"].startswith("<API_KEY:")
    assert out["headers"]["authorization"].startswith("Bearer <ACCESS_TOKEN:")
    assert out["payroll"]["account"].startswith("<ID_NUMBER:") and out["payroll"]["ifsc"] == "HDFC0001234"


def test_immigration_numbers_and_share_codes_under_their_keys(tmp_path: Path) -> None:
    """Red team 30: an I-94 number and a USCIS receipt under their keys, and a right-to-rent share code as an XML
    element (`<ShareCode>`), were kept."""
    out = redacted_by_the_cli(tmp_path, {
        "client": {"i94": "71842096433", "uscis_receipt": "IOE0931847265", "student_id": "900417352"},
        "xml": "<RightToRentResult><ShareCode>RK73MP9QX</ShareCode></RightToRentResult>",
    }, b"71842096433", b"IOE0931847265", b"900417352", b"RK73MP9QX")
    assert all(value.startswith("<ID_NUMBER:") for value in out["client"].values())
    assert out["xml"].startswith("<RightToRentResult><ShareCode>&lt;ID_NUMBER:")  # (escaped in markup)


DUPLICATE_IN_ARGUMENTS = {"tool_calls": [{"function": {"name": "charge", "arguments": json.dumps(
    {"email": "zq.canary@northwind-mail.io", "card": "4111 1111 1111 1111"})[:-1]
    + ', "email": "n/a", "card": "n/a"}'}}]}


def test_json_in_a_string_that_repeats_a_key_is_read_as_text(tmp_path: Path) -> None:
    """Red team 32: tool arguments repeating a key (`{"email": <raw>, ..., "email": "n/a"}`) were parsed keeping
    the last value only; nothing was found in it, the string was written back as it was, raw first value and all,
    and sealed. The gate's walk dropped it the same way."""
    out = redacted_by_the_cli(tmp_path, DUPLICATE_IN_ARGUMENTS, b"zq.canary@northwind-mail.io", b"4111 1111 1111 1111")
    arguments = out["tool_calls"][0]["function"]["arguments"]
    assert arguments.startswith('{"email": "<EMAIL_ADDRESS:') and arguments.endswith(', "email": "n/a", "card": "n/a"}')
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    (fixtures / "run.json").write_text(json.dumps(DUPLICATE_IN_ARGUMENTS), encoding="utf-8")
    result = run_cli("check", "--working-tree", "--format", "json", "fixtures", cwd=tmp_path)
    (entry,) = json.loads(result.stdout)["results"]
    assert {item["entity_type"] for item in entry["findings"]} >= {"EMAIL_ADDRESS", "CREDIT_CARD"}


NUMBERS = {"result": {"card_number": 4111111111111111, "phone": 447700900123, "pin": 7391, "count": 4532015112830366,
                      "order_id": 4532015112830366, "max_tokens": 1234, "stream": True, "n": 5, "ratio": 0.5,
                      "home_latitude": 51.50722, "home_longitude": -0.12763, "lat": 48.8566, "amount": 51.5}}


def test_numbers_that_are_personal_data_become_their_tokens(tmp_path: Path) -> None:
    """Red team 32: JSON numbers were never read: `"card_number": 4111111111111111` stayed under a valid seal. A
    number under a personal-data or secret name becomes its token (a string: no number can say it was redacted);
    counts, flags, ratios, ids and a number under a neutral key stay numbers (`test_types_are_kept`)."""
    out = redacted_by_the_cli(tmp_path, {**NUMBERS, "note": "call 447700900123"}, b"4111111111111111",
                              b"447700900123", b"7391", b"51.50722", b"0.12763")
    result = out["result"]
    assert result["card_number"].startswith("<CREDIT_CARD:") and result["count"] == 4532015112830366
    assert result["phone"].startswith("<PHONE_NUMBER:") and out["note"] == f"call {result['phone']}"
    assert result["pin"].startswith("<CREDENTIAL:")
    # red team 52: a home's coordinate as a JSON float; a float under any other key (a place's `lat`, an amount)
    assert result["home_latitude"].startswith("<LOCATION:") and result["home_longitude"].startswith("<LOCATION:")
    assert (result["order_id"], result["max_tokens"], result["stream"], result["n"], result["ratio"], result["lat"],
            result["amount"]) == (4532015112830366, 1234, True, 5, 0.5, 48.8566, 51.5)
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    (fixtures / "run.json").write_text(json.dumps(NUMBERS), encoding="utf-8")
    checked = run_cli("check", "--working-tree", "--format", "json", "fixtures", cwd=tmp_path)
    (entry,) = json.loads(checked.stdout)["results"]
    assert {(item["entity_type"], item["path"]) for item in entry["findings"]} == {
        ("CREDIT_CARD", "$.result.card_number"), ("PHONE_NUMBER", "$.result.phone"), ("CREDENTIAL", "$.result.pin"),
        ("LOCATION", "$.result.home_latitude"), ("LOCATION", "$.result.home_longitude")}


def base64_variants() -> dict[str, Any]:
    import base64
    import gzip

    csv = "name,email,card\nMaria Lopez,zq.canary@northwind-mail.io,4111 1111 1111 1111\n"
    body = json.dumps({"email": "zq.canary@northwind-mail.io", "iban": "GB82WEST12345698765432"})
    return {"file": {"filename": "export.csv", "file_data": "data:text/csv;base64," + base64.b64encode(
                csv.encode()).decode()},
            "wrapped": base64.encodebytes((csv * 3).encode()).decode(),
            "gzipped": base64.b64encode(gzip.compress(body.encode())).decode(),
            "opaque": "3q2+7wAAAAEAAAACAAAAAwAAAAQAAAAF"}


def test_base64_in_a_data_url_wrapped_in_lines_or_gzipped_is_read(tmp_path: Path) -> None:
    """Red team 32: an OpenAI file input's `data:text/csv;base64,...`, MIME-wrapped base64 and a gzip body in
    base64 were sealed unread (and passed the gate). Each is redacted inside and written back the same way."""
    import base64
    import gzip

    raw = base64_variants()
    out = redacted_by_the_cli(tmp_path, raw, b"zq.canary", b"4111 1111")
    csv = base64.b64decode(out["file"]["file_data"].removeprefix("data:text/csv;base64,")).decode()
    assert csv.startswith("name,email,card\n<PERSON:") and "<EMAIL_ADDRESS:" in csv and "zq.canary" not in csv
    lines = out["wrapped"].split("\n")
    assert len(lines[0]) == 76 and out["wrapped"].endswith("\n") and "zq.canary" not in base64.b64decode(
        out["wrapped"]).decode()
    inner = json.loads(gzip.decompress(base64.b64decode(out["gzipped"])))
    assert inner["email"].startswith("<EMAIL_ADDRESS:") and inner["iban"].startswith("<IBAN_CODE:")
    assert out["opaque"] == raw["opaque"]  # random bytes: no text inside
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    (fixtures / "run.json").write_text(json.dumps(raw), encoding="utf-8")
    result = run_cli("check", "--working-tree", "--format", "json", "fixtures", cwd=tmp_path)
    (entry,) = json.loads(result.stdout)["results"]
    assert {item["path"] for item in entry["findings"]} == {"$.file.file_data#base64", "$.wrapped#base64",
                                                            "$.gzipped#base64#json.email", "$.gzipped#base64#json.iban"}


def test_the_gate_reads_name_value_pairs_as_the_engine_does(tmp_path: Path) -> None:
    """The residual scan walks a file only when its raw text shows a reason to: a secret-named member, and
    now a pair's secret name in any of its spellings (a k8s env entry's `name` was not one) or an SSM
    `SecureString`."""
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    (fixtures / "aws.json").write_text(json.dumps(AWS_PAIRS), encoding="utf-8")
    (fixtures / "crm.json").write_text(json.dumps(CUSTOM_FIELDS["fields"]), encoding="utf-8")
    (fixtures / "k8s.json").write_text(json.dumps({"env": [{"name": "DB_PASSWORD", "value": "s3cr3t-Pw-2026"}]}),
                                       encoding="utf-8")
    result = run_cli("check", "--working-tree", "--format", "json", "fixtures", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    aws, crm, k8s = json.loads(result.stdout)["results"]
    assert [(item["entity_type"], item["path"]) for item in crm["findings"]] == [("CREDENTIAL", "$[0].value")]
    found = {(finding["entity_type"], finding["path"]) for finding in aws["findings"]}
    assert {("ACCESS_TOKEN", "$.Tags[0].Value"), ("CREDENTIAL", "$.Parameter.Value"),
            ("PASSWORD", "$.StackParameters[0].ParameterValue")} <= found
    assert [(item["entity_type"], item["path"]) for item in k8s["findings"]] == [("PASSWORD", "$.env[0].value")]
    assert "q8Zr2LmX0pT7vN4k" not in result.stdout + result.stderr and "s3cr3t" not in result.stdout


def test_members_beside_their_own_email_or_phone_are_people(no_ner: Redactor) -> None:
    """Red team 10: LlamaIndex's `author` beside `author_email`, Slack's `real_name`, a tenant's `name`
    beside a list of `phones` were kept with NER off."""
    out = no_ner.redact({
        "tenant": {"name": "Jacqueline Nguyen", "phones": ["0412 345 678"]},
        "user_profile": {"real_name": "Noor Al-Hashimi", "display": "noor"},
        "metadata": {"author": "Kofi Boateng", "author_email": "kofi@x.org", "file_name": "a.pdf"},
    })
    assert out["tenant"]["name"].startswith("<PERSON:") and out["user_profile"]["real_name"].startswith("<PERSON:")
    assert out["metadata"]["author"].startswith("<PERSON:") and out["metadata"]["file_name"] == "a.pdf"


def test_ner_never_takes_the_next_line_or_cuts_a_known_name(default_redactor: Redactor) -> None:
    """Red team 9 and 10: NER ran past `\\r\\n` into the next header (`<PERSON:...>: open`) and past a
    signature's line into the job title; `Onboard Siddharth` (NER's) left `Raghunathan` beside a token
    although the contact record named `Siddharth Raghunathan`."""
    out = default_redactor.redact({
        "text": "Ticket opened by Anneke van der Berg\r\nXyZ-Status: open",
        "signature": "Dmitri Volkonsky\nHead of Procurement",
        "task": "Onboard Siddharth Raghunathan (sid.r@gmail.com) today.",
        "contact": {"name": "Siddharth Raghunathan", "email": "sid.r@gmail.com"},
    })
    assert out["text"].startswith("Ticket opened by <PERSON:") and out["text"].endswith(">\r\nXyZ-Status: open")
    assert out["signature"].endswith(">\nHead of Procurement")
    name = out["contact"]["name"]
    assert out["task"].startswith(f"Onboard {name} (<EMAIL_ADDRESS:")


@pytest.mark.parametrize("scheme", ["SSWS", "OAuth", "Api-Key", "DPoP"])
def test_an_authorization_schemes_credential_gets_the_token_it_gets_in_text(no_ner: Redactor, scheme: str) -> None:
    """Red team 9: `{"Authorization": "SSWS <key>"}` was replaced whole, scheme included, with another
    token than the same key in a curl line."""
    key = "00cWZam6YtD2H_UbT6CYWZKh1sSi-1zG4gFTs19TRp"
    out = no_ner.redact({"Authorization": f"{scheme} {key}", "cmd": f"curl -H 'Authorization: {scheme} {key}'"})
    assert out["Authorization"].startswith(f"{scheme} <") and key not in json.dumps(out)
    assert out["cmd"] == f"curl -H 'Authorization: {out['Authorization']}'"


def test_people_in_log_pairs_user_fields_and_double_barrelled_names(no_ner: Redactor) -> None:
    """Red team 11: `customer="Siobhan McAllister"` in a log line and Sentry's `"username": "Fernando
    Ibáñez Colmenero"` were kept with NER off; `Adaeze Nwosu`, known from a mailbox, left `-Whitfield`."""
    out = no_ner.redact({
        "log": 'level=info customer="Siobhan McAllister" email=s.mca@example.org msg="retry"',
        "user": {"username": "Fernando Ibáñez Colmenero", "id": "42"},
        "handles": {"username": "jdoe", "owner": "Platform Team", "author": "Release Bot"},
        "xml": "<name>Adaeze Nwosu-Whitfield</name><email>adaeze.nwosu@example.org</email>",
    })
    assert out["log"].startswith('level=info customer="<PERSON:') and out["log"].endswith('> msg="retry"')
    assert out["user"]["username"].startswith("<PERSON:")
    assert out["handles"] == {"username": "jdoe", "owner": "Platform Team", "author": "Release Bot"}
    assert re.fullmatch(r"<name>&lt;PERSON:[0-9a-f]{12}&gt;</name><email>&lt;EMAIL_ADDRESS:[0-9a-f]{12}&gt;</email>",
                        out["xml"])


def test_calendar_words_and_tool_output_are_no_names(default_redactor: Redactor) -> None:
    """Red team 11: NER took `Fri Jun` in a git log's date line and test-runner words for people."""
    text = "commit 7bd81c8\nDate:   Fri Jun 7 11:02:31 2024 +0200\n\nTests run: 42, Failures: 1\nLogin Succeeded"
    assert default_redactor.redact_text(text) == text


def test_the_documented_allow_list_keeps_fictional_test_data(tmp_path: Path) -> None:
    """docs/policy.md, "Test data in code": the allow patterns it shows keep RFC 2606 addresses and
    555-01xx numbers, and nothing else."""
    import yaml

    docs = Path(__file__).resolve().parent.parent / "docs" / "policy.md"
    block = docs.read_text(encoding="utf-8").split("### Test data in code")[1]
    allow = yaml.safe_load(block.split("```yaml\n")[1].split("```")[0])["allow"]
    policy = tmp_path / "coding.yaml"
    policy.write_text(yaml.safe_dump({"name": "coding", "extends": "default", "allow": allow}), encoding="utf-8")
    redactor = make_redactor(policy=policy, ner=False)
    text = 'assert parse("555-0100") == "+1 555-0199"; User(email="jane@example.com"); real: kofi@gmail.com'
    out = redactor.redact_text(text)
    assert out.startswith('assert parse("555-0100") == "+1 555-0199"; User(email="jane@example.com"); real: <EMAIL')


def test_a_vendor_key_under_a_structural_key_is_still_a_key(no_ner: Redactor) -> None:
    """Red team 11: terraform state keeps an access key's id as `"id": "AKIA..."`; a structural `id`
    protected it while the `secret` beside it was replaced. Ordinary ids stay as they are."""
    state = {"attributes": {"id": "AKIA7SPO2JT5Y4SBTXBA", "secret": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY9"},
             "id": UUID, "envelope_id": "call_abc123", "span_id": SHA1}
    out = no_ner.redact(state)
    assert "AKIA7SPO2JT5Y4SBTXBA" not in json.dumps(out) and out["attributes"]["id"].startswith("<")
    assert (out["id"], out["envelope_id"], out["span_id"]) == (UUID, "call_abc123", SHA1)


def test_a_voice_transcripts_spoken_numbers_and_addresses_are_replaced(no_ner: Redactor) -> None:
    """Round 8 left a voice agent's speech-to-text as it was: digits said as words and an address
    spelled aloud. The number's token is the same wherever the transcript repeats it."""
    said = "four one five, five five five, oh one three two"
    out = no_ner.redact({
        "asr.text": f"sure, my number is {said} and my email is priya dot raman at outlook dot com",
        "asr.alt": f"my number is {said}",
        "menu": "press one for sales, two for support",
    })
    phone = re.search(r"<PHONE_NUMBER:[0-9a-f]{12}>", out["asr.text"])
    assert phone is not None and out["asr.alt"] == f"my number is {phone.group(0)}"
    assert out["asr.text"].endswith("my email is <EMAIL_ADDRESS:" + out["asr.text"].split("<EMAIL_ADDRESS:")[1])
    assert "priya" not in out["asr.text"] and out["menu"] == "press one for sales, two for support"


def test_base64_encoded_text_is_redacted_inside_and_encoded_again(no_ner: Redactor) -> None:
    """Red teams 5, 10: a HAR request body (`"encoding": "base64"`), an API Gateway body
    (`isBase64Encoded`) and an OAuth `state` (base64url, unpadded) carried an email, a name and a phone
    in clear once decoded. Random ids, digests and keys decode to no text and stay as they are."""
    import base64

    body = json.dumps({"email": EMAIL, "return_to": "/payouts/po_1PqXy"})
    out = no_ner.redact({
        "postData": {"text": base64.b64encode(body.encode()).decode(), "encoding": "base64"},
        "state": base64.urlsafe_b64encode(f'{{"email": "{EMAIL}", "n": 1}}'.encode()).decode().rstrip("="),
        "body": base64.b64encode(f"Hi, call me at {PHONE}".encode()).decode(),
        "ids": [UUID, SHA256, "dGhpcyBpcyBqdXN0IGEgdGVzdCBzdHJpbmc=", OPENAI],
    })
    posted = json.loads(base64.b64decode(out["postData"]["text"]))
    assert posted["return_to"] == "/payouts/po_1PqXy" and posted["email"].startswith("<EMAIL_ADDRESS:")
    state = out["state"]
    assert "=" not in state and json.loads(base64.urlsafe_b64decode(state + "=" * (-len(state) % 4)))["n"] == 1
    assert base64.b64decode(out["body"]).decode().startswith("Hi, call me at <PHONE_NUMBER:")
    assert out["ids"][:3] == [UUID, SHA256, "dGhpcyBpcyBqdXN0IGEgdGVzdCBzdHJpbmc="]
    assert no_ner.redact(out) == out  # redacting again changes nothing


def test_healthcare_shapes_fhir_patients_and_hl7_messages(no_ner: Redactor) -> None:
    """FHIR's HumanName (`family`, `given`) and an HL7 v2 message's PID/NK1 fields are a patient's
    name, birth date, address, phone, SSN and MRN, found with NER off; a font's `family` is not."""
    patient = {"resourceType": "Patient", "id": "example",
               "name": [{"use": "official", "family": "Chalmers", "given": ["Peter", "James"]}],
               "birthDate": "1974-12-25", "font": {"family": "Helvetica", "size": 12}}
    message = ("MSH|^~\\&|EPIC|HOSP|LAB|HOSP|202406071102||ADT^A01|MSG00001|P|2.5\r"
               "PID|1||483920^^^MRN^MR||Doe^Jane^A||19800101|F|||12 Main St^^Springfield^IL^62701||"
               "(217)555-0123|||M||ACC123456|123-45-6789\rNK1|1|Doe^John|SPO\rPV1|1|I|4W^401^A")
    out = no_ner.redact({"fhir": patient, "hl7": message, "note": "Jane Doe admitted, MRN 483920"})
    name = out["fhir"]["name"][0]
    assert name["use"] == "official" and name["family"].startswith("<PERSON:")
    assert all(given.startswith("<PERSON:") for given in name["given"]) and out["fhir"]["id"] == "example"
    assert out["fhir"]["font"] == {"family": "Helvetica", "size": 12}
    segments = out["hl7"].split("\r")
    assert segments[0] == message.split("\r", maxsplit=1)[0] and segments[3] == "PV1|1|I|4W^401^A"
    for raw in ("483920", "Doe^Jane^A", "19800101", "12 Main St", "(217)555-0123", "123-45-6789", "Doe^John"):
        assert raw not in out["hl7"]
    assert segments[1].startswith("PID|1||<ID_NUMBER:") and "|F|||<STREET_ADDRESS:" in segments[1]
    mrn = re.search(r"<ID_NUMBER:[0-9a-f]{12}>", segments[1])
    assert mrn is not None and out["note"].startswith("<PERSON:") and out["note"].endswith(f"MRN {mrn.group(0)}")


def test_round_12_holders_identity_records_clinicians_and_institutions(no_ner: Redactor) -> None:
    """Red team 12 (banking, healthcare, HR, tax forms): a card's or an account's holder, ISO 20022's
    `Nm`, a record's `name` beside a `steuer_id`, a FHIR contact's `name.text`, an HL7 order's
    clinician (`1598765432^RAGHAVENDRAN^PRIYANKA`, and `Priyanka Raghavendran` in a note) were kept with NER
    off; an EIN became a phone number. A company under a holder key and a checklist's name stay."""
    out = no_ner.redact({
        "payment": {"cardholder": "Margarethe Vollendorf", "beneficiary": "Acme Trading Ltd",
                    "Nm": "Oluwaseun Adebayo"},
        "tax": {"country": "DE", "steuer_id": "47 036 892 815", "name": "Friederike Ostermann"},
        "checklist": {"name": "Release checklist", "iban": "DE89370400440532013000"},
        "fhir": {"contact": [{"name": {"text": "Henrietta Achterberg"}}], "code": {"text": "Blood pressure"}},
        "hl7": "MSH|^~\\&|LAB\rORC|RE||||||||||1598765432^RAGHAVENDRAN^PRIYANKA\rOBR|1",
        "note": "Priyanka Raghavendran ordered it; W-9: Acme Corp (EIN) 12-3456789",
    })
    assert out["payment"]["cardholder"].startswith("<PERSON:") and out["payment"]["Nm"].startswith("<PERSON:")
    assert out["payment"]["beneficiary"] == "Acme Trading Ltd"
    assert out["tax"]["steuer_id"].startswith("<ID_NUMBER:") and out["tax"]["name"].startswith("<PERSON:")
    assert out["checklist"]["name"] == "Release checklist"
    assert out["fhir"]["contact"][0]["name"]["text"].startswith("<PERSON:")
    assert out["fhir"]["code"] == {"text": "Blood pressure"}
    assert out["hl7"] == "MSH|^~\\&|LAB\rORC|RE||||||||||" + out["hl7"].split("||||||||||")[1]
    assert "RAGHAVENDRAN" not in out["hl7"] and out["note"].startswith("<PERSON:")
    assert out["note"].endswith("W-9: Acme Corp (EIN) 12-3456789")


def test_institutions_are_no_people_or_places(default_redactor: Redactor) -> None:
    """Red team 12: NER took `REWE Markt GmbH` for a place and `Finanzamt München` for a person."""
    text = "Paid at REWE Markt GmbH by card. Office: Finanzamt München, Room 4."
    assert default_redactor.redact_text(text) == text


def test_a_passports_machine_readable_zone_is_its_holders(no_ner: Redactor) -> None:
    """Red team 12: an MRZ kept the name, passport number and birth date (`passport 533192701` in prose
    was caught). ICAO 9303's specimen: the check digits make it an MRZ; the name in prose gets its token."""
    mrz = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10"
    out = no_ner.redact({"mrz": mrz, "note": "Anna Maria Eriksson boards at 10:05",
                         "not_mrz": "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C46UTO7408122F1204159"})
    for raw in ("ERIKSSON<<ANNA<MARIA", "L898902C3", "740812"):
        assert raw not in out["mrz"]
    assert out["mrz"].startswith("P<<PERSON:") and out["note"].startswith("<PERSON:")
    assert out["not_mrz"].endswith("L898902C46UTO7408122F1204159")  # a wrong check digit: no MRZ


def test_a_swift_payments_parties_are_replaced(no_ner: Redactor) -> None:
    """Red team 12: an MT103's `:59:` beneficiary (account, name in capitals, address lines) was kept;
    the name in a note gets the same token as its capitals in the message."""
    mt103 = (":20:REF123\n:32A:240607EUR1250,00\n:50K:/DE89370400440532013000\nMARGARETHE VOLLENDORF\n"
             "HAUPTSTRASSE 5\n:59:/GB29NWBK60161331926819\nOLUWASEUN ADEBAYO-CLARKE\nFLAT 3 27 PECKHAM RYE\n"
             "LONDON SE15 4JR\n:71A:SHA")
    out = no_ner.redact({"mt103": mt103, "note": "paid Oluwaseun Adebayo-Clarke"})
    lines = out["mt103"].split("\n")
    assert lines[:2] == [":20:REF123", ":32A:240607EUR1250,00"] and lines[-1] == ":71A:SHA"
    assert lines[5].startswith(":59:/<IBAN_CODE:") and lines[6] == out["note"].removeprefix("paid ")
    for raw in ("VOLLENDORF", "HAUPTSTRASSE", "ADEBAYO", "PECKHAM", "SE15"):
        assert raw not in out["mt103"]


def test_an_x12_transactions_person_segments_are_replaced(no_ner: Redactor) -> None:
    """Red team 23 left an X12 271's subscriber (`NM1*IL*1*IBANEZ SOTO*FERNANDO****MI*...`) and birth date
    with NER off. A person's NM1 name and member id, and the N3/N4/DMG/REF after it, are replaced; the
    payer's NM1 (an organisation, NM102 = 2), the envelope and the benefit segments stay."""
    x12 = ("ISA*00*          *00*          *ZZ*SUBMITTER      *ZZ*PAYER          *250101*1200*^*00501*000000001*0*"
           "P*:~GS*HB*X*Y*20250101*1200*1*X*005010X279A1~ST*271*0001~NM1*PR*2*BLUE CROSS PPO*****PI*BCBS01~"
           "NM1*IL*1*HARTLEY*ELEANOR*M***MI*W123456789~N3*12 BIRCH LANE~N4*PORTLAND*OR*97201~"
           "DMG*D8*19810312*F~REF*SY*123456789~EB*1*IND*30~SE*10*0001~")
    lines = "NM1*IL*1*IBANEZ SOTO*FERNANDO****MI*XJH4471209~\nDMG*D8*19780309*M~\nEB*1*IND*30*PR*BLUE CROSS PPO~"
    out = no_ner.redact({"x12": x12, "lines": lines, "note": "Eleanor Hartley, member W123456789, called",
                         "visa": "Paid with VISA ending 4242.\nNM1*QC*1*OKAFOR*CHIDI****MI*ZK55120934~"})
    assert "OKAFOR" not in out["visa"] and "ZK55120934" not in out["visa"]  # (`VISA` holds no ISA header)
    for raw in ("HARTLEY", "ELEANOR", "W123456789", "BIRCH", "97201", "19810312", "123456789"):
        assert raw not in out["x12"], raw
    segments = out["x12"].split("~")
    assert segments[:4] == x12.split("~")[:4] and segments[-3:] == ["EB*1*IND*30", "SE*10*0001", ""]
    assert segments[4].startswith("NM1*IL*1*<PERSON:") and "*M***MI*<ID_NUMBER:" in segments[4]
    assert segments[7] == f"DMG*D8*{segments[7].split('*')[2]}*F" and segments[8].startswith("REF*SY*<US_SSN:")
    for raw in ("IBANEZ SOTO", "FERNANDO", "XJH4471209", "19780309"):
        assert raw not in out["lines"], raw
    assert out["lines"].endswith("EB*1*IND*30*PR*BLUE CROSS PPO~")
    assert "Eleanor" not in out["note"] and "W123456789" not in out["note"] and out["note"].endswith(", called")


# ----- rounds 16 and 17: mainstream agent traces, and values carried in many encodings -----


def test_one_token_for_the_ways_one_value_is_written(no_ner: Redactor) -> None:
    """Red team 17: a CSV's `Bergström, Astrid` (QUOTE_ALL header) was kept beside the token of the
    mailbox's `Astrid`; a mailbox URL-encoded in a path or with an HTML `&#64;` got a second token or none."""
    out = no_ner.redact({
        "stdout": ('"customer_id","full_name","email"\n'
                   '"C-2202","Bergström, Astrid","astrid.bergstrom@bredband.example"\n'),
        "answer": "Astrid Bergström asked again.",
        "user": {"email": "ravi.iyer@contoso-finance.example"},
        "request": "GET /api/v1/users/ravi.iyer%40contoso-finance.example/factors",
        "cc": "ravi.iyer&#64;contoso-finance.example",
    })
    row = out["stdout"].splitlines()[1]
    assert "Bergstr" not in json.dumps(out, ensure_ascii=False) and "Astrid" not in row
    person = out["answer"].removesuffix(" asked again.")
    assert row.startswith(f'"C-2202","{person}"')  # family name first, the same person's token
    email = out["user"]["email"]
    assert out["request"] == f"GET /api/v1/users/{email}/factors" and out["cc"] == email


def test_a_known_persons_capitals_keep_the_person_type_under_ner(default_redactor: Redactor) -> None:
    """Red team 17: NER read a shipping label's `PRISCILLA VANTERPOOL` as a place: the capitals of a
    contact record's name got a LOCATION token."""
    out = default_redactor.redact({"customer": {"name": "Priscilla Vanterpool", "email": "pv@kestrel.example"},
                                   "label": "SHIP TO:\nPRISCILLA VANTERPOOL\n4417 N DAMEN AVE\n"})
    assert out["label"].startswith(f"SHIP TO:\n{out['customer']['name']}\n")


def test_phone_numbers_written_two_ways_and_dates_in_logs(no_ner: Redactor) -> None:
    """Red team 17: `A / B` pairs of one person's numbers were one run too long for a phone (kept) or cut
    at 24 characters; a national number possible in the US but valid in France scored as merely
    possible. Red team 16: a firewall log's `2025/03/14 09` became a phone number."""
    text = ("Tel: +33 6 12 55 56 78 / 06 12 55 56 78. Mobile +49 30 5551 2345 / 030 5551 2345; "
            "AU +61 412 555 019 / 0412 555 019; Büro 0221 / 1234567")
    out = no_ner.redact_text(text)
    assert not re.search(r"\d", re.sub(r"<PHONE_NUMBER:[0-9a-f]+>", "", out)), out
    assert out.count(" / ") == 3 and out.count("<PHONE_NUMBER:") == 7  # (`0221 / 1234567` is one number)
    log = "1,2025/03/14 09:12:44,013201009999,GLOBALPROTECT,0,2049,2025/03/14 09:12:44,vsys1"
    assert no_ner.redact_text(log) == log


def test_contact_addresses_documents_and_enums_in_records(no_ner: Redactor) -> None:
    """Red team 16: a CRM contact's bare `address`, a Duffel passenger's `unique_identifier`, a FHIR
    identifier whose system names a Medicare number and an `ssn_digits` key were kept; a bank
    account's `account_type: Checking` became an ID number."""
    out = no_ner.redact({
        "properties": {"email": "tom@reyes.example", "address": "4th Floor, 22 Bishopsgate, London EC2N 4BQ"},
        "server": {"address": "10.0.4.17:5432", "email": "ops@example.io"},
        "wallet": {"address": "0x52908400098527886E0F7030069857D2E4169EE7", "email": "ops@example.io"},
        "identity_documents": [{"type": "passport", "unique_identifier": "18AB23456"}],
        "identifier": [{"system": "http://ns.electronichealth.net.au/id/medicare-number", "value": "29501234561"},
                       {"system": "urn:ietf:rfc:3986", "value": "urn:uuid:6c2c7a0e-3b5e-4a51-9d0a-2f1f5a9e1c11"}],
        "ssn_digits": "512449081",
        "bank_account": {"account_type": "Checking", "account_number": "000123456789"},
    })
    assert out["properties"]["address"].startswith("<STREET_ADDRESS:")
    assert out["server"]["address"] == "10.0.4.17:5432" or "<IP_ADDRESS:" in out["server"]["address"]
    assert out["wallet"]["address"] == "0x52908400098527886E0F7030069857D2E4169EE7"
    assert out["identity_documents"][0]["unique_identifier"].startswith("<ID_NUMBER:")
    assert out["identifier"][0]["value"].startswith("<ID_NUMBER:")
    assert out["identifier"][1]["value"] == "urn:uuid:6c2c7a0e-3b5e-4a51-9d0a-2f1f5a9e1c11"
    assert out["ssn_digits"].startswith("<US_SSN:")
    assert out["bank_account"]["account_type"] == "Checking"
    assert out["bank_account"]["account_number"].startswith("<ID_NUMBER:")


@pytest.mark.parametrize(("text", "kept"), [
    # a birth date is no house number of the street after it
    ("I was born 14/02/1988, Via Giuseppe Garibaldi 27, 20121 Milano.", "I was born <DATE_OF_BIRTH"),
    # a town ends at the sentence's full stop
    ("billing address 12 rue des Lilas, 75011 Paris. Reach me on Monday", ". Reach me on Monday"),
    # on the next line of a label or a YAML block, alone on it
    ("supply_address: |\n  Flat 3, 27 Cranbrook Road\n  Ilford IG1 4PU\nplan: basic", "\nplan: basic"),
    # a network at a sentence's end; a mail server's time-stamped id
    ("allow traffic from 10.20.0.0/16.", "allow traffic from 10.20.0.0/16."),
    ("Message id <20250314160355.1a2b3c@mail.brightcart.example>", "<20250314160355.1a2b3c@mail.brightcart.example>"),
])
def test_addresses_dates_networks_and_mail_ids_in_text(no_ner: Redactor, text: str, kept: str) -> None:
    out = no_ner.redact_text(text)
    assert kept in out
    for raw in ("1988", "Garibaldi", "Lilas", "Paris", "Ilford", "IG1", "Cranbrook"):
        assert raw not in out or raw in kept


def test_html_character_references_and_keys_written_two_ways(no_ner: Redactor, tmp_path: Path) -> None:
    """Red team 17: `hollis.b&#x40;quarry-lane.example` (an HTML page a tool fetched) was kept. A dict keyed
    by one mailbox in two cases keeps two keys; keys that would merge into one refuse the trace (exit 2,
    nothing written) rather than lose a member."""
    html = "<p>Mail hollis.b&#x40;quarry-lane.example or hollis.b&commat;quarry-lane.example</p>"
    out = no_ner.redact({"html": html, "to": "hollis.b@quarry-lane.example",
                         "dupes": {"Ngozi.Adeyemi@Lagos-Fintech.example": 1, "ngozi.adeyemi@lagos-fintech.example": 2}})
    in_markup = out["to"].replace("<", "&lt;").replace(">", "&gt;")
    assert out["html"] == f"<p>Mail {in_markup} or {in_markup}</p>"
    assert len(out["dupes"]) == 2 and all(key.startswith("<EMAIL_ADDRESS:") for key in out["dupes"])
    source = tmp_path / "scores.json"
    source.write_text(json.dumps({"full_name": "Jane Doe", "scores": {"Jane Doe": 1, "JANE DOE": 2}}), encoding="utf-8")
    result = run_cli("redact", str(source), "-o", str(tmp_path / "out"))
    assert result.returncode == 2 and "two dict keys" in result.stderr and "Jane" not in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_tool_schema_descriptions_get_patterns_but_no_ner_guesses(default_redactor: Redactor) -> None:
    """Red team 16: NER read `in Gusto` in a tool schema's description as a place: the schema, which a
    replay compares, changed. Patterns still apply there (an example address is replaced)."""
    description = "Runs payroll in Gusto for Berlin staff; contact ops@acme-payroll.example"
    out = default_redactor.redact({"tools": [{"type": "function", "function": {
        "name": "run_payroll", "description": description,
        "parameters": {"type": "object", "properties": {"employee": {"type": "string",
                                                                      "description": "Full name as in Gusto"}}}}}]})
    function = out["tools"][0]["function"]
    assert function["description"].startswith("Runs payroll in Gusto for Berlin staff; contact <EMAIL_ADDRESS:")
    assert function["parameters"]["properties"]["employee"]["description"] == "Full name as in Gusto"


@pytest.mark.parametrize("text", [
    "INV/2025/0042 (alt. INV-2025-00042)", "UPS 1Z 999 AA1 01 2345 678 4 out for delivery", "ref 0-306-40615-2",
    "ISSN 0028-0836, doi 10.1038/s41586-024-07421-0", "qty 1 234 567 units", "container TGHU 875123 4 at berth",
    "zigbee 00:17:88:01:0b:2c:4d:5e-0b paired", "memberOf: CN=VPN-Users,OU=Groups,DC=corp,DC=contoso,DC=com",
    "Dr. Oetker pudding and Dr Pepper Zero", 'client = Client(api_key="<your-api-key>", token="<token>")',
    "export OPENAI_API_KEY=sk-...`; then run", "1,2025/03/14 09:12:44,013201009999,GLOBALPROTECT,0,2049",
])
def test_codes_counts_brands_and_placeholders_are_no_pii(no_ner: Redactor, text: str) -> None:
    """Red team 19 (over-redaction): an invoice number's digits after `INV/`, tracking, container, ISSN,
    DOI and hyphenated ISBN-10 numbers and a count with spaces became phone numbers; an EUI-64 address an
    IPv6 address; `OU=Groups` a place (NER); `Dr. Oetker` a person; placeholders secrets."""
    assert no_ner.redact_text(text) == text


def test_a_gs1_element_string_is_no_card(no_ner: Redactor) -> None:
    """Red team 38: a pallet's SSCC after its application identifier (`(00)` and 18 digits) passed Luhn and became a
    card; a GTIN after `(01)` is the same kind of code."""
    text = "wave 7 LPN00004471928371 SSCC (00)340123450000000017 GTIN (01)00012345678905 on dock 14"
    assert no_ner.redact_text(text) == text
    assert no_ner.redact_text("card (4111111111111111) ok").startswith("card (<CREDIT_CARD:")


def test_red_team_38_keys_and_records(no_ner: Redactor) -> None:
    """Red team 38: a licence under its holder's singular (`driver_license`), a Medicare Beneficiary Identifier
    (`mbi`), who signed for a parcel (`signed_by`), a custom field named by the field object beside its value
    (Clio's `{"field": {"name": "Driver License"}, "value": ...}`), and a passenger's name written the way
    reservation systems write it (`FERREIRA/ANA LUIZA MRS`) were kept."""
    record = {"driver_license": "S44182736", "mbi": "1EG4-TE5-MK72",
              "shipments": [{"tracking": "1Z999AA10123456784", "status": "DELIVERED", "signed_by": "N.EZEWHITAKER"}],
              "custom_field_values": [{"field": {"id": 4471, "name": "Driver License"}, "value": "D4471-8821"},
                                      {"field": {"id": 4472, "name": "Matter Stage"}, "value": "Intake 2025-07"}],
              "passengers": [{"name": "FERREIRA/ANA LUIZA MRS", "passport_number": "FX882917", "nationality": "BRA"}]}
    out = no_ner.redact(record)
    assert out["driver_license"].startswith("<ID_NUMBER:") and out["mbi"].startswith("<ID_NUMBER:")
    assert out["shipments"][0]["signed_by"].startswith("<PERSON:")
    assert out["shipments"][0]["tracking"] == "1Z999AA10123456784"
    assert out["custom_field_values"][0]["value"].startswith("<ID_NUMBER:")
    assert out["custom_field_values"][1] == record["custom_field_values"][1]
    assert out["passengers"][0]["name"].startswith("<PERSON:") and out["passengers"][0]["nationality"] == "BRA"
    # (acronyms with a slash stay, under a name key too)
    assert no_ner.redact({"tags": [{"name": "CI/CD", "owner": "platform"}]}) == {"tags": [{"name": "CI/CD",
                                                                                          "owner": "platform"}]}


def test_a_barcode_is_no_card_and_masks_are_no_passwords(no_ner: Redactor) -> None:
    """Red team 19: EAN-13 barcodes with German GS1 prefixes (`4000026015657`) pass Luhn and start like an
    old Visa; a `********` under a password key is a mask. A 13-digit Visa that is no EAN is still a card."""
    record = {"gtin": "4000026015657", "items": "EAN 4007357507806", "temporary_password": "********",
              "token": "${API_TOKEN}"}
    assert no_ner.redact(record) == record
    assert no_ner.redact_text("card 4222222222222").startswith("card <CREDIT_CARD:")


def test_round_18_people_fields_accents_and_form_attributes(default_redactor: Redactor, no_ner: Redactor) -> None:
    """Red team 18: a technician's or a negotiator's `name`, a browser agent's form field `{"name": "ssn",
    "value": ...}` with its other attributes, and a name written without its accents (`Zielinski, Piotr`,
    a transcript's `mateo fernandez`) were kept; NER's guess that `Mateo` was a place typed its mentions."""
    record = {"technician": {"name": "Darnell Washington", "eta_window": "8-10 AM"},
              "field": {"type": "text", "name": "ssn", "id": "ssn", "value": "420815042"},
              "typed": {"input_text": {"index": 16, "text": "420815042"}},
              "customer": {"name": "Mateo Fernández", "email": "mf@example-mail.es"},
              "insured": "Fernandez, Mateo", "asr": "yeah it's mateo fernandez", "answer": "You're all set, Mateo."}
    for redactor in (no_ner, default_redactor):
        out = redactor.redact(record)
        assert out["technician"]["name"].startswith("<PERSON:") and out["technician"]["eta_window"] == "8-10 AM"
        assert out["field"]["value"].startswith("<US_SSN:")
        assert out["typed"]["input_text"]["text"] == out["field"]["value"]
        assert out["insured"] == out["customer"]["name"]  # one person, written family name first and unaccented
        written = json.dumps(out).lower()
        assert "mateo" not in written and "fern" not in written
        assert out["answer"].startswith("You're all set, <PERSON:")


@pytest.mark.parametrize("text", [
    "text her on 915-555-0127 when it's on the way.",
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/payments/db-Xk3P9q",
    "20250312T101502123456Z563bc7e0-1738-4939-82ac-1f2e3d4c5b6a",
    "ALB 45.155.205.233:40112 - -1 -1 -1 460 - 0 0", "Northbeam AS, org. no. 987 654 321",
])
def test_round_18_phone_tails_arns_glued_uuids_ports_and_company_numbers(no_ner: Redactor, text: str) -> None:
    """Red team 18: a phone number's last digits read as a house number (`0127 when it's on the way`), a
    secret's name in its ARN as a credential, a UUID glued to a time stamp's `Z`, a port and log fields,
    and a company number as phone numbers."""
    out = no_ner.redact_text(text)
    protected = {"915-555-0127": "<PHONE_NUMBER:", "45.155.205.233": "<IP_ADDRESS:"}
    for value, token in protected.items():
        text = text.replace(value, token) if value in text else text
        out = re.sub(r"<(PHONE_NUMBER|IP_ADDRESS):[0-9a-f]+>", lambda m: f"<{m.group(1)}:", out)
    assert out == text


def test_psql_and_markdown_tables_carry_their_column_names(no_ner: Redactor) -> None:
    """Red team 18: names in a psql result and a markdown table were kept with NER off: the rule under the
    header (`----+----`, `|---|---|`) and the outer pipes hid the columns."""
    psql = (" id  |     full_name     |            email\n-----+-------------------+-----------------------\n"
            " 102 | Lars-Erik Nyström | le.nystrom@telia.example\n(1 row)\n")
    markdown = "| Name | Role | Email |\n|---|---|---|\n| Dolores Whitfield | CFO | dw@acme.example |\n"
    out = no_ner.redact({"psql": psql, "md": markdown, "later": "Lars-Erik Nyström and Dolores Whitfield agreed."})
    assert "Nyström" not in json.dumps(out, ensure_ascii=False) and "Whitfield" not in json.dumps(out)
    assert out["psql"].splitlines()[:2] == psql.splitlines()[:2] and out["psql"].endswith("\n(1 row)\n")
    assert out["md"].startswith("| Name | Role | Email |\n|---|---|---|\n| <PERSON:") and "| CFO |" in out["md"]


def test_values_grouped_with_non_breaking_spaces_and_hyphens(no_ner: Redactor) -> None:
    """Red team 17: a phone grouped with U+202F, a card with U+2007, an IBAN with U+00A0 and an SSN with
    U+2011 (as word processors write them) were kept."""
    text = ("phone +33\u202f6\u202f12\u202f55\u202f56\u202f78, card 4024\u20070071\u20075336\u20070085, "
            "IBAN DE89\u00a03704\u00a00044\u00a00532\u00a00130\u00a000, SSN 287\u201165\u20114310.")
    out = no_ner.redact_text(text)
    assert re.fullmatch(r"phone <PHONE_NUMBER:\w+>, card <CREDIT_CARD:\w+>, IBAN <IBAN_CODE:\w+>, SSN <US_SSN:\w+>\.",
                        out), out


def test_zero_width_characters_inside_a_value(no_ner: Redactor) -> None:
    """Red team 17: a zero-width space before an address's `@`, a soft hyphen in its local part and one inside
    a Stripe key left the values readable and unreplaced."""
    text = ("mail hollis.b\u200b@quarry-lane.example or t\u00ad.okonjo@example-mail.example, "
            "key sk_live_51H8x\u200bQ2eZvKYlo2C0aBcDeFgHiJkLmNoPqRsTuVwXyZ012345 ok")
    out = no_ner.redact_text(text)
    assert re.fullmatch(r"mail <EMAIL_ADDRESS:\w+> or <EMAIL_ADDRESS:\w+>, key <API_KEY:\w+> ok", out), out


def test_an_alerting_integration_key_and_card_brands(default_redactor: Redactor) -> None:
    """Red teams 16 and 18: PagerDuty's Events v2 body kept its `routing_key` (a message broker's
    `routing_key` is a queue's name and stays); NER read `Mastercard` in `Mastercard ending 8470` as a place."""
    out = default_redactor.redact({
        "body": {"routing_key": "R06wh9tq8aq3ghm4gngnrc9sp9ri7dw7", "event_action": "trigger",
                 "payload": {"summary": "db down", "severity": "critical"}},
        "amqp": {"routing_key": "orders.created", "exchange": "events"},
        "msg": "Paid with Mastercard ending 8470, thanks."})
    assert out["body"]["routing_key"].startswith("<API_KEY:") and out["body"]["event_action"] == "trigger"
    assert out["amqp"]["routing_key"] == "orders.created"
    assert out["msg"] == "Paid with Mastercard ending 8470, thanks."


# ----- round 22: replay fidelity ------------------------------------------------------------------------


def test_ids_that_read_as_phone_or_card_numbers_stay(no_ner: Redactor) -> None:
    """Red team 22: a GitHub run id and a Zendesk ticket id (10 digits) became phone numbers, in the
    API URL too; an Amazon order number half a card; an ETag, an ISBN-13 phone numbers."""
    record = {"type": "tool.succeeded", "github_run_id": "9527385412", "zendeskTicketId": "4123456789",
              "amazon_order": "112-4567890-1234567", "etag": 'W/"0815-4711"', "isbn": "978-0-306-40615-7",
              "url": "https://api.github.com/repos/acme/agent/actions/runs/9527385412/jobs",
              "note": "order 112-4567890-1234567, ISBN 978-0-306-40615-7, run 9527385412"}
    assert no_ner.redact(record) == record


def test_an_identifier_key_keeps_no_personal_data_out_of_reach(no_ner: Redactor) -> None:
    """Ids that are personal data or phone numbers by design are still replaced; a value the trace
    names elsewhere is replaced inside an id too."""
    out = no_ner.redact({"wa_id": "14155550133", "tax_id": "912-71-2345", "conversation_id": "jane.roe@x.io",
                         "request_id": "req-jane.roe@x.io", "contact": "jane.roe@x.io",
                         "AWS_ACCESS_KEY_ID": "AKIA4QF7ZJ2XNV3LB6KD", "id": "AKIA4QF7ZJ2XNV3LB6KE"})
    assert out["wa_id"].startswith("<PHONE_NUMBER:") and out["tax_id"].startswith("<")
    assert out["AWS_ACCESS_KEY_ID"].startswith("<") and out["id"].startswith("<")
    assert out["conversation_id"] == out["contact"] and out["contact"].startswith("<EMAIL_ADDRESS:")
    assert out["request_id"] == "req-" + out["contact"]


# ----- round 20: framework-native traces ----------------------------------------------------------------


def test_group_chat_agents_named_by_their_job_stay(no_ner: Redactor) -> None:
    """Red team 20: AG2's group chat speakers (`Planner`, `Engineer`) became people; a user named in a
    message's `name` is still one."""
    history = [{"content": "Plan: check the deploy.", "role": "user", "name": name}
               for name in ("Admin", "Planner", "Engineer", "Executor", "user_proxy", "Code Reviewer")]
    out = no_ner.redact({"chat_history": [*history, {"role": "user", "name": "oliver_bennett", "content": "hi"}]})
    assert [m["name"] for m in out["chat_history"][:-1]] == [m["name"] for m in history]
    assert out["chat_history"][-1]["name"].startswith("<PERSON:")


def test_a_bare_name_label_at_a_line_start_names_a_person(no_ner: Redactor) -> None:
    """Red team 20: a Letta memory block's `Name: Rosalind Achterberg` line was kept (`Customer name:` was
    not); YAML's lower-case `- name: Checkout Code` stays."""
    out = no_ner.redact({"value": "Name: Rosalind Achterberg\nBirthday: 1992-05-17",
                         "ci": "steps:\n- name: Checkout Code\n  uses: actions/checkout@v4"})
    assert out["value"].startswith("Name: <PERSON:") and "Achterberg" not in out["value"]
    assert out["ci"] == "steps:\n- name: Checkout Code\n  uses: actions/checkout@v4"


def test_references_and_public_fields_of_credentials_stay(no_ner: Redactor) -> None:
    """Red team 20: Haystack's serialised secret (an environment variable's name) and a Google service
    account's project, address and endpoints were replaced as credentials."""
    record = {"api_key": {"type": "env_var", "env_vars": ["OPENAI_API_KEY"], "strict": True},
              "credentials": {"type": "service_account", "project_id": "clinic-ai-prod",
                              "private_key_id": "014b461f839d14c6bdf6bea03d84a79357bba68a",
                              "private_key": "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----\n",
                              "client_email": "caller@clinic-ai-prod.iam.gserviceaccount.com",
                              "token_uri": "https://oauth2.googleapis.com/token"}}
    out = no_ner.redact(record)
    assert out["api_key"] == record["api_key"]
    kept = ("type", "project_id", "client_email", "token_uri")
    assert {k: out["credentials"][k] for k in kept} == {k: record["credentials"][k] for k in kept}
    assert out["credentials"]["private_key"].startswith("<") and out["credentials"]["private_key_id"].startswith("<")


def test_a_key_given_as_the_basic_user_is_replaced(no_ner: Redactor) -> None:
    """Red team 20: BambooHR's documented `https://<key>:x@api.bamboohr.com/...` kept the key (only the
    dummy password was replaced)."""
    key = "a751432a0dc004bcd70bdba41d23af0f1d7f8479"
    out = no_ner.redact({"url": f"https://{key}:x@api.bamboohr.com/api/gateway.php/acme/v1/employees",
                         "cmd": f"curl -u {key}:x https://api.bamboohr.com/api/gateway.php/acme/v1/meta/fields"})
    assert key not in json.dumps(out) and out["url"].startswith("https://<API_KEY:")
    assert out["cmd"].startswith("curl -u <API_KEY:")
    assert out["url"].endswith("@api.bamboohr.com/api/gateway.php/acme/v1/employees")


def test_a_case_number_is_no_phone_number(no_ner: Redactor) -> None:
    """Red team 20: `2025-031` (a case) became a phone number, and its token spread into file paths."""
    record = {"text": "Investigation notes 2025-031.", "file_path": "/data/hr/cases/2025-031-notes.docx"}
    assert no_ner.redact(record) == record
    assert no_ner.redact({"t": "call 555-0123 today"})["t"].startswith("call <PHONE_NUMBER:")


def test_travel_school_and_pharmacy_numbers_by_key(no_ner: Redactor) -> None:
    out = no_ner.redact({"frequent_flyer": "BA12345678", "student_id": "S-2024-00917", "rx_number": "RX7781234",
                         "member_id": "XGH884120573", "ktn": "98412733", "cdl": "W426-5847-1933", "pin": "4421",
                         "docs": {"type": "P", "number": "TZ4418263", "expiry": "2031-04-22"}})
    assert all(out[k].startswith("<ID_NUMBER:") for k in ("frequent_flyer", "student_id", "rx_number", "member_id",
                                                           "ktn", "cdl"))
    assert out["pin"].startswith("<") and out["docs"]["number"].startswith("<ID_NUMBER:")
    assert out["docs"]["expiry"] == "2031-04-22"  # (red team 23: an airline booking's travel document)


# ----- round 23: mainstream traces, third set -----------------------------------------------------------


def test_round_23_values_in_prose_urls_and_forms(no_ner: Redactor) -> None:
    out = no_ner.redact({
        "completion": "Property manager Lauren Kowalczyk (312.555.0110) is cc'd on WO-2025-08812.",
        "people": [{"name": "Siobhan Gallagher", "email": "siobhan.gallagher@brennanfg.com",
                    "linkedin_url": "http://www.linkedin.com/in/siobhan-gallagher"}],
        "note": "a lady at the bus stop, Marguerite DeLaney, gave me her card; Sean O'Connell too",
        "address": "previous address Götgatan 22, 118 26 Stockholm until 2023",
        "body": "CallSid=CA0456&CallerName=ALVARADO+JORGE&FromCity=CHICAGO",
    })
    text = json.dumps(out, ensure_ascii=False)
    for raw in ("312.555.0110", "siobhan-gallagher", "DeLaney", "Marguerite", "O'Connell", "118 26 Stockholm",
                "ALVARADO"):
        assert raw not in text, raw
    assert "WO-2025-08812" in text and out["people"][0]["linkedin_url"].startswith("http://www.linkedin.com/in/<PERSON:")


def test_round_23_counts_and_display_names_stay(no_ner: Redactor) -> None:
    record = {"a": "a 150-1000 employees company, SLA 200-500 ms",
              "b": "From: Best Buy Fraud Ops <fraud-alerts@bestbuy-mail.example>\n\nWe saw card-absent fraud."}
    out = no_ner.redact(record)
    assert out["a"] == record["a"] and "card-absent fraud" in out["b"]


# ----- round 24: a fourth set of unseen agent runs (payroll, pharmacy, KYC, real estate, customs) -----


def test_round_24_secrets_under_more_names_and_in_prose(no_ner: Redactor) -> None:
    """An SDK key's name, a wallet's recovery phrase (under its key and told in a ticket), 2FA backup codes,
    a password's bcrypt hash, an authenticator's setup key and a secret after the bare word were kept."""
    phrase = "answer aim all alley amount access announce abandon zoo wrong actor alpha"
    record = {
        "env": "LAUNCHDARKLY_SDK_KEY=sdk-7c1f0e2a-0b3d-4e5f-b6a7-2c8d9e0f1a2b",
        "launchdarkly": {"sdk_key": "sdk-Q8mX2vL0aTz9KdQ8mX2vL0aTz9Kd"},
        "seed_phrase": phrase, "backup_codes": ["H2WD-YB6L"],
        "password_hash": "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
        "ticket": f"my recovery phrase is {phrase} and my 2fa setup key was JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
        "note": "signed with secret iQ3vT8kPz2LmN7xR4wYb6HcJ9sDf1GaE5uKo0VtZqWpXy3BnMr8L",
        "prose": "the secret manager rotates it; your recovery phrase is the only way back into your wallet",
    }
    out = no_ner.redact(record)
    text = json.dumps(out)
    for raw in ("7c1f0e2a-0b3d", "Q8mX2vL0aTz9", "zoo wrong actor", "H2WD-YB6L", "R9h/cIPz0gi", "JBSWY3DPEHPK",
                "iQ3vT8kPz2"):
        assert raw not in text, raw
    assert out["ticket"] == f"my recovery phrase is {out['seed_phrase']} and my 2fa setup key was " + \
        out["ticket"].rsplit(" ", 1)[1]
    assert out["prose"] == record["prose"]


def test_round_24_accounts_codes_and_claims(no_ner: Redactor) -> None:
    """A bank account after `Account:` and `savings account` and under `account_no`, a pharmacy claim's
    CCYYMMDD birth date and cardholder id, a lockbox code with a dash, Spanish gate and card codes, a
    `given_names` key were kept; an employer's EIN and a drug's NDC became an ID and a phone number."""
    out = no_ner.redact({
        "ocr": "Routing: 242218702\nAccount: 40281937155 (checking)",
        "text": "Ally Bank savings account 968180573000", "account_no": "968180573002",
        "claim": "DOB: 19620314\nCARDHOLDER ID: ZQH123456789  BIN: 610014",
        "access": "Lockbox on side gate, CBS code 4471-82.", "es": "el código del portón es 1984",
        "cvv": "tarjeta 4111 1111 1111 1111, vence 09/28, el código de atrás es 482",
        "passport": {"surname": "VOLKOV-LAINE", "given_names": "DMITRI", "forenames": "Dmitri"},
        "payroll": "Employer EIN 84-2917365, PAYE ref 120/AB45678.", "ndc": "00093-7146-56",
        "listing": "showing at MLS# 24-118273 ($749,000); NDC 00093-7146-56; código postal 28001",
    })
    text = json.dumps(out, ensure_ascii=False)
    for raw in ("40281937155", "968180573000", "968180573002", "19620314", "ZQH123456789", "4471-82", "1984",
                "482", "DMITRI", "Dmitri"):
        assert raw not in text, raw
    assert out["payroll"] == "Employer EIN 84-2917365, PAYE ref 120/AB45678." and out["ndc"] == "00093-7146-56"
    assert out["listing"] == "showing at MLS# 24-118273 ($749,000); NDC 00093-7146-56; código postal 28001"
    assert "BIN: 610014" in out["claim"]


def test_round_24_addresses_written_the_british_and_american_ways(no_ner: Redactor) -> None:
    """`Flat 6, 22 Canal Wharf, Birmingham B1 2JE` was kept whole; `Beaverton OR 97005` (no comma before
    the state) after a street was kept."""
    out = no_ner.redact({"a": "Flat 6, 22 Canal Wharf, Birmingham B1 2JE",
                         "b": "needs to sell 14 Orchard Way, Beaverton OR 97005 first"})
    for raw in ("Canal Wharf", "B1 2JE", "Orchard Way", "97005", "Beaverton"):
        assert raw not in json.dumps(out), raw
    assert out["b"].startswith("needs to sell <STREET_ADDRESS:") and out["b"].endswith("> first")


# ----- round 25: over-redaction, second pass -----


def test_round_25_tool_schemas_versions_oids_and_document_numbers_stay(no_ner: Redactor) -> None:
    """A tool parameter named like a secret or personal data lost its description, pattern, enum and
    format; versions under version keys and of five parts, X.509 and SNMP object ids (and a known value
    inside a longer OID), labelled order, return, shipment and product numbers, an SNMP uptime, `via` after
    a flight number and IETF RFC numbers were replaced. The arguments' values still are."""
    record = {
        "parameters": {"type": "object", "required": ["password"], "properties": {
            "password": {"type": "string", "description": "New password (min 12 chars)"},
            "ssn": {"type": "string", "pattern": "^\\d{3}-\\d{2}-\\d{4}$", "enum": ["masked", "full"]},
            "dob": {"type": "string", "format": "date"}, "iban": {"type": "string", "description": "ISO 13616"}}},
        "arguments": {"password": "Zr7!kLq2#vBn", "ssn": "536-22-4187"},
        "app_version": "3.2.1.9", "release": "Release 19.22.0.0.0", "oracle": "Oracle Database 23ai 23.4.0.24.05",
        "oids": "SAN extension 2.5.29.17; iso.3.6.1.2.1.1.5.0; EKU 1.3.6.1.5.5.7.3.1.; 1.3.6.1.4.1.14179.2.1.1",
        "snmp": "SNMPv2-SMI::enterprises.9.9.43.1.1.6.1.5 Timeticks: (3481200) 9:40:12.00",
        "uptime": "(128934400) 14 days, 22:09:04.00", "parcels": "FedEx 7712 3456 7890, FedEx Ground 612345678901",
        "numbers": "RMA 4471-0932, UPC 0 12345 67890 5, FedEx tracking 7712 3456 7890, PO 4500-0123-45",
        "sku": "12-3456-7890", "route": "flight 857 via Denver", "spec": "see RFC 7231/9110 and RFC 2606",
    }
    out = no_ner.redact(record)
    assert out["parameters"] == record["parameters"]
    assert out["arguments"]["password"].startswith("<PASSWORD:") and out["arguments"]["ssn"].startswith("<US_SSN:")
    for key in ("app_version", "release", "oracle", "oids", "snmp", "numbers", "sku", "route", "spec", "uptime",
                "parcels"):
        assert out[key] == record[key], key
    mixed = no_ner.redact({"a": "iso.3.6.1.4", "b": "host 3.6.1.4 is up", "c": "1.3.6.1.4.1.14179"})
    assert mixed["c"] == "1.3.6.1.4.1.14179" and "3.6.1.4" not in mixed["b"]


def test_round_24_xml_elements_and_home_directories(no_ner: Redactor) -> None:
    """An HMRC RTI message's `<NINO>`, `<BirthDate>` and `<Fore>`/`<Sur>`, an ISO 20022 `<Nm>` and `<IBAN>`
    were kept (an XML element's name is a key); a home directory named after its user (`/home/pvenkataraman`,
    `C:\\Users\\Mateus Carvalho`) kept the name in every stack trace. A pom's `<name>`, other elements and
    machine accounts (`/home/runner`) stay."""
    out = no_ner.redact({
        "fps": "<Employee><NINO>JT482193C</NINO><Name><Fore>Eilidh</Fore><Sur>Campbell</Sur></Name>"
               "<BirthDate>1991-05-07</BirthDate></Employee>",
        "sepa": "<Cdtr><Nm>Anouk de Vries</Nm></Cdtr><CdtrAcct><Id><IBAN>NL91ABNA0417164300</IBAN></Id></CdtrAcct>"
                "<EndToEndId>EXP-0087</EndToEndId>",
        "pom": "<project><name>Apache Commons Lang</name><version>3.14.0</version></project>",
        "trace": "at Pool.connect (/home/pvenkataraman/code/ledger-api/src/db/pool.ts:42:10)\n"
                 "at invoice.test.ts (/Users/mateus.carvalho/dev/ledger-api/src/billing/invoice.test.ts:18:5)",
        "win": "C:\\Users\\Mateus Carvalho\\AppData\\Local\\Temp\\x.log",
        "ci": "/home/runner/work/app/app/src/x.py and /Users/admin/Library/Caches and /home/data-science/nb",
        "commit": "pvenkataraman pushed the fix",
    })
    text = json.dumps(out)
    for raw in ("JT482193C", "Eilidh", "Campbell", "1991-05-07", "Anouk", "NL91ABNA", "pvenkataraman",
                "mateus.carvalho", "Mateus Carvalho"):
        assert raw not in text, raw
    assert out["fps"].startswith("<Employee><NINO>&lt;ID_NUMBER:") and "<BirthDate>&lt;DATE_OF_BIRTH:" in out["fps"]
    assert out["sepa"].endswith("<EndToEndId>EXP-0087</EndToEndId>")
    assert out["pom"] == "<project><name>Apache Commons Lang</name><version>3.14.0</version></project>"
    assert out["trace"].startswith("at Pool.connect (/home/<PERSON:") and "/code/ledger-api/src/db/pool.ts:42:10)" \
        in out["trace"]
    assert out["win"].startswith("C:\\Users\\<PERSON:") and out["win"].endswith(">\\AppData\\Local\\Temp\\x.log")
    assert out["ci"] == "/home/runner/work/app/app/src/x.py and /Users/admin/Library/Caches and /home/data-science/nb"
    assert out["commit"] == out["trace"].split("/home/")[1].split("/")[0] + " pushed the fix"


def test_round_25_a_dotted_quad_written_as_a_version_is_no_address_anywhere(no_ner: Redactor) -> None:
    """`firmware 4.2.1.17` kept its version while a tool description's `e.g. 4.2.1.17` made it an IPv4
    address, replaced everywhere; a `firmware` or `app_version` field and a product's version (`.NET 8.0.1.23`)
    were replaced. A version anywhere in the trace makes the quad a version everywhere; addresses stay
    addresses (an `_ip` field, a client's address in prose)."""
    record = {"desc": "filter: firmware (4-part, e.g. 4.2.1.17).",
              "msg": "upgrade from firmware 4.1.9.203 to firmware 4.2.1.17; I'm connecting from 98.207.44.163",
              "inventory": {"devices": [{"firmware": "4.1.9.203", "mgmt_ip": "10.20.1.5"}], "app_version": "3.2.1.9"},
              "later": "4.1.9.203 and 3.2.1.9 and 10.20.1.5 on .NET 8.0.1.23 and Cisco ASA 9.18.4.22"}
    out = no_ner.redact(record)
    assert out["desc"] == record["desc"] and out["inventory"]["app_version"] == "3.2.1.9"
    assert out["msg"].startswith("upgrade from firmware 4.1.9.203 to firmware 4.2.1.17; I'm connecting from <IP_")
    assert out["inventory"]["devices"][0]["firmware"] == "4.1.9.203"
    ip = out["inventory"]["devices"][0]["mgmt_ip"]
    assert ip.startswith("<IP_ADDRESS:")
    assert out["later"] == f"4.1.9.203 and 3.2.1.9 and {ip} on .NET 8.0.1.23 and Cisco ASA 9.18.4.22"


def test_round_25_firms_fonts_barcodes_and_meeting_ids_stay(default_redactor: Redactor, no_ner: Redactor) -> None:
    """Firms and brands named after people (`Morgan Stanley`, `Ralph Lauren Polo`, `Yves Saint Laurent`),
    typefaces in a CSS font declaration, a UPC-A in its printed groups, a meeting id and a style number were
    replaced as people and phone numbers; a person beside them still is."""
    text = ("Morgan Stanley and Charles Schwab upgraded; Estée Lauder fell; Ralph Lauren Polo shirt; "
            "Yves Saint Laurent; call Maria Lopez")
    record = {"note": text, "css": "--font-display: \"Gill Sans\", Futura; font-family: Baskerville, Garamond, serif;",
              "barcode": "UPC 0 12345 67890 5 and 7 25272 73070 6", "zoom": "Meeting ID: 872 1234 5678",
              "style": "4471-0932"}
    for redactor in (no_ner, default_redactor):
        out = redactor.redact(record)
        assert out["note"].startswith(text.removesuffix("Maria Lopez")) and "Maria" not in out["note"]
        for key in ("css", "barcode", "zoom", "style"):
            assert out[key] == record[key], key


def test_a_lone_carriage_return_in_what_reads_as_a_table_is_no_crash(default_redactor: Redactor) -> None:
    """The fuzz test found it: `Hello, my name is Jane Doe.\\n\\r I live in Lisbon.` read as a CSV header and
    a row with a `\\r` inside it, which the csv module refuses (an uncaught error, no clear message)."""
    out = default_redactor.redact({"content": "Hello, my name is Jane Doe.\n\r I live in Lisbon."})
    assert "Jane Doe" not in out["content"] and out["content"].endswith("\n\r I live in <LOCATION:" +
                                                                       out["content"].split("<LOCATION:")[1])


def test_phone_numbers_written_as_bare_digits_after_their_word_or_key(no_ner: Redactor) -> None:
    """Faker writes many phone numbers as bare digits (`4559493322`, UK `01174960451`, Italian `0545821238`),
    not valid in the default region: kept under a `phone` key and after `my phone is` (78 of 300 Faker
    records in ten locales). Counts, versions, dates and ids after those words stay."""
    out = no_ner.redact({"customer": {"phone": "0545821238", "mobile": "4559493322"}, "sheet": {"cell": "B2"},
                         "chat": "my phone is 01174960451, or call me at 2957359543. Tel. 0643772567",
                         "also": "so 0545821238 it is",
                         "other": "phone 2 has 128 GB; iPhone 15 Pro; mobile app v2.3.1; fax 2024-03-15; "
                                  "phone: 1111111; api call 12 took 1234 ms; text 2 of 3; dial 911"})
    text = json.dumps(out)
    for raw in ("0545821238", "4559493322", "01174960451", "2957359543", "0643772567"):
        assert raw not in text, raw
    assert out["chat"].startswith("my phone is <PHONE_NUMBER:") and out["also"].startswith("so <PHONE_NUMBER:")
    assert out["sheet"] == {"cell": "B2"}  # (a spreadsheet's cell: no phone key)
    assert out["other"] == ("phone 2 has 128 GB; iPhone 15 Pro; mobile app v2.3.1; fax 2024-03-15; phone: 1111111; "
                            "api call 12 took 1234 ms; text 2 of 3; dial 911")


def test_round_27_code_in_a_coding_agents_trace_stays_code(default_redactor: Redactor, no_ner: Redactor) -> None:
    """Red team 27 (coding agents): NER took Java types, Django's `class Meta` and called classes for names;
    a fixture's known `Alice` spread into `def alice():` (a SyntaxError in both modes); CSS colours, SVG
    view boxes and grid tracks read as phone numbers; a form's placeholder, role mailboxes and a Django
    `change-me` key were replaced. The fixture's person and a real author still are."""
    record = {
        "java": "public record Customer(String id, String email) {}\nstatic final String DOC_IBAN = \"x\";",
        "django": "class Contact(models.Model):\n    class Meta:\n        ordering = [\"name\"]\n"
                  "class Alice: pass\nbob = Bob()",
        "fixture": "@pytest.fixture\ndef alice():\n    return User(name=\"Alice Smith\")",
        "css": "--c: rgb(248 250 252 / 0.92); grid-template-columns: 120 240 360 480; "
               "<svg viewBox=\"0 0 1024 768\">",
        "form": "<input type=\"tel\" placeholder=\"+44 7700 900000\"><input placeholder=\"you@example.com\">",
        "mail": "Signed-off-by: dependabot[bot] <support@github.com>; alerts to platform-alerts@northwind.dev",
        "settings": "SECRET_KEY = \"django-insecure-change-me\"\nMETADATA = \"http://169.254.169.254/latest/\"",
        "log": "Author: Mirela Kowalczyk <mirela.kowalczyk@lumenforge.io>",
    }
    for redactor in (no_ner, default_redactor):
        out = redactor.redact(record)
        for key in ("java", "django", "css", "form", "mail", "settings"):
            assert out[key] == record[key], key
        assert out["fixture"].startswith("@pytest.fixture\ndef alice():\n    return User(name=\"<PERSON:")
        assert "Mirela" not in out["log"] and "mirela.kowalczyk@" not in out["log"]


def test_round_26_identifiers_names_and_phones_in_new_places(default_redactor: Redactor, no_ner: Redactor) -> None:
    """Red team 26 (a fifth unseen set): a FHIR identifier typed MRN by its CodeableConcept, a bare `passport`
    key, `ssn_last4`, personal-data XML attributes, SIM ICCIDs in a CSV export's `old_iccid` column, a phone
    number with a URL-encoded space (the token took the `20` of `%20` and left the area code), a relative named
    after `my wife` / `Mi mujer` were left; NER stopped a Dutch name at its particles (`Willemijn van der`)."""
    record = {
        "patient": {"resourceType": "Patient", "identifier": [
            {"type": {"text": "MRN"}, "system": "urn:oid:1.2.840.114350.1.13.0.1.7.5.737384.14",
             "value": "MRN00482913"},
            {"type": {"coding": [{"code": "LOINC"}]}, "value": "8867-4"}]},
        "link": "https://fhir.example.org/R4/Patient?identifier=MRN00482913",
        "passengers": [{"passport": "561097342", "security": {"ssn_last4": "6621"}}],
        "ota": "<Customer BirthDate=\"1986-02-11\" Email=\"ines.pryce@mweb.co.za\" Gender=\"F\"/>",
        "csv": "event,old_iccid,new_iccid\nSIM_SWAP,8944289721675547297,8944501736282953227",
        "err": "HTTP 401 for POST https://api.twilio.com/Messages.json (To=(301)%20555-0118)",
        "es": "Mi mujer Ainhoa Larrañaga quiere acceso; my wife Ainhoa too",
        "nl": "Klant: Willemijn van der Heijden",
    }
    raw = ("MRN00482913", "561097342", "6621", "1986-02-11", "ines.pryce", "8944289721675547297",
           "8944501736282953227", "555-0118", "(301)", "Ainhoa", "Larrañaga")
    for redactor in (no_ner, default_redactor):
        out = redactor.redact(record)
        text = json.dumps(out, ensure_ascii=False)
        for value in raw:
            assert value not in text, value
        assert out["patient"]["identifier"][1]["value"] == "8867-4"
        assert "Gender=\"F\"" in out["ota"]
        assert out["err"].endswith("(To=<PHONE_NUMBER:" + out["err"].rsplit(":", 1)[1]) and "%" not in out["err"]
    nl = default_redactor.redact({"nl": record["nl"], "caps": "WILLEMIJN VAN DER HEIJDEN"})
    assert "Heijden" not in nl["nl"] and "HEIJDEN" not in nl["caps"]


def test_round_26_a_label_after_a_name_in_capitals_and_a_firm_named_after_a_family(no_ner: Redactor) -> None:
    """A known name in capitals took the next label with it (`Guest: ANNELIESE VANDERMOLEN Room 1207` ->
    `<PERSON> 1207`, another token); a contact's family name was replaced inside her firm's (`Rautenberg GmbH`)."""
    out = no_ner.redact({"from": "From: Anneliese Vandermolen <a.vandermolen@kpnmail.nl>",
                         "folio": "Guest: ANNELIESE VANDERMOLEN Room 1207",
                         "crm": {"name": "Jonas Rautenberg", "company": "Rautenberg GmbH"},
                         "note": "Jonas Rautenberg at Rautenberg GmbH synced; Rautenberg called."})
    token = out["from"].split()[1]
    assert out["folio"] == f"Guest: {token} Room 1207"
    assert out["crm"]["company"] == "Rautenberg GmbH"
    assert out["note"].endswith("at Rautenberg GmbH synced; <PERSON:" + out["note"].split("<PERSON:")[-1])


def test_a_codes_label_in_its_code_system_stays(default_redactor: Redactor) -> None:
    """Red team 26: NER took LOINC's `... in Blood` for a place. A FHIR Coding's `display` (beside its `system`
    and `code`) is the code system's label; a Reference's `display` is still a person's name."""
    record = {"resourceType": "Observation",
              "code": {"coding": [{"system": "http://loinc.org", "code": "4548-4",
                                   "display": "Hemoglobin A1c/Hemoglobin.total in Blood"}]},
              "subject": {"reference": "Patient/1", "display": "Marisol Thistlewood"}}
    out = default_redactor.redact(record)
    assert out["code"] == record["code"] and out["subject"]["display"].startswith("<PERSON:")


def test_round_26_the_english_model_in_other_languages(default_redactor: Redactor) -> None:
    """Red team 26: NER (an English model) read German nouns as names and places (`Guten Tag`, `Glasbruch`,
    `Teilkasko`, `mein Konto`, `Beachte`). In a sentence of another language its guess stands only for a person
    with a known name among its words or a place after a preposition of place."""
    record = {"de": "Guten Tag, ich möchte einen Glasbruch melden. Teilkasko bei HUK-COBURG. Erstattung bitte auf "
                    "mein Konto.",
              "sys": "Du bist ein Schadenassistent. Beachte § 81 VVG.",
              "caller": "Herr Jonas Becker aus München hat angerufen, er wohnt in Leipzig.",
              "es": "Hola, soy Ainhoa Larrañaga y necesito ayuda con mi cuenta."}
    out = default_redactor.redact(record)
    assert out["de"] == record["de"] and out["sys"] == record["sys"]
    for name in ("Jonas", "Becker", "München", "Leipzig", "Ainhoa", "Larrañaga"):
        assert name not in json.dumps(out, ensure_ascii=False), name


def test_round_28_contact_points_national_ids_and_agent_names(default_redactor: Redactor, no_ner: Redactor) -> None:
    """Red team 28 (new recording formats): a phone typed by its record (`{"value": ..., "type": "mobile"}`,
    FHIR's `system: phone`), a WhatsApp `wa_id`, Canadian SIN / Australian TFN / Aadhaar in a table beside their
    type, a codice fiscale without a cue (and under a tool's `id` argument) were left; an AutoGen agent
    (`caseworker_proxy`) and a CrewAI `agent_role` became people; `08:30 with Dr.` became a street."""
    record = {
        "candidate": {"phone_numbers": [{"value": "07700900123", "type": "mobile"}],
                      "telecom": [{"system": "phone", "value": "(555) 010-4477", "use": "home"}],
                      "meta": {"type": "work", "value": "Acme"}},
        "whatsapp": {"contacts": [{"wa_id": "447700900412"}], "sessionId": "wa:447700900412"},
        "table": "| SIN | 130 692 544 |\n| TFN | 123 456 782 |\n| Aadhaar | 2341 2341 2346 |",
        "tool": {"country": "IT", "id": "RSSMRA85M01H501Q"},
        "note": "anagrafe: RSSMRA85M01H501Q (not RSSMRA85M01H501R)",
        "chat_history": [{"content": "Contact 07700 900561", "role": "user", "name": "caseworker_proxy"}],
        "agents": ["caseworker_proxy", "eligibility_agent"],
        "step": {"event": "agent_step", "agent_role": "Returns Specialist", "task_name": "triage_returns"},
        "slot": "Booked 08:30 with Dr. Hana Whitcombe",
    }
    for redactor in (no_ner, default_redactor):
        out = redactor.redact(record)
        text = json.dumps(out)
        for raw in ("07700900123", "010-4477", "447700900412", "130 692 544", "123 456 782", "2341 2341 2346",
                    "07700 900561", "Whitcombe"):
            assert raw not in text, raw
        assert "RSSMRA85M01H501Q" not in out["note"] and "RSSMRA85M01H501R" in out["note"]
        assert out["candidate"]["meta"] == {"type": "work", "value": "Acme"}
        assert out["agents"] == record["agents"] and out["chat_history"][0]["name"] == "caseworker_proxy"
        assert out["step"] == record["step"] and out["slot"].startswith("Booked 08:30 with Dr. <PERSON:")


def test_a_known_name_in_a_registers_capitals_and_a_reservations_unhyphenated_form(no_ner: Redactor) -> None:
    """Red team 28 / 26: `ESPOSITO GIULIA nata a Napoli` (family name first, capitals) and an airline record's
    `ADEBAYOPRYCE/OLUWASEUN` (the hyphen dropped) were left where the name was known."""
    out = no_ner.redact({"a": "Verify Giulia Esposito today", "b": "ESPOSITO GIULIA nata a Napoli",
                         "c": {"full_name": "Oluwaseun Adebayo-Pryce"}, "d": "1.ADEBAYOPRYCE/OLUWASEUN MR"})
    token = out["a"].split()[1]
    assert out["b"] == f"{token} nata a Napoli" and "ADEBAYOPRYCE" not in out["d"]


def test_a_name_known_by_its_parts_is_replaced_in_capitals(no_ner: Redactor) -> None:
    """Red team 26: given and family names known apart (OpenTravel's `<GivenName>`, `<Surname>`) were left in a
    folio's capitals (`Guest: ANNELIESE VANDERMOLEN`); an environment variable's name stays."""
    out = no_ner.redact({"xml": "<PersonName><GivenName>Anneliese</GivenName><Surname>Vandermolen</Surname>"
                                "</PersonName>",
                         "folio": "Guest: ANNELIESE VANDERMOLEN      Room 1207", "env": "ANNELIESE_HOME=/x"})
    assert "ANNELIESE" not in out["folio"] and "VANDERMOLEN" not in out["folio"] and out["env"] == "ANNELIESE_HOME=/x"



def test_a_checked_national_id_under_a_tools_id_argument_is_still_found(no_ner: Redactor) -> None:
    """Red team 28: in an agent-chronicle envelope a tool's `id` argument shielded its value everywhere (an
    id's digits are no phone number elsewhere), even after its cue. A number that passes its check (an Aadhaar's
    Verhoeff digit, a codice fiscale's letter) is what was found, in the note and in the argument."""
    from agentplane_primitives.models import Envelope

    envelope = {
        "schema_version": "0.2", "envelope_id": "1dcc155a621acebb", "span_id": "d5a5a1872095392a",
        "trace_id": "df0aa8384af191f731d1a311f0f212fd", "parent_envelope_id": None, "name": "verify_identity_doc",
        "kind": "tool", "attempt": 1, "links": [],
        "envelope_status": {"state": "closed", "status": "success", "started_at": "2025-08-14T15:00:03Z",
                            "ended_at": "2025-08-14T15:00:03.300000Z"},
        "input": {"raw": {"country": "IN", "id": "234123412346", "note": "Aadhaar 234123412346 on file",
                          "other": {"country": "IT", "id": "RSSMRA85M01H501Q", "note": "CF RSSMRA85M01H501Q"}}},
        "output": {"raw": {"status": "VERIFIED"}, "error": None},
        "metadata": {"chronicle.sequence": 1, "chronicle.invocation_index": 1},
    }
    Envelope.model_validate(envelope)
    out = no_ner.redact(envelope)
    Envelope.model_validate(out)
    text = json.dumps(out)
    assert "234123412346" not in text and "RSSMRA85M01H501Q" not in text
    assert out["envelope_id"] == envelope["envelope_id"] and out["input"]["raw"]["id"].startswith("<ID_NUMBER:")


def test_hotel_brands_named_like_people_stay(default_redactor: Redactor, no_ner: Redactor) -> None:
    """Red team 28: `Park Hyatt Tokyo` read as a given and a family name in both modes."""
    for redactor in (no_ner, default_redactor):
        out = redactor.redact({"a": "Holding KL1002 and Park Hyatt Tokyo; Grand Hyatt too. Call Maria Lopez"})
        assert out["a"].startswith("Holding KL1002 and Park Hyatt Tokyo; Grand Hyatt too. Call <PERSON:")


def test_round_29_shapes_the_fuzzer_found(default_redactor: Redactor, no_ner: Redactor, tmp_path: Path) -> None:
    """Red team 29 (a fuzzer over real records): an OTLP id attribute holding an address or words was kept whole
    (and passed the gate); a LangChain secret reference whose `id` held the secret itself was kept; a nullable
    JSON Schema type (`["string", "null"]`) and an `idna`-labelled MIME part crashed the run."""
    otlp = {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.conversation.id", "value": {"stringValue": "zq.canary@northwind-mail.io"}},
        {"key": "gen_ai.agent.name", "value": {"stringValue": "Refund card 4111 1111 1111 1111"}},
        {"key": "gen_ai.response.id", "value": {"stringValue": "chatcmpl-9x8y7z"}}]}]}]}]}
    record = {"llm": {"password": {"lc": 1, "type": "secret", "id": ["Tr0ub4dor-and-3-horses"]}},
              "model": {"api_key": {"lc": 1, "type": "secret", "id": ["OPENAI_API_KEY"]}},
              "schema": {"description": "Customer email, e.g. zq.canary@northwind-mail.io", "type": ["string", "null"]},
              "subject": "From: =?idna?Q?zq.canary@northwind-mail.io?= hi"}
    for redactor in (no_ner, default_redactor):
        out_otlp = json.dumps(redactor.redact(otlp))
        assert "zq.canary" not in out_otlp and "4111" not in out_otlp and '"chatcmpl-9x8y7z"' in out_otlp
        out = redactor.redact(record)
        assert "Tr0ub4dor" not in json.dumps(out) and out["model"] == record["model"]
        assert out["schema"]["type"] == ["string", "null"] and "zq.canary" not in json.dumps(out)


def test_a_document_in_a_string_counts_toward_the_nesting_limit(tmp_path: Path) -> None:
    """Red team 29: JSON nested 250 deep inside a string inside 100 levels of objects overflowed Python's stack
    (the depth started again at 0 inside the string). It is refused by name, exit 2."""
    inner: Any = "x"
    for _ in range(250):
        inner = {"a": inner}
    outer: Any = json.dumps(inner)
    for _ in range(100):
        outer = {"content": outer}
    source = tmp_path / "deep.json"
    source.write_text(json.dumps(outer))
    result = run_cli("redact", str(source), "-o", str(tmp_path / "out"), "--no-ner", "-q")
    assert result.returncode == 2 and "deep.json" in result.stderr and "nesting deeper than" in result.stderr
    assert "internal error" not in result.stderr and not (tmp_path / "out").exists()


def test_an_xml_address_attribute_of_a_machine_is_no_postal_address(no_ner: Redactor) -> None:
    """XML attributes named like personal-data keys are read as those keys (round 26), but a bare `address` only
    when it reads as a postal one: a WCF endpoint's URL is a machine's."""
    out = no_ner.redact({"cfg": "<endpoint address=\"http://localhost:8080/svc\" binding=\"basicHttpBinding\"/>",
                         "crm": "<Customer BirthDate=\"1986-02-11\" Address=\"12 Acacia Avenue\"/>"})
    assert out["cfg"].startswith("<endpoint address=\"http://localhost:8080/svc\"")
    assert "1986-02-11" not in out["crm"] and "Acacia" not in out["crm"]


def test_round_26_coordinates_after_their_word_and_a_drivers_licence(no_ner: Redactor) -> None:
    """Red team 26 (ride-hailing): GPS positions in a directions URL and a driver's last ping, and a licence
    number under a bare `license` key beside the driver's contact details, were left; a package's `license`
    and two scores are kept."""
    record = {"url": "https://maps.googleapis.com/maps/api/directions/json?origin=37.79612,-122.41894&destination=SFO",
              "log": "driver offline; last ping 37.76231, -122.43509", "scores": "scores 0.12345, 0.67891",
              "driver": {"name": "Kwame Mensah", "license": "D4829163", "phone": "+1 415 555 0132"},
              "pkg": {"name": "left-pad", "license": "MIT", "version": "1.3.0"}}
    out = no_ner.redact(record)
    text = json.dumps(out)
    for raw in ("37.79612", "-122.41894", "37.76231", "D4829163"):
        assert raw not in text, raw
    assert out["scores"] == record["scores"] and out["pkg"] == record["pkg"] and out["url"].endswith("&destination=SFO")


def test_round_30_catalogue_words_and_reason_phrases_are_no_people(default_redactor: Redactor) -> None:
    """Red team 30, NER on: a product title's furniture and finish (`Round Ottoman, Walnut`), an HTTP reason phrase
    (`403 Forbidden`) and a care record's role label were replaced as people."""
    texts = {"title": "Round Ottoman, Walnut", "variant": "Alby 3-Seat Sofa, Oat",
             "error": "403 Forbidden: key lacks scope", "note": "Carer: none recorded"}
    out = default_redactor.redact(dict(texts))
    assert out["title"] == texts["title"] and out["error"] == texts["error"] and out["note"] == texts["note"]
    assert out["variant"].endswith("3-Seat Sofa, Oat")


@pytest.mark.parametrize("text", ["card 4111.1111.1111.1111 ok", "card\t4111\t1111\t1111\t1111\tend",
                                  "カード ４１１１ １１１１ １１１１ １１１１", "mail zq.canary＠northwind-mail.io"])
def test_cards_in_dotted_or_tabbed_groups_and_full_width_characters(no_ner: Redactor, text: str) -> None:
    """Red team 32: cards in dotted groups (read as a four-part version), in tab-separated groups, and in
    full-width digits, and an address with a full-width `＠`, were left."""
    out = no_ner.redact({"t": text})["t"]
    assert "4111" not in out and "４１１１" not in out and "canary" not in out and TOKEN_RE.search(out)


def test_four_part_versions_stay_beside_dotted_cards(no_ner: Redactor) -> None:
    text = "build 10.0.19041.1234 and release 2024.1001.0001.0002"
    assert no_ner.redact({"t": text})["t"] == text


def test_round_31_records_a_wallet_a_position_a_payment_and_a_filled_in_form(tmp_path: Path) -> None:
    """Red team 31: a bare `wallet` holding an address, GPS positions under `gps`/`geo`, a paper check's
    `payment: {routing, account}` and a browser agent's DOM snapshot of a filled-in form were kept."""
    out = redacted_by_the_cli(tmp_path, {
        "wallet": "0x52908400098527886e0f7030069857d2e4169ee7", "balances": {"wallet": {"balance": "12.00"}},
        "home": {"gps": "52.35871, 4.90412"}, "ui": {"coordinates": "A1:B5"},
        "payment": {"method": "check", "routing": "021000021", "account": "0087214419", "amount": "5000.00"},
        "dom": '<input name="dob" value="1984-03-12"><input type="submit" value="Continue">',
        "text": "btc or usdt erc20 0x71C7656EC7ab88b098defB751B7401B5f6d8976F please",
    }, b"0x52908400098527886e0f7030069857d2e4169ee7", b"0x71C7656EC7ab88b098defB751B7401B5f6d8976F", b"52.35871",
        b"021000021", b"0087214419", b"1984-03-12")
    assert out["wallet"].startswith("<CRYPTO:") and out["balances"] == {"wallet": {"balance": "12.00"}}
    assert out["home"]["gps"].startswith("<LOCATION:") and out["ui"]["coordinates"] == "A1:B5"
    assert out["payment"]["amount"] == "5000.00" and out["payment"]["method"] == "check"
    assert out["dom"].endswith('<input type="submit" value="Continue">')


def test_a_bitlocker_recovery_password_alone_under_a_records_key(no_ner: Redactor) -> None:
    """The bench's secret recall: Graph's `recoveryKeys` record holds the password under `key`, with no word beside
    it once the record is read member by member (the rule's keywords named BitLocker)."""
    out = no_ner.redact({"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#informationProtection/bitlocker/"
                                           "recoveryKeys/$entity",
                         "key": "135795-597531-011000-244442-366663-488884-611105-715000"})
    assert out["key"].startswith("<PASSWORD:")


def test_round_31_names_read_off_an_id_or_written_in_kanji_and_membership_numbers(tmp_path: Path) -> None:
    """Red team 31: an ID check's `name_on_id` in capitals, a Japanese form's `name_kanji`, a `membership_number`,
    and a calendar attendee's Vietnamese `displayName` (letters beyond Latin-1) were kept."""
    out = redacted_by_the_cli(tmp_path, {
        "verified_id": {"provider": "persona", "name_on_id": "CHUKWUEMEKA NNAMDI OBIORA", "country": "NG"},
        "name_kanji": "小林 結衣", "membership_number": "4291187730",
        "attendees": [{"email": "mai.nguyen@acme-robotics.example", "displayName": "Nguyễn Thị Mai"}],
    }, b"CHUKWUEMEKA", "小林".encode(), b"4291187730", "Thị Mai".encode())
    assert out["verified_id"]["provider"] == "persona" and out["verified_id"]["country"] == "NG"
    assert out["attendees"][0]["displayName"].startswith("<PERSON:")


def test_round_33_a_partys_key_names_what_follows_the_party(tmp_path: Path) -> None:
    """Red team 33: `patient_dob`, `partner_steuer_id`, a bare `tfn`, `ppsn`, `nif`, `numero_allocataire` were kept,
    and the partner's Steuer-ID, known from the key, stayed in the user's message too."""
    out = redacted_by_the_cli(tmp_path, {
        "args": {"rx_numbers": ["6048213-07"], "patient_dob": "1958-09-23", "last_name": "Halvorsen"},
        "tax": {"steuer_id": "86021973144", "veranlagungsjahr": 2025, "partner_steuer_id": "47193528604"},
        "message": "Meine Steuer-ID ist 86 021 973 144, seine 47193528604.",
        "super": {"tfn": "459599230"}, "ie": {"ppsn": "7612394IA"}, "pt": {"nif": "248193724"},
        "caf": {"numero_allocataire": "2917463", "nir": "284057511402396"},
        "primary_key": "orders_pk", "owner_id": "usr_1234",
    }, b"1958-09-23", b"47193528604", b"459599230", b"7612394IA", b"248193724", b"2917463")
    assert out["args"]["patient_dob"].startswith("<DATE_OF_BIRTH:") and out["tax"]["veranlagungsjahr"] == 2025
    assert out["tax"]["partner_steuer_id"] in out["message"]
    assert out["primary_key"] == "orders_pk" and out["owner_id"] == "usr_1234"


def test_round_33_typed_records_of_documents_contacts_and_coins(tmp_path: Path) -> None:
    """Red team 33: a KYC record's `{"doc": "passport", "number": ...}`, an Italian `{"tipo": "CIE", "numero": ...}`, a
    PIX key's `{"tipo": "celular", "valor": ...}`, a withdrawal whitelist's `{"asset": "ETH", "address": "0x..."}` and
    a prescription's `prescriber` with a doctor's letters after the name were kept; a mail's `message_id`
    (`<...@mailer...>`) became an email address."""
    out = redacted_by_the_cli(tmp_path, {
        "kyc": {"doc": "passport", "number": "FT482193", "country": "UA"},
        "documento": {"tipo": "CIE", "numero": "CA48213KM", "scadenza": "2031-09-03"},
        "chaves_pix": [{"tipo": "celular", "valor": "11984732160"}, {"tipo": "email", "valor": "t.rocha@uol.com.br"}],
        "whitelist": [{"asset": "ETH", "address": "0x52908400098527886e0f7030069857d2e4169ee7"},
                      {"asset": "ETH", "address": "pending"}],
        "rx": {"prescriber": "Anjali Raghunathan, MD", "drug": "lisinopril 10 mg tab"},
        "mail": {"message_id": "<20260717221911.4471@mailer.carrier.example>", "subject": "Port request"},
    }, b"FT482193", b"CA48213KM", b"11984732160", b"0x52908400098527886e0f7030069857d2e4169ee7", b"Raghunathan")
    assert out["kyc"]["country"] == "UA" and out["documento"]["tipo"] == "CIE"
    assert out["chaves_pix"][0]["valor"].startswith("<PHONE_NUMBER:") and out["chaves_pix"][0]["tipo"] == "celular"
    assert out["whitelist"][0]["address"].startswith("<CRYPTO:") and out["whitelist"][1]["address"] == "pending"
    assert out["rx"]["prescriber"].startswith("<PERSON:") and out["rx"]["drug"] == "lisinopril 10 mg tab"
    assert out["mail"]["message_id"] == "<20260717221911.4471@mailer.carrier.example>"


def test_round_33_an_arrow_to_an_ethereum_address_in_a_ledger_line(no_ner: Redactor) -> None:
    text = "2026-07-10 04:13:40Z  withdraw   3.4 ETH -> 0x71C7656EC7ab88b098defB751B7401B5f6d8976F  tx=0x95d8"
    assert "0x71C7656EC7ab88b098defB751B7401B5f6d8976F" not in no_ner.redact_text(text)


def test_round_35_a_numeric_id_a_bank_account_beside_its_code_and_a_pan(tmp_path: Path) -> None:
    """Red team 35: a GitHub run id an API writes as a JSON number (`"run_id": 9512847736`) became a phone number
    where a CI log writes it (`session github-actions-9512847736`); a nominee's `account` beside its bank's
    `ifsc`, and an insurer's bare `pan` holding India's PAN, were kept."""
    out = redacted_by_the_cli(tmp_path, {
        "args": {"run_id": 9512847736},
        "log": "Assuming role deploy with session github-actions-9512847736 (run 9512847736)",
        "nominee_bank": {"ifsc": "HDFC0001234", "account": "50100248193751"},
        "policy": {"holder_pan": "x", "pan": "BQKPS4821L", "camera": {"pan": "left", "tilt": 0.5}},
    }, b"50100248193751", b"BQKPS4821L")
    assert out["args"]["run_id"] == 9512847736
    assert out["log"] == "Assuming role deploy with session github-actions-9512847736 (run 9512847736)"
    assert out["nominee_bank"]["ifsc"] == "HDFC0001234" and out["nominee_bank"]["account"].startswith("<ID_NUMBER:")
    assert out["policy"]["pan"].startswith("<ID_NUMBER:") and out["policy"]["camera"]["pan"] == "left"


def test_round_35_a_birth_date_is_the_same_date_however_it_is_written(no_ner: Redactor) -> None:
    """Red team 35: a voice agent's tool call carried `"dob": "1988-03-21"`; the caller had said `21 March 1988.`
    in a turn of its own, after the agent's question: the date in words was kept."""
    out = no_ner.redact({"turns": ["Can I grab your date of birth?", "21 March 1988.", "or March 21st, 1988"],
                         "tool": {"dob": "1988-03-21"}, "visit": "last visit 2025-01-17, next 21 March 2026"})
    token = out["tool"]["dob"]
    assert token.startswith("<DATE_OF_BIRTH:")
    assert out["turns"][1:] == [f"{token}.", f"or {token}"]
    assert out["visit"] == "last visit 2025-01-17, next 21 March 2026"


def test_round_35_birth_date_forms() -> None:
    assert {"21 March 1988", "March 21, 1988", "21/03/1988", "03/21/1988", "21st Mar 1988"} <= birth_date_forms(
        "1988-03-21")
    assert "1988-03-21" in birth_date_forms("21/03/1988") and "1988-06-05" in birth_date_forms("5 June 1988")
    assert birth_date_forms("03/11/1979") == set()  # the 3rd of November or the 11th of March
    assert birth_date_forms("1988-13-01") == set() and birth_date_forms("tomorrow") == set()


def test_round_40_header_lists_in_recorders_postman_and_command_lines(no_ner: Redactor) -> None:
    """Red team 40: `[name, value]` header lists under a qualified name (`request_headers`), Node's flat
    `rawHeaders`, a Postman collection's header and query entries (`key`, `value`, `type`, `description`,
    `disabled`) and a secret option's value in an argument list (`["--password", ...]`) were read as bare text: a
    session id, an API key or a password with no vendor shape stayed."""
    secret, password = "9f2c4e1a7b3d5f6091a2b3c4d5e6f708", "Tr0ub4dor&3x"
    out = no_ner.redact({
        "request_headers": [["x-api-key", secret], ["accept", "application/json"]],
        "responseHeaders": [["set-cookie", f"sid={secret}; Path=/"]],
        "rawHeaders": ["Host", "api.example.com", "Cookie", f"sid={secret}", "Authorization", f"Token {secret}"],
        "header": [{"key": "X-API-Key", "value": secret, "type": "text", "description": "tenant key"},
                   {"key": "Accept", "value": "application/json", "type": "text", "disabled": False}],
        "command": ["mysql", "-h", "db.example.com", "-u", "reporting", "--password", password, "-e", "SELECT 1"],
        "args": ["-y", "@modelcontextprotocol/server-postgres", "--token", secret, "--read-only"],
    })
    text = json.dumps(out)
    assert secret not in text and password not in text
    assert out["request_headers"][1] == ["accept", "application/json"]
    assert out["rawHeaders"][:3] == ["Host", "api.example.com", "Cookie"] and out["rawHeaders"][4] == "Authorization"
    assert out["rawHeaders"][5].startswith("Token <")
    assert out["header"][1] == {"key": "Accept", "value": "application/json", "type": "text", "disabled": False}
    assert out["header"][0]["description"] == "tenant key" and out["header"][0]["value"].startswith("<API_KEY:")
    assert out["command"][:6] == ["mysql", "-h", "db.example.com", "-u", "reporting", "--password"]
    assert out["command"][6].startswith("<PASSWORD:") and out["command"][7:] == ["-e", "SELECT 1"]
    assert out["args"][:3] == ["-y", "@modelcontextprotocol/server-postgres", "--token"]
    assert out["args"][4] == "--read-only"


def test_round_40_a_langsmith_new_token_event_is_model_text(no_ner: Redactor) -> None:
    """Red team 40: LangSmith's `{"name": "new_token", "kwargs": {"token": ..., "chunk": ...}}` run event holds a
    piece of the model's text; under its secret-sounding key, a name streamed there became an access token's
    pseudonym (and the same name elsewhere took that type). A task's `kwargs` holding a token is still one."""
    out = no_ner.redact({
        "events": [{"name": "new_token", "time": "2025-03-11T10:00:00Z",
                    "kwargs": {"token": "Hello", "chunk": {"text": "Hello", "type": "ChatGenerationChunk"}}}],
        "task": {"name": "sync", "kwargs": {"token": "9f2c4e1a7b3d5f6091a2b3c4d5e6f708"}},
    })
    assert out["events"][0]["kwargs"]["token"] == "Hello"
    assert out["task"]["kwargs"]["token"].startswith("<ACCESS_TOKEN:")


def test_round_40_a_holder_is_a_person_and_a_placeholder_stays(no_ner: Redactor) -> None:
    """Red team 40: a payee's `holder` (and a card's `holderName`) kept a full name; a redacted-keyed member
    already scrubbed by the recorder (`"ssn_last4": "redacted"`, `"[REDACTED]"`) became a token. (A name the
    name lists lack: NER off, only the key tells.)"""
    out = no_ner.redact({
        "payee": {"payee_id": "pay_1", "holder": "Oluwaseun Thornbury", "bic": "NWBKGB2L"},
        "card": {"holderName": "Oluwaseun Thornbury", "brand": "visa"},
        "customer": {"ssn_last4": "redacted", "ssn": "[REDACTED]", "tax_id": "[FILTERED]"},
    })
    assert out["payee"]["holder"].startswith("<PERSON:") and out["payee"]["bic"] == "NWBKGB2L"
    assert out["card"]["holderName"] == out["payee"]["holder"]
    assert out["customer"] == {"ssn_last4": "redacted", "ssn": "[REDACTED]", "tax_id": "[FILTERED]"}


def test_round_40_a_things_name_beside_its_id_is_no_person(default_redactor: Redactor) -> None:
    """Red team 40: NER read a hotel search result's `{"hotel_id": ..., "name": "Memmo Alfama"}` as a person. A
    pattern still reads such a name, and a contact record's name is still a person's."""
    out = default_redactor.redact({
        "results": [{"hotel_id": "htl_8c1f", "name": "Memmo Alfama", "price": "212.00"},
                    {"product_id": "p_1", "name": "Gift card for jane.roe@gmail.com"}],
        "contact": {"store_id": "s_1", "name": "Maria Gonzalez", "email": "maria.g@gmail.com"},
        # (a person's record holds the ids of what they bought or belong to beside their own)
        "member": {"user_id": "u_17", "product_id": "p_2", "name": "Quillon Marbry"},
    })
    assert out["results"][0]["name"] == "Memmo Alfama"
    assert out["member"]["name"].startswith("<PERSON:")
    assert out["results"][1]["name"].startswith("Gift card for <EMAIL_ADDRESS:")
    assert out["contact"]["name"].startswith("<PERSON:")


def test_round_40_a_bare_auth_holding_a_credential(no_ner: Redactor) -> None:
    """Red team 40: a tool result's `"auth": <32 hex>`, Docker's `config.json` (`auths.<registry>.auth`, base64 of
    `user:password`) and a `basic_auth` of `user:password` were kept: `auth` names no secret by itself. A setting
    under the same name stays."""
    docker = "b3RoYnVyeTpUcjB1YjRkb3ImM3g="
    out = no_ner.redact({
        "sms": {"sid": "SM0f1e", "auth": "9f2c4e1a7b3d5f6091a2b3c4d5e6f708"},
        "auths": {"https://index.docker.io/v1/": {"auth": docker}},
        "proxy": {"basic_auth": "ops:Tr0ub4dor&3x"},
        "settings": [{"auth": "oauth2"}, {"auth": "oauth2_client_credentials"}, {"auth": "https://auth.example.com/x"},
                     {"auth": {"type": "bearer"}}],
    })
    assert out["sms"]["auth"].startswith("<CREDENTIAL:") and out["sms"]["sid"] == "SM0f1e"
    assert out["auths"]["https://index.docker.io/v1/"]["auth"].startswith("<CREDENTIAL:")
    assert out["proxy"]["basic_auth"].startswith("<CREDENTIAL:")
    assert out["settings"] == [{"auth": "oauth2"}, {"auth": "oauth2_client_credentials"},
                               {"auth": "https://auth.example.com/x"}, {"auth": {"type": "bearer"}}]


def test_round_41_keys_that_name_numbers_addresses_and_bank_accounts(tmp_path: Path) -> None:
    """Red team 41: a German pension insurance number, a Spanish social security number and NIE, a prescriber's DEA
    registration, a Centrelink CRN under their keys, a Portuguese `morada` and a Polish `adres`, and a Canadian
    direct deposit's `account` beside its `transit` and `institution` were kept. The short keys count only with
    their number's shape and check (`nss` is also Mozilla's NSS, `nie` Polish for "no", `crn` a UK company's)."""
    out = redacted_by_the_cli(tmp_path, {
        "onboarding": {"sozialversicherungsnummer": "65170894S027"},
        "candidato": {"nss": "281234567840", "nie": "X2481937F"},
        "provider": {"npi": "1407853912", "dea_number": "BO4829175", "dea": "BO4829175"},
        "centrelink": {"crn": "203418592K"},
        "ficha": {"morada": "Rua de Santa Catarina 312, 3.º Esq., 4000-442 Porto"},
        "kandydat": {"adres": "ul. Piotrkowska 104 m. 12, 90-006 Łódź"},
        "direct_deposit_update": {"sin": "x", "transit": "04821", "institution": "815", "account": "8830192"},
        "near_misses": {"nss": "3.98", "nie": "tak", "dea": "Drug Enforcement Administration", "crn": "SC123456",
                        "sso": {"institution": "University of Leeds", "account": "jdoe"}},
    }, b"65170894S027", b"281234567840", b"X2481937F", b"BO4829175", b"203418592K", b"4000-442", b"90-006",
        b"8830192")
    assert out["provider"]["npi"] == "1407853912"
    assert out["direct_deposit_update"]["transit"] == "04821" and out["direct_deposit_update"]["institution"] == "815"
    assert out["near_misses"] == {"nss": "3.98", "nie": "tak", "dea": "Drug Enforcement Administration",
                                  "crn": "SC123456", "sso": {"institution": "University of Leeds", "account": "jdoe"}}


def test_round_41_an_organisations_fhir_code_a_position_an_ein_a_meeting_and_a_security_answer(
        no_ner: Redactor) -> None:
    """Red team 41: a GP practice's ODS code (`https://fhir.nhs.uk/Id/ods-organization-code`) became a personal
    number because the host says `nhs`, and took the practice's code out of the prompt too; a FHIR Address's
    `line` list, a driver's `home_location` and a security question's answer were kept; a 1099 payer's `ein` and a
    Zoom `meeting_id` written in groups became phone numbers, here and in the text."""
    out = no_ner.redact({
        "patient": {"identifier": [{"system": "https://fhir.nhs.uk/Id/nhs-number", "value": "4857773457"}],
                    "generalPractitioner": [{"identifier": {
                        "system": "https://fhir.nhs.uk/Id/ods-organization-code", "value": "W97016"}}],
                    "address": [{"line": ["Flat 2", "41 Heol y Castell"], "city": "Cardiff",
                                 "postalCode": "CF11 9LJ"}]},
        "prompt": "You are the assistant of Canton Health Centre (ODS W97016).",
        "driver": {"home_location": "37.76312, -122.41876", "pickup_location": "Leeds station"},
        "payer": {"name": "RideLoop Inc.", "ein": "84-1234567"},
        "visit": {"meeting_id": "812 3456 7890"}, "reply": "Join here (Meeting ID: 812 3456 7890).",
        "security_question": {"q": "mother's maiden name", "answer": "Gagnon"},
        "faq": [{"question": "What is the refund window?", "answer": "Thirty days"}],
    })
    assert out["patient"]["identifier"][0]["value"].startswith("<ID_NUMBER:")
    assert out["patient"]["generalPractitioner"][0]["identifier"]["value"] == "W97016"
    assert out["prompt"] == "You are the assistant of Canton Health Centre (ODS W97016)."
    assert all(line.startswith("<STREET_ADDRESS:") for line in out["patient"]["address"][0]["line"])
    assert out["driver"]["home_location"].startswith("<LOCATION:")
    assert out["driver"]["pickup_location"] == "Leeds station"
    assert out["payer"]["ein"] == "84-1234567"
    assert out["visit"]["meeting_id"] == "812 3456 7890" and out["reply"] == "Join here (Meeting ID: 812 3456 7890)."
    assert out["security_question"]["answer"].startswith("<CREDENTIAL:")
    assert out["faq"] == [{"question": "What is the refund window?", "answer": "Thirty days"}]


def test_round_42_settings_that_look_like_round_41s_secrets_and_places_stay(tmp_path: Path) -> None:
    """Red team 42, round 41's structure rules on what they do not mean: an OpenAPI security scheme named `bearer`
    (its description and format became access tokens, and Postman's `{{access_token}}` template too; a proxy's
    `bearer` record made its `token_env` a secret, renaming that environment variable's key in another record),
    public keys and random ids under `*_KEY`, a camera's and a label's `*_position`, a help centre's answers about
    security questions and a setting's status, a chart of accounts beside its transit and institution, and a login
    by SMS written in groups under an `_id` key (kept as a meeting's id). A `bearer` list of tokens and a Postman
    pair's real token are still credentials, a doorbell camera's `*_location` still a place."""
    spki = "MCowBQYDK2VwAyEAhEhcC1P7de81xUTI0Z9lcPHC8MXi2ctPenPLDViXR6o="
    out = redacted_by_the_cli(tmp_path, {
        "spec": {"components": {"securitySchemes": {"bearer": {
            "scheme": "bearer", "bearerFormat": "JWT", "type": "http",
            "description": "Paste the access token returned by POST /auth/login"}}}},
        "postman": {"auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{access_token}}"}]}},
        "proxy": {"auth": {"type": "bearer", "bearer": {"token_env": "SERVICE_BEARER"}},
                  "bearer": "ForwardAuth middleware"},
        "gateway": {"bearer": ["Zt4wQ9mN2bV7xK1pL8sR3yH6"]},
        "collection": {"auth": {"type": "bearer", "bearer": [{"key": "token", "value": "Hc5nW8qT1rY4uI7oP0aS3dF6"}]}},
        "env": {"SERVICE_BEARER": "xpn9Caw0SmTkW8rfiPaNkfMmj0LBss310bUbLJdQSPDTCOIW", "PUBLIC_KEY": spki,
                "STRIPE_PUBLISHABLE_KEY": "pk_test_BGJ71ucMBrD4wmd2sXhm6V6J", "DEDUPE_KEY": "b7Xq2LmZ9pRt4KvN8wYs",
                "AWS_APIGW_KEY": "MX3BZ7TAGBCbYB0snzKmyeQDfPsbFPHXC6CzClA6"},
        "frame": {"camera_position": "12.345,67.890", "label_position": "10.250, 20.500",
                  "home_location": "37.76312, -122.41876", "camera_location": "51.50321, -0.11952"},
        "security_questions_faq": [{"question": "Can I change my security questions?",
                                    "answer": "Yes. Go to Settings, then Security, then Change questions."}],
        "security_question_policy": {"value": "required_for_new_devices"},
        "security_question": {"question": "Town where your parents met?", "answer": "Ballykissangel"},
        "security_question_2": {"question": "Name of your first pet?", "answer": "Mr Wobbles"},
        "security_answers": [{"question": "How do I reset them?",
                              "answer": "Open the app and choose Settings, then Reset answers."}],
        "chart_of_accounts": [{"institution": "003", "transit": "00011", "account": "Operating (CAD)"}],
        "direct_deposit": {"transit": "04821", "institution": "815", "account": "8830192"},
        "member": {"login_id": "0412 345 678"}, "visit": {"meeting_id": "812 3456 7890"},
        "parcel": {"carrier": "Yamato", "tracking": "6221 4817 3309"},  # (red team 43's decoy)
    }, b"xpn9Caw0SmTkW8rfiPaNkfMmj0LBss310bUbLJdQSPDTCOIW", b"MX3BZ7TAGBCbYB0snzKmyeQDfPsbFPHXC6CzClA6",
        b"-122.41876", b"-0.11952", b"Ballykissangel", b"Wobbles", b"8830192", b"0412 345 678",
        b"Zt4wQ9mN2bV7xK1pL8sR3yH6", b"Hc5nW8qT1rY4uI7oP0aS3dF6")
    assert out["spec"]["components"]["securitySchemes"]["bearer"]["bearerFormat"] == "JWT"
    assert out["spec"]["components"]["securitySchemes"]["bearer"]["description"].startswith("Paste the access")
    assert out["postman"]["auth"]["bearer"][0]["value"] == "{{access_token}}"
    assert out["proxy"]["auth"]["bearer"] == {"token_env": "SERVICE_BEARER"}
    assert out["proxy"]["bearer"] == "ForwardAuth middleware"
    assert "SERVICE_BEARER" in out["env"] and out["env"]["SERVICE_BEARER"].startswith("<ACCESS_TOKEN:")
    assert out["env"]["PUBLIC_KEY"] == spki and out["env"]["DEDUPE_KEY"] == "b7Xq2LmZ9pRt4KvN8wYs"
    assert out["env"]["STRIPE_PUBLISHABLE_KEY"] == "pk_test_BGJ71ucMBrD4wmd2sXhm6V6J"
    assert out["frame"]["camera_position"] == "12.345,67.890" and out["frame"]["label_position"] == "10.250, 20.500"
    assert out["frame"]["home_location"].startswith("<LOCATION:")
    assert out["frame"]["camera_location"].startswith("<LOCATION:")
    assert out["gateway"]["bearer"][0].startswith("<ACCESS_TOKEN:")
    assert out["collection"]["auth"]["bearer"][0]["value"].startswith("<ACCESS_TOKEN:")
    assert out["security_questions_faq"][0]["answer"].startswith("Yes. Go to Settings")
    assert out["security_question_policy"] == {"value": "required_for_new_devices"}
    assert out["security_answers"][0]["answer"].startswith("Open the app and choose Settings")
    assert out["chart_of_accounts"][0]["account"] == "Operating (CAD)"
    assert out["visit"]["meeting_id"] == "812 3456 7890"
    assert out["parcel"]["tracking"] == "6221 4817 3309"


def test_round_41_an_issued_key_under_an_environment_variable_and_a_bearer(no_ner: Redactor) -> None:
    """Red team 41: `AWS_APIGW_KEY` (a random key under a name that ends in `_KEY` only) and `CDK_API_BEARER` in a
    recorded environment were kept; a `CACHE_KEY` holding words stays."""
    out = no_ner.redact({"env": {"AWS_APIGW_KEY": "MX3BZ7TAGBCbYB0snzKmyeQDfPsbFPHXC6CzClA6",
                                 "CDK_API_BEARER": "xpn9Caw0SmTkW8rfiPaNkfMmj0LBss310bUbLJdQSPDTCOIW",
                                 "CACHE_KEY": "ProductionCacheKeyV2024x1", "S3_KEY": "exports/2026/W24/file.csv"}})
    assert out["env"]["AWS_APIGW_KEY"].startswith("<API_KEY:")
    assert out["env"]["CDK_API_BEARER"].startswith("<ACCESS_TOKEN:")
    assert out["env"]["CACHE_KEY"] == "ProductionCacheKeyV2024x1"
    assert out["env"]["S3_KEY"] == "exports/2026/W24/file.csv"


def test_red_team_44_a_qualified_identity_document_and_an_invite(no_ner: Redactor) -> None:
    """Red team 44: an I-9's List A document typed `foreign_passport` (only `passport` typed its number), and an
    iCalendar invite's DESCRIPTION, whose escaped line ends hid `Passcode:` and made `Meeting ID` a phone number.
    A qualified word that is no identity document (`software_license`) keeps its number."""
    record = {"list_a_document": {"type": "foreign_passport", "number": "X48192735", "country": "GHA"},
              "product": {"type": "software_license", "number": "LIC-4471-8821-PRO"},
              "ics": "DESCRIPTION:Join Zoom https://acme.zoom.us/j/84512937761\\nMeeting ID: 845 1293 7761\\n"
                     "Passcode: Xq7#pL2m\\nDial by your location\\n+44 20 3481 5237 United Kingdom\r\n"}
    out = no_ner.redact(record)
    assert out["list_a_document"]["number"].startswith("<ID_NUMBER:") and out["list_a_document"]["country"] == "GHA"
    assert out["product"] == record["product"]
    assert "Meeting ID: 845 1293 7761\\nPasscode: <PASSWORD:" in out["ics"]
    assert "\\n<PHONE_NUMBER:" in out["ics"] and "Xq7#pL2m" not in out["ics"] and "3481" not in out["ics"]


def test_red_team_44_a_medicare_card_number_in_an_accessibility_tree(no_ner: Redactor) -> None:
    """Red team 44's left as found: a computer-use agent's accessibility tree names a form field `Medicare card
    number` (only `medicare_number` was a key); the node's role and id stay."""
    out = no_ner.redact({"children": [{"role": "textbox", "name": "Medicare card number", "id": "ax-1042",
                                       "value": "2123 45670 1"}], "medicare_card_no": "5987654372"})
    node = out["children"][0]
    assert node["value"].startswith("<ID_NUMBER:") and node["id"] == "ax-1042" and node["role"] == "textbox"
    assert out["medicare_card_no"].startswith("<ID_NUMBER:")


def test_a_vehicle_identification_number_under_its_long_keys_and_after_its_cue(no_ner: Redactor) -> None:
    """Session 21's left as found: `vin` was a key, `vin_number` was not, and a VIN in a sentence was kept. A VIN
    leads to the owner. Seventeen characters with fewer than four digits, or with I, O or Q, are no VIN; `VIN` must
    be the word (`Vincent`, `VINTAGE-...`)."""
    vin = "1HGCM82633A004352"
    out = no_ner.redact({"claim": {"vin_number": vin, "make": "Honda",
                                   "vehicle_identification_number": "WVWZZZ1JZXW000001"},
                         "notes": f"The car's VIN is {vin}, and the vin number JH4KA8260MC000000 was the old one.",
                         "near_misses": ["VIN is pending", "Vincent ABCDEFGHJKLMNPRST", "VINTAGE-2FMDK38C17BA12345",
                                         "VIN: ABCDEFGHJKLMNPRST", "VIN: 1HGCM82633I004352"]})
    assert out["claim"]["vin_number"].startswith("<ID_NUMBER:") and out["claim"]["make"] == "Honda"
    assert out["claim"]["vehicle_identification_number"].startswith("<ID_NUMBER:")
    assert vin not in out["notes"] and "JH4KA8260MC000000" not in out["notes"]
    assert out["notes"].startswith("The car's VIN is <ID_NUMBER:") and out["notes"].count("<ID_NUMBER:") == 2
    assert out["notes"].split("<ID_NUMBER:")[1][:12] == out["claim"]["vin_number"][11:23]
    assert out["near_misses"] == ["VIN is pending", "Vincent ABCDEFGHJKLMNPRST", "VINTAGE-2FMDK38C17BA12345",
                                  "VIN: ABCDEFGHJKLMNPRST", "VIN: 1HGCM82633I004352"]


def test_red_team_44_an_i9s_a_number_under_its_uscis_key(no_ner: Redactor) -> None:
    """Red team 44's left as found: an I-9's A-Number under `uscis_a_number` (a call record's `a_number` is its
    calling party, which the policy already redacts as a number)."""
    out = no_ner.redact({"section_1": {"uscis_a_number": "A-201-448-913", "citizenship": "lawful_permanent_resident"}})
    assert out["section_1"]["uscis_a_number"].startswith("<ID_NUMBER:")
    assert out["section_1"]["citizenship"] == "lawful_permanent_resident"


def test_round_43_keys_that_name_national_numbers_phones_and_payment_parties(no_ner: Redactor) -> None:
    """Red team 43: a CNIC, an Iqama, an NRIC, a CUIT under their keys, a phone number under a key that only says
    `phone` in one of its words (`08125904418` is valid in no default region), M-Pesa's `CreditPartyName` pair,
    a UK UTR, a Chilean RUT and a Singapore FIN were kept (or read as phone numbers). `utr` is also what India's
    payments call a bank transfer's reference, `fin` a word, `run` a run: only a UK UTR's shape, a RUT's or a FIN's
    check counts, and never under `run`."""
    out = no_ner.redact({
        "kyc": {"phone_on_bvn": "08125904418", "employer_phone": "0909 771 2043", "cnic": "35202-4819273-5",
                "iqama_number": "2190347852", "nric": "S8812345Z", "cuit": "27-32458917-7"},
        "hmrc": {"utr": "1234567890"}, "chile": {"rut": "16.482.391-1"}, "sg": {"fin": "M1234567K"},
        "daraja": {"ResultParameter": [{"Key": "CreditPartyName", "Value": "254733550192 - OTIENO ODHIAMBO"}]},
        "near_misses": {"neft_utr": "HDFCR52026071412345678", "utr": "412345678901", "rut": "16.482.391-0",
                        "fin": "quarterly", "run": "164823911", "phone_verified_at": "1719932400",
                        "phone_country": "254", "phone_count": "12345678"},
    })
    assert all(out["kyc"][key].startswith("<PHONE_NUMBER:") for key in ("phone_on_bvn", "employer_phone"))
    assert all(out["kyc"][key].startswith("<ID_NUMBER:") for key in ("cnic", "iqama_number", "nric", "cuit"))
    assert all(out[record][key].startswith("<ID_NUMBER:") for record, key in (("hmrc", "utr"), ("chile", "rut"),
                                                                              ("sg", "fin")))
    assert out["daraja"]["ResultParameter"][0]["Value"].startswith("<PERSON:")
    assert out["near_misses"] == {"neft_utr": "HDFCR52026071412345678", "utr": "412345678901", "rut": "16.482.391-0",
                                  "fin": "quarterly", "run": "164823911", "phone_verified_at": "1719932400",
                                  "phone_country": "254", "phone_count": "12345678"}


def test_red_team_45_secrets_a_query_key_backup_codes_a_short_password_word_and_a_bare_seed(no_ner: Redactor) -> None:
    """Red team 45: a tow company's key in a URL's `?key=`, 2FA backup codes told to an agent (in Korean too), `pw is
    ...`, `my metamask seed is <12 words>`; an Ethereum contract in a block explorer's `/token/` path was taken for a
    one-time token. Near misses: a cache key's name in `?key=`, `recovery code 2024`, `pw 2 of 3`, `the random seed
    is 42`, a digest-free hex path."""
    key = "tk_prod_auJSUFCjGh4ZIZpw8N89bGQmJWiwMplz8MealNur"
    seed = "orbit vessel humble cactus angle banner cradle ribbon tenant unlock fossil echo"
    contract = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
    out = no_ner.redact({
        "endpoint": f"https://api.towdispatch.example/v1/jobs?key={key}&limit=5",
        "chat": "my backup codes are 4f7k-29qd-x8mw, b3n8-q1zt-7vyc and m2rp-6h5a-d9ke. "
                "백업 코드는 t8wx-3cj4-p7nb 이랑",
        "result": {"valid": ["4f7k-29qd-x8mw"]},
        "note": "parent says FSA ID pw is Kaimana!Blue2024 ok",
        "ticket": f"my metamask seed is {seed}. please just reset it fast",
        "docs": f"see https://etherscan.io/token/{contract} for USDT",
        "near_misses": ["https://cache.example.com/get?key=profile_photo_large_version",
                        "recovery code 2024 was printed", "pw 2 of 3 passed; pwd: /home/runner/work",
                        "the random seed is 42"]})
    text = json.dumps(out)
    for value in (key, "4f7k-29qd-x8mw", "b3n8-q1zt-7vyc", "m2rp-6h5a-d9ke", "t8wx-3cj4-p7nb", "Kaimana!Blue2024",
                  "orbit vessel"):
        assert value not in text, value
    assert out["endpoint"].startswith("https://api.towdispatch.example/v1/jobs?key=<API_KEY:")
    assert out["endpoint"].endswith("&limit=5")
    assert out["result"]["valid"][0] == out["chat"].split("are ")[1][:len(out["result"]["valid"][0])]
    assert out["docs"] == f"see https://etherscan.io/token/{contract} for USDT"
    assert out["near_misses"] == ["https://cache.example.com/get?key=profile_photo_large_version",
                                  "recovery code 2024 was printed", "pw 2 of 3 passed; pwd: /home/runner/work",
                                  "the random seed is 42"]


def test_red_team_45_identity_numbers_of_vehicles_immigrants_and_national_registers(no_ner: Redactor) -> None:
    """Red team 45: a plate written in one run, a driving licence's record `dl` and an AAMVA card's `4d DL` field, a
    USCIS receipt number under any key (an EAD card prints it as its number), an A-number in brackets, a passport's
    letters apart from its digits, a refugee travel document, a visa foil, a 12-digit personnummer, a Korean RRN's
    back half, Belgium's national number with its check, a GhanaPost digital address under its key, and a passport
    MRZ's lines held one a list item. Near
    misses: Delta's `DL 1234`, `plate 2 of 3`, a container number, a Belgian number with a wrong check."""
    out = no_ner.redact({
        "notes": "Other driver, plate HVN7714, insurer State Farm. OCR: 4d DL 29471836",
        "driver": {"dl": {"number": "40517783", "state": "TX"}},
        "input": {"receipt_number": "IOE0912345678"}, "ead": "work permit, card number SRC2190347781.",
        "intake": "has an A-number (A214583906). Passport FX 418273; refugee travel document no. is PA 0913377.",
        "ids": {"visa_foil": "Z8841276", "personnummer_12": "198503121249", "rrn_last7": "2384712",
                "digital_address": "GA-492-7718", "gps_address": "near the market"},
        "ocr": "Rijksregisternr.: 85.07.30-033.28\nGeldig tot: 14.02.2031",
        "mrz": ["P<UKRHRYTSENKO<<OLEKSANDR<<<<<<<<<<<<<<<<<<<", "FX418273<9UKR8602145M2806055<<<<<<<<<<<<<<<6"],
        "near_misses": ["Flight DL 1234 departs at 10", "plate 2 of 3", "container MSCU1234567",
                        "Rijksregisternr.: 85.07.30-033.29"]})
    text = json.dumps(out)
    for value in ("HVN7714", "29471836", "40517783", "IOE0912345678", "SRC2190347781", "A214583906", "FX 418273",
                  "PA 0913377", "Z8841276", "198503121249", "2384712", "85.07.30-033.28", "HRYTSENKO", "OLEKSANDR",
                  "FX418273", "GA-492-7718"):
        assert value not in text, value
    assert out["ids"]["gps_address"] == "near the market"
    assert out["driver"]["dl"]["state"] == "TX" and out["ocr"].endswith("\nGeldig tot: 14.02.2031")
    assert out["mrz"][0].startswith("P<<PERSON:") and out["mrz"][1].startswith("<ID_NUMBER:")
    assert out["near_misses"] == ["Flight DL 1234 departs at 10", "plate 2 of 3", "container MSCU1234567",
                                  "Rijksregisternr.: 85.07.30-033.29"]


def test_red_team_45_names_in_their_own_script_wallets_and_spoken_dates(no_ner: Redactor) -> None:
    """Red team 45: a name written again in its own script in brackets, a Korean self-introduction, a dash
    signature, a customer's Ethereum and TRON wallets in a whitelist and a screening list, a birth date after
    `born in nepal on the`, a Dutch work line after its label, a name after two titles. Near misses: a desk's Korean
    greeting, a bracketed acronym after a name, a dash before a product word, a wallet record's balance."""
    out = no_ner.redact({
        "chat": ["hello, this is Park Jun-seo (박준서). I got a letter",
                 "my name is Oleksandr Hrytsenko (Олександр Грищенко), born in nepal on the 3rd of June 1994.",
                 "안녕하세요, 박지우입니다. 2FA 기기를 잃어버렸어요.",
                 "Her brother picked up the keys at move-out. — Gerry",
                 "mobiel 06-41827365 (of werk: 0612873465). Maandbedrag",
                 "Prof Dr. Halvorsen-Mbeki entered an F"],
        "whitelist": [{"address": "0x30bc31547b16733aa293d95267fe970f29e0a295", "label": "metamask"}],
        "addresses": ["0x76c5b7f7c892e3b08277027f48b1196c88296eac", "TExiFtF2M1JqHdknDuAXcUyvTZtHBZY6c9"],
        "wallet": {"balance": "12.5"},
        "near_misses": ["안녕하세요, 고객센터입니다.", "Call Jane Doe (ENG) today", "see the docs -- Quickstart"]})
    text = json.dumps(out, ensure_ascii=False)
    for value in ("박준서", "Олександр", "박지우", "Gerry", "3rd of June 1994", "0612873465", "0x30bc", "0x76c5",
                  "TExiFtF2", "Halvorsen"):
        assert value not in text, value
    assert out["chat"][5].startswith("Prof Dr. <PERSON:")
    assert out["chat"][0] == "hello, this is <PERSON:" + out["chat"][0].split("<PERSON:")[1].split(" ")[0] \
        + " (<PERSON:" + out["chat"][0].split("(<PERSON:")[1]
    assert out["whitelist"][0]["label"] == "metamask" and out["wallet"] == {"balance": "12.5"}
    assert out["near_misses"][0] == "안녕하세요, 고객센터입니다."
    assert out["near_misses"][2] == "see the docs -- Quickstart"
    assert out["near_misses"][1].endswith(" (ENG) today")


def test_red_team_45_car_models_and_a_currency_are_no_names_to_ner(default_redactor: Redactor) -> None:
    """Red team 45 (NER on): a car's model after its make (`Chevrolet Malibu`, `Toyota Sienna`, `RAV4 Hybrid XLE`),
    `Aston Martin`, `zł` after an amount, the Spanish `Ley` before a law's number were taken for people or places;
    a person after a make's sentence still is one."""
    kept = ["This morning around 8:40 a Chevrolet Malibu rear-ended me at a red light.",
            "Luxury trades (Lincoln Nautilus, Mercedes-Benz GLC 300, Aston Martin DB12) go to the used-car manager.",
            "the parking garage was full of Rolls-Royce Cullinan and Toyota Sienna SUVs, ha.",
            "2022 Toyota RAV4 Hybrid XLE", "Zwrot 89,00 zł otrzyma Pani w ciągu 7 dni roboczych.",
            "Consorcio Regional de Transportes. Ley 39/2015 de Procedimiento Administrativo"]
    out = default_redactor.redact({"kept": kept, "named": "I sold my Toyota to Jane Smith last week."})
    assert out["kept"] == kept
    assert "Jane Smith" not in out["named"]


def test_red_team_46_business_numbers_laws_and_upgrades_are_no_phones_or_addresses(no_ner: Redactor) -> None:
    """Red team 46's over-redaction: a W-2's EIN (box b, and after its label), a 1099 payer's TIN, an OMB form
    number, an Oregon rule, a payer's ABN under its key and after its name, a business's GST number, and a
    dependency bumped to a four-part version were read as phones, ids or an IP address. What must still go: a
    recipient's TIN, a phone beside them, an Israeli number in its own 2-7 form, two hosts of a firewall line."""
    kept = {"boxes": {"b": "91-1847362"},
            "form": "b Employer identification number (EIN) 91-1847362\nc Employer's name",
            "1099": "RIDGELINE FEDERAL CREDIT UNION PAYER'S TIN 82-0519448",
            "law": "Wage and Tax Statement 2024 OMB No. 1545-0008; interview due per OAR 461-115-0651.",
            "ato": {"payer": "ATO interest", "payer_abn": "51 824 753 556"},
            "gst": "Our business GST number is 123-847-571. ABN 33 102 417 032.",
            "bump": "bump jackson-databind from 2.13.4 to 2.13.4.1 in /ledger",
            "maven": "[INFO] +- com.fasterxml.jackson.core:jackson-databind:jar:2.13.4.1:compile"}
    out = no_ner.redact({**kept, "gone": "RECIPIENT'S TIN 518-62-4093, call 503-555-0142, mobile 03-1234567; "
                                         "traffic from 10.0.0.12 to 10.0.0.13 blocked"})
    assert {key: out[key] for key in kept} == kept
    for value in ("518-62-4093", "503-555-0142", "03-1234567", "10.0.0.12", "10.0.0.13"):
        assert value not in out["gone"], value


def test_red_team_46_secrets_and_numbers_told_in_forms_of_their_own(no_ner: Redactor) -> None:
    """Red team 46: Cloudflare's `X-Auth-Key`, a Twilio auth token beside its SID in an SDK call, a typed OAuth token
    under `bearer`, an access code and an e-verification code of letters and digits, self-select PINs, a Japanese
    portal password, date of birth and a phone glued to its label, Japan's My Number and a refund account under
    their keys, a TX DL, `student 30077215`, profiles on LinkedIn and GitHub, a phone and a DOB in SQL dump rows.
    Near misses: a placeholder under a secret's key, a bearer setting's name, an org's repository URL, a GPIO pin."""
    copy = ("COPY public.customers (id, name, email, phone, dob) FROM stdin;\n"
            "1\tIngrid Sæther\tingrid@example.no\t+34 612 48 93 17\t1992-11-30\n\\.\n")
    insert = "INSERT INTO users (id, name, phone, dob) VALUES (1, 'Ana Ruiz', '+34 699 12 34 56', '1987-09-14');"
    out = no_ner.redact({
        "shell": 'curl -H "X-Auth-Key: af51f74b4e575c0951c38b803d6be8c38f20a" https://api.cloudflare.com/client/v4',
        "trace": 'Client("ACf5b0dc1e2a3b4c5d6e7f8091a2b3da63", "478df6558e088c127b99b48d8d619b7e")',
        "hmrc": {"bearer": "hmrc_oauth_3b9c1e7a0f5d2846bb19e4c7a2d8f631"},
        "chat": ["My NETFILE access code is K7Q2M9XA.", "e-verify with the code EVC 8H2K4M9QXT today",
                 "Our self-select PINs: mine 58213.", "マイナポータルの暗証番号はSakura-Shinmachi2147です。",
                 "生年月日1989年6月15日、電話090-4817-2263、", "TX DL 38291746, plate 7KTR093",
                 "Jo Park (student 30077215, DOB 2015-03-02)", "see https://www.linkedin.com/in/kwabena-asante-mensah",
                 "GitHub: https://github.com/tlindq"],
        "jp": {"my_number": "482137950620", "direct_deposit_account": "7720039184"},
        "efile": {"headers": {"X-EFSP-Key": "efsp_live_9a7Kd2Lq8ZxV4rT1mB6nW0pC3yH5jF"}},
        "netfile": "account 5021837. 819-346-7720 / etienne@example.ca. "
                   "Refund to account 50100284719366, IFSC HDFC0001234",
        "dump": [copy, insert],
        "near_misses": {"LINEAR_API_KEY": "lin_api_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                        "scheme": {"bearer": "oauth2_client_credentials"}, "cacheKey": "user-profile-42",
                        "text": "see https://github.com/pallets/flask; GPIO pins 4 and 17"}})
    text = json.dumps(out, ensure_ascii=False)
    for value in ("af51f74b4e575c0951c38b803d6be8c38f20a", "478df6558e088c127b99b48d8d619b7e", "3b9c1e7a0f5d",
                  "K7Q2M9XA", "8H2K4M9QXT", "58213", "Sakura-Shinmachi2147", "1989年6月15日", "090-4817-2263",
                  "38291746", "30077215", "kwabena-asante-mensah", "tlindq", "482137950620", "7720039184",
                  "+34 612 48 93 17", "1992-11-30", "+34 699 12 34 56", "1987-09-14", "efsp_live_9a7Kd2Lq8",
                  "819-346-7720", "50100284719366"):
        assert value not in text, value
    assert out["trace"].startswith('Client("ACf5b0dc1e2a3b4c5d6e7f8091a2b3da63", "<ACCESS_TOKEN:')
    assert out["dump"][0].startswith("COPY public.customers (id, name, email, phone, dob) FROM stdin;\n1\t<PERSON:")
    assert out["near_misses"] == {"LINEAR_API_KEY": "lin_api_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                                  "scheme": {"bearer": "oauth2_client_credentials"}, "cacheKey": "user-profile-42",
                                  "text": "see https://github.com/pallets/flask; GPIO pins 4 and 17"}


def test_red_team_46_product_words_are_no_names_to_ner(default_redactor: Redactor) -> None:
    """Red team 46 (NER on): `Pulumi`, `Doppler`, `Docker Hub`, `Postman`, `New Relic`, `Sandbox:`, `Schedule 8812`
    were taken for people or places."""
    kept = ["also Vercel, Pulumi, AWS, Anthropic.", "they live in Doppler.", "PyPI, npm and Docker Hub.",
            "The Atlassian and Postman tokens.", "a live Vault token and a New Relic user key.",
            "You are Codex, a coding agent. Sandbox: workspace-write.", "Schedule 8812 computes the credit."]
    assert default_redactor.redact({"kept": kept})["kept"] == kept


def test_red_team_47_encoded_bodies_xml_and_yaml_names_of_fields(no_ner: Redactor) -> None:
    """Red team 47: a Twilio webhook's spoken number and card and a checkout's autofill fields, seen only
    form-encoded; a card holder's `cc-name`, a statement's `counterparty_name` column; a SOAP body's namespaced
    elements; YAML's `passport_number:` in a text; an email encoded twice; a UK driving licence anywhere. Near
    misses: the form's country, a SOAP envelope's tags."""
    out = no_ner.redact({
        "twilio": "CallSid=CA123&SpeechResult=my+number+is+six+two+eight%2C+three+oh+four%2C+seven+seven+one+nine"
                  "&Confidence=0.88",
        "har": {"postData": {"text": "cc-name=ISIDORE+PENHALIGON&cc-number=4539+9509+4041+8955&cc-exp=09%2F29"
                                     "&address1=1842+Juniper+Hollow+Rd&country=US"}},
        "csv": "date,amount,counterparty_name,iban\n2026-01-02,850.00,Femke Zwanenburg,NL91ABNA0417164300\n",
        "soap": "<soap:Body><cb:Customer><cb:DateOfBirth>1979-11-02</cb:DateOfBirth>"
                "<cb:TaxId scheme=\"BSN\">330612815</cb:TaxId></cb:Customer></soap:Body>",
        "yaml": "customer:\n  passport_number: NXR4K81P2\n  tier: gold\n",
        "url": "https://support.example.com/search?query=email%3Arafael.ibarra-soto%2540cobaltridge.io&limit=5",
        "licence": "Your UK licence LINDQ806150TL9XK is verified"})
    text = json.dumps(out)
    for value in ("six+two+eight", "ISIDORE", "PENHALIGON", "4539+9509", "1842+Juniper", "Femke", "1979-11-02",
                  "330612815", "NXR4K81P2", "ibarra-soto", "LINDQ806150TL9XK"):
        assert value not in text, value
    assert out["twilio"].startswith("CallSid=CA123&SpeechResult=my+number+is+<PHONE_NUMBER:")
    # (round 51: a card's expiry beside its number is card data too, PCI DSS's; it was a near miss here before)
    assert "&cc-exp=<CREDIT_CARD:" in out["har"]["postData"]["text"]
    assert out["har"]["postData"]["text"].endswith("&address1=<STREET_ADDRESS:"
                                                   + out["har"]["postData"]["text"].split("<STREET_ADDRESS:")[1])
    assert "&country=US" in out["har"]["postData"]["text"]
    assert out["soap"].startswith("<soap:Body><cb:Customer><cb:DateOfBirth>&lt;DATE_OF_BIRTH:")
    assert out["yaml"].endswith("\n  tier: gold\n")


def test_red_team_47_clinical_names_and_what_is_no_one(no_ner: Redactor) -> None:
    """Red team 47: a clinician named with their credential, a claim form's `Name of Subscriber:` (not the column
    after it), `Ms P. Venkataraman-Lowe`; an HL7 clinician field's name, not the public NPI before it; a vet
    clinic's patient (a dog) and a ship are no one."""
    hl7 = ("MSH|^~\\&|LAB|HOSP|EHR|HOSP|202601011200||ORU^R01|123|P|2.5\r"
           "ORC|RE|ORD-77120|LAB-4471|||||||||1740283951^ADEYEMI-HART^NGOZI^^^MD\r")
    out = no_ner.redact({
        "notes": ["seen by Sarah Chen, MD today", "PRESCRIBER: Y. AL-KHATIB, MD   NPI: 1293177642",
                  "Name of Subscriber: Marguerite  A.  Okonjo            Relationship to Subscriber:",
                  "<span>Ms P. Venkataraman-Lowe</span>"],
        "hl7": hl7,
        "patients": [{"name": "Biscuit", "species": "canine", "breed": "Beagle"}],
        "voyage": "Muster for the M/S Aurora Meridian at 5pm"})
    text = json.dumps(out)
    for value in ("Sarah Chen", "AL-KHATIB", "Marguerite", "Okonjo", "Venkataraman", "ADEYEMI"):
        assert value not in text, value
    assert out["notes"][1].endswith(", MD   NPI: 1293177642")
    assert out["notes"][2].endswith("            Relationship to Subscriber:")
    assert out["hl7"].split("\r")[1].startswith("ORC|RE|ORD-77120|LAB-4471|||||||||1740283951^<PERSON:")
    assert out["patients"] == [{"name": "Biscuit", "species": "canine", "breed": "Beagle"}]
    assert out["voyage"] == "Muster for the M/S Aurora Meridian at 5pm"


def test_red_team_47_a_har_file_is_a_trace(tmp_path: Path) -> None:
    """Red team 47: a browser agent's `.har` export was "no trace files found". It is JSON: read, redacted and
    sealed like any other trace, written back as `.har`."""
    har = {"log": {"version": "1.2", "entries": [{"request": {
        "method": "POST", "url": "https://shop.example.com/checkout",
        "postData": {"mimeType": "application/x-www-form-urlencoded",
                     "text": "email=isidore.penhaligon%40example.org&cc-number=4539+9509+4041+8955"}}}]}}
    source = tmp_path / "in" / "checkout.har"
    source.parent.mkdir()
    source.write_text(json.dumps(har), encoding="utf-8")
    result = run_cli("redact", str(source.parent), "-o", str(tmp_path / "out"), "--no-ner", "--no-progress")
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "out" / "checkout.har").read_bytes()
    assert b"isidore" not in written and b"4539" not in written and b'"method": "POST"' in written
    assert (tmp_path / "out" / "checkout.har.seal.json").is_file()


def test_red_team_47_an_issued_tickets_barcode_is_a_credential(no_ner: Redactor) -> None:
    """Red team 47: a ticket's or a pass's barcode lets whoever shows it in, and was kept as an id; the same code in
    the assistant's text goes with it. A product's GTIN (its check digit) and a barcode beside a product's fields
    stay."""
    out = no_ner.redact({
        "tickets": [{"seat": "Section 112, Row F, Seat 9", "barcode": "TX9-4K7Q-2M8Z-C4R1-B6", "format": "PDF417"}],
        "order": {"status": "paid", "barcodes": ["TX9-8P2L-5V7C-K1J4-Q3"]},
        "parking": {"lot": "P3", "barcode": "482019377615203948"},
        "reply": "Your mobile ticket barcode is TX9-8P2L-5V7C-K1J4-Q3; show it at Gate B.",
        "kept": [{"name": "Milk 1L", "barcode": "4006381333931"}, {"sku": "A1", "barcode": "ABC12345678"}]})
    text = json.dumps(out)
    for value in ("TX9-4K7Q-2M8Z-C4R1-B6", "TX9-8P2L-5V7C-K1J4-Q3", "482019377615203948"):
        assert value not in text, value
    assert out["tickets"][0]["barcode"].startswith("<CREDENTIAL:") and out["tickets"][0]["format"] == "PDF417"
    assert out["reply"].endswith("; show it at Gate B.")
    assert out["kept"] == [{"name": "Milk 1L", "barcode": "4006381333931"}, {"sku": "A1", "barcode": "ABC12345678"}]


def test_red_team_48_digits_of_other_scripts_local_keys_mentions_and_rule_numbers(no_ner: Redactor) -> None:
    """Red team 48: Arabic-Indic digits (an Emirates ID, a UAE mobile after `رقمي`), a Hinglish `mera number`, an
    IMEI and a Vietnamese CCCD after their names, a Salesforce `DNI__c`, a nominee, a Hijri date of birth, a Thai
    house registration, Iran's `sheba`, a SIM's PUK and an eSIM's activation code, a claim's `payout` account, an
    @mention of a full name. Near misses: a rule book's `Subsection 2.3.2.4`, an email's domain after its `@`."""
    out = no_ner.redact({
        "chat": ["رقمي ٠٥٠٤٧٢٨٣١٦ والاسم", "رقم الهوية ٧٨٤-١٩٨٨-٤٧٢٩٣١٦-٨", "mera number 9820145673 hai",
                 "Purana device IMEI 867531042983615 block nahi", "cccd cua minh 001192004731 nhe",
                 "cc @Oluwaseun Adeyemi on the rollout"],
        "crm": {"DNI__c": "48392017V", "nominee": "Amit Kushwaha", "dob_hijri": "١٤٠٨/٠٣/١٥",
                "house_reg": "88/12 Moo 3, Ramkhamhaeng Road, Bangkok 10240", "sheba": "IR820540102680020817909002",
                "puk": "48210937", "activation_code": "LPA:1$smdp.example.ae$K2-4F7Q9-ZXW81M-3HD0"},
        "claim": {"payout": {"method": "ACH", "account": "2200418873"}},
        "kept": ["NACHA Operating Rules, Subsection 2.3.2.4", "write to jane.doe@Example Corp today"]})
    text = json.dumps(out, ensure_ascii=False)
    for value in ("٠٥٠٤٧٢٨٣١٦", "٤٧٢٩٣١٦", "9820145673", "867531042983615", "001192004731", "Oluwaseun", "48392017V",
                  "Kushwaha", "١٤٠٨", "Ramkhamhaeng", "IR820540102680020817909002", "48210937", "K2-4F7Q9",
                  "2200418873"):
        assert value not in text, value
    assert out["claim"]["payout"]["method"] == "ACH"
    assert out["kept"][0] == "NACHA Operating Rules, Subsection 2.3.2.4"
    assert out["kept"][1].endswith("@Example Corp today")


def test_values_written_in_character_references_are_read_and_replaced_as_written(no_ner: Redactor) -> None:
    """A scraped page's, an email HTML part's or a log's character references (`&#43;1 984&#45;555...`,
    `j&#46;doe&#64;...`, `\\u0040`) hide a value from the patterns: the text is read decoded, and the value is
    replaced as the text writes it, with the token it has where it is written plainly. Near misses: `AT&amp;T`,
    a query's `&copy=2`, a reference to nothing, and the decoded text is not written anywhere."""
    out = no_ner.redact({
        "page": "<p>Call me on &#43;1 984&#45;555&#45;0134 or mail j&#46;doe&#64;example.org</p>",
        "plain": "callback +1 984-555-0134",
        "card": "<td>4111&#32;1111&#32;1111&#32;1111</td>",
        "log": "login user=alice\\u0040contoso.com from \\u002b44 7700 900123",
        "kept": ["AT&amp;T &lt;b&gt;", "/search?q=1&copy=2", "fine &madeup; words"]})
    text = json.dumps(out, ensure_ascii=False)
    for value in ("984&#45;555", "0134", "j&#46;doe", "doe&#64;", "1111&#32;1111", "alice", "7700 900123"):
        assert value not in text, value
    assert out["page"].startswith("<p>Call me on &lt;PHONE_NUMBER:") and out["page"].endswith("</p>")
    page_phone = TOKEN_RE.search(out["page"].replace("&lt;", "<").replace("&gt;", ">"))  # (escaped in markup)
    plain_phone = TOKEN_RE.search(out["plain"])
    assert page_phone is not None and plain_phone is not None and page_phone.group(0) == plain_phone.group(0)
    assert "&lt;EMAIL_ADDRESS:" in out["page"] and "&lt;CREDIT_CARD:" in out["card"]
    assert out["kept"] == ["AT&amp;T &lt;b&gt;", "/search?q=1&copy=2", "fine &madeup; words"]


def test_answers_are_read_by_their_questions_and_labelled_names_family_name_first(no_ner: Redactor) -> None:
    """An intake bot's `{"question", "answer"}` records, a form's `{"label": "What is your full name?", "value"}` and
    a Typeform webhook's answers (`{"field": {"title": ...}, "type": "text", "text": ...}`): each answer is what a
    key named by its question's subject holds. A chart's or a fax's `Patient name: Baptiste, Cornelius` (in
    capitals too) is the name, with the token it has in prose's order. Near misses: a question that asks for no
    field, a choice's label, a bare `Name` question over a plan, a firm or a place after a name label."""
    out = no_ner.redact({
        "intake": [{"question": "What is your name?", "answer": "Cornelius Baptiste"},
                   {"question": "2) Please enter your date of birth (MM/DD/YYYY)", "answer": "04/22/1958"},
                   {"label": "What is your full name?", "value": "Cornelius Baptiste"},
                   {"question": "Anything else we should know?", "answer": "No thanks"},
                   {"question": "Name", "answer": "Premium plan"},
                   {"question": "Forgot password?", "answer": "Use the reset link on the sign-in page"},
                   {"prompt": "Reset my password", "response": "Open Settings, then Security"}],
        "typeform": [{"field": {"ref": "addr", "title": "Home address", "type": "short_text"}, "type": "text",
                      "text": "12 Elm Row, Leeds"},
                     {"field": {"ref": "plan", "title": "Which plan?"}, "type": "choice", "choice": {"label": "Gold"}}],
        "chart": ["Patient name: Baptiste, Cornelius", "PATIENT NAME: BAPTISTE, CORNELIUS  DOB: 03/30/1961"],
        "kept": ["Customer name: Acme, Inc.", "Billing name: Paris, France", "Account name: Operations, Finance"]})
    text = json.dumps(out)
    for value in ("Cornelius", "BAPTISTE", "04/22/1958", "03/30/1961", "Elm Row"):
        assert value not in text, value
    names = (out["intake"][0]["answer"], out["intake"][2]["value"], out["chart"][0], out["chart"][1])
    tokens = {found.group(0) for found in map(TOKEN_RE.search, names) if found is not None}
    assert len(tokens) == 1 and all(TOKEN_RE.search(name) for name in names), tokens
    assert out["intake"][3]["answer"] == "No thanks" and out["intake"][4]["answer"] == "Premium plan"
    assert out["intake"][5]["answer"] == "Use the reset link on the sign-in page"
    assert out["intake"][6]["response"] == "Open Settings, then Security"
    assert out["typeform"][1]["choice"] == {"label": "Gold"}
    assert out["kept"] == ["Customer name: Acme, Inc.", "Billing name: Paris, France",
                           "Account name: Operations, Finance"]


def test_a_user_agents_four_part_version_is_no_address(no_ner: Redactor) -> None:
    """Red team 49: a review platform's user agent `kCura.Relativity.Client/13.2.114.5` kept its version. Near
    misses: a host in a path and an address with its prefix length stay addresses."""
    out = no_ner.redact({"ua": "kCura.Relativity.Client/13.2.114.5 (Windows)", "peer": "peer 203.0.113.9/32 ok",
                         "path": "proxied via edge/10.20.30.40 today"})
    assert out["ua"] == "kCura.Relativity.Client/13.2.114.5 (Windows)"
    assert "203.0.113.9" not in out["peer"] and "10.20.30.40" not in out["path"]


ROUTER_CONFIG = (
    "hostname core1\nenable secret 9 $9$nhEmQVczB7dqsO$X.HsgL6x1il0RxkOSSvyQYwucySCSbEVHF7NzGN2Rh.\n"
    "username fieldtech privilege 5 password 7 094F471A1A0A464058\n!\nsnmp-server community Bw7!corpRO RO 10\n"
    "snmp-server community public RO\ntacacs server ISE1\n address ipv4 10.1.1.1\n key 7 13061E010803557878\n"
    "radius server R1\n key Zt4pK9vQ2mLx\n!\ncrypto isakmp key Vp9n-Dallas-2024 address 203.0.113.9\n"
    "line vty 0 4\n password 7 0822455D0A16\n transport input ssh\n"
)


def test_red_team_49_device_secrets_keys_and_cues(tmp_path: Path) -> None:
    """Red team 49: a router's running-config (Cisco type 5/7/9 secrets, an SNMP community, RADIUS, TACACS+ and IKE
    keys), a Junos `$9$` key and a shadow line's SHA-crypt hash, `login admin / <pw>`, telecom and utility keys
    (`donor_imsi`, `imei_last_seen`, `mpan_full`, `msn`, Persona's `name-first`), German customer numbers, an SSN's
    last four after `SSN last 4:`, a CLABE and a NIF after Spanish's and Portuguese's `is`, a DOB in brackets and
    an Amex CID were kept. Near misses: a default community, a command's words, the config's structure, keys whose
    qualifier is no PII's (`current_version`, `last_seen`), a product's `upc`, a bare `CID`."""
    shadow = ("root:$6$Qm2xT9vB$Zk4Jd8.wQ1rT7nYp3LsE0uV6bN2mC5xA9hG4fK8jR1tW3yP6qS0dZ7cX2vB5nM8lK4jH1gF9dS6aQ3wE7"
              "rT0y.:19700:0:99999:7:::")
    planted = [b"$9$nhEmQVczB7dqsO", b"094F471A1A0A464058", b"Bw7!corpRO", b"13061E010803557878", b"Zt4pK9vQ2mLx",
               b"Vp9n-Dallas-2024", b"0822455D0A16", b"$9$kP5Q/CtOBEhrlvLxNdbYgoZUHkPfz6", b"Qm2xT9vB",
               b"Gr8-Fibre-Hub!", b"262073390128475", b"868912059956877", b"S 03 801 851 16 0000 4829 175",
               b"19L3084517", b"Souza", b"KD-4418820", b"1EMH0012345678", b"51238696781", b"LH59X4KT7", b"6021",
               b"012180004823435892", b"238174654", b"9 February 1982", b"CID 8841"]
    out = redacted_by_the_cli(tmp_path, {
        "config": ROUTER_CONFIG,
        "junos": 'protocols { bgp { group ext { authentication-key "$9$kP5Q/CtOBEhrlvLxNdbYgoZUHkPfz6"; } } }',
        "shadow": shadow,
        "note": "hub web UI login admin / Gr8-Fibre-Hub! (from label)",
        "port": {"donor_imsi": "262073390128475", "imei_last_seen": "868912059956877",
                 "current_version": "4.2.1", "last_seen": "2024-06-15T02:58:19Z", "upc": "012345678905"},
        "meter": {"mpan_full": "S 03 801 851 16 0000 4829 175", "msn": "19L3084517"},
        "persona": {"name-first": "Ana", "name-last": "Souza"},
        "de": "Kundennummer KD-4418820, Zählernummer 1EMH0012345678, MaLo-ID 51238696781, Ausweisnummer LH59X4KT7.",
        "us": "Verified with SSN last 4: 6021 today. Ticket CID 4471 closed.",
        "mx": "Mi CLABE es 012180004823435892 (BBVA)",
        "pt": "O meu número de contribuinte é 238174654 e o telemóvel",
        "ie": "He confirms his identity, DOB (9 February 1982) and home address.",
        "card": "Amex CID 8841 on the back",
    }, *planted)
    config = out["config"]
    for kept in ("hostname core1\nenable secret 9 <PASSWORD:", "username fieldtech privilege 5 password 7 <PASSWORD:",
                 "snmp-server community public RO\n", " address ipv4 <IP_ADDRESS:", " key 7 <PASSWORD:",
                 " key <PASSWORD:", "line vty 0 4\n password 7 <PASSWORD:", " transport input ssh\n"):
        assert kept in config, kept
    assert out["shadow"].startswith("root:<PASSWORD:") and out["shadow"].endswith(">:19700:0:99999:7:::")
    assert out["port"]["current_version"] == "4.2.1" and out["port"]["last_seen"] == "2024-06-15T02:58:19Z"
    assert out["port"]["upc"] == "012345678905"
    assert out["persona"]["name-first"].startswith("<PERSON:")
    assert "Ticket CID 4471 closed." in out["us"]
    assert out["note"].startswith("hub web UI login admin / <PASSWORD:")


def test_red_team_49_prefixes_pins_webhooks_streets_names_and_masked_numbers(tmp_path: Path) -> None:
    """Red team 49, the rest: a subscriber's delegated IPv6 prefix (a network to `ipaddress`), `account_pin=` in a
    query string, a Discord webhook URL, a meter's PIN named with whose it is, a German street with no street word,
    a Central Asian given name and a patronymic were kept with NER off. And numbers masked for display under a card
    or account key (`XXXXXXXXXXXX4417`) became tokens: they name no one, and replay compares them. Near misses: an
    operator's /32 and documentation space, a board's `gpio_pin`, a count after `Im Quartal`, an SSN's last four
    (redacted wherever they stand)."""
    webhook = ("https://discord.com/api/webhooks/1187654321098765432/"
               "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3rS5t")
    planted = [b"2a00:23c7:8d4a:b100::", b"904417", webhook.encode(), b"83015527", b"Am Kirchberg 3", b"Rahimova",
               b"Nurlanovna", b"1937"]
    out = redacted_by_the_cli(tmp_path, {
        "router": "WAN up; delegated prefix 2a00:23c7:8d4a:b100::/56 via DHCPv6-PD; upstream 2a00:1450::/32, "
                  "lab 2001:db8:1::/48",
        "url": "https://bank.example/verify?acct=1&account_pin=904417&next=home",
        "board": {"gpio_pin": 17, "note": "gpio_pin=17 drives the relay"},
        "alerts": f"posting to {webhook}",
        "meter": "Die Anzeige-PIN des Zählers 83015527 steht auf dem Brief.",
        "address": "Lieferung an Am Kirchberg 3, 83278 Traunstein. Im Quartal 3, 45000 Kunden.",
        "caller": "Customer Daniya Rahimova called; Aigerim Nurlanovna too.",
        "payment": {"CardNumber": "XXXXXXXXXXXX4417", "iban": "DE89 **** **** **** 3000", "ssn": "***-**-1937"},
    }, *planted)
    assert "upstream 2a00:1450::/32, lab 2001:db8:1::/48" in out["router"]
    assert out["board"] == {"gpio_pin": 17, "note": "gpio_pin=17 drives the relay"}
    assert out["url"].startswith("https://bank.example/verify?acct=1&account_pin=<CREDENTIAL:")
    assert out["alerts"].startswith("posting to <CREDENTIAL:")
    assert "Im Quartal 3, 45000 Kunden." in out["address"]
    assert out["payment"]["CardNumber"] == "XXXXXXXXXXXX4417" and out["payment"]["iban"] == "DE89 **** **** **** 3000"
    assert out["payment"]["ssn"].startswith("<US_SSN:")


def test_red_team_50_bookings_state_files_and_european_forms(tmp_path: Path) -> None:
    """Red team 50 (NER off): a booking's record locator, e-tickets and loyalty numbers under the keys that hold
    them; Terraform's generated password in a state file and a secret's new value in a plan; an env key with a
    qualifier after its secret word (`PINECONE_API_KEY_LEGACY`); names, ids, plates and phones under the keys of
    Dutch, Danish, Polish, Spanish and French forms, CSV columns named for whose value it is (`dni_tutor`); a
    Czech password in prose; an SMS API's recipient in E.164's digits. Near misses: a support ticket's id, a
    `ticket_id` in milliseconds, a product's `nome`, a `random_string`'s result, an unchanged host in the plan, a
    `to`/`from` window in epoch seconds."""
    planted = [b"QX7M4P", b"1252183746591", b"1252183799104", b"JL408273915", b"KQ482917", b"1049283756",
               b"58213947", b"TTK83P2N7", b"U19384726", b"#bouQwOvyQYzy!gDGw%i0GgK", b"kR9v-Quay-Lantern-2026",
               b"67a986db-fe25-450d-acf6-defaf27a8c4e", b"Ruud Bakker", b"Mette Kj", b"220776-1004", b"CX 43 817",
               b"698221473", b"Oliwia", b"71836204M", b"070923418KH", b"219047511431266", b"MRF-DE-2026-000381",
               b"Vojta.Brno-19", b"447700900418"]
    csv = ("alumno;fecha_nacimiento;dni_tutor;telefono_tutor\n"
           "Lucía Ortega Vázquez;2018-05-14;71836204M;655 903 127\n")
    out = redacted_by_the_cli(tmp_path, {
        "booking": {"record_locator": "QX7M4P", "ticket": "1252183746591", "new_ticket": "1252183799104",
                    "ff": "JL408273915", "ua_mileageplus": "KQ482917", "hilton_honors": "1049283756",
                    "loyalty": {"programme": "BA Executive Club", "membership_number": "58213947"},
                    "tsa_precheck": "TTK83P2N7", "passports": [{"country": "TUR", "number": "U19384726"}]},
        "support": {"ticket": "INC-4471", "ticket_id": "1767225600123", "seats": 2},
        "state": {"resources": [
            {"type": "random_password", "instances": [{"attributes": {
                "bcrypt_hash": "$2a$10$Qm2xT9vBZk4Jd8wQ1rT7nYp3LsE0uV6bN2mC5xA9hG4fK8jR1tW3y", "id": "none",
                "length": 24, "result": "#bouQwOvyQYzy!gDGw%i0GgK", "special": True}}]},
            {"type": "random_string", "instances": [{"attributes": {"length": 8, "result": "brave-otter"}}]}]},
        "plan": ('  ~ environment {\n      ~ variables = {\n          ~ "DB_PASSWORD" = "Tide-Pool-4471-old" -> '
                 '"kR9v-Quay-Lantern-2026"\n          ~ "DB_HOST" = "db-old.internal" -> "db-new.internal"\n'),
        "env": "PINECONE_INDEX=copilot-prod-v3\nPINECONE_API_KEY_LEGACY=67a986db-fe25-450d-acf6-defaf27a8c4e\n",
        "nl": {"toeslagpartner": {"naam": "Ruud Bakker", "bsn": "304198274"}},
        "dk": {"kommune": "København", "navn": "Mette Kjærgaard", "cpr": "220776-1004", "nummerplade": "CX 43 817"},
        "pl": {"telefon": "698221473", "imie_nazwisko": "Oliwia Kołodziej"},
        "es": {"export_csv": csv},
        "fr": {"INE": "070923418KH", "numero_securite_sociale": "219047511431266"},
        "sepa": {"mandate_reference": "MRF-DE-2026-000381", "creditor_id": "DE98ZZZ09999999999"},
        "shop": {"nome": "Prodotto Alfa", "prezzo": 12},
        "sms": {"to": "447700900418", "from": "BritishAir", "text": "Your flight BA117 is cancelled"},
        "window": {"to": "1767225600", "from": "1767225000", "message": "range"},
        "cz": "Do Bakalářů se přihlašuji jako prochazkova.k, heslo Vojta.Brno-19 – prosím, zkontrolujte to.",
    }, *planted)
    assert out["support"] == {"ticket": "INC-4471", "ticket_id": "1767225600123", "seats": 2}
    assert out["booking"]["loyalty"]["programme"] == "BA Executive Club"
    assert out["state"]["resources"][1]["instances"][0]["attributes"]["result"] == "brave-otter"
    assert '~ "DB_HOST" = "db-old.internal" -> "db-new.internal"' in out["plan"]
    assert out["env"].startswith("PINECONE_INDEX=copilot-prod-v3\nPINECONE_API_KEY_LEGACY=<API_KEY:")
    assert out["shop"] == {"nome": "Prodotto Alfa", "prezzo": 12}
    assert out["dk"]["kommune"] == "København" and out["dk"]["cpr"].startswith("<ID_NUMBER:")
    assert out["es"]["export_csv"].startswith("alumno;fecha_nacimiento;dni_tutor;telefono_tutor\n")
    assert out["sepa"]["creditor_id"] == "DE98ZZZ09999999999"
    assert out["sms"]["from"] == "BritishAir" and out["sms"]["to"].startswith("<PHONE_NUMBER:")
    assert out["window"] == {"to": "1767225600", "from": "1767225000", "message": "range"}


def test_red_team_51_homes_locks_payments_and_calls(tmp_path: Path) -> None:
    """Red team 51 (NER off): a courier's `door_code` and `gate_code`, a smart lock's code slots, an EXIF position
    with its hemispheres, a geofence's centre, a German driving licence's key, a Tuya `local_key`; an IVR's key
    presses by the prompt they answer, a SIP URI's password, a dental insurance id; a Solana wallet in a customer's
    list, 3-D Secure's `cardExpiryDate`, Checkout.com's `sk_<uuid>`, Plaid's 30-hex secret after `secret`, an Adyen
    HMAC key in prose; a caller's spelled name (in a words array in lower case too), a date of birth and a card's
    security code said aloud. Near misses: a menu's key press, a layout's `center`, a masked proxy number, a bare
    UUID, a subscription's `expiry_date`."""
    planted = [b"4471#", b"2580*", b"582913", b"40.411731 N", b"39.470239", b"B072RRE2I55", b"f#9Kq2!vLx7@Pm3z",
               b"8315", b"Qv7mT2pxL9wz", b"D44719208", b"8yxauyyiTGiqyFHh2DLHns8ftZersM1ivuX7wQbxVs9", b"3011",
               b"sk_286a8cf1-f6f4-405b-b05f-f14602cece4a", b"7d4d5b6b3135ae56471906cc5c3670",
               b"B3A1F0C9E27D4865A9C1D0F3E6B7A2945C8D1E0F7A6B3C2D9E8F1A0B4C7D6E5F", b"K-O-W-A-L-S-K-I",
               b"k-o-w-a-l-s-k-i", b"March third nineteen eighty-four", b"seven one nine", b"48.128472"]
    out = redacted_by_the_cli(tmp_path, {
        "asr": {"transcript": "Hi, my name is Teodora Kowalski, that's K-O-W-A-L-S-K-I. My date of birth is March "
                              "third nineteen eighty-four and the security code is seven one nine.",
                "words": [{"word": "k-o-w-a-l-s-k-i", "start": 3.1, "punctuated_word": "K-O-W-A-L-S-K-I."}]},
        "dropoff": {"address": "1439 Larkspur Ln", "door_code": "4471#", "gate_code": "2580*"},
        "lock": {"code_slots": [{"slot": 1, "name": "Jürgen", "code": "582913"}]},
        "exif": {"Model": "Zebra TC52", "GPSPosition": "40.411731 N, 3.702887 W"},
        "geofence": {"zone": "zone.home", "center": "39.470239, -0.357615", "radius": "150 m"},
        "layout": {"center": "0.5000, 0.5000", "zoom": 3},
        "courier": {"fuehrerschein_nr": "B072RRE2I55", "proxy": "Fallback auf Proxy +49 (555) 010-XXXX."},
        "tuya": {"model": "TS011F", "local_key": "f#9Kq2!vLx7@Pm3z"},
        "ha_secrets": {"home_latitude": "48.128472", "unit_system": "metric"},
        "dtmf": [{"prompt": "main_menu", "digits": "2"}, {"prompt": "account_pin", "digits": "8315", "attempt": 1}],
        "sip": {"sip_uri": "sip:lakeshore-bridge:Qv7mT2pxL9wz@lakeshore-rx.sip.twilio.com;transport=tls"},
        "patient": {"insurance_id": "D44719208"},
        "kyc": {"wallets": ["8yxauyyiTGiqyFHh2DLHns8ftZersM1ivuX7wQbxVs9"]},
        "threeds": {"cardExpiryDate": "3011", "messageVersion": "2.2.0"},
        "plan": {"expiry_date": "2027-01-01"},
        "chat": "Secret key rotated (old one was sk_286a8cf1-f6f4-405b-b05f-f14602cece4a), request "
                "286a8cf1-aaaa-405b-b05f-f14602cece4a. Our Plaid keys: secret 7d4d5b6b3135ae56471906cc5c3670. The "
                "Adyen notification HMAC key is B3A1F0C9E27D4865A9C1D0F3E6B7A2945C8D1E0F7A6B3C2D9E8F1A0B4C7D6E5F now.",
    }, *planted)
    assert out["dtmf"][0] == {"prompt": "main_menu", "digits": "2"}
    assert out["layout"] == {"center": "0.5000, 0.5000", "zoom": 3}
    assert out["courier"]["proxy"] == "Fallback auf Proxy +49 (555) 010-XXXX."
    assert out["threeds"]["messageVersion"] == "2.2.0" and out["plan"] == {"expiry_date": "2027-01-01"}
    assert "request 286a8cf1-aaaa-405b-b05f-f14602cece4a." in out["chat"]
    assert out["sip"]["sip_uri"].endswith("@lakeshore-rx.sip.twilio.com;transport=tls")
    word = out["asr"]["words"][0]
    assert word["start"] == 3.1 and word["word"].startswith("<PERSON:")
    assert word["punctuated_word"] == word["word"] + "."


def test_red_team_52_latin_american_and_asia_pacific_payroll(tmp_path: Path) -> None:
    """Red team 52 (NER off): numbers a caller reads out in Spanish and Portuguese (digits, Mexico's pairs, a
    CLABE's long run), postcodes said after their name, dates of birth said in words, passwords in Spanish and
    Portuguese prose; payroll and KYC keys (a birthday, Peru's `numero_documento`, India's UAN and PIN code, New
    Zealand's IRD, a bank's `cuenta`), a record's dependents and Chinese and Korean names of three characters found
    once and replaced everywhere; command lines and configs (keytool, `kubectl create secret --from-literal`, SQL's
    `IDENTIFIED BY`, an .npmrc's `_auth`, a magic link, a Razorpay key's secret); a national number assigned to its
    column in a query; a name spelled with spaces after its label. (AWS's documented `AKIAIOSFODNN7EXAMPLE` is still
    redacted: the shipped example plants it.) Near misses: counting in Spanish, a meeting's date, a ConfigMap's
    literal, a redacted placeholder, a company's name in Chinese, an employer's CUIT, RFC, RUT and Korean registration
    number, a bank's IFSC, name and BIC in an account's record, a door's `pin` beside an address's, a Google service
    account's address, Bundler's settings, an invoice's folio, a CI run's id."""
    planted = [b"tres uno cero cinco ocho siete", b"cincuenta y cinco, cuarenta y uno", b"cero uno dos, uno ocho cero",
               b"nove oito sete quatro cinco", b"uno uno cinco dos nueve", b"six eight two zero three six",
               b"twenty third January nineteen eighty seven", b"vinte e dois de agosto de noventa e um",
               b"Csd.Bajio.2025", b"Galicia.Nomina#26", b"1990-01-09", b"45871236", b"100938274615", b"560102",
               b"113827467", b"1547823961", b"Jeong Park", b"Jks-Store-8814", b"Gq4Vz-bootstrap-71Lm",
               b"Rpt-Grant-88xQ", b"Y2ktZGVwbG95OldyNy1GYWxjb24tUXVhcnJ5LTI5",
               b"8Hza_bjDX9RNx4yJRJ4_X0QJwnc2dXJUAH0Yr-k2GWkNOPhz"]
    out = redacted_by_the_cli(tmp_path, {
        "asr": ["Mi número de seguro social es tres uno cero cinco ocho siete uno dos tres cuatro cinco.",
                "Sí, es el cincuenta y cinco, cuarenta y uno, ochenta y ocho, veintitrés, diecisiete.",
                "a mi CLABE, cero uno dos, uno ocho cero, cero uno cinco cuatro siete ocho dos tres nueve seis uno "
                "cero",
                "me liga no onze, nove oito sete quatro cinco, dois um meia três",
                "el código postal nuevo es uno uno cinco dos nueve, gracias",
                "Address pin code six eight two zero three six please",
                "Date of birth twenty third January nineteen eighty seven",
                "Nasci em vinte e dois de agosto de noventa e um",
                "uno, dos, tres, cuatro y cinco veces lo dije",
                "la reunión es el quince de marzo del dos mil veintiséis"],
        "chat": ["la contraseña de la llave privada del CSD es Csd.Bajio.2025 y listo",
                 "la clave del Office Banking es Galicia.Nomina#26", "la palabra clave es importante"],
        "buk": {"birthday": "1990-01-09", "numero_documento": "45871236", "uan": "100938274615",
                "address": {"pincode": "560102"}, "taxCode": {"irdNumber": "113827467"},
                "banco": {"nombre": "BBVA", "cuenta": "1547823961"},
                "dependents": [{"name": "Jeong Park", "relationship": "father"}, {"name": "박정호"}]},
        "myinfo": {"chinesename": {"value": "陈慧玲"}, "employer": {"name": "华为公司"}},
        "summary": "Applicant 陈慧玲 and dependant 박정호 verified.",
        "shell": "keytool -importkeystore -srckeystore in.p12 -deststorepass Jks-Store-8814 -noprompt\n"
                 "kubectl create secret generic ledger-bootstrap --from-literal=ADMIN_BOOTSTRAP=Gq4Vz-bootstrap-71Lm\n"
                 "kubectl create configmap app --from-literal=LOG_LEVEL=debug\n"
                 "CREATE USER 'reporting'@'10.%' IDENTIFIED BY 'Rpt-Grant-88xQ';\n"
                 "//nexus.example.internal/repository/npm/:_auth=Y2ktZGVwbG95OldyNy1GYWxjb24tUXVhcnJ5LTI5\n"
                 "GET /auth/magic/8Hza_bjDX9RNx4yJRJ4_X0QJwnc2dXJUAH0Yr-k2GWkNOPhz HTTP/1.1",
        "env_example": "OPENAI_API_KEY=sk-...redacted\nPINECONE_API_KEY=<your-key>",
        "employer": "Empleador: Grupo Andino SA, CUIT 30-71234569-8, RFC GTB130722QK4, RUT 76.543.210-3.",
        "employee": "Empleado: CUIT 20-28774512-6, RFC GODE561231GR8, RUT 16.482.391-1",
        "kr": "(사업자등록번호 220-87-49137)",
        "pe": "Buenas, soy Rosa Quispe, DNI 45871236. No me llegó la CTS.",
        "kyc_call": "Ankit hai, surname N A I R. Grid row A B C D is fine.",
        "siigo": "Fecha de nacimiento registrada: 27 de junio de 1993.",
        "sql": "SELECT l.liquido FROM liquidaciones l WHERE l.rut_trabajador = '17384562' AND periodo = '202605'",
        "sunat": {"ruc": "10458712366", "empleador": {"ruc": "20601458973"}},
        "ci_log": "deploy run=9518823470 finished; dni_type=CC",
        "razorpay": {"python": "requests.post(url, auth=('rzp_live_3HYfgCHe0fS3sh', 'NEf4SjzS0ckdDsoxgHMKTdFC'))",
                     "auth": ["rzp_live_3HYfgCHe0fS3sh", "NEf4SjzS0ckdDsoxgHMKTdFC"]},
        "cfdi": '<cfdi:Comprobante Folio="2026-0612-0417" Serie="NOM">',
        "spei": {"banco": {"nombre": "BBVA México", "clabe": "012180015478239610"}},
        "greythr": {"address": {"city": "Bengaluru", "pin": "560102"}, "door": {"pin": "7391"},
                    "error": "member with residentRegistrationNumber 9305122048272 already exists"},
        "myinfo_mobile": {"mobileno": {"prefix": {"value": "+"}, "areacode": {"value": "65"},
                                       "nbr": {"value": "91274863"}}},
        "pubkey": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPNr/ebW/4Bo/3CsqJTJ2GDCoRlkbAVmjVTbIl1X/U6s "
                  "rosalind.fairweather@orchardmesa.io",
        "gcloud": "gcloud run deploy --impersonate-service-account=tf-deployer@orchard-mesa-prod.iam"
                  ".gserviceaccount.com",
        "ci_env": "BUNDLE_GEMS__CONTRIBSYS__COM=eee86d03:0b7ac62c\nBUNDLE_PATH=vendor/bundle",
        "payout": {"bank_account": {"ifsc": "HDFC0001842", "bank_name": "HDFC Bank",
                                    "account_number": "50100482736915"},
                   "conta": {"bic": "ITAUBRSPXXX", "numero": "12345-6"}},
    }, *planted, b"20-28774512-6", b"GODE561231GR8", b"16.482.391-1", b"50100482736915", b"12345-6", b"91274863",
       b"rosalind.fairweather", b"9305122048272", b"eee86d03:0b7ac62c", b"N A I R", b"27 de junio de 1993",
       b"012180015478239610", b"17384562", b"10458712366", b"NEf4SjzS0ckdDsoxgHMKTdFC")
    assert out["asr"][8:] == ["uno, dos, tres, cuatro y cinco veces lo dije",
                              "la reunión es el quince de marzo del dos mil veintiséis"]
    assert out["asr"][3].startswith("me liga no <PHONE_NUMBER:") and out["asr"][2].startswith("a mi CLABE, <ID_NUMBER:")
    assert out["chat"][2] == "la palabra clave es importante"
    assert out["buk"]["banco"]["nombre"] == "BBVA" and out["buk"]["dependents"][1]["name"].startswith("<PERSON:")
    assert "陈慧玲" not in out["summary"] and "박정호" not in out["summary"]
    assert out["myinfo"]["employer"]["name"] == "华为公司"
    assert "kubectl create configmap app --from-literal=LOG_LEVEL=debug" in out["shell"]
    assert out["env_example"] == "OPENAI_API_KEY=sk-...redacted\nPINECONE_API_KEY=<your-key>"
    # an employer's tax ids are public; a bank's code and name in an account's record too
    assert out["employer"] == "Empleador: Grupo Andino SA, CUIT 30-71234569-8, RFC GTB130722QK4, RUT 76.543.210-3."
    assert out["kr"] == "(사업자등록번호 220-87-49137)"
    assert out["kyc_call"].endswith("Grid row A B C D is fine.")
    assert out["cfdi"] == '<cfdi:Comprobante Folio="2026-0612-0417" Serie="NOM">'
    assert out["spei"]["banco"]["nombre"] == "BBVA México"
    assert out["myinfo_mobile"]["mobileno"]["prefix"] == {"value": "+"}  # (no letter or digit: no one's)
    assert out["razorpay"]["auth"][0] == "rzp_live_3HYfgCHe0fS3sh"  # (the key's id is published in checkout pages)
    assert out["sql"].endswith(" AND periodo = '202605'") and out["sunat"]["empleador"]["ruc"] == "20601458973"
    assert out["ci_log"] == "deploy run=9518823470 finished; dni_type=CC"
    # an address's `pin` is India's postcode; a door's is a secret
    assert out["greythr"]["address"]["pin"].startswith("<STREET_ADDRESS:")
    assert out["greythr"]["door"]["pin"].startswith("<CREDENTIAL:")
    assert out["gcloud"].endswith("=tf-deployer@orchard-mesa-prod.iam.gserviceaccount.com")
    assert out["ci_env"].endswith("\nBUNDLE_PATH=vendor/bundle")
    assert (out["payout"]["bank_account"]["ifsc"], out["payout"]["bank_account"]["bank_name"],
            out["payout"]["conta"]["bic"]) == ("HDFC0001842", "HDFC Bank", "ITAUBRSPXXX")


def test_red_team_53_browser_fields_and_warehouse_results(tmp_path: Path) -> None:
    """Red team 53 (NER off): what a browser agent types into a field named for a secret or personal data (Playwright
    MCP's `{"element", "ref", "text"}`, its form fill's `{"name", "type", "ref", "value"}`, a Puppeteer tool's
    `{"selector", "value"}`, with the tool's own options), a password manager's concealed fields (1Password's
    `CONCEALED`, Bitwarden's hidden field), an accessibility node's and an aria snapshot's textbox, the same in a
    script (`page.fill('#new-password', ...)`, `getByLabel(...).fill(...)`), a page's secret inputs (a CSRF token's
    hidden input and meta tag, `autocomplete="cc-csc"`); the rows of warehouses' query results whose columns are named
    beside them (Snowflake's `resultSetMetaData.rowType`, Redshift's `ColumnMetadata`, BigQuery's `schema.fields` and
    `{"f": [{"v"}]}` rows); Hadoop's, Spark's and Hive's secret properties (XML, spark-defaults.conf, a JSON key, a
    tuple), Redshift's `SECRET_ACCESS_KEY`, an Oracle JDBC password, a Schema Registry secret; SMTP AUTH PLAIN and
    LOGIN, a Google Calendar's secret address; letters-only backup codes in a list, a one-time code's SMS, a password
    manager CLI's session. Near misses: a search box's text, a page's query input, a user name, a
    row's id column, a column's name, a setting's value, a Databricks cluster's id and host, a meeting's id, a room's
    and a shared box's addresses."""
    document = json.loads((Path(__file__).parent / "data" / "red_team_53.json").read_text(encoding="utf-8"))
    planted = [b"Sonoran-Mesa-19!kq", b"hW8!trq-2214-Xz", b"604118", b"91847362", b"4412", b"8814",
               b"kdCmc1fIab3LzQxx99", b"cgjJxPkVabcASA1234", b"Hamish", b"1979-03-14", b"Ezinne Okafor-Lindqvist",
               b"1971-02-14", b"43871926", b"Callum Abernethy", b"1994-05-21",
               b"XLLCQtb9ZgD6m5bR2rDXGhkcNGNkr4ucYEzGQSKO", b"GVRcsvqrhJsTGW4yamduH6agfYNYJw6", b"79OJsMNZXg8klCZOcO",
               b"Z+0zNqw1X9b15hkRdUfgxnXEJHgTsqacm4GTZ0VW", b"xixLtqEk6odrmauvktlvuV9", b"Ora-Cdc-6620x",
               b"3fJdqds9oC7rr", b"VHEyIXZYOXJMbSM0cFc=", b"AGltb2dlbi5mZWF0aGVy", b"3c7f9e2c3eed1a89fa342dc2e6a004a4",
               b"thandi.mokoena", b"730164", b"604119", b"A51873926", b"Argyle-Lakefront-88#Qm", b"Pemberley1813",
               b"DZMW-BQTD-BAKN", b"Yq+aIgmlZhcUFLSb", b"604 118"]
    out = redacted_by_the_cli(tmp_path, document, *planted)
    assert out["browser"]["search"]["text"] == "dutch oven" and out["browser"]["search"]["element"] == "Search box"
    assert out["browser"]["fill_form"]["fields"][0]["name"] == "Password"
    assert "getByLabel('Search').fill('dutch oven')" in out["browser"]["script"]
    assert '<input name="q" value="dutch oven">' in out["browser"]["html"]
    assert out["warehouse"]["snowflake"]["data"][0][0] == "1001"
    assert out["warehouse"]["snowflake"]["resultSetMetaData"] == document["warehouse"]["snowflake"]["resultSetMetaData"]
    assert out["warehouse"]["redshift"]["Records"][0][0] == {"longValue": 7}
    assert out["warehouse"]["bigquery"]["rows"][0]["f"][0] == {"v": "r-19"}
    assert out["warehouse"]["bigquery"]["schema"] == document["warehouse"]["bigquery"]["schema"]
    assert out["browser"]["puppeteer"]["press"] == "Enter"
    assert "textbox \"Search\" [ref=e3]: dutch oven" in out["browser"]["aria"]
    assert out["vaults"]["op_item"]["fields"][1]["value"] == "kwabena"  # (a user name: the default policy keeps them)
    assert out["vaults"]["bw_item"]["fields"][1]["value"] == "Leeds"
    assert out["browser"]["sms"].endswith(" Order 4471 is your order number.")
    config = out["config"]
    assert "<name>fs.s3a.endpoint</name><value>s3.eu-west-1.amazonaws.com</value>" in config["core_site"]
    assert config["spark_defaults"].startswith("spark.executor.memory  8g\n")
    assert config["spark_conf"]["spark.app.name"] == "churn"
    assert config["databricks"] == document["config"]["databricks"]  # a cluster's id and a workspace's host
    assert "Meeting ID: 351 207 884 619. Room: c_1888a2b3c4d5e6f7a8b9c0d1e2f3a4b5@resource" in out["mail"]["invite"]
    assert out["mail"]["ooo"].startswith("For orders please contact orders@kestrelvine.co.za; ")


def test_a_cookie_header_under_its_key_keeps_its_names_and_attributes(tmp_path: Path) -> None:
    """Session 27's left item: a Cookie or Set-Cookie header held under its own key (a request's `headers`, an OTLP
    attribute, plain or in an `arrayValue`, Sentry's pair list) was one token, its cookies' names and a Set-Cookie's
    attributes lost (replay and tests compare them; `Cookie:` in text kept them). Each cookie's value is replaced,
    as in text; a setting (`theme=dark`, `cart=3`, `lang=en-US`) stays; a name that says PII gives its type; a value
    that reads as no header (a bare token, an attribute no browser knows) is still replaced whole. Each value is then
    known elsewhere in the trace, and a second run changes nothing."""
    session, csrf, short_sid, jwt = "Zq8x2LmN4pQ7rT1vWs", "AbCdEf123456GhIjKl", "8f3kLm2Q", (
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.c2lnbmF0dXJlLWhlcmUtMTIzNDU2")
    bare, odd = "Xk29fLq81ZmPw7Rt", "Vn5bQ2xR8sLk1PzT"
    document = {
        "request": {"headers": {"Cookie": f"sessionid={session}; csrftoken={csrf}; theme=dark; cart=3; lang=en-US",
                                "User-Agent": "Mozilla/5.0"}},
        "response": {"headers": {"Set-Cookie": f"sid={short_sid}; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT;"
                                               f" HttpOnly; Secure; SameSite=Lax, auth={jwt}; Max-Age=3600; "
                                               "Domain=.example.com"}},
        "attributes": [
            {"key": "http.request.header.cookie",
             "value": {"arrayValue": {"values": [{"stringValue": f'JSESSIONID="{session}"; lang=en'}]}}},
            {"key": "http.response.header.set-cookie", "value": {"stringValue": f"sid={short_sid}; Path=/app"}},
        ],
        "sentry": {"headers": [["Cookie", f"csrftoken={csrf}; user_email=ada.obi@example.com"]]},
        "whole": {"cookie": bare, "set_cookie": f"sid={odd}; Path=/; Weird-Flag"},
        "note": f"the stolen session was {session}",
    }
    out = redacted_by_the_cli(tmp_path, document, session.encode(), csrf.encode(), short_sid.encode(), jwt.encode(),
                              bare.encode(), odd.encode(), b"ada.obi@example.com")
    token = r"<[A-Z_]+:[0-9a-f]+>"
    assert re.fullmatch(rf"sessionid=({token}); csrftoken=({token}); theme=dark; cart=3; lang=en-US",
                        out["request"]["headers"]["Cookie"])
    assert out["request"]["headers"]["User-Agent"] == "Mozilla/5.0"
    set_cookie = re.fullmatch(rf"sid=({token}); Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly; Secure; "
                              rf"SameSite=Lax, auth=({token}); Max-Age=3600; Domain=.example.com",
                              out["response"]["headers"]["Set-Cookie"])
    assert set_cookie is not None
    cookie = re.fullmatch(rf'JSESSIONID="({token})"; lang=en',
                          out["attributes"][0]["value"]["arrayValue"]["values"][0]["stringValue"])
    assert cookie is not None and cookie.group(1) in out["note"]  # one value, one token
    assert out["attributes"][1]["value"]["stringValue"] == f"sid={set_cookie.group(1)}; Path=/app"
    assert out["attributes"][0]["key"] == "http.request.header.cookie"
    assert re.fullmatch(rf"csrftoken={token}; user_email=<EMAIL_ADDRESS:[0-9a-f]+>", out["sentry"]["headers"][0][1])
    assert re.fullmatch(token, out["whole"]["cookie"]) and re.fullmatch(token, out["whole"]["set_cookie"])
    (tmp_path / "again").mkdir()
    assert redacted_by_the_cli(tmp_path / "again", out) == out


def test_red_team_54_device_dumps_tax_filings_and_workspace_records(tmp_path: Path) -> None:
    """Red team 54 (NER off): mobile and client observability agents (Android SharedPreferences entries, an iOS
    keychain dump's password items, apsd's and the APNs API's device tokens, a Stripe ephemeral key, an OAuth
    callback's code, a signed attachment URL's HMAC, CoreLocation's and a geofence log's coordinates, fastlane's
    Apple ID session, a Japanese phone number before its sentence's particle, German birth dates after `geb.` and
    after what the label asks them for); tax agents (IRS e-file's `<IdentityProtectionPIN>` and `<PIN>`, GovTalk's
    clear password); SaaS workspace agents (HubSpot's `mobilephone`, DocuSign's `accessCode`, a Portuguese
    `Telemóvel`, a Polish password `hasło do ...:`, a French `impasse`). Near misses: a firm's EFIN, a key item's
    data, settings, rounded coordinates, a training log's decimals, French `passage`/`cours`, a docs URL's code and an
    app's string resources (`<resources><string name="error_incorrect_password">This password is incorrect`)."""
    document = {
        "prefs": '<map>\n  <string name="auth.refresh_token">fwrt_JPquV3pFVxuReEQaVAMOCbs7l7AtcOb1H0mMUct706jm'
                 '</string>\n'
                 '  <string name="user.birthdate">1979-11-30</string>\n  <string name="app_lock_pin">4821</string>\n'
                 '  <string name="adjust_gps_adid">36afa433-ac0f-43fc-ac24-9e3707ecb7c2</string>\n'
                 '  <string name="theme">dark</string>\n</map>',
        "strings_xml": '<resources>\n  <string name="prompt_password">Password</string>\n  <string name="error_'
                       'incorrect_password">This password is incorrect</string>\n  <string name="phone">Phone number'
                       '</string>\n  <string name="birthday">Birthday</string>\n</resources>',
        "keychain": [{"item_class": "kSecClassGenericPassword", "account": "stripe.ephemeral",
                      "service": "com.stripe.customer-context", "data": "Kx9-ephemeral-Qw77!"},
                     {"item_class": "kSecClassKey", "account": "signing", "data": "keep-this-label"}],
        "apsd": "apsd: Received per-app token for topic 'com.fernweh.travel' "
                "token=<68fb52f48269a07e33c2829de89058dd913a761f2e28e2e59924035b41c73844>",
        "apns": "curl https://api.sandbox.push.apple.com/3/device/"
                "72a1afc4a72592280c494dc4785dc816f72247eec67395c884e713b07759e1c0 -> 400 BadDeviceToken",
        "stripe": "ephemeral ek_live_HwZi9kZGMFXLbmZgA52dyJ3aMosWhUHr5yiPE28VNBAVTKOAkg in the keychain",
        "callback": "xcrun simctl openurl booted 'fernweh://oauth/callback?code=4/0AeanS0OL8K0qKZOfw6YykUCDCf5w5BIU5"
                    "I20hVNbFV5m9kIexQ4ZX&state=ok' (docs: https://docs.example.com/oauth/callback?code=example)",
        "attachment": "https://downloads.intercomcdn.com/i/o/1207733/kontoauszug.png?expires=1763539200&signature="
                      "e8d8a907465279af132efd49d33342c12d7f414b2cd2845a6b94e4e90b9f7456",
        "locationd": "<+37.75162,-122.42117> +/- 5.00m; geofence enter lat=52.48921 lng=13.42170; lat=12.5 lng=3.2;"
                     " epoch 3 loss=0.12345 lr=0.00010",
        "env": {"FASTLANE_SESSION": "---\n- !ruby/object:HTTP::Cookie\n  name: myacinfo\n  value: DAWTKNV3239f1e57",
                "FASTLANE_SKIP_UPDATE_CHECK": "1"},
        "chat_ja": "電話番号は090-3141-5926です。",
        "chat_de": "Geburtsdatum für die Verifizierung: 14.03.1991. Mitreisend: mein Sohn Lukas, geb. 07.09.2016.",
        "mef": "<IdentityProtectionPIN>483921</IdentityProtectionPIN><PractitionerPINGrp><EFIN>623418</EFIN>"
               "<PIN>60417</PIN></PractitionerPINGrp>",
        "govtalk": "<Authentication><Method>clear</Method><Role>principal</Role><Value>HeatherSkye!77</Value>"
                   "</Authentication>",
        "hubspot": {"properties": {"phone": "+48 693 218 405", "mobilephone": "693218405", "lifecyclestage": "lead"}},
        "docusign": {"signers": [{"email": "ines@example.pt", "accessCode": "Lisboa-7731", "routingOrder": "1"}]},
        "zendesk": "<p>Podem devolver? Telemóvel 912384765</p>",
        "slack": "Btw hasło do stagingu na demo dla Lewandowskiego: Wiosna2024!Kr (zmienię po piątku)",
        "typeform": "J'habite au 8 impasse des Lilas, 31400 Toulouse. Il reste 3 passage de texte, 12 cours de yoga.",
    }
    planted = [b"fwrt_JPquV3pFVxuReEQaVAMOCbs7l7AtcOb1H0mMUct706jm", b"1979-11-30", b">4821<",
               b"36afa433-ac0f-43fc-ac24-9e3707ecb7c2", b"Kx9-ephemeral-Qw77!",
               b"68fb52f48269a07e33c2829de89058dd913a761f2e28e2e59924035b41c73844",
               b"72a1afc4a72592280c494dc4785dc816f72247eec67395c884e713b07759e1c0",
               b"ek_live_HwZi9kZGMFXLbmZgA52dyJ3aMosWhUHr5yiPE28VNBAVTKOAkg", b"4/0AeanS0OL8K0qKZOfw6Yyk",
               b"e8d8a907465279af132efd49d33342c12d7f414b2cd2845a6b94e4e90b9f7456", b"37.75162", b"122.42117",
               b"52.48921", b"13.42170", b"DAWTKNV3239f1e57", b"090-3141", b"5926", b"14.03.1991", b"07.09.2016",
               b"483921", b"60417", b"HeatherSkye!77", b"693218405", b"Lisboa-7731", b"912384765", b"Wiosna2024!Kr",
               b"impasse des Lilas"]
    out = redacted_by_the_cli(tmp_path, document, *planted)
    assert '<string name="theme">dark</string>' in out["prefs"]
    assert '<string name="app_lock_pin">&lt;CREDENTIAL:' in out["prefs"]
    assert out["strings_xml"] == document["strings_xml"]  # an app's string resources are its UI's words
    assert out["keychain"][1]["data"] == "keep-this-label" and out["keychain"][0]["account"] == "stripe.ephemeral"
    assert out["apns"].endswith(" -> 400 BadDeviceToken") and "&state=ok'" in out["callback"]
    assert out["callback"].endswith("(docs: https://docs.example.com/oauth/callback?code=example)")
    assert out["locationd"].endswith("; lat=12.5 lng=3.2; epoch 3 loss=0.12345 lr=0.00010")
    assert out["env"]["FASTLANE_SKIP_UPDATE_CHECK"] == "1"
    assert out["chat_ja"].endswith("です。") and "<EFIN>623418</EFIN>" in out["mef"]
    assert out["hubspot"]["properties"]["lifecyclestage"] == "lead"
    assert out["docusign"]["signers"][0]["routingOrder"] == "1"
    assert out["typeform"].endswith(" Il reste 3 passage de texte, 12 cours de yoga.")


def test_red_team_54_payroll_declarations_statements_and_jars(tmp_path: Path) -> None:
    """Red team 54, continued (NER off): a French DSN's `Individu` block (NIR, names, birth date, street), a French tax
    number under its key, Self Assessment's payment reference (the UTR and `K`) on a bank statement and in a message,
    a preparer's PTIN, peer payments' parties on a statement (`ZELLE FROM ...`, `VENMO *...`), a hotel programme's
    member number, CoreLocation's unsigned coordinates, a Ruby cookie jar's values (fastlane's Apple ID session), a
    Japanese name before its reading in brackets and as a mailbox's display name.
    Near misses: a DSN's sex code and postcode, a reference of ten digits only, a cookie's name and domain."""
    dsn = ("S10.G00.00.001,'Payfit'\nS21.G00.30.001,'2880769123045'\nS21.G00.30.002,'MARCHAND-DUBOIS'\n"
           "S21.G00.30.004,'Hélène'\nS21.G00.30.005,'02'\nS21.G00.30.006,'15071988'\n"
           "S21.G00.30.008,'12 rue Duguesclin'\nS21.G00.30.009,'69006'\n")
    document = {
        "dsn": dsn,
        "employee": {"nir": "288076912304593", "numero_fiscal": "3012457789369"},
        "statement": '28/03/2025,FPO,"HMRC CUMBERNAULD 2830172946K",-1450.00\n'
                     '12/02/2024,"ZELLE FROM PRIYA VENKATARAMAN ON 12/02 REF # WFCT0Q8",2400.00',
        "plaid": {"name": "VENMO *KENJI TAKAHASHI", "merchant_name": None},
        "message": "pay HMRC Cumbernauld, reference 2830172946K; ref 1234567890 is the invoice",
        "prompt": "Paid preparer of record: Dana Whitfield (PTIN P01847263).",
        "folio": "Hilton Honors # 918437206  Status: Gold",
        "ios_log": "didUpdateLocations <37.75162,-122.42117> +/- 12.00m (speed 0.00 mps)",
        "chat_ja": "、佐藤美咲（サトウ ミサキ）と申します。",
        "forwarded": "---------- Forwarded message ---------\nVon: 田中 陽翔 <h.tanaka1987@docomo.ne.jp>\n",
        "dot_env": "SLACK_CHANNEL=builds\nFASTLANE_SESSION='---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n"
                   "  value: DAWTKNV323952cf8084a204fb20ab25084\\n  domain: apple.com'",
    }
    planted = [b"2880769123045", b"MARCHAND-DUBOIS", b"H\\u00e9l\\u00e8ne", "Hélène".encode(), b"15071988",
               b"12 rue Duguesclin",
               b"3012457789369", b"2830172946", b"VENKATARAMAN", b"TAKAHASHI", b"P01847263", b"918437206",
               b"37.75162", b"122.42117", b"DAWTKNV323952cf8084a204fb20ab25084", "佐藤美咲".encode(),
               "サトウ".encode(), "田中".encode(), b"\\u4f50\\u85e4", b"\\u7530\\u4e2d"]
    out = redacted_by_the_cli(tmp_path, document, *planted)
    assert "S21.G00.30.005,'02'\nS21.G00.30.006,'<DATE_OF_BIRTH:" in out["dsn"]
    assert out["dsn"].endswith("S21.G00.30.009,'69006'\n") and out["dsn"].startswith("S10.G00.00.001,'Payfit'\n")
    assert out["message"].endswith("; ref 1234567890 is the invoice")
    assert out["statement"].startswith('28/03/2025,FPO,"HMRC CUMBERNAULD <ID_NUMBER:')
    assert out["folio"].endswith("  Status: Gold") and out["plaid"]["name"].startswith("VENMO *<PERSON:")
    assert "name: myacinfo\\n  value: <ACCESS_TOKEN:" in out["dot_env"] and out["dot_env"].endswith("apple.com'")
    assert out["chat_ja"].endswith("）と申します。") and out["forwarded"].startswith("---------- Forwarded message")


def test_round_53_left_curl_cookies_no_break_spaces_and_databricks_rows(tmp_path: Path) -> None:
    """Round 53's left items (NER off): curl's cookie option (`-b '...'`, `--cookie "..."`) is a Cookie header, each
    value replaced and each name kept; a phone number written with HTML's no-break spaces (`&nbsp;`, `&#160;`) is
    read as one number and replaced as written; Databricks' rows (`result.data_array`) with their columns named one
    level apart (`manifest.schema.columns`). Near misses: git's `-b` branch, a price between no-break spaces, a plan
    column's cells."""
    document = {
        "shell": "curl -s -b 'sessionid=Zq8x2LmN4pQ7rT1vWs; theme=dark' https://app.example.com/api/me\n"
                 "curl --cookie \"JSESSIONID=9A8B7C6D5E4F3A2B1C0D\" https://x.example.com\n"
                 "git checkout -b feature/login-fix",
        "html": "<p>Call me on +27&nbsp;82&nbsp;555&nbsp;0142, or Tel:&#160;+44&#160;20&#160;7946&#160;0958.</p>"
                "<p>Price&nbsp;12.50&nbsp;EUR</p>",
        "databricks": {"statement_id": "01ef-1234", "manifest": {"schema": {"columns": [
            {"name": "customer_id", "type_name": "LONG"}, {"name": "full_name", "type_name": "STRING"},
            {"name": "password", "type_name": "STRING"}, {"name": "plan", "type_name": "STRING"}]}},
            "result": {"chunk_index": 0, "data_array": [["1001", "Thandiwe Mokoena", "Kx!92-pass-word", "pro"]]}},
    }
    out = redacted_by_the_cli(tmp_path, document, b"Zq8x2LmN4pQ7rT1vWs", b"9A8B7C6D5E4F3A2B1C0D", b"82&nbsp;555",
                              b"7946&#160;0958", b"Thandiwe", b"Kx!92-pass-word")
    assert re.search(r"-b 'sessionid=<ACCESS_TOKEN:[0-9a-f]+>; theme=dark' https://app\.example\.com/api/me\n",
                     out["shell"])
    assert out["shell"].endswith("\ngit checkout -b feature/login-fix")
    assert out["html"].startswith("<p>Call me on &lt;PHONE_NUMBER:")
    assert out["html"].endswith("<p>Price&nbsp;12.50&nbsp;EUR</p>")
    assert out["databricks"]["result"]["data_array"][0][::3] == ["1001", "pro"]
    assert out["databricks"]["manifest"] == document["databricks"]["manifest"]


def test_round_53_left_a_folded_calendar_is_read_unfolded(tmp_path: Path) -> None:
    """An invite's iCalendar text folds its lines at 75 octets inside a value and escapes its commas (NER off): a
    name a mailbox made known, a mailbox, a street and a phone cut by a fold are found and replaced, the fold with
    them. Near misses: the calendar's structure, a folded line that holds nothing, a `\\,` between words."""
    ics = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:7f3e2a10-04c4-4b7e-9a51-2f0d3c8e9b11\r\n"
           'ATTENDEE;CN="Okafor, C\r\n hidinma";ROLE=REQ-PARTICIPANT:mailto:chidinma.okafor@gmail.c\r\n om\r\n'
           "DESCRIPTION:Meet at 412 Bedok North Avenue\r\n  2\\, then call +65 9123\r\n  4567. "
           "Agenda: Q3 roadmap\\,\r\n  budget\\, hiring\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    document = {"tool": "calendar.get_invite", "result": {"ics": ics}}
    out = redacted_by_the_cli(tmp_path, document, b"hidinma", b"Okafor", b"chidinma.okafor", b"9123", b"4567",
                              b"Bedok", b"gmail.c")
    written = out["result"]["ics"]
    assert written.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n"
                              "UID:7f3e2a10-04c4-4b7e-9a51-2f0d3c8e9b11\r\nATTENDEE;CN=\"<PERSON:")
    assert ";ROLE=REQ-PARTICIPANT:mailto:<EMAIL_ADDRESS:" in written
    assert written.endswith("Agenda: Q3 roadmap\\,\r\n  budget\\, hiring\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


def test_round_53_left_a_quality_checks_failing_values_are_its_columns(tmp_path: Path) -> None:
    """A Great Expectations validation result lists a column check's failing values apart from their rows
    (NER off): an `email` check's malformed mailboxes and a `date_of_birth` format check's dates are that column's
    values, in the list and in its counts, wherever the trace holds them. A malformed mailbox under its own key
    is one too. Near misses: a `status` check's values, a well-formed placeholder under `email`, `email_domain`."""
    document: dict[str, Any] = {
        "results": [
            {"success": False,
             "expectation_config": {"expectation_type": "expect_column_values_to_match_regex",
                                    "kwargs": {"column": "email", "regex": "^[^@]+@[^@]+$",
                                               "batch_id": "f0fbf9d19302853bcfb5f71c8036e796"}},
             "result": {"element_count": 182044, "unexpected_count": 2,
                        "partial_unexpected_list": ["kwame.boateng@gmail,com", "niamh.odriscoll@@eircom.net"],
                        "partial_unexpected_counts": [{"value": "kwame.boateng@gmail,com", "count": 1}]}},
            {"success": False,
             "expectation_config": {"type": "expect_column_values_to_match_strftime_format",
                                    "kwargs": {"column": "date_of_birth", "strftime_format": "%Y-%m-%d"}},
             "result": {"partial_unexpected_list": ["14/03/1987", None, "1987-3-4"]}},
            {"success": False,
             "expectation_config": {"type": "expect_column_values_to_be_in_set",
                                    "kwargs": {"column": "status", "value_set": ["active"]}},
             "result": {"partial_unexpected_list": ["pending_review", "ARCHIVED"]}},
        ],
        "summary": "2 bad rows: niamh.odriscoll@@eircom.net, born 14/03/1987",
        "contact": {"email": "jane.doe@gmail", "example": {"email": "user@domain.tld", "email_domain": "x@y"}},
    }
    out = redacted_by_the_cli(tmp_path, document, b"kwame.boateng", b"niamh.odriscoll", b"14/03/1987", b"1987-3-4",
                              b"jane.doe@gmail")
    email_check, dob_check, status_check = out["results"]
    unexpected = email_check["result"]["partial_unexpected_list"]
    assert all(value.startswith("<EMAIL_ADDRESS:") for value in unexpected)
    assert email_check["result"]["partial_unexpected_counts"] == [{"value": unexpected[0], "count": 1}]
    assert email_check["expectation_config"] == document["results"][0]["expectation_config"]
    assert dob_check["result"]["partial_unexpected_list"][1] is None
    assert status_check == document["results"][2]
    assert out["contact"]["example"] == {"email": "user@domain.tld", "email_domain": "x@y"}


def test_round_53_left_a_notebooks_data_frames_are_read_by_their_columns(tmp_path: Path) -> None:
    """A DataFrame's repr (`df.head()`, `print(df.sample(2))`) is read by its columns (NER off): a `full_name`,
    `dob` or `ssn` column's cells are those keys' values. A notebook writes a text as a list of lines (the header
    in one line, the rows in the next): they are read joined, and each line is written back in its place. Near
    misses: the index labels, a `state` and a `tenure_months` column, the dtypes listing after the frame."""
    frame = ("       customer_id                  full_name         dob          ssn  state  tenure_months\n"
             "4821        100611  Anastasia Villanueva-Roth  1969-04-30  471-38-2290     TX             20\n"
             "17730       100642    Kwabena Asante-Holloway  1994-10-11    307569814     GA             27\n"
             "\n[2 rows x 6 columns]\ncustomer_id       int64\nfull_name        object\n")
    lines = frame.splitlines(keepends=True)
    document: dict[str, Any] = {
        "tool": "notebook_read", "result": {"cells": [
            {"cell_type": "code", "execution_count": 7, "metadata": {}, "source": ["df = load()\n", "df.sample(2)"],
             "outputs": [{"output_type": "execute_result", "execution_count": 7, "metadata": {},
                          "data": {"text/plain": lines}}]}]},
        "log": frame,
    }
    out = redacted_by_the_cli(tmp_path, document, b"Villanueva-Roth", b"Asante-Holloway", b"1969-04-30",
                              b"1994-10-11", b"471-38-2290", b"307569814")
    written = out["result"]["cells"][0]["outputs"][0]["data"]["text/plain"]
    assert len(written) == len(lines) and written[0] == lines[0] and written[3:] == lines[3:]
    assert written[1].startswith("4821        100611  <PERSON:") and written[1].endswith("     TX             20\n")
    assert written[2].startswith("17730       100642  ") and "<US_SSN:" in written[2]
    assert out["result"]["cells"][0]["source"] == ["df = load()\n", "df.sample(2)"]
    assert out["log"].splitlines()[4:] == frame.splitlines()[4:]


def test_red_team_55_imaging_pharmacy_claims_and_charging(tmp_path: Path) -> None:
    """Red team 55 (NER off): DICOM's people as dcmdump, findscu and pydicom print them and as keys (the DICOM JSON
    model's `"00100010": {"vr": "PN", ...}`, a C-FIND's keywords, `"(0010,0030) PatientBirthDate"`); an NCPDP D.0
    claim's glued fields; a birth date written compact (`19840312`) and in ISO elsewhere; EV charging and IoT (a
    Wi-Fi `psk` in a log line's JSON, OCPP's `AuthorizationKey` pair, OCPI's `token_c`, LoRaWAN's root and session
    keys, an `idTag` under its key and in a log line's JSON, a card's `visual_number`); a home's and a car's position
    as JSON numbers; plates after a verb or in brackets; an Italian password; a German caller's `Hallo, hier <name>`.
    Near misses: a study's UID, the
    modality, a slice thickness, an NCPDP group id, a public station's coordinates, an analyser's serial, a
    regulation's number and a tool's four-part version."""
    document = {
        "dcmdump": "(0008,0050) SH [RAD-25-0148832]            #  14, 1 AccessionNumber\n"
                   "(0008,0090) PN [NAKAMURA^EMI]              #  12, 1 ReferringPhysicianName\n"
                   "(0010,0010) PN [OKAFOR-REYES^NGOZI^A]       #  20, 1 PatientName\n"
                   "(0010,0030) DA [19840312]                   #   8, 1 PatientBirthDate\n"
                   "(0020,000d) UI [1.2.840.113619.2.55.3.2831164356.781]  #  38, 1 StudyInstanceUID",
        "pydicom": "(0008, 1070) Operators' Name                     PN: 'PRICE^DANIELLE'\n"
                   "(0010, 1000) Other Patient IDs                   LO: 'SBR-EMPI-7730021946'\n"
                   "(0018, 0050) Slice Thickness                     DS: '1.25'",
        "qido": [{"00100010": {"vr": "PN", "Value": [{"Alphabetic": "OKAFOR^CHIDI^E"}]},
                  "00100020": {"vr": "LO", "Value": ["40020117"]}, "00080060": {"vr": "CS", "Value": ["CT"]}}],
        "cfind": {"PatientID": "40018833", "Modality": "CT", "(0010,0030) PatientBirthDate": "19790227"},
        "warning": "UserWarning: Invalid value for VR DA: '1984-03-12' in (0010,21b0) AdditionalPatientHistory",
        "ncpdp": "610011\x1d\x1cAM04\x1cC2ZXK882019347\x1cC1RXGRP7731\x1cCCTEODORO\x1cCDVILLANUEVA\x1d\x1cAM01"
                 "\x1cC419570823\x1cCATEODORO\x1cCBVILLANUEVA\x1cCM1187 CALLE PINOS ALTOS\x1cCQ5755238841",
        "ocpp_log": '-> CP-44 [2, "dt-1", "DataTransfer", {"data": "{\\"wlan\\": {\\"ssid\\": \\"x\\", \\"psk\\": '
                    '\\"Bunnik!Thuis2019\\"}}"}]\n-> CP-44 [2, "cfg-1", "ChangeConfiguration", {"key": '
                    '"AuthorizationKey", "value": "8169e8103bc2e99dbcecb6816e67f1ceb08eea6f"}]\n'
                    '-> CP-44 [2, "cfg-2", "ChangeConfiguration", {"key": "HeartbeatInterval", "value": "300"}]\n'
                    '<- CP-44 [2, "st-5", "StartTransaction", {"connectorId": 1, "idTag": "04A1B2C3", '
                    '"meterStart": 88}]',
        "ocpi_config": "ocpi.credentials:\n  url: https://ocpi.laadnet.nl/ocpi/versions\n"
                       "  token_c: 03365a9c-5b4e-48e4-88fc-83243368eee6\n  role: EMSP",
        "lorawan": {"ids": {"dev_eui": "70B3D57ED005A1C4"},
                    "root_keys": {"app_key": {"key": "4D4FABE5729A1DD4B44460AF9DC3C236"}}},
        "grpc_error": "device-activation for dev_addr 260B3F1A (nwk_s_key=7C50B3C56AD7EFED7A5642813E3E9320)",
        "start_transaction": {"connectorId": 1, "idTag": "B9EF3ECE", "meterStart": 8812340},
        "token": {"uid": "04DF0E461577B8", "visual_number": "LDN-9842-4569", "issuer": "Laadnet B.V."},
        "score": {"home_location": {"lat": 60.367214, "lon": 5.337481, "radius_m": 150},
                  "station": {"coordinates": {"latitude": 52.0906, "longitude": 5.1214}}},
        "tesla": {"drive_state": {"latitude": 60.293318, "native_latitude": 60.293318, "speed": 12.5}},
        "chat": "Car is B-LH 2207E; mannen min har kjørt bilen (EB 41327). La mia password dell'home banking è "
                "Fiorellino!88, grazie.",
        "lims": "OBX|1|NM|4548-4^Hemoglobin A1c^LN||7.9|%||H|||F|||20250610071500||COBAS^c513^SN 1423-0917",
        "prompt": "Prüfe Lenk- und Ruhezeiten nach (EG) Nr. 561/2006.",
        "dispatch": "Hallo, hier Katrin Obermeier (Disposition). Hallo, hier ist alles gut.",
        "vcf": '##GATKCommandLine=<ID=Mutect2,Version="4.5.0.0",Date="x">\nran gatk 4.5.0.0 on chr17',
    }
    planted = [b"RAD-25-0148832", b"NAKAMURA", b"OKAFOR-REYES", b"19840312", b"1984-03-12", b"PRICE^DANIELLE",
               b"SBR-EMPI-7730021946", b"OKAFOR^CHIDI", b"40020117", b"40018833", b"19790227", b"ZXK882019347",
               b"TEODORO", b"VILLANUEVA", b"19570823", b"1187 CALLE", b"5755238841", b"Bunnik!Thuis2019",
               b"8169e8103bc2e99dbcecb6816e67f1ceb08eea6f", b"03365a9c-5b4e-48e4-88fc-83243368eee6",
               b"4D4FABE5729A1DD4B44460AF9DC3C236", b"7C50B3C56AD7EFED7A5642813E3E9320", b"B9EF3ECE",
               b"LDN-9842-4569", b"60.367214", b"5.337481", b"60.293318", b"2207E", b"41327", b"Fiorellino!88",
               b"04A1B2C3", b"Obermeier"]
    out = redacted_by_the_cli(tmp_path, document, *planted)
    assert out["dcmdump"].endswith("(0020,000d) UI [1.2.840.113619.2.55.3.2831164356.781]  #  38, 1 StudyInstanceUID")
    assert out["pydicom"].endswith("DS: '1.25'") and out["qido"][0]["00080060"] == {"vr": "CS", "Value": ["CT"]}
    assert out["qido"][0]["00100010"]["vr"] == "PN" and out["cfind"]["Modality"] == "CT"
    assert "\x1cC1RXGRP7731\x1c" in out["ncpdp"] and out["ncpdp"].startswith("610011\x1d\x1cAM04\x1cC2<ID_NUMBER:")
    assert '{"key": "HeartbeatInterval", "value": "300"}' in out["ocpp_log"]
    assert re.search(r'"StartTransaction", \{"connectorId": 1, "idTag": "<ID_NUMBER:[0-9a-f]+>", "meterStart": 88\}',
                     out["ocpp_log"])
    assert out["lorawan"]["ids"] == {"dev_eui": "70B3D57ED005A1C4"}
    assert out["start_transaction"]["meterStart"] == 8812340 and out["token"]["issuer"] == "Laadnet B.V."
    assert out["score"]["station"] == document["score"]["station"] and out["score"]["home_location"]["radius_m"] == 150
    assert out["tesla"]["drive_state"]["speed"] == 12.5
    assert out["lims"] == document["lims"] and out["prompt"] == document["prompt"] and out["vcf"] == document["vcf"]
    assert out["dispatch"].endswith(" (Disposition). Hallo, hier ist alles gut.")


def test_red_team_56_admissions_hotels_tickets_and_security_logs(tmp_path: Path) -> None:
    """Red team 56 (NER off): where a person was born (a key, a label, after the birth's date), a student's ids (after
    Banner, SEVIS and Student Finance's CRN, in Canvas's `sis_user_id:` paths, under SIS and LTI keys, in a NACHA
    refund batch's entry records, with the account and the name glued to their neighbours), an Italian hotel's
    Alloggiati Web guest records (names, birth date and document read by their positions), a payroll's second sheet
    under its own header and a `Name` beside `Vorname` (a family name alone), a ServiceNow
    custom field (`u_birth_date`), a query's conditions on a column (`WHERE g.doc_number IN (...)`), a Japanese name
    known spaced and written without its blank, a ticket's barcode beside its `sku` and its rotating payload, a
    recipient base64-encoded in a link's `?id=`, and the credentials of Moodle, Alloggiati Web, OHIP, an LTI launch
    and a transfer link. Near misses: a course's five-digit CRN, `Place of birth: Unknown`, a product's barcode, a
    query's `status = 'open'`, a business's published phone in its Places listing and wherever the trace repeats it,
    a school's CDS code."""
    import base64

    victim = base64.b64encode(b"katharina.mueller@hansa-logistik.de").decode()
    document: dict[str, Any] = {
        "applicant": {"name": "Maximilian Oberhuber", "birthplace": "Wolfratshausen", "term": "202610"},
        "ocr": "Herr Maximilian Oberhuber\ngeboren am 14.03.2003 in Garmisch-Partenkirchen\nPlace of birth: Unknown",
        "note": "Banner ID N00482913, SEVIS ID N0034718265; her CRN is 11839274650 (course CRN 40213).",
        "canvas": "GET /api/v1/users/sis_user_id:N00517288/enrollments?per_page=50",
        "lti": {"lis_person_name_full": "Priya Venkataraman", "lis_person_sourcedid": "N00533061",
                "oauth_signature": "ncwAz3k4aU3tzeZl6Ecp8qKjuKM=", "oauth_nonce": "8f1c2b"},
        "moodle": "https://moodle.example.edu/webservice/rest/server.php?wstoken=ad71b87e0c9f4a1d3e5b7c9d1f3a592c"
                  "&wsfunction=core_user_get_users",
        "servicenow": {"caller_id": {"u_birth_date": "1987-03-14", "u_national_id": "14712547E"}},
        "db.query.text": "SELECT * FROM guests g WHERE g.doc_number IN ('YA8862140','CA48213KX') AND g.status = 'open'",
        "guardian": {"parent_name": "中村 直美"},
        "chat": "中村直美です。よろしくお願いします。",
        "tickets": [{"ticket_id": "tk_01HX", "sku": "TKT-FLOOR-GA", "section": "SEC 112", "row": "F",
                     "barcode": "0182212848462219",
                     "rotating_payload": "STX1.K7gB5JOO66gvfZEVP4Pr-v1fz9hW_MZBK7DK2X95z-l.p8QAa409c3WmEBVxK5eTlg"}],
        "product": {"sku": "PEN-01", "barcode": "4006381333931"},
        "transfer": "accept at https://tix.example/t/accept?tok=trf_tok_WHQeJXfAPUHkRDZJ3YhlbofgOugslVha",
        "proxy": f"GET https://dhl-track.example-bad.com/verify?id={victim}&lang=de 200",
        "soap": "<WsKey>AM8xgNv8K6THljoK8ruhQApzGaR6cvKaEeUsFu/Url8HM7J/cBOtx/ks==</WsKey>",
        "headers": {"x-hotelid": "MADGV", "x-app-key": "b93d7634-9915-49fe-b243-61e3bfffb0bd"},
        "places": {"name": "Trattoria Ai Do Mori", "business_status": "OPERATIONAL",
                   "place_id": "ChIJ0T2NLikPfkcRZ8bGtwzU4nE", "formatted_phone_number": "041 523 7811",
                   "international_phone_number": "+39 041 523 7811"},
        "reply": "I called the trattoria on +39 041 523 7811 for you.",
        "school": "Rio Vista Middle School (CDS 56-72538-6055412, NCES 062271003229)",
        "nacha": "5220NORTHFIELD UNIV                     1362170154PPDSTU REFUND       260121   1071000010000001\n"
                 "6220757317574820017733961    0000241500N00482913      DELACROIX-OWENS MARCUS  0071000010000001\n"
                 "62207100001338291047716      0000098000N00391827      MONTGOMERY KEISHA       0071000010000002\n"
                 "820000000200147100000000000000000000033950001362170154                         071000010000001\n",
        "schedine": "1718/06/202603" + "BIANCHI".ljust(50) + "LORENZO".ljust(30) + "123/09/1976403015146MI100000100"
                    + "100000100IDELE" + "CA48213KX".ljust(20) + "403015146\n" + "1918/06/202603" + "COLOMBO".ljust(50)
                    + "CHIARA".ljust(30) + "230/01/1980401001272TO100000100100000100" + " " * 34 + "\n",
        "payroll": "Personalnr;Name;Vorname;Geburtsdatum;Brutto\n00392018;Nowak;Ewa;17.06.1990;4.180,00\n"
                   "---- hoja 'Nóminas MAD' ----\nNumEmpleado;Apellidos;Nombre;DNI;Bruto\n"
                   "HL-ES-21107;Baptista Leal;Inés;61409698C;2.610,00\n",
        "settings": {"name": "Settings", "first_name": "Ana"},
    }
    out = redacted_by_the_cli(tmp_path, document, b"Wolfratshausen", b"Garmisch", b"N00482913", b"N0034718265",
                              b"11839274650", b"N00517288", b"Venkataraman", b"N00533061",
                              b"ncwAz3k4aU3tzeZl6Ecp8qKjuKM",
                              b"ad71b87e0c9f4a1d3e5b7c9d1f3a592c", b"1987-03-14", b"14712547E", b"YA8862140",
                              b"CA48213KX", "中村直美".encode(), b"0182212848462219", b"K7gB5JOO66gvf",
                              b"WHQeJXfAPUHkRDZJ3Yhl", victim.encode(), b"AM8xgNv8K6THljoK8ruhQ",
                              b"b93d7634-9915-49fe-b243-61e3bfffb0bd", b"4820017733961", b"38291047716", b"MONTGOMERY",
                              b"DELACROIX", b"N00391827", b"BIANCHI", b"LORENZO", b"23/09/1976",
                              b"COLOMBO", b"CHIARA", b"30/01/1980", b"Nowak", b"Baptista", b"61409698C")
    assert out["ocr"].endswith("\nPlace of birth: Unknown") and "(course CRN 40213)" in out["note"]
    assert out["canvas"].endswith("/enrollments?per_page=50") and out["applicant"]["term"] == "202610"
    assert out["db.query.text"].endswith("AND g.status = 'open'") and out["lti"]["oauth_nonce"] == "8f1c2b"
    assert out["moodle"].endswith("&wsfunction=core_user_get_users")
    assert out["chat"].endswith("です。よろしくお願いします。")
    assert out["product"] == document["product"] and out["tickets"][0]["sku"] == "TKT-FLOOR-GA"
    assert out["places"] == document["places"] and out["reply"] == document["reply"]
    assert out["proxy"].endswith("&lang=de 200") and out["headers"]["x-hotelid"] == "MADGV"
    assert out["school"] == document["school"]
    batch, first, second, control, _ = out["nacha"].split("\n")
    assert (batch, control) == (document["nacha"].split("\n")[0], document["nacha"].split("\n")[3])
    assert first.startswith("622075731757<ID_NUMBER:") and "    0000241500<ID_NUMBER:" in first
    assert first.endswith(">  0071000010000001") and "<PERSON:" in second
    payroll = out["payroll"].split("\n")
    assert payroll[1].startswith("00392018;<PERSON:") and payroll[1].endswith(";4.180,00")
    assert payroll[4].startswith("HL-ES-21107;<PERSON:") and ";<ID_NUMBER:" in payroll[4]
    assert out["settings"]["name"] == "Settings"
    guest, family, _ = out["schedine"].split("\n")
    assert guest.startswith("1718/06/202603<PERSON:") and guest.endswith(">           403015146")
    assert "403015146MI100000100100000100IDELE<ID_NUMBER:" in guest and family.endswith("100000100" + " " * 34)


def test_red_team_57_field_service_access_notes_photos_and_onboarding(tmp_path: Path) -> None:
    """Red team 57 (NER off): a technician's access notes (`Subdivision gate #2580*`, `lockbox on hose bib 0614`,
    `disarm 7391`, `caja de llaves 0614`), a password quoted after its word (`monitoring password 'bluebonnet22'`),
    a job photo's EXIF position in degrees and minutes, a SIN quoted in a traceback, a Canadian cheque's folio, a
    work permit, ServiceTitan's app key and a refresh token in a token request's query. Near misses: a keypad's model
    year, the company's public RBQ licence (in text and under its key), the cheque's transit and institution."""
    document: dict[str, Any] = {
        "accessNotes": "Subdivision gate #2580*, lockbox on hose bib 0614, disarm 7391. Garage keypad 1987; "
                       "monitoring password 'bluebonnet22'. Keypad model 2000 installed.",
        "sms_es": "portón #2580*, caja de llaves 0614, alarma 7391 (clave 'bluebonnet22')",
        "exif": {"Make": "Apple", "GPSLatitude": "30 deg 30' 46.35\" N", "GPSLongitude": "97 deg 41' 21.17\" W",
                 "ExposureTime": "1/120"},
        "traceback": "pydantic_core.ValidationError: NAS '247183593' ne correspond pas au format attendu",
        "cheque": "Desjardins transit 30512 institution 815 folio 4471209",
        "worker": {"name": "Luis Ortega", "work_permit": "U102938475"},
        "servicetitan": {"tenant": 1182734, "app_key": "ak1.xducl1mhoosfaqfdpraj71ftquwogsbekxgzg2sye9b2"},
        "request": "POST https://api.ecobee.com/token?grant_type=refresh_token&code=Xy7kP2mQ9rT4vW8zA1bC3dE5fG6hJ0kL"
                   "&client_id=ecb-22",
        "sub": {"company": "Menuiserie Laval", "rbq": "5712-3489-01", "note": "RBQ 5712-3489-01, NEQ 1173456782"},
    }
    out = redacted_by_the_cli(tmp_path, document, b"2580", b"0614", b"7391", b"bluebonnet22", b"46.35", b"21.17",
                              b"247183593", b"4471209", b"U102938475", b"ak1.xducl1", b"Xy7kP2mQ9rT4vW8zA1bC3dE5")
    assert out["accessNotes"].endswith("Keypad model 2000 installed.") and out["exif"]["Make"] == "Apple"
    assert out["exif"]["ExposureTime"] == "1/120" and out["exif"]["GPSLatitude"].startswith("<LOCATION:")
    assert out["cheque"].startswith("Desjardins transit 30512 institution 815 folio <ID_NUMBER:")
    assert out["sub"] == document["sub"] and out["request"].endswith("&client_id=ecb-22")
    assert out["servicetitan"]["tenant"] == 1182734


def test_red_team_57_donors_and_customer_data_pipelines(tmp_path: Path) -> None:
    """Red team 57 (NER off): a CDP's keys in a runbook (a write key after its words, Segment's `sgp_` token,
    mParticle's `us1-` key, an SDK's dev key in Swift), a UUID-shaped key after `API key:` and a client secret, a
    WhatsApp link's number, a phone quoted in an encoded SOQL query, a volunteer's DBS certificate number (after its
    name and beside its holder's details), a PPS number with words before `is`, ChurchSuite's `X-Auth` header. Near
    misses: Adjust's event token, a TLS certificate's number, the id of a client secret."""
    document: dict[str, Any] = {
        "runbook": "- RudderStack shadow source write key: 2L63sgkEGtXEf5r02tQk735XLRT (data plane https://dp.example)\n"
                   "- Segment Public API token (workspace admin): "
                   "sgp_rZJAPBasS9YRx332fYeHufmWQbPN1VjIou5nmS5NY9DPogxoBWame2UrhDDOoS3A\n"
                   "- mParticle S2S feed: key=us1-f30905207828dca324c470500c80c10a\n",
        "swift": 'AppsFlyerLib.shared().appsFlyerDevKey = "u8D5nUnB07wtOCZLaZy6cg"',
        "errors": ['401 Unauthorized: {"message":"Invalid API key: e81e9cab-29a5-4603-95bd-64b9fa0193e3"}',
                   "configurado com client secret dbb7b83e-99d1-46d2-9414-1b01cb23e418 (v3); "
                   "client secret id 5f3e2a10-04c4-4b7e-9a51-2f0d3c8e9b11"],
        "answer": "Fale com ela: https://wa.me/5511987654321?text=Ol%C3%A1",
        "sfdc": "GET /services/data/v60.0/query?q=SELECT+Id+FROM+Contact+WHERE+MobilePhone+%3D+%2707841+326590%27",
        "call": "Mobile 07841 326590. My PPS number for the tax thing is 6332653MA.",
        "dbs": {"certificate_number": "001782456193", "surname": "Okonkwo", "date_of_birth": "14/02/1979"},
        "log": "DBS 001634098217 (enhanced) returned NEW_INFO",
        "headers": {"X-Auth": "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e", "Accept": "application/json"},
        "adjust": {"app_token": "8x4qk2m7ab3d", "event_token": "x7k2pq"},
        "tls": {"certificate_number": "0x1A2B3C4D", "issuer": "DigiCert"},
    }
    out = redacted_by_the_cli(tmp_path, document, b"2L63sgkEGtXEf5r02tQk735XLRT", b"sgp_rZJAPBas", b"us1-f3090520",
                              b"u8D5nUnB07wtOCZLaZy6cg", b"e81e9cab-29a5", b"dbb7b83e-99d1", b"5511987654321",
                              b"326590", b"6332653MA", b"001782456193", b"001634098217", b"9f2c4e6a8b0d1f3e5a7c")
    assert "(data plane https://dp.example)\n" in out["runbook"]
    assert out["errors"][1].endswith("client secret id 5f3e2a10-04c4-4b7e-9a51-2f0d3c8e9b11")
    assert out["answer"].endswith("?text=Ol%C3%A1") and out["sfdc"].endswith(">%27")
    assert out["sfdc"].startswith("GET /services/data/v60.0/query?q=SELECT+Id+FROM+Contact+WHERE+MobilePhone+%3D+%27<")
    assert out["adjust"]["event_token"] == "x7k2pq" and out["tls"] == document["tls"]
    assert out["headers"]["Accept"] == "application/json" and out["log"].endswith(" (enhanced) returned NEW_INFO")


def test_red_team_58_dispatch_police_records_and_courts(tmp_path: Path) -> None:
    """Red team 58 (NER off): an NCIC/Nlets query and response (`NAM/`, `SOC/`, `FBI/`, `OLN/`, `LIC/`, `DOB/`), an
    operator's licence in a dispatcher's words, a UK PNC id, a bail bond's form (a party's date of birth, a licence, a
    bank account and a pledged VIN under qualified names), an Australian police system's typed property items, a
    FHIR Patient whose `id` is its NHS number, a caller's spoken date of birth with a two-digit year and a Spanish
    caller's date, address and plate, a CAD incident's coordinates beside its address, a PIDF-LO `gml:pos`, an ALI
    record's `LAT=+...`, an Express session cookie. Near misses: the caller record's relationship, a juror's number,
    an evidence item's barcode, toll-free lines, a position with no address beside it."""
    document: dict[str, Any] = {
        "query": "QW.OH0250000.NAM/NGUYEN, THI NGOC ANH.SEX/F.RAC/A.DOB/19910227.OLN/PT448219.OLS/OH",
        "response": "LIC/HBT7720 LIS/OH LIY/2026 LIT/PC\nVIN/1HGCV1F31NA048213 VYR/2022\nREG/NGUYEN, THI NGOC ANH\n"
                    "SOC/412589037 FBI/482913LB7",
        "dispatcher": "Run OH plate HBT7720 and the driver, OH OLN PT448219.",
        "enquiry": "NAME: HOBBS   DOB: 05/07/1988   PNCID: 19/482917Y",
        "bail_form": "defendant_dob=1998-07-21&indemnitor_dl=OH+TQ903311&bank_acct=004417209913"
                     "&collateral_vin=5TDKZ3DCXLS071552",
        "jury": {"ohio_dl": "RX227190", "juror_number": "2025-0519-0773",
                 "text": "Juror number 2025-0519-0773, call 1-800-799-7233 or 1800 022 222"},
        "items": [{"type": "DRIVER LICENCE", "issuer": "NSW", "number": "18443902"},
                  {"type": "MEDICARE CARD", "number": "2953 17465 1", "irn": 2},
                  {"barcode": "EV-0091734", "desc": "Clear baggie", "location": "LOCKER 4"}],
        "patient": {"resourceType": "Patient", "id": "4857773457",
                    "identifier": [{"system": "https://fhir.nhs.uk/Id/nhs-number", "value": "4857773457"}]},
        "transcript": "CT: birthday's March 22nd '64 if you need it.",
        "llamada": "Estoy en el 3390 de la avenida Parkwood, departamento 12. Nació el 2 de febrero del 85. "
                   "Una troca gris, placas de Ohio JKW 4821.",
        "incident": {"address": "4471 PARKWOOD AVE APT 3B", "lat": 39.98312, "lon": -82.99817, "uncertainty_m": 35},
        "caller": {"callback": "614-273-8841", "relationship": "spouse"},
        "unit": {"lat": 39.95001, "lon": -83.00002},
        "ali": "COS=WPH2\nLAT=+39.983120 LON=-82.998170",
        "pidf": "<gml:Point><gml:pos>39.95877 -83.03315</gml:pos></gml:Point>",
        "portal_session": "s%3A9d2f7c1a-5b8e-4e0a-b3c6-71f0e2d9a4c8.Vb3Kq8Lm2Np7Rx1Tz5Wc9Yd4Fg6Hj0Sa",
    }
    out = redacted_by_the_cli(tmp_path, document, b"NGUYEN", b"19910227", b"PT448219", b"HBT7720", b"1HGCV1F31NA048213",
                              b"412589037", b"482913LB7", b"482917Y", b"1998-07-21", b"TQ903311", b"004417209913",
                              b"5TDKZ3DCXLS071552", b"RX227190", b"18443902", b"17465", b"4857773457", b"'64",
                              b"3390", b"febrero", b"JKW", b"39.98312", b"82.99817", b"39.983120", b"39.95877",
                              b"Vb3Kq8Lm2Np7Rx1Tz5Wc9Yd4Fg6Hj0Sa")
    assert out["jury"]["juror_number"] == "2025-0519-0773"
    assert out["jury"]["text"] == document["jury"]["text"]
    assert out["items"][2] == document["items"][2] and out["caller"]["relationship"] == "spouse"
    assert out["unit"] == document["unit"] and out["incident"]["uncertainty_m"] == 35
    assert out["patient"]["id"] == out["patient"]["identifier"][0]["value"]
    assert out["enquiry"].startswith("NAME: HOBBS")


def test_red_team_58_hiring_screening_and_onboarding(tmp_path: Path) -> None:
    """Red team 58 (NER off): a US permanent resident card's machine-readable zone (TD1) in an I-9's OCR, a bilingual
    card's date of birth (`11 DEC /DÉC 91`), a Slack webhook's secret quoted alone after the URL was found. Near
    misses: a French firm's SIRET and SIREN (a card number's Luhn digit), E-Verify's company id in its credentials,
    a government helpline on a `0300` number and a toll-free line, a right to work under `work_authorization`, a
    support trace token."""
    document: dict[str, Any] = {
        "ocr_text": "USCIS# 219-447-036\nC1USA2194470368IOE0918273645<<\n9008217F3205118VNM<<<<<<<<<<<6\n"
                    "NGUYEN<<THI<MAI<<<<<<<<<<<<<<<\n",
        "brp": "Nationality BRITISH CITIZEN\nDate of birth 11 DEC /DÉC 91\n",
        "slack": {"webhook_url": "https://hooks.slack.com/services/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"},
        "summary": "Posted. Slack token in the webhook (kX9mP2qR7sT4vW8yZ1aB3cD5) was loaded from the env.",
        "employeur": {"siret": "48213957300026", "siren": "482139573",
                      "note": "SIRET 48213957300026, SIREN 482 139 573"},
        "credentials": {"company_id": "1873402", "username": "hr_api", "password": "Spr1ng!Onb0ard"},
        "help": "Employer helpline 0300 790 6268; candidate support 1-866-940-2227.",
        "custom_fields": {"work_authorization": "US Citizen"},
        "headers": {"X-DocuSign-TraceToken": "0f5c2d7e-9a41-4b8e-a1c3-6d2e8f7b9a10"},
    }
    out = redacted_by_the_cli(tmp_path, document, b"2194470368", b"IOE0918273645", b"9008217F", b"NGUYEN<<THI",
                              b"DEC /D", b"kX9mP2qR7sT4vW8yZ1aB3cD5", b"Spr1ng!Onb0ard")
    assert out["employeur"] == document["employeur"] and out["help"] == document["help"]
    assert out["credentials"]["company_id"] == "1873402"
    assert out["custom_fields"] == document["custom_fields"] and out["headers"] == document["headers"]


def test_red_team_58_telecom_and_utility_operations(tmp_path: Path) -> None:
    """Red team 58 (NER off): FreeRADIUS's logged bad password (`[user/password]`), a memorable word said, a
    French box's Wi-Fi key and an eSIM's matching id under their keys, an eSIM activation code, an EID (mod 97), a
    Texas ESI ID, a French RIO, a Dutch connection's EAN code (its GS1 check), a caller id name, a SIP subscriber's
    HA1, an outage report's premise position. Near misses: an EAN code with a wrong check digit, Rio in a
    sentence, a position with no premise."""
    document: dict[str, Any] = {
        "radius_log": "Auth: (48211) Login incorrect (pap: Cleartext password does not match \"known good\" password):"
                      " [abrennan7@fibrelink.ie/Bl4ckbird.1984] (from client bras-dub-02 port 1073741855)",
        "chat": "Memorable word is Snowdrop. Mon RIO c'est 02P4H7K2M9XQ. ESI 10443720008123456.",
        "access_notes": "Key safe left of back door, code 8153. Key safe fitted 2021.",
        "box": {"cle_wifi": "7f4k-93hq-zt2m-81xp", "matchingId": "K2-1A7F9-QW3E8R-88XT"},
        "reply": "enter it manually: LPA:1$smdp.brightwave-rsp.net$K2-1A7F9-QW3E8R-88XT. New EID "
                 "89049032007008882600004112730665.",
        "ean": {"elektriciteit": "871687120054321988", "wrong": "871687120054321989"},
        "ivr": {"ani_name": "DUNCAN M OKORO", "ivr_path": "1>2>4"},
        "subscriber": {"username": "13107847719", "ha1": "6ef3a4f2f66bebb130e958e52d3ba347"},
        "report": {"geo": {"lat": 44.58437, "lon": -123.27412, "source": "premise"}},
        "map": {"centre": {"lat": 44.5, "lon": -123.2}, "note": "We fly to Rio 03P4H7K2M9XZ"},
    }
    out = redacted_by_the_cli(tmp_path, document, b"Bl4ckbird.1984", b"Snowdrop", b"10443720008123456", b"8153",
                              b"7f4k-93hq", b"QW3E8R", b"89049032007008882600004112730665", b"871687120054321988",
                              b"OKORO", b"6ef3a4f2f66bebb130e958e52d3ba347", b"44.58437", b"123.27412")
    assert out["chat"].count("<ID_NUMBER:") == 2 and out["ean"]["wrong"] == "871687120054321989"
    assert out["map"] == document["map"] and out["ivr"]["ivr_path"] == "1>2>4"
    assert out["access_notes"].endswith("Key safe fitted 2021.")
    assert out["reply"].startswith("enter it manually: LPA:1$smdp.brightwave-rsp.net$<CREDENTIAL:")


def test_red_team_59_nordic_and_baltic_services(tmp_path: Path) -> None:
    """Red team 59 (NER off): Nordic and Baltic personal numbers wherever they are written, by their checks (a
    Swedish personnummer with its hyphen, a Norwegian fødselsnummer in a query string, an Estonian isikukood behind
    Smart-ID's `PNOEE-`, a Finnish henkilötunnus in a traceback), population registers' fields (Navet's
    `Fodelsedatum`, Folkeregisteret's `foedselsdato`, Estonian XML's `Synniaeg` and `Perenimi`), Estonian and Swedish
    streets. Near misses: a Swedish organisation number and a bankgiro (in text and under their keys), a number
    that fails the checks, Finland's short OID as a key, a bill's RF creditor reference (its check digits)."""
    document: dict[str, Any] = {
        "system": "Kund: Johan Eriksson-Öberg, personnummer 19910725-2398, e-post finns.",
        "url": "https://api.nav.example/sak?fnr=03028542150&ytelse=DAGPENGER",
        "smartid": "https://sid.demo.sk.ee/v2/authentication/etsi/PNOEE-48803152714 for isikukood 48803152714",
        "exc_info": "ValueError: hetu 220781-553K does not match session subject 030465-417C",
        "Fodelse": {"Fodelsedatum": "1985-03-12"}, "foedsel": [{"foedselsdato": "1989-03-12"}],
        "xml": "<Isik><Perenimi>KASK</Perenimi><Synniaeg>08.01.1980</Synniaeg></Isik>",
        "address": "Tartu mnt 52-14, Tallinn", "ocr": "Adress: Ringvägen 88, 118 60 Stockholm",
        "payee": {"orgnr": "202100-5448", "bankgiro": "5050-1055",
                  "text": "Skatteverket, org.nr 202100-5448, bankgiro 5050-1055"},
        "not_an_id": "order 03028542151 shipped", "call": "Call at 10 AM PST 3 hours later",
        "bill": "Maksua (viite RF18 5390 0754 7034) ei voitu vahvistaa; viite=RF18+5390+0754+7034&summa=120",
        "attributes": {"urn:oid:1.2.246.21": "030465-417C"},
    }
    out = redacted_by_the_cli(tmp_path, document, b"19910725-2398", b"03028542150", b"48803152714", b"220781-553K",
                              b"030465-417C", b"1985-03-12", b"1989-03-12", b"KASK", b"08.01.1980", b"Tartu mnt",
                              b"Ringv")
    assert out["payee"] == document["payee"] and out["not_an_id"] == document["not_an_id"]
    assert out["bill"] == document["bill"] and out["call"] == document["call"]
    assert list(out["attributes"]) == ["urn:oid:1.2.246.21"]
    assert out["smartid"].count("PNOEE-<ID_NUMBER:") == 1


def test_red_team_59_clinical_trials_and_retrieval(tmp_path: Path) -> None:
    """Red team 59 (NER off): a CDISC ODM export's items (`ItemOID="DM.BRTHDAT" Value=...`), SDTM's `BRTHDTC` and
    `INVNAM`, a data manager's `DOB recorded as`, an E2B report's `<birthTime value=...>`, a DEA number (its check),
    an HTML table's labelled cells (a wiki page's PPSN), a guardrail's `SSN on file`, a loan file's mortgage and
    checking accounts. Near misses: trial subjects' numbers (ODM's `SubjectKey`, `Randomise ...`), EU CT and FDA
    report numbers, a parking ticket's number, a lot number shaped like a DEA number with a wrong check."""
    document: dict[str, Any] = {
        "odm": '<SubjectData SubjectKey="1042-0007"><ItemData ItemOID="DM.BRTHDAT" Value="09 FEB 1957"/>'
               '<ItemData ItemOID="DM.SEX" Value="F"/></SubjectData>',
        "query": "Subject 1042-0007: DOB recorded as 10 FEB 1957 per source.",
        "dm": [{"USUBJID": "ZN2291-301-1042-0007", "BRTHDTC": "1957-02-09", "INVNAM": "Lautenschläger, Friederike"}],
        "e2b": '<patient><name>RWF</name><birthTime value="19570209"/></patient>',
        "notes": "DEA BO4182630; lot AB1234560. Randomise 1042-0019 (cohort B).",
        "wiki": "<table><tr><th>PPSN</th><td>7193846MA</td></tr><tr><th>Team</th><td>Payroll</td></tr></table>",
        "guardrail": "decision: allow; SSN on file 529841176; Mortgage 0048771320; checking 4820193377",
        "refs": "EU-CT-Nr. 2023-504218-41-00; Mfr report 3012845570-2024-00183; TICKET# 4471-0930",
    }
    out = redacted_by_the_cli(tmp_path, document, b"09 FEB 1957", b"10 FEB 1957", b"1957-02-09", b"Lautenschl",
                              b"19570209", b"BO4182630", b"7193846MA", b"529841176", b"0048771320", b"4820193377")
    assert out["refs"] == document["refs"] and out["query"].startswith("Subject 1042-0007: DOB recorded as <DATE")
    assert out["odm"].startswith('<SubjectData SubjectKey="1042-0007">')
    assert out["notes"].endswith("lot AB1234560. Randomise 1042-0019 (cohort B).")
    assert out["wiki"].endswith("<th>Team</th><td>Payroll</td></tr></table>")
    assert out["dm"][0]["USUBJID"] == "ZN2291-301-1042-0007"


def test_red_team_60_notaries_identity_checks_and_travel_rule(tmp_path: Path) -> None:
    """Red team 60 (NER off): Dutch and Italian birth phrases (`geboren te Zwolle op`, `nato a PALERMO (PA) il`),
    Dutch month names, a birth name after `geb.`, Swiss AHV numbers (dotted after their name, compact in eCH XML),
    an Austrian SV number with words between, a German ID card's record and its MRZ's first line alone, a
    Brazilian CRLV's chassis and RENAVAM, a W-8BEN's foreign TIN, IVMS101's natural person (names, passport,
    street), ISO 20022's postal address elements, a spouse's record in Spanish. Near misses: a VASP's LEI, notarial
    and land-register references, Belgian enterprise numbers, a Dutch date that is no birth."""
    document: dict[str, Any] = {
        "akte": "Mevrouw Anna de Vries, geboren te Zwolle op 11-02-1986, en de heer Jan Bakker, geboren op 23 augustus "
                "1989. Op 4 maart 2025 verleden.",
        "visura": "ROSSI MARIO nato a PALERMO (PA) il 17/09/1962",
        "chat": "Florian Schulz geb. Hoffmeister; AHV-Nr. 756.4815.2739.03; SV-Nr. des GF 1279150472.",
        "ech": "<vn>7566029481136</vn>",
        "ausweis": {"nummer": "LZ6311T475"}, "mrz": ["IDD<<L01X00T471<<<<<<<<<<<<<<<"],
        "crlv": "CHASSI 9BWAB45U9HT084417  CÓDIGO RENAVAM 01947362582",
        "w8ben": {"line6a_foreign_tin": "86021173952"},
        "ivms": {"originator": {"nameIdentifier": [{"primaryIdentifier": "Nakamura", "secondaryIdentifier": "Haruto",
                                                    "nameIdentifierType": "LEGL"}],
                                "nationalIdentification": {"nationalIdentifier": "TK4928173",
                                                           "nationalIdentifierType": "CCPT"},
                                "geographicAddress": [{"streetName": "Nishi-Shinjuku 3-7-1", "country": "JP"}]},
                 "vasp": {"nationalIdentifier": "9845003B7C1QK4XZ8M42", "nationalIdentifierType": "LEIX"}},
        "pacs008": "<PstlAdr><StrtNm>Lindenstraße</StrtNm><BldgNb>42</BldgNb><PstCd>10969</PstCd></PstlAdr>",
        "conyuge": {"nombre": "Iñaki Goikoetxea Larrañaga", "nie": "X1234567L"},
        "refs": "URNr. 0873/2025 B; Rep. n. 48213/15902; TZ 18734/2024; KBO 0812.345.603 en BE 0456.789.133",
    }
    out = redacted_by_the_cli(tmp_path, document, b"11-02-1986", b"23 augustus 1989", b"17/09/1962", b"Hoffmeister",
                              b"756.4815.2739.03", b"7566029481136", b"1279150472", b"LZ6311T475", b"L01X00T47",
                              b"9BWAB45U9HT084417", b"01947362582", b"86021173952", b"Nakamura", b"Haruto",
                              b"TK4928173", b"Nishi-Shinjuku", b"Lindenstra", b"10969", b"Goikoetxea")
    assert out["refs"] == document["refs"] and out["akte"].endswith("Op 4 maart 2025 verleden.")
    assert out["ivms"]["vasp"] == document["ivms"]["vasp"]


def test_red_team_61_visa_applications_and_their_documents(tmp_path: Path) -> None:
    """Red team 61 (NER off): a UK certificate of sponsorship, GWF reference and UAN, a sponsor licence used as a
    login, a German `Pass`, a Moroccan CIN and RIB, a Schengen visa sticker and a visa's machine-readable zone (both
    MRV-A's `V<` line and an MRV-B's line with its kind glued on), a Dutch lawyer's `mr.` with initials and
    particles, a Ukrainian form's `ПІБ:`, ten-digit ids that are no phones (РНОКПП, a Dutch V-nummer). Near misses:
    a card after `Visa`, licences that name products, a `Pass` that is a verb's, a short account after `compte`.
    Addresses in other scripts, after their labels, and a Cyrillic street with its house."""
    document: dict[str, Any] = {
        "email": "My CoS was C2X7K94618P, visa application ref GWF072841963 (UAN 3491-0287-6615-4302).",
        "sms": "Sponsor Management System login: licence 2PQ7HX3R1",
        "de": "Mein Pass N01487326 läuft im Mai ab.",
        "ma": "CIN BK283746, VISA FRA N° FRA019283746; relevé du compte 011780000012345678901234",
        "mrz": ["V<FRAEL<AMRANI<<YASSINE<<<<<<<<<<<<<<<<<<<<<", "VCUSAMORALES<<ANA<MARIA<<<<<<<<<<<<<"],
        "nl": "Afspraak met mr. E.J. van der Linde op kantoor.",
        "ua": "ПІБ: Ковальчук Олена Петрівна; РНОКПП 3124509876; V-nummer 3012345678",
        "addresses": ["Địa chỉ: 45 Nguyễn Huệ, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh",
                      "Адрес: г. Киев, ул. Крещатик, д. 22, кв. 15", "العنوان: شارع الملك فهد، حي العليا، الرياض 12214",
                      "Lives at ул. Ленина 5-12, Москва."],
        "near": "Paid with Visa ending 4242. License: Apache-2.0, software license number ABCD-1234-EFGH-5678. "
                "Pass 2 of 3 done. Le compte 12345 est ouvert.",
    }
    out = redacted_by_the_cli(tmp_path, document, b"C2X7K94618P", b"GWF072841963", b"3491-0287-6615-4302",
                              b"2PQ7HX3R1", b"N01487326", b"BK283746", b"FRA019283746", b"011780000012345678901234",
                              b"AMRANI", b"YASSINE", b"MORALES", b"van der Linde", b"E.J.", b"3124509876",
                              b"3012345678")
    # (the file was written with JSON's \u escapes: the other scripts' values are looked for in the parsed text)
    text = json.dumps(out, ensure_ascii=False)
    for value in ("Ковальчук", "Олена", "Nguyễn Huệ", "Крещатик", "الملك فهد", "Ленина"):
        assert value not in text
    assert out["near"] == document["near"]
    assert out["ua"].startswith("ПІБ: <PERSON:") and out["ua"].count("<ID_NUMBER:") == 2
    assert out["mrz"][0].startswith("V<<PERSON:") and out["mrz"][1].startswith("<PERSON:")
    assert out["nl"].startswith("Afspraak met mr. <PERSON:") and out["nl"].endswith("> op kantoor.")


def test_red_team_62_payroll_lettings_and_motor_records(tmp_path: Path) -> None:
    """Red team 62 (NER off): a key safe's, an alarm panel's and a keypad's codes (and a code changed from one to
    another), a Wi-Fi password after its network's name; driving licences in German and French and after a state's
    `lic`; plates after `plates`, `immatriculé`, `Kennz.`, `car reg`; German, French insurance contracts; a BSN after
    `BSN/sofinr`, a German eTIN and Identifikationsnummer, a Brazilian CTPS and PIS, a DBS certificate's number, a My
    Number with words before its colon; names before their codice fiscale or phone; keys: `key_safe_code`, `brp`,
    DVLA's `firstNames`, `carrier_member_id`, `pfNumber`, `esicNo`, eSocial's elements, `steuerliche_id`, `placas`,
    `medicare`; a driving licence's barcode as a scanner decodes it (AAMVA); a BACS payment record's payee; a name in
    its parts under `name`, a German form's `Name, Vorname`; a form field's label beside its value; ADP's `person`
    record (the policies listed entity names among their keys, and `PERSON` matched `person`). Near misses: a
    status code's range, a company before its phone, a short contract number, the barcode's state and country."""
    document: dict[str, Any] = {
        "ticket": "key safe (Master Lock 5401EURD) next to the meter box, code 4729. alarm panel is behind the door, "
                  "code 1985 then press OFF. Also change the key safe code from 4729 to 8316. front door keypad "
                  "C1946X. wifi if he needs it BT-Hub6-9XKQ / plumTree!2291. SMS: Alarm 3390 + OFF.",
        "rental": "additional driver CA lic D6619034; Führerschein-Nr.: B19HK6T2R51; titulaire du permis de conduire "
                  "n° 130169200457; plates NKV-2917; Peugeot 308 immatriculé FK-219-QZ; Alte Karre (Kennz. WI-JB 771); "
                  "car reg KX19 WPE",
        "insurance": "Versicherungsschein-Nr. VS-4471-829310-7; Vertragsnr. Allianz DV-4471-20391-K; contrat n° "
                     "AXF-88213477",
        "payroll": "BSN/sofinr: 238471561; eTIN: OBRLKTRN85L12N   Identifikationsnummer: 47152389649; CTPS 0048213 "
                   "série 0031-SP   PIS 120.54321.88-0; Certificate number: 001784529364",
        "jp": "マイナンバーも書いておきます: 482173905615",
        "people": "locatrice Giuseppina Lombardozzi (C.F. LMBGSP58H61F205M); since 2021 from Graham Pettifer (tel 0113 "
                  "496 0721)",
        "access": {"key_safe_code": "5120"}, "rtw": {"brp": "ZU1483927"}, "dvla": {"firstNames": "GARETH OWEN"},
        "benefits": {"carrier_member_id": "W284719336"}, "greyt": {"pfNumber": "KN/BNG/0048291/000/0001234",
                                                                   "esicNo": "5112847361"},
        "esocial": "<trabalhador><cpfTrab>28451936709</cpfTrab><nmTrab>Ana Beatriz Couto</nmTrab><dependente>"
                   "<cpfDep>39102758423</cpfDep><dtNascto>1988-05-30</dtNascto></dependente></trabalhador>",
        "fin": {"steuerliche_id": "57152389640", "placas": "RJK-482-A", "medicare": "2953718431"},
        "near": "status code from 4000 to 4999; Contact Harbour Lettings (tel 0800 123 456); contrat n° 3",
        "buro": "<Persona><Nombres>GUADALUPE</Nombres><ApellidoPaterno>ORDAZ</ApellidoPaterno><ApellidoMaterno>"
                "VILLASEÑOR</ApellidoMaterno></Persona>",
        "call_log": "お客様: 高橋健太郎です",
        "i9": {"name": {"first": "Tomás", "middle": "A", "last": "Echeverría"}},
        "personio": {"first_name": {"label": "First name", "value": "Annelie", "type": "standard",
                                    "universal_id": "first_name"}},
        "adp": {"person": {"legalName": {"givenName": "Brenda", "familyName1": "Holloway"},
                           "legalAddress": {"cityName": "Provo", "countrySubdivisionLevel1": {"codeValue": "UT"}},
                           "governmentIDs": [{"nameCode": {"codeValue": "SSN"}}]}},
        "eau": "Name, Vorname des Versicherten: Hochstätter, Jürgen   geb. am 03.04.1971",
        "lohn": "Entgeltabrechnung November für Katharina Oberländer (Personalnummer 0047113) prüfen",
        "crm": "lead_id,created,first,last,email\n"
               "LEAD-88214,2024-10-31,Alondra,Reyes-Whitfield,alondra.rw@outlook.com\n",
        "loan": {"cityStateZip": "Round Rock, TX 78665"}, "dvla_share": {"checkCode": "Wt3Kp9Lq"},
        "bond": "ID sighted: VIC licence 042718365 and Medicare 2953 71843 1 (IRN 1).",
        "finanzierung": {"ausweis": {"nr": "LF3R7K2T95", "gueltig_bis": "2031-04-01"}},
        "nuki": [{"id": 1, "code": 739184, "enabled": True, "allowedFromDate": "2024-03-11T00:00:00Z"},
                 {"id": 2, "code": "551902", "remoteAllowed": False}],
        "error": {"code": 404403}, "valuation": {"curp_propietario": "TEGJ791130HNLRRS01"},
        "bacs": "VOL1000001\n2045775301984709940116212345678    00000268714NWL PAYROLL       NOV24 SALARY      "
                "MCALLISTER S      \n",
        "licence_scan": "@\n\x1e\rANSI 636014090102DL00410278ZC03190008DLDAQD4827193\nDCSQUINTERO-HAYNES\nDACMARISOL\n"
                        "DADNONE\nDBB03141987\nDAG1847 LARKSPUR RIDGE DR\nDAISAN JOSE\nDAJCA\nDAK951240000  \nDCGUSA\n",
    }
    out = redacted_by_the_cli(
        tmp_path, document, b"4729", b"1985", b"8316", b"3390", b"C1946X", b"plumTree", b"D6619034", b"B19HK6T2R51",
        b"130169200457", b"NKV-2917", b"FK-219-QZ", b"WI-JB 771", b"KX19 WPE", b"VS-4471-829310-7", b"DV-4471-20391-K",
        b"AXF-88213477", b"238471561", b"OBRLKTRN85L12N", b"47152389649", b"0048213", b"120.54321.88-0",
        b"001784529364", b"482173905615", b"Lombardozzi", b"Pettifer", b"5120", b"ZU1483927", b"GARETH", b"W284719336",
        b"0048291", b"5112847361", b"28451936709", b"Couto", b"39102758423", b"1988-05-30", b"57152389640",
        b"RJK-482-A", b"2953718431", b"D4827193", b"QUINTERO", b"MARISOL", b"03141987", b"LARKSPUR", b"951240000",
        b"GUADALUPE", b"ORDAZ", "高橋健太郎".encode(), b"53019847", b"MCALLISTER",
        b"Annelie", b"Brenda", b"Holloway", b"Provo", b"Reyes-Whitfield", b"Alondra", b"78665", b"Wt3Kp9Lq",
        b"042718365", b"2953 71843", b"LF3R7K2T95", b"739184", b"551902", b"TEGJ791130HNLRRS01")
    assert out["error"] == {"code": 404403} and out["nuki"][0]["enabled"] is True
    assert out["finanzierung"]["ausweis"]["gueltig_bis"] == "2031-04-01"
    assert out["crm"].startswith("lead_id,created,first,last,email\nLEAD-88214,2024-10-31,<PERSON:")
    assert "    00000268714NWL PAYROLL       NOV24 SALARY      <PERSON:" in out["bacs"]
    text = json.dumps(out, ensure_ascii=False)
    for value in ("Tomás", "Echeverría", "Hochstätter", "Oberländer"):
        assert value not in text, value
    assert all(part.startswith("<PERSON:") for part in out["i9"]["name"].values())
    # (a field's label and id beside its value are no one's; the `person` key is no secret: its record keeps its
    # codes, its members their own types)
    assert out["personio"]["first_name"]["label"] == "First name"
    assert out["personio"]["first_name"]["universal_id"] == "first_name"
    assert out["adp"]["person"]["legalName"]["givenName"].startswith("<PERSON:")
    assert out["adp"]["person"]["legalAddress"]["countrySubdivisionLevel1"] == {"codeValue": "UT"}
    assert out["adp"]["person"]["governmentIDs"] == [{"nameCode": {"codeValue": "SSN"}}]
    assert out["near"] == document["near"]
    assert "\nDADNONE\n<DATE_OF_BIRTH:" in out["licence_scan"] and "\nDAJCA\n<STREET_ADDRESS:" in out["licence_scan"]
    assert out["licence_scan"].endswith("\nDCGUSA\n")
    assert "BT-Hub6-9XKQ / <PASSWORD:" in out["ticket"] and "PIS <ID_NUMBER:" in out["payroll"]
    assert out["access"]["key_safe_code"].startswith("<CREDENTIAL:")  # (a door's code, no API key)


def test_a_token_inside_an_xml_or_html_document_keeps_it_well_formed(tmp_path: Path) -> None:
    """A tool's XML payload and an email's HTML body (red team 62: a tenancy registration's `<Name>`): the token's
    brackets are escaped, so the document still parses, and a second run leaves it as it is (the escaped token is
    a token). A creditor that is a lender (`Ford Credit`) is no person, nor the `credit` of `Pull credit`. Prose
    that quotes a tag keeps its tokens as they are."""
    from xml.etree import ElementTree

    document: dict[str, Any] = {
        "payload_xml": '<?xml version="1.0"?><Registration><Tenant id="t-1"><Name>Siobhan Kearney-Walsh</Name>'
                       "<Email>siobhan.kw@eircom.example</Email><Phone>+353 87 123 4567</Phone></Tenant>"
                       "</Registration>",
        "html": '<p>Dear Siobhan Kearney-Walsh,</p><p>Call +353 87 123 4567 or '
                '<a href="mailto:siobhan.kw@eircom.example">reply</a>.</p>',
        "prose": "The <Name> element held siobhan.kw@eircom.example.",
        "liabilities": [{"type": "Installment", "creditor": "Ford Credit"}],
        "note": "Pull credit with the applicant's consent.",
    }
    out = redacted_by_the_cli(tmp_path, document, b"Kearney", b"siobhan.kw", b"123 4567")
    root = ElementTree.fromstring(out["payload_xml"])  # noqa: S314  # (the test's own document)
    name = root.find("Tenant/Name")
    assert name is not None and TOKEN_RE.fullmatch(name.text or "") and name.text.startswith("<PERSON:")
    assert root.find("Tenant").get("id") == "t-1"  # type: ignore[union-attr]
    assert "&lt;PHONE_NUMBER:" in out["html"] and "<PHONE_NUMBER:" not in out["html"]
    assert re.fullmatch(r"The <Name> element held <EMAIL_ADDRESS:[0-9a-f]{12}>\.", out["prose"])
    assert out["liabilities"] == document["liabilities"] and out["note"] == document["note"]
    again = tmp_path / "again"
    again.mkdir()
    first = (tmp_path / "out" / "raw.json").read_bytes()
    (again / "raw.json").write_bytes(first)
    result = run_cli("redact", str(again / "raw.json"), "-o", str(again / "out"), "--no-ner", "-q")
    assert result.returncode == 0, result.stderr
    assert (again / "out" / "raw.json").read_bytes() == first


def test_an_answer_alone_is_what_the_turn_before_asked_for(tmp_path: Path) -> None:
    """An identity check answered turn by turn: the date of birth, PIN, one-time code, SSN's last four, mother's
    maiden name and full name each sent alone after the question (a chat's string content, an Anthropic text
    block, OpenTelemetry GenAI parts). Near misses: a yes to a yes-or-no question about a password, an order
    number, a version, an answer to a turn that asks for two things, and one with no digit where a number was
    asked for."""
    asked_and_answered = [
        ("Thanks. For security, can you confirm your date of birth?", "14/03/1987"),
        ("And the 4-digit PIN on the account?", "4821"),
        ("Please read me the one-time code we just texted you.", "it's 583 204"),
        ("Could I get the last four of your social?", "6672"),
        ("And your mother's maiden name?", "Pemberton"),
        ("Could you tell me your full name please?", "Grace Hughes"),
        ("Shall I reset your password?", "yes please"),
        ("What's your order number?", "A-44120"),
        ("Which model version are you on?", "v2.3.1"),
        ("What is your date of birth and postcode?", "12 May, SW1A 1AA"),
        ("What is your phone number?", "I don't have one"),
    ]
    chat = [message for question, answer in asked_and_answered
            for message in ({"role": "assistant", "content": question}, {"role": "user", "content": answer})]
    document = {
        "messages": chat,
        "anthropic": [{"role": "assistant", "content": [{"type": "text", "text": "Could you give me the PIN?"}]},
                      {"role": "user", "content": [{"type": "text", "text": "0937"}]}],
        "otel": [{"role": "assistant", "parts": [{"type": "text", "content": "What's your date of birth?"}]},
                 {"role": "user", "parts": [{"type": "text", "content": "2 March 1979"}]}],
    }
    out = redacted_by_the_cli(tmp_path, document, b"14/03/1987", b"4821", b"583 204", b"6672", b"Pemberton",
                              b"Grace Hughes", b"0937", b"2 March 1979")
    answers = [message["content"] for message in out["messages"][1::2]]
    assert [answer.split(":")[0] for answer in answers[:6]] == [
        "<DATE_OF_BIRTH", "<CREDENTIAL", "<CREDENTIAL", "<US_SSN", "<PERSON", "<PERSON"]
    assert answers[6:9] == ["yes please", "A-44120", "v2.3.1"] and answers[10] == "I don't have one"
    assert answers[9].startswith("12 May, <STREET_ADDRESS:")  # (the postcode by its own pattern, the date kept)
    assert [message["content"] for message in out["messages"][0::2]] == [q for q, _ in asked_and_answered]


def test_a_pix_random_key_and_a_digest_response_are_secrets_after_their_cues(tmp_path: Path) -> None:
    """A Brazilian Pix random key is a UUID that names a bank account, after its cue (`chave aleatória`); a Digest
    `response=` (a SIP REGISTER's, an HTTP client's log line, JSON-escaped in a tool result) is the password's hash
    with the nonce. The request id, nonce, realm and uri beside them stay."""
    document = {
        "pix": "Pode pagar via Pix, chave aleatória: 7d9f0a3e-5b2c-4e81-9f6a-2c4d8e1b7a90; request id "
               "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        "sip": 'REGISTER sip:pbx.acme.io SIP/2.0\r\nAuthorization: Digest username="1001",realm="asterisk",'
               'nonce="5f2a1b3c",uri="sip:pbx.acme.io",response="a1b2c3d4e5f60718293a4b5c6d7e8f90",algorithm=MD5',
        "tool_result": json.dumps({"log": 'Authorization: Digest username="svc", realm="api", nonce="dcd98b71", '
                                          'response="6629fae49393a05397450978507c4ef1"'}),
    }
    out = redacted_by_the_cli(tmp_path, document, b"7d9f0a3e-5b2c-4e81-9f6a-2c4d8e1b7a90",
                              b"a1b2c3d4e5f60718293a4b5c6d7e8f90", b"6629fae49393a05397450978507c4ef1")
    assert out["pix"].endswith("; request id 3f2504e0-4f89-41d3-9a0c-0305e82c3301")
    assert 'nonce="5f2a1b3c",uri="sip:pbx.acme.io",response="<CREDENTIAL:' in out["sip"]
    assert json.loads(out["tool_result"])["log"].startswith('Authorization: Digest username="svc", realm="api", '
                                                             'nonce="dcd98b71", response="<CREDENTIAL:')
