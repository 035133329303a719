"""Wiz-War: how each event changes the state (pure; total over what ``decide`` emits).

>>> from grimoire.games.wiz_war import RULES
>>> from grimoire.games.wiz_war.events import Start
>>> evolve(RULES.setup(RULES.Options(), ("a", "b")), Start(player=0)).phase
'move'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from grimoire.core.events import Roll, Shuffle
from grimoire.core.kit import ended, evolver, put, without
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, EV
from grimoire.games.wiz_war.state import (
    DISCARDS,
    PILES,
    SECTOR_PILE,
    Pending,
    Spell,
    State,
    adopt,
    deck_of,
    destination,
    discard_of,
    group_of,
    laying,
    misty,
    passage,
    speed,
    spellbook,
    square_of,
)

replace = msgspec.structs.replace


def _respeed(before: State, after: State) -> State:
    """A base speed change during the active wizard's turn changes its movement points
    left by the difference (they may go below zero)."""
    p = after.active
    if after.phase not in ("move", "respond") or after.pos[p] < 0 or before.pos[p] < 0:
        return after
    delta = speed(after, p) - speed(before, p)
    return replace(after, mp=after.mp + delta) if delta else after


def _same(s: State, e: Any) -> State:
    return s


def _start(s: State, e: E.Start) -> State:
    return replace(s, phase="move")


def _shuffle(s: State, e: Shuffle) -> State:
    if e.pile == SECTOR_PILE:  # the board is built by the BoardBuilt that follows
        return s
    if e.pile == "deck":
        return replace(s, deck=e.apply(s.deck))
    if e.pile in PILES:  # the Custom Spellbook: one group's deck as the game starts
        a, b = deck_of(s, 0), deck_of(s, 1)
        return replace(s, deck=e.apply(a) + b if e.pile == PILES[0] else a + e.apply(b))
    if e.pile in DISCARDS:  # one group's discard pile into its empty deck
        g = DISCARDS.index(e.pile)
        pile = discard_of(s, g)
        rest = tuple(c for c in s.discard if c not in pile)
        a, b = deck_of(s, 0), deck_of(s, 1)
        if g == 0:
            return replace(s, deck=a + e.apply(pile) + b, split=s.split + len(pile),
                           discard=rest)
        return replace(s, deck=a + b + e.apply(pile), discard=rest)
    return replace(s, deck=s.deck + e.apply(s.discard), discard=())


def _taken(s: State, p: int, k: int) -> tuple[dict[str, Any], tuple[int, ...]]:
    """The fields of ``s`` that change when the top ``k`` cards of seat ``p``'s deck (its
    group's in the Custom Spellbook) are taken, and those cards."""
    if not spellbook(s):
        return {"deck": s.deck[k:]}, s.deck[:k]
    if group_of(s, p) == 0:
        return {"deck": s.deck[k:], "split": s.split - k}, s.deck[:k]
    return {"deck": s.deck[:s.split] + s.deck[s.split + k:]}, s.deck[s.split:][:k]


def _take(s: State, p: int, k: int) -> tuple[State, tuple[int, ...]]:
    """``s`` less the top ``k`` cards of seat ``p``'s deck, and those cards."""
    changed, cards = _taken(s, p, k)
    return replace(s, **changed), cards


def _deal(s: State, e: E.Deal) -> State:
    hands = []
    for p, h in enumerate(e.hands):
        s, cards = _take(s, p, len(h))
        hands.append(cards)
    return replace(s, hands=tuple(hands))


def _turn_begins(s: State, e: E.TurnBegins) -> State:
    p = e.player
    spells = s.spells
    if spells and any(sp.caster == p and CARD[sp.card].speed for sp in spells):
        spells = tuple(
            msgspec.structs.replace(sp, moves=CARD[sp.card].speed)
            if sp.caster == p and CARD[sp.card].speed else sp
            for sp in spells
        )
    return replace(s, active=p, phase="move", turns=put(s.turns, p, s.turns[p] + 1),
                   mp=e.movement, boosted=False, attacked=False, moved=False,
                   stunned=False, picked=-1, origin=-1, bend=False, spells=spells)


def _update_spell(s: State, card: int, **kw: Any) -> tuple[Spell, ...]:
    return tuple(msgspec.structs.replace(sp, **kw) if sp.card == card else sp
                 for sp in s.spells)


