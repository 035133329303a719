"""Wiz-War rules, one test per rule sentence (docstrings quote or paraphrase the rulebook)."""

from __future__ import annotations

import random

import msgspec
import pytest
from wizwar import (
    NAMES,
    act,
    card,
    edge,
    kinds,
    position,
    reached_without_doors,
    reason,
    sq,
    well_formed,
)

from grimoire import Match
from grimoire.core.audit import audit_events
from grimoire.core.dice import RecordedDice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Shuffle
from grimoire.core.rules import options_for
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import DECK, FIRST_GAME
from grimoire.games.wiz_war.state import (
    RULES_1,
    RULES_2,
    Options,
    Spell,
    State,
    hand_count,
    points,
)

# ---------------------------------------------------------------- the labyrinth


@pytest.mark.parametrize("n", [2, 3, 4])
def test_labyrinth_every_square_reachable_without_doors(n: int) -> None:
    """Sectors of our own design: every square can be reached without passing a door
    (doors are locked for enemies), so no treasure is sealed away."""
    g = B.geometry(n)
    assert len(reached_without_doors(n, g)) == sum(g.valid)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sectors_home_base_centre_two_treasure_starts_exit_mid_side(n: int) -> None:
    """"Each sector board has one home base square at the center ... as well as two
    treasure starting squares"; our sectors have an open exit in the middle of each side."""
    g = B.geometry(n)
    for seat in range(n):
        r, c = divmod(g.home[seat], g.width)
        assert (r % 5, c % 5) == (2, 2)
        assert len(g.treasure_starts[seat]) == 2
    for art in T.SECTORS:
        assert len(art) == 11 and all(len(row) == 11 for row in art)
        assert art[0][5] == art[10][5] == art[5][0] == art[5][10] == " "
        assert art[0].count(" ") == 1 and art[10].count(" ") == 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_exits_link_both_ways(n: int) -> None:
    """Wrap-around and portals connect two squares: leaving through one exit and coming
    back through the other returns to the start."""
    g = B.geometry(n)
    for q in range(g.size):
        for d in range(4):
            lk = g.link[q][d]
            if lk is None:
                continue
            dest, travel, _ = lk
            back = g.link[dest][B.OPP[travel]]
            assert back is not None and back[0] == q


def test_outer_walls_are_indestructible() -> None:
    """"The walls around the outer edge of the game board ... are indestructible": no
    border on the outside of the board can be targeted."""
    s = position(hands={0: [card("Destroy Wall")]}, at={0: "a1"})
    targets = {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast)}
    assert targets and all(t.startswith("e") for t in targets)
    assert len(B.geometry(2).initial_edges) == len(s.edges)


# ---------------------------------------------------------------- setup


def test_setup_wizards_home_treasures_life_15() -> None:
    """"Each player places his wizard figure in his home base square. Then, each player
    places one of his treasure markers on each of the two treasure start squares"; life 15."""
    s = RULES.setup(Options(), NAMES[:4])
    g = B.geometry(4)
    assert s.pos == g.home
    assert s.treasures == tuple(q for p in range(4) for q in g.treasure_starts[p])
    assert s.life == (15,) * 4


def test_setup_deck_white_cantrip_and_three_schools() -> None:
    """"White Cantrip, Alchemy, Elemental, and Mentalism" for the first game: 12 + 3 x 24."""
    assert len(FIRST_GAME) == 84
    assert len(RULES.setup(Options(), NAMES[:2]).deck) == 84
    assert sum(k for _, k in T.SCHOOLS["white-cantrip"]) == 12
    for school in ("alchemy", "elemental", "mentalism"):
        assert sum(k for _, k in T.SCHOOLS[school]) == 24
    assert all(name in T.CARDS for name in DECK)


def test_setup_shuffle_deal_five_first_player() -> None:
    """The board is built (the sectors shuffled, their orientations rolled), the deck is
    shuffled with the dice, five cards dealt to each player, and the first player chosen
    at random; the first action (``start``) does it all."""
    m = Match.new("wiz-war", players=NAMES[:3], seed="ab" * 16)
    events = m.act(E.Start(player=0))
    assert kinds(events)[:8] == ["start", "shuffle", "roll", "board-built", "shuffle", "deal",
                                 "roll", "first-player"]
    assert all(len(h) == 5 for h in m.state.hands)
    assert len(m.state.deck) == 84 - 15
    first = events[7]
    assert isinstance(first, E.FirstPlayer) and m.state.active == first.player
    assert sorted(m.state.deck + sum(m.state.hands, ())) == list(range(84))


# ---------------------------------------------------------------- turn phases


def test_time_passes_removes_energy_and_ends_spells_acid_bath_four_turns() -> None:
    """"When time passes for Matt this turn, Acid Bath deals 2 damage ... and Matt removes
    one of the energy tokens" — cast with energy 4 it burns on four turns, then ends."""
    acid, e4 = card("Acid Bath"), card("Energy 4")
    s = position(hands={0: [acid, e4]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=acid, target="w1", energy=e4))
    assert s.phase == "respond"
    _, s = act(s, E.Allow(player=1))
    assert s.spells == (Spell(acid, 0, "w1", 4),)
    lives = []
    for _ in range(5):
        _, s = act(s, E.EndMove(player=0))
        _, s = act(s, E.EndTurn(player=0, draw=0))
        _, s = act(s, E.EndMove(player=1))
        _ev, s = act(s, E.EndTurn(player=1, draw=0))
        lives.append(s.life[1])
    assert lives == [13, 11, 9, 7, 7]
    assert s.spells == () and acid in s.discard


def test_time_passes_stun_token() -> None:
    """"If the active player has any stun tokens, he discards one of them and his wizard
    is stunned for the turn"."""
    s = position(stun=(0, 2), at={1: "h3"})
    _, s = act(s, E.EndMove(player=0))
    ev, s = act(s, E.EndTurn(player=0, draw=0))
    assert "stunned" in kinds(ev) and s.stunned and s.stun == (0, 1)


def test_stunned_wizard_moves_or_attacks_not_both() -> None:
    """"A stunned wizard may either move or attack on his turn, but not both"."""
    s = position(stunned=True, at={1: "d3"})
    _, moved = act(s, E.Move(player=0, dir="s"))
    assert not any(isinstance(a, E.Punch) for a in RULES.legal(moved, 0))
    _, punched = act(s, E.Punch(player=0, target=1))
    _, punched = act(punched, E.Allow(player=1))
    assert reason(punched, E.Move(player=0, dir="s")) == "move/stunned"


def test_move_and_cast_three_movement_points() -> None:
    """"At the start of a player's Move and Cast phase, his wizard receives movement
    points equal to the wizard's base speed (normally 3)"."""
    s = position(at={1: "h1"})
    _, s = act(s, E.EndMove(player=0))
    _, s = act(s, E.EndTurn(player=0, draw=0))
    assert s.active == 1 and s.mp == 3
    for d in "ssw":
        _, s = act(s, E.Move(player=1, dir=d))
    assert s.mp == 0 and reason(s, E.Move(player=1, dir="w")) == "move/no-points"


def test_speed_boost_once_per_turn() -> None:
    """"A player may only boost his wizard's speed this way once per turn", gaining the
    discarded card's energy value in movement."""
    e5, e4 = card("Energy 5"), card("Energy 4")
    s = position(hands={0: [e5, e4]})
    _, s = act(s, E.Boost(player=0, card=e5))
    assert s.mp == 8 and e5 in s.discard
    assert reason(s, E.Boost(player=0, card=e4)) == "boost/used"


def test_no_attack_on_first_turn() -> None:
    """"A wizard cannot attack during his first turn"."""
    s = position(turns=(1, 0), at={1: "d3"})
    assert reason(s, E.Punch(player=0, target=1)) == "attack/first-turn"


