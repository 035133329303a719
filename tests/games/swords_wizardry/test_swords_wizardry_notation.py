"""The Swords & Wizardry position notation against hostile input: every malformed or
inconsistent text is refused with ``position/invalid`` (nothing else is ever raised, and
nothing larger than the board is allocated); a position that already meets a victory
condition loads as the finished game it is; a mutation property test over the positions
of seeded bot games."""

from __future__ import annotations

import functools
import re
import tracemalloc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire import IllegalAction, Match, UsageError
from grimoire.core.kit import write_ranks
from grimoire.core.replay import initial_state
from grimoire.games.swords_wizardry import RULES
from grimoire.games.swords_wizardry.board import INDEX
from grimoire.games.swords_wizardry.events import Move
from grimoire.games.swords_wizardry.rules import QUIET_MAX
from grimoire.games.swords_wizardry.state import Options, State
from grimoire.tools.simulate import bot_match

PLAYERS = ("Red", "Black")


def parse(text: str, **options: Any) -> State:
    state: State = RULES.parse(text, Options(**options), PLAYERS)
    return state


def refusal(text: Any, **options: Any) -> str:
    with pytest.raises(IllegalAction) as info:
        RULES.parse(text, Options(**options), PLAYERS)
    assert info.value.reason == "position/invalid"
    return info.value.detail


def board(pieces: dict[str, str]) -> str:
    cells = ["."] * 100
    for sq, ch in pieces.items():
        cells[INDEX[sq]] = ch
    return write_ranks(cells[r * 10:(r + 1) * 10] for r in range(10))


# Two pieces that can always move, so a position is live.
LIVE = {"a10": "S", "j1": "s"}
EMPTY_RANKS = "10/10/10/10/10/10/10/10/10/10"


# ------------------------------------------------------------------ numbers and lengths


@pytest.mark.parametrize("quiet", [
    "9" * 4301,  # int() of over 4,300 digits raises ValueError in Python 3.11+
    "9" * 300, "100000001", "-1", "1.5", "1e3", "0x10", "\u0661", "\uff11", "", "+3",
])
def test_quiet_is_a_bounded_whole_number(quiet: str) -> None:
    """QUIET is read with ``kit.number``: ASCII digits, from 0 to the records a log can hold
    (or to the quiet limit), its length checked before it is converted."""
    text = f"{board(LIVE)} r - - {quiet}"
    if quiet == "":
        text = f"{board(LIVE)} r - -"
    refusal(text)
    assert parse(f"{board(LIVE)} r - - {QUIET_MAX}").quiet == QUIET_MAX


def test_a_huge_run_in_the_ranks_allocates_nothing() -> None:
    """A run length of 999999999 (or 10**4300) is refused before any square is made: the
    rank codec reads at most four digits of a run, and a run never overflows its rank."""
    for run in ("999999999", "9" * 350, "0", "00", "11"):
        tracemalloc.start()
        try:
            refusal(f"{run}/10/10/10/10/10/10/10/10/10 r - - 0")
        finally:
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
        assert peak < 200_000, (run, peak)


def test_a_text_longer_than_any_position_is_refused_at_once() -> None:
    """No position is longer than 400 characters: a longer text is refused unread, and the
    refusal quotes only its start."""
    detail = refusal("S" + "*" * 10_000_000)
    assert len(detail) < 200
    refusal(" " * 401)
    refusal(b"10/10 r - - 0")  # not a text at all


# ------------------------------------------------------------------ fields


@pytest.mark.parametrize("text", [
    "",
    "   ",
    f"{board(LIVE)} r - -",
    f"{board(LIVE)} r - - 0 rescue:r extra",
    f"{EMPTY_RANKS[:-3]} r - - 0",  # nine ranks
    f"{EMPTY_RANKS}/10 r - - 0",  # eleven ranks
    f"{board(LIVE).replace('/', '//', 1)} r - - 0",  # a doubled separator
    f"{board(LIVE)} x - - 0",
    f"{board(LIVE)} rb - - 0",
    f"{board(LIVE)} R - - 0",
    f"{board(LIVE)} r br - 0",  # pinned written out of order
    f"{board(LIVE)} r rr - 0",
    f"{board(LIVE)} r -- - 0",
    f"{board(LIVE)} r - b10 0",
    f"{board(LIVE)} r - b10:x 0",
    f"{board(LIVE)} r - a10:r 0",  # not a castle
    f"{board(LIVE)} r - k11:r 0",
    f"{board(LIVE)} r - - 0 rescue",
    f"{board(LIVE)} r - - 0 rescue:",
    f"{board(LIVE)} r - - 0 rescue:rb",
    f"{board(LIVE)} r - - 0 rescue:rr",
    f"{board(LIVE)} r - - 0 won:r",
    f"{board(LIVE)} r - - 0 quiet-limit:r",
    f"{board(LIVE)} r - - 0 no-move:",
    f"{board({**LIVE, 'c8': 'Q'})} r - - 0",  # no such piece
    f"{board({**LIVE, 'c8': 'X'})} r - - 0",  # a view's unknown piece is not a position
    f"{board(LIVE).replace('S', 'S**')} r - - 0",
    f"{board(LIVE).replace('S', '*S')} r - - 0",
])
def test_malformed_fields_are_refused(text: str) -> None:
    """Every field is checked against its exact form: ``BOARD TURN PINNED STORM QUIET
    [RESULT]``."""
    refusal(text)


