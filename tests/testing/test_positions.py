"""grimoire.testing.positions: every game's position builder, reached through the registry,
builds the position its facts describe, refuses a fact that names nothing with a reason
(never a traceback from deep inside), and the rules apply to what it builds (act,
refusal), so a rule designer's edge-case test is a few lines."""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest

from games import SHIPPED, missing
from grimoire.core import registry
from grimoire.core.errors import GrimoireError, IllegalAction, UsageError
from grimoire.core.events import Roll
from grimoire.core.rules import Game
from grimoire.games.magery import board as MB
from grimoire.games.magery.events import Move as MageryMove
from grimoire.games.magery.events import Remove
from grimoire.games.swords_wizardry import board as SB
from grimoire.games.swords_wizardry.events import Bombard, Eliminate
from grimoire.games.vicious_circle import board as VB
from grimoire.games.vicious_circle.events import Capture
from grimoire.games.vicious_circle.events import Move as CircleMove
from grimoire.games.wiz_war import events as WE
from grimoire.games.wiz_war.positions import card, square
from grimoire.games.wizard_armies.events import Muster, Strike
from grimoire.testing import act, facts, kinds, position, refusal, scenario

BUILTIN = SHIPPED  # each shipped game's positions.py (a game from elsewhere may have none)


def notation(game: str, state: Any) -> str:
    return str(registry.get(game).notation(state))


# ------------------------------------------------------------------ the builders


@pytest.mark.parametrize("game", BUILTIN)
def test_every_game_has_a_builder_that_documents_its_facts(game: str) -> None:
    build = facts(game)
    module = import_module(f"grimoire.games.{game.replace('-', '_')}.positions")
    assert build is module.position, "the game folder's positions.position"
    assert build.__doc__ and ">>>" in build.__doc__, "its facts, with an example"
    assert facts(registry.get(game)) is build, "a game's rules are taken as well as its name"


FEW: dict[str, dict[str, Any]] = {
    "vicious-circle": {"pieces": {"c5": "S", "b2": "p"}, "to_move": 1},
    "swords-wizardry": {"pieces": {"a10": "S", "j1": "s"}},
    "magery": {"pieces": {"a1": "D", "h8": "u"}},
    "wizard-armies": {},
    "wiz-war": {},
}


def test_every_game_has_a_few_facts_here() -> None:
    assert not (lack := missing(FEW, BUILTIN, "FEW (tests/testing/test_positions.py)")), lack
    stale = sorted(set(FEW) - set(registry.names()))
    assert not stale, f"FEW names {stale}, which no package registers: remove them"


@pytest.mark.parametrize("game", BUILTIN)
def test_a_few_facts_make_a_position_the_games_notation_reads_back(game: str) -> None:
    rules = registry.get(game)
    s = position(game, **FEW[game])
    assert isinstance(s, rules.State)
    again = rules.parse(rules.notation(s), rules.Options(), rules.default_players)
    assert rules.notation(again) == rules.notation(s)


def test_vicious_circle_pieces_reserves_and_the_seat_to_move() -> None:
    s = position("vicious-circle", {"c5": "S", "b2": "p"}, reserves=("WD", "wd"), to_move=1)
    assert s.board[VB.INDEX["c5"]] == "S" and s.board[VB.INDEX["b2"]] == "p"
    assert sum(ch != "." for ch in s.board) == 2
    assert s.reserves == ("WD", "wd") and s.turn == 1
    assert notation("vicious-circle", s) == "2S2/5/5/1p3/5 WD/wd t -,- 0"


def test_vicious_circle_last_moves_are_facts_and_a_pass_no_game_makes_is_refused() -> None:
    """The builder reads its facts through the notation: "a seat passes only when it has
    no action", so a pass by Twilight, who has six moves, is no position."""
    s = position("vicious-circle", {"c5": "S", "b2": "p"}, to_move=1, last=("c4c5", ""))
    assert notation("vicious-circle", s).endswith(" t c4c5,- 0")
    with pytest.raises(IllegalAction, match="Twilight passed, but has 6 actions here"):
        position("vicious-circle", {"c5": "S", "b2": "p"}, last=("c4c5", ""), passes=1)


def test_swords_wizardry_pieces_shown_pinned_and_quiet() -> None:
    s = position("swords-wizardry", {"c7": "K*", "c4": "p", "a10": "S"}, to_move=1,
                 quiet=3)
    assert s.board[SB.INDEX["c7"]] == "K" and s.revealed[SB.INDEX["c7"]]
    assert s.board[SB.INDEX["c4"]] == "p" and not s.revealed[SB.INDEX["c4"]]
    assert s.turn == 1 and s.quiet == 3
    assert notation("swords-wizardry", s).endswith(" b - - 3")


