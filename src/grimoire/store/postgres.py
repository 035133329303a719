"""The event store on PostgreSQL (psycopg 3, the ``grimoire-games[postgres]`` extra).

The same tables as the SQLite store, in PostgreSQL's types, migrated in code
(:data:`~grimoire.store.migrations.POSTGRES_MIGRATIONS`), and the same SQL
(:class:`~grimoire.store.base.EventStore`): many server processes may share one
database, and the database itself refuses a second append at the same version (the
records' key, ``(match, seq)``), which comes out as the same
:class:`~grimoire.core.errors.ConcurrencyError` as on SQLite.

Only this module imports :mod:`psycopg`, and only when a PostgreSQL store is opened
(:func:`grimoire.store.open_store` with a ``postgresql://`` URL).

>>> shown("postgresql://ann:secret@db.example:5432/grimoire")
'postgresql://ann:***@db.example:5432/grimoire'
>>> placeholders("SELECT 1 WHERE a = ? AND b LIKE '5%'")
"SELECT 1 WHERE a = %s AND b LIKE '5%%'"
"""

from __future__ import annotations

import functools
import math
import os
import queue
import select
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from grimoire.core.errors import StoreError, UsageError
from grimoire.store.base import (
    Collision,
    Connection,
    Durability,
    EventStore,
    check_settings,
)
from grimoire.store.migrations import APPLICATION_ID, POSTGRES_MIGRATIONS

if TYPE_CHECKING:
    import psycopg

__all__ = ["CHANNEL", "SCHEMES", "PostgresStore", "Watcher", "is_url", "migrate",
           "placeholders", "shown", "translate"]

SCHEMES = ("postgresql://", "postgres://")
"""How a ``--db`` value names a PostgreSQL database (libpq's connection URIs)."""

CHANNEL = "grimoire_appends"
"""The channel (``LISTEN``/``NOTIFY``) on which every append is told, when it commits, as
``"<match id> <version>"``: how a server process learns of another's appends."""

CONNECTIONS = 4
"""How many connections a :class:`PostgresStore` opens at most (as its threads need
them): the server's four worker threads each have one."""

CLAIMS = 0x4752
"""The first key of the advisory locks that are matches' claims (:meth:`Watcher.claim`;
the second is ``hashtext(match id)``). The migrations' lock is a one-key lock: another
space."""


def is_url(db: object) -> bool:
    """Whether ``db`` names a PostgreSQL database rather than an SQLite file.

    >>> is_url("postgresql://localhost/grimoire"), is_url("matches.sqlite")
    (True, False)
    """
    return isinstance(db, str) and db.startswith(SCHEMES)


_SECRET_PARAMETERS = ("password", "sslpassword")
"""libpq's parameters that hold a secret, which a URL may give as a query."""


def shown(url: str) -> str:
    """``url`` as messages and logs may show it: its password, if any, hidden, whether
    in the user part or as a ``password=`` (``sslpassword=``) parameter.

    >>> shown("postgresql://ann@db/grimoire?sslmode=require&password=secret")
    'postgresql://ann@db/grimoire?sslmode=require&password=***'
    """
    parts = urlsplit(url)
    netloc, query = parts.netloc, parts.query
    if parts.password is not None:
        user, host = netloc.rsplit("@", 1)
        netloc = f"{user.split(':', 1)[0]}:***@{host}"
    if query:
        pairs = query.split("&")
        for k, pair in enumerate(pairs):
            name = pair.split("=", 1)[0]
            if unquote(name).strip().lower() in _SECRET_PARAMETERS:
                pairs[k] = f"{name}=***"
        query = "&".join(pairs)
    if (netloc, query) == (parts.netloc, parts.query):
        return url
    return (f"{parts.scheme}://{netloc}{parts.path}" + (f"?{query}" if query else "")
            + (f"#{parts.fragment}" if parts.fragment else ""))


