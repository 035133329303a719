"""The match server, driven over HTTP and WebSocket on a real port: creating matches,
views, legal actions, acting with expected versions, refusals with reason codes, access
by token, bounds on requests, and the finished log."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest
import websockets
from browser import click, clickables, data_of, page_state, ready
from tests.server.conftest import HTTP, auth, running

from games import GAMES
from grimoire.core import registry
from grimoire.core.audit import audit
from grimoire.core.dice import commitment
from grimoire.server import ServerConfig


def new(base: str, game: str = "vicious-circle", **body: Any) -> dict[str, Any]:
    r = HTTP.post(f"{base}/matches", json={"game": game, **body})
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def token(created: dict[str, Any], seat: int) -> str:
    found: str = created["seats"][seat]["token"]
    return found


def play_one(base: str, created: dict[str, Any], rng: random.Random,
             view: dict[str, Any] | None = None) -> dict[str, Any]:
    """One legal action by a seat to act, chosen at random; ``view``: the spectator's view
    of the match as it stands, where the caller has just asked for it and no one else
    acts (asked for here otherwise)."""
    mid = created["id"]
    if view is None:
        view = HTTP.get(f"{base}/matches/{mid}", headers=auth(created["spectator"])).json()
    seat = rng.choice(view["to_act"])
    legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(token(created, seat))).json()
    r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token(created, seat)),
                   json={"action": rng.choice(legal["actions"]),
                         "expected_version": legal["version"]})
    assert r.status_code == 200, r.text
    done: dict[str, Any] = r.json()
    return done


def play_out(base: str, created: dict[str, Any], seed: int, limit: int = 3000) -> int:
    rng = random.Random(seed)
    mid = created["id"]
    for _ in range(limit):
        view = HTTP.get(f"{base}/matches/{mid}", headers=auth(created["spectator"])).json()
        if view["outcome"] is not None:
            return int(view["version"])
        play_one(base, created, rng, view)
    raise AssertionError("the match did not end")


def test_create_gives_a_token_per_seat_and_commits_to_the_seed(base: str) -> None:
    created = new(base, players=["Ann", "Ben"])
    assert [s["name"] for s in created["seats"]] == ["Ann", "Ben"]
    tokens = [s["token"] for s in created["seats"]] + [created["spectator"]]
    assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
    assert len(created["seed_commitment"]) == 64
    assert created["spectator_url"].startswith(f"/matches/{created['id']}?token=")
    spectator = HTTP.get(base + created["spectator_url"]).json()
    assert spectator["seat"] is None and spectator["version"] == 0
    assert sorted(spectator["to_act"]) == [0, 1]


def test_a_seat_sees_its_view_and_its_legal_actions(base: str) -> None:
    created = new(base)
    mid = created["id"]
    mine = HTTP.get(f"{base}/matches/{mid}", headers=auth(token(created, 0))).json()
    assert mine["seat"] == 0 and "board" in mine and isinstance(mine["view"], dict)
    legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(token(created, 0))).json()
    assert legal["version"] == 0 and legal["actions"]
    assert all(a["player"] == 0 for a in legal["actions"])
    assert legal["to_act"] == mine["to_act"] and legal["outcome"] is None
    spectator = HTTP.get(f"{base}/matches/{mid}/legal",
                          headers=auth(created["spectator"])).json()
    assert spectator["actions"] == []


def test_an_action_answers_who_acts_next(base: str) -> None:
    created = new(base, "wiz-war")
    done = play_one(base, created, random.Random(2))
    now = HTTP.get(f"{base}/matches/{created['id']}",
                   headers=auth(created["spectator"])).json()
    assert (done["version"], done["to_act"], done["outcome"]) == (
        now["version"], now["to_act"], None)


def test_the_html_viewer_is_served_per_seat_and_opens_in_a_browser(
        base: str, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    created = new(base, "wiz-war")
    rng = random.Random(5)
    for _ in range(12):
        done = play_one(base, created, rng)
    mid, version = created["id"], done["version"]
    for who in (token(created, 0), token(created, 1), created["spectator"]):
        r = HTTP.get(f"{base}/matches/{mid}/view", headers=auth(who))
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert len(data_of(r.text)["events"]) == version
    assert HTTP.get(f"{base}/matches/{mid}/view").status_code == 401
    assert created["viewer_url"] == f"/matches/{mid}/view?token={created['spectator']}"
    browser.get(base + created["viewer_url"])
    ready(browser)
    assert browser.find_element(By.ID, "error").text == ""
    # a live match opens at its latest event
    assert browser.find_element(By.ID, "where").text == f"event {version} of {version}"
    assert "the spectator" in browser.find_element(By.ID, "facts").text


def test_acting_with_a_stale_version_is_409_and_changes_nothing(base: str) -> None:
    created = new(base)
    mid = created["id"]
    legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(token(created, 0))).json()
    action = legal["actions"][0]
    r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token(created, 0)),
                   json={"action": action, "expected_version": 5})
    assert r.status_code == 409 and r.json()["reason"] == "store/conflict"
    assert r.json()["actual"] == 0
    r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token(created, 0)),
                   json={"action": action, "expected_version": 0})
    assert r.status_code == 200 and r.json()["version"] == 1
    again = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token(created, 0)),
                       json={"action": action, "expected_version": 0})
    assert again.status_code == 409


def test_a_retried_action_with_its_idempotency_key_is_a_no_op(base: str) -> None:
    created = new(base)
    mid = created["id"]
    legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(token(created, 0))).json()
    body = {"action": legal["actions"][0], "expected_version": 0, "idempotency_key": "k-1"}
    first = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token(created, 0)),
                       json=body)
    second = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token(created, 0)),
                        json=body)
    assert first.status_code == second.status_code == 200
    assert first.json()["version"] == second.json()["version"] == 1
    assert second.json()["repeated"] is True and second.json()["events"] == []
    events = HTTP.get(f"{base}/matches/{mid}/events",
                       headers=auth(created["spectator"])).json()
    assert len(events["events"]) == 1


def test_an_illegal_action_is_422_with_the_rules_reason(base: str) -> None:
    created = new(base)
    mid = created["id"]
    r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token(created, 0)),
                   json={"action": {"type": "move", "player": 0, "from": "a1", "to": "a2"},
                         "expected_version": 0})
    assert r.status_code == 422
    assert r.json()["reason"] in registry.get("vicious-circle").reasons or \
        r.json()["reason"].startswith("turn/")


@pytest.mark.parametrize(("body", "status", "reason"), [
    (b"{not json", 400, "request/bad-json"),
    (b'{"action": {"type": "levitate", "player": 0}, "expected_version": 0}', 422,
     "action/invalid"),
    (b'{"action": {"type": "reveal", "placements": [], "first": 0}, "expected_version": 0}',
     422, "action/not-an-action"),
    (b'{"expected_version": 0}', 400, "request/invalid"),
    (b'{"action": {}, "expected_version": -1, "x": 1}', 400, "request/invalid"),
    (b'[]', 400, "request/invalid"),
])
def test_malformed_requests_are_4xx_with_a_reason(base: str, body: bytes, status: int,
                                                   reason: str) -> None:
    created = new(base)
    r = HTTP.post(f"{base}/matches/{created['id']}/actions", headers={
        **auth(token(created, 0)), "content-type": "application/json"}, content=body)
    assert (r.status_code, r.json()["reason"]) == (status, reason), r.text


def test_access_is_by_token_and_seat(base: str) -> None:
    created, other = new(base), new(base)
    mid = created["id"]
    legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(token(created, 0))).json()
    action = legal["actions"][0]
    cases = [
        ({}, 401, "access/token"),
        (auth("forged-" + token(created, 0)[7:]), 401, "access/token"),
        (auth(token(other, 0)), 403, "access/seat"),
        (auth(token(created, 1)), 403, "access/seat"),  # seat 1 acting for seat 0
        (auth(created["spectator"]), 403, "access/seat"),
    ]
    for headers, status, reason in cases:
        r = HTTP.post(f"{base}/matches/{mid}/actions", headers=headers,
                       json={"action": action, "expected_version": 0})
        assert (r.status_code, r.json()["reason"]) == (status, reason), (headers, r.text)
    assert HTTP.get(f"{base}/matches/{mid}", headers=auth(token(other, 1))).status_code == 403
    assert HTTP.get(f"{base}/matches/nope", headers=auth(token(created, 0))).status_code == 403
    assert HTTP.get(f"{base}/matches/{mid}/events").status_code == 401


def test_bodies_and_rates_are_bounded(tmp_path: Path) -> None:
    config = ServerConfig(db=str(tmp_path / "m.sqlite"), max_body=2048, rate=5, burst=10)
    with running(config) as base:
        r = HTTP.post(f"{base}/matches", content=b"{" + b" " * 5000 + b"}",
                       headers={"content-type": "application/json"})
        assert (r.status_code, r.json()["reason"]) == (413, "request/too-large")
        codes = [HTTP.get(f"{base}/games").status_code for _ in range(30)]
        assert 429 in codes and codes[0] == 200


def test_a_finished_match_downloads_as_a_valid_log_revealing_its_seed(
        base: str, tmp_path: Path) -> None:
    created = new(base)
    mid = created["id"]
    early = HTTP.get(f"{base}/matches/{mid}/log", headers=auth(created["spectator"]))
    assert (early.status_code, early.json()["reason"]) == (400, "match/live")
    version = play_out(base, created, seed=3)
    r = HTTP.get(f"{base}/matches/{mid}/log", headers=auth(token(created, 1)))
    assert r.status_code == 200
    path = tmp_path / "match.jsonl"
    path.write_bytes(r.content)
    report = audit(path)
    assert report.ok and report.sealed and report.dice == "verified", report.summary()
    assert report.events == version
    header = json.loads(r.content.splitlines()[0])
    assert commitment(bytes.fromhex(header["seed"])) == created["seed_commitment"]


def test_unknown_games_options_and_players_are_refused(base: str) -> None:
    for body, reason in [({"game": "chess"}, "game/unknown"),
                         ({"game": "vicious-circle", "players": ["A", "A"]}, "players/invalid"),
                         ({"game": "vicious-circle", "options": {"edition": "x"}}, None)]:
        r = HTTP.post(f"{base}/matches", json=body)
        assert 400 <= r.status_code < 500, r.text
        if reason:
            assert r.json()["reason"] == reason


def test_the_api_is_documented(base: str) -> None:
    spec = HTTP.get(f"{base}/openapi.json").json()
    assert spec["openapi"].startswith("3.") and "/matches/{match}/actions" in spec["paths"]
    page = HTTP.get(f"{base}/docs")
    assert page.status_code == 200 and "/matches/{match}/ws" in page.text


def test_websockets_stream_each_seat_its_own_events(base: str) -> None:
    created = new(base, "wizard-armies")
    mid = created["id"]
    ws = base.replace("http", "ws")
    # The server draws the dice seed, so a game may end before 12 plays: the listeners
    # read until they hold every event of what was played, however many that is.
    played: dict[str, int] = {}

    async def listen(tok: str) -> list[dict[str, Any]]:
        got: list[dict[str, Any]] = []
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        async with websockets.connect(f"{ws}/matches/{mid}/ws?token={tok}") as sock:
            while "events" not in played or sum(len(m["events"]) for m in got) < played["events"]:
                assert loop.time() < deadline, "the stream stopped short"
                try:
                    got.append(json.loads(await asyncio.wait_for(sock.recv(), 0.5)))
                except TimeoutError:
                    continue
        return got

    async def main() -> tuple[list[dict[str, Any]], ...]:
        tasks = [asyncio.ensure_future(listen(t)) for t in
                 (token(created, 0), token(created, 1), created["spectator"])]
        await asyncio.sleep(0.3)
        rng = random.Random(1)
        loop = asyncio.get_running_loop()
        for _ in range(12):
            view = HTTP.get(f"{base}/matches/{mid}", headers=auth(created["spectator"])).json()
            if view["outcome"] is not None:
                break
            await loop.run_in_executor(None, play_one, base, created, rng, view)
        view = HTTP.get(f"{base}/matches/{mid}", headers=auth(created["spectator"])).json()
        played["events"] = int(view["version"])
        return tuple(await asyncio.gather(*tasks))

    mine, theirs, public = asyncio.run(main())
    for stream in (mine, theirs, public):
        seqs = [e["seq"] for m in stream for e in m["events"]]
        assert seqs == list(range(played["events"]))
        assert all(isinstance(e["text"], str) and e["text"] for m in stream for e in m["events"])
    # Wizard Armies deploys in secret: the other seat and the public see no units in a
    # seat's deploy before the reveal, the seat itself does.
    deploys = [(e["event"]["player"], e["event"]) for m in mine for e in m["events"]
               if e["event"]["type"] == "deploy"]
    assert deploys


def test_a_websocket_with_a_bad_token_is_refused(base: str) -> None:
    created = new(base)
    ws = base.replace("http", "ws")

    async def main() -> None:
        with pytest.raises(websockets.exceptions.InvalidStatus):
            async with websockets.connect(f"{ws}/matches/{created['id']}/ws?token=nope"):
                pass

    asyncio.run(main())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_over_http(base: str, game: str) -> None:
    """Up to 300 decisions of each game (Vicious Circle and Wizard Armies to the end);
    what was played is the store's record, chained and valid."""
    created = new(base, game)
    rng = random.Random(11)
    mid = created["id"]
    for _ in range(300):
        view = HTTP.get(f"{base}/matches/{mid}", headers=auth(created["spectator"])).json()
        if view["outcome"] is not None:
            break
        play_one(base, created, rng, view)
    final = msgspec.json.decode(HTTP.get(
        f"{base}/matches/{mid}", headers=auth(created["spectator"])).content)
    assert final["version"] > 0
    if game in ("vicious-circle", "wizard-armies"):  # these two end within 300 decisions
        assert final["outcome"] is not None


