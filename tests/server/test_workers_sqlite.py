"""Several server processes over one SQLite file: ``grimoire serve --workers 2`` opens it
shared (``Store(shared=True)``), so each process answers for every match whichever
process took its last action, a WebSocket is told what the others appended, and one
process alone acts for a server bot.

Two servers on their own ports (A and B, each ``--workers 2``: four server processes)
share one file for the whole module, so a test can choose the process that answers
(A's or B's)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from servers import GRIMOIRE, HTTP, auth, bot_answers_across, played_across, serving
from typer.testing import CliRunner

from grimoire.cli.app import app
from grimoire.store import Store
from grimoire.store.sqlite import _byte


@dataclass
class Pair:
    """Two ``grimoire serve --workers 2`` over one file: their base URLs and processes."""

    db: Path
    bases: list[str]
    procs: list[subprocess.Popen[bytes]]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    folder = tmp_path_factory.mktemp("sqlite-workers")
    db = folder / "m.sqlite"
    with serving(str(db), folder, ("A", ("--workers", "2")),
                 ("B", ("--workers", "2"))) as started:
        yield Pair(db, [b for b, _ in started], [p for _, p in started])


def test_workers_over_a_store_in_memory_are_refused() -> None:
    """A store in memory is one process's: ``--workers 2`` is refused before anything
    listens, exit code 2, ``server/workers``."""
    result = CliRunner().invoke(app, ["serve", "--db", ":memory:", "--workers", "2"])
    assert result.exit_code == 2
    assert "server/workers" in result.output


def test_a_file_served_alone_or_shared_refuses_the_other_kind_of_server(
        pair: Pair, tmp_path: Path) -> None:
    """A file is served by one process alone, or by shared ones (``--workers 2`` or more
    in every command): a server of the other kind is refused before it listens,
    ``store/served``, rather than serve copies of the matches that fall behind."""
    def refused(db: Path, *args: str) -> None:
        done = subprocess.run([GRIMOIRE, "serve", "--db", str(db), "--port", "0", *args],
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 1 and "store/served" in done.stderr, (args, done.stderr)

    refused(pair.db)
    lone = tmp_path / "lone.sqlite"
    with serving(str(lone), tmp_path, ("alone", ())):
        refused(lone)
        refused(lone, "--workers", "2")


def test_a_match_made_on_one_process_is_played_and_watched_on_the_others(pair: Pair) -> None:
    """As over PostgreSQL (:func:`servers.played_across`): tokens minted by A work on B;
    each acknowledged action is in what the other serves next; B's WebSocket is told
    every event, A's appends too, once each and in order; a stale version is 409 from
    every process."""
    mid = played_across(pair.bases)
    with Store(pair.db, read_only=True) as store:
        assert store.info(mid).version > 10


def test_one_process_acts_for_a_bot_seat_whichever_process_the_person_uses(
        pair: Pair) -> None:
    """A person and a server bot, the person's actions sent to A and B in turn: the bot
    answers each, and one process alone holds the match's claim (its byte of the file's
    ``-lock`` file, as ``/proc/locks`` lists the locks) and searches for it."""
    mid, _ = bot_answers_across(pair.bases)
    assert len(holders(pair.db, _byte(mid))) == 1


def holders(db: Path, byte: int) -> list[int]:
    """The processes holding a lock on ``byte`` of ``db``'s ``-lock`` file."""
    inode = os.stat(f"{db}-lock").st_ino
    found = []
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()  # 1: POSIX ADVISORY WRITE <pid> <maj:min:inode> <start> <end>
        if len(fields) >= 8 and fields[1] == "POSIX" and re.fullmatch(
                rf"[0-9a-f]+:[0-9a-f]+:{inode}", fields[5]) and int(fields[6]) <= byte <= (
                int(fields[7]) if fields[7] != "EOF" else byte):
            found.append(int(fields[4]))
    return found


def test_a_worker_killed_under_load_loses_nothing_acknowledged(pair: Pair) -> None:
    """One of A's workers is killed (SIGKILL) while clients play through A and B: every
    action acknowledged is in the file once, the file audits, and A's parent starts a
    new worker that answers. (Runs last: it kills a process of the module's servers.)"""
    made = [HTTP.post(f"{pair.bases[k % 2]}/matches", json={"game": "magery"}).json()
            for k in range(4)]
    acks: list[tuple[str, int]] = []
    deadline = time.monotonic() + 2
    clients = [httpx.Client(timeout=5.0)]
    # the kill once the clients have had three times the 8 actions asked for below (0.5 s
    # in at most), and the end once they have had as many again (2 s in at most)
    enough = 3 * 8
    try:
        while time.monotonic() < deadline:
            for k, created in enumerate(made):
                with contextlib.suppress(httpx.HTTPError):
                    acks += act_once(clients[-1], pair.bases[k % 2], created)
            if len(clients) == 1 and (len(acks) >= enough
                                      or time.monotonic() > deadline - 1.5):
                kids = Path(f"/proc/{pair.procs[0].pid}/task/{pair.procs[0].pid}/children"
                            ).read_text().split()
                os.kill(int(kids[0]), signal.SIGKILL)
                clients.append(httpx.Client(timeout=5.0))  # A's connections may be cut
                enough += len(acks)
            elif len(clients) == 2 and len(acks) >= enough:
                break
    finally:
        for client in clients:
            client.close()
    killed = len(clients) == 2
    assert killed and len(acks) > 8
    for _ in range(100):  # A answers again (its other worker, then the new one)
        with contextlib.suppress(httpx.HTTPError):
            if HTTP.get(f"{pair.bases[0]}/games", timeout=1.0).status_code == 200:
                break
        time.sleep(0.1)
    files = []
    with Store(pair.db, read_only=True) as store:
        for created in made:
            mid = created["id"]
            version = store.version(mid)
            acked = [v for m, v in acks if m == mid]
            assert not acked or max(acked) <= version, "an acknowledged action was lost"
            files.append(pair.db.parent / f"{mid}.jsonl")
            store.export(mid, files[-1])
    assert len(acks) == len(set(acks))
    result = CliRunner().invoke(app, ["validate", *map(str, files)])
    assert result.exit_code == 0, result.output


def act_once(http: httpx.Client, base: str, created: dict[str, object]
             ) -> list[tuple[str, int]]:
    """One action of the match ``created`` (the first legal one of a seat to act) through
    ``base``: ``[(match id, version)]`` if acknowledged."""
    mid = created["id"]
    seats = created["seats"]
    assert isinstance(seats, list)
    view = http.get(f"{base}/matches/{mid}", headers=auth(str(created["spectator"])))
    if view.status_code != 200 or view.json()["outcome"] is not None:
        return []
    token = seats[view.json()["to_act"][0]]["token"]
    legal = http.get(f"{base}/matches/{mid}/legal", headers=auth(token))
    if legal.status_code != 200 or not legal.json()["actions"]:
        return []
    r = http.post(f"{base}/matches/{mid}/actions", headers=auth(token),
                  json={"action": legal.json()["actions"][0],
                        "expected_version": legal.json()["version"]})
    return [(str(mid), int(r.json()["version"]))] if r.status_code == 200 else []
