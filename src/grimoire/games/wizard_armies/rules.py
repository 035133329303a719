"""Wizard Armies: the decider.

Who rolls: every roll is a chance event recorded with the seat it belongs to
(``Roll.player``). The army roll is the only roll a player asks for (the ``muster``
action); every other roll is a consequence of the action that makes it due: the second
secret ``deploy`` brings the reveal, the initiative rolls (rerolled on ties) and both
battle rolls; the strike that ends a battle brings the camp-raid roll. A player with no
possible strike passes automatically (a ``no-strike`` consequence), so ``to_act`` always
names the seat whose decision is awaited.

>>> from grimoire import Match
>>> m = Match.new("wizard-armies", dice="recorded")
>>> [RULES.describe(e) for e in m.act(Muster(player=0), dice=[3, 4])]
['Light musters', 'Light rolls 3 4 for troops']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction, LogError
from grimoire.core.events import Event as CoreEvent
from grimoire.core.events import Roll
from grimoire.core.rules import BaseRules, Outcome, PlayerId
from grimoire.games.wizard_armies import render as _render
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.combat import all_strikes, beats, can_strike, remove
from grimoire.games.wizard_armies.events import (
    CampStrike,
    Deploy,
    Desert,
    GameOver,
    Initiative,
    Muster,
    NoStrike,
    Raid,
    Reveal,
    RoundOver,
    Strike,
    WizEvent,
)
from grimoire.games.wizard_armies.state import Options as WizOptions
from grimoire.games.wizard_armies.state import State as WizState

__all__ = ["RULES", "WizardArmiesRules"]

_replace = msgspec.structs.replace


def _set(pair: tuple[Any, Any], seat: int, value: Any) -> tuple[Any, Any]:
    if seat == 0:
        return (value, pair[1])
    if seat == 1:
        return (pair[0], value)
    raise IndexError(f"no seat {seat!r}")


def _seat(seat: int) -> int:
    if seat not in (0, 1):
        raise IndexError(f"no seat {seat!r}")
    return seat


def can_act(state: WizState, seat: int) -> bool:
    """May ``seat`` strike now (on the enemy field or, with a Wizard, the enemy camp)?"""
    other = 1 - seat
    if state.phase == "raid":
        return can_strike(state.field[seat], state.targets, 0, camp_strike=False)
    return can_strike(state.field[seat], state.field[other], state.camp(other))


def raider(state: WizState) -> int | None:
    """The seat that raids when the battle ends now, if any: two or more units on the
    field against none, and a camp to raid."""
    for seat in (0, 1):
        other = 1 - seat
        if (len(state.field[seat]) >= T.RAIDERS_NEEDED and not state.field[other]
                and state.camp(other) > 0):
            return seat
    return None


class _Script:
    """Events being decided, with the state they lead to (so later rules see it)."""

    __slots__ = ("events", "evolve", "state")

    def __init__(self, state: WizState, evolve: Callable[[WizState, CoreEvent], WizState]) -> None:
        self.state = state
        self.evolve = evolve
        self.events: list[CoreEvent] = []

    def emit(self, event: CoreEvent) -> WizState:
        self.events.append(event)
        self.state = self.evolve(self.state, event)
        return self.state


class WizardArmiesRules(BaseRules[Any, Any, Any]):
    """Wizard Armies: two dice armies fight rounds of attrition until one is gone."""

    name = "wizard-armies"
    version = "1"
    seats = (2,)
    default_players = T.SEAT_NAMES
    Options = WizOptions
    State = WizState
    Event = WizEvent

    def __init__(self) -> None:
        self._evolvers: dict[type, Callable[[WizState, Any], WizState]] = {
            Muster: self._evolve_muster,
            Deploy: self._evolve_deploy,
            Strike: self._evolve_strike,
            CampStrike: self._evolve_camp_strike,
            Roll: self._evolve_roll,
            Reveal: self._evolve_reveal,
            Initiative: self._evolve_initiative,
            Desert: self._evolve_desert,
            NoStrike: self._evolve_no_strike,
            Raid: self._evolve_raid,
            RoundOver: self._evolve_round_over,
            GameOver: self._evolve_game_over,
        }

    # ---------------------------------------------------------------- setup

    def setup(self, options: WizOptions, players: Sequence[str]) -> WizState:
        return WizState(doubles=options.doubles)

    def to_act(self, state: WizState) -> frozenset[PlayerId]:
        phase = state.phase
        if phase == "muster":
            return frozenset(p for p in (0, 1) if not state.mustered[p])
        if phase == "deploy":
            return frozenset(p for p in (0, 1) if not state.ready[p])
        if phase in ("battle", "raid") and state.turn >= 0:
            return frozenset((state.turn,))
        return frozenset()

    def outcome(self, state: WizState) -> Outcome | None:
        return Outcome(state.winners, state.result) if state.result else None

    # ---------------------------------------------------------------- legal

    def legal(self, state: WizState, player: PlayerId) -> Sequence[CoreEvent]:
        if player not in self.to_act(state):
            return ()
        phase = state.phase
        if phase == "muster":
            return (Muster(player=player),)
        if phase == "deploy":
            top = min(T.MAX_UNITS, state.troops[player])
            return tuple(Deploy(player=player, units=u) for u in range(T.MIN_UNITS, top + 1))
        other = 1 - player
        enemy = state.targets if phase == "raid" else state.field[other]
        actions: list[CoreEvent] = [
            Strike(player=player, dice=dice, target=target)
            for dice, target in all_strikes(state.field[player], enemy)
        ]
        if phase == "battle" and T.WIZARD in state.field[player] and state.camp(other) > 0:
            actions.append(CampStrike(player=player))
        return actions

    # ---------------------------------------------------------------- decide

    def decide(self, state: WizState, action: CoreEvent, dice: Dice) -> tuple[CoreEvent, ...]:
        self.require_turn(state, action)
        if isinstance(action, Muster):
            return self._decide_muster(state, action, dice)
        if isinstance(action, Deploy):
            return self._decide_deploy(state, action, dice)
        if isinstance(action, Strike):
            return self._decide_strike(state, action, dice)
        if isinstance(action, CampStrike):
            return self._decide_camp_strike(state, action, dice)
        raise IllegalAction("action/unknown", f"{type(action).__name__} is not a player action")

    def _decide_muster(self, state: WizState, action: Muster, dice: Dice) -> tuple[CoreEvent, ...]:
        if state.phase != "muster":
            raise IllegalAction("muster/done", "armies are raised only at the start of the war")
        seat = action.player
        events: list[CoreEvent] = [action]
        extra = 0
        while True:
            roll = Roll.of(dice, seat, T.SIDES, T.TROOP_DICE, "troops")
            events.append(roll)
            doubles = len(set(roll.values)) == 1
            if not doubles or state.doubles == "none":
                break
            if state.doubles == "once" and extra >= 1:
                break
            extra += 1
        return tuple(events)

    def _decide_deploy(self, state: WizState, action: Deploy, dice: Dice) -> tuple[CoreEvent, ...]:
        if state.phase != "deploy":
            raise IllegalAction("deploy/not-now", "units are deployed only between battles")
        seat, units = action.player, action.units
        top = min(T.MAX_UNITS, state.troops[seat])
        if units < T.MIN_UNITS:
            raise IllegalAction(
                "deploy/too-few", f"deploy at least {T.MIN_UNITS} unit, not {units!r}"
            )
        if units > T.MAX_UNITS:
            raise IllegalAction(
                "deploy/too-many", f"deploy at most {T.MAX_UNITS} units, not {units!r}"
            )
        if units > top:
            raise IllegalAction(
                "deploy/beyond-army",
                f"{units!r} units asked but the army holds {state.troops[seat]}",
            )
        other = 1 - seat
        if not state.ready[other]:
            return (action,)
        script = _Script(state, self.evolve)
        script.emit(action)
        script.emit(Reveal(units=_set(state.deployed, seat, units)))
        # Initiative: each rolls one die; ties are discarded and rolled again.
        while True:
            a = Roll.of(dice, 0, T.SIDES, 1, "initiative")
            b = Roll.of(dice, 1, T.SIDES, 1, "initiative")
            script.emit(a)
            script.emit(b)
            if a.values[0] != b.values[0]:
                break
        script.emit(Initiative(first=0 if a.values[0] > b.values[0] else 1))
        s = script.state
        for p in (0, 1):
            s = script.emit(Roll.of(dice, p, T.SIDES, s.deployed[p], "battle"))
        for p in (0, 1):
            cowards = s.field[p].count(T.COWARD)
            if cowards:
                s = script.emit(Desert(player=p, count=cowards))
        self._continue(script, dice)
        return tuple(script.events)

    def _strike_checks(self, state: WizState, action: Strike | CampStrike) -> None:
        if state.phase not in ("battle", "raid"):
            raise IllegalAction("strike/not-now", "strikes happen only in a battle or a raid")

    def _decide_strike(self, state: WizState, action: Strike, dice: Dice) -> tuple[CoreEvent, ...]:
        self._strike_checks(state, action)
        seat = action.player
        if not action.dice:
            raise IllegalAction("strike/no-dice", f"name the dice that strike, got {action!r}")
        if remove(state.field[seat], action.dice) is None:
            raise IllegalAction(
                "strike/not-on-field",
                f"dice {list(action.dice)} are not all among your field {list(state.field[seat])}",
            )
        enemy = state.targets if state.phase == "raid" else state.field[1 - seat]
        if action.target not in enemy:
            where = "raided camp units" if state.phase == "raid" else "enemy field"
            raise IllegalAction(
                "strike/no-target", f"no die of value {action.target!r} among the {where} "
                f"{list(enemy)}"
            )
        if not beats(action.dice, action.target):
            raise IllegalAction(
                "strike/too-weak",
                f"dice {list(action.dice)} cannot strike a {action.target}: one die must be "
                "higher or a Wizard, several must add up to more",
            )
        script = _Script(state, self.evolve)
        script.emit(action)
        self._continue(script, dice)
        return tuple(script.events)

    def _decide_camp_strike(
        self, state: WizState, action: CampStrike, dice: Dice
    ) -> tuple[CoreEvent, ...]:
        self._strike_checks(state, action)
        if state.phase == "raid":
            raise IllegalAction(
                "camp-strike/in-raid", "during a raid, strike the rolled camp units instead"
            )
        seat = action.player
        if T.WIZARD not in state.field[seat]:
            raise IllegalAction(
                "camp-strike/no-wizard",
                f"no Wizard (six) among your field {list(state.field[seat])}",
            )
        if state.camp(1 - seat) <= 0:
            raise IllegalAction("camp-strike/empty-camp", "the enemy camp is empty")
        script = _Script(state, self.evolve)
        script.emit(action)
        self._continue(script, dice)
        return tuple(script.events)

    def _continue(self, script: _Script, dice: Dice) -> None:
        """After a strike (or the battle roll): whose strike is next, or the battle's end."""
        s = script.state
        if s.phase == "raid":
            if not can_act(s, s.turn):
                self._round_over(script)
            return
        if s.field[0] and s.field[1]:
            if can_act(s, s.turn):
                return
            if can_act(s, 1 - s.turn):
                script.emit(NoStrike(player=s.turn))
                return
        # The battle is over: a side has no dice on the field, or neither can strike.
        seat = raider(s)
        if seat is None:
            self._round_over(script)
            return
        s = script.emit(Raid(raider=seat))
        count = min(T.RAID_MAX, s.camp(1 - seat))
        s = script.emit(Roll.of(dice, seat, T.SIDES, count, "raid"))
        if not can_act(s, seat):
            self._round_over(script)

    def _round_over(self, script: _Script) -> None:
        s = script.state
        s = script.emit(RoundOver(round=s.round, lost=s.lost, troops=s.troops))
        alive = tuple(p for p in (0, 1) if s.troops[p] > 0)
        if len(alive) == 1:
            script.emit(GameOver(winners=alive, reason="conquest"))
        elif not alive:
            script.emit(GameOver(winners=(), reason="mutual-destruction"))

    # ---------------------------------------------------------------- evolve

    def evolve(self, state: WizState, event: CoreEvent) -> WizState:
        try:
            return self._evolvers[type(event)](state, event)
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            # Only a hand-made or corrupted log gets here (decide never produces these).
            raise LogError(
                "log/impossible-event", f"{_render.describe(event)!r} cannot happen here: {exc}"
            ) from None

    @staticmethod
    def _evolve_muster(state: WizState, ev: Muster) -> WizState:
        mustered = _set(state.mustered, ev.player, True)
        phase = "deploy" if all(mustered) else state.phase
        return _replace(state, mustered=mustered, phase=phase)

    @staticmethod
    def _evolve_roll(state: WizState, ev: Roll) -> WizState:
        purpose, seat = ev.purpose, ev.player
        if seat is None or not ev.values:  # not a roll this game makes: the fold ignores it
            return state
        if purpose == "battle":
            field = tuple(sorted(ev.values, reverse=True))
            return _replace(state, field=_set(state.field, seat, field))
        if purpose == "raid":
            return _replace(state, targets=tuple(sorted(ev.values, reverse=True)))
        if purpose == "initiative":
            return _replace(state, init=_set(state.init, seat, ev.values[0]))
        # troops
        return _replace(state, troops=_set(state.troops, seat, state.troops[seat] + sum(ev.values)))

    @staticmethod
    def _evolve_deploy(state: WizState, ev: Deploy) -> WizState:
        return _replace(
            state,
            ready=_set(state.ready, ev.player, True),
            deployed=_set(state.deployed, ev.player, ev.units),
        )

    @staticmethod
    def _evolve_reveal(state: WizState, ev: Reveal) -> WizState:
        return _replace(state, phase="battle", ready=(False, False), deployed=ev.units)

    @staticmethod
    def _evolve_initiative(state: WizState, ev: Initiative) -> WizState:
        return _replace(state, turn=_seat(ev.first))

    @staticmethod
    def _evolve_desert(state: WizState, ev: Desert) -> WizState:
        seat = ev.player
        field = tuple(v for v in state.field[seat] if v != T.COWARD)
        return _replace(
            state,
            field=_set(state.field, seat, field),
            troops=_set(state.troops, seat, state.troops[seat] - ev.count),
            lost=_set(state.lost, seat, state.lost[seat] + ev.count),
        )

    @staticmethod
    def _evolve_strike(state: WizState, ev: Strike) -> WizState:
        seat = _seat(ev.player)
        other = 1 - seat
        own = remove(state.field[seat], ev.dice) or ()
        troops = _set(state.troops, other, state.troops[other] - 1)
        lost = _set(state.lost, other, state.lost[other] + 1)
        if state.phase == "raid":
            targets = remove(state.targets, (ev.target,)) or ()
            return _replace(
                state, field=_set(state.field, seat, own), targets=targets,
                troops=troops, lost=lost,
            )
        enemy = remove(state.field[other], (ev.target,)) or ()
        field = (own, enemy) if seat == 0 else (enemy, own)
        return _replace(state, field=field, troops=troops, lost=lost, turn=other)

    @staticmethod
    def _evolve_camp_strike(state: WizState, ev: CampStrike) -> WizState:
        seat = _seat(ev.player)
        other = 1 - seat
        own = remove(state.field[seat], (T.WIZARD,)) or ()
        return _replace(
            state,
            field=_set(state.field, seat, own),
            troops=_set(state.troops, other, state.troops[other] - 1),
            lost=_set(state.lost, other, state.lost[other] + 1),
            turn=other,
        )

    @staticmethod
    def _evolve_no_strike(state: WizState, ev: NoStrike) -> WizState:
        return _replace(state, turn=1 - _seat(ev.player))

    @staticmethod
    def _evolve_raid(state: WizState, ev: Raid) -> WizState:
        return _replace(state, phase="raid", turn=_seat(ev.raider))

    @staticmethod
    def _evolve_round_over(state: WizState, ev: RoundOver) -> WizState:
        return _replace(
            state,
            phase="deploy",
            round=state.round + 1,
            ready=(False, False),
            deployed=(0, 0),
            field=((), ()),
            turn=-1,
            targets=(),
            lost=(0, 0),
            init=(0, 0),
        )

    @staticmethod
    def _evolve_game_over(state: WizState, ev: GameOver) -> WizState:
        return _replace(state, phase="over", winners=ev.winners, result=ev.reason)

    # ---------------------------------------------------------------- hidden information

    def view(self, state: WizState, player: PlayerId | None) -> WizState:
        """While deployments are being chosen nobody sees the other's number (only that it
        has been chosen)."""
        if state.phase != "deploy":
            return state
        deployed = tuple(n if seat == player else 0 for seat, n in enumerate(state.deployed))
        if deployed == state.deployed:
            return state
        return _replace(state, deployed=deployed)

    def redact(self, event: CoreEvent, player: PlayerId | None) -> CoreEvent:
        if isinstance(event, Deploy) and event.player != player:
            return Deploy(player=event.player, units=0)
        return event

    def disguise(self, state: WizState, player: PlayerId, rng: random.Random) -> WizState:
        """The same state with the opponent's secret deployment replaced by another legal one."""
        other = 1 - player
        if state.phase != "deploy" or not state.ready[other]:
            return state
        top = min(T.MAX_UNITS, state.troops[other])
        units = rng.randint(T.MIN_UNITS, max(T.MIN_UNITS, top))
        return _replace(state, deployed=_set(state.deployed, other, units))

    # ---------------------------------------------------------------- text

    def render(self, state: WizState, player: PlayerId | None = None) -> str:
        return _render.board(state, player)

    def describe(self, event: CoreEvent) -> str:
        return _render.describe(event)

    def notation(self, state: WizState) -> str:
        return _render.notation(state)

    def parse(self, text: str, options: WizOptions, players: Sequence[str]) -> WizState:
        return _render.parse(text, self.setup(options, players))


RULES = WizardArmiesRules()
