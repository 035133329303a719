"""``grimoire replay`` and ``grimoire render``: a log's boards and events as text.

``player`` picks a perspective: ``None`` shows everything (the auditor's view),
``"spectator"`` what the public may see, a name or seat number what that player may see.

>>> # print(render("match.jsonl", at=5, player="Twilight"))
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from grimoire.core.errors import UsageError
from grimoire.core.events import Event
from grimoire.core.replay import Replay, shown
from grimoire.core.rules import AnyRules, describe, draw

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
    path: str | os.PathLike[str], at: int | None = None, player: str | int | None = None,
    *, svg: bool = False,
) -> str:
    """The board after ``at`` events (default: the end) from ``player``'s perspective:
    text, or with ``svg`` an SVG picture with the last event marked."""
    with Replay.open(path) as replay:
        n = _check(replay, len(replay) if at is None else at)
        if not svg:
            draw, _ = _perspective(replay, player)
            return draw(replay.seek(n))
        return picture(replay, n, player)


def picture(replay: Replay, n: int, player: str | int | None = None) -> str:
    """The SVG picture after ``n`` events of ``replay`` as ``player`` may see it, the
    last event (as that player may see it) marked."""
    rules: AnyRules = replay.rules
    seat = None if player is None else resolve_seat(replay.header.players, player)
    state = replay.seek(n)
    last = next(iter(replay.events(n - 1, n)), None) if n else None
    if seat is not None or player == SPECTATOR:
        state = shown("show this position", rules.view, state, seat)
        if last is not None:
            last = shown("show this event", rules.redact, last, seat)
    return shown("draw this position", draw, rules, state, seat, last)


def replay_lines(
    path: str | os.PathLike[str], at: int | None = None, player: str | int | None = None
) -> Iterator[str]:
    """Each event in one line followed by the board after it; with ``at``, only the board
    after ``at`` events."""
    with Replay.open(path) as replay:
        show, redact = _perspective(replay, player)
        rules = replay.rules
        if at is not None:
            yield f"after {_check(replay, at)} events:"
            yield show(replay.seek(at))
            return
        before = replay.seek(0)
        yield show(before)
        for seq, event, state in replay.states():
            line = shown("describe this event", describe, rules, redact(event), before)
            yield f"[{seq}] {line}"
            yield show(state)
            before = state


def replay_records(
    path: str | os.PathLike[str], player: str | int | None = None
) -> Iterator[dict[str, Any]]:
    """The replay as data: first ``{"at": 0, "board": ...}``, then for every event
    ``{"at": n, "seq": n - 1, "event": ..., "text": ..., "board": ...}`` (the event as
    ``player`` may see it, its sentence, and the text board after it)."""
    with Replay.open(path) as replay:
        show, redact = _perspective(replay, player)
        rules = replay.rules
        before = replay.seek(0)
        yield {"at": 0, "board": show(before)}
        for seq, event, state in replay.states():
            told = redact(event)
            yield {"at": seq + 1, "seq": seq, "event": msgspec.to_builtins(told),
                   "text": shown("describe this event", describe, rules, told, before),
                   "board": show(state)}
            before = state


def outcome_of(path: str | os.PathLike[str], at: int | None = None) -> dict[str, Any] | None:
    """How the match stands after ``at`` events (default: the end): ``None`` while it is
    unfinished, else the winners as seats and names and the reason (the shape every
    command's ``--json`` uses)."""
    with Replay.open(path) as replay:
        state = replay.seek(_check(replay, len(replay) if at is None else at))
        outcome = shown("judge this position", replay.rules.outcome, state)
        return outcome_dict(outcome, replay.header.players)


def outcome_dict(outcome: Any, players: tuple[str, ...]) -> dict[str, Any] | None:
    """``{"winners": [seats], "names": [names], "reason": ...}`` or ``None``.

    >>> from grimoire.core.rules import Outcome
    >>> outcome_dict(Outcome((1,), "throne"), ("Ann", "Ben"))
    {'winners': [1], 'names': ['Ben'], 'reason': 'throne'}
    """
    if outcome is None:
        return None
    return {"winners": list(outcome.winners),
            "names": [players[w] for w in outcome.winners if 0 <= w < len(players)],
            "reason": outcome.reason}
