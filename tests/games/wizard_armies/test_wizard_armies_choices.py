"""Choosing an action step by step in Wizard Armies (``choices.py``, the docs page's
"Choosing an action"): a deployment by its number of units, a strike by its dice one at a
time and then its target, the texts of every unit and term, and what the picture marks
for a frontend to click."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import msgspec
import pytest

from grimoire.bots.random import RandomBot
from grimoire.core.choices import Option, Step, Touch, choices, problems
from grimoire.core.kit import PUBLIC_NONCE
from grimoire.core.match import Match
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.board import all_strikes, chosen_strikes
from grimoire.games.wizard_armies.choices import kind
from grimoire.games.wizard_armies.events import (
    CampStrike,
    Deploy,
    Muster,
    Open,
    Strike,
    commit_choice,
)
from grimoire.games.wizard_armies.state import State
from grimoire.games.wizard_armies.svg import LAYOUT, TERM
from grimoire.games.wizard_armies.svg import board as picture
from grimoire.games.wizard_armies.texts import TEXTS

NAMES = ("Ann", "Ben")
NS = "{http://www.w3.org/2000/svg}"


def tree(state: State, seat: int) -> Step:
    step = choices(RULES, state, seat)
    assert step is not None
    return step


def widest(step: Step) -> int:
    """The most options of any step of the tree that are not places of the picture."""
    return max(sum(not o.square for o in s.options) for s in step.steps())


def battle(light: tuple[int, ...], dark: tuple[int, ...], turn: int = 0,
           troops: tuple[int, int] = (9, 9)) -> State:
    return State(phase="battle", troops=troops, deployed=(len(light), len(dark)),
                 field=(light, dark), turn=turn, init=(5, 2), names=NAMES)


# ------------------------------------------------------------------ muster and deployment


def test_the_muster_is_one_step_played_at_once() -> None:
    """"The players roll two dice to determine army strength": a player's only action,
    as everyone can tell, so it is ``forced``."""
    step = tree(RULES.setup(RULES.Options(), NAMES), 0)
    assert step.forced and [o.label for o in step.options] == ["Roll for troops"]
    assert step.options[0].action == Muster(player=0)


def test_a_deployment_is_one_step_how_many_units() -> None:
    """"Each player decides up to six units to deploy ... You cannot deploy more units
    than what your total is": 1 to 6, never more than the army; an army of one has one
    choice, which everyone can tell (``forced``)."""
    s = State(phase="deploy", troops=(9, 4), mustered=(True, True), names=NAMES)
    step = tree(s, 1)
    assert step.prompt == "How many units do you send to the field?"
    assert [o.label for o in step.options] == ["1 unit", "2 units", "3 units", "4 units"]
    assert [o.label for o in tree(s, 0).options][-1] == "6 units" and not step.forced
    assert step.walk(["3 units"]).action == Deploy(player=1, units=3)  # type: ignore[union-attr]
    lone = msgspec.structs.replace(s, troops=(9, 1))
    assert tree(lone, 1).forced


def test_a_commit_is_chosen_as_the_deployment_it_seals_and_opened_at_once() -> None:
    """With ``hidden=commit`` the same step chooses the public seal of that deployment;
    opening it is then the seat's only action (``forced``)."""
    m = Match.new("wizard-armies", options={"hidden": "commit"}, players=NAMES,
                  dice="recorded")
    m.act(Muster(player=0), dice=[3, 4])
    m.act(Muster(player=1), dice=[2, 3])
    step = tree(m.state, 0)
    assert [o.label for o in step.options] == [f"{n} unit{'s' * (n > 1)}" for n in range(1, 7)]
    leaf = step.walk(["4 units"])
    assert isinstance(leaf, Option)
    assert leaf.action == commit_choice(Deploy(player=0, units=4), PUBLIC_NONCE)
    m.act(leaf.action)
    m.act(tree(m.state, 1).option("2 units").action)
    opening = tree(m.state, 0)
    assert opening.forced and [o.label for o in opening.options] == ["Open"]
    assert opening.options[0].action == Open(player=0, units=4, nonce=PUBLIC_NONCE)


def test_the_others_secret_deployment_changes_nothing_in_a_seats_choices_or_picture() -> None:
    """Ann knows only that Ben has chosen: her tree and her picture are the same whatever
    he deployed."""
    seen = set()
    for units in (1, 5):
        m = Match.new("wizard-armies", players=NAMES, dice="recorded")
        m.act(Muster(player=0), dice=[3, 4])
        m.act(Muster(player=1), dice=[2, 4])
        m.act(Deploy(player=1, units=units))
        view = m.view(0)
        seen.add((msgspec.json.encode(tree(view, 0)), picture(view, 0, None, 0)))
    assert len(seen) == 1


# ------------------------------------------------------------------ strikes


