"""Benchmarks (``make bench``): the figures the foundation issue asks for.

- trusted replay (decode + fold) and validate (every action re-decided), in events/s,
  over Vicious Circle random matches and over one long synthetic log;
- random playouts (legal + decide + evolve) in actions/s;
- ``Match.act`` speed at the 100,000th event against the first;
- ``Replay.seek`` time in the middle of a 1,000,000-event log once indexed;
- peak memory validating a 1,000,000-event log against a 100,000-event one;
- per game (``--games``): random playouts (legal + decide + evolve through ``Match.act``,
  actions/s), trusted replay (events/s) and validate (events/s) over the same seeded bot
  matches, and validate of the same matches with every action signed by its seat
  (``validate_signed``: one Ed25519 check per action), each the best of ``--repeat`` runs
  so a busy machine does not blur a 5% change (replay and validate in CPU time, in
  rounds: every game, and the anchors, once a round);
- an archive (``--archive``): ``grimoire validate --jobs`` over bot matches of every game
  (``--archive-matches`` in all), in events/s of wall time on one process and on every
  core, and their ratio (``archive_speedup``), the CPU time the pool adds
  (``archive_pool_cpu_overhead_pct``: the figure a busy machine does not blur), and the
  trusted read of ``grimoire stats`` on every core, and ``grimoire export`` in rows (events)
  a second on one process and on every core (wall time, best of ``--repeat`` runs each);
- the search bot (``--bots``, and with the per-game figures): MCTS iterations/s per
  game from a few positions of a seeded random game (``tools/bench_bots.py``);
- the learning environments (``--envs``, only on asking: they need the rl extra): env
  steps/s per game, a random agent through PettingZoo's AEC loop, beside PettingZoo's
  ``chess_v6`` and ``connect_four_v3`` through the same loop when ``pettingzoo[classic]``
  is installed (``tools/bench_envs.py``);
- against the anchors (``--anchors``, and in the full run when the ``bench`` extra is
  installed): each game's validate beside python-chess's validated ``push_uci`` replay and
  its trusted replay beside OpenSpiel's chess ``apply_action`` replay, measured in the same
  rounds (so both sides meet the same load), as ratios ours/anchor
  (``tools/bench_anchors.py``).

The long logs come from ``tally``, the dice race in ``grimoire.testing``. Figures are
printed as a table (``--json`` for machine output); nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from typing import Any

from grimoire.bots.random import RandomBot
from grimoire.core.audit import audit
from grimoire.core.errors import GrimoireError
from grimoire.core.events import Action
from grimoire.core.logfile import LogReader
from grimoire.core.match import Match
from grimoire.core.replay import Replay, initial_state
from grimoire.core.signing import generate
from grimoire.testing import tally
from grimoire.tools.simulate import bot_match

tally.register()


def timed(fn: Any, *args: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - t0, out


def fold_file(path: str) -> int:
    """Trusted replay: stream, decode, evolve (no chain, no re-deciding), as
    ``LogReader.events`` reads a log already trusted."""
    with LogReader(path) as reader:
        rules = reader.rules
        state = initial_state(rules, reader.header)
        evolve = rules.evolve
        n = 0
        for event in reader.events():
            state = evolve(state, event)
            n += 1
    return n


def fold_files(paths: list[str]) -> int:
    return sum(fold_file(p) for p in paths)


def audit_files(paths: list[str]) -> list[Any]:
    return [audit(p) for p in paths]


def tally_log(path: str, events: int) -> None:
    """A synthetic tally match of ``events`` events (two per action), written live."""
    m = Match.new("tally", seed="5e" * 16, path=path)
    for i in range(events // 2):
        m.act(tally.Add(player=m.state.turn, secret=i & 1))
    m.close()
    m.save(path + ".tmp", reveal=True)
    os.replace(path + ".tmp", path)


def peak_validate_mb(path: str) -> float:
    """Peak RSS (MiB) of a fresh process that validates ``path``."""
    # VmHWM, not ru_maxrss: on Linux ru_maxrss survives exec and would report the parent's.
    code = (
        "import sys; from grimoire.testing import tally; tally.register(); "
        "from grimoire.core.audit import audit; r = audit(sys.argv[1]); assert r.ok, r.summary(); "
        "print(next(int(x.split()[1]) for x in open('/proc/self/status') "
        "if x.startswith('VmHWM')) / 1024)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, path],
        capture_output=True, text=True, check=True,
    )
    return float(out.stdout.strip())


def signed_copies(rules: Any, matches: list[Match], tmp: str, key: str) -> list[str]:
    """The same matches played again with every action signed by its seat (Ed25519, two
    fixed keys), saved: what validate costs when it checks a signature per action. Empty
    without the ``grimoire-games[sign]`` extra."""
    try:
        pairs = [generate() for _ in range(max(len(m.header.players) for m in matches))]
    except GrimoireError:
        return []
    paths = []
    for i, m in enumerate(matches):
        seats = len(m.header.players)
        copy = Match.new(rules, players=m.header.players, seed=bytes([i % 256]) * 32,
                         keys=[pub for _, pub in pairs[:seats]])
        for event in m.events:
            if isinstance(event, Action):
                copy.act(event, key=pairs[event.player][0])
        p = os.path.join(tmp, f"{key}-{i}-signed.jsonl")
        copy.save(p, reveal=True)
        paths.append(p)
    return paths


def game_names(only: list[str] | None = None) -> list[str]:
    """The built-in games the per-game figures cover (``only`` those, if given)."""
    from grimoire.core.registry import names

    return [n for n in names() if n != "tally" and (not only or n in only)]


def cpu_timed(fn: Any, *args: Any) -> tuple[float, Any]:
    """``fn(*args)`` and the CPU time this process spent on it (another program's load on
    the machine counts less than in wall time)."""
    t0 = time.process_time()
    out = fn(*args)
    return time.process_time() - t0, out


def per_game(res: dict[str, Any], tmp: str, budget: int, cap: int, repeat: int,
             only: list[str] | None = None, signed: bool = True,
             anchors: dict[str, Any] | None = None) -> None:
    """Playout, trusted replay and validate rates for every built-in game, on the same
    seeded bot matches each time (so before/after figures measure the same work): matches
    of at most ``cap`` actions, until ``budget`` actions in all. ``signed``: also validate
    the matches signed. Replay and validate are measured in ``repeat`` rounds, each game
    once a round, in CPU time, best round kept; with ``anchors`` (the recorded chess games
    of :func:`bench_anchors.prepare`), each round measures the anchors too, beside ours,
    so the ratios compare figures taken under the same load."""
    from grimoire.core.registry import get

    logs: dict[str, tuple[list[str], int, list[str]]] = {}
    for name in game_names(only):
        rules = get(name)
        key = name.replace("-", "_")
        best_play = 0.0
        matches: list[Match] = []
        for _ in range(repeat):
            acted = 0
            matches = []
            t0 = time.perf_counter()
            while acted < budget:
                i = len(matches)
                m = Match.new(rules, seed=bytes([i % 256]) * 32)
                bot = RandomBot(i)
                for _ in range(cap):
                    if not m.to_act:
                        break
                    m.act(bot.choose(m, min(m.to_act)))
                    acted += 1
                matches.append(m)
            best_play = max(best_play, acted / (time.perf_counter() - t0))
        paths = []
        for i, m in enumerate(matches):
            p = os.path.join(tmp, f"{key}-{i}.jsonl")
            m.save(p, reveal=True)
            paths.append(p)
        events = sum(len(m.events) for m in matches)
        logs[key] = (paths, events, signed_copies(rules, matches, tmp, key) if signed else [])
        res[f"{key}_matches"] = len(matches)
        res[f"{key}_events"] = events
        res[f"{key}_events_per_action"] = events / sum(
            isinstance(e, Action) for m in matches for e in m.events)
        res[f"{key}_playout_actions_per_s"] = best_play
    best: dict[str, float] = {}
    history: dict[str, list[float]] = {}

    def keep(figure: str, rate: float) -> None:
        best[figure] = max(best.get(figure, 0.0), rate)
        history.setdefault(figure, []).append(rate)

    for _ in range(repeat):
        if anchors is not None:
            import bench_anchors

            for figure, rate in bench_anchors.measure(anchors).items():
                keep(figure, rate)
        for key, (paths, events, signed_paths) in logs.items():
            t, n = cpu_timed(fold_files, paths)
            keep(f"{key}_fold_events_per_s", n / t)
            t, reports = cpu_timed(audit_files, paths)
            assert all(r.ok for r in reports), [r.summary() for r in reports if not r.ok]
            keep(f"{key}_validate_events_per_s", events / t)
            if signed_paths:
                t, reports = cpu_timed(audit_files, signed_paths)
                assert all(r.ok for r in reports), [r.summary() for r in reports if not r.ok]
                keep(f"{key}_validate_signed_events_per_s", events / t)
    res.update(best)
    if anchors is not None:
        import bench_anchors

        res.update(bench_anchors.paired(history, list(logs)))


def archive(res: dict[str, Any], tmp: str, matches: int, cap: int, repeat: int) -> None:
    """``validate --jobs 1`` against ``--jobs`` every core, ``stats`` on every core, and
    ``export`` on one process and on every core, over ``matches`` seeded random-bot
    matches spread over the built-in games."""
    from grimoire.tools.export import export
    from grimoire.tools.pool import cores
    from grimoire.tools.simulate import simulate
    from grimoire.tools.stats import stats
    from grimoire.tools.validate import reports

    folder = os.path.join(tmp, "archive")
    names = game_names()
    for k, name in enumerate(names):
        simulate(name, games=matches // len(names) + (k < matches % len(names)), seed=k,
                 out=os.path.join(folder, name), max_actions=cap)
    jobs = cores()

    def audited(j: int) -> int:
        got = list(reports([folder], jobs=j))
        assert all(r.ok for r in got), [r.summary() for r in got if not r.ok][:3]
        return sum(r.events for r in got)

    def cpu() -> float:  # this process and its finished children (the pool's workers)
        me, kids = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                        resource.RUSAGE_CHILDREN))
        return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

    best: dict[int, float] = {}
    least_cpu: dict[int, float] = {}
    events = 0
    for _ in range(repeat):
        for j in sorted({1, jobs}):
            c0 = cpu()
            t, events = timed(audited, j)
            least_cpu[j] = min(least_cpu.get(j, float("inf")), cpu() - c0)
            best[j] = max(best.get(j, 0.0), events / t)
    stats_best = 0.0
    for _ in range(repeat):
        t, report = timed(lambda: stats([folder], jobs=jobs))
        stats_best = max(stats_best, events / t)
    import pyarrow.parquet  # noqa: F401 (export's import, before the clock starts)

    export_best: dict[int, float] = {}
    parquet = os.path.join(tmp, "events.parquet")
    for _ in range(repeat):
        for j in sorted({1, jobs}):
            t, written = timed(lambda j=j: export([folder], parquet, jobs=j, overwrite=True))
            assert written.rows == events and not written.skipped, written.summary()
            export_best[j] = max(export_best.get(j, 0.0), written.rows / t)
    res["archive_logs"] = report.logs
    res["archive_events"] = events
    res["archive_jobs"] = jobs
    res["archive_validate_1_job_events_per_s"] = best[1]
    res["archive_validate_all_cores_events_per_s"] = best[jobs]
    res["archive_speedup"] = best[jobs] / best[1]
    # CPU time the pool adds (processes, pickling, the parent's work): the ratio an idle
    # machine would give is about jobs / (1 + this), whatever else runs beside the bench
    res["archive_pool_cpu_overhead_pct"] = 100 * (least_cpu[jobs] / least_cpu[1] - 1)
    res["archive_stats_all_cores_events_per_s"] = stats_best
    res["archive_export_1_job_rows_per_s"] = export_best[1]
    res["archive_export_all_cores_rows_per_s"] = export_best[jobs]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=2000, help="VC random matches to replay")
    ap.add_argument("--long", type=int, default=100_000, help="events in the long log")
    ap.add_argument("--huge", type=int, default=1_000_000, help="events in the memory log")
    ap.add_argument("--game-budget", type=int, default=4000,
                    help="bot actions per game for the per-game figures (0: skip them)")
    ap.add_argument("--game-cap", type=int, default=300, help="action cap per bot match")
    ap.add_argument("--repeat", type=int, default=5, help="runs per game figure (best kept)")
    ap.add_argument("--only-games", action="store_true", help="just the per-game figures")
    ap.add_argument("--game", action="append", help="per-game figures for this game only")
    ap.add_argument("--server", action="store_true",
                    help="just the match server's figures (tools/bench_server.py)")
    ap.add_argument("--postgres", metavar="URL",
                    help="with --server: the PostgreSQL database for its PostgreSQL figures "
                    "(default: a throw-away cluster, as the tests make)")
    ap.add_argument("--anchors", action="store_true",
                    help="just each game's validate and fold beside python-chess and OpenSpiel "
                    "(tools/bench_anchors.py; the bench extra)")
    ap.add_argument("--bots", action="store_true",
                    help="just the search bot's iterations/s per game (tools/bench_bots.py)")
    ap.add_argument("--envs", action="store_true",
                    help="just the learning environments' steps/s per game beside PettingZoo's "
                    "chess_v6 and connect_four_v3 (tools/bench_envs.py; the rl extra)")
    ap.add_argument("--env-steps", type=int, default=2000,
                    help="environment steps per game and round for --envs")
    ap.add_argument("--archive", action="store_true",
                    help="just validate --jobs (1 and every core), stats and export over an "
                    "archive")
    ap.add_argument("--archive-matches", type=int, default=2000,
                    help="bot matches in the archive, spread over the games")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    res: dict[str, Any] = {}
    tmp = tempfile.mkdtemp(prefix="grimoire-bench-")
    if args.server:
        from bench_server import server

        res.update(server(postgres=args.postgres))
        show(res, args.json)
        return
    if args.archive:
        archive(res, tmp, args.archive_matches, args.game_cap, args.repeat)
        show(res, args.json)
        return
    if args.envs:
        from bench_envs import envs

        res.update(envs(game_names(args.game), args.env_steps, args.repeat))
        show(res, args.json)
        return
    if args.bots:
        from bench_bots import bots

        res.update(bots(game_names(args.game), args.repeat))
        show(res, args.json)
        return
    import bench_anchors

    prepared = bench_anchors.prepare() if (args.anchors or args.game_budget) and \
        bench_anchors.available() else None
    if args.anchors:
        if prepared is None:
            print(f"the bench extra is not installed ({bench_anchors.INSTALL})")
            return
        per_game(res, tmp, args.game_budget, args.game_cap, args.repeat, args.game,
                 signed=False, anchors=prepared)
        with_anchors(res, prepared, args.game, args.json)
        return
    if args.game_budget:
        per_game(res, tmp, args.game_budget, args.game_cap, args.repeat, args.game,
                 anchors=prepared)
        from bench_bots import bots

        res.update(bots(game_names(args.game), min(args.repeat, 3)))
    if args.only_games:
        show(res, args.json)
        return

    # -- Vicious Circle random matches -------------------------------------------------
    from grimoire.core.registry import get

    vc = get("vicious-circle")
    paths = []
    actions = 0
    t0 = time.perf_counter()
    for i in range(args.matches):
        m = bot_match(vc, seed=99, index=i)
        actions += sum(1 for e in m.events if type(e).__name__ in ("Move", "Deploy", "Pass",
                                                                   "Setup"))
        p = os.path.join(tmp, f"vc-{i}.jsonl")
        m.save(p, reveal=True)
        paths.append(p)
    play_s = time.perf_counter() - t0
    res["vc_playout_actions_per_s_incl_save"] = actions / play_s

    # pure playouts (legal + decide + evolve), no file I/O
    bot = RandomBot(1)
    t0 = time.perf_counter()
    n_act = 0
    for i in range(args.matches // 4):
        m = Match.new(vc, seed=bytes([i % 256]) * 16)
        while m.to_act:
            m.act(bot.choose(m, min(m.to_act)))
            n_act += 1
    res["vc_playout_actions_per_s"] = n_act / (time.perf_counter() - t0)

    t, n = timed(lambda: sum(fold_file(p) for p in paths))
    res["vc_events"] = n
    res["vc_fold_events_per_s"] = n / t
    t, reports = timed(lambda: [audit(p) for p in paths])
    assert all(r.ok for r in reports)
    res["vc_validate_events_per_s"] = n / t

    # -- one long synthetic log ----------------------------------------------------------
    long_path = os.path.join(tmp, "long.jsonl")
    tally_log(long_path, args.long)
    t, n = timed(fold_file, long_path)
    res["long_events"] = n
    res["long_fold_events_per_s"] = n / t
    t, report = timed(audit, long_path)
    assert report.ok, report.summary()
    res["long_validate_events_per_s"] = n / t

    # -- Match.act at the first and the 100,000th event ----------------------------------
    m = Match.new("tally", seed="77" * 16, path=os.path.join(tmp, "act.jsonl"))

    def act_rate(count: int) -> float:
        t0 = time.perf_counter()
        for i in range(count):
            m.act(tally.Add(player=m.state.turn, secret=i & 1))
        return count / (time.perf_counter() - t0)

    first = act_rate(2_000)
    while len(m.events) < 100_000:
        act_rate(1_000)
    late = act_rate(2_000)
    m.close()
    res["act_per_s_first"] = first
    res["act_per_s_at_100k"] = late
    res["act_slowdown_pct"] = 100 * (first - late) / first

    # -- seek and memory on the huge log -------------------------------------------------
    huge_path = os.path.join(tmp, "huge.jsonl")
    tally_log(huge_path, args.huge)
    t, replay = timed(Replay.open, huge_path)
    res["huge_events"] = len(replay)
    res["huge_index_s"] = t
    rng = random.Random(3)
    seeks = []
    for target in [len(replay) // 2] + [rng.randrange(len(replay)) for _ in range(50)]:
        t, _ = timed(replay.seek, target)
        seeks.append(t)
    replay.close()
    res["seek_middle_ms"] = seeks[0] * 1000
    res["seek_worst_of_51_ms"] = max(seeks) * 1000
    res["peak_mb_validate_long"] = peak_validate_mb(long_path)
    res["peak_mb_validate_huge"] = peak_validate_mb(huge_path)
    res["peak_growth_pct"] = 100 * (res["peak_mb_validate_huge"] / res["peak_mb_validate_long"] - 1)
    res["bench_max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    if prepared is not None:
        with_anchors(res, prepared, args.game, args.json)
    else:
        if args.game_budget:
            res["anchor_note"] = (f"the bench extra is not installed ({bench_anchors.INSTALL}): "
                                  "anchors skipped")
        show(res, args.json)


def with_anchors(res: dict[str, Any], prepared: dict[str, Any], only: list[str] | None,
                 as_json: bool) -> None:
    """Add the anchors' facts and each game's ratios to ``res`` (whose figures
    :func:`per_game` measured beside the anchors) and show it all, the side-by-side
    table last."""
    import bench_anchors

    res.update(bench_anchors.facts(prepared))
    names = game_names(only)
    bench_anchors.compare(res, [n.replace("-", "_") for n in names])
    show(res, as_json)
    if not as_json and "anchor_moves" in res:
        print()
        print(bench_anchors.table(res, names))


def show(res: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(res, indent=2))
    else:
        for k, v in res.items():
            if isinstance(v, str):
                print(f"{k:<38} {v}")
            else:
                print(f"{k:<38} {v:>14,.1f}" if isinstance(v, float) else f"{k:<38} {v:>14,}")


if __name__ == "__main__":
    main()