def _spell(s: State, card: int) -> Spell:
    return next(sp for sp in s.spells if sp.card == card)


def _move(s: State, e: E.Move) -> State:
    p = e.player
    if e.unit >= 0:
        sp = _spell(s, e.unit)
        d = B.DIRS.index(e.dir)
        dest = passage(s, square_of(sp), d, sp.caster)
        return replace(s, spells=_update_spell(s, e.unit, target=f"q{dest}", moves=sp.moves - 1))
    if e.dir == "r":  # out of a Dust Cloud: the roll and a `moved` follow
        return replace(s, mp=s.mp - 1, moved=True)
    d = B.DIRS.index(e.dir)
    picked = s.picked
    if picked < 0:  # the usual case: no door picked, none to close
        dest = passage(s, s.pos[p], d, p, misty(s, p))
        return replace(s, pos=put(s.pos, p, dest), mp=s.mp - 1, moved=True)
    dest = destination(s, p, d)
    if B.GEOMETRY[s.board].edge[s.pos[p]][d] == picked and not s.options.pick_lock_phase:
        picked = -1  # "After a wizard passes through a door, it automatically re-locks"
    return _door_closes(replace(s, pos=put(s.pos, p, dest), mp=s.mp - 1, moved=True,
                                picked=picked))


def _door_closes(s: State) -> State:
    """"Once a wizard is no longer adjacent to a door, it immediately closes and
    re-locks": a picked door closes once its picker is in neither of its squares (not with
    ``pick_lock_phase``)."""
    if s.picked < 0 or s.options.pick_lock_phase:
        return s
    g = B.geometry(s.board)
    sq, d = g.edge_squares[s.picked]
    if s.pos[s.active] in (sq, g.neighbour(sq, d)):
        return s
    return replace(s, picked=-1)


def _pick_up(s: State, e: E.PickUp) -> State:
    p = e.player
    n = int(e.what[1:])
    if e.unit >= 0:
        return replace(s, treasures=put(s.treasures, n, -1),
                       spells=_update_spell(s, e.unit, carry=n, moves=-1))
    if e.what[0] == "t":
        # picking up a treasure ends the Move and Cast phase
        return replace(s, treasures=put(s.treasures, n, -1), bearer=put(s.bearer, n, p),
                       phase="draw", picked=-1, origin=-1, bend=False)
    objects = tuple(o for o in s.objects if o != (n, s.pos[p]))
    after = replace(s, objects=objects, carried=put(s.carried, p, s.carried[p] + (n,)),
                    mp=s.mp - 1)
    return _respeed(s, after) if _speeds(n) else after


def _speeds(card: int) -> bool:
    """Does carrying ``card`` change its carrier's speed?"""
    item = CARD[card].carried
    return item is not None and item.speed != 0


def _drop_thing(s: State, p: int, what: str) -> State:
    n = int(what[1:])
    sq = s.pos[p]
    if what[0] == "t":
        return replace(s, treasures=put(s.treasures, n, sq), bearer=put(s.bearer, n, -1))
    after = replace(s, carried=put(s.carried, p, without(s.carried[p], n)),
                    objects=(*s.objects, (n, sq)))
    return _respeed(s, after) if _speeds(n) else after


def _drop(s: State, e: E.Drop) -> State:
    if e.unit >= 0:
        sp = _spell(s, e.unit)
        return replace(s, treasures=put(s.treasures, sp.carry, square_of(sp)),
                       spells=_update_spell(s, e.unit, carry=-1))
    return _drop_thing(s, e.player, e.what)


def _dropped(s: State, e: E.Dropped) -> State:
    return _drop_thing(s, e.player, e.what)


def _boost(s: State, e: E.Boost) -> State:
    p = e.player
    return replace(s, hands=put(s.hands, p, without(s.hands[p], e.card)),
                   discard=(*s.discard, e.card), mp=s.mp + EV[e.card], boosted=True)


def _punch(s: State, e: E.Punch) -> State:
    if e.energy < 0:
        return replace(s, attacked=True)
    p = e.player  # a weapon that takes an energy card (Wizardblade): it is discarded
    return replace(s, attacked=True, hands=put(s.hands, p, without(s.hands[p], e.energy)),
                   discard=(*s.discard, e.energy))


