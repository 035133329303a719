"""Wizards of the Vicious Circle: one test per rule sentence of both texts.

Positions use the game's notation (see docs/games/vicious-circle.md): ranks 5 (north) to 1,
Dawn in capitals, Twilight in small letters; S saint, P spirit, C child, W warrior,
D dragon; then reserves, side to move, last moves, passes.
"""

from __future__ import annotations

import pytest

from grimoire.core.errors import IllegalAction
from grimoire.core.kit import write_ranks
from grimoire.core.match import Match
from grimoire.games.vicious_circle import RULES
from grimoire.games.vicious_circle.events import (
    Capture,
    Deploy,
    GameOver,
    Move,
    Pass,
    Reveal,
    Setup,
)
from grimoire.games.vicious_circle.tables import TERRAIN, THRONES
from grimoire.testing import scenario

DAWN, TWILIGHT = 0, 1


def at(position: str, **options: str) -> Match:
    return Match.new("vicious-circle", position=position, options=options, dice="recorded")


def refused(match: Match, action: object) -> str:
    before = (match.state, len(match.events))
    with pytest.raises(IllegalAction) as err:
        match.act(action)  # type: ignore[arg-type]
    assert (match.state, len(match.events)) == before
    return err.value.reason


def destinations(match: Match, square: str) -> set[str]:
    seat = min(match.to_act)
    return {a.to for a in match.legal(seat) if isinstance(a, Move) and a.from_ == square}


# ------------------------------------------------------------------ setup


def test_each_player_has_an_army_of_five_saint_spirit_child_warrior_dragon() -> None:
    """"Each player has an army of five pieces: Saint, Spirit, Child, Warrior, and Dragon.\""""
    m = Match.new("vicious-circle", dice="recorded")
    m.act(Setup(player=0, placement=(("saint", "c5"), ("spirit", "d5"), ("child", "e4"))))
    assert sorted(m.state.reserves[0]) == ["D", "W"]
    assert sorted(ch for ch in m.state.board if ch != ".") == ["C", "P", "S"]


def test_three_creatures_start_in_the_domain_and_two_in_reserve() -> None:
    """"Three creatures begin on the map; two remain in reserve.\""""
    m = Match.new("vicious-circle", dice="recorded")
    assert refused(m, Setup(player=0, placement=(("saint", "c5"), ("spirit", "d5")))) == (
        "setup/count")


def test_setup_only_in_your_six_domain_squares() -> None:
    """"Players each start with three pieces in play, put anywhere in your corner (your six
    colored squares)." (designer); "The three creatures that begin on the map may be placed
    in any of the six spaces in their Wizard's domain." (illustrated)"""
    m = Match.new("vicious-circle", dice="recorded")
    bad = Setup(player=0, placement=(("saint", "c5"), ("spirit", "d5"), ("child", "b5")))
    assert refused(m, bad) == "setup/outside-domain"
    bad = Setup(player=1, placement=(("saint", "a1"), ("spirit", "b1"), ("child", "e5")))
    assert refused(m, bad) == "setup/outside-domain"


def test_no_creature_may_begin_in_the_same_space_as_another() -> None:
    """"No creatures may begin in the same space with another creature, but one may begin in
    the space with its controlling Wizard if so desired." (illustrated; the second half:
    test_a_creature_may_begin_on_its_wizards_throne)"""
    m = Match.new("vicious-circle", dice="recorded")
    bad = Setup(player=0, placement=(("saint", "c5"), ("spirit", "c5"), ("child", "e4")))
    assert refused(m, bad) == "setup/shared-square"


def test_a_creature_may_begin_on_its_wizards_throne() -> None:
    """"but one may begin in the space with its controlling Wizard if so desired.\""""
    m = Match.new("vicious-circle", dice="recorded")
    m.act(Setup(player=0, placement=(("saint", "e5"), ("spirit", "d5"), ("child", "e4"))))
    assert m.state.board[4] == "S"


