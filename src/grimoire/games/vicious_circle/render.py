"""Text for Wizards of the Vicious Circle: the board and one-sentence event descriptions.

Players are named by their names (``State.names``; Dawn and Twilight when a state has
none), squares as the board's coordinates show them, creatures by their names.

>>> from grimoire.games.vicious_circle import RULES
>>> s = RULES.parse("5/2c2/5/1S3/5 -/- d -,- 0", RULES.Options(), ("Ann", "Ben"))
>>> describe(Move(player=0, from_="b2", to="d3"), s)
'Ann moves the saint from b2 to d3'
>>> describe(Move(player=0, from_="c5", to="c3"))
'Dawn moves c5-c3'
"""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.core.events import Event as AnyEvent
from grimoire.core.kit import who
from grimoire.games.vicious_circle import board as B
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import (
    BEATS,
    DOMAIN,
    EMPTY,
    INDEX,
    KIND_INDEX,
    KINDS,
    PIECE,
    SQUARES,
    TERRAIN,
    THRONE,
)
from grimoire.games.vicious_circle.events import (
    Capture,
    Commit,
    Deploy,
    Event,
    GameOver,
    Move,
    Open,
    Pass,
    Reveal,
    Setup,
)
from grimoire.games.vicious_circle.state import State

SIZE = T.SIZE
IN_RESERVE = len(T.CREATURES) - T.SETUP_ON_BOARD  # each seat's reserve after its setup
SEATS = (T.DAWN, T.TWILIGHT)
FILES = tuple(name[0] for name in SQUARES[:SIZE])  # a..e, west to east

SEAT_OF: dict[str, int] = {ch: seat for ch, (seat, _) in PIECE.items()}
"""The seat of each creature letter the board grid shows (Dawn's capitals, Twilight's small
letters): a terminal colours them in the seat's colour.

>>> SEAT_OF["S"], SEAT_OF["d"]
(0, 1)
"""

TERRAIN_MARK = {"S": "+", "W": "~", "V": "#", "M": "^"}
"""The grid's mark for each restricted terrain (after the creature letter, or ``.``)."""
THRONE_MARK = "@"
DOMAIN_MARK = ":"
TERRAIN_NAME = {"S": "shrine", "W": "swamp", "V": "village", "M": "mountain"}
PLURAL = {"saint": "saints", "spirit": "spirits", "child": "children",
          "warrior": "warriors", "dragon": "dragons"}
CORNER = ("north-east", "south-west")  # where each seat's domain and throne lie
# How each creature captures the one the cycle gives it (the rules texts' verbs).
VERB = {"saint": "banishes", "spirit": "frightens off", "child": "slays",
        "warrior": "slays", "dragon": "eats"}
# how a game ended, in the board's "game over" line
REASON = {
    "throne": "reached {loser}'s throne",
    "no-move": "{loser} could not move",
    "stalemate": "both players passed in a row",
}
# the same after "NAME wins the game" or "The game ends in a draw"
WHY = {
    "throne": " by reaching {loser}'s throne",
    "no-move": " because {loser} could not move or bring in a reinforcement",
    "stalemate": " because both players passed in a row",
}


def names(state: State | None) -> tuple[str, str]:
    """The players' names, seat by seat: ``state.names``, or the seat names (Dawn,
    Twilight) where a state has none (a state built by hand, or no state at all).

    >>> names(None)
    ('Dawn', 'Twilight')
    """
    given: Sequence[str] = () if state is None else state.names
    dawn, twilight = (given[s] if s < len(given) and given[s] else T.SEAT_NAMES[s]
                      for s in SEATS)
    return dawn, twilight


# ------------------------------------------------------------------ the board


def cell(state: State, i: int) -> str:
    """Square ``i`` on the grid: the creature's letter (``.`` for none), then the ground
    under it: ``+ ~ # ^`` restricted terrain, ``@`` a throne, ``:`` a domain square, a
    space for open ground.

    >>> from grimoire.games.vicious_circle import RULES
    >>> s = RULES.setup(RULES.Options(), RULES.default_players)
    >>> cell(s, 0), cell(s, 4), cell(s, 5)
    ('.+', '.@', '. ')
    """
    ch = state.board[i]
    return (ch if ch != EMPTY else ".") + ground_mark(i)


