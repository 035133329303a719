"""Elemental: the effects of its cards (their facts are records in ``tables.CARDS``; Mist
Body is a shared ``transform``, Fog and Fire Cloak a shared ``maintain``, Stone Block a
shared ``create``).

>>> "fireball" in EFFECTS
True
"""

from __future__ import annotations

from msgspec.structs import replace

from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD
from grimoire.games.wiz_war.cards.base import (
    EFFECTS,
    Build,
    Effect,
    Maintain,
    batter,
    cancel,
    crossed,
    effect_of,
    fuelled,
    hit_unit,
    strike,
)
from grimoire.games.wiz_war.events import Cast, Counter, Event, Moved, SpellBegins, SpellEnds
from grimoire.games.wiz_war.state import (
    Pending,
    State,
    alive,
    creatures,
    global_on,
    looking,
    square_of,
    stone_blocks,
    walk,
)


class WallOfEarth(Effect):
    """Cancel an attack coming from another square (no wall stops an area attack); an
    attack that turns back at walls (Lightning Bolt) turns back at this one instead."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if pd.kind == "neutral" or pd.origin == s.pos[p]:
            return []
        if pd.card >= 0 and "area" in CARD[pd.card].traits:
            return []
        return [Counter(player=p, card=card)]

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        rest = effect_of(pd.card).walled(b.state, pd, a.player) if pd.card >= 0 else None
        cancel(b, pd if rest is None else replace(pd, rest=rest), "")


class Fireball(Effect):
    """The card's amount of magical fire damage to a wizard, or to a wall, door or solid
    creation (a crack for each full three)."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        amount = CARD[a.card].amount
        if a.target[0] in "eq":
            batter(b, a.target, amount // T.DAMAGE_PER_CRACK)
            return
        strike(b, a, energy, origin, [int(a.target[1:])], damage=amount, fire=True)


def bolt_run(s: State, caster: int, origin: int, d: int, energy: int,
             earth: int = -2) -> tuple[list[int], list[int]]:
    """The wizards (not the caster) and creatures a bolt from ``origin`` heading ``d``
    passes in ``energy`` squares, in order, turning back at walls, stone blocks and the
    edge of the board; ``earth``: a square it meets a wall in front of (Wall of Earth)."""
    n, edges = s.players, looking(s)
    blocks = stone_blocks(s)
    hit: list[int] = []
    units: list[int] = []
    cur = origin

    def stopped(q: int) -> bool:
        return q < 0 or q in blocks or q == earth

    for _ in range(energy):
        nxt, e = B.step(n, edges, cur, d)
        if stopped(nxt):
            if nxt == earth:
                earth = -2  # the Wall of Earth falls once it has turned the bolt
            d = B.OPP[d]
            nxt, e = B.step(n, edges, cur, d)
            if stopped(nxt):
                break
        if e < 0:  # through an exit: a portal may turn the bolt
            lk = B.geometry(n).link[cur][d]
            if lk is not None:
                d = lk[1]
        cur = nxt
        for q in alive(s):
            if q != caster and s.pos[q] == cur and q not in hit:
                hit.append(q)
        for sp in creatures(s):
            if square_of(sp) == cur and sp.card not in units:
                units.append(sp.card)
    return hit, units


class LightningBolt(Effect):
    """Runs its energy in squares from the caster, turning back at walls: the card's
    amount of damage (and stun) to each wizard it passes but the caster, and to
    creatures at once. A Wall of Earth turns it back too: it goes on from there to the
    wizards it has not struck yet (its mode carries its heading, ``bolt:e``)."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        s = b.state
        d = B.DIRS.index(a.mode)
        hit, units = bolt_run(s, a.player, origin, d, energy)
        amount = CARD[a.card].amount
        for u in units:
            hit_unit(b, u, amount)
        mode = "bolt" if s.options.earth_stops_bolt else f"bolt:{a.mode}"
        strike(b, a, energy, origin, hit, damage=amount, mode=mode)

    def walled(self, s: State, pd: Pending, p: int) -> tuple[int, ...] | None:
        if not pd.mode.startswith("bolt:"):
            return None
        d = B.DIRS.index(pd.mode[5:])
        before, _ = bolt_run(s, pd.attacker, pd.origin, d, pd.energy)
        struck = set(before[:before.index(p)]) if p in before else set(before) - set(pd.rest)
        after, _ = bolt_run(s, pd.attacker, pd.origin, d, pd.energy, earth=s.pos[p])
        return tuple(q for q in after if q != p and q not in struck)


class Waterbolt(Effect):
    """Its energy split between damage and squares of knockback away from the caster."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        dmg = int(a.mode.rstrip(B.DIRS))
        push = a.mode[-1] if a.mode[-1] in B.DIRS else ""
        strike(b, a, energy, origin, [int(a.target[1:])], damage=dmg,
               mode=f"knock{push}{energy - dmg}" if push else "")


def flood(b: Build, card: int, p: int, energy: int) -> None:
    """The flood begins and puts out every spell water ends."""
    b.emit(SpellBegins(card=card, caster=p, target="*", tokens=energy))
    for sp in b.state.spells:
        if "quenched" in CARD[sp.card].traits:
            b.emit(SpellEnds(card=sp.card))


class Flood(Effect):
    """A global water spell that puts out fire; as a counter it cancels a fire attack or
    fire spell and floods all the same."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        flood(b, a.card, a.player, energy)

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if global_on(s, B.DECK[card]):
            return []
        if pd.kind == "neutral":
            fire = pd.action is not None and "fire" in CARD[pd.action.card].traits
        else:
            fire = pd.fire
        return fuelled(s, p, card) if fire else []

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        cancel(b, pd, "")
        flood(b, a.card, a.player, energy)


class WallOfFire(Maintain):
    """A burning border; as a counter it cancels a water attack or water spell."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if pd.kind == "neutral":
            water = pd.action is not None and "water" in CARD[pd.action.card].traits
            return fuelled(s, p, card) if water else []
        if pd.card >= 0 and "water" in CARD[pd.card].traits:
            return [Counter(player=p, card=card)]
        return []

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        cancel(b, pd, "")


class Windrider(Effect):
    """Fly straight up to its energy in squares (free movement)."""

    def relocates(self, a: Cast | Counter) -> int:
        return a.player

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        s, p = b.state, a.player
        d, k = B.DIRS.index(a.mode[0]), int(a.mode[1:])
        path = walk(s, p, d, k)
        if path:
            b.emit(Moved(player=p, square=path[-1]))
            crossed(b, p, [s.pos[p], *path])


EFFECTS.update({
    "wall-of-earth": WallOfEarth(), "fireball": Fireball(), "lightning-bolt": LightningBolt(),
    "waterbolt": Waterbolt(), "flood": Flood(), "wall-of-fire": WallOfFire(),
    "windrider": Windrider(),
})
