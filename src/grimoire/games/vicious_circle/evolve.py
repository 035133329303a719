"""Wizards of the Vicious Circle: how each event changes the state (pure).

>>> from grimoire.games.vicious_circle import RULES
>>> s = RULES.parse("5/5/5/5/s4 -/- t -,- 0", RULES.Options(), ("Dawn", "Twilight"))
>>> evolve(s, Move(player=1, from_="a1", to="b1")).board[21]
's'
"""

from __future__ import annotations

import msgspec

from grimoire.core.kit import ended, evolver, put
from grimoire.games.vicious_circle.board import BEATS_LETTER, EMPTY, INDEX, KIND_INDEX, KINDS
from grimoire.games.vicious_circle.board import letter as _letter
from grimoire.games.vicious_circle.events import (
    Capture,
    Commit,
    Deploy,
    GameOver,
    Move,
    Open,
    Pass,
    Reveal,
    Setup,
)
from grimoire.games.vicious_circle.state import State

_replace = msgspec.structs.replace


def _move(state: State, ev: Move) -> State:
    from_, to = ev.from_, ev.to
    src, dst = INDEX[from_], INDEX[to]
    board = list(state.board)
    piece, target = board[src], board[dst]
    board[src] = EMPTY
    # On a throne the defender may capture the attacker: then the defender stays.
    if target == EMPTY or not BEATS_LETTER[target][piece]:
        board[dst] = piece
    # (a seat pair built inline, not with kit.put: the fold's hot path; the readers
    # have checked that the seat is 0 or 1)
    seat, last = ev.player, state.last
    return _replace(state, board=tuple(board), turn=1 - seat, passes=0,
                    last=(from_ + to, last[1]) if seat == 0 else (last[0], from_ + to))


def _capture(state: State, ev: Capture) -> State:
    lost = _letter(ev.owner, KIND_INDEX[ev.creature])
    if lost in state.captured[ev.owner]:  # each seat has one of each: no log does this
        raise ValueError(f"seat {ev.owner}'s {ev.creature} is already captured")
    return _replace(state, captured=put(state.captured, ev.owner,
                                        state.captured[ev.owner] + lost))


def _deploy(state: State, ev: Deploy) -> State:
    ch = _letter(ev.player, KIND_INDEX[ev.creature])
    return _replace(
        state, board=put(state.board, INDEX[ev.to], ch),
        reserves=put(state.reserves, ev.player, state.reserves[ev.player].replace(ch, "", 1)),
        turn=1 - ev.player, last=put(state.last, ev.player, ""), passes=0,
    )


def _pass(state: State, ev: Pass) -> State:
    return _replace(state, turn=1 - ev.player, last=put(state.last, ev.player, ""),
                    passes=state.passes + 1)


def setup(state: State, ev: Setup | Open) -> State:
    """A seat's secret deployment (a setup, or an opened seal) put on the board (also used
    to disguise one)."""
    seat = ev.player
    board = list(state.board)
    placed = ""
    for kind_name, sq in ev.placement:
        ch = _letter(seat, KIND_INDEX[kind_name])
        board[INDEX[sq]] = ch
        placed += ch
    army = (_letter(seat, k) for k in range(len(KINDS)))
    reserve = "".join(ch for ch in army if ch not in placed)
    return _replace(state, board=tuple(board), reserves=put(state.reserves, seat, reserve),
                    setups=put(state.setups, seat, True))


def _commit(state: State, ev: Commit) -> State:
    return _replace(state, digests=put(state.digests, ev.player, ev.digest))


def _reveal(state: State, ev: Reveal) -> State:
    return _replace(state, turn=ev.first, digests=("", ""))


def _game_over(state: State, ev: GameOver) -> State:
    return ended(state, ev)


evolve = evolver(State, {
    Move: _move, Capture: _capture, Deploy: _deploy, Pass: _pass, Setup: setup,
    Commit: _commit, Open: setup, Reveal: _reveal, GameOver: _game_over,
})
"""The state after an event (:func:`grimoire.core.kit.evolver`)."""
