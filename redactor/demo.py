"""`make demo`: redact the shipped raw example traces and show before, after and counts.

The examples under `examples/raw/` are synthetic: every "sensitive" value in them is fake and
planted on purpose, so printing them here is safe (the real CLI never prints values).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from redactor.commands import redact as redact_command
from redactor.engine import Redactor

ROOT = Path(__file__).resolve().parent.parent
RAW = ROOT / "examples" / "raw"
OUT = ROOT / "build" / "demo"
SHOWCASE = "chronicle0-store.jsonl"
WIDTH = 100


def _excerpt(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= WIDTH else text[: WIDTH - 1] + "…"


def _pairs(before: Any, after: Any, path: str = "$") -> list[tuple[str, Any, Any]]:
    """Leaf values that changed, with their JSON path."""
    if isinstance(before, dict) and isinstance(after, dict):
        rows = []
        for (key, b_value), a_value in zip(before.items(), after.values(), strict=False):
            rows += _pairs(b_value, a_value, f"{path}.{key}")
        return rows
    if isinstance(before, list) and isinstance(after, list):
        pairs = enumerate(zip(before, after, strict=False))
        return [row for i, (b, a) in pairs for row in _pairs(b, a, f"{path}[{i}]")]
    return [(path, before, after)] if before != after else []


def main() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    redactor = Redactor.from_policy("default")
    print(f"policy: {redactor.policy.name} ({redactor.policy.digest[:19]}…), NER: {redactor.ner}")
    print(f"redacting {RAW.relative_to(ROOT)}/ -> {OUT.relative_to(ROOT)}/\n")
    report = redact_command.run(redactor, redact_command.list_traces([RAW]), out=OUT, in_place=False)
    for message in report.errors:
        raise SystemExit(f"demo failed: {message}")

    source = RAW / SHOWCASE
    first_raw = json.loads(source.read_text(encoding="utf-8").splitlines()[0])
    first_red = json.loads((OUT / SHOWCASE).read_text(encoding="utf-8").splitlines()[0])
    print(f"== before / after: first envelope of {SHOWCASE} (changed fields only) ==")
    for path, before, after in _pairs(first_raw, first_red)[:12]:
        print(f"{path}\n  before: {_excerpt(before)}\n  after:  {_excerpt(after)}")
    kept = [k for k in ("envelope_id", "node_id", "boundary_kind", "sequence", "timestamp")
            if first_raw.get(k) == first_red.get(k)]
    print(f"\nunchanged structure: {', '.join(kept)}")

    print("\n== counts per trace ==")
    for outcome in report.outcomes:
        counts = ", ".join(f"{k}={v}" for k, v in sorted(outcome.counts.items())) or "nothing found"
        assert outcome.destination is not None
        print(f"{outcome.destination.relative_to(ROOT)} [{outcome.format_name}]: {counts}")
    totals = report.totals()
    print(f"\ntotal replaced: {sum(totals.values())} across {len(report.outcomes)} traces")
    seal = OUT / (SHOWCASE + ".seal.json")
    print(f"\n== seal {seal.relative_to(ROOT)} ==\n{seal.read_text(encoding='utf-8')}")


if __name__ == "__main__":
    main()
