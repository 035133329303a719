"""The exported JSON Schemas are generated from the code and must not drift from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grimoire.core.registry import names
from grimoire.tools.schema import dumps, schemas

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(n for n in schemas() if not n.startswith("tally")))
def test_schema_files_match_the_code(name: str) -> None:
    path = ROOT / "schemas" / name
    assert path.exists(), f"{path} missing: run `make schemas`"
    assert path.read_text() == dumps(schemas()[name]), f"{name} drifted: run `make schemas`"


def test_every_registered_game_has_a_schema_file() -> None:
    for game in names():
        if game != "tally":
            assert (ROOT / "schemas" / f"{game}.schema.json").exists()


def test_game_schema_names_every_event_tag() -> None:
    s = json.loads(dumps(schemas("vicious-circle")["vicious-circle.schema.json"]))
    text = json.dumps(s)
    for tag in ("setup", "move", "deploy", "pass", "reveal", "capture", "game-over"):
        assert f'"{tag}"' in text
