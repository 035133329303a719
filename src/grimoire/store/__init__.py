"""``grimoire.store``: matches kept in a database, as the lines of their logs.

The storage under a match server: an :class:`EventStore` creates a match from its
header, appends each decision's events atomically (with optimistic concurrency and
idempotency keys), keeps a live match's seed secret until :meth:`EventStore.reveal`,
streams a match's records, and exports and imports log files byte for byte. Two
backends, one interface: :class:`Store` in one SQLite file (the embedded default) and
:class:`~grimoire.store.postgres.PostgresStore` in a PostgreSQL database (the
``grimoire-games[postgres]`` extra), chosen by :func:`open_store` from the ``--db``
value. It imports only ``grimoire.core``. See ``docs/store.md``.

>>> from grimoire import Match
>>> match = Match.new("vicious-circle", players=("Dawn", "Twilight"), seed=bytes(32))
>>> store = open_store(":memory:")
>>> mid = store.create(match.header, seed=bytes(32))
>>> store.append(mid, match.act(match.legal(0)[0]), expected_version=0)
AppendResult(version=1, duplicate=False)
>>> store.matches(player="Dawn")[0].version
1
>>> store.close()
"""

from __future__ import annotations

import os

from grimoire.core.errors import StoreError
from grimoire.store.base import PAGE, AppendResult, Durability, EventStore, MatchInfo
from grimoire.store.migrations import MIGRATIONS, POSTGRES_MIGRATIONS
from grimoire.store.postgres import is_url
from grimoire.store.sqlite import Store, translate

__all__ = ["MIGRATIONS", "PAGE", "POSTGRES_MIGRATIONS", "AppendResult", "Durability",
           "EventStore", "MatchInfo", "Store", "is_url", "open_store", "translate"]


def open_store(db: str | os.PathLike[str], *, durability: Durability = "full",
               timeout: float = 5.0, read_only: bool = False,
               create: bool = True, writer: bool = True, shared: bool = False
               ) -> EventStore:
    """The store ``db`` names: a ``postgresql://`` (or ``postgres://``) URL opens a
    :class:`~grimoire.store.postgres.PostgresStore`, anything else is the path of an
    SQLite file (:class:`Store`). ``create=False`` refuses a store that does not exist
    yet (``store/missing``) rather than make an empty one; ``writer=False`` writes an
    SQLite file on the caller's thread, each write alone, rather than commit the writes of
    several threads together (see :class:`Store`;
    PostgreSQL has none); ``shared=True`` opens an SQLite file that other processes serve
    too (``grimoire serve --workers N``; a PostgreSQL database always is); the other
    arguments are the backends' own.

    >>> with open_store(":memory:") as store:
    ...     store
    Store(':memory:')
    """
    if is_url(db):
        from grimoire.store.postgres import PostgresStore

        return PostgresStore(os.fspath(db), durability=durability, timeout=timeout,
                             read_only=read_only, create=create)
    if not create and not read_only and not os.path.isfile(db):
        raise StoreError("store/missing", f"{os.fspath(db)}: no such store file")
    return Store(db, durability=durability, timeout=timeout, read_only=read_only,
                 writer=writer, shared=shared)

