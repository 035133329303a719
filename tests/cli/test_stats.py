"""``grimoire stats``: the same bytes on one process or two over every fixture, text and
``--json``; a folder without logs is a usage mistake."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimoire.cli.app import app

runner = CliRunner()
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
GAMES = ["magery", "swords-wizardry", "vicious-circle", "wiz-war", "wizard-armies"]


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("mode", [[], ["--json"]])
def test_one_job_and_two_print_the_same_figures_over_the_fixtures(mode: list[str]) -> None:
    one = run("stats", *mode, "--jobs", "1", str(FIXTURES))
    two = run("stats", *mode, "--jobs", "2", str(FIXTURES))
    assert one == two
    code, out = one
    assert code == 0, out
    if mode:
        data = json.loads(out)
        assert [g["game"] for g in data["games"]] == GAMES
        assert data["logs"] == sum(1 for _ in FIXTURES.rglob("*.jsonl"))
        assert not data["validated"]
    else:
        assert all(f"\n{game}: " in out for game in GAMES) and "seat 1 won" in out


def test_validate_keeps_the_refused_logs_out_by_reason() -> None:
    code, out = run("stats", "--validate", "--json", str(FIXTURES / "vicious-circle"))
    data = json.loads(out)
    (game,) = data["games"]
    assert code == 0 and data["validated"]
    assert sum(game["invalid"].values()) + game["games"] == data["logs"]
    assert "move/no-return" in game["invalid"]


def test_a_folder_without_logs_is_a_usage_mistake(tmp_path: Path) -> None:
    code, out = run("stats", "--json", str(tmp_path))
    assert code == 2 and json.loads(out)["error"]["reason"] == "stats/no-logs"
