"""``grimoire upgrade LOG -o NEW``: the match in today's log format and ruleset."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.upgrade import upgrade


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="An older log.")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="FILE", help="The new log.")],
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Rewrite a log in the current format and ruleset (events upcast, the options that
    keep its old rules written out); the header names the original and its final chain
    value. The original is never rewritten."""
    report = upgrade(log, out)
    if json_out:
        print_json(report)
    else:
        say(report.summary())
