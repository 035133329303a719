"""Work over many logs on a process pool: results in input order, memory bounded, a dead
worker retried once.

:func:`ordered` maps a function over items on ``jobs`` processes, a chunk of items a
task. At most ``window`` chunks are in flight at a time (never a future per log of a
million-log archive), and the results come back in the items' order: a result that
finishes early waits in its future, so the reorder buffer is the window. When a worker
process dies (killed, out of memory, a crash in C code), every item it may have been
running is run again on a fresh process of its own; an item that kills that one too gets
``crashed(item, detail)`` as its result, and the rest go on.

With ``scheduler`` (a Dask distributed scheduler's address, ``tcp://host:8786``) the chunks
go to that cluster's workers instead, with the same order, window and retries: a chunk
whose worker dies is rescheduled by Dask itself (``distributed.scheduler.allowed-failures``
times), then its items run again one a task, and an item that fails again is ``crashed``.

The pool uses ``multiprocessing``'s default start method (``fork`` on Linux): a game
registered with :func:`grimoire.registry.register` before the pool starts is known to the
workers there; elsewhere the workers know the games of the ``grimoire.games`` entry points.

>>> list(ordered(abs, [-3, 1, -2], jobs=1, crashed=lambda item, detail: 0))
[3, 1, 2]
"""

from __future__ import annotations

import gc
import itertools
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from grimoire.core.errors import UsageError
from grimoire.tools._log import get_logger

log = get_logger("grimoire.pool")

T = TypeVar("T")
R = TypeVar("R")

LOGS_PER_TASK = 4
"""The chunk ``validate`` and ``stats`` send a worker: a third of the pool's cost in this
process of one log a task, for logs of a few hundred events (tools/bench.py --archive)."""
WINDOW_PER_JOB = 8
"""Chunks in flight per process: enough that a long log at the head of the line leaves
the other processes work to do, few enough that the results waiting behind it are few."""


def cores() -> int:
    """The processes a pool uses by default: the cores this process may run on.

    >>> cores() >= 1
    True
    """
    count = getattr(os, "process_cpu_count", None)
    return (count() if count is not None else None) or os.cpu_count() or 1


def ordered(
    fn: Callable[[T], R],
    items: Iterable[T],
    *,
    jobs: int,
    crashed: Callable[[T, str], R],
    window: int | None = None,
    chunk: int = 1,
    scheduler: str | None = None,
) -> Iterator[R]:
    """``fn(item)`` for each item, in the items' order, on ``jobs`` processes (``fn`` and
    the items must pickle: a module-level function or a ``functools.partial`` of one).
    ``jobs <= 1``, or a single item, runs in this process. Items go to the workers
    ``chunk`` at a time (fewer round trips for small items); ``window`` chunks at most are
    in flight (default :data:`WINDOW_PER_JOB` a process). ``fn`` should turn what can go
    wrong with an item into its result; a worker that dies, or an exception ``fn`` lets
    out, has the items it was running run again, each alone on a fresh process, and an
    item that fails there too gets ``crashed(item, detail)`` as its result.

    ``scheduler``: run on the Dask cluster at that address (``jobs`` is then unused; the
    window is :data:`WINDOW_PER_JOB` a worker thread); the workers need grimoire (and any
    game plug-in) installed, and the items must mean the same there (paths: a shared
    file system). Needs the ``archive`` extra (``dask[distributed]``)."""
    if scheduler is not None:
        yield from _on_cluster(fn, items, scheduler=scheduler, crashed=crashed,
                               window=window, chunk=chunk)
        return
    it = iter(items)
    first = [x for _, x in zip(range(2), it, strict=False)]
    if jobs <= 1 or len(first) < 2:
        for x in first:
            yield fn(x)
        for x in it:
            yield fn(x)
        return
    size = max(window or WINDOW_PER_JOB * jobs, 1)
    source = _chunks(_chain(first, it), max(chunk, 1))
    pending: deque[tuple[list[T], Future[list[R]]]] = deque()
    # The workers are forked from this process: what they inherit is frozen out of the
    # garbage collector, so their collections never walk (and copy, page by page) the
    # parent's heap; measured, that was up to a fifth more CPU over one process.
    frozen = _freeze()
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        while True:
            if len(pending) < size:
                for part in source:
                    pending.append((part, _submit(pool, fn, part)))
                    if len(pending) >= size:
                        break
            if not pending:
                return
            part, future = pending[0]
            try:
                results = future.result()
            except BrokenProcessPool:
                pool.shutdown(wait=True, cancel_futures=True)
                pending = _rerun(fn, pending, crashed)
                pool = ProcessPoolExecutor(max_workers=jobs)
                continue
            except Exception:  # fn let it out: each item's one retry, alone
                pending[0] = (part, _done([_alone(fn, x, crashed) for x in part]))
                continue
            pending.popleft()
            yield from results
    finally:  # done, or stopped early: what has not started is cancelled, and the
        # running (at most one a process) are waited for, so no thread outlives the pool
        pool.shutdown(wait=True, cancel_futures=True)
        if frozen:
            gc.unfreeze()


def _freeze() -> bool:
    """Freeze this process's objects out of the collector before workers fork from it
    (``gc.freeze``, as the ``gc`` docs advise for a parent that forks); False where the
    workers are not forked, or something else has frozen them already."""
    import multiprocessing

    if multiprocessing.get_start_method() != "fork" or gc.get_freeze_count():
        return False
    gc.freeze()
    return True


