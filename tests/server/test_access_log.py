"""The access log: ``grimoire --log-json serve`` writes one structured line per request
and per WebSocket session (method, path, status, duration, match), and never a token,
though tokens come in URLs (``?token=``) and in ``Authorization`` headers."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import websockets
from tests.server.conftest import HTTP, auth, free_port, wait_up


def test_every_request_and_websocket_session_is_logged_without_its_token(
        tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    err = tmp_path / "stderr.log"
    with err.open("wb") as sink:
        proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "grimoire"), "--log-json", "serve", "--db",
             str(tmp_path / "m.sqlite"), "--port", str(port)],
            stdout=subprocess.DEVNULL, stderr=sink)
        try:
            wait_up(base)
            created = HTTP.post(f"{base}/matches", json={"game": "vicious-circle"}).json()
            mid, spectator = created["id"], created["spectator"]
            seat = created["seats"][0]["token"]
            tokens = [spectator, seat, created["seats"][1]["token"]]
            assert HTTP.get(f"{base}/matches/{mid}?token={spectator}").status_code == 200
            legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(seat)).json()
            done = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(seat), json={
                "action": legal["actions"][0], "expected_version": 0})
            assert done.status_code == 200
            assert HTTP.get(f"{base}/matches/{mid}/view?token={seat}").status_code == 200
            assert HTTP.get(f"{base}/matches/{mid}/events?since=x&token={seat}"
                            ).status_code == 400
            assert HTTP.get(f"{base}/matches/{mid}?token={seat}x").status_code == 401
            assert HTTP.get(f"{base}/nowhere?token={seat}").status_code == 404

            async def listen() -> None:
                url = f"ws://127.0.0.1:{port}/matches/{mid}/ws?since=0&token={spectator}"
                async with websockets.connect(url) as sock:
                    await sock.recv()

            asyncio.run(listen())
            wait_up(base)  # the session's line is written when it closes
        finally:
            proc.terminate()
            proc.wait(10)
    text = err.read_text()
    for token in tokens:
        assert token not in text and token[:12] not in text, "a token reached the log"
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    logged = [line for line in lines if line.get("event") in ("request", "websocket")]

    def find(method: str, path: str, status: int) -> dict[str, Any]:
        found = [line for line in logged if (line["method"], line["path"], line["status"])
                 == (method, path, status)]
        assert found, (method, path, status, logged)
        return found[0]

    created_line = find("POST", "/matches", 201)
    assert created_line["match"] is None and created_line["ms"] >= 0
    assert find("GET", f"/matches/{mid}", 200)["match"] == mid
    assert find("GET", f"/matches/{mid}/legal", 200)["match"] == mid
    assert find("POST", f"/matches/{mid}/actions", 200)["match"] == mid
    assert find("GET", f"/matches/{mid}/view", 200)["match"] == mid
    find("GET", f"/matches/{mid}/events", 400)
    find("GET", f"/matches/{mid}", 401)
    find("GET", "/nowhere", 404)
    session = find("GET", f"/matches/{mid}/ws", 101)
    assert session["event"] == "websocket" and session["match"] == mid
    assert all(isinstance(line["ms"], float) for line in logged)
