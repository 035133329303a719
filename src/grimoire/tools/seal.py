"""``grimoire seal``: write a copy of a log with the hash chain on every record (and,
optionally, the seed revealed). The original is never rewritten.

>>> # seal("hand-written.jsonl", "sealed.jsonl")
"""

from __future__ import annotations

import os

import msgspec

from grimoire.core.dice import commitment, parse_seed
from grimoire.core.errors import UsageError
from grimoire.core.logfile import read_log, write_log
from grimoire.tools._log import get_logger

log = get_logger("grimoire.seal")


def seal(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    seed: str | None = None,
    overwrite: bool = False,
) -> int:
    """Seal ``path`` into ``out``; ``seed`` reveals the seed (checked against the
    commitment). Returns the number of records."""
    if os.path.exists(out) and not overwrite:
        raise UsageError("io/exists", f"{out} exists; choose another name")
    the_log = read_log(path)
    header = the_log.header
    if seed is not None:
        raw = parse_seed(seed)
        if header.seed_commitment is not None and commitment(raw) != header.seed_commitment:
            raise UsageError("dice/commitment", "that seed does not match the log's commitment")
        header = msgspec.structs.replace(header, seed=raw.hex())
    write_log(out, header, the_log.events, seal=True)
    log.info("sealed", origin=str(path), out=str(out), records=len(the_log.events))
    return len(the_log.events)