def test_setup_is_hidden_until_both_have_set_up() -> None:
    """"The game is set up with a screen (piece of paper) in the middle of the board, Village
    to Village, so the players cannot see each other's initial setup." (designer); "First,
    players hold up a folder or other divider in the center of the map so that each can
    deploy without the other seeing." and "You'll also need a screen to allow you to set up
    your initial position secretly." (illustrated)"""
    s = scenario("vicious-circle")
    first = Setup(player=0, placement=(("saint", "c5"), ("spirit", "d5"), ("child", "e4")))
    s.act(first)
    assert s.match.view(1).board == ("." ,) * 25
    assert RULES.redact(first, 1).placement == ()
    assert RULES.redact(first, None).placement == ()
    assert RULES.redact(first, 0) == first
    events = s.act(Setup(player=1, placement=(("dragon", "a1"), ("warrior", "b1"),
                                              ("child", "c2"))))
    assert isinstance(events[-1], Reveal)
    assert events[-1].placements[0] == first.placement
    assert s.match.view(1).board == s.match.state.board


def test_both_players_set_up_at_once() -> None:
    """"At the start of the game, players decide on the initial deployment of their
    creatures." Setup is simultaneous: both seats may act until each has set up."""
    m = Match.new("vicious-circle", dice="recorded")
    assert m.to_act == frozenset({0, 1})
    m.act(Setup(player=1, placement=(("dragon", "a1"), ("warrior", "b1"), ("child", "c2"))))
    assert m.to_act == frozenset({0})
    assert refused(m, Setup(player=1, placement=(("dragon", "a1"), ("warrior", "b1"),
                                                 ("child", "c2")))) == "turn/not-to-act"


# ------------------------------------------------------------------ who moves first


@pytest.mark.parametrize(
    ("options", "first"),
    [
        # designer: "The player in the Southwest territory moves first"
        ({}, TWILIGHT),
        # illustrated: "For the first game, Dawn's force takes the first turn."
        ({"edition": "illustrated"}, DAWN),
        # designer: "the player who lost the previous game moves first"
        ({"rematch": "dawn"}, TWILIGHT),
        ({"rematch": "twilight"}, DAWN),
        # illustrated: "the winner of the previous game will go first"
        ({"edition": "illustrated", "rematch": "dawn"}, DAWN),
        ({"edition": "illustrated", "rematch": "twilight"}, TWILIGHT),
        ({"rematch": "dawn", "series": "winner-first"}, DAWN),
        ({"edition": "illustrated", "rematch": "dawn", "series": "loser-first"}, TWILIGHT),
    ],
)
def test_who_moves_first_follows_the_edition_and_the_series_rule(
    options: dict[str, str], first: int
) -> None:
    """Designer: "The player in the Southwest territory moves first, unless the game is a
    re-match in which case the player who lost the previous game moves first."
    Illustrated: "For the first game, Dawn's force takes the first turn." "In subsequent
    games, the winner of the previous game will go first." "In subsequent games, the winner
    of the previous game makes the first move." (options edition, rematch, series)"""
    m = Match.new("vicious-circle", options=options, dice="recorded")
    m.act(Setup(player=0, placement=(("saint", "c5"), ("spirit", "d5"), ("child", "e4"))))
    events = m.act(Setup(player=1, placement=(("dragon", "a1"), ("warrior", "b1"),
                                              ("child", "c2"))))
    assert isinstance(events[-1], Reveal) and events[-1].first == first
    assert m.to_act == frozenset({first})


# ------------------------------------------------------------------ movement


def test_on_each_turn_move_one_piece_or_deploy_one_reinforcement() -> None:
    """"On each turn, you may either move one piece, or put one of your two reinforcements
    (initially unplayed pieces) into play anywhere in your corner." (designer); "Players
    alternate turns, either deploying or moving one of their own creatures each turn."
    (illustrated)"""
    m = at("4W/5/5/5/s4 D/p t -,- 0")
    kinds = {type(a) for a in m.legal(1)}
    assert kinds == {Move, Deploy}
    m.act(Deploy(player=1, creature="spirit", to="b1"))
    assert m.to_act == frozenset({0})


