"""``grimoire games``: the registered games, and the entry points that failed to load.

>>> [g.name for g in games().games][:2]
['magery', 'swords-wizardry']
"""

from __future__ import annotations

import msgspec

from grimoire.core import registry


class GameInfo(msgspec.Struct, frozen=True):
    """One registered game: its name, rules version, player counts and title."""

    name: str
    rules: str
    players: tuple[int, ...]
    doc: str


class GamesReport(msgspec.Struct, frozen=True):
    """Every registered game, and each broken entry point with its error."""

    games: tuple[GameInfo, ...]
    broken: dict[str, str]


def games() -> GamesReport:
    """The registered games, sorted by name."""
    return GamesReport(
        games=tuple(GameInfo(r.name, r.version, tuple(r.seats), r.title)
                    for r in registry.all_rules()),
        broken=registry.broken(),
    )
