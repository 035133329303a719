"""``grimoire schema``: JSON Schemas of the log header, the record envelope and each game's
events. The files in ``schemas/`` are generated from these (``make schemas``) and a test
fails when they drift from the code.

>>> sorted(schemas())[:2]
['log.schema.json', 'magery.schema.json']
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import msgspec

from grimoire.core import registry
from grimoire.core.events import Header, Record
from grimoire.core.rules import AnyRules


def _record_schema(event: Any) -> dict[str, Any]:
    """The schema of ``Record[event]`` with its definition named ``Record`` (msgspec names
    a generic's definition after the Python path of every type in it, which would change
    the exported file whenever code moves, although the format does not)."""
    schema = msgspec.json.schema(Record[event])
    old = schema["$ref"].rsplit("/", 1)[1]
    defs = schema["$defs"]
    record = defs.pop(old)
    record["title"] = "Record"
    defs["Record"] = record
    schema["$ref"] = "#/$defs/Record"
    return schema


def log_schema() -> dict[str, Any]:
    """The header and a record envelope (event left open: see each game's schema)."""
    return {
        "title": "grimoire/1 log",
        "description": "Line 1 is a header; every further line is a record.",
        "header": msgspec.json.schema(Header),
        "record": _record_schema(dict[str, Any]),
    }


def game_schema(rules: AnyRules) -> dict[str, Any]:
    """A game's records (with its tagged event union), options and state."""
    return {
        "title": f"{rules.name} rules {rules.version}",
        "record": _record_schema(rules.Event),
        "options": msgspec.json.schema(rules.Options),
        "state": msgspec.json.schema(rules.State),
    }


def schemas(game: str | None = None) -> dict[str, dict[str, Any]]:
    """File name -> schema: the log envelope plus one per game (or just ``game``)."""
    out = {"log.schema.json": log_schema()}
    for rules in [registry.get(game)] if game else registry.all_rules():
        out[f"{rules.name}.schema.json"] = game_schema(rules)
    return out


def dumps(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def write_schemas(folder: str | os.PathLike[str]) -> list[str]:
    """Write every schema into ``folder``; returns the paths written."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = os.path.join(folder, name)
        Path(path).write_text(dumps(schema))
        written.append(path)
    return written
