"""Thaumaturgy: the effects of its own cards (their facts are records in ``tables.CARDS``;
its Energy 5, Full Shield, Negate Neutral, Drop Object, Powerthrust, Around the Corner,
Dispel, Pick Lock and Rotate Sector are copies of cards other schools have, with their
effects; Master Key, Wizardblade and Dagger are data there: ``Carried`` and ``Weapon``).

>>> sorted(k for k in EFFECTS if k in ("anti-anti", "gravity"))
['anti-anti', 'gravity']
"""

from __future__ import annotations

from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.cards.base import (
    EFFECTS,
    Build,
    Effect,
    cancel,
    damage,
    effect_of,
    strike,
)
from grimoire.games.wiz_war.cards.mentalism import PainLink
from grimoire.games.wiz_war.events import (
    Cast,
    Counter,
    CounterCancelled,
    DoorSealed,
    Dropped,
    Event,
    Moved,
    Snatched,
    SpellBegins,
)
from grimoire.games.wiz_war.state import Pending, Spell, State, alive


class FireDarts(Effect):
    """As many darts as its energy, each the card's amount of magical fire damage and
    each its own source of damage (a ward or a Shield takes on one dart)."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        strike(b, a, energy, origin, [int(a.target[1:])], damage=energy, fire=True,
               mode="darts")


class AntiAnti(Effect):
    """Cancel a counter spell played against the player's attack or spell; it is played
    in the counter spell's own window, and nothing answers it."""

    def answers(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        return [Counter(player=p, card=card)] if pd.counter is not None else []

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        b.emit(CounterCancelled())


class Backlash(Effect):
    """Cancel an attack spell of another wizard's; its caster takes magical damage equal
    to the spell's energy (not an attack: nobody scores for it)."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        return [Counter(player=p, card=card)] if pd.kind == "spell" and pd.attacker != p else []

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        damage(b, pd.attacker, pd.energy, -1, DECK[a.card], fire=False)
        cancel(b, pd, "")


class GlobeOfPain(Effect):
    """Magical damage equal to its energy to a wizard it reaches within the card's amount
    of steps, going round corners (no sight needed)."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        strike(b, a, energy, origin, [int(a.target[1:])], damage=energy)


class SlowDeath(Effect):
    """A curse for as many of the caster's turns as its energy: its wizard takes the
    card's amount of magical damage for each card he draws."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        strike(b, a, energy, origin, [int(a.target[1:])], damage=0, mode="curse")

    def drawn(self, b: Build, sp: Spell, p: int, k: int) -> None:
        damage(b, p, CARD[sp.card].amount * k, sp.caster, DECK[sp.card], fire=False)


class Yoink(Effect):
    """Take one item an enemy wizard carries: the caster's wizard carries it now."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        who, what = a.target.split(":")
        q, c = int(who[1:]), int(what[1:])
        if c not in b.state.carried[q]:
            return
        b.emit(Snatched(thief=a.player, victim=q, card=c))
        effect_of(c).lost(b, q, (c,))
        effect_of(c).carry(b, a.player, c)


class Invisible(PainLink):
    """While it lasts (its energy in the caster's turns), each attack on its wizard is
    evaded on the card's faces of a d4 (rolled once no counter is left to play); it may be
    cast as a counter, and then stays in play and may evade that attack too."""


class Gravity(Effect):
    """A global spell for its energy in turns: as it begins, every wizard drops every item
    he carries (a treasure is no item and stays carried); while it lasts nothing is picked
    up and no item is put into play."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(SpellBegins(card=a.card, caster=a.player, target="*", tokens=energy))
        for q in alive(b.state):
            items = b.state.carried[q]
            for c in items:
                b.emit(Dropped(player=q, what=f"c{c}"))
            lost: dict[str, tuple[int, ...]] = {}
            for c in items:
                lost[CARD[c].effect] = (*lost.get(CARD[c].effect, ()), c)
            for name, cards in lost.items():
                EFFECTS[name].lost(b, q, cards)


class PassThroughWall(Effect):
    """The caster's wizard goes through a wall or door on a side of his square into the
    square beyond (a spell's move, costing no movement)."""

    def relocates(self, a: Cast | Counter) -> int:
        return a.player

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        g = B.geometry(b.state.board)
        sq, d = g.edge_squares[int(a.target[1:])]
        here = b.state.pos[a.player]
        b.emit(Moved(player=a.player, square=g.neighbour(sq, d) if here == sq else sq))


class SealDoor(Effect):
    """A door seen is sealed: it opens for nobody (its own sector's wizard, a picked lock,
    a key, a body of mist) until the spell ends or the door is destroyed."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(SpellBegins(card=a.card, caster=a.player, target=a.target, tokens=0))
        b.emit(DoorSealed(edge=int(a.target[1:])))


EFFECTS.update({
    "fire-darts": FireDarts(), "anti-anti": AntiAnti(), "backlash": Backlash(),
    "globe-of-pain": GlobeOfPain(), "slow-death": SlowDeath(), "yoink": Yoink(),
    "invisible": Invisible(), "gravity": Gravity(), "pass-through-wall": PassThroughWall(),
    "seal-door": SealDoor(),
})
