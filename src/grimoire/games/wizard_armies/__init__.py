"""Wizard Armies, registered as ``wizard-armies``: the dice battle game.

>>> from grimoire.games.wizard_armies import RULES
>>> RULES.name, RULES.version
('wizard-armies', '1')
"""

from grimoire.games.wizard_armies.rules import RULES

__all__ = ["RULES"]
