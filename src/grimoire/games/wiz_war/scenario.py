"""Wiz-War positions from a few facts, for edge-case tests and fixtures.

>>> s = position(hands={0: [card("Fireball")]}, at={1: "h3"})
>>> s.phase, s.pos[1] == square("h3"), len(s.deck)
('move', True, 83)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.model import DECK
from grimoire.games.wiz_war.state import Options, State

__all__ = ["border", "card", "position", "square"]


def card(name: str, k: int = 0) -> int:
    """The number of the ``k``-th copy of ``name`` in the deck."""
    return [i for i, n in enumerate(DECK) if n == name][k]


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
    from grimoire.games.wiz_war.rules import RULES

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
