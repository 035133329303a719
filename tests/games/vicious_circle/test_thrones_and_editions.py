"""Wizards of the Vicious Circle: where the two texts (or reasonable players) part ways.

The thrones (designer: an attacker the occupant could capture is captured; illustrated:
it may not attack), the shape of a move, the no-return restriction, the reserves in plain
sight, and old logs (ruleset "1") replaying as they were played.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from grimoire.core.audit import audit, audit_events
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Header
from grimoire.core.logfile import LogReader
from grimoire.core.match import Match
from grimoire.games.vicious_circle import RULES
from grimoire.games.vicious_circle.board import BEATS, KINDS, LETTERS, RANGE
from grimoire.games.vicious_circle.events import Capture, Deploy, Event, GameOver, Move, Setup
from grimoire.testing import scenario

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "vicious-circle"
PAIRS = list(itertools.product(range(5), range(5)))


def at(position: str, **options: str) -> Match:
    return Match.new("vicious-circle", position=position, options=options, dice="recorded")


def refused(match: Match, action: Event) -> str:
    before = (match.state, len(match.events))
    with pytest.raises(IllegalAction) as err:
        match.act(action)
    assert (match.state, len(match.events)) == before
    return err.value.reason


def destinations(match: Match, square: str) -> set[str]:
    seat = min(match.to_act)
    return {a.to for a in match.legal(seat) if isinstance(a, Move) and a.from_ == square}


def throne_attack(attacker: int, occupant: int, **options: str) -> Match:
    """Dawn's ``attacker`` on b2, next to Twilight's throne a1 held by its ``occupant``."""
    return at(f"5/5/5/1{LETTERS[attacker]}3/{LETTERS[occupant].lower()}4 -/- d -,- 0",
              **options)


def pair_id(pair: tuple[int, int]) -> str:
    return f"{KINDS[pair[0]]}-attacks-{KINDS[pair[1]]}"


def assert_attacker_wins(m: Match, attacker: int, occupant: int, events: tuple[Event, ...]
                         ) -> None:
    assert list(events) == [
        Move(player=0, from_="b2", to="a1"),
        Capture(by=0, owner=1, creature=KINDS[occupant], square="a1"),
        GameOver(winners=(0,), reason="throne"),
    ]
    assert m.state.board[20] == LETTERS[attacker]


# ------------------------------------------------------------------ the thrones


@pytest.mark.parametrize(("attacker", "occupant"), PAIRS, ids=map(pair_id, PAIRS))
def test_designer_a_piece_within_an_attacked_castle_is_captured(
    attacker: int, occupant: int
) -> None:
    """"In other words, a piece is automatically captured when within an attacked Castle,
    except if it is that one piece which captures the attacker." "However, if that piece
    can capture your piece, yours would be captured and you do not reach the Castle."
    (designer) Every attacker against every occupant."""
    m = throne_attack(attacker, occupant)
    assert "a1" in destinations(m, "b2")
    events = m.act(Move(player=0, from_="b2", to="a1"))
    if BEATS[occupant][attacker]:
        assert list(events) == [Move(player=0, from_="b2", to="a1"),
                                Capture(by=1, owner=0, creature=KINDS[attacker], square="a1")]
        assert m.state.board[20] == LETTERS[occupant].lower() and m.outcome is None
    else:
        assert_attacker_wins(m, attacker, occupant, events)


@pytest.mark.parametrize(("attacker", "occupant"), PAIRS, ids=map(pair_id, PAIRS))
def test_illustrated_any_creature_captures_on_a_throne_unless_the_defender_could(
    attacker: int, occupant: int
) -> None:
    """"The exceptions to all of this are the two spaces where the Wizards sit on their
    thrones." "These are very hard to defend, so any creature can capture a creature
    occupying one of these spaces unless the creature defending the Wizard could normally
    capture the attacker." (illustrated) With "a creature can end its move in the same space
    as another creature only if it is capturing", an attacker the defender could capture
    may not move there at all (Ruling 6)."""
    m = throne_attack(attacker, occupant, edition="illustrated")
    move = Move(player=0, from_="b2", to="a1")
    if BEATS[occupant][attacker]:
        assert "a1" not in destinations(m, "b2")
        assert refused(m, move) == "move/throne-guarded"
    else:
        assert "a1" in destinations(m, "b2")
        assert_attacker_wins(m, attacker, occupant, m.act(move))


def test_illustrated_the_dragon_example() -> None:
    """"For instance, a Dragon may move onto the throne of the opposing Wizard and capture
    anything there except the opposing Warrior." (illustrated)"""
    dragon = KINDS.index("dragon")
    for occupant in range(5):
        m = throne_attack(dragon, occupant, edition="illustrated")
        if KINDS[occupant] == "warrior":
            assert refused(m, Move(player=0, from_="b2", to="a1")) == "move/throne-guarded"
        else:
            assert m.act(Move(player=0, from_="b2", to="a1"))[-1] == GameOver(
                winners=(0,), reason="throne")


