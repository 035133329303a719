"""Wiz-War fixtures: every log in fixtures/wiz-war audits (or fails as it says it must)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grimoire.core.audit import audit
from grimoire.core.logfile import read_log

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "wiz-war"
LOGS = sorted(FIXTURES.glob("*.jsonl"))


def test_enough_fixtures() -> None:
    """At least five full seeded matches (2, 3 and 4 players) and twenty edge cases."""
    full = [p for p in LOGS if p.name.startswith("full-")]
    assert len(full) >= 5
    assert {len(read_log(p).header.players) for p in full} == {2, 3, 4}
    assert len([p for p in LOGS if p.name.startswith("edge-")]) >= 20


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_fixture_audits(path: Path) -> None:
    expect = read_log(path).header.meta.get("expect")
    report = audit(path)
    if expect is None:
        assert report.ok, report.summary()
    else:
        assert not report.ok and report.error is not None
        assert report.error["reason"] == expect
