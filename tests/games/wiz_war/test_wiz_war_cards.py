"""Wiz-War cards: one test per card effect (docstrings give the card fact; our wording of
each effect and the rulings are in docs/games/wiz-war.md)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace
from wizwar import act, card, edge, kinds, position, reason, sq

from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import DECK, FIRST_GAME
from grimoire.games.wiz_war.state import (
    Options,
    Spell,
    charge,
    form,
    hand_limit,
    sight,
    speed,
)

EXTRAS = Options(extra_cards=T.EXTRA_CARDS)


def test_every_first_game_card_is_a_data_entry() -> None:
    """Every card of White Cantrip, Alchemy, Elemental and Mentalism is a data entry (name,
    school, type, energy value, range, duration, traits); each effect has its own test
    below."""
    assert set(FIRST_GAME) <= set(T.CARDS)
    for name in set(FIRST_GAME):
        record = T.CARDS[name]
        assert record.kind in ("attack", "counter", "neutral", "energy", "item")
        assert record.duration in ("instant", "temporary", "permanent")
        assert record.range in ("caster", "adjacent", "los", "anywhere")


# ---------------------------------------------------------------- neutral windows


def test_negate_neutral_cancels_a_neutral_spell_as_it_is_cast() -> None:
    """Negate Neutral: "cancel one neutral spell as it is cast" - any other player may
    answer, one after another in turn order."""
    med, nn = card("Meditate"), card("Negate Neutral")
    s = position(players=3, hands={0: [med], 2: [nn]})
    ev, s = act(s, E.Cast(player=0, card=med, target="s"), settle=False)
    assert kinds(ev)[-1] == "window" and RULES.to_act(s) == frozenset({1})
    _, s = act(s, E.Allow(player=1), settle=False)
    assert RULES.to_act(s) == frozenset({2})
    ev, s = act(s, E.Counter(player=2, card=nn), settle=False)
    assert kinds(ev) == ["counter", "cancelled"]
    assert s.hands[0] == () and med in s.discard and nn in s.discard and s.phase == "move"


def test_counter_neutral_option_target_only() -> None:
    """Option ``counter_neutral="target"``: only a wizard the spell is aimed at answers;
    a spell aimed at nobody resolves at once."""
    med, ts = card("Meditate"), card("Thought Steal")
    opts = Options(counter_neutral="target")
    s = position(players=3, hands={0: [med, ts], 1: [card("Energy 4")]}, options=opts,
                 at={1: "h3"})
    ev, s = act(s, E.Cast(player=0, card=med, target="s"), settle=False)
    assert "window" not in kinds(ev) and len(s.hands[0]) == 4
    ev, s = act(s, E.Cast(player=0, card=ts, target="w1"), settle=False)
    assert s.pending is not None and s.pending.responders == (1,)


def test_mundane_pick_lock_opens_no_window() -> None:
    """Pick Lock is mundane, not a spell: nothing can negate it."""
    pl = card("Pick Lock")
    s = position(hands={1: [pl]}, at={1: "c3"}, active=1)
    ev, s = act(s, E.Cast(player=1, card=pl, target=f"e{edge('c3', 'n')}"), settle=False)
    assert "window" not in kinds(ev)


def test_absorb_spell_takes_the_cancelled_card() -> None:
    """Absorb Spell: cancel a spell aimed at you and take the card into your hand."""
    fb, ab = card("Fireball"), card("Absorb Spell")
    s = position(hands={0: [fb], 1: [ab]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    ev, s = act(s, E.Counter(player=1, card=ab))
    assert kinds(ev) == ["counter", "cancelled"] and s.life[1] == 15
    assert fb in s.hands[1] and fb not in s.discard and s.attacked


# ---------------------------------------------------------------- energy


def test_add_combines_two_energy_cards() -> None:
    """Add: combine the energy of two cards (the only way to use more than one)."""
    pt, add, e4, e5 = card("Powerthrust"), card("Add"), card("Energy 4"), card("Energy 5")
    s = position(hands={0: [pt, add, e4, e5]}, at={1: "h3"})
    a = E.Cast(player=0, card=pt, target="w1", energy=e4, add=add, energy2=e5)
    assert a in RULES.legal(s, 0)
    _, s = act(s, a)
    assert s.pending is not None and s.pending.damage == 4 + 5 + 2
    assert s.hands[0] == () and {add, e4, e5} <= set(s.discard)
    assert reason(position(hands={0: [pt, e4, e5]}, at={1: "h3"}),
                  E.Cast(player=0, card=pt, target="w1", energy=e4, add=-1, energy2=e5)
                  ) == "cast/energy"


# ---------------------------------------------------------------- White Cantrip


def test_around_the_corner_bends_the_next_spell() -> None:
    """Around the Corner: the spell it accompanies bends round one corner (90° or 180°)."""
    atc, fb = card("Around the Corner"), card("Fireball")
    s = position(hands={0: [atc, fb]}, at={0: "d3", 1: "e2"})
    assert not any(isinstance(a, E.Cast) and a.card == fb and a.target == "w1"
                   for a in RULES.legal(s, 0))
    _, s = act(s, E.Cast(player=0, card=atc, target="s"))
    assert s.bend and sq("e2") in sight(s, 0)
    ev, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    assert not s.bend and kinds(ev)[-1] == "attack"


def test_rotate_sector_turns_everything_on_it() -> None:
    """Rotate Sector: turn one sector 90° or 180°; wizards, treasures and walls go along,
    the home base stays in the middle."""
    rs = card("Rotate Sector")
    s = position(hands={0: [rs]}, at={1: "b2"})
    before = s
    _, s = act(s, E.Cast(player=0, card=rs, target="sector0", mode="90"))
    assert s.pos[0] == before.pos[0] == sq("c3")  # the home base turns on itself
    assert s.pos[1] == sq("d2")  # b2 (row 2, column 2) -> row 2, column 4
    assert s.treasures[0] == sq("e1")  # a1 -> e1
    _, borders = B.rotation(2, 0, 1)
    for a, b in borders.items():
        assert s.edges[b] == before.edges[a]
    before = position(hands={0: [rs]})
    _, s = act(before, E.Cast(player=0, card=rs, target="sector1", mode="180"))
    half = B.rotation(2, 1, 2)[0]
    assert s.treasures[2:] == tuple(half[q] for q in before.treasures[2:])
    assert s.pos[1] == before.pos[1] == sq("h3")


def test_destroy_wall_blast_hits_creatures_too() -> None:
    """Destroy Wall: anyone next to the destroyed wall takes 2 physical (not an attack)."""
    dw, hom = card("Destroy Wall"), card("Homunculus")
    e = edge("d3", "s")
    s = position(hands={0: [dw]}, at={0: "d3"},
                 spells=(Spell(hom, 0, f"q{sq('d4')}", 0),))
    _, s = act(s, E.Cast(player=0, card=dw, target=f"e{e}"))
    assert s.life[0] == 13 and s.spells[0].hits == 2 and not s.attacked


# ---------------------------------------------------------------- Alchemy


def test_stone_dead_energy_plus_magic_stones_carried() -> None:
    """Stone Dead: damage equal to its energy plus the target's carried magic stones."""
    sd = card("Stone Dead")
    s = position(hands={0: [sd]}, carried={1: [card("Lifestone"), card("Speedstone")]},
                 at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=sd, target="w1"))
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 15 - (1 + 2)


