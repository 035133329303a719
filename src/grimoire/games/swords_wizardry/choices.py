"""How a Swords & Wizardry player chooses an action, step by step (the choice tree of
``grimoire.core.choices``), told from the seat's view only.

- **Deployment** (one ``place``, or sealed ``commit``, a piece, in the fixed order of
  Ruling 2): ``What stands on a10?``, the kinds the seat may still place there, each
  labelled with how many of it are left (``Ogre (2 left)``). On the fourth row, where the
  next piece may go on one of several squares, ``Where does the next piece go?`` (those
  squares) comes first.
- **A move**: ``Which piece?`` (each of the seat's pieces that can act, on its square:
  ``Dragon a8``), then ``Where to?`` (the squares it may move to or challenge). A Siege
  Catapult that can bombard is asked ``Where to, or what to bombard?``, its targets
  labelled ``Bombard c5``: a catapult steps one square and bombards two, so no square is
  both. Only a sealed piece whose kind its seat's view does not hold (``hidden="commit"``,
  sealed with a nonce of its own) may reach one square both ways (a Dragon's leap, a
  catapult's boulder): such a piece is asked ``Move or bombard?`` first.
- **A surrounded castle**: ``Storm the castle on b1 with which piece?``, the pieces of the
  ring, or ``Leave it alone``.
- **An opening** (``hidden="commit"``): ``Which piece do you open?``, the pieces the
  rules wait for.

>>> from grimoire.games.swords_wizardry import RULES
>>> from grimoire.core.choices import choices
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> step = choices(RULES, s, 0)
>>> step.prompt, step.options[4].label, step.options[4].piece
('What stands on a10?', 'Dragon (1 left)', 'Dragon')
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from grimoire.core.choices import Pick, Touch
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    CATAPULT,
    EMPTY,
    INDEX,
    KIND_INDEX,
    KINDS,
    PIECE,
    SQUARES,
    UNKNOWN,
    ZONE,
    next_squares,
    owner,
    placed_counts,
)
from grimoire.games.swords_wizardry.events import (
    Bombard,
    Commit,
    Decline,
    Event,
    Move,
    Open,
    Place,
    Storm,
)
from grimoire.games.swords_wizardry.rules import legal, own_known, public_kind
from grimoire.games.swords_wizardry.state import State

PIECE_PROMPT = "Which piece?"
MOVE_PROMPT = "Where to?"
SHOOT_PROMPT = "What to bombard?"
EITHER_PROMPT = "Where to, or what to bombard?"
SPLIT_PROMPT = "Move or bombard?"
SQUARE_PROMPT = "Where does the next piece go?"
OPEN_PROMPT = "Which piece do you open?"
LEAVE = "Leave it alone"
SEALED = "Sealed piece"
"""A seat's own piece whose kind its view does not hold (sealed with a nonce of its own)."""


class _Seen(NamedTuple):
    """What one seat's steps read of its view, worked out once per view."""

    board: tuple[str, ...]
    """The view's board with the seat's own pieces as far as it knows them."""
    left: tuple[int, ...] | None
    """Pieces of each kind the seat has still to place (``None``: not known)."""
    next: tuple[str, ...]
    """The squares the next piece may be deployed on."""
    moves: dict[str, frozenset[str]]
    """From each square: where its piece may move or challenge."""
    shots: dict[str, frozenset[str]]
    """From each square: what its piece may bombard."""


_LAST: list[tuple[State, int, _Seen] | None] = [None]
"""The last view asked about (kept alive, so ``is`` finds it) and what was read of it:
``choices`` asks the steps of every legal action of one view in a row."""


