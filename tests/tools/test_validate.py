"""``tools.validate``: the logs of folders in the order ``sorted(os.walk(…))`` gave them,
a folder at a time; the same reports on one process or two; a worker that dies on a log
is retried, then that log's ``audit/worker-crashed``; hostile files never stop the rest."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from deadly import NAME, deadly_folder, deadly_game

from grimoire.core import registry
from grimoire.tools.simulate import simulate
from grimoire.tools.validate import CRASHED, Totals, expand, iter_logs, reports, validate

SUFFIXES = (".jsonl", ".msgpack", ".mpk")


def walked(top: str) -> list[str]:
    """The order the first ``expand`` gave (``sorted(os.walk(top))``, files sorted)."""
    return [os.path.join(root, f) for root, _, files in sorted(os.walk(top))
            for f in sorted(files) if f.endswith(SUFFIXES)]


def test_folders_are_listed_in_the_order_sorted_os_walk_gave(tmp_path: Path) -> None:
    """A folder's files come before its sub-folders, and a sibling whose name sorts
    before "/" ("a-b", "a.c", "a b") comes between a folder's files and its sub-folders."""
    for d in ("a", "a/b", "a/b/c", "a-b", "a.c", "a b", "a/-", "z", "a-b/x"):
        (tmp_path / d).mkdir(parents=True, exist_ok=True)
    for d in ("", "a", "a/b", "a/b/c", "a-b", "a.c", "a b", "a/-", "z", "a-b/x"):
        for f in ("2.jsonl", "1.msgpack", "3.mpk", "notes.txt", "0.jsonl"):
            (tmp_path / d / f).write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "a", target_is_directory=True)
    (tmp_path / "z" / "to-a-file.jsonl").symlink_to(tmp_path / "a" / "2.jsonl")
    assert list(iter_logs([tmp_path])) == walked(str(tmp_path))
    assert len(walked(str(tmp_path))) == 41
    assert expand([tmp_path / "z", "missing.jsonl"]) == [*walked(str(tmp_path / "z")),
                                                          "missing.jsonl"]


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six logs: four finished Vicious Circle games, one tampered, one not a log."""
    out = tmp_path_factory.mktemp("archive")
    summary = simulate("vicious-circle", games=4, seed=8, out=out / "vc")
    lines = Path(summary.logs[0]).read_text().splitlines(keepends=True)
    (out / "vc" / "tampered.jsonl").write_text("".join([*lines[:3], lines[4], lines[3],
                                                        *lines[5:]]))
    (out / "vc" / "zz-garbage.jsonl").write_bytes(b"\x00\xffnot json\n")
    return out


def test_one_process_or_two_give_the_same_reports(archive: Path) -> None:
    one = validate([archive], jobs=1)
    two = list(reports([archive], jobs=2))
    assert one == two
    assert [r.ok for r in one] == [False, True, True, True, True, False]
    assert [r.path for r in one] == expand([archive])
    totals = Totals()
    for r in two:
        totals.add(r)
    assert (totals.logs, totals.valid, totals.invalid, totals.unreadable) == (6, 4, 1, 1)
    assert totals.reasons == {"log/seq": 1, "log/not-a-log": 1}
    assert totals.events == sum(r.events for r in one)


def test_a_folder_without_logs_is_refused_before_anything_runs(tmp_path: Path) -> None:
    from grimoire.core.errors import UsageError

    with pytest.raises(UsageError) as err:
        list(reports([tmp_path], jobs=2))
    assert err.value.reason == "validate/no-logs"
    with pytest.raises(UsageError) as err:
        list(reports([tmp_path], jobs=0))
    assert err.value.reason == "validate/jobs"


@pytest.fixture
def deadly(tmp_path: Path) -> Iterator[str]:
    registry.register(deadly_game(tmp_path / "died-once"))
    yield NAME
    registry.unregister(NAME)


def test_a_log_whose_worker_dies_twice_is_reported_and_the_others_audited(
        tmp_path: Path, deadly: str) -> None:
    folder = deadly_folder(tmp_path / "logs")
    got = list(reports([folder], jobs=2))
    assert [r.path for r in got] == expand([folder])
    assert [r.ok for r in got] == [True, False, True, True], [r.summary() for r in got]
    assert got[1].error is not None and got[1].error["reason"] == CRASHED
    assert "died twice" in got[1].summary()
    assert (tmp_path / "died-once").exists()  # "Once" died, and its retry was audited
