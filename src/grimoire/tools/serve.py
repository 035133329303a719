"""``grimoire serve``: run the match server on a port (the ``grimoire-games[server]`` extra).

The store is an SQLite file or a PostgreSQL database's ``postgresql://`` URL
(:func:`grimoire.store.open_store`). Several worker processes may serve one port
(:func:`run_workers`: the port bound once, each worker listening on it; a worker that
dies is started again), over either: an SQLite file is then opened shared
(:class:`~grimoire.store.Store`, ``shared=True``).

>>> # serve("matches.sqlite", port=8000)  # until Ctrl-C
>>> check_workers("postgresql://db.example/grimoire", 4)
>>> check_workers("matches.sqlite", 2)
>>> check_workers(":memory:", 2)  # doctest: +ELLIPSIS
Traceback (most recent call last):
grimoire.core.errors.UsageError: server/workers: a store in memory is one process's: ...
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from grimoire.core.errors import UsageError
from grimoire.store import open_store
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


def app_for(db: str | os.PathLike[str], *, durability: str = "full",
            shared: bool = False) -> Any:
    """The server's ASGI application over the store ``db`` (created if missing; a file
    that cannot be a store, or a database that cannot be reached, is refused here, before
    anything listens). ``shared``: other processes serve the same SQLite file."""
    try:
        from grimoire.server import ServerConfig, create_app
    except ImportError as exc:  # pragma: no cover - the extra is part of the test install
        raise UsageError("server/unavailable", f"the server needs the grimoire-games[server] "
                         f"extra (pip install 'grimoire-games[server]'): {exc}") from None
    if durability not in ("full", "normal"):
        raise UsageError("server/durability", "durability is 'full' or 'normal'")
    return create_app(ServerConfig(db=os.fspath(db), durability=durability, shared=shared))


def serve(db: str | os.PathLike[str], *, host: str = "127.0.0.1", port: int = 8000,
          durability: str = "full") -> None:
    """Serve matches from the store ``db`` on ``host:port`` until interrupted."""
    check_port(port)
    run(app_for(db, durability=durability), host=host, port=port)


def check_workers(db: str | os.PathLike[str], workers: int) -> None:
    """Refuse a number of server processes the store cannot have (``server/workers``):
    fewer than one, or more than one over a store in memory."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise UsageError("server/workers", f"--workers is a number of processes >= 1, "
                         f"not {workers!r}")
    if workers > 1 and os.fspath(db) in (":memory:", ""):
        raise UsageError("server/workers", f"a store in memory is one process's: --workers "
                         f"{workers} needs a file or a postgresql:// database")
    if workers > 1 and not hasattr(os, "fork"):  # pragma: no cover - POSIX in the tests
        raise UsageError("server/workers", "--workers forks its worker processes: POSIX "
                         "only (elsewhere, run one process a port behind a proxy)")


def check_store(db: str | os.PathLike[str], *, durability: str = "full",
                shared: bool = False) -> None:
    """Open the store ``db`` once (creating or migrating it, and ``shared``: making an
    SQLite file's feed) and close it: a database that cannot be reached, a file that
    cannot be a store, or one that another process serves alone (``store/served``) is
    refused before any worker starts."""
    if durability not in ("full", "normal"):
        raise UsageError("server/durability", "durability is 'full' or 'normal'")
    with open_store(os.fspath(db), durability=durability,  # type: ignore[arg-type]
                    shared=shared) as store:
        store.serve()


RESTART_WAIT = (0.1, 10.0)
"""Seconds before a dead worker is started again: the first time, and at most (doubled
each time a new worker dies within a minute of its start, as one does while its
database cannot be reached)."""


