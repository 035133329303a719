"""The example client (``examples/bot_client.py``) plays a whole match of every game
through a real server, and the log it downloads passes the audit with its dice verified;
run against a person, the person plays from the browser page the server serves."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from browser import click, clickables
from selenium.common.exceptions import (
    MoveTargetOutOfBoundsException,
    StaleElementReferenceException,
)

from games import GAMES
from grimoire.core.audit import audit

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_client.py"
SEEDS = {"wiz-war": 147, "magery": 228, "swords-wizardry": 191}
"""The client's seed by game (default 3). Random games run long: with the test servers'
dice (``DICE_SEEDS``), of the seeds 0 to 300 Wiz-War (ruleset 3) plays 575 to 5,826
events (2,828 with seed 3), 147's the shortest (its last wizard alive); Magery 451
to 2,422 (1,497 with 3), 228's 472 the shortest that ends in three of a type;
Swords & Wizardry 260 to 4,378 (888 with 3), 191's the shortest (a rescue).
Each match is the same every run: the client never races itself where both seats may
act (Swords & Wizardry's simultaneous steps), the lowest seat acting first."""


@pytest.mark.parametrize("game", GAMES)
def test_the_example_client_plays_a_whole_match(base: str, game: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bot_client", EXAMPLE)
    assert spec is not None and spec.loader is not None
    client = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(client)
    log = tmp_path / "match.jsonl"
    seed = str(SEEDS.get(game, 3))
    code = asyncio.run(client.main(["--server", base, "--game", game, "--seed", seed,
                                    "--log", str(log), "--quiet"]))
    assert code == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    report = audit(log)
    assert report.ok and report.dice == "verified", report.summary()
    assert report.events == result["version"] and report.outcome is not None
    assert result["reason"] == report.outcome.reason


def test_the_example_bot_plays_a_person_in_a_browser(base: str, browser: Any) -> None:
    """The example run with ``--humans 1`` prints seat 1's page; headless Chromium opens
    it and clicks what it offers at random (the step's buttons, the lit pieces and
    squares) until the match is over, against the example's bot."""
    from selenium.webdriver.common.by import By

    proc = subprocess.Popen([sys.executable, str(EXAMPLE), "--server", base, "--game",
                             "vicious-circle", "--humans", "1", "--quiet"],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("seat 1 ") and " open http" in line
        browser.get(line.split(" open ", 1)[1].strip())
        rng = random.Random(8)
        clicks = 0
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            status, busy = browser.execute_script(  # the status line as shown, in one look
                "return [document.getElementById('status').innerText,"
                " !!(busy || again || acting)]")
            if "Won by" in status or "Drawn" in status:
                break
            found = [] if busy else clickables(browser)
            if found:
                with contextlib.suppress(StaleElementReferenceException,
                                         MoveTargetOutOfBoundsException):
                    click(browser, rng.choice(found))
                    clicks += 1
            time.sleep(0.05)
        out, _ = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0 and clicks > 0
    result = json.loads(out.strip().splitlines()[-1])
    assert result["reason"] and browser.find_element(By.ID, "error").text == ""
