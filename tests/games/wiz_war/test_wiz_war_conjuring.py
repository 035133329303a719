"""Wiz-War's Conjuring: one test per card effect (docstrings give the card fact; our
wording of each effect and the rulings are in docs/games/wiz-war.md), the way its cards
meet the others', and the Booby Trap's hidden tokens."""

from __future__ import annotations

import random

import msgspec
import pytest
from msgspec.structs import replace
from wizwar import act, card, edge, kinds, position, reason, sq

from grimoire.core.rules import draw
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import notation as N
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.cards import EFFECTS, effect_of
from grimoire.games.wiz_war.state import Options, Spell, State

CJ = Options(schools="conjuring,elemental,thaumaturgy")
"""A game with Conjuring (and Elemental and Thaumaturgy, whose cards some tests meet)."""


def cj(copy: str, k: int = 0) -> int:
    """Conjuring's own ``k``-th copy of a card."""
    return [c for c in B.SCHOOL_CARDS["conjuring"] if DECK[c] == copy][k]


def at(**fields: object) -> State:
    """A Move and Cast position for seat 0 in a game with Conjuring."""
    return position(options=CJ, **fields)  # type: ignore[arg-type]


def on(name: str, square: str, caster: int = 1) -> Spell:
    """Conjuring's copy of the creation ``name`` standing on ``square``."""
    return Spell(cj(name), caster, f"q{sq(square)}", 0)


# ---------------------------------------------------------------- the school as data


def test_conjuring_is_24_cards_as_the_card_facts_count_them() -> None:
    """Conjuring (24): Energy 4 x2, Energy 5, Negate Neutral, Shield x2, Wall of Earth, Fire
    Darts, Around the Corner, Create Wall, Dispel, Ward, Ka-Bong! x2, Swap, Booby Trap,
    Create Door (EV2), Dust Cloud, Glue (EV3), Rosebush x2, Thornbush x2, Handful of
    Tacks (EV3)."""
    names = [DECK[c] for c in B.SCHOOL_CARDS["conjuring"]]
    assert len(names) == 24
    counts = {n: names.count(n) for n in set(names)}
    assert all(counts[n] == 2 for n in ("Energy 4", "Shield", "Ka-Bong!", "Rosebush",
                                        "Thornbush"))
    ev = {name: T.CARDS[name].energy for name in names}
    assert (ev["Create Door"], ev["Glue"], ev["Handful of Tacks"]) == (2, 3, 3)
    assert T.CARDS["Ka-Bong!"].kind == "attack" and T.CARDS["Booby Trap"].kind == "neutral"
    for name in set(names):
        assert T.CARDS[name].effect in EFFECTS
    assert "conjuring" in B.PLAYABLE and B.PLAYABLE.index("conjuring") > B.PLAYABLE.index(
        "thaumaturgy"), "Conjuring is numbered after Thaumaturgy"


@pytest.mark.parametrize("copy", ["Energy 4", "Energy 5", "Negate Neutral", "Shield",
                                  "Wall of Earth", "Fire Darts", "Around the Corner",
                                  "Create Wall", "Dispel", "Dust Cloud"])
def test_conjurings_copies_of_other_cards_play_as_those_cards(copy: str) -> None:
    c = cj(copy)
    assert CARD[c] is T.CARDS[copy] and effect_of(c) is effect_of(card(copy))
    assert c in B.deck_for(("conjuring", "elemental", "thaumaturgy"))


def test_the_conjuring_dust_cloud_sends_a_wizard_off_in_a_random_direction() -> None:
    """Dust Cloud: "blocks line of sight; leaving goes in a random direction"."""
    s = at(spells=(on("Dust Cloud", "c3"),))
    assert [a.dir for a in RULES.legal(s, 0) if isinstance(a, E.Move)] == ["r"]


# ---------------------------------------------------------------- Ward


