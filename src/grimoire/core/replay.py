"""Folding logs into states, and random access into long logs.

``fold`` trusts the log: it applies ``evolve`` only. :class:`Replay` keeps a snapshot
every ``every`` events in a ``SortedDict`` so ``seek(n)`` folds at most ``every`` events,
whatever the log's length; opened on a file it keeps only the snapshots and their byte
offsets, so a log of any length is indexed in memory proportional to ``len / every``.

>>> from grimoire import Match
>>> m = Match.new("vicious-circle", seed="00" * 16)
>>> for _ in range(6):
...     p = min(m.to_act); _ = m.act(m.legal(p)[0])
>>> r = Replay(m.rules, m.header, m.events, every=2)
>>> r.seek(len(r)) == m.state
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import msgspec
from sortedcontainers import SortedDict

from grimoire.core.errors import GrimoireError, LogError
from grimoire.core.events import Chance, Event, Fork, Header, canonical_for, chain_next, header_hash
from grimoire.core.kit import shorten
from grimoire.core.logfile import DEFAULT_LIMITS, Limits, Log, LogReader
from grimoire.core.rules import AnyRules, Rules, options_for

S = TypeVar("S")
E = TypeVar("E")

SNAPSHOT_EVERY = 1024


def initial_state(rules: AnyRules, header: Header) -> Any:
    """The state before the first record: the header's ``position`` if it names one,
    else the game's setup with the header's options and players. Options the game's
    ``setup`` refuses (a :class:`~grimoire.core.errors.UsageError` there) are a
    :class:`LogError` on line 1 with the game's reason code."""
    try:
        options = options_for(rules, header.rules, header.options)
    except msgspec.ValidationError as exc:
        raise LogError("log/bad-options", f"{header.options!r}: {exc}", line=1) from None
    if len(header.players) not in rules.seats:
        raise LogError(
            "log/player-count",
            f"{rules.name} is for {'/'.join(map(str, rules.seats))} players, "
            f"header names {len(header.players)}",
            line=1,
        )
    if header.position is not None:
        try:
            return rules.parse(header.position, options, header.players)
        except GrimoireError as exc:
            raise LogError("log/bad-position", f"{exc.reason}: {exc.detail}", line=1) from None
        except Exception as exc:  # a parser bug must not escape as a traceback
            raise LogError("log/bad-position", f"{shorten(header.position)}: "
                           f"{type(exc).__name__}: {exc}", line=1) from None
    try:
        return rules.setup(options, header.players)
    except GrimoireError as exc:
        raise LogError(exc.reason, exc.detail, line=1) from None


def fold(rules: Rules[S, E, Any], state: S, events: Iterable[E]) -> S:
    """Apply ``evolve`` over ``events``: the state a log describes.

    >>> from grimoire import registry
    >>> rules = registry.get("vicious-circle")
    >>> s0 = rules.setup(rules.Options(), ("Dawn", "Twilight"))
    >>> fold(rules, s0, []) is s0
    True
    """
    evolve = rules.evolve
    for event in events:
        state = evolve(state, event)
    return state


def draws_in(events: Iterable[Event]) -> int:
    """How many raw dice draws ``events`` consumed (the seeded stream's position after them)."""
    return sum(e.draws for e in events if isinstance(e, Chance))


R = TypeVar("R")


def shown(what: str, fn: Callable[..., R], *args: Any) -> R:
    """``fn(*args)``: a game's ``render``, ``view``, ``redact`` or ``describe`` applied to
    what a trusted fold built. An exception there means the log holds events the rules
    could never produce, which is reported as ``log/impossible-event`` (with the way to the
    audit) instead of a traceback.

    >>> shown("describe it", str.upper, "ok")
    'OK'
    """
    try:
        return fn(*args)
    except GrimoireError:
        raise
    except Exception as exc:
        raise LogError(
            "log/impossible-event",
            f"the rules cannot {what} ({type(exc).__name__}: {exc}); "
            "run `grimoire validate` for the audit",
        ) from None


