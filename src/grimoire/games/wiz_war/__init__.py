"""Wiz-War, registered as ``wiz-war``.

The game is assembled here from its parts: ``tables`` (sectors, layouts and one record per
card), ``board`` (the labyrinth and the numbered deck), ``events``, ``state`` (and the
questions the rules ask of it), ``rules``, ``evolve``, ``notation``, ``render``,
``reasons``, and ``cards`` (each card's effect and targets).

>>> from grimoire.games.wiz_war import RULES
>>> RULES.name, RULES.seats
('wiz-war', (2, 3, 4))
"""

from grimoire.core.rules import Game
from grimoire.games.wiz_war import notation, render, rules
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.events import Event
from grimoire.games.wiz_war.evolve import evolve
from grimoire.games.wiz_war.reasons import REASONS
from grimoire.games.wiz_war.state import Options, State

RULES = Game(
    title="Wiz-War (Tom Jolly; 2011 edition): the first-game schools",
    name="wiz-war",
    version="1",
    seats=(2, 3, 4),
    default_players=T.SEAT_NAMES[:2],
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
