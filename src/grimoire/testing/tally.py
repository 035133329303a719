"""``tally``, a tiny dice race for exercising the core (and your own tools) without a real
game: seats take turns adding a die roll to a running total until it reaches ``target``.

It has dice on every turn, a hidden ``secret`` per seat (so views and redaction have
something to hide) and a ``position`` notation, and it makes logs of any length cheaply
(the benchmarks' 1,000,000-event log). It is not registered until :func:`register`.

>>> from grimoire import Match
>>> _ = register()
>>> m = Match.new("tally", seed="07" * 16, options={"target": 3})
>>> while m.to_act:
...     _ = m.act(Add(player=m.state.turn, secret=1))
>>> m.outcome.reason
'target'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Union

import msgspec

from grimoire.core import registry
from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Action, Consequence, Roll
from grimoire.core.kit import put
from grimoire.core.rules import AnyRules, Game, Outcome, PlayerId


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``target``: the total that wins; ``sides``: the die rolled each turn."""

    target: int = 1_000_000_000
    sides: int = 6


class State(msgspec.Struct, frozen=True, gc=False):
    """The running total, whose turn it is, and each seat's secret (-1 in a view: hidden)."""

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
    """``player`` brought the total to the target."""

    player: int


Event = Union[Add, Roll, Won]  # noqa: UP007

REASONS: dict[str, str] = {
    "action/unknown": "not an action of this game",
    "add/secret": "a secret other than 0 or 1",
    "position/invalid": "notation that cannot be read",
}


def setup(options: Options, players: Sequence[str]) -> State:
    return State(0, 0, options.target, options.sides, (0,) * len(players))


def to_act(state: State) -> frozenset[PlayerId]:
    return frozenset((state.turn,))


def legal(state: State, player: PlayerId) -> Sequence[Event]:
    return (Add(player=player, secret=0), Add(player=player, secret=1))


def decide(state: State, action: Event, dice: Dice) -> tuple[Event, ...]:
    if not isinstance(action, Add):
        raise IllegalAction("action/unknown", repr(action))
    if action.secret not in (0, 1):
        raise IllegalAction("add/secret", f"secret must be 0 or 1, got {action.secret}")
    roll = Roll.of(dice, action.player, state.sides, 1, "add")
    out: tuple[Event, ...] = (action, roll)
    if state.total + roll.values[0] >= state.target:
        out += (Won(player=action.player),)
    return out


def _roll(state: State, event: Roll) -> State:
    return msgspec.structs.replace(state, total=state.total + event.values[0],
                                   turn=(state.turn + 1) % len(state.secrets))


def _add(state: State, event: Add) -> State:
    return msgspec.structs.replace(state, secrets=put(state.secrets, event.player, event.secret))


def _won(state: State, event: Won) -> State:
    return msgspec.structs.replace(state, winner=event.player)


_EVOLVERS: dict[type, Callable[[State, Any], State]] = {Roll: _roll, Add: _add, Won: _won}


def evolve(state: State, event: Event) -> State:
    return _EVOLVERS[type(event)](state, event)


def outcome(state: State) -> Outcome | None:
    return Outcome((state.winner,), "target") if state.winner >= 0 else None


def view(state: State, player: PlayerId | None) -> State:
    secrets = tuple(s if p == player else -1 for p, s in enumerate(state.secrets))
    return msgspec.structs.replace(state, secrets=secrets)


def redact(event: Event, player: PlayerId | None) -> Event:
    if isinstance(event, Add) and event.player != player:
        return Add(player=event.player, secret=-1)
    return event


def disguise(state: State, player: PlayerId, rng: random.Random) -> State:
    secrets = tuple(s if p == player else rng.randrange(2) for p, s in enumerate(state.secrets))
    return msgspec.structs.replace(state, secrets=secrets)


def render(state: State, player: PlayerId | None = None) -> str:
    return f"total {state.total} of {state.target}; seat {state.turn} to act"


def describe(event: Event, state: State | None = None) -> str:
    if isinstance(event, Roll):
        return f"roll {event.values}"
    return type(event).__name__.lower()


def notation(state: State) -> str:
    return f"{state.total} {state.turn}"


def parse(text: str, options: Options, players: Sequence[str]) -> State:
    parts = text.split()
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise IllegalAction("position/invalid", f"{text!r}: expected 'TOTAL TURN'")
    total, turn = (int(p) for p in parts)
    return msgspec.structs.replace(setup(options, players), total=total, turn=turn)


RULES = Game(
    name="tally", title="Tally: a dice race for testing the core", version="1", seats=(2, 3),
    default_players=("A", "B"),
    Options=Options, State=State, Event=Event, reasons=REASONS,
    setup=setup, to_act=to_act, legal=legal, decide=decide, evolve=evolve, outcome=outcome,
    view=view, redact=redact, disguise=disguise, render=render, describe=describe,
    notation=notation, parse=parse,
)


def register() -> AnyRules:
    """Register ``tally`` (again, if a test unregistered it) and return its rules."""
    return registry.register(RULES, replace=True)
