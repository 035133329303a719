"""Swords & Wizardry, registered as ``swords-wizardry``.

The game is assembled here from its parts: ``tables`` (the map, the pieces and the attack
table as data), ``board`` (what derives from them), ``events``, ``state``, ``rules``
(setup, to_act, legal, decide and the views), ``evolve``, ``notation``, ``render``,
``svg``, ``reasons``, ``choices`` (how a player chooses an action step by step) and
``texts`` (a short text for every piece and kind of ground).

>>> from grimoire.games.swords_wizardry import RULES
>>> RULES.name, RULES.version
('swords-wizardry', '2')
"""

from grimoire.core.rules import Game
from grimoire.games.swords_wizardry import (
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
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.events import Event
from grimoire.games.swords_wizardry.reasons import REASONS
from grimoire.games.swords_wizardry.state import Options, State
from grimoire.games.swords_wizardry.texts import TEXTS

RULES = Game.assemble(
    name="swords-wizardry", version="2", seats=(2,), default_players=T.SEAT_NAMES,
    title="Swords & Wizardry: hidden identities, the attack table and the Wizard's die.",
    Options=Options, State=State, Event=Event, reasons=REASONS,
    rules=rules, secrets=rules, evolve=evolve.evolve, notation=notation, render=render,
    bots=bots,
    svg=svg,
    choices=choices,
    texts=TEXTS, positions=positions, observe=observe,
    # Rules 2: no bombard across Lake Limpid, only a pinned Princess is challenged in a
    # castle, storming a surrounded castle is a choice, the Wizard bounces back one square.
    # Each change is an option; a rules 1 log is read with the old values.
    older={"1": {"bombard_over_lake": True, "castle_challenge": "shown", "storm": "must",
                 "wizard_bounce": "start"}},
)

__all__ = ["RULES"]
