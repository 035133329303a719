"""One seat of a game as a Gymnasium environment, the other seats played by a grimoire bot
(:func:`~grimoire.bots.make_bot`: ``"random"``, ``"mcts"``, ``"mcts:iterations=200"``…):
for the single-agent learning libraries. Observations, the action mask, the action codec,
seeds, ``max_cycles``, rendering and logs are the AEC environment's
(:class:`~grimoire.envs.aec.GrimoireEnv`); a step answers one step of the seat's choice,
then the bots play until the seat is to choose again or the episode ends. The reward is
the seat's: +1 for a win, -1 for a loss, 0 for a draw, at the end. An action the mask
does not allow ends the episode with reward -1 (``info["illegal_action"]``), as
PettingZoo's ``TerminateIllegalWrapper`` does; the match is left unfinished.

>>> e = SingleAgentEnv("wizard-armies", seat=1)
>>> observation, info = e.reset(seed=4)
>>> int(observation["action_mask"].sum()) > 0, e.action_space.n == e.env.codec.size
(True, np.True_)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from grimoire.bots import make_bot
from grimoire.envs.aec import GrimoireEnv, Observation


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """Seat ``seat`` of ``game`` against ``bot`` in every other seat; the other keywords
    are :class:`~grimoire.envs.aec.GrimoireEnv`'s.

    >>> e = SingleAgentEnv("vicious-circle", bot="random", max_cycles=50)
    >>> observation, _ = e.reset(seed=0)
    >>> observation, reward, terminated, truncated, info = e.step(
    ...     int(observation["action_mask"].nonzero()[0][0]))
    >>> reward, terminated
    (0.0, False)
    """

    def __init__(self, game: str, seat: int = 0, *, bot: str = "random",
                 players: int | Sequence[str] | None = None, render_mode: str | None = None,
                 **kwargs: Any) -> None:
        self.env = GrimoireEnv(game, players, render_mode=render_mode, **kwargs)
        """The AEC environment underneath."""
        if not 0 <= seat < len(self.env.possible_agents):
            raise ValueError(f"{game} has seats 0 to {len(self.env.possible_agents) - 1}")
        self.seat = seat
        self.agent = self.env.possible_agents[seat]
        self.metadata = {**self.env.metadata}
        self.render_mode = render_mode
        self.observation_space = self.env.observation_space(self.agent)
        self.action_space = self.env.action_space(self.agent)
        self.bot = bot
        make_bot(bot)  # an unknown bot is refused now (bot/unknown)
        self._bots: dict[int, Any] = {}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """A new match (seeded as the AEC environment's ``reset(seed=...)``; the bots are
        seeded from it too), played by the bots up to the seat's first choice."""
        super().reset(seed=seed)
        self.env.reset(seed=seed if seed is not None else
                       int(self.np_random.integers(2**63)))
        base = int(self.np_random.integers(2**31))
        self._bots = {s: make_bot(self.bot, seed=base + s)
                      for s in range(len(self.env.possible_agents)) if s != self.seat}
        self._others()
        return self.env.observe(self.agent), {}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool,
                                                   dict[str, Any]]:
        """Answer the seat's current step with option ``action``, then let the bots play
        until the seat is to choose again or the episode ends."""
        code = int(action)
        observation = self.env.observe(self.agent)
        if not 0 <= code < len(observation["action_mask"]) \
                or not observation["action_mask"][code]:
            self.env.truncations = dict.fromkeys(self.env.agents, True)
            self.env.close()  # the log, unfinished
            return observation, -1.0, True, False, {"illegal_action": code}
        self.env.step(code)
        self._others()
        reward = float(self.env._cumulative_rewards[self.agent])
        self.env._cumulative_rewards[self.agent] = 0.0
        return (self.env.observe(self.agent), reward, self.env.terminations[self.agent],
                self.env.truncations[self.agent], {})

    def _others(self) -> None:
        env = self.env
        while not (env.terminations[self.agent] or env.truncations[self.agent]) \
                and env.agent_selection != self.agent:
            seat = env.possible_agents.index(env.agent_selection)
            assert env.match is not None
            env.play(self._bots[seat].choose(env.match, seat))

    def render(self) -> Any:
        """The AEC environment's rendering (as the public sees the board)."""
        return self.env.render()

    def close(self) -> None:
        """Write the episode's log (with ``log_dir``)."""
        self.env.close()
