"""The action codec: each option of a choice step as one number of a fixed range.

An environment step is one step of the choice tree (:mod:`grimoire.core.choices`), so an
action is one option of the acting seat's current step. The codec numbers an option by
what it names, so a number means the same thing in every position of a game:

- ``[0, P)``: the place the option stands for (``Option.square``), by its index in the
  game's places (``Game.places(count)``, the game's ``observe.places``);
- ``[P, P + C)``: the card it is about (``Option.card``), by its index in the game's
  ``texts`` (every card a choice names has a text there);
- ``[P + C, P + C + V)``: an option that says one of the game's words (its vocabulary,
  ``Game.words(count)``, the game's ``observe.words``: "Pass", "End the turn", "3 units"),
  by the word's index there, so a word's number means the same word in every step;
- ``[P + C + V, P + C + V + W)``: any other option (a word outside the vocabulary, such
  as a label naming a player or a border), by its order among the step's options that
  have no number of their own (the first is ``P + C + V``, the next one more…). ``W``
  is 40, the choice tree's bound on a step's options that are not places.

The word an option says is ``Game.word(option)`` where the game has one (Swords &
Wizardry's ``"Hero"`` for ``"Hero (1 left)"``), else its label; a player's name in it is
read from the choosing seat's side (``seat +1``: the next seat in turn order), so a game
lists ``seat +1's sector`` and the codec numbers Wiz-War's ``"Ben's sector"`` by it
(:meth:`Codec.says`). An option with both a
place and a card is coded by its place; a second option of a step naming a card (or
saying a word) an earlier option named, or a place the game does not list, is coded in
the last range. The numbering depends on the step only, so :meth:`Codec.decode` undoes
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
from collections.abc import Callable, Sequence
from typing import Any

from grimoire.core.choices import Answer, Option, Step
from grimoire.core.errors import UsageError

WORDS = 40
"""Slots for the options a step numbers by their order (the last range): the choice
tree's bound on a step's options that are not places."""

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

    >>> codec = Codec(places=("a1", "a2"), cards=("Fireball",), vocabulary=("Pass",))
    >>> codec.size, codec.words, codec.others
    (44, 3, 4)
    """

    def __init__(self, places: Sequence[str], cards: Sequence[str],
                 words: int = WORDS, vocabulary: Sequence[str] = (),
                 word: Callable[[Answer], str] | None = None,
                 names: Sequence[str] = ()) -> None:
        self.places = tuple(places)
        self.cards = tuple(cards)
        self.vocabulary = tuple(vocabulary)
        """The game's words, in the order they are numbered."""
        self.words = len(self.places) + len(self.cards)
        """The first word's number (the vocabulary's first)."""
        self.others = self.words + len(self.vocabulary)
        """The first number of the options numbered by their order."""
        self.size = self.others + words
        """How many numbers there are: the environment's ``Discrete(size)``."""
        self._place = {p: i for i, p in enumerate(self.places)}
        self._card = {c: self.words - len(self.cards) + i for i, c in enumerate(self.cards)}
        self._word = {w: self.words + i for i, w in enumerate(self.vocabulary)}
        self._says = word
        self.names = tuple(names)
        """The players' names, seat by seat (a word naming one is read from the choosing
        seat's side: :meth:`says`)."""
        self._names = sorted(enumerate(self.names), key=lambda n: -len(n[1]))

    @classmethod
    def of(cls, rules: Any, count: int, options: Any = None,
           names: Sequence[str] = ()) -> Codec:
        """The codec of ``rules`` with ``count`` seats: its places (:func:`places_of`),
        the cards of its ``texts``, and its words (``rules.words(count)``); ``names``:
        the players' names, seat by seat."""
        own = getattr(rules, "words", None)
        return cls(places_of(rules, count, options), tuple(getattr(rules, "texts", {})),
                   vocabulary=tuple(own(count)) if callable(own) else (),
                   word=getattr(rules, "word", None), names=names)

    def says(self, option: Answer, seat: int = -1) -> str:
        """The word ``option`` says to seat ``seat``: the game's ``word(option)``, or its
        label; a player's name in it (the whole word, or before ``'s``) is written from
        the seat's side, ``seat +k`` for the k-th seat after it in turn order.

        >>> codec = Codec((), (), names=("Ann", "Ben", "Cy"))
        >>> from grimoire.core.choices import Pick
        >>> codec.says(Pick(prompt="Whom?", label="Cy's sector"), 1)
        "seat +1's sector"
        """
        word = option.label if self._says is None else self._says(option)
        if seat < 0 or word in self._word:
            return word
        for k, name in self._names:
            if word == name or word.startswith(name + "'s "):
                return f"seat +{(k - seat) % len(self.names)}{word[len(name):]}"
        return word

    def codes(self, step: Step, seat: int = -1) -> list[int]:
        """Each option's number, in the step's order, for seat ``seat`` (``-1``: names
        read as they are)."""
        out: list[int] = []
        used: set[int] = set()
        other = self.others
        place, card, said, says = self._place, self._card, self._word, self._says
        for o in step.options:
            code = place.get(o.square, -1) if o.square else -1
            if code < 0:
                if o.card:
                    code = card.get(o.card, -1)
                elif said:
                    code = said.get(o.label if says is None else says(o), -1)
                    if code < 0 and self._names and seat >= 0:
                        code = said.get(self.says(o, seat), -1)
            if code < 0 or code in used:
                if other >= self.size:
                    raise UsageError("envs/too-many-options", f"{step.prompt!r} has more than "
                                     f"{self.size - self.others} options that are not "
                                     "places, cards or words")
                code, other = other, other + 1
            used.add(code)
            out.append(code)
        return out

    def encode(self, step: Step, option: Option, seat: int = -1) -> int:
        """The number of ``option`` (one of ``step``'s options), for seat ``seat``."""
        return self.codes(step, seat)[step.options.index(option)]

    def decode(self, step: Step, code: int, seat: int = -1) -> Option:
        """The option of ``step`` numbered ``code`` for seat ``seat``;
        ``envs/illegal-action`` for a number no option of the step has."""
        codes = self.codes(step, seat)
        if code not in codes:
            raise UsageError("envs/illegal-action", f"action {code} is not an option of "
                             f"{step.prompt!r} (the action mask lists those that are)")
        return step.options[codes.index(code)]

    def name(self, code: int) -> str:
        """What a number stands for: a place, a card, a word of the vocabulary, or
        ``word k``, the k-th option of a step numbered by its order.

        >>> codec = Codec(places=("a1",), cards=("Fireball",), vocabulary=("Pass",))
        >>> codec.name(1), codec.name(2), codec.name(3)
        ('Fireball', 'Pass', 'word 0')
        """
        if code < len(self.places):
            return self.places[code]
        if code < self.words:
            return self.cards[code - len(self.places)]
        if code < self.others:
            return self.vocabulary[code - self.words]
        return f"word {code - self.others}"
