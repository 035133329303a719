"""Wizards of the Vicious Circle as an SVG picture: the 5x5 map with its shrines, swamps,
villages, mountain, thrones and domains, the creatures as counters in their seat's
colour, file letters and rank numbers, each seat's reserve and captured creatures, whose
turn it is, the last event marked, and a legend.

It draws only what the state it is given holds: the tools pass a seat's view, in which
the other seat's secret setup is blank; what the viewer knows of it (that three creatures
stand behind the screen, two in reserve) is drawn as counters' backs. A sealed setup
(option ``hidden="commit"``) committed but not yet opened is drawn the same way for
everyone, marked "sealed, not opened".

What a frontend clicks (``docs/choices.md``): every square carries ``data-square``, every
creature on the map ``data-square`` and ``data-piece`` (its name, ``Saint``), each seat's
reserve ``data-square`` (``dawn-reserve``) and each counter in it ``data-square``
(``dawn-reserve-saint``) and ``data-piece``; creatures and squares have tooltips with their text
(``texts.TEXTS``). ``bottom=0`` (Dawn) draws the map turned a half turn so Dawn's corner
is at the bottom; Twilight's already is.

>>> from grimoire.games.vicious_circle import RULES
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> picture = board(s)
>>> picture.startswith("<svg") and "Ann (Dawn" in picture
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import msgspec

from grimoire.core.svg import (
    INK,
    SEAT_COLOURS,
    TERRAIN,
    Picture,
    caption,
    draw_caption,
    frame,
    legend,
    legend_hidden,
    legend_last,
    square_board,
)
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import (
    DOMAIN,
    EMPTY,
    GRID,
    INDEX,
    KINDS,
    LETTERS,
    PIECE,
    SQUARES,
    THRONE,
    reserve_square,
)
from grimoire.games.vicious_circle.board import TERRAIN as GROUND
from grimoire.games.vicious_circle.events import (
    Capture,
    Deploy,
    Event,
    GameOver,
    Move,
    Open,
    Reveal,
    Setup,
)
from grimoire.games.vicious_circle.render import (
    CORNER,
    IN_RESERVE,
    SEATS,
    TERRAIN_NAME,
    describe,
    names,
    status,
)
from grimoire.games.vicious_circle.state import State
from grimoire.games.vicious_circle.texts import TEXTS

CELL = 64
LEFT = 40
TOP = 70
PANEL = LEFT + T.SIZE * CELL + 36  # the reserves, lost creatures and legend
WIDTH = PANEL + 290
SEAT_BLOCK = 118
COUNTER = 12  # radius of a counter in the panel
_TERRAIN_KEY = {"S": "shrine", "W": "swamp", "V": "village", "M": "mountain"}
_ONLY = {"S": "saints only", "W": "spirits only", "V": "children only", "M": "dragons only"}


def tint(colour: str, amount: float = 0.22) -> str:
    """``colour`` (``#rrggbb``) mixed into the plain ground: a domain's fill.

    >>> tint("#000000", 0.5)
    '#7a756c'
    """
    base = TERRAIN["plain"]
    mixed = (round(int(base[k:k + 2], 16) * (1 - amount) + int(colour[k:k + 2], 16) * amount)
             for k in (1, 3, 5))
    return "#" + "".join(f"{v:02x}" for v in mixed)


DOMAIN_FILL = tuple(tint(SEAT_COLOURS[seat]) for seat in SEATS)
OWNER: dict[int, int] = {sq: seat for seat in SEATS for sq in DOMAIN[seat]}


def short(name: str, most: int = 18) -> str:
    """A name cut to fit its place in the picture (tooltips keep it whole).

    >>> short("Ann"), short("Bartholomew the Magnificent", 12)
    ('Ann', 'Bartholomew…')
    """
    return name if len(name) <= most else name[:most - 1].rstrip() + "\u2026"


def ground(i: int) -> str:
    """The fill of square ``i``: its terrain, a throne, a domain's tint, or plain."""
    if i in THRONE:
        return "throne"
    if GROUND[i] in _TERRAIN_KEY:
        return _TERRAIN_KEY[GROUND[i]]
    if i in OWNER:
        return DOMAIN_FILL[OWNER[i]]
    return "plain"


def place(i: int) -> str:
    """The name of square ``i``'s ground or place, a key of ``TEXTS``.

    >>> place(0), place(4), place(8), place(12), place(6)
    ('Shrine', 'Throne', 'Domain', 'Mountain', 'Swamp')
    """
    if i in THRONE:
        return "Throne"
    if GROUND[i] in TERRAIN_NAME:
        return TERRAIN_NAME[GROUND[i]].capitalize()
    return "Domain" if i in OWNER else "Open ground"


def tip(i: int) -> str:
    """Square ``i``'s tooltip: its name, its ground (whose throne or domain) and the
    ground's text.

    >>> tip(INDEX["e5"])[:40]
    "e5, Dawn's throne. Where a Wizard sits ("
    """
    ground_ = place(i)
    if ground_ in ("Throne", "Domain"):
        seat = THRONE.index(i) if i in THRONE else OWNER[i]
        where = f"{T.SEAT_NAMES[seat]}'s {ground_.lower()}"
    else:
        where = f"the {ground_}" if ground_ != "Open ground" else "open ground"
    return f"{SQUARES[i]}, {where}. {TEXTS[ground_]}"


def touched(last: Event | None, state: State) -> list[int]:
    """The squares ``last`` moved from or to, or touched (``state``: the state after it).
    A capture or a win also marks the move that made it (each seat's last move is public).

    >>> from grimoire.games.vicious_circle import RULES
    >>> s = RULES.parse("5/5/5/5/s4 -/- t -,- 0", RULES.Options(), ())
    >>> [SQUARES[i] for i in touched(Move(player=1, from_="a1", to="b2"), s)]
    ['a1', 'b2']
    """
    if isinstance(last, Move):
        found = [last.from_, last.to]
    elif isinstance(last, Deploy):
        found = [last.to]
    elif isinstance(last, (Setup, Open)):
        found = [square for _, square in last.placement]
    elif isinstance(last, Reveal):
        found = [square for placement in last.placements for _, square in placement]
    elif isinstance(last, Capture):
        found = [move[:2] for move in state.last if move[2:] == last.square] + [last.square]
    elif isinstance(last, GameOver) and last.reason == "throne" and len(last.winners) == 1:
        move = state.last[last.winners[0] % 2]
        found = [move[:2], move[2:]] if move else [SQUARES[THRONE[1 - last.winners[0] % 2]]]
    else:
        found = []
    return list(dict.fromkeys(INDEX[sq] for sq in found if sq in INDEX))


def board(state: State, player: int | None = None, last: Event | None = None,
          bottom: int | None = None) -> str:
    """The board as ``player`` sees it (``state`` is what they may know: the tools pass
    their view; ``None``: everything), the squares ``last`` touched framed, seat
    ``bottom``'s corner at the bottom (``None`` or Twilight: north up; Dawn: turned)."""
    turned = bottom == T.DAWN
    who_ = names(state)
    title = "Wizards of the Vicious Circle" + (
        f", as {who_[player]} sees it" if player in SEATS else "")
    told = caption(None if last is None else describe(last, before(last, state)))
    legend_end = TOP + 2 * SEAT_BLOCK + 4 + 18 + 17.6 * (11 if state.turn < 0 else 10)
    height = max(legend_end, TOP + T.SIZE * CELL + 30) + 10 + 17 * len(told)
    picture = frame(WIDTH, height, title=title)
    _header(picture, state, who_)
    picture.lines.extend(_map(who_, turned))
    _creatures(picture, state, who_, turned)
    if state.turn < 0:
        _screen(picture)
    for i in touched(last, state):
        picture.mark(*corner(i, turned), CELL, CELL)
    y = TOP
    for seat in SEATS:
        _seat(picture, state, seat, who_, y)
        y += SEAT_BLOCK
    picture.lines.extend(_legend(who_, state.turn < 0, y + 4))
    draw_caption(picture, LEFT - 24, told)
    return picture.svg()


def before(last: Event, state: State) -> State:
    """Enough of the state ``last`` happened in to describe it, from ``state``, the one
    after it: a move or a deploy that ends a decision captured nothing, so its creature
    goes back; a capture happened where its captor now stands. Otherwise only the names
    (``describe`` then says no more than the event itself).

    >>> from grimoire.games.vicious_circle import RULES
    >>> s = RULES.parse("5/5/5/1s3/5 -/- d -,a1b2 0", RULES.Options(), ())
    >>> move = Move(player=1, from_="a1", to="b2")
    >>> describe(move, before(move, s))
    'Twilight moves the saint from a1 to b2'
    """
    if isinstance(last, Capture):
        return state
    board = [EMPTY] * len(state.board)
    if isinstance(last, Move) and last.from_ in INDEX and last.to in INDEX:
        board[INDEX[last.from_]] = state.board[INDEX[last.to]]
    return State(board=tuple(board), reserves=("", ""), captured=("", ""),
                 setups=(True, True), turn=0, first=0, no_move="pass", names=state.names)


def _header(picture: Picture, state: State, who_: Sequence[str]) -> None:
    """The players' names in their colours, and whose turn it is (or how it ended)."""
    for seat in SEATS:
        side = T.SEAT_NAMES[seat]
        label = (f"{side} ({CORNER[seat]})" if who_[seat] == side else
                 f"{short(who_[seat], 16)} ({side}, {CORNER[seat]})")
        x, anchor = (LEFT - 24, "start") if seat == T.DAWN else (WIDTH - 12, "end")
        picture.text(x, 20, label, size=13, anchor=anchor, fill=SEAT_COLOURS[seat],
                     font_weight="bold")
    line = status(msgspec.structs.replace(state, names=tuple(short(n, 14) for n in who_)))
    colour = INK
    if state.result and len(state.winners) == 1:
        colour = SEAT_COLOURS[state.winners[0] % 2]
    elif not state.result and state.turn in SEATS:
        colour = SEAT_COLOURS[state.turn]
    picture.text(LEFT - 24, 46, line[0].upper() + line[1:], size=14, anchor="start",
                 fill=colour, font_weight="bold")


def corner(i: int, turned: bool = False) -> tuple[float, float]:
    """The top-left corner of square ``i`` in the picture (``turned``: a half turn).

    >>> corner(0), corner(0, True) == corner(T.SIZE * T.SIZE - 1)
    ((40, 70), True)
    """
    col, row = i % T.SIZE, i // T.SIZE
    if turned:
        col, row = T.SIZE - 1 - col, T.SIZE - 1 - row
    return LEFT + col * CELL, TOP + row * CELL


@functools.lru_cache(maxsize=16)
def _map(who_: tuple[str, str], turned: bool = False) -> tuple[str, ...]:
    """The map itself, the same in every picture of a game: squares (with their tooltips),
    coordinates, terrain names and thrones (drawn once per pair of names and way up)."""
    picture = Picture(WIDTH, 0)
    square_board(picture, GRID, cell=CELL, left=LEFT, top=TOP, ground=ground,
                 turned=turned, tip=tip)
    for i in range(T.SIZE * T.SIZE):
        x, y = corner(i, turned)
        if i in THRONE:
            seat = THRONE.index(i)
            picture.rect(x + 4, y + 4, CELL - 8, CELL - 8, fill="none",
                         stroke=SEAT_COLOURS[seat], stroke_width=2.0)
            label = f"{who_[seat]}'s throne"
            picture.text(x + CELL / 2, y + CELL - 9, label if len(label) <= 13 else "throne",
                         size=8.5, fill=SEAT_COLOURS[seat])
        elif GROUND[i] in TERRAIN_NAME:
            picture.text(x + CELL / 2, y + CELL - 9, TERRAIN_NAME[GROUND[i]], size=9,
                         fill="#5d4d3a")
    return tuple(picture.lines)


def _creatures(picture: Picture, state: State, who_: Sequence[str],
               turned: bool = False) -> None:
    """The creatures on the map, each a counter in its seat's colour, marked with its
    square and name, its tooltip naming it and saying what it does."""
    for i, ch in enumerate(state.board):
        if ch != EMPTY:
            x, y = corner(i, turned)
            seat, kind = PIECE[ch]
            called = KINDS[kind].capitalize()
            picture.piece(x + CELL / 2, y + CELL / 2 - 5, 18, LETTERS[kind], seat=seat,
                          title=f"{who_[seat]}'s {KINDS[kind]} on {SQUARES[i]}. "
                                f"{TEXTS[called]}",
                          square=SQUARES[i], name=called)


def _screen(picture: Picture) -> None:
    """The screen of the secret setup, Village to Village along the middle rank."""
    y = TOP + 2.5 * CELL
    picture.line(LEFT, y, LEFT + T.SIZE * CELL, y, stroke=INK, stroke_width=3.0,
                 stroke_dasharray="8 5")


def _seat(picture: Picture, state: State, seat: int, who_: Sequence[str], y: float) -> None:
    """A seat's block: its name, its reserve, its lost creatures (and, behind the screen,
    creatures this picture may not show)."""
    colour = SEAT_COLOURS[seat]
    side = T.SEAT_NAMES[seat]
    title = side if who_[seat] == side else f"{short(who_[seat], 20)} ({side})"
    picture.text(PANEL, y + 8, title, size=13,
                 anchor="start", fill=colour, font_weight="bold")
    rows: list[tuple[str, list[tuple[str, bool]], bool]] = []
    hidden = state.turn < 0 and state.setups[seat] and not state.reserves[seat]
    sealed = state.turn < 0 and not state.setups[seat] and bool(state.digests[seat])
    if sealed:  # committed to a sealed setup, not yet opened: nobody knows it yet
        rows.append(("reserve", [("", True)] * IN_RESERVE, False))
        note = ""
    elif state.turn < 0 and not state.setups[seat]:
        rows.append(("reserve", [], False))
        note = "not set up yet"
    else:
        reserve = [("", True)] * IN_RESERVE if hidden else [
            (ch, False) for ch in state.reserves[seat]]
        rows.append(("reserve", reserve, False))
        note = ""
    rows.append(("lost", [(ch, False) for ch in state.captured[seat]], True))
    on_board = any(ch != EMPTY and PIECE[ch][0] == seat for ch in state.board)
    if sealed or (state.turn < 0 and state.setups[seat] and not on_board):
        rows.append(("placed", [("", True)] * T.SETUP_ON_BOARD, False))
    for k, (label, counters, lost) in enumerate(rows):
        row_y = y + 34 + k * 28
        if label == "reserve":  # the place kept creatures go to, under its counters
            picture.rect(PANEL - 4, row_y - 14, WIDTH - PANEL - 4, 28, fill="#ffffff",
                         fill_opacity=0.0, data_square=reserve_square(seat),
                         tip=f"{who_[seat]}'s reserve. {TEXTS['Reserve']}")
        picture.text(PANEL, row_y, label, size=11, anchor="start")
        if not counters:
            picture.text(PANEL + 62, row_y, note if label == "reserve" and note else "none",
                         size=11, anchor="start", fill="#6b6b6b")
        for n, (ch, back) in enumerate(counters):
            x = PANEL + 62 + COUNTER + n * (2 * COUNTER + 6)
            if back:
                picture.piece(x, row_y, COUNTER, "", seat=seat, hidden=True,
                              title=f"a creature of {who_[seat]}'s, hidden")
                continue
            kind = PIECE[ch][1]
            what = "captured" if lost else "in reserve"
            called = KINDS[kind].capitalize()
            picture.piece(x, row_y, COUNTER, LETTERS[kind], seat=seat,
                          title=f"{who_[seat]}'s {KINDS[kind]}, {what}. {TEXTS[called]}",
                          square="" if lost else reserve_square(seat, KINDS[kind]),
                          name="" if lost else called)
            if lost:
                picture.line(x - COUNTER, row_y + COUNTER, x + COUNTER, row_y - COUNTER,
                             stroke=INK, stroke_width=2.0)
        if label == "placed":
            picture.text(PANEL + 62 + 3 * (2 * COUNTER + 6) + 4, row_y,
                         "sealed, not opened" if sealed else "behind the screen",
                         size=11, anchor="start", fill="#6b6b6b")


@functools.lru_cache(maxsize=16)
def _legend(who_: tuple[str, str], setup: bool, y: float) -> tuple[str, ...]:
    """What every colour and mark means (``setup``: the screen is up too)."""
    picture = Picture(WIDTH, 0)
    picture.text(PANEL, y, "S saint, P spirit, C child, W warrior, D dragon", size=11,
                 anchor="start")
    y += 18
    entries = [(_TERRAIN_KEY[t], f"{TERRAIN_NAME[t]}: {_ONLY[t]}") for t in "SWVM"]
    entries.append(("throne", "throne: reach the enemy's to win"))
    entries += [(DOMAIN_FILL[seat], f"{short(who_[seat], 10)}'s domain: reserves enter here")
                for seat in SEATS]
    y = legend(picture, PANEL, y - 5.5, entries)
    size = 11.0
    y = legend_last(picture, PANEL, y)
    y = legend_hidden(picture, PANEL, y, "a creature this picture may not show")
    picture.line(PANEL, y + size, PANEL + size, y, stroke=INK, stroke_width=2.0)
    picture.text(PANEL + size * 1.5, y + size / 2, "struck out: captured", size=size,
                 anchor="start")
    y += size * 1.6
    if setup:
        picture.line(PANEL, y + size / 2, PANEL + size, y + size / 2, stroke=INK,
                     stroke_width=3.0, stroke_dasharray="4 2")
        picture.text(PANEL + size * 1.5, y + size / 2, "the screen of the secret setup",
                     size=size, anchor="start")
    return tuple(picture.lines)
