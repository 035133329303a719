"""``grimoire new``: start a log file for a match played elsewhere (a table, a bot).

>>> # new("vicious-circle", "match.jsonl", dice="recorded")
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.dice import dice_seed
from grimoire.core.errors import UsageError
from grimoire.core.events import Header
from grimoire.core.logfile import write_log
from grimoire.core.match import Match


def new(
    game: str,
    out: str | os.PathLike[str],
    *,
    players: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    dice: str = "seeded",
    position: str | None = None,
    reveal: bool = False,
) -> tuple[Header, str | None]:
    """Create ``out`` holding just the header. Returns the header and, for seeded dice, the
    seed as hex (keep it secret until the match ends; ``reveal`` writes it in the header).
    ``seed`` takes the forms of every ``--seed`` (:func:`grimoire.core.dice.seed_option`)."""
    if os.path.exists(out):
        raise UsageError("io/exists", f"{out} exists; choose another name")
    match = Match.new(game, players=players, options=options,
                      seed=None if seed is None else dice_seed(seed), dice=dice,
                      position=position)
    the_log = match.log(reveal=reveal)
    write_log(out, the_log.header, [])
    return the_log.header, match.seed
