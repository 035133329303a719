"""The labyrinth built from the sector tables (squares, borders, exits, line of sight),
and the deck: every card numbered, with its record.

Squares are numbered ``row * width + column`` over the bounding rectangle of the layout
(the 3-player board has an empty quarter). Borders between two squares are *edges*,
numbered in a fixed order; their kind lives in the state (``.`` open, ``#`` stone wall,
``D`` door, ``W`` created wall, ``S`` sealed door, ``C`` created door) so walls can be
destroyed and created and doors sealed. Borders on the outside of the board are either
outer walls or exits that lead (by wrap-around or portal) to another square.

>>> g = geometry(2)
>>> g.width, g.height, len(g.edge_squares) > 0
(10, 5, True)
>>> DECK[0], len(DECK), CARD[0].kind
('Full Shield', 171, 'counter')
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from grimoire.core.kit import Grid
from grimoire.games.wiz_war import tables as T

DIRS = "nesw"
DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)
OPP = (2, 3, 0, 1)
BLOCKING = frozenset("#DWSC")
_CHAR = {" ": ".", "-": "#", "|": "#", "D": "D"}


class Layout(NamedTuple):
    """A board as built: the sector boards' ``side`` (``a`` new, ``b`` classic), the
    sector lying in each place (``tables.LAYOUTS[players]``, in order) and its quarter turns
    clockwise. Sector ``k`` is seat ``k``'s.

    >>> layout(layout_key(3, "b", (2, 0, 1), (1, 0, 3)))
    Layout(players=3, side='b', sectors=(2, 0, 1), quarters=(1, 0, 3))
    """

    players: int
    side: str
    sectors: tuple[int, ...]
    quarters: tuple[int, ...]


def layout_key(players: int, side: str = "a", sectors: tuple[int, ...] | None = None,
               quarters: tuple[int, ...] | None = None) -> int:
    """The number a layout is known by (``State.board``, the key of :data:`GEOMETRY`):
    ``players`` itself for the fixed board of side A (each seat's sector in its own place,
    unturned), so ``geometry(players)`` is that board. A layout that is no board (a side
    that does not exist, sectors that are not the players' own, a turn outside 0-3) is a
    ``ValueError``.

    >>> layout_key(2), layout_key(2, "b"), layout_key(2, "a", (1, 0), (0, 2))
    (2, 10, 32978)
    """
    sectors = tuple(range(players)) if sectors is None else tuple(sectors)
    quarters = (0,) * players if quarters is None else tuple(quarters)
    if (players not in T.LAYOUTS or side not in T.SIDES
            or sorted(sectors) != list(range(players)) or len(quarters) != players
            or any(q not in (0, 1, 2, 3) for q in quarters)):
        raise ValueError(f"not a board: {players} players, side {side!r}, sectors "
                         f"{sectors}, quarters {quarters}")
    placed = sum(((k - i) % 4) << (2 * i) for i, k in enumerate(sectors))
    turned = sum(q << (2 * i) for i, q in enumerate(quarters))
    return players + 8 * "ab".index(side) + 16 * placed + 4096 * turned


def layout(key: int) -> Layout:
    """The layout a :func:`layout_key` stands for (``ValueError`` if none does).

    >>> layout(2)
    Layout(players=2, side='a', sectors=(0, 1), quarters=(0, 0))
    """
    players, side = key % 8, (key // 8) % 2
    placed, turned = (key // 16) % 256, key // 4096
    if players not in T.LAYOUTS or key < 0 or turned >= 4 ** players:
        raise ValueError(f"not a board: {key}")
    sectors = tuple((i + (placed >> (2 * i))) % 4 for i in range(players))
    quarters = tuple((turned >> (2 * i)) % 4 for i in range(players))
    out = Layout(players, "ab"[side], sectors, quarters)
    if layout_key(*out) != key:
        raise ValueError(f"not a board: {key}")
    return out


def turned(art: tuple[str, ...], quarter: int) -> tuple[str, ...]:
    """A sector's drawing (``tables.SECTORS``) turned ``quarter`` quarter turns clockwise:
    walls drawn ``-`` stand ``|`` after an odd number of turns.

    >>> turned(T.SECTORS[0], 1)[1], turned(T.SECTORS[0], 4) == T.SECTORS[0]
    ('|. . . .|T|', True)
    """
    rows = [list(row) for row in art]
    n = len(rows)
    for _ in range(quarter % 4):
        swap = {"-": "|", "|": "-"}
        rows = [[swap.get(rows[n - 1 - x][y], rows[n - 1 - x][y]) for x in range(n)]
                for y in range(n)]
    return tuple("".join(row) for row in rows)


class Geometry:
    """Everything about a layout that never changes during a game: the board of
    ``key``, a :func:`layout_key` (a player count for the fixed board of side A).

    Every layout of the same player count shares the squares, their names, the numbering
    of the borders, the exits and the sight lines; the sectors' drawings give the rest
    (which sector each square is in, the home bases, the treasure starts and the borders'
    kinds as the game starts), so a layout copies its player count's board and redraws
    only those."""

    def __init__(self, key: int) -> None:
        lay = layout(key)
        players = lay.players
        self.key = key
        self.layout = lay
        if key != players:
            self.__dict__.update({k: v for k, v in geometry(players).__dict__.items()
                                  if k not in ("key", "layout")})
            self._draw(lay)
            return
        places = T.LAYOUTS[players]
        rows = 1 + max(r for r, _ in places)
        cols = 1 + max(c for _, c in places)
        s = T.SECTOR_SIZE
        self.players = players
        self.width = cols * s
        self.height = rows * s
        n = self.width * self.height
        self.size = n
        valid = [False] * n
        for sr, sc in places:
            for i in range(s):
                for j in range(s):
                    valid[(sr * s + i) * self.width + sc * s + j] = True
        self.valid: tuple[bool, ...] = tuple(valid)
        self.squares: tuple[int, ...] = tuple(q for q in range(n) if self.valid[q])
        # centres[sq]: the centre of the square in doubled coordinates (see border_segment);
        # one more row at the end for square -1, as divmod reads it
        self.centres: tuple[tuple[int, int], ...] = tuple(
            (2 * (q % self.width) + 1, 2 * (q // self.width) + 1) for q in (*range(n), -1))
        # neighbours[sq][d]: _flat_neighbour for every square and side, made once
        # (movement and sight ask it on every step)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self._flat_neighbour(sq, d) for d in range(4)) for sq in range(n)
        )
        self.grid = Grid(self.width, self.height, ascending=True, valid=self.valid)
        edge_of: dict[tuple[int, int], int] = {}
        edge_squares: list[tuple[int, int]] = []  # (square, side) with side E or S
        for sq in range(n):
            if not self.valid[sq]:
                continue
            for d in (1, 2):
                nb = self.neighbour(sq, d)
                if nb < 0:
                    continue
                e = len(edge_squares)
                edge_squares.append((sq, d))
                edge_of[(sq, d)] = e
                edge_of[(nb, OPP[d])] = e
        self.edge_squares: tuple[tuple[int, int], ...] = tuple(edge_squares)
        self.edge: tuple[tuple[int, ...], ...] = tuple(
            tuple(edge_of.get((sq, d), -1) for d in range(4)) for sq in range(n)
        )
        side = self._draw(lay)
        # exits on the outside of the board (every sector's outer ring is walled but for
        # the exit mid-side, however it is turned: the same for every layout)
        portals: dict[tuple[int, int], tuple[int, int]] = {}
        for (r1, c1, d1), (r2, c2, d2) in T.PORTALS[players]:
            a1, a2 = (r1 * self.width + c1, DIRS.index(d1)), (r2 * self.width + c2, DIRS.index(d2))
            portals[a1] = a2
            portals[a2] = a1
        link: list[list[tuple[int, int, str] | None]] = [[None] * 4 for _ in range(n)]
        outer: list[tuple[int, int]] = []
        for sq in range(n):
            if not self.valid[sq]:
                continue
            for d in range(4):
                if self.edge[sq][d] >= 0:
                    continue
                outer.append((sq, d))
                if side[(sq, d)] != " ":
                    continue
                if (sq, d) in portals:
                    dest, dd = portals[(sq, d)]
                    link[sq][d] = (dest, OPP[dd], "portal")
                else:
                    back = OPP[d]
                    cur = sq
                    while True:
                        nb = self.neighbour(cur, back)
                        if nb < 0:
                            break
                        cur = nb
                    link[sq][d] = (cur, d, "wrap")
        self.link: tuple[tuple[tuple[int, int, str] | None, ...], ...] = tuple(
            tuple(x) for x in link
        )
        self.outer: tuple[tuple[int, int], ...] = tuple(outer)
        self.outer_segments: tuple[tuple[int, int, int, int], ...] = tuple(
            border_segment(self.width, sq, d) for sq, d in outer
        )
        # border_at[segment]: the border drawn there, an edge (>= 0) or an outer wall (-1)
        self.border_at: dict[tuple[int, int, int, int], int] = {
            **{seg: -1 for seg in self.outer_segments},
            **{border_segment(self.width, sq, d): e
               for e, (sq, d) in enumerate(self.edge_squares)},
        }
        # vertical[(x, y)]: the side on grid line x from y down to y + 2, horizontal[(y, x)]
        # the side on grid line y from x to x + 2, for each side of a square: its border
        # (as border_at) and the squares it is a side of. Sight lines are walked across
        # them (``_path``).
        sides: dict[tuple[int, int, int, int], list[int]] = {}
        for sq in self.squares:
            for d in range(4):
                sides.setdefault(border_segment(self.width, sq, d), []).append(sq)
        self.vertical: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {
            (x0, y0): (self.border_at[(x0, y0, x1, y1)], tuple(sorted(qs)))
            for (x0, y0, x1, y1), qs in sides.items() if x0 == x1}
        self.horizontal: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {
            (y0, x0): (self.border_at[(x0, y0, x1, y1)], tuple(sorted(qs)))
            for (x0, y0, x1, y1), qs in sides.items() if y0 == y1}
        # mids[e]: the middle of border e in doubled coordinates (what sight aims at)
        self.mids: tuple[tuple[int, int], ...] = tuple(
            ((x0 + x1) // 2, (y0 + y1) // 2)
            for x0, y0, x1, y1 in (border_segment(self.width, sq, d)
                                   for sq, d in self.edge_squares))
        # exits[sq][d]: (edge, square across) for each side, the one lookup a step needs:
        # (e, neighbour) across the internal border e, (-1, square) through an exit,
        # (-1, -1) at an outer wall. One more row at the end answers for square -1 (a
        # dead wizard's position, read as Python reads index -1) exactly as ``edge``,
        # ``neighbour`` and ``link`` do.
        self.exits: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(self._exit(sq, d) for d in range(4)) for sq in (*range(n), -1)
        )

    def _draw(self, lay: Layout) -> dict[tuple[int, int], str]:
        """Lay the sectors' drawings: which sector each square is in (``sector``, -1 off
        the board), where each sector lies (``place``), the home bases, the treasure
        starts, the borders' kinds as the game starts (``initial_edges``), the sector of
        each border inside one (``edge_sector``) and the borders on each sector's lines
        (``sector_lines``). Returns the character each sector draws on each side of each
        square."""
        s, n = T.SECTOR_SIZE, self.size
        places = T.LAYOUTS[lay.players]
        sector = [-1] * n
        kind = ["."] * n
        side: dict[tuple[int, int], str] = {}
        place: list[tuple[int, int]] = [(0, 0)] * lay.players
        for (sr, sc), k, quarter in zip(places, lay.sectors, lay.quarters, strict=True):
            place[k] = (sr, sc)
            art = turned(T.SIDES[lay.side][k], quarter)
            for i in range(s):
                for j in range(s):
                    sq = (sr * s + i) * self.width + sc * s + j
                    y, x = 2 * i + 1, 2 * j + 1
                    sector[sq] = k
                    kind[sq] = art[y][x]
                    side[(sq, 0)] = art[y - 1][x]
                    side[(sq, 1)] = art[y][x + 1]
                    side[(sq, 2)] = art[y + 1][x]
                    side[(sq, 3)] = art[y][x - 1]
        self.side = lay.side
        self.sector: tuple[int, ...] = tuple(sector)
        self.place: tuple[tuple[int, int], ...] = tuple(place)
        self.home: tuple[int, ...] = tuple(
            next(q for q in range(n) if sector[q] == seat and kind[q] == "H")
            for seat in range(lay.players)
        )
        self.homes: frozenset[int] = frozenset(self.home)
        self.treasure_starts: tuple[tuple[int, ...], ...] = tuple(
            tuple(q for q in range(n) if sector[q] == seat and kind[q] == "T")
            for seat in range(lay.players)
        )
        init: list[str] = []
        edge_sector: list[int] = []
        for sq, d in self.edge_squares:
            nb = self.neighbour(sq, d)
            a, b = _CHAR[side[(sq, d)]], _CHAR[side[(nb, OPP[d])]]
            init.append("D" if "D" in (a, b) else ("#" if "#" in (a, b) else "."))
            edge_sector.append(sector[sq] if sector[sq] == sector[nb] else -1)
        self.initial_edges: tuple[str, ...] = tuple(init)
        self.edge_sector: tuple[int, ...] = tuple(edge_sector)
        # the borders on the line between each sector and its neighbours
        self.sector_lines: tuple[tuple[int, ...], ...] = tuple(
            tuple(e for e, (sq, d) in enumerate(self.edge_squares) if edge_sector[e] < 0
                  and seat in (sector[sq], sector[self.neighbour(sq, d)]))
            for seat in range(lay.players)
        )
        return side

    def _exit(self, sq: int, d: int) -> tuple[int, int]:
        e = self.edge[sq][d]
        if e >= 0:
            return (e, self.neighbour(sq, d))
        lk = self.link[sq][d]
        return (-1, -1 if lk is None else lk[0])

    def neighbour(self, sq: int, d: int) -> int:
        """The square across side ``d`` on the flat board (-1: off the board)."""
        if 0 <= sq < self.size:
            return self.neighbours[sq][d]
        return self._flat_neighbour(sq, d)

    def _flat_neighbour(self, sq: int, d: int) -> int:
        r, c = divmod(sq, self.width)
        r, c = r + DR[d], c + DC[d]
        if not (0 <= r < self.height and 0 <= c < self.width):
            return -1
        q = r * self.width + c
        return q if self.valid[q] else -1

    def name(self, sq: int) -> str:
        """Square names: column letter then row number from the north, like ``c3``."""
        return self.grid.names[sq]

    def square(self, name: str) -> int:
        """The square named ``name`` or -1."""
        return self.grid.find(name)


def border_segment(width: int, sq: int, d: int) -> tuple[int, int, int, int]:
    """A square's side as a segment (x0, y0, x1, y1) in doubled coordinates, where square
    (r, c) has its centre at (2c + 1, 2r + 1)."""
    r, c = divmod(sq, width)
    x, y = 2 * c, 2 * r
    if d == 0:
        return (x, y, x + 2, y)
    if d == 2:
        return (x, y + 2, x + 2, y + 2)
    if d == 1:
        return (x + 2, y, x + 2, y + 2)
    return (x, y, x, y + 2)


class _Boards(dict[int, Geometry]):
    """Each layout's :class:`Geometry`, built the first time it is asked for."""

    def __missing__(self, key: int) -> Geometry:
        g = self[key] = Geometry(key)
        return g


