"""Text for Wizards of the Vicious Circle: the board and one-line event descriptions.

>>> from grimoire.games.vicious_circle.events import Move
>>> describe(Move(player=0, from_="c5", to="c3"))
'Dawn moves c5-c3'
"""

from __future__ import annotations

from grimoire.core.events import Event as AnyEvent
from grimoire.core.kit import who
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import EMPTY, THRONE
from grimoire.games.vicious_circle.events import (
    Capture,
    Deploy,
    Event,
    GameOver,
    Move,
    Pass,
    Reveal,
    Setup,
)
from grimoire.games.vicious_circle.state import State

SIZE = T.SIZE
_TERRAIN_MARK = {"S": "+", "W": "~", "V": "#", "M": "^", ".": "."}


def board(state: State, player: int | None = None) -> str:
    """The map with creatures; terrain marks: ``+`` shrine, ``~`` swamp, ``#`` village,
    ``^`` mountain, ``@`` a throne."""
    terrain = "".join(T.TERRAIN)
    lines = ["    a b c d e"]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            i = r * SIZE + c
            ch = state.board[i]
            if ch == EMPTY:
                ch = "@" if i in THRONE else _TERRAIN_MARK[terrain[i]]
            cells.append(ch)
        lines.append(f" {SIZE - r}  " + " ".join(cells))
    for seat in (0, 1):
        res = state.reserves[seat] or "-"
        lost = state.captured[seat] or "-"
        if state.turn < 0 and player is not None and seat != player:
            res = "?"
        lines.append(f" {T.SEAT_NAMES[seat]:<9} reserve {res:<6} lost {lost}")
    if state.result:
        lines.append(f" game over: {who(T.SEAT_NAMES, state.winners)} wins ({state.result})")
    elif state.turn < 0:
        waiting = [T.SEAT_NAMES[s] for s in (0, 1) if not state.setups[s]]
        lines.append(f" secret setup: waiting for {', '.join(waiting)}")
    else:
        lines.append(f" {T.SEAT_NAMES[state.turn]} to move")
    return "\n".join(lines)


def describe(event: Event | AnyEvent) -> str:
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
        return f"game over: {who(T.SEAT_NAMES, event.winners)} wins ({event.reason})"
    return repr(event)
