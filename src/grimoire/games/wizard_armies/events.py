"""Wizard Armies events.

Dice on the field are named by their values (dice of equal value are interchangeable),
so a strike names the values of the striking dice and the value of the die it strikes.

>>> Strike(player=0, dice=(2, 2), target=3)
Strike(player=0, dice=(2, 2), target=3)

With option ``hidden="commit"`` a deployment is made in two steps: a :class:`Commit`
carrying only the digest of the choice (``kit.commitment(choice(deploy), nonce)``), and,
once both seats have committed, an :class:`Open` carrying the choice and the nonce.

>>> nonce = "5a" * 16
>>> sealed = commit_choice(Deploy(player=0, units=3), nonce)
>>> len(sealed.digest), open_choice(Deploy(player=0, units=3), nonce)
(64, Open(player=0, units=3, nonce='5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a'))
"""

from __future__ import annotations

from typing import Union

from grimoire.core.events import Action, Consequence, Roll, Seat
from grimoire.core.kit import GameOver, commitment


class Muster(Action, frozen=True, tag="muster"):
    """Army acquisition: the player rolls two dice for troops (doubles roll again)."""


class Deploy(Action, frozen=True, tag="deploy"):
    """A secret choice of how many units to field this round.

    Redacted for everyone but its author to ``units=0`` (the choice is hidden until both
    are in; the :class:`Reveal` that follows the second choice shows both)."""

    units: int


class Commit(Action, frozen=True, tag="commit"):
    """A deployment chosen in secret and sealed (option ``hidden="commit"``): ``digest`` is
    ``kit.commitment(choice(deploy), nonce)``, 64 hex digits. It reveals nothing of the
    choice while the nonce stays secret, so it is never redacted."""

    digest: str


class Open(Action, frozen=True, tag="open"):
    """The opening of a seat's :class:`Commit` once both seats have committed: the
    deployment (``units``) and the ``nonce`` (32 hex digits) it was sealed with."""

    units: int
    nonce: str


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
    Commit,
    Open,
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



def choice(deploy: Deploy) -> tuple[str, int, int]:
    """The canonical value of a deployment, as sealed by a :class:`Commit`: the tuple
    ``("deploy", seat, units)`` (its JSON, which the digest covers, is
    ``["deploy",0,3]``). The seat is part of it, so nobody can copy the other seat's
    digest and open it as their own.

    >>> choice(Deploy(player=1, units=4))
    ('deploy', 1, 4)
    """
    return ("deploy", deploy.player, deploy.units)


def commit_choice(deploy: Deploy, nonce: str) -> Commit:
    """The :class:`Commit` sealing ``deploy`` with ``nonce`` (a real player's
    ``kit.fresh_nonce()``; ``kit.PUBLIC_NONCE`` where secrecy does not matter).

    >>> from grimoire.core.kit import PUBLIC_NONCE
    >>> commit_choice(Deploy(player=0, units=2), PUBLIC_NONCE).digest[:16]
    'ab490d23d3cfc03e'
    """
    return Commit(player=deploy.player, digest=commitment(choice(deploy), nonce))


def open_choice(deploy: Deploy, nonce: str) -> Open:
    """The :class:`Open` of the commitment :func:`commit_choice` made of ``deploy`` with
    ``nonce``.

    >>> open_choice(Deploy(player=1, units=5), "00" * 16).units
    5
    """
    return Open(player=deploy.player, units=deploy.units, nonce=nonce)


__all__ = [
    "CampStrike",
    "Commit",
    "Deploy",
    "Desert",
    "Event",
    "GameOver",
    "Initiative",
    "Muster",
    "NoStrike",
    "Open",
    "Raid",
    "Reveal",
    "Roll",
    "RoundOver",
    "Strike",
    "choice",
    "commit_choice",
    "open_choice",
]