GEOMETRY: dict[int, Geometry] = _Boards()
"""``geometry(key)`` for each layout (:func:`layout_key`; a player count for the fixed
board of side A), built once when first asked for: a dict lookup on the hot paths."""


def geometry(key: int) -> Geometry:
    """The board of layout ``key``: a player count for the fixed board of side A, else a
    :func:`layout_key` (``State.board``). Built once, then kept.

    >>> geometry(2).home == geometry(layout_key(2, "b")).home
    True
    """
    return GEOMETRY[key]


for _n in T.LAYOUTS:
    geometry(_n)


def _crosses(px: int, py: int, qx: int, qy: int, seg: tuple[int, int, int, int]) -> bool:
    """Does the segment P-Q cross or touch the axis-parallel segment (ends included)?
    P-Q must not end on the segment's line except at Q (a target border's midpoint)."""
    x0, y0, x1, y1 = seg
    if x0 == x1:  # vertical
        if (px - x0) * (qx - x0) >= 0:
            return False
        den = qx - px
        num = py * den + (qy - py) * (x0 - px)
        if den < 0:
            den, num = -den, -num
        return y0 * den <= num <= y1 * den
    if (py - y0) * (qy - y0) >= 0:
        return False
    den = qy - py
    num = px * den + (qx - px) * (y0 - py)
    if den < 0:
        den, num = -den, -num
    return x0 * den <= num <= x1 * den


