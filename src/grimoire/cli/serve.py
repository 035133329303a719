"""``grimoire serve``: host live matches over HTTP and WebSocket."""

from __future__ import annotations

from typing import Annotated

import typer

from grimoire.cli.common import handle_errors, say
from grimoire.tools.serve import (
    app_for,
    check_port,
    check_store,
    check_workers,
    named,
    run,
    run_workers,
)


@handle_errors
def command(
    db: Annotated[str, typer.Option(  # a str: a Path would fold a URL's "//"
        "--db", metavar="FILE|URL",
        help="The store: an SQLite file (created if missing) or a PostgreSQL database's "
             "postgresql://user@host/dbname URL (the grimoire-games[postgres] extra).")]
    = "matches.sqlite",
    host: Annotated[str, typer.Option(metavar="HOST", help="Address to listen on.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="Port to listen on.")] = 8000,
    durability: Annotated[str, typer.Option(
        metavar="full|normal",
        help="full: every acknowledged action is on disk (fsync); normal: it survives the "
             "server's crash but not the machine's.")] = "full",
    workers: Annotated[int, typer.Option(
        metavar="N",
        help="Server processes sharing the port, over an SQLite file or a PostgreSQL "
             "database. About one per core.")] = 1,
) -> None:
    """Serve matches to web pages and bots over a store (needs grimoire-games\\[server]).

    One token per seat; each seat sees only what it may know. The lobby is at
    http://HOST:PORT/ and the API at http://HOST:PORT/docs."""
    check_port(port)
    check_workers(db, workers)
    if workers == 1:
        app = app_for(db, durability=durability)
        say(f"serving {named(db)} on http://{host}:{port} (API: http://{host}:{port}/docs);"
            " Ctrl-C stops")
        run(app, host=host, port=port)
        return
    check_store(db, durability=durability, shared=True)
    say(f"serving {named(db)} on http://{host}:{port} with {workers} processes (API: "
        f"http://{host}:{port}/docs); Ctrl-C stops")
    run_workers(lambda: app_for(db, durability=durability, shared=True), workers=workers,
                host=host, port=port)
