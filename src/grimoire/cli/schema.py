"""``grimoire schema [GAME]``: JSON Schemas of the header, the record and a game's events."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, say
from grimoire.tools.schema import dumps, schemas, write_schemas


@handle_errors
def command(
    game: Annotated[str | None, typer.Argument(
        metavar="GAME", help="A game (default: the log envelope).")]
    = None,
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="DIR", help="Write every schema here.")]
    = None,
) -> None:
    """Print a schema as JSON, or write all of them into a folder."""
    if out is not None:
        for path in write_schemas(out):
            say(path)
        return
    found = schemas(game)
    name = f"{game}.schema.json" if game else "log.schema.json"
    say(dumps(found[name]), nl=False)
