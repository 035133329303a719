"""``grimoire replay`` and ``grimoire render``: a log's boards and events as text.

``player`` picks a perspective: ``None`` shows everything (the auditor's view),
``"spectator"`` what the public may see, a name or seat number what that player may see.

>>> # print(render("match.jsonl", at=5, player="Twilight"))
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator, Mapping
from typing import Any

import msgspec

from grimoire.core.errors import UsageError
from grimoire.core.events import Event
from grimoire.core.replay import Replay, shown
from grimoire.core.rules import AnyRules, describe, draw

SPECTATOR = "spectator"


class Perspective:
    """What one reader of a log sees: ``seat`` (``None`` with ``public`` for the
    spectator), or everything (``public`` false: the auditor). Every picture, board and
    sentence it gives is made from ``view(state, seat)`` and ``redact(event, seat)``, so
    it holds nothing that reader may not know.

    >>> # p = Perspective.of(replay, "Ann"); p.tell(event, state_before)
    """

    def __init__(self, rules: AnyRules, seat: int | None, public: bool) -> None:
        self.rules, self.seat, self.public = rules, seat, public

    @classmethod
    def of(cls, replay: Replay, player: str | int | None) -> Perspective:
        if player is None:
            return cls(replay.rules, None, False)
        return cls(replay.rules, resolve_seat(replay.header.players, player), True)

    def see(self, state: Any) -> Any:
        """The state as this reader may know it."""
        if not self.public:
            return state
        return shown("show this position", self.rules.view, state, self.seat)

    def redact(self, event: Event) -> Event:
        """The event as this reader may know it."""
        if not self.public:
            return event
        told: Event = shown("show this event", self.rules.redact, event, self.seat)
        return told

    def show(self, state: Any) -> str:
        """The text board."""
        return shown("show this position", self.rules.render, self.see(state), self.seat)

    def tell(self, event: Event, before: Any) -> str:
        """The event in one sentence, told in the state it happens in (both as this reader
        may know them)."""
        return shown("describe this event", describe, self.rules, self.redact(event),
                     self.see(before))

    def draw(self, state: Any, last: Event | None = None, *,
             bottom: int | None = None) -> str:
        """The SVG picture, ``last`` marked (seat ``bottom``'s side at the bottom)."""
        told = None if last is None else self.redact(last)
        return shown("draw this position", draw, self.rules, self.see(state), self.seat, told,
                     bottom)


def named_texts(rules: AnyRules, text: str) -> dict[str, str]:
    """The game's text of every card, piece and place ``text`` (a board, a sentence)
    names, in the order they first appear: what a reader of that board may want
    explained.

    >>> from grimoire import registry
    >>> list(named_texts(registry.get("vicious-circle"), "a Saint next to a Swamp"))
    ['Saint', 'Swamp']
    """
    texts: Mapping[str, str] = getattr(rules, "texts", {})
    if not texts:
        return {}
    found: dict[str, str] = {}
    for hit in _names_pattern(tuple(texts)).finditer(text):
        found.setdefault(hit.group(0), texts[hit.group(0)])
    return found


@functools.lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """One expression finding any of ``names`` as whole words, the longest first where
    two overlap (made once per game)."""
    longest = sorted(names, key=len, reverse=True)
    return re.compile("(?<!\\w)(?:" + "|".join(map(re.escape, longest)) + ")(?!\\w)")


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
    *, svg: bool = False, texts: bool = False,
) -> str:
    """The board after ``at`` events (default: the end) from ``player``'s perspective:
    text (``texts``: followed by what each card, piece and place it names is, from the
    game's texts), or with ``svg`` an SVG picture with the last event marked (whose
    pieces, cards and places carry their texts as tooltips)."""
    with Replay.open(path) as replay:
        n = _check(replay, len(replay) if at is None else at)
        if not svg:
            board = Perspective.of(replay, player).show(replay.seek(n))
            if not texts:
                return board
            named = named_texts(replay.rules, board)
            return board.rstrip("\n") + "\n" + "".join(
                f"\n {name}: {text}" for name, text in named.items()) + "\n"
        return picture(replay, n, player)


def picture(replay: Replay, n: int, player: str | int | None = None) -> str:
    """The SVG picture after ``n`` events of ``replay`` as ``player`` may see it, the
    last event (as that player may see it) marked."""
    last = next(iter(replay.events(n - 1, n)), None) if n else None
    return Perspective.of(replay, player).draw(replay.seek(n), last)


def replay_lines(
    path: str | os.PathLike[str], at: int | None = None, player: str | int | None = None
) -> Iterator[str]:
    """Each event in one line followed by the board after it; with ``at``, only the board
    after ``at`` events."""
    with Replay.open(path) as replay:
        reader = Perspective.of(replay, player)
        if at is not None:
            yield f"after {_check(replay, at)} events:"
            yield reader.show(replay.seek(at))
            return
        before = replay.seek(0)
        yield reader.show(before)
        for seq, event, state in replay.states():
            yield f"[{seq}] {reader.tell(event, before)}"
            yield reader.show(state)
            before = state


def replay_records(
    path: str | os.PathLike[str], player: str | int | None = None
) -> Iterator[dict[str, Any]]:
    """The replay as data: first ``{"at": 0, "board": ...}``, then for every event
    ``{"at": n, "seq": n - 1, "event": ..., "text": ..., "board": ...}`` (the event as
    ``player`` may see it, its sentence, and the text board after it)."""
    with Replay.open(path) as replay:
        reader = Perspective.of(replay, player)
        before = replay.seek(0)
        yield {"at": 0, "board": reader.show(before)}
        for seq, event, state in replay.states():
            yield {"at": seq + 1, "seq": seq, "event": msgspec.to_builtins(reader.redact(event)),
                   "text": reader.tell(event, before), "board": reader.show(state)}
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


def palette(path: str | os.PathLike[str]) -> tuple[dict[str, int], tuple[str, ...]]:
    """What colours a log's text boards: the game's grid characters by seat
    (``SEAT_OF``) and the players' names."""
    with Replay.open(path, verify=False) as replay:
        return dict(getattr(replay.rules, "seat_of", {})), replay.header.players
