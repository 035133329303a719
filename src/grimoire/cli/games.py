"""``grimoire games``: the registered games."""

from __future__ import annotations

from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.games import games


@handle_errors
def command(
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """List the registered games (name, rules version, player counts)."""
    report = games()
    if json_out:
        print_json(report)
        return
    for g in report.games:
        counts = "/".join(map(str, g.players))
        say(f"{g.name:<18} rules {g.rules:<4} {counts} players  {g.doc}")
    for name, err in report.broken.items():
        say(f"{name:<18} BROKEN: {err}", err=True)
