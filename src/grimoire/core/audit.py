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
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import IO, Any

import msgspec

from grimoire.core.dice import Dice, RecordedDice, SeededDice, commitment, parse_seed
from grimoire.core.errors import AuditError, GrimoireError, IllegalAction, LogError, UsageError
from grimoire.core.events import (
    Action,
    Chance,
    Event,
    Header,
    Record,
    Roll,
    canonical,
    canonical_for,
    chain_next,
    header_hash,
)
from grimoire.core.kit import apply_decision
from grimoire.core.logfile import DEFAULT_LIMITS, MAX_DECISION, Limits, LogReader, hex_error
from grimoire.core.replay import initial_state
from grimoire.core.rules import AnyRules, Game, Outcome
from grimoire.core.signing import act_message, outcome_bytes, read_key, seal_message, verify


class AuditReport(msgspec.Struct, kw_only=True):
    """What an audit found. ``error`` is ``None`` for a valid log.

    Two words, used alike in every output: a log is **chained** when every record carries
    its chain value (``chained``), and **signed** when it ends in a signature line
    (``signed_by`` is its key, ``trusted`` whether ``--trust`` named it); in a log whose
    header lists the seats' keys every action is signed by its seat (``acts_signed``).

    >>> print(AuditReport(path="m.jsonl", ok=True, events=5, chained=True,
    ...                   dice="recorded").summary())
    m.jsonl: ok, 5 events, chained, not signed, dice recorded, unfinished
    """

    path: str | None = None
    game: str | None = None
    players: tuple[str, ...] = ()
    ok: bool
    events: int = 0
    actions: int = 0
    chained: bool = False
    acts_signed: bool = False
    dice: str = ""
    outcome: Outcome | None = None
    signed_by: str = ""
    trusted: bool = False
    error: dict[str, Any] | None = None

    @property
    def sealed(self) -> bool:
        """The former name of :attr:`chained`, kept for code that reads it ("sealed" named
        a chained log and a signed one alike, so no output says it any more)."""
        return self.chained

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
        proof = "chained" if self.chained else "not chained"
        if self.acts_signed:
            proof += ", every action signed by its seat"
        if self.signed_by:
            proof += (f", signed by {self.signed_by[:16]}…"
                      + (" (trusted)" if self.trusted else " (not a trusted key)"))
        else:
            proof += ", not signed"
        return f"{name}: ok, {self.events} events, {proof}, dice {self.dice}, {end}"


def _describe(event: Event) -> str:
    return canonical(event).decode()


class _Ahead:
    """The record stream with a bounded look-ahead (the records after the current one)."""

    __slots__ = ("_buf", "_it", "last")

    def __init__(self, records: Iterator[tuple[int, int, Record[Any]]]) -> None:
        self._it = records
        self._buf: deque[tuple[int, int, Record[Any]]] = deque()
        self.last: tuple[int, int] = (1, -1)  # line and seq of the last record taken

    def stream(self) -> Iterator[tuple[int, int, Record[Any]]]:
        """The records in order: those looked ahead at first, then the rest."""
        buf, it = self._buf, self._it
        while True:
            if buf:
                item = buf.popleft()
            else:
                got = next(it, None)
                if got is None:
                    return
                item = got
            self.last = (item[0], item[2].seq)
            yield item

    def peek(self, i: int = 0) -> tuple[int, int, Record[Any]] | None:
        while len(self._buf) <= i:
            item = next(self._it, None)
            if item is None:
                return None
            self._buf.append(item)
        return self._buf[i]


