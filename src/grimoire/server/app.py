"""The match server: an ASGI application (Starlette) over an :class:`~grimoire.store.EventStore`.

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
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import HeaderLineTooLong, RequestLineTooLong, TooManyHeaders

from grimoire.core import registry
from grimoire.core.errors import (
    ConcurrencyError,
    GrimoireError,
    IllegalAction,
    RulesError,
    StoreError,
    UsageError,
)
from grimoire.core.logfile import encode_line
from grimoire.core.options import options_of
from grimoire.server.bots import BotSeats
from grimoire.server.hub import Hub, Listener, Live, Reader, Told
from grimoire.server.lobby import Join, Lobby, NewTable
from grimoire.server.lobby_pages import LOBBY_PAGE, TABLE_PAGE, error_page
from grimoire.server.openapi import DOCS_PAGE, openapi
from grimoire.server.pages import PLAY_PAGE
from grimoire.store import open_store
from grimoire.tools._log import get_logger

log = get_logger("grimoire.server")


class ServerConfig(msgspec.Struct, frozen=True, kw_only=True):
    """How the server runs: the store's file, its durability and how long a write waits
    for another writer of the file (``store/locked`` after that), and the bounds on
    requests (bytes in a body, requests a second per token or address, with a burst).

    ``dice_seeds`` is for tests only: the matches' dice seeds are then drawn from a
    sequence seeded with it, so a test's matches replay alike every run; anyone who knows
    it knows every match's dice. Left ``None`` (always, where people play; ``grimoire
    serve`` never sets it), each seed is 32 bytes of the system's randomness."""

    db: str = "matches.sqlite"
    durability: str = "full"
    lock_timeout: float = 5.0
    max_body: int = 64 * 1024
    rate: float = 1000.0
    burst: float = 2000.0
    dice_seeds: int | None = None
    shared: bool = False
    """Whether other processes serve the same SQLite file (``grimoire serve --workers N``:
    see :class:`~grimoire.store.Store`); a PostgreSQL database is always shared."""


class RequestError(GrimoireError):
    """A request the server cannot read: ``request/bad-json``, ``request/invalid``,
    ``request/too-large``, ``request/rate``, ``request/not-found`` (no such path),
    ``request/method`` (not a method of that path)."""


MAX_DEPTH = 32
"""How deeply a request's JSON may nest (an action or options are a few levels deep)."""


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


