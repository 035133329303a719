"""Wizards of the Vicious Circle positions: ``parse`` refuses every malformed, hostile or
impossible text with ``position/invalid`` and nothing else; a finished position loads as a
finished game; what it accepts round-trips."""

from __future__ import annotations

import functools
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.bots.random import RandomBot
from grimoire.core.errors import IllegalAction
from grimoire.core.kit import read_ranks, write_ranks
from grimoire.core.match import Match
from grimoire.games.vicious_circle import RULES
from grimoire.games.vicious_circle.board import PIECE
from grimoire.games.vicious_circle.events import Move, Pass
from grimoire.games.vicious_circle.notation import notation, parse
from grimoire.games.vicious_circle.reasons import REASONS
from grimoire.games.vicious_circle.state import Options

PLAYERS = ("Dawn", "Twilight")


def refusal(text: Any, **options: str) -> str:
    """The detail of ``parse``'s refusal (which must be ``position/invalid``)."""
    with pytest.raises(IllegalAction) as err:
        parse(text, Options(**options), PLAYERS)  # type: ignore[arg-type]
    assert err.value.reason == "position/invalid"
    return err.value.detail


@pytest.mark.parametrize(("text", "why"), [
    # not notation at all
    ("", "expected 5 fields"),
    ("5/5/5/5/5 -/- t -,-", "expected 5 fields"),
    ("5/5/5/5/5 -/- t -,- 0 0", "expected 5 fields"),
    ("5/5/5/5 -/- t -,- 0", "expected 5 ranks"),
    ("6/5/5/5/5 -/- t -,- 0", "is not 5 squares"),
    ("99999999999999999999/5/5/5/5 -/- t -,- 0", "is not 5 squares"),
    ("X4/5/5/5/5 -/- t -,- 0", "unknown creature letter 'X'"),
    ("5/5/5/5/5 - t -,- 0", "reserves are DAWN/TWILIGHT"),
    ("5/5/5/5/5 -/-/- t -,- 0", "reserves are DAWN/TWILIGHT"),
    ("5/5/5/5/5 / t -,- 0", "reserve is empty: write '-'"),
    ("5/5/5/5/5 s/- t -,- 0", "'s' cannot be in Dawn's reserve"),
    ("5/5/5/5/5 -/X t -,- 0", "'X' cannot be in Twilight's reserve"),
    ("5/5/5/5/5 -/- x -,- 0", "turn 'x' is 'd' (Dawn) or 't' (Twilight)"),
    ("5/5/5/5/5 -/- dt -,- 0", "turn 'dt'"),
    ("5/5/5/5/5 -/- t - 0", "last moves are DAWN,TWILIGHT"),
    ("5/5/5/5/5 -/- t z9z9,- 0", "last move 'z9z9' is not like"),
    ("5/5/5/5/5 -/- t c5c,- 0", "last move 'c5c' is not like"),
    # numbers: kit.number, bounded by the game's real limits
    ("5/5/5/5/5 -/- t -,- x", "passes 'x' is not a whole number from 0 to 2"),
    ("5/5/5/5/5 -/- t -,- -1", "passes '-1' is not a whole number from 0 to 2"),
    ("5/5/5/5/5 -/- t -,- 3", "passes '3' is not a whole number from 0 to 2"),
    ("5/5/5/5/5 -/- t -,- 00", "passes '00'"),
    ("5/5/5/5/5 -/- t -,- \u0663", "is not a whole number"),  # an Arabic-Indic three
    ("5/5/5/5/5 -/- t -,- \u00b2", "is not a whole number"),  # a superscript two
    ("5/5/5/5/5 -/- t -,- " + "9" * 60, "is not a whole number from 0 to 2"),
    # counts against the game's limits
    ("5/5/5/5/5 CWD/- t -,- 0", "Dawn has 3 creatures in reserve; a reserve holds at most 2"),
    ("5/5/5/5/5 -/spc t -,- 0", "Twilight has 3 creatures in reserve"),
    ("2S2/5/5/5/5 SW/- t -,- 0", "Dawn has 'S' twice"),
    ("5/5/5/5/5 CC/- t -,- 0", "Dawn has 'C' twice"),
    ("5/5/5/5/ss3 -/- t -,- 0", "Twilight has 's' twice"),
    # creatures where none could stand
    ("W4/5/5/5/5 -/- t -,- 0", "a warrior cannot stand on a5, a Shrine"),
    ("5/5/2w2/5/5 -/- t -,- 0", "a warrior cannot stand on c3, the Mountain"),
    ("5/1C3/5/5/5 -/- t -,- 0", "a child cannot stand on b4, a Swamp"),
    ("5/5/p4/5/5 -/- t -,- 0", "a spirit cannot stand on a3, a Village"),
    # the thrones: a finished game must be one
    ("4s/5/5/5/S4 -/- d c2a1,c2e5 0", "both thrones are taken"),
    ("4s/5/5/5/5 -/- t -,c2e5 0", "Twilight is on e5, the enemy throne, so Twilight moved last"),
    ("4s/5/5/5/5 -/- d -,- 0", "Twilight won by moving onto e5: its last move (LAST) ends"),
    ("4s/5/5/5/5 -/- d -,c2e5 1", "a game won on a throne has no passes after the win"),
    # last moves must fit the board
    ("5/5/5/5/s4 -/- d -,a1a1 0", "last move 'a1a1' goes nowhere"),
    ("5/5/5/5/s4 -/- d -,a2b2 0", "last move 'a2b2' ends on an empty square"),
    ("5/5/5/5/p4 -/- d -,c1a1 0", "the spirit on a1 cannot have come from c1"),
    ("5/5/5/5/sw3 -/- d -,b1a1 0", "Twilight moved b1a1 last, yet b1 is occupied"),
    ("5/5/5/5/1C3 -/- d -,c2b1 0", "Twilight moved c2b1 last, yet the enemy stands on b1"),
    ("4S/5/5/5/s4 -/- t a1e5,- 0", "Dawn's last move 'a1e5' is longer than any creature's"),
    ("5/2D2/5/1C3/5 -/- t c5c4,c2b2 0",
     "the enemy on b2 must have captured there since Twilight moved c2b2, yet Dawn's last"),
    ("5/5/5/1C3/5 -/- t -,c2b2 1",
     "Dawn passed since Twilight moved c2b2, yet the enemy stands on b2"),
    # passes need seats that had nothing to do
    ("5/5/5/5/s4 -/- d -,- 1", "Twilight passed, but has"),
    ("5/5/5/2s2/5 -/- d -,c1c2 1", "Twilight passed, so its last move is '-'"),
])
def test_parse_refuses_malformed_hostile_and_impossible_positions(text: str, why: str) -> None:
    """Part B: every malformed or hostile text, every count beyond the game's limits and
    every inconsistent position is refused with ``position/invalid``, its detail saying
    why."""
    assert why in refusal(text)


