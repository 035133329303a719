"""``grimoire validate --jobs N``: the same bytes on one process or four over every
fixture, ``--json`` as it always was, ``--json-lines`` streamed with a summary, hostile
files reported with the rest going on, a worker that dies reported (exit code 3)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from deadly import NAME, deadly_folder, deadly_game
from once import reuse
from typer.testing import CliRunner

import grimoire.cli.validate
from games import SHIPPED
from grimoire.cli.app import app
from grimoire.cli.validate import print_document
from grimoire.core import registry
from grimoire.tools.simulate import simulate
from grimoire.tools.validate import validate

runner = CliRunner()
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def audited() -> dict[str, object]:
    """The fixtures' reports on one process and on four, each audited once for both
    output modes."""
    return {}


@pytest.mark.parametrize("mode", [[], ["--json-lines"]])
def test_one_job_and_four_print_the_same_bytes_over_the_fixtures(
        mode: list[str], audited: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fixture of the five games, valid and invalid: exit 1, same output. (The
    reports of each number of processes are the same in both modes: the library call
    under the command audits every fixture once on one process and once on four, and
    each mode prints both and compares them.)"""
    reuse(monkeypatch, grimoire.cli.validate, "reports", audited, listed=True,
          when=lambda jobs, **_: jobs in (1, 4))
    one = run("validate", *mode, "--jobs", "1", str(FIXTURES))
    four = run("validate", *mode, "--jobs", "4", str(FIXTURES))
    assert one == four
    code, out = one
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 1 + sum(1 for _ in FIXTURES.rglob("*.jsonl"))
    if mode:
        summary = json.loads(lines[-1])["summary"]
        assert summary["valid"] + summary["invalid"] == summary["logs"] == len(lines) - 1
        assert summary["invalid"] > 0 and summary["unreadable"] == 0
        games = {json.loads(line)["game"] for line in lines[:-1]}
        assert set(SHIPPED) <= games  # every shipped game's fixtures
    else:
        assert " valid, " in lines[-1] and "INVALID" in out


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("logs")
    simulate("vicious-circle", games=3, seed=4, out=out)
    lines = sorted(out.glob("*.jsonl"))[0].read_text().splitlines(keepends=True)
    (out / "tampered.jsonl").write_text("".join([*lines[:3], lines[4], lines[3], *lines[5:]]))
    return out


@pytest.mark.parametrize("spool", [1 << 23, 64])
def test_json_is_the_document_it_always_was(logs: Path, spool: int,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Byte for byte ``json.dumps({"valid": …, "logs": […]}, indent=2)``, whether the
    reports waited in memory or in a file."""
    reports = validate([logs])
    print_document(iter(reports), spool=spool)
    want = json.dumps(msgspec.to_builtins({"valid": False, "logs": reports}), indent=2)
    assert capsys.readouterr().out == want + "\n"
    code, out = run("validate", "--json", "--jobs", "2", str(logs))
    assert code == 1 and out == want + "\n"


def test_json_lines_streams_one_report_a_line_then_the_summary(logs: Path) -> None:
    code, out = run("validate", "--json-lines", "-j", "2", str(logs))
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(lines) == 5
    assert [x["ok"] for x in lines[:-1]] == [False, True, True, True]  # tampered.jsonl first
    assert lines[-1] == {"summary": {"logs": 4, "events": sum(x["events"] for x in lines[:-1]),
                                     "valid": 3, "invalid": 1, "unreadable": 0, "errors": 0,
                                     "reasons": {"log/seq": 1}}}
    code, out = run("validate", "--json", "--json-lines", str(logs))
    assert code == 2 and json.loads(out)["error"]["reason"] == "validate/json"


def test_hostile_files_are_reported_with_their_line_and_the_rest_go_on(
        logs: Path, tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    good = sorted(logs.glob("vicious-circle*.jsonl"))[0]
    (folder / "a-good.jsonl").write_bytes(good.read_bytes())
    (folder / "b-empty.jsonl").write_bytes(b"")
    (folder / "c-garbage.jsonl").write_bytes(b"\x00\xff{{{\n")
    (folder / "d-torn.jsonl").write_bytes(good.read_bytes()[:-7])
    os.mkfifo(folder / "e-fifo.jsonl")
    (folder / "f-good.msgpack").write_bytes(b"\xc6")
    code, out = run("validate", "-j", "2", str(folder))
    lines = out.splitlines()
    assert code == 2 and len(lines) == 7, out
    assert "a-good.jsonl: ok," in lines[0]
    assert "b-empty.jsonl: INVALID line 1: log/empty" in lines[1]
    assert "c-garbage.jsonl: INVALID line 1: log/not-a-log" in lines[2]
    assert "d-torn.jsonl: INVALID line " in lines[3]
    assert "e-fifo.jsonl: INVALID log/not-a-file" in lines[4]
    assert "f-good.msgpack: INVALID" in lines[5]
    assert lines[6].startswith("6 logs, ") and "1 valid" in lines[6]


@pytest.fixture
def deadly(tmp_path: Path) -> Iterator[Path]:
    registry.register(deadly_game(tmp_path / "died-once"))
    yield deadly_folder(tmp_path / "logs")
    registry.unregister(NAME)


def test_a_log_that_kills_its_worker_twice_is_reported_and_exits_3(deadly: Path) -> None:
    code, out = run("validate", "--jobs", "2", str(deadly))
    lines = out.splitlines()
    assert code == 3, out
    assert [": ok," in line for line in lines[:4]] == [True, False, True, True]
    assert "b.jsonl: INVALID audit/worker-crashed: the worker process died twice" in lines[1]
    events = sum(int(x.split(", ")[1].split()[0]) for x in lines[:4] if ": ok," in x)
    assert lines[4] == (f"4 logs, {events} events: 3 valid, 0 invalid, 0 unreadable, 1 not "
                        "audited (a crash or a bug) (audit/worker-crashed 1)")


def test_validate_says_chained_and_signed_never_sealed(tmp_path: Path) -> None:
    """Two words, one meaning each: a log is "chained" (every record carries its chain
    value) and "signed" (a signature line ends it); "sealed" named both and is gone.
    The worked example (each action signed by its seat, signed by an auditor) and a
    plain chained log, in words and in --json."""
    example = FIXTURES.parent / "docs" / "examples" / "sealed-setup.jsonl"
    auditor = json.loads(example.read_bytes().splitlines()[-1])["signature"]["key"]
    code, out = run("validate", "--trust", auditor, str(example))
    assert code == 0, out
    assert (", chained, every action signed by its seat, signed by fc51cd8e6218a1a3… "
            "(trusted), dice recorded") in out
    plain = FIXTURES / "vicious-circle" / "full-01.jsonl"
    code, out = run("validate", str(plain))
    assert code == 0 and ", chained, not signed, " in out, out
    code, out = run("validate", "--json", str(plain))
    report = json.loads(out)["logs"][0]
    assert report["chained"] and not report["acts_signed"] and not report["signed_by"]
    assert "sealed" not in out
    code, out = run("seal", str(plain), "-o", str(tmp_path / "again.jsonl"))
    assert code == 0 and "sealed" not in out and "records, chained" in out
