"""Wizard Armies state and options."""

from __future__ import annotations

from typing import Literal

import msgspec


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

    >>> Options().doubles, Options().battle_end
    ('repeat', 'no-strike')
    """

    doubles: Literal["repeat", "once", "none"] = "repeat"
    battle_end: Literal["no-strike", "empty-field"] = "no-strike"


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole truth of a position (views hide the secret deployment).

    - ``doubles``, ``battle_end``: the options the rules read during play.
    - ``phase``: ``"muster"``, ``"deploy"``, ``"battle"``, ``"raid"`` or ``"over"``.
    - ``round``: the round number, from 1.
    - ``troops``: each seat's army (camp and field together).
    - ``mustered``: who has rolled for troops (muster phase).
    - ``ready``/``deployed``: who has chosen a deployment and how many units (secret
      until the reveal; ``deployed`` stays readable for the rest of the round).
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
    phase: str = "muster"
    round: int = 1
    troops: tuple[int, int] = (0, 0)
    mustered: tuple[bool, bool] = (False, False)
    ready: tuple[bool, bool] = (False, False)
    deployed: tuple[int, int] = (0, 0)
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
