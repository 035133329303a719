"""Every shipped game has the same shape: the same files with the same roles, one
``RULES`` assembled as a :class:`~grimoire.core.rules.Game`, and its docs page lists every
reason code. Every registered game (shipped or not) has a ``REASONS`` table that lists
every reason code the game can refuse with.

Reason codes are found two ways: statically (every string in the game's source shaped like
a code, ``"move/too-far"``, must be listed, and every listed code must appear in the
source, so the table can neither miss a code nor keep a dead one; codes are never built by
f-strings) and dynamically (every refusal met while seeded bots play, and while actions
that were legal earlier are tried again later, carries a listed code).
"""

from __future__ import annotations

import ast
import random
import re
import sys
from pathlib import Path

import pytest

from games import GAMES, SHIPPED
from grimoire.core import registry
from grimoire.core.errors import GrimoireError
from grimoire.core.match import Match
from grimoire.core.rules import CORE_REASONS, Game

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ROOT / "src" / "grimoire" / "games"
SHAPE = {
    "__init__.py",  # assembles RULES from the parts below
    "tables.py",  # literal data, held against the rules text
    "board.py",  # lookups and geometry derived from the tables
    "events.py",  # the events and their union, named Event
    "state.py",  # Options and State
    "rules.py",  # setup, to_act, legal, decide, and what each seat may see
    "evolve.py",  # evolve
    "notation.py",  # the position notation: write and parse
    "render.py",  # the text board and one-sentence event descriptions
    "svg.py",  # the board as an SVG picture
    "bots.py",  # how search bots imagine play: rollout policy and evaluation
    "reasons.py",  # REASONS: every reason code and its meaning
    "choices.py",  # steps and forced: how a player chooses each action, step by step
    "texts.py",  # TEXTS: a short text for every card and named rule object
    "positions.py",  # position: a position from a few facts, for tests of the rules
    "observe.py",  # places: every place a choice may name, for the learning environments
}
CODE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*")


def folder(game: str) -> Path:
    return FOLDERS / game.replace("-", "_")


def sources(game: str) -> list[Path]:
    """The game's source files: its package's (the package of the module its ``setup``
    comes from: ``src/grimoire/games/<game>/`` for a shipped game), or its one module."""
    module = sys.modules[registry.get(game).setup.__module__]
    path = Path(str(module.__file__))
    if path.name != "__init__.py":
        package = sys.modules.get(module.__name__.rpartition(".")[0])
        if package is None or not getattr(package, "__file__", None):
            return [path]  # a game in one module
        path = Path(str(package.__file__))
    return sorted(path.parent.rglob("*.py"))


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_folder_has_the_same_files(game: str) -> None:
    where = f"src/grimoire/games/{game.replace('-', '_')}/"
    assert folder(game).is_dir(), f"{game}: no folder {where}: a shipped game lives there"
    files = {p.name for p in folder(game).iterdir() if p.is_file() and p.suffix == ".py"}
    assert files == SHAPE, (
        f"{game}: {where} has extra files {sorted(files - SHAPE)} and lacks "
        f"{sorted(SHAPE - files)}: every shipped game has the same files (SHAPE in "
        "tests/contract/test_shape.py says each one's role); move extra code into them")
    for sub in (p for p in folder(game).iterdir() if p.is_dir() and p.name != "__pycache__"):
        assert (sub / "__init__.py").exists(), (
            f"{game}: {sub.relative_to(ROOT)} is not a named subpackage: add its __init__.py")


@pytest.mark.parametrize("game", SHIPPED)
def test_rules_are_a_game_of_the_kit(game: str) -> None:
    rules = registry.get(game)
    assert isinstance(rules, Game), (
        f"{game}: RULES is a {type(rules).__name__}: build it with Game.assemble")
    assert rules.name == game, (
        f"{game}: the entry point {game!r} loads a game named {rules.name!r}: make the "
        "name= given to Game.assemble and the entry point's name the same")
    assert rules.title and "\n" not in rules.title, (
        f"{game}: title= must be one line naming the game for people")
    assert rules.Event.__name__ == "Union" or hasattr(rules.Event, "__args__"), (
        f"{game}: Event= must be the union of the game's events (events.py's Event)")
    assert callable(getattr(rules, "position", None)), (
        f"{game}: no position builder for tests: add positions.py (position(**facts)) "
        "and pass it as positions= to Game.assemble")