def test_homunculus_walks_carries_a_treasure_and_cannot_be_targeted() -> None:
    """Homunculus: a creature (5 life, speed 1) that cannot be targeted; ours walks one
    square a turn and carries a treasure home."""
    hom = card("Homunculus")
    s = position(hands={0: [hom]}, at={0: "b1"})
    targets = {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == hom}
    assert f"q{sq('a1')}" not in targets  # the treasure's square is occupied
    assert f"q{sq('c1')}" in targets
    _, s = act(s, E.Cast(player=0, card=hom, target=f"q{sq('c1')}"))
    assert s.spells[0].target == f"q{sq('c1')}" and s.spells[0].moves == 0
    s = replace(s, spells=(Spell(hom, 0, f"q{sq('b1')}", 0, moves=1),))
    _, s = act(s, E.Move(player=0, dir="w", unit=hom))
    _, s = act(s, E.PickUp(player=0, what="t0", unit=hom))
    assert s.spells[0].carry == 0 and s.treasures[0] == -1
    assert not any(isinstance(a, E.Move) and a.unit == hom for a in RULES.legal(s, 0))


def test_fools_gold_burns_an_enemy_taking_a_treasure_in_your_sector() -> None:
    """Fool's Gold: 3 magical damage to an enemy who picks up a treasure in your home
    sector (indirect: nobody scores)."""
    fg = card("Fool's Gold")
    s = position(hands={0: [fg]}, at={1: "a1"})
    _, s = act(s, E.Cast(player=0, card=fg, target="sector0"))
    s = replace(s, active=1)
    ev, s = act(s, E.PickUp(player=1, what="t0"))
    assert s.life[1] == 12 and not s.spells and "spell-ends" in kinds(ev)


