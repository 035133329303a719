"""Scenarios: a match from a position, with a transcript of what happened."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from grimoire.bots.random import RandomBot
from grimoire.core.choices import Option, Step
from grimoire.core.dice import match_seed
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event
from grimoire.core.match import Match
from grimoire.core.rules import PlayerId, describe


class Scenario:
    """A :class:`~grimoire.core.match.Match` plus a readable transcript of boards, actions,
    events and refusals. Compare it to a syrupy snapshot with
    :class:`~grimoire.testing.GrimoireSnapshot`."""

    def __init__(self, match: Match, *, title: str = "") -> None:
        self.match = match
        self.lines: list[str] = []
        if title:
            self.lines.append(f"# {title}")
        pos = match.header.position
        self.lines.append(f"game {match.rules.name} rules {match.rules.version}"
                          + (f" from {pos!r}" if pos else ""))
        self.board()

    # -- shortcuts for building actions of the scenario's game -----------------------

    def __getattr__(self, name: str) -> Any:
        """``s.move(1, "a1", "d4")`` builds the game's ``Move`` event positionally."""
        for cls in _event_classes(self.match.rules.Event):
            tag = getattr(cls, "__struct_config__", None) and cls.__struct_config__.tag  # type: ignore[attr-defined]
            if tag is not None and str(tag).replace("-", "_") == name:
                return cls
        raise AttributeError(name)

    @property
    def state(self) -> Any:
        return self.match.state

    def board(self, player: PlayerId | None = None) -> str:
        """Add the board (as ``player`` sees it) to the transcript and return it."""
        m = self.match
        text = m.rules.render(m.state) if player is None else m.render(player)
        who = "" if player is None else f" as {m.header.players[player]}"
        self.lines.append(f"board{who}:")
        self.lines.extend("  " + line for line in text.splitlines())
        return text

    def act(self, action: Event, dice: Iterable[int] | None = None) -> tuple[Event, ...]:
        """Act; the action's events go to the transcript. Refusals propagate."""
        rules, state = self.match.rules, self.match.state
        events = self.match.act(action, dice)
        self.lines.append(f"act {describe(rules, action, state)}"
                          + (f" dice {list(dice)}" if dice else ""))
        for event in events:
            self.lines.append(f"  -> {describe(rules, event, state)}")
            state = rules.evolve(state, event)
        return events

    def choices(self, player: PlayerId) -> Step:
        """``player``'s choice now, step by step (see :mod:`grimoire.core.choices`);
        fails the test if the seat has nothing to choose."""
        step = self.match.choices(player)
        assert step is not None, f"seat {player} has nothing to choose"
        return step

    def choose(self, player: PlayerId, *answers: str) -> tuple[Event, ...]:
        """Take ``player``'s action by its steps as a person would (``"Dragon a8"``,
        ``"b8"``: each a label, a square's name or a number, see
        :meth:`~grimoire.core.choices.Step.option`) and act it; the answers go to the
        transcript with the events. Answers that stop short of an action fail."""
        reached = self.choices(player).walk(answers)
        assert isinstance(reached, Option), \
            f"{' > '.join(answers)} stops at {reached.prompt!r}, not at an action"
        self.lines.append(f"choose {' > '.join(answers)}")
        return self.act(reached.action)

    def refuse(self, action: Event, dice: Iterable[int] | None = None) -> str:
        """Assert that ``action`` is refused and that the match is unchanged; return the
        reason code (also written to the transcript)."""
        before = (self.match.state, len(self.match.events))
        try:
            self.match.act(action, dice)
        except IllegalAction as exc:
            assert (self.match.state, len(self.match.events)) == before, "refusal changed state"
            self.lines.append(
                f"refused {describe(self.match.rules, action, self.match.state)}: {exc}")
            return exc.reason
        raise AssertionError(f"{action!r} was accepted")

    def transcript(self) -> str:
        return "\n".join(self.lines) + "\n"

    def __str__(self) -> str:
        return self.transcript()


def _event_classes(union: Any) -> Sequence[type]:
    args = getattr(union, "__args__", None)
    return tuple(args) if args else (union,)


def scenario(
    game: str,
    position: str | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    players: Sequence[str] | None = None,
    dice: str = "recorded",
    seed: str | None = None,
    title: str = "",
) -> Scenario:
    """A scenario starting from ``position`` (the game's notation) or from the setup.

    Dice default to ``"recorded"``: give values with ``act(action, dice=[...])``."""
    match = Match.new(game, position=position, options=options, players=players, dice=dice,
                      seed=seed if dice == "seeded" else None)
    return Scenario(match, title=title)


def playthrough(
    game: str,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    players: Sequence[str] | None = None,
    max_actions: int = 400,
    show_legal: int = 12,
) -> str:
    """A seeded random game printed state by state: the board, the legal actions (the
    first ``show_legal``), the action taken and its events, and each player's view where
    it differs from the full board. Used for the playthrough goldens."""
    match = Match.new(game, seed=match_seed(seed, 0), options=options, players=players)
    bot = RandomBot(f"{seed}:0")
    rules = match.rules
    names = match.header.players
    out = [f"playthrough {rules.name} rules {rules.version} seed {seed}",
           f"options {msgspec.json.encode(match.header.options).decode()}"]
    for step in range(max_actions):
        if not match.to_act:
            break
        out.append(f"== step {step}: to act {', '.join(names[p] for p in sorted(match.to_act))}")
        full = rules.render(match.state)
        out.extend("  " + line for line in full.splitlines())
        for p in [*range(len(names)), None]:
            seen = match.render(p)
            if seen != full:
                out.append(f"  view of {'the spectator' if p is None else names[p]}:")
                out.extend("    " + line for line in seen.splitlines())
        seat = min(match.to_act)
        legal = match.legal(seat)
        state = match.state
        shown = ", ".join(describe(rules, a, state) for a in legal[:show_legal])
        more = f" (+{len(legal) - show_legal} more)" if len(legal) > show_legal else ""
        out.append(f"  legal for {names[seat]} ({len(legal)}): {shown}{more}")
        action = bot.choose(match, seat)
        for event in match.act(action):
            out.append(f"  -> {describe(rules, event, state)}")
            state = rules.evolve(state, event)
    out.append("== end")
    out.extend("  " + line for line in rules.render(match.state).splitlines())
    outcome = match.outcome
    out.append(f"outcome {msgspec.json.encode(outcome).decode() if outcome else 'unfinished'}")
    return "\n".join(out) + "\n"
