"""What the learning environments (:mod:`grimoire.envs`) read of Magery beyond the rules:
every place a choice may name, in a fixed order (the arena's 64 squares, then the Mage
Tower's chambers).

>>> places(2)[0], places(2)[64], len(places(2))
('a1', 'chamber-1', 80)
"""

from __future__ import annotations

from grimoire.games.magery import tables as T
from grimoire.games.magery.board import SQUARES


def places(count: int) -> tuple[str, ...]:
    """The arena's squares, then the chambers ``chamber-1`` … (one per floor of the tower)."""
    return SQUARES + tuple(f"chamber-{n}" for n in range(1, len(T.TOWER) + 1))
