"""Every control of the viewer is reached and worked with the keyboard alone: Tab reaches
the buttons, the slider, the result's button, the event list (one stop) and the texts;
in the list the up and down arrows move between events and Enter or Space shows one;
Space on a button presses it. Tested with real key presses in headless Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser import data_of, ready
from helpers import bot_match

from grimoire.tools.view import view


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A finished Wizard Armies match (its cards' texts make a second `details`)."""
    match = bot_match("wizard-armies", seed=3, max_actions=300)
    assert match.outcome is not None
    out = tmp_path_factory.mktemp("keys")
    match.save(out / "wa.jsonl")
    view(out / "wa.jsonl", out / "wa.html")
    return out / "wa.html", data_of((out / "wa.html").read_text())


def press(driver: Any, *keys: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    for key in keys:
        ActionChains(driver).send_keys(key).perform()


def focused(driver: Any) -> str:
    """What has the keyboard's focus, by name: an id, ``event N`` or a summary's
    ``details`` id."""
    return str(driver.execute_script("""
        const el = document.activeElement;
        if (el.closest('#events')) return 'event ' + el.dataset.at;
        if (el.tagName === 'SUMMARY') return el.parentElement.id;
        return el.id || el.tagName.toLowerCase();"""))


def at(driver: Any) -> int:
    return int(driver.execute_script("return Number(document.body.dataset.at)"))


def tab_stops(driver: Any) -> list[str]:
    """Every stop Tab makes, from the top of the page round to the first again."""
    from selenium.webdriver.common.keys import Keys

    driver.execute_script("document.activeElement.blur(); window.focus()")
    stops: list[str] = []
    for _ in range(30):
        press(driver, Keys.TAB)
        stop = focused(driver)
        if stops and stop in (stops[0], "body"):
            break
        stops.append(stop)
    return stops


def test_tab_reaches_every_control_and_the_event_list_once(
    browser: Any, page: tuple[Path, dict[str, Any]]
) -> None:
    from selenium.webdriver.common.keys import Keys

    path, data = page
    n = len(data["events"])
    browser.get(path.as_uri())
    ready(browser)
    controls = ["first", "prev", "play", "next", "last", "slider"]
    assert tab_stops(browser) == [*controls, "reveal", "texts", "keys"]  # nothing listed yet
    press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert tab_stops(browser) == [*controls, "reveal", "event 2", "texts", "keys"]
    browser.execute_script("document.activeElement.blur()")
    press(browser, Keys.END)
    assert at(browser) == n
    assert tab_stops(browser) == [*controls, f"event {n}", "texts", "keys"]


def test_the_event_list_is_worked_with_arrows_enter_and_space(
    browser: Any, page: tuple[Path, dict[str, Any]]
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    path, data = page
    n = len(data["events"])
    browser.get(path.as_uri())
    ready(browser)
    press(browser, Keys.END)
    stops = tab_stops(browser)
    press(browser, *[Keys.TAB] * (stops.index(f"event {n}") + 1))
    assert focused(browser) == f"event {n}"
    press(browser, Keys.ARROW_UP)
    assert focused(browser) == f"event {n - 1}" and at(browser) == n, "moving is not showing"
    press(browser, Keys.ENTER)
    assert at(browser) == n - 1
    press(browser, Keys.ARROW_UP, Keys.ARROW_UP, Keys.ARROW_DOWN, Keys.SPACE)
    assert focused(browser) == f"event {n - 2}" and at(browser) == n - 2
    assert browser.execute_script("return document.getElementById('play').textContent") == (
        "play"), "Space on an event shows it; it does not start playing"
    press(browser, Keys.TAB)
    assert focused(browser) == "texts", "the list is one stop for Tab"
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert focused(browser) == f"event {n - 2}", "back to the event last chosen"


def test_space_and_enter_press_the_focused_button_and_the_slider_takes_arrows(
    browser: Any, page: tuple[Path, dict[str, Any]]
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    path, data = page
    browser.get(path.as_uri())
    ready(browser)
    browser.find_element(By.ID, "next").send_keys(Keys.SPACE)
    browser.find_element(By.ID, "next").send_keys(Keys.ENTER)
    assert at(browser) == 2
    assert browser.find_element(By.ID, "play").text == "play"
    browser.find_element(By.ID, "prev").send_keys(Keys.SPACE)
    assert at(browser) == 1
    browser.find_element(By.ID, "slider").send_keys(Keys.ARROW_RIGHT)
    assert at(browser) == 2, "the slider's own arrow moves one event, not two"
    browser.find_element(By.ID, "slider").send_keys(Keys.END)
    assert at(browser) == len(data["events"])
    browser.find_element(By.ID, "first").send_keys(Keys.ENTER)
    assert at(browser) == 0
    browser.find_element(By.ID, "play").send_keys(Keys.SPACE)
    assert browser.find_element(By.ID, "play").text == "pause"
    browser.find_element(By.ID, "play").send_keys(Keys.SPACE)
    assert browser.find_element(By.ID, "play").text == "play"


def test_the_result_is_shown_from_the_keyboard(
    browser: Any, page: tuple[Path, dict[str, Any]]
) -> None:
    from selenium.webdriver.common.keys import Keys

    path, data = page
    browser.get(path.as_uri())
    ready(browser)
    stops = tab_stops(browser)
    press(browser, *[Keys.TAB] * (stops.index("reveal") + 1), Keys.ENTER)
    assert focused(browser) == "outcome" and at(browser) == 0
    assert browser.execute_script("return document.getElementById('outcome').innerText") == (
        f"Outcome: {data['outcome']}")
