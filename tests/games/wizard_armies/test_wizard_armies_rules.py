"""Wizard Armies: one test per rule of the text (docstrings quote it)."""

from __future__ import annotations

import msgspec
import pytest

from grimoire import IllegalAction, Match, Roll
from grimoire.core.audit import audit_events
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies.events import (
    CampStrike,
    Deploy,
    Desert,
    GameOver,
    Initiative,
    Muster,
    NoStrike,
    Raid,
    Reveal,
    RoundOver,
    Strike,
)

GAME = "wizard-armies"


def recorded(**options: str) -> Match:
    return Match.new(GAME, dice="recorded", options=options)


def at(position: str, **options: str) -> Match:
    """A recorded-dice match from a position in notation."""
    return Match.new(GAME, dice="recorded", position=position, options=options)


def mustered(light: int = 9, dark: int = 11) -> Match:
    """Both armies raised (no doubles): ``light`` and ``dark`` troops."""
    m = recorded()
    m.act(Muster(player=0), dice=_pair(light))
    m.act(Muster(player=1), dice=_pair(dark))
    return m


def _pair(total: int) -> list[int]:
    a = min(6, total - 1)
    b = total - a
    if a == b:
        a, b = a + 1, b - 1
    return [a, b]


def deploy(m: Match, light: int, dark: int, dice: list[int]) -> tuple[object, ...]:
    m.act(Deploy(player=0, units=light))
    return m.act(Deploy(player=1, units=dark), dice=dice)


def types(events: tuple[object, ...]) -> list[str]:
    return [type(e).__struct_config__.tag for e in events]  # type: ignore[attr-defined]


def refused(m: Match, action: object, reason: str, dice: list[int] | None = None) -> None:
    before = m.state
    with pytest.raises(IllegalAction) as err:
        m.act(action, dice=dice)  # type: ignore[arg-type]
    assert err.value.reason == reason
    assert m.state == before


# ------------------------------------------------------------------ army acquisition


def test_army_acquisition_two_dice_sum() -> None:
    """"The players roll two dice to determine army strength.\""""
    m = recorded()
    events = m.act(Muster(player=0), dice=[3, 4])
    assert events[1] == Roll(player=0, sides=6, values=(3, 4), purpose="troops", draws=2)
    assert m.state.troops == (7, 0)
    assert m.to_act == {1}


def test_doubles_roll_again_for_as_long_as_they_come() -> None:
    """"If the player rolls doubles, he gets to roll again to add to his current total of
    troops." (Default: again for every double.)"""
    m = recorded()
    events = m.act(Muster(player=0), dice=[3, 3, 4, 4, 2, 5])
    assert types(events) == ["muster", "roll", "roll", "roll"]
    assert m.state.troops[0] == 6 + 8 + 7


def test_doubles_once_option_stops_after_one_extra_roll() -> None:
    """Option ``doubles="once"``: one extra roll, even if it is a double too."""
    m = recorded(doubles="once")
    m.act(Muster(player=0), dice=[3, 3, 4, 4])
    assert m.state.troops[0] == 14


def test_doubles_none_option_matches_the_worked_example() -> None:
    """"Player One rolls 5, 5 ... Player one has started the game with ten units\""""
    m = recorded(doubles="none")
    m.act(Muster(player=0), dice=[5, 5])
    assert m.state.troops[0] == 10


def test_muster_only_once() -> None:
    """"Phase One : Army acquisition": armies are raised once, at the start of the war."""
    m = mustered()
    assert m.state.phase == "deploy"
    with pytest.raises(IllegalAction) as err:
        RULES.decide(m.state, Muster(player=0), _no_dice())
    assert err.value.reason in ("muster/done", "turn/not-to-act")


def _no_dice() -> object:
    from grimoire.core.dice import NoDice

    return NoDice()


# ------------------------------------------------------------------ deployment


def test_deployment_at_least_one_unit() -> None:
    """"A minimum of one unit is required to be deployed.\""""
    refused(mustered(), Deploy(player=0, units=0), "deploy/too-few")


