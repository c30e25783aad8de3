"""Round 41: a machine without the pseudonym key (CI without the secret) cannot verify a seal's MAC, so its
residual walk is what stops a raw value pasted back into a sealed fixture whose digest was patched by hand.
That walk did not know the list shapes the engine learned in round 40: `[name, value]` header, cookie and
query lists, Node's flat `rawHeaders`, a command line's secret option and its next argument, Postman's
`{key, value, type}` entries and a bare `auth` holding a credential. A secret with no vendor shape pasted
into one of them went through a keyless `git commit`; so did one under a secret's name that held none of the
words the walk's raw-text check looked for first (`cvv`, `seed_phrase`).

Every test runs a real `git commit` through the installed hook, without any key, and asserts on the exit
code, on what the hook printed and on what git committed."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from redactor.seal import sha256_bytes
from tests.conftest import run_cli
from tests.gate.conftest import Repo, Sealed, make_repo

pytestmark = pytest.mark.slow

# Secrets with no vendor shape: only the name they sit under says what they are.
SECRET = "9f2c4e1a7b3d5f6091a2b3c4d5e6f708"
PASSWORD = "Tr0ub4dor&3x"
SHAPES_TRACE = "fixtures/shapes.jsonl"


def _records(secret: str, password: str) -> list[dict[str, Any]]:
    """One record per shape (request, response, command line, Postman collection, credentials)."""
    return [
        {"type": "http.request", "run_id": "run_41",
         "request_headers": [["Authorization", f"Bearer {secret}"], ["Accept", "application/json"],
                             ["x-api-key", secret]],
         "query_params": [["api_key", secret], ["page", "2"]]},
        {"type": "http.response", "run_id": "run_41",
         "response_headers": [["set-cookie", f"sid={secret}; Path=/"], ["content-type", "application/json"]],
         "rawHeaders": ["Host", "api.example.com", "Authorization", f"Token {secret}", "Cookie", f"sid={secret}"],
         # a header under its own key, and as an OTLP attribute: each cookie's value is the secret
         "headers": {"Cookie": f"sid={secret}; theme=dark; lang=en-US",
                     "Set-Cookie": f"token={secret}; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT, prefs=compact"},
         "attributes": [{"key": "http.request.header.cookie",
                         "value": {"arrayValue": {"values": [{"stringValue": f"JSESSIONID={secret}; lang=en"}]}}}]},
        {"type": "tool.call", "run_id": "run_41",
         "command": ["mysql", "-h", "db.example.com", "-u", "reporting", "--password", password, "-e", "SELECT 1"],
         "args": ["-y", "@modelcontextprotocol/server-postgres", "--token", secret, "--read-only"]},
        {"type": "collection", "run_id": "run_41",
         "header": [{"key": "X-API-Key", "value": secret, "type": "text", "description": "tenant key"},
                    {"key": "Accept", "value": "application/json", "type": "text", "disabled": False}]},
        {"type": "run.completed", "run_id": "run_41",
         "sms": {"sid": "SM0f1e", "auth": secret}, "proxy": {"basic_auth": f"ops:{password}"},
         "settings": [{"auth": "oauth2"}, {"auth": "oauth2_client_credentials"}]},
        {"type": "tool.call", "run_id": "run_41", "tool": "http_request",  # a header list in a tool's JSON arguments
         "arguments": json.dumps({"url": "https://api.example.com/v1/rates", "headers": [["x-api-key", secret]]})},
        # (no list: secrets' names with none of the words the gate's raw-text check looked for first)
        {"type": "payment", "run_id": "run_41", "payment_method": {"brand": "visa", "cvv": secret},
         "wallet_backup": {"seed_phrase": secret}},
    ]


def _jsonl(records: list[dict[str, Any]]) -> bytes:
    moment = datetime.now(timezone.utc) - timedelta(days=1)
    stamped = [{**record, "timestamp": (moment + timedelta(seconds=index)).isoformat().replace("+00:00", "Z")}
               for index, record in enumerate(records)]
    return "".join(json.dumps(record) + "\n" for record in stamped).encode("utf-8")


@dataclass(frozen=True)
class SealedShapes:
    """What `redactor redact` wrote with the key: every record in one trace (`shapes.jsonl`), each record in a
    trace of its own (`record-<n>.jsonl`: a shape pasted there is the only reason the file holds to be walked),
    and a recording whose recorder had written placeholders in every shape (`placeholders.jsonl`)."""

    out: Path

    def trace(self, name: str) -> bytes:
        return (self.out / name).read_bytes()

    def seal(self, name: str) -> bytes:
        return (self.out / f"{name}.seal.json").read_bytes()


@pytest.fixture(scope="module")
def shapes(tmp_path_factory: pytest.TempPathFactory, sealed: Sealed) -> SealedShapes:
    base = tmp_path_factory.mktemp("shapes")
    (base / "raw").mkdir()
    records = _records(SECRET, PASSWORD)
    (base / "raw/shapes.jsonl").write_bytes(_jsonl(records))
    for index, record in enumerate(records):
        (base / f"raw/record-{index}.jsonl").write_bytes(_jsonl([record]))
    (base / "raw/placeholders.jsonl").write_bytes(_jsonl(_records("[REDACTED]", "********")))
    result = run_cli("redact", str(base / "raw"), "-o", str(base / "out"), "--policy", str(sealed.policy),
                     "--no-ner", "-q")
    assert result.returncode == 0, result.stderr
    made = SealedShapes(base / "out")
    for name in ["shapes.jsonl", *(f"record-{index}.jsonl" for index in range(len(records)))]:
        assert SECRET.encode() not in made.trace(name) and PASSWORD.encode() not in made.trace(name)
    assert b"[REDACTED]" in made.trace("placeholders.jsonl") and b"********" in made.trace("placeholders.jsonl")
    # a cookie header under its key keeps its names, settings and attributes; only the values are replaced
    response = json.loads(made.trace("record-1.jsonl"))
    assert re.fullmatch(r"sid=<ACCESS_TOKEN:\w+>; theme=dark; lang=en-US", response["headers"]["Cookie"])
    assert re.fullmatch(r"token=<ACCESS_TOKEN:\w+>; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT, prefs=compact",
                        response["headers"]["Set-Cookie"])
    return made


def add_sealed(repo: Repo, shapes: SealedShapes, name: str) -> None:
    repo.write(f"fixtures/{name}", shapes.trace(name))
    repo.write(f"fixtures/{name}.seal.json", shapes.seal(name))


def keyless(repo: Repo, tmp_path: Path, *args: str) -> Repo:
    """The machine without the key: no `REDACTOR_KEY`, a key file that does not exist."""
    repo.env.update({"REDACTOR_KEY": "", "REDACTOR_KEY_FILE": str(tmp_path / "absent-key")})
    if repo.mode == "standalone" and args:
        repo.env["REDACTOR_CHECK_ARGS"] = f"{repo.env['REDACTOR_CHECK_ARGS']} {' '.join(args)}"
    return repo


def reseal_by_hand(repo: Repo, rel: str, data: bytes, seal: bytes) -> None:
    """What someone without the key can do: write new bytes, re-compute the seal's digest, drop the MAC that
    they cannot make (a machine without the key cannot check it either)."""
    repo.write(rel, data)
    document = json.loads(seal)
    document["files"] = {name: sha256_bytes(data) for name in document["files"]}
    document.pop("mac", None)
    document.pop("key_id", None)
    repo.write(rel + ".seal.json", json.dumps(document, indent=2, sort_keys=True) + "\n")


def commit(repo: Repo, message: str) -> tuple[int, str]:
    before = repo.head_count()
    result = repo.commit(message)
    output = result.stdout + result.stderr
    assert repo.head_count() == before + (1 if result.returncode == 0 else 0), output
    return result.returncode, output


Edit = Callable[[dict[str, Any], str], None]


def _set(*path: str | int, prefix: str = "") -> Edit:
    def edit(record: dict[str, Any], value: str) -> None:
        node: Any = record
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = prefix + value
    return edit


def _in_arguments(edit: Edit) -> Edit:
    """`edit` inside the JSON document a tool call's `arguments` string holds, written back as a string."""
    def edit_arguments(record: dict[str, Any], value: str) -> None:
        arguments = json.loads(record["arguments"])
        edit(arguments, value)
        record["arguments"] = json.dumps(arguments)
    return edit_arguments


