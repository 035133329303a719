"""The server's bots at the seats they hold (``grimoire serve``'s lobby gives them seats).

When a bot's seat is to act, its choice is searched in a worker thread, never on the event
loop, from that seat's view only (the search bot is handed ``view(state, seat)``), and
acted through the hub like anyone's action, at the version it searched at: if someone
acted meanwhile it searches again. A restarted server resumes every live match's bots.

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
from grimoire.store import Store
from grimoire.tools._log import get_logger

log = get_logger("grimoire.server")


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
    """The bots of the live matches of one hub: :meth:`wake` them after each decision."""

    def __init__(self, hub: Hub, store: Store) -> None:
        self.hub = hub
        self.store = store
        self._specs: dict[str, dict[int, str]] = {}
        self._thinking: set[tuple[str, int]] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    def specs(self, match_id: str) -> dict[int, str]:
        """The match's bot seats and their specs (read once from the store)."""
        if match_id not in self._specs:
            self._specs[match_id] = self.store.bots(match_id)
        return self._specs[match_id]

    def wake(self, live: Live) -> None:
        """Start the search of every bot seat of ``live`` that is to act and not already
        searching (on the running event loop)."""
        specs = self.specs(live.id)
        if not specs or live.outcome is not None:
            return
        for seat in sorted(live.rules.to_act(live.state) & specs.keys()):
            if (live.id, seat) in self._thinking:
                continue
            self._thinking.add((live.id, seat))
            task = asyncio.get_running_loop().create_task(self._turn(live.id, seat))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

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
            self.wake(self.hub.live(match_id))  # its next turn, if it is its again

    async def _act(self, match_id: str, seat: int) -> bool:
        """One action of the bot at ``seat``, searched at the version it was to act at
        (searched again, up to 8 times, if someone acted meanwhile); whether it acted."""
        spec = self.specs(match_id)[seat]
        for _ in range(8):
            live = self.hub.live(match_id)
            version, state = live.version, live.state
            if live.outcome is not None or seat not in live.rules.to_act(state):
                return False
            action = await asyncio.to_thread(
                choose, live.rules, state, seat, spec, f"{match_id}:{seat}:{version}",
                len(live.header.players))
            try:
                await self.hub.act(match_id, Reader(match_id, seat),
                                   msgspec.to_builtins(action), version,
                                   f"bot:{seat}:{version}")
                return True
            except ConcurrencyError:
                continue  # someone acted meanwhile: search the new position
        return False

    def resume(self) -> None:
        """Wake the bots of every live match of the store (after a restart)."""
        for match_id in self.store.bot_matches():
            self.wake(self.hub.live(match_id))
