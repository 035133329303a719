"""The Wizards of the Vicious Circle position notation (like FEN):
``BOARD RESERVES TURN LAST PASSES``.

- BOARD: ranks 5 to 1 separated by ``/``; Dawn's creatures in capitals, Twilight's in
  small letters (``S`` saint, ``P`` spirit, ``C`` child, ``W`` warrior, ``D`` dragon);
  digits count empty squares.
- RESERVES: Dawn's reserve letters ``/`` Twilight's, ``-`` for none.
- TURN: ``d`` (Dawn to move) or ``t``.
- LAST: each seat's previous move (``c5c3``) or ``-``, comma-separated (no-return rule).
- PASSES: passes in a row so far.

Captured creatures are those on neither the board nor in reserve. A position that already
meets a victory condition (a creature on the enemy throne; the passes that end the game)
loads as a finished game. ``parse`` refuses anything else that could not arise in play
(see the docs page, Ruling 17), always with ``position/invalid``.

>>> notation(parse("2S1D/5/5/5/s4 CW/pw d -,- 0", None, ()))
'2S1D/5/5/5/s4 CW/pw d -,- 0'
>>> parse("4s/5/5/5/5 -/- d -,c2e5 0", None, ()).result
'throne'
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.core.kit import bad_position, number, read_ranks, write_ranks
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import (
    DOMAIN,
    EMPTY,
    INDEX,
    KINDS,
    LETTERS,
    PASSABLE,
    PIECE,
    RANGE,
    SQUARES,
    TERRAIN,
    THRONE,
    steps,
)
from grimoire.games.vicious_circle.events import Pass
from grimoire.games.vicious_circle.rules import first_player, hidden, legal, throne_defence
from grimoire.games.vicious_circle.state import Options, State

SIZE = T.SIZE
LONGEST = 100  # no position is half as long: a longer text is refused unread
IN_RESERVE = len(T.CREATURES) - T.SETUP_ON_BOARD  # a reserve never holds more
TERRAIN_NAMES = {"S": "a Shrine", "W": "a Swamp", "V": "a Village", "M": "the Mountain"}


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
    moves obey; ``None`` for the defaults). Refuses, always with ``position/invalid``, a
    text that is not notation or a position that could not arise in play (unless option
    ``position_check`` is ``lenient``: then only the text's syntax, as ruleset 1 read it).
    A position that already meets a victory condition loads as a finished game. The
    players' names (``players``) are kept in the state; the notation does not write them.

    >>> parse("5/5/5/5/s4 -/- t -,- 0", None, ("Ann", "Ben")).names
    ('Ann', 'Ben')
    """
    if not isinstance(text, str):
        raise bad_position(repr(text)[:40], f"a position is text, not {type(text).__name__}")
    if len(text) > LONGEST:
        raise bad_position(text[:40] + "\u2026",
                           f"{len(text)} characters; no position is longer than {LONGEST}")
    options = Options() if options is None else options
    strict = options.position_check == "strict"
    parts = text.split()
    if len(parts) != 5:
        raise bad_position(text, "expected 5 fields: board reserves turn last passes")
    ranks_text, reserves_text, turn_text, last_text, passes_text = parts
    rows = read_ranks(text, ranks_text, SIZE, SIZE, pieces=PIECE, what="creature")
    squares = tuple(cell for row in rows for cell in row)
    reserves = _reserves(text, reserves_text, strict)
    captured = _captured(text, squares, reserves)
    if turn_text not in T.SEAT_LETTERS:
        raise bad_position(text, f"turn {turn_text[:20]!r} is 'd' (Dawn) or 't' (Twilight)")
    last = _last(text, last_text)
    passes = number(text, passes_text, 0, 2 if strict else 999, "passes")
    state = State(
        board=squares,
        reserves=reserves,
        captured=captured,
        setups=(True, True),
        turn=T.SEAT_LETTERS.index(turn_text),
        first=first_player(options),
        no_move=options.no_move,
        throne_defence=throne_defence(options),
        paths=options.paths,
        no_return=options.no_return == "on",
        hidden=hidden(options),
        last=last,
        passes=passes,
        names=tuple(players),
    )
    if strict:
        _check(text, state)
    return _finished(text, state, strict)


