"""Streamed model output: values cut across delta events, and JSON documents one a line inside a string
(raw server-sent-events bodies, container logs). Every test redacts real files with the CLI and reads
the bytes written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_cli

TEXT = ("Booked for Jonas Petersen. Confirmation goes to jonas.petersen@foerde-bau.de and SMS to "
        "+49 40 5550 8812; card 4024 0071 5336 0085, SSN 287-65-4310.")
PLANTED = ["Jonas Petersen", "jonas.petersen@foerde-bau.de", "+49 40 5550 8812", "4024 0071 5336 0085",
           "287-65-4310"]
ARGUMENTS = '{"to": "jonas.petersen@foerde-bau.de", "password": "Xk7mQ2vRp9zz"}'
TOKEN_PREFIXES = ("<PERSON:", "<EMAIL_ADDRESS:", "<PHONE_NUMBER:", "<CREDIT_CARD:", "<US_SSN:")


def cut(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


def redact(tmp_path: Path, name: str, content: str, *flags: str) -> str:
    source = tmp_path / "in" / name
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(content, encoding="utf-8")
    result = run_cli("redact", str(source), "-o", str(tmp_path / "out"), "-q", *flags)
    assert result.returncode == 0, result.stderr
    return (tmp_path / "out" / name).read_text(encoding="utf-8")


def assert_scrubbed(joined: str, written: str) -> None:
    for value in PLANTED:
        assert value not in joined
        assert value not in written
    for prefix in TOKEN_PREFIXES:
        assert prefix in joined


def openai_chunks(text: str, arguments: str, size: int) -> list[dict[str, Any]]:
    def chunk(delta: dict[str, Any]) -> dict[str, Any]:
        return {"id": "chatcmpl-9x", "object": "chat.completion.chunk", "model": "gpt-4o-2024-08-06",
                "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}

    chunks = [chunk({"role": "assistant", "content": ""})]
    chunks += [chunk({"content": piece}) for piece in cut(text, size)]
    chunks += [chunk({"tool_calls": [{"index": 0, "function": {"arguments": piece}}]})
               for piece in cut(arguments, size)]
    return chunks


def joined_content(chunks: list[dict[str, Any]]) -> tuple[str, str]:
    deltas = [chunk["choices"][0]["delta"] for chunk in chunks]
    text = "".join(delta.get("content") or "" for delta in deltas)
    arguments = "".join(call["function"]["arguments"] for delta in deltas for call in delta.get("tool_calls", ()))
    return text, arguments


@pytest.mark.parametrize("flags", [(), ("--no-ner",)], ids=["ner", "no-ner"])
def test_openai_chunk_deltas_are_redacted_joined(tmp_path: Path, flags: tuple[str, ...]) -> None:
    chunks = openai_chunks(TEXT, ARGUMENTS, 4)
    # the SDK's assembled copy of the same answer, beside the chunks it was built from
    document = {"response": {"chunks": chunks}, "assembled": TEXT}
    written = redact(tmp_path, "run.json", json.dumps(document, indent=2), *flags)
    out = json.loads(written)
    assert len(out["response"]["chunks"]) == len(chunks)
    for before, after in zip(chunks, out["response"]["chunks"], strict=True):
        assert before.keys() == after.keys() and before["choices"][0].keys() == after["choices"][0].keys()
    text, arguments = joined_content(out["response"]["chunks"])
    assert_scrubbed(text, written)
    # the joined pieces read exactly as the assembled copy: the same tokens in the same places
    assert text == out["assembled"]
    assert "Xk7mQ2vRp9zz" not in written and "<PASSWORD:" in json.loads(arguments)["password"]
    assert json.loads(arguments)["to"] in text  # one token for the address, in the answer and the call


def test_anthropic_content_block_deltas_across_jsonl_records(tmp_path: Path) -> None:
    events = [{"type": "message_start", "message": {"id": "msg_01", "model": "claude-sonnet-4-5"}},
              {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}]
    events += [{"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}}
               for piece in cut(TEXT, 3)]
    events += [{"type": "content_block_delta", "index": 1,
                "delta": {"type": "input_json_delta", "partial_json": piece}} for piece in cut(ARGUMENTS, 5)]
    events.append({"type": "message_stop"})
    content = "".join(json.dumps(event) + "\n" for event in events)
    written = redact(tmp_path, "events.jsonl", content, "--no-ner")
    out = [json.loads(line) for line in written.splitlines()]
    assert len(out) == len(events)
    text = "".join(e["delta"]["text"] for e in out if e["type"] == "content_block_delta" and e["index"] == 0)
    partial = "".join(e["delta"]["partial_json"] for e in out if e["type"] == "content_block_delta"
                      and e["index"] == 1)
    assert_scrubbed(text, written)
    assert "Xk7mQ2vRp9zz" not in written and json.loads(partial)["password"].startswith("<PASSWORD:")
    # events that carry no piece of a value are written back byte for byte
    for line, event in zip(written.splitlines(), events, strict=True):
        if event.get("delta", {}).get("text") == "Boo":
            assert line == json.dumps(event)


def test_responses_api_delta_events(tmp_path: Path) -> None:
    events = [{"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0,
               "delta": piece, "sequence_number": number} for number, piece in enumerate(cut(TEXT, 6))]
    events.append({"type": "response.output_text.done", "item_id": "msg_1", "text": TEXT})
    written = redact(tmp_path, "responses.jsonl", "".join(json.dumps(e) + "\n" for e in events), "--no-ner")
    out = [json.loads(line) for line in written.splitlines()]
    text = "".join(e["delta"] for e in out[:-1])
    assert_scrubbed(text, written)
    assert text == out[-1]["text"]
    assert [e["sequence_number"] for e in out[:-1]] == list(range(len(events) - 1))


@pytest.mark.parametrize("flags", [(), ("--no-ner",)], ids=["ner", "no-ner"])
def test_gemini_and_ollama_stream_chunks(tmp_path: Path, flags: tuple[str, ...]) -> None:
    """Red team 20: an address cut across Gemini `streamGenerateContent` chunks and Ollama's NDJSON stream
    was kept: only OpenAI, Anthropic, Bedrock and Responses deltas were joined."""
    gemini = [{"candidates": [{"content": {"role": "model", "parts": [{"text": piece}]}, "index": 0}],
               "modelVersion": "gemini-2.5-flash", "responseId": "aFk3aPqGLZ2Vz7IP5tS7kAQ"} for piece in cut(TEXT, 7)]
    ollama = [{"model": "llama3.1:8b", "created_at": f"2025-08-20T07:14:03.{n:06d}Z",
               "message": {"role": "assistant", "content": piece}, "done": False}
              for n, piece in enumerate(cut(TEXT, 5))]
    ollama.append({"model": "llama3.1:8b", "created_at": "2025-08-20T07:14:04Z",
                   "message": {"role": "assistant", "content": ""}, "done": True, "eval_count": 57})
    for name, events, text_of in (
        ("gemini.jsonl", gemini, lambda e: e["candidates"][0]["content"]["parts"][0]["text"]),
        ("ollama.jsonl", ollama, lambda e: e["message"]["content"]),
    ):
        written = redact(tmp_path, name, "".join(json.dumps(e) + "\n" for e in events), *flags)
        out = [json.loads(line) for line in written.splitlines()]
        assert len(out) == len(events) and [e.keys() for e in out] == [e.keys() for e in events]
        assert_scrubbed("".join(text_of(e) for e in out), written)


@pytest.mark.parametrize("flags", [(), ("--no-ner",)], ids=["ner", "no-ner"])
def test_langchain_astream_events_chunks(tmp_path: Path, flags: tuple[str, ...]) -> None:
    """Red team 26: LangChain's `astream_events` (`on_chat_model_stream`, the chunk's `content` and its
    `tool_call_chunks[].args`, plain or in `dumpd` form under `kwargs`) were not joined: pieces of four
    characters left every value."""
    run_id = "5b0c1a52-2f4e-4d43-9d55-1c1b0f7e0a11"

    def event(chunk: dict[str, Any]) -> dict[str, Any]:
        return {"event": "on_chat_model_stream", "name": "ChatAnthropic", "run_id": run_id,
                "metadata": {"langgraph_node": "agent"}, "data": {"chunk": chunk}}

    events = [event({"type": "AIMessageChunk", "content": piece}) for piece in cut(TEXT, 4)]
    events += [event({"lc": 1, "type": "constructor", "id": ["langchain", "schema", "messages", "AIMessageChunk"],
                      "kwargs": {"content": "", "tool_call_chunks": [{"name": None, "args": piece, "index": 0}]}})
               for piece in cut(ARGUMENTS, 5)]
    events.append({"event": "on_chat_model_end", "run_id": run_id, "data": {"output": {"content": "done"}}})
    written = redact(tmp_path, "events.jsonl", "".join(json.dumps(e) + "\n" for e in events), *flags)
    out = [json.loads(line) for line in written.splitlines()]
    assert len(out) == len(events) and out[-1] == events[-1]
    text = "".join(e["data"]["chunk"].get("content", "") for e in out[:-1])
    arguments = "".join(e["data"]["chunk"]["kwargs"]["tool_call_chunks"][0]["args"] for e in out if "kwargs" in
                        e.get("data", {}).get("chunk", {}))
    assert_scrubbed(text, written)
    assert "Xk7mQ2vRp9zz" not in written and json.loads(arguments)["password"].startswith("<PASSWORD:")


def test_an_event_member_that_names_no_stream_event(tmp_path: Path) -> None:
    """`event` names other things than LangChain's stream events: a calendar's event object crashed the
    run (an unhashable dict looked up in a set of event names) before it was written."""
    records = [{"event": {"summary": "Showing for Maren Holt", "attendees": [{"email": "maren.holt@gmail.com"}]}},
               {"event": ["created"], "data": {"chunk": "x"}}, {"event": "on_tool_end", "data": {"output": "ok"}}]
    written = redact(tmp_path, "calendar.jsonl", "".join(json.dumps(r) + "\n" for r in records), "--no-ner")
    out = [json.loads(line) for line in written.splitlines()]
    assert "maren.holt@gmail.com" not in written and out[1:] == records[1:]


def test_raw_server_sent_events_body_in_a_string(tmp_path: Path) -> None:
    lines = []
    for chunk in openai_chunks(TEXT, ARGUMENTS, 5):
        lines += [f"data: {json.dumps(chunk, separators=(',', ':'))}", ""]
    lines += ["data: [DONE]", ""]
    body = "\n".join(lines)
    cassette = {"interactions": [{"request": {"uri": "https://api.openai.com/v1/chat/completions"},
                                  "response": {"status": 200, "body": body}}]}
    written = redact(tmp_path, "cassette.json", json.dumps(cassette), "--no-ner")
    out_body = json.loads(written)["interactions"][0]["response"]["body"]
    out_lines = out_body.split("\n")
    assert len(out_lines) == len(lines) and out_lines[-2:] == ["data: [DONE]", ""]
    assert all(not line or line.startswith("data: ") for line in out_lines)
    chunks = [json.loads(line[6:]) for line in out_lines if line.startswith("data: {")]
    text, arguments = joined_content(chunks)
    assert_scrubbed(text, written)
    assert "Xk7mQ2vRp9zz" not in written and json.loads(arguments)["password"].startswith("<PASSWORD:")
    # a data line that held nothing is written back as it was (compact JSON, its own key order)
    assert out_lines[0] == lines[0]


@pytest.mark.parametrize("framing", ["data: {}", "data:{}\n\n", "event: content_block_delta\ndata: {}\n\n"])
def test_one_raw_server_sent_event_a_record_joins_its_stream(tmp_path: Path, framing: str) -> None:
    """A gateway's replay log keeps each raw event in its own record (`"raw": "data: {...}"`): the deltas
    join across records, so a value cut between two chunks is found and no piece keeps a part of it."""
    records = [{"type": "llm.stream.chunk", "seq": seq, "run_id": "d0ec1ddd-8475-40dc-b132-335ff6cb5dab",
                "raw": framing.format(json.dumps(chunk, separators=(",", ":")))}
               for seq, chunk in enumerate(openai_chunks(TEXT, ARGUMENTS, 7))]
    written = redact(tmp_path, "replay.events.jsonl", "".join(json.dumps(r) + "\n" for r in records), "--no-ner")
    raws = [json.loads(line)["raw"] for line in written.splitlines()]
    assert [raw.split("{", 1)[0] for raw in raws] == [framing.split("{", 1)[0]] * len(records)
    assert all(raw.endswith(framing.rsplit("}", 1)[1]) for raw in raws)
    text, arguments = joined_content([json.loads(raw[raw.index("{"):].rstrip()) for raw in raws])
    assert_scrubbed(text, written)
    for value in PLANTED:  # no piece of a value is left in any one chunk either
        for piece in cut(value, 7):
            assert all(piece not in raw for raw in raws if len(piece) > 5), piece
    assert "Xk7mQ2vRp9zz" not in written and json.loads(arguments)["password"].startswith("<PASSWORD:")
    # a record that held nothing is written back as it was
    assert written.splitlines()[0] == json.dumps(records[0])


def test_a_data_line_that_is_not_json_stays_text(tmp_path: Path) -> None:
    """`data: {` that opens no JSON document is read as text like any other."""
    record = {"raw": "data: {partial chunk for jonas.petersen@foerde-bau.de"}
    written = redact(tmp_path, "t.json", json.dumps(record), "--no-ner")
    assert "jonas.petersen@foerde-bau.de" not in written and json.loads(written)["raw"].startswith("data: {partial")


@pytest.mark.parametrize("flags", [("--no-ner",), ()])
def test_a_base64_chunk_inside_a_debug_line_is_read(tmp_path: Path, flags: tuple[str, ...]) -> None:
    """botocore's debug line prints a streamed chunk's bytes base64-encoded inside a Python repr: the text they
    encode is read, and a run that holds a value is replaced wherever the trace holds it. A run that encodes
    nothing sensitive, and one that encodes no text (a key's random bytes), stay as they were."""
    import base64

    def b64(value: Any) -> str:
        return base64.b64encode(json.dumps(value, separators=(",", ":")).encode()).decode()

    sensitive = b64({"type": "content_block_delta", "index": 0,
                     "delta": {"type": "text_delta", "text": f" {TEXT}"}})
    harmless = b64({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": " Done."}})
    random_bytes = base64.b64encode(bytes(range(7, 250, 9))).decode()
    lines = [f"botocore.parsers DEBUG Response body: event-stream chunk {{'chunk': {{'bytes': '{run}'}}}}"
             for run in (sensitive, harmless, random_bytes)]
    record = {"app_debug_tail": lines, "replayed": {"bytes": sensitive}}
    written = redact(tmp_path, "bedrock.json", json.dumps(record), *flags)
    out = json.loads(written)
    assert sensitive not in written
    for value in PLANTED[1:]:  # (a name is NER's, and is found with it)
        assert value not in written
    assert out["app_debug_tail"][1:] == lines[1:]
    kept_around = lines[0].split(sensitive)
    assert out["app_debug_tail"][0].startswith(kept_around[0]) and out["app_debug_tail"][0].endswith(kept_around[1])
    # the run alone in a string is written back re-encoded, its text redacted inside
    inner = json.loads(base64.b64decode(out["replayed"]["bytes"]))
    assert inner["type"] == "content_block_delta" and "<EMAIL_ADDRESS:" in inner["delta"]["text"]


def test_json_lines_in_a_string_are_documents(tmp_path: Path) -> None:
    log = "\n".join(json.dumps({"log": line, "stream": "stderr", "time": f"2025-03-12T10:04:1{i}.000Z"})
                    for i, line in enumerate(["user=kamau.oduya@example-mail.co.ke login ok",
                                              '{"password": "Tr0ub4dor&3x", "beneficiary": "Kamau Oduya", '
                                              '"city": "Nakuru"}'])) + "\n"
    written = redact(tmp_path, "container.json", json.dumps({"tool": "docker_logs", "output": log}), "--no-ner")
    output = json.loads(written)["output"]
    assert "kamau.oduya@example-mail.co.ke" not in written and "Tr0ub4dor&3x" not in written
    # (keys name these values only once the line is read as JSON: as text they are words)
    assert "Kamau Oduya" not in written and "Nakuru" not in written
    records = [json.loads(line) for line in output.splitlines()]
    assert [r["time"] for r in records] == ["2025-03-12T10:04:10.000Z", "2025-03-12T10:04:11.000Z"]
    assert output.endswith("\n") and output.count("\n") == 2


def test_a_line_that_is_not_json_keeps_the_string_text(tmp_path: Path) -> None:
    text = '{"a": 1}\nplain words from ops@example-corp.io\n{"b": 2}\n'
    written = redact(tmp_path, "mixed.json", json.dumps({"output": text}), "--no-ner")
    output = json.loads(written)["output"]
    assert "ops@example-corp.io" not in output and "<EMAIL_ADDRESS:" in output
    assert output.startswith('{"a": 1}\n') and output.endswith('{"b": 2}\n')
    # an event-stream comment or field is written back unread only when it is one token
    sse = ': call Dana Whitfield on dana.w@example-corp.io\ndata: {"a": 1}\ndata: {"b": 2}\n'
    written = redact(tmp_path / "sse", "sse.json", json.dumps({"body": sse}), "--no-ner")
    assert "dana.w@example-corp.io" not in written


def test_a_streamed_store_redacts_each_piece_alone(tmp_path: Path) -> None:
    """Above the streaming threshold records are never held together: a piece is a text of its own
    (documented limit), and a value whole inside one piece is still replaced."""
    events = [{"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}}
              for piece in ["Mail ", "jonas.petersen@foerde-bau.de", " now"]]
    source = tmp_path / "store.jsonl"
    source.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    result = run_cli("redact", str(source), "-o", str(tmp_path / "out"), "--no-ner", "-q",
                     env={"REDACTOR_STREAM_THRESHOLD": "1"})
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "out" / "store.jsonl").read_text(encoding="utf-8")
    assert "jonas.petersen@foerde-bau.de" not in written and written.count("\n") == 3


def test_a_scan_names_the_event_where_a_cut_value_starts(tmp_path: Path) -> None:
    """A finding in a streamed text names the JSONL line of the piece where the value starts (and, as
    every finding, only a masked preview of it)."""
    events = [{"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}}
              for piece in cut(TEXT, 3)]
    source = tmp_path / "events.jsonl"
    source.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    result = run_cli("scan", str(source), "--no-ner", "--format", "json")
    assert result.returncode == 1, result.stderr
    lines = {finding["entity_type"]: finding["line"] for finding in json.loads(result.stdout)["findings"]}
    assert lines["EMAIL_ADDRESS"] == TEXT.index("jonas.petersen@") // 3 + 1
    assert lines["CREDIT_CARD"] == TEXT.index("4024") // 3 + 1
    assert "petersen" not in result.stdout
