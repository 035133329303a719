"""Wiz-War's ``schools`` option: setup step 4 ("choose three schools of magic... or pick
them at random"), White Cantrip always in; the first game's schools by default, so every
log from before the option reads exactly as it did."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path
from typing import Any

import msgspec
import pytest
from wizwar import NAMES

from grimoire import Match
from grimoire.core.audit import audit_events
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Roll
from grimoire.core.logfile import read_log
from grimoire.core.replay import Replay, initial_state
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import notation as N
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.rules import RANDOM_DRAW, RANDOM_DRAW_3, school_choice
from grimoire.games.wiz_war.state import Options

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures" / "wiz-war"
PLAYABLE = B.PLAYABLE
OTHER = tuple(s for s in T.CHOICES if s not in PLAYABLE)


def started(options: Options, n: int = 2, seed: bytes = b"\x07" * 16) -> Match:
    m = Match.new("wiz-war", players=NAMES[:n], seed=seed,
                  options=msgspec.to_builtins(options))
    m.act(E.Start(player=0))
    return m


# ---------------------------------------------------------------- the default


def test_unset_schools_are_the_first_game_and_not_written_in_a_header() -> None:
    """Left unset, the deck is White Cantrip, Alchemy, Elemental and Mentalism, cards 0-83
    as before, and the option is not written in a log's header (old headers read alike)."""
    s = RULES.setup(Options(), NAMES[:2])
    assert s.schools == ("alchemy", "elemental", "mentalism")
    assert s.deck == tuple(range(84)) == B.deck_for()
    assert "schools" not in msgspec.to_builtins(Options())
    assert "schools" not in Match.new("wiz-war").header.options


def test_existing_logs_are_read_with_the_first_game_schools() -> None:
    """Every fixture recorded before the option (no ``schools`` in its header) starts from
    the first game's deck."""
    for path in sorted(FIXTURES.glob("*.jsonl")):
        header = read_log(path).header
        if "schools" in header.options or "custom_spellbook" in header.options or (
                header.position):
            continue
        state = initial_state(RULES, header)
        assert state.schools == B.FIRST_GAME_CHOICE and len(state.deck) >= 84


def test_card_numbers_of_the_first_game_never_change() -> None:
    """New schools' cards are numbered after the first game's and the extra cards."""
    assert B.DECK[:84] == B.FIRST_GAME
    assert B.DECK[84:87] == T.EXTRA_CARDS
    assert B.SCHOOL_CARDS["white-cantrip"] == tuple(range(12))
    for school in T.LATER_SCHOOLS:
        assert min(B.SCHOOL_CARDS[school]) >= 87


# ---------------------------------------------------------------- choosing


@pytest.mark.parametrize("given", [
    "alchemy,elemental,mentalism", "Mentalism, Alchemy ,ELEMENTAL",
    ("elemental", "mentalism", "alchemy"), ["alchemy", "mentalism", "elemental"],
])
def test_three_schools_in_any_order_and_spelling(given: object) -> None:
    """The option names three schools, as a list or one text with commas; the deck holds
    them in the order of their card numbers."""
    options = msgspec.convert({"schools": given}, Options)
    assert school_choice(options) == ("alchemy", "elemental", "mentalism")
    assert RULES.setup(options, NAMES[:2]).deck == tuple(range(84))


@pytest.mark.parametrize("given", [
    "alchemy", "alchemy,elemental", "alchemy,alchemy,elemental", "fire,water,air",
    "white-cantrip,alchemy,elemental", "alchemy,elemental,mentalism,alchemy", "",
    *(f"{other},alchemy,elemental" for other in OTHER),
])
def test_a_bad_choice_is_a_clear_option_error_naming_the_playable_schools(given: str) -> None:
    """Anything but three different playable schools (or ``random``) is refused with
    ``setup/schools``, never a crash; the message names the schools that may be chosen."""
    with pytest.raises(UsageError) as info:
        RULES.setup(Options(schools=given), NAMES[:2])
    assert info.value.reason == "setup/schools"
    assert all(school in str(info.value) for school in PLAYABLE)


