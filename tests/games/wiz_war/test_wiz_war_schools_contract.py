"""The contract tests (tests/contract) run every registered game with its default options;
these run Wiz-War over the ``schools`` option: games with Thaumaturgy, Conjuring and Mutation
and ``random``, for 2, 3 and 4 players. Seeded random playouts where the audit accepts the
log, every legal action is accepted, seek is the fold, logs and states round-trip,
positions round-trip through the notation, and nothing hidden leaks: a seat's view, its
picture and text, the redacted events and a search bot's disguise depend only on what that
seat may know (the hidden-information properties, with hypothesis drawing the schools):
with Conjuring, which Booby Trap token is real is known to its caster only. A choice with a
slash is a ``custom_spellbook`` game (two groups, each with its own deck, whose orders stay
hidden like the one deck's)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import combinations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grimoire.bots.random import RandomBot
from grimoire.core.audit import audit_events
from grimoire.core.dice import SeededDice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Record, Roll
from grimoire.core.match import Match
from grimoire.core.replay import Replay, fold, initial_state
from grimoire.core.rules import draw
from grimoire.core.views import leaks
from grimoire.games.wiz_war import RULES
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.board import DECK
from grimoire.games.wiz_war.rules import RANDOM_DRAW
from grimoire.games.wiz_war.state import Options, State

WITH_THAUMATURGY = [",".join(c) for c in combinations(RANDOM_DRAW, 3) if "thaumaturgy" in c]
WITH_CONJURING = ["conjuring,elemental,thaumaturgy", "alchemy,conjuring,mentalism",
                  "conjuring,elemental,mentalism"]
WITH_MUTATION = [",".join(c) for c in combinations(B.PLAYABLE, 3) if "mutation" in c]
BOOKS = {2: "alchemy,elemental,mentalism/conjuring,mutation,thaumaturgy",
         3: "conjuring,mentalism,mutation/alchemy,elemental,thaumaturgy",
         4: "alchemy,mutation,thaumaturgy/conjuring,elemental,mentalism"}
CHOICES = [*WITH_THAUMATURGY, *WITH_CONJURING, *WITH_MUTATION, "random", *BOOKS.values()]
MUTATION_GAMES = {2: "mentalism,thaumaturgy,mutation", 3: "alchemy,elemental,mutation",
                  4: "elemental,mentalism,mutation"}
CASES = [(n, schools) for n in (2, 3, 4)
         for schools in (WITH_THAUMATURGY[n - 2], WITH_CONJURING[n - 2], MUTATION_GAMES[n],
                         "random", BOOKS[n])]
ACTIONS = 400


def case_id(case: tuple[int, str]) -> str:
    return f"{case[0]}p-{case[1]}"


def options_of(choice: str) -> dict[str, str]:
    """The options of a case: a slash makes it a Custom Spellbook game."""
    return {"custom_spellbook" if "/" in choice else "schools": choice}


def playout(n: int, schools: str, seed: int, actions: int = ACTIONS,
            check: Callable[[Match], None] | None = None) -> Match:
    m = Match.new("wiz-war", players=("A", "B", "C", "D")[:n], seed=bytes([seed]) * 16,
                  options=options_of(schools))
    bot = RandomBot(seed)
    for _ in range(actions):
        if not m.to_act:
            break
        if check is not None:
            check(m)
        m.act(bot.choose(m, min(m.to_act)))
    return m


@cache
def played(n: int, schools: str, seed: int) -> tuple[Match, tuple[tuple[int, State], ...]]:
    """A seeded random playout and, before each of its actions, how many events it had
    and its state (cached: the audit and the disguise read the same games; neither
    changes the match)."""
    before: list[tuple[int, State]] = []
    m = playout(n, schools, seed, check=lambda m: before.append((len(m.events), m.state)))
    return m, tuple(before)


@cache
def states(n: int, schools: str) -> tuple[State, ...]:
    """The state before every fourth action of two seeded random games (cached: the tests
    read the same)."""
    out: list[State] = []
    for seed in (1, 2):
        for events, state in played(n, schools, seed)[1]:
            if events % 4 == 0 or len(out) < 12:
                out.append(state)
    return tuple(out)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_audit_accepts_seeded_random_playouts(case: tuple[int, str]) -> None:
    for seed in (1, 2, 3):
        m = played(*case, seed)[0]
        log = m.log(reveal=True)
        report = audit_events(RULES, log.header, log.events)
        assert report.ok, report.summary()
        assert report.outcome == m.outcome


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_legal_action_is_accepted_by_decide(case: tuple[int, str]) -> None:
    rng = random.Random(0)

    def check(m: Match) -> None:
        for seat in m.to_act:
            legal = list(m.legal(seat))
            assert legal, f"seat {seat} is to act but has no legal action"
            for action in legal if len(legal) <= 30 else rng.sample(legal, 30):
                try:
                    RULES.decide(m.state, action, SeededDice(b"contract", 0))
                except IllegalAction as exc:  # pragma: no cover - a failure to report
                    pytest.fail(f"legal action refused: {action!r}: {exc}")

    playout(*case, 7, check=check)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_seek_is_the_fold_and_logs_round_trip(case: tuple[int, str]) -> None:
    m = playout(*case, 4)
    replay = Replay(RULES, m.header, m.events, every=8)
    start = initial_state(RULES, m.header)
    for k in sorted({0, 1, 9, len(m.events) // 2, len(m.events)}):
        assert replay.seek(k) == fold(RULES, start, m.events[:k])
    typ = Record[RULES.Event]  # type: ignore[name-defined]
    for seq, event in enumerate(m.events):
        rec = Record(seq, event, "00")
        assert msgspec.json.decode(msgspec.json.encode(rec), type=typ) == rec
        assert msgspec.msgpack.decode(msgspec.msgpack.encode(rec), type=typ) == rec
    assert msgspec.json.decode(msgspec.json.encode(m.state), type=RULES.State) == m.state


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_positions_round_trip_through_the_notation(case: tuple[int, str]) -> None:
    options = Options(**options_of(case[1]))

    def check(m: Match) -> None:
        text = RULES.notation(m.state)
        parsed = RULES.parse(text, options, m.header.players)
        assert parsed == m.state and RULES.notation(parsed) == text
        for seat in RULES.to_act(parsed):
            assert list(RULES.legal(parsed, seat)) == list(RULES.legal(m.state, seat))
        for seat in range(case[0]):
            view = RULES.view(m.state, seat)
            assert RULES.parse(RULES.notation(view), options, m.header.players) == view

    playout(*case, 8, actions=250, check=check)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_views_and_redacted_events_leak_nothing(case: tuple[int, str]) -> None:
    """A seat's view is the same in every world its disguise draws; redaction keeps a
    player's own events, and another player's draw or theft names no card."""
    n = case[0]
    rng = random.Random(11)

    def check(m: Match) -> None:
        for seat in range(n):
            found = leaks(RULES, m.state, seat, rng=rng, tries=2)
            assert not found, found[0]

    m = playout(*case, 6, actions=250, check=check)
    for event in m.events:
        player = getattr(event, "player", None)
        if isinstance(player, int) and player >= 0:
            assert RULES.redact(event, player) == event
        if isinstance(event, (E.Draw, E.Stolen)):
            for seat in range(n):
                if seat not in (getattr(event, "player", -1), getattr(event, "thief", -1),
                                getattr(event, "victim", -1)):
                    assert set(RULES.redact(event, seat).cards) == {-1}
        secret = isinstance(event, Roll) and event.purpose == "booby-trap"
        if isinstance(event, E.TrapsLaid) or secret:
            owner = event.caster if isinstance(event, E.TrapsLaid) else event.player
            for seat in range(n):
                told = RULES.redact(event, seat)
                if seat == owner:
                    assert told == event
                else:
                    assert told.real == -1 if isinstance(told, E.TrapsLaid) else (
                        isinstance(told, Roll) and told.values == ())


def cards(s: State) -> Counter[int]:
    return Counter([*s.deck, *(c for h in s.hands for c in h), *s.discard,
                    *(c for cs in s.carried for c in cs), *(sp.card for sp in s.spells),
                    *(c for c, _ in s.objects)])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_disguise_is_blind(case: tuple[int, str]) -> None:
    """A search bot's disguise works from the seat's view (the same world, draw for draw),
    depends only on what the seat may know, keeps its view and its legal actions, deals
    the game's own cards (its schools'), none lost or made, and can be played on."""
    n = case[0]
    pick = random.Random(5)
    for i, s in enumerate(states(*case)):
        for p in range(n):
            mine = RULES.view(s, p)
            other = RULES.disguise(s, p, random.Random(7))
            for k in (0, 1):
                world = RULES.disguise(s, p, random.Random(k))
                assert RULES.disguise(mine, p, random.Random(k)) == world
                assert RULES.disguise(other, p, random.Random(k)) == world
                assert RULES.view(world, p) == mine
                assert cards(world) == cards(s)
                if p in RULES.to_act(s):
                    assert RULES.legal(world, p) == RULES.legal(s, p)
            if s.schools:
                assert set(cards(s)) <= set(B.deck_for(s.schools))
        d = RULES.disguise(s, min(RULES.to_act(s) or {0}), random.Random(i))
        for seat in sorted(RULES.to_act(d)):
            actions = RULES.legal(d, seat)
            action = actions[pick.randrange(len(actions))]
            after = d
            for event in RULES.decide(d, action, SeededDice(bytes([i % 256]) * 16)):
                after = RULES.evolve(after, event)


@settings(max_examples=12)
@given(schools=st.sampled_from(CHOICES), players=st.sampled_from([2, 3, 4]),
       seed=st.integers(1, 255), every=st.integers(3, 9))
def test_what_a_seat_sees_depends_only_on_what_it_may_know(
        schools: str, players: int, seed: int, every: int) -> None:
    """Hidden information, for games drawn over the schools option: at states of a seeded
    random game, each seat's view, text board and picture are the same in a world its
    disguise draws, and the redacted events it is told describe no card it cannot see."""
    sampled: list[State] = []

    def keep(m: Match) -> None:
        if len(sampled) < 1 or m.state.turns[m.state.active] % every == 0:
            sampled.append(m.state)

    m = playout(players, schools, seed, actions=150, check=keep)
    rng = random.Random(seed)
    hidden_names = set(DECK)
    for s in sampled[::5]:
        for p in range(players):
            seen = RULES.view(s, p)
            world = RULES.view(RULES.disguise(s, p, rng), p)
            assert seen == world
            assert RULES.render(seen, p) == RULES.render(world, p)
            assert draw(RULES, seen, p) == draw(RULES, world, p)
    before = initial_state(RULES, m.header)
    for event in m.events:
        for p in range(players):
            told = RULES.redact(event, p)
            hidden = [c for c in msgspec.structs.asdict(told).get("cards", ()) if c < 0]
            if hidden and isinstance(told, (E.Draw, E.Deal, E.Stolen)):
                text = RULES.describe(told, RULES.view(before, p))
                assert not any(name in text for name in hidden_names), text
            if isinstance(told, E.TrapsLaid) and p != told.caster:  # no real token named
                assert "real" not in RULES.describe(told, RULES.view(before, p))
            if isinstance(told, Roll) and told.purpose == "booby-trap" and p != told.player:
                assert told.values == ()
        before = RULES.evolve(before, event)


def test_the_later_schools_cases_cover_every_player_count() -> None:
    assert {n for n, _ in CASES} == {2, 3, 4}
    assert all("thaumaturgy" in s for s in WITH_THAUMATURGY) and len(WITH_THAUMATURGY) == 3
    assert all("conjuring" in s for s in WITH_CONJURING)
    for school in ("conjuring", "mutation"):
        assert {n for n, s in CASES if school in s} == {2, 3, 4}
    assert any(s == "random" for _, s in CASES)
    assert {n for n, s in CASES if "/" in s} == {2, 3, 4}

