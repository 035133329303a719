"""A test-only game, ``tally``: players take turns adding a die roll to a running total.

It exists to exercise the core without any real game: long synthetic matches (the
100,000-event benchmark log), dice on every turn, a hidden ``secret`` per player, and a
``position`` notation. Registered by ``tests/conftest.py`` and by ``tools/bench.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Union

import msgspec

from grimoire.core import registry
from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Action, Consequence, Roll
from grimoire.core.events import Event as AnyEvent
from grimoire.core.rules import BaseRules, Outcome, PlayerId


class TallyOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    target: int = 1_000_000_000
    sides: int = 6


class TallyState(msgspec.Struct, frozen=True, gc=False):
    total: int
    turn: int
    target: int
    sides: int
    secrets: tuple[int, ...]
    winner: int = -1


class Add(Action, frozen=True, tag="add"):
    """Roll and add; ``secret`` is a private number only its player may see."""

    secret: int = 0


class Won(Consequence, frozen=True, tag="won"):
    player: int


TallyEvent = Union[Add, Roll, Won]  # noqa: UP007


class TallyRules(BaseRules):
    """Tally: a test-only dice race."""

    name = "tally"
    version = "1"
    seats = (2, 3)
    default_players = ("A", "B")
    Options = TallyOptions
    State = TallyState
    Event = TallyEvent

    def setup(self, options: TallyOptions, players: Sequence[str]) -> TallyState:
        return TallyState(0, 0, options.target, options.sides, (0,) * len(players))

    def to_act(self, state: TallyState) -> frozenset[PlayerId]:
        return frozenset() if state.winner >= 0 else frozenset((state.turn,))

    def legal(self, state: TallyState, player: PlayerId) -> Sequence[AnyEvent]:
        return (Add(player=player, secret=0), Add(player=player, secret=1))

    def decide(self, state: TallyState, action: AnyEvent, dice: Dice) -> tuple[AnyEvent, ...]:
        if not isinstance(action, Add):
            raise IllegalAction("action/unknown", repr(action))
        if action.player != state.turn:
            raise IllegalAction("turn/not-to-act", f"seat {action.player}")
        if action.secret not in (0, 1):
            raise IllegalAction("add/secret", f"secret must be 0 or 1, got {action.secret}")
        roll = Roll.of(dice, action.player, state.sides, 1, "add")
        out: tuple[AnyEvent, ...] = (action, roll)
        if state.total + roll.values[0] >= state.target:
            out += (Won(player=action.player),)
        return out

    def evolve(self, state: TallyState, event: AnyEvent) -> TallyState:
        t = type(event)
        if t is Roll:
            return msgspec.structs.replace(
                state, total=state.total + event.values[0],  # type: ignore[attr-defined]
                turn=(state.turn + 1) % len(state.secrets),
            )
        if t is Add:
            secrets = list(state.secrets)
            secrets[event.player] = event.secret  # type: ignore[attr-defined]
            return msgspec.structs.replace(state, secrets=tuple(secrets))
        return msgspec.structs.replace(state, winner=event.player)  # type: ignore[attr-defined]

    def outcome(self, state: TallyState) -> Outcome | None:
        return Outcome((state.winner,), "target") if state.winner >= 0 else None

    def view(self, state: TallyState, player: PlayerId | None) -> TallyState:
        secrets = tuple(s if p == player else -1 for p, s in enumerate(state.secrets))
        return msgspec.structs.replace(state, secrets=secrets)

    def redact(self, event: AnyEvent, player: PlayerId | None) -> AnyEvent:
        if isinstance(event, Add) and event.player != player:
            return Add(player=event.player, secret=-1)
        return event

    def disguise(self, state: TallyState, player: PlayerId, rng: random.Random) -> TallyState:
        secrets = tuple(s if p == player else rng.randrange(2)
                        for p, s in enumerate(state.secrets))
        return msgspec.structs.replace(state, secrets=secrets)

    def render(self, state: Any, player: PlayerId | None = None) -> str:
        return f"total {state.total} of {state.target}; seat {state.turn} to act"

    def describe(self, event: AnyEvent) -> str:
        if isinstance(event, Roll):
            return f"roll {event.values}"
        return type(event).__name__.lower()

    def notation(self, state: TallyState) -> str:
        return f"{state.total} {state.turn}"

    def parse(self, text: str, options: TallyOptions, players: Sequence[str]) -> TallyState:
        try:
            total, turn = (int(x) for x in text.split())
        except ValueError:
            raise IllegalAction("position/invalid", f"{text!r}: expected 'TOTAL TURN'") from None
        return msgspec.structs.replace(self.setup(options, players), total=total, turn=turn)


RULES = registry.register(TallyRules(), replace=True)