@lru_cache(maxsize=65536)
def _path(players: int, px: int, py: int, qx: int, qy: int
          ) -> tuple[tuple[int, ...], int, frozenset[int]]:
    """What the segment from a square's centre P to Q crosses or touches (as
    :func:`_crosses` tells), whatever the borders' kinds: the internal borders (edges), how
    many outer walls, and the squares a side of which it crosses (a filled square blocks
    it). It can only cross the grid lines strictly between P and Q, each at one point
    (two sides meet there at a corner), so the lines are walked one by one: the sides
    crossed are those ``y0 <= y <= y0 + 2`` around the crossing ``y``, exactly."""
    g = GEOMETRY[players]
    crossed: list[int] = []
    outer = 0
    boxes: set[int] = set()
    for lines, a0, b0, a1, b1 in ((g.vertical, px, py, qx, qy),
                                  (g.horizontal, py, px, qy, qx)):
        da, db = a1 - a0, b1 - b0
        if not da:
            continue
        sign = 1 if da > 0 else -1
        get = lines.get
        den = da * sign
        for a in range(a0 + sign, a1, 2 * sign):  # the even grid lines between
            # the line meets grid line a at b = num / den (den > 0)
            f, r = divmod((b0 * da + db * (a - a0)) * sign, den)
            # inside a side, or at a corner: the two sides that meet there
            for b in ((f - (f & 1),) if r or f & 1 else (f - 2, f)):
                side = get((a, b))
                if side is not None:
                    e, squares = side
                    if e >= 0:
                        crossed.append(e)
                    else:
                        outer += 1
                    boxes.update(squares)
    return tuple(crossed), outer, frozenset(boxes)


