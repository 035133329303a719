"""``grimoire diff A B``: the common prefix, the first differing records, the state diff."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.diff import diff


@handle_errors
def command(
    a: Annotated[Path, typer.Argument(metavar="LOG", help="First log.")],
    b: Annotated[Path, typer.Argument(metavar="LOG", help="Second log.")],
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Compare two logs; exit 0 when identical, 1 when they differ."""
    report = diff(a, b)
    if json_out:
        print_json(report)
    else:
        say(report.summary())
    raise typer.Exit(0 if report.identical else 1)
