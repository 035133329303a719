"""Wiz-War's Thaumaturgy: one test per card effect (docstrings give the card fact; our
wording of each effect and the rulings are in docs/games/wiz-war.md), and the way its
cards meet the others'."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from msgspec.structs import replace
from wizwar import act, card, edge, kinds, position, reason, sq

from grimoire.core.errors import IllegalAction
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import notation as N
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.cards import EFFECTS, effect_of
from grimoire.games.wiz_war.state import Options, Spell, State, hand_limit, sight, speed

TH = Options(schools="alchemy,elemental,thaumaturgy")
"""A game with Thaumaturgy (and Alchemy and Elemental, whose cards some tests meet)."""
TESTS = Path(__file__).parent


def th(copy: str) -> int:
    """Thaumaturgy's own copy of a card other schools have too."""
    return next(c for c in B.SCHOOL_CARDS["thaumaturgy"] if DECK[c] == copy)


def at(**fields: object) -> State:
    """A Move and Cast position for seat 0 in a game with Thaumaturgy."""
    return position(options=TH, **fields)  # type: ignore[arg-type]


def hit_with_fireball(s: State) -> State:
    """Seat 0 (on c3) casts a Fireball at seat 1 (on h3, in sight)."""
    _, s = act(s, E.Cast(player=0, card=card("Fireball"), target="w1"), settle=False)
    assert s.pending is not None and s.pending.target == 1
    return s


# ---------------------------------------------------------------- the school as data


def test_thaumaturgy_is_24_cards_as_the_card_facts_count_them() -> None:
    """Thaumaturgy (24): Energy 5 x2, Full Shield, Negate Neutral, Drop Object, Fire Darts,
    Powerthrust, Around the Corner, Dispel, Pick Lock, Rotate Sector, Anti-Anti (EV3),
    Backlash, Globe of Pain x2 (EV3), Slow Death, Yoink!, Invisible, Gravity, Pass Through
    Wall, Seal Door (EV2), Master Key, Wizardblade, Dagger."""
    names = [DECK[c] for c in B.SCHOOL_CARDS["thaumaturgy"]]
    assert len(names) == 24 and names.count("Energy 5") == 2
    assert names.count("Globe of Pain") == 2
    ev = {name: T.CARDS[name].energy for name in names}
    assert (ev["Anti-Anti"], ev["Globe of Pain"], ev["Seal Door"], ev["Energy 5"]) == (3, 3, 2, 5)
    kinds_ = {name: T.CARDS[name].kind for name in names}
    assert kinds_["Backlash"] == kinds_["Anti-Anti"] == "counter"
    assert kinds_["Globe of Pain"] == kinds_["Fire Darts"] == kinds_["Slow Death"] == "attack"
    assert {kinds_[n] for n in ("Master Key", "Wizardblade", "Dagger")} == {"item"}
    for name in set(names):
        record = T.CARDS[name]
        assert record.duration in ("instant", "temporary", "permanent")
        assert record.range in ("caster", "adjacent", "los", "anywhere")
        assert record.effect in EFFECTS


@pytest.mark.parametrize("copy", ["Energy 5", "Full Shield", "Negate Neutral", "Drop Object",
                                  "Powerthrust", "Around the Corner", "Dispel", "Pick Lock",
                                  "Rotate Sector"])
def test_thaumaturgys_copies_of_other_cards_play_as_those_cards(copy: str) -> None:
    """The copies Thaumaturgy shares with White Cantrip and Mentalism are the same record,
    with the same effect, numbered in Thaumaturgy's own block."""
    c = th(copy)
    assert c >= 87 and CARD[c] is T.CARDS[copy] and effect_of(c) is effect_of(card(copy))


def test_the_thaumaturgy_copy_of_full_shield_cancels_a_spell() -> None:
    fs = th("Full Shield")
    s = hit_with_fireball(at(hands={0: [card("Fireball")], 1: [fs]}, at={1: "h3"}))
    _, s = act(s, E.Counter(player=1, card=fs), settle=False)
    _, s = act(s, E.Allow(player=0), settle=False)  # no Anti-Anti played
    assert s.life[1] == 15 and s.pending is None and fs in s.discard


