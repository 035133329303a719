"""Magery as an SVG picture: the Arena, the Mage Tower, reserves, dead piles and the Orb.

The 8x8 Arena (rank 8 at the top, file letters and rank numbers around it) holds the
minions as counters in their seat's colour, marked with the same letters as the text
board; a minion under the Force Mage wears a dashed ring. Beside it the Mage Tower has its
16 chambers, floor 16 at the top: the fixed mages, the Chaos Mage cards on floors 13-16
and the minion on each chamber; under it the Archmage chambers, whose cards the viewer
may not know are drawn face down. Under the Arena are each player's reserve and dead
pile, the Chaos deck (face down) and the discard pile. The header names the players in
their colours, who holds the Orb and who is to act; the last event's squares and
chambers are framed; a legend explains every mark.

What a frontend clicks (``docs/choices.md``): every Arena square carries
``data-square="d4"``, every chamber ``data-square="chamber-13"`` (the name the choice
tree's options use), every minion on either the ``data-square`` of its square or chamber
and ``data-piece`` (``Dragon``), every card face up ``data-card`` (``Seer``), the cards a
pending Dream Lord may borrow included; minions, cards, chambers and squares have a
``<title>`` tooltip with their text (``texts.TEXTS``). ``bottom=1`` turns the Arena half
round, Black's back row at the bottom; the Tower and the panels stay where they are.

>>> from grimoire.games.magery import RULES
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> picture = board(s)
>>> picture.startswith("<svg") and "Ann (White)" in picture
True
>>> 'data-square="chamber-13"' in picture and 'data-square="e4"' in picture
True
"""

from __future__ import annotations

import functools
import textwrap

from grimoire.core.kit import Grid
from grimoire.core.svg import (
    HIDDEN,
    LAST,
    SEAT_COLOURS,
    TERRAIN,
    Picture,
    legend,
    square_board,
)
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.choices import chamber_square, kind_name
from grimoire.games.magery.events import (
    Arrange,
    Banish,
    Capture,
    Deal,
    Dismiss,
    Draw,
    Dream,
    Enchant,
    Event,
    Flip,
    Move,
    Place,
    Relocate,
    Remove,
    Rotate,
    Shield,
    Shuffle,
    Summon,
    Swap,
    TakeOrb,
    Teleport,
    Transmute,
)
from grimoire.games.magery.render import (
    chamber_card,
    effects,
    is_secret,
    listing,
    plural,
    possessive,
    seat_name,
    seat_title,
    status,
)
from grimoire.games.magery.rules import dreamable, view
from grimoire.games.magery.state import State
from grimoire.games.magery.texts import TEXTS

CELL = 44.0
LEFT = 34.0
TOP = 112.0
ARENA = CELL * T.SIZE
TOWER_X = LEFT + ARENA + 28
TOWER_W = 270.0
FLOOR = ARENA / B.PUBLIC_CHAMBERS  # 22: the 16 floors stand as high as the Arena
WIDTH = TOWER_X + TOWER_W + 14
SHIELD = "#2e86c1"
PENDING = "#e67e22"
ORB = "#d4ac0d"
CHAOS = TERRAIN["shrine"]
CARD_FACE = "#fffdf5"
WRAP = 105  # characters in a line of small text across the picture
SECRET = "#c39bd3"

DIAGRAM = Grid(T.SIZE, T.SIZE)
"""The Arena as drawn: ``a8`` in the top-left corner, ``h1`` in the bottom-right."""


Touched = tuple[frozenset[int], frozenset[int], bool, bool]