def test_pieces_beyond_the_counts_are_refused() -> None:
    """"Each player starts with a force of 36 pieces": no more of a kind than the counts
    (the option's, when it changes them)."""
    refusal(f"{board({**LIVE, 'c8': 'K', 'c7': 'K'})} r - - 0")
    refusal(f"{board({**LIVE, 'c8': 'P', 'b10': 'P'})} r - - 0")
    refusal(f"{board({**LIVE, **{f'{f}9': 'N' for f in 'abcde'}})} r - - 0")
    five = f"{board({**LIVE, **{f'{f}9': 'N' for f in 'abcde'}})} r - - 0"
    assert parse(five, counts={"knights": 5, "peasants": 8}).board.count("N") == 5


def test_pieces_where_the_rules_forbid_them_are_refused() -> None:
    """"Lake Limpid ... cannot be entered or occupied by any piece"; a Siege Catapult
    "cannot at any time be moved onto a Castle square"."""
    refusal(f"{board({**LIVE, 'e7': 'K'})} r - - 0")
    refusal(f"{board({**LIVE, 'b10': 'C'})} r - - 0")
    refusal(f"{board({**LIVE, 'e1': 'c*'})} r - - 0")


def test_a_pin_needs_a_shown_princess_in_a_castle() -> None:
    """"Should the piece occupying the Castle prove to be the Princess, the Princess must
    remain in position": a pinned side's Princess stands in a castle, shown (a catapult
    found her there)."""
    refusal(f"{board(LIVE)} r b - 0")  # no princess at all
    refusal(f"{board({**LIVE, 'c1': 'p*'})} r b - 0")  # not in a castle
    refusal(f"{board({**LIVE, 'b1': 'p'})} r b - 0")  # in a castle, never shown
    refusal(f"{board({**LIVE, 'b1': 'p*'})} r r - 0")  # the other side's
    assert parse(f"{board({**LIVE, 'b1': 'p*'})} r b - 0").pinned == (False, True)


def test_a_storm_needs_a_castle_its_enemy_surrounds() -> None:
    """"A Castle is surrounded, when the three squares to the front, side (and rear) are
    occupied by any combination of opposing pieces": STORM names such a castle and its
    enemy."""
    ring = {"a1": "N", "c1": "A", "b2": "B"}
    refusal(f"{board({**LIVE, **ring})} r - b1:r 0")  # nobody in the castle
    refusal(f"{board({**LIVE, **ring, 'b1': 'k'})} r - b1:b 0")  # not Black's ring
    refusal(f"{board({**LIVE, **ring, 'b1': 'K'})} r - b1:r 0")  # Red's own piece
    refusal(f"{board({**LIVE, 'a1': 'N', 'c1': 'A', 'b1': 'k'})} r - b1:r 0")  # a gap
    refusal(f"{board({**LIVE, **ring, 'b1': 'k'})} r - b1:r 0 rescue:r")
    state = parse(f"{board({**LIVE, **ring, 'b1': 'k'})} b - b1:r 0")
    assert (state.storm, state.storm_by) == (INDEX["b1"], 0)
    assert RULES.to_act(state) == frozenset({0})


