"""Bots that play any game through the :class:`~grimoire.core.rules.Rules` protocol."""

from grimoire.bots.random import RandomBot

__all__ = ["RandomBot"]
