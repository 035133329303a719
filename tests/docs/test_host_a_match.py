"""The tutorial "Host a match behind a web page" (docs/tutorials/host-a-match.md) runs as
written: its files are written to a folder as they stand on the page, its Python prints
what the page says, its ``host.py`` serves the match server with the page beside it on a
free port, ``new_match.py`` creates a match through the API, and two people play it: Ann
from the page in a real headless Chromium, Ben through the API."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from tests.docs.pages import command, files, page, write_files
from tests.server.conftest import HTTP, auth, free_port, wait_up

TUTORIAL = page("tutorials/host-a-match.md")


def python(script: str, cwd: Path, **env: str) -> str:
    """Run one of the tutorial's scripts as the page says (``python SCRIPT``)."""
    done = subprocess.run([sys.executable, script], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={**os.environ, **env})
    assert done.returncode == 0, done.stderr
    return done.stdout


def until(check: Callable[[], bool], seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_the_page_is_fifty_lines_at_most() -> None:
    """The title's promise: the whole page, HTML, style and script, in 50 lines."""
    assert len(files(TUTORIAL)["web/play.html"].splitlines()) <= 50


def test_the_match_in_python_prints_what_the_tutorial_shows(tmp_path: Path) -> None:
    write_files(TUTORIAL, tmp_path)
    out = python("embed.py", tmp_path)
    assert command(TUTORIAL, "python embed.py").matches(out), out


class Hosted:
    def __init__(self, folder: Path, base: str) -> None:
        self.folder, self.base = folder, base

    def new_match(self) -> dict[str, str]:
        """Run ``new_match.py`` against this server: each player's link, by name."""
        out = python("new_match.py", self.folder, GRIMOIRE_SERVER=self.base)
        port = self.base.rsplit(":", 1)[1]
        assert command(TUTORIAL, "python new_match.py").matches(out, **{":8000": f":{port}"})
        return dict(line.split(": ", 1) for line in out.splitlines())


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hosted]:
    """``python host.py`` in the tutorial's folder, on a free port (``PORT``)."""
    folder = tmp_path_factory.mktemp("host-a-match")
    write_files(TUTORIAL, folder)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "host.py"], cwd=folder,
                            env={**os.environ, "PORT": str(port)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_up(base)
        yield Hosted(folder, base)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
        assert proc.stderr is not None
        proc.stderr.close()


def test_host_serves_the_page_beside_the_match_server(hosted: Hosted) -> None:
    """``host.py`` answers the API and the page on one port; ``new_match.py``'s links
    open the page, whose address names the match and the seat's token."""
    links = hosted.new_match()
    assert list(links) == ["Ann", "Ben"]
    answer = HTTP.get(links["Ann"])
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.text == files(TUTORIAL)["web/play.html"]
    query = httpx.URL(links["Ben"]).params
    seen = HTTP.get(f"{hosted.base}/matches/{query['match']}", headers=auth(query["token"]))
    assert seen.json()["seat"] == 1 and seen.json()["players"] == ["Ann", "Ben"]
    assert (hosted.folder / "matches.sqlite").exists()


def test_ann_plays_from_the_page_while_ben_plays_through_the_api(
        hosted: Hosted, browser: object) -> None:
    """In Chromium, Ann's page lights the squares of her first step and walks her setup
    by a square and buttons; it shows nothing of Ben's secret setup, and follows Ben's
    moves over the WebSocket without being reloaded."""
    from selenium.webdriver.common.by import By

    links = hosted.new_match()
    query = httpx.URL(links["Ben"]).params
    match, ben = query["match"], auth(query["token"])

    def status() -> str:
        return str(browser.find_element(By.ID, "status").text)  # type: ignore[attr-defined]

    def pieces() -> int:
        return len(browser.find_elements(By.CSS_SELECTOR, "#board [data-piece]"))  # type: ignore[attr-defined]

    def ben_acts() -> None:
        legal = HTTP.get(f"{hosted.base}/matches/{match}/legal", headers=ben).json()
        posted = HTTP.post(f"{hosted.base}/matches/{match}/actions", headers=ben,
                           json={"action": legal["actions"][0],
                                 "expected_version": legal["version"]})
        assert posted.status_code == 200, posted.text

    browser.get(links["Ann"])  # type: ignore[attr-defined]
    until(lambda: status() == "Your move, Ann")
    assert browser.find_element(By.ID, "prompt").text == "Where does your Saint start?"  # type: ignore[attr-defined]
    before = pieces()
    ben_acts()  # Ben sets up behind the screen: the page is told, and shows nothing of it
    time.sleep(0.5)
    assert status() == "Your move, Ann" and pieces() == before

    lit = browser.find_elements(By.CSS_SELECTOR, "#board .lit")  # type: ignore[attr-defined]
    assert {e.get_attribute("data-square") for e in lit} >= {"c5", "d5", "e5", "c4"}
    next(e for e in lit if e.get_attribute("data-square") == "c5").click()
    until(lambda: browser.find_element(By.ID, "prompt").text  # type: ignore[attr-defined]
          == "Where does your Spirit start?")
    for label in ("d5", "e5", "Keep in reserve", "Keep in reserve"):
        buttons = browser.find_elements(By.CSS_SELECTOR, "#options button")  # type: ignore[attr-defined]
        next(b for b in buttons if b.text == label).click()
    # both set up: the reveal, and Ben (Twilight) moves first
    until(lambda: status() == "Waiting for Ben" and pieces() > before)
    ben_acts()
    until(lambda: status() == "Your move, Ann")  # told by the WebSocket, not reloaded
    seen = HTTP.get(f"{hosted.base}/matches/{match}", headers=ben).json()
    assert seen["version"] >= 4 and seen["to_act"] == [0]
