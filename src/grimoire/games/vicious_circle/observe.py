"""What the learning environments (:mod:`grimoire.envs`) read of Vicious Circle beyond the
rules: every place a choice may name, in a fixed order (the map's 25 squares, then each
side's reserve and the counter of each creature in it), and a seat's view as numbers
(:func:`observation`).

>>> places(2)[:2], places(2)[25:27], len(places(2))
(('a5', 'b5'), ('dawn-reserve', 'dawn-reserve-saint'), 37)
"""

from __future__ import annotations

from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import EMPTY, KINDS, PIECE, SQUARES, reserve_square
from grimoire.games.vicious_circle.choices import PASS
from grimoire.games.vicious_circle.state import State


def places(count: int) -> tuple[str, ...]:
    """The map's squares, then each side's reserve and its creatures' counters."""
    beside = tuple(name for seat in range(len(T.SEAT_NAMES)) for name in (
        reserve_square(seat), *(reserve_square(seat, kind) for kind, *_ in T.CREATURES)))
    return SQUARES + beside


def words(count: int) -> tuple[str, ...]:
    """The words an option that names no place may say: passing, and opening a sealed
    setup.

    >>> words(2)
    ('Pass', 'Open')
    """
    return (PASS, "Open")


def observation(view: State, seat: int) -> bytes:
    """Seat ``seat``'s view as 301 small numbers, from its side ("mine" and "theirs"):

    - 275: the 25 squares, north row first (``a5`` … ``e1``), 11 numbers each, one of them
      1: empty, my Saint, Spirit, Child, Warrior, Dragon, their Saint … Dragon (during the
      secret setup their creatures are not in the view: empty);
    - 10: creatures in reserve, mine then theirs, Saint … Dragon (theirs 0 in the setup);
    - 10: creatures captured, mine then theirs, Saint … Dragon;
    - 2: whether I have set up, whether they have;
    - 2: whether it is the setup, whether it is my turn;
    - 1: whether I moved first;
    - 1: passes in a row (at most 255).

    >>> from grimoire.games.vicious_circle.rules import setup
    >>> from grimoire.games.vicious_circle.state import Options
    >>> numbers = observation(setup(Options(), ("Dawn", "Twilight")), 0)
    >>> len(numbers), sum(numbers[:275]), list(numbers[-6:-2])
    (301, 25, [0, 0, 1, 0])
    """
    cells = _CELLS[seat]
    out = bytearray(b"".join([cells[ch] for ch in view.board]))
    sides = (seat, 1 - seat)
    for held in (view.reserves, view.captured):
        for side in sides:
            counts = bytearray(len(KINDS))
            for ch in held[side]:  # at most the five creatures: no cap needed
                counts[PIECE[ch][1]] += 1
            out += counts
    out.extend(int(view.setups[side]) for side in sides)
    out.extend((int(view.turn < 0), int(view.turn == seat)))
    out.append(int(view.first == seat))
    out.append(min(view.passes, 255))
    return bytes(out)


def _cell(ch: str, seat: int) -> tuple[int, ...]:
    """A square's 11 numbers, seen by ``seat``."""
    cell = [0] * (1 + 2 * len(KINDS))
    if ch == EMPTY:
        cell[0] = 1
    else:
        owner, kind = PIECE[ch]
        cell[1 + kind + (0 if owner == seat else len(KINDS))] = 1
    return tuple(cell)


_CELLS: tuple[dict[str, bytes], ...] = tuple(
    {ch: bytes(_cell(ch, seat)) for ch in (EMPTY, *PIECE)} for seat in (0, 1))
"""Each board letter's numbers, seen by each seat (looked up, not built, per square)."""
