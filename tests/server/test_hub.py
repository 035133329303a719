"""The hub's dice seeds: the system's randomness by default; a seeded sequence only where a
test asks for it (``ServerConfig.dice_seeds``), so its matches replay alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from postgres import BACKENDS, new_db

from grimoire.core import logfile, registry
from grimoire.core.dice import commitment
from grimoire.server.hub import THREADS, Hub
from grimoire.store import Store, open_store


def seeds(db: Path, dice_seeds: int | None, n: int = 3) -> list[bytes]:
    with Store(db) as store:
        hub = Hub(store, dice_seeds=dice_seeds)
        try:
            return [hub.new_seed() for _ in range(n)]
        finally:
            hub.close()


def test_seeded_hubs_draw_the_same_seeds_and_others_draw_fresh_ones(tmp_path: Path) -> None:
    first, again = seeds(tmp_path / "a.sqlite", 7), seeds(tmp_path / "b.sqlite", 7)
    assert first == again and len(set(first)) == 3 and all(len(s) == 32 for s in first)
    assert seeds(tmp_path / "c.sqlite", 8) != first
    plain, other = seeds(tmp_path / "d.sqlite", None), seeds(tmp_path / "e.sqlite", None)
    assert not set(plain) & set(other) and all(len(s) == 32 for s in plain)


def test_a_match_of_a_seeded_hub_has_the_seed_drawn_for_it(tmp_path: Path) -> None:
    """The seed a match is created with is the sequence's next one: the commitment the
    match is created with is that seed's."""
    expected = seeds(tmp_path / "x.sqlite", 11, n=1)[0]
    with Store(tmp_path / "m.sqlite") as store:
        hub = Hub(store, dice_seeds=11)
        try:
            created = hub.create("wizard-armies", ("Ann", "Ben"))
        finally:
            hub.close()
    assert created.seed_commitment == commitment(expected)


def test_a_hub_has_every_game_s_types_learnt_before_its_threads_read_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """msgspec learning one type in two threads at once crashed a process (see
    ``grimoire.core.logfile``): a hub has every game's event and record decoders built
    on the thread that makes it, before its worker threads start."""
    monkeypatch.setattr(logfile, "_event_decoders", {})
    monkeypatch.setattr(logfile, "_record_decoders", {})
    monkeypatch.setattr(logfile, "_learnt", set())
    with Store(tmp_path / "m.sqlite") as store:
        Hub(store).close()
    games = set(registry.names())
    assert set(logfile._event_decoders) == games
    assert {name for name, _ in logfile._record_decoders} == games


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_hub_has_a_thread_for_each_decision_its_store_can_take_at_once(
        backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """A decision waits in its worker thread for the store: over SQLite for the writer's
    group commit (``THREADS`` of them, so one commit gathers many), over PostgreSQL for a
    connection of its own (one thread per connection: with more, a thread could wait past
    the store's timeout for a connection, and answer 503 under a plain load)."""
    with open_store(new_db(backend, request, tmp_path)) as store:
        hub = Hub(store)
        try:
            assert hub.threads == (THREADS if backend == "sqlite" else store.connections)
        finally:
            hub.close()
