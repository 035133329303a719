"""``tools.export``: the Parquet file's rows are the logs' events (read back with pyarrow,
compared with ``read_log``), the same bytes on one process or two, garbage and hostile
files kept out by reason while the rest are written, the schema the same for any
archive, and the DuckDB query of ``docs/archives.md`` gives what ``stats`` gives."""

from __future__ import annotations

import re
import shutil
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import msgspec
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from deadly import NAME, deadly_folder, deadly_game

from games import SHIPPED
from grimoire.core import registry
from grimoire.core.errors import UsageError
from grimoire.core.events import Action
from grimoire.core.logfile import read_log, write_log
from grimoire.core.match import Match
from grimoire.testing import tally
from grimoire.tools.export import FIXED_COLUMNS, export, field_columns, schema
from grimoire.tools.stats import event_tag, facts, stats
from grimoire.tools.validate import iter_logs

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"
HOSTILE = ROOT / "tests" / "hostile"
DOCS = ROOT / "docs" / "archives.md"
BUILT_IN = SHIPPED  # docs/archives.md documents the shipped games' field columns


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three games' seeded bot matches, short: some finished, some not."""
    folder = tmp_path_factory.mktemp("archive")
    from grimoire.tools.simulate import simulate

    simulate("vicious-circle", games=4, seed=1, out=folder / "vc", max_actions=40)
    simulate("wizard-armies", games=5, seed=2, out=folder / "wa", max_actions=60)
    simulate("magery", games=2, seed=3, out=folder / "mg", max_actions=30)
    return folder