# (id, the record, how the raw value is pasted back into it, the entity type, JSON path and masked preview the gate
# must show: a scheme (`Bearer `, `Token `) is protocol and stays outside the finding, as a cookie's name and a
# Set-Cookie's attributes do; a `user:password`'s whole value is the secret, as `redact` replaces it)
PASTED = "c0ffee51d2e3f4a5b6c7d8e9f0a1b2c3"
ALONE, WHOLE = "c0…(32 chars)", "…(36 chars)"
SHAPES: list[tuple[str, int, Edit, str, str, str]] = [
    ("pair-list-header", 0, _set("request_headers", 2, 1), "API_KEY", "$.request_headers[2][1]", ALONE),
    ("pair-list-authorization", 0, _set("request_headers", 0, 1, prefix="Bearer "), "ACCESS_TOKEN",
     "$.request_headers[0][1]", ALONE),
    ("pair-list-query", 0, _set("query_params", 0, 1), "API_KEY", "$.query_params[0][1]", ALONE),
    ("pair-list-cookie", 1, _set("response_headers", 0, 1, prefix="sid="), "ACCESS_TOKEN",
     "$.response_headers[0][1]", ALONE),
    ("raw-headers-cookie", 1, _set("rawHeaders", 5, prefix="sid="), "ACCESS_TOKEN", "$.rawHeaders[5]", ALONE),
    ("dict-header-cookie", 1, _set("headers", "Cookie", prefix="sid="), "ACCESS_TOKEN", "$.headers.Cookie", ALONE),
    ("dict-header-set-cookie", 1, _set("headers", "Set-Cookie", prefix="token="), "ACCESS_TOKEN",
     '$.headers["Set-Cookie"]', ALONE),
    ("otlp-attribute-cookie", 1, _set("attributes", 0, "value", "arrayValue", "values", 0, "stringValue",
                                      prefix="JSESSIONID="), "ACCESS_TOKEN",
     "$.attributes[0].value.arrayValue.values[0].stringValue", ALONE),
    ("raw-headers-authorization", 1, _set("rawHeaders", 3, prefix="Token "), "ACCESS_TOKEN", "$.rawHeaders[3]",
     ALONE),
    ("option-password", 2, _set("command", 6), "PASSWORD", "$.command[6]", ALONE),
    ("option-token", 2, _set("args", 3), "ACCESS_TOKEN", "$.args[3]", ALONE),
    ("postman-entry", 3, _set("header", 0, "value"), "API_KEY", "$.header[0].value", ALONE),
    ("bare-auth", 4, _set("sms", "auth"), "CREDENTIAL", "$.sms.auth", ALONE),
    ("basic-auth-user-password", 4, _set("proxy", "basic_auth", prefix="ops:"), "CREDENTIAL", "$.proxy.basic_auth",
     "op" + WHOLE),
    ("pair-list-in-embedded-json", 5, _in_arguments(_set("headers", 0, 1)), "API_KEY",
     "$.arguments#json.headers[0][1]", ALONE),
    ("member-cvv", 6, _set("payment_method", "cvv"), "CREDIT_CARD", "$.payment_method.cvv", ALONE),
    ("member-seed-phrase", 6, _set("wallet_backup", "seed_phrase"), "CREDENTIAL", "$.wallet_backup.seed_phrase",
     ALONE),
]


