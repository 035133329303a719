"""The suite's own order (tests/conftest.py): the long files it puts first exist, so a
renamed file is noticed rather than silently run in its place."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import LONG_FIRST

ROOT = Path(__file__).resolve().parent.parent


def test_every_long_file_named_exists_once() -> None:
    assert len(set(LONG_FIRST)) == len(LONG_FIRST)
    assert [name for name in LONG_FIRST if not (ROOT / name).is_file()] == []
