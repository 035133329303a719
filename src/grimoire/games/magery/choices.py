"""How a Magery player chooses an action, step by step (``grimoire.core.choices``).

- *Setup* (``arrange``): the minion type, then the square of the back row.
- *Decision phase* (``place``, ``pass``): the reserve minion (or Pass), then the chamber.
- *Action phase* (``remove``): the chamber to take one of your minions off.
- *The power that follows* (its uses, or Decline): a piece then its destination
  (``move``, ``teleport``), ``Summon`` then the square (the type mages), the square (the
  Conjurer), the chamber (``dismiss``, ``relocate``), the minion then the reserve type
  (``transmute``), the first minion then the second (``swap``), the card (``dream``), the
  seat (``foresee``), or the one use (``take-orb``, ``runes``).

Squares are the Arena's names (``d4``); a chamber is the place ``chamber-13`` (the
picture's ``data-square``: the plain names ``b1``..``b3`` of Black's private chambers are
Arena squares too), labelled as the board reads it, ``13 (Seer)``. Every minion is public,
so labels name them ("Dragon d1", "enemy Fey c6"); a chamber's card is named only when
the seat can see it.

>>> from grimoire.core.choices import choices
>>> from grimoire.games.magery import RULES
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> tree = choices(RULES, s, 0)
>>> tree.prompt, [o.label for o in tree.options][:3]
('Which minion do you set up?', ['Dragon', 'Myrmidon', 'Undead'])
>>> tree.option("Dragon").then.options[3].square
'd1'
"""

from __future__ import annotations

import functools

from grimoire.core.choices import Pick, Touch
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.events import (
    Arrange,
    Banish,
    Decline,
    Dismiss,
    Dream,
    Enchant,
    Event,
    Foresee,
    Move,
    Pass,
    Place,
    Relocate,
    Remove,
    Runes,
    Shield,
    Summon,
    Swap,
    TakeOrb,
    Teleport,
    Transmute,
)
from grimoire.games.magery.rules import legal
from grimoire.games.magery.state import State
from grimoire.games.magery.texts import TEXTS

__all__ = ["chamber_square", "forced", "steps"]

CHAMBER = "chamber-"
"""What a chamber's place name starts with (``chamber-13``, ``chamber-w1``)."""

MAGE_OF_TYPE: dict[str, str] = {power: mage for _, mage, power in T.TOWER
                                if power in B.TYPE_POWERS}
"""The fixed mage that moves or summons each minion type (``dragon`` -> Dragon Lord)."""

PROMPTS: dict[str, str] = {
    "animist": "Animist: which of your minions moves?",
    "mentalist": "Mentalist: which enemy minion moves?",
    "magician": "Magician: which chamber's minion goes back to its reserve?",
    "oracle": "Oracle: take the Orb?",
    "mystic": "Mystic: which of your minions moves?",
    "seer": "Seer: who takes the next two turns?",
    "magus": "Magus: onto which empty chamber does the minion go?",
    "alchemist": "Alchemist: which of your minions goes back to the reserve?",
    "enchanter": "Enchanter: which enemy minion do you replace?",
    "dream-lord": "Dream Lord: whose power do you borrow?",
    "force-mage": "Force Mage: which minion is shielded?",
    "illusionist": "Illusionist: the first of the two minions (in square order)?",
    "shadow-mage": "Shadow Mage: which minion goes back to its reserve?",
    "rune-master": "Rune Master: give your minions knight jumps?",
}
"""The first question of each power that is not a type mage's or the Conjurer's."""

WHERE = "Where to?"


def chamber_square(name: str) -> str:
    """The place name of chamber ``name`` in the picture and the choice tree.

    >>> chamber_square("13"), chamber_square("b1")
    ('chamber-13', 'chamber-b1')
    """
    return CHAMBER + name


def kind_name(kind: str) -> str:
    """A minion type as the tree and the picture name it: ``"dragon"`` -> ``"Dragon"``."""
    name = _NAMES.get(kind)
    return kind.title() if name is None else name


_NAMES: dict[str, str] = {m[0]: m[0].title() for m in T.MINIONS}
"""Each minion type's name (looked up, not built, per option)."""


