"""Conjuring: the effects of its own cards (their facts are records in ``tables.CARDS``;
its Energy 4, Energy 5, Negate Neutral, Shield, Wall of Earth, Fire Darts, Around the
Corner, Create Wall, Dispel and Dust Cloud are copies of cards other schools have, with
their effects; Rosebush, Thornbush and Handful of Tacks are creations on a square, a shared
``create``, whose traits say what they do to whoever enters: see ``base.entered``).

>>> sorted(k for k in EFFECTS if k in ("ward", "booby-trap"))
['booby-trap', 'ward']
"""

from __future__ import annotations

from grimoire.core.events import Roll
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.cards.base import EFFECTS, Build, Effect, damage
from grimoire.games.wiz_war.cards.targets import trap_squares
from grimoire.games.wiz_war.events import (
    Attack,
    Cast,
    Counter,
    DoorCreated,
    Dropped,
    SpellBegins,
    Swapped,
    TrapsLaid,
)
from grimoire.games.wiz_war.state import Spell, treasure_of


class Ward(Effect):
    """A permanent spell on its caster guarding his treasures: another wizard who picks
    one up takes the card's amount of magical damage (not an attack), then rolls a d4 and
    drops it on the faces ``tables.WARD_DROP``."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(SpellBegins(card=a.card, caster=a.player, target=f"w{a.player}", tokens=0))

    def treasure_taken(self, b: Build, p: int, sp: Spell) -> bool:
        t = treasure_of(b.state, p)
        if t < 0 or t // 2 != sp.caster or p == sp.caster:
            return False
        damage(b, p, CARD[sp.card].amount, -1, DECK[sp.card], fire=False)
        if b.state.pos[p] >= 0 and b.state.bearer[t] == p:
            roll = Roll.of(b.dice, p, 4, 1, "ward")
            b.emit(roll)
            if roll.values[0] in T.WARD_DROP:
                b.emit(Dropped(player=p, what=f"t{t}"))
        return True


class KaBong(Effect):
    """The card's amount of physical damage to a wizard in sight, and its stun tokens if
    some gets through."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        b.emit(Attack(attacker=a.player, card=a.card, kind="spell", dtype="physical",
                      damage=CARD[a.card].amount, energy=energy, origin=origin,
                      target=int(a.target[1:])))


class Swap(Effect):
    """The caster's wizard and a wizard he sees change places (no step: nothing they
    cross or enter answers); the caster moves no more this turn."""

    def relocates(self, a: Cast | Counter) -> int:
        return a.player

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        q = int(a.target[1:])
        if b.state.pos[q] >= 0 and b.state.pos[a.player] >= 0:
            b.emit(Swapped(player=a.player, other=q))


class BoobyTrap(Effect):
    """Face-down tokens (``tables.TRAP_TOKENS``, fewer if fewer empty squares are seen):
    the first on the empty square aimed at; then its caster places the others, one
    ``lay-token`` each, on empty squares he sees, and chooses the real trap among them
    (``arm-trap``, told to him only). With ``booby_trap_dice`` (ruleset 2) the others are
    drawn with the dice and the real one by a die only the caster is told. A wizard other
    than the caster entering a token's square turns it face up: a dud is taken away; the
    real trap deals the card's amount of magical damage and the spell ends, its tokens
    with it."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        s, p = b.state, a.player
        first = int(a.target[1:])
        free = [q for q in trap_squares(s, p) if q != first]
        if not s.options.booby_trap_dice:
            more = min(T.TRAP_TOKENS - 1, len(free))
            b.emit(SpellBegins(card=a.card, caster=p, target="traps", tokens=0))
            b.emit(TrapsLaid(card=a.card, caster=p, squares=(first,),
                             real=-1 if more else first, steps=more + 1 if more else 0))
            return
        squares = [first]
        while free and len(squares) < T.TRAP_TOKENS:
            i = 0
            if len(free) > 1:
                roll = Roll.of(b.dice, p, len(free), 1, "trap-token")
                b.emit(roll)
                i = roll.values[0] - 1
            squares.append(free.pop(i))
        real = Roll.of(b.dice, p, len(squares), 1, "booby-trap")
        b.emit(real)
        b.emit(SpellBegins(card=a.card, caster=p, target="traps", tokens=0))
        b.emit(TrapsLaid(card=a.card, caster=p, squares=tuple(squares),
                         real=squares[real.values[0] - 1]))


class CreateDoor(Effect):
    """A door on an open border, for as long as the spell lasts: it opens for the caster
    only (and, as a door, for a picked lock, a key or a body of mist)."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(SpellBegins(card=a.card, caster=a.player, target=a.target, tokens=0))
        b.emit(DoorCreated(edge=int(a.target[1:])))


class Glue(Effect):
    """A treasure or dropped item the caster sees is glued where it lies: nobody (no
    wizard, no creature) picks it up while the spell lasts."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(SpellBegins(card=a.card, caster=a.player, target=a.target, tokens=0))


EFFECTS.update({
    "ward": Ward(), "ka-bong": KaBong(), "swap": Swap(), "booby-trap": BoobyTrap(),
    "create-door": CreateDoor(), "glue": Glue(),
})
