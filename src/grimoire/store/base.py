"""The store's one interface, :class:`EventStore`, and what both backends share.

A backend (:class:`~grimoire.store.sqlite.Store` on an SQLite file,
:class:`~grimoire.store.postgres.PostgresStore` on a PostgreSQL database) gives
:class:`EventStore` its connection: a way to read (:meth:`EventStore._reading`) and one
transaction to write (:meth:`EventStore._writing`), both handing out a connection that
takes SQL with ``?`` placeholders. Everything else, the SQL included, is written once,
here: both backends keep the same tables, so they give the same answers, byte for byte.

The guarantees of an append hold on both because the database enforces them, not a
check before a write: the records' key is (match, seq), so two appends at the same
version cannot both insert their first record, and the match's version moves from the
expected one only (``UPDATE … WHERE version = expected``). The loser's transaction is
rolled back and raises :class:`~grimoire.core.errors.ConcurrencyError`.

>>> from grimoire import Match
>>> from grimoire.store import open_store
>>> match = Match.new("vicious-circle", seed=bytes(32))
>>> with open_store(":memory:") as store:
...     isinstance(store, EventStore)
...     mid = store.create(match.header, seed=bytes(32))
...     store.append(mid, match.act(match.legal(0)[0]), expected_version=0)
...     [info.version for info in store.matches()]
True
AppendResult(version=1, duplicate=False)
[1]
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import tempfile
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

import msgspec

from grimoire.core.audit import audit
from grimoire.core.dice import commitment
from grimoire.core.errors import (
    AuditError,
    ConcurrencyError,
    GrimoireError,
    LogError,
    StoreError,
    UsageError,
)
from grimoire.core.events import (
    Event,
    Header,
    Record,
    canonical_for,
    chain_next,
    header_hash,
)
from grimoire.core.logfile import (
    CHUNK,
    LogReader,
    check_header,
    decoder_for,
    encode_line,
    open_regular,
    rules_for,
)
from grimoire.core.replay import initial_state
from grimoire.core.rules import AnyRules, Outcome

Durability = Literal["full", "normal"]
T = TypeVar("T")

PAGE = 1024
"""Record lines read per query when streaming a match: reading holds at most this many
lines in memory, and no read keeps the database busy between pages."""

MAX_ID = 64
_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_ID}}}")
_STATUSES = ("live", "over")
_MSGPACK = b"\xc6"  # the first byte of a msgpack log (a bin 32 frame)


class Connection(Protocol):
    """What :class:`EventStore` needs of a backend's connection: ``execute`` and
    ``executemany`` with ``?`` placeholders, returning a cursor (``fetchone``,
    ``fetchall``, ``rowcount``, iteration), as :mod:`sqlite3`'s connection has them."""

    def execute(self, sql: str, params: Sequence[Any] = (), /) -> Any:
        ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Any:
        ...


class Watch(Protocol):
    """What :meth:`EventStore.watch` returns: a watch of the appends of other
    processes, and the claims that let one process of many act for a match
    (:meth:`claim`) until it closes the watch or dies."""

    def claim(self, match_id: str) -> bool:
        """Whether this process holds the match's claim now (taken if free): one
        process at a time holds it, until its watch closes or its connection is lost."""
        ...

    def holds(self, match_id: str) -> bool:
        """Whether this process holds the match's claim (asks no one)."""
        ...

    def close(self) -> None:
        """Stop watching (the claims are let go)."""
        ...


class Collision(StoreError):
    """A write the database refused on a unique key (``store/exists``): another
    connection wrote that key first. :meth:`EventStore.append` turns one on the records'
    key into a :class:`~grimoire.core.errors.ConcurrencyError`."""

    def __init__(self, detail: str) -> None:
        super().__init__("store/exists", detail)


class MatchInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One match as :meth:`EventStore.matches` lists it: no header, no records, never the seed.

    ``status`` is ``"live"`` or ``"over"``; ``version`` the number of records; ``created``
    and ``updated`` unix seconds; ``outcome`` ``{"winners": [...], "reason": "..."}`` once
    the match is over.

    >>> MatchInfo(id="x", game="vicious-circle", rules="2", players=("Dawn", "Twilight"),
    ...           status="live", version=0, created=0.0, updated=0.0).status
    'live'
    """

    id: str
    game: str
    rules: str
    players: tuple[str, ...]
    status: str
    version: int
    created: float
    updated: float
    outcome: dict[str, Any] | None = None


class AppendResult(msgspec.Struct, frozen=True):
    """What :meth:`EventStore.append` did: ``version`` is the match's version after the append;
    ``duplicate`` says the idempotency key had been used already, so nothing was written
    and ``version`` is the version that earlier append left.

    >>> AppendResult(7)
    AppendResult(version=7, duplicate=False)
    """

    version: int
    duplicate: bool = False


def check_settings(durability: object, timeout: object) -> None:
    """Refuse a ``durability`` other than ``"full"``/``"normal"`` or a ``timeout`` that is
    not seconds >= 0 (``store/durability``, ``store/timeout``): what every backend checks
    before it opens anything.

    >>> check_settings("full", 5.0)
    """
    if durability not in ("full", "normal"):
        raise UsageError("store/durability", f"durability is 'full' or 'normal', "
                         f"not {durability!r}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not (
            timeout >= 0):
        raise UsageError("store/timeout", f"the timeout is seconds >= 0, not {timeout!r}")


def _seat_ok(seat: object, seats: int) -> bool:
    return seat is None or (isinstance(seat, int) and not isinstance(seat, bool)
                            and 0 <= seat < seats)


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 63:
        raise UsageError("store/bad-number", f"{what} must be a whole number >= 0, "
                         f"not {value!r}")
    return value


def _outcome_json(outcome: Outcome) -> str:
    return msgspec.json.encode({"winners": list(outcome.winners),
                                "reason": outcome.reason}).decode()


_header_decoder = msgspec.json.Decoder(Header)


class EventStore(ABC):
    """The store's interface: what the server, the CLI and the tools use, the same on
    every backend (:func:`~grimoire.store.open_store` opens one by its ``--db`` value).

    A backend gives the connection (:meth:`_reading`, :meth:`_writing`), :meth:`close`
    and :attr:`schema_version`; every method below is written once, over the same tables.
    One object may be shared by threads: each call holds it only for its own
    transaction. ``path`` names the store in messages (a file, or a URL without its
    password); ``read_only`` stores refuse every write (``store/read-only``).
    """

    path: str
    read_only: bool = False
    shared: bool = False
    """Whether other processes may append to this store while this one serves it (a
    PostgreSQL database: yes; an SQLite file: one server process, no). A server over a
    shared store checks what it holds of a match against the store's version."""
    _lock: threading.RLock

    @abstractmethod
    def close(self) -> None:
        """Close the store (every later call is ``store/closed``). Closing twice is fine."""

    @property
    @abstractmethod
    def schema_version(self) -> int:
        """The number of migrations applied to the database."""

    @abstractmethod
    def _reading(self) -> AbstractContextManager[Connection]:
        """The connection for reads (each statement sees one consistent snapshot)."""

    @abstractmethod
    def _writing(self) -> AbstractContextManager[Connection]:
        """One transaction: committed if the block ends normally, rolled back (nothing
        written) if it raises."""

    def _write(self, fn: Callable[[Connection], T]) -> T:
        """``fn(db)`` in one write transaction (:meth:`_writing`), and its result. Every
        write goes through here, so a backend may run it elsewhere: SQLite's runs it on
        the caller's thread with the other writes waiting then, or has another thread's
        transaction carry it (group commit)."""
        with self._writing() as db:
            return fn(db)

    def _inserted(self, db: Connection, sql: str, params: Sequence[Any]) -> int:
        """Run ``sql``, an ``INSERT`` of one row, and return the row's new ``key``
        (``RETURNING key``; SQLite's backend reads ``lastrowid`` instead, so it needs no
        SQLite of 3.35 or later)."""
        return int(db.execute(sql + " RETURNING key", params).fetchone()[0])

    def watch(self, told: Callable[[str | None, int], None]) -> Watch | None:
        """Start watching the appends other connections make to this store: ``told(match
        id, version)`` is called (in a thread of the watch's own) after each one commits,
        and ``told(None, 0)`` when appends may have been missed (the watch connected
        again: ask the store). ``None`` where no one else appends (an SQLite file, served
        by one process).

        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     store.watch(print) is None
        True
        """
        return None

    def serve(self) -> None:
        """Mark this process as a server of the store, or raise ``store/served`` where the
        store cannot be served beside the servers it has (an SQLite file served by a
        process alone). Nothing here: a PostgreSQL database takes any number.

        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     store.serve()
        """
        return None

    def _appended(self, db: Connection, match_id: str, version: int) -> None:
        """Called in an append's transaction once the match's version has moved to
        ``version``: a backend that others watch tells them here (on commit)."""
        return None

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ shared plumbing

    @staticmethod
    def _unknown(match_id: str) -> StoreError:
        return StoreError("store/unknown-match", f"no match {match_id!r} in this store")

    def _row(self, db: Connection, match_id: str, columns: str) -> Any:
        row = db.execute(f"SELECT {columns} FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise self._unknown(match_id)
        return row

    def _new_id(self, db: Connection, match_id: str | None) -> str:
        if match_id is None:
            while True:
                match_id = secrets.token_urlsafe(12)
                if match_id.startswith("-"):  # a command line would take it for an option
                    continue
                if db.execute("SELECT 1 FROM matches WHERE id = ?",
                              (match_id,)).fetchone() is None:
                    return match_id
        if not isinstance(match_id, str) or not _ID.fullmatch(match_id):
            raise UsageError("store/bad-id", f"a match id is 1 to {MAX_ID} letters, digits, "
                             f"'-' or '_', not {match_id!r}")
        if db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone():
            raise StoreError("store/exists", f"the store already holds a match {match_id!r}")
        return match_id

    # ------------------------------------------------------------------ creating

    def create(self, header: Header, *, seed: bytes | None = None,
               match_id: str | None = None,
               grants: Sequence[tuple[int | None, bytes]] = (),
               bots: Mapping[int, str] | None = None, listed: bool = False) -> str:
        """Store a new match (no records yet) and return its id, ``match_id`` or a new
        random url-safe one. In the same transaction: ``grants`` (seat or ``None``, a
        token's digest: see :meth:`grant`), the seats the server's ``bots`` play (seat:
        spec, :meth:`bots`) and whether the match is ``listed`` (public, :meth:`listed`).

        ``header`` is the match's header (``Match.header``) for a registered game, with no
        ``seed``: the seed of a live match is a secret, given here as ``seed`` and kept
        apart (:meth:`seed`) until :meth:`reveal`; it must match the header's
        ``seed_commitment``. A header the game refuses is a
        :class:`~grimoire.core.errors.UsageError` with the log reason (``log/unknown-game``,
        ``log/bad-options``…); an id in use is ``store/exists``.

        >>> from grimoire import Match
        >>> header = Match.new("vicious-circle", seed=bytes(32)).header
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     store.create(header, seed=bytes(32), match_id="m1")
        'm1'
        """
        if not isinstance(header, Header):
            raise UsageError("store/not-a-header", f"expected a Header, got "
                             f"{type(header).__name__}")
        if header.seed is not None:
            raise UsageError("store/seed-in-header", "a live match's header carries no seed:"
                             " give it as seed= (it is kept secret until reveal)")
        try:
            check_header(header)
            initial_state(rules_for(header), header)
        except LogError as exc:
            raise UsageError(exc.reason, exc.detail) from None
        if seed is not None:
            if not isinstance(seed, bytes) or not seed:
                raise UsageError("dice/bad-seed", "the seed is bytes (not empty)")
            if header.dice == "recorded":
                raise UsageError("dice/recorded", "this match rolls physical dice: it has no "
                                 "seed")
            if header.seed_commitment is not None and (
                    commitment(seed) != header.seed_commitment):
                raise UsageError("dice/commitment", "that seed does not match the header's "
                                 "seed commitment")
        seats = len(header.players)
        for seat, digest in grants:
            if not _seat_ok(seat, seats) or not isinstance(digest, bytes) or not digest:
                raise UsageError("store/bad-seat", f"a grant is a seat 0..{seats - 1} or "
                                 "None and a digest")
        for seat in bots or {}:
            if not _seat_ok(seat, seats) or seat is None:
                raise UsageError("store/bad-seat", f"a bot's seat is 0..{seats - 1}")
        line = encode_line(header)
        now = time.time()

        def write(db: Connection) -> str:
            new_id = self._new_id(db, match_id)
            key = self._insert(db, new_id, header, line, header_hash(header), now)
            if seed is not None:
                db.execute("INSERT INTO seeds (match, seed) VALUES (?, ?)", (key, seed))
            for seat, digest in grants:
                if db.execute("SELECT 1 FROM grants WHERE digest = ?", (digest,)).fetchone():
                    raise StoreError("store/exists", "that digest already grants access")
                db.execute("INSERT INTO grants (digest, match, seat) VALUES (?, ?, ?)",
                           (digest, key, seat))
            db.executemany("INSERT INTO bots (match, seat, spec) VALUES (?, ?, ?)",
                           [(key, seat, spec) for seat, spec in (bots or {}).items()])
            if listed:
                db.execute("INSERT INTO listed (match) VALUES (?)", (key,))
            return new_id

        return self._write(write)

    def bots(self, match_id: str) -> dict[int, str]:
        """The seats of the match the server's bots play, with each bot's spec.

        >>> from grimoire import Match
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     mid = store.create(Match.new("magery", dice="recorded").header,
        ...                        bots={1: "mcts:iterations=50"})
        ...     store.bots(mid)
        {1: 'mcts:iterations=50'}
        """
        with self._reading() as db:
            key, = self._row(db, match_id, "key")
            rows = db.execute("SELECT seat, spec FROM bots WHERE match = ? ORDER BY seat",
                              (key,)).fetchall()
        return {int(seat): str(spec) for seat, spec in rows}

    def bot_matches(self) -> list[str]:
        """The live matches some seat of which the server's bots play."""
        with self._reading() as db:
            rows = db.execute("SELECT id FROM matches WHERE status = 'live' AND key IN "
                              "(SELECT match FROM bots) ORDER BY key").fetchall()
        return [str(row[0]) for row in rows]

    def listed(self, match_id: str) -> bool:
        """Whether the match is public: listed in the lobby, watched without a token."""
        with self._reading() as db:
            key, = self._row(db, match_id, "key")
            return db.execute("SELECT 1 FROM listed WHERE match = ?",
                              (key,)).fetchone() is not None

    def listed_matches(self, *, status: str, limit: int = 50) -> list[MatchInfo]:
        """The public matches of ``status`` (``"live"``/``"over"``), the most recently
        changed first."""
        if status not in _STATUSES:
            raise UsageError("store/bad-status", f"a status is 'live' or 'over', not "
                             f"{status!r}")
        with self._reading() as db:
            rows = db.execute(
                f"SELECT {_INFO_COLUMNS} FROM matches WHERE status = ? AND key IN "
                "(SELECT match FROM listed) ORDER BY updated DESC, key DESC LIMIT ?",
                (status, _count(limit, "limit"))).fetchall()
        return [self._info(row) for row in rows]

    def _insert(self, db: Connection, match_id: str, header: Header, line: bytes,
                chain: bytes, now: float) -> int:
        key = self._inserted(
            db, "INSERT INTO matches (id, game, rules, format, players, header, chain, created,"
            " updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (match_id, header.game, header.rules, header.format,
             msgspec.json.encode(list(header.players)).decode(), line, chain, now, now))
        db.executemany("INSERT INTO players (match, seat, name) VALUES (?, ?, ?)",
                       [(key, seat, name) for seat, name in enumerate(header.players)])
        return key

    # ------------------------------------------------------------------ reading one match

    def header(self, match_id: str) -> Header:
        """The match's header as stored: its ``seed`` only once revealed.

        >>> from grimoire import Match
        >>> header = Match.new("vicious-circle", seed=bytes(32)).header
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     store.header(store.create(header, seed=bytes(32))) == header
        True
        """
        with self._reading() as db:
            line = self._row(db, match_id, "header")[0]
        return self._decode_header(match_id, line)

    @staticmethod
    def _decode_header(match_id: str, line: bytes) -> Header:
        try:
            return _header_decoder.decode(line)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise StoreError("store/corrupt", f"match {match_id!r}: its header does not "
                             f"decode: {exc}") from None

    def version(self, match_id: str) -> int:
        """The number of records of the match (the next record's seq).

        >>> from grimoire import Match
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     store.version(store.create(Match.new("vicious-circle", dice="recorded").header))
        0
        """
        with self._reading() as db:
            return int(self._row(db, match_id, "version")[0])

    def info(self, match_id: str) -> MatchInfo:
        """The match as :meth:`matches` lists it.

        >>> from grimoire import Match
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     store.info(store.create(Match.new("magery", dice="recorded").header)).game
        'magery'
        """
        with self._reading() as db:
            return self._info(self._row(db, match_id, _INFO_COLUMNS))

    @staticmethod
    def _info(row: Any) -> MatchInfo:
        return MatchInfo(id=row[0], game=row[1], rules=row[2],
                         players=tuple(msgspec.json.decode(row[3])), status=row[4],
                         version=row[5], created=row[6], updated=row[7],
                         outcome=None if row[8] is None else msgspec.json.decode(row[8]))

    def seed(self, match_id: str) -> bytes | None:
        """The match's dice seed: the secret one of a live match (what a server needs to
        go on after a restart), the header's once revealed, ``None`` when the store has
        none (recorded dice, or a seed never given).

        >>> from grimoire import Match
        >>> header = Match.new("vicious-circle", seed=bytes(32)).header
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     store.seed(store.create(header, seed=bytes(32))) == bytes(32)
        True
        """
        with self._reading() as db:
            row = db.execute("SELECT s.seed, m.header FROM matches AS m LEFT JOIN seeds AS s"
                             " ON s.match = m.key WHERE m.id = ?", (match_id,)).fetchone()
        if row is None:
            raise self._unknown(match_id)
        if row[0] is not None:
            return bytes(row[0])
        revealed = self._decode_header(match_id, row[1]).seed
        return None if revealed is None else bytes.fromhex(revealed)

    def lines(self, match_id: str, start: int = 0) -> Iterator[bytes]:
        """The match's record lines from seq ``start`` to the version it has now, each
        ending in ``b"\\n"``, exactly as its log holds them. Streamed: read :data:`PAGE`
        lines at a time, the store free between pages.

        >>> from grimoire import Match
        >>> m = Match.new("vicious-circle", seed=bytes(32))
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     mid = store.create(m.header, seed=bytes(32))
        ...     _ = store.append(mid, m.act(m.legal(0)[0]), expected_version=0)
        ...     list(store.lines(mid)) == m.lines(0)
        True
        """
        start = _count(start, "start")
        with self._reading() as db:
            key, version = self._row(db, match_id, "key, version")
        return self._pages(key, start, version)

    def _pages(self, key: int, start: int, stop: int) -> Iterator[bytes]:
        seq = start
        while seq < stop:
            with self._reading() as db:
                rows = db.execute("SELECT seq, line FROM events WHERE match = ? AND seq >= ? "
                                  "AND seq < ? ORDER BY seq LIMIT ?",
                                  (key, seq, stop, PAGE)).fetchall()
            for got, line in rows:
                if got != seq:  # seqs are unique and sorted: a gap is missing records
                    break
                yield line
                seq += 1
            else:
                if rows:
                    continue
            raise StoreError("store/corrupt", f"the records from seq {seq} are missing")

    def records(self, match_id: str, start: int = 0) -> Iterator[Record[Any]]:
        """The match's records from seq ``start``, decoded as the game's events (streamed,
        like :meth:`lines`).

        >>> from grimoire import Match
        >>> m = Match.new("vicious-circle", seed=bytes(32))
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     mid = store.create(m.header, seed=bytes(32))
        ...     _ = store.append(mid, m.act(m.legal(0)[0]), expected_version=0)
        ...     [r.event for r in store.records(mid)] == list(m.events)
        True
        """
        header = self.header(match_id)
        try:
            rules = rules_for(header)
        except LogError as exc:
            raise StoreError(exc.reason, exc.detail) from None
        return self._decoded(match_id, rules, header, self.lines(match_id, start), start)

    @staticmethod
    def _decoded(match_id: str, rules: AnyRules, header: Header, lines: Iterable[bytes],
                 start: int) -> Iterator[Record[Any]]:
        decode = decoder_for(rules, header).decode
        for seq, line in enumerate(lines, start):
            try:
                yield decode(line)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise StoreError("store/corrupt", f"match {match_id!r} seq {seq}: {exc}"
                                 ) from None

    # ------------------------------------------------------------------ appending

    def append(self, match_id: str, events: Sequence[Event], *, expected_version: int,
               idempotency_key: str | None = None, sigs: Mapping[int, str] | None = None,
               outcome: Outcome | None = None) -> AppendResult:
        """Append one decision's ``events`` in one transaction, if the match still has
        ``expected_version`` records; returns its new version.

        In order: an ``idempotency_key`` already used for this match returns that append's
        result with ``duplicate=True`` and writes nothing (a retry after a lost answer is
        harmless); another version than ``expected_version`` raises
        :class:`~grimoire.core.errors.ConcurrencyError` (``store/conflict``) and writes
        nothing; a match that is over (``store/over``) or sealed by a signature line
        (``store/sealed``) takes no more records. Each event becomes the record line
        grimoire writes, chained on from the last one; ``sigs`` maps a seq to the acting
        seat's signature. ``outcome`` ends the match (``status == "over"``).

        >>> from grimoire import Match
        >>> m = Match.new("vicious-circle", seed=bytes(32))
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     mid = store.create(m.header, seed=bytes(32))
        ...     events = m.act(m.legal(0)[0])
        ...     store.append(mid, events, expected_version=0, idempotency_key="a")
        ...     store.append(mid, events, expected_version=0, idempotency_key="a")
        AppendResult(version=1, duplicate=False)
        AppendResult(version=1, duplicate=True)
        """
        events = tuple(events)
        for event in events:
            if not isinstance(event, Event):
                raise UsageError("store/not-an-event", f"{type(event).__name__} is no event")
        expected_version = _count(expected_version, "expected_version")
        if idempotency_key is not None and not isinstance(idempotency_key, str):
            raise UsageError("store/bad-key", "an idempotency key is a string")
        over = None if outcome is None else _outcome_json(outcome)
        try:
            return self._append(match_id, events, expected_version, idempotency_key,
                                sigs or {}, over)
        except Collision:
            # Another connection appended at this version first: the database refused
            # our first record's key (or the idempotency key) and rolled us back.
            return self._lost(match_id, expected_version, idempotency_key)

    def _append(self, match_id: str, events: tuple[Event, ...], expected_version: int,
                idempotency_key: str | None, sigs: Mapping[int, str],
                over: str | None) -> AppendResult:
        def write(db: Connection) -> AppendResult:
            row = db.execute(
                "SELECT m.key, m.version, m.chain, m.format, m.status, m.chained, "
                "m.signature IS NOT NULL, a.version FROM matches AS m LEFT JOIN appends AS a"
                " ON a.match = m.key AND a.key = ? WHERE m.id = ?",
                (idempotency_key, match_id)).fetchone()
            if row is None:
                raise self._unknown(match_id)
            key, version, chain, fmt, status, chained, sealed, done = row
            if done is not None:  # the key was used: that append's result, nothing written
                return AppendResult(int(done), duplicate=True)
            if version != expected_version:
                raise self._conflict(match_id, expected_version, version)
            if sealed:
                raise StoreError("store/sealed", f"match {match_id!r} ends in a signature "
                                 "line: nothing may follow it")
            if status == "over":
                raise StoreError("store/over", f"match {match_id!r} is over")
            canon = canonical_for(fmt)
            rows = []
            for seq, event in enumerate(events, version):
                chain = chain_next(chain, canon(event))
                rows.append((key, seq, encode_line(Record(
                    seq, event, chain.hex() if chained else None, sigs.get(seq)))))
            # the records' key (match, seq) refuses a second append at this version
            _insert_events(db, rows)
            version += len(events)
            # and the version moves only from the one expected (an append of no events)
            moved = db.execute(
                "UPDATE matches SET version = ?, chain = ?, updated = ?, status = ?, "
                "outcome = coalesce(?, outcome) WHERE key = ? AND version = ?",
                (version, chain, time.time(), "live" if over is None else "over", over,
                 key, expected_version)).rowcount
            if moved != 1:
                actual, = db.execute("SELECT version FROM matches WHERE key = ?",
                                     (key,)).fetchone()
                raise self._conflict(match_id, expected_version, int(actual))
            if idempotency_key is not None:
                db.execute("INSERT INTO appends (match, key, version) VALUES (?, ?, ?)",
                           (key, idempotency_key, version))
            if events:
                self._appended(db, match_id, version)
            return AppendResult(version)

        return self._write(write)

    def _lost(self, match_id: str, expected_version: int,
              idempotency_key: str | None) -> AppendResult:
        """After an append the database refused on a key: the result of the append that
        used the same idempotency key, or the conflict with the version that won."""
        with self._reading() as db:
            key, version = self._row(db, match_id, "key, version")
            if idempotency_key is not None:
                done = db.execute("SELECT version FROM appends WHERE match = ? AND key = ?",
                                  (key, idempotency_key)).fetchone()
                if done is not None:
                    return AppendResult(int(done[0]), duplicate=True)
        raise self._conflict(match_id, expected_version, int(version))

    @staticmethod
    def _conflict(match_id: str, expected: int, actual: int) -> ConcurrencyError:
        return ConcurrencyError(
            "store/conflict", f"match {match_id!r} has {actual} records, not "
            f"{expected}: read the new ones and decide again",
            expected=expected, actual=actual)

    def reveal(self, match_id: str) -> None:
        """Put the match's secret seed into its stored header (``header().seed``, hex) and
        forget the secret copy: call it when the game is over. The chain does not change
        (it hashes the header without its seed). Nothing happens when the store holds no
        secret seed (recorded dice, already revealed, an imported log).

        >>> from grimoire import Match
        >>> header = Match.new("vicious-circle", seed=bytes(32)).header
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     mid = store.create(header, seed=bytes(32))
        ...     store.reveal(mid)
        ...     store.header(mid).seed == bytes(32).hex()
        True
        """
        def write(db: Connection) -> None:
            row = db.execute("SELECT m.key, m.header, s.seed FROM matches AS m LEFT JOIN "
                             "seeds AS s ON s.match = m.key WHERE m.id = ?",
                             (match_id,)).fetchone()
            if row is None:
                raise self._unknown(match_id)
            key, line, seed = row
            if seed is None:
                return
            header = msgspec.structs.replace(self._decode_header(match_id, line),
                                             seed=bytes(seed).hex())
            db.execute("UPDATE matches SET header = ?, updated = ? WHERE key = ?",
                       (encode_line(header), time.time(), key))
            db.execute("DELETE FROM seeds WHERE match = ?", (key,))

        self._write(write)

    # ------------------------------------------------------------------ listing

    def matches(self, *, game: str | None = None, player: str | None = None,
                status: str | None = None, since: float | None = None,
                until: float | None = None, limit: int = 100,
                offset: int = 0) -> list[MatchInfo]:
        """Matches, newest first: of ``game``, with a seat named ``player``, with
        ``status`` (``"live"``/``"over"``), created at ``since`` or later and before
        ``until`` (unix seconds); ``limit`` of them after skipping ``offset``.

        >>> from grimoire import Match
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     for game in ("magery", "wiz-war"):
        ...         _ = store.create(Match.new(game, dice="recorded").header)
        ...     [m.game for m in store.matches()], len(store.matches(game="magery"))
        (['wiz-war', 'magery'], 1)
        """
        where: list[str] = []
        params: list[Any] = []
        if game is not None:
            where.append("game = ?")
            params.append(game)
        if status is not None:
            if status not in _STATUSES:
                raise UsageError("store/bad-status", f"a status is 'live' or 'over', "
                                 f"not {status!r}")
            where.append("status = ?")
            params.append(status)
        if player is not None:
            where.append("key IN (SELECT match FROM players WHERE name = ?)")
            params.append(player)
        if since is not None:
            where.append("created >= ?")
            params.append(float(since))
        if until is not None:
            where.append("created < ?")
            params.append(float(until))
        params += [_count(limit, "limit"), _count(offset, "offset")]
        sql = (f"SELECT {_INFO_COLUMNS} FROM matches"
               + (" WHERE " + " AND ".join(where) if where else "")
               + " ORDER BY created DESC, key DESC LIMIT ? OFFSET ?")
        with self._reading() as db:
            rows = db.execute(sql, params).fetchall()
        return [self._info(row) for row in rows]

    def match_ids(self) -> Iterator[str]:
        """Every match's id, in the order the matches were stored (created or imported),
        read :data:`PAGE` ids a query: memory holds one page, never the store's list, and
        the store is free between pages. A match stored during the walk is met (it comes
        after every match stored before it); none is met twice.

        >>> from grimoire import Match
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     for name in ("b", "a", "c"):
        ...         _ = store.create(Match.new("magery", dice="recorded").header,
        ...                          match_id=name)
        ...     list(store.match_ids())
        ['b', 'a', 'c']
        """
        last = -1
        while True:
            with self._reading() as db:
                rows = db.execute("SELECT key, id FROM matches WHERE key > ? ORDER BY key "
                                  "LIMIT ?", (last, PAGE)).fetchall()
            for key, match_id in rows:
                yield match_id
                last = key
            if len(rows) < PAGE:
                return

    # ------------------------------------------------------------------ log files

    def log_lines(self, match_id: str) -> Iterator[bytes]:
        """Every line of the match's log file, each ending in ``b"\\n"``: the header
        line, the record lines, and the signature line of a signed log. What
        :meth:`export` writes, streamed as :meth:`lines` streams (the header, the version
        and the signature line are read together, so the lines are one consistent log even while
        the match goes on).

        >>> from grimoire import Match
        >>> m = Match.new("vicious-circle", seed=bytes(32))
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     mid = store.create(m.header, seed=bytes(32))
        ...     _ = store.append(mid, m.act(m.legal(0)[0]), expected_version=0)
        ...     lines = list(store.log_lines(mid))
        >>> len(lines), lines[0].startswith(b'{"format"')
        (2, True)
        """
        with self._reading() as db:
            key, line, version, signature = self._row(
                db, match_id, "key, header, version, signature")
        return self._log(key, line, version, signature)

    def _log(self, key: int, header: bytes, version: int, signature: bytes | None
             ) -> Iterator[bytes]:
        yield header
        yield from self._pages(key, 0, version)
        if signature is not None:
            yield signature

    def export(self, match_id: str, path: str | os.PathLike[str]) -> int:
        """Write the match as a log file at ``path`` (replacing it, atomically: a
        temporary file beside it, synced, then renamed) and return its record count. The
        file is exactly what :func:`~grimoire.core.logfile.write_log` writes for the same
        match (or the imported file, byte for byte); a live match's has no seed.

        >>> import tempfile, pathlib
        >>> from grimoire import Match, audit
        >>> m = Match.new("vicious-circle", seed=bytes(32))
        >>> out = pathlib.Path(tempfile.mkdtemp()) / "m.jsonl"
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     mid = store.create(m.header, seed=bytes(32))
        ...     _ = store.append(mid, m.act(m.legal(0)[0]), expected_version=0)
        ...     store.export(mid, out), audit(out).ok
        (1, True)
        """
        with self._reading() as db:
            key, line, version, signature = self._row(
                db, match_id, "key, header, version, signature")
        target = Path(path)
        tmp: str | None = None
        try:
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                       suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                buffer: list[bytes] = []
                for record in self._log(key, line, version, signature):
                    buffer.append(record)
                    if len(buffer) >= PAGE:
                        f.write(b"".join(buffer))
                        buffer.clear()
                f.write(b"".join(buffer))
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
            tmp = None
        except OSError as exc:
            raise LogError("log/unwritable", f"{path}: {exc.strerror}") from None
        finally:
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
        return int(version)

    def import_log(self, path: str | os.PathLike[str], *, match_id: str | None = None) -> str:
        """Store the log file at ``path`` as a new match and return its id. It must pass
        the audit (:func:`~grimoire.core.audit.audit`): otherwise its error is raised
        (a :class:`~grimoire.core.errors.LogError` or
        :class:`~grimoire.core.errors.AuditError` with the reason and line) and nothing is
        stored. The header, every record and the signature line are kept byte for byte
        (blank lines are dropped, a missing last newline is added), so :meth:`export`
        writes the same file back. A finished game is stored ``"over"``. A msgpack log is
        refused (``store/msgpack``): convert it to JSON Lines first.

        >>> # store.import_log("fixtures/vicious-circle/full-01.jsonl")
        """
        with open_regular(path) as source, tempfile.TemporaryDirectory() as folder:
            copy = os.path.join(folder, "log.jsonl")
            try:  # a private copy: the file checked is the file stored
                with open(copy, "wb") as f:
                    first = source.read(1)
                    if first == _MSGPACK:
                        raise UsageError("store/msgpack", f"{path} is a msgpack log: the "
                                         "store keeps JSON lines (write it as .jsonl first)")
                    f.write(first)
                    shutil.copyfileobj(source, f, CHUNK)
            except OSError as exc:
                raise LogError("log/unreadable", f"{path}: {exc.strerror}") from None
            report = audit(copy)
            if not report.ok:
                assert report.error is not None
                raise _audit_error(report.error)
            outcome = None if report.outcome is None else _outcome_json(report.outcome)
            return self._import(copy, match_id, outcome)

    def _import(self, copy: str, match_id: str | None, outcome: str | None) -> str:
        now = time.time()
        with LogReader(copy) as reader, open(copy, "rb") as raw_file:
            def write(db: Connection) -> str:
                raw = enumerate(raw_file, 1)  # every line as read, numbered from 1
                _, header_line = next(raw)
                new_id = self._new_id(db, match_id)
                key = self._insert(db, new_id, reader.header, _newline(header_line),
                                   header_hash(reader.header), now)
                chained = True

                def rows() -> Iterator[tuple[int, int, bytes]]:
                    nonlocal chained
                    for lineno, _, record in reader.records():
                        chained = record.chain is not None
                        number, line = next(raw)
                        while number < lineno:
                            number, line = next(raw)
                        yield key, record.seq, _newline(line)

                db.executemany("INSERT INTO events (match, seq, line) VALUES (?, ?, ?)",
                               rows())
                signature = None
                if reader.signature is not None:
                    for number, line in raw:
                        if number == reader.signature_line:
                            signature = _newline(line)
                            break
                db.execute("UPDATE matches SET version = ?, chain = ?, chained = ?, "
                           "signature = ?, status = ?, outcome = ? WHERE key = ?",
                           (reader.count, reader.final_chain, int(chained), signature,
                            "live" if outcome is None else "over", outcome, key))
                return new_id

            return self._write(write)

    # ------------------------------------------------------------------ grants

    def grant(self, match_id: str, seat: int | None, digest: bytes) -> None:
        """Let the holder of a token act as ``seat`` of the match (``None``: watch as a
        spectator). The store keeps ``digest`` (a hash of the token, never the token);
        each digest grants one thing (``store/exists`` otherwise).

        >>> import hashlib
        >>> from grimoire import Match
        >>> from grimoire.store import Store
        >>> with Store(":memory:") as store:
        ...     mid = store.create(Match.new("vicious-circle", dice="recorded").header)
        ...     store.grant(mid, 1, hashlib.sha256(b"token").digest())
        ...     store.lookup(hashlib.sha256(b"token").digest()) == (mid, 1)
        True
        """
        if not isinstance(digest, bytes) or not digest:
            raise UsageError("store/bad-digest", "a grant's digest is bytes (not empty)")

        def write(db: Connection) -> None:
            key, players = self._row(db, match_id, "key, players")
            seats = len(msgspec.json.decode(players))
            if not _seat_ok(seat, seats):
                raise UsageError("store/bad-seat", f"match {match_id!r} has seats "
                                 f"0..{seats - 1} (or None for a spectator), not {seat!r}")
            if db.execute("SELECT 1 FROM grants WHERE digest = ?", (digest,)).fetchone():
                raise StoreError("store/exists", "that digest already grants access")
            db.execute("INSERT INTO grants (digest, match, seat) VALUES (?, ?, ?)",
                       (digest, key, seat))

        self._write(write)

    def lookup(self, digest: bytes) -> tuple[str, int | None] | None:
        """What ``digest`` grants: ``(match id, seat)`` (seat ``None``: a spectator), or
        ``None``.

        >>> from grimoire.store import Store

        >>> with Store(":memory:") as store:
        ...     store.lookup(b"unknown") is None
        True
        """
        with self._reading() as db:
            row = db.execute("SELECT m.id, g.seat FROM grants AS g JOIN matches AS m ON "
                             "m.key = g.match WHERE g.digest = ?", (digest,)).fetchone()
        return None if row is None else (row[0], row[1])


