"""Mutation: the effects of its own cards (their facts are records in ``tables.CARDS``;
its Energy 4, Energy 5, Dispel, Mist Body, Gnome Form and Golem Form are copies of cards
other schools or the extra cards have, with their effects; Stretch and Extra Arms are
spells on the caster that the rules read by their traits, ``reach`` and ``fists``, and
the transformations are data there: ``Form``).

>>> sorted(k for k in EFFECTS if k in ("featherweight", "wallivore"))
['featherweight', 'wallivore']
"""

from __future__ import annotations

from grimoire.core.events import Roll
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.cards.base import (
    EFFECTS,
    Build,
    Effect,
    Maintain,
    cancel,
    crossed,
    damage,
    destroy_wall,
    effect_of,
)
from grimoire.games.wiz_war.cards.targets import distance, knock_dirs
from grimoire.games.wiz_war.events import (
    Attack,
    AttackRestored,
    Cast,
    Counter,
    Dropped,
    Event,
    Heal,
    Heaved,
    Moved,
    MovementGained,
)
from grimoire.games.wiz_war.state import Pending, Spell, State, treasure_of, walk

HARMLESS = ("curse", "stun", "brain")
"""Attack modes Featherweight does not answer: they do no damage it could turn into a push
(a curse, stun tokens) or their damage is not known until the target answers (Brain
Burn)."""


class Featherweight(Effect):
    """Counter an attack that would damage you: you take none of it, and are pushed back,
    away from where the attack comes from, one square per point of its damage (straight,
    stopped by whatever stops a walker). "If the attack originates in your square, you
    choose which direction to move": the counter then names it (``target`` ``n``, ``e``,
    ``s`` or ``w``; option ``featherweight_stays``: you are pushed nowhere). It moves its
    player's wizard, so a stunned wizard who attacked may not play it."""

    def relocates(self, a: Cast | Counter) -> int:
        return a.player

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if pd.kind == "neutral" or pd.mode in HARMLESS or pd.damage - pd.reduced <= 0:
            return []
        if chooses(s, pd):
            return [Counter(player=p, card=card, target=d) for d in B.DIRS]
        return [Counter(player=p, card=card)]

    def refusal(self, s: State, a: Counter, pd: Pending) -> tuple[str, str] | None:
        if chooses(s, pd) and a.target not in tuple(B.DIRS):
            return ("counter/direction", "the attack comes from your own square: choose "
                    "the direction you are pushed, target n, e, s or w")
        if not chooses(s, pd) and a.target:
            return ("counter/direction", "the attack comes from another square: you are "
                    "pushed straight away from it, name no direction")
        return None

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        q = pd.target
        start = b.state.pos[q]
        amount = pd.damage - pd.reduced
        d = -1
        if a.target in tuple(B.DIRS):
            d = B.DIRS.index(a.target)
        elif 0 <= pd.origin != start:
            d = knock_dirs(b.state, pd.origin, start)[0]
        if d >= 0:
            path = walk(b.state, q, d, amount)
            if path:
                b.emit(Moved(player=q, square=path[-1]))
                crossed(b, q, [start, *path])
        cancel(b, pd, "pushed", stood=start)


def chooses(s: State, pd: Pending) -> bool:
    """Does the wizard ``pd`` strikes choose where a Featherweight pushes him? Only when
    the attack comes from his own square (not with ``featherweight_stays``)."""
    return pd.origin == s.pos[pd.target] >= 0 and not s.options.featherweight_stays


class Disease(Maintain):
    """A temporary spell on the caster (its energy in turns): each time his wizard steps
    into a square, every other wizard there takes the card's amount of physical damage
    (not an attack; the caster scores a kill it makes)."""

    def entered(self, b: Build, sp: Spell, p: int) -> None:
        here = b.state.pos[p]
        for q in range(b.state.players):
            if q != p and b.state.pos[q] == here >= 0:
                damage(b, q, CARD[sp.card].amount, p, DECK[sp.card], fire=False,
                       reflect=False)


class HeaveHo(Effect):
    """Throw the treasure you carry at an enemy wizard you see: it lands in his square at
    once, and the attack does physical damage equal to the squares between you (counted
    along rows and columns)."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        p, q = a.player, int(a.target[1:])
        t = treasure_of(b.state, p)
        here, there = b.state.pos[p], b.state.pos[q]
        b.emit(Heaved(player=p, treasure=t, square=there))
        b.emit(Attack(attacker=p, target=q, card=a.card, kind="spell",
                      damage=distance(b.state, here, there), dtype="physical",
                      energy=energy, origin=here))


class Adrenaline(Effect):
    """Cast after your attack this turn: you may make one more."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        if b.state.attacked:
            b.emit(AttackRestored(player=a.player))


class MadDash(Effect):
    """Your movement points left this turn are doubled; the treasure you carry is dropped
    in your square first."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        p = a.player
        t = treasure_of(b.state, p)
        if t >= 0:
            b.emit(Dropped(player=p, what=f"t{t}"))
        if b.state.mp > 0:
            b.emit(MovementGained(player=p, amount=b.state.mp))


class Strength(Maintain):
    """A temporary spell on the caster (until his next turn): his physical attacks do
    double damage (trait ``mighty``, read by ``hit``), and each punch or weapon that hits
    a wizard carrying items rolls a d4: on the faces of ``tables.TEAR_FACES`` one of those
    items, picked by a roll, is torn away and falls in that wizard's square."""

    def blow(self, b: Build, sp: Spell, pd: Pending) -> None:
        q = pd.target
        items = b.state.carried[q]
        if pd.kind not in ("punch", "weapon") or not items or b.state.pos[q] < 0:
            return
        roll = Roll.of(b.dice, sp.caster, 4, 1, "strength")
        b.emit(roll)
        if roll.values[0] not in T.TEAR_FACES:
            return
        i = 0
        if len(items) > 1:
            pick = Roll.of(b.dice, sp.caster, len(items), 1, "strength")
            b.emit(pick)
            i = pick.values[0] - 1
        c = items[i]
        b.emit(Dropped(player=q, what=f"c{c}"))
        effect_of(c).lost(b, q, (c,))


class Wallivore(Effect):
    """Eat a stone or created wall on a side of your square: it is destroyed, and you gain
    the card's amount of life (never above the most)."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        e, p = int(a.target[1:]), a.player
        if b.state.edges[e] not in "#W" or b.state.pos[p] < 0:
            return
        g = B.geometry(b.state.board)
        if e not in g.edge[b.state.pos[p]]:
            return
        destroy_wall(b, e)
        gain = min(CARD[a.card].amount, T.LIFE_MAX - b.state.life[p])
        if gain > 0:
            b.emit(Heal(player=p, amount=gain))


EFFECTS.update({
    "featherweight": Featherweight(), "disease": Disease(), "heave-ho": HeaveHo(),
    "adrenaline": Adrenaline(), "mad-dash": MadDash(), "strength": Strength(),
    "wallivore": Wallivore(),
})