def _seen(view: State, seat: int) -> _Seen:
    last = _LAST[0]
    if last is not None and last[0] is view and last[1] == seat:
        return last[2]
    known = own_known(view, seat)
    board = known.board
    left: tuple[int, ...] | None = None
    nxt: tuple[str, ...] = ()
    moves: dict[str, set[str]] = {}
    shots: dict[str, set[str]] = {}
    if view.turn < 0:
        if all(board[i] != UNKNOWN[seat] for i in ZONE[seat]):
            done = placed_counts(board, seat)
            left = tuple(c - d for c, d in zip(view.counts, done, strict=True))
        nxt = tuple(SQUARES[i] for i in next_squares(board, seat, view.counts))
    else:
        for action in legal(view, seat):
            if isinstance(action, Move):
                moves.setdefault(action.from_, set()).add(action.to)
            elif isinstance(action, Bombard):
                shots.setdefault(action.from_, set()).add(action.to)
    seen = _Seen(board, left, nxt, {k: frozenset(v) for k, v in moves.items()},
                 {k: frozenset(v) for k, v in shots.items()})
    _LAST[0] = (view, seat, seen)
    return seen


def _name(board: tuple[str, ...], square: str) -> str:
    """The piece on ``square`` as the board given names it (``""``: not identified)."""
    ch = board[INDEX[square]]
    return "" if ch == EMPTY or ch in UNKNOWN else T.TITLES[KINDS[PIECE[ch][1]]]


def _between(src: str, dst: str) -> tuple[str, ...]:
    """The squares strictly between two squares of one rank or file (a Wizard's flight,
    a Dragon's leap, a boulder's path); none for a step or along the bridge."""
    (r0, c0), (r1, c1) = divmod(INDEX[src], T.SIZE), divmod(INDEX[dst], T.SIZE)
    if r0 == r1:
        way = 1 if c1 > c0 else -1
        return tuple(SQUARES[r0 * T.SIZE + c] for c in range(c0 + way, c1, way))
    if c0 == c1:
        way = 1 if r1 > r0 else -1
        return tuple(SQUARES[r * T.SIZE + c0] for r in range(r0 + way, r1, way))
    return ()


def steps(view: State, player: int, action: Event) -> tuple[Pick, ...]:
    """The picks ``player`` makes to reach ``action``, from ``view`` (its view) only.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.parse("10/10/10/2D7/10/10/2p7/10/10/10 r - - 0", None, ("Ann", "Ben"))
    >>> [p.label for p in steps(s, 0, Move(player=0, from_="c7", to="c5"))]
    ['Dragon c7', 'c5']
    """
    if type(action) is Move or type(action) is Bombard:  # the usual actions, first
        return _move(view, player, action)
    if isinstance(action, Place | Commit):
        return _deploy(view, player, action)
    if isinstance(action, Open):
        return (_open(view, player, action),)
    if isinstance(action, Storm | Decline):
        return (_storm(view, player, action),)
    if isinstance(action, Move | Bombard):
        return _move(view, player, action)
    raise ValueError(f"{type(action).__name__} is not a player action of this game")


def _deploy(view: State, player: int, action: Place | Commit) -> tuple[Pick, ...]:
    seen = _seen(view, player)
    square = action.square
    if isinstance(action, Place):
        kind = KIND_INDEX.get(action.piece, -1)
    else:  # sealed with the public nonce, as legal's commits are: the seat's own choice
        kind = public_kind(action.digest, square)
    touch = Touch(to=square)
    picks = []
    if len(seen.next) > 1:
        picks.append(Pick(prompt=SQUARE_PROMPT, label=square, square=square, touches=touch))
    name = T.TITLES[KINDS[kind]] if kind >= 0 else ""
    label = name or SEALED
    if name and seen.left is not None:
        label = f"{name} ({seen.left[kind]} left)"
    picks.append(Pick(prompt=f"What stands on {square}?", label=label, piece=name,
                      touches=touch))
    return tuple(picks)


def _piece_pick(seen: _Seen, square: str) -> Pick:
    return _piece_named(_name(seen.board, square), square)


@functools.lru_cache(maxsize=4096)
def _piece_named(name: str, square: str) -> Pick:
    """The first pick of a move of the piece called ``name`` (``""``: sealed) from
    ``square`` (kept: the same value for every move from there)."""
    return Pick(prompt=PIECE_PROMPT, label=f"{name or SEALED} {square}", square=square,
                piece=name, touches=Touch(from_=square))