# ---------------------------------------------------------------- Fire Darts


def test_fire_darts_one_dart_per_energy_each_its_own_source() -> None:
    """Fire Darts: "darts = energy, each 1 magical fire, each a separate source": four
    darts are four damages of 1; a Bloodshard (1 less from each source) stops every one."""
    fd, e4 = card("Fire Darts"), card("Energy 4")
    s = at(hands={0: [fd, e4]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fd, target="w1", energy=e4), settle=False)
    ev, s = act(s, E.Allow(player=1))
    assert kinds(ev).count("damage") == 4 and s.life[1] == 11
    s = at(hands={0: [fd, e4]}, at={1: "h3"}, carried={1: [card("Bloodshard")]})
    _, s = act(s, E.Cast(player=0, card=fd, target="w1", energy=e4), settle=False)
    ev, s = act(s, E.Allow(player=1))
    assert "damage" not in kinds(ev) and s.life[1] == 15


def test_fire_darts_a_shield_stops_one_dart_and_fire_burns_stones() -> None:
    """Shield reduces "one damage source": one dart. The darts are fire: the first one
    that hurts destroys the magic stones carried."""
    fd, e4, sh = card("Fire Darts"), card("Energy 4"), card("Shield")
    s = position(options=Options(schools="mentalism,elemental,thaumaturgy"),
                 hands={0: [fd, e4], 1: [sh]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=fd, target="w1", energy=e4), settle=False)
    _, s = act(s, E.Counter(player=1, card=sh), settle=False)
    _, s = act(s, E.Allow(player=0), settle=False)
    ev, s = act(s, E.Allow(player=1))
    assert s.life[1] == 12 and kinds(ev).count("damage") == 3
    ls = card("Lifestone")
    s = at(hands={0: [fd]}, at={1: "h3"}, carried={1: [ls]})
    _, s = act(s, E.Cast(player=0, card=fd, target="w1"), settle=False)
    ev, s = act(s, E.Allow(player=1))
    assert "stones-destroyed" in kinds(ev) and ls in s.discard


def test_fire_darts_is_a_fire_spell_no_darts_under_a_flood() -> None:
    fd, fl = card("Fire Darts"), card("Flood")
    s = at(hands={0: [fd]}, at={1: "h3"}, spells=(Spell(fl, 1, "*", 2),))
    assert reason(s, E.Cast(player=0, card=fd, target="w1")) == "cast/flooded"


# ---------------------------------------------------------------- Anti-Anti and Backlash


def test_anti_anti_cancels_a_counter_spell_and_the_attack_goes_on() -> None:
    """Anti-Anti: "cancel a counter spell; cannot be cancelled". Green's Full Shield waits
    for red's answer; red's Anti-Anti cancels it (nothing answers an Anti-Anti), and the
    Fireball strikes unless green counters again."""
    fb, fs, aa = card("Fireball"), card("Full Shield"), card("Anti-Anti")
    s = hit_with_fireball(at(hands={0: [fb, aa], 1: [fs]}, at={1: "h3"}))
    ev, s = act(s, E.Counter(player=1, card=fs), settle=False)
    assert kinds(ev) == ["counter", "counter-window"] and RULES.to_act(s) == {0}
    assert RULES.legal(s, 0) == [E.Counter(player=0, card=aa), E.Allow(player=0)]
    ev, s = act(s, E.Counter(player=0, card=aa), settle=False)
    assert kinds(ev) == ["counter", "counter-cancelled"] and RULES.to_act(s) == {1}
    assert fs in s.discard and aa in s.discard and s.pending is not None
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 10


