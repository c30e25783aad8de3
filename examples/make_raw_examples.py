"""Generate the raw example traces in ``examples/raw/`` and their manifest ``tests/data/planted.json``.

Every file is produced deterministically (no clock, no randomness: all ids, fillers and fake
secrets derive from SHA-256 of fixed seeds), so the committed bytes can be checked against a fresh
run. The agent-chronicle 1.x envelopes are built with the real ``agentplane_primitives`` models and
the real chronicle provider adapters, exactly as ``@boundary``/``wrap`` would record them.

The sensitive values are fakes that keep their vendor format (prefix, length, charset) and carry a
FAKE/T3ST/EXAMPLE marker where the format allows; PII uses reserved documentation ranges
(example.com, 203.0.113.0/24, 2001:db8::/32, 555-01xx numbers, published test card numbers and
example IBANs). Nothing here is a live credential.

Usage::

    python examples/make_raw_examples.py              # (re)write into the repository
    python examples/make_raw_examples.py --out DIR    # write the same tree under DIR
    python examples/make_raw_examples.py --check      # exit 1 if the committed files differ
"""

from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import hmac
import json
import string
import sys
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, TypeVar

from agentplane_primitives.enums import Kind, LinkType, State, Status
from agentplane_primitives.models import (
    Envelope,
    EnvelopeStatus,
    Link,
    LlmInput,
    LlmOutput,
    OutputError,
    ToolInput,
    ToolOutput,
)
from chronicle.framework.adapters.anthropic_adapter import AnthropicAdapter
from chronicle.framework.adapters.openai_adapter import OpenAiAdapter

REPO_ROOT = Path(__file__).resolve().parent.parent
RAW_DIR = "examples/raw"
MANIFEST = "tests/data/planted.json"
LARGE_STRING_MIN = 40 * 1024

JSON = dict[str, Any]
DecoyT = TypeVar("DecoyT", str, int)

# --------------------------------------------------------------------------------------------
# Deterministic building blocks
# --------------------------------------------------------------------------------------------

ALNUM = string.ascii_letters + string.digits
B64URL = ALNUM + "-_"
LETTERS = string.ascii_letters
HEX = "0123456789abcdef"


def _byte_stream(seed: str) -> Iterator[int]:
    counter = 0
    while True:
        yield from hashlib.sha256(f"{seed}#{counter}".encode()).digest()
        counter += 1


def filler(seed: str, length: int, alphabet: str = ALNUM) -> str:
    """``length`` characters of ``alphabet``, derived from ``seed`` only."""
    out: list[str] = []
    for byte in _byte_stream(seed):
        if len(out) == length:
            break
        out.append(alphabet[byte % len(alphabet)])
    return "".join(out)


def hex_id(seed: str, length: int) -> str:
    """Lowercase hex id (never all zeros), as trace/span/envelope ids are."""
    value = filler(seed, length, HEX)
    return value if value.strip("0") else "1" + value[1:]


def det_uuid(seed: str) -> str:
    return str(uuid.UUID(bytes=hashlib.sha256(seed.encode()).digest()[:16], version=4))