def test_a_strike_is_its_dice_one_at_a_time_then_its_target() -> None:
    """"a player on his turn can use whatever units he has on the field": the first die
    (the largest of the strike), then in one step the target or one more die, largest
    first; each die is a place on the picture, the target too."""
    s = battle((5, 2, 2), (4, 3))
    step = tree(s, 0)
    assert step.prompt == "Which die strikes?" and step.board
    assert [(o.label, o.square, o.piece) for o in step.options] == [
        ("5", "light-1", "Unit"), ("2", "light-2", "Unit")]
    five = step.options[0].then
    assert five is not None and five.prompt == "Strike what, or add a die?"
    assert [(o.label, o.square) for o in five.options] == [
        ("enemy 4", "dark-1"), ("enemy 3", "dark-2"), ("and a 2", "light-2")]
    assert five.option("enemy 4").touches == Touch(from_="light-1", targets=("dark-1",))
    # "Suppose ... he has 2,2 and Player B has 3,3. Player A can combine his two units"
    two = step.walk(["2"])
    assert isinstance(two, Step) and [o.label for o in two.options] == ["and a 2"]
    pair = two.walk(["and a 2"])
    assert isinstance(pair, Step) and [o.label for o in pair.options] == ["enemy 3"]
    leaf = pair.options[0]
    assert leaf.action == Strike(player=0, dice=(2, 2), target=3)
    assert leaf.touches == Touch(from_="light-2", path=("light-3",), targets=("dark-2",))


def test_a_lone_wizard_strikes_a_die_or_the_enemy_camp() -> None:
    """A Wizard "can be used to cancel out any die on the field or used to deduct one unit
    from the opponents camp": the Wizard, then an enemy die or the enemy camp."""
    s = battle((6, 2), (3,))
    step = tree(s, 0)
    assert [(o.label, o.piece, o.text) for o in step.options] == [
        ("Wizard", "Wizard", TEXTS["Wizard"])]
    then = step.options[0].then
    assert then is not None
    assert [(o.label, o.square) for o in then.options] == [
        ("enemy 3", "dark-1"), ("enemy camp", "dark-camp"), ("and a 2", "light-2")]
    assert then.option("dark-camp").action == CampStrike(player=0)
    empty = msgspec.structs.replace(s, troops=(9, 1))  # Ben's one unit is on the field
    assert "enemy camp" not in [o.label for o in tree(empty, 0).options[0].then.options]  # type: ignore[union-attr]


def test_a_raid_strikes_the_rolled_camp_units() -> None:
    """"Your battlefield force chooses which units to eliminate based the results of the
    roll": the raided units are the targets (a raided 1 is no coward), no camp strike."""
    s = State(phase="raid", troops=(9, 9), deployed=(3, 1), field=((6, 4, 2), ()),
              targets=(5, 1), turn=0, init=(5, 2), names=NAMES)
    step = tree(s, 0)
    wizard = step.options[0].then
    assert wizard is not None
    assert [(o.label, o.square, o.piece) for o in wizard.options][:2] == [
        ("raided 5", "dark-raid-1", "Unit"), ("raided 1", "dark-raid-2", "Unit")]
    assert not any(o.label == "enemy camp" for s_ in step.steps() for o in s_.options)


def test_two_dice_of_one_value_are_two_places() -> None:
    """Dice of equal value are interchangeable in a strike, but each stands on its own
    place: the first chosen is the first of them, the next the second."""
    s = battle((6, 6, 3), (6,))
    first = tree(s, 0).options[0]
    assert (first.label, first.square) == ("Wizard", "light-1")
    assert first.then is not None
    more = first.then.option("and a Wizard")
    assert more.square == "light-2"


@pytest.mark.parametrize("seed", range(4))
def test_legal_lists_the_strikes_in_the_trees_order(seed: int) -> None:
    """The same strikes as the rules' arithmetic (``all_strikes`` and the camp strike),
    listed dice first so the tree's leaves read in legal's order."""
    rng = random.Random(seed)
    for _ in range(200):
        own = tuple(sorted((rng.randint(2, 6) for _ in range(rng.randint(1, 6))), reverse=True))
        enemy = tuple(sorted((rng.randint(2, 6) for _ in range(rng.randint(1, 6))),
                             reverse=True))
        s = battle(own, enemy, troops=(9, 6 + rng.randint(0, 1) * 3))
        camp = s.camp(1) > 0 and T.WIZARD in own
        expected = {(d, t) for d, t in all_strikes(own, enemy)} | ({((6,), None)} if camp
                                                                  else set())
        assert set(chosen_strikes(own, enemy, s.camp(1) > 0)) == expected
        legal = RULES.legal(s, 0)
        if legal:
            step = tree(s, 0)
            assert [leaf.action for leaf in step.leaves()] == list(legal)
            assert problems(RULES, s, 0) == []


