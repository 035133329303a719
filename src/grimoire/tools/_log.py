"""The tools' structlog logger. Quiet by default for embedders: unless the application has
configured structlog itself, only warnings and errors are printed. ``grimoire --verbose``
and ``--log-json`` configure it for the command line.

In the command line (once :mod:`grimoire.cli` is imported) the loggers import structlog
when they first log a line structlog would print (importing it is a fifth of the
command's start-up, and most runs print none), and the command's configuration
(:func:`grimoire.cli.common.configure_logging`) waits for that moment too. The command
configures structlog before anything logs, so what is logged is the same either way.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any


def _deferring() -> bool:
    """Whether structlog's import waits: in the command line, until something logs."""
    return "grimoire.cli" in sys.modules and "structlog" not in sys.modules


_configure: tuple[Callable[[], None], int] | None = None  # a configuration waiting, its level


def configure(how: Callable[[], None], level: int) -> None:
    """Configure structlog with ``how`` (whose loggers print from ``level`` up) now if
    structlog is imported, else when a deferred logger first logs (the last configuration
    given wins, as it would now)."""
    global _configure
    if _deferring():
        _configure = how, level
    else:
        _configure = None
        how()


def _structlog_logger(name: str) -> Any:
    global _configure
    import structlog

    if _configure is not None:
        how, _configure = _configure[0], None
        how()
    if not structlog.is_configured():
        structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    return structlog.get_logger(name)


_QUIET = {"debug": logging.DEBUG, "info": logging.INFO}


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


class _Deferred:
    """A structlog logger made (structlog imported) when first used. Until then a call
    below the level structlog will filter from (structlog cannot be configured yet: it
    is not imported) is what a filtering logger makes of it: nothing."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._logger: Any = None

    def __getattr__(self, attr: str) -> Any:
        if self._logger is None:
            if attr in _QUIET and "structlog" not in sys.modules and _QUIET[attr] < (
                    logging.WARNING if _configure is None else _configure[1]):
                return _nothing
            self._logger = _structlog_logger(self._name)
        return getattr(self._logger, attr)


def get_logger(name: str) -> Any:
    if _deferring():
        return _Deferred(name)
    return _structlog_logger(name)
