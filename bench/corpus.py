"""Deterministic multi-format trace corpus for the benchmark, with a manifest of planted values.

The corpus is the hand-written raw examples (``examples/make_raw_examples.py``: one trace of each
format) plus generated support-agent sessions, each rendered in one of five on-disk formats:
Chronicle 0.x JSONL store, Chronicle 0.x trace directory, agent-chronicle 1.x JSONL (built with the
real ``agentplane_primitives`` models and chronicle's OpenAI adapter), OTLP/JSON with GenAI
JSON-in-string attributes, and a generic event stream. Every session has its own persona and its
own fake secrets, so nothing is shared between traces (the engine caches per trace only).

The manifest lists every planted value by entity type and every decoy (UUIDs, hashes, git SHAs,
ids, timestamps, versions, paths, documentation URLs) with the files it sits in. Values are
matched in the bytes, in every encoding a JSON writer may use (see ``encoded_forms``).

Usage::

    python -m bench.corpus OUT_DIR [--size-mb 4]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import itertools
import json
import random
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES_SCRIPT = ROOT / "examples" / "make_raw_examples.py"
MANIFEST_NAME = "manifest.json"
TRACES_DIR = "traces"
DEFAULT_SIZE_MB = 4.0
FORMATS = ("chronicle0-store", "chronicle0-dir", "agent-chronicle-1x", "otlp-json", "events")
JSON = dict[str, Any]


def import_file(path: Path, name: str) -> ModuleType:
    """Import a script that is not in a package (registered, so dataclasses in it resolve)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@cache
def examples() -> ModuleType:
    """The raw-example generator, imported (not copied) for its building blocks and its traces."""
    return import_file(EXAMPLES_SCRIPT, "make_raw_examples")


# ----- matching values in bytes -------------------------------------------------------------


def encoded_forms(value: str) -> set[bytes]:
    """Every way `value` can appear in a JSON file: raw, JSON-escaped (with and without
    ensure_ascii), and escaped twice (a JSON document carried inside a JSON string)."""
    forms: set[str] = {value}
    for ensure_ascii in (False, True):
        once = json.dumps(value, ensure_ascii=ensure_ascii)[1:-1]
        forms.add(once)
        forms.add(json.dumps(once, ensure_ascii=ensure_ascii)[1:-1])
    return {form.encode("utf-8", "surrogatepass") for form in forms}


def occurrences(data: bytes, value: str) -> int:
    """How many times `value` appears in `data`, whichever encoding each occurrence uses."""
    forms = sorted(encoded_forms(value), key=len, reverse=True)
    # Count each distinct form; a form that is a substring of a longer one is counted only in
    # positions the longer one does not cover, so an occurrence is never counted twice.
    covered: list[tuple[int, int]] = []
    total = 0
    for form in forms:
        start = data.find(form)
        while start != -1:
            end = start + len(form)
            if not any(start < e and s < end for s, e in covered):
                covered.append((start, end))
                total += 1
            start = data.find(form, start + 1)
    return total


def present(data: bytes, value: str) -> bool:
    return any(form in data for form in encoded_forms(value))


# ----- fake values ------------------------------------------------------------------------

FIRST = ["Maria", "James", "Aisha", "Wei", "Olga", "Daniel", "Fatima", "Lucas", "Hannah", "Kenji",
         "Sofia", "Mateo", "Amara", "Noah", "Ingrid", "Ravi", "Chloe", "Tomasz", "Yara", "Oliver",
         "Elena", "Samuel", "Leila", "Henrik", "Grace", "Pedro", "Nadia", "Victor", "Zoe", "Arjun"]
LAST = ["Garcia", "Thompson", "Okafor", "Zhang", "Petrova", "Murphy", "Haddad", "Silva", "Becker",
        "Tanaka", "Rossi", "Fernandez", "Mensah", "Williams", "Lindqvist", "Patel", "Dubois",
        "Kowalski", "Nasser", "Bennett", "Novak", "Schneider", "Khan", "Jensen", "Morgan", "Costa",
        "Ivanova", "Moreau", "Fischer", "Sharma", "Sullivan"]
