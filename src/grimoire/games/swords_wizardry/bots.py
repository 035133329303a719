"""How a search bot imagines the rest of a game (:class:`~grimoire.core.rules.Playing`).

A random game runs to a thousand moves, so a search learns from the score of the
positions where its rollouts stop, not from games played out. :func:`scores` counts what
wins: the pieces each side has lost (by their worth), its rescuers and catapults advanced
(in steps still to walk round the lake), and how near it is to the enemy Princess:
catapults in range of the castles she may be in, the squares around them held, rescuers
next to them or to hidden pieces near them, a Princess found (pinned or shown) and the
nearest rescuer; and its own Princess kept in a castle. :func:`evaluate` turns the
difference into shares of the win. :func:`rollout` plays a rescue, a storm or a
bombardment of a castle when one is offered, else any action.

Both read only the state they are given: a search passes worlds it has sampled, where the
opponent's hidden pieces are dealt anew. So the enemy Princess is not looked up on the
board while she is hidden: each hidden enemy piece is weighed by the chance that it is
her, from where it stands (:data:`PRIOR`: she is deployed in a castle and seldom far from
one). A threat counts for less than carrying it out brings in those worlds (the castle's
occupant eliminated, or the Princess pinned, as likely as any hidden piece to be there),
or the search would keep its threats rather than spend them.

>>> from grimoire.games.swords_wizardry import RULES
>>> evaluate(RULES.setup(RULES.Options(), ("Red", "Black")))
(0.5, 0.5)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from grimoire.core.rules import PlayerId
from grimoire.games.swords_wizardry.board import (
    BRIDGE_STEPS,
    CASTLE,
    CASTLES,
    CATAPULT,
    HOME_CASTLES,
    INDEX,
    KINDS,
    LAKE,
    LETTERS,
    LOWER,
    NEIGHBOURS,
    PRINCESS,
    RAYS,
    RESCUER,
    N,
    S,
)
from grimoire.games.swords_wizardry.events import Bombard, Event, Move, Storm
from grimoire.games.swords_wizardry.state import State

# ------------------------------------------------------------------ weights (data)

WORTH: dict[str, float] = {
    "king": 3.0, "hero": 4.0, "marshall-royal": 4.0, "princess": 0.0, "wizard": 4.0,
    "dragon": 6.0, "giant": 5.0, "ogre": 3.0, "knights": 3.0, "men-at-arms": 2.0,
    "bowmen": 2.0, "peasants": 1.0, "siege-catapult": 4.0,
}
"""What losing a piece of each kind costs, in Peasants."""

ADVANCE: dict[str, float] = {
    "king": 0.0, "hero": 0.3, "marshall-royal": 0.3, "princess": 0.0, "wizard": 0.0,
    "dragon": 0.2, "giant": 0.1, "ogre": 0.0, "knights": 0.3, "men-at-arms": 0.2,
    "bowmen": 0.2, "peasants": 0.0, "siege-catapult": 0.2,
}
"""Worth of each step a piece of the kind stands ahead of the middle of its own
deployment zone, counted in the steps it still has to walk to the enemy back rank (round
the lake: see :data:`FORWARD`; behind that middle the same worth is lost): rescuers and
catapults are what reaches the enemy Princess, and a deployment that puts them in front
sends them first."""

ZONE_MIDDLE = 1.5
"""The row :data:`ADVANCE` counts from (rows 0 to 3 are a side's deployment zone)."""

LOSS = 1.0
"""Weight of a Peasant's worth lost."""
CASTLE_PRIOR = 4.0
"""How much likelier a hidden enemy piece in a castle is the Princess than one outside."""
IN_RANGE = 3.0
"""A catapult able to bombard a castle, times the chance the Princess is in it (times
:data:`RANGE_DECAY` for each step the catapult still has to make)."""
RING = 4.0
"""Each square around a castle held, times the chance the Princess is in it."""
NEAR = 4.0
"""A rescuer next to a castle, times the chance the Princess is in it (times
:data:`NEAR_DECAY` for each step further away)."""
PINNED = 40.0
"""The enemy Princess pinned in her castle: found, and unable to leave (nearly a win:
worth more than every threat against the castles she might have been in)."""
SHOWN = 8.0
"""The enemy Princess shown outside a castle, where any rescuer next to her may
challenge her."""
FOLLOW = 16.0
"""The nearest rescuer next to the enemy Princess shown or pinned (less with each step
away, nothing from :data:`REACH` steps)."""
HUNT = 6.0
"""A rescuer next to a hidden enemy piece outside a castle, times the chance that it is
the Princess (and :data:`NEAR_DECAY` of that two steps away)."""
DANGER = 2.0
"""Each enemy piece next to one's own Princess outside a castle."""
KEEP = 1.0
"""One's own Princess in a castle, where only a catapult or a surround can reach her."""
HOME_DECAY = 0.5
"""How much of :data:`CASTLE_PRIOR` (over 1) a square keeps for each step from a castle."""
RANGE_DECAY = 0.7
"""How much a catapult's pull towards a castle keeps for each step still to make."""
REACH = 16
"""Steps from which a rescuer is drawn towards a Princess shown or pinned (the pull grows
by the same amount with each step nearer)."""
NEAR_DECAY = 0.5
"""How much a rescuer's pull towards a castle or the Princess keeps for each step."""
SCALE = 0.05
"""The logistic's slope, from a difference of scores to a share of the win (gentle, so
that a side far ahead still sees its progress)."""


def _walk(src: int) -> tuple[int, ...]:
    """Steps from ``src`` to every square for a piece that walks: one square at a time
    around Lake Limpid or along the bridge, whatever stands in the way (``N`` for the
    lake, which no walker enters).

    >>> from grimoire.games.swords_wizardry.board import INDEX
    >>> _walk(INDEX["e8"])[INDEX["e3"]], _walk(INDEX["a8"])[INDEX["a3"]]
    (8, 5)
    """
    steps = [N] * N
    steps[src] = 0
    frontier = [src]
    while frontier:
        nxt = []
        for sq in frontier:
            for q in (*NEIGHBOURS[sq], *BRIDGE_STEPS[sq]):
                if not LAKE[q] and steps[q] == N:
                    steps[q] = steps[sq] + 1
                    nxt.append(q)
        frontier = nxt
    return tuple(steps)


DISTANCE: tuple[tuple[int, ...], ...] = tuple(_walk(a) for a in range(N))
"""``DISTANCE[a][b]``: steps a walking piece makes from ``a`` to ``b`` (:func:`_walk`)."""

RINGS: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(frozenset(q for q in range(N) if DISTANCE[sq][q] == d) for d in (1, 2, 3))
    for sq in range(N))
