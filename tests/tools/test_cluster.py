"""The archive tools on a real Dask cluster (a ``LocalCluster`` of two worker processes,
each started by its own nanny): results in order and identical to the local run, relative
paths found by workers whose working folder is not ours, a worker killed under a log
retried then reported, and a scheduler that cannot be reached is a usage mistake."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from deadly import NAME, deadly_folder
from once import reuse
from typer.testing import CliRunner

import grimoire.cli.validate
from grimoire.cli.app import app
from grimoire.core.errors import UsageError
from grimoire.store import open_store
from grimoire.tools import pool
from grimoire.tools.export import export
from grimoire.tools.stats import stats
from grimoire.tools.validate import CRASHED, expand, reports

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A scheduler's address. A task whose worker dies is rescheduled once (as the local
    pool retries once), so a log that kills every worker costs two of them. (Dask is
    imported here, not when the file is collected: every test process collects it.)"""
    import dask
    from distributed import LocalCluster

    # Its scheduler's HTTP server (no dashboard) on a port of its own choosing: on 8787,
    # the default, it would meet another test's cluster (tools/archive_check.py's).
    # The nannies start each worker process (and start it again after it died) from a
    # forkserver that has imported Dask once, not as a new interpreter importing it
    # again each time (``dask worker``'s own default, which tools/archive_check.py runs).
    with dask.config.set({"distributed.scheduler.allowed-failures": 1,
                          "distributed.worker.multiprocessing-method": "forkserver"}):
        local = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                             dashboard_address=None, silence_logs=50,
                             scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
        with local:
            yield local.scheduler_address


def never(item: object, detail: str) -> int:
    raise AssertionError(f"{item} crashed: {detail}")


def test_results_come_in_order_with_no_more_than_the_window_pulled(cluster: str) -> None:
    pulled = 0

    def source() -> Iterator[int]:
        nonlocal pulled
        for i in range(60):
            pulled += 1
            yield -i

    for k, result in enumerate(pool.ordered(abs, source(), jobs=1, window=3, chunk=2,
                                            crashed=never, scheduler=cluster)):
        assert result == k and pulled <= k + 6


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight fixtures of each of the five games (the first in name order: some invalid),
    and a file that is not a log."""
    out = tmp_path_factory.mktemp("archive")
    for log in (log for game in sorted(FIXTURES.iterdir()) if game.is_dir()
                for log in sorted(game.rglob("*.jsonl"))[:8]):
        target = out / log.relative_to(FIXTURES)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(log.read_bytes())
    (out / "zz-garbage.jsonl").write_bytes(b"\x00\xff not a log\n")
    return out


def test_the_audit_on_the_cluster_is_the_local_audit(cluster: str, archive: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(archive.parent)  # relative paths: the workers' folder is not ours
    here = [archive.name]
    local = list(reports(here, jobs=1))
    remote = list(reports(here, scheduler=cluster))
    assert remote == local
    assert [r.path for r in remote] == expand(here) and not os.path.isabs(remote[0].path)
    assert {r.error["reason"] for r in remote if r.error} >= {"log/not-a-log"}
    assert sum(r.ok for r in remote) > 10 and not all(r.ok for r in remote[:-1])


def test_the_statistics_on_the_cluster_are_the_local_ones(cluster: str, archive: Path) -> None:
    for validate in (False, True):
        assert stats([archive], validate=validate, scheduler=cluster) == \
            stats([archive], validate=validate, jobs=1)


def test_the_export_on_the_cluster_is_the_local_export(cluster: str, archive: Path,
                                                      tmp_path: Path) -> None:
    local = export([archive], tmp_path / "local.parquet", jobs=1)
    remote = export([archive], tmp_path / "remote.parquet", scheduler=cluster)
    assert msgspec.structs.replace(remote, out="") == msgspec.structs.replace(local, out="")
    assert local.rows > 100 and local.skipped
    assert (tmp_path / "remote.parquet").read_bytes() == (tmp_path / "local.parquet").read_bytes()


def test_the_commands_print_the_same_bytes_as_on_one_process(
        cluster: str, archive: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(``validate``'s one-process reports are the same in both output modes: audited
    once, printed in each; the cluster audits the archive in each mode.)"""
    reuse(monkeypatch, grimoire.cli.validate, "reports", {}, listed=True,
          when=lambda jobs, scheduler, **_: jobs == 1 and scheduler is None)
    runner = CliRunner()
    for command in (["validate"], ["validate", "--json-lines"], ["stats", "--json"]):
        local = runner.invoke(app, [*command, "--jobs", "1", str(archive)])
        remote = runner.invoke(app, [*command, "--scheduler", cluster, str(archive)])
        assert (remote.exit_code, remote.output) == (local.exit_code, local.output)
        assert local.exit_code == (0 if command[0] == "stats" else 2), local.output
    both = runner.invoke(app, ["validate", "--jobs", "2", "--scheduler", cluster,
                               str(archive)])
    assert both.exit_code == 2 and "archive/jobs-and-scheduler" in both.output


def test_a_log_that_kills_its_workers_is_reported_and_the_others_audited(
        cluster: str, tmp_path: Path) -> None:
    folder = deadly_folder(tmp_path / "logs")
    from deadly_dask import Plugin
    from distributed import Client

    with Client(cluster, set_as_default=False) as client:
        client.register_plugin(Plugin(tmp_path / "died-once"))
        try:
            got = list(reports([folder], scheduler=cluster))
        finally:
            client.unregister_worker_plugin(NAME)
    assert [r.path for r in got] == expand([folder])
    assert [r.ok for r in got] == [True, False, True, True], [r.summary() for r in got]
    assert got[1].error is not None and got[1].error["reason"] == CRASHED
    assert "Dask workers running it died" in got[1].summary()
    assert (tmp_path / "died-once").exists()  # "Once" died, and its retry was audited


def test_a_scheduler_that_cannot_be_reached_is_a_usage_mistake(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool, "SCHEDULER_TIMEOUT", "1s")
    with pytest.raises(UsageError) as err:
        list(reports([FIXTURES], scheduler="tcp://127.0.0.1:9"))
    assert err.value.reason == "archive/scheduler" and "127.0.0.1:9" in str(err.value)


def test_a_postgresql_store_is_read_on_the_cluster_as_here(cluster: str, postgres: Any,
                                                          tmp_path: Path) -> None:
    """A PostgreSQL store named by its URL (a real database; no password in the URL: the
    tasks carry it to the workers, which connect on their own): the cluster's workers
    report, count and export its matches as this process does."""
    url = postgres.database()
    logs = [FIXTURES / "magery" / "edge-round-limit-draw.jsonl",
            FIXTURES / "vicious-circle" / "edge-straight-paths.jsonl",
            FIXTURES / "wizard-armies" / "full-01.jsonl"]
    with open_store(url) as store:
        for k, log in enumerate(logs):
            store.import_log(log, match_id=f"m{k}")
    local = list(reports([url], jobs=1))
    assert list(reports([url], scheduler=cluster)) == local
    assert [r.path for r in local] == [f"{url}#m{k}" for k in range(len(logs))]
    assert all(r.ok for r in local)
    assert stats([url], scheduler=cluster) == stats([url], jobs=1)
    here = export([url], tmp_path / "here.parquet", jobs=1)
    there = export([url], tmp_path / "there.parquet", scheduler=cluster)
    assert msgspec.structs.replace(there, out="") == msgspec.structs.replace(here, out="")
    assert here.rows > 0
    assert (tmp_path / "there.parquet").read_bytes() == (tmp_path / "here.parquet").read_bytes()
