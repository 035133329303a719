"""The audit: re-decide every action of a log and re-derive every roll and consequence.

``fold`` trusts a log; :func:`audit` trusts nothing. It streams the log (bounded memory),
checks header, seq and chain, then for each player action asks the rules to decide it
again and compares what they produce with what the log recorded. Seeded logs whose seed
is revealed have every roll re-drawn from the seed; logs without a revealed seed and
``"recorded"`` (physical dice) logs have their dice values range-checked and reused.

>>> # report = audit("match.jsonl"); report.ok, report.dice
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import IO, Any

import msgspec

from grimoire.core.dice import Dice, RecordedDice, SeededDice, commitment, parse_seed
from grimoire.core.errors import AuditError, GrimoireError, IllegalAction, LogError, UsageError
from grimoire.core.events import Action, Chance, Event, Header, Record, canonical
from grimoire.core.logfile import DEFAULT_LIMITS, Limits, LogReader
from grimoire.core.replay import initial_state
from grimoire.core.rules import AnyRules, Outcome


class AuditReport(msgspec.Struct, kw_only=True):
    """What an audit found. ``error`` is ``None`` for a valid log."""

    path: str | None = None
    game: str | None = None
    players: tuple[str, ...] = ()
    ok: bool
    events: int = 0
    actions: int = 0
    sealed: bool = False
    dice: str = ""
    outcome: Outcome | None = None
    error: dict[str, Any] | None = None

    def summary(self) -> str:
        """One line for people: ``ok`` plus facts, or the first problem."""
        name = self.path or "<log>"
        if not self.ok:
            assert self.error is not None
            where = ""
            if self.error.get("line") is not None:
                where = f"line {self.error['line']}"
                if self.error.get("seq") is not None:
                    where += f" (seq {self.error['seq']})"
                where += ": "
            return f"{name}: INVALID {where}{self.error['reason']}: {self.error['detail']}"
        end = "unfinished"
        if self.outcome is not None and self.outcome.winners:
            names = self.players
            who = ", ".join(names[w] if w < len(names) else f"seat {w}"
                            for w in self.outcome.winners)
            end = f"won by {who} ({self.outcome.reason})"
        elif self.outcome is not None:
            end = f"drawn ({self.outcome.reason})"
        seal = "sealed" if self.sealed else "unsealed"
        return f"{name}: ok, {self.events} events, {seal}, dice {self.dice}, {end}"


def _describe(event: Event) -> str:
    return canonical(event).decode()


def _groups(
    records: Iterator[tuple[int, int, Record[Any]]],
) -> Iterator[list[tuple[int, Record[Any]]]]:
    """Split records into turns: an action and the events that follow it."""
    group: list[tuple[int, Record[Any]]] = []
    for line, _, rec in records:
        if isinstance(rec.event, Action):
            if group:
                yield group
            group = [(line, rec)]
        elif not group:
            raise AuditError(
                "audit/no-action",
                f"{_describe(rec.event)} is not caused by any player action",
                line=line,
                seq=rec.seq,
            )
        else:
            group.append((line, rec))
    if group:
        yield group


def audit_records(
    rules: AnyRules,
    header: Header,
    records: Iterator[tuple[int, int, Record[Any]]],
    report: AuditReport,
) -> Any:
    """Audit a stream of records against ``header``; fills ``report``; returns the final state.

    Raises :class:`AuditError`/:class:`LogError` at the first problem.
    """
    report.players = header.players
    state = initial_state(rules, header)
    seed: bytes | None = None
    if header.dice == "seeded" and header.seed is not None:
        try:
            seed = parse_seed(header.seed)
        except UsageError as exc:
            raise LogError("log/bad-seed", exc.detail, line=1) from None
        if header.seed_commitment is not None and commitment(seed) != header.seed_commitment:
            raise AuditError(
                "dice/commitment", "the revealed seed does not match the seed commitment", line=1
            )
        report.dice = "verified"
    else:
        report.dice = "recorded" if header.dice == "recorded" else "unverified (seed not revealed)"
    k = 0
    decide, evolve, outcome = rules.decide, rules.evolve, rules.outcome
    sealed = True
    n = 0
    for group in _groups(records):
        line, first = group[0]
        action = first.event
        if outcome(state) is not None:
            raise AuditError(
                "audit/after-end", f"{_describe(action)} comes after the game ended",
                line=line, seq=first.seq,
            )
        dice: Dice
        if seed is not None:
            dice = SeededDice(seed, k)
        else:
            dice = RecordedDice(
                v for _, rec in group for v in rec.event.outcomes()
            )
        try:
            expected = decide(state, action, dice)
        except IllegalAction as exc:
            raise AuditError(exc.reason, exc.detail, line=line, seq=first.seq) from None
        for i, (ln, rec) in enumerate(group):
            if i >= len(expected):
                raise AuditError(
                    "audit/unexpected-event",
                    f"the rules produce nothing more here, log has {_describe(rec.event)}",
                    line=ln, seq=rec.seq,
                )
            want, got = expected[i], rec.event
            if seed is None and isinstance(want, Chance) and isinstance(got, Chance):
                want = msgspec.structs.replace(want, draws=got.draws)
            if want != got:
                raise AuditError(
                    "audit/mismatch",
                    f"the rules give {_describe(want)}, log has {_describe(got)}",
                    line=ln, seq=rec.seq,
                )
        if len(expected) > len(group):
            ln, rec = group[-1]
            raise AuditError(
                "audit/missing-event",
                f"after seq {rec.seq} the rules also give {_describe(expected[len(group)])}",
                line=ln + 1, seq=rec.seq + 1,
            )
        for _, rec in group:
            state = evolve(state, rec.event)
            if isinstance(rec.event, Chance):
                k += rec.event.draws
            sealed = sealed and rec.chain is not None
        n += len(group)
        report.events = n
        report.actions += 1
    report.sealed = sealed and n > 0
    report.outcome = outcome(state)
    return state


def audit(
    source: str | os.PathLike[str] | IO[bytes], *, limits: Limits = DEFAULT_LIMITS
) -> AuditReport:
    """Audit one log file; never raises a :class:`GrimoireError` (it is in the report).

    >>> # audit("fixtures/vicious-circle/full-01.jsonl").ok
    """
    path = os.fspath(source) if isinstance(source, (str, os.PathLike)) else None
    report = AuditReport(path=path, ok=False)
    try:
        with LogReader(source, limits=limits) as reader:
            report.game = reader.header.game
            audit_records(reader.rules, reader.header, reader.records(), report)
    except GrimoireError as exc:
        report.error = exc.to_dict()
        return report
    report.ok = True
    return report


def audit_events(rules: AnyRules, header: Header, events: Iterable[Event]) -> AuditReport:
    """Audit events held in memory (a :class:`~grimoire.core.match.Match`'s, say)."""
    report = AuditReport(game=header.game, ok=False)
    records = ((seq + 2, 0, Record(seq, e)) for seq, e in enumerate(events))
    try:
        audit_records(rules, header, records, report)
    except GrimoireError as exc:
        report.error = exc.to_dict()
        return report
    report.ok = True
    return report
