"""``grimoire new GAME -o LOG``: a log holding just its header, to record a match into."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, parse_options, print_json, say
from grimoire.tools.new import new

SEED_HELP = ("A seed: a whole number (the dice of `simulate --seed N`'s first match) or "
             "16+ hex digits.")
OPTION_HELP = "A game option KEY=VALUE (repeatable); see `grimoire schema GAME`."
PLAYERS_HELP = ("Number of seats (default: the fewest the game allows; `grimoire games` "
                "lists each game's counts).")


@handle_errors
def command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A registered game.")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="FILE", help="The new log file.")],
    player: Annotated[list[str] | None, typer.Option(
        "--player", "-p", metavar="NAME", help="A seat's name (repeatable, in seat order; "
        "default: the game's).")]
    = None,
    players: Annotated[int | None, typer.Option(
        "--players", metavar="N", help=PLAYERS_HELP)]
    = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE", help=OPTION_HELP)] = None,
    dice: Annotated[str, typer.Option(
        metavar="KIND", help="'seeded' or 'recorded' (physical dice).")]
    = "seeded",
    seed: Annotated[str | None, typer.Option(
        metavar="SEED", help=SEED_HELP + " (default: random)")]
    = None,
    position: Annotated[str | None, typer.Option(
        metavar="POSITION", help="Start from this position.")] = None,
    reveal: Annotated[bool, typer.Option(
        "--reveal", metavar="", help="Write the seed into the header now.")] = False,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Create a log holding just its header, to record a match played elsewhere.

    For seeded dice the seed is printed once: keep it secret until the end."""
    header, secret = new(game, out, players=player, count=players,
                         options=parse_options(option), seed=seed, dice=dice,
                         position=position, reveal=reveal)
    if json_out:
        print_json({"out": str(out), "header": header, "seed": secret})
        return
    say(f"{out}: new {game} log for {', '.join(header.players)}")
    if secret is not None and not reveal:
        say(f"seed {secret} (secret: reveal it with `grimoire seal` after the match)")
