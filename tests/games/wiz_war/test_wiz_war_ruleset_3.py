"""Wiz-War ruleset 3: five readings that follow the rulebook's text where ruleset 2 read it
otherwise (each test quotes the sentence), and ruleset 2's readings kept as house-rule
options (``RULES_2``)."""

from __future__ import annotations

import pytest
from wizwar import act, card, kinds, position, reason, sq

from grimoire.core.choices import problems
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.choices import steps
from grimoire.games.wiz_war.state import Options, State

# ------------------------------------------------------------------ thrown objects


@pytest.mark.parametrize(("options", "falls"), [(Options(), "g3"),
                                                (Options(thrown_to_thrower=True), "c3")])
def test_a_thrown_object_stopped_by_a_barrier_lands_in_the_last_square_it_passed_through(
        options: Options, falls: str) -> None:
    """"If a barrier (such as a wall) is in the way ... the object lands in the last square
    it passed through before striking the barrier": a Large Rock thrown from c3 at the
    wizard on h3, stopped by his Wall of Earth on the border of h3, falls on g3 (option
    ``thrown_to_thrower``, ruleset 2's reading: on c3, the thrower's square)."""
    rock, earth = card("Large Rock"), card("Wall of Earth")
    s = position(carried={0: [rock]}, hands={1: [earth]}, at={0: "c3", 1: "h3"},
                 options=options)
    _, s = act(s, E.Throw(player=0, card=rock, target=1))
    ev, s = act(s, E.Counter(player=1, card=earth))
    assert E.Landed(card=rock, square=sq(falls)) in ev
    assert s.objects == ((rock, sq(falls)),) and s.life[1] == 15


def test_a_thrown_object_stopped_next_door_lands_in_the_throwers_square() -> None:
    """From the neighbouring square the last square the object passed through is the
    thrower's own: both readings agree."""
    rock, earth = card("Large Rock"), card("Wall of Earth")
    s = position(carried={0: [rock]}, hands={1: [earth]}, at={0: "f3", 1: "g3"})
    _, s = act(s, E.Throw(player=0, card=rock, target=1))
    _, s = act(s, E.Counter(player=1, card=earth))
    assert s.objects == ((rock, sq("f3")),)


# ------------------------------------------------------------------ Featherweight

MU = Options(schools="alchemy,elemental,mutation")
"""A game with Mutation (and no Anti-Anti: a counter takes effect at once)."""


def punched_on_d3(options: Options = MU) -> State:
    """Seat 0 punches seat 1 on the square they share, d3; seat 1 holds a Featherweight."""
    s = position(options=options, hands={1: [card("Featherweight")]}, at={0: "d3", 1: "d3"})
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    assert s.pending is not None and s.pending.origin == s.pos[1] == sq("d3")
    return s


def test_featherweight_against_an_attack_from_your_square_you_choose_the_direction() -> None:
    """Card clarification: "Featherweight: If the attack originates in your square, you
    choose which direction to move": a punch from d3 at the wizard on d3 offers the
    counter once for each direction, and the one chosen pushes him (a square for the
    punch's 1 damage: east to e3); he takes no damage."""
    fw = card("Featherweight")
    s = punched_on_d3()
    offered = [a for a in RULES.legal(s, 1) if isinstance(a, E.Counter)]
    assert offered == [E.Counter(player=1, card=fw, target=d) for d in "nesw"]
    ev, s = act(s, E.Counter(player=1, card=fw, target="e"), settle=False)
    assert E.Moved(player=1, square=sq("e3")) in ev and ev[-1] == E.Cancelled(how="pushed")
    assert s.pos == (sq("d3"), sq("e3")) and s.life[1] == 15 and s.pending is None


def test_featherweight_a_shut_way_leaves_him_where_he_stands() -> None:
    """The way chosen is walked as any push: a wall on it stops him at once (north of d3
    is a wall)."""
    fw = card("Featherweight")
    s = punched_on_d3()
    ev, s = act(s, E.Counter(player=1, card=fw, target="n"), settle=False)
    assert "moved" not in kinds(ev) and s.pos[1] == sq("d3") and s.life[1] == 15


@pytest.mark.parametrize("target", ["", "x", "q12", "ne"])
def test_featherweight_from_your_square_refuses_a_missing_or_bad_direction(target: str) -> None:
    s = punched_on_d3()
    bad = E.Counter(player=1, card=card("Featherweight"), target=target)
    assert reason(s, bad) == "counter/direction"


def test_featherweight_from_another_square_names_no_direction() -> None:
    """From another square the push goes straight away from the attack: no choice, and a
    direction named is refused."""
    fw = card("Featherweight")
    s = position(options=MU, hands={1: [fw]}, at={0: "d3", 1: "e3"})
    _, s = act(s, E.Punch(player=0, target=1), settle=False)
    assert E.Counter(player=1, card=fw) in RULES.legal(s, 1)
    assert reason(s, E.Counter(player=1, card=fw, target="e")) == "counter/direction"


def test_featherweight_stays_keeps_ruleset_2s_reading() -> None:
    """Option ``featherweight_stays`` (ruleset 2): an attack from your own square pushes
    you nowhere; the counter names no direction."""
    fw = card("Featherweight")
    s = punched_on_d3(Options(schools="alchemy,elemental,mutation", featherweight_stays=True))
    assert [a for a in RULES.legal(s, 1) if isinstance(a, E.Counter)] == [
        E.Counter(player=1, card=fw)]
    ev, s = act(s, E.Counter(player=1, card=fw), settle=False)
    assert "moved" not in kinds(ev) and s.pos[1] == sq("d3") and s.life[1] == 15


def test_featherweights_direction_is_a_step_of_the_choice_tree() -> None:
    """The choice tree asks the way after the card, with the square it leads to."""
    fw = card("Featherweight")
    s = punched_on_d3()
    picks = steps(RULES.view(s, 1), 1, E.Counter(player=1, card=fw, target="e"))
    assert [p.label for p in picks] == ["Featherweight", "East"]
    assert picks[-1].prompt == "Which way are you pushed?" and picks[-1].touches.to == "e3"
    assert problems(RULES, s, 1) == []
    assert RULES.describe(E.Counter(player=1, card=fw, target="e"), s).endswith(
        "pushed east")