def _reserves(text: str, field: str, strict: bool) -> tuple[str, str]:
    """Each seat's reserve letters, in the creatures' order."""
    res = field.split("/")
    if len(res) != 2:
        raise bad_position(text, "reserves are DAWN/TWILIGHT ('-' for none)")
    out = []
    for seat, r in enumerate(res):
        if r == "" and strict:
            raise bad_position(text, f"{T.SEAT_NAMES[seat]}'s reserve is empty: write '-'")
        letters = "" if r == "-" else r
        for ch in letters:
            if ch not in PIECE or PIECE[ch][0] != seat:
                raise bad_position(text, f"{ch!r} cannot be in {T.SEAT_NAMES[seat]}'s reserve")
        if strict and len(letters) > IN_RESERVE:
            raise bad_position(text, f"{T.SEAT_NAMES[seat]} has {len(letters)} creatures in "
                                     f"reserve; a reserve holds at most {IN_RESERVE}")
        out.append("".join(sorted(letters, key=lambda ch: PIECE[ch][1])))
    return out[0], out[1]


def _captured(text: str, squares: Sequence[str], reserves: tuple[str, str]) -> tuple[str, str]:
    """Each seat's creatures on neither the board nor in reserve; none may be twice."""
    captured = []
    for seat in (0, 1):
        mine = [ch for ch in squares if ch != EMPTY and PIECE[ch][0] == seat]
        mine += list(reserves[seat])
        for ch in mine:
            if mine.count(ch) > 1:
                raise bad_position(text, f"{T.SEAT_NAMES[seat]} has {ch!r} twice (one "
                                         "creature of each kind)")
        army = [LETTERS[k] if seat == T.DAWN else LETTERS[k].lower() for k in range(5)]
        captured.append("".join(ch for ch in army if ch not in mine))
    return captured[0], captured[1]


def _last(text: str, field: str) -> tuple[str, str]:
    """Each seat's previous move (``""`` for ``-``)."""
    last = field.split(",")
    if len(last) != 2:
        raise bad_position(text, "last moves are DAWN,TWILIGHT ('-' for none)")
    for move in last:
        if move != "-" and (len(move) != 4 or move[:2] not in INDEX or move[2:] not in INDEX):
            raise bad_position(text, f"last move {move[:20]!r} is not like 'c5c3' or '-'")
    return ("" if last[0] == "-" else last[0]), ("" if last[1] == "-" else last[1])


def _won(state: State) -> list[int]:
    """The seats with a creature on the enemy throne."""
    return [seat for seat in (0, 1) if state.board[THRONE[1 - seat]] != EMPTY
            and PIECE[state.board[THRONE[1 - seat]]][0] == seat]


def _check(text: str, state: State) -> None:
    """Refuse a position that could not arise in play."""
    board = state.board
    for i, ch in enumerate(board):
        if ch != EMPTY and not PASSABLE[PIECE[ch][1]][i]:
            raise bad_position(text, f"a {KINDS[PIECE[ch][1]]} cannot stand on {SQUARES[i]}, "
                                     f"{TERRAIN_NAMES[TERRAIN[i]]}")
    won = _won(state)
    if len(won) == 2:
        raise bad_position(text, "both thrones are taken: the game ends at the first")
    for seat in (0, 1):
        _check_last(text, state, seat)
    if won:
        seat = won[0]
        name, throne = T.SEAT_NAMES[seat], SQUARES[THRONE[1 - seat]]
        if state.turn == seat:
            raise bad_position(text, f"{name} is on {throne}, the enemy throne, so {name} moved "
                                     f"last: {T.SEAT_NAMES[1 - seat]} is to move")
        if state.last[seat][2:] != throne:
            raise bad_position(text, f"{name} won by moving onto {throne}: its last move "
                                     f"(LAST) ends there, not {state.last[seat] or '-'!r}")
        if state.passes:
            raise bad_position(text, "a game won on a throne has no passes after the win")
    if state.passes:
        _check_passes(text, state)


