"""A trusted fold stays linear in the log, whatever the log holds: no event, repeated by a
forged log as often as the readers allow after each action, makes a game's state grow
without bound (a state that grows with the log makes every later event cost more, so
``render`` and ``replay`` would turn quadratic). An event the state cannot take (a piece
lost twice, a spell begun twice) may raise instead: the tools report that as
``log/impossible-event``."""

from __future__ import annotations

import msgspec
import pytest

from games import GAMES
from grimoire.bots.random import RandomBot
from grimoire.core import registry
from grimoire.core.events import Action, Event
from grimoire.core.kit import GameOver
from grimoire.core.logfile import MAX_DECISION
from grimoire.core.match import Match
from grimoire.core.replay import fold, initial_state


def forged(events: list[Event], i: int, reps: int) -> list[Event]:
    """The log up to event ``i``, then ``reps`` times: the action before ``i`` and
    ``MAX_DECISION - 1`` copies of event ``i``."""
    j = max(k for k in range(i) if isinstance(events[k], Action))
    out = list(events[: i + 1])
    for _ in range(reps):
        out += [events[j], *[events[i]] * (MAX_DECISION - 1)]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_repeated_event_grows_the_state_without_bound(game: str) -> None:
    rules = registry.get(game)
    match = Match.new(game, seed=b"\x05" * 16)
    bot = RandomBot(5)
    for _ in range(300):
        if not match.to_act:
            break
        match.act(bot.choose(match, min(match.to_act)))
    events = list(match.events)
    first: dict[type, int] = {}
    for i, event in enumerate(events):
        if not isinstance(event, (Action, GameOver)) and i > 0:
            first.setdefault(type(event), i)
    assert first, f"{game}: a 300-action bot game had no consequence to repeat"
    start = initial_state(rules, match.header)
    for kind, i in first.items():
        sizes = []
        for reps in (2, 8):
            try:
                state = fold(rules, start, forged(events, i, reps))
            except Exception:  # an impossible event: refused, not folded
                break
            sizes.append(len(msgspec.json.encode(state)))
        if len(sizes) == 2:
            assert sizes[1] <= sizes[0] + 256, (
                f"{game}: {kind.__name__} repeated grows the state: {sizes[0]} -> {sizes[1]} "
                "bytes: its evolve must set what it records (or refuse an event the state "
                "cannot take), not append to it without bound")
