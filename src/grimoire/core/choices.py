"""Choosing an action as a player does: the choice tree.

``legal(state, seat)`` is one flat list; a person (and every frontend) chooses in steps: a
piece, then its destination; a card, then its target, then its energy. Each game splits
each of its legal actions into the :class:`Pick` s a player makes to reach it (its
``steps``), from what the seat may know, and :func:`choices` merges those paths into one
tree of :class:`Step` s whose leaves are exactly the legal actions.

>>> from grimoire import registry
>>> rules = registry.get("vicious-circle")
>>> state = rules.setup(rules.Options(), ("Dawn", "Twilight"))
>>> tree = choices(rules, state, 0)
>>> len(list(tree.actions())) == len(rules.legal(state, 0))
True

The contract (``grimoire.testing.check_choices`` checks it):

- every leaf (an :class:`Option` with an ``action``) is a legal action, and every legal
  action is a leaf or stands in ``same`` beside the leaf that plays it: two actions whose
  paths are alike in every step (two copies of one card with the same effect) are one
  leaf, which plays the first of them in ``legal``'s order;
- a step's options come in the order their first action comes in ``legal``, so the
  leaves, read depth first, keep ``legal``'s order;
- labels are unique within a step, and two options of a step never share a ``square`` or
  differ only in case; every path ends at a leaf (no path is the beginning of another);
- built from ``view(state, seat)`` only, so a seat's tree, labels and texts are the same
  in every state it cannot tell apart.

An option's ``square`` is the place on the board it stands for (a piece there, a
destination, a chamber), named as the game's boards name it; the game's SVG picture marks
that place with ``data-square="NAME"`` (and a card with ``data-card="NAME"``), which a
frontend attaches its clicks to. A step whose every option is a square is shown on the
board; the others have at most a few dozen options (40 in every built-in game).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import msgspec

from grimoire.core.errors import UsageError

PlayerId = int


class Touch(msgspec.Struct, frozen=True, omit_defaults=True, kw_only=True):
    """The squares a choice touches, named as the game's boards name them: where a piece
    comes ``from``, where it goes ``to``, the ``targets`` it acts on and, where it
    matters, the ``path`` between.

    >>> Touch(from_="a1", to="a3", path=("a2",)).squares()
    ('a1', 'a3', 'a2')
    """

    from_: str = msgspec.field(default="", name="from")
    to: str = ""
    targets: tuple[str, ...] = ()
    path: tuple[str, ...] = ()

    def squares(self) -> tuple[str, ...]:
        """Every square named, once each (from, to, targets, path)."""
        return tuple(dict.fromkeys(s for s in (self.from_, self.to, *self.targets,
                                               *self.path) if s))


NOWHERE = Touch()


class Answer(msgspec.Struct, frozen=True, omit_defaults=True, kw_only=True):
    """An answer to a step: a short ``label`` and its anatomy (the ``square`` it stands
    for, the ``piece`` and ``card`` it is about, as the seat knows them, their ``text``,
    the squares the action ``touches`` as far as it is chosen)."""

    label: str
    square: str = ""
    piece: str = ""
    card: str = ""
    text: str = ""
    touches: Touch = NOWHERE


class Pick(Answer, frozen=True, omit_defaults=True, kw_only=True):
    """One step of one action as a player takes it: the step's question (``prompt``) and
    this action's :class:`Answer` to it. A game's ``steps(view, seat, action)`` returns
    one per step.

    >>> Pick(prompt="Which piece?", label="Dragon a8", square="a8", piece="Dragon").label
    'Dragon a8'
    """

    prompt: str


class Option(Answer, frozen=True, omit_defaults=True, kw_only=True):
    """One answer to a :class:`Step` (its :class:`Answer`: label and anatomy), then
    either the next step (``then``) or, at a leaf, the legal ``action`` it plays (and the
    other legal actions alike in every step, ``same``, which it stands for)."""

    then: Step | None = None
    action: Any = None
    same: tuple[Any, ...] = ()

    @property
    def leaf(self) -> bool:
        """Whether choosing this option plays an action."""
        return self.then is None


class Step(msgspec.Struct, frozen=True, omit_defaults=True, kw_only=True):
    """A question a seat answers on its way to an action, and its options. ``forced``
    (on a tree's first step only) says the seat's one option may be taken for it at once
    without telling the other seats anything they cannot tell already.

    >>> from grimoire import Match
    >>> m = Match.new("vicious-circle", seed="0f" * 16)
    >>> step = m.choices(0)
    >>> step.option("1").label == step.options[0].label
    True
    """

    prompt: str
    options: tuple[Option, ...]
    forced: bool = False

    @property
    def board(self) -> bool:
        """Whether every option is a place on the board (a frontend shows the step there)."""
        return all(o.square for o in self.options)

    def option(self, answer: str) -> Option:
        """The option ``answer`` names: its label (any case), its square's name, the card
        or piece it is about (when one option only is), or its number counted from 1.
        Raises :class:`~grimoire.core.errors.UsageError` (``choice/unknown``) for
        anything else."""
        text = answer.strip()
        low = text.casefold()
        for o in self.options:
            if o.label.casefold() == low:
                return o
        for o in self.options:
            if o.square and o.square.casefold() == low:
                return o
        named = [o for o in self.options if low in (o.card.casefold(), o.piece.casefold())]
        if len(named) == 1:
            return named[0]
        if text.isdigit() and 1 <= int(text) <= len(self.options):
            return self.options[int(text) - 1]
        raise UsageError("choice/unknown", f"{answer!r} is none of this step's "
                         f"{len(self.options)} options ({self.prompt})")

    def walk(self, answers: Sequence[str]) -> Step | Option:
        """The step reached by ``answers`` (each as :meth:`option` reads it), or the leaf
        option they end at."""
        at: Step | Option = self
        for answer in answers:
            if not isinstance(at, Step):
                raise UsageError("choice/unknown", f"{answer!r}: the action is already chosen")
            chosen = at.option(answer)
            at = chosen.then if chosen.then is not None else chosen
        return at

    def steps(self) -> Iterator[Step]:
        """This step and every step under it, depth first."""
        yield self
        for o in self.options:
            if o.then is not None:
                yield from o.then.steps()

    def leaves(self) -> Iterator[Option]:
        """Every leaf under this step, depth first."""
        for o in self.options:
            if o.then is None:
                yield o
            else:
                yield from o.then.leaves()

    def actions(self) -> Iterator[Any]:
        """Every legal action under this step (each leaf's, then those it stands for)."""
        for leaf in self.leaves():
            yield leaf.action
            yield from leaf.same


Steps = Callable[[Any, PlayerId, Any], Sequence[Pick]]
"""A game's ``steps(view, seat, action)``: the picks a seat makes to reach ``action``."""


class ChoiceError(Exception):
    """A game's steps that cannot form a tree (a path that is the beginning of another,
    an action without steps): a bug in the game, never in the caller's input."""


def choices(rules: Any, state: Any, player: PlayerId) -> Step | None:
    """The tree of ``player``'s choices now (``None``: the seat has nothing to do), made
    from ``view(state, player)`` and ``legal(state, player)`` with the game's ``steps``
    (one step listing every action, told in a sentence, for a game without them).

    >>> from grimoire import registry
    >>> rules = registry.get("vicious-circle")
    >>> choices(rules, rules.setup(rules.Options(), ("A", "B")), 0).prompt != ""
    True
    """
    made = _made(rules, state, player)
    return None if made is None else made[0]


def _made(rules: Any, state: Any, player: PlayerId,
          ) -> tuple[Step, list[Any], list[tuple[Pick, ...]]] | None:
    """:func:`choices`' tree with what it was made from: ``player``'s legal actions and
    each one's path of picks (``problems`` reads them again)."""
    actions = list(rules.legal(state, player))
    if not actions:
        return None
    seen = rules.view(state, player)
    split: Steps | None = getattr(rules, "steps", None)
    paths = [tuple(p) for p in (split(seen, player, a) for a in actions)] \
        if split is not None else _flat(rules, seen, actions)
    texts: Mapping[str, str] = getattr(rules, "texts", {})
    step = _grow(paths, actions, list(range(len(actions))), 0, texts)
    forced: Callable[[Any, PlayerId], bool] | None = getattr(rules, "forced", None)
    if len(step.options) == 1 and step.options[0].leaf and forced is not None \
            and forced(seen, player):
        step = msgspec.structs.replace(step, forced=True)
    return step, actions, paths


def _flat(rules: Any, seen: Any, actions: Sequence[Any]) -> list[tuple[Pick, ...]]:
    """One step for a game without ``steps``: each action told in a sentence (numbered
    where two sentences are alike)."""
    told = rules.describe  # a kit game's describe(event, state); a class's describe(event)
    try:
        with_state = len(inspect.signature(told).parameters) >= 2
    except (TypeError, ValueError):
        with_state = False
    labels = [told(action, seen) if with_state else told(action) for action in actions]
    counts: dict[str, int] = {}
    paths: list[tuple[Pick, ...]] = []
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
        shown = label if labels.count(label) == 1 else f"{label} ({counts[label]})"
        paths.append((Pick(prompt="What do you do?", label=shown),))
    return paths


def _grow(paths: Sequence[tuple[Pick, ...]], actions: Sequence[Any], rows: list[int],
          depth: int, texts: Mapping[str, str]) -> Step:
    groups: dict[str, list[int]] = {}
    for i in rows:
        if depth >= len(paths[i]):
            raise ChoiceError(f"{actions[i]!r}: its steps end before another action's "
                              "(no path may be the beginning of another)")
        groups.setdefault(paths[i][depth].label, []).append(i)
    options = []
    for label, members in groups.items():
        pick = paths[members[0]][depth]
        ends = [len(paths[i]) == depth + 1 for i in members]
        text = pick.text or texts.get(pick.card or pick.piece or "\0", "")
        if any(ends) and not all(ends):
            raise ChoiceError(f"{actions[members[ends.index(True)]]!r}: its steps are the "
                              "beginning of another action's")
        leaf = all(ends)
        options.append(Option(
            label=label, square=pick.square, piece=pick.piece, card=pick.card, text=text,
            touches=pick.touches,
            then=None if leaf else _grow(paths, actions, members, depth + 1, texts),
            action=actions[members[0]] if leaf else None,
            same=tuple(actions[i] for i in members[1:]) if leaf else ()))
    return Step(prompt=paths[rows[0]][depth].prompt, options=tuple(options))


def problems(rules: Any, state: Any, player: PlayerId, *, limit: int = 40) -> list[str]:
    """What is wrong with ``player``'s tree in ``state`` (empty: nothing): leaves that are
    not exactly the legal actions, labels or squares repeated within a step, one label
    with two anatomies, a step with more than ``limit`` options that are not squares of
    the board, an option's text missing for its card or piece. The contract tests run it
    at every decision point of seeded games of every game (``grimoire.testing``).

    >>> from grimoire import registry
    >>> rules = registry.get("vicious-circle")
    >>> problems(rules, rules.setup(rules.Options(), ("A", "B")), 1, limit=2000)
    []
    """
    out: list[str] = []
    try:  # the tree, the legal actions it was made from and their paths, made once
        made = _made(rules, state, player)
    except ChoiceError as exc:
        return [str(exc)]
    if made is None:
        return []  # no legal action, no tree
    tree, legal, paths = made
    played = list(tree.actions())
    enc = msgspec.json.encode
    if sorted(map(enc, played)) != sorted(map(enc, legal)):
        out.append(f"the tree's actions ({len(played)}) are not the legal ones ({len(legal)})")
    leaves = [enc(leaf.action) for leaf in tree.leaves()]
    order: dict[bytes, int] = {}  # each action's first place in legal's list
    for k, a in enumerate(legal):
        order.setdefault(enc(a), k)
    firsts = [order[x] for x in leaves if x in order]
    if firsts != sorted(firsts):
        out.append("the leaves are not in legal's order")
    split: Steps | None = getattr(rules, "steps", None)
    if split is not None:  # the paths are split's, action by action
        anatomy: dict[tuple[tuple[str, ...], str], Pick] = {}
        for path in paths:
            for depth, pick in enumerate(path):
                key = (tuple(p.label for p in path[:depth]), pick.label)
                first = anatomy.setdefault(key, pick)
                if first != pick:
                    out.append(f"{' > '.join(key[0] + (key[1],))}: one label, two "
                               f"anatomies ({first} and {pick})")
    texts: Mapping[str, str] = getattr(rules, "texts", {})

    def visit(step: Step, where: str) -> None:
        labels = [o.label.casefold() for o in step.options]
        if len(set(labels)) != len(labels):
            out.append(f"{where}: a label twice")
        squares = [o.square for o in step.options if o.square]
        if len(set(squares)) != len(squares):
            out.append(f"{where}: a square twice")
        words = [o for o in step.options if not o.square]
        if len(words) > limit:
            out.append(f"{where}: {len(words)} options that are not squares (> {limit})")
        for o in step.options:
            if not o.label.strip():
                out.append(f"{where}: an empty label")
            name = o.card or o.piece
            if name and texts and not o.text:
                out.append(f"{where} > {o.label}: no text for {name!r}")
            if o.then is not None:
                visit(o.then, f"{where} > {o.label}")

    visit(tree, tree.prompt)
    return out
