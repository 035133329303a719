"""The game registry: games are found through the ``grimoire.games`` entry-point group.

A third-party package registers a game in its own ``pyproject.toml``::

    [project.entry-points."grimoire.games"]
    my-game = "my_package.my_game:RULES"

Code (tests, notebooks) may also call :func:`register` directly. The registry is public as
:mod:`grimoire.registry` (and its functions also as ``grimoire.games.get`` and so on).

>>> "vicious-circle" in names()
True
"""

from __future__ import annotations

from importlib.metadata import entry_points

from grimoire.core.errors import UsageError
from grimoire.core.rules import AnyRules

GROUP = "grimoire.games"
_registered: dict[str, AnyRules] = {}
_broken: dict[str, str] = {}
_loaded = False


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in entry_points(group=GROUP):
        if ep.name in _registered:
            continue
        try:
            _registered[ep.name] = ep.load()
        except Exception as exc:  # a broken plug-in must not take the others down
            _broken[ep.name] = f"{type(exc).__name__}: {exc}"


def broken() -> dict[str, str]:
    """Entry points that failed to load, with the error (``grimoire games`` lists them)."""
    _load_entry_points()
    return dict(_broken)


def register(rules: AnyRules, *, replace: bool = False) -> AnyRules:
    """Register a game under ``rules.name`` (refuses a clash unless ``replace``)."""
    _load_entry_points()
    if rules.name in _registered and not replace and _registered[rules.name] is not rules:
        raise UsageError("registry/duplicate", f"a game named {rules.name!r} is registered")
    _registered[rules.name] = rules
    return rules


def unregister(name: str) -> None:
    """Remove a game registered with :func:`register` (tests use this to clean up)."""
    _registered.pop(name, None)


def get(name: str) -> AnyRules:
    """The rules of a registered game: ``game/unknown`` for a name no package registers,
    ``game/broken`` (with its error) for one whose entry point failed to load.

    >>> get("vicious-circle").name
    'vicious-circle'
    """
    _load_entry_points()
    try:
        return _registered[name]
    except KeyError:
        pass
    if name in _broken:
        raise UsageError("game/broken", f"the game {name!r} is installed but failed to load "
                         f"({_broken[name]}); fix that error in its package (grimoire games "
                         "lists every game that failed)") from None
    known = ", ".join(sorted(_registered)) or "none"
    raise UsageError("game/unknown", f"no game named {name!r} (known: {known}); a game "
                     "added to a package's entry points is found once the package is "
                     "installed again (pip install -e .)") from None


def names() -> list[str]:
    """Registered game names, sorted."""
    _load_entry_points()
    return sorted(_registered)


def all_rules() -> list[AnyRules]:
    """Every registered game's rules, sorted by name."""
    return [get(n) for n in names()]
