"""Fuzzed logs: truncated, reordered, duplicated, bit-flipped and hand-edited logs produce a
GrimoireError with a line number, never another exception."""

from __future__ import annotations

import io

from helpers import bot_match
from hypothesis import given
from hypothesis import strategies as st

from grimoire.core.audit import audit
from grimoire.core.logfile import iter_encoded

MATCH = bot_match(seed=9)
LOG = b"".join(iter_encoded(MATCH.log(reveal=True).header, MATCH.events))
UNSEALED = b"".join(iter_encoded(MATCH.log(reveal=True).header, MATCH.events, seal=False))
LINES = LOG.splitlines(keepends=True)
N = len(LINES)


def check(data: bytes) -> None:
    report = audit(io.BytesIO(data))
    if not report.ok:
        assert report.error is not None
        assert report.error["line"] is not None, report.error
        assert 1 <= report.error["line"] <= data.count(b"\n") + 1


def test_the_untouched_log_is_valid() -> None:
    assert audit(io.BytesIO(LOG)).ok and audit(io.BytesIO(UNSEALED)).ok


@given(st.integers(0, len(LOG) - 1))
def test_truncated(cut: int) -> None:
    check(LOG[:cut])


@given(st.integers(1, N - 1), st.integers(1, N - 1))
def test_reordered(i: int, j: int) -> None:
    lines = list(LINES)
    lines[i], lines[j] = lines[j], lines[i]
    check(b"".join(lines))
    if i != j and lines[i] != lines[j]:
        assert not audit(io.BytesIO(b"".join(lines))).ok


@given(st.integers(1, N - 1))
def test_duplicated(i: int) -> None:
    lines = list(LINES)
    lines.insert(i, lines[i])
    report = audit(io.BytesIO(b"".join(lines)))
    assert not report.ok and report.error is not None and report.error["line"] == i + 2


@given(st.integers(0, len(LOG) - 1), st.integers(0, 7), st.booleans())
def test_bit_flipped(pos: int, bit: int, sealed: bool) -> None:
    data = bytearray(LOG if sealed else UNSEALED)
    pos %= len(data)
    data[pos] ^= 1 << bit
    check(bytes(data))


@given(st.integers(1, N - 1), st.text(max_size=40))
def test_hand_edited_line(i: int, text: str) -> None:
    lines = list(UNSEALED.splitlines(keepends=True))
    lines[i] = text.encode("utf-8", "surrogatepass") + b"\n"
    check(b"".join(lines))


@given(st.binary(max_size=200))
def test_garbage(data: bytes) -> None:
    check(data)
