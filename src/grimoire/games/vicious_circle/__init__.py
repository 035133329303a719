"""Wizards of the Vicious Circle, registered as ``vicious-circle``.

The game is assembled here from its parts: ``tables`` (the map and the creatures as data),
``board`` (what derives from them), ``events``, ``state``, ``rules`` (setup, to_act,
legal, decide and the views), ``evolve``, ``notation``, ``render`` and ``reasons``.

>>> from grimoire.games.vicious_circle import RULES
>>> RULES.name, RULES.version
('vicious-circle', '1')
"""

from grimoire.core.rules import Game
from grimoire.games.vicious_circle import evolve, notation, render, rules
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.events import Event
from grimoire.games.vicious_circle.reasons import REASONS
from grimoire.games.vicious_circle.state import Options, State

RULES = Game.assemble(
    name="vicious-circle", version="1", seats=(2,), default_players=T.SEAT_NAMES,
    title="Wizards of the Vicious Circle (David Van Slyke; illustrated edition P.D. Magnus)",
    Options=Options, State=State, Event=Event, reasons=REASONS,
    rules=rules, secrets=rules, evolve=evolve.evolve, notation=notation, render=render,
)

__all__ = ["RULES"]
