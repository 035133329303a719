"""Wizards of the Vicious Circle state and options."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec import UNSET, UnsetType


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Variant options.

    - ``edition``: ``"designer"`` (the player in the south-west, Twilight, moves first)
      or ``"illustrated"`` (Dawn moves first in the first game).
    - ``rematch``: ``"none"`` for a first game, else who won the previous game.
    - ``series``: who starts a rematch: ``"edition"`` (designer: the loser; illustrated:
      the winner), or force ``"loser-first"`` / ``"winner-first"``.
    - ``no_move``: when a seat has no legal action it must ``"pass"`` (two passes in a row
      draw the game) or it ``"lose"``s.
    - ``throne_defence``: a creature attacking the enemy throne whose occupant could
      capture it: ``"edition"`` (designer: ``"captures"``; illustrated: ``"blocks"``),
      ``"captures"`` (the move is legal and the occupant captures the attacker, the
      designer's text) or ``"blocks"`` (the move is not allowed, the illustrated text).
    - ``paths``: a move is ``"any"`` path of king steps that may turn ("or some
      combination of these") or only ``"straight"`` along one line.
    - ``no_return``: ``"on"`` (no x-y-x in three consecutive turns, the designer's final
      restriction) or ``"off"`` (the illustrated text does not state it).
    - ``position_check``: a starting position must be one that could arise in play
      (``"strict"``) or only be well-formed notation (``"lenient"``, as ruleset 1 read it).
    - ``hidden``: how the secret setup is kept honest: ``"trusted"`` (the default: each
      seat's ``setup`` is recorded whole, redacted for the others until the reveal, so a
      program holding both secrets must be trusted) or ``"commit"`` (each seat commits to
      its setup's digest, and both open after both have committed: two players exchanging
      log lines can each check the other). Left unset it means ``"trusted"`` and is left
      out of a log's header, so a trusted match's header is exactly as before the option.

    >>> Options(edition="illustrated").edition
    'illustrated'
    >>> Options().hidden is UNSET, Options(hidden="commit").hidden
    (True, 'commit')
    """

    edition: Literal["designer", "illustrated"] = "designer"
    rematch: Literal["none", "dawn", "twilight"] = "none"
    series: Literal["edition", "loser-first", "winner-first"] = "edition"
    no_move: Literal["pass", "lose"] = "pass"
    throne_defence: Literal["edition", "captures", "blocks"] = "edition"
    paths: Literal["any", "straight"] = "any"
    no_return: Literal["on", "off"] = "on"
    position_check: Literal["strict", "lenient"] = "strict"
    hidden: Literal["trusted", "commit"] | UnsetType = UNSET


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole truth of a position (views hide the secret parts).

    ``board``: 25 one-letter squares, north row first (``.`` empty, Dawn's creatures
    uppercase, Twilight's lowercase). ``reserves``/``captured``: creature letters per seat.
    ``turn`` is ``-1`` during the secret setup. ``last``: each seat's previous move as
    ``"c5c3"`` (``""`` after a deploy or pass) for the no-return rule. ``passes``: passes
    in a row. ``winners``/``result``: set once the game is over. ``throne_defence``
    (``"captures"`` or ``"blocks"``, the edition already applied), ``paths`` and
    ``no_return``: the options the moves obey. ``hidden``: ``"trusted"`` or ``"commit"``
    (option ``hidden``); ``digests``: in commit mode, each seat's commitment (``""``
    before it commits), kept until the reveal, which clears them. ``names``: the
    players' names, seat by seat (public; the notation does not write them; empty in a
    state built by hand).
    """

    board: tuple[str, ...]
    reserves: tuple[str, str]
    captured: tuple[str, str]
    setups: tuple[bool, bool]
    turn: int
    first: int
    no_move: str
    last: tuple[str, str] = ("", "")
    passes: int = 0
    winners: tuple[int, ...] = ()
    result: str = ""
    throne_defence: str = "captures"
    paths: str = "any"
    no_return: bool = True
    hidden: str = "trusted"
    digests: tuple[str, str] = ("", "")
    names: tuple[str, ...] = ()
