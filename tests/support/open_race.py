"""``open-race``: a game with no hidden information, built in the tests only.

Two seats take turns; each turn a seat steps 1 or 2 and a d3 is added; the first to bring
the shared total to ``target`` wins. It is assembled with :meth:`Game.assemble` *without*
``secrets`` (as ``docs/adding-a-game.md`` allows for a game that hides nothing), so its
``view``, ``redact`` and ``disguise`` are the core's defaults: the view and disguise
contracts (``tests/contract/test_contract.py``, ``test_disguise.py``) run over it to show
that such a game passes them. It is never registered: the contracts take its rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Union

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Action, Roll
from grimoire.core.kit import GameOver, ended
from grimoire.core.rules import Game, PlayerId


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    target: int = 12


class State(msgspec.Struct, frozen=True):
    total: int
    turn: int
    target: int
    result: str = ""
    winners: tuple[int, ...] = ()


class Step(Action, frozen=True, tag="step"):
    size: int


Event = Union[Step, Roll, GameOver]  # noqa: UP007

REASONS = {"step/size": "a step of other than 1 or 2", "position/invalid": "unreadable notation"}


def setup(options: Options, players: Sequence[str]) -> State:
    return State(0, 0, options.target)


def to_act(state: State) -> frozenset[PlayerId]:
    return frozenset((state.turn,))


def legal(state: State, player: PlayerId) -> Sequence[Event]:
    return (Step(player=player, size=1), Step(player=player, size=2))


def decide(state: State, action: Event, dice: Dice) -> tuple[Event, ...]:
    if not isinstance(action, Step) or action.size not in (1, 2):
        raise IllegalAction("step/size", repr(action))
    roll = Roll.of(dice, action.player, 3, 1, "step")
    out: tuple[Event, ...] = (action, roll)
    if state.total + action.size + roll.values[0] >= state.target:
        out += (GameOver(winners=(action.player,), reason="target"),)
    return out


def evolve(state: State, event: Event) -> State:
    if isinstance(event, Step):
        return msgspec.structs.replace(state, total=state.total + event.size)
    if isinstance(event, Roll):
        return msgspec.structs.replace(state, total=state.total + event.values[0],
                                       turn=1 - state.turn)
    return ended(state, event)


def board(state: State, player: PlayerId | None = None) -> str:
    return f"total {state.total} of {state.target}"


def describe(event: Event, state: State | None = None) -> str:
    if isinstance(event, Step):
        return f"a step of {event.size}"
    if isinstance(event, Roll):
        return f"a roll of {event.values[0]}"
    return "the race is won"


def notation(state: State) -> str:
    return f"{state.total} {state.turn}"


def parse(text: str, options: Options, players: Sequence[str]) -> State:
    parts = text.split()
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise IllegalAction("position/invalid", f"{text!r}: expected 'TOTAL TURN'")
    return State(int(parts[0]), int(parts[1]) % 2, options.target)


RULES = Game.assemble(
    name="open-race", version="1", seats=(2,), default_players=("A", "B"),
    title="Open race: a game with no hidden information", Options=Options, State=State,
    Event=Event, reasons=REASONS,
    rules=SimpleNamespace(setup=setup, to_act=to_act, legal=legal, decide=decide),
    evolve=evolve, notation=SimpleNamespace(notation=notation, parse=parse),
    render=SimpleNamespace(board=board, describe=describe),
)  # no secrets=: nothing is hidden
