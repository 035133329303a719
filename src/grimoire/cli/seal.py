"""``grimoire seal LOG -o OUT [--seed HEX]``: a copy with the hash chain on every record."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.seal import seal


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="The log to seal.")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="FILE", help="The sealed copy.")],
    seed: Annotated[str | None, typer.Option(
        metavar="SEED", help="Reveal this seed (hex) in the header.")]
    = None,
    key: Annotated[str | None, typer.Option(
        "--key", metavar="KEY", help="Sign it with this secret key (a file from "
        "`grimoire keygen`, or hex), after an audit that must pass.")] = None,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Write a sealed copy (the original is never rewritten); with --key, signed."""
    n = seal(log, out, seed=seed, key=key)
    if json_out:
        print_json({"out": str(out), "records": n, "signed": key is not None})
    else:
        say(f"{out}: {n} records sealed" + (" and signed" if key else ""))
