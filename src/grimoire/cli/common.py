"""What every command shares: error-to-exit-code mapping, JSON output, logging setup."""

from __future__ import annotations

import functools
import inspect
import json
import logging
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, ParamSpec, TypeVar

import msgspec
import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from grimoire import GrimoireError, RulesError, UsageError
from grimoire.tools import _log
from grimoire.tools.validate import CRASHED, UNREADABLE

if TYPE_CHECKING:
    from rich.text import Text

P = ParamSpec("P")
R = TypeVar("R")

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
_IO_REASONS = UNREADABLE | {"log/unwritable", "store/locked", "store/full", "store/io",
                             "store/unavailable", "store/missing", "store/corrupt",
                             "store/too-new"}
INTERNAL = "internal/error"
"""The reason of an error grimoire did not expect (a bug): exit code 3."""

debug = False
"""Set by ``grimoire --debug``: let unexpected exceptions through with their traceback."""


def printable(text: str) -> str:
    """``text`` safe for a terminal: control and format characters (ESC, BEL, bidi
    overrides…) are shown escaped; newlines and tabs are kept.

    >>> print(printable("Sam" + chr(27) + "[2J" + chr(7)))
    Sam\\x1b[2J\\x07
    """
    if text.isprintable():
        return text
    return "".join(
        ch if ch in "\n\t" or (ch.isprintable() and unicodedata.category(ch) != "Cf")
        else repr(ch)[1:-1] if ch.isascii() or unicodedata.category(ch) == "Cc"
        else f"\\u{ord(ch):04x}"
        for ch in text
    )


def say(text: str, *, err: bool = False, nl: bool = True) -> None:
    """Print ``text`` for people (escaped with :func:`printable`)."""
    typer.echo(printable(text), err=err, nl=nl)


SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold yellow",
               "bold cyan")
"""The terminal colour of each seat (the SVG pictures use the same order)."""
_RANK = re.compile(r"^\s*\d+\s")


def colour_board(text: str, seat_of: Mapping[str, int], names: Sequence[str]) -> Text:
    """A text board with each seat's pieces (characters of ``seat_of`` on the grid's
    lines, those starting with a rank) and each player's name in the seat's colour.

    >>> board = colour_board(" 2 K." + chr(10) + " Ann to move", {"K": 0}, ("Ann",))
    >>> board.plain.split(chr(10)), len(board.spans)
    ([' 2 K.', ' Ann to move'], 2)
    """
    from rich.text import Text  # (rich is imported by the commands that draw a board)

    out = Text()
    for k, line in enumerate(printable(text).split("\n")):
        piece = Text(line)
        if _RANK.match(line) and seat_of:
            label = _RANK.match(line)
            start = label.end() if label else 0
            for i in range(start, len(line)):
                seat = seat_of.get(line[i])
                if seat is not None:
                    piece.stylize(SEAT_STYLES[seat % len(SEAT_STYLES)], i, i + 1)
        for seat, name in enumerate(names):
            if name:
                piece.highlight_words([name], SEAT_STYLES[seat % len(SEAT_STYLES)])
        if k:
            out.append("\n")
        out.append(piece)
    return out


def show_board(text: str, seat_of: Mapping[str, int], names: Sequence[str]) -> None:
    """Print a text board: in colour on a terminal (unless ``NO_COLOR`` is set), plain
    (escaped) otherwise."""
    if sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
        from rich.console import Console

        Console(highlight=False).print(colour_board(text, seat_of, names))
    else:
        say(text)


def exit_code(error: GrimoireError | Mapping[str, Any] | None) -> int:
    """The one mapping of errors to exit codes: 0 ok (no error), 1 the log or action is
    invalid, 2 a usage mistake or an I/O error, 3 an internal error (a bug in grimoire).
    ``error`` is an exception or the error of a report (``{"error": "LogError",
    "reason": ...}``).

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
    if reason in (INTERNAL, CRASHED) or kind == RulesError.__name__:  # a bug (of grimoire
        # or of a game), or a worker that died on the log twice
        return EXIT_INTERNAL
    if kind == UsageError.__name__ or reason in _IO_REASONS:
        return EXIT_USAGE
    return EXIT_INVALID


def handle_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`GrimoireError` into a one-line message on stderr and its exit code;
    anything unexpected into one line and exit 3 (its traceback with ``--debug``)."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        as_json: bool | str = "lines" if kwargs.get("json_lines") else bool(
            kwargs.get("json_out"))
        try:
            return func(*args, **kwargs)
        except GrimoireError as exc:
            fail(exc.to_dict(), str(exc), exit_code(exc), as_json)
        except BrokenPipeError:
            quiet_pipe()
        except OSError as exc:
            fail({"error": "OSError", "reason": "io/error", "line": None, "seq": None,
                  "detail": str(exc)}, f"io/error: {exc}", EXIT_USAGE, as_json)
        except (typer.Exit, typer.Abort, typer.BadParameter, typer.TyperException):
            raise
        except Exception as exc:
            if debug:
                raise
            error = internal(exc)
            fail(error, f"{error['detail']} (run with --debug for the traceback)",
                 EXIT_INTERNAL, as_json)
        raise AssertionError("unreachable")  # pragma: no cover

    return wrapper


def fail(error: Mapping[str, Any], text: str, code: int, as_json: bool | str) -> NoReturn:
    """Report ``error`` (as ``{"error": ...}`` JSON on stdout under ``--json``, on one line
    when ``as_json`` is ``"lines"`` (``--json-lines``), else one line on stderr) and exit
    with ``code``."""
    if as_json == "lines":
        typer.echo(json.dumps({"error": msgspec.to_builtins(dict(error))}))
    elif as_json:
        print_json({"error": dict(error)})
    else:
        say(f"grimoire: {text}", err=True)
    raise typer.Exit(code)


def quiet_pipe() -> NoReturn:
    """The reader of our output went away (``grimoire replay LOG | head``): stop quietly,
    as command-line tools do."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
    raise typer.Exit(EXIT_OK)