def test_ward_hurts_a_wizard_taking_your_treasure_and_he_drops_it_on_1_or_2() -> None:
    """Ward: "3 magical damage to a wizard picking up your treasure; on 1-2 he drops it"."""
    wd = cj("Ward")
    s = at(hands={0: [wd]})
    _, s = act(s, E.Cast(player=0, card=wd, target="s"))
    assert s.spells == (Spell(wd, 0, "w0", 0),)
    guarded = replace(s, active=1, pos=(s.pos[0], sq("e5")))
    ev, after = act(guarded, E.PickUp(player=1, what="t1"), dice=[2])
    assert after.life[1] == 12 and after.bearer[1] == -1 and after.treasures[1] == sq("e5")
    assert "dropped" in kinds(ev)
    _, after = act(guarded, E.PickUp(player=1, what="t1"), dice=[3])
    assert after.life[1] == 12 and after.bearer[1] == 1
    mine = replace(s, pos=(sq("e5"), s.pos[1]))  # its caster takes his own in peace
    _, after = act(mine, E.PickUp(player=0, what="t1"))
    assert after.life[0] == 15 and after.bearer[1] == 0


# ---------------------------------------------------------------- Ka-Bong!


def test_ka_bong_four_physical_and_a_stun_token() -> None:
    """Ka-Bong!: "A: 4 physical, stun 1"; no stun when nothing gets through."""
    kb = cj("Ka-Bong!")
    s = at(hands={0: [kb]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=kb, target="w1"), settle=False)
    assert s.pending is not None and s.pending.dtype == "physical" and s.pending.damage == 4
    ev, s = act(s, E.Allow(player=1))
    assert s.life[1] == 11 and s.stun[1] == 1 and "stun-added" in kinds(ev)
    golem = card("Golem Form")  # 2 less: 2 get through, still stunned
    s = position(hands={0: [kb]}, at={1: "h3"}, spells=(Spell(golem, 1, "w1", 0),),
                 options=Options(schools="conjuring,elemental,thaumaturgy",
                                 extra_cards=("Golem Form",)))
    _, s = act(s, E.Cast(player=0, card=kb, target="w1"), settle=False)
    _, s = act(s, E.Allow(player=1))
    assert s.life[1] == 13 and s.stun[1] == 1


# ---------------------------------------------------------------- Swap


def test_swap_changes_places_and_the_caster_moves_no_more() -> None:
    """Swap: "swap places with a wizard; no more movement"; a carried treasure goes with
    its bearer."""
    sw = cj("Swap")
    s = at(hands={0: [sw, card("Energy 4")]}, at={1: "h3"},
           treasures=(-1, *at().treasures[1:]), bearer=(1, -1, -1, -1))
    ev, s = act(s, E.Cast(player=0, card=sw, target="w1"))
    assert "swapped" in kinds(ev)
    assert s.pos == (sq("h3"), sq("c3")) and s.bearer[0] == 1 and s.mp == 0
    legal = RULES.legal(s, 0)
    assert not any(isinstance(a, (E.Move, E.Boost)) for a in legal)


# ---------------------------------------------------------------- Booby Trap


def laid(real: str = "f3") -> State:
    """Red's Booby Trap with tokens on e3 and f3 (the real one on ``real``); blue, on g3,
    is to move."""
    bt = cj("Booby Trap")
    return at(active=1, at={1: "g3"}, spells=(Spell(bt, 0, "traps", 0),),
              traps=((bt, sq("e3"), int(real == "e3")), (bt, sq("f3"), int(real == "f3"))))


def test_booby_trap_lays_four_face_down_tokens_one_of_them_real() -> None:
    """Booby Trap: "4 face-down trap tokens; a trap does 4 magical": with
    ``booby_trap_dice`` (ruleset 2's reading) the first on the square aimed at, three more
    drawn among the empty squares seen, the real one drawn by a die only the caster is
    told."""
    bt = cj("Booby Trap")
    s = position(options=Options(schools="conjuring,elemental,thaumaturgy",
                                 booby_trap_dice=True), hands={0: [bt]}, at={1: "h3"})
    ev, s = act(s, E.Cast(player=0, card=bt, target=f"q{sq('e3')}"), dice=[1, 1, 1, 2])
    laid_ = next(e for e in ev if isinstance(e, E.TrapsLaid))
    assert len(laid_.squares) == T.TRAP_TOKENS and laid_.squares[0] == sq("e3")
    assert laid_.real == laid_.squares[1] and len(set(laid_.squares)) == 4
    assert [r for _, _, r in s.traps] == [0, 1, 0, 0]
    secret = next(e for e in ev if getattr(e, "purpose", "") == "booby-trap")
    assert RULES.redact(secret, 1).values == () and RULES.redact(secret, 0) == secret
    assert RULES.redact(laid_, 1).real == -1 and RULES.redact(laid_, 0) == laid_
    assert {r for _, _, r in RULES.view(s, 1).traps} == {-1}
    assert RULES.view(s, 0).traps == s.traps


