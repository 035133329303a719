"""Wizard Armies through grimoire.Match: seeded playouts, audit, replay, views, notation,
text, and the recorded fixtures (the worked example above all)."""

from __future__ import annotations

import importlib.util
import pathlib
import random
from types import ModuleType

import msgspec
import pytest

from grimoire import IllegalAction, Match, Replay, fold
from grimoire.core.audit import audit, audit_events
from grimoire.core.events import Action
from grimoire.core.views import leaks
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies.events import Deploy, GameOver

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures" / "wizard-armies"
SEEDS = range(12)


def playout(seed: int, options: dict[str, str] | None = None) -> Match:
    m = Match.new("wizard-armies", seed=f"{seed:064x}", options=options or {})
    chooser = random.Random(seed)
    for _ in range(3000):
        if m.outcome is not None:
            break
        seats = sorted(m.to_act)
        assert seats, "someone must act until the war ends"
        seat = chooser.choice(seats)
        actions = list(m.legal(seat))
        assert actions
        m.act(chooser.choice(actions))
    assert m.outcome is not None
    return m


@pytest.fixture(scope="module")
def games() -> list[Match]:
    options = [{}, {"doubles": "once"}, {"doubles": "none"}]
    return [playout(s, options[s % 3]) for s in SEEDS]


def test_every_legal_action_is_accepted(games: list[Match]) -> None:
    for m in games[:4]:
        state = RULES.setup(m.rules.Options(), m.header.players)
        replay = Replay(m.rules, m.header, m.events)
        for n in range(len(replay) + 1):
            state = replay.seek(n)
            if RULES.outcome(state) is not None:
                continue
            for seat in RULES.to_act(state):
                from grimoire.core.dice import SeededDice

                for action in RULES.legal(state, seat):
                    RULES.decide(state, action, SeededDice(b"x"))


def test_seeded_playouts_audit(games: list[Match]) -> None:
    for m in games:
        log = m.log(reveal=True)
        report = audit_events(RULES, log.header, log.events)
        assert report.ok, report.error
        assert report.outcome == m.outcome


def test_seek_equals_fold(games: list[Match]) -> None:
    m = games[0]
    replay = Replay(m.rules, m.header, m.events, every=7)
    s0 = RULES.setup(RULES.Options(), m.header.players)
    for n in range(0, len(m.events) + 1, 3):
        assert replay.seek(n) == fold(RULES, s0, m.events[:n])


def test_json_and_msgpack_round_trips(games: list[Match]) -> None:
    m = games[1]
    replay = Replay(m.rules, m.header, m.events)
    for event in m.events:
        for enc, dec in ((msgspec.json.encode, msgspec.json.decode),
                         (msgspec.msgpack.encode, msgspec.msgpack.decode)):
            assert dec(enc(event), type=RULES.Event) == event
    for _, _, state in replay.states():
        for enc, dec in ((msgspec.json.encode, msgspec.json.decode),
                         (msgspec.msgpack.encode, msgspec.msgpack.decode)):
            assert dec(enc(state), type=RULES.State) == state


def test_views_leak_nothing_and_disguise_has_teeth(games: list[Match]) -> None:
    rng = random.Random(0)
    varied = 0
    for m in games:
        replay = Replay(m.rules, m.header, m.events)
        for _, _, state in replay.states():
            for seat in (0, 1):
                assert not leaks(RULES, state, seat, rng=rng)
                if RULES.disguise(state, seat, rng) != state:
                    varied += 1
    assert varied > 0


def test_redaction_hides_the_other_deployment(games: list[Match]) -> None:
    for m in games:
        for event in m.events:
            if isinstance(event, Deploy):
                assert RULES.redact(event, 1 - event.player).units == 0
                assert RULES.redact(event, None).units == 0
                assert RULES.redact(event, event.player) == event


def test_notation_round_trips_and_starts_a_log(games: list[Match]) -> None:
    """Every position a game rests in (before each action, and at the end) round-trips
    through the notation. A state between an action and its last consequence (a roll
    still due, a round over but the war not yet declared over) is no position: its text
    round-trips or is refused with ``position/invalid``, never anything else."""
    checked = between = 0
    for m in games:
        options = msgspec.convert(m.header.options, RULES.Options)
        replay = Replay(m.rules, m.header, m.events)
        events = list(m.events)
        for n, (_, _, state) in enumerate(replay.states(), start=1):
            resting = n == len(events) or isinstance(events[n], Action)
            try:
                text = RULES.notation(state)
            except IllegalAction as exc:
                assert exc.reason == "position/setup"
                continue
            if not resting:
                try:
                    again = RULES.parse(text, options, m.header.players)
                except IllegalAction as exc:
                    assert exc.reason == "position/invalid"
                    between += 1
                else:
                    assert RULES.notation(again) == text
                continue
            assert RULES.parse(text, options, m.header.players) == state
            assert RULES.notation(RULES.parse(text, options, m.header.players)) == text
            checked += 1
    assert checked > 100 and between > 0
    start = Match.new("wizard-armies", seed="00" * 16,
                      position="d 2 5,6 11 0,0 -/- - - 0,0 0,0 -")
    assert start.state.troops == (5, 6)
    assert start.to_act == {0, 1}


