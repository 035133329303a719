"""``grimoire new``: start a log file for a match played elsewhere (a table, a bot).

>>> # new("vicious-circle", "match.jsonl", dice="recorded")
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core import registry
from grimoire.core.dice import dice_seed
from grimoire.core.errors import UsageError
from grimoire.core.events import Header
from grimoire.core.logfile import write_log
from grimoire.core.match import Match
from grimoire.core.rules import AnyRules


def allowed(rules: AnyRules) -> str:
    """The player counts a game allows, in words.

    >>> allowed(registry.get("wiz-war")), allowed(registry.get("magery"))
    ('2, 3 or 4 players', '2 players')
    """
    counts = [str(n) for n in rules.seats]
    words = counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
    return f"{words} player{'s' if counts != ['1'] else ''}"


def seat_names(game: str | AnyRules, count: int | None = None,
               names: Sequence[str] | None = None) -> tuple[str, ...]:
    """The players of a new match of ``game``: ``names`` as given, else ``count`` seats
    (default: the fewest the game allows) named by the game's default players when it
    has enough of them (``Player 1``… otherwise). A count the game does not allow, or
    names that are not ``count``, are refused (``game/players``) naming what it allows.

    >>> seat_names("wiz-war"), seat_names("wiz-war", 3)
    (('Callista', 'Matt'), ('Player 1', 'Player 2', 'Player 3'))
    >>> seat_names("wiz-war", 5)
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: game/players: wiz-war is played by 2, 3 or 4 players, not 5
    """
    rules = registry.get(game) if isinstance(game, str) else game
    if names and count is not None and len(names) != count:
        raise UsageError("game/players", f"{len(names)} names for {count} players: give "
                         "one name a seat")
    n = len(names) if names else (rules.seats[0] if count is None else count)
    if n not in rules.seats:
        raise UsageError("game/players", f"{rules.name} is played by {allowed(rules)}, "
                         f"not {n}")
    if names:
        return tuple(names)
    if len(rules.default_players) >= n:
        return tuple(rules.default_players[:n])
    return tuple(f"Player {i + 1}" for i in range(n))


def new(
    game: str,
    out: str | os.PathLike[str],
    *,
    players: Sequence[str] | None = None,
    count: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    dice: str = "seeded",
    position: str | None = None,
    reveal: bool = False,
) -> tuple[Header, str | None]:
    """Create ``out`` holding just the header. Returns the header and, for seeded dice, the
    seed as hex (keep it secret until the match ends; ``reveal`` writes it in the header).
    ``players`` names the seats, or ``count`` says how many (:func:`seat_names`). ``seed``
    takes the forms of every ``--seed`` (:func:`grimoire.core.dice.seed_option`)."""
    if os.path.exists(out):
        raise UsageError("io/exists", f"{out} exists; choose another name")
    match = Match.new(game, players=seat_names(game, count, players), options=options,
                      seed=None if seed is None else dice_seed(seed), dice=dice,
                      position=position)
    the_log = match.log(reveal=reveal)
    write_log(out, the_log.header, [])
    return the_log.header, match.seed
