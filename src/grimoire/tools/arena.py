"""``grimoire arena``: bots against each other, round robin with seats swapped, and a
table of what happened (wins, draws, losses, win rate with its 95% interval, game length,
thinking time per move).

Every game is seeded from ``seed`` and its number, so a run gives the same table whether
it runs on one process or many (``jobs``).

>>> report = arena("vicious-circle", ["random", "random"], games=2, seed=1, jobs=1)
>>> pair = report.pairs[0]
>>> pair.games, pair.wins[0] + pair.wins[1] + pair.draws + pair.unfinished
(2, 2)
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import msgspec

from grimoire.bots.spec import make_bot
from grimoire.core import registry
from grimoire.core.dice import match_seed, seed_option
from grimoire.core.errors import UsageError
from grimoire.core.match import Match
from grimoire.tools._log import get_logger

log = get_logger("grimoire.arena")


class Duel(msgspec.Struct, frozen=True, kw_only=True):
    """One game of the arena: which bot sat where, who won, how long it took."""

    index: int
    bots: tuple[str, ...]
    winners: tuple[int, ...] | None
    reason: str
    actions: int
    thinking: tuple[float, ...]
    moves: tuple[int, ...]


class Pair(msgspec.Struct, frozen=True, kw_only=True):
    """Two bots' games against each other: ``wins`` of each, draws, unfinished, the first
    bot's win rate (draws count half) with its 95% Wilson interval, mean actions per
    game, and each bot's mean thinking time per move (ms)."""

    bots: tuple[str, str]
    games: int
    wins: tuple[int, int]
    draws: int
    unfinished: int
    rate: float
    low: float
    high: float
    mean_actions: float
    ms_per_move: tuple[float, float]


class ArenaReport(msgspec.Struct, frozen=True, kw_only=True):
    """The arena's table: one :class:`Pair` per two bots (win, draw and loss are the
    first bot's, ``bot``; thinking time a move is each bot's, ``bot / vs``)."""

    game: str
    seed: int | str
    games_per_pair: int
    pairs: tuple[Pair, ...]

    def summary(self) -> str:
        """The table, for people."""
        width = max([len(b) for p in self.pairs for b in p.bots] + [5])
        head = (f"{'bot':<{width}}  {'vs':<{width}}  {'games':>5}  {'win':>4} {'draw':>4} "
                f"{'loss':>4}  {'win rate (95%)':<20} {'length':>7}  {'ms/move bot / vs':>16}")
        lines = [f"{self.game}: {self.games_per_pair} games a pair, seats swapped "
                 f"(seed {self.seed})", head, "-" * len(head)]
        for p in self.pairs:
            lines.append(
                f"{p.bots[0]:<{width}}  {p.bots[1]:<{width}}  {p.games:>5}  {p.wins[0]:>4} "
                f"{p.draws:>4} {p.wins[1]:>4}  {p.rate:6.1%} [{p.low:5.1%}, {p.high:5.1%}]"
                f" {p.mean_actions:>7.1f}  {p.ms_per_move[0]:>7.1f} / {p.ms_per_move[1]:<6.1f}"
                + (f"  ({p.unfinished} unfinished)" if p.unfinished else ""))
        return "\n".join(lines)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> [round(x, 3) for x in wilson(90, 100)]
    [0.826, 0.945]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def duel(game: str, bots: Sequence[str], index: int, seed: int | bytes,
         options: Mapping[str, Any] | None = None, max_actions: int = 5_000) -> Duel:
    """One seeded game: ``bots[k]`` plays seat ``k``."""
    match = Match.new(game, seed=match_seed(seed, index), options=options)
    players = [make_bot(spec, seed=f"{seed!r}:{index}:{k}") for k, spec in enumerate(bots)]
    thinking = [0.0] * len(bots)
    moves = [0] * len(bots)
    actions = 0
    while actions < max_actions:
        to_act = match.to_act
        if not to_act:
            break
        seat = min(to_act)
        t0 = time.perf_counter()
        action = players[seat].choose(match, seat)
        thinking[seat] += time.perf_counter() - t0
        moves[seat] += 1
        match.act(action)
        actions += 1
    outcome = match.outcome
    return Duel(index=index, bots=tuple(bots), actions=actions, thinking=tuple(thinking),
                moves=tuple(moves), winners=None if outcome is None else outcome.winners,
                reason="" if outcome is None else outcome.reason)


