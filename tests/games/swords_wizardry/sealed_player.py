"""One player of a sealed Swords & Wizardry match, run in its own process by
``test_swords_wizardry_commit``: it holds its own secret key and its own pieces (each
sealed with a fresh nonce), and talks to the other player only in log lines."""

from __future__ import annotations

import random
import traceback
from typing import Any

from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event
from grimoire.core.kit import fresh_nonce
from grimoire.core.match import Match
from grimoire.games.swords_wizardry.events import Place, commit_choice, open_choice
from grimoire.games.swords_wizardry.rules import openings, placements, with_own

GAME = "swords-wizardry"
NAMES = ("Ann", "Ben")
WAIT = 60.0


def send(conn: Any, lines: list[bytes]) -> None:
    conn.send_bytes(b"".join(lines))


def receive(conn: Any) -> list[bytes]:
    if not conn.poll(WAIT):
        raise TimeoutError("the other player sent nothing")
    data: bytes = conn.recv_bytes()
    return data.splitlines(keepends=True)


class Player:
    """What one seat knows: its pieces and their nonces, by deployment square."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.pieces: dict[str, str] = {}
        self.nonces: dict[str, str] = {}

    def choose(self, m: Match) -> Event:
        state = m.state
        if state.turn < 0:  # deploy one piece, sealed for real
            options = placements(with_own(state, self.seat, self.pieces), self.seat)
            place = options[self.rng.randrange(len(options))]
            nonce = fresh_nonce()
            self.pieces[place.square] = place.piece
            self.nonces[place.square] = nonce
            return commit_choice(place, nonce)
        waiting = openings(state, self.seat)
        if waiting:  # the rules wait for one of my pieces
            square = waiting[0]
            return open_choice(Place(player=self.seat, piece=self.pieces[square],
                                     square=square), self.nonces[square])
        actions = m.rules.legal(with_own(state, self.seat, self.pieces), self.seat)
        return actions[self.rng.randrange(len(actions))]

    def act(self, m: Match, action: Event, key: str) -> None:
        """Act; the dice are thrown here, one more each time the rules ask for one."""
        dice: list[int] = []
        while True:
            try:
                m.act(action, dice=dice, key=key)
                return
            except IllegalAction as exc:
                if exc.reason != "dice/needed":
                    raise
                dice.append(self.rng.randint(1, 6))


def play(seat: int, conn: Any, key: str, keys: tuple[str, str], path: str, seed: int,
         results: Any) -> None:
    """Play ``seat`` to the end of the match, then report on ``results``."""
    try:
        if seat == 0:
            m = Match.new(GAME, players=NAMES, options={"hidden": "commit"},
                          dice="recorded", keys=keys, path=path)
            send(conn, [m.lines()[0]])
        else:
            m = Match.join(receive(conn)[0], path=path)
        me = Player(seat, random.Random(seed))
        while m.to_act:
            if min(m.to_act) != seat:
                m.accept(receive(conn))
                continue
            start = len(m.events)
            me.act(m, me.choose(m), key)
            send(conn, m.lines(start))
        m.close()
        results.put(("ok", seat, len(m.events)))
    except BaseException:
        results.put(("error", seat, traceback.format_exc()))
        raise