class _ActRaw(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """:class:`Act` as the server reads it: the action's JSON kept as bytes, decoded once
    into the game's events (a body that is not an :class:`Act` is refused as one)."""

    action: msgspec.Raw
    expected_version: int
    idempotency_key: str | None = None


STATUS = {
    "access/token": 401, "access/seat": 403, "store/unknown-match": 404,
    "request/not-found": 404, "request/method": 405, "request/too-large": 413,
    "request/rate": 429, "store/locked": 503, "store/unavailable": 503,
    "store/full": 507, "store/corrupt": 500, "store/too-new": 500,
    "store/writer-failed": 500,
    "lobby/unknown-table": 404, "lobby/taken": 409, "lobby/closed": 409,
}


RETRY_AFTER = {"request/rate": "1", "store/locked": "1", "store/unavailable": "2"}
"""The refusals that say when to try again (``Retry-After``, seconds): too many requests,
a store busy past the lock timeout, a database that cannot be reached (restarting)."""


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
    if isinstance(error, RulesError):  # a bug of the game: the match is as it was
        return 500
    if isinstance(error, IllegalAction):
        return 422
    return 400


Handler = Callable[[Request], Awaitable[Response]]
"""A route's handler: a request in, its answer out."""


def json_response(body: Any, status: int = 200) -> Response:
    return Response(msgspec.json.encode(body), status_code=status,
                    media_type="application/json")


def error_response(error: GrimoireError) -> Response:
    response = json_response(error.to_dict(), status_of(error))
    if error.reason in RETRY_AFTER:
        response.headers["retry-after"] = RETRY_AFTER[error.reason]
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
    return body_as(await read_raw(request, limit), kind)


async def read_raw(request: Request, limit: int) -> bytes:
    """The request's body, at most ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise RequestError("request/too-large", f"a body is at most {limit} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise RequestError("request/too-large", f"a body is at most {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def body_as(raw: bytes, kind: type[Any]) -> Any:
    """A body's JSON as ``kind``, or the request error saying what is wrong with it."""
    try:
        body = msgspec.json.decode(raw, type=kind)
    except msgspec.ValidationError as exc:
        raise RequestError("request/invalid", str(exc)) from None
    except msgspec.DecodeError as exc:
        raise RequestError("request/bad-json", str(exc)) from None
    except UnicodeDecodeError as exc:  # raised by msgspec for bad UTF-8 inside a string
        raise RequestError("request/bad-json", f"not UTF-8: {exc.reason} at byte "
                           f"{exc.start} of a string") from None
    except RecursionError:
        raise RequestError("request/bad-json", f"nested more than {MAX_DEPTH} deep"
                           ) from None
    fields = msgspec.structs.asdict(body) if isinstance(body, msgspec.Struct) else body
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and depth(fields) > MAX_DEPTH:
        raise RequestError("request/invalid", f"nested more than {MAX_DEPTH} deep")
    return body


def act_of(raw: bytes) -> Act | _ActRaw:
    """A ``POST /matches/{id}/actions`` body: an :class:`Act`, or, when nothing in it needs
    a closer look (all ASCII, not deep, the action an object), the same with the action's
    JSON kept as bytes for the game's own decoder (one decoding, not two)."""
    if raw.isascii() and raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        quick: _ActRaw = body_as(raw, _ActRaw)
        if bytes(quick.action).startswith(b"{"):
            return quick
    body: Act = body_as(raw, Act)
    return body


def depth(value: Any) -> int:
    """How deeply ``value`` (lists and dicts) nests, counted without recursion.

    >>> depth(1), depth([]), depth({"a": [[1], 2]})
    (0, 1, 3)
    """
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            stack.extend((x, level + 1) for x in item)
    return deepest


def create_app(config: ServerConfig | None = None) -> Starlette:
    """The server's ASGI application over the store ``config.db``, opened (and created or
    migrated) at once, so a file that cannot be a store fails here with a
    :class:`StoreError`; the application closes it when it shuts down. ``app.state.hub``
    is the :class:`~grimoire.server.hub.Hub` of live matches.

    Handlers run on the event loop only to read requests and write answers: whatever
    reads the store, folds, decides or draws runs in the hub's worker threads, so one
    slow request never holds up the others. Every request and WebSocket session is
    logged once (:class:`AccessLog`)."""
    config = config or ServerConfig()
    bucket = Bucket(config.rate, config.burst)
    store = open_store(config.db, durability=config.durability,  # type: ignore[arg-type]
                       timeout=config.lock_timeout, shared=config.shared)
    try:
        store.serve()  # an SQLite file served by another process alone: store/served
    except BaseException:
        store.close()
        raise
    live_matches = Hub(store, dice_seeds=config.dice_seeds)
    lobby = Lobby(store, live_matches)
    bots = BotSeats(live_matches, store)
    live_matches.after.append(bots.wake)
    game_list = msgspec.json.encode([{"name": n, "title": registry.get(n).title,
                                      "seats": list(registry.get(n).seats)}
                                     for n in registry.names()])

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        log.info("serving", db=store.path)  # a URL without its password
        live_matches.start()
        for name, error in sorted(registry.broken().items()):  # installed, not offered
            log.error("game-broken", game=name, error=error)
        await bots.resume()
        if live_matches.shared:  # bots whose process died are taken over
            bots.spawn(bots.sweep())
        try:
            yield
        finally:
            for task in list(bots.tasks):
                task.cancel()
            live_matches.close()
            store.close()

    def hub() -> Hub:
        return live_matches


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

    def find(match_id: str, token: str | None) -> tuple[Reader, Live]:
        return hub().reader(match_id, token), hub().live(match_id)

    async def reader_live(request: Request | WebSocket) -> tuple[Reader, Live]:
        """The token's reader and the match: from memory on the loop when both are
        there, else from the store in a worker thread."""
        match_id, token = request.path_params["match"], token_of(request)
        known = hub().known(match_id, token)
        return known if known is not None else await hub().run(find, match_id, token)

    async def games(_request: Request) -> Response:
        return Response(game_list, media_type="application/json")

    async def create(request: Request) -> Response:
        body: NewMatch = await read_body(request, config.max_body, NewMatch)

        def made() -> dict[str, Any]:
            rules = registry.get(body.game)
            players = (list(rules.default_players[:rules.seats[0]]) if body.players is None
                       else body.players)
            created = hub().create(body.game, players, body.options)
            out: dict[str, Any] = msgspec.to_builtins(created)
            out["spectator_url"] = f"/matches/{created.id}?token={created.spectator}"
            out["viewer_url"] = f"/matches/{created.id}/view?token={created.spectator}"
            for seat in out["seats"]:
                seat["play_url"] = f"/matches/{created.id}/play?token={seat['token']}"
            log.info("created", match=created.id, game=created.game)
            return out

        return json_response(await hub().run(made), 201)

    async def view(request: Request) -> Response:
        reader, live = await reader_live(request)
        picture = _flag(request.query_params, "picture")
        turned = _flag(request.query_params, "turned")
        return json_response(await hub().run(
            lambda: hub().view(live, reader, picture=picture, turned=turned)))

    async def choose(request: Request) -> Response:
        reader, live = await reader_live(request)
        def told() -> dict[str, Any]:
            now = hub().current(live)  # one version: its status and its choices
            return hub().status(live, now) | {
                "seat": reader.seat, "step": msgspec.to_builtins(hub().choices(live, reader, now))}
        return json_response(await hub().run(told))

    async def game(request: Request) -> Response:
        def told() -> dict[str, Any]:
            rules = registry.get(request.path_params["game"])
            return {"name": rules.name, "title": rules.title, "seats": list(rules.seats),
                    "default_players": list(rules.default_players),
                    "options": msgspec.to_builtins(list(options_of(rules).values())),
                    "texts": dict(getattr(rules, "texts", {}))}
        return json_response(await hub().run(told))

    async def legal(request: Request) -> Response:
        reader, live = await reader_live(request)
        describe = _flag(request.query_params, "describe")

        def told() -> dict[str, Any]:
            now = hub().current(live)  # one version: the actions are of the version told
            actions = hub().legal(live, reader, now)
            out = hub().status(live, now) | {"actions": actions}  # encoded as JSON once
            if describe:
                out["described"] = hub().describe(live, reader, actions, now)
            return out
        return json_response(await hub().run(told))

    async def events(request: Request) -> Response:
        reader, live = await reader_live(request)
        since = _int(request.query_params.get("since", "0"), "since")

        def told() -> bytes:
            now = hub().current(live)
            return msgspec.json.encode({"version": now.version, "events": hub().tell(
                live, reader.seat, hub().history(live, since, now))})
        return Response(await hub().run(told), media_type="application/json")

    async def act(request: Request) -> Response:
        reader, live = await reader_live(request)
        body = act_of(await read_raw(request, config.max_body))
        if body.idempotency_key is not None and len(body.idempotency_key) > 128:
            raise RequestError("request/invalid", "an idempotency key is at most 128 "
                               "characters")
        return json_response(await hub().answer(live.id, reader, body.action,
                                                body.expected_version, body.idempotency_key))

    async def download(request: Request) -> Response:
        _reader, live = await reader_live(request)
        now = await hub().run(hub().current, live)
        if live.rules.outcome(now.state) is None:
            raise UsageError("match/live", "the log is downloadable once the match is over "
                             "(its seed is secret until then)")

        def read() -> bytes:
            store = hub().store
            return encode_line(store.header(live.id)) + b"".join(store.lines(live.id))
        return Response(await hub().run(read), media_type="application/x-ndjson", headers={
            "content-disposition": f'attachment; filename="{live.id}.jsonl"'})

    async def page(request: Request) -> Response:
        reader, live = await reader_live(request)
        html, etag = await hub().page(live, reader)
        headers = {"etag": etag, "cache-control": "private, no-cache",
                   "referrer-policy": "no-referrer"}
        if etag in request.headers.get("if-none-match", ""):  # a reload: nothing new
            return Response(status_code=304, headers=headers)
        return HTMLResponse(html, headers=headers)

    async def frames(request: Request) -> Response:
        reader, live = await reader_live(request)
        since = _int(request.query_params.get("since", "0"), "since")
        until = request.query_params.get("until")
        return Response(await hub().frames(live, reader, since,
                                           None if until is None else _int(until, "until")),
                        media_type="application/json")

    async def play(request: Request) -> Response:
        await reader_live(request)  # a known token of this match, or refused
        return HTMLResponse(PLAY_PAGE, headers={"referrer-policy": "no-referrer",
                                                "cache-control": "no-store"})

    async def lobby_page(_request: Request) -> Response:
        return HTMLResponse(LOBBY_PAGE, headers={"cache-control": "no-store"})

    async def table_page(request: Request) -> Response:
        table_id, token = request.path_params["table"], token_of(request)
        await hub().run(lobby.state, table_id, token)  # a known table and token, or refused
        return HTMLResponse(TABLE_PAGE, headers={"referrer-policy": "no-referrer",
                                                 "cache-control": "no-store"})

    async def tabled(request: Request, work: Callable[[], dict[str, Any]],
                     status: int = 200) -> Response:
        """A lobby call, in a worker thread; a match it started is brought to life (its
        bots woken) on the loop."""
        out = await hub().run(work)
        started = out.get("table") or out.get("id")
        if out.get("status") == "started" and isinstance(started, str):
            await hub().started(started)
        return json_response(absolute(request, out), status)

    async def lobby_lists(request: Request) -> Response:
        return json_response(absolute(request, await hub().run(lobby.lists)))

    async def new_table(request: Request) -> Response:
        body: NewTable = await read_body(request, config.max_body, NewTable)

        def made() -> dict[str, Any]:
            out = lobby.create(body)
            log.info("table", table=out["id"], game=out["game"], status=out["status"])
            return out

        return await tabled(request, made, 201)

    async def table(request: Request) -> Response:
        table_id, token = request.path_params["table"], token_of(request)
        return json_response(absolute(request, await hub().run(lobby.state, table_id,
                                                               token)))

    async def join(request: Request) -> Response:
        body: Join = await read_body(request, config.max_body, Join)
        table_id, token = request.path_params["table"], token_of(request)
        return await tabled(request, lambda: lobby.join(table_id, token, body.name))

    async def sit(request: Request) -> Response:
        body: Join = await read_body(request, config.max_body, Join)
        seat = _int(request.path_params["seat"], "seat")
        table_id = request.path_params["table"]
        return await tabled(request, lambda: lobby.sit(table_id, seat, body.name))

    async def cancel(request: Request) -> Response:
        table_id, token = request.path_params["table"], token_of(request)
        return await tabled(request, lambda: lobby.cancel(table_id, token))

    async def rematch(request: Request) -> Response:
        match_id, token = request.path_params["match"], token_of(request)
        return await tabled(request, lambda: lobby.rematch(match_id, token))

    async def spec(_request: Request) -> Response:
        return json_response(openapi())

    async def docs(_request: Request) -> Response:
        return HTMLResponse(DOCS_PAGE)

    async def stream(socket: WebSocket) -> None:
        """A seat's events as they happen: first those since ``?since=N``, then each
        decision as it is appended, as ``{"type": "events", "version", "events"}``."""
        try:
            bucket.take(token_of(socket) or "ws")
            reader, live = await reader_live(socket)
            since = _int(socket.query_params.get("since", "0"), "since")
        except GrimoireError as exc:  # the JSON error, with its status, where the server
            if "websocket.http.response" in socket.scope.get("extensions", {}):  # can
                await socket.send_denial_response(error_response(exc))
            else:
                await socket.close(code=4000 + status_of(exc), reason=exc.reason)
            return
        await socket.accept()
        queue: asyncio.Queue[list[Told] | None] = asyncio.Queue()

        def message(version: int, told: list[Told]) -> str:
            return _json_text({"type": "events", "version": version,
                               "events": hub().tell(live, reader.seat, told)})

        async with live.lock:  # nothing is appended here between the backlog and listening
            now = await hub().run(hub().current, live)
            backlog = await hub().run(hub().history, live, since, now)
            entry = Listener(reader.seat, queue, now.version)  # told each event after it
            live.listeners.add(entry)
        try:
            await socket.send_text(await hub().run(message, now.version, backlog))
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
                await socket.send_text(await hub().run(message, told[-1].seq + 1, told))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            live.listeners.discard(entry)

    async def unknown(request: Request, exc: Exception) -> Response:
        """No such path (404), or not that method (405): a JSON error like any other."""
        assert isinstance(exc, HTTPException)
        if exc.status_code == 405:
            error = RequestError("request/method", f"{request.url.path} does not answer "
                                 f"{request.method} (it answers "
                                 f"{(exc.headers or {}).get('allow', 'nothing')})")
        else:
            hint = (" (without the trailing slash)"
                    if request.url.path.endswith("/") and request.url.path != "/" else "")
            error = RequestError("request/not-found", f"no {request.url.path}{hint}: see "
                                 "/docs")
        response = error_response(error)
        if exc.status_code not in (404, 405):  # another refusal of Starlette's own
            response.status_code = exc.status_code
        response.headers.update(exc.headers or {})
        return response

    # the two calls of every action: routes, and handed on at once by HotRoutes
    hot: dict[str, tuple[str, Handler]] = {"actions": ("POST", guarded(act)),
                                           "legal": ("GET", guarded(legal))}
    routes = [
        # the calls a playing client makes most come first: a path is matched
        # against each route in turn (no two routes match one path)
        *[Route(f"/matches/{{match}}/{tail}", handler, methods=[method])
          for tail, (method, handler) in hot.items()],
        Route("/matches/{match}/choices", guarded(choose), methods=["GET"]),
        Route("/matches/{match}/events", guarded(events), methods=["GET"]),
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
        Route("/matches/{match}/log", guarded(download), methods=["GET"]),
        Route("/matches/{match}/view", for_people(page), methods=["GET"]),
        Route("/matches/{match}/frames", guarded(frames), methods=["GET"]),
        Route("/matches/{match}/play", for_people(play), methods=["GET"]),
        WebSocketRoute("/matches/{match}/ws", stream),
        Route("/openapi.json", spec, methods=["GET"]),
        Route("/docs", docs, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: unknown})
    app.router.redirect_slashes = False  # "/games/" is not found, never redirected
    app.state.hub = live_matches
    app.add_middleware(HotRoutes, routes=hot)
    app.add_middleware(AccessLog)
    return app


class HotRoutes:
    """ASGI middleware that hands the two calls a playing client makes for every action,
    ``POST /matches/{match}/actions`` and ``GET /matches/{match}/legal``, to their
    handlers at once: the same handlers as the routes', with the same answers, without
    Starlette's exception middleware, router and route wrappers between (at 1,000
    actions a second, a tenth of a serving process's CPU). Anything else, another
    method on those paths included (``HEAD``: 405 or the route's own answer), goes on to
    the application as ever.

    >>> # app.add_middleware(HotRoutes, routes={"legal": ("GET", handler)})
    """

    def __init__(self, app: ASGIApp, routes: dict[str, tuple[str, Handler]]) -> None:
        self.app = app
        self.routes = routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope.get("root_path"):
            path: str = scope["path"]
            if path.startswith("/matches/"):
                match_id, _, rest = path[9:].partition("/")
                route = self.routes.get(rest)
                if route is not None and match_id and route[0] == scope["method"]:
                    scope["path_params"] = {"match": match_id}
                    response = await route[1](Request(scope, receive))
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)