@pytest.mark.parametrize(("edition", "defence", "captured"), [
    ("designer", "blocks", False),
    ("illustrated", "captures", True),
    ("designer", "edition", True),
    ("illustrated", "edition", False),
])
def test_option_throne_defence_overrides_the_edition(
    edition: str, defence: str, captured: bool
) -> None:
    """Option ``throne_defence``: ``captures`` (the designer's reading), ``blocks`` (the
    illustrated reading) or ``edition`` (the default: the edition's own)."""
    m = throne_attack(KINDS.index("dragon"), KINDS.index("warrior"), edition=edition,
                      throne_defence=defence)
    move = Move(player=0, from_="b2", to="a1")
    if captured:
        assert m.act(move)[-1] == Capture(by=1, owner=0, creature="dragon", square="a1")
    else:
        assert refused(m, move) == "move/throne-guarded"


def test_an_unreachable_throne_is_refused_for_its_distance_not_the_cycle() -> None:
    """On the enemy throne any creature may capture ("any creature can capture a creature
    occupying one of these spaces"), so a Dragon three steps from a Child on the throne is
    refused as too far, not as a capture it may not make."""
    m = at("5/5/5/5/c2D1 -/- d -,- 0")  # Dawn's dragon d1, Twilight's child on a1
    assert refused(m, Move(player=0, from_="d1", to="a1")) == "move/too-far"


# ------------------------------------------------------------------ the shape of a move


def test_moves_may_combine_directions() -> None:
    """"Moves can be North, South, East, West, diagonal, or some combination of these."
    (illustrated) The Saint runs c2-d3-e4-e5 (north-east twice, then north)."""
    m = at("5/5/5/2s2/5 -/- t -,- 0")
    assert "e5" in destinations(m, "c2")
    assert m.act(Move(player=1, from_="c2", to="e5"))[-1] == GameOver(
        winners=(1,), reason="throne")


def test_option_paths_straight_keeps_a_move_on_one_line() -> None:
    """Option ``paths=straight``: the designer's "Pieces can move horizontally, vertically,
    or diagonally." read as one direction per move (Ruling 12)."""
    m = at("5/5/5/2s2/5 -/- t -,- 0", paths="straight")
    reached = destinations(m, "c2")
    assert "e5" not in reached
    assert reached == {"d3", "e4", "b3", "a4", "b2", "a2", "b1", "c1", "d1"}
    bent = destinations(at("5/5/5/2s2/5 -/- t -,- 0"), "c2") - reached
    assert bent == {"a1", "a5", "b5", "c4", "c5", "d4", "d5", "e1", "e2", "e5"}  # by turning
    assert refused(m, Move(player=1, from_="c2", to="d4")) == "move/not-straight"
    assert refused(m, Move(player=1, from_="c2", to="e5")) == "move/not-straight"
    assert refused(m, Move(player=1, from_="c2", to="c4")) == "move/blocked"  # the Mountain


def test_option_paths_straight_still_stops_at_the_first_creature() -> None:
    """"No creature can move through an occupied space" holds on straight lines too."""
    m = at("5/5/5/5/sW3 -/- t -,- 0", paths="straight")
    assert {"b1", "c1", "d1"}.isdisjoint(destinations(m, "a1"))
    assert refused(m, Move(player=1, from_="a1", to="c1")) == "move/blocked"


@pytest.mark.parametrize("letter", ["s", "p", "c", "w", "d"])
def test_any_creature_moves_through_open_spaces(letter: str) -> None:
    """"Any creature can move through unoccupied, open spaces." (illustrated) From b1 every
    creature reaches each open square along rank 1 and file b as far as its range, and
    nothing further."""
    m = at(f"5/5/5/5/1{letter}3 -/- t -,- 0")
    reach = RANGE[KINDS.index({"s": "saint", "p": "spirit", "c": "child", "w": "warrior",
                               "d": "dragon"}[letter])]
    reached = destinations(m, "b1")
    for line in (["c1", "d1"], ["b2", "b3"]):  # open squares, nearest first
        for distance, square in enumerate(line, start=1):
            assert (square in reached) == (distance <= reach), square


# ------------------------------------------------------------------ no return


