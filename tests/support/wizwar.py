"""Shared helpers for the Wiz-War tests: cards by name, squares by name, positions built
from a few facts (the public builder, :mod:`grimoire.games.wiz_war.positions`, which
``grimoire.testing.position("wiz-war", ...)`` reaches), and acting with the rules directly
(no Match), a neutral spell's response window settled.

>>> s = position(hands={0: [card("Fireball")]}, at={1: "h3"})
>>> s.phase, s.pos[1] == square("h3"), len(s.deck)
('move', True, 83)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from grimoire.core.dice import RecordedDice
from grimoire.core.errors import IllegalAction
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.events import Event
from grimoire.games.wiz_war.positions import border, card, position, square
from grimoire.games.wiz_war.state import State
from grimoire.testing.positions import kinds

__all__ = ["NAMES", "act", "border", "card", "edge", "kinds", "position", "reason", "sq",
           "square"]

NAMES = ("Callista", "Matt", "Grendel", "Ysolde")


def sq(name: str, n: int = 2) -> int:
    return square(name, n)


def edge(name: str, d: str, n: int = 2) -> int:
    return border(name, d, n)


def act(state: State, action: Event, dice: Iterable[int] = (),
        settle: bool = True) -> tuple[tuple[Event, ...], State]:
    """Decide and fold ``action``; returns the events and the new state. With ``settle``
    a neutral spell's response window is closed by every responder allowing it (their
    events are returned too)."""
    d = RecordedDice(dice)
    events = RULES.decide(state, action, d)
    for e in events:
        state = RULES.evolve(state, e)
    while settle and state.pending is not None and state.pending.kind == "neutral":
        more = RULES.decide(state, E.Allow(player=state.pending.target), d)
        for e in more:
            state = RULES.evolve(state, e)
        events += more
    assert d.remaining == 0, "unused dice"
    return events, state


def reason(state: State, action: Event, dice: Iterable[int] = ()) -> str:
    with pytest.raises(IllegalAction) as exc:
        act(state, action, dice)
    return exc.value.reason


def well_formed(art: Sequence[str]) -> None:
    """A sector's art as the tables draw it: squares on odd rows and columns (``.``, ``H``,
    ``T``), borders between them (``-``/``|`` wall, ``D`` door, space open), ``+`` on the
    corners."""
    for y, row in enumerate(art):
        for x, ch in enumerate(row):
            if y % 2 and x % 2:
                assert ch in ".HT"
            elif y % 2 == 0 and x % 2 == 0:
                assert ch == "+"
            else:
                assert ch in " -|D"


def reached_without_doors(key: Any, g: Any) -> set[int]:
    """The squares of the board ``g`` (``board.geometry(key)``'s shape) reached from the
    first home base without passing a door (every door taken for a wall)."""
    from grimoire.games.wiz_war import board as B

    edges = tuple("#" if kind == "D" else kind for kind in g.initial_edges)
    seen, todo = {g.home[0]}, [g.home[0]]
    while todo:
        q = todo.pop()
        for d in range(4):
            nb = B.step(key, edges, q, d)[0]
            if nb >= 0 and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen
