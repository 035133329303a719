"""The games the tests run over, from the registry: never a list written out by hand.

``GAMES``
    Every registered game (``grimoire.core.registry``: the ``grimoire.games`` entry points
    of every installed package, and games registered in code), sorted, except the
    test-only dice race ``tally`` that ``tests/conftest.py`` registers. Use it for
    *behavioural* contracts, what any game must do whoever wrote it: seeded playouts
    audit, views leak nothing, disguise is blind, notation round-trips, a crash loses at
    most one decision, the server and the store hold any game. A third-party game
    registered from elsewhere is held to these too.

``SHIPPED``
    The games this distribution (``grimoire-games``) ships: its own ``grimoire.games``
    entry points, sorted. Use it for the *repository's duties*, what a game of this
    repository must come with: its docs page ``docs/games/<game>.md``, recorded fixtures
    under ``fixtures/<game>/``, a playthrough golden, the folder shape under
    ``src/grimoire/games/``, its JSON schema under ``schemas/``. A game registered by
    another package is in ``GAMES`` but not in ``SHIPPED``: it keeps its docs and fixtures
    in its own repository.

Both are restricted by the environment variable ``GRIMOIRE_TEST_GAMES`` when it is set
(comma-separated names): ``GRIMOIRE_TEST_GAMES=wizard-duel pytest tests/contract`` runs
the contracts over that game alone (``SHIPPED`` is then empty unless a shipped game is
named). A name there that is not registered stops the collection with the registry's own
explanation (``game/unknown``: install the package again; ``game/broken``: its error).

``IN_TESTS``
    Games built in the tests and never registered (``open_race``: a game assembled without
    ``secrets``), by name. The view and disguise contracts run over them beside ``GAMES``
    (:func:`rules_of` finds either), to show that a game without hidden information passes
    them. Empty when ``GRIMOIRE_TEST_GAMES`` chooses the games.

A test that is genuinely about particular games (its assertions name their rules, a small
pair chosen for speed, expected figures per game) keeps its own names, says why in a
comment and, where it holds something per game, holds a dict keyed by game checked against
these lists with :func:`missing`, so a new game fails there saying what to add.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Collection, Iterable
from importlib.metadata import distribution

from grimoire.core import registry
from grimoire.core.rules import AnyRules, BaseRules, Game

DISTRIBUTION = "grimoire-games"
TEST_ONLY = frozenset({"tally"})
"""Registered by ``tests/conftest.py`` for the core's own tests; never in ``GAMES``."""
VARIABLE = "GRIMOIRE_TEST_GAMES"


def chosen() -> frozenset[str] | None:
    """The names ``GRIMOIRE_TEST_GAMES`` lists (``None``: the variable is not set)."""
    value = os.environ.get(VARIABLE, "").strip()
    if not value:
        return None
    return frozenset(n.strip() for n in value.split(",") if n.strip())


def _registered() -> list[str]:
    names = [n for n in registry.names() if n not in TEST_ONLY]
    wanted = chosen()
    if wanted is None:
        return names
    for name in sorted(wanted - set(names)):
        registry.get(name)  # raises game/unknown or game/broken, with the fix
    return [n for n in names if n in wanted]


def _shipped_all() -> list[str]:
    eps = distribution(DISTRIBUTION).entry_points.select(group=registry.GROUP)
    return sorted({ep.name for ep in eps})


def _shipped() -> list[str]:
    names = _shipped_all()
    wanted = chosen()
    return names if wanted is None else [n for n in names if n in wanted]


GAMES: list[str] = _registered()
SHIPPED: list[str] = _shipped()


def _in_tests() -> dict[str, AnyRules]:
    if chosen() is not None:
        return {}
    from open_race import RULES

    return {RULES.name: RULES}


IN_TESTS: dict[str, AnyRules] = _in_tests()


def rules_of(name: str) -> AnyRules:
    """The rules of a game of ``GAMES`` or of ``IN_TESTS``."""
    return IN_TESTS[name] if name in IN_TESTS else registry.get(name)


def made_without_secrets(rules: AnyRules) -> bool:
    """Whether a game hides nothing by construction: assembled without ``secrets`` (its
    ``view`` is the one :class:`Game` has when given none), or a :class:`BaseRules` that
    keeps the base class's ``view``. Tests of hidden information skip such a game; the
    disguise contract checks that its view and disguise are the identity."""
    if isinstance(rules, Game):
        return rules.view is inspect.signature(Game).parameters["view"].default
    return getattr(type(rules), "view", None) is BaseRules.view


def sample(picked: Iterable[str]) -> list[str]:
    """The games for a test that runs over a few shipped games picked for speed (a
    browser's screenshots, say): those of ``picked`` that ``GAMES`` holds, then every game
    of ``GAMES`` this distribution does not ship (a game from elsewhere: no pick can name
    it, and it is the one a ``GRIMOIRE_TEST_GAMES`` run is about)."""
    shipped = set(_shipped_all())
    return [*(g for g in picked if g in GAMES), *(g for g in GAMES if g not in shipped)]


def missing(table: Collection[str], games: Iterable[str], what: str) -> str:
    """A failure message for a per-game ``table`` that lacks some of ``games`` (empty if
    none is missing): ``assert not (m := missing(FEW, SHIPPED, "FEW in ...")), m``."""
    lacking = sorted(set(games) - set(table))
    if not lacking:
        return ""
    return f"{', '.join(lacking)}: no entry in {what}: add one for each"
