"""Magery geometry and lookups derived from ``tables.py``: squares, letters, chambers,
movement. Shared by the rules, the evolvers and the notation; knows nothing of events.

The Arena is stored ``a1`` first (rank 1, then rank 2...):

>>> SQUARES[0], SQUARE_INDEX["h8"], KINDS[KIND_OF["d"]], CHAMBERS[CHAMBER_INDEX["w1"]]
('a1', 63, 'dragon', 'w1')
>>> [SQUARES[t] for t in destinations("." * 9 + "F" + "." * 54, 9, False, ())]  # fey on b2
['d1', 'd3', 'a4', 'c4']
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from grimoire.core.errors import IllegalAction
from grimoire.core.kit import Grid
from grimoire.games.magery import tables as T

N = T.SIZE * T.SIZE
EMPTY = "."

GRID = Grid(T.SIZE, T.SIZE, ascending=True)
SQUARES: tuple[str, ...] = GRID.names
SQUARE_INDEX: dict[str, int] = GRID.index

KINDS: tuple[str, ...] = tuple(m[0] for m in T.MINIONS)
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
LETTERS: tuple[str, ...] = tuple(m[1] for m in T.MINIONS)
RANKS: tuple[str, ...] = tuple(m[2] for m in T.MINIONS)
SLIDES: tuple[tuple[tuple[int, int], ...], ...] = tuple(m[3] for m in T.MINIONS)
LEAPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(m[4] for m in T.MINIONS)
# letter (either case) -> kind index; letter -> seat
KIND_OF: dict[str, int] = {}
SEAT_OF: dict[str, int] = {}
for _k, _l in enumerate(LETTERS):
    KIND_OF[_l], KIND_OF[_l.lower()] = _k, _k
    SEAT_OF[_l], SEAT_OF[_l.lower()] = T.WHITE, T.BLACK
ORDER: dict[str, int] = {ch: i for i, ch in enumerate(LETTERS + tuple(x.lower() for x in LETTERS))}
GREATER: frozenset[str] = frozenset(
    ch for ch in KIND_OF if RANKS[KIND_OF[ch]] == "G"
)

# Chambers: floors 1-16, then White's private w1-w3, then Black's b1-b3.
CHAMBERS: tuple[str, ...] = tuple(str(f) for f in range(1, 17)) + tuple(
    f"{T.SEAT_LETTERS[s]}{k}" for s in (0, 1) for k in range(1, T.MAX_PRIVATE + 1)
)
CHAMBER_INDEX: dict[str, int] = {name: i for i, name in enumerate(CHAMBERS)}
PUBLIC_CHAMBERS = 16
FIXED_POWER: tuple[str, ...] = tuple(t[2] for t in T.TOWER[: T.FIXED_FLOORS])
TYPE_POWERS: frozenset[str] = frozenset(KINDS)


def letter(seat: int, kind: int) -> str:
    """The Arena letter of ``kind`` for ``seat`` (White's upper case, Black's lower)."""
    return LETTERS[kind] if seat == T.WHITE else LETTERS[kind].lower()


def article(name: str) -> str:
    """``name`` with its indefinite article: ``"a dragon"``, ``"an elemental"``.

    >>> article("undead"), article("spirit")
    ('an undead', 'a spirit')
    """
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def title(name: str) -> str:
    """A card or power name as people write it: ``"dream-lord"`` -> ``"Dream Lord"``."""
    return name.replace("-", " ").title()


def chamber_label(name: str, card: str = "") -> str:
    """A chamber as people read it: a fixed floor with its mage, a chaos or private
    chamber with its card when the card is known (``card``), else the bare name.

    >>> chamber_label("8"), chamber_label("13", "seer"), chamber_label("w1")
    ('8 (Dragon Lord)', '13 (Seer)', 'w1')
    """
    c = CHAMBER_INDEX.get(name)
    if c is not None and c < T.FIXED_FLOORS:
        return f"{name} ({T.TOWER[c][1]})"
    if card and card != "?":
        return f"{name} ({title(card)})"
    return name


def chamber_owner(c: int) -> int | None:
    """The seat owning a private chamber (``None`` for the Tower's floors)."""
    if c < PUBLIC_CHAMBERS:
        return None
    return (c - PUBLIC_CHAMBERS) // T.MAX_PRIVATE


def card_slot(c: int) -> int:
    """Index into ``State.cards`` of chamber ``c`` (floors 13-16 and private chambers)."""
    return c - T.FIXED_FLOORS


def power(cards: Sequence[str], c: int) -> str:
    """The power of chamber ``c`` given the game's ``cards`` (``State.cards``): a fixed
    mage's, or its Chaos Mage card's (``""``: no such chamber in this game)."""
    return FIXED_POWER[c] if c < T.FIXED_FLOORS else cards[c - T.FIXED_FLOORS]


def chaos_floors(archmage: str) -> int:
    """How many chaos floors hold cards (4; 3 with Archmage, 1 with Ultimate Archmage)."""
    return T.CHAOS_FLOORS - len(T.ARCHMAGE[archmage][1])


def sort_letters(s: str) -> str:
    """Minion letters in table order, White's first."""
    return "".join(sorted(s, key=ORDER.__getitem__))


def add_letter(s: str, ch: str) -> str:
    """``s`` (in table order, as every reserve and dead pile is kept) with ``ch`` added in
    its place: the same as ``sort_letters(s + ch)``, without sorting.

    >>> add_letter("DDMUb", "M"), add_letter("", "s")
    ('DDMMUb', 's')
    """
    i = bisect_right(s, ORDER[ch], key=ORDER.__getitem__)
    return s[:i] + ch + s[i:]


def parse_chamber(name: str, reason: str) -> int:
    """The chamber called ``name``; refused with ``reason`` when there is none (the
    refusal names the chambers by range, which :func:`grimoire.core.kit.named` cannot)."""
    try:
        return CHAMBER_INDEX[name]
    except KeyError:
        raise IllegalAction(
            reason, f"no chamber {name!r} (floors 1..16, private w1..w3, b1..b3)"
        ) from None


def destinations(
    arena: Sequence[str],
    src: int,
    knight: bool,
    shielded: Sequence[int],
    capture: bool = True,
) -> list[int]:
    """Squares the minion on ``src`` may move to, in index order.

    Riders slide until blocked; leapers jump (never blocked). ``knight`` adds the Rune
    Master's knight jumps. A minion may land on an enemy to capture it (if ``capture``)
    unless the enemy is shielded. A shielded minion does not move. The backrow rule: a
    Greater minion on its own back row cannot reach the opponent's back row in one move.
    """
    piece = arena[src]
    if src in shielded:
        return []
    seat = SEAT_OF[piece]
    kind = KIND_OF[piece]
    f0, r0 = src % 8, src // 8
    out: set[int] = set()
    for df, dr in SLIDES[kind]:
        f, r = f0 + df, r0 + dr
        while 0 <= f < 8 and 0 <= r < 8:
            t = r * 8 + f
            occ = arena[t]
            if occ == EMPTY:
                out.add(t)
            else:
                if capture and SEAT_OF[occ] != seat and t not in shielded:
                    out.add(t)
                break
            f += df
            r += dr
    leaps = LEAPS[kind] + T.KNIGHT if knight else LEAPS[kind]
    for df, dr in leaps:
        f, r = f0 + df, r0 + dr
        if 0 <= f < 8 and 0 <= r < 8:
            t = r * 8 + f
            occ = arena[t]
            if occ == EMPTY or (capture and SEAT_OF[occ] != seat and t not in shielded):
                out.add(t)
    if piece in GREATER and r0 == T.BACK_RANK[seat]:
        enemy_back = T.BACK_RANK[1 - seat]
        out = {t for t in out if t // 8 != enemy_back}
    return sorted(out)


def _summon_rows(seat: int, kind: int) -> tuple[int, ...]:
    rank = RANKS[kind]
    if rank == "G":
        return (T.BACK_RANK[seat],)
    if rank == "M":
        return T.HALF[seat]
    return tuple(range(8))


# SUMMON_ROWS[seat][kind]: the ranks (0-based) a minion of kind may be summoned onto by
# seat: Greater its back row, Minor its side of the board, Pawn anywhere
SUMMON_ROWS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_summon_rows(seat, k) for k in range(len(KINDS))) for seat in (T.WHITE, T.BLACK)
)


