"""Magery, registered as ``magery``: ``RULES`` is put together here and nowhere else.

Where to look: the minions, the Mage Tower and the Chaos deck are data in ``tables``;
squares, chambers and movement are derived in ``board``; ``rules`` decides (and says what
each seat may see), ``evolve`` folds, ``notation`` writes and reads positions, ``render``
draws them (``svg`` as a picture) and ``reasons`` lists every refusal; ``choices`` splits
each legal action into the steps a player takes, and ``texts`` tells every card, mage,
minion and named object in a sentence or two.

Ruleset ``"2"`` follows the text where ``"1"`` did not: no round limit by default, a
player who could place may not pass to leave a round empty (``stalemate``), and the Magus
may use any empty chamber (``magus``). A log of ruleset ``"1"`` is read with the options
that reproduce it (``older``), so it replays and audits as it was played.

>>> from grimoire.games.magery import RULES
>>> RULES.name, RULES.version
('magery', '2')
>>> dict(RULES.older["1"])
{'round_limit': 50, 'stalemate': 'empty-round', 'magus': 'no-magus'}
"""

from grimoire.core.rules import Game
from grimoire.games.magery import (
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
from grimoire.games.magery import tables as T
from grimoire.games.magery.events import Event
from grimoire.games.magery.reasons import REASONS
from grimoire.games.magery.state import Options, State
from grimoire.games.magery.texts import TEXTS

RULES = Game.assemble(
    name="magery", version="2", seats=(2,), default_players=T.SEAT_NAMES,
    title="Magery (Warpspawn): chess with minions that double as workers in a Mage Tower.",
    Options=Options, State=State, Event=Event, reasons=REASONS,
    rules=rules, secrets=rules, evolve=evolve.evolve, notation=notation, render=render,
    bots=bots, choices=choices, texts=TEXTS, positions=positions, observe=observe,
    svg=svg,
    older={"1": {"round_limit": 50, "stalemate": "empty-round", "magus": "no-magus"}},
)

__all__ = ["RULES"]
