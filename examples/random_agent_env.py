"""A random agent plays a grimoire game through its PettingZoo environment
(``grimoire.envs``), each episode writing its log, then the logs are read back as
``grimoire stats`` reads them: every one audited, its dice re-derived from the revealed
seed, the wins counted.

    python examples/random_agent_env.py --game wizard-armies --episodes 20 --logs runs/
    grimoire stats runs/                 # the same figures, from the command line
    grimoire replay runs/wizard-armies-00001.jsonl

It needs the rl extra (``pip install 'grimoire-games[rl]'``). The agent trains nothing: it
picks uniformly among the options the action mask allows, the loop any learning agent
plugs into (``agent_iter``, ``last``, ``step``).
"""

from __future__ import annotations

import argparse
import tempfile

import numpy as np

from grimoire.envs import env
from grimoire.tools.stats import stats


def play(game: str, episodes: int, logs: str, seed: int = 0,
         max_cycles: int | None = None) -> dict[str, float]:
    """Play ``episodes`` episodes of ``game`` with a random agent in every seat, writing
    their logs to ``logs``; each agent's total reward."""
    e = env(game, log_dir=logs, max_cycles=max_cycles)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for episode in range(episodes):
        e.reset(seed=seed + episode)
        for agent in e.agent_iter():
            observation, reward, terminated, truncated, _info = e.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None  # a finished agent steps with None, as PettingZoo asks
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            e.step(action)
    e.close()
    return totals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--game", default="wizard-armies")
    ap.add_argument("--episodes", type=int, default=10)
    ap.add_argument("--logs", default=None, help="folder for the logs (default: a new one)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-cycles", type=int, default=None,
                    help="truncate an episode after this many steps")
    args = ap.parse_args(argv)
    logs = args.logs or tempfile.mkdtemp(prefix="grimoire-env-")
    totals = play(args.game, args.episodes, logs, args.seed, args.max_cycles)
    print("total rewards:", ", ".join(f"{a} {r:+.0f}" for a, r in totals.items()))
    report = stats([logs], jobs=1)  # what `grimoire stats LOGS` prints
    print(report.summary())
    return 0 if not report.kept_out else 1


if __name__ == "__main__":
    raise SystemExit(main())
