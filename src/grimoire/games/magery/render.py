"""Text for Magery: the text board and a plain sentence for every event.

Seats are named by the players' names (``State.names``; White and Black when a state has
none), squares as the board shows them (``a1``..``h8``), chambers as
``chamber 8 (Dragon Lord)`` or ``chamber 13 (Seer)``:

>>> from grimoire.games.magery.events import Place
>>> describe(Place(player=1, minion="fey", chamber="5"))
'Black places a fey in chamber 5 (Druid)'
>>> from grimoire.games.magery import RULES
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> describe(Place(player=0, minion="elemental", chamber="13", card="seer"), s)
'Ann places an elemental in chamber 13 (Seer)'
"""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.core import kit
from grimoire.core.events import Event as AnyEvent
from grimoire.core.events import Shuffle
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.events import (
    Arrange,
    Banish,
    Capture,
    Deal,
    Decline,
    Dismiss,
    Draw,
    Dream,
    Enchant,
    Event,
    Flip,
    Foresee,
    GameOver,
    Move,
    Pass,
    Phase,
    Place,
    Relocate,
    Remove,
    Rotate,
    Runes,
    Shield,
    Summon,
    Swap,
    TakeOrb,
    Teleport,
    Transmute,
    Turn,
)
from grimoire.games.magery.rules import dreamable, view
from grimoire.games.magery.state import State

EMPTY = B.EMPTY
HIDDEN = "?"

SEAT_OF: dict[str, int] = dict(B.SEAT_OF)
"""The seat owning each letter the board grid draws a minion with: White's upper case,
Black's lower case (the command colours them in the seat's colour).

>>> SEAT_OF["D"], SEAT_OF["d"], len(SEAT_OF)
(0, 1, 16)
"""

_title = B.title


# ---------------------------------------------------------------- names


def seat_name(state: State | None, seat: int) -> str:
    """The name of ``seat``'s player (White's or Black's when ``state`` has no names).

    >>> seat_name(None, 1)
    'Black'
    """
    return kit.seat_name(state, seat, T.SEAT_NAMES)


def seat_title(state: State | None, seat: int) -> str:
    """The player with the side they play: ``"Ann (White)"``, or just ``"White"``."""
    name, side = seat_name(state, seat), T.SEAT_NAMES[seat]
    return name if name == side else f"{name} ({side})"


def possessive(name: str) -> str:
    """``"Ann's"``, ``"James'"``.

    >>> possessive("Ann"), possessive("Jess")
    ("Ann's", "Jess'")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def listing(items: Sequence[str]) -> str:
    """``"a, b and c"``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def minion_plural(kind: str) -> str:
    """``"dragons"``; the undead and the fey are their own plurals."""
    return kind if kind in ("undead", "fey") else kind + "s"


# ---------------------------------------------------------------- chambers and powers


def chamber_card(state: State, c: int) -> str:
    """The card on chamber ``c`` as ``state`` shows it (``"?"`` for a card hidden in a
    view, ``""`` for floors 1-12 and chambers without a card)."""
    return state.cards[B.card_slot(c)] if c >= T.FIXED_FLOORS else ""


def is_secret(state: State, c: int) -> bool:
    """Is chamber ``c`` a private chamber whose card is not public yet?"""
    return c >= B.PUBLIC_CHAMBERS and not state.shown[B.card_slot(c)]


def chamber_label(state: State, c: int) -> str:
    """Chamber ``c`` as the board names it: ``"chamber 8 (Dragon Lord)"``,
    ``"chamber 13 (Seer)"``, ``"chamber b1 (hidden card)"``; a private card only its
    owner (or everything's viewer) may see is marked ``secret``."""
    name = B.CHAMBERS[c]
    if c < T.FIXED_FLOORS:
        return f"chamber {name} ({T.TOWER[c][1]})"
    card = chamber_card(state, c)
    if not card:
        return f"chamber {name} (no card)"
    if card == HIDDEN:
        return f"chamber {name} (hidden card)"
    return f"chamber {name} ({_title(card)}{', secret' if is_secret(state, c) else ''})"


def _event_chamber(state: State | None, name: str, card: str = "") -> str:
    """A chamber an event names: its mage, or the card the event names, or the card the
    state knows: a sentence is told in the state as its reader knows it (a seat's view),
    so a player reads its own private card by name and everyone else reads ``hidden
    card`` until the card is public."""
    c = B.CHAMBER_INDEX.get(name)
    if c is None:
        return f"chamber {name}"
    if c < T.FIXED_FLOORS:
        return f"chamber {name} ({T.TOWER[c][1]})"
    if card and card != HIDDEN:
        return f"chamber {name} ({_title(card)})"
    if state is None:
        return f"chamber {name}"
    known = chamber_card(state, c)
    if known and known != HIDDEN:
        return f"chamber {name} ({_title(known)})"
    return f"chamber {name} (hidden card)" if known else f"chamber {name}"


def in_play(state: State, c: int) -> bool:
    """Does chamber ``c`` hold a card (or a fixed mage) in this game?"""
    return c < T.FIXED_FLOORS or bool(chamber_card(state, c))


def pending_text(state: State) -> str:
    """The power waiting to be used: ``"the power of chamber 2 (Sorcerer)"``, ``"the
    Magus's power (dreamt by the Dream Lord on chamber 15)"``."""
    c = state.pending_chamber
    if not state.pending or not 0 <= c < len(B.CHAMBERS):
        return ""
    base = B.power(state.cards, c)
    if state.pending not in (base, HIDDEN) and base == "dream-lord":
        return (f"{possessive('the ' + _title(state.pending))} power (dreamt by the Dream "
                f"Lord on chamber {B.CHAMBERS[c]})")
    return f"the power of {chamber_label(state, c)}"


def dream_list(state: State) -> str:
    """The mages the pending Dream Lord may dream (``""`` when none is pending)."""
    if state.pending != "dream-lord":
        return ""
    return listing([f"the {_title(m)}" for m in dreamable(state)])


def effects(state: State) -> list[str]:
    """What lasts beyond a turn, one sentence each: the Rune Master's knight moves, the
    Seer's turns still due, the mages a pending Dream Lord may dream."""
    out = [f"Rune Master: {possessive(seat_name(state, s))} minions may also move like "
           "knights this round" for s in (0, 1) if state.runes[s]]
    if state.extra:
        seats = list(dict.fromkeys(state.extra))
        if len(seats) == 1:
            out.append(f"Seer: {seat_name(state, seats[0])} takes the next "
                       f"{plural(len(state.extra), 'turn')}")
        else:
            out.append("Seer: the next turns are " + listing(
                [possessive(seat_name(state, s)) for s in state.extra]))
    if dreams := dream_list(state):
        out.append(f"The Dream Lord may dream {dreams}")
    return out


# ---------------------------------------------------------------- outcome


def ending(state: State | None, winners: Sequence[int], reason: str) -> str:
    """Why the game ended, in words: ``"Ben has no minion left in the Arena"``."""
    loser = seat_name(state, 1 - winners[0]) if len(winners) == 1 else "the loser"
    if reason == "arena-cleared":
        return f"{loser} has no minion left in the Arena"
    if reason == "five-greater":
        return f"5 of {possessive(loser)} Greater minions are dead"
    if reason == "three-of-a-type":
        kind = "Greater minions of one type"
        if state is not None and len(winners) == 1:
            dead = state.dead[1 - winners[0]]
            kinds = [ch for ch in dict.fromkeys(dead) if ch in B.GREATER
                     and dead.count(ch) >= T.SAME_TYPE_TO_WIN]
            if kinds:
                kind = minion_plural(B.KINDS[B.KIND_OF[kinds[0]]])
        return f"all 3 of {possessive(loser)} {kind} are dead"
    if reason == "stalemate":
        if state is not None and state.stalemate == "empty-round":
            return "nobody placed a minion in a decision phase"
        return "neither player has a minion left to place"
    if reason == "round-limit":
        limit = f" of {plural(state.round_limit, 'round')}" if state and state.round_limit else ""
        return f"the round limit{limit} is reached"
    return "the game has ended"


def outcome_line(state: State) -> str:
    """The board's last word on a finished game: ``"Game over: won by Ben (...)"``."""
    why = ending(state, state.winners, state.result)
    if state.winners:
        won = " and ".join(seat_name(state, w) for w in state.winners)
        return f"Game over: won by {won} ({why})"
    return f"Game over: a draw ({why})"


def status(state: State) -> str:
    """Where the game stands and who acts: ``"Round 2, action phase: Ann to act, ..."``."""
    if state.result:
        return outcome_line(state)
    who = seat_name(state, state.turn)
    if state.phase == "setup":
        return (f"Setup: {who} puts one minion of each type on rank "
                f"{T.BACK_RANK[state.turn] + 1}")
    head = f"Round {state.round}, {state.phase} phase: {who}"
    if state.phase == "decision":
        passed = [seat_name(state, s) for s in (0, 1) if state.passed[s]]
        note = f" ({listing(passed)} passed)" if passed else ""
        return f"{head} to place a minion on a chamber or pass{note}"
    if state.pending:
        return f"{head} to use or decline {pending_text(state)}"
    return f"{head} to remove a minion from a chamber"


