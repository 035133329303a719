"""The match server's benchmark (``python tools/bench.py --server``, or this file alone):
``grimoire serve`` in its own process on this machine, N concurrent matches of random bots
over HTTP (each seat a client; each bot reads the view and its legal actions, then acts),
for a few seconds. Reports acknowledged actions/s, p50 and p99 latency of an action's
POST, and the store's append throughput (single decisions, one transaction each, on disk).
Nothing here asserts a time."""

from __future__ import annotations

import asyncio
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


def store_appends(tmp: str, decisions: int = 3000) -> float:
    """Events/s appended to a store file, one decision per transaction (durability full)."""
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
        return events / (time.perf_counter() - t0)


async def _bot(client: httpx.AsyncClient, created: dict[str, Any], seed: int,
               until: float, latencies: list[float]) -> int:
    rng = random.Random(seed)
    mid = created["id"]
    acted = 0
    tokens = [s["token"] for s in created["seats"]]
    while time.perf_counter() < until:
        view = (await client.get(f"/matches/{mid}", headers={
            "Authorization": f"Bearer {created['spectator']}"})).json()
        if view["outcome"] is not None:
            r = await client.post("/matches", json={"game": created["game"]})
            created = r.json()
            mid, tokens = created["id"], [s["token"] for s in created["seats"]]
            continue
        seat = rng.choice(view["to_act"])
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = (await client.get(f"/matches/{mid}/legal", headers=auth)).json()
        t0 = time.perf_counter()
        r = await client.post(f"/matches/{mid}/actions", headers=auth, json={
            "action": rng.choice(legal["actions"]), "expected_version": legal["version"]})
        latencies.append(time.perf_counter() - t0)
        if r.status_code == 200:
            acted += 1
    return acted


async def _load(base: str, matches: int, seconds: float) -> dict[str, float]:
    games = ["vicious-circle", "wizard-armies", "swords-wizardry", "magery", "wiz-war"]
    limits = httpx.Limits(max_connections=matches, max_keepalive_connections=matches)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        created = [(await client.post("/matches", json={"game": games[i % len(games)]})).json()
                   for i in range(matches)]
        latencies: list[float] = []
        t0 = time.perf_counter()
        until = t0 + seconds
        acted = await asyncio.gather(*(_bot(client, c, i, until, latencies)
                                       for i, c in enumerate(created)))
        elapsed = time.perf_counter() - t0
    latencies.sort()
    return {"server_actions_per_s": sum(acted) / elapsed,
            "server_p50_ms": 1000 * latencies[len(latencies) // 2],
            "server_p99_ms": 1000 * latencies[int(len(latencies) * 0.99)],
            "server_matches": matches}


def server(matches: int = 50, seconds: float = 10.0) -> dict[str, float]:
    """The figures, with a fresh server and store in a temporary folder."""
    with tempfile.TemporaryDirectory() as tmp:
        res: dict[str, float] = {"store_append_events_per_s": store_appends(tmp)}
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
            res.update(asyncio.run(_load(base, matches, seconds)))
        finally:
            proc.terminate()
            proc.wait(10)
        return res


if __name__ == "__main__":
    for key, value in server().items():
        print(f"{key:32} {value:12,.1f}")
