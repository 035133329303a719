"""Swords & Wizardry: how each event changes the state (pure).

>>> from grimoire.games.swords_wizardry import RULES
>>> s = RULES.parse("10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0", RULES.Options(),
...                 ("Red", "Black"))
>>> after = evolve(s, Move(player=0, from_="c7", to="c6"))
>>> after.board[42], after.revealed[42], after.turn
('K', True, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from grimoire.core.kit import ended, put, put_many
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import EMPTY, INDEX, KIND_INDEX, PIECE, UNKNOWN, letter
from grimoire.games.swords_wizardry.events import (
    Advance,
    Bombard,
    Bounce,
    Challenge,
    Commence,
    Decline,
    Eliminate,
    Event,
    GameOver,
    Move,
    Pin,
    Place,
    Reveal,
    Roll,
    Storm,
    Surround,
)
from grimoire.games.swords_wizardry.state import State

_replace = msgspec.structs.replace
Item = TypeVar("Item")


def evolve(state: State, event: Event) -> State:
    """The state after ``event``."""
    return _EVOLVERS[type(event)](state, event)


def _place(state: State, ev: Place) -> State:
    kind = KIND_INDEX.get(ev.piece, -1)
    ch = letter(ev.player, kind) if kind >= 0 else UNKNOWN[ev.player]
    return _replace(state, board=put(state.board, INDEX[ev.square], ch))


def _commence(state: State, ev: Commence) -> State:
    return _replace(state, turn=ev.first)


def _move(state: State, ev: Move) -> State:
    src, dst = INDEX[ev.from_], INDEX[ev.to]
    if state.board[dst] != EMPTY:  # a challenge: its consequences move the pieces
        return _replace(state, turn=1 - ev.player, quiet=0)
    return _replace(
        state,
        board=_shift(state.board, src, dst, EMPTY),
        revealed=_shift(state.revealed, src, dst, False),
        turn=1 - ev.player,
        quiet=state.quiet + 1,
    )


def _bombard(state: State, ev: Bombard) -> State:
    return _replace(state, turn=1 - ev.player, quiet=0)


def _challenge(state: State, ev: Challenge) -> State:
    return _replace(
        state, revealed=put_many(state.revealed, {INDEX[ev.from_]: True, INDEX[ev.to]: True})
    )


def _reveal(state: State, ev: Reveal) -> State:
    return _replace(state, revealed=put(state.revealed, INDEX[ev.square], True))


def _eliminate(state: State, ev: Eliminate) -> State:
    sq = INDEX[ev.square]
    if len(state.lost[ev.owner]) >= T.PIECES_PER_SIDE:  # only a forged log gets here
        raise ValueError(f"every piece of seat {ev.owner} is already lost")
    gone = state.lost[ev.owner] + letter(ev.owner, KIND_INDEX[ev.piece])
    return _replace(
        state,
        board=put(state.board, sq, EMPTY),
        revealed=put(state.revealed, sq, False),
        lost=put(state.lost, ev.owner, "".join(sorted(gone, key=lambda ch: PIECE[ch][1]))),
    )


def _advance(state: State, ev: Advance) -> State:
    src, dst = INDEX[ev.from_], INDEX[ev.to]
    return _replace(
        state,
        board=_shift(state.board, src, dst, EMPTY),
        revealed=_shift(state.revealed, src, dst, False),
    )


def _bounce(state: State, ev: Bounce) -> State:
    src, dst = INDEX[ev.from_], INDEX[ev.to]
    return _replace(
        state,
        board=_shift(state.board, src, dst, EMPTY),
        revealed=_shift(state.revealed, src, dst, False),
    )


def _shift(t: tuple[Item, ...], src: int, dst: int, left: Item) -> tuple[Item, ...]:
    """``t`` with the item on ``src`` carried to ``dst`` and ``left`` behind, in one list
    copy: a move is the hottest fold there is, and ``put_many`` with its dict and checks
    made replays measurably slower."""
    out = list(t)
    out[src] = left
    out[dst] = t[src]
    return tuple(out)


def _pin(state: State, ev: Pin) -> State:
    return _replace(state, pinned=put(state.pinned, ev.owner, True))


def _surround(state: State, ev: Surround) -> State:
    return _replace(state, storm=INDEX[ev.castle], storm_by=ev.by)


def _storm(state: State, ev: Storm | Decline) -> State:
    return _replace(state, storm=-1, storm_by=-1)


def _roll(state: State, ev: Roll) -> State:
    return state


def _game_over(state: State, ev: GameOver) -> State:
    return ended(state, ev)


_EVOLVERS: dict[type, Callable[[State, Any], State]] = {
    Move: _move, Challenge: _challenge, Eliminate: _eliminate, Advance: _advance,
    Roll: _roll, Bombard: _bombard, Storm: _storm, Reveal: _reveal, Surround: _surround,
    Pin: _pin, Place: _place, Commence: _commence, GameOver: _game_over, Decline: _storm,
    Bounce: _bounce,
}
