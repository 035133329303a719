"""The lobby's tables in the store: a match being gathered before it starts.

A table names its game, options and seats: each seat a person (open until someone takes
it with a name) or one of the server's bots. When every seat is held, the match is
created with the table's id (:meth:`Store.create`, with each person's token digest as
the seat's grant and the bots' seats); the table is then *started*. The store keeps
digests of tokens, never tokens.

>>> from grimoire.store import Store
>>> with Store(":memory:") as store:
...     tables = Tables(store)
...     tid = tables.open(game="magery", options={}, public=True, manager=b"m" * 32,
...                       seats=[Seat(seat=0, kind="person"),
...                              Seat(seat=1, kind="bot", bot="random")],
...                       invites=[b"i" * 32, None])
...     table = tables.take(tid, 0, "Ann", b"t" * 32)
...     [s.name for s in table.seats], table.full
(['Ann', ''], True)
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from typing import Any

import msgspec

from grimoire.core.errors import StoreError, UsageError
from grimoire.store.base import Collision, EventStore

KINDS = ("person", "bot")


class Seat(msgspec.Struct, frozen=True, kw_only=True):
    """One seat of a table: a ``person`` (``name`` once taken) or a ``bot`` (its spec)."""

    seat: int
    kind: str
    bot: str = ""
    name: str = ""

    @property
    def open(self) -> bool:
        """A person's seat nobody has taken yet."""
        return self.kind == "person" and not self.name


class Table(msgspec.Struct, frozen=True, kw_only=True):
    """A table of the lobby: ``status`` ``"open"`` (gathering), ``"started"`` (its match,
    of the same id, exists) or ``"cancelled"``."""

    id: str
    game: str
    options: dict[str, Any]
    public: bool
    status: str
    seats: tuple[Seat, ...]
    created: float
    rematch_of: str = ""

    @property
    def full(self) -> bool:
        """Every seat is held (by a person who took it, or a bot)."""
        return not any(s.open for s in self.seats)


