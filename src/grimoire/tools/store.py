"""``grimoire store``: list the matches of a store, export one as a log, import logs.

The store itself is :class:`grimoire.store.EventStore` (``docs/store.md``), an SQLite file
or a PostgreSQL database named by its URL (:func:`grimoire.store.open_store`); these are
the command's library functions, each opening the store for one job and closing it.

>>> import tempfile, pathlib
>>> from grimoire import Match
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> Match.new("vicious-circle", seed=bytes(32)).save(folder / "m.jsonl")
>>> report = import_logs(folder / "s.db", [folder / "m.jsonl"])
>>> [entry.records for entry in report.logs], report.ok
([0], True)
>>> [info.game for info in list_matches(folder / "s.db").matches]
['vicious-circle']
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from typing import Any

import msgspec

from grimoire.core.errors import GrimoireError, UsageError
from grimoire.store import EventStore, MatchInfo, is_url, open_store
from grimoire.tools._log import get_logger
from grimoire.tools.validate import expand

log = get_logger("grimoire.store")

__all__ = ["ExportReport", "ImportReport", "Imported", "MatchInfo", "StoreListing", "describe",
           "export_match", "import_logs", "list_matches", "open_existing"]


class StoreListing(msgspec.Struct, frozen=True, kw_only=True):
    """The matches :func:`list_matches` found, newest first."""

    store: str
    matches: list[MatchInfo]

    def summary(self) -> list[str]:
        """One line per match for people: id, game, status, records, players, created."""
        if not self.matches:
            return [f"{self.store}: no matches"]
        return [describe(info) for info in self.matches]


def describe(info: MatchInfo) -> str:
    """One line for people about a match.

    >>> describe(MatchInfo(id="abc", game="magery", rules="2", players=("Ann", "Ben"),
    ...                    status="over", version=12, created=0.0, updated=0.0,
    ...                    outcome={"winners": [1], "reason": "orbs"}))
    'abc  magery  over  12 records  Ann v Ben  1970-01-01 00:00:00Z  won by Ben (orbs)'
    """
    created = time.strftime("%Y-%m-%d %H:%M:%SZ", time.gmtime(info.created))
    line = (f"{info.id}  {info.game}  {info.status}  {info.version} records  "
            f"{' v '.join(info.players)}  {created}")
    if info.outcome is not None:
        winners = [info.players[w] if 0 <= w < len(info.players) else f"seat {w}"
                   for w in info.outcome.get("winners", [])]
        reason = info.outcome.get("reason", "")
        line += f"  won by {', '.join(winners)} ({reason})" if winners else f"  drawn ({reason})"
    return line


class ExportReport(msgspec.Struct, frozen=True, kw_only=True):
    """What :func:`export_match` wrote."""

    store: str
    match: str
    out: str
    records: int

    def summary(self) -> str:
        """One line for people."""
        return f"{self.out}: match {self.match}, {self.records} records"


class Imported(msgspec.Struct, frozen=True, kw_only=True):
    """One log given to :func:`import_logs`: the new match's id, its record count and
    status, or the error that kept the log out (``{"error", "reason", "detail", "line",
    "seq"}``, as a report's)."""

    path: str
    match: str | None = None
    records: int = 0
    status: str = ""
    error: dict[str, Any] | None = None

    def summary(self) -> str:
        """One line for people."""
        if self.error is not None:
            where = f"line {self.error['line']}: " if self.error.get("line") else ""
            return f"{self.path}: NOT IMPORTED {where}{self.error['reason']}: " \
                   f"{self.error['detail']}"
        return f"{self.match}  {self.path}: {self.records} records, {self.status}"


class ImportReport(msgspec.Struct, frozen=True, kw_only=True):
    """Every log :func:`import_logs` was given, in order; ``ok`` if all went in."""

    store: str
    logs: list[Imported]

    @property
    def ok(self) -> bool:
        return all(entry.error is None for entry in self.logs)


def open_existing(db: str | os.PathLike[str]) -> EventStore:
    """The store at ``db``, which must exist (reading never creates an empty store): an
    SQLite file, or a PostgreSQL database (a URL) that holds a store.

    >>> open_existing("no-such-store.db")
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: store/missing: no-such-store.db: no such store file
    """
    if is_url(db):
        return open_store(db, create=False)
    if not os.path.isfile(db):
        raise UsageError("store/missing", f"{db}: no such store file")
    return open_store(db, writer=False)  # one caller: nothing to group


def list_matches(
    db: str | os.PathLike[str], *, game: str | None = None, player: str | None = None,
    status: str | None = None, limit: int = 100, offset: int = 0,
) -> StoreListing:
    """The store's matches, newest first, filtered as
    :meth:`EventStore.matches <grimoire.store.EventStore.matches>` does.

    >>> # list_matches("matches.db", player="Dawn", status="over").summary()
    """
    with open_existing(db) as store:
        found = store.matches(game=game, player=player, status=status, limit=limit,
                              offset=offset)
    return StoreListing(store=store.path, matches=found)


def export_match(
    db: str | os.PathLike[str], match_id: str, out: str | os.PathLike[str], *,
    overwrite: bool = False,
) -> ExportReport:
    """Write match ``match_id`` of the store ``db`` as the log file ``out`` (refusing to
    replace a file unless ``overwrite``).

    >>> # export_match("matches.db", "Xq3…", "match.jsonl").records
    """
    if os.path.exists(out) and not overwrite:
        raise UsageError("io/exists", f"{out} exists; choose another name")
    with open_existing(db) as store:
        records = store.export(match_id, out)
    log.info("exported", store=store.path, match=match_id, out=str(out), records=records)
    return ExportReport(store=store.path, match=match_id, out=os.fspath(out),
                        records=records)


def import_logs(db: str | os.PathLike[str], logs: Iterable[str | os.PathLike[str]]
                ) -> ImportReport:
    """Import each log (folders: the logs inside them) into the store ``db`` (a file or a
    PostgreSQL URL), created if missing. Each log goes in whole or not at all, whatever
    happens to the others; a log that fails its audit is reported with its error.

    >>> # [entry.match for entry in import_logs("matches.db", ["fixtures/magery"]).logs]
    """
    paths = expand(logs)
    if not paths:
        raise UsageError("store/no-logs", "no logs to import (folders are searched for "
                         "*.jsonl)")
    entries: list[Imported] = []
    with open_store(db, writer=False) as store:  # one caller appending in turn
        for path in paths:
            try:
                match_id = store.import_log(path)
                info = store.info(match_id)
            except GrimoireError as exc:
                entries.append(Imported(path=path, error=exc.to_dict()))
                log.info("not imported", store=store.path, path=path, reason=exc.reason)
                continue
            entries.append(Imported(path=path, match=match_id, records=info.version,
                                    status=info.status))
            log.info("imported", store=store.path, path=path, match=match_id,
                     records=info.version)
    return ImportReport(store=store.path, logs=entries)
