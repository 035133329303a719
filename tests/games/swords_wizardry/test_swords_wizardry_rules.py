"""Swords & Wizardry: the map, deployment, movement, castles, catapults, the Princess, the
end of the game and hidden information. Each test quotes the rule it checks."""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import msgspec
import pytest

from grimoire import GrimoireError, IllegalAction, Match, Replay, UsageError
from grimoire.core.audit import audit_events
from grimoire.core.dice import SeededDice
from grimoire.core.kit import write_ranks
from grimoire.core.logfile import read_log
from grimoire.core.replay import fold, initial_state
from grimoire.core.rules import options_for
from grimoire.games.swords_wizardry import RULES
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    BRIDGE_STEPS,
    CASTLES,
    FOURTH,
    HOME,
    INDEX,
    LAKE,
    NEIGHBOURS,
    SQUARES,
    WOOD,
)
from grimoire.games.swords_wizardry.events import (
    Advance,
    Bombard,
    Bounce,
    Challenge,
    Commence,
    Decline,
    Eliminate,
    GameOver,
    Move,
    Pin,
    Place,
    Reveal,
    Storm,
    Surround,
)

GAME = "swords-wizardry"


def position(pieces: dict[str, str], turn: str = "r", *, pinned: str = "-",
             extras: bool = True) -> str:
    cells = ["."] * 100
    base = {"a10": "S", "j1": "s"} if extras else {}
    for sq, ch in {**base, **pieces}.items():
        cells[INDEX[sq]] = ch
    ranks = write_ranks(cells[r * 10:(r + 1) * 10] for r in range(10))
    return f"{ranks} {turn} {pinned} - 0"


def match(pieces: dict[str, str], turn: str = "r", **kw: object) -> Match:
    return Match.new(GAME, position=position(pieces, turn, **kw),  # type: ignore[arg-type]
                     dice="recorded")


def refused(m: Match, action: object, dice: list[int] | None = None) -> str:
    with pytest.raises(IllegalAction) as info:
        m.act(action, dice=dice)  # type: ignore[arg-type]
    return info.value.reason


def deploy(m: Match, seat: int, rng: random.Random | None = None) -> None:
    while seat in m.to_act:
        acts = m.legal(seat)
        m.act(rng.choice(acts) if rng else acts[0])


# ------------------------------------------------------------------ the board


def test_board_is_divided_into_100_squares() -> None:
    """"[The board] is divided into 100 squares": ten strings of ten."""
    assert len(T.TERRAIN) == 10 and all(len(row) == 10 for row in T.TERRAIN)
    assert set("".join(T.TERRAIN)) <= set(".C~BFG")
    swap = {"F": "G", "G": "F"}
    half_turn = tuple("".join(swap.get(ch, ch) for ch in row[::-1]) for row in T.TERRAIN[::-1])
    assert half_turn == T.TERRAIN  # both sides face the same ground


