"""The pre-commit gate on a typical commit: `redactor check` against `detect-secrets-hook`.

A typical commit adds up to 50 sealed fixtures, a few MB. The corpus is `bench/corpus.py`'s
multi-format traces (Chronicle 0.x store and directories, agent-chronicle 1.x, OTLP/JSON with
GenAI attributes, generic event streams), redacted and sealed by the real `redactor redact`,
then staged in a fresh git repository. Both tools get the same paths, the way pre-commit passes
them (every staged .json/.jsonl: trace files, directory members and seals):

- `redactor check PATHS`: reads the staged blobs from the index, verifies every seal (digest,
  policy, MAC), and runs the residual scan for secrets *and* structured PII;
- `detect-secrets-hook PATHS`: secrets only, from the files on disk.

Each is run R times in alternation (cold processes, as a git hook runs them); the table shows the
median and min wall time and the ratio detect-secrets / redactor (> 1: the gate is faster).
Not a test: nothing asserts on time.

Usage::

    python bench/bench_gate.py [--fixtures 50] [--size-mb 3] [--repeat 7] [--json OUT.json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.corpus import build_corpus  # noqa: E402

BIN = Path(sys.executable).parent
BENCH_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
# The corpus' recording dates are fixed; keep them inside retention so the gate's verdict is "pass".
POLICY = "extends: default\nname: bench-gate\nretention:\n  default_max_age: 100y\n"


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, int, str]:
    start = time.perf_counter()
    result = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, result.returncode, result.stdout + result.stderr


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@example.invalid", *args], cwd=repo,
                   check=True, capture_output=True)


def _fixture_units(traces: Path, fixtures: int) -> list[tuple[str, list[Path]]]:
    """Group the corpus into `fixtures` sealed traces of a few MB in total: trace directories and
    single-document files stay as they are; JSONL sessions of one format are concatenated (a
    longer recording of the same format), so 50 fixtures carry the whole corpus."""
    directories = sorted({p.parent for p in traces.rglob("graph.json")})
    singles = sorted(p for p in traces.rglob("*.json") if not any(d in p.parents for d in directories))
    fixed: list[tuple[str, list[Path]]] = [(d.relative_to(traces).as_posix(), [d])
                                          for d in directories + singles][: fixtures // 2]
    by_format: dict[str, list[Path]] = {}
    for path in sorted(traces.rglob("*.jsonl")):
        by_format.setdefault(path.relative_to(traces).parts[0], []).append(path)
    slots = fixtures - len(fixed)
    total = sum(len(paths) for paths in by_format.values()) or 1
    grouped: list[tuple[str, list[Path]]] = []
    for name, paths in by_format.items():
        share = max(1, round(slots * len(paths) / total))
        for index in range(share):
            chunk = paths[index::share]
            if chunk:
                grouped.append((f"{name}/session-{index:03d}.jsonl", chunk))
    return (fixed + grouped)[:fixtures]


def build_commit(work: Path, fixtures: int, size_mb: float, env: dict[str, str]) -> tuple[Path, list[str], int]:
    """A repository with `fixtures` sealed traces staged; returns (repo, paths, total bytes)."""
    corpus = work / "corpus"
    build_corpus(corpus, size_mb=size_mb, include_examples=False)
    chosen = work / "raw"
    units = _fixture_units(corpus / "traces", fixtures)
    for relpath, sources in units:
        target = chosen / relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        if sources[0].is_dir():
            shutil.copytree(sources[0], target)
        else:
            target.write_bytes(b"".join(source.read_bytes() for source in sources))
    repo = work / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    policy = work / "policy.yaml"
    policy.write_text(POLICY, encoding="utf-8")
    elapsed, code, output = _run([str(BIN / "redactor"), "redact", str(chosen), "-o", str(repo / "fixtures"),
                                  "--policy", str(policy), "--no-ner", "--no-progress", "-q"], repo, env)
    if code != 0:
        raise SystemExit(f"redaction failed: {output}")
    print(f"(sealed {len(units)} traces in {elapsed:.1f} s)", file=sys.stderr)
    _git(repo, "add", "-A")
    paths = sorted(p.relative_to(repo).as_posix() for p in (repo / "fixtures").rglob("*") if p.is_file())
    total = sum((repo / p).stat().st_size for p in paths)
    return repo, paths, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fixtures", type=int, default=50)
    parser.add_argument("--size-mb", type=float, default=3.0, help="corpus size to draw the fixtures from")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    env = {**os.environ, "REDACTOR_KEY": BENCH_KEY}
    with tempfile.TemporaryDirectory(prefix="bench-gate-") as tmp:
        work = Path(tmp)
        repo, paths, total = build_commit(work, args.fixtures, args.size_mb, env)
        policy = str(work / "policy.yaml")
        tools = {
            "redactor check": [str(BIN / "redactor"), "check", "--policy", policy, *paths],
            "detect-secrets-hook": [str(BIN / "detect-secrets-hook"), *paths],
        }
        times: dict[str, list[float]] = {name: [] for name in tools}
        codes: dict[str, set[int]] = {name: set() for name in tools}
        for _ in range(args.repeat):
            for name, argv_ in tools.items():
                elapsed, code, output = _run(argv_, repo, env)
                times[name].append(elapsed)
                codes[name].add(code)
                if name == "redactor check" and code != 0:
                    raise SystemExit(f"the gate did not pass the sealed fixtures:\n{output}")
    medians = {name: statistics.median(values) for name, values in times.items()}
    ratio = medians["detect-secrets-hook"] / medians["redactor check"]
    print(f"\nTypical commit: {args.fixtures} sealed traces = {len(paths)} staged paths (trace files, directory "
          f"members, seals), {total / 1e6:.2f} MB; {args.repeat} runs each, cold processes\n")
    print(f"{'tool':<22}{'median s':>10}{'min s':>10}{'MB/s':>9}  checks")
    print("-" * 78)
    what = {"redactor check": "index read, seals, secrets + structured PII",
            "detect-secrets-hook": "secrets only (files on disk)"}
    for name in tools:
        print(f"{name:<22}{medians[name]:>10.3f}{min(times[name]):>10.3f}{total / 1e6 / medians[name]:>9.2f}  "
              f"{what[name]} (exit {sorted(codes[name])})")
    print("-" * 78)
    print(f"ratio detect-secrets-hook / redactor check (median): {ratio:.2f}x "
          f"({'redactor faster' if ratio > 1 else 'redactor SLOWER'})")
    if args.json:
        figures: dict[str, Any] = {"paths": len(paths), "bytes": total, "repeat": args.repeat,
                                   "median_s": medians, "min_s": {k: min(v) for k, v in times.items()},
                                   "ratio": ratio}
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
