"""Wiz-War fixtures: every log in fixtures/wiz-war audits (or fails as it says it must)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from grimoire.core.audit import audit, audit_events
from grimoire.core.logfile import LogReader, read_log
from grimoire.core.rules import options_for
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.state import RULES_1, RULES_2

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
    assert {read_log(p).header.rules for p in LOGS if not p.name.startswith("v1-")} == {"2",
                                                                                      "3"}
    for path in old:
        if read_log(path).header.meta.get("expect") is None:
            assert audit(path).ok, path.name


@pytest.mark.parametrize("option", sorted(RULES_1))
def test_each_rules_1_option_is_what_keeps_some_old_log_valid(option: str) -> None:
    """Every house rule that ruleset 1 played by is needed: some log recorded under ruleset
    1 (the fixture copies, and v1 edge cases recorded with the ruleset 1 code for the
    readings the copies never met) fails its audit when only that option is turned off."""
    failing = []
    for path in LOGS:
        log = read_log(path)
        if not path.name.startswith("v1-") or log.header.meta.get("expect") is not None:
            continue
        header = msgspec.structs.replace(log.header, options={**log.header.options,
                                                              option: False})
        if not audit_events(RULES, header, log.events).ok:
            failing.append(path.name)
    assert failing, f"no rules-1 log needs {option}"


def test_logs_recorded_under_rules_2_replay_as_played() -> None:
    """Ruleset 3 builds the board at random; a log recorded under ruleset 2 (every fixture
    but the ``v1-*`` and ``board-*`` ones) is read with ``RULES_2`` (``older``), so it
    keeps its fixed board and audits exactly as it was played."""
    headers = {}
    for path in LOGS:
        with LogReader(str(path)) as reader:
            headers[path] = reader.header
    old = [p for p in LOGS if headers[p].rules == "2"]
    assert len(old) > 100
    for path in old:
        assert options_for(RULES, "2", headers[path].options).fixed_board
    # each audits (test_fixture_audits) with these options, and not without them (below)


@pytest.mark.parametrize("option", sorted(RULES_2))
def test_each_rules_2_option_is_what_keeps_some_old_log_valid(option: str) -> None:
    """Every option of ``RULES_2`` is needed: a ruleset-2 full game fails its audit when
    only that option is turned off (the board is then built at random as it starts)."""
    failing = []
    for path in LOGS:
        log = read_log(path)
        if log.header.rules != "2" or not path.name.startswith("full-0"):
            continue
        header = msgspec.structs.replace(log.header, options={**log.header.options,
                                                              option: False})
        if not audit_events(RULES, header, log.events).ok:
            failing.append(path.name)
    assert failing, f"no rules-2 log needs {option}"


def test_board_fixtures_cover_both_sides_and_every_player_count() -> None:
    """Ruleset-3 full games on each side (``board-{side}-{n}p``): each builds its board
    from its seed, and every player count plays on each side."""
    boards = [p for p in LOGS if p.name.startswith("board-")]
    seen = set()
    for path in boards:
        log = read_log(path)
        assert log.header.rules == "3" and not log.header.options.get("fixed_board")
        built = [e for e in log.events if isinstance(e, E.BoardBuilt)]
        assert len(built) == 1
        side = log.header.options.get("side", "a")
        n = len(log.header.players)
        B.layout_key(n, side, built[0].sectors, built[0].quarters)  # a board of that side
        seen.add((side, n))
    assert seen == {(side, n) for side in "ab" for n in (2, 3, 4)}