"""``RINGS[sq]``: the squares one, two and three steps' walk from ``sq``."""
RING_PULLS = (1.0, NEAR_DECAY, NEAR_DECAY ** 2)
"""What a rescuer one, two or three steps from a target counts for."""

PRIOR: tuple[tuple[float, ...], ...] = tuple(
    tuple(1.0 + (CASTLE_PRIOR - 1.0) * HOME_DECAY ** d if d <= 2 else 1.0
          for d in (min(DISTANCE[sq][c] for c in HOME_CASTLES[seat]) for sq in range(N)))
    for seat in (0, 1)
)
"""``PRIOR[seat][sq]``: how likely, against a hidden piece far from the castles, a hidden
piece of ``seat`` on ``sq`` is its Princess: :data:`CASTLE_PRIOR` in one of its castles,
less and less up to two steps from one (a Princess that has left her castle is seldom
far from it)."""

FORWARD: tuple[tuple[float, ...], ...] = tuple(
    tuple(S - 1 - ZONE_MIDDLE - min(DISTANCE[sq][q] for q in range(N) if q // S == back)
          for sq in range(N))
    for back in (S - 1, 0)
)
"""``FORWARD[seat][sq]``: how far ahead of the middle of the seat's deployment zone
``sq`` is, in steps still to walk to the enemy back rank (negative behind it)."""


def _firing(castle: int) -> tuple[int, ...]:
    """The squares a catapult attacks ``castle`` from: next to it, or two squares away in
    a straight line not across the lake (never a castle: a catapult may not stand on one).

    >>> from grimoire.games.swords_wizardry.board import INDEX, SQUARES
    >>> sorted(SQUARES[q] for q in _firing(INDEX["b1"]))
    ['a1', 'b2', 'b3', 'c1', 'd1']
    """
    near = [ray[0] for ray in RAYS[castle] if ray and not LAKE[ray[0]]]
    far = [ray[1] for ray in RAYS[castle]
           if len(ray) > 1 and not LAKE[ray[0]] and not LAKE[ray[1]]]
    return tuple(q for q in near + far if not CASTLE[q])


def _pull(steps: int, decay: float) -> float:
    """What being ``steps`` steps from a goal counts: 1 on it, times ``decay`` for each
    step further."""
    return float(decay ** max(steps, 0))


def _reach(steps: int) -> float:
    """What being ``steps`` steps from a goal counts: 1 on it, nothing from
    :data:`REACH` steps away, evenly in between."""
    return max(0.0, 1.0 - steps / REACH)


FIRING: dict[int, tuple[float, ...]] = {
    c: tuple(_pull(min(DISTANCE[sq][f] for f in _firing(c)), RANGE_DECAY) for sq in range(N))
    for c in CASTLES
}
"""``FIRING[castle][sq]``: a catapult on ``sq``'s pull towards attacking ``castle``."""

BESIDE: dict[int, tuple[float, ...]] = {
    c: tuple(_pull(DISTANCE[sq][c] - 1, NEAR_DECAY) for sq in range(N)) for c in range(N)
}
"""``BESIDE[target][sq]``: a rescuer on ``sq``'s pull towards standing next to ``target``."""

CHASE: dict[int, tuple[float, ...]] = {
    t: tuple(_reach(DISTANCE[sq][t] - 1) for sq in range(N)) for t in range(N)
}
"""``CHASE[target][sq]``: a rescuer on ``sq``'s pull towards standing next to a Princess
shown or pinned on ``target``, from as far as :data:`REACH` steps."""

# _LETTER[ch]: (seat, role, advance by square) of each board letter; role 1 a rescuer,
# 2 a catapult, 3 the Princess, 0 another piece.
_LETTER: dict[str, tuple[int, int, tuple[float, ...]]] = {}
for _seat, _letters in enumerate((LETTERS, LOWER)):
    for _kind, _ch in enumerate(_letters):
        _role = (3 if _kind == PRINCESS else 2 if _kind == CATAPULT
                 else 1 if RESCUER[_kind] else 0)
        _LETTER[_ch] = (_seat, _role, tuple(ADVANCE[KINDS[_kind]] * FORWARD[_seat][sq]
                                            for sq in range(N)))
_NOBODY: tuple[int, int, tuple[float, ...]] = (-1, 0, ())  # empty, or sealed (X/x)
_LOST: dict[str, float] = {ch: WORTH[KINDS[k]] for k, ch in enumerate(LETTERS)}
_LOST.update({ch: WORTH[KINDS[k]] for k, ch in enumerate(LOWER)})

# ------------------------------------------------------------------ evaluate


def evaluate(state: State) -> tuple[float, float]:
    """Each seat's share of the win: a logistic of the difference of the two sides'
    :func:`scores`.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> evaluate(RULES.setup(RULES.Options(), ("Red", "Black")))
    (0.5, 0.5)
    """
    red, black = scores(state)
    if red == black:
        return (0.5, 0.5)
    share = 1.0 / (1.0 + math.exp(SCALE * (black - red)))
    return (share, 1.0 - share)


def scores(state: State) -> tuple[float, float]:
    """Each seat's score, in Peasants' worth (see the module's description).

    >>> from grimoire.games.swords_wizardry import RULES
    >>> scores(RULES.setup(RULES.Options(), ("Red", "Black")))
    (0.0, 0.0)
    """
    board, revealed = state.board, state.revealed
    score = [-LOSS * sum(_LOST[ch] for ch in state.lost[0]),
             -LOSS * sum(_LOST[ch] for ch in state.lost[1])]
    catapults: tuple[list[int], list[int]] = ([], [])
    rescuers: tuple[list[int], list[int]] = ([], [])
    hidden = [0, 0]  # pieces of each seat its opponent has not seen
    loose: tuple[list[int], list[int]] = ([], [])  # where those outside the castles stand
    princess = [-1, -1]
    get = _LETTER.get
    for sq, ch in enumerate(board):
        found = get(ch)
        if found is None:  # empty, or a sealed piece (X/x) of unknown kind
            continue
        seat, role, advance = found
        score[seat] += advance[sq]
        if not revealed[sq]:
            hidden[seat] += 1
            if not CASTLE[sq]:
                loose[seat].append(sq)
        if role == 1:
            rescuers[seat].append(sq)
        elif role == 2:
            catapults[seat].append(sq)
        elif role == 3:
            princess[seat] = sq
    for seat in (0, 1):
        enemy = 1 - seat
        score[seat] += _attack(state, seat, catapults[seat], rescuers[seat], hidden[enemy],
                               loose[enemy], princess[enemy])
        own = princess[seat]
        if own >= 0 and CASTLE[own]:
            score[seat] += KEEP
        elif own >= 0:
            for q in NEIGHBOURS[own]:
                if get(board[q], _NOBODY)[0] == enemy:
                    score[seat] -= DANGER
    return (score[0], score[1])


def _attack(state: State, seat: int, catapults: list[int], rescuers: list[int],
            hidden: int, loose: list[int], princess: int) -> float:
    """How near ``seat`` is to rescuing the enemy Princess (on ``princess`` in this
    world; ``hidden`` enemy pieces are not yet shown, ``loose`` those of them outside the
    castles): see the module's description."""
    board, revealed = state.board, state.revealed
    enemy = 1 - seat
    get = _LETTER.get
    if princess >= 0 and revealed[princess]:  # she has been shown: no guessing
        near = FOLLOW * max(map(CHASE[princess].__getitem__, rescuers), default=0.0)
        if state.pinned[enemy]:
            return PINNED + near
        if not CASTLE[princess]:
            return SHOWN + near
        candidates, weight = [princess], 1.0
    else:
        prior = PRIOR[enemy]
        candidates = [c for c in HOME_CASTLES[enemy]
                      if not revealed[c] and get(board[c], _NOBODY)[0] == enemy]
        odds = CASTLE_PRIOR * len(candidates) + sum(map(prior.__getitem__, loose))
        if not odds:
            return 0.0
        weight = CASTLE_PRIOR / odds
    total = 0.0
    for c in candidates:
        gain = 0.0
        if catapults:
            gain += IN_RANGE * max(map(FIRING[c].__getitem__, catapults))
        for q in NEIGHBOURS[c]:
            if get(board[q], _NOBODY)[0] == seat:
                gain += RING
        if rescuers:
            gain += NEAR * max(map(BESIDE[c].__getitem__, rescuers))
        total += weight * gain
    if weight < 1.0 and loose and rescuers:
        # Hidden pieces near the enemy castles, where she is likelier: how near the
        # nearest rescuer is; elsewhere, rescuers next to (or two steps from) any.
        ours = set(rescuers)
        near = 0.0
        for q in loose:
            if prior[q] > 1.0:
                for pull, ring in zip(RING_PULLS, RINGS[q], strict=True):
                    if not ours.isdisjoint(ring):
                        near += prior[q] * pull
                        break
        targets = set(loose)
        for r in rescuers:
            rings = RINGS[r]
            if not targets.isdisjoint(rings[0]):
                near += 1.0
            elif not targets.isdisjoint(rings[1]):
                near += NEAR_DECAY
        total += HUNT / odds * near
    return total


# ------------------------------------------------------------------ rollout

def rollout(state: State, player: PlayerId, actions: Sequence[Event],
            rng: random.Random) -> Event:
    """A rescue if one is offered (a rescuer challenging the enemy Princess, or storming
    her castle), else a storm or a bombardment of a castle, else any action, uniformly."""
    board = state.board
    best: Event | None = None
    for action in actions:
        if type(action) is Move:
            target = _LETTER.get(board[INDEX[action.to]], _NOBODY)
            if target[1] == 3 and _LETTER.get(board[INDEX[action.from_]], _NOBODY)[1] == 1:
                return action
        elif type(action) is Bombard:
            if best is None and CASTLE[INDEX[action.to]]:
                best = action
        elif type(action) is Storm:
            if _LETTER.get(board[INDEX[action.from_]], _NOBODY)[1] == 1:
                return action
            best = best or action
    if best is not None:
        return best
    return actions[rng.randrange(len(actions))]


__all__ = ["evaluate", "rollout", "scores"]
