"""Every built-in game has the same shape: the same files with the same roles, one
``RULES`` assembled as a :class:`~grimoire.core.rules.Game`, and a ``REASONS`` table that
lists every reason code the game can refuse with, each also on its docs page.

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
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from grimoire.core import registry
from grimoire.core.errors import GrimoireError
from grimoire.core.match import Match
from grimoire.core.rules import CORE_REASONS, Game

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "src" / "grimoire" / "games"
BUILTIN = sorted(ep.name for ep in entry_points(group=registry.GROUP))
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
}
CODE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*")


def folder(game: str) -> Path:
    return GAMES / game.replace("-", "_")


def sources(game: str) -> list[Path]:
    return sorted(folder(game).rglob("*.py"))


@pytest.mark.parametrize("game", BUILTIN)
def test_every_game_folder_has_the_same_files(game: str) -> None:
    files = {p.name for p in folder(game).iterdir() if p.is_file() and p.suffix == ".py"}
    assert files == SHAPE, f"extra: {sorted(files - SHAPE)}, missing: {sorted(SHAPE - files)}"
    for sub in (p for p in folder(game).iterdir() if p.is_dir() and p.name != "__pycache__"):
        assert (sub / "__init__.py").exists(), f"{sub} is not a named subpackage"


@pytest.mark.parametrize("game", BUILTIN)
def test_rules_are_a_game_of_the_kit(game: str) -> None:
    rules = registry.get(game)
    assert isinstance(rules, Game)
    assert rules.name == game
    assert rules.title and "\n" not in rules.title, "one line naming the game for people"
    assert rules.Event.__name__ == "Union" or hasattr(rules.Event, "__args__")
    assert callable(getattr(rules, "position", None)), "a position builder for tests"


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
                assert not built, f"{path.name}:{node.lineno}: a reason code built by an f-string"
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docstrings and CODE.fullmatch(node.value)):
                found.setdefault(node.value, f"{path.name}:{node.lineno}")
    return found


@pytest.mark.parametrize("game", BUILTIN)
def test_reasons_list_every_code_in_the_source_and_no_other(game: str) -> None:
    reasons = registry.get(game).reasons
    found = codes_in_source(game)
    unlisted = {c: where for c, where in found.items()
                if c not in reasons and c not in CORE_REASONS}
    assert not unlisted, f"codes raised but not in REASONS: {unlisted}"
    dead = sorted(set(reasons) - set(found))
    assert not dead, f"REASONS lists codes the game never uses: {dead}"
    for code, meaning in reasons.items():
        assert CODE.fullmatch(code), code
        assert meaning and "\n" not in meaning, f"{code}: one line of meaning"


@pytest.mark.parametrize("game", BUILTIN)
def test_every_reason_code_is_on_the_docs_page(game: str) -> None:
    page = (ROOT / "docs" / "games" / f"{game}.md").read_text()
    missing = sorted(c for c in [*registry.get(game).reasons, *CORE_REASONS]
                     if f"`{c}`" not in page)
    assert not missing, f"docs/games/{game}.md does not list {missing}"


@pytest.mark.parametrize("game", BUILTIN)
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
                    assert exc.reason in listed, f"{exc.reason!r} is not listed ({exc})"
            earlier.extend(rng.sample(legal, min(len(legal), 3)))
            match.act(legal[rng.randrange(len(legal))])
