"""Wiz-War's Mutation: one test per card effect (docstrings give the card fact; our wording
of each effect and the rulings are in docs/games/wiz-war.md), and the way its cards meet the
others'. Cards are looked up by name, never by number (a school added before Mutation
shifts its numbers)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace
from wizwar import act, card, edge, kinds, position, reason, sq

from grimoire.core.kit import put
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import notation as N
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.cards import EFFECTS, effect_of
from grimoire.games.wiz_war.state import (
    Options,
    Spell,
    State,
    filled,
    misty,
    passage,
    sight,
    speed,
)

MU = Options(schools="elemental,thaumaturgy,mutation")
"""A game with Mutation (and Elemental and Thaumaturgy, whose cards some tests meet)."""


def mu(name: str, k: int = 0) -> int:
    """The ``k``-th copy of ``name`` in Mutation's own block."""
    return [c for c in B.SCHOOL_CARDS["mutation"] if DECK[c] == name][k]


def at(**fields: object) -> State:
    """A Move and Cast position for seat 0 (on c3) in a game with Mutation."""
    return position(options=MU, **fields)  # type: ignore[arg-type]


def on(p: int, name: str, tokens: int = 0) -> Spell:
    """Mutation's ``name`` maintained on seat ``p``'s wizard."""
    return Spell(mu(name), p, f"w{p}", tokens)


def carrying(s: State, p: int, t: int) -> State:
    """``s`` with seat ``p``'s wizard carrying treasure ``t``."""
    return replace(s, treasures=put(s.treasures, t, -1), bearer=put(s.bearer, t, p))


def cast(s: State, name: str, target: str = "s", **kw: object) -> State:
    _, s = act(s, E.Cast(player=0, card=mu(name), target=target, **kw))  # type: ignore[arg-type]
    return s


# ---------------------------------------------------------------- the school as data


def test_mutation_is_24_cards_as_the_card_facts_count_them() -> None:
    """Mutation (24): Energy 4 x2, Energy 5, Dispel, Mist Body, Featherweight x2 (C),
    Disease, Heave-Ho, Stretch x2 (EV2), Adrenaline x2, Extra Arms x2 (EV3), Mad Dash,
    Strength, Wallivore x2, and the transformations Gnome Form (EV2), Golem Form, Big Man
    Form, Slime Form, Werewolf Form."""
    names = [DECK[c] for c in B.SCHOOL_CARDS["mutation"]]
    assert len(names) == 24 and "mutation" in B.PLAYABLE
    for name in ("Energy 4", "Featherweight", "Stretch", "Adrenaline", "Extra Arms",
                 "Wallivore"):
        assert names.count(name) == 2, name
    ev = {name: T.CARDS[name].energy for name in names}
    assert (ev["Stretch"], ev["Extra Arms"], ev["Gnome Form"]) == (2, 3, 2)
    assert T.CARDS["Featherweight"].kind == "counter"
    assert T.CARDS["Heave-Ho"].kind == "attack"
    forms = {n: T.CARDS[n].form for n in names if T.CARDS[n].form is not None}
    assert set(forms) == {"Mist Body", "Gnome Form", "Golem Form", "Big Man Form",
                          "Slime Form", "Werewolf Form"}
    assert {n: f.speed for n, f in forms.items()} == {
        "Mist Body": 3, "Gnome Form": 2, "Golem Form": 2, "Big Man Form": 3,
        "Slime Form": 3, "Werewolf Form": 4}
    for name in set(names):
        record = T.CARDS[name]
        assert record.effect in EFFECTS and record.duration in ("instant", "temporary",
                                                                "permanent")


@pytest.mark.parametrize("copy", ["Energy 4", "Energy 5", "Dispel", "Mist Body", "Gnome Form",
                                  "Golem Form"])
