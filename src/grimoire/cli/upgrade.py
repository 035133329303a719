"""``grimoire upgrade LOG -o NEW``: the match in today's log format and ruleset;
``grimoire upgrade ORIGINAL --check COPY``: does COPY hold ORIGINAL's match?"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from grimoire import UsageError
from grimoire.cli.common import exit_code, handle_errors, print_json, say
from grimoire.tools.upgrade import check, upgrade


@handle_errors
def command(
    log: Annotated[Path, typer.Argument(metavar="LOG", help="An older log (the original).")],
    out: Annotated[Path | None, typer.Option(
        "--out", "-o", metavar="FILE", help="The new log.")] = None,
    against: Annotated[Path | None, typer.Option(
        "--check", metavar="COPY", help="Check that COPY is LOG upgraded, instead of "
        "writing one: it names LOG (header hash, record count, final chain value, "
        "signature), its header is the one an upgrade writes and its events are LOG's.")]
    = None,
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
) -> None:
    """Rewrite an old log in the current format and ruleset, naming the original.

    Events are upcast and the options that keep its old rules are written out; the
    header's upgraded_from names the original by file name and header hash, with its
    record count, final chain value and, when it is signed, its signature. A log already
    current is refused; a copy upgraded again keeps naming the first original. The
    original is never rewritten. With --check COPY, write nothing: say whether COPY
    holds LOG's match (exit 0) or where it differs (exit 1)."""
    if (out is None) == (against is None):
        raise UsageError("upgrade/usage", "give -o NEW to write the upgrade, or --check COPY "
                         "to check one, not both")
    if against is not None:
        report = check(log, against)
        if json_out:
            print_json(report)
        else:
            say(report.summary())
        raise typer.Exit(exit_code(report.error))
    assert out is not None
    written = upgrade(log, out)
    if json_out:
        print_json(written)
    else:
        say(written.summary())
