"""Live matches behind the server: created in the store, restored from it, played one
decision at a time under a lock, and told to each reader as that reader may know them.

The store holds every event (and, while a match is live, its secret seed); a :class:`Live`
holds only what playing needs: the state (a fold of the events), the dice counter, the
version and the readers listening. A decision is decided and folded aside, appended to
the store in one transaction, and only then becomes the match's state, so a refused or
failed append leaves the match as it was.

>>> # hub = Hub(Store("matches.sqlite")); created = hub.create("vicious-circle", ("Ann", "Ben"))
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
import os
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from grimoire.core import registry
from grimoire.core.choices import choices
from grimoire.core.dice import SeededDice
from grimoire.core.errors import GrimoireError, IllegalAction, StoreError, UsageError
from grimoire.core.events import Action, Chance, Event, Header
from grimoire.core.match import Match
from grimoire.core.replay import Replay, draws_in, fold, initial_state
from grimoire.core.rules import AnyRules, Outcome
from grimoire.store import Store
from grimoire.tools.render import Perspective
from grimoire.tools.view import html_of

TOKEN_BYTES = 24
"""Random bytes in a token (``secrets.token_urlsafe``): 192 bits."""


class AccessError(GrimoireError):
    """A request the token does not allow: no token or an unknown one
    (``access/token``, HTTP 401), a token of another match or acting for another seat
    (``access/seat``, HTTP 403)."""


def digest(token: str) -> bytes:
    """What the store keeps of a token: its SHA-256 (a stolen database holds no token).

    >>> len(digest("x"))
    32
    """
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).digest()


@dataclass
class Reader:
    """Someone allowed to read a match: a seat, or the spectator (``seat`` ``None``)."""

    match: str
    seat: int | None


@dataclass
class Told:
    """One event of a decision, kept for listeners with the state it happened in."""

    seq: int
    event: Event
    before: Any


@dataclass
class Live:
    """A match being played, in memory."""

    id: str
    rules: AnyRules
    header: Header
    state: Any
    counter: int
    version: int
    seed: bytes | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[tuple[int | None, asyncio.Queue[list[Told] | None]]] = field(
        default_factory=set)

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)


class Created(msgspec.Struct, frozen=True, kw_only=True):
    """A new match: its id, seats (name and secret token), the spectator's token and the
    commitment to the dice seed (revealed in the log when the match ends)."""

    id: str
    game: str
    version: int
    seats: tuple[dict[str, Any], ...]
    spectator: str
    seed_commitment: str | None


class Hub:
    """The live matches of one store."""

    def __init__(self, store: Store, *, keep: int = 10_000) -> None:
        self.store = store
        self.keep = keep
        """How many matches (and tokens, times ten) stay in memory; the least recently
        used of those no one is playing or listening to are dropped first (the store
        has them all)."""
        self._live: dict[str, Live] = {}
        self._tokens: dict[bytes, tuple[str, int | None]] = {}
        self.after: list[Callable[[Live], None]] = []
        """Called on the event loop with the match after each decision is appended (and
        when a lobby's match starts): the server's bots wake on it."""

    # ------------------------------------------------------------------ creation

    def create(self, game: str, players: Sequence[str],
               options: Mapping[str, Any] | None = None) -> Created:
        """A new match with server-side seeded dice; one random token per seat and one
        for spectators, kept in the store only as hashes."""
        rules = registry.get(game)
        seed = os.urandom(32)
        match = Match.new(rules, players=tuple(players), options=options, seed=seed)
        # (Match.new checks names, seats and options as for every new match)
        header = match.header
        match_id = self.store.create(header, seed=seed)
        tokens = [secrets.token_urlsafe(TOKEN_BYTES) for _ in header.players]
        spectator = secrets.token_urlsafe(TOKEN_BYTES)
        for seat, token in enumerate(tokens):
            self.store.grant(match_id, seat, digest(token))
        self.store.grant(match_id, None, digest(spectator))
        self._remember(match_id, Live(match_id, rules, header, match.state, 0, 0, seed))
        return Created(
            id=match_id, game=rules.name, version=0,
            seats=tuple({"seat": i, "name": name, "token": token}
                        for i, (name, token) in enumerate(zip(header.players, tokens,
                                                              strict=True))),
            spectator=spectator, seed_commitment=header.seed_commitment)

    # ------------------------------------------------------------------ access

    def started(self, match_id: str) -> Live:
        """A match the lobby has just created in the store: in memory, its hooks told."""
        live = self.live(match_id)
        for hook in self.after:
            hook(live)
        return live

    def reader(self, match_id: str, token: str | None) -> Reader:
        """Who ``token`` is in match ``match_id`` (refused: ``access/token``,
        ``access/seat``); without a token, a spectator of a public (listed) match."""
        if not token and self.store.listed(match_id):
            return Reader(match_id, None)
        if not token:
            raise AccessError("access/token", "give the token you were given "
                              "(Authorization: Bearer TOKEN, or ?token=TOKEN)")
        hashed = digest(token)
        found = self._tokens.pop(hashed, None) or self.store.lookup(hashed)
        if found is None:
            raise AccessError("access/token", "no such token")
        self._tokens[hashed] = found  # most recently used last
        if len(self._tokens) > 10 * self.keep:
            del self._tokens[next(iter(self._tokens))]
        owner, seat = found
        if not hmac.compare_digest(owner.encode(), match_id.encode()):
            raise AccessError("access/seat", "that token is for another match")
        return Reader(match_id, seat)

    # ------------------------------------------------------------------ state

    def live(self, match_id: str) -> Live:
        """The match in memory, restored from the store the first time it is asked for
        (after a restart: the state folded from its events, the dice from its seed)."""
        live = self._live.pop(match_id, None)
        if live is not None:
            self._live[match_id] = live  # most recently used last
            return live
        header = self.store.header(match_id)
        try:
            rules = registry.get(header.game)
            state = initial_state(rules, header)
        except GrimoireError as exc:
            raise StoreError("store/corrupt", f"match {match_id}: {exc}") from None
        events = [rec.event for rec in self.store.records(match_id)]
        state = fold(rules, state, events)
        counter, version = draws_in(events), len(events)
        seed = self.store.seed(match_id)
        if seed is None and header.seed is not None:
            seed = bytes.fromhex(header.seed)
        return self._remember(match_id,
                              Live(match_id, rules, header, state, counter, version, seed))

    def _remember(self, match_id: str, live: Live) -> Live:
        self._live[match_id] = live
        if len(self._live) > self.keep:
            for old in list(itertools.islice(self._live, len(self._live) - self.keep)):
                idle = self._live[old]
                if not idle.listeners and not idle.lock.locked():
                    del self._live[old]
        return live

    def view(self, live: Live, reader: Reader, *, picture: bool = False,
             turned: bool = False) -> dict[str, Any]:
        """What ``reader`` may know of the match now (``picture``: with the board as an
        SVG picture, ``turned``: drawn from the reader's seat's side)."""
        told = Perspective(live.rules, reader.seat, True)
        out = {"match": live.id, "game": live.rules.name, "seat": reader.seat,
               "players": list(live.header.players)} | self.status(live) | {
            "view": msgspec.to_builtins(told.see(live.state)),
            "board": told.show(live.state)}
        if picture:
            out["picture"] = told.draw(live.state, bottom=reader.seat if turned else None)
        return out

    def status(self, live: Live) -> dict[str, Any]:
        """What anyone may know of where the match stands: ``version``, ``to_act``,
        ``outcome``."""
        outcome = live.outcome
        return {"version": live.version, "to_act": sorted(live.rules.to_act(live.state)),
                "outcome": None if outcome is None else msgspec.to_builtins(outcome)}

    def legal(self, live: Live, reader: Reader) -> list[Event]:
        """The actions ``reader``'s seat may take now (none for a spectator)."""
        if reader.seat is None or reader.seat not in live.rules.to_act(live.state):
            return []
        return list(live.rules.legal(live.state, reader.seat))

    def choices(self, live: Live, reader: Reader) -> Any:
        """``reader``'s seat's choice now as a tree of steps (``None`` for a spectator or
        a seat not to act), made from that seat's view (:mod:`grimoire.core.choices`)."""
        if reader.seat is None or reader.seat not in live.rules.to_act(live.state):
            return None
        return choices(live.rules, live.state, reader.seat)

    def describe(self, live: Live, reader: Reader, actions: Sequence[Event]) -> list[str]:
        """Each of ``actions`` in one sentence, as ``reader`` would see it happen."""
        eye = Perspective(live.rules, reader.seat, True)
        return [eye.tell(action, live.state) for action in actions]

    def tell(self, live: Live, seat: int | None, told: Sequence[Told]) -> list[dict[str, Any]]:
        """Events as ``seat`` may know them: ``{"seq", "event", "text"}``."""
        eye = Perspective(live.rules, seat, True)
        return [{"seq": t.seq, "event": msgspec.to_builtins(eye.redact(t.event)),
                 "text": eye.tell(t.event, t.before)} for t in told]

    def history(self, live: Live, since: int) -> list[Told]:
        """The events from seq ``since`` on, each with the state before it."""
        state = initial_state(live.rules, live.header)
        out = []
        for rec in self.store.records(live.id):
            if rec.seq >= since:
                out.append(Told(rec.seq, rec.event, state))
            state = live.rules.evolve(state, rec.event)
        return out

    def page(self, live: Live, reader: Reader) -> str:
        """The HTML viewer (``grimoire view``'s page) of the match so far, as ``reader``
        may see it."""
        header = self.store.header(live.id)  # the seed only once revealed
        records = list(self.store.records(live.id))
        replay = Replay(live.rules, header, [rec.event for rec in records])
        return html_of(replay, Perspective(live.rules, reader.seat, True),
                       sealed=all(rec.chain is not None for rec in records))

    # ------------------------------------------------------------------ acting

    def decode_action(self, live: Live, raw: Any) -> Event:
        """The action a client sent (its JSON object) as one of the game's events."""
        try:
            action: Event = msgspec.convert(raw, live.rules.Event)
        except msgspec.ValidationError as exc:
            raise IllegalAction("action/invalid",
                                f"not an event of {live.rules.name}: {exc}") from None
        if not isinstance(action, Action):
            raise IllegalAction("action/not-an-action",
                                f"{type(action).__name__} is not a player's action")
        return action

    async def act(self, match_id: str, reader: Reader, raw: Any, expected_version: int,
                  key: str | None = None) -> tuple[int, list[Told], bool]:
        """Decide ``raw`` for ``reader``'s seat at ``expected_version``; append the decision
        to the store; return the new version, the decision's events (with their states)
        and whether this was a retry of an append already made (``key``). Raises
        :class:`IllegalAction`, ``ConcurrencyError`` or :class:`AccessError`; a refusal
        changes nothing."""
        live = self.live(match_id)
        async with live.lock:
            if reader.seat is None:
                raise AccessError("access/seat", "a spectator cannot act")
            if expected_version != live.version:
                # a retried request (same key) is answered, anything else is stale
                done = self.store.append(match_id, (), expected_version=expected_version,
                                         idempotency_key=key)
                return done.version, [], True
            action = self.decode_action(live, raw)
            if getattr(action, "player", None) != reader.seat:
                raise AccessError("access/seat", f"your token acts for seat {reader.seat}, "
                                  f"not seat {getattr(action, 'player', None)}")
            if live.seed is None:
                raise UsageError("match/no-dice", "this match has no seed to roll with")
            events = live.rules.decide(live.state, action, SeededDice(live.seed, live.counter))
            state, counter, told = live.state, live.counter, []
            for k, event in enumerate(events):
                told.append(Told(live.version + k, event, state))
                state = live.rules.evolve(state, event)
                if isinstance(event, Chance):
                    counter += event.draws
            outcome = live.rules.outcome(state)
            done = self.store.append(match_id, events, expected_version=live.version,
                                     idempotency_key=key, outcome=outcome)
            if done.duplicate:  # the key was used at another version: nothing written
                return done.version, [], True
            if outcome is not None:
                self.store.reveal(match_id)
                live.header = self.store.header(match_id)
            live.state, live.counter, live.version = state, counter, done.version
            for _seat, queue in list(live.listeners):
                queue.put_nowait(told)
        for hook in self.after:
            hook(live)
        return done.version, told, False