def test_a_counter_waits_for_an_answer_only_where_anti_anti_is_in_the_deck() -> None:
    """The window opens whoever holds what (waiting reveals nothing), and only in a game
    whose deck holds Anti-Anti: the first game's counters take effect at once."""
    fb, fs = card("Fireball"), card("Full Shield")
    s = hit_with_fireball(at(hands={0: [fb], 1: [fs]}, at={1: "h3"}))
    ev, _ = act(s, E.Counter(player=1, card=fs), settle=False)
    assert kinds(ev) == ["counter", "counter-window"]
    s = hit_with_fireball(position(hands={0: [fb], 1: [fs]}, at={1: "h3"}))
    ev, _ = act(s, E.Counter(player=1, card=fs), settle=False)
    assert kinds(ev) == ["counter", "cancelled"]


def test_anti_anti_against_a_lasting_counter_and_a_teleport() -> None:
    """A cancelled counter that would have stayed in play (Invisible) is discarded; a
    cancelled Teleport moves nobody."""
    fb, inv, aa, tp = card("Fireball"), card("Invisible"), card("Anti-Anti"), card("Teleport")
    s = hit_with_fireball(at(hands={0: [fb, aa], 1: [inv]}, at={1: "h3"}))
    _, s = act(s, E.Counter(player=1, card=inv), settle=False)
    _, s = act(s, E.Counter(player=0, card=aa), settle=False)
    assert inv in s.discard and not s.spells
    opts = Options(schools="elemental,mentalism,thaumaturgy")
    s = hit_with_fireball(position(options=opts, hands={0: [fb, aa], 1: [tp]}, at={1: "h3"}))
    to = next(a for a in RULES.legal(s, 1) if isinstance(a, E.Counter) and a.card == tp)
    _, s = act(s, to, settle=False)
    _, s = act(s, E.Counter(player=0, card=aa), settle=False)
    assert s.pos[1] == sq("h3") and tp in s.discard


def test_anti_anti_answers_negate_neutral() -> None:
    """A neutral spell's caster may answer the Negate Neutral cancelling it."""
    dis, nn, aa = th("Dispel"), card("Negate Neutral"), card("Anti-Anti")
    wall = Spell(card("Create Wall"), 1, f"e{edge('d3', 'e')}", 0)
    edges = tuple("W" if i == edge("d3", "e") else k
                  for i, k in enumerate(B.geometry(2).initial_edges))
    s = at(hands={0: [dis, aa], 1: [nn]}, spells=(wall,), edges=edges)
    _, s = act(s, E.Cast(player=0, card=dis, target=f"c{wall.card}"), settle=False)
    _, s = act(s, E.Counter(player=1, card=nn), settle=False)
    _, s = act(s, E.Counter(player=0, card=aa), settle=False)
    _, s = act(s, E.Allow(player=1), settle=False)
    assert s.spells == () and s.edges[edge("d3", "e")] == "."


def test_backlash_cancels_an_attack_spell_and_burns_its_caster() -> None:
    """Backlash: "counter an attack spell; its caster takes damage equal to its energy"."""
    zot, e5, bl = card("Zot!"), card("Energy 5"), card("Backlash")
    s = at(hands={0: [zot, e5], 1: [bl]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=zot, target="w1", energy=e5, mode="damage"),
               settle=False)
    _, s = act(s, E.Counter(player=1, card=bl), settle=False)
    ev, s = act(s, E.Allow(player=0), settle=False)
    assert s.life == (10, 15) and "cancelled" in kinds(ev) and s.attacked
    assert s.pending is None


def test_backlash_answers_attack_spells_only_and_its_kill_scores_nobody() -> None:
    """Not a punch; a caster killed by Backlash's damage was not killed by an attack."""
    bl = card("Backlash")
    s = at(hands={1: [bl]}, at={1: "d3"})
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    assert not any(isinstance(a, E.Counter) for a in RULES.legal(s, 1))
    zot, e6 = card("Zot!"), card("Energy 6")
    s = at(hands={0: [zot, e6], 1: [bl]}, at={1: "h3"}, life=(5, 15))
    _, s = act(s, E.Cast(player=0, card=zot, target="w1", energy=e6, mode="damage"),
               settle=False)
    _, s = act(s, E.Counter(player=1, card=bl), settle=False)
    _, s = act(s, E.Allow(player=0), settle=False)
    assert s.pos[0] == -1 and s.kills == (0, 0) and s.result == "last-alive"