def _check_last(text: str, state: State, seat: int) -> None:
    """A seat's previous move must fit the board: it went somewhere within a creature's
    reach, the seat that moved last left its start square empty, and what stands at its
    end is the mover or, if the opponent has acted since, whoever captured it there."""
    move = state.last[seat]
    if not move:
        return
    name, other = T.SEAT_NAMES[seat], T.SEAT_NAMES[1 - seat]
    src, dst = INDEX[move[:2]], INDEX[move[2:]]
    latest = state.turn != seat  # the seat not to move acted last
    # a throne whose defender captured this attacker there (the designer's reading): it
    # stays while the opponent has not acted since, and may have moved on after
    defended = dst == THRONE[1 - seat] and state.throne_defence == "captures"
    if src == dst:
        raise bad_position(text, f"{name}'s last move {move!r} goes nowhere")
    if steps(src, dst) > max(RANGE):
        raise bad_position(text, f"{name}'s last move {move!r} is longer than any creature's")
    if latest and state.board[src] != EMPTY:
        raise bad_position(text, f"{name} moved {move} last, yet {move[:2]} is occupied")
    occupant = state.board[dst]
    if occupant == EMPTY:
        if defended and not latest:
            return
        raise bad_position(text, f"{name}'s last move {move!r} ends on an empty square")
    owner, kind = PIECE[occupant]
    if owner == seat:
        if steps(src, dst) > RANGE[kind] or not PASSABLE[kind][src]:
            raise bad_position(text, f"the {KINDS[kind]} on {move[2:]} cannot have come from "
                                     f"{move[:2]}")
    elif defended:
        return
    elif latest:
        raise bad_position(text, f"{name} moved {move} last, yet the enemy stands on "
                                 f"{move[2:]}")
    elif state.passes:
        raise bad_position(text, f"{other} passed since {name} moved {move}, yet the enemy "
                                 f"stands on {move[2:]}")
    else:
        # captured there since: by the opponent's last action, a move ending there or a
        # deploy into its domain
        theirs = state.last[1 - seat]
        if theirs[2:] != move[2:] and not (not theirs and dst in DOMAIN[1 - seat]):
            raise bad_position(text, f"the enemy on {move[2:]} must have captured there since "
                                     f"{name} moved {move}, yet {other}'s last move is "
                                     f"{theirs or '-'!r}")


def _check_passes(text: str, state: State) -> None:
    """Passes in a row need seats that had nothing to do (Ruling 9)."""
    if state.no_move == "lose" and state.passes > 1:
        raise bad_position(text, "with no_move=lose the first pass ends the game")
    passers = [1 - state.turn] if state.passes == 1 else [1 - state.turn, state.turn]
    for seat in passers:
        name = T.SEAT_NAMES[seat]
        if state.last[seat]:
            raise bad_position(text, f"{name} passed, so its last move is '-'")
        unblocked = msgspec.structs.replace(state, last=("", ""), passes=0)
        actions = [a for a in legal(unblocked, seat) if not isinstance(a, Pass)]
        # the no-return rule may have barred one move at the time of the pass
        if len(actions) > (1 if state.no_return else 0):
            raise bad_position(text, f"{name} passed, but has {len(actions)} actions here; "
                                     "a seat passes only when it has none")


def _finished(text: str, state: State, strict: bool) -> State:
    """The state, ended if it already meets a victory condition (Ruling 17): a creature on
    the enemy throne wins; with ``strict`` checks, two passes draw and a pass under
    ``no_move=lose`` loses."""
    won = _won(state)
    if len(won) == 2:
        raise bad_position(text, "both thrones are taken: the game ends at the first")
    if won:
        return msgspec.structs.replace(state, winners=(won[0],), result="throne")
    if strict and state.passes == 2:
        return msgspec.structs.replace(state, winners=(), result="stalemate")
    if strict and state.passes == 1 and state.no_move == "lose":
        return msgspec.structs.replace(state, winners=(state.turn,), result="no-move")
    return state
