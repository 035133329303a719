"""``grimoire schema``: standalone JSON Schemas (draft 2020-12) that validate every line of
a log as it is: one per game (its header, its records with their tagged events, the
signature line) and one for the envelope of any game's log. The files in ``schemas/`` are
generated from these (``make schemas``), a test fails when they drift from the code, and
another checks every fixture against them with a real validator.

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
from grimoire.core.events import FORMATS, MAX_SEATS, Header, Record
from grimoire.core.rules import AnyRules
from grimoire.core.signing import Trailer

DIALECT = "https://json-schema.org/draft/2020-12/schema"
HEX = {"chain": 32, "sig": 128, "key": 64, "seed": None, "seed_commitment": 64}


def _rename_record(schema: Any, defs: dict[str, Any]) -> None:
    """Name the generic record's definition ``Record`` (msgspec names it after the Python
    path of every type in it, which would change the file whenever code moves)."""
    for name in [n for n in defs if n.startswith("Record_")]:
        record = defs.pop(name)
        record["title"] = "Record"
        defs["Record"] = record
        text = json.dumps(schema)
        for old in (f'"#/$defs/{name}"',):
            text = text.replace(old, '"#/$defs/Record"')
        schema.clear()
        schema.update(json.loads(text))


def _strict(node: Any, seats: int) -> Any:
    """Tighten msgspec's schema as the audit reads: objects admit no other property (the
    audit refuses unknown fields), seats are bounded by the game's most seats, and hex
    fields are patterns."""
    if isinstance(node, dict):
        out = {k: _strict(v, seats) for k, v in node.items()}
        if out.get("type") == "object" and "properties" in out:
            out.setdefault("additionalProperties", False)
            for name, prop in out["properties"].items():
                if name not in HEX or not isinstance(prop, dict):
                    continue
                size = HEX[name]
                pattern = f"^[0-9a-f]{{{size}}}$" if size else "^([0-9a-f]{2})+$"
                for branch in prop.get("anyOf", [prop]):
                    if branch.get("type") == "string":
                        branch["pattern"] = pattern
        if str(out.get("description", "")).startswith("A seat:") and "exclusiveMaximum" in out:
            out["exclusiveMaximum"] = seats
        return out
    if isinstance(node, list):
        return [_strict(v, seats) for v in node]
    return node


def game_schema(rules: AnyRules) -> dict[str, Any]:
    """One standalone document that validates every line of a log of ``rules``: the
    header (this game, a ruleset it reads, its options), a record (its tagged event
    union), or the signature line, each exactly (no property the audit would refuse)."""
    refs, defs = msgspec.json.schema_components(
        [Header, Record[rules.Event], Trailer, rules.Options])  # type: ignore[name-defined]
    schema: dict[str, Any] = {
        "$schema": DIALECT,
        "$id": f"urn:grimoire:schema:{rules.name}:rules-{rules.version}",
        "title": f"a line of a {rules.name} log (rules {rules.version})",
        "description": "Line 1 is the header, each further line a record, and a signed log's "
                       "last line its signature (docs/log-format.md).",
        "oneOf": refs[:3],
        "$defs": defs,
    }
    _rename_record(schema, schema["$defs"])
    defs = schema["$defs"]
    header = defs["Header"]
    props = header["properties"]
    props["format"] = {"enum": list(FORMATS)}
    props["game"] = {"const": rules.name}
    props["rules"] = {"enum": [*getattr(rules, "older", {}), rules.version]}
    props["options"] = refs[3]
    props["players"].update({"minItems": min(rules.seats), "maxItems": max(rules.seats)})
    defs["Record"]["properties"]["seq"]["minimum"] = 0
    return _strict(schema, max(rules.seats))  # type: ignore[no-any-return]


def log_schema() -> dict[str, Any]:
    """Any game's line, loosely: the header, a record (its event an object with a
    ``type``), or the signature line."""
    refs, defs = msgspec.json.schema_components([Header, Record[dict[str, Any]], Trailer])
    schema: dict[str, Any] = {
        "$schema": DIALECT,
        "$id": "urn:grimoire:schema:log",
        "title": "a line of a grimoire log (any game)",
        "description": "Each game's schema checks its events and options; this one only "
                       "the envelope.",
        "oneOf": refs, "$defs": defs,
    }
    _rename_record(schema, schema["$defs"])
    schema["$defs"]["Header"]["properties"]["format"] = {"enum": list(FORMATS)}
    schema["$defs"]["Record"]["properties"]["event"].update(
        {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}},
         "additionalProperties": True})
    schema["$defs"]["Record"]["properties"]["seq"]["minimum"] = 0
    return _strict(schema, MAX_SEATS)  # type: ignore[no-any-return]


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