def test_bad_notation_is_refused() -> None:
    for text in ("", "q 1 0,0 00 0,0 -/- - - 0,0 0,0 -", "b 1 2,2 11 1,1 7/- 0 - 0,0 0,0 -",
                 "b 1 2,2 11 1,1 23/- 0 - 0,0 0,0 -", "x 1 0,2 11 0,0 -/- - - 0,0 0,0 -"):
        with pytest.raises(IllegalAction) as err:
            RULES.parse(text, RULES.Options(), ("a", "b"))
        assert err.value.reason == "position/invalid"


def test_render_and_describe_give_text(games: list[Match]) -> None:
    m = games[2]
    replay = Replay(m.rules, m.header, m.events)
    for _, event, state in replay.states():
        assert RULES.describe(event)
        assert RULES.describe(RULES.redact(event, 0))
        for seat in (0, 1, None):
            assert RULES.render(RULES.view(state, seat), seat)


def test_playouts_end_quickly(games: list[Match]) -> None:
    assert max(len(m.events) for m in games) < 3000


# ------------------------------------------------------------------ fixtures


def test_worked_example_replays_to_the_texts_outcome() -> None:
    """The text: "Player two wins the game ... Player One has zero units left\""""
    report = audit(FIXTURES / "worked-example.jsonl")
    assert report.ok, report.error
    assert report.dice == "recorded"
    assert report.outcome is not None
    assert report.outcome.winners == (1,)
    with Replay.open(FIXTURES / "worked-example.jsonl") as replay:
        final = replay.seek(len(replay))
        assert final.troops == (0, 2)
        ends = [e for e in replay.events() if type(e).__name__ == "RoundOver"]
        # rounds: 10-5=5 and 7-1=6; 5-3=2 and 6-4=2; 2-2=0 (see the Rulings)
        assert [e.troops for e in ends] == [(5, 6), (2, 2), (0, 2)]  # type: ignore[attr-defined]
        assert isinstance(list(replay.events())[-1], GameOver)


def test_every_fixture_audits() -> None:
    """Every fixture passes its audit, except the deliberately invalid ones (header
    ``meta.expect``), which are refused with exactly that reason."""
    from grimoire.core.logfile import LogReader

    paths = sorted(FIXTURES.glob("*.jsonl"))
    assert len([p for p in paths if p.name.startswith("full-")]) >= 5
    assert len([p for p in paths if p.name.startswith("edge-")]) >= 10
    invalid = 0
    for path in paths:
        with LogReader(path) as reader:
            expect = reader.header.meta.get("expect")
        report = audit(path)
        if expect is None:
            assert report.ok, (path.name, report.error)
        else:
            invalid += 1
            assert not report.ok and report.error is not None, path.name
            assert report.error["reason"] == expect, (path.name, report.error)
    assert invalid >= 1


def test_ruleset_one_fixtures_still_audit() -> None:
    """Logs written under ruleset 1 (kept as ``v1-*.jsonl``, unchanged) audit under their
    own rule: option ``battle_end="empty-field"``. ``v1-full-06`` is one whose play the rule
    change touches: read as ruleset 2 it fails the audit."""
    from grimoire.core.logfile import read_log

    old = sorted(FIXTURES.glob("v1-*.jsonl"))
    assert {p.name for p in old} >= {"v1-full-01.jsonl", "v1-full-06.jsonl",
                                      "v1-worked-example.jsonl"}
    for path in old:
        log = read_log(path)
        assert log.header.rules == "1"
        assert "battle_end" not in log.header.options
        report = audit_events(RULES, log.header, log.events)
        assert report.ok, (path.name, report.error)
    log = read_log(FIXTURES / "v1-full-06.jsonl")
    as_two = msgspec.structs.replace(log.header, rules="2")
    assert not audit_events(RULES, as_two, log.events).ok


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "wizard_armies_fixtures", ROOT / "tools" / "fixtures" / "wizard_armies.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fixtures_are_what_the_generator_makes() -> None:
    from grimoire.core.logfile import read_log

    for stem, match in _generator().build().items():
        on_disk = read_log(FIXTURES / f"{stem}.jsonl")
        assert list(on_disk.events) == list(match.events), stem


def test_corrupted_logs_give_only_grimoire_errors(tmp_path: pathlib.Path) -> None:
    """Audit and replay of a hand-damaged log report problems, never crash."""
    import json

    from grimoire import GrimoireError

    lines = (FIXTURES / "worked-example.jsonl").read_text().splitlines()
    rng = random.Random(5)
    junk = [None, -1, 0, 7, 99, [], [0], [7, 7], [1] * 9, "x", 1]
    path = tmp_path / "bad.jsonl"
    for _ in range(300):
        records = [json.loads(line) for line in lines[1:]]
        for rec in records:
            rec.pop("chain", None)
        i = rng.randrange(len(records))
        if rng.random() < 0.5:
            event = records[i]["event"]
            keys = [k for k in event if k != "type"]
            if keys:
                event[rng.choice(keys)] = rng.choice(junk)
        else:
            j = rng.randrange(len(records))
            records[i], records[j] = records[j], records[i]
            for n, rec in enumerate(records):
                rec["seq"] = n
        path.write_text("\n".join([lines[0], *map(json.dumps, records)]) + "\n")
        audit(path)  # never raises: problems are in the report
        try:
            with Replay.open(path, verify=False) as replay:
                for n in (len(replay) // 2, len(replay)):
                    state = replay.seek(n)
                    RULES.render(state)
                    for event in replay.events(0, n):
                        RULES.describe(event)
        except GrimoireError:
            pass
