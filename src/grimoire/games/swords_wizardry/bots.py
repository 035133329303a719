"""How a search bot imagines the rest of a game (:class:`~grimoire.core.rules.Playing`):
random rollouts, and a position a rollout stops at scored by the pieces each side has
lost (a random game runs to a thousand moves, so most rollouts stop early).

>>> from grimoire.games.swords_wizardry import RULES
>>> evaluate(RULES.setup(RULES.Options(), ("Red", "Black")))
(0.5, 0.5)
"""

from __future__ import annotations

import math

from grimoire.core.kit import uniform_rollout as rollout
from grimoire.games.swords_wizardry.state import State

LOSS = 0.25
"""Weight of one piece lost."""


def evaluate(state: State) -> tuple[float, float]:
    """Each seat's share: a logistic of the difference in pieces lost."""
    red = 1.0 / (1.0 + math.exp(LOSS * (len(state.lost[0]) - len(state.lost[1]))))
    return (red, 1.0 - red)


__all__ = ["evaluate", "rollout"]
