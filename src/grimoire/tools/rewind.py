"""``grimoire rewind``: fork a log at a point into a new file; the original is untouched.

>>> # rewind("match.jsonl", 10, "fork.jsonl").forked_from.seq
"""

from __future__ import annotations

import os

from grimoire.core.errors import UsageError
from grimoire.core.events import Header
from grimoire.core.logfile import write_log
from grimoire.core.replay import Replay
from grimoire.tools._log import get_logger

log = get_logger("grimoire.rewind")


def rewind(
    path: str | os.PathLike[str], to: int, out: str | os.PathLike[str], *, overwrite: bool = False
) -> Header:
    """Write the first ``to`` records of ``path`` to ``out``, header naming the origin."""
    if os.path.exists(out) and not overwrite:
        raise UsageError("io/exists", f"{out} exists; choose another name")
    if os.path.abspath(out) == os.path.abspath(path):
        raise UsageError("io/same-file", "a rewind never rewrites its origin")
    with Replay.open(path) as replay:
        if not 0 <= to <= len(replay):
            raise UsageError("rewind/out-of-range", f"--to {to} is not in 0..{len(replay)}")
        fork = replay.rewind(to, origin=os.fspath(path))
    write_log(out, fork.header, fork.events)
    log.info("rewound", origin=str(path), to=to, out=str(out))
    return fork.header
