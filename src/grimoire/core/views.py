"""Redaction helpers and leak checks for hidden information.

A game's ``view(state, player)`` is what that player may know, and ``redact(event,
player)`` is the event as that player may see it (``None``: a public spectator). These
helpers apply them to whole logs and check that nothing hidden leaks.

>>> # redacted = redact_log(rules, log, player=1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import msgspec

from grimoire.core.events import Event
from grimoire.core.logfile import Log
from grimoire.core.rules import AnyRules, PlayerId


def redact_events(rules: AnyRules, events: Iterable[Event], player: PlayerId | None) -> list[Event]:
    """Every event as ``player`` may see it."""
    return [rules.redact(e, player) for e in events]


def redact_log(rules: AnyRules, log: Log, player: PlayerId | None) -> Log:
    """A log as ``player`` may see it: events redacted, seed withheld while unrevealed."""
    return Log(log.header, redact_events(rules, log.events, player), False)


def leaks(
    rules: AnyRules, state: Any, player: PlayerId | None, *, rng: random.Random, tries: int = 8
) -> list[str]:
    """Differences between ``player``'s view of ``state`` and of states that differ only in
    what that player may not know (from the game's ``disguise``). Empty means no leak.

    >>> # assert not leaks(rules, state, 1, rng=random.Random(0))
    """
    if player is None:
        return []
    mine = msgspec.to_builtins(rules.view(state, player))
    found: list[str] = []
    for _ in range(tries):
        other = rules.disguise(state, player, rng)
        theirs = msgspec.to_builtins(rules.view(other, player))
        if theirs != mine:
            found.append(f"view of seat {player} changes with hidden facts: {mine!r} != {theirs!r}")
    return found
