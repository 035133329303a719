"""An SQLite file shared by processes (``Store(shared=True)``, what ``grimoire serve
--workers N`` opens): its feed tells every append once and in order, a feed that fell
too far behind is told so, a claim goes to one process at a time and comes back when
that process dies, and writes from every thread of a process go through its writer."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grimoire import Match
from grimoire.core.errors import StoreError
from grimoire.core.events import Event, Header
from grimoire.store import Store, open_store
from grimoire.store import sqlite as sqlite_store
from grimoire.store.migrations import MIGRATIONS, migrate
from grimoire.store.tables import Seat, Tables


def decisions(count: int) -> tuple[Header, list[tuple[Event, ...]]]:
    """A seeded Wizard Armies match's header and its first ``count`` decisions."""
    match = Match.new("wizard-armies", seed=bytes(32))
    header = match.header
    return header, [tuple(match.act(match.legal(min(match.to_act))[0]))
                    for _ in range(count)]


def wait_for(check: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not told in time"
        time.sleep(0.01)


def test_the_feed_tells_every_append_once_and_in_order(tmp_path: Path) -> None:
    """A feed is told the appends another store of the file makes (another process's,
    as far as SQLite can tell: another connection) and its own, each ``(match,
    version)`` once, in the order they committed."""
    db = tmp_path / "m.sqlite"
    header, decided = decisions(12)
    told: list[tuple[str | None, int]] = []
    with Store(db, shared=True) as mine, Store(db, shared=True) as theirs:
        feed = mine.watch(lambda m, v: told.append((m, v)))
        assert feed is not None
        try:
            a = theirs.create(header)
            b = mine.create(header)
            expected = []
            version = {a: 0, b: 0}
            for k, events in enumerate(decided):
                mid, store = (a, theirs) if k % 3 else (b, mine)
                version[mid] = store.append(mid, events, expected_version=version[mid]).version
                expected.append((mid, version[mid]))
            wait_for(lambda: len(told) >= len(expected))
            time.sleep(3 * feed.POLL)
            assert told == expected
        finally:
            feed.close()


def test_a_feed_further_behind_than_the_rows_kept_is_told_appends_were_missed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The feed keeps its last :data:`FEED_KEPT` rows: a reader further behind is told
    ``(None, 0)`` (ask the store), then the appends it can still read."""
    monkeypatch.setattr(sqlite_store, "FEED_KEPT", 4)
    monkeypatch.setattr(sqlite_store.Feed, "POLL", 0.5)
    header, decided = decisions(12)
    told: list[tuple[str | None, int]] = []
    with Store(tmp_path / "m.sqlite", shared=True) as store:
        mid = store.create(header)
        feed = store.watch(lambda m, v: told.append((m, v)))
        assert feed is not None
        try:
            version = 0
            for events in decided:  # all within one look of the feed
                version = store.append(mid, events, expected_version=version).version
            wait_for(lambda: bool(told))
            assert told[0] == (None, 0)
            assert told[-1] == (mid, version)
        finally:
            feed.close()


HOLD = """
import sys, time
from grimoire.store import Store
store = Store(sys.argv[1], shared=True)
feed = store.watch(lambda m, v: None)
print(feed.claim("m1"), flush=True)
time.sleep(60)
"""


def test_a_claim_goes_to_one_process_and_comes_back_when_it_dies(tmp_path: Path) -> None:
    """Another process holding a match's claim, this one cannot take it (another match
    it can); once that process is killed, the claim is free (the system let its lock
    go)."""
    db = tmp_path / "m.sqlite"
    Store(db, shared=True).close()
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(db)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "True"
        with Store(db, shared=True) as store:
            feed = store.watch(lambda m, v: None)
            assert feed is not None
            try:
                assert not feed.claim("m1") and not feed.holds("m1")
                assert feed.claim("m2") and feed.holds("m2")
                holder.kill()
                holder.wait(10)
                assert feed.claim("m1") and feed.holds("m1")
            finally:
                feed.close()
    finally:
        holder.kill()
        holder.wait(10)
        if holder.stdout is not None:
            holder.stdout.close()


@pytest.mark.parametrize("where", [":memory:", "read-only", "no-writer"])
def test_only_a_file_written_by_its_writer_thread_may_be_shared(
        tmp_path: Path, where: str) -> None:
    """``store/not-shared``: a store in memory, read-only or opened with ``writer=False``
    has no feed and no turns to share."""
    path = tmp_path / "m.sqlite"
    Store(path).close()
    with pytest.raises(StoreError) as caught:
        if where == ":memory:":
            Store(":memory:", shared=True)
        else:
            Store(path, shared=True, read_only=where == "read-only",
                  writer=where != "no-writer")
    assert caught.value.reason == "store/not-shared"
    assert open_store(path).watch(print) is None  # not shared: no feed


def test_the_lobby_writes_through_the_writer_while_matches_append(tmp_path: Path) -> None:
    """The lobby's tables are written through the store's group commit, as appends are: a
    table opened, taken or cancelled while other threads append never meets the
    writer's transaction on its connection."""
    header, decided = decisions(40)
    errors: list[BaseException] = []
    with Store(tmp_path / "m.sqlite") as store:
        tables = Tables(store)
        mids = [store.create(header) for _ in range(4)]

        def append(mid: str) -> None:
            try:
                version = 0
                for events in decided:
                    version = store.append(mid, events, expected_version=version).version
            except BaseException as exc:  # pragma: no cover - the failure reported below
                errors.append(exc)

        threads = [threading.Thread(target=append, args=(mid,)) for mid in mids]
        for thread in threads:
            thread.start()
        seats = [Seat(seat=0, kind="person"), Seat(seat=1, kind="bot", bot="random")]
        for k in range(30):
            tid = tables.open(game="magery", options={}, public=True, manager=b"m" * 32,
                              seats=seats, invites=[bytes([k]) * 32, None])
            if k % 2:
                tables.take(tid, 0, "Ann", bytes([k]) * 32)
            else:
                tables.cancel(tid)
        for thread in threads:
            thread.join()
        assert not errors, errors
        assert [store.version(mid) for mid in mids] == [sum(map(len, decided))] * 4
        assert len(tables.gathering(limit=100)) == 15


def test_a_new_file_made_a_store_by_another_process_meanwhile_is_opened_as_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two servers started at once over a new file: one makes the store (its first
    migration, tables and the store's id in one commit) while the other reads what the
    file is. The reader sees the file before or after that commit, never between its
    reads (once taken for "an SQLite database but not a grimoire store")."""
    path = tmp_path / "new.db"
    connect = sqlite3.connect
    other = threading.Thread(target=lambda: migrate(
        connect(path, timeout=5, isolation_level=None, check_same_thread=False)))

    def between(sql: str) -> None:  # the other process commits before the last read
        if "sqlite_master" in sql and other.ident is None:
            other.start()
            other.join(0.5)

    def opened(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db: sqlite3.Connection = connect(*args, **kwargs)
        db.set_trace_callback(between)
        return db

    monkeypatch.setattr(sqlite3, "connect", opened)
    with Store(path) as store:
        assert store.schema_version == len(MIGRATIONS)
    other.join(5)
    assert other.ident is not None and not other.is_alive()
