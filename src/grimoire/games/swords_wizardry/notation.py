"""The Swords & Wizardry position notation (like FEN): ``BOARD TURN PINNED STORM QUIET``.

- BOARD: ranks 10 to 1 separated by ``/``; Red's pieces in capitals, Black's in small
  letters (``K`` king, ``H`` hero, ``M`` marshall-royal, ``P`` princess, ``W`` wizard,
  ``D`` dragon, ``G`` giant, ``O`` ogre, ``N`` knights, ``A`` men-at-arms, ``B`` bowmen,
  ``S`` peasants, ``C`` siege-catapult); a ``*`` after a letter marks a piece already shown
  to the opponent; numbers count empty squares (lake squares count as empty).
- TURN: ``r`` (Red to move) or ``b``.
- PINNED: whose Princess is pinned in her castle: ``-``, ``r``, ``b`` or ``rb``.
- STORM: ``-``, or a surrounded castle awaiting its storm and the storming seat (``b10:b``).
- QUIET: moves in a row without an attack.
- RESULT (only once the game is over): the reason and the winners' letters,
  ``rescue:b`` or ``quiet-limit:`` for a draw.

Eliminated pieces are those of the counts on neither side of the board.

>>> notation(parse("10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0", None, ()))
'10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.core.kit import bad_position, read_ranks, write_ranks
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    CASTLE,
    EMPTY,
    INDEX,
    KINDS,
    LAKE,
    LETTERS,
    PIECE,
    SQUARES,
    letter,
)
from grimoire.games.swords_wizardry.rules import setup
from grimoire.games.swords_wizardry.state import Options, State

SIZE = T.SIZE


def notation(state: State) -> str:
    """The position in notation (play only: a secret deployment has no notation)."""
    if state.turn < 0:
        raise IllegalAction("position/setup", "a position during the deployment has no notation")
    board, revealed = state.board, state.revealed
    cells = [ch + "*" if revealed[i] and ch != EMPTY else ch for i, ch in enumerate(board)]
    ranks = write_ranks(cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE))
    pinned = "".join(T.SEAT_LETTERS[s] for s in (0, 1) if state.pinned[s]) or "-"
    storm = "-" if state.storm < 0 else f"{SQUARES[state.storm]}:{T.SEAT_LETTERS[state.storm_by]}"
    text = f"{ranks} {T.SEAT_LETTERS[state.turn]} {pinned} {storm} {state.quiet}"
    if state.result:
        text += f" {state.result}:{''.join(T.SEAT_LETTERS[w] for w in state.winners)}"
    return text


def parse(text: str, options: Options | None, players: Sequence[str]) -> State:
    """A :class:`State` from notation; ``options`` (``None`` for the defaults) give the
    counts, who moved first, the table and the quiet limit."""
    base = setup(Options() if options is None else options, players)
    parts = text.split()
    if len(parts) not in (5, 6):
        raise bad_position(text, "expected 5 fields (board turn pinned storm quiet) and a result")
    ranks_text, turn_text, pinned_text, storm_text, quiet_text = parts[:5]
    result = ""
    winners: tuple[int, ...] = ()
    if len(parts) == 6:
        result, _, who = parts[5].partition(":")
        if not result or set(who) - set(T.SEAT_LETTERS):
            raise bad_position(text, "result is REASON:WINNERS, e.g. 'rescue:b'")
        winners = tuple(T.SEAT_LETTERS.index(w) for w in who)
    squares: list[str] = []
    revealed: list[bool] = []
    for row in read_ranks(text, ranks_text, SIZE, SIZE, pieces=PIECE, marks="*"):
        for cell in row:
            if len(cell) > 2:
                raise bad_position(text, "unknown piece letter '*'")
            squares.append(cell[0])
            revealed.append(len(cell) == 2)
    for i, ch in enumerate(squares):
        if ch != EMPTY and LAKE[i]:
            raise bad_position(text, f"a piece stands in Lake Limpid on {SQUARES[i]}")
        if ch.upper() == "C" and CASTLE[i]:
            raise bad_position(text, f"a siege-catapult stands on castle {SQUARES[i]}")
    lost = []
    for seat in (0, 1):
        on_board = [0] * len(LETTERS)
        for ch in squares:
            if ch != EMPTY and ch.isupper() == (seat == 0):
                on_board[PIECE[ch][1]] += 1
        gone = ""
        for k, (have, total) in enumerate(zip(on_board, base.counts, strict=True)):
            if have > total:
                raise bad_position(text, f"{T.SEAT_NAMES[seat]} has {have} of {KINDS[k]}, "
                                         f"more than {total}")
            gone += letter(seat, k) * (total - have)
        lost.append(gone)
    if turn_text not in T.SEAT_LETTERS:
        raise bad_position(text, "turn is 'r' or 'b'")
    if pinned_text != "-" and (not pinned_text or set(pinned_text) - set("rb")):
        raise bad_position(text, "pinned is '-', 'r', 'b' or 'rb'")
    storm, storm_by = -1, -1
    if storm_text != "-":
        castle, _, by = storm_text.partition(":")
        if castle not in INDEX or not CASTLE[INDEX[castle]] or by not in T.SEAT_LETTERS:
            raise bad_position(text, "storm is '-' or CASTLE:SEAT, e.g. 'b10:b'")
        storm, storm_by = INDEX[castle], T.SEAT_LETTERS.index(by)
    if not quiet_text.isdigit():
        raise bad_position(text, "quiet is a whole number")
    fields: dict[str, Any] = dict(
        board=tuple(squares),
        revealed=tuple(revealed),
        turn=T.SEAT_LETTERS.index(turn_text),
        lost=(lost[0], lost[1]),
        storm=storm,
        storm_by=storm_by,
        pinned=("r" in pinned_text, "b" in pinned_text),
        quiet=int(quiet_text),
        result=result,
        winners=winners,
    )
    new: State = msgspec.structs.replace(base, **fields)
    return new
