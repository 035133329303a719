"""``grimoire replay LOG [--at N] [--as PLAYER]``: each event in a line and the board."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from grimoire import UsageError
from grimoire.cli.common import handle_errors, say, show_board
from grimoire.tools.render import palette, replay_lines, replay_records

AS_HELP = ("Perspective: a player's name (or seat number, when no player has that name), "
           "or 'spectator' (default: everything).")
SEAT_HELP = "Perspective: a seat number (0 for the first player)."


def perspective(as_: str | None, seat: int | None) -> str | int | None:
    """The one perspective ``--as`` and ``--seat`` give (both at once is a usage error)."""
    if as_ is not None and seat is not None:
        raise UsageError("player/both", "give --as NAME or --seat N, not both")
    return seat if seat is not None else as_


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="The log to replay.")],
    at: Annotated[int | None, typer.Option(
        "--at", metavar="N", help="Only the board after N events.")]
    = None,
    as_: Annotated[str | None, typer.Option("--as", metavar="NAME", help=AS_HELP)] = None,
    seat: Annotated[int | None, typer.Option("--seat", metavar="N", help=SEAT_HELP)] = None,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="JSON Lines: one object per event.")] = False,
) -> None:
    """Print the board after each event, each event described in one line."""
    who = perspective(as_, seat)
    if json_out:
        for record in replay_records(log, who):
            if at is None or record["at"] == at:
                typer.echo(json.dumps(record))
        return
    colours = palette(log)
    for line in replay_lines(log, at, who):
        if line.startswith("[") or line.startswith("after "):
            say(line)
        else:
            show_board(line, *colours)
