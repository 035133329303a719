"""``grimoire arena GAME --bots A,B,… -n N``: bots against each other, round robin."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from grimoire.cli.common import BOT_HELP, handle_errors, parse_options, print_json, say
from grimoire.cli.new import OPTION_HELP, SEED_HELP
from grimoire.tools.arena import arena


@handle_errors
def command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A registered game.")],
    bots: Annotated[str, typer.Option(
        "--bots", metavar="A,B,…", help="The bots, separated by commas, e.g. --bots "
        "mcts:iterations=400,c=0.7,random. " + BOT_HELP)] = "mcts,random",
    games: Annotated[int, typer.Option(
        "--games", "-n", metavar="N", help="Games per pair of bots (seats swapped).")] = 100,
    seed: Annotated[str, typer.Option(metavar="SEED", help=SEED_HELP)] = "0",
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", metavar="N", help="Processes (default: the machine's cores).")]
    = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE", help=OPTION_HELP)] = None,
    max_actions: Annotated[int, typer.Option(
        metavar="N", help="Stop a game after this many actions (unfinished).")] = 5_000,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Pit bots against each other, two by two: a table of wins, draws and losses.

    Every two bots play N games, seats swapped each game; the table gives the first
    bot's wins, draws and losses, its win rate with its 95% interval, the game length and
    each bot's thinking time per move."""
    specs = split_bots(bots)
    total = games * len(specs) * (len(specs) - 1) // 2
    kwargs = dict(games=games, seed=seed, jobs=jobs, options=parse_options(option),
                  max_actions=max_actions)
    if sys.stderr.isatty() and not json_out:
        with typer.progressbar(length=total, label="playing", file=sys.stderr) as bar:
            report = arena(game, specs, progress=lambda _: bar.update(1), **kwargs)  # type: ignore[arg-type]
    else:
        report = arena(game, specs, **kwargs)  # type: ignore[arg-type]
    if json_out:
        print_json(report)
    else:
        say(report.summary())


def split_bots(text: str) -> list[str]:
    """Bot specs from ``--bots``: separated by commas (or semicolons); a part that is a
    setting (``c=1``) belongs to the bot before it.

    >>> split_bots("mcts:iterations=9,c=1,random,mcts:ms=50")
    ['mcts:iterations=9,c=1', 'random', 'mcts:ms=50']
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs
