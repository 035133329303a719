"""Contract tests, run over every registered game (``GAMES``: a new game gets them for
free) and over ``open-race``, a game made without secrets (``tests/support/open_race.py``).

Seeded random playouts where: the audit accepts the log; every legal action is accepted
by decide; seek(n) equals the fold of the first n events; JSON and msgpack round trips
are identity; a player's view never changes with facts hidden from them; positions
round-trip through the game's notation.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from games import GAMES, IN_TESTS, rules_of
from grimoire.bots.random import RandomBot
from grimoire.core.audit import audit_events
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Record
from grimoire.core.match import Match
from grimoire.core.replay import Replay, fold, initial_state
from grimoire.core.rules import Rules
from grimoire.core.views import leaks

MAX_ACTIONS = 600
SEEDS = (1, 2, 3)


def _cases() -> Iterator[Any]:
    for name in [*GAMES, *IN_TESTS]:
        rules = rules_of(name)
        for count in rules.seats:
            yield pytest.param(name, count, id=f"{name}-{count}p")


def cases() -> list[Any]:
    return list(_cases())


def players(rules: Rules, count: int) -> tuple[str, ...]:
    names = tuple(rules.default_players)
    return names[:count] if len(names) >= count else tuple(f"P{i}" for i in range(count))


def playout(name: str, count: int, seed: int, check: Any = None) -> Match:
    rules = rules_of(name)
    match = Match.new(rules, players=players(rules, count), seed=bytes([seed]) * 16)
    bot = RandomBot(seed)
    for _ in range(MAX_ACTIONS):
        if not match.to_act:
            break
        if check is not None:
            check(match)
        seat = min(match.to_act)
        match.act(bot.choose(match, seat))
    return match


@pytest.mark.parametrize(("name", "count"), cases())
def test_audit_accepts_seeded_random_playouts(name: str, count: int) -> None:
    for seed in SEEDS:
        match = playout(name, count, seed)
        log = match.log(reveal=True)
        report = audit_events(match.rules, log.header, log.events)
        assert report.ok, (f"{name}: the audit refuses a seeded random playout (seed "
                           f"{seed}): {report.summary()}")
        assert report.outcome == match.outcome, (
            f"{name}: the audit's outcome {report.outcome} is not the match's "
            f"{match.outcome}: the outcome must follow from the folded state alone")


@pytest.mark.parametrize(("name", "count"), cases())
def test_every_legal_action_is_accepted_by_decide(name: str, count: int) -> None:
    rng = random.Random(0)

    def check(match: Match) -> None:
        for seat in match.to_act:
            legal = list(match.legal(seat))
            assert legal, (f"{name}: seat {seat} is to act but has no legal action: "
                           "to_act names a seat legal offers nothing")
            sample = legal if len(legal) <= 40 else rng.sample(legal, 40)
            for action in sample:
                try:
                    match.rules.decide(match.state, action, _dice(match))
                except IllegalAction as exc:  # pragma: no cover - a failure to report
                    pytest.fail(f"{name}: legal offers an action decide refuses: "
                                f"{action!r}: {exc}: make legal and decide agree")

    playout(name, count, 7, check)


def _dice(match: Match) -> Any:
    from grimoire.core.dice import SeededDice

    return SeededDice(b"contract", 0)


@pytest.mark.parametrize(("name", "count"), cases())
def test_seek_equals_fold_of_the_prefix(name: str, count: int) -> None:
    match = playout(name, count, 4)
    replay = Replay(match.rules, match.header, match.events, every=8)
    start = initial_state(match.rules, match.header)
    n_events = len(match.events)
    for n in sorted({0, 1, 7, 8, 9, n_events // 2, n_events - 1, n_events}):
        if 0 <= n <= n_events:
            assert replay.seek(n) == fold(match.rules, start, match.events[:n]), (
                f"{name}: seek({n}) differs from folding the first {n} events: evolve must "
                "be a pure function of the state and the event (no hidden caches)")


@pytest.mark.parametrize(("name", "count"), cases())
def test_json_and_msgpack_round_trips_are_identity(name: str, count: int) -> None:
    match = playout(name, count, 5)
    rules = match.rules
    typ = Record[rules.Event]  # type: ignore[name-defined]
    for seq, event in enumerate(match.events):
        rec = Record(seq, event, "00")
        why = (f"{name}: {type(event).__name__} does not survive a round trip: give it a "
               "tag and fields of plain types (no sets, no floats that round)")
        assert msgspec.json.decode(msgspec.json.encode(rec), type=typ) == rec, why
        assert msgspec.msgpack.decode(msgspec.msgpack.encode(rec), type=typ) == rec, why
    state = match.state
    why = f"{name}: the State does not survive a round trip: use fields of plain types"
    assert msgspec.json.decode(msgspec.json.encode(state), type=rules.State) == state, why
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=rules.State) == state, \
        why


@pytest.mark.parametrize(("name", "count"), cases())
def test_views_leak_nothing_hidden(name: str, count: int) -> None:
    rng = random.Random(11)

    def check(match: Match) -> None:
        for seat in range(count):
            found = leaks(match.rules, match.state, seat, rng=rng, tries=3)
            assert not found, (f"{name}: {found[0]}: view must blank every fact disguise "
                               "may change (or disguise must keep what the view shows)")

    playout(name, count, 6, check)


@pytest.mark.parametrize(("name", "count"), cases())
def test_redaction_keeps_a_players_own_events(name: str, count: int) -> None:
    match = playout(name, count, 6)
    for event in match.events:
        player = getattr(event, "player", None)
        if isinstance(player, int) and player >= 0:
            assert match.rules.redact(event, player) == event, (
                f"{name}: redact hides part of {type(event).__name__} from its own player "
                f"{player}: a seat sees its own events whole")


@pytest.mark.parametrize(("name", "count"), cases())
def test_positions_round_trip_through_the_notation(name: str, count: int) -> None:
    rules = rules_of(name)
    seen = 0

    def check(match: Match) -> None:
        nonlocal seen
        try:
            text = rules.notation(match.state)
        except IllegalAction:
            return  # phases with secret choices have no notation
        options = msgspec.convert(match.header.options, rules.Options)
        parsed = rules.parse(text, options, match.header.players)
        assert rules.notation(parsed) == text, (
            f"{name}: notation(parse({text!r})) is {rules.notation(parsed)!r}: parse must "
            "read back every field notation writes")
        assert rules.to_act(parsed) == rules.to_act(match.state), (
            f"{name}: {text!r} parsed has other seats to act: notation must write whose "
            "turn it is")
        for seat in rules.to_act(parsed):
            assert list(rules.legal(parsed, seat)) == list(rules.legal(match.state, seat)), (
                f"{name}: {text!r} parsed offers seat {seat} other legal actions: notation "
                "must write every fact legal reads")
        seen += 1

    playout(name, count, 8, check)
    assert seen > 0, (f"{name}: no position of a whole game could be written in notation: "
                      "notation may refuse (IllegalAction) only in secret phases")


@pytest.mark.parametrize(("name", "count"), cases())
def test_render_and_describe_produce_text(name: str, count: int) -> None:
    match = playout(name, count, 9)
    rules = match.rules
    for event in match.events:
        assert isinstance(rules.describe(event), str) and rules.describe(event), (
            f"{name}: describe gives no sentence for {type(event).__name__}: add one")
    for seat in [None, *range(count)]:
        assert isinstance(match.render(seat), str), f"{name}: render gives no text board"
