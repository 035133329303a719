"""The store's schema, versioned in code: an ordered list of SQL scripts.

Script ``n`` (0-based) takes a store from schema version ``n`` to ``n + 1``. Each is
applied in one transaction together with ``PRAGMA user_version = n + 1``, so the file's
``user_version`` is always the number of scripts applied, and a crash in the middle of a
migration leaves the store as it was before it. A script, once released, is never edited:
a change to the schema is a new script at the end of :data:`MIGRATIONS`.

A file whose ``user_version`` is greater than ``len(MIGRATIONS)`` was written by a newer
grimoire; :class:`~grimoire.store.Store` refuses it (``store/too-new``) rather than guess.

A PostgreSQL store has the same schema in :data:`POSTGRES_MIGRATIONS`, script for script;
its version is the row of its ``grimoire_schema`` table
(:func:`grimoire.store.postgres.migrate`).

>>> len(MIGRATIONS) >= 1 and len(POSTGRES_MIGRATIONS) == len(MIGRATIONS)
True
>>> list(statements("CREATE TABLE a (x);\\nCREATE TABLE b (y);"))
['CREATE TABLE a (x);', 'CREATE TABLE b (y);']
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

APPLICATION_ID = 0x47524D53
"""``PRAGMA application_id`` of every grimoire store (``"GRMS"``): what tells a store from
any other SQLite database (``file`` names it too)."""

_V1 = f"""
PRAGMA application_id = {APPLICATION_ID};

-- One row per match. `header` is the header line exactly as it will be exported (with its
-- newline), without the seed until it is revealed; `chain` is the chain value after the
-- last record (16 bytes), so an append hashes only what it appends.
CREATE TABLE matches (
    key       INTEGER PRIMARY KEY,
    id        TEXT    NOT NULL UNIQUE,
    game      TEXT    NOT NULL,
    rules     TEXT    NOT NULL,
    format    TEXT    NOT NULL,
    players   TEXT    NOT NULL,
    header    BLOB    NOT NULL,
    status    TEXT    NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'over')),
    version   INTEGER NOT NULL DEFAULT 0,
    chain     BLOB    NOT NULL,
    chained   INTEGER NOT NULL DEFAULT 1,
    outcome   TEXT,
    signature BLOB,
    created   REAL    NOT NULL,
    updated   REAL    NOT NULL
);
CREATE INDEX matches_by_created ON matches (created, key);
CREATE INDEX matches_by_game ON matches (game, created, key);
CREATE INDEX matches_by_status ON matches (status, created, key);

-- Each seat's name, for finding a player's matches.
CREATE TABLE players (
    match INTEGER NOT NULL,
    seat  INTEGER NOT NULL,
    name  TEXT    NOT NULL,
    PRIMARY KEY (match, seat)
) WITHOUT ROWID;
CREATE INDEX players_by_name ON players (name, match);

-- Every record line, byte for byte (with its newline), clustered by match and seq.
CREATE TABLE events (
    match INTEGER NOT NULL,
    seq   INTEGER NOT NULL,
    line  BLOB    NOT NULL,
    PRIMARY KEY (match, seq)
) WITHOUT ROWID;

-- The secret seed of a live seeded match, until it is revealed into the header.
CREATE TABLE seeds (
    match INTEGER PRIMARY KEY,
    seed  BLOB    NOT NULL
);

-- Idempotency keys: the match's version after the append that used the key.
CREATE TABLE appends (
    match   INTEGER NOT NULL,
    key     TEXT    NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (match, key)
) WITHOUT ROWID;

