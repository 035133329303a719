"""What the learning environments (:mod:`grimoire.envs`) read of Wizard Armies beyond the
rules: every place a choice may name, in a fixed order (each side's field dice, largest
first, its camp, and the rolled units of its raided camp).

>>> places(2)[:2], places(2)[6:8], len(places(2))
(('light-1', 'light-2'), ('light-camp', 'light-raid-1'), 26)
"""

from __future__ import annotations

from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.board import camp_square, die_square, raid_square


def places(count: int) -> tuple[str, ...]:
    """Each side's field dice (up to ``MAX_UNITS``), camp and raided units (up to
    ``RAID_MAX``)."""
    return tuple(name for seat in range(len(T.SEAT_NAMES)) for name in (
        *(die_square(seat, k) for k in range(T.MAX_UNITS)), camp_square(seat),
        *(raid_square(seat, k) for k in range(T.RAID_MAX))))
