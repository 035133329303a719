"""Hostile files: every one is refused with a GrimoireError naming its line, in bounded
time and memory, and nothing outside the log is touched."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import pytest
from helpers import bot_match

from grimoire.core.audit import audit
from grimoire.core.errors import GrimoireError, LogError, UsageError
from grimoire.core.logfile import Limits, LogReader, depth, read_log, write_log
from grimoire.core.match import Match

MATCH = bot_match(seed=4, max_actions=12)
LOG = MATCH.log(reveal=True)


@pytest.fixture
def lines(tmp_path: Path) -> list[bytes]:
    path = tmp_path / "base.jsonl"
    write_log(path, LOG.header, LOG.events)
    return path.read_bytes().splitlines()


def write(tmp_path: Path, lines: list[bytes], name: str = "bad.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def refused(path: Path, reason: str, line: int) -> None:
    report = audit(path)
    assert report.error is not None, report.summary()
    assert (report.error["reason"], report.error["line"]) == (reason, line), report.summary()


def test_deep_nesting_in_the_header_is_refused_before_decoding(
    tmp_path: Path, lines: list[bytes]
) -> None:
    header = json.loads(lines[0])
    header["meta"] = {"x": json.loads("[" * 40 + "]" * 40)}
    path = write(tmp_path, [json.dumps(header).encode(), *lines[1:]])
    refused(path, "log/too-deep", 1)
    with pytest.raises(LogError):
        Match.load(path)


@pytest.mark.parametrize("nesting", [50, 1000, 100_000])
def test_deep_nesting_in_a_record_is_refused(
    tmp_path: Path, lines: list[bytes], nesting: int
) -> None:
    """1,000 nested ``[]`` in an unknown field raised RecursionError before the chain was
    checked."""
    record = lines[3][:-1] + b', "x": ' + b"[" * nesting + b"]" * nesting + b"}"
    path = write(tmp_path, [*lines[:3], record, *lines[4:]])
    report = audit(path)
    assert report.error is not None and report.error["line"] == 4
    assert report.error["reason"] in ("log/too-deep", "log/bad-json")
    for tool in (read_log, Match.load):
        with contextlib.suppress(GrimoireError):
            tool(path)


def test_a_repeated_key_is_refused(tmp_path: Path, lines: list[bytes]) -> None:
    record = lines[3][:-1] + b', "seq": 2}'
    refused(write(tmp_path, [*lines[:3], record, *lines[4:]]), "log/duplicate-key", 4)
    header = lines[0][:-1] + b', "game": "magery"}'
    refused(write(tmp_path, [header, *lines[1:]], "h.jsonl"), "log/duplicate-key", 1)


def test_bytes_that_are_not_utf8_are_refused(tmp_path: Path, lines: list[bytes]) -> None:
    record = lines[3][:-1] + b', "k\xff": 1}'
    refused(write(tmp_path, [*lines[:3], record, *lines[4:]]), "log/bad-json", 4)


def test_recorded_dice_carry_no_seed_and_seeds_are_hex(tmp_path: Path) -> None:
    header = {"format": "grimoire/1", "game": "vicious-circle", "rules": "1",
              "players": ["Dawn", "Twilight"], "dice": "recorded", "seed": "zz"}
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(header) + "\n")
    refused(path, "log/bad-seed", 1)
    header.update(dice="seeded", seed="zz")
    path.write_text(json.dumps(header) + "\n")
    refused(path, "log/bad-seed", 1)


def test_a_fifo_or_a_folder_is_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        with pytest.raises(LogError) as err:
            LogReader(path)
        assert err.value.reason == "log/not-a-file"
        assert audit(path).error["reason"] == "log/not-a-file"  # type: ignore[index]


def test_writing_never_follows_a_planted_link(tmp_path: Path) -> None:
    """The temporary file beside the target is created exclusively under a fresh name: a
    symlink planted at the old predictable name (``OUT.tmp-<pid>``) is left alone."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out.jsonl"
    os.symlink(victim, f"{out}.tmp-{os.getpid()}")
    write_log(out, LOG.header, LOG.events)
    assert victim.read_text() == "precious"
    assert audit(out).ok
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("field", ["max_line", "max_records", "max_depth", "max_decision"])
@pytest.mark.parametrize("value", [0, -5, True, 1.5])
def test_limits_are_positive_whole_numbers(field: str, value: object) -> None:
    with pytest.raises(UsageError):
        Limits(**{field: value})  # type: ignore[arg-type]


def test_depth_skips_brackets_in_strings() -> None:
    assert depth(b'"[[[["') == 0 and depth(b'[["\\"]["]]') == 2


def test_a_decision_longer_than_the_limit_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    """One action followed by a flood of consequence records: the audit stops at the first
    record the rules do not produce, never holding the flood."""
    path = tmp_path / "flood.jsonl"
    events = list(LOG.events)
    write_log(path, LOG.header, events, seal=False)
    data = path.read_bytes().splitlines()
    extra = data[-1]
    flood = [extra.replace(f'"seq":{len(events) - 1}'.encode(), f'"seq":{s}'.encode())
             for s in range(len(events), len(events) + 5000)]
    path.write_bytes(b"\n".join([*data, *flood]) + b"\n")
    report = audit(path)
    assert report.error is not None and report.error["line"] == len(events) + 2


def test_a_sealed_log_with_a_record_lacking_its_chain_is_refused(
    tmp_path: Path, lines: list[bytes]
) -> None:
    """Deleting the ``chain`` of one record in the middle of a sealed log was accepted."""
    record = json.loads(lines[4])
    del record["chain"]
    path = write(tmp_path, [*lines[:4], json.dumps(record, separators=(",", ":")).encode(),
                            *lines[5:]])
    refused(path, "log/chain-missing", 5)
    assert read_log(path).events == LOG.events  # trusted reading still reads it


@pytest.mark.parametrize("where", ["record", "event", "header"])
def test_an_unknown_field_is_refused_by_the_audit_and_ignored_by_trusted_reading(
    tmp_path: Path, lines: list[bytes], where: str
) -> None:
    """An extra field is not covered by the chain and a frontend reading the raw JSON would
    show it: the audit refuses it with its line; replay may ignore it."""
    index = 0 if where == "header" else 3
    value = json.loads(lines[index])
    (value["event"] if where == "event" else value)["colour"] = "red"
    changed = list(lines)
    changed[index] = json.dumps(value, separators=(",", ":")).encode()
    path = write(tmp_path, changed)
    refused(path, "log/unknown-field", index + 1)
    assert read_log(path).events == LOG.events
