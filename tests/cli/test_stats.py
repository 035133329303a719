"""``grimoire stats``: the same bytes on one process or two over every fixture, text and
``--json``; a folder without logs is a usage mistake."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from once import reuse
from typer.testing import CliRunner

import grimoire.cli.stats
from grimoire.cli.app import app

runner = CliRunner()
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# The games the fixtures hold (every shipped game has its folder: tests/contract/test_fixtures.py)
GAMES = sorted(d.name for d in FIXTURES.iterdir() if d.is_dir())


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def figures() -> dict[str, object]:
    """The fixtures' figures on one process and on two, each made once for both output
    modes."""
    return {}


@pytest.mark.parametrize("mode", [[], ["--json"]])
def test_one_job_and_two_print_the_same_figures_over_the_fixtures(
        mode: list[str], figures: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    """(The figures of each number of processes are the same in both modes: the library
    call under the command reads every fixture once on one process and once on two, and
    each mode prints both and compares them.)"""
    reuse(monkeypatch, grimoire.cli.stats, "stats", figures,
          when=lambda jobs, **_: jobs in (1, 2))
    one = run("stats", *mode, "--jobs", "1", str(FIXTURES))
    two = run("stats", *mode, "--jobs", "2", str(FIXTURES))
    assert one == two
    code, out = one
    assert code == 0, out
    if mode:
        data = json.loads(out)
        assert [g["game"] for g in data["games"]] == GAMES
        assert data["logs"] == sum(1 for _ in FIXTURES.rglob("*.jsonl"))
        assert data["validated"]  # audited unless --no-validate
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


def test_a_tampered_log_is_audited_and_kept_out_unless_no_validate(tmp_path: Path) -> None:
    """An auditor's figures count only logs that prove themselves: by default a tampered
    log is kept out (by its reason) and the summary says how many were; --no-validate
    counts it as any other, and says so."""
    code, out = run("simulate", "vicious-circle", "-n", "3", "--seed", "5", "-o",
                    str(tmp_path))
    assert code == 0, out
    log = sorted(tmp_path.glob("*.jsonl"))[0]
    lines = log.read_text().splitlines(keepends=True)
    victim = next(i for i, line in enumerate(lines) if i and '"player":0' in line)
    lines[victim] = lines[victim].replace('"player":0', '"player":1', 1)  # a seat flipped
    log.write_text("".join(lines))
    code, out = run("stats", "--jobs", "1", str(tmp_path))
    assert code == 0 and out.startswith("3 logs audited: 2 valid, 1 kept out"), out
    assert "logs kept out: log/chain 1" in out
    code, out = run("stats", "--no-validate", "--jobs", "1", str(tmp_path))
    assert code == 0, out
    assert out.startswith("3 logs read unchecked (--no-validate): a tampered log counts as "
                          "any other"), out
    assert "vicious-circle: 3 games" in out
