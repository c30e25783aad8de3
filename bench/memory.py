"""Peak RSS of `redactor redact` against the size of one JSONL store.

Each store is one Chronicle 0.x JSONL trace made of generated sessions (bench/corpus.py). Each
measurement runs the real CLI (NER off, so the model is not what is measured) under a fresh
Python wrapper that reports `resource.getrusage(RUSAGE_CHILDREN).ru_maxrss`: that figure is the
peak of that one child, because the wrapper has no other children.

Usage: python -m bench.memory [--sizes 0.5,1,2,4]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.corpus import Registry, make_session, render_chronicle0

BIN = Path(sys.executable).parent
BENCH_KEY = "00112233445566778899aabbccddeeff"
# 10 and 50 MB (the curve) take tens of minutes while one-store time is superlinear.
DEFAULT_SIZES = "0.5,1,2,4"
_WRAPPER = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode\n"
    "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def write_store(path: Path, size_mb: float) -> int:
    budget = int(size_mb * 1024 * 1024)
    written = 0
    index = 0
    with path.open("w", encoding="utf-8") as handle:
        while written < budget:
            for record in render_chronicle0(make_session(index, Registry())):
                line = json.dumps(record, ensure_ascii=False) + "\n"
                handle.write(line)
                written += len(line.encode("utf-8"))
            index += 1
    return written


def peak_rss(store: Path, out: Path) -> tuple[int, float, int]:
    """(exit code, seconds, peak RSS in KiB) of one `redactor redact --no-ner` run."""
    command = [sys.executable, "-c", _WRAPPER, str(BIN / "redactor"), "redact", str(store), "-o", str(out),
               "--no-ner"]
    env = {**os.environ, "REDACTOR_KEY": os.environ.get("REDACTOR_KEY", BENCH_KEY)}
    started = time.perf_counter()
    proc = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    code, rss = proc.stdout.split()
    return int(code), seconds, int(rss)


def measure(sizes: list[float]) -> list[tuple[float, int, float, int]]:
    """[(size MB, exit code, seconds, peak RSS MiB)], the first row being a tiny store (fixed cost)."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="redactor-mem-") as tmp:
        for size in [0.02, *sizes]:
            store = Path(tmp) / f"store-{size}.jsonl"
            actual = write_store(store, size)
            code, seconds, rss = peak_rss(store, Path(tmp) / f"out-{size}")
            rows.append((actual / 1e6, code, seconds, rss // 1024))
            store.unlink()
            print(f"  {actual / 1e6:.1f} MB -> peak RSS {rss // 1024} MiB in {seconds:.1f} s (exit {code})", flush=True)
    return rows


def report(rows: list[tuple[float, int, float, int]], chart: Path | None) -> str:
    from redactor.streaming import STREAM_THRESHOLD_BYTES

    threshold_mb = STREAM_THRESHOLD_BYTES / 1e6
    in_memory = [row for row in rows if row[0] < threshold_mb]
    streamed = [row for row in rows if row[0] >= threshold_mb]
    base_size, _, _, base_rss = in_memory[0]
    big_size, _, _, big_rss = in_memory[-1]
    slope = (big_rss - base_rss) / (big_size - base_size) if big_size > base_size else float("nan")
    lines = ["## Memory: peak RSS against JSONL store size", "",
             "`redactor redact STORE.jsonl -o OUT --no-ner`, one Chronicle 0.x store per row, peak RSS of the "
             "CLI process (getrusage in a wrapper process).", "",
             "| store | path | exit | seconds | peak RSS |", "|---|---|---|---|---|"]
    lines += [f"| {size:.2f} MB | {'streamed' if size >= threshold_mb else 'in memory'} | {code} | {seconds:.1f} | "
              f"{rss} MiB |" for size, code, seconds, rss in rows]
    lines += ["", f"Stores under {threshold_mb:.0f} MB are redacted in memory (parse every record, collect, "
              f"then rewrite): about **{slope:.1f} MiB of RSS per MB** above a fixed {base_rss} MiB."]
    if streamed:
        first, last = streamed[0], streamed[-1]
        per_mb = (last[3] - first[3]) / (last[0] - first[0]) if last[0] > first[0] else float("nan")
        lines += [f"Stores from {threshold_mb:.0f} MB on are streamed: read line by line, holding no record. "
                  "What they hold is the store's *distinct sensitive values* (one token per value across the "
                  "whole store needs all of them) and their Aho-Corasick index (about 1.2 KiB a value, near "
                  "4 KiB while it is built), plus bounded caches. Past 50,000 values or 4 million characters "
                  "(`REDACTOR_STREAM_SHARD_VALUES`, `REDACTOR_STREAM_SHARD_CHARS`) the values spill to unnamed "
                  "temp files and the rewrite runs "
                  "once per shard of values, so the index never holds more than one shard: a store with more "
                  "values costs more passes (time) rather than a bigger index. "
                  + (f"Measured peak RSS went from {first[3]} MiB at {first[0]:.0f} MB to {last[3]} MiB at "
                     f"{last[0]:.0f} MB ({per_mb:.2f} MiB per MB)" if len(streamed) >= 2 else
                     f"Measured peak RSS: {last[3]} MiB at {last[0]:.0f} MB (one streamed store in this run; "
                     "add a larger `--memory-mb` size to see the slope)")
                  + " on this synthetic store, where nearly every record brings new emails, names and keys "
                  "(about 1,000 distinct values per MB)."]
        if len(streamed) >= 2:
            before = streamed[-2]
            tail = (last[3] - before[3]) / (last[0] - before[0]) if last[0] > before[0] else float("nan")
            verdict = ("flat within this measurement" if tail <= 0.1 else
                       "still rising: the design bounds the index, but this curve is not flat yet (docs/results.md)")
            lines += [f"Between the two largest stores: {tail:+.2f} MiB per MB, {verdict}. "
                      "Nothing above is extrapolated: each row is a run."]
    lines.append("")
    if chart is not None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, axis = plt.subplots(figsize=(6, 4))
        axis.plot([r[0] for r in rows], [r[3] for r in rows], marker="o")
        axis.set_xlabel("JSONL store (MB)")
        axis.set_ylabel("peak RSS (MiB)")
        axis.set_title("redactor redact --no-ner: peak RSS")
        fig.tight_layout()
        fig.savefig(chart, dpi=110)
        plt.close(fig)
        lines.insert(-1, f"Chart: `{chart.name}`.")
    return "\n".join(lines) + "\n"


def run(sizes: list[float], chart: Path | None = None) -> str:
    return report(measure(sizes), chart)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Peak RSS against JSONL store size.")
    parser.add_argument("--sizes", default=DEFAULT_SIZES)
    parser.add_argument("--chart", type=Path, default=None)
    args = parser.parse_args(argv)
    print(run([float(x) for x in args.sizes.split(",") if x.strip()], args.chart))
    return 0


if __name__ == "__main__":
    sys.exit(main())
