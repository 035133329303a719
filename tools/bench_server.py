"""The match server's benchmark (``python tools/bench.py --server``, or this file alone):
``grimoire serve`` in its own process on this machine, N concurrent matches of random bots
over HTTP (each seat a client; each bot reads the view and its legal actions, then acts),
for a few seconds. Reports acknowledged actions/s, p50 and p99 latency of an action's
POST, and the store's append throughput (single decisions, one transaction each, on disk).
Nothing here asserts a time."""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from grimoire.bots.random import RandomBot
from grimoire.core.match import Match
from grimoire.store import Store


def store_appends(tmp: str, decisions: int = 3000) -> dict[str, float]:
    """Events/s and decisions/s appended to a store file, one decision per transaction
    (durability full: each committed to disk before the next)."""
    rng_match = Match.new("wizard-armies", seed=bytes(32))
    bot = RandomBot(0)
    decided: list[tuple[Any, ...]] = []
    while len(decided) < decisions:
        if not rng_match.to_act:
            rng_match = Match.new("wizard-armies", seed=bytes([len(decided) % 256]) * 32)
        decided.append(rng_match.act(bot.choose(rng_match, min(rng_match.to_act))))
    with Store(os.path.join(tmp, "append.sqlite")) as store:
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
        return {"store_append_events_per_s": events / elapsed,
                "store_append_decisions_per_s": len(decided) / elapsed}


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
                   body: Any = None) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nhost: bench\r\ncontent-length: {len(data)}\r\n"
        if body is not None:
            head += "content-type: application/json\r\n"
        if token:
            head += f"authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line = await self.reader.readuntil(b"\r\n")
        length = 0
        while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return int(status_line.split()[1]), json.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        self.writer.close()


async def _bot(port: int, game: str, seed: int, until: float,
               latencies: list[float]) -> int:
    """Bots in every seat of one match after another of ``game`` (each action: the acting
    seat's legal actions, then the action, both with that seat's token)."""
    rng = random.Random(seed)
    conn = await Connection.open(port)
    acted = 0
    try:
        while time.perf_counter() < until:
            _, created = await conn.call("POST", "/matches", body={"game": game})
            mid, tokens = created["id"], [s["token"] for s in created["seats"]]
            _, status = await conn.call("GET", f"/matches/{mid}/legal", created["spectator"])
            to_act: list[int] = status["to_act"]
            while to_act and time.perf_counter() < until:
                seat = rng.choice(to_act)
                _, legal = await conn.call("GET", f"/matches/{mid}/legal", tokens[seat])
                if not legal["actions"]:
                    raise RuntimeError(f"seat {seat} is to act in {mid} with no action")
                t0 = time.perf_counter()
                status, done = await conn.call(
                    "POST", f"/matches/{mid}/actions", tokens[seat],
                    {"action": rng.choice(legal["actions"]),
                     "expected_version": legal["version"]})
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    raise RuntimeError(f"refused: {done}")
                acted += 1
                to_act = done["to_act"]
    finally:
        conn.close()
    return acted


async def _load(port: int, matches: int, seconds: float) -> dict[str, float]:
    games = ["vicious-circle", "wizard-armies", "swords-wizardry", "magery", "wiz-war"]
    latencies: list[float] = []
    t0 = time.perf_counter()
    until = t0 + seconds
    acted = await asyncio.gather(*(_bot(port, games[i % len(games)], i, until, latencies)
                                   for i in range(matches)))
    elapsed = time.perf_counter() - t0
    latencies.sort()
    return {"server_actions_per_s": sum(acted) / elapsed,
            "server_p50_ms": 1000 * latencies[len(latencies) // 2],
            "server_p99_ms": 1000 * latencies[int(len(latencies) * 0.99)],
            "server_matches": matches}


def server(matches: int = 50, seconds: float = 10.0) -> dict[str, float]:
    """The figures, with a fresh server and store in a temporary folder."""
    with tempfile.TemporaryDirectory() as tmp:
        res: dict[str, float] = store_appends(tmp)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        exe = str(Path(sys.executable).parent / "grimoire")
        proc = subprocess.Popen([exe, "serve", "--db", os.path.join(tmp, "m.sqlite"),
                                 "--port", str(port)], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    if httpx.get(f"{base}/games").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.05)
            res.update(asyncio.run(_load(port, matches, seconds)))
        finally:
            proc.terminate()
            proc.wait(10)
        return res


if __name__ == "__main__":
    for key, value in server().items():
        print(f"{key:32} {value:12,.1f}")
