"""Wizards of the Vicious Circle, registered as ``vicious-circle``.

The game is assembled here from its parts: ``tables`` (the map and the creatures as data),
``board`` (what derives from them), ``events``, ``state``, ``rules`` (setup, to_act,
legal, decide and the views), ``evolve``, ``notation``, ``render`` (the text board and
event sentences), ``svg`` (the picture), ``choices`` (how a player chooses each action,
step by step), ``texts`` (what each creature and place is) and ``reasons``. Logs
of ruleset ``"1"`` replay with ``throne_defence="captures"`` and
``position_check="lenient"`` (see the docs page's Rulings).

>>> from grimoire.games.vicious_circle import RULES
>>> RULES.name, RULES.version
('vicious-circle', '2')
"""

from grimoire.core.rules import Game
from grimoire.games.vicious_circle import (
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
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.events import Event
from grimoire.games.vicious_circle.reasons import REASONS
from grimoire.games.vicious_circle.state import Options, State
from grimoire.games.vicious_circle.texts import TEXTS

RULES = Game.assemble(
    name="vicious-circle", version="2", seats=(2,), default_players=T.SEAT_NAMES,
    title="Wizards of the Vicious Circle (David Van Slyke; illustrated edition P.D. Magnus)",
    Options=Options, State=State, Event=Event, reasons=REASONS,
    rules=rules, secrets=rules, evolve=evolve.evolve, notation=notation, render=render,
    bots=bots,
    svg=svg,
    choices=choices, texts=TEXTS, positions=positions, observe=observe,
    # rules "1": an attack on a throne whose occupant beats the attacker was legal (the
    # attacker captured) in both editions, and a starting position was only read for its
    # syntax; "2" follows the illustrated text there and refuses impossible positions.
    older={"1": {"throne_defence": "captures", "position_check": "lenient"}},
)

__all__ = ["RULES"]