def pasted(trace: bytes, line: int, edit: Edit, value: str) -> bytes:
    """The sealed trace with `value` pasted into its record on `line` (1-based) by `edit`."""
    lines = trace.decode("utf-8").splitlines()
    record = json.loads(lines[line - 1])
    edit(record, value)
    lines[line - 1] = json.dumps(record)
    return "".join(text + "\n" for text in lines).encode("utf-8")


@pytest.mark.parametrize(("record", "edit", "entity", "json_path", "preview"), [shape[1:] for shape in SHAPES],
                         ids=[shape[0] for shape in SHAPES])
def test_a_secret_pasted_into_a_list_shape_is_blocked_without_the_key(
        tmp_path: Path, sealed: Sealed, shapes: SealedShapes, record: int, edit: Edit, entity: str,
        json_path: str, preview: str) -> None:
    """The shape's record in a trace of its own: nothing else in the file gives the walk a reason to run."""
    repo = keyless(make_repo(tmp_path, "standalone", sealed.policy), tmp_path, "--format", "json")
    name = f"record-{record}.jsonl"
    add_sealed(repo, shapes, name)
    repo.git("add", "-A")
    code, output = commit(repo, "the redacted trace")
    assert code == 0, output  # as `redact` wrote it: tokens, header names and settings are no finding

    reseal_by_hand(repo, f"fixtures/{name}", pasted(shapes.trace(name), 1, edit, PASTED), shapes.seal(name))
    repo.git("add", "-A")
    code, output = commit(repo, "a value pasted back, the digest patched")
    assert code == 1, output
    assert PASTED not in output and PASTED[2:10] not in output
    (entry,) = json.loads(output)["results"]
    assert entry["path"] == f"fixtures/{name}" and entry["status"] == "blocked"
    assert [reason["code"] for reason in entry["reasons"]] == ["residual-findings"]  # (no MAC to check here)
    assert [(f["file"], f["entity_type"], f["path"], f["line"], f["preview"]) for f in entry["findings"]] == [
        (f"fixtures/{name}", entity, json_path, 1, preview)]
    assert repo.show(f"fixtures/{name}") == shapes.trace(name)


