"""Betting props: the exact solver agrees with the rules; the simulation is seeded."""

from __future__ import annotations

import itertools
import pathlib
import random

import pytest

from grimoire.core.dice import RecordedDice
from grimoire.core.events import Event
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies.events import RoundOver
from grimoire.games.wizard_armies.odds import BattleOdds, battle_odds
from grimoire.games.wizard_armies.rules import can_act, striker
from grimoire.games.wizard_armies.state import State
from grimoire.tools.odds import OddsReport, odds

ROOT = pathlib.Path(__file__).resolve().parents[3]
WORKED = ROOT / "fixtures" / "wizard-armies" / "worked-example.jsonl"

Triple = tuple[float, float, float]


def _result(lost: tuple[int, int]) -> Triple:
    if lost[0] < lost[1]:
        return (1.0, 0.0, 0.0)
    if lost[0] > lost[1]:
        return (0.0, 1.0, 0.0)
    return (0.0, 0.0, 1.0)


def _fold(state: State, events: tuple[Event, ...]) -> tuple[State, RoundOver | None]:
    end = None
    for e in events:
        if isinstance(e, RoundOver):
            end = e
            break
        state = RULES.evolve(state, e)
    return state, end


def brute(state: State) -> Triple:
    """Expectiminimax over the real rules (decide/evolve), raid dice enumerated."""
    seat = state.turn
    best: Triple | None = None
    for action in RULES.legal(state, seat):
        value = _after_action(state, action)
        if best is None:
            best = value
            continue
        v, b = value[0] - value[1], best[0] - best[1]
        if (seat == 0 and v > b + 1e-12) or (seat == 1 and v < b - 1e-12):
            best = value
    assert best is not None
    return best


def _after_action(state: State, action: Event) -> Triple:
    try:
        events = RULES.decide(state, action, RecordedDice([]))
    except Exception:
        events = ()
    if events:
        nxt, end = _fold(state, events)
        return _result(end.lost) if end is not None else brute(nxt)
    # A raid roll is due: enumerate every sequence of raid dice.
    total = [0.0, 0.0, 0.0]
    count = 0
    for k in range(1, 7):
        try:
            RULES.decide(state, action, RecordedDice([2] * k))
        except Exception:
            continue
        for values in itertools.product(range(1, 7), repeat=k):
            events = RULES.decide(state, action, RecordedDice(values))
            nxt, end = _fold(state, events)
            value = _result(end.lost) if end is not None else brute(nxt)
            for i in range(3):
                total[i] += value[i]
            count += 1
        break
    return (total[0] / count, total[1] / count, total[2] / count)


