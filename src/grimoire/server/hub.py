"""Live matches behind the server: created in the store, restored from it, played one
decision at a time under a lock, and told to each reader as that reader may know them.

The store holds every event (and, while a match is live, its secret seed); a :class:`Live`
holds only what playing needs: the state (a fold of the events), the dice counter, the
version, snapshots of the state every :data:`SNAPSHOT_EVERY` events and the readers
listening. A decision is decided and folded aside, appended to the store in one
transaction, and only then becomes the match's state, so a refused or failed append
leaves the match as it was.

Nothing that reads the store, folds, decides or draws runs on the event loop: the hub
hands it to worker threads (the store is safe to share between them), and each reader's
HTML viewer is built once, one event at a time (:class:`~grimoire.tools.view.Reel`), in
threads of their own.

Over a store other processes append to (PostgreSQL: ``EventStore.shared``), what a
process holds of a match may be behind: before it answers or decides, the hub asks the
store for the match's version and folds only the events it lacks (:meth:`Hub.current`),
and the store's watch (``LISTEN``/``NOTIFY``) tells it of every append, so the readers
listening here are told the other processes' decisions too, in order, once each.

>>> # hub = Hub(Store("matches.sqlite")); created = hub.create("vicious-circle", ("Ann", "Ben"))
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
import os
import random
import secrets
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec

from grimoire.core import registry
from grimoire.core.choices import choices
from grimoire.core.dice import SeededDice
from grimoire.core.errors import (
    ConcurrencyError,
    GrimoireError,
    IllegalAction,
    StoreError,
    UsageError,
)
from grimoire.core.events import Action, Chance, Event, Header
from grimoire.core.logfile import event_decoder, learn
from grimoire.core.match import Match, check_players
from grimoire.core.replay import draws_in, initial_state
from grimoire.core.rules import AnyRules, Outcome
from grimoire.server.workers import Workers, soon
from grimoire.store import EventStore
from grimoire.store.base import Watch
from grimoire.tools._log import get_logger
from grimoire.tools.render import Perspective
from grimoire.tools.view import KEYFRAME, Reel, ending_of, texts_of, title_of, viewer_data

T = TypeVar("T")
log = get_logger("grimoire.server")

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


@dataclass(eq=False)
class Listener:
    """A reader listening to a match (a WebSocket): its seat, the queue its events are
    put on (a list per decision; ``None``: stop), and the seq of the next event it is to
    be told (each event is told once, in order, whichever process appended it)."""

    seat: int | None
    queue: asyncio.Queue[list[Told] | None]
    since: int


SWITCH_INTERVAL = 0.001
"""Seconds a thread holds the interpreter before another that waits may have it while a
viewer is being built (Python's default, 0.005, the rest of the time): the thread
building it lets the event loop answer within about a millisecond, not five, each time
the loop needs the interpreter; switching that often the rest of the time would cost
the actions' threads a fifth of their speed."""

SNAPSHOT_EVERY = 64
"""A live match keeps its state after every this many events, so its history from any
seq is folded from the nearest one (at most this many events), never from the start."""


@dataclass(frozen=True)
class Now:
    """Where a match stands, replaced whole after each decision, so a reader in another
    thread never sees a version with another version's state."""

    state: Any
    counter: int
    version: int
    header: Header


@dataclass
class Film:
    """One reader's viewer of one match: the reel (pictures and lines) as far as it was
    built, whether every record read was chained, and the page made at ``version``."""

    seat: int | None
    reel: Reel | None = None
    sealed: bool = True
    version: int = -1
    page: bytes = b""
    etag: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class Live:
    """A match being played, in memory: where it stands (:class:`Now`), its snapshots,
    the lock that orders its decisions, the readers listening, and its last pictures.

    ``sync`` (a thread lock) orders the moves of ``now`` (a decision made here, or the
    events of other processes folded in); ``pending`` holds the events ``now`` moved past
    that the listeners have not been told yet (guarded by ``told_lock``, held only to
    take or add to it); ``wanted`` is the highest version the store's watch has told."""

    id: str
    rules: AnyRules
    now: Now
    seed: bytes | None
    snapshots: dict[int, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    pictures: dict[tuple[int | None, bool], tuple[int, str]] = field(default_factory=dict)
    sync: threading.Lock = field(default_factory=threading.Lock)
    pending: list[Told] = field(default_factory=list)
    told_lock: threading.Lock = field(default_factory=threading.Lock)
    wanted: int = 0
    catching: bool = False

    @property
    def state(self) -> Any:
        return self.now.state

    @property
    def version(self) -> int:
        return self.now.version

    @property
    def header(self) -> Header:
        return self.now.header

    @property
    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.now.state)


class Created(msgspec.Struct, frozen=True, kw_only=True):
    """A new match: its id, seats (name and secret token), the spectator's token and the
    commitment to the dice seed (revealed in the log when the match ends)."""

    id: str
    game: str
    version: int
    seats: tuple[dict[str, Any], ...]
    spectator: str
    seed_commitment: str | None


THREADS = 32
"""A hub's worker threads over an SQLite file: a decision waits in its thread for the
store's commit, so they bound the decisions one commit gathers. 32 answered 1,080 to 1,240
actions a second in ``tools/bench_server.py`` where 4 answered 750 to 770, at four-fifths
of the CPU per action (Python runs one thread at a time; a waiting thread costs only its
memory)."""


class Hub:
    """The live matches of one store. Its methods that read the store, fold, decide or
    draw are plain functions for worker threads (:meth:`run`, :meth:`run_heavy`); the
    ``async`` ones (:meth:`act`, :meth:`page`, :meth:`frames`) run on the event loop and
    send that work to the threads themselves.

    ``threads``: the worker threads answering requests (default: :data:`THREADS` over an
    SQLite file, one per connection over a store with a pool of them, PostgreSQL's). A
    decision waits in its thread for the store: over SQLite for the commit that carries
    it, so the threads bound how many decisions one commit can gather (:data:`THREADS`); over
    PostgreSQL for a connection of its own, so more threads than connections would only
    wait for one."""

    def __init__(self, store: EventStore, *, keep: int = 10_000, films: int = 64,
                 threads: int | None = None, heavy_threads: int = 2,
                 dice_seeds: int | None = None) -> None:
        self.store = store
        self._seeds = None if dice_seeds is None else random.Random(dice_seeds)
        """Where the matches' dice seeds come from: the system's randomness, or (tests
        only, ``ServerConfig.dice_seeds``) a seeded sequence, so each match replays."""
        self._seed_lock = threading.Lock()
        self.keep = keep
        """How many matches (and tokens, times ten) stay in memory; the least recently
        used of those no one is playing or listening to are dropped first (the store
        has them all)."""
        self.films = films
        """How many readers' viewers (pictures and pages) stay in memory."""
        self._live: dict[str, Live] = {}
        self._tokens: dict[bytes, tuple[str, int | None]] = {}
        self.after: list[Callable[[Live], None]] = []
        """Called on the event loop with the match after each decision is appended (and
        when a lobby's match starts): the server's bots wake on it."""
        self._films: OrderedDict[tuple[str, int | None], Film] = OrderedDict()
        self._guard = threading.Lock()  # the dicts above, shared by the threads
        for name in registry.names():  # learnt here, before any worker thread reads one
            learn(registry.get(name))
        pooled: int = getattr(store, "connections", THREADS)
        self.threads = threads or pooled
        """How many worker threads answer requests."""
        self._quick = Workers(self.threads, "grimoire-hub")
        self._heavy = Workers(heavy_threads, "grimoire-view")
        self._building = 0  # viewer jobs under way (counted on the event loop)
        self._switch = sys.getswitchinterval()
        self.shared = store.shared
        """Whether other processes append to the store (then every answer and decision
        is checked against the store's version first: :meth:`current`)."""
        self.watch: Watch | None = None
        self.again: list[Callable[[], None]] = []
        """Called on the event loop when the store's watch connected again (appends may
        have been missed, claims were let go): the server's bots look again."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    def start(self) -> None:
        """On the event loop, before serving: remember the loop (listeners are told
        there) and, over a shared store, start its watch (:meth:`EventStore.watch`)."""
        self._loop = asyncio.get_running_loop()
        if self.shared and self.watch is None:
            self.watch = self.store.watch(self._noted)

    def claim(self, match_id: str) -> bool:
        """Whether this process may act for the match's server bots: always over a store
        no one else appends to; over a shared one, while this process holds the match's
        claim (the database gives it to one process at a time). Blocks: call it in a
        thread."""
        return self.watch is None or self.watch.claim(match_id)

    def new_seed(self) -> bytes:
        """A new match's dice seed: 32 random bytes (from the seeded sequence of
        ``dice_seeds`` where it is set, one at a time)."""
        if self._seeds is None:
            return os.urandom(32)
        with self._seed_lock:
            return self._seeds.randbytes(32)

    def close(self) -> None:
        """Stop the store's watch and the worker threads (after the work given them is
        done)."""
        if self.watch is not None:
            self.watch.close()
            self.watch = None
        for task in list(self._tasks):
            task.cancel()
        self._quick.close()
        self._heavy.close()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker thread (reading the store, folding, deciding, telling,
        drawing one picture: anything but whole viewers)."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return await self._quick.run(fn, *args)

    async def run_heavy(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a thread of its own pool: building viewers, which may take
        seconds the first time, never holds up the threads that answer actions; while one
        runs, threads switch every :data:`SWITCH_INTERVAL`."""
        self._building += 1
        if self._building == 1:
            sys.setswitchinterval(SWITCH_INTERVAL)
        try:
            return await self._heavy.run(fn, *args)
        finally:
            self._building -= 1
            if not self._building:
                sys.setswitchinterval(self._switch)

    # ------------------------------------------------------------------ creation

    def create(self, game: str, players: Sequence[str],
               options: Mapping[str, Any] | None = None) -> Created:
        """A new match with server-side seeded dice; one random token per seat and one
        for spectators, kept in the store only as hashes."""
        rules = registry.get(game)
        seed = self.new_seed()
        match = Match.new(rules, players=check_players(tuple(players)), options=options,
                          seed=seed)
        # (Match.new checks names, seats and options as for every new match)
        header = match.header
        tokens = [secrets.token_urlsafe(TOKEN_BYTES) for _ in header.players]
        spectator = secrets.token_urlsafe(TOKEN_BYTES)
        grants: list[tuple[int | None, bytes]] = [
            (seat, digest(token)) for seat, token in enumerate(tokens)]
        match_id = self.store.create(header, seed=seed,  # one transaction, grants and all
                                     grants=[*grants, (None, digest(spectator))])
        with self._guard:
            self._remember(match_id, Live(match_id, rules, Now(match.state, 0, 0, header),
                                          seed, {0: match.state}))
        return Created(
            id=match_id, game=rules.name, version=0,
            seats=tuple({"seat": i, "name": name, "token": token}
                        for i, (name, token) in enumerate(zip(header.players, tokens,
                                                              strict=True))),
            spectator=spectator, seed_commitment=header.seed_commitment)

    # ------------------------------------------------------------------ access

    async def started(self, match_id: str) -> Live:
        """A match the lobby has just created in the store (or any match to wake): in
        memory (read in a worker thread), its hooks told on the loop."""
        live = self.cached(match_id)
        if live is None:
            live = await self.run(self.live, match_id)
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
        found = self._known_token(hashed) or self.store.lookup(hashed)
        if found is None:
            raise AccessError("access/token", "no such token")
        with self._guard:
            self._tokens[hashed] = found  # most recently used last
            if len(self._tokens) > 10 * self.keep:
                del self._tokens[next(iter(self._tokens))]
        return self._check(found, match_id)

    def _known_token(self, hashed: bytes) -> tuple[str, int | None] | None:
        with self._guard:
            found = self._tokens.pop(hashed, None)
            if found is not None:
                self._tokens[hashed] = found
            return found

    @staticmethod
    def _check(found: tuple[str, int | None], match_id: str) -> Reader:
        owner, seat = found
        if not hmac.compare_digest(owner.encode(), match_id.encode()):
            raise AccessError("access/seat", "that token is for another match")
        return Reader(match_id, seat)

    def known(self, match_id: str, token: str | None) -> tuple[Reader, Live] | None:
        """The reader and the match when both are in memory already (no store call: fit
        for the event loop), else ``None`` (then ask :meth:`reader` and :meth:`live` in a
        worker thread)."""
        if not token:
            return None
        found = self._known_token(digest(token))
        if found is None:
            return None
        reader = self._check(found, match_id)
        live = self.cached(match_id)
        return None if live is None else (reader, live)

    # ------------------------------------------------------------------ state

    def cached(self, match_id: str) -> Live | None:
        """The match if it is in memory (no store call)."""
        with self._guard:
            live = self._live.pop(match_id, None)
            if live is not None:
                self._live[match_id] = live  # most recently used last
            return live

    def live(self, match_id: str) -> Live:
        """The match in memory, restored from the store the first time it is asked for
        (after a restart: the state folded from its events, the dice from its seed)."""
        live = self.cached(match_id)
        if live is not None:
            return live
        header = self.store.header(match_id)
        try:
            rules = registry.get(header.game)
            state = initial_state(rules, header)
        except GrimoireError as exc:
            raise StoreError("store/corrupt", f"match {match_id}: {exc}") from None
        events = [rec.event for rec in self.store.records(match_id)]
        snapshots = {0: state}
        for seq, event in enumerate(events):
            state = rules.evolve(state, event)
            if (seq + 1) % SNAPSHOT_EVERY == 0:
                snapshots[seq + 1] = state
        seed = self.store.seed(match_id)
        if seed is None and header.seed is not None:
            seed = bytes.fromhex(header.seed)
        restored = Live(match_id, rules, Now(state, draws_in(events), len(events), header),
                        seed, snapshots)
        with self._guard:  # another thread may have restored it meanwhile: theirs stays
            live = self._live.get(match_id)
            return live if live is not None else self._remember(match_id, restored)

    def current(self, live: Live) -> Now:
        """Where the match stands now: ``live.now``, after folding in the events other
        processes appended since (over a shared store; one query when nothing is
        missing). Blocks: call it in a worker thread."""
        if not self.shared:
            return live.now
        version = self.store.version(live.id)
        if version <= live.now.version:
            return live.now
        with live.sync:
            now = live.now
            if version <= now.version:  # another thread folded them meanwhile
                return now
            state, counter, told, snapshots = now.state, now.counter, [], {}
            for rec in self.store.records(live.id, now.version):
                told.append(Told(rec.seq, rec.event, state))
                state = live.rules.evolve(state, rec.event)
                if isinstance(rec.event, Chance):
                    counter += rec.event.draws
                if (rec.seq + 1) % SNAPSHOT_EVERY == 0:
                    snapshots[rec.seq + 1] = state
            header = now.header
            if live.rules.outcome(state) is not None and header.seed is None:
                self.store.reveal(live.id)  # done by whoever appended it; if not, done now
                header = self.store.header(live.id)
            live.snapshots.update(snapshots)
            self._advance(live, Now(state, counter, now.version + len(told), header), told)
            return live.now

    def _advance(self, live: Live, now: Now, told: Sequence[Told]) -> None:
        """Make ``now`` the match's state if it is ahead (``live.sync`` held), and give
        the listeners the events they were not told (on the event loop, in order)."""
        if now.version <= live.now.version:
            return
        fresh = [t for t in told if t.seq >= live.now.version]
        live.now = now
        if self._loop is None or not fresh:
            return
        with live.told_lock:
            live.pending.extend(fresh)
        soon(self._loop, self._flush, live)

    def _flush(self, live: Live) -> None:
        """Tell each listener the pending events it has not been told (on the loop)."""
        with live.told_lock:
            batch, live.pending = live.pending, []
        if not batch:
            return
        for listener in list(live.listeners):
            part = [t for t in batch if t.seq >= listener.since]
            if part:
                listener.queue.put_nowait(part)
                listener.since = part[-1].seq + 1

    def _noted(self, match_id: str | None, version: int) -> None:
        """The store's watch (in its thread): ``match_id`` has ``version`` records now,
        or (``None``) appends may have been missed. A match someone listens to here, or
        whose bots this process acts for, is caught up (on the loop, then a worker)."""
        loop = self._loop
        if loop is None:
            return
        if match_id is None:
            with self._guard:
                lives = list(self._live.values())
            soon(loop, self._missed, lives)
            return
        with self._guard:
            live = self._live.get(match_id)
        if live is not None and live.now.version >= version:
            return  # this process's own append, or already folded in
        held = self.watch is not None and self.watch.holds(match_id)
        if (live is None or not live.listeners) and not held:
            return
        soon(loop, self._catch_up, match_id, version)

    def _missed(self, lives: list[Live]) -> None:
        for live in lives:
            if live.listeners:
                self._catch_up(live.id, 0)
        for hook in self.again:
            hook()

    def _catch_up(self, match_id: str, version: int) -> None:
        """Fold in the match's new events in a worker thread, then wake the hooks (on the
        loop); one catch-up of a match at a time, again while the watch told more."""
        live = self.cached(match_id)
        if live is not None:
            live.wanted = max(live.wanted, version)
            if live.catching:
                return
            live.catching = True

        async def catch_up() -> None:
            found = live
            try:
                while True:
                    if found is None:
                        found = await self.run(self.live, match_id)
                        found.catching = True
                    before = found.now.version
                    await self.run(self.current, found)
                    if found.now.version > before:
                        for hook in self.after:
                            hook(found)
                    if found.now.version >= found.wanted or found.now.version == before:
                        return
            except GrimoireError as exc:  # the store unreachable: the next read catches up
                log.warning("catch-up", match=match_id, reason=exc.reason)
            finally:
                if found is not None:
                    found.catching = False

        task = asyncio.get_running_loop().create_task(catch_up())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
        SVG picture, ``turned``: drawn from the reader's seat's side; the last picture of
        each reader and side is kept for its version)."""
        now = self.current(live)
        told = Perspective(live.rules, reader.seat, True)
        out = {"match": live.id, "game": live.rules.name, "seat": reader.seat,
               "players": list(now.header.players)} | self.status(live, now) | {
            "view": msgspec.to_builtins(told.see(now.state)),
            "board": told.show(now.state)}
        if picture:
            key = (reader.seat, turned)
            kept = live.pictures.get(key)
            if kept is None or kept[0] != now.version:
                kept = (now.version, told.draw(now.state,
                                               bottom=reader.seat if turned else None))
                live.pictures[key] = kept
            out["picture"] = kept[1]
        return out

    def status(self, live: Live, now: Now | None = None) -> dict[str, Any]:
        """What anyone may know of where the match stands: ``version``, ``to_act``,
        ``outcome``."""
        now = now or live.now
        outcome = live.rules.outcome(now.state)
        return {"version": now.version, "to_act": sorted(live.rules.to_act(now.state)),
                "outcome": None if outcome is None else msgspec.to_builtins(outcome)}

    def legal(self, live: Live, reader: Reader, now: Now | None = None) -> list[Event]:
        """The actions ``reader``'s seat may take now (none for a spectator); ``now``: at
        that version (read ``live.now`` once to answer a version and its actions alike)."""
        state = (now or live.now).state
        if reader.seat is None or reader.seat not in live.rules.to_act(state):
            return []
        return list(live.rules.legal(state, reader.seat))

    def choices(self, live: Live, reader: Reader, now: Now | None = None) -> Any:
        """``reader``'s seat's choice now (or at ``now``) as a tree of steps (``None`` for
        a spectator or a seat not to act), made from that seat's view
        (:mod:`grimoire.core.choices`)."""
        state = (now or live.now).state
        if reader.seat is None or reader.seat not in live.rules.to_act(state):
            return None
        return choices(live.rules, state, reader.seat)

    def describe(self, live: Live, reader: Reader, actions: Sequence[Event],
                 now: Now | None = None) -> list[str]:
        """Each of ``actions`` in one sentence, as ``reader`` would see it happen."""
        eye = Perspective(live.rules, reader.seat, True)
        state = (now or live.now).state
        return [eye.tell(action, state) for action in actions]

    def tell(self, live: Live, seat: int | None, told: Sequence[Told]) -> list[dict[str, Any]]:
        """Events as ``seat`` may know them: ``{"seq", "event", "text"}``."""
        eye = Perspective(live.rules, seat, True)
        return [{"seq": t.seq, "event": msgspec.to_builtins(eye.redact(t.event)),
                 "text": eye.tell(t.event, t.before)} for t in told]

    def history(self, live: Live, since: int, now: Now | None = None) -> list[Told]:
        """The events from seq ``since`` to the version ``now`` (default: the version
        now), each with the state before it, folded from the nearest snapshot (at most
        :data:`SNAPSHOT_EVERY` events)."""
        now = now or live.now
        base = min(since, now.version)
        base -= base % SNAPSHOT_EVERY
        state, out = live.snapshots[base], []
        for rec in self.store.records(live.id, base):
            if rec.seq >= now.version:
                break
            if rec.seq >= since:
                out.append(Told(rec.seq, rec.event, state))
            state = live.rules.evolve(state, rec.event)
        return out

    # ------------------------------------------------------------------ viewers

    def _film(self, live: Live, seat: int | None) -> Film:
        """The reader's film of the match (on the event loop only)."""
        key = (live.id, seat)
        film = self._films.pop(key, None) or Film(seat)
        self._films[key] = film
        while len(self._films) > self.films:
            old, idle = next(iter(self._films.items()))
            if idle.lock.locked():
                break
            del self._films[old]
        return film

    def _extend(self, live: Live, film: Film, now: Now) -> Reel:
        """The film's reel made as long as the match at ``now``: only the events since it
        was last extended are told and drawn."""
        if film.reel is None:
            film.reel = Reel(Perspective(live.rules, film.seat, True),
                             live.snapshots[0])
        reel = film.reel
        if len(reel) < now.version:
            for rec in self.store.records(live.id, len(reel)):
                if rec.seq >= now.version:
                    break
                film.sealed = film.sealed and rec.chain is not None
                reel.add(rec.event, live.rules.evolve(reel.state, rec.event))
        return reel

    def _render(self, live: Live, film: Film) -> None:
        now = self.current(live)
        reel = self._extend(live, film, now)
        outcome = live.rules.outcome(now.state)
        path = f"/matches/{live.id}/frames"
        # A finished match's page opens at the start, a live one's at its latest event:
        # the page holds the pictures of that key-frame span, the others are asked for
        # (GET frames?since=N&until=M) as the reader steps to them.
        frames, later, texts = reel.opening(0 if outcome is not None else now.version)
        missing = len(frames) + len(later[1] if later else []) < now.version + 1
        data = viewer_data(live.rules, now.header, reel.reader, sealed=film.sealed,
                           outcome=outcome, lines=reel.lines[:now.version], frames=frames,
                           texts=texts, later=later, more=path if missing else None)
        if outcome is None:
            data["live"] = {"version": now.version, "frames": path}
        film.page = reel.page(data, title_of(now.header)).encode()
        film.etag = '"' + hashlib.blake2b(film.page, digest_size=12).hexdigest() + '"'
        film.version = now.version

    async def page(self, live: Live, reader: Reader) -> tuple[bytes, str]:
        """The HTML viewer (``grimoire view``'s page) of the match so far, as ``reader``
        may see it (UTF-8), and its entity tag (a hash of it, quoted). Built once per
        reader and extended by the new events only; the page is kept until the match
        moves on. A live match's page says where to follow it: ``"live": {"version",
        "frames"}`` (:meth:`frames`)."""
        film = self._film(live, reader.seat)
        if self.shared:  # another process may have moved the match on
            await self.run(self.current, live)
        if film.version == live.version:
            return film.page, film.etag
        async with film.lock:
            if film.version != live.version:
                await self.run_heavy(self._render, live, film)
            return film.page, film.etag

    async def frames(self, live: Live, reader: Reader, since: int,
                     until: int | None = None) -> bytes:
        """``GET /matches/{id}/frames?since=N[&until=M]`` as JSON: the viewer's event lines
        from seq ``since`` to ``until`` (default: the version now) and its frames for
        events ``since + 1`` to ``until`` (frame ``k`` a whole picture when ``k`` is a
        multiple of ``keyframe``, else a patch of frame ``k - 1``), the ``texts`` of what
        they name, and the outcome as the viewer tells it (``None`` while live). Frames not
        drawn yet are drawn (a page of a long match holds some of them only)."""
        film = self._film(live, reader.seat)
        async with film.lock:
            return await self.run_heavy(self._frames, live, film, since, until)

    def _frames(self, live: Live, film: Film, since: int, until: int | None) -> bytes:
        now = self.current(live)
        reel = self._extend(live, film, now)
        last = now.version if until is None else min(until, now.version)
        lines = reel.lines[since:last]
        frames = reel.between(since + 1, last) if since < last else []
        return msgspec.json.encode({
            "version": now.version,
            "outcome": ending_of(live.rules.outcome(now.state), now.header.players),
            "events": lines, "frames": frames, "keyframe": KEYFRAME,
            "texts": texts_of(live.rules, lines, frames)})

    # ------------------------------------------------------------------ acting

    def decode_action(self, live: Live, raw: Any) -> Event:
        """The action a client sent (its JSON object, or that object's bytes) as one of
        the game's events."""
        try:
            action: Event = (event_decoder(live.rules).decode(raw)
                             if isinstance(raw, msgspec.Raw)
                             else msgspec.convert(raw, live.rules.Event))
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
        changes nothing. The match's lock orders its decisions; deciding, folding and
        appending run in a worker thread; the listeners are told each decision, in
        order, before the lock is let go. A request cancelled meanwhile (its client
        gone) does not cut a decision short."""
        decided: tuple[int, list[Told], bool] = await self._locked(
            match_id, lambda live: self.decide(live, reader, raw, expected_version, key))
        return decided

    async def answer(self, match_id: str, reader: Reader, raw: Any, expected_version: int,
                     key: str | None = None) -> dict[str, Any]:
        """:meth:`act`, answered as ``POST /matches/{id}/actions`` answers: where the match
        stands after the decision (``version``, ``to_act``, ``outcome``), ``repeated``,
        and the decision's ``events`` as the seat may know them; made in the same worker
        thread as the decision."""
        def work(live: Live) -> tuple[int, list[Told], bool, dict[str, Any]]:
            version, told, repeated = self.decide(live, reader, raw, expected_version, key)
            return version, told, repeated, self.status(live) | {
                "version": version, "repeated": repeated,
                "events": self.tell(live, reader.seat, told)}
        answered: tuple[int, list[Told], bool, dict[str, Any]] = await self._locked(
            match_id, work)
        return answered[3]

    async def _locked(self, match_id: str, work: Callable[[Live], Any]) -> Any:
        live = self.cached(match_id)
        if live is None:
            live = await self.run(self.live, match_id)
        return await asyncio.shield(asyncio.ensure_future(self._decided(live, work)))

    async def _decided(self, live: Live, work: Callable[[Live], Any]) -> Any:
        async with live.lock:
            done = await self.run(work, live)
            self._flush(live)  # told already (_advance), unless the loop was not known
        if done[1]:
            for hook in self.after:
                hook(live)
        return done

    def decide(self, live: Live, reader: Reader, raw: Any, expected_version: int,
               key: str | None = None) -> tuple[int, list[Told], bool]:
        """:meth:`act`'s work, in a worker thread, the match's lock held: decide and fold
        aside, append to the store, only then make it the match's state."""
        now = live.now
        match_id = live.id
        if reader.seat is None:
            raise AccessError("access/seat", "a spectator cannot act")
        if expected_version != now.version and self.shared:
            now = self.current(live)  # another process may have appended: catch up
            if expected_version > now.version:  # a version the store has not reached
                raise ConcurrencyError(
                    "store/conflict", f"match {match_id!r} has {now.version} records, not "
                    f"{expected_version}: read the new ones and decide again",
                    expected=expected_version, actual=now.version)
        if expected_version != now.version:
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
        events = live.rules.decide(now.state, action, SeededDice(live.seed, now.counter))
        state, counter, told, snapshots = now.state, now.counter, [], {}
        for k, event in enumerate(events):
            told.append(Told(now.version + k, event, state))
            state = live.rules.evolve(state, event)
            if isinstance(event, Chance):
                counter += event.draws
            if (now.version + k + 1) % SNAPSHOT_EVERY == 0:
                snapshots[now.version + k + 1] = state
        outcome = live.rules.outcome(state)
        try:
            done = self.store.append(match_id, events, expected_version=now.version,
                                     idempotency_key=key, outcome=outcome)
        except ConcurrencyError:
            # another process appended at this version first (only a shared store lets
            # one): what this process holds is behind; catch up, then refuse as stale
            if self.shared:
                self.current(live)
            raise
        if done.duplicate:  # the key was used at another version: nothing written
            if self.shared:
                self.current(live)
            return done.version, [], True
        header = now.header
        if outcome is not None:
            self.store.reveal(match_id)
            header = self.store.header(match_id)
        with live.sync:
            live.snapshots.update(snapshots)
            self._advance(live, Now(state, counter, done.version, header), told)
        return done.version, told, False
