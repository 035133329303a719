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


def test_logs_recorded_under_rules_1_still_audit() -> None:
    """Old logs keep validating: the fixtures as ruleset 1 recorded them (``v1-*``, never
    regenerated) audit with the options that reproduce ruleset 1."""
    old = [p for p in LOGS if p.name.startswith("v1-")]
    assert len([p for p in old if p.name.startswith("v1-full-")]) >= 5
    assert {read_log(p).header.rules for p in old} == {"1"}
    assert {read_log(p).header.rules for p in LOGS if not p.name.startswith("v1-")} == {"2"}
    for path in old:
        if read_log(path).header.meta.get("expect") is None:
            assert audit(path).ok, path.name
