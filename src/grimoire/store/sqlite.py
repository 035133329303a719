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
import queue
import sqlite3
import threading
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

__all__ = ["PAGE", "AppendResult", "Durability", "MatchInfo", "Store", "translate"]

T = TypeVar("T")

BATCH = 256
"""The most writes the writer thread commits in one transaction."""

_STOP = object()
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

    A store in a file, opened read-write, writes on one thread of its own, the only one
    holding the write connection: every write (:meth:`append`, :meth:`create`…) is queued
    and its caller waits for it. The writer takes every write waiting and commits them in
    one transaction (group commit), each in a savepoint of its own, so a write that fails
    (a conflict, a used key, a full disk) is rolled back alone and raised to its caller
    alone; a write returns only once the transaction holding it has committed. Reads take
    connections of their own (WAL): they never wait for the writer. :attr:`commits` counts
    the writer's transactions. ``":memory:"`` and read-only stores use one connection, and
    so does a store opened with ``writer=False``: each write is then committed on its
    caller's thread, alone, the cheaper way for one caller appending in turn (a
    command-line tool), which has no other writes to group and no reads to keep waiting.

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
                 timeout: float = 5.0, read_only: bool = False, writer: bool = True) -> None:
        check_settings(durability, timeout)
        self.path = os.fspath(path)
        self.read_only = bool(read_only)
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = None
        self._timeout = float(timeout)
        self._readers: list[sqlite3.Connection] = []  # idle read connections
        self._reads_lock = threading.Lock()
        self._queue: queue.SimpleQueue[_Request | object] = queue.SimpleQueue()
        self._queue_lock = threading.Lock()  # taken to queue a write, to stop or fail
        self._writer: threading.Thread | None = None
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
        if writer and not self.read_only and self.path not in (":memory:", ""):
            self._writer = threading.Thread(target=self._write_loop, daemon=True,
                                            name=f"grimoire-store-writer {self.path}")
            self._writer.start()

    def _open(self, db: sqlite3.Connection, durability: Durability) -> None:
        version = user_version(db)  # reads the file's header: not SQLite -> NOTADB
        app = int(db.execute("PRAGMA application_id").fetchone()[0])
        if app not in (0, APPLICATION_ID):
            raise StoreError("store/corrupt", f"{self.path} is an SQLite database of "
                             f"another application (application_id {app:#x})")
        if version > len(MIGRATIONS):
            raise StoreError("store/too-new", f"{self.path} has schema version {version}; "
                             f"this grimoire knows {len(MIGRATIONS)}: upgrade grimoire")
        if app == 0 and (version > 0 or db.execute(
                "SELECT count(*) FROM sqlite_master").fetchone()[0]):
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
            writer, self._writer = self._writer, None
            if writer is not None:
                self._queue.put(_STOP)
        if writer is not None and writer is not threading.current_thread():
            writer.join()
        with self._lock:
            with self._reads_lock:
                readers, self._readers = self._readers, []
            for reader in readers:
                with contextlib.suppress(sqlite3.Error):
                    reader.close()
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
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """The connection for reads (each statement sees one consistent snapshot; with
        the writer thread, the whole block does: one read transaction on a connection of
        its own, never waiting for the writer)."""
        if self._writer is None:
            with self._lock:
                try:
                    yield self._conn()
                except sqlite3.Error as exc:
                    raise translate(exc, self.path) from None
            return
        db = self._reader()
        try:
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
        rolled back (nothing written) if it raises. The path of a store with no writer
        thread (in memory); the writer's batches are :meth:`_commit`'s."""
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
        """``fn(db)`` in a write transaction: queued for the writer thread, which may
        commit it with other writes; returns (or raises) once that transaction is over."""
        if self.read_only:
            raise StoreError("store/read-only", f"the store {self.path} was opened "
                             "read-only")
        if self._writer is None or self._writer is threading.current_thread():
            with self._writing() as db:
                return fn(db)
        future: Future[T] = Future()
        with self._queue_lock:
            if self._failed is not None:
                raise self._failed
            if self._writer is None:
                raise StoreError("store/closed", f"the store {self.path} is closed")
            self._queue.put((fn, future))
        return future.result()

    def _write_loop(self) -> None:
        batch: list[_Request] = []
        try:
            while True:
                first = self._queue.get()
                stop = first is _STOP
                if not stop:
                    batch.append(first)  # type: ignore[arg-type]
                while len(batch) < BATCH and not stop:
                    try:
                        more = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    stop = more is _STOP
                    if not stop:
                        batch.append(more)  # type: ignore[arg-type]
                while batch:
                    batch = self._commit(batch)
                if stop:
                    return
        except BaseException as exc:  # a bug or no memory: fail every write, now and later
            failed = StoreError("store/writer-failed", f"the store's writer thread "
                                f"stopped ({type(exc).__name__}: {exc}); nothing more is "
                                f"written: restart")
            with self._queue_lock:
                self._failed = failed
                pending = list(batch)
                while True:
                    try:
                        item = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if item is not _STOP:
                        pending.append(item)  # type: ignore[arg-type]
            for _, future in pending:
                if not future.done():
                    future.set_exception(failed)

    def _commit(self, batch: list[_Request]) -> list[_Request]:
        """Run ``batch`` in one transaction, each write in a savepoint, and settle its
        futures once it has committed. Returns the writes left to do: those after one
        that lost the whole transaction (SQLite rolls some errors back entirely)."""
        db = self._conn()
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            refused = translate(exc, self.path)
            for _, future in batch:
                future.set_exception(refused)
            return []
        done: list[tuple[Future[Any], bool, Any]] = []
        alone = len(batch) == 1  # no savepoint needed: its failure rolls back everything
        for k, (fn, future) in enumerate(batch):
            if not alone:
                db.execute("SAVEPOINT write")
            try:
                value = fn(db)
            except BaseException as exc:
                error: BaseException = (translate(exc, self.path)
                                        if isinstance(exc, sqlite3.Error) else exc)
                if alone or not db.in_transaction:  # the whole transaction goes
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    future.set_exception(error)
                    for earlier, _, _ in done:
                        earlier.set_exception(error)
                    return batch[k + 1:]
                db.execute("ROLLBACK TO write")
                db.execute("RELEASE write")
                done.append((future, False, error))
            else:
                if not alone:
                    db.execute("RELEASE write")
                done.append((future, True, value))
        try:
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            if db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            lost = translate(exc, self.path)
            for future, _, _ in done:
                future.set_exception(lost)
            return []
        self.commits += 1
        for future, ok, value in done:
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
        return []

    def _inserted(self, db: Any, sql: str, params: Sequence[Any]) -> int:
        key = db.execute(sql, params).lastrowid
        assert key is not None
        return int(key)

    @property
    def schema_version(self) -> int:
        """The number of migrations applied to the file (``PRAGMA user_version``)."""
        with self._reading() as db:
            return user_version(db)
