"""``grimoire upgrade`` (issue 32, cases 6 and 7): a current log is refused, a copy
upgraded again keeps naming the first original, a signed original's key and signature
are carried, the original is named by its header hash and its file name (not the path as
typed), and ``grimoire upgrade ORIGINAL --check COPY`` holds a copy against its original;
``validate`` refuses a copy whose carried signature does not sign what it names."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from grimoire.cli.app import app
from grimoire.core.audit import audit
from grimoire.core.errors import UsageError
from grimoire.core.events import FORMAT, Upgrade, header_hash
from grimoire.core.logfile import read_log, write_log
from grimoire.tools.seal import seal
from grimoire.tools.upgrade import check, upgrade

ROOT = Path(__file__).resolve().parents[2]
V1 = ROOT / "fixtures" / "vicious-circle" / "v1-full-01.jsonl"  # grimoire/1, rules 1
CURRENT = ROOT / "fixtures" / "vicious-circle" / "full-01.jsonl"
AUDITOR = ("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",  # RFC 8032 3
           "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025")
runner = CliRunner()


def reason(report: object) -> tuple[str, int | None]:
    error = getattr(report, "error", None)
    assert error is not None, report
    return error["reason"], error["line"]


def rewritten(path: Path, out: Path, **changes: object) -> Path:
    """``path``'s log written again (chained, canonical) with its header changed."""
    log = read_log(path)
    write_log(out, msgspec.structs.replace(log.header, **changes), log.events)
    return out


@pytest.mark.parametrize("path", [CURRENT, ROOT / "fixtures" / "magery" / "full-01.jsonl"])
def test_a_log_already_current_is_refused(tmp_path: Path, path: Path) -> None:
    """It used to be rewritten as if it were old, naming itself as its original."""
    with pytest.raises(UsageError) as err:
        upgrade(path, tmp_path / "again.jsonl")
    assert err.value.reason == "upgrade/current"
    assert not (tmp_path / "again.jsonl").exists()


def test_an_upgraded_copy_is_current_and_is_refused_too(tmp_path: Path) -> None:
    copy = tmp_path / "copy.jsonl"
    upgrade(V1, copy)
    with pytest.raises(UsageError) as err:
        upgrade(copy, tmp_path / "twice.jsonl")
    assert err.value.reason == "upgrade/current"


def test_the_original_is_named_by_file_name_and_header_hash(tmp_path: Path) -> None:
    """Not the path as typed (``some/../dir/name``), which says nothing once files move;
    the header's hash names it whatever it is called."""
    (tmp_path / "some").mkdir()
    typed = tmp_path / "some" / ".." / "v1-original.jsonl"
    shutil.copy(V1, tmp_path / "v1-original.jsonl")
    copy = tmp_path / "copy.jsonl"
    upgrade(typed, copy)
    origin = read_log(copy).header.upgraded_from
    original = read_log(V1)
    assert origin is not None and origin.log == "v1-original.jsonl"
    assert origin.header == header_hash(original.header).hex()
    assert (origin.format, origin.rules, origin.records) == ("grimoire/1", "1",
                                                            len(original.events))
    assert origin.chain == json.loads(V1.read_bytes().splitlines()[-1])["chain"]
    assert (origin.key, origin.sig) == (None, None)
    assert audit(copy).ok


def test_upgrading_again_keeps_the_first_original(tmp_path: Path) -> None:
    """A copy an older grimoire upgraded (today's format, its ruleset since superseded)
    upgraded again: ``upgraded_from`` still names the first original, not the copy, and
    the new copy checks out against that first original."""
    first = upgrade(V1, tmp_path / "first.jsonl")
    origin = read_log(tmp_path / "first.jsonl").header.upgraded_from
    assert origin is not None and first.records == origin.records
    # the copy as it stood when rules 1 were still current: format 2, rules 1
    middle = rewritten(V1, tmp_path / "middle.jsonl", format=FORMAT, upgraded_from=origin)
    assert read_log(middle).header.rules == "1" and audit(middle).ok
    upgrade(middle, tmp_path / "last.jsonl")
    assert read_log(tmp_path / "last.jsonl").header.upgraded_from == origin
    assert check(V1, tmp_path / "last.jsonl").ok
    assert check(middle, tmp_path / "last.jsonl").ok


