"""Magery state and options."""

from __future__ import annotations

from typing import Literal

import msgspec

CardName = Literal[
    "seer", "magus", "alchemist", "mentalist", "enchanter", "dream-lord", "force-mage",
    "illusionist", "shadow-mage", "rune-master", "conjurer",
]


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Variant options.

    - ``archmage``: ``"none"``, ``"archmage"`` (one private Chaos Mage card each, floor 16
      empty) or ``"ultimate"`` (three each, floors 14-16 empty).
    - ``rotating``: the Rotating Chaos Lords option (the chaos cards turn over each round).
    - ``twelfth_card``: the deck's twelfth card (the rules list eleven).
    - ``enchanted``: where a minion replaced by the Enchanter goes: its owner's
      ``"reserve"`` or the ``"dead"`` pile (then it counts as captured).
    - ``round_limit``: a house rule: the game is drawn after this many rounds (``0``, the
      default: no limit; the text's only endings are its victories).
    - ``stalemate``: ``"deadlock"`` (a player who could place a minion may not pass to
      leave a decision phase empty; the game is drawn only when neither player can
      place) or ``"empty-round"`` (ruleset 1: any decision phase in which nobody places
      is drawn, and passing is always allowed).
    - ``magus``: ``"guarded"`` (the Magus sends its minion to any empty chamber, except
      that a minion it already moved this round may not go where it could be moved
      again) or ``"no-magus"`` (ruleset 1: never to a Magus or Dream Lord chamber).

    >>> Options(archmage="ultimate").archmage
    'ultimate'
    >>> Options().round_limit, Options().stalemate, Options().magus
    (0, 'deadlock', 'guarded')
    """

    archmage: Literal["none", "archmage", "ultimate"] = "none"
    rotating: bool = False
    twelfth_card: CardName = "dream-lord"
    enchanted: Literal["reserve", "dead"] = "reserve"
    round_limit: int = 0
    stalemate: Literal["deadlock", "empty-round"] = "deadlock"
    magus: Literal["guarded", "no-magus"] = "guarded"


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole truth of a position (views hide the deck and unseen private cards).

    - ``arena``: 64 letters, ``a1`` first then ``b1``.. ``h8`` (``.`` empty; White's
      minions upper case, Black's lower case).
    - ``tower``: 22 chamber occupants: floors 1-16, then White's private chambers w1-w3,
      then Black's b1-b3 (``.`` empty).
    - ``cards``: the cards of floors 13-16, then w1-w3, then b1-b3 (``""``: no chamber).
    - ``shown``: whether each of those ten cards is public (floor cards always are; a
      private card once its power is used).
    - ``reserve``/``dead``: each seat's minion letters, in table order.
    - ``deck`` (top first) and ``discard``: Chaos Mage cards.
    - ``phase``: ``"setup"``, ``"decision"``, ``"action"`` or ``"over"``.
    - ``turn``: the seat to act; ``passed``: who passed this decision phase; ``placed``:
      minions placed this decision phase; ``extra``: Seer's forced turns still due.
    - ``pending``: the power of the chamber just emptied, waiting for its use (``""``
      none), with ``pending_chamber`` (index into ``tower``) and ``pending_minion``.
    - ``shielded``: squares under the Force Mage; ``runes``: seats under the Rune Master.
    - ``relocated``: chambers (indices into ``tower``) holding a minion the Magus moved
      this round (the pending chamber too, while that minion's power waits).
    - ``archmage``, ``rotating``, ``enchanted``, ``round_limit``, ``stalemate``,
      ``magus``, ``twelfth_card``: the options, as
      :func:`~grimoire.games.magery.rules.setup` copies them (the twelfth card tells
      which cards a seat has not seen: the deck's, less those it sees).
    - ``winners``, ``result``: set when the game ends.
    - ``names``: the players' names, White's first (public; the notation does not write
      them: ``setup`` and ``parse`` take them from the players).
    """

    arena: tuple[str, ...]
    tower: tuple[str, ...]
    cards: tuple[str, ...]
    shown: tuple[bool, ...]
    reserve: tuple[str, str]
    dead: tuple[str, str]
    deck: tuple[str, ...]
    discard: tuple[str, ...] = ()
    dealt: bool = False
    orb: int = 0
    round: int = 0
    phase: str = "setup"
    turn: int = 0
    passed: tuple[bool, bool] = (False, False)
    placed: int = 0
    extra: tuple[int, ...] = ()
    pending: str = ""
    pending_chamber: int = -1
    pending_minion: str = ""
    shielded: tuple[int, ...] = ()
    runes: tuple[bool, bool] = (False, False)
    archmage: str = "none"
    rotating: bool = False
    enchanted: str = "reserve"
    round_limit: int = 0
    stalemate: str = "deadlock"
    magus: str = "guarded"
    twelfth_card: str = "dream-lord"
    relocated: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    result: str = ""
    names: tuple[str, ...] = ()
