"""``grimoire render LOG [--at N] [--as PLAYER]``: the board as that player sees it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say, show_board, write_text
from grimoire.cli.replay import AS_HELP, SEAT_HELP, perspective
from grimoire.tools.render import outcome_of, palette, render


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="The log to render.")],
    at: Annotated[int | None, typer.Option(
        "--at", metavar="N", help="After N events (default: the end).")]
    = None,
    as_: Annotated[str | None, typer.Option("--as", metavar="NAME", help=AS_HELP)] = None,
    seat: Annotated[int | None, typer.Option("--seat", metavar="N", help=SEAT_HELP)] = None,
    svg: Annotated[bool, typer.Option(
        "--svg", metavar="", help="An SVG picture instead of text (what -o FILE.svg "
        "writes without it).")] = False,
    texts: Annotated[bool, typer.Option(
        "--texts", metavar="", help="After the board, what each card, piece and place it "
        "names is.")] = False,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="FILE", help="Write it to this new file: an SVG picture "
        "when FILE ends in .svg, else the text board.")]
    = None,
) -> None:
    """Print one board as a player or the spectator sees it, or write it to a file.

    `-o board.svg` writes an SVG picture, `-o board.txt` the text board; --svg prints the
    picture."""
    who = perspective(as_, seat)
    svg = svg or (out is not None and out.suffix.lower() == ".svg")
    text = render(log, at, who, svg=svg, texts=texts)
    if json_out and out is None:
        print_json({"path": str(log), "at": at, "as": who, "format": "svg" if svg else "text",
                    "board": text, "outcome": outcome_of(log, at)})
        return
    if out is None and not svg:
        show_board(text, *palette(log))
        return
    if out is None:
        say(text, nl=not text.endswith("\n"))
        return
    write_text(out, text)
    kind = "an SVG picture of the board" if svg else "the text board"
    say(f"{out}: {kind} after {'the last event' if at is None else f'{at} events'}")