# ---------------------------------------------------------------- attacks


def test_globe_of_pain_reaches_round_corners_within_six_steps() -> None:
    """Globe of Pain: "target within 6 movement, goes around corners": a wizard out of
    sight but six open steps away is a target; one behind a closed door (seven steps
    round) is not; its damage is its energy."""
    gp, e5 = card("Globe of Pain"), card("Energy 5")
    s = at(hands={0: [gp, e5]}, at={1: "d4"})
    assert sq("d4") not in sight(s, 0)
    targets = {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == gp}
    assert targets == {"w1"}
    _, s = act(s, E.Cast(player=0, card=gp, target="w1", energy=e5), settle=False)
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 10
    s = at(hands={0: [gp]}, at={1: "b3"})
    assert not any(isinstance(a, E.Cast) and a.card == gp for a in RULES.legal(s, 0))


def test_slow_death_one_damage_for_each_card_drawn() -> None:
    """Slow Death: "curse: 1 damage per card the target draws", for its energy in the
    caster's turns (energy tokens), as Acid Bath lasts."""
    sd, e4 = card("Slow Death"), card("Energy 4")
    s = at(hands={0: [sd, e4]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=sd, target="w1", energy=e4), settle=False)
    _, s = act(s, E.Allow(player=1))
    assert s.spells == (Spell(sd, 0, "w1", 4),)
    s = replace(s, active=1, phase="draw")
    ev, s = act(s, E.EndTurn(player=1, draw=2))
    assert s.life[1] == 13 and kinds(ev)[:3] == ["end-turn", "draw", "damage"]
    assert s.spells[0].tokens == 3  # seat 0's turn began: a token came off


def test_slow_death_kills_score_for_its_caster() -> None:
    """Its damage is the lasting effect of the caster's attack (as Acid Bath's): a wizard it
    kills was killed by the caster, who scores and takes the hand."""
    sd = card("Slow Death")
    s = at(active=1, phase="draw", life=(15, 2), hands={1: [card("Zot!")]},
           spells=(Spell(sd, 0, "w1", 2),))
    _, s = act(s, E.EndTurn(player=1, draw=2))
    assert s.pos[1] == -1 and s.kills == (1, 0) and s.result == "last-alive"


# ---------------------------------------------------------------- neutral spells


def test_yoink_takes_one_item_an_enemy_carries() -> None:
    """Yoink!: "steal 1 carried item": a Speedstone taken speeds the thief at once."""
    yk, ss = card("Yoink!"), card("Speedstone")
    s = at(hands={0: [yk]}, at={1: "h3"}, carried={1: [ss]})
    assert {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == yk} \
        == {f"w1:c{ss}"}
    ev, s = act(s, E.Cast(player=0, card=yk, target=f"w1:c{ss}"))
    assert "snatched" in kinds(ev)
    assert s.carried == ((ss,), ()) and speed(s, 0) == 4 and s.mp == 4


def test_yoink_a_brainstone_moves_its_draw_and_its_loss() -> None:
    yk, bs = card("Yoink!"), card("Brainstone")
    s = at(hands={0: [yk], 1: [card("Zot!"), card("Fireball")]}, at={1: "h3"},
           carried={1: [bs]})
    _, s = act(s, E.Cast(player=0, card=yk, target=f"w1:c{bs}"), dice=[1])
    assert s.hands[1] == () and len(s.hands[0]) == 2 and hand_limit(s, 0) == 9


@pytest.mark.parametrize(("roll", "life"), [(1, 10), (2, 15), (3, 15), (4, 15)])
def test_invisible_evades_on_2_to_4(roll: int, life: int) -> None:
    """Invisible: "evade on 2-4" - each attack on its wizard while it lasts."""
    inv = card("Invisible")
    s = hit_with_fireball(at(hands={0: [card("Fireball")]}, at={1: "h3"},
                             spells=(Spell(inv, 1, "w1", 2),)))
    ev, s = act(s, E.Allow(player=1), dice=[roll])
    assert s.life[1] == life and ("cancelled" in kinds(ev)) is (roll >= 2)