def _spend(s: State, p: int, card: int, energy: int, add: int, energy2: int,
           from_hand: bool = True) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Hand, carried and discard after playing ``card`` with its energy cards (the card
    itself is not put anywhere)."""
    hand, carried, discard = s.hands[p], s.carried[p], s.discard
    if from_hand:
        hand = without(hand, card)
    else:
        carried = without(carried, card)
    for x in (energy, add, energy2):
        if x >= 0:
            hand = without(hand, x)
            discard += (x,)
    return hand, carried, discard


def _cast(s: State, e: E.Cast) -> State:
    p, c = e.player, e.card
    hand, carried, discard = _spend(s, p, c, e.energy, e.add, e.energy2)
    kind = CARD[c].kind
    if kind == "item":
        carried += (c,)
    elif CARD[c].duration == "instant":
        discard += (c,)
    bend = s.bend and kind == "item"
    after = replace(s, hands=put(s.hands, p, hand), carried=put(s.carried, p, carried),
                    discard=discard, attacked=s.attacked or kind == "attack", bend=bend)
    return _respeed(s, after) if _speeds(c) else after


def _use(s: State, e: E.Use) -> State:
    p = e.player
    return replace(s, carried=put(s.carried, p, without(s.carried[p], e.card)),
                   discard=(*s.discard, e.card))


def _throw(s: State, e: E.Throw | E.ThrowAt) -> State:
    p = e.player
    tokens = _charges(s, e.card)
    if tokens > 1:  # one spike of several is thrown: the item stays carried
        return replace(s, charges=_set_charge(s, e.card, tokens - 1), attacked=True)
    return replace(s, carried=put(s.carried, p, without(s.carried[p], e.card)),
                   attacked=True)


def _charges(s: State, card: int) -> int:
    return next((k for c, k in s.charges if c == card), 1)


def _set_charge(s: State, card: int, tokens: int) -> tuple[tuple[int, int], ...]:
    """``charges`` with ``card`` holding ``tokens`` (one token is not recorded)."""
    rest = tuple(x for x in s.charges if x[0] != card)
    return (*rest, (card, tokens)) if tokens > 1 else rest


def _charged(s: State, e: E.Charged) -> State:
    return replace(s, charges=_set_charge(s, e.card, e.tokens))


def _attack(s: State, e: E.Attack) -> State:
    pd = Pending(attacker=e.attacker, target=e.target, card=e.card, kind=e.kind,
                 damage=e.damage, dtype=e.dtype, fire=e.fire, energy=e.energy, mode=e.mode,
                 origin=e.origin, rest=e.rest)
    return replace(s, pending=pd, phase="respond")


def _window(s: State, e: E.Window) -> State:
    c = e.cast
    pd = Pending(attacker=c.player, target=e.responders[0], card=c.card, kind="neutral",
                 damage=0, dtype="", energy=0, responders=e.responders, action=c)
    return replace(s, pending=pd, phase="respond")


def _counter(s: State, e: E.Counter) -> State:
    p = e.player
    from_hand = e.card in s.hands[p]
    hand, carried, discard = _spend(s, p, e.card, e.energy, e.add, e.energy2, from_hand)
    if "lasting" not in CARD[e.card].traits:
        discard += (e.card,)
    return replace(s, hands=put(s.hands, p, hand), carried=put(s.carried, p, carried),
                   discard=discard)


def _allow(s: State, e: E.Allow) -> State:
    pd = s.pending
    if pd is not None and pd.counter is not None:  # the counter spell goes ahead
        return replace(s, pending=msgspec.structs.replace(pd, counter=None))
    if pd is not None and pd.kind == "neutral" and len(pd.responders) > 1:
        rest = pd.responders[1:]
        return replace(s, pending=msgspec.structs.replace(pd, responders=rest, target=rest[0]))
    return replace(s, pending=None, phase="move")


def _cancelled(s: State, e: E.Cancelled) -> State:
    pd = s.pending
    if pd is None:
        return s
    discard, hands = s.discard, s.hands
    c = pd.card
    if c >= 0 and pd.kind in ("spell", "neutral"):
        instant = CARD[c].duration == "instant"
        if e.how == "absorbed":
            if not instant or c in discard:
                if c in discard:
                    discard = without(discard, c)
                hands = put(hands, pd.target, hands[pd.target] + (c,))
        elif not instant and c not in discard:
            discard += (c,)
    return replace(s, pending=None, phase="move", discard=discard, hands=hands)


def _counter_window(s: State, e: E.CounterWindow) -> State:
    pd = s.pending
    assert pd is not None
    return replace(s, pending=msgspec.structs.replace(pd, counter=e.counter))


def _counter_cancelled(s: State, e: E.CounterCancelled) -> State:
    pd = s.pending
    assert pd is not None and pd.counter is not None
    c = pd.counter.card  # a counter that would have stayed in play is discarded too
    discard = s.discard if c in s.discard else (*s.discard, c)
    return replace(s, pending=msgspec.structs.replace(pd, counter=None), discard=discard)


def _reduced(s: State, e: E.Reduced) -> State:
    pd = s.pending
    assert pd is not None
    return replace(s, pending=msgspec.structs.replace(pd, reduced=pd.reduced + e.amount))


def _draw(s: State, e: E.Draw) -> State:
    p = e.player
    changed, cards = _taken(s, p, len(e.cards))
    return replace(s, hands=put(s.hands, p, s.hands[p] + cards), **changed)


def _damage(s: State, e: E.Damage) -> State:
    return replace(s, life=put(s.life, e.player, s.life[e.player] - e.amount))


def _heal(s: State, e: E.Heal) -> State:
    return replace(s, life=put(s.life, e.player, min(T.LIFE_MAX, s.life[e.player] + e.amount)))


def _life_set(s: State, e: E.LifeSet) -> State:
    return replace(s, life=put(s.life, e.player, e.life))


def _stunned(s: State, e: E.Stunned) -> State:
    return replace(s, stun=put(s.stun, e.player, s.stun[e.player] - 1), stunned=True)


def _stun_added(s: State, e: E.StunAdded) -> State:
    return replace(s, stun=put(s.stun, e.player, s.stun[e.player] + e.count))


def _spell_begins(s: State, e: E.SpellBegins) -> State:
    if any(sp.card == e.card for sp in s.spells):  # only a forged log gets here
        raise ValueError(f"card {e.card} is already a spell in play")
    moves = max(CARD[e.card].speed - 1, 0)
    after = replace(s, spells=(*s.spells, Spell(e.card, e.caster, e.target, e.tokens,
                                                moves=moves)))
    return _respeed(s, after) if CARD[e.card].form is not None else after


def _token_spent(s: State, e: E.TokenSpent) -> State:
    sp = _spell(s, e.card)
    return replace(s, spells=_update_spell(s, e.card, tokens=sp.tokens - 1))


def _end_spells(s: State, ended: list[Spell]) -> dict[str, Any]:
    """Fields after the spells ``ended`` leave play (walls fall, carried treasures drop)."""
    edges, cracks, treasures = s.edges, s.cracks, s.treasures
    for sp in ended:
        if "wall" in CARD[sp.card].traits:
            edge = int(sp.target[1:])
            edges = put(edges, edge, ".")
            cracks = put(cracks, edge, 0)
        elif "seal" in CARD[sp.card].traits and edges[int(sp.target[1:])] == "S":
            edges = put(edges, int(sp.target[1:]), "D")
        if sp.carry >= 0:
            treasures = put(treasures, sp.carry, square_of(sp))
    gone = {sp.card for sp in ended}
    out: dict[str, Any] = dict(spells=tuple(sp for sp in s.spells if sp.card not in gone),
                               discard=s.discard + tuple(sp.card for sp in ended),
                               edges=edges, cracks=cracks, treasures=treasures)
    if s.traps:  # a Booby Trap's tokens go with it
        out["traps"] = tuple(t for t in s.traps if t[0] not in gone)
    return out


def _spell_ends(s: State, e: E.SpellEnds) -> State:
    after = replace(s, **_end_spells(s, [_spell(s, e.card)]))
    return _respeed(s, after) if CARD[e.card].form is not None else after


def _bent(s: State, e: E.Bent) -> State:
    return replace(s, bend=True)


def _projected(s: State, e: E.Projected) -> State:
    return replace(s, origin=e.square)


def _cracked(s: State, e: E.Cracked) -> State:
    return replace(s, cracks=put(s.cracks, e.edge, s.cracks[e.edge] + e.cracks))


def _hit(s: State, e: E.Hit) -> State:
    sp = _spell(s, e.card)
    return replace(s, spells=_update_spell(s, e.card, hits=sp.hits + e.amount))


def _wall_destroyed(s: State, e: E.WallDestroyed) -> State:
    return replace(s, edges=put(s.edges, e.edge, "."), cracks=put(s.cracks, e.edge, 0))


def _wall_created(s: State, e: E.WallCreated) -> State:
    return replace(s, edges=put(s.edges, e.edge, "W"), cracks=put(s.cracks, e.edge, 0))


def _door_sealed(s: State, e: E.DoorSealed) -> State:
    return replace(s, edges=put(s.edges, e.edge, "S"))


def _door_created(s: State, e: E.DoorCreated) -> State:
    return replace(s, edges=put(s.edges, e.edge, "C"), cracks=put(s.cracks, e.edge, 0))


def _halted(s: State, e: E.Halted) -> State:
    return replace(s, phase="draw", mp=0, picked=-1, origin=-1, bend=False)


def _swapped(s: State, e: E.Swapped) -> State:
    a, b = s.pos[e.player], s.pos[e.other]
    pos = put(put(s.pos, e.player, b), e.other, a)
    if e.player != s.active:
        return _door_closes(replace(s, pos=pos))
    # "no more movement": no points left, and no speed boost to win more
    moved = s.moved or not s.options.stun_ignores_spells
    return _door_closes(replace(s, pos=pos, mp=0, boosted=True, moved=moved))


def _traps_laid(s: State, e: E.TrapsLaid) -> State:
    laid = tuple((e.card, q, -1 if e.real < 0 else int(q == e.real)) for q in e.squares)
    if e.steps:  # its caster places the other tokens, then chooses the real one
        return replace(s, traps=s.traps + laid, spells=_update_spell(s, e.card, moves=e.steps))
    return replace(s, traps=s.traps + laid)


def _lay_token(s: State, e: E.LayToken) -> State:
    sp = laying(s)
    if sp is None:
        return s
    return replace(s, traps=(*s.traps, (sp.card, e.square, -1)),
                   spells=_update_spell(s, sp.card, moves=sp.moves - 1))


def _arm_trap(s: State, e: E.ArmTrap) -> State:
    sp = laying(s)
    if sp is None:
        return s
    traps = s.traps
    if e.square >= 0:  # told to the caster only: another seat's tokens stay unknown
        traps = tuple((c, q, int(q == e.square)) if c == sp.card else (c, q, r)
                      for c, q, r in traps)
    return replace(s, traps=traps, spells=_update_spell(s, sp.card, moves=0))


def _trap_sprung(s: State, e: E.TrapSprung) -> State:
    return replace(s, traps=tuple(t for t in s.traps if t[:2] != (e.card, e.square)))


def _snatched(s: State, e: E.Snatched) -> State:
    carried = put(s.carried, e.victim, without(s.carried[e.victim], e.card))
    after = replace(s, carried=put(carried, e.thief, carried[e.thief] + (e.card,)))
    return _respeed(s, after) if _speeds(e.card) else after


def _landed(s: State, e: E.Landed) -> State:
    if e.square < 0:
        return replace(s, discard=(*s.discard, e.card), charges=_set_charge(s, e.card, 1))
    return replace(s, objects=(*s.objects, (e.card, e.square)))


def _stones_destroyed(s: State, e: E.StonesDestroyed) -> State:
    if not set(e.cards) <= set(s.carried[e.player]):  # no log destroys stones not carried
        raise ValueError(f"seat {e.player} does not carry every stone of {e.cards}")
    carried = tuple(c for c in s.carried[e.player] if c not in e.cards)
    after = replace(s, carried=put(s.carried, e.player, carried), discard=s.discard + e.cards)
    return _respeed(s, after)


def _door_picked(s: State, e: E.DoorPicked) -> State:
    return replace(s, picked=e.edge)


def _moved(s: State, e: E.Moved) -> State:
    # the active wizard moved by his own spell has moved this turn (a stunned wizard who
    # moves may not attack), unless the house rule says spells are not his move
    moved = s.moved or (e.player == s.active and not s.options.stun_ignores_spells)
    return _door_closes(replace(s, pos=put(s.pos, e.player, e.square), moved=moved))


def _unit_moved(s: State, e: E.UnitMoved) -> State:
    return replace(s, spells=_update_spell(s, e.card, target=f"q{e.square}"))


def _stolen(s: State, e: E.Stolen) -> State:
    hand = s.hands[e.victim]
    for c in e.cards:
        hand = without(hand, c)
    return replace(s, hands=put(put(s.hands, e.victim, hand), e.thief,
                                s.hands[e.thief] + e.cards))


def _discarded(s: State, e: E.Discarded) -> State:
    hand = s.hands[e.player]
    for c in e.cards:
        hand = without(hand, c)
    return replace(s, hands=put(s.hands, e.player, hand), discard=s.discard + e.cards)


def _dissolved(s: State, e: E.Dissolved) -> State:
    objects = tuple(o for o in s.objects if o[0] != e.card)
    return replace(s, objects=objects, discard=(*s.discard, e.card),
                   charges=_set_charge(s, e.card, 1))


def _rotated(s: State, e: E.Rotated) -> State:
    squares, borders = B.rotation(s.board, e.sector, e.quarter)

    def sq(q: int) -> int:
        return squares.get(q, q)

    edges, cracks = list(s.edges), list(s.cracks)
    for a, b in borders.items():
        edges[b], cracks[b] = s.edges[a], s.cracks[a]
    if not s.options.sector_lines_stay:  # the walls on the sector's edges are repaired
        g = B.geometry(s.board)
        for x in g.sector_lines[e.sector]:
            edges[x], cracks[x] = g.initial_edges[x], 0

    def target(t: str) -> str:
        if t.startswith("q"):
            return f"q{sq(int(t[1:]))}"
        if t.startswith("e"):
            return f"e{borders.get(int(t[1:]), int(t[1:]))}"
        return t

    return _door_closes(replace(
        s,
        pos=tuple(sq(q) if q >= 0 else q for q in s.pos),
        treasures=tuple(sq(q) if q >= 0 else q for q in s.treasures),
        objects=tuple((c, sq(q)) for c, q in s.objects),
        spells=tuple(msgspec.structs.replace(sp, target=target(sp.target)) for sp in s.spells),
        edges=tuple(edges), cracks=tuple(cracks),
        picked=borders.get(s.picked, s.picked),
        origin=sq(s.origin) if s.origin >= 0 else -1,
        traps=tuple((c, sq(q), real) for c, q, real in s.traps),
    ))


def _end_move(s: State, e: E.EndMove) -> State:
    return replace(s, phase="draw", picked=-1, origin=-1, bend=False)


def _discard(s: State, e: E.Discard) -> State:
    p = e.player
    return replace(s, hands=put(s.hands, p, without(s.hands[p], e.card)),
                   discard=(*s.discard, e.card))


def _death(s: State, e: E.Death) -> State:
    p, sq = e.player, e.square
    objects = s.objects + tuple((c, sq) for c in s.carried[p])
    treasures, bearer = s.treasures, s.bearer
    for t, who in enumerate(bearer):
        if who == p:
            treasures = put(treasures, t, sq)
            bearer = put(bearer, t, -1)
    s = replace(s, treasures=treasures)
    ended = [sp for sp in s.spells if sp.caster == p or sp.target == f"w{p}"]
    fields = _end_spells(s, ended)
    discard = fields.pop("discard")
    hands, kills = s.hands, s.kills
    if e.by >= 0:
        hands = put(hands, e.by, hands[e.by] + hands[p])
        kills = put(kills, e.by, kills[e.by] + 1)
    else:
        discard += hands[p]
    hands = put(hands, p, ())
    pending = s.pending
    if pending is not None and p in pending.responders:
        left = tuple(q for q in pending.responders if q != p)
        pending = msgspec.structs.replace(pending, responders=left,
                                          target=left[0] if left else -1)
    return replace(s, pos=put(s.pos, p, -1), objects=objects, bearer=bearer,
                   discard=discard, hands=hands, kills=kills, pending=pending,
                   carried=put(s.carried, p, ()), stun=put(s.stun, p, 0), **fields)


def _heaved(s: State, e: E.Heaved) -> State:
    return replace(s, treasures=put(s.treasures, e.treasure, e.square),
                   bearer=put(s.bearer, e.treasure, -1))


def _movement_gained(s: State, e: E.MovementGained) -> State:
    return replace(s, mp=s.mp + e.amount)


def _attack_restored(s: State, e: E.AttackRestored) -> State:
    return replace(s, attacked=False)


def _schools_drawn(s: State, e: E.SchoolsDrawn) -> State:
    return replace(s, schools=e.schools, deck=B.deck_for(e.schools, s.options.extra_cards))


def _board_built(s: State, e: E.BoardBuilt) -> State:
    g = B.geometry(B.layout_key(s.players, s.options.side, e.sectors, e.quarters))
    return replace(s, board=g.key, pos=g.home, edges=g.initial_edges,
                   cracks=(0,) * len(g.initial_edges),
                   treasures=tuple(q for p in range(s.players) for q in g.treasure_starts[p]))


def _game_over(s: State, e: E.GameOver) -> State:
    return ended(s, e, phase="over", pending=None)


def _discarding(handler: Callable[[State, Any], State]) -> Callable[[State, Any], State]:
    """``handler`` for an event that may discard cards: in a Custom Spellbook game each
    goes to the pile of the discarding player's group (``state.adopt``)."""

    def evolve(s: State, e: Any) -> State:
        out = handler(s, e)
        if s.options.custom_spellbook is msgspec.UNSET or out.discard is s.discard:
            return out
        return adopt(s, out)

    evolve.__name__ = evolve.__qualname__ = handler.__name__
    return evolve