def codes_in_source(game: str) -> dict[str, str]:
    """Every reason-code-shaped string constant in the game's source -> where it stands."""
    found: dict[str, str] = {}
    for path in sources(game):
        tree = ast.parse(path.read_text(), str(path))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                parts = [v.value for v in node.values if isinstance(v, ast.Constant)]
                built = any(isinstance(p, str) and re.fullmatch(r"/[a-z-]+|[a-z-]+/", p)
                            for p in parts)
                assert not built, (f"{path.name}:{node.lineno}: a reason code built by an "
                                   "f-string: write each code out whole, so it can be listed")
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docstrings and CODE.fullmatch(node.value)):
                found.setdefault(node.value, f"{path.name}:{node.lineno}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_reasons_list_every_code_in_the_source_and_no_other(game: str) -> None:
    reasons = registry.get(game).reasons
    found = codes_in_source(game)
    unlisted = {c: where for c, where in found.items()
                if c not in reasons and c not in CORE_REASONS}
    assert not unlisted, (f"{game}: reason codes in the source but not in REASONS: "
                          f"{unlisted}: add each, with its one-line meaning, to reasons.py")
    dead = sorted(set(reasons) - set(found))
    assert not dead, (f"{game}: REASONS lists codes the game never uses: {dead}: remove "
                      "them from reasons.py (and the docs page)")
    for code, meaning in reasons.items():
        assert CODE.fullmatch(code), (f"{game}: {code!r} is not shaped like a reason code "
                                      "('move/too-far': lowercase words, one slash)")
        assert meaning and "\n" not in meaning, f"{game}: {code}: give it one line of meaning"


@pytest.mark.parametrize("game", SHIPPED)
def test_every_reason_code_is_on_the_docs_page(game: str) -> None:
    path = ROOT / "docs" / "games" / f"{game}.md"
    assert path.exists(), f"{game}: no docs page: add docs/games/{game}.md"
    page = path.read_text()
    missing = sorted(c for c in [*registry.get(game).reasons, *CORE_REASONS]
                     if f"`{c}`" not in page)
    assert not missing, (f"{game}: docs/games/{game}.md does not list {missing}: add each "
                         "to its reason-code table, in backticks, with its meaning (the core's "
                         f"{', '.join(sorted(CORE_REASONS))} too)")


@pytest.mark.parametrize("game", GAMES)
def test_refusals_in_play_carry_listed_codes(game: str) -> None:
    """Seeded bots play; at every step, actions that were legal at earlier steps (and the
    other seats' actions) are tried: each refusal's reason is a listed code."""
    rules = registry.get(game)
    listed = set(rules.reasons) | set(CORE_REASONS)
    rng = random.Random(5)
    for count in rules.seats:
        names = tuple(rules.default_players[:count]) if len(rules.default_players) >= count \
            else tuple(f"P{i}" for i in range(count))
        match = Match.new(rules, players=names, seed=bytes([count]) * 16)
        earlier: list[object] = []
        for _ in range(150):
            if not match.to_act:
                break
            seat = min(match.to_act)
            legal = list(match.legal(seat))
            for action in rng.sample(earlier, min(len(earlier), 6)):
                try:
                    rules.decide(match.state, action, match._dice(None))
                except GrimoireError as exc:
                    assert exc.reason in listed, (
                        f"{game}: reason code {exc.reason!r} refused but not in REASONS "
                        f"({exc}): add it to reasons.py, with its one-line meaning")
            earlier.extend(rng.sample(legal, min(len(legal), 3)))
            match.act(legal[rng.randrange(len(legal))])
