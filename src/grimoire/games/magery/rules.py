"""Magery: the decider (setup, to_act, legal, decide) and what each seat may see.

A turn of the Action phase is two actions: :class:`Remove` a minion from a chamber, then
use its mage's power (one of the power actions) or :class:`Decline` it.

>>> from grimoire.games.magery import RULES
>>> s = RULES.parse("arena=u7/8/8/8/8/8/8/D7 phase=action tower=.......D", RULES.Options(),
...                 ("White", "Black"))
>>> [RULES.describe(e) for e in RULES.decide(s, Remove(player=0, chamber="8"), NoDice())]
['White removes a minion from chamber 8 (Dragon Lord)']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import msgspec

from grimoire.core.dice import Dice, NoDice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Shuffle
from grimoire.core.kit import Builder, named
from grimoire.core.rules import PlayerId
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.events import (
    Arrange,
    Banish,
    Capture,
    Deal,
    Decline,
    Dismiss,
    Draw,
    Dream,
    Enchant,
    Event,
    Flip,
    Foresee,
    GameOver,
    Move,
    Pass,
    Phase,
    Place,
    Relocate,
    Remove,
    Rotate,
    Runes,
    Shield,
    Summon,
    Swap,
    TakeOrb,
    Teleport,
    Transmute,
    Turn,
)
from grimoire.games.magery.evolve import evolve
from grimoire.games.magery.state import Options, State

__all__ = ["NoDice", "decide", "disguise", "legal", "redact", "setup", "to_act", "view"]

Events = tuple[Event, ...]

EMPTY = B.EMPTY
SQ = B.SQUARES
CH = B.CHAMBERS
MOVE_POWERS = B.TYPE_POWERS | {"animist", "mentalist"}
SUMMON_POWERS = B.TYPE_POWERS | {"conjurer"}
NO_MAGUS = frozenset({"magus", "dream-lord"})  # ruleset 1 (option magus="no-magus")


def initial_deck(options: Options) -> tuple[str, ...]:
    """The twelve cards in table order (the eleven listed, then the twelfth).

    >>> initial_deck(Options(twelfth_card="seer"))[-2:]
    ('conjurer', 'seer')
    """
    return (*T.CHAOS_CARDS, options.twelfth_card)


def _seat_minions(arena: Sequence[str], seat: int) -> list[int]:
    return [i for i, ch in enumerate(arena) if ch != EMPTY and B.SEAT_OF[ch] == seat]


def has_tower(state: State, seat: int) -> bool:
    """Has ``seat`` a minion left in a chamber?"""
    return B.sides(state.tower)[seat] if seat in (0, 1) else False


def usable(state: State, c: int, seat: int) -> bool:
    """Is chamber ``c`` an empty chamber ``seat`` may put a minion on (in the Tower, or
    one of its own private ones)?"""
    if state.tower[c] != EMPTY or not B.power(state.cards, c):
        return False
    owner = B.chamber_owner(c)
    return owner is None or owner == seat


def usable_chambers(state: State, seat: int) -> list[int]:
    """Empty chambers ``seat`` may put a minion on (the Tower and its own private ones)."""
    return [c for c in range(len(CH)) if usable(state, c, seat)]


def can_place(state: State, seat: int) -> bool:
    """Could ``seat`` put a minion on a chamber now (a reserve minion and a free chamber)?"""
    return bool(state.reserve[seat]) and bool(usable_chambers(state, seat))


def must_place(state: State, seat: int) -> bool:
    """Is a pass by ``seat`` refused? With option ``stalemate="deadlock"``: nothing has been
    placed this decision phase, ``seat`` could place, and the other seat has passed or
    cannot place (so the pass would leave the round empty).

    >>> s = setup(Options(), ("White", "Black"))
    >>> s = msgspec.structs.replace(s, phase="decision", passed=(False, True))
    >>> must_place(s, 0), must_place(s, 1)
    (True, False)
    """
    if state.stalemate != "deadlock" or state.placed:
        return False
    other = 1 - seat
    return can_place(state, seat) and (state.passed[other] or not can_place(state, other))


def visible_card(state: State, c: int, seat: int | None) -> str:
    """The Chaos Mage card on chamber ``c`` as ``seat`` may know it (``""`` for floors 1-12,
    for a floor without a card, and for the other seat's private card not yet used)."""
    if c < T.FIXED_FLOORS:
        return ""
    slot = B.card_slot(c)
    owner = B.chamber_owner(c)
    if owner is None or owner == seat or state.shown[slot]:
        return state.cards[slot]
    return ""


def can_relocate_again(state: State, c: int) -> bool:
    """Could a minion on chamber ``c`` be moved by a Magus again (a Magus chamber, or a
    Dream Lord chamber while the Magus is a card it may dream)?"""
    power = B.power(state.cards, c)
    return power == "magus" or (power == "dream-lord" and "magus" in dreamable(state))


def magus_refuses(state: State, c: int) -> bool:
    """Does the Magus's loop guard keep the pending minion off chamber ``c``? Option
    ``magus="guarded"``: only when the Magus already moved this minion this round and
    ``c`` would let it move it again; ``"no-magus"``: any Magus or Dream Lord chamber."""
    if state.magus == "no-magus":
        return B.power(state.cards, c) in NO_MAGUS
    return state.pending_chamber in state.relocated and can_relocate_again(state, c)


def tower_full(state: State) -> bool:
    """Is every chamber in play occupied? (The fixed floors are always in play; a chaos or
    private chamber is when it has a card.)"""
    tower = state.tower
    return EMPTY not in tower[:T.FIXED_FLOORS] and all(
        ch != EMPTY or not card
        for ch, card in zip(tower[T.FIXED_FLOORS:], state.cards, strict=False))


# the fewest captured minions that can meet a capture victory
_FEWEST_TO_WIN = min(T.GREATER_TO_WIN, T.SAME_TYPE_TO_WIN)


def victory(state: State) -> GameOver | None:
    """Eliminate every enemy minion from the Arena, or capture 5 Greater minions, or all 3
    Greater minions of one type."""
    present = B.sides(state.arena)
    for seat in (0, 1):
        if not present[1 - seat]:
            return GameOver(winners=(seat,), reason="arena-cleared")
    for seat in (0, 1):
        if len(state.dead[1 - seat]) < _FEWEST_TO_WIN:
            continue
        greater = [ch for ch in state.dead[1 - seat] if ch in B.GREATER]
        if len(greater) >= T.GREATER_TO_WIN:
            return GameOver(winners=(seat,), reason="five-greater")
        if any(greater.count(ch) >= T.SAME_TYPE_TO_WIN for ch in set(greater)):
            return GameOver(winners=(seat,), reason="three-of-a-type")
    return None


def victors(state: State) -> tuple[int, ...]:
    """Every seat that meets a victory condition (in play, one at most: the game ends at
    the first).

    >>> victors(setup(Options(), ("White", "Black")))  # nobody on the board: both
    (0, 1)
    """
    out = []
    for seat in (0, 1):
        other = 1 - seat
        greater = [ch for ch in state.dead[other] if ch in B.GREATER]
        if (not any(ch != EMPTY and B.SEAT_OF[ch] == other for ch in state.arena)
                or len(greater) >= T.GREATER_TO_WIN
                or any(greater.count(ch) >= T.SAME_TYPE_TO_WIN for ch in set(greater))):
            out.append(seat)
    return tuple(out)


# ---------------------------------------------------------------- setup and turns


def setup(options: Options, players: Sequence[str]) -> State:
    """Every minion in reserve, the Tower empty, the Chaos deck in table order (White's
    first arrangement shuffles and deals it); ``players`` name the seats, White's first.

    >>> s = setup(Options(), ("Ann", "Ben"))
    >>> s.phase, s.reserve[1][:6], len(s.deck), s.names
    ('setup', 'dddmmm', 12, ('Ann', 'Ben'))
    """
    if options.round_limit < 0:
        raise UsageError(
            "options/round-limit", f"round_limit is a number of rounds (0: none), not "
            f"{options.round_limit!r}")
    full = "".join(ch * T.PER_TYPE for ch in B.LETTERS)
    return State(
        arena=(EMPTY,) * B.N,
        tower=(EMPTY,) * len(CH),
        cards=("",) * 10,
        shown=(True,) * 4 + (False,) * 6,
        reserve=(full, full.lower()),
        dead=("", ""),
        deck=initial_deck(options),
        archmage=options.archmage,
        rotating=options.rotating,
        enchanted=options.enchanted,
        round_limit=options.round_limit,
        stalemate=options.stalemate,
        magus=options.magus,
        twelfth_card=options.twelfth_card,
        names=tuple(players),
    )


_SEAT: tuple[frozenset[PlayerId], ...] = (frozenset((0,)), frozenset((1,)))


def to_act(state: State) -> frozenset[PlayerId]:
    """The seat whose turn it is (one at a time, always)."""
    return _SEAT[state.turn]


# ---------------------------------------------------------------- legal


def legal(state: State, player: PlayerId) -> Sequence[Event]:
    """Every legal action of ``player`` (the seat to act), in a stable order: setup
    arrangements; placements then a pass; removals; a power's uses then a decline.

    >>> s = setup(Options(), ("White", "Black"))
    >>> a = legal(s, 0)
    >>> len(a), a[0]
    (64, Arrange(player=0, minion='dragon', square='a1'))
    """
    phase = state.phase
    if phase == "setup":
        return _legal_arrange(state, player)
    if phase == "decision":
        out: list[Event] = []
        # each usable chamber with its card as the player sees it, asked once per chamber
        chambers = [(CH[c], visible_card(state, c, player))
                    for c in usable_chambers(state, player)]
        for ch in dict.fromkeys(state.reserve[player]):
            minion = B.KINDS[B.KIND_OF[ch]]
            for name, card in chambers:
                out.append(Place(player=player, minion=minion, chamber=name, card=card))
        if not must_place(state, player):
            out.append(Pass(player=player))
        return out
    if not state.pending:
        return [
            Remove(player=player, chamber=CH[c], card=visible_card(state, c, player))
            for c, ch in enumerate(state.tower)
            if ch != EMPTY and B.SEAT_OF[ch] == player
        ]
    return [*_power_options(state, player), Decline(player=player)]


def _legal_arrange(state: State, player: int) -> list[Event]:
    back = T.BACK_RANK[player]
    done = {B.KIND_OF[ch] for ch in state.arena if ch != EMPTY and B.SEAT_OF[ch] == player}
    squares = [back * 8 + f for f in range(8) if state.arena[back * 8 + f] == EMPTY]
    return [
        Arrange(player=player, minion=B.KINDS[k], square=SQ[sq])
        for k in range(len(B.KINDS)) if k not in done
        for sq in squares
    ]


def _moves(state: State, player: int, squares: Sequence[int],
           capture: bool = True) -> list[Event]:
    out: list[Event] = []
    arena = state.arena
    for src in squares:
        knight = state.runes[B.SEAT_OF[arena[src]]]
        for dst in B.destinations(arena, src, knight, state.shielded, capture):
            out.append(Move(player=player, from_=SQ[src], to=SQ[dst]))
    return out


def _summons(state: State, player: int, kind: int) -> list[Event]:
    if B.letter(player, kind) not in state.reserve[player]:
        return []
    return [
        Summon(player=player, minion=B.KINDS[kind], square=SQ[sq])
        for sq in B.summon_squares(state.arena, player, kind)
    ]


def _power_options(state: State, player: int) -> list[Event]:
    power = state.pending
    arena = state.arena
    mine = _seat_minions(arena, player)
    theirs = _seat_minions(arena, 1 - player)
    free = [i for i in range(B.N) if i not in state.shielded]
    if power in B.TYPE_POWERS:
        kind = B.KIND_INDEX[power]
        own = [i for i in mine if B.KIND_OF[arena[i]] == kind]
        return _moves(state, player, own) + _summons(state, player, kind)
    if power == "animist":
        return _moves(state, player, mine)
    if power == "mentalist":
        return _moves(state, player, theirs, capture=False)
    if power == "magician":
        return [Dismiss(player=player, chamber=CH[c], card=visible_card(state, c, player))
                for c, ch in enumerate(state.tower) if ch != EMPTY]
    if power == "oracle":
        return [TakeOrb(player=player)] if state.orb != player else []
    if power == "mystic":
        empty = [i for i in range(B.N) if arena[i] == EMPTY]
        return [
            Teleport(player=player, from_=SQ[s], to=SQ[t])
            for s in mine if s not in state.shielded
            for t in empty if not B.backrow_blocks(arena, s, t)
        ]
    if power == "seer":
        return [Foresee(player=player, seat=0), Foresee(player=player, seat=1)]
    if power == "magus":
        return [
            Relocate(player=player, chamber=CH[c], card=visible_card(state, c, player))
            for c in usable_chambers(state, player)
            if not magus_refuses(state, c)
        ]
    if power == "alchemist":
        kinds = list(dict.fromkeys(state.reserve[player]))
        return [
            Transmute(player=player, square=SQ[s], minion=B.KINDS[B.KIND_OF[k]])
            for s in mine if s not in state.shielded
            for k in kinds if k != arena[s]
        ]
    if power == "enchanter":
        return [
            Enchant(player=player, square=SQ[s])
            for s in theirs
            if s not in state.shielded
            and B.letter(player, B.KIND_OF[arena[s]]) in state.reserve[player]
        ]
    if power == "dream-lord":
        return [Dream(player=player, mage=m) for m in dreamable(state)]
    if power == "force-mage":
        return [Shield(player=player, square=SQ[s])
                for s in free if arena[s] != EMPTY]
    if power == "illusionist":
        occupied = [s for s in free if arena[s] != EMPTY]
        return [
            Swap(player=player, a=SQ[a], b=SQ[b])
            for i, a in enumerate(occupied) for b in occupied[i + 1:]
            if arena[a] != arena[b]
        ]
    if power == "shadow-mage":
        return [Banish(player=player, square=SQ[s]) for s in shadowed(state, player)]
    if power == "rune-master":
        return [Runes(player=player)] if not state.runes[player] else []
    if power == "conjurer":
        return _summons(state, player, B.KIND_OF[state.pending_minion])
    raise AssertionError(f"unknown power {power!r}")  # pragma: no cover


def dreamable(state: State) -> list[str]:
    """The Chaos Mages a Dream Lord may dream: not the Dream Lord, not in the Tower."""
    in_tower = set(state.cards[: T.CHAOS_FLOORS])
    return [m for m in T.CHAOS_CARDS if m != "dream-lord" and m not in in_tower]


def shadowed(state: State, player: int) -> list[int]:
    """Squares of free minions sharing a side with one of ``player``'s (Shadow Mage)."""
    arena = state.arena
    return [s for s in range(B.N)
            if arena[s] != EMPTY and s not in state.shielded and B.shadows(arena, s, player)]


# ---------------------------------------------------------------- decide


def decide(state: State, action: Event, dice: Dice) -> Events:
    """``action`` followed by what it causes: the deal, the next turn or phase, the end of
    a round (Rotating Chaos Lords turn), captures and the end of the game."""
    decider = _DECIDERS.get(type(action))
    if decider is None:
        raise IllegalAction(
            "action/unknown", f"{type(action).__name__} is not a player action"
        )
    return decider(state, action, dice)


# ---------------------------------------------------------------- decide: the setup


def _decide_arrange(state: State, action: Arrange, dice: Dice) -> Events:
    if state.phase != "setup":
        raise IllegalAction("arrange/not-setup", "minions are arranged only during setup")
    seat = action.player
    kind = named(B.KIND_INDEX, action.minion, "arrange/unknown-minion", "minion")
    sq = B.GRID.parse(action.square, "arrange/unknown-square")
    if sq // 8 != T.BACK_RANK[seat]:
        raise IllegalAction("arrange/not-back-row", f"{action.square} is not on your back row")
    if state.arena[sq] != EMPTY:
        raise IllegalAction("arrange/occupied", f"{action.square} is taken")
    ch = B.letter(seat, kind)
    if ch in state.arena:
        raise IllegalAction(
            "arrange/already-arranged", f"{B.article(action.minion)} is already on your back row"
        )
    b = Builder(state, evolve, dice)
    b.emit(action)
    if not state.dealt:
        _deal(b)
    done = sum(1 for x in state.arena if x != EMPTY and B.SEAT_OF[x] == seat) + 1
    if done == len(B.KINDS):
        if seat == T.WHITE:
            b.emit(Turn(player=T.BLACK))
        else:
            b.emit(Phase(phase="decision", round=1, player=state.orb))
    return b.done()


def _deal(b: Builder[State, Event]) -> None:
    """Shuffle the Chaos deck; a card face up on each chaos floor; Archmage draws."""
    archmage = b.state.archmage
    deck = b.emit(Shuffle.of(b.dice, "chaos", len(b.state.deck))).deck
    n = B.chaos_floors(archmage)
    b.emit(Deal(cards=deck[:n] + ("",) * (T.CHAOS_FLOORS - n)))
    k = T.ARCHMAGE[archmage][0]
    if k:
        for seat in (0, 1):
            b.emit(Draw(player=seat, cards=b.state.deck[:k]))


# ---------------------------------------------------------------- decide: the decision phase


def _decide_place(state: State, action: Place, dice: Dice) -> Events:
    if state.phase != "decision":
        raise IllegalAction(
            "place/not-decision", "minions go to the Tower in the decision phase"
        )
    seat = action.player
    kind = named(B.KIND_INDEX, action.minion, "place/unknown-minion", "minion")
    c = B.parse_chamber(action.chamber, "place/unknown-chamber")
    if B.letter(seat, kind) not in state.reserve[seat]:
        raise IllegalAction("place/not-in-reserve", f"no {action.minion} in your reserve")
    if not B.power(state.cards, c):
        raise IllegalAction(
            "place/no-chamber", f"chamber {action.chamber} has no card in this game"
        )
    owner = B.chamber_owner(c)
    if owner is not None and owner != seat:
        raise IllegalAction(
            "place/private", f"chamber {action.chamber} is {T.SEAT_NAMES[owner]}'s own"
        )
    _check_card(state, c, action.card, seat, "place/wrong-card")
    if state.tower[c] != EMPTY:
        raise IllegalAction(
            "place/occupied", f"chamber {_label(state, c, seat)} already holds a minion"
        )
    return _after_decision(state, action)


def _decide_pass(state: State, action: Pass, dice: Dice) -> Events:
    if state.phase != "decision":
        raise IllegalAction("pass/not-decision", "you may pass only in the decision phase")
    if must_place(state, action.player):
        raise IllegalAction(
            "pass/must-place", "nothing is placed yet this round and your opponent "
            + ("has passed" if state.passed[1 - action.player] else "cannot place")
            + ": place a minion (a round nobody places in would change nothing, forever)"
        )
    return _after_decision(state, action)


def _after_decision(state: State, action: Place | Pass) -> Events:
    """The next seat to decide, or the action phase once the Tower is full or both have
    passed (a round where nobody placed anything is a stalemate: with option
    ``stalemate="deadlock"`` that happens only when neither seat could place)."""
    seat = state.turn
    after = evolve(state, action)
    if tower_full(after) or all(after.passed):
        if after.placed == 0:
            return (action, GameOver(winners=(), reason="stalemate"))
        first = after.orb if has_tower(after, after.orb) else 1 - after.orb
        return (action, Phase(phase="action", round=after.round, player=first))
    other = 1 - seat
    return (action, Turn(player=seat if after.passed[other] else other))


# ---------------------------------------------------------------- decide: the action phase


def _decide_remove(state: State, action: Remove, dice: Dice) -> Events:
    if state.phase != "action":
        raise IllegalAction("remove/not-action", "minions leave the Tower in the action phase")
    if state.pending:
        raise IllegalAction("power/pending", "use or decline the pending power first")
    c = B.parse_chamber(action.chamber, "remove/unknown-chamber")
    occ = state.tower[c]
    if occ == EMPTY:
        raise IllegalAction("remove/empty", f"chamber {action.chamber} is empty")
    if B.SEAT_OF[occ] != action.player:
        raise IllegalAction("remove/not-yours", f"the minion on {action.chamber} is not yours")
    _check_card(state, c, action.card, action.player, "remove/wrong-card")
    return (action,)


def _decide_decline(state: State, action: Decline, dice: Dice) -> Events:
    if not state.pending:
        raise IllegalAction("power/nothing-pending", "no power is waiting to be used")
    return _end_turn(state, (action,), dice)


def _label(state: State, c: int, seat: int) -> str:
    """Chamber ``c`` as ``seat`` may read it in a refusal: ``"13 (Seer)"``."""
    return B.chamber_label(CH[c], visible_card(state, c, seat))


def _check_card(state: State, c: int, card: str, seat: int, reason: str) -> None:
    """Refuse an action that names a card its chamber does not hold (or one ``seat``
    cannot see: naming a hidden card is refused whatever it is, so a refusal tells
    nothing)."""
    if not card:
        return
    shown = visible_card(state, c, seat)
    if card == shown:
        return
    if c < T.FIXED_FLOORS:
        why = f"chamber {_label(state, c, seat)} has a fixed mage, not a card ({card!r})"
    elif not shown and state.cards[B.card_slot(c)]:
        why = f"the card on chamber {CH[c]} is hidden from you (you named {card!r})"
    elif not shown:
        why = f"chamber {CH[c]} holds no card (you named {card!r})"
    else:
        why = f"chamber {CH[c]} holds the {B.title(shown)}, not {card!r}"
    raise IllegalAction(reason, why)


def _need(state: State, powers: frozenset[str] | set[str], action: Event) -> None:
    """Refuse a power action when no power, or another one, is pending."""
    if not state.pending:
        raise IllegalAction("power/nothing-pending", "remove a minion from a chamber first")
    if state.pending not in powers:
        tag = type(action).__struct_config__.tag
        raise IllegalAction(
            "power/wrong-mage", f"{tag} is not the {state.pending} power"
        )


def _end_turn(state: State, events: Events, dice: Dice) -> Events:
    """``events`` end the turn: victory, else the next seat with a minion in the Tower (a
    Seer's forced turns first), else the end of the round."""
    after = state
    for event in events:
        after = evolve(after, event)
    over = victory(after)
    if over is not None:
        return (*events, over)
    seat = state.turn
    extra = after.extra
    while extra:
        s, extra = extra[0], extra[1:]
        if has_tower(after, s):
            return (*events, Turn(player=s, extra=extra))
    for s in (1 - seat, seat):
        if has_tower(after, s):
            return (*events, Turn(player=s))
    return (*events, *_end_round(after, dice))


def _end_round(state: State, dice: Dice) -> Events:
    """The round limit, or the chaos cards turn (Rotating Chaos Lords) and a new round."""
    if state.round_limit and state.round >= state.round_limit:
        return (GameOver(winners=(), reason="round-limit"),)
    b = Builder(state, evolve, dice)
    if state.rotating:
        n = B.chaos_floors(state.archmage)
        after = b.emit(Rotate(discarded=state.cards[n - 1]))
        if not after.deck:  # the discard, the card just discarded too, is the new deck
            after = b.emit(Shuffle.of(b.dice, "chaos", len(after.discard)))
        b.emit(Flip(card=after.deck[0]))
    b.emit(Phase(phase="decision", round=state.round + 1, player=state.orb))
    return b.done()


# ---------------------------------------------------------------- decide: the powers


def _decide_dismiss(state: State, action: Dismiss, dice: Dice) -> Events:
    _need(state, {"magician"}, action)
    c = B.parse_chamber(action.chamber, "dismiss/unknown-chamber")
    if state.tower[c] == EMPTY:
        raise IllegalAction("dismiss/empty", f"chamber {action.chamber} is empty")
    _check_card(state, c, action.card, action.player, "dismiss/wrong-card")
    return _end_turn(state, (action,), dice)


def _decide_take_orb(state: State, action: TakeOrb, dice: Dice) -> Events:
    _need(state, {"oracle"}, action)
    if state.orb == action.player:
        raise IllegalAction("orb/already-held", "you hold the Orb already")
    return _end_turn(state, (action,), dice)


# the refusals of _own_minion: unknown square, no minion, not yours, shielded
_TELEPORT_OWN = (
    "teleport/unknown-square", "teleport/no-minion", "teleport/not-yours", "teleport/shielded"
)
_TRANSMUTE_OWN = (
    "transmute/unknown-square", "transmute/no-minion", "transmute/not-yours",
    "transmute/shielded",
)


def _own_minion(state: State, name: str, player: int, codes: tuple[str, ...]) -> int:
    """The square ``name`` of one of ``player``'s free minions (else refused with one of
    ``codes``, in the order of the checks)."""
    unknown, no_minion, not_yours, shielded = codes
    sq = B.GRID.parse(name, unknown)
    occ = state.arena[sq]
    if occ == EMPTY:
        raise IllegalAction(no_minion, f"no minion on {name}")
    if B.SEAT_OF[occ] != player:
        raise IllegalAction(not_yours, f"the minion on {name} is not yours")
    if sq in state.shielded:
        raise IllegalAction(shielded, f"the minion on {name} is under the Force Mage")
    return sq


def _decide_teleport(state: State, action: Teleport, dice: Dice) -> Events:
    _need(state, {"mystic"}, action)
    src = _own_minion(state, action.from_, action.player, _TELEPORT_OWN)
    dst = B.GRID.parse(action.to, "teleport/unknown-square")
    if state.arena[dst] != EMPTY:
        raise IllegalAction("teleport/occupied", f"{action.to} is not empty")
    if B.backrow_blocks(state.arena, src, dst):
        raise IllegalAction(
            "move/backrow", f"a Greater minion on its back row cannot reach {action.to}"
        )
    return _end_turn(state, (action,), dice)


def _decide_move(state: State, action: Move, dice: Dice) -> Events:
    _need(state, MOVE_POWERS, action)
    power = state.pending
    player = action.player
    src = B.GRID.parse(action.from_, "move/unknown-square")
    dst = B.GRID.parse(action.to, "move/unknown-square")
    arena = state.arena
    piece = arena[src]
    if piece == EMPTY:
        raise IllegalAction("move/no-minion", f"no minion on {action.from_}")
    owner, kind = B.SEAT_OF[piece], B.KIND_OF[piece]
    if power == "mentalist":
        if owner == player:
            raise IllegalAction(
                "move/not-theirs",
                f"the Mentalist moves an opponent's minion, not {action.from_}",
            )
    else:
        if owner != player:
            raise IllegalAction("move/not-yours", f"the minion on {action.from_} is not yours")
        if power in B.TYPE_POWERS and B.KINDS[kind] != power:
            raise IllegalAction(
                "move/wrong-type", f"this mage moves {B.article(power)}, not the "
                f"{B.KINDS[kind]} on {action.from_}"
            )
    if src in state.shielded:
        raise IllegalAction("move/shielded", f"the minion on {action.from_} cannot move")
    capture = power != "mentalist"
    if not B.reaches(arena, src, dst, state.runes[owner], state.shielded, capture):
        raise IllegalAction(*_why_not(state, src, dst, action, capture))
    events: list[Event] = [action]
    target = arena[dst]
    if target != EMPTY:
        events.append(
            Capture(owner=B.SEAT_OF[target], minion=B.KINDS[B.KIND_OF[target]],
                    square=action.to)
        )
    return _end_turn(state, tuple(events), dice)


def _why_not(
    state: State, src: int, dst: int, action: Move, capture: bool
) -> tuple[str, str]:
    arena = state.arena
    piece, target = arena[src], arena[dst]
    if target != EMPTY:
        if B.SEAT_OF[target] == B.SEAT_OF[piece]:
            return ("move/own-minion", f"a friendly minion stands on {action.to}")
        if not capture:
            return ("move/no-capture", f"the Mentalist's move may not capture on {action.to}")
        if dst in state.shielded:
            return ("move/shielded", f"the minion on {action.to} cannot be captured")
    if B.backrow_blocks(arena, src, dst):
        return ("move/backrow",
                f"a Greater minion on its own back row cannot enter {action.to} in one move")
    name = B.KINDS[B.KIND_OF[piece]]
    return ("move/unreachable", f"{B.article(name)} cannot move {action.from_}-{action.to}")


def _decide_summon(state: State, action: Summon, dice: Dice) -> Events:
    _need(state, SUMMON_POWERS, action)
    player = action.player
    kind = named(B.KIND_INDEX, action.minion, "summon/unknown-minion", "minion")
    sq = B.GRID.parse(action.square, "summon/unknown-square")
    if state.pending == "conjurer":
        if kind != B.KIND_OF[state.pending_minion]:
            raise IllegalAction(
                "summon/wrong-type",
                f"the Conjurer summons this {B.KINDS[B.KIND_OF[state.pending_minion]]}",
            )
    elif B.KINDS[kind] != state.pending:
        raise IllegalAction(
            "summon/wrong-type",
            f"this mage summons {B.article(state.pending)}, not {B.article(action.minion)}"
        )
    if B.letter(player, kind) not in state.reserve[player]:
        raise IllegalAction("summon/not-in-reserve", f"no {action.minion} in your reserve")
    if state.arena[sq] != EMPTY:
        raise IllegalAction("summon/occupied", f"{action.square} is not empty")
    if sq // 8 not in B.SUMMON_ROWS[player][kind]:  # (sq is empty)
        where = {"G": "your back row", "M": "your side of the board"}[B.RANKS[kind]]
        raise IllegalAction(
            "summon/wrong-square", f"{B.article(action.minion)} is summoned onto {where}, "
            f"not {action.square}"
        )
    return _end_turn(state, (action,), dice)


def _decide_foresee(state: State, action: Foresee, dice: Dice) -> Events:
    _need(state, {"seer"}, action)
    if action.seat not in (0, 1):
        raise IllegalAction("foresee/bad-seat", f"no seat {action.seat!r}")
    return _end_turn(state, (action,), dice)


def _decide_relocate(state: State, action: Relocate, dice: Dice) -> Events:
    _need(state, {"magus"}, action)
    c = B.parse_chamber(action.chamber, "relocate/unknown-chamber")
    if not usable(state, c, action.player):
        raise IllegalAction(
            "relocate/unavailable", f"chamber {action.chamber} is not an empty chamber of yours"
        )
    _check_card(state, c, action.card, action.player, "relocate/wrong-card")
    if magus_refuses(state, c):
        why = ("the Magus already moved this minion this round, and from chamber "
               f"{_label(state, c, action.player)} it could move it again"
               if state.magus == "guarded" else
               f"the Magus cannot send a minion to chamber {_label(state, c, action.player)}")
        raise IllegalAction("relocate/loop", why)
    return _end_turn(state, (action,), dice)


def _decide_transmute(state: State, action: Transmute, dice: Dice) -> Events:
    _need(state, {"alchemist"}, action)
    sq = _own_minion(state, action.square, action.player, _TRANSMUTE_OWN)
    kind = named(B.KIND_INDEX, action.minion, "transmute/unknown-minion", "minion")
    ch = B.letter(action.player, kind)
    if ch not in state.reserve[action.player]:
        raise IllegalAction("transmute/not-in-reserve", f"no {action.minion} in your reserve")
    if ch == state.arena[sq]:
        raise IllegalAction(
            "transmute/same-type", f"{action.square} already holds {B.article(action.minion)}"
        )
    return _end_turn(state, (action,), dice)


def _decide_enchant(state: State, action: Enchant, dice: Dice) -> Events:
    _need(state, {"enchanter"}, action)
    sq = B.GRID.parse(action.square, "enchant/unknown-square")
    occ = state.arena[sq]
    if occ == EMPTY or B.SEAT_OF[occ] == action.player:
        raise IllegalAction("enchant/not-theirs", f"no opponent's minion on {action.square}")
    if sq in state.shielded:
        raise IllegalAction("enchant/shielded", f"the minion on {action.square} is shielded")
    kind = B.KIND_OF[occ]
    if B.letter(action.player, kind) not in state.reserve[action.player]:
        raise IllegalAction(
            "enchant/not-in-reserve", f"no {B.KINDS[kind]} in your reserve to replace it"
        )
    return _end_turn(state, (action,), dice)


def _decide_dream(state: State, action: Dream, dice: Dice) -> Events:
    _need(state, {"dream-lord"}, action)
    if action.mage not in dreamable(state):
        raise IllegalAction(
            "dream/unavailable",
            f"{action.mage!r} is not a Chaos Mage outside the Tower "
            f"(one of {', '.join(dreamable(state))})",
        )
    return (action,)


def _decide_shield(state: State, action: Shield, dice: Dice) -> Events:
    _need(state, {"force-mage"}, action)
    sq = B.GRID.parse(action.square, "shield/unknown-square")
    if state.arena[sq] == EMPTY:
        raise IllegalAction("shield/no-minion", f"no minion on {action.square}")
    if sq in state.shielded:
        raise IllegalAction("shield/already", f"the minion on {action.square} is shielded")
    return _end_turn(state, (action,), dice)


def _decide_swap(state: State, action: Swap, dice: Dice) -> Events:
    _need(state, {"illusionist"}, action)
    a = B.GRID.parse(action.a, "swap/unknown-square")
    b = B.GRID.parse(action.b, "swap/unknown-square")
    arena = state.arena
    for sq, name in ((a, action.a), (b, action.b)):
        if arena[sq] == EMPTY:
            raise IllegalAction("swap/no-minion", f"no minion on {name}")
        if sq in state.shielded:
            raise IllegalAction("swap/shielded", f"the minion on {name} cannot move")
    if arena[a] == arena[b]:
        raise IllegalAction("swap/same", f"{action.a} and {action.b} hold the same minion")
    if a > b:
        raise IllegalAction("swap/order", f"name the squares in order: {action.b} {action.a}")
    return _end_turn(state, (action,), dice)


def _decide_banish(state: State, action: Banish, dice: Dice) -> Events:
    _need(state, {"shadow-mage"}, action)
    sq = B.GRID.parse(action.square, "banish/unknown-square")
    if state.arena[sq] == EMPTY:
        raise IllegalAction("banish/no-minion", f"no minion on {action.square}")
    if sq in state.shielded:
        raise IllegalAction("banish/shielded", f"the minion on {action.square} is shielded")
    if not B.shadows(state.arena, sq, action.player):  # (sq holds a free minion)
        raise IllegalAction(
            "banish/not-adjacent",
            f"{action.square} shares no side with another of your minions",
        )
    return _end_turn(state, (action,), dice)


def _decide_runes(state: State, action: Runes, dice: Dice) -> Events:
    _need(state, {"rune-master"}, action)
    if state.runes[action.player]:
        raise IllegalAction("runes/already", "your minions already move like knights")
    return _end_turn(state, (action,), dice)


# ---------------------------------------------------------------- hidden information


def view(state: State, player: PlayerId | None) -> State:
    """The deck order is hidden from everyone; unused private cards from the others."""
    cards = list(state.cards)
    for i in range(4, 10):
        owner = 0 if i < 7 else 1
        if cards[i] and owner != player and not state.shown[i]:
            cards[i] = "?"
    pending = state.pending
    c = state.pending_chamber
    if pending and c >= B.PUBLIC_CHAMBERS and cards[B.card_slot(c)] == "?":
        pending = "?"
    return msgspec.structs.replace(
        state, deck=("?",) * len(state.deck), cards=tuple(cards), pending=pending
    )


def redact(event: Event, player: PlayerId | None) -> Event:
    """A shuffle's order is hidden from everyone; private draws from the other seat; the
    card an action names on a private chamber from all but the actor and the owner."""
    if isinstance(event, Shuffle):
        return msgspec.structs.replace(event, order=())
    if isinstance(event, Draw) and event.player != player:
        return Draw(player=event.player, cards=("?",) * len(event.cards))
    if isinstance(event, Place | Remove | Dismiss | Relocate) and event.card:
        c = B.CHAMBER_INDEX.get(event.chamber, 0)
        owner = B.chamber_owner(c)
        if owner is not None and player not in (owner, event.player):
            return msgspec.structs.replace(event, card="")
    return event


def disguise(state: State, player: PlayerId, rng: random.Random) -> State:
    """Deal the cards ``player`` cannot see (the deck and the other seat's unused
    private cards) again at random. They are the twelve cards less those ``player``
    sees, sorted before the shuffle: the deal reads only what ``player``'s view keeps
    (``state`` may be that view, the unseen cards ``?``), never where the cards truly lie,
    so a search bot's sample is blind.

    >>> from grimoire.core.match import Match
    >>> m = Match.new("magery", seed=bytes(32), options={"archmage": "archmage"})
    >>> _ = m.act(m.legal(0)[0])  # White arranges: the cards are shuffled and dealt
    >>> s, rng = m.state, random.Random
    >>> disguise(view(s, 0), 0, rng(1)) == disguise(s, 0, rng(1)) != s
    True
    """
    other = 1 - player
    hidden = [
        i for i in range(4, 10)
        if state.cards[i] and (0 if i < 7 else 1) == other and not state.shown[i]
    ]
    pool = list(_deck_sorted(state.twelfth_card))
    for i, card in enumerate(state.cards):
        if card and i not in hidden:
            pool.remove(card)
    for card in state.discard:
        pool.remove(card)
    rng.shuffle(pool)
    cards = list(state.cards)
    for i in hidden:
        cards[i] = pool.pop()
    pending = state.pending
    c = state.pending_chamber
    if pending and c >= B.PUBLIC_CHAMBERS and B.card_slot(c) in hidden:
        pending = cards[B.card_slot(c)]
    return msgspec.structs.replace(
        state, deck=tuple(pool[:len(state.deck)]), cards=tuple(cards), pending=pending
    )


@cache
def _deck_sorted(twelfth: str) -> tuple[str, ...]:
    """Every card of the game, sorted (a hand-built position may hold fewer: the deal
    then leaves the surplus out)."""
    return tuple(sorted((*T.CHAOS_CARDS, twelfth)))


_DECIDERS: dict[type, Callable[[State, Any, Dice], Events]] = {
    Arrange: _decide_arrange, Place: _decide_place, Pass: _decide_pass,
    Remove: _decide_remove, Decline: _decide_decline, Dismiss: _decide_dismiss,
    TakeOrb: _decide_take_orb, Teleport: _decide_teleport, Move: _decide_move,
    Summon: _decide_summon, Foresee: _decide_foresee, Relocate: _decide_relocate,
    Transmute: _decide_transmute, Enchant: _decide_enchant, Dream: _decide_dream,
    Shield: _decide_shield, Swap: _decide_swap, Banish: _decide_banish, Runes: _decide_runes,
}
