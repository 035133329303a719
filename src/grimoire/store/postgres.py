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
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from grimoire.core.errors import StoreError, UsageError
from grimoire.store.base import Collision, Durability, EventStore, check_settings
from grimoire.store.migrations import APPLICATION_ID, POSTGRES_MIGRATIONS

if TYPE_CHECKING:
    import psycopg

__all__ = ["SCHEMES", "PostgresStore", "is_url", "migrate", "placeholders", "shown",
           "translate"]

SCHEMES = ("postgresql://", "postgres://")
"""How a ``--db`` value names a PostgreSQL database (libpq's connection URIs)."""


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

    One connection, shared by the object's threads under a lock (as the SQLite store's).
    The URL's password never appears in messages (``shown(url)``).

    >>> # with PostgresStore("postgresql://grimoire@localhost/grimoire") as store: ...
    """

    def __init__(self, url: str, *, durability: Durability = "full", timeout: float = 5.0,
                 read_only: bool = False, create: bool = True) -> None:
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
        self._lock = threading.RLock()
        self._db: psycopg.Connection[Any] | None = None
        self._closed = False
        self._db = self._connect(first=True)

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
        """Close the connection (every later call is ``store/closed``). Closing twice is
        fine."""
        with self._lock:
            self._closed = True
            if self._db is not None:
                try:
                    self._db.close()
                finally:
                    self._db = None

    def __enter__(self) -> PostgresStore:
        return self

    def __repr__(self) -> str:
        return f"PostgresStore({self.path!r}{', read_only=True' if self.read_only else ''})"

    def _conn(self) -> psycopg.Connection[Any]:
        """The connection, made again if the last one was lost (the database restarted,
        a network cut): that failing is ``store/unavailable``."""
        if self._closed:
            raise StoreError("store/closed", f"the store {self.path} is closed")
        if self._db is None or self._db.closed or self._db.broken:
            if self._db is not None:
                self._db.close()
                self._db = None
            self._db = self._connect()
        return self._db

    @contextmanager
    def _reading(self) -> Iterator[_Connection]:
        import psycopg

        with self._lock:
            try:
                yield _Connection(self._conn())
            except psycopg.Error as exc:
                raise translate(exc, self.path) from None

    @contextmanager
    def _writing(self) -> Iterator[_Connection]:
        import psycopg

        with self._lock:
            if self.read_only:
                raise StoreError("store/read-only", f"the store {self.path} was opened "
                                 "read-only")
            try:
                db = self._conn()
                with db.transaction():
                    yield _Connection(db)
            except psycopg.Error as exc:
                raise translate(exc, self.path) from None

    @property
    def schema_version(self) -> int:
        """The number of migrations applied (``grimoire_schema.version``)."""
        with self._reading() as db:
            row = db.execute("SELECT version FROM grimoire_schema").fetchone()
        return 0 if row is None else int(row[0])
