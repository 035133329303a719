"""Several server processes over one PostgreSQL database: each answers for every match,
whichever process minted its tokens or took its last action, and nothing acknowledged is
lost when one of them dies, when PostgreSQL stops and starts, or when the database has
no connection to spare.

Two servers on their own ports (the layout behind any proxy) share one database of the
``postgres`` fixture's cluster, for the whole module: A is ``grimoire serve --workers 2``
(two worker processes forked by one, sharing its port), B one process: three
server processes. The module's last test kills B and one of A's workers. The servers
connect as a role allowed fifteen connections (five a process: its store's four and
its watch's), so a test can take them all.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from postgres import USER, Cluster
from servers import HTTP, auth, bot_answers_across, played_across, serving
from typer.testing import CliRunner

from grimoire.cli.app import app
from grimoire.store.postgres import CLAIMS, PostgresStore

ROLE = "capped"
LIMIT = 15
"""Connections the servers' role may hold: three processes, each its store's four
(``grimoire.store.postgres.CONNECTIONS``) and its watch's."""


@dataclass
class Trio:
    """Three server processes over one database (A's two workers on one port, B on
    another), and the database's URLs (the servers' role's, and the superuser's for
    checking)."""

    url: str
    admin: str
    bases: list[str]
    procs: list[subprocess.Popen[bytes]]
    folder: Path
    cluster: Cluster
    matches: list[str] = field(default_factory=list)
    bot_table: dict[str, str] = field(default_factory=dict)


@pytest.fixture(scope="module")
def trio(postgres: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Trio]:
    folder = tmp_path_factory.mktemp("trio")
    admin = postgres.database("trio")
    postgres.sql(postgres.url("grimoire"), f"DO $$ BEGIN CREATE ROLE {ROLE} LOGIN; "
                 "EXCEPTION WHEN duplicate_object THEN NULL; END $$")
    postgres.sql(postgres.url("grimoire"), f"ALTER ROLE {ROLE} CONNECTION LIMIT {LIMIT}")
    postgres.sql(postgres.url("grimoire"), f"ALTER SCHEMA trio OWNER TO {ROLE}")
    url = admin.replace(f"postgresql://{USER}@", f"postgresql://{ROLE}@")
    with serving(url, folder, ("A", ("--workers", "2")), ("B", ())) as started:
        yield Trio(url, admin, [b for b, _ in started], [p for _, p in started], folder,
                   postgres)


def test_a_match_made_on_one_process_is_played_and_watched_on_the_others(trio: Trio) -> None:
    """Tokens minted by A work on B; an action acknowledged by one process is in the next
    view, legal actions and events another serves, and a WebSocket held by B is told
    every event, whichever process appended it, once each and in order. An action sent
    to a process whose copy of the match is behind, with the right expected version, is
    taken (never a spurious 409); a stale version is 409 ``store/conflict`` from every
    process (:func:`servers.played_across`)."""
    trio.matches.append(played_across(trio.bases))


def test_one_process_acts_for_a_bot_seat_whichever_process_the_person_uses(
        trio: Trio) -> None:
    """A table of a person and a server bot, the person's actions sent to the servers in
    turn: the bot answers each, and one process alone holds the match's claim (the
    database's advisory lock) and searches for it."""
    mid, token = bot_answers_across(trio.bases)
    trio.matches.append(mid)
    trio.bot_table = {"id": mid, "token": token}
    assert len(claim_holders(trio, mid)) == 1


def claim_holders(trio: Trio, mid: str) -> list[int]:
    """The server processes holding the match's claim (their watch connections'
    ``application_name`` is ``grimoire watch <pid>``)."""
    rows = trio.cluster.sql(
        trio.admin, "SELECT a.application_name FROM pg_locks AS l JOIN pg_stat_activity AS "
        "a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.classid = %s AND "
        "l.objid::int4 = hashtext(%s) AND l.granted", (CLAIMS, mid))
    return [int(name.rsplit(" ", 1)[1]) for name, in rows]


