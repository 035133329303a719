"""``grimoire repair LOG -o OUT``: a copy ending at the last whole decision."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.repair import repair


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="The log a crash left damaged.")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="FILE", help="The repaired copy.")],
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Copy a log without the damage a crash leaves: a torn last line, a decision cut short.

    The original is never rewritten; any other damage stays an error."""
    report = repair(log, out)
    if json_out:
        print_json(report)
    else:
        say(report.summary())
