"""Every registered game as a PettingZoo AEC environment (``grimoire-games[rl]``).

One environment step is one step of the acting seat's choice tree: the seat keeps
``agent_selection`` until its action is complete, then the action is played through
:class:`~grimoire.core.match.Match` (its seeded dice are the environment's chance). See
docs/envs.md for the observation and action layouts.

>>> from grimoire.envs import env
>>> e = env("vicious-circle")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, int(obs["action_mask"].sum()) > 0
('player_0', True)
"""

from __future__ import annotations

import io
import os
import random
import secrets
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from grimoire.core import registry
from grimoire.core.errors import UsageError
from grimoire.core.match import Match
from grimoire.core.rules import draw
from grimoire.envs.codec import Codec
from grimoire.envs.observation import HEAD, LENGTH, frame, seen, size
from grimoire.envs.steps import Choice

Observation = dict[str, npt.NDArray[Any]]


def match_seed(seed: int) -> bytes:
    """The match seed ``reset(seed=...)`` gives: ``seed`` as 32 big-endian bytes, so the
    log's revealed seed is the number written in hexadecimal.

    >>> match_seed(7).hex()[-4:]
    '0007'
    """
    if not 0 <= seed < 2**256:
        raise UsageError("envs/seed", f"a seed is a number from 0 to 2**256 - 1, not {seed}")
    return seed.to_bytes(32, "big")


def rasterise(svg: str) -> npt.NDArray[np.uint8]:
    """An SVG picture as an RGB array (height, width, 3), drawn by CairoSVG (in the rl
    extra), which needs the system's Cairo library (``libcairo2`` on Debian and Ubuntu,
    ``cairo`` in Homebrew): ``envs/no-cairo`` says so when it is missing.

    >>> rasterise('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"/>').shape
    (2, 4, 3)
    """
    try:
        import cairosvg
    except OSError as exc:  # cairocffi could not load the system library
        raise UsageError("envs/no-cairo", "render_mode='rgb_array' draws the board with "
                         "CairoSVG, which needs the Cairo library (libcairo2 on Debian and "
                         f"Ubuntu, cairo in Homebrew), not found here: {exc}") from None
    from PIL import Image

    png = cairosvg.svg2png(bytestring=svg.encode(), background_color="white")
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.uint8)


class GrimoireEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # untyped base
    """A grimoire game as a PettingZoo AEC environment (use :func:`env`, which wraps it
    the way PettingZoo's own environments are wrapped).

    ``players`` is the number of seats (the game's default when left out) or their
    names; ``max_cycles`` truncates an episode after that many environment steps;
    ``log_dir`` writes each episode's log there (revealed seed, so ``grimoire validate``
    re-derives every die); ``observation_bytes`` is the room for the view's JSON (for a
    game without numbers of its own, ``observe.observation``); any other keyword is one
    of the game's options.

    >>> e = GrimoireEnv("wizard-armies", max_cycles=3)
    >>> e.reset(seed=5)
    >>> int(e.action_space("player_0").n) == e.codec.size
    True
    """

    # PettingZoo's metadata; each instance's copy adds its game's "name"
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human", "rgb_array"],  # noqa: RUF012
                                "is_parallelizable": False}

    def __init__(self, game: str, players: int | Sequence[str] | None = None, *,
                 render_mode: str | None = None, max_cycles: int | None = None,
                 log_dir: str | os.PathLike[str] | None = None,
                 observation_bytes: int = LENGTH, **options: Any) -> None:
        super().__init__()
        self.rules = registry.get(game)
        if isinstance(players, int) or players is None:
            count = players if players is not None else len(self.rules.default_players)
            defaults = tuple(self.rules.default_players)
            self.names = defaults if len(defaults) == count else tuple(
                f"Seat {i + 1}" for i in range(count))
        else:
            self.names = tuple(players)
        if len(self.names) not in self.rules.seats:
            raise UsageError("envs/players", f"{game} is played by "
                             f"{' or '.join(map(str, self.rules.seats))} seats, not "
                             f"{len(self.names)}")
        modes: list[str] = self.metadata["render_modes"]
        if render_mode not in (None, *modes):
            raise UsageError("envs/render-mode", f"render_mode is one of "
                             f"{modes}, not {render_mode!r}")
        if not 0 < observation_bytes < 2**16:
            raise UsageError("envs/observation-bytes", "observation_bytes is from 1 to 65535")
        self.options = dict(options)
        Match.new(self.rules, players=self.names, options=self.options, seed=bytes(32))
        self.metadata = {**self.metadata, "name": f"grimoire_{game.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.log_dir = None if log_dir is None else os.fspath(log_dir)
        self.length = size(self.rules, len(self.names), observation_bytes)
        """The payload's length: the game's numbers, or ``observation_bytes`` of JSON."""
        self.codec = Codec.of(self.rules, len(self.names), names=self.names)
        self.possible_agents = [f"player_{i}" for i in range(len(self.names))]
        self.agents: list[str] = []
        obs_space = spaces.Dict({
            "observation": spaces.Box(0, 255, (HEAD + self.length,), np.uint8),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self.match: Match | None = None
        self.episodes = 0
        """Episodes begun (each ``reset``)."""
        self.logs: list[str] = []
        """The logs written so far (with ``log_dir``)."""
        self.played = 0
        """Actions played since the environment was made (each of one or more steps)."""
        self._rng = random.Random()
        self._choice: Choice | None = None
        self._codes: dict[int, int] = {}  # the current step's codes -> option index
        self._mask = np.zeros(self.codec.size, dtype=np.int8)  # the current step's mask
        self._none = np.zeros(self.codec.size, dtype=np.int8)  # a seat not choosing
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._seen: dict[int, bytes] = {}  # each seat's payload, until the state changes
        self._path: list[int] = []
        self._cycles = 0
        self._saved = True

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----------------------------------------------------------------- the episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match: seeded by ``seed`` (:func:`match_seed`), or by the environment's
        own generator (itself seeded by the last seeded reset)."""
        self._save()
        if seed is not None:
            self._rng = random.Random(seed)
            chosen = match_seed(seed)
        else:
            chosen = self._rng.randbytes(32) if self.episodes else secrets.token_bytes(32)
        self.match = Match.new(self.rules, players=self.names, options=self.options,
                               seed=chosen, meta={"env": self.metadata["name"]})
        self.episodes += 1
        self._saved = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cycles = 0
        self._next()

    def _next(self) -> None:
        """The seat to choose next (the lowest of those to act) and its first step."""
        assert self.match is not None
        seats = self.rules.to_act(self.match.state)
        seat = min(seats)
        self._seen = {}
        self._choice = Choice(self.rules, self.match.state, seat)
        self.agent_selection = self.possible_agents[seat]
        self._options(self._choice.step)
        self._path = []

    def step(self, action: int | None) -> None:
        """Answer the current step with the option numbered ``action``; a complete action
        is played, and the next seat to act (or the same seat, at its next step) selected."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None and self._choice is not None and action is not None
        code = int(action)
        if code not in self._codes:
            raise UsageError("envs/illegal-action", f"action {code} is not an option of "
                             f"{self._choice.step.prompt!r} (the action mask lists those "
                             "that are)")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cycles += 1
        played = self._choice.take(self._codes[code])
        if played is None:
            self._options(self._choice.step)
            self._path.append(code)
        else:
            self._act(played)
        self._after()

    def _options(self, step: Any) -> None:
        """The codes and the mask of ``step``, the step to answer now."""
        codes = self.codec.codes(step, self._seat[self.agent_selection])
        self._codes = {code: i for i, code in enumerate(codes)}
        mask = self._mask = np.zeros(self.codec.size, dtype=np.int8)
        mask[codes] = 1

    def play(self, action: Any) -> None:
        """Play a whole legal ``action`` of the acting seat in one environment step (a
        bot's choice, say: :class:`~grimoire.envs.single.SingleAgentEnv` plays the other
        seats so), at the first step of its choice; ``envs/mid-action`` after a step of
        it was taken."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent] or self._path:
            raise UsageError("envs/mid-action", f"{agent} cannot play a whole action now "
                             "(its episode is over, or it has begun choosing one)")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cycles += 1
        self._act(action)
        self._after()

    def _act(self, action: Any) -> None:
        """Play ``action`` on the match; the end, or the next seat to choose."""
        assert self.match is not None
        self.match.act(action)
        self._seen = {}
        self.played += 1
        outcome = self.match.outcome
        if outcome is not None:
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = 0.0 if not outcome.winners else (
                    1.0 if i in outcome.winners else -1.0)
            self.terminations = dict.fromkeys(self.agents, True)
            self._choice = None
            self._save()
        else:
            self._next()

    def _after(self) -> None:
        """Truncation at ``max_cycles``, the rewards added up, the human's board."""
        if self._choice is not None and self.max_cycles is not None \
                and self._cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
            self._save()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation (docs/envs.md): the bytes of its view, and the mask of
        the options it may choose now (all zero when it is not choosing)."""
        assert self.match is not None
        seat = self._seat[agent]
        choosing = agent == self.agent_selection and self._choice is not None \
            and not (self.terminations[agent] or self.truncations[agent])
        mask = (self._mask if choosing else self._none).copy()
        text = self._seen.get(seat)
        if text is None:
            known = self._choice.view if self._choice is not None \
                and agent == self.agent_selection else None
            text = self._seen[seat] = seen(self.rules, self.match.state, seat, known)
        return {"observation": frame(text, seat, self._path if choosing else (), self.length,
                                     self.rules.name),
                "action_mask": mask}

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The board as the public sees it: ``render_mode="ansi"`` returns the text board,
        ``"human"`` prints it, ``"rgb_array"`` returns the SVG picture rasterised
        (:func:`rasterise`)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        if self.match is None:
            return None
        public = self.rules.view(self.match.state, None)
        if self.render_mode == "rgb_array":
            return rasterise(draw(self.rules, public, None))
        text = self.rules.render(public, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Write the episode's log (with ``log_dir``) if it is not written yet."""
        self._save()

    def _save(self) -> None:
        if self._saved or self.match is None or self.log_dir is None:
            self._saved = True
            return
        os.makedirs(self.log_dir, exist_ok=True)
        n = self.episodes
        while True:
            path = os.path.join(self.log_dir, f"{self.rules.name}-{n:05d}.jsonl")
            if not os.path.exists(path):
                break
            n += 1
        self.match.save(path, reveal=True)
        self.logs.append(path)
        self._saved = True

    # -------------------------------------------------------------- for the tests

    def masked(self) -> npt.NDArray[np.int8]:
        """The acting agent's action mask (a shortcut for ``observe(agent_selection)``)."""
        return self.observe(self.agent_selection)["action_mask"]


def env(game: str, players: int | Sequence[str] | None = None, **kwargs: Any) -> AECEnv[
        str, Observation, int]:
    """``game`` as a PettingZoo AEC environment, wrapped as PettingZoo wraps its own
    (actions checked against the space, the call order enforced). The keywords are
    :class:`GrimoireEnv`'s.

    >>> e = env("wiz-war", players=3, max_cycles=20)
    >>> e.reset(seed=0)
    >>> len(e.agents), e.unwrapped.codec.size
    (3, 448)
    """
    raw = GrimoireEnv(game, players, **kwargs)
    wrapped: AECEnv[str, Observation, int] = wrappers.AssertOutOfBoundsWrapper(raw)
    return wrappers.OrderEnforcingWrapper(wrapped)
