"""What every command shares: error-to-exit-code mapping, JSON output, logging setup."""

from __future__ import annotations

import functools
import json
import logging
import sys
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

import msgspec
import structlog
import typer

from grimoire import GrimoireError, UsageError

P = ParamSpec("P")
R = TypeVar("R")

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
_IO_REASONS = {"log/unreadable", "log/unwritable", "log/empty"}


def exit_code(error: GrimoireError | Mapping[str, Any] | None) -> int:
    """The one mapping of errors to exit codes: 0 ok (no error), 1 the log or action is
    invalid, 2 a usage mistake or an I/O error. ``error`` is an exception or the error of
    a report (``{"error": "LogError", "reason": ...}``).

    >>> exit_code(None), exit_code(UsageError("game/unknown")), exit_code(
    ...     {"error": "LogError", "reason": "log/empty"})
    (0, 2, 2)
    """
    if error is None:
        return EXIT_OK
    if isinstance(error, GrimoireError):
        kind, reason = type(error).__name__, error.reason
    else:
        kind, reason = str(error.get("error")), str(error.get("reason"))
    if kind == UsageError.__name__ or reason in _IO_REASONS:
        return EXIT_USAGE
    return EXIT_INVALID


def handle_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`GrimoireError` into a one-line message on stderr and its exit code."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except GrimoireError as exc:
            typer.echo(f"grimoire: {exc}", err=True)
            raise typer.Exit(exit_code(exc)) from None
        except OSError as exc:
            typer.echo(f"grimoire: io/error: {exc}", err=True)
            raise typer.Exit(EXIT_USAGE) from None

    return wrapper


def print_json(obj: Any) -> None:
    typer.echo(json.dumps(msgspec.to_builtins(obj), indent=2, sort_keys=False))


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``["edition=illustrated", "max=3"]`` -> dict; values parsed as JSON when they can be."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError("options/syntax", f"{item!r}: options are KEY=VALUE")
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def configure_logging(json_logs: bool, verbose: bool) -> None:
    """structlog to stderr: key=value lines, or JSON with ``--log-json``; quiet unless
    ``--verbose`` or ``--log-json``."""
    level = logging.INFO if (verbose or json_logs) else logging.WARNING
    renderer: Any = (
        structlog.processors.JSONRenderer() if json_logs else structlog.dev.ConsoleRenderer(
            colors=False)
    )
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso"),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )
