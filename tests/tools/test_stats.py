"""``tools.stats``: an archive's figures agree with what ``simulate`` played, are the same
on one process or two, keep out what the audit refuses with ``validate``, and give the
quartiles ``statistics.quantiles`` gives."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from deadly import NAME, deadly_folder, deadly_game

from grimoire.core import registry
from grimoire.core.events import Action
from grimoire.core.logfile import read_log
from grimoire.tools.arena import wilson
from grimoire.tools.simulate import SimulationSummary, simulate
from grimoire.tools.stats import Spread, facts, stats

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.mark.parametrize("seed", range(6))
def test_quartiles_are_those_of_statistics_quantiles(seed: int) -> None:
    rng = random.Random(seed)
    values = [rng.randrange(1 + seed * 7) for _ in range(1 + rng.randrange(40))]
    spread = Spread.of(Counter(values))
    want = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [
        values[0]] * 3
    assert [spread.q1, spread.median, spread.q3] == pytest.approx(want)
    assert (spread.min, spread.max) == (min(values), max(values))
    assert spread.mean == pytest.approx(statistics.fmean(values))


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SimulationSummary]:
    out = tmp_path_factory.mktemp("played")
    summary = simulate("wizard-armies", games=6, seed=3, out=out, max_actions=30)
    (out / "zz-garbage.jsonl").write_bytes(b"\x00\xff\n")
    return out, summary


def test_the_figures_are_what_simulate_played(played: tuple[Path, SimulationSummary]) -> None:
    folder, summary = played
    report = stats([folder], jobs=1)
    assert report.logs == 7 and report.unknown == {"log/not-a-log": 1}
    (game,) = report.games
    assert (game.game, game.games, game.draws, game.unfinished) == (
        "wizard-armies", 6, summary.draws, summary.unfinished)
    assert [s.wins for s in game.seats] == list(summary.wins.values())
    for s in game.seats:
        assert s.games == game.finished and (s.low, s.high) == wilson(s.wins, s.games)
    assert game.events.mean == pytest.approx(summary.mean_events)
    assert game.actions.mean == pytest.approx(summary.mean_actions)
    logs = [read_log(p) for p in summary.logs]
    types = Counter(type(e).__name__ for log in logs for e in log.events)
    assert sum(game.events_by_type.values()) == sum(types.values())
    assert list(game.events_by_type.values()) == sorted(game.events_by_type.values(),
                                                        reverse=True)
    assert sum(game.endings.values()) == game.finished


def test_action_lengths_count_the_games_of_each_length_shortest_first(
        played: tuple[Path, SimulationSummary]) -> None:
    """What the histogram of ``--plot`` draws: one count a length, over every game read,
    and the quartiles of ``actions`` are theirs."""
    folder, summary = played
    (game,) = stats([folder], jobs=1).games
    lengths = Counter(sum(1 for e in read_log(p).events if isinstance(e, Action))
                      for p in summary.logs)
    assert game.action_lengths == dict(lengths)
    assert list(game.action_lengths) == sorted(lengths)
    assert Spread.of(game.action_lengths) == game.actions


def test_one_process_or_two_give_the_same_figures(
        played: tuple[Path, SimulationSummary]) -> None:
    folder, _ = played
    assert stats([folder], jobs=1) == stats([folder], jobs=2)
    assert stats([folder], jobs=2, validate=True) == stats([folder], jobs=1, validate=True)


def test_validate_keeps_out_the_logs_the_audit_refuses() -> None:
    """A fixture whose action the rules refuse is a game to a trusted read, and a log
    kept out with its reason to an audited one (the default)."""
    bad = str(FIXTURES / "vicious-circle" / "edge-bad-straight-paths.jsonl")
    assert facts(bad, validate=False).error is None
    assert facts(bad) == facts(bad, validate=True)
    refused = facts(bad)
    assert refused.error is not None and refused.error["reason"] == "move/not-straight"
    good = str(FIXTURES / "vicious-circle" / "full-01.jsonl")
    report = stats([bad, good], jobs=1)
    (game,) = report.games
    assert game.games == 1 and game.invalid == {"move/not-straight": 1} and report.validated
    assert report.summary().startswith("2 logs audited: 1 valid, 1 kept out")
    trusted = stats([bad, good], jobs=1, validate=False)
    assert trusted.games[0].games == 2 and not trusted.validated
    assert "read unchecked (--no-validate): a tampered log counts as any other" in (
        trusted.summary())


@pytest.fixture
def deadly(tmp_path: Path) -> Iterator[Path]:
    registry.register(deadly_game(tmp_path / "died-once"))
    yield deadly_folder(tmp_path / "logs")
    registry.unregister(NAME)


def test_a_log_that_kills_its_worker_twice_is_counted_by_its_reason(deadly: Path) -> None:
    report = stats([deadly], jobs=2)
    assert report.unknown == {"audit/worker-crashed": 1}
    assert [(g.game, g.games) for g in report.games] == [(NAME, 3)]


def test_stats_with_validate_agrees_with_validate() -> None:
    """Over the fixtures of two games: the logs ``stats --validate`` keeps out are, reason
    for reason, those ``validate`` finds invalid, and its games are the valid logs."""
    from grimoire.tools.validate import Totals, reports

    folders = [FIXTURES / "vicious-circle", FIXTURES / "wizard-armies"]
    totals = Totals()
    for report in reports(folders, jobs=2):
        totals.add(report)
    figures = stats(folders, validate=True, jobs=2)
    kept_out: Counter[str] = Counter(figures.unknown)
    for game in figures.games:
        kept_out.update(game.invalid)
    assert dict(kept_out) == totals.reasons
    assert sum(g.games for g in figures.games) == totals.valid
    assert figures.logs == totals.logs


def test_seats_are_named_by_the_games_sides(played: tuple[Path, SimulationSummary]) -> None:
    """Wins are told by the game's sides (Wizard Armies: Light and Dark), with the seat
    number beside them, not "seat 0 / seat 1" alone."""
    folder, _ = played
    (game,) = stats([folder], jobs=1).games
    assert [s.side for s in game.seats] == ["Light", "Dark"]
    assert "\n  Light (seat 0) won " in game.summary()
    assert "\n  Dark (seat 1)  won " in game.summary()
