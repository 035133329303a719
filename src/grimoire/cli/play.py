"""``grimoire play GAME``: play in the terminal against a bot (``--bot``), or hot-seat."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire import Match, UsageError
from grimoire.cli.common import (
    BOT_HELP,
    handle_errors,
    parse_options,
    say,
    show_board,
    thinking_bot,
)
from grimoire.cli.new import OPTION_HELP, PLAYERS_HELP, SEED_HELP
from grimoire.tools.play import finish, log_name, new_match, opening, play


def ask(prompt: str) -> str:
    """One answer from the terminal; Ctrl-C and Ctrl-D end the game (saved)."""
    try:
        answer: str = typer.prompt(prompt, default="", show_default=False, prompt_suffix="")
        return answer
    except typer.Abort:
        raise EOFError from None


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
        "--players", metavar="N", help=PLAYERS_HELP)]
    = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE", help=OPTION_HELP)] = None,
    seed: Annotated[str | None, typer.Option(
        metavar="SEED", help=SEED_HELP + " (default: random)")]
    = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="FILE", help="Save the log here, a new file (default: "
        "GAME-game.jsonl, or GAME-game-2.jsonl… when taken).")] = None,
    reveal: Annotated[bool, typer.Option(
        "--reveal", metavar="",
        help="Reveal the seed in the log even if the game is not over.")] = False,
    resume: Annotated[Path | None, typer.Option(
        "--resume", metavar="LOG", help="Continue a game saved by `grimoire play`.")] = None,
    bot: Annotated[str, typer.Option(
        "--bot", metavar="SPEC", help=BOT_HELP)] = "random",
) -> None:
    """Play a game in the terminal, against a bot or hot-seat, saving the log as you play.

    Where the log goes is said before the first move. Each choice is offered step by
    step, by number, name or square; every action is saved as it is played, so quitting
    (q, Ctrl-C, Ctrl-D) leaves a valid unfinished log to continue with --resume. The seed
    stays secret in LOG.seed (readable only by you) until the game is over, when the log
    reveals it."""
    if resume is not None:
        match = Match.resume(resume)
        path = resume
        if match.rules.name != game:
            raise UsageError("play/wrong-game", f"{resume} is a {match.rules.name} log, "
                             f"not {game}")
    else:
        path = out or log_name(game)
        match = new_match(game, players=players, options=parse_options(option), seed=seed,
                          path=path, humans=seat or ())
    count = len(match.header.players)
    humans = set(range(count)) if hotseat else set(seat or [0])
    say(opening(match, path, humans, None if hotseat else bot, resumed=resume is not None))
    try:
        seat_of = dict(getattr(match.rules, "seat_of", {}))
        result = play(match, humans=humans, say=say, bot=thinking_bot(bot, seed or 0),
                      ask=ask,
                      show=lambda text: show_board(text, seat_of, match.header.players))
    finally:
        match.close()
    say(f"{result}: {finish(match, path, reveal=reveal)}")