def test_deployment_up_to_six_units() -> None:
    """"Each player decides up to six units to deploy on the battlefield.\""""
    refused(mustered(), Deploy(player=0, units=7), "deploy/too-many")
    assert max(a.units for a in mustered().legal(0)) == 6  # type: ignore[attr-defined]


def test_deployment_no_more_than_the_army() -> None:
    """"You cannot deploy more units than what your total is in your camp.\""""
    m = mustered(light=4)
    refused(m, Deploy(player=0, units=5), "deploy/beyond-army")
    assert [a.units for a in m.legal(0)] == [1, 2, 3, 4]  # type: ignore[attr-defined]


def test_deployment_is_secret_until_both_have_chosen() -> None:
    """"It is suggested to write a number on a piece of paper and turn it face down.
    Reveal and declare the deployment at the same time.\""""
    m = mustered()
    first = m.act(Deploy(player=0, units=3))
    assert first == (Deploy(player=0, units=3),)  # nothing revealed yet
    assert m.to_act == {1}
    assert RULES.redact(first[0], 1) == Deploy(player=0, units=0)
    assert RULES.redact(first[0], None) == Deploy(player=0, units=0)
    assert RULES.redact(first[0], 0) == first[0]
    assert m.view(1).deployed == (0, 0)
    assert m.view(None).deployed == (0, 0)
    assert m.view(0).deployed == (3, 0)
    events = m.act(Deploy(player=1, units=2), dice=[5, 2, 4, 4, 4, 3, 3])
    assert events[:2] == (Deploy(player=1, units=2), Reveal(units=(3, 2)))


def test_both_deployments_are_fixed_before_the_reveal_in_the_log() -> None:
    """The audit sees both secret choices as earlier records than the reveal."""
    m = mustered()
    deploy(m, 3, 2, [5, 2, 4, 4, 4, 3, 3])
    tags = types(tuple(m.events))
    first_reveal = tags.index("reveal")
    assert tags[:first_reveal].count("deploy") == 2
    assert audit_events(RULES, m.header, m.events).ok


def test_deploy_only_between_battles() -> None:
    """"Phase two: Unit deployment" comes before the battle: no deployment during one."""
    m = at("b 1 9,11 11 2,2 54/32 0 - 0,0 5,2 -")
    with pytest.raises(IllegalAction) as err:
        RULES.decide(m.state, Deploy(player=0, units=1), _no_dice())
    assert err.value.reason == "deploy/not-now"


# ------------------------------------------------------------------ initiative


def test_initiative_highest_roll_strikes_first() -> None:
    """"Each player rolls one die - highest roll wins.\""""
    m = mustered()
    events = deploy(m, 1, 1, [2, 5, 3, 4])
    assert Initiative(first=1) in events
    assert m.to_act == {1}


def test_initiative_ties_are_discarded_and_rolled_again() -> None:
    """"All ties are discarded.\""""
    m = mustered()
    events = deploy(m, 1, 1, [3, 3, 6, 6, 5, 2, 4, 3])
    rolls = [e for e in events if isinstance(e, Roll) and e.purpose == "initiative"]
    assert [r.values[0] for r in rolls] == [3, 3, 6, 6, 5, 2]
    assert Initiative(first=0) in events


# ------------------------------------------------------------------ battle roll


def test_battle_roll_one_die_per_unit_fielded() -> None:
    """"The players roll in their corresponding sides with the number of dice invested.\""""
    m = mustered()
    events = deploy(m, 3, 2, [5, 2, 6, 4, 2, 5, 3])
    battle = [e for e in events if isinstance(e, Roll) and e.purpose == "battle"]
    assert [(r.player, len(r.values)) for r in battle] == [(0, 3), (1, 2)]
    assert m.state.field == ((6, 4, 2), (5, 3))


def test_cowards_desert_and_are_lost_from_the_army() -> None:
    """"If a one is rolled, that unit Cowardly deserts and is removed from the playing
    field. It is an automatic loss and it does not return to camp.\""""
    m = mustered(light=9)
    events = deploy(m, 4, 2, [5, 2, 1, 4, 1, 3, 6, 2])
    assert Desert(player=0, count=2) in events
    assert m.state.field[0] == (4, 3)
    assert m.state.troops[0] == 7
    assert m.state.camp(0) == 5  # the cowards did not go back to camp


