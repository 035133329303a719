"""Wizards of the Vicious Circle, registered as ``vicious-circle``.

>>> from grimoire.games.vicious_circle import RULES
>>> RULES.name, RULES.version
('vicious-circle', '1')
"""

from grimoire.games.vicious_circle.rules import RULES

__all__ = ["RULES"]