def test_a_person_plays_a_seat_from_the_browser_page(base: str, browser: Any) -> None:
    """Headless Chromium opens seat 0's play page of a Vicious Circle match and answers
    its steps by clicking (the lit pieces and squares of the board, the step's buttons)
    while a bot plays seat 1 over HTTP; every action the clicks end at is one of seat 0's
    legal actions in the store, and the page follows the bot's moves over its WebSocket."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    created = new(base, players=["Ann", "Bot"])
    mid = created["id"]
    play_url = created["seats"][0]["play_url"]
    assert play_url == f"/matches/{mid}/play?token={token(created, 0)}"
    assert HTTP.get(f"{base}/matches/{mid}/play?token=forged").status_code == 401
    rng = random.Random(4)
    browser.get(base + play_url)
    ready(browser)

    def settled() -> dict[str, Any]:
        """The seat's legal actions once the page shows the match as it stands."""
        for _ in range(400):
            status: dict[str, Any] = HTTP.get(f"{base}/matches/{mid}/legal",
                                              headers=auth(token(created, 0))).json()
            shown, busy = page_state(browser)
            if shown == str(status["version"]) and not busy:
                return status
            time.sleep(0.025)
        raise AssertionError("the page never caught up with the match")

    def played(since: int) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = HTTP.get(
            f"{base}/matches/{mid}/events?since={since}",
            headers=auth(token(created, 0))).json()["events"]
        return events

    actions = clicks = 0
    for _ in range(60):
        status = settled()
        if status["outcome"] is not None or actions >= 8:
            break
        if 0 not in status["to_act"]:
            play_one(base, created, rng)
            continue
        tree = HTTP.get(f"{base}/matches/{mid}/choices",
                        headers=auth(token(created, 0))).json()["step"]
        assert browser.find_element(By.ID, "prompt").text == tree["prompt"]
        for _ in range(20):  # a click a step, until the action is played
            found = clickables(browser)
            assert found, "a step with nothing to click"
            with contextlib.suppress(StaleElementReferenceException):
                click(browser, rng.choice(found))
                clicks += 1
            # played, or still posting, or posted since the first look: the action is made
            if (played(status["version"]) or browser.execute_script("return acting")
                    or played(status["version"])):
                break
        for _ in range(400):
            events = played(status["version"])
            if events:
                break
            time.sleep(0.025)
        assert events[0]["event"] in status["actions"]
        actions += 1
    settled()
    assert actions >= 3 and clicks >= actions
    assert browser.find_element(By.ID, "error").text == ""
    assert "You are Ann" in browser.find_element(By.ID, "status").text
    assert browser.find_element(By.CSS_SELECTOR, "#board svg") is not None
    told = browser.find_elements(By.CSS_SELECTOR, "ol#events li")
    final = HTTP.get(f"{base}/matches/{mid}", headers=auth(token(created, 0))).json()
    assert len(told) == final["version"]