def touched(last: Event | None, state: State) -> Touched:
    """What ``last`` touched: Arena squares, chambers (indices into ``State.tower``), the
    Orb, the Chaos deck.

    >>> from grimoire.games.magery import RULES
    >>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
    >>> squares, chambers, orb, deck = touched(Move(player=0, from_="d1", to="d5"), s)
    >>> sorted(B.SQUARES[i] for i in squares), chambers, orb, deck
    (['d1', 'd5'], frozenset(), False, False)
    """
    names: tuple[str, ...] = ()
    rooms: tuple[str, ...] = ()
    if isinstance(last, Arrange | Summon):
        names = (last.square,)
    elif isinstance(last, Move | Teleport):
        names = (last.from_, last.to)
    elif isinstance(last, Transmute | Enchant | Shield | Banish | Capture):
        names = (last.square,)
    elif isinstance(last, Swap):
        names = (last.a, last.b)
    elif isinstance(last, Place | Remove | Dismiss | Relocate):
        rooms = (last.chamber,)
    elif isinstance(last, Deal | Rotate):
        rooms = tuple(str(13 + k) for k in range(T.CHAOS_FLOORS) if state.cards[k])
    elif isinstance(last, Flip):
        rooms = ("13",)
    elif isinstance(last, Draw) and last.player in (0, 1):
        first = T.CHAOS_FLOORS + last.player * T.MAX_PRIVATE
        rooms = tuple(B.CHAMBERS[T.FIXED_FLOORS + first + k] for k in range(T.MAX_PRIVATE)
                      if state.cards[first + k])
    squares = frozenset(B.SQUARE_INDEX[n] for n in names if n in B.SQUARE_INDEX)
    chambers = frozenset(B.CHAMBER_INDEX[n] for n in rooms if n in B.CHAMBER_INDEX)
    if isinstance(last, Dream) and 0 <= state.pending_chamber < len(B.CHAMBERS):
        chambers = frozenset((state.pending_chamber,))
    return squares, chambers, isinstance(last, TakeOrb), isinstance(last, Shuffle)


def _card(p: Picture, x: float, y: float, card: str, secret: bool = False) -> None:
    """A small card: face up (``card`` named, marked ``data-card`` with its text as a
    tooltip; ``secret``: a private card the opponent does not know yet) or its back
    (``"?"``)."""
    if card == "?":
        p.rect(x, y, 11, 15, rx=2.0, fill=HIDDEN, stroke="#5f5f5f", stroke_width=0.8)
        p.text(x + 5.5, y + 7.5, "?", size=10, fill="#ffffff", font_weight="bold")
    else:
        name = B.title(card)
        p.rect(x, y, 11, 15, rx=2.0, fill=SECRET if secret else CARD_FACE, stroke=ORB,
               stroke_width=1.2, data_card=name, tip=f"{name}: {TEXTS[name]}")


def _columns(state: State) -> tuple[float, float, float]:
    """Where the header's columns start after the players' names (the longer name's
    width, estimated): the letters' case, the Orb, "to act"."""
    longest = max(len(seat_title(state, seat)) for seat in (0, 1))
    case_x = LEFT + 14 + max(longest * 9.0, 150) + 16
    return case_x, case_x + 125, case_x + 235


def _header(p: Picture, state: State) -> None:
    """The title, the players in their colours with the Orb and the seat to act, and where
    the game stands."""
    if state.result:
        where = "Game over"
    elif state.phase == "setup":
        where = "Setup"
    else:
        where = f"Round {state.round} · {state.phase} phase"
    p.text(LEFT - 20, 16, f"Magery · {where}", size=15, anchor="start", font_weight="bold")
    case_x, orb_x, act_x = _columns(state)
    for seat in (0, 1):
        y = 38.0 + seat * 22
        colour = SEAT_COLOURS[seat]
        acting = not state.result and state.turn == seat
        if acting:
            p.polygon(((LEFT - 22, y - 6), (LEFT - 12, y), (LEFT - 22, y + 6)), fill=colour)
        p.circle(LEFT, y, 7, fill=colour)
        p.text(LEFT + 14, y, seat_title(state, seat), size=14, anchor="start", fill=colour,
               font_weight="bold")
        case = "upper-case letters" if seat == 0 else "lower-case letters"
        p.text(case_x, y, case, size=11, anchor="start", fill=colour)
        if state.orb == seat:
            p.circle(orb_x, y, 7, fill=ORB, stroke="#8a6d00", stroke_width=1.0,
                     tip=f"The Orb: {TEXTS['Orb']}")
            p.text(orb_x + 12, y, "holds the Orb", size=11, anchor="start")
        if acting:
            p.text(act_x, y, "to act", size=12, anchor="start", fill=colour,
                   font_weight="bold")
    lines = textwrap.wrap(status(state), WRAP - 10)[:2]
    for k, line in enumerate(lines):
        p.text(LEFT - 20, 84 - 7 * (len(lines) - 1) + 15 * k, line, size=12, anchor="start")


