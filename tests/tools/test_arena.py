"""``grimoire arena``: round robin with seats swapped, the same table on one process or
many, win rates with Wilson intervals; bots by spec; ``simulate --bot`` and ``play
--bot``."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from grimoire.bots import MCTSBot, RandomBot, make_bot
from grimoire.cli.app import app
from grimoire.cli.arena import split_bots
from grimoire.core.audit import audit
from grimoire.core.errors import UsageError
from grimoire.core.match import Match
from grimoire.tools.arena import ArenaReport, Pair, arena, duel, wilson
from grimoire.tools.play import play
from grimoire.tools.simulate import simulate

runner = CliRunner()


def test_an_arena_swaps_seats_and_gives_the_same_table_on_any_number_of_processes() -> None:
    one = arena("vicious-circle", ["mcts:iterations=60", "random", "random"], games=4,
                seed=5, jobs=1)
    two = arena("vicious-circle", ["mcts:iterations=60", "random", "random"], games=4,
                seed=5, jobs=2)
    def results(report: ArenaReport) -> list[Pair]:  # all but the times, which vary
        return [msgspec.structs.replace(p, ms_per_move=(0.0, 0.0)) for p in report.pairs]

    assert results(one) == results(two)
    assert [p.bots for p in one.pairs] == [("mcts:iterations=60", "random"),
                                           ("mcts:iterations=60", "random"),
                                           ("random", "random")]
    for pair in one.pairs:
        assert pair.games == 4 and sum(pair.wins) + pair.draws + pair.unfinished == 4
        assert pair.low <= pair.rate <= pair.high
    first = one.pairs[0]
    assert first.wins[0] >= 3 and first.ms_per_move[0] > first.ms_per_move[1]
    assert "win rate (95%)" in one.summary()
    assert "ms/move bot / vs" in one.summary()  # whose thinking time: each bot's


def test_seats_alternate_between_games() -> None:
    even = duel("vicious-circle", ("mcts:iterations=20", "random"), 0, 5)
    odd = duel("vicious-circle", ("random", "mcts:iterations=20"), 1, 5)
    assert even.moves[0] and even.thinking[0] > even.thinking[1]
    assert odd.thinking[1] > odd.thinking[0]


def test_wilson_interval() -> None:
    low, high = wilson(100, 100)
    assert high == pytest.approx(1.0) and 0.96 < low < 0.97
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("spec", "reason"), [("wise", "bot/unknown"),
                                             ("mcts:iters=3", "bot/setting"),
                                             ("random:c=1", "bot/setting"),
                                             ("mcts:c=high", "bot/setting")])
def test_a_bad_bot_spec_is_refused(spec: str, reason: str) -> None:
    with pytest.raises(UsageError) as err:
        make_bot(spec)
    assert err.value.reason == reason
    result = runner.invoke(app, ["arena", "vicious-circle", "--bots", f"random,{spec}",
                                 "-n", "1", "--json"])
    assert result.exit_code == 2 and json.loads(result.output)["error"]["reason"] == reason


def test_bot_specs() -> None:
    bot = make_bot("mcts:ms=30,depth=10,c=1.5", seed=1)
    assert isinstance(bot, MCTSBot)
    assert (bot.iterations, bot.ms, bot.depth, bot.c) == (None, 30.0, 10, 1.5)
    assert isinstance(make_bot("random"), RandomBot)
    assert split_bots("mcts:iterations=9,c=1,random;mcts:ms=5") == [
        "mcts:iterations=9,c=1", "random", "mcts:ms=5"]


def test_the_arena_command_prints_a_table_and_json() -> None:
    result = runner.invoke(app, ["arena", "wizard-armies", "--bots",
                                 "mcts:iterations=40,random", "-n", "2", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "mcts:iterations=40" in result.output and "win rate" in result.output
    result = runner.invoke(app, ["arena", "wizard-armies", "--bots", "random,random",
                                 "-n", "2", "-j", "1", "--json"])
    report = json.loads(result.output)
    assert report["pairs"][0]["games"] == 2


def test_simulate_with_a_search_bot_writes_logs_that_audit(tmp_path: Path) -> None:
    summary = simulate("vicious-circle", games=2, seed=4, out=tmp_path,
                       bots=("mcts:iterations=30", "random"))
    assert summary.games == 2 and len(summary.logs) == 2
    for log in summary.logs:
        assert audit(log).ok
    result = runner.invoke(app, ["simulate", "vicious-circle", "-n", "1", "--bot",
                                 "mcts:iterations=20", "--json"])
    assert result.exit_code == 0, result.output


def test_play_against_a_search_bot_that_shows_its_thinking() -> None:
    match = Match.new("vicious-circle", seed=bytes(32))
    told: list[tuple[int, int]] = []
    bot = MCTSBot(seed=1, iterations=64, progress=lambda d, t: told.append((d, t)))
    said: list[str] = []
    answers = iter(["r"] * 200)  # the person lets the bot pick for them too
    result = play(match, humans={0}, ask=lambda _: next(answers), say=said.append, bot=bot)
    assert result == "over" and match.outcome is not None
    assert (64, 64) in told and any(t == -1 for _, t in told)
