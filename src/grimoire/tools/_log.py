"""The tools' structlog logger. Quiet by default for embedders: unless the application has
configured structlog itself, only warnings and errors are printed. ``grimoire --verbose``
and ``--log-json`` configure it for the command line."""

from __future__ import annotations

import logging
from typing import Any

import structlog


def get_logger(name: str) -> Any:
    if not structlog.is_configured():
        structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    return structlog.get_logger(name)