def _move(view: State, player: int, action: Move | Bombard) -> tuple[Pick, ...]:
    seen = _seen(view, player)
    src, dst = action.from_, action.to
    first = _piece_pick(seen, src)
    moves = seen.moves.get(src, _NONE)
    shots = seen.shots.get(src, _NONE) if seen.shots else _NONE
    shoot = type(action) is Bombard
    if shots and moves & shots:
        return (first, *_split(src, dst, shoot))
    prompt = (EITHER_PROMPT if moves else SHOOT_PROMPT) if shots else MOVE_PROMPT
    return (first, _last(prompt, src, dst, shoot))


_NONE: frozenset[str] = frozenset()


@functools.lru_cache(maxsize=16384)
def _last(prompt: str, src: str, dst: str, shoot: bool) -> Pick:
    """The last pick of a move or a bombardment from ``src`` to ``dst``, asked with
    ``prompt`` (kept: a value of these alone)."""
    path = _between(src, dst)
    touch = Touch(from_=src, targets=(dst,), path=path) if shoot else \
        Touch(from_=src, to=dst, path=path)
    return Pick(prompt=prompt, label=f"Bombard {dst}" if shoot else dst, square=dst,
                touches=touch)


@functools.lru_cache(maxsize=4096)
def _split(src: str, dst: str, shoot: bool) -> tuple[Pick, Pick]:
    """The last two picks of a piece that may both move and bombard ``dst``: which, then
    where."""
    path = _between(src, dst)
    touch = Touch(from_=src, targets=(dst,), path=path) if shoot else \
        Touch(from_=src, to=dst, path=path)
    how = Pick(prompt=SPLIT_PROMPT, label="Bombard" if shoot else "Move",
               touches=Touch(from_=src))
    return how, Pick(prompt=SHOOT_PROMPT if shoot else MOVE_PROMPT, label=dst, square=dst,
                     touches=touch)


def _storm(view: State, player: int, action: Storm | Decline) -> Pick:
    castle = action.castle
    prompt = f"Storm the castle on {castle} with which piece?"
    if isinstance(action, Decline):
        return Pick(prompt=prompt, label=LEAVE, touches=Touch(targets=(castle,)))
    board = own_known(view, player).board
    src = action.from_
    name = _name(board, src)
    stays = board[INDEX[src]] not in UNKNOWN and PIECE[board[INDEX[src]]][1] == CATAPULT
    touch = Touch(from_=src, targets=(castle,)) if stays else Touch(from_=src, to=castle)
    return Pick(prompt=prompt, label=f"{name or SEALED} {src}", square=src, piece=name,
                touches=touch)


def _open(view: State, player: int, action: Open) -> Pick:
    """The piece deployed on ``action.square``, where it stands now."""
    home = INDEX[action.square]
    where = SQUARES[view.home.index(home)] if home in view.home else action.square
    name = T.TITLES.get(action.piece, "")
    return Pick(prompt=OPEN_PROMPT, label=f"{name or SEALED} {where}", square=where,
                piece=name, touches=Touch(targets=(where,)))


def forced(view: State, player: int) -> bool:
    """May the seat's one legal action be played for it at once? Only where the other
    seat can tell it had no other: with ``hidden="commit"`` (the state holds no secret);
    a storm (the ring and the castle are in sight); the deployment's last piece; a move
    when every piece of the seat on the board has been shown.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> forced(RULES.setup(RULES.Options(), ("Ann", "Ben")), 0)
    False
    """
    if view.commit or view.storm >= 0:
        return True
    board = view.board
    mine = [i for i, ch in enumerate(board) if ch != EMPTY and owner(ch) == player]
    if view.turn < 0:
        return sum(view.counts) - len(mine) == 1
    return all(view.revealed[i] for i in mine)


__all__ = ["forced", "steps"]
