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

from typing import TYPE_CHECKING

from grimoire.core.errors import UsageError
from grimoire.core.rules import AnyRules

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "grimoire.games"
_registered: dict[str, AnyRules] = {}
_broken: dict[str, str] = {}
_loaded = False
_found: list[EntryPoint] | None = None  # the group's entry points, as last found
_tried: set[str] = set()  # names loaded one by one (by ``get``) since the last full load


def _load(eps: list[EntryPoint], name: str | None = None) -> None:
    """Load the entry points of ``eps`` (only those named ``name`` if given) whose game is
    not registered yet, each at most once."""
    for ep in eps:
        if (name is not None and ep.name != name) or ep.name in _registered:
            continue
        if name is None and ep.name in _tried:  # get() loaded it: failed, or unregistered
            continue
        try:
            _registered[ep.name] = ep.load()
        except Exception as exc:  # a broken plug-in must not take the others down
            _broken[ep.name] = f"{type(exc).__name__}: {exc}"


def _entry_points() -> list[EntryPoint]:
    """The group's entry points, found now (importlib.metadata is imported here: a tenth
    of ``import grimoire``, for code that never looks a game up)."""
    from importlib.metadata import entry_points

    return list(entry_points(group=GROUP))


def _load_entry_points() -> None:
    global _loaded, _found
    if _loaded:
        return
    _loaded = True
    _found = _entry_points()
    _load(_found)
    _tried.clear()


def _load_one(name: str) -> None:
    """The entry points named ``name`` alone (a command on one game imports no other)."""
    global _found
    if _found is None:
        _found = _entry_points()
    if name in _tried or all(ep.name != name for ep in _found):
        return
    _tried.add(name)
    _load(_found, name)


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
    if name not in _registered and not _loaded:
        _load_one(name)
    if name not in _registered:
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
