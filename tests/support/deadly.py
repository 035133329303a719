"""``deadly-tally``: the dice race with a setup that kills its own process, for the tests
of a worker that dies (``validate --jobs``, ``stats --jobs``).

A log whose first player is "Die" kills the process that reads it, every time; "Once"
kills it the first time only (a marker file remembers). The kill is a real SIGKILL, as
the kernel's out-of-memory killer sends. The pool forks its workers, so they know this
game once it is registered; in the test's own process it raises instead of killing. A
Dask cluster's workers are spawned: :func:`plugin` registers the game on each of them
(and on each worker started again after one died).
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import msgspec

from grimoire.bots.random import RandomBot, play_out
from grimoire.core.logfile import write_log
from grimoire.core.match import Match
from grimoire.testing import tally

NAME = "deadly-tally"


def deadly_game(marker: Path, parent: int | None = None) -> Any:
    """The game; ``parent``: the test's process (default: this one), where it never kills."""
    rules = tally.RULES
    parent = os.getpid() if parent is None else parent

    def setup(options: object, players: tuple[str, ...]) -> object:
        if players[0] in ("Die", "Once") and os.getpid() == parent:
            raise AssertionError(f"{NAME} ran in the test's own process")
        if players[0] == "Once" and not marker.exists():
            marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        if players[0] == "Die":
            os.kill(os.getpid(), signal.SIGKILL)
        return rules.setup(options, players)  # type: ignore[arg-type]

    return type(rules)(
        name=NAME, version=rules.version, seats=rules.seats,
        default_players=rules.default_players, Options=rules.Options, State=rules.State,
        Event=rules.Event, reasons=rules.reasons, setup=setup, to_act=rules._to_act,
        legal=rules._legal, decide=rules._decide, evolve=rules.evolve,
        outcome=rules.outcome, render=rules._render, describe=rules._describe,
        notation=rules.notation, parse=rules.parse)


def tally_log(path: Path, game: str, players: tuple[str, str]) -> Path:
    """A finished tally race between ``players`` written as a log of ``game``."""
    match = Match.new("tally", seed="11" * 16, players=players, options={"target": 12})
    play_out(match, RandomBot(1), max_actions=40)
    log = match.log(reveal=True)
    write_log(path, msgspec.structs.replace(log.header, game=game), log.events)
    return path


def deadly_folder(folder: Path) -> Path:
    """Four logs: a.jsonl and d.jsonl harmless, b.jsonl always deadly, c.jsonl deadly once."""
    folder.mkdir()
    for name, players in (("a", ("Ann", "Bo")), ("b", ("Die", "Bo")), ("c", ("Once", "Bo")),
                          ("d", ("Cy", "Di"))):
        tally_log(folder / f"{name}.jsonl", NAME, players)
    return folder