def test_cowards_leave_before_any_strike() -> None:
    """"All Coward units are taken away before any turns begin.\""""
    m = mustered()
    events = deploy(m, 2, 2, [5, 2, 1, 4, 6, 3])
    tags = types(events)
    assert tags.index("desert") < len(tags)
    assert all(t != "strike" for t in tags)
    assert 1 not in m.state.field[0]


# ------------------------------------------------------------------ strikes

BATTLE = "b 1 9,11 11 6,6 {light}/{dark} {turn} - 0,0 5,2 -"


def battle(light: str, dark: str, turn: int = 0, troops: str = "9,11") -> Match:
    pos = BATTLE.format(light=light, dark=dark, turn=turn).replace("9,11", troops)
    return at(pos)


def test_single_die_beats_a_lower_die() -> None:
    """"use a natural roll to beat the opponents lower value dice roll\""""
    m = battle("54", "432")
    m.act(Strike(player=0, dice=(5,), target=4))
    assert m.state.field == ((4,), (3, 2))
    assert m.state.troops == (9, 10)


def test_single_die_does_not_beat_an_equal_die() -> None:
    """A single die beats only a lower die: a 4 does not take a 4."""
    refused(battle("54", "432"), Strike(player=0, dice=(4,), target=4), "strike/too-weak")


def test_combination_beats_a_die_lower_than_its_sum() -> None:
    """"Suppose on Player A's turn he has 2,2 and Player B has 3,3. Player A can combine his
    two units (equaling a total of 4) to take out a single 3 value unit.\""""
    m = battle("22", "33")
    assert Strike(player=0, dice=(2, 2), target=3) in m.legal(0)
    m.act(Strike(player=0, dice=(2, 2), target=3))
    assert m.state.troops == (9, 10)


def test_combination_equal_to_the_target_does_not_beat_it() -> None:
    """Combined dice must add up to more than the die they strike."""
    refused(battle("32", "54"), Strike(player=0, dice=(3, 2), target=5), "strike/too-weak")


def test_combination_takes_out_a_wizard_and_only_the_wizard_owner_loses() -> None:
    """"So let's say a 2,5 unit pair of dice are combined to take out opponents 6-valued
    Wizard unit. The owner of the Wizard subtracts one unit from his army total and the
    attacker subtracts nothing.\""""
    m = battle("522", "63")
    m.act(Strike(player=0, dice=(5, 2), target=6))
    assert m.state.troops == (9, 10)
    assert m.state.lost == (0, 1)


def test_strikers_return_to_camp_and_cannot_be_targeted() -> None:
    """"However, those 2,5 units return to camp and cannot be targeted by non-Wizard
    units." "your attacking unit(s) go to your camp with no change\""""
    m = battle("522", "63")
    camp_before = m.state.camp(0)
    m.act(Strike(player=0, dice=(5, 2), target=6))
    assert m.state.field[0] == (2,)
    assert m.state.camp(0) == camp_before + 2
    refused(m, Strike(player=1, dice=(3,), target=5), "strike/no-target")


def test_wizard_cancels_any_die_even_a_wizard() -> None:
    """"Each roll that resulted in a natural 'six' can be used to cancel out any die on the
    field\""""
    m = battle("6", "6")
    m.act(Strike(player=0, dice=(6,), target=6))
    assert m.state.troops == (9, 10)


def test_wizard_can_instead_kill_a_unit_in_the_camp() -> None:
    """"... or used to deduct one unit from the opponents camp on their turn.\""""
    m = battle("62", "54")
    assert CampStrike(player=0) in m.legal(0)
    m.act(CampStrike(player=0))
    assert m.state.troops == (9, 10)
    assert m.state.field == ((2,), (5, 4))
    assert m.state.camp(1) == 8


