"""The search bot's benchmark (``python tools/bench.py --bots``, and in the full run):
MCTS iterations per second per game, searched from positions of seeded random games
(after 10, 40 and 120 actions where the game lasts that long), at the bot's default
settings. Nothing here asserts a time."""

from __future__ import annotations

import time
from typing import Any

from grimoire.bots.mcts import MCTSBot
from grimoire.bots.random import RandomBot
from grimoire.core.match import Match

AFTER = (10, 40, 120)
"""The positions searched: after this many random actions."""


def positions(game: str, seed: int = 7) -> list[tuple[Any, Any, int, int]]:
    """Positions of a seeded random game where the seat to act has a choice: (rules,
    the seat's view, seat, seats)."""
    found = []
    match = Match.new(game, seed=bytes([seed]) * 32)
    bot = RandomBot(seed)
    for n in range(max(AFTER) + 1):
        if not match.to_act:
            break
        seat = min(match.to_act)
        if n in AFTER and len(match.legal(seat)) > 1:
            found.append((match.rules, match.view(seat), seat, len(match.header.players)))
        match.act(bot.choose(match, seat))
    return found


def search_rate(game: str, iterations: int = 200, repeat: int = 3) -> float:
    """MCTS iterations/s from :func:`positions`, the best of ``repeat`` runs."""
    best = 0.0
    spots = positions(game)
    for _ in range(repeat):
        done, t0 = 0, time.perf_counter()
        for rules, view, seat, seats in spots:
            bot = MCTSBot(seed=1, iterations=iterations)
            done += bot.search(rules, view, seat, seats=seats).iterations
        best = max(best, done / (time.perf_counter() - t0))
    return best


def bots(games: list[str], repeat: int = 3) -> dict[str, Any]:
    """``GAME_mcts_iterations_per_s`` for each game."""
    return {f"{g.replace('-', '_')}_mcts_iterations_per_s": search_rate(g, repeat=repeat)
            for g in games}


if __name__ == "__main__":
    for key, value in bots(["vicious-circle", "wizard-armies", "swords-wizardry", "magery",
                            "wiz-war"]).items():
        print(f"{key:44} {value:10,.1f}")