@dataclass
class Load:
    """Bot clients playing matches over the servers: each client plays its match through
    one server and moves to the next when it fails it (a connection refused or cut, or a
    503), as a client behind a proxy would be moved."""

    trio: Trio
    acks: list[tuple[str, int]] = field(default_factory=list)
    refusals: list[tuple[int, str, str | None]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    threads: list[threading.Thread] = field(default_factory=list)

    def start(self, matches: list[dict[str, Any]], racers: int = 1) -> None:
        plan = [(m, k) for k, m in enumerate(matches)]
        plan += [(matches[0], 100 + k) for k in range(racers)]  # race the first client
        for created, seed in plan:
            thread = threading.Thread(target=self._play, args=(created, seed), daemon=True)
            thread.start()
            self.threads.append(thread)

    def until(self, acks: int, seconds: float) -> None:
        """Let the clients play until they have had ``acks`` actions acknowledged in all,
        ``seconds`` at most."""
        deadline = time.monotonic() + seconds
        while len(self.acks) < acks and time.monotonic() < deadline:
            time.sleep(0.02)

    def end(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(20)
        assert not any(t.is_alive() for t in self.threads), "a client hung"

    def _play(self, created: dict[str, Any], seed: int) -> None:
        rng = random.Random(seed)
        mid = created["id"]
        where = seed % len(self.trio.bases)
        with httpx.Client(timeout=5.0) as http:
            while not self.stop.is_set():
                base = self.trio.bases[where]
                try:
                    view = http.get(f"{base}/matches/{mid}",
                                    headers=auth(created["spectator"]))
                    if view.status_code != 200:
                        self._refused(view)
                        where = (where + 1) % len(self.trio.bases)
                        continue
                    if view.json()["outcome"] is not None:
                        return
                    seat = rng.choice(view.json()["to_act"])
                    token = created["seats"][seat]["token"]
                    legal = http.get(f"{base}/matches/{mid}/legal", headers=auth(token))
                    if legal.status_code != 200 or not legal.json()["actions"]:
                        self._refused(legal)
                        continue
                    r = http.post(f"{base}/matches/{mid}/actions", headers=auth(token),
                                  json={"action": rng.choice(legal.json()["actions"]),
                                        "expected_version": legal.json()["version"]})
                    if r.status_code == 200:
                        self.acks.append((mid, r.json()["version"]))
                    else:
                        self._refused(r)
                except httpx.HTTPError:  # the process is gone: the next one
                    where = (where + 1) % len(self.trio.bases)
                    time.sleep(0.05)

    def _refused(self, r: httpx.Response) -> None:
        if r.status_code == 200:
            return
        self.refusals.append((r.status_code, r.json().get("reason", ""),
                              r.headers.get("retry-after")))
        if r.status_code == 503:
            time.sleep(0.1)


def new_matches(trio: Trio, count: int) -> list[dict[str, Any]]:
    games = ["magery", "swords-wizardry", "wiz-war", "magery"]  # long matches
    made = [HTTP.post(f"{trio.bases[k % 2]}/matches", json={"game": games[k % 4]}).json()
            for k in range(count)]
    trio.matches += [m["id"] for m in made]
    return made


def check_store(trio: Trio, acks: list[tuple[str, int]], tmp: Path) -> None:
    """Every acknowledged action is in the store, once; every match exports to a log
    that ``grimoire validate`` passes; two racing clients never both won one turn."""
    files = []
    with PostgresStore(trio.admin, read_only=True) as store:
        for mid in trio.matches:
            version = store.version(mid)
            acked = [v for m, v in acks if m == mid]
            assert not acked or max(acked) <= version, "an acknowledged action was lost"
            assert [r.seq for r in store.records(mid)] == list(range(version))
            files.append(tmp / f"{mid}.jsonl")
            store.export(mid, files[-1])
    assert len(acks) == len(set(acks)), "two clients acknowledged for one turn"
    result = CliRunner().invoke(app, ["validate", *map(str, files)])
    assert result.exit_code == 0, result.output


def test_postgresql_stopped_and_started_under_load(trio: Trio, tmp_path: Path) -> None:
    """PostgreSQL stopped under bot clients on the three processes: requests are 503
    ``store/unavailable`` with ``Retry-After`` (never a 500, never a hang); started again,
    play goes on; every acknowledged action is stored, every match validates."""
    load = Load(trio)
    load.start(new_matches(trio, 2))
    time.sleep(0.5)
    trio.cluster.pause()
    time.sleep(0.3)
    before = len(load.acks)
    trio.cluster.resume()
    load.until(before + 30, 1.0)  # three times the one action asked for below, and more
    load.end()
    assert len(load.acks) > before, "no action after PostgreSQL came back"
    unavailable = [r for r in load.refusals if r[0] == 503]
    assert unavailable, "no request met the stopped database"
    assert all(reason == "store/unavailable" and after and after.isdigit()
               for _, reason, after in unavailable), unavailable
    assert {status for status, _, _ in load.refusals} <= {409, 503}, load.refusals
    check_store(trio, load.acks, tmp_path)


def test_the_database_out_of_connections_is_a_clear_503(trio: Trio) -> None:
    """Every connection the servers' role may hold taken by someone else, and the
    servers' own cut: each request that needs the store is answered at once, 503
    ``store/unavailable`` with ``Retry-After``; once connections are free, served."""
    import psycopg

    mid = trio.matches[0]
    killed = trio.cluster.sql(trio.admin, "SELECT pg_terminate_backend(pid) FROM "
                              "pg_stat_activity WHERE usename = %s", (ROLE,))
    assert 3 <= len(killed) <= LIMIT  # the watches' three, and the stores' connected
    hogs: list[Any] = []
    try:
        for _ in range(20):  # until every connection of the role is one of ours
            for _ in range(LIMIT - len(hogs)):
                with contextlib.suppress(psycopg.OperationalError):  # a server's came back
                    hogs.append(psycopg.connect(trio.url, connect_timeout=5))
            ours = [hog.info.backend_pid for hog in hogs]
            theirs = trio.cluster.sql(
                trio.admin, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE usename = %s AND NOT pid = ANY(%s)", (ROLE, ours))
            if len(hogs) == LIMIT and not theirs:
                break
            time.sleep(0.05)  # the terminated ones' slots freed as they exit
        with pytest.raises(psycopg.OperationalError, match="too many connections"):
            psycopg.connect(trio.url, connect_timeout=5)
        for base in trio.bases:
            t0 = time.monotonic()
            r = HTTP.get(f"{base}/matches/{mid}/events", headers=auth("not-a-known-token"))
            assert time.monotonic() - t0 < 3.0, "waited for a connection"
            assert r.status_code == 503, r.text
            assert r.json()["reason"] == "store/unavailable"
            assert r.headers["retry-after"].isdigit()
    finally:
        for hog in hogs:
            hog.close()
    for base in trio.bases:
        assert HTTP.post(f"{base}/matches", json={"game": "magery"}).status_code == 201


def test_sigkill_of_server_processes_under_load_loses_nothing_acknowledged(
        trio: Trio, tmp_path: Path) -> None:
    """Under bot clients, B and one of A's two workers killed with SIGKILL: B's clients
    move to A and play on, A's port goes on answering (its other worker) and A forks a
    new worker; every action any process acknowledged is stored, once; every match
    validates. One of the two killed holds the claim of the bot table's match, and dies
    when its bot is to act: another process takes the bot over and it plays on. (The
    module's last test: B stays dead.)"""
    a, b = trio.procs
    deadline = time.monotonic() + 20
    while len(workers := children(a.pid)) < 2:
        assert time.monotonic() < deadline, "A's two workers did not start"
        time.sleep(0.1)
    mid, token = trio.bot_table["id"], trio.bot_table["token"]

    def person_acts(base: str) -> dict[str, Any]:
        deadline = time.monotonic() + 10
        while not (legal := HTTP.get(f"{base}/matches/{mid}/legal",
                                     headers=auth(token)).json())["actions"]:
            assert legal["outcome"] is None, "the match ended"
            assert time.monotonic() < deadline, "the bot did not act"
            time.sleep(0.05)
        r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token), json={
            "action": legal["actions"][0], "expected_version": legal["version"]})
        assert r.status_code == 200 and r.json()["outcome"] is None, r.text
        return dict(r.json())

    while not (holders := claim_holders(trio, mid)):  # (claims went with the outages)
        person_acts(trio.bases[0])  # until the bot has answered: a process holds it then
    holder, = holders
    doomed = [holder, b.pid if holder != b.pid else workers[0]]
    load = Load(trio)
    load.start(new_matches(trio, 3))
    load.until(15, 0.8)  # three times the actions asked for before the kill
    os.kill(holder, signal.SIGSTOP)  # frozen, its claim held: the bot cannot act
    elsewhere = trio.bases[0] if holder == b.pid else trio.bases[1]
    while (acted := person_acts(elsewhere))["to_act"] != [1]:
        pass  # until it is the bot's turn, its process frozen
    for pid in doomed:
        os.kill(pid, signal.SIGKILL)
    b.wait(10)
    killed = len(load.acks)
    load.until(killed + 30, 0.8)  # three times the actions asked for after it
    load.end()
    deadline = time.monotonic() + 15  # the bots no one holds are looked for every 5 s
    while HTTP.get(f"{trio.bases[0]}/matches/{mid}/legal", headers=auth(token)
                   ).json()["version"] == acted["version"]:
        assert time.monotonic() < deadline, "no process took the bot over"
        time.sleep(0.2)
    assert claim_holders(trio, mid) and holder not in claim_holders(trio, mid)
    assert killed >= 5, "the load was too light to mean anything"
    assert len(load.acks) > killed + 10, "the clients did not go on elsewhere"
    assert {status for status, _, _ in load.refusals} <= {409}, load.refusals
    check_store(trio, load.acks, tmp_path)
    while len(set(children(a.pid)) - set(doomed)) < 2:
        assert time.monotonic() < deadline + 20, "A forked no new worker"
        time.sleep(0.2)


def children(pid: int) -> list[int]:
    """The worker processes the server ``pid`` forked."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []
