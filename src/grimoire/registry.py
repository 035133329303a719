"""The game registry, by its public name: ``grimoire.registry.get("magery")``.

Games are found through the ``grimoire.games`` entry-point group (see
:mod:`grimoire.core.registry`); code may also :func:`register` a game directly.

>>> from grimoire import registry
>>> registry.get("vicious-circle").name
'vicious-circle'
"""

from grimoire.core.registry import GROUP, all_rules, broken, get, names, register, unregister

__all__ = ["GROUP", "all_rules", "broken", "get", "names", "register", "unregister"]
