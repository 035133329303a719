"""Targeting rules: where a card may be cast, as ``(target, mode)`` pairs.

A card's record names its rule (``targets="enemy"``). A rule sees the state, the caster,
the card, the spell's energy and :class:`Sight` (what the caster sees, worked out once per
list of legal actions). Target strings are described in ``events``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property, lru_cache

from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war.board import CARD, DECK, WALL_KINDS
from grimoire.games.wiz_war.state import (
    State,
    alive,
    creatures,
    eye,
    filled,
    fire_walls,
    form,
    global_on,
    glued,
    in_sight,
    is_within,
    jump_squares,
    looking,
    occupied,
    on_wizard,
    reach_squares,
    reaches,
    sees_edge,
    sight,
    sight_edges,
    spells_named,
    square_of,
    stone_at,
    stone_blocks,
    treasure_of,
    walk,
    within,
)

Targets = list[tuple[str, str]]


class Sight:
    """What seat ``p`` sees when casting, worked out when first asked."""

    def __init__(self, s: State, p: int) -> None:
        self.s = s
        self.p = p

    @cached_property
    def seen(self) -> frozenset[int]:
        return sight(self.s, self.p)

    def sees(self, q: int) -> bool:
        """``q in self.seen``, worked out for ``q`` alone unless the whole sight is known."""
        seen = self.__dict__.get("seen")
        return q in seen if seen is not None else in_sight(self.s, self.p, q)

    @cached_property
    def enemies(self) -> list[int]:
        """Other living wizards in sight."""
        s, p = self.s, self.p
        return [q for q in alive(s) if q != p and self.sees(s.pos[q])]

    @property
    def wizards(self) -> Targets:
        return [(f"w{q}", "") for q in self.enemies]


Rule = Callable[[State, int, int, int, Sight], Targets]


def storm_area(s: State, sq: int) -> tuple[int, ...]:
    """A square and its four neighbours on the board, walls or not."""
    g = B.geometry(s.board)
    return (sq, *(q for d in range(4) if (q := g.neighbour(sq, d)) >= 0))


def knock_dirs(s: State, a: int, b: int) -> list[int]:
    """Directions that push a wizard on ``b`` away from a caster on ``a``: along the
    straight line between them, or on either axis of a slanting one; any from the
    caster's own square."""
    if a == b:
        return [0, 1, 2, 3]
    for d in range(4):
        if any(q == b for q, _ in B.line(s.players, looking(s), a, d, filled(s))):
            return [d]
    w = B.geometry(s.board).width
    (ar, ac), (br, bc) = divmod(a, w), divmod(b, w)
    out = []
    if br != ar:
        out.append(2 if br > ar else 0)
    if bc != ac:
        out.append(1 if bc > ac else 3)
    return out


def _walls(s: State, p: int) -> Targets:
    return [(f"e{e}", "") for e in sight_edges(s, p, WALL_KINDS)]


def _stones(s: State, view: Sight) -> Targets:
    return [(f"q{q}", "") for q in sorted(stone_blocks(s)) if view.sees(q)]


def by_square(players: int, things: list[str]) -> list[str]:
    """Borders (``e17``) and squares (``q12``, a stone block's) in the order of the square
    each lies by: a border by the square west or north of it (``board.edge_squares``), a
    square's borders before the square itself. A player may so choose the square first,
    then what by it (``choices``), in ``legal``'s order.

    >>> by_square(2, ["q11", "e3", "q0", "e0"])  # e0: east of a1; e3: south of b1
    ['e0', 'q0', 'e3', 'q11']
    """
    g = B.geometry(players)

    def key(t: str) -> tuple[int, int, int]:
        n = int(t[1:])
        return (g.edge_squares[n][0], 0, n) if t[0] == "e" else (n, 1, 0)

    return sorted(things, key=key)


def _walls_and_stones(s: State, p: int, view: Sight) -> Targets:
    """The walls, doors and solid creations seen, square by square (``by_square``)."""
    things = [t for t, _ in _walls(s, p) + _stones(s, view)]
    return [(t, "") for t in by_square(s.players, things)]