def _crossings(players: int, edges: tuple[str, ...], px: int, py: int, qx: int, qy: int,
               skip: int = -2, blocks: tuple[int, ...] = ()) -> int:
    """How many walls the line P-Q crosses: stone walls, doors and created walls (not
    ``skip``), outer walls, and the filled squares ``blocks`` (each counts once)."""
    crossed, outer, boxes = _path(players, px, py, qx, qy)
    n = outer
    for e in crossed:
        if e != skip and edges[e] in BLOCKING:
            n += 1
    for b in blocks:
        if b in boxes:
            n += 1
    return n


def _clear(players: int, edges: tuple[str, ...], px: int, py: int, qx: int, qy: int,
           skip: int = -2, blocks: tuple[int, ...] = (), through: int = 0) -> bool:
    return _crossings(players, edges, px, py, qx, qy, skip, blocks) <= through


def step(players: int, edges: tuple[str, ...], sq: int, d: int) -> tuple[int, int]:
    """Where sight or an open passage goes from ``sq`` across side ``d``:
    (square, edge) for an internal border (square -1 when blocked), or (square, -1)
    through an exit (square -1 at an outer wall)."""
    g = geometry(players)
    e = g.edge[sq][d]
    if e >= 0:
        return (-1 if edges[e] in BLOCKING else g.neighbour(sq, d)), e
    lk = g.link[sq][d]
    return (-1 if lk is None else lk[0]), -1


