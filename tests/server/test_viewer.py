"""The served HTML viewer of a live match: built once per reader and extended by the new
events only, equal to ``grimoire view``'s page of the same events; its live data
(``GET /matches/{id}/frames?since=N``) gives the frames and lines a page lacks, as the
reader may see them; and while readers reload viewers of a long match, other requests
are answered at once (nothing heavy runs on the event loop)."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from axe import serious, summary
from browser import data_of, pictures, ready
from helpers import bot_match
from tests.server.conftest import HTTP, auth, free_port, process, running

from grimoire.bots.random import RandomBot
from grimoire.core import registry
from grimoire.core.match import Match
from grimoire.core.replay import Replay, initial_state
from grimoire.server import ServerConfig
from grimoire.server.hub import digest
from grimoire.store import Store
from grimoire.tools.render import Perspective
from grimoire.tools.view import KEYFRAME, ending_of, html_of


def prepared(db: Path, game: str, events: int, seed: int) -> dict[str, Any]:
    """A live match of at least ``events`` events, played by random bots and put in the
    store at ``db`` as the server keeps one (its secret seed, a token per seat and one
    for the spectator): a long match without playing it over HTTP."""
    rng = random.Random(seed)
    dice = rng.randbytes(32)
    match = Match.new(game, seed=dice)
    bot = RandomBot(seed)
    decisions = []
    while len(match.events) < events and match.to_act:
        decisions.append(match.act(bot.choose(match, rng.choice(sorted(match.to_act)))))
    assert len(match.events) >= events and match.to_act, "the bots finished too soon"
    tokens = {seat: f"seat-{seat}-{seed}-token" for seat in range(len(match.header.players))}
    spectator = f"spectator-{seed}-token"
    with Store(db) as store:
        mid = store.create(match.header, seed=dice)
        version = 0
        for decision in decisions:
            version = store.append(mid, decision, expected_version=version).version
        for seat, token in tokens.items():
            store.grant(mid, seat, digest(token))
        store.grant(mid, None, digest(spectator))
    return {"id": mid, "tokens": tokens, "spectator": spectator, "version": version}


def imported(db: Path, game: str, seed: int, max_actions: int) -> dict[str, Any]:
    """A finished random-bot match put in the store as ``grimoire store import`` does,
    with a token for the spectator and one for seat 0."""
    match = bot_match(game, seed=seed, max_actions=max_actions)
    assert match.outcome is not None
    log = db.parent / f"{game}-{seed}.jsonl"
    match.save(log)
    tokens = {None: f"spectator-{seed}-token", 0: f"seat-0-{seed}-token"}
    with Store(db) as store:
        mid = store.import_log(log)
        for seat, token in tokens.items():
            store.grant(mid, seat, digest(token))
    return {"id": mid, "tokens": tokens, "events": len(match.events)}


def filled(base: str, token: str, data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """``data`` (a served page's) with the frames it lacks asked for as its script asks
    for them (``more?since=N&until=M``, one key-frame span at a time) and put in place,
    the texts they name learned: what the page shows once the reader has stepped
    everywhere. Also how many spans were asked for."""
    data = dict(data)
    keyframe, n = data["keyframe"], len(data["events"])
    frames: list[Any] = data["frames"] + [None] * (n + 1 - len(data["frames"]))
    later = data.pop("later", None)
    if later is not None:
        frames[later[0]:later[0] + len(later[1])] = later[1]
    more, asked = data.pop("more", None), 0
    for first in range(0, n + 1, keyframe):
        if all(f is not None for f in frames[first:first + keyframe]):
            continue
        assert more is not None, "a page lacking frames says where to ask for them"
        since, until = max(0, first - 1), min(first + keyframe - 1, n)
        r = HTTP.get(f"{base}{more}?since={since}&until={until}", headers=auth(token))
        assert r.status_code == 200, r.text
        got = r.json()
        assert len(got["frames"]) == until - since
        frames[since + 1:until + 1] = got["frames"]
        data["texts"] = data["texts"] | got["texts"]
        asked += 1
    data["frames"] = frames
    return data, asked


def states_of(db: Path, mid: str) -> tuple[Any, list[Any], list[Any]]:
    """The rules, every state (the start first) and every event, from the store."""
    with Store(db) as store:
        header = store.header(mid)
        events = [rec.event for rec in store.records(mid)]
    rules = registry.get(header.game)
    states = [initial_state(rules, header)]
    for event in events:
        states.append(rules.evolve(states[-1], event))
    return rules, states, events


def act(base: str, match: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One random legal action of a seat to act."""
    mid = match["id"]
    now = HTTP.get(f"{base}/matches/{mid}", headers=auth(match["spectator"])).json()
    seat = rng.choice(now["to_act"])
    token = match["tokens"][seat]
    legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(token)).json()
    r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(token), json={
        "action": rng.choice(legal["actions"]), "expected_version": legal["version"]})
    assert r.status_code == 200, r.text
    done: dict[str, Any] = r.json()
    return done


