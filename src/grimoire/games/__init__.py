"""The built-in games. Each sub-package exports ``RULES`` and is registered through the
``grimoire.games`` entry-point group; no game imports another.

The registry's functions are here too, so ``grimoire.games.get(name)`` works whether or not
a game package has been imported (:mod:`grimoire.registry` is the canonical name).

>>> import grimoire.games.magery
>>> import grimoire
>>> grimoire.games.get("magery").name
'magery'
"""

from grimoire.core.registry import GROUP, all_rules, broken, get, names, register, unregister

__all__ = ["GROUP", "all_rules", "broken", "get", "names", "register", "unregister"]
