"""``grimoire stats``: what an archive of logs says, per game: games, wins by seat with
95% Wilson intervals, draws and unfinished games, game length (min, quartiles, max, mean,
in actions and in events), how games ended, the most common events, and the logs that
could not be read (or, with ``validate``, that the audit refused) by reason code.

Each log is audited first, as ``grimoire validate`` audits it (``validate=True``, the
default: an auditor's figures count only logs that prove themselves, and those the audit
refuses are counted apart by reason), or, with ``validate=False``, read as a trusted fold
reads them (:meth:`~grimoire.core.logfile.LogReader.events`: seq checked, no chain, no
re-deciding: several times faster, and a tampered log counts as any other); on
``jobs`` processes, as :func:`grimoire.tools.validate.reports` runs, with memory that does
not grow with the number of logs (lengths are kept as counts of each length).

>>> import tempfile
>>> from grimoire.tools.simulate import simulate
>>> folder = tempfile.mkdtemp()
>>> _ = simulate("vicious-circle", games=3, seed=2, out=folder)
>>> report = stats([folder], jobs=1)
>>> [(g.game, g.games, g.finished) for g in report.games]
[('vicious-circle', 3, 3)]
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NamedTuple

import msgspec

from grimoire.core import registry
from grimoire.core.errors import GrimoireError, LogError, UsageError
from grimoire.core.events import Action, Event
from grimoire.core.logfile import DEFAULT_LIMITS, Limits
from grimoire.core.replay import initial_state
from grimoire.core.rules import Outcome
from grimoire.tools.arena import wilson
from grimoire.tools.pool import LOGS_PER_TASK, cores, ordered
from grimoire.tools.sources import (
    Source,
    check_sources,
    iter_sources,
    open_log,
    release,
    relocated,
)
from grimoire.tools.validate import CRASHED, _audit_path

__all__ = ["Folded", "GameStats", "LogFacts", "SeatWins", "Spread", "StatsReport", "event_tag",
           "facts", "fold_source", "stats"]

TOP_EVENTS = 5
"""Event types a summary names (the JSON has them all)."""


class LogFacts(msgspec.Struct, frozen=True, kw_only=True):
    """What one log tells the statistics: its game, players, length, how it ended
    (``winners`` ``None``: unfinished) and its events by type; or the ``error`` that kept
    it out (its game, when the header could be read)."""

    path: str
    game: str | None = None
    players: int = 0
    events: int = 0
    actions: int = 0
    winners: tuple[int, ...] | None = None
    ending: str = ""
    types: dict[str, int] = msgspec.field(default_factory=dict)
    error: dict[str, Any] | None = None


def event_tag(cls: type) -> str:
    """The ``"type"`` tag an event class is written with (its name if it has none).

    >>> from grimoire.core.events import Roll
    >>> event_tag(Roll)
    'roll'
    """
    config = getattr(cls, "__struct_config__", None)
    tag = getattr(config, "tag", None)
    return tag if isinstance(tag, str) else cls.__name__


class Folded(NamedTuple):
    """What :func:`fold_source` read: the log's game (``None`` if its header could not
    be read), its number of players, how it ended (``None``: unfinished), or the
    ``error`` that stopped the reading (then nothing else is to be trusted)."""

    game: str | None
    players: int = 0
    outcome: Outcome | None = None
    error: dict[str, Any] | None = None


def fold_source(item: Source, each: Callable[[Any], object], *, validate: bool = True,
                limits: Limits = DEFAULT_LIMITS, root: str | None = None) -> Folded:
    """Read one log (a file, or a match of a store), folding its events with its rules and
    handing each to ``each``: audited first with ``validate`` (a log the audit refuses is
    its error, and ``each`` sees nothing), else read as trusted. Never raises: what goes
    wrong is the result's ``error``; an exception the rules raise folding a log the
    audit never saw is ``log/impossible-event``, a bug is ``internal/error``. A relative
    path is read under ``root`` if given (as :func:`~grimoire.tools.validate.audit_path`).
    What ``stats`` and ``export`` run on each log.
    """
    game: str | None = None
    try:
        if validate:  # the audit re-decides and folds every event: it keeps them for
            # ``each``, and its outcome is the fold's, so the log is read once
            events: list[Event] = []
            report = _audit_path(item, limits, (), root, events)
            if not report.ok:
                return Folded(report.game, error=report.error)
            game = report.game
            with _folding():
                for event in events:
                    each(event)
            return Folded(game, len(report.players), report.outcome)
        with open_log(item, limits=limits, root=root) as reader:
            rules, header = reader.rules, reader.header
            game = header.game
            state = initial_state(rules, header)
            evolve = rules.evolve
            with _folding():
                for event in reader.events():
                    state = evolve(state, event)
                    each(event)
                outcome = rules.outcome(state)
    except GrimoireError as exc:
        return Folded(game, error=relocated(exc.to_dict(), item, root))
    except Exception as exc:  # a bug: this log's internal/error, the others go on
        return Folded(game, error={
            "error": "InternalError", "reason": "internal/error", "line": None, "seq": None,
            "detail": f"internal error: {type(exc).__name__}: {exc}"})
    return Folded(game, len(header.players), outcome)


@contextmanager
def _folding() -> Iterator[None]:
    """An exception (not a :class:`GrimoireError`) folding a log's events is the log's
    ``log/impossible-event``: a log the rules could never have produced."""
    try:
        yield
    except GrimoireError:
        raise
    except Exception as exc:
        raise LogError("log/impossible-event", f"the rules cannot fold it "
                       f"({type(exc).__name__}: {exc}); run `grimoire validate` "
                       "for the audit") from None


def facts(item: Source, *, validate: bool = True, limits: Limits = DEFAULT_LIMITS,
          root: str | None = None) -> LogFacts:
    """The :class:`LogFacts` of one log (a file, or a match of a store:
    :class:`~grimoire.tools.sources.StoredMatch`), read as :func:`fold_source` reads it.
    Never raises: what goes wrong is the facts' ``error``."""
    counts: dict[type, int] = {}

    def count(event: object) -> None:
        kind = type(event)
        counts[kind] = counts.get(kind, 0) + 1

    got = fold_source(item, count, validate=validate, limits=limits, root=root)
    if got.error is not None:
        return LogFacts(path=str(item), game=got.game, error=got.error)
    outcome = got.outcome
    return LogFacts(
        path=str(item), game=got.game, players=got.players, events=sum(counts.values()),
        actions=sum(n for kind, n in counts.items() if issubclass(kind, Action)),
        winners=None if outcome is None else tuple(outcome.winners),
        ending="" if outcome is None else outcome.reason,
        types={event_tag(kind): n for kind, n in counts.items()})


