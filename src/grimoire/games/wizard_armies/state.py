"""Wizard Armies state and options."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec import UNSET, UnsetType


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Variant options.

    - ``doubles``: what a double in the army roll does: ``"repeat"`` (roll two more dice
      and add them, again for as long as doubles come: the rules' reading), ``"once"``
      (one extra roll at most) or ``"none"`` (no extra roll: the worked example's reading,
      where 5, 5 gives ten troops).
    - ``battle_end``: when the battle ends: ``"no-strike"`` (when neither side has a
      strike left, so a lone Wizard facing an empty field still kills a unit in the enemy
      camp: the rules' reading) or ``"empty-field"`` (as soon as either field is empty:
      ruleset 1, before this was fixed).
    - ``hidden``: how the secret deployment is kept honest: ``"trusted"`` (the default: a
      plain ``deploy``, hidden from the other seat by the program that holds both) or
      ``"commit"`` (commit-reveal: each seat records a ``commit`` of its deployment, and
      both ``open`` theirs once both have committed, so two players exchanging log lines
      can prove neither changed its choice). Left out, it is ``"trusted"``: a header
      that does not name it is recorded exactly as before the option existed (``UNSET``
      is never written), so every older log keeps its bytes. Read it with :attr:`mode`.

    >>> Options().doubles, Options().battle_end, Options().mode
    ('repeat', 'no-strike', 'trusted')
    >>> Options(hidden="commit").mode
    'commit'
    """

    doubles: Literal["repeat", "once", "none"] = "repeat"
    battle_end: Literal["no-strike", "empty-field"] = "no-strike"
    hidden: Literal["trusted", "commit"] | UnsetType = UNSET

    @property
    def mode(self) -> Literal["trusted", "commit"]:
        """The ``hidden`` option's value, ``"trusted"`` when it is left out."""
        return "trusted" if self.hidden is UNSET else self.hidden


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole truth of a position (views hide the secret deployment).

    - ``doubles``, ``battle_end``, ``hidden``: the options the rules read during play
      (``hidden`` is ``"trusted"`` or ``"commit"``).
    - ``phase``: ``"muster"``, ``"deploy"``, ``"battle"``, ``"raid"`` or ``"over"``.
    - ``round``: the round number, from 1.
    - ``troops``: each seat's army (camp and field together).
    - ``mustered``: who has rolled for troops (muster phase).
    - ``ready``/``deployed``: who has chosen a deployment and how many units (secret
      until the reveal; ``deployed`` stays readable for the rest of the round). With
      ``hidden="commit"``: who has opened its commitment, and the units it opened (public).
    - ``sealed``: with ``hidden="commit"``, each seat's commitment this round (64 hex
      digits; ``""`` before it commits): the state holds only digests until the opening.
    - ``field``: each seat's dice on the field, largest first. Units not on the field are
      in camp (``troops - len(field)``).
    - ``turn``: the seat to strike (battle) or raid (raid); ``-1`` otherwise.
    - ``targets``: during a raid, the values rolled for the raided camp units still standing.
    - ``lost``: units each seat has lost this round.
    - ``init``: the last initiative dice (``0``: not rolled this round).
    - ``winners``/``result``: set once the war is over.
    - ``names``: the players' names, seat 0 first (set by ``setup`` and ``parse``; empty
      in a hand-built state, where the board and event lines use the seat names
      ``Light`` and ``Dark``). Public, and not part of the notation.
    """

    doubles: str = "repeat"
    battle_end: str = "no-strike"
    hidden: str = "trusted"
    phase: str = "muster"
    round: int = 1
    troops: tuple[int, int] = (0, 0)
    mustered: tuple[bool, bool] = (False, False)
    ready: tuple[bool, bool] = (False, False)
    deployed: tuple[int, int] = (0, 0)
    sealed: tuple[str, str] = ("", "")
    field: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    turn: int = -1
    targets: tuple[int, ...] = ()
    lost: tuple[int, int] = (0, 0)
    init: tuple[int, int] = (0, 0)
    winners: tuple[int, ...] = ()
    result: str = ""
    names: tuple[str, ...] = ()

    def camp(self, seat: int) -> int:
        """Units of ``seat`` in camp: its army less its dice on the field."""
        return self.troops[seat] - len(self.field[seat])

    def committing(self) -> bool:
        """Is this a deployment made by commit-reveal (option ``hidden="commit"``)?

        >>> State(hidden="commit").committing(), State().committing()
        (True, False)
        """
        return self.hidden == "commit"