def test_a_lone_wizard_deducts_a_camp_unit_after_the_enemy_field_empties() -> None:
    """"Each roll that resulted in a natural 'six' can be used to cancel out any die on the
    field or used to deduct one unit from the opponents camp on their turn": the battle
    goes on while a side has a strike, so a lone Wizard facing an empty field still gets
    its turn and its camp kill (it needs no second die, unlike a raid)."""
    m = mustered(light=9, dark=11)
    deploy(m, 2, 1, [2, 5, 6, 2, 5])  # Dark first; Light 6,2 against Dark's 5
    events = m.act(Strike(player=1, dice=(5,), target=2))
    assert events == (Strike(player=1, dice=(5,), target=2),)  # the round goes on
    assert m.state.field == ((6,), ()) and m.state.camp(1) == 11
    assert m.to_act == {0}
    assert m.legal(0) == [CampStrike(player=0)]
    events = m.act(CampStrike(player=0))
    assert events[-1] == RoundOver(round=1, lost=(1, 1), troops=(8, 10))


def test_a_lone_wizard_strikes_the_camp_after_the_enemy_passes() -> None:
    """"... or used to deduct one unit from the opponents camp on their turn": when a
    strike empties the enemy field and leaves one Wizard, the enemy has no strike and
    passes, and the Wizard strikes the camp on its owner's next turn."""
    m = battle("65", "4")
    events = m.act(Strike(player=0, dice=(5,), target=4))
    assert events[-1] == NoStrike(player=1)
    assert m.to_act == {0}
    m.act(CampStrike(player=0))
    assert m.state.phase == "deploy" and m.state.troops == (9, 9)


def test_a_lone_wizard_against_an_empty_camp_ends_the_battle() -> None:
    """A Wizard's camp kill needs a unit in the enemy camp: with none, nothing is left to
    strike and the round is over (here the war too: Dark's last unit is gone)."""
    m = battle("65", "4", troops="9,1")
    events = m.act(Strike(player=0, dice=(5,), target=4))
    assert types(events)[1:] == ["round-over", "game-over"]


def test_a_lone_wizard_facing_only_cowards_strikes_the_camp() -> None:
    """"All Coward units are taken away before any turns begin": a field emptied by
    cowards leaves the camp open to a lone Wizard."""
    m = mustered(light=9, dark=11)
    events = deploy(m, 1, 2, [5, 2, 6, 1, 1])
    assert Desert(player=1, count=2) in events
    assert m.to_act == {0}
    events = m.act(CampStrike(player=0))
    assert events[-1] == RoundOver(round=1, lost=(0, 3), troops=(9, 8))


def test_battle_end_empty_field_option_is_ruleset_one() -> None:
    """Option ``battle_end="empty-field"`` (ruleset 1): the battle ends as soon as either
    field is empty, so the lone Wizard of the case above gets no turn."""
    m = recorded(battle_end="empty-field")
    m.act(Muster(player=0), dice=_pair(9))
    m.act(Muster(player=1), dice=_pair(11))
    deploy(m, 2, 1, [2, 5, 6, 2, 5])
    events = m.act(Strike(player=1, dice=(5,), target=2))
    assert events[-1] == RoundOver(round=1, lost=(1, 0), troops=(8, 11))


def test_a_ruleset_one_log_replays_under_its_own_rule() -> None:
    """A log whose header says rules "1" is read with ``battle_end="empty-field"``: it
    audits exactly as it was played, and the same events fail under ruleset 2."""
    m = recorded(battle_end="empty-field")
    m.act(Muster(player=0), dice=_pair(9))
    m.act(Muster(player=1), dice=_pair(11))
    deploy(m, 2, 1, [2, 5, 6, 2, 5])
    m.act(Strike(player=1, dice=(5,), target=2))
    options = {k: v for k, v in m.header.options.items() if k != "battle_end"}
    v1 = msgspec.structs.replace(m.header, rules="1", options=options)
    assert RULES.version == "2" and RULES.older["1"] == {"battle_end": "empty-field"}
    assert audit_events(RULES, v1, m.events).ok
    v2 = msgspec.structs.replace(m.header, options=options)
    assert not audit_events(RULES, v2, m.events).ok


def test_camp_strike_needs_a_wizard_and_a_camp() -> None:
    """"Each roll that resulted in a natural 'six' can be used ... to deduct one unit from
    the opponents camp": only a six, and only while the camp holds a unit (ruling 9)."""
    refused(battle("52", "43"), CampStrike(player=0), "camp-strike/no-wizard")
    m = battle("62", "43", troops="9,2")
    refused(m, CampStrike(player=0), "camp-strike/empty-camp")


