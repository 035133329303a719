"""What the archive tools read: log files, folders of logs, and match stores.

A PATH given to ``grimoire validate`` or ``grimoire stats`` is a log file, a folder
(searched for logs, :func:`iter_logs`), or a match store, which stands for each of its
matches as a log: an SQLite file (:class:`~grimoire.store.Store`) or a PostgreSQL
database named by its URL (``postgresql://…`` or ``postgres://…``,
:class:`~grimoire.store.postgres.PostgresStore`).
:func:`iter_sources` turns the paths into items, one a log: a path (``str``) or a
:class:`StoredMatch`, both cheap to pickle for the process pool; :func:`log_source` and
:func:`open_log` read one item, whichever it is, in the worker.

A PATH is a store when its file starts with SQLite's header (``SQLite format 3\\0``) or
is named ``*.sqlite``, ``*.sqlite3`` or ``*.db``, whatever it holds (a broken one is then
a store error, not a bad log), and a PostgreSQL URL always. Only a PATH named on the
command line is looked at so; folders are searched for logs only. A store is only read:
opened read-only, never migrated, never written. A URL's password is never shown: a
stored match is named ``URL#MATCH`` with the password hidden (:func:`source_name`), and
the store's errors hide it too.

>>> import tempfile, os
>>> from grimoire import Match
>>> from grimoire.store import Store
>>> db = os.path.join(tempfile.mkdtemp(), "matches.sqlite")
>>> with Store(db) as store:
...     _ = store.create(Match.new("magery", dice="recorded").header, match_id="m1")
>>> [str(item) for item in iter_sources([db])] == [db + "#m1"]
True
>>> with open_log(StoredMatch(db, "m1")) as reader:
...     reader.header.game
'magery'
"""

from __future__ import annotations

import heapq
import io
import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any, TypeAlias

import msgspec

from grimoire.core.errors import UsageError
from grimoire.core.logfile import DEFAULT_LIMITS, Limits, LogReader
from grimoire.store import EventStore, open_store
from grimoire.store.postgres import is_url, shown

__all__ = ["LOG_SUFFIXES", "SQLITE_HEADER", "STORE_SUFFIXES", "STORE_TIMEOUT", "Source",
           "StoredMatch", "check_scheduler", "check_sources", "is_store", "is_url",
           "iter_logs", "iter_sources", "located", "log_source", "open_log", "release",
           "relocated", "source_name"]

LOG_SUFFIXES = (".jsonl", ".msgpack", ".mpk")
"""The files a folder is searched for."""
STORE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
"""The names of a file taken for a match store whatever its first bytes."""
SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""
STORE_TIMEOUT = 5.0
"""Seconds a read waits for a store another connection holds locked (only a writer in
exclusive locking mode, or SQLite recovering the file, makes a reader wait)."""


def source_name(store: str) -> str:
    """How reports name the store ``store`` (a path, or a URL without its password,
    whether in the user part or a ``password=`` parameter).

    >>> source_name("matches.sqlite"), source_name("postgresql://ann:pw@db/grimoire")
    ('matches.sqlite', 'postgresql://ann:***@db/grimoire')
    """
    return shown(store) if is_url(store) else store


class StoredMatch(msgspec.Struct, frozen=True):
    """One match of a store, as an item of the archive tools; ``str()`` of it is the
    path reports show, ``STORE#MATCH``: the file as given, or the URL without its
    password (:func:`source_name`). ``store`` itself is what opens the store (a URL's
    password included); ``repr()`` hides the password too.

    >>> str(StoredMatch("matches.sqlite", "Xq3"))
    'matches.sqlite#Xq3'
    >>> str(StoredMatch("postgresql://ann:pw@db:5432/grimoire", "Xq3"))
    'postgresql://ann:***@db:5432/grimoire#Xq3'
    """

    store: str
    match: str

    def __str__(self) -> str:
        return f"{source_name(self.store)}#{self.match}"

    def __repr__(self) -> str:
        return f"StoredMatch({source_name(self.store)!r}, {self.match!r})"


Source: TypeAlias = str | StoredMatch
"""One log for the archive tools: a log file's path, or a match of a store."""