def _ground(d: int) -> str:
    """Square ``d`` of the diagram: dark like ``a1``, or light."""
    i = B.SQUARE_INDEX[DIAGRAM.names[d]]
    return "dark" if (i % T.SIZE + i // T.SIZE) % 2 == 0 else "plain"


def _square_tip(d: int) -> str:
    """Square ``d``'s tooltip: its name and whose back row or side of the board it is.

    >>> _square_tip(DIAGRAM.index["d1"]), _square_tip(DIAGRAM.index["e5"])
    ("d1: White's back row", "e5: Black's side")
    """
    name = DIAGRAM.names[d]
    rank = B.SQUARE_INDEX[name] // T.SIZE
    seat = T.WHITE if rank in T.HALF[T.WHITE] else T.BLACK
    where = "back row" if rank == T.BACK_RANK[seat] else "side"
    return f"{name}: {T.SEAT_NAMES[seat]}'s {where}"


def _corner(d: int, turned: bool = False) -> tuple[float, float]:
    """The top-left corner of square ``d`` of the diagram (``turned``: a half turn)."""
    if turned:
        d = DIAGRAM.size - 1 - d
    return LEFT + (d % T.SIZE) * CELL, TOP + (d // T.SIZE) * CELL


def _mage_tip(c: int) -> str:
    """A fixed floor's tooltip: its mage and the mage's power."""
    mage = T.TOWER[c][1]
    return f"{mage}: {TEXTS[mage]}"


@functools.cache
def _fixed(turned: bool = False) -> tuple[str, ...]:
    """What every picture has, drawn once (each way up): the Arena's squares with their
    file letters and rank numbers, and the Tower's heading and twelve fixed floors."""
    p = Picture(WIDTH, 0)
    square_board(p, DIAGRAM, cell=CELL, left=LEFT, top=TOP, ground=_ground, turned=turned,
                 tip=_square_tip)
    p.text(TOWER_X, TOP - 8, "Mage Tower (floor 16 at the top)", size=12, anchor="start",
           font_weight="bold")
    for c in range(T.FIXED_FLOORS):
        _chamber_base(p, c, TOWER_X, _floor_y(c), TOWER_W)
    return tuple(p.lines)


def _minion_tip(state: State, ch: str, where: str) -> str:
    """A minion's tooltip: whose, which type, where, and what the type does."""
    name = kind_name(B.KINDS[B.KIND_OF[ch]])
    return (f"{possessive(seat_name(state, B.SEAT_OF[ch]))} {name} on {where}: "
            f"{TEXTS[name]}")


def _arena(p: Picture, state: State, squares: frozenset[int], turned: bool = False) -> None:
    """The minions on the Arena (its squares are in :func:`_fixed`), shields, marks."""
    for d, name in enumerate(DIAGRAM.names):
        i = B.SQUARE_INDEX[name]
        x, y = _corner(d, turned)
        ch = state.arena[i]
        if ch != B.EMPTY:
            p.piece(x + CELL / 2, y + CELL / 2, CELL * 0.36, ch, seat=B.SEAT_OF[ch],
                    square=name, name=kind_name(B.KINDS[B.KIND_OF[ch]]),
                    title=_minion_tip(state, ch, name))
        if i in state.shielded:
            p.circle(x + CELL / 2, y + CELL / 2, CELL * 0.45, fill="none", stroke=SHIELD,
                     stroke_width=2.5, stroke_dasharray="4 2",
                     tip=f"Shield: {TEXTS['Shield']}")
        if i in squares:
            p.mark(x, y, CELL, CELL)


def _floor_y(c: int) -> float:
    return TOP + (B.PUBLIC_CHAMBERS - 1 - c) * FLOOR


def _chamber_base(p: Picture, c: int, x: float, y: float, w: float, card: str = "",
                  secret: bool = False) -> None:
    """A chamber's ground: its name, and its mage or its card (``"?"``: face down), each
    marked with the chamber's place name (a click on the words is a click on the
    chamber)."""
    private = c >= B.PUBLIC_CHAMBERS
    if c < T.FIXED_FLOORS:
        fill, mage = TERRAIN["plain"], T.TOWER[c][1]
        tip = _mage_tip(c)
    elif card:
        fill = CHAOS
        mage = "hidden card" if card == "?" else B.title(card)
        tip = (f"Archmage chamber {B.CHAMBERS[c]}: {TEXTS['Archmage chamber']}"
               if card == "?" else f"Chamber {B.CHAMBERS[c]}, the {mage}: {TEXTS[mage]}")
    else:
        fill, mage = "#eeeeee", "no card"
        tip = f"Chamber {B.CHAMBERS[c]}: no card in this game"
    stroke = SEAT_COLOURS[B.chamber_owner(c) or 0] if private else "#9c8f7a"
    place = chamber_square(B.CHAMBERS[c])
    p.rect(x, y, w, FLOOR, fill=fill, stroke=stroke, stroke_width=1.0 if private else 0.5,
           data_square=place, tip=tip)
    p.text(x + 13, y + FLOOR / 2, B.CHAMBERS[c], size=11, font_weight="bold",
           data_square=place)
    text_x = x + 28
    if card:
        _card(p, x + 27, y + 3.5, card, secret)
        text_x = x + 43
    p.text(text_x, y + FLOOR / 2, mage, size=10 if private else 11, anchor="start",
           data_square=place)


def _chamber(p: Picture, state: State, c: int, x: float, y: float, w: float,
             chambers: frozenset[int]) -> None:
    """One chamber: its ground (a card's; a fixed mage's is in :func:`_fixed`), the minion
    on it, the power waiting, the last event's mark."""
    if c >= T.FIXED_FLOORS:
        _chamber_base(p, c, x, y, w, chamber_card(state, c), is_secret(state, c))
    occupant = state.tower[c]
    if occupant != B.EMPTY:
        p.piece(x + w - 13, y + FLOOR / 2, 8.5, occupant, seat=B.SEAT_OF[occupant],
                square=chamber_square(B.CHAMBERS[c]),
                name=kind_name(B.KINDS[B.KIND_OF[occupant]]),
                title=_minion_tip(state, occupant, f"chamber {B.CHAMBERS[c]}"))
    if c == state.pending_chamber and state.pending:
        p.rect(x + 1, y + 1, w - 2, FLOOR - 2, fill="none", stroke=PENDING, stroke_width=2.0,
               stroke_dasharray="5 3")
    if c in chambers:
        p.mark(x, y, w, FLOOR)


def _tower(p: Picture, state: State, chambers: frozenset[int]) -> float:
    """The Tower beside the Arena, the Archmage chambers under it; returns the y below."""
    for c in range(B.PUBLIC_CHAMBERS):
        _chamber(p, state, c, TOWER_X, _floor_y(c), TOWER_W, chambers)
    y = TOP + ARENA + 22
    if not any(state.cards[T.CHAOS_FLOORS:]):
        return y
    p.text(TOWER_X, y, "Archmage chambers (owner only)", size=12, anchor="start",
           font_weight="bold")
    half = (TOWER_W - 6) / 2
    rows = 0
    for seat in (0, 1):
        x = TOWER_X + seat * (half + 6)
        name = seat_name(state, seat)
        name = name if len(name) <= 14 else name[:13] + "…"
        p.text(x, y + 18, possessive(name), size=11, anchor="start",
               fill=SEAT_COLOURS[seat], font_weight="bold")
        shown = 0
        for k in range(T.MAX_PRIVATE):
            c = B.PUBLIC_CHAMBERS + seat * T.MAX_PRIVATE + k
            if chamber_card(state, c):
                _chamber(p, state, c, x, y + 28 + shown * (FLOOR + 2), half, chambers)
                shown += 1
        rows = max(rows, shown)
    return y + 28 + rows * (FLOOR + 2)


def _counters(p: Picture, x: float, y: float, letters: str, seat: int) -> None:
    """One counter per type with how many: ``D ×3``."""
    for k, ch in enumerate(dict.fromkeys(letters)):
        cx = x + k * 38
        name = kind_name(B.KINDS[B.KIND_OF[ch]])
        p.piece(cx + 10, y, 9.5, ch, seat=seat, title=f"{name}: {TEXTS[name]}")
        p.text(cx + 22, y, f"×{letters.count(ch)}", size=11, anchor="start")


def _piles(p: Picture, state: State, y: float) -> float:
    """Each player's reserve and dead pile, the Chaos deck and the discard pile."""
    for seat in (0, 1):
        p.text(LEFT - 20, y, seat_title(state, seat), size=12, anchor="start",
               fill=SEAT_COLOURS[seat], font_weight="bold")
        for k, (what, letters) in enumerate((("reserve", state.reserve[seat]),
                                            ("dead", state.dead[seat]))):
            row = y + 22 + k * 24
            p.text(LEFT - 20, row, what, size=11, anchor="start")
            if letters:
                _counters(p, LEFT + 34, row, letters, seat)
            else:
                p.text(LEFT + 34, row, "none", size=11, anchor="start", fill="#777777")
        y += 80
    _card(p, LEFT - 20, y - 7.5, "?")
    deck = f"{plural(len(state.deck), 'card')} face down" if state.deck else "empty"
    p.text(LEFT - 4, y, f"Chaos deck: {deck}", size=11, anchor="start")
    y += 20
    discard = listing([B.title(c) for c in state.discard]) or "empty"
    p.text(LEFT - 20, y, f"Discard pile: {discard}", size=11, anchor="start")
    return y


DREAMS_PER_ROW = 4


def _effects(p: Picture, state: State, y: float) -> float:
    """The Rune Master, the Seer's turns and the Dream Lord's choices, wrapped to the
    picture's width; under them the cards a pending Dream Lord may borrow, face up."""
    for sentence in effects(state):
        for line in textwrap.wrap(sentence, WRAP):
            y += 18
            p.text(LEFT - 20, y, line, size=11, anchor="start")
    if state.pending == "dream-lord":
        cards = dreamable(state)
        for k, card in enumerate(cards):
            if k % DREAMS_PER_ROW == 0:
                y += 22
            x = LEFT - 20 + (k % DREAMS_PER_ROW) * 150
            _card(p, x, y - 7.5, card)
            p.text(x + 16, y, B.title(card), size=11, anchor="start",
                   data_card=B.title(card))
    return y


def board(state: State, player: int | None = None, last: Event | None = None,
          bottom: int | None = None) -> str:
    """The board as ``player`` may see it (``None``: everything), ``last`` (the event
    just played) framed; ``bottom``: the seat whose back row is drawn at the bottom
    (Black's turns the Arena half round; ``None`` and White's: rank 1 at the bottom).

    >>> from grimoire.games.magery import RULES
    >>> s = RULES.parse("arena=8/8/8/8/8/8/8/3D3c tower=D", RULES.Options(), ("Ann", "Ben"))
    >>> picture = board(s, None, Move(player=0, from_="d1", to="d5"))
    >>> picture.count('stroke="#f1c40f"')  # d1 and d5 framed
    2
    """
    if player is not None:
        state = view(state, player)
    squares, chambers, orb, deck = touched(last, state)
    p = Picture(WIDTH, 0, title=f"Magery: {seat_title(state, 0)} against "
                                f"{seat_title(state, 1)}")
    p.add("rect", x=0, y=0, width="100%", height="100%", fill="#fbf8f1")
    turned = bottom == T.BLACK
    p.lines.extend(_fixed(turned))
    _header(p, state)
    if orb:
        p.mark(_columns(state)[1] - 10, 38.0 + state.orb * 22 - 10, 20, 20)
    _arena(p, state, squares, turned)
    below_tower = _tower(p, state, chambers)
    y = _piles(p, state, TOP + ARENA + 34)
    if deck:
        p.mark(LEFT - 23, y - 20 - 11, 17, 22)
    y = _effects(p, state, y)
    y = max(y, below_tower) + 24
    entries = []
    for seat, case in ((0, "upper"), (1, "lower")):
        name = seat_name(state, seat)
        side = "" if name == T.SEAT_NAMES[seat] else f"{T.SEAT_NAMES[seat]}: "
        entries.append((SEAT_COLOURS[seat],
                        f"{possessive(name)} minions ({side}{case}-case letters)"))
    entries += [
        (LAST, "framed: touched by the last event"),
        (SHIELD, "dashed ring: shielded by the Force Mage this round"),
        (PENDING, "dashed chamber: its power waits to be used or declined"),
        (ORB, "the Orb: its holder starts each round"),
        (CHAOS, "a Chaos Mage chamber: the power of its card"),
        (HIDDEN, "a card face down (hidden from this view)"),
        (SECRET, "a private card its owner has not used yet (secret from the opponent)"),
    ]
    y = legend(p, LEFT - 20, y, entries)
    kinds = ", ".join(f"{letter} {kind}" for letter, kind in
                      zip(B.LETTERS, B.KINDS, strict=True))
    p.text(LEFT - 20, y + 6, f"Minions: {kinds}", size=11, anchor="start")
    p.height = y + 24
    return p.svg()