def decision_points() -> Iterator[tuple[Match, int]]:
    for seed in range(8):
        options = {"hidden": "commit"} if seed % 2 else {}
        m = Match.new("wizard-armies", seed=bytes([seed]) * 16, players=NAMES,
                      options=options)
        bot = RandomBot(seed)
        for _ in range(300):
            if not m.to_act:
                break
            for seat in sorted(m.to_act):
                yield m, seat
            m.act(bot.choose(m, min(m.to_act)))


def test_no_step_offers_more_than_six_options_that_are_not_places() -> None:
    """The bound (40) with room to spare: a deployment offers at most six numbers, and a
    strike's options are all places of the picture (dice, raided units, the camp)."""
    most = 0
    for m, seat in decision_points():
        step = tree(m.state, seat)
        most = max(most, widest(step))
        for s in step.steps():
            if s.prompt in ("Which die strikes?", "Strike what, or add a die?"):
                assert s.board
    assert most == 6


# ------------------------------------------------------------------ texts


def test_every_unit_and_every_place_of_the_picture_has_a_text() -> None:
    """Every face of a die names a unit with a text (a Coward, a Unit, a Wizard); every
    place the picture gives a tooltip is one of the picture's places and has its text."""
    assert {kind(v) for v in range(1, T.SIDES + 1)} == {"Coward", "Unit", "Wizard"}
    for v in range(1, T.SIDES + 1):
        assert kind(v) in TEXTS
    places = {place for place, _ in LAYOUT.box}
    assert set(TERM) <= places
    for term in TERM.values():
        assert term in TEXTS
    for name, text in TEXTS.items():
        assert 20 < len(text) < 300 and text.endswith("."), name


# ------------------------------------------------------------------ the picture


def test_the_picture_marks_dice_camps_and_raided_units_for_a_frontend() -> None:
    """Each die on the field has ``data-square`` (``light-1``, largest first) and
    ``data-piece``; each camp ``data-square``; a die's tooltip names it and tells what it
    is."""
    s = battle((6, 4, 2), (5, 3))
    root = ET.fromstring(picture(s, 0))
    marked = {(el.get("data-square"), el.get("data-piece")) for el in root.iter(f"{NS}rect")
              if el.get("data-square")}
    assert marked == {("light-1", "Wizard"), ("light-2", "Unit"), ("light-3", "Unit"),
                      ("dark-1", "Unit"), ("dark-2", "Unit"), ("light-camp", None),
                      ("dark-camp", None)}
    wizard = next(el for el in root.iter(f"{NS}rect") if el.get("data-square") == "light-1")
    tip = wizard.find(f"{NS}title")
    assert tip is not None and tip.text == f"Ann's Wizard on the field. {TEXTS['Wizard']}"
    raid = State(phase="raid", troops=(9, 9), deployed=(3, 1), field=((6, 4), ()),
                 targets=(5, 1), turn=0, init=(5, 2), names=NAMES)
    assert {"dark-raid-1", "dark-raid-2"} <= set(re.findall(r'data-square="([\w-]+)"',
                                                            picture(raid, 0)))


def band_y(root: ET.Element, square: str) -> float:
    el = next(el for el in root.iter(f"{NS}rect") if el.get("data-square") == square)
    return float(el.get("y", "0"))


def test_lights_picture_can_be_drawn_from_her_side() -> None:
    """``bottom=0`` swaps the bands: Light's camp and dice below Dark's; ``bottom=1`` and
    ``None`` draw Light on top, exactly as before."""
    s = battle((6, 4, 2), (5, 3))
    plain = picture(s, 0)
    assert picture(s, 0, None, None) == plain == picture(s, 0, None, 1)
    up, turned = ET.fromstring(plain), ET.fromstring(picture(s, 0, None, 0))
    assert band_y(up, "light-camp") < band_y(up, "dark-1") < band_y(up, "dark-camp")
    assert band_y(turned, "dark-camp") < band_y(turned, "light-1") < band_y(turned,
                                                                           "light-camp")
    assert band_y(turned, "dark-1") < band_y(turned, "light-1")


@pytest.mark.parametrize("seed", [3, 4])
def test_every_option_place_is_in_the_seats_picture_both_ways_up(seed: int) -> None:
    """The places a seat's options stand for are all marked in its picture, drawn as
    usual and from its own side."""
    m = Match.new("wizard-armies", seed=bytes([seed]) * 16, players=NAMES)
    bot = RandomBot(seed)
    for _ in range(60):
        if not m.to_act:
            break
        seat = min(m.to_act)
        wanted = {o.square for s in tree(m.view(seat), seat).steps() for o in s.options
                  if o.square}
        for bottom in (None, seat):
            svg = picture(m.view(seat), seat, None, bottom)
            assert wanted <= set(re.findall(r'data-square="([\w-]+)"', svg))
        m.act(bot.choose(m, seat))