def test_a_stated_result_must_fit_the_position() -> None:
    """A finished position's RESULT is checked: ``no-move`` against the side to move having
    no move, ``rescue`` against the rescued Princess being on the board and shown,
    ``quiet-limit`` against the quiet count."""
    hemmed = {"a10": "P", "b10": "s", "a9": "s"}
    assert parse(f"{board(hemmed)} r - - 0 no-move:b").winners == (1,)
    refusal(f"{board(hemmed)} r - - 0 no-move:r")  # the side that cannot move loses
    refusal(f"{board(LIVE)} r - - 0 no-move:b")  # Red can move
    assert parse(f"{board({**LIVE, 'c3': 'p*'})} b - - 0 rescue:r").result == "rescue"
    refusal(f"{board({**LIVE, 'c3': 'p'})} b - - 0 rescue:r")  # never shown
    refusal(f"{board(LIVE)} b - - 0 rescue:r")  # no princess to rescue
    assert parse(f"{board(LIVE)} r - - 5 quiet-limit:", quiet_limit=5).winners == ()
    refusal(f"{board(LIVE)} r - - 4 quiet-limit:", quiet_limit=5)
    refusal(f"{board(LIVE)} r - - 5 quiet-limit:")  # no limit in these options
    refusal(f"{board(LIVE)} r - - 6", quiet_limit=5)  # beyond the limit
    refusal(f"{board({**LIVE, 'c3': 'p*'})} b - - 5 rescue:r", quiet_limit=5)


def test_a_position_meeting_a_victory_condition_loads_finished() -> None:
    """"Should at any stage a player be unable to move any piece when it is his turn to do
    so, victory is immediately awarded to the other player": a position whose side to move
    cannot move loads as won by the other side (Rulings: its outcome is computed when it is
    parsed), and so does one at the quiet limit; its notation then says so."""
    hemmed = f"{board({'a10': 'P', 'b10': 's', 'a9': 's'})} r - - 0"
    state = parse(hemmed)
    assert (state.result, state.winners) == ("no-move", (1,))
    assert RULES.notation(state) == hemmed + " no-move:b"
    assert parse(RULES.notation(state)) == state
    m = Match.new("swords-wizardry", position=hemmed, dice="recorded")
    assert m.to_act == frozenset() and m.outcome is not None and m.outcome.winners == (1,)
    assert parse(EMPTY_RANKS + " b - - 0").winners == (0,)  # Black has no piece at all
    at_limit = parse(f"{board(LIVE)} r - - 5", quiet_limit=5)
    assert (at_limit.result, at_limit.winners) == ("quiet-limit", ())
    # a side to move with no move but a storm to make is not stuck: the storm comes first
    ring = {"a1": "N", "c1": "A", "b2": "B", "b1": "k"}
    assert parse(f"{board(ring)} b - b1:r 0").result == ""


def test_a_study_position_may_leave_out_the_princess() -> None:
    """A position may hold fewer pieces than the counts, the Princess included: the edge
    cases start from such positions (Rulings). The missing pieces count as lost."""
    state = parse(f"{board(LIVE)} r - - 0")
    assert state.result == "" and "P" in state.lost[0] and "p" in state.lost[1]


def test_setup_refuses_a_quiet_limit_out_of_range() -> None:
    """Option ``quiet_limit`` is 0 (never) or a number of moves a log can hold."""
    for bad in (-1, QUIET_MAX + 1):
        with pytest.raises(UsageError) as info:
            RULES.setup(Options(quiet_limit=bad), PLAYERS)
        assert info.value.reason == "options/quiet-limit"


# ------------------------------------------------------------------ the property


# Hand-made positions the bots rarely reach: pins, storms, every result.
CRAFTED = (
    ("SP*8/10/10/10/10/10/10/10/1B8/NkA1p*4s b rb b1:r 7", ()),
    ("S9/10/10/10/10/10/10/10/1p*8/1N*7s b - - 3 rescue:r", ()),
    ("Ps8/s9/10/10/10/10/10/10/10/9s r - - 0 no-move:b", ()),
    ("S9/10/10/10/10/10/10/10/10/9s b - - 9 quiet-limit:", (("quiet_limit", 9),)),
    ("S1K*2O4/10/10/10/4D5/O9/10/10/2C7/1p*7s r b - 0", (("bombard_over_lake", True),)),
)


@functools.cache
def corpus() -> tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]:
    """Positions of seeded bot games (every 37th event, every storm, and each game's end)
    with the options they were played under (one game has a quiet limit and ends drawn),
    and the crafted ones."""
    out: list[tuple[str, tuple[tuple[str, Any], ...]]] = list(CRAFTED)
    for index, options in enumerate([{}, {"first": "black"}, {"quiet_limit": 40},
                                     {"counts": {"knights": 5, "peasants": 8}}]):
        m = bot_match(RULES, seed=2029, index=index, options=options)
        state = initial_state(RULES, m.header)
        for k, event in enumerate(m.events):
            state = RULES.evolve(state, event)
            if state.turn >= 0 and (k % 37 == 0 or state.storm >= 0):
                out.append((RULES.notation(state), tuple(options.items())))
        out.append((RULES.notation(m.state), tuple(options.items())))
    return tuple(out)


