"""What the learning environments (:mod:`grimoire.envs`) read of Swords & Wizardry beyond
the rules: every place a choice may name, in a fixed order (the map's 100 squares).

>>> places(2)[0], len(places(2))
('a10', 100)
"""

from __future__ import annotations

from grimoire.games.swords_wizardry.board import SQUARES


def places(count: int) -> tuple[str, ...]:
    """The map's squares, as the board numbers them."""
    return SQUARES
