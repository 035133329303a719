"""Betting props: the chance that each side wins the current battle.

A battle (one round: the strikes, then any camp raid) is won by the side that loses fewer
units in it; equal losses are a tie. Both sides are taken to play well: each strike is
chosen to maximise the striker's chance of winning the battle less its chance of losing
it (expectiminimax over the raid rolls), ties between strikes going to the first
in ``board.all_strikes``'s order (the value of the battle does not depend on it).

- During a battle or a raid the dice are on the table: the answer is **exact** (the whole
  tree of strikes and raid rolls, memoised).
- Before the battle roll (muster or deployment) the rolls are still to come: the answer is
  a **seeded simulation** (:class:`~grimoire.core.dice.SeededDice`, never the global RNG)
  of the rolls, each sample solved exactly, with a 95% error bar. A deployment not yet
  revealed is assumed to be all in (as many units as allowed).

The answer is the core's :class:`~grimoire.core.rules.Odds` (``BattleOdds`` is its name
here), with the phase and round of ``state``; ``RULES.odds`` is this function.

>>> from grimoire.games.wizard_armies.state import State
>>> s = State(phase="battle", troops=(4, 4), deployed=(2, 2),
...           field=((6, 2), (5, 3)), turn=0, init=(5, 2))
>>> o = battle_odds(s)
>>> o.method, round(o.win[0], 3), round(o.win[1], 3), o.phase, o.round
('exact', 1.0, 0.0, 'battle', 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache
from itertools import combinations_with_replacement

from grimoire.core.dice import SeededDice
from grimoire.core.rules import Odds
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.board import (
    Dice,
    all_strikes,
    beats,
    can_strike,
    groups,
    remove,
)
from grimoire.games.wizard_armies.state import State

Triple = tuple[float, float, float]  # seat 0 wins, seat 1 wins, tie

DEFAULT_SAMPLES = 1000
DEFAULT_SEED = b"wizard-armies/odds"


BattleOdds = Odds
"""The chances of the current battle: the core's :class:`~grimoire.core.rules.Odds`."""


def _result(d: int) -> Triple:
    """The end of a battle where seat 0 lost ``d`` more units than seat 1."""
    if d < 0:
        return (1.0, 0.0, 0.0)
    if d > 0:
        return (0.0, 1.0, 0.0)
    return (0.0, 0.0, 1.0)


def _better(a: Triple, b: Triple, seat: int) -> bool:
    """Is ``a`` strictly better than ``b`` for ``seat``?"""
    va, vb = a[0] - a[1], b[0] - b[1]
    return va > vb + 1e-12 if seat == 0 else va < vb - 1e-12


def _multisets(k: int) -> Iterator[tuple[Dice, float]]:
    """Every sorted outcome of ``k`` dice with its probability."""
    total = T.SIDES**k
    for combo in combinations_with_replacement(range(T.SIDES, 0, -1), k):
        ways = math.factorial(k)
        for v in set(combo):
            ways //= math.factorial(combo.count(v))
        yield combo, ways / total


@cache
def _finishers(field: Dice, target: int) -> tuple[Dice, ...]:
    """The groups worth striking ``target`` with when nothing strikes back: the smallest
    single die that beats it, and every combination with no die to spare."""
    out: list[Dice] = []
    singles = [v for v in field if beats((v,), target)]
    if singles:
        out.append((min(singles),))
    for group in groups(field):
        if len(group) > 1 and beats(group, target) and all(
            not beats((v,), target) and sum(group) - v <= target for v in group
        ):
            out.append(group)
    return tuple(out)


@cache
def _max_kills(field: Dice, targets: Dice) -> int:
    """The most camp units a raid with ``field`` can kill among ``targets`` (the order of
    strikes does not matter when nothing strikes back)."""
    if not field or not targets:
        return 0
    bound = min(len(field), len(targets))
    target, rest = targets[0], targets[1:]
    best = _max_kills(field, rest)
    for group in _finishers(field, target):
        if best >= bound:
            break
        best = max(best, 1 + _max_kills(remove(field, group) or (), rest))
    return best


def _raid(field: Dice, targets: Dice, raider: int, d: int) -> Triple:
    """The raider strikes the rolled camp units with no retaliation, as well as it can."""
    kills = _max_kills(field, targets)
    return _result(d + kills if raider == 1 else d - kills)


@cache
def _kill_chances(field: Dice, count: int) -> tuple[float, ...]:
    """Probability of each number of kills (index) when a raid rolls ``count`` camp dice."""
    out = [0.0] * (count + 1)
    for targets, p in _multisets(count):
        out[_max_kills(field, targets)] += p
    return tuple(out)


