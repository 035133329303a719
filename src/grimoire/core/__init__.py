"""The core: events, the decider protocol, matches, replay, logs, dice, views, errors.

It knows no game; games plug in through :mod:`grimoire.core.registry`."""
