"""The two calls a playing client makes for every action (``POST .../actions``, ``GET
.../legal``) are handed to their handlers by :class:`grimoire.server.app.HotRoutes`,
without Starlette's router: each is answered exactly as the router's route answers it
(status, headers and body), for the calls that act and the ones refused alike."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import msgspec

from grimoire.server import ServerConfig, create_app
from grimoire.server.app import HotRoutes

Answer = tuple[int, list[tuple[bytes, bytes]], bytes]


async def call(asgi: Any, method: str, path: str, *, token: str | None = None,
               body: bytes = b"", query: bytes = b"", root_path: str = "",
               app: Any = None) -> Answer:
    """One request straight to an ASGI application (a layer of ``app``'s, the server's
    application, which a request reaching it has passed): its status, headers and body."""
    headers = [(b"host", b"testserver")]
    if token is not None:
        headers.append((b"authorization", b"Bearer " + token.encode()))
    if body:
        headers += [(b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode())]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": query, "root_path": root_path, "headers": headers,
             "client": ("127.0.0.1", 50000), "server": ("testserver", 80)}
    if app is not None:
        scope["app"] = app  # as Starlette's own layer sets it
    given = False
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await asgi(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    return (start["status"], list(start["headers"]),
            b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body"))


def _hot(app: Any) -> HotRoutes:
    layer = app.middleware_stack
    while not isinstance(layer, HotRoutes):
        layer = layer.app
    return layer


@contextlib.asynccontextmanager
async def serving(tmp_path: Path) -> AsyncIterator[Any]:
    """The server's application over a new store, started (no port: called directly)."""
    made = create_app(ServerConfig(db=str(tmp_path / "m.sqlite"), dice_seeds=7))
    async with made.router.lifespan_context(made):
        await call(made, "GET", "/games")  # builds the middleware stack
        yield made


def _same(hot: Answer, routed: Answer, hot_id: str, routed_id: str) -> None:
    """The same answer, but for the matches' ids where they appear."""
    assert hot[0] == routed[0]
    assert hot[1] == [(k, v.replace(routed_id.encode(), hot_id.encode()))
                      for k, v in routed[1]]
    assert hot[2] == routed[2].replace(routed_id.encode(), hot_id.encode())


def test_actions_and_legal_are_answered_as_the_router_answers_them(tmp_path: Path) -> None:
    """Two matches played alike (Vicious Circle's setups: no dice), one through the hot
    routes and one through the router, action by action, with the refusals between."""
    asyncio.run(_played_both_ways(tmp_path))


async def _played_both_ways(tmp_path: Path) -> None:
    async with serving(tmp_path) as app:
        hot = _hot(app)
        made = [msgspec.json.decode((await call(app, "POST", "/matches",
                                                body=b'{"game": "vicious-circle"}'))[2])
                for _ in range(2)]
        ids = [m["id"] for m in made]
        seats = [[s["token"] for s in m["seats"]] for m in made]
        ways = [hot, hot.app]  # match 0 through the hot routes, match 1 through the router

        async def both(method: str, tail: str, seat: int | None, body: bytes = b"",
                       query: bytes = b"", spectator: bool = False) -> Answer:
            answers = []
            for k in (0, 1):
                token = (made[k]["spectator"] if spectator else
                         None if seat is None else seats[k][seat])
                answers.append(await call(ways[k], method, f"/matches/{ids[k]}/{tail}",
                                          token=token, body=body, query=query, app=app))
            _same(answers[0], answers[1], ids[0], ids[1])
            return answers[0]

        for _ in range(4):
            turn = msgspec.json.decode((await both("GET", "legal", None, spectator=True))[2])
            seat = turn["to_act"][0]
            await both("GET", "legal", seat, query=b"describe=1")
            legal = msgspec.json.decode((await both("GET", "legal", seat))[2])
            action, version = legal["actions"][0], legal["version"]
            other = 1 - seat
            refusals = [
                (other, {"action": action, "expected_version": version}),  # not its seat
                (seat, {"action": action, "expected_version": version + 5}),  # ahead
                (seat, {"action": {"type": "no-such"}, "expected_version": version}),
                (seat, {"action": action}),  # no version
                (seat, {"action": action, "expected_version": version,
                        "idempotency_key": "k" * 129}),
            ]
            for who, body in refusals:
                status, _, _ = await both("POST", "actions", who, msgspec.json.encode(body))
                assert status >= 400
            await both("POST", "actions", seat, b"{not json")
            status, _, _ = await both("POST", "actions", None, msgspec.json.encode(
                {"action": action, "expected_version": version}))
            assert status == 401
            status, _, _ = await both("POST", "actions", seat, msgspec.json.encode(
                {"action": action, "expected_version": version, "idempotency_key": "a"}))
            assert status == 200
            # the same key again: the first answer, nothing written
            await both("POST", "actions", seat, msgspec.json.encode(
                {"action": action, "expected_version": version, "idempotency_key": "a"}))
        await both("GET", "legal", 0, query=b"token=nope")  # the header's token wins


def test_other_methods_and_paths_go_on_to_the_router(tmp_path: Path) -> None:
    """A ``HEAD``, a ``PUT``, a ``GET`` of the actions, a trailing slash, an empty match
    id, a path under a root path (a mounted application): the hot routes leave them to
    the router; these and an unknown match's are answered as without the hot routes."""
    asyncio.run(_other_calls(tmp_path))


async def _other_calls(tmp_path: Path) -> None:
    async with serving(tmp_path) as app:
        hot = _hot(app)
        match = msgspec.json.decode((await call(app, "POST", "/matches",
                                                body=b'{"game": "magery"}'))[2])
        token = match["seats"][0]["token"]
        mid = match["id"]
        cases = [("HEAD", f"/matches/{mid}/legal", ""), ("PUT", f"/matches/{mid}/actions", ""),
                 ("GET", f"/matches/{mid}/actions", ""), ("POST", f"/matches/{mid}/legal", ""),
                 ("GET", f"/matches/{mid}/legal/", ""), ("GET", "/matches//legal", ""),
                 ("GET", "/matches/nope/legal", ""), ("GET", f"/matches/{mid}/legal", "/x")]
        for method, path, root in cases:
            through = await call(app, method, path, token=token, root_path=root)
            assert through == await call(hot.app, method, path, token=token,
                                         root_path=root, app=app)
            assert through[0] in (200, 403, 404, 405)
        assert (await call(app, "GET", f"/matches/{mid}/legal/", token=token))[0] == 404
        assert (await call(app, "PUT", f"/matches/{mid}/actions", token=token))[0] == 405
