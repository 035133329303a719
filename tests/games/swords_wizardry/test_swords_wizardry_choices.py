"""Swords & Wizardry chosen step by step (``choices.py``): the deployment a kind at a time
with how many are left, a piece then its destination, a Siege Catapult's move or
bombardment, a storm or leaving the castle, an opening; the bound on a step's options;
a text for every piece and kind of ground; names from the seat's own knowledge in labels,
sentences and the picture; the picture's data attributes and the board turned for Red."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import msgspec
import pytest

from grimoire import Match
from grimoire.bots.random import RandomBot
from grimoire.core.choices import Option, Step, Touch, choices, problems
from grimoire.core.kit import PUBLIC_NONCE, write_ranks
from grimoire.core.rules import describe
from grimoire.games.swords_wizardry import RULES, svg
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import INDEX, KINDS, PIECE, SQUARES
from grimoire.games.swords_wizardry.choices import forced
from grimoire.games.swords_wizardry.events import (
    Bombard,
    Commence,
    Move,
    Place,
    commit_choice,
)
from grimoire.games.swords_wizardry.state import State
from grimoire.games.swords_wizardry.texts import TEXTS

GAME = "swords-wizardry"
NAMES = ("Ann", "Ben")
SVG = "{http://www.w3.org/2000/svg}"


def position(pieces: dict[str, str], turn: str = "r", pinned: str = "-",
             storm: str = "-") -> State:
    cells = ["."] * 100
    for sq, ch in pieces.items():
        cells[INDEX[sq]] = ch
    ranks = write_ranks(cells[r * 10:(r + 1) * 10] for r in range(10))
    state: State = RULES.parse(f"{ranks} {turn} {pinned} {storm} 0", RULES.Options(), NAMES)
    return state


# Red: a shown King on c7, a hidden Siege Catapult on c9, the Princess in the castle on
# b10, Peasants on a10. Black: a hidden Ogre on c6, shown Knights on c5, the Princess
# pinned in the castle on b1 next to Red's shown Bowmen on b2, Peasants on j1.
SCENE = {"c7": "K*", "c9": "C", "b10": "P", "a10": "S", "c6": "o", "c5": "n*", "b1": "p*",
         "b2": "B*", "j1": "s"}


def tree(state: State, seat: int) -> Step:
    step = choices(RULES, state, seat)
    assert step is not None and problems(RULES, state, seat) == []
    return step


def labels(step: Step | None) -> list[str]:
    assert step is not None
    return [o.label for o in step.options]


def under(step: Step, label: str) -> Step:
    then = step.option(label).then
    assert then is not None
    return then


def everything(step: Step) -> list[Option]:
    out = []
    for o in step.options:
        out.append(o)
        if o.then is not None:
            out.extend(everything(o.then))
    return out


def sealed(pieces: dict[str, tuple[str, str]], turn: int = 0) -> State:
    """A commit-mode position: ``square -> (letter, nonce)``, each piece sealed where it
    stands with its nonce (``PUBLIC_NONCE``: a seal anyone, the tree included, can open)."""
    state: State = RULES.setup(RULES.Options(hidden="commit"), NAMES)
    for square, (ch, nonce) in pieces.items():
        seat, kind = PIECE[ch]
        place = Place(player=seat, piece=KINDS[kind], square=square)
        state = RULES.evolve(state, commit_choice(place, nonce))
    return RULES.evolve(state, Commence(first=turn))


# ------------------------------------------------------------------ deployment


def test_deployment_asks_what_stands_on_the_next_square_with_how_many_are_left() -> None:
    """Ruling 2 (one piece at a time, in a fixed order) kept: one step, "What stands on
    a10?", whose options are the kinds the seat may place there, each with how many of it
    are left; a kind's option names the piece and touches the square, and is no square
    itself (every kind goes on the same one)."""
    m = Match.new(GAME, players=NAMES, seed="01" * 16)
    step = tree(m.state, 0)
    assert step.prompt == "What stands on a10?" and not step.board
    assert labels(step) == [
        "King (1 left)", "Hero (1 left)", "Marshall Royal (1 left)", "Wizard (1 left)",
        "Dragon (1 left)", "Giant (1 left)", "Ogre (2 left)", "Knights (4 left)",
        "Men-At-Arms (6 left)", "Bowmen (6 left)", "Peasants (9 left)",
        "Siege Catapult (2 left)"]  # no Princess: a10 is no castle
    ogre = step.option("Ogre (2 left)")
    assert (ogre.piece, ogre.square, ogre.touches) == ("Ogre", "", Touch(to="a10"))
    assert ogre.action == Place(player=0, piece="ogre", square="a10")
    assert ogre.text == TEXTS["Ogre"]
    m.act(ogre.action)
    step = tree(m.state, 0)
    assert step.prompt == "What stands on b10?"
    assert "Ogre (1 left)" in labels(step) and "Princess (1 left)" in labels(step)
    m.act(step.option("Dragon (1 left)").action)
    assert not any(label.startswith("Dragon") for label in labels(tree(m.state, 0)))


def test_on_the_fourth_row_the_square_comes_first_then_what_stands_on_it() -> None:
    """Once the home rows are full the next piece may go on one of several fourth-row
    squares: "Where does the next piece go?" (those squares, on the board), then "What
    stands on b7?"."""
    m = Match.new(GAME, players=NAMES, seed="01" * 16)
    while sum(1 for ch in m.state.board if ch.isupper()) < 30:
        m.act(m.legal(0)[0])
    step = tree(m.state, 0)
    assert step.prompt == "Where does the next piece go?" and step.board
    assert labels(step) == ["a7", "b7", "c7"]
    then = under(step, "b7")
    assert then.prompt == "What stands on b7?"
    assert all(o.touches == Touch(to="b7") and o.action.square == "b7" for o in then.options)


