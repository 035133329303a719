"""The server's API as an OpenAPI 3.1 document (``GET /openapi.json``) and a page that
lists it (``GET /docs``: self-contained, no script from the network).

>>> sorted(openapi()["paths"])[:3]
['/', '/games', '/games/{game}']
"""

from __future__ import annotations

import html
from typing import Any

ERROR = {"$ref": "#/components/schemas/Error"}
TOKEN: list[dict[str, list[str]]] = [{"token": []}]


def _op(summary: str, *, body: str | None = None, ok: int = 200,
        errors: tuple[int, ...] = (400, 401, 403, 404), secured: bool = True,
        params: tuple[dict[str, Any], ...] = (),
        media: str = "application/json") -> dict[str, Any]:
    op: dict[str, Any] = {
        "summary": summary,
        "responses": {str(ok): {"description": "done",
                                "content": {media: {"schema": {}}}},
                      **{str(code): {"description": "refused: see reason",
                                     "content": {"application/json": {"schema": ERROR}}}
                         for code in errors}},
    }
    if body is not None:
        op["requestBody"] = {"required": True, "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/{body}"}}}}
    if secured:
        op["security"] = TOKEN
    if params:
        op["parameters"] = list(params)
    return op


MATCH = {"name": "match", "in": "path", "required": True, "schema": {"type": "string"}}
SINCE = {"name": "since", "in": "query", "schema": {"type": "integer", "minimum": 0}}
UNTIL = {"name": "until", "in": "query", "schema": {"type": "integer", "minimum": 0},
         "description": "the last event whose frame is wanted (default: the version now)"}
PICTURE = {"name": "picture", "in": "query", "schema": {"type": "boolean"}}
TURNED = {"name": "turned", "in": "query", "schema": {"type": "boolean"},
          "description": "draw the picture from the token's seat's side"}
GAME = {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}}
TABLE = {"name": "table", "in": "path", "required": True, "schema": {"type": "string"}}
SEAT = {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer",
                                                                   "minimum": 0}}
DESCRIBE = {"name": "describe", "in": "query", "schema": {"type": "boolean"}}


