"""The Dask worker plugin of ``deadly-tally`` (:mod:`deadly`), apart from it: only the
cluster's tests import Dask, and every test process that collects the others would
import it for nothing (a second of CPU each)."""

from __future__ import annotations

import os
from pathlib import Path

from deadly import NAME, deadly_game
from distributed import WorkerPlugin


class Plugin(WorkerPlugin):  # type: ignore[misc]
    """A Dask worker plugin that registers the game on every worker of a cluster (and on
    each worker started again after one died): ``client.register_plugin(Plugin(marker))``."""

    name = NAME

    def __init__(self, marker: Path) -> None:
        self.marker, self.parent = str(marker), os.getpid()

    def setup(self, worker: object) -> None:
        from grimoire.core import registry

        registry.register(deadly_game(Path(self.marker), self.parent))
