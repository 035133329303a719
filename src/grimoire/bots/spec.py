"""Bots by name, as the commands take them: ``random``, ``mcts``, or ``mcts:`` with its
settings (``mcts:iterations=400``, ``mcts:ms=200,c=0.7,depth=60``).

>>> bot = make_bot("mcts:iterations=50,c=1", seed=3)
>>> bot.iterations, bot.c
(50, 1.0)
>>> make_bot("wise")
Traceback (most recent call last):
grimoire.core.errors.UsageError: bot/unknown: no bot 'wise': random, mcts
"""

from __future__ import annotations

from typing import Protocol

from grimoire.bots.mcts import MCTSBot
from grimoire.bots.random import RandomBot
from grimoire.core.errors import UsageError
from grimoire.core.events import Event
from grimoire.core.match import Match
from grimoire.core.rules import PlayerId

KINDS = ("random", "mcts")
MCTS_SETTINGS = {"iterations": int, "ms": float, "c": float, "depth": int}


class Bot(Protocol):
    """Anything that picks an action for a seat of a match."""

    def choose(self, match: Match, player: PlayerId, /) -> Event: ...


def make_bot(spec: str, seed: int | str = 0) -> RandomBot | MCTSBot:
    """The bot ``spec`` names, seeded with ``seed`` (``bot/unknown``, ``bot/setting``)."""
    kind, _, settings = spec.strip().partition(":")
    if kind not in KINDS:
        raise UsageError("bot/unknown", f"no bot {kind!r}: {', '.join(KINDS)}")
    given: dict[str, float | int] = {}
    for part in filter(None, (p.strip() for p in settings.split(","))):
        name, eq, value = part.partition("=")
        kind_of = MCTS_SETTINGS.get(name) if kind == "mcts" else None
        if not eq or kind_of is None:
            raise UsageError("bot/setting", f"{kind} takes no setting {part!r}" + (
                f" (it takes {', '.join(MCTS_SETTINGS)})" if kind == "mcts" else ""))
        try:
            given[name] = kind_of(value)
        except ValueError:
            raise UsageError("bot/setting", f"{name} must be a number, not {value!r}") from None
    if kind == "random":
        return RandomBot(seed)
    if "ms" in given and "iterations" not in given:
        given["iterations"] = 0  # thinking time alone bounds the search
    iterations = int(given.pop("iterations", 400)) or None
    return MCTSBot(seed, iterations=iterations, ms=given.get("ms"),
                   c=float(given.get("c", 0.7)), depth=int(given.get("depth", 60)))


def label(spec: str) -> str:
    """The spec as tables show it (spaces removed)."""
    return spec.replace(" ", "")


__all__ = ["Bot", "make_bot"]
