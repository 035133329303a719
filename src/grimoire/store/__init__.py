"""``grimoire.store``: matches kept in one SQLite file, as the lines of their logs.

The storage under a match server: :class:`Store` creates a match from its header, appends
each decision's events atomically (with optimistic concurrency and idempotency keys),
keeps a live match's seed secret until :meth:`Store.reveal`, streams a match's records,
and exports and imports log files byte for byte. It imports only ``grimoire.core``.
See ``docs/store.md``.

>>> from grimoire import Match
>>> from grimoire.store import Store
>>> match = Match.new("vicious-circle", players=("Dawn", "Twilight"), seed=bytes(32))
>>> store = Store(":memory:")
>>> mid = store.create(match.header, seed=bytes(32))
>>> store.append(mid, match.act(match.legal(0)[0]), expected_version=0)
AppendResult(version=1, duplicate=False)
>>> store.matches(player="Dawn")[0].version
1
>>> store.close()
"""

from grimoire.store.migrations import MIGRATIONS
from grimoire.store.sqlite import PAGE, AppendResult, Durability, MatchInfo, Store, translate

__all__ = ["MIGRATIONS", "PAGE", "AppendResult", "Durability", "MatchInfo", "Store",
           "translate"]
