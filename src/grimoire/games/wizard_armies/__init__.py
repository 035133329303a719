"""Wizard Armies, registered as ``wizard-armies``: the dice battle game.

The game is assembled here from its parts: ``tables`` (the dice and the limits as data),
``board`` (the strike arithmetic over the field of dice), ``events``, ``state``, ``rules``
(setup, to_act, legal, decide and the views), ``evolve``, ``notation``, ``render``, ``svg``,
``choices`` (how a player chooses each action, step by step), ``texts`` (what each unit
and term is) and ``reasons``; the ``odds`` subpackage prices the battle under way, a
capability the rules object offers (``RULES.odds``).

Ruleset ``"2"`` lets the battle go on while either side has a strike (a lone Wizard facing
an empty field still gets its camp kill); logs of ruleset ``"1"`` replay with option
``battle_end="empty-field"``, the rule they were played under.

>>> from grimoire.core.rules import SupportsOdds
>>> RULES.name, RULES.version, isinstance(RULES, SupportsOdds)
('wizard-armies', '2', True)
>>> dict(RULES.older["1"])
{'battle_end': 'empty-field'}
"""

from grimoire.core.rules import Game, Odds
from grimoire.games.wizard_armies import (
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
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.events import Event
from grimoire.games.wizard_armies.odds import battle_odds
from grimoire.games.wizard_armies.reasons import REASONS
from grimoire.games.wizard_armies.state import Options, State
from grimoire.games.wizard_armies.texts import TEXTS


class WizardArmies(Game[State, Event, Options]):
    """The game with its odds model (:class:`~grimoire.core.rules.SupportsOdds`)."""

    def odds(self, state: State, *, samples: int, seed: bytes) -> Odds:
        """The chances of each seat winning the battle under way (or coming) in ``state``,
        as a spectator sees it (see :mod:`grimoire.games.wizard_armies.odds`)."""
        return battle_odds(state, samples=samples, seed=seed)


RULES = WizardArmies.assemble(
    name="wizard-armies", version="2", seats=(2,), default_players=T.SEAT_NAMES,
    title="Wizard Armies: two dice armies fight rounds of attrition until one is gone.",
    Options=Options, State=State, Event=Event, reasons=REASONS,
    rules=rules, secrets=rules, evolve=evolve.evolve, notation=notation, render=render,
    bots=bots,
    svg=svg,
    choices=choices, texts=TEXTS, positions=positions, observe=observe,
    older={"1": {"battle_end": "empty-field"}},
)

__all__ = ["RULES", "WizardArmies"]