@pytest.mark.parametrize(("creature", "letter", "reach"), [
    ("spirit", "p", 1), ("saint", "s", 3), ("warrior", "w", 2), ("child", "c", 2),
    ("dragon", "d", 2),
])
def test_spirits_move_one_saints_three_others_two(creature: str, letter: str, reach: int) -> None:
    """"Sprits move one, Saints move three, and Warriors, Children and Dragons move two."
    (designer); "Most creatures can move two spaces." "The exceptions are the Saint (who can
    move three) and the Spirit (which can move one)." (illustrated)"""
    m = at(f"5/5/5/{letter}4/5 -/- t -,- 0")  # a2, open
    reached = destinations(m, "a2")
    cols, rows = "abcde", "54321"
    for sq in reached:
        assert max(abs(cols.index(sq[0]) - 0), abs(rows.index(sq[1]) - 3)) <= reach
    far = {sq for sq in reached
           if max(abs(cols.index(sq[0])), abs(rows.index(sq[1]) - 3)) == reach}
    assert far, f"a {creature} should reach distance {reach}"


def test_moves_may_be_shorter_than_the_full_range() -> None:
    """A Saint "can move three": one or two steps are moves too (see Rulings)."""
    m = at("5/5/5/s4/5 -/- t -,- 0")
    assert {"b2", "b1", "c1"} <= destinations(m, "a2")


def test_pieces_move_horizontally_vertically_or_diagonally() -> None:
    """"Pieces can move horizontally, vertically, or diagonally.\""""
    m = at("5/5/5/1w3/5 -/- t -,- 0")  # warrior on b2
    assert {"a1", "b1", "c1", "c2", "a2"} <= destinations(m, "b2")


@pytest.mark.parametrize(("terrain", "square", "creature", "letter"), [
    ("Shrine", "e1", "saint", "s"),
    ("Swamp", "d2", "spirit", "p"),
    ("Village", "e3", "child", "c"),
    ("Mountain", "c3", "dragon", "d"),
])
def test_only_one_type_of_creature_can_enter_each_terrain(
    terrain: str, square: str, creature: str, letter: str
) -> None:
    """"only a Saint can enter a Shrine / only a Spirit can enter a Swamp / only a Child can
    enter a Village / only a Dragon can enter the Mountains\""""
    others = [x for x in "spcwd" if x != letter]
    # put each creature next to the terrain square and try to step onto it
    neighbour = {"e1": "d1", "d2": "c2", "e3": "e2", "c3": "b2"}[square]
    for ch in [letter, *others]:
        col = "abcde".index(neighbour[0])
        row = "54321".index(neighbour[1])
        ranks = ["5"] * 5
        ranks[row] = (str(col) if col else "") + ch + (str(4 - col) if 4 - col else "")
        m = at("/".join(ranks) + " -/- t -,- 0")
        can = square in destinations(m, neighbour)
        assert can == (ch == letter), f"{ch} entering the {terrain}"
        if not can:
            reason = refused(m, Move(player=1, from_=neighbour, to=square))
            assert reason == "move/restricted-terrain"


def test_restricted_squares_cannot_be_crossed_by_other_creatures() -> None:
    """"Each restricted space my be crossed or occupied by only one sort of creature: Dragons
    through the Mountain, Saints through the Shrines, Spirits through the Swamps, and
    Children through the Villages." (illustrated)"""
    # b3 to d3 in two steps: c4 and c2 are blocked, so only across the mountain c3
    m = at("5/2c2/1w3/2p2/5 -/- t -,- 0")
    assert "d3" not in destinations(m, "b3")
    m = at("5/2c2/1d3/2p2/5 -/- t -,- 0")  # a dragon may cross it
    assert "d3" in destinations(m, "b3")


def test_no_creature_can_move_through_an_occupied_space() -> None:
    """"No creature can move through an occupied space, and a creature can end its move in
    the same space as another creature only if it is capturing." (illustrated)"""
    m = at("5/5/5/5/sW3 -/- t -,- 0")  # saint a1, Dawn warrior b1 (saint cannot take it)
    reached = destinations(m, "a1")
    assert "b1" not in reached
    assert "c1" not in reached or "b2" in reached  # c1 only around the warrior
    m = at("5/5/5/wC3/sW3 -/- t -,- 0")  # boxed in by a2, b2, b1
    assert destinations(m, "a1") == set()


def test_ending_on_an_occupied_square_only_to_capture() -> None:
    """"Except for these combinations, pieces are not allowed to move onto occupied
    squares, or be placed (as reinforcements) on occupied squares." (designer; the placing
    half: test_a_reinforcement_may_not_land_on_a_piece_it_cannot_capture)"""
    m = at("5/5/5/5/sw3 -/- t -,- 0")
    assert refused(m, Move(player=1, from_="a1", to="b1")) == "move/own-creature"
    m = at("5/5/5/5/sW3 -/- t -,- 0")
    assert refused(m, Move(player=1, from_="a1", to="b1")) == "move/cannot-capture"


