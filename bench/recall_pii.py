"""PII recall and precision on data nobody here wrote: presidio-research's synth_dataset_v2.

Each of the 1,500 labelled sentences is embedded into a trace field, rotating over four
placements: a user message (Chronicle 0.x envelope), a tool call's arguments and a tool result
(generic JSON), and a JSON-in-string OTLP GenAI attribute (`gen_ai.input.messages`). Each trace is
redacted with the real engine (`Redactor.redact`, default policy, NER on), and the sentence is read
back from the same place.

- Recall (per gold span): the labelled value no longer appears verbatim in the redacted sentence.
  "Fully removed" is stricter: none of the value's words (3+ characters) survives either.
- Precision (per replacement): each redaction token is aligned back to the region of the
  sentence it replaced; it is correct if that region overlaps a gold span of a matching type
  (typed) or any labelled span at all (any-label).

Usage: python -m bench.recall_pii [--limit N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

DATASET = Path(__file__).resolve().parent / "data" / "presidio-research" / "synth_dataset_v2.json"
BENCH_KEY = "00112233445566778899aabbccddeeff"
# Dataset label -> the entity types of ours that count as a correct detection of it.
IN_SCOPE: dict[str, frozenset[str]] = {
    "PERSON": frozenset({"PERSON"}),
    "GPE": frozenset({"LOCATION", "STREET_ADDRESS"}),
    "STREET_ADDRESS": frozenset({"STREET_ADDRESS", "LOCATION"}),
    "CREDIT_CARD": frozenset({"CREDIT_CARD"}),
    "PHONE_NUMBER": frozenset({"PHONE_NUMBER"}),
    "EMAIL_ADDRESS": frozenset({"EMAIL_ADDRESS"}),
    "IBAN_CODE": frozenset({"IBAN_CODE"}),
    "US_SSN": frozenset({"US_SSN"}),
    "IP_ADDRESS": frozenset({"IP_ADDRESS"}),
}
TOKEN_RE = re.compile(r"<([A-Z][A-Z0-9_]*):[0-9a-f]{12}>")
WORD_RE = re.compile(r"[A-Za-z0-9]{3,}")
JSON = dict[str, Any]


def _chronicle(sentence: str) -> tuple[JSON, Callable[[JSON], str]]:
    record = {"node_id": "agent", "boundary_kind": "llm", "invocation_index": 1, "sequence": 1,
              "envelope_id": "6f1c2a4e-0000-4000-8000-000000000001", "parent_envelope_id": None,
              "timestamp": "2026-06-17T14:03:12.481000Z", "metadata": {"model_version": "gpt-4o"},
              "input_state": {"messages": [{"role": "user", "content": sentence}], "system_prompt": None,
                              "rag_chunks": [], "graph_state": {}},
              "action_result": {"tool_calls": [], "completion": "ok", "finish_reason": "stop",
                                "token_usage": {}, "raw_response": None, "error": None}}
    return record, lambda r: str(r["input_state"]["messages"][0]["content"])


def _tool_args(sentence: str) -> tuple[JSON, Callable[[JSON], str]]:
    record = {"type": "tool.called", "ts": "2026-06-17T14:03:12Z",
              "data": {"tool": "create_ticket", "call_id": "call_abc123", "arguments": {"description": sentence}}}
    return record, lambda r: str(r["data"]["arguments"]["description"])


def _tool_result(sentence: str) -> tuple[JSON, Callable[[JSON], str]]:
    record = {"type": "tool.succeeded", "ts": "2026-06-17T14:03:13Z",
              "data": {"tool": "read_ticket", "call_id": "call_abc124", "result": {"status": 200, "body": sentence}}}
    return record, lambda r: str(r["data"]["result"]["body"])


def _otlp(sentence: str) -> tuple[JSON, Callable[[JSON], str]]:
    messages = json.dumps([{"role": "user", "parts": [{"type": "text", "content": sentence}]}])
    span = {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": "eee19b7ec3c1b174", "name": "chat gpt-4o",
            "kind": 3, "startTimeUnixNano": "1781712000000000000", "endTimeUnixNano": "1781712001000000000",
            "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}},
                           {"key": "gen_ai.input.messages", "value": {"stringValue": messages}}]}
    record = {"resourceSpans": [{"resource": {"attributes": []}, "scopeSpans": [{"scope": {"name": "x"},
                                                                                  "spans": [span]}]}]}

    def read(r: JSON) -> str:
        value = r["resourceSpans"][0]["scopeSpans"][0]["spans"][0]["attributes"][1]["value"]["stringValue"]
        return str(json.loads(value)[0]["parts"][0]["content"])

    return record, read


PLACEMENTS: dict[str, Callable[[str], tuple[JSON, Callable[[JSON], str]]]] = {
    "user message": _chronicle, "tool arguments": _tool_args, "tool result": _tool_result,
    "OTLP JSON-in-string": _otlp,
}


def replaced_regions(original: str, redacted: str) -> list[tuple[int, int, str]]:
    """Align each token in `redacted` to the (start, end) it replaced in `original`.

    The text between tokens is copied verbatim by the engine, so it anchors the alignment."""
    regions = []
    position = 0
    cursor = 0
    matches = list(TOKEN_RE.finditer(redacted))
    for index, match in enumerate(matches):
        literal = redacted[cursor:match.start()]
        found = original.find(literal, position) if literal else position
        start = (found if found != -1 else position) + len(literal)
        following_end = matches[index + 1].start() if index + 1 < len(matches) else len(redacted)
        following = redacted[match.end():following_end]
        end = original.find(following, start + 1) if following else (len(original) if index + 1 == len(matches)
                                                                     else start + 1)
        end = len(original) if end == -1 else end
        regions.append((start, end, match.group(1)))
        position = end
        cursor = match.end()
    return regions


def _luhn_ok(number: str) -> bool:
    digits = [int(c) for c in number if c.isdigit()]
    total = sum(d if i % 2 == 0 else (d * 2 - 9 if d * 2 > 9 else d * 2) for i, d in enumerate(reversed(digits)))
    return bool(digits) and total % 10 == 0


def why_missed(label: str, value: str) -> str:
    """A cheap first guess at why a span was missed, to group the misses."""
    if label == "CREDIT_CARD" and not _luhn_ok(value):
        return "fails the Luhn checksum"
    if label == "STREET_ADDRESS":
        if "\n" in value:
            return "multi-line / non-US layout"
        if not re.search(r"\b(St|Street|Ave|Avenue|Rd|Road|Lane|Ln|Dr|Drive|Blvd|Way|Court|Ct|Place|Pl)\b", value):
            return "no English street suffix"
        return "other"
    if label in ("PERSON", "GPE"):
        if value[:1].islower():
            return "lower-case"
        if " " not in value.strip():
            return "single token"
        return "NER miss"
    if label == "PHONE_NUMBER":
        digits = sum(c.isdigit() for c in value)
        return "extension / short" if digits < 10 or "x" in value.lower() else "format not recognised"
    return "other"


def evaluate(limit: int | None = None) -> JSON:
    os.environ.setdefault("REDACTOR_KEY", BENCH_KEY)
    from redactor.engine import Redactor

    redactor = Redactor.from_policy("default", ner=True)
    data = json.loads(DATASET.read_text(encoding="utf-8"))[:limit]
    recall: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # removed, fully removed, total
    by_placement: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    precision: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # typed ok, any-label ok, total
    missed: dict[str, list[tuple[str, str]]] = defaultdict(list)
    false_positives: dict[str, list[str]] = defaultdict(list)
    names = list(PLACEMENTS)
    for index, item in enumerate(data):
        sentence = item["full_text"]
        placement = names[index % len(names)]
        record, read = PLACEMENTS[placement](sentence)
        output = read(redactor.redact(record))
        for span in item["spans"]:
            label, value = span["entity_type"], span["entity_value"]
            row = recall[label]
            row[2] += 1
            removed = value not in output
            # Strict: none of the value's words survives anywhere in the output.
            fully = removed and not any(re.search(rf"\b{re.escape(w)}\b", output) for w in WORD_RE.findall(value))
            row[0] += removed
            row[1] += fully
            if label in IN_SCOPE:
                by_placement[placement][0] += removed
                by_placement[placement][1] += 1
                if not removed:
                    missed[label].append((value, why_missed(label, value)))
        for start, end, entity in replaced_regions(sentence, output):
            row = precision[entity]
            row[2] += 1
            overlapping = [s for s in item["spans"] if s["start_position"] < end and start < s["end_position"]]
            typed = any(entity in IN_SCOPE.get(s["entity_type"], frozenset()) for s in overlapping)
            row[0] += typed
            row[1] += bool(overlapping)
            if not overlapping:
                false_positives[entity].append(sentence[start:end])
    return {"sentences": len(data), "recall": dict(recall), "placement": dict(by_placement),
            "precision": dict(precision), "missed": dict(missed), "false_positives": dict(false_positives)}


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def report(result: JSON) -> str:
    lines = ["## PII recall on presidio-research synth_dataset_v2", "",
             f"{result['sentences']} sentences (MIT, bench/data/presidio-research), each embedded in a trace field "
             "(rotating: user message, tool arguments, tool result, OTLP JSON-in-string attribute) and "
             "redacted by the real engine (default policy, NER on). Recall: the labelled value is no longer "
             "present verbatim; fully removed: none of its words of 3+ characters survives.", "",
             "| dataset label | in scope as | spans | recall | fully removed |", "|---|---|---|---|---|"]
    recall = result["recall"]
    ordered = sorted(recall, key=lambda label: (label not in IN_SCOPE, -recall[label][2]))
    for label in ordered:
        removed, fully, total = recall[label]
        scope = "/".join(sorted(IN_SCOPE[label])) if label in IN_SCOPE else "not in the policy"
        lines.append(f"| {label} | {scope} | {total} | {_pct(removed, total)} | {_pct(fully, total)} |")
    lines += ["", "Recall of in-scope spans by placement: " + ", ".join(
        f"{name} {_pct(a, b)}" for name, (a, b) in result["placement"].items()) + ".", "",
        "| replaced as | replacements | precision (typed) | precision (any label) |", "|---|---|---|---|"]
    for entity, (typed, anything, total) in sorted(result["precision"].items()):
        lines.append(f"| {entity} | {total} | {_pct(typed, total)} | {_pct(anything, total)} |")
    lines += ["", "Missed in-scope spans, grouped by a first-guess reason (examples):", ""]
    for label, items in sorted(result["missed"].items(), key=lambda kv: -len(kv[1])):
        reasons: dict[str, list[str]] = defaultdict(list)
        for value, reason in items:
            reasons[reason].append(value)
        parts = [f"{reason} {len(values)} (e.g. " + ", ".join(f"`{v[:40]!s}`".replace("\n", " ") for v in values[:3])
                 + ")" for reason, values in sorted(reasons.items(), key=lambda kv: -len(kv[1]))]
        lines.append(f"- {label}: {len(items)} missed: " + "; ".join(parts))
    lines += ["", "Replacements that overlap no labelled span (false positives, examples):", ""]
    for entity, values in sorted(result["false_positives"].items(), key=lambda kv: -len(kv[1])):
        lines.append(f"- {entity}: {len(values)} (e.g. " + ", ".join(
            f"`{v[:40]}`".replace("\n", " ") for v in values[:5]) + ")")
    return "\n".join(lines) + "\n"


def run(limit: int | None = None) -> str:
    return report(evaluate(limit))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="PII recall on presidio-research synth_dataset_v2.")
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args(argv)
    print(run(args.limit))
    return 0


if __name__ == "__main__":
    sys.exit(main())
