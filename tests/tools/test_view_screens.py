"""The viewer on a desktop screen (1400 x 1000) and a phone's (390 x 844): screenshots
are taken (kept in the test's temporary folder), and the page's own layout (the DOM's
boxes) shows the whole board and every control inside the screen's width, with no
sideways scrolling. On the phone the board is scaled to the width and the controls and
the whole board are seen without scrolling down; on the desktop the board keeps its own
size, as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser import below, outside, ready, screen
from helpers import bot_match

from games import sample
from grimoire.tools.view import view

# Three shipped games picked for speed (a browser per screen): the widest picture, the
# tallest, and one with a secret setup; and any game not shipped here (games.sample).
GAMES = sample(["wiz-war", "magery", "vicious-circle"])
PARTS = ["header", "#controls", "#controls button", "#slider", "#where", "#board",
         "#board svg", "#now", "#outcome", "#reveal", "#events", "#side"]


@pytest.fixture(scope="module", params=GAMES)
def page(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    game: str = request.param
    match = bot_match(game, seed=4, max_actions=80,
                      options={"victory_points": 3} if game == "wiz-war" else None)
    out = tmp_path_factory.mktemp(game)
    match.save(out / "m.jsonl")
    view(out / "m.jsonl", out / "m.html", player=0)
    return out / "m.html"


def picture_width(driver: Any) -> tuple[float, float]:
    """The board's drawn width and the width its SVG asks for."""
    return tuple(driver.execute_script(  # type: ignore[return-value]
        "const svg = document.querySelector('#board svg');"
        " return [svg.getBoundingClientRect().width, Number(svg.getAttribute('width'))]"))


def test_at_1400_by_1000_everything_fits_across_and_the_board_keeps_its_size(
    browser: Any, page: Path
) -> None:
    with screen(browser, 1400, 1000):
        browser.get(page.as_uri())
        ready(browser)
        shot = page.with_name("desktop.png")
        assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 20_000
        assert outside(browser, PARTS) == []
        drawn, asked = picture_width(browser)
        assert drawn == pytest.approx(asked, abs=1), "the board as large as it was"
        assert below(browser, "#controls") <= 0
        browser.execute_script("document.getElementById('last').click()")
        assert outside(browser, PARTS) == []


def test_at_390_by_844_the_whole_board_and_the_controls_are_seen(
    browser: Any, page: Path
) -> None:
    with screen(browser, 390, 844, phone=True):
        browser.get(page.as_uri())
        ready(browser)
        assert browser.execute_script("return window.innerWidth") == 390
        shot = page.with_name("phone.png")
        assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 20_000
        assert outside(browser, PARTS) == []
        drawn, asked = picture_width(browser)
        assert drawn < asked and drawn <= 390, "the board scaled to the width"
        assert below(browser, "#controls") <= 0, "the controls are seen on opening"
        assert below(browser, "#board") <= 0, "so is the whole board"
        browser.execute_script("document.getElementById('reveal').hidden"
                               " || document.getElementById('reveal').click()")
        browser.execute_script("document.getElementById('last').click()")
        assert outside(browser, PARTS) == []
        shot = page.with_name("phone-end.png")
        assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 20_000