def test_booby_trap_the_real_token_does_four_magical_and_ends_the_spell() -> None:
    s = laid("f3")
    ev, s = act(s, E.Move(player=1, dir="w"))
    assert kinds(ev)[-3:] == ["trap-sprung", "damage", "spell-ends"]
    assert s.life[1] == 11 and s.traps == () and s.spells == ()


def test_booby_trap_a_dud_is_taken_away_and_the_caster_passes_his_own() -> None:
    s = laid("e3")
    ev, s = act(s, E.Move(player=1, dir="w"))
    assert kinds(ev)[-1] == "trap-sprung" and s.life[1] == 15
    assert [q for _, q, _ in s.traps] == [sq("e3")]
    mine = laid("e3")
    mine = replace(mine, active=0, pos=(sq("d3"), mine.pos[1]))
    _, mine = act(mine, E.Move(player=0, dir="e"))
    assert mine.life[0] == 15 and len(mine.traps) == 2


def test_booby_trap_no_view_picture_text_or_notation_tells_which_token_is_real() -> None:
    """Hidden information: blue's view, text board, picture and notation are the same
    whichever token is real; red (its caster) is told."""
    a, b = laid("e3"), laid("f3")
    for p in (1,):
        va, vb = RULES.view(a, p), RULES.view(b, p)
        assert va == vb and RULES.render(va, p) == RULES.render(vb, p)
        assert draw(RULES, va, p) == draw(RULES, vb, p)
        assert N.notation(va) == N.notation(vb) and ":?" in N.notation(va)
        assert RULES.render(a, p) == RULES.render(b, p), "the truth rendered for blue hides it"
    assert RULES.view(a, 0) != RULES.view(b, 0)
    assert "your real Booby Trap token: e3" in RULES.render(RULES.view(a, 0), 0)
    for k in range(4):  # a disguise for blue draws the real token anew, blind
        world = RULES.disguise(a, 1, random.Random(k))
        assert world == RULES.disguise(RULES.view(a, 1), 1, random.Random(k))
        assert sorted(r for _, _, r in world.traps) == [0, 1]
    for s in (a, b, RULES.view(a, 1)):
        assert N.parse(N.notation(s), CJ, s.names) == s


# ---------------------------------------------------------------- Create Door


def test_create_door_opens_for_its_caster_only() -> None:
    """Create Door: "EV2: locked for others": a door ``C`` on an open border; red walks
    through, blue does not; Dispel ends it and the border is open again."""
    cd, dis = cj("Create Door"), cj("Dispel")
    e = edge("c3", "e")
    s = at(hands={0: [cd, dis]})
    ev, s = act(s, E.Cast(player=0, card=cd, target=f"e{e}"))
    assert "door-created" in kinds(ev) and s.edges[e] == "C"
    assert E.Move(player=0, dir="e") in RULES.legal(s, 0)
    blue = replace(s, active=1, pos=(sq("b3"), sq("d3")))
    assert E.Move(player=1, dir="w") not in RULES.legal(blue, 1)
    assert reason(blue, E.Move(player=1, dir="w")) == "move/blocked"
    _, s = act(s, E.Cast(player=0, card=dis, target=f"c{cd}"))
    assert s.edges[e] == "." and s.spells == ()


def test_a_created_door_is_a_door_three_cracks_and_pick_lock_opens_it() -> None:
    cd, pl = cj("Create Door"), card("Pick Lock")
    e = edge("c3", "e")
    edges = tuple("C" if i == e else k for i, k in enumerate(B.geometry(2).initial_edges))
    s = at(active=1, at={1: "d3"}, hands={1: [pl]}, spells=(Spell(cd, 0, f"e{e}", 0),),
           edges=edges)
    _, s = act(s, E.Cast(player=1, card=pl, target=f"e{e}"))
    assert E.Move(player=1, dir="w") in RULES.legal(s, 1)
    assert N.parse(N.notation(s), CJ, s.names) == s


# ---------------------------------------------------------------- Glue


