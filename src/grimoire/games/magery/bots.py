"""How a search bot imagines the rest of a game (:class:`~grimoire.core.rules.Playing`):
random rollouts, and a position a rollout stops at scored by how far each seat is along
the road to victory (Greater minions captured, minions in the Arena).

>>> from grimoire.games.magery import RULES
>>> state = RULES.setup(RULES.Options(), ("White", "Black"))
>>> evaluate(state)
(0.5, 0.5)
"""

from __future__ import annotations

import math

from grimoire.core.kit import uniform_rollout as rollout
from grimoire.games.magery import board as B
from grimoire.games.magery.state import State

CAPTURE = 1.0
"""Weight of a Greater minion captured (five win)."""
PRESENCE = 0.1
"""Weight of a minion in the Arena (a seat with none there has lost)."""


def evaluate(state: State) -> tuple[float, float]:
    """Each seat's share: a logistic of the difference in Greater minions captured and,
    less, in minions standing in the Arena."""
    score = [0.0, 0.0]
    for seat in (0, 1):
        score[seat] += CAPTURE * sum(1 for ch in state.dead[1 - seat] if ch in B.GREATER)
        score[seat] += PRESENCE * sum(1 for ch in state.arena
                                      if ch != "." and B.SEAT_OF[ch] == seat)
    white = 1.0 / (1.0 + math.exp(score[1] - score[0]))
    return (white, 1.0 - white)


__all__ = ["evaluate", "rollout"]