@lru_cache(maxsize=65536)
def line(players: int, edges: tuple[str, ...], sq: int, d0: int,
         blocks: tuple[int, ...] = (), through: int = 0) -> tuple[tuple[int, int], ...]:
    """The straight orthogonal sight line from ``sq`` leaving across side ``d0``: the
    squares it passes as (square, direction of travel), through open borders,
    wrap-arounds and portals (``through`` walls may be passed); it stops at a wall,
    in a filled square (``blocks``), or back at ``sq``."""
    g = geometry(players)
    out: list[tuple[int, int]] = []
    cur, d, budget = sq, d0, through
    for _ in range(g.width + g.height):
        e = g.edge[cur][d]
        if e >= 0:
            if edges[e] in BLOCKING:
                if budget <= 0:
                    break
                budget -= 1
            cur = g.neighbour(cur, d)
        else:
            lk = g.link[cur][d]
            if lk is None:
                break
            cur, d = lk[0], lk[1]
        if cur == sq:
            break
        out.append((cur, d))
        if cur in blocks:
            break
    return tuple(out)


@lru_cache(maxsize=65536)
def rays(players: int, edges: tuple[str, ...], sq: int,
         blocks: tuple[int, ...] = ()) -> tuple[frozenset[int], frozenset[int]]:
    """Straight orthogonal sight lines from ``sq`` through open borders, wrap-arounds and
    portals: the squares seen and the walls (edges) that end the lines."""
    g = geometry(players)
    seen: set[int] = set()
    walls: set[int] = set()
    for d0 in range(4):
        path = line(players, edges, sq, d0, blocks)
        seen.update(q for q, _ in path)
        last, d = path[-1] if path else (sq, d0)
        if last in blocks and path:
            continue
        e = g.edge[last][d]
        if e >= 0 and edges[e] in BLOCKING:
            walls.add(e)
    return frozenset(seen), frozenset(walls)


