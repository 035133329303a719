"""Wiz-War: the cards as arrays and the questions the rules ask about a state.

Card ``i`` of every game is ``DECK[i]``: the 84 first-game cards school by school, then one
copy of each card of ``tables.EXTRA_CARDS`` (in the deck only when the ``extra_cards``
option names it).

>>> DECK[0], len(DECK)
('Full Shield', 87)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.state import Options, Spell, State

FIRST_GAME: tuple[str, ...] = tuple(
    name for school in T.FIRST_GAME_SCHOOLS for name, k in T.SCHOOLS[school] for _ in range(k)
)
DECK: tuple[str, ...] = FIRST_GAME + T.EXTRA_CARDS
"""Card ``i`` of every game is ``DECK[i]``."""

KIND: tuple[str, ...] = tuple(T.CARDS[n][1] for n in DECK)
EV: tuple[int, ...] = tuple(T.CARDS[n][2] for n in DECK)
DURATION: tuple[str, ...] = tuple(T.CARDS[n][4] for n in DECK)
TRAITS: tuple[tuple[str, ...], ...] = tuple(T.CARDS[n][5] for n in DECK)
USES_ENERGY: tuple[bool, ...] = tuple("energy" in t for t in TRAITS)
FIRE: tuple[bool, ...] = tuple("fire" in t for t in TRAITS)
WATER: tuple[bool, ...] = tuple("water" in t for t in TRAITS)
WALL_KINDS = "#DW"
FILLED = ("Stone Block", "Dust Cloud")
# Counter-too spells that stay in play when cast as a counter.
LASTING_COUNTERS = frozenset({"Flood", "Pain Link", "Gnome Form"})


def deck_for(options: Options) -> tuple[int, ...]:
    """The cards of a game with these options, unshuffled."""
    extra = tuple(len(FIRST_GAME) + T.EXTRA_CARDS.index(n) for n in options.extra_cards)
    return tuple(range(len(FIRST_GAME))) + extra


def replace(state: State, **kw: Any) -> State:
    return msgspec.structs.replace(state, **kw)


def put(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return (*t[:i], v, *t[i + 1:])


def without(t: tuple[int, ...], x: int) -> tuple[int, ...]:
    i = t.index(x)
    return t[:i] + t[i + 1:]


# ------------------------------------------------------------------ spells in play


def spells_named(s: State, name: str) -> list[Spell]:
    return [sp for sp in s.spells if DECK[sp.card] == name]


def spell_of(s: State, card: int) -> Spell | None:
    for sp in s.spells:
        if sp.card == card:
            return sp
    return None


def on_wizard(s: State, p: int, name: str) -> Spell | None:
    """The spell ``name`` maintained on seat ``p``'s wizard, if any."""
    t = f"w{p}"
    for sp in s.spells:
        if sp.target == t and DECK[sp.card] == name:
            return sp
    return None


def form(s: State, p: int) -> Spell | None:
    """The transformation on seat ``p``'s wizard, if any."""
    t = f"w{p}"
    for sp in s.spells:
        if sp.target == t and DECK[sp.card] in T.FORMS:
            return sp
    return None


def global_on(s: State, name: str) -> bool:
    return any(sp.target == "*" and DECK[sp.card] == name for sp in s.spells)


def square_of(sp: Spell) -> int:
    """The square of a creation or creature spell (target ``q12``)."""
    return int(sp.target[1:]) if sp.target.startswith("q") else -1


def filled(s: State) -> tuple[int, ...]:
    """Squares that block sight: Stone Blocks and Dust Clouds, sorted."""
    return tuple(sorted(square_of(sp) for sp in s.spells if DECK[sp.card] in FILLED))


def stone_blocks(s: State) -> frozenset[int]:
    return frozenset(square_of(sp) for sp in spells_named(s, "Stone Block"))


def clouds(s: State) -> frozenset[int]:
    return frozenset(square_of(sp) for sp in spells_named(s, "Dust Cloud"))


def creatures(s: State) -> list[Spell]:
    return [sp for sp in s.spells if "creature" in TRAITS[sp.card]]


def fire_walls(s: State) -> dict[int, int]:
    """Borders with a Wall of Fire: edge -> spell card."""
    return {int(sp.target[1:]): sp.card for sp in spells_named(s, "Wall of Fire")}


# ------------------------------------------------------------------ wizards


def carried_named(s: State, p: int, name: str) -> int:
    return sum(1 for c in s.carried[p] if DECK[c] == name)


