"""``grimoire repair``: a copy of a log without the damage a crash leaves at its end.

A crash while a decision is being appended can leave a torn last line or half of a
decision (an action without all of its consequences). ``validate`` and ``Match.load``
refuse such a log (``log/torn-line``, ``log/partial-decision``); ``repair`` writes a copy
that ends at the last whole decision, so the match can go on from there. It never
touches anything else: a broken chain, a bad record in the middle or an illegal action
is tampering or a bug, not a crash, and stays an error. The original is never rewritten.

>>> # report = repair("live.jsonl", "repaired.jsonl"); report.dropped
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable
from typing import Any

import msgspec

from grimoire.core.audit import cut_short
from grimoire.core.errors import GrimoireError, LogError, UsageError
from grimoire.core.events import Action, Event
from grimoire.core.logfile import DEFAULT_LIMITS, Limits, LogReader, write_log
from grimoire.core.replay import initial_state
from grimoire.tools._log import get_logger

log = get_logger("grimoire.repair")


class RepairReport(msgspec.Struct, frozen=True, kw_only=True):
    """What :func:`repair` kept and dropped: ``kept`` records were copied; ``dropped``
    records of a decision cut short were left out, and ``torn`` says whether a torn last
    line was left out too. ``reason`` is ``""`` when there was nothing to repair."""

    path: str
    out: str
    kept: int
    dropped: int = 0
    torn: bool = False
    reason: str = ""

    def summary(self) -> str:
        """One line for people."""
        if not self.reason:
            return f"{self.out}: nothing to repair, {self.kept} records copied"
        parts = [f"{self.dropped} records of a decision cut short"] if self.dropped else []
        if self.torn:
            parts.append("a torn last line")
        return f"{self.out}: {self.kept} records kept; dropped {' and '.join(parts)}"


def _fold(rules: Any, state: Any, events: Iterable[Event]) -> Any:
    try:
        for event in events:
            state = rules.evolve(state, event)
    except Exception as exc:  # an event the rules could never apply
        raise LogError("log/impossible-event", f"{type(exc).__name__}: {exc}") from None
    return state


def repair(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    limits: Limits = DEFAULT_LIMITS,
) -> RepairReport:
    """Copy ``path`` to ``out`` up to its last whole decision. Raises the log's error when
    the damage is anything but a crash's (and ``io/exists`` rather than overwrite ``out``).
    Streams the log twice; memory holds one state and the last decision."""
    if os.path.exists(out):
        raise UsageError("io/exists", f"{out} exists; choose another name")
    torn = False
    kept = 0
    chained = True
    state: Any = None
    tail: deque[Event] = deque()
    with LogReader(path, limits=limits) as reader:
        rules, header = reader.rules, reader.header
        state = initial_state(rules, header)
        try:
            for _, _, rec in reader.records():
                if isinstance(rec.event, Action):
                    state = _fold(rules, state, tail)  # the decision before is whole
                    tail.clear()
                elif not tail:
                    raise LogError("audit/no-action", "a record caused by no action",
                                   seq=rec.seq)
                if len(tail) >= limits.max_decision:
                    raise LogError("log/decision-too-long", f"more than {limits.max_decision} "
                                   "events after one action", seq=rec.seq)
                tail.append(rec.event)
                chained = chained and rec.chain is not None
                kept += 1
        except LogError as exc:
            if exc.reason != "log/torn-line":
                raise
            torn = True
    try:
        why = cut_short(rules, state, list(tail))
    except GrimoireError:
        raise
    except Exception as exc:  # an event the rules could never apply
        raise LogError("log/impossible-event", f"{type(exc).__name__}: {exc}") from None
    dropped = len(tail) if why is not None else 0
    keep = kept - dropped
    with LogReader(path, limits=limits) as reader:
        events = (rec.event for _, (_, _, rec) in zip(range(keep), reader.records(),
                                                          strict=False))
        write_log(out, header, events, seal=chained or kept == 0)
    reason = "log/partial-decision" if dropped else ("log/torn-line" if torn else "")
    report = RepairReport(path=os.fspath(path), out=os.fspath(out), kept=keep,
                          dropped=dropped, torn=torn, reason=reason)
    log.info("repaired", origin=str(path), out=str(out), kept=keep, dropped=dropped,
             torn=torn)
    return report