# ---------------------------------------------------------------- the text board


Cell = tuple[str, str]


def _tower_rows(state: State) -> tuple[list[tuple[Cell, Cell]], list[tuple[Cell, Cell]]]:
    """The Tower in two columns, floors 16-9 beside 8-1, and the private chambers, White's
    beside Black's: pairs of ``(label, occupant)`` cells (``("", "")``: none)."""
    def cell(c: int) -> Cell:
        return (chamber_label(state, c), state.tower[c]) if in_play(state, c) else ("", "")

    def pairs(chambers: Sequence[tuple[int, int]]) -> list[tuple[Cell, Cell]]:
        out = [(cell(a), cell(b)) for a, b in chambers]
        return [(a, b) for a, b in out if a[0] or b[0]]

    floors = pairs([(15 - k, 7 - k) for k in range(8)])
    private = pairs([(B.PUBLIC_CHAMBERS + k, B.PUBLIC_CHAMBERS + T.MAX_PRIVATE + k)
                     for k in range(T.MAX_PRIVATE)])
    return floors, private


def board(state: State, player: int | None = None) -> str:
    """The Arena (rank 8 at the top), the Mage Tower, the reserves and dead piles, and
    where the game stands, with a key to the letters; as ``player`` may see it (``None``:
    everything).

    >>> from grimoire.games.magery import RULES
    >>> text = board(RULES.setup(RULES.Options(), ("Ann", "Ben")))
    >>> print(text.splitlines()[1])
         a b c d e f g h
    >>> print(text.splitlines()[-3])
     Setup: Ann puts one minion of each type on rank 1
    """
    if player is not None:
        state = view(state, player)
    lines = [f" {seat_title(state, state.orb)} holds the Orb"]
    lines.append("     " + " ".join("abcdefgh"))
    for r in range(T.SIZE - 1, -1, -1):
        cells = []
        for f in range(T.SIZE):
            i = r * T.SIZE + f
            cells.append(state.arena[i] + ("*" if i in state.shielded else " "))
        lines.append(f"  {r + 1}  " + "".join(cells).rstrip())
    floors, private = _tower_rows(state)
    width = max(len(a[0]) for a, _ in floors + private)
    right_width = max(len(b[0]) for _, b in floors + private)

    def row(a: Cell, b: Cell) -> str:
        left = f"{a[0]:<{width}} {a[1]}" if a[0] else " " * (width + 2)
        right = f"{b[0]:<{right_width}} {b[1]}" if b[0] else ""
        return f"   {left}   {right}".rstrip()

    lines.append(" Mage Tower (after each chamber, the minion on it; . empty):")
    lines.extend(row(a, b) for a, b in floors)
    if private:
        lines.append(f" Archmage chambers, each for its owner only: w1-w3 "
                     f"{possessive(seat_name(state, 0))}, b1-b3 "
                     f"{possessive(seat_name(state, 1))}:")
        lines.extend(row(a, b) for a, b in private)
    for seat in (0, 1):
        lines.append(f" {seat_title(state, seat)}: reserve {state.reserve[seat] or '-'}, "
                     f"dead {state.dead[seat] or '-'}")
    discard = listing([_title(c) for c in state.discard]) or "empty"
    deck = f"{plural(len(state.deck), 'card')} face down" if state.deck else "empty"
    lines.append(f" Chaos deck: {deck}; discard pile: {discard}")
    lines.extend(f" {line}" for line in effects(state))
    lines.append(f" {status(state)}")
    lines.append(" Key: " + ", ".join(f"{letter} {kind}" for letter, kind in
                                       zip(B.LETTERS, B.KINDS, strict=True)) + ";")
    lines.append(f"   upper case {seat_name(state, 0)}, lower case {seat_name(state, 1)}; "
                 ". empty square; * shielded by the Force Mage this round")
    return "\n".join(lines)


# ---------------------------------------------------------------- events


def _minion(state: State | None, square: str, actor: int) -> str:
    """The minion on ``square`` as ``actor`` says it: ``"the dragon"`` (``actor``'s own),
    ``"Ben's fey"``; ``"the minion"`` when ``state`` does not say."""
    i = B.SQUARE_INDEX.get(square)
    ch = EMPTY if state is None or i is None else state.arena[i]
    if ch == EMPTY:
        return "the minion"
    kind = B.KINDS[B.KIND_OF[ch]]
    owner = B.SEAT_OF[ch]
    return f"the {kind}" if owner == actor else f"{possessive(seat_name(state, owner))} {kind}"


