"""The ``grimoire`` command-line application.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["games"]).exit_code
0
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Annotated

import typer

import grimoire
from grimoire.cli import (
    arena,
    common,
    diff,
    export,
    games,
    keygen,
    new,
    new_game,
    odds,
    play,
    render,
    repair,
    replay,
    rewind,
    schema,
    seal,
    serve,
    simulate,
    stats,
    store,
    upgrade,
    validate,
    view,
)
from grimoire.cli.common import Command, Group, configure_logging, say

app = typer.Typer(
    name="grimoire",
    cls=Group,
    help="Play, record, validate, diff, rewind, replay and render board-game match logs, "
    "and read archives of them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        say(f"grimoire {grimoire.__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    log_json: Annotated[bool, typer.Option(
        "--log-json", metavar="", help="Structured logs as JSON on stderr.")]
    = False,
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", metavar="", help="Log progress to stderr.")]
    = False,
    version: Annotated[bool, typer.Option(
        "--version", metavar="", help="Print grimoire's version and exit.",
        callback=_version, is_eager=True)] = False,
    debug: Annotated[bool, typer.Option(
        "--debug", metavar="",
        help="Show the traceback of an internal error (exit code 3).")] = False,
) -> None:
    configure_logging(log_json, verbose)
    common.debug = debug


app.command("games", cls=Command)(games.command)
app.command("new", cls=Command)(new.command)
app.command("new-game", cls=Command)(new_game.command)
app.command("play", cls=Command)(play.command)
app.command("simulate", cls=Command)(simulate.command)
app.command("arena", cls=Command)(arena.command)
app.command("validate", cls=Command)(validate.command)
app.command("stats", cls=Command)(stats.command)
app.command("export", cls=Command)(export.command)
app.command("diff", cls=Command)(diff.command)
app.command("rewind", cls=Command)(rewind.command)
app.command("replay", cls=Command)(replay.command)
app.command("render", cls=Command)(render.command)
app.command("odds", cls=Command)(odds.command)
app.command("schema", cls=Command)(schema.command)
app.command("seal", cls=Command)(seal.command)
app.command("repair", cls=Command)(repair.command)
app.command("view", cls=Command)(view.command)
app.command("upgrade", cls=Command)(upgrade.command)
app.command("keygen", cls=Command)(keygen.command)
app.add_typer(store.app, name="store")
app.command("serve", cls=Command)(serve.command)


def main() -> None:
    """Console-script entry point (a closed pipe, ``| head``, ends it quietly)."""
    try:
        app()
    except BrokenPipeError:
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
