"""Text for Swords & Wizardry: the board and one sentence per event.

Seats are named by the players' names (``state.names``; Red and Black in a hand-built
state), squares as the board shows them (``c7``), pieces as the rules text names them
(the King, an Ogre, Knights). A sentence names a piece when the state it is told in knows
it: the tools tell a seat its events in that seat's view, where its own pieces and the
pieces shown are known, so a player reads "Ann moves the Dragon on c7 to c6" of its own
Dragon and its opponent reads "the piece on c7" until the Dragon is shown.

>>> describe(Move(player=0, from_="c7", to="c6"))
'Red moves from c7 to c6'
"""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.core.events import Event as AnyEvent
from grimoire.core.kit import FILES, who
from grimoire.games.swords_wizardry import board as B
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    CASTLE,
    DEFAULT_COUNTS,
    EMPTY,
    INDEX,
    KIND_INDEX,
    KINDS,
    LETTERS,
    PIECE,
    PRINCESS,
    SQUARES,
    TERRAIN,
    UNKNOWN,
    owner,
)
from grimoire.games.swords_wizardry.events import (
    Advance,
    Arrive,
    Bombard,
    Bounce,
    Challenge,
    Commence,
    Commit,
    Decline,
    Eliminate,
    Event,
    GameOver,
    Move,
    Open,
    Pin,
    Place,
    Reveal,
    Roll,
    Storm,
    Surround,
)
from grimoire.games.swords_wizardry.evolve import awaited, needs_opening
from grimoire.games.swords_wizardry.rules import must_show, openings
from grimoire.games.swords_wizardry.state import State

SIZE = T.SIZE
_TERRAIN_MARK = {".": ".", "~": "~", "B": "\\", "C": "#", "F": "^", "G": "^"}
# The mark in front of a piece: the ground it stands on (a blank for open ground).
_UNDER = {".": " ", "B": "\\", "C": "#", "F": "^", "G": "^"}

SEAT_OF: dict[str, int] = {
    **{ch: T.RED for ch in LETTERS}, UNKNOWN[T.RED]: T.RED,
    **{ch.lower(): T.BLACK for ch in LETTERS}, UNKNOWN[T.BLACK]: T.BLACK,
}
"""The seat of every character the board's grid uses for a piece: Red's capitals and
``X``, Black's small letters and ``x`` (the command colours them in the seat's colour).

>>> SEAT_OF["K"], SEAT_OF["k"], SEAT_OF["x"]
(0, 1, 1)
"""

# ------------------------------------------------------------------ names


def seat_name(state: State | None, seat: int) -> str:
    """The name of ``seat``: the player's name, or the side (Red, Black) when the state
    has no names.

    >>> seat_name(None, 1)
    'Black'
    """
    names: Sequence[str] = state.names if state is not None and state.names else T.SEAT_NAMES
    return names[seat] if 0 <= seat < len(names) else "a player"


def side(state: State | None, seat: int) -> str:
    """A seat by name and side: ``"Ann (Red)"``, or ``"Red"`` when that is the name.

    >>> side(None, 0)
    'Red'
    """
    name = seat_name(state, seat)
    colour = T.SEAT_NAMES[seat] if 0 <= seat < len(T.SEAT_NAMES) else ""
    return name if name == colour or not colour else f"{name} ({colour})"


def title(kind: str) -> str:
    """A kind of piece as the rules text names it (``"marshall-royal"``: Marshall Royal).

    >>> title("men-at-arms"), title("siege-catapult")
    ('Men-At-Arms', 'Siege Catapult')
    """
    return T.TITLES.get(kind) or kind.replace("-", " ")


