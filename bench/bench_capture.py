"""Overhead of redacting at capture time, per envelope, against recording without redaction.

The envelopes are real: a small support agent (an llm boundary and a tool boundary, each call
carrying a different persona's name, email, phone, card and API key) is recorded by agent-chronicle
1.x into memory first. Then each variant stores the same envelopes one at a time and the time per
envelope is taken:

- `plain append`: what a recorder does without redaction (json.dumps, one os.write, fsync);
- `redacting writer`: `RedactingJsonlWriter.write` (redaction, then the same write and fsync);
- the same two without fsync, to separate redaction from disk latency;
- OpenTelemetry: one GenAI span exported to an in-memory exporter, bare and through
  `RedactingSpanExporter`.

Medians (and p95) over N envelopes, after a warm-up that loads the models. Nothing asserts on time.

Usage::

    python bench/bench_capture.py [--n 200] [--json OUT.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FIRST = ["Dana", "Marek", "Aisha", "Tomasz", "Ingrid", "Kwame", "Lucia", "Ravi", "Sofia", "Henrik"]
LAST = ["Whitfield", "Kowalski", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Haddad", "Novak"]
DOMAINS = ["northwind-mail.io", "fabrikam-post.net", "contoso-mail.org", "tailspin.co"]


def persona(index: int) -> dict[str, str]:
    first, last = FIRST[index % len(FIRST)], LAST[(index // len(FIRST)) % len(LAST)]
    return {"name": f"{first} {last}", "email": f"{first.lower()}.{last.lower()}{index}@{DOMAINS[index % 4]}",
            "phone": f"+1 415 555 {index % 10000:04d}", "card": "4111 1111 1111 1111",
            "key": f"sk-proj-B3NCH{index:06d}abcdefghijklmnopqrstuvwxyz0123"}


class _Collector:
    """A control-plane client that keeps what Chronicle sends, in memory (the raw envelopes)."""

    def __init__(self) -> None:
        self.envelopes: list[dict[str, Any]] = []

    def upsert_trace(self, trace: Any) -> None:
        pass

    def upsert_span(self, span: Any) -> None:
        pass

    def append_envelopes(self, envelopes: Sequence[Any]) -> None:
        self.envelopes.extend(e.model_dump(mode="json", exclude_none=True) for e in envelopes)

    def read_span_envelopes(self, trace_id: str, span_id: str) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def record_envelopes(count: int, first_persona: int = 0) -> list[dict[str, Any]]:
    """Record `count` envelopes (count/2 agent runs, one persona each) with the real agent-chronicle."""
    import chronicle
    from chronicle import boundary

    @boundary("planner", kind="llm")
    def plan(model: str, messages: list[dict[str, str]], who: dict[str, str]) -> dict[str, Any]:
        return {"text": f"Looking up {who['name']} ({who['email']}).", "finish_reason": "tool_calls",
                "tool_call": {"id": "call_1", "name": "lookup_customer", "arguments": {"email": who["email"]}}}

    @boundary("lookup_customer", kind="tool")
    def lookup(email: str, api_key: str, who: dict[str, str]) -> dict[str, Any]:
        return {"email": email, "phone": who["phone"], "card_on_file": who["card"], "status": "active",
                "notes": f"{who['name']} called about an invoice; call back on {who['phone']}."}

    collector = _Collector()
    chronicle.reset()
    chronicle.configure(client=collector, fail_open=False)
    for run in range((count + 1) // 2):
        who = persona(first_persona + run)
        with chronicle.record("bench"):
            decision = plan(model="gpt-4o-mini", who=who, messages=[
                {"role": "system", "content": "You are a support agent."},
                {"role": "user", "content": f"Hi, I am {who['name']}, email {who['email']}, phone {who['phone']}."}])
            lookup(email=decision["tool_call"]["arguments"]["email"], api_key=who["key"], who=who)
    chronicle.reset()
    return collector.envelopes[:count]


def time_each(items: Sequence[Any], action: Callable[[Any], object]) -> list[float]:
    timings = []
    for item in items:
        start = time.perf_counter()
        action(item)
        timings.append(time.perf_counter() - start)
    return timings


def plain_append(path: Path, fsync: bool) -> tuple[Callable[[dict[str, Any]], None], Callable[[], None]]:
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def write(record: dict[str, Any]) -> None:
        os.write(fd, (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode())
        if fsync:
            os.fsync(fd)

    return write, lambda: os.close(fd)


def span_timings(redactor: Any, count: int, first_persona: int) -> tuple[list[float], list[float]]:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from redactor.capture.otel import RedactingSpanExporter

    provider = TracerProvider()
    spans = []
    collector = InMemorySpanExporter()
    provider.add_span_processor(SimpleSpanProcessor(collector))
    for index in range(count):
        who = persona(first_persona + index)
        with provider.get_tracer("bench").start_as_current_span("chat gpt-4o-mini") as span:
            span.set_attribute("gen_ai.request.model", "gpt-4o-mini")
            span.set_attribute("gen_ai.input.messages", json.dumps([{"role": "user", "parts": [
                {"type": "text", "content": f"I am {who['name']}, mail {who['email']}"}]}]))
            span.set_attribute("gen_ai.tool.call.arguments", json.dumps({"email": who["email"]}))
            span.set_attribute("http.request.header.authorization", f"Bearer {who['key']}")
    spans = list(collector.get_finished_spans())
    bare, redacting = InMemorySpanExporter(), RedactingSpanExporter(InMemorySpanExporter(), redactor)
    return time_each(spans, lambda s: bare.export([s])), time_each(spans, lambda s: redacting.export([s]))


def summarise(name: str, timings: list[float], baseline: list[float] | None) -> dict[str, Any]:
    ordered = sorted(timings)
    median = statistics.median(ordered)
    row: dict[str, Any] = {"variant": name, "n": len(ordered), "median_us": median * 1e6,
                           "p95_us": ordered[int(0.95 * (len(ordered) - 1))] * 1e6}
    if baseline is not None:
        base = statistics.median(baseline)
        row["overhead_us"] = (median - base) * 1e6
        row["ratio"] = median / base if base else float("inf")
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--n", type=int, default=200, help="envelopes (and spans) per variant")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = parser.parse_args(argv)
    os.environ.setdefault("REDACTOR_KEY", "bench-capture-key-" + "0" * 32)

    from redactor.capture.jsonl_writer import RedactingJsonlWriter
    from redactor.engine import Redactor

    redactor = Redactor.from_policy("default")
    # Every variant that redacts gets envelopes it has never seen: the engine caches detections
    # across calls (as it would at capture time for repeated prompts), which must not flatter it.
    warmup = record_envelopes(6, first_persona=10**6)
    batches = {fsync: record_envelopes(args.n, first_persona=args.n * index)
               for index, fsync in enumerate((True, False))}
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-capture-") as tmp:
        directory = Path(tmp)
        with RedactingJsonlWriter(directory / "warmup.jsonl", redactor) as writer:
            for envelope in warmup:  # loads spaCy and presidio before anything is timed
                writer.write(envelope)
        for fsync in (True, False):
            suffix = "" if fsync else ", no fsync"
            write, close = plain_append(directory / f"plain{int(fsync)}.jsonl", fsync)
            envelopes = batches[fsync]
            plain = time_each(envelopes, write)
            close()
            with RedactingJsonlWriter(directory / f"redacted{int(fsync)}.jsonl", redactor, fsync=fsync) as writer:
                redacting = time_each(envelopes, writer.write)
            rows.append(summarise(f"plain append{suffix}", plain, None))
            rows.append(summarise(f"redacting writer{suffix}", redacting, plain))
    bare, redacting_spans = span_timings(redactor, args.n, first_persona=args.n * 2)
    rows.append(summarise("otel export, bare", bare, None))
    rows.append(summarise("otel export, redacting", redacting_spans, bare))

    size = statistics.median(len(json.dumps(e)) for e in batches[True])
    print(f"capture overhead per envelope: {args.n} agent-chronicle envelopes per variant "
          f"(median {size:.0f} bytes), {args.n} GenAI spans; python {sys.version.split()[0]}")
    print(f"{'variant':<32}{'median µs':>12}{'p95 µs':>12}{'overhead µs':>14}{'× baseline':>12}")
    for row in rows:
        overhead = f"{row['overhead_us']:>14.0f}" if "overhead_us" in row else f"{'':>14}"
        # A ratio over a sub-microsecond baseline (an in-memory list append) means nothing.
        ratio = f"{row['ratio']:>12.1f}" if "ratio" in row and row["ratio"] < 1000 else f"{'':>12}"
        print(f"{row['variant']:<32}{row['median_us']:>12.0f}{row['p95_us']:>12.0f}{overhead}{ratio}")
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