def test_mutations_copies_of_other_cards_play_as_those_cards(copy: str) -> None:
    """The copies Mutation shares with other schools and the extra cards are the same
    record and effect, numbered in Mutation's own block (the extra cards keep theirs)."""
    c = mu(copy)
    assert c not in B.SCHOOL_CARDS["white-cantrip"] and CARD[c] is T.CARDS[copy]
    assert effect_of(c) is effect_of(card(copy))
    if copy in T.EXTRA_CARDS:
        assert card(copy) == len(B.FIRST_GAME) + T.EXTRA_CARDS.index(copy) != c


def test_the_schools_option_plays_mutation() -> None:
    s = RULES.setup(Options(schools="mutation,elemental,thaumaturgy"), ("a", "b"))
    assert s.schools == ("elemental", "thaumaturgy", "mutation")
    assert set(B.SCHOOL_CARDS["mutation"]) <= set(s.deck) and len(s.deck) == 84


# ---------------------------------------------------------------- Featherweight


def test_featherweight_turns_damage_into_a_push_back() -> None:
    """Featherweight (C): "damage pushes you back instead of hurting". A Fireball's 5 from
    c3 pushes the wizard on h3 east: i3, j3, round the board to a3 and b3, where a door of
    another's sector stops him; no damage."""
    fb, fw = card("Fireball"), mu("Featherweight")
    s = at(hands={0: [fb], 1: [fw]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"), settle=False)
    assert E.Counter(player=1, card=fw) in RULES.legal(s, 1)
    _, s = act(s, E.Counter(player=1, card=fw), settle=False)
    ev, s = act(s, E.Allow(player=0), settle=False)  # Thaumaturgy's Anti-Anti is in the deck
    assert kinds(ev)[-2:] == ["moved", "cancelled"] and ev[-1] == E.Cancelled(how="pushed")
    assert s.life[1] == 15 and s.pos[1] == sq("b3") and s.pending is None and s.attacked
    assert fw in s.discard


def test_featherweight_against_a_thrown_rock_it_falls_where_he_stood() -> None:
    """A Large Rock's 2 pushes the wizard on h3 two squares east; the rock falls on h3."""
    rock, fw = card("Large Rock"), mu("Featherweight")
    s = at(carried={0: [rock]}, hands={1: [fw]}, at={1: "h3"})
    _, s = act(s, E.Throw(player=0, card=rock, target=1), settle=False)
    _, s = act(s, E.Counter(player=1, card=fw), settle=False)
    _, s = act(s, E.Allow(player=0), settle=False)
    assert s.pos[1] == sq("j3") and s.life[1] == 15 and (rock, sq("h3")) in s.objects


def test_a_stunned_wizard_who_attacked_may_not_be_pushed_by_featherweight() -> None:
    """Featherweight moves its wizard: a stunned wizard whose own Psychic Storm strikes
    him, having attacked, may not leave his square by it."""
    ps, fw = card("Psychic Storm"), mu("Featherweight")
    s = position(options=Options(schools="elemental,mentalism,mutation"),
                 hands={0: [ps, fw]}, at={1: "d3"}, stunned=True)
    _, s = act(s, E.Cast(player=0, card=ps, target=f"q{sq('c3')}"), settle=False)
    while s.pending is not None and s.pending.target != 0:
        _, s = act(s, E.Allow(player=s.pending.target), settle=False)
    assert s.pending is not None and s.attacked
    assert RULES.legal(s, 0) == [E.Allow(player=0)]
    assert reason(s, E.Counter(player=0, card=fw)) == "move/stunned"


def test_featherweight_answers_no_curse_nor_stun() -> None:
    """Stun tokens and curses do no damage to turn into a push."""
    zot, fw = card("Zot!"), mu("Featherweight")
    s = at(hands={0: [zot], 1: [fw]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=zot, target="w1", mode="stun"), settle=False)
    assert RULES.legal(s, 1) == [E.Allow(player=1)]


# ---------------------------------------------------------------- Disease


def test_disease_hurts_the_wizards_in_each_square_its_wizard_enters() -> None:
    """Disease: "3 physical to anyone in a square you enter" (not an attack)."""
    s = cast(at(hands={0: [mu("Disease")]}, at={1: "d3"}), "Disease")
    assert s.spells == (on(0, "Disease", 1),) and not s.attacked
    ev, s = act(s, E.Move(player=0, dir="e"))
    assert s.life == (15, 12) and E.Damage(player=1, amount=3, by=0, source="Disease") in ev
    _, s = act(s, E.Move(player=0, dir="e"))
    assert s.life == (15, 12), "nobody on e3"


# ---------------------------------------------------------------- Heave-Ho


def test_heave_ho_throws_the_treasure_for_its_distance() -> None:
    """Heave-Ho: "throw a treasure; damage = distance". From c3 to h3 is 5 squares: 5
    physical damage, and the treasure lies on h3."""
    hh = mu("Heave-Ho")
    s = carrying(at(hands={0: [hh]}, at={1: "h3"}), 0, 2)
    ev, s = act(s, E.Cast(player=0, card=hh, target="w1"), settle=False)
    assert E.Heaved(player=0, treasure=2, square=sq("h3")) in ev
    assert s.pending is not None and (s.pending.damage, s.pending.dtype) == (5, "physical")
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 10 and s.treasures[2] == sq("h3") and s.bearer[2] == -1


def test_heave_ho_needs_a_treasure_to_throw() -> None:
    hh = mu("Heave-Ho")
    s = at(hands={0: [hh]}, at={1: "h3"})
    assert reason(s, E.Cast(player=0, card=hh, target="w1")) == "cast/target"


# ---------------------------------------------------------------- Stretch and Extra Arms


def test_stretch_reaches_a_wizard_in_sight() -> None:
    """Stretch (EV2): "reach at range": punches reach an enemy wizard in sight."""
    st = mu("Stretch")
    s = at(hands={0: [st]}, at={1: "h3"})
    assert reason(s, E.Punch(player=0, target=1)) == "punch/out-of-reach"
    s = cast(s, "Stretch")
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 14


def test_extra_arms_add_to_each_punch() -> None:
    """Extra Arms (EV3): a permanent spell on you: your punches do 2 more."""
    s = cast(at(hands={0: [mu("Extra Arms")]}, at={1: "d3"}), "Extra Arms")
    assert s.spells == (on(0, "Extra Arms"),)
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    assert s.pending is not None and s.pending.damage == 3


# ---------------------------------------------------------------- Adrenaline and Mad Dash


def test_adrenaline_gives_a_second_attack() -> None:
    """Adrenaline: "attack twice": cast after your attack, you may attack again."""
    ad = mu("Adrenaline")
    s = at(hands={0: [ad]}, at={1: "d3"})
    assert reason(s, E.Cast(player=0, card=ad, target="s")) == "cast/target"
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    _, s = act(s, E.Allow(player=1))
    assert reason(s, E.Punch(player=0, target=1)) == "attack/used"
    ev, s = act(s, E.Cast(player=0, card=ad, target="s"))
    assert E.AttackRestored(player=0) in ev and not s.attacked
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 13


def test_mad_dash_doubles_the_movement_left_and_drops_the_treasure() -> None:
    """Mad Dash: "double remaining movement; drop your treasure"."""
    s = carrying(at(hands={0: [mu("Mad Dash")]}, mp=2), 0, 2)
    ev, s = act(s, E.Cast(player=0, card=mu("Mad Dash"), target="s"))
    assert kinds(ev)[-2:] == ["dropped", "movement-gained"]
    assert s.mp == 4 and s.treasures[2] == sq("c3") and s.bearer[2] == -1
    s = at(hands={0: [mu("Mad Dash")]}, mp=0)
    assert reason(s, E.Cast(player=0, card=mu("Mad Dash"), target="s")) == "cast/target"


# ---------------------------------------------------------------- Strength


def test_strength_doubles_physical_damage_and_tears_an_item_away() -> None:
    """Strength: "double physical damage; tear an item away on 2-4". A punch of 1 does 2;
    a 3 on the d4 tears the Dagger away: it falls on the target's square."""
    dg = card("Dagger")
    s = cast(at(hands={0: [mu("Strength")]}, at={1: "d3"}, carried={1: [dg]}), "Strength")
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    ev, s = act(s, E.Allow(player=1), dice=[3])
    assert s.life[1] == 13 and s.carried[1] == () and (dg, sq("d3")) in s.objects
    assert E.Dropped(player=1, what=f"c{dg}") in ev


def test_strength_tears_nothing_on_a_1_and_doubles_no_magic() -> None:
    dg, zot = card("Dagger"), card("Zot!")
    s = cast(at(hands={0: [mu("Strength"), zot]}, at={1: "d3"}, carried={1: [dg]}),
             "Strength")
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    _, s = act(s, E.Allow(player=1), dice=[1])
    assert s.life[1] == 13 and s.carried[1] == (dg,)
    s = cast(at(hands={0: [mu("Strength"), zot]}, at={1: "h3"}), "Strength")
    _, s = act(s, E.Cast(player=0, card=zot, target="w1", mode="damage"), settle=False)
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 14, "Zot! is magical: not doubled"


# ---------------------------------------------------------------- Wallivore


def test_wallivore_eats_a_wall_of_its_square_for_life() -> None:
    """Wallivore: "eat a wall, +2 life": a stone wall on a side of your square is gone."""
    wv, north = mu("Wallivore"), edge("d3", "n")
    s = at(hands={0: [wv]}, at={0: "d3"}, life=(10, 15))
    ev, s = act(s, E.Cast(player=0, card=wv, target=f"e{north}"))
    assert s.edges[north] == "." and s.life[0] == 12 and "wall-destroyed" in kinds(ev)
    s = at(hands={0: [wv]}, at={0: "d3"}, life=(19, 15))
    _, s = act(s, E.Cast(player=0, card=wv, target=f"e{north}"))
    assert s.life[0] == 20, "never above 20"


def test_wallivore_eats_no_door() -> None:
    """c3's sides are doors and open ways: nothing to eat."""
    wv = mu("Wallivore")
    s = at(hands={0: [wv]})
    assert reason(s, E.Cast(player=0, card=wv, target=f"e{edge('c3', 'n')}")) == "cast/target"


# ---------------------------------------------------------------- transformations


def test_big_man_form_fills_its_square_and_punches_3() -> None:
    """Big Man Form: "speed 3; fills its square; punch 3": nobody sees past the big man."""
    s = at(at={1: "d3"})
    assert sq("e3") in sight(s, 0)
    big = replace(s, spells=(on(1, "Big Man Form"),))
    assert filled(big) == (sq("d3"),) and sq("e3") not in sight(big, 0)
    assert sq("d3") in sight(big, 0) and speed(big, 1) == 3
    s = cast(at(hands={0: [mu("Big Man Form")]}, at={1: "d3"}), "Big Man Form")
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    assert s.pending is not None and s.pending.damage == 3


def test_slime_form_ignores_doors() -> None:
    """Slime Form: "speed 3; ignores doors": the door of another's sector lets him by."""
    s = at(at={1: "b3"})
    assert passage(s, sq("b3"), 1, 1, misty(s, 1)) < 0
    slimy = replace(s, spells=(on(1, "Slime Form"),))
    assert misty(slimy, 1) and passage(slimy, sq("b3"), 1, 1, True) == sq("c3")
    assert speed(slimy, 1) == 3


def test_werewolf_form_is_fast_and_punches_a_die_roll() -> None:
    """Werewolf Form: "speed 4; punch = die roll"."""
    s = cast(at(hands={0: [mu("Werewolf Form")]}, at={1: "d3"}), "Werewolf Form")
    assert speed(s, 0) == 4 and s.mp == 4
    ev, s = act(s, E.Punch(player=0, target=1), dice=[3], settle=False)
    assert s.pending is not None and s.pending.damage == 3 and kinds(ev)[1] == "roll"


def test_transformations_replace_each_other_and_change_speed_at_once() -> None:
    """Only one transformation at a time: a new one ends the old; the movement points left
    follow the base speed at once (3 -> 4 as a werewolf -> 2 as a gnome -> 2 as a golem)."""
    hand = [mu("Werewolf Form"), mu("Gnome Form"), mu("Golem Form")]
    s = cast(at(hands={0: hand}), "Werewolf Form")
    assert s.mp == 4
    s = cast(s, "Gnome Form")
    assert s.mp == 2 and s.spells == (on(0, "Gnome Form"),) and mu("Werewolf Form") in s.discard
    s = cast(s, "Golem Form")
    assert s.mp == 2 and s.spells == (on(0, "Golem Form"),)


def test_mutations_gnome_form_evades_as_a_counter() -> None:
    """Mutation's own Gnome Form is cast as a counter and evades on a 1-2 (the rulebook's
    example)."""
    fb, gf = card("Fireball"), mu("Gnome Form")
    s = at(hands={0: [fb], 1: [gf]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fb, target="w1"), settle=False)
    _, s = act(s, E.Counter(player=1, card=gf), settle=False)
    _, s = act(s, E.Allow(player=0), settle=False)  # Thaumaturgy's Anti-Anti is in the deck
    ev, s = act(s, E.Allow(player=1), dice=[2])
    assert s.life[1] == 15 and "cancelled" in kinds(ev) and s.spells == (on(1, "Gnome Form"),)


# ---------------------------------------------------------------- with the other schools


@pytest.mark.parametrize("name", ["Disease", "Stretch", "Extra Arms", "Strength",
                                  "Big Man Form", "Slime Form", "Werewolf Form"])
def test_dispel_ends_each_lasting_mutation_spell(name: str) -> None:
    """Dispel "ends one non-instant spell": each of Mutation's that stays in play; a
    transformation's base speed goes back to 3."""
    c, dis = mu(name), mu("Dispel")
    tokens = 1 if CARD[c].duration == "temporary" else 0
    s = at(hands={0: [dis]}, spells=(on(1, name, tokens),), at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=dis, target=f"c{c}"))
    assert s.spells == () and c in s.discard and speed(s, 1) == 3


@pytest.mark.parametrize("name", ["Disease", "Stretch", "Extra Arms", "Mad Dash",
                                  "Werewolf Form", "Wallivore"])
def test_negate_neutral_cancels_mutations_neutral_spells(name: str) -> None:
    c, nn = mu(name), card("Negate Neutral")
    s = at(hands={0: [c], 1: [nn]}, at={0: "d3", 1: "h3"})
    spell = next(a for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == c)
    _, after = act(s, spell, settle=False)
    _, after = act(after, E.Counter(player=1, card=nn), settle=False)
    ev, after = act(after, E.Allow(player=0), settle=False)
    assert kinds(ev) == ["allow", "cancelled"] and after.spells == () and c in after.discard
    assert (after.mp, after.edges, after.life) == (s.mp, s.edges, s.life)


def test_mutation_positions_round_trip_through_the_notation() -> None:
    """Spells of Mutation on wizards and a Heave-Ho waiting for counters read back."""
    s = at(spells=(on(0, "Big Man Form"), on(1, "Strength", 1)), at={1: "h3"})
    assert N.parse(N.notation(s), MU, s.names) == s
    s = carrying(at(hands={0: [mu("Heave-Ho")]}, at={1: "h3"}), 0, 2)
    _, s = act(s, E.Cast(player=0, card=mu("Heave-Ho"), target="w1"), settle=False)
    assert N.parse(N.notation(s), MU, s.names) == s