def test_castles_three_nearest_each_player() -> None:
    """"each player has three castles nearest to him": three on each back rank."""
    assert [SQUARES[i] for i in CASTLES] == ["b10", "f10", "i10", "b1", "e1", "i1"]
    assert all(i // 10 in (0, 9) for i in CASTLES)


def test_castle_surround_is_front_and_sides_on_the_back_rank() -> None:
    """"A Castle is surrounded, when the three squares to the front, side (and rear) are
    occupied": on the back rank a castle has exactly three neighbours."""
    assert all(len(NEIGHBOURS[c]) == 3 for c in CASTLES)


def test_ogres_can_reach_both_woods_early() -> None:
    """"Ogres should be available for early movement into the wooded areas where their
    value is enhanced": each side's fourth row touches both Forest Sauvage and Grimmwood,
    so an Ogre deployed there enters either wood in one move."""
    terrain = "".join(T.TERRAIN)
    for seat in (0, 1):
        woods = {terrain[n] for sq in FOURTH[seat] for n in NEIGHBOURS[sq] if WOOD[n]}
        assert woods == {"F", "G"}


def test_forests_and_lake_occupy_the_centre() -> None:
    """"the wooded areas and the lake occupying the centre squares between them":
    Forest Sauvage (west) and Grimmwood (east) lie on ranks 5-6 beside the lake."""
    woods = [SQUARES[i] for i in range(100) if WOOD[i]]
    assert sorted(woods) == sorted(["a6", "b6", "a5", "b5", "c5", "h6", "i6", "j6", "i5", "j5"])
    assert all(int(sq[1:]) in (5, 6) for sq in woods)
    sauvage = {SQUARES[i] for i in range(100) if "".join(T.TERRAIN)[i] == "F"}
    assert sauvage == {"a6", "b6", "a5", "b5", "c5"}


def test_lake_lies_across_the_centre_and_part_of_each_fourth_row() -> None:
    """"Lake Limpid lying across the central area of the board": it takes two squares of
    each fourth row (leaving eight, six of which are filled at setup)."""
    lake = {SQUARES[i] for i in range(100) if LAKE[i]}
    assert {"e7", "f7", "e4", "f4"} <= lake
    assert all(4 <= int(sq[1:]) <= 7 for sq in lake)
    assert len(FOURTH[0]) == len(FOURTH[1]) == 8


def test_bridge_crosses_the_lake_diagonally_across_the_centre() -> None:
    """"The 'Magic Rainbow Bridge' which crosses the lake diagonally across the centre":
    d7-e6-f5-g4, whose middle squares touch only lake orthogonally."""
    assert T.BRIDGE == ("d7", "e6", "f5", "g4")
    for sq in ("e6", "f5"):
        assert all(LAKE[n] for n in NEIGHBOURS[INDEX[sq]])
    assert sorted(SQUARES[i] for i in BRIDGE_STEPS[INDEX["e6"]]) == ["d7", "f5"]


# Both sides deployed as in the fixtures (tools/fixtures/swords_wizardry.py): Red's ranks
# 10 to 7, Black's 1 to 4 (a space is an empty fourth-row or lake square).
DEPLOYED = {
    0: dict(zip((10, 9, 8, 7), ["SASASPSANS", "AOSBNMKNBS", "BNSHGWDBOA", "BCA   SCB "],
                strict=True)),
    1: dict(zip((1, 2, 3, 4), ["sasbpascas", "abnskmnbos", "aosbwdghbn", "cbs   an s"],
                strict=True)),
}


def deployed(seat: int) -> dict[str, str]:
    """The squares of ``seat``'s deployed army, as ``position`` takes them."""
    return {f"{'abcdefghij'[c]}{rank}": ch for rank, row in DEPLOYED[seat].items()
            for c, ch in enumerate(row) if ch != " "}


def attacks_on(state: object, seat: int, src: int, targets: set[int]) -> set[int]:
    """The squares of ``targets`` the piece of ``seat`` on ``src`` can attack now, by a move
    (a challenge) or a bombardment."""
    return {INDEX[a.to] for a in RULES.legal(state, seat)  # type: ignore[attr-defined]
            if isinstance(a, Move | Bombard) and a.from_ == SQUARES[src]} & targets


@pytest.mark.parametrize("seat", [0, 1])
def test_two_squares_behind_the_lake_only_dragon_or_wizard(seat: int) -> None:
    """"the two squares immediately behind the Lake are very strong defensively, capable of
    attack only by Dragon or Wizard": e8/f8 (Red) and e3/f3 (Black) touch only their own
    home squares and the lake. With the army deployed, an enemy piece of every kind is put
    on every square it could stand on: only the Dragon and the Wizard can attack those two
    squares, by any kind of attack (a challenge, or a Siege Catapult's bombardment — the
    bridge squares e6 and f5 lie two squares from e8 and f3, across the lake)."""
    strong = {INDEX[sq] for sq in (("e8", "f8") if seat == 0 else ("e3", "f3"))}
    for sq in strong:
        assert all(n in HOME[seat] or LAKE[n] for n in NEIGHBOURS[sq])
    army = deployed(seat)
    enemy = 1 - seat
    attackers: set[str] = set()
    for kind, letter in zip((p[0] for p in T.PIECES), (p[1] for p in T.PIECES), strict=True):
        ch = letter.lower() if enemy else letter
        for src in range(100):
            if SQUARES[src] in army or LAKE[src] or (letter == "C" and src in CASTLES):
                continue
            text = position({**army, SQUARES[src]: ch}, "rb"[enemy], extras=False)
            state = RULES.parse(text, RULES.Options(), ("Red", "Black"))
            if attacks_on(state, enemy, src, strong):
                attackers.add(kind)
    assert attackers == {"dragon", "wizard"}


def test_lake_is_a_natural_barrier_to_the_catapults_boulder() -> None:
    """"Lake Limpid. Provides a natural barrier to all pieces except Wizard and Dragon
    (subject to its limited ability) which can fly over it": a Siege Catapult on the bridge
    cannot bombard e8 across e7 (nor f3 across f4), though two squares away."""
    m = match({"e8": "K", "e6": "c", "f3": "k", "f5": "C"}, "b")
    assert refused(m, Bombard(player=1, from_="e6", to="e8")) == "bombard/over-lake"
    assert not [a for a in m.legal(1) if isinstance(a, Bombard)]
    m.act(Move(player=1, from_="j1", to="j2"))
    assert refused(m, Bombard(player=0, from_="f5", to="f3")) == "bombard/over-lake"
    # on dry ground the catapult still reaches two squares, over a piece
    m = match({"c8": "K", "c7": "S", "c6": "c"}, "b")
    assert Bombard(player=1, from_="c6", to="c8") in m.legal(1)


def test_bombard_over_lake_option_is_rules_1() -> None:
    """Option ``bombard_over_lake`` (rules 1): the boulder crosses the lake, and then the
    bridge's catapult identifies a Princess on e8 and kills a Dragon on f3."""
    pos = position({"e8": "P", "e6": "c", "f3": "d", "f5": "C"}, "b")
    m = Match.new(GAME, position=pos, dice="recorded", options={"bombard_over_lake": True})
    m.act(Bombard(player=1, from_="e6", to="e8"))
    assert m.state.revealed[INDEX["e8"]]
    evs = m.act(Bombard(player=0, from_="f5", to="f3"))
    assert Eliminate(square="f3", owner=1, piece="dragon") in evs


# ------------------------------------------------------------------ deployment


def test_setup_fills_three_rows_plus_six_of_the_fourth() -> None:
    """"Each player must occupy all the squares of the three rows nearest him, plus any 6
    squares of the fourth row (but not the lake square)"."""
    m = Match.new(GAME, seed="01" * 16)
    rng = random.Random(3)
    deploy(m, 0, rng)
    deploy(m, 1, rng)
    assert isinstance(m.events[-1], Commence)
    for seat in (0, 1):
        assert all(m.state.board[i] != "." for i in HOME[seat])
        assert sum(m.state.board[i] != "." for i in FOURTH[seat]) == 6
        pieces = [ch for ch in m.state.board if ch != "." and ch.isupper() == (seat == 0)]
        assert len(pieces) == 36
    assert not any(m.state.board[i] != "." for i in range(100) if LAKE[i])


def test_setup_princess_must_be_on_a_castle() -> None:
    """"The Princess must be placed on one of the Castle squares"."""
    m = Match.new(GAME, seed="01" * 16)
    assert refused(m, Place(player=0, piece="princess", square="a10")) == (
        "setup/princess-off-castle")
    m.act(Place(player=0, piece="peasants", square="a10"))
    m.act(Place(player=0, piece="princess", square="b10"))
    assert m.state.board[INDEX["b10"]] == "P"


def test_setup_no_siege_catapult_on_a_castle() -> None:
    """"whilst Siege Catapults cannot occupy any castle square"."""
    m = Match.new(GAME, seed="01" * 16)
    m.act(Place(player=0, piece="peasants", square="a10"))
    assert refused(m, Place(player=0, piece="siege-catapult", square="b10")) == (
        "setup/catapult-on-castle")


def test_setup_not_on_the_lake_nor_outside_the_home_rows() -> None:
    """"(but not the lake square": the lake and the enemy's half are outside the zone."""
    m = Match.new(GAME, seed="01" * 16)
    assert refused(m, Place(player=0, piece="king", square="e7")) == "setup/outside-zone"
    assert refused(m, Place(player=0, piece="king", square="a1")) == "setup/outside-zone"
    assert refused(m, Place(player=0, piece="king", square="z9")) == "setup/unknown-square"
    assert refused(m, Place(player=0, piece="queen", square="a10")) == "setup/unknown-piece"


def test_setup_one_piece_at_a_time_in_placing_order() -> None:
    """Rulings: pieces go down one at a time, home rows in a fixed order, so ``legal``
    stays small (at most one square per kind) and the order reveals nothing."""
    m = Match.new(GAME, seed="01" * 16)
    assert refused(m, Place(player=0, piece="king", square="c10")) == "setup/out-of-order"
    assert 1 <= len(m.legal(0)) <= 13
    assert {a.square for a in m.legal(0)} == {"a10"}  # type: ignore[attr-defined]
    m.act(Place(player=0, piece="king", square="a10"))
    assert refused(m, Place(player=0, piece="king", square="b10")) == "setup/none-left"
    assert refused(m, Place(player=0, piece="hero", square="a10")) == "setup/occupied"


def test_setup_fourth_row_any_six_squares() -> None:
    """"plus any 6 squares of the fourth row": once the home rows are full, any fourth-row
    square east of the last one used, leaving room for the rest."""
    m = Match.new(GAME, seed="01" * 16)
    for _ in range(30):
        m.act(m.legal(0)[0])
    squares = sorted({a.square for a in m.legal(0)}, key=INDEX.__getitem__)  # type: ignore[attr-defined]
    assert squares == ["a7", "b7", "c7"]
    first = next(a for a in m.legal(0) if a.square == "c7")  # type: ignore[attr-defined]
    m.act(first)
    squares = sorted({a.square for a in m.legal(0)}, key=INDEX.__getitem__)  # type: ignore[attr-defined]
    assert squares == ["d7"]  # five more pieces, five squares left


def test_setup_dead_end_is_refused() -> None:
    """A placement that would leave the Princess no castle is refused."""
    m = Match.new(GAME, seed="01" * 16)
    for sq, piece in [("a10", "peasants"), ("b10", "king"), ("c10", "peasants"),
                      ("d10", "peasants"), ("e10", "peasants"), ("f10", "hero"),
                      ("g10", "peasants"), ("h10", "peasants")]:
        m.act(Place(player=0, piece=piece, square=sq))
    assert refused(m, Place(player=0, piece="giant", square="i10")) == "setup/dead-end"
    assert [a.piece for a in m.legal(0)] == ["princess"]  # type: ignore[attr-defined]


def test_setup_is_hidden_from_the_opponent() -> None:
    """"Each player then deploys his pieces (red backed, black backed) with the backs of
    the pieces facing his opponent so that the identity of the pieces remains hidden": the
    sides are Red and Black; the opponent sees only that the square is filled."""
    assert T.SEAT_NAMES == ("Red", "Black")
    m = Match.new(GAME, seed="01" * 16)
    ev = Place(player=0, piece="king", square="a10")
    m.act(ev)
    assert m.view(0).board[INDEX["a10"]] == "K"
    assert m.view(1).board[INDEX["a10"]] == "X"
    assert m.view(None).board[INDEX["a10"]] == "X"
    assert RULES.redact(ev, 1) == Place(player=0, piece="", square="a10")
    assert RULES.redact(ev, None).piece == ""  # type: ignore[attr-defined]
    assert RULES.redact(ev, 0) == ev
    assert "X" in m.render(1) and "K" not in m.render(1).split("\n")[1]


def test_setup_is_simultaneous_and_first_player_option() -> None:
    """"Having arranged which player is to start": an option, Red by default."""
    m = Match.new(GAME, seed="02" * 16, options={"first": "black"})
    assert m.to_act == frozenset({0, 1})
    deploy(m, 1)
    assert m.to_act == frozenset({0})
    deploy(m, 0)
    assert m.events[-1] == Commence(first=1)
    assert m.to_act == frozenset({1})


def test_counts_total_36_and_an_option() -> None:
    """"Each player starts with a force of 36 pieces, including the Princess"."""
    assert sum(p[3] for p in T.PIECES) == 36
    assert [p[3] for p in T.PIECES if p[0] == "princess"] == [1]
    m = Match.new(GAME, seed="03" * 16, options={"counts": {"peasants": 8, "knights": 5}})
    assert m.state.counts[8] == 5 and m.state.counts[11] == 8
    deploy(m, 0)
    assert sum(ch == "N" for ch in m.state.board) == 5
    with pytest.raises(GrimoireError) as info:
        Match.new(GAME, options={"counts": {"peasants": 5}})
    assert info.value.reason == "options/counts"
    with pytest.raises(GrimoireError):
        Match.new(GAME, options={"counts": {"princess": 2, "peasants": 8}})
    with pytest.raises(GrimoireError):
        Match.new(GAME, options={"counts": {"unicorn": 1}})
    # option mistakes are the caller's, not a player's: setup refuses them as usage errors
    with pytest.raises(UsageError) as usage:
        RULES.setup(RULES.Options(counts={"unicorn": 1}), ("Red", "Black"))
    assert usage.value.reason == "options/unknown-piece"
    with pytest.raises(UsageError) as usage:
        RULES.setup(RULES.Options(counts={"peasants": 5}), ("Red", "Black"))
    assert usage.value.reason == "options/counts"


# ------------------------------------------------------------------ moves


def test_move_one_square_sideways_forwards_or_backwards() -> None:
    """"each player in turn moves any one piece of his choice according to the abilities
    of the piece selected. In general this will involve moving the piece selected one
    square only, sideways, forwards or backwards into an unoccupied square or into a square
    occupied by an opposing piece"."""
    m = match({"c8": "N", "c9": "A"})
    tos = sorted(a.to for a in m.legal(0) if a.from_ == "c8")  # type: ignore[attr-defined]
    assert tos == ["b8", "c7", "d8"]
    assert refused(m, Move(player=0, from_="c8", to="c6")) == "move/unreachable"
    assert refused(m, Move(player=0, from_="c8", to="d7")) == "move/diagonal"
    assert refused(m, Move(player=0, from_="c8", to="c9")) == "move/own-piece"
    assert refused(m, Move(player=0, from_="d8", to="d7")) == "move/no-piece"
    assert refused(m, Move(player=0, from_="j1", to="j2")) == "move/not-yours"
    m.act(Move(player=0, from_="c8", to="c7"))
    assert m.state.board[INDEX["c7"]] == "N" and m.to_act == frozenset({1})


def test_lake_cannot_be_entered() -> None:
    """"Lake Limpid ... cannot be entered or occupied by any piece ... All other pieces
    must manoeuvre around the lake."""
    m = match({"e8": "N"})
    assert refused(m, Move(player=0, from_="e8", to="e7")) == "move/lake"
    assert refused(m, Move(player=0, from_="e8", to="e6")) == "move/unreachable"


def test_bridge_is_the_only_diagonal_move_and_any_piece_may_use_it() -> None:
    """"may be used by any piece to cross the lake. This is the only diagonal move allowed
    ... Challenges may take place across this bridge in the normal manner."""
    m = match({"d7": "S", "c8": "N", "f5": "n"})
    m.act(Move(player=0, from_="d7", to="e6"))
    m.act(Move(player=1, from_="j1", to="j2"))
    assert refused(m, Move(player=0, from_="c8", to="b7")) == "move/diagonal"
    evs = m.act(Move(player=0, from_="e6", to="f5"))  # a challenge across the bridge
    assert evs[1] == Challenge(from_="e6", to="f5", attacker="peasants", defender="knights")
    assert m.state.board[INDEX["e6"]] == "."  # peasants v knights: A


def test_wizard_moves_any_distance_and_flies_over_the_lake() -> None:
    """"[The Wizard] may move any number of squares sideways, backwards and forwards,
    providing the path is clear. Can fly over the lake" "(but not diagonally)"."""
    m = match({"e8": "W", "e2": "S", "c8": "S"})
    tos = {a.to for a in m.legal(0) if a.from_ == "e8"}  # type: ignore[attr-defined]
    assert {"e6", "e3", "e9", "e10", "d8", "j8", "f8"} <= tos
    assert "e2" not in tos and "e1" not in tos and "b8" not in tos  # blocked paths
    assert "e7" not in tos and "f7" not in tos
    assert refused(m, Move(player=0, from_="e8", to="e1")) == "move/unreachable"
    assert refused(m, Move(player=0, from_="e8", to="a8")) == "move/unreachable"
    assert refused(m, Move(player=0, from_="e8", to="g6")) == "move/lake"
    m.act(Move(player=0, from_="e8", to="e3"))
    assert m.state.board[INDEX["e3"]] == "W"


def test_wizard_bounces_back_one_square() -> None:
    """"Should the die throw result in neither piece being defeated, the Wizard bounces back
    one square as for 'No Result' in normal attacks": the Wizard's flight ends on the first
    piece in its path; with no defeat it ends one square short of it (a8-a3 ends on a4),
    past any lake squares (e9-e3 flies over the lake and ends on the bridge square e6)."""
    m = match({"a8": "W", "a3": "g"})
    evs = m.act(Move(player=0, from_="a8", to="a3"), dice=[2])
    assert Bounce(from_="a8", to="a4") in evs
    assert m.state.board[INDEX["a4"]] == "W" and m.state.board[INDEX["a3"]] == "g"
    assert m.state.board[INDEX["a8"]] == "." and m.state.revealed[INDEX["a4"]]
    m = match({"e9": "W", "e3": "g"})
    m.act(Move(player=0, from_="e9", to="e3"), dice=[2])
    assert m.state.board[INDEX["e6"]] == "W" and m.state.board[INDEX["e3"]] == "g"
    # next to its target it stays where it was, as any attacker does
    m = match({"c8": "W", "c7": "g"})
    evs = m.act(Move(player=0, from_="c8", to="c7"), dice=[4])
    assert not any(isinstance(e, Bounce) for e in evs) and m.state.board[INDEX["c8"]] == "W"


def test_wizard_cannot_rescue_and_bounces_back_one_square() -> None:
    """"The Wizard cannot rescue the Princess (treat as a 'No Result' attack)": she is
    found, no die is thrown, and the Wizard bounces back one square."""
    m = match({"h9": "W", "h3": "p"})
    evs = m.act(Move(player=0, from_="h9", to="h3"))
    assert evs[-1] == Bounce(from_="h9", to="h4")
    assert m.view(0).board[INDEX["h3"]] == "p" and m.outcome is None


def test_wizard_bounce_can_complete_a_surround() -> None:
    """A Wizard bouncing back lands on a square like any piece arriving there: if that
    completes the ring around a castle, the castle may be stormed (Rulings)."""
    m = match({"a1": "N", "c1": "A", "b1": "k", "e2": "W", "a2": "g"})
    evs = m.act(Move(player=0, from_="e2", to="a2"), dice=[2])
    assert evs[-2:] == (Bounce(from_="e2", to="b2"), Surround(castle="b1", by=0))
    assert m.to_act == frozenset({0})


def test_wizard_bounce_option_start_is_rules_1() -> None:
    """Option ``wizard_bounce="start"`` (rules 1): with no result the Wizard goes back to
    the square its flight started from."""
    pos = position({"e9": "W", "e3": "g"})
    m = Match.new(GAME, position=pos, dice="recorded", options={"wizard_bounce": "start"})
    evs = m.act(Move(player=0, from_="e9", to="e3"), dice=[2])
    assert not any(isinstance(e, Bounce) for e in evs)
    assert m.state.board[INDEX["e9"]] == "W" and m.state.board[INDEX["e3"]] == "g"


def test_dragon_flies_over_one_intervening_square_or_piece() -> None:
    """"Can fly over intervening pieces but one square only"; "The Wizards and the Dragons
    may fly directly over the lake (but not diagonally)"."""
    m = match({"c8": "D", "c7": "S", "c6": "S"})
    tos = {a.to for a in m.legal(0) if a.from_ == "c8"}  # type: ignore[attr-defined]
    assert "c6" not in tos and "c5" not in tos  # own piece on c6; two squares is too far
    assert {"b8", "a8", "d8", "c9", "c10"} <= tos
    assert refused(m, Move(player=0, from_="c8", to="c5")) == "move/unreachable"
    m = match({"e8": "D", "e9": "S"})
    assert refused(m, Move(player=0, from_="e8", to="f7")) == "move/lake"
    m.act(Move(player=0, from_="e8", to="e6"))  # over e7, the lake, onto the bridge
    assert m.state.board[INDEX["e6"]] == "D"


def test_dragon_blocked_by_peasants_in_depth() -> None:
    """"Even the movement of Dragons can be blocked by Peasants in sufficient depth"."""
    m = match({"c8": "d", "c7": "s", "c6": "s", "b8": "s", "a8": "s", "d8": "s", "e8": "s",
               "c9": "s", "c10": "s"}, "b")
    assert not [a for a in m.legal(1) if a.from_ == "c8"]  # type: ignore[attr-defined]
    m = match({"c8": "d", "c7": "S", "c6": "S"}, "b")
    tos = {a.to for a in m.legal(1) if a.from_ == "c8"}  # type: ignore[attr-defined]
    assert "c7" in tos and "c6" in tos and "c5" not in tos


# ------------------------------------------------------------------ challenges


def test_challenge_shows_both_pieces_and_they_stay_known() -> None:
    """"In the latter case - called a challenge - each player shows his piece" (Rulings:
    a shown piece stays known to the opponent wherever it goes)."""
    m = match({"c8": "K", "c7": "h"})
    assert m.view(0).board[INDEX["c7"]] == "x"
    m.act(Move(player=0, from_="c8", to="c7"))  # king v hero: no result
    assert m.view(0).board[INDEX["c7"]] == "h" and m.view(1).board[INDEX["c8"]] == "K"
    m.act(Move(player=1, from_="c7", to="c6"))
    assert m.view(0).board[INDEX["c6"]] == "h"
    assert m.view(1).board[INDEX["a10"]] == "X"


# ------------------------------------------------------------------ the Siege Catapult


def test_catapult_bombards_a_castle_occupant() -> None:
    """"An attack by a Siege Catapult on a piece occupying a castle will automatically
    defeat the occupying piece ... whatever its rank or value" — here from one square's
    distance; the catapult "remains on its own square"."""
    m = match({"b3": "C", "b1": "k"})
    evs = m.act(Bombard(player=0, from_="b3", to="b1"))
    assert Eliminate(square="b1", owner=1, piece="king") in evs
    assert m.state.board[INDEX["b3"]] == "C" and m.state.board[INDEX["b1"]] == "."


def test_catapult_bombards_a_dragon() -> None:
    """"An attacking Siege Catapult will also defeat a Dragon"."""
    m = match({"c9": "C", "c8": "S", "c7": "d"})
    m.act(Bombard(player=0, from_="c9", to="c7"))
    assert m.state.board[INDEX["c7"]] == "." and m.state.board[INDEX["c9"]] == "C"


@pytest.mark.parametrize("target", ["k", "n", "g", "p", "w"])
def test_catapult_at_distance_otherwise_no_result(target: str) -> None:
    """"Should a Siege Catapult attack at this distance, the outcome (except in the case of
    Castles and Dragons) must be treated as a 'No Result' both pieces remaining in place"."""
    m = match({"c9": "C", "c7": target})
    evs = m.act(Bombard(player=0, from_="c9", to="c7"))
    assert not any(isinstance(e, Eliminate) for e in evs)
    assert m.state.board[INDEX["c7"]] == target and m.state.revealed[INDEX["c7"]]


def test_catapult_bombard_needs_a_target_two_squares_away() -> None:
    """"The Siege Catapult also has the ability to attack pieces adjacent to it (sideways,
    forwards, or backwards, not diagonally)": a bombardment reaches an enemy exactly two
    squares away in a straight line (Rulings); next to it, or three away, there is none."""
    m = match({"c9": "C", "c8": "n", "c6": "n"})
    assert refused(m, Bombard(player=0, from_="c9", to="c8")) == "bombard/no-target"
    assert refused(m, Bombard(player=0, from_="c9", to="c6")) == "bombard/no-target"
    assert refused(m, Bombard(player=0, from_="a10", to="a8")) == "bombard/not-a-catapult"


def test_catapult_adjacent_uses_the_table() -> None:
    """"Should the Siege Catapult attack the immediately adjacent square, the results given
    in the Attack Table must be implemented": against Knights the catapult is lost (A)."""
    m = match({"c8": "C", "c7": "n"})
    m.act(Move(player=0, from_="c8", to="c7"))
    assert m.state.board[INDEX["c8"]] == "." and m.state.board[INDEX["c7"]] == "n"


def test_catapult_adjacent_defeats_castle_occupant() -> None:
    """"Remember the variations to the Attack Table in these specific circumstances; Siege
    Catapult attacking pieces occupying Castles": the castle rule beats the table, Catapult
    v Giant is "—", but in a castle the Giant falls; the catapult stays on its own square."""
    m = match({"b2": "C", "b1": "g"})
    m.act(Move(player=0, from_="b2", to="b1"))
    assert m.state.board[INDEX["b1"]] == "." and m.state.board[INDEX["b2"]] == "C"


def test_catapult_next_to_a_wizard_throws_the_die() -> None:
    """"The outcome of all conflicts involving the Wizard is determined by throwing the
    die": a catapult challenging a Wizard next to it meets the die (a 3 defeats the
    catapult, a non-Monster piece); from two squares away "the outcome ... must be treated
    as a 'No Result'" and nothing is thrown (Rulings)."""
    m = match({"c8": "C", "c7": "w"})
    evs = m.act(Move(player=0, from_="c8", to="c7"), dice=[3])
    assert Eliminate(square="c8", owner=0, piece="siege-catapult") in evs
    m = match({"c9": "C", "c7": "w"})
    evs = m.act(Bombard(player=0, from_="c9", to="c7"))  # recorded dice: none thrown
    assert not any(isinstance(e, Eliminate) for e in evs)


def test_catapult_never_enters_a_castle() -> None:
    """"it cannot at any time be moved onto a Castle square"."""
    m = match({"b2": "C"})
    assert refused(m, Move(player=0, from_="b2", to="b1")) == "move/catapult-castle"


def test_catapult_finds_princess_in_castle_and_she_stays() -> None:
    """"Should the piece occupying the Castle prove to be the Princess, the Princess must
    remain in position for the remainder of the game and await rescue"."""
    m = match({"b3": "C", "b1": "p", "c3": "N"})
    evs = m.act(Bombard(player=0, from_="b3", to="b1"))
    assert Pin(square="b1", owner=1) in evs
    assert m.state.pinned == (False, True) and m.state.board[INDEX["b1"]] == "p"
    assert refused(m, Move(player=1, from_="b1", to="a1")) == "move/princess-pinned"
    m.act(Move(player=1, from_="j1", to="j2"))
    m.act(Move(player=0, from_="c3", to="c2"))
    m.act(Move(player=1, from_="j2", to="j1"))
    m.act(Move(player=0, from_="c2", to="c1"))
    m.act(Move(player=1, from_="j1", to="j2"))
    evs = m.act(Move(player=0, from_="c1", to="b1"))  # the rescue
    assert evs[-1] == GameOver(winners=(0,), reason="rescue")


# ------------------------------------------------------------------ castles


def test_castle_occupant_cannot_be_challenged_in_the_ordinary_way() -> None:
    """"any piece occupying a castle square cannot be challenged in the ordinary way"."""
    m = match({"b2": "N", "b1": "k", "e2": "D", "e1": "p"})
    assert refused(m, Move(player=0, from_="b2", to="b1")) == "move/castle-protected"
    assert refused(m, Move(player=0, from_="e2", to="e1")) == "move/castle-protected"


def test_a_shown_princess_in_a_castle_cannot_be_challenged_in_the_ordinary_way() -> None:
    """"any piece occupying a castle square cannot be challenged in the ordinary way": a
    Princess identified by Peasants who then walks into a castle is protected there like any
    piece. The text's one exception is a Princess pinned by a catapult, who must "await
    rescue by an authorized piece" (``test_catapult_finds_princess_in_castle_and_she_stays``)."""
    def play(**options: object) -> Match:
        m = Match.new(GAME, position=position({"b3": "S", "a2": "N", "b2": "p"}),
                      dice="recorded", options=options)  # type: ignore[arg-type]
        m.act(Move(player=0, from_="b3", to="b2"))  # peasants find her and retreat
        m.act(Move(player=1, from_="b2", to="b1"))  # she walks into the castle
        m.act(Move(player=0, from_="a2", to="a1"))
        m.act(Move(player=1, from_="j1", to="j2"))
        return m

    m = play()
    assert m.state.revealed[INDEX["b1"]] and not m.state.pinned[1]
    assert refused(m, Move(player=0, from_="a1", to="b1")) == "move/castle-protected"
    assert Move(player=0, from_="a1", to="b1") not in m.legal(0)
    # option castle_challenge="shown" (rules 1): a Princess already shown may be challenged
    m = play(castle_challenge="shown")
    evs = m.act(Move(player=0, from_="a1", to="b1"))
    assert evs[-1] == GameOver(winners=(0,), reason="rescue")


def test_unoccupied_castle_may_be_occupied_by_either_side() -> None:
    """"Unoccupied Castle squares may be occupied by any piece (other than a Siege
    Catapult) from either side during the course of a normal move."""
    m = match({"b2": "N"})
    m.act(Move(player=0, from_="b2", to="b1"))
    assert m.state.board[INDEX["b1"]] == "N"


def test_castle_surround_storm() -> None:
    """"Once the Castle is surrounded in this manner the surrounding player may
    immediately, and automatically, remove the piece occupying the Castle and replace it
    with whichever of the surrounding pieces he chooses."""
    m = match({"a1": "N", "c1": "A", "b3": "B", "b1": "k"})
    evs = m.act(Move(player=0, from_="b3", to="b2"))
    assert evs[-1] == Surround(castle="b1", by=0)
    assert m.to_act == frozenset({0})
    storms = [a.from_ for a in m.legal(0) if isinstance(a, Storm)]
    assert sorted(storms) == ["a1", "b2", "c1"]
    assert refused(m, Move(player=0, from_="a10", to="a9")) == "storm/pending"
    assert refused(m, Storm(player=0, castle="b1", from_="d1")) == "storm/not-surrounding"
    evs = m.act(Storm(player=0, castle="b1", from_="c1"))
    assert evs[1:] == (Reveal(square="b1", piece="king"),
                       Eliminate(square="b1", owner=1, piece="king"),
                       Advance(from_="c1", to="b1"))
    assert m.state.board[INDEX["b1"]] == "A" and m.to_act == frozenset({1})


def test_surrounding_player_may_storm_the_castle_or_leave_it() -> None:
    """"Once the Castle is surrounded in this manner the surrounding player may
    immediately, and automatically, remove the piece": he may also leave it (``decline``),
    and then play passes on with nothing removed or shown."""
    m = match({"a1": "N", "c1": "A", "b3": "B", "b1": "k"})
    m.act(Move(player=0, from_="b3", to="b2"))
    assert Decline(player=0, castle="b1") in m.legal(0)
    assert refused(m, Decline(player=0, castle="e1")) == "storm/wrong-castle"
    evs = m.act(Decline(player=0, castle="b1"))
    assert evs == (Decline(player=0, castle="b1"),)
    assert m.state.board[INDEX["b1"]] == "k" and not m.state.revealed[INDEX["b1"]]
    assert m.state.storm == -1 and m.to_act == frozenset({1})
    assert refused(m, Storm(player=1, castle="b1", from_="b2")) == "storm/none"
    assert refused(m, Decline(player=1, castle="b1")) == "storm/none"


def test_storm_option_must_is_rules_1() -> None:
    """Option ``storm="must"`` (rules 1): the surrounding player has to storm."""
    pos = position({"a1": "N", "c1": "A", "b3": "B", "b1": "k"})
    m = Match.new(GAME, position=pos, dice="recorded", options={"storm": "must"})
    m.act(Move(player=0, from_="b3", to="b2"))
    assert all(isinstance(a, Storm) for a in m.legal(0))
    assert refused(m, Decline(player=0, castle="b1")) == "storm/forced"


def test_castle_surround_rescues_princess_with_a_rescuer() -> None:
    """"Should the defending piece prove to be the Princess, rescue and victory occur,
    provided that one of the surrounding pieces is the type of piece entitled to make a
    successful rescue."""
    m = match({"a1": "S", "c1": "N", "b3": "O", "b1": "p"})
    m.act(Move(player=0, from_="b3", to="b2"))
    evs = m.act(Storm(player=0, castle="b1", from_="b2"))
    assert evs[-1] == GameOver(winners=(0,), reason="rescue")


def test_castle_surround_princess_without_rescuer_stays() -> None:
    """Without a rescuing piece among the surrounders the Princess is found but stays."""
    m = match({"a1": "S", "c1": "D", "b3": "O", "b1": "p"})
    m.act(Move(player=0, from_="b3", to="b2"))
    evs = m.act(Storm(player=0, castle="b1", from_="b2"))
    assert Reveal(square="b1", piece="princess") in evs
    assert m.outcome is None and m.state.board[INDEX["b1"]] == "p"
    assert m.state.board[INDEX["b2"]] == "O" and m.to_act == frozenset({1})


def test_storming_catapult_stays_on_its_own_square() -> None:
    """"replace it with whichever of the surrounding pieces he chooses" — but a Siege
    Catapult "cannot at any time be moved onto a Castle square": chosen, it removes the
    occupant and stays where it is (Rulings)."""
    m = match({"a1": "N", "c1": "A", "b3": "C", "b1": "g"})
    m.act(Move(player=0, from_="b3", to="b2"))
    evs = m.act(Storm(player=0, castle="b1", from_="b2"))
    assert Eliminate(square="b1", owner=1, piece="giant") in evs
    assert not any(isinstance(e, Advance) for e in evs)
    assert m.state.board[INDEX["b1"]] == "." and m.state.board[INDEX["b2"]] == "C"


def test_a_piece_attacking_out_of_a_castle_is_not_protected() -> None:
    """"Pieces occupying Castle squares can be defeated in only two ways": the castle
    shields a piece that is challenged there; a piece that leaves it to challenge is an
    ordinary attacker (Rulings): a King in a castle attacking Peasants is eliminated (A)."""
    m = match({"b1": "k", "b2": "S"}, "b")
    evs = m.act(Move(player=1, from_="b1", to="b2"))
    assert Eliminate(square="b1", owner=1, piece="king") in evs
    assert m.state.board[INDEX["b2"]] == "S"


def test_walking_into_a_surrounded_castle() -> None:
    """A piece that flies into a castle its enemy already surrounds is stormed at once by
    the surrounding player (Rulings)."""
    m = match({"e10": "s", "g10": "s", "f9": "s", "f8": "D"})
    evs = m.act(Move(player=0, from_="f8", to="f10"))
    assert evs[-1] == Surround(castle="f10", by=1)
    assert m.to_act == frozenset({1})
    m.act(Storm(player=1, castle="f10", from_="f9"))
    assert m.state.board[INDEX["f10"]] == "s" and m.to_act == frozenset({1})


# ------------------------------------------------------------------ the Princess


def test_princess_has_no_attacking_abilities() -> None:
    """"Can make normal moves but has no attacking or defensive abilities"."""
    m = match({"c8": "P", "c7": "n"})
    assert refused(m, Move(player=0, from_="c8", to="c7")) == "move/princess-cannot-attack"
    m.act(Move(player=0, from_="c8", to="d8"))
    assert m.state.board[INDEX["d8"]] == "P"


def test_princess_moves_freely_into_enemy_territory() -> None:
    """"the Princess, although having no defensive or attacking abilities, is able to move
    as freely as any other piece and may be moved into enemy territory if deemed
    expedient": she crosses the bridge and walks into an empty enemy castle."""
    m = match({"d7": "P"})
    path = ["d7", "e6", "f5", "g4", "g3", "g2", "g1", "f1", "e1"]
    for k, (src, dst) in enumerate(pairwise(path)):
        m.act(Move(player=0, from_=src, to=dst))
        m.act(Move(player=1, from_=("j1", "j2")[k % 2], to=("j2", "j1")[k % 2]))
    assert m.state.board[INDEX["e1"]] == "P" and m.outcome is None


def test_princess_identified_by_non_rescuer_who_retreats() -> None:
    """"She may of course be identified following a challenge by a non-rescuing piece, but
    this piece must then retreat to allow a successful challenge to be made by a
    'rescuing' piece."""
    m = match({"c8": "G", "b7": "H", "c7": "p"})
    m.act(Move(player=0, from_="c8", to="c7"))
    assert m.state.board[INDEX["c8"]] == "G" and m.view(0).board[INDEX["c7"]] == "p"
    m.act(Move(player=1, from_="j1", to="j2"))
    evs = m.act(Move(player=0, from_="b7", to="c7"))
    assert evs[-1] == GameOver(winners=(0,), reason="rescue")
    assert m.to_act == frozenset()


def test_player_who_cannot_move_loses() -> None:
    """"Should at any stage a player be unable to move any piece when it is his turn to do
    so, victory is immediately awarded to the other player. Victory is therefore still
    possible even if a player has lost all his 'rescuing' pieces": Black wins with
    Peasants."""
    m = match({"a10": "P", "a9": "s", "b10": "s"}, "b")
    evs = m.act(Move(player=1, from_="j1", to="j2"))
    assert evs[-1] == GameOver(winners=(1,), reason="no-move")
    assert m.outcome is not None and m.outcome.reason == "no-move"


def test_quiet_limit_option_draws() -> None:
    """Option ``quiet_limit`` (off by default): so many moves without an attack draw."""
    m = Match.new(GAME, position=position({}), dice="recorded", options={"quiet_limit": 2})
    m.act(Move(player=0, from_="a10", to="a9"))
    evs = m.act(Move(player=1, from_="j1", to="j2"))
    assert evs[-1] == GameOver(winners=(), reason="quiet-limit")


# ------------------------------------------------------------------ notation and views


def test_notation_round_trips() -> None:
    for text in ["10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0",
                 "SP*8/10/10/10/10/10/10/10/1B8/NkA1p*4s b rb b1:r 7",
                 "S9/10/10/10/10/10/10/10/1p*8/1N*7s b - - 3 rescue:r"]:
        state = RULES.parse(text, RULES.Options(), ("Red", "Black"))
        assert RULES.notation(state) == text
    with pytest.raises(IllegalAction) as info:
        RULES.notation(RULES.setup(RULES.Options(), ("Red", "Black")))
    assert info.value.reason == "position/setup"
    for bad in ["10/10 r - - 0", "4K5/10/10/10/10/10/10/10/10/10 r - - x",
                "4K5/10/10/4Q5/10/10/10/10/10/10 r - - 0", "10/10/10/4K5/10/10/10/10/10/10 r - - 0",
                "KK8/10/10/10/10/10/10/10/10/10 r - - 0", "1C8/10/10/10/10/10/10/10/10/10 r - - 0"]:
        with pytest.raises(IllegalAction):
            RULES.parse(bad, RULES.Options(), ("Red", "Black"))


def test_disguise_varies_hidden_identities_only() -> None:
    """The leak check has teeth: disguise moves unrevealed identities around, and the
    opponent's view does not change."""
    m = Match.new(GAME, seed="04" * 16)
    deploy(m, 0, random.Random(1))
    deploy(m, 1, random.Random(2))
    rng = random.Random(0)
    changed = False
    for _ in range(5):
        other = RULES.disguise(m.state, 0, rng)
        changed = changed or other.board != m.state.board
        assert msgspec.to_builtins(RULES.view(other, 0)) == msgspec.to_builtins(m.view(0))
        assert all(other.board[i] == m.state.board[i] for i in HOME[0])
    assert changed


def test_redacted_log_identical_for_setups_differing_in_hidden_identities() -> None:
    """A player's view and redacted log are the same for two enemy setups that differ
    only in unrevealed identities."""
    def play(swap: bool) -> Match:
        m = Match.new(GAME, seed="05" * 16)
        deploy(m, 1)
        acts = []
        while m.state.turn < 0:
            a = m.legal(0)[0]
            acts.append(a)
            m.act(a)
        if not swap:
            return m
        # the same deployment with the peasants on a10 and the knights on c10 exchanged
        m2 = Match.new(GAME, seed="05" * 16)
        deploy(m2, 1)
        pieces = {a.square: a.piece for a in acts}  # type: ignore[attr-defined]
        squares = [sq for sq in pieces if pieces[sq] not in ("princess", "siege-catapult")]
        a_sq, b_sq = next((x, y) for x in squares for y in squares
                          if pieces[x] != pieces[y])
        pieces[a_sq], pieces[b_sq] = pieces[b_sq], pieces[a_sq]
        for a in acts:
            m2.act(Place(player=0, piece=pieces[a.square], square=a.square))  # type: ignore[attr-defined]
        return m2

    a, b = play(False), play(True)
    assert a.state.board != b.state.board
    assert [RULES.redact(e, 1) for e in a.events] == [RULES.redact(e, 1) for e in b.events]
    assert msgspec.to_builtins(a.view(1)) == msgspec.to_builtins(b.view(1))


def test_board_shows_the_ground_under_pieces_and_a_pinned_princess() -> None:
    """The text board keeps the map visible under the pieces ("Depicted are the following
    important features: (a) Castles ... (b) Forests ... (c) Lake"): a piece on a castle,
    forest or bridge square is drawn with that ground's mark in front of it, and a Princess
    pinned in her castle ("must remain in position for the remainder of the game") is marked
    ``!``; a legend line says so."""
    m = match({"b3": "C", "b1": "p", "a6": "O", "e6": "D", "f10": "K"})
    m.act(Bombard(player=0, from_="b3", to="b1"))
    rows = m.render(0).splitlines()
    assert rows[1].split()[:7] == ["10", "S", "#", ".", ".", ".", "#K"]
    assert rows[5].split()[:6] == ["6", "^O", "^", ".", "~", "\\D"]
    assert rows[10].split()[:3] == ["1", ".", "#p!"]
    legend = "\n".join(rows[11:])
    assert "! a Princess pinned in her castle" in legend and "# castle  ^ forest" in legend
    assert "in front of a piece: the ground under it" in legend
    # the opponent's view: unidentified, but the ground and the marks still show
    theirs = m.render(1).splitlines()
    assert theirs[1].split()[6] == "#X" and theirs[5].split()[1] == "^X"
    assert theirs[10].split()[2] == "#p!"


def test_describe_and_render_every_event() -> None:
    m = match({"b3": "C", "b1": "p"})
    m.act(Bombard(player=0, from_="b3", to="b1"))
    for e in m.events:
        assert RULES.describe(e)
    assert "lost" in m.render(0) and "x" in m.render(0)


# ------------------------------------------------------------------ rules 1 logs

RULES_1_PLAYS = {
    "bombard-over-lake": (position({"e8": "P", "e6": "c"}, "b"),
                          [(Bombard(player=1, from_="e6", to="e8"), [])]),
    "challenge-shown-princess-in-castle": (
        position({"b3": "S", "a2": "N", "b2": "p"}),
        [(Move(player=0, from_="b3", to="b2"), []), (Move(player=1, from_="b2", to="b1"), []),
         (Move(player=0, from_="a2", to="a1"), []), (Move(player=1, from_="j1", to="j2"), []),
         (Move(player=0, from_="a1", to="b1"), [])]),
    "wizard-back-to-start": (position({"e9": "W", "e3": "g"}),
                             [(Move(player=0, from_="e9", to="e3"), [2])]),
}


@pytest.mark.parametrize("case", sorted(RULES_1_PLAYS))
def test_rules_1_logs_replay_as_they_were_played(case: str) -> None:
    """A log whose header says rules "1" is read with the options that reproduce rules 1
    (``RULES.older``), so it audits exactly as it was played; the same actions under rules
    "2" are refused or decided differently."""
    assert RULES.version == "2"
    old = dict(RULES.older["1"])
    assert old == {"bombard_over_lake": True, "castle_challenge": "shown", "storm": "must",
                   "wizard_bounce": "start"}
    pos, steps = RULES_1_PLAYS[case]
    m = Match.new(GAME, position=pos, dice="recorded", options=old)
    for action, dice in steps:
        m.act(action, dice=dice)
    header = msgspec.structs.replace(m.header, rules="1", options={})
    assert audit_events(RULES, header, m.events).ok
    now = audit_events(RULES, msgspec.structs.replace(header, rules="2"), m.events)
    assert not now.ok


V1_FIXTURES = sorted((Path(__file__).resolve().parents[3] / "fixtures" / "swords-wizardry")
                     .glob("v1-*.jsonl"))


def test_rules_1_fixtures_still_audit() -> None:
    """The fixtures recorded under rules 1 (kept unchanged as ``v1-*.jsonl``: the five full
    games and the edge cases rules 2 touches) still audit as they did; one full game has a
    Wizard bouncing back to its start, so read as rules 2 it would not audit."""
    assert {p.name for p in V1_FIXTURES} >= {f"v1-full-0{i}.jsonl" for i in range(1, 6)}
    differs = []
    for path in V1_FIXTURES:
        log = read_log(path)
        assert log.header.rules == "1", path.name
        expect = log.header.meta.get("expect")
        report = audit_events(RULES, log.header, log.events)
        assert report.ok == (expect is None), (path.name, report.summary())
        if expect is not None:
            assert report.error is not None and report.error["reason"] == expect
        as_2 = audit_events(RULES, msgspec.structs.replace(log.header, rules="2"), log.events)
        if as_2.ok != report.ok:
            differs.append(path.name)
    assert "v1-full-03.jsonl" in differs


def test_rules_1_storm_is_compulsory() -> None:
    """Under rules 1 the storm of a surrounded castle was compulsory: a rules 1 header
    reads as ``storm="must"``."""
    assert options_for(RULES, "1", {}).storm == "must"
    assert options_for(RULES, "2", {}).storm == "may"


# ------------------------------------------------------------------ whole games


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_playouts_audit_replay_and_leak(seed: int) -> None:
    m = Match.new(GAME, seed=f"{seed:02x}" * 16)
    rng = random.Random(seed)
    disguiser = random.Random(seed)  # its own: the playout must not hang on disguise's draws
    n = 0
    while m.to_act and n < 4000:
        p = rng.choice(sorted(m.to_act))
        acts = m.legal(p)
        assert acts
        if n % 41 == 0:
            for a in acts:
                RULES.decide(m.state, a, SeededDice(b"probe"))
        m.act(rng.choice(acts))
        n += 1
        if n % 17 == 0:
            for q in (0, 1):
                mine = msgspec.to_builtins(m.view(q))
                other = RULES.disguise(m.state, q, disguiser)
                assert msgspec.to_builtins(RULES.view(other, q)) == mine
            if m.state.turn >= 0:
                assert RULES.parse(RULES.notation(m.state), RULES.Options(),
                                   ("Red", "Black")) == m.state
            RULES.render(m.view(0), 0)
    assert m.outcome is not None
    report = audit_events(RULES, m.log(reveal=True).header, m.events)
    assert report.ok, report.error
    replay = Replay(RULES, m.header, m.events, every=64)
    start = initial_state(RULES, m.header)
    for k in (0, 1, 100, len(m.events) // 2, len(m.events)):
        assert replay.seek(k) == fold(RULES, start, m.events[:k])
    decoded = msgspec.json.decode(msgspec.json.encode(m.events), type=list[RULES.Event])
    assert decoded == list(m.events)
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(m.state), type=RULES.State) == m.state
    # the redacted log folds without error for the opponent
    fold(RULES, start, [RULES.redact(e, 1) for e in m.events])
