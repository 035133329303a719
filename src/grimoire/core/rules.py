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
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Action
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


def require_turn(rules: Rules, state: Any, action: AnyEvent) -> PlayerId:
    """Refuse what no game accepts: a non-action, anything after the end, a seat that is
    not to act. Returns the acting seat. ``Match.act``, the audit and every game's
    ``decide`` use this one check.

    >>> from grimoire import games
    >>> from grimoire.games.vicious_circle.events import Pass
    >>> rules = games.get("vicious-circle")
    >>> state = rules.setup(rules.Options(), ("Dawn", "Twilight"))
    >>> require_turn(rules, state, Pass(player=1))
    1
    """
    if not isinstance(action, Action):
        raise IllegalAction("action/not-an-action", f"{action!r} is not a player action")
    if rules.outcome(state) is not None:
        raise IllegalAction("game/over", "the game has ended")
    to_act = rules.to_act(state)
    if action.player not in to_act:
        raise IllegalAction(
            "turn/not-to-act", f"seat {action.player} may not act now (to act: {sorted(to_act)})"
        )
    return action.player


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

    def require_turn(self, state: Any, action: AnyEvent) -> PlayerId:
        """:func:`require_turn` for this game: the first line of ``decide``."""
        return require_turn(self, state, action)  # type: ignore[arg-type]
