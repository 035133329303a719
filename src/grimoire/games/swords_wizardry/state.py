"""Swords & Wizardry state and options."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec import UNSET, UnsetType

from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.events import Bombard, Move, Storm


def _default_counts() -> dict[str, int]:
    return {name: count for name, _, _, count, _ in T.PIECES}


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Variant options.

    - ``first``: who moves first once both sides are deployed (``"red"`` or ``"black"``);
      the text leaves it to the players ("having arranged which player is to start").
    - ``counts``: pieces per kind, by name; kinds left out keep their default (see
      ``tables.PIECES``). The counts must total 36 and include exactly one Princess.
    - ``table``: ``"printed"`` (the attack table as printed) or ``"notes"`` (the four cells
      where the notes on the pieces say otherwise, read the notes' way; see Rulings).
    - ``quiet_limit``: if this many moves in a row pass without any attack, the game is
      drawn (``0``, the text's rule, never draws).
    - ``bombard_over_lake``: a Siege Catapult may bombard across a square of Lake Limpid
      (``False``: the lake is "a natural barrier to all pieces except Wizard and Dragon";
      ``True`` is rules 1).
    - ``castle_challenge``: which Princess in a castle may be challenged in the ordinary
      way: ``"pinned"`` (only one a catapult has pinned there, "await rescue by an
      authorized piece") or ``"shown"`` (any Princess already shown; rules 1).
    - ``storm``: ``"may"`` (the surrounding player chooses to storm a surrounded castle or
      to leave it) or ``"must"`` (the storm is compulsory; rules 1).
    - ``wizard_bounce``: where a Wizard whose spell defeats nobody ends: ``"one-square"``
      (it "bounces back one square" from the piece it attacked) or ``"start"`` (back on
      the square it came from; rules 1).
    - ``hidden``: how the hidden identities are kept honest: ``"trusted"`` (the program
      that holds both sides' secrets hides each placement from the opponent) or
      ``"commit"`` (commit-reveal: each placement is a ``commit`` of the piece's digest,
      and each piece is opened (``open``) by its owner when the rules need its identity;
      see the docs page). Left out, it is ``"trusted"``: ``UNSET`` is never written, so
      a header that does not name it keeps exactly the bytes it had before the option
      existed. Read it with :attr:`mode`.

    >>> Options(counts={"peasants": 8, "knights": 5}).counts["knights"]
    5
    >>> Options().mode, Options(hidden="commit").mode
    ('trusted', 'commit')
    """

    first: Literal["red", "black"] = "red"
    counts: dict[str, int] = msgspec.field(default_factory=_default_counts)
    table: Literal["printed", "notes"] = "printed"
    quiet_limit: int = 0
    bombard_over_lake: bool = False
    castle_challenge: Literal["pinned", "shown"] = "pinned"
    storm: Literal["may", "must"] = "may"
    wizard_bounce: Literal["one-square", "start"] = "one-square"
    hidden: Literal["trusted", "commit"] | UnsetType = UNSET

    @property
    def mode(self) -> Literal["trusted", "commit"]:
        """The ``hidden`` option's value, ``"trusted"`` when it is left out."""
        return "trusted" if self.hidden is UNSET else self.hidden


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole truth of a position (views hide the secret parts).

    ``board``: 100 one-letter squares, rank 10 first (``.`` empty; Red's pieces capitals,
    Black's small; in a view, ``X``/``x`` is a Red/Black piece the viewer cannot identify).
    ``revealed``: per square, whether its piece has been shown to the opponent (the flag
    travels with the piece). ``counts``: pieces per kind (``tables.PIECES`` order);
    ``quiet_limit``, ``notes_table``, ``bombard_over_lake``, ``challenge_shown``
    (``castle_challenge="shown"``), ``storm_forced`` (``storm="must"``) and ``bounce_home``
    (``wizard_bounce="start"``) come from the options.
    ``lost``: letters of each seat's eliminated pieces, in kind order. ``turn`` is ``-1``
    during deployment. ``storm``/``storm_by``: a surrounded castle awaiting its storm
    (``-1`` for none). ``pinned``: whose Princess is pinned in her castle. ``quiet``:
    moves in a row without an attack. ``winners``/``result``: set once the game is over.
    ``names``: the players' names, seat by seat (public; the notation does not write
    them; empty in a hand-built state, where the board says Red and Black).

    With ``hidden="commit"`` (``commit``) the state holds only what the log says: a piece
    not yet opened is ``X``/``x`` on ``board`` (``revealed`` is ``False`` exactly for
    those), ``home`` gives, square by square, the square the piece standing there was
    deployed on (``-1``: none), ``digests`` the seal of the piece deployed on each square
    (``""``: none), and ``pending`` the move, bombardment or storm that waits for pieces
    to be opened before its outcome is decided (``None``: nothing waits). In the trusted
    mode these stay empty.
    """

    board: tuple[str, ...]
    revealed: tuple[bool, ...]
    counts: tuple[int, ...]
    turn: int
    first: int
    quiet_limit: int = 0
    notes_table: bool = False
    bombard_over_lake: bool = False
    challenge_shown: bool = False
    storm_forced: bool = False
    bounce_home: bool = False
    lost: tuple[str, str] = ("", "")
    storm: int = -1
    storm_by: int = -1
    pinned: tuple[bool, bool] = (False, False)
    quiet: int = 0
    winners: tuple[int, ...] = ()
    result: str = ""
    commit: bool = False
    home: tuple[int, ...] = ()
    digests: tuple[str, ...] = ()
    pending: Move | Bombard | Storm | None = None
    names: tuple[str, ...] = ()
