"""How a search bot imagines the rest of a game (:class:`~grimoire.core.rules.Playing`):
games are short, so rollouts play uniformly random actions to the end and need no score.
"""

from grimoire.core.kit import no_opinion as evaluate
from grimoire.core.kit import uniform_rollout as rollout

__all__ = ["evaluate", "rollout"]