CITIES = ["Rotterdam", "Barcelona", "Chicago", "Toronto", "Melbourne", "Manchester", "Hamburg",
          "Lyon", "Seattle", "Dublin", "Edinburgh", "Vienna", "Copenhagen", "Boston", "Denver",
          "Marseille", "Porto", "Krakow", "Glasgow", "Houston", "Atlanta", "Stockholm", "Zurich",
          "Milan", "Nairobi", "Auckland", "Vancouver", "Philadelphia", "Bristol", "Antwerp"]
STREETS = ["Maple", "Oak", "Cedar", "Willow", "Highland", "Lakeview", "Sunset", "Riverside",
           "Chestnut", "Hawthorne", "Meadow", "Franklin", "Washington", "Jefferson", "Pine"]
SUFFIXES = ["Street", "Avenue", "Road", "Lane", "Drive", "Boulevard", "Court", "Place"]
DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "yahoo.co.uk", "acme-mail.io"]
DOC_URLS = [
    "https://docs.python.org/3/library/json.html", "https://docs.stripe.com/api/refunds/create",
    "https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/",
    "https://www.postgresql.org/docs/16/libpq-connect.html", "https://platform.openai.com/docs/guides/function-calling",
    "https://docs.github.com/en/rest/issues/issues", "https://kubernetes.io/docs/concepts/workloads/pods/",
    "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/429",
]
PATHS = ["/srv/support-agent/src/support_agent/tools/{m}.py", "/etc/support-agent/{m}.yaml",
         "/var/log/support-agent/{m}.log", "kb/{m}/faq.md", "/opt/app/.venv/lib/python3.11/site-packages/{m}/api.py"]
MODULES = ["billing", "refunds", "orders", "shipping", "accounts", "invoices", "payments", "kyc"]
FILLER_SENTENCES = [
    "The refund policy allows a full refund within thirty days of purchase.",
    "Duplicate charges are usually reversed by the card network within five business days.",
    "I have checked the order history and the shipment left the warehouse yesterday.",
    "Please keep the original packaging until the replacement arrives.",
    "The billing system shows two authorisations for the same amount.",
    "Our records show the subscription renews on the first day of each month.",
    "I can escalate this to the payments team if the charge is still pending tomorrow.",
    "The tracking page will update once the carrier scans the parcel.",
    "Invoices are generated in the account currency and cannot be changed afterwards.",
    "For security reasons we never ask for a full card number over chat.",
    "The account was verified with the document uploaded during onboarding.",
    "A partial refund was issued for the damaged item on the previous order.",
]


def _digits(rng: random.Random, count: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(count))


def _luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    body = prefix + _digits(rng, length - len(prefix) - 1)
    for check in "0123456789":
        if examples().luhn_ok(body + check):
            return body + check
    raise AssertionError("unreachable: one check digit always satisfies Luhn")


def _iban(country: str, bban: str) -> str:
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    value = f"{country}{98 - int(numeric) % 97:02d}{bban}"
    assert examples().iban_ok(value)
    return value


@dataclass
class Registry:
    """Planted values (value -> entity type) and decoys (value -> kind) of the whole corpus."""

    planted: dict[str, str] = field(default_factory=dict)
    decoys: dict[str, str] = field(default_factory=dict)

    def plant(self, value: str, entity: str) -> str:
        self.planted[value] = entity
        return value

    def decoy(self, value: str, kind: str) -> str:
        self.decoys[value] = kind
        return value


@dataclass
class Session:
    """One support conversation's people, secrets, decoys and steps, independent of format."""

    index: int
    values: dict[str, str]
    steps: list[JSON]
    start: datetime