def rebuilt(first: list[str], frames: list[Any], start: int, keyframe: int) -> list[str]:
    """The pictures after events ``start + 1``, ``start + 2``…: ``frames`` applied, as the
    viewer's script applies them, to ``first`` (the picture after ``start`` events)."""
    lines, out = list(first), []
    for k, frame in enumerate(frames, start + 1):
        if k % keyframe == 0:
            lines = list(frame)
        else:
            for i1, i2, repl in reversed(frame):
                lines[i1:i2] = repl
        out.append("\n".join(lines))
    return out


def test_the_live_viewer_is_followed_through_its_frames_as_each_reader_may_see_it(
        tmp_path: Path) -> None:
    """A page says where to follow a live match; ``frames?since=N`` gives each reader the
    lines and pictures after event N, key frames every ``keyframe`` events counted from
    the start, each picture the one ``Perspective(...).draw`` gives that reader; a seat's
    pictures do not change when what it cannot see does (the game's ``disguise``)."""
    db = tmp_path / "m.sqlite"
    match = prepared(db, "magery", KEYFRAME - 10, seed=1)
    rng = random.Random(2)
    with running(ServerConfig(db=str(db))) as base:
        mid = match["id"]
        readers = {None: match["spectator"], 0: match["tokens"][0], 1: match["tokens"][1]}
        pages = {}
        for seat, token in readers.items():
            r = HTTP.get(f"{base}/matches/{mid}/view", headers=auth(token))
            assert r.status_code == 200
            pages[seat] = data_of(r.text)
            assert pages[seat]["live"] == {"version": match["version"],
                                           "frames": f"/matches/{mid}/frames"}
        while HTTP.get(f"{base}/matches/{mid}", headers=auth(readers[None])
                       ).json()["version"] < KEYFRAME + 15:  # past a key frame
            act(base, match, rng)
        got = {}
        for seat, token in readers.items():
            since = pages[seat]["live"]["version"]
            r = HTTP.get(f"{base}/matches/{mid}/frames?since={since}", headers=auth(token))
            assert r.status_code == 200 and r.headers["content-type"] == "application/json"
            got[seat] = r.json()
        assert HTTP.get(f"{base}/matches/{mid}/frames?since=0").status_code == 401
        assert HTTP.get(f"{base}/matches/{mid}/frames?since=\u00b2",
                        headers=auth(readers[0])).status_code == 400
    rules, states, events = states_of(db, mid)
    disguiser = random.Random(3)
    for seat, body in got.items():
        eye = Perspective(rules, seat, True)
        since, version = pages[seat]["live"]["version"], body["version"]
        assert version == len(events) and body["outcome"] is None
        assert body["keyframe"] == KEYFRAME and len(body["frames"]) == version - since
        assert body["events"] == [eye.tell(events[k], states[k]) for k in range(since, version)]
        first = eye.draw(states[since], events[since - 1])
        for k, picture in enumerate(rebuilt(first.split("\n"), body["frames"], since,
                                            body["keyframe"]), since + 1):
            assert picture == eye.draw(states[k], events[k - 1]), f"frame {k} as {seat}"
            if seat is not None and k % 20 == 0:
                other = rules.disguise(states[k], seat, disguiser)
                assert picture == eye.draw(other, events[k - 1]), (
                    f"seat {seat}'s picture depends on what it cannot see")


class Remembering(Perspective):
    """A reader's perspective that draws each position once: ``draw`` is a pure function
    of the state, the last event and the side (each reader's pictures are made from
    ``view`` and ``redact`` alone), so a picture asked for again is the one drawn before.
    For viewers built from scratch at every version of one match, which draw its early
    positions over and over."""

    def __init__(self, rules: Any, seat: int | None, public: bool) -> None:
        super().__init__(rules, seat, public)
        self.drawn: dict[tuple[bytes, bytes, int | None], str] = {}

    def draw(self, state: Any, last: Any = None, *, bottom: int | None = None) -> str:
        key = (msgspec.json.encode(state), msgspec.json.encode(last), bottom)
        if key not in self.drawn:
            self.drawn[key] = super().draw(state, last, bottom=bottom)
        return self.drawn[key]


