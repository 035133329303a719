"""Magery events.

Squares are ``a1``..``h8``; minions are named (``"dragon"``); chambers are floors
``"1"``..``"16"`` of the Mage Tower and the private Archmage chambers ``"w1"``..``"w3"``
(White's) and ``"b1"``..``"b3"`` (Black's). The actions that name a chamber may also name
its Chaos Mage ``card`` (``""``: not named; always ``""`` for floors 1-12), so a log reads
"chamber 13 (Seer)"; ``legal`` names every card the actor can see, and ``decide`` refuses
a wrong name. An unnamed card is left out of the event's bytes (``omit_defaults``), so
logs written before the field existed keep their hash chains.

>>> Place(player=0, minion="dragon", chamber="8")
Place(player=0, minion='dragon', chamber='8', card='')
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from grimoire.core.events import Action, Consequence, Seat, Shuffle, omitted_in_legacy
from grimoire.core.kit import GameOver
from grimoire.games.magery import board as B

# ---------------------------------------------------------------- player actions


Square = Annotated[str, msgspec.Meta(extra_json_schema={"pattern": B.GRID.pattern},
                                      description="A square of the Arena (a1..h8).")]
"""A square's name: a pattern in the JSON Schema; readers leave the check to the rules
(a pattern checked on every decode cost a third of the trusted replay's speed)."""

class Arrange(Action, frozen=True, tag="arrange"):
    """Setup: put one minion of a type not yet arranged on an empty square of your back row."""

    minion: str
    square: Square


class Place(Action, frozen=True, tag="place", omit_defaults=True):
    """Decision phase: put a reserve minion on an empty chamber (``card``: its Chaos Mage
    card, if named)."""

    minion: str
    chamber: str
    card: str = ""


class Pass(Action, frozen=True, tag="pass"):
    """Decision phase: place nothing more this round."""


class Remove(Action, frozen=True, tag="remove", omit_defaults=True):
    """Action phase: take your minion off a chamber; its mage's power is then pending
    (``card``: the chamber's Chaos Mage card, if named)."""

    chamber: str
    card: str = ""


class Decline(Action, frozen=True, tag="decline"):
    """Do not use the pending power (the minion is removed all the same)."""


class Dismiss(Action, frozen=True, tag="dismiss", omit_defaults=True):
    """Magician: send the minion on ``chamber`` back to its owner's reserve (``card``: the
    chamber's Chaos Mage card, if named)."""

    chamber: str
    card: str = ""


class TakeOrb(Action, frozen=True, tag="take-orb"):
    """Oracle: gain possession of the Orb."""


class Teleport(Action, frozen=True, tag="teleport"):
    """Mystic: put one of your Arena minions on any empty square."""

    from_: Square = msgspec.field(name="from")
    to: Square


class Move(Action, frozen=True, tag="move"):
    """A chess move (Animist, the type mages; Mentalist moves an opponent's minion)."""

    from_: Square = msgspec.field(name="from")
    to: Square


class Summon(Action, frozen=True, tag="summon"):
    """Bring a minion from your reserve into the Arena (type mages, Conjurer)."""

    minion: str
    square: Square


class Foresee(Action, frozen=True, tag="foresee"):
    """Seer: ``seat`` takes the next two turns in a row."""

    seat: Seat


class Relocate(Action, frozen=True, tag="relocate", omit_defaults=True):
    """Magus: the removed minion goes onto the empty ``chamber`` instead of the reserve
    (``card``: that chamber's Chaos Mage card, if named)."""

    chamber: str
    card: str = ""


class Transmute(Action, frozen=True, tag="transmute"):
    """Alchemist: your minion on ``square`` goes to reserve; ``minion`` takes its place."""

    square: Square
    minion: str


class Enchant(Action, frozen=True, tag="enchant"):
    """Enchanter: the opponent's minion on ``square`` is replaced by one of yours."""

    square: Square


class Dream(Action, frozen=True, tag="dream"):
    """Dream Lord: use the power of the Chaos Mage ``mage`` (one not in the Tower)."""

    mage: str


class Shield(Action, frozen=True, tag="shield"):
    """Force Mage: the minion on ``square`` cannot move or be captured this round."""

    square: Square


class Swap(Action, frozen=True, tag="swap"):
    """Illusionist: switch the minions on ``a`` and ``b``."""

    a: str
    b: str


class Banish(Action, frozen=True, tag="banish"):
    """Shadow Mage: the minion on ``square`` goes back to its owner's reserve."""

    square: Square


class Runes(Action, frozen=True, tag="runes"):
    """Rune Master: your minions may also move like knights for the rest of the round."""


# ---------------------------------------------------------------- consequences


class Deal(Consequence, frozen=True, tag="deal"):
    """The top cards of the shuffled deck go face up on floors 13-16 (``""``: floor empty)."""

    cards: tuple[str, ...]


class Draw(Consequence, frozen=True, tag="draw"):
    """Archmage: ``player`` draws private Chaos Mage cards (hidden from the other seat)."""

    player: Seat
    cards: tuple[str, ...]


class Rotate(Consequence, frozen=True, tag="rotate"):
    """Rotating Chaos Lords: the top chaos card is discarded, the others move up a floor."""

    discarded: str


class Flip(Consequence, frozen=True, tag="flip"):
    """Rotating Chaos Lords: the deck's top card goes face up on floor 13."""

    card: str


class Capture(Consequence, frozen=True, tag="capture"):
    """Seat ``owner``'s ``minion`` on ``square`` was captured (follows the move that took
    it; the move itself puts the minion on the dead pile, so every state between two
    events is whole)."""

    owner: Seat
    minion: str
    square: Square


class Turn(Consequence, frozen=True, tag="turn"):
    """``player`` acts next; ``extra`` is what is left of a Seer's forced turns."""

    player: Seat
    extra: tuple[int, ...] = ()


class Phase(Consequence, frozen=True, tag="phase"):
    """A phase begins (``"decision"`` opens a new round); ``player`` acts first."""

    phase: str
    round: int
    player: Seat


omitted_in_legacy(Place, Remove, Dismiss, Relocate)  # their card was left out from the start

Event = Union[  # noqa: UP007
    Arrange, Place, Pass, Remove, Decline, Dismiss, TakeOrb, Teleport, Move, Summon,
    Foresee, Relocate, Transmute, Enchant, Dream, Shield, Swap, Banish, Runes,
    Shuffle, Deal, Draw, Rotate, Flip, Capture, Turn, Phase, GameOver,
]
"""Every event of the game: the tagged union a log's records decode to."""

__all__ = [
    "Arrange", "Banish", "Capture", "Deal", "Decline", "Dismiss", "Draw", "Dream", "Enchant",
    "Event", "Flip", "Foresee", "GameOver", "Move", "Pass", "Phase", "Place", "Relocate",
    "Remove", "Rotate", "Runes", "Shield", "Shuffle", "Summon", "Swap", "TakeOrb", "Teleport",
    "Transmute", "Turn",
]