-- Access grants: a digest (a token's hash, never the token) for a seat or a spectator.
CREATE TABLE grants (
    digest BLOB    PRIMARY KEY,
    match  INTEGER NOT NULL,
    seat   INTEGER
) WITHOUT ROWID;
CREATE INDEX grants_by_match ON grants (match);
"""

_V2 = """
-- The lobby's tables: a match being gathered (seats taken by people who join or held by
-- the server's bots), then the match it became (`match`, the same id). `manager` is the
-- digest of the creator's token, never the token.
CREATE TABLE tables (
    key        INTEGER PRIMARY KEY,
    id         TEXT    NOT NULL UNIQUE,
    game       TEXT    NOT NULL,
    options    TEXT    NOT NULL,
    public     INTEGER NOT NULL,
    manager    BLOB    NOT NULL,
    rematch_of TEXT,
    status     TEXT    NOT NULL DEFAULT 'open'
               CHECK (status IN ('open', 'started', 'cancelled')),
    created    REAL    NOT NULL,
    updated    REAL    NOT NULL
);
CREATE INDEX tables_by_status ON tables (status, public, created);
CREATE UNIQUE INDEX tables_by_rematch ON tables (rematch_of) WHERE rematch_of IS NOT NULL;

-- Each seat of a table: a person (`name` once taken, `digest` the token that took it) or
-- a bot (`bot`, its spec); `invite` is the digest of the seat's invite token.
CREATE TABLE table_seats (
    tbl    INTEGER NOT NULL,
    seat   INTEGER NOT NULL,
    kind   TEXT    NOT NULL CHECK (kind IN ('person', 'bot')),
    bot    TEXT,
    name   TEXT,
    invite BLOB    UNIQUE,
    digest BLOB,
    PRIMARY KEY (tbl, seat)
) WITHOUT ROWID;

-- Seats of a match the server's bots play (their spec), so a restart resumes them.
CREATE TABLE bots (
    match INTEGER NOT NULL,
    seat  INTEGER NOT NULL,
    spec  TEXT    NOT NULL,
    PRIMARY KEY (match, seat)
) WITHOUT ROWID;

-- Public matches: listed in the lobby and watched by anyone without a token.
CREATE TABLE listed (
    match INTEGER PRIMARY KEY
);
"""

MIGRATIONS: tuple[str, ...] = (_V1, _V2)
"""The schema scripts, oldest first. Never edit a released one; append a new one."""

# PostgreSQL: the same tables and columns (so the one SQL of grimoire.store.base runs on
# both), in PostgreSQL's types. Script n takes a database from version n to n + 1, in one
# transaction with the row of `grimoire_schema` (grimoire.store.postgres.migrate).
_PG_V1 = """
CREATE TABLE matches (
    key       BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id        TEXT    NOT NULL UNIQUE,
    game      TEXT    NOT NULL,
    rules     TEXT    NOT NULL,
    format    TEXT    NOT NULL,
    players   TEXT    NOT NULL,
    header    BYTEA   NOT NULL,
    status    TEXT    NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'over')),
    version   BIGINT  NOT NULL DEFAULT 0,
    chain     BYTEA   NOT NULL,
    chained   INTEGER NOT NULL DEFAULT 1,
    outcome   TEXT,
    signature BYTEA,
    created   DOUBLE PRECISION NOT NULL,
    updated   DOUBLE PRECISION NOT NULL
);
CREATE INDEX matches_by_created ON matches (created, key);
CREATE INDEX matches_by_game ON matches (game, created, key);
CREATE INDEX matches_by_status ON matches (status, created, key);

CREATE TABLE players (
    match BIGINT  NOT NULL,
    seat  INTEGER NOT NULL,
    name  TEXT    NOT NULL,
    PRIMARY KEY (match, seat)
);
CREATE INDEX players_by_name ON players (name, match);

-- The records' key is what refuses a second append at the same version: two
-- transactions that read the same version both insert (match, version) first, and the
-- second fails on this key (unique_violation) once the first commits.
CREATE TABLE events (
    match BIGINT NOT NULL,
    seq   BIGINT NOT NULL,
    line  BYTEA  NOT NULL,
    PRIMARY KEY (match, seq)
);

