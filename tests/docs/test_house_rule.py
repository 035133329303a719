"""The tutorial "Add a house rule as a game option" (docs/tutorials/house-rule.md) runs
as written, on a copy of the repository's files in a temporary folder (the repository is
never touched): its changes apply to today's game, its tests write the snapshots the page
shows and then pass against them, and the game's contract checks hold with the option
(every reason code listed and documented, the log schema regenerated as the page says)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.docs.pages import ROOT, command, diffs, files, page, write_files

TUTORIAL = page("tutorials/house-rule.md")
TEST = "tests/games/vicious_circle/test_house_rule.py"
SNAPSHOTS = "__snapshots__"

# What of the repository the page's steps read, change and run (the clone it speaks of).
CLONE = ["src", "schemas", "tools/gen_schemas.py", "docs/games/vicious-circle.md",
         "pyproject.toml", "tests/conftest.py", "tests/support",
         "tests/contract/test_shape.py", "tests/tools/test_schema.py"]


def clone(into: Path) -> None:
    for name in CLONE:
        source, target = ROOT / name, into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target)


def run(args: list[str], cwd: Path) -> str:
    """Run with the copy's ``src`` first on the path, so ``grimoire`` is the changed one,
    as a reader runs it: not as a worker of this run's pytest-xdist (whose variables
    would tell syrupy in the child to keep its report to itself)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env["PYTHONPATH"] = str(cwd / "src")
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def pytest(cwd: Path, *args: str) -> str:
    return run([sys.executable, "-m", "pytest", *args], cwd)


def test_the_house_rule_tutorial_runs_on_a_copy_of_the_repository(tmp_path: Path) -> None:
    clone(tmp_path)
    changes = diffs(TUTORIAL)
    assert [c.title for c in changes] == [
        "src/grimoire/games/vicious_circle/state.py",
        "src/grimoire/games/vicious_circle/rules.py",
        "src/grimoire/games/vicious_circle/notation.py",
        "src/grimoire/games/vicious_circle/rules.py",
        "src/grimoire/games/vicious_circle/reasons.py",
        "docs/games/vicious-circle.md",
    ]
    for change in changes:  # each diff applies, as written, to today's files
        assert change.body.startswith(f"--- a/{change.title}\n+++ b/{change.title}\n")
        done = subprocess.run(["git", "apply", "--whitespace=nowarn", "-"], cwd=tmp_path,
                              input=change.body, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"{change.title}: {done.stderr}"
    write_files(TUTORIAL, tmp_path, skip=SNAPSHOTS)

    first = command(TUTORIAL, f".venv/bin/pytest {TEST} --snapshot-update")
    out = pytest(tmp_path, TEST, "--snapshot-update")
    assert first.matches(out), out
    shown = {title: body for title, body in files(TUTORIAL).items() if SNAPSHOTS in title}
    assert shown, "the page shows a snapshot"
    for title, body in shown.items():  # the snapshot is the one the page shows
        assert (tmp_path / title).read_text() == body, title
    written = sorted((tmp_path / "tests/games/vicious_circle" / SNAPSHOTS).rglob("*.txt"))
    assert len(written) == 2

    again = command(TUTORIAL, f".venv/bin/pytest {TEST}")
    out = pytest(tmp_path, TEST)
    assert again.matches(out), out

    # "make schemas", then the game's contract checks that the option touches
    run([sys.executable, "tools/gen_schemas.py"], tmp_path)
    pytest(tmp_path, "tests/contract/test_shape.py",
           "tests/tools/test_schema.py::test_schema_files_match_the_code", "-k", "vicious")


def test_the_tutorial_leaves_the_repository_s_game_as_it_is() -> None:
    """The page changes a copy: the game as shipped has no such option."""
    from grimoire import registry

    assert "deploy_capture" not in registry.get("vicious-circle").Options.__struct_fields__
