"""Wizard Armies: the decider (setup, to_act, legal, decide) and what each seat may see.

Who rolls: every roll is a chance event recorded with the seat it belongs to
(``Roll.player``). The army roll is the only roll a player asks for (the ``muster``
action); every other roll is a consequence of the action that makes it due: the second
secret ``deploy`` brings the reveal, the initiative rolls (rerolled on ties) and both
battle rolls; the strike that ends a battle brings the camp-raid roll. A player with no
possible strike passes automatically (a ``no-strike`` consequence), so ``to_act`` always
names the seat whose decision is awaited.

With option ``hidden="commit"`` the secret deployment is made by commit-reveal: both
seats ``commit`` (a digest of the deployment and a secret nonce), then both ``open``
(the deployment and the nonce, checked against the digest); the second opening brings
the reveal, so nothing that depends on a deployment happens before both are opened.

>>> from grimoire import Match
>>> from grimoire.games.wizard_armies import RULES
>>> m = Match.new("wizard-armies", players=("Ann", "Ben"), dice="recorded")
>>> before = m.state
>>> for event in m.act(Muster(player=0), dice=[3, 4]):
...     print(RULES.describe(event, before))
...     before = RULES.evolve(before, event)
Ann raises an army
Ann rolls 3 and 4 for troops: an army of 7
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Roll
from grimoire.core.kit import PUBLIC_NONCE, Builder, commitment, put
from grimoire.core.rules import PlayerId
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.board import beats, can_strike, chosen_strikes, remove
from grimoire.games.wizard_armies.events import (
    CampStrike,
    Commit,
    Deploy,
    Desert,
    Event,
    GameOver,
    Initiative,
    Muster,
    NoStrike,
    Open,
    Raid,
    Reveal,
    RoundOver,
    Strike,
    choice,
    commit_choice,
    open_choice,
)
from grimoire.games.wizard_armies.evolve import evolve
from grimoire.games.wizard_armies.state import Options, State

Build = Builder[State, Event]

# ------------------------------------------------------------------ setup and turns


def setup(options: Options, players: Sequence[str]) -> State:
    """Two armies still to raise: both seats roll for troops first. The players' names
    are kept for the board and event lines.

    >>> s = setup(Options(doubles="once"), ("Ann", "Ben"))
    >>> s.phase, s.names
    ('muster', ('Ann', 'Ben'))
    """
    return State(doubles=options.doubles, battle_end=options.battle_end, hidden=options.mode,
                 names=tuple(players))


# Who is still to choose, by (seat 0 done, seat 1 done); whose turn it is, by seat.
_WAITING: dict[tuple[bool, bool], frozenset[PlayerId]] = {
    (a, b): frozenset(p for p, done in ((0, a), (1, b)) if not done)
    for a in (False, True) for b in (False, True)
}
_TURN: tuple[frozenset[PlayerId], ...] = (frozenset((0,)), frozenset((1,)))


def to_act(state: State) -> frozenset[PlayerId]:
    """Who has not rolled for troops, or not chosen a deployment; in a battle or a raid,
    the seat to strike. With ``hidden="commit"``: who has not committed, and once both
    have, who has not opened.

    >>> sorted(to_act(State())), sorted(to_act(State(phase="raid", turn=1)))
    ([0, 1], [1])
    >>> sorted(to_act(State(hidden="commit", phase="deploy", sealed=("ab" * 32, ""))))
    [1]
    """
    phase = state.phase
    if phase == "muster":
        return _WAITING[state.mustered]
    if phase == "deploy":
        if state.hidden == "commit" and not all(state.sealed):
            return _WAITING[(bool(state.sealed[0]), bool(state.sealed[1]))]
        return _WAITING[state.ready]
    if phase in ("battle", "raid") and state.turn >= 0:
        return _TURN[state.turn]
    return frozenset()


def can_act(state: State, seat: int) -> bool:
    """May ``seat`` strike now (on the enemy field or, with a Wizard, the enemy camp)?

    >>> can_act(State(phase="battle", troops=(1, 1), field=((2,), (3,)), turn=0), 0)
    False
    """
    other = 1 - seat
    if state.phase == "raid":
        return can_strike(state.field[seat], state.targets, 0, camp_strike=False)
    return can_strike(state.field[seat], state.field[other], state.camp(other))


def raider(state: State) -> int | None:
    """The seat that raids when the battle ends now, if any: two or more units on the
    field against none, and a camp to raid.

    >>> raider(State(phase="battle", troops=(3, 4), field=((), (5, 2)), turn=1))
    1
    """
    for seat in (0, 1):
        other = 1 - seat
        if (len(state.field[seat]) >= T.RAIDERS_NEEDED and not state.field[other]
                and state.camp(other) > 0):
            return seat
    return None


def striker(state: State) -> int | None:
    """In a battle, the seat that strikes next: ``turn`` if it has a strike, else the other
    if it has one (``turn`` then passes); ``None`` when the battle is over (a raid may
    follow, see :func:`raider`).

    The battle lasts while either side has a strike, so a lone Wizard facing an empty
    field still kills a unit in the enemy camp; with option ``battle_end="empty-field"``
    (ruleset 1) it ends as soon as either field is empty.

    >>> lone = State(phase="battle", troops=(5, 10), field=((6,), ()), turn=0)
    >>> striker(lone), striker(msgspec.structs.replace(lone, battle_end="empty-field"))
    (0, None)
    """
    if raider(state) is not None:
        return None
    if state.battle_end == "empty-field" and not (state.field[0] and state.field[1]):
        return None
    for seat in (state.turn, 1 - state.turn):
        if seat in (0, 1) and can_act(state, seat):
            return seat
    return None


# ------------------------------------------------------------------ legal


def deployments(state: State, player: PlayerId) -> tuple[Deploy, ...]:
    """The deployments ``player`` may choose now, from one unit up (the choices a commit
    may seal).

    >>> [d.units for d in deployments(State(phase="deploy", troops=(3, 9)), 0)]
    [1, 2, 3]
    """
    top = min(T.MAX_UNITS, state.troops[player])
    return tuple(Deploy(player=player, units=u) for u in range(T.MIN_UNITS, top + 1))


def public_opening(state: State, player: PlayerId) -> Open | None:
    """The :class:`Open` of ``player``'s commitment if it sealed a legal deployment with
    ``kit.PUBLIC_NONCE`` (found by trying each, at most six digests), else ``None``.

    >>> s = State(hidden="commit", phase="deploy", troops=(5, 5),
    ...           sealed=(commit_choice(Deploy(player=0, units=4), PUBLIC_NONCE).digest, "x"))
    >>> public_opening(s, 0)
    Open(player=0, units=4, nonce='00000000000000000000000000000000')
    """
    digest = state.sealed[player]
    for deploy in deployments(state, player):
        if commitment(choice(deploy), PUBLIC_NONCE) == digest:
            return open_choice(deploy, PUBLIC_NONCE)
    return None


def legal(state: State, player: PlayerId) -> Sequence[Event]:
    """Every legal action of ``player``: the muster, the deployments from one unit up, or
    the strikes in the order a player chooses them (``board.chosen_strikes``: by the
    dice, largest first, one at a time; at each group of dice its targets from the
    largest, then a lone Wizard's camp strike, then the groups with one die more).

    With ``hidden="commit"`` the deployments are listed as the commits of each, sealed
    with ``kit.PUBLIC_NONCE`` (anyone can open those: they are for bots and tests; a
    player seals with :func:`~grimoire.games.wizard_armies.events.commit_choice` and a
    fresh nonce), and once both have committed, the opening of the seat's commitment if
    it was sealed with ``PUBLIC_NONCE`` (nothing otherwise: only its author knows the
    nonce).

    >>> from grimoire.games.wizard_armies import RULES
    >>> s = State(phase="battle", troops=(5, 5), field=((6, 2), (3,)), turn=0)
    >>> for action in legal(s, 0):
    ...     print(RULES.describe(action))
    Light strikes Dark's 3 with a Wizard
    Light's Wizard kills a unit in Dark's camp
    Light strikes Dark's 3 with a Wizard and a 2 together
    """
    phase = state.phase
    if phase == "muster":
        return (Muster(player=player),)
    if phase == "deploy":
        if state.hidden != "commit":
            return deployments(state, player)
        if not state.sealed[player]:
            return tuple(commit_choice(d, PUBLIC_NONCE) for d in deployments(state, player))
        opening = public_opening(state, player)
        return () if opening is None else (opening,)
    other = 1 - player
    enemy = state.targets if phase == "raid" else state.field[other]
    camp = phase == "battle" and state.camp(other) > 0
    return [Strike(player=player, dice=dice, target=target) if target is not None
            else CampStrike(player=player)
            for dice, target in chosen_strikes(state.field[player], enemy, camp)]


# ------------------------------------------------------------------ decide


def decide(state: State, action: Event, dice: Dice) -> tuple[Event, ...]:
    """``action`` and what it causes (rolls, the reveal, passes, the raid, the end of the
    round or of the war)."""
    decider = _DECIDERS.get(type(action))
    if decider is None:
        raise IllegalAction("action/unknown", f"{type(action).__name__} is not a player action")
    return decider(state, action, dice)


def _decide_muster(state: State, action: Muster, dice: Dice) -> tuple[Event, ...]:
    if state.phase != "muster":
        raise IllegalAction("muster/done", "armies are raised only at the start of the war")
    seat = action.player
    events: list[Event] = [action]
    extra = 0
    while True:
        roll = Roll.of(dice, seat, T.SIDES, T.TROOP_DICE, "troops")
        events.append(roll)
        doubles = len(set(roll.values)) == 1
        if not doubles or state.doubles == "none":
            break
        if state.doubles == "once" and extra >= 1:
            break
        extra += 1
    return tuple(events)


def _decide_deploy(state: State, action: Deploy, dice: Dice) -> tuple[Event, ...]:
    if state.phase != "deploy":
        raise IllegalAction("deploy/not-now", "units are deployed only between battles")
    if state.hidden == "commit":
        raise IllegalAction("deploy/sealed", "this match deploys by commit-reveal "
                            "(hidden='commit'): commit the deployment, then open it")
    _check_units(state, action.player, action.units)
    if not state.ready[1 - action.player]:
        return (action,)
    return _reveal(state, action, action.player, action.units, dice)


def _check_units(state: State, seat: int, units: int) -> None:
    """Refuse a deployment of ``units`` that ``seat`` may not choose."""
    top = min(T.MAX_UNITS, state.troops[seat])
    if units < T.MIN_UNITS:
        raise IllegalAction("deploy/too-few", f"deploy at least {T.MIN_UNITS} unit, not {units!r}")
    if units > T.MAX_UNITS:
        raise IllegalAction(
            "deploy/too-many", f"deploy at most {T.MAX_UNITS} units, not {units!r}"
        )
    if units > top:
        raise IllegalAction(
            "deploy/beyond-army", f"{units!r} units asked but the army holds {state.troops[seat]}"
        )


_HEX = frozenset("0123456789abcdef")


def _is_hex(text: str, digits: int) -> bool:
    return len(text) == digits and all(c in _HEX for c in text)


def _decide_commit(state: State, action: Commit, dice: Dice) -> tuple[Event, ...]:
    if state.hidden != "commit":
        raise IllegalAction("commit/off", "this match deploys in plain (hidden='trusted'): "
                            "deploy instead")
    seat = action.player
    if state.phase != "deploy" or state.sealed[seat]:
        raise IllegalAction("commit/not-now", "a deployment is committed once a round, "
                            "during the deployment")
    if not _is_hex(action.digest, 64):
        raise IllegalAction("commit/bad-digest", f"a commitment is 64 lowercase hex digits, "
                            f"not {action.digest[:80]!r}")
    return (action,)


def _decide_open(state: State, action: Open, dice: Dice) -> tuple[Event, ...]:
    if state.hidden != "commit":
        raise IllegalAction("commit/off", "this match deploys in plain (hidden='trusted'): "
                            "deploy instead")
    seat = action.player
    if state.phase != "deploy" or state.ready[seat]:
        raise IllegalAction("commit/not-now", "a commitment is opened once, during the "
                            "deployment that made it")
    if not all(state.sealed):
        raise IllegalAction("commit/too-early", "open only once both seats have committed")
    if not _is_hex(action.nonce, 32):
        raise IllegalAction("commit/bad-nonce", f"a nonce is 32 lowercase hex digits, "
                            f"not {action.nonce[:40]!r}")
    _check_units(state, seat, action.units)
    deploy = Deploy(player=seat, units=action.units)
    if commitment(choice(deploy), action.nonce) != state.sealed[seat]:
        raise IllegalAction("commit/mismatch", f"{action.units!r} units with nonce "
                            f"{action.nonce!r} is not what seat {seat} committed to")
    if not state.ready[1 - seat]:
        return (action,)
    return _reveal(state, action, seat, action.units, dice)


def _reveal(state: State, action: Deploy | Open, seat: int, units: int,
            dice: Dice) -> tuple[Event, ...]:
    """The last deployment (or opening) and what it brings: both revealed together, the
    initiative, both battle rolls and the cowards deserting."""
    b: Build = Builder(state, evolve, dice)
    b.emit(action)
    b.emit(Reveal(units=put(state.deployed, seat, units)))
    # Initiative: each rolls one die; ties are discarded and rolled again.
    while True:
        a = Roll.of(dice, 0, T.SIDES, 1, "initiative")
        z = Roll.of(dice, 1, T.SIDES, 1, "initiative")
        b.emit(a)
        b.emit(z)
        if a.values[0] != z.values[0]:
            break
    s = b.emit(Initiative(first=0 if a.values[0] > z.values[0] else 1))
    for p in (0, 1):
        s = b.emit(Roll.of(dice, p, T.SIDES, s.deployed[p], "battle"))
    for p in (0, 1):
        cowards = s.field[p].count(T.COWARD)
        if cowards:
            s = b.emit(Desert(player=p, count=cowards))
    _continue(b)
    return b.done()


def _strike_now(state: State) -> None:
    if state.phase not in ("battle", "raid"):
        raise IllegalAction("strike/not-now", "strikes happen only in a battle or a raid")


def _decide_strike(state: State, action: Strike, dice: Dice) -> tuple[Event, ...]:
    _strike_now(state)
    seat = action.player
    if not action.dice:
        raise IllegalAction("strike/no-dice", f"name the dice that strike, got {action!r}")
    if remove(state.field[seat], action.dice) is None:
        raise IllegalAction(
            "strike/not-on-field",
            f"dice {list(action.dice)} are not all among your field {list(state.field[seat])}",
        )
    enemy = state.targets if state.phase == "raid" else state.field[1 - seat]
    if action.target not in enemy:
        where = "raided camp units" if state.phase == "raid" else "enemy field"
        raise IllegalAction(
            "strike/no-target",
            f"no die of value {action.target!r} among the {where} {list(enemy)}",
        )
    if not beats(action.dice, action.target):
        raise IllegalAction(
            "strike/too-weak",
            f"dice {list(action.dice)} cannot strike a {action.target}: one die must be "
            "higher or a Wizard, several must add up to more",
        )
    b: Build = Builder(state, evolve, dice)
    b.emit(action)
    _continue(b)
    return b.done()


def _decide_camp_strike(state: State, action: CampStrike, dice: Dice) -> tuple[Event, ...]:
    _strike_now(state)
    if state.phase == "raid":
        raise IllegalAction(
            "camp-strike/in-raid", "during a raid, strike the rolled camp units instead"
        )
    seat = action.player
    if T.WIZARD not in state.field[seat]:
        raise IllegalAction(
            "camp-strike/no-wizard", f"no Wizard (six) among your field {list(state.field[seat])}"
        )
    if state.camp(1 - seat) <= 0:
        raise IllegalAction("camp-strike/empty-camp", "the enemy camp is empty")
    b: Build = Builder(state, evolve, dice)
    b.emit(action)
    _continue(b)
    return b.done()


def _continue(b: Build) -> None:
    """After a strike (or the battle roll): whose strike is next, or the battle's end."""
    s = b.state
    if s.phase == "raid":
        if not can_act(s, s.turn):
            _round_over(b)
        return
    seat = striker(s)
    if seat is not None:
        if seat != s.turn:
            b.emit(NoStrike(player=s.turn))
        return
    # The battle is over: neither side can strike, or a raid is due.
    seat = raider(s)
    if seat is None:
        _round_over(b)
        return
    s = b.emit(Raid(raider=seat))
    count = min(T.RAID_MAX, s.camp(1 - seat))
    s = b.emit(Roll.of(b.dice, seat, T.SIDES, count, "raid"))
    if not can_act(s, seat):
        _round_over(b)


def _round_over(b: Build) -> None:
    s = b.state
    s = b.emit(RoundOver(round=s.round, lost=s.lost, troops=s.troops))
    alive = tuple(p for p in (0, 1) if s.troops[p] > 0)
    if len(alive) == 1:
        b.emit(GameOver(winners=alive, reason="conquest"))
    elif not alive:
        b.emit(GameOver(winners=(), reason="mutual-destruction"))


_DECIDERS: dict[type, Callable[[State, Any, Dice], tuple[Event, ...]]] = {
    Muster: _decide_muster,
    Deploy: _decide_deploy,
    Commit: _decide_commit,
    Open: _decide_open,
    Strike: _decide_strike,
    CampStrike: _decide_camp_strike,
}


# ------------------------------------------------------------------ hidden information


def view(state: State, player: PlayerId | None) -> State:
    """While deployments are being chosen nobody sees the other's number (only that it
    has been chosen). With ``hidden="commit"`` the state holds no secret: only the
    commitments until they are opened, and the openings, which are public."""
    if state.phase != "deploy" or state.hidden == "commit":
        return state
    deployed = tuple(n if seat == player else 0 for seat, n in enumerate(state.deployed))
    if deployed == state.deployed:
        return state
    return msgspec.structs.replace(state, deployed=deployed)


def redact(event: Event, player: PlayerId | None) -> Event:
    """A deployment is secret from the other seat (and spectators) until the reveal. A
    commitment reveals nothing and an opening comes once both are committed: neither is
    redacted.

    >>> redact(Deploy(player=0, units=3), 1)
    Deploy(player=0, units=0)
    """
    if isinstance(event, Deploy) and event.player != player:
        return Deploy(player=event.player, units=0)
    return event


def disguise(state: State, player: PlayerId, rng: random.Random) -> State:
    """The same state with the opponent's secret deployment replaced by another legal one."""
    other = 1 - player
    if state.phase != "deploy" or not state.ready[other] or state.hidden == "commit":
        return state
    top = min(T.MAX_UNITS, state.troops[other])
    units = rng.randint(T.MIN_UNITS, max(T.MIN_UNITS, top))
    return msgspec.structs.replace(state, deployed=put(state.deployed, other, units))
