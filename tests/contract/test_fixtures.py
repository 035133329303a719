"""Every built-in game ships recorded logs: full games and rule edge cases, all audited.

A fixture whose header ``meta`` has ``"expect"`` is deliberately invalid and must be
refused with exactly that reason code; every other fixture must be valid.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import pytest

from grimoire.core.audit import audit
from grimoire.core.logfile import LogReader
from grimoire.core.registry import GROUP

ROOT = Path(__file__).resolve().parents[2]
BUILTIN = sorted(ep.name for ep in entry_points(group=GROUP))
MIN_FULL = 5
MIN_EDGE = {"vicious-circle": 10, "wizard-armies": 10, "swords-wizardry": 15,
            "magery": 15, "wiz-war": 20}


def logs(game: str, prefix: str) -> list[Path]:
    return sorted((ROOT / "fixtures" / game).glob(f"{prefix}*.jsonl"))


@pytest.mark.parametrize("game", BUILTIN)
def test_every_game_has_full_games_and_edge_cases(game: str) -> None:
    assert len(logs(game, "full-")) >= MIN_FULL
    assert len(logs(game, "edge-")) >= MIN_EDGE.get(game, 10)


@pytest.mark.parametrize(
    "path", [p for g in BUILTIN for p in logs(g, "")], ids=lambda p: f"{p.parent.name}/{p.name}"
)
def test_fixture_audits_as_expected(path: Path) -> None:
    with LogReader(path) as reader:
        expect = reader.header.meta.get("expect")
    report = audit(path)
    if expect is None:
        assert report.ok, report.summary()
    else:
        assert not report.ok and report.error is not None
        assert report.error["reason"] == expect, report.summary()


@pytest.mark.parametrize("game", BUILTIN)
def test_full_games_end(game: str) -> None:
    for path in logs(game, "full-"):
        report = audit(path)
        assert report.outcome is not None, f"{path.name} does not reach an end"
