"""The contract every game keeps with the core, checked in one call, for your own game's
tests (grimoire's own games run the longer suite in ``tests/contract/``).

:func:`check` plays a few seeded random games of a game and reports each broken promise
once, as a :class:`Problem` that names the game, what happened and what to change:

===========================  ===============================================================
``legal/empty``              a seat is to act and ``legal`` lists nothing
``legal/refused``            ``decide`` refuses an action ``legal`` listed
``reason/unlisted``          ``decide`` refuses with a reason code ``REASONS`` lacks
``describe/duplicate``       two legal actions of one decision read alike
``notation/round-trip``      ``parse(notation(s))`` is another position
``evolve/failed``            ``evolve`` raised on an event ``decide`` produced
``state/unbounded``          an event repeated grows the state without bound
``view/leak``                a seat's view changes with what it may not know
``dice/unrecorded``          ``decide`` drew dice its events do not record
``dice/drawn-for-refused``   ``decide`` drew dice for an action it then refused
``audit/...``                the audit refuses a log of the game's own play
``play/crash``               any other exception, with where it was raised
===========================  ===============================================================

>>> from grimoire.testing.contract import check
>>> check("vicious-circle", games=1, max_actions=40)
[]

In a test of your game: ``assert check("my-game") == []`` (each problem prints as one
line: ``code: what happened. Fix: what to change``).
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Sequence
from typing import Any

import msgspec

from grimoire.core import registry
from grimoire.core.audit import audit_events
from grimoire.core.dice import SeededDice
from grimoire.core.errors import GrimoireError, IllegalAction, RulesError
from grimoire.core.events import Action, Event
from grimoire.core.kit import GameOver
from grimoire.core.logfile import MAX_DECISION
from grimoire.core.match import Match
from grimoire.core.replay import fold, initial_state
from grimoire.core.rules import CORE_REASONS, AnyRules, decide_checked, describe
from grimoire.core.views import leaks

__all__ = ["Problem", "check", "growth"]


class Problem(msgspec.Struct, frozen=True):
    """One broken promise: its ``code``, what happened (``detail``) and what to change
    (``fix``).

    >>> print(Problem("legal/empty", "my-game: seat 0 is to act with no action", "list one"))
    legal/empty: my-game: seat 0 is to act with no action. Fix: list one
    """

    code: str
    detail: str
    fix: str

    def __str__(self) -> str:
        return f"{self.code}: {self.detail}. Fix: {self.fix}"


FIXES = {
    "legal/empty": "legal must list at least one action for every seat to_act names (or "
                   "to_act must leave that seat out)",
    "legal/refused": "legal must list only actions decide accepts: make legal and decide "
                     "ask the same questions (rules.py)",
    "reason/unlisted": "add the code to REASONS (reasons.py) with a one-line meaning, or "
                       "refuse with a code it lists",
    "describe/duplicate": "describe must tell apart every legal action of a decision: add "
                          "what differs (the square, the target, the card) to its sentence "
                          "(render.py)",
    "notation/round-trip": "notation must write everything a position needs and parse read "
                           "it back (notation.py)",
    "evolve/failed": "evolve must handle every event decide can produce: add the event's "
                     "function to evolve's table (evolve.py)",
    "state/unbounded": "an event that can only happen so often must not grow the state "
                       "when repeated: evolve should replace, not append, or refuse the "
                       "impossible repetition (raise IllegalAction)",
    "view/leak": "view must hide from a seat everything disguise may change for it, and "
                 "disguise must change only what view hides (rules.py)",
    "dice/unrecorded": "record every draw in a chance event of the decision: roll with "
                       "Roll.of(dice, ...) or shuffle with Shuffle.of(dice, ...) and emit it",
    "dice/drawn-for-refused": "make every check that can refuse the action before the "
                              "first draw",
    "audit": "the audit re-decides the game's own play: decide must give the same events "
             "for the same state, action and dice, and evolve must not depend on anything "
             "but the state and the event",
    "play/crash": "see where it was raised",
}


class _Found:
    """Problems by code, the first of each kept."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.problems: dict[str, Problem] = {}

    def add(self, code: str, detail: str) -> None:
        if code not in self.problems:
            fix = FIXES.get(code, FIXES["audit"] if code.startswith("audit/") else "")
            named = detail if detail.startswith(f"{self.name}: ") else f"{self.name}: {detail}"
            self.problems[code] = Problem(code, named, fix)

    def crash(self, exc: BaseException, doing: str) -> None:
        if isinstance(exc, RulesError):
            self.add(exc.reason, exc.detail)
            return
        frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        where = f" at {frame.filename}:{frame.lineno}" if frame is not None else ""
        self.add("play/crash", f"{type(exc).__name__}: {exc} while {doing}{where}")