def _slides_from(kind: int, src: int) -> dict[int, tuple[int, ...]]:
    out: dict[int, tuple[int, ...]] = {}
    f0, r0 = src % 8, src // 8
    for df, dr in SLIDES[kind]:
        f, r = f0 + df, r0 + dr
        between: list[int] = []
        while 0 <= f < 8 and 0 <= r < 8:
            out[r * 8 + f] = tuple(between)
            between.append(r * 8 + f)
            f += df
            r += dr
    return out


def _leaps_from(leaps: Sequence[tuple[int, int]], src: int) -> frozenset[int]:
    f0, r0 = src % 8, src // 8
    return frozenset((r0 + dr) * 8 + f0 + df for df, dr in leaps
                     if 0 <= f0 + df < 8 and 0 <= r0 + dr < 8)


# SLIDE_TO[kind][src]: each square a rider of kind on src slides to on an empty board ->
# the squares it passes over (nearest first), which must be empty
SLIDE_TO: tuple[tuple[dict[int, tuple[int, ...]], ...], ...] = tuple(
    tuple(_slides_from(k, src) for src in range(N)) for k in range(len(KINDS))
)
# LEAP_TO[kind][src] and KNIGHT_TO[src]: the squares a leaper of kind on src (and the Rune
# Master's knight jump from src) lands on
LEAP_TO: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(_leaps_from(LEAPS[k], src) for src in range(N)) for k in range(len(KINDS))
)
KNIGHT_TO: tuple[frozenset[int], ...] = tuple(_leaps_from(T.KNIGHT, src) for src in range(N))