def make_session(index: int, reg: Registry) -> Session:
    ex = examples()
    rng = random.Random(f"bench-corpus:{index}")
    first, last = FIRST[index % len(FIRST)], LAST[(index * 7 + index // len(FIRST)) % len(LAST)]
    city = CITIES[(index * 11) % len(CITIES)]
    seed = f"bench:{index}"
    card_prefix, card_len = [("4", 16), ("51", 16), ("37", 15), ("6011", 16)][index % 4]
    card = _luhn_complete(card_prefix, card_len, rng)
    card_text = " ".join(card[i:i + 4] for i in range(0, len(card), 4)) if index % 2 else card
    iban = _iban("GB", "NWBK" + _digits(rng, 14)) if index % 3 else _iban("DE", _digits(rng, 18))
    v: dict[str, str] = {
        "name": reg.plant(f"{first} {last}", "PERSON"),
        "first": first,
        "email": reg.plant(f"{first.lower()}.{last.lower()}{index}@{DOMAINS[index % len(DOMAINS)]}",
                           "EMAIL_ADDRESS"),
        "phone": reg.plant(f"+1 ({rng.randint(201, 989)}) {rng.randint(200, 989)}-{_digits(rng, 4)}"
                           if index % 2 else f"+44 20 7{_digits(rng, 3)} {_digits(rng, 4)}", "PHONE_NUMBER"),
        "ssn": reg.plant(f"{rng.randint(101, 665)}-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}", "US_SSN"),
        "card": reg.plant(card_text, "CREDIT_CARD"),
        "iban": reg.plant(iban, "IBAN_CODE"),
        "ip": reg.plant(f"{rng.randint(23, 91)}.{rng.randint(1, 254)}.{rng.randint(1, 254)}.{rng.randint(2, 254)}",
                        "IP_ADDRESS"),
        "ipv6": reg.plant(f"2001:db8:{rng.randint(1, 0xfff):x}:{rng.randint(1, 0xfff):x}::{rng.randint(1, 0xfff):x}",
                          "IP_ADDRESS"),
        "address": reg.plant(f"{rng.randint(10, 9899)} {STREETS[index % len(STREETS)]} "
                             f"{SUFFIXES[index % len(SUFFIXES)]}", "STREET_ADDRESS"),
        "city": reg.plant(city, "LOCATION"),
        # Fakes in the vendors' formats (prefix, length, charset), marked FAKE where possible.
        "openai": reg.plant("sk-proj-" + ex.filler(f"{seed}:oai", 40, ex.B64URL) + "FAKE"
                            + ex.filler(f"{seed}:oai2", 60, ex.B64URL), "API_KEY"),
        "anthropic": reg.plant("sk-ant-api03-" + ex.filler(f"{seed}:ant", 86, ex.B64URL) + "-FAKEAA", "API_KEY"),
        "stripe": reg.plant("sk_live_51FAKE" + ex.filler(f"{seed}:stripe", 90), "API_KEY"),
        "aws": reg.plant("AKIA" + ex.filler(f"{seed}:aws", 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), "API_KEY"),
        "google": reg.plant("AIzaSy" + ex.filler(f"{seed}:google", 33, ex.B64URL), "API_KEY"),
        "hf": reg.plant("hf_" + ex.filler(f"{seed}:hf", 34, ex.LETTERS), "API_KEY"),
        "github": reg.plant("ghp_" + ex.filler(f"{seed}:gh", 36), "ACCESS_TOKEN"),
        "slack": reg.plant(f"xoxb-{_digits(rng, 12)}-{_digits(rng, 13)}-" + ex.filler(f"{seed}:slack", 24),
                           "ACCESS_TOKEN"),
        "bearer": reg.plant("at_" + ex.filler(f"{seed}:bearer", 40, ex.B64URL), "ACCESS_TOKEN"),
        "jwt": reg.plant(ex.make_jwt({"sub": f"user-{index}", "iat": 1781700000 + index, "scope": "billing"},
                                     f"{seed}:jwt-key".encode()), "JWT"),
        "db_password": reg.plant("Pw-" + ex.filler(f"{seed}:dbpw", 14) + "!", "PASSWORD"),
    }
    if index % 4 == 0:
        v["pem"] = reg.plant(ex.make_pem("RSA PRIVATE KEY", f"{seed}:pem", "MIIEpAIBAAKCAQEA", "FAKE", 12),
                             "PRIVATE_KEY")
    module = MODULES[index % len(MODULES)]
    d = {
        "run_uuid": reg.decoy(ex.det_uuid(f"{seed}:run"), "uuid"),
        "conv_uuid": reg.decoy(ex.det_uuid(f"{seed}:conversation"), "uuid"),
        "doc_sha256": reg.decoy(ex.sha256_hex(f"{seed}:doc"), "sha256"),
        "image_digest": reg.decoy("sha256:" + ex.sha256_hex(f"{seed}:image"), "sha256"),
        "git_sha": reg.decoy(ex.sha1_hex(f"{seed}:commit"), "git_sha1"),
        "order_id": reg.decoy(f"ORD-2026-{100000 + index * 37:06d}", "id"),
        "customer_id": reg.decoy("cus_" + ex.filler(f"{seed}:cus", 14), "id"),
        "version": reg.decoy(f"{1 + index % 3}.{index % 17}.{index % 9}", "version"),
        "path": reg.decoy(PATHS[index % len(PATHS)].format(m=module), "path"),
        "doc_url": reg.decoy(DOC_URLS[index % len(DOC_URLS)], "doc_url"),
    }
    start = datetime(2026, 6, 1, 8, 0, 0, tzinfo=timezone.utc) + timedelta(minutes=97 * index, seconds=index)
    return Session(index, {**v, **d}, _steps(index, v, d, rng, reg), start)


def _chatter(rng: random.Random, count: int) -> str:
    return " ".join(rng.choice(FILLER_SENTENCES) for _ in range(count))


def _steps(index: int, v: dict[str, str], d: dict[str, str], rng: random.Random, reg: Registry) -> list[JSON]:
    ex = examples()
    seed = f"bench:{index}"
    system = (
        "You are the tier-1 support agent for an online store. Verify the customer with lookup_customer "
        f"before any refund. Refund rules: {d['doc_url']}. Never repeat a full card number."
    )
    user = (
        f"Hi, this is {v['name']} ({v['email']}, {v['phone']}). I was charged twice for order "
        f"{d['order_id']} on my card {v['card']}. I'm in {v['city']} this week. Please refund the "
        f"duplicate to my bank account {v['iban']}. My billing address is {v['address']}, {v['city']}."
    )
    calls = [reg.decoy("call_" + ex.filler(f"{seed}:call:{k}", 24), "id") for k in range(4)]
    stamp = reg.decoy(f"2026-06-{1 + index % 28:02d}T{index % 24:02d}:{index % 60:02d}:07Z", "timestamp")
    customer = {
        "customer_id": d["customer_id"], "name": v["name"], "email": v["email"], "phone": v["phone"],
        "ssn": v["ssn"], "billing_address": f"{v['address']}, {v['city']}", "iban": v["iban"],
        "cards": [{"pan": v["card"], "exp": "09/28", "fingerprint": ex.filler(f"{seed}:fp", 16)}],
        "last_login": {"ip": v["ip"], "ipv6": v["ipv6"], "at": stamp},
        "kyc": {"verified": True, "document_sha256": d["doc_sha256"]},
        "orders": [{"order_id": d["order_id"], "amount_cents": 1000 + index, "currency": "USD"}],
    }
    dsn = f"postgresql://billing_app:{v['db_password']}@db-{index % 5}.internal:5432/billing"
    steps: list[JSON] = [
        {"kind": "llm", "system": system, "messages": [{"role": "user", "content": user}], "completion": None,
         "tool_calls": [(calls[0], "lookup_customer", {"email": v["email"]})], "usage": (812 + index, 23)},
        {"kind": "tool", "name": "lookup_customer", "call_id": calls[0], "args": {"email": v["email"]},
         "result": customer, "error": None},
        {"kind": "tool", "name": "query_db", "call_id": calls[1],
         "args": {"sql": f"SELECT * FROM charges WHERE customer_email = '{v['email']}'"},  # noqa: S608 - recorded text
         "result": None,
         "error": {"type": "OperationalError",
                   "message": f'connection to server at "db-{index % 5}.internal" failed: timeout expired\n'
                              f"  dsn = '{dsn}'\n  File \"{d['path']}\", line {40 + index % 60}"}},
        {"kind": "tool", "name": "http_request", "call_id": calls[2],
         "args": {"method": "POST", "url": "https://billing.internal.example.com/api/v2/refunds",
                  "headers": {"Authorization": f"Bearer {v['bearer']}", "X-Request-Id": d["run_uuid"]},
                  "body": {"iban": v["iban"], "order_id": d["order_id"], "amount_cents": 1000 + index}},
         "result": {"status": 201, "refund_id": "re_" + ex.filler(f"{seed}:re", 14), "build": d["git_sha"]},
         "error": None},
    ]
    if "pem" in v:
        steps.append({"kind": "tool", "name": "read_file", "call_id": calls[3],
                      "args": {"path": "/srv/deploy/keys/id_rsa"}, "result": {"content": v["pem"]}, "error": None})
    for turn in range(2 + index % 5):
        steps.append({
            "kind": "llm", "system": system,
            "messages": [{"role": "user", "content": user},
                         {"role": "user", "content": _chatter(rng, 3) + f" Ask {v['first']} to confirm."}],
            "completion": (f"Thanks {v['name']}, " + _chatter(rng, 6 + turn)
                           + f" See {d['doc_url']} (agent {d['version']}, image {d['image_digest']})."),
            "tool_calls": [], "usage": (900 + turn * 37 + index, 60 + turn),
        })
    return steps


def environment(v: dict[str, str]) -> JSON:
    """A process environment dump, as agents record at start-up."""
    return {"OPENAI_API_KEY": v["openai"], "ANTHROPIC_API_KEY": v["anthropic"], "STRIPE_SECRET": v["stripe"],
            "AWS_ACCESS_KEY_ID": v["aws"], "GOOGLE_MAPS_KEY": v["google"], "HF_HUB": v["hf"],
            "GH_CLI": v["github"], "SLACK_BOT": v["slack"], "AWS_REGION": "us-east-1",
            "SESSION_JWT": v["jwt"], "SUPPORT_AGENT_VERSION": v["version"]}


# ----- renderers ----------------------------------------------------------------------------


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _openai_request(step: JSON, tools: list[JSON]) -> JSON:
    messages: list[JSON] = [{"role": "system", "content": step["system"]}, *step["messages"]]
    return {"model": "gpt-4o-2024-08-06", "messages": messages, "tools": tools, "tool_choice": "auto",
            "temperature": 0.2}


def _tools_schema() -> list[JSON]:
    ex = examples()
    return [{"type": "function", "function": ex.tool_schema(name, desc, props)} for name, desc, props in (
        ("lookup_customer", "Find a customer by email", {"email": "string"}),
        ("query_db", "Run a read-only SQL query", {"sql": "string"}),
        ("http_request", "Call an internal HTTP API", {"method": "string", "url": "string", "body": "object"}),
        ("read_file", "Read a file from the deploy host", {"path": "string"}),
    )]


def render_chronicle0(session: Session) -> list[JSON]:
    v = session.values
    trace_id = f"trace-support-{session.index:05d}"
    tools = [t["function"] for t in _tools_schema()]
    records: list[JSON] = []
    parent: str | None = None
    invocations: dict[str, int] = {}
    for number, step in enumerate(session.steps, start=1):
        node = "agent" if step["kind"] == "llm" else step["name"]
        invocations[node] = invocations.get(node, 0) + 1
        envelope_id = examples().det_uuid(f"bench:{session.index}:c0:{number}")
        meta = {"model_version": "gpt-4o-2024-08-06",
                "sampling_params": {"temperature": 0.2, "top_p": 1.0, "max_tokens": 1024},
                "build_id": f"support-agent-{v['version']}+g{v['git_sha'][:7]}",
                "tool_schemas": tools if step["kind"] == "llm" else [],
                "extra": {"env": environment(v)} if number == 1 else {}}
        if step["kind"] == "llm":
            input_state = {"messages": step["messages"], "system_prompt": step["system"], "rag_chunks": [
                {"source": v["doc_url"], "text": "Refunds are issued to the original payment method. "
                 f"Checksum {v['doc_sha256']}."}], "graph_state": {"conversation_id": v["conv_uuid"]}}
            action = {"tool_calls": [{"id": c, "name": n, "arguments": a} for c, n, a in step["tool_calls"]],
                      "completion": step["completion"], "finish_reason": "tool_calls" if step["tool_calls"] else "stop",
                      "token_usage": {"prompt_tokens": step["usage"][0], "completion_tokens": step["usage"][1]},
                      "raw_response": None, "error": None}
        else:
            input_state = {"messages": [], "system_prompt": None, "rag_chunks": [], "graph_state": step["args"]}
            action = {"tool_calls": [], "completion": None, "finish_reason": None, "token_usage": {},
                      "raw_response": step["result"], "error": step["error"]}
        records.append({
            "node_id": node, "boundary_kind": step["kind"], "invocation_index": invocations[node],
            "sequence": number, "envelope_id": envelope_id, "parent_envelope_id": parent,
            "timestamp": _iso(session.start + timedelta(seconds=2.5 * number)), "trace_id": trace_id,
            "metadata": meta, "input_state": input_state, "action_result": action,
        })
        parent = envelope_id
    return records


def render_chronicle0_dir(session: Session) -> dict[str, JSON]:
    records = render_chronicle0(session)
    files: dict[str, JSON] = {}
    nodes = []
    for record in records:
        name = f"{record['sequence']:03d}-{record['node_id']}-{record['invocation_index']}.json"
        files[name] = record
        nodes.append({"envelope_id": record["envelope_id"], "boundary_id": record["node_id"],
                      "boundary_kind": record["boundary_kind"], "invocation_index": record["invocation_index"],
                      "sequence": record["sequence"], "fixture": name})
    ids = [r["envelope_id"] for r in records]
    files["graph.json"] = {"trace_id": records[0]["trace_id"], "nodes": nodes,
                           "edges": [[a, b] for a, b in itertools.pairwise(ids)], "roots": ids[:1]}
    return files


def render_agent_chronicle(session: Session) -> list[JSON]:
    ex = examples()
    v = session.values
    builder = ex.SpanBuilder(f"bench:{session.index}:ac1", session.start)
    tools = _tools_schema()
    envelopes = []
    for number, step in enumerate(session.steps):
        if step["kind"] == "llm":
            raw_out = ex.openai_completion(f"bench:{session.index}:{number}", 1781700000 + number,
                                           content=step["completion"], tool_calls=step["tool_calls"],
                                           usage=step["usage"])
            meta = {"client.env": environment(v)} if number == 0 else {"rag.source": v["doc_url"]}
            envelopes.append(ex.openai_llm(builder, _openai_request(step, tools), raw_out, meta, 900 + number))
        else:
            raw_output = step["result"] if step["error"] is None else {"error": step["error"]}
            envelopes.append(ex.tool(builder, step["name"], step["args"], raw_output, 20 + number))
    return [e.model_dump(mode="json") for e in envelopes]


def render_otlp(session: Session) -> JSON:
    ex = examples()
    s, n, j = ex.s, ex.n, ex.j
    v = session.values
    trace_id = ex.hex_id(f"bench:{session.index}:otel", 32)
    start = int(session.start.timestamp()) * 1_000_000_000
    spans: list[JSON] = []
    history: list[JSON] = []
    for number, step in enumerate(session.steps):
        span: JSON = {"traceId": trace_id, "spanId": ex.hex_id(f"bench:{session.index}:span:{number}", 16),
                      "startTimeUnixNano": str(start + number * 1_500_000_000),
                      "endTimeUnixNano": str(start + number * 1_500_000_000 + 900_000_000),
                      "kind": 3, "events": [], "links": [], "status": {"code": 0}}
        if step["kind"] == "llm":
            history = [{"role": m["role"], "parts": [{"type": "text", "content": m["content"]}]}
                       for m in step["messages"]]
            parts: list[JSON] = [{"type": "tool_call", "id": c, "name": name, "arguments": a}
                                 for c, name, a in step["tool_calls"]]
            if step["completion"]:
                parts.insert(0, {"type": "text", "content": step["completion"]})
            span["name"] = "chat gpt-4o-2024-08-06"
            span["attributes"] = [
                s("gen_ai.operation.name", "chat"), s("gen_ai.provider.name", "openai"),
                s("gen_ai.request.model", "gpt-4o-2024-08-06"),
                s("gen_ai.system_instructions", j([{"type": "text", "content": step["system"]}])),
                s("gen_ai.input.messages", j(history)),
                s("gen_ai.output.messages", j([{"role": "assistant", "parts": parts, "finish_reason": "stop"}])),
                n("gen_ai.usage.input_tokens", step["usage"][0]), n("gen_ai.usage.output_tokens", step["usage"][1]),
            ]
        else:
            span["name"] = f"execute_tool {step['name']}"
            span["attributes"] = [
                s("gen_ai.operation.name", "execute_tool"), s("gen_ai.tool.name", step["name"]),
                s("gen_ai.tool.call.id", step["call_id"]), s("gen_ai.tool.call.arguments", j(step["args"])),
            ]
            if step["error"] is None:
                span["attributes"].append(s("gen_ai.tool.call.result", j(step["result"])))
            else:
                span["status"] = {"code": 2, "message": step["error"]["type"]}
                span["events"].append({"name": "exception", "timeUnixNano": span["endTimeUnixNano"], "attributes": [
                    s("exception.type", step["error"]["type"]),
                    s("exception.message", step["error"]["message"].splitlines()[0]),
                    s("exception.stacktrace", step["error"]["message"])]})
                span["attributes"] += [s("db.system.name", "postgresql"),
                                       s("db.query.text", step["args"].get("sql", ""))]
            if step["name"] == "http_request":
                span["attributes"] += [s("http.request.method", "POST"), s("url.full", step["args"]["url"]),
                                       ex.sa("http.request.header.authorization",
                                             [step["args"]["headers"]["Authorization"]])]
        spans.append(span)
    resource = {"attributes": [s("service.name", "support-agent"), s("service.version", v["version"]),
                               s("deployment.environment", "prod"), s("host.image.digest", v["image_digest"]),
                               s("process.env", j(environment(v)))]}
    return {"resourceSpans": [{"resource": resource, "scopeSpans": [
        {"scope": {"name": "opentelemetry.instrumentation.openai_v2", "version": "2.1b0"}, "spans": spans}]}]}


def render_events(session: Session) -> list[JSON]:
    v = session.values
    t = session.start
    events: list[JSON] = [{"type": "run.started", "run_id": v["run_uuid"], "ts": _iso(t),
                           "data": {"agent": "support-agent", "version": v["version"], "git_sha": v["git_sha"],
                                    "user": {"name": v["name"], "email": v["email"]}, "client_ip": v["ip"],
                                    "env": environment(v), "docs": v["doc_url"]}}]
    for number, step in enumerate(session.steps, start=1):
        moment = _iso(t + timedelta(seconds=1.7 * number))
        if step["kind"] == "llm":
            events.append({"type": "llm.completed", "run_id": v["run_uuid"], "ts": moment,
                           "data": {"model": "gpt-4o-2024-08-06", "messages": step["messages"],
                                    "completion": step["completion"],
                                    "tool_calls": [{"id": c, "name": n, "arguments": json.dumps(a)}
                                                   for c, n, a in step["tool_calls"]],
                                    "usage": {"input": step["usage"][0], "output": step["usage"][1]}}})
        else:
            kind = "tool.succeeded" if step["error"] is None else "tool.failed"
            events.append({"type": kind, "run_id": v["run_uuid"], "ts": moment,
                           "data": {"tool": step["name"], "call_id": step["call_id"], "args": step["args"],
                                    "result": step["result"], "error": step["error"]}})
    events.append({"type": "run.completed", "run_id": v["run_uuid"],
                   "ts": _iso(t + timedelta(seconds=60)), "data": {"status": "ok", "artifact": v["image_digest"]}})
    return events


# ----- writing ------------------------------------------------------------------------------


def _dump_jsonl(records: Iterable[Any]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8")


def _dump_pretty(value: Any) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def session_files(session: Session) -> tuple[str, dict[str, bytes]]:
    """(format, {relative path: bytes}) for one session, rotating through the formats."""
    fmt = FORMATS[session.index % len(FORMATS)]
    stem = f"session-{session.index:04d}"
    if fmt == "chronicle0-store":
        return fmt, {f"chronicle0/{stem}.jsonl": _dump_jsonl(render_chronicle0(session))}
    if fmt == "chronicle0-dir":
        return fmt, {f"chronicle0-traces/{stem}/{name}": _dump_pretty(doc)
                     for name, doc in render_chronicle0_dir(session).items()}
    if fmt == "agent-chronicle-1x":
        return fmt, {f"agent-chronicle/{stem}.jsonl": _dump_jsonl(render_agent_chronicle(session))}
    if fmt == "otlp-json":
        return fmt, {f"otlp/{stem}.json": _dump_pretty(render_otlp(session))}
    return fmt, {f"events/{stem}.jsonl": _dump_jsonl(render_events(session))}


def trace_unit(relpath: str) -> str:
    """The trace a file belongs to: its directory for a Chronicle trace directory, else itself."""
    parts = relpath.split("/")
    if len(parts) > 2 and (parts[0].endswith("-traces") or parts[1] == "chronicle0-trace"):
        return "/".join(parts[:-1])
    return relpath


def build_corpus(out: Path, size_mb: float = DEFAULT_SIZE_MB, include_examples: bool = True) -> JSON:
    """Write the traces under `out/traces` and the manifest to `out/manifest.json`; return it."""
    traces = out / TRACES_DIR
    traces.mkdir(parents=True, exist_ok=True)
    files: dict[str, bytes] = {}
    formats: dict[str, str] = {}
    planted: dict[str, tuple[str, list[str]]] = {}
    decoys: dict[str, tuple[str, list[str]]] = {}

    def register(reg: Registry, rendered: dict[str, bytes]) -> None:
        # Values are made per session, so only that session's files are searched for them; a value
        # that recurs across sessions (a city, a documentation URL) gathers all its files.
        for table, values in ((planted, reg.planted), (decoys, reg.decoys)):
            for value, label in values.items():
                where = [p for p, b in rendered.items() if present(b, value)]
                if where:
                    table.setdefault(value, (label, []))[1].extend(where)

    if include_examples:
        generated = examples().build_files()
        example_manifest = json.loads(generated.pop(examples().MANIFEST))
        reg = Registry()
        for entry in example_manifest["planted"]:
            reg.plant(entry["value"], entry["entity_type"])
        for entry in example_manifest["decoys"]:
            # Short or numeric decoys (token counts, "1.0") match by accident anywhere: skip them.
            if isinstance(entry["value"], str) and len(entry["value"]) >= 6:
                reg.decoy(entry["value"], entry["kind"])
        rendered = {"examples/" + path.removeprefix(examples().RAW_DIR + "/"): text.encode("utf-8")
                    for path, text in generated.items()}
        files.update(rendered)
        formats.update(dict.fromkeys(rendered, "examples"))
        register(reg, rendered)
    budget = int(size_mb * 1024 * 1024)
    index = 0
    size = sum(len(b) for b in files.values())
    while size < budget:
        reg = Registry()
        fmt, rendered = session_files(make_session(index, reg))
        files.update(rendered)
        formats.update(dict.fromkeys(rendered, fmt))
        register(reg, rendered)
        size += sum(len(b) for b in rendered.values())
        index += 1
    for relpath, data in files.items():
        target = traces / relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    manifest = {
        "description": "Generated by bench/corpus.py; planted values must not survive redaction, "
                       "decoys must survive unchanged. Paths are relative to traces/.",
        "sessions": index,
        "total_bytes": size,
        "files": [{"path": p, "format": formats[p], "bytes": len(b), "trace": trace_unit(p)}
                  for p, b in sorted(files.items())],
        "planted": [{"value": value, "entity_type": label, "files": where}
                    for value, (label, where) in sorted(planted.items(), key=lambda i: (i[1][0], i[0]))],
        "decoys": [{"value": value, "kind": label, "files": where}
                   for value, (label, where) in sorted(decoys.items(), key=lambda i: (i[1][0], i[0]))],
    }
    (out / MANIFEST_NAME).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def corpus_digest(manifest: JSON) -> str:
    return hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()[:12]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the benchmark corpus and its manifest.")
    parser.add_argument("out", type=Path)
    parser.add_argument("--size-mb", type=float, default=DEFAULT_SIZE_MB)
    parser.add_argument("--no-examples", action="store_true")
    args = parser.parse_args(argv)
    manifest = build_corpus(args.out, args.size_mb, include_examples=not args.no_examples)
    print(f"{len(manifest['files'])} files, {manifest['total_bytes'] / 1e6:.2f} MB, "
          f"{len(manifest['planted'])} planted values, {len(manifest['decoys'])} decoys")
    return 0


if __name__ == "__main__":
    sys.exit(main())