def test_bloodshard_one_less_from_each_source() -> None:
    """Bloodshard: each source of damage does 1 less to its carrier."""
    fb = card("Fireball")
    s = position(hands={0: [fb]}, carried={1: [card("Bloodshard")]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 11


def test_null_powder_counters_a_spell_or_ends_one() -> None:
    """Null Powder: used as a counter to cancel a spell, or to end a spell in play."""
    fb, np_ = card("Fireball"), card("Null Powder")
    s = position(hands={0: [fb]}, carried={1: [np_]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    ev, s = act(s, E.Counter(player=1, card=np_))
    assert kinds(ev) == ["counter", "cancelled"] and s.carried[1] == () and np_ in s.discard
    cw = card("Create Wall")
    s = position(carried={0: [np_]}, spells=(Spell(cw, 1, f"e{edge('d3', 'e')}", 0),),
                 edges=tuple("W" if i == edge("d3", "e") else k
                             for i, k in enumerate(B.geometry(2).initial_edges)))
    _, s = act(s, E.Use(player=0, card=np_, target=f"c{cw}"))
    assert s.spells == () and s.edges[edge("d3", "e")] == "."


def test_universal_solvent_destroys_an_object_not_an_attack() -> None:
    """Universal Solvent: destroy an object (a wall, door, stone block or dropped item
    next to you), never a treasure; it is not an attack."""
    us = card("Universal Solvent")
    s = position(carried={0: [us]}, at={0: "d3"})
    targets = {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Use)}
    e = edge("d3", "s")
    assert f"e{e}" in targets and not any(t.startswith("t") for t in targets)
    _, s = act(s, E.Use(player=0, card=us, target=f"e{e}"))
    assert s.edges[e] == "." and not s.attacked and s.life == (15, 15)


def test_brainstone_hand_size_plus_two_draw_two_lose_two() -> None:
    """Brainstone: hand size +2; draw 2 when gained, discard 2 (at random) when lost."""
    bs = card("Brainstone")
    s = position(hands={0: [bs, card("Energy 4"), card("Energy 5")]})
    _, s = act(s, E.Cast(player=0, card=bs, target="s"))
    assert hand_limit(s, 0) == 9 and len(s.hands[0]) == 4
    ev, s = act(s, E.Drop(player=0, what=f"c{bs}"), dice=[1, 1])
    assert "discarded" in kinds(ev) and len(s.hands[0]) == 2 and hand_limit(s, 0) == 7


def test_visionstone_sees_through_one_wall() -> None:
    """Visionstone: its carrier casts through one wall or door."""
    fb, vs = card("Fireball"), card("Visionstone")
    s = position(hands={0: [fb]}, at={1: "d4"}, carried={0: [vs]})
    plain = position(hands={0: [fb]}, at={1: "d4"})
    assert sq("d4") not in sight(plain, 0) and sq("d4") in sight(s, 0)
    assert any(isinstance(a, E.Cast) and a.target == "w1" for a in RULES.legal(s, 0))


# ---------------------------------------------------------------- Elemental


def test_wall_of_earth_blocks_one_attack_from_another_square() -> None:
    """Wall of Earth: a momentary wall that blocks one attack, then falls."""
    fb, we = card("Fireball"), card("Wall of Earth")
    s = position(hands={0: [fb], 1: [we]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    ev, s = act(s, E.Counter(player=1, card=we))
    assert "cancelled" in kinds(ev) and s.life[1] == 15
    s = position(hands={1: [we]}, at={1: "c3"})
    _, s = act(s, E.Punch(player=0, target=1))
    assert not any(isinstance(a, E.Counter) for a in RULES.legal(s, 1))


def test_mist_body_passes_doors_and_transformations_replace_each_other() -> None:
    """Mist Body: a transformation passing through objects but walls and stone blocks
    (here: doors); "only one transformation can be used at a time"."""
    mb, golem = card("Mist Body"), DECK.index("Golem Form")
    s = position(hands={0: [mb, golem]}, at={0: "b3"}, options=EXTRAS)
    _, s = act(s, E.Cast(player=0, card=mb, target="s"))
    f = form(s, 0)
    assert f is not None and DECK[f.card] == "Mist Body" and f.tokens == 1
    door = edge("g2", "e")  # a door of sector 1, locked for seat 0
    assert s.edges[door] == "D"
    plain = position(at={0: "g2"})
    misty = replace(s, pos=(sq("g2"), s.pos[1]))
    assert reason(plain, E.Move(player=0, dir="e")) == "move/blocked"
    assert E.Move(player=0, dir="e") in RULES.legal(misty, 0)
    _, s = act(s, E.Cast(player=0, card=golem, target="s"))
    f = form(s, 0)
    assert f is not None and DECK[f.card] == "Golem Form" and mb in s.discard


def test_golem_form_drops_movement_to_zero() -> None:
    """Rulebook: with 1 movement point left, casting Golem Form (base speed 3 to 2) drops
    the points by 1, leaving none."""
    golem = DECK.index("Golem Form")
    s = position(hands={0: [golem]}, mp=1, options=EXTRAS)
    _, s = act(s, E.Cast(player=0, card=golem, target="s"))
    assert s.mp == 0 and speed(s, 0) == 2
    assert not any(isinstance(a, E.Move) for a in RULES.legal(s, 0))


def test_golem_form_punches_two_and_takes_two_less() -> None:
    """Golem Form: punch 2, 2 less damage taken."""
    golem = DECK.index("Golem Form")
    s = position(at={1: "d3"}, spells=(Spell(golem, 0, "w0", 0),), options=EXTRAS)
    _, s = act(s, E.Punch(player=0, target=1))
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 13
    fb = card("Fireball")
    s = position(hands={1: [fb]}, at={1: "h3"}, active=1,
                 spells=(Spell(golem, 0, "w0", 0),), options=EXTRAS)
    _, s = act(s, E.Cast(player=1, card=fb, target="w0"))
    _, s = act(s, E.Allow(player=0))
    assert s.life[0] == 12


@pytest.mark.parametrize(("roll", "life"), [(1, 15), (2, 15), (3, 10), (4, 10)])
def test_gnome_form_evades_on_1_or_2(roll: int, life: int) -> None:
    """Rulebook: green casts Gnome Form in answer to a Fireball and evades it on a roll of
    1 or 2; on 3 or 4 he takes the full 5. The attack is used either way."""
    fb, gnome = card("Fireball"), DECK.index("Gnome Form")
    s = position(hands={0: [fb], 1: [gnome]}, at={1: "h3"}, options=EXTRAS)
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _, s = act(s, E.Counter(player=1, card=gnome))
    ev, s = act(s, E.Allow(player=1), dice=[roll])
    assert s.life[1] == life and s.attacked
    assert ("cancelled" in kinds(ev)) is (roll <= 2)


def test_lightning_bolt_runs_bounces_and_stuns() -> None:
    """Lightning Bolt: a straight line of energy squares, 3 damage and a stun to each
    wizard it passes, turning back at walls."""
    lb, e5 = card("Lightning Bolt"), card("Energy 5")
    s = position(players=3, hands={0: [lb, e5]}, at={0: "d3", 1: "e3", 2: "c3"})
    # east from d3: e3 f3 g3 h3 i3 (5 squares) hits seat 1 only
    _, s = act(s, E.Cast(player=0, card=lb, target="s", mode="e", energy=e5))
    assert s.pending is not None and s.pending.target == 1 and s.pending.rest == ()
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 12 and s.stun[1] == 1
    # west from d3 with energy 5: c3 b3 a3 then the wrap ... hits seat 2 at c3
    s = position(players=3, hands={0: [lb]}, at={0: "d3", 1: "e3", 2: "c3"})
    _, s = act(s, E.Cast(player=0, card=lb, target="s", mode="w"))
    assert s.pending is not None and s.pending.target == 2


def test_waterbolt_splits_energy_between_damage_and_knockback() -> None:
    """Waterbolt: its energy split between damage and knockback away from the caster;
    water puts out a Fire Cloak."""
    wb, e4 = card("Waterbolt"), card("Energy 4")
    s = position(hands={0: [wb, e4]}, at={1: "f3"},
                 spells=(Spell(card("Fire Cloak"), 1, "w1", 2),))
    _, s = act(s, E.Cast(player=0, card=wb, target="w1", energy=e4, mode="1e"))
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 14 and s.pos[1] == sq("i3") and s.spells == ()


def test_flood_puts_out_fire_and_counters_a_fireball() -> None:
    """Flood: global water, may be cast as a counter; no fire spell while it lasts."""
    fb, fl = card("Fireball"), card("Flood")
    s = position(hands={0: [fb, card("Fireball", 1)], 1: [fl]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    ev, s = act(s, E.Counter(player=1, card=fl))
    assert "cancelled" in kinds(ev) and s.life[1] == 15
    assert s.spells[0].target == "*"
    assert reason(s, E.Cast(player=0, card=card("Fireball", 1), target="w1")) in (
        "cast/flooded", "attack/used")


def test_wall_of_fire_burns_whoever_crosses_it() -> None:
    """Wall of Fire: 4 magical fire to anyone crossing it (indirect)."""
    wf = card("Wall of Fire")
    e = edge("c3", "e")
    s = position(hands={0: [wf]})
    _, s = act(s, E.Cast(player=0, card=wf, target=f"e{e}"))
    ev, s = act(s, E.Move(player=0, dir="e"))
    assert s.life[0] == 11 and "damage" in kinds(ev)


def test_fog_limits_sight_to_one_square() -> None:
    """Fog: line of sight limited to one square."""
    fog = card("Fog")
    s = position(hands={0: [fog]}, at={1: "h3"})
    assert sq("h3") in sight(s, 0)
    _, s = act(s, E.Cast(player=0, card=fog, target="*"))
    assert sight(s, 0) == {sq("c3"), sq("d3"), sq("c4")}  # the doors west and north block



def test_stone_block_fills_a_square_eight_cracks() -> None:
    """Stone Block: fills a square (no moving in, no sight through); 8 cracks destroy it."""
    sb, sh, e6 = card("Stone Block"), card("Shatter"), card("Energy 6")
    s = position(hands={0: [sb, sh, e6]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=sb, target=f"q{sq('e3')}"))
    assert sq("h3") not in sight(s, 0)
    _, s = act(s, E.Move(player=0, dir="e"))
    assert reason(s, E.Move(player=0, dir="e")) == "move/blocked"
    _, s = act(s, E.Cast(player=0, card=sh, target=f"q{sq('e3')}", energy=e6))
    assert s.spells[0].hits == 6
    s = replace(s, attacked=False, spells=(Spell(sb, 0, f"q{sq('e3')}", 0, hits=7),),
                hands=((card("Fireball"),), ()))
    _, s = act(s, E.Cast(player=0, card=card("Fireball"), target=f"q{sq('e3')}"))
    assert s.spells == ()


def test_windrider_flies_straight() -> None:
    """Windrider: move straight for up to its energy in squares."""
    wr, e4 = card("Windrider"), card("Energy 4")
    s = position(hands={0: [wr, e4]})
    _, s = act(s, E.Cast(player=0, card=wr, target="s", mode="e4", energy=e4))
    assert s.pos[0] == sq("g3") and s.mp == 3


def test_fire_cloak_punches_burn_and_punchers_burn() -> None:
    """Fire Cloak: punches do 2 more, as fire; whoever punches the wearer takes 2."""
    fc = card("Fire Cloak")
    s = position(hands={0: [fc]}, at={1: "d3"}, carried={1: [card("Lifestone")]})
    _, s = act(s, E.Cast(player=0, card=fc, target="s"))
    _, s = act(s, E.Punch(player=0, target=1))
    ev, s = act(s, E.Allow(player=1))
    assert s.life[1] == 12 and "stones-destroyed" in kinds(ev)
    s = position(at={1: "d3"}, active=1, spells=(Spell(fc, 0, "w0", 2),))
    _, s = act(s, E.Punch(player=1, target=0))
    _, s = act(s, E.Allow(player=0))
    assert s.life == (14, 13)


# ---------------------------------------------------------------- Mentalism


def test_brain_burn_damage_is_the_cards_left_after_discarding() -> None:
    """Brain Burn: damage equal to the cards left in the target's hand after it discards
    any it likes."""
    bb = card("Brain Burn")
    hand = [card("Energy 4"), card("Energy 5"), card("Meditate")]
    s = position(hands={0: [bb], 1: hand}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=bb, target="w1"))
    _, s = act(s, E.Discard(player=1, card=hand[0]))
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 13


def test_mental_force_moves_the_target() -> None:
    """Mental Force: move the target up to energy + 3 squares."""
    mf = card("Mental Force")
    s = position(hands={0: [mf]}, at={1: "h3"})
    dests = {int(a.mode) for a in RULES.legal(s, 0)
             if isinstance(a, E.Cast) and a.card == mf and a.target == "w1"}
    assert sq("d3") in dests and sq("c3") not in dests - {sq("c3")}
    _, s = act(s, E.Cast(player=0, card=mf, target="w1", mode=str(sq("e3"))))
    assert s.pos[1] == sq("e3")


def test_psychic_storm_hits_the_square_and_neighbours_through_walls_and_you() -> None:
    """Psychic Storm: damage equal to its energy to everyone in the target square and its
    orthogonal neighbours, through walls, the caster too."""
    ps = card("Psychic Storm")
    s = position(hands={0: [ps]}, at={0: "d3", 1: "d4"})
    _, s = act(s, E.Cast(player=0, card=ps, target=f"q{sq('d3')}"))
    assert s.pending is not None and s.pending.target == 0 and s.pending.rest == (1,)
    _, s = act(s, E.Allow(player=0))
    _, s = act(s, E.Allow(player=1))
    assert s.life == (14, 14)


def test_share_life_averages() -> None:
    """Share Life: you and an adjacent wizard each get the average life (the odd point
    to the caster)."""
    sl = card("Share Life")
    s = position(hands={0: [sl]}, at={1: "d3"}, life=(4, 15))
    _, s = act(s, E.Cast(player=0, card=sl, target="w1"))
    assert s.life == (10, 9)


def test_thought_steal_takes_two_cards_at_random() -> None:
    """Thought Steal: take up to two cards from the target's hand (at random: hands are
    secret); the cards are hidden from everyone else."""
    ts = card("Thought Steal")
    hand = (card("Energy 4"), card("Energy 5"), card("Meditate"))
    s = position(players=3, hands={0: [ts], 1: hand}, at={1: "h3"})
    ev, s = act(s, E.Cast(player=0, card=ts, target="w1"), dice=[3, 1])
    assert set(s.hands[0]) == {hand[2], hand[0]} and s.hands[1] == (hand[1],)
    stolen = next(e for e in ev if isinstance(e, E.Stolen))
    assert RULES.redact(stolen, 2).cards == (-1, -1) and RULES.redact(stolen, 1) == stolen


def test_pain_link_attackers_take_the_same_damage() -> None:
    """Pain Link: whoever damages you with an attack takes the same (may be cast as a
    counter); the reflection is not an attack."""
    fb, pl = card("Fireball"), card("Pain Link")
    s = position(hands={0: [fb], 1: [pl]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    _, s = act(s, E.Counter(player=1, card=pl))
    _, s = act(s, E.Allow(player=1))
    assert s.life == (10, 10)


def test_teleport_as_a_counter_evades() -> None:
    """Teleport: move up to 4 squares ignoring walls; as a counter it evades the attack."""
    fb, tp = card("Fireball"), card("Teleport")
    s = position(hands={0: [fb], 1: [tp]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    ev, s = act(s, E.Counter(player=1, card=tp, target=f"q{sq('h5')}"))
    assert s.pos[1] == sq("h5") and s.life[1] == 15 and "cancelled" in kinds(ev)
    s = position(hands={0: [tp]})
    far = {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == tp}
    assert f"q{sq('c5')}" in far and f"q{sq('h3')}" not in far


def test_astral_projection_casts_from_up_to_three_away() -> None:
    """Astral Projection: for the rest of the phase you cast from a square up to 3 away."""
    ap, fb = card("Astral Projection"), card("Fireball")
    s = position(hands={0: [ap, fb]}, at={1: "e4"})
    assert sq("e4") not in sight(s, 0)
    _, s = act(s, E.Cast(player=0, card=ap, target=f"q{sq('d4')}"))
    assert s.origin == sq("d4") and sq("e4") in sight(s, 0)
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"))
    assert s.pending is not None and s.pending.origin == sq("d4")


def test_shatter_one_crack_per_point() -> None:
    """Shatter: one crack per point of its energy (a door falls at 3)."""
    sh, e4 = card("Shatter"), card("Energy 4")
    door = edge("c3", "w")
    s = position(hands={0: [sh, e4]})
    _, s = act(s, E.Cast(player=0, card=sh, target=f"e{door}", energy=e4))
    assert s.edges[door] == "."


def test_dust_cloud_random_direction_with_the_overlay() -> None:
    """Rulebook: leaving a Dust Cloud goes in a random direction: roll the d4 against the
    overlay; a 1 points east ("to the right")."""
    dc = DECK.index("Dust Cloud")
    s = position(options=EXTRAS, spells=(Spell(dc, 1, f"q{sq('c3')}", 0),))
    assert [a for a in RULES.legal(s, 0) if isinstance(a, E.Move)] == [
        E.Move(player=0, dir="r")]
    assert reason(s, E.Move(player=0, dir="e")) == "move/dust-cloud"
    _, s2 = act(s, E.Move(player=0, dir="r"), dice=[1])
    assert s2.pos[0] == sq("d3") and s2.mp == 2
    _, s3 = act(s, E.Move(player=0, dir="r"), dice=[4])  # north of c3 is a door: ours
    assert s3.pos[0] == sq("c2")


def test_powerstone_adds_one_energy() -> None:
    """Powerstone: +1 energy on the spells its carrier plays."""
    pt = card("Powerthrust")
    s = position(hands={0: [pt]}, carried={0: [card("Powerstone")]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=pt, target="w1"))
    assert s.pending is not None and s.pending.damage == 1 + 1 + 2


def test_spellstone_draws_one_more() -> None:
    """Spellstone: draw one extra card in Discard and Draw (still within the hand size)."""
    s = position(carried={0: [card("Spellstone")]}, phase="draw")
    assert max(a.draw for a in RULES.legal(s, 0) if isinstance(a, E.EndTurn)) == 3


def test_speedstone_changes_base_speed_at_once() -> None:
    """"If a wizard's base speed changes during the turn ... remaining movement points
    increase or decrease by the difference": a Speedstone put into play mid-turn adds 1."""
    st = card("Speedstone")
    s = position(hands={0: [st]}, mp=1)
    _, s = act(s, E.Cast(player=0, card=st, target="s"))
    assert s.mp == 2 and speed(s, 0) == 4
    _, s = act(s, E.Drop(player=0, what=f"c{st}"))
    assert s.mp == 1


# ---------------------------------------------------------------- ruleset 2: the text's cards


def test_stone_spikes_boosted_with_a_5_holds_five_spikes() -> None:
    """"A player casts 'Stone Spikes' and discards a '5' energy card to boost it. The
    player places five energy tokens on the card to indicate the spell's energy": each
    token is one spike, thrown for 3 physical; the card goes with the last."""
    spikes, e5 = card("Stone Spikes"), card("Energy 5")
    s = position(hands={0: [spikes, e5]}, at={1: "h3"})
    assert E.Cast(player=0, card=spikes, target="s", energy=e5) in RULES.legal(s, 0)
    ev, s = act(s, E.Cast(player=0, card=spikes, target="s", energy=e5))
    assert E.Charged(card=spikes, tokens=5) in ev and e5 in s.discard
    assert s.carried[0] == (spikes,) and charge(s, spikes) == 5
    _, s = act(s, E.Throw(player=0, card=spikes, target=1))
    ev, s = act(s, E.Allow(player=1))
    assert s.life[1] == 12 and s.carried[0] == (spikes,) and charge(s, spikes) == 4
    assert s.objects == () and "landed" not in kinds(ev)
    last = replace(s, charges=(), attacked=False)
    _, last = act(last, E.Throw(player=0, card=spikes, target=1))
    _, last = act(last, E.Allow(player=1))
    assert last.carried[0] == () and last.objects == ((spikes, sq("h3")),)


def test_stone_spikes_with_no_energy_card_is_one_spike() -> None:
    """A spell's "energy is 1" without an energy card: one spike, thrown like a rock; with
    the house rule ``single_spike`` (ruleset 1) Stone Spikes takes no energy card."""
    spikes, e5 = card("Stone Spikes"), card("Energy 5")
    s = position(hands={0: [spikes, e5]}, at={1: "h3"})
    ev, one = act(s, E.Cast(player=0, card=spikes, target="s"))
    assert "charged" not in kinds(ev) and charge(one, spikes) == 1
    old = position(hands={0: [spikes, e5]}, at={1: "h3"}, options=Options(single_spike=True))
    assert reason(old, E.Cast(player=0, card=spikes, target="s", energy=e5)) == "cast/energy"


def test_rotate_sector_destroys_created_walls_and_repairs_walls_on_its_edges() -> None:
    """"If a created wall is straddling the line between two sector boards when one or
    both of them move, the wall is destroyed. Alternatively, if a destroyed or damaged
    wall is straddling the line between two sector boards when one or both of them move,
    the wall is repaired and the damage marker is removed"."""
    rs, cw = card("Rotate Sector"), card("Create Wall")
    created, damaged, destroyed = edge("e3", "e"), edge("e1", "e"), edge("e2", "e")
    s = position(hands={0: [rs]}, spells=(Spell(cw, 1, f"e{created}", 0),))
    edges = list(s.edges)
    edges[created], edges[destroyed] = "W", "."
    cracks = [0] * len(edges)
    cracks[damaged] = 2
    s = replace(s, edges=tuple(edges), cracks=tuple(cracks))
    ev, s = act(s, E.Cast(player=0, card=rs, target="sector1", mode="90"))
    assert kinds(ev).index("spell-ends") < kinds(ev).index("rotated")
    assert s.spells == () and cw in s.discard
    assert (s.edges[created], s.edges[damaged], s.edges[destroyed]) == (".", "#", "#")
    assert s.cracks[damaged] == 0


def test_rotate_sector_turns_90_or_180_degrees() -> None:
    """Rotate Sector: "rotate one sector 90° or 180°" (the card facts): no 270; the house
    rules ``rotate_270`` and ``sector_lines_stay`` (ruleset 1) offer it and leave the
    walls on the sector's edges as they are."""
    rs, cw = card("Rotate Sector"), card("Create Wall")
    s = position(hands={0: [rs]})
    modes = {a.mode for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == rs}
    assert modes == {"90", "180"}
    assert reason(s, E.Cast(player=0, card=rs, target="sector1", mode="270")) == "cast/target"
    opts = Options(rotate_270=True, sector_lines_stay=True)
    created = edge("e3", "e")
    old = position(hands={0: [rs]}, options=opts, spells=(Spell(cw, 1, f"e{created}", 0),))
    old = replace(old, edges=tuple("W" if i == created else k for i, k in enumerate(old.edges)))
    modes = {a.mode for a in RULES.legal(old, 0) if isinstance(a, E.Cast) and a.card == rs}
    assert modes == {"90", "180", "270"}
    _, old = act(old, E.Cast(player=0, card=rs, target="sector1", mode="270"))
    assert old.edges[created] == "W" and len(old.spells) == 1


def test_wall_of_earth_turns_a_lightning_bolt_back() -> None:
    """Card clarification: Wall of Earth "blocks both line of sight and movement. Thus
    ... Lightning Bolt would reverse direction after hitting the wall": the bolt turns
    back before the wizard who raised it and strikes the wizard behind its caster."""
    bolt, e4, earth = card("Lightning Bolt"), card("Energy 4"), card("Wall of Earth")
    s = position(3, hands={0: [bolt, e4], 1: [earth]}, at={0: "d3", 1: "f3", 2: "c3"})
    ev, s = act(s, E.Cast(player=0, card=bolt, target="s", mode="e", energy=e4))
    assert [a.target for a in ev if isinstance(a, E.Attack)] == [1]
    ev, s = act(s, E.Counter(player=1, card=earth))
    assert kinds(ev)[:2] == ["counter", "cancelled"]
    assert s.pending is not None and s.pending.target == 2
    _, s = act(s, E.Allow(player=2))
    assert s.life == (15, 15, 12) and s.stun == (0, 0, 1)


def test_earth_stops_bolt_option_cancels_the_bolt() -> None:
    """House rule ``earth_stops_bolt`` (ruleset 1): Wall of Earth cancels the bolt where it
    stands, like any attack from another square."""
    bolt, e4, earth = card("Lightning Bolt"), card("Energy 4"), card("Wall of Earth")
    s = position(3, hands={0: [bolt, e4], 1: [earth]}, at={0: "d3", 1: "f3", 2: "c3"},
                 options=Options(earth_stops_bolt=True))
    _, s = act(s, E.Cast(player=0, card=bolt, target="s", mode="e", energy=e4))
    _, s = act(s, E.Counter(player=1, card=earth))
    assert s.pending is None and s.life == (15, 15, 15)