class _LogDice(RecordedDice):
    """The dice values a decision's chance events recorded, read lazily from the records
    after its action (at most ``limit`` of them), so a log of physical dice or an
    unrevealed seed is re-decided from its own rolls in bounded memory."""

    __slots__ = ("_source", "exhausted")

    def __init__(self, ahead: _Ahead, limit: int) -> None:
        super().__init__(())
        self._source = self._values_after(ahead, limit)
        self.exhausted = False  # the log ended before the values ran out

    def _values_after(self, ahead: _Ahead, limit: int) -> Iterator[int]:
        for i in range(limit):
            item = ahead.peek(i)
            if item is None:
                self.exhausted = True
                return
            line, _, rec = item
            if isinstance(rec.event, Action):
                return
            if isinstance(rec.event, Chance):
                try:
                    values = rec.event.outcomes()
                except (IndexError, ValueError, KeyError) as exc:
                    raise AuditError("dice/bad-outcome", f"{_describe(rec.event)}: {exc}",
                                     line=line, seq=rec.seq) from None
                yield from values

    def _take(self) -> int:
        if self._counter >= len(self._values):
            value = next(self._source, None)
            if value is None:
                return super()._take()  # raises dice/needed
            self._values.append(value)
        return super()._take()


def _check_chance(line: int, rec: Record[Any]) -> None:
    """A chance event's ``draws`` must cover its values: every value takes one draw or
    more, so fewer (or a negative count) cannot come from any dice stream."""
    event = rec.event
    if isinstance(event, Chance):
        least = len(event.outcomes()) if isinstance(event, Roll) else max(
            len(getattr(event, "order", ())) - 1, 0)
        if event.draws < least:
            raise AuditError("dice/draws", f"{_describe(event)} records {event.draws} draws "
                             f"for {least} values", line=line, seq=rec.seq)


