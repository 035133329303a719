"""Requests a server must refuse with a 4xx JSON error and a reason code, never a 500,
a plain-text page or silence; after each, the server goes on serving.

The server runs on a real port with the WebSocket protocol ``grimoire serve`` uses
(:class:`grimoire.server.app.WebSocketProtocol`)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
import websockets
from tests.server.conftest import HTTP, auth, running

from grimoire.server import ServerConfig, create_app


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running(ServerConfig(db=str(tmp_path_factory.mktemp("bad") / "m.sqlite"))) as url:
        yield url


@pytest.fixture(scope="module")
def match(base: str) -> dict[str, Any]:
    r = HTTP.post(f"{base}/matches", json={"game": "vicious-circle"})
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def still_serving(base: str, match: dict[str, Any]) -> None:
    assert HTTP.get(f"{base}/games").status_code == 200
    r = HTTP.get(f"{base}/matches/{match['id']}", headers=auth(match["spectator"]))
    assert r.status_code == 200 and r.json()["version"] == 0


def refused(r: Any, status: int, reason: str) -> None:
    assert r.headers["content-type"] == "application/json", r.text
    body = r.json()
    assert (r.status_code, body["reason"]) == (status, reason), r.text
    assert set(body) >= {"error", "reason", "detail"} and "Traceback" not in r.text


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


@pytest.mark.parametrize(("body", "status", "reason"), [
    # deep enough to exhaust msgspec's recursion (RecursionError, a 500 before)
    (b'{"game": "vicious-circle", "options": {"x": ' + nested(20_000) + b"}}", 400,
     "request/bad-json"),
    # readable, but deeper than any request needs
    (b'{"game": "vicious-circle", "options": {"x": ' + nested(200) + b"}}", 400,
     "request/invalid"),
    # invalid UTF-8 inside a JSON string (a UnicodeDecodeError, a 500 before)
    (b'{"game": "vicious-circle", "players": ["\xff\xfeAnn", "Ben"]}', 400,
     "request/bad-json"),
    (b'{"game": "vicious-circle", "players": ["Ann\xc3", "Ben"]}', 400, "request/bad-json"),
    # an empty list of players was silently replaced by the game's names
    (b'{"game": "vicious-circle", "players": []}', 400, "players/invalid"),
    (b'{"game": "vicious-circle", "players": ["Ann\xe2\x80\xae", "Ben"]}', 400,
     "players/invalid"),  # a right-to-left override (U+202E)
])
def test_a_bad_body_is_a_4xx_with_a_reason(base: str, match: dict[str, Any], body: bytes,
                                           status: int, reason: str) -> None:
    r = HTTP.post(f"{base}/matches", content=body,
                  headers={"content-type": "application/json"})
    refused(r, status, reason)
    still_serving(base, match)


def test_a_deeply_nested_action_is_a_4xx(base: str, match: dict[str, Any]) -> None:
    seat = match["seats"][0]["token"]
    body = b'{"action": {"type": "setup", "player": 0, "x": ' + nested(20_000) + \
        b'}, "expected_version": 0}'
    r = HTTP.post(f"{base}/matches/{match['id']}/actions", content=body,
                  headers={**auth(seat), "content-type": "application/json"})
    refused(r, 400, "request/bad-json")
    still_serving(base, match)


@pytest.mark.parametrize(("action", "status", "reason"), [
    (b'5', 400, "request/invalid"),  # not an object: refused as the body's shape
    (b'[{"type": "pass"}]', 400, "request/invalid"),
    (b'{"type": "fly", "player": 0}', 422, "action/invalid"),
    (b'{"type": "fl\xc3\xbf", "player": 0}', 422, "action/invalid"),  # not ASCII
    (b'{"type": "fl\xff", "player": 0}', 400, "request/bad-json"),  # not UTF-8
    (b'{"type": "setup", "player": 0}', 422, "action/invalid"),  # a field missing
    (b'{"type": "setup", "player": 0, "placement": [], "x": ' + nested(200) + b"}", 400,
     "request/invalid"),
])
def test_an_action_is_refused_alike_however_it_is_read(
        base: str, match: dict[str, Any], action: bytes, status: int, reason: str) -> None:
    """The server reads an ASCII action that is a JSON object straight into the game's
    events, anything else through the whole body's shape first: both refuse the same
    way."""
    seat = match["seats"][0]["token"]
    for spaced in (action, action.replace(b'"type": ', b'"type":\t')):
        body = b'{"action": ' + spaced + b', "expected_version": 0}'
        r = HTTP.post(f"{base}/matches/{match['id']}/actions", content=body,
                      headers={**auth(seat), "content-type": "application/json"})
        refused(r, status, reason)
    still_serving(base, match)


def test_a_name_with_an_emoji_joined_by_zwj_is_accepted(base: str) -> None:
    name = "\U0001f469\u200d\U0001f680 Ann"  # woman astronaut: woman, ZWJ, rocket
    r = HTTP.post(f"{base}/matches", json={"game": "vicious-circle",
                                           "players": [name, "Ben\ufe0f"]})
    assert r.status_code == 201, r.text
    assert [s["name"] for s in r.json()["seats"]] == [name, "Ben\ufe0f"]


@pytest.mark.parametrize("since", ["\u00b2", "\uff11\uff12", "\u0661", "1\u2070", "-1",
                                   "1.5", "1e3", " 1", "9" * 13])
def test_since_takes_ascii_digits_only(base: str, match: dict[str, Any], since: str) -> None:
    """``since=²`` (a superscript two: a 500 before) and full-width or Arabic-Indic digits
    (read as numbers before) are refused, over HTTP and at a WebSocket's handshake."""
    r = HTTP.get(f"{base}/matches/{match['id']}/events", params={"since": since},
                 headers=auth(match["spectator"]))
    refused(r, 400, "request/invalid")
    with pytest.raises(websockets.InvalidStatus) as refusal:
        asyncio.run(listen(base, match, f"?since={quote(since)}&token={match['spectator']}"))
    assert refusal.value.response.status_code == 400  # a JSON error, before accepting
    assert b'"reason":"request/invalid"' in refusal.value.response.body
    assert HTTP.get(f"{base}/matches/{match['id']}/events", params={"since": "0"},
                    headers=auth(match["spectator"])).status_code == 200