def test_a_seat_gets_its_choice_as_a_tree_and_acts_at_a_leaf(base: str) -> None:
    """``/choices`` gives the token's seat its choice step by step (docs/choices.md): the
    leaves, with the actions they stand for, are its legal actions; a leaf's action is
    accepted as it is; the spectator and a seat not to act get no tree."""
    created = new(base, "wiz-war", players=["Ann", "Ben"])
    mid = created["id"]
    rng = random.Random(2)
    for _ in range(12):
        view = HTTP.get(f"{base}/matches/{mid}", headers=auth(created["spectator"])).json()
        if view["outcome"] is not None:
            break
        seat = view["to_act"][0]
        got = HTTP.get(f"{base}/matches/{mid}/choices", headers=auth(token(created, seat)))
        assert got.status_code == 200
        tree = got.json()
        legal = HTTP.get(f"{base}/matches/{mid}/legal",
                         headers=auth(token(created, seat))).json()
        assert tree["version"] == legal["version"] and tree["seat"] == seat

        def leaves(step: dict[str, Any]) -> list[dict[str, Any]]:
            out = []
            for option in step["options"]:
                assert option["label"]
                if "then" in option:
                    out += leaves(option["then"])
                else:
                    out.append(option)
            return out

        found = leaves(tree["step"])
        played = [leaf["action"] for leaf in found] + [
            same for leaf in found for same in leaf.get("same", [])]
        assert sorted(map(json.dumps, played)) == sorted(map(json.dumps, legal["actions"]))
        spectator = HTTP.get(f"{base}/matches/{mid}/choices",
                             headers=auth(created["spectator"])).json()
        assert spectator["step"] is None and spectator["seat"] is None
        for other in set(range(2)) - set(view["to_act"]):
            idle = HTTP.get(f"{base}/matches/{mid}/choices",
                            headers=auth(token(created, other))).json()
            assert idle["step"] is None
        r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token(created, seat)),
                      json={"action": rng.choice(found)["action"],
                            "expected_version": tree["version"]})
        assert r.status_code == 200, r.text
    assert "/matches/{match}/choices" in HTTP.get(f"{base}/openapi.json").json()["paths"]