def test_invisible_as_a_counter_stays_and_may_evade_that_attack() -> None:
    """Invisible "may be cast as a counter": it stays in play (its energy in turns) and
    the attack it answered may be evaded already."""
    inv, e4 = card("Invisible"), card("Energy 4")
    s = hit_with_fireball(at(hands={0: [card("Fireball")], 1: [inv, e4]}, at={1: "h3"}))
    _, s = act(s, E.Counter(player=1, card=inv, energy=e4), settle=False)
    _, s = act(s, E.Allow(player=0), settle=False)
    assert s.spells == (Spell(inv, 1, "w1", 4),)
    _, s = act(s, E.Allow(player=1), dice=[3])
    assert s.life[1] == 15


def test_gravity_everyone_drops_items_and_nothing_is_picked_up() -> None:
    """Gravity: "global: everyone drops items; no pickups" while it lasts: no item, no
    treasure picked up, and no item put into play (it would fall at once)."""
    gr, dg, bs, ss = card("Gravity"), card("Dagger"), card("Brainstone"), card("Speedstone")
    s = at(hands={0: [gr, card("Master Key")], 1: [card("Zot!"), card("Fireball")]},
           at={1: "h3"}, carried={0: [ss], 1: [dg, bs]})
    ev, s = act(s, E.Cast(player=0, card=gr, target="*"), dice=[1])
    assert s.carried == ((), ()) and sorted(s.objects) == sorted(
        [(ss, sq("c3")), (dg, sq("h3")), (bs, sq("h3"))])
    assert s.hands[1] == () and speed(s, 0) == 3 and "discarded" in kinds(ev)
    assert reason(s, E.PickUp(player=0, what=f"c{ss}")) == "pick-up/gravity"
    assert reason(s, E.Cast(player=0, card=card("Master Key"), target="s")) == "cast/gravity"
    t = replace(s, treasures=(sq("c3"), *s.treasures[1:]))
    assert reason(t, E.PickUp(player=0, what="t0")) == "pick-up/gravity"


def test_pass_through_wall_goes_through_one_wall_beside_you() -> None:
    """Pass Through Wall: the caster goes through a wall on a side of his square (a spell
    move: a stunned wizard who attacked may not)."""
    ptw = card("Pass Through Wall")
    s = at(hands={0: [ptw]}, at={0: "b3"})
    wall = edge("b3", "n")
    assert s.edges[wall] == "#"
    targets = {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == ptw}
    assert f"e{wall}" in targets and all(s.edges[int(t[1:])] in B.WALL_KINDS for t in targets)
    _, s = act(s, E.Cast(player=0, card=ptw, target=f"e{wall}"))
    assert s.pos[0] == sq("b2") and s.mp == 3
    s = at(hands={0: [ptw]}, at={0: "b3"}, stunned=True, attacked=True)
    assert reason(s, E.Cast(player=0, card=ptw, target=f"e{wall}")) == "move/stunned"


def test_seal_door_opens_for_nobody() -> None:
    """Seal Door: the door is sealed: not for its own sector's wizard, nor Pick Lock, nor a
    Master Key; three cracks still break it, and Dispel unseals it."""
    sd, pl, mk = card("Seal Door"), card("Pick Lock"), card("Master Key")
    door = edge("c3", "n")
    s = at(hands={0: [sd, pl]}, carried={0: [mk]})
    assert E.Move(player=0, dir="n") in RULES.legal(s, 0)
    ev, s = act(s, E.Cast(player=0, card=sd, target=f"e{door}"))
    assert s.edges[door] == "S" and "door-sealed" in kinds(ev)
    assert reason(s, E.Move(player=0, dir="n")) == "move/blocked"
    picks = {a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == pl}
    assert f"e{door}" not in picks and picks == {f"e{edge('c3', 'w')}"}
    assert "-S-" in RULES.render(s) and "sealed door" in RULES.svg(s)
    dis = card("Dispel")
    t = replace(s, hands=((dis,), ()), deck=tuple(c for c in s.deck if c != dis))
    _, t = act(t, E.Cast(player=0, card=dis, target=f"c{sd}"))
    assert t.edges[door] == "D" and t.spells == ()
    fb = card("Fireball")
    t = replace(s, hands=((fb,), ()), cracks=tuple(2 if e == door else 0 for e in
                                                    range(len(s.cracks))),
                deck=tuple(c for c in s.deck if c != fb))
    _, t = act(t, E.Cast(player=0, card=fb, target=f"e{door}"))
    assert t.edges[door] == "." and t.spells == () and sd in t.discard