def sha256_hex(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def sha1_hex(seed: str) -> str:
    return hashlib.sha1(seed.encode(), usedforsecurity=False).hexdigest()


def luhn_ok(number: str) -> bool:
    digits = [int(c) for c in number if c.isdigit()]
    total = 0
    for position, digit in enumerate(reversed(digits)):
        doubled = digit * 2 if position % 2 == 1 else digit
        total += doubled - 9 if doubled > 9 else doubled
    return total % 10 == 0


def iban_ok(iban: str) -> bool:
    compact = iban.replace(" ", "")
    rearranged = compact[4:] + compact[:4]
    numeric = "".join(str(int(c, 36)) for c in rearranged)
    return int(numeric) % 97 == 1


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def make_jwt(payload: JSON, signing_key: bytes) -> str:
    header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    body = _b64url(json.dumps(payload, separators=(",", ":")).encode())
    signature = hmac.new(signing_key, f"{header}.{body}".encode(), hashlib.sha256).digest()
    return f"{header}.{body}.{_b64url(signature)}"


def make_pem(label: str, seed: str, prefix: str, marker: str, lines: int) -> str:
    body = prefix + marker + filler(seed, 64 * lines - len(prefix) - len(marker), ALNUM + "+/")
    rows = [body[i : i + 64] for i in range(0, len(body), 64)]
    return f"-----BEGIN {label}-----\n" + "\n".join(rows) + f"\n-----END {label}-----"


# --------------------------------------------------------------------------------------------
# The planted values (PII and fake secrets) and the decoys
# --------------------------------------------------------------------------------------------

PLANTED: dict[str, str] = {}
DECOYS: dict[str | int, str] = {}


def planted(value: str, entity_type: str) -> str:
    PLANTED[value] = entity_type
    return value


def decoy(value: DecoyT, kind: str) -> DecoyT:
    DECOYS[value] = kind
    return value


# People, contact data, money, network.
JANE = planted("Jane Doe", "PERSON")
JANE_EMAIL = planted("jane.doe@example.com", "EMAIL_ADDRESS")
JANE_PHONE = planted("+1 (415) 555-0132", "PHONE_NUMBER")
JANE_MOBILE = planted("415-555-0198", "PHONE_NUMBER")
JANE_SSN = planted("536-22-4187", "US_SSN")
JANE_ADDRESS = planted("742 Evergreen Terrace, Springfield, OR 97477", "STREET_ADDRESS")
JANE_CARD = planted("4111 1111 1111 1111", "CREDIT_CARD")
JANE_CARD_2 = planted("5555555555554444", "CREDIT_CARD")
JANE_IBAN = planted("GB82WEST12345698765432", "IBAN_CODE")
JANE_IBAN_SPACED = planted("GB82 WEST 1234 5698 7654 32", "IBAN_CODE")
JANE_IP = planted("203.0.113.42", "IP_ADDRESS")
JANE_IPV6 = planted("2001:db8:85a3::8a2e:370:7334", "IP_ADDRESS")
LISBON = planted("Lisbon", "LOCATION")

CARLOS = planted("Carlos Alvarez", "PERSON")
CARLOS_EMAIL = planted("carlos.alvarez@example.org", "EMAIL_ADDRESS")
CARLOS_PHONE = planted("+44 20 7946 0958", "PHONE_NUMBER")
CARLOS_ADDRESS = planted("221B Baker Street, London NW1 6XE", "STREET_ADDRESS")

JURGEN = planted("Jürgen Weiß", "PERSON")
JURGEN_EMAIL = planted("j.weiss@example.net", "EMAIL_ADDRESS")
JURGEN_PHONE = planted("+49 30 90182045", "PHONE_NUMBER")
JURGEN_IBAN = planted("DE89370400440532013000", "IBAN_CODE")
JURGEN_ADDRESS = planted("Leopoldstraße 12, 80802 München", "STREET_ADDRESS")
JURGEN_CARD = planted("4012-8888-8888-1881", "CREDIT_CARD")
JURGEN_IP = planted("198.51.100.7", "IP_ADDRESS")
MUNICH = planted("Munich", "LOCATION")

PRIYA = planted("Priya Raman", "PERSON")
PRIYA_EMAIL = planted("priya.raman@example.com", "EMAIL_ADDRESS")
PRIYA_PHONE = planted("+91 98765 43210", "PHONE_NUMBER")
PRIYA_SSN = planted("412-73-9051", "US_SSN")
PRIYA_CARD = planted("378282246310005", "CREDIT_CARD")
PRIYA_IPV6 = planted("2001:db8:4:1::2a", "IP_ADDRESS")
PRIYA_DOB = planted("1990-07-23", "DATE_OF_BIRTH")
PRIYA_PASSPORT = planted("K7293514", "ID_NUMBER")
PRIYA_WALLET = planted("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "CRYPTO")

DB_HOST_IP = planted("10.20.30.40", "IP_ADDRESS")

# Fake vendor secrets: right prefix, length and charset; marked FAKE / T3ST / EXAMPLE.
OPENAI_KEY = planted("sk-proj-" + "T3stFAKE" + filler("openai", 140, B64URL) + "EXAMPLE0", "API_KEY")
ANTHROPIC_KEY = planted("sk-ant-api03-" + "FAKE-" + filler("anthropic", 83, B64URL) + "-T3ST" + "AA", "API_KEY")
STRIPE_KEY = planted("sk_live_" + "51FAKET3st" + filler("stripe", 89), "API_KEY")
STRIPE_RESTRICTED_KEY = planted("rk_live_" + "51FAKET3st" + filler("stripe-rk", 89), "API_KEY")
GOOGLE_KEY = planted("AIza" + "SyFAKE" + filler("google", 25, B64URL) + "T3ST", "API_KEY")
HF_TOKEN = planted("hf_" + "FAKEtest" + filler("huggingface", 26, LETTERS), "API_KEY")
SENDGRID_KEY = planted(
    "SG." + "FAKEt3st" + filler("sendgrid-id", 14, B64URL) + "." + filler("sendgrid", 43, B64URL),
    "API_KEY",
)
NPM_TOKEN = planted("npm_" + "FAKE" + filler("npm", 32), "API_KEY")
AWS_EXAMPLE_KEY_ID = planted("AKIAIOSFODNN7EXAMPLE", "API_KEY")  # AWS's own documentation value
INTERNAL_API_KEY = planted("acme_int_FAKE_" + filler("internal-api", 24), "API_KEY")

GITHUB_TOKEN = planted("ghp_" + "FAKE" + filler("github", 28) + "T3ST", "ACCESS_TOKEN")
GITHUB_PAT = planted(
    "github_pat_" + "11FAKET3ST" + filler("github-pat-a", 12) + "_" + filler("github-pat-b", 59),
    "ACCESS_TOKEN",
)
SLACK_TOKEN = planted("xoxb-" + "2048123456789-4096123456789-" + "FAKEt3st" + filler("slack", 16), "ACCESS_TOKEN")
OPAQUE_TOKEN = planted("tok_FAKE_" + filler("opaque-access", 40), "ACCESS_TOKEN")
RESET_TOKEN = planted("rst_FAKE_" + filler("reset-link", 32), "ACCESS_TOKEN")

JWT = planted(
    make_jwt(
        {
            "iss": "https://auth.acme-corp.example",
            "sub": "svc-support-agent",
            "aud": "billing-api",
            "scope": "refunds:write customers:read",
            "iat": 1781704800,
            "exp": 1781708400,
            "jti": "FAKE-T3ST-0001",
        },
        b"fake-signing-key-for-tests-only",
    ),
    "JWT",
)

RSA_PEM = planted(
    make_pem("RSA PRIVATE KEY", "rsa-pem", "MIIEowIBAAKCAQEA", "FAKEKEYFORTESTSONLYxDoNotUse", 12),
    "PRIVATE_KEY",
)
PKCS8_PEM = planted(
    make_pem("PRIVATE KEY", "pkcs8-pem", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "T3STKEYxEXAMPLE", 10),
    "PRIVATE_KEY",
)
OPENSSH_PEM = planted(
    make_pem("OPENSSH PRIVATE KEY", "openssh-pem", "b3BlbnNzaC1rZXktdjEAAAAA", "FAKExEXAMPLExKEY", 6),
    "PRIVATE_KEY",
)

DB_PASSWORD = planted("S3cr3t-Passw0rd!", "PASSWORD")
DSN = planted(f"postgresql://app_user:{DB_PASSWORD}@db.internal:5432/orders", "CREDENTIAL")
REDIS_PASSWORD = planted("R3d1s-FAKE-pass", "PASSWORD")
REDIS_URL = planted(f"redis://:{REDIS_PASSWORD}@cache.internal:6379/0", "CREDENTIAL")
SMTP_PASSWORD = planted("hunter2-EXAMPLE!", "PASSWORD")
TEMP_PASSWORD = planted("Tmp-7fQ2-EXAMPLE!", "PASSWORD")
TOTP_SECRET = planted("JBSWY3DPEHPK3PXP", "CREDENTIAL")
TWILIO_AUTH_TOKEN = planted(filler("twilio-auth", 32, HEX), "CREDENTIAL")
GIT_REMOTE = planted(f"https://x-access-token:{GITHUB_PAT}@github.com/acme-corp/support-kb.git", "CREDENTIAL")

# Decoys: values that look "sensitive" to a naive scanner but must survive byte-for-byte.
DOCS_PYTHON_JSON = decoy("https://docs.python.org/3/library/json.html", "public_doc_url")
DOCS_STRIPE = decoy("https://docs.stripe.com/api/refunds/create", "public_doc_url")
DOCS_OTEL = decoy("https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/", "public_doc_url")
DOCS_LIBPQ = decoy("https://www.postgresql.org/docs/16/libpq-connect.html", "public_doc_url")
GIT_SHA = decoy(sha1_hex("support-agent@1.4.2"), "git_commit_sha1")
KB_DOC_SHA1 = decoy(sha1_hex("kb/refunds/double-charge.md@v3.2.1"), "sha1_digest")
KYC_SHA256 = decoy(sha256_hex("kyc-document-jane"), "sha256_digest")
KB_SHA256 = decoy(sha256_hex("kb/engineering/tool-results.md"), "sha256_digest")
IMAGE_DIGEST = decoy("sha256:" + sha256_hex("ghcr.io/acme-corp/support-agent:1.4.2"), "sha256_digest")
BUILD_ID = decoy(f"support-agent-1.4.2+g{GIT_SHA[:7]}", "build_id")
VERSION = decoy("1.4.2", "version")
INDEX_VERSION = decoy("v3.2.1", "version")
SDK_VERSION = decoy("1.45.2", "version")
OPENAI_SDK_VERSION = decoy("1.99.9", "version")
MODEL_OAI = decoy("gpt-4o-2024-08-06", "model_name")
MODEL_ANTHROPIC = decoy("claude-sonnet-4-20250514", "model_name")
PATH_CONFIG = decoy("/etc/support-agent/config.yaml", "file_path")
PATH_DB_TOOL = decoy("/srv/support-agent/src/support_agent/tools/db.py", "file_path")
PATH_LOG = decoy("/var/log/billing-api/app.log", "file_path")
PATH_CA = decoy("/etc/ssl/certs/db-ca.pem", "file_path")
PATH_KB = decoy("kb/refunds/double-charge.md", "file_path")
ORDER_ID = decoy("ORD-2026-004417", "order_id")
TRACKING = decoy("1Z999AA10123456784", "tracking_number")
CUSTOMER_ID = decoy("cus_QhFAKE8x2LmN4p", "object_id")
CHARGE_1 = decoy("ch_3PqFAKE1a2b3c4d", "object_id")
CHARGE_2 = decoy("ch_3PqFAKE5e6f7g8h", "object_id")
REFUND_ID = decoy("re_3PqFAKE9i0j1k2l", "object_id")
CARD_FINGERPRINT = decoy("Xt5EWLLDS7FJjR1c", "object_id")
SYSTEM_FINGERPRINT = decoy("fp_5f0c1a2b3d", "object_id")
USER_AGENT = decoy(
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Safari/605.1.15",
    "user_agent",
)

T0 = datetime(2026, 6, 17, 14, 3, 12, 481000, tzinfo=timezone.utc)


def ts(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def call_id(seed: str) -> str:
    return decoy("call_" + filler(f"call:{seed}", 24), "tool_call_id")


def toolu_id(seed: str) -> str:
    return decoy("toolu_01" + filler(f"toolu:{seed}", 22), "tool_call_id")


# --------------------------------------------------------------------------------------------
# Shared payloads
# --------------------------------------------------------------------------------------------


def tool_schema(name: str, description: str, properties: dict[str, str]) -> JSON:
    return {
        "name": name,
        "description": description,
        "parameters": {
            "type": "object",
            "properties": {key: {"type": kind} for key, kind in properties.items()},
            "required": sorted(properties),
        },
    }


SUPPORT_TOOLS = [
    tool_schema("lookup_customer", "Find a customer by email or phone", {"email": "string", "phone": "string"}),
    tool_schema("query_db", "Run a read-only SQL query on the orders database", {"sql": "string"}),
    tool_schema(
        "fetch_logs",
        "Fetch service logs",
        {"service": "string", "since": "string", "filter": "string"},
    ),
    tool_schema(
        "http_request",
        "Call an internal HTTP API",
        {"method": "string", "url": "string", "json": "object"},
    ),
]

SYSTEM_PROMPT = (
    "You are Acme Corp's tier-1 billing support agent. Always verify the customer with "
    "lookup_customer before any refund. Refund rules: "
    f"{DOCS_STRIPE}. Escalate disputes over $500 to the on-call lead {CARLOS} "
    f"({CARLOS_EMAIL}, {CARLOS_PHONE})."
)

USER_MESSAGE = (
    f"Hi, this is {JANE} ({JANE_EMAIL}, {JANE_PHONE}). I was charged twice for order {ORDER_ID} "
    f"on my card {JANE_CARD}. I'm in {LISBON} this week, so email is best. Please refund the "
    f"duplicate to my bank account {JANE_IBAN} instead of the card. My billing address is "
    f"{JANE_ADDRESS}."
)

CUSTOMER_RECORD: JSON = {
    "customer_id": CUSTOMER_ID,
    "name": JANE,
    "email": JANE_EMAIL,
    "phone": JANE_PHONE,
    "mobile": JANE_MOBILE,
    "ssn": JANE_SSN,
    "billing_address": JANE_ADDRESS,
    "cards": [
        {"pan": JANE_CARD, "brand": "visa", "exp": "09/28", "fingerprint": CARD_FINGERPRINT},
        {
            "pan": JANE_CARD_2,
            "brand": "mastercard",
            "exp": "03/27",
            "fingerprint": decoy("Qm2aPz7RkT4wLx9e", "object_id"),
        },
    ],
    "last_login": {"ip": JANE_IP, "ipv6": JANE_IPV6, "at": "2026-06-17T13:58:02Z"},
    "orders": [
        {
            "order_id": ORDER_ID,
            "charges": [CHARGE_1, CHARGE_2],
            "amount_cents": 12999,
            "currency": "USD",
            "shipment": {"carrier": "UPS", "tracking": TRACKING},
        }
    ],
    "kyc": {"verified": True, "document_sha256": KYC_SHA256},
}


def openai_completion(
    seed: str,
    created: int,
    *,
    content: str | None,
    tool_calls: list[tuple[str, str, JSON]],
    usage: tuple[int, int],
) -> JSON:
    """An OpenAI Chat Completions response body (tool arguments are a JSON string, as on the wire)."""
    message: JSON = {"role": "assistant", "content": content, "refusal": None}
    if tool_calls:
        message["tool_calls"] = [
            {
                "id": cid,
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments, ensure_ascii=False)},
            }
            for cid, name, arguments in tool_calls
        ]
    prompt, completion = usage
    decoy(prompt, "token_count")
    decoy(completion, "token_count")
    return {
        "id": decoy("chatcmpl-" + filler(f"chatcmpl:{seed}", 29), "response_id"),
        "object": "chat.completion",
        "created": created,
        "model": MODEL_OAI,
        "system_fingerprint": SYSTEM_FINGERPRINT,
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": "tool_calls" if tool_calls else "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": 0},
            "completion_tokens_details": {"reasoning_tokens": 0},
        },
    }


def big_log() -> str:
    """A realistic service log over 40 KiB with a couple of sensitive lines buried in it."""
    lines: list[str] = []
    moment = datetime(2026, 6, 17, 13, 0, 0, tzinfo=timezone.utc)
    routes = ["/v1/charges", "/v1/customers", "/v1/refunds", "/healthz", "/v1/invoices"]
    index = 0
    while sum(len(line) + 1 for line in lines) < 46_000:
        moment += timedelta(milliseconds=7_919)
        stamp = moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
        request = det_uuid(f"log-request:{index}")
        if index == 131:
            lines.append(
                f"{stamp} WARN  billing-api req={request} duplicate charge detected "
                f"customer={JANE_EMAIL} ip={JANE_IP} order={ORDER_ID} charge={CHARGE_2}"
            )
        elif index == 207:
            lines.append(
                f"{stamp} DEBUG billing-api req={request} outbound POST /api/v2/refunds "
                f"headers={{'Authorization': 'Bearer {JWT}'}}"
            )
        else:
            route = routes[index % len(routes)]
            status = 200 if index % 17 else 404
            lines.append(
                f"{stamp} INFO  billing-api req={request} route={route} status={status} "
                f"dur_ms={5 + (index * 37) % 180} build={VERSION} commit={GIT_SHA[:12]}"
            )
        index += 1
    return "\n".join(lines) + "\n"


