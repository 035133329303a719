"""``grimoire odds``: betting props from a logged position: the chance that each side wins
the current battle (exact where every die is on the table, else a seeded simulation with
its error bar). Games with an odds model offer it through their rules
(:class:`~grimoire.core.rules.SupportsOdds`; today ``wizard-armies``); no game is named here.

>>> # print(odds("fixtures/wizard-armies/worked-example.jsonl", at=13).summary())
>>> # worked-example.jsonl @ 13/45, round 1 battle: Player One 0.0%, Player Two 100.0%, ...
"""

from __future__ import annotations

import os

import msgspec

from grimoire.core import registry
from grimoire.core.errors import UsageError
from grimoire.core.replay import Replay
from grimoire.core.rules import SupportsOdds

DEFAULT_SAMPLES = 1000
"""Seeded samples where chance is still to come."""


def supported() -> tuple[str, ...]:
    """The registered games with an odds model.

    >>> "wizard-armies" in supported()
    True
    """
    return tuple(name for name in registry.names()
                 if isinstance(registry.get(name), SupportsOdds))


class OddsReport(msgspec.Struct, frozen=True, kw_only=True):
    """The odds at one position of a log.

    ``at`` is the number of events folded (``seek(at)``); ``win[seat]`` the chance that
    seat wins the current battle, ``tie`` the chance of equal losses; ``method`` is
    ``"exact"``, ``"simulation"`` (``error``: the 95% half-width over ``samples``) or
    ``"none"`` (nothing left to bet on)."""

    path: str
    game: str
    at: int
    events: int
    players: tuple[str, ...]
    phase: str
    round: int
    method: str
    win: tuple[float, ...]
    tie: float
    error: float = 0.0
    samples: int = 0
    assumption: str = ""

    def summary(self) -> str:
        """One line for people."""
        name = os.path.basename(self.path)
        where = f"{name} @ {self.at}/{self.events}, round {self.round} {self.phase}"
        if self.method == "none":
            return f"{where}: {self.assumption or 'nothing to bet on'}"
        sides = ", ".join(
            f"{player} {100 * p:.1f}%" for player, p in zip(self.players, self.win, strict=True)
        )
        how = "exact" if self.method == "exact" else (
            f"\u00b1{100 * self.error:.1f}%, simulation of {self.samples} seeded samples"
        )
        note = f"; {self.assumption}" if self.assumption else ""
        return f"{where}: {sides}, tie {100 * self.tie:.1f}% ({how}{note})"


def odds(
    path: str,
    at: int | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: str | None = None,
) -> OddsReport:
    """The chance that each side wins the battle under way (or coming) after ``at`` events
    of the log at ``path`` (default: its end). Seen as a spectator sees it: a deployment
    not yet revealed is unknown. ``seed`` seeds the simulation (default ``"<game>/odds"``).
    Raises :class:`~grimoire.core.errors.GrimoireError`s
    (``odds/unsupported`` for a game without an odds model, ``replay/out-of-range``)."""
    with Replay.open(path) as replay:
        game = replay.header.game
        rules = replay.rules
        if not isinstance(rules, SupportsOdds):
            raise UsageError(
                "odds/unsupported",
                f"{path}: no odds model for {game!r} (supported: {', '.join(supported())})",
            )
        n = len(replay) if at is None else at
        state = rules.view(replay.seek(n), None)
        result = rules.odds(state, samples=samples,
                            seed=(f"{game}/odds" if seed is None else seed).encode())
        return OddsReport(
            path=os.fspath(path),
            game=game,
            at=n,
            events=len(replay),
            players=tuple(replay.header.players),
            phase=result.phase,
            round=result.round,
            method=result.method,
            win=result.win,
            tie=result.tie,
            error=result.error,
            samples=result.samples,
            assumption=result.assumption,
        )
