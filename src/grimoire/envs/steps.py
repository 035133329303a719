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

from collections.abc import Mapping
from typing import Any

from grimoire.core.choices import Option, Pick, Step, choices


class Choice:
    """Seat ``player``'s choice in ``state``, at its first step (:attr:`step`).

    >>> from grimoire import registry
    >>> rules = registry.get("wizard-armies")
    >>> choice = Choice(rules, rules.setup(rules.Options(), ("Light", "Dark")), 0)
    >>> [o.label for o in choice.step.options], type(choice.take(0)).__name__
    (['Roll for troops'], 'Muster')
    """

    def __init__(self, rules: Any, state: Any, player: int) -> None:
        self._actions = list(rules.legal(state, player))
        split = getattr(rules, "steps", None)
        self._texts: Mapping[str, str] = getattr(rules, "texts", {})
        self._tree: Step | None = None
        self._paths: list[tuple[Pick, ...]] = []
        self.view: Any = rules.view(state, player)
        """The seat's view of ``state`` (what its steps are told from)."""
        if split is None:  # a game without steps: the core's one step in sentences
            self._tree = choices(rules, state, player)
        else:
            self._paths = [tuple(split(self.view, player, a)) for a in self._actions]
        self._rows = list(range(len(self._actions)))
        self._depth = 0
        self._members: list[list[int]] = []
        self.step: Step = self._level()
        """The step to answer now."""

    def _level(self) -> Step:
        if self._tree is not None:
            return self._tree
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
