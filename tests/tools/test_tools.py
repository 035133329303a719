"""The library functions behind the commands."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import bot_match

from grimoire.core.errors import UsageError
from grimoire.core.logfile import read_log
from grimoire.tools import diff, new, render, replay_lines, rewind, seal, simulate, validate


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "m.jsonl"
    bot_match(seed=11).save(path, reveal=True)
    return path


def test_validate_reports_each_log(game: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    lines = game.read_text().splitlines(keepends=True)
    bad.write_text("".join(lines[:5] + lines[6:]))
    reports = validate([game, bad])
    assert [r.ok for r in reports] == [True, False]
    assert reports[1].error is not None and reports[1].error["line"] == 6
    assert validate([tmp_path])[0].path == str(bad)  # folders are searched


def test_rewind_then_diff_shows_the_fork_point(game: Path, tmp_path: Path) -> None:
    fork = tmp_path / "fork.jsonl"
    header = rewind(game, 10, fork)
    assert header.forked_from is not None and header.forked_from.seq == 10
    report = diff(game, fork)
    assert report.common == 10 and report.b is None and report.a is not None
    assert report.a["seq"] == 10 and report.state
    assert not report.identical
    assert diff(game, game).identical


def test_rewind_refuses_to_overwrite_or_go_out_of_range(game: Path, tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        rewind(game, 3, game)
    with pytest.raises(UsageError):
        rewind(game, 10_000, tmp_path / "x.jsonl")


def test_render_as_a_player_hides_the_secret_setup(game: Path) -> None:
    full = render(game, at=1)
    hidden = render(game, at=1, player="Twilight")
    assert full != hidden and "?" in hidden
    with pytest.raises(UsageError):
        render(game, at=1, player="Nobody")


def test_replay_describes_every_event(game: Path) -> None:
    lines = list(replay_lines(game))
    n = len(read_log(game).events)
    assert sum(1 for line in lines if line.startswith("[")) == n
    at = list(replay_lines(game, at=3))
    assert at[0] == "after 3 events:"


def test_simulate_writes_valid_logs(tmp_path: Path) -> None:
    summary = simulate("vicious-circle", games=3, seed=5, out=tmp_path)
    assert summary.games == 3 and len(summary.logs) == 3
    assert all(r.ok for r in validate(summary.logs))
    again = simulate("vicious-circle", games=3, seed=5)
    assert (again.wins, again.mean_events) == (summary.wins, summary.mean_events)


def test_seal_adds_the_chain_and_reveals_the_seed(tmp_path: Path) -> None:
    m = bot_match(seed=12)
    raw = tmp_path / "raw.jsonl"
    m.save(raw, reveal=False)
    # strip the chain, as a hand-written log would be
    import msgspec

    lines = raw.read_bytes().splitlines()
    stripped = [lines[0]] + [
        msgspec.json.encode({k: v for k, v in msgspec.json.decode(x).items() if k != "chain"})
        for x in lines[1:]
    ]
    raw.write_bytes(b"\n".join(stripped) + b"\n")
    assert not read_log(raw).sealed
    out = tmp_path / "sealed.jsonl"
    seal(raw, out, seed=m.seed)
    log = read_log(out)
    assert log.sealed and log.header.seed == m.seed
    with pytest.raises(UsageError):
        seal(raw, tmp_path / "x.jsonl", seed="00")


def test_new_writes_a_header_only_log(tmp_path: Path) -> None:
    header, secret = new("vicious-circle", tmp_path / "n.jsonl")
    assert secret is not None and header.seed is None and header.seed_commitment
    assert read_log(tmp_path / "n.jsonl").events == []
    with pytest.raises(UsageError):
        new("vicious-circle", tmp_path / "n.jsonl")


def test_diff_names_squares_as_the_board_does(tmp_path: Path) -> None:
    """``diff`` reports a square by its name (``board[c3]``), never by its index."""
    from helpers import bot_match

    from grimoire.tools.diff import diff

    a, b = bot_match("vicious-circle", seed=1, max_actions=8), bot_match(
        "vicious-circle", seed=2, max_actions=8)
    pa, pb = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.save(pa)
    b.save(pb)
    report = diff(pa, pb)
    paths = [d["path"] for d in report.state]
    assert any(p.startswith("board[") for p in paths), paths
    assert not any(p.startswith("board[") and p[6:-1].isdigit() for p in paths), paths


def test_diff_answers_for_a_forged_event_no_rules_can_describe(game: Path,
                                                               tmp_path: Path) -> None:
    """A forged log may hold an event no rules can put into words (a seat that does not
    exist: ``"player": 7``); ``diff`` still compares, and says so of that event, where it
    once raised IndexError (found by the seeded fuzz)."""
    import json

    lines = game.read_text().splitlines(keepends=True)
    record = json.loads(lines[1])
    record["event"]["player"] = 7
    forged = tmp_path / "forged.jsonl"
    forged.write_text("".join([lines[0], json.dumps(record) + "\n", *lines[2:]]))
    report = diff(game, forged)
    assert report.common == 0 and report.b is not None
    assert "an event the rules cannot describe" in report.b["describe"]
    assert report.a is not None and "cannot" not in report.a["describe"]
