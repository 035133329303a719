"""Helpers for rule tests and snapshot tests, for grimoire's own tests and for yours.

Build a match from a position, act, and snapshot a readable transcript with syrupy:

>>> from grimoire.testing import scenario
>>> s = scenario("vicious-circle", "5/5/5/5/s4 -/- t -,- 0")
>>> s.refuse(s.move(1, "a1", "a1"))
'move/null'
>>> _ = s.act(s.move(1, "a1", "d1"))
>>> print(s.transcript().splitlines()[-1])
  -> Twilight moves the saint from a1 to d1

A seat's choice, step by step, as a player makes it (``choices`` gives the tree,
``problems`` what is wrong with a game's tree: the contract tests run it everywhere):

>>> s = scenario("vicious-circle", "5/5/5/5/s4 -/- t -,- 0")
>>> s.choices(1).prompt != ""
True
>>> problems(s.match.rules, s.state, 1)
[]

A position from a few facts (each game's builder: :mod:`grimoire.testing.positions`),
and the rules applied to it directly, no match nor log:

>>> from grimoire.games.vicious_circle.events import Move
>>> s = position("vicious-circle", {"c3": "D", "c1": "s"})  # Dawn's dragon, to move
>>> events, after = act("vicious-circle", s, Move(player=0, from_="c3", to="c1"))
>>> kinds(events), after.reserves
(['move', 'capture'], ('', ''))
>>> refusal("vicious-circle", s, Move(player=0, from_="c3", to="e3"))
'move/restricted-terrain'

In a test (``snapshot`` is syrupy's fixture)::

    def test_throne(snapshot):
        s = scenario("vicious-circle", "...")
        s.act(...)
        assert s == snapshot(extension_class=GrimoireSnapshot)
"""

from grimoire.core.choices import Option, Pick, Step, Touch, choices, problems
from grimoire.testing.positions import act, facts, kinds, position, refusal
from grimoire.testing.scenario import Scenario, playthrough, scenario
from grimoire.testing.snapshot import GrimoireSnapshot

__all__ = ["GrimoireSnapshot", "Option", "Pick", "Scenario", "Step", "Touch", "act", "choices",
           "facts", "kinds", "playthrough", "position", "problems", "refusal", "scenario"]
