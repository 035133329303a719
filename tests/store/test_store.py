"""grimoire.store: matches in a database, as the exact lines of their logs.

Every test that takes ``store`` or ``db`` runs on both backends (``tests/store/conftest.py``):
a real SQLite file in ``tmp_path`` and a new database of a real PostgreSQL server. The
tests of the SQLite file itself (WAL, locks, a full disk, read-only opening) use it alone.
Every match is played by seeded bots.
"""

from __future__ import annotations

import glob
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from postgres import BACKENDS, new_db

from games import GAMES
from grimoire import Match
from grimoire.bots.random import RandomBot
from grimoire.core.audit import audit
from grimoire.core.errors import (
    ConcurrencyError,
    GrimoireError,
    LogError,
    StoreError,
    UsageError,
)
from grimoire.core.events import Event
from grimoire.core.logfile import read_log
from grimoire.core.signing import generate
from grimoire.store import MIGRATIONS, AppendResult, EventStore, Store, open_store
from grimoire.store.migrations import APPLICATION_ID

ROOT = Path(__file__).resolve().parents[2]
SEED = bytes(range(32))


def play(game: str, *, decisions: int | None = None, seed: bytes = SEED,
         players: tuple[str, ...] | None = None, bot_seed: int = 0,
         **new: object) -> tuple[Match, list[tuple[Event, ...]]]:
    """A match of ``game`` played by a seeded random bot (to its end, or ``decisions``
    decisions), and each decision's events."""
    match = Match.new(game, players=players, seed=seed, **new)  # type: ignore[arg-type]
    bot = RandomBot(bot_seed)
    out: list[tuple[Event, ...]] = []
    while match.to_act and (decisions is None or len(out) < decisions):
        out.append(match.act(bot.choose(match, min(match.to_act))))
    return match, out


def store_match(store: EventStore, match: Match, decisions: list[tuple[Event, ...]],
                seed: bytes | None = SEED) -> str:
    """``match`` created in ``store`` and every decision appended, the last with its
    outcome when the game is over."""
    mid = store.create(match.header, seed=seed)
    version = 0
    for k, events in enumerate(decisions):
        last = k == len(decisions) - 1
        result = store.append(mid, events, expected_version=version,
                              outcome=match.outcome if last else None)
        assert result == AppendResult(version + len(events))
        version = result.version
    return mid


_plays: dict[str, tuple[Match, list[tuple[Event, ...]]]] = {}


def played(game: str) -> tuple[Match, list[tuple[Event, ...]]]:
    """``play(game)``, played once for every test that only reads the match."""
    if game not in _plays:
        _plays[game] = play(game)
    return _plays[game]