def test_a_creature_may_stand_on_its_own_terrain() -> None:
    """The terrain check refuses only what no creature could do: a Saint on a Shrine, a
    Dragon on the Mountain are positions of play."""
    assert parse("S4/5/2d2/5/5 -/- t -,- 0", Options(), PLAYERS).board[0] == "S"


def test_parse_refuses_what_is_not_text_or_is_too_long() -> None:
    assert "a position is text, not NoneType" in refusal(None)
    assert "a position is text, not bytes" in refusal(b"5/5/5/5/5 -/- t -,- 0")
    huge = "5/" * 500_000 + "5 -/- t -,- 0"
    detail = refusal(huge)
    assert "characters; no position is longer than 100" in detail and len(detail) < 200


def test_two_passes_under_no_move_lose_are_refused() -> None:
    """Ruling 9: with ``no_move=lose`` the first pass ends the game."""
    assert "the first pass ends the game" in refusal("5/5/5/5/5 -/- t -,- 2", no_move="lose")


@pytest.mark.parametrize("text", [
    "5/5/5/1C3/5 -/- t b3b2,c2b2 0",  # Twilight's creature went to b2; Dawn's child took it
    "2W2/5/5/5/5 -/- t -,d4c5 0",     # Twilight's creature went to c5; a warrior deployed
    "5/5/5/w4/5 -/- d b2a1,a1a2 0",   # the warrior took the attacker on a1, then moved on
])
def test_a_last_move_whose_creature_was_captured_since_fits(text: str) -> None:
    """LAST keeps a move whose creature the opponent captured since (by a move ending
    there, or a deploy into its domain), or that the throne's defender captured."""
    assert notation(parse(text, Options(), PLAYERS)) == text


