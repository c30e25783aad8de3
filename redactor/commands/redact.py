"""`redactor redact` and `redactor scan`: redact traces (or say what would be redacted)."""

from __future__ import annotations

import multiprocessing
import os
import stat
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from redactor import retention
from redactor.atomic import atomic_write_bytes
from redactor.engine import Finding, Redactor, TraceResult
from redactor.errors import FatalError, InputError, PolicyError, SealError, internal_error_summary
from redactor.faults import killpoint
from redactor.formats.registry import TRACE_KINDS, discover_traces, load_trace
from redactor.policy import Policy
from redactor.seal import Seal, build_seal, earliest_timestamp, read_seal, seal_path_for, sha256_bytes, write_seal


@dataclass
class TraceOutcome:
    source: Path
    destination: Path | None
    format_name: str
    counts: Counter[str]
    findings: list[Finding]
    written: bool


@dataclass
class RunReport:
    outcomes: list[TraceOutcome] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        return [f for outcome in self.outcomes for f in outcome.findings]

    def totals(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for outcome in self.outcomes:
            total.update(outcome.counts)
        return total


def require_access_class(policy: Policy, name: str) -> None:
    """A class the policy does not define would be sealed, then blocked by the gate as unknown."""
    classes = retention.rules_for(policy).classes
    if name not in classes:
        defined = ", ".join(sorted(classes)) or "none: the policy has no access section"
        raise PolicyError(f"--access-class {name!r}: not an access class of policy '{policy.name}' "
                          f"(defined: {defined})")


def _refuse_special_files(paths: Iterable[Path]) -> None:
    """A FIFO, socket or device named on the command line: reading it would block or mislead."""
    for path in paths:
        try:
            mode = path.stat().st_mode
        except FileNotFoundError:
            continue  # reported by discovery, by name
        except OSError as exc:
            raise InputError(str(path), f"cannot read: {exc.strerror or type(exc).__name__}") from None
        if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
            raise InputError(str(path), "not a regular file or directory (a FIFO, socket or device)")


def list_traces(paths: Iterable[Path], skipped: list[Path] | None = None) -> list[tuple[Path, Path]]:
    """Every trace under `paths`. A directory with none is an error, not an empty success: the
    traces may be of a kind this tool does not read (`.log`), and nothing would be redacted. The
    other files of a walked directory go to `skipped`, for the caller to name."""
    paths = list(paths)
    _refuse_special_files(paths)
    traces: list[tuple[Path, Path]] = []
    for given in paths:
        found = list(discover_traces([given], skipped))
        if not found:
            raise InputError(str(given), f"no trace files ({TRACE_KINDS}) found")
        traces.extend(found)
    return traces


def redact_one(
    redactor: Redactor, source: Path, destination: Path | None, now: datetime, access_class: str | None = None
) -> TraceOutcome:
    """Redact one trace. With a destination, write every file atomically, then the seal last."""
    if destination is not None and is_large_jsonl(source):
        return _redact_streamed(redactor, source, destination, now, access_class)
    trace = load_trace(source)
    result = redactor.redact_trace(trace, record_findings=destination is None)  # a scan lists findings
    if destination is None:
        return _outcome(source, None, result, written=False)
    outputs = {trace_file.relpath or destination.name: trace_file.to_bytes() for trace_file in trace.files}
    seal_path = seal_path_for(destination, trace.is_directory)
    previous = _previous_seal(seal_path)
    seal = _new_seal(redactor, {name: sha256_bytes(data) for name, data in outputs.items()}, trace.format_name,
                     result.counts, earliest_timestamp(trace.all_records()), now, previous, access_class)
    if previous is not None and _same_content(previous.document, seal):
        # Re-redacting sealed output is a no-op: don't churn the seal's timestamps in git.
        return _outcome(source, destination, result, written=False)
    killpoint("before-write")
    for name, data in outputs.items():
        target = destination / name if trace.is_directory else destination
        atomic_write_bytes(target, data, sync_directory=False)
    killpoint("after-write-before-seal")
    write_seal(seal_path, seal)  # last, and it syncs the directory: the trace files are durable first
    killpoint("after-seal")
    return _outcome(source, destination, result, written=True)


def is_large_jsonl(source: Path) -> bool:
    from redactor.streaming import STREAM_THRESHOLD_BYTES

    return source.is_file() and source.suffix == ".jsonl" and source.stat().st_size >= STREAM_THRESHOLD_BYTES


def _redact_streamed(
    redactor: Redactor, source: Path, destination: Path, now: datetime, access_class: str | None
) -> TraceOutcome:
    from redactor.streaming import redact_jsonl_stream

    seal_path = seal_path_for(destination, False)
    previous = _previous_seal(seal_path)
    streamed = redact_jsonl_stream(redactor, source, destination)  # kill point "before-write" inside
    killpoint("after-write-before-seal")
    seal = _new_seal(redactor, {destination.name: streamed.digest}, streamed.format_name, streamed.counts,
                     streamed.recorded_at, now, previous, access_class)
    if previous is None or not _same_content(previous.document, seal):
        write_seal(seal_path, seal)
    killpoint("after-seal")
    return TraceOutcome(source, destination, streamed.format_name, streamed.counts, [], written=True)


def _new_seal(
    redactor: Redactor, digests: dict[str, str], format_name: str, counts: Counter[str],
    recorded_at: datetime | None, now: datetime, previous: Seal | None, access_class: str | None,
) -> dict[str, object]:
    """The seal for freshly written output; what the previous seal knew carries over.

    Re-redacting redacted output finds nothing, so when the content is unchanged the previous
    counts (what was removed to produce it) stay; so do its recording time and access class
    unless given anew.
    """
    unchanged = previous is not None and dict(previous.files) == digests
    return build_seal(
        file_digests=digests,
        format_name=format_name,
        policy_name=redactor.policy.name,
        policy_digest=redactor.policy.digest,
        counts=previous.document.get("counts", {}) if unchanged and previous is not None else counts,
        recorded_at=recorded_at or (previous.recorded_at if previous else None),
        redacted_at=now,
        key=redactor.key,
        access_class=access_class or (previous.access_class if previous else None),
    )


def _previous_seal(path: Path) -> Seal | None:
    if not path.is_file():
        return None
    try:
        return read_seal(path)
    except SealError:
        return None


def _same_content(old: dict[str, object] | object, new: dict[str, object]) -> bool:
    if not isinstance(old, dict):
        return False
    fields = ("files", "policy", "format", "access_class", "key_id")
    return all(old.get(name) == new.get(name) for name in fields)


def _outcome(source: Path, destination: Path | None, result: TraceResult, written: bool) -> TraceOutcome:
    return TraceOutcome(source, destination, result.trace.format_name, result.counts, result.findings, written)


# Below this many traces a worker pool costs more than it saves.
PARALLEL_MIN_TRACES = 4


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 4))


