"""``grimoire stats PATH… [--no-validate] [--jobs N | --scheduler ADDRESS] [--json] [--plot
FILE]``: an archive's figures, per game (and as a picture)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.cli.validate import JOBS_HELP, SCHEDULER_HELP, one_runner
from grimoire.tools.stats import stats
from grimoire.tools.stats_plot import check_target, plot
from grimoire.tools.validate import DEFAULT_LIMITS, Limits, iter_sources


@handle_errors
def command(
    paths: Annotated[list[str], typer.Argument(
        metavar="PATH", help="Log files, folders of logs, or match stores (each of "
        "their matches): an SQLite file or a postgresql:// URL.")],
    validate: Annotated[bool, typer.Option(
        "--validate/--no-validate", metavar="", help="Audit each log first, as `grimoire "
        "validate` does, and count only the valid ones (the default: the logs the audit "
        "refuses are counted apart, by reason). --no-validate reads them as trusted: "
        "several times faster, but a tampered log counts as any other.")] = True,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", metavar="N", help=JOBS_HELP)] = None,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)] = None,
    max_line: Annotated[int, typer.Option(metavar="N", help="Longest accepted line, bytes.")]
    = DEFAULT_LIMITS.max_line,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
    plot_to: Annotated[Path | None, typer.Option(
        "--plot", metavar="FILE", help="Also draw the figures into FILE, a new .svg or "
        ".png (needs matplotlib: pip install 'grimoire-games\\[archive]').")] = None,
) -> None:
    """An archive's figures per game: wins by side, game length, endings, common events.

    Each log is audited first (--no-validate skips the audit). Per game: games, wins by
    side with 95% intervals, draws and unfinished games, game length in actions and
    events (min, quartiles, max, mean), how games ended, the most common events, and
    the logs kept out (unreadable, or refused by the audit) by reason. Exit 0 once the
    figures are made, whatever the logs held."""
    one_runner(jobs, scheduler)
    limits = Limits(max_line=max_line)
    if plot_to is not None:  # a wrong name or a missing matplotlib, told before the work
        check_target(plot_to)
    if not json_out and sys.stderr.isatty():
        total = sum(1 for _ in iter_sources(paths))
        with typer.progressbar(length=total, label="reading", file=sys.stderr) as bar:
            report = stats(paths, validate=validate, jobs=jobs, limits=limits,
                           scheduler=scheduler, progress=lambda _: bar.update(1))
    else:
        report = stats(paths, validate=validate, jobs=jobs, limits=limits,
                       scheduler=scheduler)
    if plot_to is not None:
        plot(report, plot_to)
    if json_out:
        print_json(report)
    else:
        say(report.summary())
        if plot_to is not None:
            say(f"{plot_to}: the figures of {len(report.games):,} "
                f"game{'s' if len(report.games) != 1 else ''}")