def test_the_defender_on_its_throne_may_have_captured_the_last_attacker() -> None:
    """Dawn's dragon moved b2-a1 last and was captured by the warrior on the throne: a
    position of the designer's reading (Ruling 6), impossible in the illustrated one."""
    text = "5/5/5/5/w4 -/- t b2a1,- 0"
    assert parse(text, Options(), PLAYERS).result == ""
    assert "yet the enemy stands on a1" in refusal(text, edition="illustrated")
    moved_on = "5/5/5/w4/5 -/- d b2a1,a1a2 0"
    assert "ends on an empty square" in refusal(moved_on, edition="illustrated")


# ------------------------------------------------------------------ finished positions


@pytest.mark.parametrize(("text", "options", "winners", "reason"), [
    ("4s/5/5/5/5 -/- d -,c2e5 0", {}, (1,), "throne"),
    ("5/5/5/5/D4 -/- t b2a1,- 0", {}, (0,), "throne"),
    ("5/5/5/5/5 -/- t -,- 2", {}, (), "stalemate"),
    ("5/5/5/5/5 -/- t -,- 1", {"no_move": "lose"}, (1,), "no-move"),
])
def test_a_position_that_meets_a_victory_condition_loads_as_a_finished_game(
    text: str, options: dict[str, str], winners: tuple[int, ...], reason: str
) -> None:
    """Ruling 17: "The game ends when one of the players has a creature in the same space as
    the opposing player's Wizard." A position with a creature on the enemy throne (or the
    passes that end the game) is a finished game: its outcome is computed when it is parsed,
    nobody is to act, and it round-trips."""
    state = parse(text, Options(**options), PLAYERS)
    assert (state.winners, state.result) == (winners, reason)
    m = Match.new("vicious-circle", position=text, options=options, dice="recorded")
    assert m.outcome is not None and m.outcome.winners == winners
    assert m.to_act == frozenset()
    assert notation(state) == text


def test_the_notation_of_a_won_game_round_trips_through_play() -> None:
    """The state after a winning move writes a position that parses to the same end."""
    m = Match.new("vicious-circle", position="5/5/5/2s2/5 -/- t -,- 0", dice="recorded")
    m.act(Move(player=1, from_="c2", to="e5"))
    text = notation(m.state)
    assert text == "4s/5/5/5/5 -/- d -,c2e5 0"
    back = parse(text, Options(), PLAYERS)
    assert back == m.state


# ------------------------------------------------------------------ lenient, ruleset 1


@pytest.mark.parametrize("text", [
    "W4/5/5/5/2s2 -/- t -,- 0",       # a warrior on the a5 Shrine (the old fixtures')
    "2S1D/5/5/5/s4 CW/pcwd d -,- 0",  # four in reserve (the old doctest's)
    "5/5/5/5/5 -/- t -,- 7",
])
def test_option_position_check_lenient_reads_positions_as_ruleset_1_did(text: str) -> None:
    """``position_check=lenient`` checks only the syntax, as ruleset 1 did, so logs of
    ruleset 1 that start from such positions still replay; the default refuses them."""
    refusal(text)
    state = parse(text, Options(position_check="lenient"), PLAYERS)
    assert notation(state) == text
    assert RULES.older["1"]["position_check"] == "lenient"


def test_reserves_are_written_in_the_creatures_order() -> None:
    state = parse("5/5/5/5/5 WC/dp t -,- 0", Options(), PLAYERS)
    assert state.reserves == ("CW", "pd")
    assert notation(state) == "5/5/5/5/5 CW/pd t -,- 0"


# ------------------------------------------------------------------ the property


@functools.cache
def valid_notations() -> tuple[tuple[str, Options], ...]:
    """Every position of a few seeded bot games, under a few option sets."""
    out = []
    for seed, options in enumerate([Options(), Options(edition="illustrated"),
                                    Options(no_move="lose", paths="straight"),
                                    Options(no_return="off")]):
        m = Match.new("vicious-circle", seed=bytes([seed + 1]) * 16,
                      options=msgspec.to_builtins(options))
        bot = RandomBot(seed)
        while m.to_act and len(m.events) < 200:
            m.act(bot.choose(m, min(m.to_act)))
            if m.state.turn >= 0:
                out.append((notation(m.state), options))
    return tuple(dict.fromkeys(out))


HOSTILE = "0123456789SPCWDspcwdxX/-, \t\u0663\u00b2\uff10\u2003abcde12345"
CELLS = ".SPCWDspcwd"


