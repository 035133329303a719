"""The learning environments' benchmark (``python tools/bench.py --envs``): environment
steps per second per game (``grimoire.envs``), a random agent choosing uniformly among
the options the action mask allows, through PettingZoo's AEC loop (``agent_iter``,
``last``, ``step``: every step observes the acting seat, as a learner does), beside
PettingZoo's own ``chess_v6`` and ``connect_four_v3`` driven by the very same loop when
``pettingzoo[classic]`` is installed (it is not in any extra: install it by hand for the
bench). CPU time, best of ``repeat`` rounds, each round every environment once, so both
sides meet the same load. Nothing here asserts a time."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from grimoire.envs import env

INSTALL = "pip install 'pettingzoo[classic]'"


def loop(make: Callable[[], Any], steps: int, seed: int = 0) -> tuple[int, int]:
    """Step environments from ``make`` with random legal actions until ``steps`` steps
    are taken (a new episode, seeded in turn, whenever one ends); the steps taken and the
    actions they made (a grimoire action is one or more choice steps; an anchor's step is
    one action)."""
    rng = np.random.default_rng(seed)
    e = make()
    done = 0
    episode = 0
    while done < steps:
        e.reset(seed=seed + episode)
        episode += 1
        for _agent in e.agent_iter():
            observation, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            done += 1
            if done >= steps:
                break
    e.close()
    return done, getattr(e.unwrapped, "played", done)


def anchors() -> dict[str, Callable[[], Any]]:
    """PettingZoo's classic anchors, made through its registry (``pettingzoo.make``), or
    none when ``pettingzoo[classic]`` is missing."""
    import pettingzoo

    try:
        import chess  # noqa: F401  # chess_v6's python-chess: in pettingzoo[classic]
    except ImportError:
        return {}
    return {"chess_v6": functools.partial(pettingzoo.make, "aec", "classic/chess-v6"),
            "connect_four_v3": functools.partial(pettingzoo.make, "aec",
                                                 "classic/connect_four-v3")}


def envs(games: list[str], steps: int = 2000, repeat: int = 3) -> dict[str, Any]:
    """``GAME_env_steps_per_s`` for each game (its default seats) and each anchor, each
    game's steps an action (``GAME_env_steps_per_action``), and each game's ratio of
    steps a second to the anchors' (``GAME_env_vs_chess_v6``…)."""
    makers: dict[str, Callable[[], Any]] = {
        g.replace("-", "_"): functools.partial(env, g) for g in games}
    found = anchors()
    makers.update(found)
    best = dict.fromkeys(makers, 0.0)
    per_action: dict[str, float] = {}
    for _ in range(repeat):
        for name, make in makers.items():
            t0 = time.process_time()
            done, actions = loop(make, steps)
            best[name] = max(best[name], done / (time.process_time() - t0))
            per_action[name] = done / max(actions, 1)
    res: dict[str, Any] = {f"{name}_env_steps_per_s": rate for name, rate in best.items()}
    res.update({f"{g.replace('-', '_')}_env_steps_per_action": per_action[g.replace("-", "_")]
                for g in games})
    for g in games:
        key = g.replace("-", "_")
        for anchor in found:
            res[f"{key}_env_vs_{anchor}"] = best[key] / best[anchor]
    if not found:
        res["env_anchor_note"] = f"pettingzoo[classic] is not installed ({INSTALL})"
    return res


if __name__ == "__main__":
    from grimoire.core import registry

    for k, v in envs(registry.names()).items():
        print(f"{k:44} {v:10,.1f}" if isinstance(v, float) else f"{k:44} {v}")
