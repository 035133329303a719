"""``grimoire odds LOG [--at N]``: each side's chance of winning the current battle
(Wizard Armies' "betting props"), exact where the tree is small, else simulated."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.odds import odds


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="A Wizard Armies log.")],
    at: Annotated[int | None, typer.Option(
        "--at", metavar="N", help="After N events (default: the end).")]
    = None,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Print the probability that each side wins the battle in progress."""
    report = odds(str(log), at)
    if json_out:
        print_json(report)
    else:
        say(report.summary())
