"""Wizards of the Vicious Circle: lookups derived from ``tables.py`` (squares, letters,
terrain, domains, the capture cycle) and movement over a board.

>>> SQUARES[0], INDEX["e5"], sorted(SQUARES[i] for i in DOMAIN[T.DAWN])[:3]
('a5', 4, ['c4', 'c5', 'd4'])
"""

from __future__ import annotations

from collections.abc import Sequence

from grimoire.core.kit import Grid
from grimoire.games.vicious_circle import tables as T

N = T.SIZE * T.SIZE
EMPTY = "."
GRID = Grid(T.SIZE, T.SIZE)
SQUARES: tuple[str, ...] = GRID.names
INDEX: dict[str, int] = GRID.index
KINDS: tuple[str, ...] = tuple(c[0] for c in T.CREATURES)
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
LETTERS: tuple[str, ...] = tuple(c[1] for c in T.CREATURES)
RANGE: tuple[int, ...] = tuple(c[2] for c in T.CREATURES)
TERRAIN: tuple[str, ...] = tuple("".join(T.TERRAIN))
THRONE: tuple[int, ...] = tuple(r * T.SIZE + c for r, c in T.THRONES)
DOMAIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, ch in enumerate("".join(T.DOMAINS)) if ch == letter)
    for letter in T.SEAT_LETTERS
)

# letter on the board -> (seat, kind index)
PIECE: dict[str, tuple[int, int]] = {}
for _k, _l in enumerate(LETTERS):
    PIECE[_l.upper()] = (T.DAWN, _k)
    PIECE[_l.lower()] = (T.TWILIGHT, _k)


def letter(seat: int, kind: int) -> str:
    """The board letter of ``kind`` for ``seat`` (Dawn's capitals, Twilight's small)."""
    return LETTERS[kind].upper() if seat == T.DAWN else LETTERS[kind].lower()


def reserve_square(seat: int, kind: str = "") -> str:
    """The name of ``seat``'s reserve (the place off the map where its reserves wait), or
    with ``kind`` of that creature's counter there: the places the picture marks
    (``data-square``) and the choices name beside the map's squares.

    >>> reserve_square(0), reserve_square(1, "saint")
    ('dawn-reserve', 'twilight-reserve-saint')
    """
    side = T.SEAT_NAMES[seat].lower()
    return f"{side}-reserve-{kind}" if kind else f"{side}-reserve"


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, T.SIZE)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            rr, cc = r + dr, c + dc
            if (dr or dc) and 0 <= rr < T.SIZE and 0 <= cc < T.SIZE:
                out.append(rr * T.SIZE + cc)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(N))


def _rays(i: int) -> tuple[tuple[int, ...], ...]:
    r, c = divmod(i, T.SIZE)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                ray, rr, cc = [], r + dr, c + dc
                while 0 <= rr < T.SIZE and 0 <= cc < T.SIZE:
                    ray.append(rr * T.SIZE + cc)
                    rr, cc = rr + dr, cc + dc
                if ray:
                    out.append(tuple(ray))
    return tuple(out)


# RAYS[square]: the squares in each of the eight directions, nearest first (straight paths)
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_rays(i) for i in range(N))
TERRAIN_OF_KIND: tuple[str, ...] = tuple(c[3] for c in T.CREATURES)
# PASSABLE[kind][square]: may this creature cross or occupy the square?
PASSABLE: tuple[tuple[bool, ...], ...] = tuple(
    tuple(t == "." or t == TERRAIN_OF_KIND[k] for t in TERRAIN) for k in range(len(KINDS))
)
# STEPS[kind][square]: the neighbours of the square this creature may cross or occupy
# (what a move's search walks, looked up once)
STEPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(nb for nb in NEIGHBOURS[sq] if PASSABLE[k][nb]) for sq in range(N))
    for k in range(len(KINDS))
)
BEATS: tuple[tuple[bool, ...], ...] = tuple(tuple(bool(x) for x in row) for row in T.CAPTURES)
# BEATS_LETTER[a][b]: does the piece lettered a capture the piece lettered b?
BEATS_LETTER: dict[str, dict[str, bool]] = {
    a: {b: BEATS[PIECE[a][1]][PIECE[b][1]] for b in PIECE} for a in PIECE
}


