"""``grimoire new-game NAME``: a new game's folder from the starter template."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.new_game import new_game, report


@handle_errors
def command(
    name: Annotated[str, typer.Argument(
        metavar="NAME", help="The game's name: lowercase words joined by '-' (wizard-duel).")],
    into: Annotated[Path, typer.Option(
        "--into", metavar="DIR", help="Where to write the game's folder (default: here).")]
    = Path("."),
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Write a new game's folder, DIR/<module>/ (NAME with '-' as '_'): a minimal working
    two-player game with every file a game has, to change into your own."""
    folder = new_game(name, into)
    done = report(name, folder)
    if json_out:
        print_json(done)
        return
    say(f"wrote {done.folder}/ ({len(done.files)} files)")
    for line in done.next:
        say(line)
