"""The choice tree's core (``grimoire.core.choices``) and what ``Match`` gives an embedding
frontend beside it: the version to act at and a seat's events as it is told them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from grimoire.core import registry
from grimoire.core.choices import ChoiceError, Option, Pick, Step, Touch, choices, problems
from grimoire.core.errors import ConcurrencyError, UsageError
from grimoire.core.match import Match
from grimoire.testing import scenario


class Split:
    """A stand-in game over tally's actions whose steps a test sets."""

    def __init__(self, paths: dict[int, Sequence[Pick]], *, texts: dict[str, str] | None = None,
                 forced: bool = False) -> None:
        self.paths = paths
        self.texts = texts or {}
        self._forced = forced

    def legal(self, state: Any, player: int) -> list[int]:
        return list(self.paths)

    def view(self, state: Any, player: int | None) -> Any:
        return state

    def steps(self, view: Any, player: int, action: int) -> Sequence[Pick]:
        return self.paths[action]

    def forced(self, view: Any, player: int) -> bool:
        return self._forced


def pick(label: str, prompt: str = "Which?", **anatomy: Any) -> Pick:
    return Pick(prompt=prompt, label=label, **anatomy)


def test_actions_sharing_a_first_step_branch_under_one_option() -> None:
    """A piece, then its destination: two moves of the piece on a1 are one option with two
    destinations under it, in legal's order."""
    game = Split({0: [pick("a1", square="a1"), pick("a2", "Where to?", square="a2")],
                  1: [pick("a1", square="a1"), pick("b1", "Where to?", square="b1")],
                  2: [pick("c3", square="c3"), pick("c4", "Where to?", square="c4")]})
    tree = choices(game, None, 0)
    assert tree is not None and tree.board
    assert [o.label for o in tree.options] == ["a1", "c3"]
    then = tree.options[0].then
    assert then is not None and then.prompt == "Where to?"
    assert [(o.label, o.action) for o in then.options] == [("a2", 0), ("b1", 1)]
    assert list(tree.actions()) == [0, 1, 2]
    assert problems(game, None, 0) == []


def test_two_actions_alike_in_every_step_are_one_leaf_playing_the_first() -> None:
    """Two copies of one card with the same effect: one option, which plays the first in
    legal's order and names the other in ``same``."""
    game = Split({5: [pick("Fireball", card="Fireball")], 3: [pick("Fireball", card="Fireball")]},
                 texts={"Fireball": "Deals damage."})
    tree = choices(game, None, 0)
    assert tree is not None
    [leaf] = tree.options
    assert (leaf.action, leaf.same, leaf.text) == (5, (3,), "Deals damage.")
    assert problems(game, None, 0) == []


def test_a_path_that_begins_another_is_a_bug_in_the_game() -> None:
    game = Split({0: [pick("Move")], 1: [pick("Move"), pick("far")]})
    with pytest.raises(ChoiceError, match="beginning of another"):
        choices(game, None, 0)
    assert problems(game, None, 0) != []


def test_problems_names_one_label_with_two_anatomies_and_missing_texts() -> None:
    game = Split({0: [pick("Dragon", square="a1", piece="Dragon")],
                  1: [pick("Dragon", square="a2", piece="Dragon")]},
                 texts={"Giant": "Big."})
    found = problems(game, None, 0)
    assert any("two anatomies" in p for p in found)
    assert any("no text for 'Dragon'" in p for p in found)


def test_the_bound_counts_only_options_that_are_not_squares() -> None:
    squares = Split({i: [pick(f"s{i}", square=f"s{i}")] for i in range(60)})
    words = Split({i: [pick(f"w{i}")] for i in range(41)})
    assert problems(squares, None, 0) == []
    assert problems(words, None, 0) == ["Which?: 41 options that are not squares (> 40)"]


def test_forced_marks_only_a_single_leaf() -> None:
    one = choices(Split({0: [pick("Pass")]}, forced=True), None, 0)
    two = choices(Split({0: [pick("Pass")], 1: [pick("Move")]}, forced=True), None, 0)
    assert one is not None and one.forced
    assert two is not None and not two.forced


def test_an_answer_is_a_label_a_square_or_a_number() -> None:
    tree = Step(prompt="Which?", options=(
        Option(label="Dragon a8", square="a8", action=0), Option(label="Pass", action=1)))
    assert tree.option("dragon A8").action == 0
    assert tree.option("A8").action == 0
    assert tree.option("2").action == 1
    named = Step(prompt="What stands on a10?", options=(
        Option(label="Ogre (2 left)", piece="Ogre", action=0),
        Option(label="Dragon (1 left)", piece="Dragon", action=1)))
    assert named.option("dragon").action == 1  # the piece's name, one option only
    with pytest.raises(UsageError, match="choice/unknown"):
        tree.option("3")
    leaf = tree.walk(["pass"])
    assert isinstance(leaf, Option) and leaf.action == 1
    with pytest.raises(UsageError):
        tree.walk(["pass", "again"])


def test_touch_lists_each_square_once() -> None:
    assert Touch(from_="a1", to="a3", path=("a2", "a3")).squares() == ("a1", "a3", "a2")


def test_a_game_without_steps_lists_its_actions_in_one_step_numbering_alike_sentences() -> None:
    """tally has no steps: one step of sentences; tally's actions all read alike."""
    rules = registry.get("tally")
    state = rules.setup(rules.Options(), ("Ann", "Ben"))
    tree = choices(rules, state, 0)
    assert tree is not None and tree.prompt == "What do you do?"
    assert len(tree.options) == len(rules.legal(state, 0))
    assert problems(rules, state, 0) == []
    assert choices(rules, state, 1) is None


def test_match_version_refuses_an_action_chosen_at_an_older_version() -> None:
    """Two frontends of one in-process match: the slower one's action, chosen before the
    other acted, is refused and changes nothing."""
    m = Match.new("vicious-circle", seed="0f" * 16)
    at = m.version
    m.act(m.legal(0)[0], expected_version=at)
    assert m.version == len(m.events) == 1
    state = m.state
    with pytest.raises(ConcurrencyError) as refused:
        m.act(m.legal(1)[0], expected_version=at)
    assert refused.value.reason == "match/stale"
    assert (m.state, m.version) == (state, 1)


def test_told_gives_a_seats_events_as_it_may_know_them() -> None:
    """Twilight is told that Dawn set up, never where; Dawn is told her own placement."""
    m = Match.new("vicious-circle", seed="0f" * 16)
    m.act(m.legal(0)[0])
    dawn, twilight = m.told(0), m.told(1)
    assert [t.seq for t in twilight] == [0]
    assert twilight[0].event == m.rules.redact(m.events[0], 1)
    assert twilight[0].event != m.events[0] and dawn[0].event == m.events[0]
    assert m.told(1, since=1) == []


def test_a_scenario_chooses_step_by_step() -> None:
    s = scenario("vicious-circle", "5/5/5/5/s4 -/- t -,- 0")
    tree = s.choices(1)
    path: list[str] = []
    at: Step | Option = tree
    while isinstance(at, Step):
        path.append(at.options[0].label)
        at = at.options[0].then or at.options[0]
    events = s.choose(1, *path)
    assert any(line.startswith("choose ") for line in s.lines)
    assert events and events[0] == next(tree.actions())
