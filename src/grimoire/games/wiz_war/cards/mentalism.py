"""Mentalism: the effects of its cards (their facts are records in ``tables.CARDS``).

>>> "teleport" in EFFECTS
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
    draw,
    fuelled,
    hit_unit,
    roll_hand,
    strike,
)
from grimoire.games.wiz_war.cards.targets import storm_area
from grimoire.games.wiz_war.events import (
    Cast,
    Counter,
    Event,
    LifeSet,
    Moved,
    Projected,
    Reduced,
    SpellBegins,
    Stolen,
)
from grimoire.games.wiz_war.state import (
    Pending,
    State,
    aimed_at,
    creatures,
    jump_squares,
    on_wizard,
    others_in_turn_order,
    route,
    square_of,
)


class Shield(Effect):
    """Reduce an attack's damage by the card's amount plus an energy card's value (it
    takes on one source of damage: of Fire Darts, one dart)."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if pd.kind == "neutral" or pd.mode in ("stun", "curse"):
            return []
        return fuelled(s, p, card)

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        # the amount plus the energy card's value (the rulebook's example: the amount
        # alone without one), plus what carried items add
        bonus = energy if a.energy >= 0 else energy - 1
        b.emit(Reduced(amount=1 if pd.mode == "darts" else CARD[a.card].amount + bonus))


class Powerthrust(Effect):
    """Magical damage of its energy plus the card's amount, to a wizard, or to a wall,
    door or solid creation (a crack for each full three)."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        amount = energy + CARD[a.card].amount
        if a.target[0] in "eq":
            batter(b, a.target, amount // T.DAMAGE_PER_CRACK)
            return
        strike(b, a, energy, origin, [int(a.target[1:])], damage=amount)


class BrainBurn(Effect):
    """The target may discard; then takes damage equal to the cards left in hand."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        strike(b, a, energy, origin, [int(a.target[1:])], damage=0, mode="brain")


class MentalForce(Effect):
    """Move a wizard by its own ways up to its energy plus the card's amount in steps."""

    def relocates(self, a: Cast | Counter) -> int:
        return int(a.target[1:]) if isinstance(a, Cast) and a.target.startswith("w") else -1

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        s = b.state
        q, dest = int(a.target[1:]), int(a.mode)
        path = route(s, q, energy + CARD[a.card].amount, dest)
        if path:
            b.emit(Moved(player=q, square=dest))
            crossed(b, q, [s.pos[q], *path])


class PsychicStorm(Effect):
    """Damage equal to its energy to every wizard (the caster too) and creature in a
    square and its four neighbours, walls or not."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        s, p = b.state, a.player
        area = storm_area(s, int(a.target[1:]))
        for sp in creatures(s):
            if square_of(sp) in area:
                hit_unit(b, sp.card, energy)
        targets = [q for q in (p, *others_in_turn_order(b.state, p)) if b.state.pos[q] in area]
        strike(b, a, energy, origin, targets, damage=energy)


class ShareLife(Effect):
    """The caster and the target each get half their total life (the odd point to the
    caster)."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        s, p, q = b.state, a.player, int(a.target[1:])
        total = s.life[p] + s.life[q]
        b.emit(LifeSet(player=p, life=(total + 1) // 2))
        b.emit(LifeSet(player=q, life=total // 2))


class ThoughtSteal(Effect):
    """Take the card's amount of cards at random from the target's hand."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        p, q = a.player, int(a.target[1:])
        taken = roll_hand(b, p, q, CARD[a.card].amount, "thought-steal")
        if taken:
            b.emit(Stolen(thief=p, victim=q, cards=taken))


class PainLink(Maintain):
    """Whoever damages the caster with an attack takes as much; it may be cast as a
    counter, and then stays in play."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if pd.kind == "neutral" or on_wizard(s, p, B.DECK[card]) is not None:
            return []
        return fuelled(s, p, card)

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        b.emit(SpellBegins(card=a.card, caster=a.player, target=f"w{a.player}",
                           tokens=energy))


class Teleport(Effect):
    """Move up to the card's amount in steps, walls ignored; as a counter it evades the
    attack."""

    def relocates(self, a: Cast | Counter) -> int:
        return a.player

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(Moved(player=a.player, square=int(a.target[1:])))

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if pd.kind == "neutral":
            return []
        return [Counter(player=p, card=card, target=f"q{q}")
                for q in jump_squares(s, p, CARD[card].amount)]

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        stood = b.state.pos[a.player]
        b.emit(Moved(player=a.player, square=int(a.target[1:])))
        cancel(b, pd, "evaded", stood)


class AstralProjection(Effect):
    """For the rest of the phase the caster casts from another square."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(Projected(square=int(a.target[1:])))


class Meditate(Effect):
    """Draw the card's amount of cards."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        draw(b, a.player, CARD[a.card].amount)


class Shatter(Effect):
    """A crack for each point of energy on a wall, door or solid creation."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        batter(b, a.target, energy)


class AbsorbSpell(Effect):
    """Cancel a spell aimed at the caster and take the card into his hand."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if pd.kind == "neutral":
            aimed = pd.action is not None and aimed_at(s, pd.action) == p
            return [Counter(player=p, card=card)] if aimed else []
        return [Counter(player=p, card=card)] if pd.kind == "spell" else []

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        cancel(b, pd, "absorbed")


EFFECTS.update({
    "shield": Shield(), "powerthrust": Powerthrust(), "brain-burn": BrainBurn(),
    "mental-force": MentalForce(), "psychic-storm": PsychicStorm(), "share-life": ShareLife(),
    "thought-steal": ThoughtSteal(), "pain-link": PainLink(), "teleport": Teleport(),
    "astral-projection": AstralProjection(), "meditate": Meditate(), "shatter": Shatter(),
    "absorb-spell": AbsorbSpell(),
})
