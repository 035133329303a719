"""Reading a chunk at a time (``LogReader.records``, ``LogReader.events``) gives exactly
what reading one line at a time gives: the same records with the same line numbers and
offsets, and at a bad line the same error with the same line, after the same records.
Each case reads a log of several 64 KiB chunks both ways (``logfile.BATCHED``)."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.core import logfile
from grimoire.core.errors import LogError
from grimoire.core.logfile import CHUNK, LogReader
from grimoire.core.match import Match
from grimoire.testing import tally

tally.register()


@pytest.fixture(scope="module")
def lines(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    """A sealed tally log of a few chunks (about 2,400 records), split in lines."""
    path = tmp_path_factory.mktemp("chunks") / "long.jsonl"
    m = Match.new("tally", seed="5e" * 16)
    for i in range(1200):
        m.act(tally.Add(player=m.state.turn, secret=i & 1))
    m.save(path, reveal=True)
    data = path.read_bytes()
    assert len(data) > 3 * CHUNK
    return data.split(b"\n")


Read = Callable[[LogReader], list[Any]]
READS: dict[str, Read] = {
    "verify": lambda r: list(r.records()),
    "strict": lambda r: list(r.records(strict=True)),
    "trusted": lambda r: list(r.records(verify=False)),
    "events": lambda r: list(r.events()),
}


def read(data: bytes, how: str, batched: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    """What one way of reading gives: the items read, then the error (or ``None``)."""
    monkeypatch.setattr(logfile, "BATCHED", batched)
    got: list[Any] = []
    try:
        with LogReader(io.BytesIO(data)) as reader:
            if how == "events":
                for event in reader.events():
                    got.append(event)
            else:
                for item in reader.records(verify=how != "trusted", strict=how == "strict"):
                    got.append(item)
            tail: Any = (reader.count, reader.final_chain, reader.signature)
    except LogError as exc:
        tail = (exc.reason, exc.line, exc.seq)
    return got, tail


def same_both_ways(data: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    for how in READS:
        assert read(data, how, True, monkeypatch) == read(data, how, False, monkeypatch), how


def test_a_whole_log_reads_alike_both_ways(lines: list[bytes],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    data = b"\n".join(lines)
    same_both_ways(data, monkeypatch)
    got, tail = read(data, "events", True, monkeypatch)
    assert len(got) == len(lines) - 2 and tail[0] == len(got)


def test_a_record_split_over_two_lines_is_refused_though_another_holds_two(
        lines: list[bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    """Line 5 ends mid-record, line 6 holds its rest, line 7 holds two records: joined in
    one chunk the records would parse, but every line must be one record."""
    body = lines[1:]
    half = len(body[3]) // 2
    forged = [lines[0], *body[:3], body[3][:half], body[3][half:],
              body[4] + b"," + body[5], *body[6:]]
    data = b"\n".join(forged)
    same_both_ways(data, monkeypatch)
    for how in READS:
        _, tail = read(data, how, True, monkeypatch)
        assert tail[:2] == ("log/bad-json", 5), how


MUTATIONS = ["delete", "duplicate", "blank", "spaces", "flip", "split", "join", "swap"]


def mutate(lines: list[bytes], how: str, at: int, byte: int) -> list[bytes]:
    out = list(lines)
    line = out[at]
    if how == "delete":
        del out[at]
    elif how == "duplicate":
        out.insert(at, line)
    elif how == "blank":
        out.insert(at, b"   ")
    elif how == "spaces":  # the same record, written by hand
        out[at] = msgspec.json.format(line, indent=0).replace(b"\n", b" ") if line else line
    elif how == "flip" and line:
        k = byte % len(line)
        out[at] = line[:k] + bytes([line[k] ^ 0x21]) + line[k + 1:]
    elif how == "split" and line:
        k = byte % len(line)
        out[at:at + 1] = [line[:k], line[k:]]
    elif how == "join" and at + 1 < len(out):
        out[at:at + 2] = [line + out[at + 1]]
    elif how == "swap" and at + 1 < len(out):
        out[at], out[at + 1] = out[at + 1], out[at]
    return out


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(MUTATIONS), st.integers(1, 10**6),
                          st.integers(0, 255)), min_size=1, max_size=3))
def test_a_mutated_log_reads_alike_both_ways(
        lines: list[bytes], monkeypatch: pytest.MonkeyPatch,
        changes: list[tuple[str, int, int]]) -> None:
    """Deleted, repeated, blank, hand-written, damaged, split, joined and swapped lines,
    anywhere in any chunk: the same records and the same first error both ways."""
    out = list(lines)
    for how, at, byte in changes:
        out = mutate(out, how, 1 + at % (len(out) - 1), byte)
    same_both_ways(b"\n".join(out), monkeypatch)


def test_a_signed_log_reads_its_signature_both_ways(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sealed log's last line is its signature; blank lines may follow it, a record may
    not."""
    pytest.importorskip("cryptography")
    from grimoire.core.signing import generate
    from grimoire.tools.seal import seal

    m = Match.new("tally", seed="5e" * 16)
    for i in range(200):
        m.act(tally.Add(player=m.state.turn, secret=i & 1))
    plain, signed = tmp_path / "m.jsonl", tmp_path / "s.jsonl"
    m.save(plain, reveal=True)
    secret, _ = generate()
    seal(plain, signed, key=secret)
    data = signed.read_bytes()
    same_both_ways(data, monkeypatch)
    _, tail = read(data, "strict", True, monkeypatch)
    assert tail[2] is not None  # the signature was read
    same_both_ways(data + b"\n\n", monkeypatch)
    last = data.split(b"\n")[-3]
    same_both_ways(data + last + b"\n", monkeypatch)
    _, tail = read(data + last + b"\n", "verify", True, monkeypatch)
    assert tail[0] == "log/after-signature"