def test_each_die_struck_costs_its_owner_one_unit() -> None:
    """"The opponent subtracts one unit from his total army.\""""
    m = battle("65", "43")
    m.act(Strike(player=0, dice=(6,), target=4))
    assert m.state.lost == (0, 1)
    assert m.state.troops == (9, 10)


def test_strikes_alternate_from_the_initiative_winner() -> None:
    """"Player #2 he won initiative. He decides to use his Wizard ... Player one uses his
    remaining Wizard ..." strikes alternate."""
    m = battle("653", "643", turn=1)
    assert m.to_act == {1}
    m.act(Strike(player=1, dice=(4,), target=3))
    assert m.to_act == {0}
    m.act(Strike(player=0, dice=(5,), target=3))
    assert m.to_act == {1}


def test_a_player_with_no_possible_strike_passes() -> None:
    """"At this point, there is no chance of player one winning because 1) It is not his
    turn and 2) his units are too low in value." A side that cannot strike passes."""
    m = battle("52", "643", turn=1)
    events = m.act(Strike(player=1, dice=(4,), target=2))
    assert "no-strike" not in types(events)  # Light's 5 can still strike
    assert m.to_act == {0}
    m3 = battle("22", "43", turn=1)
    events = m3.act(Strike(player=1, dice=(4,), target=2))
    assert events[-1] == NoStrike(player=0)  # a lone 2 cannot touch a 3
    assert m3.to_act == {1}


def test_pass_is_automatic_at_the_start_of_a_battle_too() -> None:
    """"First Initiative player decides what to do": one who has nothing to do passes at
    once (ruling 7)."""
    m = mustered()
    events = deploy(m, 1, 2, [5, 2, 2, 5, 3])
    assert events[-1] == NoStrike(player=0)
    assert m.to_act == {1}


def test_battle_ends_when_neither_side_can_strike() -> None:
    """The battle ends when neither side can strike: the round ends with no losses."""
    m = mustered()
    events = deploy(m, 1, 1, [5, 2, 3, 3])
    assert types(events)[-1] == "round-over"
    assert events[-1] == RoundOver(round=1, lost=(0, 0), troops=(9, 11))


def test_battle_ends_when_a_side_has_no_dice_on_the_field() -> None:
    """With no dice left, and no Wizard to strike a camp, nothing can be struck: the
    battle (and, with no raid, the round) is over."""
    m = battle("2", "43", turn=1)
    events = m.act(Strike(player=1, dice=(4,), target=2))
    assert isinstance(events[-1], RoundOver)
    assert m.state.phase == "deploy"


# ------------------------------------------------------------------ camp raid


def test_camp_raid_two_or_more_units_against_none() -> None:
    """"If a force on the battlefield has two or more units remaining, the force on the
    battlefield can pick off units in the opponents camp.\""""
    m = battle("3", "642", turn=1)
    events = m.act(Strike(player=1, dice=(6,), target=3), dice=[5, 4, 3, 2, 2, 1])
    assert Raid(raider=1) in events
    raid_roll = events[-1]
    assert isinstance(raid_roll, Roll) and raid_roll.purpose == "raid"
    assert m.state.phase == "raid" and m.to_act == {1}
    assert m.state.targets == (5, 4, 3, 2, 2, 1)


def test_no_camp_raid_with_a_single_unit() -> None:
    """Two or more units are needed to raid: a lone survivor does not."""
    m = battle("3", "62", turn=1)
    events = m.act(Strike(player=1, dice=(6,), target=3))
    assert "raid" not in types(events)
    assert isinstance(events[-1], RoundOver)


def test_camp_raid_rolls_one_die_per_camp_unit_at_most_six() -> None:
    """"They roll the number of dice that corresponds to the number of units in their camp
    to a maximum of six.\""""
    small = battle("3", "642", turn=1, troops="3,11")  # Light's camp: 2 units
    events = small.act(Strike(player=1, dice=(6,), target=3), dice=[4, 2])
    assert len(events[-1].values) == 2  # type: ignore[attr-defined]
    big = battle("3", "642", turn=1, troops="20,11")
    events = big.act(Strike(player=1, dice=(6,), target=3), dice=[2] * 6)
    assert len(events[-1].values) == 6  # type: ignore[attr-defined]


