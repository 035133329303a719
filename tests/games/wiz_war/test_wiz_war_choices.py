"""Wiz-War's choice tree (``choices``), its texts (``texts``) and what its picture gives a
frontend to click (``svg``): a player chooses a kind of action or a card by its name, then
its target, then its energy, then its mode; every card and named thing has a text; the
squares, pieces and cards the options name are marked in the seat's picture, drawn from
its own side."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import msgspec
import pytest
from wizwar import act, card, edge, position, sq

from grimoire.bots.random import RandomBot
from grimoire.core.choices import Option, Step, choices, problems
from grimoire.core.match import Match
from grimoire.core.rules import draw
from grimoire.games.wiz_war import RULES, svg
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.choices import BORDERS, steps
from grimoire.games.wiz_war.state import Spell, State
from grimoire.games.wiz_war.texts import TEXTS, THINGS

LIMIT = 40
BOOK = "alchemy,mentalism,thaumaturgy/conjuring,elemental,mutation"
CASES: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}),
    (3, {"schools": "conjuring,mutation,thaumaturgy"}),
    (4, {"schools": "alchemy,elemental,mentalism"}),
    (4, {"schools": "conjuring,elemental,thaumaturgy"}),
    (2, {"custom_spellbook": BOOK}),
    (3, {"schools": "alchemy,mutation,mentalism"}),
)
"""Every player count, and every one of the seven schools in some case (Black Cantrip
with the Custom Spellbook)."""


def test_the_cases_hold_every_school_and_player_count() -> None:
    schools = {"white-cantrip"}
    for _, options in CASES:
        text = options.get("schools") or options.get("custom_spellbook") or ""
        schools |= set(re.split("[,/]", text or ",".join(B.FIRST_GAME_CHOICE)))
        schools |= {"black-cantrip"} if "custom_spellbook" in options else set()
    assert schools == set(T.SCHOOLS)
    assert {n for n, _ in CASES} == set(RULES.seats)


@cache
def points(n: int, options_json: bytes, seed: int = 7, actions: int = 250
           ) -> tuple[tuple[State, int], ...]:
    """(state, seat to act) at every decision point of a seeded random game."""
    m = Match.new(RULES, players=T.SEAT_NAMES[:n], seed=bytes([seed, n]) * 16,
                  options=msgspec.json.decode(options_json))
    bot = RandomBot(seed)
    out = []
    for _ in range(actions):
        if not m.to_act:
            break
        out += [(m.state, seat) for seat in sorted(m.to_act)]
        m.act(bot.choose(m, min(m.to_act)))
    return tuple(out)


def cases() -> Iterator[Any]:
    for n, options in CASES:
        yield pytest.param(n, msgspec.json.encode(options),
                           id="-".join([f"{n}p", *map(str, options.values())]))


def every(step: Step) -> Iterator[tuple[Step, Option]]:
    for o in step.options:
        yield step, o
        if o.then is not None:
            yield from every(o.then)


def tree(s: State, seat: int) -> Step:
    t = choices(RULES, s, seat)
    assert t is not None
    return t


def labels(step: Step) -> list[str]:
    return [o.label for o in step.options]


def reach(step: Step, *answers: str) -> Step:
    """The step ``answers`` lead to (not a leaf)."""
    at = step.walk(answers)
    assert isinstance(at, Step), answers
    return at


# ---------------------------------------------------------------- the tree over whole games


@pytest.mark.parametrize(("n", "options"), list(cases()))
def test_the_tree_is_legal_small_and_blind_at_every_decision_point(n: int,
                                                                    options: bytes) -> None:
    """At every decision point of seeded games (every player count, every school): the
    leaves are exactly ``legal`` in its order, labels are unique and one label has one
    anatomy, no step offers more than 40 options that are not squares, every card and
    piece named has its text; and the tree is the same in a state disguised for the seat
    (it is told from the seat's view only)."""
    rng = random.Random(n)
    assert {s.phase for s, _ in points(n, options)} >= {"start", "move", "respond", "draw"}
    for k, (s, seat) in enumerate(points(n, options)):
        assert problems(RULES, s, seat, limit=LIMIT) == [], (k, seat)
        if k % 5 == 0:
            twin = RULES.disguise(s, seat, rng)
            assert msgspec.json.encode(tree(twin, seat)) == msgspec.json.encode(tree(s, seat))


@pytest.mark.parametrize(("n", "options"), list(cases()))
def test_options_squares_and_cards_are_in_the_seats_picture_both_ways_up(
        n: int, options: bytes) -> None:
    for k, (s, seat) in enumerate(points(n, options)):
        if k % 9:
            continue
        found = list(every(tree(s, seat)))
        seen = RULES.view(s, seat)
        for bottom in (None, seat):
            picture = draw(RULES, seen, seat, None, bottom)
            for _, o in found:
                assert not o.square or f'data-square="{o.square}"' in picture, o.square
                assert not o.card or f'data-card="{o.card}"' in picture, o.card


# ---------------------------------------------------------------- the steps, kind by kind


def test_a_move_is_the_kind_then_the_square_moved_to() -> None:
    """Moves: ``Move``, then the destination as a square of the board (from and to)."""
    s = position(at={1: "h3"})
    move = tree(s, 0).walk(["Move"])
    assert isinstance(move, Step) and move.board and move.prompt == "Where to?"
    leaf = move.option("d3")
    assert leaf.action == E.Move(player=0, dir="e")
    assert (leaf.touches.from_, leaf.touches.to) == ("c3", "d3")


def test_two_ways_to_one_square_are_told_in_words() -> None:
    """Where two ways lead to one square (round the board), the square cannot stand for
    both: each is a direction in words, with the square it leads to."""
    s = position(hands={0: [card("Windrider"), card("Energy 4")]}, at={0: "h4", 1: "a1"})
    where = tree(s, 0).walk(["Windrider", "Energy 4 (energy 4)"])
    assert isinstance(where, Step)
    words = [o.label for o in where.options if not o.square]
    assert "1 square north to h3" in words and "4 squares south to h3" in words
    assert len({o.square for o in where.options if o.square}) == len(
        [o for o in where.options if o.square])


def test_a_card_then_its_target_then_its_energy_then_its_mode() -> None:
    """Zot!: the card by name, the wizard by his player's name, the energy card (or
    none), then damage or stun tokens."""
    s = position(hands={0: [card("Zot!"), card("Energy 5")]}, at={1: "e3"})
    first = tree(s, 0)
    assert "Zot!" in labels(first)
    zot = first.option("Zot!")
    assert zot.card == "Zot!" and zot.text == TEXTS["Zot!"]
    whom = zot.then
    assert whom is not None and whom.prompt == "At whom?" and labels(whom) == ["Matt"]
    assert whom.options[0].touches.targets == ("e3",)
    energy = first.walk(["Zot!", "Matt"])
    assert isinstance(energy, Step) and energy.prompt == "With what energy?"
    assert labels(energy) == ["No energy card (energy 1)", "Energy 5 (energy 5)"]
    mode = first.walk(["Zot!", "Matt", "Energy 5 (energy 5)"])
    assert isinstance(mode, Step) and labels(mode) == ["Damage", "Stun tokens"]
    assert mode.options[1].action == E.Cast(player=0, card=card("Zot!"), target="w1",
                                            energy=card("Energy 5"), mode="stun")


def test_legal_lists_a_cards_casts_target_by_target() -> None:
    """So that the tree keeps ``legal``'s order: a card's casts come target by target,
    each with its energy choices in turn, each with its modes."""
    s = position(hands={0: [card("Zot!"), card("Energy 5")]}, at={1: "e3", 0: "d3"},
                 players=3)
    s = msgspec.structs.replace(s, pos=(sq("d3", 3), sq("e3", 3), sq("c3", 3)))
    casts = [a for a in RULES.legal(s, 0) if isinstance(a, E.Cast)]
    order = [(a.target, a.energy, a.mode) for a in casts]
    assert order == [(t, e, m) for t in ("w1", "w2") for e in (-1, card("Energy 5"))
                     for m in ("damage", "stun")]


def test_two_copies_of_a_card_are_one_option_playing_the_first_in_the_hand() -> None:
    """Two Fireballs in hand: one option ``Fireball``; each leaf plays the copy first in
    the hand (first in ``legal``) and stands for the other."""
    first, second = card("Fireball", 1), card("Fireball", 0)
    s = position(hands={0: [first, card("Zot!"), second]}, at={1: "e3"})
    t = tree(s, 0)
    assert labels(t).count("Fireball") == 1
    leaf = t.walk(["Fireball", "Matt"])
    assert isinstance(leaf, Option)
    assert leaf.action == E.Cast(player=0, card=first, target="w1")
    assert leaf.same == (E.Cast(player=0, card=second, target="w1"),)


def test_energy_copies_and_pairs_joined_by_an_add_are_offered_once() -> None:
    s = position(hands={0: [card("Zot!"), card("Energy 4"), card("Energy 5"),
                            card("Energy 4", 1), card("Add")]}, at={1: "e3"})
    energy = tree(s, 0).walk(["Zot!", "Matt"])
    assert isinstance(energy, Step)
    assert labels(energy) == ["No energy card (energy 1)", "Energy 4 (energy 4)",
                              "Energy 5 (energy 5)", "Energy 4 + Energy 5 with Add (energy 9)",
                              "Energy 4 + Energy 4 with Add (energy 8)"]
    leaf = energy.option("Energy 4 (energy 4)").then
    assert leaf is not None
    assert leaf.options[0].action.energy == card("Energy 4")  # the copy first in the hand


def test_a_wall_is_named_in_words_with_both_its_squares() -> None:
    s = position(hands={0: [card("Fireball")]}, at={1: "h3"})
    at = tree(s, 0).walk(["Fireball"])
    assert isinstance(at, Step)
    wall = at.option("wall south of d3")
    assert wall.action.target == f"e{edge('d3', 's')}"
    assert set(wall.touches.targets) == {"d3", "d4"} and not wall.square


def test_many_borders_are_aimed_at_square_by_square() -> None:
    """A card that may aim at more than ``BORDERS`` borders asks for the square a border
    lies by (west or north of it), then which border by it."""
    opened = tuple("." if k == "#" and e % 3 else k
                   for e, k in enumerate(B.geometry(2).initial_edges))
    s = position(hands={0: [card("Create Wall")]}, at={1: "h3"}, edges=opened)
    offered = [a for a in RULES.legal(s, 0) if isinstance(a, E.Cast)]
    assert len(offered) > BORDERS
    on = tree(s, 0).walk(["Create Wall"])
    assert isinstance(on, Step) and on.board and len(on.options) < len(offered)
    by = on.options[0].then
    assert by is not None and by.prompt == "Which one?"
    assert all(o.label.endswith(f"of {on.options[0].square}") for o in by.options)


def test_mental_force_moves_a_wizard_to_a_square() -> None:
    """The wizard (yourself or one you see), the energy, then the square he goes to."""
    s = position(hands={0: [card("Mental Force")]}, at={1: "e3"})
    whom = tree(s, 0).walk(["Mental Force"])
    assert isinstance(whom, Step) and labels(whom) == ["Yourself", "Matt"]
    to = whom.walk(["Matt", "No energy card (energy 1)"])
    assert isinstance(to, Step) and to.board and to.prompt == "Where to?"
    assert all(o.touches.to == o.square for o in to.options)


def test_a_counter_is_the_card_then_its_energy_or_square() -> None:
    """In a response window: each counter card by name (then its energy, or Teleport's
    square), and ``Let it go ahead``; with cards in hand that lone answer would not be
    played for the seat (it would tell the caster the hand holds no counter)."""
    s = position(hands={0: [card("Zot!")], 1: [card("Shield"), card("Energy 4"),
                                                card("Teleport"), card("Fireball")]},
                 at={1: "e3"})
    _, waiting = act(s, E.Cast(player=0, card=card("Zot!"), target="w1", mode="damage"))
    answer = tree(waiting, 1)
    assert answer.prompt == "How do you answer it?"
    assert labels(answer) == ["Shield", "Teleport", "Let it go ahead"]
    shield = answer.walk(["Shield"])
    assert isinstance(shield, Step) and shield.prompt == "With what energy?"
    teleport = answer.walk(["Teleport"])
    assert isinstance(teleport, Step) and teleport.board
    assert RULES.forced(RULES.view(waiting, 1), 1) is False


def test_only_an_empty_hand_or_the_start_is_played_for_the_seat() -> None:
    s = position(hands={0: [card("Zot!")]}, at={1: "e3"})
    _, waiting = act(s, E.Cast(player=0, card=card("Zot!"), target="w1", mode="damage"))
    lone = tree(waiting, 1)
    assert labels(lone) == ["Let it go ahead"] and lone.forced
    start = RULES.setup(RULES.Options(), ("Ann", "Ben"))
    assert tree(start, 0).forced and labels(tree(start, 0)) == ["Start the game"]


def test_thrown_items_used_items_and_weapons_are_named_by_the_item() -> None:
    s = position(carried={0: [card("Large Rock"), card("Dagger"), card("Null Powder")]},
                 at={1: "d3"}, spells=(Spell(card("Fog"), 1, "*", 2),))
    first = labels(tree(s, 0))
    assert {"Attack with Dagger", "Throw Large Rock", "Use Null Powder", "Drop"} <= set(first)
    at = tree(s, 0).walk(["Throw Large Rock"])
    assert isinstance(at, Step) and "Matt" in labels(at)
    use = tree(s, 0).walk(["Use Null Powder"])
    assert isinstance(use, Step) and labels(use) == ["Matt's Fog over the whole board"]
    assert use.options[0].card == "Fog" and use.options[0].text == TEXTS["Fog"]


def test_the_end_of_a_turn_asks_how_many_cards_to_draw() -> None:
    s = position(hands={0: [card("Energy 4")]}, phase="draw",
                 spells=(Spell(card("Fog"), 0, "*", 2),))
    t = tree(s, 0)
    assert labels(t) == ["Discard", "End a spell", "End the turn"]
    assert labels(reach(t, "End a spell")) == ["Your Fog over the whole board"]
    draws = t.walk(["End the turn"])
    assert isinstance(draws, Step)
    assert labels(draws) == ["Draw 2 cards", "Draw 1 card", "Draw no card"]


def test_a_creature_is_chosen_on_its_square_then_what_it_does() -> None:
    homunculus = card("Homunculus")
    s = position(at={1: "h3"}, spells=(Spell(homunculus, 0, f"q{sq('d3')}", 0, moves=1),))
    unit = tree(s, 0).option("Homunculus on d3")
    assert unit.piece == "Homunculus" and unit.text == TEXTS["Homunculus"]
    assert unit.then is not None and unit.then.prompt == "What does it do?"
    assert all(o.action.unit == homunculus for o in unit.then.options)


def test_labels_name_the_seats_own_things_as_its_own() -> None:
    """``Yourself``, ``your treasure``, ``Your Fog``: the seat's own things from its side;
    a treasure picked up is named by its owner."""
    s = position(at={1: "a1"}, active=1, spells=(Spell(card("Fog"), 1, "*", 2),))
    t = tree(s, 1)
    assert labels(reach(t, "Pick up")) == ["Callista's treasure 1"]
    mine = position(at={0: "a1"})
    assert labels(reach(tree(mine, 0), "Pick up")) == ["Your treasure 1"]


def test_the_steps_never_name_a_card_the_seat_cannot_see() -> None:
    """Other hands are hidden in the seat's view: no step names a card they hold."""
    s = position(hands={0: [card("Zot!")], 1: [card("Absorb Spell"), card("Dispel")]},
                 at={1: "e3"})
    seen = RULES.view(s, 0)
    text = msgspec.json.encode(tree(s, 0)).decode()
    assert "Absorb Spell" not in text and "Dispel" not in text
    assert all("Dispel" not in p.label for a in RULES.legal(s, 0) for p in steps(seen, 0, a))


# ---------------------------------------------------------------- texts


def test_every_card_and_named_thing_has_a_short_text() -> None:
    """Every card of the tables (all seven schools and the extra cards) and every named
    thing the picture and the steps name has a text of one or two sentences."""
    names = set(T.CARDS) | set(THINGS) | set(svg.BORDER_TEXT.values())
    names |= {"Wizard", "Treasure", "Home base", "Treasure start", "Booby Trap token",
              "Dropped item", "Portal", "Crack"}
    assert names <= set(TEXTS)
    assert set(TEXTS) == set(T.CARDS) | set(THINGS)
    for name, text in TEXTS.items():
        assert text.endswith(".") and 20 < len(text) < 220, name
        assert text.count(". ") <= 2, name


def test_every_card_of_every_school_is_in_the_tables() -> None:
    in_schools = {name for cards in T.SCHOOLS.values() for name, _ in cards}
    assert in_schools | set(T.EXTRA_CARDS) <= set(TEXTS)


# ---------------------------------------------------------------- the picture


def test_the_picture_marks_squares_pieces_and_the_seats_cards() -> None:
    s = position(hands={0: [card("Fireball")], 1: [card("Zot!")]},
                 carried={1: [card("Dagger")]}, at={1: "h3"},
                 objects=((card("Large Rock"), sq("e2")),),
                 spells=(Spell(card("Stone Block"), 1, f"q{sq('b4')}", 0),))
    mine = RULES.svg(RULES.view(s, 0), 0)
    assert 'data-card="Fireball"' in mine and 'data-card="Zot!"' not in mine
    assert 'data-card="Dagger"' in mine and 'data-card="Large Rock"' in mine
    assert f"<title>Fireball: {TEXTS['Fireball']}</title>" in mine
    for name in B.geometry(2).grid.names:
        assert f'data-square="{name}"' in mine
    assert re.search(r'data-square="c3" data-piece="Wizard"><title>Callista\'s wizard', mine)
    assert 'data-square="a1" data-piece="Treasure"' in mine
    assert 'data-square="b4" data-piece="Stone Block"' in mine
    assert "home base. " + TEXTS["Home base"] in mine


@pytest.mark.parametrize(("players", "seat", "turn"), [
    (2, 0, 3), (2, 1, 1), (3, 0, 2), (3, 1, 2), (3, 2, 0), (4, 0, 2), (4, 1, 2), (4, 2, 0),
    (4, 3, 0)])
def test_the_board_is_turned_so_the_seats_home_is_at_the_bottom(players: int, seat: int,
                                                                turn: int) -> None:
    """``bottom``: a half turn, or a quarter turn where the board is wider than tall,
    brings the seat's home base into the bottom half; texts stay upright."""
    g = B.geometry(players)
    assert svg.turn_for(g, seat) == turn
    frame = svg.Frame(g, turn)
    x, y = frame.corner(g.home[seat])
    assert y - svg.TOP >= frame.rows * svg.CELL / 2
    picture = RULES.svg(RULES.setup(RULES.Options(), T.SEAT_NAMES[:players]), seat, None,
                        seat)
    assert "rotate" not in picture and "transform" not in picture
    home = g.grid.names[g.home[seat]]
    assert f'<rect x="{x:g}" y="{y:g}" width="44" height="44"' in picture
    assert f'data-square="{home}"' in picture


def test_no_bottom_draws_the_board_as_always() -> None:
    s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
    assert RULES.svg(s, 0, None, None) == RULES.svg(s, 0)
    assert svg.turn_for(B.geometry(4), None) == 0
    x, y = svg.Frame(B.geometry(2)).corner(sq("c3"))
    assert (x, y) == (svg.LEFT + 2 * svg.CELL, svg.TOP + 2 * svg.CELL)
