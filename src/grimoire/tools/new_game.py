"""``grimoire new-game NAME``: a new game's folder, written from the starter template.

The starter (package data: ``grimoire/starter/game/*.tmpl``) is a minimal, working
two-player game with every file the guide lists (``docs/adding-a-game.md``): two wizards on
a 3x3 grid step or cast bolts that hit on a d6 roll of 4+. Its modules import each other
relatively (``from . import rules``), so the folder works as
``src/grimoire/games/<module>/`` and as a package of its own anywhere on ``sys.path``.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     folder = new_game("wizard-duel", Path(tmp))
...     folder.name, (folder / "rules.py").exists()
('wizard_duel', True)
"""

from __future__ import annotations

import keyword
import re
import sys
from importlib.resources import files
from pathlib import Path

import msgspec

from grimoire.core.errors import UsageError

NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
"""A game's registry name: lowercase words of letters and digits joined by ``-``."""
TEMPLATE = ".tmpl"


class NewGame(msgspec.Struct, frozen=True):
    """What ``new-game`` wrote: the game's ``name``, its package ``module``, the
    ``folder``, the ``files`` in it, the ``entry_point`` line for ``pyproject.toml`` and
    the ``next`` steps."""

    name: str
    module: str
    folder: str
    files: tuple[str, ...]
    entry_point: str
    next: tuple[str, ...]


def module_name(name: str) -> str:
    """The package name of the game ``name``: refused with ``new-game/bad-name`` unless
    ``name`` is lowercase words joined by ``-`` whose package name is neither a Python
    keyword nor a module of Python's own library.

    >>> module_name("wizard-duel")
    'wizard_duel'
    """
    if not isinstance(name, str) or len(name) > 40 or not NAME.fullmatch(name):
        raise UsageError("new-game/bad-name", f"{str(name)[:60]!r} is not a game name: "
                         "lowercase letters and digits, words joined by '-', starting with "
                         "a letter, at most 40 characters (e.g. wizard-duel)")
    module = name.replace("-", "_")
    if keyword.iskeyword(module) or module in sys.stdlib_module_names \
            or module in ("grimoire", "test", "tests"):
        raise UsageError("new-game/bad-name", f"{name!r} would make a package {module!r}, "
                         "which Python already has: choose another name")
    return module


def title_of(name: str) -> str:
    """The game's title for people, from its name.

    >>> title_of("wizard-duel")
    'Wizard Duel'
    """
    return " ".join(word.capitalize() for word in name.split("-"))


def new_game(name: str, into: Path) -> Path:
    """Write the starter game called ``name`` into ``into/<module>/`` (``module``: ``name``
    with ``-`` as ``_``) and return that folder. A name that is no game name is
    ``new-game/bad-name``; an existing folder is ``new-game/exists`` (nothing is
    overwritten)."""
    module = module_name(name)
    into = Path(into)
    folder = into / module
    if folder.exists() or folder.is_symlink():
        raise UsageError("new-game/exists", f"{folder} already exists: choose another name "
                         "or folder (nothing was written)")
    fill = {"@NAME@": name, "@MODULE@": module, "@TITLE@": title_of(name)}
    template = files("grimoire").joinpath("starter", "game")
    try:
        folder.mkdir(parents=True)
        for item in sorted(template.iterdir(), key=lambda t: t.name):
            if not item.name.endswith(TEMPLATE):
                continue
            text = item.read_text(encoding="utf-8")
            for key, value in fill.items():
                text = text.replace(key, value)
            (folder / item.name[: -len(TEMPLATE)]).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError("io/unwritable", f"{folder}: {exc.strerror or exc}") from None
    return folder


def entry_point(name: str, folder: Path) -> str:
    """The line registering the game in ``pyproject.toml``'s
    ``[project.entry-points."grimoire.games"]`` table: ``grimoire.games.<module>:RULES``
    for a folder inside ``src/grimoire/games``, ``<module>:RULES`` otherwise.

    >>> entry_point("wizard-duel", Path("src/grimoire/games/wizard_duel"))
    'wizard-duel = "grimoire.games.wizard_duel:RULES"'
    """
    module = folder.name
    parts = Path(folder).resolve().parts
    inside = len(parts) >= 4 and parts[-4:-1] == ("src", "grimoire", "games")
    return f'{name} = "{"grimoire.games." if inside else ""}{module}:RULES"'


def report(name: str, folder: Path) -> NewGame:
    """What was written and what to do next."""
    line = entry_point(name, folder)
    steps = (
        "add to pyproject.toml:",
        '  [project.entry-points."grimoire.games"]',
        f"  {line}",
        "install the package again so the entry point is found: pip install -e .",
        f"then: grimoire games; grimoire simulate {name} -n 5; and the contract, each "
        f"broken promise with its fix: python -c \"from grimoire.testing.contract import "
        f"check; print(*check('{name}'), sep='\\n')\"",
        f"rules to change: {folder}/tables.py and {folder}/rules.py; the docs page: "
        f"{folder}/README.md (docs/games/{name}.md in grimoire's own repository)",
    )
    written = tuple(sorted(p.name for p in folder.iterdir()))
    return NewGame(name=name, module=folder.name, folder=str(folder), files=written,
                   entry_point=line, next=steps)
