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
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from grimoire.bots.mcts import MCTSBot
from grimoire.bots.random import RandomBot
from grimoire.bots.spec import Bot, make_bot
from grimoire.core import registry
from grimoire.core.dice import dice_seed
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Event
from grimoire.core.match import Match, seed_file
from grimoire.core.rules import describe

PAGE = 30
HELP = ("type a number to act, text to narrow the list, 'n' for the next page, 'r' for a "
        "random action, 'l' to list them all again, '?' for this help, 'q' to save and quit")


class Quit(Exception):
    """The person at the terminal stopped (``q``, Ctrl-C or Ctrl-D)."""


def _ask(ask: Callable[[str], str], prompt: str) -> str:
    try:
        return ask(prompt).strip()
    except (EOFError, KeyboardInterrupt) as exc:
        raise Quit from exc


def _choose(
    match: Match, seat: int, actions: Sequence[Event], ask: Callable[[str], str],
    say: Callable[[str], None], bot: Bot,
) -> Event | None:
    """The action the person at ``seat`` picks: the legal actions numbered, grouped by
    kind, a page at a time."""
    seen = match.view(seat)  # labels tell only what this seat may know
    labels = [describe(match.rules, action, seen) for action in actions]
    kinds = [str(type(action).__struct_config__.tag) for action in actions]
    order = sorted(range(len(actions)), key=lambda i: (kinds.index(kinds[i]), i))
    shown, start = order, 0

    def listing() -> None:
        page = shown[start:start + PAGE]
        kind = None
        for i in page:
            if kinds[i] != kind:
                kind = kinds[i]
                count = sum(1 for j in shown if kinds[j] == kind)
                say(f"  {kind.replace('-', ' ')} ({count}):")
            say(f"    {i + 1:>4}. {labels[i]}")
        rest = len(shown) - start - len(page)
        if rest > 0:
            say(f"    … {rest} more: 'n' for the next page, or type text to narrow the list")

    listing()
    while True:
        answer = _ask(ask, f"{match.header.players[seat]}> ")
        if answer == "q":
            return None
        if answer == "r":
            return bot.choose(match, seat)
        if answer == "?":
            say(HELP)
            continue
        if answer == "n":
            start = start + PAGE if start + PAGE < len(shown) else 0
            listing()
            continue
        if answer in ("", "l"):
            shown, start = order, 0
            listing()
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        needle = answer.lower()
        found = [i for i in order if needle in labels[i].lower()]
        if not found:
            say(f"nothing matches {answer!r}; {HELP}")
            continue
        shown, start = found, 0
        listing()


def new_match(game: str, *, players: int | None = None,
              options: Mapping[str, Any] | None = None, seed: str | None = None,
              path: str | os.PathLike[str] | None = None,
              humans: Iterable[int] = ()) -> Match:
    """A match of ``game`` for ``players`` seats (default: the fewest the game allows),
    named by the game's default seat names when it has enough of them. A seat of
    ``humans`` the match will not have is refused (``player/unknown``) before anything
    is written to ``path``.

    >>> new_match("wiz-war").header.players, new_match("wiz-war", players=3).header.players
    (('Callista', 'Matt'), ('Player 1', 'Player 2', 'Player 3'))
    """
    rules = registry.get(game)
    count = players or rules.seats[0]
    wrong = sorted(seat for seat in humans if not 0 <= seat < count)
    if wrong:
        raise UsageError("player/unknown", f"no seat {wrong[0]} (seats are 0..{count - 1})")
    names = rules.default_players[:count] if len(rules.default_players) >= count else tuple(
        f"Player {i + 1}" for i in range(count))
    return Match.new(rules, players=names, options=options,
                     seed=None if seed is None else dice_seed(seed), path=path)


def bot_for(spec: str, seed: int | str = 0,
            thinking: Callable[[int, int], None] | None = None) -> Bot:
    """The bot ``spec`` names (``random``, ``mcts``, ``mcts:iterations=400``…); a search
    bot tells ``thinking(done, total)`` how far its search is."""
    bot = make_bot(spec, seed)
    if isinstance(bot, MCTSBot):
        bot.progress = thinking
    return bot


def play(
    match: Match,
    *,
    humans: set[int],
    ask: Callable[[str], str],
    say: Callable[[str], None],
    bot: Bot | None = None,
    bot_seed: int | str = 0,
    dice: Callable[[int], list[int]] | None = None,
    show: Callable[[str], None] | None = None,
) -> str:
    """Run the match until it ends (``"over"``) or a person quits (``"quit"``).

    People see the board as their seat sees it; bots (``bot``, any
    :class:`~grimoire.bots.Bot`, or a random bot seeded with ``bot_seed``) play the other
    seats. Every event is described as it happens, so
    dice are shown as they fall.
    """
    seats = range(len(match.header.players))
    wrong = sorted(seat for seat in humans if seat not in seats)
    if wrong:
        raise UsageError("player/unknown", f"no seat {wrong[0]} (seats are 0..{len(seats) - 1})")
    chosen: Bot = bot or RandomBot(bot_seed)
    show = show or say
    rules = match.rules
    last_viewer: int | None = None
    while match.to_act:
        seat = min(match.to_act)
        if seat in humans:
            if len(humans) > 1 and last_viewer != seat:
                say(f"--- {match.header.players[seat]}'s turn (others look away) ---")
            last_viewer = seat
            show(match.render(seat))
            try:
                action = _choose(match, seat, match.legal(seat), ask, say, chosen)
            except Quit:
                action = None
            if action is None:
                return "quit"
        else:
            action = chosen.choose(match, seat)
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
            known = rules.view(before, viewer) if humans else before
            say(f"  {describe(rules, shown, known)}")
            before = rules.evolve(before, event)
    show(match.render(None))
    return "over"


def finish(match: Match, path: str | os.PathLike[str], *, reveal: bool = False) -> str:
    """Close a played match's live log at ``path``. A finished match (or one the players
    agree to reveal) gets its seed written into the log's header (the same records and
    chain) and its private seed file removed; otherwise the seed stays in the seed file
    for :meth:`Match.resume`. Returns what happened, for people."""
    match.close()
    if match.outcome is None and not reveal:
        return (f"log saved to {path}; continue it with `grimoire play "
                f"{match.rules.name} --resume {path}` (its seed stays secret in "
                f"{seed_file(path)})")
    if match.seed is not None:
        match.save(path, reveal=True)
        Path(seed_file(path)).unlink(missing_ok=True)
        return f"log saved to {path} (seed revealed)"
    return f"log saved to {path}"
