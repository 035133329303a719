"""Bots that play any game through the :class:`~grimoire.core.rules.Rules` protocol: the
uniform random bot and information-set MCTS, by name with :func:`make_bot`."""

from grimoire.bots.mcts import MCTSBot
from grimoire.bots.random import RandomBot
from grimoire.bots.spec import Bot, make_bot

__all__ = ["Bot", "MCTSBot", "RandomBot", "make_bot"]
