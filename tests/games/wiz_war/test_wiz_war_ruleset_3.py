"""Wiz-War ruleset 3: five readings that follow the rulebook's text where ruleset 2 read it
otherwise (each test quotes the sentence), and ruleset 2's readings kept as house-rule
options (``RULES_2``)."""

from __future__ import annotations

import pytest
from wizwar import act, card, position, sq

from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.state import Options

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
