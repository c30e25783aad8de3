"""agent-chronicle 1.x, for real: `@boundary` agents recorded through the redacting clients.

The control plane is a real HTTP server on 127.0.0.1 driven by Chronicle's own
`HttpControlPlaneClient`, or the local JSONL store; assertions are on the bytes that arrive.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chronicle
import pytest
from agentplane_primitives.enums import Kind
from agentplane_primitives.models import Envelope, EnvelopeStatus, ToolInput, ToolOutput
from chronicle import BoundaryMode, CallRecord, ControlPlaneError, ReplayPlan, boundary
from chronicle.repositories.http_control_plane_client import HttpControlPlaneClient

from redactor.capture.chronicle import (
    JsonlEnvelopeStore,
    RedactingControlPlaneClient,
    load_envelopes,
    string_redactor,
)
from redactor.engine import Redactor
from redactor.seal import read_seal, sha256_bytes
from tests.capture import planted
from tests.capture.conftest import SHALLOW_DEPTH, LocalHttpServer, nested

MODEL = "gpt-4o-mini-2024-07-18"
LIVE_TOOL_CALLS: list[str] = []


@boundary("planner", kind="llm")
def plan(model: str, messages: list[dict[str, str]]) -> dict[str, Any]:
    """A stand-in model: it decides to look up the customer named in the last message."""
    return {
        "text": f"I will look up {planted.PERSON} ({planted.EMAIL}).",
        "tool_call": {"id": "call_7Yh2", "name": "lookup_customer", "arguments": {"email": planted.EMAIL}},
        "finish_reason": "tool_calls",
    }


@boundary("lookup_customer", kind="tool")
def lookup_customer(email: str, api_key: str) -> dict[str, Any]:
    LIVE_TOOL_CALLS.append(email)
    return {"email": email, "phone": planted.PHONE, "card_on_file": planted.CARD, "status": "active"}


def support_agent(question: str) -> dict[str, Any]:
    decision = plan(model=MODEL, messages=[
        {"role": "system", "content": "You are a support agent."},
        {"role": "user", "content": question},
    ])
    arguments = decision["tool_call"]["arguments"]
    result: dict[str, Any] = lookup_customer(email=arguments["email"], api_key=planted.OPENAI_KEY)
    return result


QUESTION = f"Hi, I am {planted.PERSON}, my email is {planted.EMAIL} and my phone is {planted.PHONE}."


@pytest.fixture(autouse=True)
def _fresh_chronicle() -> Iterator[None]:
    chronicle.reset()
    LIVE_TOOL_CALLS.clear()
    yield
    chronicle.reset()


def control_plane() -> LocalHttpServer:
    """A minimal control plane: accepts writes, serves a span's envelopes back for replay."""
    stored: list[dict[str, Any]] = []

    def respond(method: str, path: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
        if method == "POST" and path == "/v1/envelopes:batch":
            stored.extend(json.loads(body)["envelopes"])
        if method == "GET" and path.endswith("/envelopes"):
            span_id = path.split("/")[-2]
            chosen = [e for e in stored if e["span_id"] == span_id]
            return 200, {"Content-Type": "application/json"}, json.dumps({"envelopes": chosen}).encode()
        return 200, {"Content-Type": "application/json"}, b"{}"

    return LocalHttpServer(respond)


def assert_valid_envelopes(lines: list[dict[str, Any]]) -> list[Envelope]:
    envelopes = [Envelope.model_validate(line) for line in lines]
    assert [e.name for e in envelopes] == ["planner", "lookup_customer"]
    assert [e.kind for e in envelopes] == [Kind.LLM, Kind.TOOL]
    return envelopes


def test_local_store_writes_redacted_envelopes_then_a_cut_point_replay_runs_from_them(
    redactor: Redactor, tmp_path: Path
) -> None:
    fixture = tmp_path / "fixtures" / "support.jsonl"
    store = JsonlEnvelopeStore(fixture, redactor)
    chronicle.configure(client=store, fail_open=False, service_name="support-agent")
    with chronicle.record("support", labels={"user_email": planted.EMAIL}):
        live = support_agent(QUESTION)
    chronicle.reset()  # closes the delivery queue and the store, which seals the fixture
    assert live["phone"] == planted.PHONE  # the caller still got the real result

    data = fixture.read_bytes()
    assert planted.leaked(data) == []
    envelopes = assert_valid_envelopes([json.loads(line) for line in data.splitlines()])
    llm, tool = envelopes
    # Structure kept: the model, tool name, counters and the equality between the model's decision
    # and the tool's arguments (same value -> same token).
    assert llm.input.model == MODEL  # type: ignore[union-attr]
    assert llm.output.raw["tool_call"]["name"] == "lookup_customer"  # type: ignore[union-attr,index]
    token = tool.input.raw["email"]
    assert isinstance(token, str) and token.startswith("<EMAIL_ADDRESS:")
    assert llm.output.raw["tool_call"]["arguments"]["email"] == token  # type: ignore[union-attr,index]
    assert tool.metadata["chronicle.invocation_index"] == 1
    seal = read_seal(fixture.with_name("support.jsonl.seal.json"))
    assert seal.files == {"support.jsonl": sha256_bytes(data)}
    assert seal.document["format"] == "agent-chronicle-1"

    # Cut-point replay from the redacted fixture: the model is stubbed, the tool runs live.
    LIVE_TOOL_CALLS.clear()
    recording = load_envelopes(fixture)
    with chronicle.replay(recording, ReplayPlan().run("lookup_customer")) as run:
        replayed = support_agent("the question does not matter: the model is stubbed")
    assert run.call_log() == [CallRecord("planner", 1, BoundaryMode.STUB),
                              CallRecord("lookup_customer", 1, BoundaryMode.RUN)]
    assert [token] == LIVE_TOOL_CALLS  # the live tool received the recorded (redacted) decision
    assert run.captured_input("lookup_customer", 1)["email"] == token
    assert replayed["status"] == "active"


@pytest.mark.allow_hosts(["127.0.0.1"])
def test_http_control_plane_only_ever_receives_redacted_bytes(redactor: Redactor) -> None:
    with control_plane() as server:
        client = RedactingControlPlaneClient(HttpControlPlaneClient(server.url), redactor)
        chronicle.configure(client=client, fail_open=False, service_name="support-agent")
        with chronicle.record("support", labels={"user_email": planted.EMAIL},
                              metadata={"operator": planted.PERSON}) as session:
            support_agent(QUESTION)
        trace_id, span_id = session.trace_id, session.span_id

        assert planted.leaked(server.received) == []
        batches = [json.loads(body) for method, path, _, body in server.requests if path == "/v1/envelopes:batch"]
        assert_valid_envelopes([e for batch in batches for e in batch["envelopes"]])
        registered = next(json.loads(body) for _, path, _, body in server.requests if path == "/v1/traces")
        assert registered["trace_id"] == trace_id
        assert registered["metadata"]["user_email"].startswith("<EMAIL_ADDRESS:")

        # Replay reads the recording back from the control plane through the same client.
        with chronicle.replay_trace(trace_id, span_id, ReplayPlan().run("lookup_customer"), client=client) as run:
            support_agent("stubbed")
        assert [c.mode for c in run.call_log()] == [BoundaryMode.STUB, BoundaryMode.RUN]


@pytest.mark.allow_hosts(["127.0.0.1"])
def test_string_redactor_fits_the_redactors_setting(redactor: Redactor) -> None:
    with control_plane() as server:
        chronicle.configure(client=HttpControlPlaneClient(server.url), fail_open=False,
                            redactors=[string_redactor(redactor)])
        with chronicle.record("support"):
            support_agent(QUESTION)
        assert planted.leaked(server.received) == []
        assert b"<EMAIL_ADDRESS:" in server.received


def too_deep_envelope() -> Envelope:
    deep = nested(SHALLOW_DEPTH + 5, {"secret": planted.OPENAI_KEY})
    started = EnvelopeStatus.model_validate({"state": "closed", "status": "success",
                                             "started_at": "2026-03-01T10:00:00Z",
                                             "ended_at": "2026-03-01T10:00:01Z"})
    return Envelope(envelope_id="0" * 15 + "a", span_id="0" * 15 + "b", trace_id="0" * 31 + "c",
                    name="lookup_customer", kind=Kind.TOOL, envelope_status=started,
                    input=ToolInput(raw={"email": planted.EMAIL, "deep": deep}), output=ToolOutput(raw=None))


@pytest.mark.allow_hosts(["127.0.0.1"])
def test_an_envelope_that_cannot_be_redacted_is_quarantined_never_sent(
    shallow_redactor: Redactor, tmp_path: Path
) -> None:
    quarantine = tmp_path / "private" / "chronicle-quarantine.jsonl"
    with control_plane() as server:
        client = RedactingControlPlaneClient(HttpControlPlaneClient(server.url), shallow_redactor,
                                            quarantine=quarantine)
        with pytest.raises(ControlPlaneError) as failure:
            client.append_envelopes([too_deep_envelope()])
        assert server.requests == []
    assert planted.leaked(str(failure.value)) == []
    assert quarantine.stat().st_mode & 0o777 == 0o600
    assert planted.EMAIL in quarantine.read_text(encoding="utf-8")  # kept, locally, owner-only


def test_local_store_refuses_the_same_way(shallow_redactor: Redactor, tmp_path: Path) -> None:
    fixture = tmp_path / "store.jsonl"
    with JsonlEnvelopeStore(fixture, shallow_redactor) as store, pytest.raises(ControlPlaneError):
        store.append_envelopes([too_deep_envelope()])
    assert not fixture.exists()


def test_fragments_cut_by_chronicle_truncation_never_reach_the_file(redactor: Redactor, tmp_path: Path) -> None:
    """`max_payload_bytes` cuts strings before any client sees them; a value cut in half is no longer
    recognisable, so the word the cut went through is dropped from truncated envelopes."""
    limit = 120

    @boundary("fetch_page", kind="tool")
    def fetch_page(url: str) -> dict[str, str]:
        # Each value straddles the cut: only a prefix of it survives Chronicle's truncation.
        return {"contact": "x" * (limit - 20) + " " + planted.EMAIL,
                "config": "y" * (limit - 30) + " " + planted.OPENAI_KEY}

    fixture = tmp_path / "fixtures" / "pages.jsonl"
    chronicle.configure(client=JsonlEnvelopeStore(fixture, redactor), fail_open=False, max_payload_bytes=limit)
    with chronicle.record("pages"):
        fetch_page(url="https://docs.example.com/start")
    chronicle.reset()
    text = fixture.read_text(encoding="utf-8")
    assert planted.EMAIL[:19] not in text and planted.OPENAI_KEY[:29] not in text
    (envelope,) = load_envelopes(fixture)
    assert envelope.metadata["chronicle.truncated"] is True
    raw = envelope.output.raw  # type: ignore[union-attr]
    assert raw == {"contact": "x" * (limit - 20) + " ...[truncated]", "config": "y" * (limit - 30) + " ...[truncated]"}
