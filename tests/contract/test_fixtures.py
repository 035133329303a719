"""Every shipped game has recorded logs: full games and rule edge cases, all audited.

A fixture whose header ``meta`` has ``"expect"`` is deliberately invalid and must be
refused with exactly that reason code; every other fixture must be valid.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games import SHIPPED, chosen
from grimoire.core.audit import audit
from grimoire.core.logfile import LogReader

ROOT = Path(__file__).resolve().parents[2]
MIN_FULL = 5
MIN_EDGE = 10
# The larger games hold more edge cases than the least every game needs (their own
# figures, so written out; any other game needs MIN_EDGE).
MORE_EDGE = {"swords-wizardry": 15, "magery": 15, "wiz-war": 20}


def logs(game: str, prefix: str) -> list[Path]:
    return sorted((ROOT / "fixtures" / game).glob(f"{prefix}*.jsonl"))


def record(game: str) -> str:
    """How a game's fixtures are written (the one-game command)."""
    script = f"tools/fixtures/{game.replace('-', '_')}.py"
    return (f"write {script} (copy tools/fixtures/vicious_circle.py: seeded bot games "
            f"and edge cases from positions) and run `.venv/bin/python {script}`")


def test_the_edge_case_table_names_shipped_games() -> None:
    stale = sorted(set(MORE_EDGE) - set(SHIPPED)) if chosen() is None else []
    assert not stale, (f"test_fixtures.py's MORE_EDGE names {stale}, which this package "
                       "does not ship: rename or remove their entries")


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_has_full_games_and_edge_cases(game: str) -> None:
    full, edge, least = len(logs(game, "full-")), len(logs(game, "edge-")), \
        MORE_EDGE.get(game, MIN_EDGE)
    assert full >= MIN_FULL, (f"{game}: fixtures/{game}/ holds {full} full-*.jsonl games, "
                              f"at least {MIN_FULL} wanted: {record(game)}")
    assert edge >= least, (f"{game}: fixtures/{game}/ holds {edge} edge-*.jsonl cases, at "
                           f"least {least} wanted (a rule's corner each): {record(game)}")


@pytest.mark.parametrize(
    "path", [p for g in SHIPPED for p in logs(g, "")], ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_fixture_audits_as_expected(path: Path) -> None:
    with LogReader(path) as reader:
        expect = reader.header.meta.get("expect")
    report = audit(path)
    where = f"{path.parent.name}/{path.name}"
    again = record(path.parent.name)
    if expect is None:
        assert report.ok, (f"{where} no longer audits ({report.summary()}): if the rules "
                           f"changed on purpose, bump the ruleset version and {again}")
    else:
        assert not report.ok and report.error is not None, (
            f"{where} is meant to be refused with {expect!r} but audits: {again}")
        assert report.error["reason"] == expect, (
            f"{where} is meant to be refused with {expect!r}: {report.summary()}")


@pytest.mark.parametrize("game", SHIPPED)
def test_full_games_end(game: str) -> None:
    for path in logs(game, "full-"):
        report = audit(path)
        assert report.outcome is not None, (
            f"{game}: {path.name} does not reach an end: play its bot games out "
            f"(a larger max_actions) and {record(game)}")
