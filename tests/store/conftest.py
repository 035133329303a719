"""The store's fixtures: a ``db`` on each backend (an SQLite file, a new database of a
throw-away PostgreSQL cluster) and a ``store`` open on it.

The cluster (``tests/support/postgres.py``) is started once per test process, and only
when a test asks for it: under ``make test`` (pytest-xdist, whole files per worker) that
is at most one per worker that runs a PostgreSQL test, each test getting a schema of its
own (a new database per test cost ten times as much). Where PostgreSQL cannot be found
or started, its tests are skipped with the reason (the missing command, or what the
server said).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres import BACKENDS, Cluster, Unavailable, new_db

from grimoire.store import EventStore, open_store


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A running PostgreSQL cluster of this test process (skips where there is none)."""
    try:
        cluster = Cluster.start()
    except Unavailable as exc:
        pytest.skip(f"no PostgreSQL server for the tests: {exc}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a new empty store is, on each backend in turn."""
    return new_db(request.param, request, tmp_path)


@pytest.fixture
def store(db: str) -> Iterator[EventStore]:
    """A new empty store, on each backend in turn."""
    with open_store(db) as s:
        yield s
