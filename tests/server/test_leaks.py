"""No seat is ever sent what it may not know, in any game, over HTTP or WebSocket.

Random matches of every game are driven through the API on a real port, with a random
seat acting each time and every seat and the spectator reading the match after each
decision (view, legal actions, events, now and then the HTML viewer) and listening on a
WebSocket. Afterwards the
auditor's record (the store itself) is folded, and every response to a seat must be
exactly what that seat's ``view`` and ``redact`` give, and the same for every state that
differs only in what the seat cannot see (the game's ``disguise``): a response that
depended on a hidden fact would differ. The dice seed appears in nothing before the end.
Every attempt to act for another seat, or with a forged or another match's token, is
refused."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from typing import Any

import msgspec
import pytest
import websockets
from browser import data_of
from tests.server.conftest import HTTP, auth, running

from games import GAMES
from grimoire.core import registry
from grimoire.core.choices import choices
from grimoire.core.replay import Replay, initial_state
from grimoire.server import ServerConfig
from grimoire.store import Store
from grimoire.tools.render import Perspective
from grimoire.tools.view import html_of

DECISIONS = 40


def plain(value: Any) -> Any:
    """``value`` as JSON gives it back (lists, not tuples)."""
    return json.loads(msgspec.json.encode(value))



class Capture:
    """Everything the server sent each reader (seat number, or None)."""

    def __init__(self) -> None:
        self.views: list[tuple[int | None, dict[str, Any]]] = []
        self.events: list[tuple[int | None, dict[str, Any]]] = []
        self.bodies: list[bytes] = []
        self.pages: list[tuple[int | None, int, str]] = []
        self.legal: list[tuple[int, dict[str, Any]]] = []
        self.choices: list[tuple[int | None, dict[str, Any]]] = []
        self.turned: list[tuple[int | None, dict[str, Any]]] = []
        self.frames: list[tuple[int | None, int, dict[str, Any]]] = []


def listen(url: str, seat: int | None, capture: Capture, stop: threading.Event) -> None:
    async def run() -> None:
        async with websockets.connect(url) as sock:
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(sock.recv(), 0.2)
                except TimeoutError:
                    continue
                data = raw if isinstance(raw, bytes) else raw.encode()
                capture.bodies.append(data)
                for e in json.loads(data)["events"]:
                    capture.events.append((seat, e))
    asyncio.run(run())


@pytest.mark.parametrize("game", GAMES)
def test_no_response_to_a_seat_holds_a_hidden_fact(game: str, tmp_path: Any) -> None:
    db = tmp_path / "m.sqlite"
    rules = registry.get(game)
    rng = random.Random(game)
    capture = Capture()
    with running(ServerConfig(db=str(db), rate=10_000, burst=10_000)) as base:
        created = HTTP.post(f"{base}/matches", json={"game": game}).json()
        other = HTTP.post(f"{base}/matches", json={"game": game}).json()
        mid = created["id"]
        tokens: dict[int | None, str] = {s["seat"]: s["token"] for s in created["seats"]}
        tokens[None] = created["spectator"]
        stop = threading.Event()
        ws = base.replace("http", "ws")
        threads = [threading.Thread(target=listen, args=(
            f"{ws}/matches/{mid}/ws?token={tok}", seat, capture, stop), daemon=True)
            for seat, tok in tokens.items()]
        for t in threads:
            t.start()

        def get(path: str, seat: int | None) -> dict[str, Any]:
            r = HTTP.get(f"{base}/matches/{mid}{path}", headers=auth(tokens[seat]))
            assert r.status_code == 200, r.text
            capture.bodies.append(r.content)
            body: dict[str, Any] = r.json()
            return body

        for decision in range(DECISIONS):
            for seat in tokens:
                capture.views.append((seat, get("?picture=1", seat)))
                capture.choices.append((seat, get("/choices", seat)))
                if decision % 8 == 0:
                    capture.turned.append((seat, get("?picture=1&turned=1", seat)))
                for e in get("/events?since=0", seat)["events"]:
                    capture.events.append((seat, e))
            public = capture.views[-1][1]
            if public["outcome"] is not None:
                break
            if decision in (0, DECISIONS // 2):  # the HTML viewer, as each reader
                for seat in tokens:
                    r = HTTP.get(f"{base}/matches/{mid}/view", headers=auth(tokens[seat]))
                    assert r.status_code == 200, r.text
                    capture.bodies += [r.content, json.dumps(data_of(r.text)).encode()]
                    capture.pages.append((seat, public["version"], r.text))
                    since = public["version"] // 2  # the live viewer's data since then
                    capture.frames.append((seat, since, get(f"/frames?since={since}", seat)))
            seat = rng.choice(public["to_act"])
            legal = get("/legal?describe=1", seat)
            capture.legal.append((seat, legal))
            action = rng.choice(legal["actions"])
            # acting for another seat, with a forged token or another match's: refused
            for other_seat in set(tokens) - {seat, None}:
                r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(
                    tokens[other_seat]), json={"action": action,
                                               "expected_version": legal["version"]})
                assert (r.status_code, r.json()["reason"]) == (403, "access/seat")
            real = tokens[seat]  # forged: its last two characters changed (a token that
            forged = real[:-2] + ("xy" if real.endswith("xx") else "xx")  # ends in xx too)
            for bad in (forged, other["seats"][seat]["token"]):
                r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(bad),
                               json={"action": action, "expected_version": legal["version"]})
                assert r.status_code in (401, 403)
            r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(tokens[seat]),
                           json={"action": action, "expected_version": legal["version"]})
            assert r.status_code == 200, r.text
            capture.bodies.append(r.content)
            for e in r.json()["events"]:
                capture.events.append((seat, e))
        finished = capture.views[-1][1]["outcome"] is not None
        for seat in tokens:  # and to the end
            since = capture.pages[-1][1]
            capture.frames.append((seat, since, get(f"/frames?since={since}", seat)))
        stop.set()
        for t in threads:
            t.join(5)

    with Store(db) as store:
        header = store.header(mid)
        records = list(store.records(mid))
        seed = store.seed(mid)
    states = [initial_state(rules, header)]
    for rec in records:
        states.append(rules.evolve(states[-1], rec.event))
    disguiser = random.Random(7)
    checked = 0
    for seat, got in capture.views:
        state = states[got["version"]]
        eye = Perspective(rules, seat, True)
        assert got["view"] == plain(eye.see(state))
        assert got["board"] == eye.show(state)
        assert got["picture"] == eye.draw(state)
        if seat is not None:
            for _ in range(2):
                other_state = rules.disguise(state, seat, disguiser)
                assert got["view"] == plain(eye.see(other_state)), (
                    f"seat {seat}'s view depends on what it cannot see")
        checked += 1
    for seat, got in capture.choices:  # the tree: the seat's own, from its view only
        state = states[got["version"]]
        if seat is None or seat not in rules.to_act(state):
            assert got["step"] is None
            continue
        assert got["step"] == plain(choices(rules, state, seat))
        for _ in range(2):
            other_state = rules.disguise(state, seat, disguiser)
            assert got["step"] == plain(choices(rules, other_state, seat)), (
                f"seat {seat}'s choices depend on what it cannot see")
    assert any(got["step"] for _, got in capture.choices)
    for seat, got in capture.turned:  # drawn from the seat's side, from its view
        state = states[got["version"]]
        assert got["picture"] == Perspective(rules, seat, True).draw(state, bottom=seat)
    for seat, got in capture.legal:  # a seat's own options, told as it sees the match
        state = states[got["version"]]
        eye = Perspective(rules, seat, True)
        actions = rules.legal(state, seat)
        assert got["actions"] == plain(actions)
        assert got["described"] == [eye.tell(a, state) for a in actions]
    live_header = msgspec.structs.replace(header, seed=None)
    for seat, version, page in capture.pages:  # the viewer: made from the seat's perspective
        replay = Replay(rules, live_header, [rec.event for rec in records[:version]])
        served = data_of(page)
        live = served.pop("live", None)
        assert served == data_of(html_of(replay, Perspective(rules, seat, True), sealed=True))
        assert live == (None if served["outcome"] is not None else
                        {"version": version, "frames": f"/matches/{mid}/frames"})
    assert {seat for seat, _, _ in capture.pages} == set(tokens)
    for seat, since, got in capture.frames:  # the live viewer's frames: each the seat's own
        eye = Perspective(rules, seat, True)
        assert got["events"] == [eye.tell(records[k].event, states[k])
                                 for k in range(since, got["version"])]
        lines = eye.draw(states[since], records[since - 1].event if since else None
                         ).split("\n")
        for k, frame in enumerate(got["frames"], since + 1):
            if k % got["keyframe"] == 0:
                lines = list(frame)
            else:
                for i1, i2, repl in reversed(frame):
                    lines[i1:i2] = repl
            last = records[k - 1].event
            assert "\n".join(lines) == eye.draw(states[k], last)
            if seat is not None:
                other_state = rules.disguise(states[k], seat, disguiser)
                assert "\n".join(lines) == eye.draw(other_state, last), (
                    f"seat {seat}'s frame {k} depends on what it cannot see")
    assert {seat for seat, _, _ in capture.frames} == set(tokens)
    for seat, told in capture.events:
        rec = records[told["seq"]]
        eye = Perspective(rules, seat, True)
        assert told["event"] == plain(eye.redact(rec.event))
        assert told["text"] == eye.tell(rec.event, states[told["seq"]])
    assert checked and capture.events
    if seed is None and header.seed is not None:
        seed = bytes.fromhex(header.seed)
    assert seed is not None and finished in (True, False)
    assert not any(seed.hex().encode() in body for body in capture.bodies), "the seed leaked"
    seen_seats = {seat for seat, _ in capture.events}
    assert seen_seats == set(tokens), "every reader got events"
