"""What the learning environments (:mod:`grimoire.envs`) read of Wiz-War beyond the rules:
every place a choice may name, in a fixed order (the squares of the board for ``count``
wizards: two sectors for two, four for three or four).

>>> len(places(2)), len(places(4)), places(2)[0]
(50, 100, 'a1')
"""

from __future__ import annotations

from grimoire.games.wiz_war import board as B


def places(count: int) -> tuple[str, ...]:
    """The board's squares for ``count`` wizards, as the board numbers them."""
    return tuple(B.geometry(count).grid.names)
