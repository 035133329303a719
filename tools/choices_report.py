"""How many options a player is offered at once: the flat legal list against the choice
tree's steps, over seeded random games of every game (every player count it has).

For each game: the distribution (median, 95th percentile, max) over every decision point
of the number of legal actions (the flat menu), and of the largest step a person meets in
the tree (the most options of any step on the way to any action), counting the options
that are not squares of the board (a board step is answered on the board), with the share
of decision points above 40 and the steps that break the bound.

    .venv/bin/python tools/choices_report.py            # 20 games a player count
    .venv/bin/python tools/choices_report.py -n 5 wiz-war
"""

from __future__ import annotations

import argparse
import statistics
import sys

from grimoire.bots.random import RandomBot
from grimoire.core import registry
from grimoire.core.choices import Step
from grimoire.core.match import Match

BOUND = 40


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def widest(step: Step) -> tuple[int, int, str]:
    """(most options of any step, most options of any step that are not squares, the
    prompt of the widest such step)."""
    most = words = 0
    prompt = ""
    for s in step.steps():
        most = max(most, len(s.options))
        n = sum(1 for o in s.options if not o.square)
        if n > words:
            words, prompt = n, s.prompt
    return most, words, prompt


def report(game: str, games: int) -> dict[str, object]:
    rules = registry.get(game)
    flat: list[int] = []
    tree: list[int] = []
    anything: list[int] = []
    over: dict[str, int] = {}
    for count in rules.seats:
        names = tuple(f"P{i}" for i in range(count))
        for g in range(games):
            match = Match.new(rules, players=names, seed=bytes([g % 256, count]) * 16)
            bot = RandomBot(g)
            for _ in range(3000):
                if not match.to_act:
                    break
                for seat in sorted(match.to_act):
                    flat.append(len(match.legal(seat)))
                    step = match.choices(seat)
                    assert step is not None
                    most, words, prompt = widest(step)
                    tree.append(words)
                    anything.append(most)
                    if words > BOUND:
                        over[prompt] = max(over.get(prompt, 0), words)
                match.act(bot.choose(match, min(match.to_act)))

    def line(values: list[int]) -> str:
        return (f"median {statistics.median(values):g}, p95 {percentile(values, 0.95)}, "
                f"max {max(values)}, over {BOUND}: "
                f"{100 * sum(v > BOUND for v in values) / len(values):.1f}%")

    return {"game": game, "points": len(flat), "flat": line(flat), "steps": line(tree),
            "any": line(anything), "over": over}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=None)
    parser.add_argument("-n", type=int, default=20, help="games a player count")
    args = parser.parse_args(argv)
    names = args.games or [n for n in registry.names() if n != "tally"]
    for name in names:
        r = report(name, args.n)
        print(f"{r['game']} ({r['points']} decision points)")
        print(f"  legal (flat):           {r['flat']}")
        print(f"  widest step, not board: {r['steps']}")
        print(f"  widest step, any:       {r['any']}")
        for prompt, n in sorted(r["over"].items()):  # type: ignore[attr-defined]
            print(f"    over the bound: {prompt!r}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
