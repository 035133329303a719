"""Wizard Armies: where a bot loses against the perfect player, measured exactly.

Plays seeded games of a bot (a spec, as ``grimoire arena`` takes it) against the uniform
random bot, seats swapped, and values every choice the bot makes with the exact values
of ``tools/wa_best_response.c`` (the table of V(b, r) it computed, written by
``tools/wa_best_response.py --out``): a deployment by the value of deploying that many
units, a strike by the battle value after it. The regret of a choice is the best
action's value less the chosen one's; summed over a game and averaged over games it is
exactly what the bot gives away against the perfect player (the performance difference
lemma), split here between deployments and strikes.

    PYTHONPATH=src python tools/wa_best_response.py --armies 40 --out /tmp/br40.json
    PYTHONPATH=src python tools/wa_regret.py --table /tmp/br40.json --bot mcts:ms=900 -n 30

``--bot hint`` plays the game's rollout policy itself. The ``positions`` mode compares
bot settings on one fixed set of positions (paired, so less noisy than games): the mean
regret of each kind of choice,

    PYTHONPATH=src python tools/wa_regret.py positions --table /tmp/br40.json \
        --bots "hint;mcts:ms=900;mcts:ms=900,depth=12" --per-kind 40
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from grimoire.bots.random import RandomBot
from grimoire.bots.spec import make_bot
from grimoire.core.dice import match_seed
from grimoire.core.match import Match
from grimoire.games.wizard_armies import RULES
from grimoire.games.wizard_armies.board import all_strikes, remove
from grimoire.games.wizard_armies.bots import rollout
from grimoire.games.wizard_armies.events import CampStrike, Deploy, Strike
from grimoire.games.wizard_armies.state import State

HERE = Path(__file__).resolve().parent


def after_strike(state: State, me: int, action: Any) -> str:
    """The battle query (``W fB fR turn tB tR``, the perfect seat being ``me``) of the
    position right after ``action`` (before the rules check for a raid or a pass)."""
    other = 1 - me
    mine, theirs = state.field[me], state.field[other]
    if isinstance(action, Strike):
        mine = remove(mine, action.dice) or ()
        theirs = remove(theirs, (action.target,)) or ()
    else:
        assert isinstance(action, CampStrike)
        mine = remove(mine, (6,)) or ()
    text = ("".join(map(str, mine)) or "-", "".join(map(str, theirs)) or "-")
    return f"W {text[0]} {text[1]} 1 {state.troops[me]} {state.troops[other] - 1}"


class HintBot:
    """The game's rollout policy (``bots.rollout``) played as a bot."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, match: Match, player: int) -> Any:
        return rollout(match.state, player, RULES.legal(match.state, player), self.rng)


def raid_kills(mine: tuple[int, ...], targets: tuple[int, ...]) -> frozenset[int]:
    """The kill counts a raider with the dice ``mine`` can end a raid on ``targets`` with
    (it strikes until it cannot: a raid is no choice of when to stop)."""
    found = all_strikes(mine, targets)
    if not found:
        return frozenset((0,))
    out: set[int] = set()
    for dice, target in found:
        rest = raid_kills(remove(mine, dice) or (), remove(targets, (target,)) or ())
        out.update(k + 1 for k in rest)
    return frozenset(out)


def raid_value(table: dict[tuple[int, int], float], state: State, me: int,
               action: Any) -> float:
    """The exact value, for the raider ``me``, of the raid after ``action``."""
    assert isinstance(action, Strike)
    other = 1 - me
    mine = remove(state.field[me], action.dice) or ()
    targets = remove(state.targets, (action.target,)) or ()
    b, r = state.troops[me], state.troops[other] - 1

    def v(k: int) -> float:
        return 1.0 if r - k <= 0 else table[b, r - k]

    return max(v(k) for k in raid_kills(mine, targets))


