"""Wizard Armies: what the best possible player wins against the uniform random bot
(issue 14), computed exactly, and the computation checked against the game's own rules.

``tools/wa_best_response.c`` is a specialised exact dynamic programme (a dense table of
battle values per pair of armies; see its header): V(b, r), the chance that a perfect
player with an army of b beats the random bot holding r from the start of a round, for
armies up to N, and the start value averaged over both army rolls. This script builds
and runs it, then checks it against an independent expectimax written over the game's
own ``RULES.legal``, ``RULES.decide`` and ``RULES.evolve``:

- **battles**: positions met in seeded random games (armies up to N), each valued by the
  programme and by the expectimax over the rules (the random seat averaged over its
  ``legal`` actions, the perfect seat maximising, raid rolls enumerated), with the
  programme's V as the value of the next round;
- **rounds**: for small armies, the round from the deployment on (both deployments, the
  initiative, the battle rolls and the cowards through ``decide``), which must give back
  the programme's V(b, r) as its fixed point (a round nobody loses a unit in comes back
  to the same armies).

Dice outcomes are enumerated, not sampled: one roll's dice are exchangeable (``evolve``
sorts them), so each multiset of values is fed once, in order, with its multinomial
probability; the initiative is won by either seat with chance one half (ties are rolled
again), fed as the rolls 2-1 or 1-2. Everything else is the rules' own.

Run (a few minutes for N = 12; N = 40 takes about ten):

    PYTHONPATH=src python tools/wa_best_response.py --armies 40 --check-armies 12
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from grimoire.bots.random import RandomBot
from grimoire.core.dice import RecordedDice
from grimoire.core.errors import IllegalAction
from grimoire.core.match import Match
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies.events import Deploy
from grimoire.games.wizard_armies.state import State

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "wa_best_response.c"


# ------------------------------------------------------------------ the programme


def run_programme(armies: int, queries: list[str] | None = None,
                  binary: Path | None = None) -> dict[str, Any]:
    """Build (if ``binary`` is not given) and run the C programme for armies up to
    ``armies``; ``queries`` are ``W fB fR turn tB tR`` lines answered after the table."""
    if binary is None:
        binary = Path(tempfile.gettempdir()) / "wa_best_response"
        subprocess.run(["gcc", "-O2", "-o", str(binary), str(SOURCE), "-lm"], check=True)
    done = subprocess.run([str(binary), str(armies)], input="\n".join(queries or []) + "\n",
                          capture_output=True, text=True, check=True)
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def army_chances(top: int) -> list[float]:
    """P(army = n) for n up to ``top``: two dice, a double rolls two more, again and again.

    >>> p = army_chances(60)
    >>> round(p[7], 6), round(sum(p), 6)
    (0.166667, 1.0)
    """
    p = [0.0] * (top + 1)
    for n in range(top + 1):
        for a in range(1, 7):
            for c in range(1, 7):
                if a != c:
                    p[n] += (a + c == n) / 36
                elif n - 2 * a >= 0:
                    p[n] += p[n - 2 * a] / 36
    return p


# ------------------------------------------------------------------ the reference


def multisets(count: int) -> Iterator[tuple[tuple[int, ...], float]]:
    """Every multiset of ``count`` dice (largest first) with its probability."""
    for combo in itertools.combinations_with_replacement(range(6, 0, -1), count):
        ways = math.factorial(count)
        for v in set(combo):
            ways //= math.factorial(combo.count(v))
        yield combo, ways / 6 ** count


def chance_outcomes(state: State, action: Any,
                    given: tuple[int, ...] = ()) -> list[tuple[float, State]]:
    """The states ``action`` leads to, with their chances: the decision is made by the
    rules, with the dice values ``given`` first; the only dice it may need after those
    (a strike, or the cowards deserting) are the raid's, all in one roll."""
    for needed in range(0, 7):
        try:
            events = RULES.decide(state, action, RecordedDice(given + (6,) * needed))
        except IllegalAction as refused:
            if refused.reason != "dice/needed":
                raise
            continue
        if needed == 0:
            return [(1.0, fold(state, events))]
        out = []
        for values, p in multisets(needed):
            dice = RecordedDice(given + values)
            out.append((p, fold(state, RULES.decide(state, action, dice))))
        return out
    raise AssertionError("a strike needs at most six dice (the raid roll)")


def fold(state: State, events: Any) -> State:
    for event in events:
        state = RULES.evolve(state, event)
    return state


class Reference:
    """Expectimax over the rules for the perfect seat ``me`` against the random seat:
    ``next_round(mine, theirs)`` values a finished round (the armies it leaves)."""

    def __init__(self, me: int, next_round: Any) -> None:
        self.me, self.next_round = me, next_round
        self.memo: dict[State, float] = {}

    def value(self, state: State) -> float:
        outcome = RULES.outcome(state)
        if outcome is not None:
            return 0.5 if not outcome.winners else float(self.me in outcome.winners)
        if state.phase == "deploy":
            return float(self.next_round(state.troops[self.me], state.troops[1 - self.me]))
        found = self.memo.get(state)
        if found is not None:
            return found
        (seat,) = RULES.to_act(state)
        values = [sum(p * self.value(s) for p, s in chance_outcomes(state, a))
                  for a in RULES.legal(state, seat)]
        v = max(values) if seat == self.me else sum(values) / len(values)
        self.memo[state] = v
        return v

    def deployment(self, state: State, mine: int) -> float:
        """The value of deploying ``mine`` units in the deployment ``state``, the random
        seat's deployment uniform over its legal ones, everything after through decide."""
        me, other = self.me, 1 - self.me
        theirs = RULES.legal(state, other)
        total = 0.0
        for deploy in theirs:
            assert isinstance(deploy, Deploy)
            first, second = (Deploy(player=me, units=mine), deploy)
            if other < me:  # the order of the two secret choices does not matter
                first, second = second, first
            s1 = fold(state, RULES.decide(state, first, RecordedDice([])))
            units = {me: mine, other: deploy.units}
            for winner in (0, 1):
                initiative = [2, 1] if winner == 0 else [1, 2]
                for v0, p0 in multisets(units[0]):
                    for v1, p1 in multisets(units[1]):
                        given = tuple(initiative) + v0 + v1
                        for p, s2 in chance_outcomes(s1, second, given):
                            total += 0.5 * p0 * p1 * p * self.value(s2) / len(theirs)
        return total


