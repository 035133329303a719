"""``grimoire render LOG [--at N] [--as PLAYER]``: the board as that player sees it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, say
from grimoire.cli.replay import AS_HELP, SEAT_HELP, perspective
from grimoire.tools.render import render


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(help="The log to render.")],
    at: Annotated[int | None, typer.Option("--at", help="After N events (default: the end).")]
    = None,
    as_: Annotated[str | None, typer.Option("--as", help=AS_HELP)] = None,
    seat: Annotated[int | None, typer.Option("--seat", help=SEAT_HELP)] = None,
) -> None:
    """Print one board."""
    say(render(log, at, perspective(as_, seat)))
