"""A seat's choice taken one step at a time, as the environment takes it.

:func:`grimoire.core.choices.choices` builds a seat's whole tree (every legal action split
into its steps, every branch grown) for a frontend that shows any branch; an environment
only ever follows one. :class:`Choice` gives the same steps, with the same options in the
same order (label, place, card, text; checked against the tree in tests/envs), growing
only the branch taken: each action's steps are asked of the game once, and a step's
options are grouped when it is reached. Its options carry no ``then``: :meth:`Choice.take`
says whether an option ends the action.

>>> from grimoire import registry
>>> rules = registry.get("vicious-circle")
>>> choice = Choice(rules, rules.setup(rules.Options(), ("Dawn", "Twilight")), 0)
>>> choice.step.prompt, choice.take(0), choice.step.prompt
('Where does your Saint start?', None, 'Where does your Spirit start?')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from grimoire.core.choices import Option, Pick, Step, choices

KEEP = 64
"""A seat's steps are kept when its legal actions number this many or more and the game
gives them as one unchanging tuple (a secret setup's every placement, the same each
match): the next choice from an equal view over the very same tuple reuses them."""

_KEPT: dict[tuple[int, int], tuple[Sequence[Any], Any, list[tuple[Pick, ...]],
                                   dict[tuple[int, int], tuple[Step, list[list[int]]]]]] = {}


class Choice:
    """Seat ``player``'s choice in ``state``, at its first step (:attr:`step`).

    >>> from grimoire import registry
    >>> rules = registry.get("wizard-armies")
    >>> choice = Choice(rules, rules.setup(rules.Options(), ("Light", "Dark")), 0)
    >>> [o.label for o in choice.step.options], type(choice.take(0)).__name__
    (['Roll for troops'], 'Muster')
    """

    def __init__(self, rules: Any, state: Any, player: int) -> None:
        legal = rules.legal(state, player)
        self._actions: Sequence[Any] = legal
        split = getattr(rules, "steps", None)
        self._texts: Mapping[str, str] = getattr(rules, "texts", {})
        self._tree: Step | None = None
        self._paths: list[tuple[Pick, ...]] = []
        self._levels: dict[tuple[int, int], tuple[Step, list[list[int]]]] = {}
        self.view: Any = rules.view(state, player)
        """The seat's view of ``state`` (what its steps are told from)."""
        if split is None:  # a game without steps: the core's one step in sentences
            self._tree = choices(rules, state, player)
        else:
            key = (id(rules), player)
            kept = _KEPT.get(key)
            if kept is not None and kept[0] is legal and kept[1] == self.view:
                self._paths, self._levels = kept[2], kept[3]
            else:
                self._paths = [tuple(split(self.view, player, a)) for a in legal]
                if len(legal) >= KEEP and isinstance(legal, tuple):
                    _KEPT[key] = (legal, self.view, self._paths, self._levels)
        self._rows: Sequence[int] = range(len(legal))
        self._depth = 0
        self._members: list[list[int]] = []
        self.step: Step = self._level()
        """The step to answer now."""

    def _level(self) -> Step:
        if self._tree is not None:
            return self._tree
        at = (self._depth, self._rows[0])
        known = self._levels.get(at)
        if known is not None:
            self._members = known[1]
            return known[0]
        step = self._group()
        self._levels[at] = (step, self._members)
        return step

    def _group(self) -> Step:
        groups: dict[str, list[int]] = {}
        depth, paths = self._depth, self._paths
        for i in self._rows:
            groups.setdefault(paths[i][depth].label, []).append(i)
        options = []
        for label, members in groups.items():
            pick = paths[members[0]][depth]
            leaf = len(paths[members[0]]) == depth + 1
            options.append(Option(
                label=label, square=pick.square, piece=pick.piece, card=pick.card,
                text=pick.text or self._texts.get(pick.card or pick.piece or "\0", ""),
                touches=pick.touches, action=self._actions[members[0]] if leaf else None))
        self._members = list(groups.values())
        return Step(prompt=paths[self._rows[0]][depth].prompt, options=tuple(options))

    def take(self, index: int) -> Any:
        """Answer the step with its option ``index``: the action it completes, or ``None``
        (then :attr:`step` is the next step)."""
        option = self.step.options[index]
        if self._tree is not None:
            if option.then is None:
                return option.action
            self._tree = option.then
        elif option.action is not None:
            return option.action
        else:
            self._rows = self._members[index]
            self._depth += 1
        self.step = self._level()
        return None
