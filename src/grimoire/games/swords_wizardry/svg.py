"""The Swords & Wizardry board as an SVG picture, drawn with the kit (``core.svg``).

The picture shows the 10x10 map with the names the text board uses (files ``a``-``j``
under it, ranks ``10``-``1`` beside it, Red's back rank at the top): open ground, Lake
Limpid, the Magic Rainbow Bridge running d7-e6-f5-g4 over the lake, Forest Sauvage and
Grimmwood with a tree in each square, the six castles with battlements. Every piece is a
counter in its side's colour with its letter; a piece the viewer cannot identify (``X``
or ``x`` in a view) is drawn as its back. A white dot marks a piece already shown to the
opponent, a dashed ring a Princess pinned in her castle, a dashed frame in the storming
side's colour a surrounded castle awaiting its storm, a yellow frame the squares the last
event touched (after a rescue, the rescued Princess). Red's player is named above the
board (Red sits north), Black's below, each in the side's colour with what they are to
do; the line at the top says whose turn it is (or the outcome).
The panel on the right shows each side's lost pieces and the legend.

For frontends: every square carries ``data-square`` (its name, ``c7``) and a tooltip
(its ground and what that ground does, ``texts.TEXTS``); every piece ``data-square`` and
``data-piece`` (its name as the viewer knows it: ``Dragon``, or ``?`` for a piece it has
not identified) and a tooltip with the piece's text. ``bottom=0`` (Red, who sits north)
draws the board turned a half turn, Red's back rank at the bottom and each player's name
on its side; ``bottom=1`` or ``None`` draws it the usual way up.

It draws only what the state it is given holds: the tools pass ``view(state, player)``
for a player, whose unidentified pieces are backs.

>>> from grimoire.games.swords_wizardry import RULES
>>> s = RULES.parse("1P*8/10/10/10/10/10/10/10/10/1p*3C4 r b - 0", None, ("Ann", "Ben"))
>>> picture = board(s, 0, Move(player=0, from_="f1", to="g1"))
>>> picture.startswith("<svg") and "Ann (Red)" in picture and "to move" in picture
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grimoire.core.svg import INK, LAST, SEAT_COLOURS, TERRAIN, Picture, legend, square_board
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    CASTLE,
    EMPTY,
    GRID,
    INDEX,
    KINDS,
    LETTERS,
    PIECE,
    PRINCESS,
    SQUARES,
    UNKNOWN,
    letter,
    owner,
)
from grimoire.games.swords_wizardry.events import (
    Advance,
    Arrive,
    Bombard,
    Bounce,
    Challenge,
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
    Storm,
    Surround,
)
from grimoire.games.swords_wizardry.evolve import awaited
from grimoire.games.swords_wizardry.render import seat_name, side, status, title
from grimoire.games.swords_wizardry.rules import must_show, own_known, to_act
from grimoire.games.swords_wizardry.state import State
from grimoire.games.swords_wizardry.texts import TEXTS

CELL = 44.0
"""The side of a square, in pixels."""
LEFT, TOP = 30.0, 70.0
PANEL = LEFT + T.SIZE * CELL + 22
WIDTH, HEIGHT = PANEL + 250, TOP + T.SIZE * CELL + 56
RADIUS = CELL * 0.36
TREE = "#4f7a43"
BATTLEMENT = "#8a7558"
RAINBOW = ("#d9534f", "#f0ad4e", "#5bc0de")
GROUND = "".join(T.TERRAIN)  # the map, square by square (``tables.TERRAIN``)
_FILL = {".": "plain", "~": "water", "B": "water", "C": "castle", "F": "forest",
         "G": "forest"}


def board(state: State, player: int | None = None, last: Event | None = None,
          bottom: int | None = None) -> str:
    """The board as ``player`` sees it (``None``: whoever is given the whole state), the
    squares ``last`` touched framed, turned a half turn when ``bottom`` is Red (the side
    that sits north). ``state`` is drawn as it is: pass ``view(state, player)`` for a
    player (with ``hidden="commit"`` its own pieces it sealed with the public nonce are
    shown to it, ``rules.own_known``).

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
    >>> import xml.etree.ElementTree as ET
    >>> ET.fromstring(board(s)).tag
    '{http://www.w3.org/2000/svg}svg'
    """
    picture = Picture(WIDTH, HEIGHT, title=f"Swords & Wizardry: {side(state, T.RED)} "
                                          f"against {side(state, T.BLACK)}")
    picture.rect(0, 0, WIDTH, HEIGHT, fill="#fbf8f1")
    turned = bottom == T.RED
    _header(picture, state, turned)
    corner = square_board(picture, GRID, cell=CELL, left=LEFT, top=TOP,
                          ground=lambda i: _FILL[GROUND[i]], turned=turned, tip=_square_tip)
    _ground(picture, corner)
    if state.storm >= 0:
        x, y = corner(state.storm)
        picture.rect(x + 4, y + 4, CELL - 8, CELL - 8, fill="none",
                     stroke=_colour(state.storm_by), stroke_width=2.5, stroke_dasharray="5 3")
    for i in awaited(state):
        x, y = corner(i)
        picture.rect(x + 4, y + 4, CELL - 8, CELL - 8, fill="none",
                     stroke=_colour(owner(state.board[i])), stroke_width=2.5,
                     stroke_dasharray="2 3")
    known = own_known(state, player) if player is not None else state
    for i, ch in enumerate(known.board):
        if ch != EMPTY:
            _counter(picture, state, corner(i), i, ch)
    if isinstance(last, Open) and INDEX.get(last.square, -1) in state.home:
        last = Reveal(square=SQUARES[state.home.index(INDEX[last.square])], piece=last.piece)
    for square in touched(last) or _rescued(state, last):
        x, y = corner(INDEX[square])
        picture.mark(x, y, CELL, CELL)
    _panel(picture, state)
    return picture.svg()


def touched(event: Event | None) -> tuple[str, ...]:
    """The squares an event moved a piece from or to, or touched (none for a die, the
    start of play or the end of the game).

    >>> touched(Storm(player=0, castle="b1", from_="c1"))
    ('c1', 'b1')
    """
    squares: Sequence[str]
    if isinstance(event, Move | Bombard | Challenge | Advance | Bounce | Arrive):
        squares = (event.from_, event.to)
    elif isinstance(event, Storm):
        squares = (event.from_, event.castle)
    elif isinstance(event, Decline | Surround):
        squares = (event.castle,)
    elif isinstance(event, Place | Reveal | Eliminate | Pin | Commit | Open):
        squares = (event.square,)
    else:
        squares = ()
    return tuple(dict.fromkeys(s for s in squares if s in INDEX))


def _rescued(state: State, last: Event | None) -> tuple[str, ...]:
    """The square of the Princess a rescue (the game's last event) has just freed."""
    if not (isinstance(last, GameOver) and last.reason == "rescue" and last.winners):
        return ()
    princess = letter(1 - last.winners[0], PRINCESS)
    return tuple(SQUARES[i] for i, ch in enumerate(state.board)
                 if ch == princess and state.revealed[i])


def _fit(text: str, most: int) -> str:
    """``text`` cut to ``most`` characters (a line of two long names)."""
    return text if len(text) <= most else text[:most - 1] + "\u2026"


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _square_tip(i: int) -> str:
    """A square's tooltip: its name, its ground and what that ground does (open ground
    does nothing: its name alone)."""
    ground = T.GROUND[GROUND[i]]
    if GROUND[i] == ".":
        return f"{SQUARES[i]}: {ground.lower()}"
    return f"{SQUARES[i]}: {ground}. {TEXTS[ground]}"


def _header(picture: Picture, state: State, turned: bool = False) -> None:
    """The title and whose turn it is at the top; each player's name on their side of
    the board (Red north, above; Black south, below; the other way round on a board
    turned for Red), in the side's colour."""
    picture.text(LEFT, 14, "Swords & Wizardry", size=16, anchor="start", font_weight="bold")
    live = not state.result and state.turn >= 0
    mover = min(to_act(state)) if live else state.turn
    line = status(state)
    picture.text(LEFT, 34, _fit(line[:1].upper() + line[1:], 110), size=12,
                 anchor="start", fill=_colour(mover) if live and mover >= 0 else INK)
    above, below = TOP - 14, TOP + T.SIZE * CELL + 36
    for seat, y in ((T.RED, below if turned else above),
                    (T.BLACK, above if turned else below)):
        doing = _doing(state, seat)
        picture.circle(LEFT + 6, y, 6, fill=_colour(seat))
        text = f"{side(state, seat)}, {'north' if seat == T.RED else 'south'}"
        picture.text(LEFT + 18, y, _fit(text, 70) + (f" - {doing}" if doing else ""),
                     size=13, anchor="start", fill=_colour(seat),
                     font_weight="bold" if doing else None)


def _doing(state: State, seat: int) -> str:
    """What ``seat`` is to do now (``""``: nothing)."""
    if state.result:
        return ""
    if state.turn < 0:
        placed = sum(1 for ch in state.board if ch != EMPTY and owner(ch) == seat)
        return "deploying" if placed < sum(state.counts) else ""
    waiting = awaited(state)
    if waiting:
        first = waiting[0]
        return f"to open the piece on {SQUARES[first]}" if owner(state.board[first]) == seat \
            else ""
    if state.storm >= 0:
        return f"to storm the castle on {SQUARES[state.storm]}" if seat == state.storm_by else ""
    if seat == state.turn and must_show(state):
        return "to open a piece that can move"
    return "to move" if seat == state.turn else ""


def _ground(picture: Picture, at: Callable[[int], tuple[float, float]]) -> None:
    """What lies on the ground: trees in the forests, battlements on the castles, the
    Magic Rainbow Bridge over the lake."""
    for i, ground in enumerate(GROUND):
        x, y = at(i)
        if ground in "FG":
            picture.polygon(((x + CELL - 11, y + CELL - 4), (x + CELL - 3, y + CELL - 4),
                             (x + CELL - 7, y + CELL - 15)), fill=TREE)
        elif ground == "C":
            top, step = y + 3, (CELL - 6) / 7
            points = [(x + 3, top + 6)]
            for k in range(7):
                h = top if k % 2 == 0 else top + 3
                points += [(x + 3 + k * step, h), (x + 3 + (k + 1) * step, h)]
            points.append((x + CELL - 3, top + 6))
            picture.polygon(points, fill=BATTLEMENT)
    ends = [at(INDEX[square]) for square in (T.BRIDGE[0], T.BRIDGE[-1])]
    (x0, y0), (x1, y1) = ((x + CELL / 2, y + CELL / 2) for x, y in ends)
    w = CELL * 0.17  # half the bridge's width, along each axis
    picture.polygon(((x0 - w, y0 + w), (x0 + w, y0 - w), (x1 + w, y1 - w), (x1 - w, y1 + w)),
                    fill=TERRAIN["bridge"], stroke="#8a6a3f", stroke_width=1.0)
    for k, colour in enumerate(RAINBOW):  # three stripes across its width
        d = (k - 1) * w * 0.55
        picture.line(x0 + d, y0 - d, x1 + d, y1 - d, stroke=colour, stroke_width=2.5)


def _counter(picture: Picture, state: State, xy: tuple[float, float], i: int,
             ch: str) -> None:
    """One piece: its letter on a counter of its side's colour, or its back."""
    x, y = xy[0] + CELL / 2, xy[1] + CELL / 2
    seat = owner(ch)
    hidden = ch in UNKNOWN
    kind = -1 if hidden else PIECE[ch][1]
    name = "?" if hidden else title(KINDS[kind])
    army = T.SEAT_NAMES[seat]
    tip = (f"A {army} piece on {SQUARES[i]}, not identified" if hidden
           else f"{name} ({army}) on {SQUARES[i]}. {TEXTS[name]}")
    picture.piece(x, y, RADIUS, "" if hidden else LETTERS[kind], seat=seat, hidden=hidden,
                  title=tip, square=SQUARES[i], name=name)
    if kind == PRINCESS and CASTLE[i] and state.pinned[seat]:
        picture.circle(x, y, RADIUS + 3.5, fill="none", stroke=INK, stroke_width=1.5,
                       stroke_dasharray="3 2")
    if state.revealed[i]:
        picture.circle(x + RADIUS * 0.72, y - RADIUS * 0.72, 4.0, fill="#ffffff",
                       stroke=INK, stroke_width=1.0)


def _panel(picture: Picture, state: State) -> None:
    """Each side's lost pieces, then the legend."""
    y = TOP + 4
    for seat in (T.RED, T.BLACK):
        picture.text(PANEL, y, f"Lost by {seat_name(state, seat)}", size=12, anchor="start",
                     fill=_colour(seat), font_weight="bold")
        lost = state.lost[seat]
        kinds = [k for k, ch in enumerate(LETTERS) if ch.lower() in lost.lower()]
        if not kinds:
            picture.text(PANEL, y + 20, "nothing", size=11, anchor="start")
        for n, k in enumerate(kinds):
            x, row = PANEL + 9 + (n % 6) * 38, y + 20 + (n // 6) * 22
            picture.piece(x, row, 8, LETTERS[k], seat=seat)
            count = lost.lower().count(LETTERS[k].lower())
            if count > 1:
                picture.text(x + 11, row, f"\u00d7{count}", size=10, anchor="start")
        y += 20 + 3 * 22
    y = legend(picture, PANEL, y - 4, (
        ("plain", "open ground"),
        ("water", "Lake Limpid"),
        ("bridge", "Magic Rainbow Bridge"),
        ("forest", "forest (Forest Sauvage, Grimmwood)"),
        ("castle", "castle"),
    ))
    marks = y + 6
    picture.piece(PANEL + 6, marks, 6, "", seat=T.RED, hidden=True)
    picture.piece(PANEL + 20, marks, 6, "", seat=T.BLACK, hidden=True)
    picture.text(PANEL + 32, marks, "a sealed piece, not yet opened" if state.commit
                 else "a piece not identified", size=11, anchor="start")
    picture.circle(PANEL + 13, marks + 18, 4.0, fill="#ffffff", stroke=INK, stroke_width=1.0)
    picture.text(PANEL + 32, marks + 18, "shown to the opponent", size=11, anchor="start")
    picture.circle(PANEL + 13, marks + 36, 7.0, fill="none", stroke=INK, stroke_width=1.5,
                   stroke_dasharray="3 2")
    picture.text(PANEL + 32, marks + 36, "a Princess pinned in her castle", size=11,
                 anchor="start")
    picture.rect(PANEL + 5, marks + 47, 16, 14, fill="none", stroke=INK, stroke_width=1.5,
                 stroke_dasharray="5 3")
    picture.text(PANEL + 32, marks + 54, "a surrounded castle to storm", size=11,
                 anchor="start")
    picture.rect(PANEL + 5, marks + 65, 16, 14, fill="none", stroke=LAST, stroke_width=3.0)
    picture.text(PANEL + 32, marks + 72, "the last event", size=11, anchor="start")
    y = marks + 94
    if state.commit:
        picture.rect(PANEL + 5, marks + 83, 16, 14, fill="none", stroke=INK, stroke_width=1.5,
                     stroke_dasharray="2 3")
        picture.text(PANEL + 32, marks + 90, "a sealed piece to be opened", size=11,
                     anchor="start")
        y += 18
    for n, (ch, kind) in enumerate(zip(LETTERS, KINDS, strict=True)):
        column, row = divmod(n, 7)
        picture.text(PANEL + column * 120, y + row * 15, f"{ch} {title(kind)}", size=11,
                     anchor="start")
