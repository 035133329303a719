"""``tools.sources``: an SQLite match store named as a PATH stands for each of its
matches. The audit of a stored match is the audit of its exported log file (but for the
path, ``STORE#MATCH``), on one process or two; its figures are the exported folder's;
the store is only read; a damaged, locked or empty store is a clear error, never a
traceback.

The store is real: matches played by seeded random bots and appended with the Store API,
as the server does, plus imported logs (a sealed one among them)."""

from __future__ import annotations

import hashlib
import json
import pickle
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from games import GAMES as REGISTERED
from grimoire import Match
from grimoire.bots.random import RandomBot
from grimoire.cli.app import app
from grimoire.core.audit import AuditReport
from grimoire.core.errors import StoreError
from grimoire.core.events import Event
from grimoire.core.signing import generate
from grimoire.store import Store
from grimoire.tools.export import export
from grimoire.tools.seal import seal
from grimoire.tools.sources import (
    StoredMatch,
    is_store,
    iter_sources,
    log_source,
    open_log,
)
from grimoire.tools.stats import stats
from grimoire.tools.validate import Totals, audit_path, reports

runner = CliRunner()
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
GAMES = tuple(REGISTERED)  # a store holds any game: two matches of each
# Besides, the store holds matches of these particular games (written out below).
ALSO = {"vicious-circle", "wizard-armies", "magery"}


def played(game: str, seed: int, decisions: int | None
           ) -> tuple[Match, list[tuple[Event, ...]]]:
    match = Match.new(game, seed=bytes([seed]) * 32)
    bot = RandomBot(seed)
    out: list[tuple[Event, ...]] = []
    while match.to_act and (decisions is None or len(out) < decisions):
        out.append(match.act(bot.choose(match, min(match.to_act))))
    return match, out


def build_store(path: Path, scratch: Path) -> list[str]:
    """A store of every kind of match: finished and revealed, live with a secret seed,
    one whose records the rules refuse (another match's dice), imported fixtures, and a
    sealed, signed log. Returns the ids in the order stored."""
    ids = []
    with Store(path, durability="normal") as store:
        for k, game in enumerate(GAMES * 2):
            seed = bytes([k]) * 32
            finished = k % 2 == 0
            match, decisions = played(game, k, None if finished and game in (
                "vicious-circle", "wizard-armies") else 12)  # these two end quickly
            mid = store.create(match.header, seed=seed)
            version = 0
            for k, events in enumerate(decisions, 1):
                last = k == len(decisions)
                version = store.append(mid, events, expected_version=version,
                                       outcome=match.outcome if last else None).version
            if match.outcome is not None:
                store.reveal(mid)
            ids.append(mid)
        # another match's records under this one's header: the audit refuses them
        header = Match.new("wizard-armies", seed=bytes(32)).header
        mid = store.create(header, seed=bytes(32), match_id="other-dice")
        _, decisions = played("wizard-armies", 99, 6)
        version = 0
        for events in decisions:
            version = store.append(mid, events, expected_version=version).version
        store.reveal(mid)  # with the seed in the header, the audit re-draws the rolls
        ids.append(mid)
        for fixture in ("vicious-circle/full-01.jsonl", "magery/full-02.jsonl"):
            ids.append(store.import_log(FIXTURES / fixture))
        match, _ = played("vicious-circle", 7, None)
        match.save(scratch / "plain.jsonl")
        seal(scratch / "plain.jsonl", scratch / "sealed.jsonl", key=generate()[0])
        ids.append(store.import_log(scratch / "sealed.jsonl", match_id="sealed"))
    return ids


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], Path]:
    """The store, its ids, and a folder of its matches exported with ``Store.export``
    (named so that the folder's order is the store's)."""
    top = tmp_path_factory.mktemp("store")
    db = top / "matches.sqlite"
    ids = build_store(db, top)
    folder = top / "exported"
    folder.mkdir()
    with Store(db, read_only=True) as store:
        for k, mid in enumerate(ids):
            store.export(mid, folder / f"{k:03d}-{mid}.jsonl")
    return db, ids, folder


