"""What the learning environments (:mod:`grimoire.envs`) read of Wizard Armies beyond the
rules: every place a choice may name, in a fixed order (each side's field dice, largest
first, its camp, and the rolled units of its raided camp), and a seat's view as numbers
(:func:`observation`).

>>> places(2)[:2], places(2)[6:8], len(places(2))
(('light-1', 'light-2'), ('light-camp', 'light-raid-1'), 26)
"""

from __future__ import annotations

from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.board import camp_square, die_square, raid_square
from grimoire.games.wizard_armies.choices import units
from grimoire.games.wizard_armies.state import State


def places(count: int) -> tuple[str, ...]:
    """Each side's field dice (up to ``MAX_UNITS``), camp and raided units (up to
    ``RAID_MAX``)."""
    return tuple(name for seat in range(len(T.SEAT_NAMES)) for name in (
        *(die_square(seat, k) for k in range(T.MAX_UNITS)), camp_square(seat),
        *(raid_square(seat, k) for k in range(T.RAID_MAX))))


def words(count: int) -> tuple[str, ...]:
    """The words an option that names no place may say: rolling for troops, opening a
    sealed deployment, and each deployment's size.

    >>> words(2)[:3], len(words(2))
    (('Roll for troops', 'Open', '1 unit'), 8)
    """
    return ("Roll for troops", "Open", *(units(n) for n in range(1, T.MAX_UNITS + 1)))


def observation(view: State, seat: int) -> tuple[int, ...]:
    """Seat ``seat``'s view as 40 small numbers, from its side (mine, then theirs; counts
    above 255 read 255):

    - 5: the phase, one of them 1: muster, deploy, battle, raid, over;
    - 1: the round;
    - 2: troops (camp and field); 2: units in camp;
    - 2: rolled for troops; 2: deployment chosen; 2: units deployed (theirs 0 while it is
      secret);
    - 12: the dice on the field, mine then theirs, six each, largest first (0: none);
    - 2: whether I strike or raid now, whether they do;
    - 6: the raided camp's units still standing, their values (0: none);
    - 2: units lost this round; 2: the last initiative dice (0: not rolled).

    >>> from grimoire.games.wizard_armies.rules import setup
    >>> from grimoire.games.wizard_armies.state import Options
    >>> numbers = observation(setup(Options(), ("Light", "Dark")), 1)
    >>> len(numbers), numbers[:6]
    (40, (1, 0, 0, 0, 0, 1))
    """
    a, b = seat, 1 - seat
    troops, field, lost, init = view.troops, view.field, view.lost, view.init
    mine, theirs = field[a][:T.MAX_UNITS], field[b][:T.MAX_UNITS]
    targets = view.targets[:T.RAID_MAX]
    out = [*_PHASES.get(view.phase, _NONE), _most(view.round),
           _most(troops[a]), _most(troops[b]),
           _most(troops[a] - len(field[a])), _most(troops[b] - len(field[b])),
           int(view.mustered[a]), int(view.mustered[b]),
           int(view.ready[a]), int(view.ready[b]),
           _most(view.deployed[a]), _most(view.deployed[b]),
           *mine, *_ZEROS[T.MAX_UNITS - len(mine)],
           *theirs, *_ZEROS[T.MAX_UNITS - len(theirs)],
           int(view.turn == a), int(view.turn == b),
           *targets, *_ZEROS[T.RAID_MAX - len(targets)],
           _most(lost[a]), _most(lost[b]), _most(init[a]), _most(init[b])]
    return tuple(out)


def _most(n: int) -> int:
    """``n`` as an observation holds it: from 0 to 255."""
    return n if 0 <= n <= 255 else (0 if n < 0 else 255)


_PHASES: dict[str, tuple[int, ...]] = {
    p: tuple(int(p == q) for q in T.PHASES) for p in T.PHASES}
"""Each phase's one-hot numbers (looked up, not built, per observation)."""
_NONE = (0,) * len(T.PHASES)
_ZEROS: tuple[tuple[int, ...], ...] = tuple((0,) * k for k in range(max(T.MAX_UNITS,
                                                                     T.RAID_MAX) + 1))