def test_magery_pieces_tower_and_any_field_of_the_notation() -> None:
    s = position("magery", {"a1": "D", "h8": "u"}, {1: "D", 12: "u"}, phase="action")
    assert s.arena[MB.SQUARE_INDEX["a1"]] == "D" and s.arena[MB.SQUARE_INDEX["h8"]] == "u"
    assert s.tower[0] == "D" and s.tower[11] == "u" and s.phase == "action"


def test_magery_three_dead_of_a_type_is_over() -> None:
    """"Capture 3 Greater Minions of 1 type": the builder reads ``dead`` as the notation."""
    assert position("magery", {"a8": "U", "h1": "u"}, dead="-/ccc").result == \
        "three-of-a-type"


def test_wizard_armies_the_states_fields_by_name() -> None:
    s = position("wizard-armies", phase="battle", troops=(8, 6), mustered=(True, True),
                 deployed=(4, 4), field=((6, 6, 2, 2), (6, 5, 4, 3)), turn=1, init=(3, 4))
    assert (s.phase, s.troops, s.field, s.turn) == \
        ("battle", (8, 6), ((6, 6, 2, 2), (6, 5, 4, 3)), 1)
    assert notation("wizard-armies", s) == "b 1 8,6 11 4,4 6622/6543 1 - 0,0 3,4 -"


def test_wiz_war_cards_by_name_leave_the_deck_and_wizards_stand_where_told() -> None:
    s = position("wiz-war", hands={0: ["Fireball", "Fireball"]}, carried={1: ["Lifestone"]},
                 at={1: "h3"})
    assert s.hands[0] == (card("Fireball"), card("Fireball", 1))
    assert s.carried[1] == (card("Lifestone"),)
    assert not {card("Fireball"), card("Fireball", 1), card("Lifestone")} & set(s.deck)
    assert s.pos[1] == square("h3") and (s.phase, s.active, s.mp) == ("move", 0, 3)


def test_wiz_war_three_and_four_players_and_other_fields_as_given() -> None:
    s = position("wiz-war", players=4, at={3: "a1"}, life=(15, 15, 15, 2))
    assert s.players == 4 and s.pos[3] == square("a1", 4) and s.life == (15, 15, 15, 2)


# ------------------------------------------------------------------ facts that name nothing


REFUSED = [
    # (game, positional facts, named facts, what the detail echoes)
    ("vicious-circle", ({"f1": "S"},), {}, "no square 'f1' on a 5x5 board"),
    ("vicious-circle", ({"c3": "X"},), {}, "unknown creature letter 'X'"),
    ("vicious-circle", ({"c3": "D"},), {"to_move": 2}, "to_move=2"),
    ("swords-wizardry", ({"k1": "K"},), {}, "no square 'k1' on a 10x10 board"),
    ("swords-wizardry", ({"a1": "Q"},), {}, "unknown piece letter 'Q'"),
    ("swords-wizardry", ({"a10": "S", "j1": "s"},), {"pinned": (2,)}, "a seat is 0"),
    ("magery", ({"i1": "D"},), {}, "no square 'i1' on a 8x8 board"),
    ("magery", ({"a1": "D"}, {17: "D"}), {}, "no chamber 17"),
    ("magery", ({"a1": "D"},), {"colour": "b"}, "unknown field 'colour=b'"),
    ("wizard-armies", (), {"army": (3, 3)}, "'army=(3, 3)': not a fact of a position"),
    ("wizard-armies", (), {"phase": "siege"}, "the phase is one of muster"),
    ("wizard-armies", (), {"phase": "battle", "troops": (8, 6)},
     "both armies are raised before the battle phase"),
    ("wiz-war", (), {"at": {1: "z9"}}, "'z9': no such square on the 2-player board"),
    ("wiz-war", (), {"at": {2: "a1"}}, "'at[2]': the seats are 0 to 1"),
    ("wiz-war", (), {"hands": {0: ["Fire Ball"]}}, "'Fire Ball': no such card"),
    ("wiz-war", (), {"hands": {0: ["Lifestone", "Lifestone"]}}, "no copy 1"),
    ("wiz-war", (), {"hands": {0: [3], 1: [3]}}, "the card is given twice"),
    ("wiz-war", (), {"hands": {0: [999]}}, "cards are numbered 0 to"),
    ("wiz-war", (), {"players": 5}, "the boards are for 2, 3, 4 players"),
    ("wiz-war", (), {"lives": (1, 1)}, "'lives': no such field"),
]


