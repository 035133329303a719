"""The environment's step-by-step choice (``grimoire.envs.steps.Choice``) offers exactly
the choice tree's steps (``grimoire.core.choices.choices``): the same prompts, the same
options in the same order with the same label, place, piece, card, text and touches, and
the same action at the end, along random branches at the decision points of a seeded game
of every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import GAMES
from grimoire.core import registry
from grimoire.core.choices import Step, choices
from grimoire.core.match import Match
from grimoire.envs.steps import Choice

DECISIONS = 40


def anatomy(step: Step) -> list[tuple[object, ...]]:
    return [(o.label, o.square, o.piece, o.card, o.text, o.touches) for o in step.options]


def walk(choice: Choice, tree: Step, rng: random.Random) -> Any:
    """Random options taken down ``choice`` and the choice tree ``tree`` alike, each step
    the tree's (its prompt and options): the action the walk ends in, the tree's too."""
    at = tree
    while True:
        assert (choice.step.prompt, anatomy(choice.step)) == (at.prompt, anatomy(at))
        k = rng.randrange(len(at.options))
        played = choice.take(k)
        if at.options[k].then is None:
            assert played == at.options[k].action
            return played
        assert played is None
        at = at.options[k].then


@pytest.mark.parametrize("game", GAMES)
def test_the_step_by_step_choice_is_the_choice_tree(game: str) -> None:
    rules = registry.get(game)
    m = Match.new(rules, seed="2b" * 32)
    rng = random.Random(2)
    for _ in range(DECISIONS):
        if m.outcome is not None:
            break
        seat = rng.choice(sorted(m.to_act))
        tree = choices(rules, m.state, seat)
        assert tree is not None
        m.act(walk(Choice(rules, m.state, seat), tree, rng))


def test_a_kept_setup_is_the_choice_tree_too() -> None:
    """A secret setup's steps are kept (its every placement, the same tuple each match):
    a second match's setup from an equal view reuses them, and every branch of it is
    still the tree's (the kept steps of one view are never offered to another)."""
    rules = registry.get("vicious-circle")
    first = Choice(rules, Match.new(rules, seed="01" * 32).state, 0)
    m = Match.new(rules, seed="02" * 32)
    again, tree = Choice(rules, m.state, 0), choices(rules, m.state, 0)
    assert again.step is first.step and tree is not None
    rng = random.Random(7)
    for _ in range(3):
        played = walk(Choice(rules, m.state, 0), tree, rng)
    m.act(played)  # the other seat's view differs: its own steps, not the first seat's
    other = Choice(rules, m.state, 1)
    assert other.step is not first.step
    assert anatomy(other.step) == anatomy(choices(rules, m.state, 1) or tree)
