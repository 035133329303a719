"""Server processes for the tests that need real ones: ``grimoire serve`` commands started
on free ports over one store, and a client for the tests' own requests."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
from postgres import free_port
from websockets.sync.client import connect

GRIMOIRE = str(Path(sys.executable).parent / "grimoire")

HTTP = httpx.Client(timeout=10.0)
"""One client for the tests' own requests (a new client costs an SSL context: ~20 ms)."""
atexit.register(HTTP.close)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def wait_up(base: str, proc: subprocess.Popen[bytes], log: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        assert proc.poll() is None, log.read_text(errors="replace")[-3000:]
        try:
            if HTTP.get(f"{base}/games", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, f"no server at {base}"
        time.sleep(0.1)


@contextlib.contextmanager
def serving(url: str, folder: Path, *servers: tuple[str, tuple[str, ...]]
            ) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """``grimoire serve --db URL ARGS`` for each ``(name, ARGS)`` of ``servers``, each in
    its own process (stderr in ``folder/NAME.log``), all started before any is waited
    for: their base URLs and processes."""
    started = []
    for name, args in servers:
        port = free_port()
        log = folder / f"{name}.log"
        with log.open("wb") as err:
            proc = subprocess.Popen(
                [GRIMOIRE, "serve", "--db", url, "--port", str(port), *args],
                stdout=subprocess.DEVNULL, stderr=err,
                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        started.append((f"http://127.0.0.1:{port}", proc, log))
    try:
        for base, proc, log in started:
            wait_up(base, proc, log)
        yield [(base, proc) for base, proc, _ in started]
    finally:
        for _, proc, _ in started:
            if proc.poll() is None:
                proc.terminate()
        for _, proc, _ in started:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:  # pragma: no cover - a hung server
                proc.kill()
                proc.wait(10)


def played_across(bases: list[str]) -> str:
    """A match made on ``bases[0]``, played over the servers ``bases`` in turn (its id).
    Tokens minted by A work on B; an action acknowledged by one process is in the next
    view, legal actions and events another serves, and a WebSocket held by B is told
    every event, whichever process appended it, once each and in order. An action sent
    to a process whose copy of the match is behind, with the right expected version, is
    taken (never a spurious 409); a stale version is 409 ``store/conflict`` from every
    process."""
    a, b = bases[:2]
    with contextlib.nullcontext(HTTP) as http:
        created = http.post(f"{a}/matches", json={"game": "vicious-circle"}).json()
        mid, spectator = created["id"], created["spectator"]
        tokens = [s["token"] for s in created["seats"]]
        r = http.get(f"{b}/matches/{mid}", headers=auth(tokens[1]))  # A's token, on B
        assert r.status_code == 200 and r.json()["seat"] == 1, r.text
        ws = b.replace("http", "ws")
        with connect(f"{ws}/matches/{mid}/ws?token={spectator}") as sock:
            told = json.loads(sock.recv(timeout=10))
            assert told["version"] == 0 and told["events"] == []
            seqs: list[int] = []
            rng = random.Random(3)
            version = 0
            for turn in range(40):
                status = http.get(f"{rng.choice(bases)}/matches/{mid}",
                                  headers=auth(spectator)).json()
                assert status["version"] == version  # every process: the latest version
                if status["outcome"] is not None:
                    break
                seat = rng.choice(status["to_act"])
                legal = http.get(f"{rng.choice(bases)}/matches/{mid}/legal",
                                 headers=auth(tokens[seat])).json()
                assert legal["version"] == version and legal["actions"]
                acting = bases[turn % 2]  # each server in turn: the other is behind
                r = http.post(f"{acting}/matches/{mid}/actions", headers=auth(tokens[seat]),
                              json={"action": rng.choice(legal["actions"]),
                                    "expected_version": version})
                assert r.status_code == 200, r.text
                assert not r.json()["repeated"]
                version = r.json()["version"]
                stale = http.post(f"{bases[(turn + 1) % 2]}/matches/{mid}/actions",
                                  headers=auth(tokens[seat]),
                                  json={"action": legal["actions"][0],
                                        "expected_version": legal["version"]})
                assert stale.status_code == 409, stale.text
                assert stale.json()["reason"] == "store/conflict"
                while not seqs or seqs[-1] < version - 1:  # B's socket: A's actions too
                    message = json.loads(sock.recv(timeout=10))
                    assert message["version"] == message["events"][-1]["seq"] + 1
                    seqs += [e["seq"] for e in message["events"]]
                assert seqs == list(range(version)), "told twice, out of order, or not"
            events = http.get(f"{a}/matches/{mid}/events?since=0",
                              headers=auth(spectator)).json()
            assert [e["seq"] for e in events["events"]] == seqs
    assert version > 10
    return str(mid)


def bot_answers_across(bases: list[str]) -> tuple[str, str]:
    """A table of a person and a server bot made on ``bases[0]``, the person's actions
    sent to the servers ``bases`` in turn: the bot answers each (the table's id and the
    person's token)."""
    a = bases[0]
    with contextlib.nullcontext(HTTP) as http:
        table = http.post(f"{a}/tables", json={
            "game": "magery",  # long enough to outlast the module's tests
            "seats": [{"kind": "you", "name": "Ann"}, {"kind": "bot", "bot": "random"}]})
        assert table.status_code == 201, table.text
        mid, token = table.json()["id"], table.json()["you"]["token"]
        acted = 0
        deadline = time.monotonic() + 20
        while acted < 12 and time.monotonic() < deadline:
            base = bases[acted % 2]
            legal = http.get(f"{base}/matches/{mid}/legal", headers=auth(token)).json()
            if legal["outcome"] is not None:
                break
            if not legal["actions"]:  # the bot's turn: it acts on its own
                time.sleep(0.02)
                continue
            r = http.post(f"{base}/matches/{mid}/actions", headers=auth(token),
                          json={"action": legal["actions"][0],
                                "expected_version": legal["version"]})
            assert r.status_code in (200, 409), r.text
            acted += r.status_code == 200
    assert acted >= 6, "the bot stopped answering"
    return str(mid), str(token)
