"""Text for Wizards of the Vicious Circle: the board, one-line event descriptions and the
position notation.

Notation (like FEN): ``BOARD RESERVES TURN LAST PASSES``.

- BOARD: ranks 5 to 1 separated by ``/``; Dawn's creatures in capitals, Twilight's in
  small letters (``S`` saint, ``P`` spirit, ``C`` child, ``W`` warrior, ``D`` dragon);
  digits count empty squares.
- RESERVES: Dawn's reserve letters ``/`` Twilight's, ``-`` for none.
- TURN: ``d`` (Dawn to move) or ``t``.
- LAST: each seat's previous move (``c5c3``) or ``-``, comma-separated (no-return rule).
- PASSES: passes in a row so far.

Captured creatures are those on neither the board nor in reserve.

>>> notation(parse("2S1D/5/5/5/s4 CW/pcwd d -,- 0", None))
'2S1D/5/5/5/s4 CW/pcwd d -,- 0'
"""

from __future__ import annotations

from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.events import (
    Capture,
    Deploy,
    GameOver,
    Move,
    Pass,
    Reveal,
    Setup,
)
from grimoire.games.vicious_circle.state import State

EMPTY = "."
SIZE = T.SIZE
_TERRAIN_MARK = {"S": "+", "W": "~", "V": "#", "M": "^", ".": "."}
_LETTERS = {c[1] for c in T.CREATURES}


def _throne_squares() -> set[int]:
    return {r * SIZE + c for r, c in T.THRONES}


def board(state: State, player: int | None = None) -> str:
    """The map with creatures; terrain marks: ``+`` shrine, ``~`` swamp, ``#`` village,
    ``^`` mountain, ``@`` a throne."""
    terrain = "".join(T.TERRAIN)
    thrones = _throne_squares()
    lines = ["    a b c d e"]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            i = r * SIZE + c
            ch = state.board[i]
            if ch == EMPTY:
                ch = "@" if i in thrones else _TERRAIN_MARK[terrain[i]]
            cells.append(ch)
        lines.append(f" {SIZE - r}  " + " ".join(cells))
    for seat in (0, 1):
        res = state.reserves[seat] or "-"
        lost = state.captured[seat] or "-"
        if state.turn < 0 and player is not None and seat != player:
            res = "?"
        lines.append(f" {T.SEAT_NAMES[seat]:<9} reserve {res:<6} lost {lost}")
    if state.result:
        who = " and ".join(T.SEAT_NAMES[w] for w in state.winners) or "nobody"
        lines.append(f" game over: {who} wins ({state.result})")
    elif state.turn < 0:
        waiting = [T.SEAT_NAMES[s] for s in (0, 1) if not state.setups[s]]
        lines.append(f" secret setup: waiting for {', '.join(waiting)}")
    else:
        lines.append(f" {T.SEAT_NAMES[state.turn]} to move")
    return "\n".join(lines)


def describe(event: Event) -> str:
    """One line per event, for ``grimoire replay``."""
    if isinstance(event, Move):
        return f"{T.SEAT_NAMES[event.player]} moves {event.from_}-{event.to}"
    if isinstance(event, Deploy):
        return f"{T.SEAT_NAMES[event.player]} deploys a {event.creature} on {event.to}"
    if isinstance(event, Pass):
        return f"{T.SEAT_NAMES[event.player]} passes"
    if isinstance(event, Setup):
        if not event.placement:
            return f"{T.SEAT_NAMES[event.player]} sets up behind the screen"
        where = ", ".join(f"{k} {sq}" for k, sq in event.placement)
        return f"{T.SEAT_NAMES[event.player]} sets up {where}"
    if isinstance(event, Reveal):
        return f"the screen comes down; {T.SEAT_NAMES[event.first]} moves first"
    if isinstance(event, Capture):
        return (f"{T.SEAT_NAMES[event.by]} captures {T.SEAT_NAMES[event.owner]}'s "
                f"{event.creature} on {event.square}")
    if isinstance(event, GameOver):
        who = " and ".join(T.SEAT_NAMES[w] for w in event.winners) or "nobody"
        return f"game over: {who} wins ({event.reason})"
    return repr(event)