def positions(n: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < n:
        f0 = tuple(sorted((rng.randint(2, 6) for _ in range(rng.randint(1, 3))), reverse=True))
        f1 = tuple(sorted((rng.randint(2, 6) for _ in range(rng.randint(1, 3))), reverse=True))
        troops = (len(f0) + rng.randint(0, 2), len(f1) + rng.randint(0, 2))
        state = State(phase="battle", troops=troops, deployed=(len(f0), len(f1)),
                      field=(f0, f1), turn=rng.randint(0, 1), init=(5, 2),
                      lost=(rng.randint(0, 2), rng.randint(0, 2)))
        if can_act(state, state.turn):
            out.append(state)
    return out


@pytest.mark.parametrize("state", positions(25, 7))
def test_exact_odds_agree_with_the_rules(state: State) -> None:
    """"you can still bet on who will win a battle": the exact odds are the rules' own."""
    got = battle_odds(state)
    assert got.method == "exact"
    want = brute(state)
    assert got.win[0] == pytest.approx(want[0], abs=1e-9)
    assert got.win[1] == pytest.approx(want[1], abs=1e-9)
    assert got.tie == pytest.approx(want[2], abs=1e-9)


def open_fields(n: int, seed: int, battle_end: str) -> list[State]:
    """Positions where a field may already be empty (a lone Wizard facing no dice), with
    the side to strike able to."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < n:
        f0 = tuple(sorted((rng.randint(2, 6) for _ in range(rng.randint(0, 2))), reverse=True))
        f1 = tuple(sorted((rng.randint(2, 6) for _ in range(rng.randint(0, 2))), reverse=True))
        if rng.random() < 0.5:
            f0, f1 = (6,), ()
        troops = (len(f0) + rng.randint(0, 3), len(f1) + rng.randint(1, 3))
        state = State(phase="battle", troops=troops, deployed=(2, 2), field=(f0, f1),
                      turn=rng.randint(0, 1), init=(5, 2), lost=(1, rng.randint(0, 2)),
                      battle_end=battle_end)
        if striker(state) == state.turn:
            out.append(state)
    return out


@pytest.mark.parametrize(
    "state", open_fields(12, 3, "no-strike") + open_fields(6, 4, "empty-field")
)
def test_exact_odds_follow_the_lone_wizard_rule(state: State) -> None:
    """"Each roll that resulted in a natural 'six' can be used to cancel out any die on the
    field or used to deduct one unit from the opponents camp on their turn": the exact
    solver lets the battle go on while a side has a strike (a lone Wizard against an empty
    field still kills a camp unit), and follows option ``battle_end`` as the rules do."""
    got = battle_odds(state)
    assert got.method == "exact"
    want = brute(state)
    assert (got.win[0], got.win[1], got.tie) == pytest.approx(want, abs=1e-9)


def test_odds_of_a_lone_wizard_facing_an_empty_field() -> None:
    """The text's case: Light's 6 faces no dice after Dark struck its 2 (Light lost one):
    the Wizard's camp kill evens the losses, so the battle is a certain tie, not a loss."""
    state = State(phase="battle", troops=(4, 11), deployed=(2, 1), field=((6,), ()),
                  turn=0, init=(2, 5), lost=(1, 0))
    got = battle_odds(state)
    assert (got.method, got.win, got.tie) == ("exact", (0.0, 0.0), 1.0)
    old = battle_odds(State(**{**_fields(state), "battle_end": "empty-field"}))
    assert (old.method, old.win, old.tie) == ("exact", (0.0, 1.0), 0.0)


def _fields(state: State) -> dict[str, object]:
    return {f: getattr(state, f) for f in state.__struct_fields__}


def test_exact_odds_in_a_raid() -> None:
    state = State(phase="raid", troops=(5, 6), deployed=(2, 3), field=((), (4, 2)),
                  turn=1, targets=(5, 3, 1), lost=(1, 0), init=(2, 5))
    got = battle_odds(state)
    assert (got.method, got.win, got.tie) == ("exact", (0.0, 1.0), 0.0)


def test_simulation_is_seeded_and_has_an_error_bar() -> None:
    state = State(phase="deploy", round=2, troops=(5, 6))
    a = battle_odds(state, samples=200)
    b = battle_odds(state, samples=200)
    assert a == b
    assert a.method == "simulation" and a.samples == 200
    assert 0 < a.error < 0.1
    assert a.win[0] + a.win[1] + a.tie == pytest.approx(1.0)
    other = battle_odds(state, samples=200, seed=b"another")
    assert abs(other.win[0] - a.win[0]) < 3 * a.error


def test_no_odds_once_the_war_is_over() -> None:
    state = State(phase="over", troops=(0, 2), winners=(1,), result="conquest")
    assert battle_odds(state) == BattleOdds(method="none", win=(0.0, 0.0), tie=0.0,
                                            assumption="the war is over",
                                            phase="over", round=1)


def test_odds_are_a_capability_of_the_rules() -> None:
    """Tools find the odds through the rules object; they are the core's Odds, with the
    phase and round of the position."""
    from grimoire.core.rules import Odds, SupportsOdds

    assert isinstance(RULES, SupportsOdds)
    assert BattleOdds is Odds
    state = State(phase="deploy", round=2, troops=(5, 6))
    got = RULES.odds(state, samples=200, seed=b"wizard-armies/odds")
    assert got == battle_odds(state, samples=200)
    assert (got.phase, got.round) == ("deploy", 2)
    raid = State(phase="raid", troops=(5, 6), deployed=(2, 3), field=((), (4, 2)),
                 turn=1, targets=(5, 3, 1), lost=(1, 0), init=(2, 5))
    assert RULES.odds(raid, samples=1, seed=b"x") == battle_odds(raid)


def test_odds_tool_on_the_worked_example() -> None:
    """Round one after the cowards: Player Two's 5, 4, 6, 3 against 2, 2, 6, 6 and two
    units already lost: Player Two cannot lose the battle."""
    report = odds(str(WORKED), 13)
    assert isinstance(report, OddsReport)
    assert report.method == "exact"
    assert report.win == (0.0, 1.0)
    assert "Player Two 100.0%" in report.summary()
    early = odds(str(WORKED), 5, samples=100)
    assert early.method == "simulation" and early.error > 0
    assert "\u00b1" in early.summary()
    end = odds(str(WORKED), None)
    assert end.method == "none" and end.at == end.events


def test_odds_tool_refuses_other_games(tmp_path: pathlib.Path) -> None:
    from grimoire import GrimoireError, Match

    m = Match.new("vicious-circle", seed="00" * 16)
    path = tmp_path / "vc.jsonl"
    m.save(path)
    with pytest.raises(GrimoireError) as err:
        odds(str(path), None)
    assert err.value.reason == "odds/unsupported"
