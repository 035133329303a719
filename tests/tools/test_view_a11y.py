"""axe-core, the accessibility engine, finds no serious or critical violation in the
viewer of any game, run in the same headless Chromium: not at the start (the result
hidden, nothing listed), not with every event listed (the events to come in their muted
colour, the current one marked), not at a phone's width. It found two before: the grey of
the events to come (text contrast) and an event list no keyboard could reach."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from axe import serious, summary
from browser import ready, screen
from helpers import bot_match

from games import GAMES
from grimoire.tools.view import view


def opened(driver: Any, tmp_path: Path, game: str, actions: int = 120) -> int:
    """The viewer of a seeded match of ``game`` as its second seat sees it (hidden pieces
    and cards drawn as such), open in ``driver``; its number of events."""
    match = bot_match(game, seed=4, max_actions=actions)
    match.save(tmp_path / "m.jsonl")
    view(tmp_path / "m.jsonl", tmp_path / "m.html", player=1)
    driver.get((tmp_path / "m.html").as_uri())
    ready(driver)
    return len(match.events)


@pytest.mark.parametrize("game", GAMES)
def test_axe_finds_no_serious_violation_in_the_viewer(
    browser: Any, tmp_path: Path, game: str
) -> None:
    from selenium.webdriver.common.by import By

    n = opened(browser, tmp_path, game)
    found = serious(browser)
    assert not found, f"at the start:\n{summary(found)}"
    browser.execute_script("document.getElementById('reveal').hidden"
                           " || document.getElementById('reveal').click()")
    browser.find_element(By.CSS_SELECTOR, f"ol#events li:nth-child({n // 2}) button").click()
    assert browser.find_elements(By.CSS_SELECTOR, "ol#events li.future")
    found = serious(browser)
    assert not found, f"with every event listed, at event {n // 2}:\n{summary(found)}"


def test_axe_finds_no_serious_violation_at_a_phones_width(browser: Any, tmp_path: Path) -> None:
    with screen(browser, 390, 844, phone=True):
        opened(browser, tmp_path, "wiz-war", actions=60)
        browser.execute_script("document.getElementById('last').click()")
        found = serious(browser)
    assert not found, summary(found)
