"""A line is canonical or refused: the audit reads every line (the header, each record, the
signature line) as exactly its canonical bytes, so the text a verifier hashes as written
is the text grimoire hashes (issue 32, cases 1 and 5). A signature line holds exactly its
documented fields. CR LF line ends and blank lines are no part of any line; copies of a
``grimoire/1`` log keep its first format's lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grimoire.core.audit import audit
from grimoire.core.events import LEGACY
from grimoire.tools.repair import repair
from grimoire.tools.seal import seal

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "sealed-setup.jsonl"
AUDITOR = "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025"
PLAIN = ROOT / "fixtures" / "wizard-armies" / "frozen-format2-full-01.jsonl"
FORMAT1 = ROOT / "fixtures" / "magery" / "frozen-format1-full-01.jsonl"


def verdict(path: Path, trust: tuple[str, ...] = ()) -> tuple[str | None, int | None]:
    report = audit(path, trust=trust)
    if report.error is None:
        return None, None
    return report.error["reason"], report.error["line"]


def edited(tmp_path: Path, source: Path, line: int, old: bytes, new: bytes) -> Path:
    """``source`` with ``old`` replaced by ``new`` once in its (1-based) ``line``."""
    lines = source.read_bytes().split(b"\n")
    assert old in lines[line - 1], (old, lines[line - 1][:120])
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    out = tmp_path / f"edited-{source.name}"
    out.write_bytes(b"\n".join(lines))
    return out


def test_the_untouched_example_and_logs_are_valid() -> None:
    assert verdict(EXAMPLE, (AUDITOR,)) == (None, None)
    assert verdict(PLAIN) == (None, None)
    assert verdict(FORMAT1) == (None, None)


@pytest.mark.parametrize(("what", "line", "old", "new"), [
    ("an event's fields reordered", 3, b'"type":"commit","player":1,',
     b'"player":1,"type":"commit",'),
    ("a record's fields reordered", 3, b'{"seq":1,"event":', b'{"event":'),
    ("a space after a colon in a record", 2, b'"seq":0,', b'"seq": 0,'),
    ("an escaped letter in a key", 4, b'{"type":"open"', b'{"\\u0074ype":"open"'),
    ("an escaped letter in a value", 4, b'"saint"', b'"s\\u0061int"'),
    ("a space in the header", 1, b'"format":"grimoire/2"', b'"format": "grimoire/2"'),
    ("a space in the signature line", 7, b'"records":5', b'"records": 5'),
    ("a number written as 5.0e0", 7, b'"records":5', b'"records":5e0'),
])
def test_a_line_not_in_canonical_form_is_refused_at_that_line(
        tmp_path: Path, what: str, line: int, old: bytes, new: bytes) -> None:
    """Every one of these edits leaves the chain and every signature as they were (they
    cover values, not spacing): validate used to accept them, hashing its own
    re-encoding while the docs tell a verifier to hash the text as written."""
    path = edited(tmp_path, EXAMPLE, line, old, new)
    if old == b'{"seq":1,"event":':  # seq moved to the end of the record
        path.write_bytes(path.read_bytes().replace(b'"}\n{"seq":2', b'","seq":1}\n{"seq":2'))
    reason = verdict(path, (AUDITOR,))
    expected = "log/bad-signature" if new == b'"records":5e0' else "log/not-canonical"
    assert reason == (expected, line), what


def test_a_defaulted_field_written_out_is_not_canonical(tmp_path: Path) -> None:
    """Today's format leaves a field holding its default out: a Magery turn's empty
    ``extra`` written out is refused (its chain, over the canonical bytes, is right)."""
    source = ROOT / "fixtures" / "magery" / "frozen-format2-full-01.jsonl"
    lines = source.read_bytes().split(b"\n")
    k = next(i for i, raw in enumerate(lines) if b'"type":"turn"' in raw)
    path = edited(tmp_path, source, k + 1, b'"player":1}', b'"player":1,"extra":[]}')
    assert verdict(path) == ("log/not-canonical", k + 1)


def test_a_field_nobody_reads_inside_the_signature_is_refused_even_when_trusted(
        tmp_path: Path) -> None:
    """Issue 32, case 1: ``"signer": "Official referee"`` in the signature line was
    accepted, and reported "trusted" under ``--trust``; neither the signature nor the
    chain covers it, yet a frontend might show it."""
    path = edited(tmp_path, EXAMPLE, 7, b'{"signature":{"key"',
                  b'{"signature":{"signer":"Official referee","key"')
    assert verdict(path, (AUDITOR,)) == ("log/unknown-field", 7)
    assert verdict(path) == ("log/unknown-field", 7)


def test_a_field_nobody_reads_beside_the_signature_is_refused(tmp_path: Path) -> None:
    """After the signature object, or before it (the line is then no signature line,
    and no record either)."""
    lines = EXAMPLE.read_bytes().split(b"\n")
    after, before = tmp_path / "after.jsonl", tmp_path / "before.jsonl"
    after.write_bytes(b"\n".join([*lines[:6], lines[6][:-1] + b',"signer":"Official '
                                  b'referee"}', *lines[7:]]))
    before.write_bytes(b"\n".join([*lines[:6], b'{"signer":"Official referee",'
                                   + lines[6][1:], *lines[7:]]))
    assert verdict(after, (AUDITOR,)) == ("log/unknown-field", 7)
    assert verdict(before, (AUDITOR,)) == ("log/bad-record", 7)


def test_cr_lf_line_ends_and_blank_lines_are_no_part_of_a_line(tmp_path: Path) -> None:
    """A log saved on Windows (CR LF), with blank lines and no newline after its last
    line: every line is still its canonical bytes, so the log is valid."""
    lines = EXAMPLE.read_bytes().split(b"\n")[:-1]
    path = tmp_path / "crlf.jsonl"
    path.write_bytes(b"\r\n".join([lines[0], b"", *lines[1:4], b"  ", *lines[4:]]))
    assert verdict(path, (AUDITOR,)) == (None, None)


def test_a_first_format_record_written_in_today_s_form_is_not_canonical(
        tmp_path: Path) -> None:
    """``grimoire/1`` wrote every field, defaulted ones included: one left out is not
    its canonical form (nor is a today's header over its records)."""
    lines = FORMAT1.read_bytes().split(b"\n")
    k = next(i for i, raw in enumerate(lines) if b',"extra":[]}' in raw)  # a Magery turn
    path = edited(tmp_path, FORMAT1, k + 1, b',"extra":[]}', b"}")
    assert verdict(path) == ("log/not-canonical", k + 1)
    assert lines[0].startswith(b'{"format":"grimoire/1",')


def test_copies_of_a_first_format_log_keep_its_first_format_lines(tmp_path: Path) -> None:
    """``seal`` and ``repair`` write a ``grimoire/1`` log in its own format's canonical
    lines (they wrote today's, which that format's canonical form refuses)."""
    assert json.loads(FORMAT1.read_bytes().split(b"\n")[0])["format"] == LEGACY
    sealed, repaired = tmp_path / "sealed.jsonl", tmp_path / "repaired.jsonl"
    seal(FORMAT1, sealed)
    repair(FORMAT1, repaired)
    assert sealed.read_bytes() == FORMAT1.read_bytes()
    assert repaired.read_bytes() == FORMAT1.read_bytes()
    assert verdict(sealed) == (None, None)


def test_seal_writes_the_canonical_copy_the_refusal_names(tmp_path: Path) -> None:
    """The way out of ``log/not-canonical``: ``grimoire seal LOG -o NEW`` writes every line
    canonical; the chain values, over the canonical bytes, are the same."""
    path = edited(tmp_path, PLAIN, 3, b'"seq":1,', b'"seq": 1,')
    assert verdict(path) == ("log/not-canonical", 3)
    out = tmp_path / "canonical.jsonl"
    seal(path, out)
    assert out.read_bytes() == PLAIN.read_bytes()


def test_a_first_format_copy_an_older_seal_wrote_has_a_way_out(tmp_path: Path) -> None:
    """Before this rule, ``grimoire seal`` of a ``grimoire/1`` log wrote today's lines
    under the old header (its chain over the first format's bytes). ``validate`` now
    refuses such a copy for its form, and the refusal's way out, ``grimoire seal LOG
    -o NEW``, writes the first format's lines with the same chain values."""
    import msgspec

    from grimoire.core.logfile import Record, read_log

    log = read_log(FORMAT1)
    lines = FORMAT1.read_bytes().split(b"\n")
    old = [lines[0]]
    for raw, event in zip(lines[1:], log.events, strict=False):
        chain = json.loads(raw)["chain"]
        old.append(msgspec.json.encode(Record(json.loads(raw)["seq"], event, chain)))
    written = tmp_path / "older-seal.jsonl"
    written.write_bytes(b"\n".join(old) + b"\n")
    assert written.read_bytes() != FORMAT1.read_bytes()
    reason, line = verdict(written)
    assert reason == "log/not-canonical" and line is not None and line > 1
    out = tmp_path / "again.jsonl"
    seal(written, out)
    assert out.read_bytes() == FORMAT1.read_bytes() and verdict(out) == (None, None)
