"""``grimoire rewind``: fork a log at a point into a new file; the original is untouched.

>>> # rewind("match.jsonl", 10, "fork.jsonl").forked_from.seq
"""

from __future__ import annotations

import os

import msgspec

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
    # A fork's chain differs from its origin's (its header names the origin), so the
    # seats' signatures of the origin's chain cannot go along: the fork drops the keys,
    # and its ``forked_from.chain`` ties its prefix to the signed origin.
    header = msgspec.structs.replace(fork.header, keys=None)
    write_log(out, header, fork.events)
    log.info("rewound", origin=str(path), to=to, out=str(out))
    return header
