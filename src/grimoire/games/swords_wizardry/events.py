"""Swords & Wizardry events.

Squares are named ``a10``..``j1`` (see ``tables.py``); pieces by name (``"knights"``).

>>> Move(player=0, from_="c7", to="c6")
Move(player=0, from_='c7', to='c6')
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from grimoire.core.events import Action, Consequence, Roll, Seat
from grimoire.core.kit import GameOver
from grimoire.games.swords_wizardry import board as B

Square = Annotated[str, msgspec.Meta(pattern=B.GRID.pattern,
                                       description="A square of the board (a1..j10).")]
"""A square's name, checked when a log is read (and in the JSON Schema)."""

class Place(Action, frozen=True, tag="place"):
    """Deploy one piece, back to the opponent: ``piece`` on ``square`` of the home rows.

    Redacted for everyone else to ``piece=""``: they see only that the square is filled."""

    piece: str
    square: Square


class Commence(Consequence, frozen=True, tag="commence"):
    """Both forces are deployed; ``first`` moves first. Nothing is revealed."""

    first: Seat


class Move(Action, frozen=True, tag="move"):
    """Move one piece ``from`` -> ``to``; onto an enemy piece it is a challenge."""

    from_: Square = msgspec.field(name="from")
    to: Square


class Bombard(Action, frozen=True, tag="bombard"):
    """A Siege Catapult attacks the enemy piece two squares away in a straight line."""

    from_: Square = msgspec.field(name="from")
    to: Square


class Storm(Action, frozen=True, tag="storm"):
    """Take a surrounded castle: its occupant is removed and the surrounding piece on
    ``from`` takes its place (a Siege Catapult stays where it is)."""

    castle: Square
    from_: Square = msgspec.field(name="from")


class Decline(Action, frozen=True, tag="decline"):
    """Leave a surrounded castle alone: the surrounding player "may" storm it and chooses
    not to (option ``storm="may"``, the default). Nothing is removed or shown."""

    castle: Square


class Challenge(Consequence, frozen=True, tag="challenge"):
    """Both pieces of a challenge are shown: ``attacker`` on ``from``, ``defender`` on ``to``."""

    from_: Square = msgspec.field(name="from")
    to: Square
    attacker: str
    defender: str


class Reveal(Consequence, frozen=True, tag="reveal"):
    """One piece is shown (a stormed castle's occupant, the pieces surrounding a Princess)."""

    square: Square
    piece: str


class Eliminate(Consequence, frozen=True, tag="eliminate"):
    """``piece`` of seat ``owner`` on ``square`` is removed and given to the other side."""

    square: Square
    owner: Seat
    piece: str


class Advance(Consequence, frozen=True, tag="advance"):
    """The victorious attacker moves onto the square it won."""

    from_: Square = msgspec.field(name="from")
    to: Square


class Bounce(Consequence, frozen=True, tag="bounce"):
    """A Wizard whose spell defeated nobody "bounces back one square": from its start
    square ``from`` it ends on ``to``, the last square of its flight before the piece it
    attacked (past any lake squares). Not emitted when that is its start square."""

    from_: Square = msgspec.field(name="from")
    to: Square


class Pin(Consequence, frozen=True, tag="pin"):
    """A Princess found in a castle by a Siege Catapult must stay there for the rest of
    the game."""

    square: Square
    owner: Seat


class Surround(Consequence, frozen=True, tag="surround"):
    """The castle's occupant is surrounded by seat ``by``, who must now storm it."""

    castle: Square
    by: Seat


Event = Union[  # noqa: UP007
    Place, Commence, Move, Bombard, Storm, Challenge, Reveal, Roll, Eliminate, Advance, Pin,
    Surround, GameOver, Decline, Bounce,
]
"""Every event of the game: the tagged union a log's records decode to."""

__all__ = [
    "Advance", "Bombard", "Bounce", "Challenge", "Commence", "Decline", "Eliminate", "Event",
    "GameOver", "Move", "Pin", "Place", "Reveal", "Roll", "Storm", "Surround",
]