def test_glue_holds_a_treasure_where_it_lies() -> None:
    """Glue: "EV3: an object or treasure cannot move": nobody picks it up."""
    gl = cj("Glue")
    s = at(hands={0: [gl]}, at={0: "e4"})
    casts = [a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == gl]
    assert "t1" in casts
    _, s = act(s, E.Cast(player=0, card=gl, target="t1"))
    assert s.spells == (Spell(gl, 0, "t1", 0),)
    s = replace(s, pos=(sq("e5"), s.pos[1]))
    assert not any(isinstance(a, E.PickUp) for a in RULES.legal(s, 0))
    assert reason(s, E.PickUp(player=0, what="t1")) == "pick-up/not-here"


def test_glue_holds_a_dropped_item_and_goes_when_it_is_dissolved() -> None:
    gl, rock, us = cj("Glue"), card("Large Rock"), card("Universal Solvent")
    s = position(options=Options(schools="alchemy,conjuring,elemental"),
                 objects=((rock, sq("c3")),), spells=(Spell(gl, 1, f"c{rock}", 0),),
                 carried={0: [us]})
    assert not any(isinstance(a, E.PickUp) for a in RULES.legal(s, 0))
    _, s = act(s, E.Use(player=0, card=us, target=f"c{rock}"))
    assert s.objects == () and s.spells == () and gl in s.discard


# ---------------------------------------------------------------- the bushes and the tacks


def test_rosebush_entering_costs_three_physical() -> None:
    """Rosebush: "entering costs 3 physical" (not an attack; the bush stays)."""
    rb = cj("Rosebush")
    s = at(hands={0: [rb]})
    _, s = act(s, E.Cast(player=0, card=rb, target=f"q{sq('d3')}"))
    assert s.spells == (Spell(rb, 0, f"q{sq('d3')}", 0),)
    ev, s = act(s, E.Move(player=0, dir="e"))
    assert s.life[0] == 12 and s.stun[0] == 0 and s.phase == "move" and len(s.spells) == 1
    assert [e.by for e in ev if isinstance(e, E.Damage)] == [-1]


def test_thornbush_entering_ends_the_turn_one_physical_and_a_stun() -> None:
    """Thornbush: "entering ends the turn, 1 physical, stun 1"."""
    s = at(spells=(on("Thornbush", "d3"),))
    ev, s = act(s, E.Move(player=0, dir="e"))
    assert kinds(ev)[-3:] == ["damage", "stun-added", "halted"]
    assert s.life[0] == 14 and s.stun[0] == 1 and s.phase == "draw" and s.mp == 0


def test_handful_of_tacks_entering_costs_three_and_water_washes_them_away() -> None:
    """Handful of Tacks: "EV3: entering costs 3 physical; water destroys them": a Flood
    ends them, and so does a Waterbolt striking a wizard standing on them."""
    tacks = on("Handful of Tacks", "d3")
    s = at(spells=(tacks,))
    _, s = act(s, E.Move(player=0, dir="e"))
    assert s.life[0] == 12
    fl = card("Flood")
    s = at(hands={0: [fl]}, spells=(tacks,))
    _, s = act(s, E.Cast(player=0, card=fl, target="*"))
    assert [DECK[sp.card] for sp in s.spells] == ["Flood"]
    wb = card("Waterbolt")
    s = at(hands={0: [wb]}, at={1: "d3"}, spells=(tacks,))
    _, s = act(s, E.Cast(player=0, card=wb, target="w1", mode="1"), settle=False)
    _, s = act(s, E.Allow(player=1))
    assert s.spells == () and s.life[1] == 14


def test_a_wizard_pushed_or_flying_through_thorns_is_hurt_by_each() -> None:
    """Entering by a spell's move along a path counts (Windrider flies over two bushes);
    a jump (Teleport, Swap) does not."""
    wr, e4 = card("Windrider"), cj("Energy 4")
    bushes = (on("Rosebush", "d3"), Spell(cj("Rosebush", 1), 1, f"q{sq('e3')}", 0))
    s = at(hands={0: [wr, e4]}, spells=bushes, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=wr, target="s", mode="e3", energy=e4))
    assert s.pos[0] == sq("f3") and s.life[0] == 9
    tp = card("Teleport")
    s = position(options=Options(schools="conjuring,mentalism,thaumaturgy"),
                 hands={0: [tp]}, spells=bushes[:1], at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=tp, target=f"q{sq('d3')}"))
    assert s.pos[0] == sq("d3") and s.life[0] == 15