def big_pdf_base64() -> str:
    """A ~48 KiB base64 'PDF' attachment (deterministic bytes)."""
    chunks = [b"%PDF-1.7\n% FAKE invoice for tests\n"]
    counter = 0
    while sum(len(c) for c in chunks) < 36_500:
        chunks.append(hashlib.sha256(f"pdf-block-{counter}".encode()).digest())
        counter += 1
    chunks.append(b"\n%%EOF\n")
    return base64.b64encode(b"".join(chunks)).decode()


# --------------------------------------------------------------------------------------------
# 1. Chronicle 0.x JSONL store
# --------------------------------------------------------------------------------------------


def meta0(node_id: str, trace_id: str, *, llm: bool, extra: JSON | None = None) -> JSON:
    return {
        "model_version": MODEL_OAI,
        "sampling_params": {"temperature": 0.2, "top_p": 1.0, "max_tokens": 1024, "seed": 7, "extra": {}},
        "build_id": BUILD_ID,
        "tool_schemas": copy.deepcopy(SUPPORT_TOOLS) if llm else [],
        "framework": "chronicle.boundary",
        "node_id": node_id,
        "trace_id": trace_id,
        "extra": extra or {},
    }


def envelope0(
    *,
    trace_id: str,
    envelope_id: str,
    parent: str | None,
    node_id: str,
    kind: str,
    sequence: int,
    invocation: int,
    moment: datetime,
    metadata: JSON,
    input_state: JSON,
    action_result: JSON,
) -> JSON:
    return {
        "schema_version": "1.0",
        "envelope_id": envelope_id,
        "trace_id": trace_id,
        "node_id": node_id,
        "boundary_kind": kind,
        "parent_envelope_id": parent,
        "sequence": sequence,
        "invocation_index": invocation,
        "timestamp": decoy(iso(moment), "timestamp"),
        "metadata": metadata,
        "input_state": input_state,
        "action_result": action_result,
    }


def tool_input0(graph_state: JSON) -> JSON:
    return {"messages": [], "system_prompt": None, "rag_chunks": [], "graph_state": graph_state}


def tool_result0(completion: str | None, raw: Any, error: JSON | None = None) -> JSON:
    return {
        "tool_calls": [],
        "completion": completion,
        "finish_reason": None,
        "token_usage": {},
        "raw_response": raw,
        "error": error,
    }


def chronicle0_store() -> list[JSON]:
    trace_id = "trace-refund-incident-2026-06-17-0042"
    ids = [decoy(det_uuid(f"chronicle0-store:{i}"), "uuid") for i in range(8)]
    request_id = decoy(det_uuid("chronicle0-store:request"), "uuid")
    idempotency_key = decoy(det_uuid("chronicle0-store:idempotency"), "uuid")
    call_lookup = call_id("store-lookup")
    call_db = call_id("store-db")
    call_logs = call_id("store-logs")
    call_refund = call_id("store-refund")

    user_msg = {"role": "user", "content": USER_MESSAGE}
    rag_chunks = [
        {
            "chunk_id": "ticket-48213",
            "content": (
                f"Ticket #48213 (2026-05-02): customer {JANE} called from {JANE_PHONE} about a "
                f"declined card {JANE_CARD}; agent sent a manual refund to IBAN {JANE_IBAN_SPACED}."
            ),
            "source": "tickets/2026/05/48213.md",
            "score": 0.88,
            "index_version": INDEX_VERSION,
            "metadata": {"sha1": KB_DOC_SHA1},
        },
        {
            "chunk_id": "kb-json-004",
            "content": f"Tool results are JSON; parse them with json.loads (see {DOCS_PYTHON_JSON}).",
            "source": PATH_KB,
            "score": 0.71,
            "index_version": INDEX_VERSION,
            "metadata": {"sha256": KB_SHA256},
        },
    ]
    accounts = {
        JANE_EMAIL: {
            "customer_id": CUSTOMER_ID,
            "name": JANE,
            "phone": JANE_PHONE,
            "tier": "gold",
            "created": "2021-09-14T08:12:44Z",
        }
    }
    config = {
        "stripe_api_key": STRIPE_KEY,
        "slack_bot_token": SLACK_TOKEN,
        "github_token": GITHUB_TOKEN,
        "billing_api": {"base_url": "https://billing.internal.example.com", "api_key": INTERNAL_API_KEY},
        "smtp": {"host": "smtp.internal.example.com", "username": "support-bot", "password": SMTP_PASSWORD},
        "config_path": PATH_CONFIG,
    }
    session = {
        "request_id": request_id,
        "client_ip": JANE_IP,
        "client_ipv6": JANE_IPV6,
        "user_agent": USER_AGENT,
    }
    lookup_args = {"email": JANE_EMAIL, "phone": JANE_PHONE}
    assistant_1 = {
        "role": "assistant",
        "content": "",
        "tool_calls": [{"id": call_lookup, "name": "lookup_customer", "arguments": lookup_args}],
    }
    tool_msg_lookup = {
        "role": "tool",
        "tool_call_id": call_lookup,
        "name": "lookup_customer",
        "content": json.dumps(CUSTOMER_RECORD, ensure_ascii=False),
    }
    # Recorded query text (never executed): the literal is the point of the fixture.
    sql = (
        "SELECT id, amount_cents, status FROM charges "  # noqa: S608
        f"WHERE customer_email = '{JANE_EMAIL}' AND order_id = '{ORDER_ID}'"
    )
    db_args = {"sql": sql}
    logs_args = {"service": "billing-api", "since": "2026-06-17T13:00:00Z", "filter": JANE_EMAIL}
    db_error = {
        "type": "OperationalError",
        "message": (
            f'connection to server at "db.internal" ({DB_HOST_IP}), port 5432 failed: FATAL:  '
            'password authentication failed for user "app_user"'
        ),
        "traceback": (
            "Traceback (most recent call last):\n"
            f'  File "{PATH_DB_TOOL}", line 41, in query_db\n'
            "    conn = psycopg.connect(dsn, sslmode=sslmode)\n"
            '  File "/srv/support-agent/.venv/lib/python3.11/site-packages/psycopg/connection.py", '
            "line 119, in connect\n"
            "    raise last_ex.with_traceback(None)\n"
            f"psycopg.OperationalError: connection failed (dsn='{DSN}')\n"
        ),
    }
    log_blob = big_log()
    log_lines = log_blob.count("\n")
    refund_body = {
        "charge": CHARGE_2,
        "amount_cents": 12999,
        "refund_to": {"type": "iban", "iban": JANE_IBAN, "account_holder": JANE},
        "notify": JANE_EMAIL,
    }
    refund_args = {
        "method": "POST",
        "url": "https://billing.internal.example.com/api/v2/refunds",
        "json": refund_body,
    }
    assistant_2 = {
        "role": "assistant",
        "content": "Let me check the charges and the billing logs.",
        "tool_calls": [
            {"id": call_db, "name": "query_db", "arguments": db_args},
            {"id": call_logs, "name": "fetch_logs", "arguments": logs_args},
        ],
    }
    tool_msg_db = {
        "role": "tool",
        "tool_call_id": call_db,
        "name": "query_db",
        "content": f"error: {db_error['message']}",
    }
    tool_msg_logs = {
        "role": "tool",
        "tool_call_id": call_logs,
        "name": "fetch_logs",
        "content": (
            f"[{log_lines} lines] ... WARN billing-api duplicate charge detected customer={JANE_EMAIL} "
            f"ip={JANE_IP} order={ORDER_ID} charge={CHARGE_2} ..."
        ),
    }
    assistant_3 = {
        "role": "assistant",
        "content": "",
        "tool_calls": [{"id": call_refund, "name": "http_request", "arguments": refund_args}],
    }
    refund_response = {
        "status_code": 201,
        "headers": {"content-type": "application/json", "x-request-id": idempotency_key},
        "body": {
            "refund_id": REFUND_ID,
            "status": "pending",
            "amount_cents": 12999,
            "destination": {"iban": JANE_IBAN, "holder": JANE},
            "notify": JANE_EMAIL,
            "docs": DOCS_STRIPE,
        },
    }
    tool_msg_refund = {
        "role": "tool",
        "tool_call_id": call_refund,
        "name": "http_request",
        "content": json.dumps(refund_response["body"], ensure_ascii=False),
    }
    final_text = (
        f"Done, {JANE}. I refunded $129.99 for the duplicate charge on order {ORDER_ID} to your "
        f"account {JANE_IBAN} (refund {REFUND_ID}). A confirmation is on its way to {JANE_EMAIL}."
    )
    llm_extra = {
        "git_commit": GIT_SHA,
        "image": IMAGE_DIGEST,
        "env": {"OPENAI_API_KEY": OPENAI_KEY, "ANTHROPIC_API_KEY": ANTHROPIC_KEY, "LOG_LEVEL": "info"},
    }

    def agent_state(messages: list[JSON], **more: Any) -> JSON:
        return {
            "messages": [user_msg, *messages],
            "system_prompt": SYSTEM_PROMPT,
            "rag_chunks": rag_chunks,
            "graph_state": {
                "messages": [user_msg, *messages],
                "user_message": USER_MESSAGE,
                "accounts": accounts,
                "session": session,
                "config": config,
                **more,
            },
        }

    def agent_result(
        seed: str, created: int, content: str, calls: list[tuple[str, str, JSON]], usage: tuple[int, int]
    ) -> JSON:
        raw = openai_completion(seed, created, content=content or None, tool_calls=calls, usage=usage)
        return {
            "tool_calls": [{"id": cid, "name": name, "arguments": args} for cid, name, args in calls],
            "completion": content,
            "finish_reason": "tool_calls" if calls else "stop",
            "token_usage": {
                "prompt_tokens": usage[0],
                "completion_tokens": usage[1],
                "total_tokens": usage[0] + usage[1],
            },
            "raw_response": raw,
            "error": None,
        }

    envelopes = [
        envelope0(
            trace_id=trace_id,
            envelope_id=ids[0],
            parent=None,
            node_id="agent",
            kind="llm",
            sequence=1,
            invocation=1,
            moment=ts(0),
            metadata=meta0("agent", trace_id, llm=True, extra=llm_extra),
            input_state=agent_state([]),
            action_result=agent_result(
                "store-1", 1781705012, "", [(call_lookup, "lookup_customer", lookup_args)], (1184, 38)
            ),
        ),
        envelope0(
            trace_id=trace_id,
            envelope_id=ids[1],
            parent=ids[0],
            node_id="lookup_customer",
            kind="tool",
            sequence=2,
            invocation=1,
            moment=ts(1.2),
            metadata=meta0("lookup_customer", trace_id, llm=False),
            input_state=tool_input0(lookup_args),
            action_result=tool_result0("found", CUSTOMER_RECORD),
        ),
        envelope0(
            trace_id=trace_id,
            envelope_id=ids[2],
            parent=ids[1],
            node_id="agent",
            kind="llm",
            sequence=3,
            invocation=2,
            moment=ts(2.9),
            metadata=meta0("agent", trace_id, llm=True, extra=llm_extra),
            input_state=agent_state([assistant_1, tool_msg_lookup], tool_result=CUSTOMER_RECORD),
            action_result=agent_result(
                "store-2",
                1781705015,
                "Let me check the charges and the billing logs.",
                [(call_db, "query_db", db_args), (call_logs, "fetch_logs", logs_args)],
                (2021, 77),
            ),
        ),
        envelope0(
            trace_id=trace_id,
            envelope_id=ids[3],
            parent=ids[2],
            node_id="query_db",
            kind="tool",
            sequence=4,
            invocation=1,
            moment=ts(3.4),
            metadata=meta0("query_db", trace_id, llm=False),
            input_state=tool_input0(
                {
                    **db_args,
                    "db": {
                        "dsn": DSN,
                        "sslmode": "verify-full",
                        "sslrootcert": PATH_CA,
                        "sslkey_pem": RSA_PEM,
                        "docs": DOCS_LIBPQ,
                    },
                }
            ),
            action_result=tool_result0(None, None, db_error),
        ),
        envelope0(
            trace_id=trace_id,
            envelope_id=ids[4],
            parent=ids[2],
            node_id="fetch_logs",
            kind="tool",
            sequence=5,
            invocation=1,
            moment=ts(3.5),
            metadata=meta0("fetch_logs", trace_id, llm=False),
            input_state=tool_input0({**logs_args, "log_path": PATH_LOG}),
            action_result=tool_result0(
                f"{log_lines} lines",
                {"path": PATH_LOG, "lines": log_lines, "truncated": False, "log": log_blob},
            ),
        ),
        envelope0(
            trace_id=trace_id,
            envelope_id=ids[5],
            parent=ids[4],
            node_id="agent",
            kind="llm",
            sequence=6,
            invocation=3,
            moment=ts(6.1),
            metadata=meta0("agent", trace_id, llm=True, extra=llm_extra),
            input_state=agent_state(
                [assistant_1, tool_msg_lookup, assistant_2, tool_msg_db, tool_msg_logs],
                tool_result=CUSTOMER_RECORD,
            ),
            action_result=agent_result(
                "store-3", 1781705018, "", [(call_refund, "http_request", refund_args)], (2544, 96)
            ),
        ),
        envelope0(
            trace_id=trace_id,
            envelope_id=ids[6],
            parent=ids[5],
            node_id="http_request",
            kind="tool",
            sequence=7,
            invocation=1,
            moment=ts(6.8),
            metadata=meta0("http_request", trace_id, llm=False),
            input_state=tool_input0(
                {
                    "method": "POST",
                    "url": refund_args["url"],
                    "headers": {
                        "Authorization": f"Bearer {JWT}",
                        "Idempotency-Key": idempotency_key,
                        "Content-Type": "application/json",
                    },
                    "json": refund_body,
                }
            ),
            action_result=tool_result0("201", refund_response),
        ),
        envelope0(
            trace_id=trace_id,
            envelope_id=ids[7],
            parent=ids[6],
            node_id="agent",
            kind="llm",
            sequence=8,
            invocation=4,
            moment=ts(8.3),
            metadata=meta0("agent", trace_id, llm=True, extra=llm_extra),
            input_state=agent_state(
                [
                    assistant_1,
                    tool_msg_lookup,
                    assistant_2,
                    tool_msg_db,
                    tool_msg_logs,
                    assistant_3,
                    tool_msg_refund,
                ],
                tool_result=refund_response["body"],
            ),
            action_result=agent_result("store-4", 1781705021, final_text, [], (2710, 64)),
        ),
    ]
    return envelopes


