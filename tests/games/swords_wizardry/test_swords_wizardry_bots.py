"""Swords & Wizardry's hints for the search bot (``bots.py``), each on a named position:
the score counts pieces lost by their worth, the way to the enemy Princess (catapults in
range of the castles she may be in, the squares around them, a Princess pinned and
rescuers beside her, rescuers beside hidden pieces) and a Princess of one's own left
outside her castle next to enemies; it never looks up a hidden Princess. The rollout
takes a rescue, a storm or a castle's bombardment when one is offered."""

from __future__ import annotations

import random

import msgspec
import pytest

from grimoire.bots.mcts import MCTSBot
from grimoire.core.dice import RandomDice
from grimoire.core.kit import write_ranks
from grimoire.games.swords_wizardry import RULES
from grimoire.games.swords_wizardry.board import INDEX
from grimoire.games.swords_wizardry.bots import ADVANCE, evaluate, rollout, scores
from grimoire.games.swords_wizardry.events import Bombard, Move, Storm
from grimoire.games.swords_wizardry.state import State

# Both Princesses at home, Black's castles each holding a piece Red has not seen; the
# Peasants on a10 and j2 keep both sides able to move.
HOME = {"b10": "P", "a10": "S", "b1": "p", "e1": "s", "i1": "s", "j2": "s"}


def position(pieces: dict[str, str], turn: str = "r", pinned: str = "-") -> State:
    cells = ["."] * 100
    for sq, ch in pieces.items():
        cells[INDEX[sq]] = ch
    ranks = write_ranks(cells[r * 10:(r + 1) * 10] for r in range(10))
    state: State = RULES.parse(f"{ranks} {turn} {pinned} - 0", RULES.Options(),
                               ("Red", "Black"))
    return state


def red(pieces: dict[str, str], **kw: str) -> float:
    """Red's score in the position: HOME with ``pieces`` added."""
    return scores(position({**HOME, **pieces}, **kw))[0]


# ------------------------------------------------------------------ evaluate


def test_a_position_with_nothing_between_the_sides_is_shared() -> None:
    start = RULES.setup(RULES.Options(), ("Red", "Black"))
    assert evaluate(start) == (0.5, 0.5)
    assert scores(start) == (0.0, 0.0)


def test_the_shares_are_a_logistic_of_the_scores_and_sum_to_one() -> None:
    state = position({**HOME, "c3": "C"})
    shares = evaluate(state)
    assert sum(shares) == pytest.approx(1.0)
    assert (shares[0] > shares[1]) == (scores(state)[0] > scores(state)[1])


def test_pieces_lost_count_by_their_worth() -> None:
    """Losing the Dragon costs more than losing Peasants."""
    state = position(HOME)
    dragon = msgspec.structs.replace(state, lost=("D", "s"))
    peasants = msgspec.structs.replace(state, lost=("S", "d"))
    assert scores(dragon)[0] < scores(peasants)[0]
    assert evaluate(dragon)[0] < 0.5 < evaluate(peasants)[0]


def test_a_catapult_in_range_of_a_castle_that_may_hold_the_princess_counts() -> None:
    """A catapult two squares in front of the castle on b1 can bombard it ("A Siege
    Catapult that attacks a piece in a castle ... defeats it ... unless it is the
    Princess: she is then found"); the nearer it is, the more it counts."""
    in_range, nearer, far = red({"b3": "C"}), red({"b5": "C"}), red({"b7": "C"})
    assert in_range > nearer > far


def test_a_castle_known_not_to_hold_the_princess_is_no_target() -> None:
    """Only a castle holding a piece Red has not seen may hold the Princess: beside a
    shown Peasant in b1 (and empty castles) a catapult counts for its advance alone."""
    known = {**HOME, "b1": "s*", "e1": ".", "i1": ".", "c2": "p"}
    in_range = scores(position({**known, "b3": "C"}))[0]
    a_row_back = scores(position({**known, "b4": "C"}))[0]
    assert in_range - a_row_back == pytest.approx(ADVANCE["siege-catapult"])


def test_holding_the_squares_around_a_castle_counts() -> None:
    """A castle whose every side square is filled by the enemy may be stormed; each
    square held brings that nearer."""
    none, one, two = red({}), red({"a1": "S"}), red({"a1": "S", "c1": "S"})
    assert none < one < two


def test_a_pinned_princess_counts_and_more_with_a_rescuer_beside_her() -> None:
    pinned = {"b1": "p*", "b3": "C*"}
    assert red(pinned, pinned="b") > red(pinned)
    beside, away = red({**pinned, "b2": "N"}, pinned="b"), red({**pinned, "g7": "N"},
                                                               pinned="b")
    assert beside > away


def test_a_princess_shown_outside_a_castle_draws_the_rescuers() -> None:
    """Once shown outside a castle she may be challenged by any rescuer next to her: the
    nearer the Knights (on the same rank, so equally advanced), the better."""
    shown = {**HOME, "b1": "s", "c3": "p*"}
    beside = scores(position({**shown, "c4": "N"}))[0]
    nearer = scores(position({**shown, "g4": "N"}))[0]
    away = scores(position({**shown, "j4": "N"}))[0]
    assert beside > nearer > away


