"""Magery: one test per rule of the rules text, named after it, quoting it.

Positions use the game's notation (see docs/games/magery.md); the helper ``at`` builds
one from a square->letter map (White upper case, Black lower case: D dragon, M myrmidon,
U undead, F fey, E elemental, B beast, C construct, S spirit) and a floor->letter map.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from grimoire.core.audit import audit_events
from grimoire.core.dice import RecordedDice, SeededDice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Event, Header, Shuffle
from grimoire.core.match import Match
from grimoire.core.replay import initial_state
from grimoire.games.magery import RULES
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.events import (
    Arrange,
    Banish,
    Capture,
    Deal,
    Decline,
    Dismiss,
    Draw,
    Dream,
    Enchant,
    Flip,
    Foresee,
    GameOver,
    Move,
    Pass,
    Phase,
    Place,
    Relocate,
    Remove,
    Rotate,
    Runes,
    Shield,
    Summon,
    Swap,
    TakeOrb,
    Teleport,
    Transmute,
    Turn,
)

W, BL = 0, 1
FAR = {"h8": "u", "a8": "U"}  # bystanders so that no Arena is ever empty
CHAOS = "chaos=seer,magus,dream-lord,conjurer"


def position(pieces: dict[str, str], tower: dict[int, str] | None = None, **fields: Any) -> str:
    grid = [["."] * 8 for _ in range(8)]
    for sq, ch in pieces.items():
        grid[int(sq[1]) - 1]["abcdefgh".index(sq[0])] = ch
    ranks = []
    for r in range(7, -1, -1):
        out, run = "", 0
        for ch in grid[r]:
            if ch == ".":
                run += 1
                continue
            out += (str(run) if run else "") + ch
            run = 0
        ranks.append(out + (str(run) if run else ""))
    tw = "".join((tower or {}).get(f, ".") for f in range(1, 17))
    extra = "".join(f" {k}={v}" for k, v in fields.items())
    return f"arena={'/'.join(ranks)} tower={tw}{extra}"


def at(pieces: dict[str, str], tower: dict[int, str] | None = None,
       options: dict[str, Any] | None = None, chaos: str = "", **fields: Any) -> Match:
    text = position(pieces, tower, **fields) + (f" {chaos}" if chaos else "")
    return Match.new("magery", position=text, options=options, dice="recorded")


def acting(pieces: dict[str, str], floor: int, minion: str, far: bool = True,
           **kw: Any) -> Match:
    """The seat to act in the action phase has removed ``minion`` from ``floor``."""
    tower = kw.pop("tower", {})
    m = at({**FAR, **pieces} if far else pieces, {**tower, floor: minion}, phase="action", **kw)
    m.act(Remove(player=m.state.turn, chamber=str(floor)))
    return m


def refused(m: Match, action: Event) -> str:
    before = (m.state, len(m.events))
    with pytest.raises(IllegalAction) as err:
        m.act(action)
    assert (m.state, len(m.events)) == before
    return err.value.reason


def targets(m: Match, square: str) -> set[str]:
    (seat,) = m.to_act
    return {a.to for a in m.legal(seat) if isinstance(a, Move) and a.from_ == square}


def sq(name: str) -> int:
    return B.SQUARE_INDEX[name]


# ------------------------------------------------------------------ boards and pieces


def test_two_boards_the_8x8_arena_and_the_16_floor_mage_tower() -> None:
    """"There are 2 Boards: 1. A regular 8 x 8 Chessboard ... 2. A special Mage Tower board."
    "This represents a tower with 16 floors.\""""
    s = RULES.setup(RULES.Options(), ("White", "Black"))
    assert len(s.arena) == 64 and len(B.SQUARES) == 64
    assert [f for f, _, _ in T.TOWER] == list(range(1, 17))


def test_mage_tower_floors_1_to_12_have_their_fixed_mages() -> None:
    """"12 Magician ... 11 Oracle ... 10 Mystic ... 9 Animist ... 8 Dragon Lord ...
    1 Necromancer.\""""
    names = {f: mage for f, mage, _ in T.TOWER}
    assert names[12] == "Magician" and names[11] == "Oracle" and names[10] == "Mystic"
    assert names[9] == "Animist" and names[8] == "Dragon Lord" and names[1] == "Necromancer"
    powers = dict(zip(range(1, 9), B.FIXED_POWER[:8], strict=True))
    assert powers == {1: "undead", 2: "beast", 3: "myrmidon", 4: "spirit", 5: "fey",
                      6: "construct", 7: "elemental", 8: "dragon"}
    assert all(p == "chaos" for _, _, p in T.TOWER[12:])


def test_a_chamber_may_contain_a_max_of_one_minion() -> None:
    """"A Chamber may contain a max of 1 Minion.\""""
    m = at(FAR, {5: "U"})
    assert refused(m, Place(player=W, minion="dragon", chamber="5")) == "place/occupied"


def test_each_player_has_24_minions_3_of_each_of_8_types() -> None:
    """"There are 8 types of minions. Each player has a set of 24 Minions, 3 of each type.\""""
    s = RULES.setup(RULES.Options(), ("White", "Black"))
    assert len(T.MINIONS) == 8
    for seat in (W, BL):
        assert len(s.reserve[seat]) == 24
        assert all(s.reserve[seat].count(ch) == 3 for ch in set(s.reserve[seat]))


def test_minion_recognition_table_ranks() -> None:
    """"Dragon Greater, Myrmidon Minor, Undead Pawn, Fey Minor, Elemental Greater, Beast Pawn,
    Construct Greater, Spirit Minor.\""""
    assert dict(zip(B.KINDS, B.RANKS, strict=True)) == {
        "dragon": "G", "myrmidon": "M", "undead": "P", "fey": "M", "elemental": "G",
        "beast": "P", "construct": "G", "spirit": "M",
    }


# ------------------------------------------------------------------ movement

