"""Wiz-War ruleset 3: five readings that follow the rulebook's text where ruleset 2 read it
otherwise (each test quotes the sentence), and ruleset 2's readings kept as house-rule
options (``RULES_2``)."""

from __future__ import annotations

import random

import msgspec
import pytest
from wizwar import act, card, kinds, position, reason, sq

from grimoire.core.choices import problems
from grimoire.core.events import Roll
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


# ------------------------------------------------------------------ Booby Trap

CJ = Options(schools="conjuring,elemental,mentalism")
"""A game with Conjuring (and no Anti-Anti)."""
TOKENS = ("e3", "f3", "c4", "b3")
"""Where red places the four tokens, the first by the cast."""


def booby_trap() -> int:
    return card("Booby Trap")


def laying_from(first: str = "e3") -> State:
    """Red has cast his Booby Trap at ``first`` (blue allowing it): its other tokens wait."""
    s = position(options=CJ, hands={0: [booby_trap()]}, at={1: "h3"})
    _, s = act(s, E.Cast(player=0, card=booby_trap(), target=f"q{sq(first)}"))
    return s


def laid_with(real: str) -> tuple[State, list[E.Event]]:
    """Red's four tokens on ``TOKENS``, the one on ``real`` the trap: the state and every
    event after the cast."""
    s = laying_from(TOKENS[0])
    events: list[E.Event] = []
    for name in TOKENS[1:]:
        ev, s = act(s, E.LayToken(player=0, square=sq(name)))
        events += ev
    ev, s = act(s, E.ArmTrap(player=0, square=sq(real)))
    return s, [*events, *ev]


def test_booby_trap_the_caster_places_every_token_and_chooses_the_real_one() -> None:
    """Booby Trap: "4 face-down trap tokens": the caster places them, as at a table, and
    knows which is the trap: the cast lays the first on the square aimed at, then he
    places three more one by one (``lay-token``) on empty squares he sees, then chooses
    the real one (``arm-trap``); no die is rolled."""
    bt = booby_trap()
    s = laying_from("e3")
    laid = E.TrapsLaid(card=bt, caster=0, squares=(sq("e3"),), real=-1, steps=4)
    assert s.traps == ((bt, sq("e3"), -1),)
    assert "placing the Booby Trap's tokens, 3 tokens more" in RULES.render(s, 1)
    offered = RULES.legal(s, 0)
    assert offered and all(isinstance(a, E.LayToken) for a in offered)
    assert E.LayToken(player=0, square=sq("e3")) not in offered
    s2, events = laid_with("f3")
    assert not any(isinstance(e, Roll) for e in events)
    assert [r for _, _, r in s2.traps] == [0, 1, 0, 0]
    assert [q for _, q, _ in s2.traps] == [sq(t) for t in TOKENS]
    assert s2.spells[0].moves == 0 and E.EndMove(player=0) in RULES.legal(s2, 0)
    ev, _ = act(position(options=CJ, hands={0: [bt]}, at={1: "h3"}),
                E.Cast(player=0, card=bt, target=f"q{sq('e3')}"))
    assert laid in ev


def test_booby_trap_placement_refusals() -> None:
    bt = booby_trap()
    s = laying_from("e3")
    assert reason(s, E.EndMove(player=0)) == "trap/laying"
    assert reason(s, E.LayToken(player=0, square=sq("c3"))) == "trap/square"  # home base
    assert reason(s, E.LayToken(player=0, square=sq("e3"))) == "trap/square"  # a token
    assert reason(s, E.ArmTrap(player=0, square=sq("e3"))) == "trap/not-laying"
    for name in TOKENS[1:]:
        _, s = act(s, E.LayToken(player=0, square=sq(name)))
    assert reason(s, E.LayToken(player=0, square=sq("d3"))) == "trap/not-laying"
    assert reason(s, E.ArmTrap(player=0, square=sq("d3"))) == "trap/token"
    _, s = act(s, E.ArmTrap(player=0, square=sq("c4")))
    assert reason(s, E.ArmTrap(player=0, square=sq("c4"))) == "trap/not-laying"
    assert bt not in s.hands[0]