-- The secret seed of a live seeded match, until it is revealed into the header. Only
-- the role that owns the store (the server's) may read it: no other role is granted
-- anything on this table, whatever it is granted on the others (a reporting role gets
-- SELECT on matches, players and events, never on seeds).
CREATE TABLE seeds (
    match BIGINT PRIMARY KEY,
    seed  BYTEA  NOT NULL
);
REVOKE ALL ON seeds FROM PUBLIC;
COMMENT ON TABLE seeds IS 'grimoire: live matches'' secret dice seeds; readable by the '
    'store''s owner (the server''s role) only: grant nothing on it to other roles';

CREATE TABLE appends (
    match   BIGINT NOT NULL,
    key     TEXT   NOT NULL,
    version BIGINT NOT NULL,
    PRIMARY KEY (match, key)
);

CREATE TABLE grants (
    digest BYTEA   PRIMARY KEY,
    match  BIGINT  NOT NULL,
    seat   INTEGER
);
CREATE INDEX grants_by_match ON grants (match);
"""

_PG_V2 = """
CREATE TABLE tables (
    key        BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id         TEXT    NOT NULL UNIQUE,
    game       TEXT    NOT NULL,
    options    TEXT    NOT NULL,
    public     INTEGER NOT NULL,
    manager    BYTEA   NOT NULL,
    rematch_of TEXT,
    status     TEXT    NOT NULL DEFAULT 'open'
               CHECK (status IN ('open', 'started', 'cancelled')),
    created    DOUBLE PRECISION NOT NULL,
    updated    DOUBLE PRECISION NOT NULL
);
CREATE INDEX tables_by_status ON tables (status, public, created);
CREATE UNIQUE INDEX tables_by_rematch ON tables (rematch_of) WHERE rematch_of IS NOT NULL;

CREATE TABLE table_seats (
    tbl    BIGINT  NOT NULL,
    seat   INTEGER NOT NULL,
    kind   TEXT    NOT NULL CHECK (kind IN ('person', 'bot')),
    bot    TEXT,
    name   TEXT,
    invite BYTEA   UNIQUE,
    digest BYTEA,
    PRIMARY KEY (tbl, seat)
);

CREATE TABLE bots (
    match BIGINT  NOT NULL,
    seat  INTEGER NOT NULL,
    spec  TEXT    NOT NULL,
    PRIMARY KEY (match, seat)
);

CREATE TABLE listed (
    match BIGINT PRIMARY KEY
);
"""

POSTGRES_MIGRATIONS: tuple[str, ...] = (_PG_V1, _PG_V2)
"""The PostgreSQL schema scripts, oldest first, one for each of :data:`MIGRATIONS` (the
same tables in PostgreSQL's types). Never edit a released one; append a new one to both.
"""


def statements(script: str) -> Iterator[str]:
    """The SQL statements of ``script`` one by one (comments and blank lines between
    statements dropped), split where SQLite itself sees a statement end, so a trigger's
    body stays whole. Executed one at a time, they stay inside the caller's transaction
    (``executescript`` would commit it first)."""
    buffer = ""
    for line in script.splitlines(keepends=True):
        if not buffer and (not line.strip() or line.lstrip().startswith("--")):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            yield buffer.strip()
            buffer = ""
    if buffer.strip():
        yield buffer.strip()


def user_version(db: sqlite3.Connection) -> int:
    """The number of migrations applied to the store open on ``db``.

    >>> user_version(sqlite3.connect(":memory:"))
    0
    """
    row = db.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def migrate(db: sqlite3.Connection) -> int:
    """Apply every migration ``db`` lacks, each in its own ``BEGIN IMMEDIATE``
    transaction (two processes opening a new store at once apply each script once: the
    second finds it done). ``db`` must be in autocommit mode (``isolation_level=None``).
    Returns the schema version. Raises :class:`sqlite3.Error` (the store translates it).

    >>> db = sqlite3.connect(":memory:", isolation_level=None)
    >>> migrate(db) == user_version(db) == len(MIGRATIONS)
    True
    """
    target = len(MIGRATIONS)
    current = user_version(db)
    while current < target:
        db.execute("BEGIN IMMEDIATE")
        try:
            current = user_version(db)
            if current < target:
                for statement in statements(MIGRATIONS[current]):
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {current + 1}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        current = user_version(db)
    return current