def _on(state: State | None, square: str, actor: int) -> str:
    """``"the dragon on d1"``, ``"Ben's fey on c6"``."""
    return f"{_minion(state, square, actor)} on {square}"


def _turn(state: State | None, event: Turn) -> str:
    who = seat_name(state, event.player)
    if state is not None and state.extra and state.extra[0] == event.player:
        if event.extra:
            return (f"It is {possessive(who)} turn, given by the Seer, with "
                    f"{plural(len(event.extra), 'more turn')} to come")
        return f"It is {possessive(who)} turn, the last one the Seer gave"
    doing = {"setup": " to set up", "decision": " to place a minion or pass",
             "action": " to remove a minion"}.get(state.phase, "") if state else ""
    return f"It is {possessive(who)} turn{doing}"


def _deal(event: Deal) -> str:
    dealt = [f"the {_title(card)} on chamber {13 + k}"
             for k, card in enumerate(event.cards) if card]
    return f"The Chaos Mage cards are dealt face up: {listing(dealt)}"


def _draw(state: State | None, event: Draw) -> str:
    who = seat_name(state, event.player)
    count = plural(len(event.cards), "private Archmage card")
    if any(c == HIDDEN or not c for c in event.cards):
        return f"{who} draws {count}, face down"
    return f"{who} draws {count}: {listing([f'the {_title(c)}' for c in event.cards])}"


def describe(event: Event | AnyEvent, state: State | None = None) -> str:
    """``event`` in one plain sentence, with names and minions from ``state`` (the state
    it happens in) when given.

    >>> from grimoire.games.magery import RULES
    >>> s = RULES.parse("arena=8/8/8/2f5/8/8/8/3D4 phase=action pending=dragon@8:D",
    ...                 RULES.Options(), ("Ann", "Ben"))
    >>> describe(Move(player=0, from_="d1", to="d5"), s)
    'Ann moves the dragon from d1 to d5'
    >>> describe(Move(player=0, from_="d1", to="d5"))
    'White moves the minion on d1 to d5'
    """
    if isinstance(event, Shuffle):
        if state is not None and not state.deck:
            return "The discard pile is shuffled into a new Chaos deck"
        return "The Chaos deck is shuffled"
    if isinstance(event, Deal):
        return _deal(event)
    if isinstance(event, Draw):
        return _draw(state, event)
    if isinstance(event, Rotate):
        return (f"The chaos cards move up one chamber and the {_title(event.discarded)} at "
                "the top is discarded")
    if isinstance(event, Flip):
        return f"The {_title(event.card)} is turned face up on chamber 13"
    if isinstance(event, Capture):
        owner = seat_name(state, event.owner)
        return (f"{possessive(owner)} {event.minion} on {event.square} is captured and goes "
                "to the dead pile")
    if isinstance(event, Turn):
        return _turn(state, event)
    if isinstance(event, Phase):
        who = seat_name(state, event.player)
        if event.phase == "decision":
            return f"Round {event.round} begins with the decision phase: {who} places first"
        return f"The action phase of round {event.round} begins: {who} removes first"
    if isinstance(event, GameOver):
        if event.winners:
            won = " and ".join(seat_name(state, w) for w in event.winners)
            return f"{won} wins: {ending(state, event.winners, event.reason)}"
        return f"The game is drawn: {ending(state, event.winners, event.reason)}"
    player = getattr(event, "player", -1)
    who = seat_name(state, player) if isinstance(player, int) else "Someone"
    return f"{who} {_act(event, state, player)}"


