"""``grimoire play GAME``: play in the terminal against the random bot, or hot-seat."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, parse_options
from grimoire.cli.new import OPTION_HELP
from grimoire.tools.play import new_match, play


@handle_errors
def command(
    game: Annotated[str, typer.Argument(help="A registered game.")],
    seat: Annotated[list[int] | None, typer.Option("--seat", help="Seat(s) played by people.")]
    = None,
    hotseat: Annotated[bool, typer.Option(help="Every seat is a person at this terminal.")]
    = False,
    players: Annotated[int | None, typer.Option(help="Number of seats (games for 2-4).")]
    = None,
    option: Annotated[list[str] | None, typer.Option("--option", help=OPTION_HELP)] = None,
    seed: Annotated[str | None, typer.Option(help="Dice seed as hex (default: random).")]
    = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Save the log here.")] = None,
) -> None:
    """Legal actions are offered by number; the log is saved (seed revealed) at the end."""
    match = new_match(game, players=players, options=parse_options(option), seed=seed)
    count = len(match.header.players)
    humans = set(range(count)) if hotseat else set(seat or [0])
    result = play(match, humans=humans, ask=lambda p: typer.prompt(p, default="",
                  show_default=False), say=typer.echo, bot_seed=seed or 0)
    path = out or Path(f"{game}-game.jsonl")
    match.save(path, reveal=True)
    typer.echo(f"{result}: log saved to {path}")
