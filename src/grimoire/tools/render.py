"""``grimoire replay`` and ``grimoire render``: a log's boards and events as text.

``player`` picks a perspective: ``None`` shows everything (the auditor's view),
``"spectator"`` what the public may see, a name or seat number what that player may see.

>>> # print(render("match.jsonl", at=5, player="Twilight"))
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

from grimoire.core.errors import UsageError
from grimoire.core.events import Event
from grimoire.core.replay import Replay
from grimoire.core.rules import AnyRules

SPECTATOR = "spectator"


def _perspective(
    replay: Replay, player: str | int | None
) -> tuple[Callable[[Any], str], Callable[[Event], Event]]:
    """Functions rendering a state and redacting an event for that perspective."""
    rules: AnyRules = replay.rules
    if player is None:
        return (lambda s: rules.render(s, None)), (lambda e: e)
    names = replay.header.players
    seat: int | None
    if player == SPECTATOR:
        seat = None
    elif isinstance(player, int) or player.isdigit():
        seat = int(player)
        if not 0 <= seat < len(names):
            raise UsageError("player/unknown", f"no seat {seat} (0..{len(names) - 1})")
    elif player in names:
        seat = names.index(player)
    else:
        raise UsageError(
            "player/unknown",
            f"no player {player!r} (players: {', '.join(names)}, or {SPECTATOR!r})",
        )
    return (lambda s: rules.render(rules.view(s, seat), seat)), (lambda e: rules.redact(e, seat))


def _check(replay: Replay, n: int) -> int:
    if not 0 <= n <= len(replay):
        raise UsageError("replay/out-of-range", f"--at {n} is not in 0..{len(replay)}")
    return n


def render(
    path: str | os.PathLike[str], at: int | None = None, player: str | int | None = None
) -> str:
    """The board after ``at`` events (default: the end) from ``player``'s perspective."""
    with Replay.open(path) as replay:
        draw, _ = _perspective(replay, player)
        return draw(replay.seek(_check(replay, len(replay) if at is None else at)))


def replay_lines(
    path: str | os.PathLike[str], at: int | None = None, player: str | int | None = None
) -> Iterator[str]:
    """Each event in one line followed by the board after it; with ``at``, only the board
    after ``at`` events."""
    with Replay.open(path) as replay:
        draw, redact = _perspective(replay, player)
        rules = replay.rules
        if at is not None:
            yield f"after {_check(replay, at)} events:"
            yield draw(replay.seek(at))
            return
        yield draw(replay.seek(0))
        for seq, event, state in replay.states():
            yield f"[{seq}] {rules.describe(redact(event))}"
            yield draw(state)