@pytest.mark.parametrize(("game", "args", "kwargs", "echo"), REFUSED)
def test_a_fact_that_names_nothing_is_refused_with_a_reason(
        game: str, args: tuple[Any, ...], kwargs: dict[str, Any], echo: str) -> None:
    with pytest.raises(IllegalAction) as exc:
        position(game, *args, **kwargs)
    assert exc.value.reason == "position/invalid"
    assert echo in exc.value.detail


@pytest.mark.parametrize("game", BUILTIN)
def test_options_a_game_does_not_have_are_refused_as_match_new_refuses_them(game: str) -> None:
    with pytest.raises(UsageError) as exc:
        position(game, options={"no-such-option": 1})
    assert exc.value.reason == "options/invalid" and "no-such-option" in exc.value.detail


def test_options_are_given_as_the_games_options_or_a_mapping() -> None:
    rules = registry.get("vicious-circle")
    by_name = position("vicious-circle", {"c5": "S", "b2": "p"}, to_move=1,
                       options={"edition": "illustrated"})
    given = position("vicious-circle", {"c5": "S", "b2": "p"}, to_move=1,
                     options=rules.Options(edition="illustrated"))
    assert by_name == given
    assert by_name.throne_defence == "blocks", "the illustrated edition's throne rule"
    assert position("vicious-circle", {"c5": "S", "b2": "p"}, to_move=1).throne_defence == \
        "captures"


def test_a_game_without_a_builder_says_so() -> None:
    from grimoire.games.vicious_circle import events, evolve, notation, render, rules, state
    bare = Game.assemble(
        name="vc-copy", version="1", seats=(2,), default_players=("A", "B"),
        title="A copy", Options=state.Options, State=state.State, Event=events.Event,
        reasons={}, rules=rules, evolve=evolve.evolve, notation=notation, render=render)
    with pytest.raises(UsageError) as exc:
        position(bare)
    assert exc.value.reason == "testing/no-positions" and "vc-copy" in exc.value.detail
    assert isinstance(exc.value, GrimoireError)


# ------------------------------------------------------------------ the rules on a built position


def test_vicious_circle_a_dragon_can_eat_a_saint() -> None:
    """"a Dragon can eat a Saint" (designer): the Saint is captured, out of the game."""
    s = position("vicious-circle", {"c3": "D", "c1": "s"})
    events, after = act("vicious-circle", s, CircleMove(player=0, from_="c3", to="c1"))
    assert kinds(events) == ["move", "capture"]
    assert events[1] == Capture(by=0, owner=1, creature="saint", square="c1")
    assert after.board[VB.INDEX["c1"]] == "D" and after.board[VB.INDEX["c3"]] == "."
    assert "s" not in after.reserves[1]


def test_vicious_circle_a_saint_cannot_eat_a_dragon() -> None:
    """"only Dragons can capture Saints; only Warriors can capture Dragons" (illustrated)."""
    s = position("vicious-circle", {"c2": "S", "c1": "d"})
    assert refusal("vicious-circle", s, CircleMove(player=0, from_="c2", to="c1")) == \
        "move/cannot-capture"


def test_vicious_circle_only_a_child_enters_a_village() -> None:
    """"Squares with terrain ... can only be entered by one type of piece": e3 is a
    Village, a Child's."""
    s = position("vicious-circle", {"c3": "D", "c1": "s"})
    assert refusal("vicious-circle", s, CircleMove(player=0, from_="c3", to="e3")) == \
        "move/restricted-terrain"


def test_swords_wizardry_a_catapult_defeats_a_castle_occupant_from_two_squares() -> None:
    """"An attack by a Siege Catapult on a piece occupying a castle will automatically
    defeat the occupying piece ... whatever its rank or value"; the catapult "remains on
    its own square"."""
    s = position("swords-wizardry", {"b3": "C", "b1": "k", "a10": "S", "j1": "s"})
    events, after = act("swords-wizardry", s, Bombard(player=0, from_="b3", to="b1"))
    assert kinds(events) == ["bombard", "challenge", "eliminate"]
    assert Eliminate(square="b1", owner=1, piece="king") in events
    assert after.board[SB.INDEX["b3"]] == "C" and after.board[SB.INDEX["b1"]] == "."