def test_a_move_beyond_range_is_refused() -> None:
    m = at("5/5/5/p4/5 -/- t -,- 0")
    assert refused(m, Move(player=1, from_="a2", to="a4")) == "move/too-far"


# ------------------------------------------------------------------ capture


@pytest.mark.parametrize(("attacker", "victim", "allowed"), [
    ("s", "P", True),  # a Saint can banish a Spirit
    ("p", "C", True),  # a Spirit can frighten a Child
    ("c", "W", True),  # a Child ... can slay an overconfident Warrior
    ("w", "D", True),  # only a legendary Warrior ... can slay a Dragon
    ("d", "S", True),  # a Dragon can eat a Saint
    ("s", "C", False), ("s", "W", False), ("s", "D", False), ("s", "S", False),
    ("p", "S", False), ("p", "W", False), ("p", "D", False), ("p", "P", False),
    ("c", "S", False), ("c", "P", False), ("c", "D", False), ("c", "C", False),
    ("w", "S", False), ("w", "P", False), ("w", "C", False), ("w", "W", False),
    ("d", "P", False), ("d", "C", False), ("d", "W", False), ("d", "D", False),
])
def test_the_vicious_circle_of_captures(attacker: str, victim: str, allowed: bool) -> None:
    """"Pieces can capture each other by moving onto each other, as in chess. However only
    certain captures are allowed: a Saint can banish a Spirit / a Spirit can frighten a
    Child / a Child skilled at using a sling can slay an overconfident Warrior / only a
    legendary Warrior has skill enough in battle to slay a Dragon / a Dragon can eat a
    Saint" (designer); "Only Warriors can capture Dragons; only Dragons can capture Saints;
    only Saints can capture Spirits; only Spirits can capture Children; and only Children
    can capture Warriors." (illustrated)"""
    m = at(f"5/5/5/5/{attacker}{victim}3 -/- t -,- 0")
    if allowed:
        events = m.act(Move(player=1, from_="a1", to="b1"))
        assert isinstance(events[1], Capture) and events[1].square == "b1"
        assert m.state.board[21] == attacker and victim in m.state.captured[0]
    else:
        assert refused(m, Move(player=1, from_="a1", to="b1")) == "move/cannot-capture"


def test_a_captured_piece_is_out_of_the_game() -> None:
    """"A captured piece is out of the game - it cannot be put into play again." (designer);
    "Captured creatures are not in reserve and may never be redeployed." (illustrated)"""
    m = at("5/5/5/5/sP3 -/- t -,- 0")
    m.act(Move(player=1, from_="a1", to="b1"))
    assert "P" not in m.state.reserves[0]
    assert not any(isinstance(a, Deploy) and a.creature == "spirit" for a in m.legal(0))


