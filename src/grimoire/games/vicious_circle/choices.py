"""Wizards of the Vicious Circle chosen step by step (the choice tree, ``docs/choices.md``).

- **The secret setup** (a ``setup``, or with ``hidden="commit"`` the ``commit`` of a setup
  sealed with ``kit.PUBLIC_NONCE``) is chosen creature by creature, in the creatures'
  order (Saint, Spirit, Child, Warrior, Dragon): each goes on a square of the domain still
  free, or is kept in reserve (the place ``dawn-reserve`` beside the map) while fewer than
  two are kept (once three stand on the board, the rest can only be kept). The opening of
  a sealed setup is one step.
- **A turn**: the creature (one on the board, by its square: "Saint b2"; or one from the
  reserve, by its counter there: "Warrior from reserve", ``dawn-reserve-warrior``), then
  where it goes (a square); a pass is one step.

Every option but the opening and the pass is a place of the picture, so a person can
choose by clicking the board alone.

>>> from grimoire.games.vicious_circle import RULES
>>> from grimoire.core.choices import choices
>>> s = RULES.parse("5/5/5/1S3/5 W/- d -,- 0", RULES.Options(), ("Ann", "Ben"))
>>> tree = choices(RULES, s, 0)
>>> [o.label for o in tree.options]
['Saint b2', 'Warrior from reserve']
>>> tree.walk(["b2", "d4"]).action
Move(player=0, from_='b2', to='d4')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from grimoire.core.choices import Pick, Touch
from grimoire.core.rules import PlayerId
from grimoire.games.vicious_circle.board import (
    EMPTY,
    INDEX,
    KINDS,
    PASSABLE,
    PIECE,
    RANGE,
    SQUARES,
    WAYS,
    reserve_square,
)
from grimoire.games.vicious_circle.events import Commit, Deploy, Event, Move, Open, Setup
from grimoire.games.vicious_circle.rules import SETUPS, legal, public_commits
from grimoire.games.vicious_circle.state import State

WHICH = "Which creature?"
WHERE = "Where to?"
ENTER = "Where does it come into play?"
RESERVE = "Keep in reserve"
PASS = "Pass"


def name(kind: str) -> str:
    """A creature's name as the choices and texts show it.

    >>> name("saint")
    'Saint'
    """
    return kind.capitalize()


def placing(kind: str) -> str:
    """The question of one creature's step in the setup.

    >>> placing("dragon")
    'Where does your Dragon start?'
    """
    return f"Where does your {name(kind)} start?"


@functools.cache
def setup_steps(seat: int, placement: tuple[tuple[str, str], ...]) -> tuple[Pick, ...]:
    """The five steps of ``seat``'s setup, one per creature in the creatures' order: its
    square (``touches``: ``to`` it, ``targets`` the squares placed before) or kept in
    reserve (the seat's reserve, ``to`` it).

    >>> [p.label for p in setup_steps(0, (("saint", "c5"), ("child", "d4"), ("dragon", "e4")))]
    ['c5', 'Keep in reserve', 'd4', 'Keep in reserve', 'e4']
    """
    where = dict(placement)
    reserve = reserve_square(seat)
    picks: list[Pick] = []
    placed: tuple[str, ...] = ()
    for kind in KINDS:
        square = where.get(kind, "")
        if square:
            picks.append(Pick(prompt=placing(kind), label=square, square=square,
                              piece=name(kind), touches=Touch(to=square, targets=placed)))
            placed = (*placed, square)
        else:
            picks.append(Pick(prompt=placing(kind), label=RESERVE, square=reserve,
                              piece=name(kind), touches=Touch(to=reserve, targets=placed)))
    return tuple(picks)


@functools.cache
def sealed(seat: int) -> dict[str, tuple[tuple[str, str], ...]]:
    """The placement each public seal of ``seat`` (``kit.PUBLIC_NONCE``) seals, by digest:
    a commit is chosen as the setup it seals."""
    return {c.digest: s.placement
            for c, s in zip(public_commits(seat), SETUPS[seat], strict=True)}


def path(board: Sequence[str], src: int, dst: int, straight: bool) -> tuple[str, ...]:
    """The squares a move from ``src`` to ``dst`` passes over (nearest first): the
    shortest clear way within the creature's range (the first in ``board.WAYS``'s order).

    >>> path("....." * 4 + "S....", 20, 11, False)
    ('a2',)
    """
    kind = PIECE[board[src]][1]
    most, passable = RANGE[kind], PASSABLE[kind]
    for way in WAYS[straight][src].get(dst, ()):
        if len(way) >= most:
            break
        for sq in way:
            if board[sq] != EMPTY or not passable[sq]:
                break
        else:
            return _NAMES[way] if way else ()
    return ()


_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {
    way: tuple(SQUARES[sq] for sq in way)
    for table in WAYS for ways in table for options in ways.values() for way in options}
"""Each way of ``board.WAYS`` by its squares' names (looked up, not built, per move)."""


@functools.cache
def _which(letter: str, square: str) -> Pick:
    """The first pick of a move of the creature lettered ``letter`` from ``square``."""
    kind = name(KINDS[PIECE[letter][1]])
    return Pick(prompt=WHICH, label=f"{kind} {square}", square=square, piece=kind,
                touches=Touch(from_=square))


@functools.lru_cache(maxsize=8192)
def _where(src: str, dst: str, way: tuple[str, ...]) -> Pick:
    """The second pick of a move from ``src`` to ``dst`` over ``way``."""
    return Pick(prompt=WHERE, label=dst, square=dst,
                touches=Touch(from_=src, to=dst, path=way))


def steps(view: State, player: PlayerId, action: Event) -> tuple[Pick, ...]:
    """The picks ``player`` makes to reach ``action``, told from ``view`` (its view)."""
    if type(action) is Move:  # the usual action (picks kept: they are the same values)
        board = view.board
        src = INDEX[action.from_]
        way = path(board, src, INDEX[action.to], view.paths == "straight")
        return (_which(board[src], action.from_), _where(action.from_, action.to, way))
    if isinstance(action, Deploy):
        kind = name(action.creature)
        counter = reserve_square(player, action.creature)
        return (Pick(prompt=WHICH, label=f"{kind} from reserve", square=counter, piece=kind,
                     touches=Touch(from_=counter)),
                Pick(prompt=ENTER, label=action.to, square=action.to,
                     touches=Touch(from_=counter, to=action.to)))
    if isinstance(action, Setup):
        return setup_steps(player, action.placement)
    if isinstance(action, Commit):
        return setup_steps(player, sealed(player)[action.digest])
    if isinstance(action, Open):
        return (Pick(prompt="Open your sealed setup?", label="Open",
                     touches=Touch(targets=tuple(sq for _, sq in action.placement))),)
    return (Pick(prompt="Nothing else is possible: pass?", label=PASS),)


def forced(view: State, player: PlayerId) -> bool:
    """Whether the seat's one legal action may be played for it at once: once the
    screen is down everything is public (so a lone pass or a lone move tells nothing), and
    opening a seal made with the public nonce is the only thing the seat can do, as anyone
    can tell; a setup always has many options.

    >>> from grimoire.games.vicious_circle import RULES
    >>> forced(RULES.parse("5/5/5/5/s4 -/- d -,- 0", RULES.Options(), ()), 0)
    True
    """
    if view.turn < 0 and view.hidden != "commit":
        return False
    return len(legal(view, player)) == 1


__all__ = ["forced", "steps"]
