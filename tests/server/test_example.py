"""The example client (``examples/bot_client.py``) plays a whole match of every game
through a real server, and the log it downloads passes the audit with its dice verified."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path

import pytest

from grimoire.core import registry
from grimoire.core.audit import audit

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_client.py"
GAMES = [n for n in registry.names() if n != "tally"]


@pytest.mark.parametrize("game", GAMES)
def test_the_example_client_plays_a_whole_match(base: str, game: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("bot_client", EXAMPLE)
    assert spec is not None and spec.loader is not None
    client = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(client)
    log = tmp_path / "match.jsonl"
    code = asyncio.run(client.main(["--server", base, "--game", game, "--seed", "3",
                                    "--log", str(log), "--quiet"]))
    assert code == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    report = audit(log)
    assert report.ok and report.dice == "verified", report.summary()
    assert report.events == result["version"] and report.outcome is not None
    assert result["reason"] == report.outcome.reason