def run(
    redactor: Redactor,
    traces: list[tuple[Path, Path]],
    out: Path | None,
    in_place: bool,
    now: datetime | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    access_class: str | None = None,
    jobs: int = 1,
) -> RunReport:
    """Redact (out / in_place) or only scan (neither) every trace of `traces` ((source, base) pairs
    from `list_traces`; the caller lists them once, e.g. to size a progress bar).

    A trace that fails is reported and nothing is written for it; the others still proceed.
    With `jobs > 1` traces are redacted by forked worker processes. The output is the same bytes:
    traces are independent, and pseudonyms depend only on the key and the value.
    """
    moment = now or datetime.now(timezone.utc)
    report = RunReport()
    tasks = [(source, _destination(source, base, out, in_place)) for source, base in traces]
    _refuse_shared_destinations(tasks)
    if jobs > 1 and len(tasks) >= PARALLEL_MIN_TRACES and "fork" in multiprocessing.get_all_start_methods():
        results = _run_parallel(redactor, tasks, moment, access_class, jobs)
    else:
        results = (_redact_task(redactor, source, destination, moment, access_class)
                   for source, destination in tasks)
    for done, result in enumerate(results, start=1):
        if isinstance(result, TraceOutcome):
            report.outcomes.append(result)
        else:
            report.errors.append(result)
        if on_progress is not None:
            on_progress(done, len(tasks))
    return report


def _refuse_shared_destinations(tasks: list[tuple[Path, Path | None]]) -> None:
    """`redact a/x.json b/x.json -o out`: both would be written to out/x.json, the second over the
    first (and its seal). Refused before anything is written."""
    sources: dict[Path, Path] = {}
    for source, destination in tasks:
        if destination is None:
            continue
        earlier = sources.setdefault(destination.resolve(), source)
        if earlier != source:
            raise InputError(str(source), f"would be written to {destination}, as {earlier} would; "
                                          "redact them in separate runs or give their common parent directory")


def _destination(source: Path, base: Path, out: Path | None, in_place: bool) -> Path | None:
    if out is not None:
        return out / source.relative_to(base)
    return source if in_place else None


def _redact_task(redactor: Redactor, source: Path, destination: Path | None, now: datetime,
                 access_class: str | None) -> TraceOutcome | str:
    """One trace; a domain error becomes its message (already free of content) for the report."""
    try:
        return redact_one(redactor, source, destination, now, access_class)
    except FatalError as exc:
        return str(exc)
    except OSError as exc:
        # A read-only or full disk: this trace fails by name (nothing of it was written: writes are
        # atomic), the others still proceed.
        where = f" ({exc.filename})" if exc.filename else ""
        reason = exc.strerror or exc.__class__.__name__
        return f"{source}: {reason}{where}; this trace is not redacted (no seal written)"
    except RecursionError:
        return f"{source}: nested too deeply to read; this trace is not redacted (no seal written)"
    except Exception as exc:
        # A bug met on this trace: it fails by name, the others still proceed, the run exits 2.
        if os.environ.get("REDACTOR_DEBUG") == "1":
            raise
        return (f"{source}: internal error: {internal_error_summary(exc)}; this trace is not redacted (no seal "
                "written; set REDACTOR_DEBUG=1 to see the traceback)")


# Set once in each worker by the pool's initializer. Forked workers get the parent's redactor
# (policy, key, loaded models) as it is in memory: nothing is pickled or loaded again.
_WORKER: dict[str, Redactor] = {}


def _init_worker(redactor: Redactor) -> None:
    _WORKER["redactor"] = redactor


def _worker_task(source: Path, destination: Path | None, now: datetime,
                 access_class: str | None) -> TraceOutcome | str:
    return _redact_task(_WORKER["redactor"], source, destination, now, access_class)


def _run_parallel(redactor: Redactor, tasks: list[tuple[Path, Path | None]], now: datetime,
                  access_class: str | None, jobs: int) -> Iterator[TraceOutcome | str]:
    redactor.warm_up()  # once, before the fork: every worker inherits the loaded models
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=context, initializer=_init_worker,
                             initargs=(redactor,)) as pool:
        futures = [pool.submit(_worker_task, source, destination, now, access_class) for source, destination in tasks]
        for future in futures:
            try:
                yield future.result()
            except BrokenProcessPool:
                # A worker died (killed, out of memory): what it was writing is atomic, so at worst
                # the old file is still there; say so instead of pretending the trace was done.
                yield "a redaction worker process died; re-run the command"
