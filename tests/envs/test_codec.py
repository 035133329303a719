"""The action codec round-trips every option of every step at every decision point of a
whole seeded game of every game (so every legal action is reachable by its codes), numbers
each option of a step differently, and numbers every place a shipped game's choices name
by the game's own list of places."""

from __future__ import annotations

import random

import pytest

from games import GAMES, SHIPPED
from grimoire.core import registry
from grimoire.core.choices import Step, choices
from grimoire.core.match import Match
from grimoire.envs import Codec

DECISIONS = 40  # decision points per game for the places (each checks the whole tree)
SEEDS = {"vicious-circle": 0, "wizard-armies": 0, "swords-wizardry": 10, "magery": 11,
         "wiz-war": 7}
"""A seed of a whole, short game of each game at its most seats, played by seeded random
choices (77, 23, 386, 240 and 1,973 decision points; about 1.1 s of CPU in all)."""
LONGEST = 10_000  # decision points: a game that runs longer fails the test


@pytest.mark.parametrize("game", GAMES)
def test_the_codec_round_trips_every_legal_action_of_a_whole_game(game: str) -> None:
    """At every decision point of a seeded game, from its start to its end, every path
    of codes through the seat's choice tree decodes to a legal action, and every legal
    action of the tree is reached by one."""
    rules = registry.get(game)
    seats = max(rules.seats)
    players = tuple(f"Seat {i + 1}" for i in range(seats))
    codec = Codec.of(rules, seats, names=players)
    seed = SEEDS.get(game, 0)
    ORDERED.clear()
    m = Match.new(rules, players=players, seed=bytes([seed]) * 32)
    rng = random.Random(seed)
    for _ in range(LONGEST):
        if m.outcome is not None:
            break
        seat = rng.choice(sorted(m.to_act))
        tree = choices(rules, m.state, seat)
        assert tree is not None
        paths = _paths(codec, tree, seat=seat)
        reached = [_play(codec, tree, path, seat) for path in paths]
        legal = list(m.legal(seat))
        assert all(a in legal for a in reached)
        assert {repr(a) for a in reached} == {repr(leaf.action) for leaf in tree.leaves()}
        m.act(rng.choice(legal))
    assert m.outcome is not None, f"{game}: seed {seed} plays past {LONGEST} decisions"
    # every option that names no place and no card says a word of the game's vocabulary
    # (another player by name too, from the seat's side), but Wiz-War's push, two energy
    # cards with an Add, or a creature where it stands
    assert all(any(x in label for x in ("pushed", " with ", " on ")) for label in ORDERED), (
        sorted({x for x in ORDERED if not any(y in x for y in ("pushed", " with ", " on "))}))
    if game != "wiz-war":
        assert not ORDERED


ORDERED: list[str] = []  # the labels of the options numbered by their order in a step


def _paths(codec: Codec, step: Step, before: tuple[int, ...] = (),
           seat: int = -1) -> list[tuple[int, ...]]:
    """Every path of codes from ``step`` to a leaf for ``seat``, each code checked on the
    way."""
    codes = codec.codes(step, seat)
    assert len(set(codes)) == len(codes) and all(0 <= c < codec.size for c in codes)
    out = []
    for option, code in zip(step.options, codes, strict=True):
        if codec.words <= code < codec.others:  # a word: the same one in every step
            assert codec.name(code) == codec.says(option, seat), (code, option.label)
        elif code >= codec.others:
            ORDERED.append(option.label)
        assert codec.encode(step, option, seat) == code
        assert codec.decode(step, code, seat) == option
        if option.then is None:
            out.append((*before, code))
        else:
            out.extend(_paths(codec, option.then, (*before, code), seat))
    return out


def _play(codec: Codec, tree: Step, path: tuple[int, ...], seat: int = -1) -> object:
    at: Step = tree
    for code in path:
        option = codec.decode(at, code, seat)
        if option.then is None:
            return option.action
        at = option.then
    raise AssertionError(f"{path} ends before a leaf")


@pytest.mark.parametrize("game", SHIPPED)
def test_every_place_a_choice_names_is_in_the_games_places(game: str) -> None:
    """``observe.places`` lists every place the choices name (a place left out would be
    coded as a word, whose number means less)."""
    rules = registry.get(game)
    for seats in sorted(set(rules.seats)):
        places = set(rules.places(seats))
        m = Match.new(rules, players=tuple(f"Seat {i + 1}" for i in range(seats)),
                      seed="6d" * 32)
        rng = random.Random(seats)
        for _ in range(DECISIONS):
            if m.outcome is not None:
                break
            seat = rng.choice(sorted(m.to_act))
            tree = choices(rules, m.state, seat)
            assert tree is not None
            named = {o.square for s in tree.steps() for o in s.options if o.square}
            assert named <= places, f"{game}: {sorted(named - places)} not in places"
            m.act(rng.choice(list(m.legal(seat))))
