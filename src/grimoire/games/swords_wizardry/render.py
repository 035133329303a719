"""Text for Swords & Wizardry: the board and one-line event descriptions.

>>> describe(Move(player=0, from_="c7", to="c6"))
'Red moves c7-c6'
"""

from __future__ import annotations

import msgspec

from grimoire.core.events import Event as AnyEvent
from grimoire.core.kit import FILES, who
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    CASTLE,
    EMPTY,
    LETTERS,
    PRINCESS,
    SQUARES,
    TERRAIN,
    owner,
)
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

SIZE = T.SIZE
_TERRAIN_MARK = {".": ".", "~": "~", "B": "\\", "C": "#", "F": "^", "G": "^"}
# The mark in front of a piece: the ground it stands on (nothing for open ground).
_UNDER = {".": " ", "B": "\\", "C": "#", "F": "^", "G": "^"}
LEGEND = (
    " X/x: a Red/Black piece not identified; *: shown to the opponent; !: a pinned Princess",
    " before a piece, the ground under it: # castle, ^ forest, \\ bridge",
)
"""The two lines under the board that explain its marks."""


def board(state: State, player: int | None = None) -> str:
    """The map with pieces, three characters a square. An empty square shows its ground:
    ``.`` open, ``~`` Lake Limpid, ``\\`` the Magic Rainbow Bridge, ``#`` castle, ``^``
    forest. A piece shows its letter (``X``/``x``: a Red/Black piece the viewer cannot
    identify), the ground under it in front (``#K``: the King in a castle) and behind it
    ``*`` if the opponent has seen it, ``!`` for a Princess pinned in her castle.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.parse("1P*8/10/10/10/10/10/10/10/10/1p*3C4 r b - 0", None, ())
    >>> print(board(s).splitlines()[10])
      1   . #p! .  .  #  C  .  .  #  .
    """
    cells = [
        " " + _TERRAIN_MARK[TERRAIN[i]] + " " if ch == EMPTY
        else _UNDER[TERRAIN[i]] + ch + _mark(state, i, ch)
        for i, ch in enumerate(state.board)
    ]
    lines = ["      " + "  ".join(FILES[:SIZE])]
    for r in range(SIZE):
        lines.append(f" {SIZE - r:>2}  " + "".join(cells[r * SIZE:(r + 1) * SIZE]).rstrip())
    lines.extend(LEGEND)
    for seat in (0, 1):
        lost = state.lost[seat] or "-"
        lines.append(f" {T.SEAT_NAMES[seat]:<6} lost {lost}")
    if state.result:
        lines.append(f" {_over(state.winners, state.result)}")
    elif state.turn < 0:
        total = sum(state.counts)
        done = [sum(1 for ch in state.board if ch != EMPTY and ch.isupper() == (seat == 0))
                for seat in (0, 1)]
        lines.append(f" deployment: Red {done[0]}/{total}, Black {done[1]}/{total}")
    elif state.storm >= 0:
        lines.append(f" {T.SEAT_NAMES[state.storm_by]} may storm the castle on "
                     f"{SQUARES[state.storm]}")
    else:
        lines.append(f" {T.SEAT_NAMES[state.turn]} to move")
    return "\n".join(lines)


def _mark(state: State, i: int, ch: str) -> str:
    """The mark after the piece ``ch`` on square ``i``: ``!`` a pinned Princess, ``*`` a
    piece the opponent has seen, else a space."""
    if ch.upper() == LETTERS[PRINCESS] and CASTLE[i] and state.pinned[owner(ch)]:
        return "!"
    return "*" if state.revealed[i] else " "


# What each event says, its seats (``player``, ``first``, ``owner``, ``by``) by name.
_PHRASES: dict[type, str] = {
    Commence: "both forces are deployed; {first} moves first",
    Move: "{player} moves {from_}-{to}",
    Bombard: "{player} bombards {to} from {from_}",
    Storm: "{player} storms the castle on {castle} from {from_}",
    Decline: "{player} leaves the surrounded castle on {castle} alone",
    Bounce: "the wizard bounces back {from_}-{to}",
    Challenge: "challenge: {attacker} on {from_} against {defender} on {to}",
    Reveal: "the piece on {square} is shown: {piece}",
    Eliminate: "{owner}'s {piece} on {square} is eliminated",
    Advance: "the victor advances {from_}-{to}",
    Pin: "{owner}'s princess is found in the castle on {square} and must stay there",
    Surround: "the castle on {castle} is surrounded by {by}, who may storm it",
}
_SEATS = ("player", "first", "owner", "by")


def describe(event: Event | AnyEvent, state: State | None = None) -> str:
    """One line per event, for ``grimoire replay``."""
    if isinstance(event, Place):
        return f"{T.SEAT_NAMES[event.player]} places {event.piece or 'a piece'} on {event.square}"
    if isinstance(event, Roll):
        thrower = T.SEAT_NAMES[event.player] if event.player is not None else "nobody"
        return f"{thrower}'s wizard throws {', '.join(map(str, event.values))}"
    if isinstance(event, GameOver):
        return _over(event.winners, event.reason)
    phrase = _PHRASES.get(type(event))
    if phrase is None:
        return repr(event)
    fields = msgspec.structs.asdict(event)
    for seat in _SEATS:
        if seat in fields:
            fields[seat] = T.SEAT_NAMES[fields[seat]]
    return phrase.format(**fields)


def _over(winners: tuple[int, ...], reason: str) -> str:
    """The end of the game, as the board's last line and the event's description."""
    return f"game over: {who(T.SEAT_NAMES, winners)} wins ({reason})"
