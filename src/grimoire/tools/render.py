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
from grimoire.core.replay import Replay, shown
from grimoire.core.rules import AnyRules

SPECTATOR = "spectator"


def _perspective(
    replay: Replay, player: str | int | None
) -> tuple[Callable[[Any], str], Callable[[Event], Event]]:
    """Functions rendering a state and redacting an event for that perspective."""
    rules: AnyRules = replay.rules
    if player is None:
        return (lambda s: shown("show this position", rules.render, s, None)), (lambda e: e)
    seat = resolve_seat(replay.header.players, player)
    return (
        lambda s: shown("show this position", rules.render,
                        shown("show this position", rules.view, s, seat), seat),
        lambda e: shown("show this event", rules.redact, e, seat),
    )


def resolve_seat(names: tuple[str, ...], player: str | int) -> int | None:
    """The seat ``player`` names: a name first (so a player named ``"0"`` is that
    player), then a seat number (an ``int``, or digits no player is named), or ``None``
    for ``"spectator"``. A name two players share is refused: give the seat number.

    >>> resolve_seat(("1", "0"), "0"), resolve_seat(("Ann", "Ben"), "1"), resolve_seat(
    ...     ("Ann", "Ben"), 0)
    (1, 1, 0)
    """
    if isinstance(player, str):
        if player == SPECTATOR and SPECTATOR not in names:
            return None
        matches = [i for i, name in enumerate(names) if name == player]
        if len(matches) > 1:
            raise UsageError("player/ambiguous", f"{len(matches)} players are named "
                             f"{player!r}: give the seat number ({', '.join(map(str, matches))})"
                             " with --seat")
        if matches:
            return matches[0]
        if not (player.isascii() and player.isdigit()):
            raise UsageError(
                "player/unknown",
                f"no player {player!r} (players: {', '.join(names)}, or {SPECTATOR!r})",
            )
    seat = int(player) if len(str(player)) < 6 else -1
    if not 0 <= seat < len(names):
        raise UsageError("player/unknown", f"no seat {player} (0..{len(names) - 1})")
    return seat


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
            yield f"[{seq}] {shown('describe this event', rules.describe, redact(event))}"
            yield draw(state)
