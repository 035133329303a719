"""The shortcuts ``decide`` takes agree with what they stand for: a sight line walked across
the grid meets exactly the borders a test of every border finds, and each question asked of
one action (one target, one square, one border) answers as membership in the list ``legal``
and the target rules give."""

from __future__ import annotations

import importlib
import random

import pytest
from wizwar import NAMES, position, sq

from grimoire.core.dice import SeededDice
from grimoire.core.events import Chance
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import rules as R
from grimoire.games.wiz_war import state as S
from grimoire.games.wiz_war.board import CARD, DECK, WALL_KINDS
from grimoire.games.wiz_war.state import RULES_1, Options, State

TG = importlib.import_module("grimoire.games.wiz_war.cards.targets")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sight_line_walk_meets_exactly_the_borders_every_border_test_finds(n: int) -> None:
    """``_path`` (the grid lines between two points, walked) gives the borders, outer walls
    and squares' sides that testing the line against every side of every square gives,
    from each square's centre (and square -1's) to every centre and border middle."""
    g = B.geometry(n)
    sides = {q: [B.border_segment(g.width, q, d) for d in range(4)] for q in g.squares}
    sources = [*g.squares[:: 1 if n == 2 else 7], -1]
    for a in sources:
        px, py = g.centres[a]
        for qx, qy in [g.centres[q] for q in g.squares] + list(g.mids):
            crossed = [e for seg, e in g.border_at.items() if B._crosses(px, py, qx, qy, seg)]
            boxes = {q for q, segs in sides.items()
                     if any(B._crosses(px, py, qx, qy, seg) for seg in segs)}
            edges, outer, got_boxes = B._path(n, px, py, qx, qy)
            assert sorted(edges) == sorted(e for e in crossed if e >= 0)
            assert outer == crossed.count(-1)
            assert got_boxes == boxes


def _states(n: int, seed: int, options: Options, steps: int = 300) -> list[State]:
    """Positions of a seeded random game that casts, throws and picks things up often,
    so spells, walls, fog and stone blocks come into play."""
    rng = random.Random(seed)
    s = RULES.setup(options, NAMES[:n])
    k, out = 0, []
    for _ in range(steps):
        if RULES.outcome(s) is not None:
            break
        out.append(s)
        p = min(RULES.to_act(s))
        legal = list(R.legal(s, p))
        busy = [a for a in legal if not isinstance(a, (E.Move, E.EndMove, E.Allow))]
        a = rng.choice(busy if busy and rng.random() < 0.6 else legal)
        for e in RULES.decide(s, a, SeededDice(bytes(32), k)):
            k += e.draws if isinstance(e, Chance) else 0
            s = RULES.evolve(s, e)
    return out


GAMES = [(2, 1, Options()), (3, 2, Options(**RULES_1)),
         (4, 3, Options(extra_cards=("Gnome Form", "Golem Form", "Dust Cloud"))),
         (2, 4, Options(**RULES_1, extra_cards=("Dust Cloud",)))]


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_one_square_or_border_asked_answers_as_the_whole_sight(
        n: int, seed: int, options: Options) -> None:
    """``in_sight`` is membership in ``sight`` and ``sees_edge`` in ``sight_edges``, for
    spells and for thrown objects, in every position of a game (fog, bends, stone blocks
    and Visionstones included when they come up)."""
    for s in _states(n, seed, options)[::3]:
        g = B.GEOMETRY[s.players]
        for p in range(s.players):
            for spell in (True, False):
                seen = S.sight(s, p, spell)
                assert [S.in_sight(s, p, q, spell) for q in range(-1, g.size + 1)] == [
                    q in seen for q in range(-1, g.size + 1)]
                for kinds in (WALL_KINDS, "."):
                    borders = S.sight_edges(s, p, kinds, spell)
                    assert [S.sees_edge(s, p, e, kinds, spell)
                            for e in range(-1, len(s.edges) + 1)] == [
                        e in borders for e in range(-1, len(s.edges) + 1)]