# --------------------------------------------------------------------------------------------
# 2. Chronicle 0.x exported trace directory
# --------------------------------------------------------------------------------------------


def chronicle0_trace() -> tuple[list[tuple[str, JSON]], JSON]:
    trace_id = "trace-account-recovery-2026-06-18-0007"
    ids = [decoy(det_uuid(f"chronicle0-trace:{i}"), "uuid") for i in range(4)]
    user_id = decoy("usr_" + filler("jurgen-user", 20, HEX), "object_id")
    call_lookup = call_id("trace-lookup")
    call_reset = call_id("trace-reset")
    base = datetime(2026, 6, 18, 9, 41, 7, 118204, tzinfo=timezone.utc)
    message = (
        f"Hallo, I'm {JURGEN} and I'm locked out of my account {JURGEN_EMAIL}. I'm in {MUNICH} "
        f"right now; call me at {JURGEN_PHONE} if you need to verify. My address is {JURGEN_ADDRESS}."
    )
    system = "You are an account-recovery assistant. Verify identity with lookup_user before resetting."
    user_msg = {"role": "user", "content": message}
    lookup_args = {"email": JURGEN_EMAIL}
    profile = {
        "user_id": user_id,
        "display_name": JURGEN,
        "email": JURGEN_EMAIL,
        "phone": JURGEN_PHONE,
        "address": JURGEN_ADDRESS,
        "payout_iban": JURGEN_IBAN,
        "card_on_file": JURGEN_CARD,
        "last_seen_ip": JURGEN_IP,
        "mfa": {"type": "totp", "totp_secret": TOTP_SECRET},
        "locale": "de-DE",
    }
    reset_args = {"user_id": user_id, "email": JURGEN_EMAIL, "notify_phone": JURGEN_PHONE}
    reset_link = f"https://account.example.com/reset?token={RESET_TOKEN}&uid={user_id}"
    reset_result = {"status": "reset", "temporary_password": TEMP_PASSWORD, "reset_link": reset_link}
    final = (
        f"{JURGEN}, your password has been reset. Your temporary password is {TEMP_PASSWORD}; you "
        f"can also use this link: {reset_link} . We sent an SMS to {JURGEN_PHONE}."
    )

    def meta(node: str, llm: bool) -> JSON:
        return {
            "model_version": MODEL_OAI,
            "sampling_params": {
                "temperature": None,
                "top_p": None,
                "max_tokens": None,
                "seed": None,
                "extra": {},
            },
            "build_id": BUILD_ID,
            "tool_schemas": [
                tool_schema("lookup_user", "Find a user by email", {"email": "string"}),
                tool_schema(
                    "reset_password",
                    "Reset a password and send a temporary one",
                    {"user_id": "string", "email": "string", "notify_phone": "string"},
                ),
            ]
            if llm
            else [],
            "framework": "chronicle.boundary",
            "node_id": node,
            "trace_id": trace_id,
            "extra": {},
        }

    def graph(extra: JSON) -> JSON:
        return {
            "messages": [user_msg],
            "user_message": message,
            "system_prompt": system,
            "users": {JURGEN_EMAIL: {"user_id": user_id, "locked": True}},
            **extra,
        }

    assistant_1 = {
        "role": "assistant",
        "content": "",
        "tool_calls": [{"id": call_lookup, "name": "lookup_user", "arguments": lookup_args}],
    }
    envelopes = [
        (
            "agent",
            envelope0(
                trace_id=trace_id,
                envelope_id=ids[0],
                parent=None,
                node_id="agent",
                kind="llm",
                sequence=1,
                invocation=1,
                moment=base,
                metadata=meta("agent", True),
                input_state={
                    "messages": [user_msg],
                    "system_prompt": system,
                    "rag_chunks": [],
                    "graph_state": graph({"tool_calls": [], "completion": "", "finish_reason": ""}),
                },
                action_result={
                    "tool_calls": [{"id": call_lookup, "name": "lookup_user", "arguments": lookup_args}],
                    "completion": "",
                    "finish_reason": "tool_calls",
                    "token_usage": {},
                    "raw_response": None,
                    "error": None,
                },
            ),
        ),
        (
            "lookup_user",
            envelope0(
                trace_id=trace_id,
                envelope_id=ids[1],
                parent=ids[0],
                node_id="lookup_user",
                kind="tool",
                sequence=2,
                invocation=1,
                moment=base + timedelta(milliseconds=912),
                metadata=meta("lookup_user", False),
                input_state=tool_input0(lookup_args),
                action_result=tool_result0("found", profile),
            ),
        ),
        (
            "reset_password",
            envelope0(
                trace_id=trace_id,
                envelope_id=ids[2],
                parent=ids[1],
                node_id="reset_password",
                kind="tool",
                sequence=3,
                invocation=1,
                moment=base + timedelta(milliseconds=2_407),
                metadata=meta("reset_password", False),
                input_state=tool_input0({**reset_args, "new_password": TEMP_PASSWORD}),
                action_result=tool_result0("reset", reset_result),
            ),
        ),
        (
            "agent",
            envelope0(
                trace_id=trace_id,
                envelope_id=ids[3],
                parent=ids[2],
                node_id="agent",
                kind="llm",
                sequence=4,
                invocation=2,
                moment=base + timedelta(milliseconds=3_861),
                metadata=meta("agent", True),
                input_state={
                    "messages": [
                        user_msg,
                        assistant_1,
                        {
                            "role": "tool",
                            "tool_call_id": call_lookup,
                            "content": json.dumps(profile, ensure_ascii=False),
                        },
                    ],
                    "system_prompt": system,
                    "rag_chunks": [],
                    "graph_state": graph(
                        {
                            "tool_calls": [
                                {"id": call_lookup, "name": "lookup_user", "arguments": lookup_args},
                                {"id": call_reset, "name": "reset_password", "arguments": reset_args},
                            ],
                            "tool_result": reset_result,
                            "completion": "",
                            "finish_reason": "tool_calls",
                        }
                    ),
                },
                action_result={
                    "tool_calls": [],
                    "completion": final,
                    "finish_reason": "stop",
                    "token_usage": {},
                    "raw_response": None,
                    "error": None,
                },
            ),
        ),
    ]
    files: list[tuple[str, JSON]] = []
    nodes: list[JSON] = []
    for position, (node, envelope) in enumerate(envelopes, start=1):
        name = f"{position:03d}-{node}-{envelope['invocation_index']}.json"
        files.append((name, envelope))
        nodes.append(
            {
                "envelope_id": envelope["envelope_id"],
                "boundary_id": node,
                "boundary_kind": envelope["boundary_kind"],
                "invocation_index": envelope["invocation_index"],
                "sequence": envelope["sequence"],
                "fixture": name,
            }
        )
    graph_json = {
        "trace_id": trace_id,
        "nodes": nodes,
        "edges": [[ids[i], ids[i + 1]] for i in range(len(ids) - 1)],
        "roots": [ids[0]],
    }
    return files, graph_json