def check(game: str | AnyRules, *, games: int = 3, seed: int = 0, max_actions: int = 300,
          sample: int = 40) -> list[Problem]:
    """Play ``games`` seeded random games of ``game`` (a registered name or its rules) of
    at most ``max_actions`` actions, over each seat count it allows in turn, and return
    every kind of broken promise found (the first of each), in the order found. At each
    decision up to ``sample`` legal actions are decided, and actions legal earlier are
    tried again (most are refused: the refusals' codes and dice are checked)."""
    rules = registry.get(game) if isinstance(game, str) else game
    found = _Found(rules.name)
    known = {*rules.reasons, *CORE_REASONS}
    for k in range(games):
        count = rules.seats[k % len(rules.seats)]
        names = tuple(rules.default_players)[:count]
        if len(names) < count:
            names = tuple(f"P{i}" for i in range(count))
        try:
            match = Match.new(rules, players=names, seed=bytes([seed + k + 1]) * 16)
        except Exception as exc:
            found.crash(exc, "setting up a match")
            break
        _play(match, found, known, random.Random(seed + k), max_actions, sample)
        _audit(match, found)
        _bounded(match, found)
    return list(found.problems.values())


def _play(match: Match, found: _Found, known: set[str], rng: random.Random,
          max_actions: int, sample: int) -> None:
    rules = match.rules
    earlier: list[Any] = []
    for _ in range(max_actions):
        try:
            to_act = sorted(match.to_act)
        except Exception as exc:
            found.crash(exc, "asking to_act")
            return
        if not to_act:
            return
        state = match.state
        try:
            _position(rules, match, found)
        except Exception as exc:
            found.crash(exc, "writing and reading the position")
        chosen: list[Any] = []
        for seat in to_act:
            try:
                legal = list(rules.legal(state, seat))
            except Exception as exc:
                found.crash(exc, f"listing seat {seat}'s legal actions")
                return
            if not legal:
                found.add("legal/empty", f"seat {seat} is to act and has no legal action "
                          f"(position {_notation(rules, state)!r})")
                return
            _decision(rules, match, seat, legal, found, rng, sample)
            for seen in _leaks(rules, state, seat, rng):
                found.add("view/leak", seen)
            if not chosen:
                chosen = rng.sample(legal, len(legal))
            earlier.extend(rng.sample(legal, min(3, len(legal))))
        for old in rng.sample(earlier, min(4, len(earlier))):  # mostly refused now
            if getattr(old, "player", None) in to_act:
                _refusal(rules, state, old, found, known)
        for action in chosen:  # the first the match takes: play goes on past a bug
            try:
                match.act(action)
                break
            except IllegalAction as exc:
                found.add("legal/refused", f"{_name(action)} was listed as legal and "
                          f"refused ({exc})")
            except Exception as exc:
                _why_act_failed(rules, state, action, exc, found)
        else:
            return


def _decision(rules: AnyRules, match: Match, seat: int, legal: Sequence[Any], found: _Found,
              rng: random.Random, sample: int) -> None:
    state = match.state
    try:
        seen = rules.view(state, seat)
        labels = [describe(rules, a, seen) for a in legal]
    except Exception as exc:
        found.crash(exc, "describing the legal actions")
        return
    twice = sorted({x for x in labels if labels.count(x) > 1})
    if twice:
        found.add("describe/duplicate", f"legal actions of seat {seat} read alike, e.g. "
                  f"{len(twice)} sentence(s) such as {twice[0]!r} name two or more")
    for action in legal if len(legal) <= sample else rng.sample(list(legal), sample):
        try:
            decide_checked(rules, state, action, SeededDice(b"contract"))
        except IllegalAction as exc:
            found.add("legal/refused", f"{_name(action)} was listed as legal and refused "
                      f"({exc})")
        except Exception as exc:
            found.crash(exc, f"deciding {_name(action)}")


def _refusal(rules: AnyRules, state: Any, action: Any, found: _Found, known: set[str]) -> None:
    try:
        decide_checked(rules, state, action, SeededDice(b"contract"))
    except IllegalAction as exc:
        if exc.reason not in known and not exc.reason.startswith("dice/"):
            found.add("reason/unlisted", f"{_name(action)} was refused with {exc.reason!r}, "
                      "which REASONS does not list")
    except Exception as exc:
        found.crash(exc, f"deciding {_name(action)} again later")