def _crashed(item: Source, detail: str) -> LogFacts:
    return LogFacts(path=str(item), error={"error": "InternalError", "reason": CRASHED,
                                      "line": None, "seq": None, "detail": detail})


class Spread(msgspec.Struct, frozen=True, kw_only=True):
    """A distribution: least, quartiles (linear interpolation between the closest ranks,
    as ``statistics.quantiles(method="inclusive")``), greatest and mean.

    >>> Spread.of({1: 1, 2: 1, 3: 1, 10: 1})
    Spread(min=1, q1=1.75, median=2.5, q3=4.75, max=10, mean=4.0)
    """

    min: int
    q1: float
    median: float
    q3: float
    max: int
    mean: float

    @classmethod
    def of(cls, counts: Mapping[int, int]) -> Spread:
        """The spread of values given as ``{value: how many times}``."""
        values = sorted(counts)
        n = sum(counts.values())
        if not n:
            return cls(min=0, q1=0.0, median=0.0, q3=0.0, max=0, mean=0.0)

        def at(rank: int) -> int:  # the value at 0-based rank ``rank``
            seen = 0
            for v in values:
                seen += counts[v]
                if rank < seen:
                    return v
            return values[-1]

        def quantile(p: float) -> float:
            h = (n - 1) * p
            lo = int(h)
            low = at(lo)
            return float(low) if lo == h else low + (h - lo) * (at(lo + 1) - low)

        return cls(min=values[0], q1=quantile(0.25), median=quantile(0.5),
                   q3=quantile(0.75), max=values[-1],
                   mean=sum(v * c for v, c in counts.items()) / n)

    def summary(self) -> str:
        return (f"min {self.min:,}, quartiles {self.q1:,.1f} / {self.median:,.1f} / "
                f"{self.q3:,.1f}, max {self.max:,}, mean {self.mean:,.1f}")