def edit(line: bytes, change: str) -> bytes:
    """A record edited the way an editor (or an attacker) writes it back: canonical, so
    its chunk still decodes whole and only the reader's checks can refuse it."""
    rec = msgspec.json.decode(line)
    if change == "seat":
        rec["event"]["player"] = 7
    elif change == "chain":
        rec["chain"] = "0" * 32
    elif change == "no-chain":
        del rec["chain"]
    return msgspec.json.encode(rec)


@pytest.mark.parametrize("change", ["seat", "chain", "no-chain"])
@pytest.mark.parametrize("at", [5, 1500])
def test_a_canonical_record_that_fails_a_check_is_found_in_a_whole_chunk(
        lines: list[bytes], monkeypatch: pytest.MonkeyPatch, change: str, at: int) -> None:
    """A verifying read checks a whole chunk in one go and, when a check fails, again
    record by record: the same records and the same first error as one line at a time,
    at the edited line (a record without its chain is refused by the strict read only;
    a bad seat names no seat of the log)."""
    body = list(lines)
    body[at] = edit(body[at], change)
    data = b"\n".join(body)
    same_both_ways(data, monkeypatch)
    want = {"seat": ("log/bad-seat", "log/bad-seat"), "chain": ("log/chain", "log/chain"),
            "no-chain": (None, "log/chain-missing")}[change]
    for how, reason in zip(("verify", "strict"), want, strict=True):
        got, tail = read(data, how, True, monkeypatch)
        if reason is None:
            assert len(got) == len(lines) - 2 and tail[0] == len(got), how
        else:
            assert tail[:2] == (reason, at + 1) and len(got) == at - 1, how


