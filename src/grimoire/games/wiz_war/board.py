"""The labyrinth built from the sector tables (squares, borders, exits, line of sight),
and the deck: every card numbered, with its record.

Squares are numbered ``row * width + column`` over the bounding rectangle of the layout
(the 3-player board has an empty quarter). Borders between two squares are *edges*,
numbered in a fixed order; their kind lives in the state (``.`` open, ``#`` stone wall,
``D`` door, ``W`` created wall) so walls can be destroyed and created. Borders on the
outside of the board are either outer walls or exits that lead (by wrap-around or
portal) to another square.

>>> g = geometry(2)
>>> g.width, g.height, len(g.edge_squares) > 0
(10, 5, True)
>>> DECK[0], len(DECK), CARD[0].kind
('Full Shield', 87, 'counter')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from grimoire.core.kit import Grid
from grimoire.games.wiz_war import tables as T

DIRS = "nesw"
DR = (-1, 0, 1, 0)
DC = (0, 1, 0, -1)
OPP = (2, 3, 0, 1)
BLOCKING = frozenset("#DW")
_CHAR = {" ": ".", "-": "#", "|": "#", "D": "D"}


class Geometry:
    """Everything about a layout that never changes during a game."""

    def __init__(self, players: int) -> None:
        layout = T.LAYOUTS[players]
        rows = 1 + max(r for r, _ in layout)
        cols = 1 + max(c for _, c in layout)
        s = T.SECTOR_SIZE
        self.players = players
        self.width = cols * s
        self.height = rows * s
        n = self.width * self.height
        self.size = n
        sector = [-1] * n
        kind = ["."] * n
        for seat, (sr, sc) in enumerate(layout):
            art = T.SECTORS[seat]
            for i in range(s):
                for j in range(s):
                    sq = (sr * s + i) * self.width + sc * s + j
                    sector[sq] = seat
                    kind[sq] = art[2 * i + 1][2 * j + 1]
        self.sector: tuple[int, ...] = tuple(sector)
        self.valid: tuple[bool, ...] = tuple(x >= 0 for x in sector)
        # neighbours[sq][d]: _flat_neighbour for every square and side, made once
        # (movement and sight ask it on every step)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self._flat_neighbour(sq, d) for d in range(4)) for sq in range(n)
        )
        self.grid = Grid(self.width, self.height, ascending=True, valid=self.valid)
        self.home: tuple[int, ...] = tuple(
            next(q for q in range(n) if sector[q] == seat and kind[q] == "H")
            for seat in range(players)
        )
        self.homes: frozenset[int] = frozenset(self.home)
        self.treasure_starts: tuple[tuple[int, ...], ...] = tuple(
            tuple(q for q in range(n) if sector[q] == seat and kind[q] == "T")
            for seat in range(players)
        )
        # borders: the character each sector draws on each side of each square
        side: dict[tuple[int, int], str] = {}
        for seat, (sr, sc) in enumerate(layout):
            art = T.SECTORS[seat]
            for i in range(s):
                for j in range(s):
                    sq = (sr * s + i) * self.width + sc * s + j
                    y, x = 2 * i + 1, 2 * j + 1
                    side[(sq, 0)] = art[y - 1][x]
                    side[(sq, 1)] = art[y][x + 1]
                    side[(sq, 2)] = art[y + 1][x]
                    side[(sq, 3)] = art[y][x - 1]
        edge_of: dict[tuple[int, int], int] = {}
        edge_squares: list[tuple[int, int]] = []  # (square, side) with side E or S
        init: list[str] = []
        edge_sector: list[int] = []
        for sq in range(n):
            if not self.valid[sq]:
                continue
            for d in (1, 2):
                nb = self.neighbour(sq, d)
                if nb < 0:
                    continue
                a, b = _CHAR[side[(sq, d)]], _CHAR[side[(nb, OPP[d])]]
                k = "D" if "D" in (a, b) else ("#" if "#" in (a, b) else ".")
                e = len(edge_squares)
                edge_squares.append((sq, d))
                edge_of[(sq, d)] = e
                edge_of[(nb, OPP[d])] = e
                init.append(k)
                edge_sector.append(sector[sq] if sector[sq] == sector[nb] else -1)
        self.edge_squares: tuple[tuple[int, int], ...] = tuple(edge_squares)
        self.initial_edges: tuple[str, ...] = tuple(init)
        self.edge_sector: tuple[int, ...] = tuple(edge_sector)
        # the borders on the line between each sector and its neighbours
        self.sector_lines: tuple[tuple[int, ...], ...] = tuple(
            tuple(e for e, (sq, d) in enumerate(edge_squares) if edge_sector[e] < 0
                  and seat in (sector[sq], sector[self.neighbour(sq, d)]))
            for seat in range(players)
        )
        self.edge: tuple[tuple[int, ...], ...] = tuple(
            tuple(edge_of.get((sq, d), -1) for d in range(4)) for sq in range(n)
        )
        # exits on the outside of the board
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
        # exits[sq][d]: (edge, square across) for each side, the one lookup a step needs:
        # (e, neighbour) across the internal border e, (-1, square) through an exit,
        # (-1, -1) at an outer wall. One more row at the end answers for square -1 (a
        # dead wizard's position, read as Python reads index -1) exactly as ``edge``,
        # ``neighbour`` and ``link`` do.
        self.exits: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(self._exit(sq, d) for d in range(4)) for sq in (*range(n), -1)
        )

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


@lru_cache(maxsize=8)
def geometry(players: int) -> Geometry:
    """The board for ``players`` seats (cached)."""
    return Geometry(players)


GEOMETRY: dict[int, Geometry] = {n: geometry(n) for n in T.LAYOUTS}
"""``geometry(n)`` for each number of seats, built at import: a dict lookup where the hot
paths would pay a cached call."""


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
def _walls(players: int, edges: tuple[str, ...]) -> tuple[tuple[int, int, int, int, int], ...]:
    g = geometry(players)
    out = [(-1, *seg) for seg in g.outer_segments]
    for e, k in enumerate(edges):
        if k in BLOCKING:
            sq, d = g.edge_squares[e]
            out.append((e, *border_segment(g.width, sq, d)))
    return tuple(out)


def _box(width: int, sq: int, tag: int) -> list[tuple[int, int, int, int, int]]:
    """A filled square (stone block, dust cloud) as four wall segments tagged ``tag``."""
    return [(tag, *border_segment(width, sq, d)) for d in range(4)]


def _crossings(players: int, edges: tuple[str, ...], px: int, py: int, qx: int, qy: int,
               skip: int = -2, blocks: tuple[int, ...] = (), limit: int = 0) -> int:
    """How many walls (a filled square counts once) the line P-Q crosses, stopping
    early above ``limit``."""
    lo_x, hi_x = min(px, qx), max(px, qx)
    lo_y, hi_y = min(py, qy), max(py, qy)
    segs: Sequence[tuple[int, int, int, int, int]] = _walls(players, edges)
    if blocks:
        width = geometry(players).width
        segs = [*segs, *(seg for i, b in enumerate(blocks) for seg in _box(width, b, -10 - i))]
    hit: set[int] = set()
    for e, x0, y0, x1, y1 in segs:
        if e == skip or x1 < lo_x or x0 > hi_x or y1 < lo_y or y0 > hi_y:
            continue
        if _crosses(px, py, qx, qy, (x0, y0, x1, y1)):
            hit.add(e if e != -1 else -100 - len(hit))
            if len(hit) > limit:
                return len(hit)
    return len(hit)


def _clear(players: int, edges: tuple[str, ...], px: int, py: int, qx: int, qy: int,
           skip: int = -2, blocks: tuple[int, ...] = (), through: int = 0) -> bool:
    return _crossings(players, edges, px, py, qx, qy, skip, blocks, through) <= through


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
    if through:
        if any(q == b for d in range(4) for q, _ in line(players, edges, a, d, bl, through)):
            return True
    elif b in rays(players, edges, a, bl)[0]:
        return True
    w = geometry(players).width
    ar, ac = divmod(a, w)
    br, bc = divmod(b, w)
    return _clear(players, edges, 2 * ac + 1, 2 * ar + 1, 2 * bc + 1, 2 * br + 1,
                  blocks=bl, through=through)


@lru_cache(maxsize=16384)
def seen_from(players: int, edges: tuple[str, ...], a: int, blocks: tuple[int, ...] = (),
              through: int = 0) -> frozenset[int]:
    """Every square ``a`` sees (see :func:`sees`)."""
    g = geometry(players)
    return frozenset(q for q in range(g.size)
                     if g.valid[q] and sees(players, edges, a, q, blocks, through))


@lru_cache(maxsize=65536)
def visible_edges(players: int, edges: tuple[str, ...], a: int, kinds: str,
                  blocks: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The borders of the given kinds that square ``a`` sees (the line to the border's
    middle touches no other wall)."""
    g = geometry(players)
    r, c = divmod(a, g.width)
    px, py = 2 * c + 1, 2 * r + 1
    ray_walls = rays(players, edges, a, blocks)[1]
    bl = tuple(x for x in blocks if x != a)
    out = []
    for e, k in enumerate(edges):
        if k not in kinds:
            continue
        if e in ray_walls:
            out.append(e)
            continue
        sq, d = g.edge_squares[e]
        x0, y0, x1, y1 = border_segment(g.width, sq, d)
        if _clear(players, edges, px, py, (x0 + x1) // 2, (y0 + y1) // 2, skip=e, blocks=bl):
            out.append(e)
    return tuple(out)


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


@lru_cache(maxsize=64)
def rotation(players: int, sector: int, quarter: int) -> tuple[dict[int, int], dict[int, int]]:
    """Sector ``sector`` turned ``quarter`` quarter turns clockwise: where each of its
    squares goes, and each border inside it. The sector's own outer ring (walls with an
    exit mid-side) looks the same after any turn and stays."""
    g = geometry(players)
    sr, sc = T.LAYOUTS[players][sector]
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

FIRST_GAME: tuple[str, ...] = tuple(
    name for school in T.FIRST_GAME_SCHOOLS for name, k in T.SCHOOLS[school] for _ in range(k)
)
DECK: tuple[str, ...] = FIRST_GAME + T.EXTRA_CARDS
"""Card ``i`` of every game is ``DECK[i]``: the 84 first-game cards school by school, then
one copy of each card of ``tables.EXTRA_CARDS`` (in the deck only when the ``extra_cards``
option names it)."""
CARD: tuple[T.Card, ...] = tuple(T.CARDS[name] for name in DECK)
"""The record of card ``i``."""
EV: tuple[int, ...] = tuple(c.energy for c in CARD)
USES_ENERGY: tuple[bool, ...] = tuple("energy" in c.traits for c in CARD)
WALL_KINDS = "#DW"


def deck_for(extra_cards: tuple[str, ...]) -> tuple[int, ...]:
    """The cards of a game with these extra cards, unshuffled."""
    extra = tuple(len(FIRST_GAME) + T.EXTRA_CARDS.index(n) for n in extra_cards)
    return tuple(range(len(FIRST_GAME))) + extra


def card_number(name: str, k: int = 0) -> int:
    """The number of the ``k``-th copy of ``name`` in the deck.

    >>> DECK[card_number("Fireball", 1)]
    'Fireball'
    """
    return [i for i, n in enumerate(DECK) if n == name][k]
