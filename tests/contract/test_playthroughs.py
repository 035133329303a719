"""Playthrough goldens: a seeded random game of every built-in game, printed state by state.

Regenerate with ``make goldens`` after a deliberate rules change (and bump the ruleset
version if recorded logs change meaning)."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest
from syrupy.assertion import SnapshotAssertion

from grimoire.core.registry import GROUP
from grimoire.testing import GrimoireSnapshot, playthrough

BUILTIN = sorted(ep.name for ep in entry_points(group=GROUP))


@pytest.mark.parametrize("game", BUILTIN)
def test_playthrough(game: str, snapshot: SnapshotAssertion) -> None:
    assert playthrough(game, seed=1) == snapshot(extension_class=GrimoireSnapshot)
