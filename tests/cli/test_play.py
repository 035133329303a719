"""``grimoire play`` and ``grimoire new``: where the log goes is said before the game
starts, a log is never overwritten, and a player count the game does not allow is
refused naming the counts it does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimoire.cli.app import app
from grimoire.core.logfile import read_log

runner = CliRunner()


def test_play_says_where_the_log_goes_before_the_first_prompt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The log is written as the game is played, so the player is told its name first;
    a second game picks a new name rather than touch the first game's log."""
    monkeypatch.chdir(tmp_path)
    first = runner.invoke(app, ["play", "vicious-circle", "--seed", "1"], input="q\n")
    assert first.exit_code == 0, first.output
    told = first.output.index("Saving the log to vicious-circle-game.jsonl as you play")
    assert told < first.output.index("Dawn> ")
    assert "--resume vicious-circle-game.jsonl" in first.output.splitlines()[1]
    kept = (tmp_path / "vicious-circle-game.jsonl").read_bytes()
    second = runner.invoke(app, ["play", "vicious-circle", "--seed", "2"], input="q\n")
    assert second.exit_code == 0, second.output
    assert "Saving the log to vicious-circle-game-2.jsonl" in second.output.splitlines()[1]
    assert (tmp_path / "vicious-circle-game.jsonl").read_bytes() == kept


def test_play_into_an_existing_log_is_refused_and_the_log_kept(tmp_path: Path) -> None:
    log = tmp_path / "mine.jsonl"
    log.write_text("my notes\n")
    result = runner.invoke(app, ["play", "magery", "-o", str(log)], input="q\n")
    assert result.exit_code == 2
    assert f"io/exists: {log} exists: a new game never overwrites a log" in result.output
    assert log.read_text() == "my notes\n"


@pytest.mark.parametrize("command", ["play", "new"])
def test_a_player_count_the_game_does_not_allow_names_the_counts_it_does(
        command: str, tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    result = runner.invoke(app, [command, "wiz-war", "--players", "5", "-o", str(out)],
                           input="q\n")
    assert result.exit_code == 2
    assert "game/players: wiz-war is played by 2, 3 or 4 players, not 5" in result.output
    assert "header" not in result.output and not out.exists()


def test_new_takes_players_as_play_does(tmp_path: Path) -> None:
    out = tmp_path / "three.jsonl"
    result = runner.invoke(app, ["new", "wiz-war", "--players", "3", "-o", str(out),
                                 "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["header"]["players"] == ["Player 1", "Player 2",
                                                              "Player 3"]
    assert read_log(out).header.players == ("Player 1", "Player 2", "Player 3")
    result = runner.invoke(app, ["new", "wiz-war", "--players", "3", "-p", "Ann", "-p", "Ben",
                                 "-o", str(tmp_path / "y.jsonl")])
    assert result.exit_code == 2 and "2 names for 3 players" in result.output