def test_a_chain_in_a_later_chunk_of_a_log_without_chains_is_refused_by_the_strict_read(
        lines: list[bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    """A log whose records carry no chain (an unsealed log), but for one in its third
    chunk: the strict read refuses it there, as it does one line at a time; the others
    read it all."""
    body = [lines[0], *(edit(line, "no-chain") if line else line for line in lines[1:])]
    body[1500] = lines[1500]
    data = b"\n".join(body)
    same_both_ways(data, monkeypatch)
    _, tail = read(data, "strict", True, monkeypatch)
    assert tail[:2] == ("log/chain-missing", 1501)
    got, tail = read(data, "verify", True, monkeypatch)
    assert len(got) == len(lines) - 2 and tail[0] == len(got)


def test_a_decision_longer_than_the_limit_is_found_in_a_whole_chunk(
        lines: list[bytes]) -> None:
    """Line 1502's action replaced by the roll before it (its chain made right): with two
    events allowed after an action, the roll of line 1503 is the third."""
    from grimoire.core.events import chain_next

    body = list(lines)
    forged = msgspec.json.decode(body[1501])
    before = msgspec.json.decode(body[1500])
    assert (forged["event"]["type"], before["event"]["type"]) == ("add", "roll")
    forged["event"] = before["event"]
    forged["chain"] = chain_next(bytes.fromhex(before["chain"]),
                                 msgspec.json.encode(before["event"])).hex()
    body[1501] = msgspec.json.encode(forged)
    data = b"\n".join(body)
    for strict in (False, True):
        with LogReader(io.BytesIO(data), limits=logfile.Limits(max_decision=2)) as reader, \
                pytest.raises(LogError) as err:
            list(reader.records(strict=strict))
        assert (err.value.reason, err.value.line) == ("log/decision-too-long", 1503)


@pytest.mark.parametrize("encoding", ["json", "msgpack"])
@pytest.mark.parametrize("reveal", [True, False])
def test_a_log_reads_the_same_by_path_as_from_an_open_file(
        tmp_path: Path, encoding: str, reveal: bool) -> None:
    """A reader given a path reads its file unbuffered (JSON a chunk at a time, msgpack
    through a buffer it adds): the same header, records, line numbers, offsets and final
    chain as a reader given a buffered file or a raw one, for a log of several chunks,
    sealed or with its seed revealed (whose chain starts from the header with the seed
    blanked), with or without the encoding named."""
    m = Match.new("tally", seed="5e" * 16)
    for i in range(1200):
        m.act(tally.Add(player=m.state.turn, secret=i & 1))
    path = tmp_path / ("long.jsonl" if encoding == "json" else "long.msgpack")
    m.save(path, reveal=reveal)
    assert path.stat().st_size > 3 * CHUNK

    def read(reader: LogReader) -> tuple[Any, ...]:
        with reader:
            got = list(reader.records(strict=True))
            return reader.header, reader.encoding, got, reader.count, reader.final_chain

    by_path = read(LogReader(path))
    assert by_path[1] == encoding and by_path[3] == len(m.events)
    assert [rec.event for _, _, rec in by_path[2]] == list(m.events)
    assert (by_path[0].seed is not None) == reveal
    assert read(LogReader(str(path), encoding=encoding)) == by_path  # type: ignore[arg-type]
    with path.open("rb") as buffered:
        assert read(LogReader(buffered)) == by_path
    with path.open("rb", buffering=0) as raw:
        assert read(LogReader(raw)) == by_path
    # and the records found at their offsets, read again from the unbuffered file
    with LogReader(path) as reader:
        for _, offset, rec in by_path[2][::400]:
            assert next(reader.read_record_at(offset)) == rec


@pytest.mark.parametrize("extra", [0, 1])
def test_a_line_over_the_length_limit_is_found_in_a_later_chunk(
        lines: list[bytes], extra: int) -> None:
    """With the limit at the longest record's length, line 1501 replaced by ``limit +
    extra`` bytes: one byte over is refused as too long at its line, the limit itself
    passes the length check (and is then no record), and the 1,499 records before it are
    read either way."""
    limit = max(len(line) for line in lines) + 10
    body = list(lines)
    body[1500] = b"x" * (limit + extra)
    with LogReader(io.BytesIO(b"\n".join(body)), limits=logfile.Limits(max_line=limit)) \
            as reader:
        got = []
        with pytest.raises(LogError) as err:
            for _, _, rec in reader.records():
                got.append(rec)
    assert len(got) == 1499 and err.value.line == 1501
    assert err.value.reason == ("log/line-too-long" if extra else "log/bad-json")