@lru_cache(maxsize=262144)
def sees(players: int, edges: tuple[str, ...], a: int, b: int,
         blocks: tuple[int, ...] = (), through: int = 0) -> bool:
    """Line of sight from square ``a`` to square ``b``: the same square, a straight line
    between the centres that touches no wall or column (nor a filled square in
    ``blocks`` other than ``b``), or an orthogonal line through open borders,
    wrap-arounds and portals. ``through``: walls or doors the sight may pass (a
    Visionstone's one)."""
    if a == b:
        return True
    bl = tuple(x for x in blocks if x != b and x != a)
    if b in _straight(players, edges, a, bl, through):
        return True
    g = geometry(players)
    return _clear(players, edges, *g.centres[a], *g.centres[b], blocks=bl, through=through)


def _straight(players: int, edges: tuple[str, ...], a: int, blocks: tuple[int, ...],
              through: int) -> frozenset[int]:
    """The squares the orthogonal lines from ``a`` reach (``through`` walls passed)."""
    if through:
        return frozenset(q for d in range(4) for q, _ in line(players, edges, a, d, blocks,
                                                                through))
    return rays(players, edges, a, blocks)[0]


@lru_cache(maxsize=16384)
def seen_from(players: int, edges: tuple[str, ...], a: int, blocks: tuple[int, ...] = (),
              through: int = 0) -> frozenset[int]:
    """Every square ``a`` sees: :func:`sees` for each square, the straight lines
    followed once for all squares but the filled ones (which do not block their own
    sight)."""
    g = geometry(players)
    others = tuple(x for x in blocks if x != a)
    straight = _straight(players, edges, a, others, through)
    seen: set[int] = set()
    px, py = g.centres[a]
    centres = g.centres
    # the line between two squares' centres crosses the same sides whichever end it is
    # walked from (only how many count here), so each pair of board squares is walked
    # once, from the lower square (a square off the board walks from itself, as before)
    valid = g.valid[a]
    for b in g.squares:
        if b == a:
            seen.add(b)
            continue
        if b in others:
            bl = tuple(x for x in others if x != b)
            if b in _straight(players, edges, a, bl, through):
                seen.add(b)
                continue
        elif b in straight:
            seen.add(b)
            continue
        else:
            bl = others
        qx, qy = centres[b]
        ends = (px, py, qx, qy) if a < b or not valid else (qx, qy, px, py)
        if _clear(players, edges, *ends, blocks=bl, through=through):
            seen.add(b)
    return frozenset(seen)