MATCH_IN_PATH = re.compile(r"^/matches/([^/]+)")


class AccessLog:
    """ASGI middleware that logs one line per request and per WebSocket session, when it
    ends: ``method``, ``path`` (never the query string, where tokens travel; nor any
    header), ``status`` (a WebSocket session accepted: 101), ``ms`` and ``match``
    when the path names one.

    >>> # app.add_middleware(AccessLog)  (create_app does)
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._log: Any = None  # bound at the first request, once logging is configured

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status: int | None = None

        async def sending(message: Message) -> None:
            nonlocal status
            kind = message["type"]
            if kind in ("http.response.start", "websocket.http.response.start"):
                status = message["status"]
            elif kind == "websocket.accept":
                status = 101
            elif kind == "websocket.close" and status is None:
                status = 403  # closed before it was accepted: refused at the handshake
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except BaseException:
            status = status or 500
            raise
        finally:
            path: str = scope["path"]
            found = MATCH_IN_PATH.match(path)
            if self._log is None:
                self._log = log.bind()
            self._log.info("request" if scope["type"] == "http" else "websocket",
                     method=scope.get("method", "GET"), path=path, status=status,
                     ms=round(1000 * (time.perf_counter() - started), 2),
                     match=found.group(1) if found else None)


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol, answering the handshakes it cannot read.

    uvicorn hands a WebSocket handshake to the ``websockets`` library, which refuses a
    request line longer than 8,192 bytes (a URL of 12,000 characters) or too many or too
    long header lines and queues a 414 or 431 answer, which uvicorn never writes: the
    client waits for nothing. This protocol writes a JSON error instead (414
    ``request/too-large``, 431 ``request/too-large``, 400 ``request/invalid``) and closes
    the connection. Serve with ``uvicorn.run(app, ws=WebSocketProtocol)``.
    """

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        problem = self.conn.handshake_exc
        if problem is None or self.handshake_initiated or self.close_sent:
            return
        self.conn.data_to_send()  # websockets' own plain-text answer: ours instead
        if isinstance(problem, RequestLineTooLong):
            status, error = 414, RequestError("request/too-large", "a URL is at most "
                                              "8,000 characters")
        elif isinstance(problem, HeaderLineTooLong | TooManyHeaders):
            status, error = 431, RequestError("request/too-large", "too many or too long "
                                              "header lines")
        else:
            status, error = 400, RequestError("request/invalid", "not a WebSocket "
                                              "handshake this server can read")
        body = msgspec.json.encode(error.to_dict())
        self.close_sent = self.handshake_complete = True
        self.transport.write(
            f"HTTP/1.1 {status} {STATUS_PHRASES.get(status, '')}\r\n"
            f"content-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n".encode() + body)
        self.transport.close()
        log.info("websocket", method="GET", path=None, status=status, ms=0.0, match=None)


STATUS_PHRASES = {400: "Bad Request", 414: "URI Too Long",
                  431: "Request Header Fields Too Large"}


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
    """``text`` as a whole number: ASCII digits only (not ``²`` nor full-width ``１``).

    >>> _int("12", "since")
    12
    >>> _int("\uff11", "since")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.server.app.RequestError: request/invalid: since must be a whole number ...
    """
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        raise RequestError("request/invalid", f"{name} must be a whole number >= 0 "
                           "(ASCII digits)")
    return int(text)


def _json_text(body: Any) -> str:
    """``body`` as JSON text (WebSocket messages are text frames)."""
    return msgspec.json.encode(body).decode()


__all__ = ["AccessLog", "ServerConfig", "StoreError", "WebSocketProtocol", "create_app"]
