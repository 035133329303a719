"""Magery: the decider.

A turn of the Action phase is two actions: :class:`Remove` a minion from a chamber, then
use its mage's power (one of the power actions) or :class:`Decline` it.

>>> from grimoire.games.magery import RULES
>>> s = RULES.parse("arena=8/8/8/8/8/8/8/D7 phase=action tower=.......D", RULES.MageryOptions(),
...                 ("White", "Black"))
>>> [RULES.describe(e) for e in RULES.decide(s, Remove(player=0, chamber="8"), NoDice())]
['White removes a minion from chamber 8 (Dragon Lord)']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from grimoire.core.dice import Dice, NoDice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event as AnyEvent
from grimoire.core.events import Shuffle
from grimoire.core.rules import BaseRules, Outcome, PlayerId
from grimoire.games.magery import board as B
from grimoire.games.magery import render as _render
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
    Flip,
    Foresee,
    GameOver,
    MageryEvent,
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
from grimoire.games.magery.state import Options as MageryOptions
from grimoire.games.magery.state import State as MageryState

__all__ = ["RULES", "MageryRules", "NoDice"]

Events = tuple[AnyEvent, ...]

EMPTY = B.EMPTY
SQ = B.SQUARES
CH = B.CHAMBERS
MOVE_POWERS = B.TYPE_POWERS | {"animist", "mentalist"}
SUMMON_POWERS = B.TYPE_POWERS | {"conjurer"}
NO_MAGUS = frozenset({"magus", "dream-lord"})  # a Magus may not send a minion to these


def initial_deck(options: MageryOptions) -> tuple[str, ...]:
    """The twelve cards in table order (the eleven listed, then the twelfth)."""
    return (*T.CHAOS_CARDS, options.twelfth_card)


def power_of(state: MageryState, c: int) -> str:
    """The power of chamber ``c`` (``""``: no such chamber in this game)."""
    return B.FIXED_POWER[c] if c < T.FIXED_FLOORS else state.cards[c - T.FIXED_FLOORS]


def chamber_label(state: MageryState, c: int) -> str:
    return _render.chamber_label(state, c)


def _seat_minions(arena: Sequence[str], seat: int) -> list[int]:
    return [i for i, ch in enumerate(arena) if ch != EMPTY and B.SEAT_OF[ch] == seat]


def has_tower(state: MageryState, seat: int) -> bool:
    return any(ch != EMPTY and B.SEAT_OF[ch] == seat for ch in state.tower)


def usable_chambers(state: MageryState, seat: int) -> list[int]:
    """Empty chambers ``seat`` may put a minion on (the Tower and its own private ones)."""
    out = []
    for c in range(len(CH)):
        if state.tower[c] != EMPTY or not power_of(state, c):
            continue
        owner = B.chamber_owner(c)
        if owner is None or owner == seat:
            out.append(c)
    return out


def tower_full(state: MageryState) -> bool:
    return all(state.tower[c] != EMPTY or not power_of(state, c) for c in range(len(CH)))


def victory(state: MageryState) -> GameOver | None:
    """Eliminate every enemy minion from the Arena, or capture 5 Greater minions, or all 3
    Greater minions of one type."""
    for seat in (0, 1):
        other = 1 - seat
        if not any(ch != EMPTY and B.SEAT_OF[ch] == other for ch in state.arena):
            return GameOver(winners=(seat,), reason="arena-cleared")
    for seat in (0, 1):
        greater = [ch for ch in state.dead[1 - seat] if ch in B.GREATER]
        if len(greater) >= T.GREATER_TO_WIN:
            return GameOver(winners=(seat,), reason="five-greater")
        if any(greater.count(ch) >= T.SAME_TYPE_TO_WIN for ch in set(greater)):
            return GameOver(winners=(seat,), reason="three-of-a-type")
    return None


def _chaos_floors(state: MageryState) -> int:
    """How many chaos floors hold cards in this game (4, 3 with Archmage, 1 with Ultimate)."""
    return T.CHAOS_FLOORS - len(T.ARCHMAGE[state.archmage][1])


class MageryRules(BaseRules[Any, Any, Any]):
    """Magery (Warpspawn): chess with minions that double as workers in a Mage Tower."""

    name = "magery"
    version = "1"
    seats = (2,)
    default_players = T.SEAT_NAMES
    Options = MageryOptions
    State = MageryState
    Event = MageryEvent

    def __init__(self) -> None:
        self._evolvers: dict[type, Callable[[MageryState, Any], MageryState]] = {
            Arrange: _ev_arrange, Place: _ev_place, Pass: _ev_pass, Remove: _ev_remove,
            Decline: _ev_decline, Dismiss: _ev_dismiss, TakeOrb: _ev_take_orb,
            Teleport: _ev_move, Move: _ev_move, Summon: _ev_summon, Foresee: _ev_foresee,
            Relocate: _ev_relocate, Transmute: _ev_transmute, Enchant: _ev_enchant,
            Dream: _ev_dream, Shield: _ev_shield, Swap: _ev_swap, Banish: _ev_banish,
            Runes: _ev_runes, Shuffle: _ev_shuffle, Deal: _ev_deal, Draw: _ev_draw,
            Rotate: _ev_rotate, Flip: _ev_flip, Capture: _ev_capture, Turn: _ev_turn,
            Phase: _ev_phase, GameOver: _ev_game_over,
        }
        self._deciders: dict[type, Callable[[MageryState, Any, Dice], Events]] = {
            Arrange: self._decide_arrange, Place: self._decide_place, Pass: self._decide_pass,
            Remove: self._decide_remove, Decline: self._decide_decline,
            Dismiss: self._decide_dismiss, TakeOrb: self._decide_take_orb,
            Teleport: self._decide_teleport, Move: self._decide_move,
            Summon: self._decide_summon, Foresee: self._decide_foresee,
            Relocate: self._decide_relocate, Transmute: self._decide_transmute,
            Enchant: self._decide_enchant, Dream: self._decide_dream,
            Shield: self._decide_shield, Swap: self._decide_swap, Banish: self._decide_banish,
            Runes: self._decide_runes,
        }

    # ---------------------------------------------------------------- setup

    def setup(self, options: MageryOptions, players: Sequence[str]) -> MageryState:
        full = "".join(ch * T.PER_TYPE for ch in B.LETTERS)
        return MageryState(
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
        )

    def to_act(self, state: MageryState) -> frozenset[PlayerId]:
        if state.result:
            return frozenset()
        return frozenset((state.turn,))

    def outcome(self, state: MageryState) -> Outcome | None:
        return Outcome(state.winners, state.result) if state.result else None

    # ---------------------------------------------------------------- legal

    def legal(self, state: MageryState, player: PlayerId) -> Sequence[AnyEvent]:
        if state.result or player != state.turn:
            return ()
        phase = state.phase
        if phase == "setup":
            return self._legal_arrange(state, player)
        if phase == "decision":
            out: list[AnyEvent] = []
            chambers = usable_chambers(state, player)
            for ch in dict.fromkeys(state.reserve[player]):
                for c in chambers:
                    out.append(Place(player=player, minion=B.KINDS[B.KIND_OF[ch]], chamber=CH[c]))
            out.append(Pass(player=player))
            return out
        if not state.pending:
            return [
                Remove(player=player, chamber=CH[c])
                for c, ch in enumerate(state.tower)
                if ch != EMPTY and B.SEAT_OF[ch] == player
            ]
        return [*self._power_options(state, player), Decline(player=player)]

    def _legal_arrange(self, state: MageryState, player: int) -> list[AnyEvent]:
        back = T.BACK_RANK[player]
        done = {B.KIND_OF[ch] for ch in state.arena if ch != EMPTY and B.SEAT_OF[ch] == player}
        squares = [back * 8 + f for f in range(8) if state.arena[back * 8 + f] == EMPTY]
        return [
            Arrange(player=player, minion=B.KINDS[k], square=SQ[sq])
            for k in range(len(B.KINDS)) if k not in done
            for sq in squares
        ]

    def _moves(self, state: MageryState, player: int, squares: Sequence[int],
               capture: bool = True) -> list[AnyEvent]:
        out: list[AnyEvent] = []
        arena = state.arena
        for src in squares:
            knight = state.runes[B.SEAT_OF[arena[src]]]
            for dst in B.destinations(arena, src, knight, state.shielded, capture):
                out.append(Move(player=player, from_=SQ[src], to=SQ[dst]))
        return out

    def _summons(self, state: MageryState, player: int, kind: int) -> list[AnyEvent]:
        if B.letter(player, kind) not in state.reserve[player]:
            return []
        return [
            Summon(player=player, minion=B.KINDS[kind], square=SQ[sq])
            for sq in B.summon_squares(state.arena, player, kind)
        ]

    def _power_options(self, state: MageryState, player: int) -> list[AnyEvent]:
        power = state.pending
        arena = state.arena
        mine = _seat_minions(arena, player)
        theirs = _seat_minions(arena, 1 - player)
        free = [i for i in range(B.N) if i not in state.shielded]
        if power in B.TYPE_POWERS:
            kind = B.KIND_INDEX[power]
            own = [i for i in mine if B.KIND_OF[arena[i]] == kind]
            return self._moves(state, player, own) + self._summons(state, player, kind)
        if power == "animist":
            return self._moves(state, player, mine)
        if power == "mentalist":
            return self._moves(state, player, theirs, capture=False)
        if power == "magician":
            return [Dismiss(player=player, chamber=CH[c])
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
                Relocate(player=player, chamber=CH[c])
                for c in usable_chambers(state, player)
                if power_of(state, c) not in NO_MAGUS
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
            return [Dream(player=player, mage=m) for m in self._dreamable(state)]
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
            return [Banish(player=player, square=SQ[s]) for s in self._shadowed(state, player)]
        if power == "rune-master":
            return [Runes(player=player)] if not state.runes[player] else []
        if power == "conjurer":
            return self._summons(state, player, B.KIND_OF[state.pending_minion])
        raise AssertionError(f"unknown power {power!r}")  # pragma: no cover

    @staticmethod
    def _dreamable(state: MageryState) -> list[str]:
        in_tower = set(state.cards[: T.CHAOS_FLOORS])
        return [m for m in T.CHAOS_CARDS if m != "dream-lord" and m not in in_tower]

    @staticmethod
    def _shadowed(state: MageryState, player: int) -> list[int]:
        arena = state.arena
        out = []
        for s in range(B.N):
            if arena[s] == EMPTY or s in state.shielded:
                continue
            if any(arena[n] != EMPTY and B.SEAT_OF[arena[n]] == player
                   for n in B.ORTHO_NEIGHBOURS[s]):
                out.append(s)
        return out

    # ---------------------------------------------------------------- decide

    def decide(self, state: MageryState, action: AnyEvent, dice: Dice) -> Events:
        self.require_turn(state, action)
        decider = self._deciders.get(type(action))
        if decider is None:
            raise IllegalAction(
                "action/unknown", f"{type(action).__name__} is not a player action"
            )
        return decider(state, action, dice)

    def _fold(self, state: MageryState, events: Sequence[AnyEvent]) -> MageryState:
        for e in events:
            state = self._evolvers[type(e)](state, e)
        return state

    # setup

    def _decide_arrange(self, state: MageryState, action: Arrange, dice: Dice) -> Events:
        if state.phase != "setup":
            raise IllegalAction("arrange/not-setup", "minions are arranged only during setup")
        seat = action.player
        kind = B.parse_kind(action.minion, "arrange/unknown-minion")
        sq = B.parse_square(action.square, "arrange/unknown-square")
        if sq // 8 != T.BACK_RANK[seat]:
            raise IllegalAction("arrange/not-back-row", f"{action.square} is not on your back row")
        if state.arena[sq] != EMPTY:
            raise IllegalAction("arrange/occupied", f"{action.square} is taken")
        ch = B.letter(seat, kind)
        if ch in state.arena:
            raise IllegalAction(
                "arrange/already-arranged", f"a {action.minion} is already on your back row"
            )
        events: list[AnyEvent] = [action]
        if not state.dealt:
            events.extend(self._deal(state, dice))
        done = sum(1 for x in state.arena if x != EMPTY and B.SEAT_OF[x] == seat) + 1
        if done == len(B.KINDS):
            if seat == T.WHITE:
                events.append(Turn(player=T.BLACK))
            else:
                events.append(Phase(phase="decision", round=1, player=state.orb))
        return tuple(events)

    def _deal(self, state: MageryState, dice: Dice) -> list[AnyEvent]:
        """Shuffle the Chaos deck; a card face up on each chaos floor; Archmage draws."""
        shuffle = Shuffle.of(dice, "chaos", len(state.deck))
        deck = shuffle.apply(state.deck)
        n = _chaos_floors(state)
        floors = deck[:n] + ("",) * (T.CHAOS_FLOORS - n)
        deck = deck[n:]
        out: list[AnyEvent] = [shuffle, Deal(cards=floors)]
        k = T.ARCHMAGE[state.archmage][0]
        if k:
            for seat in (0, 1):
                out.append(Draw(player=seat, cards=deck[:k]))
                deck = deck[k:]
        return out

    # decision phase

    def _decide_place(self, state: MageryState, action: Place, dice: Dice) -> Events:
        if state.phase != "decision":
            raise IllegalAction(
                "place/not-decision", "minions go to the Tower in the decision phase"
            )
        seat = action.player
        kind = B.parse_kind(action.minion, "place/unknown-minion")
        c = B.parse_chamber(action.chamber, "place/unknown-chamber")
        if B.letter(seat, kind) not in state.reserve[seat]:
            raise IllegalAction("place/not-in-reserve", f"no {action.minion} in your reserve")
        if not power_of(state, c):
            raise IllegalAction("place/no-chamber", f"chamber {action.chamber} is not in play")
        owner = B.chamber_owner(c)
        if owner is not None and owner != seat:
            raise IllegalAction(
                "place/private", f"chamber {action.chamber} is {T.SEAT_NAMES[owner]}'s own"
            )
        if state.tower[c] != EMPTY:
            raise IllegalAction(
                "place/occupied", f"chamber {action.chamber} already holds a minion"
            )
        return self._after_decision(state, (action,))

    def _decide_pass(self, state: MageryState, action: Pass, dice: Dice) -> Events:
        if state.phase != "decision":
            raise IllegalAction("pass/not-decision", "you may pass only in the decision phase")
        return self._after_decision(state, (action,))

    def _after_decision(self, state: MageryState, events: Events) -> Events:
        seat = state.turn
        after = self._fold(state, events)
        if tower_full(after) or all(after.passed):
            if after.placed == 0:
                return (*events, GameOver(winners=(), reason="stalemate"))
            first = after.orb if has_tower(after, after.orb) else 1 - after.orb
            return (*events, Phase(phase="action", round=after.round, player=first))
        other = 1 - seat
        return (*events, Turn(player=seat if after.passed[other] else other))

    # action phase

    def _decide_remove(self, state: MageryState, action: Remove, dice: Dice) -> Events:
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
        return (action,)

    def _decide_decline(self, state: MageryState, action: Decline, dice: Dice) -> Events:
        if not state.pending:
            raise IllegalAction("power/nothing-pending", "no power is waiting to be used")
        return self._end_turn(state, (action,), dice)

    def _need(
        self, state: MageryState, powers: frozenset[str] | set[str], action: AnyEvent
    ) -> None:
        if not state.pending:
            raise IllegalAction("power/nothing-pending", "remove a minion from a chamber first")
        if state.pending not in powers:
            tag = type(action).__struct_config__.tag
            raise IllegalAction(
                "power/wrong-mage", f"{tag} is not the {state.pending} power"
            )

    def _end_turn(self, state: MageryState, events: Events, dice: Dice) -> Events:
        after = self._fold(state, events)
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
        return (*events, *self._end_round(after, dice))

    def _end_round(self, state: MageryState, dice: Dice) -> list[AnyEvent]:
        if state.round_limit and state.round >= state.round_limit:
            return [GameOver(winners=(), reason="round-limit")]
        out: list[AnyEvent] = []
        if state.rotating:
            n = _chaos_floors(state)
            out.append(Rotate(discarded=state.cards[n - 1]))
            deck = state.deck
            if not deck:
                pile = (*state.discard, state.cards[n - 1])
                shuffle = Shuffle.of(dice, "chaos", len(pile))
                out.append(shuffle)
                deck = shuffle.apply(pile)
            out.append(Flip(card=deck[0]))
        out.append(Phase(phase="decision", round=state.round + 1, player=state.orb))
        return out

    # powers

    def _decide_dismiss(self, state: MageryState, action: Dismiss, dice: Dice) -> Events:
        self._need(state, {"magician"}, action)
        c = B.parse_chamber(action.chamber, "dismiss/unknown-chamber")
        if state.tower[c] == EMPTY:
            raise IllegalAction("dismiss/empty", f"chamber {action.chamber} is empty")
        return self._end_turn(state, (action,), dice)

    def _decide_take_orb(self, state: MageryState, action: TakeOrb, dice: Dice) -> Events:
        self._need(state, {"oracle"}, action)
        if state.orb == action.player:
            raise IllegalAction("orb/already-held", "you hold the Orb already")
        return self._end_turn(state, (action,), dice)

    def _own_minion(self, state: MageryState, name: str, player: int, prefix: str) -> int:
        sq = B.parse_square(name, f"{prefix}/unknown-square")
        occ = state.arena[sq]
        if occ == EMPTY:
            raise IllegalAction(f"{prefix}/no-minion", f"no minion on {name}")
        if B.SEAT_OF[occ] != player:
            raise IllegalAction(f"{prefix}/not-yours", f"the minion on {name} is not yours")
        if sq in state.shielded:
            raise IllegalAction(
                f"{prefix}/shielded", f"the minion on {name} is under the Force Mage"
            )
        return sq

    def _decide_teleport(self, state: MageryState, action: Teleport, dice: Dice) -> Events:
        self._need(state, {"mystic"}, action)
        src = self._own_minion(state, action.from_, action.player, "teleport")
        dst = B.parse_square(action.to, "teleport/unknown-square")
        if state.arena[dst] != EMPTY:
            raise IllegalAction("teleport/occupied", f"{action.to} is not empty")
        if B.backrow_blocks(state.arena, src, dst):
            raise IllegalAction(
                "move/backrow", f"a Greater minion on its back row cannot reach {action.to}"
            )
        return self._end_turn(state, (action,), dice)

    def _decide_move(self, state: MageryState, action: Move, dice: Dice) -> Events:
        self._need(state, MOVE_POWERS, action)
        power = state.pending
        player = action.player
        src = B.parse_square(action.from_, "move/unknown-square")
        dst = B.parse_square(action.to, "move/unknown-square")
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
                    "move/wrong-type", f"this mage moves a {power}, not the {B.KINDS[kind]} "
                    f"on {action.from_}"
                )
        if src in state.shielded:
            raise IllegalAction("move/shielded", f"the minion on {action.from_} cannot move")
        capture = power != "mentalist"
        targets = B.destinations(arena, src, state.runes[owner], state.shielded, capture)
        if dst not in targets:
            raise IllegalAction(*self._why_not(state, src, dst, action, capture))
        events: list[AnyEvent] = [action]
        target = arena[dst]
        if target != EMPTY:
            events.append(
                Capture(owner=B.SEAT_OF[target], minion=B.KINDS[B.KIND_OF[target]],
                        square=action.to)
            )
        return self._end_turn(state, tuple(events), dice)

    @staticmethod
    def _why_not(
        state: MageryState, src: int, dst: int, action: Move, capture: bool
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
        return ("move/unreachable", f"a {name} cannot move {action.from_}-{action.to}")

    def _decide_summon(self, state: MageryState, action: Summon, dice: Dice) -> Events:
        self._need(state, SUMMON_POWERS, action)
        player = action.player
        kind = B.parse_kind(action.minion, "summon/unknown-minion")
        sq = B.parse_square(action.square, "summon/unknown-square")
        if state.pending == "conjurer":
            if kind != B.KIND_OF[state.pending_minion]:
                raise IllegalAction(
                    "summon/wrong-type",
                    f"the Conjurer summons this {B.KINDS[B.KIND_OF[state.pending_minion]]}",
                )
        elif B.KINDS[kind] != state.pending:
            raise IllegalAction(
                "summon/wrong-type", f"this mage summons a {state.pending}, not a {action.minion}"
            )
        if B.letter(player, kind) not in state.reserve[player]:
            raise IllegalAction("summon/not-in-reserve", f"no {action.minion} in your reserve")
        if state.arena[sq] != EMPTY:
            raise IllegalAction("summon/occupied", f"{action.square} is not empty")
        if sq not in B.summon_squares(state.arena, player, kind):
            where = {"G": "your back row", "M": "your side of the board"}[B.RANKS[kind]]
            raise IllegalAction(
                "summon/wrong-square", f"a {action.minion} is summoned onto {where}, "
                f"not {action.square}"
            )
        return self._end_turn(state, (action,), dice)

    def _decide_foresee(self, state: MageryState, action: Foresee, dice: Dice) -> Events:
        self._need(state, {"seer"}, action)
        if action.seat not in (0, 1):
            raise IllegalAction("foresee/bad-seat", f"no seat {action.seat!r}")
        return self._end_turn(state, (action,), dice)

    def _decide_relocate(self, state: MageryState, action: Relocate, dice: Dice) -> Events:
        self._need(state, {"magus"}, action)
        c = B.parse_chamber(action.chamber, "relocate/unknown-chamber")
        if c not in usable_chambers(state, action.player):
            raise IllegalAction(
                "relocate/unavailable", f"chamber {action.chamber} is not an empty chamber of yours"
            )
        if power_of(state, c) in NO_MAGUS:
            raise IllegalAction(
                "relocate/loop", f"the Magus cannot send a minion to chamber {action.chamber} "
                f"({power_of(state, c)})"
            )
        return self._end_turn(state, (action,), dice)

    def _decide_transmute(self, state: MageryState, action: Transmute, dice: Dice) -> Events:
        self._need(state, {"alchemist"}, action)
        sq = self._own_minion(state, action.square, action.player, "transmute")
        kind = B.parse_kind(action.minion, "transmute/unknown-minion")
        ch = B.letter(action.player, kind)
        if ch not in state.reserve[action.player]:
            raise IllegalAction("transmute/not-in-reserve", f"no {action.minion} in your reserve")
        if ch == state.arena[sq]:
            raise IllegalAction(
                "transmute/same-type", f"{action.square} already holds a {action.minion}"
            )
        return self._end_turn(state, (action,), dice)

    def _decide_enchant(self, state: MageryState, action: Enchant, dice: Dice) -> Events:
        self._need(state, {"enchanter"}, action)
        sq = B.parse_square(action.square, "enchant/unknown-square")
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
        return self._end_turn(state, (action,), dice)

    def _decide_dream(self, state: MageryState, action: Dream, dice: Dice) -> Events:
        self._need(state, {"dream-lord"}, action)
        if action.mage not in self._dreamable(state):
            raise IllegalAction(
                "dream/unavailable",
                f"{action.mage!r} is not a Chaos Mage outside the Tower "
                f"(one of {', '.join(self._dreamable(state))})",
            )
        return (action,)

    def _decide_shield(self, state: MageryState, action: Shield, dice: Dice) -> Events:
        self._need(state, {"force-mage"}, action)
        sq = B.parse_square(action.square, "shield/unknown-square")
        if state.arena[sq] == EMPTY:
            raise IllegalAction("shield/no-minion", f"no minion on {action.square}")
        if sq in state.shielded:
            raise IllegalAction("shield/already", f"the minion on {action.square} is shielded")
        return self._end_turn(state, (action,), dice)

    def _decide_swap(self, state: MageryState, action: Swap, dice: Dice) -> Events:
        self._need(state, {"illusionist"}, action)
        a = B.parse_square(action.a, "swap/unknown-square")
        b = B.parse_square(action.b, "swap/unknown-square")
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
        return self._end_turn(state, (action,), dice)

    def _decide_banish(self, state: MageryState, action: Banish, dice: Dice) -> Events:
        self._need(state, {"shadow-mage"}, action)
        sq = B.parse_square(action.square, "banish/unknown-square")
        if state.arena[sq] == EMPTY:
            raise IllegalAction("banish/no-minion", f"no minion on {action.square}")
        if sq in state.shielded:
            raise IllegalAction("banish/shielded", f"the minion on {action.square} is shielded")
        if sq not in self._shadowed(state, action.player):
            raise IllegalAction(
                "banish/not-adjacent",
                f"{action.square} shares no side with another of your minions",
            )
        return self._end_turn(state, (action,), dice)

    def _decide_runes(self, state: MageryState, action: Runes, dice: Dice) -> Events:
        self._need(state, {"rune-master"}, action)
        if state.runes[action.player]:
            raise IllegalAction("runes/already", "your minions already move like knights")
        return self._end_turn(state, (action,), dice)

    # ---------------------------------------------------------------- evolve

    def evolve(self, state: MageryState, event: AnyEvent) -> MageryState:
        return self._evolvers[type(event)](state, event)

    # ---------------------------------------------------------------- hidden information

    def view(self, state: MageryState, player: PlayerId | None) -> MageryState:
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

    def redact(self, event: AnyEvent, player: PlayerId | None) -> AnyEvent:
        if isinstance(event, Shuffle):
            return msgspec.structs.replace(event, order=())
        if isinstance(event, Draw) and event.player != player:
            return Draw(player=event.player, cards=("?",) * len(event.cards))
        return event

    def disguise(self, state: MageryState, player: PlayerId, rng: random.Random) -> MageryState:
        """Deal the cards ``player`` cannot see (the deck and the other seat's unused
        private cards) again at random."""
        other = 1 - player
        hidden = [
            i for i in range(4, 10)
            if state.cards[i] and (0 if i < 7 else 1) == other and not state.shown[i]
        ]
        pool = list(state.deck) + [state.cards[i] for i in hidden]
        rng.shuffle(pool)
        cards = list(state.cards)
        for i in hidden:
            cards[i] = pool.pop()
        pending = state.pending
        c = state.pending_chamber
        if pending and c >= B.PUBLIC_CHAMBERS and B.card_slot(c) in hidden:
            pending = cards[B.card_slot(c)]
        return msgspec.structs.replace(
            state, deck=tuple(pool), cards=tuple(cards), pending=pending
        )

    # ---------------------------------------------------------------- text

    def render(self, state: MageryState, player: PlayerId | None = None) -> str:
        return _render.board(state, player)

    def describe(self, event: AnyEvent) -> str:
        return _render.describe(event)

    def notation(self, state: MageryState) -> str:
        return _render.notation(state)

    def parse(self, text: str, options: MageryOptions, players: Sequence[str]) -> MageryState:
        return _render.parse(text, self.setup(options, players))


# ---------------------------------------------------------------- evolvers (pure)

_r = msgspec.structs.replace


def _pair(t: tuple[Any, Any], seat: int, value: Any) -> Any:
    return (value, t[1]) if seat == 0 else (t[0], value)


def _set(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*t[:i], value, *t[i + 1:])


def _take(res: tuple[str, str], seat: int, ch: str) -> tuple[str, str]:
    out: tuple[str, str] = _pair(res, seat, res[seat].replace(ch, "", 1))
    return out


def _give(res: tuple[str, str], seat: int, ch: str) -> tuple[str, str]:
    out: tuple[str, str] = _pair(res, seat, B.add_letter(res[seat], ch))
    return out


def _used(state: MageryState, **changes: Any) -> MageryState:
    """A power was used: clear the pending power; a private card becomes public."""
    c = state.pending_chamber
    if c >= B.PUBLIC_CHAMBERS:
        changes["shown"] = _set(state.shown, B.card_slot(c), True)
    return _r(state, pending="", pending_chamber=-1, pending_minion="", **changes)


def _ev_arrange(s: MageryState, e: Arrange) -> MageryState:
    ch = B.letter(e.player, B.KIND_INDEX[e.minion])
    return _r(s, arena=_set(s.arena, B.SQUARE_INDEX[e.square], ch),
              reserve=_take(s.reserve, e.player, ch))


def _ev_place(s: MageryState, e: Place) -> MageryState:
    ch = B.letter(e.player, B.KIND_INDEX[e.minion])
    return _r(s, tower=_set(s.tower, B.CHAMBER_INDEX[e.chamber], ch),
              reserve=_take(s.reserve, e.player, ch), placed=s.placed + 1)


def _ev_pass(s: MageryState, e: Pass) -> MageryState:
    return _r(s, passed=_pair(s.passed, e.player, True))


def _ev_remove(s: MageryState, e: Remove) -> MageryState:
    c = B.CHAMBER_INDEX[e.chamber]
    ch = s.tower[c]
    return _r(s, tower=_set(s.tower, c, EMPTY), reserve=_give(s.reserve, e.player, ch),
              pending=power_of(s, c), pending_chamber=c, pending_minion=ch)


def _ev_decline(s: MageryState, e: Decline) -> MageryState:
    return _r(s, pending="", pending_chamber=-1, pending_minion="")


def _ev_dismiss(s: MageryState, e: Dismiss) -> MageryState:
    c = B.CHAMBER_INDEX[e.chamber]
    ch = s.tower[c]
    return _used(s, tower=_set(s.tower, c, EMPTY), reserve=_give(s.reserve, B.SEAT_OF[ch], ch))


def _ev_take_orb(s: MageryState, e: TakeOrb) -> MageryState:
    return _used(s, orb=e.player)


def _ev_move(s: MageryState, e: Move | Teleport) -> MageryState:
    src, dst = B.SQUARE_INDEX[e.from_], B.SQUARE_INDEX[e.to]
    arena = list(s.arena)
    target = arena[dst]
    arena[dst], arena[src] = arena[src], EMPTY
    if target == EMPTY:
        return _used(s, arena=tuple(arena))
    seat = B.SEAT_OF[target]
    dead = _pair(s.dead, seat, B.add_letter(s.dead[seat], target))
    return _used(s, arena=tuple(arena), dead=dead)


def _ev_summon(s: MageryState, e: Summon) -> MageryState:
    ch = B.letter(e.player, B.KIND_INDEX[e.minion])
    return _used(s, arena=_set(s.arena, B.SQUARE_INDEX[e.square], ch),
                 reserve=_take(s.reserve, e.player, ch))


def _ev_foresee(s: MageryState, e: Foresee) -> MageryState:
    return _used(s, extra=(e.seat, e.seat))


def _ev_relocate(s: MageryState, e: Relocate) -> MageryState:
    ch = s.pending_minion
    return _used(s, tower=_set(s.tower, B.CHAMBER_INDEX[e.chamber], ch),
                 reserve=_take(s.reserve, e.player, ch))


def _ev_transmute(s: MageryState, e: Transmute) -> MageryState:
    sq = B.SQUARE_INDEX[e.square]
    old, new = s.arena[sq], B.letter(e.player, B.KIND_INDEX[e.minion])
    reserve = _give(_take(s.reserve, e.player, new), e.player, old)
    return _used(s, arena=_set(s.arena, sq, new), reserve=reserve)


def _ev_enchant(s: MageryState, e: Enchant) -> MageryState:
    sq = B.SQUARE_INDEX[e.square]
    theirs = s.arena[sq]
    mine = B.letter(e.player, B.KIND_OF[theirs])
    reserve = _take(s.reserve, e.player, mine)
    if s.enchanted == "reserve":
        return _used(s, arena=_set(s.arena, sq, mine),
                     reserve=_give(reserve, 1 - e.player, theirs))
    dead = _pair(s.dead, 1 - e.player, B.add_letter(s.dead[1 - e.player], theirs))
    return _used(s, arena=_set(s.arena, sq, mine), reserve=reserve, dead=dead)


def _ev_dream(s: MageryState, e: Dream) -> MageryState:
    c = s.pending_chamber
    shown = _set(s.shown, B.card_slot(c), True) if c >= B.PUBLIC_CHAMBERS else s.shown
    return _r(s, pending=e.mage, shown=shown)


def _ev_shield(s: MageryState, e: Shield) -> MageryState:
    return _used(s, shielded=tuple(sorted((*s.shielded, B.SQUARE_INDEX[e.square]))))


def _ev_swap(s: MageryState, e: Swap) -> MageryState:
    a, b = B.SQUARE_INDEX[e.a], B.SQUARE_INDEX[e.b]
    arena = list(s.arena)
    arena[a], arena[b] = arena[b], arena[a]
    return _used(s, arena=tuple(arena))


def _ev_banish(s: MageryState, e: Banish) -> MageryState:
    sq = B.SQUARE_INDEX[e.square]
    ch = s.arena[sq]
    return _used(s, arena=_set(s.arena, sq, EMPTY), reserve=_give(s.reserve, B.SEAT_OF[ch], ch))


def _ev_runes(s: MageryState, e: Runes) -> MageryState:
    return _used(s, runes=_pair(s.runes, e.player, True))


def _ev_shuffle(s: MageryState, e: Shuffle) -> MageryState:
    if s.deck:
        return _r(s, deck=e.apply(s.deck))
    return _r(s, deck=e.apply(s.discard), discard=())


def _ev_deal(s: MageryState, e: Deal) -> MageryState:
    n = sum(1 for c in e.cards if c)
    return _r(s, cards=tuple(e.cards) + s.cards[4:], deck=s.deck[n:], dealt=True)


def _ev_draw(s: MageryState, e: Draw) -> MageryState:
    k = len(e.cards)
    start = 4 + T.MAX_PRIVATE * e.player
    cards = list(s.cards)
    cards[start:start + k] = s.deck[:k]
    return _r(s, cards=tuple(cards), deck=s.deck[k:])


def _ev_rotate(s: MageryState, e: Rotate) -> MageryState:
    n = _chaos_floors(s)
    floors = ("", *s.cards[: n - 1], *s.cards[n:4])
    return _r(s, cards=floors + s.cards[4:], discard=(*s.discard, s.cards[n - 1]))


def _ev_flip(s: MageryState, e: Flip) -> MageryState:
    return _r(s, cards=(s.deck[0], *s.cards[1:]), deck=s.deck[1:])


def _ev_capture(s: MageryState, e: Capture) -> MageryState:
    return s  # the move already put the minion on the dead pile; this reports it


def _ev_turn(s: MageryState, e: Turn) -> MageryState:
    return _r(s, turn=e.player, extra=e.extra)


def _ev_phase(s: MageryState, e: Phase) -> MageryState:
    if e.phase == "decision":
        return _r(s, phase=e.phase, round=e.round, turn=e.player, passed=(False, False),
                  placed=0, extra=(), shielded=(), runes=(False, False))
    return _r(s, phase=e.phase, round=e.round, turn=e.player, extra=())


def _ev_game_over(s: MageryState, e: GameOver) -> MageryState:
    return _r(s, winners=e.winners, result=e.reason, phase="over")


RULES = MageryRules()
