"""The choice tree's contract, over every registered game (``grimoire.core.choices``).

At every decision point of seeded random games of every game and player count, for each
seat to act:

1. the tree's leaves (with the actions they stand for) are exactly ``legal``, in its
   order, every leaf reachable; labels and squares are unique within a step and one label
   has one anatomy; no step offers more than 40 options that are not squares of the
   board; every card and piece an option names has its text (``problems``);
2. every square an option stands for is marked ``data-square`` in the seat's picture,
   and every card ``data-card``, so a frontend can attach its clicks to them;
3. the tree is made from the seat's view only: it is the same, label for label, in a
   state disguised for that seat (one it cannot tell apart from the true one).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import msgspec
import pytest

from games import GAMES, SHIPPED
from grimoire.bots.random import RandomBot
from grimoire.core import registry
from grimoire.core.choices import Option, Step, choices, problems
from grimoire.core.match import Match
from grimoire.core.rules import draw

SEEDS = (1, 2)
MAX_ACTIONS = 400
LIMIT = 40
"""Options of a step that are not squares of the board, at most (the issue's bound)."""
# Options that change how a game chooses (they name the games' own options, so they are
# written out); every game in GAMES runs with its defaults, and these beside.
OPTIONS: dict[str, tuple[dict[str, Any], ...]] = {
    "vicious-circle": ({}, {"hidden": "commit"}),
    "wizard-armies": ({}, {"hidden": "commit"}),
    "swords-wizardry": ({}, {"hidden": "commit"}),
    "magery": ({}, {"archmage": "ultimate", "rotating": True}),
}


def _cases() -> Iterator[Any]:
    for name in GAMES:
        rules = registry.get(name)
        for count in rules.seats:
            for options in OPTIONS.get(name, ({},)):
                label = "-".join([name, f"{count}p", *(f"{k}={v}" for k, v in
                                                       options.items())])
                yield pytest.param(name, count, options, id=label)


CASES = list(_cases())


def test_the_options_table_names_registered_games() -> None:
    stale = sorted(set(OPTIONS) - set(registry.names()))
    assert not stale, (f"test_choices.py's OPTIONS names {stale}, which no package "
                       "registers: rename or remove their entries")


def stepped(name: str) -> bool:
    """Whether the game splits its actions into steps (a game without steps gets one
    step listing its actions: the bound does not apply to it)."""
    return getattr(registry.get(name), "steps", None) is not None


@cache
def points(name: str, count: int, options_json: bytes) -> tuple[tuple[Any, int], ...]:
    """(state, seat to act) at every decision point of the seeded games of a case."""
    options = msgspec.json.decode(options_json)
    rules = registry.get(name)
    out = []
    for seed in SEEDS:
        match = Match.new(rules, players=tuple(f"P{i}" for i in range(count)),
                          seed=bytes([seed]) * 16, options=options)
        bot = RandomBot(seed)
        for _ in range(MAX_ACTIONS):
            if not match.to_act:
                break
            out.extend((match.state, seat) for seat in sorted(match.to_act))
            match.act(bot.choose(match, min(match.to_act)))
    return tuple(out)


def _points(name: str, count: int, options: dict[str, Any]) -> tuple[tuple[Any, int], ...]:
    return points(name, count, msgspec.json.encode(options))


@pytest.mark.parametrize(("name", "count", "options"), CASES)
def test_the_tree_holds_exactly_the_legal_actions(name: str, count: int,
                                                  options: dict[str, Any]) -> None:
    rules = registry.get(name)
    limit = LIMIT if stepped(name) else 10**9
    for state, seat in _points(name, count, options):
        found = problems(rules, state, seat, limit=limit)
        assert not found, (f"{name}: seat {seat}: {found[:3]}: fix the game's choices.py "
                           "(steps) or texts.py (docs/choices.md)")


def options_of(step: Step) -> Iterator[Option]:
    """Every option of a tree, depth first."""
    for o in step.options:
        yield o
        if o.then is not None:
            yield from options_of(o.then)


@pytest.mark.parametrize(("name", "count", "options"), CASES)
def test_options_are_marked_in_the_seats_picture(name: str, count: int,
                                                 options: dict[str, Any]) -> None:
    """A frontend finds every option's square and card in the picture the seat is shown
    (``data-square``, ``data-card``), drawn the usual way up and from its own side."""
    if not stepped(name):
        pytest.skip("a game without steps has no squares in its options")
    rules = registry.get(name)
    for k, (state, seat) in enumerate(_points(name, count, options)):
        if k % 5:
            continue  # every fifth decision point: pictures are slow to draw
        tree = choices(rules, state, seat)
        assert tree is not None
        every = list(options_of(tree))
        wanted = {o.square for o in every if o.square}
        cards = {o.card for o in every if o.card}
        seen = rules.view(state, seat)
        for bottom in (None, seat):
            picture = draw(rules, seen, seat, None, bottom)
            for square in wanted:
                assert f'data-square="{square}"' in picture, (
                    f"{name}: seat {seat}, bottom {bottom}: square {square!r} is an option but "
                    "not marked in the picture: give its shape data-square in svg.py")
            for card in cards:
                assert f'data-card="{card}"' in picture, (
                    f"{name}: seat {seat}, bottom {bottom}: card {card!r} is an option but not "
                    "marked in the picture: give it data-card in svg.py")


@pytest.mark.parametrize(("name", "count", "options"), CASES)
def test_a_seats_tree_is_the_same_in_states_it_cannot_tell_apart(
        name: str, count: int, options: dict[str, Any]) -> None:
    """The tree, its labels and texts come from the seat's view: in a state disguised
    for the seat (its hidden facts dealt anew) the seat is offered the same tree."""
    rules = registry.get(name)
    for k, (state, seat) in enumerate(_points(name, count, options)):
        if k % 4:
            continue
        mine = msgspec.json.encode(choices(rules, state, seat))
        for r in (1, 2):
            twin = rules.disguise(state, seat, random.Random(r))
            assert msgspec.json.encode(choices(rules, twin, seat)) == mine, (
                f"{name}: seat {seat}, rng {r}: the choice tree differs in a state disguised "
                "for the seat: steps must read only the seat's view")


@pytest.mark.parametrize("name", SHIPPED)
def test_every_built_in_game_chooses_in_steps_and_has_its_texts(name: str) -> None:
    """The bound above holds for every game grimoire ships: each splits its actions into
    steps and has a text for its cards and named objects (a game from elsewhere may list
    its actions flat)."""
    rules = registry.get(name)
    assert stepped(name), (f"{name} has no steps: add choices.py (steps, forced) and pass it "
                           "as choices= to Game.assemble (docs/choices.md)")
    assert getattr(rules, "texts", {}), (f"{name} has no texts: add texts.py (TEXTS) and "
                                         "pass it as texts= to Game.assemble")
