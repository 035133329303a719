"""Wizards of the Vicious Circle: the map and the forces (``tables.py``) against both texts.

The map's picture is missing from both texts; ``/work/shared/seeds/README.md`` (see the
docs page, Ruling 1) gives it. These tests hold the tables to every sentence that states
something about the map, the creatures and the capture cycle.
"""

from __future__ import annotations

import pytest

from grimoire.core.match import Match
from grimoire.games.vicious_circle import RULES
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import (
    BEATS,
    DOMAIN,
    INDEX,
    KINDS,
    PASSABLE,
    RANGE,
    SQUARES,
    TERRAIN,
    THRONE,
)
from grimoire.games.vicious_circle.events import GameOver, Move

DAWN, TWILIGHT = T.DAWN, T.TWILIGHT
SAINT, SPIRIT, CHILD, WARRIOR, DRAGON = range(5)
RESTRICTED = {"S": "Shrine", "W": "Swamp", "V": "Village", "M": "Mountain"}


def at(position: str, **options: str) -> Match:
    return Match.new("vicious-circle", position=position, options=options, dice="recorded")


def where(terrain: str) -> set[str]:
    return {SQUARES[i] for i, t in enumerate(TERRAIN) if t == terrain}


def rc(square: str) -> tuple[int, int]:
    """(row from the north, column from the west) of a square."""
    i = INDEX[square]
    return divmod(i, T.SIZE)


def test_the_game_is_for_two_players() -> None:
    """"The game is for two players." (designer)"""
    assert RULES.seats == (2,)
    assert RULES.default_players == ("Dawn", "Twilight")


def test_a_five_by_five_board_with_its_terrain() -> None:
    """"Two armies battle on a five by five board (please momentarily inspect it and its
    terrain)." (designer) The map is the seeds' picture (Ruling 1)."""
    assert T.SIZE == 5 and len(SQUARES) == 25
    assert T.TERRAIN == ("S....", ".W...", "V.M.V", "...W.", "....S")


def test_the_roads_are_decoration() -> None:
    """"The roads have no impact on the game; they are decoration only." (designer) The map
    knows no roads: every square is open or one of the four restricted terrains."""
    assert set(TERRAIN) == {".", *RESTRICTED}


def test_the_screen_runs_village_to_village_between_the_domains() -> None:
    """"The game is set up with a screen (piece of paper) in the middle of the board, Village
    to Village, so the players cannot see each other's initial setup." (designer) The
    screen lies along rank 3 from one Village to the other; each domain lies wholly on its
    own side of it."""
    assert {SQUARES[i] for i in range(10, 15) if TERRAIN[i] == "V"} == {"a3", "e3"}
    assert all(rc(SQUARES[i])[0] < 2 for i in DOMAIN[DAWN])
    assert all(rc(SQUARES[i])[0] > 2 for i in DOMAIN[TWILIGHT])


def test_wizards_are_spaces_on_the_map_not_counters() -> None:
    """"Wizards do not move during the game, so they are represented by spaces on the map
    rather than by counters." (illustrated) No wizard is a creature; a creature may leave
    its own throne and the Wizard stays: an enemy reaching the empty throne still wins."""
    assert len(T.CREATURES) == 5 and "wizard" not in KINDS
    m = at("4S/5/5/2s2/5 -/- d -,- 0")  # Dawn's saint on its own throne e5
    m.act(Move(player=0, from_="e5", to="c5"))
    assert m.state.board[INDEX["e5"]] == "." and m.outcome is None
    events = m.act(Move(player=1, from_="c2", to="e5"))  # the Wizard is still there
    assert events[-1] == GameOver(winners=(TWILIGHT,), reason="throne")


def test_the_thrones_are_in_the_north_east_and_south_west_corners() -> None:
    """"Dawn's throne is in the Northeast corner of the map, and Twilight's in the
    Southwest." (illustrated)"""
    assert SQUARES[THRONE[DAWN]] == "e5" and rc("e5") == (0, 4)
    assert SQUARES[THRONE[TWILIGHT]] == "a1" and rc("a1") == (4, 0)


