"""``make demo``: the main job, end to end, on every registered game.

Plays a seeded random-bot match of each game, writes the logs, validates them, tampers
with a copy (refused at the right line), rewinds one log at a whole decision (the fork
validates), diffs the fork and the tampered copy against the original and prints every
final board.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from grimoire.core import registry
from grimoire.core.replay import Replay
from grimoire.tools import diff, render, rewind, validate
from grimoire.tools.rewind import decision_bounds
from grimoire.tools.simulate import bot_match


def say(text: str = "") -> None:
    print(text, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="demo-out")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    out = Path(args.out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)

    say("== games")
    logs: dict[str, Path] = {}
    for rules in registry.all_rules():
        match = bot_match(rules, seed=args.seed)
        path = out / f"{rules.name}.jsonl"
        match.save(path, reveal=True)
        logs[rules.name] = path
        end = match.outcome
        result = "unfinished" if end is None else (
            f"won by {', '.join(match.header.players[w] for w in end.winners)} ({end.reason})"
            if end.winners else f"drawn ({end.reason})")
        say(f"{rules.name:<18} {len(match.events):>5} events  {result}  -> {path}")
    for name in sorted(registry.broken()):
        say(f"{name:<18} not loaded: {registry.broken()[name]}")

    say("\n== validate")
    reports = validate(logs.values())
    for r in reports:
        say(r.summary())
    if not all(r.ok for r in reports):
        raise SystemExit(1)

    first = next(iter(logs.values()))
    say("\n== a tampered copy is refused")
    lines = first.read_text().splitlines(keepends=True)
    victim = next(i for i, line in enumerate(lines) if i >= 4 and '"player":' in line)
    flip = {'"player":0': '"player":1', '"player":1': '"player":0'}
    for old, new in flip.items():
        if old in lines[victim]:
            lines[victim] = lines[victim].replace(old, new, 1)
            break
    say(f"(seat flipped on line {victim + 1} of a copy of {first.name})")
    tampered = out / f"tampered-{first.name}"
    tampered.write_text("".join(lines))
    (bad,) = validate([tampered])
    say(bad.summary())
    if bad.ok:
        raise SystemExit("the tampered log was accepted")

    say("\n== rewind and diff")
    with Replay.open(first) as replay:  # halfway, where a decision begins
        n = len(replay)
        cut, _ = decision_bounds(replay, max(1, n // 2))
    fork = out / f"fork-{first.name}"
    rewind(first, cut, fork)
    say(f"rewound {first} to {cut} of {n} records (whole decisions) -> {fork}")
    (forked,) = validate([fork])
    say(forked.summary())
    if not forked.ok:
        raise SystemExit(1)
    say(diff(first, fork).summary())
    say(diff(first, tampered).summary())

    say("\n== final boards")
    for name, path in logs.items():
        say(f"-- {name}")
        say(render(path))
    say(f"\ndemo done: logs in {out}/")


if __name__ == "__main__":
    main()