def test_every_school_of_the_game_is_playable() -> None:
    assert set(PLAYABLE) == set(T.CHOICES) and not T.UNFINISHED and not OTHER


def test_a_school_not_playable_yet_is_refused_as_such(monkeypatch: pytest.MonkeyPatch) -> None:
    """A school whose cards are numbered but not all castable (``tables.UNFINISHED``) is
    left out of ``board.PLAYABLE``, and then refused by name."""
    monkeypatch.setattr(B, "PLAYABLE", tuple(s for s in PLAYABLE if s != "mutation"))
    with pytest.raises(UsageError, match="'mutation' is not playable yet") as info:
        Match.new("wiz-war", options={"schools": "mutation,alchemy,elemental"})
    assert info.value.reason == "setup/schools"


# ---------------------------------------------------------------- random


def schools_drawn(m: Match) -> tuple[Any, Any]:
    """The start's roll for the schools and the event naming them, which follow the
    board's build (setup step 2 before step 4)."""
    k = next(i for i, e in enumerate(m.events) if isinstance(e, Roll) and e.purpose == "schools")
    assert isinstance(m.events[k - 1], E.BoardBuilt)
    return m.events[k], m.events[k + 1]


def test_random_schools_are_drawn_by_a_recorded_roll_as_the_game_starts() -> None:
    """``random``: no school before the start; ``start`` rolls (purpose ``schools``) one
    die with a face for each way to choose three of ruleset 2's four schools
    (``RANDOM_DRAW``, whatever else is playable; option ``random_among_four``), then
    names them (``schools-drawn``), and only then shuffles and deals their deck."""
    s = RULES.setup(Options(schools="random"), NAMES[:2])
    assert s.schools == () and s.deck == ()
    m = started(Options(schools="random", random_among_four=True))
    roll, drawn = schools_drawn(m)
    assert isinstance(roll, Roll) and roll.purpose == "schools" and roll.player is None
    draws = list(combinations(RANDOM_DRAW, 3))
    assert roll.sides == len(draws) == 4
    assert isinstance(drawn, E.SchoolsDrawn) and drawn.schools == draws[roll.values[0] - 1]
    assert m.state.schools == drawn.schools
    cards = sorted([*m.state.deck, *(c for h in m.state.hands for c in h)])
    assert cards == sorted(B.deck_for(drawn.schools))
    assert RULES.describe(drawn, m.state).endswith("join White Cantrip in the deck")


def test_random_schools_pick_three_of_every_playable_school_under_ruleset_3() -> None:
    """Setup step 4: the players "select three other schools of magic" "either as a group,
    by taking turns, or at random": under ruleset 3 the die has a face for each way of
    choosing three of all six playable schools (``RANDOM_DRAW_3``, 20 faces), so
    Conjuring and Mutation come up too."""
    assert RANDOM_DRAW_3 == PLAYABLE
    draws = list(combinations(RANDOM_DRAW_3, 3))
    seen: set[str] = set()
    for k in range(12):
        m = started(Options(schools="random"), seed=bytes([k]) * 16)
        roll, drawn = schools_drawn(m)
        assert isinstance(roll, Roll) and roll.sides == len(draws) == 20
        assert isinstance(drawn, E.SchoolsDrawn) and drawn.schools == draws[roll.values[0] - 1]
        seen.update(drawn.schools)
    assert {"conjuring", "mutation"} <= seen


def test_random_schools_audit_and_replay_from_the_seed() -> None:
    """The draw is the match's dice: the audit re-derives it from the seed and a replay
    reproduces the state."""
    m = started(Options(schools="random"), n=3)
    bot = random.Random(3)
    for _ in range(120):
        if not m.to_act:
            break
        p = min(m.to_act)
        m.act(bot.choice(list(m.legal(p))))
    log = m.log(reveal=True)
    report = audit_events(RULES, log.header, log.events)
    assert report.ok, report.summary()
    assert Replay(RULES, log.header, log.events).seek(len(log.events)) == m.state


def test_random_schools_a_forged_draw_fails_the_audit() -> None:
    m = started(Options(schools="random"))
    log = m.log(reveal=True)
    events = list(log.events)
    events[2] = E.SchoolsDrawn(schools=tuple(reversed(PLAYABLE[:3])))
    assert not audit_events(RULES, log.header, events).ok