def test_booby_trap_placement_is_chosen_step_by_step() -> None:
    """The choice tree asks the square of each token, then the square of the real one."""
    s = laying_from("e3")
    assert problems(RULES, s, 0) == []
    world = RULES.disguise(RULES.view(s, 1), 1, random.Random(0))  # blue's sample: no
    assert world.traps == s.traps and RULES.legal(world, 0) == RULES.legal(s, 0)  # real yet
    picks = steps(RULES.view(s, 0), 0, E.LayToken(player=0, square=sq("f3")))
    assert [p.label for p in picks] == ["Place a Booby Trap token", "f3"]
    assert picks[-1].square == "f3"
    for name in TOKENS[1:]:
        _, s = act(s, E.LayToken(player=0, square=sq(name)))
    assert problems(RULES, s, 0) == []
    picks = steps(RULES.view(s, 0), 0, E.ArmTrap(player=0, square=sq("c4")))
    assert [p.label for p in picks] == ["Choose the real trap", "c4"]
    assert picks[-1].prompt == "Which token is the real trap?"


def test_booby_trap_dice_keeps_ruleset_2s_reading() -> None:
    """Option ``booby_trap_dice`` (ruleset 2): the caster names the first square, three
    more are drawn with public dice and the real one by a die only he is told."""
    bt = booby_trap()
    s = position(options=Options(schools="conjuring,elemental,mentalism", booby_trap_dice=True),
                 hands={0: [bt]}, at={1: "h3"})
    ev, s = act(s, E.Cast(player=0, card=bt, target=f"q{sq('e3')}"), dice=[1, 1, 1, 2])
    assert len(s.traps) == 4 and sum(r for _, _, r in s.traps) == 1
    assert [e.purpose for e in ev if isinstance(e, Roll)] == ["trap-token"] * 3 + ["booby-trap"]
    assert s.spells[0].moves == 0 and E.EndMove(player=0) in RULES.legal(s, 0)


@pytest.mark.parametrize("seat", [1, None])
def test_booby_trap_nothing_another_seat_is_given_tells_which_token_is_real(
        seat: int | None) -> None:
    """Hidden information: for every choice of the real token, blue (and a spectator) is
    given exactly the same: every event redacted and told in words, the view, its text
    board, picture and notation, a disguise drawn from the view; red's own view differs."""
    from grimoire.core.rules import draw
    from grimoire.games.wiz_war import notation as N

    told, shown = set(), set()
    for real in TOKENS:
        s, events = laid_with(real)
        seen = RULES.view(s, seat)
        redacted = [RULES.redact(e, seat) for e in events]
        told.add(repr(redacted))
        words = [RULES.describe(e, seen) for e in redacted]
        twin = RULES.disguise(seen, 1, random.Random(0)) if seat == 1 else None
        shown.add((repr(seen), RULES.render(seen, seat), draw(RULES, seen, seat),
                   N.notation(seen), repr(words), repr(twin)))
        assert all(r == -1 for _, _, r in seen.traps)
        assert RULES.view(s, 0).traps != seen.traps
        assert any(f"on {real}" in RULES.describe(e, s) for e in events)
        assert not any(f"on {real}" in w for w in words if "chooses" in w)
    assert len(told) == 1 and len(shown) == 1


def test_booby_trap_twins_look_alike_to_blue_when_he_is_to_act() -> None:
    """The contract's twins property for the tokens: red's turn over, blue is to act in
    four true states that differ only in which token is real. His choice tree is the
    same in all, the tree contract holds, a world disguised from his view gives him the
    same legal actions, and the four disguise alike, draw for draw."""
    from grimoire.core.choices import choices

    twins = []
    for real in TOKENS:
        s, _ = laid_with(real)
        _, s = act(s, E.EndMove(player=0))
        _, s = act(s, E.EndTurn(player=0, draw=0))
        assert RULES.to_act(s) == frozenset({1})
        twins.append(s)
    trees = {msgspec.json.encode(choices(RULES, s, 1)) for s in twins}
    assert len(trees) == 1 and problems(RULES, twins[0], 1) == []
    for k in range(3):
        worlds = [RULES.disguise(RULES.view(s, 1), 1, random.Random(k)) for s in twins]
        assert all(w == worlds[0] for w in worlds)
        assert RULES.legal(worlds[0], 1) == RULES.legal(twins[0], 1)
        assert sorted(r for _, _, r in worlds[0].traps) == [0, 0, 0, 1]
