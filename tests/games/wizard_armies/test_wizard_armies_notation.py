"""Wizard Armies positions: ``parse`` reads the notation of every position a game can rest
in and refuses everything else, malformed or hostile, with ``position/invalid`` only."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire import IllegalAction, Match
from grimoire.bots import RandomBot
from grimoire.bots.random import play_out
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies.notation import army_max, notation, parse
from grimoire.games.wizard_armies.state import Options, State

PLAYERS = ("Light", "Dark")
BATTLE = "b 1 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -"
RAID = "r 1 9,6 11 3,2 54/- 0 532 0,2 5,2 -"


def refused(text: object, options: Options | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        parse(text, options, PLAYERS)  # type: ignore[arg-type]
    assert err.value.reason == "position/invalid"
    return err.value


def test_the_examples_are_positions() -> None:
    for text in (BATTLE, RAID, "m 1 0,0 00 0,0 -/- - - 0,0 0,0 -",
                 "m 1 7,0 10 0,0 -/- - - 0,0 0,0 -", "d 2 5,6 11 0,0 -/- - - 0,0 0,0 -",
                 "x 4 0,2 11 0,0 -/- - - 0,0 0,0 1:conquest",
                 "x 7 0,0 11 0,0 -/- - - 0,0 0,0 :mutual-destruction"):
        assert notation(parse(text, None, PLAYERS)) == text


HUGE = "9" * 5000  # more digits than int() converts (4,300): a ValueError before kit.number
LONG = "9" * 60  # a long number in a text short enough to be read field by field


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # the shape of the text
        ("", "11 fields"),
        ("b 1 8,6 11 6,4 6622/6543 1 - 2,0 3,4", "11 fields"),
        (BATTLE + " -", "11 fields"),
        ("b " * 3000, "at most 200 characters"),
        ("q 1 0,0 00 0,0 -/- - - 0,0 0,0 -", "phase"),
        # numbers: plain ASCII digits within the game's limits, read by kit.number
        (f"b {LONG} 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -", "round"),
        (f"b 1 {LONG},6 11 6,4 6622/6543 1 - 2,0 3,4 -", "troops"),
        (f"b 1 8,6 11 6,{LONG} 6622/6543 1 - 2,0 3,4 -", "deployed"),
        (f"b 1 8,6 11 6,4 6622/6543 1 - {LONG},0 3,4 -", "lost"),
        (f"b 1 8,6 11 6,4 6622/6543 1 - 2,0 3,{LONG} -", "init"),
        (f"b 1 8,6 11 6,4 6622/6543 {LONG} - 2,0 3,4 -", "turn"),
        ("b 0 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -", "round"),
        ("b 10000 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -", "round"),
        ("b -1 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -", "round"),
        ("b +1 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -", "round"),
        ("b \u0661 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -", "round"),  # an Arabic-Indic one
        ("b 1_0 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -", "round"),
        ("b 1 8,-6 11 6,4 6622/6543 1 - 2,0 3,4 -", "troops"),
        ("b 1 8,6,1 11 6,4 6622/6543 1 - 2,0 3,4 -", "troops"),
        ("b 1 1000,6 11 6,4 6622/6543 1 - 2,0 3,4 -", "troops"),
        ("b 1 8,6 11 7,4 6622/6543 1 - 2,0 3,4 -", "deployed"),
        ("b 1 8,6 11 6,4 6622/6543 1 - 13,0 3,4 -", "lost"),
        ("b 1 8,6 11 6,4 6622/6543 1 - 2,0 7,4 -", "init"),
        ("b 1 8,6 1 6,4 6622/6543 1 - 2,0 3,4 -", "mustered"),
        ("b 1 8,6 12 6,4 6622/6543 1 - 2,0 3,4 -", "mustered"),
        # dice: faces 1-6, largest first, at most six a side
        ("b 1 8,6 11 6,4 6672/6543 1 - 2,0 3,4 -", "field dice"),
        ("b 1 8,6 11 6,4 6602/6543 1 - 2,0 3,4 -", "field dice"),
        ("b 1 8,6 11 6,4 2266/6543 1 - 2,0 3,4 -", "largest first"),
        ("b 1 8,6 11 6,4 66\u06612/6543 1 - 2,0 3,4 -", "field dice"),
        ("b 1 8,6 11 6,4 6622222/6543 1 - 2,0 3,4 -", "field dice"),
        ("b 1 8,6 11 6,4 6622/6543/2 1 - 2,0 3,4 -", "field"),
        ("b 1 8,6 11 6,4 /6543 1 - 2,0 3,4 -", "field dice"),
        # seats: 0 or 1
        ("b 1 8,6 11 6,4 6622/6543 2 - 2,0 3,4 -", "turn"),
        ("b 1 8,6 11 6,4 6622/6543 -1 - 2,0 3,4 -", "turn"),
        ("x 4 0,2 11 0,0 -/- - - 0,0 0,0 2:conquest", "result"),
        ("x 4 0,2 11 0,0 -/- - - 0,0 0,0 11:conquest", "seat twice"),
        ("x 4 0,2 11 0,0 -/- - - 0,0 0,0 1:victory", "result"),
        ("x 4 0,2 11 0,0 -/- - - 0,0 0,0 1", "result"),
    ],
)
def test_malformed_text_is_refused_naming_the_field(text: str, names: str) -> None:
    """Every malformed text is refused with ``position/invalid``, the detail saying which
    field is wrong (and echoing at most a short piece of a long input)."""
    detail = refused(text).detail
    assert names in detail
    assert len(detail) < 400


@pytest.mark.parametrize("where", range(11))
def test_a_number_of_thousands_of_digits_is_refused_not_a_value_error(where: int) -> None:
    """A field of 5,000 digits (more than ``int`` converts) in any place is refused with
    ``position/invalid``, the detail echoing only the start of the text."""
    fields = BATTLE.split()
    fields[where] = HUGE
    assert len(refused(" ".join(fields)).detail) < 200


def test_not_text_is_refused() -> None:
    refused(BATTLE.encode())
    refused(None)


def test_troops_are_limited_by_what_the_army_roll_can_make() -> None:
    """"The players roll two dice to determine army strength": no army is larger than its
    rolls can make under the ``doubles`` option (positions stop at 999 for "repeat")."""
    assert army_max(Options(doubles="none")) == 12
    assert army_max(Options(doubles="once")) == 24
    assert army_max(Options()) == 999
    text = "d 2 {},6 11 0,0 -/- - - 0,0 0,0 -"
    assert parse(text.format(12), Options(doubles="none"), PLAYERS).troops == (12, 6)
    refused(text.format(13), Options(doubles="none"))
    refused(text.format(25), Options(doubles="once"))
    assert parse(text.format(999), None, PLAYERS).troops == (999, 6)
    refused(text.format(1000))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # muster: round 1, no dice, an army exactly for each seat that has rolled
        ("m 2 0,0 00 0,0 -/- - - 0,0 0,0 -", "round 1"),
        ("m 1 7,8 11 0,0 -/- - - 0,0 0,0 -", "phase is 'd'"),
        ("m 1 7,0 00 0,0 -/- - - 0,0 0,0 -", "army is 7"),
        ("m 1 0,0 10 0,0 -/- - - 0,0 0,0 -", "army is 0"),
        ("m 1 1,0 10 0,0 -/- - - 0,0 0,0 -", "army is 1"),
        ("m 1 7,0 10 1,0 -/- - - 0,0 0,0 -", "deployment"),
        ("m 1 7,0 10 0,0 5/- - - 0,0 0,0 -", "no dice"),
        ("m 1 7,0 10 0,0 -/5 - - 0,0 0,0 -", "more dice on the field than troops"),
        ("m 1 7,0 10 0,0 -/- 0 - 0,0 0,0 -", "nobody strikes"),
        ("m 1 7,0 10 0,0 -/- - - 0,0 3,0 -", "initiative"),
        # deployment: both raised, nothing chosen, nothing on the table
        ("d 2 5,6 10 0,0 -/- - - 0,0 0,0 -", "mustered is '11'"),
        ("d 2 5,6 11 3,0 -/- - - 0,0 0,0 -", "secret"),
        ("d 2 5,6 11 0,0 5/- - - 0,0 0,0 -", "no dice"),
        ("d 2 5,6 11 0,0 -/- - 3 0,0 0,0 -", "no dice"),
        ("d 2 5,6 11 0,0 -/- - - 1,0 0,0 -", "losses"),
        ("d 1 5,0 11 0,0 -/- - - 0,0 0,0 -", "troops roll is still due"),
        # battle: the seat to strike can, and everything on the table adds up
        ("b 1 8,6 11 6,4 6622/6543 - - 2,0 3,4 -", "seat to strike"),
        ("b 1 8,6 11 0,4 -/6543 1 - 2,0 3,4 -", "at least 1"),
        ("b 1 8,6 11 6,4 6622/6543 1 - 2,0 0,4 -", "initiative"),
        ("b 1 8,6 11 6,4 6622/6543 1 - 2,0 4,4 -", "initiative"),
        ("b 1 8,6 11 3,4 6622/6543 1 - 2,0 3,4 -", "more dice on the field than deployed"),
        ("b 1 8,6 11 6,4 6621/6543 1 - 2,0 3,4 -", "cowards"),
        ("b 1 8,6 11 6,4 6622/6543 1 - 11,0 3,4 -", "lost more units"),
        ("b 1 8,6 11 6,4 6622/- 0 - 0,0 3,4 -", "battle roll is still due"),
        ("b 1 8,6 11 6,4 6622/6543 1 5 2,0 3,4 -", "only in a raid"),
        ("b 1 8,6 11 2,1 54/2 1 - 0,0 3,4 -", "has no strike"),  # Dark to strike, cannot
        ("b 1 8,6 11 2,2 32/5 0 - 0,0 3,4 -", "has no strike"),  # 3+2 is no more than 5
        ("b 1 8,6 11 6,4 6622/- 1 - 2,1 3,4 -", "has no strike"),  # a raid is due
        ("b 1 8,6 11 2,1 62/- 0 - 0,1 3,4 -", "has no strike"),  # a raid is due
        # raid: the raider strikes rolled units of a camp with no dice on the field
        ("r 1 9,6 11 3,2 54/- - 532 0,2 5,2 -", "seat to strike"),
        ("r 1 9,6 11 3,2 54/3 0 532 0,2 5,2 -", "no dice on the field"),
        ("r 1 9,6 11 3,2 54/- 0 - 0,2 5,2 -", "camp units"),
        ("r 1 9,3 11 3,2 54/- 0 5322 0,2 5,2 -", "camp units"),
        ("r 1 9,6 11 3,2 22/- 0 66 0,2 5,2 -", "no strike left"),
        # the end: an army gone, the result it makes, nothing on the table
        ("x 1 0,2 11 0,0 -/- - - 0,0 0,0 1:conquest", "round is 2 or more"),
        ("x 4 3,2 11 0,0 -/- - - 0,0 0,0 1:conquest", "only when an army is gone"),
        ("x 4 0,2 11 0,0 -/- - - 0,0 0,0 0:conquest", "'1:conquest'"),
        ("x 4 0,0 11 0,0 -/- - - 0,0 0,0 1:conquest", "':mutual-destruction'"),
        ("x 4 0,2 11 0,0 -/- - - 0,0 0,0 :mutual-destruction", "'1:conquest'"),
        ("x 4 0,2 10 0,0 -/- - - 0,0 0,0 1:conquest", "mustered"),
        ("x 4 0,2 11 0,0 -/- - - 1,0 0,0 1:conquest", "losses"),
        ("b 1 8,6 11 6,4 6622/6543 1 - 2,0 3,4 1:conquest", "exactly when"),
        ("x 4 0,2 11 0,0 -/- - - 0,0 0,0 -", "exactly when"),
    ],
)
def test_an_inconsistent_position_is_refused(text: str, names: str) -> None:
    """A position whose phase needs something it lacks (or has what the phase cannot
    have) is no position a game can rest in: refused, the detail saying what is wrong."""
    assert names in refused(text).detail


@pytest.mark.parametrize(
    ("text", "finished"),
    [
        ("d 3 0,4 11 0,0 -/- - - 0,0 0,0 -", "x 3 0,4 11 0,0 -/- - - 0,0 0,0 1:conquest"),
        ("d 5 3,0 11 0,0 -/- - - 0,0 0,0 -", "x 5 3,0 11 0,0 -/- - - 0,0 0,0 0:conquest"),
        ("d 5 0,0 11 0,0 -/- - - 0,0 0,0 -",
         "x 5 0,0 11 0,0 -/- - - 0,0 0,0 :mutual-destruction"),
        ("b 2 0,4 11 1,2 -/54 1 - 1,0 3,4 -", "x 3 0,4 11 0,0 -/- - - 0,0 0,0 1:conquest"),
    ],
)
def test_a_position_whose_army_is_gone_is_refused_as_a_finished_war(
    text: str, finished: str
) -> None:
    """"The last one with troops remaining wins the war.": a position in which an army is
    already gone has met the victory condition, so it is no war under way. It is refused
    (ruling 17), and the detail gives the finished war's notation, which loads with its
    outcome."""
    assert repr(finished) in refused(text).detail
    m = Match.new("wizard-armies", position=finished, dice="recorded")
    assert m.outcome is not None and m.to_act == frozenset()
    troops = m.state.troops
    assert m.outcome.winners == tuple(s for s in (0, 1) if troops[s])


# ------------------------------------------------------------------ damaged notation


def _notations() -> list[str]:
    """The positions seeded bot games rest in (every option), in notation."""
    out: dict[str, None] = {}
    options: list[dict[str, str]] = [{}, {"doubles": "once"}, {"doubles": "none"},
                                     {"battle_end": "empty-field"}]
    for seed in range(16):
        m = Match.new("wizard-armies", seed=f"{seed:064x}", options=options[seed % 4])
        bot = RandomBot(seed)
        while True:
            with contextlib.suppress(IllegalAction):  # a secret deployment: no notation
                out[RULES.notation(m.state)] = None
            if not play_out(m, bot, max_actions=1):
                break
    return list(out)


VALID = _notations()
HOSTILE = ["-", "0", "1", "6", "7", "00", "-1", "+1", HUGE, "1e3", "\u0663", "\uff11",
           "0,0", "9,9", "66666666", "1:conquest", ":", "/", "x", "\x00", "", "  "]
CHARS = [*"0123456789-,/:abcmdrx WQ", "\u0663", "\u00e9", "\t", "\n"]


@st.composite
def damaged(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(VALID))
    fields = text.split(" ")
    kind = draw(st.sampled_from(["digit", "digit", "mix", "mix", "mix", "char", "delete",
                                 "insert", "field", "swap", "drop", "dup"]))
    pos = draw(st.integers(0, len(text) - 1))
    i = draw(st.integers(0, len(fields) - 1))
    j = draw(st.integers(0, len(fields) - 1))
    if kind == "digit":  # a well-formed text, likely an inconsistent position
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        k = digits[pos % len(digits)]
        return text[:k] + draw(st.sampled_from("0123456789")) + text[k + 1:]
    if kind == "mix":  # a field of another position a game rested in
        other = draw(st.sampled_from(VALID)).split(" ")
        fields[i] = other[i]
        return " ".join(fields)
    if kind == "char":
        return text[:pos] + draw(st.sampled_from(CHARS)) + text[pos + 1:]
    if kind == "delete":
        return text[:pos] + text[pos + 1:]
    if kind == "insert":
        return text[:pos] + draw(st.sampled_from(CHARS)) + text[pos:]
    if kind == "field":
        fields[i] = draw(st.sampled_from(HOSTILE + [f.split(",")[0] for f in fields]))
    elif kind == "swap":
        fields[i], fields[j] = fields[j], fields[i]
    elif kind == "drop":
        del fields[i]
    else:
        fields.insert(i, fields[j])
    return " ".join(fields)


def test_the_damaged_notations_start_from_many_positions() -> None:
    phases = {text[0] for text in VALID}
    assert len(VALID) > 150 and phases == set("mdbrx")


@settings(max_examples=400, derandomize=True, deadline=None)
@given(text=damaged(), doubles=st.sampled_from(["repeat", "once", "none"]),
       battle_end=st.sampled_from(["no-strike", "empty-field"]))
def test_damaged_notation_parses_to_a_position_or_is_refused(
    text: str, doubles: str, battle_end: str
) -> None:
    """A valid notation from a seeded game, damaged (a character changed, dropped or added;
    a field replaced by a hostile value, swapped, dropped or repeated), either is refused
    with ``position/invalid`` and nothing else, or is a position a game can rest in: its
    notation round-trips, and every seat to act has a legal action."""
    options = Options(doubles=doubles, battle_end=battle_end)  # type: ignore[arg-type]
    try:
        state = parse(text, options, PLAYERS)
    except IllegalAction as exc:
        assert exc.reason == "position/invalid"
        assert exc.reason in RULES.reasons
        return
    assert isinstance(state, State)
    again = notation(state)
    assert parse(again, options, PLAYERS) == state
    assert notation(parse(again, options, PLAYERS)) == again
    if RULES.outcome(state) is None:
        assert RULES.to_act(state)
    for seat in RULES.to_act(state):
        assert list(RULES.legal(state, seat))
