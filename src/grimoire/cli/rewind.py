"""``grimoire rewind LOG --to N -o OUT``: fork a log; the original is untouched."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.rewind import rewind


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="The log to fork.")],
    to: Annotated[int, typer.Option(
        "--to", metavar="N", help="Keep this many records: whole decisions (an action and "
        "every event it caused).")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="FILE", help="The new log file.")],
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Write a new log holding the first N records; its header names the origin.

    N must end a whole decision: a cut inside one is refused, naming the cuts on either
    side. The original is never rewritten."""
    header = rewind(log, to, out)
    if json_out:
        print_json({"out": str(out), "forked_from": header.forked_from})
    else:
        say(f"{out}: first {to} records of {log}")
