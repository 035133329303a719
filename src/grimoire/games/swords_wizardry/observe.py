"""What the learning environments (:mod:`grimoire.envs`) read of Swords & Wizardry beyond
the rules: every place a choice may name, in a fixed order (the map's 100 squares), and a
seat's view as numbers (:func:`observation`).

>>> places(2)[0], len(places(2))
('a10', 100)
"""

from __future__ import annotations

from grimoire.core.choices import Answer
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import EMPTY, KINDS, PIECE, SQUARES, UNKNOWN, owner
from grimoire.games.swords_wizardry.choices import LEAVE, SEALED
from grimoire.games.swords_wizardry.state import State


def places(count: int) -> tuple[str, ...]:
    """The map's squares, as the board numbers them."""
    return SQUARES


def words(count: int) -> tuple[str, ...]:
    """The words an option that names no place may say: each kind of piece (a piece
    chosen from the reserve), a piece not yet opened, leaving a castle alone, and whether
    a Siege Catapult moves or bombards.

    >>> words(2)[:2], words(2)[-3:]
    (('King', 'Hero'), ('Leave it alone', 'Bombard', 'Move'))
    """
    return (*(T.TITLES[kind] for kind in KINDS), SEALED, LEAVE, "Bombard", "Move")


def word(option: Answer) -> str:
    """The word an option says: the kind of piece it is about (``"Hero"`` for ``"Hero (1
    left)"``), else its label.

    >>> from grimoire.core.choices import Pick
    >>> word(Pick(prompt="Which?", label="Hero (1 left)", piece="Hero"))
    'Hero'
    """
    return option.piece or option.label


def observation(view: State, seat: int) -> bytes:
    """Seat ``seat``'s view as 3,034 small numbers, from its side ("mine", "theirs"):

    - 3,000: the 100 squares, rank 10 first (``a10`` … ``j1``), 30 each: one of the first
      29 is 1 (empty; my King … Siege Catapult in ``tables.PIECES`` order; their King …
      Siege Catapult; their piece I cannot identify; my piece not yet opened, in a sealed
      deployment), and the 30th says whether the piece there has been shown to the
      opponent;
    - 26: pieces lost, mine then theirs, by kind;
    - 2: whether it is the deployment, whether it is my turn;
    - 1: whether I moved first;
    - 2: whether a castle awaits a storm, whether I am the one to storm it;
    - 2: whether my Princess is pinned, whether theirs is;
    - 1: moves in a row without an attack (at most 255).

    >>> from grimoire.games.swords_wizardry.rules import setup
    >>> from grimoire.games.swords_wizardry.state import Options
    >>> numbers = observation(setup(Options(), ("Red", "Black")), 0)
    >>> len(numbers), sum(numbers[:3000])
    (3034, 100)
    """
    kinds = len(KINDS)
    hidden, shown = _CELLS[seat]
    out = bytearray(b"".join([(shown if up else hidden)[ch]
                              for ch, up in zip(view.board, view.revealed, strict=True)]))
    for side in (seat, 1 - seat):
        gone = [PIECE[ch][1] for ch in view.lost[side]]
        out.extend(gone.count(kind) for kind in range(kinds))
    out.extend((int(view.turn < 0), int(view.turn == seat), int(view.first == seat)))
    out.extend((int(view.storm >= 0), int(view.storm >= 0 and view.storm_by == seat)))
    out.extend(int(view.pinned[side]) for side in (seat, 1 - seat))
    out.append(min(view.quiet, 255))
    return bytes(out)


def _cell(ch: str, seat: int) -> tuple[int, ...]:
    """A square's first 29 numbers, seen by ``seat``."""
    kinds = len(KINDS)
    cell = [0] * (2 * kinds + 3)
    if ch == EMPTY:
        cell[0] = 1
    elif ch in UNKNOWN:
        cell[2 * kinds + 1 if owner(ch) != seat else 2 * kinds + 2] = 1
    else:
        side, kind = PIECE[ch]
        cell[1 + kind + (0 if side == seat else kinds)] = 1
    return tuple(cell)


_CELLS: tuple[tuple[dict[str, bytes], dict[str, bytes]], ...] = tuple(
    ({ch: bytes((*_cell(ch, seat), 0)) for ch in (EMPTY, *UNKNOWN, *PIECE)},
     {ch: bytes((*_cell(ch, seat), int(ch != EMPTY))) for ch in (EMPTY, *UNKNOWN, *PIECE)})
    for seat in (0, 1))
"""Each board letter's 30 numbers, seen by each seat, unrevealed then revealed (looked up,
not built, per square)."""
