"""Wizards of the Vicious Circle events.

Squares are named ``a5``..``e1`` (see ``tables.py``); creatures by name (``"saint"``).

>>> Move(player=0, from_="c5", to="c3")
Move(player=0, from_='c5', to='c3')
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from grimoire.core.events import Action, Consequence, Seat
from grimoire.core.kit import GameOver
from grimoire.games.vicious_circle import board as B

Square = Annotated[str, msgspec.Meta(pattern=B.GRID.pattern,
                                       description="A square of the board (a1..e5).")]
"""A square's name, checked when a log is read (and in the JSON Schema)."""

class Setup(Action, frozen=True, tag="setup"):
    """A seat's secret deployment: three (creature, square) pairs in its domain.

    Redacted for everyone else to ``placement=()`` until the reveal."""

    placement: tuple[tuple[str, Square], ...]


class Move(Action, frozen=True, tag="move"):
    """Move one creature from ``from`` to ``to`` (1 to its range of king steps)."""

    from_: Square = msgspec.field(name="from")
    to: Square


class Deploy(Action, frozen=True, tag="deploy"):
    """Put a reinforcement from reserve into play in the domain."""

    creature: str
    to: Square


class Pass(Action, frozen=True, tag="pass"):
    """Only when no other action is legal (see Rulings)."""


class Reveal(Consequence, frozen=True, tag="reveal"):
    """Both setups are in: the screen comes down. ``first`` is the seat that moves first."""

    placements: tuple[tuple[tuple[str, Square], ...], ...]
    first: Seat


class Capture(Consequence, frozen=True, tag="capture"):
    """``creature`` of seat ``owner`` is captured on ``square`` by seat ``by``."""

    by: Seat
    owner: Seat
    creature: str
    square: Square


Event = Union[Setup, Move, Deploy, Pass, Reveal, Capture, GameOver]  # noqa: UP007
"""Every event of the game: the tagged union a log's records decode to."""

__all__ = ["Capture", "Deploy", "Event", "GameOver", "Move", "Pass", "Reveal", "Setup"]
