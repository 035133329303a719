"""The store's fixtures: a ``db`` on each backend (an SQLite file, a new database of a
throw-away PostgreSQL cluster: the ``postgres`` fixture of ``tests/conftest.py``) and a
``store`` open on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres import BACKENDS, new_db

from grimoire.store import EventStore, open_store


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a new empty store is, on each backend in turn."""
    return new_db(request.param, request, tmp_path)


@pytest.fixture
def store(db: str) -> Iterator[EventStore]:
    """A new empty store, on each backend in turn."""
    with open_store(db) as s:
        yield s