SCHEDULER_TIMEOUT = "20s"
"""How long :func:`ordered` waits to reach a Dask scheduler before giving up."""


def _connect(scheduler: str) -> Any:
    """A Dask client of the scheduler at ``scheduler``, or a :class:`UsageError`."""
    try:
        import distributed
    except ImportError:
        raise UsageError("archive/needs-dask", "--scheduler runs on a Dask cluster: "
                         "pip install 'grimoire-games[archive]'") from None
    try:
        return distributed.Client(  # type: ignore[no-untyped-call]
            scheduler, set_as_default=False, timeout=SCHEDULER_TIMEOUT)
    except (OSError, ValueError, TypeError) as exc:
        raise UsageError("archive/scheduler", f"cannot reach the Dask scheduler at "
                         f"{scheduler!r}: {exc}") from None


def _on_cluster(fn: Callable[[T], R], items: Iterable[T], *, scheduler: str,
                crashed: Callable[[T, str], R], window: int | None, chunk: int
                ) -> Iterator[R]:
    """:func:`ordered` on the Dask cluster at ``scheduler``."""
    client = _connect(scheduler)
    pending: deque[tuple[list[T], Any]] = deque()
    try:
        threads = sum(client.nthreads().values()) or 1
        size = max(window or WINDOW_PER_JOB * threads, 1)
        source = _chunks(iter(items), max(chunk, 1))
        while True:
            if len(pending) < size:
                for part in source:
                    pending.append((part, client.submit(_each, fn, part, pure=False)))
                    if len(pending) >= size:
                        break
            if not pending:
                return
            part, future = pending.popleft()
            try:
                results = future.result()
            except Exception as exc:  # a worker died under it, or fn let it out
                log.info("retrying", items=len(part), error=f"{type(exc).__name__}: {exc}")
                results = [_alone_on(client, fn, x, crashed) for x in part]
            yield from results
    finally:  # done, or stopped early: what is still queued is cancelled
        for _, future in pending:
            future.cancel()
        client.close()


def _alone_on(client: Any, fn: Callable[[T], R], item: T,
              crashed: Callable[[T, str], R]) -> R:
    """``fn(item)`` as a task of its own on the cluster; ``crashed`` if it fails again
    (Dask has already rescheduled it after each worker that died under it)."""
    try:
        return client.submit(fn, item, pure=False).result()  # type: ignore[no-any-return]
    except Exception as exc:
        name = type(exc).__name__
        detail = (f"the Dask workers running it died ({exc})" if name == "KilledWorker"
                  else f"{name}: {exc} (twice)")
        log.info("crashed", item=str(item), detail=detail)
        return crashed(item, detail)


def _chain(first: list[T], rest: Iterator[T]) -> Iterator[T]:
    yield from first
    yield from rest


def _chunks(items: Iterator[T], size: int) -> Iterator[list[T]]:
    while part := list(itertools.islice(items, size)):
        yield part


def _each(fn: Callable[[T], R], part: list[T]) -> list[R]:
    """What a worker runs: ``fn`` over a chunk of items."""
    return [fn(x) for x in part]


def _submit(pool: ProcessPoolExecutor, fn: Callable[[T], R], part: list[T]
            ) -> Future[list[R]]:
    """``fn`` over ``part`` on the pool; on a pool that just died, a future that says so."""
    try:
        return pool.submit(_each, fn, part)
    except BrokenProcessPool as exc:
        future: Future[list[R]] = Future()
        future.set_exception(exc)
        return future


def _done(value: R) -> Future[R]:
    future: Future[R] = Future()
    future.set_result(value)
    return future


def _rerun(fn: Callable[[T], R], pending: deque[tuple[list[T], Future[list[R]]]],
           crashed: Callable[[T, str], R]) -> deque[tuple[list[T], Future[list[R]]]]:
    """The window after its pool died: the results that came back are kept; every other
    item is run again, each alone on a fresh process. Which of them killed the pool is
    not known, so none has used its retry yet: an item whose lone process dies is run
    alone once more, and only an item that kills that one too is ``crashed``."""
    out: deque[tuple[list[T], Future[list[R]]]] = deque()
    for part, future in pending:
        if future.done() and not future.cancelled() and future.exception() is None:
            out.append((part, future))
        else:
            out.append((part, _done([_alone(fn, x, crashed, tries=2) for x in part])))
    return out


def _alone(fn: Callable[[T], R], item: T, crashed: Callable[[T, str], R],
           tries: int = 1) -> R:
    """``fn(item)`` on a process of its own, up to ``tries`` times while it fails; then
    ``crashed(item, detail)``, the detail telling the last failure (the item's second)."""
    detail = ""
    for _ in range(tries):
        log.info("retrying", item=str(item))
        with ProcessPoolExecutor(max_workers=1) as solo:
            try:
                return solo.submit(fn, item).result()
            except BrokenProcessPool:
                detail = ("the worker process died twice on it (killed, out of memory, or a "
                          "crash)")
            except Exception as exc:  # reported as the item's result
                detail = f"{type(exc).__name__}: {exc} (twice)"
    log.info("crashed", item=str(item), detail=detail)
    return crashed(item, detail)


__all__ = ["LOGS_PER_TASK", "WINDOW_PER_JOB", "cores", "ordered"]
