"""Helpers for tests of the HTML viewer: its packed data, the pictures it rebuilds, and a
real headless Chromium (skipped where it is not installed)."""

from __future__ import annotations

import base64
import gzip
import json
import re
import shutil
import time
from collections.abc import Iterator

import pytest


def data_of(text: str) -> dict:  # type: ignore[type-arg]
    packed = re.search(r'<script id="grimoire-data"[^>]*>([^<]*)</script>', text)
    assert packed is not None
    return json.loads(gzip.decompress(base64.b64decode(packed.group(1))))  # type: ignore[no-any-return]


def pictures(data: dict) -> Iterator[str]:  # type: ignore[type-arg]
    """Every picture the file holds, rebuilt as the page's script does."""
    lines: list[str] = []
    for k, frame in enumerate(data["frames"]):
        if k % data["keyframe"] == 0:
            lines = list(frame)
        else:
            for i1, i2, repl in reversed(frame):
                lines[i1:i2] = repl
        yield "\n".join(lines)



CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def chromium() -> object:
    """A new headless Chromium (its own profile: a browser context of its own)."""
    if not (CHROMIUM and DRIVER):
        pytest.skip("headless Chromium is not installed (Debian: apt-get install chromium "
                    "chromium-driver; `make test` installs it when it can)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-sync",
                "--disable-component-update", "--disable-dev-shm-usage",
                "--window-size=1280,900"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    driver = chromium()
    yield driver
    driver.quit()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def second_browser() -> Iterator[object]:
    """Another Chromium beside ``browser``: a second person at another computer."""
    driver = chromium()
    yield driver
    driver.quit()  # type: ignore[attr-defined]


def ready(driver: object) -> None:
    from selenium.webdriver.common.by import By

    for _ in range(100):
        if driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes":  # type: ignore[attr-defined]
            return
        time.sleep(0.05)
    raise AssertionError("the page never got ready")


def clickables(driver: object) -> list[object]:
    """What a person may click on a play page now: the step's buttons and the lit pieces,
    squares and cards of the board."""
    from selenium.webdriver.common.by import By

    return driver.find_elements(  # type: ignore[attr-defined,no-any-return]
        By.CSS_SELECTOR, "#actions button, #board .choice")


def click(driver: object, element: object) -> None:
    """A real mouse click in the middle of ``element`` (a button, or a piece, square or
    card of the board's SVG)."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).move_to_element(element).click().perform()  # type: ignore[arg-type]


__all__ = ["browser", "chromium", "click", "clickables", "data_of", "pictures", "ready",
           "second_browser"]