def test_option_no_return_off_allows_going_straight_back() -> None:
    """The illustrated text states no return restriction (the designer's "As in the game of
    Go, a piece may not move from square x to square y and then back to square x in three
    consecutive turns." is its "ONE FINAL MOVEMENT RESTRICTION"): option ``no_return=off``
    plays without it (Ruling 8)."""
    m = at("1W3/5/5/5/2s2 -/- t -,- 0", no_return="off")
    m.act(Move(player=1, from_="c1", to="c2"))
    m.act(Move(player=0, from_="b5", to="c5"))
    assert "c1" in destinations(m, "c2")
    m.act(Move(player=1, from_="c2", to="c1"))
    on = at("1W3/5/5/5/2s2 -/- t -,- 0", edition="illustrated")
    on.act(Move(player=1, from_="c1", to="c2"))
    on.act(Move(player=0, from_="b5", to="c5"))
    assert refused(on, Move(player=1, from_="c2", to="c1")) == "move/no-return"


# ------------------------------------------------------------------ reserves


def test_reserves_are_in_plain_sight_after_the_reveal() -> None:
    """"The two reserve creatures should be placed at the edge of the map." (illustrated)
    Once the screen comes down every seat and the spectator see both reserves."""
    s = scenario("vicious-circle")
    s.act(Setup(player=0, placement=(("saint", "c5"), ("spirit", "d5"), ("child", "e4"))))
    assert s.match.view(1).reserves == ("", "")
    s.act(Setup(player=1, placement=(("dragon", "a1"), ("warrior", "b1"), ("child", "c2"))))
    for seat in (0, 1, None):
        assert s.match.view(seat).reserves == ("WD", "sp")


def test_deployed_creatures_never_go_back_into_reserve() -> None:
    """"After creatures are deployed, they may not go back into reserve." (illustrated)
    Over a whole seeded game no event ever adds a creature to a reserve."""
    from grimoire.bots.random import RandomBot

    deploys = 0
    for seed in range(4):
        m = Match.new("vicious-circle", seed=bytes([seed]) * 16)
        bot = RandomBot(seed)
        sizes: list[tuple[int, int]] = []
        while m.to_act and len(m.events) < 300:
            m.act(bot.choose(m, min(m.to_act)))
            if m.state.turn >= 0:
                sizes.append((len(m.state.reserves[0]), len(m.state.reserves[1])))
        assert all(a[0] >= b[0] and a[1] >= b[1] for a, b in itertools.pairwise(sizes))
        deploys += sum(isinstance(e, Deploy) for e in m.events)
    assert deploys  # the games do deploy, so the check has something to check


# ------------------------------------------------------------------ old logs


def old_header(**options: str) -> Header:
    return Header(game="vicious-circle", rules="1", dice="recorded",
                  players=("Dawn", "Twilight"), position="5/5/5/1D3/w4 -/- d -,- 0",
                  options={"edition": "designer", "rematch": "none", "series": "edition",
                           "no_move": "pass", **options})


def test_a_ruleset_1_log_replays_as_it_was_played() -> None:
    """Ruleset "1" let an illustrated attacker onto a throne its occupant could capture
    (the attacker captured). Such a log still audits: version "1" reads as
    ``throne_defence=captures``; the same events under "2" are refused."""
    events = [Move(player=0, from_="b2", to="a1"),
              Capture(by=1, owner=0, creature="dragon", square="a1")]
    header = old_header(edition="illustrated")
    assert audit_events(RULES, header, events).ok
    now = Header(**{**{f: getattr(header, f) for f in header.__struct_fields__},
                    "rules": RULES.version})
    report = audit_events(RULES, now, events)
    assert not report.ok and report.error is not None
    assert report.error["reason"] == "move/throne-guarded"
    assert RULES.version == "2" and RULES.older["1"]["throne_defence"] == "captures"


def test_the_ruleset_1_fixtures_still_audit() -> None:
    """Every fixture kept from ruleset "1" (``v1-*.jsonl``, as committed before the change)
    says rules "1" in its header and still audits as it did: valid, or (``meta.expect``)
    refused with the same reason; the full games still end."""
    kept = sorted(FIXTURES.glob("v1-*.jsonl"))
    assert len(list(FIXTURES.glob("v1-full-*.jsonl"))) >= 5
    for path in kept:
        with LogReader(path) as reader:
            assert reader.header.rules == "1", path.name
            expect = reader.header.meta.get("expect")
        report = audit(path)
        if expect is None:
            assert report.ok, report.summary()
        else:
            assert report.error is not None and report.error["reason"] == expect
        if path.name.startswith("v1-full-"):
            assert report.outcome is not None, path.name
