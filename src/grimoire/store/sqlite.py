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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from grimoire.core.errors import StoreError, UsageError
from grimoire.store.base import PAGE, AppendResult, Durability, EventStore, MatchInfo
from grimoire.store.migrations import APPLICATION_ID, MIGRATIONS, migrate, user_version

__all__ = ["PAGE", "AppendResult", "Durability", "MatchInfo", "Store", "translate"]

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
    may be shared by threads; each call holds it only for its own transaction.

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
                 timeout: float = 5.0, read_only: bool = False) -> None:
        if durability not in ("full", "normal"):
            raise UsageError("store/durability", f"durability is 'full' or 'normal', "
                             f"not {durability!r}")
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not (
                timeout >= 0):
            raise UsageError("store/timeout", f"the timeout is seconds >= 0, not {timeout!r}")
        self.path = os.fspath(path)
        self.read_only = bool(read_only)
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = None
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
        """Close the file (every later call is ``store/closed``). Closing twice is fine."""
        with self._lock:
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
        """The connection for reads (each statement sees one consistent snapshot)."""
        with self._lock:
            try:
                yield self._conn()
            except sqlite3.Error as exc:
                raise translate(exc, self.path) from None

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed if the block ends normally,
        rolled back (nothing written) if it raises."""
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
            except BaseException as exc:
                if db.in_transaction:
                    # SQLite may have rolled back already (a full disk, an I/O error)
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise translate(exc, self.path) from None
                raise

    def _inserted(self, db: Any, sql: str, params: Sequence[Any]) -> int:
        key = db.execute(sql, params).lastrowid
        assert key is not None
        return int(key)

    @property
    def schema_version(self) -> int:
        """The number of migrations applied to the file (``PRAGMA user_version``)."""
        with self._reading() as db:
            return user_version(db)
