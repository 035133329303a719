"""One seat of every game as a Gymnasium environment (``SingleAgentEnv``): Gymnasium's
own ``check_env`` passes, the bots play the other seats until the seat is to choose, and
a whole episode ends with the seat's reward, +1, -1 or 0."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from games import GAMES
from grimoire.envs.single import SingleAgentEnv


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env_passes(game: str) -> None:
    check_env(SingleAgentEnv(game, max_cycles=20), skip_render_check=True)


def test_a_whole_episode_against_the_random_bot() -> None:
    """Wizard Armies, the second seat: every observation is the seat's to choose (its
    mask not empty) until the end, whose reward is the seat's result."""
    e = SingleAgentEnv("wizard-armies", seat=1)
    observation, _ = e.reset(seed=9)
    rng = np.random.default_rng(9)
    reward, terminated = 0.0, False
    while not terminated:
        assert e.env.agent_selection == "player_1" and observation["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = e.step(action)
        assert not truncated
    assert e.env.match is not None and e.env.match.outcome is not None
    winners = e.env.match.outcome.winners
    assert reward == (0.0 if not winners else 1.0 if 1 in winners else -1.0)


def test_an_action_the_mask_forbids_ends_the_episode() -> None:
    e = SingleAgentEnv("vicious-circle")
    observation, _ = e.reset(seed=1)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(forbidden)
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": forbidden})
