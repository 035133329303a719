"""A bot that picks uniformly among the legal actions, from its own seeded generator.

>>> from grimoire import Match
>>> from grimoire.bots import RandomBot
>>> m = Match.new("vicious-circle", seed="01" * 16)
>>> bot = RandomBot(seed=7)
>>> _ = m.act(bot.choose(m, 0))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from grimoire.core.errors import GrimoireError
from grimoire.core.events import Event
from grimoire.core.match import Match
from grimoire.core.rules import PlayerId


class RandomBot:
    """Uniform random legal actions. Deterministic for a given ``seed``."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, match: Match, player: PlayerId) -> Event:
        actions = match.legal(player)
        if not actions:
            raise GrimoireError("bot/no-action", f"seat {player} has no legal action")
        return actions[self.rng.randrange(len(actions))]


class _Chooser(Protocol):
    def choose(self, match: Match, player: PlayerId, /) -> Event: ...


def play_out(
    match: Match, bots: Mapping[PlayerId, _Chooser] | _Chooser, *, max_actions: int = 10_000
) -> int:
    """Let bots act until the game ends or ``max_actions`` actions; returns actions taken.

    Seats act in seat order when several may act at once."""
    taken = 0
    while taken < max_actions:
        to_act = match.to_act
        if not to_act:
            break
        seat = min(to_act)
        bot = bots[seat] if isinstance(bots, Mapping) else bots
        match.act(bot.choose(match, seat))
        taken += 1
    return taken