# --------------------------------------------------------------------------------------------
# 3. agent-chronicle 1.x envelopes (real models, real adapters)
# --------------------------------------------------------------------------------------------

OPENAI = OpenAiAdapter("openai")
ANTHROPIC = AnthropicAdapter()


class SpanBuilder:
    """Builds the envelopes of one span the way chronicle's interceptor does."""

    def __init__(self, seed: str, start: datetime) -> None:
        self.seed = seed
        self.trace_id = decoy(hex_id(f"{seed}:trace", 32), "trace_id")
        self.span_id = decoy(hex_id(f"{seed}:span", 16), "span_id")
        self.clock = start
        self.sequence = 0
        self.invocations: dict[str, int] = {}

    def next_id(self) -> str:
        return decoy(hex_id(f"{self.seed}:envelope:{self.sequence + 1}", 16), "envelope_id")

    def envelope(
        self,
        name: str,
        kind: Kind,
        input_model: LlmInput | ToolInput,
        output_model: LlmOutput | ToolOutput,
        *,
        duration_ms: int,
        metadata: JSON | None = None,
        status: Status = Status.SUCCESS,
        parent: str | None = None,
        attempt: int = 1,
        retry_of: str | None = None,
    ) -> Envelope:
        envelope_id = self.next_id()
        self.sequence += 1
        count = self.invocations.get(name, 0) + 1
        self.invocations[name] = count
        started = self.clock
        ended = started + timedelta(milliseconds=duration_ms)
        self.clock = ended + timedelta(milliseconds=37)
        meta = dict(metadata or {})
        meta["chronicle.sequence"] = self.sequence
        meta["chronicle.invocation_index"] = count
        return Envelope(
            envelope_id=envelope_id,
            span_id=self.span_id,
            trace_id=self.trace_id,
            parent_envelope_id=parent,
            name=name,
            kind=kind,
            attempt=attempt,
            links=[Link(type=LinkType.RETRY_OF, envelope_id=retry_of)] if retry_of else [],
            envelope_status=EnvelopeStatus(state=State.CLOSED, status=status, started_at=started, ended_at=ended),
            input=input_model,
            output=output_model,
            metadata=meta,
        )


def openai_llm(builder: SpanBuilder, raw_input: JSON, raw_output: JSON, metadata: JSON, ms: int) -> Envelope:
    requested = raw_input.get("model")
    return builder.envelope(
        "llm",
        Kind.LLM,
        OPENAI.to_canonical_input(raw_input),
        OPENAI.to_canonical_output(raw_output, requested if isinstance(requested, str) else None),
        duration_ms=ms,
        metadata=metadata,
    )


def tool(builder: SpanBuilder, name: str, raw_input: JSON, raw_output: Any, ms: int, **kwargs: Any) -> Envelope:
    return builder.envelope(
        name, Kind.TOOL, ToolInput(raw=raw_input), ToolOutput(raw=raw_output), duration_ms=ms, **kwargs
    )


def agent_chronicle_span() -> list[Envelope]:
    b = SpanBuilder("ac1x-support", datetime(2026, 6, 17, 15, 20, 4, 250113, tzinfo=timezone.utc))
    client_meta = {
        "client.library": "openai",
        "client.version": OPENAI_SDK_VERSION,
        "client.base_url": "https://llm-gateway.internal.example.com/v1",
    }
    tools = [{"type": "function", "function": schema} for schema in SUPPORT_TOOLS[:1]] + [
        {
            "type": "function",
            "function": tool_schema(
                "call_billing_api",
                "Call the billing API",
                {"method": "string", "path": "string", "body": "object"},
            ),
        }
    ]
    c_lookup = call_id("ac1x-lookup")
    c_billing = call_id("ac1x-billing")
    system = {"role": "system", "content": SYSTEM_PROMPT}
    user = {"role": "user", "content": USER_MESSAGE}
    lookup_args = {"email": JANE_EMAIL, "card_last4": "1111"}
    first_input = {
        "model": MODEL_OAI,
        "messages": [system, user],
        "tools": tools,
        "tool_choice": "auto",
        "temperature": 0.2,
        "user": JANE_EMAIL,
    }
    first_output = openai_completion(
        "ac1x-1",
        1781709604,
        content=None,
        tool_calls=[(c_lookup, "lookup_customer", lookup_args)],
        usage=(1302, 29),
    )
    envelopes = [openai_llm(b, first_input, first_output, client_meta, 1_412)]

    lookup_output = {
        "match": "exact",
        "by_email": {JANE_EMAIL: CUSTOMER_RECORD},
        "lookup_ms": 18,
    }
    envelopes.append(
        tool(b, "lookup_customer", {"email": JANE_EMAIL}, lookup_output, 22, metadata={"customer.tier": "gold"})
    )

    failed = b.envelope(
        "query_orders",
        Kind.TOOL,
        ToolInput(raw={"customer_email": JANE_EMAIL, "dsn": DSN}),
        ToolOutput(
            error=OutputError(
                type="OperationalError",
                message=(
                    f'connection to server at "db.internal" ({DB_HOST_IP}), port 5432 failed: server closed '
                    f"the connection unexpectedly (dsn={DSN})"
                ),
            )
        ),
        duration_ms=5_003,
        status=Status.FAILURE,
    )
    envelopes.append(failed)
    orders = {
        "rows": [
            {"order_id": ORDER_ID, "charge": CHARGE_1, "amount_cents": 12999, "status": "succeeded"},
            {"order_id": ORDER_ID, "charge": CHARGE_2, "amount_cents": 12999, "status": "succeeded"},
        ],
        "row_count": 2,
        "query": f"SELECT * FROM charges WHERE customer_email = '{JANE_EMAIL}'",  # noqa: S608
    }
    envelopes.append(
        tool(
            b,
            "query_orders",
            {"customer_email": JANE_EMAIL, "dsn": DSN},
            orders,
            41,
            attempt=2,
            retry_of=failed.envelope_id,
        )
    )

    billing_args = {
        "method": "POST",
        "path": "/api/v2/refunds",
        "body": {"charge": CHARGE_2, "amount_cents": 12999, "iban": JANE_IBAN, "holder": JANE},
    }
    second_input = {
        **first_input,
        "messages": [
            system,
            user,
            {
                "role": "assistant",
                "content": None,
                "tool_calls": first_output["choices"][0]["message"]["tool_calls"],
            },
            {
                "role": "tool",
                "tool_call_id": c_lookup,
                "content": json.dumps({"lookup": lookup_output, "orders": orders}, ensure_ascii=False),
            },
        ],
    }
    second_output = openai_completion(
        "ac1x-2",
        1781709611,
        content="I found the duplicate charge; issuing the refund to the IBAN you gave.",
        tool_calls=[(c_billing, "call_billing_api", billing_args)],
        usage=(2874, 88),
    )
    envelopes.append(openai_llm(b, second_input, second_output, client_meta, 2_210))

    envelopes.append(
        tool(
            b,
            "call_billing_api",
            {
                "method": "POST",
                "url": "https://billing.internal.example.com/api/v2/refunds",
                "headers": {
                    "Authorization": f"Bearer {JWT}",
                    "X-Api-Key": INTERNAL_API_KEY,
                    "Idempotency-Key": decoy(det_uuid("ac1x:idempotency"), "uuid"),
                },
                "body": billing_args["body"],
            },
            {"status_code": 201, "body": {"refund_id": REFUND_ID, "status": "pending", "iban": JANE_IBAN}},
            311,
        )
    )
    envelopes.append(
        tool(
            b,
            f"http GET billing.internal.example.com/api/v2/refunds/{REFUND_ID}",
            {
                "method": "GET",
                "url": (
                    f"https://billing.internal.example.com/api/v2/refunds/{REFUND_ID}"
                    f"?access_token={OPAQUE_TOKEN}&expand=destination"
                ),
                "headers": {
                    "authorization": "[REDACTED]",
                    "x-request-id": decoy(det_uuid("ac1x:x-request-id"), "uuid"),
                    "user-agent": "python-httpx/0.28.1",
                },
                "body": None,
            },
            {
                "status_code": 200,
                "headers": {"content-type": "application/json"},
                "body": {"refund_id": REFUND_ID, "status": "succeeded", "destination": {"iban": JANE_IBAN}},
            },
            96,
        )
    )
    envelopes.append(
        tool(
            b,
            "notify_slack",
            {
                "token": SLACK_TOKEN,
                "channel": "#billing-escalations",
                "text": f"Refunded {ORDER_ID} for {JANE} ({JANE_EMAIL}, {JANE_PHONE}) to {JANE_IBAN}",
            },
            {"ok": True, "channel": "C07FAKE2QX", "ts": "1781709618.004200"},
            145,
        )
    )
    envelopes.append(
        tool(
            b,
            "run_diagnostics",
            {"command": "env | grep -E 'OPENAI|REDIS|GITHUB'"},
            {
                "exit_code": 0,
                "stdout": (f"OPENAI_API_KEY={OPENAI_KEY}\nREDIS_URL={REDIS_URL}\nGITHUB_TOKEN={GITHUB_TOKEN}\n"),
                "stderr": "",
                "cwd": "/srv/support-agent",
            },
            58,
        )
    )
    pdf = big_pdf_base64()
    envelopes.append(
        tool(
            b,
            "download_invoice",
            {"order_id": ORDER_ID, "format": "pdf"},
            {
                "filename": f"invoice-{ORDER_ID}.pdf",
                "content_type": "application/pdf",
                "content_base64": pdf,
                "sha256": decoy(hashlib.sha256(base64.b64decode(pdf)).hexdigest(), "sha256_digest"),
            },
            402,
        )
    )
    c_summary = toolu_id("ac1x-summary")
    summary_input: JSON = {
        "api_key": ANTHROPIC_KEY,
        "model": MODEL_ANTHROPIC,
        "max_tokens": 1024,
        "system": "Summarise the support case for the CRM in two sentences.",
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": USER_MESSAGE}]},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": c_summary, "name": "get_case", "input": {"email": JANE_EMAIL}}],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": c_summary,
                        "content": json.dumps({"refund_id": REFUND_ID, "iban": JANE_IBAN, "ssn": JANE_SSN}),
                    }
                ],
            },
        ],
    }
    summary_output: JSON = {
        "id": decoy("msg_01" + filler("msg:ac1x-summary", 22), "response_id"),
        "type": "message",
        "role": "assistant",
        "model": MODEL_ANTHROPIC,
        "content": [
            {
                "type": "text",
                "text": (
                    f"{JANE} ({JANE_EMAIL}) was double charged on {ORDER_ID}; refund {REFUND_ID} "
                    f"sent to {JANE_IBAN}. Customer is travelling in {LISBON} and prefers email."
                ),
            }
        ],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {
            "input_tokens": decoy(918, "token_count"),
            "output_tokens": decoy(61, "token_count"),
            "cache_read_input_tokens": 0,
            "cache_creation_input_tokens": 0,
        },
    }
    envelopes.append(
        b.envelope(
            "llm.summarize",
            Kind.LLM,
            ANTHROPIC.to_canonical_input(summary_input),
            ANTHROPIC.to_canonical_output(summary_output, MODEL_ANTHROPIC),
            duration_ms=1_877,
            metadata={
                "customer.email": JANE_EMAIL,
                "request.client_ip": JANE_IP,
                "deploy.image": IMAGE_DIGEST,
            },
        )
    )
    return envelopes