def test_open_and_restricted_spaces() -> None:
    """"The rest of the map is divided into open and restricted spaces." "Restricted spaces
    include the Shrines in the Northwest and Southeast corners, the Villages in the West and
    East, the Mountain in the center of the Land, and the Swamps." "All other spaces on the
    map are open." (illustrated) The thrones are open squares."""
    assert where("S") == {"a5", "e1"}  # north-west and south-east corners
    assert where("V") == {"a3", "e3"}  # west and east edges, the middle rank
    assert where("M") == {"c3"}  # the centre
    assert len(where("W")) == 2
    restricted = where("S") | where("V") | where("M") | where("W")
    assert len(restricted) == 7
    for i, square in enumerate(SQUARES):
        if square not in restricted:
            assert TERRAIN[i] == "." and all(PASSABLE[k][i] for k in range(5)), square
    assert TERRAIN[THRONE[DAWN]] == TERRAIN[THRONE[TWILIGHT]] == "."


def test_the_domains_are_the_six_corner_spaces_where_creatures_begin() -> None:
    """"The six spaces in the Southwest (the ones marked with a shaded box on the map) are the
    domain of Twilight." "That Wizard's creatures may begin there." "The six spaces in the
    Northeast (the ones bracketed on the map) are the domain of Dawn," "and that Wizard's
    creatures may start there." (illustrated)"""
    dawn = {SQUARES[i] for i in DOMAIN[DAWN]}
    twilight = {SQUARES[i] for i in DOMAIN[TWILIGHT]}
    assert dawn == {"c5", "d5", "e5", "c4", "d4", "e4"}
    assert twilight == {"a2", "b2", "c2", "a1", "b1", "c1"}
    assert SQUARES[THRONE[DAWN]] in dawn and SQUARES[THRONE[TWILIGHT]] in twilight
    assert all(TERRAIN[i] == "." for i in DOMAIN[DAWN] + DOMAIN[TWILIGHT])


def test_each_wizard_commands_five_creatures_one_of_each_type() -> None:
    """"Each Wizard commands a force of five creatures, one each of the following types."
    "Each creature is represented by a counter which can be moved around on the map"
    "You'll need the game map and the ten counters from the end of this document."
    (illustrated)"""
    assert KINDS == ("saint", "spirit", "child", "warrior", "dragon")
    letters = [c[1] for c in T.CREATURES]
    assert len(set(letters)) == 5
    assert 2 * len(KINDS) == 10
    assert all(r >= 1 for r in RANGE)  # every counter can be moved


def captures_of(kind: int) -> set[str]:
    return {KINDS[v] for v in range(5) if BEATS[kind][v]}


def captured_by(kind: int) -> set[str]:
    return {KINDS[a] for a in range(5) if BEATS[a][kind]}


def enters(kind: int) -> set[str]:
    return {RESTRICTED[t] for t in RESTRICTED
            if all(PASSABLE[kind][i] for i, x in enumerate(TERRAIN) if x == t)}


def test_warriors_can_do_little_but_slay_dragons() -> None:
    """"Warriors look strong, but they have trained so much in how to fight Dragons that they
    can do little else." (illustrated) A Warrior captures Dragons only and enters no
    restricted space."""
    assert captures_of(WARRIOR) == {"dragon"}
    assert enters(WARRIOR) == set()