def a_piece(kind: str, counts: Sequence[int] = DEFAULT_COUNTS) -> str:
    """A kind with the article English wants: ``the`` for a kind a side has one of,
    ``a``/``an`` for another, none for a force named in the plural.

    >>> a_piece("king"), a_piece("ogre"), a_piece("knights"), a_piece("siege-catapult")
    ('the King', 'an Ogre', 'Knights', 'a Siege Catapult')
    """
    name = title(kind)
    if kind in T.PLURAL:
        return name
    k = KIND_INDEX.get(kind, -1)
    if k >= 0 and k < len(counts) and counts[k] == 1:
        return f"the {name}"
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"


def _verb(kind: str, singular: str, plural: str) -> str:
    return plural if kind in T.PLURAL else singular


def _at(square: str) -> str:
    """Where a square is: ``on c7``, ``in the castle on b1``."""
    i = INDEX.get(square, -1)
    return f"in the castle on {square}" if i >= 0 and CASTLE[i] else f"on {square}"


def _to(square: str) -> str:
    """Where a piece goes: ``to c6``, ``into the castle on b1``."""
    i = INDEX.get(square, -1)
    return f"into the castle on {square}" if i >= 0 and CASTLE[i] else f"to {square}"


def _on(state: State | None, square: str) -> str:
    """What stands on ``square`` (a letter, ``X``/``x`` or ``.``); ``.`` without a state."""
    i = INDEX.get(square, -1)
    return state.board[i] if state is not None and i >= 0 else EMPTY


def _known(state: State | None, square: str) -> str:
    """The kind on ``square`` if the state the sentence is told in knows it (a seat's
    view: its own pieces and the pieces shown; ``X``/``x`` there is a piece the reader
    has not identified), else ``""``: a sentence names nothing its reader may not know."""
    i = INDEX.get(square, -1)
    if state is None or i < 0:
        return ""
    ch = state.board[i]
    if ch == EMPTY or ch in UNKNOWN:
        return ""
    return KINDS[PIECE[ch][1]]


def _whose(state: State | None, square: str, kind: str) -> str:
    """``kind`` on ``square`` with its owner when the state tells it: ``Ben's Ogre``,
    ``the Ogre`` (``kind`` empty: ``piece``)."""
    name = title(kind) if kind else "piece"
    ch = _on(state, square)
    return f"{seat_name(state, owner(ch))}'s {name}" if ch != EMPTY else f"the {name}"


def _piece(state: State | None, square: str) -> str:
    """The player's own piece on ``square``: ``the Knights on c7``, or ``the piece on c7``
    where the reader does not know it."""
    return f"the {title(_known(state, square) or 'piece')} {_at(square)}"


def _counts(state: State | None) -> Sequence[int]:
    return state.counts if state is not None else DEFAULT_COUNTS


# ------------------------------------------------------------------ the board


def board(state: State, player: int | None = None) -> str:
    """The map with pieces, three characters a square, then the sides, whose turn it is
    and the legend. An empty square shows its ground: ``.`` open, ``~`` Lake Limpid,
    ``\\`` the Magic Rainbow Bridge, ``#`` castle, ``^`` forest. A piece shows its letter
    (Red's capitals, Black's small letters; ``X``/``x``: a piece the viewer cannot
    identify), the ground under it in front (``#K``: the King in a castle) and behind it
    ``*`` if the opponent has seen it, ``!`` for a Princess pinned in her castle.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.parse("1P*8/10/10/10/10/10/10/10/10/1p*3C4 r b - 0", None, ("Ann", "Ben"))
    >>> print(board(s).splitlines()[10])
      1   . #p! .  .  #  C  .  .  #  .
    >>> print(board(s).splitlines()[13])
     to move: Ann (Red)
    """
    cells = [
        " " + _TERRAIN_MARK[TERRAIN[i]] + " " if ch == EMPTY
        else _UNDER[TERRAIN[i]] + ch + _mark(state, i, ch)
        for i, ch in enumerate(state.board)
    ]
    lines = ["      " + "  ".join(FILES[:SIZE])]
    for r in range(SIZE):
        lines.append(f" {SIZE - r:>2}  " + "".join(cells[r * SIZE:(r + 1) * SIZE]).rstrip())
    for seat, where in ((T.RED, "north, capital letters"), (T.BLACK, "south, small letters")):
        name = seat_name(state, seat)
        called = "" if name == T.SEAT_NAMES[seat] else f" is {name}"
        lines.append(f" {T.SEAT_NAMES[seat]} ({where}){called}; lost: "
                     f"{state.lost[seat] or 'nothing'}")
    lines.append(f" {status(state)}")
    lines.extend(legend(state))
    return "\n".join(lines)


