"""Positions from a few facts, and the rules applied to them: what a rule designer's
edge-case tests are made of.

Every built-in game has a builder (its ``positions`` module, reached through the
registry), so a test says only what matters to the rule it checks: the pieces on the
squares that matter, the cards in a hand, the seat to move. The builders of the games
with a notation read their facts through it, so a position no game could reach is
refused (``position/invalid``) as a hand-written position would be. A match and a
readable transcript start from one with ``scenario(game, notation(state))``.

>>> from grimoire.games.vicious_circle.events import Move
>>> s = position("vicious-circle", {"c3": "D", "c1": "s"})  # Dawn's dragon, to move
>>> print(registry.get("vicious-circle").notation(s))
5/5/2D2/5/2s2 -/- d -,- 0
>>> events, after = act("vicious-circle", s, Move(player=0, from_="c3", to="c1"))
>>> kinds(events), registry.get("vicious-circle").notation(after)
(['move', 'capture'], '5/5/5/5/2D2 -/- t c3c1,- 0')
>>> refusal("vicious-circle", s, Move(player=0, from_="c3", to="e3"))  # a Village
'move/restricted-terrain'

Each game documents its facts (:func:`facts` names the builder):

- ``vicious-circle``: ``pieces`` by square (``{"c5": "S", "b2": "p"}``: Dawn's in
  capitals), ``reserves``, ``to_move``, ``last``, ``passes``;
- ``swords-wizardry``: ``pieces`` by square (``"K*"``: shown), ``to_move``, ``pinned``,
  ``storm``, ``quiet``;
- ``magery``: ``pieces`` by square, ``tower`` by chamber, and any other field of the
  notation (``phase="action"``, ``dead="-/ccc"``);
- ``wizard-armies``: the state's fields its notation writes (``phase="battle"``,
  ``troops=(8, 6)``, ``field=((6, 6, 2), (6, 5, 4))``, ``turn=1``…);
- ``wiz-war``: ``hands`` and ``carried`` (cards by name), ``at`` (squares by name),
  ``players``, and any other state field.

Every builder takes ``options`` (a mapping or the game's options; one the game does not
have is ``options/invalid``) and ``players`` (the seats' names, or Wiz-War's number of
seats). A fact that names nothing (a square off the board, a card not in the deck, a
seat that is not playing, a field the state lacks) is refused with ``position/invalid``
and a detail that echoes it, as is a position no game could reach (read through the
notation); Wiz-War's builds what it is told, for cases no log reaches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from grimoire.core import registry
from grimoire.core.dice import RecordedDice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Event
from grimoire.core.rules import AnyRules

__all__ = ["act", "facts", "kinds", "position", "refusal"]


def _rules(game: str | AnyRules) -> AnyRules:
    return registry.get(game) if isinstance(game, str) else game


def facts(game: str | AnyRules) -> Callable[..., Any]:
    """``game``'s position builder (``Game.position``: its ``positions.position``), whose
    docstring lists the facts it takes; a game without one is a :class:`UsageError`
    (``testing/no-positions``).

    >>> facts("wiz-war").__module__
    'grimoire.games.wiz_war.positions'
    """
    rules = _rules(game)
    build: Callable[..., Any] | None = getattr(rules, "position", None)
    if build is None:
        raise UsageError("testing/no-positions", f"{rules.name} has no position builder: "
                         "start from its notation instead (scenario(game, 'TEXT'))")
    return build


def position(game: str | AnyRules, /, *args: Any, **facts_: Any) -> Any:
    """A position of ``game`` (its state) from a few facts: the game's builder called
    with them (see the table above, and :func:`facts`).

    >>> s = position("wiz-war", hands={0: ["Fireball"]}, at={1: "h3"})
    >>> s.phase, s.active, len(s.hands[0])
    ('move', 0, 1)
    """
    return facts(game)(*args, **facts_)


def act(game: str | AnyRules, state: Any, action: Event, dice: Iterable[int] = ()
        ) -> tuple[tuple[Event, ...], Any]:
    """The events ``action`` causes in ``state`` (decided by the rules, with ``dice`` as
    the values rolled) and the state after them: the rules alone, no match nor log. Every
    die given must be used (a test that names rolls means them all).

    >>> from grimoire.games.wizard_armies.events import Muster
    >>> s = position("wizard-armies")  # a new war: both seats to roll for troops
    >>> events, after = act("wizard-armies", s, Muster(player=0), [3, 4])
    >>> kinds(events), after.troops
    (['muster', 'roll'], (7, 0))
    """
    rules = _rules(game)
    given = list(dice)
    rolled = RecordedDice(given)
    events = tuple(rules.decide(state, action, rolled))
    for event in events:
        state = rules.evolve(state, event)
    if rolled.remaining:
        raise AssertionError(f"{rolled.remaining} of the dice {given} were not used")
    return events, state


def refusal(game: str | AnyRules, state: Any, action: Event, dice: Iterable[int] = ()
            ) -> str:
    """The reason code the rules refuse ``action`` with in ``state``; fails the test
    when they accept it.

    >>> from grimoire.games.vicious_circle.events import Move
    >>> s = position("vicious-circle", {"c3": "D", "c1": "s"})
    >>> refusal("vicious-circle", s, Move(player=1, from_="c1", to="c2"))  # Dawn's turn
    'turn/not-to-act'
    """
    try:
        act(game, state, action, dice)
    except IllegalAction as exc:
        return exc.reason
    raise AssertionError(f"{action!r} was accepted")


def kinds(events: Sequence[Event]) -> list[str]:
    """The events' type tags, in order (``["move", "capture"]``).

    >>> from grimoire.core.events import Roll
    >>> kinds([Roll(player=0, sides=6, values=(3,), draws=1)])
    ['roll']
    """
    out = []
    for event in events:
        tag = getattr(getattr(event, "__struct_config__", None), "tag", None)
        out.append(tag if isinstance(tag, str) else type(event).__name__)
    return out
