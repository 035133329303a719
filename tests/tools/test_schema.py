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


# ---------------------------------------------------------------- validating real lines

GAMES = ["vicious-circle", "wizard-armies", "swords-wizardry", "magery", "wiz-war"]


def validator(name: str):  # type: ignore[no-untyped-def]
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "schemas" / name).read_text())
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def sample(game: str, per_type: int = 12) -> list[tuple[str, object]]:
    """Every fixture's header and signature, and up to ``per_type`` records of each event
    type over all the game's fixtures (every type the fixtures hold)."""
    out: list[tuple[str, object]] = []
    seen: dict[str, int] = {}
    for path in sorted((ROOT / "fixtures" / game).glob("*.jsonl")):
        for k, line in enumerate(path.read_bytes().splitlines()):
            value = json.loads(line)
            kind = value.get("event", {}).get("type", "") if "event" in value else ""
            if kind and seen.get(kind, 0) >= per_type:
                continue
            seen[kind] = seen.get(kind, 0) + 1
            out.append((f"{path.name}:{k + 1}", value))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_real_lines_validate_against_the_standalone_schema(game: str) -> None:
    """Each game's schema is a real JSON Schema document: every fixture's header, and
    records of every event type the fixtures hold, validate as they are (and against the
    envelope schema of any game)."""
    mine, envelope = validator(f"{game}.schema.json"), validator("log.schema.json")
    lines = sample(game)
    assert len(lines) > 40
    for where, value in lines:
        errors = [e.message for e in mine.iter_errors(value)]
        assert not errors, f"{where}: {errors[:2]}"
        assert envelope.is_valid(value), where


def corpus(game: str) -> list[tuple[str, object]]:
    """Invalid lines built from real ones: each must be refused."""
    lines = [v for _, v in sample(game, per_type=3)]
    header = next(v for v in lines if "game" in v)
    record = next(v for v in lines if "event" in v and "player" in v["event"])
    bad: list[tuple[str, object]] = [
        ("seq -1", dict(record, seq=-1)),
        ("player 7", dict(record, event=dict(record["event"], player=7))),
        ("an unknown event field", dict(record, event=dict(record["event"], colour="red"))),
        ("an unknown record field", dict(record, note="x")),
        ("an unknown event type", dict(record, event=dict(record["event"], type="teleport!"))),
        ("a chain that is not hex", dict(record, chain="zz" * 16)),
        ("another game", dict(header, game="chess")),
        ("an unknown format", dict(header, format="grimoire/9")),
        ("an unknown header field", dict(header, colour="red")),
        ("an unknown option", dict(header, options=dict(header.get("options", {}),
                                                         colour="red"))),
        ("too many players", dict(header, players=["a"] * 9)),
        ("a recorded seed that is not hex", dict(header, seed="zz")),
    ]
    if game in SQUARE_FIELD:  # the games whose events name squares as text
        kind, field = SQUARE_FIELD[game]
        move = next(v for v in lines if v.get("event", {}).get("type") == kind)
        bad.append(("square z9", dict(move, event=dict(move["event"], **{field: "z9"}))))
    return bad


SQUARE_FIELD = {"vicious-circle": ("move", "from"), "swords-wizardry": ("move", "from"),
                "magery": ("move", "from")}


@pytest.mark.parametrize("game", GAMES)
def test_invalid_lines_are_rejected(game: str) -> None:
    mine = validator(f"{game}.schema.json")
    for what, value in corpus(game):
        assert not mine.is_valid(value), f"{game}: {what} was accepted"
