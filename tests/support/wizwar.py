"""Shared helpers for the Wiz-War tests: cards by name, squares by name, positions built
from a few facts, and acting with the rules directly (no Match)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec
import pytest

from grimoire.core.dice import RecordedDice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.model import DECK
from grimoire.games.wiz_war.state import Options, State

NAMES = ("Callista", "Matt", "Grendel", "Ysolde")


def card(name: str, k: int = 0) -> int:
    """The ``k``-th copy of ``name`` in the deck."""
    return [i for i, n in enumerate(DECK) if n == name][k]


def sq(name: str, n: int = 2) -> int:
    q = B.geometry(n).square(name)
    assert q >= 0, name
    return q


def edge(name: str, d: str, n: int = 2) -> int:
    e = B.geometry(n).edge[sq(name, n)][B.DIRS.index(d)]
    assert e >= 0, (name, d)
    return e


def position(
    n: int = 2,
    hands: dict[int, Sequence[int]] | None = None,
    carried: dict[int, Sequence[int]] | None = None,
    at: dict[int, str] | None = None,
    options: Options | None = None,
    **fields: Any,
) -> State:
    """A Move and Cast position for seat 0 (not its first turn) with the given hands,
    items and squares; dealt cards leave the deck."""
    s = RULES.setup(options or Options(), NAMES[:n])
    hands = hands or {}
    carried = carried or {}
    used = {c for h in hands.values() for c in h} | {c for h in carried.values() for c in h}
    pos = list(s.pos)
    for p, name in (at or {}).items():
        pos[p] = sq(name, n)
    base: dict[str, Any] = dict(
        phase="move",
        active=0,
        turns=(2,) * n,
        mp=3,
        pos=tuple(pos),
        hands=tuple(tuple(hands.get(p, ())) for p in range(n)),
        carried=tuple(tuple(carried.get(p, ())) for p in range(n)),
        deck=tuple(c for c in s.deck if c not in used),
    )
    base.update(fields)
    return msgspec.structs.replace(s, **base)


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
