"""A crash at any moment of live play loses at most the decision being written, and never
leaves a log that is silently played on: every cut of a live log is a valid log, or is
refused as a torn line or a partial decision, and ``repair`` brings it back to the last
whole decision."""

from __future__ import annotations

from pathlib import Path

import pytest

from games import GAMES  # every registered game: a crash must lose at most one decision
from grimoire.bots.random import RandomBot
from grimoire.core.audit import audit
from grimoire.core.errors import LogError
from grimoire.core.events import Action
from grimoire.core.logfile import read_log
from grimoire.core.match import Match
from grimoire.tools.repair import repair


def live_log(tmp: Path, game: str, actions: int = 40) -> Path:
    path = tmp / f"{game}.jsonl"
    with Match.new(game, seed="5a" * 16, path=path) as match:
        bot = RandomBot(3)
        for _ in range(actions):
            if not match.to_act:
                break
            match.act(bot.choose(match, min(match.to_act)))
    return path


def test_one_act_is_one_write_of_whole_lines(tmp_path: Path) -> None:
    """The events of one ``act`` reach the file together: after each act the file ends
    in a newline and holds exactly the match's events."""
    path = tmp_path / "m.jsonl"
    with Match.new("wizard-armies", seed="01" * 16, path=path) as match:
        bot = RandomBot(1)
        for _ in range(10):
            if not match.to_act:
                break
            events = match.act(bot.choose(match, min(match.to_act)))
            data = path.read_bytes()
            assert data.endswith(b"\n")
            assert data.count(b"\n") == 1 + len(match.events)
            assert len(events) >= 1


@pytest.mark.parametrize("game", GAMES)
def test_a_kill_at_every_line_boundary_leaves_a_valid_or_refused_log(
    tmp_path: Path, game: str
) -> None:
    path = live_log(tmp_path, game)
    lines = path.read_bytes().splitlines(keepends=True)
    events = read_log(path).events
    starts = {i for i, e in enumerate(events) if isinstance(e, Action)}
    for cut in range(1, len(lines) + 1):
        prefix = tmp_path / f"cut-{cut}.jsonl"
        prefix.write_bytes(b"".join(lines[:cut]))
        n = cut - 1  # records kept
        whole = n == len(events) or n in starts
        report = audit(prefix)
        try:
            Match.load(prefix)
            loaded = True
        except LogError as exc:
            assert exc.reason == "log/partial-decision", exc
            loaded = False
        if whole:
            assert report.ok, f"{game}: a log cut after {n} records: {report.summary()}"
            assert loaded, f"{game}: a log cut after a whole decision ({n} records) won't load"
        else:
            assert report.error is not None, (
                f"{game}: a log cut inside a decision ({n} records) audits as whole: "
                "every event of a decision must come from one act")
            assert report.error["reason"] == "log/partial-decision", (
                f"{game}: a log cut inside a decision ({n} records): {report.summary()}")
            assert not loaded, f"{game}: a log cut inside a decision ({n} records) loads"
            match = Match.load(prefix, drop_partial=True)
            assert len(match.events) == max(s for s in starts if s < n)
            fixed = tmp_path / f"fixed-{cut}.jsonl"
            rep = repair(prefix, fixed)
            assert rep.reason == "log/partial-decision" and rep.kept == len(match.events)
            assert audit(fixed).ok


def test_repair_drops_a_torn_last_line_and_copies_a_whole_log_unchanged(
    tmp_path: Path,
) -> None:
    path = live_log(tmp_path, "vicious-circle", actions=12)
    data = path.read_bytes()
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(data[:-7])
    assert audit(torn).error["reason"] == "log/torn-line"  # type: ignore[index]
    out = tmp_path / "out.jsonl"
    report = repair(torn, out)
    assert report.torn and audit(out).ok
    same = tmp_path / "same.jsonl"
    assert repair(path, same).reason == "" and same.read_bytes() == data


def test_repair_leaves_tampering_an_error(tmp_path: Path) -> None:
    path = live_log(tmp_path, "vicious-circle", actions=12)
    lines = path.read_bytes().splitlines(keepends=True)
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"".join([*lines[:3], lines[4], lines[3], *lines[5:]]))
    with pytest.raises(LogError) as err:
        repair(bad, tmp_path / "out.jsonl")
    assert err.value.reason == "log/seq"

