"""The archive tools end to end, as an operator would run them (issue 15): simulate
``--matches`` bot matches spread over every built-in game with ``grimoire simulate``, then
``grimoire validate --jobs``, ``grimoire stats`` and ``grimoire export`` on this machine's
cores, and the same three on a real Dask cluster started with the ``dask scheduler`` and
``dask worker`` commands; every pair must agree, and with what was simulated::

    python tools/archive_check.py                 # 2,000 matches (make archive-check)
    python tools/archive_check.py --matches 50 --keep out/

Checks, each printed with its figures: every log is valid, the cluster's reports are the
local ones byte for byte, ``stats`` on the cluster equals ``stats`` here and agrees with
``simulate``'s counts (games, wins by seat, draws, unfinished) and with the audit's event
count, the Parquet export has one row per audited event, the cluster's export holds the
same rows, and the DuckDB query of ``docs/archives.md`` (when duckdb is installed) gives
the figures of ``stats``. Exit 0 when all hold, 1 when one does not.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
GRIMOIRE = str(BIN / "grimoire")
DASK = str(BIN / "dask")


def run(args: Sequence[str], *, ok: tuple[int, ...] = (0,)) -> str:
    """A command's standard output; its failure stops the check, with what it said."""
    done = subprocess.run(list(args), capture_output=True, text=True, check=False)
    if done.returncode not in ok:
        sys.exit(f"{' '.join(args)} exited {done.returncode}:\n{done.stderr}{done.stdout}")
    return done.stdout


def games() -> list[str]:
    return sorted(g["name"] for g in json.loads(run([GRIMOIRE, "games", "--json"]))["games"])


