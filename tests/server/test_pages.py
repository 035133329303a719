"""People play from the served page in real headless Chromium, by clicking the board:
the choice tree (docs/choices.md) is answered a step at a time on the pieces, squares and
cards the page lights in the board's picture."""

from __future__ import annotations

import contextlib
import json
import random
import time
from typing import Any

import pytest
from browser import click, clickables, page_state, ready
from selenium.common.exceptions import (
    MoveTargetOutOfBoundsException,
    StaleElementReferenceException,
)
from tests.server.conftest import HTTP, auth
from tests.server.test_server import new, play_one, token

from grimoire.core.audit import audit


def settle(driver: Any, base: str, mid: str, tok: str) -> dict[str, Any]:
    """The match as the page shows it, once it has caught up."""
    for _ in range(600):
        view: dict[str, Any] = HTTP.get(f"{base}/matches/{mid}", headers=auth(tok)).json()
        shown, busy = page_state(driver)
        if shown == str(view["version"]) and not busy:
            return view
        time.sleep(0.025)
    raise AssertionError("the page never caught up with the match")


def on_board(driver: Any, kind: str = "") -> list[Any]:
    """The lit choices of the board's picture (``kind``: ``square`` or ``card`` only)."""
    from selenium.webdriver.common.by import By

    css = f"#board [data-{kind}].choice" if kind else "#board .choice"
    return list(driver.find_elements(By.CSS_SELECTOR, css))


def test_two_people_play_a_whole_vicious_circle_match_by_clicking_the_board(
        base: str, browser: Any, second_browser: Any, tmp_path: Any) -> None:
    """Two browsers, one a seat, play a whole Vicious Circle match, the secret setups
    included, by clicking only the lit pieces and squares of their boards; the log the
    server gives at the end passes the audit."""
    created = new(base, players=["Ann", "Ben"])
    mid = created["id"]
    pages = (browser, second_browser)
    for seat, driver in enumerate(pages):
        driver.get(base + created["seats"][seat]["play_url"])
        ready(driver)
    rng = random.Random(11)
    clicks = 0
    for _ in range(3000):
        view = settle(browser, base, mid, token(created, 0))
        if settle(second_browser, base, mid, token(created, 1))["version"] != view["version"]:
            continue  # a page acted meanwhile (a forced step): settle both again
        if view["outcome"] is not None:
            break
        seat = view["to_act"][0]
        driver = pages[seat]
        found = on_board(driver)
        assert found, f"seat {seat} has nothing to click on the board"
        with contextlib.suppress(StaleElementReferenceException):
            click(driver, rng.choice(found))
            clicks += 1
    else:
        raise AssertionError("the match did not end")
    log = tmp_path / "vc.jsonl"
    log.write_bytes(HTTP.get(f"{base}/matches/{mid}/log",
                             headers=auth(created["spectator"])).content)
    report = audit(log)
    assert report.ok and report.outcome is not None and report.dice == "verified"
    assert clicks >= report.events // 4


def test_a_person_plays_wiz_war_by_clicking_cards_and_squares(base: str,
                                                              browser: Any) -> None:
    """A person plays Wiz-War seat 0 against a random client by clicking: a card in the
    hand shows its text and then its targets, a lit square moves the wizard; the step's
    few other options are buttons; nothing is typed."""
    from selenium.webdriver.common.by import By

    created = new(base, "wiz-war", players=["Ann", "Bot"])
    mid = created["id"]
    browser.get(base + created["seats"][0]["play_url"])
    ready(browser)
    rng = random.Random(3)
    kinds = {"card": 0, "square": 0, "button": 0}
    by = browser.find_element
    texts = 0

    def acted() -> int:  # (one command: not an element found and then its attribute)
        return int(browser.execute_script("return document.body.getAttribute('data-acted')")
                   or 0)

    for _ in range(400):
        view = settle(browser, base, mid, token(created, 0))
        if view["outcome"] is not None or acted() >= 12:
            break
        if 0 not in view["to_act"]:
            play_one(base, created, rng)
            continue
        cards, squares = on_board(browser, "card"), on_board(browser, "square")
        buttons = browser.find_elements(By.CSS_SELECTOR, "#actions button")
        if squares and (not kinds["square"] or rng.random() < 0.7):
            pick, kind = rng.choice(squares), "square"  # a step on the board: click it
        elif cards and (kinds["card"] < 3 or rng.random() < 0.3):
            pick, kind = rng.choice(cards), "card"
        elif not kinds["square"] and (moves := [b for b in buttons if b.text == "Move"]):
            # (each button's text is a request to the browser: read only while needed)
            pick, kind = moves[0], "button"  # then the squares the wizard may reach
        elif buttons:
            pick, kind = rng.choice(buttons), "button"
        else:
            found = clickables(browser)
            for _ in range(300):  # a refresh the socket started since: let it finish
                # (15 s at most: on two loaded cores a refresh once took more than 5)
                if found:
                    break
                time.sleep(0.05)
                found = clickables(browser)
            if not found:
                asked = HTTP.get(f"{base}/matches/{mid}/choices",
                                 headers=auth(token(created, 0))).text
                if json.loads(asked)["version"] != view["version"]:
                    continue  # a click of the page's had landed meanwhile: settle again
                try:
                    logs = browser.get_log("browser")
                except Exception:  # the driver keeps no console log
                    logs = []
                pytest.fail(
                    f"nothing to click at version {view['version']}, to act "
                    f"{view['to_act']}; error {by(By.ID, 'error').text!r}; step "
                    f"{by(By.TAG_NAME, 'body').get_attribute('data-step')!r}; actions "
                    f"{by(By.ID, 'actions').get_attribute('innerHTML')!r}; prompt "
                    f"{by(By.ID, 'prompt').text!r}; the seat's choices {asked[:4000]}; "
                    f"console {logs[-10:]}")
            pick, kind = rng.choice(found), "square"
        with contextlib.suppress(StaleElementReferenceException,
                                 MoveTargetOutOfBoundsException):
            click(browser, pick)
            kinds[kind] += 1
            if kind == "card" and browser.find_element(By.ID, "info").text:
                texts += 1
    assert acted() >= 5, kinds
    assert kinds["card"] and kinds["square"], kinds
    assert texts, "a clicked card shows its text"
    assert browser.find_element(By.ID, "error").text == ""