def test_magery_a_greater_minion_on_its_backrow_cannot_reach_the_enemy_backrow() -> None:
    """"A Greater Minion on its own Backrow cannot in a single move enter a Space on his
    opponents Backrow!" The Undead mage (chamber 9) moves a minion; one square short is
    allowed."""
    s = position("magery", {"a1": "D", "b3": "u", "h5": "u"}, {9: "U"}, phase="action")
    _, s = act("magery", s, Remove(player=0, chamber="9"))
    assert refusal("magery", s, MageryMove(player=0, from_="a1", to="a8")) == "move/backrow"
    events, after = act("magery", s, MageryMove(player=0, from_="a1", to="a7"))
    assert kinds(events)[0] == "move" and after.arena[MB.SQUARE_INDEX["a7"]] == "D"


def test_wizard_armies_a_wizard_beats_a_wizard() -> None:
    """"a Wizard (a natural 6) beats any die, a Wizard included"; the striking die goes
    back to camp and the struck one costs its owner a unit."""
    s = position("wizard-armies", phase="battle", troops=(8, 6), mustered=(True, True),
                 deployed=(4, 4), field=((6, 6, 2, 2), (6, 5, 4, 3)), turn=1, init=(3, 4))
    events, after = act("wizard-armies", s, Strike(player=1, dice=(6,), target=6))
    assert kinds(events) == ["strike"]
    assert after.field == ((6, 2, 2), (5, 4, 3)) and after.troops == (7, 6)
    assert after.turn == 0


def test_wizard_armies_dice_together_must_beat_the_target_by_their_sum() -> None:
    """"two or more dice together beat an enemy die whose value is lower than their sum":
    3 and 2 do not beat a 5."""
    s = position("wizard-armies", phase="battle", troops=(8, 6), mustered=(True, True),
                 deployed=(2, 2), field=((5, 2), (3, 2)), turn=1, init=(3, 4))
    assert refusal("wizard-armies", s, Strike(player=1, dice=(3, 2), target=5)) == \
        "strike/too-weak"


def test_wiz_war_a_fireball_in_hand_does_5_damage() -> None:
    """"The red wizard ... casts Fireball at the blue wizard, causing 5 damage"; the blue
    wizard may respond first, and allows it."""
    fireball = card("Fireball")
    s = position("wiz-war", hands={0: ["Fireball"]}, at={1: "h3"})
    events, s = act("wiz-war", s, WE.Cast(player=0, card=fireball, target="w1"))
    assert kinds(events) == ["cast", "attack"] and s.phase == "respond"
    events, s = act("wiz-war", s, WE.Allow(player=1))
    assert kinds(events) == ["allow", "damage"]
    assert s.life == (15, 10) and fireball in s.discard and s.hands[0] == ()


def test_wiz_war_no_attack_on_the_first_turn() -> None:
    """"A wizard cannot attack during his first turn"."""
    s = position("wiz-war", hands={0: ["Fireball"]}, at={1: "h3"}, turns=(1, 0))
    assert refusal("wiz-war", s, WE.Cast(player=0, card=card("Fireball"), target="w1")) == \
        "attack/first-turn"


# ------------------------------------------------------------------ act, refusal, kinds


def test_act_uses_the_dice_given_and_fails_when_one_is_left_over() -> None:
    s = position("wizard-armies")
    events, after = act("wizard-armies", s, Muster(player=0), [3, 4])
    assert kinds(events) == ["muster", "roll"] and after.troops == (7, 0)
    with pytest.raises(AssertionError, match="1 of the dice"):
        act("wizard-armies", s, Muster(player=0), [3, 4, 5])


def test_refusal_fails_the_test_when_the_rules_accept_the_action() -> None:
    s = position("vicious-circle", {"c3": "D", "c1": "s"})
    with pytest.raises(AssertionError, match="was accepted"):
        refusal("vicious-circle", s, CircleMove(player=0, from_="c3", to="c1"))


def test_kinds_are_the_events_tags_in_order() -> None:
    roll = Roll(player=0, sides=6, values=(3,), draws=1)
    assert kinds([roll, Capture(by=0, owner=1, creature="saint", square="c1")]) == \
        ["roll", "capture"]


@pytest.mark.parametrize("game", BUILTIN)
def test_a_built_position_starts_a_scenario_for_a_transcript(game: str) -> None:
    """``scenario(game, notation(state))``: a match, and a snapshot-ready transcript."""
    s = position(game, **FEW[game])
    story = scenario(game, notation(game, s))
    assert story.state == s
    assert notation(game, s) in story.transcript().splitlines()[0]
