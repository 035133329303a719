"""Wizard Armies events.

Dice on the field are named by their values (dice of equal value are interchangeable),
so a strike names the values of the striking dice and the value of the die it strikes.

>>> Strike(player=0, dice=(2, 2), target=3)
Strike(player=0, dice=(2, 2), target=3)
"""

from __future__ import annotations

from typing import Union

from grimoire.core.events import Action, Consequence, Roll, Seat
from grimoire.core.kit import GameOver


class Muster(Action, frozen=True, tag="muster"):
    """Army acquisition: the player rolls two dice for troops (doubles roll again)."""


class Deploy(Action, frozen=True, tag="deploy"):
    """A secret choice of how many units to field this round.

    Redacted for everyone but its author to ``units=0`` (the choice is hidden until both
    are in; the :class:`Reveal` that follows the second choice shows both)."""

    units: int


class Strike(Action, frozen=True, tag="strike"):
    """Dice of values ``dice`` (largest first) strike an enemy die of value ``target``:
    on the field during a battle, or a rolled camp unit during a raid."""

    dice: tuple[int, ...]
    target: int


class CampStrike(Action, frozen=True, tag="camp-strike"):
    """A Wizard (a natural six) on the field kills one unit in the opponent's camp."""


class Reveal(Consequence, frozen=True, tag="reveal"):
    """Both deployments are in: ``units[seat]`` is what each seat fields this round."""

    units: tuple[int, int]


class Initiative(Consequence, frozen=True, tag="initiative"):
    """The initiative rolls (ties discarded) made ``first`` the seat that strikes first."""

    first: Seat


class Desert(Consequence, frozen=True, tag="desert"):
    """``count`` cowards (ones) of ``player`` leave the field and the army at once."""

    player: Seat
    count: int


class NoStrike(Consequence, frozen=True, tag="no-strike"):
    """``player`` has no possible strike and passes; the turn goes back to the other."""

    player: Seat


class Raid(Consequence, frozen=True, tag="raid"):
    """The battle ended with ``raider`` holding two or more units on the field against none:
    the camp raid begins (the roll that follows gives the raided camp units' values)."""

    raider: Seat


class RoundOver(Consequence, frozen=True, tag="round-over"):
    """The round is over: every die leaves the field; ``troops`` are the armies left."""

    round: int
    lost: tuple[int, int]
    troops: tuple[int, int]


Event = Union[  # noqa: UP007
    Muster,
    Deploy,
    Strike,
    CampStrike,
    Roll,
    Reveal,
    Initiative,
    Desert,
    NoStrike,
    Raid,
    RoundOver,
    GameOver,
]
"""Every event of the game: the tagged union a log's records decode to."""

__all__ = [
    "CampStrike",
    "Deploy",
    "Desert",
    "Event",
    "GameOver",
    "Initiative",
    "Muster",
    "NoStrike",
    "Raid",
    "Reveal",
    "Roll",
    "RoundOver",
    "Strike",
]
