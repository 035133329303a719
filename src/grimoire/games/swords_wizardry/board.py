"""Swords & Wizardry: lookups derived from ``tables.py`` (squares, terrain, piece letters,
the attack table by kind, rays, the bridge, deployment zones) and movement over a board.

>>> SQUARES[0], INDEX["j1"], [SQUARES[i] for i in CASTLES[:3]]
('a10', 99, ['b10', 'f10', 'i10'])
>>> letter(T.BLACK, KNIGHTS), PIECE["N"], RESULT[KING][PRINCESS]
('n', (0, 8), 'D')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from operator import itemgetter

from grimoire.core.kit import Grid
from grimoire.games.swords_wizardry import tables as T

S = T.SIZE
N = S * S
EMPTY = "."

# ------------------------------------------------------------------ squares and terrain

GRID = Grid(S, S)
SQUARES: tuple[str, ...] = GRID.names
INDEX: dict[str, int] = GRID.index
TERRAIN: str = "".join(T.TERRAIN)
LAKE: tuple[bool, ...] = tuple(ch == "~" for ch in TERRAIN)
CASTLE: tuple[bool, ...] = tuple(ch == "C" for ch in TERRAIN)
WOOD: tuple[bool, ...] = tuple(ch in "FG" for ch in TERRAIN)
CASTLES: tuple[int, ...] = tuple(i for i in range(N) if CASTLE[i])

# ------------------------------------------------------------------ the pieces

KINDS: tuple[str, ...] = tuple(p[0] for p in T.PIECES)
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
LETTERS: tuple[str, ...] = tuple(p[1] for p in T.PIECES)
LOWER: tuple[str, ...] = tuple(ch.lower() for ch in LETTERS)  # Black's letters
CLASS: tuple[str, ...] = tuple(p[2] for p in T.PIECES)
RESCUER: tuple[bool, ...] = tuple(p[4] for p in T.PIECES)
DEFAULT_COUNTS: tuple[int, ...] = tuple(p[3] for p in T.PIECES)
KING, HERO, MARSHALL, PRINCESS, WIZARD, DRAGON, GIANT, OGRE = range(8)
KNIGHTS, MEN_AT_ARMS, BOWMEN, PEASANTS, CATAPULT = range(8, 13)
UNKNOWN = ("X", "x")

# board letter -> (seat, kind)
PIECE: dict[str, tuple[int, int]] = {}
for _k, _l in enumerate(LETTERS):
    PIECE[_l.upper()] = (T.RED, _k)
    PIECE[_l.lower()] = (T.BLACK, _k)

# RESULT[attacker kind][defender kind]: "X", "A", "D" or "-" (no Wizard row or column).
RESULT: dict[int, dict[int, str]] = {
    LETTERS.index(a): {
        LETTERS.index(d): T.ATTACK_TABLE[a][j] for j, d in enumerate(T.ATTACK_COLUMNS)
    }
    for a in T.ATTACK_TABLE
}
RESULT_NOTES: dict[int, dict[int, str]] = {
    a: {d: T.NOTES_TABLE.get((LETTERS[a], LETTERS[d]), r) for d, r in row.items()}
    for a, row in RESULT.items()
}


def letter(seat: int, kind: int) -> str:
    """The board letter of ``kind`` for ``seat`` (Red's capitals, Black's small)."""
    return LETTERS[kind] if seat == T.RED else LOWER[kind]


class _Owners(dict[str, int]):
    """Board letter -> seat; a character it was not built with falls back to its case."""

    def __missing__(self, ch: str) -> int:
        return T.RED if ch.isupper() else T.BLACK


# OWNER[ch]: the seat of a board letter, looked up (movement asks it tens of thousands of
# times a game, and a dict lookup is cheaper than ``str.isupper``).
OWNER: dict[str, int] = _Owners({ch: T.RED if ch.isupper() else T.BLACK
                                 for ch in (*PIECE, *UNKNOWN, EMPTY)})


def owner(ch: str) -> int:
    """The seat a board letter belongs to (``X``/``x`` included)."""
    return OWNER[ch]


def wizard_spell(throw: int, other: int) -> str:
    """Who the Wizard's throw defeats: ``"other"`` (the opposing piece), ``"wizard"`` or
    ``""`` (nobody: the Wizard bounces back).

    >>> wizard_spell(1, PEASANTS), wizard_spell(4, DRAGON), wizard_spell(5, DRAGON)
    ('wizard', '', 'other')
    """
    if throw <= T.WIZARD_FAILS:
        return "wizard"
    if throw >= T.WIZARD_DEFEATS_ANY:
        return "other"
    if throw >= T.WIZARD_DEFEATS_NON_MONSTER:
        return "other" if CLASS[other] != T.MONSTER else ""
    if throw >= T.WIZARD_DEFEATS_PEASANTS:
        return "other" if other == PEASANTS else ""
    return ""


# ------------------------------------------------------------------ geometry


def _at(r: int, c: int) -> int:
    return r * S + c if 0 <= r < S and 0 <= c < S else -1


DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
# RAYS[i]: for each direction, the squares in a straight line from i to the edge.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            _at(i // S + dr * k, i % S + dc * k)
            for k in range(1, S)
            if _at(i // S + dr * k, i % S + dc * k) >= 0
        )
        for dr, dc in DIRECTIONS
    )
    for i in range(N)
)
# Orthogonal neighbours (any terrain).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[i] if ray) for i in range(N)
)
_bridge = [INDEX[sq] for sq in T.BRIDGE]
BRIDGE_STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        _bridge[j + d]
        for j in range(len(_bridge))
        if _bridge[j] == i
        for d in (-1, 1)
        if 0 <= j + d < len(_bridge)
    )
    for i in range(N)
)

# Deployment zones: HOME[seat] in placing order (back rank first, west to east), then the
# fourth-row squares FOURTH[seat] (west to east, lake excluded).
HOME: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * S + c for r in rows for c in range(S)) for rows in T.HOME_ROWS
)
FOURTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * S + c for c in range(S) if not LAKE[r * S + c]) for r in T.FOURTH_ROW
)
# HOME_CASTLES[seat]: the castles among the seat's home squares (what a placement must
# leave room to fill), found once.
HOME_CASTLES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sq for sq in HOME[p] if CASTLE[sq]) for p in (0, 1)
)
ZONE: tuple[frozenset[int], ...] = tuple(frozenset(HOME[p] + FOURTH[p]) for p in (0, 1))
# ZONE_CELLS[seat](board): what stands on the seat's zone squares, read in one call.
ZONE_CELLS = tuple(itemgetter(*sorted(ZONE[p])) for p in (0, 1))
# ZONE_SIZE: how many squares each zone has (both the same: the map is symmetric).
ZONE_SIZE = len(ZONE[T.RED])


def _slices(squares: Sequence[int]) -> tuple[slice, ...]:
    """``squares`` as slices of runs of consecutive squares, in the order given."""
    runs: list[list[int]] = []
    for sq in squares:
        if runs and runs[-1][1] == sq:
            runs[-1][1] = sq + 1
        else:
            runs.append([sq, sq + 1])
    return tuple(slice(start, stop) for start, stop in runs)


# PLACING_SLICES[seat]: the seat's zone in placing order (``HOME`` then ``FOURTH``) as
# slices of the board's letters: Red ``0:34, 36:40`` (rows 10 to 7, the lake left out),
# Black ``90:100, 80:90, 70:80, 60:64, 66:70`` (rows 1 to 4, each west to east).
PLACING_SLICES: tuple[tuple[slice, ...], ...] = tuple(
    _slices(HOME[p] + FOURTH[p]) for p in (0, 1))


def _steps_from(src: int, dragon: bool) -> tuple[int, ...]:
    """The squares a piece other than the Wizard on ``src`` may try, in the order
    :func:`destinations` tries them: a step along each ray (the Dragon's two), then the
    bridge, each once."""
    out: list[int] = []
    for ray in RAYS[src]:
        if not ray:
            continue
        if not LAKE[ray[0]]:
            out.append(ray[0])
        if dragon and len(ray) > 1 and not LAKE[ray[1]]:
            out.append(ray[1])
    out.extend(BRIDGE_STEPS[src])
    return tuple(dict.fromkeys(out))


# STEPS[dragon][src]: :func:`_steps_from` for every square, made once (movement is the
# hottest question a position is asked).
STEPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_steps_from(i, dragon) for i in range(N)) for dragon in (False, True)
)
# SORTED_STEPS[dragon][src]: the same squares in square order, so a legal list filters
# them in the order it lists moves, with no sort.
SORTED_STEPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(sorted(steps)) for steps in table) for table in STEPS
)
# NEAR_CASTLES[sq]: the castles among the orthogonal neighbours of ``sq``, in
# ``NEIGHBOURS`` order (where an arrival on ``sq`` may complete a surround).
NEAR_CASTLES: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in NEIGHBOURS[i] if CASTLE[c]) for i in range(N)
)
# OWN[seat]: the board letters of ``seat``'s pieces whose kind is known (not X/x).
OWN: tuple[frozenset[str], ...] = tuple(
    frozenset(ch for ch, (seat, _) in PIECE.items() if seat == p) for p in (0, 1)
)
# CATAPULTS[seat], PRINCESSES[seat]: the board letters of the seat's Siege Catapult and
# Princess.
CATAPULTS: tuple[str, str] = (letter(T.RED, CATAPULT), letter(T.BLACK, CATAPULT))
PRINCESSES: tuple[str, str] = (letter(T.RED, PRINCESS), letter(T.BLACK, PRINCESS))
# FRONT_FIRST[seat]: every square, the rows nearest the middle of the board on the
# seat's side first: where a piece that can step somewhere is found soonest (a search
# for any movable piece looks at about two squares this way, twenty-five in index order).
FRONT_FIRST: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * S + c for r in rows for c in range(S))
    for rows in ((3, 2, 4, 1, 5, 0, 6, 7, 8, 9), (6, 7, 5, 8, 4, 9, 3, 2, 1, 0))
)

# ------------------------------------------------------------------ movement


def destinations(board: Sequence[str], revealed: Sequence[bool], pinned: Sequence[bool],
                 src: int, challenge_shown: bool = False) -> Iterator[int]:
    """Squares the piece on ``src`` may move to or challenge (an ordinary move). A piece in
    a castle may be challenged only if it is a Princess pinned there (or, with
    ``challenge_shown``, option ``castle_challenge="shown"``, any Princess already shown).

    >>> board = [EMPTY] * N
    >>> board[INDEX["c7"]] = "K"
    >>> sorted(SQUARES[i] for i in destinations(board, [False] * N, (False, False), 32))
    ['b7', 'c6', 'c8', 'd7']
    """
    piece = board[src]
    seat, kind = PIECE[piece]
    if kind == PRINCESS and pinned[seat]:
        return
    if kind != WIZARD:
        for dst in STEPS[kind == DRAGON][src]:
            if _can_enter(board, revealed, pinned, seat, kind, dst, challenge_shown):
                yield dst
        return
    seen: set[int] = set()
    candidates: list[int] = []
    for ray in RAYS[src]:
        for sq in ray:
            if LAKE[sq]:
                continue
            candidates.append(sq)
            if board[sq] != EMPTY:
                break
    candidates.extend(BRIDGE_STEPS[src])
    for dst in candidates:
        if dst in seen:
            continue
        seen.add(dst)
        if _can_enter(board, revealed, pinned, seat, kind, dst, challenge_shown):
            yield dst


def sorted_destinations(board: Sequence[str], revealed: Sequence[bool],
                        pinned: Sequence[bool], src: int,
                        challenge_shown: bool = False) -> list[int]:
    """``sorted(destinations(...))``, made faster: a piece other than the Wizard filters
    its steps, already in square order, with :func:`_can_enter` written out.

    >>> board = [EMPTY] * N
    >>> board[INDEX["c7"]] = "K"
    >>> [SQUARES[i] for i in sorted_destinations(board, [False] * N, (False, False), 32)]
    ['c8', 'b7', 'd7', 'c6']
    """
    seat, kind = PIECE[board[src]]
    if kind == WIZARD:
        return sorted(destinations(board, revealed, pinned, src, challenge_shown))
    if kind == PRINCESS:
        if pinned[seat]:
            return []
        # the Princess never challenges: only the empty squares
        return [dst for dst in SORTED_STEPS[0][src] if board[dst] == EMPTY]
    catapult = kind == CATAPULT
    out: list[int] = []
    for dst in SORTED_STEPS[kind == DRAGON][src]:
        occ = board[dst]
        if occ == EMPTY:
            if not (catapult and CASTLE[dst]):
                out.append(dst)
        elif OWNER[occ] != seat and (
                catapult or not CASTLE[dst]
                or can_challenge_in_castle(occ, revealed[dst], pinned, challenge_shown)):
            out.append(dst)
    return out


def reaches(board: Sequence[str], revealed: Sequence[bool], pinned: Sequence[bool],
            src: int, dst: int, challenge_shown: bool = False) -> bool:
    """``dst in destinations(...)``, asked of one square: a piece other than the Wizard
    looks at ``dst`` alone.

    >>> board = [EMPTY] * N
    >>> board[INDEX["c7"]] = "K"
    >>> reaches(board, [False] * N, (False, False), 32, 42), reaches(board, [False] * N,
    ...                                                              (False, False), 32, 52)
    (True, False)
    """
    seat, kind = PIECE[board[src]]
    if kind == WIZARD:
        return dst in destinations(board, revealed, pinned, src, challenge_shown)
    if kind == PRINCESS and pinned[seat]:
        return False
    if dst not in STEPS[kind == DRAGON][src]:
        return False
    if board[dst] == EMPTY:  # (``_can_enter``'s first case: most moves)
        return not (CASTLE[dst] and kind == CATAPULT)
    return _can_enter(board, revealed, pinned, seat, kind, dst, challenge_shown)


def any_step(board: Sequence[str], pinned: Sequence[bool], seat: int) -> bool:
    """Has ``seat`` a piece that can step onto an empty square next to it (or along the
    bridge)? Every kind can make such a step (a Siege Catapult not into a castle, a pinned
    Princess not at all), so this is enough to say the seat can move; ``False`` says
    only that a closer look is needed. Pieces of unknown kind (X/x) are not looked at.

    >>> board = [EMPTY] * N
    >>> board[INDEX["a10"]], board[INDEX["b10"]], board[INDEX["a9"]] = "C", "k", "k"
    >>> any_step(board, (False, False), T.RED), any_step(board, (False, False), T.BLACK)
    (False, True)
    """
    own, catapult, princess = OWN[seat], CATAPULTS[seat], PRINCESSES[seat]
    steps = STEPS[0]
    for src in FRONT_FIRST[seat]:
        ch = board[src]
        if ch in own:
            for dst in steps[src]:
                if board[dst] == EMPTY and not (CASTLE[dst] and ch == catapult):
                    if ch == princess and pinned[seat]:
                        break
                    return True
    return False


def _can_enter(board: Sequence[str], revealed: Sequence[bool], pinned: Sequence[bool],
               seat: int, kind: int, dst: int, challenge_shown: bool) -> bool:
    occ = board[dst]
    if occ == EMPTY:
        return not (CASTLE[dst] and kind == CATAPULT)
    if OWNER[occ] == seat or kind == PRINCESS:
        return False
    if CASTLE[dst] and kind != CATAPULT:
        return can_challenge_in_castle(occ, revealed[dst], pinned, challenge_shown)
    return True


def can_challenge_in_castle(occ: str, shown: bool, pinned: Sequence[bool],
                            challenge_shown: bool = False) -> bool:
    """May the piece ``occ`` in a castle be challenged in the ordinary way? Only a Princess
    a catapult has pinned there ("await rescue by an authorized piece"); with
    ``challenge_shown`` (rules 1), any Princess already shown.

    >>> pinned, free = (False, True), (False, False)
    >>> can_challenge_in_castle("p", True, pinned), can_challenge_in_castle("p", True, free)
    (True, False)
    >>> can_challenge_in_castle("p", True, (False, False), challenge_shown=True)
    True
    """
    if occ.upper() != LETTERS[PRINCESS]:
        return False
    return pinned[owner(occ)] or (challenge_shown and shown)


def bombard_targets(board: Sequence[str], src: int, over_lake: bool = False) -> Iterator[int]:
    """Enemy pieces a Siege Catapult on ``src`` can attack at one square's distance: two
    squares away in a straight orthogonal line, over a piece or an empty square but not
    over Lake Limpid ("a natural barrier to all pieces except Wizard and Dragon"), unless
    ``over_lake`` (rules 1).

    >>> board = [EMPTY] * N
    >>> board[INDEX["e6"]], board[INDEX["e8"]], board[INDEX["c6"]] = "c", "K", "K"
    >>> [SQUARES[i] for i in bombard_targets(board, INDEX["e6"])]
    []
    >>> [SQUARES[i] for i in bombard_targets(board, INDEX["e6"], over_lake=True)]
    ['e8', 'c6']
    """
    seat = owner(board[src])
    for ray in RAYS[src]:
        if len(ray) > 1 and (over_lake or not LAKE[ray[0]]):
            occ = board[ray[1]]
            if occ != EMPTY and owner(occ) != seat:
                yield ray[1]


def bounce_square(src: int, dst: int) -> int:
    """Where a Wizard that flew from ``src`` to challenge ``dst`` ends when its spell
    defeats nobody: it "bounces back one square", onto the last square of its flight before
    ``dst``; if that is Lake Limpid, the nearest square further back it may stand on (at
    worst ``src``, where it started).

    >>> [SQUARES[bounce_square(INDEX[a], INDEX[b])] for a, b in [("e9", "e3"), ("e8", "e3"),
    ...                                                          ("e9", "e8"), ("e3", "e10")]]
    ['e6', 'e6', 'e9', 'e9']
    """
    r0, c0 = divmod(src, S)
    r1, c1 = divmod(dst, S)
    step = ((r1 > r0) - (r1 < r0)) * S + ((c1 > c0) - (c1 < c0))
    sq = dst - step
    while sq != src and LAKE[sq]:
        sq -= step
    return sq


def surrounded_by(board: Sequence[str], castle: int) -> int:
    """The seat whose pieces fill every square around an occupied ``castle`` (front, sides
    and rear) when they are the occupant's enemy; else ``-1``."""
    occ = board[castle]
    if occ == EMPTY:
        return -1
    enemy = 1 - owner(occ)
    for sq in NEIGHBOURS[castle]:
        ch = board[sq]
        if ch == EMPTY or owner(ch) != enemy:
            return -1
    return enemy


# ------------------------------------------------------------------ deployment


def _zone(board: Sequence[str], seat: int) -> str:
    """The letters on ``seat``'s zone squares, in placing order."""
    return "".join(["".join(board[part]) for part in PLACING_SLICES[seat]])


_LAST_ZONES: list[tuple[object, tuple[str, str]]] = [((), ("", ""))]
"""The last board tuple :func:`zone_letters` was asked about (or told of, by
:func:`note_placement`), and its answer: each decision of the deployment asks several
questions of one board (``to_act``, the next square, the counts), and a board tuple never
changes, so it is read once."""


def zone_letters(board: Sequence[str]) -> tuple[str, str]:
    """Each seat's zone squares, one letter a square in placing order (``HOME`` then
    ``FOURTH``, the lake left out): what the deployment asks of a board (how many pieces
    are placed, of which kind, where the next goes) is counted in these strings.

    >>> red, black = zone_letters(("S",) + (EMPTY,) * (N - 1))
    >>> red[:3], len(red), black.count(EMPTY)
    ('S..', 38, 38)
    """
    last = _LAST_ZONES[0]
    if last[0] is board:
        return last[1]
    zones = (_zone(board, T.RED), _zone(board, T.BLACK))
    if type(board) is tuple:  # (a list could change: never kept)
        _LAST_ZONES[0] = (board, zones)
    return zones


# PLACING_INDEX[sq]: (the seat whose zone holds ``sq``, where ``sq`` is in its placing
# order); ``None`` for a square in no zone.
PLACING_INDEX: tuple[tuple[int, int] | None, ...] = tuple(
    next(((p, order.index(sq)) for p, order in enumerate(
        HOME[q] + FOURTH[q] for q in (0, 1)) if sq in order), None)
    for sq in range(N)
)


def note_placement(before: Sequence[str], after: tuple[str, ...], sq: int) -> None:
    """Tell :func:`zone_letters` of ``after``: ``before`` with a piece put on the zone
    square ``sq`` and nothing else changed (a placement's fold), so its zones are one
    letter apart from those of ``before``, not read again.

    >>> before = (EMPTY,) * N
    >>> after = ("K",) + before[1:]
    >>> note_placement(before, after, 0)
    >>> zone_letters(after)[T.RED][:2]
    'K.'
    """
    where = PLACING_INDEX[sq]
    if where is None or type(after) is not tuple:  # nothing :func:`zone_letters` keeps
        return
    seat, i = where
    zones = zone_letters(before)
    zone = zones[seat]
    zone = zone[:i] + after[sq] + zone[i + 1:]
    _LAST_ZONES[0] = (after, (zone, zones[1]) if seat == T.RED else (zones[0], zone))


def placed_counts(board: Sequence[str], seat: int) -> list[int]:
    """How many pieces of each kind ``seat`` has placed so far."""
    out = [0] * len(KINDS)
    for ch in ZONE_CELLS[seat](board):
        if ch != EMPTY:
            out[PIECE[ch][1]] += 1
    return out


def placed(board: Sequence[str], seat: int) -> int:
    """How many pieces ``seat`` has placed so far.

    >>> placed([EMPTY] * N, T.RED), placed(["S"] * N, T.BLACK)
    (0, 38)
    """
    return ZONE_SIZE - zone_letters(board)[seat].count(EMPTY)


def next_squares(board: Sequence[str], seat: int, counts: Sequence[int]) -> tuple[int, ...]:
    """The squares the next piece may go on: the first empty home square in placing order;
    once the home rows are full, a fourth-row square east of the last one used that leaves
    room for the pieces still to place.

    >>> [SQUARES[i] for i in next_squares([EMPTY] * N, T.BLACK, DEFAULT_COUNTS)]
    ['a1']
    """
    zone = zone_letters(board)[seat]
    home = len(HOME[seat])
    first = zone.find(EMPTY, 0, home)
    if first >= 0:
        return (HOME[seat][first],)
    row = FOURTH[seat]
    fourth = zone[home:]
    start = len(fourth.rstrip(EMPTY))  # just east of the last square used (or the first)
    need = sum(counts) - home - (len(fourth) - fourth.count(EMPTY))
    if need <= 0:
        return ()
    return tuple(row[j] for j in range(start, len(row) - need + 1))


def placement_error(board: Sequence[str], seat: int, counts: Sequence[int], kind: int,
                    sq: int, done: Sequence[int] | None = None) -> tuple[str, str] | None:
    """Why ``kind`` may not be placed on ``sq`` now (reason, detail), or ``None``.
    ``done``: ``placed_counts(board, seat)``, if the caller has it already (a legal list
    asks this of every kind in one position).

    >>> placement_error([EMPTY] * N, T.RED, DEFAULT_COUNTS, PRINCESS, 0)[0]
    'setup/princess-off-castle'
    """
    if done is None:
        zone = zone_letters(board)[seat].upper()  # (each kind counted in either case)
        if UNKNOWN[T.RED] in zone:  # X or x: a piece of no known kind fails as it did
            done = placed_counts(board, seat)
    if done is None:  # counted in the zone's letters
        of_kind = zone.count(LETTERS[kind])
        catapults = zone.count(LETTERS[CATAPULT])
        princesses = zone.count(LETTERS[PRINCESS])
        total = len(zone) - zone.count(EMPTY)
    else:
        of_kind, catapults, princesses = done[kind], done[CATAPULT], done[PRINCESS]
        total = sum(done)
    return _placement_error(board, seat, counts, kind, sq, of_kind, total, catapults,
                            princesses)


def placeable(board: Sequence[str], seat: int, counts: Sequence[int], sq: int,
              done: Sequence[int]) -> list[int]:
    """The kinds :func:`placement_error` lets ``seat`` place on ``sq``, in kind order;
    ``done`` is ``placed_counts(board, seat)``.

    >>> [KINDS[k] for k in placeable([EMPTY] * N, T.RED, DEFAULT_COUNTS, 1, [0] * 13)][:4]
    ['king', 'hero', 'marshall-royal', 'princess']
    """
    total, catapults, princesses = sum(done), done[CATAPULT], done[PRINCESS]
    return [kind for kind in range(len(KINDS))
            if _placement_error(board, seat, counts, kind, sq, done[kind], total, catapults,
                                princesses) is None]


def _placement_error(board: Sequence[str], seat: int, counts: Sequence[int], kind: int,
                     sq: int, of_kind: int, total: int, catapults: int,
                     princesses: int) -> tuple[str, str] | None:
    """:func:`placement_error`, given how many pieces ``seat`` has placed: of ``kind``, in
    all, Siege Catapults and Princesses. The rest can be placed once ``sq`` is filled if
    the Princess still to place has a castle left and the castles left can be filled by
    the pieces left other than the catapults."""
    if of_kind >= counts[kind]:
        return ("setup/none-left", f"all your {KINDS[kind]} are placed already")
    if kind == PRINCESS and not CASTLE[sq]:
        return ("setup/princess-off-castle",
                f"the princess must go on a castle, not {SQUARES[sq]}")
    if kind == CATAPULT and CASTLE[sq]:
        return ("setup/catapult-on-castle",
                f"a siege-catapult may not stand on castle {SQUARES[sq]}")
    castles_left = 0
    for castle in HOME_CASTLES[seat]:
        if castle != sq and board[castle] == EMPTY:
            castles_left += 1
    left = sum(counts) - total - 1  # pieces still to place once this one is
    others = left - (counts[CATAPULT] - catapults - (kind == CATAPULT))
    if not counts[PRINCESS] - princesses - (kind == PRINCESS) <= castles_left <= others:
        return ("setup/dead-end", f"{KINDS[kind]} on {SQUARES[sq]} leaves the castles "
                "impossible to fill as the rules require")
    return None