def test_every_shape_pasted_at_once_is_blocked_by_either_hook(repo: Repo, tmp_path: Path,
                                                             shapes: SealedShapes) -> None:
    """The table the hook prints names the file, each entity type, JSON path and line, never the value."""
    keyless(repo, tmp_path)
    data = shapes.trace("shapes.jsonl")
    for _name, record, edit, *_ in SHAPES:
        data = pasted(data, record + 1, edit, PASTED)
    reseal_by_hand(repo, SHAPES_TRACE, data, shapes.seal("shapes.jsonl"))
    repo.git("add", "-A")
    code, output = commit(repo, "every shape pasted back")
    assert code == 1, output
    assert f"BLOCKED {SHAPES_TRACE}: residual sensitive data found by the residual scan: {len(SHAPES)} finding(s)" \
        in output
    for _name, record, _edit, entity, json_path, _preview in SHAPES:
        assert f"{entity} at {json_path} (line {record + 1})" in output, json_path
    assert PASTED not in output
    assert SHAPES_TRACE not in repo.committed()


def test_a_redacted_trace_with_those_shapes_passes_without_the_key(repo: Repo, tmp_path: Path,
                                                                  shapes: SealedShapes) -> None:
    """No false block: tokens (`Bearer <ACCESS_TOKEN:...>`, `sid=<...>`), header names, option names, Postman's
    other fields and an `auth` setting (`oauth2`) as `redact` left them; and a recording whose recorder had
    already written placeholders (`[REDACTED]`, `********`), which `redact` keeps."""
    keyless(repo, tmp_path)
    add_sealed(repo, shapes, "shapes.jsonl")
    add_sealed(repo, shapes, "placeholders.jsonl")
    repo.git("add", "-A")
    code, output = commit(repo, "redacted traces")
    assert code == 0, output
    assert {SHAPES_TRACE, "fixtures/placeholders.jsonl"} <= repo.committed()


def test_a_header_list_the_walk_cannot_read_blocks_the_file(tmp_path: Path, sealed: Sealed,
                                                            shapes: SealedShapes) -> None:
    """Fail closed: a header list nested past the policy's depth limit cannot be walked; the file is blocked
    by name, not passed."""
    repo = keyless(make_repo(tmp_path, "standalone", sealed.policy), tmp_path)
    nested: Any = [["x-api-key", PASTED]]
    for _ in range(300):
        nested = {"headers": nested}
    data = shapes.trace("record-0.jsonl") + (json.dumps({"type": "deep", "request": nested}) + "\n").encode()
    reseal_by_hand(repo, "fixtures/record-0.jsonl", data, shapes.seal("record-0.jsonl"))
    repo.git("add", "-A")
    code, output = commit(repo, "too deep to read")
    assert code == 1, output
    assert "BLOCKED fixtures/record-0.jsonl: " in output and "nesting deeper than 256 levels" in output
    assert PASTED not in output