def hand_limit(s: State, p: int) -> int:
    """Seven, plus two for each carried Brainstone."""
    return T.HAND_MAX + T.BRAINSTONE_HAND * carried_named(s, p, "Brainstone")


def hand_count(s: State, p: int) -> int:
    """Cards in hand plus carried items plus maintained spells (unless Uncluttered Minds)."""
    n = len(s.hands[p]) + len(s.carried[p])
    if not s.options.uncluttered_minds:
        n += sum(1 for sp in s.spells if sp.caster == p)
    return n


def base_speed(s: State, p: int) -> int:
    f = form(s, p)
    return T.FORMS[DECK[f.card]][0] if f is not None else T.BASE_SPEED


def speed(s: State, p: int) -> int:
    return base_speed(s, p) + carried_named(s, p, "Speedstone")


def energy_value(s: State, p: int, energy: int, energy2: int = -1) -> int:
    """A spell's energy: the discarded card's energy value replaces the default of 1 (Add
    sums two); each carried Powerstone adds 1."""
    base = EV[energy] if energy >= 0 else 1
    if energy2 >= 0:
        base += EV[energy2]
    return base + carried_named(s, p, "Powerstone")


def treasure_of(s: State, p: int) -> int:
    """The treasure seat ``p`` carries, or -1."""
    for t, who in enumerate(s.bearer):
        if who == p:
            return t
    return -1


def points(s: State, p: int) -> int:
    """Kills plus enemy treasures lying in the seat's home base."""
    home = B.geometry(s.players).home[p]
    lying = sum(
        1 for t, sq in enumerate(s.treasures) if sq == home and t // 2 != p and s.bearer[t] < 0
    )
    return s.kills[p] + lying


def alive(s: State) -> tuple[int, ...]:
    return tuple(p for p in range(s.players) if s.pos[p] >= 0)


def others_in_turn_order(s: State, p: int) -> tuple[int, ...]:
    """The other living seats, clockwise from ``p``."""
    return tuple(q for i in range(1, s.players)
                 if s.pos[q := (p + i) % s.players] >= 0)


def occupied(s: State, sq: int) -> bool:
    """A wizard, creature, treasure, dropped item or filled square is there."""
    return (sq in s.pos or sq in s.treasures or any(o[1] == sq for o in s.objects)
            or any(square_of(sp) == sq for sp in s.spells))


# ------------------------------------------------------------------ movement


def passage(s: State, sq: int, d: int, sector: int, mist: bool = False,
            picked: int = -1) -> int:
    """Where a walker from ``sq`` goes across side ``d`` (-1: blocked). Doors open for
    their sector's wizard (``sector``), for the door ``picked`` (Pick Lock) and for Mist
    Body; Stone Blocks fill their squares."""
    g = B.geometry(s.players)
    e = g.edge[sq][d]
    if e >= 0:
        k = s.edges[e]
        if k == "." or (k == "D" and (mist or g.edge_sector[e] == sector or picked == e)):
            dest = g.neighbour(sq, d)
        else:
            return -1
    else:
        lk = g.link[sq][d]
        if lk is None:
            return -1
        dest = lk[0]
    return -1 if dest in stone_blocks(s) else dest


def destination(s: State, p: int, d: int) -> int:
    """Where seat ``p``'s wizard goes across side ``d`` (-1: blocked)."""
    return passage(s, s.pos[p], d, p, misty(s, p), s.picked if p == s.active else -1)


def misty(s: State, p: int) -> bool:
    """Seat ``p``'s wizard passes doors (Mist Body)."""
    f = form(s, p)
    return f is not None and T.FORMS[DECK[f.card]][4]


def heading(s: State, sq: int, d: int) -> int:
    """The direction of travel after crossing side ``d`` of ``sq`` (a portal turns it)."""
    g = B.geometry(s.players)
    if g.edge[sq][d] >= 0:
        return d
    lk = g.link[sq][d]
    return d if lk is None else lk[1]


def walk(s: State, p: int, d: int, most: int) -> list[int]:
    """Squares seat ``p``'s wizard passes going straight across side ``d`` up to ``most``
    times, stopping at anything that blocks it."""
    out: list[int] = []
    mist = misty(s, p)
    cur = s.pos[p]
    for _ in range(most):
        nxt = passage(s, cur, d, p, mist)
        if nxt < 0:
            break
        d = heading(s, cur, d)
        cur = nxt
        out.append(cur)
    return out