def test_each_page_equals_the_viewer_of_its_events_built_from_scratch(
        tmp_path: Path) -> None:
    """Pages built one event at a time (the reader's reel extended by the new events)
    hold exactly what ``grimoire view``'s page of the same events holds, at every
    version asked, to the end of the match, where the outcome is told as the viewer
    tells it and there is no more to follow."""
    db = tmp_path / "m.sqlite"
    match = prepared(db, "wizard-armies", 30, seed=4)
    rng = random.Random(5)
    seen: list[tuple[int | None, dict[str, Any]]] = []
    with running(ServerConfig(db=str(db))) as base:
        mid = match["id"]
        readers = {None: match["spectator"], 0: match["tokens"][0]}
        for _ in range(400):
            for seat, token in readers.items():
                seen.append((seat, data_of(HTTP.get(f"{base}/matches/{mid}/view",
                                                    headers=auth(token)).text)))
            if act(base, match, rng)["outcome"] is not None:
                break
        else:
            raise AssertionError("the match did not end")
        for seat, token in readers.items():
            seen.append((seat, data_of(HTTP.get(f"{base}/matches/{mid}/view",
                                                headers=auth(token)).text)))
        ended = HTTP.get(f"{base}/matches/{mid}/frames?since=0",
                         headers=auth(readers[0])).json()
    rules, states, events = states_of(db, mid)
    with Store(db) as store:
        header = store.header(mid)
    eyes = {seat: Remembering(rules, seat, True) for seat in readers}
    for seat, data in seen:
        version = len(data["events"])
        live = data.pop("live", None)
        finished = version == len(events)
        assert live == (None if finished else
                        {"version": version, "frames": f"/matches/{mid}/frames"})
        shown = header if finished else msgspec.structs.replace(header, seed=None)
        replay = Replay(rules, shown, events[:version])
        assert data == data_of(html_of(replay, eyes[seat], sealed=True))
    assert ended["outcome"] == ending_of(rules.outcome(states[-1]), header.players)
    assert seen[-1][1]["outcome"] == ended["outcome"]


def test_a_long_match_s_page_holds_the_span_it_opens_at_and_the_rest_is_asked_for(
        tmp_path: Path) -> None:
    """A served page of a long match holds the pictures of the key-frame span it opens
    at only (a finished match's: the first; a live one's: frame 0 and the span of its
    latest event, in ``later``), and says where to ask for the others (``more``); asked
    for with ``frames?since=N&until=M``, they make exactly ``grimoire view``'s page of
    the same events, texts included. The page is the same whatever was asked for
    before (its entity tag holds: 304)."""
    db = tmp_path / "m.sqlite"
    done = imported(db, "swords-wizardry", 3, 300)  # 230 events: key frames 0 and 200
    assert done["events"] > KEYFRAME
    going = prepared(db, "magery", KEYFRAME + 30, seed=11)
    with running(ServerConfig(db=str(db))) as base:
        pages = {}
        for match in (done, going):
            mid = match["id"]
            token = match["tokens"][0]
            r = HTTP.get(f"{base}/matches/{mid}/view", headers=auth(token))
            data = data_of(r.text)
            assert data["more"] == f"/matches/{mid}/frames"
            whole, asked = filled(base, token, data)
            assert asked == 1
            again = HTTP.get(f"{base}/matches/{mid}/view",
                             headers={**auth(token), "if-none-match": r.headers["etag"]})
            assert again.status_code == 304, "the page changed with what was drawn"
            pages[mid] = (data, whole)
    rules, _states, events = states_of(db, done["id"])
    data, whole = pages[done["id"]]
    assert len(data["frames"]) == KEYFRAME and "later" not in data
    with Store(db) as store:
        header = store.header(done["id"])
    offline = data_of(html_of(Replay(rules, header, events), Perspective(rules, 0, True),
                              sealed=True))
    assert whole == offline
    rules, _states, events = states_of(db, going["id"])
    data, whole = pages[going["id"]]
    version = going["version"]
    assert len(data["frames"]) == 1 and data["later"][0] == KEYFRAME
    assert len(data["later"][1]) == version + 1 - KEYFRAME
    with Store(db) as store:
        header = msgspec.structs.replace(store.header(going["id"]), seed=None)
    offline = data_of(html_of(Replay(rules, header, events), Perspective(rules, 0, True),
                              sealed=True, live=f"/matches/{going['id']}/frames"))
    assert whole == offline


