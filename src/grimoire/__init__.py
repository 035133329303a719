"""grimoire: event-sourced rules engine, log auditor and replayer for board games.

>>> import grimoire
>>> m = grimoire.Match.new("vicious-circle", seed="ab" * 16)
>>> _ = m.act(m.legal(0)[0]); _ = m.act(m.legal(1)[0])
>>> m.to_act
frozenset({1})
"""

from grimoire import games, registry
from grimoire.core.audit import AuditReport, audit
from grimoire.core.dice import RecordedDice, SeededDice
from grimoire.core.errors import (
    AuditError,
    GrimoireError,
    IllegalAction,
    LogError,
    RulesError,
    UsageError,
)
from grimoire.core.events import Action, Chance, Consequence, Event, Header, Record, Roll, Shuffle
from grimoire.core.logfile import Log, LogReader, LogWriter, read_log, write_log
from grimoire.core.match import Match
from grimoire.core.replay import Replay, fold
from grimoire.core.rules import BaseRules, Game, Outcome, PlayerId, Rules

load = Match.load

__all__ = [
    "Action",
    "AuditError",
    "AuditReport",
    "BaseRules",
    "Chance",
    "Consequence",
    "Event",
    "Game",
    "GrimoireError",
    "Header",
    "IllegalAction",
    "Log",
    "LogError",
    "LogReader",
    "LogWriter",
    "Match",
    "Outcome",
    "PlayerId",
    "Record",
    "RecordedDice",
    "Replay",
    "Roll",
    "Rules",
    "RulesError",
    "SeededDice",
    "Shuffle",
    "UsageError",
    "audit",
    "fold",
    "games",
    "load",
    "read_log",
    "registry",
    "write_log",
]

__version__ = "0.3.0"
"""This release: the distribution ``grimoire-games`` reads it (pyproject.toml), and so does
``grimoire --version``."""
