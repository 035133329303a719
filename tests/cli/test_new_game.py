"""``grimoire new-game NAME``: the starter writes a minimal, working two-player game with
every file a game has, which plays, audits, round-trips its notation, is chosen step by
step, tells every action apart and draws itself, as generated; and which mypy --strict
and ruff pass."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mypy import api
from typer.testing import CliRunner

from grimoire.bots.random import RandomBot, play_out
from grimoire.cli.app import app
from grimoire.core import registry
from grimoire.core.audit import audit
from grimoire.core.choices import problems
from grimoire.core.dice import SeededDice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Action
from grimoire.core.match import Match
from grimoire.core.rules import describe, draw
from grimoire.tools.new_game import entry_point, new_game

ROOT = Path(__file__).resolve().parents[2]
ROLES = {"__init__.py", "tables.py", "board.py", "events.py", "state.py", "rules.py",
         "evolve.py", "notation.py", "render.py", "svg.py", "reasons.py", "choices.py",
         "texts.py", "positions.py", "observe.py", "README.md"}
NAME = "duel-of-starters"


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Any]]:
    """The starter written into a temporary folder, imported and registered."""
    into = tmp_path_factory.mktemp("games")
    folder = new_game(NAME, into)
    sys.path.insert(0, str(into))
    try:
        module = importlib.import_module(folder.name)
        registry.register(module.RULES, replace=True)
        yield folder, module.RULES
    finally:
        registry.unregister(NAME)
        sys.path.remove(str(into))
        for name in [m for m in sys.modules if m.split(".")[0] == folder.name]:
            del sys.modules[name]


def test_the_folder_has_every_file_of_a_game_and_no_bots_module(
        starter: tuple[Path, Any]) -> None:
    """bots.py is optional: a game assembled without it gets uniformly random rollouts."""
    folder, rules = starter
    assert {p.name for p in folder.iterdir() if p.name != "__pycache__"} == ROLES
    assert rules.name == NAME and rules.rollout is None and rules.evaluate is None
    assert "from grimoire.games" not in "".join(
        p.read_text() for p in folder.glob("*.py")), "relative imports only"


def matches(rules: Any, count: int = 6) -> Iterator[Match]:
    for k in range(count):
        match = Match.new(rules, seed=bytes([k + 1]) * 16)
        play_out(match, RandomBot(k), max_actions=200)
        assert match.outcome is not None, "a random game ends (first hit, or the limit)"
        yield match


def test_seeded_random_games_end_and_pass_their_audit(
        starter: tuple[Path, Any], tmp_path: Path) -> None:
    _, rules = starter
    reasons = set()
    for k, match in enumerate(matches(rules)):
        path = tmp_path / f"game-{k}.jsonl"
        match.save(path)
        report = audit(path)
        assert report.ok, report.error
        reasons.add(match.outcome.reason if match.outcome else "")
        assert any(type(e).__name__ == "Roll" for e in match.events), "the dice are used"
    assert "bolt" in reasons


def test_at_every_decision_every_legal_action_is_decided_and_everything_holds(
        starter: tuple[Path, Any]) -> None:
    """Every legal action is decided without error; the notation round-trips; the choice
    tree has no problems; every action's sentence is unique; the picture is SVG."""
    _, rules = starter
    for match in matches(rules, 3):
        state = rules.setup(rules.Options(), match.header.players)
        events = list(match.events)
        positions = []  # each decision's position, and the event before it
        for k, event in enumerate(events):
            if isinstance(event, Action):
                positions.append((state, events[k - 1] if k else None))
            state = rules.evolve(state, event)
        positions.append((state, events[-1]))
        for state, last in positions:
            text = rules.notation(state)
            again = rules.parse(text, rules.Options(), match.header.players)
            assert again == state and rules.notation(again) == text
            ET.fromstring(draw(rules, state, None, last))
            for seat in rules.to_act(state):
                legal = list(rules.legal(state, seat))
                assert legal
                for action in legal:
                    assert rules.decide(state, action, SeededDice(b"x"))[0] == action
                said = [describe(rules, a, state) for a in legal]
                assert len(set(said)) == len(said), said
                assert problems(rules, state, seat) == []


def test_a_refused_action_rolls_no_die(starter: tuple[Path, Any]) -> None:
    _, rules = starter
    state = rules.position(("a1", "b3"))  # a knight's move apart: no line
    cast = next(a for a in rules.legal(rules.position(), 0) if type(a).__name__ == "Cast")
    dice = SeededDice(b"x")
    with pytest.raises(IllegalAction) as exc:
        rules.decide(state, cast, dice)
    assert exc.value.reason == "cast/not-in-line" and dice.counter == 0


def test_the_generated_game_is_mypy_strict_and_ruff_clean(starter: tuple[Path, Any],
                                                          tmp_path: Path) -> None:
    folder, _ = starter
    out, err, status = api.run(["--strict", "--no-incremental", "--cache-dir",
                                str(tmp_path / "mypy"), "--config-file", "",
                                str(folder)])
    assert status == 0, out + err
    ruff = Path(sys.executable).parent / "ruff"
    done = subprocess.run([str(ruff), "check", "--no-cache", "--config",
                           str(ROOT / "pyproject.toml"), str(folder)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_command_writes_the_game_and_says_what_to_do_next(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["new-game", "wizard-duel", "--into", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "wizard_duel" / "rules.py").exists()
    assert '[project.entry-points."grimoire.games"]' in result.output
    assert 'wizard-duel = "wizard_duel:RULES"' in result.output
    assert "pip install -e ." in result.output
    again = CliRunner().invoke(app, ["new-game", "wizard-duel", "--into", str(tmp_path),
                                     "--json"])
    assert again.exit_code == 2 and "already exists" in again.output


def test_the_json_report_lists_the_files_and_the_entry_point(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["new-game", "duel", "--into", str(tmp_path), "--json"])
    report = json.loads(result.output)
    assert report["module"] == "duel" and report["entry_point"] == 'duel = "duel:RULES"'
    assert set(report["files"]) == ROLES


@pytest.mark.parametrize("name", ["Wizard", "wizard_duel", "-duel", "duel-", "9lives",
                                  "a--b", "class", "random", "x" * 41, ""])
def test_a_name_that_is_no_game_name_is_a_usage_error(name: str, tmp_path: Path) -> None:
    with pytest.raises(UsageError) as exc:
        new_game(name, tmp_path)
    assert exc.value.reason == "new-game/bad-name"
    result = CliRunner().invoke(app, ["new-game", name, "--into", str(tmp_path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not any(tmp_path.iterdir()), "nothing written"


def test_the_entry_point_names_the_package_where_the_folder_is() -> None:
    inside = ROOT / "src" / "grimoire" / "games" / "wizard_duel"
    assert entry_point("wizard-duel", inside) == \
        'wizard-duel = "grimoire.games.wizard_duel:RULES"'
    assert entry_point("wizard-duel", Path("/elsewhere/wizard_duel")) == \
        'wizard-duel = "wizard_duel:RULES"'


def test_the_starter_ships_as_package_data_not_code() -> None:
    """The templates are *.tmpl files (mypy, ruff, pytest and the import-graph test leave
    them alone); hatchling ships every file under src/grimoire in the wheel."""
    starter = ROOT / "src" / "grimoire" / "starter"
    assert not list(starter.rglob("*.py"))
    assert {p.name.removesuffix(".tmpl") for p in (starter / "game").iterdir()} == ROLES