def test_a_rescuer_beside_a_hidden_piece_outside_the_castles_counts() -> None:
    """Any hidden piece may be the Princess, one outside a castle less likely so."""
    hunting = red({"c4": "s", "c5": "A"})
    idle = red({"c4": "s", "h5": "A"})
    assert hunting > idle


def test_a_hidden_piece_near_an_enemy_castle_is_likelier_the_princess() -> None:
    """She is deployed in a castle and seldom wanders far: Knights next to a hidden piece
    beside an empty castle count more than next to one far from every castle."""
    empty = {**HOME, "e1": ".", "i1": "."}
    near = scores(position({**empty, "h1": "s", "h2": "N", "c6": "s", "c7": "N"}))[0]
    far = scores(position({**empty, "h1": "s", "h3": "N", "c6": "s", "c7": "N"}))[0]
    assert near > far


def test_attacking_a_castle_in_range_pays_whatever_is_inside() -> None:
    """What a catapult in range of a castle counts for is less than what attacking it
    brings, averaged over the worlds the search samples (the occupant eliminated, or the
    Princess found): the search does not keep the threat instead of carrying it out."""
    state = position({**HOME, "b1": ".", "e1": ".", "i1": "p", "i2": "C", "h1": "B",
                      "c5": "s", "g4": "s"})  # four hidden pieces, one in a castle
    rng = random.Random(3)
    attack = Move(player=0, from_="i2", to="i1")
    gains = []
    for _ in range(100):
        world = RULES.disguise(state, 0, rng)
        after = world
        for event in RULES.decide(world, attack, RandomDice(rng)):
            after = RULES.evolve(after, event)
        gains.append(scores(after)[0] - scores(after)[1] - scores(world)[0] + scores(world)[1])
    assert sum(gains) / len(gains) > 0


def test_the_score_never_looks_up_a_hidden_princess() -> None:
    """Swapping Black's hidden Princess with a hidden Peasant (a world the search may
    sample) changes nothing Red's score sees: the guess goes by what Red was shown."""
    pieces = {**HOME, "b3": "C", "a1": "N", "c3": "N"}
    swapped = {**pieces, "b1": "s", "e1": "p"}
    assert scores(position(pieces))[0] == scores(position(swapped))[0]


def test_a_princess_outside_her_castle_next_to_enemies_is_in_danger() -> None:
    out = {**HOME, "b10": "S", "c9": "P"}
    alone, threatened = scores(position(out))[0], scores(position({**out, "c8": "n"}))[0]
    assert threatened < alone


def test_sealed_pieces_count_for_nothing() -> None:
    """With sealed pieces (``X``/``x`` on the board) the score reads only known kinds."""
    state = position({**HOME, "c3": "C"})
    board = list(state.board)
    board[INDEX["c3"]] = "X"
    sealed = msgspec.structs.replace(state, board=tuple(board))
    assert scores(sealed)[0] < scores(state)[0]


# ------------------------------------------------------------------ rollout


def test_the_rollout_rescues_the_princess_when_it_can() -> None:
    state = position({**HOME, "b1": "s", "c3": "p", "c4": "N", "h8": "S"})
    actions = list(RULES.legal(state, 0))
    rescue = Move(player=0, from_="c4", to="c3")
    assert rescue in actions
    assert {rollout(state, 0, actions, random.Random(k)) for k in range(20)} == {rescue}


def test_the_rollout_bombards_a_castle_when_it_can() -> None:
    state = position({**HOME, "b3": "C", "h5": "N"})
    actions = list(RULES.legal(state, 0))
    shot = Bombard(player=0, from_="b3", to="b1")
    assert shot in actions
    assert {rollout(state, 0, actions, random.Random(k)) for k in range(20)} == {shot}


def test_the_rollout_storms_with_a_rescuer() -> None:
    """Filling the last square around a castle lets the player storm it; storming with a
    rescuer rescues the Princess if she is inside."""
    state = position({**HOME, "a1": "S", "b2": "N", "c2": "S"})
    dice = RandomDice(random.Random(1))
    for event in RULES.decide(state, Move(player=0, from_="c2", to="c1"), dice):
        state = RULES.evolve(state, event)
    actions = list(RULES.legal(state, 0))
    assert len([a for a in actions if isinstance(a, Storm)]) == 3
    chosen = {rollout(state, 0, actions, random.Random(k)) for k in range(20)}
    assert chosen == {Storm(player=0, castle="b1", from_="b2")}


def test_otherwise_the_rollout_plays_any_action() -> None:
    state = position({**HOME, "c6": "N", "h5": "A"})
    actions = list(RULES.legal(state, 0))
    chosen = {rollout(state, 0, actions, random.Random(k)) for k in range(60)}
    assert chosen <= set(actions) and len(chosen) > len(actions) // 2


# ------------------------------------------------------------------ the search


def test_the_search_rescues_a_pinned_princess_beside_its_knights() -> None:
    state = position({**HOME, "b1": "p*", "b3": "C*", "b2": "N", "h7": "A"}, pinned="b")
    result = MCTSBot(seed=1, iterations=60, depth=0).search(RULES, state, 0, seats=2)
    assert result.action == Move(player=0, from_="b2", to="b1")