def _act(event: Event | AnyEvent, state: State | None, player: int) -> str:
    """What ``player`` does, after its name."""
    other = seat_name(state, 1 - player)
    if isinstance(event, Arrange):
        return f"sets up {B.article(event.minion)} on {event.square}"
    if isinstance(event, Place):
        return (f"places {B.article(event.minion)} in "
                f"{_event_chamber(state, event.chamber, event.card)}")
    if isinstance(event, Pass):
        return "passes and places no more minions this round"
    if isinstance(event, Remove):
        c = B.CHAMBER_INDEX.get(event.chamber)
        ch = EMPTY if state is None or c is None else state.tower[c]
        what = "a minion" if ch == EMPTY else f"the {B.KINDS[B.KIND_OF[ch]]}"
        return f"removes {what} from {_event_chamber(state, event.chamber, event.card)}"
    if isinstance(event, Decline):
        return f"declines {_declined(state)}"
    if isinstance(event, Dismiss):
        c = B.CHAMBER_INDEX.get(event.chamber)
        ch = EMPTY if state is None or c is None else state.tower[c]
        where = _event_chamber(state, event.chamber, event.card)
        if ch == EMPTY:
            return f"uses the Magician to send the minion in {where} back to its reserve"
        owner = B.SEAT_OF[ch]
        kind = B.KINDS[B.KIND_OF[ch]]
        whose = "the" if owner == player else possessive(other)
        back = "the reserve" if owner == player else f"{possessive(other)} reserve"
        return f"uses the Magician to send {whose} {kind} in {where} back to {back}"
    if isinstance(event, TakeOrb):
        return "uses the Oracle to take the Orb"
    if isinstance(event, Teleport):
        return f"uses the Mystic to move {_on(state, event.from_, player)} to {event.to}"
    if isinstance(event, Move):
        return _move(event, state, player)
    if isinstance(event, Summon):
        return f"summons {B.article(event.minion)} onto {event.square}"
    if isinstance(event, Foresee):
        if event.seat == player:
            return "uses the Seer to take the next two turns"
        return f"uses the Seer to give {seat_name(state, event.seat)} the next two turns"
    if isinstance(event, Relocate):
        ch = "" if state is None else state.pending_minion
        what = f"the {B.KINDS[B.KIND_OF[ch]]}" if ch in B.KIND_OF else "the minion"
        return (f"uses the Magus to put {what} in "
                f"{_event_chamber(state, event.chamber, event.card)} instead of the reserve")
    if isinstance(event, Transmute):
        return (f"uses the Alchemist to replace {_on(state, event.square, player)} with "
                f"{B.article(event.minion)} from the reserve")
    if isinstance(event, Enchant):
        goes = "the dead pile" if state is not None and state.enchanted == "dead" else (
            f"{possessive(other)} reserve")
        i = B.SQUARE_INDEX.get(event.square)
        ch = EMPTY if state is None or i is None else state.arena[i]
        own = "one of the same type" if ch == EMPTY else B.article(B.KINDS[B.KIND_OF[ch]])
        return (f"uses the Enchanter to send {_on(state, event.square, player)} to {goes} "
                f"and put {own} from the reserve in its place")
    if isinstance(event, Dream):
        return f"uses the Dream Lord to borrow the power of the {_title(event.mage)}"
    if isinstance(event, Shield):
        return (f"uses the Force Mage to shield {_on(state, event.square, player)} until "
                "the round ends")
    if isinstance(event, Swap):
        return (f"uses the Illusionist to swap {_on(state, event.a, player)} with "
                f"{_on(state, event.b, player)}")
    if isinstance(event, Banish):
        i = B.SQUARE_INDEX.get(event.square)
        ch = EMPTY if state is None or i is None else state.arena[i]
        back = ("its owner's reserve" if ch == EMPTY else "the reserve"
                if B.SEAT_OF[ch] == player else f"{possessive(other)} reserve")
        return (f"uses the Shadow Mage to send {_on(state, event.square, player)} back to "
                f"{back}")
    if isinstance(event, Runes):
        return (f"uses the Rune Master: until the round ends, "
                f"{possessive(seat_name(state, player))} minions may also move like knights")
    return f"acts ({type(event).__name__})"


def _declined(state: State | None) -> str:
    """The pending power as the public knows it (a declined private card stays hidden)."""
    if state is None or not state.pending or not 0 <= state.pending_chamber < len(B.CHAMBERS):
        return "the power"
    c = state.pending_chamber
    if state.pending != B.power(state.cards, c) and state.pending in T.CHAOS_CARDS:
        return f"the power of the {_title(state.pending)}, dreamt by the Dream Lord"
    return f"the power of {_event_chamber(state, B.CHAMBERS[c])}"


def _move(event: Move, state: State | None, player: int) -> str:
    i = B.SQUARE_INDEX.get(event.from_)
    ch = EMPTY if state is None or i is None else state.arena[i]
    if ch == EMPTY:
        return f"moves the minion on {event.from_} to {event.to}"
    mover = _minion(state, event.from_, player)
    if B.SEAT_OF[ch] != player:
        return f"uses the Mentalist to move {mover} from {event.from_} to {event.to}"
    j = B.SQUARE_INDEX.get(event.to)
    target = EMPTY if state is None or j is None else state.arena[j]
    taking = "" if target == EMPTY else f", capturing {_minion(state, event.to, player)}"
    return f"moves {mover} from {event.from_} to {event.to}{taking}"


def squares(state: State) -> tuple[str, ...]:
    """The squares' names by index, as the board shows them (``grimoire diff`` reports
    square by name)."""
    return B.SQUARES
