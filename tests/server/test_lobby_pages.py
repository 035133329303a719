"""The lobby, invite and play pages in real headless Chromium: two people meet through an
invite link and play a whole match, a person plays a server bot to the end, and the
pages fit a phone's screen and a desktop's."""

from __future__ import annotations

import contextlib
import random
import time
from pathlib import Path
from typing import Any

from browser import click, clickables, page_state, ready
from selenium.common.exceptions import (
    MoveTargetOutOfBoundsException,
    StaleElementReferenceException,
)
from tests.server.conftest import HTTP, auth

from grimoire.core.audit import audit


def by_id(driver: Any, name: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, name)


def wait_for(check: Any, seconds: float = 20.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def viewport(driver: Any, width: int, height: int) -> None:
    """The page's viewport exactly ``width`` x ``height`` CSS pixels (a phone's is
    390 x 844)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1,
        "mobile": width < 600})


def inside(driver: Any, css: str) -> bool:
    """Whether the element lies within the viewport (and the page has no sideways
    scroll)."""
    box = driver.execute_script(
        "const e = document.querySelector(arguments[0]); if (!e) return null;"
        "const b = e.getBoundingClientRect();"
        "return [b.left, b.top, b.right, b.bottom, innerWidth, innerHeight,"
        " document.documentElement.scrollWidth];", css)
    assert box is not None, css
    left, top, right, bottom, width, height, scroll = box
    return bool(left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1
                and scroll <= width + 1)


def play_by_clicks(pages: dict[int, Any], base: str, mid: str, tokens: dict[int, str],
                   rng: random.Random, limit: int = 3000) -> dict[str, Any]:
    """Click what each seat's page offers (its lit board choices and buttons) until the
    match ends; the other seats are the server's bots."""
    for _ in range(limit):
        any_token = next(iter(tokens.values()))
        view: dict[str, Any] = HTTP.get(f"{base}/matches/{mid}",
                                        headers=auth(any_token)).json()
        if view["outcome"] is not None:
            return view
        mine = [s for s in view["to_act"] if s in pages]
        if not mine:
            time.sleep(0.03)
            continue
        driver = pages[mine[0]]
        shown, busy = page_state(driver)
        if shown != str(view["version"]) or busy:
            time.sleep(0.03)
            continue
        found = clickables(driver)
        if not found:
            time.sleep(0.03)
            continue
        with contextlib.suppress(StaleElementReferenceException,
                                 MoveTargetOutOfBoundsException):
            click(driver, rng.choice(found))
    raise AssertionError("the match did not end")


def test_two_people_meet_through_an_invite_link_and_play_to_the_end(
        base: str, browser: Any, second_browser: Any, tmp_path: Path) -> None:
    """Ann creates a Wizard Armies match in the lobby and copies the second seat's invite
    link; Ben opens it in his own browser, gives his name, and both play the whole match
    through their pages. The log passes the audit."""
    from selenium.webdriver.support.ui import Select

    ann, ben = browser, second_browser
    ann.get(base + "/")
    ready(ann)
    Select(by_id(ann, "game")).select_by_value("wizard-armies")
    wait_for(lambda: by_id(ann, "about").text.startswith("Wizard Armies"))
    by_id(ann, "name-0").clear()
    by_id(ann, "name-0").send_keys("Ann")
    Select(by_id(ann, "kind-1")).select_by_value("person")
    click(ann, by_id(ann, "create-button"))
    mid = wait_for(lambda: ann.find_element("tag name", "body").get_attribute("data-created"))
    links = wait_for(lambda: [e.get_attribute("value") for e in ann.find_elements(
        "css selector", "#created-links input")])
    invite = next(link for link in links if f"/join/{mid}?token=" in link
                  and link.split("token=")[1] not in links[0])
    mine = links[0]
    assert invite.startswith(base) and mine.startswith(base)
    ben.get(invite)
    wait_for(lambda: not by_id(ben, "join").get_attribute("hidden"))
    by_id(ben, "name").clear()
    by_id(ben, "name").send_keys("Ben")
    click(ben, ben.find_element("css selector", "#join button"))
    wait_for(lambda: "/play?token=" in ben.current_url)
    ann.get(mine)
    wait_for(lambda: "/play?token=" in ann.current_url)
    ready(ann)
    ready(ben)
    tokens = {0: ann.current_url.split("token=")[1], 1: ben.current_url.split("token=")[1]}
    end = play_by_clicks({0: ann, 1: ben}, base, mid, tokens, random.Random(5))
    assert end["players"] == ["Ann", "Ben"]
    log = tmp_path / "wa.jsonl"
    log.write_bytes(HTTP.get(f"{base}/matches/{mid}/log", headers=auth(tokens[0])).content)
    report = audit(log)
    assert report.ok and report.outcome is not None and report.dice == "verified"
    wait_for(lambda: "Won by" in by_id(ann, "status").text or "Drawn" in by_id(
        ann, "status").text)
    assert not by_id(ann, "rematch").get_attribute("hidden")


def test_a_person_plays_magery_against_a_server_bot_to_the_end(base: str,
                                                               browser: Any) -> None:
    """Magery against the server's bot (a one-round match: the option that ends it then;
    a round is both of its phases, the minions placed and then removed with their
    powers), played by clicking the board and the step's buttons until the end."""
    r = HTTP.post(f"{base}/tables", json={
        "game": "magery", "options": {"round_limit": 1},
        "seats": [{"kind": "you", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]})
    t = r.json()
    assert t["status"] == "started"
    browser.get(f"{base}/matches/{t['id']}/play?token={t['you']['token']}")
    ready(browser)
    end = play_by_clicks({0: browser}, base, t["id"], {0: t["you"]["token"]},
                         random.Random(2))
    assert end["outcome"] is not None
    wait_for(lambda: "Won by" in by_id(browser, "status").text or "Drawn" in by_id(
        browser, "status").text)


def test_the_pages_fit_a_phone_and_a_desktop(base: str, browser: Any,
                                             tmp_path: Path) -> None:
    """At 390x844 and 1400x1000 the lobby's form, and the play page's whole board and
    current choices, lie inside the viewport without sideways scrolling (screenshots are
    kept in the test's folder)."""
    t = HTTP.post(f"{base}/tables", json={
        "game": "wiz-war", "seats": [{"kind": "you", "name": "Ann"},
                                     {"kind": "bot", "bot": "random"}]}).json()
    play = f"{base}/matches/{t['id']}/play?token={t['you']['token']}"
    try:
        for width, height in ((1400, 1000), (390, 844)):
            viewport(browser, width, height)
            browser.get(base + "/")
            ready(browser)
            browser.save_screenshot(str(tmp_path / f"lobby-{width}.png"))
            assert inside(browser, "#game") and inside(browser, "#create-button")
            browser.get(play)
            ready(browser)
            wait_for(lambda: clickables(browser))
            browser.save_screenshot(str(tmp_path / f"play-{width}.png"))
            assert inside(browser, "#board svg"), (width, height)
            assert inside(browser, "#actions"), (width, height)
            assert inside(browser, "#prompt"), (width, height)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert (tmp_path / "play-390.png").stat().st_size > 1000


def test_the_board_s_choices_are_taken_with_the_keyboard(base: str, browser: Any) -> None:
    """A lit piece or square of the board is reached with Tab and taken with Enter."""
    from selenium.webdriver.common.keys import Keys

    t = HTTP.post(f"{base}/tables", json={
        "game": "vicious-circle", "seats": [{"kind": "you", "name": "Ann"},
                                            {"kind": "bot", "bot": "random"}]}).json()
    browser.get(f"{base}/matches/{t['id']}/play?token={t['you']['token']}")
    ready(browser)
    first = wait_for(lambda: browser.find_elements("css selector",
                                                   "#board [tabindex='0'].choice"))
    prompt = by_id(browser, "prompt").text
    first[0].send_keys(Keys.ENTER)
    wait_for(lambda: by_id(browser, "prompt").text != prompt)


def test_axe_finds_no_serious_violation_on_the_lobby_table_and_play_pages(
        base: str, browser: Any) -> None:
    """axe-core, run in the same Chromium: no serious or critical accessibility violation
    on the lobby, an invite's page, the creator's page and a play page (wide and at a
    phone's width)."""
    from axe import serious, summary

    t = HTTP.post(f"{base}/tables", json={
        "game": "wiz-war", "public": True,
        "seats": [{"kind": "you", "name": "Ann"}, {"kind": "person"}]}).json()
    invite = next(i["url"] for i in t["invites"] if i["seat"] == 1)
    gathering = [base + "/", invite, t["manage_url"],
                 f"{base}/join/{t['id']}?token={t['you']['token']}"]
    playing = [f"{base}/matches/{t['id']}/play?token={t['you']['token']}", t["manage_url"]]

    def check(urls: list[str]) -> None:
        for width, height in ((1400, 1000), (390, 844)):
            viewport(browser, width, height)
            for url in urls:
                browser.get(url)
                ready(browser)
                found = serious(browser)
                assert not found, f"{url} at {width}:\n{summary(found)}"

    try:
        check(gathering)
        HTTP.post(f"{base}/tables/{t['id']}/join", headers=auth(invite.split("token=")[1]),
                  json={"name": "Ben"})
        check(playing)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_spectator_opens_a_live_match_at_its_latest_event_and_follows_it(
        base: str, browser: Any) -> None:
    """Two server bots play a public Wiz-War match; a spectator opening it from the lobby
    sees its latest event, and the page follows the match as the bots play on."""
    t = HTTP.post(f"{base}/tables", json={
        "game": "wiz-war", "public": True,
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).json()
    assert t["status"] == "started"
    wait_for(lambda: HTTP.get(f"{base}/matches/{t['id']}").json()["version"] >= 10)
    lists = HTTP.get(f"{base}/lobby").json()
    [live] = [m for m in lists["live"] + lists["finished"] if m["id"] == t["id"]]
    browser.get(live["watch_url"])
    ready(browser)

    def where() -> tuple[int, int]:
        at, _, total = by_id(browser, "where").text.removeprefix("event ").partition(" of ")
        return int(at), int(total)

    at, total = where()
    assert at == total >= 10, (at, total)
    if HTTP.get(f"{base}/matches/{t['id']}").json()["outcome"] is None:
        # what the page shows read once a look (three reads a look, the bots acting
        # between them, took some 35 looks and 3 s of the bots' playing on)
        wait_for(lambda: (lambda now: now[1] > total and now[0] == now[1])(where()), 30)


def test_a_finished_match_s_viewer_keeps_the_result_until_the_end(base: str,
                                                                  browser: Any) -> None:
    """The viewer of a finished match does not show who won before the replay reaches
    the last event."""
    t = HTTP.post(f"{base}/tables", json={
        "game": "wizard-armies", "public": True,
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).json()
    end = wait_for(lambda: (lambda v: v if v["outcome"] else None)(
        HTTP.get(f"{base}/matches/{t['id']}").json()), 60)
    winners = [end["players"][w] for w in end["outcome"]["winners"]]
    browser.get(f"{base}/matches/{t['id']}/view")
    ready(browser)
    outcome = by_id(browser, "outcome").text
    assert "won by" not in outcome and "drawn" not in outcome.lower()
    assert not any(f"won by {w}" in browser.find_element("tag name", "body").text
                   for w in winners)
    click(browser, by_id(browser, "last"))
    wait_for(lambda: "won by" in by_id(browser, "outcome").text
             or "drawn" in by_id(browser, "outcome").text)
