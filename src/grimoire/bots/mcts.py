"""Information-set Monte Carlo tree search over the :class:`~grimoire.core.rules.Rules`
protocol: one search bot for every game, with no game-specific code.

The search starts from the bot's seat's view of the position (``rules.view(state,
seat)``), never from the true state. Each iteration samples a world the seat cannot tell
from the true one (the game's ``disguise`` of that view: everything the seat cannot see
dealt anew), walks the tree from the root, expands one new action,
plays the rest of the game out with the game's rollout policy (random by default) and
credits every action on the path with the result for the seat that chose it.

- **Information sets.** Edges are keyed by actions as the bot's seat would see them
  (``redact(action, seat)``), so another seat's hidden choices share one edge; selection
  is UCB1 with availability counts (an action is compared only over the iterations in
  which it was legal), as in Cowling, Powley and Whitehouse's SO-ISMCTS.
- **Chance.** Every decision's chance events (rolls, draws, shuffles), as the seat sees
  them, lead to a chance node's children: each outcome sampled has its own subtree, so
  the tree learns what follows each roll without the bot choosing rolls.
- **Budget.** ``iterations`` (deterministic: the same seed and budget choose the same
  action) and/or ``ms`` of thinking time per move; the search stops at whichever comes
  first.
- **Rollouts** stop at ``depth`` actions; a game that offers ``evaluate(state)`` (a share
  of the win per seat) scores the cut-off position, otherwise it counts as shared.

>>> from grimoire import Match
>>> m = Match.new("vicious-circle", seed=bytes(32))
>>> bot = MCTSBot(seed=1, iterations=50)
>>> m.act(bot.choose(m, 0))[0].player
0
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from grimoire.core.dice import RandomDice
from grimoire.core.errors import GrimoireError, UsageError
from grimoire.core.events import Chance, Event
from grimoire.core.kit import apply_decision, uniform_rollout
from grimoire.core.match import Match
from grimoire.core.rules import AnyRules, PlayerId

Policy = Callable[[Any, PlayerId, Sequence[Any], random.Random], Any]
"""A rollout policy: ``(state, seat, legal actions, rng) -> one of the actions``."""


random_policy = uniform_rollout
"""The default rollout policy: any legal action, uniformly."""


def _key(event: Any) -> Any:
    """A hashable key for an event (frozen structs hash; one holding a list is encoded)."""
    try:
        hash(event)
    except TypeError:
        return msgspec.msgpack.encode(event)
    return event


class Edge:
    """An action from an information set: how often it was tried, how often it was
    legal when the tree stood here, the total reward of the seat that chose it, and the
    chance outcomes (each a node) that followed it."""

    __slots__ = ("action", "avail", "outcomes", "total", "visits")

    def __init__(self, action: Any) -> None:
        self.action = action
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.outcomes: dict[Any, Node] = {}


class Node:
    """An information set: the edges tried from it."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Any, Edge] = {}


class SearchResult(msgspec.Struct, frozen=True, kw_only=True):
    """What a search found: the action, the iterations run, the root's visit counts and
    mean rewards by action (in the bot's view), and the time taken."""

    action: Any
    iterations: int
    seconds: float
    visits: tuple[int, ...]
    values: tuple[float, ...]


