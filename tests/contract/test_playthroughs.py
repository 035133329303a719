"""Playthrough goldens: a seeded random game of every shipped game, printed state by state.

Regenerate with ``make goldens`` after a deliberate rules change (and bump the ruleset
version if recorded logs change meaning); one game's alone with
``.venv/bin/pytest tests/contract/test_playthroughs.py -k GAME --snapshot-update``. A
missing golden fails as syrupy's "Snapshot ... does not exist!": write it so."""

from __future__ import annotations

import pytest
from syrupy.assertion import SnapshotAssertion

from games import SHIPPED
from grimoire.testing import GrimoireSnapshot, playthrough


@pytest.mark.parametrize("game", SHIPPED)
def test_playthrough(game: str, snapshot: SnapshotAssertion) -> None:
    # 100 actions: whole games for the short ones, the opening and setup for the long ones
    text = playthrough(game, seed=1, max_actions=100)
    assert text == snapshot(extension_class=GrimoireSnapshot)
