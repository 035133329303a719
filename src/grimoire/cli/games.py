"""``grimoire games``: the registered games."""

from __future__ import annotations

from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, print_json
from grimoire.core import registry


@handle_errors
def command(
    json_out: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """List the registered games (name, rules version, player counts)."""
    rows = [
        {"name": r.name, "rules": r.version, "players": list(r.seats),
         "doc": (type(r).__doc__ or "").strip().splitlines()[0]}
        for r in registry.all_rules()
    ]
    broken = registry.broken()
    if json_out:
        print_json({"games": rows, "broken": broken})
        return
    for row in rows:
        counts = "/".join(map(str, row["players"]))
        typer.echo(f"{row['name']:<18} rules {row['rules']:<4} {counts} players  {row['doc']}")
    for name, err in broken.items():
        typer.echo(f"{name:<18} BROKEN: {err}", err=True)