class MCTSBot:
    """Information-set MCTS for any game (see the module's description).

    ``iterations`` and ``ms`` bound each move's search (at least one must be given;
    with ``ms`` alone the choice depends on the machine's speed). ``c`` is UCB1's
    exploration constant, ``depth`` the longest rollout. ``policy`` replaces the game's
    rollout policy; ``progress(done, total)`` is told every 64 iterations (``total`` 0
    when only time bounds the search) and once at the end with ``total`` -1.

    >>> MCTSBot(iterations=0)
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: bot/budget: iterations must be >= 1 and ms > 0
    """

    def __init__(self, seed: int | str = 0, *, iterations: int | None = 400,
                 ms: float | None = None, c: float = 0.7, depth: int = 60,
                 policy: Policy | None = None,
                 progress: Callable[[int, int], None] | None = None) -> None:
        if (iterations is None and ms is None) or (iterations is not None and iterations < 1) \
                or (ms is not None and not ms > 0) or depth < 0 or not c >= 0:
            raise UsageError("bot/budget", "iterations must be >= 1 and ms > 0")
        self.rng = random.Random(f"mcts:{seed}")
        self.iterations, self.ms, self.c, self.depth = iterations, ms, c, depth
        self.policy = policy
        self.progress = progress
        self.last: SearchResult | None = None

    def __repr__(self) -> str:
        return f"MCTSBot(iterations={self.iterations}, ms={self.ms}, c={self.c})"

    def choose(self, match: Match, player: PlayerId) -> Event:
        """The action the search prefers for ``player`` in ``match`` now, searched from
        the seat's view (``match.view(player)``) and the header's number of players:
        nothing else of the match is read."""
        result = self.search(match.rules, match.view(player), player,
                             seats=len(match.header.players))
        self.last = result
        action: Event = result.action
        return action

    # ------------------------------------------------------------------ the search

    def search(self, rules: AnyRules, view: Any, player: PlayerId, *,
               seats: int) -> SearchResult:
        """Search for ``player`` of ``seats`` players from ``view``, the seat's view of
        the position (``rules.view(state, player)``; the true state gives the same result,
        as a game's disguise of a state is that of its view). Every world searched is
        ``rules.disguise(view, player, rng)``, and the root's actions are ``player``'s
        legal actions in such a world (the same in every one), so what ``player`` cannot
        see cannot change the choice.

        >>> from grimoire import Match
        >>> m = Match.new("vicious-circle", seed=bytes(32))
        >>> bot = MCTSBot(seed=1, iterations=20)
        >>> found = bot.search(m.rules, m.view(1), 1, seats=2)
        >>> found.action in m.legal(1), found.iterations
        (True, 20)
        """
        actions = list(rules.legal(rules.disguise(view, player, random.Random(0)), player))
        if not actions:
            raise GrimoireError("bot/no-action", f"seat {player} has no legal action")
        started = time.perf_counter()
        if len(actions) == 1:
            return SearchResult(action=actions[0], iterations=0, seconds=0.0, visits=(0,),
                                values=(0.0,))
        rng = random.Random(self.rng.getrandbits(64))
        root = Node()
        deadline = None if self.ms is None else started + self.ms / 1000
        limit = self.iterations if self.iterations is not None else 1 << 62
        policy = self.policy or getattr(rules, "rollout", None) or random_policy
        evaluate = getattr(rules, "evaluate", None)
        done = 0
        while done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = rules.disguise(view, player, rng)
            self._iterate(rules, root, world, player, rng, policy, evaluate, seats)
            done += 1
            if self.progress is not None and done % 64 == 0:
                self.progress(done, limit if self.iterations is not None else 0)
        if self.progress is not None:
            self.progress(done, -1)
        keys = [_key(a) for a in actions]
        edges = [root.edges.get(k) for k in keys]
        visits = tuple(0 if e is None else e.visits for e in edges)
        values = tuple(0.0 if e is None or not e.visits else e.total / e.visits
                       for e in edges)
        best = max(range(len(actions)), key=lambda i: (visits[i], values[i]))
        return SearchResult(action=actions[best], iterations=done,
                            seconds=time.perf_counter() - started, visits=visits,
                            values=values)

    def _iterate(self, rules: AnyRules, root: Node, state: Any, me: PlayerId,
                 rng: random.Random, policy: Policy, evaluate: Any, seats: int) -> None:
        dice = RandomDice(rng)
        node: Node | None = root
        path: list[tuple[Edge, PlayerId]] = []
        redact, evolve, c = rules.redact, rules.evolve, self.c
        steps = 0
        while True:
            to_act = rules.to_act(state)
            if not to_act:
                break
            seat = me if node is root else (min(to_act) if len(to_act) == 1 else
                                              rng.choice(sorted(to_act)))
            if node is None and steps >= self.depth:
                break  # the rollout's end: no legal list is needed
            actions = rules.legal(state, seat)
            if node is None:  # the rollout, below the tree
                action = policy(state, seat, actions, rng) if len(actions) > 1 else actions[0]
                steps += 1
            else:
                action, edge = self._select(node, actions, seat, me, rng, redact, c)
                path.append((edge, seat))
            events = rules.decide(state, action, dice)
            state = apply_decision(state, events, evolve)
            if node is not None:
                new = edge.visits == 0
                seen = tuple(_key(redact(e, me)) for e in events if isinstance(e, Chance))
                child = edge.outcomes.get(seen)
                if child is None:
                    child = edge.outcomes[seen] = Node()
                    new = True
                node = None if new else child
        reward = _reward(rules, state, seats, evaluate)
        for edge, seat in path:
            edge.visits += 1
            edge.total += reward[seat]

    @staticmethod
    def _select(node: Node, actions: Sequence[Any], seat: PlayerId, me: PlayerId,
                rng: random.Random, redact: Any, c: float) -> tuple[Any, Edge]:
        """An untried action if there is one, else the best by UCB1 over availability.
        Another seat's actions that look alike to the bot (a hidden choice) share one
        edge, and which of them is played is drawn uniformly."""
        if seat == me:
            choices: Any = ((_key(a), a) for a in actions)
        else:
            alike: dict[Any, list[Any]] = {}
            for action in actions:
                alike.setdefault(_key(redact(action, me)), []).append(action)
            choices = ((k, group[0] if len(group) == 1 else group[rng.randrange(len(group))])
                       for k, group in alike.items())
        untried: list[tuple[Any, Edge]] = []
        best: tuple[Any, Edge] | None = None
        best_score = -1.0
        edges = node.edges
        for key, action in choices:
            edge = edges.get(key)
            if edge is None:
                edge = edges[key] = Edge(action)
            edge.avail += 1
            if edge.visits == 0:
                untried.append((action, edge))
            elif not untried:
                score = edge.total / edge.visits + c * math.sqrt(
                    math.log(edge.avail) / edge.visits)
                if score > best_score:
                    best, best_score = (action, edge), score
        if untried:
            return untried[rng.randrange(len(untried))]
        assert best is not None
        return best


def _reward(rules: AnyRules, state: Any, seats: int, evaluate: Any) -> Sequence[float]:
    """Each seat's share of the win: the winners share 1; a draw, or a rollout cut off
    with nothing to score it by, shares it among all."""
    outcome = rules.outcome(state)
    if outcome is not None:
        if outcome.winners:
            share = 1.0 / len(outcome.winners)
            return [share if p in outcome.winners else 0.0 for p in range(seats)]
        return [1.0 / seats] * seats
    scored: Sequence[float] | None = None if evaluate is None else evaluate(state)
    return [1.0 / seats] * seats if scored is None else scored


__all__ = ["MCTSBot", "Policy", "SearchResult", "random_policy"]
