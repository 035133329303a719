"""Live play: decide, evolve, append.

>>> from grimoire import Match
>>> m = Match.new("vicious-circle", seed="0f" * 16)
>>> sorted(m.to_act)
[0, 1]
>>> events = m.act(m.legal(0)[0])      # Dawn sets up secretly
>>> m.view(1).board == m.rules.setup(m.rules.Options(), ("Dawn", "Twilight")).board
True
>>> m.view(1).setups                   # Twilight sees only that Dawn has set up
(True, False)
"""

from __future__ import annotations

import io
import os
import secrets
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import msgspec

from grimoire.core import registry
from grimoire.core.audit import check_act, cut_short, last_decision, unexpected_sig
from grimoire.core.choices import Step, choices
from grimoire.core.dice import Dice, NoDice, RecordedDice, SeededDice, commitment, parse_seed
from grimoire.core.errors import (
    AuditError,
    ConcurrencyError,
    GrimoireError,
    IllegalAction,
    LogError,
    UsageError,
)
from grimoire.core.events import (
    Action,
    Chance,
    Event,
    Header,
    Record,
    canonical_for,
    chain_next,
    header_hash,
)
from grimoire.core.kit import apply_decision
from grimoire.core.logfile import (
    Log,
    LogReader,
    LogWriter,
    encode_line,
    line_writer,
    read_log,
    record_decoder,
    rules_for,
    write_log,
)
from grimoire.core.replay import Replay, draws_in, fold, initial_state
from grimoire.core.rules import AnyRules, Outcome, PlayerId, decide_checked, describe, draw
from grimoire.core.signing import act_message, public_of, read_key, sign


class _NoSeed(NoDice):
    """The dice of a seeded match loaded without its seed: actions that roll nothing may
    still be played; the first draw is refused."""

    def uniform(self, n: int) -> int:
        raise IllegalAction("dice/no-seed", "the seed is needed to continue this match")

    def roll(self, sides: int) -> int:
        raise IllegalAction("dice/no-seed", "the seed is needed to continue this match")


MAX_NAME = 64
"""Longest player name accepted when a match is created."""


JOINERS = frozenset("\u200c\u200d")
"""The format characters a name may hold inside it: the zero-width non-joiner and joiner
(U+200C, U+200D), which join emoji (``"👩\u200d🚀"``) and shape some scripts' letters.
(Variation selectors, U+FE00–U+FE0F, are marks, not format characters: always allowed.)"""