def agent_chronicle_single() -> Envelope:
    b = SpanBuilder("ac1x-single", datetime(2026, 6, 19, 8, 2, 55, 903412, tzinfo=timezone.utc))
    c_verify = toolu_id("single-verify")
    text = (
        f"Hi, I'm {PRIYA}. To verify me: SSN {PRIYA_SSN}, Amex {PRIYA_CARD}, phone {PRIYA_PHONE}, "
        f"email {PRIYA_EMAIL}, DOB {PRIYA_DOB}, passport no. {PRIYA_PASSPORT}, refunds to my wallet {PRIYA_WALLET}. "
        "Why was my card declined?"
    )
    raw_input: JSON = {
        "model": MODEL_ANTHROPIC,
        "max_tokens": 2048,
        "system": [{"type": "text", "text": "You are a card-services assistant. Verify identity first."}],
        "messages": [{"role": "user", "content": [{"type": "text", "text": text}]}],
        "tools": [
            {
                "name": "verify_identity",
                "description": "Verify a customer against the KYC record",
                "input_schema": {
                    "type": "object",
                    "properties": {"ssn": {"type": "string"}, "email": {"type": "string"}},
                    "required": ["ssn", "email"],
                },
            }
        ],
        "tool_choice": {"type": "auto"},
        "temperature": 0.0,
    }
    raw_output: JSON = {
        "id": decoy("msg_01" + filler("msg:single", 22), "response_id"),
        "type": "message",
        "role": "assistant",
        "model": MODEL_ANTHROPIC,
        "content": [
            {
                "type": "thinking",
                "thinking": (f"The user gave SSN {PRIYA_SSN} and email {PRIYA_EMAIL}; verify before answering."),
                "signature": decoy("EqQBCkYIBhgCIkA" + filler("thinking-signature", 48, ALNUM + "+/"), "signature"),
            },
            {"type": "text", "text": f"Thanks {PRIYA}, let me verify your identity first."},
            {
                "type": "tool_use",
                "id": c_verify,
                "name": "verify_identity",
                "input": {"ssn": PRIYA_SSN, "email": PRIYA_EMAIL, "phone": PRIYA_PHONE},
            },
        ],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {
            "input_tokens": decoy(655, "token_count"),
            "output_tokens": decoy(143, "token_count"),
            "cache_read_input_tokens": decoy(1024, "token_count"),
            "cache_creation_input_tokens": 0,
        },
    }
    return b.envelope(
        "llm",
        Kind.LLM,
        ANTHROPIC.to_canonical_input(raw_input),
        ANTHROPIC.to_canonical_output(raw_output, MODEL_ANTHROPIC),
        duration_ms=2_604,
        metadata={
            "client.library": "anthropic",
            "client.version": decoy("0.57.1", "version"),
            "request.client_ip": PRIYA_IPV6,
            "user.email": PRIYA_EMAIL,
        },
    )


# --------------------------------------------------------------------------------------------
# 4. OTLP/JSON with GenAI semantic conventions
# --------------------------------------------------------------------------------------------


def s(key: str, value: str) -> JSON:
    """A string attribute."""
    return {"key": key, "value": {"stringValue": value}}


def n(key: str, value: int) -> JSON:
    """An int attribute: int64 is a decimal string in OTLP/JSON."""
    return {"key": key, "value": {"intValue": str(value)}}


def flag(key: str, value: bool) -> JSON:
    return {"key": key, "value": {"boolValue": value}}


def dbl(key: str, value: float) -> JSON:
    return {"key": key, "value": {"doubleValue": value}}


def sa(key: str, values: list[str]) -> JSON:
    """A string[] attribute (for example ``http.request.header.<key>``)."""
    return {"key": key, "value": {"arrayValue": {"values": [{"stringValue": v} for v in values]}}}


def j(value: Any) -> str:
    """A JSON document inside a string attribute, as instrumentations serialise it."""
    return json.dumps(value, ensure_ascii=False)