def reaches(
    arena: Sequence[str],
    src: int,
    dst: int,
    knight: bool,
    shielded: Sequence[int],
    capture: bool = True,
) -> bool:
    """Whether the minion on ``src`` may move to ``dst``: the same answer as
    ``dst in destinations(arena, src, knight, shielded, capture)``, found by looking at
    that one square.

    >>> arena = "." * 9 + "F" + "." * 54
    >>> reaches(arena, 9, 3, False, ()), reaches(arena, 9, 63, False, ())
    (True, False)
    """
    if src in shielded:
        return False
    piece = arena[src]
    seat = SEAT_OF[piece]
    kind = KIND_OF[piece]
    occ = arena[dst]
    if occ != EMPTY and not (capture and SEAT_OF[occ] != seat and dst not in shielded):
        return False
    if piece in GREATER and src // 8 == T.BACK_RANK[seat] \
            and dst // 8 == T.BACK_RANK[1 - seat]:
        return False
    between = SLIDE_TO[kind][src].get(dst)
    if between is not None:
        for t in between:
            if arena[t] != EMPTY:
                break
        else:
            return True
    return dst in LEAP_TO[kind][src] or (knight and dst in KNIGHT_TO[src])


def sides(cells: Sequence[str]) -> tuple[bool, bool]:
    """Whether White and Black each have a minion among ``cells`` (arena squares or
    chambers): White's letters are upper case, Black's lower case, and ``.`` has no case.

    >>> sides(("D", ".", ".")), sides((".", "u"))
    ((True, False), (False, True))
    """
    text = "".join(cells)
    return text != text.lower(), text != text.upper()


def shadows(arena: Sequence[str], sq: int, seat: int) -> bool:
    """Does a minion of ``seat`` share a side with square ``sq`` (the Shadow Mage)?"""
    return any(arena[n] != EMPTY and SEAT_OF[arena[n]] == seat for n in ORTHO_NEIGHBOURS[sq])


def summon_squares(arena: Sequence[str], seat: int, kind: int) -> list[int]:
    """Empty squares a minion of ``kind`` may be summoned to: Greater on your back row,
    Minor on your side of the board, Pawn anywhere."""
    rows = SUMMON_ROWS[seat][kind]
    return [r * 8 + f for r in rows for f in range(8) if arena[r * 8 + f] == EMPTY]


def backrow_blocks(arena: Sequence[str], src: int, dst: int) -> bool:
    """Would a Greater minion on its own back row reach the enemy back row (``src``->``dst``)?"""
    piece = arena[src]
    seat = SEAT_OF[piece]
    return (
        piece in GREATER
        and src // 8 == T.BACK_RANK[seat]
        and dst // 8 == T.BACK_RANK[1 - seat]
    )


ORTHO_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * 8 + (f + df)
        for df, dr in T.ORTHOGONAL
        if 0 <= f + df < 8 and 0 <= r + dr < 8
    )
    for r, f in (divmod(i, 8) for i in range(N))
)