def _raid_roll(field: Dice, count: int, raider: int, d: int) -> Triple:
    w0 = w1 = tie = 0.0
    for kills, p in enumerate(_kill_chances(field, count)):
        a, b, c = _result(d + kills if raider == 1 else d - kills)
        w0, w1, tie = w0 + p * a, w1 + p * b, tie + p * c
    return (w0, w1, tie)


@cache
def _moves(own: Dice, enemy: Dice) -> tuple[tuple[Dice, Dice, int], ...]:
    """Every strike as (own field after, enemy field after, dice sent home to camp)."""
    return tuple(
        (remove(own, group) or (), remove(enemy, (target,)) or (), len(group))
        for group, target in all_strikes(own, enemy)
    )


def _end(f0: Dice, f1: Dice, c0: int, c1: int, d: int) -> Triple:
    """The battle is over: a camp raid if a side holds two or more against none."""
    for seat, own, other_field, other_camp in ((0, f0, f1, c1), (1, f1, f0, c0)):
        if len(own) >= T.RAIDERS_NEEDED and not other_field and other_camp > 0:
            return _raid_roll(own, min(T.RAID_MAX, other_camp), seat, d)
    return _result(d)


def _raids(f0: Dice, f1: Dice, c0: int, c1: int) -> bool:
    """Is a camp raid due (two or more dice against none, and a camp to raid)?"""
    return ((len(f0) >= T.RAIDERS_NEEDED and not f1 and c1 > 0)
            or (len(f1) >= T.RAIDERS_NEEDED and not f0 and c0 > 0))


@cache
def _after(f0: Dice, f1: Dice, c0: int, c1: int, turn: int, d: int, lone: bool) -> Triple:
    """Whose strike is next (``turn`` if able, else the other), or the battle's end (a
    raid first if one is due). ``lone``: the battle goes on while either side has a strike,
    so a lone Wizard facing an empty field still strikes the camp (option ``battle_end``
    ``"no-strike"``); else it ends as soon as a field is empty (``"empty-field"``)."""
    if not _raids(f0, f1, c0, c1) and (lone or (f0 and f1)):
        fields, camps = (f0, f1), (c0, c1)
        if can_strike(fields[turn], fields[1 - turn], camps[1 - turn]):
            return _battle(f0, f1, c0, c1, turn, d, lone)
        if can_strike(fields[1 - turn], fields[turn], camps[turn]):
            return _battle(f0, f1, c0, c1, 1 - turn, d, lone)
    return _end(f0, f1, c0, c1, d)


@cache
def _battle(f0: Dice, f1: Dice, c0: int, c1: int, turn: int, d: int, lone: bool) -> Triple:
    """``turn`` strikes now (it can); fields, camps and the loss difference so far."""
    own, enemy = (f0, f1) if turn == 0 else (f1, f0)
    enemy_camp = c1 if turn == 0 else c0
    step = 1 if turn == 1 else -1  # the enemy loses a unit
    best: Triple | None = None
    moves = [(a, b, home, 0) for a, b, home in _moves(own, enemy)]
    if T.WIZARD in own and enemy_camp > 0:
        moves.append((remove(own, (T.WIZARD,)) or (), enemy, 1, 1))
    for own2, enemy2, home, camp_hit in moves:
        if turn == 0:
            value = _after(own2, enemy2, c0 + home, c1 - camp_hit, 1, d + step, lone)
        else:
            value = _after(enemy2, own2, c0 - camp_hit, c1 + home, 0, d + step, lone)
        if best is None or _better(value, best, turn):
            best = value
    assert best is not None
    return best


def _rolled(state: State, seat: int) -> bool:
    """Has ``seat`` made its battle roll this round? Seat 0 rolls first; until both have
    rolled nobody has lost a unit, and a roll puts at least one die on the field. Once
    both have rolled a field can empty only by a loss (a coward, a die struck, or a strike
    that costs the enemy a unit), so ``lost`` is no longer ``(0, 0)``."""
    return bool(state.field[seat]) or state.lost != (0, 0)


def is_exact(state: State) -> bool:
    """Are all the dice of the current battle on the table (only raid rolls to come)?"""
    if state.phase == "raid":
        return True
    return (state.phase == "battle" and state.turn >= 0
            and _rolled(state, 0) and _rolled(state, 1))


def _exact(state: State) -> Triple:
    d = state.lost[0] - state.lost[1]
    if state.phase == "raid":
        raider = state.turn
        return _raid(state.field[raider], state.targets, raider, d)
    return _from_roll(state.troops, state.lost, state.field, state.turn, _lone(state))


