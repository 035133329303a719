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
