"""``tools.pool.ordered``: results in the items' order whatever the number of processes,
never more than the window in flight, and a worker that dies is retried once then
reported (the dying worker is real: a game whose setup kills its own process)."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from grimoire.core import registry
from grimoire.testing import tally
from grimoire.tools.pool import cores, ordered


def never(item: object, detail: str) -> int:
    raise AssertionError(f"{item} crashed: {detail}")


@pytest.mark.parametrize(("jobs", "chunk"), [(1, 1), (2, 1), (2, 3)])
def test_results_come_in_the_items_order(jobs: int, chunk: int) -> None:
    assert list(ordered(abs, range(0, -40, -1), jobs=jobs, crashed=never, chunk=chunk)) == \
        list(range(40))


def test_no_more_than_the_window_is_in_flight() -> None:
    """Memory is bounded by the window: when the k-th result comes, at most ``k + window``
    items were taken from the source, however long the source is."""
    pulled = 0

    def source() -> Iterator[int]:
        nonlocal pulled
        for i in range(200):
            pulled += 1
            yield -i

    for k, result in enumerate(ordered(abs, source(), jobs=2, window=3, crashed=never)):
        assert result == k and pulled <= k + 3
    pulled = 0  # three chunks of two in flight: six items
    for k, result in enumerate(ordered(abs, source(), jobs=2, window=3, chunk=2,
                                       crashed=never)):
        assert result == k and pulled <= k + 6


def test_cores_is_at_least_one() -> None:
    assert cores() >= 1


def dies_on_minus_one(x: int) -> int:
    """A worker function that kills its own process on -1 (never runs in the test's own
    process: ``ordered`` with two items or more and two jobs runs them on the pool)."""
    if x == -1:
        os.kill(os.getpid(), signal.SIGKILL)
    return abs(x)


@pytest.mark.parametrize("chunk", [1, 2])
def test_a_worker_killed_twice_gives_the_items_crash_result_and_the_others_theirs(
        chunk: int) -> None:
    """The items that shared a chunk or a pool with the deadly one get their results."""
    items = [3, -1, 4, 5, -2, 6]
    got = list(ordered(dies_on_minus_one, items, jobs=2, window=4, chunk=chunk,
                       crashed=lambda item, detail: f"crashed {item}: {detail}"))
    assert got[0] == 3 and got[2:] == [4, 5, 2, 6]
    assert isinstance(got[1], str) and got[1].startswith("crashed -1: the worker process died")


def dies_once(path: str) -> str:
    """Kills its process the first time it meets ``path`` (a marker file says it did)."""
    marker = Path(path)
    if path.endswith("once") and not marker.exists():
        marker.touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return marker.name


def test_a_worker_killed_once_is_retried_and_its_result_kept(tmp_path: Path) -> None:
    items = [str(tmp_path / n) for n in ("a", "b-once", "c", "d")]
    got = list(ordered(dies_once, items, jobs=2, crashed=lambda item, detail: "crashed"))
    assert got == ["a", "b-once", "c", "d"]
    assert (tmp_path / "b-once").exists()


def raises_on_odd(x: int) -> int:
    if x % 2:
        raise ValueError(f"odd {x}")
    return x


def test_an_exception_the_function_lets_out_is_retried_then_the_items_crash_result() -> None:
    for chunk in (1, 2):
        got = list(ordered(raises_on_odd, [0, 1, 2, 4], jobs=2, chunk=chunk,
                           crashed=lambda item, detail: detail))
        assert got == [0, "ValueError: odd 1 (twice)", 2, 4]


def test_a_registered_game_reaches_the_workers() -> None:
    """The pool forks (Linux): a game registered in this process is known to workers."""
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("only a forked worker inherits what this process registered")
    tally.register()
    assert list(ordered(registry_has, ["tally", "no-such-game"], jobs=2, crashed=never)) == [
        True, False]


def registry_has(name: str) -> bool:
    return name in registry.names()


def test_the_forked_workers_inherit_a_heap_frozen_out_of_the_collector() -> None:
    """While the pool runs, this process's objects are frozen (``gc.freeze``), so the
    workers' collections do not walk, and copy, what they inherited; afterwards they are
    not."""
    import gc

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the workers are not forked here")
    during = []
    for _ in ordered(abs, range(-20, 0), jobs=2, crashed=never):
        during.append(gc.get_freeze_count())
    assert min(during) > 0 and gc.get_freeze_count() == 0
