"""Shared test set-up: a hypothesis profile (deterministic), the test-only game and the
``browser`` fixture (a real headless Chromium, from ``tests/support/browser.py``)."""

from __future__ import annotations

import os
import sys

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

tally.register()  # the test-only dice race the core tests use

from browser import browser, second_browser  # noqa: E402,F401 (fixtures for every test)