@lru_cache(maxsize=65536)
def visible_edges(players: int, edges: tuple[str, ...], a: int, kinds: str,
                  blocks: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The borders of the given kinds that square ``a`` sees (the line to the border's
    middle touches no other wall)."""
    g = geometry(players)
    px, py = g.centres[a]
    ray_walls = rays(players, edges, a, blocks)[1]
    bl = tuple(x for x in blocks if x != a)
    out = []
    for e, k in enumerate(edges):
        if k not in kinds:
            continue
        if e in ray_walls:
            out.append(e)
            continue
        if _clear(players, edges, px, py, *g.mids[e], skip=e, blocks=bl):
            out.append(e)
    return tuple(out)


def sees_border(players: int, edges: tuple[str, ...], a: int, e: int, kinds: str,
                blocks: tuple[int, ...] = ()) -> bool:
    """``e in visible_edges(players, edges, a, kinds, blocks)``, asked of one border."""
    if not 0 <= e < len(edges) or edges[e] not in kinds:
        return False
    if e in rays(players, edges, a, blocks)[1]:
        return True
    bl = tuple(x for x in blocks if x != a) if blocks else blocks
    g = GEOMETRY[players]
    return _clear(players, edges, *g.centres[a], *g.mids[e], skip=e, blocks=bl)


def adjacent(players: int, edges: tuple[str, ...], a: int, b: int) -> bool:
    """Same square, or across one open border, wrap-around or portal."""
    if a == b:
        return True
    return any(step(players, edges, a, d)[0] == b for d in range(4))


def random_direction(face: int) -> int:
    """The side (index into ``DIRS``) a d4 ``face`` points to on the random direction
    overlay, laid against the north edge of the board.

    >>> DIRS[random_direction(1)]
    'e'
    """
    return DIRS.index(T.RANDOM_DIRECTION[face - 1])


@lru_cache(maxsize=1024)
def rotation(board: int, sector: int, quarter: int) -> tuple[dict[int, int], dict[int, int]]:
    """Sector ``sector`` of the board ``board`` (a :func:`layout_key`) turned ``quarter``
    quarter turns clockwise where it lies: where each of its squares goes, and each border
    inside it. The sector's own outer ring (walls with an exit mid-side) looks the same
    after any turn and stays."""
    g = geometry(board)
    sr, sc = g.place[sector]
    n = T.SECTOR_SIZE
    squares: dict[int, int] = {}
    for i in range(n):
        for j in range(n):
            ii, jj = i, j
            for _ in range(quarter % 4):
                ii, jj = jj, n - 1 - ii
            src = (sr * n + i) * g.width + sc * n + j
            squares[src] = (sr * n + ii) * g.width + sc * n + jj
    borders: dict[int, int] = {}
    for e, (sq, d) in enumerate(g.edge_squares):
        other = g.neighbour(sq, d)
        if sq in squares and other in squares:
            borders[e] = g.edge[squares[sq]][(d + quarter) % 4]
    return squares, borders


# ---------------------------------------------------------------- the deck

def _school(school: str) -> tuple[str, ...]:
    return tuple(name for name, k in T.SCHOOLS[school] for _ in range(k))


FIRST_GAME: tuple[str, ...] = tuple(
    name for school in T.FIRST_GAME_SCHOOLS for name in _school(school)
)
DECK: tuple[str, ...] = FIRST_GAME + T.EXTRA_CARDS + tuple(
    name for school in T.LATER_SCHOOLS for name in _school(school)
)
"""Card ``i`` of every game is ``DECK[i]``: the 84 first-game cards school by school, then
one copy of each card of ``tables.EXTRA_CARDS`` (in the deck only when the ``extra_cards``
option names it), then the cards of the schools added later (``tables.LATER_SCHOOLS``),
school by school. A game holds White Cantrip, its three schools and its extra cards."""
CARD: tuple[T.Card, ...] = tuple(T.CARDS[name] for name in DECK)
"""The record of card ``i``."""
EV: tuple[int, ...] = tuple(c.energy for c in CARD)
USES_ENERGY: tuple[bool, ...] = tuple("energy" in c.traits for c in CARD)
WALL_KINDS = "#DWSC"


def _numbers() -> dict[str, tuple[int, ...]]:
    out: dict[str, tuple[int, ...]] = {}
    at = 0
    for school in T.FIRST_GAME_SCHOOLS:
        k = len(_school(school))
        out[school] = tuple(range(at, at + k))
        at += k
    at += len(T.EXTRA_CARDS)
    for school in T.LATER_SCHOOLS:
        k = len(_school(school))
        out[school] = tuple(range(at, at + k))
        at += k
    return out


SCHOOL_CARDS: dict[str, tuple[int, ...]] = _numbers()
"""The card numbers of each school's copies (White Cantrip's under ``white-cantrip``).

