"""Wiz-War fixtures: every log in fixtures/wiz-war audits (or fails as it says it must)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec
import pytest

from grimoire.core.audit import AuditReport, audit, audit_events
from grimoire.core.logfile import Log, read_log
from grimoire.core.rules import options_for
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.state import RULES_1, RULES_2

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "wiz-war"
LOGS = sorted(FIXTURES.glob("*.jsonl"))


@cache
def log_of(path: Path) -> Log:
    """The fixture at ``path``, read (and its chain verified) once: the tests read every
    log again and again, never changing one."""
    return read_log(path)


@cache
def audited(path: Path) -> AuditReport:
    """The audit of the fixture at ``path``, made once: the ruleset 1 logs' test reads the
    reports every fixture's own test made (an audit reads the file, never changes it)."""
    return audit(path)


def test_enough_fixtures() -> None:
    """At least five full seeded matches (2, 3 and 4 players) and twenty edge cases."""
    full = [p for p in LOGS if p.name.startswith("full-")]
    assert len(full) >= 5
    assert {len(log_of(p).header.players) for p in full} == {2, 3, 4}
    assert len([p for p in LOGS if p.name.startswith("edge-")]) >= 20


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_fixture_audits(path: Path) -> None:
    expect = log_of(path).header.meta.get("expect")
    report = audited(path)
    if expect is None:
        assert report.ok, report.summary()
    else:
        assert not report.ok and report.error is not None
        assert report.error["reason"] == expect


def test_logs_recorded_under_rules_1_still_audit() -> None:
    """Old logs keep validating: the fixtures as ruleset 1 recorded them (``v1-*``, never
    regenerated) audit with the options that reproduce ruleset 1 (and ruleset 2's
    readings, which ruleset 1 shared)."""
    old = [p for p in LOGS if p.name.startswith("v1-")]
    assert len([p for p in old if p.name.startswith("v1-full-")]) >= 5
    assert {log_of(p).header.rules for p in old} == {"1"}
    assert {log_of(p).header.rules for p in LOGS if not p.name.startswith("v1-")} == {"2",
                                                                                      "3"}
    for path in old:
        if log_of(path).header.meta.get("expect") is None:
            assert audited(path).ok, path.name


@pytest.mark.parametrize("option", sorted(RULES_1))
def test_each_rules_1_option_is_what_keeps_some_old_log_valid(option: str) -> None:
    """Every house rule that ruleset 1 played by is needed: some log recorded under ruleset
    1 (the fixture copies, and v1 edge cases recorded with the ruleset 1 code for the
    readings the copies never met) fails its audit when only that option is turned off."""
    failing = []
    for path in LOGS:
        log = log_of(path)
        if not path.name.startswith("v1-") or log.header.meta.get("expect") is not None:
            continue
        header = msgspec.structs.replace(log.header, options={**log.header.options,
                                                              option: False})
        if not audit_events(RULES, header, log.events).ok:
            failing.append(path.name)
    assert failing, f"no rules-1 log needs {option}"


def test_logs_recorded_under_rules_2_replay_through_older() -> None:
    """Every fixture recorded under ruleset 2 (all but the ``v1-*`` and the ruleset 3
    cases) keeps its header, which names none of ruleset 3's new options: the game reads
    it through ``older["2"]``, so it is played by ruleset 2's readings (``RULES_2``), and
    audits exactly as it was recorded (``test_fixture_audits``)."""
    old = [p for p in LOGS if log_of(p).header.rules == "2"]
    assert len(old) >= 100
    assert dict(RULES.older["2"]) == RULES_2 and RULES.version == "3"
    for path in old:
        options = log_of(path).header.options
        assert not set(options) & set(RULES_2), path.name
        read = options_for(RULES, "2", options)
        assert all(getattr(read, k) == v for k, v in RULES_2.items()), path.name


# Where each of ruleset 2's readings shows in its logs: a case recorded with the ruleset 2
# code (``tools/fixtures/wiz_war_v2.py``, commit ef8cacb; never recorded anew) that fails
# its audit when only that option is turned off.
NEEDS = {
    "featherweight_stays": "v2-edge-featherweight-own-square",
    "thrown_to_thrower": "v2-edge-earth-stops-a-throw",
    "discard_to_origin": "v2-edge-spellbook-discard",
    "random_among_four": "v2-edge-random-schools",
    "booby_trap_dice": "v2-edge-booby-trap",
}


def test_needs_names_every_rules_2_option() -> None:
    """One ruleset 2 case per option of the readings (``fixed_board``'s are the full
    games, below), and the ruleset 3 case of the same reading beside it (``edge-r3-*``,
    the Booby Trap's ``edge-r3-booby-trap``)."""
    assert set(NEEDS) | {"fixed_board"} == set(RULES_2)
    v2 = {p.stem for p in LOGS if p.name.startswith("v2-")}
    assert v2 == set(NEEDS.values())
    assert {log_of(FIXTURES / f"{n}.jsonl").header.rules for n in v2} == {"2"}
    r3 = [p for p in LOGS if p.name.startswith("edge-r3-")]
    assert len(r3) == len(NEEDS) and {log_of(p).header.rules for p in r3} == {"3"}


@pytest.mark.parametrize(("option", "name"), sorted(NEEDS.items()))
def test_each_rules_2_option_is_what_keeps_a_rules_2_log_valid(option: str, name: str) -> None:
    """Each house rule of ``RULES_2`` is needed: the ruleset 2 log that meets its reading
    audits with it and fails its audit when only that option is turned off."""
    log = log_of(FIXTURES / f"{name}.jsonl")
    assert log.header.rules == "2"
    assert audit_events(RULES, log.header, log.events).ok
    header = msgspec.structs.replace(log.header, options={**log.header.options,
                                                          option: False})
    report = audit_events(RULES, header, log.events)
    assert not report.ok and report.error is not None
    assert report.error.get("seq") is not None, report.error  # a record, not the header


def test_fixed_board_is_what_keeps_the_rules_2_full_games_valid() -> None:
    """``fixed_board`` is needed: every ruleset-2 full game fails its audit when only
    that option is turned off (the board is then built at random as it starts)."""
    full = [p for p in LOGS if p.name.startswith("full-0")]
    assert full
    for path in full:
        log = log_of(path)
        assert log.header.rules == "2", path.name
        header = msgspec.structs.replace(log.header, options={**log.header.options,
                                                              "fixed_board": False})
        assert not audit_events(RULES, header, log.events).ok, path.name


def test_board_fixtures_cover_both_sides_and_every_player_count() -> None:
    """Ruleset-3 full games on each side (``board-{side}-{n}p``): each builds its board
    from its seed, and every player count plays on each side."""
    boards = [p for p in LOGS if p.name.startswith("board-")]
    seen = set()
    for path in boards:
        log = log_of(path)
        assert log.header.rules == "3" and not log.header.options.get("fixed_board")
        built = [e for e in log.events if isinstance(e, E.BoardBuilt)]
        assert len(built) == 1
        side = log.header.options.get("side", "a")
        n = len(log.header.players)
        B.layout_key(n, side, built[0].sectors, built[0].quarters)  # a board of that side
        seen.add((side, n))
    assert seen == {(side, n) for side in "ab" for n in (2, 3, 4)}
