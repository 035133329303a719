"""Alchemy: the effects of its cards (their facts are records in ``tables.CARDS``; the
stones that only add to their carrier are data there: ``Carried``).

>>> "brainstone" in EFFECTS
True
"""

from __future__ import annotations

from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war.board import CARD, DECK, WALL_KINDS
from grimoire.games.wiz_war.cards.base import (
    EFFECTS,
    Build,
    Create,
    Effect,
    cancel,
    damage,
    draw,
    roll_hand,
    strike,
)
from grimoire.games.wiz_war.events import Cast, Counter, Discarded, Event, SpellEnds
from grimoire.games.wiz_war.state import Pending, Spell, State, looking, spell_of, square_of


class AcidBath(Effect):
    """A curse: when time passes on the caster's turns, the card's amount of magical
    damage to its wizard, for as many turns as its energy."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        strike(b, a, energy, origin, [int(a.target[1:])], damage=0, mode="curse")

    def time_passes(self, b: Build, sp: Spell) -> None:
        if spell_of(b.state, sp.card):
            damage(b, int(sp.target[1:]), CARD[sp.card].amount, sp.caster, DECK[sp.card],
                   fire=False)


class StoneDead(Effect):
    """Magical damage: its energy plus the magic stones its target carries."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        q = int(a.target[1:])
        stones = sum(1 for x in b.state.carried[q] if "magic-stone" in CARD[x].traits)
        strike(b, a, energy, origin, [q], damage=energy + stones)


class FoolsGold(Create):
    """The first enemy to pick up a treasure in the caster's sector takes the card's
    amount of magical damage (not an attack); then the spell ends."""

    def treasure_taken(self, b: Build, p: int, sp: Spell) -> bool:
        sector = B.geometry(b.state.board).sector[b.state.pos[p]]
        if sp.target != f"sector{sector}" or sp.caster == p:
            return False
        b.emit(SpellEnds(card=sp.card))
        damage(b, p, CARD[sp.card].amount, -1, DECK[sp.card], fire=False)
        return True


class NullPowder(Effect):
    """Carried: used up to cancel a spell as a counter, or to end a spell in play."""

    def carried_counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        return [Counter(player=p, card=card)] if pd.kind in ("spell", "neutral") else []

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        cancel(b, pd, "")

    def use_targets(self, s: State, p: int, card: int) -> list[str]:
        return [f"c{sp.card}" for sp in s.spells]


class UniversalSolvent(Effect):
    """Carried: used up to destroy a wall or door of the carrier's square, a creation
    filling or burning next to him, or a dropped item (never a treasure)."""

    def use_targets(self, s: State, p: int, card: int) -> list[str]:
        g = B.geometry(s.board)
        sq = s.pos[p]
        edges = looking(s)
        near = {sq} | {q for d in range(4) if (q := B.step(s.players, edges, sq, d)[0]) >= 0}
        out = [f"e{e}" for d in range(4) if (e := g.edge[sq][d]) >= 0
               and s.edges[e] in WALL_KINDS]
        for sp in s.spells:
            traits = CARD[sp.card].traits
            if ("fills" in traits and square_of(sp) in near) or (
                    "burns" in traits and int(sp.target[1:]) in g.edge[sq]):
                out.append(f"c{sp.card}")
        out += [f"c{o}" for o, where in s.objects if where in near]
        return out


class Brainstone(Effect):
    """Its carrier draws as many cards as it adds to the hand size when it comes into
    play or is picked up, and discards as many at random when it is lost."""

    def carry(self, b: Build, p: int, card: int) -> None:
        item = CARD[card].carried
        draw(b, p, item.hand if item is not None else 0)

    def lost(self, b: Build, p: int, cards: tuple[int, ...]) -> None:
        if b.state.pos[p] < 0:
            return
        count = sum(item.hand for c in cards if (item := CARD[c].carried) is not None)
        gone = roll_hand(b, p, p, count, "brainstone")
        if gone:
            b.emit(Discarded(player=p, cards=gone))

EFFECTS.update({
    "acid-bath": AcidBath(), "stone-dead": StoneDead(), "fools-gold": FoolsGold(),
    "null-powder": NullPowder(), "universal-solvent": UniversalSolvent(),
    "brainstone": Brainstone(),
})
