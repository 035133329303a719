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

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.core.kit import bad_position, number, read_ranks, write_ranks
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    CASTLE,
    CASTLES,
    CATAPULT,
    EMPTY,
    INDEX,
    KINDS,
    LAKE,
    LETTERS,
    PIECE,
    PRINCESS,
    SQUARES,
    letter,
    owner,
    surrounded_by,
)
from grimoire.games.swords_wizardry.rules import QUIET_MAX, has_action, setup
from grimoire.games.swords_wizardry.state import Options, State

SIZE = T.SIZE


def notation(state: State) -> str:
    """The position in notation (play only: a secret deployment has no notation, nor a
    match with ``hidden="commit"``, whose pieces nobody knows until they are opened)."""
    if state.turn < 0:
        raise IllegalAction("position/setup", "a position during the deployment has no notation")
    if state.commit:
        raise IllegalAction("position/sealed", "a match with hidden='commit' holds sealed "
                            "pieces: it has no notation")
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
    counts, who moved first, the table, the quiet limit and the rule options.

    Any text that is not a position these options allow is refused with
    ``position/invalid``, before anything larger than the board is allocated: a text longer
    than any position, numbers out of range (``kit.number``), more pieces of a kind than the
    counts, a piece on the lake or a catapult on a castle, a pinned Princess who is not
    shown in a castle, a storm of a castle its enemy does not surround, a result the
    position contradicts. A position that already meets a victory condition without saying
    so (the side to move cannot move, or the quiet limit is reached) is loaded as the
    finished game it is: its result is computed here (see Rulings).

    >>> over = parse("Ps8/s9/10/10/10/10/10/10/10/10 r - - 0", None, ())  # Red is hemmed in
    >>> over.result, over.winners, notation(over)
    ('no-move', (1,), 'Ps8/s9/10/10/10/10/10/10/10/10 r - - 0 no-move:b')
    >>> parse("10/10/10/10/10/10/10/10/10/10 r - - " + "9" * 300, None, ())
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.IllegalAction: position/invalid: ... is not a whole number from 0 ...
    """
    if not isinstance(text, str):
        raise bad_position(repr(text)[:40], "a position is a text")
    if len(text) > MAX_TEXT:
        raise bad_position(text[:40] + "\u2026", f"longer than any position ({MAX_TEXT} "
                                                  "characters)")
    base = setup(Options() if options is None else options, players)
    if base.commit:
        raise bad_position(text[:40], "a match with hidden='commit' starts from the "
                                      "deployment: its pieces are known only from their seals")
    parts = text.split()
    if len(parts) not in (5, 6):
        raise bad_position(text, "expected 5 fields (board turn pinned storm quiet) and a result")
    ranks_text, turn_text, pinned_text, storm_text, quiet_text = parts[:5]
    board, revealed = _board(text, ranks_text, base.counts)
    lost = _lost(text, board, base.counts)
    if turn_text not in T.SEAT_LETTERS:
        raise bad_position(text, "turn is 'r' or 'b'")
    turn = T.SEAT_LETTERS.index(turn_text)
    if pinned_text not in _PINNED:
        raise bad_position(text, "pinned is '-', 'r', 'b' or 'rb'")
    pinned = _PINNED[pinned_text]
    for seat in (0, 1):
        if pinned[seat] and not _princess_pinnable(board, revealed, seat):
            raise bad_position(text, f"{T.SEAT_NAMES[seat]}'s princess is pinned but not "
                                     "shown in a castle")
    storm, storm_by = _storm(text, storm_text, board)
    limit = base.quiet_limit
    quiet = number(text, quiet_text, 0, limit if limit > 0 else QUIET_MAX, "quiet")
    new: State = msgspec.structs.replace(
        base, board=board, revealed=revealed, turn=turn, lost=lost, storm=storm,
        storm_by=storm_by, pinned=pinned, quiet=quiet,
    )
    at_limit = limit > 0 and quiet >= limit
    if at_limit and storm >= 0:
        raise bad_position(text, "the quiet limit ends the game before any storm")
    if len(parts) == 6:
        result, winners = _result(text, parts[5])
        _check_result(text, new, result, winners)
    elif at_limit:
        result, winners = "quiet-limit", ()
    elif storm < 0 and not has_action(new, turn):
        result, winners = "no-move", (1 - turn,)
    else:
        return new
    finished: State = msgspec.structs.replace(new, result=result, winners=winners)
    return finished


MAX_TEXT = 400
"""No position is longer: 100 squares of a letter and a mark, 9 slashes and the fields."""
_PINNED = {"-": (False, False), "r": (True, False), "b": (False, True), "rb": (True, True)}
_RESULTS = ("rescue", "no-move", "quiet-limit")


def _board(text: str, ranks: str, counts: Sequence[int]) -> tuple[tuple[str, ...],
                                                                  tuple[bool, ...]]:
    """The board and the shown flags of BOARD, each square checked."""
    squares: list[str] = []
    revealed: list[bool] = []
    for row in read_ranks(text, ranks, SIZE, SIZE, pieces=PIECE, marks="*"):
        for cell in row:
            if len(cell) > 2:
                raise bad_position(text, f"{cell!r}: a piece takes at most one '*'")
            squares.append(cell[0])
            revealed.append(len(cell) == 2)
    for i, ch in enumerate(squares):
        if ch != EMPTY and LAKE[i]:
            raise bad_position(text, f"a piece stands in Lake Limpid on {SQUARES[i]}")
        if ch != EMPTY and PIECE[ch][1] == CATAPULT and CASTLE[i]:
            raise bad_position(text, f"a siege-catapult stands on castle {SQUARES[i]}")
    return tuple(squares), tuple(revealed)


def _lost(text: str, board: Sequence[str], counts: Sequence[int]) -> tuple[str, str]:
    """Each side's eliminated pieces: the counts less what is on the board (never more)."""
    lost = []
    for seat in (0, 1):
        on_board = [0] * len(LETTERS)
        for ch in board:
            if ch != EMPTY and owner(ch) == seat:
                on_board[PIECE[ch][1]] += 1
        gone = ""
        for k, (have, total) in enumerate(zip(on_board, counts, strict=True)):
            if have > total:
                raise bad_position(text, f"{T.SEAT_NAMES[seat]} has {have} of {KINDS[k]}, "
                                         f"more than {total}")
            gone += letter(seat, k) * (total - have)
        lost.append(gone)
    return lost[0], lost[1]