def _a(kind: str) -> str:
    name = kind_name(kind)
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def _minion(view: State, player: int, square: str) -> tuple[str, str]:
    """The minion on ``square``: its label (``"Dragon d1"``, ``"enemy Fey c6"``) and its
    name."""
    ch = view.arena[B.SQUARE_INDEX[square]]
    name = kind_name(B.KINDS[B.KIND_OF[ch]])
    mine = B.SEAT_OF[ch] == player
    return (f"{name} {square}" if mine else f"enemy {name} {square}"), name


def _piece(prompt: str, view: State, player: int, square: str, touches: Touch) -> Pick:
    return _piece_of(prompt, view.arena[B.SQUARE_INDEX[square]], player, square, touches)


@functools.lru_cache(maxsize=8192)
def _piece_of(prompt: str, ch: str, player: int, square: str, touches: Touch) -> Pick:
    """The pick of the minion lettered ``ch`` on ``square`` (kept: a value of these)."""
    name = kind_name(B.KINDS[B.KIND_OF[ch]])
    label = f"{name} {square}" if B.SEAT_OF[ch] == player else f"enemy {name} {square}"
    return Pick(prompt=prompt, label=label, square=square, piece=name, touches=touches)


def _chamber(prompt: str, view: State, player: int, name: str, touches: Touch,
             occupant: bool = False) -> Pick:
    """Chamber ``name`` as an option: labelled as the board reads it (``13 (Seer)``), its
    card as ``player`` sees it, its power's text; ``occupant``: the label names the
    minion on it (whose it is)."""
    c = B.CHAMBER_INDEX[name]
    seen = "" if c < T.FIXED_FLOORS else view.cards[B.card_slot(c)]
    return _chamber_of(prompt, player, name, touches, occupant, seen, view.tower[c])


@functools.lru_cache(maxsize=8192)
def _chamber_of(prompt: str, player: int, name: str, touches: Touch, occupant: bool,
                seen: str, ch: str) -> Pick:
    """:func:`_chamber` of chamber ``name`` whose card ``player`` sees as ``seen`` and
    which holds ``ch`` (kept: a value of these alone)."""
    c = B.CHAMBER_INDEX[name]
    if c < T.FIXED_FLOORS:
        card, text = "", TEXTS[T.TOWER[c][1]]
    else:
        card = "" if seen in ("", "?") else B.title(seen)
        text = TEXTS[card] if card else TEXTS["Archmage chamber"]
    label = B.chamber_label(name, card)
    piece = ""
    if ch != B.EMPTY:
        piece = kind_name(B.KINDS[B.KIND_OF[ch]])
        if occupant:
            label += f", {'your' if B.SEAT_OF[ch] == player else 'enemy'} {piece}"
    return Pick(prompt=prompt, label=label, square=chamber_square(name), piece=piece,
                card=card, text=text, touches=touches)


def power_prompt(view: State) -> str:
    """The first question of the pending power (its uses and Decline share it)."""
    power = view.pending
    if power in B.TYPE_POWERS:
        return f"{MAGE_OF_TYPE[power]}: which {kind_name(power)} moves, or summon one?"
    if power == "conjurer":
        kind = B.KINDS[B.KIND_OF[view.pending_minion]]
        return f"Conjurer: summon the {kind_name(kind)} where?"
    return PROMPTS.get(power, "Use the power?")


def steps(view: State, player: int, action: Event) -> tuple[Pick, ...]:
    """The picks ``player`` makes, from its ``view``, to reach the legal ``action``.

    >>> from grimoire.games.magery import RULES
    >>> s = RULES.parse("arena=8/u7/8/8/8/8/8/D7 phase=action pending=dragon@8:D",
    ...                 RULES.Options(), ("Ann", "Ben"))
    >>> move = Move(player=0, from_="a1", to="a7")
    >>> move in RULES.legal(s, 0)
    True
    >>> picks = steps(s, 0, move)
    >>> [p.prompt for p in picks]
    ['Dragon Lord: which Dragon moves, or summon one?', 'Where to?']
    >>> [p.label for p in picks], picks[1].touches
    (['Dragon a1', 'a7, capturing Undead'], Touch(from_='a1', to='a7', targets=(), path=()))
    """
    if isinstance(action, Arrange):
        name = kind_name(action.minion)
        return (Pick(prompt="Which minion do you set up?", label=name, piece=name),
                Pick(prompt="On which square of your back row?", label=action.square,
                     square=action.square, touches=Touch(to=action.square)))
    if isinstance(action, Place | Pass):
        first = "Which minion do you place on a chamber, or pass?"
        if isinstance(action, Pass):
            return (Pick(prompt=first, label="Pass"),)
        name = kind_name(action.minion)
        return (Pick(prompt=first, label=name, piece=name),
                _chamber("On which chamber?", view, player, action.chamber,
                         Touch(to=chamber_square(action.chamber))))
    if isinstance(action, Remove):
        where = chamber_square(action.chamber)
        return (_chamber("Take your minion off which chamber?", view, player,
                         action.chamber, Touch(from_=where)),)
    return _power(view, player, action)


