"""Magery, registered as ``magery``.

>>> from grimoire.games.magery import RULES
>>> RULES.name, RULES.version
('magery', '1')
"""

from grimoire.games.magery.rules import RULES

__all__ = ["RULES"]
