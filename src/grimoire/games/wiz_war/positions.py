"""Wiz-War positions from a few facts, for tests of the rules (``grimoire.testing.position
("wiz-war", ...)`` reaches :func:`position` through the registry), with cards, squares and
borders by name.

>>> s = position(hands={0: ["Fireball"]}, at={1: "h3"})
>>> s.phase, s.active, s.pos[1] == square("h3"), s.hands[0] == (card("Fireball"),)
('move', 0, True, True)
>>> len(s.deck)  # the Fireball in Callista's hand left the deck
83
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from grimoire.core.kit import bad_position, options_of
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.events import BoardBuilt
from grimoire.games.wiz_war.evolve import evolve
from grimoire.games.wiz_war.rules import setup
from grimoire.games.wiz_war.state import Options, State

__all__ = ["border", "card", "position", "square"]

Cards = Sequence[int | str]
"""Cards by number (into ``board.DECK``) or by name (the first copy not used yet)."""


def card(name: str, k: int = 0) -> int:
    """The number of the ``k``-th copy of the card ``name`` in the deck (refused with
    ``position/invalid`` when the deck has no such card or fewer copies).

    >>> B.DECK[card("Fireball", 1)]
    'Fireball'
    """
    copies = [n for n, c in enumerate(B.DECK) if c == name]
    if k not in range(len(copies)):
        raise bad_position(name, f"the deck holds {len(copies)} of it, no copy {k}"
                           if copies else "no such card")
    return copies[k]


def square(name: str, players: int = 2) -> int:
    """The square named ``name`` (``c3``, as the board shows it) on the board for
    ``players`` (refused with ``position/invalid`` when there is none).

    >>> square("a1") == B.geometry(2).square("a1")
    True
    """
    q = B.geometry(_players(players)).square(name)
    if q < 0:
        raise bad_position(name, f"no such square on the {players}-player board")
    return q


def border(name: str, side: str, players: int = 2) -> int:
    """The border on side ``side`` (``n e s w``) of the square ``name``.

    >>> border("c3", "e") == border("d3", "w")
    True
    """
    if side not in B.DIRS:
        raise bad_position(side, f"a side is one of {' '.join(B.DIRS)}")
    e = B.geometry(_players(players)).edge[square(name, players)][B.DIRS.index(side)]
    if e < 0:
        raise bad_position(f"{name} {side}", "that side is the edge of the board")
    return e


def _players(players: int) -> int:
    if players not in T.LAYOUTS:
        raise bad_position(f"players={players!r}", f"the boards are for "
                           f"{', '.join(map(str, T.LAYOUTS))} players")
    return players


def position(players: int = 2, hands: Mapping[int, Cards] | None = None,
             carried: Mapping[int, Cards] | None = None,
             at: Mapping[int, str] | None = None,
             options: Options | Mapping[str, Any] | None = None,
             **fields: Any) -> State:
    """Seat 0 to Move and Cast (past its first turn, 3 movement points), each wizard on
    its home base unless ``at`` puts it on a named square, with the cards in ``hands``
    and ``carried`` (numbers or names; a name is its first copy not used yet); any other
    state field may be given as it is (``life=(15, 1)``, ``mp=2``, ``spells=(...)``).
    Cards in hands, carried, in play (``spells``) or lying about (``objects``) leave the
    deck. ``board`` (a ``board.layout_key`` of the options' side) puts the position on
    that board as its build lays it: home bases, treasure starts and borders. A seat,
    square, card, board or field that does not exist is refused with
    ``position/invalid``, and so is a card given twice.

    The state is built as told, not checked further, so a test may build what a log
    could not reach (a card of a school the options leave out, say);
    :func:`grimoire.games.wiz_war.notation.check` checks one.

    >>> s = position(players=3, at={2: "a1"}, life=(15, 15, 2))
    >>> s.players, s.pos[2] == square("a1", 3), s.life
    (3, True, (15, 15, 2))
    >>> s = position(board=B.layout_key(2, "a", (1, 0), (0, 2)))
    >>> [B.geometry(s.board).name(q) for q in s.pos]
    ['h3', 'c3']
    >>> position(hands={0: ["Lifestone"], 1: ["Lifestone"]})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.IllegalAction: position/invalid: 'Lifestone': ... 1 of it, no copy 1
    """
    s = setup(options_of(Options, options), T.SEAT_NAMES[:_players(players)])
    unknown = sorted(set(fields) - set(State.__struct_fields__))
    if unknown:
        raise bad_position(", ".join(unknown), "no such field of a Wiz-War state")
    if "board" in fields:
        s = _built(s, fields.pop("board"))
    taken: set[int] = set()

    def numbers(seats: Mapping[int, Cards] | None, what: str) -> dict[int, tuple[int, ...]]:
        out: dict[int, tuple[int, ...]] = {}
        for p, cards in (seats or {}).items():
            seat(p, what)
            got = []
            for c in cards:
                if isinstance(c, str):
                    free = [n for n, name in enumerate(B.DECK) if name == c and n not in taken]
                    c = free[0] if free else card(c, sum(name == c for name in B.DECK))
                elif c not in range(len(B.DECK)):
                    raise bad_position(f"{what}[{p}]: {c!r}", f"cards are numbered 0 to "
                                       f"{len(B.DECK) - 1}")
                if c in taken:
                    raise bad_position(f"{what}[{p}]: {c!r}", "the card is given twice")
                taken.add(c)
                got.append(c)
            out[p] = tuple(got)
        return out

    def seat(p: int, what: str) -> None:
        if p not in range(players):
            raise bad_position(f"{what}[{p!r}]", f"the seats are 0 to {players - 1}")

    in_hand = numbers(hands, "hands")
    in_pack = numbers(carried, "carried")
    used = set(taken)
    used |= {sp.card for sp in fields.get("spells", ())}
    used |= {c for c, _ in fields.get("objects", ())}
    pos = list(s.pos)
    for p, name in (at or {}).items():
        seat(p, "at")
        pos[p] = square(name, players)
    base: dict[str, Any] = dict(
        phase="move", active=0, turns=(2,) * players, mp=3, pos=tuple(pos),
        hands=tuple(in_hand.get(p, ()) for p in range(players)),
        carried=tuple(in_pack.get(p, ()) for p in range(players)),
        deck=tuple(c for c in s.deck if c not in used),
    )
    base.update(fields)
    return msgspec.structs.replace(s, **base)


def _built(s: State, board: Any) -> State:
    """``s`` on the board ``board``, as its ``board-built`` lays it."""
    try:
        lay = B.layout(board)
    except (ValueError, TypeError):
        raise bad_position(f"board={board!r}", "not a board (board.layout_key)") from None
    if lay.players != s.players or lay.side != s.options.side:
        raise bad_position(f"board={board!r}", f"a board of side {s.options.side!r} for "
                           f"{s.players} players, not {lay.players} on side {lay.side!r}")
    return evolve(s, BoardBuilt(sectors=lay.sectors, quarters=lay.quarters))
