"""Secret recall and false positives per token format, over tests/data/secrets_corpus.json.

Every positive is redacted twice with the real engine (default policy, NER off: secrets do not
depend on NER): as plain text (`redact_text`) and embedded in a trace (a tool result string in a
JSON envelope, `redact`). It leaks if any encoding of the secret survives. Every negative (ids,
hashes, UUIDs, base64 of harmless text, placeholders, documentation) is a false positive if the
text changes at all. detect-secrets (default plugins, a file scan) is scored on the same lines
for comparison (one file, its real filters): it detects a positive if a reported secret
overlaps it.

Usage: python -m bench.recall_secrets
"""

from __future__ import annotations

import json
import os
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from bench.corpus import import_file, present

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "secrets_corpus.json"
SAMPLES = ROOT / "tests" / "data" / "secret_samples.py"
BENCH_KEY = "00112233445566778899aabbccddeeff"
JSON = dict[str, Any]


@cache
def samples() -> ModuleType:
    return import_file(SAMPLES, "secret_samples")


def resolve(secret: str) -> str:
    return str(samples().SAMPLES[secret[1:]]) if secret.startswith("@") else secret


def _envelope(text: str) -> JSON:
    return {"type": "tool.succeeded", "ts": "2026-06-17T14:03:13Z",
            "data": {"tool": "run_shell", "call_id": "call_x1", "result": {"stdout": text}}}


def detect_secrets_findings(texts: list[str]) -> list[list[str]]:
    """detect-secrets' findings for each text, scanned as one file with its real filters (its
    ad-hoc `scan_line` mode drops the entropy limits and flags nearly every word)."""
    import tempfile

    from detect_secrets import SecretsCollection
    from detect_secrets.settings import default_settings

    owners: list[int] = []
    lines: list[str] = []
    for index, text in enumerate(texts):
        for line in text.split("\n"):
            lines.append(line)
            owners.append(index)
    found: list[list[str]] = [[] for _ in texts]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "corpus.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        with default_settings():
            collection = SecretsCollection()
            collection.scan_file(str(path))
            for secrets in collection.data.values():
                for secret in secrets:
                    if secret.secret_value and secret.line_number:
                        found[owners[secret.line_number - 1]].append(secret.secret_value)
    return found


def evaluate() -> list[JSON]:
    os.environ.setdefault("REDACTOR_KEY", BENCH_KEY)
    from redactor.engine import Redactor

    redactor = Redactor.from_policy("default", ner=False)
    corpus = json.loads(CORPUS.read_text(encoding="utf-8"))
    texts = [p["text"].replace("{secret}", resolve(p["secret"])) for f in corpus["formats"] for p in f["positives"]]
    texts += [n["text"] for f in corpus["formats"] for n in f["negatives"]]
    findings = iter(detect_secrets_findings(texts))
    positives_found = [next(findings) for f in corpus["formats"] for _ in f["positives"]]
    negatives_found = list(findings)
    rows = []
    for fmt in corpus["formats"]:
        leaks_text = leaks_trace = ds_missed = 0
        leaked: list[str] = []
        for positive in fmt["positives"]:
            secret = resolve(positive["secret"])
            text = positive["text"].replace("{secret}", secret)
            as_text = redactor.redact_text(text)
            as_trace = json.dumps(redactor.redact(_envelope(text)), ensure_ascii=False).encode()
            leaks_text += secret in as_text
            leaks_trace += present(as_trace, secret)
            if secret in as_text or present(as_trace, secret):
                leaked.append(text)
            reported = positives_found.pop(0)
            ds_missed += not any(value in secret or secret in value for value in reported)
        false_positives = 0
        ds_false = 0
        flagged: list[str] = []
        for negative in fmt["negatives"]:
            text = negative["text"]
            changed = redactor.redact_text(text) != text or redactor.redact(_envelope(text)) != _envelope(text)
            false_positives += changed
            if changed:
                flagged.append(f"{text} ({negative.get('why', '')})")
            ds_false += bool(negatives_found.pop(0))
        rows.append({"format": fmt["name"], "entity": fmt["entity_type"], "positives": len(fmt["positives"]),
                     "leaks_text": leaks_text, "leaks_trace": leaks_trace, "negatives": len(fmt["negatives"]),
                     "false_positives": false_positives, "ds_missed": ds_missed, "ds_false": ds_false,
                     "leaked": leaked, "flagged": flagged})
    return rows


def report(rows: list[JSON]) -> str:
    positives = sum(r["positives"] for r in rows)
    negatives = sum(r["negatives"] for r in rows)
    leaks = sum(max(r["leaks_text"], r["leaks_trace"]) for r in rows)
    fps = sum(r["false_positives"] for r in rows)
    ds_missed = sum(r["ds_missed"] for r in rows)
    ds_false = sum(r["ds_false"] for r in rows)
    lines = ["## Secret recall (tests/data/secrets_corpus.json)", "",
             f"{len(rows)} formats, {positives} positives, {negatives} near-miss negatives. redactor: "
             f"**{positives - leaks}/{positives} caught** (recall {100 * (positives - leaks) / positives:.1f}%), "
             f"**{fps}/{negatives} negatives changed**. detect-secrets (default plugins) on the same lines: "
             f"{positives - ds_missed}/{positives} detected, {ds_false}/{negatives} negatives flagged.", "",
             "| format | entity | positives | leaked (text / in trace) | negatives changed | "
             "detect-secrets missed | detect-secrets false alarms |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['format']} | {r['entity']} | {r['positives']} | {r['leaks_text']} / {r['leaks_trace']} | "
                     f"{r['false_positives']}/{r['negatives']} | {r['ds_missed']} | {r['ds_false']} |")
    problems = [(r["format"], "leaked", t) for r in rows for t in r["leaked"]]
    problems += [(r["format"], "false positive", t) for r in rows for t in r["flagged"]]
    if problems:
        lines += ["", "What the redactor got wrong (secrets shown only as the corpus's own text is fake):", ""]
        lines += [f"- {fmt}, {kind}: `{text[:100]}`".replace("\n", "\\n") for fmt, kind, text in problems]
    return "\n".join(lines) + "\n"


def run() -> str:
    return report(evaluate())


def main() -> int:
    print(run())
    return 0


if __name__ == "__main__":
    sys.exit(main())
