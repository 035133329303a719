"""Wiz-War, registered as ``wiz-war``.

>>> from grimoire.games.wiz_war import RULES
>>> RULES.name, RULES.seats
('wiz-war', (2, 3, 4))
"""

from grimoire.games.wiz_war.rules import RULES

__all__ = ["RULES"]
