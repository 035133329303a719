"""One player of a sealed-setup match, run in its own OS process by
``test_vicious_circle_commit.py``: it holds its own secret key and its own secret setup
(sealed with a fresh nonce), and talks to the other player only through log lines sent
over a pipe.

Seat 0 (Ann) hosts: it receives Ben's public key, creates the match with both keys and
sends its header line; seat 1 (Ben) joins from that line. Then, whenever several seats
may act, the lowest acts first (a sealed setup reveals nothing, so the order of the
commitments does not matter): the seat to act decides, signs and sends its records; the
other accepts them (``Match.accept`` re-decides them). A seeded bot picks the moves. At the
end Ann seals her copy of the log with her key.
"""

from __future__ import annotations

import random
import traceback
from multiprocessing.connection import Connection
from typing import Any

from grimoire.bots.random import RandomBot
from grimoire.core.kit import fresh_nonce
from grimoire.core.match import Match
from grimoire.core.signing import generate
from grimoire.games.vicious_circle.events import commit_choice, open_choice
from grimoire.games.vicious_circle.rules import SETUPS
from grimoire.tools.seal import seal

PLAYERS = ("Ann", "Ben")
WAIT = 20.0  # seconds a peer waits for the other's line before giving up
MAX_ACTIONS = 1_000


def receive(conn: Connection) -> Any:
    """The next message from the other player (a peer that went silent is an error)."""
    if not conn.poll(WAIT):
        raise TimeoutError("the other player sent nothing")
    return conn.recv()


def play(seat: int, conn: Connection, path: str, seed: int, results: Any) -> None:
    """Play seat ``seat`` to the end; put ``(seat, public key, error)`` on ``results``."""
    public = ""
    try:
        secret, public = generate()
        if seat == 0:
            theirs = receive(conn)
            match = Match.new("vicious-circle", players=PLAYERS, options={"hidden": "commit"},
                              dice="recorded", keys=(public, theirs), path=path)
            conn.send(match.lines()[0])
        else:
            conn.send(public)
            match = Match.join(receive(conn), path=path)
        rng = random.Random(f"{seed}:setup:{seat}")
        setup = SETUPS[seat][rng.randrange(len(SETUPS[seat]))]  # the secret choice
        nonce = fresh_nonce()
        bot = RandomBot(f"{seed}:moves:{seat}")
        for _ in range(MAX_ACTIONS):
            if not match.to_act:
                break
            if min(match.to_act) != seat:
                match.accept(receive(conn))
                continue
            state = match.state
            if state.turn < 0 and not state.digests[seat]:
                action = commit_choice(setup, nonce)
            elif state.turn < 0:
                action = open_choice(setup, nonce)
            else:
                action = bot.choose(match, seat)
            start = len(match.events)
            match.act(action, key=secret)
            conn.send(match.lines(start))
        match.close()
        if seat == 0:
            seal(path, path + ".sealed", key=secret)
        results.put((seat, public, None))
    except BaseException:  # reported to the test, which fails with it
        results.put((seat, public, traceback.format_exc()))
