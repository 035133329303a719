"""``grimoire seal LOG -o OUT [--seed HEX] [--key KEY]``: a chained copy (the chain value on
every record), and with ``--key`` a signed one (a signature line at its end)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.seal import seal


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="The log to copy.")],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="FILE",
                                      help="The chained (or signed) copy.")],
    seed: Annotated[str | None, typer.Option(
        metavar="SEED", help="Reveal this seed (hex) in the header.")]
    = None,
    key: Annotated[str | None, typer.Option(
        "--key", metavar="KEY", help="Sign it with this secret key (a file from "
        "`grimoire keygen`, or hex), after an audit that must pass.")] = None,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Write a chained copy of a log in canonical form (signed too, with --key).

    In the copy every record carries its chain value; with --key a signature line ends
    it. The original is never rewritten."""
    n = seal(log, out, seed=seed, key=key)
    if json_out:
        print_json({"out": str(out), "records": n, "signed": key is not None})
    else:
        say(f"{out}: {n} records, chained" + (" and signed" if key else ""))
