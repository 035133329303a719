"""What only the PostgreSQL store can do, and its commands end to end, on a real server.

Two operating-system processes share one match and race to append at one version: the
database, not a check made before the write, lets exactly one in. ``grimoire store``,
``grimoire serve`` and the archive tools (``validate``, ``stats``, ``export``) take a
``postgresql://`` URL wherever they take a file, and agree with the SQLite file; a
server answers 503 while the database is down and serves again once it is up. The
cluster is the ``postgres`` fixture's (``tests/store/conftest.py``): these tests are
skipped, saying why, where PostgreSQL is not installed.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from postgres import Cluster, free_port, racer
from typer.testing import CliRunner

from grimoire import Match
from grimoire.bots.random import RandomBot, play_out
from grimoire.cli.app import app
from grimoire.core.audit import audit
from grimoire.core.errors import ConcurrencyError, StoreError
from grimoire.server.app import ServerConfig, create_app
from grimoire.store import AppendResult, open_store
from grimoire.store.postgres import PostgresStore

SEED = bytes(range(32))
ROUNDS = 16
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture
def url(postgres: Cluster) -> str:
    """A new empty database of the test process's cluster."""
    return postgres.database()


# ---------------------------------------------------------------- two processes


def test_two_processes_racing_at_one_version_exactly_one_wins_each_round(
        url: str, tmp_path: Path) -> None:
    """Two processes, each with its own connection, append at the same expected version
    at the same moment, round after round: each round exactly one append is written and
    the other is a ConcurrencyError naming the winner's version; the log audits."""
    with PostgresStore(url) as store:
        mid = store.create(Match.new("magery", seed=SEED).header, seed=SEED)
    spawn = multiprocessing.get_context("spawn")
    barrier, out = spawn.Barrier(2), spawn.Queue()
    procs = [spawn.Process(target=racer, args=(url, mid, k, ROUNDS, barrier, out))
             for k in range(2)]
    for p in procs:
        p.start()
    try:
        results = [out.get(timeout=60) for _ in procs]
    finally:
        for p in procs:
            p.join(30)
            if p.is_alive():  # pragma: no cover - a hung racer
                p.kill()
    assert not [r for r in results if isinstance(r, str)], "\n".join(
        r for r in results if isinstance(r, str))
    assert all(p.exitcode == 0 for p in procs)
    versions = []
    for first, second in zip(*results, strict=True):
        assert first[1] == second[1], "both raced at the same version"
        outcomes = sorted([first[0], second[0]])
        assert outcomes == ["lost", "won"], (first, second)
        won = first if first[0] == "won" else second
        lost = second if won is first else first
        assert lost[2] == won[2], "the loser is told the winner's version"
        versions.append(won[2])
    assert versions == sorted(set(versions)) and len(versions) == ROUNDS
    with PostgresStore(url) as store:
        assert store.version(mid) == versions[-1]
        store.reveal(mid)
        log = tmp_path / "raced.jsonl"
        store.export(mid, log)
    report = audit(log)
    assert report.ok and report.dice == "verified", report.error


def test_the_records_key_refuses_a_second_append_at_a_version(url: str) -> None:
    """The database enforces the expected version: a transaction that already wrote the
    record at version 0 (not yet committed) makes an append at version 0 wait for it,
    then fail on the records' key (not on a version read before it), as a conflict."""
    import psycopg

    match = Match.new("vicious-circle", seed=SEED)
    with PostgresStore(url) as store:
        mid = store.create(match.header, seed=SEED)
        events = match.act(RandomBot(0).choose(match, min(match.to_act)))
        other = psycopg.connect(url)  # a transaction of its own, left open
        try:
            row = other.execute("SELECT key FROM matches WHERE id = %s", (mid,)).fetchone()
            assert row is not None
            key = row[0]
            other.execute("INSERT INTO events (match, seq, line) VALUES (%s, 0, %s)",
                          (key, b"{}\n"))
            got: list[object] = []
            append = threading.Thread(target=lambda: got.append(_try_append(
                store, mid, events)))
            append.start()
            time.sleep(0.3)
            assert append.is_alive(), "the append waits for the other transaction"
            other.execute("UPDATE matches SET version = 1 WHERE key = %s", (key,))
            other.commit()
            append.join(10)
        finally:
            other.close()
        [result] = got
        assert isinstance(result, ConcurrencyError) and result.reason == "store/conflict"
        assert (result.expected, result.actual) == (0, 1)