def without_path(report: AuditReport) -> dict[str, object]:
    data = msgspec.to_builtins(report)
    del data["path"]
    return data  # type: ignore[no-any-return]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_stored_match_gets_the_audit_of_its_exported_log(
        archive: tuple[Path, list[str], Path], jobs: int) -> None:
    db, ids, folder = archive
    stored = list(reports([db], jobs=jobs))
    exported = list(reports([folder], jobs=jobs))
    assert [r.path for r in stored] == [f"{db}#{mid}" for mid in ids]
    assert [without_path(r) for r in stored] == [without_path(r) for r in exported]
    # the store holds what the comparison needs to mean something
    assert sum(r.ok for r in stored) == len(ids) - 1
    (refused,) = (r for r in stored if not r.ok)
    assert refused.path == f"{db}#other-dice" and refused.error is not None
    assert refused.error["line"] is not None
    assert any(r.signed_by for r in stored) and any(r.outcome for r in stored)
    assert any(r.ok and r.outcome is None for r in stored)  # a live match


def test_the_figures_of_a_store_are_those_of_its_exported_logs(
        archive: tuple[Path, list[str], Path]) -> None:
    db, _, folder = archive
    figures = stats([db], jobs=2)
    assert figures == stats([folder], jobs=1)
    assert stats([db], jobs=1, validate=True) == stats([folder], jobs=2, validate=True)
    assert {g.game for g in figures.games} == set(GAMES) | ALSO