def simulate(folder: Path, matches: int, cap: int, jobs: int) -> dict[str, dict[str, Any]]:
    """``grimoire simulate`` of every game (``jobs`` at a time): its JSON summary by game."""
    names = games()
    procs: list[tuple[str, subprocess.Popen[str]]] = []
    out: dict[str, dict[str, Any]] = {}

    def reap() -> None:
        name, proc = procs.pop(0)
        stdout, stderr = proc.communicate()
        if proc.returncode:
            sys.exit(f"grimoire simulate {name} exited {proc.returncode}:\n{stderr}")
        out[name] = json.loads(stdout)

    for k, name in enumerate(names):
        n = matches // len(names) + (k < matches % len(names))
        procs.append((name, subprocess.Popen(
            [GRIMOIRE, "simulate", name, "-n", str(n), "--seed", str(k), "--max-actions",
             str(cap), "-o", str(folder / name), "--json"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
        if len(procs) >= jobs:
            reap()
    while procs:
        reap()
    return out


@contextmanager
def dask_cluster(workdir: Path, workers: int) -> Iterator[str]:
    """A scheduler and ``workers`` single-threaded worker processes, started as an
    operator starts them; the scheduler's address."""
    info = workdir / "scheduler.json"
    # no dashboard, and the scheduler's HTTP server on a free port, not the default 8787
    # another cluster on the machine may hold
    common = ["--no-dashboard"]
    scheduler = subprocess.Popen(
        [DASK, "scheduler", "--scheduler-file", str(info), "--host", "127.0.0.1", "--port", "0",
         "--dashboard-address", "127.0.0.1:0", *common],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = None
    try:
        deadline = time.monotonic() + 60
        while not info.exists() or not info.read_text().strip():
            if time.monotonic() > deadline or scheduler.poll() is not None:
                sys.exit("the Dask scheduler did not start")
            time.sleep(0.2)
        worker = subprocess.Popen(
            [DASK, "worker", "--scheduler-file", str(info), "--nworkers", str(workers),
             "--nthreads", "1", "--host", "127.0.0.1", *common], cwd=workdir,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        address = str(json.loads(info.read_text())["address"])
        wait_for_workers(address, workers)
        yield address
    finally:
        for proc in (worker, scheduler):
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()


def wait_for_workers(address: str, workers: int) -> None:
    from distributed import Client

    with Client(address, set_as_default=False,  # type: ignore[no-untyped-call]
                timeout="30s") as client:
        client.wait_for_workers(workers, timeout=60)


class Checks:
    def __init__(self) -> None:
        self.failed = 0

    def check(self, what: str, ok: bool, figures: str = "") -> None:
        self.failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {what}" + (f": {figures}" if figures else ""),
              flush=True)


def timed(what: str, fn: Callable[[], str]) -> str:
    t = time.perf_counter()
    out = fn()
    print(f"     {what}: {time.perf_counter() - t:.1f} s", flush=True)
    return out


def parquet_rows(path: Path) -> Any:
    import pyarrow.parquet as pq

    return pq.read_table(path)


def duckdb_figures(parquet: Path) -> dict[str, dict[str, Any]] | None:
    """The documented query's result by game, or ``None`` without duckdb."""
    try:
        import duckdb
    except ImportError:
        return None
    doc = (ROOT / "docs" / "archives.md").read_text(encoding="utf-8")
    start = doc.index("```sql", doc.index("## Exporting events")) + len("```sql")
    query = doc[start:doc.index("```", start)].replace("events.parquet", str(parquet))
    con = duckdb.connect()
    cur = con.execute(query)
    names = [d[0] for d in cur.description]
    return {row[0]: dict(zip(names, row, strict=True)) for row in cur.fetchall()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=2000, help="matches in all")
    ap.add_argument("--cap", type=int, default=1500, help="action cap per match")
    ap.add_argument("--workers", type=int, default=2, help="Dask worker processes")
    ap.add_argument("--keep", type=Path, help="keep the archive and outputs here")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="grimoire-archive-")) if args.keep is None \
        else args.keep
    work.mkdir(parents=True, exist_ok=True)
    archive = work / "archive"
    jobs = os.cpu_count() or 1
    c = Checks()
    try:
        print(f"simulating {args.matches:,} matches into {archive}", flush=True)
        sims = simulate(archive, args.matches, args.cap, jobs)

        local: dict[str, str] = {}
        local["validate"] = timed("validate --jobs", lambda: run(
            [GRIMOIRE, "validate", str(archive), "--jobs", str(jobs), "--json-lines"]))
        local["stats"] = timed("stats", lambda: run(
            [GRIMOIRE, "stats", str(archive), "--jobs", str(jobs), "--json"]))
        local["export"] = timed("export", lambda: run(
            [GRIMOIRE, "export", str(archive), "--jobs", str(jobs), "-o",
             str(work / "local.parquet"), "--json"]))
        remote: dict[str, str] = {}
        with dask_cluster(work, args.workers) as address:
            print(f"     a Dask cluster at {address}, {args.workers} workers", flush=True)
            remote["validate"] = timed("validate --scheduler", lambda: run(
                [GRIMOIRE, "validate", str(archive), "--scheduler", address,
                 "--json-lines"]))
            remote["stats"] = timed("stats --scheduler", lambda: run(
                [GRIMOIRE, "stats", str(archive), "--scheduler", address, "--json"]))
            remote["export"] = timed("export --scheduler", lambda: run(
                [GRIMOIRE, "export", str(archive), "--scheduler", address, "-o",
                 str(work / "cluster.parquet"), "--json"]))

        lines = [json.loads(x) for x in local["validate"].splitlines()]
        summary = lines[-1]["summary"]
        events = summary["events"]
        c.check("every simulated log is valid", summary["logs"] == args.matches ==
                summary["valid"], f"{summary['valid']:,} of {summary['logs']:,} logs, "
                f"{events:,} events")
        c.check("validate on the cluster printed the same reports, byte for byte",
                remote["validate"] == local["validate"])

        figures = json.loads(local["stats"])
        c.check("stats on the cluster equals stats here", json.loads(remote["stats"]) ==
                figures)
        by_game = {g["game"]: g for g in figures["games"]}
        c.check("stats names every game simulated", sorted(by_game) == sorted(sims))
        for name, sim in sorted(sims.items()):
            g = by_game.get(name, {})
            wins = [s["wins"] for s in g.get("seats", [])]  # none when none finished
            wins += [0] * (len(sim["wins"]) - len(wins))
            got = (g.get("games"), wins, g.get("draws"), g.get("unfinished"))
            want = (sim["games"], list(sim["wins"].values()), sim["draws"],
                    sim["unfinished"])
            c.check(f"stats of {name} agree with simulate", got == want,
                    f"{got[0]} games, wins by seat {got[1]}, {got[2]} drawn, {got[3]} "
                    "unfinished")
        counted = sum(sum(g["events_by_type"].values()) for g in figures["games"])
        c.check("stats counted the events the audit did", counted == events, f"{counted:,}")

        table = parquet_rows(work / "local.parquet")
        c.check("the export has a row per audited event", table.num_rows == events,
                f"{table.num_rows:,} rows")
        other = parquet_rows(work / "cluster.parquet")
        c.check("the cluster's export holds the same rows", other.equals(table))
        pairs = set(zip(table["game"].to_pylist(), table["match"].to_pylist(), strict=True))
        matches = {name: sum(1 for game, _ in pairs if game == name) for name in sims}
        c.check("the export holds every match", matches == {n: s["games"] for n, s in
                                                            sims.items()})
        sql = duckdb_figures(work / "local.parquet")
        if sql is None:
            print("skip the DuckDB query (pip install duckdb to run it)")
        else:
            for name, g in sorted(by_game.items()):
                row = sql.get(name, {})
                expect = {"games": g["games"], "finished": g["finished"],
                          "draws": g["draws"], "wins_by_seat": [s["wins"] for s in g["seats"]],
                          "mean_actions": round(g["actions"]["mean"], 6)}
                found = {k: row.get(k) for k in expect}
                if isinstance(found["mean_actions"], float):
                    found["mean_actions"] = round(found["mean_actions"], 6)
                c.check(f"the documented DuckDB query gives stats' figures for {name}",
                        found == expect, str(found))
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    print("all agree" if not c.failed else f"{c.failed} check(s) failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
