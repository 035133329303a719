"""A new game is one folder (issue 34): the starter ``grimoire new-game`` writes, with its
entry point beside it as an install would write it, passes the whole contract suite and a
CLI round as generated; and each bug a game author could plant in it is caught by a
generic check whose message names the fix.

The generated folder is a package of its own in a temporary folder (``wizard_duel/``),
registered through a ``.dist-info`` holding its entry point on ``PYTHONPATH``: nothing
outside the folder changes but the entry point.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grimoire.cli.app import app
from grimoire.core import registry
from grimoire.core.errors import RulesError
from grimoire.testing.contract import check
from grimoire.tools.new_game import new_game

ROOT = Path(__file__).resolve().parents[2]
NAME, MODULE = "wizard-duel", "wizard_duel"


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding the generated game and its entry point (a ``.dist-info``)."""
    root = tmp_path_factory.mktemp("starter")
    folder = new_game(NAME, root)
    assert folder == root / MODULE
    dist = root / f"{MODULE}-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {NAME}\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[grimoire.games]\n{NAME} = {MODULE}:RULES\n")
    return root


def environment(root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(root)
    env["GRIMOIRE_TEST_GAMES"] = NAME
    return env


def run(*args: str | Path, root: Path, cwd: Path, code: int = 0) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=environment(root),
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == code, (f"{' '.join(map(str, args))} exited {done.returncode}"
                                     f"\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


def test_the_contract_suite_passes_over_the_starter_as_generated(starter: Path) -> None:
    out = run(sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-x",
              "tests/contract", "tests/core/test_crash.py", root=starter, cwd=ROOT)
    summary = out.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary, summary
    # every contract that runs over registered games ran over the starter's
    assert int(summary.split(" passed")[0].split()[-1]) >= 30, summary


@pytest.fixture
def registered(starter: Path) -> Iterator[None]:
    """The starter's game registered in this process, as its entry point registers it in
    a new one (the contract suite's run above goes through the entry point itself)."""
    sys.path.insert(0, str(starter))
    try:
        registry.register(importlib.import_module(MODULE).RULES)
        yield
    finally:
        registry.unregister(NAME)
        sys.path.remove(str(starter))
        for name in list(sys.modules):
            if name.split(".")[0] == MODULE:
                del sys.modules[name]


def test_the_cli_round_works_on_the_starter(registered: None, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate, validate, a tampered copy refused, render (text and SVG), view."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def cli(*args: str | Path, code: int = 0) -> str:
        done = runner.invoke(app, [str(a) for a in args])
        assert done.exit_code == code, (args, done.exit_code, done.output)
        return done.output

    assert NAME in cli("games")
    cli("simulate", NAME, "-n", "3", "--seed", "1", "-o", "sim")
    logs = sorted((tmp_path / "sim").glob("*.jsonl"))
    assert len(logs) == 3
    for log in logs:
        assert ": ok," in cli("validate", log)
    lines = logs[0].read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if '"roll"' in line or '"step"' in line)
    record = json.loads(lines[k])
    if "values" in record["event"]:
        record["event"]["values"] = [7 - v for v in record["event"]["values"]]
    else:
        record["event"]["to"] = "z9"
    lines[k] = json.dumps(record, separators=(",", ":"))
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(lines) + "\n")
    assert "forged.jsonl" in cli("validate", forged, code=1)
    board = cli("render", logs[0])
    assert "A" in board and "I" in board
    cli("render", logs[0], "-o", "board.svg")
    assert (tmp_path / "board.svg").read_text().lstrip().startswith("<svg")
    cli("view", logs[0], "-o", "match.html")
    assert "<script" in (tmp_path / "match.html").read_text()


def test_the_starter_is_an_environment_with_numbers_of_its_own(registered: None) -> None:
    """The starter's ``observe.py``: its squares are the codec's places, its view is 29
    documented numbers, and its environment steps through a seeded episode."""
    from grimoire.envs import GrimoireEnv

    rules = registry.get(NAME)
    assert rules.places(2) == ("a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1")
    e = GrimoireEnv(NAME, max_cycles=20)
    assert (e.length, e.codec.size) == (29, 9 + len(rules.texts) + 40)
    e.reset(seed=1)
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0]))
    assert e.played > 0


# ---------------------------------------------------------------- planted bugs

BUGS: dict[str, tuple[str, str, str, str]] = {
    # name: (file, text, its replacement, the check's code)
    "an illegal step listed as legal": (
        "rules.py", "for j in ADJACENT[here]\n                        if j != there]",
        "for j in ADJACENT[here]]", "legal/refused"),
    "a reason code REASONS lacks": (
        "reasons.py", '    "step/not-adjacent": "a step to a square not next to the wizard",\n',
        "", "reason/unlisted"),
    "a notation that does not read back": (
        "notation.py", "{state.turns} \"\n", "{state.turns + 1} \"\n",
        "notation/round-trip"),
    "two steps told alike": (
        "render.py", 'return f"{name(state, event.player)} steps to {event.to}"',
        'return f"{name(state, event.player)} steps"', "describe/duplicate"),
    "a roll that grows the state": (
        "evolve.py", "    return state  # the die decides",
        "    return replace(state, names=(*state.names, str(ev.values)))  # the die decides",
        "state/unbounded"),
    "a die drawn and not recorded": (
        "rules.py", "        roll = Roll.of(b.dice, player,",
        "        b.dice.roll(6)\n        roll = Roll.of(b.dice, player,", "dice/unrecorded"),
    "a die drawn before a refusal": (
        "rules.py", "        if not in_line(state.at[0], state.at[1]):",
        "        if dice.roll(6) and not in_line(state.at[0], state.at[1]):",
        "dice/drawn-for-refused"),
}


@pytest.fixture
def planted(starter: Path, tmp_path: Path) -> Iterator[Any]:
    """A copy of the starter under another package name with one text replaced: its
    module (imported), or the error importing it raised."""
    made: list[str] = []

    def plant(k: int, file: str, text: str, new: str) -> Any:
        package = f"{MODULE}_bug{k}"
        shutil.copytree(starter / MODULE, tmp_path / package)
        path = tmp_path / package / file
        source = path.read_text()
        assert text in source, f"the starter's {file} no longer holds {text!r}"
        path.write_text(source.replace(text, new, 1))
        made.append(package)
        return importlib.import_module(package)

    sys.path.insert(0, str(tmp_path))
    try:
        yield plant
    finally:
        sys.path.remove(str(tmp_path))
        for name in list(sys.modules):
            if name.split(".")[0] in made:
                del sys.modules[name]


def test_the_starter_as_generated_keeps_the_contract(planted: Any) -> None:
    module = planted(0, "tables.py", "", "")
    assert check(module.RULES) == []


@pytest.mark.parametrize(("bug", "k"), [(bug, k + 1) for k, bug in enumerate(BUGS)])
def test_a_planted_bug_is_caught_by_a_generic_check_naming_the_fix(
        planted: Any, bug: str, k: int) -> None:
    file, text, new, code = BUGS[bug]
    problems = check(planted(k, file, text, new).RULES)
    found = {p.code: p for p in problems}
    assert code in found, f"{bug}: wanted {code}, found {[str(p) for p in problems]}"
    assert found[code].detail.startswith(f"{NAME}: ") and found[code].fix


def test_an_event_evolve_does_not_handle_is_refused_when_the_game_loads(
        planted: Any) -> None:
    with pytest.raises(RulesError) as err:
        planted(99, "evolve.py", "Roll: _roll, ", "")
    assert err.value.reason == "game/unhandled-event"
    assert "Roll" in err.value.detail and "add `Roll:" in err.value.detail
