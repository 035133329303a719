"""Reading and writing logs: streaming, chain, torn lines, limits, msgpack."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from helpers import bot_match

from grimoire.core.errors import LogError
from grimoire.core.logfile import Limits, LogReader, LogWriter, read_log, write_log


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, list[object]]:
    match = bot_match(seed=3)
    path = tmp_path / "m.jsonl"
    match.save(path)
    return path, list(match.events)


def test_round_trip_json(saved: tuple[Path, list[object]]) -> None:
    path, events = saved
    log = read_log(path)
    assert log.events == events and log.sealed


def test_round_trip_msgpack_holds_the_same_records(saved: tuple[Path, list[object]],
                                                   tmp_path: Path) -> None:
    """msgpack is a second encoding of the same header and records (and the same chain)."""
    path, events = saved
    log = read_log(path)
    mp = tmp_path / "m.msgpack"
    write_log(mp, log.header, log.events)
    again = read_log(mp)
    assert again.header == log.header and again.events == events


def test_torn_last_line_is_reported_with_its_line_and_the_rest_still_loads(
    saved: tuple[Path, list[object]],
) -> None:
    """A crash mid-append costs at most the line being written."""
    path, events = saved
    data = path.read_bytes()
    torn = data + b'{"seq":' + str(len(events)).encode() + b',"event":{"ty'
    reader = LogReader(io.BytesIO(torn))
    got = []
    with pytest.raises(LogError) as err:
        for _, _, rec in reader.records():
            got.append(rec.event)
    assert err.value.reason == "log/torn-line"
    assert err.value.line == len(events) + 2
    assert got == events


def test_edited_record_breaks_the_chain_at_its_line(saved: tuple[Path, list[object]]) -> None:
    path, _ = saved
    lines = path.read_bytes().splitlines(keepends=True)
    rec = msgspec.json.decode(lines[4])
    rec["event"]["player"] = 1 - rec["event"]["player"]
    lines[4] = msgspec.json.encode(rec) + b"\n"
    with pytest.raises(LogError) as err:
        read_log(io.BytesIO(b"".join(lines)))
    assert (err.value.reason, err.value.line, err.value.seq) == ("log/chain", 5, 3)


def test_deleted_record_is_a_seq_gap(saved: tuple[Path, list[object]]) -> None:
    path, _ = saved
    lines = path.read_bytes().splitlines(keepends=True)
    del lines[3]
    with pytest.raises(LogError) as err:
        read_log(io.BytesIO(b"".join(lines)))
    assert (err.value.reason, err.value.line) == ("log/seq", 4)


def test_line_length_is_bounded(saved: tuple[Path, list[object]]) -> None:
    path, _ = saved
    with pytest.raises(LogError) as err:
        read_log(path, limits=Limits(max_line=100))
    assert err.value.reason == "log/line-too-long" and err.value.line == 1


def test_record_count_is_bounded(saved: tuple[Path, list[object]]) -> None:
    path, _ = saved
    with pytest.raises(LogError) as err:
        read_log(path, limits=Limits(max_records=3))
    assert err.value.reason == "log/too-many-records" and err.value.line == 5


def test_unknown_game_and_format_are_refused_on_line_1() -> None:
    bad = b'{"format":"grimoire/1","game":"chess","rules":"1","players":["a","b"]}\n'
    with pytest.raises(LogError) as err:
        read_log(io.BytesIO(bad))
    assert (err.value.reason, err.value.line) == ("log/unknown-game", 1)
    bad = b'{"format":"other/9","game":"vicious-circle","rules":"1","players":["a","b"]}\n'
    with pytest.raises(LogError) as err:
        read_log(io.BytesIO(bad))
    assert err.value.reason == "log/unknown-format"


def test_writer_appends_whole_flushed_lines(tmp_path: Path) -> None:
    """Each append is on disk as soon as it returns: a reader sees it without close()."""
    match = bot_match(seed=4, max_actions=6)
    path = tmp_path / "live.jsonl"
    writer = LogWriter.create(path, match.header)
    for event in match.events:
        writer.append(event)
        assert path.read_bytes().endswith(b"\n")
    assert read_log(path).events == list(match.events)
    writer.close()


def test_resume_refuses_a_torn_file(tmp_path: Path) -> None:
    match = bot_match(seed=4, max_actions=2)
    path = tmp_path / "live.jsonl"
    match.save(path)
    with path.open("ab") as f:
        f.write(b'{"seq":')
    with pytest.raises(LogError) as err:
        LogWriter.resume(path, match.header, len(match.events), b"")
    assert err.value.reason == "log/torn-line"


def test_create_never_overwrites(tmp_path: Path) -> None:
    match = bot_match(seed=4, max_actions=2)
    path = tmp_path / "x.jsonl"
    path.write_text("keep me")
    with pytest.raises(LogError):
        LogWriter.create(path, match.header)
    assert path.read_text() == "keep me"


RACE = """
import sys, threading
sys.setswitchinterval(1e-4)  # threads switch often: the race, if there is one, is run
from grimoire.core import registry
from grimoire.core.logfile import record_decoder
lines = open(sys.argv[1], "rb").read().splitlines()[1:]
rules = registry.get("wiz-war")
def read():
    decoder = record_decoder(rules)
    for line in lines:
        decoder.decode(line)
threads = [threading.Thread(target=read) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
"""


def test_threads_reading_a_game_s_records_first_at_once_do_not_crash() -> None:
    """Four threads each asking for the first decoder of Wiz-War's records at once and
    decoding with it (a match server's worker threads as it starts): the decoder is built
    once, by one of them, and the process lives (msgspec learning a type in two threads
    at once left one with a half-learnt type, and its decode crashed the process)."""
    log = Path(__file__).parents[2] / "fixtures" / "wiz-war" / "full-05.jsonl"
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", RACE, str(log)], capture_output=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