def test_stepping_through_a_long_match_in_the_browser_asks_for_its_pictures(
        tmp_path: Path, browser: Any) -> None:
    """In real headless Chromium, a finished match longer than one key-frame span opens
    at its start with its result hidden; End shows the last event's picture (asked for
    from the server: the page did not hold it) and the result, the left arrow the one
    before it, Home the first again: each the picture ``grimoire view``'s file shows.
    axe-core finds no serious violation in it, nor while it fetches a board."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    db = tmp_path / "m.sqlite"
    done = imported(db, "swords-wizardry", 3, 300)
    rules, _states, events = states_of(db, done["id"])
    with Store(db) as store:
        header = store.header(done["id"])
    offline = data_of(html_of(Replay(rules, header, events),
                              Perspective(rules, None, True), sealed=True))
    expected = list(pictures(offline))
    n = len(events)

    def at(k: int) -> None:
        for _ in range(200):
            if browser.find_element(By.TAG_NAME, "body").get_attribute("data-board") == str(k):
                break
            time.sleep(0.05)
        shown = browser.find_element(By.ID, "board").get_attribute("innerHTML")
        assert shown == browser.execute_script(
            "const d = document.createElement('div'); d.innerHTML = arguments[0];"
            " return d.innerHTML;", expected[k]), f"the picture after event {k}"

    with running(ServerConfig(db=str(db))) as base:
        url = f"{base}/matches/{done['id']}/view?token={done['tokens'][None]}"
        served = data_of(HTTP.get(url).text)
        assert len(served["frames"]) < n + 1, "the page holds every picture"
        browser.get(url)
        ready(browser)
        at(0)
        outcome = browser.find_element(By.ID, "outcome")
        assert outcome.text == "The result is hidden until the last event."
        found = serious(browser)
        assert not found, summary(found)
        page = browser.find_element(By.TAG_NAME, "body")
        page.send_keys(Keys.END)
        at(n)
        assert outcome.text == f"Outcome: {offline['outcome']}"
        page.send_keys(Keys.ARROW_LEFT)
        at(n - 1)
        page.send_keys(Keys.HOME)
        at(0)
        # to the event before the key frame by its line in the event list (all listed
        # once the end was reached), then across the key frame one event at a time
        browser.find_element(By.CSS_SELECTOR,
                             f"#events li[data-at='{KEYFRAME - 1}'] button").click()
        at(KEYFRAME - 1)
        page.send_keys(Keys.ARROW_RIGHT)
        at(KEYFRAME)
        page.send_keys(Keys.ARROW_RIGHT)
        at(KEYFRAME + 1)
        # a server that does not answer (yet): the board says it is fetching
        stub = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
            "source": "window.fetch = () => new Promise(() => {});"})
        try:
            browser.get(url)
            ready(browser)
            browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
            board = browser.find_element(By.ID, "board")
            assert board.text == f"Fetching the board after event {n}\u2026"
            assert board.get_attribute("aria-busy") == "true"
            assert browser.find_element(By.ID, "where").text == f"event {n} of {n}"
            found = serious(browser)
            assert not found, summary(found)
        finally:
            browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                    {"identifier": stub["identifier"]})


def test_a_live_long_match_opens_at_its_end_asks_for_its_start_and_follows(
        tmp_path: Path, browser: Any) -> None:
    """In real headless Chromium, a live match longer than one key-frame span opens at its
    latest event (its page holds that span and the first picture only); Home shows the
    first picture, the right arrow the next (asked for from the server), End the latest
    again; and the page follows the match as it goes on."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    db = tmp_path / "m.sqlite"
    match = prepared(db, "magery", KEYFRAME + 30, seed=12)
    mid, token = match["id"], match["spectator"]

    def shows(k: int, seconds: float = 10.0) -> None:
        rules, states, events = states_of(db, mid)
        expected = Perspective(rules, None, True).draw(states[k], events[k - 1] if k else None)
        end = time.monotonic() + seconds
        while browser.find_element(By.TAG_NAME, "body").get_attribute("data-board") != str(k):
            assert time.monotonic() < end, f"the page never showed event {k}"
            time.sleep(0.05)
        shown = browser.find_element(By.ID, "board").get_attribute("innerHTML")
        assert shown == browser.execute_script(
            "const d = document.createElement('div'); d.innerHTML = arguments[0];"
            " return d.innerHTML;", expected), f"the picture after event {k}"

    with running(ServerConfig(db=str(db))) as base:
        url = f"{base}/matches/{mid}/view?token={token}"
        served = data_of(HTTP.get(url).text)
        assert len(served["frames"]) == 1 and served["later"][0] == KEYFRAME
        browser.get(url)
        ready(browser)
        version = match["version"]
        shows(version)
        page = browser.find_element(By.TAG_NAME, "body")
        page.send_keys(Keys.HOME)
        shows(0)
        page.send_keys(Keys.ARROW_RIGHT)
        shows(1)
        page.send_keys(Keys.END)
        shows(version)
        version = act(base, match, random.Random(13))["version"]
        shows(version)