def test_a_signed_original_s_signature_is_carried_and_checked(tmp_path: Path) -> None:
    """Upgrading a signed log dropped its signature without a trace; the copy now names
    its key and signature, and ``validate`` checks that signature against the record
    count, final chain value and outcome it names."""
    signed = tmp_path / "signed.jsonl"
    seal(V1, signed, key=AUDITOR[0])
    line = json.loads(signed.read_bytes().splitlines()[-1])["signature"]
    copy = tmp_path / "copy.jsonl"
    upgrade(signed, copy)
    origin = read_log(copy).header.upgraded_from
    assert origin is not None and (origin.key, origin.sig) == (line["key"], line["sig"])
    assert (origin.records, origin.chain) == (line["records"], line["chain"])
    report = audit(copy)
    assert report.ok, report.summary()
    assert check(signed, copy).ok
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "schemas" / "vicious-circle.schema.json").read_text())
    header_line = json.loads(copy.read_bytes().splitlines()[0])
    assert Draft202012Validator(schema).is_valid(header_line)
    for forged in (msgspec.structs.replace(origin, records=origin.records - 1),
                   msgspec.structs.replace(origin, chain="0" * 32),
                   msgspec.structs.replace(origin, sig=origin.sig[:-2] + "00")):
        bad = rewritten(copy, tmp_path / "forged.jsonl", upgraded_from=forged)
        assert reason(audit(bad)) == ("sign/upgraded-from", 1)
        (tmp_path / "forged.jsonl").unlink()
    half = rewritten(copy, tmp_path / "half.jsonl",
                     upgraded_from=msgspec.structs.replace(origin, sig=None))
    assert reason(audit(half)) == ("sign/upgraded-from", 1)


def test_a_signed_original_that_fails_its_audit_is_not_upgraded(tmp_path: Path) -> None:
    signed = tmp_path / "signed.jsonl"
    seal(V1, signed, key=AUDITOR[0])
    lines = signed.read_bytes().split(b"\n")
    cut = tmp_path / "cut.jsonl"  # a record gone, the signature kept
    cut.write_bytes(b"\n".join([*lines[:-3], *lines[-2:]]))
    with pytest.raises(UsageError) as err:
        upgrade(cut, tmp_path / "copy.jsonl")
    assert err.value.reason == "sign/invalid-log"


def test_check_refuses_a_forged_origin_and_a_changed_event(tmp_path: Path) -> None:
    """Issue 32, case 6: a made-up ``upgraded_from`` (a path, ``records: 9999``, a chain
    of zeros) was accepted with no way to hold the copy against its original."""
    copy = tmp_path / "copy.jsonl"
    upgrade(V1, copy)
    good = check(V1, copy)
    assert good.ok and good.records == len(read_log(V1).events), good.summary()
    origin = read_log(copy).header.upgraded_from
    assert origin is not None
    cases = {"records": {"records": 9999}, "chain": {"chain": "0" * 32},
             "header": {"header": "0" * 32}}
    for field, change in cases.items():
        forged = rewritten(copy, tmp_path / f"forged-{field}.jsonl",
                           upgraded_from=msgspec.structs.replace(origin, **change))
        assert audit(forged).ok  # nothing in the copy alone tells it apart
        report = check(V1, forged)
        assert reason(report) == ("upgrade/origin", 1), field
        assert f"upgraded_from.{field}" in report.error["detail"]  # type: ignore[index]
    renamed = rewritten(copy, tmp_path / "renamed.jsonl", upgraded_from=msgspec.structs
                        .replace(origin, log="made/up/path.jsonl"))
    assert check(V1, renamed).ok  # files are renamed; the header hash names the original
    log = read_log(copy)
    events = list(log.events)
    events[5], events[6] = events[6], events[5]
    swapped = tmp_path / "swapped.jsonl"
    write_log(swapped, log.header, events)
    assert reason(check(V1, swapped)) == ("upgrade/event", 7)
    write_log(tmp_path / "short.jsonl", log.header, log.events[:-1])
    assert reason(check(V1, tmp_path / "short.jsonl"))[0] == "upgrade/records"
    other = ROOT / "fixtures" / "vicious-circle" / "v1-full-02.jsonl"
    assert reason(check(other, copy)) == ("upgrade/origin", 1)
    options = rewritten(copy, tmp_path / "options.jsonl", options={})
    assert reason(check(V1, options)) == ("upgrade/header", 1)


def test_the_check_command_exits_0_for_a_copy_and_1_for_a_forgery(tmp_path: Path) -> None:
    copy = tmp_path / "copy.jsonl"
    result = runner.invoke(app, ["upgrade", str(V1), "-o", str(copy)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["upgrade", str(V1), "--check", str(copy)])
    assert result.exit_code == 0 and "the match of" in result.output, result.output
    origin = read_log(copy).header.upgraded_from
    assert origin is not None
    forged = rewritten(copy, tmp_path / "forged.jsonl", upgraded_from=Upgrade(
        log="made-up.jsonl", format="grimoire/1", rules="1", records=9999, chain="0" * 32))
    result = runner.invoke(app, ["upgrade", str(V1), "--check", str(forged), "--json"])
    assert result.exit_code == 1 and json.loads(result.output)["error"]["reason"] == \
        "upgrade/origin", result.output
    result = runner.invoke(app, ["upgrade", str(CURRENT), "-o", str(tmp_path / "x.jsonl")])
    assert result.exit_code == 2 and "upgrade/current" in result.output
    result = runner.invoke(app, ["upgrade", str(V1)])
    assert result.exit_code == 2 and "upgrade/usage" in result.output