def ground_mark(i: int) -> str:
    """The mark of square ``i``'s ground (a space for open ground)."""
    if i in THRONE:
        return THRONE_MARK
    if TERRAIN[i] in TERRAIN_MARK:
        return TERRAIN_MARK[TERRAIN[i]]
    if any(i in squares for squares in DOMAIN):
        return DOMAIN_MARK
    return " "


def board(state: State, player: int | None = None) -> str:
    """The map with its creatures, each seat's reserve and lost creatures, whose turn it
    is, and a key for every symbol. Each grid line starts with its rank; a square shows
    its creature's letter (``.`` none) followed by the ground under it.

    >>> from grimoire.games.vicious_circle import RULES
    >>> s = RULES.parse("5/2c2/5/1S3/5 -/- d -,- 0", RULES.Options(), ("Ann", "Ben"))
    >>> print(board(s).split("\\n")[4])
      2  .: S: .: .~ .
    """
    who_ = names(state)
    lines = ["     " + "  ".join(FILES)]
    for r in range(SIZE):
        cells = " ".join(cell(state, r * SIZE + c) for c in range(SIZE))
        lines.append(f"  {SIZE - r}  {cells}".rstrip())
    labels = [seat_label(state, seat) for seat in SEATS]
    width = max(9, *(len(label) + 1 for label in labels))
    for seat in SEATS:
        lost = state.captured[seat] or "-"
        lines.append(f"  {labels[seat]:<{width}} reserve {reserve(state, seat):<10} "
                     f"lost {lost}")
    lines.append(f"  {status(state)}")
    dawn, twilight = who_
    thrones = ", ".join(f"{who_[s]}'s {SQUARES[THRONE[s]]}" for s in SEATS)
    domains = ", ".join(f"{who_[s]}'s {CORNER[s]}" for s in SEATS)
    lines += [
        "  key: north is up: files a b c d e west to east, ranks 5 to 1 north to south",
        "  key: S saint, P spirit, C child, W warrior, D dragon",
        f"  key: {dawn}'s creatures in capitals, {twilight}'s in small letters",
        "  key: + shrine (saints only), ~ swamp (spirits only), . no creature",
        "  key: # village (children only), ^ mountain (dragons only)",
        f"  key: @ throne ({thrones}): reach the enemy's to win",
        f"  key: : domain ({domains}): reserves come into play there",
    ]
    hidden = any(reserve(state, seat).endswith("hidden") for seat in SEATS)
    sealed = any(reserve(state, seat).endswith("sealed") for seat in SEATS)
    lines.append("  key: - none" + (", ? a creature in a hidden reserve" if hidden else "")
                 + (", ? a creature of a sealed setup, not yet opened" if sealed else ""))
    return "\n".join(lines)


def seat_label(state: State, seat: int) -> str:
    """The player's name, with the wizard it plays when that is another name.

    >>> from grimoire.games.vicious_circle import RULES
    >>> seat_label(RULES.setup(RULES.Options(), ("Ann", "Ben")), 1)
    'Ben (Twilight)'
    """
    name = names(state)[seat]
    return name if name == T.SEAT_NAMES[seat] else f"{name} ({T.SEAT_NAMES[seat]})"


def reserve(state: State, seat: int) -> str:
    """A seat's reserve as ``state`` (the whole truth or a seat's view) shows it: its
    letters, ``-`` only when it is truly empty, ``not set up`` before the seat's secret
    setup, and ``?? hidden`` (a ``?`` per creature) when the setup is done but this view
    may not see which creatures (a seat that has set up always keeps two in reserve until
    the reveal, so an empty one is hidden, never empty). A sealed setup
    (``hidden="commit"``) committed but not yet opened reads ``?? sealed``: nobody knows
    it yet.

    >>> from grimoire.games.vicious_circle import RULES
    >>> s = RULES.setup(RULES.Options(), ("Dawn", "Twilight"))
    >>> reserve(s, 0)
    'not set up'
    """
    letters = state.reserves[seat]
    if state.turn >= 0:
        return letters or "-"
    if not state.setups[seat]:
        return "?" * IN_RESERVE + " sealed" if state.digests[seat] else "not set up"
    return letters or "?" * IN_RESERVE + " hidden"


def status(state: State) -> str:
    """Whose turn it is, the secret setup's progress, or how the game ended.

    >>> from grimoire.games.vicious_circle import RULES
    >>> status(RULES.parse("5/5/5/5/S4 -/- t b2a1,- 0", RULES.Options(), ("Ann", "Ben")))
    "game over: won by Ann (reached Ben's throne)"
    """
    if state.result:
        return f"game over: {outcome(state.winners, state.result, names(state))}"
    if state.turn < 0:
        return setup_status(state)
    return f"{names(state)[state.turn]} to move"


