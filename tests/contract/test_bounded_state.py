"""A trusted fold stays linear in the log, whatever the log holds: no event, repeated by a
forged log as often as the readers allow after each action, makes a game's state grow
without bound (a state that grows with the log makes every later event cost more, so
``render`` and ``replay`` would turn quadratic). An event the state cannot take (a piece
lost twice, a spell begun twice) may raise instead: the tools report that as
``log/impossible-event``."""

from __future__ import annotations

import pytest

from games import GAMES
from grimoire.bots.random import RandomBot
from grimoire.core.events import Action
from grimoire.core.kit import GameOver
from grimoire.core.match import Match
from grimoire.testing.contract import growth


@pytest.mark.parametrize("game", GAMES)
def test_no_repeated_event_grows_the_state_without_bound(game: str) -> None:
    match = Match.new(game, seed=b"\x05" * 16)
    bot = RandomBot(5)
    for _ in range(300):
        if not match.to_act:
            break
        match.act(bot.choose(match, min(match.to_act)))
    assert any(not isinstance(e, Action | GameOver) for e in match.events[1:]), (
        f"{game}: a 300-action bot game had no consequence to repeat")
    for kind, (before, after) in growth(match).items():
        assert after <= before + 256, (
            f"{game}: {kind.__name__} repeated grows the state: {before} -> {after} "
            "bytes: its evolve must set what it records (or refuse an event the state "
            "cannot take), not append to it without bound")
