"""The board as an SVG picture: the labyrinth with its walls, doors, exits and portals,
what stands on it, and beside it each wizard (life, points, hand, items), the spells in
play and whose turn it is.

Drawn with the kit (``grimoire.core.svg``) from the state it is given and nothing else:
the tools pass ``view(state, player)`` for a player, whose other hands hold hidden cards,
drawn as card backs.

What a frontend clicks carries data attributes: every square ``data-square`` (its name,
``c3``), every wizard, treasure, creature, creation and token on the board ``data-square``
and ``data-piece``, every card shown face up (the hand a viewer sees, the items carried,
the spells in play, the dropped items) ``data-card`` with the card's name; each has a
``<title>`` tooltip with its text (``texts.TEXTS``). ``bottom`` turns the board (a half or
a quarter turn, texts upright) so that seat's home base is nearest the bottom edge.

>>> from grimoire.games.wiz_war import RULES
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> picture = board(s)
>>> picture.startswith("<svg") and "<title>Ann's wizard" in picture
True
>>> 'data-square="c3"' in picture and 'data-piece="Wizard"' in picture
True
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable
from typing import Any

from grimoire.core.svg import HIDDEN, INK, SEAT_COLOURS, TERRAIN, Picture, legend
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import render as R
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.events import Event
from grimoire.games.wiz_war.state import (
    State,
    charge,
    fire_walls,
    points,
    spell_of,
    square_of,
    treasure_of,
)
from grimoire.games.wiz_war.texts import TEXTS

Corner = Callable[[int], tuple[float, float]]

CELL = 44.0
LEFT = 30.0
TOP = 50.0
PANEL = 380.0
TEXT = 11.0
WRAP = 62

WALL = TERRAIN["wall"]
DOOR = TERRAIN["door"]
CREATED = "#7f8c8d"
SEALED = "#4a2511"
FIRE = "#e67e22"
BLOCK = "#6e6259"
CLOUD = "#b4b4b4"
OBJECT = "#f5deb3"
THORNS = "#2e7d32"  # Rosebush, Thornbush, Handful of Tacks: a mark on green
TRAP = "#c9a227"  # a face-down Booby Trap token
PORTALS = ("#c71585", "#d35400")


@functools.lru_cache(maxsize=4096)
def _wrapped(text: str, width: int, indent: str = "") -> tuple[str, ...]:
    """``text`` wrapped at ``width`` (kept: a match's pictures wrap the same lines again
    and again)."""
    return tuple(textwrap.wrap(text, width, subsequent_indent=indent))


def seat_colour(p: int) -> str:
    """The colour of seat ``p`` (the kit's seat colours).

    >>> seat_colour(0)
    '#b03a2e'
    """
    return SEAT_COLOURS[p % len(SEAT_COLOURS)]


@functools.lru_cache(maxsize=256)
def tint(colour: str, white: float) -> str:
    """``colour`` mixed with ``white`` parts of white (0 to 1).

    >>> tint("#000000", 0.5)
    '#808080'
    """
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in rgb)


class Frame:
    """Where the board lies in the picture, turned ``turn`` quarter turns clockwise:
    points of the board in doubled coordinates (a square's centre at ``(2c + 1, 2r +
    1)``) to pixels.

    >>> f = Frame(B.geometry(2), 1)
    >>> f.columns, f.rows, f.point(0, 0) == (LEFT + 5 * CELL, TOP)
    (5, 10, True)
    """

    def __init__(self, g: B.Geometry, turn: int = 0) -> None:
        self.g = g
        self.turn = turn % 4
        across = self.turn % 2 == 1
        self.columns = g.height if across else g.width
        self.rows = g.width if across else g.height
        # the corners and sides worked out, kept (a frame is made once: see ``_frame``)
        self._corners: dict[int, tuple[float, float]] = {}
        self._segments: dict[tuple[int, int], tuple[float, float, float, float]] = {}

    def point(self, x: float, y: float) -> tuple[float, float]:
        w, h = 2 * self.g.width, 2 * self.g.height
        x, y = ((x, y), (h - y, x), (w - x, h - y), (y, w - x))[self.turn]
        return LEFT + x * CELL / 2, TOP + y * CELL / 2

    def corner(self, q: int) -> tuple[float, float]:
        """The top-left corner of square ``q``'s cell."""
        known = self._corners.get(q)
        if known is None:
            r, c = divmod(q, self.g.width)
            (x0, y0), (x1, y1) = self.point(2 * c, 2 * r), self.point(2 * c + 2, 2 * r + 2)
            known = self._corners[q] = (min(x0, x1), min(y0, y1))
        return known

    def segment(self, q: int, d: int) -> tuple[float, float, float, float]:
        """Side ``d`` of square ``q`` in pixels."""
        known = self._segments.get((q, d))
        if known is None:
            x0, y0, x1, y1 = B.border_segment(self.g.width, q, d)
            known = self._segments[q, d] = (*self.point(x0, y0), *self.point(x1, y1))
        return known