def _position(rules: AnyRules, match: Match, found: _Found) -> None:
    state = match.state
    try:
        text = rules.notation(state)
    except IllegalAction:
        return  # a phase with no notation (secret choices pending)
    options = msgspec.convert(match.header.options, rules.Options)
    try:
        again = rules.parse(text, options, match.header.players)
    except IllegalAction as exc:
        found.add("notation/round-trip", f"parse refuses the notation it wrote, {text!r} "
                  f"({exc})")
        return
    back = rules.notation(again)
    if back != text or rules.to_act(again) != rules.to_act(state):
        found.add("notation/round-trip", f"{text!r} reads back as {back!r}")
        return
    for seat in rules.to_act(state):
        if list(rules.legal(again, seat)) != list(rules.legal(state, seat)):
            found.add("notation/round-trip", f"{text!r} read back gives seat {seat} other "
                      "legal actions")
            return


def _leaks(rules: AnyRules, state: Any, seat: int, rng: random.Random) -> list[str]:
    try:
        return leaks(rules, state, seat, rng=rng, tries=2)
    except Exception as exc:
        return [f"{type(exc).__name__}: {exc} while disguising a state for seat {seat}"]


def _why_act_failed(rules: AnyRules, state: Any, action: Any, exc: Exception,
                    found: _Found) -> None:
    """``match.act`` raised: name the event ``evolve`` failed on, if it was evolve."""
    if isinstance(exc, RulesError):
        found.add(exc.reason, exc.detail)
        return
    try:
        events = rules.decide(state, action, SeededDice(b"contract"))
    except Exception:
        found.crash(exc, f"playing {_name(action)}")
        return
    now = state
    for event in events:
        try:
            now = rules.evolve(now, event)
        except Exception as failed:
            found.add("evolve/failed", f"evolve raised {type(failed).__name__}: {failed} on "
                      f"{_name(event)}, an event decide gave for {_name(action)}")
            return
    found.crash(exc, f"playing {_name(action)}")


def _audit(match: Match, found: _Found) -> None:
    if not match.events:
        return
    log = match.log(reveal=True)
    report = audit_events(match.rules, log.header, log.events)
    if not report.ok and report.error is not None:
        found.add(str(report.error["reason"]), f"the audit of a seeded game refuses seq "
                  f"{report.error.get('seq')}: {report.error.get('detail')}")


def _bounded(match: Match, found: _Found) -> None:
    """Each kind of consequence, repeated in a forged log, must not grow the state."""
    try:
        sizes = growth(match)
    except GrimoireError:
        return
    for kind, (before, after) in sizes.items():
        if after > before + 256:
            found.add("state/unbounded", f"{kind.__name__} repeated grows the state from "
                      f"{before} to {after} bytes")


def growth(match: Match) -> dict[type, tuple[int, int]]:
    """For each kind of consequence ``match`` holds, the size of the state (its JSON, in
    bytes) after a forged log repeats its first one after the action before it, as often
    as the readers allow, 2 and then 8 times; kinds the fold refuses to repeat (an
    impossible event) are left out. A state that grows from one to the other grows with
    the log.

    >>> from grimoire.core.match import Match
    >>> m = Match.new("vicious-circle", seed=b"s" * 16)
    >>> growth(m)
    {}
    """
    rules, events = match.rules, list(match.events)
    first: dict[type, int] = {}
    for i, event in enumerate(events):
        if i > 0 and not isinstance(event, Action | GameOver):
            first.setdefault(type(event), i)
    start = initial_state(rules, match.header)
    out: dict[type, tuple[int, int]] = {}
    for kind, i in first.items():
        sizes = []
        for reps in (2, 8):
            try:
                state = fold(rules, start, _forged(events, i, reps))
            except Exception:  # an impossible event: refused, not folded
                break
            sizes.append(len(msgspec.json.encode(state)))
        if len(sizes) == 2:
            out[kind] = (sizes[0], sizes[1])
    return out


def _forged(events: list[Event], i: int, reps: int) -> list[Event]:
    """The log up to event ``i``, then ``reps`` times the action before it and
    ``MAX_DECISION - 1`` copies of event ``i``."""
    j = max(k for k in range(i) if isinstance(events[k], Action))
    out = list(events[: i + 1])
    for _ in range(reps):
        out += [events[j], *[events[i]] * (MAX_DECISION - 1)]
    return out


def _notation(rules: AnyRules, state: Any) -> str:
    try:
        return str(rules.notation(state))
    except Exception:
        return "?"


def _name(event: Any) -> str:
    """An event as its type and fields, short."""
    text = repr(event)
    return text if len(text) <= 120 else text[:117] + "..."