_INFO_COLUMNS = "id, game, rules, players, status, version, created, updated, outcome"


def _newline(line: bytes) -> bytes:
    return line if line.endswith(b"\n") else line + b"\n"


def _audit_error(error: Mapping[str, Any]) -> GrimoireError:
    """The audit's error (a report's ``error``) raised again as the exception it was."""
    reason, detail = str(error.get("reason")), str(error.get("detail", ""))
    kind = error.get("error")
    if kind in ("LogError", "AuditError"):
        cls = LogError if kind == "LogError" else AuditError
        return cls(reason, detail, line=error.get("line"), seq=error.get("seq"))
    if kind == "UsageError":
        return UsageError(reason, detail)
    return GrimoireError(reason, detail)


EVENT_ROWS = 100
"""Records one ``INSERT`` statement writes (an append of more takes several): 300
parameters, under the 999 of SQLite builds older than 3.32."""


def _insert_events(db: Connection, rows: Sequence[tuple[int, int, bytes]]) -> None:
    """Insert ``rows`` of ``events`` (match key, seq, line) with one statement for each
    :data:`EVENT_ROWS` of them: a decision's records in one statement, where
    ``executemany`` runs one a row (each of which, on SQLite, lets the interpreter's lock
    go and waits to have it back, the store's write turn held meanwhile)."""
    for start in range(0, len(rows), EVENT_ROWS):
        part = rows[start:start + EVENT_ROWS]
        db.execute("INSERT INTO events (match, seq, line) VALUES "
                   + ", ".join(["(?, ?, ?)"] * len(part)),
                   [value for row in part for value in row])