def test_a_sealed_deployment_names_the_kind_its_public_seal_holds() -> None:
    """With ``hidden="commit"`` each placement is a ``commit`` (legal's are sealed with the
    public nonce): the step is the same, the kind read from the seal."""
    m = Match.new(GAME, players=NAMES, seed="01" * 16, options={"hidden": "commit"})
    step = tree(m.state, 1)
    assert step.prompt == "What stands on a1?"
    assert labels(step)[:2] == ["King (1 left)", "Hero (1 left)"]
    m.act(step.option("King (1 left)").action)
    assert labels(tree(m.state, 1))[0] == "Hero (1 left)"


# ------------------------------------------------------------------ moves


def test_a_move_is_a_piece_then_its_destination() -> None:
    """"Which piece?" (the seat's pieces that can act, on their squares, named as the seat
    knows them), then "Where to?" (the squares it may move to or challenge)."""
    state = position(SCENE, pinned="b")
    step = tree(state, 0)
    assert step.prompt == "Which piece?" and step.board
    assert labels(step) == ["Peasants a10", "Princess b10", "Siege Catapult c9", "King c7",
                            "Bowmen b2"]
    king = step.option("King c7")
    assert (king.square, king.piece, king.touches) == ("c7", "King", Touch(from_="c7"))
    where = under(step, "King c7")
    assert where.prompt == "Where to?" and where.board
    assert labels(where) == ["c8", "b7", "d7", "c6"]
    assert where.option("c6").touches == Touch(from_="c7", to="c6")
    assert where.option("c6").action == Move(player=0, from_="c7", to="c6")


def test_a_flight_touches_the_squares_it_passes() -> None:
    """A Dragon's leap and a Wizard's flight touch their path; a step touches none."""
    state = position({"c7": "D", "h8": "W", "c5": "s", "j1": "s"})
    dragon = under(tree(state, 0), "Dragon c7")
    assert dragon.option("c5").touches == Touch(from_="c7", to="c5", path=("c6",))
    assert dragon.option("c6").touches == Touch(from_="c7", to="c6")
    wizard = under(tree(state, 0), "Wizard h8")
    assert wizard.option("h4").touches == Touch(from_="h8", to="h4",
                                                path=("h7", "h6", "h5"))


def test_a_catapult_moves_and_bombards_from_one_step_of_distinct_squares() -> None:
    """A Siege Catapult steps one square and bombards two: "Where to, or what to
    bombard?" offers both, its targets labelled "Bombard c5" and touching them as
    targets; no square is both."""
    state = position({"c7": "C", "c5": "s", "j1": "s"})
    step = under(tree(state, 0), "Siege Catapult c7")
    assert step.prompt == "Where to, or what to bombard?" and step.board
    assert labels(step) == ["c8", "b7", "d7", "c6", "Bombard c5"]
    shot = step.option("Bombard c5")
    assert shot.square == "c5" and shot.action == Bombard(player=0, from_="c7", to="c5")
    assert shot.touches == Touch(from_="c7", targets=("c5",), path=("c6",))
    blocked = position({"c7": "C", "c5": "s", "c6": "S", "b7": "S", "d7": "S", "c8": "S",
                        "j1": "s"})
    step = under(tree(blocked, 0), "Siege Catapult c7")
    assert step.prompt == "What to bombard?" and labels(step) == ["Bombard c5"]