def _try_append(store: PostgresStore, mid: str, events: Any) -> object:
    try:
        return store.append(mid, events, expected_version=0)
    except ConcurrencyError as exc:
        return exc


# ---------------------------------------------------------------- errors


def test_an_unreachable_database_is_store_unavailable() -> None:
    """No traceback, no hang: a clear StoreError naming the URL (never its password)."""
    port = free_port()  # nothing listens there
    with pytest.raises(StoreError) as err:
        open_store(f"postgresql://ann:secret@127.0.0.1:{port}/nowhere")
    assert err.value.reason == "store/unavailable"
    assert f"postgresql://ann:***@127.0.0.1:{port}/nowhere" in err.value.detail
    assert "secret" not in str(err.value)
    nowhere = f"postgresql://ann:secret@127.0.0.1:{port}/nowhere"
    for args in (("store", "list", nowhere), ("validate", nowhere), ("stats", nowhere),
                 ("export", nowhere, "-o", "never.parquet")):
        code, out = run(*args)
        assert code == 2 and "store/unavailable" in out and "Traceback" not in out, out
        assert "secret" not in out and "ann:***@" in out, out
    # on a Dask cluster every task would carry the URL: refused before anything is sent
    code, out = run("validate", nowhere, "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and "archive/url-password" in out and "secret" not in out, out


def test_threads_share_the_connections_and_wait_for_one_at_most_the_timeout(
        url: str) -> None:
    """A store opens connections as its threads need them, ``connections`` at most: with
    every one held (here the only one, as a long call holds it), another thread's call
    waits the timeout and fails ``store/unavailable``, no hang; once the connection is
    free, the call goes through on it (no new connection made)."""
    before = postgres_backends(url)
    with PostgresStore(url, connections=1, timeout=0.3) as store:
        mid = store.create(Match.new("magery", seed=SEED).header, seed=SEED)
        holding, done = threading.Event(), threading.Event()

        def hold() -> None:
            with store._reading():  # the store's one connection, held
                holding.set()
                done.wait(10)

        holder = threading.Thread(target=hold)
        holder.start()
        try:
            assert holding.wait(10)
            t0 = time.monotonic()
            with pytest.raises(StoreError) as err:
                store.version(mid)
            waited = time.monotonic() - t0
        finally:
            done.set()
            holder.join(10)
        assert err.value.reason == "store/unavailable", err.value
        assert 0.25 <= waited < 2.0, waited
        assert "all 1 connections" in err.value.detail
        assert store.version(mid) == 0
        backends = postgres_backends(url)
    assert backends == before + 1


def postgres_backends(url: str) -> int:
    """The clients' connections open to ``url``'s database, but this one."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                         "current_database() AND pid <> pg_backend_pid() AND "
                         "backend_type = 'client backend'").fetchone()
    return int(row[0]) if row else 0


def test_a_database_without_a_store_is_missing_to_readers(url: str) -> None:
    """Reading never makes an empty store: ``store list`` of a database without one is
    ``store/missing`` and leaves it without tables."""
    code, out = run("store", "list", url)
    assert code == 2 and "store/missing" in out
    with pytest.raises(StoreError) as err:
        open_store(url, read_only=True)
    assert err.value.reason == "store/missing"
    with PostgresStore(url) as store:  # opening to write makes it
        assert store.schema_version == 2


def test_the_seeds_table_is_the_owners_alone(url: str, postgres: Cluster) -> None:
    """The secret seeds sit in their own table, on which PUBLIC has nothing: a role
    granted the rest of the store may not read them."""
    with PostgresStore(url):
        pass
    schema = url.rsplit("%3D", 1)[1]
    postgres.sql(url, "CREATE ROLE reader LOGIN")
    postgres.sql(url, f"GRANT USAGE ON SCHEMA {schema} TO reader")
    postgres.sql(url, "GRANT SELECT ON matches, players, events TO reader")
    reader = url.replace("grimoire@", "reader@")
    import psycopg

    with psycopg.connect(reader) as db:
        assert db.execute("SELECT count(*) FROM matches").fetchone() == (0,)
    with psycopg.connect(reader) as db, pytest.raises(psycopg.errors.InsufficientPrivilege):
        db.execute("SELECT * FROM seeds")


# ---------------------------------------------------------------- the commands

runner = CliRunner()


def run(*args: object) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


@pytest.fixture
def logs(tmp_path: Path) -> list[Path]:
    """A finished match and a live one, saved as logs."""
    out = []
    for k, (game, players) in enumerate([("vicious-circle", ("Dawn", "Twilight")),
                                         ("wizard-armies", ("Ann", "Cid"))]):
        match = Match.new(game, players=players, seed=SEED)
        play_out(match, RandomBot(k), max_actions=10_000 if k == 0 else 3)
        path = tmp_path / f"{k}-{game}.jsonl"
        match.save(path)
        out.append(path)
    return out


def test_store_commands_take_a_postgresql_url(url: str, tmp_path: Path,
                                              logs: list[Path]) -> None:
    """``grimoire store import|list|export`` on a PostgreSQL database: the logs go in
    and come back byte for byte, and pass ``grimoire validate``."""
    code, out = run("store", "import", url, *logs)
    assert code == 0, out
    ids = [line.split()[0] for line in out.splitlines()]
    code, out = run("store", "list", url, "--json")
    listed = json.loads(out)
    assert code == 0 and [m["id"] for m in listed["matches"]] == ids[::-1]
    assert listed["store"] == url
    assert [m["status"] for m in listed["matches"]] == ["live", "over"]
    for mid, log in zip(ids, logs, strict=True):
        target = tmp_path / f"out-{mid}.jsonl"
        code, out = run("store", "export", url, mid, "-o", target)
        assert code == 0, out
        assert target.read_bytes() == log.read_bytes()
        code, out = run("validate", target)
        assert code == 0, out


@pytest.fixture
def server(url: str, tmp_path: Path) -> Iterator[str]:
    """``grimoire serve --db URL`` in its own process; its base URL."""
    port = free_port()
    err = (tmp_path / "serve.log").open("wb")
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "grimoire"), "serve", "--db", url, "--port",
         str(port)], stdout=subprocess.DEVNULL, stderr=err,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()
            try:
                if httpx.get(f"{base}/games", timeout=1.0).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "grimoire serve did not come up"
            time.sleep(0.05)
        yield base
    finally:
        proc.kill()
        proc.wait(10)
        err.close()


def test_serve_plays_a_match_over_http_on_postgresql(server: str, url: str,
                                                     tmp_path: Path) -> None:
    """A match created and played to its end over HTTP by a server on PostgreSQL: its
    log (seed revealed) and the store's export both pass ``grimoire validate``."""
    with httpx.Client(base_url=server, timeout=10.0) as http:
        created = http.post("/matches", json={"game": "vicious-circle"}).json()
        mid = created["id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        rng = random.Random(0)
        stale = None
        for _ in range(500):
            view = http.get(f"/matches/{mid}", headers={
                "Authorization": f"Bearer {created['spectator']}"}).json()
            if view["outcome"] is not None:
                break
            seat = rng.choice(view["to_act"])
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = http.get(f"/matches/{mid}/legal", headers=auth).json()
            action = rng.choice(legal["actions"])
            r = http.post(f"/matches/{mid}/actions", headers=auth,
                          json={"action": action, "expected_version": legal["version"]})
            assert r.status_code == 200, r.text
            if stale is None:  # the same decision again, at the version it had
                stale = http.post(f"/matches/{mid}/actions", headers=auth,
                                  json={"action": action,
                                        "expected_version": legal["version"]})
        else:  # pragma: no cover
            raise AssertionError("the match did not end")
        assert stale is not None and stale.status_code == 409
        assert stale.json()["reason"] == "store/conflict"
        r = http.get(f"/matches/{mid}/log", headers={
            "Authorization": f"Bearer {created['spectator']}"})
        assert r.status_code == 200, r.text
    served = tmp_path / "served.jsonl"
    served.write_bytes(r.content)
    exported = tmp_path / "exported.jsonl"
    code, out = run("store", "export", url, mid, "-o", exported)
    assert code == 0, out
    assert exported.read_bytes() == served.read_bytes()
    for log in (served, exported):
        code, out = run("validate", log)
        assert code == 0, out
        assert audit(log).dice == "verified"


def test_an_append_result_is_the_same_on_both_backends(url: str, tmp_path: Path) -> None:
    """The same decisions into an SQLite file and a PostgreSQL database: the same
    results, the same exported bytes."""
    match = Match.new("magery", seed=SEED)
    bot = RandomBot(5)
    decisions = [match.act(bot.choose(match, min(match.to_act))) for _ in range(12)]
    exports: list[tuple[list[AppendResult], bytes]] = []
    for db in (str(tmp_path / "s.db"), url):
        with open_store(db) as store:
            mid = store.create(match.header, seed=SEED, match_id="same")
            version, results = 0, []
            for events in decisions:
                results.append(store.append(mid, events, expected_version=version))
                version = results[-1].version
            out = tmp_path / f"{len(exports)}.jsonl"
            store.export(mid, out)
            exports.append((results, out.read_bytes()))
    assert exports[0] == exports[1]
    assert exports[0][0][-1] == AppendResult(len(match.events))


# ---------------------------------------------------------------- the archive tools

ARCHIVE = [FIXTURES / "magery" / "edge-victory-arena-cleared.jsonl",
           FIXTURES / "magery" / "edge-round-limit-draw.jsonl",
           FIXTURES / "vicious-circle" / "edge-finished-position.jsonl",
           FIXTURES / "vicious-circle" / "edge-straight-paths.jsonl"]
"""Two games, two logs each (won, drawn, a header alone, unfinished)."""


def test_validate_stats_and_export_read_a_url_as_they_read_the_sqlite_file(
        postgres: Cluster, tmp_path: Path) -> None:
    """The same logs imported into an SQLite file and a PostgreSQL database: ``grimoire
    validate`` (two processes on the URL), ``stats`` and ``export`` over the URL give what
    they give over the file, but for the store's name (``URL#MATCH``, its password hidden
    as ``***``, never shown). (On a Dask cluster: ``tests/tools/test_cluster.py``.)"""
    url = postgres.database()
    secret = url.replace("grimoire@", "grimoire:hunter2@")  # trust: the password is unused
    named = url.replace("grimoire@", "grimoire:***@")
    sqlite = str(tmp_path / "archive.sqlite")
    for db in (sqlite, secret):
        with open_store(db) as store:
            for k, log in enumerate(ARCHIVE):
                store.import_log(log, match_id=f"m{k}")
    outputs = []
    for db, jobs in ((sqlite, "1"), (secret, "2")):
        code, out = run("validate", db, "--json", "--jobs", jobs)
        assert code == 0, out
        outputs.append(out)
    assert outputs[1] == outputs[0].replace(sqlite, named)
    assert [r["path"] for r in json.loads(outputs[1])["logs"]] == [
        f"{named}#m{k}" for k in range(len(ARCHIVE))]
    figures = []
    for db in (sqlite, secret):
        code, out = run("stats", db, "--json", "--jobs", "1")
        assert code == 0, out
        figures.append(out)
    assert figures[1] == figures[0].replace(sqlite, named)
    import pyarrow.parquet as pq

    tables = []
    for k, db in enumerate((sqlite, secret)):
        target = tmp_path / f"{k}.parquet"
        code, out = run("export", db, "-o", target, "--json", "--jobs", "1")
        assert code == 0, out
        outputs.append(out)
        tables.append(pq.read_table(target))
    assert tables[0].num_rows > 0
    assert tables[1].drop_columns(["match"]).equals(tables[0].drop_columns(["match"]))
    assert tables[1].column("match").to_pylist() == [
        m.replace(sqlite, named) for m in tables[0].column("match").to_pylist()]
    assert not [out for out in outputs + figures if "hunter2" in out]


# ---------------------------------------------------------------- the server, down and up


def test_a_server_answers_503_while_the_database_is_down_and_serves_when_it_is_up(
        url: str, postgres: Cluster) -> None:
    """PostgreSQL stopped under a running server (in a thread of this process): a
    request that needs the store is 503 ``store/unavailable`` with ``Retry-After``, never
    a hang or a 500; started again, the same server serves the next request."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(ServerConfig(db=url)), host="127.0.0.1",
                                           port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10.0) as http:
            deadline = time.monotonic() + 10
            while not _up(http):
                assert time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.02)
            new = {"game": "vicious-circle"}
            assert http.post("/matches", json=new).status_code == 201
            postgres.pause()
            try:
                down = http.post("/matches", json=new)
            finally:
                postgres.resume()
            assert down.status_code == 503, down.text
            assert down.json()["reason"] == "store/unavailable"
            assert down.headers["retry-after"].isdigit()
            again = http.post("/matches", json=new)
            assert again.status_code == 201, again.text
    finally:
        server.should_exit = True
        thread.join(10)
    with PostgresStore(url, read_only=True) as store:
        assert len(store.matches()) == 2


def _up(http: httpx.Client) -> bool:
    try:
        return http.get("/games").status_code == 200
    except httpx.HTTPError:
        return False