def status(state: State) -> str:
    """Whose turn it is (or the deployment's progress, a storm awaited, the outcome).

    >>> from grimoire.games.swords_wizardry import RULES
    >>> status(RULES.setup(RULES.Options(), ("Ann", "Ben")))
    'deployment: Ann (Red) 0 of 36 placed, Ben (Black) 0 of 36'
    """
    if state.result:
        return f"game over: {outcome(state, state.winners, state.result)}"
    if state.turn < 0:
        total = sum(state.counts)
        done = [sum(1 for ch in state.board if ch != EMPTY and owner(ch) == seat)
                for seat in (0, 1)]
        sealed = ", each piece sealed" if state.commit else ""
        return (f"deployment: {side(state, 0)} {done[0]} of {total} placed, "
                f"{side(state, 1)} {done[1]} of {total}{sealed}")
    waiting = awaited(state)
    if waiting:
        sq = waiting[0]
        return (f"to open: {side(state, owner(state.board[sq]))} must open the piece on "
                f"{SQUARES[sq]} before the {_waiting(state)} goes on")
    if state.storm >= 0:
        verb = "must" if state.storm_forced else "may"
        return (f"to storm: {side(state, state.storm_by)} {verb} storm the castle on "
                f"{SQUARES[state.storm]}")
    if must_show(state):
        return (f"to open: {side(state, state.turn)} must show that a sealed piece can move "
                f"(open the one deployed on {' or '.join(openings(state, state.turn))})")
    return f"to move: {side(state, state.turn)}"


def _waiting(state: State) -> str:
    """What waits for a piece to be opened: ``move``, ``challenge``, ``bombardment``,
    ``storm``."""
    p = state.pending
    if isinstance(p, Storm):
        return "storm"
    if isinstance(p, Bombard):
        return "bombardment"
    if isinstance(p, Move) and state.board[INDEX[p.to]] != EMPTY:
        return "challenge"
    return "move"


def legend(state: State | None = None) -> tuple[str, ...]:
    """The lines under the board that explain every symbol the grid uses.

    >>> legend()[0]
    ' ground: . open  ~ Lake Limpid  \\\\ Magic Rainbow Bridge  # castle  ^ forest'
    """
    pieces = [f"{ch} {title(kind)}" for ch, kind in zip(LETTERS, KINDS, strict=True)]
    return (
        " ground: . open  ~ Lake Limpid  \\ Magic Rainbow Bridge  # castle  ^ forest",
        "   (in front of a piece: the ground under it)",
        " pieces: " + "  ".join(pieces[:7]),
        "   " + "  ".join(pieces[7:]),
        f" X/x: a piece of {seat_name(state, 0)}/{seat_name(state, 1)} not identified"
        + (" (sealed until its owner opens it)" if state is not None and state.commit else ""),
        " after a piece: * shown to the opponent  ! a Princess pinned in her castle",
    )


def _mark(state: State, i: int, ch: str) -> str:
    """The mark after the piece ``ch`` on square ``i``: ``!`` a pinned Princess, ``*`` a
    piece the opponent has seen, else a space."""
    if ch.upper() == LETTERS[PRINCESS] and CASTLE[i] and state.pinned[owner(ch)]:
        return "!"
    return "*" if state.revealed[i] else " "


