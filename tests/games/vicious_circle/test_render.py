"""Wizards of the Vicious Circle: the text board says what is really happening, and shows
each viewer exactly what it may know (play-testing reports)."""

from __future__ import annotations

import pytest

from grimoire.core.match import Match
from grimoire.core.replay import fold, initial_state
from grimoire.games.vicious_circle import RULES
from grimoire.games.vicious_circle.events import Setup

DAWN_SETUP = Setup(player=0, placement=(("saint", "e5"), ("spirit", "d5"), ("child", "e4")))
TWILIGHT_SETUP = Setup(player=1, placement=(("dragon", "a1"), ("warrior", "b1"),
                                            ("child", "c2")))


def lines(text: str, start: str) -> list[str]:
    """The board's lines starting with ``start`` (a seat's name: its reserve line)."""
    out = [line.strip() for line in text.splitlines() if line.strip().startswith(start)]
    return [line for line in out if "to move" not in line]


def both_set_up_before_the_reveal() -> object:
    """The state after both setups but before the reveal (what ``grimoire replay`` shows
    for the second setup's line)."""
    m = Match.new("vicious-circle", dice="recorded")
    m.act(DAWN_SETUP)
    m.act(TWILIGHT_SETUP)
    assert len(m.events) == 3  # setup, setup, reveal
    return fold(RULES, initial_state(RULES, m.header), m.events[:2])


@pytest.mark.parametrize("player", [None, 0, 1])
def test_between_the_second_setup_and_the_reveal_the_board_says_both_have_set_up(
    player: int | None,
) -> None:
    """Play-testing: the board said "secret setup: waiting for " with nobody after it.
    Both have set up; the screen comes down next."""
    state = both_set_up_before_the_reveal()
    text = RULES.render(RULES.view(state, player), player)
    assert "waiting for" not in text
    assert lines(text, "secret setup") == [
        "secret setup: both have set up; the screen comes down next"]


def test_the_setup_status_names_who_has_set_up_and_who_is_awaited() -> None:
    m = Match.new("vicious-circle", dice="recorded")
    assert lines(m.render(None), "secret setup") == [
        "secret setup: waiting for Dawn and Twilight"]
    m.act(DAWN_SETUP)
    for player in (None, 0, 1):
        assert lines(m.render(player), "secret setup") == [
            "secret setup: Dawn has set up; waiting for Twilight"]


def test_a_spectator_sees_how_many_creatures_are_in_a_hidden_reserve() -> None:
    """Play-testing: "reserve -" for a spectator read as "no reserve" although the
    spectator simply cannot see it. A set-up seat keeps two creatures in reserve: one ``?``
    for each."""
    m = Match.new("vicious-circle", dice="recorded")
    m.act(DAWN_SETUP)
    spectator = m.render(None)
    assert lines(spectator, "Dawn") == ["Dawn      reserve ?? hidden  lost -"]
    assert lines(spectator, "Twilight") == ["Twilight  reserve not set up lost -"]
    twilight = m.render(1)
    assert lines(twilight, "Dawn") == ["Dawn      reserve ?? hidden  lost -"]
    dawn = m.render(0)
    assert lines(dawn, "Dawn") == ["Dawn      reserve WD         lost -"]


def test_the_whole_truth_shows_every_reserve() -> None:
    """The auditor's board (the state itself, no view) shows the letters."""
    m = Match.new("vicious-circle", dice="recorded")
    m.act(DAWN_SETUP)
    assert lines(RULES.render(m.state, None), "Dawn") == ["Dawn      reserve WD         lost -"]


def test_reserve_dash_only_when_the_reserve_is_truly_empty() -> None:
    """After the reveal reserves are public ("The two reserve creatures should be placed
    at the edge of the map."): "-" means none is left."""
    m = Match.new("vicious-circle", position="4W/5/5/5/s4 -/pw t -,- 0", dice="recorded")
    for player in (None, 0, 1):
        text = m.render(player)
        assert lines(text, "Dawn") == ["Dawn      reserve -          lost SPCD"]
        assert lines(text, "Twilight") == ["Twilight  reserve pw         lost cd"]
