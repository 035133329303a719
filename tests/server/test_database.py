"""What the server does when its database file is locked, full or damaged: the request is
refused with the store's reason code (503, 507, 500), nothing is acknowledged that is not
written, the match stays as it was and carries on once the file is well again; a file
that is not a store stops ``grimoire serve`` before it listens, with exit code 2."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.server.conftest import HTTP, auth, free_port, running

from grimoire.server import ServerConfig, create_app
from grimoire.store import Store


def new_match(base: str) -> dict[str, Any]:
    r = HTTP.post(f"{base}/matches", json={"game": "wiz-war"})
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def attempt(base: str, created: dict[str, Any], rng: random.Random,
            key: str | None = None) -> tuple[Any, dict[str, Any], Any]:
    """One random legal action, posted: (the response, the legal answer, the action)."""
    mid = created["id"]
    status = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(created["spectator"])).json()
    seat = rng.choice(status["to_act"])
    tok = created["seats"][seat]["token"]
    legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(tok)).json()
    action = rng.choice(legal["actions"])
    r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(tok), json={
        "action": action, "expected_version": legal["version"], "idempotency_key": key})
    return r, legal, (tok, action)


def test_a_locked_file_is_503_and_the_retry_goes_through(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite"
    with running(ServerConfig(db=str(db), lock_timeout=0.2)) as base:
        created = new_match(base)
        mid = created["id"]
        for _ in range(3):
            assert attempt(base, created, random.Random(1))[0].status_code == 200
        before = HTTP.get(f"{base}/matches/{mid}", headers=auth(created["spectator"])).json()
        other = sqlite3.connect(db, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        try:
            r, legal, (tok, action) = attempt(base, created, random.Random(2), key="k1")
            assert (r.status_code, r.json()["reason"]) == (503, "store/locked")
            assert HTTP.post(f"{base}/matches", json={"game": "wiz-war"}).status_code == 503
            # reading needs no lock (WAL): the match reads as it stood
            now = HTTP.get(f"{base}/matches/{mid}", headers=auth(created["spectator"])).json()
            assert now == before
        finally:
            other.execute("ROLLBACK")
            other.close()
        again = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(tok), json={
            "action": action, "expected_version": legal["version"], "idempotency_key": "k1"})
        assert again.status_code == 200 and not again.json()["repeated"]
        assert again.json()["version"] > before["version"]


def test_a_full_disk_is_507_and_nothing_is_acknowledged_that_is_not_written(
        tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite"
    app = create_app(ServerConfig(db=str(db)))
    connection = app.state.hub.store._conn()  # SQLite's size limit fails as a full disk
    with running(app) as base:
        created = new_match(base)
        mid = created["id"]
        rng = random.Random(3)
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")
        acknowledged, refused = 0, 0
        for _ in range(400):
            r, _legal, _ = attempt(base, created, rng)
            if r.status_code == 200:
                acknowledged = r.json()["version"]
                continue
            assert (r.status_code, r.json()["reason"]) == (507, "store/full")
            refused += 1
            if refused == 3:
                break
        assert refused == 3
        view = HTTP.get(f"{base}/matches/{mid}", headers=auth(created["spectator"])).json()
        assert view["version"] == acknowledged
        connection.execute("PRAGMA max_page_count = 1073741823")  # room again
        r, _legal, _ = attempt(base, created, rng)
        assert r.status_code == 200 and r.json()["version"] > view["version"]
        version = r.json()["version"]
    with Store(db) as store:  # the file holds exactly what was acknowledged
        assert store.version(mid) == version
        assert len(list(store.records(mid))) == version


def test_a_file_that_is_not_a_store_stops_serve_with_exit_code_2(tmp_path: Path) -> None:
    bad = tmp_path / "m.sqlite"
    bad.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 40)
    exe = Path(sys.executable).parent / "grimoire"
    done = subprocess.run([str(exe), "serve", "--db", str(bad), "--port", str(free_port())],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "store/corrupt" in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


def test_a_file_damaged_while_serving_is_500_store_corrupt(tmp_path: Path) -> None:
    db = tmp_path / "m.sqlite"
    with running(ServerConfig(db=str(db))) as base:
        created = new_match(base)
        mid = created["id"]
        rng = random.Random(4)
        for _ in range(5):
            assert attempt(base, created, rng)[0].status_code == 200
        with Store(db) as store:  # every page written back into the file, none in the WAL
            store._conn().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = db.stat().st_size
        with open(db, "r+b") as f:  # everything after the first page overwritten
            f.seek(4096)
            f.write(b"\xa5" * (size - 4096))
        r = HTTP.get(f"{base}/matches/{mid}/events?since=0", headers=auth(created["spectator"]))
        assert (r.status_code, r.json()["reason"]) == (500, "store/corrupt")
        assert "Traceback" not in r.text
