"""Swords & Wizardry events.

Squares are named ``a10``..``j1`` (see ``tables.py``); pieces by name (``"knights"``).

>>> Move(player=0, from_="c7", to="c6")
Move(player=0, from_='c7', to='c6')

With option ``hidden="commit"`` a placement is sealed (:class:`Commit`) and each piece is
opened (:class:`Open`) when the rules need its identity; a player sealing for real builds
both from the placement it means and a nonce of its own (:func:`commit_choice`,
:func:`open_choice`).
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from grimoire.core.events import Action, Consequence, Roll, Seat
from grimoire.core.kit import GameOver, commitment
from grimoire.games.swords_wizardry import board as B

Square = Annotated[str, msgspec.Meta(extra_json_schema={"pattern": B.GRID.pattern},
                                      description="A square of the board (a1..j10).")]
"""A square's name: a pattern in the JSON Schema; readers leave the check to the rules
(a pattern checked on every decode cost a third of the trusted replay's speed)."""

class Place(Action, frozen=True, tag="place"):
    """Deploy one piece, back to the opponent: ``piece`` on ``square`` of the home rows.

    Redacted for everyone else to ``piece=""``: they see only that the square is filled."""

    piece: str
    square: Square


class Commit(Action, frozen=True, tag="commit"):
    """Deploy one piece sealed (option ``hidden="commit"``): the ``square`` it goes on and
    ``digest``, the seal of the piece, ``kit.commitment(choice(piece, square), nonce)``
    (64 hex digits). The piece stays unknown to everyone, the rules included, until its
    owner opens it. Nothing here is secret, so a commit is never redacted."""

    square: Square
    digest: str


class Open(Action, frozen=True, tag="open"):
    """Open the seal of the piece deployed on ``square`` (wherever it stands now): the
    ``piece`` it is and the ``nonce`` (32 hex digits) it was sealed with. Made when the
    rules wait for that piece's identity; from then on the piece is shown to everyone."""

    square: Square
    piece: str
    nonce: str


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


class Arrive(Consequence, frozen=True, tag="arrive"):
    """Option ``hidden="commit"``: a move only some kinds can make (a flight, a step into
    a castle) waited for its piece to be opened; now it is made, ``from`` -> ``to``."""

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
    Surround, GameOver, Decline, Bounce, Commit, Open, Arrive,
]
"""Every event of the game: the tagged union a log's records decode to."""


def choice(piece: str, square: str) -> tuple[str, str]:
    """The canonical value a placement's seal covers: the piece's name and the square it
    is deployed on, ``(piece, square)``, encoded as the JSON array ``["piece","square"]``.

    >>> choice("princess", "b10")
    ('princess', 'b10')
    """
    return (piece, square)


def commit_choice(place: Place, nonce: str) -> Commit:
    """The sealed form of the placement ``place``, with ``nonce`` (32 hex digits: keep it
    secret, from ``kit.fresh_nonce()``, until the piece is opened).

    >>> from grimoire.core.kit import PUBLIC_NONCE
    >>> commit_choice(Place(player=0, piece="princess", square="b10"), PUBLIC_NONCE).digest[:12]
    'ec460d218588'
    """
    return Commit(player=place.player, square=place.square,
                  digest=commitment(choice(place.piece, place.square), nonce))


def open_choice(place: Place, nonce: str) -> Open:
    """The opening of the piece ``place`` deployed, sealed with ``nonce``.

    >>> open_choice(Place(player=1, piece="ogre", square="c2"), "00" * 16)
    Open(player=1, square='c2', piece='ogre', nonce='00000000000000000000000000000000')
    """
    return Open(player=place.player, square=place.square, piece=place.piece, nonce=nonce)


__all__ = [
    "Advance", "Arrive", "Bombard", "Bounce", "Challenge", "Commence", "Commit", "Decline",
    "Eliminate", "Event", "GameOver", "Move", "Open", "Pin", "Place", "Reveal", "Roll",
    "Storm", "Surround", "choice", "commit_choice", "open_choice",
]
