"""Kill-point fault injection: SIGKILL `redactor redact --in-place` and the capture JSONL writer at
named points (redactor/faults.py) and check what is left on disk.

After every kill:
- the kill must have happened (exit status -9); a run that reached its normal return is INVALID;
- no raw planted value anywhere on disk (temp files included), except in an input file that is
  still byte-identical to the raw original (an in-place run that died before replacing it);
- no torn JSONL record and no unparseable JSON file;
- the seal is absent or stale (then the trace must still count as unredacted), or consistent:
  every digest matches and no file holds a raw value.

Kills repeat within one run (successive kills on the same directory at increasing ordinals, then
a clean run that must leave it consistent) and across independent runs; results are kept by
(point, ordinal). A naive negative control (plain `open().write()`, killed mid-write) must fail
the same checks, which proves the checks can see a failure.

Usage: python -m bench.killpoints [--runs 2]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from bench.corpus import Registry, make_session, present, render_chronicle0_dir

BIN = Path(sys.executable).parent
BENCH_KEY = "00112233445566778899aabbccddeeff"
REDACT_POINTS = ("before-write", "mid-write", "after-write-before-seal", "after-seal")
SEAL_NAME = "redactor.seal.json"
# The kills run with --no-ner (start-up time), so names and places are not expected to go.
NER_ONLY = frozenset({"PERSON", "LOCATION"})


def expected(registry: Registry) -> list[str]:
    return sorted(v for v, entity in registry.planted.items() if entity not in NER_ONLY)


@dataclass
class Outcome:
    scenario: str
    point: str
    ordinal: int
    run: int
    returncode: int
    problems: list[str] = field(default_factory=list)
    expect_kill: bool = True  # False only for the clean run that must finish normally

    @property
    def killed(self) -> bool:
        return self.returncode == -9 if self.expect_kill else self.returncode == 0

    @property
    def verdict(self) -> str:
        if not self.killed:
            return "INVALID (not killed)" if self.expect_kill else f"FAIL (exit {self.returncode})"
        return "FAIL" if self.problems else "pass"


def _env(killpoint: str | None) -> dict[str, str]:
    env = {**os.environ, "REDACTOR_KEY": os.environ.get("REDACTOR_KEY", BENCH_KEY)}
    env.pop("REDACTOR_KILLPOINT", None)
    if killpoint:
        env["REDACTOR_KILLPOINT"] = killpoint
    return env


def make_trace(root: Path, index: int) -> tuple[Path, dict[str, bytes], list[str]]:
    """A raw Chronicle 0.x trace directory; returns (dir, original bytes by name, planted values)."""
    registry = Registry()
    files = render_chronicle0_dir(make_session(index, registry))
    trace = root / f"trace-{index}"
    trace.mkdir(parents=True)
    originals = {}
    for name, document in files.items():
        data = (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
        (trace / name).write_bytes(data)
        originals[name] = data
    return trace, originals, expected(registry)


def check_state(trace: Path, originals: dict[str, bytes], planted: list[str], jsonl: bool = False) -> list[str]:
    problems: list[str] = []
    untouched = True
    for path in sorted(p for p in trace.rglob("*") if p.is_file()):
        data = path.read_bytes()
        name = path.relative_to(trace).as_posix()
        if originals.get(name) == data:
            continue  # the raw input, never replaced: allowed, but then the trace is not redacted
        if name in originals:
            untouched = False
        leaked = [v for v in planted if present(data, v)]
        if leaked:
            problems.append(f"raw value in {name} ({len(leaked)} planted values)")
        if path.suffix == ".jsonl" or jsonl:
            for number, line in enumerate(data.decode("utf-8", "replace").split("\n"), start=1):
                if line.strip():
                    try:
                        json.loads(line)
                    except ValueError:
                        problems.append(f"torn JSONL record in {name} line {number}")
            if data and not data.endswith(b"\n"):
                problems.append(f"{name} ends without a newline (torn tail)")
        elif path.suffix == ".json" and ".redactor-tmp-" not in name:
            try:
                json.loads(data)
            except ValueError:
                problems.append(f"{name} is not valid JSON (torn)")
    problems += _seal_problems(trace, originals, planted, untouched)
    return problems


def _seal_problems(trace: Path, originals: dict[str, bytes], planted: list[str], untouched: bool) -> list[str]:
    seal = trace / SEAL_NAME
    if not seal.is_file():
        return []  # absent: the gate treats the trace as unredacted
    try:
        document = json.loads(seal.read_bytes())
    except ValueError:
        return ["the seal is torn"]
    digests = document.get("files", {})
    consistent = bool(digests) and all(
        (trace / name).is_file() and "sha256:" + hashlib.sha256((trace / name).read_bytes()).hexdigest() == digest
        for name, digest in digests.items())
    if not consistent:
        return []  # stale: the gate must block; nothing claims the content is redacted
    raw = [name for name in originals if (trace / name).is_file()
           and any(present((trace / name).read_bytes(), v) for v in planted)]
    return [f"the seal vouches for raw content in {', '.join(raw)}"] if raw else []


def kill_redact(point: str, ordinal: int, trace: Path) -> int:
    command = [str(BIN / "redactor"), "redact", str(trace), "--in-place", "--no-ner"]
    proc = subprocess.run(command, env=_env(f"{point}@{ordinal}"), capture_output=True, check=False)
    return proc.returncode


_CAPTURE_CHILD = """
import json, sys
from redactor.engine import Redactor
from redactor.capture.jsonl_writer import RedactingJsonlWriter
records = json.loads(sys.stdin.read())
with RedactingJsonlWriter(sys.argv[1], Redactor.from_policy("default", ner=False)) as writer:
    for record in records:
        writer.write(record)
