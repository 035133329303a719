"""A command's work done once a module: the tests that compare ``--jobs 1`` with more
processes in each output mode (text, ``--json``…) run the command with each number of
processes once a mode, and the library call under it, the same call each time, gives
the same result each time (it is what those tests prove, on any number of processes).
:func:`reuse` hands the command the result of that call as it came the first time, so
the fixtures are read once a module on one process and once on more, not once a mode;
each mode prints both results and compares them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


def reuse(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, memo: dict[str, Any],
          *, when: Callable[..., bool], listed: bool = False) -> None:
    """For this test, ``module.name`` (the library function a command calls) answers a
    call it answered before with the same arguments, and ``when(**kwargs)`` holds, from
    ``memo`` (a dict a module-scoped fixture keeps); other calls run as ever. ``listed``:
    the function returns an iterator, kept as a list and given out again as one.

    >>> import types
    >>> calls, memo, mp = [], {}, pytest.MonkeyPatch()
    >>> lib = types.SimpleNamespace(work=lambda x, *, jobs: calls.append(x) or x * 2)
    >>> reuse(mp, lib, "work", memo, when=lambda jobs: jobs == 1)
    >>> lib.work(3, jobs=1), lib.work(3, jobs=1), lib.work(3, jobs=2), calls
    (6, 6, 6, [3, 3])
    >>> mp.undo()
    """
    original = getattr(module, name)

    def remembered(*args: Any, **kwargs: Any) -> Any:
        if not when(**kwargs):
            return original(*args, **kwargs)
        key = repr((args, sorted(kwargs.items())))
        if key not in memo:
            got = original(*args, **kwargs)
            memo[key] = list(got) if listed else got
        return iter(memo[key]) if listed else memo[key]

    monkeypatch.setattr(module, name, remembered)