def outcome(state: State | None, winners: tuple[int, ...], reason: str) -> str:
    """The end of the game as the board's status line says it.

    >>> outcome(None, (1,), "rescue")
    "won by Black (Red's Princess rescued)"
    """
    if not winners:
        if reason == "quiet-limit":
            return f"drawn ({_quiet(state)} in a row without an attack)"
        return "drawn"
    winner = who([seat_name(state, w) for w in winners], range(len(winners)))
    loser = seat_name(state, 1 - winners[0]) if winners[0] in (0, 1) else "the other side"
    why = {"rescue": f"{loser}'s Princess rescued", "no-move": f"{loser} cannot move"}
    return f"won by {winner} ({why.get(reason, reason.replace('-', ' '))})"


def _quiet(state: State | None) -> str:
    limit = state.quiet_limit if state is not None else 0
    return f"{limit} moves" if limit > 1 else ("1 move" if limit == 1 else "too many moves")


# ------------------------------------------------------------------ events


def describe(event: Event | AnyEvent, state: State | None = None) -> str:
    """``event`` in one plain sentence; ``state`` is the state it happens in as the
    reader knows it (names, who owns the pieces it touches, which of them the reader
    knows: pass a seat's view), or ``None``.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.parse("10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0", None, ("Ann", "Ben"))
    >>> describe(Move(player=0, from_="c7", to="c6"), s)
    'Ann moves the King on c7 to c6'
    >>> s = RULES.parse("10/10/10/2D7/10/10/10/10/10/10 r - - 0", None, ("Ann", "Ben"))
    >>> [describe(Move(player=0, from_="c7", to="c6"), RULES.view(s, seat)) for seat in (0, 1)]
    ['Ann moves the Dragon on c7 to c6', 'Ann moves the piece on c7 to c6']
    >>> describe(Eliminate(square="c4", owner=1, piece="knights"), s)
    "Ben's Knights on c4 are eliminated"
    """
    if isinstance(event, Place):
        return _place(event, state)
    if isinstance(event, Commit):
        return (f"{seat_name(state, event.player)} places a sealed piece {_at(event.square)} "
                f"with seal {event.digest[:8]}")
    if isinstance(event, Open):
        return _open(event, state)
    if isinstance(event, Arrive):
        kind = _known(state, event.from_)
        mover = _whose(state, event.from_, kind)
        return (f"{_capital(mover)} {_verb(kind, 'moves', 'move')} from {event.from_} "
                f"{_to(event.to)}")
    if isinstance(event, Move):
        return _move(event, state)
    if isinstance(event, Bombard):
        target = _whose(state, event.to, _known(state, event.to))
        return (f"{seat_name(state, event.player)} bombards {target} {_at(event.to)} "
                f"with the Siege Catapult {_at(event.from_)}")
    if isinstance(event, Storm):
        return (f"{seat_name(state, event.player)} storms the castle on {event.castle} "
                f"with {_piece(state, event.from_)}")
    if isinstance(event, Decline):
        return (f"{seat_name(state, event.player)} leaves the surrounded castle on "
                f"{event.castle} alone")
    if isinstance(event, Commence):
        return f"Both sides are deployed; {seat_name(state, event.first)} moves first"
    if isinstance(event, Challenge):
        attacker = _whose(state, event.from_, event.attacker)
        defender = _whose(state, event.to, event.defender)
        verb = _verb(event.attacker, "challenges", "challenge")
        return (f"{_capital(attacker)} {_at(event.from_)} {verb} {defender} "
                f"{_at(event.to)}")
    if isinstance(event, Reveal):
        return (f"{_capital(_whose(state, event.square, ''))} {_at(event.square)} is shown "
                f"to be {a_piece(event.piece, _counts(state))}")
    if isinstance(event, Roll):
        return _roll(event, state)
    if isinstance(event, Eliminate):
        return (f"{seat_name(state, event.owner)}'s {title(event.piece)} {_at(event.square)} "
                f"{_verb(event.piece, 'is', 'are')} eliminated")
    if isinstance(event, Advance):
        kind = _known(state, event.from_)
        mover = _whose(state, event.from_, kind)
        if state is None:
            return f"The winner advances from {event.from_} {_to(event.to)}"
        return (f"{_capital(mover)} {_verb(kind, 'advances', 'advance')} from {event.from_} "
                f"{_to(event.to)}")
    if isinstance(event, Bounce):
        wizard = _whose(state, event.from_, "wizard")
        return f"{_capital(wizard)} bounces back one square and lands on {event.to}"
    if isinstance(event, Pin):
        return (f"{seat_name(state, event.owner)}'s Princess is found in the castle on "
                f"{event.square} and must stay there")
    if isinstance(event, Surround):
        verb = "must" if state is not None and state.storm_forced else "may"
        return (f"{seat_name(state, event.by)} surrounds the castle on {event.castle} and "
                f"{verb} storm it")
    if isinstance(event, GameOver):
        return _over(event, state)
    return f"Something happens: {type(event).__name__}"


