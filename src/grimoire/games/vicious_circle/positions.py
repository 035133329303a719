"""Wizards of the Vicious Circle positions from a few facts, for tests of the rules
(``grimoire.testing.position("vicious-circle", ...)`` reaches :func:`position` through the
registry). The position is read through the notation, so one no game reaches is refused
(``position/invalid``).

>>> s = position({"c5": "S", "b2": "p"}, reserves=("WD", "wd"), to_move=1)
>>> s.board[B.INDEX["c5"]], s.reserves, s.turn
('S', ('WD', 'wd'), 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.kit import bad_position, options_of, write_pieces
from grimoire.games.vicious_circle import board as B
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.notation import parse
from grimoire.games.vicious_circle.state import Options, State

__all__ = ["position"]


def position(pieces: Mapping[str, str] | None = None, *,
             reserves: Sequence[str] = ("", ""), to_move: int = 0,
             last: Sequence[str] = ("", ""), passes: int = 0,
             options: Options | Mapping[str, Any] | None = None,
             players: Sequence[str] = T.SEAT_NAMES) -> State:
    """A position in play: ``pieces`` by square (``S`` saint, ``P`` spirit, ``C``
    child, ``W`` warrior, ``D`` dragon; Dawn's in capitals, Twilight's in small
    letters), each seat's creatures in ``reserves`` (letters, either case), the seat
    ``to_move`` (0 Dawn, 1 Twilight), each seat's ``last`` move (``"c5c3"``, for the
    no-return rule) and the ``passes`` in a row so far. Creatures on neither the board
    nor in reserve are captured. ``options`` as :class:`Options` or a mapping.

    >>> s = position({"e4": "D", "a1": "s"}, reserves=("S", ""))
    >>> s.turn, s.reserves, s.winners
    (0, ('S', ''), ())
    >>> position({"a1": "D"}, to_move=1, last=("b2a1", "")).result  # the enemy throne
    'throne'
    >>> position({"a1": "D"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.IllegalAction: position/invalid: ... Dawn moved last: Twilight is to move
    """
    if to_move not in (0, 1):
        raise bad_position(f"to_move={to_move!r}", "the seat to move is 0 (Dawn) or 1 (Twilight)")
    if len(reserves) != 2 or len(last) != 2:
        raise bad_position(f"reserves={reserves!r}, last={last!r}",
                           "reserves and last are a pair: Dawn's, then Twilight's")
    opts = options_of(Options, options)
    board = write_pieces(B.GRID, pieces or {})
    held = f"{reserves[0].upper() or '-'}/{reserves[1].lower() or '-'}"
    moves = ",".join(m or "-" for m in last)
    return parse(f"{board} {held} {T.SEAT_LETTERS[to_move]} {moves} {passes}", opts,
                 tuple(players))
