"""``grimoire export PATH… -o FILE [--no-validate] [--jobs N | --scheduler ADDRESS] [--json]
[--force]``: an archive's events as one Parquet file, a row an event."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.cli.validate import JOBS_HELP, SCHEDULER_HELP, one_runner
from grimoire.tools.export import export
from grimoire.tools.validate import DEFAULT_LIMITS, Limits, iter_sources


@handle_errors
def command(
    paths: Annotated[list[str], typer.Argument(
        metavar="PATH", help="Log files, folders of logs, or match stores (each of "
        "their matches): an SQLite file or a postgresql:// URL.")],
    out: Annotated[Path, typer.Option(
        "--out", "-o", metavar="FILE", help="The Parquet file to write (a new file).")],
    validate: Annotated[bool, typer.Option(
        "--validate/--no-validate", metavar="", help="Audit each log first, as `grimoire "
        "validate` does, and export only the valid ones (the default: the logs the audit "
        "refuses are counted apart, by reason). --no-validate reads them as trusted: "
        "several times faster, but a tampered log is exported as any other.")] = True,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", metavar="N", help=JOBS_HELP)] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)] = None,
    force: Annotated[bool, typer.Option(
        "--force", metavar="", help="Replace FILE if it exists (it is replaced only once the "
        "new file is whole).")] = False,
    max_line: Annotated[int, typer.Option(metavar="N", help="Longest accepted line, bytes.")]
    = DEFAULT_LIMITS.max_line,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Write every event of an archive's logs to one Parquet file, a row an event.

    The columns: game, match (the log's path), seq, seat, type, action, the event's JSON,
    the match's players, winners and ending, and the events' simple fields as f_<field>
    columns (the schema depends only on the registered games; docs/archives.md). Each
    log is audited first (--no-validate skips the audit); logs that cannot be read or
    that the audit refuses are left out and counted by reason. Needs pyarrow: pip
    install 'grimoire-games\\[archive]'. Exit 0 once the file is written."""
    one_runner(jobs, scheduler)
    limits = Limits(max_line=max_line)
    if not json_out and sys.stderr.isatty():
        total = sum(1 for _ in iter_sources(paths))
        with typer.progressbar(length=total, label="exporting", file=sys.stderr) as bar:
            report = export(paths, out, validate=validate, jobs=jobs, limits=limits,
                            overwrite=force, scheduler=scheduler,
                            progress=lambda _: bar.update(1))
    else:
        report = export(paths, out, validate=validate, jobs=jobs, limits=limits,
                        overwrite=force, scheduler=scheduler)
    if json_out:
        print_json(report)
    else:
        say(report.summary())
