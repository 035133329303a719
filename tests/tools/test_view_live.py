"""The viewer of a live match (``html_of(..., live=...)``, the page the match server
serves) opens at the latest event and follows the match: it asks the server for the
events after the ones it has every 1.5 s, passing on its token, and a reader at the end
moves to the new end. Tested in real headless Chromium against a small real HTTP server
on a real port that serves the page and the frames of a real match as it goes."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from axe import serious, summary
from browser import data_of, pictures, ready
from helpers import bot_match

from grimoire.core.match import Match
from grimoire.core.replay import Replay
from grimoire.tools.render import Perspective
from grimoire.tools.view import KEYFRAME, ending_of, frames_of, html_of

TOKEN = "t0ken-of-the-spectator"
VIEW, FRAMES = "/matches/m1/view", "/matches/m1/frames"


@dataclass
class Film:
    """A match as a server would tell it: ``shown`` of its events have happened so far."""

    match: Match
    reader: Perspective
    frames: list[Any]
    lines: list[str]
    shown: int = 0
    refuse: bool = False
    asked: list[dict[str, list[str]]] = field(default_factory=list)
    pages: dict[int, str] = field(default_factory=dict)

    def page(self) -> str:
        """The viewer of the match so far, as the server would serve it."""
        if self.shown not in self.pages:
            replay = Replay(self.match.rules, self.match.header,
                            self.match.events[:self.shown])
            self.pages[self.shown] = html_of(replay, self.reader, sealed=False, live=FRAMES)
        return self.pages[self.shown]

    def since(self, seq: int) -> dict[str, Any]:
        """What the server answers to ``GET FRAMES?since=seq``."""
        v = self.shown
        done = v == len(self.match.events)
        return {"version": v, "keyframe": KEYFRAME,
                "outcome": ending_of(self.match.outcome, self.match.header.players)
                if done else None,
                "events": self.lines[seq:v], "frames": self.frames[seq + 1:v + 1]}


class Handler(BaseHTTPRequestHandler):
    server: Server

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        film = self.server.film
        if url.path == FRAMES:
            film.asked.append(query)
        if query.get("token") != [TOKEN] or (url.path == FRAMES and film.refuse):
            self.answer(403, "application/json", b'{"reason": "access/token"}')
        elif url.path == VIEW:
            self.answer(200, "text/html; charset=utf-8", film.page().encode())
        elif url.path == FRAMES:
            body = film.since(int(query["since"][0]))
            self.answer(200, "application/json", json.dumps(body).encode())
        else:
            self.answer(404, "application/json", b'{"reason": "not-found"}')

    def answer(self, status: int, kind: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass


class Server(ThreadingHTTPServer):
    film: Film


@pytest.fixture(scope="module")
def film() -> Film:
    """Swords & Wizardry, seed 3: 230 events, won by Red; key frames at 0 and 200."""
    match = bot_match("swords-wizardry", seed=3, max_actions=300)
    assert match.outcome is not None and len(match.events) > KEYFRAME + 20
    reader = Perspective(match.rules, None, True)
    frames, lines = frames_of(match.replay(), reader)
    return Film(match, reader, frames, lines)


@pytest.fixture()
def served(film: Film) -> Iterator[tuple[Film, str]]:
    film.shown, film.refuse, film.asked = 150, False, []
    server = Server(("127.0.0.1", 0), Handler)
    server.film = film
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield film, f"http://127.0.0.1:{server.server_address[1]}{VIEW}?token={TOKEN}"
    finally:
        server.shutdown()
        server.server_close()


def until(check: Callable[[], bool], seconds: float = 8.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError("the page did not get there in time")
        time.sleep(0.05)


def body(driver: Any, name: str) -> int:
    from selenium.webdriver.common.by import By

    return int(driver.find_element(By.TAG_NAME, "body").get_attribute(f"data-{name}"))


def text(driver: Any, id_: str) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.ID, id_).text)


def board_is(driver: Any, picture: str) -> None:
    from selenium.webdriver.common.by import By

    expected = driver.execute_script(
        "const d = document.createElement('div'); d.innerHTML = arguments[0];"
        " return d.innerHTML;", picture)
    assert driver.find_element(By.ID, "board").get_attribute("innerHTML") == expected


def test_a_live_match_opens_at_its_latest_event_and_follows_it(
    browser: Any, served: tuple[Film, str]
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    film, url = served
    rebuilt = list(pictures({"frames": film.frames, "keyframe": KEYFRAME}))
    browser.get(url)
    ready(browser)
    assert (body(browser, "at"), body(browser, "events")) == (150, 150)
    assert text(browser, "where") == "event 150 of 150"
    board_is(browser, rebuilt[150])
    assert text(browser, "outcome") == "The match is going on."
    assert text(browser, "live") == "Live: following the match."

    film.shown = 215  # across the key frame at 200
    until(lambda: body(browser, "at") == 215)
    board_is(browser, rebuilt[215])
    assert text(browser, "now") == film.lines[214]
    last = browser.find_elements(By.CSS_SELECTOR, "ol#events li")[-1]
    assert last.text == film.lines[214] and "current" in last.get_attribute("class")

    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    assert body(browser, "at") == 214
    film.shown = len(film.match.events)  # the match ends while the reader looks back
    until(lambda: body(browser, "events") == film.shown)
    assert body(browser, "at") == 214, "a reader looking back stays where they are"
    board_is(browser, rebuilt[214])
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    assert body(browser, "at") == film.shown
    board_is(browser, rebuilt[-1])
    winner = ending_of(film.match.outcome, film.match.header.players)
    assert text(browser, "outcome") == f"Outcome: {winner}"
    assert text(browser, "live") == "Live: the match is over."

    sinces = [int(q["since"][0]) for q in film.asked]
    assert all(q["token"] == [TOKEN] for q in film.asked), "the page passes its token on"
    assert sinces[0] == 150 and 215 in sinces and sinces == sorted(sinces)
    asked = len(film.asked)
    time.sleep(2.0)
    assert len(film.asked) == asked, "a finished match is not asked about again"


def test_axe_finds_no_serious_violation_in_a_live_page(
    browser: Any, served: tuple[Film, str]
) -> None:
    _, url = served
    browser.get(url)
    ready(browser)
    found = serious(browser)
    assert not found, summary(found)


def test_a_live_page_says_so_when_the_server_refuses_it(
    browser: Any, served: tuple[Film, str]
) -> None:
    film, url = served
    film.refuse = True
    browser.get(url)
    ready(browser)
    until(lambda: "stopped" in text(browser, "live"))
    assert text(browser, "live") == ("Live updates stopped: the server answered 403. "
                                     "Reload the page to try again.")
    asked = len(film.asked)
    time.sleep(2.0)
    assert len(film.asked) == asked == 1, "a refusal is not asked again"
    assert body(browser, "at") == 150


def test_a_file_has_no_live_entry_and_a_served_page_says_where_its_frames_are(
    film: Film
) -> None:
    film.shown = 10
    data = data_of(film.page())
    assert data["live"] == {"version": 10, "frames": FRAMES}
    assert len(data["events"]) == 10 and data["outcome"] is None
    replay = Replay(film.match.rules, film.match.header, film.match.events[:10])
    assert "live" not in data_of(html_of(replay, film.reader, sealed=False))