def test_a_sealed_piece_that_may_move_or_bombard_one_square_asks_which_first() -> None:
    """Commit mode, a piece sealed with its owner's own nonce: its kind is not in the
    seat's view, and ``legal`` lists every move some kind could make, so c7 -> c5 is both
    a Dragon's leap and a catapult's boulder. "Move or bombard?" comes first, so no step
    offers c5 twice; the piece is a "Sealed piece", never named."""
    state = sealed({"c7": ("D", "11" * 16), "c5": ("s", PUBLIC_NONCE)})
    legal = RULES.legal(state, 0)
    assert Move(player=0, from_="c7", to="c5") in legal
    assert Bombard(player=0, from_="c7", to="c5") in legal
    step = tree(state, 0)
    assert labels(step) == ["Sealed piece c7"] and step.options[0].piece == ""
    how = under(step, "Sealed piece c7")
    assert how.prompt == "Move or bombard?" and labels(how) == ["Move", "Bombard"]
    assert "c5" in labels(under(how, "Move"))
    shoot = under(how, "Bombard")
    assert shoot.prompt == "What to bombard?" and labels(shoot) == ["c5"]
    assert not any("Dragon" in o.label for o in everything(step))


def test_a_piece_sealed_with_the_public_nonce_is_named_and_asked_as_in_the_trusted_mode(
        ) -> None:
    """``legal``'s own seals use the public nonce: the seat knows those pieces."""
    state = sealed({"c7": ("C", PUBLIC_NONCE), "c5": ("s", PUBLIC_NONCE)})
    step = tree(state, 0)
    assert labels(step) == ["Siege Catapult c7"]
    assert under(step, "Siege Catapult c7").prompt == "Where to, or what to bombard?"


# ------------------------------------------------------------------ castles, openings


def test_a_surrounded_castle_is_stormed_with_a_piece_of_the_ring_or_left_alone() -> None:
    """"the surrounding player may ... replace it with whichever of the surrounding pieces
    he chooses": one step, the ring's pieces (on the board) or "Leave it alone"; a
    storming catapult stays where it is, so it touches the castle as a target."""
    state = position({"a1": "N", "c1": "C", "b2": "A", "b1": "k", "j10": "S"},
                     storm="b1:r")
    step = tree(state, 0)
    assert step.prompt == "Storm the castle on b1 with which piece?" and not step.board
    assert sorted(labels(step)) == sorted(["Knights a1", "Siege Catapult c1",
                                           "Men-At-Arms b2", "Leave it alone"])
    assert step.option("Knights a1").touches == Touch(from_="a1", to="b1")
    assert step.option("Siege Catapult c1").touches == Touch(from_="c1", targets=("b1",))
    assert step.option("Leave it alone").square == ""
    assert forced(RULES.view(state, 0), 0)  # the ring and the castle are in sight


def test_an_awaited_piece_is_opened_from_its_square_and_may_be_played_at_once() -> None:
    """Commit mode: a Dragon's leap waits for the Dragon to be opened; its owner is asked
    "Which piece do you open?", the piece on its square, and since the opponent knows
    it has nothing else to do the tree says it may be played at once (``forced``)."""
    state = sealed({"c7": ("D", PUBLIC_NONCE), "c5": ("s", PUBLIC_NONCE)})
    state = RULES.evolve(state, Move(player=0, from_="c7", to="c5"))
    step = tree(state, 0)
    assert step.prompt == "Which piece do you open?" and step.forced
    [dragon] = step.options
    assert (dragon.label, dragon.square, dragon.piece) == ("Dragon c7", "c7", "Dragon")


def test_forced_only_where_the_opponent_can_tell_there_was_no_choice() -> None:
    """A trusted seat with a hidden piece may not have its one move played at once
    (the opponent does not know its pieces); one whose pieces are all shown may, as may
    the deployment's last piece."""
    hidden = position({"c7": "K", "j1": "s"})
    shown = position({"c7": "K*", "j1": "s"})
    assert not forced(RULES.view(hidden, 0), 0) and forced(RULES.view(shown, 0), 0)
    m = Match.new(GAME, players=NAMES, seed="01" * 16)
    assert not forced(m.view(0), 0)
    while sum(1 for ch in m.state.board if ch.isupper()) < 35:
        m.act(m.legal(0)[0])
    assert forced(m.view(0), 0)


