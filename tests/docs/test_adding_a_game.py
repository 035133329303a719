"""``docs/adding-a-game.md``'s checklist is true: every command it gives exists (make
targets, ``grimoire`` commands, scripts), every file it points to is there, and every
artefact the repository's own tests demand of a shipped game is one of its steps. The
starter's end-to-end test (``tests/tools/test_starter.py``) follows its steps on a
generated game."""

from __future__ import annotations

import re
from pathlib import Path

from typer.main import get_command

from grimoire.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "adding-a-game.md").read_text()
CHECKLIST = GUIDE[GUIDE.index("## The checklist"):GUIDE.index("## The folder")]


def test_every_make_target_the_checklist_names_exists() -> None:
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"`make ([a-z-]+)", CHECKLIST))
    assert targets >= {"test", "fixtures", "schemas", "goldens", "docs-check"}
    for target in targets:
        assert re.search(rf"^{re.escape(target)}:", makefile, re.M), f"make {target}"
    assert "GAME=my-game" in CHECKLIST and "$(GAME)" in makefile


def test_every_grimoire_command_the_checklist_names_exists() -> None:
    commands = set(get_command(app).commands)  # type: ignore[attr-defined]
    named = set(re.findall(r"`grimoire ([a-z-]+)", CHECKLIST))
    assert named >= {"new-game", "games"}
    assert named <= commands, named - commands


def test_every_file_the_guide_points_to_is_there() -> None:
    paths = set(re.findall(r"`((?:tests|tools|docs)/[\w./-]+\.(?:py|md))`", GUIDE))
    real = {p for p in paths if "my_game" not in p and "my-game" not in p}
    assert "tests/tools/test_starter.py" in real and "tools/fixtures/vicious_circle.py" in real
    for path in real:
        assert (ROOT / path).exists(), path


def test_the_checklist_holds_every_artefact_a_shipped_game_needs() -> None:
    """What tests/contract demands of a shipped game (docs page and its shape, fixtures
    and their counts, schemas, golden, the entry point and the reinstall)."""
    for needed in ("docs/games/my-game.md", "## Rulings", "mkdocs.yml", "full-*.jsonl",
                   "at least 5", "edge-*.jsonl", "at least 10", "meta.expect", "schemas/",
                   "playthrough", "pyproject.toml", "grimoire.games", "Reinstall",
                   "game/unknown", "game/broken", "GRIMOIRE_TEST_GAMES", "CHANGELOG",
                   "action/not-an-action", "game/over", "turn/not-to-act"):
        assert needed in CHECKLIST, needed