ALPHABET = "KHMPWDGONABSCkhmpwdgonabscXx*/0123456789 rb-:.\t\n\u0661\u00e9\x00"
HUGE = ("999999999", "9" * 5000, "9" * 4301, "9" * 120, "0" * 40, "-1", "100000001", "10")
SEPARATORS = ("/", " ", ":", "*", "-")

Op = tuple[str, int, str]
OPS = st.one_of(
    st.tuples(st.just("insert"), st.integers(0, 1 << 16), st.sampled_from(ALPHABET)),
    st.tuples(st.just("delete"), st.integers(0, 1 << 16), st.just("")),
    st.tuples(st.just("replace"), st.integers(0, 1 << 16), st.sampled_from(ALPHABET)),
    st.tuples(st.just("number"), st.integers(0, 1 << 16), st.sampled_from(HUGE)),
    st.tuples(st.just("renumber"), st.integers(0, 1 << 16), st.sampled_from(HUGE)),
    st.tuples(st.just("double"), st.integers(0, 1 << 16), st.sampled_from(SEPARATORS)),
)


def mutate(text: str, op: Op) -> str:
    """``text`` with one mutation: a character inserted, deleted or replaced, a huge number
    inserted or put in place of a number, or a separator doubled."""
    kind, at, what = op
    i = at % (len(text) + 1)
    if kind in ("insert", "number"):
        return text[:i] + what + text[i:]
    if kind == "delete":
        return text[:i] + text[i + 1:]
    if kind == "replace":
        return text[:i] + what + text[i + 1:]
    if kind == "renumber":
        runs = list(re.finditer(r"\d+", text))
        if not runs:
            return text + what
        run = runs[at % len(runs)]
        return text[:run.start()] + what + text[run.end():]
    seps = [k for k, ch in enumerate(text) if ch == what]
    if not seps:
        return text + what + what
    k = seps[at % len(seps)]
    return text[:k] + what + text[k:]


@settings(max_examples=600, derandomize=True, deadline=None)
@given(case=st.integers(0, 1 << 16), ops=st.lists(OPS, min_size=1, max_size=4))
def test_parse_refuses_or_round_trips_every_mutated_position(case: int,
                                                           ops: list[Op]) -> None:
    """Valid notations of many positions (seeded bot games), mutated: characters inserted,
    deleted, replaced, huge numbers, separators doubled. ``parse`` either returns a state
    whose notation round-trips, or refuses with ``position/invalid``; nothing else."""
    positions = corpus()
    text, items = positions[case % len(positions)]
    options = Options(**dict(items))
    for op in ops:
        text = mutate(text, op)
    try:
        state = RULES.parse(text, options, PLAYERS)
    except IllegalAction as exc:
        assert exc.reason == "position/invalid", exc
        return
    written = RULES.notation(state)
    again = RULES.parse(written, options, PLAYERS)
    assert again == state
    assert RULES.notation(again) == written
    assert RULES.to_act(again) == RULES.to_act(state)


def test_the_corpus_covers_every_kind_of_position() -> None:
    """The property's positions include live ones, storms (from a bot game too), pins and
    every way a game ends, and each parses back to itself unmutated."""
    texts = [t for t, _ in corpus()]
    assert len(texts) > 100
    assert any(t.split()[2] != "-" for t in texts)  # a pinned Princess
    assert any(t.split()[3] != "-" for t in texts)  # a storm pending
    ends = {t.split()[5].split(":")[0] for t in texts if len(t.split()) == 6}
    assert ends == {"rescue", "no-move", "quiet-limit"}
    for text, items in corpus():
        assert RULES.notation(RULES.parse(text, Options(**dict(items)), PLAYERS)) == text


def test_parse_and_decide_agree_on_a_stuck_side() -> None:
    """The no-move victory that ``decide`` awards when a turn passes to a side that cannot
    move is the same outcome ``parse`` computes for that position written without its
    result."""
    start = f"{board({'a10': 'P', 'a9': 's', 'c10': 's'})} b - - 0"
    m = Match.new("swords-wizardry", position=start, dice="recorded")
    m.act(Move(player=1, from_="c10", to="b10"))
    assert m.outcome is not None and m.outcome.reason == "no-move"
    written = RULES.notation(m.state)
    assert written.endswith(" no-move:b")
    assert parse(written) == m.state
    assert parse(written.removesuffix(" no-move:b")) == m.state
