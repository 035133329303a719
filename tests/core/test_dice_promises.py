"""Every game promises the core two things about dice, and the core holds it to them in
live play (``Match.act``) and in the audit: every die ``decide`` draws is recorded in a
chance event of its decision (``dice/unrecorded``), and no die is drawn for an action it
then refuses (``dice/drawn-for-refused``: a player could probe the stream). Both are bugs
of the game (:class:`RulesError`), named with the fix; the match is left as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from grimoire.core.audit import audit_events
from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction, RulesError
from grimoire.core.match import Match
from grimoire.core.rules import Game
from grimoire.testing import tally

Decide = Callable[[Any, Any, Dice], tuple[Any, ...]]


def variant(decide: Decide) -> Game[Any, Any, Any]:
    """``tally`` with another ``decide`` (a deliberately broken one)."""
    t = tally
    return Game(
        name="tally", title=t.RULES.title, version="1", seats=(2, 3),
        default_players=("A", "B"), Options=t.Options, State=t.State, Event=t.Event,
        reasons={**t.REASONS, "add/odd": "refused on an odd roll"},
        setup=t.setup, to_act=t.to_act, legal=t.legal, decide=decide, evolve=t.evolve,
        outcome=t.outcome, view=t.view, redact=t.redact, disguise=t.disguise,
        render=t.render, describe=t.describe, notation=t.notation, parse=t.parse)


def unrecorded(state: Any, action: Any, dice: Dice) -> tuple[Any, ...]:
    """Rolls a second die for a bonus and never records it."""
    events = tally.decide(state, action, dice)
    dice.roll(6)
    return events


def refused_after_a_roll(state: Any, action: Any, dice: Dice) -> tuple[Any, ...]:
    """Rolls first, then refuses: the refusal could tell the die (say, on odd rolls)."""
    dice.roll(6)
    raise IllegalAction("add/odd", "refused after its roll")


def test_a_die_drawn_and_not_recorded_is_the_game_s_bug_and_changes_nothing() -> None:
    m = Match.new(variant(unrecorded), seed="ab" * 16)
    before = (m.version, m.state)
    with pytest.raises(RulesError) as err:
        m.act(m.legal(0)[0])
    assert err.value.reason == "dice/unrecorded"
    assert "tally" in err.value.detail and "Roll.of" in err.value.detail
    assert (m.version, m.state) == before


def test_a_die_drawn_for_a_refused_action_is_the_game_s_bug() -> None:
    m = Match.new(variant(refused_after_a_roll), seed="ab" * 16)
    before = (m.version, m.state)
    with pytest.raises(RulesError) as err:
        m.act(m.legal(0)[0])
    assert err.value.reason == "dice/drawn-for-refused"
    assert "add/odd" in err.value.detail and "before the first draw" in err.value.detail
    assert (m.version, m.state) == before


def test_a_refusal_the_dice_make_themselves_is_not_the_game_s_bug() -> None:
    m = Match.new("tally", dice="recorded")
    with pytest.raises(IllegalAction) as err:  # no value given: the die asks for one
        m.act(m.legal(0)[0])
    assert err.value.reason == "dice/needed" and m.version == 0


def test_the_audit_finds_a_die_the_rules_draw_and_the_log_does_not_record() -> None:
    m = Match.new("tally", seed="cd" * 16)
    for _ in range(6):
        m.act(m.legal(m.state.turn)[0])
    header = m.log(reveal=True).header
    assert audit_events(m.rules, header, m.events).ok
    report = audit_events(variant(unrecorded), header, m.events)
    assert report.error is not None and report.error["reason"] == "dice/unrecorded"
    assert report.error["seq"] == 0


def test_the_audit_finds_a_refusal_made_after_a_draw() -> None:
    m = Match.new("tally", seed="cd" * 16)
    for _ in range(12):
        m.act(m.legal(m.state.turn)[0])
    header = m.log(reveal=True).header

    report = audit_events(variant(refused_after_a_roll), header, m.events)
    assert report.error is not None and report.error["seq"] == 0
    assert report.error["reason"] == "dice/drawn-for-refused"
