"""Swords & Wizardry, registered as ``swords-wizardry``.

>>> from grimoire.games.swords_wizardry import RULES
>>> RULES.name, RULES.version
('swords-wizardry', '1')
"""

from grimoire.games.swords_wizardry.rules import RULES

__all__ = ["RULES"]
