"""Swords & Wizardry, registered as ``swords-wizardry``.

The game is assembled here from its parts: ``tables`` (the map, the pieces and the attack
table as data), ``board`` (what derives from them), ``events``, ``state``, ``rules``
(setup, to_act, legal, decide and the views), ``evolve``, ``notation``, ``render`` and
``reasons``.

>>> from grimoire.games.swords_wizardry import RULES
>>> RULES.name, RULES.version
('swords-wizardry', '1')
"""

from grimoire.core.rules import Game
from grimoire.games.swords_wizardry import notation, render, rules
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.events import Event
from grimoire.games.swords_wizardry.evolve import evolve
from grimoire.games.swords_wizardry.reasons import REASONS
from grimoire.games.swords_wizardry.state import Options, State

RULES = Game(
    title="Swords & Wizardry: hidden identities, the attack table and the Wizard's die.",
    name="swords-wizardry",
    version="1",
    seats=(2,),
    default_players=T.SEAT_NAMES,
    Options=Options,
    State=State,
    Event=Event,
    reasons=REASONS,
    setup=rules.setup,
    to_act=rules.to_act,
    legal=rules.legal,
    decide=rules.decide,
    evolve=evolve,
    view=rules.view,
    redact=rules.redact,
    disguise=rules.disguise,
    render=render.board,
    describe=render.describe,
    notation=notation.notation,
    parse=notation.parse,
)

__all__ = ["RULES"]