def test_a_game_tells_its_options_and_texts(base: str) -> None:
    """``/games/GAME``: what a lobby and a page need to explain a game: its seats, default
    names, options with their defaults and the short text of each card and piece."""
    got = HTTP.get(f"{base}/games/wiz-war")
    assert got.status_code == 200
    game = got.json()
    assert game["name"] == "wiz-war" and 2 in game["seats"]
    assert game["options"] and isinstance(game["texts"], dict)
    points = next(o for o in game["options"] if o["name"] == "victory_points")
    assert points["default"] == 2 and "points to win" in points["text"]
    missing = HTTP.get(f"{base}/games/chess")
    assert missing.status_code == 400 and missing.json()["reason"] == "game/unknown"


def test_the_picture_is_drawn_from_the_seats_side_when_asked(base: str) -> None:
    """``?picture=1&turned=1`` draws the board from the token's seat's side; without
    ``turned`` the picture is the usual one."""
    created = new(base, "swords-wizardry")
    mid = created["id"]
    plain = HTTP.get(f"{base}/matches/{mid}?picture=1", headers=auth(token(created, 0))).json()
    turned = HTTP.get(f"{base}/matches/{mid}?picture=1&turned=1",
                      headers=auth(token(created, 0))).json()
    assert plain["picture"].startswith("<svg") and turned["picture"].startswith("<svg")
    assert 'data-square="a1"' in turned["picture"]
    assert turned["picture"] != plain["picture"], "Red sits north: its side is turned"
    black = HTTP.get(f"{base}/matches/{mid}?picture=1&turned=1",
                     headers=auth(token(created, 1))).json()
    assert black["picture"] == HTTP.get(f"{base}/matches/{mid}?picture=1",
                                        headers=auth(token(created, 1))).json()["picture"]
