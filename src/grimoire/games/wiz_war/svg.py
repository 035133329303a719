"""The board as an SVG picture: the labyrinth with its walls, doors, exits and portals,
what stands on it, and beside it each wizard (life, points, hand, items), the spells in
play and whose turn it is.

Drawn with the kit (``grimoire.core.svg``) from the state it is given and nothing else:
the tools pass ``view(state, player)`` for a player, whose other hands hold hidden cards,
drawn as card backs.

>>> from grimoire.games.wiz_war import RULES
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> picture = board(s)
>>> picture.startswith("<svg") and ">Ann<" in picture
True
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from grimoire.core.svg import HIDDEN, INK, SEAT_COLOURS, TERRAIN, Picture, legend
from grimoire.core.svg import square_board as _square_board
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import render as R
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.events import Event
from grimoire.games.wiz_war.state import (
    State,
    fire_walls,
    points,
    spell_of,
    square_of,
    treasure_of,
)

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


def seat_colour(p: int) -> str:
    """The colour of seat ``p`` (the kit's seat colours).

    >>> seat_colour(0)
    '#b03a2e'
    """
    return SEAT_COLOURS[p % len(SEAT_COLOURS)]


def tint(colour: str, white: float) -> str:
    """``colour`` mixed with ``white`` parts of white (0 to 1).

    >>> tint("#000000", 0.5)
    '#808080'
    """
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in rgb)


def board(state: State, player: int | None = None, last: Event | None = None,
          bottom: int | None = None) -> str:
    """The board as ``player`` sees it (``None``: everything the state holds), the squares
    ``last`` moved from or to or touched framed."""
    g = B.geometry(state.players)
    width = LEFT + g.width * CELL + 24 + PANEL
    picture = Picture(width, 0, title=f"Wiz-War: {R.status(state).strip()}")
    for k, row in enumerate(textwrap.wrap(R.status(state).strip(), 96)[:2]):
        picture.text(LEFT, 14 + 17 * k, row, size=13, anchor="start",
                     fill=_status_colour(state), font_weight="bold")
    corner = _square_board(
        picture, g.grid, cell=CELL, left=LEFT, top=TOP, ground=lambda q: _ground(g, q),
        label=lambda q: "home" if q in g.home else "")
    _borders(picture, state)
    _contents(picture, state, corner)
    for q in sorted(touched(state, last)):
        if 0 <= q < g.size and g.valid[q]:
            picture.mark(*corner(q), CELL, CELL)
    below = TOP + g.height * CELL + CELL / 2
    y = _legend(picture, state, LEFT, below + 8)
    panel_bottom = _panel(picture, state, player, LEFT + g.width * CELL + 24, TOP - 6)
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


# ---------------------------------------------------------------- borders


def _segment(g: B.Geometry, q: int, d: int) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = B.border_segment(g.width, q, d)
    half = CELL / 2
    return (LEFT + x0 * half, TOP + y0 * half, LEFT + x1 * half, TOP + y1 * half)


def _inset(seg: tuple[float, float, float, float], by: float) -> tuple[float, float, float,
                                                                       float]:
    x0, y0, x1, y1 = seg
    if x0 == x1:
        return (x0, y0 + by, x1, y1 - by)
    return (x0 + by, y0, x1 - by, y1)


def _borders(picture: Picture, state: State) -> None:
    """Walls, doors, created walls and Walls of Fire; the outer wall with its exits and
    portals; cracks."""
    g = B.geometry(state.players)
    fire = fire_walls(state)
    for e, (q, d) in enumerate(g.edge_squares):
        k = state.edges[e]
        seg = _segment(g, q, d)
        if k == "#":
            picture.line(*seg, stroke=WALL, stroke_width=4.0, stroke_linecap="square")
        elif k == "W":
            picture.line(*seg, stroke=CREATED, stroke_width=5.0, stroke_dasharray="7 3")
        elif k == "D" and e == state.picked:
            picture.line(*_inset(seg, 5), stroke=DOOR, stroke_width=3.0,
                         stroke_dasharray="3 3")
        elif k == "D":
            picture.line(*_inset(seg, 5), stroke=DOOR, stroke_width=6.0)
        elif k == "S":
            picture.line(*_inset(seg, 3), stroke=SEALED, stroke_width=8.0)
        elif k == "C" and e == state.picked:
            picture.line(*_inset(seg, 5), stroke=CREATED, stroke_width=3.0,
                         stroke_dasharray="3 3")
        elif k == "C":
            picture.line(*_inset(seg, 5), stroke=CREATED, stroke_width=6.0)
        elif e in fire:
            picture.line(*seg, stroke=FIRE, stroke_width=5.0, stroke_dasharray="4 2")
    portals = {}
    for i, ((r1, c1, d1), (r2, c2, d2)) in enumerate(T.PORTALS[state.players]):
        portals[(r1 * g.width + c1, B.DIRS.index(d1))] = i
        portals[(r2 * g.width + c2, B.DIRS.index(d2))] = i
    for q, d in g.outer:
        seg = _segment(g, q, d)
        if g.link[q][d] is None:
            picture.line(*seg, stroke=WALL, stroke_width=4.0, stroke_linecap="square")
        elif (q, d) in portals:
            x0, y0, x1, y1 = seg
            picture.circle((x0 + x1) / 2, (y0 + y1) / 2, 6,
                           fill=PORTALS[portals[(q, d)] % len(PORTALS)], stroke="#ffffff")
    for e, cracks in enumerate(state.cracks):
        if cracks:
            x0, y0, x1, y1 = _segment(g, *g.edge_squares[e])
            picture.circle((x0 + x1) / 2, (y0 + y1) / 2, 6.5, fill="#ffffff", stroke=INK,
                           stroke_width=1.0)
            picture.text((x0 + x1) / 2, (y0 + y1) / 2, str(cracks), size=9,
                         font_weight="bold")


# ---------------------------------------------------------------- what stands on squares


def _contents(picture: Picture, state: State, at: Corner) -> None:
    for sp in state.spells:
        q = square_of(sp)
        if q < 0 or not CARD[sp.card].mark:
            continue
        x, y = at(q)
        traits = CARD[sp.card].traits
        if "solid" in traits:
            picture.rect(x + 4, y + 4, CELL - 8, CELL - 8, fill=BLOCK, rx=3.0)
        elif "cloud" in traits:
            picture.circle(x + CELL / 2, y + CELL / 2, CELL * 0.42, fill=CLOUD,
                           fill_opacity=0.8)
        elif "thorns" in traits:
            picture.rect(x + 3, y + 3, 14, 14, fill=THORNS, rx=2.0)
            picture.text(x + 10, y + 10, CARD[sp.card].mark, size=9, fill="#ffffff",
                         font_weight="bold")
    for _, q, _ in state.traps:  # every token alike, face down
        x, y = at(q)
        picture.rect(x + CELL - 17, y + CELL - 17, 14, 14, fill=TRAP, stroke=INK,
                     stroke_width=0.8)
        picture.text(x + CELL - 10, y + CELL - 10, "?", size=9, font_weight="bold")
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
        picture.rect(x + 3, y + CELL - 15, 12, 12, fill=OBJECT, stroke=INK, stroke_width=0.8)
        picture.text(x + 9, y + CELL - 9, str(len(cards)) if len(cards) > 1 else "o",
                     size=8)
    for t, q in enumerate(state.treasures):
        if q < 0:
            continue
        x, y = at(q)
        k = sum(1 for u in range(t) if state.treasures[u] == q)
        cx, cy = x + CELL - 9 - 11 * (k % 3), y + 9 + 11 * (k // 3)
        picture.polygon([(cx, cy - 6), (cx + 6, cy), (cx, cy + 6), (cx - 6, cy)],
                        fill=seat_colour(t // 2), stroke="#ffffff", stroke_width=1.0)
        picture.text(cx, cy, str(t % 2 + 1), size=7, fill="#ffffff", font_weight="bold")
    for sp in state.spells:
        q = square_of(sp)
        if q >= 0 and "creature" in CARD[sp.card].traits:
            x, y = at(q)
            picture.piece(x + CELL - 10, y + CELL - 10, 7, CARD[sp.card].mark or "c",
                          seat=sp.caster, title=R.spell_phrase(state, sp))
    for q in sorted({q for q in state.pos if q >= 0}):
        here = [p for p in range(state.players) if state.pos[p] == q]
        x, y = at(q)
        if len(here) == 1:
            spots = [(x + CELL / 2, y + CELL / 2, CELL * 0.26)]
        else:
            spots = [(x + CELL * (0.3 + 0.4 * (i % 2)), y + CELL * (0.3 + 0.4 * (i // 2)),
                      CELL * 0.19) for i in range(len(here))]
        for p, (cx, cy, r) in zip(here, spots, strict=True):
            picture.piece(cx, cy, r, R.WIZARDS[p], seat=p, title=R.seat_name(state, p))


# ---------------------------------------------------------------- the side panel


def _lines(picture: Picture, x: float, y: float, text: str, **attrs: object) -> float:
    """``text`` wrapped to the panel's width from (``x``, ``y``); returns the y below."""
    for row in textwrap.wrap(text, WRAP, subsequent_indent="  ") or [""]:
        picture.text(x, y, row, size=TEXT, anchor="start", **attrs)
        y += TEXT * 1.45
    return y


def _panel(picture: Picture, state: State, player: int | None, x: float, y: float) -> float:
    """Each wizard, then the spells in play, what lies about and the piles."""
    for p in range(state.players):
        y = _wizard(picture, state, player, p, x, y) + 6
    for line in R.lying(state):
        y = _lines(picture, x, y, line.strip())
    return y


def _wizard(picture: Picture, state: State, player: int | None, p: int, x: float,
            y: float) -> float:
    g = B.geometry(state.players)
    colour = seat_colour(p)
    picture.piece(x + 9, y + 9, 9, R.WIZARDS[p], seat=p)
    name = R.seat_name(state, p)
    acting = p in _to_act(state)
    picture.text(x + 24, y + 9, name + ("  (to act)" if acting else ""), size=14,
                 anchor="start", fill=colour, font_weight="bold")
    y += 24
    home = f"sector {R.sector_squares(state.players, p)}, home base {g.name(g.home[p])}"
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
    else:
        y = _lines(picture, x, y, R.hand_text(state, p, player))
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
    g = B.geometry(state.players)
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
    entries.append((tint(seat_colour(0), 0.55), "home base (sectors in their player's colour)"))
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
    y = legend(picture, x, y, entries, size=TEXT)
    wizards = [f"{R.WIZARDS[p]} {R.seat_name(state, p)}" for p in range(state.players)]
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
    g = B.geometry(state.players)
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
    g = B.geometry(state.players)
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