def test_one_attack_per_turn() -> None:
    """"The active player's wizard can attack once during his turn"."""
    fb = card("Fireball")
    s = position(hands={0: [fb]}, at={1: "d3"})
    _, s = act(s, E.Punch(player=0, target=1))
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 14
    assert reason(s, E.Cast(player=0, card=fb, target="w1")) == "attack/used"


def test_neutral_spells_and_items_any_number() -> None:
    """"The active player may play any number of neutral spells" and items."""
    rock, spikes, med = card("Large Rock"), card("Stone Spikes"), card("Meditate")
    s = position(hands={0: [rock, spikes, med]})
    _, s = act(s, E.Cast(player=0, card=rock, target="s"))
    _, s = act(s, E.Cast(player=0, card=spikes, target="s"))
    assert s.carried[0] == (rock, spikes)


def test_discard_and_draw_up_to_two_not_exceeding_seven() -> None:
    """"The active player may draw up to two cards so long as he never exceeds his
    maximum hand size (which is normally seven cards)"."""
    hand = [card("Energy 4", 0), card("Energy 4", 1), card("Energy 4", 2), card("Energy 5"),
            card("Fireball"), card("Fireball", 1)]
    s = position(hands={0: hand}, phase="draw")
    draws = [a.draw for a in RULES.legal(s, 0) if isinstance(a, E.EndTurn)]
    assert draws == [1, 0]
    _, s = act(s, E.Discard(player=0, card=hand[0]))
    draws = [a.draw for a in RULES.legal(s, 0) if isinstance(a, E.EndTurn)]
    assert draws == [2, 1, 0]
    _ev, s = act(s, E.EndTurn(player=0, draw=2))
    assert len(s.hands[0]) == 7 and s.active == 1


def test_deck_runs_out_reshuffle_discard() -> None:
    """"If the Magic deck runs out of cards, flip the discard pile facedown and shuffle it
    to create a new Magic deck"."""
    s = position(phase="draw")
    s = msgspec.structs.replace(s, deck=s.deck[:1], discard=s.deck[1:4])
    ev, s = act(s, E.EndTurn(player=0, draw=2), dice=[0, 1])
    assert kinds(ev)[:4] == ["end-turn", "draw", "shuffle", "draw"]
    assert len(s.hands[0]) == 2 and len(s.deck) == 2 and s.discard == ()


# ---------------------------------------------------------------- movement


def test_walls_block_movement() -> None:
    """"Wizards cannot move diagonally, nor can they pass through walls"."""
    s = position(at={0: "d3"})
    assert reason(s, E.Move(player=0, dir="s")) == "move/blocked"
    assert reason(s, E.Move(player=0, dir="x")) == "move/bad-direction"


def test_doors_open_for_their_home_wizard_only() -> None:
    """"Doors in a wizard's home sector are always considered to be unlocked for him";
    for everyone else doors are locked."""
    s = position(at={0: "c3", 1: "c3"})
    _, s2 = act(s, E.Move(player=0, dir="n"))
    assert s2.pos[0] == sq("c2")
    s1 = msgspec.structs.replace(s, active=1)
    assert reason(s1, E.Move(player=1, dir="n")) == "move/blocked"


def test_wrap_around_costs_one_point() -> None:
    """"If a wizard walks off an open side of the map, he immediately re-enters the map on
    the opposite side ... This wrap-around move costs 1 movement point"."""
    s = position(at={0: "j3"})
    _, s = act(s, E.Move(player=0, dir="e"))
    assert s.pos[0] == sq("a3") and s.mp == 2


def test_portal_costs_one_point() -> None:
    """"If a wizard walks through a portal ... he immediately re-enters the map through
    the matching portal elsewhere ... It costs 1 movement point"."""
    s = position(players=3, at={0: "h5"})
    _, s = act(s, E.Move(player=0, dir="s"))
    assert s.pos[0] == sq("e8", 3) and s.mp == 2


def test_wizards_may_share_squares() -> None:
    """"Wizards may move through and even end their movement in the same square as another
    wizard"."""
    s = position(at={1: "d3"})
    _, s = act(s, E.Move(player=0, dir="e"))
    assert s.pos[0] == s.pos[1]


def test_picking_up_object_costs_one_point() -> None:
    """"A wizard may pick up a mobile object in his current square by spending 1 movement
    point"; dropping costs nothing."""
    rock = card("Large Rock")
    s = position(carried={0: [rock]})
    _, s = act(s, E.Drop(player=0, what=f"c{rock}"))
    assert s.objects == ((rock, s.pos[0]),) and s.mp == 3
    _, s = act(s, E.PickUp(player=0, what=f"c{rock}"))
    assert s.carried[0] == (rock,) and s.mp == 2


def test_treasure_pickup_ends_move_and_cast_one_at_a_time() -> None:
    """"Picking up a treasure immediately ends the Move and Cast phase"; "a wizard can
    carry only one treasure at a time"; dropping a treasure costs no movement."""
    s = position(at={0: "j1"})
    t = s.treasures.index(sq("j1"))
    _, s2 = act(s, E.PickUp(player=0, what=f"t{t}"))
    assert s2.phase == "draw" and s2.bearer[t] == 0 and s2.mp == 3
    s3 = msgspec.structs.replace(s2, phase="move", pos=(sq("a1"), s2.pos[1]))
    other = s3.treasures.index(sq("a1"))
    assert reason(s3, E.PickUp(player=0, what=f"t{other}")) == "pick-up/one-treasure"
    _, s4 = act(s3, E.Drop(player=0, what=f"t{t}"))
    assert s4.treasures[t] == sq("a1") and s4.mp == 3


def test_speedstone_carried_raises_base_speed_every_turn() -> None:
    """A carried Speedstone raises base speed by 1: each turn starts with 4 points (the
    change during a turn: test_speedstone_changes_base_speed_at_once)."""
    stone = card("Speedstone")
    s = position(carried={0: [stone]})
    _, s = act(s, E.EndMove(player=0))
    _, s = act(s, E.EndTurn(player=0, draw=0))
    _, s = act(s, E.EndMove(player=1))
    _, s = act(s, E.EndTurn(player=1, draw=0))
    assert s.active == 0 and s.mp == 4


# ---------------------------------------------------------------- attacks, sight, counters


def test_punch_one_physical_same_or_adjacent_square() -> None:
    """"A wizard may punch another wizard in his square or in an adjacent square to deal
    1 physical damage"."""
    s = position(at={1: "d3"})
    _ev, s = act(s, E.Punch(player=0, target=1))
    assert s.phase == "respond" and RULES.to_act(s) == frozenset({1})
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 14


@pytest.mark.parametrize(("a", "b", "ok"), [
    ("c3", "d3", True),    # open border
    ("d3", "d4", False),   # stone wall between
    ("c3", "d4", False),   # never diagonal
    ("c2", "d2", False),   # a door blocks sight
    ("j3", "a3", True),    # wrap-around counts as adjacent
])
def test_adjacency_exactly_as_the_text(a: str, b: str, ok: bool) -> None:
    """"Squares cannot be diagonally adjacent. Only squares with a common shared
    borderline can be adjacent"; the caster needs clear sight; wrap-around squares are
    "treated as directly adjacent"."""
    s = position(at={0: a, 1: b})
    assert any(isinstance(x, E.Punch) for x in RULES.legal(s, 0)) is ok


@pytest.mark.parametrize(("a", "b", "ok"), [
    ("c3", "h3", True),    # a long open corridor
    ("c3", "c5", True),    # straight down an open column of squares
    ("c3", "d4", False),   # the diagonal passes a column (where the d3/d4 wall ends)
    ("a2", "c1", True),    # a slanting line that touches no wall or column
    ("c3", "c1", True),    # down through the wrap-around and back in from the north
    ("c2", "d2", False),   # a door blocks sight
    ("a2", "c4", False),   # walls in the way
])
def test_line_of_sight_walls_and_columns_block(a: str, b: str, ok: bool) -> None:
    """"If the imaginary line is interrupted by any part of a wall (including a column),
    then line of sight is blocked"; wrap-around squares are treated as adjacent."""
    expected = ok
    assert B.sees(2, B.geometry(2).initial_edges, sq(a), sq(b)) is expected
    assert B.sees(2, B.geometry(2).initial_edges, sq(b), sq(a)) is expected


