"""Small builders shared by the tests."""

from __future__ import annotations

from grimoire.bots.random import RandomBot, play_out
from grimoire.core.match import Match


def bot_match(game: str = "vicious-circle", seed: int = 1, max_actions: int = 400,
              **kwargs: object) -> Match:
    """A seeded random-bot match of ``game`` played out."""
    match = Match.new(game, seed=bytes([seed % 256]) * 16, **kwargs)  # type: ignore[arg-type]
    play_out(match, RandomBot(seed), max_actions=max_actions)
    return match
