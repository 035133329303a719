"""The event store on SQLite: many matches in one file, each as the lines of its log.

The store never holds a state. A match is its header line and its record lines, stored
byte for byte as :func:`~grimoire.core.logfile.write_log` writes them (or as the imported
file had them), so exporting a match writes exactly the log grimoire would have written,
and the audit can check it. Everything but the connection is
:class:`~grimoire.store.base.EventStore`'s, the same on PostgreSQL. See ``docs/store.md``.

>>> from grimoire import Match
>>> match = Match.new("vicious-circle", seed=bytes(32))
>>> with Store(":memory:") as store:
...     mid = store.create(match.header, seed=bytes(32))
...     store.append(mid, match.act(match.legal(0)[0]), expected_version=0)
...     [info.version for info in store.matches()]
AppendResult(version=1, duplicate=False)
[1]
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import zlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from grimoire.core.errors import StoreError
from grimoire.store.base import (
    PAGE,
    AppendResult,
    Durability,
    EventStore,
    MatchInfo,
    check_settings,
)
from grimoire.store.migrations import APPLICATION_ID, MIGRATIONS, migrate, user_version

try:
    import fcntl
except ImportError:  # pragma: no cover - POSIX in the tests
    fcntl = None  # type: ignore[assignment]

__all__ = ["PAGE", "AppendResult", "Durability", "Feed", "MatchInfo", "Store", "translate"]

T = TypeVar("T")

BATCH = 256
"""The most writes one transaction commits (group commit: :meth:`Store._write`)."""

FEED = """CREATE TABLE IF NOT EXISTS appended (
    n       INTEGER PRIMARY KEY,
    match   TEXT    NOT NULL,
    version INTEGER NOT NULL
)"""
"""The feed of a file shared by processes: one row per append, in the order they
committed (``n``, SQLite's row id: the last plus one), read by each process's
:class:`Feed`. Made by the first shared store to open the file; outside the migrations,
for a file never shared never has it."""

FEED_KEPT = 4096
"""Rows the feed keeps: a process further behind than that is told appends may have been
missed (``told(None, 0)``)."""

_LEAD = object()
"""What a waiting write is given when it is handed the lead (:meth:`Store._lead`)."""
_Request = tuple[Callable[[sqlite3.Connection], Any], "Future[Any]"]

# SQLite's primary result codes (https://sqlite.org/rescode.html)
_PERM, _BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = (
    3, 5, 6, 8, 10, 11, 13, 14, 26)


def translate(exc: sqlite3.Error, where: str = "") -> StoreError:
    """The :class:`StoreError` for an error SQLite raised: a busy database past the
    timeout is ``store/locked``, a full disk ``store/full``, a damaged file or one that is
    no database ``store/corrupt``, a file that cannot be opened, read or written
    ``store/io``; anything else ``store/error``. ``where`` (the file) starts the detail.

    >>> translate(sqlite3.OperationalError("database is locked")).reason
    'store/error'
    """
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    detail = f"{getattr(exc, 'sqlite_errorname', type(exc).__name__)}: {exc}"
    if where:
        detail = f"{where}: {detail}"
    if primary in (_BUSY, _LOCKED):
        return StoreError("store/locked", f"another connection holds the store's write lock "
                          f"past the timeout ({detail})")
    if primary == _FULL:
        return StoreError("store/full", f"the disk (or the store's size limit) is full; "
                          f"nothing was written ({detail})")
    if primary in (_CORRUPT, _NOTADB):
        return StoreError("store/corrupt", f"not a grimoire store, or a damaged one ({detail})")
    if primary in (_PERM, _READONLY, _IOERR, _CANTOPEN):
        return StoreError("store/io", detail)
    return StoreError("store/error", detail)


class Store(EventStore):
    """An event store in one SQLite file (created if missing; ``":memory:"`` for a store
    that lives as long as the object).

    The file is in WAL mode: readers never wait for the writer. ``durability="full"``
    (``synchronous=FULL``) means an append that returned is on disk; ``"normal"`` may lose
    the last appends in a power cut (never the file's consistency). A writer waits up to
    ``timeout`` seconds for another one, then fails with ``store/locked``. One ``Store``
    may be shared by threads.

    A store in a file, opened read-write, commits the writes of its threads together
    (group commit) on one write connection: the first write (:meth:`append`,
    :meth:`create`…) to find none under way is committed at once on its caller's thread,
    with every write queued meanwhile, in one transaction; the writes queued while it
    commits wait, and the first of them then leads the next transaction. A write that
    fails (a conflict, a used key) is raised to its caller alone, and the others commit;
    one that fails after writing rows of its own has the transaction rolled back and
    the others run again without it; a write returns only once the transaction holding
    it has committed. Reads take connections of their own (WAL):
    they never wait for a write. :attr:`commits` counts the write transactions.
    ``":memory:"`` and read-only stores use one connection, and so does a store opened
    with ``writer=False``: each write is then committed on its caller's thread, alone,
    the cheaper way for one caller appending in turn (a command-line tool), which has no
    other writes to group and no reads to keep waiting.

    ``shared=True``: other processes serve the same file (``grimoire serve --workers N``):
    each append is also written to a feed (the ``appended`` table, made when a shared store
    first opens the file) that :meth:`watch` reads, and the writers of all the processes
    take turns through a lock on the file ``<path>-lock``, which also holds the claims
    (:class:`Feed`). POSIX only; not with ``":memory:"``, ``read_only`` or
    ``writer=False``.

    ``read_only=True`` opens an existing store for reading and nothing else: the file is
    opened read-only (SQLite's ``mode=ro``), no migration runs and nothing is ever
    written to it (a write is ``store/read-only``). A missing file is ``store/missing``,
    an SQLite file that is not a store ``store/corrupt``, a store of an older schema
    ``store/too-old`` (open it once read-write to migrate it).

    >>> with Store(":memory:") as store:
    ...     store.schema_version == len(MIGRATIONS)
    True
    """

    def __init__(self, path: str | os.PathLike[str], *, durability: Durability = "full",
                 timeout: float = 5.0, read_only: bool = False, writer: bool = True,
                 shared: bool = False) -> None:
        check_settings(durability, timeout)
        self.path = os.fspath(path)
        self.read_only = bool(read_only)
        self.shared = bool(shared)
        self._lockfd: int | None = None  # <path>-lock's descriptor (shared or serving)
        if self.shared and (read_only or not writer or self.path in (":memory:", "")
                            or fcntl is None):
            raise StoreError("store/not-shared", f"{self.path}: only a file opened "
                             "read-write, with group commit (not writer=False), on a POSIX "
                             "system, may "
                             "be shared by processes")
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = None
        self._timeout = float(timeout)
        self._readers: list[sqlite3.Connection] = []  # idle read connections
        self._reads_lock = threading.Lock()
        self._queue_lock = threading.Lock()  # taken to queue a write, to lead, to close
        self._idle = threading.Condition(self._queue_lock)  # told when no write is led
        self._pending: list[_Request] = []  # writes waiting for a leader to commit them
        self._leading = False  # a thread is committing (the leader: _lead)
        self._leader: int | None = None  # its thread's id
        self._closed = False
        self._failed: StoreError | None = None
        self.commits = 0
        target, uri = self.path, False
        if self.read_only:
            if self.path == ":memory:" or not os.path.isfile(self.path):
                raise StoreError("store/missing", f"{self.path}: no such store file")
            target, uri = Path(os.path.abspath(self.path)).as_uri() + "?mode=ro", True
        try:
            db = sqlite3.connect(target, timeout=timeout, isolation_level=None,
                                 check_same_thread=False, uri=uri)
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from None
        try:
            self._open(db, durability)
        except BaseException as exc:
            db.close()
            if isinstance(exc, sqlite3.Error):
                raise translate(exc, self.path) from None
            raise
        self._db = db
        if self.shared:
            try:
                db.execute(FEED)
                self._lockfd = os.open(self.path + "-lock", os.O_RDWR | os.O_CREAT, 0o644)
            except (sqlite3.Error, OSError) as exc:
                db.close()
                self._db = None
                raise (translate(exc, self.path) if isinstance(exc, sqlite3.Error) else
                       StoreError("store/io", f"{self.path}-lock: {exc.strerror}")) from None
        self._grouped = bool(writer and not self.read_only
                             and self.path not in (":memory:", ""))
        """Writes are committed together (group commit: :meth:`_write`); else each on
        its caller's thread, alone, under :attr:`_lock`, and reads share its
        connection."""

    def _open(self, db: sqlite3.Connection, durability: Durability) -> None:
        # what the file is, read in one transaction: another process may be making a
        # store of the same new file (its first migration committed between two reads
        # would show tables without the store's id, a store taken for another database)
        db.execute("BEGIN")
        try:
            version = user_version(db)  # reads the file's header: not SQLite -> NOTADB
            app = int(db.execute("PRAGMA application_id").fetchone()[0])
            tables = int(db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
        finally:
            if db.in_transaction:
                db.execute("COMMIT")  # a read transaction: nothing to write
        if app not in (0, APPLICATION_ID):
            raise StoreError("store/corrupt", f"{self.path} is an SQLite database of "
                             f"another application (application_id {app:#x})")
        if version > len(MIGRATIONS):
            raise StoreError("store/too-new", f"{self.path} has schema version {version}; "
                             f"this grimoire knows {len(MIGRATIONS)}: upgrade grimoire")
        if app == 0 and (version > 0 or tables):
            raise StoreError("store/corrupt", f"{self.path} is an SQLite database but not "
                             "a grimoire store")
        if self.read_only:
            if app == 0:  # an empty database: read-write would make a store of it
                raise StoreError("store/corrupt", f"{self.path} is an empty SQLite "
                                 "database, not a grimoire store")
            if version < len(MIGRATIONS):
                raise StoreError("store/too-old", f"{self.path} has schema version "
                                 f"{version}, this grimoire reads {len(MIGRATIONS)}: open it "
                                 "once read-write (grimoire store list) to migrate it")
            db.execute("PRAGMA query_only = ON")
            return
        db.execute("PRAGMA journal_mode = WAL")
        db.execute(f"PRAGMA synchronous = {durability.upper()}")
        migrate(db)

    # ------------------------------------------------------------------ plumbing

    def close(self) -> None:
        """Close the file (every later call is ``store/closed``), once the writes queued
        are written. Closing twice is fine."""
        with self._queue_lock:
            self._closed = True
            if self._leader != threading.get_ident():
                self._idle.wait_for(lambda: not self._leading)
        with self._lock:
            with self._reads_lock:
                readers, self._readers = self._readers, []
            for reader in readers:
                with contextlib.suppress(sqlite3.Error):
                    reader.close()
            if self._lockfd is not None:
                os.close(self._lockfd)  # (POSIX: every lock this process holds on it goes)
                self._lockfd = None
            if self._db is not None:
                try:
                    self._db.close()
                except sqlite3.Error as exc:
                    raise translate(exc, self.path) from None
                finally:
                    self._db = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.path!r}{', read_only=True' if self.read_only else ''})"

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError("store/closed", f"the store {self.path} is closed")
        return self._db

    @contextmanager
    def _reading(self, single: bool = False) -> Iterator[sqlite3.Connection]:
        """The connection for reads (each statement sees one consistent snapshot; with
        group commit, the whole block does: one read transaction on a connection of its
        own, never waiting for a write). ``single``: the block runs one statement,
        its own read transaction (none begun around it)."""
        if not self._grouped:
            with self._lock:
                try:
                    yield self._conn()
                except sqlite3.Error as exc:
                    raise translate(exc, self.path) from None
            return
        db = self._reader()
        try:
            if not single:
                db.execute("BEGIN")
            yield db
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from None
        finally:
            if db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("COMMIT")  # a read transaction: nothing to write
            with self._reads_lock:
                pooled = self._db is not None
                if pooled:
                    self._readers.append(db)
            if not pooled:  # the store was closed meanwhile
                with contextlib.suppress(sqlite3.Error):
                    db.close()

    def _reader(self) -> sqlite3.Connection:
        """An idle read connection, or a new one."""
        with self._reads_lock:
            self._conn()
            if self._readers:
                return self._readers.pop()
        try:
            db = sqlite3.connect(self.path, timeout=self._timeout, isolation_level=None,
                                 check_same_thread=False)
            db.execute("PRAGMA query_only = ON")
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from None
        return db

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed if the block ends normally,
        rolled back (nothing written) if it raises. The path of a store without group
        commit (in memory, ``writer=False``); group commit's batches are :meth:`_commit`'s."""
        with self._lock:
            db = self._conn()
            if self.read_only:
                raise StoreError("store/read-only", f"the store {self.path} was opened "
                                 "read-only")
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise translate(exc, self.path) from None
            try:
                yield db
                db.execute("COMMIT")
                self.commits += 1
            except BaseException as exc:
                if db.in_transaction:
                    # SQLite may have rolled back already (a full disk, an I/O error)
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise translate(exc, self.path) from None
                raise

    # ------------------------------------------------------------------ the writer

    def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn(db)`` in a write transaction, which may commit it with other writes;
        returns (or raises) once that transaction is over. With group commit, the first
        caller to find no write under way commits its own, with every write queued
        meanwhile (the leader); the others wait until a leader has committed theirs, or
        hands them the lead (:meth:`_lead`)."""
        if self.read_only:
            raise StoreError("store/read-only", f"the store {self.path} was opened "
                             "read-only")
        if not self._grouped or self._leader == threading.get_ident():
            with self._writing() as db:
                return fn(db)
        request: _Request = (fn, Future())
        with self._queue_lock:
            if self._failed is not None:
                raise self._failed
            if self._closed:
                raise StoreError("store/closed", f"the store {self.path} is closed")
            lead = not self._leading
            if lead:
                self._leading = True
            else:
                self._pending.append(request)
        if not lead:
            value: T = request[1].result()
            if value is not _LEAD:
                return value
            request = (fn, Future())  # handed the lead: its write goes first
        self._lead(request)
        done: T = request[1].result()
        return done

    @contextmanager
    def _turn(self) -> Iterator[None]:
        """The writers' turn among the processes sharing the file (nothing when it is not
        shared): an exclusive lock on the first byte of ``<path>-lock``, which wakes the
        next writer as soon as it is let go, where SQLite's own busy wait sleeps up to
        100 ms between its tries."""
        if not self.shared or self._lockfd is None:
            yield
            return
        assert fcntl is not None
        fcntl.lockf(self._lockfd, fcntl.LOCK_EX, 1, 0)
        try:
            yield
        finally:
            fcntl.lockf(self._lockfd, fcntl.LOCK_UN, 1, 0)

    def _lead(self, first: _Request) -> None:
        """Commit ``first`` and the writes queued (up to :data:`BATCH` in all) in one
        transaction, on this thread; then hand the lead to the first write queued since,
        if any (it commits itself and those behind it: no caller waits for more than
        the transaction before its own), else let it go. Over a shared file, the writes
        queued while waiting for the turn join in."""
        batch = [first]
        self._leader = threading.get_ident()
        try:
            with self._turn():
                with self._queue_lock:
                    batch += self._pending[:BATCH - 1]
                    del self._pending[:BATCH - 1]
                while batch:
                    batch = self._commit(batch)
        except BaseException as exc:  # a bug or no memory: fail every write, now and later
            failed = StoreError("store/writer-failed", f"the store's writer stopped "
                                f"({type(exc).__name__}: {exc}); nothing more is "
                                f"written: restart")
            with self._queue_lock:
                self._failed = failed
                batch += self._pending
                self._pending.clear()
            for _, future in batch:
                if not future.done():
                    future.set_exception(failed)
        finally:
            self._leader = None
            with self._queue_lock:
                if self._pending and self._failed is None:
                    self._pending.pop(0)[1].set_result(_LEAD)
                else:
                    self._leading = False
                    self._idle.notify_all()

    def _commit(self, batch: list[_Request]) -> list[_Request]:
        """Run ``batch`` in one transaction and settle its futures once it has committed.
        Returns the writes left to do: those after one that lost the whole transaction
        (SQLite rolls some errors back entirely), and the others of a batch rolled back
        because a write failed after writing rows of its own. A write that fails having
        written nothing (the usual case: a check refused it, or its first statement
        failed, which SQLite undoes alone) fails alone, and the others commit: no
        savepoint is taken around each write, as it would cost two statements a write
        while the store's write turn is held."""
        db = self._conn()
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            refused = translate(exc, self.path)
            for _, future in batch:
                future.set_exception(refused)
            return []
        done: list[tuple[_Request, bool, Any]] = []
        for k, request in enumerate(batch):
            fn, future = request
            changes = db.total_changes
            try:
                value = fn(db)
            except BaseException as exc:
                error: BaseException = (translate(exc, self.path)
                                        if isinstance(exc, sqlite3.Error) else exc)
                if not db.in_transaction:  # SQLite rolled the whole transaction back
                    future.set_exception(error)
                    for (_, earlier), _, _ in done:
                        earlier.set_exception(error)
                    return batch[k + 1:]
                if db.total_changes != changes:  # rows of its own written: undo them all
                    db.execute("ROLLBACK")
                    future.set_exception(error)
                    return [req for req, _, _ in done] + batch[k + 1:]
                done.append((request, False, error))
            else:
                done.append((request, True, value))
        try:
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            if db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            lost = translate(exc, self.path)
            for (_, future), _, _ in done:
                future.set_exception(lost)
            return []
        self.commits += 1
        for (_, future), ok, value in done:
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
        return []

    def _inserted(self, db: Any, sql: str, params: Sequence[Any]) -> int:
        key = db.execute(sql, params).lastrowid
        assert key is not None
        return int(key)

    def serve(self) -> None:
        """Mark this process as a server of the file, or refuse (``store/served``) where
        another process serves it in a way this one cannot share: shared stores serve
        beside each other (``grimoire serve --workers N`` in every command over the file),
        a store not shared serves alone (its copies of the matches would fall behind the
        others' appends unseen). The mark is a lock on byte 1 of ``<path>-lock`` (shared,
        or exclusive), let go when the store closes or its process ends. POSIX locks
        belong to a process: its own marks never refuse it. Nothing for a store in memory,
        a read-only one, or without ``fcntl``.

        >>> with Store(":memory:") as store:
        ...     store.serve()
        """
        if fcntl is None or self.read_only or self.path in (":memory:", ""):
            return
        if self._lockfd is None:
            try:
                self._lockfd = os.open(self.path + "-lock", os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise StoreError("store/io", f"{self.path}-lock: {exc.strerror}") from None
        try:
            fcntl.lockf(self._lockfd, (fcntl.LOCK_SH if self.shared else fcntl.LOCK_EX)
                        | fcntl.LOCK_NB, 1, 1)
        except OSError:
            raise StoreError("store/served", f"{self.path} is served by another process "
                             "(grimoire serve) already: stop it, or serve the file with "
                             "--workers 2 or more in every command (one file, processes "
                             "that know of each other)") from None

    def version(self, match_id: str) -> int:
        """The number of records of the match (the next record's seq): one statement, on
        a read connection (what a server over a shared file asks before each answer).

        >>> from grimoire import Match
        >>> with Store(":memory:") as store:
        ...     store.version(store.create(Match.new("vicious-circle", dice="recorded").header))
        0
        """
        with self._reading(single=True) as db:
            return int(self._row(db, match_id, "version")[0])

    def _appended(self, db: Any, match_id: str, version: int) -> None:
        if not self.shared:
            return
        n = self._inserted(db, "INSERT INTO appended (match, version) VALUES (?, ?)",
                           (match_id, version))
        if n % FEED_KEPT == 0:  # the feed keeps the last appends only
            db.execute("DELETE FROM appended WHERE n <= ?", (n - FEED_KEPT,))

    def watch(self, told: Callable[[str | None, int], None]) -> Feed | None:
        """Over a shared store, a :class:`Feed` of the appends every process makes to the
        file (read every :attr:`Feed.POLL` seconds), and the claims; ``None`` otherwise
        (one process serves the file).

        >>> with Store(":memory:") as store:
        ...     store.watch(print) is None
        True
        """
        if not self.shared or self._lockfd is None:
            return None
        return Feed(self, told)

    @property
    def schema_version(self) -> int:
        """The number of migrations applied to the file (``PRAGMA user_version``)."""
        with self._reading() as db:
            return user_version(db)


class Feed:
    """The appends to an SQLite file shared by processes, as they commit, and the claims
    on matches: what :meth:`Store.watch` returns over a shared store.

    A thread of its own reads the feed (the ``appended`` table) every :attr:`POLL`
    seconds, when SQLite says the file changed (``PRAGMA data_version``), and calls
    ``told(match id, version)`` for each append, this process's own too: keep it short.
    A feed that fell behind by more than the rows the table keeps (``FEED_KEPT``, 4,096)
    calls ``told(None, 0)``: appends may have been missed, ask the store.

    :meth:`claim` takes a lock on one byte of the file ``<path>-lock`` (the byte of the
    match id's CRC-32): the system gives it to one process at a time, and takes it back
    when that process ends, however it ended (a SIGKILL included). POSIX locks belong to
    a process: two stores of one process share them. Two matches whose ids share a byte
    have their claims held together, by one process.

    >>> # feed = Store("m.sqlite", shared=True).watch(print); feed.claim("m1")
    """

    POLL = 0.01
    """Seconds between two looks at the file."""

    def __init__(self, store: Store, told: Callable[[str | None, int], None]) -> None:
        self._store = store
        self._told = told
        self._claimed: set[str] = set()
        self._claims_lock = threading.Lock()
        self._stop = threading.Event()
        try:
            self._db = sqlite3.connect(store.path, timeout=store._timeout,
                                       isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA query_only = ON")
            self._last = int(self._db.execute(
                "SELECT coalesce(max(n), 0) FROM appended").fetchone()[0])
        except sqlite3.Error as exc:
            raise translate(exc, store.path) from None
        self._thread = threading.Thread(target=self._run, name="grimoire-feed", daemon=True)
        self._thread.start()

    def claim(self, match_id: str) -> bool:
        """Whether this process holds the claim of ``match_id`` now (taken if no other
        process holds it)."""
        with self._claims_lock:
            if match_id in self._claimed:
                return True
            fd = self._store._lockfd
            if fd is None or self._stop.is_set():
                return False
            assert fcntl is not None
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _byte(match_id))
            except OSError:
                return False
            self._claimed.add(match_id)
            return True

    def holds(self, match_id: str) -> bool:
        """Whether this process holds the claim of ``match_id`` (asks no one)."""
        return match_id in self._claimed

    def close(self) -> None:
        """Stop reading the feed and let the claims go."""
        self._stop.set()
        self._thread.join(5)
        with self._claims_lock:
            fd = self._store._lockfd
            if fd is not None and fcntl is not None:
                for match_id in self._claimed:
                    with contextlib.suppress(OSError):
                        fcntl.lockf(fd, fcntl.LOCK_UN, 1, _byte(match_id))
            self._claimed.clear()
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    def _run(self) -> None:
        seen = None
        while not self._stop.wait(self.POLL):
            try:
                changed = self._db.execute("PRAGMA data_version").fetchone()[0]
                if changed == seen:
                    continue
                seen = changed
                rows = self._db.execute(
                    "SELECT n, match, version FROM appended WHERE n > ? ORDER BY n",
                    (self._last,)).fetchall()
            except sqlite3.Error:  # the file busy or gone for a moment: look again
                continue
            try:
                if rows and rows[0][0] != self._last + 1:
                    self._told(None, 0)  # rows dropped before this feed read them
                for _, match_id, version in rows:
                    self._told(match_id, int(version))
            except Exception:  # a bug in told(): the feed carries on
                pass
            if rows:
                self._last = int(rows[-1][0])


def _byte(match_id: str) -> int:
    """The byte of ``<path>-lock`` holding the claim of ``match_id`` (byte 0 is the
    writers' turn, byte 1 the servers' mark: :meth:`Store.serve`)."""
    return 2 + zlib.crc32(match_id.encode())