class Tables:
    """The lobby's tables of one store (its database, its lock), on either backend."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    def new_id(self) -> str:
        """An id no table and no match has (url-safe, not starting with ``-``)."""
        with self.store._reading() as db:
            while True:
                table_id = secrets.token_urlsafe(12)
                if not table_id.startswith("-") and db.execute(
                        "SELECT 1 FROM tables WHERE id = ? UNION SELECT 1 FROM matches "
                        "WHERE id = ?", (table_id, table_id)).fetchone() is None:
                    return table_id

    def open(self, *, game: str, options: dict[str, Any], public: bool, manager: bytes,
             seats: Sequence[Seat], invites: Sequence[bytes | None],
             rematch_of: str | None = None, table_id: str | None = None) -> str:
        """A new table (of id ``table_id``, or a new one); ``manager`` the digest of its
        creator's token, ``invites`` each seat's invite token digest (``None`` for a
        bot's). Returns its id."""
        if len(invites) != len(seats) or [s.seat for s in seats] != list(range(len(seats))):
            raise UsageError("lobby/seats", "one invite per seat, seats 0, 1, …")
        if any(s.kind not in KINDS or (s.kind == "bot") != bool(s.bot) for s in seats):
            raise UsageError("lobby/seats", "a seat is a person's or a bot's (with a spec)")
        table_id = table_id or self.new_id()
        now = time.time()
        def write(db: Any) -> None:
            try:
                key = self.store._inserted(
                    db, "INSERT INTO tables (id, game, options, public, manager, rematch_of, "
                    "created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (table_id, game, msgspec.json.encode(options).decode(), int(public),
                     manager, rematch_of, now, now))
            except Exception as exc:
                if rematch_of is not None and (isinstance(exc, Collision)
                                               or "UNIQUE" in str(exc)):
                    raise StoreError("lobby/rematch-exists", "that match has its rematch "
                                     "already") from None
                raise
            db.executemany(
                "INSERT INTO table_seats (tbl, seat, kind, bot, name, invite, digest) "
                "VALUES (?, ?, ?, ?, ?, ?, NULL)",
                [(key, s.seat, s.kind, s.bot or None, s.name or None, invite)
                 for s, invite in zip(seats, invites, strict=True)])

        self.store._write(write)
        return table_id

    def get(self, table_id: str) -> Table:
        """The table (``lobby/unknown-table`` if there is none)."""
        with self.store._reading() as db:
            return self._get(db, table_id)

    def _get(self, db: Any, table_id: str) -> Table:
        row = db.execute(
            "SELECT key, id, game, options, public, status, created, rematch_of, "
            "EXISTS (SELECT 1 FROM matches WHERE matches.id = tables.id) FROM tables "
            "WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise StoreError("lobby/unknown-table", f"no table {table_id!r}")
        key, tid, game, options, public, status, created, rematch_of, started = row
        seats = tuple(Seat(seat=seat, kind=kind, bot=bot or "", name=name or "")
                      for seat, kind, bot, name in db.execute(
                          "SELECT seat, kind, bot, name FROM table_seats WHERE tbl = ? "
                          "ORDER BY seat", (key,)))
        return Table(id=tid, game=game, options=msgspec.json.decode(options),
                     public=bool(public), status="started" if started else status,
                     seats=seats, created=created, rematch_of=rematch_of or "")

    def invited(self, digest: bytes) -> tuple[str, int] | None:
        """The table and seat an invite token (its digest) is for, or ``None``."""
        with self.store._reading() as db:
            row = db.execute("SELECT t.id, s.seat FROM table_seats AS s JOIN tables AS t "
                             "ON t.key = s.tbl WHERE s.invite = ?", (digest,)).fetchone()
        return None if row is None else (row[0], int(row[1]))

    def holder(self, table_id: str, digest: bytes) -> int | None:
        """The seat whose taker's token has ``digest`` (``None``: no seat's)."""
        with self.store._reading() as db:
            row = db.execute("SELECT s.seat FROM table_seats AS s JOIN tables AS t ON "
                             "t.key = s.tbl WHERE t.id = ? AND s.digest = ?",
                             (table_id, digest)).fetchone()
        return None if row is None else int(row[0])

    def managed(self, table_id: str, digest: bytes) -> bool:
        """Whether ``digest`` is the table's creator's token's."""
        with self.store._reading() as db:
            row = db.execute("SELECT manager FROM tables WHERE id = ?",
                             (table_id,)).fetchone()
        return row is not None and secrets.compare_digest(bytes(row[0]), digest)

    def take(self, table_id: str, seat: int, name: str, digest: bytes, *,
             again: bool = False) -> Table:
        """``name`` takes the open person's seat ``seat``; ``digest`` (the taker's token's)
        will be its grant. ``lobby/taken`` if someone took it first (``again``: the seat's
        own holder takes it anew under a new token), ``lobby/closed`` if the table is no
        longer gathering."""
        def write(db: Any) -> Table:
            table = self._get(db, table_id)
            if table.status != "open":
                raise StoreError("lobby/closed", f"table {table_id!r} is {table.status}")
            if not 0 <= seat < len(table.seats) or table.seats[seat].kind != "person" or (
                    not table.seats[seat].open and not again):
                raise StoreError("lobby/taken", f"seat {seat} is not open")
            if name in [s.name for s in table.seats if s.name and s.seat != seat]:
                raise UsageError("players/invalid", f"another seat is named {name!r}")
            db.execute("UPDATE table_seats SET name = ?, digest = ? WHERE seat = ? AND "
                       "tbl = (SELECT key FROM tables WHERE id = ?)",
                       (name, digest, seat, table_id))
            db.execute("UPDATE tables SET updated = ? WHERE id = ?", (time.time(), table_id))
            return self._get(db, table_id)

        return self.store._write(write)

    def digests(self, table_id: str) -> list[tuple[int, bytes]]:
        """Each taken person's seat and its taker's token digest."""
        with self.store._reading() as db:
            rows = db.execute("SELECT s.seat, s.digest FROM table_seats AS s JOIN tables AS"
                              " t ON t.key = s.tbl WHERE t.id = ? AND s.digest IS NOT NULL "
                              "ORDER BY s.seat", (table_id,)).fetchall()
        return [(int(seat), bytes(digest)) for seat, digest in rows]

    def cancel(self, table_id: str) -> None:
        """Close a table still gathering (``lobby/closed`` once it has started)."""
        def write(db: Any) -> None:
            table = self._get(db, table_id)
            if table.status != "open":
                raise StoreError("lobby/closed", f"table {table_id!r} is {table.status}")
            db.execute("UPDATE tables SET status = 'cancelled', updated = ? WHERE id = ?",
                       (time.time(), table_id))

        self.store._write(write)

    def gathering(self, *, limit: int = 50) -> list[Table]:
        """The public tables still gathering players, the newest first."""
        with self.store._reading() as db:
            ids = [row[0] for row in db.execute(
                "SELECT id FROM tables WHERE status = 'open' AND public = 1 AND NOT EXISTS"
                " (SELECT 1 FROM matches WHERE matches.id = tables.id) ORDER BY created "
                "DESC, key DESC LIMIT ?", (int(limit),))]
            return [self._get(db, tid) for tid in ids]

    def rematch(self, match_id: str) -> str | None:
        """The table made as the rematch of ``match_id``, if any."""
        with self.store._reading() as db:
            row = db.execute("SELECT id FROM tables WHERE rematch_of = ?",
                             (match_id,)).fetchone()
        return None if row is None else str(row[0])