def test_the_export_of_a_store_has_the_rows_of_its_exported_logs(
        archive: tuple[Path, list[str], Path], tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    db, ids, folder = archive
    stored = export([db], tmp_path / "stored.parquet", jobs=2)
    files = export([folder], tmp_path / "files.parquet", jobs=1)
    assert (stored.logs, stored.rows, stored.skipped) == (files.logs, files.rows, files.skipped)
    a, b = (pq.read_table(tmp_path / f"{name}.parquet") for name in ("stored", "files"))
    assert a.drop_columns(["match"]).equals(b.drop_columns(["match"]))
    # each log audited first (the default): the stored match the audit refuses is kept out
    # of both, by its reason, and every other one is in the store's export
    assert stored.validated and sum(stored.skipped.values()) == 1
    assert set(a.column("match").to_pylist()) == {f"{db}#{mid}" for mid in ids
                                                  if mid != "other-dice"}
    trusted = export([db], tmp_path / "trusted.parquet", jobs=2, validate=False)
    assert set(pq.read_table(tmp_path / "trusted.parquet").column("match").to_pylist()) \
        == {f"{db}#{mid}" for mid in ids} and not trusted.validated


def test_validate_and_stats_never_write_to_the_store(
        archive: tuple[Path, list[str], Path], tmp_path: Path) -> None:
    db, _, _ = archive
    copy = tmp_path / "copy.sqlite"
    shutil.copyfile(db, copy)
    before = (digest(copy), copy.stat().st_mtime_ns)
    list(reports([copy], jobs=2))
    stats([copy], jobs=1, validate=True)
    assert (digest(copy), copy.stat().st_mtime_ns) == before


def test_items_are_small_picklable_and_name_a_place_a_person_can_find(
        archive: tuple[Path, list[str], Path]) -> None:
    db, ids, _ = archive
    items = list(iter_sources([db, FIXTURES / "magery" / "full-01.jsonl"]))
    assert items[:-1] == [StoredMatch(str(db), mid) for mid in ids]
    assert items[-1] == str(FIXTURES / "magery" / "full-01.jsonl")
    assert pickle.loads(pickle.dumps(items)) == items
    assert len(pickle.dumps(items[0])) < 200
    assert str(items[0]) == f"{db}#{ids[0]}"
    with open_log(items[0]) as reader:
        assert reader.header.game == GAMES[0]


def test_the_cli_reports_each_stored_match_with_its_place(
        archive: tuple[Path, list[str], Path]) -> None:
    db, ids, _ = archive
    result = runner.invoke(app, ["validate", "--jobs", "2", "--json-lines", str(db)])
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert result.exit_code == 1  # the match whose dice are another's
    assert [line["path"] for line in lines[:-1]] == [f"{db}#{mid}" for mid in ids]
    assert lines[-1]["summary"]["logs"] == len(ids)
    result = runner.invoke(app, ["stats", "--json", "--jobs", "1", str(db)])
    assert result.exit_code == 0 and json.loads(result.output)["logs"] == len(ids)


@pytest.mark.parametrize(("content", "reason"), [
    (b"SQLite format 3\x00" + bytes(range(256)) * 20, "store/corrupt"),
    (b"an export gone wrong\n", "store/corrupt"),
    (b"", "store/corrupt"),
    (None, "store/missing"),
])
def test_a_store_that_cannot_be_opened_is_one_usage_error(
        tmp_path: Path, content: bytes | None, reason: str) -> None:
    path = tmp_path / "matches.sqlite"
    if content is not None:
        path.write_bytes(content)
    for command in (["validate"], ["stats"], ["validate", "--jobs", "2"]):
        result = runner.invoke(app, [*command, str(path)])
        assert result.exit_code == 2, result.output
        assert result.output.startswith(f"grimoire: {reason}: ")
        assert result.output.count("\n") == 1  # one line, no traceback
    if content is not None:
        assert path.read_bytes() == content


def test_a_store_without_matches_is_like_a_folder_without_logs(tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    Store(db).close()
    for command in ("validate", "stats"):
        result = runner.invoke(app, [command, str(db)])
        assert result.exit_code == 2
        assert result.output.startswith(f"grimoire: {command}/no-logs: {db} is a store")


@pytest.fixture
def locked(archive: tuple[Path, list[str], Path], tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, list[str]]]:
    """A copy of the store held by a writer in exclusive locking mode (the one way a
    writer keeps WAL readers out), and reads that wait 0.1 s for it."""
    db, ids, _ = archive
    copy = tmp_path / "locked.sqlite"
    shutil.copyfile(db, copy)
    monkeypatch.setattr("grimoire.tools.sources.STORE_TIMEOUT", 0.1)
    writer = sqlite3.connect(copy, isolation_level=None)
    writer.execute("PRAGMA locking_mode = EXCLUSIVE")
    writer.execute("BEGIN EXCLUSIVE")
    writer.execute("UPDATE matches SET updated = updated")
    try:
        yield copy, ids
    finally:
        writer.execute("ROLLBACK")
        writer.close()


def test_a_locked_store_is_a_clear_error_for_the_run_and_for_each_match(
        locked: tuple[Path, list[str]]) -> None:
    db, ids = locked
    report = audit_path(StoredMatch(str(db), ids[0]))
    assert not report.ok and report.path == f"{db}#{ids[0]}"
    assert report.error is not None and report.error["reason"] == "store/locked"
    totals = Totals()
    totals.add(report)
    assert totals.unreadable == 1
    result = runner.invoke(app, ["stats", str(db)])
    assert result.exit_code == 2 and result.output.startswith("grimoire: store/locked: ")


def test_a_damaged_match_is_its_own_error_and_the_others_go_on(
        archive: tuple[Path, list[str], Path], tmp_path: Path) -> None:
    """Records missing from the middle of one match (written here with sqlite3, as a
    damaged disk might leave them): that match is ``store/corrupt``, exit 2, every
    other match audited."""
    db, ids, _ = archive
    copy = tmp_path / "damaged.sqlite"
    shutil.copyfile(db, copy)
    raw = sqlite3.connect(copy)
    raw.execute("DELETE FROM events WHERE seq = 3 AND match = (SELECT key FROM matches "
                "WHERE id = ?)", (ids[1],))
    raw.commit()
    raw.close()
    result = runner.invoke(app, ["validate", "--jobs", "1", "--json-lines", str(copy)])
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert result.exit_code == 2
    assert lines[1]["error"]["reason"] == "store/corrupt"
    assert "seq 3" in lines[1]["error"]["detail"]
    assert lines[-1]["summary"]["unreadable"] == 1
    assert sum(line.get("ok", False) for line in lines[:-1]) == len(ids) - 2
    figures = stats([copy], jobs=1)
    assert figures.logs == len(ids) and figures.unknown == {"store/corrupt": 1}


def test_a_store_is_known_by_its_first_bytes_or_its_name(
        archive: tuple[Path, list[str], Path], tmp_path: Path) -> None:
    db, _, _ = archive
    renamed = tmp_path / "matches.backup"
    shutil.copyfile(db, renamed)
    (tmp_path / "log.db").write_bytes(b"")
    (tmp_path / "folder.db").mkdir()
    assert is_store(db) and is_store(renamed) and is_store(tmp_path / "log.db")
    assert not is_store(tmp_path / "folder.db")
    assert not is_store(FIXTURES / "magery" / "full-01.jsonl")
    assert not is_store(tmp_path / "missing.jsonl")
    with log_source(str(FIXTURES / "magery" / "full-01.jsonl")) as source:
        assert source == str(FIXTURES / "magery" / "full-01.jsonl")


def test_an_unknown_match_id_is_a_report_not_a_crash(
        archive: tuple[Path, list[str], Path]) -> None:
    db, _, _ = archive
    report = audit_path(StoredMatch(str(db), "no-such-match"))
    assert report.error is not None and report.error["reason"] == "store/unknown-match"
    with pytest.raises(StoreError), open_log(StoredMatch(str(db), "no-such-match")):
        pass
