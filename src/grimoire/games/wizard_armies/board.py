"""Wizard Armies: the field of dice. The strike rules of ``tables.py`` as pure functions
over dice values (shared by the rules and the odds).

A single die beats a lower die; a Wizard (a natural six) beats any die; two or more dice
together beat a die lower than their sum.

>>> beats((4,), 3), beats((3,), 3), beats((6,), 6), beats((2, 2), 3), beats((2, 3), 5)
(True, False, True, True, False)
>>> strikes((2, 2), (4, 3))
((2, 2), 3)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from grimoire.games.wizard_armies import tables as T

Dice = tuple[int, ...]
"""Die values, largest first (dice of equal value are interchangeable)."""


def beats(dice: Dice, target: int) -> bool:
    """Can the dice ``dice`` (one or more of the striker's) strike a die of value ``target``?

    >>> beats((6,), 6), beats((3, 2), 5)
    (True, False)
    """
    if len(dice) == 1:
        return dice[0] > target or dice[0] == T.WIZARD
    return len(dice) > 1 and sum(dice) > target


@lru_cache(maxsize=4096)
def groups(field: Dice) -> tuple[Dice, ...]:
    """Every distinct group of dice (a sub-multiset, largest value first) of ``field``,
    smaller groups first, then by value, largest first.

    >>> groups((4, 2, 2))
    ((4,), (2,), (4, 2), (2, 2), (4, 2, 2))
    """
    out: dict[Dice, None] = {}
    for size in range(1, len(field) + 1):
        for combo in combinations(field, size):
            out[tuple(sorted(combo, reverse=True))] = None
    return tuple(sorted(out, key=lambda g: (len(g), tuple(-v for v in g))))


@lru_cache(maxsize=16384)
def all_strikes(own: Dice, enemy: Dice) -> tuple[tuple[Dice, int], ...]:
    """Every strike ``(dice, target)`` the dice ``own`` can make on the dice ``enemy``,
    targets from the largest, groups in :func:`groups` order.

    >>> all_strikes((5, 2), (4,))
    (((5,), 4), ((5, 2), 4))
    """
    out = []
    for target in sorted(set(enemy), reverse=True):
        for group in groups(own):
            if beats(group, target):
                out.append((group, target))
    return tuple(out)


@lru_cache(maxsize=16384)
def chosen_strikes(own: Dice, enemy: Dice,
                   camp: bool = False) -> tuple[tuple[Dice, int | None], ...]:
    """Every strike ``(dice, target)`` of ``own`` on ``enemy`` in the order a player
    chooses one (``choices.py``): the dice one at a time, largest first, then the target.
    At each group of dice chosen so far come first the targets it beats (largest first),
    then, for a lone Wizard when ``camp`` (the enemy camp may be struck), the camp strike
    (target ``None``), then the groups with one more die (the largest first). The same
    strikes as :func:`all_strikes`, the camp strike among them.

    >>> chosen_strikes((6, 2), (3,), True)
    (((6,), 3), ((6,), None), ((6, 2), 3))
    >>> chosen_strikes((5, 4), (4, 3))
    (((5,), 4), ((5,), 3), ((5, 4), 4), ((5, 4), 3), ((4,), 3))
    """
    targets = sorted(set(enemy), reverse=True)
    out: list[tuple[Dice, int | None]] = []

    def grow(chosen: Dice, rest: Dice) -> None:
        if chosen:
            out.extend((chosen, t) for t in targets if beats(chosen, t))
            if camp and chosen == (T.WIZARD,):
                out.append((chosen, None))
        most = chosen[-1] if chosen else T.SIDES
        for value in dict.fromkeys(v for v in rest if v <= most):
            grow((*chosen, value), remove(rest, (value,)) or ())

    grow((), own)
    return tuple(out)


def die_square(seat: int, k: int) -> str:
    """The name of ``seat``'s ``k``-th die on the field (from 0, largest first), as the
    picture marks it (``data-square``) and the choices name it.

    >>> die_square(0, 0), die_square(1, 2)
    ('light-1', 'dark-3')
    """
    if 0 <= seat < len(_DIES) and 0 <= k < len(_DIES[seat]):
        return _DIES[seat][k]
    return f"{T.SEAT_NAMES[seat].lower()}-{k + 1}"


_DIES: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{name.lower()}-{k + 1}" for k in range(T.MAX_UNITS)) for name in T.SEAT_NAMES)
"""Each side's field dice's names (looked up, not built, per strike)."""


def raid_square(seat: int, k: int) -> str:
    """The name of the ``k``-th rolled unit of ``seat``'s raided camp (from 0, largest
    first).

    >>> raid_square(1, 0)
    'dark-raid-1'
    """
    return f"{T.SEAT_NAMES[seat].lower()}-raid-{k + 1}"


def camp_square(seat: int) -> str:
    """The name of ``seat``'s camp, the place a Wizard's camp strike hits.

    >>> camp_square(0)
    'light-camp'
    """
    return f"{T.SEAT_NAMES[seat].lower()}-camp"


def strikes(own: Dice, enemy: Dice) -> tuple[Dice, int] | None:
    """The first possible strike, or ``None`` if ``own`` cannot strike ``enemy``."""
    found = all_strikes(own, enemy)
    return found[0] if found else None


def can_strike(own: Dice, enemy: Dice, enemy_camp: int, *, camp_strike: bool = True) -> bool:
    """Has the side with ``own`` on the field any strike: on a die of ``enemy``, or (a
    Wizard, when ``camp_strike``) on a unit of a camp holding ``enemy_camp`` units?

    >>> can_strike((2,), (3,), 0), can_strike((6,), (), 4)
    (False, True)
    """
    if not own:
        return False
    if camp_strike and enemy_camp > 0 and T.WIZARD in own:
        return True
    if not enemy:
        return False
    if T.WIZARD in own:
        return True
    low = min(enemy)
    return max(own) > low or (len(own) > 1 and sum(own) > low)


def remove(field: Dice, dice: Dice) -> Dice | None:
    """``field`` without the values ``dice`` (one each), or ``None`` if they are not all there.

    >>> remove((6, 4, 4, 2), (4, 2)), remove((6, 4), (5,))
    ((6, 4), None)
    """
    if len(dice) == 1:  # the usual case, one die: no list built
        try:
            i = field.index(dice[0])
        except ValueError:
            return None
        return field[:i] + field[i + 1:]
    rest = list(field)
    for v in dice:
        try:
            rest.remove(v)
        except ValueError:
            return None
    return tuple(rest)