@functools.lru_cache(maxsize=64)
def _frame(g: B.Geometry, turn: int) -> Frame:
    """The :class:`Frame` of board ``g`` turned ``turn`` quarter turns, made once for
    every picture of that board (it keeps the corners and sides it works out)."""
    return Frame(g, turn)


def turn_for(g: B.Geometry, bottom: int | None) -> int:
    """The quarter turns clockwise that bring seat ``bottom``'s home base nearest the
    bottom edge (none for ``None`` or a home already there; a half turn before a quarter
    turn where both do).

    >>> turn_for(B.geometry(2), 0), turn_for(B.geometry(2), 1), turn_for(B.geometry(4), 0)
    (3, 1, 2)
    >>> turn_for(B.geometry(4), 2), turn_for(B.geometry(4), None)
    (0, 0)
    """
    if bottom is None or not 0 <= bottom < len(g.home):
        return 0
    r, c = divmod(g.home[bottom], g.width)

    def low(turn: int) -> float:
        frame = Frame(g, turn)
        return (frame.point(2 * c + 1, 2 * r + 1)[1] - TOP) / (frame.rows * CELL)

    return max((0, 2, 1, 3), key=lambda turn: (round(low(turn), 6), -(0, 2, 1, 3).index(turn)))


def board(state: State, player: int | None = None, last: Event | None = None,
          bottom: int | None = None) -> str:
    """The board as ``player`` sees it (``None``: everything the state holds), the squares
    ``last`` moved from or to or touched framed; turned so that seat ``bottom``'s home
    base is nearest the bottom (``None``: sector 0 at the top left)."""
    g = B.geometry(state.board)
    frame = _frame(g, turn_for(g, bottom))
    width = LEFT + frame.columns * CELL + 24 + PANEL
    picture = Picture(width, 0, title=f"Wiz-War: {R.status(state).strip()}")
    for k, row in enumerate(_wrapped(R.status(state).strip(), 96)[:2]):
        picture.text(LEFT, 14 + 17 * k, row, size=13, anchor="start",
                     fill=_status_colour(state), font_weight="bold")
    corner = _squares(picture, state, frame)
    _borders(picture, state, frame)
    _block(picture, ("contents", frame.turn, state.board, state.names, state.schools,
                     state.options, state.spells, state.traps, state.origin,
                     state.active if state.origin >= 0 else -1, state.objects,
                     state.treasures, state.pos),
           lambda p: _contents(p, state, corner))
    for q in sorted(touched(state, last)):
        if 0 <= q < g.size and g.valid[q]:
            picture.mark(*corner(q), CELL, CELL)
    below = TOP + frame.rows * CELL + CELL / 2
    y = _legend(picture, state, LEFT, below + 8)
    panel_bottom = _panel(picture, state, player, LEFT + frame.columns * CELL + 24, TOP - 6)
    picture.height = max(y, panel_bottom) + 8
    drawn = picture.lines
    picture.lines = []
    picture.rect(0, 0, width, picture.height, fill="#fffdf8")  # the height is known last
    picture.lines += drawn
    return picture.svg()


def _status_colour(state: State) -> str:
    if state.result:
        return seat_colour(state.winners[0]) if state.winners else INK
    if state.phase == "respond" and state.pending is not None:
        return seat_colour(state.pending.target)
    return seat_colour(state.active)


def _ground(g: B.Geometry, q: int) -> str:
    """Each sector's floor lightly in its player's colour, the home base stronger."""
    colour = seat_colour(g.sector[q])
    return tint(colour, 0.55 if q in g.home else 0.86)


_KEPT: dict[tuple[Any, ...], tuple[str, ...]] = {}
"""The lines of the board's squares and borders, by what they are drawn from: the
pictures of one match draw them the same nearly every time (a viewer of a long match
draws thousands)."""


def _kept(picture: Picture, key: tuple[Any, ...], draw: Callable[[Picture], None]) -> None:
    """``draw``'s lines for ``key``, drawn once and kept (a few hundred kept at most)."""
    lines = _KEPT.get(key)
    if lines is None:
        scratch = Picture(0, 0)
        draw(scratch)
        lines = tuple(scratch.lines)
        if len(_KEPT) >= 512:
            _KEPT.clear()
        _KEPT[key] = lines
    picture.lines.extend(lines)