def _capital(text: str) -> str:
    """``text`` starting with a capital when it starts with an article (never a name)."""
    return "The" + text[3:] if text.startswith("the ") else text


def _place(event: Place, state: State | None) -> str:
    name = seat_name(state, event.player)
    if not event.piece:
        return f"{name} places a hidden piece {_at(event.square)}"
    return f"{name} places {a_piece(event.piece, _counts(state))} {_at(event.square)}"


def _open(event: Open, state: State | None) -> str:
    """``Ann opens the piece on c6, deployed on c7, and shows the King``."""
    name = seat_name(state, event.player)
    kind = a_piece(event.piece, _counts(state)) if event.piece in KIND_INDEX else "a piece"
    home = INDEX.get(event.square, -1)
    if state is None or home < 0 or home not in state.home:
        return f"{name} opens the piece deployed on {event.square} and shows {kind}"
    now = SQUARES[state.home.index(home)]
    deployed = "" if now == event.square else f", deployed on {event.square},"
    return f"{name} opens the piece {_at(now)}{deployed} and shows {kind}"


def _move(event: Move, state: State | None) -> str:
    name = seat_name(state, event.player)
    if state is None:
        return f"{name} moves from {event.from_} to {event.to}"
    target = _on(state, event.to)
    mover = _piece(state, event.from_)
    if target != EMPTY and owner(target) != event.player:
        defender = _whose(state, event.to, _known(state, event.to))
        return f"{name} challenges {defender} {_at(event.to)} with {mover}"
    if state.commit and event.from_ in INDEX and event.to in INDEX and \
            needs_opening(state, event):
        return f"{name} moves {mover} {_to(event.to)} once it is opened"
    return f"{name} moves {mover} {_to(event.to)}"


def _roll(event: Roll, state: State | None) -> str:
    values = [str(v) for v in event.values]
    if not values:
        return "Nobody throws the die"
    first = values[0]
    article = "an" if first.startswith("8") or first in ("11", "18") else "a"
    thrown = f"{article} {first}" if len(values) == 1 else (
        ", ".join(values[:-1]) + f" and {values[-1]}")
    if event.player is None:
        return f"The die shows {thrown}"
    what = " for the Wizard" if event.purpose == "wizard" else ""
    return f"{seat_name(state, event.player)} throws {thrown}{what}"


def _over(event: GameOver, state: State | None) -> str:
    if not event.winners:
        if event.reason == "quiet-limit":
            return (f"The game is drawn: {_quiet(state)} in a row without an attack")
        return "The game is drawn"
    winner = who([seat_name(state, w) for w in event.winners], range(len(event.winners)))
    loser = seat_name(state, 1 - event.winners[0])
    if event.reason == "rescue":
        return f"{winner} wins: {loser}'s Princess is rescued"
    if event.reason == "no-move":
        return f"{winner} wins: {loser} cannot move"
    return f"{winner} wins"


def squares(state: State) -> tuple[str, ...]:
    """The squares' names by index, as the board shows them (``grimoire diff`` reports
    square by name)."""
    return B.SQUARES
