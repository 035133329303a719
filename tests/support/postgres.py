"""A throw-away PostgreSQL server for tests: a cluster made with ``initdb`` in a temporary
folder, started with ``pg_ctl`` on a free port (and a unix socket in the same folder), run
as an unprivileged user when the tests run as root (PostgreSQL refuses root), stopped and
deleted afterwards.

``Cluster.start()`` raises :class:`Unavailable` with a plain reason (the missing command,
the user it cannot run as, initdb's or the server's own words) where PostgreSQL cannot be
found or started; the fixtures turn that into a skip.

>>> # with Cluster.start() as cluster: url = cluster.database("t1")
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

BACKENDS = ["sqlite", "postgres"]
"""The store's backends, as the ``db`` and ``store`` fixtures are parametrized."""

USER = "grimoire"
"""The cluster's superuser (trust authentication: nothing listens but 127.0.0.1 and the
socket in the temporary folder)."""


class Unavailable(Exception):
    """PostgreSQL cannot be found or started here; the message says why."""


def binaries() -> Path:
    """The folder of PostgreSQL's server commands: where ``initdb`` is on PATH, else
    Debian's ``/usr/lib/postgresql/<version>/bin`` (the newest)."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    folders = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                     key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if not folders:
        raise Unavailable("PostgreSQL's initdb was not found (not on PATH, not in "
                          "/usr/lib/postgresql/*/bin): install Debian's postgresql package "
                          "(make postgres, or apt-get install postgresql)")
    return Path(folders[-1]).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A running throw-away cluster; :meth:`database` makes a new empty place for a store
    and returns its URL."""

    def __init__(self, folder: Path, port: int, bin: Path, runas: list[str],
                 durable: bool = False) -> None:
        self.folder, self.port, self.bin, self.runas = folder, port, bin, runas
        self.durable = durable
        self._count = 0
        self._made = False

    @classmethod
    def start(cls, *, durable: bool = False) -> Cluster:
        """A new cluster, running. Its commits are not flushed to disk (``fsync=off``: a
        test's data is thrown away) unless ``durable`` (the benchmark's: PostgreSQL's own
        settings, each commit on disk, to weigh against SQLite's)."""
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise Unavailable("psycopg is not installed (pip install "
                              "'grimoire-games[postgres]')") from None
        bin = binaries()
        runas: list[str] = []
        owner: pwd.struct_passwd | None = None
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("running as root and there is no 'postgres' user to run "
                                  "PostgreSQL as") from None
            runuser = shutil.which("runuser")
            if runuser is None:
                raise Unavailable("running as root and runuser was not found (util-linux)")
            runas = [runuser, "-u", "postgres", "--"]
        folder = Path(tempfile.mkdtemp(prefix="grimoire-pg-"))
        if owner is not None:
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        cluster = cls(folder, free_port(), bin, runas, durable)
        try:
            cluster._init()
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def _run(self, *args: str) -> None:
        result = subprocess.run([*self.runas, *args], capture_output=True, text=True,
                                timeout=60, cwd=self.folder)
        if result.returncode != 0:
            words = (result.stderr or result.stdout).strip().splitlines()[-3:]
            raise Unavailable(f"{Path(args[0]).name} failed ({result.returncode}): "
                              + " / ".join(words))

    def _init(self) -> None:
        data = self.folder / "data"
        self._run(str(self.bin / "initdb"), "-D", str(data), "-U", USER, "--auth=trust",
                  "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")
        self.resume()

    def resume(self) -> None:
        """Start the server (again, after :meth:`pause`) and wait until it takes
        connections."""
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c max_connections=60 " + (
                       "-c shared_buffers=128MB" if self.durable else
                       "-c fsync=off -c full_page_writes=off -c synchronous_commit=off "
                       "-c shared_buffers=16MB"))
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-l",
                  str(self.folder / "server.log"), "-o", options, "-w", "-t", "30", "start")

    def pause(self) -> None:
        """Stop the server, keeping its data (every connection is cut); :meth:`resume`
        starts it again."""
        self._weigh()
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast",
                  "-w", "-t", "30", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def database(self, name: str | None = None) -> str:
        """A new empty store's place (its URL): a schema of its own, ``name`` or the next
        ``t<n>``, in the cluster's one test database (the URL sets ``search_path`` to
        it). A schema costs a few milliseconds where a database costs a copy of its
        template (about 0.3 s and 8 MB each)."""
        import psycopg

        if name is None:
            self._count += 1
            name = f"t{self._count}"
        if not self._made:
            with psycopg.connect(self.url(), autocommit=True) as db:
                db.execute("CREATE DATABASE grimoire")
            self._made = True
        with psycopg.connect(self.url("grimoire"), autocommit=True) as db:
            db.execute(f'CREATE SCHEMA "{name}"')
        return self.url("grimoire") + f"?options=-csearch_path%3D{name}"

    def sql(self, url: str, statement: str, params: Any = None) -> list[Any]:
        """Run one statement as the superuser on ``url``'s database; its rows."""
        import psycopg

        with psycopg.connect(url, autocommit=True) as db:
            cursor = db.execute(statement, params)
            return cursor.fetchall() if cursor.description else []

    def cpu(self) -> float:
        """CPU seconds the running server has used so far: the postmaster's, its live
        processes' (backends, writers) and its finished ones'."""
        pidfile = self.folder / "data" / "postmaster.pid"
        pid = int(pidfile.read_text().split()[0])
        total = _cpu(pid, children=True)
        kids = Path(f"/proc/{pid}/task/{pid}/children")
        for child in kids.read_text().split() if kids.exists() else []:
            total += _cpu(int(child))
        return total

    def _weigh(self) -> None:
        """With ``GRIMOIRE_PG_CPU=FILE`` set, add a line to FILE: the CPU seconds the
        running server used (its own and its finished backends')."""
        pidfile = self.folder / "data" / "postmaster.pid"
        if os.environ.get("GRIMOIRE_PG_CPU") and pidfile.exists():
            pid = pidfile.read_text().split()[0]
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks = sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
            with open(os.environ["GRIMOIRE_PG_CPU"], "a") as f:
                f.write(f"{ticks}\n")

    def stop(self) -> None:
        """Stop the server (immediately: nothing in it is kept) and delete the folder.
        With ``GRIMOIRE_PG_CPU=FILE`` set, first add a line to FILE: the CPU seconds the
        server used (its own and its finished backends'), to weigh the tests' cost."""
        data = self.folder / "data"
        self._weigh()
        if (data / "postmaster.pid").exists():
            subprocess.run([*self.runas, str(self.bin / "pg_ctl"), "-D", str(data), "-m",
                            "immediate", "-w", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def new_db(backend: str, request: Any, folder: Path) -> str:
    """A new, empty store's ``--db`` value on ``backend``: an SQLite file's path in
    ``folder``, or the URL of a new schema of the ``postgres`` fixture's cluster
    (``request`` is the asking fixture's ``pytest.FixtureRequest``)."""
    if backend == "postgres":
        cluster: Cluster = request.getfixturevalue("postgres")
        return cluster.database()
    return str(folder / "store.db")


def racer(url: str, mid: str, k: int, rounds: int, barrier: Any, out: Any) -> None:
    """One process of ``tests/store/test_postgres.py``'s race (run by ``spawn``, a fresh
    interpreter, so it lives here, where the child finds it): each round, wait
    for the other at the barrier, then append its own decision at the version both see.
    A loser reads the winner's log back before the next round. Puts its results, or
    the error that stopped it (then breaks the barrier, so the other stops too)."""
    try:
        out.put(_race(url, mid, k, rounds, barrier))
    except BaseException:
        import traceback

        barrier.abort()
        out.put(traceback.format_exc())


def _race(url: str, mid: str, k: int, rounds: int, barrier: Any) -> list[Any]:
    from grimoire import Match
    from grimoire.bots.random import RandomBot
    from grimoire.core.errors import ConcurrencyError
    from grimoire.store.postgres import PostgresStore

    results: list[Any] = []
    bot = RandomBot(100 + k)
    seed = bytes(range(32))
    with PostgresStore(url) as store, tempfile.TemporaryDirectory() as folder:
        log = os.path.join(folder, "m.jsonl")
        store.export(mid, log)
        match = Match.load(log, seed=seed)
        for r in range(rounds):
            if not match.to_act:  # over: both racers see it at the same round
                break
            version = len(match.events)
            events = match.act(bot.choose(match, min(match.to_act)))
            barrier.wait(30)
            try:
                done = store.append(mid, events, expected_version=version,
                                    idempotency_key=f"{k}:{r}")
                results.append(("won", version, done.version))
            except ConcurrencyError as exc:
                results.append(("lost", version, exc.actual))
                store.export(mid, log)
                match = Match.load(log, seed=seed)
    return results


def _cpu(pid: int, children: bool = False) -> float:
    """CPU seconds of process ``pid`` (``children``: and of its children that ended); 0
    for a process that has ended."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(f) for f in fields[11:15 if children else 13]) / os.sysconf("SC_CLK_TCK")
