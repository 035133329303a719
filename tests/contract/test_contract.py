"""Contract tests, run over every registered game (a new game gets them for free).

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

from grimoire.bots.random import RandomBot
from grimoire.core import registry
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
    for name in registry.names():
        rules = registry.get(name)
        for count in rules.seats:
            yield pytest.param(name, count, id=f"{name}-{count}p")


def cases() -> list[Any]:
    return list(_cases())


def players(rules: Rules, count: int) -> tuple[str, ...]:
    names = tuple(rules.default_players)
    return names[:count] if len(names) >= count else tuple(f"P{i}" for i in range(count))


def playout(name: str, count: int, seed: int, check: Any = None) -> Match:
    rules = registry.get(name)
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
        assert report.ok, report.summary()
        assert report.outcome == match.outcome


@pytest.mark.parametrize(("name", "count"), cases())
def test_every_legal_action_is_accepted_by_decide(name: str, count: int) -> None:
    rng = random.Random(0)

    def check(match: Match) -> None:
        for seat in match.to_act:
            legal = list(match.legal(seat))
            assert legal, f"seat {seat} is to act but has no legal action"
            sample = legal if len(legal) <= 40 else rng.sample(legal, 40)
            for action in sample:
                try:
                    match.rules.decide(match.state, action, _dice(match))
                except IllegalAction as exc:  # pragma: no cover - a failure to report
                    pytest.fail(f"legal action refused: {action!r}: {exc}")

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
            assert replay.seek(n) == fold(match.rules, start, match.events[:n])


@pytest.mark.parametrize(("name", "count"), cases())
def test_json_and_msgpack_round_trips_are_identity(name: str, count: int) -> None:
    match = playout(name, count, 5)
    rules = match.rules
    typ = Record[rules.Event]  # type: ignore[name-defined]
    for seq, event in enumerate(match.events):
        rec = Record(seq, event, "00")
        assert msgspec.json.decode(msgspec.json.encode(rec), type=typ) == rec
        assert msgspec.msgpack.decode(msgspec.msgpack.encode(rec), type=typ) == rec
    state = match.state
    assert msgspec.json.decode(msgspec.json.encode(state), type=rules.State) == state
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=rules.State) == state


@pytest.mark.parametrize(("name", "count"), cases())
def test_views_leak_nothing_hidden(name: str, count: int) -> None:
    rng = random.Random(11)

    def check(match: Match) -> None:
        for seat in range(count):
            found = leaks(match.rules, match.state, seat, rng=rng, tries=3)
            assert not found, found[0]

    playout(name, count, 6, check)


@pytest.mark.parametrize(("name", "count"), cases())
def test_redaction_keeps_a_players_own_events(name: str, count: int) -> None:
    match = playout(name, count, 6)
    for event in match.events:
        player = getattr(event, "player", None)
        if isinstance(player, int) and player >= 0:
            assert match.rules.redact(event, player) == event


@pytest.mark.parametrize(("name", "count"), cases())
def test_positions_round_trip_through_the_notation(name: str, count: int) -> None:
    rules = registry.get(name)
    seen = 0

    def check(match: Match) -> None:
        nonlocal seen
        try:
            text = rules.notation(match.state)
        except IllegalAction:
            return  # phases with secret choices have no notation
        options = msgspec.convert(match.header.options, rules.Options)
        parsed = rules.parse(text, options, match.header.players)
        assert rules.notation(parsed) == text
        assert rules.to_act(parsed) == rules.to_act(match.state)
        for seat in rules.to_act(parsed):
            assert list(rules.legal(parsed, seat)) == list(rules.legal(match.state, seat))
        seen += 1

    playout(name, count, 8, check)
    assert seen > 0, "no position of a whole game could be written in notation"


@pytest.mark.parametrize(("name", "count"), cases())
def test_render_and_describe_produce_text(name: str, count: int) -> None:
    match = playout(name, count, 9)
    rules = match.rules
    for event in match.events:
        assert isinstance(rules.describe(event), str) and rules.describe(event)
    for seat in [None, *range(count)]:
        assert isinstance(match.render(seat), str)
