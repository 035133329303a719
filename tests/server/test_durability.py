"""An acknowledged action is on disk: ``grimoire serve`` killed with SIGKILL under a load
of concurrent bot clients loses nothing it acknowledged, duplicates nothing, and carries
on every match after a restart; two clients racing on one match: exactly one wins."""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
from tests.server.conftest import HTTP, auth, free_port, process, running

from games import GAMES
from grimoire.core import registry
from grimoire.core.audit import audit
from grimoire.server import ServerConfig
from grimoire.store import Store

LOAD = 150
"""Actions acknowledged before the kill (or 2.5 s): three times the 50 the test asks for
(unhurried, the clients have 380 in 2.5 s)."""


def bot(base: str, created: dict[str, Any], seed: int, acks: list[tuple[str, int, Any]],
        stop: threading.Event) -> None:
    """Play random legal actions until stopped or the server dies; note every
    acknowledged decision (match, version after it, its events as the actor saw them)."""
    rng = random.Random(seed)
    mid = created["id"]
    with httpx.Client(base_url=base, timeout=5.0) as client:
        while not stop.is_set():
            try:
                view = client.get(f"/matches/{mid}", headers=auth(created["spectator"])).json()
                if view["outcome"] is not None:
                    return
                seat = rng.choice(view["to_act"])
                tok = created["seats"][seat]["token"]
                legal = client.get(f"/matches/{mid}/legal", headers=auth(tok)).json()
                if not legal["actions"]:
                    continue
                r = client.post(f"/matches/{mid}/actions", headers=auth(tok), json={
                    "action": rng.choice(legal["actions"]),
                    "expected_version": legal["version"]})
                if r.status_code == 200:
                    acks.append((mid, r.json()["version"], (seat, r.json()["events"])))
            except (httpx.HTTPError, ValueError):
                return  # the server is gone


def test_sigkill_under_load_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "matches.sqlite"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    acks: list[tuple[str, int, Any]] = []
    with process(db, port) as proc:
        matches = [HTTP.post(f"{base}/matches", json={"game": g}).json()
                   for g in GAMES * 2]
        stop = threading.Event()
        clients = [threading.Thread(target=bot, args=(base, m, i, acks, stop), daemon=True)
                   for i, m in enumerate(matches)]
        # two more clients on the first match: they race the first one for every turn
        clients += [threading.Thread(target=bot, args=(base, matches[0], 100 + i, acks,
                                                       stop), daemon=True) for i in range(2)]
        for c in clients:
            c.start()
        deadline = time.monotonic() + 2.5  # killed, its clients' requests in flight, once
        while len(acks) < LOAD and time.monotonic() < deadline:  # they have had LOAD
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        stop.set()
        for c in clients:
            c.join(10)
    assert len(acks) > 50, "the load was too light to mean anything"

    with Store(db) as store:
        for m in matches:
            versions = store.version(m["id"])
            acked = [v for mid, v, _ in acks if mid == m["id"]]
            assert not acked or max(acked) <= versions, "an acknowledged action was lost"
            seqs = [r.seq for r in store.records(m["id"])]
            assert seqs == list(range(versions)), "a duplicate or a gap"
            out = tmp_path / f"{m['id']}.jsonl"
            store.export(m["id"], out)
            report = audit(out)
            # every chain valid; a live match's seed is secret, so its dice are unverified
            assert report.ok and report.sealed, report.summary()
        # every acknowledged decision is stored exactly as it was acknowledged
        by_match = {m["id"]: {r.seq: r for r in store.records(m["id"])} for m in matches}
        games_of = {m["id"]: registry.get(store.header(m["id"]).game) for m in matches}
    for mid, version, (seat, events) in acks:
        for told in events:
            assert told["seq"] < version
            stored = by_match[mid][told["seq"]].event
            assert told["event"] == json.loads(msgspec.json.encode(
                games_of[mid].redact(stored, seat))), "acknowledged, then stored otherwise"
    # versions acknowledged to racing clients never repeat: exactly one won each turn
    first = [v for mid, v, _ in acks if mid == matches[0]["id"]]
    assert len(first) == len(set(first)), "two clients both won the same turn"

    # the restarted server carries on every live match, with the same dice
    with process(db, port):
        more: list[tuple[str, int, Any]] = []
        live = [m for m in matches if HTTP.get(f"{base}/matches/{m['id']}", headers=auth(
            m["spectator"])).json()["outcome"] is None]
        for i, m in enumerate(live[:3]):
            stop = threading.Event()
            t = threading.Thread(target=bot, args=(base, m, 50 + i, more, stop), daemon=True)
            t.start()
            deadline = time.monotonic() + 0.4  # until it has played in its match
            while time.monotonic() < deadline and not any(a[0] == m["id"] for a in more):
                time.sleep(0.02)
            stop.set()
            t.join(10)
        assert more, "nothing could be played after the restart"
        for m in live[:3]:
            with Store(db) as store:
                out = tmp_path / f"again-{m['id']}.jsonl"
                store.export(m["id"], out)
            report = audit(out)
            assert report.ok and report.sealed, report.summary()

def test_two_clients_racing_on_one_turn_exactly_one_wins(tmp_path: Path) -> None:
    with running(ServerConfig(db=str(tmp_path / "m.sqlite"))) as base:
        created = HTTP.post(f"{base}/matches", json={"game": "vicious-circle"}).json()
        mid, tok = created["id"], created["seats"][0]["token"]
        legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(tok)).json()
        results: list[int] = []
        barrier = threading.Barrier(8)

        def race(k: int) -> None:
            barrier.wait()
            r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(tok), json={
                "action": legal["actions"][k % len(legal["actions"])],
                "expected_version": 0})
            results.append(r.status_code)

        threads = [threading.Thread(target=race, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        assert sorted(results) == [200] + [409] * 7
        events = HTTP.get(f"{base}/matches/{mid}/events", headers=auth(tok)).json()
        assert events["version"] == 1
