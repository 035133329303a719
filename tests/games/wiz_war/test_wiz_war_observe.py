"""Wiz-War's observation for learning agents (``observe.observation``): a fixed number of
numbers for a player count, read from the seat's view only (walls and doors from the
view's borders, never from a fixed map), the wizards where they stand, the seat's own
hand by card name."""

from __future__ import annotations

import random

import msgspec
import pytest

from grimoire.core.match import Match
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war.observe import CARDS, SIDE, SIDES, observation, sizes
from grimoire.games.wiz_war.state import State


def _view(players: int, seat: int, moves: int = 0, seed: int = 1) -> State:
    m = Match.new(RULES, players=tuple(f"Seat {i + 1}" for i in range(players)),
                  seed=bytes([seed]) * 32)
    rng = random.Random(seed)
    for _ in range(moves):
        m.act(rng.choice(list(m.legal(min(m.to_act)))))
    return RULES.view(m.state, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_observation_has_one_length_for_a_player_count(players: int) -> None:
    m = Match.new(RULES, players=tuple(f"Seat {i + 1}" for i in range(players)),
                  seed=bytes([players]) * 32)
    rng = random.Random(players)
    for _ in range(60):
        for seat in range(players):
            assert len(observation(RULES.view(m.state, seat), seat)) == sizes(players)[2]
        m.act(rng.choice(list(m.legal(min(m.to_act)))))


def test_each_wizard_is_where_the_view_puts_it_counted_from_the_observer() -> None:
    """The wizard of seat ``r`` (counted from the observer) marks its square."""
    view = _view(3, 1, moves=30)
    numbers = observation(view, 1)
    square = sizes(3)[0]
    here = 2 * 3 + 1 + 4 * SIDE
    for p, q in enumerate(view.pos):
        if q >= 0:
            assert numbers[q * square + here + (p - 1) % 3] == 1


def test_walls_and_doors_are_read_from_the_views_borders() -> None:
    """A border turned into a created wall shows on both squares it lies between (as a
    rotated or shuffled sector's borders would), so no fixed map is read."""
    view = _view(2, 0)
    g = B.geometry(2)
    e = view.edges.index(".")
    a, d = g.edge_squares[e]
    b = g.neighbour(a, d)
    walled = msgspec.structs.replace(view, edges=(
        *view.edges[:e], "W", *view.edges[e + 1:]))
    before, after = observation(view, 0), observation(walled, 0)
    square, sides = sizes(2)[0], 1 + 2 * 2
    for q, side in ((a, d), (b, B.OPP[d])):
        at = q * square + sides + side * SIDE
        assert before[at + SIDES.index(".")] == 1 and before[at + SIDES.index("W")] == 0
        assert after[at + SIDES.index(".")] == 0 and after[at + SIDES.index("W")] == 1
    assert sum(x != y for x, y in zip(before, after, strict=True)) == 4


def test_the_seats_own_hand_is_counted_by_card_name() -> None:
    view = _view(2, 0, moves=3)
    numbers = observation(view, 0)
    square, seat, _ = sizes(2)
    start = B.geometry(2).size * square + 2 * seat
    hand = numbers[start:start + len(CARDS)]
    assert sum(hand) == len(view.hands[0]) > 0
    for c in view.hands[0]:
        assert hand[CARDS.index(B.DECK[c])] >= 1