def _duel(args: tuple[Any, ...]) -> Duel:
    return duel(*args)


def arena(
    game: str,
    bots: Sequence[str],
    *,
    games: int = 100,
    seed: int | str = 0,
    jobs: int | None = None,
    options: Mapping[str, Any] | None = None,
    max_actions: int = 5_000,
    progress: Callable[[int], None] | None = None,
) -> ArenaReport:
    """Every two of ``bots`` (specs such as ``"random"`` or ``"mcts:iterations=400"``)
    play ``games`` games, seats swapped from one game to the next, on ``jobs`` processes
    (default: the machine's cores)."""
    rules = registry.get(game)
    if len(bots) < 2:
        raise UsageError("arena/bots", "an arena needs at least two bots")
    if games < 1 or max_actions < 1:
        raise UsageError("arena/invalid", "games and max_actions must be >= 1")
    if 2 not in rules.seats:
        raise UsageError("arena/seats", f"{game} is not played by two: the arena pits two "
                         "bots against each other")
    for spec in bots:
        make_bot(spec)  # a bad spec is refused before anything runs
    series = seed_option(seed) if isinstance(seed, str) else seed
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    tasks = []
    for p, (a, b) in enumerate(pairs):
        for g in range(games):
            seats = (a, b) if g % 2 == 0 else (b, a)
            tasks.append((game, seats, p * games + g, series, options, max_actions))
    results = list(_run(tasks, jobs or os.cpu_count() or 1, progress))
    report = []
    for p, (a, b) in enumerate(pairs):
        mine = [d for d in results if d.index // games == p]
        report.append(_pair(a, b, mine, games))
    return ArenaReport(game=game, seed=seed, games_per_pair=games, pairs=tuple(report))


def _run(tasks: list[tuple[Any, ...]], jobs: int,
         progress: Callable[[int], None] | None) -> Iterator[Duel]:
    if jobs <= 1 or len(tasks) <= 1:
        for k, task in enumerate(tasks, 1):
            yield _duel(task)
            if progress is not None:
                progress(k)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks))) as pool:
        for k, result in enumerate(pool.map(_duel, tasks), 1):
            log.info("duel", index=result.index, bots=result.bots, winners=result.winners)
            yield result
            if progress is not None:
                progress(k)


def _pair(a: str, b: str, duels: Sequence[Duel], games: int) -> Pair:
    wins = [0, 0]
    draws = unfinished = 0
    thinking = [0.0, 0.0]
    moves = [0, 0]
    for d in duels:
        seat_a = (d.index % games) % 2  # a sits first in the pair's even games
        seat_of = (seat_a, 1 - seat_a)
        if d.winners is None:
            unfinished += 1
        elif not d.winners or len(d.winners) == 2:
            draws += 1
        else:
            wins[0 if d.winners[0] == seat_a else 1] += 1
        for k in (0, 1):
            thinking[k] += d.thinking[seat_of[k]]
            moves[k] += d.moves[seat_of[k]]
    n = len(duels)
    score = wins[0] + draws / 2
    low, high = wilson(score, n)
    return Pair(bots=(a, b), games=n, wins=(wins[0], wins[1]), draws=draws,
                unfinished=unfinished, rate=score / n if n else 0.0, low=low, high=high,
                mean_actions=sum(d.actions for d in duels) / n if n else 0.0,
                ms_per_move=(_per_move(thinking[0], moves[0]), _per_move(thinking[1], moves[1])))


def _per_move(seconds: float, moves: int) -> float:
    return 1000 * seconds / moves if moves else 0.0


__all__ = ["ArenaReport", "Duel", "Pair", "arena", "duel", "wilson"]
