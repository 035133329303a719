"""``grimoire simulate``: bot matches (random bots unless told), their logs and a summary.

>>> s = simulate("vicious-circle", games=2, seed=1)
>>> s.games, sum(s.wins.values()) + s.draws + s.unfinished
(2, 2)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from grimoire.bots.random import RandomBot, play_out
from grimoire.bots.spec import make_bot
from grimoire.core import registry
from grimoire.core.dice import match_seed, seed_option
from grimoire.core.errors import UsageError
from grimoire.core.events import Action
from grimoire.core.match import Match
from grimoire.core.rules import AnyRules
from grimoire.tools._log import get_logger

log = get_logger("grimoire.simulate")

__all__ = ["SimulationSummary", "bot_match", "match_seed", "simulate"]


class SimulationSummary(msgspec.Struct, kw_only=True):
    """Wins by seat name, draws, games cut off at ``max_actions``, mean events per game."""

    game: str
    games: int
    seed: int | str
    wins: dict[str, int]
    draws: int
    unfinished: int
    mean_events: float
    mean_actions: float
    logs: list[str] = []

    def summary(self) -> str:
        wins = ", ".join(f"{k} {v}" for k, v in self.wins.items())
        return (f"{self.game}: {self.games} games (seed {self.seed}): wins {wins}; "
                f"draws {self.draws}; unfinished {self.unfinished}; "
                f"mean length {self.mean_events:.1f} events ({self.mean_actions:.1f} actions)")


def bot_match(
    rules: AnyRules,
    seed: int | bytes,
    index: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    players: tuple[str, ...] | None = None,
    max_actions: int = 5_000,
    bots: Sequence[str] = (),
) -> Match:
    """One seeded bot match, played out: seat ``k`` by ``bots[k % len(bots)]`` (bot specs,
    see :func:`grimoire.bots.make_bot`), every seat by the random bot if none."""
    match = Match.new(rules, options=options, seed=match_seed(seed, index), players=players)
    name = f"{seed}:{index}" if isinstance(seed, int) else f"{seed.hex()}:{index}"
    if not bots or all(spec == "random" for spec in bots):
        play_out(match, RandomBot(name), max_actions=max_actions)  # one stream, as always
    else:
        seats = range(len(match.header.players))
        play_out(match, {k: make_bot(bots[k % len(bots)], f"{name}:{k}") for k in seats},
                 max_actions=max_actions)
    return match


def simulate(
    game: str,
    *,
    games: int = 10,
    seed: int | str = 0,
    out: str | os.PathLike[str] | None = None,
    options: Mapping[str, Any] | None = None,
    players: tuple[str, ...] | None = None,
    max_actions: int = 5_000,
    progress: Callable[[int], None] | None = None,
    reveal: bool = False,
    bots: Sequence[str] = (),
) -> SimulationSummary:
    """Play ``games`` bot matches (``bots``: one spec per seat, repeated; random bots if
    none); write each log to ``out`` if given. A finished
    match's log reveals its seed; one stopped by ``max_actions`` keeps only the commitment
    unless ``reveal``."""
    series = seed_option(seed) if isinstance(seed, str) else seed
    if games < 0 or max_actions < 1:
        raise UsageError("simulate/invalid", f"games must be >= 0 and max_actions >= 1, not "
                         f"{games} and {max_actions}")
    rules = registry.get(game)
    for spec in bots:
        make_bot(spec)  # a bad spec is refused before anything is played
    names = players or rules.default_players
    wins = {name: 0 for name in names}
    draws = unfinished = total_events = total_actions = 0
    paths: list[str] = []
    if out is not None:
        Path(out).mkdir(parents=True, exist_ok=True)
    for i in range(games):
        match = bot_match(rules, series, i, options=options, players=players,
                          max_actions=max_actions, bots=bots)
        outcome = match.outcome
        if outcome is None:
            unfinished += 1
        elif not outcome.winners:
            draws += 1
        for w in outcome.winners if outcome else ():
            wins[names[w]] += 1
        total_events += len(match.events)
        total_actions += sum(1 for e in match.events if isinstance(e, Action))
        if out is not None:
            path = os.path.join(out, f"{game}-{str(seed)[:16]}-{i:04d}.jsonl")
            match.save(path, reveal=True if reveal else None)
            paths.append(path)
        log.info("simulated", game=game, index=i, events=len(match.events),
                 outcome=None if outcome is None else msgspec.to_builtins(outcome))
        if progress is not None:
            progress(i + 1)
    return SimulationSummary(
        game=game, games=games, seed=seed, wins=wins, draws=draws, unfinished=unfinished,
        mean_events=total_events / games if games else 0.0,
        mean_actions=total_actions / games if games else 0.0, logs=paths,
    )