def test_dragons_eat_only_saints_and_alone_occupy_the_mountain() -> None:
    """"They will make an exception only if given the chance to eat a yummy Saint." "Since
    they are the only creatures that can fly, they are the only ones who can occupy the
    Mountain in the center of the map." (illustrated) Flying is why; it is no leap over
    other creatures ("No creature can move through an occupied space", Ruling 13)."""
    assert captures_of(DRAGON) == {"saint"}
    assert {KINDS[k] for k in range(5) if "Mountain" in enters(k)} == {"dragon"}
    m = at("5/5/5/5/dW3 -/- t -,- 0")  # Twilight dragon a1, a Dawn warrior on b1
    assert "c1" in {a.to for a in m.legal(1) if isinstance(a, Move)}  # around, by b2
    m = at("5/5/5/CP3/dW3 -/- t -,- 0")  # walled in by a2, b2, b1
    assert not [a for a in m.legal(1) if isinstance(a, Move)]


def test_saints_run_fast_exorcise_spirits_and_enter_shrines() -> None:
    """"Saints carry so little that they can run very fast." "Their holiness makes them the
    only creatures able to exorcise Spirits or enter the Shrines." (illustrated)"""
    assert RANGE[SAINT] == max(RANGE) and RANGE.count(RANGE[SAINT]) == 1
    assert captured_by(SPIRIT) == {"saint"}
    assert {KINDS[k] for k in range(5) if "Shrine" in enters(k)} == {"saint"}


def test_spirits_are_ponderous_scare_children_and_alone_enter_the_swamps() -> None:
    """"Spirits are ponderous, but spectral menaces." "They can scare Children and are the
    only creatures able to enter the swamps located between the Shrines and the Mountain."
    (illustrated) The Swamps b4 and d2 lie on the diagonals from the Shrines a5 and e1 to
    the Mountain c3."""
    assert RANGE[SPIRIT] == min(RANGE) == 1 and RANGE.count(1) == 1
    assert captures_of(SPIRIT) == {"child"}
    assert {KINDS[k] for k in range(5) if "Swamp" in enters(k)} == {"spirit"}
    for shrine, swamp in (("a5", "b4"), ("e1", "d2")):
        (r0, c0), (r1, c1), (r2, c2) = rc(shrine), rc(swamp), rc("c3")
        assert (r1, c1) == ((r0 + r2) // 2, (c0 + c2) // 2)
    assert where("W") == {"b4", "d2"}


def test_children_slay_warriors_never_saints_and_alone_enter_the_villages() -> None:
    """"They would never shoot at a Saint— being upright citizens of the Land— but they can
    fell a Warrior with one well-placed stone between the eyes." "They are the only
    creatures welcome in the two Villages; no other creatures can move into those spaces."
    (illustrated)"""
    assert captures_of(CHILD) == {"warrior"}
    assert {KINDS[k] for k in range(5) if "Village" in enters(k)} == {"child"}


def test_the_captures_form_one_vicious_circle() -> None:
    """"Relationships of who can capture what are represented by the arrows of the Vicious
    Circle." (illustrated) Each creature captures exactly one kind and is captured by
    exactly one, and following the arrows from any creature visits all five."""
    for k in range(5):
        assert sum(BEATS[k]) == 1 and sum(BEATS[a][k] for a in range(5)) == 1
    seen, k = [], SAINT
    while k not in seen:
        seen.append(k)
        k = BEATS[k].index(True)
    assert len(seen) == 5


@pytest.mark.parametrize(("card", "kind", "reach", "terrain"), [
    ("Dragon move 2 mountains", DRAGON, 2, "Mountain"),
    ("Saint move 3 shrines", SAINT, 3, "Shrine"),
    ("Warrior move 2", WARRIOR, 2, None),
    ("Spirit move 1 swamps", SPIRIT, 1, "Swamp"),
    ("Child move 2 villages", CHILD, 2, "Village"),
])
def test_the_reference_card(card: str, kind: int, reach: int, terrain: str | None) -> None:
    """The illustrated edition's reference card, read across: "Dragon move 2 mountains",
    "Saint move 3 shrines", "Warrior move 2", "Spirit move 1 swamps", "Child move 2
    villages"."""
    assert card.lower().startswith(KINDS[kind])
    assert RANGE[kind] == reach
    assert enters(kind) == ({terrain} if terrain else set())
