"""Swords & Wizardry positions from a few facts, for tests of the rules
(``grimoire.testing.position("swords-wizardry", ...)`` reaches :func:`position` through
the registry). The position is read through the notation, so one no game reaches is
refused (``position/invalid``).

>>> s = position({"c7": "K*", "c4": "p"}, to_move=1)
>>> s.board[B.INDEX["c7"]], s.revealed[B.INDEX["c7"]], s.turn
('K', True, 1)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from grimoire.core.kit import bad_position, options_of, write_pieces
from grimoire.games.swords_wizardry import board as B
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.notation import parse
from grimoire.games.swords_wizardry.state import Options, State

__all__ = ["position"]


def position(pieces: Mapping[str, str] | None = None, *, to_move: int = 0,
             pinned: Collection[int] = (), storm: tuple[str, int] | None = None,
             quiet: int = 0, options: Options | Mapping[str, Any] | None = None,
             players: Sequence[str] = T.SEAT_NAMES) -> State:
    """A position in play: ``pieces`` by square (Red's in capitals, Black's in small
    letters: ``K`` king, ``H`` hero, ``M`` marshall-royal, ``P`` princess, ``W`` wizard,
    ``D`` dragon, ``G`` giant, ``O`` ogre, ``N`` knights, ``A`` men-at-arms, ``B``
    bowmen, ``S`` peasants, ``C`` siege-catapult; ``"K*"``: a piece already shown to
    the opponent), the seat ``to_move`` (0 Red, 1 Black), the seats whose Princess is
    ``pinned`` in her castle, a ``storm`` awaited (the castle's square and the storming
    seat) and the moves in a row without an attack (``quiet``). Pieces on neither side
    are eliminated. ``options`` as :class:`Options` or a mapping.

    >>> position({"a10": "S", "j1": "s"}, quiet=3).quiet
    3
    """
    seats = {to_move, *pinned, *(() if storm is None else (storm[1],))}
    if not seats <= {0, 1}:
        raise bad_position(f"to_move={to_move!r}, pinned={pinned!r}, storm={storm!r}",
                           "a seat is 0 (Red) or 1 (Black)")
    opts = options_of(Options, options)
    board = write_pieces(B.GRID, pieces or {})
    held = "".join(T.SEAT_LETTERS[s] for s in sorted(set(pinned))) or "-"
    awaited = "-" if storm is None else f"{storm[0]}:{T.SEAT_LETTERS[storm[1]]}"
    return parse(f"{board} {T.SEAT_LETTERS[to_move]} {held} {awaited} {quiet}", opts,
                 tuple(players))