def test_line_of_sight_column_blocks_corner_line() -> None:
    """A line passing exactly through a corner where a wall ends (a column) is blocked;
    through a corner no wall touches, it is clear."""
    g = B.geometry(2)
    edges = g.initial_edges
    # b3-c4 diagonal passes the corner shared by b3, c3, b4, c4, which walls touch
    assert not B.sees(2, edges, sq("b3"), sq("c4"))
    # clear the walls around that corner: now the diagonal is open
    cleared = list(edges)
    for name, d in (("b3", "s"), ("b3", "e"), ("b4", "e"), ("c3", "s")):
        cleared[edge(name, d)] = "."
    assert B.sees(2, tuple(cleared), sq("b3"), sq("c4"))


def test_fireball_5_damage() -> None:
    """"The red wizard ... casts Fireball at the blue wizard, causing 5 damage"."""
    fb = card("Fireball")
    s = position(hands={0: [fb]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 10 and fb in s.discard


def test_shield_reduces_fireball_to_3() -> None:
    """"He casts Shield (with no additional energy), which reduces Fireball's damage by 2.
    The green wizard suffers 3 damage" (see Rulings: 2 plus an energy card's value)."""
    fb, sh = card("Fireball"), card("Shield")
    s = position(hands={0: [fb], 1: [sh]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    ev, s = act(s, E.Counter(player=1, card=sh))
    assert kinds(ev) == ["counter", "reduced"] and s.phase == "respond"
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 12 and s.attacked


def test_full_shield_cancels_attack_still_used() -> None:
    """"He casts Full Shield, which cancels the Fireball entirely ... the blue wizard
    cannot make another attack this turn"."""
    fb, fs = card("Fireball"), card("Full Shield")
    s = position(hands={0: [fb], 1: [fs]}, at={1: "d3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    ev, s = act(s, E.Counter(player=1, card=fs))
    assert kinds(ev) == ["counter", "cancelled"]
    assert s.life[1] == 15 and s.phase == "move"
    assert reason(s, E.Punch(player=0, target=1)) == "attack/used"


def test_full_shield_only_against_spells() -> None:
    """Full Shield cancels "one spell targeting you": not a punch."""
    fs = card("Full Shield")
    s = position(hands={1: [fs]}, at={1: "d3"})
    _, s = act(s, E.Punch(player=0, target=1))
    assert reason(s, E.Counter(player=1, card=fs)) == "respond/not-applicable"


def test_counter_spells_one_after_another() -> None:
    """"Players are free to play as many counter spells in response to the same spell as
    they wish ... A player may wait for his first counter spell to resolve"."""
    pt, e6, sh, fs = card("Powerthrust"), card("Energy 6"), card("Shield"), card("Full Shield")
    s = position(hands={0: [pt, e6], 1: [sh, fs]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=pt, target="w1", energy=e6))
    assert s.pending is not None and s.pending.damage == 8
    _, s = act(s, E.Counter(player=1, card=sh))
    assert s.pending is not None and s.pending.reduced == 2
    _, s = act(s, E.Counter(player=1, card=fs))
    assert s.life[1] == 15 and s.pending is None


def test_other_players_act_only_in_response_windows() -> None:
    """"Counter spells are the only spells that may be played during another player's
    turn": ``to_act`` names the target during the window, the active seat otherwise."""
    fb = card("Fireball")
    s = position(hands={0: [fb]}, at={1: "h3"})
    assert RULES.to_act(s) == frozenset({0})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    assert RULES.to_act(s) == frozenset({1})
    with pytest.raises(IllegalAction) as exc:
        RULES.decide(s, E.EndMove(player=0), RecordedDice([]))
    assert exc.value.reason == "turn/not-to-act"


def test_energy_card_replaces_default_energy() -> None:
    """"The energy card's value replaces the spell's default energy of 1; it does not add
    to it": Powerthrust (energy + 2) does 3 alone, 7 with a 5."""
    pt, e5 = card("Powerthrust"), card("Energy 5")
    s = position(hands={0: [pt, e5]}, at={1: "h3"})
    _, a = act(s, E.Cast(player=0, card=pt, target="w1"))
    assert a.pending is not None and a.pending.damage == 3
    _, b = act(s, E.Cast(player=0, card=pt, target="w1", energy=e5))
    assert b.pending is not None and b.pending.damage == 7
    assert e5 in b.discard


def test_only_one_energy_card_per_spell() -> None:
    """"Only one energy-value card per action unless a card such as Add allows more";
    a card that ignores energy takes none."""
    fb, e5 = card("Fireball"), card("Energy 5")
    s = position(hands={0: [fb, e5]}, at={1: "h3"})
    assert reason(s, E.Cast(player=0, card=fb, target="w1", energy=e5)) == "cast/energy"


def test_zot_damage_or_stun() -> None:
    """Zot!: "magical damage equal to energy, or stun 2 turns instead"."""
    zot, e4 = card("Zot!"), card("Energy 4")
    s = position(hands={0: [zot, e4]}, at={1: "h3"})
    _, a = act(s, E.Cast(player=0, card=zot, target="w1", energy=e4, mode="damage"))
    _, a = act(a, E.Allow(player=1))
    assert a.life[1] == 11
    _, b = act(s, E.Cast(player=0, card=zot, target="w1", mode="stun"))
    _, b = act(b, E.Allow(player=1))
    assert b.stun[1] == 2 and b.life[1] == 15


# ---------------------------------------------------------------- objects, walls, cracks


def test_seven_damage_two_cracks() -> None:
    """"Dealing 7 damage to an object would inflict two cracks to it"."""
    pt, e5 = card("Powerthrust"), card("Energy 5")
    s = position(hands={0: [pt, e5]}, at={0: "c3"})
    wall = edge("d3", "s")
    ev, s = act(s, E.Cast(player=0, card=pt, target=f"e{wall}", energy=e5))
    assert E.Cracked(edge=wall, cracks=2) in ev and s.cracks[wall] == 2 and s.edges[wall] == "#"


def test_less_than_three_damage_no_crack() -> None:
    """"Less than 3 damage from a single attack has no effect on an object"."""
    pt = card("Powerthrust")
    s = position(hands={0: [pt]}, at={0: "c3"})
    wall = edge("d3", "s")
    _, s = act(s, E.Cast(player=0, card=pt, target=f"e{wall}"))
    assert s.cracks[wall] == 1  # Powerthrust alone does 3: exactly one crack
    s2 = position(at={0: "c3"})
    assert s2.cracks[wall] == 0


def _cracks(s: State, e: int, n: int) -> tuple[int, ...]:
    return tuple(n if i == e else 0 for i in range(len(s.cracks)))


def _carrying(s: State, seat: int, t: int) -> State:
    """``seat`` carries treasure ``t``."""
    return msgspec.structs.replace(
        s,
        treasures=tuple(-1 if i == t else x for i, x in enumerate(s.treasures)),
        bearer=tuple(seat if i == t else -1 for i in range(len(s.bearer))),
    )


def test_doors_three_cracks_walls_five() -> None:
    """"Stone walls take five cracks to destroy. Doors take three cracks to destroy"."""
    fb = card("Fireball")
    door = edge("c3", "w")
    s = position(hands={0: [fb]}, at={0: "c3"})
    s = msgspec.structs.replace(s, cracks=_cracks(s, door, 2))
    ev, s2 = act(s, E.Cast(player=0, card=fb, target=f"e{door}"))
    assert kinds(ev)[-1] == "wall-destroyed" and s2.edges[door] == "."
    wall = edge("d3", "s")
    s = msgspec.structs.replace(s, cracks=_cracks(s, wall, 3))
    _, s3 = act(s, E.Cast(player=0, card=fb, target=f"e{wall}"))
    assert s3.edges[wall] == "#" and s3.cracks[wall] == 4


def test_destroy_wall_damages_adjacent_not_an_attack() -> None:
    """Destroy Wall: "destroy a wall section or door; anyone adjacent takes 2 physical;
    not an attack" (and a death it causes is indirect)."""
    dw, fb = card("Destroy Wall"), card("Fireball")
    s = position(hands={0: [dw, fb]}, at={0: "c3", 1: "d4"}, life=(15, 2))
    wall = edge("d3", "s")
    s = msgspec.structs.replace(s, pos=(sq("d3"), sq("d4")))
    ev, s = act(s, E.Cast(player=0, card=dw, target=f"e{wall}"))
    assert s.edges[wall] == "." and s.life[0] == 13
    assert E.Death(player=1, by=-1, square=sq("d4")) in ev
    assert s.kills == (0, 0)
    assert s.result == "last-alive" and s.winners == (0,)


def test_create_wall_blocks_and_dispel_ends_it() -> None:
    """Create Wall: a wall on an empty border; Dispel ends a non-instant spell and its
    creation goes with it."""
    cw, dp = card("Create Wall"), card("Dispel")
    s = position(hands={0: [cw, dp]}, at={0: "c3", 1: "h3"})
    e = edge("d3", "e")
    _, s = act(s, E.Cast(player=0, card=cw, target=f"e{e}"))
    assert s.edges[e] == "W" and not B.sees(2, s.edges, sq("c3"), sq("h3"))
    assert hand_count(s, 0) == 2  # one card in hand + one maintained spell
    _, s = act(s, E.Cast(player=0, card=dp, target=f"c{cw}"))
    assert s.edges[e] == "." and s.spells == () and cw in s.discard


def test_create_wall_only_on_empty_border() -> None:
    """Walls are created on an empty border: not where a wall or door stands."""
    cw = card("Create Wall")
    s = position(hands={0: [cw]}, at={0: "c3"})
    assert reason(s, E.Cast(player=0, card=cw, target=f"e{edge('d3', 's')}")) == "cast/target"


def test_thrown_rock_lands_in_target_square() -> None:
    """Large Rock: "thrown weapon: 2 physical damage, lands in the target's square"."""
    rock = card("Large Rock")
    s = position(carried={0: [rock]}, at={1: "h3"})
    _, s = act(s, E.Throw(player=0, card=rock, target=1))
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 13 and s.objects == ((rock, sq("h3")),) and s.carried[0] == ()


def test_drop_object_target_drops_item() -> None:
    """Drop Object: "target drops one item or treasure of your choice"."""
    do, rock = card("Drop Object"), card("Large Rock")
    s = position(hands={0: [do]}, carried={1: [rock]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=do, target=f"w1:c{rock}"))
    assert s.carried[1] == () and s.objects == ((rock, sq("h3")),)


def test_pick_lock_opens_a_door_for_a_moment() -> None:
    """Pick Lock: "mundane: open a door for a moment" — for the caster, this phase."""
    pl = card("Pick Lock")
    s = position(hands={1: [pl]}, at={1: "c3"}, active=1)
    assert reason(s, E.Move(player=1, dir="n")) == "move/blocked"
    _, s = act(s, E.Cast(player=1, card=pl, target=f"e{edge('c3', 'n')}"))
    _, s = act(s, E.Move(player=1, dir="n"))
    assert s.pos[1] == sq("c2")


# ---------------------------------------------------------------- hand size and energy


def test_maintained_spells_and_items_count_toward_hand_size() -> None:
    """"Carried items and maintained spells count toward a player's maximum hand size"."""
    s = position(hands={0: [card("Energy 4")]}, carried={0: [card("Large Rock")]})
    s = msgspec.structs.replace(s, spells=(Spell(card("Acid Bath"), 0, "w1", 2),))
    assert hand_count(s, 0) == 3


def test_uncluttered_minds_spells_do_not_count() -> None:
    """Uncluttered Minds: "maintained spells do not count against a player's maximum hand
    size"."""
    s = position(options=Options(uncluttered_minds=True), hands={0: [card("Energy 4")]})
    s = msgspec.structs.replace(s, spells=(Spell(card("Acid Bath"), 0, "w1", 2),))
    assert hand_count(s, 0) == 1


def test_over_hand_size_must_discard() -> None:
    """"If a player has more cards in his hand than his maximum hand size ... he must
    immediately discard down": after Meditate draws three, only discards are legal."""
    med = card("Meditate")
    hand = [med] + [card("Energy 4", k) for k in range(4)] + [card("Energy 5", k) for k in range(2)]
    s = position(hands={0: hand})
    _, s = act(s, E.Cast(player=0, card=med, target="s"))
    assert len(s.hands[0]) == 9
    legal = RULES.legal(s, 0)
    assert legal and all(isinstance(a, (E.Discard, E.EndSpell, E.Drop)) for a in legal)
    assert reason(s, E.EndMove(player=0)) == "hand/over-limit"


# ---------------------------------------------------------------- life and death


def test_life_never_above_20() -> None:
    """"A wizard's life can never exceed 20. Any life gained in excess of 20 is wasted"
    (Lifestone: +1 life when time passes)."""
    stone = card("Lifestone")
    s = position(carried={1: [stone]}, life=(15, 20), phase="draw")
    ev, s = act(s, E.EndTurn(player=0, draw=0))
    assert s.life[1] == 20 and "heal" not in kinds(ev)
    s = position(carried={1: [stone]}, life=(15, 19), phase="draw")
    ev, s = act(s, E.EndTurn(player=0, draw=0))
    assert s.life[1] == 20 and "heal" in kinds(ev)


def test_direct_kill_scores_and_takes_hand() -> None:
    """"If another player reduces a wizard to 0 or less life as a direct result of an
    attack, the attacking player immediately scores 1 victory point ... takes any cards
    ... left in his hand"; the dead wizard drops his items."""
    fb, rock = card("Fireball"), card("Large Rock")
    theirs = [card("Energy 4"), card("Energy 5")]
    s = position(players=3, hands={0: [fb], 1: theirs}, carried={1: [rock]},
                 at={1: "d3"}, life=(15, 5, 15))
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    ev, s = act(s, E.Allow(player=1))
    assert E.Death(player=1, by=0, square=sq("d3", 3)) in ev
    assert s.kills[0] == 1 and s.hands[0] == tuple(theirs) and s.hands[1] == ()
    assert s.objects == ((rock, sq("d3", 3)),) and s.pos[1] == -1
    assert s.result == ""


def test_indirect_death_scores_nobody() -> None:
    """"If a wizard is killed indirectly ... the cards remaining in his player's hand are
    discarded and no one receives a victory point"."""
    dw, e4 = card("Destroy Wall"), card("Energy 4")
    s = position(players=3, hands={0: [dw], 1: [e4]}, at={0: "d3", 1: "d4"}, life=(15, 1, 15))
    _, s = act(s, E.Cast(player=0, card=dw, target=f"e{edge('d3', 's', 3)}"))
    assert s.pos[1] == -1 and s.kills == (0, 0, 0) and e4 in s.discard


def test_dying_while_winning_is_dying_first() -> None:
    """"A wizard who dies while performing an action that would normally win the game is
    considered to have died prior to winning": both last wizards die, nobody wins."""
    dw = card("Destroy Wall")
    s = position(hands={0: [dw]}, at={0: "d3", 1: "d4"}, life=(2, 2))
    _, s = act(s, E.Cast(player=0, card=dw, target=f"e{edge('d3', 's')}"))
    assert s.result == "no-survivors" and s.winners == ()


def test_fire_destroys_magic_stones_boomstone_backfires() -> None:
    """"Magic stones are destroyed if their wielder suffers fire damage"; a destroyed
    Boomstone does 4 to its carrier."""
    fb, boom, life_ = card("Fireball"), card("Boomstone"), card("Lifestone")
    s = position(hands={0: [fb]}, carried={1: [boom, life_]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    ev, s = act(s, E.Allow(player=1))
    assert E.StonesDestroyed(player=1, cards=(boom, life_)) in ev
    assert s.life[1] == 6 and s.carried[1] == ()


def test_mightstone_adds_a_die_to_punches() -> None:
    """Mightstone: "punches add a die roll"."""
    s = position(carried={0: [card("Mightstone")]}, at={1: "d3"})
    _ev, s = act(s, E.Punch(player=0, target=1), dice=[3])
    assert s.pending is not None and s.pending.damage == 4


# ---------------------------------------------------------------- victory


def test_two_points_by_treasure_in_home_base() -> None:
    """"Each enemy treasure dropped in a player's home base scores that player 1 victory
    point"; with a kill that makes 2 and wins."""
    s = position(at={0: "c3"}, kills=(1, 0))
    t = 2  # seat 1's first treasure
    s = _carrying(s, 0, t)
    _ev, s = act(s, E.Drop(player=0, what=f"t{t}"))
    assert points(s, 0) == 2 and s.result == "points" and s.winners == (0,)


def test_treasure_point_lost_when_moved_off() -> None:
    """"If an enemy treasure in a player's home base is picked up or otherwise moved off
    that square, the player immediately loses the 1 victory point"."""
    s = position(at={0: "c3", 1: "c3"}, active=1)
    t = 2
    s = msgspec.structs.replace(s, treasures=tuple(sq("c3") if i == t else x
                                                   for i, x in enumerate(s.treasures)))
    assert points(s, 0) == 1
    _, s = act(s, E.PickUp(player=1, what=f"t{t}"))
    assert points(s, 0) == 0


def test_only_wizard_alive_wins() -> None:
    """"His wizard is the only wizard still alive on the game board"."""
    fb = card("Fireball")
    s = position(hands={0: [fb]}, at={1: "h3"}, life=(15, 5))
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _ev, s = act(s, E.Allow(player=1))
    assert s.result == "last-alive" and s.winners == (0,)
    assert RULES.to_act(s) == frozenset()


def test_extended_play_three_points() -> None:
    """Extended Play: "play to 3 or even 4 victory points"."""
    s = position(players=3, options=Options(victory_points=3), kills=(1, 0, 0))
    t = 2
    s = _carrying(s, 0, t)
    _, s = act(s, E.Drop(player=0, what=f"t{t}"))
    assert points(s, 0) == 2 and s.result == ""


def test_deadly_treasures() -> None:
    """Deadly Treasures: "if both of a player's treasures are in other players' home base
    squares at the same time, that player's wizard is immediately killed"."""
    s = position(players=3, options=Options(deadly_treasures=True), at={0: "c3"})
    g = B.geometry(3)
    tr = list(s.treasures)
    tr[4] = g.home[1]  # seat 2's first treasure lies in seat 1's home base
    tr[5] = -1
    bearer = [-1] * 6
    bearer[5] = 0
    s = msgspec.structs.replace(s, treasures=tuple(tr), bearer=tuple(bearer))
    ev, s = act(s, E.Drop(player=0, what="t5"))
    assert E.Death(player=2, by=-1, square=s.pos[2] if s.pos[2] >= 0 else g.home[2]) in ev
    assert s.kills == (0, 0, 0)


# ---------------------------------------------------------------- hidden information, text


def _started(n: int, seed: str = "11" * 16) -> Match:
    m = Match.new("wiz-war", players=NAMES[:n], seed=seed)
    m.act(E.Start(player=0))
    return m


def test_hidden_hands_and_deck_order() -> None:
    """"Players may look at their cards, but must keep them secret": other hands and the
    deck order are redacted; the view does not change when unseen cards are dealt anew."""
    m = _started(3)
    s = m.state
    v = RULES.view(s, 1)
    assert v.hands[1] == s.hands[1] and set(v.hands[0]) == {-1} and set(v.deck) == {-1}
    rng = random.Random(0)
    other = RULES.disguise(s, 1, rng)
    assert other != s and other.hands[1] == s.hands[1]
    assert msgspec.to_builtins(RULES.view(other, 1)) == msgspec.to_builtins(v)
    shuffle = next(e for e in m.events if isinstance(e, Shuffle) and e.pile == "deck")
    assert RULES.redact(shuffle, 0).order == ()
    sectors = next(e for e in m.events if isinstance(e, Shuffle) and e.pile == "sectors")
    assert RULES.redact(sectors, 0) == sectors  # the board is laid face up
    deal = next(e for e in m.events if isinstance(e, E.Deal))
    red = RULES.redact(deal, 2)
    assert red.hands[2] == deal.hands[2] and set(red.hands[0]) == {-1}


def test_notation_round_trip_and_render() -> None:
    m = _started(4)
    s = m.state
    text = RULES.notation(s)
    assert RULES.parse(text, s.options, s.names) == s
    assert "Callista" in RULES.render(RULES.view(s, 0), 0)
    for e in m.events:
        assert RULES.describe(e)
    with pytest.raises(IllegalAction):
        RULES.parse("nonsense", s.options, s.names)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_playouts_legal_accepted_and_audited(n: int) -> None:
    """Every legal action is accepted; seeded playouts audit cleanly, never get stuck."""
    rng = random.Random(n)
    m = Match.new("wiz-war", players=NAMES[:n], seed=f"{n:02x}" * 32)
    for _ in range(600):
        if m.outcome is not None:
            break
        p = min(m.to_act)
        acts = list(m.legal(p))
        assert acts
        if rng.random() < 0.05:
            for a in acts[:5]:
                RULES.decide(m.state, a, RecordedDice([1] * 200))  # accepted (dice aside)
        m.act(rng.choice(acts))
    log = m.log(reveal=True)
    report = audit_events(RULES, log.header, log.events)
    assert report.ok, report.error


def test_sector_art_is_well_formed() -> None:
    """Squares sit on odd rows and columns (``.``, ``H``, ``T``), borders between them
    (``-``/``|`` wall, ``D`` door, space open), ``+`` on the corners."""
    for art in T.SECTORS:
        well_formed(art)
        assert sum(row.count("H") for row in art) == 1
        assert sum(row.count("T") for row in art) == 2


# ---------------------------------------------------------------- ruleset 2: the text's rules


def test_stunned_yellow_wizard_casts_fireball_then_cannot_teleport() -> None:
    """"A wizard who chooses to attack cannot voluntarily leave the square he's in that
    turn for any reason (including by casting a spell that would move him out of that
    square)" - "The yellow wizard is stunned. He casts Fireball on the green wizard. He
    cannot then cast Teleport to move out of his square." Windrider and Mental Force on
    himself are barred too; Mental Force on an enemy is not a move of his."""
    fb, tele = card("Fireball"), card("Teleport")
    wind, force = card("Windrider"), card("Mental Force")
    s = position(hands={0: [fb, tele, wind, force]}, at={1: "h3"}, stunned=True)
    free = [a for a in RULES.legal(s, 0) if isinstance(a, E.Cast)]
    assert {tele, wind} <= {a.card for a in free}
    assert any(a.card == force and a.target == "w0" for a in free)
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _, s = act(s, E.Allow(player=1))
    casts = [a for a in RULES.legal(s, 0) if isinstance(a, E.Cast)]
    assert not any(a.card in (tele, wind) for a in casts)
    assert not any(a.card == force and a.target == "w0" for a in casts)
    assert any(a.card == force and a.target == "w1" for a in casts)
    assert reason(s, E.Cast(player=0, card=tele, target=f"q{sq('d3')}")) == "move/stunned"
    assert reason(s, E.Cast(player=0, card=wind, target="s", mode="e1")) == "move/stunned"


def test_stunned_wizard_moved_by_his_own_teleport_cannot_attack() -> None:
    """"A stunned wizard may either move or attack on his turn, but not both. A wizard who
    chooses to move cannot make an attack that turn": moving by his own Teleport is his
    move."""
    fb, tele = card("Fireball"), card("Teleport")
    s = position(hands={0: [fb, tele]}, at={1: "h3"}, stunned=True)
    _, s = act(s, E.Cast(player=0, card=tele, target=f"q{sq('d3')}"))
    assert s.pos[0] == sq("d3") and s.moved
    assert not any(isinstance(a, (E.Punch, E.Throw)) or (isinstance(a, E.Cast) and a.card == fb)
                   for a in RULES.legal(s, 0))
    assert reason(s, E.Cast(player=0, card=fb, target="w1")) == "attack/stunned"


def test_stun_ignores_spells_option_keeps_the_rules_1_reading() -> None:
    """House rule ``stun_ignores_spells`` (how ruleset 1 played): a stunned wizard's own
    spells that move him are neither barred after his attack nor his move."""
    fb, tele = card("Fireball"), card("Teleport")
    opts = Options(stun_ignores_spells=True)
    s = position(hands={0: [fb, tele]}, at={1: "h3"}, stunned=True, options=opts)
    _, s = act(s, E.Cast(player=0, card=tele, target=f"q{sq('d3')}"))
    assert not s.moved
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    assert s.phase == "respond"
    s = position(hands={0: [fb, tele]}, at={1: "h3"}, stunned=True, options=opts)
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _, s = act(s, E.Allow(player=1))
    assert any(isinstance(a, E.Cast) and a.card == tele for a in RULES.legal(s, 0))


def test_discard_a_card_to_make_room_for_an_object() -> None:
    """"If a wizard picks up an object that would take the player above his maximum hand
    size, then he must first discard a card, end a maintained spell, or drop a carried
    item to make room for the object": in Move and Cast a discard is legal while an
    object lies in his square and his hand is full, and only then."""
    rock = card("Large Rock")
    hand = [card("Energy 4", k) for k in range(4)] + [card("Energy 5", k) for k in range(2)]
    hand.append(card("Fireball"))
    s = position(hands={0: hand}, objects=((rock, sq("c3")),))
    legal = RULES.legal(s, 0)
    assert E.Discard(player=0, card=hand[0]) in legal
    assert E.PickUp(player=0, what=f"c{rock}") not in legal
    assert reason(s, E.PickUp(player=0, what=f"c{rock}")) == "pick-up/hand-full"
    _, s = act(s, E.Discard(player=0, card=hand[0]))
    assert hand[0] in s.discard and s.phase == "move"
    _, s = act(s, E.PickUp(player=0, what=f"c{rock}"))
    assert s.carried[0] == (rock,) and s.mp == 2
    nothing_here = position(hands={0: hand})
    assert reason(nothing_here, E.Discard(player=0, card=hand[0])) == "phase/move-and-cast"
    room = position(hands={0: hand[:3]}, objects=((rock, sq("c3")),))
    assert reason(room, E.Discard(player=0, card=hand[0])) == "phase/move-and-cast"


def test_end_a_spell_or_drop_an_item_in_discard_and_draw() -> None:
    """The caster "may end the spell or drop the item at any time during his turn": in
    Discard and Draw too, so a full hand can be freed before drawing (treasures are
    dropped "during his movement" only)."""
    acid, rock = card("Acid Bath"), card("Large Rock")
    hand = [card("Energy 4", k) for k in range(4)] + [card("Energy 5")]
    s = position(hands={0: hand}, carried={0: [rock]}, phase="draw",
                 spells=(Spell(acid, 0, "w1", 2),))
    s = msgspec.structs.replace(s, treasures=(-1, *s.treasures[1:]), bearer=(0, -1, -1, -1))
    legal = RULES.legal(s, 0)
    assert E.EndSpell(player=0, card=acid) in legal and E.Drop(player=0, what=f"c{rock}") in legal
    assert E.Drop(player=0, what="t0") not in legal
    assert [a.draw for a in legal if isinstance(a, E.EndTurn)] == [0]
    _, s = act(s, E.Drop(player=0, what=f"c{rock}"))
    _, s = act(s, E.EndSpell(player=0, card=acid))
    assert s.objects == ((rock, sq("c3")),) and s.spells == () and s.phase == "draw"
    assert [a.draw for a in RULES.legal(s, 0) if isinstance(a, E.EndTurn)] == [2, 1, 0]
    assert reason(s, E.Drop(player=0, what="t0")) == "phase/discard-and-draw"


def test_a_wizard_may_cast_a_spell_through_an_open_door() -> None:
    """"A wizard may cast a spell through an open door without passing through the door
    himself": the door Pick Lock opens lets Fireball through."""
    pl, fb = card("Pick Lock"), card("Fireball")
    s = position(hands={1: [pl, fb]}, at={0: "d2", 1: "c2"}, active=1)
    door = edge("c2", "e")
    assert E.Cast(player=1, card=fb, target="w0") not in RULES.legal(s, 1)
    _, s = act(s, E.Cast(player=1, card=pl, target=f"e{door}"))
    assert s.picked == door and E.Cast(player=1, card=fb, target="w0") in RULES.legal(s, 1)
    _, s = act(s, E.Cast(player=1, card=fb, target="w0"))
    _, s = act(s, E.Allow(player=0))
    assert s.life[0] == 10


def test_a_picked_door_relocks_after_the_wizard_passes_through() -> None:
    """"After a wizard passes through a door, it automatically re-locks itself": through
    the picked door and not back."""
    pl = card("Pick Lock")
    s = position(hands={1: [pl]}, at={1: "c3"}, active=1)
    _, s = act(s, E.Cast(player=1, card=pl, target=f"e{edge('c3', 'n')}"))
    _, s = act(s, E.Move(player=1, dir="n"))
    assert s.pos[1] == sq("c2") and s.picked == -1
    assert reason(s, E.Move(player=1, dir="s")) == "move/blocked"


def test_a_picked_door_closes_once_the_wizard_is_no_longer_adjacent() -> None:
    """"Once a wizard is no longer adjacent to a door, it immediately closes and
    re-locks": walking away from the picked door and back finds it locked."""
    pl = card("Pick Lock")
    s = position(hands={1: [pl]}, at={1: "c3"}, active=1)
    _, s = act(s, E.Cast(player=1, card=pl, target=f"e{edge('c3', 'n')}"))
    _, s = act(s, E.Move(player=1, dir="e"))
    assert s.picked == -1
    _, s = act(s, E.Move(player=1, dir="w"))
    assert reason(s, E.Move(player=1, dir="n")) == "move/blocked"


def test_pick_lock_phase_option_keeps_the_rules_1_reading() -> None:
    """House rule ``pick_lock_phase`` (ruleset 1): the picked door stays passable for the
    rest of the phase and never lets a spell through."""
    pl, fb = card("Pick Lock"), card("Fireball")
    opts = Options(pick_lock_phase=True)
    s = position(hands={1: [pl, fb]}, at={0: "d2", 1: "c3"}, active=1, options=opts, mp=5)
    _, s = act(s, E.Cast(player=1, card=pl, target=f"e{edge('c3', 'n')}"))
    for d in "nse":
        _, s = act(s, E.Move(player=1, dir=d))
    assert s.pos[1] == sq("d3") and s.picked >= 0
    for d in "wn":
        _, s = act(s, E.Move(player=1, dir=d))
    assert s.pos[1] == sq("c2")
    s = position(hands={1: [pl, fb]}, at={0: "d2", 1: "c2"}, active=1, options=opts)
    _, s = act(s, E.Cast(player=1, card=pl, target=f"e{edge('c2', 'e')}"))
    assert E.Cast(player=1, card=fb, target="w0") not in RULES.legal(s, 1)


@pytest.mark.parametrize(("points", "ok"), [(1, False), (2, True), (3, True), (4, True),
                                            (5, False), (0, False)])
def test_extended_play_is_three_or_four_points(points: int, ok: bool) -> None:
    """Extended Play: "Players who wish for a longer game may play to 3 or even 4 victory
    points (instead of 2)": any other number is refused as a setup error."""
    if ok:
        assert RULES.setup(Options(victory_points=points), NAMES[:2]).options.victory_points
        return
    with pytest.raises(UsageError) as exc:
        RULES.setup(Options(victory_points=points), NAMES[:2])
    assert exc.value.reason == "setup/victory-points"
    house = Options(victory_points=points, any_victory_points=True)
    if points >= 1:
        assert RULES.setup(house, NAMES[:2]).options.victory_points == points


def test_rules_1_logs_replay_with_the_rules_1_options() -> None:
    """A log recorded under ruleset 1 is read with every house rule that ruleset played
    by (ruleset 2's readings too, which ruleset 1 shared), so it audits exactly as it was
    played."""
    assert RULES.version == "3"
    assert dict(RULES.older["1"]) == RULES_1 | RULES_2
    old = options_for(RULES, "1", {"victory_points": 2})
    assert all(getattr(old, k) is True for k in RULES_1 | RULES_2)
    assert options_for(RULES, "2", {}) == Options(**RULES_2)
    assert options_for(RULES, "3", {}) == Options()


def test_rules_2_logs_replay_with_the_rules_2_options() -> None:
    """A log recorded under ruleset 2 is read with ruleset 2's readings (the house rules
    of ``RULES_2``, none of ruleset 1's); an option its header sets wins."""
    assert dict(RULES.older["2"]) == RULES_2
    old = options_for(RULES, "2", {"victory_points": 2})
    assert all(getattr(old, k) == v for k, v in RULES_2.items())
    assert not any(getattr(old, k) for k in RULES_1)
    assert options_for(RULES, "2", {"booby_trap_dice": False}).booby_trap_dice is False


def test_the_yellow_wizard_throws_a_large_rock_at_a_stone_block() -> None:
    """"The yellow wizard throws a large rock through a destroyed wall and hits a stone
    block. The large rock lands in the last space it passed through before hitting the
    stone block": an attack "against another wizard or an object" may be a throw."""
    rock, block = card("Large Rock"), card("Stone Block")
    s = position(carried={0: [rock]}, spells=(Spell(block, 1, f"q{sq('e3')}", 0),))
    throw = E.ThrowAt(player=0, card=rock, at=f"q{sq('e3')}")
    assert throw in RULES.legal(s, 0)
    ev, s = act(s, throw)
    assert E.Landed(card=rock, square=sq("d3")) in ev and "hit" not in kinds(ev)
    assert s.objects == ((rock, sq("d3")),) and s.attacked and s.phase == "move"


def test_a_thrown_weapon_cracks_a_door() -> None:
    """"For every 3 damage dealt to an object, it suffers one crack" and "Doors take three
    cracks to destroy": Stone Spikes (3 physical) thrown at a door with two cracks breaks
    it, and falls on the thrower's side."""
    spikes = card("Stone Spikes")
    door = edge("c3", "w")
    s = position(carried={0: [spikes]}, at={0: "c3"})
    s = msgspec.structs.replace(s, cracks=tuple(2 if i == door else 0 for i in range(len(s.edges))))
    ev, s = act(s, E.ThrowAt(player=0, card=spikes, at=f"e{door}"))
    assert s.edges[door] == "." and "wall-destroyed" in kinds(ev)
    assert s.objects == ((spikes, sq("c3")),)
    assert reason(s, E.Punch(player=0, target=1)) == "attack/used"


def test_damage_reduced_to_zero_has_no_secondary_effects() -> None:
    """"If a spell's damage is reduced to '0,' then no damage is suffered. Therefore,
    secondary effects (such as 'Boomstone' exploding) do not occur": a Fireball shielded
    down to nothing destroys no magic stone."""
    fb, sh, e5, boom = card("Fireball"), card("Shield"), card("Energy 5"), card("Boomstone")
    s = position(hands={0: [fb], 1: [sh, e5]}, carried={1: [boom]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _, s = act(s, E.Counter(player=1, card=sh, energy=e5))
    ev, s = act(s, E.Allow(player=1))
    assert "damage" not in kinds(ev) and "stones-destroyed" not in kinds(ev)
    assert s.life[1] == 15 and s.carried[1] == (boom,)


# -------------------------------------------------------- the rulebook, sentence by sentence


def test_turns_continue_clockwise_past_dead_wizards() -> None:
    """"Players take turns, starting with the first player and continuing clockwise around
    the table": the next living seat plays; an eliminated player is skipped."""
    s = position(3, at={1: "h3"}, phase="draw", pos=(sq("c3", 3), -1, sq("c8", 3)))
    _, s = act(s, E.EndTurn(player=0, draw=0))
    assert s.active == 2 and s.phase == "move"


def test_move_cast_move_again_then_attack() -> None:
    """"A wizard does not have to use all his movement points at the same time (for example
    a wizard could move, cast a spell, move again, and then attack)"."""
    rock = card("Large Rock")
    s = position(hands={0: [rock]}, at={1: "f3"})
    _, s = act(s, E.Move(player=0, dir="e"))
    _, s = act(s, E.Cast(player=0, card=rock, target="s"))
    _, s = act(s, E.Move(player=0, dir="e"))
    _, s = act(s, E.Punch(player=0, target=1))
    _, s = act(s, E.Allow(player=1))
    assert s.pos[0] == sq("e3") and s.mp == 1 and s.life[1] == 14
    _, s = act(s, E.Move(player=0, dir="w"))
    assert s.mp == 0


def test_boost_at_any_time_lifts_movement_above_zero() -> None:
    """A player "may do so at any time during his turn (not merely when he receives
    movement points for his base speed)"; "Only raising the wizard's movement points above 0
    again (such as by boosting speed with an energy card) will let that wizard move"."""
    e4 = card("Energy 4")
    s = position(hands={0: [e4]}, mp=-1)
    assert not any(isinstance(a, E.Move) for a in RULES.legal(s, 0))
    _, s = act(s, E.Boost(player=0, card=e4))
    assert s.mp == 3 and any(isinstance(a, E.Move) for a in RULES.legal(s, 0))


def test_any_card_with_an_energy_value_may_be_spent_for_it() -> None:
    """"Some Magic cards display an energy value ... Players can spend these cards for their
    energy value instead of playing them for their effect": Meditate (3) boosts speed by 3
    or fuels a Powerthrust to 5."""
    med, pt = card("Meditate"), card("Powerthrust")
    s = position(hands={0: [med, pt]}, at={1: "h3"})
    _, boosted = act(s, E.Boost(player=0, card=med))
    assert boosted.mp == 6
    _, fuelled = act(s, E.Cast(player=0, card=pt, target="w1", energy=med))
    assert fuelled.pending is not None and fuelled.pending.damage == 5


def test_passing_a_door_costs_no_extra_movement() -> None:
    """"It does not cost any extra movement points to open or pass through a door"."""
    s = position()
    _, s = act(s, E.Move(player=0, dir="n"))
    assert s.pos[0] == sq("c2") and s.mp == 2


def test_a_wizard_cannot_attack_himself() -> None:
    """"A wizard cannot attack himself": no punch, spell or throw at his own wizard."""
    fb, zot, rock = card("Fireball"), card("Zot!"), card("Large Rock")
    s = position(hands={0: [fb, zot]}, carried={0: [rock]}, at={1: "h3"})
    legal = RULES.legal(s, 0)
    assert not any(isinstance(a, (E.Punch, E.Throw)) and a.target == 0 for a in legal)
    assert not any(isinstance(a, E.Cast) and a.target.startswith("w0") for a in legal)
    assert reason(s, E.Punch(player=0, target=0)) == "punch/out-of-reach"


def test_a_killer_above_the_hand_size_discards_at_once() -> None:
    """"If taking these cards causes the player to exceed his maximum hand size, he must
    immediately discard excess cards from his hand until he reaches his maximum hand
    size"."""
    fb = card("Fireball")
    mine = [card("Energy 4", k) for k in range(4)] + [card("Energy 5", k) for k in range(2)]
    theirs = [card("Meditate"), card("Meditate", 1), card("Pick Lock")]
    s = position(hands={0: [fb, *mine], 1: theirs}, at={1: "h3"}, life=(15, 5), players=3)
    s = msgspec.structs.replace(s, pos=(sq("c3", 3), sq("h3", 3), sq("c8", 3)))
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _, s = act(s, E.Allow(player=1))
    assert len(s.hands[0]) == 9 and s.kills[0] == 1
    assert all(isinstance(a, (E.Discard, E.EndSpell, E.Drop)) for a in RULES.legal(s, 0))
    assert reason(s, E.EndMove(player=0)) == "hand/over-limit"


def test_a_dead_wizard_drops_his_items_and_discards_his_spells() -> None:
    """"The wizard drops all items he was carrying in the square where he died and
    discards all his maintained spells. His treasure markers remain in play"."""
    fb, fog, rock = card("Fireball"), card("Fog"), card("Large Rock")
    s = position(3, hands={0: [fb]}, carried={1: [rock]}, life=(15, 5, 15),
                 spells=(Spell(fog, 1, "*", 3),))
    s = msgspec.structs.replace(s, pos=(sq("c3", 3), sq("d3", 3), sq("c8", 3)))
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _, s = act(s, E.Allow(player=1))
    assert s.pos[1] == -1 and s.spells == () and fog in s.discard
    assert s.objects == ((rock, sq("d3", 3)),)
    assert s.treasures[2:4] == B.geometry(3).treasure_starts[1]


def test_creations_never_in_a_home_base_or_an_occupied_square() -> None:
    """"Spells cannot create objects in a player's home base square or in any square
    containing an object, treasure, or creature" (nor "occupied by another wizard"): a
    Stone Block is offered on none of them; "A square with a dropped object in it is not
    considered an empty square"."""
    block, rock = card("Stone Block"), card("Large Rock")
    s = position(hands={0: [block]}, at={0: "d3", 1: "f3"}, objects=((rock, sq("e3")),))
    targets = {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == block}
    assert f"q{sq('g3')}" in targets
    g = B.geometry(2)
    for q in (*g.home, sq("d3"), sq("f3"), sq("e3"), *s.treasures):
        assert f"q{q}" not in targets


def test_walls_may_be_created_along_a_home_base_and_where_one_was_destroyed() -> None:
    """"Walls however may be created along the edges of a wizard's home base square";
    "A destroyed wall token denotes the absence of a wall, and another wall can be created
    in that spot"."""
    cw = card("Create Wall")
    home_side, gone = edge("c3", "e"), edge("d3", "s")
    s = position(hands={0: [cw]})
    s = msgspec.structs.replace(s, edges=tuple("." if i == gone else k
                                               for i, k in enumerate(s.edges)))
    targets = {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == cw}
    assert {f"e{home_side}", f"e{gone}"} <= targets


def test_an_item_in_play_is_only_dropped_never_discarded() -> None:
    """An item played "is permanent, meaning it can no longer be discarded, but can only be
    dropped"; "Any number of dropped objects may occupy the same square"."""
    rock, spikes = card("Large Rock"), card("Stone Spikes")
    s = position(carried={0: [rock, spikes]}, phase="draw")
    assert reason(s, E.Discard(player=0, card=rock)) == "discard/not-in-hand"
    _, s = act(s, E.Drop(player=0, what=f"c{rock}"))
    _, s = act(s, E.Drop(player=0, what=f"c{spikes}"))
    assert s.objects == ((rock, sq("c3")), (spikes, sq("c3")))


def test_a_treasure_takes_no_room_and_a_wizard_may_carry_his_own() -> None:
    """"Treasures are not considered carried items and do not take up space in a player's
    hand"; "A wizard may carry one of his own treasures if he wishes"."""
    hand = [card("Energy 4", k) for k in range(4)] + [card("Energy 5", k) for k in range(2)]
    s = position(hands={0: [*hand, card("Fireball")]}, at={0: "a1"})
    assert hand_count(s, 0) == 7
    _, s = act(s, E.PickUp(player=0, what="t0"))
    assert s.bearer[0] == 0 and hand_count(s, 0) == 7 and s.phase == "draw"


def test_a_maintained_spell_may_be_ended_at_any_point_regardless_of_duration() -> None:
    """"The active player may end a maintained spell at any point during his turn,
    regardless of its duration"; "Wizards always have line of sight to global spells for
    purposes of canceling or dispelling them"."""
    fog, dispel = card("Fog"), card("Dispel")
    s = position(hands={0: [dispel]}, spells=(Spell(fog, 1, "*", 3),))
    assert E.Cast(player=0, card=dispel, target=f"c{fog}") in RULES.legal(s, 0)
    mine = position(spells=(Spell(fog, 0, "*", 3),))
    _, mine = act(mine, E.EndSpell(player=0, card=fog))
    assert mine.spells == () and fog in mine.discard


def test_a_cancelled_spell_is_discarded_with_its_energy_cards() -> None:
    """"A spell that is canceled while being cast is simply discarded without effect
    (along with any energy cards played with it) ... a canceled attack still counts as that
    player's attack for the turn"."""
    pt, e5, fs = card("Powerthrust"), card("Energy 5"), card("Full Shield")
    s = position(hands={0: [pt, e5], 1: [fs]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=pt, target="w1", energy=e5))
    _, s = act(s, E.Counter(player=1, card=fs))
    assert {pt, e5, fs} <= set(s.discard) and s.life[1] == 15 and s.attacked


def test_a_stunned_wizard_may_pick_up_and_cast_neutral_spells_after_attacking() -> None:
    """"A stunned wizard may take other actions normally, including picking up objects and
    casting neutral spells"."""
    rock, med = card("Large Rock"), card("Meditate")
    s = position(hands={0: [med]}, at={1: "d3"}, stunned=True, objects=((rock, sq("c3")),))
    _, s = act(s, E.Punch(player=0, target=1))
    _, s = act(s, E.Allow(player=1))
    _, s = act(s, E.PickUp(player=0, what=f"c{rock}"))
    _, s = act(s, E.Cast(player=0, card=med, target="s"))
    assert s.carried[0] == (rock,) and len(s.hands[0]) == 3


def test_waterbolt_at_a_target_in_your_square_knocks_it_any_way() -> None:
    """Card clarification: "Waterbolt: If the target is in your square, you choose which
    direction to knock it back. The target cannot be knocked back around a corner"."""
    wb = card("Waterbolt")
    s = position(hands={0: [wb]}, at={0: "d3", 1: "d3"})
    modes = {a.mode for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == wb}
    assert {"0n", "0e", "0s", "0w"} <= modes
    _, s = act(s, E.Cast(player=0, card=wb, target="w1", mode="0s"))
    _, s = act(s, E.Allow(player=1))
    assert s.pos[1] == sq("d3")  # a wall south of d3: no way round it
