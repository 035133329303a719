"""The server's bots at the seats they hold (``grimoire serve``'s lobby gives them seats).

When a bot's seat is to act, its choice is searched in a worker thread of its own (not
one of the hub's, which answer requests), never on the event loop, from that seat's view
only (the search bot is handed ``view(state, seat)``), and acted through the hub like
anyone's action, at the version it searched at: if someone acted meanwhile it searches
again. A restarted server resumes every live match's bots.

Where several server processes share a store, one process at a time acts for a match's
bots: the one holding the match's claim (``Hub.claim``, an advisory lock the database
gives one connection at a time and takes back when that process dies). The others do
not search; every :data:`SWEEP` seconds each looks for live matches whose bots no one
holds (their process died) and takes them over. Were two to act anyway, the action's
idempotency key (``bot:<seat>:<version>``) would let the database write one.

>>> from grimoire import registry
>>> rules = registry.get("wizard-armies")
>>> state = rules.setup(rules.Options(), ("Ann", "Bot"))
>>> type(choose(rules, state, 1, "mcts:iterations=10", "seed", 2)).__name__
'Muster'
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgspec

from grimoire.bots.mcts import MCTSBot
from grimoire.bots.spec import make_bot
from grimoire.core.errors import ConcurrencyError, GrimoireError
from grimoire.core.events import Event
from grimoire.core.rules import AnyRules
from grimoire.server.hub import Hub, Live, Reader
from grimoire.store import EventStore
from grimoire.tools._log import get_logger

log = get_logger("grimoire.server")

SWEEP = 5.0
"""Seconds between two looks, over a shared store, for matches whose bots no process
acts for (their process died): this process claims them and acts."""


def choose(rules: AnyRules, state: Any, seat: int, spec: str, seed: str,
           seats: int) -> Event:
    """The action bot ``spec`` (seeded with ``seed``) takes for ``seat``: a search bot
    searches from the seat's view; the random bot picks among the seat's legal actions."""
    bot = make_bot(spec, seed)
    if isinstance(bot, MCTSBot):
        searched: Event = bot.search(rules, rules.view(state, seat), seat, seats=seats).action
        return searched
    actions = rules.legal(state, seat)
    chosen: Event = actions[random.Random(seed).randrange(len(actions))]
    return chosen


class BotSeats:
    """The bots of the live matches of one hub: :meth:`wake` them after each decision
    (the hub's ``after`` hook, on the event loop). Nothing here reads the store or
    searches on the loop: the bots' seats are read, and each search is run, in worker
    threads."""

    def __init__(self, hub: Hub, store: EventStore) -> None:
        self.hub = hub
        self.store = store
        self._specs: dict[str, dict[int, str]] = {}
        self._thinking: set[tuple[str, int]] = set()
        self.tasks: set[asyncio.Task[None]] = set()
        hub.again.append(self._again)

    def _again(self) -> None:
        """The store's watch connected again: the claims were let go; take them back."""
        self.spawn(self._look())

    async def sweep(self) -> None:
        """Over a shared store, every :data:`SWEEP` seconds: resume the bots no process
        acts for (run as a task until cancelled)."""
        while True:
            await asyncio.sleep(SWEEP * random.uniform(0.8, 1.2))
            await self._look()

    async def _look(self) -> None:
        try:
            await self.resume()
        except GrimoireError as exc:  # the store unreachable: the next look
            log.warning("bot-sweep", reason=exc.reason)

    def spawn(self, work: Any) -> None:
        """Run ``work`` (a coroutine) as a task of the bots (cancelled at shutdown)."""
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def wake(self, live: Live) -> None:
        """Start the search of every bot seat of ``live`` that is to act and not already
        searching (on the running event loop)."""
        specs = self._specs.get(live.id)
        if specs is None:  # not read yet: read it in a thread, then wake
            self.spawn(self._read_then_wake(live))
            return
        if not specs or live.outcome is not None:
            return
        for seat in sorted(live.rules.to_act(live.state) & specs.keys()):
            if (live.id, seat) in self._thinking:
                continue
            self._thinking.add((live.id, seat))
            self.spawn(self._turn(live.id, seat))

    async def _read_then_wake(self, live: Live) -> None:
        if live.id not in self._specs:
            self._specs[live.id] = await self.hub.run(self.store.bots, live.id)
        self.wake(live)

    async def _turn(self, match_id: str, seat: int) -> None:
        """Search and act for ``seat`` until it has acted (again if someone acted first);
        then, if it is still that seat's turn, its next turn."""
        acted = False
        try:
            acted = await self._act(match_id, seat)
        except GrimoireError as exc:  # a bot's action refused: a bug, reported
            log.error("bot", match=match_id, seat=seat, reason=exc.reason, detail=exc.detail)
        except Exception as exc:  # a bug in a search: reported, the seat left to wait
            log.error("bot", match=match_id, seat=seat, error=repr(exc))
        finally:
            self._thinking.discard((match_id, seat))
        if acted:
            live = self.hub.cached(match_id)
            if live is not None:
                self.wake(live)  # its next turn, if it is its again

    async def _act(self, match_id: str, seat: int) -> bool:
        """One action of the bot at ``seat``, searched at the version it was to act at
        (searched again, up to 8 times, if someone acted meanwhile); whether it acted."""
        spec = self._specs[match_id][seat]
        if self.hub.shared and not await asyncio.to_thread(self.hub.claim, match_id):
            return False  # another process acts for this match's bots
        for _ in range(8):
            live = self.hub.cached(match_id)
            if live is None:
                live = await self.hub.run(self.hub.live, match_id)
            now = await self.hub.run(self.hub.current, live)
            if live.rules.outcome(now.state) is not None or \
                    seat not in live.rules.to_act(now.state):
                return False
            # a search may take seconds: a thread of its own, not one of the hub's
            action = await asyncio.to_thread(
                choose, live.rules, now.state, seat, spec, f"{match_id}:{seat}:{now.version}",
                len(now.header.players))
            try:
                await self.hub.act(match_id, Reader(match_id, seat),
                                   msgspec.to_builtins(action), now.version,
                                   f"bot:{seat}:{now.version}")
                return True
            except ConcurrencyError:
                continue  # someone acted meanwhile: search the new position
        return False

    async def resume(self) -> None:
        """Wake the bots of every live match of the store (after a restart; over a
        shared store, every :data:`SWEEP` seconds, and they act where this process may
        claim the match)."""
        for match_id in await self.hub.run(self.store.bot_matches):
            if self.hub.shared:  # what this process holds of it may be behind
                live = self.hub.cached(match_id) or await self.hub.run(self.hub.live,
                                                                       match_id)
                await self.hub.run(self.hub.current, live)
            await self.hub.started(match_id)
