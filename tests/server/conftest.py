"""A real server on a real port: uvicorn in a thread (configurable; its matches' dice
drawn from a seeded sequence, so each test plays the same matches every run), or
``grimoire serve`` in its own process (for the kill-and-restart test)."""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import msgspec
import pytest
import uvicorn
from starlette.applications import Starlette

from grimoire.server import ServerConfig, create_app
from grimoire.server.app import WebSocketProtocol

DICE_SEEDS = 2026
"""The seed of the dice seeds of the matches a test's server creates (``running``)."""


HTTP = httpx.Client(timeout=10.0)
"""One client for the tests' requests (a new connection per request costs ~20 ms)."""
atexit.register(HTTP.close)


def free_port() -> int:
    with contextlib.closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_up(base: str, seconds: float = 20.0) -> None:
    """Wait until the server at ``base`` answers (with the tests' one client: a new one
    costs about 35 ms of CPU, most of a server's start in a thread)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if HTTP.get(f"{base}/games", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"no server at {base}")


@contextlib.contextmanager
def running(config: ServerConfig | Starlette) -> Iterator[str]:
    """Serve ``config`` (or an app made by ``create_app``) on a free port in a thread;
    yields the base URL."""
    port = free_port()
    if isinstance(config, ServerConfig) and config.dice_seeds is None:
        # the matches' dice drawn from a seeded sequence: each test's matches replay alike
        config = msgspec.structs.replace(config, dice_seeds=DICE_SEEDS)
    app = create_app(config) if isinstance(config, ServerConfig) else config
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", ws=WebSocketProtocol))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_up(base)
        yield base
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with running(ServerConfig(db=str(tmp_path / "matches.sqlite"))) as url:
        yield url


@contextlib.contextmanager
def process(db: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """``grimoire serve`` in its own process. Its stderr goes to a file beside ``db``;
    if the server dies on its own while the test runs (a SIGKILL is the test's own),
    the test's failure carries the file's tail."""
    log = db.with_suffix(".serve.log")
    with log.open("wb") as err:
        proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "grimoire"), "serve", "--db", str(db),
             "--port", str(port)], stdout=subprocess.DEVNULL, stderr=err,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    died = False
    try:
        wait_up(f"http://127.0.0.1:{port}")
        yield proc
    finally:
        died = proc.poll() not in (None, -signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
    if died:
        tail = log.read_text(errors="replace")[-4000:]
        raise AssertionError(f"grimoire serve exited ({proc.returncode}):\n{tail}")


def auth(token: str) -> dict[str, str]:
    """The header that carries a token."""
    return {"Authorization": f"Bearer {token}"}