# ------------------------------------------------------------------ the bound


@pytest.mark.parametrize("options", [{}, {"hidden": "commit"}], ids=["trusted", "commit"])
def test_no_step_offers_more_than_the_kinds_in_words(options: dict[str, str]) -> None:
    """Over a seeded game, at every decision point, the tree holds exactly the legal
    actions and a step's options that are not squares number at most 13 (the kinds: the
    deployment), far under the issue's 40; the piece and destination steps are squares."""
    m = Match.new(GAME, players=NAMES, seed="05" * 16, options=options)
    bot = RandomBot(5)
    widest = 0
    for _ in range(180):
        if not m.to_act:
            break
        for seat in sorted(m.to_act):
            assert problems(RULES, m.state, seat) == []
            step = m.choices(seat)
            assert step is not None
            for o in [*everything(step)]:
                if o.then is not None:
                    words = sum(1 for x in o.then.options if not x.square)
                    widest = max(widest, words)
            widest = max(widest, sum(1 for x in step.options if not x.square))
        m.act(bot.choose(m, min(m.to_act)))
    assert 2 <= widest <= len(T.PIECES)


# ------------------------------------------------------------------ texts


def test_every_piece_and_every_ground_has_a_text_and_nothing_else_does() -> None:
    """Every kind in ``tables.PIECES`` (by the name the game shows, ``tables.TITLES``) and
    every ground of the map (``tables.TERRAIN`` by ``tables.GROUND``) has a short text."""
    pieces = {T.TITLES[name] for name, *_ in T.PIECES}
    grounds = {T.GROUND[ch] for row in T.TERRAIN for ch in row}
    assert set(TEXTS) == pieces | grounds
    assert {"Lake Limpid", "Magic Rainbow Bridge", "Forest Sauvage", "Grimmwood",
            "Castle"} <= grounds
    for name, text in TEXTS.items():
        assert 20 < len(text) < 360 and text.endswith("."), name
    assert RULES.texts == TEXTS


# ------------------------------------------------------------------ own knowledge


def test_labels_name_the_seats_own_pieces_and_never_an_unidentified_enemy() -> None:
    """The issue: the seat "knows they are a Dragon". Ben's tree names his hidden Ogre and
    shown Knights; a square of Ann's hidden Siege Catapult is a square, never named; and
    the tree is the same whatever Ann's hidden pieces are (disguised twins)."""
    state = position(SCENE, turn="b", pinned="b")
    step = tree(state, 1)
    assert labels(step) == ["Ogre c6", "Knights c5", "Peasants j1"]
    every = [o.label for o in everything(step)]
    assert not any("Catapult" in label for label in every)
    mine = msgspec.json.encode(step)
    for r in range(4):
        twin = RULES.disguise(state, 1, random.Random(r))
        assert msgspec.json.encode(choices(RULES, twin, 1)) == mine


def test_a_seats_event_sentences_name_its_pieces_and_the_opponents_do_not() -> None:
    """``describe`` in a seat's view names that seat's own pieces; the same event in the
    opponent's view or a spectator's says "the piece"."""
    state = position({"c7": "D", "j1": "s"})
    move = Move(player=0, from_="c7", to="c6")
    assert describe(RULES, move, RULES.view(state, 0)) == "Ann moves the Dragon on c7 to c6"
    for reader in (1, None):
        assert describe(RULES, move, RULES.view(state, reader)) == (
            "Ann moves the piece on c7 to c6")
    m = Match.new(GAME, players=NAMES, seed="01" * 16)
    m.act(Place(player=0, piece="dragon", square="a10"))
    assert "Dragon" in m.told(0)[-1].text and "Dragon" not in m.told(1)[-1].text


# ------------------------------------------------------------------ the picture


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def marked(root: ET.Element) -> dict[str, str]:
    """``data-square -> data-piece`` of every piece drawn."""
    return {el.get("data-square", ""): el.get("data-piece", "")
            for el in root.iter(f"{SVG}circle") if el.get("data-piece")}