def run_workers(make_app: Callable[[], Any], *, workers: int, host: str = "127.0.0.1",
                port: int = 8000) -> None:
    """Serve on ``host:port`` with ``workers`` processes until SIGINT or SIGTERM (POSIX).

    A pre-fork server: this process binds the port once, then forks the workers, each
    of which builds its application with ``make_app()`` (its own store connection,
    threads and event loop: none exists before the fork) and runs uvicorn on the port.
    On Linux each worker listens on a socket of its own (``SO_REUSEPORT``), among which
    the kernel spreads the new connections evenly; elsewhere the workers share one
    listening socket, each accepting what it can (one worker may then take most of a
    burst of connections). The modules are imported once, before the fork, so a worker
    starts in milliseconds, not seconds. A worker that dies (even by SIGKILL) is started
    again, at once the first time, then after a wait that doubles while new workers keep
    dying (:data:`RESTART_WAIT`); the connections it had accepted, or (Linux) that were
    waiting on its socket, are cut. On SIGINT or SIGTERM the workers are asked to stop
    (SIGTERM: uvicorn's graceful shutdown), and killed if they have not stopped within
    10 seconds."""
    check_port(port)
    if workers < 1:
        raise UsageError("server/workers", f"no {workers} workers")
    import uvicorn  # noqa: F401  (imported before the fork, once for every worker)

    import grimoire.server.app  # noqa: F401
    from grimoire.core import registry

    registry.names()  # the games loaded once, before the fork
    gc.freeze()  # and kept out of collections, which would copy their pages in each worker

    sock = _bound(host, port)
    stop = threading.Event()
    previous = {sig: signal.signal(sig, lambda *_: stop.set())
                for sig in (signal.SIGINT, signal.SIGTERM)}
    alive: dict[int, float] = {}  # worker pid: when it started
    wait, due = RESTART_WAIT[0], 0.0
    log.info("serve", host=host, port=port, workers=workers)
    try:
        while not stop.is_set():
            while len(alive) < workers and time.monotonic() >= due and not stop.is_set():
                alive[_fork(sock, make_app, previous)] = time.monotonic()
            stop.wait(0.2)
            while alive:
                pid, status = os.waitpid(-1, os.WNOHANG)
                if pid == 0:
                    break
                started = alive.pop(pid, None)
                if started is None or stop.is_set():
                    continue
                log.warning("worker-died", pid=pid, status=os.waitstatus_to_exitcode(status))
                quick = time.monotonic() - started < 60
                due = time.monotonic() + (wait if quick else RESTART_WAIT[0])
                wait = min(RESTART_WAIT[1], 2 * wait) if quick else RESTART_WAIT[0]
    finally:
        for pid in alive:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while alive and time.monotonic() < deadline:
            pid, _ = os.waitpid(-1, os.WNOHANG)
            if pid:
                alive.pop(pid, None)
            else:
                time.sleep(0.05)
        for pid in alive:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sock.close()


SPREAD = sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")
"""Whether each worker listens on a socket of its own, the kernel spreading the
connections among them (Linux's ``SO_REUSEPORT``)."""


def _bound(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (IPv6 where ``host`` has a colon): the parent's
    (shared with the workers, or where :data:`SPREAD`, holding the port while each worker
    binds its own), or a worker's own."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if SPREAD:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise UsageError("server/port", f"cannot listen on {host}:{port}: "
                         f"{exc.strerror}") from None
    sock.set_inheritable(True)
    return sock


def _fork(sock: socket.socket, make_app: Callable[[], Any],
          handlers: dict[signal.Signals, Any]) -> int:
    """Start one worker: the child serves ``make_app()`` on ``sock`` (where
    :data:`SPREAD`, on a socket of its own bound to the same address) and never
    returns."""
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:  # the child: the signals as they were (uvicorn installs its own while serving)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        import uvicorn

        from grimoire.server.app import WebSocketProtocol

        server = uvicorn.Server(uvicorn.Config(make_app(), log_level="warning",
                                               ws=WebSocketProtocol))
        tune_gc()
        if SPREAD:  # (the parent's socket never listens: no connection waits on it)
            address = sock.getsockname()
            sock.close()
            sock = _bound(address[0], address[1])
        server.run(sockets=[sock])
        code = 0 if server.started else 3
    except BaseException as exc:  # the worker's end, reported; the parent starts another
        log.error("worker-failed", pid=os.getpid(), error=repr(exc))
    finally:
        os._exit(code)


GC_THRESHOLDS = (10_000, 10, 10)
"""Python's cycle collector in a serving process: a young collection after 10,000
allocations (Python's default: 700), an older one after ten of those. A busy server
allocates fast, and at the defaults collected about 7% of its CPU away, in pauses of up
to 50 ms that every request waiting then shared (``tools/bench_server.py``)."""


def tune_gc() -> None:
    """Set :data:`GC_THRESHOLDS` and freeze what is loaded so far (modules, games,
    tables: never garbage) out of every later collection; called by the serving process
    once its application is built.

    >>> # tune_gc(); uvicorn.run(app)
    """
    gc.set_threshold(*GC_THRESHOLDS)
    gc.freeze()


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
    tune_gc()
    uvicorn.run(app, host=host, port=port, log_level="warning", ws=WebSocketProtocol)