def raw_sql(db: str, statement: str) -> None:
    """One statement on the store's database behind its back (damage, for the tests)."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute(statement.encode())
        return
    raw = sqlite3.connect(db)
    raw.execute(statement)
    raw.commit()
    raw.close()


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("game", GAMES)
def test_every_game_round_trips_to_the_log_grimoire_writes(store: EventStore, tmp_path: Path,
                                                          game: str) -> None:
    """Created, appended decision by decision and read back, a match is its log: the
    lines and records are the match's, the export is byte for byte what Match.save
    writes (the seed left out while live, revealed after reveal()), and validates."""
    if not isinstance(store, Store) and game not in GAMES[-2:]:
        pytest.skip("PostgreSQL round-trips two games decision by decision (every game's "
                    "logs are imported and exported on it by the fixtures' test)")
    match, decisions = played(game)
    assert match.outcome is not None
    mid = store_match(store, match, decisions)
    assert store.version(mid) == len(match.events)
    assert list(store.lines(mid)) == match.lines(0)
    assert [r.event for r in store.records(mid)] == list(match.events)
    middle = len(match.events) // 2
    assert list(store.lines(mid, middle)) == match.lines(middle)
    assert [r.seq for r in store.records(mid, middle)][:1] == [middle]

    info = store.info(mid)
    assert (info.status, info.version, info.players) == (
        "over", len(match.events), match.header.players)
    assert info.outcome == {"winners": list(match.outcome.winners),
                            "reason": match.outcome.reason}

    exported, saved = tmp_path / "exported.jsonl", tmp_path / "saved.jsonl"
    assert store.export(mid, exported) == len(match.events)
    match.save(saved, reveal=False)
    assert exported.read_bytes() == saved.read_bytes()
    assert audit(exported).ok

    store.reveal(mid)
    store.export(mid, exported)
    match.save(saved)  # over: the seed revealed
    assert exported.read_bytes() == saved.read_bytes()
    report = audit(exported)
    assert report.ok and report.dice == "verified", report.error


def test_signed_actions_are_stored_with_their_signatures(store: EventStore, tmp_path: Path) -> None:
    """sigs maps a seq to the acting seat's signature: the export is the signed log."""
    keys = [generate() for _ in range(2)]
    match = Match.new("vicious-circle", seed=SEED, keys=[public for _, public in keys])
    mid = store.create(match.header, seed=SEED)
    bot = RandomBot(3)
    for _ in range(6):
        seat = min(match.to_act)
        seq = len(match.events)
        events = match.act(bot.choose(match, seat), key=keys[seat][0])
        store.append(mid, events, expected_version=seq, sigs=match.log().sigs)
    exported, saved = tmp_path / "exported.jsonl", tmp_path / "saved.jsonl"
    store.export(mid, exported)
    match.save(saved, reveal=False)
    assert exported.read_bytes() == saved.read_bytes()
    assert b'"sig":' in exported.read_bytes() and audit(exported).ok


def test_an_empty_match_exports_its_header_alone(store: EventStore, tmp_path: Path) -> None:
    match = Match.new("wizard-armies", dice="recorded")
    mid = store.create(match.header)
    assert list(store.lines(mid)) == [] and store.export(mid, tmp_path / "m.jsonl") == 0
    match.save(tmp_path / "saved.jsonl")
    assert (tmp_path / "m.jsonl").read_bytes() == (tmp_path / "saved.jsonl").read_bytes()


# ---------------------------------------------------------------- concurrency


def test_a_stale_expected_version_is_a_conflict_and_writes_nothing(store: EventStore) -> None:
    match, decisions = play("vicious-circle", decisions=3)
    mid = store_match(store, match, decisions[:2])
    before = list(store.lines(mid))
    with pytest.raises(ConcurrencyError) as err:
        store.append(mid, decisions[2], expected_version=0, idempotency_key="late")
    assert (err.value.reason, err.value.expected, err.value.actual) == (
        "store/conflict", 0, len(before))
    assert list(store.lines(mid)) == before and store.version(mid) == len(before)
    # the refused key was not spent: the same request at the right version goes through
    result = store.append(mid, decisions[2], expected_version=len(before),
                          idempotency_key="late")
    assert result == AppendResult(len(before) + len(decisions[2]))


def test_a_retried_append_is_a_no_op_returning_the_same_version(store: EventStore) -> None:
    """The idempotency key is checked before the version: a request retried after its
    answer was lost (the version has moved on since) writes nothing and gets that
    append's version back."""
    match, decisions = play("swords-wizardry", decisions=3)
    mid = store.create(match.header, seed=SEED)
    first = store.append(mid, decisions[0], expected_version=0, idempotency_key="d0")
    assert first == AppendResult(len(decisions[0]))
    again = store.append(mid, decisions[0], expected_version=0, idempotency_key="d0")
    assert again == AppendResult(first.version, duplicate=True)
    second = store.append(mid, decisions[1], expected_version=first.version,
                          idempotency_key="d1")
    lines = list(store.lines(mid))
    late = store.append(mid, decisions[0], expected_version=0, idempotency_key="d0")
    assert late == AppendResult(first.version, duplicate=True)
    assert list(store.lines(mid)) == lines and store.version(mid) == second.version
    # a key belongs to one match: another match may use it
    other = store.create(match.header, seed=SEED)
    assert not store.append(other, decisions[0], expected_version=0,
                            idempotency_key="d0").duplicate


