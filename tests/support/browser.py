"""Helpers for tests of the HTML viewer: its packed data, the pictures it rebuilds, and a
real headless Chromium (skipped where it is not installed)."""

from __future__ import annotations

import base64
import contextlib
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


@pytest.fixture(scope="session")
def _one_chromium() -> Iterator[list[object]]:
    """The worker's Chromium, started once (each start costs about a second of CPU, and a
    dozen files use one), in a list so a file may replace one that died."""
    drivers: list[object] = []
    yield drivers
    for driver in drivers:
        with contextlib.suppress(Exception):
            driver.quit()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def browser(_one_chromium: list[object]) -> Iterator[object]:
    """A headless Chromium for a file's tests: the worker's one, handed over as a new
    one would be (a blank page, no emulated screen, no cookies); every test file's server
    is an origin of its own, so nothing a page stored carries over."""
    if _one_chromium:
        driver = _one_chromium[0]
        try:
            driver.get("about:blank")  # type: ignore[attr-defined]
        except Exception:  # it died with the last file: start another
            with contextlib.suppress(Exception):
                driver.quit()  # type: ignore[attr-defined]
            _one_chromium.clear()
    if not _one_chromium:
        _one_chromium.append(chromium())
    driver = _one_chromium[0]
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})  # type: ignore[attr-defined]
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",  # type: ignore[attr-defined]
                           {"enabled": False})
    driver.delete_all_cookies()  # type: ignore[attr-defined]
    yield driver
    with contextlib.suppress(Exception):
        driver.get("about:blank")  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def second_browser() -> Iterator[object]:
    """Another Chromium beside ``browser``: a second person at another computer."""
    driver = chromium()
    yield driver
    driver.quit()  # type: ignore[attr-defined]


def ready(driver: object) -> None:
    """Wait until the page's script says it is ready (its body's ``data-ready``), read in
    one command a look (a found element's attribute is two, the second sending Selenium's
    whole getAttribute script: about 10 ms more of CPU a look)."""
    for _ in range(100):
        if driver.execute_script(  # type: ignore[attr-defined]
                "return document.body && document.body.getAttribute('data-ready')") == "yes":
            return
        time.sleep(0.05)
    raise AssertionError("the page never got ready")


def page_state(driver: object) -> tuple[str | None, bool]:
    """The version a play page shows (its body's ``data-version``: ``None`` before the
    first) and whether its script is still busy (fetching the match, or acting), read in
    one command (each command costs the browser and the driver some milliseconds, and a
    test asks this many times a second)."""
    shown, busy = driver.execute_script(  # type: ignore[attr-defined]
        "return [document.body.dataset.version ?? null, !!(busy || again || acting)]")
    return shown, bool(busy)


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

    ActionChains(driver, duration=0).move_to_element(element).click().perform()  # type: ignore[arg-type]


@contextlib.contextmanager
def screen(driver: object, width: int, height: int, *, phone: bool = False) -> Iterator[None]:
    """The page laid out for a screen of ``width`` x ``height`` CSS pixels (``phone``: a
    phone's, at twice the pixels, honouring the page's viewport tag, with touch), as
    Chromium's device emulation lays it out; load the page inside the block."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {  # type: ignore[attr-defined]
        "width": width, "height": height, "deviceScaleFactor": 2 if phone else 1,
        "mobile": phone})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",  # type: ignore[attr-defined]
                           {"enabled": phone})
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})  # type: ignore[attr-defined]
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",  # type: ignore[attr-defined]
                               {"enabled": False})


_OUTSIDE = """
const width = document.documentElement.clientWidth, out = [];
if (document.documentElement.scrollWidth > width) {
  out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " > " + width);
}
for (const sel of arguments[0]) {
  const found = document.querySelectorAll(sel);
  if (!found.length) out.push(sel + ": not on the page");
  for (const el of found) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown
    if (r.left < -0.5 || r.right > width + 0.5) {
      out.push(sel + " lies outside the width " + width + ": " + r.left + " to " + r.right);
    }
  }
}
return out;
"""


def outside(driver: object, selectors: list[str]) -> list[str]:
    """What is wrong with the page's width: the page scrolls sideways, or an element of
    ``selectors`` (each shown one, its whole box) lies left or right of the viewport. An
    empty list: everything fits across."""
    return driver.execute_script(_OUTSIDE, selectors)  # type: ignore[attr-defined,no-any-return]


def below(driver: object, selector: str) -> float:
    """How far the bottom of the element ``selector`` lies below the viewport's bottom
    (zero or less: it is seen without scrolling down)."""
    return driver.execute_script(  # type: ignore[attr-defined,no-any-return]
        "return document.querySelector(arguments[0]).getBoundingClientRect().bottom"
        " - document.documentElement.clientHeight", selector)


__all__ = ["below", "browser", "chromium", "click", "clickables", "data_of", "outside",
           "page_state", "pictures", "ready", "screen", "second_browser"]
