"""How a search bot imagines the rest of a game (:class:`~grimoire.core.rules.Playing`).

Rollouts play a cheap sensible policy for both seats instead of uniformly random
actions, and a rollout cut off before the war ends is scored by the armies left.

- **Deploy all in** (:data:`ALL_IN`): the exact best response to the random bot
  (``tools/wa_best_response.py``) deploys as many units as it may (six, or the whole
  army) in every round it computed, armies up to 40 a side.
- **Strike the highest die** (:func:`strike`): in a battle, the highest enemy die, with
  as few dice as will do and the smallest of them; in a raid, the lowest camp unit, the
  same way (the most units killed before the dice run out).
- **Score by armies** (:func:`evaluate`): a logistic of the army difference, scaled down
  as the armies grow (a lead of two in armies of four is worth more than in armies of
  twenty).

The hints read only the state they are given (the search gives them sampled worlds, in
which the other seat's secret deployment is drawn anew), so they leak nothing.

>>> import random
>>> from grimoire.games.wizard_armies import RULES
>>> s = State(phase="deploy", troops=(9, 4), mustered=(True, True))
>>> rollout(s, 1, RULES.legal(s, 1), random.Random(0))
Deploy(player=1, units=4)
>>> [round(x, 3) for x in evaluate(s)]
[0.883, 0.117]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from grimoire.core.rules import PlayerId
from grimoire.games.wizard_armies.events import Deploy, Event, Strike
from grimoire.games.wizard_armies.state import State

ALL_IN = True
"""Rollouts deploy the most units they may (the last of ``legal``'s deployments)."""

LEAD, DAMPING = 10.0, 1.25
"""The score of armies ``a`` against ``b``: ``1 / (1 + exp(-LEAD * (a - b) / (a + b) **
DAMPING))``, fitted (root mean square error 0.04 over armies up to 15) to the exact
chances of tools/wa_best_response.py made symmetric, (V(a, b) + 1 - V(b, a)) / 2."""


def strike(state: State, strikes: Sequence[Strike]) -> Strike:
    """The strike a rollout makes: in a battle the highest enemy die, in a raid the
    lowest camp unit; with the fewest dice that do it, the smallest of them.

    >>> s = State(phase="battle", troops=(5, 5), field=((5, 4, 2), (5, 3)), turn=0)
    >>> strike(s, [Strike(player=0, dice=(4,), target=3), Strike(player=0, dice=(4, 2),
    ...     target=5), Strike(player=0, dice=(5, 2), target=5)])
    Strike(player=0, dice=(4, 2), target=5)
    """
    if state.phase == "raid":
        return min(strikes, key=lambda a: (len(a.dice), a.target, sum(a.dice)))
    return min(strikes, key=lambda a: (-a.target, len(a.dice), sum(a.dice)))


def rollout(state: State, seat: PlayerId, actions: Sequence[Event],
            rng: random.Random) -> Event:
    """All in when deploying; :func:`strike` when a strike on a die may be made, else the
    Wizard's camp strike; anything else (the muster) uniformly."""
    first = actions[0]
    if isinstance(first, Deploy):
        return actions[-1] if ALL_IN else actions[rng.randrange(len(actions))]
    strikes = [a for a in actions if isinstance(a, Strike)]
    if strikes:
        return strike(state, strikes)
    return actions[rng.randrange(len(actions))]


def evaluate(state: State) -> tuple[float, float]:
    """Each seat's share of the win by the armies left (dice on the field count).

    >>> evaluate(State(troops=(6, 6)))
    (0.5, 0.5)
    """
    a, b = state.troops
    if a + b <= 0:
        return (0.5, 0.5)
    x = LEAD * (a - b) / (a + b) ** DAMPING
    light = 1.0 / (1.0 + math.exp(-x))
    return (light, 1.0 - light)


__all__ = ["ALL_IN", "DAMPING", "LEAD", "evaluate", "rollout", "strike"]