def otel_genai() -> JSON:
    trace_id = decoy(hex_id("otel:trace", 32), "trace_id")
    span = {
        name: decoy(hex_id(f"otel:span:{name}", 16), "span_id")
        for name in (
            "server",
            "agent",
            "chat1",
            "tool",
            "db1",
            "db2",
            "chat2",
            "tool2",
            "http",
        )
    }
    start = 1781712000_000000000
    c_lookup = call_id("otel-lookup")
    c_refund = call_id("otel-refund")
    nanos: dict[str, tuple[int, int]] = {
        "server": (0, 9_400),
        "agent": (3, 9_350),
        "chat1": (10, 1_480),
        "tool": (1_500, 1_530),
        "db1": (1_505, 1_525),
        "db2": (1_600, 6_610),
        "chat2": (6_650, 8_800),
        "tool2": (8_850, 9_200),
        "http": (8_860, 9_180),
    }

    def when(name: str) -> JSON:
        begin, end = nanos[name]
        return {
            "startTimeUnixNano": decoy(str(start + begin * 1_000_000), "timestamp"),
            "endTimeUnixNano": str(start + end * 1_000_000),
        }

    lookup_args = {"email": JANE_EMAIL, "card_number": JANE_CARD_2}
    tool_result = {
        "name": JANE,
        "ssn": JANE_SSN,
        "address": JANE_ADDRESS,
        "phone": JANE_MOBILE,
        "iban": JANE_IBAN,
        "last_login_ip": JANE_IP,
    }
    input_messages_1 = [
        {"role": "user", "parts": [{"type": "text", "content": USER_MESSAGE}]},
    ]
    output_messages_1 = [
        {
            "role": "assistant",
            "parts": [{"type": "tool_call", "id": c_lookup, "name": "lookup_customer", "arguments": lookup_args}],
            "finish_reason": "tool_call",
        }
    ]
    input_messages_2 = [
        *input_messages_1,
        {"role": "assistant", "parts": output_messages_1[0]["parts"]},
        {"role": "tool", "parts": [{"type": "tool_call_response", "id": c_lookup, "response": tool_result}]},
    ]
    output_messages_2 = [
        {
            "role": "assistant",
            "parts": [
                {
                    "type": "text",
                    "content": f"Thanks {JANE}, I'm refunding the duplicate charge to {JANE_IBAN}.",
                },
                {
                    "type": "tool_call",
                    "id": c_refund,
                    "name": "http_request",
                    "arguments": {
                        "url": "https://billing.internal.example.com/api/v2/refunds",
                        "iban": JANE_IBAN,
                    },
                },
            ],
            "finish_reason": "tool_call",
        }
    ]
    system_instructions = [{"type": "text", "content": SYSTEM_PROMPT}]
    refund_call = {
        "method": "POST",
        "url": "https://billing.internal.example.com/api/v2/refunds",
        "headers": {"Authorization": f"Bearer {JWT}", "X-Api-Key": INTERNAL_API_KEY},
        "json": {"charge": CHARGE_2, "iban": JANE_IBAN, "account_holder": JANE},
    }
    stacktrace = (
        "Traceback (most recent call last):\n"
        f'  File "{PATH_DB_TOOL}", line 41, in query_db\n'
        "    conn = psycopg.connect(dsn)\n"
        'psycopg.OperationalError: connection to server at "db.internal" '
        f"({DB_HOST_IP}), port 5432 failed: timeout expired\n"
        f"  dsn = '{DSN}'\n"
    )
    spans = [
        {
            "traceId": trace_id,
            "spanId": span["server"],
            "name": "POST /v1/support/chat",
            "kind": 2,
            **when("server"),
            "attributes": [
                s("http.request.method", "POST"),
                s("http.route", "/v1/support/chat"),
                s("url.path", "/v1/support/chat"),
                s("url.scheme", "https"),
                s("client.address", JANE_IP),
                s("network.peer.address", JANE_IPV6),
                s("user_agent.original", USER_AGENT),
                sa("http.request.header.authorization", [f"Bearer {JWT}"]),
                sa("http.request.header.cookie", [f"session={OPAQUE_TOKEN}; theme=dark"]),
                n("http.response.status_code", 200),
            ],
            "events": [],
            "links": [],
            "status": {"code": 0},
        },
        {
            "traceId": trace_id,
            "spanId": span["agent"],
            "parentSpanId": span["server"],
            "name": "invoke_agent support-agent",
            "kind": 1,
            **when("agent"),
            "attributes": [
                s("gen_ai.operation.name", "invoke_agent"),
                s("gen_ai.provider.name", "openai"),
                s("gen_ai.agent.name", "support-agent"),
                s("gen_ai.agent.id", decoy(det_uuid("otel:agent"), "uuid")),
                s("gen_ai.conversation.id", decoy(det_uuid("otel:conversation"), "uuid")),
                s("gen_ai.request.model", MODEL_OAI),
                s("user.email", JANE_EMAIL),
                s("user.full_name", JANE),
            ],
            "events": [],
            "links": [],
            "status": {"code": 0},
        },
        {
            "traceId": trace_id,
            "spanId": span["chat1"],
            "parentSpanId": span["agent"],
            "name": f"chat {MODEL_OAI}",
            "kind": 3,
            **when("chat1"),
            "attributes": [
                s("gen_ai.operation.name", "chat"),
                s("gen_ai.provider.name", "openai"),
                s("gen_ai.request.model", MODEL_OAI),
                dbl("gen_ai.request.temperature", 0.2),
                n("gen_ai.request.max_tokens", 1024),
                s("gen_ai.response.model", MODEL_OAI),
                s("gen_ai.response.id", decoy("chatcmpl-" + filler("chatcmpl:otel-1", 29), "response_id")),
                sa("gen_ai.response.finish_reasons", ["tool_call"]),
                n("gen_ai.usage.input_tokens", decoy(1302, "token_count")),
                n("gen_ai.usage.output_tokens", decoy(29, "token_count")),
                s("server.address", "api.openai.com"),
                n("server.port", 443),
                s("gen_ai.system_instructions", j(system_instructions)),
                s("gen_ai.input.messages", j(input_messages_1)),
                s("gen_ai.output.messages", j(output_messages_1)),
            ],
            "events": [],
            "links": [],
            "status": {"code": 0},
        },
        {
            "traceId": trace_id,
            "spanId": span["tool"],
            "parentSpanId": span["agent"],
            "name": "execute_tool lookup_customer",
            "kind": 1,
            **when("tool"),
            "attributes": [
                s("gen_ai.operation.name", "execute_tool"),
                s("gen_ai.tool.name", "lookup_customer"),
                s("gen_ai.tool.call.id", c_lookup),
                s("gen_ai.tool.type", "function"),
                s("gen_ai.tool.description", "Find a customer by email or phone"),
                s("gen_ai.tool.call.arguments", j(lookup_args)),
                s("gen_ai.tool.call.result", j(tool_result)),
            ],
            "events": [],
            "links": [],
            "status": {"code": 0},
        },
        {
            "traceId": trace_id,
            "spanId": span["db1"],
            "parentSpanId": span["tool"],
            "name": "SELECT customers",
            "kind": 3,
            **when("db1"),
            "attributes": [
                s("db.system", "postgresql"),
                s("db.name", "orders"),
                s("db.statement", f"SELECT * FROM customers WHERE email = '{JANE_EMAIL}' LIMIT 1"),  # noqa: S608
                s("net.peer.name", "db.internal"),
                n("net.peer.port", 5432),
            ],
            "events": [],
            "links": [],
            "status": {"code": 0},
        },
        {
            "traceId": trace_id,
            "spanId": span["db2"],
            "parentSpanId": span["agent"],
            "name": "SELECT orders.charges",
            "kind": 3,
            **when("db2"),
            "attributes": [
                s("db.system.name", "postgresql"),
                s("db.namespace", "orders"),
                s("db.collection.name", "charges"),
                s("db.operation.name", "SELECT"),
                s(
                    "db.query.text",
                    f"SELECT id, amount_cents FROM charges WHERE customer_email = '{JANE_EMAIL}' "  # noqa: S608
                    f"AND order_id = '{ORDER_ID}'",
                ),
                s("server.address", "db.internal"),
                n("server.port", 5432),
                s("network.peer.address", DB_HOST_IP),
                s("error.type", "psycopg.OperationalError"),
            ],
            "events": [
                {
                    "timeUnixNano": str(start + 6_609 * 1_000_000),
                    "name": "exception",
                    "attributes": [
                        s("exception.type", "psycopg.OperationalError"),
                        s(
                            "exception.message",
                            f'connection to server at "db.internal" ({DB_HOST_IP}), port 5432 failed: '
                            f"timeout expired (dsn={DSN})",
                        ),
                        s("exception.stacktrace", stacktrace),
                        flag("exception.escaped", True),
                    ],
                }
            ],
            "links": [],
            "status": {"code": 2, "message": "psycopg.OperationalError: timeout expired"},
        },
        {
            "traceId": trace_id,
            "spanId": span["tool2"],
            "parentSpanId": span["agent"],
            "name": "execute_tool http_request",
            "kind": 1,
            **when("tool2"),
            "attributes": [
                s("gen_ai.operation.name", "execute_tool"),
                s("gen_ai.tool.name", "http_request"),
                s("gen_ai.tool.call.id", c_refund),
                s("gen_ai.tool.type", "function"),
                s("gen_ai.tool.call.arguments", j(refund_call)),
                s("gen_ai.tool.call.result", j({"refund_id": REFUND_ID, "status": "pending", "iban": JANE_IBAN})),
            ],
            "events": [],
            "links": [],
            "status": {"code": 0},
        },
        {
            "traceId": trace_id,
            "spanId": span["http"],
            "parentSpanId": span["tool2"],
            "name": "POST",
            "kind": 3,
            **when("http"),
            "attributes": [
                s("http.request.method", "POST"),
                s(
                    "url.full",
                    f"https://billing.internal.example.com/api/v2/refunds?access_token={OPAQUE_TOKEN}&dry_run=false",
                ),
                s("server.address", "billing.internal.example.com"),
                n("server.port", 443),
                sa("http.request.header.authorization", [f"Bearer {JWT}"]),
                sa("http.request.header.x-api-key", [INTERNAL_API_KEY]),
                sa("http.request.header.content-type", ["application/json"]),
                n("http.response.status_code", 201),
            ],
            "events": [],
            "links": [],
            "status": {"code": 0},
        },
        {
            "traceId": trace_id,
            "spanId": span["chat2"],
            "parentSpanId": span["agent"],
            "name": f"chat {MODEL_OAI}",
            "kind": 3,
            **when("chat2"),
            "attributes": [
                s("gen_ai.operation.name", "chat"),
                s("gen_ai.provider.name", "openai"),
                s("gen_ai.request.model", MODEL_OAI),
                s("gen_ai.response.model", MODEL_OAI),
                s("gen_ai.response.id", decoy("chatcmpl-" + filler("chatcmpl:otel-2", 29), "response_id")),
                sa("gen_ai.response.finish_reasons", ["tool_call"]),
                n("gen_ai.usage.input_tokens", decoy(2874, "token_count")),
                n("gen_ai.usage.output_tokens", decoy(88, "token_count")),
                s("gen_ai.system_instructions", j(system_instructions)),
                s("gen_ai.input.messages", j(input_messages_2)),
                s("gen_ai.output.messages", j(output_messages_2)),
            ],
            "events": [],
            "links": [],
            "status": {"code": 0},
        },
    ]
    for item in spans:
        item["droppedAttributesCount"] = 0
    return {
        "resourceSpans": [
            {
                "resource": {
                    "attributes": [
                        s("service.name", "support-agent"),
                        s("service.version", VERSION),
                        s("deployment.environment.name", "production"),
                        s("host.name", decoy("support-agent-7c9f6d5b8-x2kqp", "hostname")),
                        s("container.image.name", "ghcr.io/acme-corp/support-agent"),
                        sa(
                            "container.image.repo_digests",
                            [f"ghcr.io/acme-corp/support-agent@{IMAGE_DIGEST}"],
                        ),
                        s("vcs.ref.head.revision", GIT_SHA),
                        s("telemetry.sdk.name", "opentelemetry"),
                        s("telemetry.sdk.language", "python"),
                        s("telemetry.sdk.version", SDK_VERSION),
                    ],
                    "droppedAttributesCount": 0,
                },
                "scopeSpans": [
                    {
                        "scope": {"name": "opentelemetry.instrumentation.openai_v2", "version": "2.1b0"},
                        "spans": spans,
                        "schemaUrl": "https://opentelemetry.io/schemas/1.37.0",
                    }
                ],
                "schemaUrl": "https://opentelemetry.io/schemas/1.37.0",
            }
        ]
    }


# --------------------------------------------------------------------------------------------
# 5. Generic typed event stream
# --------------------------------------------------------------------------------------------