# ---------------------------------------------------------------- positions


def test_schools_section_of_the_notation() -> None:
    """The notation writes ``schools`` only when it differs from the setup's: a random game
    has none before the start, its three after."""
    opts = Options(schools="random")
    s0 = RULES.setup(opts, NAMES[:2])
    assert N.notation(s0) == "wiz-war/1 players=2 phase=start active=0"
    m = started(opts)
    text = N.notation(m.state)
    assert f"schools={','.join(m.state.schools)}" in text
    assert N.parse(text, opts, NAMES[:2]) == m.state
    assert "schools=" not in N.notation(started(Options()).state)


@pytest.mark.parametrize("options", [Options(schools="random"), Options()])
def test_a_position_whose_schools_do_not_fit_the_options_is_refused(options: Options) -> None:
    """A game under way has its schools: the options' choice, or the three drawn."""
    s = started(options).state
    text = N.notation(s).replace(f" schools={','.join(s.schools)}", "") + " schools=-"
    with pytest.raises(IllegalAction) as info:
        N.parse(text, options, NAMES[:2])
    assert info.value.reason == "position/invalid" and "schools" in info.value.detail


@pytest.mark.parametrize("section", ["schools=alchemy", "schools=x,y,z",
                                     "schools=alchemy,alchemy,elemental"])
def test_a_schools_section_that_does_not_parse_is_refused(section: str) -> None:
    with pytest.raises(IllegalAction) as info:
        N.parse(f"wiz-war/1 players=2 phase=start active=0 {section}", Options(), NAMES[:2])
    assert info.value.reason == "position/invalid"


def test_disguise_deals_only_the_cards_of_the_games_schools() -> None:
    m = started(Options(schools="random"), n=3)
    s = m.state
    d = RULES.disguise(RULES.view(s, 1), 1, random.Random(0))
    every = sorted([*d.deck, *(c for h in d.hands for c in h)])
    assert every == sorted(B.deck_for(s.schools))


def test_random_draws_among_the_ruleset_2_schools_whatever_becomes_playable() -> None:
    """The die of ``schools="random"`` is part of the ruleset: a school made playable
    later must not change the draw of a log recorded now."""
    assert RANDOM_DRAW == ("alchemy", "elemental", "mentalism", "thaumaturgy")


def test_a_ruleset_2_random_draw_replays_with_its_four_schools() -> None:
    """A ruleset 2 log drawn with ``schools="random"`` keeps its header (no
    ``random_among_four``): it is read with ruleset 2's options, so its four-faced die
    audits as it was rolled, and fails the audit read with ruleset 3's draw."""
    log = read_log(FIXTURES / "v2-edge-random-schools.jsonl")
    assert log.header.rules == "2" and "random_among_four" not in log.header.options
    assert audit_events(RULES, log.header, log.events).ok
    now = msgspec.structs.replace(log.header, rules=RULES.version)
    report = audit_events(RULES, now, log.events)
    assert not report.ok and report.error is not None
    assert report.error["reason"].startswith("audit/"), report.error


def test_black_cantrip_is_white_cantrips_twelve_cards_numbered_last() -> None:
    """Black Cantrip is "an identical deck" to White Cantrip: the same twelve cards, numbered
    after Mutation's (``tables.LATER_SCHOOLS`` only appended to), and never a game's choice
    (it plays only in the Custom Spellbook)."""
    white, black = B.SCHOOL_CARDS["white-cantrip"], B.SCHOOL_CARDS["black-cantrip"]
    assert [B.DECK[c] for c in black] == [B.DECK[c] for c in white]
    assert black == tuple(range(159, 171)) and len(B.DECK) == 171
    assert min(black) > max(B.SCHOOL_CARDS["mutation"])
    assert T.LATER_SCHOOLS[-1] == "black-cantrip" and "black-cantrip" not in B.PLAYABLE
    assert all(B.CARD[b] is B.CARD[w] for b, w in zip(black, white, strict=True))
    with pytest.raises(UsageError, match="setup/schools"):
        school_choice(Options(schools="alchemy,elemental,black-cantrip"))