def outcome(winners: Sequence[int], reason: str, who_: Sequence[str]) -> str:
    """How a game ended, in words: ``won by NAME (why)`` or ``a draw (why)``."""
    loser = who_[1 - winners[0]] if len(winners) == 1 else ""
    why = REASON.get(reason, "the game ended").format(loser=loser)
    if not winners:
        return f"a draw ({why})"
    return f"won by {who(who_, winners)} ({why})"


def setup_status(state: State) -> str:
    """The status line of the secret setup: who is still setting up, or that both have
    and the screen comes down next (the moment between the second setup and the reveal).

    >>> from grimoire.games.vicious_circle import RULES
    >>> setup_status(RULES.setup(RULES.Options(), ("Dawn", "Twilight")))
    'secret setup: waiting for Dawn and Twilight'
    """
    who_ = names(state)
    if state.hidden == "commit":
        return sealed_status(state)
    done = [s for s in SEATS if state.setups[s]]
    waiting = [s for s in SEATS if not state.setups[s]]
    if not waiting:
        return "secret setup: both have set up; the screen comes down next"
    if not done:
        return f"secret setup: waiting for {who(who_, waiting)}"
    return (f"secret setup: {who(who_, done)} has set up; "
            f"waiting for {who(who_, waiting)}")


def sealed_status(state: State) -> str:
    """The status line of a sealed setup (``hidden="commit"``): who has committed, and
    who is still to commit or to open.

    >>> from grimoire.games.vicious_circle import RULES
    >>> s = RULES.setup(RULES.Options(hidden="commit"), ("Ann", "Ben"))
    >>> sealed_status(s)
    'sealed setup: waiting for Ann and Ben to commit'
    >>> import msgspec
    >>> sealed_status(msgspec.structs.replace(s, digests=("ab" * 32, "")))
    'sealed setup: Ann has committed; waiting for Ben to commit'
    """
    who_ = names(state)
    committed = [s for s in SEATS if state.digests[s]]
    if len(committed) < len(SEATS):
        waiting = who(who_, [s for s in SEATS if not state.digests[s]])
        if not committed:
            return f"sealed setup: waiting for {waiting} to commit"
        return (f"sealed setup: {who(who_, committed)} has committed; waiting for "
                f"{waiting} to commit")
    opened = [s for s in SEATS if state.setups[s]]
    closed = [s for s in SEATS if not state.setups[s]]
    if not closed:
        return "sealed setup: both have opened; the screen comes down next"
    if not opened:
        return f"sealed setup: both have committed; waiting for {who(who_, closed)} to open"
    return (f"sealed setup: {who(who_, opened)} has opened; waiting for {who(who_, closed)} "
            "to open")


# ------------------------------------------------------------------ events


def describe(event: Event | AnyEvent, state: State | None = None) -> str:
    """``event`` in one plain sentence. ``state`` is the state it happens in (``None``:
    unknown): it gives the players' names and the creatures on the squares a move names.
    Without it the sentence says only what the event holds, with the seat names
    (``Dawn moves c5-c3``). A setup redacted for the reader says only that it happened.

    >>> describe(Setup(player=1, placement=()))
    'Twilight sets up behind the screen: 3 creatures placed and 2 kept in reserve, hidden'
    >>> describe(Capture(by=0, owner=1, creature="dragon", square="c2"))
    "Dawn captures Twilight's dragon on c2"
    """
    who_ = names(state)
    squares = None if state is None else state.board
    if isinstance(event, Move):
        return _move(event, who_, squares)
    if isinstance(event, Deploy):
        return _deploy(event, who_, squares)
    if isinstance(event, Capture):
        return _capture(event, who_, squares)
    if isinstance(event, Pass):
        if state is None:
            return f"{who_[event.player]} passes"
        return f"{who_[event.player]} passes, as no move or reinforcement is possible"
    if isinstance(event, Setup):
        return _setup(event, who_)
    if isinstance(event, Commit):
        return (f"{who_[event.player]} commits to a sealed setup behind the screen "
                f"(seal {str(event.digest)[:16]})")
    if isinstance(event, Open):
        return f"{who_[event.player]} opens the sealed setup: {_setup_text(event.placement)}"
    if isinstance(event, Reveal):
        sides = "; ".join(f"{who_[seat]} has {_placed(placement)}"
                          for seat, placement in enumerate(event.placements[:2]))
        return f"The screen comes down: {sides}; {who_[event.first]} moves first"
    if isinstance(event, GameOver):
        loser = who_[1 - event.winners[0]] if len(event.winners) == 1 else ""
        why = WHY.get(event.reason, "").format(loser=loser)
        if event.winners:
            return f"{who(who_, event.winners)} wins the game{why}"
        return f"The game ends in a draw{why}"
    return f"Something happened that this game does not know ({type(event).__name__})"


