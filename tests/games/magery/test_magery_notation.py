"""Magery positions from hostile text: ``parse`` reads a position some game reaches, or
refuses the text with ``position/invalid``; it never raises anything else.

The property test damages valid notations written from seeded bot games (characters
changed, cut or added, fields dropped, doubled or swapped between positions, huge
numbers) and checks every outcome: a refusal with a listed reason code, or a state whose
notation reads back the same and on which ``legal``, ``decide`` and the board raise
nothing.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.bots.random import RandomBot
from grimoire.core.dice import SeededDice
from grimoire.core.errors import IllegalAction
from grimoire.core.match import Match
from grimoire.games.magery import RULES
from grimoire.games.magery.notation import KEYS
from grimoire.games.magery.state import Options, State

PLAYERS = ("White", "Black")
OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"archmage": "ultimate", "rotating": True},
    {"archmage": "archmage", "twelfth_card": "magus", "enchanted": "dead"},
    {"round_limit": 30, "rotating": True},
)
BASE = "arena=u7/8/8/8/8/8/8/7U"


def refused(text: str, options: Options | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        RULES.parse(text, options or Options(), PLAYERS)
    return err.value


@pytest.mark.parametrize(("text", "why"), [
    (BASE + " round=" + "9" * 5000, "a number of 5,000 digits (int() would raise)"),
    (BASE + " round=\u0661", "a non-ASCII digit"),
    (BASE + " round=0", "round 0 outside the setup"),
    (BASE + " round=50000001", "a round no log can reach"),
    (BASE + " placed=23", "more placements than chambers"),
    (BASE + " placed=-1", "a negative count"),
    (BASE + " extra=bbb phase=action tower=U", "more Seer's turns than the Seer gives"),
    (BASE + " orb=x", "a seat out of range"),
    (BASE + " turn=c", "a seat out of range"),
    (BASE + " over=2:stalemate", "a seat out of range"),
    (BASE + " passed=ww", "a seat twice"),
    (BASE + " dealt=2", "dealt is 0 or 1"),
    (BASE + " phase=over", "no such phase"),
    (BASE + " phase=action pending=seer@13:U chaos=-", "a pending power with no card"),
    (BASE + " phase=action pending=seer@13:U chaos=seer tower=............U",
     "a pending power on a chamber that is not empty"),
    (BASE + " phase=action pending=oracle@8:U", "a power that is not the chamber's"),
    (BASE + " phase=action pending=dragon@8:u", "the opponent's minion removed"),
    (BASE + " phase=decision pending=dragon@8:U", "a pending power outside the action phase"),
    (BASE + " phase=action pending=magus@13:U chaos=dream-lord,magus",
     "a Dream Lord dreaming a card in the Tower"),
    ("arena=u7/8/8/8/8/8/8/UUU4U dead=-/- phase=action pending=undead@1:U",
     "the removed minion is not in the reserve (all three undead are out)"),
    (BASE + " deck=seer,seer", "more cards than the deck has"),
    (BASE + " chaos=dream-lord,dream-lord deck=dream-lord", "three Dream Lords"),
    ("arena=UUUU4/8/8/8/8/8/8/7u", "four undead"),
    (BASE + " dead=DDDD/-", "four dead dragons"),
    (BASE + " private=seer/magus", "private cards without the Archmage option"),
    (BASE + " shielded=d4,d4 phase=action", "a square shielded twice"),
    (BASE + " shielded=a8", "a shield outside the action phase"),
    (BASE + " runes=w", "runes outside the action phase"),
    (BASE + " tower=UU placed=1", "placed disagrees with the Tower"),
    (BASE + " relocated=5 phase=action tower=U", "a relocated chamber with no minion"),
    (BASE + " relocated=5,5 phase=action tower=U...U", "a chamber relocated twice"),
    (BASE + " phase=setup", "Black arranged before White"),
    ("arena=8/8/8/8/8/8/8/U7 phase=setup tower=U", "a minion in the Tower during the setup"),
    ("arena=8/8/8/8/8/8/U7/8 phase=setup", "a minion off its back row in the setup"),
    ("arena=8/8/8/8/8/8/8/UU6 phase=setup", "two undead arranged"),
    ("arena=8/8/8/8/8/8/8/U7 phase=setup dealt=0", "an undealt deck too small to deal"),
    (BASE + " dealt=0", "an undealt deck after the setup"),
    ("arena=8/8/8/8/8/8/8/8", "both sides cleared from the Arena"),
    (BASE + " over=w:won", "no such ending"),
    ("arena=8/8/8/8/8/8/8/U7 phase=setup over=-:stalemate", "an ending in the setup"),
    (BASE + " phase=action pending=undead@1:U over=-:stalemate", "an ending mid-turn"),
    ("arena=u7/8/8/8/8/8/8/7U dead=DDD/- phase=action pending=undead@1:U",
     "a victory mid-turn (removing a minion changes neither the Arena nor the dead)"),
])
def test_hostile_and_inconsistent_positions_are_refused(text: str, why: str) -> None:
    """Every malformed or impossible position is refused with ``position/invalid``."""
    assert refused(text).reason == "position/invalid", why


def test_a_refusal_quotes_a_huge_field_shortly() -> None:
    """A refusal echoes the input, and quotes a field of thousands of characters shortly
    in its reason (the text itself is quoted once, as every refusal does)."""
    text = BASE + " round=" + "9" * 5000
    err = refused(text)
    assert len(err.detail) < len(repr(text)) + 100


def test_not_text_is_refused() -> None:
    """Bytes (or anything else) are not a position."""
    with pytest.raises(IllegalAction) as err:
        RULES.parse(BASE.encode(), Options(), PLAYERS)  # type: ignore[arg-type]
    assert err.value.reason == "position/invalid"


def test_rotating_chaos_lords_needs_a_card_on_every_chaos_floor() -> None:
    """With Rotating Chaos Lords a chaos floor in play without a card would rotate an empty
    card into the discard; only floor 13, between a rotation and its flip, may be empty."""
    options = Options(rotating=True)
    assert refused(BASE + " chaos=seer,-,magus,alchemist", options).reason == (
        "position/invalid")
    s = RULES.parse(BASE + " chaos=-,seer,magus,alchemist phase=action deck=conjurer",
                    options, PLAYERS)
    assert s.cards[0] == "" and RULES.legal(s, s.turn) == []


def test_archmage_chaos_floors_beyond_its_own_are_empty() -> None:
    """"floor 16 of the Tower is empty" (Archmage); "floors 14-16 ... are left empty"
    (Ultimate Archmage): a card there is refused."""
    assert refused(BASE + " chaos=seer,magus,alchemist,conjurer",
                   Options(archmage="archmage")).reason == "position/invalid"
    assert refused(BASE + " chaos=seer,magus", Options(archmage="ultimate")).reason == (
        "position/invalid")


def test_the_placed_count_defaults_to_the_minions_in_the_tower() -> None:
    """In the decision phase every minion in the Tower was placed this phase."""
    s = RULES.parse(BASE + " tower=UU", Options(), PLAYERS)
    assert s.placed == 2


# ---------------------------------------------------------------- the property


@functools.cache
def corpus() -> tuple[tuple[str, int], ...]:
    """Notations of positions from seeded bot games (the setup, a few of its moments, then
    every 20th event), with the index of the options they were played under."""
    out: list[tuple[str, int]] = []
    for i, options in enumerate(OPTIONS):
        m = Match.new("magery", options=options, seed=bytes([40 + i]) * 32)
        bot = RandomBot(i)
        state = m.state
        out.append((RULES.notation(state), i))
        n = 0
        while m.to_act and n < 900:
            seat = min(m.to_act)
            for event in m.act(bot.choose(m, seat)):
                state = RULES.evolve(state, event)
                n += 1
                if n % 20 == 0 or n in (2, 9, 15):  # a few from the setup too
                    out.append((RULES.notation(state), i))
    return tuple(out)


TOKENS = (
    "=", "/", ",", "-", "@", ":", "!", ".", " ", "0", "1", "3", "9" * 5000, "\u0663", "\n",
    "round=", "placed=", "extra=bbb", "pending=", "over=w:", "relocated=13", "dealt=0",
    "seer", "magus", "dream-lord", "w1", "b3", "17", "U", "u", "D", "x", "ü",
)


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, int]:
    """A notation from the corpus, damaged one to three times: mostly inside one field's
    value (a character changed, a token added, a piece cut), or a field dropped, doubled
    or taken from another position (so each value is valid somewhere, but perhaps not
    with the rest)."""
    texts = corpus()
    text, options = texts[draw(st.integers(0, len(texts) - 1))]
    tokens = text.split(" ")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.integers(0, 7))
        i = draw(st.integers(0, len(tokens) - 1)) if tokens else 0
        if kind <= 2 and tokens:
            key, _, value = tokens[i].partition("=")
            j = draw(st.integers(0, len(value)))
            if kind == 0 and value:  # change a character
                j = min(j, len(value) - 1)
                value = value[:j] + draw(st.sampled_from(TOKENS))[:1] + value[j + 1:]
            elif kind == 1:  # add a token
                value = value[:j] + draw(st.sampled_from(TOKENS)) + value[j:]
            else:  # cut
                value = value[:j] + value[draw(st.integers(j, len(value))):]
            tokens[i] = f"{key}={value}"
        elif kind == 3 and tokens:  # drop or double a field
            tokens[i:i + 1] = [] if draw(st.booleans()) else [tokens[i], tokens[i]]
        elif kind == 4 and tokens:  # a field's whole value replaced by a token
            tokens[i] = f"{tokens[i].partition('=')[0]}={draw(st.sampled_from(TOKENS))}"
        elif kind == 7:  # anywhere in the text
            text = " ".join(tokens)
            j = draw(st.integers(0, len(text)))
            text = text[:j] + draw(st.sampled_from(TOKENS)) + text[j + 1:]
            tokens = text.split(" ")
        else:  # a field from another position
            other = texts[draw(st.integers(0, len(texts) - 1))][0].split(" ")
            field = draw(st.sampled_from(other))
            key = field.partition("=")[0]
            tokens = [t for t in tokens if t.partition("=")[0] != key] + [field]
    if draw(st.integers(0, 3)) == 0:
        options = draw(st.integers(0, len(OPTIONS) - 1))  # maybe not the game's options
    return " ".join(tokens), options


@st.composite
def mixed(draw: st.DrawFn) -> tuple[str, int]:
    """Each field from one of two corpus positions, or left out: every value is valid
    somewhere, so these test what a position needs as a whole."""
    texts = corpus()
    a, options = texts[draw(st.integers(0, len(texts) - 1))]
    b = dict(t.partition("=")[::2] for t in texts[draw(st.integers(0, len(texts) - 1))][0].split())
    tokens = []
    for token in a.split():
        key = token.partition("=")[0]
        pick = draw(st.integers(0, 5))
        if pick == 0 and key != "arena":
            continue  # left out (not the arena: it is required)
        tokens.append(f"{key}={b[key]}" if pick == 2 and key in b else token)
    if draw(st.integers(0, 3)) == 0:
        options = draw(st.integers(0, len(OPTIONS) - 1))
    return " ".join(tokens), options


HOSTILE = (
    "9" * 5000, "99999999", "-1", "0", "\u0663", "", "-", "w", "b", "wb", "bw", "x", "ww",
    "seer", "seer,seer,seer", "dream-lord@15:U", "magus@w1:u", "seer@13:S", "d4,d4", "h8",
    "13,13", "w1", "DDD/-", "-/ccc", "UUUU/-", "-:stalemate", "w:five-greater", "1", "2",
    "setup", "bbb", "seer!@U,magus/-",
)


def check(text: str, options: Options) -> None:
    """``parse`` refuses ``text`` with a listed reason, or its state round-trips and
    every legal action is decided and folded without an error, into a state that
    round-trips too."""
    try:
        state = RULES.parse(text, options, PLAYERS)
    except IllegalAction as exc:
        assert exc.reason in RULES.reasons, exc
        return
    assert isinstance(state, State)
    written = RULES.notation(state)
    again = RULES.parse(written, options, PLAYERS)
    assert again == state, written
    assert RULES.notation(again) == written
    RULES.render(state)
    for seat in RULES.to_act(state):
        for action in RULES.legal(state, seat):
            after = state
            for event in RULES.decide(state, action, SeededDice(b"hostile")):
                after = RULES.evolve(after, event)
            # what the rules make of an accepted position is a position too
            assert RULES.parse(RULES.notation(after), options, PLAYERS) == after, action
            RULES.render(after)


def test_every_corpus_position_reads_back() -> None:
    """The undamaged corpus parses, under its own options, to states that round-trip."""
    for text, i in corpus():
        check(text, msgspec.convert(OPTIONS[i], Options))
        assert RULES.notation(RULES.parse(text, msgspec.convert(OPTIONS[i], Options),
                                          PLAYERS)) == text


@settings(max_examples=250, derandomize=True, deadline=None)
@given(damaged())
def test_damaged_notation_parses_cleanly_or_is_refused(case: tuple[str, int]) -> None:
    """Damaged text gives a refusal with a listed reason, or a position that round-trips
    and on which every legal action is decided without an error; nothing else."""
    text, i = case
    check(text, msgspec.convert(OPTIONS[i], Options))


@settings(max_examples=200, derandomize=True, deadline=None)
@given(mixed())
def test_positions_mixed_from_two_games_parse_cleanly_or_are_refused(
    case: tuple[str, int],
) -> None:
    """Fields from two positions, some left out: a refusal with a listed reason, or a
    position that round-trips and on which every legal action is decided cleanly."""
    text, i = case
    check(text, msgspec.convert(OPTIONS[i], Options))


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(KEYS), st.sampled_from(HOSTILE))
def test_any_field_set_to_a_hostile_value_parses_cleanly_or_is_refused(
    n: int, key: str, value: str,
) -> None:
    """One field of a valid position (added if it was not there) set to a hostile value: a
    huge or foreign number, a seat out of range, too many cards or minions, a pending
    power on the wrong chamber..."""
    texts = corpus()
    text, i = texts[n % len(texts)]
    tokens = [t for t in text.split() if t.partition("=")[0] != key]
    check(" ".join([*tokens, f"{key}={value}"]), msgspec.convert(OPTIONS[i], Options))
