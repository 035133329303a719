"""Wizard Armies positions from a few facts, for tests of the rules
(``grimoire.testing.position("wizard-armies", ...)`` reaches :func:`position` through the
registry). The position is read through the notation, so one no game reaches is refused
(``position/invalid``).

>>> s = position(phase="battle", troops=(8, 6), mustered=(True, True), deployed=(4, 4),
...              field=((6, 6, 2, 2), (6, 5, 4, 3)), turn=1, init=(3, 4))
>>> notation(s)
'b 1 8,6 11 4,4 6622/6543 1 - 0,0 3,4 -'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from grimoire.core.kit import bad_position, options_of
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.notation import notation, parse
from grimoire.games.wizard_armies.rules import setup
from grimoire.games.wizard_armies.state import Options, State

__all__ = ["FACTS", "position"]

FACTS = ("phase", "round", "troops", "mustered", "deployed", "field", "turn", "targets",
         "lost", "init", "winners", "result")
"""The state's fields a position is built from: those its notation writes."""


def position(*, options: Options | Mapping[str, Any] | None = None,
             players: Sequence[str] = T.SEAT_NAMES, **fields: Any) -> State:
    """A position from the state's own fields, by name (each a pair ``(light, dark)``
    where the state keeps one): ``phase`` (``"muster"``, ``"deploy"``, ``"battle"``,
    ``"raid"``, ``"over"``), ``round``, ``troops``, ``mustered``, ``deployed``, ``field``
    (each side's dice, largest first), ``turn`` (the seat to strike), ``targets`` (the
    raided camp's units), ``lost``, ``init``, ``winners`` and ``result``; the rest as a
    new war has them. A deployment chosen but not yet revealed is secret and has no
    position. ``options`` as :class:`Options` or a mapping.

    >>> position(troops=(7, 0), mustered=(True, False)).troops
    (7, 0)
    >>> position(phase="battle", troops=(8, 6))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.IllegalAction: position/invalid: ...
    """
    for name, value in fields.items():
        if name not in FACTS:
            raise bad_position(f"{name}={value!r}", f"not a fact of a position (facts: "
                               f"{', '.join(FACTS)})")
    if fields.get("phase", "muster") not in T.PHASES:
        raise bad_position(f"phase={fields['phase']!r}", f"the phase is one of "
                           f"{', '.join(T.PHASES)}")
    opts = options_of(Options, options)
    built = msgspec.structs.replace(setup(opts, tuple(players)), **fields)
    return parse(notation(built), opts, tuple(players))