def test_the_picture_marks_every_square_and_every_piece_as_the_viewer_knows_it() -> None:
    """Every square carries ``data-square``; every piece ``data-square`` and
    ``data-piece``: its name where the viewer knows it, ``?`` where not."""
    state = position(SCENE, pinned="b")
    for seat, hidden in ((0, {"c6": "?", "j1": "?"}), (1, {"c9": "?", "b10": "?", "a10": "?"}),
                         (None, {"c6": "?", "c9": "?", "b10": "?", "a10": "?", "j1": "?"})):
        root = parse(svg.board(RULES.view(state, seat), seat))
        squares = {el.get("data-square") for el in root.iter(f"{SVG}rect")}
        assert set(SQUARES) <= squares
        pieces = marked(root)
        assert set(pieces) == set(SCENE)
        for square, name in pieces.items():
            want = hidden.get(square) or T.TITLES[KINDS[PIECE[SCENE[square][0]][1]]]
            assert name == want, (seat, square)


def test_the_pictures_tooltips_carry_the_piece_and_ground_texts() -> None:
    """A ``<title>`` on each piece with its text (none for one the viewer has not
    identified) and on each square with its ground's text."""
    picture = svg.board(RULES.view(position(SCENE, pinned="b"), 0), 0)
    root = parse(picture)
    tips = {el.get("data-square"): (el.findtext(f"{SVG}title") or "")
            for el in root.iter(f"{SVG}rect") if el.get("data-square")}
    assert TEXTS["Lake Limpid"] in tips["e7"] and TEXTS["Castle"] in tips["b1"]
    assert TEXTS["Grimmwood"] in tips["j6"] and TEXTS["Forest Sauvage"] in tips["a6"]
    assert TEXTS["Magic Rainbow Bridge"] in tips["e6"]
    pieces = {el.get("data-square"): (el.findtext(f"{SVG}title") or "")
              for el in root.iter(f"{SVG}circle") if el.get("data-piece")}
    assert TEXTS["Siege Catapult"] in pieces["c9"] and TEXTS["Knights"] in pieces["c5"]
    assert "not identified" in pieces["c6"] and "Ogre" not in pieces["c6"]


def corner(picture: str, square: str) -> tuple[float, float]:
    found = re.search(rf'<rect x="([\d.]+)" y="([\d.]+)"[^>]*data-square="{square}"', picture)
    assert found is not None
    return float(found.group(1)), float(found.group(2))


def test_the_board_turned_for_red_puts_reds_back_rank_at_the_bottom() -> None:
    """Red sits north: drawn for ``bottom=0`` the board is turned a half turn (a10 at the
    bottom right, Red's name under the board); ``bottom=1`` is the usual way up, the same
    picture as ``None``."""
    state = RULES.view(position(SCENE, pinned="b"), 0)
    usual, turned = svg.board(state, 0), svg.board(state, 0, None, 0)
    assert svg.board(state, 0, None, 1) == usual
    (x0, y0), (x1, y1) = corner(usual, "a10"), corner(turned, "a10")
    assert (x0, y0) == (svg.LEFT, svg.TOP)
    assert (x1, y1) == (svg.LEFT + 9 * svg.CELL, svg.TOP + 9 * svg.CELL)
    assert corner(turned, "j1") == (svg.LEFT, svg.TOP)

    def name_y(picture: str, who: str) -> float:
        found = re.search(rf'<text x="[\d.]+" y="([\d.]+)"[^>]*>{who} \(', picture)
        assert found is not None
        return float(found.group(1))

    assert name_y(usual, "Ann") < name_y(usual, "Ben")
    assert name_y(turned, "Ann") > name_y(turned, "Ben")
    assert marked(parse(turned)) == marked(parse(usual))


def test_a_sealed_seat_sees_its_own_public_seals_named_in_its_picture_only() -> None:
    """Commit mode: the seat's pieces sealed with the public nonce are named in its own
    picture (it can open them), and stay backs (``?``) for the opponent."""
    state = sealed({"c7": ("D", PUBLIC_NONCE), "c5": ("s", PUBLIC_NONCE)})
    assert marked(parse(svg.board(RULES.view(state, 0), 0))) == {"c7": "Dragon", "c5": "?"}
    assert marked(parse(svg.board(RULES.view(state, 1), 1))) == {"c7": "?", "c5": "Peasants"}
    assert marked(parse(svg.board(RULES.view(state, None), None))) == {"c7": "?", "c5": "?"}
