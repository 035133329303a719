"""The action codec: each option of a choice step as one number of a fixed range.

An environment step is one step of the choice tree (:mod:`grimoire.core.choices`), so an
action is one option of the acting seat's current step. The codec numbers an option by
what it names, so a number means the same thing in every position of a game:

- ``[0, P)``: the place the option stands for (``Option.square``), by its index in the
  game's places (``Game.places(count)``, the game's ``observe.places``);
- ``[P, P + C)``: the card it is about (``Option.card``), by its index in the game's
  ``texts`` (every card a choice names has a text there);
- ``[P + C, P + C + W)``: any other option (a word: "Pass", "End the turn", "3 units"),
  by its order among the step's other options (the first word is ``P + C``, the next
  ``P + C + 1``…). ``W`` is 40, the choice tree's bound on a step's options that are not
  places.

An option with both a place and a card is coded by its place; a second option of a step
naming a card an earlier option named, or a place the game does not list, is coded as a
word. The numbering depends on the step only, so :meth:`Codec.decode` undoes
:meth:`Codec.encode` for every option of every step.

>>> from grimoire import Match
>>> m = Match.new("vicious-circle", seed="0f" * 16)
>>> codec = Codec.of(m.rules, 2)
>>> step = m.choices(0)
>>> code = codec.encode(step, step.options[0])
>>> codec.decode(step, code) == step.options[0], step.options[0].square, code
(True, 'c5', 2)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from grimoire.core.choices import Option, Step
from grimoire.core.errors import UsageError

WORDS = 40
"""Word slots: the choice tree's bound on a step's options that are not places."""

_SQUARE = re.compile(r'data-square="([^"]+)"')


def places_of(rules: Any, count: int, options: Any = None) -> tuple[str, ...]:
    """The places a codec numbers for ``rules`` with ``count`` seats: the game's own list
    (``rules.places(count)``), or for a game without one the squares of its first position
    and the places its picture of that position marks (``data-square``).

    >>> from grimoire import registry
    >>> places_of(registry.get("swords-wizardry"), 2)[:3]
    ('a10', 'b10', 'c10')
    """
    own = getattr(rules, "places", None)
    listed = tuple(own(count)) if callable(own) else ()
    if listed:
        return listed
    state = rules.setup(options if options is not None else rules.Options(),
                        tuple(f"Seat {i + 1}" for i in range(count)))
    squares = tuple(getattr(rules, "squares", lambda _s: ())(state))
    drawn = tuple(_SQUARE.findall(rules.svg(state))) if hasattr(rules, "svg") else ()
    return tuple(dict.fromkeys(squares + drawn))


class Codec:
    """Numbers the options of a game's choice steps (see the module's layout).

    >>> codec = Codec(places=("a1", "a2"), cards=("Fireball",))
    >>> codec.size, codec.words
    (43, 3)
    """

    def __init__(self, places: Sequence[str], cards: Sequence[str],
                 words: int = WORDS) -> None:
        self.places = tuple(places)
        self.cards = tuple(cards)
        self.words = len(self.places) + len(self.cards)
        """The first word slot."""
        self.size = self.words + words
        """How many numbers there are: the environment's ``Discrete(size)``."""
        self._place = {p: i for i, p in enumerate(self.places)}
        self._card = {c: self.words - len(self.cards) + i for i, c in enumerate(self.cards)}

    @classmethod
    def of(cls, rules: Any, count: int, options: Any = None) -> Codec:
        """The codec of ``rules`` with ``count`` seats: its places
        (:func:`places_of`) and the cards of its ``texts``."""
        return cls(places_of(rules, count, options), tuple(getattr(rules, "texts", {})))

    def codes(self, step: Step) -> list[int]:
        """Each option's number, in the step's order."""
        out: list[int] = []
        used: set[int] = set()
        word = self.words
        for o in step.options:
            code = self._place.get(o.square, -1) if o.square else -1
            if code < 0 and o.card:
                code = self._card.get(o.card, -1)
            if code < 0 or code in used:
                if word >= self.size:
                    raise UsageError("envs/too-many-options", f"{step.prompt!r} has more than "
                                     f"{self.size - self.words} options that are not places "
                                     "or cards")
                code, word = word, word + 1
            used.add(code)
            out.append(code)
        return out

    def encode(self, step: Step, option: Option) -> int:
        """The number of ``option`` (one of ``step``'s options)."""
        return self.codes(step)[step.options.index(option)]

    def decode(self, step: Step, code: int) -> Option:
        """The option of ``step`` numbered ``code``; ``envs/illegal-action`` for a number
        no option of the step has."""
        codes = self.codes(step)
        if code not in codes:
            raise UsageError("envs/illegal-action", f"action {code} is not an option of "
                             f"{step.prompt!r} (the action mask lists those that are)")
        return step.options[codes.index(code)]

    def name(self, code: int) -> str:
        """What a number stands for: a place, a card, or ``word k``.

        >>> Codec(places=("a1",), cards=("Fireball",)).name(2)
        'word 0'
        """
        if code < len(self.places):
            return self.places[code]
        if code < self.words:
            return self.cards[code - len(self.places)]
        return f"word {code - self.words}"
