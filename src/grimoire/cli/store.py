"""``grimoire store``: the matches of a store (``list``, ``export``, ``import``): an SQLite
file, or a PostgreSQL database named by its ``postgresql://`` URL.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["--help"]).exit_code
0
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import (
    EXIT_OK,
    Command,
    Group,
    exit_code,
    handle_errors,
    print_json,
    say,
)
from grimoire.tools.store import export_match, import_logs, list_matches

app = typer.Typer(
    name="store",
    cls=Group,
    help="List the matches of a store (an SQLite file or a postgresql:// URL), export one "
         "as a log, import logs.",
    no_args_is_help=True,
    add_completion=False,
)

# a str, not a Path: a Path would fold the URL's "//" into one "/"
Db = Annotated[str, typer.Argument(
    metavar="DB", help="The store: an SQLite file, or a postgresql://user@host/dbname URL.")]
JsonOut = Annotated[bool, typer.Option("--json", metavar="", help="Machine-readable output.")]


@app.command("list", cls=Command)
@handle_errors
def list_command(
    db: Db,
    game: Annotated[str | None, typer.Option(metavar="GAME", help="Only this game.")] = None,
    player: Annotated[str | None, typer.Option(
        metavar="NAME", help="Only matches with a seat of this name.")] = None,
    status: Annotated[str | None, typer.Option(
        metavar="live|over", help="Only live or only finished matches.")] = None,
    limit: Annotated[int, typer.Option(metavar="N", help="At most N matches.")] = 100,
    offset: Annotated[int, typer.Option(metavar="N", help="Skip the N newest first.")] = 0,
    json_out: JsonOut = False,
) -> None:
    """List the store's matches, newest first (never a live match's seed)."""
    listing = list_matches(db, game=game, player=player, status=status, limit=limit,
                           offset=offset)
    if json_out:
        print_json(listing)
        return
    for line in listing.summary():
        say(line)


@app.command("export", cls=Command)
@handle_errors
def export_command(
    db: Db,
    match: Annotated[str, typer.Argument(metavar="MATCH", help="The match's id.")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="LOG",
                                      help="The log file to write (a new file).")],
    json_out: JsonOut = False,
) -> None:
    """Write one match as a log file, exactly as grimoire writes logs."""
    report = export_match(db, match, out)
    if json_out:
        print_json(report)
    else:
        say(report.summary())


@app.command("import", cls=Command)
@handle_errors
def import_command(
    db: Db,
    logs: Annotated[list[Path], typer.Argument(
        metavar="LOG", help="Log files or folders of logs.")],
    json_out: JsonOut = False,
) -> None:
    """Import logs that pass their audit; print each new match's id.

    The store is created if missing."""
    report = import_logs(db, logs)
    if json_out:
        print_json({"imported": report.ok, "store": report.store, "logs": report.logs})
    else:
        for entry in report.logs:
            say(entry.summary(), err=entry.error is not None)
    raise typer.Exit(max((exit_code(entry.error) for entry in report.logs), default=EXIT_OK))