@pytest.mark.alone  # a timing: other tests' work on the same cores would be its load
def test_other_requests_are_answered_at_once_while_viewers_of_a_long_match_are_built(
        tmp_path: Path) -> None:
    """The stall test: while clients reload the viewers of a Wiz-War match of six hundred
    events, each first asking for all its pictures as its page does when the reader
    steps through it (each reader's viewer and pictures built from scratch the first
    time, then extended as a bot plays on), another client's ``GET /games`` is answered
    in well under 100 ms every time. (``grimoire serve`` in its own process, as it
    runs.)"""
    db = tmp_path / "m.sqlite"
    match = prepared(db, "wiz-war", 600, seed=6)
    stop = threading.Event()
    served: list[float] = []
    errors: list[str] = []
    port = free_port()
    with process(db, port):
        base = f"http://127.0.0.1:{port}"
        mid = match["id"]

        def reload(token: str) -> None:  # as a browser reloads: only if it changed
            held, stepped = "", False
            with httpx.Client(timeout=60) as client:
                while not stop.is_set():
                    t0 = time.perf_counter()
                    r = client.get(f"{base}/matches/{mid}/view",
                                   headers={**auth(token), "if-none-match": held})
                    if r.status_code not in (200, 304) or (r.status_code == 304
                                                           and not held):
                        errors.append(r.text)
                    held = r.headers.get("etag", held)
                    served.append(time.perf_counter() - t0)
                    if stepped:
                        continue
                    for first in range(0, len(data_of(r.text)["events"]), KEYFRAME):
                        t0 = time.perf_counter()  # the pictures the page asks for as its
                        r = client.get(  # reader steps through the whole match, once
                            f"{base}/matches/{mid}/frames?since={max(0, first - 1)}"
                            f"&until={first + KEYFRAME - 1}", headers=auth(token))
                        if r.status_code != 200:
                            errors.append(r.text)
                        served.append(time.perf_counter() - t0)
                    stepped = True

        def play() -> None:
            rng = random.Random(7)
            while not stop.is_set():
                act(base, match, rng)
                time.sleep(0.05)

        tokens = [match["spectator"], *match["tokens"].values()] * 2
        clients = [threading.Thread(target=reload, args=(t,), daemon=True) for t in tokens]
        clients.append(threading.Thread(target=play, daemon=True))
        for c in clients:
            c.start()
        waits = []
        with httpx.Client(timeout=10) as client:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and (len(waits) < 100 or len(served) < 20):
                t0 = time.perf_counter()
                assert client.get(f"{base}/games").status_code == 200
                waits.append(time.perf_counter() - t0)
                time.sleep(0.01)
        stop.set()
        for c in clients:
            c.join(60)
    assert not errors, errors[:1]
    assert len(served) >= 20, "the viewers were not reloaded"
    assert max(served) > 0.3, "no viewer was built while GET /games was timed"
    assert max(waits) < 0.1, f"GET /games waited {max(waits) * 1000:.0f} ms"


def test_a_reload_of_an_unchanged_viewer_is_answered_304(tmp_path: Path) -> None:
    """A browser reloading a viewer it holds asks for it only if it changed (its entity
    tag): 304 and no body until the match moves on, then the new page."""
    db = tmp_path / "m.sqlite"
    match = prepared(db, "wizard-armies", 10, seed=8)
    with running(ServerConfig(db=str(db))) as base:
        url = f"{base}/matches/{match['id']}/view"
        first = HTTP.get(url, headers=auth(match["spectator"]))
        etag = first.headers["etag"]
        assert first.status_code == 200 and first.headers["cache-control"] == \
            "private, no-cache"
        again = HTTP.get(url, headers={**auth(match["spectator"]), "if-none-match": etag})
        assert (again.status_code, again.content) == (304, b"")
        other = HTTP.get(url, headers={**auth(match["tokens"][0]), "if-none-match": etag})
        assert other.status_code == 200 and other.headers["etag"] != etag  # another reader
        act(base, match, random.Random(9))
        moved = HTTP.get(url, headers={**auth(match["spectator"]), "if-none-match": etag})
        assert moved.status_code == 200 and moved.headers["etag"] != etag
        assert len(data_of(moved.text)["events"]) > len(data_of(first.text)["events"])