def check_players(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` if every one can name its seat unambiguously everywhere (``--as NAME``,
    outcome lines, a terminal): at least one name, each not empty, at most
    :data:`MAX_NAME` characters, no control or format characters (a bidi override such as
    U+202E could make a name read as another) except a joiner inside it (:data:`JOINERS`),
    not only digits (a seat number) nor ``"spectator"``, and no two alike. Anything else
    is a :class:`~grimoire.core.errors.UsageError`.

    >>> check_players(("Ann", "Ben"))
    ('Ann', 'Ben')
    >>> check_players(("\U0001f469\u200d\U0001f680 Ann", "Ben\ufe0f"))[0] == "👩\u200d🚀 Ann"
    True
    >>> check_players(("Sam", "Sam"))
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: players/invalid: two players are named 'Sam'
    >>> check_players(("Ann\u202e", "Ben"))
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: players/invalid: 'Ann\u202e': control characters in a name
    """
    if not names:
        raise UsageError("players/invalid", "no players: name at least one, or leave the "
                         "names out for the game's own")
    for name in names:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise UsageError("players/invalid",
                             f"{name!r}: a name is 1 to {MAX_NAME} characters")
        rest = "".join(c for c in name if c not in JOINERS)
        if (not rest.isprintable() or any(unicodedata.category(c) == "Cf" for c in rest)
                or name[0] in JOINERS or name[-1] in JOINERS):
            raise UsageError("players/invalid", f"{name!r}: control characters in a name")
        if not any(unicodedata.category(c)[0] not in "MZ" for c in rest):
            raise UsageError("players/invalid", f"{name!r}: a name needs a letter, digit or "
                             "sign that shows")
        if name.isdigit() or name == "spectator":
            raise UsageError("players/invalid", f"{name!r} reads as a seat number or the "
                             "spectator: choose another name")
    for i, name in enumerate(names):
        if name in names[:i]:
            raise UsageError("players/invalid", f"two players are named {name!r}")
    return names


class Told(msgspec.Struct, frozen=True):
    """One event as a seat is told it: its ``seq`` in the log, the ``event`` as that seat
    may know it (``redact``) and a ``text``, the event in one sentence told in the state
    it happened in, as that seat saw it.

    >>> m = Match.new("vicious-circle", seed="0f" * 16)
    >>> _ = m.act(m.legal(0)[0])
    >>> m.told(1)[0].text
    'Dawn sets up behind the screen: 3 creatures placed and 2 kept in reserve, hidden'
    """

    seq: int
    event: Any
    text: str


class Match:
    """A match being played: its header, every event so far and the current state.

    Create with :meth:`new` or :meth:`load`. :meth:`act` refuses an illegal action with
    :class:`~grimoire.core.errors.IllegalAction` and leaves the match exactly as it was.
    """

    def __init__(
        self,
        rules: AnyRules,
        header: Header,
        state: Any,
        events: list[Event],
        *,
        seed: bytes | None = None,
        counter: int = 0,
        writer: LogWriter | None = None,
        sigs: dict[int, str] | None = None,
    ) -> None:
        self.rules = rules
        self.header = header
        self.state = state
        self._events = events
        self._seed = seed
        self._counter = counter
        self._writer = writer
        self._sigs: dict[int, str] = dict(sigs or {})
        self._canon = canonical_for(header.format)
        # The chain value after the first ``_chained`` events, brought up to date only
        # when asked for (signing, peer play, ``chain``): playing costs no hashing.
        self._chain = header_hash(header)
        self._chained = 0

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        game: str | AnyRules,
        *,
        players: Sequence[str] | None = None,
        options: Mapping[str, Any] | Any = None,
        seed: str | bytes | None = None,
        dice: str = "seeded",
        position: str | None = None,
        meta: Mapping[str, Any] | None = None,
        path: str | os.PathLike[str] | None = None,
        keep_seed: bool = True,
        keys: Sequence[str] | None = None,
    ) -> Match:
        """Start a match. ``seed`` defaults to 32 random bytes for ``dice="seeded"``; the
        header carries only its commitment until the seed is revealed at :meth:`save`.
        ``path`` starts a live log file (a new one: a file already there, or its seed
        file, is refused with ``io/exists``) that every accepted action is appended to; with
        ``keep_seed`` (the default) a seeded match's secret seed is kept beside it, in
        ``PATH.seed``, readable by its owner only, so :meth:`resume` can continue the
        match after the process ends (see :func:`seed_file`). ``keys`` (each seat's public
        key, hex) makes every action signed by its seat (``act(..., key=...)``).

        >>> options = Match.new("vicious-circle", options={"edition": "illustrated"}).header.options
        >>> options["edition"], options["rematch"]  # the header records every option
        ('illustrated', 'none')
        """
        rules = registry.get(game) if isinstance(game, str) else game
        players = check_players(tuple(players or rules.default_players))
        if dice not in ("seeded", "recorded"):
            raise UsageError("dice/kind", f"dice must be 'seeded' or 'recorded', got {dice!r}")
        try:
            opts = msgspec.convert(dict(options or {}), rules.Options) if (
                options is None or isinstance(options, Mapping)
            ) else options
        except msgspec.ValidationError as exc:
            raise UsageError("options/invalid", f"{options!r}: {exc}") from None
        seed_bytes: bytes | None = None
        if dice == "seeded":
            seed_bytes = parse_seed(seed) if seed is not None else secrets.token_bytes(32)
        header = Header(
            game=rules.name,
            rules=rules.version,
            options=msgspec.to_builtins(opts),
            players=players,
            dice=dice,  # type: ignore[arg-type]
            seed_commitment=commitment(seed_bytes) if seed_bytes is not None else None,
            meta=dict(meta or {}),
            position=position,
            keys=None if keys is None else check_keys(keys, len(players)),
        )
        try:
            state = initial_state(rules, header)
        except LogError as exc:
            raise UsageError(exc.reason, exc.detail) from None
        if path is not None:
            kept = keep_seed and seed_bytes is not None  # a seed file will be written
            taken = [p for p in (os.fspath(path), seed_file(path)) if os.path.lexists(p)
                     and (kept or p == os.fspath(path))]
            if taken:  # before anything is written
                raise UsageError("io/exists", f"{taken[0]} exists: a new match never "
                                 f"overwrites a log; continue it with Match.resume("
                                 f"{os.fspath(path)!r}) or give another path")
        writer = LogWriter.create(path, header) if path is not None else None
        if writer is not None and keep_seed and seed_bytes is not None:
            try:
                write_seed_file(path, seed_bytes)  # type: ignore[arg-type]
            except BaseException:
                writer.close()
                os.unlink(path)  # type: ignore[arg-type]  # only its header: nothing lost
                raise
        return cls(rules, header, state, [], seed=seed_bytes, writer=writer)

    @classmethod
    def from_log(
        cls, log: Log, *, seed: str | bytes | None = None, drop_partial: bool = False
    ) -> Match:
        """A match continuing from a log in memory (trusted: use ``audit`` to check it).

        A log whose last decision was cut short (a crash between its lines) is refused
        with ``log/partial-decision``; ``drop_partial=True`` drops that decision instead,
        so play continues from the last whole one."""
        from grimoire.core.logfile import rules_for

        rules = rules_for(log.header)
        if seed is not None:
            seed_bytes: bytes | None = parse_seed(seed)
        elif log.header.seed is not None:
            try:
                seed_bytes = parse_seed(log.header.seed)
            except UsageError as exc:
                raise LogError("log/bad-seed", exc.detail, line=1) from None
        else:
            seed_bytes = None
        if (
            seed_bytes is not None
            and log.header.seed_commitment is not None
            and commitment(seed_bytes) != log.header.seed_commitment
        ):
            raise UsageError("dice/commitment", "that seed does not match the log's commitment")
        events = list(log.events)
        try:
            cut = last_decision(events)
            before = fold(rules, initial_state(rules, log.header), events[:cut])
            why = cut_short(rules, before, events[cut:])
            if why is not None and not drop_partial:
                raise LogError("log/partial-decision", f"{why} (drop it with `grimoire "
                               "repair` or Match.load(..., drop_partial=True))",
                               line=len(events) + 2, seq=len(events))
            if why is not None:
                del events[cut:]
            state = fold(rules, before, events[cut:])
        except GrimoireError:
            raise
        except Exception as exc:  # an event the rules could never have produced
            raise LogError(
                "log/impossible-event",
                f"the rules cannot apply the log's events ({type(exc).__name__}: {exc}); "
                "run `grimoire validate` for the audit",
            ) from None
        return cls(rules, log.header, state, events, seed=seed_bytes, counter=draws_in(events),
                   sigs={k: v for k, v in log.sigs.items() if k < len(events)})

    @classmethod
    def load(
        cls, path: str | os.PathLike[str], *, seed: str | bytes | None = None,
        drop_partial: bool = False,
    ) -> Match:
        """Load a saved log to look at or continue (give ``seed`` if it is not revealed).
        A last decision cut short by a crash is refused (``log/partial-decision``) unless
        ``drop_partial``."""
        return cls.from_log(read_log(path), seed=seed, drop_partial=drop_partial)

    @classmethod
    def resume(
        cls, path: str | os.PathLike[str], *, seed: str | bytes | None = None,
        drop_partial: bool = False,
    ) -> Match:
        """Continue a live log at ``path`` where it stopped: later actions are appended to
        it. The seed is ``seed`` or, for a log that does not reveal it, the one kept in
        ``PATH.seed`` when the match began. A last decision a crash cut short is refused
        (``log/partial-decision``) unless ``drop_partial``: repair the file first with
        ``grimoire repair`` (the file itself is never rewritten)."""
        log = read_log(path)
        if seed is None and log.header.seed is None and log.header.dice == "seeded":
            kept = seed_file(path)
            if os.path.exists(kept):
                with open(kept, encoding="utf-8") as f:
                    seed = f.read().strip()
        match = cls.from_log(log, seed=seed, drop_partial=drop_partial)
        if len(match.events) != len(log.events):
            raise UsageError("log/partial-decision", f"{path} ends in half a decision: "
                             "`grimoire repair` it to a new file and resume that")
        chain = header_hash(log.header)
        for event in log.events:
            chain = chain_next(chain, canonical_for(log.header.format)(event))
        if match.outcome is None:
            match._writer = LogWriter.resume(path, log.header, len(log.events), chain)
        return match

    @classmethod
    def join(cls, header: Header | bytes, *, path: str | os.PathLike[str] | None = None,
             ) -> Match:
        """The match another process created, from its header (the object, or the header's
        line as it arrived): this process then plays its own seats with :meth:`act` and
        takes the others' decisions with :meth:`accept`. ``path`` keeps this process's own
        copy of the log, appended as the match goes.

        >>> host = Match.new("vicious-circle", dice="recorded")
        >>> guest = Match.join(host.lines()[0])
        >>> guest.header == host.header
        True
        """
        if isinstance(header, bytes):  # a line as it came: canonical, like every line
            reader = LogReader(io.BytesIO(header.rstrip(b"\n") + b"\n"))
            try:
                reader.check_header_strictly()
            finally:
                reader.close()
            header = reader.header
        rules = rules_for(header)
        try:
            state = initial_state(rules, header)
        except LogError as exc:
            raise UsageError(exc.reason, exc.detail) from None
        writer = LogWriter.create(path, header) if path is not None else None
        return cls(rules, header, state, [], writer=writer)

    def lines(self, start: int = -1) -> list[bytes]:
        """The log as the lines another process needs (JSON, each with its newline): the
        header for ``start=-1``, then every record from seq ``start`` on, chained and
        signed, ready to be sent."""
        out = [encode_line(self.header)] if start < 0 else []
        line = line_writer(self.header.format)
        # the walk starts where the chain was last brought up to date, if not past
        # ``start`` (a peer sending each decision hashes only that decision's events)
        first, chain = (self._chained, self._chain) if self._chained <= start \
            else (0, header_hash(self.header))
        events, canon = self._events, self._canon
        for seq in range(first, len(events)):
            event = events[seq]
            chain = chain_next(chain, canon(event))
            if seq >= start:
                out.append(line(Record(seq, event, chain.hex(), self._sigs.get(seq))))
        self._chain, self._chained = chain, len(events)
        return out

    def accept(self, lines: Iterable[bytes | Record[Any]]) -> tuple[Event, ...]:
        """Take one decision of another process as it arrived (its record lines, each in
        canonical form): the seq
        and chain must continue this match, the action must be its seat's to take and (in
        a match with keys) signed by that seat, and the rules, deciding it again with the
        dice values it recorded, must produce exactly its records. Then it is appended as
        if played here. Anything else is refused (``AuditError``/``LogError``, with the
        record's seq) and changes nothing.
        """
        decoder = record_decoder(self.rules)
        canonical = line_writer(self.header.format)
        records: list[Record[Any]] = []
        for item in lines:
            if isinstance(item, Record):
                records.append(item)
                continue
            data = item if item.endswith(b"\n") else item + b"\n"
            try:
                rec = decoder.decode(data)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise LogError("log/bad-record", str(exc)) from None
            if canonical(rec) != data:  # what the chain hashes is the line as it came
                raise LogError("log/not-canonical", "a record line not in canonical form "
                               "(docs/log-format.md)", seq=rec.seq)
            records.append(rec)
        if not records:
            return ()
        start = chain = self._chain_now()
        for k, rec in enumerate(records):
            seq = len(self._events) + k
            chain = chain_next(chain, self._canon(rec.event))
            if rec.seq != seq:
                raise LogError("log/seq", f"expected seq {seq}, found {rec.seq}", seq=rec.seq)
            if rec.chain is not None and rec.chain != chain.hex():
                raise LogError("log/chain", "the record's chain does not follow this match",
                               seq=rec.seq)
        for k, rec in enumerate(records):  # only an action of a match with keys is signed
            if rec.sig is not None and (k or self.header.keys is None
                                        or not isinstance(rec.event, Action)):
                raise unexpected_sig(rec.event, None, rec.seq, self.header.keys is None)
        action = records[0].event
        first = Record(records[0].seq, action,
                       chain_next(start, self._canon(action)).hex(), records[0].sig)
        if self.header.keys is not None:
            check_act(self.header.keys, action, first, records[0].seq + 2)
        dice = RecordedDice(v for r in records if isinstance(r.event, Chance)
                            for v in r.event.outcomes())
        try:
            expected = self.rules.decide(self.state, action, dice)
        except IllegalAction as exc:
            raise AuditError(exc.reason, exc.detail, seq=records[0].seq) from None
        got = tuple(r.event for r in records)
        norm = tuple(msgspec.structs.replace(want, draws=have.draws)
                     if isinstance(want, Chance) and isinstance(have, Chance) else want
                     for want, have in zip(expected, got, strict=False))
        if norm != got:
            raise AuditError("audit/mismatch", "the rules do not produce these records from "
                             "this match", seq=records[0].seq)
        state, counter = self.state, self._counter
        for event in got:
            state = self.rules.evolve(state, event)
            if isinstance(event, Chance):
                counter += event.draws
        if records[0].sig is not None:
            self._sigs[records[0].seq] = records[0].sig
        if self._writer is not None:
            sig = records[0].sig
            self._writer.append_decision(got, None if sig is None else (lambda _c: sig))
        self._events.extend(got)
        self._chain, self._chained = chain, len(self._events)
        self.state, self._counter = state, counter
        return got

    # ------------------------------------------------------------------ reading

    @property
    def events(self) -> Sequence[Event]:
        """Every event so far (read-only view; never copied)."""
        return self._events

    @property
    def seed(self) -> str | None:
        """The dice seed as hex (secret while the match is live; ``None`` for recorded dice)."""
        return self._seed.hex() if self._seed is not None else None

    @property
    def to_act(self) -> frozenset[PlayerId]:
        """Seats that may act now (several during simultaneous choices or responses)."""
        if self.rules.outcome(self.state) is not None:
            return frozenset()
        return self.rules.to_act(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (winners as seats and names, and why), or ``None``."""
        return self.rules.outcome(self.state)

    @property
    def version(self) -> int:
        """How many events the match holds: what an action is decided at. Give it back as
        :meth:`act`'s ``expected_version`` so an action chosen from an older position
        (another seat acted meanwhile) is refused rather than played.

        >>> Match.new("vicious-circle", seed="0f" * 16).version
        0
        """
        return len(self._events)

    def choices(self, player: PlayerId) -> Step | None:
        """``player``'s choice now as a tree of steps (a piece, then its destination; a
        card, then its target…), whose leaves are the legal actions, each option with its
        label, squares, piece, card and text, told from the seat's view only (``None``:
        the seat has nothing to do). See :mod:`grimoire.core.choices`.

        >>> m = Match.new("vicious-circle", seed="0f" * 16)
        >>> step = m.choices(0)
        >>> leaf = step.walk([o.options[0].label for o in [step]])
        >>> isinstance(leaf, Step) or leaf.action in m.legal(0)
        True
        """
        if player not in self.to_act:
            return None
        return choices(self.rules, self.state, player)

    def told(self, player: PlayerId | None, since: int = 0) -> list[Told]:
        """The events from seq ``since`` on as ``player`` is told them (``None``: a public
        spectator): each redacted for that seat and told in a sentence from what the seat
        knew when it happened. Nothing in them is hidden from ``player``."""
        rules = self.rules
        state = initial_state(rules, self.header)
        out: list[Told] = []
        for seq, event in enumerate(self._events):
            if seq >= since:
                shown = rules.redact(event, player)
                out.append(Told(seq, shown, describe(rules, shown, rules.view(state, player))))
            state = rules.evolve(state, event)
        return out

    def legal(self, player: PlayerId) -> Sequence[Event]:
        """Every legal action of ``player`` now, in a stable order."""
        if player not in self.to_act:
            return ()
        return self.rules.legal(self.state, player)

    def view(self, player: PlayerId | None) -> Any:
        """What ``player`` may know of the state (``None``: a public spectator)."""
        return self.rules.view(self.state, player)

    def render(self, player: PlayerId | None = None) -> str:
        return self.rules.render(self.rules.view(self.state, player), player)

    def notation(self) -> str:
        return self.rules.notation(self.state)

    def svg(self, player: PlayerId | None = None, *, turned: bool = False) -> str:
        """The board as an SVG picture, as ``player`` may see it (``None``: everything),
        the last event marked; ``turned``: drawn from ``player``'s side (its pieces at
        the bottom). Squares, pieces and cards carry ``data-square``, ``data-piece`` and
        ``data-card`` attributes, the names :meth:`choices` uses."""
        last = self._events[-1] if self._events else None
        state = self.state
        if player is not None:
            state = self.rules.view(state, player)
            last = None if last is None else self.rules.redact(last, player)
        return draw(self.rules, state, player, last,
                    player if turned and player is not None else None)

    def _repr_svg_(self) -> str:
        """Jupyter shows a match as its board (everything: the notebook's owner is the
        auditor; use ``display(SVG(match.svg(seat)))`` for a seat's view)."""
        return self.svg()

    def replay(self, *, every: int = 1024) -> Replay:
        return Replay(self.rules, self.header, self._events, every=every)

    # ------------------------------------------------------------------ acting

    def _dice(self, values: Iterable[int] | None) -> Dice:
        if self.header.dice == "recorded":
            return RecordedDice(values or ())
        if values is not None:
            raise IllegalAction("dice/seeded", "this match draws its own dice; give no values")
        if self._seed is None:
            return _NoSeed()
        return SeededDice(self._seed, self._counter)

    def act(self, action: Event, dice: Iterable[int] | None = None, *,
            key: str | None = None, expected_version: int | None = None,
            ) -> tuple[Event, ...]:
        """Decide ``action``; on success append it and its consequences and return them.

        ``dice`` gives physical dice values for a ``"recorded"`` match, in draw order.
        In a match whose header lists the seats' ``keys``, ``key`` is the acting seat's
        secret key (hex): it signs the chain value after the action (refused with
        ``sign/key`` if it is not that seat's key, ``sign/needed`` if missing).
        ``expected_version`` is the :attr:`version` the action was chosen at: when the
        match has moved on since, the action is refused with
        :class:`~grimoire.core.errors.ConcurrencyError` (``match/stale``) and nothing
        changes.
        """
        if expected_version is not None and expected_version != len(self._events):
            raise ConcurrencyError(
                "match/stale", f"the match is at version {len(self._events)}, not "
                f"{expected_version}: someone acted since; choose again",
                expected=expected_version, actual=len(self._events))
        signer = self._signer(action, key)
        roller = self._dice(dice)
        events = decide_checked(self.rules, self.state, action, roller)
        if isinstance(roller, RecordedDice) and roller.remaining:
            raise IllegalAction("dice/unused", f"{roller.remaining} dice values were not needed")
        state = apply_decision(self.state, events, self.rules.evolve)
        counter = self._counter
        for event in events:
            if isinstance(event, Chance):
                counter += event.draws
        seq = len(self._events)
        if signer is not None:
            self._sigs[seq] = signer(chain_next(self._chain_now(), self._canon(events[0])))
        if self._writer is not None:
            sig = self._sigs.get(seq)
            self._writer.append_decision(events, None if sig is None else (lambda _c: sig))
        self._events.extend(events)
        self.state = state
        self._counter = counter
        if self._writer is not None and self.rules.outcome(state) is not None:
            self.close()
        return events

    def _signer(self, action: Event, key: str | None) -> Callable[[bytes], str] | None:
        """How the acting seat signs (``None`` in a match without keys)."""
        keys = self.header.keys
        if keys is None:
            if key is not None:
                raise UsageError("sign/no-keys", "this match's header lists no seats' keys")
            return None
        if key is None:
            raise IllegalAction("sign/needed", "each action of this match is signed by its "
                                "seat: give the seat's secret key")
        seat = getattr(action, "player", -1)
        secret = read_key(key)
        if not 0 <= seat < len(keys) or public_of(secret) != keys[seat]:
            raise IllegalAction("sign/key", f"that key is not seat {seat}'s key")
        return lambda chain: sign(secret, act_message(chain))

    def _chain_now(self) -> bytes:
        """The chain value after the last event, hashing only events not hashed before."""
        events, canon, chain = self._events, self._canon, self._chain
        for k in range(self._chained, len(events)):
            chain = chain_next(chain, canon(events[k]))
        self._chain, self._chained = chain, len(events)
        return chain

    @property
    def chain(self) -> str:
        """The chain value after the last event (hex): what a seal signs."""
        return self._chain_now().hex()

    # ------------------------------------------------------------------ saving

    def log(self, *, reveal: bool | None = None) -> Log:
        """The match as a log; the seed is revealed if ``reveal`` (default: once it is over)."""
        reveal = self.outcome is not None if reveal is None else reveal
        header = self.header
        if reveal and self._seed is not None:
            header = msgspec.structs.replace(header, seed=self._seed.hex())
        return Log(header, list(self._events), True, dict(self._sigs))

    def save(self, path: str | os.PathLike[str], *, reveal: bool | None = None) -> None:
        """Write the whole log to ``path`` (chained: every record carries its chain value)."""
        log = self.log(reveal=reveal)
        write_log(path, log.header, log.events, sigs=log.sigs)

    def close(self) -> None:
        """Close the live log file, if any (it also closes itself when the game ends)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def __enter__(self) -> Match:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def seed_file(path: str | os.PathLike[str]) -> str:
    """Where the secret seed of the live log at ``path`` is kept: ``PATH.seed`` beside it
    (created with the log, readable by its owner only; never inside the log until the
    seed is revealed).

    >>> seed_file("match.jsonl")
    'match.jsonl.seed'
    """
    return f"{os.fspath(path)}.seed"


def write_seed_file(path: str | os.PathLike[str], seed: bytes) -> str:
    """Keep ``seed`` in :func:`seed_file` of ``path``: a new file, mode 0600."""
    kept = seed_file(path)
    try:
        fd = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        raise UsageError("io/exists", f"{kept}: {exc.strerror}") from None
    with os.fdopen(fd, "w") as f:
        f.write(seed.hex() + "\n")
    return kept


def check_keys(keys: Sequence[str], seats: int) -> tuple[str, ...]:
    """Each seat's public key (64 hex digits), one per seat."""
    out = tuple(read_key(k) for k in keys)
    if len(out) != seats or any(len(k) != 64 for k in out):
        raise UsageError("sign/bad-key", f"give one public key (64 hex digits) per seat, "
                         f"{seats} in all")
    for k in out:
        try:
            bytes.fromhex(k)
        except ValueError:
            raise UsageError("sign/bad-key", f"{k[:20]!r} is not hex") from None
    return out
