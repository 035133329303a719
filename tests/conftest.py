"""Shared test set-up: a hypothesis profile (deterministic), the test-only game, the
``browser`` fixture (a real headless Chromium, from ``tests/support/browser.py``) and the
``postgres`` fixture (a throw-away PostgreSQL server, from ``tests/support/postgres.py``).

The cluster is started once per test process, and only when a test asks for it: under
``make test`` (pytest-xdist, whole files per worker) that is at most one per worker that
runs a PostgreSQL test, each test getting a schema of its own (a new database per test
cost ten times as much). Where PostgreSQL cannot be found or started, its tests are
skipped with the reason (the missing command, or what the server said)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "support"))

settings.register_profile(
    "grimoire",
    derandomize=True,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("grimoire")

from grimoire.testing import tally  # noqa: E402


def _command_built_once() -> None:
    """typer's ``CliRunner.invoke(app, ...)`` builds the click command from the typer
    app at every call (about 50 ms for grimoire's: 268 calls cost 16 s of the suite's
    CPU); the tests' app never changes once imported, so it is built once per app. Where
    a typer release names its builder otherwise, every call builds it again, as before."""
    import functools

    import typer.testing

    build = getattr(typer.testing, "_get_command", None)
    if build is not None and not hasattr(build, "cache_info"):
        typer.testing._get_command = functools.cache(build)  # type: ignore[attr-defined]


_command_built_once()

# The Dask worker plugin of the deadly game imports Dask (a second of CPU) and holds no
# doctest: every test process would import it collecting doctests for nothing.
collect_ignore = ["support/deadly_dask.py"]

tally.register()  # the test-only dice race the core tests use

from browser import _one_chromium, browser, second_browser  # noqa: E402,F401 (fixtures for every test)
from postgres import Cluster, Unavailable  # noqa: E402


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

# The files whose tests take longest, longest first (measured with --durations=0 under
# `make test`). `make test` hands out whole files (pytest-xdist's loadfile: each file's
# module fixtures built once) in the order collected, so these go first and the short
# files fill in around them: the run ends when the last short file does, not while one
# worker starts a minute-long file alone. A file missing here only runs in its place.
LONG_FIRST = (
    "tests/server/test_example.py",
    "tests/server/test_lobby_pages.py",
    "tests/packaging/test_wheel.py",
    "tests/tools/test_archive_check.py",
    "tests/games/wiz_war/test_wiz_war_notation.py",
    "tests/hostile/test_hostile.py",
    "tests/docs/test_site.py",
    "tests/bots/test_mcts.py",
    "tests/games/wiz_war/test_wiz_war_shortcuts.py",
    "tests/games/wiz_war/test_wiz_war_schools_contract.py",
    "tests/server/test_server.py",
    "tests/server/test_workers.py",
    "tests/docs/test_audit_an_archive.py",
    "tests/docs/test_house_rule.py",
    "tests/tools/test_view.py",
    "tests/cli/test_validate.py",
    "tests/cli/test_stats.py",
    "tests/cli/test_export.py",
    "tests/server/test_leaks.py",
    "tests/cli/test_play_tmux.py",
    "tests/games/wiz_war/test_wiz_war_fixtures.py",
    "tests/tools/test_view_live.py",
    "tests/tools/test_arena.py",
    "tests/server/test_pages.py",
    "tests/tools/test_view_a11y.py",
    "tests/cli/test_cli.py",
)


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Put the long files' tests first (a stable sort: the order within a file, and of
    the other files, is pytest's)."""
    rank = {name: k for k, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.partition("::")[0], len(rank)))
