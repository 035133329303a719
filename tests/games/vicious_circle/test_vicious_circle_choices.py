"""Choosing an action step by step in Wizards of the Vicious Circle (``choices.py``, the
docs page's "Choosing an action"): the secret setup creature by creature, a creature and
then its destination, the texts of every creature and place, and what the picture marks
for a frontend to click."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import msgspec
import pytest

from grimoire.bots.random import RandomBot
from grimoire.core.choices import Option, Step, Touch, problems
from grimoire.core.kit import PUBLIC_NONCE
from grimoire.core.match import Match
from grimoire.games.vicious_circle import RULES
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import DOMAIN, SQUARES, TERRAIN, THRONE
from grimoire.games.vicious_circle.events import (
    Commit,
    Deploy,
    Move,
    Open,
    Pass,
    Setup,
    commit_choice,
)
from grimoire.games.vicious_circle.render import TERRAIN_NAME
from grimoire.games.vicious_circle.rules import SETUPS
from grimoire.games.vicious_circle.svg import CELL, LEFT, TOP
from grimoire.games.vicious_circle.svg import board as picture
from grimoire.games.vicious_circle.texts import TEXTS

PLAYERS = ("Ann", "Ben")
CREATURES = tuple(kind.capitalize() for kind, *_ in T.CREATURES)
NS = "{http://www.w3.org/2000/svg}"


def at(position: str, **options: str) -> Match:
    return Match.new("vicious-circle", position=position, options=options, players=PLAYERS)


def tree(m: Match, seat: int) -> Step:
    step = m.choices(seat)
    assert step is not None
    return step


def widest(step: Step) -> int:
    """The most options of any step of the tree that are not squares of the board."""
    return max(sum(not o.square for o in s.options) for s in step.steps())


# ------------------------------------------------------------------ the secret setup


def test_the_setup_is_chosen_creature_by_creature_a_free_square_or_the_reserve() -> None:
    """"Three creatures begin on the map; two remain in reserve", on "any of the six
    spaces in their Wizard's domain", never two on one: one step per creature (Saint,
    Spirit, Child, Warrior, Dragon), its options the domain's free squares and, while
    fewer than two are kept, "Keep in reserve" (the seat's reserve beside the map): every
    option a place of the picture."""
    m = Match.new("vicious-circle", players=PLAYERS)
    step = tree(m, 1)
    assert step.prompt == "Where does your Saint start?"
    domain = [SQUARES[i] for i in DOMAIN[1]]
    assert [o.label for o in step.options] == [*domain, "Keep in reserve"]
    assert all(o.square == o.label and o.piece == "Saint" for o in step.options[:-1])
    assert step.board and step.options[-1].square == "twilight-reserve"
    assert step.options[-1].text == TEXTS["Saint"]
    # the Saint on a2, the Spirit on b2: the Child may not go there
    spirit = step.walk(["a2"])
    assert isinstance(spirit, Step) and spirit.prompt == "Where does your Spirit start?"
    child = spirit.walk(["b2"])
    assert isinstance(child, Step) and child.prompt == "Where does your Child start?"
    assert "a2" not in [o.label for o in child.options]
    assert child.option("c1").touches == Touch(to="c1", targets=("a2", "b2"))
    # three placed: the Warrior and the Dragon can only be kept
    warrior = child.walk(["c1"])
    assert isinstance(warrior, Step) and [o.label for o in warrior.options] == ["Keep in reserve"]
    leaf = warrior.walk(["Keep in reserve", "Keep in reserve"])
    assert isinstance(leaf, Option)
    assert leaf.action == Setup(player=1, placement=(("saint", "a2"), ("spirit", "b2"),
                                                       ("child", "c1")))
    # two kept: the last three must be placed
    kept = step.walk(["Keep in reserve", "Keep in reserve"])
    assert isinstance(kept, Step) and kept.prompt == "Where does your Child start?"
    assert "Keep in reserve" not in [o.label for o in kept.options]


def test_every_one_of_the_1200_setups_is_a_leaf_in_legals_order() -> None:
    """The tree's leaves are exactly ``legal`` (5 x 4 x 3 squares for the 10 choices of
    the three creatures on the map), each alone, read in legal's order; no step offers
    more than the six squares and the reserve, all places of the picture."""
    m = Match.new("vicious-circle", players=PLAYERS)
    for seat in (0, 1):
        step = tree(m, seat)
        leaves = list(step.leaves())
        assert [leaf.action for leaf in leaves] == list(SETUPS[seat]) == list(m.legal(seat))
        assert len(leaves) == 1200 and not any(leaf.same for leaf in leaves)
        assert max(len(s.options) for s in step.steps()) == 7 and widest(step) == 0
        assert problems(RULES, m.state, seat) == []


def test_a_commit_is_chosen_as_the_setup_it_seals() -> None:
    """With ``hidden=commit``, the same five steps choose the public seal of the setup
    (``kit.PUBLIC_NONCE``); opening it is then one step, played at once (anyone can tell
    it is the seat's only action)."""
    m = Match.new("vicious-circle", options={"hidden": "commit"}, players=PLAYERS)
    trusted = Match.new("vicious-circle", players=PLAYERS)
    step = tree(m, 0)
    assert msgspec.json.encode([s.prompt for s in step.steps()]) == msgspec.json.encode(
        [s.prompt for s in tree(trusted, 0).steps()])
    answers = ["e5", "Keep in reserve", "d4", "c5", "Keep in reserve"]
    leaf = step.walk(answers)
    setup = Setup(player=0, placement=(("saint", "e5"), ("child", "d4"), ("warrior", "c5")))
    assert isinstance(leaf, Option) and leaf.action == commit_choice(setup, PUBLIC_NONCE)
    assert isinstance(trusted_leaf := tree(trusted, 0).walk(answers), Option)
    assert trusted_leaf.action == setup
    m.act(leaf.action)
    assert not tree(m, 1).forced
    theirs = tree(m, 1).walk(["a1", "b1", "c1", "Keep in reserve", "Keep in reserve"])
    assert isinstance(theirs, Option)
    m.act(theirs.action)
    opening = tree(m, 0)
    assert opening.forced and [o.label for o in opening.options] == ["Open"]
    assert isinstance(opening.options[0].action, Open)
    assert opening.options[0].touches == Touch(targets=("e5", "d4", "c5"))


def test_a_seal_made_with_a_secret_nonce_offers_nothing_to_choose() -> None:
    """Only the seat knows its secret nonce: ``legal`` has no opening, so no tree."""
    m = Match.new("vicious-circle", options={"hidden": "commit"}, players=PLAYERS)
    m.act(Commit(player=0, digest="ab" * 32))
    m.act(m.legal(1)[0])
    assert m.choices(0) is None


def test_the_others_setup_changes_nothing_in_a_seats_choices_or_picture() -> None:
    """Behind the screen Twilight knows only that Dawn set up: her tree and her picture
    are the same whichever setup Dawn chose."""
    seen = set()
    for setup in (SETUPS[0][0], SETUPS[0][777]):
        m = Match.new("vicious-circle", players=PLAYERS)
        m.act(setup)
        seen.add((msgspec.json.encode(m.choices(1)), picture(m.view(1), 1, None, 1)))
    assert len(seen) == 1


# ------------------------------------------------------------------ turns


def test_a_move_is_a_creature_by_its_square_then_its_destination() -> None:
    """A creature is named as its seat knows it ("Saint c2"), a reserve creature "from
    reserve" (its counter in the reserve is its place); then where it goes, touching where
    it comes from, where it goes and the squares it passes ("Moves can be ... some
    combination of these")."""
    m = at("5/5/5/2S2/s4 W/p d -,- 0")
    step = tree(m, 0)
    assert step.prompt == "Which creature?"
    assert [(o.label, o.square, o.piece) for o in step.options] == [
        ("Saint c2", "c2", "Saint"), ("Warrior from reserve", "dawn-reserve-warrior", "Warrior")]
    assert step.options[0].text == TEXTS["Saint"] and step.board
    where = step.options[0].then
    assert where is not None and where.prompt == "Where to?" and where.board
    e4 = where.option("e4")
    assert e4.touches == Touch(from_="c2", to="e4", path=("d3",))
    assert e4.action == Move(player=0, from_="c2", to="e4")
    assert where.option("c1").touches == Touch(from_="c2", to="c1")  # one step: no path
    # the Saint reaches e1 (a Shrine, hers to cross) in two steps, past d1 or d2: d2 is a
    # Swamp, so the way told is over d1
    assert where.option("e1").touches.path == ("d1",)


def test_a_deploy_is_the_creature_from_reserve_then_a_square_of_the_domain() -> None:
    """"She takes a reserve creature and places it on the map in her domain", capturing
    an enemy there it can capture (Dawn's Warrior onto Twilight's Dragon on d4)."""
    m = at("5/3d1/5/5/s4 W/- d -,- 0")
    step = tree(m, 0)
    assert [o.label for o in step.options] == ["Warrior from reserve"]
    then = step.options[0].then
    assert then is not None and then.prompt == "Where does it come into play?"
    domain = [SQUARES[i] for i in DOMAIN[0]]
    assert [o.label for o in then.options] == domain  # d4 too: the Warrior slays the Dragon
    assert then.option("d4").action == Deploy(player=0, creature="warrior", to="d4")
    assert then.option("d4").touches == Touch(from_="dawn-reserve-warrior", to="d4")


def test_a_pass_with_nothing_else_possible_is_played_at_once() -> None:
    """A seat with no creature to move or bring in must pass: everything is public after
    the reveal, so the pass is ``forced``."""
    m = at("5/5/5/5/s4 -/- d -,- 0")
    step = tree(m, 0)
    assert step.forced and [o.label for o in step.options] == ["Pass"]
    assert step.options[0].action == Pass(player=0)


def test_a_lone_move_is_no_single_leaf_and_a_setup_is_never_forced() -> None:
    """``forced`` marks only a first step with one leaf: a lone move is still a creature
    then a square (the second step may be answered at once, it tells nothing more)."""
    m = at("3sP/3w1/5/5/5 -/- d -,- 0")  # Dawn's Spirit on e5 can only go to e4
    step = tree(m, 0)
    assert not step.forced and len(step.options) == 1 and not step.options[0].leaf
    assert not tree(Match.new("vicious-circle", players=PLAYERS), 0).forced


def decision_points() -> Iterator[tuple[Match, int]]:
    for seed in range(6):
        options = {"hidden": "commit"} if seed % 2 else {}
        m = Match.new("vicious-circle", seed=bytes([seed]) * 16, players=PLAYERS,
                      options=options)
        bot = RandomBot(seed)
        while m.to_act:
            for seat in sorted(m.to_act):
                yield m, seat
            m.act(bot.choose(m, min(m.to_act)))


def test_every_step_but_a_pass_or_an_opening_is_a_choice_of_places() -> None:
    """Far within the bound (40 options that are not squares): every option is a place of
    the picture (a square, a reserve, a reserve's counter), so the board alone answers,
    but a pass and the opening of a seal, which are played at once (``forced``). Every
    leaf is legal, every label unique."""
    most = 0
    for m, seat in decision_points():
        step = tree(m, seat)
        most = max(most, widest(step))
        if widest(step):
            assert step.forced and step.options[0].label in ("Pass", "Open")
        if m.state.turn >= 0:
            assert problems(RULES, m.state, seat) == []
    assert most == 1


# ------------------------------------------------------------------ texts


def test_every_creature_and_every_ground_of_the_map_has_a_text() -> None:
    """From the tables: the five creatures, the restricted terrain, the thrones, the
    domains, open ground and the reserve; each a sentence or two."""
    grounds = {TERRAIN_NAME[t].capitalize() for t in TERRAIN if t in TERRAIN_NAME}
    assert grounds == {"Shrine", "Swamp", "Village", "Mountain"}
    wanted = {*CREATURES, *grounds, "Throne", "Domain", "Open ground", "Reserve"}
    assert wanted == set(TEXTS)
    for name, text in TEXTS.items():
        assert 20 < len(text) < 400 and text.endswith("."), name


def test_the_throne_text_tells_both_editions_rules() -> None:
    """Where the editions differ (an attack on a throne whose occupant could capture the
    attacker), the text gives both readings."""
    assert "designer" in TEXTS["Throne"] and "illustrated" in TEXTS["Throne"]


# ------------------------------------------------------------------ the picture


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_the_picture_marks_every_square_and_creature_for_a_frontend() -> None:
    """Every square carries ``data-square`` (with a tooltip: its ground and that ground's
    text), every creature on the map ``data-square`` and ``data-piece`` (its name); each
    reserve ``data-square`` (``dawn-reserve``), each counter in it ``data-square``
    (``dawn-reserve-warrior``) and ``data-piece``."""
    m = at("S3D/5/2d2/5/s4 W/pc d -,- 0")
    root = parse(picture(m.state, 0))
    rects = {el.get("data-square"): el for el in root.iter(f"{NS}rect")
             if el.get("data-square")}
    assert set(rects) == {*SQUARES, "dawn-reserve", "twilight-reserve"}
    mountain = rects["c3"].find(f"{NS}title")
    assert mountain is not None and mountain.text == f"c3, the Mountain. {TEXTS['Mountain']}"
    throne = rects[SQUARES[THRONE[1]]].find(f"{NS}title")
    assert throne is not None and throne.text is not None
    assert throne.text.startswith("a1, Twilight's throne.")
    pieces = {(el.get("data-square"), el.get("data-piece")) for el in root.iter(f"{NS}circle")
              if el.get("data-piece")}
    assert {("a5", "Saint"), ("e5", "Dragon"), ("c3", "Dragon"), ("a1", "Saint")} <= pieces
    assert {("dawn-reserve-warrior", "Warrior"), ("twilight-reserve-spirit", "Spirit"),
            ("twilight-reserve-child", "Child")} <= pieces  # the reserves' counters
    dragon = next(el for el in root.iter(f"{NS}circle") if el.get("data-square") == "c3")
    tip = dragon.find(f"{NS}title")
    assert tip is not None and tip.text == f"Ben's dragon on c3. {TEXTS['Dragon']}"


def square_at(root: ET.Element, name: str) -> tuple[int, int]:
    """(column, row) of a square's rect in the picture, from the top left."""
    el = next(el for el in root.iter(f"{NS}rect") if el.get("data-square") == name)
    return (int((float(el.get("x", "0")) - LEFT) // CELL),
            int((float(el.get("y", "0")) - TOP) // CELL))


def test_dawns_picture_can_be_turned_so_her_corner_is_at_the_bottom() -> None:
    """``bottom=0`` turns the map a half turn (Dawn's throne e5 at the bottom left,
    Twilight's a1 at the top right), creatures and marks with it, its words upright;
    ``bottom=1`` and ``None`` draw north up, exactly as before."""
    m = at("S3D/5/2d2/5/s4 W/pc d -,- 0")
    move = Move(player=0, from_="e5", to="d4")
    plain = picture(m.state, 0, move)
    assert picture(m.state, 0, move, None) == plain == picture(m.state, 0, move, 1)
    turned = parse(picture(m.state, 0, move, 0))
    assert square_at(parse(plain), "e5") == (4, 0) and square_at(turned, "e5") == (0, 4)
    assert square_at(turned, "a1") == (4, 0) and square_at(turned, "c3") == (2, 2)
    circles = {el.get("data-square"): el for el in turned.iter(f"{NS}circle")
               if el.get("data-square")}
    x, y = float(circles["a5"].get("cx", "0")), float(circles["a5"].get("cy", "0"))
    assert (int((x - LEFT) // CELL), int((y - TOP) // CELL)) == (4, 4)
    assert not any(el.get("transform") for el in turned.iter())  # texts stay upright
    ranks = sorted((float(el.get("y", "0")), el.text) for el in turned.iter(f"{NS}text")
                   if el.text in list("12345") and float(el.get("x", "99")) < LEFT)
    assert [rank for _, rank in ranks] == list("12345")  # rank 1 at the top


@pytest.mark.parametrize("seed", [3, 4])
def test_every_option_square_is_in_the_seats_picture_both_ways_up(seed: int) -> None:
    """The squares a seat's options stand for are all marked in its picture, drawn north
    up and from its own side."""
    m = Match.new("vicious-circle", seed=bytes([seed]) * 16, players=PLAYERS)
    bot = random.Random(seed)
    for _ in range(12):
        if not m.to_act:
            break
        seat = min(m.to_act)
        step = tree(m, seat)
        wanted = {o.square for s in step.steps() for o in s.options if o.square}
        for bottom in (None, seat):
            svg = picture(m.view(seat), seat, None, bottom)
            marked = set(re.findall(r'data-square="([\w-]+)"', svg))
            assert wanted <= marked
        m.act(bot.choice(list(m.legal(seat))))
