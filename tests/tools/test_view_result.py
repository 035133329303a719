"""The viewer keeps a finished match's result hidden until the replay reaches the last
event (or the reader asks for it with one click): neither the outcome nor an event after
the one shown is on the screen before. Once shown, it stays shown while the reader steps
back (they know it by then); a new visit hides it again. Tested in real headless
Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser import data_of, ready
from helpers import bot_match

from grimoire.tools.view import view


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    match = bot_match("vicious-circle", seed=3, max_actions=300)
    assert match.outcome is not None
    out = tmp_path_factory.mktemp("result")
    match.save(out / "vc.jsonl")
    view(out / "vc.jsonl", out / "vc.html")
    return out / "vc.html", data_of((out / "vc.html").read_text())


def on_screen(driver: Any) -> str:
    """The text a person sees on the page now (what is hidden excluded)."""
    return str(driver.execute_script("return document.body.innerText"))


def listed(driver: Any) -> list[str]:
    """The events the list shows now."""
    return [str(t) for t in driver.execute_script(
        "return [...document.querySelectorAll('ol#events li')]"
        ".filter((li) => li.offsetParent !== null).map((li) => li.innerText)")]


def at(driver: Any) -> int:
    return int(driver.execute_script("return Number(document.body.dataset.at)"))


def press(driver: Any, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def test_a_finished_match_shows_its_result_only_at_the_last_event(
    browser: Any, finished: tuple[Path, dict[str, Any]]
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page, data = finished
    events, n = data["events"], len(data["events"])
    assert data["outcome"] == "won by Dawn (throne)"
    assert events[-1] == "Dawn wins the game by reaching Twilight's throne"
    browser.get(page.as_uri())
    ready(browser)
    seen = on_screen(browser)
    assert at(browser) == 0 and listed(browser) == []
    assert "won by" not in seen and "wins" not in seen and events[-1] not in seen
    assert browser.find_element(By.ID, "outcome").text == (
        "The result is hidden until the last event.")
    assert browser.find_element(By.ID, "reveal").is_displayed()

    for _ in range(3):
        press(browser, Keys.ARROW_RIGHT)
    assert at(browser) == 3 and listed(browser) == events[:3]
    assert events[3] not in on_screen(browser) and "won by" not in on_screen(browser)
    press(browser, Keys.END)
    assert at(browser) == n
    assert browser.find_element(By.ID, "outcome").text == "Outcome: won by Dawn (throne)"
    assert not browser.find_element(By.ID, "reveal").is_displayed()
    assert listed(browser) == events

    press(browser, Keys.ARROW_LEFT)  # stepping back: the result, once seen, stays
    assert at(browser) == n - 1 and listed(browser) == events
    assert browser.find_element(By.ID, "outcome").text == "Outcome: won by Dawn (throne)"
    future = browser.find_element(By.CSS_SELECTOR, f"ol#events li:nth-child({n})")
    assert future.get_attribute("class") == "future"

    browser.get(page.as_uri())  # a new visit hides it again
    ready(browser)
    assert "won by" not in on_screen(browser) and listed(browser) == []


def test_one_click_shows_the_result_and_every_event(
    browser: Any, finished: tuple[Path, dict[str, Any]]
) -> None:
    from selenium.webdriver.common.by import By

    page, data = finished
    browser.get(page.as_uri())
    ready(browser)
    browser.find_element(By.ID, "reveal").click()
    assert at(browser) == 0
    assert browser.find_element(By.ID, "outcome").text == "Outcome: won by Dawn (throne)"
    assert listed(browser) == data["events"]
    assert browser.switch_to.active_element.get_attribute("id") == "outcome", (
        "the focus moves to the result, not lost with the hidden button")


def test_an_unfinished_match_has_no_result_to_hide_and_tells_its_options(
    browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    match = bot_match("vicious-circle", seed=3, max_actions=6,
                      options={"edition": "illustrated"})
    assert match.outcome is None
    match.save(tmp_path / "vc.jsonl")
    view(tmp_path / "vc.jsonl", tmp_path / "vc.html")
    data = data_of((tmp_path / "vc.html").read_text())
    browser.get((tmp_path / "vc.html").as_uri())
    ready(browser)
    assert browser.find_element(By.ID, "outcome").text == (
        "Outcome: unfinished (the log stops before the end).")
    assert not browser.find_element(By.ID, "reveal").is_displayed()
    assert listed(browser) == data["events"]
    header = browser.find_element(By.TAG_NAME, "header").text
    assert 'edition: "illustrated" instead of "designer" — ' in header
    assert "rematch" not in header and "no_return" not in header