def openapi() -> dict[str, Any]:
    """The OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "grimoire match server", "version": "1",
                 "description": "Host matches of grimoire's games: one secret token per "
                 "seat, each seat sees only what it may know. Errors are JSON with a "
                 "stable reason code (an unknown path too: 404 request/not-found; a "
                 "method a path does not answer: 405 request/method). See "
                 "docs/server.md."},
        "paths": {
            "/": {"get": _op("The lobby, a page for people: create a match, invite, take an "
                             "open seat, watch", secured=False, errors=(),
                             media="text/html")},
            "/lobby": {"get": _op(
                "The public tables gathering players (open) and the public matches being "
                "played (live) and finished", secured=False, errors=())},
            "/tables": {"post": _op(
                "A new table: each seat you, a person to invite or a server bot (random, "
                "easy, medium, strong); the manager's token and link, the invite links; "
                "started at once when no seat is open", body="NewTable", ok=201,
                errors=(400, 413, 429), secured=False)},
            "/tables/{table}": {"get": _op(
                "The table as the token's holder may see it (manager: the invite links; "
                "no token: a public table)", params=(TABLE,))},
            "/tables/{table}/join": {"post": _op(
                "Take the seat the invite token is for, under a name", body="Join",
                errors=(400, 401, 403, 404, 409), params=(TABLE,))},
            "/tables/{table}/seats/{seat}": {"post": _op(
                "Take an open seat of a public table under a name: its new token",
                body="Join", errors=(400, 401, 404, 409), secured=False,
                params=(TABLE, SEAT))},
            "/tables/{table}/cancel": {"post": _op(
                "The manager closes a table still gathering", errors=(400, 401, 403, 404,
                                                                       409),
                params=(TABLE,))},
            "/join/{table}": {"get": _op(
                "An invite's page: take the seat with a name, wait for the others, play",
                params=(TABLE,), media="text/html")},
            "/manage/{table}": {"get": _op(
                "The creator's page: the invite links again, cancel", params=(TABLE,),
                media="text/html")},
            "/matches/{match}/rematch": {"post": _op(
                "A rematch of a finished match with the same players: the caller's seat "
                "at the new table, with a new token", params=(MATCH,))},
            "/games": {"get": _op("The games this server plays", secured=False,
                                  errors=())},
            "/games/{game}": {"get": _op(
                "One game: title, seat counts, default players, options with their "
                "defaults, and the short text of every card and named rule object",
                secured=False, errors=(400,), params=(GAME,))},
            "/matches": {"post": _op(
                "Create a match: tokens for each seat and the spectator, the dice seed's "
                "commitment", body="NewMatch", ok=201, errors=(400, 413, 429), secured=False)},
            "/matches/{match}": {"get": _op(
                "The match as the token's seat sees it (view, board, to_act, outcome, "
                "version; ?picture=1 adds the board as SVG, &turned=1 from the seat's "
                "side)", params=(MATCH, PICTURE, TURNED))},
            "/matches/{match}/choices": {"get": _op(
                "The token's seat's choice now as a tree of steps (docs/choices.md): each "
                "option with its label, square, piece, card, text and the squares it "
                "touches, the leaves the legal actions; step is null when the seat is not "
                "to act", params=(MATCH,))},
            "/matches/{match}/legal": {"get": _op(
                "The token's seat's legal actions now, with version, to_act and outcome "
                "(?describe=1 adds each in one sentence)", params=(MATCH, DESCRIBE))},
            "/matches/{match}/events": {"get": _op(
                "The events since a seq, redacted for the token's seat",
                params=(MATCH, SINCE))},
            "/matches/{match}/actions": {"post": _op(
                "Act for the token's seat at an expected version (409 stale, 422 illegal)",
                body="Act", errors=(400, 401, 403, 404, 409, 413, 422, 429),
                params=(MATCH,))},
            "/matches/{match}/log": {"get": _op(
                "The finished match's log (JSON Lines, seed revealed)", params=(MATCH,))},
            "/matches/{match}/view": {"get": _op(
                "The HTML viewer of the match so far, as the token's seat sees it",
                params=(MATCH,), media="text/html")},
            "/matches/{match}/frames": {"get": _op(
                "The HTML viewer's data after event N, for a page following a live match "
                "(a live match's viewer says where: its data's live.frames) or fetching "
                "the frames its page lacks (its data's more): version, "
                "outcome (as the viewer tells it, null while live), events (the lines "
                "from seq N to M), frames (for events N+1 to M, M the version unless "
                "until=M: frame k a whole "
                "picture, its lines, when k % keyframe == 0, else a patch of frame k-1: "
                "[start, stop, [new lines]]), keyframe, texts (of what they name); as the "
                "token's seat sees them",
                params=(MATCH, SINCE, UNTIL))},
            "/matches/{match}/play": {"get": _op(
                "A page for a person to play the token's seat in a browser",
                params=(MATCH,), media="text/html")},
            "/matches/{match}/ws": {"get": _op(
                "WebSocket: the token's seat's events as they happen, from ?since=N "
                "(refused at the handshake with a JSON error: 400, 401, 403, 414, 431)",
                params=(MATCH, SINCE), errors=(400, 401, 403, 414, 431))},
        },
        "components": {
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer",
                                          "description": "a seat's or the spectator's "
                                          "token (also accepted as ?token=)"}},
            "schemas": {
                "NewMatch": {"type": "object", "additionalProperties": False,
                             "required": ["game"], "properties": {
                                 "game": {"type": "string"},
                                 "players": {"type": "array", "items": {"type": "string"}},
                                 "options": {"type": "object"}}},
                "Act": {"type": "object", "additionalProperties": False,
                        "required": ["action", "expected_version"], "properties": {
                            "action": {"type": "object", "description": "one of the game's "
                                       "action events (grimoire schema GAME)"},
                            "expected_version": {"type": "integer", "minimum": 0},
                            "idempotency_key": {"type": "string", "maxLength": 128}}},
                "NewTable": {"type": "object", "additionalProperties": False,
                             "required": ["game", "seats"], "properties": {
                                 "game": {"type": "string"},
                                 "seats": {"type": "array", "items": {
                                     "type": "object", "additionalProperties": False,
                                     "required": ["kind"], "properties": {
                                         "kind": {"enum": ["you", "person", "bot"]},
                                         "name": {"type": "string"},
                                         "bot": {"enum": ["random", "easy", "medium",
                                                          "strong"]}}}},
                                 "options": {"type": "object"},
                                 "public": {"type": "boolean"}}},
                "Join": {"type": "object", "additionalProperties": False,
                         "required": ["name"], "properties": {"name": {"type": "string"}}},
                "Error": {"type": "object", "required": ["error", "reason", "detail"],
                          "properties": {"error": {"type": "string"},
                                         "reason": {"type": "string"},
                                         "detail": {"type": "string"}}},
            },
        },
    }


def _page() -> str:
    doc = openapi()
    rows = []
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            codes = ", ".join(op["responses"])
            rows.append(f"<tr><td><code>{method.upper()}</code></td><td><code>"
                        f"{html.escape(path)}</code></td><td>{html.escape(op['summary'])}"
                        f"</td><td>{codes}</td></tr>")
    return ("<!doctype html><html><head><meta charset='utf-8'><title>grimoire match server"
            "</title><style>body{font:15px system-ui;margin:2em}td{padding:4px 10px;"
            "border-bottom:1px solid #ddd}</style></head><body><h1>grimoire match server"
            "</h1><p>" + html.escape(doc["info"]["description"]) + "</p><p>The machine-"
            "readable document: <a href='/openapi.json'>/openapi.json</a>.</p><table>"
            "<tr><th>method</th><th>path</th><th>what</th><th>statuses</th></tr>"
            + "".join(rows) + "</table></body></html>")


DOCS_PAGE = _page()