def wizard_or_wall(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An enemy wizard in sight, or a wall, door or solid creation seen."""
    return view.wizards + _walls_and_stones(s, p, view)


def wall_only(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A wall, door or solid creation seen."""
    return _walls_and_stones(s, p, view)


def enemy(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An enemy wizard in sight."""
    return view.wizards


def zot(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An enemy wizard in sight, for damage or for stun tokens."""
    return [(f"w{q}", m) for q in view.enemies for m in ("damage", "stun")]


def direction(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A direction from the caster."""
    return [("s", d) for d in B.DIRS]


def waterbolt(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An enemy wizard in sight, the energy split between damage (the mode's number) and
    squares of knockback away from the caster (``1e``: one damage... then the direction)."""
    out = []
    a = eye(s, p)
    for q in view.enemies:
        out.append((f"w{q}", str(energy)))
        dirs = knock_dirs(s, a, s.pos[q])
        out += [(f"w{q}", f"{k}{B.DIRS[d]}") for k in range(energy) for d in dirs]
    return out


def storm(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A square in sight whose area holds another wizard or a creature."""
    hit = {s.pos[q] for q in alive(s) if q != p} | {square_of(sp) for sp in creatures(s)}
    return [(f"q{q}", "") for q in sorted(view.seen) if hit & set(storm_area(s, q))]


def push(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A wizard (the caster or an enemy in sight) and a square it can walk to within
    energy plus the card's amount."""
    out = []
    for q in [p, *view.enemies]:
        dests = reach_squares(s, q, energy + CARD[c].amount)
        out += [(f"w{q}", str(d)) for d in sorted(dests)]
    return out


def teleport(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A square within the card's amount of steps, walls ignored."""
    return [(f"q{q}", "") for q in jump_squares(s, p, CARD[c].amount)]


def flight(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A direction and a distance up to the energy, straight and unblocked."""
    return [("s", f"{B.DIRS[d]}{k}") for d in range(4)
            for k in range(1, len(walk(s, p, d, energy)) + 1)]


def beside_enemy(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An enemy wizard in or next to the caster's square."""
    a = eye(s, p)
    return [(f"w{q}", "") for q in view.enemies
            if B.adjacent(s.players, looking(s), a, s.pos[q])]


def enemy_hand(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An enemy wizard in sight holding cards."""
    return [(f"w{q}", "") for q in view.enemies if s.hands[q]]


def self_once(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """The caster, unless this spell is already on him."""
    return [("s", "")] if on_wizard(s, p, DECK[c]) is None else []


def astral(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A square within the card's amount of steps through open ways."""
    return [(f"q{q}", "") for q in sorted(within(s, s.pos[p], CARD[c].amount, True))]


def bend(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """The caster, unless his next spell already bends."""
    return [] if s.bend else [("s", "")]


def sector(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A sector and a turn clockwise: 90 or 180 degrees (270 too with ``rotate_270``)."""
    turns = ("90", "180", "270") if s.options.rotate_270 else ("90", "180")
    return [(f"sector{k}", m) for k in range(s.players) for m in turns]


def global_(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """The whole board, unless the spell is already in play."""
    return [] if global_on(s, DECK[c]) else [("*", "")]


def open_border(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An open border seen that does not burn."""
    burning = fire_walls(s)
    return [(f"e{e}", "") for e in sight_edges(s, p, ".") if e not in burning]


def empty_square(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An empty square seen, not a home base."""
    g = B.geometry(s.board)
    return [(f"q{q}", "") for q in sorted(view.seen) if q not in g.home and not occupied(s, q)]


def beside(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An empty square next to the caster, not a home base."""
    g = B.geometry(s.board)
    a = eye(s, p)
    near = {B.step(s.players, looking(s), a, d)[0] for d in range(4)}
    return [(f"q{q}", "") for q in sorted(near)
            if q >= 0 and q not in g.home and not occupied(s, q)]


def own_sector(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """The caster's sector, unless the caster has this spell in play already."""
    mine = [sp for sp in spells_named(s, DECK[c]) if sp.caster == p]
    return [] if mine else [(f"sector{p}", "")]


def transformation(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """The caster, unless he already has this form."""
    current = form(s, p)
    return [("s", "")] if current is None or DECK[current.card] != DECK[c] else []


def caster(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """The caster."""
    return [("s", "")]


def wall(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A wall or door seen."""
    return _walls(s, p)


def spell(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """Any spell in play."""
    return [(f"c{sp.card}", "") for sp in s.spells]


def carried(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An item or the treasure an enemy wizard in sight carries."""
    out = []
    for q in view.enemies:
        out += [(f"w{q}:c{i}", "") for i in s.carried[q]]
        t = treasure_of(s, q)
        if t >= 0:
            out.append((f"w{q}:t{t}", ""))
    return out


def door(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A door (or a created door) on a side of the caster's square."""
    g = B.geometry(s.board)
    sq = s.pos[p]
    return [(f"e{g.edge[sq][d]}", "") for d in range(4)
            if g.edge[sq][d] >= 0 and s.edges[g.edge[sq][d]] in "DC"]


def globe(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An enemy wizard within the card's amount of steps from where the caster casts, by
    open borders and exits, round corners (walls, closed doors and stone blocks stop it;
    no sight needed)."""
    a = eye(s, p)
    near = within(s, a, CARD[c].amount, True, stone_blocks(s)) | {a}
    return [(f"w{q}", "") for q in alive(s) if q != p and s.pos[q] in near]


def enemy_item(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An item an enemy wizard in sight carries."""
    return [(f"w{q}:c{i}", "") for q in view.enemies for i in s.carried[q]]


def through_wall(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A wall or door on a side of the caster's square (not the board's outer wall) with
    no stone block beyond it."""
    g = B.geometry(s.board)
    sq = s.pos[p]
    blocks = stone_blocks(s)
    return [(f"e{e}", "") for d in range(4)
            if (e := g.edge[sq][d]) >= 0 and s.edges[e] in WALL_KINDS
            and g.neighbour(sq, d) not in blocks]


def door_seen(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A door seen (not one Pick Lock holds open, nor one sealed already)."""
    return [(f"e{e}", "") for e in sight_edges(s, p, "D")]


def trap_squares(s: State, p: int) -> list[int]:
    """The empty squares (no home base) seat ``p`` sees from where it casts, in order."""
    g = B.geometry(s.board)
    return [q for q in sorted(sight(s, p)) if q not in g.home and not occupied(s, q)]


def trap(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An empty square seen, not a home base (the first token's)."""
    return [(f"q{q}", "") for q in trap_squares(s, p)]


def glue(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A treasure or dropped item lying on a square seen, not glued already."""
    out = [(f"t{t}", "") for t, q in enumerate(s.treasures)
           if q >= 0 and view.sees(q) and not glued(s, f"t{t}")]
    out += [(f"c{c}", "") for c, q in s.objects if view.sees(q) and not glued(s, f"c{c}")]
    return out


def distance(s: State, a: int, b: int) -> int:
    """Squares from ``a`` to ``b`` counted along rows and columns on the board as it lies
    (no exit or portal shortens it).

    >>> from grimoire.games.wiz_war import RULES
    >>> s = RULES.setup(RULES.Options(), ("a", "b"))
    >>> distance(s, 0, 12)
    3
    """
    w = B.geometry(s.board).width
    (ar, ac), (br, bc) = divmod(a, w), divmod(b, w)
    return abs(ar - br) + abs(ac - bc)


def heave(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """An enemy wizard the caster's wizard sees from his own square (the treasure leaves
    his hands, not an Astral Projection's), in another square, when he carries a
    treasure."""
    if treasure_of(s, p) < 0:
        return []
    here = s.pos[p]
    return [(f"w{q}", "") for q in alive(s) if q != p and s.pos[q] != here
            and in_sight(s, p, s.pos[q], spell=False)]


def attacked(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """The caster, once he has attacked this turn (and is not stunned)."""
    return [("s", "")] if s.attacked and not s.stunned and p == s.active else []


def dash(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """The caster, while he has movement points left."""
    return [("s", "")] if s.mp > 0 and p == s.active else []


def own_wall(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """A stone or created wall on a side of the caster's square (not a door, not the
    board's outer wall)."""
    g = B.geometry(s.board)
    sq = s.pos[p]
    return [(f"e{e}", "") for d in range(4)
            if (e := g.edge[sq][d]) >= 0 and s.edges[e] in "#W"]


def nothing(s: State, p: int, c: int, energy: int, view: Sight) -> Targets:
    """No target: the card is not cast this way."""
    return []


TARGETS: dict[str, Rule] = {
    "": nothing, "wizard-or-wall": wizard_or_wall, "wall-only": wall_only, "enemy": enemy,
    "zot": zot, "direction": direction, "waterbolt": waterbolt, "storm": storm,
    "push": push, "teleport": teleport, "flight": flight, "beside-enemy": beside_enemy,
    "enemy-hand": enemy_hand, "self-once": self_once, "astral": astral, "bend": bend,
    "sector": sector, "global": global_, "open-border": open_border,
    "empty-square": empty_square, "beside": beside, "own-sector": own_sector,
    "form": transformation, "self": caster, "wall": wall, "spell": spell,
    "carried": carried, "door": door, "globe": globe, "enemy-item": enemy_item,
    "through-wall": through_wall, "door-seen": door_seen, "trap": trap, "glue": glue,
    "heave": heave, "attacked": attacked, "dash": dash, "own-wall": own_wall,
}
"""Every targeting rule by the name card records use."""


def targets(s: State, p: int, card: int, energy: int, view: Sight) -> Targets:
    """Where ``card`` may be cast with ``energy``."""
    return TARGETS[CARD[card].targets](s, p, card, energy, view)


# ------------------------------------------------------------------ one target asked

Check = Callable[[State, int, int, int, Sight, str, str], bool]


@lru_cache(maxsize=8192)
def number(target: str, kind: str) -> int:
    """``n`` of a target written ``f"{kind}{n}"`` as the rules write it (``e17``), else
    -1 (``e017``, ``e``, ``q17``...). Kept: a check of one target asks it of the same few
    names again and again.

    >>> number("e17", "e"), number("e017", "e"), number("q17", "e")
    (17, -1, -1)
    """
    if not target.startswith(kind):
        return -1
    digits = target[len(kind):]
    if 0 < len(digits) <= 6 and digits.isdecimal():
        n = int(digits)
        if str(n) == digits:
            return n
    return -1


def _wizard_seen(s: State, p: int, view: Sight, target: str) -> bool:
    return number(target, "w") in view.enemies


def _wall_seen(s: State, p: int, view: Sight, target: str) -> bool:
    return sees_edge(s, p, number(target, "e"), WALL_KINDS)


def _stone_seen(s: State, p: int, view: Sight, target: str) -> bool:
    q = number(target, "q")
    return q >= 0 and stone_at(s, q) and view.sees(q)


def _check_wizard_or_wall(s: State, p: int, c: int, energy: int, view: Sight, target: str,
                          mode: str) -> bool:
    return mode == "" and (_wizard_seen(s, p, view, target) or _wall_seen(s, p, view, target)
                           or _stone_seen(s, p, view, target))


def _check_wall_only(s: State, p: int, c: int, energy: int, view: Sight, target: str,
                     mode: str) -> bool:
    return mode == "" and (_wall_seen(s, p, view, target) or _stone_seen(s, p, view, target))


def _check_wall(s: State, p: int, c: int, energy: int, view: Sight, target: str,
                mode: str) -> bool:
    return mode == "" and _wall_seen(s, p, view, target)


def _check_enemy(s: State, p: int, c: int, energy: int, view: Sight, target: str,
                 mode: str) -> bool:
    return mode == "" and _wizard_seen(s, p, view, target)


def _check_push(s: State, p: int, c: int, energy: int, view: Sight, target: str,
                mode: str) -> bool:
    q = number(target, "w")
    if q != p and q not in view.enemies:
        return False
    d = number(mode, "")  # where the wizard goes
    return d >= 0 and reaches(s, q, energy + CARD[c].amount, d)


def _check_teleport(s: State, p: int, c: int, energy: int, view: Sight, target: str,
                    mode: str) -> bool:
    q = number(target, "q")
    return (mode == "" and q >= 0 and q not in stone_blocks(s)
            and is_within(s, s.pos[p], CARD[c].amount, False, q))


def _check_astral(s: State, p: int, c: int, energy: int, view: Sight, target: str,
                  mode: str) -> bool:
    q = number(target, "q")
    return mode == "" and q >= 0 and is_within(s, s.pos[p], CARD[c].amount, True, q)


def _check_open_border(s: State, p: int, c: int, energy: int, view: Sight, target: str,
                       mode: str) -> bool:
    e = number(target, "e")
    return mode == "" and e not in fire_walls(s) and sees_edge(s, p, e, ".")


CHECKS: dict[str, Check] = {
    "wizard-or-wall": _check_wizard_or_wall, "wall-only": _check_wall_only,
    "wall": _check_wall, "enemy": _check_enemy, "open-border": _check_open_border,
    "push": _check_push, "teleport": _check_teleport, "astral": _check_astral,
}
"""For the rules whose lists ask what the caster sees of every border or square, or every
square a number of steps away: whether one (target, mode) is listed, asking about it
alone."""


def offers(s: State, p: int, card: int, energy: int, view: Sight, target: str,
           mode: str) -> bool:
    """Is ``(target, mode)`` among ``targets(s, p, card, energy, view)``?"""
    rule = CARD[card].targets
    check = CHECKS.get(rule)
    if check is not None:
        return check(s, p, card, energy, view, target, mode)
    return (target, mode) in TARGETS[rule](s, p, card, energy, view)


__all__ = ["CHECKS", "TARGETS", "Sight", "by_square", "distance", "knock_dirs", "number",
           "offers", "storm_area", "targets", "trap_squares"]
