"""White Cantrip: the effects of its cards (their facts are records in ``tables.CARDS``).

>>> sorted(k for k in EFFECTS if k in ("zot", "dispel"))
['dispel', 'zot']
"""

from __future__ import annotations

from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war.board import WALL_KINDS
from grimoire.games.wiz_war.cards.base import (
    EFFECTS,
    Build,
    Effect,
    cancel,
    damage,
    destroy_wall,
    effect_of,
    hit_unit,
    strike,
)
from grimoire.games.wiz_war.events import (
    Bent,
    Cast,
    Counter,
    DoorPicked,
    Dropped,
    Event,
    Rotated,
    SpellBegins,
    SpellEnds,
    WallCreated,
)
from grimoire.games.wiz_war.state import Pending, State, creatures, spell_of, square_of


class FullShield(Effect):
    """Cancel one spell attacking you."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        return [Counter(player=p, card=card)] if pd.kind == "spell" else []

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        cancel(b, pd, "")


class NegateNeutral(Effect):
    """Cancel a neutral spell as it is cast."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        return [Counter(player=p, card=card)] if pd.kind == "neutral" else []

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        cancel(b, pd, "")


class DropObject(Effect):
    """An enemy drops one carried item or its treasure."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        s = b.state
        who, what = a.target.split(":")
        q, n = int(who[1:]), int(what[1:])
        if (what[0] == "t" and s.bearer[n] == q) or (what[0] == "c" and n in s.carried[q]):
            b.emit(Dropped(player=q, what=what))
            if what[0] == "c":
                effect_of(n).lost(b, q, (n,))


class Zot(Effect):
    """Magical damage equal to its energy, or the card's amount of stun tokens instead."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        stun = a.mode == "stun"
        strike(b, a, energy, origin, [int(a.target[1:])], damage=0 if stun else energy,
               mode="stun" if stun else "")


class AroundTheCorner(Effect):
    """The caster's next spell this phase may bend once."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(Bent())


class CreateWall(Effect):
    """A wall on an open border, for as long as the spell lasts."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(SpellBegins(card=a.card, caster=a.player, target=a.target, tokens=0))
        b.emit(WallCreated(edge=int(a.target[1:])))


class DestroyWall(Effect):
    """Destroy a wall or door; everyone (and every creature) on either side takes the
    card's amount of physical damage, not as an attack."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        s = b.state
        e = int(a.target[1:])
        if s.edges[e] not in WALL_KINDS:
            return
        destroy_wall(b, e)
        g = B.geometry(s.board)
        sq, d = g.edge_squares[e]
        sides = (sq, g.neighbour(sq, d))
        amount = B.CARD[a.card].amount
        for q in range(s.players):
            if b.state.pos[q] in sides:
                damage(b, q, amount, -1, B.DECK[a.card], fire=False)
        for sp in creatures(b.state):
            if square_of(sp) in sides:
                hit_unit(b, sp.card, amount)


class Dispel(Effect):
    """End one spell in play."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        card = int(a.target[1:])
        if spell_of(b.state, card) is not None:
            b.emit(SpellEnds(card=card))


class PickLock(Effect):
    """A door beside the caster opens for him this phase."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(DoorPicked(edge=int(a.target[1:])))


class RotateSector(Effect):
    """Turn a sector clockwise with everything on it. A created wall on a line between
    the sector and its neighbours is destroyed (its spell ends); a damaged or destroyed
    wall there is repaired (as the sector turns; not with ``sector_lines_stay``)."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        k = int(a.target[6:])
        if not b.state.options.sector_lines_stay:
            lines = {f"e{e}" for e in B.geometry(b.state.board).sector_lines[k]}
            for sp in b.state.spells:
                if sp.target in lines:
                    b.emit(SpellEnds(card=sp.card))
        b.emit(Rotated(sector=k, quarter=int(a.mode) // 90))


EFFECTS.update({
    "full-shield": FullShield(), "negate-neutral": NegateNeutral(),
    "drop-object": DropObject(), "zot": Zot(), "around-the-corner": AroundTheCorner(),
    "create-wall": CreateWall(), "destroy-wall": DestroyWall(), "dispel": Dispel(),
    "pick-lock": PickLock(), "rotate-sector": RotateSector(),
})
