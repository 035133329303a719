"""``grimoire validate LOG…``: audit logs; exit 0 all valid, 1 invalid, 2 unreadable."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from grimoire.cli.common import EXIT_OK, exit_code, handle_errors, print_json, say
from grimoire.tools.validate import DEFAULT_LIMITS, Limits, expand, validate


@handle_errors
def command(
    logs: Annotated[list[Path], typer.Argument(
        metavar="LOG", help="Log files or folders of logs.")],
    json_out: Annotated[bool, typer.Option(
        "--json", metavar="", help="Machine-readable output.")] = False,
    max_line: Annotated[int, typer.Option(metavar="N", help="Longest accepted line, bytes.")]
    = DEFAULT_LIMITS.max_line,
    trust: Annotated[list[str] | None, typer.Option(
        "--trust", metavar="KEY", help="A public key (hex, or a .pub file) that must have "
        "signed each log (repeatable: any of them).")] = None,
) -> None:
    """Check header, seq, chain; re-decide every action; re-derive every roll and
    consequence. The first problem of each log is reported as `line N (seq S): reason: detail`."""
    paths = expand(logs)
    limits = Limits(max_line=max_line)
    show_bar = len(paths) > 1 and sys.stderr.isatty() and not json_out
    if show_bar:
        with typer.progressbar(length=len(paths), label="validating", file=sys.stderr) as bar:
            reports = validate(logs, limits=limits, trust=trust or (),
                               progress=lambda _: bar.update(1))
    else:
        reports = validate(logs, limits=limits, trust=trust or ())
    if json_out:
        print_json({"valid": all(r.ok for r in reports), "logs": reports})
    else:
        for r in reports:
            say(r.summary())
    raise typer.Exit(max((exit_code(r.error) for r in reports), default=EXIT_OK))
