"""Wizard Armies' hints to the search bot (``bots.py``): what each one chooses in a named
position and why, and that the search reads them."""

from __future__ import annotations

import random

import pytest

from grimoire.bots.mcts import MCTSBot
from grimoire.games.wizard_armies import RULES, bots
from grimoire.games.wizard_armies.events import CampStrike, Deploy, Strike
from grimoire.games.wizard_armies.state import State


def test_the_rules_hand_the_search_these_hints() -> None:
    assert RULES.rollout is bots.rollout
    assert RULES.evaluate is bots.evaluate


@pytest.mark.parametrize(("army", "units"), [(9, 6), (6, 6), (4, 4), (1, 1)])
def test_rollouts_deploy_all_in(army: int, units: int) -> None:
    """The exact best response to the random bot deploys as many units as it may in
    every round (armies up to 40 a side, tools/wa_best_response.py): six, or the whole
    army when it holds fewer."""
    s = State(phase="deploy", troops=(army, 7), mustered=(True, True))
    chosen = bots.rollout(s, 0, RULES.legal(s, 0), random.Random(1))
    assert chosen == Deploy(player=0, units=units)


def test_a_rollout_strikes_the_highest_enemy_die() -> None:
    """Against Dark's 5 and 2, Light's 6 strikes the 5 (the die that threatens most), not
    the 2, and alone: the 4 and 3 stay on the field to strike again."""
    s = State(phase="battle", troops=(6, 6), field=((6, 4, 3), (5, 2)), turn=0)
    chosen = bots.rollout(s, 0, RULES.legal(s, 0), random.Random(1))
    assert chosen == Strike(player=0, dice=(6,), target=5)


def test_a_rollout_strikes_with_the_fewest_and_smallest_dice() -> None:
    """No single die of 4, 3, 2 beats Dark's 5: two dice must join, and 3 + 2 is not
    enough (5 is not more than 5), so the smallest pair that does is 4 + 2 (keeping the 3)."""
    s = State(phase="battle", troops=(6, 6), field=((4, 3, 2), (5, 2)), turn=0)
    chosen = bots.rollout(s, 0, RULES.legal(s, 0), random.Random(1))
    assert chosen == Strike(player=0, dice=(4, 2), target=5)


def test_a_raid_strikes_the_lowest_camp_unit_with_the_smallest_die() -> None:
    """In a raid every strike is a kill with no retaliation, so the most kills win: the 3
    takes the 1 and the 5 is kept for the 4, so both units fall (taking the 1 with the 5
    would leave the 3 nothing it beats)."""
    s = State(phase="raid", troops=(6, 6), field=((5, 3), ()), turn=0, targets=(4, 1))
    chosen = bots.rollout(s, 0, RULES.legal(s, 0), random.Random(1))
    assert chosen == Strike(player=0, dice=(3,), target=1)


def test_a_lone_wizard_kills_in_camp() -> None:
    """A Wizard facing an empty field has only its camp strike (ruling 15)."""
    s = State(phase="battle", troops=(3, 5), field=((6,), ()), turn=0)
    assert bots.rollout(s, 0, RULES.legal(s, 0), random.Random(1)) == CampStrike(player=0)


def test_the_score_shares_the_win_by_the_armies_left() -> None:
    even = bots.evaluate(State(troops=(7, 7)))
    assert even == (0.5, 0.5)
    ahead = bots.evaluate(State(troops=(6, 4)))
    assert ahead[0] > 0.5 and ahead[0] + ahead[1] == pytest.approx(1.0)
    assert bots.evaluate(State(troops=(4, 6))) == pytest.approx(ahead[::-1])
    # a lead of two is worth more between small armies than between big ones
    assert bots.evaluate(State(troops=(20, 18)))[0] < ahead[0]
    assert bots.evaluate(State(troops=(0, 0))) == (0.5, 0.5)


def test_the_search_deploys_all_in_with_the_hints() -> None:
    """With the hints, the search finds the all-in deployment that the exact best response
    plays (an army of 8 against 6: deploy six)."""
    s = State(phase="deploy", troops=(8, 6), mustered=(True, True))
    result = MCTSBot(seed=1, iterations=300).search(RULES, s, 0, seats=2)
    assert result.action == Deploy(player=0, units=6)
