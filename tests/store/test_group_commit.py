"""SQLite's group commit: the writes waiting are committed in one transaction, one that
fails failing alone, and a write returns once committed."""

from __future__ import annotations

import functools
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grimoire import Match
from grimoire.core.errors import ConcurrencyError, StoreError
from grimoire.store import AppendResult, Store

SEED = bytes(range(32))


def _wait(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 5
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.001)


def test_writes_waiting_are_committed_together_and_a_failing_one_fails_alone(
        tmp_path: Path) -> None:
    match = Match.new("vicious-circle", seed=SEED)
    events = match.act(match.legal(0)[0])
    with Store(tmp_path / "s.db") as store:
        ids = [store.create(match.header, seed=SEED) for _ in range(8)]
        assert store.append(ids[0], events, expected_version=0, idempotency_key="k") == (
            AppendResult(1))
        gate, busy = threading.Event(), threading.Event()

        def block(db: Any) -> None:  # holds the writer inside its transaction
            busy.set()
            gate.wait(5)

        blocker = threading.Thread(target=store._write, args=(block,))
        blocker.start()
        assert busy.wait(5)
        commits = store.commits
        calls: dict[str, Callable[[], object]] = {
            f"ok{k}": functools.partial(store.append, ids[k], events, expected_version=0)
            for k in range(1, 8)}
        calls["conflict"] = lambda: store.append(ids[0], events, expected_version=0)
        calls["duplicate"] = lambda: store.append(ids[0], events, expected_version=0,
                                                  idempotency_key="k")
        calls["unknown"] = lambda: store.append("nope", events, expected_version=0)
        results: dict[str, object] = {}

        def call(name: str) -> None:
            try:
                results[name] = calls[name]()
            except Exception as exc:
                results[name] = exc

        threads = [threading.Thread(target=call, args=(name,)) for name in calls]
        for thread in threads:
            thread.start()
        _wait(lambda: len(store._pending) == len(calls))
        # the file's write lock is held: reads go on, on connections of their own
        assert [store.version(mid) for mid in ids] == [1] + [0] * 7
        assert not results
        gate.set()
        for thread in [blocker, *threads]:
            thread.join(5)
        assert store.commits - commits == 2  # the blocker's transaction, then all the rest
        for k in range(1, 8):
            assert results[f"ok{k}"] == AppendResult(1)
        conflict, unknown = results["conflict"], results["unknown"]
        assert isinstance(conflict, ConcurrencyError)
        assert conflict.reason == "store/conflict"
        assert results["duplicate"] == AppendResult(1, duplicate=True)
        assert isinstance(unknown, StoreError) and unknown.reason == "store/unknown-match"
    with Store(tmp_path / "s.db", read_only=True) as again:  # committed, all of them
        assert [again.version(mid) for mid in ids] == [1] * 8


def test_a_write_failing_after_writing_rows_is_undone_and_the_others_run_again(
        tmp_path: Path) -> None:
    """No savepoint a write: one that fails having written rows of its own rolls the
    transaction back, and the writes of its batch run again, without it, in a new one
    (none of its rows is kept; the others are committed once, each)."""
    match = Match.new("vicious-circle", seed=SEED)
    events = match.act(match.legal(0)[0])
    with Store(tmp_path / "s.db") as store:
        ids = [store.create(match.header, seed=SEED) for _ in range(4)]
        gate, busy = threading.Event(), threading.Event()

        def block(db: Any) -> None:
            busy.set()
            gate.wait(5)

        def dirty(db: Any) -> None:  # a row of its own, then a failure
            db.execute("UPDATE matches SET updated = -1 WHERE id = ?", (ids[3],))
            raise RuntimeError("half done")

        blocker = threading.Thread(target=store._write, args=(block,))
        blocker.start()
        assert busy.wait(5)
        commits = store.commits
        calls: list[tuple[str, Callable[[], object]]] = [
            ("ok0", functools.partial(store.append, ids[0], events, expected_version=0)),
            ("ok1", functools.partial(store.append, ids[1], events, expected_version=0)),
            ("dirty", functools.partial(store._write, dirty)),
            ("ok2", functools.partial(store.append, ids[2], events, expected_version=0))]
        results: dict[str, object] = {}

        def call(name: str, fn: Callable[[], object]) -> None:
            try:
                results[name] = fn()
            except Exception as exc:
                results[name] = exc

        threads = []
        for k, (name, fn) in enumerate(calls):  # queued in this order
            threads.append(threading.Thread(target=call, args=(name, fn)))
            threads[-1].start()
            _wait(lambda k=k: len(store._pending) == k + 1)  # type: ignore[misc]
        gate.set()
        for thread in [blocker, *threads]:
            thread.join(5)
        assert store.commits - commits == 2  # the blocker's, then the batch run again
        assert [results[f"ok{k}"] for k in range(3)] == [AppendResult(1)] * 3
        failed = results["dirty"]
        assert isinstance(failed, RuntimeError) and str(failed) == "half done"
        assert store.info(ids[3]).version == 0
    with Store(tmp_path / "s.db", read_only=True) as again:
        assert [again.version(mid) for mid in ids] == [1, 1, 1, 0]
        with again._reading() as db:
            assert db.execute("SELECT count(*) FROM matches WHERE updated = -1"
                              ).fetchone()[0] == 0
            assert db.execute("SELECT count(*) FROM events").fetchone()[0] == 3 * len(events)


