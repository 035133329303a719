"""The match server: an ASGI application (Starlette) over a :class:`~grimoire.store.Store`.

Every request names a match and carries a token (``Authorization: Bearer TOKEN`` or
``?token=TOKEN``); the token decides the seat, and everything the server sends is made
from that seat's ``view`` and ``redact`` (a spectator's token: the public view). Errors
are JSON ``{"error", "reason", "detail"}`` with a 4xx status, never a traceback.
``docs/server.md`` describes the API; ``GET /openapi.json`` and ``GET /docs`` serve it.

>>> app = create_app(ServerConfig(db=":memory:"))
>>> sorted(r.path for r in app.routes)[:3]
['/', '/docs', '/games']
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from grimoire.core import registry
from grimoire.core.errors import (
    ConcurrencyError,
    GrimoireError,
    IllegalAction,
    StoreError,
    UsageError,
)
from grimoire.core.logfile import encode_line
from grimoire.core.options import options_of
from grimoire.server.bots import BotSeats
from grimoire.server.hub import Hub, Live, Reader, Told
from grimoire.server.lobby import Join, Lobby, NewTable
from grimoire.server.lobby_pages import LOBBY_PAGE, TABLE_PAGE, error_page
from grimoire.server.openapi import DOCS_PAGE, openapi
from grimoire.server.pages import PLAY_PAGE
from grimoire.store import Store
from grimoire.tools._log import get_logger

log = get_logger("grimoire.server")


class ServerConfig(msgspec.Struct, frozen=True, kw_only=True):
    """How the server runs: the store's file, its durability and how long a write waits
    for another writer of the file (``store/locked`` after that), and the bounds on
    requests (bytes in a body, requests a second per token or address, with a burst)."""

    db: str = "matches.sqlite"
    durability: str = "full"
    lock_timeout: float = 5.0
    max_body: int = 64 * 1024
    rate: float = 1000.0
    burst: float = 2000.0


class RequestError(GrimoireError):
    """A request the server cannot read: ``request/bad-json``, ``request/invalid``,
    ``request/too-large``, ``request/rate``."""


class NewMatch(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """``POST /matches``: the game, the players' names (default: the game's), options."""

    game: str
    players: list[str] | None = None
    options: dict[str, Any] = msgspec.field(default_factory=dict)


class Act(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """``POST /matches/{id}/actions``: the action (one of the game's events, as JSON), the
    version it was decided at, and an optional key that makes a retry a no-op."""

    action: dict[str, Any]
    expected_version: int
    idempotency_key: str | None = None


STATUS = {
    "access/token": 401, "access/seat": 403, "store/unknown-match": 404,
    "request/too-large": 413, "request/rate": 429, "store/locked": 503,
    "store/full": 507, "store/corrupt": 500, "store/too-new": 500,
    "lobby/unknown-table": 404, "lobby/taken": 409, "lobby/closed": 409,
}


def status_of(error: GrimoireError) -> int:
    """The HTTP status of a refusal.

    >>> from grimoire.server.hub import AccessError
    >>> status_of(IllegalAction("move/blocked")), status_of(AccessError("access/token"))
    (422, 401)
    """
    if error.reason in STATUS:
        return STATUS[error.reason]
    if isinstance(error, ConcurrencyError):
        return 409
    if isinstance(error, IllegalAction):
        return 422
    return 400


def json_response(body: Any, status: int = 200) -> Response:
    return Response(msgspec.json.encode(body), status_code=status,
                    media_type="application/json")


def error_response(error: GrimoireError) -> Response:
    response = json_response(error.to_dict(), status_of(error))
    if error.reason == "request/rate":
        response.headers["retry-after"] = "1"
    return response


class Bucket:
    """A token bucket per caller: ``rate`` requests a second, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self._levels: dict[str, tuple[float, float]] = {}

    def take(self, who: str) -> None:
        now = time.monotonic()
        level, then = self._levels.get(who, (self.burst, now))
        level = min(self.burst, level + (now - then) * self.rate)
        if level < 1:
            raise RequestError("request/rate", "too many requests; slow down")
        self._levels[who] = (level - 1, now)
        if len(self._levels) > 100_000:  # forget callers idle long enough to be full again
            cutoff = now - self.burst / self.rate
            self._levels = {k: v for k, v in self._levels.items() if v[1] > cutoff}


def token_of(request: Request | WebSocket) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.query_params.get("token")


async def read_body(request: Request, limit: int, kind: type[Any]) -> Any:
    """The request's JSON body as ``kind``, at most ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise RequestError("request/too-large", f"a body is at most {limit} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise RequestError("request/too-large", f"a body is at most {limit} bytes")
        chunks.append(chunk)
    try:
        return msgspec.json.decode(b"".join(chunks), type=kind)
    except msgspec.ValidationError as exc:
        raise RequestError("request/invalid", str(exc)) from None
    except msgspec.DecodeError as exc:
        raise RequestError("request/bad-json", str(exc)) from None


def create_app(config: ServerConfig | None = None) -> Starlette:
    """The server's ASGI application over the store ``config.db``, opened (and created or
    migrated) at once, so a file that cannot be a store fails here with a
    :class:`StoreError`; the application closes it when it shuts down. ``app.state.hub``
    is the :class:`~grimoire.server.hub.Hub` of live matches."""
    config = config or ServerConfig()
    bucket = Bucket(config.rate, config.burst)
    store = Store(config.db, durability=config.durability,  # type: ignore[arg-type]
                  timeout=config.lock_timeout)
    live_matches = Hub(store)
    lobby = Lobby(store, live_matches)
    bots = BotSeats(live_matches, store)
    live_matches.after.append(bots.wake)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        log.info("serving", db=config.db)
        bots.resume()
        try:
            yield
        finally:
            for task in list(bots.tasks):
                task.cancel()
            store.close()

    def hub() -> Hub:
        return live_matches

    Handler = Callable[[Request], Awaitable[Response]]

    def guarded(handler: Handler) -> Handler:
        async def run(request: Request) -> Response:
            try:
                bucket.take(token_of(request) or (request.client.host if request.client
                                                  else "?"))
                return await handler(request)
            except GrimoireError as exc:
                return error_response(exc)
            except Exception as exc:  # a bug: reported as one, never a traceback
                log.error("internal", error=repr(exc), path=request.url.path)
                return json_response({"error": "InternalError", "reason": "internal/error",
                                      "detail": type(exc).__name__}, 500)
        return run

    def for_people(handler: Handler) -> Handler:
        """A page for a person: a refusal is a page saying so, not JSON."""
        async def run(request: Request) -> Response:
            response = await guarded(handler)(request)
            if response.status_code >= 400 and response.media_type == "application/json":
                body = msgspec.json.decode(bytes(response.body))
                return HTMLResponse(error_page(response.status_code, body.get("reason", ""),
                                               body.get("detail", "")),
                                    status_code=response.status_code)
            return response
        return run

    def reader_live(request: Request) -> tuple[Reader, Live]:
        match_id = request.path_params["match"]
        reader = hub().reader(match_id, token_of(request))
        return reader, hub().live(match_id)

    async def games(_request: Request) -> Response:
        return json_response([{"name": n, "title": registry.get(n).title,
                               "seats": list(registry.get(n).seats)}
                              for n in registry.names()])

    async def create(request: Request) -> Response:
        body: NewMatch = await read_body(request, config.max_body, NewMatch)
        rules = registry.get(body.game)
        players = body.players or list(rules.default_players[:rules.seats[0]])
        created = hub().create(body.game, players, body.options)
        out = msgspec.to_builtins(created)
        out["spectator_url"] = f"/matches/{created.id}?token={created.spectator}"
        out["viewer_url"] = f"/matches/{created.id}/view?token={created.spectator}"
        for seat in out["seats"]:
            seat["play_url"] = f"/matches/{created.id}/play?token={seat['token']}"
        log.info("created", match=created.id, game=created.game)
        return json_response(out, 201)

    async def view(request: Request) -> Response:
        reader, live = reader_live(request)
        return json_response(hub().view(live, reader,
                                        picture=_flag(request.query_params, "picture"),
                                        turned=_flag(request.query_params, "turned")))

    async def choose(request: Request) -> Response:
        reader, live = reader_live(request)
        return json_response(hub().status(live) | {
            "seat": reader.seat, "step": msgspec.to_builtins(hub().choices(live, reader))})

    async def game(request: Request) -> Response:
        rules = registry.get(request.path_params["game"])
        return json_response({
            "name": rules.name, "title": rules.title, "seats": list(rules.seats),
            "default_players": list(rules.default_players),
            "options": msgspec.to_builtins(list(options_of(rules).values())),
            "texts": dict(getattr(rules, "texts", {}))})

    async def legal(request: Request) -> Response:
        reader, live = reader_live(request)
        actions = hub().legal(live, reader)
        out = hub().status(live) | {"actions": msgspec.to_builtins(actions)}
        if _flag(request.query_params, "describe"):
            out["described"] = hub().describe(live, reader, actions)
        return json_response(out)

    async def events(request: Request) -> Response:
        reader, live = reader_live(request)
        since = _int(request.query_params.get("since", "0"), "since")
        told = hub().history(live, since)
        return json_response({"version": live.version,
                              "events": hub().tell(live, reader.seat, told)})

    async def act(request: Request) -> Response:
        reader, live = reader_live(request)
        body: Act = await read_body(request, config.max_body, Act)
        if body.idempotency_key is not None and len(body.idempotency_key) > 128:
            raise RequestError("request/invalid", "an idempotency key is at most 128 "
                               "characters")
        version, told, repeated = await hub().act(live.id, reader, body.action,
                                                  body.expected_version, body.idempotency_key)
        return json_response(hub().status(live) | {
            "version": version, "repeated": repeated,
            "events": hub().tell(live, reader.seat, told)})

    async def download(request: Request) -> Response:
        _reader, live = reader_live(request)
        if live.outcome is None:
            raise UsageError("match/live", "the log is downloadable once the match is over "
                             "(its seed is secret until then)")
        store = hub().store
        body = encode_line(store.header(live.id)) + b"".join(store.lines(live.id))
        return Response(body, media_type="application/x-ndjson", headers={
            "content-disposition": f'attachment; filename="{live.id}.jsonl"'})

    async def page(request: Request) -> Response:
        reader, live = reader_live(request)
        return HTMLResponse(hub().page(live, reader))

    async def play(request: Request) -> Response:
        reader_live(request)  # a known token of this match, or refused
        return HTMLResponse(PLAY_PAGE, headers={"referrer-policy": "no-referrer",
                                                "cache-control": "no-store"})

    async def lobby_page(_request: Request) -> Response:
        return HTMLResponse(LOBBY_PAGE, headers={"cache-control": "no-store"})

    async def table_page(request: Request) -> Response:
        lobby.state(request.path_params["table"], token_of(request))  # known, or refused
        return HTMLResponse(TABLE_PAGE, headers={"referrer-policy": "no-referrer",
                                                 "cache-control": "no-store"})

    async def lobby_lists(request: Request) -> Response:
        return json_response(absolute(request, lobby.lists()))

    async def new_table(request: Request) -> Response:
        body: NewTable = await read_body(request, config.max_body, NewTable)
        out = lobby.create(body)
        log.info("table", table=out["id"], game=out["game"], status=out["status"])
        return json_response(absolute(request, out), 201)

    async def table(request: Request) -> Response:
        return json_response(absolute(request, lobby.state(request.path_params["table"],
                                                           token_of(request))))

    async def join(request: Request) -> Response:
        body: Join = await read_body(request, config.max_body, Join)
        return json_response(absolute(request, lobby.join(
            request.path_params["table"], token_of(request), body.name)))

    async def sit(request: Request) -> Response:
        body: Join = await read_body(request, config.max_body, Join)
        seat = _int(request.path_params["seat"], "seat")
        return json_response(absolute(request, lobby.sit(request.path_params["table"],
                                                         seat, body.name)))

    async def cancel(request: Request) -> Response:
        return json_response(absolute(request, lobby.cancel(request.path_params["table"],
                                                            token_of(request))))

    async def rematch(request: Request) -> Response:
        return json_response(absolute(request, lobby.rematch(request.path_params["match"],
                                                             token_of(request))))

    async def spec(_request: Request) -> Response:
        return json_response(openapi())

    async def docs(_request: Request) -> Response:
        return HTMLResponse(DOCS_PAGE)

    async def stream(socket: WebSocket) -> None:
        """A seat's events as they happen: first those since ``?since=N``, then each
        decision as it is appended, as ``{"type": "events", "version", "events"}``."""
        match_id = socket.path_params["match"]
        try:
            bucket.take(token_of(socket) or "ws")
            reader = hub().reader(match_id, token_of(socket))
            live = hub().live(match_id)
            since = _int(socket.query_params.get("since", "0"), "since")
        except GrimoireError as exc:
            await socket.close(code=4000 + status_of(exc), reason=exc.reason)
            return
        await socket.accept()
        queue: asyncio.Queue[list[Told] | None] = asyncio.Queue()
        entry = (reader.seat, queue)
        async with live.lock:  # nothing is appended between the backlog and listening
            backlog = hub().history(live, since)
            live.listeners.add(entry)
            version = live.version
        try:
            await socket.send_text(_json_text({
                "type": "events", "version": version,
                "events": hub().tell(live, reader.seat, backlog)}))
            closed = asyncio.ensure_future(_until_closed(socket))
            while True:
                got = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({got, closed},
                                             return_when=asyncio.FIRST_COMPLETED)
                if closed in done:
                    got.cancel()
                    break
                told = got.result()
                if told is None:
                    break
                await socket.send_text(_json_text({
                    "type": "events", "version": told[-1].seq + 1,
                    "events": hub().tell(live, reader.seat, told)}))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            live.listeners.discard(entry)

    routes = [
        Route("/", for_people(lobby_page), methods=["GET"]),
        Route("/lobby", guarded(lobby_lists), methods=["GET"]),
        Route("/tables", guarded(new_table), methods=["POST"]),
        Route("/tables/{table}", guarded(table), methods=["GET"]),
        Route("/tables/{table}/join", guarded(join), methods=["POST"]),
        Route("/tables/{table}/seats/{seat}", guarded(sit), methods=["POST"]),
        Route("/tables/{table}/cancel", guarded(cancel), methods=["POST"]),
        Route("/join/{table}", for_people(table_page), methods=["GET"]),
        Route("/manage/{table}", for_people(table_page), methods=["GET"]),
        Route("/matches/{match}/rematch", guarded(rematch), methods=["POST"]),
        Route("/games", guarded(games), methods=["GET"]),
        Route("/games/{game}", guarded(game), methods=["GET"]),
        Route("/matches", guarded(create), methods=["POST"]),
        Route("/matches/{match}", guarded(view), methods=["GET"]),
        Route("/matches/{match}/legal", guarded(legal), methods=["GET"]),
        Route("/matches/{match}/choices", guarded(choose), methods=["GET"]),
        Route("/matches/{match}/events", guarded(events), methods=["GET"]),
        Route("/matches/{match}/actions", guarded(act), methods=["POST"]),
        Route("/matches/{match}/log", guarded(download), methods=["GET"]),
        Route("/matches/{match}/view", for_people(page), methods=["GET"]),
        Route("/matches/{match}/play", for_people(play), methods=["GET"]),
        WebSocketRoute("/matches/{match}/ws", stream),
        Route("/openapi.json", spec, methods=["GET"]),
        Route("/docs", docs, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = live_matches
    return app


async def _until_closed(socket: WebSocket) -> None:
    """Wait until the client closes (anything it sends is ignored)."""
    while True:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return


def absolute(request: Request, data: Any) -> Any:
    """``data`` with every link (a ``url`` or ``…_url`` value that is a path) made
    absolute with the address the request came to, ready to copy and send."""
    base = str(request.base_url).rstrip("/")

    def fix(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: fix(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [fix(v) for v in value]
        if isinstance(value, str) and (key == "url" or key.endswith("_url")) \
                and value.startswith("/"):
            return base + value
        return value

    return fix(data)


def _flag(params: Any, name: str) -> bool:
    """Whether the query asks for ``name`` (``?name=1`` or ``?name=true``)."""
    return str(params.get(name, "")).lower() in ("1", "true", "yes")


def _int(text: str, name: str) -> int:
    if not text.isdigit() or len(text) > 12:
        raise RequestError("request/invalid", f"{name} must be a whole number >= 0")
    return int(text)


def _json_text(body: Any) -> str:
    """``body`` as JSON text (WebSocket messages are text frames)."""
    return msgspec.json.encode(body).decode()


__all__ = ["ServerConfig", "StoreError", "create_app"]
