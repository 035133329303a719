"""``grimoire play`` driven by scripted answers."""

from __future__ import annotations

from grimoire.core.match import Match
from grimoire.tools.play import play


def test_a_person_can_play_a_whole_game_against_the_bot() -> None:
    m = Match.new("vicious-circle", seed="03" * 16)
    said: list[str] = []
    result = play(m, humans={0}, ask=lambda _: "1", say=said.append)
    assert result == "over" and m.outcome is not None
    assert any("sets up" in line for line in said)


def test_filtering_and_quitting() -> None:
    m = Match.new("vicious-circle", seed="03" * 16)
    said: list[str] = []
    answers = iter(["saint e5", "zzz", "q"])
    assert play(m, humans={0}, ask=lambda _: next(answers), say=said.append) == "quit"
    assert any("nothing matches" in line for line in said)
    assert len(m.events) == 0


def test_hot_seat_announces_each_turn() -> None:
    m = Match.new("vicious-circle", seed="04" * 16)
    said: list[str] = []
    answers = iter(["r"] * 6 + ["q"])
    play(m, humans={0, 1}, ask=lambda _: next(answers), say=said.append)
    assert any("others look away" in line for line in said)


def test_hot_seat_shows_the_table_no_secret() -> None:
    """At one screen every event is shown as a spectator sees it: the deal and draws of
    Wiz-War name no card."""
    m = Match.new("wiz-war", seed="05" * 16)
    said: list[str] = []
    answers = iter(["r"] * 30 + ["q"])
    play(m, humans={0, 1}, ask=lambda _: next(answers), say=said.append)
    assert any("5 cards dealt to each of 2 players" in line for line in said)
    hands = [c for h in m.state.hands for c in h]
    assert hands and not any("hands=" in line or "cards=(" in line for line in said)