class Replay:
    """Random access to the states of a log.

    Built from events in memory (``Replay(rules, header, events)``) or streamed from a file
    (``Replay.open(path)``). ``seek(n)`` is the state after the first ``n`` events.
    """

    def __init__(
        self,
        rules: AnyRules,
        header: Header,
        events: Sequence[Event] | None = None,
        *,
        every: int = SNAPSHOT_EVERY,
    ) -> None:
        if every < 1:
            raise ValueError("every must be >= 1")
        self.rules = rules
        self.header = header
        self.every = every
        self._events = events
        self._reader: LogReader | None = None
        self._snapshots: SortedDict = SortedDict()
        self._snapshots[0] = (initial_state(rules, header), 0, 0)
        self._length = 0
        if events is not None:
            self._index_memory(events)

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        every: int = SNAPSHOT_EVERY,
        limits: Limits = DEFAULT_LIMITS,
        verify: bool = True,
    ) -> Replay:
        """Index a log file in one streaming pass (verifying seq and chain if ``verify``).

        Memory held afterwards: one state per ``every`` events. Close with :meth:`close`.
        """
        reader = LogReader(path, limits=limits)
        try:
            self = cls(reader.rules, reader.header, None, every=every)
            self._reader = reader
            self._index_file(reader, verify)
        except BaseException:
            reader.close()
            raise
        return self

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()

    def __enter__(self) -> Replay:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __len__(self) -> int:
        return self._length

    def _index_memory(self, events: Sequence[Event]) -> None:
        state, k, _ = self._snapshots[0]
        evolve, every = self.rules.evolve, self.every
        for n, event in enumerate(events, 1):
            state = evolve(state, event)
            if isinstance(event, Chance):
                k += event.draws
            if n % every == 0:
                self._snapshots[n] = (state, k, 0)
        self._length = len(events)

    def _index_file(self, reader: LogReader, verify: bool) -> None:
        state, k, _ = self._snapshots[0]
        evolve, every = self.rules.evolve, self.every
        n = 0
        line = 1
        try:
            for line, offset, rec in reader.records(verify=verify):  # noqa: B007 (used below)
                if n % every == 0:
                    self._snapshots[n] = (state, k, offset)
                event = rec.event
                state = evolve(state, event)
                if isinstance(event, Chance):
                    k += event.draws
                n += 1
        except GrimoireError:
            raise
        except Exception as exc:  # a well-formed event the rules could never have produced
            raise LogError(
                "log/impossible-event",
                f"the rules cannot apply this event ({type(exc).__name__}: {exc}); "
                "run `grimoire validate` for the audit",
                line=line, seq=n,
            ) from None
        self._length = n
        self._final = (state, k)

    def _nearest(self, n: int) -> tuple[int, tuple[Any, int, int]]:
        if not 0 <= n <= self._length:
            raise GrimoireError("replay/out-of-range", f"{n} is not in 0..{self._length}")
        idx = self._snapshots.bisect_right(n) - 1
        key = self._snapshots.keys()[idx]
        return key, self._snapshots[key]

    def events(self, start: int = 0, stop: int | None = None) -> Iterator[Event]:
        """Events ``start`` to ``stop`` (streamed from the file when opened on one)."""
        stop = self._length if stop is None else min(stop, self._length)
        if start >= stop:
            return
        if self._events is not None:
            yield from self._events[start:stop]
            return
        assert self._reader is not None
        key, (_, _, offset) = self._nearest(start)  # offsets are kept at snapshots only
        n = key
        for rec in self._reader.read_record_at(offset):
            if n >= stop:
                break
            if n >= start:
                yield rec.event
            n += 1

    def seek(self, n: int) -> Any:
        """The state after the first ``n`` events; folds at most ``every`` events."""
        return self.seek_with_dice(n)[0]

    def seek_with_dice(self, n: int) -> tuple[Any, int]:
        """The state after ``n`` events and the seeded dice counter there."""
        if self._events is None and n == self._length and hasattr(self, "_final"):
            return self._final
        key, (state, k, _) = self._nearest(n)
        evolve = self.rules.evolve
        for event in self.events(key, n):
            state = evolve(state, event)
            if isinstance(event, Chance):
                k += event.draws
        return state, k

    def states(self) -> Iterator[tuple[int, Event, Any]]:
        """``(seq, event, state after it)`` for every event, in order."""
        state, _, _ = self._snapshots[0]
        evolve = self.rules.evolve
        for seq, event in enumerate(self.events()):
            state = evolve(state, event)
            yield seq, event, state

    def rewind(self, n: int, *, origin: str = "") -> Log:
        """A new log holding the first ``n`` events, its header naming where it forked from
        (``origin``, the seq, and the origin's chain value after those events, so an auditor
        can check the fork against the original).

        The original is untouched; write the fork with :func:`~grimoire.core.logfile.write_log`.
        """
        self._nearest(n)  # range check
        events = list(self.events(0, n))
        chain = header_hash(self.header)
        for event in events:
            chain = chain_next(chain, canonical_for(self.header.format)(event))
        fork = Fork(log=origin, seq=n, chain=chain.hex() if events else None)
        header = msgspec.structs.replace(self.header, forked_from=fork)
        return Log(header, events)