def test_master_key_opens_any_door() -> None:
    """Master Key: "unlock any door": its carrier walks through enemy doors."""
    mk = card("Master Key")
    s = at(at={0: "g2"})
    assert reason(s, E.Move(player=0, dir="e")) == "move/blocked"
    s = at(at={0: "g2"}, carried={0: [mk]})
    _, s = act(s, E.Move(player=0, dir="e"))
    assert s.pos[0] == sq("h2")


def test_wizardblade_damage_equal_to_the_energy_of_a_discarded_card() -> None:
    """Wizardblade: "discard a card to do damage equal to its energy" - an attack on a
    wizard in reach, the card discarded with it."""
    wb, e6 = card("Wizardblade"), card("Energy 6")
    s = at(hands={0: [e6]}, carried={0: [wb]}, at={1: "d3"})
    strike = E.Punch(player=0, target=1, weapon=wb, energy=e6)
    assert strike in RULES.legal(s, 0)
    assert E.Punch(player=0, target=1, weapon=wb) not in RULES.legal(s, 0)
    _, s = act(s, strike, settle=False)
    assert s.pending is not None and s.pending.kind == "weapon" and e6 in s.discard
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 9 and s.carried[0] == (wb,)


def test_dagger_is_a_weapon_three_physical_in_reach() -> None:
    """Dagger: "weapon": an attack for 3 physical on a wizard in the same or the next
    square; it is the turn's attack, and a Fire Cloak burns punchers, not blades."""
    dg, fc = card("Dagger"), card("Fire Cloak")
    s = at(carried={0: [dg]}, at={1: "d3"}, spells=(Spell(fc, 1, "w1", 2),))
    _, s = act(s, E.Punch(player=0, target=1, weapon=dg), settle=False)
    _, s = act(s, E.Allow(player=1))
    assert s.life == (15, 12) and s.attacked and s.carried[0] == (dg,)
    assert reason(s, E.Punch(player=0, target=1)) == "attack/used"
    far = at(carried={0: [dg]}, at={1: "h3"})
    assert reason(far, E.Punch(player=0, target=1, weapon=dg)) == "punch/out-of-reach"


def test_a_weapon_not_carried_is_refused() -> None:
    s = at(at={1: "d3"}, hands={0: [card("Dagger")]})
    assert reason(s, E.Punch(player=0, target=1, weapon=card("Dagger"))) == "punch/weapon"


# ---------------------------------------------------------------- with the other schools


@pytest.mark.parametrize("name", ["Slow Death", "Invisible", "Gravity", "Seal Door"])
def test_dispel_ends_each_lasting_thaumaturgy_spell(name: str) -> None:
    """Dispel "ends one non-instant spell": each of Thaumaturgy's that stays in play."""
    c, dis = card(name), card("Dispel")
    target = {"Slow Death": "w0", "Invisible": "w1", "Gravity": "*",
              "Seal Door": f"e{edge('c3', 'n')}"}[name]
    tokens = 0 if CARD[c].duration == "permanent" else 2
    edges = B.geometry(2).initial_edges
    if name == "Seal Door":
        edges = tuple("S" if i == edge("c3", "n") else k for i, k in enumerate(edges))
    s = at(hands={0: [dis]}, spells=(Spell(c, 1, target, tokens),), edges=edges)
    _, s = act(s, E.Cast(player=0, card=dis, target=f"c{c}"))
    assert s.spells == () and c in s.discard and s.edges == B.geometry(2).initial_edges


