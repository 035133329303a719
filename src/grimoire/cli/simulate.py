"""``grimoire simulate GAME --games N --seed S --out DIR [--bot SPEC…]``: bot matches."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import BOT_HELP, handle_errors, parse_options, print_json, say
from grimoire.cli.new import OPTION_HELP, SEED_HELP
from grimoire.tools.simulate import simulate


@handle_errors
def command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A registered game.")],
    games: Annotated[int, typer.Option(
        "--games", "-n", metavar="N", help="How many matches.")] = 10,
    seed: Annotated[str, typer.Option(metavar="SEED", help=SEED_HELP)] = "0",
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="DIR", help="Write logs here.")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE", help=OPTION_HELP)] = None,
    player: Annotated[list[str] | None, typer.Option(
        "--player", "-p", metavar="NAME", help="Seat names.")]
    = None,
    max_actions: Annotated[int, typer.Option(
        metavar="N", help="Stop a match after this many actions.")]
    = 5_000,
    reveal: Annotated[bool, typer.Option(
        "--reveal", metavar="",
        help="Reveal the seed of unfinished matches too (finished ones always do).")] = False,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", metavar="SPEC", help=BOT_HELP + " Once per seat, in seat order (repeated "
        "if fewer); random bots if none.")] = None,
) -> None:
    """Play seeded bot matches and summarise wins by seat and mean length."""
    kwargs = dict(games=games, seed=seed, out=out, options=parse_options(option),
                  players=tuple(player) if player else None, max_actions=max_actions,
                  reveal=reveal, bots=tuple(bot or ()))
    if sys.stderr.isatty() and not json_out:
        with typer.progressbar(length=games, label="simulating", file=sys.stderr) as bar:
            summary = simulate(game, progress=lambda _: bar.update(1), **kwargs)  # type: ignore[arg-type]
    else:
        summary = simulate(game, **kwargs)  # type: ignore[arg-type]
    if json_out:
        print_json(summary)
    else:
        say(summary.summary())