def test_camp_raid_uses_the_strike_rules_with_no_retaliation_then_the_round_ends() -> None:
    """"The battlefield force chooses which units to eliminate based the results of the
    roll. There is no retaliation turn. Then the round is over.\""""
    m = battle("3", "6442", turn=1)
    m.act(Strike(player=1, dice=(6,), target=3), dice=[5, 4, 3, 2, 2, 1])
    refused(m, Strike(player=1, dice=(4,), target=5), "strike/too-weak")
    m.act(Strike(player=1, dice=(4, 2), target=5))
    assert m.to_act == {1}  # no retaliation: the raider strikes again
    assert m.state.field[1] == (4,)
    m.act(Strike(player=1, dice=(4,), target=3))
    assert isinstance(m.events[-1], RoundOver)  # no dice left: the round is over
    assert m.events[-1].lost == (3, 0)
    assert m.state.troops[0] == 9 - 3


def test_camp_strike_is_not_a_raid_action() -> None:
    """During a raid a Wizard strikes a rolled camp unit instead (ruling 9)."""
    m = battle("3", "6642", turn=1)
    m.act(Strike(player=1, dice=(6,), target=3), dice=[5, 4, 3, 2, 2, 1])
    refused(m, CampStrike(player=1), "camp-strike/in-raid")


# ------------------------------------------------------------------ rounds and the end


def test_losses_are_taken_from_the_army_total() -> None:
    """"The game is one of attrition. Units lost in battle are taken from your original
    total.\""""
    m = mustered(light=9, dark=11)
    deploy(m, 2, 2, [5, 2, 5, 1, 4, 3])
    m.act(Strike(player=0, dice=(5,), target=4))
    assert m.state.phase == "deploy"
    assert m.state.troops == (8, 10)
    assert m.state.round == 2


def test_rounds_repeat_with_the_units_left() -> None:
    """"Whatever units are left in your camp can be deployed on the field\""""
    m = mustered(light=4)
    deploy(m, 2, 2, [2, 5, 1, 1, 3, 3, 6, 6])  # the raid rolls two sixes: no kill
    assert m.state.troops[0] == 2
    assert [a.units for a in m.legal(0)] == [1, 2]  # type: ignore[attr-defined]


def test_last_with_troops_wins_the_war() -> None:
    """"The last one with troops remaining wins the war.\""""
    m = mustered(light=3)
    events = deploy(m, 3, 2, [2, 5, 1, 1, 2, 6, 6])
    assert m.outcome is None
    events = m.act(Strike(player=1, dice=(6,), target=2))
    assert events[-1] == GameOver(winners=(1,), reason="conquest")
    assert m.outcome is not None and m.outcome.winners == (1,)
    assert m.to_act == frozenset()


def test_both_armies_gone_together_is_a_draw() -> None:
    """Both armies can reach zero in the same round (see Rulings): nobody wins."""
    m = recorded(doubles="none")
    m.act(Muster(player=0), dice=[1, 1])
    m.act(Muster(player=1), dice=[1, 1])
    events = deploy(m, 2, 2, [4, 2, 1, 1, 1, 1])
    assert events[-1] == GameOver(winners=(), reason="mutual-destruction")


# ------------------------------------------------------------------ the rest of the text


def test_two_players_one_lighter_dice_one_darker() -> None:
    """"The premise is two players are given specialized dice. One darker color and one
    lighter color." "While two people are required, some variants of play can be
    documented": two seats, Light and Dark; the variants are not offered (see Options)."""
    from grimoire import UsageError

    assert RULES.seats == (2,)
    assert tuple(RULES.default_players) == ("Light", "Dark")
    with pytest.raises(UsageError) as err:
        Match.new(GAME, players=("a", "b", "c"))
    assert err.value.reason == "log/player-count"


