"""``grimoire play GAME``: play in the terminal against the random bot, or hot-seat."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, parse_options, say
from grimoire.cli.new import OPTION_HELP, SEED_HELP
from grimoire.tools.play import new_match, play, save_seed


@handle_errors
def command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A registered game.")],
    seat: Annotated[list[int] | None, typer.Option(
        "--seat", metavar="N", help="Seat(s) played by people.")]
    = None,
    hotseat: Annotated[bool, typer.Option(
        "--hotseat", metavar="", help="Every seat is a person at this terminal.")]
    = False,
    players: Annotated[int | None, typer.Option(
        metavar="N", help="Number of seats (games for 2-4).")]
    = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE", help=OPTION_HELP)] = None,
    seed: Annotated[str | None, typer.Option(
        metavar="SEED", help=SEED_HELP + " (default: random)")]
    = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="FILE", help="Save the log here.")] = None,
    reveal: Annotated[bool, typer.Option(
        "--reveal", metavar="",
        help="Reveal the seed in the log even if the game is not over.")] = False,
) -> None:
    """Legal actions are offered by number; the log is saved at the end, its seed revealed
    once the game is over (a game quit early keeps its seed in LOG.seed, readable only by
    you, to continue or reveal it later)."""
    match = new_match(game, players=players, options=parse_options(option), seed=seed)
    count = len(match.header.players)
    humans = set(range(count)) if hotseat else set(seat or [0])
    result = play(match, humans=humans, ask=lambda p: typer.prompt(p, default="",
                  show_default=False), say=say, bot_seed=seed or 0)
    path = out or Path(f"{game}-game.jsonl")
    match.save(path, reveal=True if reveal else None)
    say(f"{result}: log saved to {path}")
    if match.outcome is None and not reveal and match.seed is not None:
        keep = save_seed(match, path)
        say(f"the seed stays secret: it is in {keep} (only you can read it)")
