"""Every game named in the entry points loads; each has docs, fixtures and a playthrough."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import pytest

from grimoire.core import registry
from grimoire.core.errors import UsageError

ROOT = Path(__file__).resolve().parents[2]
BUILTIN = sorted(ep.name for ep in entry_points(group=registry.GROUP))


def test_every_entry_point_loads() -> None:
    assert registry.broken() == {}


@pytest.mark.parametrize("name", BUILTIN)
def test_every_game_has_its_docs_page(name: str) -> None:
    page = ROOT / "docs" / "games" / f"{name}.md"
    assert page.exists(), f"{page} is missing"
    text = page.read_text()
    assert "## Rulings" in text and "reason code" in text.lower()


def test_unknown_game_is_a_usage_error() -> None:
    with pytest.raises(UsageError) as err:
        registry.get("chess")
    assert err.value.reason == "game/unknown"


def test_a_game_that_fails_to_load_is_named_with_its_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed package whose game raises on import: ``get`` says so by name, with
    the error (``game/broken``), not ``game/unknown``; the other games still load."""
    import sys

    dist = tmp_path / "broken_game-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text(
        f"[{registry.GROUP}]\nbroken-game = broken_game_pkg:RULES\n")
    (tmp_path / "broken_game_pkg.py").write_text("raise ImportError('no module named tabels')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "_broken", {})
    monkeypatch.delitem(sys.modules, "broken_game_pkg", raising=False)
    with pytest.raises(UsageError) as err:
        registry.get("broken-game")
    assert err.value.reason == "game/broken"
    assert "'broken-game'" in str(err.value) and "no module named tabels" in str(err.value)
    assert registry.get("vicious-circle").name == "vicious-circle"
    assert "broken-game" in registry.broken()
    # the commands say it by name too: games lists it, the others refuse it as broken
    from typer.testing import CliRunner

    from grimoire.cli.app import app
    runner = CliRunner()
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0 and "broken-game" in listed.output
    assert "no module named tabels" in listed.output
    refused = runner.invoke(app, ["simulate", "broken-game", "-n", "1"])
    assert refused.exit_code == 2 and "game/broken" in refused.output


def test_an_unknown_game_says_how_a_new_one_is_found() -> None:
    with pytest.raises(UsageError) as err:
        registry.get("wizard-duel")
    assert err.value.reason == "game/unknown" and "installed again" in str(err.value)