def audit_records(
    rules: AnyRules,
    header: Header,
    records: Iterator[tuple[int, int, Record[Any]]],
    report: AuditReport,
    *,
    max_decision: int = MAX_DECISION,
) -> Any:
    """Audit a stream of records against ``header``; fills ``report``; returns the final state.

    Each action is decided again and the records after it are compared one by one with
    what the rules produce, so memory stays bounded by what one decision produces (and
    ``max_decision`` records of look-ahead for recorded dice). A log that ends before a
    decision is complete is a :class:`LogError` ``log/partial-decision``.

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
    keys = header.keys
    decide, evolve, outcome = rules.decide, rules.evolve, rules.outcome
    # Seeded dice need no look-ahead: the records stream straight through the loop. Dice
    # recorded in the log are read ahead of the decision that rolls them (``_LogDice``).
    ahead = _Ahead(records)
    stream = records if seed is not None else ahead.stream()
    seeded = SeededDice(seed) if seed is not None else None  # re-aimed at each decision
    kinds = _KINDS
    # A Game refuses any action once the game is over (``game/over``, its first check):
    # the audit then asks the outcome only when that refusal comes.
    turns_checked = isinstance(rules, Game)
    k = 0  # the seeded stream's draws so far
    pending: tuple[Any, ...] = ()  # the current decision, as the rules give it
    i = 0  # how many of its events the log has matched so far
    n = 0  # events matched
    counted = True  # whether the report counts the last complete decision yet
    line, seq = 1, -1  # the last record read
    chained = True
    for line, _, rec in stream:
        got = rec.event
        kind = kinds.get(type(got))
        if kind is None:
            kind = kinds[type(got)] = (
                ACTION if isinstance(got, Action) else CHANCE if isinstance(got, Chance)
                else 0)
        if rec.sig is not None and (keys is None or kind != ACTION):
            raise unexpected_sig(got, line, rec.seq, keys is None)
        if i < len(pending):  # the decision goes on: the log must give ``pending[i]``
            want = pending[i]
            if kind == ACTION:
                raise AuditError("audit/missing-event",
                                 f"after seq {seq} the rules also give {_describe(want)}",
                                 line=line, seq=rec.seq)
            if kind == CHANCE:
                if seed is None or want != got:  # (a seeded roll the rules gave is sound)
                    _check_chance(line, rec)
                k += got.draws
                if seed is None and isinstance(want, Chance):
                    want = msgspec.structs.replace(want, draws=got.draws)
            if want != got:
                raise AuditError(
                    "audit/mismatch",
                    f"the rules give {_describe(want)}, log has {_describe(got)}",
                    line=line, seq=rec.seq,
                )
            if seed is None:  # seeded, the state already stands after the decision
                state = evolve(state, got)
            if rec.chain is None:
                chained = False
            n += 1
            i += 1
            seq = rec.seq
            continue
        if kind != ACTION:
            if pending:
                raise AuditError(
                    "audit/unexpected-event",
                    f"the rules produce nothing more here, log has {_describe(got)}",
                    line=line, seq=rec.seq,
                )
            raise AuditError(
                "audit/no-action",
                f"{_describe(got)} is not caused by any player action",
                line=line, seq=rec.seq,
            )
        if not counted:
            report.events = n
            report.actions += 1
        if (keys is not None or not turns_checked) and outcome(state) is not None:
            raise AuditError(
                "audit/after-end", f"{_describe(got)} comes after the game ended",
                line=line, seq=rec.seq,
            )
        if keys is not None:
            check_act(keys, got, rec, line)
        dice: Dice = seeded.at(k) if seeded is not None \
            else _LogDice(ahead, max_decision)
        try:
            pending = decide(state, got, dice)
        except IllegalAction as exc:
            # (the dice's own refusals, dice/needed..., come from a draw)
            if seeded is not None and seeded.counter != k \
                    and not exc.reason.startswith("dice/"):
                raise AuditError("dice/drawn-for-refused", f"{rules.name}: the rules drew "
                                 f"{seeded.counter - k} dice for {_describe(got)} and then "
                                 f"refused it ({exc.reason}: {exc.detail})",
                                 line=line, seq=rec.seq) from None
            if isinstance(dice, _LogDice) and dice.exhausted \
                    and exc.reason == "dice/needed":
                end_line, end_seq = ahead.last if ahead.peek() is None else (line, rec.seq)
                raise LogError("log/partial-decision",
                               f"the log ends before the roll that {_describe(got)} needs",
                               line=end_line + 1, seq=end_seq + 1) from None
            if exc.reason == "game/over" and outcome(state) is not None:
                raise AuditError("audit/after-end", f"{_describe(got)} comes after the game "
                                 "ended", line=line, seq=rec.seq) from None
            raise AuditError(exc.reason, exc.detail, line=line, seq=rec.seq) from None
        if seeded is not None:
            recorded = 0  # (a loop: a generator's set-up costs more than a decision's few)
            for e in pending:
                if isinstance(e, Chance):
                    recorded += e.draws
            if seeded.counter - k != recorded:
                raise AuditError("dice/unrecorded", f"{rules.name}: the rules drew "
                                 f"{seeded.counter - k} dice for {_describe(got)} but "
                                 f"their events record {recorded}", line=line, seq=rec.seq)
        if not pending or pending[0] != got:
            raise AuditError("audit/mismatch", f"the rules do not begin the decision "
                             f"with {_describe(got)}", line=line, seq=rec.seq)
        # With the seed, the log must hold exactly the events the rules give, so the
        # state after them is the rules' own (folded once, by the game's builder when
        # it has one); with dice read from the log, each event is folded as the log
        # records it.
        state = apply_decision(state, pending, evolve) if seed is not None \
            else evolve(state, got)
        if rec.chain is None:
            chained = False
        n += 1
        i = 1
        seq = rec.seq
        counted = False
    if i < len(pending):
        raise LogError(
            "log/partial-decision",
            f"the log ends in the middle of a decision: after seq {seq} the "
            f"rules also give {_describe(pending[i])}",
            line=line + 1, seq=seq + 1,
        )
    if not counted:
        report.events = n
        report.actions += 1
    report.chained = chained and n > 0
    report.acts_signed = keys is not None
    report.outcome = outcome(state)
    return state


ACTION, CHANCE = 2, 1
_KINDS: dict[type, int] = {}
"""Each event class the audit met: ``ACTION``, ``CHANCE`` or 0 (a consequence)."""


def last_decision(events: Sequence[Event]) -> int:
    """Where the last decision of ``events`` begins: the index of the last player action
    (``len(events)`` when there is none)."""
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], Action):
            return i
    return len(events)


def cut_short(rules: AnyRules, state: Any, decision: Sequence[Event]) -> str | None:
    """Why ``decision`` (an action and what the log recorded after it, decided from
    ``state``) is cut short, or ``None`` when the rules produce nothing more: what a crash
    between the lines of one decision leaves. The dice are the values the log recorded,
    so no seed is needed. Anything else wrong with the decision is the audit's business.

    >>> from grimoire import registry
    >>> from grimoire.games.vicious_circle.events import Pass
    >>> rules = registry.get("vicious-circle")
    >>> cut_short(rules, rules.setup(rules.Options(), ("Dawn", "Twilight")), [])
    """
    if not decision or not isinstance(decision[0], Action):
        return None
    dice = RecordedDice(v for e in decision if isinstance(e, Chance) for v in e.outcomes())
    try:
        expected = rules.decide(state, decision[0], dice)
    except IllegalAction as exc:
        if exc.reason == "dice/needed":
            return f"the log ends before the roll that {_describe(decision[0])} needs"
        return None
    if len(expected) > len(decision):
        return (f"the log ends in the middle of a decision: the rules also give "
                f"{_describe(expected[len(decision)])}")
    return None


def unexpected_sig(event: Event, line: int | None, seq: int, no_keys: bool) -> AuditError:
    """The error of a ``sig`` where none belongs (``sign/act-unexpected``): only the
    actions of a log whose header lists the seats' keys carry one.

    >>> from grimoire.core.kit import GameOver
    >>> unexpected_sig(GameOver(winners=(), reason="x"), 9, 7, False).reason
    'sign/act-unexpected'
    """
    why = ("the header lists no seats' keys, so no record is signed" if no_keys else
           f"{_describe(event)} is no player's action, so nobody signs it")
    return AuditError("sign/act-unexpected", f"a sig where none belongs: {why}", line=line,
                      seq=seq)


def check_act(keys: Sequence[str], action: Action, rec: Record[Any], line: int) -> None:
    """An action of a log whose header lists the seats' keys must carry its seat's
    signature of the chain value after it (``sign/act-missing``, ``sign/act``)."""
    if rec.sig is None or rec.chain is None:
        raise AuditError("sign/act-missing", f"seat {action.player}'s action is not signed "
                         "(the header lists the seats' keys)", line=line, seq=rec.seq)
    bad = hex_error("sig", rec.sig, 128, line, rec.seq)
    if bad is not None:
        raise bad
    seat = action.player
    if not 0 <= seat < len(keys) or not verify(
            keys[seat], act_message(bytes.fromhex(rec.chain)), rec.sig):
        raise AuditError("sign/act", f"this is not seat {seat}'s signature of its action",
                         line=line, seq=rec.seq)


def check_seal(reader: LogReader, report: AuditReport, trust: Sequence[str]) -> None:
    """The log's signature (its last line), once every record is read: it must sign the
    records, the final chain value and the outcome the audit found; with ``trust``, it
    must be there and be by one of those keys. Raises :class:`AuditError` (``sign/…``)."""
    seal = reader.signature
    line = reader.signature_line or None
    if seal is None:
        if trust:
            raise AuditError("sign/unsigned", "the log carries no signature; a trusted key "
                             "must sign it (grimoire seal --key)", line=line)
        return
    if seal.records != reader.count:
        raise AuditError("sign/records", f"the signature covers {seal.records} records, the "
                         f"log holds {reader.count}", line=line)
    if seal.chain != reader.final_chain.hex():
        raise AuditError("sign/chain", "the signature covers another chain value than the "
                         "log's last record has", line=line)
    if outcome_bytes(report.outcome) != msgspec.json.encode(seal.outcome):
        raise AuditError("sign/outcome", f"the signature says {seal.outcome}, the audit "
                         f"finds {outcome_bytes(report.outcome).decode()}", line=line)
    message = seal_message(seal.records, reader.final_chain, report.outcome)
    if not verify(seal.key, message, seal.sig):
        raise AuditError("sign/bad", f"the signature is not {seal.key[:16]}…'s signature of "
                         "this log", line=line)
    report.signed_by = seal.key
    trusted = {read_key(key) for key in trust}
    report.trusted = seal.key in trusted
    if trust and not report.trusted:
        raise AuditError("sign/untrusted", f"signed by {seal.key[:16]}…, which is not a "
                         "trusted key", line=line)


def check_origin(header: Header, report: AuditReport) -> None:
    """An upgraded log naming a signed original (``upgraded_from`` with ``key`` and
    ``sig``): that key's signature must sign the original's record count and final chain
    value with the outcome the audit found (the upgrade keeps the match, so the same
    outcome), as its signature line did (``sign/upgraded-from``, line 1). Whether the
    copy holds the original's match needs the original: ``grimoire upgrade ORIGINAL
    --check COPY``.

    >>> check_origin(Header(game="g", rules="1", players=("a",)), AuditReport(ok=True))
    """
    origin = header.upgraded_from
    if origin is None or origin.sig is None or origin.key is None or origin.chain is None:
        return
    message = seal_message(origin.records, bytes.fromhex(origin.chain), report.outcome)
    if not verify(origin.key, message, origin.sig):
        raise AuditError("sign/upgraded-from", f"upgraded_from's sig is not {origin.key[:16]}"
                         f"…'s signature of {origin.records} records ending in chain "
                         f"{origin.chain[:16]}… with outcome "
                         f"{outcome_bytes(report.outcome).decode()}", line=1)


def audit(
    source: str | os.PathLike[str] | IO[bytes], *, limits: Limits = DEFAULT_LIMITS,
    trust: Sequence[str] = (),
) -> AuditReport:
    """Audit one log file; never raises a :class:`GrimoireError` (it is in the report).
    ``trust`` lists the public keys (hex, or key files) one of which must have signed it.

    >>> # audit("fixtures/vicious-circle/full-01.jsonl").ok
    """
    return _audit(source, limits, trust, None)


def _audit(source: str | os.PathLike[str] | IO[bytes], limits: Limits,
           trust: Sequence[str], keep: list[Event] | None) -> AuditReport:
    """:func:`audit`; with ``keep``, each event the audit reads is appended to it, so a
    caller that folds a log once it is audited (``stats``, ``export``) has its events
    without reading and decoding it a second time (of a valid log: all of them, in
    order)."""
    path = os.fspath(source) if isinstance(source, (str, os.PathLike)) else None
    report = AuditReport(path=path, ok=False)
    try:
        with LogReader(source, limits=limits) as reader:
            report.game = reader.header.game
            reader.check_header_strictly()
            records = reader.records(strict=True)
            audit_records(reader.rules, reader.header, records if keep is None
                          else _keeping(records, keep.append), report,
                          max_decision=limits.max_decision)
            check_seal(reader, report, trust)
            check_origin(reader.header, report)
    except GrimoireError as exc:
        report.error = exc.to_dict()
        return report
    report.ok = True
    return report


def _keeping(records: Iterator[tuple[int, int, Record[Any]]],
             keep: Callable[[Event], object]) -> Iterator[tuple[int, int, Record[Any]]]:
    for item in records:
        keep(item[2].event)
        yield item


def audit_events(rules: AnyRules, header: Header, events: Iterable[Event],
                 sigs: Mapping[int, str] | None = None) -> AuditReport:
    """Audit events held in memory (a :class:`~grimoire.core.match.Match`'s, say), with
    the acting seats' signatures ``sigs`` by seq."""
    report = AuditReport(game=header.game, ok=False)
    sigs = sigs or {}

    def records() -> Iterator[tuple[int, int, Record[Any]]]:
        chain = header_hash(header)
        canon = canonical_for(header.format)
        for seq, event in enumerate(events):
            chain = chain_next(chain, canon(event))
            yield seq + 2, 0, Record(seq, event, chain.hex(), sigs.get(seq))

    try:
        audit_records(rules, header, records(), report)
    except GrimoireError as exc:
        report.error = exc.to_dict()
        return report
    report.ok = True
    return report
