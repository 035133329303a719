"""``grimoire render LOG [--at N] [--as PLAYER]``: the board as that player sees it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, say, write_text
from grimoire.cli.replay import AS_HELP, SEAT_HELP, perspective
from grimoire.tools.render import render


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(help="The log to render.")],
    at: Annotated[int | None, typer.Option("--at", help="After N events (default: the end).")]
    = None,
    as_: Annotated[str | None, typer.Option("--as", help=AS_HELP)] = None,
    seat: Annotated[int | None, typer.Option("--seat", help=SEAT_HELP)] = None,
    svg: Annotated[bool, typer.Option("--svg", help="An SVG picture instead of text.")]
    = False,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Write it to this file.")]
    = None,
) -> None:
    """Print one board (or write it: ``--svg -o board.svg``)."""
    text = render(log, at, perspective(as_, seat), svg=svg)
    if out is None:
        say(text, nl=not text.endswith("\n"))
        return
    write_text(out, text)
    say(f"{out}: the board after {'the last event' if at is None else f'{at} events'}")
