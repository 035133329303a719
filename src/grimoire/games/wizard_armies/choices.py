"""Wizard Armies chosen step by step (the choice tree, ``docs/choices.md``).

- **The muster**: one step, "Roll for troops".
- **A deployment** (a ``deploy``, or with ``hidden="commit"`` the ``commit`` that seals
  it with ``kit.PUBLIC_NONCE``): one step, how many units ("3 units"); the opening of a
  sealed deployment is one step, "Open".
- **A strike**: the dice one at a time, largest first ("Which die strikes?", then "and a
  2"), each a place of the picture (``light-1``, the first of Light's dice on the field);
  then the target, in the same step as the next die ("Strike what, or add a die?"): an
  enemy die ("enemy 4", ``dark-2``), a raided camp unit ("raided 4", ``dark-raid-1``), or,
  for a lone Wizard, the enemy camp ("enemy camp", ``dark-camp``).

>>> from grimoire.games.wizard_armies import RULES
>>> from grimoire.core.choices import choices
>>> s = State(phase="battle", troops=(5, 5), field=((6, 2), (3,)), turn=0)
>>> tree = choices(RULES, s, 0)
>>> [o.label for o in tree.options], [o.label for o in tree.options[0].then.options]
(['Wizard'], ['enemy 3', 'enemy camp', 'and a 2'])
>>> tree.walk(["light-1", "dark-camp"]).action
CampStrike(player=0)
"""

from __future__ import annotations

import functools

from grimoire.core.choices import Pick, Touch
from grimoire.core.kit import PUBLIC_NONCE
from grimoire.core.rules import PlayerId
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.board import camp_square, die_square, raid_square
from grimoire.games.wizard_armies.events import (
    CampStrike,
    Commit,
    Deploy,
    Event,
    Muster,
    Open,
    Strike,
    commit_choice,
)
from grimoire.games.wizard_armies.rules import legal
from grimoire.games.wizard_armies.state import State

HOW_MANY = "How many units do you send to the field?"
WHICH = "Which die strikes?"
WHAT = "Strike what, or add a die?"


def kind(value: int) -> str:
    """What a die of ``value`` is, by the name the texts use.

    >>> kind(6), kind(3), kind(1)
    ('Wizard', 'Unit', 'Coward')
    """
    if value == T.WIZARD:
        return "Wizard"
    return "Coward" if value == T.COWARD else "Unit"


def die(value: int) -> str:
    """A die in a label: ``Wizard``, or its value.

    >>> die(6), die(4)
    ('Wizard', '4')
    """
    return "Wizard" if value == T.WIZARD else str(value)


def units(n: int) -> str:
    """A deployment's label.

    >>> units(1), units(4)
    ('1 unit', '4 units')
    """
    return f"{n} unit" if n == 1 else f"{n} units"


@functools.cache
def sealed(player: PlayerId) -> dict[str, int]:
    """The units each public seal of ``player`` (``kit.PUBLIC_NONCE``) seals, by digest:
    a commit is chosen as the deployment it seals."""
    return {commit_choice(Deploy(player=player, units=n), PUBLIC_NONCE).digest: n
            for n in range(T.MIN_UNITS, T.MAX_UNITS + 1)}


def strike_steps(view: State, player: PlayerId, dice: tuple[int, ...],
                 target: int | None) -> tuple[Pick, ...]:
    """The picks of a strike by ``dice`` on an enemy die of value ``target`` (``None``:
    the Wizard's camp strike): each die (its place: ``from`` the first, ``path`` the others
    striking with it), then the target (``targets``)."""
    own = view.field[player]
    other = 1 - player
    places: list[str] = []
    picks: list[Pick] = []
    for j, value in enumerate(dice):
        places.append(die_square(player, own.index(value) + dice[:j].count(value)))
        picks.append(_die_pick(value, tuple(places)))
    if target is None:
        square, label, piece = camp_square(other), "enemy camp", ""
    elif view.phase == "raid":
        square = raid_square(other, view.targets.index(target))
        # a raided camp unit that rolled one is no coward, only an easy target
        label, piece = f"raided {die(target)}", "Wizard" if target == T.WIZARD else "Unit"
    else:
        square = die_square(other, view.field[other].index(target))
        label, piece = f"enemy {die(target)}", kind(target)
    picks.append(_target_pick(label, square, piece, tuple(places)))
    return tuple(picks)


@functools.lru_cache(maxsize=4096)
def _die_pick(value: int, places: tuple[str, ...]) -> Pick:
    """The pick of the last of ``places``, a die of ``value`` striking (the first die, or
    one more with those before it); kept: a value of these alone."""
    touch = Touch(from_=places[0], path=places[1:])
    if len(places) == 1:
        return Pick(prompt=WHICH, label=die(value), square=places[0], piece=kind(value),
                    touches=touch)
    return Pick(prompt=WHAT, label=f"and a {die(value)}", square=places[-1],
                piece=kind(value), touches=touch)


@functools.lru_cache(maxsize=4096)
def _target_pick(label: str, square: str, piece: str, places: tuple[str, ...]) -> Pick:
    """The pick of a strike's target on ``square`` by the dice on ``places``."""
    return Pick(prompt=WHAT, label=label, square=square, piece=piece,
                touches=Touch(from_=places[0], path=places[1:], targets=(square,)))


def steps(view: State, player: PlayerId, action: Event) -> tuple[Pick, ...]:
    """The picks ``player`` makes to reach ``action``, told from ``view`` (its view)."""
    if type(action) is Strike:  # the usual action, first
        return strike_steps(view, player, action.dice, action.target)
    if isinstance(action, CampStrike):
        return strike_steps(view, player, (T.WIZARD,), None)
    if isinstance(action, Deploy):
        return (Pick(prompt=HOW_MANY, label=units(action.units)),)
    if isinstance(action, Commit):
        return (Pick(prompt=HOW_MANY, label=units(sealed(player)[action.digest])),)
    if isinstance(action, Open):
        return (Pick(prompt="Open your sealed deployment?", label="Open"),)
    if isinstance(action, Muster):
        return (Pick(prompt="Raise your army?", label="Roll for troops"),)
    raise ValueError(f"{action!r} is no action of a player")


def forced(view: State, player: PlayerId) -> bool:
    """Whether the seat's one legal action may be played for it at once: what a seat may
    do depends only on public facts (its army, the dice on the field, its own seal), so a
    lone action (the muster, a deployment from an army of one, the opening of a public
    seal, a lone strike) tells the other seat nothing.

    >>> forced(State(), 0), forced(State(phase="deploy", troops=(3, 1)), 0)
    (True, False)
    """
    return len(legal(view, player)) == 1


__all__ = ["forced", "steps"]