>>> SCHOOL_CARDS["white-cantrip"] == tuple(range(12)), len(SCHOOL_CARDS["alchemy"])
(True, 24)
"""
FIRST_GAME_CHOICE: tuple[str, ...] = T.FIRST_GAME_SCHOOLS[1:]
"""The three schools of the recommended first game (the ``schools`` option's default)."""
PLAYABLE: tuple[str, ...] = tuple(
    sorted((s for s in T.CHOICES if s in SCHOOL_CARDS and s not in T.UNFINISHED),
           key=lambda s: SCHOOL_CARDS[s][0]))
"""The schools a game may choose (those with cards, all castable), in the order of their
card numbers."""


@lru_cache(maxsize=64)
def deck_for(schools: tuple[str, ...] = FIRST_GAME_CHOICE,
             extra_cards: tuple[str, ...] = ()) -> tuple[int, ...]:
    """The cards of a game with these three schools and extra cards, unshuffled: White
    Cantrip, the schools in the order of their card numbers, then the extra cards (no
    schools: a game whose schools are not drawn yet holds none).

    >>> deck_for() == tuple(range(84)), len(deck_for(extra_cards=("Dust Cloud",)))
    (True, 85)
    """
    if not schools:
        return ()
    if len(schools) == 2 * T.SCHOOLS_PER_GAME:  # the Custom Spellbook: two decks
        first, second = groups(schools)
        return first + second
    chosen = sorted(schools, key=lambda school: SCHOOL_CARDS[school][0])
    extra = tuple(len(FIRST_GAME) + T.EXTRA_CARDS.index(n) for n in extra_cards)
    return (SCHOOL_CARDS["white-cantrip"]
            + tuple(c for school in chosen for c in SCHOOL_CARDS[school]) + extra)


def card_number(name: str, k: int = 0) -> int:
    """The number of the ``k``-th copy of ``name`` in the deck.

    >>> DECK[card_number("Fireball", 1)]
    'Fireball'
    """
    return [i for i, n in enumerate(DECK) if n == name][k]


@lru_cache(maxsize=64)
def groups(schools: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two decks of a Custom Spellbook game whose ``schools`` are the first group's
    three then the second's, unshuffled: White Cantrip and the first group's schools,
    Black Cantrip and the second's (each in the order of card numbers).

    >>> a, b = groups(("alchemy", "mentalism", "thaumaturgy",
    ...                "conjuring", "elemental", "mutation"))
    >>> a[:12] == tuple(range(12)), b[:12] == SCHOOL_CARDS["black-cantrip"], len(a) + len(b)
    (True, True, 168)
    """
    k = T.SCHOOLS_PER_GAME
    out = []
    for cantrip, chosen in zip(T.CANTRIPS, (schools[:k], schools[k:]), strict=True):
        ordered = sorted(chosen, key=lambda school: SCHOOL_CARDS[school][0])
        out.append(SCHOOL_CARDS[cantrip] + tuple(c for x in ordered for c in SCHOOL_CARDS[x]))
    return out[0], out[1]


@lru_cache(maxsize=4096)
def owner(schools: tuple[str, ...], card: int) -> int:
    """The group (0: White Cantrip's, 1: Black Cantrip's) whose deck ``card`` belongs to in
    a Custom Spellbook game with these ``schools``; 0 in any other game. Kept: a deal asks
    it of every card of the deck.

    >>> owner(("alchemy", "mentalism", "thaumaturgy",
    ...        "conjuring", "elemental", "mutation"), SCHOOL_CARDS["black-cantrip"][0])
    1
    """
    return int(card in second_deck(schools))


@lru_cache(maxsize=64)
def _second(schools: tuple[str, ...]) -> frozenset[int]:
    return frozenset(groups(schools)[1])


def second_deck(schools: tuple[str, ...]) -> frozenset[int]:
    """The cards :func:`owner` gives to group 1 (none outside the Custom Spellbook).

    >>> len(second_deck(())), len(second_deck(("alchemy", "mentalism", "thaumaturgy",
    ...                                         "conjuring", "elemental", "mutation")))
    (0, 84)
    """
    if len(schools) != 2 * T.SCHOOLS_PER_GAME:
        return frozenset()
    return _second(schools)