def _name(action: Any) -> str:
    if isinstance(action, Strike):
        return f"{'+'.join(map(str, action.dice))}>{action.target}"
    return "camp"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", type=Path, required=True)
    parser.add_argument("--bot", default="mcts:ms=1000",
                        help="a bot spec, or 'hint': the game's rollout policy as a bot")
    parser.add_argument("-n", "--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="print the worst strikes")
    args = parser.parse_args(argv)

    data = json.loads(args.table.read_text())
    n = data["N"]
    by_units = {(b, r): byd for b, r, _, _, byd in data["rounds"]}
    plain = Path(tempfile.gettempdir()) / "wa_regret_table.txt"
    plain.write_text("".join(f"{b} {r} {v!r}\n" for b, r, v, *_ in data["rounds"]))

    deploy_regret = 0.0
    strikes: list[tuple[int, list[str], int]] = []  # game, queries, chosen index
    shown: list[tuple[State, int, Any]] = []
    wins = 0.0
    decisions = {"deploy": 0, "strike": 0, "raid": 0}
    raid_regret = 0.0
    table = {(b, r): v for b, r, v, *_ in data["rounds"]}
    thinking = 0.0
    for g in range(args.games):
        me = g % 2
        match = Match.new("wizard-armies", seed=match_seed(args.seed, g))
        bot = HintBot(g) if args.bot == "hint" else make_bot(args.bot, seed=g)
        bots: dict[int, Any] = {me: bot, 1 - me: RandomBot(g)}
        while match.to_act:
            seat = min(match.to_act)
            actions = match.legal(seat)
            started = time.perf_counter()
            action = bots[seat].choose(match, seat)
            if seat == me:
                thinking += time.perf_counter() - started
            if seat == me and len(actions) > 1:
                s = match.state
                if isinstance(action, Deploy):
                    b, r = s.troops[me], s.troops[1 - me]
                    if b <= n and r <= n:
                        values = by_units[b, r][: len(actions)]
                        lost = max(values) - values[action.units - 1]
                        deploy_regret += lost
                        if args.show and lost > 0:
                            print(f"deploy {b}-{r}: chose {action.units}, lost {lost:.4f}")
                    decisions["deploy"] += 1
                elif s.phase == "raid":
                    values = [raid_value(table, s, me, a) for a in actions]
                    raid_regret += max(values) - values[actions.index(action)]
                    decisions["raid"] += 1
                else:
                    if max(s.troops) < n:
                        strikes.append((g, [after_strike(s, me, a) for a in actions],
                                        actions.index(action)))
                        shown.append((s, me, actions))
                    decisions["strike"] += 1
            match.act(action)
        outcome = match.outcome
        assert outcome is not None
        wins += 0.5 if not outcome.winners else float(me in outcome.winners)

    queries = [q for _, qs, _ in strikes for q in qs]
    binary = Path(tempfile.gettempdir()) / "wa_best_response"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(HERE / "wa_best_response.c"),
                    "-lm"], check=True)
    done = subprocess.run([str(binary), str(n), str(plain)], input="\n".join(queries) + "\n",
                          capture_output=True, text=True, check=True)
    answers = [row[-1] for row in json.loads(done.stdout)["queries"]]
    strike_regret = 0.0
    at = 0
    worst: list[tuple[float, str]] = []
    for (_, qs, chosen), (s, me, actions) in zip(strikes, shown, strict=True):
        values = answers[at: at + len(qs)]
        at += len(qs)
        lost = max(values) - values[chosen]
        strike_regret += lost
        if args.show and lost > 0:
            best = max(range(len(values)), key=values.__getitem__)
            worst.append((lost, f"{lost:.4f} {s.phase} troops {s.troops[me]}-{s.troops[1 - me]} "
                                f"field {s.field[me]} vs {s.field[1 - me]}: chose "
                                f"{_name(actions[chosen])}, best {_name(actions[best])}"))
    for _, line in sorted(worst, reverse=True)[: args.show]:
        print(line)
    games = args.games
    print(f"{args.bot} vs random, {games} games: won {wins / games:.3f}; "
          f"{sum(decisions.values())} choices ({decisions}), "
          f"{1000 * thinking / max(1, sum(decisions.values())):.0f} ms a choice")
    print(f"regret per game: deployments {deploy_regret / games:.4f}, "
          f"strikes {strike_regret / games:.4f}, raids {raid_regret / games:.4f}")
    total = (deploy_regret + strike_regret + raid_regret) / games
    print(f"total {total:.4f}: the perfect player wins {data['start']:.4f}, so this bot "
          f"~ {data['start'] - total:.4f}")