def _kind(ch: str) -> str:
    return KINDS[PIECE[ch][1]]


def _move(event: Move, who_: Sequence[str], squares: Sequence[str] | None) -> str:
    mover, enemy = who_[event.player], who_[1 - event.player]
    src, dst = INDEX.get(event.from_), INDEX.get(event.to)
    piece = EMPTY if squares is None or src is None else squares[src]
    if piece == EMPTY or PIECE[piece][0] != event.player:
        return f"{mover} moves {event.from_}-{event.to}"  # the creature is not known
    text = f"{mover} moves the {_kind(piece)} from {event.from_} to {event.to}"
    target = EMPTY if squares is None or dst is None else squares[dst]
    held = target != EMPTY and PIECE[target][0] != event.player
    if dst == THRONE[1 - event.player]:
        text += f", onto {enemy}'s throne"
        return text + (f", attacking {enemy}'s {_kind(target)} there" if held else "")
    return text + (f", attacking {enemy}'s {_kind(target)}" if held else "")


def _deploy(event: Deploy, who_: Sequence[str], squares: Sequence[str] | None) -> str:
    text = (f"{who_[event.player]} brings the {event.creature} from reserve into play on "
            f"{event.to}")
    dst = INDEX.get(event.to)
    target = EMPTY if squares is None or dst is None else squares[dst]
    if target != EMPTY and PIECE[target][0] != event.player:
        text += f", attacking {who_[1 - event.player]}'s {_kind(target)}"
    return text


def _capture(event: Capture, who_: Sequence[str], squares: Sequence[str] | None) -> str:
    taker, loser = who_[event.by], who_[event.owner]
    where = INDEX.get(event.square)
    piece = EMPTY if squares is None or where is None else squares[where]
    victim = f"{loser}'s {event.creature}"
    if piece == EMPTY or PIECE[piece][0] != event.by:
        return f"{taker} captures {victim} on {event.square}"
    kind = _kind(piece)
    beats = event.creature in KIND_INDEX and BEATS[PIECE[piece][1]][KIND_INDEX[event.creature]]
    verb = VERB[kind] if beats else "captures"
    if where == THRONE[event.by]:
        return f"{taker}'s {kind} {verb} {victim}, defending {taker}'s throne on {event.square}"
    if where == THRONE[event.owner]:
        return f"{taker}'s {kind} {verb} {victim} on {event.square}, {loser}'s throne"
    return f"{taker}'s {kind} {verb} {victim} on {event.square}"


def _placed(placement: Sequence[tuple[str, str]]) -> str:
    """``the saint on c5, the spirit on d5 and the child on e4``."""
    parts = [f"the {kind} on {square}" for kind, square in placement]
    if len(parts) < 2:
        return "".join(parts) or "no creature in play"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _setup(event: Setup, who_: Sequence[str]) -> str:
    name = who_[event.player]
    if not event.placement:
        return (f"{name} sets up behind the screen: {T.SETUP_ON_BOARD} creatures placed and "
                f"{IN_RESERVE} kept in reserve, hidden")
    return f"{name} sets up behind the screen: {_setup_text(event.placement)}"


def _setup_text(placement: Sequence[tuple[str, str]]) -> str:
    """``the saint on e5, the spirit on d5 and the child on e4, keeping the warrior and
    the dragon in reserve``."""
    placed = {kind for kind, _ in placement}
    kept = [f"the {kind}" for kind in KINDS if kind not in placed]
    rest = " and ".join(kept) if kept else "nothing"
    return f"{_placed(placement)}, keeping {rest} in reserve"


def squares(state: State) -> tuple[str, ...]:
    """The squares' names by index, as the board shows them (``grimoire diff`` reports
    square by name)."""
    return B.SQUARES