MOVES = {
    "D": {"a4", "b4", "c4", "e4", "f4", "g4", "h4", "d1", "d2", "d3", "d5", "d6", "d7", "d8",
          "a1", "b2", "c3", "e5", "f6", "g7", "h8", "a7", "b6", "c5", "e3", "f2", "g1"},
    "M": {"b2", "b4", "b6", "d2", "d6", "f2", "f4", "f6"},
    "U": {"c4", "e4", "d3", "d5"},
    "F": {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"},
    "E": {"a1", "b2", "c3", "e5", "f6", "g7", "h8", "a7", "b6", "c5", "e3", "f2", "g1"},
    "B": {"c3", "c5", "e3", "e5"},
    "C": {"a4", "b4", "c4", "e4", "f4", "g4", "h4", "d1", "d2", "d3", "d5", "d6", "d7", "d8"},
    "S": {"c1", "e1", "c7", "e7", "a3", "a5", "g3", "g5"},
}


@pytest.mark.parametrize(("letter", "expected"), sorted(MOVES.items()))
def test_minion_movement_table(letter: str, expected: set[str]) -> None:
    """"Dragon Queen; Myrmidon jumps in any direction exactly 2 spaces; Undead orthogonally 1
    space; Fey like a knight; Elemental Bishop; Beast diagonally 1 space; Construct Rook;
    Spirit three spaces and then over one.\""""
    m = acting({"d4": letter}, 9, "U")  # a8 holds a White undead, h8 a Black one
    assert targets(m, "d4") == expected


def test_riders_are_blocked_and_jumpers_leap() -> None:
    """A Construct stops at the first minion (capturing an enemy); a Myrmidon jumps over."""
    m = acting({"d4": "C", "d5": "U", "e4": "b", "f4": "b", "b4": "M", "c4": "f"}, 9, "U")
    assert targets(m, "d4") == {"d1", "d2", "d3", "e4", "c4"}
    assert targets(m, "b4") == {"b2", "b6", "d2", "d6"}  # d4 is its own; it leaps c4


def test_captures_are_made_by_moving_onto_an_enemy_and_the_dead_never_return() -> None:
    """"Destroyed (Captured, out of play): Keep these in a separate Dead Pile. Dead Minions do
    nothing and cannot be returned to play.\""""
    m = acting({"d4": "D", "d7": "c"}, 9, "U")
    events = m.act(Move(player=W, from_="d4", to="d7"))
    assert Capture(owner=BL, minion="construct", square="d7") in events
    assert m.state.dead[BL] == "c"
    assert m.state.reserve[BL].count("c") == 2  # the captured one is not in reserve
    # with all three gone, there is nothing to summon
    m = acting({"a2": "d"}, 5, "u", dead="-/fff", turn="b", orb="b")
    assert not any(isinstance(a, Summon) for a in m.legal(BL))


def test_all_important_backrow_rule() -> None:
    """"A Greater Minion on its own Backrow cannot in a single move enter a Space on his
    opponents Backrow!\""""
    m = acting({"a1": "D", "c1": "C", "b3": "u", "h5": "u"}, 9, "U", far=False)
    assert "a8" not in targets(m, "a1") and "a7" in targets(m, "a1")
    assert "c8" not in targets(m, "c1") and "c7" in targets(m, "c1")
    reason = refused(m, Move(player=W, from_="a1", to="a8"))
    assert reason == "move/backrow"
    m = acting({"a2": "D", "h5": "u"}, 9, "U", far=False)
    assert "a8" in targets(m, "a2")  # not on its back row: no restriction


def test_backrow_rule_also_binds_the_mystic() -> None:
    """Ruling: the Mystic's move is a move, so the backrow rule applies to it."""
    m = acting({"a1": "E", "h5": "u"}, 10, "U", far=False)
    assert refused(m, Teleport(player=W, from_="a1", to="c8")) == "move/backrow"
    m.act(Teleport(player=W, from_="a1", to="c7"))
    assert m.state.arena[sq("c7")] == "E"


def test_minions_in_the_arena_do_not_move_unless_a_mage_action_allows_them() -> None:
    """"Important Note: Minions in the Arena do not move unless you activate a Mage Action
    that allows them to!\""""
    m = at({**FAR, "d4": "D"}, {9: "U"}, phase="action")
    assert refused(m, Move(player=W, from_="d4", to="d5")) == "power/nothing-pending"
    assert all(isinstance(a, Remove) for a in m.legal(W))


# ------------------------------------------------------------------ setup


def test_setup_each_player_places_one_minion_of_each_type_on_the_backrow_white_first() -> None:
    """"Place 1 Minion of each type on your backrow in any configuration." "White sets up
    first.\""""
    m = Match.new("magery", seed="00" * 32)
    assert m.to_act == frozenset({W})
    assert refused(m, Arrange(player=BL, minion="dragon", square="d8")) == "turn/not-to-act"
    assert refused(m, Arrange(player=W, minion="dragon", square="d2")) == "arrange/not-back-row"
    m.act(Arrange(player=W, minion="dragon", square="d1"))
    assert refused(m, Arrange(player=W, minion="dragon", square="e1")) == (
        "arrange/already-arranged")
    assert refused(m, Arrange(player=W, minion="fey", square="d1")) == "arrange/occupied"
    for kind, square in zip(B.KINDS[1:], "abcefgh", strict=True):
        m.act(Arrange(player=W, minion=kind, square=f"{square}1"))
    assert m.to_act == frozenset({BL})
    for kind, square in zip(B.KINDS, "abcdefgh", strict=True):
        events = m.act(Arrange(player=BL, minion=kind, square=f"{square}8"))
    assert events[-1] == Phase(phase="decision", round=1, player=W)
    assert len(m.state.reserve[W]) == 16


def test_setup_shuffles_the_chaos_deck_and_places_one_card_on_each_of_floors_13_to_16() -> None:
    """"Shuffle the Chaos Mage Deck." "Randomly place 1 Chaos Mage card in each of the top 4
    chambers of the tower." The shuffle is drawn from the seeded dice as a consequence of
    White's first arrangement (setup itself has no dice)."""
    m = Match.new("magery", seed="ab" * 32)
    events = m.act(Arrange(player=W, minion="dragon", square="d1"))
    shuffle, deal = events[1], events[2]
    assert isinstance(shuffle, Shuffle) and shuffle.pile == "chaos" and len(shuffle.order) == 12
    assert isinstance(deal, Deal) and len(deal.cards) == 4 and all(deal.cards)
    assert m.state.cards[:4] == deal.cards and len(m.state.deck) == 8
    assert sorted(m.state.deck + deal.cards) == sorted(RULES.setup(
        RULES.Options(), ("White", "Black")).deck)
    again = Match.new("magery", seed="ab" * 32)
    assert again.act(Arrange(player=W, minion="dragon", square="d1")) == events
    # no second shuffle later
    assert len(m.act(Arrange(player=W, minion="fey", square="e1"))) == 1


def test_the_deck_has_12_cards_eleven_named_and_a_twelfth() -> None:
    """"This is a deck of 12 Cards." The list names eleven: the twelfth is an Option
    (default: a second Dream Lord)."""
    deck = RULES.setup(RULES.Options(), ("White", "Black")).deck
    assert len(deck) == T.DECK_SIZE == 12 and deck.count("dream-lord") == 2
    assert set(deck) == set(T.CHAOS_CARDS) and len(T.CHAOS_CARDS) == 11
    deck = RULES.setup(RULES.Options(twelfth_card="seer"), ("White", "Black")).deck
    assert deck.count("seer") == 2 and deck.count("dream-lord") == 1


def test_the_deck_order_is_hidden_from_everyone() -> None:
    """Nobody, spectators included, sees the order of the shuffled deck."""
    m = Match.new("magery", seed="01" * 32)
    events = m.act(Arrange(player=W, minion="dragon", square="d1"))
    for who in (None, W, BL):
        assert set(RULES.view(m.state, who).deck) == {"?"}
        assert RULES.redact(events[1], who) == msgspec.structs.replace(events[1], order=())


def test_white_starts_in_possession_of_the_orb_and_goes_first() -> None:
    """"White starts in possession of the Orb." "White goes first in the first Round.\""""
    s = RULES.setup(RULES.Options(), ("White", "Black"))
    assert s.orb == W and RULES.to_act(s) == frozenset({W})


# ------------------------------------------------------------------ decision phase


def test_decision_phase_starts_with_the_orb_holder_and_players_take_turns() -> None:
    """"Starting with the Orb holder, players take turns placing one Minion from their
    reserve on one Chamber of the Tower.\""""
    m = at(FAR, orb="b", turn="b")
    assert m.to_act == frozenset({BL})
    events = m.act(Place(player=BL, minion="spirit", chamber="12"))
    assert events[-1] == Turn(player=W)
    m.act(Place(player=W, minion="beast", chamber="1"))
    assert m.to_act == frozenset({BL})
    assert m.state.tower[11] == "s" and m.state.tower[0] == "B"


def test_any_minion_may_be_placed_in_any_chamber() -> None:
    """"Note that any minion from your reserve can be placed in a Chamber. No chamber requires
    a specific type of Minion to occupy it.\""""
    m = at(FAR)
    places = {(a.minion, a.chamber) for a in m.legal(W) if isinstance(a, Place)}
    assert places == {(k, str(f)) for k in B.KINDS for f in range(1, 13)}
    assert refused(m, Place(player=W, minion="dragon", chamber="13")) == "place/no-chamber"


def test_only_reserve_minions_are_placed() -> None:
    """"placing one Minion from their reserve": no reserve minion of that type, no placing."""
    m = at({**FAR, "a1": "D", "b1": "D", "c1": "D"})
    assert refused(m, Place(player=W, minion="dragon", chamber="3")) == "place/not-in-reserve"


def test_decision_phase_continues_until_all_chambers_are_occupied() -> None:
    """"Continue until all Chambers are occupied, or both players pass.\""""
    m = at(FAR, dict(zip(range(1, 11), "DdMmSsFfEe", strict=True)), placed=10)
    m.act(Place(player=W, minion="fey", chamber="11"))
    events = m.act(Place(player=BL, minion="fey", chamber="12"))
    assert events[-1] == Phase(phase="action", round=1, player=W)


def test_decision_phase_ends_when_both_players_pass_and_a_pass_is_final() -> None:
    """"... or both players pass." Ruling: a player who passes places nothing more this
    round; the other goes on alone until it passes too."""
    m = at(FAR)
    m.act(Place(player=W, minion="fey", chamber="5"))
    assert m.act(Pass(player=BL))[-1] == Turn(player=W)
    assert m.act(Place(player=W, minion="fey", chamber="6"))[-1] == Turn(player=W)
    assert m.act(Pass(player=W))[-1] == Phase(phase="action", round=1, player=W)


FULL = "arena=dddeeecc/cmmmuuuf/ffbbbsss/8/8/FFBBBSSS/CMMMUUUF/DDDEEECC"  # no reserves


def test_when_neither_player_can_place_the_game_is_drawn() -> None:
    """Ruling: when neither player has a minion to place, nothing can ever happen again
    (the Tower stays empty, so no mage acts): both pass and the game is drawn."""
    m = Match.new("magery", position=FULL, dice="recorded")
    assert m.legal(W) == [Pass(player=W)]
    m.act(Pass(player=W))
    events = m.act(Pass(player=BL))
    assert events[-1] == GameOver(winners=(), reason="stalemate")
    assert m.outcome is not None and m.outcome.winners == ()


def test_continue_until_both_players_pass_a_player_who_can_place_cannot_force_a_draw() -> None:
    """"Continue until all Chambers are occupied, or both players pass." Ruling: a round in
    which nobody places changes nothing, so the next would be the same, for ever; the
    second player to pass in an empty round must place if it can (``pass/must-place``).
    Nobody can force a draw by passing."""
    m = at(FAR)
    m.act(Pass(player=W))
    assert Pass(player=BL) not in m.legal(BL)
    assert refused(m, Pass(player=BL)) == "pass/must-place"
    m.act(Place(player=BL, minion="fey", chamber="5"))
    assert m.act(Pass(player=BL))[-1] == Phase(phase="action", round=1, player=BL)


def test_a_player_who_can_place_may_not_pass_when_the_opponent_cannot() -> None:
    """"(Players usually pass because of a shortage of remaining Minions)": a player with
    no reserve passes; the other, who can place, may not leave the round empty."""
    white_all_out = "arena=u7/8/8/8/8/FFBBBSSS/CMMMUUUF/DDDEEECC"
    m = Match.new("magery", position=white_all_out, dice="recorded")
    assert m.legal(W) == [Pass(player=W)]  # nothing to place: White passes
    m.act(Pass(player=W))
    assert refused(m, Pass(player=BL)) == "pass/must-place"
    m = Match.new("magery", position=white_all_out + " orb=b turn=b", dice="recorded")
    assert refused(m, Pass(player=BL)) == "pass/must-place"  # White cannot place
    m.act(Place(player=BL, minion="dragon", chamber="8"))
    m.act(Pass(player=W))
    m.act(Pass(player=BL))  # something is placed: Black may pass now
    assert m.outcome is None and m.state.phase == "action"


def test_option_stalemate_empty_round_draws_any_round_nobody_places_in() -> None:
    """Option ``stalemate="empty-round"`` (ruleset 1): passing is always allowed and a
    decision phase in which nobody places ends the game drawn."""
    m = at(FAR, options={"stalemate": "empty-round"})
    m.act(Pass(player=W))
    assert Pass(player=BL) in m.legal(BL)
    assert m.act(Pass(player=BL))[-1] == GameOver(winners=(), reason="stalemate")


def test_a_player_without_reserve_minions_can_only_pass() -> None:
    """"(Players usually pass because of a shortage of remaining Minions)\""""
    pieces = {f"{'abcdefgh'[i % 8]}{1 + i // 8}": "DMUFEBCS"[i % 8] for i in range(24)}
    m = at({**pieces, "h8": "u"})
    assert m.legal(W) == [Pass(player=W)]


# ------------------------------------------------------------------ action phase


def test_action_phase_starts_with_the_orb_holder_and_alternates() -> None:
    """"Starting with the Orb Holder, players take turns removing their Minions from the
    Tower... one minion at a time.\""""
    m = at(FAR, {1: "U", 2: "u", 3: "U"}, phase="action", orb="w")
    assert m.to_act == frozenset({W})
    m.act(Remove(player=W, chamber="1"))
    assert m.act(Decline(player=W))[-1] == Turn(player=BL)
    assert refused(m, Remove(player=BL, chamber="3")) == "remove/not-yours"
    m.act(Remove(player=BL, chamber="2"))
    assert m.act(Decline(player=BL))[-1] == Turn(player=W)


def test_a_removed_minion_goes_back_to_the_reserve() -> None:
    """"In general when you remove a Minion from a Tower Chamber it goes back to your
    Reserve.\""""
    m = at(FAR, {4: "S"}, phase="action")
    before = m.state.reserve[W].count("S")
    m.act(Remove(player=W, chamber="4"))
    assert m.state.tower[3] == "." and m.state.reserve[W].count("S") == before + 1


def test_declining_the_mage_action_still_removes_the_minion() -> None:
    """"sometimes you cannot or don't want to take the Mage action ... no action occurs (you
    still remove the Minion) and Then it goes on to your opponents turn.\""""
    m = at(FAR, {8: "D", 1: "u"}, phase="action")
    m.act(Remove(player=W, chamber="8"))
    assert m.legal(W)[-1] == Decline(player=W)
    assert m.act(Decline(player=W))[-1] == Turn(player=BL)
    assert m.state.tower[7] == "."


def test_the_round_ends_when_the_tower_is_empty_and_the_orb_holder_starts_the_next() -> None:
    """"The Round is divided into 2 Phases: 1. Decision Phase 2. Action Phase.\""""
    m = at(FAR, {1: "u"}, phase="action", orb="w", turn="b")
    m.act(Remove(player=BL, chamber="1"))
    assert m.act(Decline(player=BL))[-1] == Phase(phase="decision", round=2, player=W)


# ------------------------------------------------------------------ summoning


def test_summon_a_greater_minion_on_an_empty_space_of_your_back_row() -> None:
    """"When you summon a Greater Minion, it must be placed on an empty space in your back
    row.\""""
    m = acting({"a1": "C"}, 8, "D")
    squares = {a.square for a in m.legal(W) if isinstance(a, Summon)}
    assert squares == {f"{f}1" for f in "bcdefgh"}
    assert refused(m, Summon(player=W, minion="dragon", square="d2")) == "summon/wrong-square"


def test_summon_a_minor_minion_on_an_empty_space_on_your_side() -> None:
    """"When you summon a Minor Minion, it must be placed on an empty space on your side of
    the board.\""""
    m = acting({}, 5, "F")
    squares = {a.square for a in m.legal(W) if isinstance(a, Summon)}
    assert squares == {f"{f}{r}" for f in "abcdefgh" for r in "1234"}
    m = acting({}, 5, "f", turn="b", orb="b")
    squares = {a.square for a in m.legal(BL) if isinstance(a, Summon)}
    assert squares == {f"{f}{r}" for f in "abcdefgh" for r in "5678"} - {"h8", "a8"}


def test_summon_a_pawn_minion_on_any_empty_space() -> None:
    """"When you summon a Pawn Minion it must be placed on an empty space.\""""
    m = acting({}, 1, "U")
    squares = {a.square for a in m.legal(W) if isinstance(a, Summon)}
    assert len(squares) == 62
    assert refused(m, Summon(player=W, minion="undead", square="h8")) == "summon/occupied"


# ------------------------------------------------------------------ the twelve mages


def test_magician_removes_a_minion_from_the_mage_tower() -> None:
    """"12 Magician: Remove a Minion from the Mage Tower" (ruling: any minion, to its owner's
    reserve, without its power)."""
    m = acting({}, 12, "M", tower={3: "u", 4: "U"})
    assert {a.chamber for a in m.legal(W) if isinstance(a, Dismiss)} == {"3", "4"}
    events = m.act(Dismiss(player=W, chamber="3"))
    assert m.state.tower[2] == "." and "u" in m.state.reserve[BL]
    assert events[-1] == Turn(player=W)  # Black has nothing left in the Tower


def test_oracle_gains_possession_of_the_orb() -> None:
    """"11 Oracle: Gain Possession of the Orb" (ruling: at once; it sets the order from the
    next round)."""
    m = acting({}, 11, "u", orb="w", turn="b")
    m.act(TakeOrb(player=BL))
    assert m.state.orb == BL
    assert m.events[-1] == Phase(phase="decision", round=2, player=BL)


def test_mystic_moves_one_of_your_minions_to_any_empty_space() -> None:
    """"10 Mystic: Move 1 of your Minions to any Empty space in the Arena.\""""
    m = acting({"b2": "B"}, 10, "U")
    assert refused(m, Teleport(player=W, from_="b2", to="h8")) == "teleport/occupied"
    m.act(Teleport(player=W, from_="b2", to="g7"))
    assert m.state.arena[sq("g7")] == "B" and m.state.arena[sq("b2")] == "."


def test_animist_moves_any_one_of_your_minions() -> None:
    """"9 Animist: Move any 1 of your Minions in the Arena.\""""
    m = acting({"b2": "B", "d4": "F"}, 9, "U")
    starts = {a.from_ for a in m.legal(W) if isinstance(a, Move)}
    assert starts == {"b2", "d4", "a8"}


@pytest.mark.parametrize("floor", range(1, 9))
def test_type_mages_move_or_summon_one_of_your_minions_of_their_type(floor: int) -> None:
    """"8 Dragon Lord: Move or Summon one of your Dragon Minions ... 1 Necromancer: Move or
    Summon one of your Undead Minions.\""""
    kind = B.FIXED_POWER[floor - 1]
    ch = B.LETTERS[B.KIND_INDEX[kind]]
    other = "F" if ch != "F" else "U"
    m = acting({"d4": ch, "e4": other, "h8": "b"}, floor, ch, far=False)
    legal = m.legal(W)
    assert {a.from_ for a in legal if isinstance(a, Move)} == {"d4"}
    assert {a.minion for a in legal if isinstance(a, Summon)} == {kind}
    move = next(a for a in legal if isinstance(a, Move))
    assert refused(m, Move(player=W, from_="e4", to="e5")) in {"move/wrong-type",
                                                               "move/unreachable"}
    m.act(move)


# ------------------------------------------------------------------ the Chaos Mages


def test_seer_you_or_your_opponent_must_take_the_next_2_turns_in_a_row() -> None:
    """"Seer: You or your Opponent (your choice) must take the next 2 turns in a row.\""""
    tower = {1: "B", 2: "F", 3: "u", 13: "S"}
    m = at(FAR, tower, phase="action", chaos=CHAOS)
    m.act(Remove(player=W, chamber="13"))
    assert set(m.legal(W)) == {Foresee(player=W, seat=0), Foresee(player=W, seat=1),
                               Decline(player=W)}
    assert m.act(Foresee(player=W, seat=W))[-1] == Turn(player=W, extra=(W,))
    m.act(Remove(player=W, chamber="1"))
    assert m.act(Decline(player=W))[-1] == Turn(player=W)
    m.act(Remove(player=W, chamber="2"))
    assert m.act(Decline(player=W))[-1] == Turn(player=BL)
    m = at(FAR, {**tower, 4: "u"}, phase="action", chaos=CHAOS)
    m.act(Remove(player=W, chamber="13"))
    m.act(Foresee(player=W, seat=BL))
    for chamber in ("3", "4"):
        assert m.to_act == frozenset({BL})
        m.act(Remove(player=BL, chamber=chamber))
        m.act(Decline(player=BL))
    assert m.to_act == frozenset({W})


def test_magus_places_this_minion_on_any_empty_mage_chamber() -> None:
    """"Magus: Place this Minion on any empty Mage Chamber": any empty chamber, a Magus or
    Dream Lord chamber (even the one it just left) included."""
    m = at(FAR, {14: "S", 1: "u"}, phase="action", chaos=CHAOS)
    m.act(Remove(player=W, chamber="14"))
    chambers = {a.chamber for a in m.legal(W) if isinstance(a, Relocate)}
    assert chambers == {str(f) for f in range(2, 17)}
    m.act(Relocate(player=W, chamber="7"))
    assert m.state.tower[6] == "S" and m.state.reserve[W].count("S") == 2
    m = at(FAR, {14: "S", 1: "u"}, phase="action", chaos="chaos=seer,magus,dream-lord,-")
    m.act(Remove(player=W, chamber="14"))
    m.act(Relocate(player=W, chamber="15", card="dream-lord"))
    assert m.state.tower[14] == "S"


def test_magus_loop_guard_a_minion_moved_by_the_magus_cannot_be_moved_again_this_round(
) -> None:
    """Ruling: a minion the Magus already moved this round may not go to a chamber from
    which a Magus could move it again (a Magus chamber, or a Dream Lord chamber while the
    Magus is not in the Tower); otherwise it could circle the Tower and the round never
    end. Everything else stays open to it."""
    m = at(FAR, {14: "S", 1: "u"}, phase="action", chaos="chaos=seer,magus,dream-lord,-")
    m.act(Remove(player=W, chamber="14"))
    m.act(Relocate(player=W, chamber="14", card="magus"))  # back where it was: allowed once
    assert m.state.relocated == (13,)
    m.act(Remove(player=BL, chamber="1"))
    m.act(Decline(player=BL))
    m.act(Remove(player=W, chamber="14"))
    assert refused(m, Relocate(player=W, chamber="14")) == "relocate/loop"
    chambers = {a.chamber for a in m.legal(W) if isinstance(a, Relocate)}
    assert "14" not in chambers and "15" in chambers  # the Dream Lord cannot dream the Magus
    m.act(Relocate(player=W, chamber="7"))
    assert m.state.relocated == (6,)
    m.act(Remove(player=W, chamber="7"))
    m.act(Decline(player=W))
    assert m.state.relocated == () and m.state.phase == "decision"
    # the Dream Lord may dream the Magus when no Magus is in the Tower
    m = at(FAR, {15: "S", 1: "u"}, phase="action", chaos="chaos=seer,-,dream-lord,-")
    m.act(Remove(player=W, chamber="15"))
    m.act(Dream(player=W, mage="magus"))
    m.act(Relocate(player=W, chamber="15"))
    m.act(Remove(player=BL, chamber="1"))
    m.act(Decline(player=BL))
    m.act(Remove(player=W, chamber="15"))
    m.act(Dream(player=W, mage="magus"))
    assert refused(m, Relocate(player=W, chamber="15")) == "relocate/loop"


def test_option_magus_no_magus_keeps_every_minion_off_magus_and_dream_lord_chambers() -> None:
    """Option ``magus="no-magus"`` (ruleset 1): the Magus never sends a minion to a Magus
    or Dream Lord chamber."""
    m = at(FAR, {14: "S", 1: "u"}, phase="action", chaos=CHAOS, options={"magus": "no-magus"})
    m.act(Remove(player=W, chamber="14"))
    chambers = {a.chamber for a in m.legal(W) if isinstance(a, Relocate)}
    assert "14" not in chambers and "15" not in chambers and "13" in chambers
    assert refused(m, Relocate(player=W, chamber="15")) == "relocate/loop"


def test_alchemist_replaces_one_of_your_minions_with_one_from_your_reserve() -> None:
    """"Alchemist: Replace 1 of your Minions in the Arena with one from your Reserve.\""""
    m = acting({"d4": "D"}, 13, "U", chaos="chaos=alchemist")
    m.act(Transmute(player=W, square="d4", minion="construct"))
    assert m.state.arena[sq("d4")] == "C" and "D" in m.state.reserve[W]
    m = acting({"d4": "D"}, 13, "U", chaos="chaos=alchemist")
    assert refused(m, Transmute(player=W, square="d4", minion="dragon")) == (
        "transmute/same-type")


def test_mentalist_moves_an_opponents_minion_and_it_may_not_capture() -> None:
    """"Mentalist: Move an Opponent's Minion (It may not Capture).\""""
    m = acting({"d4": "c", "d6": "U"}, 13, "U", chaos="chaos=mentalist")
    assert targets(m, "d4") == {f"{f}4" for f in "abcefgh"} | {"d1", "d2", "d3", "d5"}
    assert refused(m, Move(player=W, from_="d4", to="d6")) == "move/no-capture"
    m.act(Move(player=W, from_="d4", to="a4"))
    assert m.state.arena[sq("a4")] == "c"


@pytest.mark.parametrize("where", ["reserve", "dead"])
def test_enchanter_replaces_an_opponents_minion_with_one_of_yours_of_the_same_type(
    where: str,
) -> None:
    """"Enchanter: Replace an opponent's Minion in the Arena with one of yours from your
    reserve of the same type." Option ``enchanted``: the replaced minion goes to its
    owner's reserve (default) or to the dead pile."""
    m = acting({"d4": "e"}, 13, "U", chaos="chaos=enchanter", options={"enchanted": where})
    m.act(Enchant(player=W, square="d4"))
    assert m.state.arena[sq("d4")] == "E"
    assert ("e" in m.state.dead[BL]) == (where == "dead")
    assert m.state.reserve[BL].count("e") == (3 if where == "reserve" else 2)


def test_dream_lord_uses_the_power_of_any_chaos_mage_not_in_the_tower() -> None:
    """"Dream Lord: Use the power of any Chaos Mage not in the Tower.\""""
    m = at(FAR, {15: "C", 1: "u"}, phase="action", chaos=CHAOS)
    m.act(Remove(player=W, chamber="15"))
    dreams = {a.mage for a in m.legal(W) if isinstance(a, Dream)}
    assert dreams == set(T.CHAOS_CARDS) - {"seer", "magus", "dream-lord", "conjurer"}
    assert refused(m, Dream(player=W, mage="seer")) == "dream/unavailable"
    m = at(FAR, {15: "C", 1: "u"}, phase="action", chaos="chaos=seer,magus,dream-lord,-")
    m.act(Remove(player=W, chamber="15"))
    assert m.act(Dream(player=W, mage="conjurer")) == (Dream(player=W, mage="conjurer"),)
    m.act(Summon(player=W, minion="construct", square="c1"))  # "this minion"
    assert m.state.arena[sq("c1")] == "C"


def test_force_mage_target_cannot_move_or_be_captured_for_the_rest_of_the_round() -> None:
    """"Force Mage: Target Minion in arena cannot move or be captured for the rest of the
    round.\""""
    m = at({**FAR, "d4": "D", "d6": "c"}, {13: "U", 9: "U", 1: "u"}, phase="action",
           chaos="chaos=force-mage")
    m.act(Remove(player=W, chamber="13"))
    m.act(Shield(player=W, square="d6"))
    m.act(Remove(player=BL, chamber="1"))
    m.act(Decline(player=BL))
    m.act(Remove(player=W, chamber="9"))
    assert "d6" not in targets(m, "d4")
    assert refused(m, Move(player=W, from_="d4", to="d6")) == "move/shielded"
    events = m.act(Decline(player=W))
    assert events[-1] == Phase(phase="decision", round=2, player=W)
    assert m.state.shielded == ()  # expired with the round


def test_illusionist_switches_the_location_of_any_2_minions() -> None:
    """"Illusionist: Switch the Location of any 2 Minions in the Arena.\""""
    m = acting({"d4": "D", "e5": "c"}, 13, "U", chaos="chaos=illusionist")
    assert refused(m, Swap(player=W, a="e5", b="d4")) == "swap/order"
    m.act(Swap(player=W, a="d4", b="e5"))
    assert m.state.arena[sq("d4")] == "c" and m.state.arena[sq("e5")] == "D"


def test_shadow_mage_sends_a_minion_adjacent_to_one_of_yours_to_its_reserve() -> None:
    """"Shadow Mage: Target Minion Adjacent (Sharing a side) to one of your Minions is sent to
    its reserve.\""""
    m = acting({"d4": "D", "d5": "c", "e5": "b"}, 13, "U", chaos="chaos=shadow-mage")
    targets_ = {a.square for a in m.legal(W) if isinstance(a, Banish)}
    assert "d5" in targets_ and "e5" not in targets_  # e5 only touches d4 at a corner
    assert refused(m, Banish(player=W, square="e5")) == "banish/not-adjacent"
    m.act(Banish(player=W, square="d5"))
    assert m.state.arena[sq("d5")] == "." and m.state.reserve[BL].count("c") == 3


def test_rune_master_all_your_minions_may_move_like_knights_for_the_rest_of_the_round() -> None:
    """"Rune Master: All your Minions may move like Knights for the rest of this round.\""""
    m = at({**FAR, "d4": "U"}, {13: "S", 9: "F", 1: "u"}, phase="action",
           chaos="chaos=rune-master")
    m.act(Remove(player=W, chamber="13"))
    m.act(Runes(player=W))
    m.act(Remove(player=BL, chamber="1"))
    m.act(Decline(player=BL))
    m.act(Remove(player=W, chamber="9"))
    assert targets(m, "d4") == MOVES["U"] | MOVES["F"]
    m.act(Decline(player=W))
    assert m.state.runes == (False, False)  # expired with the round


def test_conjurer_summons_this_minion() -> None:
    """"Conjurer: Summon this Minion.\""""
    m = acting({}, 13, "S", chaos="chaos=conjurer")
    assert {a.minion for a in m.legal(W) if isinstance(a, Summon)} == {"spirit"}
    assert refused(m, Summon(player=W, minion="undead", square="d3")) == "summon/wrong-type"
    m.act(Summon(player=W, minion="spirit", square="d3"))
    assert m.state.arena[sq("d3")] == "S"


def test_a_power_action_needs_its_own_mage() -> None:
    """Power actions are refused unless the pending power is theirs."""
    m = acting({"d4": "D"}, 9, "U")
    assert refused(m, TakeOrb(player=W)) == "power/wrong-mage"
    assert refused(m, Remove(player=W, chamber="9")) == "power/pending"


# ------------------------------------------------------------------ victory


def test_victory_eliminate_all_of_your_opponents_minions_from_the_chessboard() -> None:
    """"Eliminate all of your opponent's Minions from the chessboard.\""""
    m = acting({"a8": "U", "h8": "D", "h7": "u"}, 8, "D")
    events = m.act(Move(player=W, from_="h8", to="h7"))
    assert events[-1] == GameOver(winners=(W,), reason="arena-cleared")
    assert m.to_act == frozenset()


def test_victory_capture_5_greater_minions_of_any_combination() -> None:
    """"or capture 5 Greater Minions (any combination of types)\""""
    m = acting({"d4": "D", "d6": "e"}, 8, "D", dead="-/dcce")
    assert m.act(Move(player=W, from_="d4", to="d6"))[-1] == GameOver(
        winners=(W,), reason="five-greater")


def test_victory_capture_3_greater_minions_of_1_type() -> None:
    """"or capture 3 Greater Minions of 1 type.\""""
    m = acting({"d4": "D", "d6": "c"}, 8, "D", dead="-/cc")
    assert m.act(Move(player=W, from_="d4", to="d6"))[-1] == GameOver(
        winners=(W,), reason="three-of-a-type")


def test_round_limit_draws_a_game_nobody_wins() -> None:
    """Option ``round_limit`` (a house rule, off by default): the game is drawn after that
    many rounds."""
    m = at(FAR, {1: "U"}, phase="action", round="3", options={"round_limit": 3})
    m.act(Remove(player=W, chamber="1"))
    assert m.act(Decline(player=W))[-1] == GameOver(winners=(), reason="round-limit")
    with pytest.raises(UsageError) as err:
        Match.new("magery", options={"round_limit": -1})
    assert err.value.reason == "options/round-limit"


def test_victory_conditions_are_the_only_endings_no_round_limit_by_default() -> None:
    """"VICTORY: Eliminate all of your opponent's Minions from the chessboard or capture 5
    Greater Minions ... or capture 3 Greater Minions of 1 type." Nothing else ends a game:
    by default there is no round limit, so round 50 is followed by round 51."""
    assert RULES.Options().round_limit == 0
    assert Match.new("magery", seed="00" * 32).header.options["round_limit"] == 0
    m = at(FAR, {1: "U"}, phase="action", round="50")
    m.act(Remove(player=W, chamber="1"))
    assert m.act(Decline(player=W))[-1] == Phase(phase="decision", round=51, player=W)
    assert m.outcome is None


@pytest.mark.parametrize("options", [{}, {"round_limit": 50}])
def test_a_ruleset_1_log_keeps_its_round_limit_of_50(options: dict[str, Any]) -> None:
    """A log written under ruleset "1" (whose default round limit was 50) still ends in a
    draw after round 50, and still audits; the same play under ruleset "2" goes on."""
    start = "arena=u7/8/8/8/8/8/8/7U tower=U phase=action round=50"
    actions = [Remove(player=W, chamber="1"), Decline(player=W)]
    old = Header(game="magery", rules="1", options=options, players=("White", "Black"),
                 dice="recorded", position=start)
    state = initial_state(RULES, old)
    events: list[Event] = []
    for action in actions:
        for event in RULES.decide(state, action, RecordedDice(())):
            events.append(event)
            state = RULES.evolve(state, event)
    assert events[-1] == GameOver(winners=(), reason="round-limit")
    assert audit_events(RULES, old, events).ok
    new = msgspec.structs.replace(old, rules=RULES.version, options={})
    report = audit_events(RULES, new, events)
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "audit/mismatch"


# ------------------------------------------------------------------ options


def test_rotating_chaos_lords_option() -> None:
    """"remove the fourth Chaos Mage and move the other 3 up one Floor. Then draw a new card
    and place it on the First Chaos Mage Chamber." (Ruling: at the end of every round.)"""
    m = at(FAR, {1: "U"}, phase="action", chaos="chaos=seer,magus,alchemist,conjurer",
           deck="illusionist,mentalist", options={"rotating": True})
    m.act(Remove(player=W, chamber="1"))
    events = m.act(Decline(player=W))
    assert events[1:] == (Rotate(discarded="conjurer"), Flip(card="illusionist"),
                          Phase(phase="decision", round=2, player=W))
    assert m.state.cards[:4] == ("illusionist", "seer", "magus", "alchemist")
    assert m.state.discard == ("conjurer",) and m.state.deck == ("mentalist",)


def test_rotating_chaos_lords_reshuffle_the_discard_when_the_deck_runs_out() -> None:
    """"If the Deck runs out, shuffle the discard And draw from it.\""""
    text = position(FAR, {1: "U"}, phase="action",
                    chaos="seer,magus,alchemist,conjurer", discard="rune-master")
    m = Match.new("magery", position=text, options={"rotating": True}, seed="07" * 32)
    m.act(Remove(player=W, chamber="1"))
    events = m.act(Decline(player=W))
    shuffle = events[2]
    assert isinstance(shuffle, Shuffle) and len(shuffle.order) == 2
    assert isinstance(events[3], Flip) and events[3].card in {"rune-master", "conjurer"}
    assert m.state.discard == () and len(m.state.deck) == 1


def test_archmage_option_each_player_draws_1_private_card_and_floor_16_is_empty() -> None:
    """"Each player draws 1 Chaos Mage at the beginning of the game. This card acts as a
    private Mage Chamber. Only that player may Place a Minion on it. floor 16 of the Tower is
    empty.\""""
    m = Match.new("magery", seed="05" * 32, options={"archmage": "archmage"})
    events = m.act(Arrange(player=W, minion="dragon", square="d1"))
    deal = events[2]
    assert isinstance(deal, Deal) and all(deal.cards[:3]) and deal.cards[3] == ""
    draws = [e for e in events if isinstance(e, Draw)]
    assert [(d.player, len(d.cards)) for d in draws] == [(W, 1), (BL, 1)]
    assert len(m.state.deck) == 12 - 3 - 2
    # hidden from the opponent (and spectators), not from its owner
    assert RULES.view(m.state, W).cards[4] == draws[0].cards[0]
    assert RULES.view(m.state, BL).cards[4] == "?"
    assert RULES.view(m.state, None).cards[4] == "?"
    assert RULES.redact(draws[0], BL).cards == ("?",)
    assert RULES.redact(draws[0], W) == draws[0]


def test_only_the_owner_may_place_on_a_private_chamber() -> None:
    """"Only that player may Place a Minion on it.\""""
    m = at(FAR, private="seer/magus", options={"archmage": "archmage"})
    assert Place(player=W, minion="fey", chamber="w1", card="seer") in m.legal(W)
    assert refused(m, Place(player=W, minion="fey", chamber="b1")) == "place/private"


def test_private_cards_stay_hidden_until_used() -> None:
    """Private chaos cards are hidden from the opponent until used (then they are public)."""
    m = at(FAR, {1: "u"}, phase="action", private="rune-master@U/magus",
           options={"archmage": "archmage"})
    m.act(Remove(player=W, chamber="w1"))
    assert RULES.view(m.state, BL).pending == "?"
    assert RULES.view(m.state, W).pending == "rune-master"
    rng = random.Random(0)
    other = RULES.disguise(m.state, BL, rng)
    assert msgspec.to_builtins(RULES.view(other, BL)) == msgspec.to_builtins(
        RULES.view(m.state, BL))
    m.act(Runes(player=W))
    assert RULES.view(m.state, BL).cards[4] == "rune-master"
    assert RULES.view(m.state, BL).cards[7] == "magus" and RULES.view(m.state, W).cards[7] == "?"


def test_declining_a_private_card_keeps_it_hidden() -> None:
    """A declined private card has not been used, so it stays hidden."""
    m = at(FAR, {1: "u"}, phase="action", private="seer@U/magus",
           options={"archmage": "archmage"})
    m.act(Remove(player=W, chamber="w1"))
    m.act(Decline(player=W))
    assert RULES.view(m.state, BL).cards[4] == "?"


def test_ultimate_archmage_option_three_private_cards_and_floors_14_to_16_empty() -> None:
    """"Like Archmage, but you get 3 Chaos Mage cards, and floors 14-16 of the Tower are left
    empty.\""""
    m = Match.new("magery", seed="06" * 32, options={"archmage": "ultimate"})
    events = m.act(Arrange(player=W, minion="dragon", square="d1"))
    deal = next(e for e in events if isinstance(e, Deal))
    assert deal.cards[0] and deal.cards[1:] == ("", "", "")
    assert [len(e.cards) for e in events if isinstance(e, Draw)] == [3, 3]
    assert len(m.state.deck) == 12 - 1 - 6
    assert all(m.state.cards[4:10])
    chambers = {a.chamber for a in RULES.legal(_decision(m.state), W) if isinstance(a, Place)}
    assert {"13", "w1", "w2", "w3"} <= chambers and not {"14", "15", "16", "b1"} & chambers


def _decision(state: Any) -> Any:
    return msgspec.structs.replace(state, phase="decision", turn=W)


def test_disguise_varies_the_hidden_cards() -> None:
    """The leak check has teeth: disguise really deals the hidden cards differently."""
    m = Match.new("magery", seed="05" * 32, options={"archmage": "ultimate"})
    m.act(Arrange(player=W, minion="dragon", square="d1"))
    rng = random.Random(1)
    seen = {RULES.disguise(m.state, W, rng).cards[7:10] for _ in range(20)}
    assert len(seen) > 1
    assert all(RULES.disguise(m.state, W, rng).cards[4:7] == m.state.cards[4:7]
               for _ in range(5))


def test_decide_is_pure_and_repeatable() -> None:
    """Deciding twice from the same state with the same dice gives the same events."""
    s = RULES.setup(RULES.Options(), ("White", "Black"))
    a = Arrange(player=W, minion="dragon", square="a1")
    assert RULES.decide(s, a, SeededDice(b"k")) == RULES.decide(s, a, SeededDice(b"k"))


# ------------------------------------------------------------------ the rest of the text


def test_introduction_two_player() -> None:
    """"Chess Variant. Fantasy Theme. 2-Player.\""""
    assert RULES.seats == (2,) and RULES.default_players == ("White", "Black")


def test_decide_who_is_white_and_who_is_black() -> None:
    """"Decide who is white and who is black.": the first player named is White (seat 0,
    upper-case letters), the second Black."""
    m = Match.new("magery", players=("Ann", "Bob"), seed="00" * 32)
    m.act(Arrange(player=0, minion="dragon", square="d1"))
    assert m.state.arena[sq("d1")] == "D" and m.to_act == frozenset({0})


def test_sets_should_be_differentiated_by_color() -> None:
    """"Sets should be differentiated by color.": White's letters are upper case, Black's
    lower case, and no letter belongs to both."""
    s = RULES.setup(RULES.Options(), ("White", "Black"))
    assert s.reserve[W].isupper() and s.reserve[BL].islower()
    assert not set(s.reserve[W]) & set(s.reserve[BL])


def test_a_minion_is_in_the_arena_the_reserve_the_dead_pile_or_a_chamber() -> None:
    """"At any given time, a minion can be in one of three places: In the Arena ... In the
    players Reserve Area ... Destroyed." Ruling: a minion on a chamber of the Tower is a
    fourth place (the text's list leaves out the workers). Through a whole seeded game
    every minion is in exactly one of the four."""
    m = Match.new("magery", seed="0c" * 32)
    bot = random.Random(12)
    state = RULES.setup(RULES.Options(), ("White", "Black"))
    for _ in range(600):
        if m.outcome is not None:
            break
        (seat,) = m.to_act
        for event in m.act(bot.choice(m.legal(seat))):
            state = RULES.evolve(state, event)
            for side in (W, BL):
                letters = [*state.arena, *state.tower, state.reserve[side], state.dead[side]]
                everything = "".join(letters)
                for kind in range(len(B.KINDS)):
                    assert everything.count(B.letter(side, kind)) == T.PER_TYPE


def test_minion_pieces_can_be_used_as_workers_or_chessmen() -> None:
    """"Minion Pieces can be used as Workers or Chessmen." "Minions in the Reserve can be
    played onto Chambers of the Mage Tower or be Summoned to the Arena.\""""
    m = at(FAR)
    assert any(isinstance(a, Place) and a.minion == "construct" for a in m.legal(W))
    m = acting({}, 6, "C")
    assert any(isinstance(a, Summon) and a.minion == "construct" for a in m.legal(W))


def test_when_you_summon_you_take_the_minion_from_your_reserve() -> None:
    """"When you summon a Minion you take the appropriate minion type from your reserve and
    place it onto a space in the Arena.\""""
    m = acting({"a1": "C", "b1": "C"}, 6, "U", dead="C/-")
    assert not any(isinstance(a, Summon) for a in m.legal(W))
    assert refused(m, Summon(player=W, minion="construct", square="c1")) == (
        "summon/not-in-reserve")
    m = acting({}, 6, "C")
    before = m.state.reserve[W].count("C")
    m.act(Summon(player=W, minion="construct", square="c1"))
    assert m.state.reserve[W].count("C") == before - 1 and m.state.arena[sq("c1")] == "C"


def test_possession_of_the_orb_determines_turn_order_during_the_round() -> None:
    """"Possession of the Orb determines turn order during the Round.": Black holding the
    Orb opens both phases."""
    m = at(FAR, orb="b", turn="b")
    m.act(Place(player=BL, minion="fey", chamber="5"))
    m.act(Place(player=W, minion="fey", chamber="6"))
    m.act(Pass(player=BL))
    assert m.act(Pass(player=W))[-1] == Phase(phase="action", round=1, player=BL)


def test_as_a_minion_is_removed_its_mages_power_is_activated_and_resolved_at_once() -> None:
    """"As a Minion is Removed, the special power of the Mage the minion was occupying is
    Activated. Resolve these actions immediately.": the power waits for its use (or a
    decline) before anything else happens."""
    m = at({**FAR, "d4": "D"}, {8: "D", 9: "U", 1: "u"}, phase="action")
    m.act(Remove(player=W, chamber="8"))
    assert m.state.pending == "dragon" and m.to_act == frozenset({W})
    assert refused(m, Remove(player=W, chamber="9")) == "power/pending"
    assert {type(a) for a in m.legal(W)} == {Move, Summon, Decline}


def test_a_player_with_nothing_left_in_the_tower_is_skipped() -> None:
    """"Then it goes on to your opponents turn." Ruling: when the opponent has no minion
    left in the Tower, the turn comes back to you until yours are out too."""
    m = at(FAR, {1: "U", 2: "U", 3: "u"}, phase="action")
    m.act(Remove(player=W, chamber="1"))
    assert m.act(Decline(player=W))[-1] == Turn(player=BL)
    m.act(Remove(player=BL, chamber="3"))
    assert m.act(Decline(player=BL))[-1] == Turn(player=W)
    m.act(Remove(player=W, chamber="2"))
    assert m.act(Decline(player=W))[-1] == Phase(phase="decision", round=2, player=W)


def test_players_take_turns_removing_every_minion_there_is_no_pass_in_the_action_phase(
) -> None:
    """"players take turns removing their Minions from the Tower... one minion at a time."
    Ruling: a turn of the action phase always removes a minion; passing belongs to the
    decision phase only."""
    m = at(FAR, {1: "U", 2: "u"}, phase="action")
    assert {type(a) for a in m.legal(W)} == {Remove}
    assert refused(m, Pass(player=W)) == "pass/not-decision"


def test_some_chaos_mages_send_the_minion_elsewhere_instead_of_the_reserve() -> None:
    """"However some Chaos Mages cause the particular Minion that was on them to go to
    elsewhere, instead of the Reserve.": the Magus puts it on a chamber, the Conjurer in
    the Arena."""
    m = at(FAR, {14: "S", 1: "u"}, phase="action", chaos=CHAOS)
    full = m.state.reserve[W].count("S") + 1
    m.act(Remove(player=W, chamber="14"))
    m.act(Relocate(player=W, chamber="4"))
    assert m.state.reserve[W].count("S") == full - 1 and m.state.tower[3] == "S"
    m = acting({}, 13, "S", chaos="chaos=conjurer")
    m.act(Summon(player=W, minion="spirit", square="d3"))
    assert m.state.reserve[W].count("S") == full - 1


def test_in_the_regular_game_the_4_chaos_mages_are_fixed() -> None:
    """"In the regular game, the 4 Chaos Mages you get are fixed.": without the Rotating
    Chaos Lords option the cards stay when a round ends."""
    m = at(FAR, {1: "U"}, phase="action", chaos="chaos=seer,magus,alchemist,conjurer",
           deck="illusionist")
    m.act(Remove(player=W, chamber="1"))
    events = m.act(Decline(player=W))
    assert not any(isinstance(e, Rotate | Flip) for e in events)
    assert m.state.cards[:4] == ("seer", "magus", "alchemist", "conjurer")


# ------------------------------------------------------------------ what people read


@pytest.mark.parametrize(("event", "line"), [
    (Arrange(player=W, minion="elemental", square="c1"), "White sets up an elemental on c1"),
    (Arrange(player=W, minion="undead", square="d1"), "White sets up an undead on d1"),
    (Place(player=BL, minion="undead", chamber="5"), "Black places an undead in chamber 5 (Druid)"),
    (Summon(player=W, minion="elemental", square="f1"), "White summons an elemental onto f1"),
    (Transmute(player=W, square="d4", minion="undead"),
     "White uses the Alchemist to replace the minion on d4 with an undead from the reserve"),
    (Summon(player=W, minion="dragon", square="d1"), "White summons a dragon onto d1"),
])
def test_describe_uses_the_right_article(event: Event, line: str) -> None:
    """Output: "an elemental", "an undead", "a dragon"."""
    assert RULES.describe(event) == line


def test_describe_names_the_card_on_a_chaos_chamber() -> None:
    """Output: a chaos chamber reads "chamber 13 (Seer)", like "chamber 8 (Dragon Lord)":
    the legal actions name the card, and so does the log."""
    m = at(FAR, chaos=CHAOS)
    place = next(a for a in m.legal(W) if isinstance(a, Place) and a.chamber == "13")
    assert RULES.describe(place) == "White places a dragon in chamber 13 (Seer)"
    m.act(place)
    assert RULES.describe(m.events[0]) == "White places a dragon in chamber 13 (Seer)"
    m = at(FAR, {14: "S", 1: "u"}, phase="action", chaos=CHAOS)
    remove = next(a for a in m.legal(W) if isinstance(a, Remove))
    assert RULES.describe(remove) == "White removes a minion from chamber 14 (Magus)"
    m.act(remove)
    relocate = next(a for a in m.legal(W) if isinstance(a, Relocate) and a.chamber == "16")
    assert RULES.describe(relocate) == (
        "White uses the Magus to put the minion in chamber 16 (Conjurer) instead of the reserve")
    assert RULES.describe(relocate, m.state) == (
        "White uses the Magus to put the spirit in chamber 16 (Conjurer) instead of the reserve")
    assert "(Seer)" in RULES.render(m.state)


def test_a_named_card_must_be_the_chambers() -> None:
    """An action may name its chamber's card; a wrong name is refused."""
    m = at(FAR, chaos=CHAOS)
    assert refused(m, Place(player=W, minion="fey", chamber="13", card="magus")) == (
        "place/wrong-card")
    assert refused(m, Place(player=W, minion="fey", chamber="8", card="seer")) == (
        "place/wrong-card")
    m.act(Place(player=W, minion="fey", chamber="13"))  # naming it is optional
    m = at(FAR, {14: "S", 1: "u"}, phase="action", chaos=CHAOS)
    assert refused(m, Remove(player=W, chamber="14", card="seer")) == "remove/wrong-card"
    m.act(Remove(player=W, chamber="14", card="magus"))
    assert refused(m, Relocate(player=W, chamber="13", card="magus")) == "relocate/wrong-card"


def test_a_hidden_private_card_cannot_be_named_and_is_redacted() -> None:
    """A card the actor cannot see is refused whatever the name (a refusal must not tell
    whether a guess was right); the card an owner names on a private chamber is hidden
    from the other seat and spectators."""
    m = at(FAR, {12: "U", 1: "u"}, phase="action", private="-/seer@u",
           options={"archmage": "archmage"})
    m.act(Remove(player=W, chamber="12"))
    assert Dismiss(player=W, chamber="b1") in m.legal(W)  # no card named
    for guess in ("seer", "magus"):
        assert refused(m, Dismiss(player=W, chamber="b1", card=guess)) == "dismiss/wrong-card"
    m = at(FAR, private="rune-master/-", options={"archmage": "archmage"})
    place = Place(player=W, minion="fey", chamber="w1", card="rune-master")
    assert place in m.legal(W)
    assert RULES.redact(place, W) == place
    assert RULES.redact(place, BL).card == "" and RULES.redact(place, None).card == ""
    assert RULES.describe(RULES.redact(place, BL)) == "White places a fey in chamber w1"


def test_refusals_name_the_minion_with_the_right_article() -> None:
    """Output: refusals say "an elemental" too."""
    m = acting({"c1": "E"}, 7, "E")
    with pytest.raises(IllegalAction) as err:
        m.act(Summon(player=W, minion="elemental", square="c4"))
    assert "an elemental is summoned onto your back row" in err.value.detail


# ------------------------------------------------------------------ positions that are over


def test_a_position_that_meets_a_victory_condition_is_over_when_loaded() -> None:
    """"or capture 3 Greater Minions of 1 type." Ruling: a position in which a victory
    condition already holds (three White Dragons on the dead pile) is over as soon as it
    is read: the rules check victory after every turn, so no game goes on from it."""
    m = Match.new("magery", position="arena=u7/8/8/8/8/8/8/7U dead=DDD/-", dice="recorded")
    assert m.outcome is not None
    assert (m.outcome.winners, m.state.result) == ((BL,), "three-of-a-type")
    assert m.to_act == frozenset()
    with pytest.raises(IllegalAction) as err:
        m.act(Pass(player=W))
    assert err.value.reason == "game/over"
    s = RULES.parse("arena=u7/8/8/8/8/8/8/8 tower=u phase=action turn=b", RULES.Options(),
                    ("White", "Black"))
    assert (s.winners, s.result) == ((BL,), "arena-cleared")
    assert RULES.parse(RULES.notation(s), RULES.Options(), ("White", "Black")) == s


@pytest.mark.parametrize("text", [
    "arena=u7/8/8/8/8/8/8/7U dead=DDD/- over=w:three-of-a-type",  # the wrong winner
    "arena=u7/8/8/8/8/8/8/7U dead=DDD/- over=b:five-greater",  # the wrong reason
    "arena=u7/8/8/8/8/8/8/7U over=w:arena-cleared",  # nothing of the kind
    "arena=u7/8/8/8/8/8/8/7U over=w:stalemate",  # a draw has no winner
    "arena=u7/8/8/8/8/8/8/7U over=-:resigned",  # no such ending
])
def test_an_over_field_must_agree_with_the_position(text: str) -> None:
    """Ruling: ``over`` is refused where the position shows another ending (or none)."""
    with pytest.raises(IllegalAction) as err:
        RULES.parse(text, RULES.Options(), ("White", "Black"))
    assert err.value.reason == "position/invalid"


# ------------------------------------------------------------------ notation and docs


def test_notation_round_trips_and_fills_defaults() -> None:
    """The position notation writes every field and reads back the same state."""
    text = position({**FAR, "d4": "D"}, {9: "U", 12: "s"}, phase="action", orb="b",
                    turn="w", dead="C/ee", runes="b", chaos="seer,magus,-,-",
                    deck="conjurer,alchemist", discard="illusionist", extra="ww",
                    shielded="d4", pending="seer@13:S", round="4")
    s = RULES.parse(text, RULES.Options(), ("White", "Black"))
    assert s.pending == "seer" and s.pending_minion == "S" and s.extra == (W, W)
    assert s.reserve[W].count("C") == 2 and s.reserve[BL].count("e") == 1
    assert RULES.parse(RULES.notation(s), RULES.Options(), ("White", "Black")) == s


@pytest.mark.parametrize("text", [
    "tower=U",  # no arena
    "arena=8/8/8/8/8/8/8",  # seven ranks
    "arena=8/8/8/8/8/8/8/UUUU4",  # four undead
    "arena=8/8/8/8/8/8/8/8 colour=w",  # unknown field
    "arena=8/8/8/8/8/8/8/8 chaos=joker",  # unknown card
    "arena=8/8/8/8/8/8/8/8 tower=............U",  # a minion on a floor with no card
])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction) as err:
        RULES.parse(text, RULES.Options(), ("White", "Black"))
    assert err.value.reason == "position/invalid"


def test_every_reason_code_is_listed_in_the_docs() -> None:
    """Every reason code the rules raise appears in docs/games/magery.md and in REASONS
    (codes are string literals: none is built by an f-string)."""
    import re
    from pathlib import Path

    from grimoire.core.rules import CORE_REASONS

    root = Path(__file__).resolve().parents[3]
    source = "".join(p.read_text() for p in (root / "src/grimoire/games/magery").glob("*.py"))
    codes = set(re.findall(r'"([a-z]+/[a-z-]+)"', source))
    assert not re.findall(r'f"\{[a-z_]+\}/[a-z-]+"', source)
    assert codes <= set(RULES.reasons) | set(CORE_REASONS)
    docs = (root / "docs/games/magery.md").read_text()
    missing = sorted(c for c in codes | set(RULES.reasons) | set(CORE_REASONS)
                     if f"`{c}`" not in docs)
    assert not missing