def notation(state: State) -> str:
    """The position in notation (play phase only; a secret setup has no notation)."""
    if state.turn < 0:
        raise IllegalAction("position/setup", "a position during the secret setup has no notation")
    ranks = []
    for r in range(SIZE):
        text, run = "", 0
        for ch in state.board[r * SIZE:(r + 1) * SIZE]:
            if ch == EMPTY:
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += ch
        if run:
            text += str(run)
        ranks.append(text)
    reserves = "/".join(r or "-" for r in state.reserves)
    last = ",".join(m or "-" for m in state.last)
    return f"{'/'.join(ranks)} {reserves} {T.SEAT_LETTERS[state.turn]} {last} {state.passes}"


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("position/invalid", f"{text!r}: {why}")


def parse(text: str, base: State | None) -> State:
    """A :class:`State` from notation. ``base`` supplies option-derived fields (or ``None``)."""
    parts = text.split()
    if len(parts) != 5:
        raise _bad(text, "expected 5 fields: board reserves turn last passes")
    ranks_text, reserves_text, turn_text, last_text, passes_text = parts
    ranks = ranks_text.split("/")
    if len(ranks) != SIZE:
        raise _bad(text, f"expected {SIZE} ranks separated by '/'")
    squares: list[str] = []
    for rank in ranks:
        row: list[str] = []
        for ch in rank:
            if ch.isdigit():
                row.extend(EMPTY * int(ch))
            elif ch.upper() in _LETTERS:
                row.append(ch)
            else:
                raise _bad(text, f"unknown creature letter {ch!r}")
        if len(row) != SIZE:
            raise _bad(text, f"rank {rank!r} is not {SIZE} squares")
        squares.extend(row)
    res = reserves_text.split("/")
    if len(res) != 2:
        raise _bad(text, "reserves are DAWN/TWILIGHT")
    reserves = tuple("" if r == "-" else r for r in res)
    for seat, r in enumerate(reserves):
        for ch in r:
            if ch.upper() not in _LETTERS or ch.isupper() != (seat == 0):
                raise _bad(text, f"{ch!r} cannot be in {T.SEAT_NAMES[seat]}'s reserve")
    captured = []
    for seat in (0, 1):
        mine = [ch for ch in squares if ch != EMPTY and ch.isupper() == (seat == 0)]
        mine += list(reserves[seat])
        letters = [c[1] if seat == 0 else c[1].lower() for c in T.CREATURES]
        for ch in mine:
            if mine.count(ch) > 1:
                raise _bad(text, f"{T.SEAT_NAMES[seat]} has {ch!r} twice")
        captured.append("".join(ch for ch in letters if ch not in mine))
    if turn_text not in T.SEAT_LETTERS:
        raise _bad(text, "turn is 'd' or 't'")
    last = last_text.split(",")
    if len(last) != 2:
        raise _bad(text, "last moves are DAWN,TWILIGHT")
    if not passes_text.isdigit():
        raise _bad(text, "passes is a whole number")
    squares_named = {f"{f}{rk}" for f in "abcde" for rk in "12345"}
    for move in last:
        if move != "-" and (len(move) != 4 or move[:2] not in squares_named
                            or move[2:] not in squares_named):
            raise _bad(text, f"last move {move!r} is not like 'c5c3' or '-'")
    for seat, (throne_row, throne_col) in enumerate(T.THRONES):
        ch = squares[throne_row * SIZE + throne_col]
        if ch != EMPTY and ch.isupper() != (seat == 0):
            raise _bad(text, f"{T.SEAT_NAMES[seat]}'s throne is taken: the game is over")
    state = State(
        board=tuple(squares),
        reserves=(reserves[0], reserves[1]),
        captured=(captured[0], captured[1]),
        setups=(True, True),
        turn=T.SEAT_LETTERS.index(turn_text),
        first=0 if base is None else base.first,
        no_move="pass" if base is None else base.no_move,
        last=("" if last[0] == "-" else last[0], "" if last[1] == "-" else last[1]),
        passes=int(passes_text),
    )
    return state
