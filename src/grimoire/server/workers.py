"""Threads that run an event loop's blocking work: :class:`Workers`, and :func:`soon`,
which hands a call from another thread back to the loop.

>>> async def main() -> int:
...     workers = Workers(1, "demo")
...     try:
...         return await workers.run(len, "abc")
...     finally:
...         workers.close()
>>> asyncio.run(main())
3
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["Workers", "settle", "soon"]


class Workers:
    """Threads that run functions for an event loop: :meth:`run` hands ``fn(*args)`` to
    the first free thread and awaits its result. (A lean executor: a job is a tuple on a
    queue and its answer one ``call_soon_threadsafe``, so a busy server pays little to
    keep its event loop free.)

    >>> async def main() -> int:
    ...     workers = Workers(2, "demo")
    ...     try:
    ...         return await workers.run(sum, (1, 2, 3))
    ...     finally:
    ...         workers.close()
    >>> asyncio.run(main())
    6
    """

    def __init__(self, threads: int, name: str) -> None:
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._work, name=f"{name}-{k}", daemon=True)
                         for k in range(threads)]
        for thread in self._threads:
            thread.start()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((loop, future, fn, args))
        return await future

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            loop, future, fn, args = job
            try:
                result = fn(*args)
            except BaseException as exc:  # handed to the awaiting request, as raised
                loop.call_soon_threadsafe(settle, future, None, exc)
            else:
                loop.call_soon_threadsafe(settle, future, result, None)

    def close(self) -> None:
        """Stop the threads once the jobs given them are done."""
        for _ in self._threads:
            self._jobs.put(None)
        for thread in self._threads:
            thread.join()


def soon(loop: asyncio.AbstractEventLoop, fn: Callable[..., Any], *args: Any) -> None:
    """``fn(*args)`` on ``loop``, called from another thread (nothing if the loop has
    closed: no one is listening any more)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(fn, *args)


def settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():  # the request went away: its answer is dropped
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
