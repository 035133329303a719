"""``grimoire store list|export|import``, through CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grimoire import Match
from grimoire.bots.random import RandomBot, play_out
from grimoire.cli.app import app

runner = CliRunner()
SEED = bytes(range(32))


def run(*args: object) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


@pytest.fixture
def logs(tmp_path: Path) -> list[Path]:
    """Two finished matches and a live one, saved as logs."""
    out = []
    for k, (game, players) in enumerate([("vicious-circle", ("Dawn", "Twilight")),
                                         ("magery", ("Ann", "Ben")),
                                         ("wizard-armies", ("Ann", "Cid"))]):
        match = Match.new(game, players=players, seed=SEED)
        play_out(match, RandomBot(k), max_actions=10_000 if k < 2 else 3)
        path = tmp_path / f"{k}-{game}.jsonl"
        match.save(path)
        out.append(path)
    return out


def test_import_list_export_round_trip(tmp_path: Path, logs: list[Path]) -> None:
    db = tmp_path / "s.db"
    code, out = run("store", "import", db, *logs)
    assert code == 0, out
    ids = [line.split()[0] for line in out.splitlines()]
    assert len(ids) == 3 and all(str(log) in out for log in logs)

    code, out = run("store", "list", db)
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == ids[::-1]
    code, out = run("store", "list", db, "--player", "Ann", "--status", "live", "--json")
    listed = json.loads(out)["matches"]
    assert code == 0 and [m["id"] for m in listed] == [ids[2]]
    assert listed[0]["game"] == "wizard-armies" and listed[0]["outcome"] is None
    code, out = run("store", "list", db, "--game", "magery", "--json")
    assert [m["id"] for m in json.loads(out)["matches"]] == [ids[1]]

    for mid, log in zip(ids, logs, strict=True):
        target = tmp_path / f"out-{mid}.jsonl"
        code, out = run("store", "export", db, mid, "-o", target)
        assert code == 0 and str(target) in out, out
        assert target.read_bytes() == log.read_bytes()
        code, out = run("validate", target)
        assert code == 0, out


def test_import_json_reports_each_log(tmp_path: Path, logs: list[Path]) -> None:
    db = tmp_path / "s.db"
    bad = tmp_path / "bad.jsonl"
    lines = logs[0].read_bytes().splitlines(keepends=True)
    bad.write_bytes(b"".join([*lines[:3], lines[4], lines[3], *lines[5:]]))
    code, out = run("store", "import", db, logs[0], bad, "--json")
    data = json.loads(out)
    assert code == 1 and data["imported"] is False
    first, second = data["logs"]
    assert first["match"] and first["status"] == "over" and first["error"] is None
    assert second["match"] is None and second["error"]["reason"] == "log/seq"
    assert second["error"]["line"] == 4
    code, out = run("store", "list", db, "--json")
    assert [m["id"] for m in json.loads(out)["matches"]] == [first["match"]]


def test_store_mistakes_and_their_exit_codes(tmp_path: Path, logs: list[Path]) -> None:
    db = tmp_path / "s.db"
    code, out = run("store", "list", tmp_path / "missing.db")
    assert code == 2 and "store/missing" in out
    assert not (tmp_path / "missing.db").exists()
    code, out = run("store", "import", db, logs[0])
    mid = out.split()[0]
    code, out = run("store", "export", db, "nope", "-o", tmp_path / "x.jsonl")
    assert code == 1 and "store/unknown-match" in out
    code, out = run("store", "export", db, mid, "-o", logs[1])
    assert code == 2 and "io/exists" in out
    code, out = run("store", "list", db, "--status", "finished", "--json")
    assert code == 2 and json.loads(out)["error"]["reason"] == "store/bad-status"
    notdb = tmp_path / "notes.db"
    notdb.write_text("not a database\n" * 200)
    code, out = run("store", "list", notdb)
    assert code == 2 and "store/corrupt" in out
    packed = tmp_path / "m.msgpack"
    Match.new("vicious-circle", seed=SEED).save(packed)
    code, out = run("store", "import", db, packed)
    assert code == 2 and "store/msgpack" in out
