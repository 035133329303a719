"""Shared helpers for the Wiz-War tests (and the fixture script): cards by name, squares by
name, positions built from a few facts, and acting with the rules directly (no Match).

>>> s = position(hands={0: [card("Fireball")]}, at={1: "h3"})
>>> s.phase, s.pos[1] == square("h3"), len(s.deck)
('move', True, 83)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec
import pytest

from grimoire.core.dice import RecordedDice
from grimoire.core.errors import IllegalAction
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import card_number
from grimoire.games.wiz_war.events import Event
from grimoire.games.wiz_war.state import Options, State

__all__ = ["NAMES", "act", "border", "card", "edge", "kinds", "position", "reason", "sq",
           "square"]

NAMES = ("Callista", "Matt", "Grendel", "Ysolde")


def card(name: str, k: int = 0) -> int:
    """The number of the ``k``-th copy of ``name`` in the deck."""
    return card_number(name, k)


def square(name: str, players: int = 2) -> int:
    """The square named ``name`` (``c3``) on the board for ``players``."""
    q = B.geometry(players).square(name)
    if q < 0:
        raise ValueError(f"no square {name!r} on the {players}-player board")
    return q


def border(name: str, side: str, players: int = 2) -> int:
    """The border on side ``side`` (``n e s w``) of square ``name``."""
    e = B.geometry(players).edge[square(name, players)][B.DIRS.index(side)]
    if e < 0:
        raise ValueError(f"side {side} of {name} is the edge of the board")
    return e


def position(players: int = 2, hands: dict[int, Sequence[int]] | None = None,
             carried: dict[int, Sequence[int]] | None = None,
             at: dict[int, str] | None = None, options: Options | None = None,
             **fields: Any) -> State:
    """A Move and Cast position for seat 0 (past its first turn, 3 movement points) with
    the given hands, carried items and squares; any other state field may be given.
    Cards in hands, carried, in play (``spells``) or lying about (``objects``) leave the
    deck."""
    s = RULES.setup(options or Options(), T.SEAT_NAMES[:players])
    hands = hands or {}
    carried = carried or {}
    used = {c for h in hands.values() for c in h} | {c for h in carried.values() for c in h}
    used |= {sp.card for sp in fields.get("spells", ())}
    used |= {c for c, _ in fields.get("objects", ())}
    pos = list(s.pos)
    for p, name in (at or {}).items():
        pos[p] = square(name, players)
    base: dict[str, Any] = dict(
        phase="move", active=0, turns=(2,) * players, mp=3, pos=tuple(pos),
        hands=tuple(tuple(hands.get(p, ())) for p in range(players)),
        carried=tuple(tuple(carried.get(p, ())) for p in range(players)),
        deck=tuple(c for c in s.deck if c not in used),
    )
    base.update(fields)
    return msgspec.structs.replace(s, **base)


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


def kinds(events: Iterable[Event]) -> list[str]:
    return [str(type(e).__struct_config__.tag) for e in events]


def reason(state: State, action: Event, dice: Iterable[int] = ()) -> str:
    with pytest.raises(IllegalAction) as exc:
        act(state, action, dice)
    return exc.value.reason