def _target_names(s: State) -> list[str]:
    g = B.GEOMETRY[s.players]
    return ([f"e{k}" for k in range(len(s.edges) + 1)] + [f"q{k}" for k in range(g.size + 1)]
            + [f"w{k}" for k in range(5)]
            + ["e007", "e-1", "q-1", "w01", "e", "q", "s", "*", "w1:c5", "e١"])


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_one_target_asked_answers_as_the_target_list(
        n: int, seed: int, options: Options) -> None:
    """``offers`` (the rules with a ``CHECKS`` entry) is membership in ``targets``, and
    ``throw_offered`` membership in ``throws``, for every target written any way (with a
    sample of Mental Force's hundreds of squares)."""
    checked = 0
    for s in _states(n, seed, options)[::4 * n]:
        names = _target_names(s)
        for p in range(s.players):
            cards = {c for c in s.hands[p] if c >= 0} | {c for c in range(0, len(CARD), 5)}
            # "push" (a wizard and where it can walk), "teleport" and "astral" (squares a
            # number of steps away)
            cards |= {DECK.index(name) for name in ("Mental Force", "Teleport",
                                                    "Astral Projection")}
            for c in {DECK[c]: c for c in sorted(cards)}.values():  # a card of each name
                if CARD[c].targets not in TG.CHECKS:
                    continue
                view = TG.Sight(s, p)  # (what it works out, it keeps)
                for energy in (1, 3):
                    listed = set(TG.targets(s, p, c, energy, TG.Sight(s, p)))
                    # Mental Force's modes are squares, hundreds of pairs: a seventh of
                    # them is asked as listed, and a tenth of the squares with every
                    # target written any way (``route`` is held to ``reach`` square by
                    # square below)
                    modes = sorted({m for _, m in listed})
                    modes = [*modes[::10], "", "x"] if len(modes) > 20 else [*modes, "", "x"]
                    for t, m in sorted(listed)[::7 if len(listed) > 40 else 1]:
                        assert TG.offers(s, p, c, energy, view, t, m), (p, c, t, m)
                    for t in names:
                        for m in modes:
                            assert TG.offers(s, p, c, energy, view, t, m) == (
                                (t, m) in listed), (p, c, t, m)
                            checked += 1
            throws = R.throws(s, p)
            for c in sorted({*s.carried[p], 0, 50}):
                tries: list[E.Throw | E.ThrowAt] = [E.ThrowAt(player=p, card=c, at=t)
                                                    for t in names]
                tries += [E.Throw(player=p, card=c, target=q) for q in range(-1, 5)]
                for a in tries:
                    assert R.throw_offered(s, a) == (a in throws), a
    assert checked > 5000


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_one_step_asked_answers_as_the_walk_list(n: int, seed: int, options: Options) -> None:
    """``walk_offered`` is membership in ``walk_dirs``, for every seat, side, the cloud's
    random step and a side that is none, in every position of a game (doors, picked
    locks, Mist Body and stone blocks when they come up) and in a Dust Cloud."""
    asked = 0
    cloud = position(options=Options(extra_cards=("Dust Cloud",)),
                     spells=(S.Spell(DECK.index("Dust Cloud"), 1, f"q{sq('c3')}", 0),))
    for s in [*_states(n, seed, options), cloud]:
        for p in range(s.players):
            dirs = R.walk_dirs(s, p)
            for d in (*B.DIRS, "r", "x", ""):
                assert R.walk_offered(s, p, d) == (d in dirs), (p, d, dirs)
                asked += 1
    assert asked > 1000


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_the_squares_a_wizard_reaches_are_those_of_his_paths(
        n: int, seed: int, options: Options) -> None:
    """``reach_squares`` (where, without the paths) is the squares ``reach`` gives paths
    to, ``route`` (one square's path, the search stopped there) the path ``reach``
    gives it and ``reaches`` whether it gives one, for every living wizard, 0 to 12
    steps and every square, in positions all through a game."""
    for i, s in enumerate(_states(n, seed, options)[::3]):
        for p in range(s.players):
            if s.pos[p] < 0:
                continue
            for most in (0, 1, 2, 4, 7, 12):
                paths = S.reach(s, p, most)
                assert S.reach_squares(s, p, most) == set(paths), (p, most)
                if (i + most) % 7 == 0:  # each number of steps, in every seventh position
                    for goal in range(-1, B.GEOMETRY[s.players].size + 1):
                        assert S.route(s, p, most, goal) == paths.get(goal, ()), (p, most)
                        assert S.reaches(s, p, most, goal) == (goal in paths), (p, most)


def test_over_the_hand_size_asked_quickly_answers_as_counting() -> None:
    """``over_limit`` answers "no" at once for seven things or fewer (hand, items, spells
    in play), which holds because no item lowers the hand size; otherwise it counts, and
    it agrees with counting in every position of the games."""
    from grimoire.games.wiz_war import tables as T

    assert all(c.carried is None or c.carried.hand >= 0 for c in T.CARDS.values())
    for n, seed, options in GAMES:
        for s in _states(n, seed, options):
            p = s.active
            assert S.over_limit(s) == (s.phase in ("move", "draw") and s.pos[p] >= 0
                                       and S.hand_count(s, p) > S.hand_limit(s, p))


def test_a_teleport_onto_a_stone_block_is_asked_as_listed() -> None:
    """Teleport's one-square check refuses a Stone Block's square as its list does ("never
    into a solid square"), and answers as the list for every square of the board."""
    stone, tp = DECK.index("Stone Block"), DECK.index("Teleport")
    s = position(hands={0: [tp]}, spells=(S.Spell(stone, 1, f"q{sq('d3')}", 0),),
                 at={0: "c3"})
    view = TG.Sight(s, 0)
    listed = set(TG.targets(s, 0, tp, 1, view))
    assert sq("d3") in S.within(s, s.pos[0], CARD[tp].amount, walls=False)
    assert (f"q{sq('d3')}", "") not in listed and len(listed) > 5
    for q in range(-1, B.GEOMETRY[2].size + 1):
        for mode in ("", "x"):
            assert TG.offers(s, 0, tp, 1, view, f"q{q}", mode) == ((f"q{q}", mode) in listed)
