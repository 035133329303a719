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
IN_RESERVE = len(T.CREATURES) - T.SETUP_ON_BOARD  # each seat's reserve after its setup
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
        lost = state.captured[seat] or "-"
        lines.append(f" {T.SEAT_NAMES[seat]:<9} reserve {reserve(state, seat):<10} lost {lost}")
    if state.result:
        lines.append(f" game over: {who(T.SEAT_NAMES, state.winners)} wins ({state.result})")
    elif state.turn < 0:
        lines.append(f" {setup_status(state)}")
    else:
        lines.append(f" {T.SEAT_NAMES[state.turn]} to move")
    return "\n".join(lines)


def reserve(state: State, seat: int) -> str:
    """A seat's reserve as ``state`` (the whole truth or a seat's view) shows it: its
    letters, ``-`` only when it is truly empty, ``not set up`` before the seat's secret
    setup, and ``?? hidden`` (a ``?`` per creature) when the setup is done but this view
    may not see which creatures (a seat that has set up always keeps two in reserve until
    the reveal, so an empty one is hidden, never empty).

    >>> from grimoire.games.vicious_circle import RULES
    >>> s = RULES.setup(RULES.Options(), ("Dawn", "Twilight"))
    >>> reserve(s, 0)
    'not set up'
    """
    letters = state.reserves[seat]
    if state.turn >= 0:
        return letters or "-"
    if not state.setups[seat]:
        return "not set up"
    return letters or "?" * IN_RESERVE + " hidden"


def setup_status(state: State) -> str:
    """The status line of the secret setup: who is still setting up, or that both have
    and the screen comes down next (the moment between the second setup and the reveal).

    >>> from grimoire.games.vicious_circle import RULES
    >>> setup_status(RULES.setup(RULES.Options(), ("Dawn", "Twilight")))
    'secret setup: waiting for Dawn and Twilight'
    """
    done = [s for s in (0, 1) if state.setups[s]]
    waiting = [s for s in (0, 1) if not state.setups[s]]
    if not waiting:
        return "secret setup: both have set up; the screen comes down next"
    if not done:
        return f"secret setup: waiting for {who(T.SEAT_NAMES, waiting)}"
    return (f"secret setup: {who(T.SEAT_NAMES, done)} has set up; "
            f"waiting for {who(T.SEAT_NAMES, waiting)}")


def describe(event: Event | AnyEvent, state: State | None = None) -> str:
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