# ------------------------------------------------------------------ the checks


def battle_positions(count: int, armies: int, seed: int) -> list[tuple[State, int]]:
    """Battle positions (a seat to strike) of seeded random games whose armies are at most
    ``armies``, each with the seat playing perfectly (either seat, drawn)."""
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    game = 0
    while len(found) < count:
        match = Match.new("wizard-armies", seed=bytes([game % 256, game // 256]) * 16)
        bot = RandomBot(seed=game)
        game += 1
        while match.to_act:
            seat = min(match.to_act)
            s = match.state
            if (s.phase == "battle" and max(s.troops) <= armies and rng.random() < 0.3):
                found.append((s, rng.randrange(2)))
                break
            match.act(bot.choose(match, seat))
    return found


def field_text(dice: tuple[int, ...]) -> str:
    return "".join(map(str, dice)) or "-"


def check_battles(table: dict[tuple[int, int], float], positions: list[tuple[State, int]],
                  answers: list[float]) -> float:
    """The largest difference between the programme's battle values and the reference's."""
    worst = 0.0

    def v(mine: int, theirs: int) -> float:
        return table[mine, theirs]

    for (state, me), answer in zip(positions, answers, strict=True):
        ref = Reference(me, v).value(state)
        worst = max(worst, abs(ref - answer))
    return worst


def battle_query(state: State, me: int) -> str:
    other = 1 - me
    (seat,) = RULES.to_act(state)
    return (f"W {field_text(state.field[me])} {field_text(state.field[other])} "
            f"{0 if seat == me else 1} {state.troops[me]} {state.troops[other]}")


def check_round(table: dict[tuple[int, int], float], mine: int, theirs: int,
                me: int) -> tuple[float, list[float]]:
    """The reference's value of the round (mine, theirs) for seat ``me``, taking the
    programme's V(mine, theirs) for a round that comes back to the same armies: the
    fixed point holds when it gives V back. Also the value of each deployment."""
    troops = (mine, theirs) if me == 0 else (theirs, mine)
    state = State(phase="deploy", troops=troops, mustered=(True, True))

    def v(a: int, b: int) -> float:
        if a <= 0 and b <= 0:
            return 0.5
        if a <= 0 or b <= 0:
            return float(b <= 0)
        return table[a, b]

    ref = Reference(me, v)
    by_units = [ref.deployment(state, d) for d in range(1, min(6, mine) + 1)]
    return max(by_units), by_units


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--armies", type=int, default=40, help="largest army computed (N)")
    parser.add_argument("--check-armies", type=int, default=10,
                        help="largest army of the battle positions checked")
    parser.add_argument("--battles", type=int, default=200, help="battle positions checked")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds (b, r) with b, r up to this are checked through decide")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--out", type=Path, help="write the programme's table here (JSON)")
    args = parser.parse_args(argv)

    positions = battle_positions(args.battles, args.check_armies, args.seed)
    queries = [battle_query(s, me) for s, me in positions]
    result = run_programme(args.armies, queries)
    table = {(b, r): v for b, r, v, *_ in result["rounds"]}
    if args.out:
        args.out.write_text(json.dumps(result))

    answers = [q[-1] for q in result["queries"]]
    worst = check_battles(table, positions, answers)
    print(f"battles: {len(positions)} positions (armies up to {args.check_armies}), "
          f"largest difference programme vs rules {worst:.2e}")
    worst_round = 0.0
    for b, r in itertools.product(range(1, args.rounds + 1), repeat=2):
        for me in (0, 1):
            value, _ = check_round(table, b, r, me)
            worst_round = max(worst_round, abs(value - table[b, r]))
    print(f"rounds: (b, r) up to {args.rounds}, both seats, largest difference "
          f"{worst_round:.2e}")

    n = result["N"]
    p = army_chances(n)
    start = result["start"]
    rest = 1.0 - result["mass"]
    print(f"start value (armies up to {n}): {start:.6f} + at most {rest:.6f} "
          f"(the chance that an army is above {n}) -> best response in "
          f"[{start:.4f}, {start + rest:.4f}]")
    edge = {"bigger": [0.0, 0.0], "equal": [0.0, 0.0], "smaller": [0.0, 0.0]}
    for (b, r), v in table.items():
        if b < 2 or r < 2:
            continue
        key = "bigger" if b > r else "equal" if b == r else "smaller"
        edge[key][0] += p[b] * p[r] * v
        edge[key][1] += p[b] * p[r]
    for key, (won, mass) in edge.items():
        print(f"  with the {key} army ({mass:.3f} of games): wins {won / mass:.4f}")
    if os.environ.get("WA_DEPLOY_TABLE"):
        for b, r, v, d, *_ in result["rounds"]:
            print(b, r, round(v, 4), d)


if __name__ == "__main__":
    main()
