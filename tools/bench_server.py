"""The match server's benchmark (``python tools/bench.py --server``, or this file alone):
``grimoire serve`` in its own process on this machine, N concurrent matches of random bots
over HTTP (each seat a client; each bot reads its legal actions, then acts), for a few
seconds, twice in the same run: alone (``server_*``), and while 10 more clients reload
the HTML viewers of long Wiz-War matches in a loop (``loaded_*``: the matches are random
bot games of at least 3,000 events, imported into the store as ``grimoire store import``
does, each viewer opened once before as the spectator; a client reloads as a browser
does, asking for the page only if it changed, and then shows it: ``loaded_*`` take the
time a browser takes to show it, ``flooded_*`` none, reloading as fast as the server
answers, a stress figure). Reports acknowledged actions/s,
p50 and p99 latency of an action's POST, the viewers reloaded a second and their p99,
the first (cold) and later (cached) answer of a viewer of a 3,000-event match and the
first answer of the pictures it asks for when the reader presses End, and the
store's append throughput (single decisions, one transaction each, on disk).

Then, in the same run, the same bots (alone) over a PostgreSQL database, served by one
process (``pg1_*``) and by two (``grimoire serve --workers 2``, ``pg2_*``), beside
SQLite's one process (``server_*``), and the PostgreSQL store's appends alone
(``pg_store_append_*``). The database is ``--postgres URL`` if given, else a throw-away
cluster made as the tests make theirs (``tests/support/postgres.py``) but with
PostgreSQL's own durability (each commit on disk, as SQLite's ``full``). For each load:
the CPU a server spent per acknowledged action (``*_app_cpu_ms``, its processes') and, on
a throw-away cluster, PostgreSQL's (``*_db_cpu_ms``): what the scaling estimates in
``docs/server.md`` are made from. ``--viewers``: the viewers' answers alone. Nothing here
asserts a time."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

import httpx
import msgspec

from grimoire.bots.random import RandomBot
from grimoire.core import registry
from grimoire.core.match import Match
from grimoire.server.hub import digest
from grimoire.store import open_store
from grimoire.tools.simulate import bot_match
from grimoire.tools.view import KEYFRAME

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def store_appends(db: str, decisions: int = 3000, prefix: str = "store"
                  ) -> dict[str, float]:
    """Events/s and decisions/s appended to the store ``db`` (a file or a URL), one
    decision per transaction (durability full: each committed to disk before the next)."""
    rng_match = Match.new("wizard-armies", seed=bytes(32))
    bot = RandomBot(0)
    decided: list[tuple[Any, ...]] = []
    while len(decided) < decisions:
        if not rng_match.to_act:
            rng_match = Match.new("wizard-armies", seed=bytes([len(decided) % 256]) * 32)
        decided.append(rng_match.act(bot.choose(rng_match, min(rng_match.to_act))))
    with open_store(db) as store:
        header = Match.new("wizard-armies", seed=bytes(32)).header
        ids = [store.create(header) for _ in range(max(1, decisions // 50))]
        versions = dict.fromkeys(ids, 0)
        events = 0
        t0 = time.perf_counter()
        for k, decision in enumerate(decided):
            mid = ids[k % len(ids)]
            versions[mid] = store.append(mid, decision, expected_version=versions[mid]).version
            events += len(decision)
        elapsed = time.perf_counter() - t0
        out = {f"{prefix}_append_events_per_s": events / elapsed,
               f"{prefix}_append_decisions_per_s": len(decided) / elapsed}
        out.update(_threads_appending(store, header, decided, prefix))
        return out


def _threads_appending(store: Any, header: Any, decided: list[tuple[Any, ...]],
                       prefix: str, threads: int = 16) -> dict[str, float]:
    """``threads`` threads appending ``decided`` to matches of their own, each as soon as
    its last append returned (a server's worker threads under a closed load): appends/s,
    the process's CPU per append and the appends' p99 (group commit gathers them)."""
    ids = [store.create(header) for _ in range(threads)]
    latencies: list[float] = []

    def run(k: int) -> None:
        version = 0
        for decision in decided[k::threads]:
            t0 = time.perf_counter()
            version = store.append(ids[k], decision, expected_version=version).version
            latencies.append(time.perf_counter() - t0)

    workers = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    cpu, t0 = time.process_time(), time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - cpu
    latencies.sort()
    return {f"{prefix}_threads_appends_per_s": len(latencies) / elapsed,
            f"{prefix}_threads_cpu_us": 1e6 * cpu / len(latencies),
            f"{prefix}_threads_p99_ms": _p(latencies, 0.99)}


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)``, on uvloop where it is installed (the server extra brings
    it): the load generator's clients run on the faster loop, as the server does."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


class Connection:
    """One keep-alive HTTP/1.1 connection speaking just enough HTTP for the benchmark's
    requests (a load generator must cost far less than the server it loads, as wrk and
    h2load do; httpx costs about as much per request as the server itself)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Connection:
        return cls(*await asyncio.open_connection("127.0.0.1", port))

    async def call(self, method: str, path: str, token: str | None = None,
                   body: Any = None, into: type[Any] = Any) -> tuple[int, Any]:
        """The status and the body decoded (``into``: as that type; an error's body as
        it is)."""
        status, data = await self.fetch(method, path, token, body)
        return status, msgspec.json.decode(data, type=into if status < 400 else Any)

    async def fetch(self, method: str, path: str, token: str | None = None,
                    body: Any = None, etag: str = "") -> tuple[int, bytes]:
        """The status and the body's bytes (``etag``: asked only if it changed)."""
        status, _, data = await self.exchange(method, path, token, body, etag)
        return status, data

    async def exchange(self, method: str, path: str, token: str | None = None,
                       body: Any = None, etag: str = "") -> tuple[int, str, bytes]:
        """The status, the entity tag and the body's bytes."""
        data = b"" if body is None else msgspec.json.encode(body)
        head = f"{method} {path} HTTP/1.1\r\nhost: bench\r\ncontent-length: {len(data)}\r\n"
        if etag:
            head += f"if-none-match: {etag}\r\n"
        if body is not None:
            head += "content-type: application/json\r\n"
        if token:
            head += f"authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line, *lines = (await self.reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        length, tag = 0, ""
        for line in lines:
            name, _, value = line.partition(b":")
            name = name.lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"etag":
                tag = value.strip().decode()
        return int(status_line.split()[1]), tag, await self.reader.readexactly(length)

    def close(self) -> None:
        self.writer.close()


class _Turn(msgspec.Struct):
    """Where a match stands, and a seat's legal actions left as the server wrote them
    (a bot picks one and sends it back: decoding them all would make the load generator
    cost more than it must)."""
    to_act: list[int]
    version: int = 0
    actions: list[msgspec.Raw] = []


async def _bot(port: int, game: str, seed: int, until: float,
               latencies: list[float], every: float = 0.0,
               lateness: list[float] | None = None, since: float = 0.0) -> int:
    """Bots in every seat of one match after another of ``game`` (each action: the acting
    seat's legal actions, then the action, both with that seat's token). ``every``: an
    action is begun every ``every`` seconds, on a schedule (0: each as soon as the last
    is answered); ``lateness`` is then given, for each action, how long after its
    scheduled start it was acknowledged (what a player waits, the server's delays in
    starting it included, as wrk2 measures). Only the actions begun at ``since`` or
    later are counted and measured (the load's warm-up before)."""
    rng = random.Random(seed)
    conn = await Connection.open(port)
    acted = 0
    due = time.perf_counter() + every * rng.random()  # the matches' schedules staggered
    try:
        while time.perf_counter() < until:
            _, created = await conn.call("POST", "/matches", body={"game": game})
            mid, tokens = created["id"], [s["token"] for s in created["seats"]]
            _, begun = await conn.call("GET", f"/matches/{mid}/legal", created["spectator"],
                                       into=_Turn)
            to_act: list[int] = begun.to_act
            while to_act and time.perf_counter() < until:
                if every:
                    await asyncio.sleep(max(0.0, due - time.perf_counter()))
                seat = rng.choice(to_act)
                _, legal = await conn.call("GET", f"/matches/{mid}/legal", tokens[seat],
                                           into=_Turn)
                if not legal.actions:
                    raise RuntimeError(f"seat {seat} is to act in {mid} with no action")
                t0 = time.perf_counter()
                status, done = await conn.call(
                    "POST", f"/matches/{mid}/actions", tokens[seat],
                    {"action": rng.choice(legal.actions),
                     "expected_version": legal.version}, into=_Turn)
                answered = time.perf_counter()
                if status != 200:
                    raise RuntimeError(f"refused: {done}")
                if t0 >= since:
                    latencies.append(answered - t0)
                    if every and lateness is not None:
                        lateness.append(answered - due)
                    acted += 1
                due += every
                to_act = done.to_act
    finally:
        conn.close()
    return acted


BROWSER_SHOWS = 0.5
"""Seconds a browser takes to show a 3,000-event Wiz-War viewer before it can be reloaded:
headless Chromium, on the development machine, showed one of 3,338 events (its data
unpacked, the events listed, the first picture drawn) in 0.54 to 0.86 s."""


async def _reload(port: int, token: str, path: str, until: float,
                  latencies: list[float], pace: float, since: float = 0.0) -> int:
    """A client reloading one viewer in a loop, as a browser reloads a page it holds:
    asking for it only if it changed (``If-None-Match``, answered 304 when it did not),
    then ``pace`` seconds to show it (0: reloading as fast as the server answers). The
    number of pages it got from ``since`` on (only those are measured)."""
    conn = await Connection.open(port)
    got, held = 0, ""
    try:
        while time.perf_counter() < until:
            t0 = time.perf_counter()
            status, tag, page = await conn.exchange("GET", path, token, etag=held)
            if t0 >= since:
                latencies.append(time.perf_counter() - t0)
                got += 1
            if status != 304 or not held:
                if status != 200 or not page.startswith(b"<!doctype html>"):
                    raise RuntimeError(f"the viewer answered {status}")
                held = tag
            await asyncio.sleep(pace)
    finally:
        conn.close()
    return got


def _p(sorted_values: list[float], q: float) -> float:
    return 1000 * sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


WARMUP = 2.0
"""Seconds each load runs before it is measured: its clients connect and create their
first matches together (50 in the same millisecond), and a new server process's first
decisions of each game fill its caches; a steady load is measured after, as wrk2 does
after its calibration."""


async def _load(port: int, matches: int, seconds: float, prefix: str = "server",
                viewers: Sequence[tuple[str, str]] = (),
                pace: float = BROWSER_SHOWS, rate: float = 0.0,
                warmup: float = WARMUP,
                cpu: dict[str, Callable[[], float]] | None = None) -> dict[str, float]:
    """Bots in ``matches`` matches for ``seconds``, and a client reloading each of
    ``viewers`` (token, path) in a loop meanwhile (:func:`_reload`). ``rate``: actions
    offered a second in all, each match acting on its own schedule (an open load, whose
    latencies are the server's, not the length of the clients' own queue); 0: each match
    acts again as soon as it is answered (a closed load: the most the server acknowledges,
    its latencies then the clients' queue, 50 matches over the actions/s). The first
    ``warmup`` seconds are not measured (:data:`WARMUP`). ``cpu``: name to a count of
    CPU seconds (a server's processes', PostgreSQL's), each reported as
    ``{prefix}_{name}_cpu_ms``, its CPU spent per acknowledged action while measured."""
    games = ["vicious-circle", "wizard-armies", "swords-wizardry", "magery", "wiz-war"]
    latencies: list[float] = []
    lateness: list[float] = []
    reloads: list[float] = []
    every = matches / rate if rate else 0.0
    since = time.perf_counter() + warmup
    until = since + seconds
    spent: dict[str, float] = {}

    async def weigh() -> None:  # each count's value as the measured window begins
        await asyncio.sleep(max(0.0, since - time.perf_counter()))
        spent.update({name: count() for name, count in (cpu or {}).items()})

    acted, pages, _ = await asyncio.gather(
        asyncio.gather(*(_bot(port, games[i % len(games)], i, until, latencies, every,
                              lateness, since) for i in range(matches))),
        asyncio.gather(*(_reload(port, token, path, until, reloads, pace, since)
                         for token, path in viewers)),
        weigh())
    elapsed = until - since  # the window the counted actions and pages were begun in
    # (each reloading client waits up to ``pace`` after its last page before it ends)
    latencies.sort()
    reloads.sort()
    out = {f"{prefix}_actions_per_s": sum(acted) / elapsed,
           f"{prefix}_p50_ms": _p(latencies, 0.5), f"{prefix}_p99_ms": _p(latencies, 0.99),
           f"{prefix}_matches": matches}
    for name, count in (cpu or {}).items():
        out[f"{prefix}_{name}_cpu_ms"] = 1000 * (count() - spent[name]) / max(1, sum(acted))
    if rate:
        lateness.sort()
        out |= {f"{prefix}_offered_per_s": rate,
                f"{prefix}_scheduled_p99_ms": _p(lateness, 0.99)}
    if viewers:
        out |= {f"{prefix}_viewers": len(viewers),
                f"{prefix}_viewer_reloads_per_s": sum(pages) / elapsed,
                f"{prefix}_viewer_p50_ms": _p(reloads, 0.5),
                f"{prefix}_viewer_p99_ms": _p(reloads, 0.99)}
    return out


def long_logs(folder: str, count: int, events: int = 3000) -> list[str]:
    """``count`` logs of random Wiz-War bot matches of at least ``events`` events (the
    first such matches of seed 0), each ended."""
    rules = registry.get("wiz-war")
    paths: list[str] = []
    index = 0
    while len(paths) < count:
        match = bot_match(rules, 0, index, max_actions=20_000)
        index += 1
        if len(match.events) >= events and match.rules.outcome(match.state) is not None:
            paths.append(os.path.join(folder, f"wiz-war-{index}.jsonl"))
            match.save(paths[-1])
    return paths


def viewed(db: str, logs: list[str], readers: int) -> list[tuple[str, str, int]]:
    """The logs imported into the store at ``db``, and ``readers`` spectators' tokens,
    one a reader (a client's requests a second are bounded per token), given to the
    matches in turn: (token, viewer path, events) for each reader."""
    with open_store(db) as store:
        found = [(mid, store.version(mid)) for mid in map(store.import_log, logs)]
        out = []
        for k in range(readers):
            mid, events = found[k % len(found)]
            token = f"bench-spectator-{k}-" + "x" * 24
            store.grant(mid, None, digest(token))
            out.append((token, f"/matches/{mid}/view", events))
    return out


async def _viewers(port: int, found: list[tuple[str, str, int]],
                   cached: int = 20) -> dict[str, float]:
    """Each viewer's first answer (built from nothing), ``cached`` answers after it, and
    the first answer of the frames its page lacks for the last event (what the page asks
    for when the reader presses End: the pictures of the last key-frame span)."""
    conn = await Connection.open(port)
    cold, warm, end = [], [], []
    try:
        for token, path, events in found:
            t0 = time.perf_counter()
            status, _ = await conn.fetch("GET", path, token)
            cold.append(time.perf_counter() - t0)
            for _ in range(cached):
                t0 = time.perf_counter()
                status, page = await conn.fetch("GET", path, token)
                warm.append(time.perf_counter() - t0)
            if status != 200:
                raise RuntimeError(f"the viewer answered {status}")
            since = events - events % KEYFRAME - 1
            t0 = time.perf_counter()
            status, _ = await conn.fetch("GET", path.replace("/view", "/frames") +
                                         f"?since={since}&until={events}", token)
            end.append(time.perf_counter() - t0)
            if status != 200:
                raise RuntimeError(f"the frames answered {status}")
    finally:
        conn.close()
    warm.sort()
    return {"viewer_events": min(events for _, _, events in found),
            "viewer_page_kb": len(page) / 1024, "viewer_cold_s": max(cold),
            "viewer_cached_p50_ms": _p(warm, 0.5), "viewer_cached_max_ms": 1000 * warm[-1],
            "viewer_end_ms": 1000 * max(end)}


def _cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` and of the processes it forked, alive or ended."""
    total = 0.0
    kids = Path(f"/proc/{pid}/task/{pid}/children")
    for child in kids.read_text().split() if kids.exists() else []:
        total += _cpu(int(child))
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return total
    return total + sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _listens(pid: int, port: int) -> bool:
    """Whether process ``pid`` holds a socket listening on ``port`` (Linux's /proc)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":
                    inodes.add(f"socket:[{fields[9]}]")
    try:
        fds = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False
    for fd in fds:
        with contextlib.suppress(OSError):
            if os.readlink(fd) in inodes:
                return True
    return False


class Serving:
    """``grimoire serve --db DB [--workers N]`` in its own process(es) on a free port."""

    def __init__(self, db: str, workers: int = 1) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        exe = str(Path(sys.executable).parent / "grimoire")
        self.proc = subprocess.Popen(
            [exe, "serve", "--db", db, "--port", str(self.port), "--workers", str(workers)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{self.port}"
        for _ in range(400):
            try:
                if httpx.get(f"{base}/games").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        for _ in range(400):  # every worker listening: none left out of the spread
            kids = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text(
                ).split() if workers > 1 else []
            if sum(_listens(int(kid), self.port) for kid in kids) >= (
                    workers if workers > 1 else 0):
                break
            time.sleep(0.05)

    def cpu(self) -> float:
        return _cpu(self.proc.pid)

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(20)


def _weighed(serving: Serving, prefix: str, matches: int, seconds: float,
             cluster: Any = None) -> dict[str, float]:
    """:func:`_load` on ``serving``, with the CPU its processes (and ``cluster``'s
    PostgreSQL) spent per acknowledged action."""
    counts = {"app": serving.cpu} | ({} if cluster is None else {"db": cluster.cpu})
    return _run(_load(serving.port, matches, seconds, prefix, cpu=counts))


RATE = 1000.0
"""Actions offered a second in the open loads (``paced_*``): the issues' target."""


def server(matches: int = 50, seconds: float = 10.0, viewers: int = 10,
           long_matches: int = 2, postgres: str | None = None,
           with_postgres: bool = True, *, only_viewers: bool = False,
           rate: float = RATE) -> dict[str, float]:
    """The figures, with a fresh server and store in a temporary folder: the load alone,
    the viewers' cold and cached answers, then the load beside ``viewers`` clients
    reloading the viewers of ``long_matches`` matches of 3,000 events or more; then
    ``rate`` actions offered a second, alone and beside the same viewers (``paced_*``,
    ``paced_loaded_*``); then the load alone over PostgreSQL (``postgres``, a URL, or a
    throw-away cluster), served by one process and by two (``only_viewers``: the
    viewers' answers alone, with no load)."""
    with tempfile.TemporaryDirectory() as tmp:
        res: dict[str, float] = ({} if only_viewers else
                                 store_appends(os.path.join(tmp, "append.sqlite")))
        db = os.path.join(tmp, "m.sqlite")
        logs = long_logs(tmp, long_matches)
        found = viewed(db, logs, max(viewers, long_matches))
        serving = Serving(db)
        try:
            if only_viewers:
                return _run(_viewers(serving.port, found[:long_matches]))
            res.update(_weighed(serving, "server", matches, seconds))
            res.update(_run(_viewers(serving.port, found[:long_matches])))
            reloading = [(token, path) for token, path, _ in found[:viewers]]
            res.update(_run(_load(serving.port, matches, seconds, "loaded",
                                  reloading)))
            res.update(_run(_load(serving.port, matches, seconds, "flooded",
                                  reloading, pace=0.0)))
            res.update(_run(_load(serving.port, matches, seconds, "paced",
                                  rate=rate)))
            res.update(_run(_load(serving.port, matches, seconds, "paced_loaded",
                                  reloading, rate=rate)))
        finally:
            serving.close()
        if not only_viewers:  # the same loads, one process a core over one shared file
            res.update(_two_processes(os.path.join(tmp, "w2.sqlite"), logs, matches,
                                      seconds, viewers, rate))
    if with_postgres:
        res.update(over_postgres(postgres, matches, seconds))
    return res


def _two_processes(db: str, logs: list[str], matches: int, seconds: float, viewers: int,
                   rate: float) -> dict[str, float]:
    """``grimoire serve --workers 2`` over a new SQLite file (``w2_*``), the loads of
    the one process: alone, beside the viewers, and paced, alone and beside them."""
    found = viewed(db, logs, viewers)
    reloading = [(token, path) for token, path, _ in found]
    serving = Serving(db, 2)
    try:
        res = _weighed(serving, "w2", matches, seconds)
        res.update(_run(_load(serving.port, matches, seconds, "w2_loaded",
                              reloading)))
        res.update(_run(_load(serving.port, matches, seconds, "w2_paced",
                              rate=rate)))
        res.update(_run(_load(serving.port, matches, seconds, "w2_paced_loaded",
                              reloading, rate=rate)))
        return res
    finally:
        serving.close()


def over_postgres(url: str | None, matches: int = 50, seconds: float = 10.0
                  ) -> dict[str, float]:
    """The bots alone over PostgreSQL, served by one process then two, each on a new
    empty store (``pg1_*``, ``pg2_*``), and the store's appends alone."""
    cluster = None
    if url is None:
        sys.path.insert(0, str(ROOT / "tests" / "support"))
        from postgres import Cluster, Unavailable

        try:
            cluster = Cluster.start(durable=True)
        except Unavailable as exc:
            print(f"no PostgreSQL figures: {exc}", file=sys.stderr)
            return {}
    try:
        def place(name: str) -> str:
            if cluster is not None:
                return str(cluster.database(name))
            assert url is not None
            return url  # one database given: the stores follow one another in it

        res = store_appends(place("append"), prefix="pg_store")
        for workers in (1, 2):
            serving = Serving(place(f"w{workers}"), workers)
            try:
                res.update(_weighed(serving, f"pg{workers}", matches, seconds, cluster))
            finally:
                serving.close()
        return res
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--viewers", action="store_true",
                    help="just the viewers' cold and cached answers (no bots, no load)")
    ap.add_argument("--no-postgres", action="store_true",
                    help="SQLite only (no PostgreSQL rows)")
    args = ap.parse_args()
    for key, value in server(only_viewers=args.viewers,
                             with_postgres=not args.no_postgres).items():
        print(f"{key:32} {value:12,.1f}")