def internal(exc: BaseException) -> dict[str, Any]:
    """The error entry of a report for an unexpected exception (exit code 3).

    >>> internal(ZeroDivisionError("x"))["reason"]
    'internal/error'
    """
    return {"error": "InternalError", "reason": INTERNAL, "line": None, "seq": None,
            "detail": f"internal error: {type(exc).__name__}: {exc}"}


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to a new file at ``path`` (refusing to overwrite one)."""
    try:
        with open(path, "x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        raise UsageError("io/exists", f"{path} exists; choose another name") from None


def print_json(obj: Any) -> None:
    typer.echo(json.dumps(msgspec.to_builtins(obj), indent=2, sort_keys=False))


BOT_HELP = ("A bot: random, mcts, or mcts with settings, e.g. mcts:iterations=400 or "
            "mcts:ms=500,c=0.7,depth=60.")


def thinking_bot(spec: str, seed: int | str = 0) -> Any:
    """The bot ``spec`` names; a search shows its progress on a terminal's stderr."""
    from grimoire.tools.play import bot_for

    def thinking(done: int, total: int) -> None:
        if sys.stderr.isatty():
            of = f"/{total}" if total > 0 else ""
            line = "\r\x1b[K" if total < 0 else f"\rthinking… {done}{of} iterations "
            sys.stderr.write(line)
            sys.stderr.flush()

    return bot_for(spec, seed, thinking)


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


def flow(text: str | None) -> str | None:
    """Help text as paragraphs, each on one line (the terminal wraps it to its width):
    the line breaks of a docstring's source are not the reader's.

    >>> flow('''Compare two logs;
    ...     exit 0 when identical.
    ...
    ...     Then more.''')
    'Compare two logs; exit 0 when identical.\\n\\nThen more.'
    """
    if text is None:
        return None
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


class _Argument(TyperArgument):
    """An argument shown by its metavar alone (``LOG``), never by its Python type
    (``<path>``), and in the usage line as ``LOG`` (``[LOG]`` when optional)."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def get_usage_pieces(self, ctx: Any) -> list[str]:
        name = self.metavar or (self.name or "").upper()
        name = name if self.required else f"[{name}]"
        return [name + ("..." if self.nargs != 1 else "")]


class _Option(TyperOption):
    """An option shown with its metavar (``--out FILE``); a flag with nothing after it
    (never ``<bool>``)."""

    def display_type_rich(self, ctx: Any) -> str | None:
        if self.metavar is not None:
            return self.metavar
        if self.is_flag or self.count:
            return ""
        return (self.name or "").upper()


def _plain(param: Any) -> Any:
    """``param`` shown as people read help (see :class:`_Argument`, :class:`_Option`).
    Typer makes its parameters itself; their class is changed to ours, which only
    changes how they are shown."""
    if isinstance(param, TyperArgument) and not isinstance(param, _Argument):
        param.__class__ = _Argument
    elif isinstance(param, TyperOption) and not isinstance(param, _Option):
        param.__class__ = _Option
    return param


class Command(TyperCommand):
    """A command whose ``--help`` reads cleanly: its docstring's paragraphs flowed (the
    terminal wraps them at its width, never mid-sentence where the source did), each
    parameter by its metavar (``--out FILE``, ``LOG``), no Python types (``<bool>``,
    ``<path>``) and no braces around a required argument.

    >>> from typer.testing import CliRunner
    >>> app = typer.Typer(cls=Group)
    >>> @app.command(cls=Command)
    ... def hello(name: str = typer.Argument(metavar="NAME")) -> None:
    ...     '''Say hello
    ...     to NAME.'''
    >>> @app.command(cls=Command)
    ... def bye() -> None: ...
    >>> out = CliRunner().invoke(app, ["hello", "--help"], terminal_width=80).output
    >>> "Usage: root hello [OPTIONS] NAME" in out, "Say hello to NAME." in out
    (True, True)
    >>> "<" in out or "{" in out
    False
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["help"] = flow(kwargs.get("help"))
        super().__init__(*args, **kwargs)
        for param in self.params:
            _plain(param)

    def get_help_option(self, ctx: Any) -> Any:
        return _plain(super().get_help_option(ctx))


class Group(TyperGroup):
    """A group of commands whose ``--help`` reads as :class:`Command`'s does."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["help"] = flow(kwargs.get("help"))
        super().__init__(*args, **kwargs)
        for param in self.params:
            _plain(param)

    def get_help_option(self, ctx: Any) -> Any:
        return _plain(super().get_help_option(ctx))


def configure_logging(json_logs: bool, verbose: bool) -> None:
    """structlog to stderr: key=value lines, or JSON with ``--log-json``; quiet unless
    ``--verbose`` or ``--log-json``. (Done when something first logs, if structlog is not
    imported yet: :mod:`grimoire.tools._log`.)"""
    level = logging.INFO if (verbose or json_logs) else logging.WARNING
    stderr = sys.stderr

    def configure() -> None:
        import structlog

        renderer: Any = (
            structlog.processors.JSONRenderer() if json_logs
            else structlog.dev.ConsoleRenderer(colors=False)
        )
        structlog.configure(
            processors=[
                structlog.processors.add_log_level,
                structlog.processors.TimeStamper(fmt="iso"),
                renderer,
            ],
            wrapper_class=structlog.make_filtering_bound_logger(level),
            logger_factory=structlog.PrintLoggerFactory(file=stderr),
            cache_logger_on_first_use=False,
        )

    _log.configure(configure, level)