class _Broken:
    def execute(self, *args: object) -> None:
        raise RuntimeError("boom")


def test_a_writer_that_dies_fails_every_write_and_hangs_none(tmp_path: Path) -> None:
    match = Match.new("vicious-circle", seed=SEED)
    with Store(tmp_path / "s.db") as store:
        mid = store.create(match.header, seed=SEED)
        events = match.act(match.legal(0)[0])
        db, store._db = store._db, _Broken()  # type: ignore[assignment]
        try:
            for _ in range(2):  # the write in flight, then any later one at once
                with pytest.raises(StoreError) as err:
                    store.append(mid, events, expected_version=0)
                assert err.value.reason == "store/writer-failed"
                assert "RuntimeError: boom" in err.value.detail
        finally:
            store._db = db
        assert store.version(mid) == 0  # reads still answer
    with pytest.raises(StoreError) as err:
        store.append(mid, (), expected_version=0)
    assert err.value.reason in ("store/closed", "store/writer-failed")
    assert isinstance(db, sqlite3.Connection)


def test_a_store_opened_without_its_writer_commits_each_write_on_its_callers_thread(
        tmp_path: Path) -> None:
    """``writer=False`` (the command-line tools' stores): no group commit, each write is
    its own transaction on the caller's thread, with the same refusals; the file is then
    the same store for a store opened with its writer."""
    match = Match.new("vicious-circle", seed=SEED)
    events = match.act(match.legal(0)[0])
    before = {t.name for t in threading.enumerate()}
    with Store(tmp_path / "s.db", writer=False) as store:
        assert not {t.name for t in threading.enumerate()} - before
        mid = store.create(match.header, seed=SEED)
        assert store.append(mid, events, expected_version=0, idempotency_key="k") == (
            AppendResult(1))
        with pytest.raises(ConcurrencyError):
            store.append(mid, events, expected_version=0)
        assert store.commits == 2  # the create and the append, each alone
    with Store(tmp_path / "s.db") as store:
        assert store.info(mid).version == 1


def test_a_write_with_none_under_way_commits_on_its_callers_thread(tmp_path: Path) -> None:
    """No thread of the store's own: the first write to find no commit under way is
    committed on its caller's thread (no hand-over to another thread and back); one
    queued behind a commit is committed by that commit's thread or leads the next."""
    before = set(threading.enumerate())
    with Store(tmp_path / "s.db") as store:
        assert set(threading.enumerate()) == before
        assert store._write(lambda db: threading.get_ident()) == threading.get_ident()
        gate, busy = threading.Event(), threading.Event()

        def block(db: Any) -> int:
            busy.set()
            gate.wait(5)
            return threading.get_ident()

        ran: dict[str, int] = {}
        blocker = threading.Thread(target=lambda: ran.update(blocker=store._write(block)))
        blocker.start()
        assert busy.wait(5)
        queued = [threading.Thread(target=lambda k=k: ran.update(
            {f"q{k}": store._write(lambda db: threading.get_ident())})) for k in range(3)]
        for thread in queued:
            thread.start()
        _wait(lambda: len(store._pending) == 3)
        gate.set()
        for thread in [blocker, *queued]:
            thread.join(5)
        assert ran["blocker"] == blocker.ident
        # the first queued led the next transaction, carrying the two behind it
        leaders = {ran[f"q{k}"] for k in range(3)}
        assert len(leaders) == 1 and leaders <= {t.ident for t in queued}
        assert set(threading.enumerate()) == before