@pytest.fixture(scope="module")
def exported(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("out") / "events.parquet"
    report = export([archive], out, jobs=1)
    assert report.logs == report.exported == 11 and not report.skipped
    return out


def test_the_rows_are_the_events_of_the_logs(archive: Path, exported: Path) -> None:
    table = pq.read_table(exported)
    assert table.schema == schema()
    rows = table.to_pylist()
    columns = dict(field_columns())
    paths = list(iter_logs([archive]))
    assert [r["match"] for r in rows] == [
        p for p in paths for _ in range(len(read_log(p).events))]
    at = 0
    for path in paths:
        log = read_log(path)
        rules = registry.get(log.header.game)
        lines = Path(path).read_bytes().splitlines()[1:]
        seen = facts(path)
        for seq, event in enumerate(log.events):
            row = rows[at]
            at += 1
            assert (row["game"], row["seq"], row["type"]) == (log.header.game, seq,
                                                              event_tag(type(event)))
            assert row["action"] == isinstance(event, Action)
            assert row["seat"] == getattr(event, "player", None)
            assert msgspec.json.decode(row["event"], type=rules.Event) == event
            assert b'"event":' + row["event"].encode() in lines[seq]  # the log's bytes
            assert row["players"] == len(log.header.players) == seen.players
            assert row["winners"] == (None if seen.winners is None else list(seen.winners))
            assert row["ending"] == (seen.ending if seen.winners is not None else None)
            fields = {f"f_{f.encode_name}": getattr(event, f.name)
                      for f in msgspec.structs.fields(type(event))
                      if f"f_{f.encode_name}" in columns}
            assert {c: row[c] for c in columns if row[c] is not None} == {
                c: v for c, v in fields.items() if v is not None}
    assert at == len(rows)


def test_one_process_or_two_write_the_same_file(archive: Path, exported: Path,
                                                tmp_path: Path) -> None:
    two = export([archive], tmp_path / "two.parquet", jobs=2)
    assert two.rows == pq.read_metadata(exported).num_rows
    assert (tmp_path / "two.parquet").read_bytes() == exported.read_bytes()


def test_the_schema_is_the_same_for_any_archive(exported: Path, tmp_path: Path) -> None:
    # read trusted: the schema never comes from the data, so auditing these logs first
    # (most of the export's work) would add nothing to what this test proves
    other = export([FIXTURES / "wiz-war", FIXTURES / "swords-wizardry"],
                   tmp_path / "other.parquet", jobs=1, validate=False)
    assert other.rows > 0
    first, second = pq.read_schema(exported), pq.read_schema(tmp_path / "other.parquet")
    assert first == second == schema()
    assert first.names[:len(FIXED_COLUMNS)] == [name for name, _ in FIXED_COLUMNS]
    assert first.field("winners").type == pa.list_(pa.int32())
    assert first.field("seat").type == pa.int32() and first.field("seq").type == pa.int64()


def test_garbage_and_hostile_files_are_counted_and_the_rest_written(
        archive: Path, tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    shutil.copytree(archive / "wa", folder)
    shutil.copytree(HOSTILE, folder / "hostile", ignore=shutil.ignore_patterns("*.py"))
    (folder / "a-garbage.jsonl").write_bytes(b"\x00\xff\n")
    (folder / "b-empty.jsonl").write_bytes(b"")
    good = sorted((archive / "wa").glob("*.jsonl"))
    hostile = [facts(str(p)) for p in iter_logs([HOSTILE])]
    out = tmp_path / "mixed.parquet"
    report = export([folder], out, jobs=2)
    refused = Counter(str(f.error["reason"]) for f in hostile if f.error is not None)
    refused.update(["log/not-a-log", "log/empty"])
    assert report.skipped == dict(refused)
    assert report.exported == len(good) + sum(f.error is None for f in hostile)
    assert report.logs == report.exported + sum(refused.values())
    matches = Counter(pq.read_table(out).column("match").to_pylist())
    assert sum(matches.values()) == report.rows
    assert {m: n for m, n in matches.items() if "/hostile/" not in m} == {
        str(folder / p.name): len(read_log(p).events) for p in good}
    assert sum(n for m, n in matches.items() if "/hostile/" in m) == sum(
        f.events for f in hostile if f.error is None)


def test_validate_exports_only_what_the_audit_passes(tmp_path: Path) -> None:
    bad = FIXTURES / "vicious-circle" / "edge-bad-straight-paths.jsonl"
    good = FIXTURES / "vicious-circle" / "full-01.jsonl"
    trusted = export([bad, good], tmp_path / "t.parquet", jobs=1, validate=False)
    audited = export([bad, good], tmp_path / "a.parquet", jobs=1)  # audited by default
    assert (trusted.exported, trusted.skipped) == (2, {})
    assert (audited.exported, audited.skipped) == (1, {"move/not-straight": 1})
    assert audited.validated and "1 exported" in audited.summary()
    matches = set(pq.read_table(tmp_path / "a.parquet").column("match").to_pylist())
    assert matches == {str(good)}


def test_a_log_the_rules_cannot_fold_is_an_impossible_event(tmp_path: Path) -> None:
    match = Match.new("tally", seed="07" * 16, options={"target": 9})
    while match.to_act:
        match.act(tally.Add(player=match.state.turn, secret=1))
    log = match.log(reveal=True)
    events = list(log.events)
    roll = next(k for k, e in enumerate(events) if e.__class__.__name__ == "Roll")
    events[roll] = msgspec.structs.replace(events[roll], values=())
    write_log(tmp_path / "impossible.jsonl", log.header, events)
    report = export([tmp_path], tmp_path / "e.parquet", jobs=1, validate=False)
    assert (report.exported, report.skipped) == (0, {"log/impossible-event": 1})
    assert pq.read_metadata(tmp_path / "e.parquet").num_rows == 0


def test_an_integer_too_large_for_its_column_is_null_there(tmp_path: Path) -> None:
    match = Match.new("tally", seed="07" * 16, options={"target": 9})
    while match.to_act:
        match.act(tally.Add(player=match.state.turn, secret=1))
    log = match.log(reveal=True)
    events = [msgspec.structs.replace(e, secret=10**30) if k == 0 else e
              for k, e in enumerate(log.events)]
    write_log(tmp_path / "big.jsonl", log.header, events)
    report = export([tmp_path], tmp_path / "e.parquet", jobs=1, validate=False)
    assert report.exported == 1 and report.rows == len(events)
    rows = pq.read_table(tmp_path / "e.parquet").to_pylist()
    assert rows[0]["f_secret"] is None and f'"secret":{10**30}' in rows[0]["event"]
    assert {r["f_secret"] for r in rows[1:] if r["type"] == "add"} == {1}


@pytest.fixture
def deadly(tmp_path: Path) -> Iterator[Path]:
    registry.register(deadly_game(tmp_path / "died-once"))
    yield deadly_folder(tmp_path / "logs")
    registry.unregister(NAME)


def test_a_log_that_kills_its_worker_twice_is_counted_and_the_rest_written(
        deadly: Path, tmp_path: Path) -> None:
    report = export([deadly], tmp_path / "e.parquet", jobs=2)
    assert (report.logs, report.exported) == (4, 3)
    assert report.skipped == {"audit/worker-crashed": 1}
    matches = pq.read_table(tmp_path / "e.parquet").column("match").to_pylist()
    assert sorted(set(matches)) == [str(deadly / f"{n}.jsonl") for n in "acd"]


def test_a_crash_leaves_no_file_behind(archive: Path, tmp_path: Path) -> None:
    def stop(_: Any) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        export([archive], tmp_path / "e.parquet", jobs=1, progress=stop)
    assert list(tmp_path.iterdir()) == []


def test_usage_mistakes(archive: Path, tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    def reason(*args: Any, **kwargs: Any) -> str:
        with pytest.raises(UsageError) as err:
            export(*args, **kwargs)
        return err.value.reason

    (tmp_path / "empty").mkdir()
    (tmp_path / "there.parquet").write_bytes(b"")
    assert reason([tmp_path / "empty"], tmp_path / "e.parquet") == "export/no-logs"
    assert reason([archive], tmp_path / "e.parquet", jobs=0) == "export/jobs"
    assert reason([archive], tmp_path / "there.parquet") == "io/exists"
    assert reason([archive], tmp_path / "no" / "e.parquet") == "export/unwritable"
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if it were not installed
    with pytest.raises(UsageError, match=re.escape("pip install 'grimoire-games[archive]'")) as err:
        export([archive], tmp_path / "e.parquet", jobs=1)
    assert err.value.reason == "export/needs-archive"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "there.parquet"]


def _section(title: str) -> str:
    text = DOCS.read_text()
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def test_the_documented_field_columns_are_the_built_in_games() -> None:
    text = _section("Exporting events")
    documented: dict[str, str] = {}
    for kind, names in re.findall(r"^- (string|int64|bool|double): (.*?)(?=^- |^\n)", text,
                                  re.M | re.S):
        documented.update({name: kind for name in re.findall(r"`(f_\w+)`", names)})
    assert documented == dict(field_columns([registry.get(g) for g in BUILT_IN]))


def _close(a: Any, b: Any) -> bool:
    return a == pytest.approx(b)


def test_the_documented_duckdb_query_gives_what_stats_gives(archive: Path,
                                                            exported: Path) -> None:
    (query,) = re.findall(r"```sql\n(.*?)```", _section("Exporting events"), re.S)
    assert "'events.parquet'" in query
    sql = query.replace("'events.parquet'", "'" + str(exported).replace("'", "''") + "'")
    result = duckdb.sql(sql)
    got = [dict(zip(result.columns, row, strict=True)) for row in result.fetchall()]
    want = stats([archive], jobs=1)
    assert [g["game"] for g in got] == [g.game for g in want.games] == [
        "magery", "vicious-circle", "wizard-armies"]
    assert any(g.finished for g in want.games) and any(g.unfinished for g in want.games)
    for row, game in zip(got, want.games, strict=True):
        assert (row["games"], row["finished"], row["draws"]) == (
            game.games, game.finished, game.draws)
        assert row["wins_by_seat"] == [s.wins for s in game.seats]
        assert _close(row["mean_actions"], game.actions.mean)
        assert _close(row["mean_events"], game.events.mean)
        assert _close(row["actions_quartiles"],
                      [game.actions.q1, game.actions.median, game.actions.q3])
        assert {e["ending"]: e["games"] for e in row["endings"]} == game.endings
        assert [e["ending"] for e in row["endings"]] == list(game.endings)