_BLOCKS: dict[tuple[Any, ...], tuple[tuple[str, ...], float]] = {}
"""The lines of a part of the picture that changes now and then (a wizard's place in the
panel, what stands on the squares, the legend) and the y below it, by everything it is
drawn from: most events change one wizard and little on the board, so the pictures of a
match draw most of their parts as the picture before did."""


def _block(picture: Picture, key: tuple[Any, ...], draw: Callable[[Picture], float]) -> float:
    """``draw``'s lines for ``key``, drawn once and kept (a few thousand kept at most), and
    the y it returned."""
    kept = _BLOCKS.get(key)
    if kept is None:
        scratch = Picture(0, 0)
        below = draw(scratch)
        kept = (tuple(scratch.lines), below)
        if len(_BLOCKS) >= 4096:
            _BLOCKS.clear()
        _BLOCKS[key] = kept
    picture.lines.extend(kept[0])
    return kept[1]


def _squares(picture: Picture, state: State, frame: Frame) -> Corner:
    """The squares (``data-square``, a tooltip saying whose sector and what the square
    is), ``home`` on each home base, file letters and rank numbers beside the board."""
    _kept(picture, ("squares", state.board, state.names, frame.turn),
          lambda p: _draw_squares(p, state, frame))
    return frame.corner


def _home(picture: Picture, g: B.Geometry, q: int, x: float, y: float) -> None:
    """A home base as its side draws it: on the new side (A) a runic circle in its
    player's colour, on the classic side (B) the whole square in that colour, framed."""
    colour = seat_colour(g.sector[q])
    name = g.grid.names[q]
    if g.side == "a":
        picture.circle(x + CELL / 2, y + CELL / 2, CELL * 0.36, fill="none", stroke=colour,
                       stroke_width=2, stroke_dasharray="5 2 1 2", data_square=name)
    else:
        picture.rect(x + 2, y + 2, CELL - 4, CELL - 4, fill=tint(colour, 0.3), stroke=colour,
                     stroke_width=2, data_square=name)
    picture.text(x + 3, y + 7, "home", size=CELL / 5, anchor="start", fill="#5d4d3a",
                 data_square=name)


def _draw_squares(picture: Picture, state: State, frame: Frame) -> None:
    g = frame.g
    names = g.grid.names
    for q in g.squares:
        x, y = frame.corner(q)
        picture.rect(x, y, CELL, CELL, fill=_ground(g, q), stroke="#9c8f7a",
                     stroke_width=0.5, data_square=names[q], tip=_square_tip(state, q))
        if q in g.home:
            _home(picture, g, q, x, y)
    across = frame.turn % 2 == 1
    bottom, left = TOP + frame.rows * CELL + CELL / 4, LEFT - CELL / 4
    for col in range(g.width):
        x, y = frame.point(2 * col + 1, 1)
        letter = names[col].rstrip("0123456789")
        picture.text(*((left, y) if across else (x, bottom)), letter, size=CELL / 4)
    for row in range(g.height):
        x, y = frame.point(1, 2 * row + 1)
        rank = names[row * g.width].lstrip("abcdefghijklmnopqrstuvwxyz")
        picture.text(*((x, bottom) if across else (left, y)), rank, size=CELL / 4)


def _square_tip(state: State, q: int) -> str:
    """A square's name and sector; a home base or treasure start with its text."""
    g = B.geometry(state.board)
    where = f"{g.name(q)}, {R.seat_name(state, g.sector[q])}'s sector"
    if q in g.home:
        return f"{where}: home base. {TEXTS['Home base']}"
    if any(q in starts for starts in g.treasure_starts):
        return f"{where}: treasure start. {TEXTS['Treasure start']}"
    return where


# ---------------------------------------------------------------- borders


def _inset(seg: tuple[float, float, float, float], by: float) -> tuple[float, float, float,
                                                                       float]:
    x0, y0, x1, y1 = seg
    if x0 == x1:
        return (x0, y0 + by, x1, y1 - by)
    return (x0 + by, y0, x1 - by, y1)


BORDER_TEXT = {"#": "Wall", "D": "Door", "W": "Created wall", "S": "Sealed door",
               "C": "Created door"}
"""The text (``texts.TEXTS``) of what stands on a border, by its kind in the state."""


