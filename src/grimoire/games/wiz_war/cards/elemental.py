"""Elemental: the effects of its cards (their facts are records in ``tables.CARDS``; Mist
Body is a shared ``transform``, Fog and Fire Cloak a shared ``maintain``, Stone Block a
shared ``create``).

>>> "fireball" in EFFECTS
True
"""

from __future__ import annotations

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
    square_of,
    stone_blocks,
    walk,
)


class WallOfEarth(Effect):
    """Cancel an attack coming from another square (no wall stops an area attack)."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if pd.kind == "neutral" or pd.origin == s.pos[p]:
            return []
        if pd.card >= 0 and "area" in CARD[pd.card].traits:
            return []
        return [Counter(player=p, card=card)]

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        cancel(b, pd, "")


class Fireball(Effect):
    """The card's amount of magical fire damage to a wizard, or to a wall, door or solid
    creation (a crack for each full three)."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        amount = CARD[a.card].amount
        if a.target[0] in "eq":
            batter(b, a.target, amount // T.DAMAGE_PER_CRACK)
            return
        strike(b, a, energy, origin, [int(a.target[1:])], damage=amount, fire=True)


class LightningBolt(Effect):
    """Runs its energy in squares from the caster, turning back at walls: the card's
    amount of damage (and stun) to each wizard it passes but the caster, and to
    creatures at once."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        s = b.state
        n, edges = s.players, s.edges
        blocks = stone_blocks(s)
        d = B.DIRS.index(a.mode)
        hit: list[int] = []
        units: list[int] = []
        cur = origin
        for _ in range(energy):
            nxt, e = B.step(n, edges, cur, d)
            if nxt < 0 or nxt in blocks:
                d = B.OPP[d]
                nxt, e = B.step(n, edges, cur, d)
                if nxt < 0 or nxt in blocks:
                    break
            if e < 0:  # through an exit: a portal may turn the bolt
                lk = B.geometry(n).link[cur][d]
                if lk is not None:
                    d = lk[1]
            cur = nxt
            for q in alive(s):
                if q != a.player and s.pos[q] == cur and q not in hit:
                    hit.append(q)
            for sp in creatures(s):
                if square_of(sp) == cur and sp.card not in units:
                    units.append(sp.card)
        amount = CARD[a.card].amount
        for u in units:
            hit_unit(b, u, amount)
        strike(b, a, energy, origin, hit, damage=amount, mode="bolt")


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
