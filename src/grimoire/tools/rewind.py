"""``grimoire rewind``: fork a log at a point into a new file; the original is untouched.

A fork ends at a whole decision (an action and every event it caused): a cut inside one
would leave a log that ``validate`` refuses (``log/partial-decision``), so it is refused
(``rewind/mid-decision``), naming the whole decisions on either side.

>>> # rewind("match.jsonl", 10, "fork.jsonl").forked_from.seq
"""

from __future__ import annotations

import os

import msgspec

from grimoire.core.errors import UsageError
from grimoire.core.events import Action, Header
from grimoire.core.logfile import write_log
from grimoire.core.replay import Replay
from grimoire.tools._log import get_logger

log = get_logger("grimoire.rewind")


def decision_bounds(replay: Replay, n: int) -> tuple[int, int]:
    """Where the decision around record ``n`` begins and where the next one begins: ``(n,
    n)`` when a decision begins at ``n`` (or ``n`` is the end), so cutting there keeps
    whole decisions. Reads at most one decision each way.

    >>> from grimoire import registry
    >>> from grimoire.tools.simulate import bot_match
    >>> m = bot_match(registry.get("wizard-armies"), seed=1)
    >>> [type(e).__name__ for e in m.events[:6]]  # Light musters: four rolls
    ['Muster', 'Roll', 'Roll', 'Roll', 'Roll', 'Muster']
    >>> replay = Replay(m.rules, m.header, m.events)
    >>> decision_bounds(replay, 3), decision_bounds(replay, 5)
    ((0, 5), (5, 5))
    """
    if n >= len(replay) or isinstance(next(replay.events(n, n + 1)), Action):
        return n, n
    start = n
    while start > 0 and not isinstance(next(replay.events(start, start + 1)), Action):
        start -= 1
    end = n + 1
    for event in replay.events(n + 1):
        if isinstance(event, Action):
            break
        end += 1
    return start, end


def rewind(
    path: str | os.PathLike[str], to: int, out: str | os.PathLike[str], *, overwrite: bool = False
) -> Header:
    """Write the first ``to`` records of ``path`` to ``out``, header naming the origin.
    ``to`` must end a whole decision (``rewind/mid-decision`` otherwise, naming the
    nearest cuts that do: :func:`decision_bounds`)."""
    if os.path.exists(out) and not overwrite:
        raise UsageError("io/exists", f"{out} exists; choose another name")
    if os.path.abspath(out) == os.path.abspath(path):
        raise UsageError("io/same-file", "a rewind never rewrites its origin")
    with Replay.open(path) as replay:
        if not 0 <= to <= len(replay):
            raise UsageError("rewind/out-of-range", f"--to {to} is not in 0..{len(replay)}")
        start, end = decision_bounds(replay, to)
        if start != to:
            raise UsageError(
                "rewind/mid-decision", f"--to {to} cuts a decision in two (records {start} "
                f"to {end - 1} are one action and what it caused): keep --to {start} or "
                f"--to {end} records")
        fork = replay.rewind(to, origin=os.fspath(path))
    # A fork's chain differs from its origin's (its header names the origin), so the
    # seats' signatures of the origin's chain cannot go along: the fork drops the keys,
    # and its ``forked_from.chain`` ties its prefix to the signed origin.
    header = msgspec.structs.replace(fork.header, keys=None)
    write_log(out, header, fork.events)
    log.info("rewound", origin=str(path), to=to, out=str(out))
    return header
