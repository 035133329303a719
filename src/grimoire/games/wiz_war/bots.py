"""How a search bot imagines the rest of a game (:class:`~grimoire.core.rules.Playing`).

Rollouts let attacks through (``Allow``) nine times in ten when a counter spell could be
played: answering every window at random is what makes random games run to thousands of
actions. A position a rollout stops at is scored by victory points, wounds and treasures
on the way home, as a share per seat.

>>> from grimoire.games.wiz_war import RULES
>>> shares = evaluate(RULES.setup(RULES.Options(), ("A", "B")))
>>> [round(x, 3) for x in shares]
[0.5, 0.5]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from grimoire.core.rules import PlayerId
from grimoire.games.wiz_war.events import Allow, Event
from grimoire.games.wiz_war.state import State, points

ALLOW = 0.9
"""How often a rollout lets an attack through when it may."""
POINT, LIFE, CARRY = 3.0, 0.15, 1.0
"""Weights of a victory point, a point of life, an enemy treasure carried."""


def rollout(_state: State, _player: PlayerId, actions: Sequence[Event],
            rng: random.Random) -> Event:
    """``Allow`` most of the time when it is offered; otherwise any action, uniformly."""
    if rng.random() < ALLOW:
        for action in actions:
            if isinstance(action, Allow):
                return action
    return actions[rng.randrange(len(actions))]


def evaluate(state: State) -> list[float]:
    """Each seat's share: a softmax of points, life and enemy treasures carried (a dead
    wizard scores nothing)."""
    scores = []
    for p in range(state.players):
        if state.pos[p] < 0:
            scores.append(-1e9)
            continue
        carried = sum(1 for t, b in enumerate(state.bearer) if b == p and t // 2 != p)
        scores.append(POINT * points(state, p) + LIFE * state.life[p] + CARRY * carried)
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]
