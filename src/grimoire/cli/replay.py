"""``grimoire replay LOG [--at N] [--as PLAYER]``: each event in a line and the board."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors
from grimoire.tools.render import replay_lines

AS_HELP = "Perspective: a player name or seat, or 'spectator' (default: everything)."


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(help="The log to replay.")],
    at: Annotated[int | None, typer.Option("--at", help="Only the board after N events.")]
    = None,
    as_: Annotated[str | None, typer.Option("--as", help=AS_HELP)] = None,
) -> None:
    """Print the board after each event, each event described in one line."""
    for line in replay_lines(log, at, as_):
        typer.echo(line)