"""

_NAIVE_CHILD = """
import json, os, signal, sys
from redactor.engine import Redactor
from redactor.formats.registry import load_trace
path = sys.argv[1]
trace = load_trace(__import__("pathlib").Path(path))
Redactor.from_policy("default", ner=False).redact_trace(trace)
data = trace.files[0].to_bytes()
with open(path, "wb") as handle:  # the naive way: truncate the original, then write over it
    handle.write(data[: len(data) // 2])
    handle.flush()
    os.kill(os.getpid(), signal.SIGKILL)
"""


def kill_capture(ordinal: int, store: Path, records: list[dict[str, object]]) -> int:
    proc = subprocess.run([sys.executable, "-c", _CAPTURE_CHILD, str(store)], input=json.dumps(records),
                          text=True, env=_env(f"capture-after-write@{ordinal}"), capture_output=True, check=False)
    return proc.returncode


def run_once(root: Path, run: int, ordinals: tuple[int, ...] = (1, 2)) -> list[Outcome]:
    outcomes: list[Outcome] = []
    index = run * 100
    # Independent kills: a fresh copy of the trace for every (point, ordinal).
    for point in REDACT_POINTS:
        for ordinal in ordinals if point == "mid-write" else (1,):
            index += 1
            trace, originals, planted = make_trace(root / f"run{run}", index)
            code = kill_redact(point, ordinal, trace)
            outcomes.append(Outcome("redact --in-place", point, ordinal, run, code,
                                    check_state(trace, originals, planted)))
    # Repeated kills within one run on the same directory, then a clean run must finish the job.
    index += 1
    trace, originals, planted = make_trace(root / f"run{run}", index)
    for ordinal in (1, 2, 3):
        code = kill_redact("mid-write", ordinal, trace)
        outcomes.append(Outcome("repeated kills, same trace", "mid-write", ordinal, run, code,
                                check_state(trace, originals, planted)))
    clean = subprocess.run([str(BIN / "redactor"), "redact", str(trace), "--in-place", "--no-ner"], env=_env(None),
                           capture_output=True, check=False)
    final = check_state(trace, originals, planted)
    if not (trace / SEAL_NAME).is_file():
        final.append("no seal after the clean run")
    if any(present((trace / name).read_bytes(), v) for name in originals for v in planted):
        final.append("raw values remain after the clean run")
    outcomes.append(Outcome("clean run after the kills", "-", 0, run, clean.returncode, final, expect_kill=False))
    # The capture writer, killed after its Nth append (before the seal is brought up to date).
    registry = Registry()
    session = make_session(index + 1, registry)
    from bench.corpus import render_chronicle0

    records = render_chronicle0(session)
    for ordinal in ordinals:
        store_dir = root / f"run{run}" / f"capture-{ordinal}"
        store_dir.mkdir(parents=True)
        code = kill_capture(ordinal, store_dir / "store.jsonl", records)
        problems = check_state(store_dir, {}, expected(registry), jsonl=True)
        lines = (store_dir / "store.jsonl").read_bytes().count(b"\n") if (store_dir / "store.jsonl").exists() else 0
        if lines != ordinal:
            problems.append(f"{lines} records on disk after the kill at append {ordinal}")
        outcomes.append(Outcome("capture JSONL writer", "capture-after-write", ordinal, run, code, problems))
    return outcomes


def negative_control(root: Path) -> Outcome:
    """A naive writer (truncate, write half, die): the checks above must catch it."""
    store_dir = root / "naive"
    store_dir.mkdir(parents=True)
    registry = Registry()
    from bench.corpus import render_chronicle0

    records = render_chronicle0(make_session(999, registry))
    data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8")
    store = store_dir / "store.jsonl"
    store.write_bytes(data)
    proc = subprocess.run([sys.executable, "-c", _NAIVE_CHILD, str(store)], env=_env(None), capture_output=True,
                          check=False)
    problems = check_state(store_dir, {"store.jsonl": data}, expected(registry), jsonl=True)
    return Outcome("negative control: open().write()", "mid-write", 1, 0, proc.returncode, problems)


def run(runs: int = 2) -> tuple[list[Outcome], Outcome]:
    with tempfile.TemporaryDirectory(prefix="redactor-kill-") as tmp:
        outcomes = [o for number in range(runs) for o in run_once(Path(tmp), number)]
        control = negative_control(Path(tmp))
        shutil.rmtree(tmp, ignore_errors=True)
    return outcomes, control


def report(outcomes: list[Outcome], control: Outcome) -> str:
    grouped: dict[tuple[str, str, int], list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        grouped[(outcome.scenario, outcome.point, outcome.ordinal)].append(outcome)
    lines = ["## Kill-point fault injection", "", "| scenario | point | kill ordinal | runs | verdicts | problems |",
             "|---|---|---|---|---|---|"]
    for (scenario, point, ordinal), items in grouped.items():
        verdicts = ", ".join(sorted({o.verdict for o in items}))
        problems = "; ".join(sorted({p for o in items for p in o.problems})) or "-"
        lines.append(f"| {scenario} | {point} | {ordinal} | {len(items)} | {verdicts} | {problems} |")
    control_ok = control.killed and bool(control.problems)
    lines += ["", f"Negative control (naive `open().write()`, killed mid-write): exit {control.returncode}, "
              f"{'caught' if control_ok else 'NOT caught'}: {'; '.join(control.problems) or 'no problem seen'}.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Kill-point fault injection.")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args(argv)
    outcomes, control = run(args.runs)
    print(report(outcomes, control))
    bad = [o for o in outcomes if o.verdict != "pass"]
    return 1 if bad or not (control.killed and control.problems) else 0


if __name__ == "__main__":
    sys.exit(main())
