"""``grimoire view LOG -o match.html [--as NAME|--seat N]``: a match to watch in a browser."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.cli.replay import AS_HELP, SEAT_HELP, perspective
from grimoire.tools.view import ViewReport, view


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="The log to watch.")],
    out: Annotated[Path, typer.Option(
        "--out", "-o", metavar="FILE", help="The HTML file to write.")],
    as_: Annotated[str | None, typer.Option("--as", metavar="NAME", help=AS_HELP)] = None,
    seat: Annotated[int | None, typer.Option("--seat", metavar="N", help=SEAT_HELP)] = None,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Write one self-contained HTML file to watch a match in a browser, event by event.

    No network is needed: it shows the board after every event, with a slider, the arrow
    keys, play and pause, and the event list. For a seat (or 'spectator') it holds only
    what that seat may know."""
    who = perspective(as_, seat)
    if sys.stderr.isatty() and not json_out:
        with typer.progressbar(length=0, label="drawing", file=sys.stderr) as bar:
            report = view(log, out, player=who, progress=lambda _: bar.update(1))
    else:
        report = view(log, out, player=who)
    assert isinstance(report, ViewReport)
    if json_out:
        print_json(report)
    else:
        say(report.summary())
