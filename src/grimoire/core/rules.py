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
from grimoire.core.events import Event as AnyEvent

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

    @property
    def name(self) -> str: ...
    @property
    def version(self) -> str: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def default_players(self) -> tuple[str, ...]: ...
    @property
    def Options(self) -> Any: ...  # (the game's Options type)
    @property
    def Event(self) -> Any: ...  # (the game's tagged event union)
    @property
    def State(self) -> Any: ...  # (the game's State type)

    def setup(self, options: Any, players: Sequence[str]) -> Any: ...
    def to_act(self, state: Any) -> frozenset[PlayerId]: ...
    def legal(self, state: Any, player: PlayerId) -> Sequence[AnyEvent]: ...
    def decide(self, state: Any, action: AnyEvent, dice: Dice) -> tuple[AnyEvent, ...]: ...
    def evolve(self, state: Any, event: AnyEvent) -> Any: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def view(self, state: Any, player: PlayerId | None) -> Any: ...
    def redact(self, event: AnyEvent, player: PlayerId | None) -> AnyEvent: ...
    def render(self, state: Any, player: PlayerId | None = None) -> str: ...
    def describe(self, event: AnyEvent) -> str: ...
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

    def redact(self, event: AnyEvent, player: PlayerId | None) -> AnyEvent:
        return event

    def describe(self, event: AnyEvent) -> str:
        fields = msgspec.structs.asdict(event)
        tag = type(event).__struct_config__.tag
        return f"{tag} " + " ".join(f"{k}={v!r}" for k, v in fields.items())

    def disguise(self, state: Any, player: PlayerId, rng: random.Random) -> Any:
        return state
