"""A small client of ``grimoire serve``: random bots playing a match over HTTP, each
seat listening to its own WebSocket and acting when it is to act.

Start a server (``make serve``, or ``grimoire serve --db matches.sqlite``), then either

    python examples/bot_client.py --game wiz-war          # a new match, bots in every seat
    python examples/bot_client.py --game wiz-war --humans 1
        # a new match; prints the link a person opens in a browser to play seat 1 (or
        # its token is given to another client); bots play the other seats
    python examples/bot_client.py --match ID --token TOKEN  # play one seat of a match

It needs ``httpx`` and ``websockets`` (``pip install 'grimoire-games[server]' httpx``). It uses
only the documented API (``docs/server.md``): no grimoire import.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
from typing import Any

import httpx
import websockets


async def call(client: httpx.AsyncClient, method: str, url: str, **kw: Any) -> httpx.Response:
    """One request, waited out and tried again while the server says 429 (too many)."""
    while True:
        r = await client.request(method, url, **kw)
        if r.status_code != 429:
            return r
        await asyncio.sleep(0.2)


async def play_seat(client: httpx.AsyncClient, ws_base: str, match: str, token: str,
                    seed: int, say: Any, seat: int | None = None,
                    held: frozenset[int] = frozenset()) -> dict[str, Any]:
    """Play one seat with a random bot until the match ends; returns the final view.
    ``seat``: its number, among the seats ``held`` by this client: where several of them
    may act at once (a secret setup), the lowest acts first and the others wait for its
    news, so the client never races itself (one of two actions at one version would be
    refused, 409, and which one would depend on timing)."""
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {token}"}
    async with websockets.connect(f"{ws_base}/matches/{match}/ws?token={token}") as sock:
        while True:
            # the seat's legal actions, with the version, who is to act and the outcome
            legal = (await call(client, "GET", f"/matches/{match}/legal",
                                headers=headers)).json()
            seen = legal["version"]
            if legal["outcome"] is not None:
                view = await call(client, "GET", f"/matches/{match}", headers=headers)
                return dict(view.json())
            first = seat is None or not any(s < seat for s in legal["to_act"] if s in held)
            if legal["actions"] and first:
                body = {"action": rng.choice(legal["actions"]),
                        "expected_version": legal["version"],
                        "idempotency_key": f"{token[:8]}-{legal['version']}"}
                r = await call(client, "POST", f"/matches/{match}/actions",
                               headers=headers, json=body)
                if r.status_code == 200:
                    for event in r.json()["events"]:
                        say(f"[{event['seq']}] {event['text']}")
                    continue
                if r.status_code != 409:  # 409: another seat acted first; look again
                    raise SystemExit(f"refused: {r.json()}")
                continue
            # not our turn: wait for the others. Each decision is told to every seat, the
            # seat's own among them; news of a version already seen needs no new request.
            with contextlib.suppress(TimeoutError):
                while json.loads(await asyncio.wait_for(sock.recv(), timeout=5)).get(
                        "version", seen + 1) <= seen:
                    pass


async def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--server", default="http://127.0.0.1:8000")
    ap.add_argument("--game", default="vicious-circle")
    ap.add_argument("--match", help="join this match (with --token) instead of creating one")
    ap.add_argument("--token", help="your seat's token in --match")
    ap.add_argument("--humans", type=int, nargs="*", default=[],
                    help="seats left to people: their links are printed")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--log", help="save the finished match's log here")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)

    def say(text: str) -> None:
        if not args.quiet:
            print(text, flush=True)

    ws_base = args.server.replace("http://", "ws://").replace("https://", "wss://")
    async with httpx.AsyncClient(base_url=args.server, timeout=30) as client:
        seats: list[int] = []  # the seats this client holds, by number (one: none needed)
        if args.match:
            tokens = [args.token]
            match = args.match
        else:
            r = await client.post("/matches", json={"game": args.game})
            r.raise_for_status()
            created = r.json()
            match = created["id"]
            say(f"match {match} ({args.game}); spectators: "
                f"{args.server}{created['spectator_url']}")
            tokens = []
            for seat in created["seats"]:
                if seat["seat"] in args.humans:  # a person plays it from a browser
                    print(f"seat {seat['seat']} ({seat['name']}): open "
                          f"{args.server}{seat['play_url']}", flush=True)
                else:
                    tokens.append(seat["token"])
                    seats.append(seat["seat"])
        held = frozenset(seats)
        finals = await asyncio.gather(*(play_seat(client, ws_base, match, tok,
                                                  args.seed + k, say,
                                                  seats[k] if seats else None, held)
                                        for k, tok in enumerate(tokens)))
        final = finals[0]
        winners = [final["players"][w] for w in final["outcome"]["winners"]]
        print(json.dumps({"match": match, "version": final["version"],
                          "winners": winners, "reason": final["outcome"]["reason"]}))
        if args.log:
            r = await client.get(f"/matches/{match}/log",
                                 headers={"Authorization": f"Bearer {tokens[0]}"})
            r.raise_for_status()
            with open(args.log, "wb") as f:
                f.write(r.content)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
