"""Magery positions from a few facts, for tests of the rules (``grimoire.testing.position
("magery", ...)`` reaches :func:`position` through the registry). The position is read
through the notation, so one no game reaches is refused (``position/invalid``).

>>> s = position({"a1": "D", "h8": "u"}, tower={1: "D"}, phase="action")
>>> s.arena[B.SQUARE_INDEX["a1"]], s.tower[0], s.phase
('D', 'D', 'action')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.kit import bad_position, options_of, write_pieces
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.notation import parse
from grimoire.games.magery.state import Options, State

__all__ = ["position"]


def text(pieces: Mapping[str, str] | None = None, tower: Mapping[int, str] | None = None,
         **fields: Any) -> str:
    """The notation of the position :func:`position` builds (for a log header's
    ``position``, or ``Match.new(..., position=...)``).

    >>> text({"a1": "D"}, {16: "u"}, turn="b")
    'arena=8/8/8/8/8/8/8/D7 tower=...............u turn=b'
    """
    arena = write_pieces(B.GRID, pieces or {})
    for chamber in tower or {}:
        if chamber not in range(1, B.PUBLIC_CHAMBERS + 1):
            raise bad_position(f"tower={dict(tower or {})!r}",
                               f"no chamber {chamber!r}: the tower's are 1 to "
                               f"{B.PUBLIC_CHAMBERS}")
    floors = "".join((tower or {}).get(f, B.EMPTY) for f in range(1, B.PUBLIC_CHAMBERS + 1))
    extra = "".join(f" {k}={v}" for k, v in fields.items())
    return f"arena={arena} tower={floors}{extra}"


def position(pieces: Mapping[str, str] | None = None, tower: Mapping[int, str] | None = None,
             *, options: Options | Mapping[str, Any] | None = None,
             players: Sequence[str] = T.SEAT_NAMES, **fields: Any) -> State:
    """A position: ``pieces`` by square (White's in upper case, Black's in lower case:
    ``D`` dragon, ``M`` myrmidon, ``U`` undead, ``F`` fey, ``E`` elemental, ``B``
    beast, ``C`` construct, ``S`` spirit), the minion on each chamber of the ``tower``
    (1 to 16), and any other field of the notation by its name, written as the
    notation writes it (``phase="action"``, ``turn="b"``, ``dead="-/ccc"``, ``chaos=
    "seer,magus,dream-lord,conjurer"``). By default: round 1's decision phase, White to
    act and holding the Orb, the reserve whatever is elsewhere. ``options`` as
    :class:`Options` or a mapping.

    >>> position({"a8": "U", "h1": "u"}, dead="-/ccc").result  # three of a type: over
    'three-of-a-type'
    """
    opts = options_of(Options, options)
    return parse(text(pieces, tower, **fields), opts, tuple(players))