def crossed_edge(s: State, a: int, b: int) -> int:
    """The border between neighbouring squares ``a`` and ``b`` (-1: an exit or none)."""
    g = B.geometry(s.players)
    for d in range(4):
        e = g.edge[a][d]
        if e >= 0 and g.neighbour(a, d) == b:
            return e
    return -1


def _paths(start: int, most: int, step: Callable[[int, int], int]) -> dict[int, tuple[int, ...]]:
    """Breadth-first from ``start``: every square 1..``most`` steps away with the first
    shortest path found (sides tried n, e, s, w); ``step(square, side)`` is -1 when
    blocked."""
    paths: dict[int, tuple[int, ...]] = {start: ()}
    frontier = [start]
    for _ in range(most):
        nxt: list[int] = []
        for q in frontier:
            for d in range(4):
                r = step(q, d)
                if r >= 0 and r not in paths:
                    paths[r] = (*paths[q], r)
                    nxt.append(r)
        frontier = nxt
    del paths[start]
    return paths


def reach(s: State, p: int, most: int) -> dict[int, tuple[int, ...]]:
    """Squares seat ``p``'s wizard can walk to in 1..``most`` steps, each with its path."""
    mist = misty(s, p)
    return _paths(s.pos[p], most, lambda q, d: passage(s, q, d, p, mist))


def within(s: State, start: int, most: int, walls: bool) -> set[int]:
    """Squares 1..``most`` steps from ``start``: through open borders and exits only
    (``walls`` True), or ignoring every border (Teleport)."""
    g = B.geometry(s.players)

    def across(q: int, d: int) -> int:
        if walls:
            return B.step(s.players, s.edges, q, d)[0]
        r = g.neighbour(q, d)
        if r < 0:
            lk = g.link[q][d]
            r = -1 if lk is None else lk[0]
        return r

    return set(_paths(start, most, across))


def teleport_squares(s: State, p: int) -> list[int]:
    """Where seat ``p``'s wizard may teleport: up to 4 steps ignoring walls, never into
    a Stone Block."""
    blocks = stone_blocks(s)
    return sorted(q for q in within(s, s.pos[p], T.TELEPORT_RANGE, walls=False)
                  if q not in blocks)


# ------------------------------------------------------------------ sight


def eye(s: State, p: int) -> int:
    """Where seat ``p`` casts from: an Astral Projection's square, else the wizard's."""
    return s.origin if s.origin >= 0 and p == s.active else s.pos[p]


def sight(s: State, p: int, spell: bool = True) -> frozenset[int]:
    """The squares seat ``p`` may target: line of sight from where it casts (``spell``)
    or stands; Fog limits it to the square and its neighbours; a Visionstone sees
    through one wall or door; Around the Corner bends a spell's line once."""
    n, edges = s.players, s.edges
    a = eye(s, p) if spell else s.pos[p]
    if a < 0:
        return frozenset()
    if global_on(s, "Fog"):
        return frozenset({a} | {q for d in range(4) if (q := B.step(n, edges, a, d)[0]) >= 0})
    blocks = filled(s)
    through = 1 if spell and carried_named(s, p, "Visionstone") else 0
    out = B.seen_from(n, edges, a, blocks, through)
    if spell and s.bend:
        out |= bent(s, a)
    return out


def bent(s: State, a: int) -> set[int]:
    """Squares a spell reaches from ``a`` bending once round a corner: along a straight
    line, then 90° to either side, or 180° back along the far side of the wall's end."""
    n, edges = s.players, s.edges
    blocks = filled(s)
    out: set[int] = set()
    for d in range(4):
        for x, dx in B.line(n, edges, a, d, blocks):
            for side in ((dx + 1) % 4, (dx + 3) % 4):
                out.update(q for q, _ in B.line(n, edges, x, side, blocks))
                y = B.step(n, edges, x, side)[0]
                if y >= 0 and y not in blocks:
                    out.add(y)
                    out.update(q for q, _ in B.line(n, edges, y, B.OPP[dx], blocks))
    return out


def sight_edges(s: State, p: int, kinds: str) -> tuple[int, ...]:
    """Borders of the given kinds seat ``p`` sees (in Fog: its own square's)."""
    a = eye(s, p)
    if global_on(s, "Fog"):
        g = B.geometry(s.players)
        return tuple(e for d in range(4) if (e := g.edge[a][d]) >= 0 and s.edges[e] in kinds)
    return B.visible_edges(s.players, s.edges, a, kinds, filled(s))


def over_limit(s: State) -> bool:
    p = s.active
    return s.phase in ("move", "draw") and s.pos[p] >= 0 and hand_count(s, p) > hand_limit(s, p)