def reachable(board: Sequence[str], src: int, *, blocks: bool = False,
              straight: bool = False) -> dict[int, bool]:
    """Squares the creature on ``src`` may end its move on -> whether it lands on a piece.

    Moves are 1..range king steps through unoccupied squares the creature may cross
    (``straight``: all in one direction); it may end on an enemy it captures (terrain
    permitting), or on the enemy's throne whoever sits there (the throne rule decides what
    happens), unless ``blocks``: then not on a throne whose occupant could capture it.

    >>> sorted(SQUARES[i] for i in reachable("....." * 4 + "P....", 20))
    ['a2', 'b1', 'b2']
    """
    piece = board[src]
    kind = PIECE[piece][1]
    passable = PASSABLE[kind]
    # LANDING[piece][blocks][occ]: may the mover end on the square of ``occ``, and on the
    # enemy throne (the throne rule) if it may not capture there
    capture, throne = LANDING[piece][blocks]
    enemy_throne = THRONE[1 - PIECE[piece][0]]
    out: dict[int, bool] = {}
    if straight:
        for ray in RAYS[src]:
            for sq in ray[:RANGE[kind]]:
                if not passable[sq]:
                    break
                occ = board[sq]
                if occ == EMPTY:
                    out[sq] = False
                    continue
                if occ in capture or (sq == enemy_throne and occ in throne):
                    out[sq] = True
                break
        return out
    frontier = [src]
    seen = {src}
    steps = STEPS[kind]
    for _ in range(RANGE[kind]):
        nxt = []
        for sq in frontier:
            for nb in steps[sq]:
                if nb in seen:
                    continue
                seen.add(nb)
                occ = board[nb]
                if occ == EMPTY:
                    out[nb] = False
                    nxt.append(nb)
                elif occ in capture or (nb == enemy_throne and occ in throne):
                    out[nb] = True
        frontier = nxt
    return out


def _ways(src: int, straight: bool) -> dict[int, tuple[tuple[int, ...], ...]]:
    """Every way from ``src`` to each square within the longest range (each the squares
    passed over, nearest first), shortest first: simple king-step paths, or with
    ``straight`` the one stretch of a ray."""
    longest = max(RANGE)
    found: dict[int, list[tuple[int, ...]]] = {}
    if straight:
        for ray in RAYS[src]:
            for p, sq in enumerate(ray[:longest]):
                found.setdefault(sq, []).append(ray[:p])
    else:
        paths: list[tuple[int, ...]] = [(src,)]
        for _ in range(longest):
            paths = [(*path, nb) for path in paths for nb in NEIGHBOURS[path[-1]]
                     if nb not in path]
            for path in paths:
                found.setdefault(path[-1], []).append(path[1:-1])
    return {dst: tuple(sorted(ways, key=len)) for dst, ways in found.items()}


# WAYS[straight][src][dst]: the paths a move from src to dst may take within the longest
# range, each as the squares passed over (nearest first), shortest first (see _ways);
# ``reaches`` checks one destination with it instead of searching every square.
WAYS: tuple[tuple[dict[int, tuple[tuple[int, ...], ...]], ...], ...] = tuple(
    tuple(_ways(src, straight) for src in range(N)) for straight in (False, True)
)


def reaches(board: Sequence[str], src: int, dst: int, *, blocks: bool = False,
            straight: bool = False) -> bool:
    """Whether the creature on ``src`` may end its move on ``dst``: the same answer as
    ``dst in reachable(board, src, blocks=blocks, straight=straight)`` (``dst`` is not
    ``src``), found by trying only the paths to ``dst``.

    >>> reaches("....." * 4 + "P....", 20, 16), reaches("....." * 4 + "P....", 20, 22)
    (True, False)
    """
    piece = board[src]
    seat, kind = PIECE[piece]
    passable = PASSABLE[kind]
    if not passable[dst]:
        return False
    occ = board[dst]
    if occ != EMPTY:
        capture, throne = LANDING[piece][blocks]
        if occ not in capture and not (dst == THRONE[1 - seat] and occ in throne):
            return False
    most = RANGE[kind]
    for way in WAYS[straight][src].get(dst, ()):
        if len(way) >= most:
            return False  # every later way is as long or longer
        for sq in way:
            if board[sq] != EMPTY or not passable[sq]:
                break
        else:
            return True
    return False


def _landing(piece: str, blocks: bool) -> tuple[frozenset[str], frozenset[str]]:
    """The occupants the creature lettered ``piece`` may end a move on: anywhere (an enemy
    it captures), and on the enemy's throne (any enemy, unless ``blocks`` and it could
    capture the mover)."""
    seat = PIECE[piece][0]
    foes = [occ for occ in PIECE if PIECE[occ][0] != seat]
    return (frozenset(occ for occ in foes if BEATS_LETTER[piece][occ]),
            frozenset(occ for occ in foes
                      if not (blocks and BEATS_LETTER[occ][piece])))


# LANDING[piece][blocks]: _landing for every piece and both throne defences, made once
# (reachable asks it of every occupied square it meets).
LANDING: dict[str, tuple[tuple[frozenset[str], frozenset[str]], ...]] = {
    piece: (_landing(piece, False), _landing(piece, True)) for piece in PIECE
}


def steps(src: int, dst: int) -> int:
    """King steps from ``src`` to ``dst`` on an empty board.

    >>> steps(INDEX["a1"], INDEX["c2"])
    2
    """
    r0, c0 = divmod(src, T.SIZE)
    r1, c1 = divmod(dst, T.SIZE)
    return max(abs(r0 - r1), abs(c0 - c1))


def in_line(src: int, dst: int) -> bool:
    """Do ``src`` and ``dst`` share a rank, a file or a diagonal?

    >>> in_line(INDEX["a1"], INDEX["c3"]), in_line(INDEX["a1"], INDEX["b3"])
    (True, False)
    """
    r0, c0 = divmod(src, T.SIZE)
    r1, c1 = divmod(dst, T.SIZE)
    return r0 == r1 or c0 == c1 or abs(r0 - r1) == abs(c0 - c1)
