"""Wizards of the Vicious Circle events.

Squares are named ``a5``..``e1`` (see ``tables.py``); creatures by name (``"saint"``).

>>> Move(player=0, from_="c5", to="c3")
Move(player=0, from_='c5', to='c3')

With option ``hidden="commit"`` the secret setup is sealed: a seat first records a
:class:`Commit` (the digest of its placement and a secret nonce), and opens it
(:class:`Open`) once both seats have committed. A player seals for real with
:func:`commit_choice` and a fresh nonce, and later opens with :func:`open_choice`:

>>> from grimoire.core.kit import fresh_nonce
>>> setup = Setup(player=0, placement=(("child", "e4"), ("saint", "e5"), ("spirit", "d5")))
>>> nonce = fresh_nonce()
>>> commit_choice(setup, nonce).digest == commitment(choice(setup.placement), nonce)
True
>>> open_choice(setup, nonce).placement
(('saint', 'e5'), ('spirit', 'd5'), ('child', 'e4'))
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from grimoire.core.events import Action, Consequence, Seat
from grimoire.core.kit import GameOver, commitment
from grimoire.games.vicious_circle import board as B
from grimoire.games.vicious_circle.board import KIND_INDEX

Square = Annotated[str, msgspec.Meta(extra_json_schema={"pattern": B.GRID.pattern},
                                      description="A square of the board (a1..e5).")]
"""A square's name: a pattern in the JSON Schema; readers leave the check to the rules
(a pattern checked on every decode cost a third of the trusted replay's speed)."""

class Setup(Action, frozen=True, tag="setup"):
    """A seat's secret deployment: three (creature, square) pairs in its domain.

    Redacted for everyone else to ``placement=()`` until the reveal."""

    placement: tuple[tuple[str, Square], ...]


class Commit(Action, frozen=True, tag="commit"):
    """A seat's sealed setup (option ``hidden="commit"``): ``digest`` is
    ``kit.commitment(choice(placement), nonce)``, 64 hex digits. It reveals nothing, so it
    is never redacted; the seat opens it with :class:`Open` once both seats have
    committed."""

    digest: str


class Open(Action, frozen=True, tag="open"):
    """A seat opens its sealed setup: the ``placement`` (three (creature, square) pairs)
    and the ``nonce`` (32 hex digits) it was sealed with. Refused unless
    ``kit.commitment(choice(placement), nonce)`` is the seat's digest."""

    placement: tuple[tuple[str, Square], ...]
    nonce: str


class Move(Action, frozen=True, tag="move"):
    """Move one creature from ``from`` to ``to`` (1 to its range of king steps)."""

    from_: Square = msgspec.field(name="from")
    to: Square


class Deploy(Action, frozen=True, tag="deploy"):
    """Put a reinforcement from reserve into play in the domain."""

    creature: str
    to: Square


class Pass(Action, frozen=True, tag="pass"):
    """Only when no other action is legal (see Rulings)."""


class Reveal(Consequence, frozen=True, tag="reveal"):
    """Both setups are in: the screen comes down. ``first`` is the seat that moves first."""

    placements: tuple[tuple[tuple[str, Square], ...], ...]
    first: Seat


class Capture(Consequence, frozen=True, tag="capture"):
    """``creature`` of seat ``owner`` is captured on ``square`` by seat ``by``."""

    by: Seat
    owner: Seat
    creature: str
    square: Square


Event = Union[Setup, Commit, Open, Move, Deploy, Pass, Reveal, Capture, GameOver]  # noqa: UP007
"""Every event of the game: the tagged union a log's records decode to."""


def choice(placement: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The canonical value a sealed setup commits to: the (creature, square) pairs in the
    creatures' order (saint, spirit, child, warrior, dragon), the order the reveal lists
    them in. As JSON: ``[["saint","e5"],["spirit","d5"],["child","e4"]]``.

    >>> choice((("child", "e4"), ("saint", "e5"), ("spirit", "d5")))
    (('saint', 'e5'), ('spirit', 'd5'), ('child', 'e4'))
    """
    return tuple(sorted(placement, key=lambda pair: (
        KIND_INDEX.get(pair[0], len(KIND_INDEX)), pair[0], pair[1])))


def commit_choice(setup: Setup, nonce: str) -> Commit:
    """The :class:`Commit` that seals ``setup`` (the trusted mode's action) with ``nonce``
    (use ``kit.fresh_nonce()``, and keep it secret until the opening).

    >>> from grimoire.core.kit import PUBLIC_NONCE
    >>> commit_choice(Setup(player=1, placement=(("saint", "a1"),)), PUBLIC_NONCE).player
    1
    """
    return Commit(player=setup.player, digest=commitment(choice(setup.placement), nonce))


def open_choice(setup: Setup, nonce: str) -> Open:
    """The :class:`Open` of ``setup`` sealed with ``nonce`` (see :func:`commit_choice`),
    its placement in the canonical order.

    >>> from grimoire.core.kit import PUBLIC_NONCE
    >>> open_choice(Setup(player=1, placement=(("saint", "a1"),)), PUBLIC_NONCE).nonce
    '00000000000000000000000000000000'
    """
    return Open(player=setup.player, placement=choice(setup.placement), nonce=nonce)


__all__ = ["Capture", "Commit", "Deploy", "Event", "GameOver", "Move", "Open", "Pass",
           "Reveal", "Setup", "choice", "commit_choice", "open_choice"]
