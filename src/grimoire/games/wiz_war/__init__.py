"""Wiz-War, registered as ``wiz-war``.

The game is assembled here from its parts: ``tables`` (sectors, layouts and one record per
card), ``board`` (the labyrinth and the numbered deck), ``events``, ``state`` (and the
questions the rules ask of it), ``rules``, ``evolve``, ``notation``, ``render``,
``reasons``, ``cards`` (each card's effect and targets), ``choices`` (how a player
chooses an action step by step), ``texts`` (what each card and named thing does) and
``positions`` (positions from a few facts, for tests).

>>> from grimoire.games.wiz_war import RULES
>>> RULES.name, RULES.version, RULES.seats
('wiz-war', '3', (2, 3, 4))
"""

from grimoire.core.rules import Game
from grimoire.games.wiz_war import (
    bots,
    choices,
    evolve,
    notation,
    observe,
    positions,
    render,
    rules,
    svg,
)
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.events import Event
from grimoire.games.wiz_war.reasons import REASONS
from grimoire.games.wiz_war.state import RULES_1, RULES_2, Options, State
from grimoire.games.wiz_war.texts import TEXTS

RULES = Game.assemble(
    name="wiz-war", version="3", seats=(2, 3, 4), default_players=T.SEAT_NAMES[:2],
    title="Wiz-War (Tom Jolly; 2011 edition): White Cantrip and three schools",
    Options=Options, State=State, Event=Event, reasons=REASONS,
    rules=rules, secrets=rules, evolve=evolve.evolve, notation=notation, render=render,
    bots=bots,
    svg=svg,
    choices=choices,
    texts=TEXTS,
    positions=positions, observe=observe,
    older={"1": RULES_1 | RULES_2, "2": RULES_2},
)

__all__ = ["RULES"]
