"""fold and Replay: snapshots, seek, rewind, streaming from files."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import bot_match

from grimoire.core.errors import GrimoireError
from grimoire.core.logfile import read_log
from grimoire.core.match import Match
from grimoire.core.replay import Replay, draws_in, fold, initial_state


def tally_match(n: int) -> Match:
    m = Match.new("tally", seed="aa" * 8)
    for i in range(n):
        m.act(m.legal(m.state.turn)[i % 2])
    return m


def test_seek_equals_fold_of_the_prefix_everywhere() -> None:
    m = tally_match(300)
    replay = Replay(m.rules, m.header, m.events, every=16)
    start = initial_state(m.rules, m.header)
    for n in [0, 1, 15, 16, 17, 100, 511, len(m.events)]:
        assert replay.seek(n) == fold(m.rules, start, m.events[:n])


def test_seek_from_a_file_equals_seek_in_memory(tmp_path: Path) -> None:
    m = tally_match(500)
    path = tmp_path / "t.jsonl"
    m.save(path)
    with Replay.open(path, every=64) as on_disk:
        in_memory = Replay(m.rules, m.header, m.events, every=64)
        assert len(on_disk) == len(m.events)
        for n in range(0, len(m.events) + 1, 37):
            assert on_disk.seek(n) == in_memory.seek(n)
        assert on_disk.seek_with_dice(len(m.events))[1] == draws_in(m.events)


def test_file_replay_keeps_only_snapshots(tmp_path: Path) -> None:
    """Opened on a file, a Replay holds one state per `every` events, not the events."""
    m = tally_match(1000)
    path = tmp_path / "t.jsonl"
    m.save(path)
    with Replay.open(path, every=100) as r:
        assert len(r._snapshots) == len(m.events) // 100 + (len(m.events) % 100 > 0)
        assert r._events is None


def test_seek_out_of_range_is_an_error() -> None:
    m = tally_match(5)
    with pytest.raises(GrimoireError) as err:
        Replay(m.rules, m.header, m.events).seek(len(m.events) + 1)
    assert err.value.reason == "replay/out-of-range"


def test_rewind_forks_a_new_log_naming_its_origin(tmp_path: Path) -> None:
    """A rewound log is a new log whose header names the log and seq it was forked from."""
    m = bot_match(seed=5)
    path = tmp_path / "m.jsonl"
    m.save(path)
    with Replay.open(path) as r:
        fork = r.rewind(7, origin=str(path))
    assert fork.events == list(m.events[:7])
    assert fork.header.forked_from is not None
    assert (fork.header.forked_from.log, fork.header.forked_from.seq) == (str(path), 7)
    assert read_log(path).events == list(m.events)  # the original is untouched


def test_fork_chain_names_the_origins_chain_at_the_cut(tmp_path: Path) -> None:
    m = bot_match(seed=5)
    path = tmp_path / "m.jsonl"
    m.save(path)
    lines = path.read_text().splitlines()
    with Replay.open(path) as r:
        fork = r.rewind(7, origin=str(path))
    assert fork.header.forked_from is not None
    assert f'"chain":"{fork.header.forked_from.chain}"' in lines[7]


def test_a_continued_fork_draws_the_same_dice_as_the_original() -> None:
    """The counter lives in the log (each chance event's draws): rewinding rewinds the dice."""
    m = tally_match(40)
    fork = Replay(m.rules, m.header, m.events).rewind(20)
    again = Match.from_log(fork, seed=bytes.fromhex("aa" * 8))
    for event in m.events[20:]:
        if event.__class__.__name__ == "Add":
            again.act(event)
    assert list(again.events) == list(m.events)


def test_an_impossible_event_is_a_log_error_not_a_traceback(tmp_path: Path) -> None:
    """fold trusts the log, but a well-formed event no rule could produce must still end
    in a GrimoireError naming its line, not in an exception from inside evolve."""
    import msgspec

    from grimoire.core.errors import LogError

    m = tally_match(6)
    path = tmp_path / "m.jsonl"
    m.save(path)
    lines = path.read_bytes().splitlines()
    records = [msgspec.json.decode(x) for x in lines[1:]]
    for rec in records:
        rec.pop("chain", None)
    assert records[3]["event"]["type"] == "roll"
    records[3]["event"]["values"] = []  # well-formed, but no die was rolled
    path.write_bytes(b"\n".join([lines[0], *map(msgspec.json.encode, records)]) + b"\n")
    with pytest.raises(LogError) as err:
        Replay.open(path)
    assert err.value.reason == "log/impossible-event" and err.value.line == 5
    with pytest.raises(LogError) as err:
        Match.load(path)
    assert err.value.reason == "log/impossible-event"