@pytest.mark.parametrize(("square", "owner", "predator"), [
    ("e1", "S", "d"),  # a Saint on a Shrine: only a Dragon eats Saints
    ("d2", "P", "s"),  # a Spirit in a Swamp: only a Saint banishes Spirits
    ("e3", "C", "p"),  # a Child in a Village: only a Spirit frightens Children
    ("c3", "D", "w"),  # a Dragon on the Mountain: only a Warrior slays Dragons
])
def test_a_creature_on_its_own_terrain_is_safe(square: str, owner: str, predator: str) -> None:
    """"Squares with terrain (Shirine, Swamp, Village, Mountains) can only be entered by one
    type of piece; naturally that piece is safe from attack there." (designer) The one
    creature that could capture it may not enter the square."""
    col, row = "abcde".index(square[0]), "54321".index(square[1])
    board = [["."] * 5 for _ in range(5)]
    board[row][col] = owner
    # the predator stands next to the square, on an open square
    for dr, dc in ((0, -1), (0, 1), (1, 0), (-1, 0), (1, -1), (-1, -1), (1, 1), (-1, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < 5 and 0 <= c < 5 and TERRAIN[r][c] == "." and (r, c) not in THRONES:
            board[r][c] = predator
            break
    ranks = "/".join(write_ranks([row_]) for row_ in board)
    m = at(f"{ranks} -/- t -,- 0")
    start = next(f"{'abcde'[c]}{5 - r}" for r in range(5) for c in range(5)
                 if board[r][c] == predator)
    assert square not in destinations(m, start)
    assert refused(m, Move(player=1, from_=start, to=square)) == "move/restricted-terrain"


# ------------------------------------------------------------------ reinforcements


def test_deploy_a_reinforcement_anywhere_in_your_domain() -> None:
    """"put one of your two reinforcements ... into play anywhere in your corner." (designer);
    "In order to deploy, a player must have at least one creature remaining in reserve."
    "She takes a reserve creature and places it on the map in her domain." (illustrated)"""
    m = at("4W/5/5/5/5 -/sp t -,- 0")
    squares = {a.to for a in m.legal(1) if isinstance(a, Deploy) and a.creature == "saint"}
    assert squares == {"a2", "b2", "c2", "a1", "b1", "c1"}
    assert refused(m, Deploy(player=1, creature="saint", to="d2")) == "deploy/outside-domain"
    assert refused(m, Deploy(player=1, creature="dragon", to="a1")) == "deploy/not-in-reserve"


def test_placing_a_reinforcement_can_capture() -> None:
    """"Placing a reinforcement can capture an enemy piece." (designer) The illustrated
    text's own example: "For example, suppose Twilight's Dragon enters Dawn's domain. If
    Dawn's Warrior is in reserve, then it may be deployed into the space occupied by the
    Dragon. The Dragon is captured and set aside." "If that happens, the creature is
    captured immediately and should be removed from the map.\""""
    m = at("2d2/5/5/5/5 W/- d -,- 0")
    events = m.act(Deploy(player=0, creature="warrior", to="c5"))
    assert events[1] == Capture(by=0, owner=1, creature="dragon", square="c5")
    assert m.state.board[2] == "W" and m.state.captured[1] == "spcw" + "d"


def test_a_reinforcement_may_not_land_on_a_piece_it_cannot_capture() -> None:
    """"She may not place it in the same space as another creature unless that creature is
    one that the deployed creature can capture." (illustrated); "or be placed (as
    reinforcements) on occupied squares" (designer)"""
    m = at("2d2/5/5/5/5 S/- d -,- 0")
    assert refused(m, Deploy(player=0, creature="saint", to="c5")) == "deploy/cannot-capture"
    m = at("2W2/5/5/5/5 S/- d -,- 0")
    assert refused(m, Deploy(player=0, creature="saint", to="c5")) == "deploy/occupied"


# ------------------------------------------------------------------ thrones and victory


def test_reaching_the_enemy_throne_wins() -> None:
    """"The goal is to move one of your pieces to the opponent's castle." "The Castles are
    special. You win if one of your pieces reaches the opponent's Castle. (You are playing
    tag, not besiege.)" (designer); "The game ends when one player moves a creature onto
    the throne of the opposing Wizard." "The game ends when one of the players has a
    creature in the same space as the opposing player's Wizard." "Each player takes the
    role of one of the Wizards and sends a force to capture the opposing Wizard."
    (illustrated) Tag: arriving ends the game at once, nothing has to hold the throne."""
    m = at("5/5/5/1W3/5 -/- d -,- 0")
    events = m.act(Move(player=0, from_="b2", to="a1"))
    assert events[-1] == GameOver(winners=(0,), reason="throne")
    assert m.outcome is not None and m.outcome.winners == (0,)
    assert m.to_act == frozenset()


def test_you_need_not_capture_the_throne_occupant() -> None:
    """"You do not have to capture your opponent's piece if one is in the square with your
    opponent's Castle!" (designer): a Dragon may enter and capture a Child there, which it
    may not capture anywhere else."""
    m = at("5/5/5/1D3/c4 -/- d -,- 0")  # Twilight child on its throne a1; Dawn dragon b2
    events = m.act(Move(player=0, from_="b2", to="a1"))
    assert [type(e) for e in events] == [Move, Capture, GameOver]
    assert m.state.board[20] == "D"


def test_the_throne_occupant_captures_an_attacker_it_could_capture() -> None:
    """"However, if that piece can capture your piece, yours would be captured and you do
    not reach the Castle." (designer; the default of edition designer)"""
    m = at("5/5/5/1D3/w4 -/- d -,- 0")  # Twilight warrior on a1 defends against the dragon
    events = m.act(Move(player=0, from_="b2", to="a1"))
    assert events[1] == Capture(by=1, owner=0, creature="dragon", square="a1")
    assert len(events) == 2
    assert m.state.board[20] == "w" and m.outcome is None
    assert "D" in m.state.captured[0]
    assert m.to_act == frozenset({1})


def test_the_saint_alone_reaches_the_enemy_throne_from_its_domain() -> None:
    """"Note that the Saint is the only creature fast enough to move from your domain to
    your opponent's Wizard in one move.\""""
    for ch in "spcwd":
        for square in ("a2", "b2", "c2", "a1", "b1", "c1"):
            col = "abcde".index(square[0])
            row = "54321".index(square[1])
            ranks = ["5"] * 5
            ranks[row] = (str(col) if col else "") + ch + (str(4 - col) if 4 - col else "")
            m = at("/".join(ranks) + " -/- t -,- 0")
            if "e5" in destinations(m, square):
                assert ch == "s", f"{ch} reached e5 from {square}"
    m = at("5/5/5/2s2/5 -/- t -,- 0")
    assert "e5" in destinations(m, "c2")  # c2-d3-e4... the README's example path


def test_the_mountain_dragon_is_unassailable_and_threatens_the_throne() -> None:
    """"A Dragon cannot be attacked on the mountain by anything, since the Warriors cannot go
    there." "Yet from there it can descend on the opposing Wizard in a single move."
    (illustrated)"""
    m = at("5/5/2D2/1w3/5 -/- t -,- 0")
    assert "c3" not in destinations(m, "b2")
    m = at("5/5/2D2/5/5 -/- d -,- 0")
    assert "e5" in destinations(m, "c3") and "a1" in destinations(m, "c3")


# ------------------------------------------------------------------ no return


def test_no_move_from_x_to_y_and_back_to_x_in_three_consecutive_turns() -> None:
    """"As in the game of Go, a piece may not move from square x to square y and then back to
    square x in three consecutive turns." (designer; the turns are both players', see
    Rulings)"""
    m = at("1W3/5/5/5/2s2 -/- t -,- 0")
    m.act(Move(player=1, from_="c1", to="c2"))
    m.act(Move(player=0, from_="b5", to="c5"))
    assert refused(m, Move(player=1, from_="c2", to="c1")) == "move/no-return"
    assert "c1" not in destinations(m, "c2")
    m.act(Move(player=1, from_="c2", to="b2"))  # going elsewhere is fine
    m.act(Move(player=0, from_="c5", to="d5"))
    m.act(Move(player=1, from_="b2", to="c1"))  # b2 was reached from c2, so c1 is allowed


def test_a_deploy_in_between_lifts_the_no_return_restriction() -> None:
    m = at("1W3/5/5/5/2s2 -/p t -,- 0")
    m.act(Move(player=1, from_="c1", to="c2"))
    m.act(Move(player=0, from_="b5", to="c5"))
    m.act(Deploy(player=1, creature="spirit", to="a1"))
    m.act(Move(player=0, from_="c5", to="d5"))
    m.act(Move(player=1, from_="c2", to="c1"))


# ------------------------------------------------------------------ no legal action


def test_a_player_with_no_legal_action_passes_and_two_passes_draw() -> None:
    """Ruling: with nothing legal a player passes; two passes in a row end in a draw."""
    m = at("5/5/5/5/5 -/- t -,- 0")
    assert m.legal(1) == [Pass(player=1)]
    m.act(Pass(player=1))
    events = m.act(Pass(player=0))
    assert events[-1] == GameOver(winners=(), reason="stalemate")


def test_passing_is_refused_while_an_action_is_legal() -> None:
    m = at("5/5/5/5/s4 -/- t -,- 0")
    assert refused(m, Pass(player=1)) == "pass/has-moves"


def test_option_no_move_lose() -> None:
    m = at("5/5/5/5/5 -/- t -,- 0", no_move="lose")
    events = m.act(Pass(player=1))
    assert events[-1] == GameOver(winners=(0,), reason="no-move")
