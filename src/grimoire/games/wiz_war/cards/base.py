"""What every card effect is built from: the hooks a card's effect may have, the registry
the school modules fill, and the consequences cards and turns share (damage, draws, walls,
attacks).

A card's record (``tables.CARDS``) names its effect; ``effect_of(card)`` is the object with
that card's hooks. A hook a card does not have does nothing.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from grimoire.core.events import Roll, Shuffle
from grimoire.core.kit import Builder
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK, WALL_KINDS
from grimoire.games.wiz_war.events import (
    Attack,
    Cancelled,
    Cast,
    Counter,
    Cracked,
    Damage,
    Death,
    Draw,
    Event,
    Halted,
    Hit,
    Landed,
    Moved,
    SpellBegins,
    SpellEnds,
    StonesDestroyed,
    StunAdded,
    TrapSprung,
    WallDestroyed,
)
from grimoire.games.wiz_war.state import (
    DISCARDS,
    THORNS,
    Pending,
    Spell,
    State,
    crossed_edge,
    deck_of,
    discard_of,
    energies,
    fire_walls,
    form,
    form_of,
    group_of,
    landing,
    spell_of,
    spellbook,
    spells_with,
    square_of,
    walk,
    wizard_has,
)

Build = Builder[State, Event]
"""The events of one decision and the state they lead to."""


class Effect:
    """What a card does, hook by hook. Every hook does nothing unless the card's effect
    defines it; the rules call the hooks, never a card by name."""

    def declare(self, b: Build, a: Cast, energy: int, origin: int) -> None:
        """An attack spell cast from ``origin``: its attack (or its cracks on a wall)."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        """A neutral spell that no one countered: its effect."""

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        """The counters ``card`` in seat ``p``'s hand offers against ``pd``."""
        return []

    def carried_counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        """The counters the carried item ``card`` offers against ``pd``."""
        return []

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        """Its effect when played as a counter against ``pd``."""

    def refusal(self, s: State, a: Counter, pd: Pending) -> tuple[str, str] | None:
        """Why the counter ``a``, of a card that answers ``pd``, is not offered as written
        (a reason code and a detail), or None: the rules give their own reason."""
        return None

    def answers(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        """The answers ``card`` in seat ``p``'s hand offers against the counter spell
        waiting on ``pd`` (``pd.counter``)."""
        return []

    def drawn(self, b: Build, sp: Spell, p: int, k: int) -> None:
        """Seat ``p``, on whose wizard the spell ``sp`` is, has drawn ``k`` cards."""

    def use_targets(self, s: State, p: int, card: int) -> list[str]:
        """What the carried item ``card`` may be used up on."""
        return []

    def carry(self, b: Build, p: int, card: int) -> None:
        """The item ``card`` has come to be carried by seat ``p``."""

    def lost(self, b: Build, p: int, cards: tuple[int, ...]) -> None:
        """Seat ``p`` has lost the carried items ``cards`` (all of this effect)."""

    def time_passes(self, b: Build, sp: Spell) -> None:
        """The turn of the spell's caster begins."""

    def treasure_taken(self, b: Build, p: int, sp: Spell) -> bool:
        """Seat ``p`` has picked up a treasure; True if the spell ``sp`` answered it."""
        return False

    def walled(self, s: State, pd: Pending, p: int) -> tuple[int, ...] | None:
        """The attack ``pd`` meets a wall put up in front of seat ``p`` (Wall of Earth):
        the wizards it goes on to strike instead (it turns back), or None: it stops."""
        return None

    def entered(self, b: Build, sp: Spell, p: int) -> None:
        """Seat ``p``, on whose wizard the spell ``sp`` is, has stepped into a square."""

    def blow(self, b: Build, sp: Spell, pd: Pending) -> None:
        """The attack ``pd`` of the wizard on whom the spell ``sp`` is has hit."""

    def relocates(self, a: Cast | Counter) -> int:
        """The seat whose wizard the spell or counter ``a`` moves to another square (-1:
        none): a stunned wizard who attacked may not cast one that moves himself."""
        return -1


EFFECTS: dict[str, Effect] = {"": Effect()}
"""Every card effect by name (the school modules register theirs)."""


def effect_of(card: int) -> Effect:
    """The hooks of ``card``'s effect."""
    return EFFECTS[CARD[card].effect]


# ------------------------------------------------------------------ consequences


def draw(b: Build, p: int, k: int) -> None:
    """Seat ``p`` draws ``k`` cards, shuffling the discards into a deck when it runs out;
    then the spells on its wizard that answer a draw (Slow Death) do."""
    need = k
    g = group_of(b.state, p)  # the Custom Spellbook: the seat's group's deck and pile
    pile = DISCARDS[g] if spellbook(b.state) else "discard"
    while need > 0:
        if not deck_of(b.state, g):
            if not discard_of(b.state, g):
                break
            b.emit(Shuffle.of(b.dice, pile, len(discard_of(b.state, g))))
        deck = deck_of(b.state, g)
        take = min(need, len(deck))
        b.emit(Draw(player=p, cards=deck[:take]))
        need -= take
    if k > need and b.state.spells:
        t = f"w{p}"
        for sp in b.state.spells:
            if sp.target == t and b.state.pos[p] >= 0:
                EFFECTS[CARD[sp.card].effect].drawn(b, sp, p, k - need)


def crossed(b: Build, p: int, path: list[int]) -> None:
    """A wizard going along ``path``: burning borders burn him as he crosses them, and
    each square he enters answers (thorns, trap tokens: :func:`entered`); none of it is
    an attack."""
    if not b.state.spells:
        return
    for x, y in pairwise(path):
        if x == y:  # a step that went nowhere (out of a cloud, into a wall)
            continue
        burning = fire_walls(b.state)
        e = crossed_edge(b.state, x, y) if burning else -1
        if e in burning and b.state.pos[p] >= 0:
            card = burning[e]
            damage(b, p, CARD[card].amount, -1, DECK[card], fire=True)
        entered(b, p, y)


def entered(b: Build, p: int, sq: int) -> None:
    """Seat ``p``'s wizard enters ``sq``: a creation with thorns there deals its amount of
    physical damage (and its stun tokens if some gets through; one that halts ends his
    Move and Cast phase when it is his own); a Booby Trap token there that is not his own
    is turned face up: the real one deals the card's amount of magical damage and the
    spell ends with all its tokens."""
    s = b.state
    if s.pos[p] < 0:
        return
    for sp in s.spells:
        if THORNS[sp.card] and square_of(sp) == sq and b.state.pos[p] >= 0:
            card = CARD[sp.card]
            dealt = damage(b, p, card.amount, -1, DECK[sp.card], fire=False)
            if dealt and card.stun and b.state.pos[p] >= 0:
                b.emit(StunAdded(player=p, count=card.stun))
            st = b.state
            if ("halts" in card.traits and p == st.active and st.phase == "move"
                    and st.pos[p] >= 0):
                b.emit(Halted(player=p))
    for c, q, real in s.traps:
        if q == sq and b.state.pos[p] >= 0:
            holder = spell_of(b.state, c)
            if holder is None or holder.caster == p:
                continue
            b.emit(TrapSprung(player=p, card=c, square=q, real=real == 1))
            if real == 1:
                damage(b, p, CARD[c].amount, -1, DECK[c], fire=False)
                b.emit(SpellEnds(card=c))


def damage(b: Build, q: int, amount: int, by: int, source: str, fire: bool,
           reflect: bool = True) -> int:
    """Deal damage to seat ``q``'s wizard (less what its items and transformation ward
    off); returns what it took. Fire destroys the magic stones it carries; a wizard with
    no life left dies; a reflecting spell on it hurts the attacker as much."""
    s = b.state
    if s.pos[q] < 0:
        return 0
    amount -= sum(item.ward for c in s.carried[q] if (item := CARD[c].carried) is not None)
    shape = form_of(s, q)
    if shape is not None:
        amount -= shape.ward
    if amount <= 0:
        return 0
    b.emit(Damage(player=q, amount=amount, by=by, source=source))
    if fire:
        stones = tuple(c for c in b.state.carried[q] if "magic-stone" in CARD[c].traits)
        if stones:
            b.emit(StonesDestroyed(player=q, cards=stones))
            backfire = {c: item.backfire for c in stones
                        if (item := CARD[c].carried) is not None and item.backfire}
            if backfire:
                first = DECK[next(iter(backfire))]
                b.emit(Damage(player=q, amount=sum(backfire.values()), by=by, source=first))
            lost: dict[str, tuple[int, ...]] = {}
            for c in stones:
                lost[CARD[c].effect] = (*lost.get(CARD[c].effect, ()), c)
            for name, cards in lost.items():
                EFFECTS[name].lost(b, q, cards)
    if b.state.life[q] <= 0:
        killer = by if by >= 0 and by != q and b.state.pos[by] >= 0 else -1
        b.emit(Death(player=q, by=killer, square=b.state.pos[q]))
    if reflect and 0 <= by != q and b.state.pos[by] >= 0:
        for sp in b.state.spells:
            if sp.target == f"w{q}" and "reflect" in CARD[sp.card].traits:
                damage(b, by, amount, -1, DECK[sp.card], fire=False, reflect=False)
                break
    return amount


def hit_unit(b: Build, card: int, amount: int) -> None:
    """Cracks on a creation or damage to a creature; it falls at its card's amount."""
    sp = spell_of(b.state, card)
    if sp is None or amount <= 0:
        return
    b.emit(Hit(card=card, amount=amount))
    if sp.hits + amount >= CARD[card].amount:
        b.emit(SpellEnds(card=card))


def crack_wall(b: Build, e: int, cracks: int) -> None:
    """``cracks`` crack tokens on border ``e``; a door or wall with enough falls."""
    k = b.state.edges[e]
    if k not in WALL_KINDS or cracks <= 0:
        return
    b.emit(Cracked(edge=e, cracks=cracks))
    limit = T.DOOR_CRACKS if k in "DSC" else T.WALL_CRACKS
    if b.state.cracks[e] >= limit:
        destroy_wall(b, e)


def destroy_wall(b: Build, e: int) -> None:
    """The wall or door on ``e`` is destroyed (a created wall: its spell ends; a sealed
    door: its seal ends with it)."""
    for sp in b.state.spells:
        if sp.target == f"e{e}" and "wall" in CARD[sp.card].traits:
            b.emit(SpellEnds(card=sp.card))
            return
        if sp.target == f"e{e}" and "seal" in CARD[sp.card].traits:
            b.emit(SpellEnds(card=sp.card))
            break
    b.emit(WallDestroyed(edge=e))


def batter(b: Build, target: str, cracks: int) -> None:
    """An attack on a wall (``e17``) or on the solid creation filling a square (``q12``)."""
    if target.startswith("e"):
        crack_wall(b, int(target[1:]), cracks)
        return
    sq = int(target[1:])
    sp = next(sp for sp in spells_with(b.state, "solid") if square_of(sp) == sq)
    hit_unit(b, sp.card, cracks)


def transform(b: Build, p: int, card: int, tokens: int) -> None:
    """A transformation replaces any other on the wizard."""
    old = form(b.state, p)
    if old is not None:
        b.emit(SpellEnds(card=old.card))
    b.emit(SpellBegins(card=card, caster=p, target=f"w{p}", tokens=tokens))


# ------------------------------------------------------------------ attacks


def strike(b: Build, a: Cast, energy: int, origin: int, targets: list[int],
           **fields: Any) -> None:
    """Declare the attack spell ``a`` on the wizards ``targets`` (the first answers first)."""
    if targets:
        b.emit(Attack(attacker=a.player, card=a.card, kind="spell", dtype="magical",
                      energy=energy, origin=origin, target=targets[0],
                      rest=tuple(targets[1:]), **fields))


def hit(b: Build, pd: Pending) -> None:
    """The attack ``pd`` strikes its target (no counter stopped it)."""
    q, by = pd.target, pd.attacker
    if pd.kind == "throw" and pd.mode != "spare":
        thrown = CARD[pd.card].thrown
        used_up = thrown is not None and thrown.used_up
        b.emit(Landed(card=pd.card, square=-1 if used_up else b.state.pos[q]))
    if pd.mode == "curse":
        b.emit(SpellBegins(card=pd.card, caster=by, target=f"w{q}", tokens=pd.energy))
        return
    if pd.mode == "stun":
        b.emit(StunAdded(player=q, count=CARD[pd.card].amount))
        return
    source = "punch" if pd.card < 0 else DECK[pd.card]
    amount = pd.damage - pd.reduced
    mighty = pd.dtype == "physical" and wizard_has(b.state, by, "mighty")
    if mighty:  # doubled before any counter took damage off
        amount = 2 * pd.damage - pd.reduced
    if pd.mode == "brain":
        amount = len(b.state.hands[q]) - pd.reduced
    if pd.mode == "darts":  # each dart its own source of the card's amount
        for _ in range(amount):
            if b.state.pos[q] >= 0:
                damage(b, q, CARD[pd.card].amount, by, source, pd.fire)
        return
    dealt = damage(b, q, amount, by, source, pd.fire)
    if b.state.pos[q] < 0:
        return
    if pd.mode.startswith("bolt") and dealt:
        b.emit(StunAdded(player=q, count=T.LIGHTNING_STUN))
    if dealt and pd.card >= 0 and CARD[pd.card].stun:
        b.emit(StunAdded(player=q, count=CARD[pd.card].stun))
    if pd.card >= 0 and "water" in CARD[pd.card].traits:
        wet = (f"w{q}", f"q{b.state.pos[q]}")  # what is on him, and in his square
        for sp in b.state.spells:
            if sp.target in wet and "quenched" in CARD[sp.card].traits:
                b.emit(SpellEnds(card=sp.card))
    if pd.mode.startswith("knock"):
        d, k = B.DIRS.index(pd.mode[5]), int(pd.mode[6:])
        path = walk(b.state, q, d, k)
        if path:
            start = b.state.pos[q]
            b.emit(Moved(player=q, square=path[-1]))
            crossed(b, q, [start, *path])
    if mighty:
        for sp in b.state.spells:
            if sp.target == f"w{by}" and "mighty" in CARD[sp.card].traits:
                EFFECTS[CARD[sp.card].effect].blow(b, sp, pd)
                break
        if b.state.pos[q] < 0:
            return
    if pd.kind == "punch":
        cloak = next((sp for sp in b.state.spells if sp.target == f"w{q}"
                      and "cloak" in CARD[sp.card].traits), None)
        if cloak is not None:
            damage(b, by, CARD[cloak.card].amount, -1, DECK[cloak.card], fire=True)


def next_target(b: Build, pd: Pending) -> None:
    """An attack that strikes several wizards moves on to the next one still alive."""
    s = b.state
    if s.result or s.pos[pd.attacker] < 0:
        return
    rest = [q for q in pd.rest if s.pos[q] >= 0]
    if rest:
        b.emit(Attack(attacker=pd.attacker, target=rest[0], card=pd.card, kind=pd.kind,
                      damage=pd.damage, dtype=pd.dtype, fire=pd.fire, energy=pd.energy,
                      mode=pd.mode, origin=pd.origin, rest=tuple(rest[1:])))


def cancel(b: Build, pd: Pending, how: str, stood: int = -1) -> None:
    """The pending attack or spell is stopped. A thrown weapon falls where it was stopped:
    in the target's square if the target evaded it or was pushed back by it (``stood``:
    where the target stood); if a barrier stopped it (a Wall of Earth on the border of the
    target's square), "in the last square it passed through before striking the barrier"
    (option ``thrown_to_thrower``: in the thrower's square)."""
    b.emit(Cancelled(how=how))
    if pd.kind == "throw" and pd.mode != "spare":  # a spare spike is gone either way
        s = b.state
        thrown = CARD[pd.card].thrown
        if thrown is not None and thrown.used_up:
            square = -1
        elif how in ("evaded", "pushed"):  # it reached the target's square
            square = stood if stood >= 0 else s.pos[pd.target]
        elif s.options.thrown_to_thrower or pd.origin < 0 or s.pos[pd.target] < 0:
            square = s.pos[pd.attacker]
        else:  # short of the target's square, on the thrower's side of the wall
            square = landing(s, pd.origin, f"q{s.pos[pd.target]}")
        b.emit(Landed(card=pd.card, square=square))
    if pd.kind != "neutral":
        next_target(b, pd)


def fuelled(s: State, p: int, card: int) -> list[Event]:
    """``card`` played as a counter with each choice of energy cards."""
    return [Counter(player=p, card=card, energy=e, add=a, energy2=e2)
            for e, a, e2 in energies(s, p, card)]


def roll_hand(b: Build, p: int, q: int, count: int, purpose: str) -> tuple[int, ...]:
    """``count`` cards of seat ``q``'s hand picked at random (dice rolled by seat ``p``
    whenever more than one card is left), in the order they were picked."""
    hand = list(b.state.hands[q])
    out: list[int] = []
    for _ in range(min(count, len(hand))):
        i = 0
        if len(hand) > 1:
            roll = Roll.of(b.dice, p, len(hand), 1, purpose)
            b.emit(roll)
            i = roll.values[0] - 1
        out.append(hand.pop(i))
    return tuple(out)


# ------------------------------------------------------------------ effects several schools share


class Create(Effect):
    """A permanent spell put on its target: a creation or creature on a square (Stone
    Block, Dust Cloud, Homunculus), a spell on a sector."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        b.emit(SpellBegins(card=a.card, caster=a.player, target=a.target, tokens=0))


class Maintain(Effect):
    """A temporary spell with as many energy tokens as its energy (a permanent one with
    none), on the caster (``s``), a border or the whole board."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        target = f"w{a.player}" if a.target == "s" else a.target
        tokens = energy if CARD[a.card].duration == "temporary" else 0
        b.emit(SpellBegins(card=a.card, caster=a.player, target=target, tokens=tokens))


class Transform(Effect):
    """A transformation: it replaces any other on the caster (a temporary one holds energy
    tokens); one that may also be a counter is cast against an attack the same way."""

    def resolve(self, b: Build, a: Cast, energy: int) -> None:
        tokens = energy if CARD[a.card].duration == "temporary" else 0
        transform(b, a.player, a.card, tokens)

    def counters(self, s: State, p: int, card: int, pd: Pending) -> list[Event]:
        if pd.kind == "neutral" or "counter-too" not in CARD[card].traits:
            return []
        current = form(s, p)
        if current is not None and DECK[current.card] == DECK[card]:
            return []
        return [Counter(player=p, card=card)]

    def counter(self, b: Build, a: Counter, pd: Pending, energy: int) -> None:
        transform(b, a.player, a.card, 0)


EFFECTS.update({"create": Create(), "maintain": Maintain(), "transform": Transform()})

__all__ = [
    "EFFECTS", "Build", "Effect", "batter", "cancel", "crack_wall", "crossed", "damage",
    "destroy_wall", "draw", "effect_of", "entered", "fuelled", "hit", "hit_unit", "next_target",
    "roll_hand", "strike", "transform", "wizard_has",
]