def _power(view: State, player: int, action: Event) -> tuple[Pick, ...]:
    """The picks of a pending power's use (or of declining it)."""
    first = power_prompt(view)
    if isinstance(action, Decline):
        return (Pick(prompt=first, label="Decline"),)
    if isinstance(action, Move | Teleport):
        go = Touch(from_=action.from_, to=action.to)
        label = action.to
        target = view.arena[B.SQUARE_INDEX[action.to]]
        if target != B.EMPTY:
            label += f", capturing {kind_name(B.KINDS[B.KIND_OF[target]])}"
        return (_piece(first, view, player, action.from_, Touch(from_=action.from_)),
                Pick(prompt=WHERE, label=label, square=action.to, touches=go))
    if isinstance(action, Summon):
        there = Pick(prompt="Summon it where?", label=action.square, square=action.square,
                     touches=Touch(to=action.square))
        if view.pending == "conjurer":
            return (Pick(prompt=first, label=action.square, square=action.square,
                         touches=Touch(to=action.square)),)
        name = kind_name(action.minion)
        return (Pick(prompt=first, label=f"Summon {_a(action.minion)}", piece=name), there)
    if isinstance(action, Dismiss):
        return (_chamber(first, view, player, action.chamber,
                         Touch(targets=(chamber_square(action.chamber),)), occupant=True),)
    if isinstance(action, Relocate):
        source = B.CHAMBERS[view.pending_chamber]
        return (_chamber(first, view, player, action.chamber,
                         Touch(from_=chamber_square(source),
                               to=chamber_square(action.chamber))),)
    if isinstance(action, Transmute):
        name = kind_name(action.minion)
        return (_piece(first, view, player, action.square, Touch(targets=(action.square,))),
                Pick(prompt="Which reserve minion takes its place?", label=name, piece=name,
                     touches=Touch(targets=(action.square,))))
    if isinstance(action, Enchant | Shield | Banish):
        return (_piece(first, view, player, action.square, Touch(targets=(action.square,))),)
    if isinstance(action, Swap):
        both = Touch(targets=(action.a, action.b))
        label, name = _minion(view, player, action.b)
        return (_piece(first, view, player, action.a, Touch(targets=(action.a,))),
                Pick(prompt="Which minion does it trade squares with?", label=label,
                     square=action.b, piece=name, touches=both))
    if isinstance(action, Dream):
        card = B.title(action.mage)
        return (Pick(prompt=first, label=card, card=card),)
    if isinstance(action, Foresee):
        return (Pick(prompt=first, label="You" if action.seat == player else "Your opponent"),)
    if isinstance(action, TakeOrb):
        return (Pick(prompt=first, label="Take the Orb", text=TEXTS["Orb"]),)
    if isinstance(action, Runes):
        return (Pick(prompt=first, label="Knight jumps", text=TEXTS["Rune Master"]),)
    raise AssertionError(f"no steps for {action!r}")  # pragma: no cover


def is_secret_power(view: State) -> bool:
    """Is the pending power a private card the other seat has not seen (so it cannot tell
    what the seat could do with it)?"""
    c = view.pending_chamber
    return bool(view.pending) and c >= B.PUBLIC_CHAMBERS and not view.shown[B.card_slot(c)]


def forced(view: State, player: int) -> bool:
    """Whether ``player``'s one legal action may be played for it at once: always, except
    the Decline of a private card's power the opponent has not seen (it could tell the
    opponent the card has no use now).

    >>> from grimoire.games.magery import RULES
    >>> s = RULES.parse("arena=u7/8/8/8/8/8/8/D7 phase=action tower=.......D",
    ...                 RULES.Options(), ("Ann", "Ben"))
    >>> forced(s, 0)
    True
    """
    return len(legal(view, player)) == 1 and not is_secret_power(view)