def test_thorns_are_objects_nothing_is_created_on_them() -> None:
    rb = cj("Rosebush")
    s = at(hands={0: [rb]}, spells=(on("Thornbush", "d3"),))
    casts = [a.target for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == rb]
    assert casts and f"q{sq('d3')}" not in casts and f"q{sq('c3')}" not in casts


# ---------------------------------------------------------------- with the other schools


@pytest.mark.parametrize("name", ["Ward", "Booby Trap", "Create Door", "Glue", "Rosebush",
                                  "Thornbush", "Handful of Tacks", "Dust Cloud"])
def test_dispel_ends_each_lasting_conjuring_spell_and_what_it_holds(name: str) -> None:
    """Dispel "ends one non-instant spell and the spells affecting it": the door goes, the
    tokens go, the glued treasure may be picked up again."""
    c, dis = cj(name), cj("Dispel")
    e = edge("d3", "e")
    target = {"Ward": "w1", "Booby Trap": "traps", "Create Door": f"e{e}",
              "Glue": "t1"}.get(name, f"q{sq('e3')}")
    fields: dict[str, object] = {}
    if name == "Create Door":
        fields["edges"] = tuple("C" if i == e else k
                                for i, k in enumerate(B.geometry(2).initial_edges))
    if name == "Booby Trap":
        fields["traps"] = ((c, sq("e3"), 1), (c, sq("f3"), 0))
    s = at(hands={0: [dis]}, spells=(Spell(c, 1, target, 0),), **fields)
    _, s = act(s, E.Cast(player=0, card=dis, target=f"c{c}"))
    assert s.spells == () and s.traps == () and c in s.discard
    assert s.edges == B.geometry(2).initial_edges


@pytest.mark.parametrize("name", ["Ward", "Swap", "Booby Trap", "Create Door", "Glue",
                                  "Rosebush", "Thornbush", "Handful of Tacks"])
def test_negate_neutral_cancels_conjurings_neutral_spells(name: str) -> None:
    c, nn = cj(name), cj("Negate Neutral")
    here = "e4" if name == "Glue" else "c3"
    s = at(hands={0: [c, card("Energy 4")], 1: [nn]}, at={0: here, 1: "h3"})
    cast = next(a for a in RULES.legal(s, 0) if isinstance(a, E.Cast) and a.card == c)
    _, s = act(s, cast, settle=False)
    _ev, s = act(s, E.Counter(player=1, card=nn), settle=False)
    _, s = act(s, E.Allow(player=0), settle=False)
    assert s.spells == () and s.traps == () and c in s.discard and s.pending is None
    assert s.pos == (sq(here), sq("h3")) and s.edges == B.geometry(2).initial_edges


def test_wall_of_earth_and_full_shield_meet_ka_bong() -> None:
    """Ka-Bong! is an attack spell from another square: a Wall of Earth stops it."""
    kb, we = cj("Ka-Bong!"), cj("Wall of Earth")
    s = at(hands={0: [kb], 1: [we]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=kb, target="w1"), settle=False)
    _, s = act(s, E.Counter(player=1, card=we), settle=False)
    _, s = act(s, E.Allow(player=0), settle=False)
    assert s.life[1] == 15 and s.stun[1] == 0 and s.pending is None


def test_conjuring_positions_round_trip_through_the_notation() -> None:
    cd = cj("Create Door")
    e = edge("c3", "e")
    edges = tuple("C" if i == e else k for i, k in enumerate(B.geometry(2).initial_edges))
    s = at(spells=(Spell(cd, 0, f"e{e}", 0), on("Rosebush", "d3"),
                   Spell(cj("Glue"), 1, "t1", 0)), edges=edges)
    assert N.parse(N.notation(s), CJ, s.names) == s
    bad = replace(s, spells=s.spells[1:], discard=(cd,))  # a door no spell holds
    with pytest.raises(Exception, match="created wall"):
        N.parse(N.notation(bad), CJ, s.names)
    broken = replace(laid(), traps=((cj("Booby Trap"), sq("e3"), 1),
                                    (cj("Booby Trap"), sq("f3"), 1)))
    with pytest.raises(Exception, match="real trap"):
        N.parse(N.notation(broken), CJ, broken.names)
    assert msgspec.json.decode(msgspec.json.encode(s), type=State) == s
