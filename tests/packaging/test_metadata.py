"""The distribution's metadata: its own name everywhere a user is told to install it, the
version in one place, the ``test`` extra made of the other extras."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import grimoire

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]

# What users read: the pages, the README, and the messages and help of the code.
READ = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"),
               *(ROOT / "src").rglob("*.py"), *(ROOT / "examples").rglob("*.py"),
               *(ROOT / "tools").glob("*.py")])
OLD_NAME = re.compile(r"(?<![\w./-])grimoire(?=\\*\[)|pip install '?grimoire(?![\w-])")
EXTRA = re.compile(r"(?<![\w./-])grimoire-games\\*\[(\w+)\]")


def test_the_distribution_is_named_grimoire_games() -> None:
    """"grimoire" on the package index is another project; ours installs as
    grimoire-games and still gives ``import grimoire`` and the ``grimoire`` command."""
    assert PROJECT["name"] == "grimoire-games"
    assert PROJECT["scripts"] == {"grimoire": "grimoire.cli.app:main"}
    assert PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == [
        "src/grimoire"]


@pytest.mark.parametrize("path", READ, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_install_hints_name_the_distribution(path: Path) -> None:
    """``pip install 'grimoire[archive]'`` would install another project: every hint
    names grimoire-games, with an extra it has."""
    text = path.read_text()
    stale = [text[max(0, m.start() - 20):m.end() + 20] for m in OLD_NAME.finditer(text)]
    assert not stale, stale
    for extra in EXTRA.findall(text):
        assert extra in EXTRAS, extra


def test_the_version_is_written_once() -> None:
    """pyproject.toml has no version of its own: hatchling reads grimoire.__version__."""
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "src/grimoire/__init__.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+", grimoire.__version__)


def test_the_test_extra_is_built_from_the_other_extras() -> None:
    """``test`` names the other extras (all but the benchmarks' anchors) rather than
    copying their lists, and adds only the tools of the test run."""
    test = [Requirement(r) for r in EXTRAS["test"]]
    [own] = [r for r in test if r.name == PROJECT["name"]]
    assert own.extras == set(EXTRAS) - {"test", "bench"}
    elsewhere = {Requirement(r).name for name, reqs in EXTRAS.items() if name != "test"
                 for r in reqs}
    copied = sorted(r.name for r in test if r.name in elsewhere)
    assert not copied, f"copied from another extra: {copied}"
    assert {"pytest-xdist", "build", "twine"} <= {r.name for r in test}


def test_py_typed_ships() -> None:
    """The package is marked typed (PEP 561); the wheel test checks the wheel holds it."""
    assert (ROOT / "src" / "grimoire" / "py.typed").is_file()
