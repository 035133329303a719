"""``grimoire validate LOG… [--jobs N]``: audit logs; exit 0 all valid, 1 invalid, 2
unreadable, 3 not audited (a bug, or a worker process that died twice on a log)."""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from typing import IO, Annotated, Any

import msgspec
import typer

from grimoire import UsageError
from grimoire.cli.common import EXIT_OK, exit_code, handle_errors, say
from grimoire.tools.validate import (
    DEFAULT_LIMITS,
    AuditReport,
    Limits,
    Totals,
    iter_sources,
    reports,
)

JOBS_HELP = "Processes (default: the machine's cores; 1: no pool)."
SCHEDULER_HELP = ("Run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786) "
                  "instead of local processes; needs grimoire-games\\[archive], and the logs at "
                  "the same paths on every worker.")


def one_runner(jobs: int | None, scheduler: str | None) -> None:
    """Refuse ``--jobs`` with ``--scheduler``: the cluster's workers set the parallelism."""
    if jobs is not None and scheduler is not None:
        raise UsageError("archive/jobs-and-scheduler", "give --jobs or --scheduler, not both "
                         "(the cluster's workers are the jobs)")
SPOOL = 1 << 23
"""Bytes of ``--json`` output kept in memory before the rest waits in a temporary file."""


@handle_errors
def command(
    logs: Annotated[list[str], typer.Argument(
        metavar="LOG", help="Log files, folders of logs, or match stores (each of "
        "their matches): an SQLite file or a postgresql:// URL.")],
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output: one document, at the end.")]
    = False,
    json_lines: Annotated[bool, typer.Option(
        "--json-lines", metavar="", help="JSON Lines, streamed: one report a line, in the "
        "order of the logs, then {\"summary\": …}.")] = False,
    max_line: Annotated[int, typer.Option(metavar="N", help="Longest accepted line, bytes.")]
    = DEFAULT_LIMITS.max_line,
    trust: Annotated[list[str] | None, typer.Option(
        "--trust", metavar="KEY", help="A public key (hex, or a .pub file) that must have "
        "signed each log (repeatable: any of them).")] = None,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", metavar="N", help=JOBS_HELP)] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)] = None,
) -> None:
    """Audit logs: every action re-decided, every roll and consequence re-derived.

    Header, seq, chain and signatures are checked too. A valid log's report says whether
    it is chained (every record carries its chain value) and signed (a signature line
    ends it, by whom). The first problem of each log is reported as `line N (seq S):
    reason: detail`; reports come in the order of the logs as they are audited, then
    (for more than one log) a summary: valid, invalid, unreadable, and each reason's
    count."""
    if json_out and json_lines:
        raise UsageError("validate/json", "give --json or --json-lines, not both")
    one_runner(jobs, scheduler)
    limits = Limits(max_line=max_line)
    stream = reports(logs, limits=limits, trust=trust or (), jobs=jobs, scheduler=scheduler)
    totals = Totals()
    worst = EXIT_OK
    bar_shown = not json_out and sys.stderr.isatty() and _more_than_one(logs)
    bar: Any = typer.progressbar(length=sum(1 for _ in iter_sources(logs)), label="validating",
                                 file=sys.stderr) if bar_shown else nullcontext()
    clear = bar_shown and sys.stdout.isatty() and not json_lines

    def counted() -> Iterator[AuditReport]:
        nonlocal worst
        for report in stream:
            totals.add(report)
            worst = max(worst, exit_code(report.error))
            yield report
            if bar_shown:  # once the report is printed: the bar is drawn below it
                progress.update(1)

    with bar as progress:
        if json_out:
            print_document(counted())
        elif json_lines:
            for report in counted():
                typer.echo(json.dumps(msgspec.to_builtins(report)))
            typer.echo(json.dumps({"summary": totals.to_dict()}))
        else:
            for report in counted():
                if clear:  # the bar's line, cleared for the report (it is drawn again)
                    sys.stderr.write("\r\x1b[K")
                say(report.summary())
    if not json_out and not json_lines and totals.logs > 1:
        say(totals.summary())
    raise typer.Exit(worst)


def _more_than_one(logs: list[str]) -> bool:
    return sum(1 for _, _ in zip(range(2), iter_sources(logs), strict=False)) > 1


def print_document(items: Iterable[AuditReport], spool: int = SPOOL) -> None:
    """``{"valid": …, "logs": [report, …]}`` as ``json.dumps(…, indent=2)`` writes it,
    byte for byte, with the reports waiting in a temporary file (in memory while small)
    until ``valid`` is known (in memory up to ``spool`` bytes): memory does not grow with
    the number of logs."""
    valid = True
    count = 0
    held: IO[str]
    with tempfile.SpooledTemporaryFile(max_size=spool, mode="w+", encoding="utf-8") as held:
        for report in items:
            valid = valid and report.ok
            text = json.dumps(msgspec.to_builtins(report), indent=2)
            held.write(("\n    " if not count else ",\n    ") + text.replace("\n", "\n    "))
            count += 1
        head = '{\n  "valid": ' + json.dumps(valid) + ',\n  "logs": ['
        typer.echo(head, nl=False)
        held.seek(0)
        while chunk := held.read(1 << 16):
            typer.echo(chunk, nl=False)
        typer.echo("\n  ]\n}" if count else "]\n}")