def events_stream() -> list[JSON]:
    run_id = decoy(det_uuid("events:run"), "uuid")
    start = datetime(2026, 6, 20, 11, 15, 0, 0, tzinfo=timezone.utc)

    def at(seconds: float) -> str:
        return decoy(iso(start + timedelta(seconds=seconds)), "timestamp")

    return [
        {
            "type": "run.started",
            "run_id": run_id,
            "ts": at(0),
            "data": {
                "agent": "card-services-agent",
                "version": VERSION,
                "git_sha": GIT_SHA,
                "user": {"name": PRIYA, "email": PRIYA_EMAIL, "phone": PRIYA_PHONE},
                "client_ip": PRIYA_IPV6,
                "env": {
                    "OPENAI_API_KEY": OPENAI_KEY,
                    "HF_TOKEN": HF_TOKEN,
                    "AWS_ACCESS_KEY_ID": AWS_EXAMPLE_KEY_ID,
                    "AWS_REGION": "us-east-1",
                    "NODE_AUTH_TOKEN": NPM_TOKEN,
                },
                "docs": DOCS_OTEL,
            },
        },
        {
            "type": "tool.failed",
            "run_id": run_id,
            "ts": at(2.318),
            "data": {
                "tool": "charge_card",
                "call_id": call_id("events-charge"),
                "args": {"card_number": PRIYA_CARD, "exp": "11/29", "amount_cents": 4200, "currency": "USD"},
                "error": {
                    "type": "stripe.error.CardError",
                    "message": "Your card was declined.",
                    "stacktrace": (
                        "Traceback (most recent call last):\n"
                        '  File "/srv/card-agent/src/card_agent/payments.py", line 88, in charge_card\n'
                        f"    stripe.api_key = {STRIPE_RESTRICTED_KEY!r}\n"
                        "stripe.error.CardError: Request req_FAKE7hY2: Your card was declined.\n"
                    ),
                },
                "duration_ms": 811,
            },
        },
        {
            "type": "tool.succeeded",
            "run_id": run_id,
            "ts": at(3.904),
            "data": {
                "tool": "verify_identity",
                "call_id": toolu_id("events-verify"),
                "args": {"ssn": PRIYA_SSN, "email": PRIYA_EMAIL},
                "result": {
                    "verified": True,
                    "kyc_document_sha256": KYC_SHA256,
                    "matched_on": ["ssn", "email"],
                },
            },
        },
        {
            "type": "tool.succeeded",
            "run_id": run_id,
            "ts": at(5.120),
            "data": {
                "tool": "geocode",
                "call_id": call_id("events-geocode"),
                "args": {"address": CARLOS_ADDRESS, "key": GOOGLE_KEY},
                "result": {
                    "lat": 51.5237,
                    "lng": -0.1585,
                    "place_id": decoy("ChIJEYJiM88adkgR4SKDqHd2XUQ", "object_id"),
                },
            },
        },
        {
            "type": "tool.succeeded",
            "run_id": run_id,
            "ts": at(6.771),
            "data": {
                "tool": "send_email",
                "call_id": call_id("events-email"),
                "args": {
                    "to": PRIYA_EMAIL,
                    "recipients": {PRIYA_EMAIL: "to", CARLOS_EMAIL: "cc"},
                    "subject": "Your card was declined",
                    "body": (
                        f"Hello {PRIYA}, your Amex ending 0005 was declined. Reply to {CARLOS} "
                        f"({CARLOS_PHONE}) if this is unexpected."
                    ),
                    "sendgrid": {"api_key": SENDGRID_KEY},
                },
                "result": {"message_id": "<20260620111506.FAKE.4417@mail.example.com>", "accepted": 2},
            },
        },
        {
            "type": "tool.succeeded",
            "run_id": run_id,
            "ts": at(7.402),
            "data": {
                "tool": "send_sms",
                "call_id": call_id("events-sms"),
                "args": {"to": PRIYA_PHONE, "body": "Your card was declined. Check your email."},
                "config": {"provider": "twilio", "auth_token": TWILIO_AUTH_TOKEN},
                "result": {"status": "queued"},
            },
        },
        {
            "type": "tool.succeeded",
            "run_id": run_id,
            "ts": at(9.015),
            "data": {
                "tool": "sync_kb",
                "call_id": call_id("events-sync"),
                "args": {"remote": GIT_REMOTE, "branch": "main"},
                "result": {
                    "head": GIT_SHA,
                    "files_changed": 3,
                    "deploy_key": OPENSSH_PEM,
                    "service_account_key": PKCS8_PEM,
                    "cache": REDIS_URL,
                },
            },
        },
        {
            "type": "run.completed",
            "run_id": run_id,
            "ts": at(11.250),
            "data": {
                "status": "ok",
                "usage": {
                    "input_tokens": decoy(3417, "token_count"),
                    "output_tokens": decoy(402, "token_count"),
                },
                "summary": (
                    f"Card decline for {PRIYA} ({PRIYA_EMAIL}); Amex {PRIYA_CARD} declined by issuer; "
                    f"customer notified by email and SMS at {PRIYA_PHONE}."
                ),
                "artifacts": ["/srv/card-agent/runs/2026-06-20/report.json"],
            },
        },
    ]


# --------------------------------------------------------------------------------------------
# Serialisation, manifest, file set
# --------------------------------------------------------------------------------------------


def dumps_line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def dumps_pretty(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


class Texts:
    """What one file holds, after JSON decoding: strings by where they sit, and ints."""

    def __init__(self) -> None:
        self.values: list[str] = []  # string values (JSON-in-string contents included)
        self.keys: list[str] = []  # object keys (JSON-in-string contents included)
        self.nested: list[str] = []  # strings and keys that sit inside a JSON document in a string
        self.ints: list[int] = []

    def contains(self, needle: str) -> bool:
        return any(needle in text for text in self.values) or any(needle in text for text in self.keys)


def collect(value: Any, texts: Texts, nested: bool = False) -> None:
    """Walk a decoded JSON document; JSON documents carried inside strings are walked too."""
    if isinstance(value, str):
        texts.values.append(value)
        if nested:
            texts.nested.append(value)
        stripped = value.strip()
        if stripped[:1] in ("{", "[") and stripped[-1:] in ("}", "]"):
            try:
                inner = json.loads(stripped)
            except ValueError:
                return
            collect(inner, texts, nested=True)
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        texts.ints.append(value)
    elif isinstance(value, list):
        for item in value:
            collect(item, texts, nested)
    elif isinstance(value, dict):
        for key, item in value.items():
            texts.keys.append(key)
            if nested:
                texts.nested.append(key)
            collect(item, texts, nested)


def file_texts(path: str, text: str) -> Texts:
    texts = Texts()
    for document in parse_file(path, text):
        collect(document, texts)
    return texts


def parse_file(path: str, text: str) -> list[Any]:
    if path.endswith(".jsonl"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return [json.loads(text)]


def large_strings(path: str, text: str) -> list[JSON]:
    found: list[JSON] = []

    def walk(value: Any, pointer: str) -> None:
        if isinstance(value, str) and len(value.encode("utf-8")) > LARGE_STRING_MIN:
            found.append({"file": path, "json_pointer": pointer, "bytes": len(value.encode("utf-8"))})
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{pointer}/{index}")
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}")

    for index, document in enumerate(parse_file(path, text)):
        walk(document, f"/{index}" if path.endswith(".jsonl") else "")
    return found


def build_files() -> dict[str, str]:
    """Relative path -> file text, for every generated file (the manifest included)."""
    files: dict[str, str] = {}
    files[f"{RAW_DIR}/chronicle0-store.jsonl"] = "".join(dumps_line(e) + "\n" for e in chronicle0_store())

    trace_files, graph_json = chronicle0_trace()
    files[f"{RAW_DIR}/chronicle0-trace/graph.json"] = dumps_pretty(graph_json)
    for name, envelope in trace_files:
        files[f"{RAW_DIR}/chronicle0-trace/{name}"] = dumps_pretty(envelope)

    span = agent_chronicle_span()
    files[f"{RAW_DIR}/agent-chronicle-1x.jsonl"] = "".join(dumps_line(e.model_dump(mode="json")) + "\n" for e in span)
    single = agent_chronicle_single()
    # The control-plane wire form (``HttpControlPlaneClient`` dumps with ``exclude_none=True``).
    files[f"{RAW_DIR}/agent-chronicle-1x-single.json"] = dumps_pretty(single.model_dump(mode="json", exclude_none=True))
    files[f"{RAW_DIR}/otel-genai.json"] = dumps_pretty(otel_genai())
    files[f"{RAW_DIR}/events.jsonl"] = "".join(dumps_line(e) + "\n" for e in events_stream())

    files[MANIFEST] = dumps_pretty(build_manifest(files))
    return files


def build_manifest(files: dict[str, str]) -> JSON:
    index = {path: file_texts(path, text) for path, text in sorted(files.items())}
    large = [item for path, text in sorted(files.items()) for item in large_strings(path, text)]

    def where(value: str | int) -> list[str]:
        if isinstance(value, int):
            found = [path for path, texts in index.items() if value in texts.ints]
        else:
            found = [path for path, texts in index.items() if texts.contains(value)]
        if not found:
            raise AssertionError(f"registered value never written: {value!r}")
        return found

    def planted_entry(value: str, entity: str) -> JSON:
        entry: JSON = {"value": value, "entity_type": entity, "files": where(value)}
        as_key = [path for path, texts in index.items() if any(value in key for key in texts.keys)]
        nested = [path for path, texts in index.items() if any(value in text for text in texts.nested)]
        if as_key:
            entry["in_keys"] = as_key
        if nested:
            entry["in_json_strings"] = nested
        return entry

    for value in PLANTED:
        for other in DECOYS:
            if isinstance(other, str) and (value in other or other in value):
                raise AssertionError(f"planted value and decoy overlap: {value!r} / {other!r}")
    planted_entries = [
        planted_entry(value, entity) for value, entity in sorted(PLANTED.items(), key=lambda item: (item[1], item[0]))
    ]
    decoy_entries = [
        {"value": value, "kind": kind, "files": where(value)}
        for value, kind in sorted(DECOYS.items(), key=lambda item: (item[1], str(item[0])))
    ]
    return {
        "description": (
            "Sensitive values planted in examples/raw (exact text after JSON decoding, also inside "
            "JSON documents carried in strings) and decoys that must survive redaction unchanged. "
            "'files' lists every file holding the value; 'in_keys' the files where it is (part of) an "
            "object key; 'in_json_strings' the files where it sits inside a JSON document carried in a "
            "string. Generated by examples/make_raw_examples.py; do not edit by hand."
        ),
        "planted": planted_entries,
        "decoys": decoy_entries,
        "large_strings": large,
    }


def self_check(files: dict[str, str]) -> None:
    """Format sanity of the planted values, and validity of every 1.x envelope."""
    for value, entity in PLANTED.items():
        if entity == "CREDIT_CARD" and not luhn_ok(value):
            raise AssertionError(f"card fails Luhn: {value}")
        if entity == "IBAN_CODE" and not iban_ok(value):
            raise AssertionError(f"IBAN checksum wrong: {value}")
    if "T3BlbkFJ" in OPENAI_KEY:
        raise AssertionError("the fake OpenAI key must not carry the real-key marker")
    for path in (f"{RAW_DIR}/agent-chronicle-1x.jsonl", f"{RAW_DIR}/agent-chronicle-1x-single.json"):
        for document in parse_file(path, files[path]):
            Envelope.model_validate(document)
    if not any(item["bytes"] > LARGE_STRING_MIN for item in json.loads(files[MANIFEST])["large_strings"]):
        raise AssertionError("no string over 40 KiB")


def write_tree(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))


def differences(root: Path, files: dict[str, str]) -> list[str]:
    problems = []
    for relative, text in files.items():
        target = root / relative
        if not target.is_file() or target.read_bytes() != text.encode("utf-8"):
            problems.append(relative)
    raw = root / RAW_DIR
    if raw.is_dir():
        for path in sorted(raw.rglob("*")):
            relative = path.relative_to(root).as_posix()
            if path.is_file() and relative not in files:
                problems.append(f"{relative} (not generated)")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=REPO_ROOT, help="root to write under (default: repo)")
    parser.add_argument("--check", action="store_true", help="compare instead of writing; exit 1 on drift")
    args = parser.parse_args(argv)
    files = build_files()
    self_check(files)
    if args.check:
        problems = differences(args.out, files)
        for problem in problems:
            sys.stderr.write(f"out of date: {problem}\n")
        return 1 if problems else 0
    write_tree(args.out, files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
