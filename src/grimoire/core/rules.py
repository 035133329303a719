"""The decider protocol every game implements, and a base class with sensible defaults.

A game module exports ``RULES``; the core drives it through these members only:

>>> from grimoire import games
>>> rules = games.get("vicious-circle")
>>> state = rules.setup(rules.Options(), ("Dawn", "Twilight"))
>>> sorted(rules.to_act(state))
[0, 1]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.events import Event

PlayerId = int
"""A seat index: 0 for the first name in the header's ``players``, 1 for the next…"""


class Outcome(msgspec.Struct, frozen=True):
    """How a game ended: the winning seats (empty for a draw) and a reason code.

    >>> Outcome(winners=(0,), reason="throne")
    Outcome(winners=(0,), reason='throne')
    """

    winners: tuple[PlayerId, ...]
    reason: str


@runtime_checkable
class Rules(Protocol):
    """The decider. ``evolve`` is pure; ``decide`` validates an action and returns it
    followed by every chance and consequence event it causes."""

    name: str
    version: str
    seats: tuple[int, ...]
    default_players: tuple[str, ...]
    Options: Any
    Event: Any
    State: Any

    def setup(self, options: Any, players: Sequence[str]) -> Any: ...
    def to_act(self, state: Any) -> frozenset[PlayerId]: ...
    def legal(self, state: Any, player: PlayerId) -> Sequence[Event]: ...
    def decide(self, state: Any, action: Event, dice: Dice) -> tuple[Event, ...]: ...
    def evolve(self, state: Any, event: Event) -> Any: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def view(self, state: Any, player: PlayerId | None) -> Any: ...
    def redact(self, event: Event, player: PlayerId | None) -> Event: ...
    def render(self, state: Any, player: PlayerId | None = None) -> str: ...
    def describe(self, event: Event) -> str: ...
    def notation(self, state: Any) -> str: ...
    def parse(self, text: str, options: Any, players: Sequence[str]) -> Any: ...
    def disguise(self, state: Any, player: PlayerId, rng: random.Random) -> Any: ...


class BaseRules:
    """Defaults for the optional parts of :class:`Rules`: perfect information (views
    and redaction are the identity), a generic one-line description, no disguise.

    Subclasses set the class attributes and implement the game.
    """

    name: ClassVar[str]
    version: ClassVar[str]
    seats: ClassVar[tuple[int, ...]] = (2,)
    default_players: ClassVar[tuple[str, ...]] = ("North", "South")

    def view(self, state: Any, player: PlayerId | None) -> Any:
        return state

    def redact(self, event: Event, player: PlayerId | None) -> Event:
        return event

    def describe(self, event: Event) -> str:
        fields = msgspec.structs.asdict(event)
        tag = type(event).__struct_config__.tag
        return f"{tag} " + " ".join(f"{k}={v!r}" for k, v in fields.items())

    def disguise(self, state: Any, player: PlayerId, rng: random.Random) -> Any:
        return state