def _borders(picture: Picture, state: State, frame: Frame) -> None:
    """Walls, doors, created walls and Walls of Fire (each with a tooltip); the outer wall
    with its exits and portals; cracks."""
    fire = fire_walls(state)
    _kept(picture, ("borders", state.board, state.names, frame.turn, state.edges,
                    state.picked, tuple(sorted(fire)), state.cracks),
          lambda p: _draw_borders(p, state, frame, fire))


def _draw_borders(picture: Picture, state: State, frame: Frame, fire: Any) -> None:
    g = frame.g
    for e, (q, d) in enumerate(g.edge_squares):
        k = state.edges[e]
        seg = frame.segment(q, d)
        tip = ""
        if k == "#":  # walls are many: each is named only
            tip = f"Wall between {R.between(state.players, e)}"
        elif k in BORDER_TEXT:
            tip = _upper(f"{R.border(state, e)[4:]}: {TEXTS[BORDER_TEXT[k]]}")
        elif e in fire:
            tip = f"Wall of Fire between {R.between(state.players, e)}: {TEXTS['Wall of Fire']}"
        if k == "#":
            picture.line(*seg, stroke=WALL, stroke_width=4.0, stroke_linecap="square", tip=tip)
        elif k == "W":
            picture.line(*seg, stroke=CREATED, stroke_width=5.0, stroke_dasharray="7 3",
                         tip=tip)
        elif k == "D" and e == state.picked:
            picture.line(*_inset(seg, 5), stroke=DOOR, stroke_width=3.0,
                         stroke_dasharray="3 3", tip=tip)
        elif k == "D":
            picture.line(*_inset(seg, 5), stroke=DOOR, stroke_width=6.0, tip=tip)
        elif k == "S":
            picture.line(*_inset(seg, 3), stroke=SEALED, stroke_width=8.0, tip=tip)
        elif k == "C" and e == state.picked:
            picture.line(*_inset(seg, 5), stroke=CREATED, stroke_width=3.0,
                         stroke_dasharray="3 3", tip=tip)
        elif k == "C":
            picture.line(*_inset(seg, 5), stroke=CREATED, stroke_width=6.0, tip=tip)
        elif e in fire:
            picture.line(*seg, stroke=FIRE, stroke_width=5.0, stroke_dasharray="4 2", tip=tip)
    portals = {}
    for i, ((r1, c1, d1), (r2, c2, d2)) in enumerate(T.PORTALS[state.players]):
        portals[(r1 * g.width + c1, B.DIRS.index(d1))] = i
        portals[(r2 * g.width + c2, B.DIRS.index(d2))] = i
    for q, d in g.outer:
        seg = frame.segment(q, d)
        if g.link[q][d] is None:
            picture.line(*seg, stroke=WALL, stroke_width=4.0, stroke_linecap="square")
        elif (q, d) in portals:
            x0, y0, x1, y1 = seg
            picture.circle((x0 + x1) / 2, (y0 + y1) / 2, 6,
                           fill=PORTALS[portals[(q, d)] % len(PORTALS)], stroke="#ffffff",
                           tip=f"Portal on the {R.DIRECTION[B.DIRS[d]]} side of {g.name(q)}: "
                               f"{TEXTS['Portal']}")
    for e, cracks in enumerate(state.cracks):
        if cracks:
            x0, y0, x1, y1 = frame.segment(*g.edge_squares[e])
            picture.circle((x0 + x1) / 2, (y0 + y1) / 2, 6.5, fill="#ffffff", stroke=INK,
                           stroke_width=1.0,
                           tip=f"{R.plural(cracks, 'crack')} on {R.border(state, e)}: "
                               f"{TEXTS['Crack']}")
            picture.text((x0 + x1) / 2, (y0 + y1) / 2, str(cracks), size=9,
                         font_weight="bold")


# ---------------------------------------------------------------- what stands on squares