class SeatWins(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's wins among the finished games that had that seat (a draw is not a win),
    the rate and its 95% Wilson interval. ``side``: the seat as the game names it (its
    default player: ``Dawn``, ``Light``, ``White``…), ``""`` where the game has no
    name for every seat."""

    seat: int
    games: int
    wins: int
    rate: float
    low: float
    high: float
    side: str = ""

    @property
    def label(self) -> str:
        """The seat for people: ``Dawn (seat 0)``, or ``seat 2``.

        >>> SeatWins(seat=0, games=1, wins=1, rate=1.0, low=0.2, high=1.0, side="Dawn").label
        'Dawn (seat 0)'
        """
        return f"{self.side} (seat {self.seat})" if self.side else f"seat {self.seat}"


class GameStats(msgspec.Struct, frozen=True, kw_only=True):
    """One game's figures over the archive's logs of it. ``games`` counts the logs read;
    ``finished`` those with an outcome (``draws`` among them: nobody, or every seat, won),
    ``unfinished`` the others; ``endings`` the outcomes' reasons; ``events_by_type`` every
    event type, most common first; ``invalid`` the logs of this game kept out, by reason;
    ``action_lengths`` how many games lasted each number of actions, shortest first (what
    ``actions`` sums up, and what a histogram needs)."""

    game: str
    games: int
    players: dict[int, int]
    finished: int
    draws: int
    unfinished: int
    seats: tuple[SeatWins, ...]
    actions: Spread
    events: Spread
    endings: dict[str, int]
    events_by_type: dict[str, int]
    invalid: dict[str, int]
    action_lengths: dict[int, int] = msgspec.field(default_factory=dict)

    def summary(self) -> str:
        """The game's figures, for people."""
        plural = "s" if self.games != 1 else ""
        players = ", ".join(f"{n} players" if c == self.games else f"{n} players: {c:,}"
                            for n, c in sorted(self.players.items()))
        lines = [f"{self.game}: {self.games:,} game{plural} ({players}), {self.finished:,} "
                 f"finished ({self.draws:,} drawn), {self.unfinished:,} unfinished"]
        width = max((len(s.label) for s in self.seats), default=0)
        for s in self.seats:
            lines.append(f"  {s.label:<{width}} won {s.wins:,} of {s.games:,}: "
                         f"{s.rate:6.1%} [{s.low:5.1%}, {s.high:5.1%}]")
        if self.games:
            lines.append(f"  actions a game: {self.actions.summary()}")
            lines.append(f"  events a game:  {self.events.summary()}")
        if self.endings:
            lines.append("  endings: " + _counts(self.endings))
        if self.events_by_type:
            total = sum(self.events_by_type.values())
            top = list(self.events_by_type.items())[:TOP_EVENTS]
            lines.append("  most common events: " + ", ".join(
                f"{t} {n:,} ({n / total:.1%})" for t, n in top))
        if self.invalid:
            lines.append("  logs kept out: " + _counts(self.invalid))
        return "\n".join(lines)


class StatsReport(msgspec.Struct, frozen=True, kw_only=True):
    """The archive's figures: ``logs`` read or not, each game's :class:`GameStats`, and
    the logs whose game is not known (unreadable, not a log, a worker that died) by
    reason. ``validated``: the logs were audited, not only read."""

    logs: int
    validated: bool
    games: tuple[GameStats, ...]
    unknown: dict[str, int]

    @property
    def kept_out(self) -> int:
        """The logs counted in no game's figures: unreadable, or refused by the audit."""
        return sum(self.unknown.values()) + sum(
            n for g in self.games for n in g.invalid.values())

    def summary(self) -> str:
        """Every game's figures, for people."""
        if self.validated:
            head = (f"{self.logs:,} logs audited: {self.logs - self.kept_out:,} valid, "
                    f"{self.kept_out:,} kept out")
        else:
            head = (f"{self.logs:,} logs read unchecked (--no-validate): a tampered log "
                    f"counts as any other ({self.kept_out:,} unreadable kept out)")
        lines = [head]
        for g in self.games:
            lines.append(g.summary())
        if self.unknown:
            lines.append("logs of no known game: " + _counts(self.unknown))
        return "\n".join(lines)


def _sides(game: str, seats: int) -> tuple[str, ...]:
    """Each seat's name in ``game`` (its default players: the sides of a two-sided game),
    or ``""`` for every seat when the game is not registered or names fewer seats.

    >>> _sides("vicious-circle", 2), _sides("wiz-war", 3), _sides("no-such-game", 1)
    (('Dawn', 'Twilight'), ('', '', ''), ('',))
    """
    try:
        names = registry.get(game).default_players
    except UsageError:
        names = ()
    return tuple(names[:seats]) if len(names) >= seats else ("",) * seats


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {n:,}" for k, n in counts.items())


def _ranked(counts: Mapping[str, int]) -> dict[str, int]:
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


class _Tally:
    """One game's running counts (lengths as counts of each length: bounded memory)."""

    def __init__(self) -> None:
        self.games = self.finished = self.draws = 0
        self.players: dict[int, int] = {}
        self.seat_games: list[int] = []
        self.seat_wins: list[int] = []
        self.actions: dict[int, int] = {}
        self.events: dict[int, int] = {}
        self.endings: dict[str, int] = {}
        self.types: dict[str, int] = {}
        self.invalid: dict[str, int] = {}

    def add(self, f: LogFacts) -> None:
        if f.error is not None:
            reason = str(f.error.get("reason"))
            self.invalid[reason] = self.invalid.get(reason, 0) + 1
            return
        self.games += 1
        self.players[f.players] = self.players.get(f.players, 0) + 1
        self.actions[f.actions] = self.actions.get(f.actions, 0) + 1
        self.events[f.events] = self.events.get(f.events, 0) + 1
        for t, n in f.types.items():
            self.types[t] = self.types.get(t, 0) + n
        if f.winners is None:
            return
        self.finished += 1
        self.endings[f.ending] = self.endings.get(f.ending, 0) + 1
        drawn = not f.winners or len(set(f.winners)) >= f.players
        self.draws += drawn
        while len(self.seat_games) < f.players:
            self.seat_games.append(0)
            self.seat_wins.append(0)
        for seat in range(f.players):
            self.seat_games[seat] += 1
            if not drawn and seat in f.winners:
                self.seat_wins[seat] += 1

    def result(self, game: str) -> GameStats:
        sides = _sides(game, len(self.seat_games))
        seats = []
        for seat, (n, won) in enumerate(zip(self.seat_games, self.seat_wins, strict=True)):
            low, high = wilson(won, n)
            seats.append(SeatWins(seat=seat, games=n, wins=won, rate=won / n if n else 0.0,
                                  low=low, high=high, side=sides[seat]))
        return GameStats(
            game=game, games=self.games, players=dict(sorted(self.players.items())),
            finished=self.finished, draws=self.draws, unfinished=self.games - self.finished,
            seats=tuple(seats), actions=Spread.of(self.actions), events=Spread.of(self.events),
            endings=_ranked(self.endings), events_by_type=_ranked(self.types),
            invalid=_ranked(self.invalid), action_lengths=dict(sorted(self.actions.items())))


def stats(
    paths: Iterable[str | os.PathLike[str]],
    *,
    validate: bool = True,
    jobs: int | None = None,
    limits: Limits = DEFAULT_LIMITS,
    progress: Callable[[LogFacts], None] | None = None,
    scheduler: str | None = None,
) -> StatsReport:
    """The figures of every log under ``paths`` (files, folders searched and stores
    read as :func:`~grimoire.tools.sources.iter_sources` does), read on ``jobs``
    processes (default: the machine's cores; 1: in this process), or on the Dask cluster
    at ``scheduler``. The same report whatever runs it. Each log is audited first
    (``validate``, the default; ``validate=False`` reads them as trusted). A folder
    without logs or a store without matches is a :class:`UsageError`
    (``stats/no-logs``)."""
    given = [os.fspath(p) for p in paths]
    jobs = cores() if jobs is None else jobs
    if jobs < 1:
        raise UsageError("stats/jobs", f"--jobs must be 1 or more, not {jobs}")
    check_sources(given, "stats", scheduler)
    task = functools.partial(facts, validate=validate, limits=limits,
                             root=None if scheduler is None else os.getcwd())
    games: dict[str, _Tally] = {}
    unknown: dict[str, int] = {}
    logs = 0
    try:
        for f in ordered(task, iter_sources(given), jobs=jobs, crashed=_crashed,
                         chunk=LOGS_PER_TASK, scheduler=scheduler):
            logs += 1
            if f.game is None:
                reason = str((f.error or {}).get("reason"))
                unknown[reason] = unknown.get(reason, 0) + 1
            else:
                games.setdefault(f.game, _Tally()).add(f)
            if progress is not None:
                progress(f)
    finally:  # the database connections this process read matches through
        release()
    return StatsReport(logs=logs, validated=validate,
                       games=tuple(games[g].result(g) for g in sorted(games)),
                       unknown=_ranked(unknown))