@functools.lru_cache(maxsize=512)
def placeholders(sql: str) -> str:
    """The store's SQL (``?`` placeholders, as SQLite takes them) as psycopg takes it
    (``%s``; a literal ``%`` doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


# SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html)
_UNAVAILABLE_CLASSES = ("08", "53", "57")  # connection, resources, operator intervention
_LOCKED = ("55P03", "40P01")  # lock_not_available, deadlock_detected
_FULL = ("53100",)  # disk_full
_READ_ONLY = ("25006",)  # read_only_sql_transaction
_DENIED = ("42501",)  # insufficient_privilege
_CORRUPT = ("XX001", "XX002")  # data_corrupted, index_corrupted


def translate(exc: Exception, where: str = "") -> StoreError:
    """The :class:`StoreError` for an error psycopg raised: a database that cannot be
    reached, is shutting down or has no connection to spare is ``store/unavailable``; a
    lock not granted within the timeout ``store/locked``; a full disk ``store/full``;
    a role without the right ``store/io``; damaged data ``store/corrupt``; anything else
    ``store/error``. ``where`` (the URL, without its password) starts the detail."""
    import psycopg

    code = getattr(exc, "sqlstate", None) or ""
    detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    detail = f"{code or type(exc).__name__}: {detail}"
    if where:
        detail = f"{where}: {detail}"
    if code in _FULL:
        return StoreError("store/full", f"the database's disk is full; nothing was written "
                          f"({detail})")
    if code in _LOCKED:
        return StoreError("store/locked", f"another connection holds a lock this write "
                          f"needs past the timeout ({detail})")
    if code in _READ_ONLY:
        return StoreError("store/read-only", detail)
    if code in _DENIED:
        return StoreError("store/io", detail)
    if code in _CORRUPT:
        return StoreError("store/corrupt", detail)
    if code[:2] in _UNAVAILABLE_CLASSES or (not code and isinstance(
            exc, (psycopg.OperationalError, psycopg.InterfaceError))):
        return StoreError("store/unavailable", f"the database cannot be reached; "
                          f"nothing was written ({detail})")
    return StoreError("store/error", detail)


class _Connection:
    """A psycopg connection as :class:`~grimoire.store.base.EventStore` uses one: ``?``
    placeholders, and a unique key's refusal as a
    :class:`~grimoire.store.base.Collision`."""

    def __init__(self, db: psycopg.Connection[Any]) -> None:
        self._db = db

    def execute(self, sql: str, params: Sequence[Any] = (), /) -> Any:
        import psycopg

        try:
            return self._db.execute(placeholders(sql), params)
        except psycopg.errors.UniqueViolation as exc:
            raise Collision(str(exc).strip()) from None

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Any:
        import psycopg

        cursor = self._db.cursor()
        try:
            cursor.executemany(placeholders(sql), rows)
        except psycopg.errors.UniqueViolation as exc:
            raise Collision(str(exc).strip()) from None
        return cursor


def migrate(db: psycopg.Connection[Any]) -> int:
    """Apply every migration the database lacks, each script in its own transaction
    with the new version in ``grimoire_schema``, under a transaction-scoped advisory
    lock (two processes opening a new store at once apply each script once: the second
    finds it done). ``db`` is in autocommit mode. Returns the schema version."""
    target = len(POSTGRES_MIGRATIONS)
    while True:
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (APPLICATION_ID,))
            db.execute("CREATE TABLE IF NOT EXISTS grimoire_schema (one INTEGER PRIMARY KEY"
                       " DEFAULT 1 CHECK (one = 1), version INTEGER NOT NULL)")
            db.execute("INSERT INTO grimoire_schema (one, version) VALUES (1, 0) "
                       "ON CONFLICT DO NOTHING")
            current = _version(db)
            if current >= target:
                return current
            db.execute(POSTGRES_MIGRATIONS[current].encode())
            db.execute("UPDATE grimoire_schema SET version = %s", (current + 1,))


def _version(db: psycopg.Connection[Any]) -> int:
    row = db.execute("SELECT version FROM grimoire_schema").fetchone()
    return 0 if row is None else int(row[0])


class PostgresStore(EventStore):
    """An event store in a PostgreSQL database, named by a libpq URL
    (``postgresql://user:password@host:5432/dbname``; every libpq parameter may follow
    as a query, ``?sslmode=require``). The database must exist; the store's tables are
    created in it (in the role's default schema) and migrated when opened. ``create=False``
    refuses a database without them (``store/missing``) rather than make an empty store.

    ``durability="full"`` (``synchronous_commit=on``): an append that returned is on
    the database server's disk; ``"normal"`` (``off``) may lose the last appends if the
    database server crashes, never its consistency. A write waits up to ``timeout``
    seconds for a lock (``lock_timeout``), then fails with ``store/locked``. A database
    that cannot be reached is ``store/unavailable``, when opening and at any call after
    (the next call connects again). ``read_only=True``: every transaction is read-only,
    no migration runs (``store/missing``, ``store/too-old`` as for SQLite).

    Connections are opened as the object's threads need them, up to ``connections`` at
    once, each used by one thread at a time (so one thread's commit, waiting for the
    disk, holds up no other, and PostgreSQL writes the WAL of the commits waiting
    together); a thread that finds them all in use waits up to ``timeout`` seconds,
    then fails with ``store/unavailable`` (a pool that stays full is a database too slow
    for the load). A connection found broken, or whose server hung up while it was
    idle (the database restarted), is dropped, and a new one made. The URL's password
    never appears in messages (``shown(url)``).

    >>> # with PostgresStore("postgresql://grimoire@localhost/grimoire") as store: ...
    """

    shared = True

    def __init__(self, url: str, *, durability: Durability = "full", timeout: float = 5.0,
                 read_only: bool = False, create: bool = True,
                 connections: int = CONNECTIONS) -> None:
        check_settings(durability, timeout)
        if not is_url(url):
            raise UsageError("store/bad-url", f"a PostgreSQL store is named by a URL "
                             f"starting with {' or '.join(SCHEMES)}, not {url!r}")
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise UsageError("store/postgres-missing", "a PostgreSQL store needs psycopg: "
                             "pip install 'grimoire-games[postgres]'") from None
        self.url = url
        self.path = shown(url)
        self.read_only = bool(read_only)
        self.durability = durability
        self.timeout = float(timeout)
        self._create = create
        if isinstance(connections, bool) or not isinstance(connections, int) or \
                connections < 1:
            raise UsageError("store/connections", f"connections is a number >= 1, not "
                             f"{connections!r}")
        self.connections = connections
        self._lock = threading.RLock()  # the idle connections
        self._idle: list[psycopg.Connection[Any]] = []
        self._slots = threading.BoundedSemaphore(connections)
        self._mine = threading.local()  # the connection a thread holds, and how deeply
        self._closed = False
        self._idle.append(self._connect(first=True))

    def _connect(self, *, first: bool = False) -> psycopg.Connection[Any]:
        import psycopg

        try:
            db = psycopg.connect(self.url, autocommit=True,
                                 connect_timeout=max(2, math.ceil(self.timeout)))
        except psycopg.Error as exc:
            raise translate(exc, self.path) from None
        try:
            db.execute("SELECT set_config('lock_timeout', %s, false), "
                       "set_config('synchronous_commit', %s, false), "
                       "set_config('default_transaction_read_only', %s, false)",
                       (f"{max(1, round(self.timeout * 1000))}ms",
                        "on" if self.durability == "full" else "off",
                        "on" if self.read_only else "off"))
            if first:
                self._check(db)
        except BaseException as exc:
            db.close()
            if isinstance(exc, psycopg.Error):
                raise translate(exc, self.path) from None
            raise
        return db

    def _check(self, db: psycopg.Connection[Any]) -> None:
        """Refuse what is not a store this grimoire may use; migrate it if allowed."""
        schema, matches = db.execute("SELECT to_regclass('grimoire_schema'), "
                                     "to_regclass('matches')").fetchone() or (None, None)
        if schema is None and matches is not None:
            raise StoreError("store/corrupt", f"{self.path} has a table 'matches' but is "
                             "not a grimoire store (no grimoire_schema)")
        version = 0 if schema is None else _version(db)
        if version > len(POSTGRES_MIGRATIONS):
            raise StoreError("store/too-new", f"{self.path} has schema version {version}; "
                             f"this grimoire knows {len(POSTGRES_MIGRATIONS)}: upgrade "
                             "grimoire")
        if schema is None and (self.read_only or not self._create):
            raise StoreError("store/missing", f"{self.path} holds no grimoire store")
        if self.read_only:
            if version < len(POSTGRES_MIGRATIONS):
                raise StoreError("store/too-old", f"{self.path} has schema version "
                                 f"{version}, this grimoire reads {len(POSTGRES_MIGRATIONS)}: "
                                 "open it once read-write to migrate it")
            return
        migrate(db)

    # ------------------------------------------------------------------ plumbing

    def close(self) -> None:
        """Close the connections (every later call is ``store/closed``; one in use is
        closed when its call ends). Closing twice is fine."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for db in idle:
            db.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __repr__(self) -> str:
        return f"PostgresStore({self.path!r}{', read_only=True' if self.read_only else ''})"

    @contextmanager
    def _held(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection for this thread alone while the block runs (the one it holds
        already, inside another block): an idle one, or a new one while fewer than
        ``connections`` are open; else wait for one, up to ``timeout``."""
        held = getattr(self._mine, "db", None)
        if held is not None:
            self._mine.depth += 1
            try:
                yield held
            finally:
                self._mine.depth -= 1
            return
        if self._closed:
            raise StoreError("store/closed", f"the store {self.path} is closed")
        if not self._slots.acquire(timeout=self.timeout):
            raise StoreError("store/unavailable", f"{self.path}: all {self.connections} "
                             f"connections of this process stayed in use for "
                             f"{self.timeout:g} s; nothing was written")
        db = None
        try:
            with self._lock:
                while self._idle and db is None:
                    db = self._idle.pop()
                    if db.closed or db.broken or _hung_up(db):
                        db.close()
                        db = None
            if db is None:
                db = self._connect()
            self._mine.db, self._mine.depth = db, 1
            yield db
        finally:
            self._mine.db = None
            if db is not None:
                with self._lock:
                    if self._closed or db.closed or db.broken:
                        db.close()
                    else:
                        self._idle.append(db)
            self._slots.release()

    @contextmanager
    def _reading(self) -> Iterator[_Connection]:
        import psycopg

        try:
            with self._held() as db:
                yield _Connection(db)
        except psycopg.Error as exc:
            raise translate(exc, self.path) from None

    @contextmanager
    def _writing(self) -> Iterator[_Connection]:
        import psycopg

        if self.read_only:
            raise StoreError("store/read-only", f"the store {self.path} was opened "
                             "read-only")
        try:
            with self._held() as db, db.transaction():
                yield _Connection(db)
        except psycopg.Error as exc:
            raise translate(exc, self.path) from None

    def _appended(self, db: Connection, match_id: str, version: int) -> None:
        db.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{match_id} {version}"))

    def watch(self, told: Callable[[str | None, int], None]) -> Watcher:
        """A :class:`Watcher` of the appends to this database (``LISTEN`` on a connection
        of its own): ``told(match id, version)`` after each commits, whoever made it;
        ``told(None, 0)`` after the watch connected again (appends may have been missed,
        and its claims were let go).

        >>> # watch = store.watch(lambda match, version: print(match, version))
        """
        if self._closed:
            raise StoreError("store/closed", f"the store {self.path} is closed")
        return Watcher(self.url, told, timeout=self.timeout)

    @property
    def schema_version(self) -> int:
        """The number of migrations applied (``grimoire_schema.version``)."""
        with self._reading() as db:
            row = db.execute("SELECT version FROM grimoire_schema").fetchone()
        return 0 if row is None else int(row[0])


def _hung_up(db: psycopg.Connection[Any]) -> bool:
    """Whether an idle connection's server has ended it (terminated, restarted): the
    server then says so and closes the socket, which becomes readable; a live idle
    connection has nothing to read. Asked without waiting (no round trip)."""
    try:
        readable, _, _ = select.select([db.fileno()], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)


class Watcher:
    """The appends to a PostgreSQL store, as they commit, and the claims on matches:
    one connection, in a thread of its own, listening on ``grimoire_appends`` (``CHANNEL``).

    ``told(match id, version)`` is called in the watcher's thread for each append (this
    process's own too): keep it short (hand the work to another thread). When the
    connection is lost (the database restarted), the watcher connects again, every
    second at most, and then calls ``told(None, 0)``: appends may have been missed
    meanwhile, and every claim was let go.

    :meth:`claim` takes a session advisory lock on the watcher's connection: the database
    gives a match's claim to one connection at a time, and takes it back when that
    connection ends, however its process ended (a SIGKILL included). The server's bots
    act only for the matches their process holds the claim of. The connection's
    ``application_name`` is ``grimoire watch <pid>``: ``pg_stat_activity`` and
    ``pg_locks`` tell which process holds what.

    >>> # watcher = Watcher("postgresql://localhost/grimoire", print); watcher.claim("m1")
    """

    POLL = 0.05
    """Seconds between two looks at the claims asked for while no append is told (the
    wait for a notification holds the connection)."""

    START = 2.0
    """Seconds a claim waits for the watcher to be connected (a server resuming its
    bots as it starts asks before the watcher has connected)."""

    def __init__(self, url: str, told: Callable[[str | None, int], None], *,
                 timeout: float = 5.0) -> None:
        self.url = url
        self.path = shown(url)
        self._told = told
        self._timeout = timeout
        self._asked: queue.SimpleQueue[tuple[str, Future[bool]]] = queue.SimpleQueue()
        self._claimed: set[str] = set()
        self._stop = threading.Event()
        self.connected = threading.Event()
        """Set while the watcher listens (tests wait for it)."""
        self._thread = threading.Thread(target=self._run, name="grimoire-watch",
                                        daemon=True)
        self._thread.start()

    def claim(self, match_id: str) -> bool:
        """Whether this watcher holds the claim of ``match_id`` now (taken if no other
        connection holds it); ``False`` while the database cannot be reached (after
        ``START`` seconds at most, the watcher unconnected). Blocks: call it in a thread."""
        if match_id in self._claimed:
            return True
        if self._stop.is_set() or not self.connected.wait(self.START):
            return False  # (a watcher just started has a moment to connect)
        asked: Future[bool] = Future()
        self._asked.put((match_id, asked))
        try:
            return asked.result(self._timeout + 1)
        except TimeoutError:
            return False

    def holds(self, match_id: str) -> bool:
        """Whether this watcher holds the claim of ``match_id`` (asks no one)."""
        return match_id in self._claimed

    def close(self) -> None:
        """Stop listening and close the connection (its claims are let go)."""
        self._stop.set()
        self._thread.join(self._timeout + 2)

    def _run(self) -> None:
        import psycopg

        again = False
        while not self._stop.is_set():
            try:
                db = psycopg.connect(self.url, autocommit=True,
                                     connect_timeout=max(2, math.ceil(self._timeout)),
                                     application_name=f"grimoire watch {os.getpid()}")
            except psycopg.Error:
                self._refuse()
                self._stop.wait(1.0)
                continue
            try:
                with db:
                    db.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    if again:
                        self._told(None, 0)
                    again = True
                    while not self._stop.is_set():
                        for note in db.notifies(timeout=self.POLL):
                            match_id, _, version = note.payload.rpartition(" ")
                            if match_id and version.isdigit():
                                self._told(match_id, int(version))
                        self._answer(db)
            except psycopg.Error:
                pass
            except Exception:  # a bug in told(): the watch carries on, connected again
                pass
            finally:
                self.connected.clear()
                self._claimed.clear()
                self._refuse()
            self._stop.wait(0.2)

    def _answer(self, db: psycopg.Connection[Any]) -> None:
        """Take the claims asked for since the last look."""
        while True:
            try:
                match_id, asked = self._asked.get_nowait()
            except queue.Empty:
                return
            try:
                if match_id not in self._claimed:
                    row = db.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))",
                                     (CLAIMS, match_id)).fetchone()
                    if row is not None and row[0]:
                        self._claimed.add(match_id)
            finally:
                asked.set_result(match_id in self._claimed)

    def _refuse(self) -> None:
        """Answer every claim asked for: not held (the database cannot be reached)."""
        while True:
            try:
                _, asked = self._asked.get_nowait()
            except queue.Empty:
                return
            asked.set_result(False)
