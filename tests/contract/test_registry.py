"""Every game named in the entry points loads; each shipped game has its docs page."""

from __future__ import annotations

from pathlib import Path

import pytest

from games import SHIPPED
from grimoire.core import registry
from grimoire.core.errors import UsageError
from grimoire.core.rules import CORE_REASONS

ROOT = Path(__file__).resolve().parents[2]


def test_every_entry_point_loads() -> None:
    broken = registry.broken()
    assert not broken, "; ".join(
        f"{name}: its entry point fails to load ({error}): fix that error in its package"
        for name, error in sorted(broken.items()))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_game_has_its_docs_page(name: str) -> None:
    page = ROOT / "docs" / "games" / f"{name}.md"
    shape = ("a '## Rulings' section and a table of its reason codes (every code of its "
             f"REASONS and the core's {', '.join(sorted(CORE_REASONS))}; see "
             "docs/games/vicious-circle.md)")
    assert page.exists(), f"{name}: no docs page: add docs/games/{name}.md with {shape}"
    text = page.read_text()
    assert "## Rulings" in text, f"{name}: docs/games/{name}.md has no '## Rulings': add {shape}"
    assert "reason code" in text.lower(), (
        f"{name}: docs/games/{name}.md names no reason code: add {shape}")


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
        registry.get("not-a-game-anywhere")
    assert err.value.reason == "game/unknown" and "installed again" in str(err.value)
