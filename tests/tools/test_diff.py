"""``grimoire diff``: where two logs part, even when one of them was tampered with, and
what differs there in the board's own words."""

from __future__ import annotations

from pathlib import Path

from helpers import bot_match
from typer.testing import CliRunner

from grimoire import Match
from grimoire.bots.random import RandomBot, play_out
from grimoire.cli.app import app
from grimoire.tools.diff import diff


def tampered_copy(log: Path, out: Path) -> int:
    """A copy of ``log`` with one action's seat flipped (as ``make demo`` tampers);
    returns the seq of the changed record."""
    lines = log.read_text().splitlines(keepends=True)
    victim = next(i for i, line in enumerate(lines) if i >= 4 and '"player":' in line)
    for old, new in (('"player":0', '"player":1'), ('"player":1', '"player":0')):
        if old in lines[victim]:
            lines[victim] = lines[victim].replace(old, new, 1)
            break
    out.write_text("".join(lines))
    return victim - 1  # line 1 is the header


def test_diff_of_a_tampered_log_says_where_it_was_changed(tmp_path: Path) -> None:
    """A log that does not verify is compared anyway, its records read as written: the
    report names its problem and the first record that differs is the tampered one."""
    log = tmp_path / "match.jsonl"
    bot_match("magery", seed=3, max_actions=40).save(log, reveal=True)
    bad = tmp_path / "tampered.jsonl"
    seq = tampered_copy(log, bad)
    report = diff(log, bad)
    assert report.a_problem is None
    assert report.b_problem is not None and report.b_problem["reason"] == "log/chain"
    assert report.common == seq and report.a is not None and report.b is not None
    assert report.a["event"] != report.b["event"] and report.state
    result = CliRunner().invoke(app, ["diff", str(log), str(bad)])
    assert result.exit_code == 1, result.output
    assert f"{bad} does not verify (line {seq + 2} (seq {seq}): log/chain" in result.output
    assert f"common prefix: {seq} records" in result.output


def test_diff_names_a_wizards_square_not_its_index(tmp_path: Path) -> None:
    """Wiz-War keeps each wizard's square as a number: the diff names it as the board
    does (``pos[0]: 'c3' != 'b3'``), never ``pos[0]: 18 != 8``."""
    logs = []
    for seed in (1, 2):
        path = tmp_path / f"{seed}.jsonl"
        # the same dice, other choices (on ruleset 2's fixed board, as this was written)
        match = Match.new("wiz-war", seed=bytes(16), options={"fixed_board": True})
        play_out(match, RandomBot(seed), max_actions=3)
        match.save(path)
        logs.append(path)
    report = diff(*logs)
    moved = [d for d in report.state if d["path"].startswith("pos[")]
    assert moved, report.summary()
    for d in moved:
        assert isinstance(d["a"], str) and isinstance(d["b"], str), d
        assert d["a"][0].isalpha() and d["b"][0].isalpha(), d