def _princess_pinnable(board: Sequence[str], revealed: Sequence[bool], seat: int) -> bool:
    """Is ``seat``'s Princess on a castle and shown, as a pinned Princess always is?"""
    mine = letter(seat, PRINCESS)
    return any(board[c] == mine and revealed[c] for c in CASTLES)


def _storm(text: str, field: str, board: Sequence[str]) -> tuple[int, int]:
    """STORM: ``-``, or a castle its enemy surrounds and the storming seat."""
    if field == "-":
        return -1, -1
    castle, _, by = field.partition(":")
    if castle not in INDEX or not CASTLE[INDEX[castle]] or by not in T.SEAT_LETTERS:
        raise bad_position(text, "storm is '-' or CASTLE:SEAT, e.g. 'b10:b'")
    sq, seat = INDEX[castle], T.SEAT_LETTERS.index(by)
    if surrounded_by(board, sq) != seat:
        raise bad_position(text, f"no piece in castle {castle} is surrounded by "
                                 f"{T.SEAT_NAMES[seat]}'s pieces")
    return sq, seat


def _result(text: str, field: str) -> tuple[str, tuple[int, ...]]:
    """RESULT: a reason and its winners' letters (one winner, or none for a draw)."""
    reason, _, who = field.partition(":")
    need = "" if reason == "quiet-limit" else "one"
    if reason not in _RESULTS or (who not in T.SEAT_LETTERS if need else who != ""):
        raise bad_position(text, "result is 'rescue:r', 'rescue:b', 'no-move:r', 'no-move:b' "
                                 "or 'quiet-limit:'")
    return reason, tuple(T.SEAT_LETTERS.index(w) for w in who)


def _check_result(text: str, state: State, result: str, winners: tuple[int, ...]) -> None:
    """Refuse a stated result the position contradicts."""
    limit = state.quiet_limit
    if state.storm >= 0:
        raise bad_position(text, "a finished game has no storm pending")
    if result == "quiet-limit":
        if not (limit > 0 and state.quiet == limit):
            raise bad_position(text, f"quiet-limit needs quiet equal to the limit ({limit})")
        return
    if limit > 0 and state.quiet >= limit:
        raise bad_position(text, "the quiet limit is reached: the result is quiet-limit")
    if result == "no-move":
        if winners != (1 - state.turn,) or has_action(state, state.turn):
            raise bad_position(text, "no-move: the side to move must have no move, and lose")
        return
    loser = 1 - winners[0]
    if not any(ch == letter(loser, PRINCESS) and state.revealed[i]
               for i, ch in enumerate(state.board)):
        raise bad_position(text, f"rescue: {T.SEAT_NAMES[loser]}'s princess must be on the "
                                 "board, shown")
