"""Every registered game as an environment for learning agents (``grimoire-games[rl]``):
PettingZoo's AEC API (and one seat against grimoire bots as a Gymnasium environment,
:class:`SingleAgentEnv`), observations from the acting seat's view only, a fixed-size
``Discrete`` action space through :class:`Codec`, chance seeded by ``reset(seed=...)``,
and each episode's grimoire log (docs/envs.md).

>>> from grimoire import envs
>>> e = envs.env("magery")
>>> e.reset(seed=3)
>>> e.agent_selection
'player_0'
"""

from grimoire.envs.aec import GrimoireEnv, env, match_seed
from grimoire.envs.codec import WORDS, Codec, places_of
from grimoire.envs.observation import encode, frame, seen, size
from grimoire.envs.single import SingleAgentEnv
from grimoire.envs.steps import Choice

__all__ = ["WORDS", "Choice", "Codec", "GrimoireEnv", "SingleAgentEnv", "encode", "env",
           "frame", "match_seed", "places_of", "seen", "size"]
