"""The Wizards of the Vicious Circle position notation (like FEN):
``BOARD RESERVES TURN LAST PASSES``.

- BOARD: ranks 5 to 1 separated by ``/``; Dawn's creatures in capitals, Twilight's in
  small letters (``S`` saint, ``P`` spirit, ``C`` child, ``W`` warrior, ``D`` dragon);
  digits count empty squares.
- RESERVES: Dawn's reserve letters ``/`` Twilight's, ``-`` for none.
- TURN: ``d`` (Dawn to move) or ``t``.
- LAST: each seat's previous move (``c5c3``) or ``-``, comma-separated (no-return rule).
- PASSES: passes in a row so far.

Captured creatures are those on neither the board nor in reserve.

>>> notation(parse("2S1D/5/5/5/s4 CW/pcwd d -,- 0", None, ()))
'2S1D/5/5/5/s4 CW/pcwd d -,- 0'
"""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.core.errors import IllegalAction
from grimoire.core.kit import bad_position, read_ranks, write_ranks
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import EMPTY, INDEX, PIECE
from grimoire.games.vicious_circle.rules import first_player, throne_defence
from grimoire.games.vicious_circle.state import Options, State

SIZE = T.SIZE


def notation(state: State) -> str:
    """The position in notation (play phase only; a secret setup has no notation)."""
    if state.turn < 0:
        raise IllegalAction("position/setup", "a position during the secret setup has no notation")
    ranks = write_ranks(state.board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE))
    reserves = "/".join(r or "-" for r in state.reserves)
    last = ",".join(m or "-" for m in state.last)
    return f"{ranks} {reserves} {T.SEAT_LETTERS[state.turn]} {last} {state.passes}"


def parse(text: str, options: Options | None, players: Sequence[str]) -> State:
    """A :class:`State` from notation (``options`` give who moved first and the rules the
    moves obey; ``None`` for the defaults)."""
    parts = text.split()
    if len(parts) != 5:
        raise bad_position(text, "expected 5 fields: board reserves turn last passes")
    ranks_text, reserves_text, turn_text, last_text, passes_text = parts
    rows = read_ranks(text, ranks_text, SIZE, SIZE, pieces=PIECE, what="creature")
    squares = [cell for row in rows for cell in row]
    res = reserves_text.split("/")
    if len(res) != 2:
        raise bad_position(text, "reserves are DAWN/TWILIGHT")
    reserves = tuple("" if r == "-" else r for r in res)
    for seat, r in enumerate(reserves):
        for ch in r:
            if ch not in PIECE or PIECE[ch][0] != seat:
                raise bad_position(text, f"{ch!r} cannot be in {T.SEAT_NAMES[seat]}'s reserve")
    captured = []
    for seat in (0, 1):
        mine = [ch for ch in squares if ch != EMPTY and PIECE[ch][0] == seat]
        mine += list(reserves[seat])
        letters = [c[1] if seat == 0 else c[1].lower() for c in T.CREATURES]
        for ch in mine:
            if mine.count(ch) > 1:
                raise bad_position(text, f"{T.SEAT_NAMES[seat]} has {ch!r} twice")
        captured.append("".join(ch for ch in letters if ch not in mine))
    if turn_text not in T.SEAT_LETTERS:
        raise bad_position(text, "turn is 'd' or 't'")
    last = last_text.split(",")
    if len(last) != 2:
        raise bad_position(text, "last moves are DAWN,TWILIGHT")
    if not passes_text.isdigit() or not passes_text.isascii() or len(passes_text) > 3:
        raise bad_position(text, "passes is a whole number")
    for move in last:
        if move != "-" and (len(move) != 4 or move[:2] not in INDEX or move[2:] not in INDEX):
            raise bad_position(text, f"last move {move!r} is not like 'c5c3' or '-'")
    for seat, (throne_row, throne_col) in enumerate(T.THRONES):
        ch = squares[throne_row * SIZE + throne_col]
        if ch != EMPTY and PIECE[ch][0] != seat:
            raise bad_position(text, f"{T.SEAT_NAMES[seat]}'s throne is taken: the game is over")
    options = Options() if options is None else options
    return State(
        board=tuple(squares),
        reserves=(reserves[0], reserves[1]),
        captured=(captured[0], captured[1]),
        setups=(True, True),
        turn=T.SEAT_LETTERS.index(turn_text),
        first=first_player(options),
        no_move=options.no_move,
        throne_defence=throne_defence(options),
        paths=options.paths,
        no_return=options.no_return == "on",
        last=("" if last[0] == "-" else last[0], "" if last[1] == "-" else last[1]),
        passes=int(passes_text),
    )

