"""The command line: parses arguments, calls the core, prints results, maps errors to exit codes.

Nothing here decides what is sensitive. Heavy modules are imported inside the commands so that
`redactor --help` does not load presidio or spaCy.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import typer

from redactor import __version__
from redactor.errors import ExitCode, FatalError, internal_error_summary

app = typer.Typer(
    name="redactor",
    help="Make recorded AI-agent runs safe to commit: redact PII and secrets, seal, gate, audit.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    pretty_exceptions_show_locals=False,
)

F = TypeVar("F", bound=Callable[..., Any])
PROGRESS_MIN_FILES = 20
OutputFormat = Literal["table", "json"]


def _err(message: str) -> None:
    typer.echo(f"redactor: {message}", err=True)


def handles_errors(function: F) -> F:
    """Domain errors -> one line + exit 2. Anything else -> type and location only, never content."""

    @wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except typer.Exit:
            raise
        except FatalError as exc:
            _err(f"error: {exc}")
            raise typer.Exit(int(exc.exit_code)) from None
        except KeyboardInterrupt:
            raise typer.Exit(130) from None
        except Exception as exc:
            if os.environ.get("REDACTOR_DEBUG") == "1":
                raise
            _err(f"internal error: {internal_error_summary(exc)} (message withheld: it may quote content; "
                 "set REDACTOR_DEBUG=1 to see it)")
            raise typer.Exit(int(ExitCode.ERROR)) from None

    return wrapper  # type: ignore[return-value]


def _require_format(value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        _err(f"error: --format must be {', '.join(allowed[:-1])} or {allowed[-1]}")
        raise typer.Exit(int(ExitCode.ERROR))


def _version(value: bool) -> None:
    if value:
        typer.echo(f"redactor {__version__}")
        raise typer.Exit()


@app.callback()
def main_callback(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """redactor: the gate between recorded agent runs and your repository."""


PolicyOption = Annotated[str, typer.Option("--policy", "-p", help="Policy name (policies/NAME.yaml) or path.")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", min=0, help="Worker processes for many traces "
                                         "(0: one per CPU, up to 4). The output does not depend on it.")]
NerOption = Annotated[bool | None, typer.Option("--ner/--no-ner", help="Override the policy's NER setting.")]


def _make_redactor(policy: str, ner: bool | None, key_required: bool = True) -> Any:
    from redactor.engine import Redactor
    from redactor.policy import load_policy
    from redactor.replacement.keys import load_key

    loaded = load_policy(policy)
    return Redactor(loaded, load_key(required=key_required), ner=ner)


def _progress_callback(total_hint: int, enabled: bool) -> tuple[Callable[[int, int], None] | None, Any]:
    if not enabled or total_hint < PROGRESS_MIN_FILES:
        return None, None
    from rich.progress import Progress

    progress = Progress(transient=True, console=None)
    task = progress.add_task("redacting", total=total_hint)
    progress.start()

    def advance(done: int, total: int) -> None:
        progress.update(task, completed=done, total=total)

    return advance, progress


@app.command()
@handles_errors
def redact(
    paths: Annotated[list[Path], typer.Argument(help="Trace files or directories.")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output directory (mirrors relative paths).")]
    = None,
    in_place: Annotated[bool, typer.Option("--in-place", help="Rewrite the traces where they are.")] = False,
    policy: PolicyOption = "default",
    ner: NerOption = None,
    access_class: Annotated[str | None, typer.Option("--access-class", help="Access class recorded in the seal.")]
    = None,
    progress: Annotated[bool, typer.Option("--progress/--no-progress", help="Progress bar for many files.")] = True,
    jobs: JobsOption = 0,
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """Redact traces and seal the output. Exit 0 on success, 2 on any input or policy error."""
    from redactor.commands import redact as command

    if (out is None) == (not in_place):
        _err("error: give exactly one of --out DIR or --in-place")
        raise typer.Exit(int(ExitCode.ERROR))
    redactor = _make_redactor(policy, ner)
    if access_class is not None:
        command.require_access_class(redactor.policy, access_class)
    skipped: list[Path] = []
    traces = command.list_traces(paths, skipped)
    _warn_skipped(skipped, in_place)
    advance, bar = _progress_callback(len(traces), progress and sys.stderr.isatty())
    try:
        report = command.run(redactor, traces, out, in_place, on_progress=advance, access_class=access_class,
                             jobs=jobs or command.default_jobs())
    finally:
        if bar is not None:
            bar.stop()
    if not quiet:
        for outcome in report.outcomes:
            counts = ", ".join(f"{k}={v}" for k, v in sorted(outcome.counts.items())) or "nothing found"
            state = "written" if outcome.written else "unchanged"
            typer.echo(f"{outcome.destination}: {outcome.format_name}, {state}; {counts}")
        totals = report.totals()
        summary = ", ".join(f"{k}={v}" for k, v in sorted(totals.items())) or "none"
        typer.echo(f"redacted {len(report.outcomes)} trace(s); replaced: {summary}")
    for message in report.errors:
        _err(f"error: {message}")
    if report.errors:
        raise typer.Exit(int(ExitCode.ERROR))


_SKIPPED_NAMED = 5


def _warn_skipped(skipped: list[Path], in_place: bool) -> None:
    """Files a walked directory holds that are not traces: never redacted, so never silently passed over."""
    if not skipped:
        return
    from redactor.formats.registry import TRACE_KINDS

    named = ", ".join(str(path) for path in skipped[:_SKIPPED_NAMED])
    more = f" and {len(skipped) - _SKIPPED_NAMED} more" if len(skipped) > _SKIPPED_NAMED else ""
    fate = "left as they are, unredacted" if in_place else "not copied to the output"
    _err(f"warning: {len(skipped)} file(s) are not traces ({TRACE_KINDS}) and were {fate}: {named}{more}")


@app.command()
@handles_errors
def scan(
    paths: Annotated[list[Path], typer.Argument(help="Trace files or directories.")],
    policy: PolicyOption = "default",
    ner: NerOption = None,
    output_format: Annotated[str, typer.Option("--format", help="table or json")] = "table",
    jobs: JobsOption = 0,
) -> None:
    """Say what would be redacted: entity type, JSON path, masked preview (never the value).

    Exit 0 when nothing is found, 1 when something would be redacted, 2 on errors.
    """
    from redactor.commands import redact as command

    _require_format(output_format, ("table", "json"))
    redactor = _make_redactor(policy, ner)
    report = command.run(redactor, command.list_traces(paths), out=None, in_place=False,
                         jobs=jobs or command.default_jobs())
    findings = report.findings
    if output_format == "json":
        typer.echo(json.dumps({
            "findings": [f.to_dict() for f in findings],
            "summary": {"traces": len(report.outcomes), "findings": len(findings),
                        "by_entity": dict(sorted(report.totals().items())), "errors": report.errors},
        }, indent=2))
    else:
        for finding in findings:
            where = f"{finding.file}:{finding.line}" if finding.line else finding.file
            typer.echo(f"{where}\t{finding.path}\t{finding.entity_type}\t{finding.preview}")
        typer.echo(f"{len(findings)} finding(s) in {len(report.outcomes)} trace(s)")
    for message in report.errors:
        _err(f"error: {message}")
    if report.errors:
        raise typer.Exit(int(ExitCode.ERROR))
    raise typer.Exit(int(ExitCode.FINDINGS if findings else ExitCode.OK))


@app.command()
@handles_errors
def keygen(
    path: Annotated[Path | None, typer.Option("--path", help="Key file (default: $REDACTOR_KEY_FILE or "
                                                          "~/.config/redactor/key).")] = None,
    if_missing: Annotated[bool, typer.Option("--if-missing", help="Do nothing if the key exists.")] = False,
) -> None:
    """Create a 256-bit pseudonym key, readable by its owner only, outside any repository."""
    from redactor.commands import keygen as command

    target, created = command.run(path, if_missing)
    typer.echo(f"{'created' if created else 'kept existing'} key file {target}")


# --- gate, audit and purge commands are registered below (see redactor/commands/*) ---

NowOption = Annotated[str | None, typer.Option("--now", help="Evaluate at this instant (ISO 8601, e.g. "
                                                "2026-01-31T00:00:00Z) instead of the clock.")]
BaseOption = Annotated[Path | None, typer.Option("--base", help="Directory the policy's path globs are relative "
                                                 "to (default: the git work tree containing ROOT).")]


def _now(value: str | None) -> Any:
    from datetime import datetime, timezone

    from redactor.seal import parse_timestamp

    if value is None:
        return datetime.now(timezone.utc)
    moment = parse_timestamp(value)
    if moment is None:
        _err(f"error: --now: not an ISO 8601 timestamp: {value!r}")
        raise typer.Exit(int(ExitCode.ERROR))
    return moment


@app.command()
@handles_errors
def audit(
    root: Annotated[Path, typer.Argument(help="Trace store or fixtures directory.")],
    policy: PolicyOption = "default",
    output_format: Annotated[str, typer.Option("--format", help="table, json or markdown")] = "table",
    now: NowOption = None,
    fail_on: Annotated[str, typer.Option("--fail-on", help="Violation kinds that make the exit code 1: "
                                         "any, none, or a comma list (expired,unsealed,tampered,...).")] = "any",
    scan: Annotated[bool, typer.Option("--scan/--no-scan", help="Residual scan for secrets and structured "
                                       "PII.")] = True,
    base: BaseOption = None,
) -> None:
    """Report seal, policy version, class, age, expiry and violations of every fixture under ROOT.

    Exit 0 when no violation counted by --fail-on exists, 1 when one does, 2 on errors.
    """
    from redactor.commands import audit as command
    from redactor.policy import load_policy

    _require_format(output_format, ("table", "json", "markdown"))
    kinds = command.parse_fail_on(fail_on)
    report = command.run(root, load_policy(policy), _now(now), base=base, scan=scan)
    typer.echo(command.render(report, output_format, kinds))
    raise typer.Exit(int(ExitCode.FINDINGS if report.failing(kinds) else ExitCode.OK))


@app.command()
@handles_errors
def purge(
    root: Annotated[Path, typer.Argument(help="Trace store or fixtures directory.")],
    expired: Annotated[bool, typer.Option("--expired", help="Select expired fixtures (required).")] = False,
    apply: Annotated[bool, typer.Option("--apply", help="Delete; without it, only list what would go.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Also delete expired fixtures whose bytes do not match "
                                        "their seal.")] = False,
    policy: PolicyOption = "default",
    now: NowOption = None,
    output_format: Annotated[str, typer.Option("--format", help="table or json")] = "table",
    base: BaseOption = None,
) -> None:
    """Remove expired fixtures with their seals (a dry run unless --apply).

    Exit 0 when everything selected was (or would be) removed, 1 when some were refused, 2 on errors.
    """
    from redactor.commands import purge as command
    from redactor.policy import load_policy

    if not expired:
        _err("error: say what to purge: --expired")
        raise typer.Exit(int(ExitCode.ERROR))
    _require_format(output_format, ("table", "json"))
    report = command.run(root, load_policy(policy), _now(now), apply=apply, force=force, base=base)
    typer.echo(json.dumps(report.to_dict(), indent=2) if output_format == "json" else command.render(report))
    raise typer.Exit(int(ExitCode.FINDINGS if report.refused else ExitCode.OK))


@app.command()
@handles_errors
def check(
    paths: Annotated[list[Path], typer.Argument(help="Changed files (as pre-commit passes them) or directories.")],
    policy: PolicyOption = "default",
    output_format: Annotated[str, typer.Option("--format", help="table, json or sarif")] = "table",
    working_tree: Annotated[bool, typer.Option("--working-tree", help="Check the files on disk instead of the "
                                               "staged content (the git index).")] = False,
    max_file_size: Annotated[int, typer.Option("--max-file-size", help="Block fixture files larger than this "
                                               "many bytes.")] = 8 * 1024 * 1024,
    allowlist: Annotated[Path | None, typer.Option("--allowlist", help="Allow-list file (default: "
                                                   ".redactor-allowlist.json at the repository root).")] = None,
    update_allowlist: Annotated[bool, typer.Option("--update-allowlist", help="Accept every residual finding "
                                                   "of this run into the allow-list (hashed, never the value).")]
    = False,
    reason: Annotated[str | None, typer.Option("--reason", help="Why the values are safe (required with "
                                               "--update-allowlist).")] = None,
    now: NowOption = None,
) -> None:
    """The pre-commit gate: block unredacted, tampered or misplaced trace fixtures.

    Exit 0 when every fixture passes, 1 when one is blocked, 2 on errors (bad policy, git failure, a bug
    met on a path: that path is blocked by name and the others are still checked).
    """
    from redactor.commands import check as command
    from redactor.gate.report import RENDERERS

    _require_format(output_format, tuple(RENDERERS))
    if update_allowlist and not (reason and reason.strip()):
        _err("error: --update-allowlist needs --reason TEXT (it is recorded with each entry)")
        raise typer.Exit(int(ExitCode.ERROR))
    options = command.CheckOptions(
        paths=paths, policy=policy, working_tree=working_tree, max_file_size=max_file_size,
        allowlist=allowlist, update_allowlist_reason=reason.strip() if update_allowlist and reason else None,
        now=_now(now) if now is not None else None,
    )
    report = command.run(options)
    typer.echo(RENDERERS[output_format](report))
    if report.internal_errors:
        _err("error: the gate met a bug on a path it names above (blocked; the other paths were checked)")
        raise typer.Exit(int(ExitCode.ERROR))
    raise typer.Exit(int(ExitCode.FINDINGS if report.blocked else ExitCode.OK))


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