def _lone(state: State) -> bool:
    """Does the battle go on after a field empties (option ``battle_end``)?"""
    return state.battle_end != "empty-field"


def _cap(camp: int, enemy_field: Dice) -> int:
    """Camp sizes above what a raid or the enemy's Wizards can reach behave alike."""
    return min(camp, T.RAID_MAX + enemy_field.count(T.WIZARD))


def _from_roll(
    troops: tuple[int, int], lost: tuple[int, int], field: tuple[Dice, Dice], first: int,
    lone: bool,
) -> Triple:
    """Solve from the battle roll (cowards maybe not yet removed), ``first`` to strike."""
    t = list(troops)
    lo = list(lost)
    clean: list[Dice] = []
    for seat in (0, 1):
        cowards = field[seat].count(T.COWARD)
        t[seat] -= cowards
        lo[seat] += cowards
        clean.append(tuple(sorted((v for v in field[seat] if v != T.COWARD), reverse=True)))
    f0, f1 = clean
    c0, c1 = _cap(t[0] - len(f0), f1), _cap(t[1] - len(f1), f0)
    return _after(f0, f1, c0, c1, first, lo[0] - lo[1], lone)


def _army(dice: SeededDice, doubles: str) -> int:
    troops = extra = 0
    while True:
        a, b = dice.roll(T.SIDES), dice.roll(T.SIDES)
        troops += a + b
        if a != b or doubles == "none" or (doubles == "once" and extra):
            return troops
        extra += 1


def _sample(state: State, dice: SeededDice) -> Triple:
    """One seeded sample of the rolls still to come, solved exactly from there."""
    troops = list(state.troops)
    if state.phase == "muster":
        for seat in (0, 1):
            if not state.mustered[seat]:
                troops[seat] += _army(dice, state.doubles)
    if state.phase == "battle":
        units = state.deployed
    else:
        units = (min(T.MAX_UNITS, troops[0]), min(T.MAX_UNITS, troops[1]))
        if state.phase == "deploy":
            units = (
                state.deployed[0] if state.ready[0] and state.deployed[0] else units[0],
                state.deployed[1] if state.ready[1] and state.deployed[1] else units[1],
            )
    if state.phase == "battle" and state.turn >= 0:
        first = state.turn
    else:
        i0, i1 = state.init if state.phase == "battle" else (0, 0)
        i0, i1 = i0 or dice.roll(T.SIDES), i1 or dice.roll(T.SIDES)
        while i0 == i1:
            i0, i1 = dice.roll(T.SIDES), dice.roll(T.SIDES)
        first = 0 if i0 > i1 else 1
    fields: list[Dice] = []
    for seat in (0, 1):
        if state.phase == "battle" and _rolled(state, seat):
            fields.append(state.field[seat])
        else:
            fields.append(tuple(dice.roll(T.SIDES) for _ in range(units[seat])))
    lost = state.lost if state.phase == "battle" else (0, 0)
    return _from_roll((troops[0], troops[1]), lost, (fields[0], fields[1]), first,
                      _lone(state))


def battle_odds(
    state: State, *, samples: int = DEFAULT_SAMPLES, seed: bytes = DEFAULT_SEED
) -> BattleOdds:
    """The chances of each seat winning the current (or coming) battle from ``state``."""
    phase, rnd = state.phase, state.round
    if phase == "over":
        return BattleOdds(method="none", win=(0.0, 0.0), tie=0.0,
                          assumption="the war is over", phase=phase, round=rnd)
    if is_exact(state):
        w0, w1, tie = _exact(state)
        return BattleOdds(method="exact", win=(w0, w1), tie=tie, phase=phase, round=rnd,
                          assumption="both sides strike to win the battle")
    dice = SeededDice(seed)
    rows = [_sample(state, dice) for _ in range(max(1, samples))]
    n = len(rows)
    means = [sum(r[i] for r in rows) / n for i in range(3)]
    spread = 0.0
    for i in range(3):
        var = sum((r[i] - means[i]) ** 2 for r in rows) / max(1, n - 1)
        spread = max(spread, 1.96 * math.sqrt(var / n))
    notes = {
        "muster": "armies, initiative and battle dice still to roll; deployments all in",
        "deploy": "initiative and battle dice still to roll; unrevealed deployments all in",
        "battle": "initiative or battle dice still to roll",
    }
    hidden = notes[phase] + "; both sides strike to win the battle"
    return BattleOdds(method="simulation", win=(means[0], means[1]), tie=means[2],
                      error=spread, samples=n, assumption=hidden, phase=phase, round=rnd)