_DISCARDING: tuple[type, ...] = (
    E.Boost, E.Punch, E.Cast, E.Use, E.Counter, E.Allow, E.Cancelled, E.CounterCancelled,
    E.SpellEnds, E.Death, E.Landed, E.StonesDestroyed, E.Discarded, E.Dissolved, E.Discard,
)
"""The events whose handlers may put cards on a discard pile (a test holds every event
of seeded Custom Spellbook games to it)."""


_TABLE: dict[type, Callable[[State, Any], State]] = {
    E.Start: _start, E.Move: _move, E.PickUp: _pick_up, E.Drop: _drop, E.Boost: _boost,
    E.Punch: _punch, E.Cast: _cast, E.Use: _use, E.Throw: _throw, E.ThrowAt: _throw,
    E.EndSpell: _same,
    E.EndMove: _end_move, E.Discard: _discard, E.EndTurn: _same, E.Counter: _counter,
    E.Allow: _allow, Roll: _same, Shuffle: _shuffle, E.Deal: _deal, E.FirstPlayer: _same,
    E.TurnBegins: _turn_begins, E.Attack: _attack, E.Window: _window, E.Draw: _draw,
    E.Damage: _damage, E.Heal: _heal, E.LifeSet: _life_set, E.Stunned: _stunned,
    E.StunAdded: _stun_added, E.SpellBegins: _spell_begins, E.TokenSpent: _token_spent,
    E.SpellEnds: _spell_ends, E.Bent: _bent, E.Projected: _projected,
    E.Cancelled: _cancelled, E.Reduced: _reduced, E.Cracked: _cracked, E.Hit: _hit,
    E.WallDestroyed: _wall_destroyed, E.WallCreated: _wall_created, E.Landed: _landed,
    E.Dropped: _dropped, E.StonesDestroyed: _stones_destroyed, E.DoorPicked: _door_picked,
    E.Moved: _moved, E.UnitMoved: _unit_moved, E.Stolen: _stolen, E.Discarded: _discarded,
    E.Dissolved: _dissolved, E.Rotated: _rotated, E.Death: _death, E.GameOver: _game_over,
    E.Charged: _charged, E.SchoolsDrawn: _schools_drawn, E.DoorSealed: _door_sealed,
    E.Snatched: _snatched, E.DoorCreated: _door_created, E.Halted: _halted,
    E.Swapped: _swapped, E.TrapsLaid: _traps_laid, E.TrapSprung: _trap_sprung,
    E.LayToken: _lay_token, E.ArmTrap: _arm_trap,
    E.CounterWindow: _counter_window,
    E.CounterCancelled: _counter_cancelled, E.Heaved: _heaved,
    E.MovementGained: _movement_gained, E.AttackRestored: _attack_restored,
    E.BoardBuilt: _board_built,
}
evolve = evolver(State, {t: _discarding(h) if t in _DISCARDING else h
                         for t, h in _TABLE.items()})
"""The state after an event (:func:`grimoire.core.kit.evolver`)."""
