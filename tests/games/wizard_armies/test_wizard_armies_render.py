"""Wizard Armies text: the board says what is really happening; a Wizard is ``W`` on the
board (with a legend) and "a Wizard" in event sentences."""

from __future__ import annotations

import random

import pytest

from grimoire import Match, Replay, Roll
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies.events import Deploy, Muster, Strike
from grimoire.games.wizard_armies.render import LEGEND


def recorded() -> Match:
    return Match.new("wizard-armies", dice="recorded")


def last_line(state: object, seat: int | None = None) -> str:
    return RULES.render(state, seat).splitlines()[-1].strip()  # type: ignore[arg-type]


def test_board_between_the_second_deployment_and_the_reveal() -> None:
    """Between the second secret choice and the reveal nobody is awaited: the board says
    the deployments are revealed together, not "waiting for " an empty list."""
    m = recorded()
    m.act(Muster(player=0), dice=[4, 5])
    m.act(Muster(player=1), dice=[5, 6])
    m.act(Deploy(player=0, units=2))
    m.act(Deploy(player=1, units=1), dice=[5, 2, 4, 3, 2])
    replay = Replay(m.rules, m.header, m.events)
    second = [i for i, e in enumerate(m.events) if isinstance(e, Deploy)][1]
    between = replay.seek(second + 1)  # after the second deploy, before the reveal
    assert between.phase == "deploy" and all(between.ready)
    for seat in (0, 1, None):
        line = last_line(RULES.view(between, seat), seat)
        assert line == "both deployments are chosen: they are revealed together"


def test_board_between_a_muster_and_its_troops_roll() -> None:
    """The army roll follows the muster at once: the board names the roll under way, also
    after the second muster, when the deployment phase has begun but one army is unrolled."""
    m = recorded()
    m.act(Muster(player=0), dice=[4, 5])
    m.act(Muster(player=1), dice=[5, 6])
    replay = Replay(m.rules, m.header, m.events)
    assert last_line(replay.seek(1)) == "Light rolls for troops"
    assert last_line(replay.seek(3)) == "Dark rolls for troops"
    assert last_line(replay.seek(4)) == "secret deployment: waiting for Light and Dark"


def test_board_during_the_rolls_and_at_the_end_of_a_battle() -> None:
    m = Match.new("wizard-armies", dice="recorded",
                  position="d 2 9,11 11 0,0 -/- - - 0,0 0,0 -")
    m.act(Deploy(player=0, units=2))
    m.act(Deploy(player=1, units=1), dice=[2, 5, 6, 1, 4])
    replay = Replay(m.rules, m.header, m.events)
    lines = [last_line(replay.seek(n)) for n in range(3, len(m.events) + 1)]
    assert lines[:6] == [
        "initiative: each side rolls one die, ties roll again",  # after the reveal
        "initiative: each side rolls one die, ties roll again",
        "initiative: each side rolls one die, ties roll again",
        "battle roll: Light and Dark roll",  # after the initiative
        "battle roll: Dark rolls",
        "the cowards (ones) desert before any strike",
    ]
    assert lines[-2:] == ["Dark has no strike and passes", "Light strikes"]  # 4 against W


def test_a_wizard_is_w_on_the_board_and_a_wizard_in_event_lines() -> None:
    """Wizard Armies calls a natural six on the field a Wizard; the board writes it ``W``
    and explains it in a legend, and event sentences about units call it "a Wizard". Troops
    and initiative rolls are plain numbers."""
    m = Match.new("wizard-armies", dice="recorded",
                  position="b 1 9,11 11 2,2 62/65 0 - 0,0 5,2 -")
    board = RULES.render(m.state)
    assert "field W 2" in board and "field W 5" in board
    assert LEGEND in board.splitlines()
    assert (RULES.describe(Strike(player=0, dice=(6,), target=6))
            == "Light strikes Dark's Wizard with a Wizard")
    battle = Roll(player=0, sides=6, values=(6, 1, 6), purpose="battle", draws=3)
    raid = Roll(player=1, sides=6, values=(6, 2), purpose="raid", draws=2)
    troops = Roll(player=0, sides=6, values=(6, 6), purpose="troops", draws=2)
    assert RULES.describe(battle) == "Light rolls two Wizards and a 1 for the battle"
    assert (RULES.describe(raid)
            == "Dark rolls 2 dice for the units in Light's camp: a Wizard and a 2")
    assert RULES.describe(troops) == "Light rolls 6 and 6 for troops"
    plain = Match.new("wizard-armies", dice="recorded",
                      position="b 1 9,11 11 2,2 52/43 0 - 0,0 5,2 -")
    assert LEGEND not in RULES.render(plain.state).splitlines()


@pytest.mark.parametrize("seed", range(4))
def test_every_board_of_a_game_says_what_happens_next(seed: int) -> None:
    """In every state of a seeded game (between events too) the board ends with a line
    that names someone or something, never an empty list; a W on the board comes with the
    legend, and every unit's six in an event sentence is a Wizard."""
    m = Match.new("wizard-armies", seed=f"{seed:064x}")
    chooser = random.Random(seed)
    while m.outcome is None:
        seat = min(m.to_act)
        m.act(chooser.choice(list(m.legal(seat))))
    replay = Replay(m.rules, m.header, m.events)
    for _, event, state in replay.states():
        for seat in (0, 1, None):
            board = RULES.render(RULES.view(state, seat), seat).splitlines()
            assert not board[-1].rstrip().endswith(("for", ":", ","))
            shows_w = any(word == "W" for line in board if line != LEGEND
                          for word in line.split())
            assert (LEGEND in board) == shows_w
        line = RULES.describe(event)
        if isinstance(event, Roll) and event.purpose in ("battle", "raid"):
            # a raid roll counts its dice first ("6 dice for the units in ...: ...")
            values = line.rsplit(": ", 1)[-1] if event.purpose == "raid" else line
            assert ("6" in values) is False and ("Wizard" in values) == (6 in event.values)
