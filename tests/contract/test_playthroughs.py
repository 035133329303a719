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
    # 100 actions: whole games for the short ones, the opening and setup for the long ones
    text = playthrough(game, seed=1, max_actions=100)
    assert text == snapshot(extension_class=GrimoireSnapshot)