def position_set(per_kind: int, seed: int) -> dict[str, list[tuple[State, int]]]:
    """Positions where the seat to act has a choice, from seeded games of the rollout
    policy against the random bot: ``per_kind`` deployments, battle strikes and raids."""
    found: dict[str, list[tuple[State, int]]] = {"deploy": [], "strike": [], "raid": []}
    rng = random.Random(seed)
    g = 0
    while min(len(v) for v in found.values()) < per_kind:
        me = g % 2
        match = Match.new("wizard-armies", seed=match_seed(seed + 1000, g))
        bots: dict[int, Any] = {me: HintBot(g), 1 - me: RandomBot(g)}
        g += 1
        while match.to_act:
            seat = min(match.to_act)
            if seat == me and len(match.legal(seat)) > 1 and rng.random() < 0.5:
                s = match.state
                kind = {"deploy": "deploy", "battle": "strike", "raid": "raid"}[s.phase]
                if max(s.troops) < 40 and len(found[kind]) < per_kind:
                    found[kind].append((s, me))
            match.act(bots[seat].choose(match, seat))
    return found


def positions_main(argv: list[str] | None = None) -> None:
    """Paired comparison of bot settings on one fixed set of positions: the mean regret
    of each kind of choice (deployment, battle strike, raid strike)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--table", type=Path, required=True)
    parser.add_argument("--bots", required=True, help="bot specs, separated by ';'")
    parser.add_argument("--per-kind", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--kinds", default="deploy,strike,raid")
    args = parser.parse_args(argv)
    data = json.loads(args.table.read_text())
    n = data["N"]
    by_units = {(b, r): byd for b, r, _, _, byd in data["rounds"]}
    table = {(b, r): v for b, r, v, *_ in data["rounds"]}
    plain = Path(tempfile.gettempdir()) / "wa_regret_table.txt"
    plain.write_text("".join(f"{b} {r} {v!r}\n" for b, r, v, *_ in data["rounds"]))
    found = position_set(args.per_kind, args.seed)
    queries = [after_strike(s, me, a) for s, me in found["strike"]
               for a in RULES.legal(s, me)]
    binary = Path(tempfile.gettempdir()) / "wa_best_response"
    subprocess.run(["gcc", "-O2", "-o", str(binary), str(HERE / "wa_best_response.c"),
                    "-lm"], check=True)
    done = subprocess.run([str(binary), str(n), str(plain)], input="\n".join(queries) + "\n",
                          capture_output=True, text=True, check=True)
    answers = [row[-1] for row in json.loads(done.stdout)["queries"]]
    values: dict[str, list[list[float]]] = {"deploy": [], "strike": [], "raid": []}
    for s, me in found["deploy"]:
        b, r = s.troops[me], s.troops[1 - me]
        values["deploy"].append(by_units[b, r][: len(RULES.legal(s, me))])
    at = 0
    for s, me in found["strike"]:
        k = len(RULES.legal(s, me))
        values["strike"].append(answers[at: at + k])
        at += k
    for s, me in found["raid"]:
        values["raid"].append([raid_value(table, s, me, a) for a in RULES.legal(s, me)])
    for spec in args.bots.split(";"):
        out: list[str] = []
        for kind, items in found.items():
            if kind not in args.kinds.split(","):
                continue
            lost = 0.0
            for (s, me), vals in zip(items, values[kind], strict=True):
                if spec == "hint":
                    action = rollout(s, me, RULES.legal(s, me), random.Random(0))
                else:
                    bot = make_bot(spec, seed=len(out))
                    action = bot.search(RULES, s, me, seats=2).action  # type: ignore[union-attr]
                lost += max(vals) - vals[list(RULES.legal(s, me)).index(action)]
            out.append(f"{kind} {lost / len(items):.4f}")
        print(f"{spec}: mean regret per choice: {', '.join(out)}", flush=True)


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["positions"]:
        positions_main(sys.argv[2:])
    else:
        main()
