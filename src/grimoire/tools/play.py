"""``grimoire play``: a person against the random bot, or people at one terminal.

The loop takes its input and output as functions so it can be driven by tests or
embedded in another text frontend.

>>> from grimoire import Match
>>> out = []
>>> m = Match.new("vicious-circle", seed="02" * 16)
>>> answers = iter(["r", "q"])
>>> play(m, humans={0}, ask=lambda _: next(answers), say=out.append)
'quit'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from grimoire.bots.random import RandomBot
from grimoire.core import registry
from grimoire.core.dice import dice_seed
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Event
from grimoire.core.match import Match
from grimoire.core.rules import describe

PAGE = 40
HELP = ("type a number to act, text to filter the list, 'r' for a random action, "
        "'l' to list again, 'q' to quit")


def _choose(
    match: Match, seat: int, actions: Sequence[Event], ask: Callable[[str], str],
    say: Callable[[str], None], bot: RandomBot,
) -> Event | None:
    def label(action: Event) -> str:
        return describe(match.rules, action, match.state)

    shown = list(range(len(actions)))
    listing = True
    while True:
        if listing:
            for i in shown[:PAGE]:
                say(f"  {i + 1:>4}. {label(actions[i])}")
            if len(shown) > PAGE:
                say(f"  … {len(shown) - PAGE} more: type text to narrow the list")
            listing = False
        answer = ask(f"{match.header.players[seat]}> ").strip()
        if answer == "q":
            return None
        if answer == "r":
            return bot.choose(match, seat)
        if answer in ("", "l", "?"):
            say(HELP)
            shown, listing = list(range(len(actions))), True
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        needle = answer.lower()
        shown = [i for i in range(len(actions)) if needle in label(actions[i]).lower()]
        if not shown:
            say(f"nothing matches {answer!r}; {HELP}")
            shown = list(range(len(actions)))
        listing = True


def new_match(game: str, *, players: int | None = None,
              options: Mapping[str, Any] | None = None, seed: str | None = None) -> Match:
    """A match of ``game`` for ``players`` seats (default: the fewest the game allows),
    named by the game's default seat names when it has enough of them.

    >>> new_match("wiz-war").header.players, new_match("wiz-war", players=3).header.players
    (('Callista', 'Matt'), ('Player 1', 'Player 2', 'Player 3'))
    """
    rules = registry.get(game)
    count = players or rules.seats[0]
    names = rules.default_players[:count] if len(rules.default_players) >= count else tuple(
        f"Player {i + 1}" for i in range(count))
    return Match.new(rules, players=names, options=options,
                     seed=None if seed is None else dice_seed(seed))


def play(
    match: Match,
    *,
    humans: set[int],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    bot: RandomBot | None = None,
    bot_seed: int | str = 0,
    dice: Callable[[int], list[int]] | None = None,
) -> str:
    """Run the match until it ends (``"over"``) or a person quits (``"quit"``).

    People see the board as their seat sees it; bots (``bot``, or a random bot seeded
    with ``bot_seed``) play the other seats. Every event is described as it happens, so
    dice are shown as they fall.
    """
    seats = range(len(match.header.players))
    wrong = sorted(seat for seat in humans if seat not in seats)
    if wrong:
        raise UsageError("player/unknown", f"no seat {wrong[0]} (seats are 0..{len(seats) - 1})")
    bot = bot or RandomBot(bot_seed)
    rules = match.rules
    last_viewer: int | None = None
    while match.to_act:
        seat = min(match.to_act)
        if seat in humans:
            if len(humans) > 1 and last_viewer != seat:
                say(f"--- {match.header.players[seat]}'s turn (others look away) ---")
            last_viewer = seat
            say(match.render(seat))
            action = _choose(match, seat, match.legal(seat), ask, say, bot)
            if action is None:
                return "quit"
        else:
            action = bot.choose(match, seat)
        # one person sees their own seat's events; a table of several sees what a
        # spectator may (nobody's secrets), as everyone reads the same screen
        viewer = next(iter(humans)) if len(humans) == 1 else None
        before = match.state
        try:
            values = dice(seat) if dice is not None and match.header.dice == "recorded" else None
            events = match.act(action, values)
        except IllegalAction as exc:
            say(f"refused: {exc}")
            continue
        for event in events:
            shown = rules.redact(event, viewer) if humans else event
            say(f"  {describe(rules, shown, before)}")
            before = rules.evolve(before, event)
    say(match.render(None))
    return "over"


def save_seed(match: Match, log_path: str | os.PathLike[str]) -> str:
    """Keep a live match's secret seed beside its log, in ``LOG.seed``, created new and
    readable by its owner only, so the match can be continued (``Match.load(log,
    seed=...)``) or revealed (``grimoire seal --seed``) later. Returns the file's path."""
    path = f"{os.fspath(log_path)}.seed"
    if match.seed is None:
        raise UsageError("dice/no-seed", "this match has no seed to keep")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        raise UsageError("io/exists", f"{path}: {exc.strerror}") from None
    with os.fdopen(fd, "w") as f:
        f.write(match.seed + "\n")
    return path