def test_deployment_follows_once_the_troops_are_tallied() -> None:
    """"Once the total number of troops are tallied, the next phase is unit deployment.\""""
    m = recorded()
    m.act(Muster(player=0), dice=[3, 4])
    assert m.state.phase == "muster"
    refused(m, Deploy(player=0, units=1), "turn/not-to-act")
    m.act(Muster(player=1), dice=[2, 4])
    assert m.state.phase == "deploy" and m.to_act == {0, 1}


def test_both_players_roll_at_the_same_time() -> None:
    """"Both players Roll at the same time. Each die is given a value what is rolled.":
    both battle rolls come with the second deployment, before anyone strikes, and each die
    on the field is the value rolled."""
    m = mustered()
    events = deploy(m, 2, 3, [5, 2, 4, 3, 6, 5, 2])
    tags = types(events)
    battle = [e for e in events if isinstance(e, Roll) and e.purpose == "battle"]
    assert [r.player for r in battle] == [0, 1]
    assert "strike" not in tags
    assert m.state.field == ((4, 3), (6, 5, 2))


def test_a_die_that_does_not_settle_is_rerolled() -> None:
    """"Any Die that does not set on the designated field is rerolled.": software dice
    always land; a recorded value that is no face of a die is refused, so the roll is
    made again (ruling 4)."""
    m = mustered()
    m.act(Deploy(player=0, units=1))
    refused(m, Deploy(player=1, units=1), "dice/out-of-range", dice=[5, 2, 7, 3])
    m.act(Deploy(player=1, units=1), dice=[5, 2, 4, 3])
    assert m.state.field == ((4,), (3,))


def test_the_game_removes_all_units_engaged_in_battle_from_play() -> None:
    """"Note the game removes all units engaged in battle from play." "All dice used in
    the turn are removed.": the striking dice and the die struck all leave the field."""
    m = battle("532", "64")
    m.act(Strike(player=0, dice=(5, 2), target=6))
    assert m.state.field == ((3,), (4,))


def test_units_back_in_camp_can_be_targeted_by_a_wizard() -> None:
    """"However, those 2,5 units return to camp and cannot be targeted by non-Wizard
    units.": a Wizard's camp strike may still kill them (here the camp holds nothing else)."""
    m = battle("522", "663", troops="3,11")
    assert m.state.camp(0) == 0
    m.act(Strike(player=0, dice=(5, 2), target=6))
    assert m.state.camp(0) == 2
    assert CampStrike(player=1) in m.legal(1)
    m.act(CampStrike(player=1))
    assert m.state.troops[0] == 2


def test_the_wizard_returns_to_camp_as_a_six() -> None:
    """"The Wizard returns to your camp as a '6' value." "His attacking unit goes back to
    camp (still a Wizard value)": the Wizard leaves the field for its camp and stays in the
    army; no rule reads a camp unit's value (ruling 8), and next round it is rolled anew."""
    m = battle("65", "43", troops="3,11")
    m.act(Strike(player=0, dice=(6,), target=4))
    assert m.state.field[0] == (5,) and m.state.camp(0) == 2
    assert m.state.troops[0] == 3


def test_combinations_apply_to_camp_raiding_as_well() -> None:
    """"This tactic can be applied to Camp Raiding situations as well.": raiders combine
    their dice to strike a rolled camp unit they could not strike alone."""
    m = battle("3", "633", turn=1, troops="3,11")
    m.act(Strike(player=1, dice=(6,), target=3), dice=[5, 2])
    refused(m, Strike(player=1, dice=(3,), target=5), "strike/too-weak")
    events = m.act(Strike(player=1, dice=(3, 3), target=5))
    assert events[-1] == RoundOver(round=1, lost=(2, 0), troops=(1, 11))


def test_wizards_can_be_removed_via_camp_raid() -> None:
    """"Wizards can be removed with combinations on the field or via Camp Raid.": a camp
    unit rolled six in a raid is a Wizard: only a Wizard, or dice adding up to more than
    six, strike it (ruling 16)."""
    m = battle("3", "6542", turn=1, troops="3,11")
    m.act(Strike(player=1, dice=(6,), target=3), dice=[6, 6])
    refused(m, Strike(player=1, dice=(5,), target=6), "strike/too-weak")
    refused(m, Strike(player=1, dice=(4, 2), target=6), "strike/too-weak")
    events = m.act(Strike(player=1, dice=(5, 2), target=6))
    # the lone 4 left cannot strike the other Wizard: the raid and the round are over
    assert events[-1] == RoundOver(round=1, lost=(2, 0), troops=(1, 11))