@pytest.mark.parametrize("until", ["\u00b2", "\uff11", "-1", "1.5", "", "9" * 13])
def test_until_takes_ascii_digits_only(base: str, match: dict[str, Any], until: str) -> None:
    """The viewer's frames ``until=M`` is read as ``since`` is: ASCII digits, else 400."""
    frames = f"{base}/matches/{match['id']}/frames"
    r = HTTP.get(frames, params={"since": "0", "until": until},
                 headers=auth(match["spectator"]))
    refused(r, 400, "request/invalid")
    assert HTTP.get(frames, params={"since": "0", "until": "0"},
                    headers=auth(match["spectator"])).status_code == 200


async def listen(base: str, match: dict[str, Any], query: str) -> str:
    """The first message of the match's WebSocket opened with ``query``."""
    url = base.replace("http", "ws") + f"/matches/{match['id']}/ws{query}"
    async with websockets.connect(url) as sock:
        return str(await sock.recv())


def raw_request(base: str, request: bytes) -> bytes:
    """``request`` sent as it is; what comes back before the server closes (or 5 s)."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=5) as s:
        s.sendall(request)
        got = b""
        with contextlib.suppress(TimeoutError):
            while chunk := s.recv(65536):
                got += chunk
        return got


@pytest.mark.parametrize("length", [9_000, 12_000, 60_000])
def test_a_websocket_handshake_with_a_very_long_url_is_answered_414(
        base: str, match: dict[str, Any], length: int) -> None:
    """uvicorn hands the handshake to ``websockets``, whose request line holds at most
    8,192 bytes; its 414 was never written, so the client waited for nothing."""
    path = f"/matches/{match['id']}/ws?token=" + "t" * length
    got = raw_request(base, (
        f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode())
    head, _, body = got.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 414 "), got[:200]
    assert b"content-type: application/json" in head.lower()
    assert b'"reason":"request/too-large"' in body
    still_serving(base, match)
    first = asyncio.run(listen(base, match, f"?token={match['spectator']}"))
    assert '"version":0' in first  # and WebSockets still open


def test_a_websocket_handshake_with_too_many_headers_is_answered_431(
        base: str, match: dict[str, Any]) -> None:
    headers = "".join(f"X-{i}: {i}\r\n" for i in range(300))
    got = raw_request(base, (
        f"GET /matches/{match['id']}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        f"Sec-WebSocket-Version: 13\r\n{headers}\r\n").encode())
    assert got.startswith(b"HTTP/1.1 431 "), got[:200]
    still_serving(base, match)


@pytest.mark.parametrize(("method", "path", "status", "reason"), [
    ("POST", "/", 405, "request/method"),
    ("GET", "/nothing/here", 404, "request/not-found"),
    ("GET", "/games/", 404, "request/not-found"),  # a trailing slash
    ("GET", "/matches/{id}/", 404, "request/not-found"),
    ("GET", "/matches/{id}/view/", 404, "request/not-found"),
    ("GET", "/matches/{id}/unknown", 404, "request/not-found"),
    ("POST", "/matches/", 404, "request/not-found"),
    ("GET", "/matches", 405, "request/method"),  # a wrong method
    ("DELETE", "/games", 405, "request/method"),
    ("POST", "/matches/{id}/view", 405, "request/method"),
    ("PUT", "/matches/{id}/actions", 405, "request/method"),
    ("OPTIONS", "/openapi.json", 405, "request/method"),
])
def test_every_unknown_path_or_method_is_a_json_error(
        base: str, match: dict[str, Any], method: str, path: str, status: int,
        reason: str) -> None:
    r = HTTP.request(method, base + path.replace("{id}", match["id"]),
                     headers=auth(match["spectator"]))
    refused(r, status, reason)
    if status == 405:
        assert r.headers["allow"]
    still_serving(base, match)


def test_every_route_is_in_the_api_document(base: str) -> None:
    """What the server answers, the OpenAPI document lists (so its errors are promised)."""
    from starlette.routing import Route, WebSocketRoute

    app = create_app(ServerConfig(db=":memory:"))
    documented = HTTP.get(f"{base}/openapi.json").json()["paths"]
    for route in app.routes:
        assert isinstance(route, Route | WebSocketRoute)
        if route.path in ("/openapi.json", "/docs"):
            continue
        assert route.path in documented, route.path
        for method in (getattr(route, "methods", None) or {"GET"}) - {"HEAD"}:
            assert method.lower() in documented[route.path], (method, route.path)
