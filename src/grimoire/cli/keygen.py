"""``grimoire keygen -o KEY``: a new Ed25519 key pair for signing logs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json, say
from grimoire.tools.seal import keygen


@handle_errors
def command(
    out: Annotated[Path, typer.Option(
        "--out", "-o", metavar="FILE", help="The secret key's file (FILE.pub: the public).")],
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Make a key pair to sign logs with (needs grimoire-games\\[sign]).

    Keep the secret key's file private; give the public key (FILE.pub) to whoever checks
    your logs (`grimoire validate --trust FILE.pub`)."""
    public = keygen(out)
    if json_out:
        print_json({"secret": str(out), "public": public})
    else:
        say(f"{out}: secret key (keep it private); {out}.pub: public key {public}")