def board_cells(ranks: str) -> list[str]:
    return [cell for row in read_ranks("", ranks, 5, 5, pieces=PIECE) for cell in row]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Options]:
    """A valid notation changed a few times: a square, a reserve, the turn, a last move or
    the passes rewritten (well-formed, often impossible), or characters inserted, deleted or
    replaced, fields swapped or repeated, runs of digits added (malformed, hostile)."""
    bases = valid_notations()
    text, options = bases[draw(st.integers(0, len(bases) - 1))]
    for _ in range(draw(st.integers(1, 3))):
        fields = text.split(" ")
        op = draw(st.sampled_from(["square", "square", "reserve", "turn", "last", "last",
                                   "passes", "insert", "delete", "replace", "swap",
                                   "repeat", "digits"]))
        if len(fields) == 5 and op in ("square", "reserve", "turn", "last", "passes"):
            board, reserves, turn, last, passes = fields
            if op == "square":
                try:
                    cells = board_cells(board)
                except IllegalAction:
                    continue
                cells[draw(st.integers(0, 24))] = draw(st.sampled_from(CELLS))
                board = write_ranks([cells[r * 5:r * 5 + 5] for r in range(5)])
            elif op == "reserve":
                sides = [*reserves.split("/"), "-"]
                side = draw(st.integers(0, 1))
                sides[side] = draw(st.text("SPCWDspcwd", max_size=3)) or "-"
                reserves = "/".join(sides[:2])
            elif op == "turn":
                turn = draw(st.sampled_from("dt"))
            elif op == "last":
                squares = st.sampled_from([f"{f}{r}" for f in "abcde" for r in "12345"])
                moves = [*last.split(","), "-"]
                moves[draw(st.integers(0, 1))] = draw(st.sampled_from(
                    ["-", draw(squares) + draw(squares)]))
                last = ",".join(moves[:2])
            else:
                passes = draw(st.sampled_from("0120"))
            text = " ".join((board, reserves, turn, last, passes))
            continue
        i = draw(st.integers(0, max(len(text) - 1, 0)))
        if op == "insert":
            text = text[:i] + draw(st.text(HOSTILE, min_size=1, max_size=3)) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 3)):]
        elif op == "replace":
            text = text[:i] + draw(st.sampled_from(HOSTILE)) + text[i + 1:]
        elif op == "digits":
            text = text[:i] + "9" * draw(st.integers(2, 40)) + text[i:]
        else:
            a, b = (draw(st.integers(0, len(fields) - 1)) for _ in range(2))
            if op == "swap":
                fields[a], fields[b] = fields[b], fields[a]
            else:
                fields.insert(a, fields[b])
            text = " ".join(fields)
    return text, options


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(mutated())
def test_parse_returns_a_position_that_round_trips_or_refuses_with_a_listed_code(
    case: tuple[str, Options],
) -> None:
    """Part B: mutated notations from seeded bot games either parse to a state whose
    notation round-trips, or are refused with a reason code the game lists; ``parse``
    raises nothing else."""
    text, options = case
    try:
        state = parse(text, options, PLAYERS)
    except IllegalAction as refused:
        assert refused.reason in REASONS
        return
    written = notation(state)
    again = parse(written, options, PLAYERS)
    assert again == state
    assert notation(again) == written


def test_every_position_of_the_seeded_games_parses_back() -> None:
    """The property's seeds are themselves valid: each parses to the same notation."""
    for text, options in valid_notations():
        assert notation(parse(text, options, PLAYERS)) == text


def test_positions_after_passes_parse_back() -> None:
    """A pass is written as PASSES; the position after it parses back to the same state,
    including after a pass forced by the no-return rule (the passer's one move was barred
    then, and is open again now that its LAST reads '-')."""
    m = Match.new("vicious-circle", position="5/4C/5/Wp3/1D3 -/- t -,- 0", dice="recorded")
    m.act(Move(player=1, from_="b2", to="a1"))
    m.act(Move(player=0, from_="e4", to="e3"))
    assert [type(a) for a in m.legal(1)] == [Pass]  # a1-b2 is a return
    m.act(Pass(player=1))
    text = notation(m.state)
    assert text == "5/5/4C/W4/pD3 -/- d e4e3,- 1"
    assert parse(text, Options(), PLAYERS) == m.state
    assert "Twilight passed, but has 1 actions" in refusal(text, no_return="off")
    m = Match.new("vicious-circle", position="5/5/5/5/5 -/- t -,- 0", dice="recorded")
    m.act(Pass(player=1))
    assert parse(notation(m.state), Options(), PLAYERS) == m.state
    m.act(Pass(player=0))
    assert parse(notation(m.state), Options(), PLAYERS) == m.state
    assert m.state.result == "stalemate"