def test_five_units_against_one_leave_four_to_pick_off_camp_units() -> None:
    """"Suppose an opponent only puts one unit on the field of play to your five units.
    You have 4 units which can pick off camp units of the opponent.\""""
    m = battle("54322", "4", troops="9,11")
    events = m.act(Strike(player=0, dice=(5,), target=4), dice=[5, 4, 3, 2, 2, 2])
    assert Raid(raider=0) in events
    assert m.state.phase == "raid" and m.state.field[0] == (4, 3, 2, 2)


def test_the_raid_is_not_declined() -> None:
    """"On your turn, if you have two or more units remaining on the field and the
    opponent has none, you can invade his camp.": the raid begins by itself, since it can
    only cost the opponent units (ruling 11); the raider then strikes until it cannot."""
    m = battle("3", "642", turn=1)
    events = m.act(Strike(player=1, dice=(6,), target=3), dice=[5, 4, 3, 2, 2, 1])
    assert types(events)[1:] == ["raid", "roll"]
    assert m.legal(1) and all(isinstance(a, Strike) for a in m.legal(1))


def test_the_cycle_repeats_from_deployment_with_a_new_initiative() -> None:
    """"The Cycle repeats: Initiative Roll - Battle Phase - Coward removals - Battle
    Resolution" and "Repeat steps starting from Unit Deployment again": every round starts
    with a secret deployment, then a fresh initiative roll (ruling 2)."""
    m = mustered()
    deploy(m, 1, 1, [5, 2, 3, 3])  # 3 against 3: nobody strikes
    assert m.state.phase == "deploy" and m.state.round == 2 and m.state.init == (0, 0)
    events = deploy(m, 1, 1, [2, 6, 4, 5])
    assert Initiative(first=1) in events  # the new roll, not round one's


# ------------------------------------------------------------------ refusals


def test_strike_refusals() -> None:
    m = battle("54", "432")
    refused(m, Strike(player=0, dice=(), target=3), "strike/no-dice")
    refused(m, Strike(player=0, dice=(6,), target=3), "strike/not-on-field")
    refused(m, Strike(player=0, dice=(5,), target=6), "strike/no-target")
    refused(m, Strike(player=1, dice=(4,), target=3), "turn/not-to-act")
    with pytest.raises(IllegalAction) as err:
        RULES.decide(mustered().state, Strike(player=0, dice=(5,), target=4), _no_dice())
    assert err.value.reason == "strike/not-now"


def test_refusals_after_the_end() -> None:
    m = at("x 4 0,2 11 0,0 -/- - - 0,0 0,0 1:conquest")
    with pytest.raises(IllegalAction) as err:
        RULES.decide(m.state, Muster(player=0), _no_dice())
    assert err.value.reason == "game/over"


def test_every_reason_code_is_documented() -> None:
    """Each reason code in the game's source, in REASONS and of the core is listed in the
    docs page; REASONS lists every code in the source."""
    import pathlib
    import re

    from grimoire.core.rules import CORE_REASONS

    root = pathlib.Path(__file__).resolve().parents[3]
    folder = root / "src/grimoire/games/wizard_armies"
    src = "".join(p.read_text() for p in sorted(folder.rglob("*.py")))
    codes = set(re.findall(r'(?<![\w])"([a-z-]+/[a-z-]+)"', src))
    assert codes, "the scan finds the codes"
    assert codes <= set(RULES.reasons) | set(CORE_REASONS)
    doc = (root / "docs/games/wizard-armies.md").read_text()
    listed = codes | set(RULES.reasons) | set(CORE_REASONS)
    missing = sorted(c for c in listed if f"`{c}`" not in doc)
    assert not missing


def test_events_are_plain_data() -> None:
    e = Strike(player=0, dice=(2, 2), target=3)
    assert msgspec.json.decode(msgspec.json.encode(e), type=RULES.Event) == e