def is_store(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is to be read as a match store: a PostgreSQL URL, a regular file
    named ``*.sqlite``, ``*.sqlite3`` or ``*.db``, or one that starts with SQLite's
    header.

    >>> is_store("no-such-file.jsonl"), is_store("matches.sqlite")
    (False, True)
    >>> is_store("postgresql://db.example/grimoire")
    True
    """
    path = os.fspath(path)
    if is_url(path):
        return True
    if path.lower().endswith(STORE_SUFFIXES):
        return not os.path.isdir(path)
    try:  # never a read that hangs (a FIFO), never a folder
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return os.read(fd, len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False
    finally:
        os.close(fd)


def iter_logs(paths: Iterable[str | os.PathLike[str]]) -> Iterator[str]:
    """Files as given; each folder replaced by the logs (``*.jsonl``, ``*.msgpack``,
    ``*.mpk``) under it, a folder at a time: its own files sorted by name, the folders
    in the sorted order of their paths (the order of ``sorted(os.walk(folder))``), so
    memory holds one folder's names, never the archive's. Folders that cannot be listed
    are passed over, as ``os.walk`` does; links to folders are not followed.
    """
    for p in paths:
        p = os.fspath(p)
        if not os.path.isdir(p):
            yield p
            continue
        todo = [p]  # folders to list, the least path first (a path sorts before its
        while todo:  # sub-folders, so the heap yields the same order as sorting them all)
            root = heapq.heappop(todo)
            try:
                with os.scandir(root) as entries:
                    listing = list(entries)
            except OSError:
                continue
            files = []
            for entry in listing:
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    try:
                        link = entry.is_symlink()
                    except OSError:
                        link = False
                    if not link:
                        heapq.heappush(todo, os.path.join(root, entry.name))
                elif entry.name.endswith(LOG_SUFFIXES):
                    files.append(entry.name)
            for name in sorted(files):
                yield os.path.join(root, name)


def iter_sources(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Source]:
    """One item a log, in the order of the paths: a store's matches in the order they
    were stored (read a page of ids at a time), a folder's logs as :func:`iter_logs`
    lists them, other files as given. Opening a store can fail with its
    :class:`~grimoire.core.errors.StoreError` (``store/corrupt``, ``store/locked``…)."""
    for p in paths:
        p = os.fspath(p)
        if is_store(p):
            with _open(p) as store:
                for match_id in store.match_ids():
                    yield StoredMatch(p, match_id)
        else:
            yield from iter_logs([p])


def check_sources(paths: Iterable[str | os.PathLike[str]], command: str,
                  scheduler: str | None = None) -> None:
    """Refuse, before any log is read, a folder that holds no logs and a store that
    cannot be opened or holds no matches: ``{command}/no-logs`` (a
    :class:`~grimoire.core.errors.UsageError`), or the store's error; with a
    ``scheduler``, a URL that holds a password too (:func:`check_scheduler`).

    >>> import tempfile
    >>> check_sources([tempfile.mkdtemp()], "validate")
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: validate/no-logs: ... holds no logs (*.jsonl, *.msgpack)
    """
    given = [os.fspath(p) for p in paths]
    if scheduler is not None:
        check_scheduler(given)
    for p in given:
        if is_store(p):
            with _open(p) as store:
                if next(store.match_ids(), None) is None:
                    raise UsageError(f"{command}/no-logs", f"{source_name(p)} is a store "
                                     "that holds no matches")
        elif os.path.isdir(p) and next(iter_logs([p]), None) is None:
            raise UsageError(f"{command}/no-logs", f"{p} holds no logs (*.jsonl, *.msgpack)")


def check_scheduler(paths: Iterable[str | os.PathLike[str]]) -> None:
    """Refuse, for a run on a Dask cluster, a PostgreSQL URL that holds a password
    (``archive/url-password``): each task carries its matches' URL to the scheduler and
    the workers, whose logs show a failed task's arguments; the workers should find the
    password themselves (``PGPASSWORD``, a ``~/.pgpass`` file, libpq's ``PGSERVICE``).

    >>> check_scheduler(["postgresql://ann@db/grimoire", "logs/"])
    >>> check_scheduler(["postgresql://ann:pw@db/grimoire"])
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: archive/url-password: ...
    """
    for p in paths:
        p = os.fspath(p)
        if is_url(p) and shown(p) != p:
            raise UsageError("archive/url-password", f"{shown(p)}: --scheduler sends the "
                             "store's URL with every task to the Dask workers (and their "
                             "logs): give the workers the password by PGPASSWORD or a "
                             "~/.pgpass file, and the URL without it")


def _open(store: str) -> EventStore:
    """The store ``store`` opened read-only (never migrated, never written)."""
    return open_store(store, read_only=True, timeout=STORE_TIMEOUT)


_READERS: dict[tuple[int, str], EventStore] = {}
"""The PostgreSQL stores this process has opened to read matches, by process and URL:
one connection a worker process for all its matches (a connection costs the database a
process of its own), not one a match. Kept by process id, so a forked worker opens its
own and never touches (nor closes) the one it inherited."""


@contextmanager
def _reading(store: str) -> Iterator[EventStore]:
    """The store ``store`` to read one match from: an SQLite file opened for it and
    closed after; a PostgreSQL database's connection of this process, kept open."""
    if not is_url(store):
        with _open(store) as opened:
            yield opened
        return
    key = (os.getpid(), store)
    kept = _READERS.get(key)
    if kept is None:
        kept = _READERS[key] = _open(store)
    yield kept


def release() -> None:
    """Close the PostgreSQL connections this process kept to read matches (what a run
    of the archive tools does when it ends; a worker's close when it exits)."""
    pid = os.getpid()
    for key in [k for k in _READERS if k[0] == pid]:
        _READERS.pop(key).close()


class _Stream(io.RawIOBase):
    """Lines (bytes) read as one file, without holding more than a line besides the
    caller's buffer."""

    def __init__(self, lines: Iterator[bytes]) -> None:
        self._lines = lines
        self._line = memoryview(b"")

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview | bytearray) -> int:  # type: ignore[override]
        out = memoryview(buffer).cast("B")
        done = 0
        while done < len(out):
            if not self._line:
                line = next(self._lines, None)
                if line is None:
                    break
                self._line = memoryview(line)
                continue
            n = min(len(out) - done, len(self._line))
            out[done:done + n] = self._line[:n]
            self._line = self._line[n:]
            done += n
        return done


def located(path: str, root: str | None) -> str:
    """Where a worker finds ``path``: under ``root`` if it is relative and ``root`` is
    given (a worker on a cluster, whose working folder is not the caller's).

    >>> located("a.jsonl", "/srv/logs"), located("/x/a.jsonl", "/srv/logs")
    ('/srv/logs/a.jsonl', '/x/a.jsonl')
    >>> located("postgresql://db/grimoire", "/srv/logs")
    'postgresql://db/grimoire'
    """
    return path if root is None or is_url(path) else os.path.join(root, path)


def relocated(error: dict[str, Any] | None, item: Source, root: str | None
              ) -> dict[str, Any] | None:
    """``error`` with the path a worker opened for ``item`` under ``root`` named as the
    caller gave it, so a report is the same wherever it was made."""
    given = item.store if isinstance(item, StoredMatch) else item
    real = located(given, root)
    if error is None or real == given or real not in str(error.get("detail", "")):
        return error
    return {**error, "detail": str(error["detail"]).replace(real, given)}


@contextmanager
def log_source(item: Source, root: str | None = None) -> Iterator[str | IO[bytes]]:
    """What :func:`~grimoire.core.audit.audit` or :class:`LogReader` should read for
    ``item``: a log file's path as it is; for a stored match, its log file as a stream
    of bytes (:meth:`Store.log_lines <grimoire.store.Store.log_lines>`, the bytes
    :meth:`~grimoire.store.Store.export` writes), read a page of lines at a time from
    the store opened read-only, which is closed on leaving (a PostgreSQL database's
    connection is kept for the process's next matches). A store that cannot be read
    raises its :class:`~grimoire.core.errors.StoreError`, on entering or while reading.
    A relative path is found under ``root`` if given (:func:`located`).
    """
    if not isinstance(item, StoredMatch):
        yield located(os.fspath(item), root)
        return
    with _reading(located(item.store, root)) as store:
        lines = store.log_lines(item.match)
        with io.BufferedReader(_Stream(lines)) as stream:
            yield stream


@contextmanager
def open_log(item: Source, *, limits: Limits = DEFAULT_LIMITS,
             root: str | None = None) -> Iterator[LogReader]:
    """A :class:`LogReader` over ``item`` (a log file or a stored match; a relative path
    under ``root`` if given), closed on leaving; what cannot be read raises its
    :class:`~grimoire.core.errors.GrimoireError`."""
    with log_source(item, root) as source, LogReader(source, limits=limits) as reader:
        yield reader
