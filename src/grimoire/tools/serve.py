"""``grimoire serve``: run the match server on a port (the ``grimoire-games[server]`` extra).

The store is an SQLite file or a PostgreSQL database's ``postgresql://`` URL
(:func:`grimoire.store.open_store`).

>>> # serve("matches.sqlite", port=8000)  # until Ctrl-C
"""

from __future__ import annotations

import os
from typing import Any

from grimoire.core.errors import UsageError
from grimoire.store.postgres import is_url, shown
from grimoire.tools._log import get_logger

log = get_logger("grimoire.serve")


def named(db: str | os.PathLike[str]) -> str:
    """``db`` as messages show it: a path as it is, a URL without its password.

    >>> named("matches.sqlite"), named("postgresql://ann:pw@db/grimoire")
    ('matches.sqlite', 'postgresql://ann:***@db/grimoire')
    """
    db = os.fspath(db)
    return shown(db) if is_url(db) else db


def app_for(db: str | os.PathLike[str], *, durability: str = "full") -> Any:
    """The server's ASGI application over the store ``db`` (created if missing; a file
    that cannot be a store, or a database that cannot be reached, is refused here, before
    anything listens)."""
    try:
        from grimoire.server import ServerConfig, create_app
    except ImportError as exc:  # pragma: no cover - the extra is part of the test install
        raise UsageError("server/unavailable", f"the server needs the grimoire-games[server] "
                         f"extra (pip install 'grimoire-games[server]'): {exc}") from None
    if durability not in ("full", "normal"):
        raise UsageError("server/durability", "durability is 'full' or 'normal'")
    return create_app(ServerConfig(db=os.fspath(db), durability=durability))


def serve(db: str | os.PathLike[str], *, host: str = "127.0.0.1", port: int = 8000,
          durability: str = "full") -> None:
    """Serve matches from the store ``db`` on ``host:port`` until interrupted."""
    check_port(port)
    run(app_for(db, durability=durability), host=host, port=port)


def check_port(port: int) -> None:
    """Refuse a port number no socket can have (``server/port``)."""
    if not 0 <= port <= 65535:
        raise UsageError("server/port", f"no port {port}")


def run(app: Any, *, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve ``app`` (from :func:`app_for`) on ``host:port`` until interrupted (uvicorn,
    with uvloop and httptools where installed)."""
    check_port(port)
    import uvicorn

    from grimoire.server.app import WebSocketProtocol  # answers a too-long handshake: 414

    log.info("serve", host=host, port=port)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws=WebSocketProtocol)