def _contents(picture: Picture, state: State, at: Corner) -> float:
    """What stands on the squares, each with its square (``data-square``), what it is
    (``data-piece``) and a tooltip (drawn from the state's ``spells``, ``traps``,
    ``origin`` and ``active``, ``objects``, ``treasures``, ``pos`` and its names and deck:
    the key it is kept by in :func:`board`)."""
    names = B.geometry(state.board).grid.names
    for sp in state.spells:
        q = square_of(sp)
        if q < 0 or not CARD[sp.card].mark:
            continue
        x, y = at(q)
        traits = CARD[sp.card].traits
        name = DECK[sp.card]
        tip = f"{R.spell_phrase(state, sp)}: {TEXTS[name]}"
        where = {"data_square": names[q], "data_piece": name, "tip": tip}
        if "solid" in traits:
            picture.rect(x + 4, y + 4, CELL - 8, CELL - 8, fill=BLOCK, rx=3.0, **where)
        elif "cloud" in traits:
            picture.circle(x + CELL / 2, y + CELL / 2, CELL * 0.42, fill=CLOUD,
                           fill_opacity=0.8, **where)
        elif "thorns" in traits:
            picture.rect(x + 3, y + 3, 14, 14, fill=THORNS, rx=2.0, **where)
            picture.text(x + 10, y + 10, CARD[sp.card].mark, size=9, fill="#ffffff",
                         font_weight="bold", data_square=names[q], data_piece=name)
    for _, q, _ in state.traps:  # every token alike, face down
        x, y = at(q)
        picture.rect(x + CELL - 17, y + CELL - 17, 14, 14, fill=TRAP, stroke=INK,
                     stroke_width=0.8, data_square=names[q], data_piece="Booby Trap token",
                     tip=f"Booby Trap token on {names[q]}: {TEXTS['Booby Trap token']}")
        picture.text(x + CELL - 10, y + CELL - 10, "?", size=9, font_weight="bold",
                     data_square=names[q], data_piece="Booby Trap token")
    if state.origin >= 0:
        x, y = at(state.origin)
        picture.circle(x + CELL / 2, y + CELL / 2, CELL * 0.4, fill="none",
                       stroke=seat_colour(state.active), stroke_width=2.0,
                       stroke_dasharray="4 3")
    lying: dict[int, list[int]] = {}
    for c, q in state.objects:
        lying.setdefault(q, []).append(c)
    for q, cards in sorted(lying.items()):
        x, y = at(q)
        tip = f"Lying on {names[q]}: {R.listing([R.card_name(c, state) for c in cards])}"
        picture.rect(x + 3, y + CELL - 15, 12, 12, fill=OBJECT, stroke=INK, stroke_width=0.8,
                     data_square=names[q], data_piece="Dropped item", tip=tip)
        picture.text(x + 9, y + CELL - 9, str(len(cards)) if len(cards) > 1 else "o",
                     size=8, data_square=names[q], data_piece="Dropped item")
    for t, q in enumerate(state.treasures):
        if q < 0:
            continue
        x, y = at(q)
        k = sum(1 for u in range(t) if state.treasures[u] == q)
        cx, cy = x + CELL - 9 - 11 * (k % 3), y + 9 + 11 * (k // 3)
        tip = f"{R.treasure_name(state, t)} on {names[q]}: {TEXTS['Treasure']}"
        picture.polygon([(cx, cy - 6), (cx + 6, cy), (cx, cy + 6), (cx - 6, cy)],
                        fill=seat_colour(t // 2), stroke="#ffffff", stroke_width=1.0,
                        data_square=names[q], data_piece="Treasure", tip=tip)
        picture.text(cx, cy, str(t % 2 + 1), size=7, fill="#ffffff", font_weight="bold",
                     data_square=names[q], data_piece="Treasure")
    for sp in state.spells:
        q = square_of(sp)
        if q >= 0 and "creature" in CARD[sp.card].traits:
            x, y = at(q)
            name = DECK[sp.card]
            picture.piece(x + CELL - 10, y + CELL - 10, 7, CARD[sp.card].mark or "c",
                          seat=sp.caster, title=f"{R.spell_phrase(state, sp)}: {TEXTS[name]}",
                          square=names[q], name=name)
    for q in sorted({q for q in state.pos if q >= 0}):
        here = [p for p in range(state.players) if state.pos[p] == q]
        x, y = at(q)
        if len(here) == 1:
            spots = [(x + CELL / 2, y + CELL / 2, CELL * 0.26)]
        else:
            spots = [(x + CELL * (0.3 + 0.4 * (i % 2)), y + CELL * (0.3 + 0.4 * (i // 2)),
                      CELL * 0.19) for i in range(len(here))]
        for p, (cx, cy, r) in zip(here, spots, strict=True):
            picture.piece(cx, cy, r, R.WIZARDS[p], seat=p,
                          title=f"{R.seat_name(state, p)}'s wizard: {TEXTS['Wizard']}",
                          square=names[q], name="Wizard")
    return 0.0


# ---------------------------------------------------------------- the side panel


def _lines(picture: Picture, x: float, y: float, text: str, **attrs: object) -> float:
    """``text`` wrapped to the panel's width from (``x``, ``y``); returns the y below."""
    for row in _wrapped(text, WRAP, "  ") or ("",):
        picture.text(x, y, row, size=TEXT, anchor="start", **attrs)
        y += TEXT * 1.45
    return y


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card_tip(state: State, c: int) -> str:
    return f"{DECK[c]}: {TEXTS[DECK[c]]}"


def _cards(picture: Picture, state: State, x: float, y: float, cards: tuple[int, ...],
           fill: str) -> float:
    """Cards face up, two to a row, each a box with its name as the board lists cards
    (``data-card``, its text as the tooltip; a Stone Spikes' spikes); returns the y
    below."""
    for i, c in enumerate(cards):
        bx, by = x + (i % 2) * (CARD_W + 6), y + (i // 2) * (CARD_H + 3)
        name = DECK[c]
        shown = R.card_name(c, state) + (f" ({R.plural(k, 'spike')})"
                                         if (k := charge(state, c)) > 1 else "")
        tip = _card_tip(state, c)
        picture.rect(bx, by, CARD_W, CARD_H, fill=fill, stroke="#9c8f7a", stroke_width=0.8,
                     rx=2.0, data_card=name, tip=tip)
        picture.text(bx + 5, by + CARD_H / 2, shown, size=TEXT - 1, anchor="start",
                     data_card=name, pointer_events="none")  # the box under it answers
    return y + ((len(cards) + 1) // 2) * (CARD_H + 3) + 2


CARD_W = 158.0
CARD_H = 16.0
HAND = "#fff3d6"
ITEM = "#e8f0e0"


def _panel(picture: Picture, state: State, player: int | None, x: float, y: float) -> float:
    """Each wizard, then the spells in play (``data-card`` each), the treasures, dropped
    items (``data-card`` each), cracks and the piles."""
    for p in range(state.players):
        y = _wizard(picture, state, player, p, x, y) + 6
    key = ("lying", x, y, state.players, state.names, state.schools, state.options,
           state.spells, state.treasures, state.bearer, state.objects, state.charges,
           state.cracks, state.edges, state.picked, state.deck, state.discard, state.split,
           state.traps)
    return _block(picture, key, lambda scratch: _lying(scratch, state, x, y))


def _lying(picture: Picture, state: State, x: float, y: float) -> float:
    """The panel's lines below the wizards (``render.lying``'s), from (``x``, ``y``);
    returns the y below. Kept by everything it reads of the state (:func:`_panel`)."""
    lines = R.lying(state)
    for sp, line in zip(state.spells, lines, strict=False):
        y = _lines(picture, x, y, line.strip(), data_card=DECK[sp.card],
                   tip=_card_tip(state, sp.card))
    for line in lines[len(state.spells):]:
        if line.startswith(" dropped items:"):
            for c, q in state.objects:
                k = charge(state, c)
                spikes = f" ({R.plural(k, 'spike')})" if k > 1 else ""
                y = _lines(picture, x, y,
                           f"dropped: {R.card_name(c, state)}{spikes} on {R.square_name(q)}",
                           data_card=DECK[c], tip=_card_tip(state, c))
        else:
            y = _lines(picture, x, y, line.strip())
    return y


def _wizard(picture: Picture, state: State, player: int | None, p: int, x: float,
            y: float) -> float:
    """Wizard ``p``'s place in the panel from (``x``, ``y``); returns the y below. Kept by
    everything :func:`_draw_wizard` reads of the state."""
    key = ("wizard", p, player, x, y, state.board, state.names, state.schools,
           state.options, p in _to_act(state), state.pos[p], state.life[p], state.stun[p],
           points(state, p), state.hands[p], state.carried[p], state.charges,
           treasure_of(state, p))
    return _block(picture, key, lambda scratch: _draw_wizard(scratch, state, player, p, x, y))


def _draw_wizard(picture: Picture, state: State, player: int | None, p: int, x: float,
                 y: float) -> float:
    g = B.geometry(state.board)
    colour = seat_colour(p)
    picture.piece(x + 9, y + 9, 9, R.WIZARDS[p], seat=p)
    name = R.seat_name(state, p)
    acting = p in _to_act(state)
    picture.text(x + 24, y + 9, name + ("  (to act)" if acting else ""), size=14,
                 anchor="start", fill=colour, font_weight="bold")
    y += 24
    home = f"sector {R.sector_squares(state.board, p)}, home base {g.name(g.home[p])}"
    if state.pos[p] < 0:
        return _lines(picture, x, y, f"dead; points {points(state, p)} of "
                      f"{state.options.victory_points}; {home}")
    life = state.life[p]
    picture.rect(x, y - 5, 100, 10, fill="#eeeeee", stroke="#9c8f7a", stroke_width=0.5)
    picture.rect(x, y - 5, 100 * max(0, min(life, T.LIFE_MAX)) / T.LIFE_MAX, 10, fill=colour)
    parts = [f"life {life} of {T.LIFE_MAX}",
             f"points {points(state, p)} of {state.options.victory_points}"]
    if state.stun[p]:
        parts.append(R.plural(state.stun[p], "stun token"))
    picture.text(x + 108, y, ", ".join(parts), size=TEXT, anchor="start")
    y += TEXT * 1.6
    y = _lines(picture, x, y, f"on {g.name(state.pos[p])}; {home}")
    hand = state.hands[p]
    shown = (player is None or player == p) and all(c >= 0 for c in hand)
    if hand and not shown:
        for i in range(len(hand)):
            bx = x + 2 + (i % 20) * 13
            picture.rect(bx, y - 6 + (i // 20) * 18, 10, 14, fill=HIDDEN, stroke="#ffffff",
                         stroke_width=1.0, rx=1.5)
        y += 18 * ((len(hand) - 1) // 20 + 1) - 4
        picture.text(x + 2 + min(len(hand), 20) * 13 + 4, y - 14,
                     R.plural(len(hand), "card") + " in hand", size=TEXT, anchor="start")
        y += 4
    elif hand:
        picture.text(x, y, "hand:", size=TEXT, anchor="start")
        y = _cards(picture, state, x + 48, y - CARD_H / 2, hand, HAND) + 4
    else:
        y = _lines(picture, x, y, R.hand_text(state, p, player))
    if state.carried[p]:
        picture.text(x, y, "carries:", size=TEXT, anchor="start")
        y = _cards(picture, state, x + 48, y - CARD_H / 2, state.carried[p], ITEM) + 4
    else:
        y = _lines(picture, x, y, R.carried_text(state, p))
    t = treasure_of(state, p)
    if t >= 0:
        y = _lines(picture, x, y, f"has {R.treasure_name(state, t)}")
    return y


def _to_act(state: State) -> set[int]:
    if state.result:
        return set()
    pd = state.pending
    if state.phase == "respond" and pd is not None:
        return {pd.target if pd.counter is None else pd.attacker}
    return {state.active}


def _legend(picture: Picture, state: State, x: float, y: float) -> float:
    """A swatch for every mark the picture may hold that this state shows."""
    g = B.geometry(state.board)
    entries = [(WALL, "wall"), (DOOR, "door (locked but to its own sector's wizard)")]
    if state.picked >= 0:
        entries.append((DOOR, "dashed: a door opened by Pick Lock"))
    if "W" in state.edges:
        entries.append((CREATED, "created wall"))
    if "S" in state.edges:
        entries.append((SEALED, "sealed door (Seal Door: it opens for nobody)"))
    if "C" in state.edges:
        entries.append((CREATED, "created door (it opens for its caster only)"))
    if fire_walls(state):
        entries.append((FIRE, "Wall of Fire"))
    entries.append((tint(seat_colour(0), 0.55), "home base (sectors in their player's colour): "
                    + ("a runic circle (side A, the new maps)" if g.side == "a"
                       else "a square in its colour (side B, the classic maps)")))
    if any(q >= 0 for q in state.treasures):
        entries.append((seat_colour(0), "diamond: a treasure in its owner's colour, its number"))
    if state.objects:
        entries.append((OBJECT, "o: dropped items (a number: how many), listed at the side"))
    marks = {CARD[sp.card].mark: sp for sp in state.spells if square_of(sp) >= 0}
    if "#" in marks:
        entries.append((BLOCK, DECK[marks["#"].card]))
    if "~" in marks:
        entries.append((CLOUD, DECK[marks["~"].card]))
    for m in "@&x":
        if m in marks:
            entries.append((THORNS, f"{m}: {DECK[marks[m].card]}"))
    if state.traps:
        entries.append((TRAP, "?: a face-down Booby Trap token (real or a dud)"))
    if "h" in marks:
        entries.append((seat_colour(marks["h"].caster),
                        f"h: {DECK[marks['h'].card]} in its caster's colour"))
    if any(state.cracks):
        entries.append(("#ffffff", "a number on a wall or door: its cracks"))
    if state.origin >= 0:
        entries.append(("#ffffff", "dashed ring: where the active wizard casts from"))
    if T.PORTALS[state.players]:
        for i, ((r1, c1, d1), (r2, c2, d2)) in enumerate(T.PORTALS[state.players]):
            entries.append((PORTALS[i % len(PORTALS)],
                            f"portal: {g.name(r1 * g.width + c1)} {R.DIRECTION[d1]} and "
                            f"{g.name(r2 * g.width + c2)} {R.DIRECTION[d2]}"))
    entries.append(("#ffffff", "gaps in the outer wall: exits to the opposite side"))
    wizards = [f"{R.WIZARDS[p]} {R.seat_name(state, p)}" for p in range(state.players)]
    return _block(picture, ("legend", x, y, tuple(entries), tuple(wizards)),
                  lambda scratch: _draw_legend(scratch, x, y, entries, wizards))


def _draw_legend(picture: Picture, x: float, y: float, entries: list[tuple[str, str]],
                 wizards: list[str]) -> float:
    y = legend(picture, x, y, entries, size=TEXT)
    picture.text(x, y + 2, f"wizards: {', '.join(wizards)}", size=TEXT, anchor="start")
    y += TEXT * 1.6
    picture.rect(x, y - 1, TEXT, TEXT, fill="none", stroke="#f1c40f", stroke_width=2.0)
    picture.text(x + TEXT * 1.5, y + TEXT / 2, "framed: the squares the last event touched",
                 size=TEXT, anchor="start")
    return y + TEXT * 1.6


# ---------------------------------------------------------------- the last event


def touched(state: State, last: Event | None) -> set[int]:
    """The squares ``last`` moved something from or to, or acted on, as far as the state
    after it tells.

    >>> from grimoire.games.wiz_war import RULES
    >>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
    >>> sorted(touched(s, E.Punch(player=0, target=1)))
    [22, 27]
    """
    if last is None:
        return set()
    g = B.geometry(state.board)
    out: set[int] = set()

    def wizard(p: object) -> None:
        if isinstance(p, int) and 0 <= p < state.players and state.pos[p] >= 0:
            out.add(state.pos[p])

    def border(e: int) -> None:
        if 0 <= e < len(g.edge_squares):
            q, d = g.edge_squares[e]
            out.update((q, g.neighbour(q, d)))

    def target(t: str) -> None:
        n = _number(t.split(":")[0][1:]) if t[:1] in "weqc" else -1
        if t.startswith("w"):
            wizard(n)
        elif t.startswith("e"):
            border(n)
        elif t.startswith("q"):
            out.add(n)
        elif t.startswith("c"):
            sp = spell_of(state, n)
            if sp is not None:
                target(sp.target)
            out.update(q for c, q in state.objects if c == n)

    if isinstance(last, E.Move):
        _moved_from(state, last, out)
    for name in ("player", "target", "thief", "victim", "attacker", "caster"):
        wizard(getattr(last, name, None))
    for name in ("square", "origin"):
        q = getattr(last, name, -1)
        if isinstance(q, int) and q >= 0:
            out.add(q)
    if isinstance(last, (E.Cracked, E.WallDestroyed, E.WallCreated, E.DoorPicked)):
        border(last.edge)
    elif isinstance(last, E.ThrowAt):
        target(last.at)
    elif isinstance(last, (E.Cast, E.Use, E.Counter)):
        target(last.target)
        if isinstance(last, E.Cast) and CARD[last.card].targets == "push":
            out.add(_number(last.mode))
    elif isinstance(last, E.SpellBegins):
        target(last.target)
    elif isinstance(last, (E.Hit, E.UnitMoved)):
        sp = spell_of(state, last.card)
        if sp is not None:
            target(sp.target)
    elif isinstance(last, E.Rotated):
        out.update(q for q in range(g.size) if g.sector[q] == last.sector)
    elif isinstance(last, E.GameOver):
        for p in last.winners:
            wizard(p)
    elif isinstance(last, E.Window):
        wizard(last.cast.player)
        target(last.cast.target)
    return {q for q in out if 0 <= q < g.size and g.valid[q]}


def _moved_from(state: State, a: E.Move, out: set[int]) -> None:
    """A step: where it ended, and where it began when only one square leads there."""
    g = B.geometry(state.board)
    if a.unit >= 0:
        sp = spell_of(state, a.unit)
        to = square_of(sp) if sp is not None else -1
    else:
        to = state.pos[a.player] if 0 <= a.player < state.players else -1
    if to < 0 or a.dir not in B.DIRS:
        if to >= 0:
            out.add(to)
        return
    out.add(to)
    d = B.DIRS.index(a.dir)
    came = [q for q in range(g.size) if g.valid[q] and (
        (g.neighbour(q, d) == to and state.edges[g.edge[q][d]] in ".D")
        or ((link := g.link[q][d]) is not None and link[0] == to))]
    if len(came) == 1:
        out.add(came[0])


def _number(text: str) -> int:
    return int(text) if text.isdigit() else -1


__all__ = ["board", "seat_colour", "tint", "touched"]