def test_two_writers_racing_at_one_version_one_wins(db: str) -> None:
    """Two stores (two connections) on one database append at the same expected
    version at the same moment: exactly one append is written, the other is a conflict."""
    match, decisions = play("vicious-circle", decisions=4)
    version = sum(map(len, decisions[:2]))
    with open_store(db) as first, open_store(db) as second:
        for _ in range(5):
            mid = store_match(first, match, decisions[:2])
            barrier = threading.Barrier(2)
            results: list[object] = [None, None]

            def race(k: int, store: EventStore, mid: str = mid,
                     barrier: threading.Barrier = barrier,
                     results: list[object] = results) -> None:
                barrier.wait()
                try:
                    results[k] = store.append(mid, decisions[2 + k], expected_version=version)
                except ConcurrencyError as exc:
                    results[k] = exc

            threads = [threading.Thread(target=race, args=(k, s))
                       for k, s in enumerate((first, second))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wins = [k for k, r in enumerate(results) if isinstance(r, AppendResult)]
            losses = [r for r in results if isinstance(r, ConcurrencyError)]
            assert len(wins) == 1 and len(losses) == 1, results
            assert losses[0].actual == version + len(decisions[2 + wins[0]])
            assert [r.event for r in second.records(mid, version)] == list(
                decisions[2 + wins[0]])


def test_one_store_may_be_shared_by_threads(store: EventStore) -> None:
    """Each thread appends to its own match through the same Store object."""
    plays = [play("wizard-armies", bot_seed=k) for k in range(4)]
    mids = [store.create(m.header, seed=SEED) for m, _ in plays]
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            version = 0
            for events in plays[k][1]:
                version = store.append(mids[k], events, expected_version=version).version
                assert sum(1 for _ in store.lines(mids[k])) == version
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for mid, (match, _) in zip(mids, plays, strict=True):
        assert list(store.lines(mid)) == match.lines(0)


def test_a_finished_match_takes_no_more_records(store: EventStore) -> None:
    match, decisions = play("wizard-armies")
    mid = store_match(store, match, decisions)
    with pytest.raises(StoreError) as err:
        store.append(mid, decisions[-1], expected_version=store.version(mid))
    assert err.value.reason == "store/over"


# ---------------------------------------------------------------- secrets


def test_the_seed_of_a_live_match_never_shows_until_revealed(store: EventStore,
                                                            tmp_path: Path) -> None:
    match, decisions = play("wiz-war", decisions=20)
    mid = store_match(store, match, decisions)
    secret = SEED.hex().encode()
    out = tmp_path / "live.jsonl"
    store.export(mid, out)
    shown = [
        msgspec.json.encode(store.header(mid)),
        b"".join(store.lines(mid)),
        msgspec.json.encode(list(store.records(mid))),
        out.read_bytes(),
        msgspec.json.encode(store.matches()),
        msgspec.json.encode(store.info(mid)),
    ]
    assert not any(secret in part for part in shown)
    assert store.header(mid).seed is None and store.seed(mid) == SEED
    assert audit(out).ok

    store.reveal(mid)
    store.reveal(mid)  # again: nothing more to do
    assert store.header(mid).seed == SEED.hex() and store.seed(mid) == SEED
    store.export(mid, out)
    assert secret in out.read_bytes() and audit(out).dice == "verified"
    assert list(store.lines(mid)) == match.lines(0)  # the chain did not change


def test_recorded_dice_have_no_seed(store: EventStore) -> None:
    mid = store.create(Match.new("vicious-circle", dice="recorded").header)
    store.reveal(mid)
    assert store.seed(mid) is None and store.header(mid).seed is None


# ---------------------------------------------------------------- refusals


def test_create_refuses_what_is_not_a_live_match_header(store: EventStore) -> None:
    header = Match.new("vicious-circle", seed=SEED).header
    revealed = msgspec.structs.replace(header, seed=SEED.hex())
    cases = [
        (lambda: store.create(revealed), "store/seed-in-header"),
        (lambda: store.create(header, seed=bytes(32)), "dice/commitment"),
        (lambda: store.create(msgspec.structs.replace(header, game="chess")),
         "log/unknown-game"),
        (lambda: store.create(msgspec.structs.replace(header, rules="99")),
         "log/rules-version"),
        (lambda: store.create(msgspec.structs.replace(header, players=("Solo",))),
         "log/player-count"),
        (lambda: store.create(Match.new("magery", dice="recorded").header, seed=SEED),
         "dice/recorded"),
        (lambda: store.create(header, seed=SEED, match_id="no spaces"), "store/bad-id"),
    ]
    for call, reason in cases:
        with pytest.raises(UsageError) as err:
            call()
        assert err.value.reason == reason
    assert store.matches() == []
    store.create(header, seed=SEED, match_id="m-1")
    with pytest.raises(StoreError) as exists:
        store.create(header, seed=SEED, match_id="m-1")
    assert exists.value.reason == "store/exists"


def test_an_unknown_match_is_refused_everywhere(store: EventStore, tmp_path: Path) -> None:
    calls = [
        lambda: store.header("nope"),
        lambda: store.version("nope"),
        lambda: store.seed("nope"),
        lambda: store.info("nope"),
        lambda: store.lines("nope"),
        lambda: store.records("nope"),
        lambda: store.append("nope", (), expected_version=0),
        lambda: store.reveal("nope"),
        lambda: store.export("nope", tmp_path / "x.jsonl"),
        lambda: store.grant("nope", 0, b"d"),
    ]
    for call in calls:
        with pytest.raises(StoreError) as err:
            call()
        assert err.value.reason == "store/unknown-match"
    assert not (tmp_path / "x.jsonl").exists()


def test_default_ids_are_url_safe_and_distinct(store: EventStore) -> None:
    header = Match.new("vicious-circle", dice="recorded").header
    ids = {store.create(header) for _ in range(20)}
    assert len(ids) == 20
    assert all(len(i) >= 16 and all(c.isalnum() or c in "-_" for c in i) for i in ids)


# ---------------------------------------------------------------- import and export


def _fixtures() -> list[str]:
    return sorted(glob.glob(str(ROOT / "fixtures" / "*" / "*.jsonl")))


def _expect(path: str) -> str | None:
    with open(path, "rb") as f:
        meta = json.loads(f.readline()).get("meta", {})
    expect = meta.get("expect")
    return None if expect is None else str(expect)


VALID = [p for p in _fixtures() if _expect(p) is None]
INVALID = [p for p in _fixtures() if _expect(p) is not None]


@pytest.fixture(scope="module", params=BACKENDS)
def archive(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[EventStore]:
    db = new_db(request.param, request, tmp_path_factory.mktemp("archive"))
    with open_store(db, durability="normal") as s:
        yield s


def test_every_valid_fixture_imports_and_exports_byte_for_byte(archive: EventStore,
                                                               tmp_path: Path) -> None:
    """Every valid fixture on SQLite; one in three on PostgreSQL (the same SQL stores
    them; the audit, most of the time taken, is the same code), of every game and kind."""
    assert len(VALID) > 100
    out = tmp_path / "out.jsonl"
    statuses = set()
    sample = VALID if isinstance(archive, Store) else VALID[::3]
    assert {Path(p).parent.name for p in sample} == {Path(p).parent.name for p in VALID}
    for path in sample:
        mid = archive.import_log(path)
        data = Path(path).read_bytes()
        records = sum(1 for line in data.splitlines()[1:]
                      if line.strip() and not line.startswith(b'{"signature":'))
        assert archive.export(mid, out) == records == archive.version(mid), path
        assert out.read_bytes() == data, path
        statuses.add(archive.info(mid).status)
        if "frozen" in path:  # both formats decode as the readers decode them
            assert [r.event for r in archive.records(mid)] == read_log(path).events
    assert statuses == {"live", "over"}
    with pytest.raises(StoreError) as err:
        archive.import_log(VALID[0], match_id=mid)
    assert err.value.reason == "store/exists"


@pytest.mark.parametrize(
    ("db", "path"), [("sqlite", p) for p in INVALID] + [("postgres", p) for p in INVALID[::8]],
    ids=lambda p: "/".join(Path(p).parts[-2:]), indirect=["db"])
def test_an_invalid_log_is_refused_with_its_reason(store: EventStore, path: str) -> None:
    """Every invalid fixture on SQLite, one in eight on PostgreSQL (the audit refuses
    them before the database is written)."""
    report = audit(path)
    with pytest.raises(GrimoireError) as err:
        store.import_log(path)
    assert err.value.reason == _expect(path) == report.error["reason"]  # type: ignore[index]
    assert getattr(err.value, "line", None) == report.error["line"]  # type: ignore[index]
    assert store.matches() == []


def test_a_damaged_log_is_refused_and_nothing_is_stored(store: EventStore, tmp_path: Path) -> None:
    match, _ = play("vicious-circle")
    good = tmp_path / "good.jsonl"
    match.save(good)
    lines = good.read_bytes().splitlines(keepends=True)
    bad = tmp_path / "swapped.jsonl"
    bad.write_bytes(b"".join([*lines[:3], lines[4], lines[3], *lines[5:]]))
    with pytest.raises(LogError) as err:
        store.import_log(bad)
    assert (err.value.reason, err.value.line) == ("log/seq", 4)
    with pytest.raises(LogError) as missing:
        store.import_log(tmp_path / "missing.jsonl")
    assert missing.value.reason == "log/unreadable"
    assert store.matches() == []


def test_a_sealed_log_keeps_its_signature_line(store: EventStore, tmp_path: Path) -> None:
    from grimoire.tools.seal import seal

    match, _ = play("vicious-circle")
    log, sealed = tmp_path / "m.jsonl", tmp_path / "sealed.jsonl"
    match.save(log)
    seal(log, sealed, key=generate()[0])
    mid = store.import_log(sealed, match_id="sealed")
    out = tmp_path / "out.jsonl"
    store.export(mid, out)
    assert out.read_bytes() == sealed.read_bytes() and audit(out).signed_by
    assert store.seed(mid) == SEED  # revealed in the log's header


def test_an_imported_unfinished_match_goes_on(store: EventStore, tmp_path: Path) -> None:
    """A live log imported, then appended to: the export is the longer log."""
    match, _ = play("swords-wizardry", decisions=10)
    log = tmp_path / "live.jsonl"
    match.save(log)
    mid = store.import_log(log)
    assert store.info(mid).status == "live" and store.seed(mid) is None
    bot = RandomBot(9)
    version = len(match.events)
    for _ in range(5):
        version = store.append(mid, match.act(bot.choose(match, min(match.to_act))),
                               expected_version=version).version
    out, saved = tmp_path / "out.jsonl", tmp_path / "saved.jsonl"
    store.export(mid, out)
    match.save(saved, reveal=False)
    assert out.read_bytes() == saved.read_bytes() and audit(out).ok


def test_lines_as_written_stay_as_written(store: EventStore, tmp_path: Path) -> None:
    """Line ends are kept (CRLF too); blank lines are dropped and a last line without its
    newline gets one (what the store keeps is the log's lines)."""
    match, _ = play("wizard-armies")
    log = tmp_path / "m.jsonl"
    match.save(log)
    lines = log.read_bytes().splitlines(keepends=True)
    crlf = tmp_path / "crlf.jsonl"
    crlf.write_bytes(b"".join(line.replace(b"\n", b"\r\n") for line in lines))
    out = tmp_path / "out.jsonl"
    assert audit(crlf).ok
    store.export(store.import_log(crlf), out)
    assert out.read_bytes() == crlf.read_bytes()
    loose = tmp_path / "loose.jsonl"
    loose.write_bytes(b"".join([lines[0], b"\n", *lines[1:]]).rstrip(b"\n"))
    assert audit(loose).ok
    store.export(store.import_log(loose), out)
    assert out.read_bytes() == log.read_bytes()


def test_a_msgpack_log_is_refused(store: EventStore, tmp_path: Path) -> None:
    match, _ = play("vicious-circle", decisions=4)
    log = tmp_path / "m.msgpack"
    match.save(log)
    assert audit(log).ok
    with pytest.raises(UsageError) as err:
        store.import_log(log)
    assert err.value.reason == "store/msgpack"


def test_export_replaces_atomically_and_reports_unwritable(store: EventStore,
                                                           tmp_path: Path) -> None:
    match, decisions = play("vicious-circle", decisions=5)
    mid = store_match(store, match, decisions)
    out = tmp_path / "m.jsonl"
    out.write_bytes(b"old")
    store.export(mid, out)
    assert out.read_bytes().startswith(b'{"format"')
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    with pytest.raises(LogError) as err:
        store.export(mid, tmp_path / "no" / "such" / "folder.jsonl")
    assert err.value.reason == "log/unwritable"


# ---------------------------------------------------------------- listing


def test_listing_filters_and_pages_newest_first(store: EventStore) -> None:
    specs = [("vicious-circle", ("Dawn", "Twilight")), ("magery", ("Ann", "Dawn")),
             ("wiz-war", ("Ann", "Ben")), ("vicious-circle", ("Ben", "Cid"))]
    ids: list[str] = []
    for game, players in specs:
        ids.append(store.create(Match.new(game, players=players, dice="recorded").header))
        time.sleep(0.002)  # distinct creation times
    over = Match.new("vicious-circle", players=("Dawn", "Twilight"), seed=SEED)
    finished, decisions = play("vicious-circle", players=("Dawn", "Twilight"))
    assert over.header == finished.header
    ids.append(store_match(store, finished, decisions))
    infos = store.matches()
    assert [i.id for i in infos] == ids[::-1]

    def listed(**filters: object) -> list[str]:
        return [i.id for i in store.matches(**filters)]  # type: ignore[arg-type]

    assert listed(game="vicious-circle") == [ids[4], ids[3], ids[0]]
    assert listed(player="Dawn") == [ids[4], ids[1], ids[0]]
    assert listed(player="Dawn", game="magery") == [ids[1]]
    assert listed(status="over") == [ids[4]]
    assert listed(status="live", player="Ben") == [ids[3], ids[2]]
    assert listed(player="Nobody") == []
    created = [store.info(i).created for i in ids]
    assert listed(since=created[2]) == [ids[4], ids[3], ids[2]]
    assert listed(until=created[2]) == [ids[1], ids[0]]
    assert listed(since=created[1], until=created[3]) == [ids[2], ids[1]]
    assert listed(limit=2) == [ids[4], ids[3]]
    assert listed(limit=2, offset=2) == [ids[2], ids[1]]
    assert listed(limit=0) == [] and listed(offset=10) == []
    for bad in ({"status": "done"}, {"limit": -1}, {"offset": -2}):
        with pytest.raises(UsageError):
            store.matches(**bad)  # type: ignore[arg-type]
    assert infos[0].outcome == {"winners": list(finished.outcome.winners),  # type: ignore
                                "reason": finished.outcome.reason}  # type: ignore[union-attr]
    assert infos[0].updated >= infos[0].created


# ---------------------------------------------------------------- grants


def test_grants_name_a_seat_or_a_spectator(store: EventStore) -> None:
    mid = store.create(Match.new("vicious-circle", dice="recorded").header)
    digests = [hashlib.sha256(t).digest() for t in (b"dawn", b"twilight", b"watcher")]
    store.grant(mid, 0, digests[0])
    store.grant(mid, 1, digests[1])
    store.grant(mid, None, digests[2])
    assert [store.lookup(d) for d in digests] == [(mid, 0), (mid, 1), (mid, None)]
    assert store.lookup(hashlib.sha256(b"guess").digest()) is None
    with pytest.raises(StoreError) as twice:
        store.grant(mid, 1, digests[0])
    assert twice.value.reason == "store/exists" and store.lookup(digests[0]) == (mid, 0)
    for seat in (2, -1, True):
        with pytest.raises(UsageError) as err:
            store.grant(mid, seat, b"other")  # type: ignore[arg-type]
        assert err.value.reason == "store/bad-seat"


# ---------------------------------------------------------------- the file


def test_reopening_keeps_everything(db: str) -> None:
    match, decisions = play("magery", decisions=30)
    with open_store(db) as store:
        mid = store_match(store, match, decisions)
        store.append(mid, (), expected_version=store.version(mid), idempotency_key="k")
        store.grant(mid, 1, b"digest")
        before = (store.header(mid), list(store.lines(mid)), store.info(mid))
    with pytest.raises(StoreError) as closed:
        store.version(mid)
    assert closed.value.reason == "store/closed"
    with open_store(db) as store:
        assert (store.header(mid), list(store.lines(mid)), store.info(mid)) == before
        assert store.seed(mid) == SEED and store.lookup(b"digest") == (mid, 1)
        assert store.append(mid, (), expected_version=0, idempotency_key="k").duplicate


def test_a_new_file_is_wal_with_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    with Store(path, durability="normal") as store:
        assert store.schema_version == len(MIGRATIONS)
        assert store._conn().execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    with Store(path) as store:
        assert store._conn().execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        sql = db.execute("SELECT sql FROM sqlite_master WHERE name = 'events'").fetchone()[0]
        assert "PRIMARY KEY (match, seq)" in sql and "WITHOUT ROWID" in sql
    finally:
        db.close()
    with pytest.raises(UsageError):
        Store(path, durability="fast")  # type: ignore[arg-type]


def test_a_store_from_a_newer_grimoire_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    db.close()
    with pytest.raises(StoreError) as err:
        Store(path)
    assert err.value.reason == "store/too-new"


@pytest.mark.parametrize("content", [b"not a database at all" * 100,
                                     b"SQLite format 3\x00" + bytes(range(256)) * 20])
def test_a_file_that_is_not_a_store_is_corrupt(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "s.db"
    path.write_bytes(content)
    with pytest.raises(StoreError) as err:
        Store(path)
    assert err.value.reason == "store/corrupt"
    assert path.read_bytes() == content


def test_another_applications_database_is_not_a_store(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text)")
    db.commit()
    db.close()
    with pytest.raises(StoreError) as err:
        Store(path)
    assert err.value.reason == "store/corrupt"


def test_a_locked_store_is_store_locked_after_the_timeout(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    match, decisions = play("vicious-circle", decisions=1)
    with Store(path) as store:
        mid = store.create(match.header, seed=SEED)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with Store(path, timeout=0.2) as store:
            assert store.version(mid) == 0  # readers do not wait in WAL mode
            start = time.monotonic()
            with pytest.raises(StoreError) as err:
                store.append(mid, decisions[0], expected_version=0)
            assert err.value.reason == "store/locked"
            assert 0.15 <= time.monotonic() - start < 3
            other.execute("ROLLBACK")
            assert store.append(mid, decisions[0], expected_version=0).version == 1
    finally:
        other.close()


def test_a_full_disk_is_store_full_and_writes_nothing(tmp_path: Path) -> None:
    """SQLite's size limit (max_page_count) fails a write exactly as a full disk does."""
    match, decisions = play("wiz-war", decisions=400)
    with Store(tmp_path / "s.db") as store:
        mid = store.create(match.header, seed=SEED)
        pages = store._conn().execute("PRAGMA page_count").fetchone()[0]
        store._conn().execute(f"PRAGMA max_page_count = {pages + 3}")
        version = 0
        with pytest.raises(StoreError) as err:
            for events in decisions:
                version = store.append(mid, events, expected_version=version).version
        assert err.value.reason == "store/full"
        assert store.version(mid) == version
        assert sum(1 for _ in store.lines(mid)) == version


def test_the_example_of_the_docs_page_runs(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """docs/store.md's example plays a match into a store and exports the log Match.save
    writes."""
    text = (ROOT / "docs" / "store.md").read_text()
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "docs/store.md", "exec"), {})
    assert audit(tmp_path / "match.jsonl").ok
    assert "vicious-circle" in capsys.readouterr().out


# ---------------------------------------------------------------- reading only


def file_state(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def test_a_read_only_store_reads_and_never_writes(tmp_path: Path) -> None:
    """``read_only=True``: every read works, every write is ``store/read-only``, and the
    file is byte for byte what it was (no migration, no checkpoint)."""
    path = tmp_path / "s.db"
    match, decisions = play("vicious-circle")
    with Store(path) as store:
        mid = store_match(store, match, decisions)
        exported = tmp_path / "m.jsonl"
        store.export(mid, exported)
    before = file_state(path)
    with Store(path, read_only=True) as store:
        assert store.read_only and "read_only=True" in repr(store)
        assert [m.id for m in store.matches()] == list(store.match_ids()) == [mid]
        assert b"".join(store.log_lines(mid)) == exported.read_bytes()
        store.export(mid, tmp_path / "again.jsonl")
        assert (tmp_path / "again.jsonl").read_bytes() == exported.read_bytes()
        for write in (lambda: store.create(match.header, seed=SEED),
                      lambda: store.append(mid, decisions[0], expected_version=0),
                      lambda: store.reveal(mid),
                      lambda: store.grant(mid, 0, b"digest")):
            with pytest.raises(StoreError) as err:
                write()
            assert err.value.reason == "store/read-only"
    assert file_state(path) == before


def test_read_only_refuses_what_read_write_would_create_or_migrate(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as missing:
        Store(tmp_path / "none.db", read_only=True)
    assert missing.value.reason == "store/missing"
    assert not (tmp_path / "none.db").exists()
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()  # an empty database: read-write makes a store of it
    with pytest.raises(StoreError) as err:
        Store(empty, read_only=True)
    assert err.value.reason == "store/corrupt" and empty.read_bytes() == b""
    old = tmp_path / "old.db"
    db = sqlite3.connect(old)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("CREATE TABLE matches (id)")
    db.commit()
    db.close()
    with pytest.raises(StoreError) as too_old:
        Store(old, read_only=True)
    assert too_old.value.reason == "store/too-old"
    assert user_version_of(old) == 0


def user_version_of(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def test_match_ids_walk_the_store_a_page_at_a_time_in_the_order_stored(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With pages of 3: every id once, oldest first, and a match stored during the walk
    is met at the end."""
    monkeypatch.setattr("grimoire.store.base.PAGE", 3)
    header = Match.new("magery", dice="recorded").header
    names = [f"m{k:02d}" for k in range(10)][::-1]
    with open_store(db) as store:
        for name in names:
            store.create(header, match_id=name)
        walk = store.match_ids()
        seen = [next(walk) for _ in range(4)]
        store.create(header, match_id="late")
        seen += list(walk)
    assert seen == [*names, "late"]


def test_records_missing_from_the_middle_are_store_corrupt(db: str, tmp_path: Path) -> None:
    """A hole in a match's records (a damaged file) is reported where it is, not read
    past as if the next record were the missing one."""
    match, decisions = play("wizard-armies", decisions=8)
    with open_store(db) as store:
        mid = store_match(store, match, decisions)
    raw_sql(db, "DELETE FROM events WHERE seq = 5")
    with open_store(db, read_only=True) as store:
        assert len(list(store.lines(mid, 6))) == store.version(mid) - 6
        for read in (lambda: list(store.lines(mid)), lambda: list(store.log_lines(mid)),
                     lambda: store.export(mid, tmp_path / "m.jsonl")):
            with pytest.raises(StoreError, match="from seq 5 are missing") as err:
                read()
            assert err.value.reason == "store/corrupt"


def test_a_new_match_id_never_starts_with_a_dash(store: EventStore,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """``grimoire store export DB -Wx…`` would read the id as an option: the random id is
    drawn again until it does not start with '-'."""
    drawn = iter(["-Wfirst0000000", "Second0000000a"])
    monkeypatch.setattr("grimoire.store.base.secrets.token_urlsafe", lambda n: next(drawn))
    assert store.create(Match.new("magery", dice="recorded").header) == "Second0000000a"