@pytest.mark.parametrize("name", ["Yoink!", "Gravity", "Seal Door", "Pass Through Wall",
                                  "Invisible"])
def test_negate_neutral_cancels_thaumaturgys_neutral_spells(name: str) -> None:
    c, nn = card(name), card("Negate Neutral")
    s = at(hands={0: [c], 1: [nn]}, at={1: "d3"}, carried={1: [card("Dagger")]})
    cast = next(a for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == c)
    _, s = act(s, cast, settle=False)
    ev, s = act(s, E.Counter(player=1, card=nn), settle=False)
    assert kinds(ev) == ["counter", "counter-window"]
    ev, s = act(s, E.Allow(player=0), settle=False)
    assert kinds(ev) == ["allow", "cancelled"] and s.spells == () and s.pos[0] == sq("c3")
    assert s.carried[1] == (card("Dagger"),) and c in s.discard


def test_wall_of_earth_stops_slow_death() -> None:
    """The rulebook: "Slow Death would be canceled since it requires line of sight"."""
    sd, we = card("Slow Death"), card("Wall of Earth")
    s = at(hands={0: [sd], 1: [we]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=sd, target="w1"), settle=False)
    _, s = act(s, E.Counter(player=1, card=we), settle=False)
    _, s = act(s, E.Allow(player=0), settle=False)
    assert s.spells == () and s.pending is None


def test_waiting_counters_and_weapon_attacks_are_positions() -> None:
    """A counter spell waiting for its answer (one that would stay in play is in flight)
    and a weapon's attack waiting for counters read back from the notation; a waiting
    counter that does not fit is refused."""
    fb, inv, e4 = card("Fireball"), card("Invisible"), card("Energy 4")
    s = hit_with_fireball(at(hands={0: [fb], 1: [inv, e4]}, at={1: "h3"}))
    _, s = act(s, E.Counter(player=1, card=inv, energy=e4), settle=False)
    assert s.pending is not None and s.pending.counter is not None
    text = N.notation(s)
    assert "counter:1." in text and N.parse(text, TH, s.names) == s
    for seat in (0, 1):
        view = RULES.view(s, seat)
        assert N.parse(N.notation(view), TH, s.names) == view
    wrong = replace(s, pending=replace(s.pending, counter=E.Counter(player=0, card=inv)))
    with pytest.raises(IllegalAction):
        N.parse(N.notation(wrong), TH, s.names)
    first = position(hands={0: [fb], 1: [card("Full Shield")]}, at={1: "h3"})
    first = hit_with_fireball(first)
    assert first.pending is not None
    alone = replace(first, pending=replace(first.pending, counter=E.Counter(
        player=1, card=card("Full Shield"))), hands=((), ()),
        discard=(*first.discard, card("Full Shield")))
    with pytest.raises(IllegalAction):  # no Anti-Anti in the first game's deck
        N.parse(N.notation(alone), Options(), first.names)
    dg = card("Dagger")
    s = at(carried={0: [dg]}, at={1: "d3"})
    _, s = act(s, E.Punch(player=0, target=1, weapon=dg), settle=False)
    assert s.pending is not None and s.pending.kind == "weapon"
    assert N.parse(N.notation(s), TH, s.names) == s


# ---------------------------------------------------------------- coverage


def test_every_card_of_every_playable_school_is_named_in_a_test() -> None:
    """Each card of White Cantrip, Black Cantrip (the Custom Spellbook's) and each playable
    school appears in the Wiz-War tests."""
    text = "\n".join(p.read_text() for p in TESTS.glob("test_*.py"))
    for school in (*T.CANTRIPS, *B.PLAYABLE):
        for name, _ in T.SCHOOLS[school]:
            assert re.search(re.escape(name), text), f"{name} ({school}) is in no test"
