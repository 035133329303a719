"""The audit re-decides every action and re-derives every roll and consequence."""

from __future__ import annotations

import msgspec
import pytest
from helpers import bot_match

from grimoire.core.audit import audit_events
from grimoire.core.events import Action, Roll
from grimoire.core.match import Match
from grimoire.games.vicious_circle.events import Capture, GameOver, Move


def tally(n: int, **kw: object) -> Match:
    m = Match.new("tally", seed="bb" * 8, **kw)  # type: ignore[arg-type]
    for _ in range(n):
        m.act(m.legal(m.state.turn)[0])
    return m


def test_a_revealed_seed_verifies_every_roll() -> None:
    m = tally(30)
    header = m.log(reveal=True).header
    report = audit_events(m.rules, header, m.events)
    assert report.ok and report.dice == "verified"


def test_a_forged_roll_is_refused_at_its_record() -> None:
    m = tally(30)
    header = m.log(reveal=True).header
    events = list(m.events)
    i = next(i for i, e in enumerate(events) if isinstance(e, Roll) and i > 10)
    forged = events[i]
    assert isinstance(forged, Roll)
    events[i] = msgspec.structs.replace(forged, values=(forged.values[0] % 6 + 1,))
    report = audit_events(m.rules, header, events)
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "audit/mismatch" and report.error["seq"] == i


def test_unrevealed_seed_reuses_recorded_values_and_says_so() -> None:
    m = tally(10)
    report = audit_events(m.rules, m.header, m.events)
    assert report.ok and report.dice.startswith("unverified")


def test_wrong_revealed_seed_fails_the_commitment() -> None:
    m = tally(4)
    header = msgspec.structs.replace(m.header, seed="cc" * 8)
    report = audit_events(m.rules, header, m.events)
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "dice/commitment"


def test_recorded_dice_out_of_range_are_refused() -> None:
    m = Match.new("tally", dice="recorded", options={"sides": 6})
    m.act(m.legal(0)[0], dice=[3])
    events = list(m.events)
    roll = events[1]
    assert isinstance(roll, Roll)
    events[1] = msgspec.structs.replace(roll, values=(9,))
    report = audit_events(m.rules, m.header, events)
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "dice/out-of-range"


def test_nothing_after_the_game_ended() -> None:
    m = bot_match(seed=2)
    assert m.outcome is not None
    extra = Move(player=m.state.turn if m.state.turn >= 0 else 0, from_="a1", to="a2")
    report = audit_events(m.rules, m.log().header, [*m.events, extra])
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "audit/after-end"


def test_missing_and_invented_consequences_are_refused() -> None:
    """A consequence missing before the next action is ``audit/missing-event``; one
    missing at the very end is a decision cut short (``log/partial-decision``)."""
    m = bot_match(seed=2)
    events = list(m.events)
    i = next(i for i, e in enumerate(events) if isinstance(e, GameOver))
    report = audit_events(m.rules, m.log().header, events[:i])
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "log/partial-decision"
    assert report.error["seq"] == i
    j = next(j for j, e in enumerate(events) if not isinstance(e, Action)
             and j + 1 < len(events) and isinstance(events[j + 1], Action))
    report = audit_events(m.rules, m.log().header, [*events[:j], *events[j + 1:]])
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "audit/missing-event"
    invented = Capture(by=0, owner=1, creature="saint", square="a1")
    report = audit_events(m.rules, m.log().header, [*events[:3], invented, *events[3:]])
    assert not report.ok and report.error is not None
    assert report.error["reason"] in ("audit/unexpected-event", "audit/mismatch")


@pytest.mark.parametrize("seed", [2, 3])
def test_acting_out_of_turn_is_refused(seed: int) -> None:
    m = bot_match(seed=seed, max_actions=4)
    events = list(m.events)
    mover = next(e for e in events[3:] if isinstance(e, Action))
    wrong = msgspec.structs.replace(mover, player=1 - mover.player)
    i = events.index(mover)
    report = audit_events(m.rules, m.header, [*events[:i], wrong])
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "turn/not-to-act"
