"""What the learning environments (:mod:`grimoire.envs`) read of Vicious Circle beyond the
rules: every place a choice may name, in a fixed order (the map's 25 squares, then each
side's reserve and the counter of each creature in it).

>>> places(2)[:2], places(2)[25:27], len(places(2))
(('a5', 'b5'), ('dawn-reserve', 'dawn-reserve-saint'), 37)
"""

from __future__ import annotations

from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import SQUARES, reserve_square


def places(count: int) -> tuple[str, ...]:
    """The map's squares, then each side's reserve and its creatures' counters."""
    beside = tuple(name for seat in range(len(T.SEAT_NAMES)) for name in (
        reserve_square(seat), *(reserve_square(seat, kind) for kind, *_ in T.CREATURES)))
    return SQUARES + beside
