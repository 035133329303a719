"""``grimoire schema``: standalone JSON Schemas (draft 2020-12) that validate every line of
a log as it is: one per game (its header, its records with their tagged events, the
signature line) and one for the envelope of any game's log. The files in ``schemas/`` are
generated from these (``make schemas``), a test fails when they drift from the code, and
another checks every fixture against them with a real validator.

Besides what a validator checks, each object's definition carries what an independent
implementation needs to write or check a line's canonical form (``docs/log-format.md``):

- ``x-order``: its fields in their declared order (a tagged event's tag first), the order
  a canonical line writes them in; ``required`` lists the fields always written, and
  every other field is written only when it does not hold its ``default``;
- ``x-kind`` (events): ``action`` (a seat's choice: the only records that carry ``sig``,
  in a log with ``keys``), ``chance`` or ``consequence``;
- ``x-format1-omits-defaults`` (events): ``true`` for the few events that already left
  their defaulted fields out in the first format, ``grimoire/1``, which wrote every
  field of every other event.

>>> sorted(schemas())[:2]
['log.schema.json', 'magery.schema.json']
>>> schemas("vicious-circle")["vicious-circle.schema.json"]["$defs"]["Move"]["x-order"]
['type', 'player', 'from', 'to']
"""

from __future__ import annotations

import json
import os
import typing
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi

from grimoire.core import registry
from grimoire.core.events import (
    FORMATS,
    HEADER_ALWAYS,
    LEGACY,
    LEGACY_HEADER,
    MAX_COUNT,
    MAX_SEATS,
    Action,
    Chance,
    Event,
    Header,
    Record,
    omits_defaults_in_legacy,
)
from grimoire.core.rules import AnyRules
from grimoire.core.signing import Trailer

DIALECT = "https://json-schema.org/draft/2020-12/schema"
HEX = {"chain": 32, "sig": 128, "key": 64, "keys": 64, "header": 32, "seed": None,
       "seed_commitment": 64, "digest": 64, "nonce": 32}
"""Every hex field of the format, by name, and its digits (``None``: any whole bytes)."""
COUNTS = ("seq", "records", "draws")
"""Every count and sequence number of the format, by name: 0 to ``MAX_COUNT``."""


def _hex_pattern(digits: int | None) -> str:
    return f"^[0-9a-f]{{{digits}}}$" if digits else "^(?:[0-9a-f]{2})*$"


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


def _structs(types: list[Any]) -> dict[str, type]:
    """Every struct class reachable from ``types``, by the name its definition has."""
    found: dict[str, type] = {}

    def walk(info: Any) -> None:
        if isinstance(info, mi.StructType):
            cls = typing.get_origin(info.cls) or info.cls  # Record[...] is a Record
            if cls.__name__ in found:
                return
            found[cls.__name__] = cls
            for f in info.fields:
                walk(f.type)
            return
        for attr in ("type", "item_type", "key_type", "value_type"):
            if hasattr(info, attr):
                walk(getattr(info, attr))
        for attr in ("types", "item_types"):
            for sub in getattr(info, attr, ()):
                walk(sub)

    for info in mi.multi_type_info(types):
        walk(info)
    return found


def _kind(cls: type) -> str:
    return "action" if issubclass(cls, Action) else "chance" if issubclass(
        cls, Chance) else "consequence"


def _annotate(defs: dict[str, Any], classes: dict[str, type]) -> None:
    """Give each struct's definition its fields' declared order, the fields it always
    writes (``required``) and, for events, their kind and first-format form."""
    for name, cls in classes.items():
        node = defs.get(name)
        if node is None or "properties" not in node or name == "Options":
            continue
        config = cls.__struct_config__  # type: ignore[attr-defined]
        order = list(cls.__struct_encode_fields__)  # type: ignore[attr-defined]
        if config.tag is not None and config.tag_field is not None:
            order.insert(0, config.tag_field)
        node["x-order"] = order
        if name == "Header":
            node["required"] = list(HEADER_ALWAYS)
        elif not config.omit_defaults:  # every field written, defaulted ones included
            node["required"] = [f for f in order if f in node["properties"]]
            for prop in node["properties"].values():
                prop.pop("default", None)
        if issubclass(cls, Event):
            node["x-kind"] = _kind(cls)
            if omits_defaults_in_legacy(cls):
                node["x-format1-omits-defaults"] = True


def _format1(header: dict[str, Any]) -> None:
    """A ``grimoire/1`` header writes exactly the first format's fields, all of them."""
    header["if"] = {"properties": {"format": {"const": LEGACY}}, "required": ["format"]}
    header["then"] = {"required": list(LEGACY_HEADER),
                      "properties": {"keys": False, "upgraded_from": False}}


def _signed_origin(defs: dict[str, Any]) -> None:
    """An upgrade names a signed original's key and signature together, with its chain."""
    upgrade = defs["Upgrade"]
    upgrade["dependentRequired"] = {"key": ["sig"], "sig": ["key"]}
    upgrade["if"] = {"required": ["sig"]}
    upgrade["then"] = {"properties": {"chain": {"type": "string"}}}


def _no_sig_unless_action(record: dict[str, Any], defs: dict[str, Any]) -> None:
    """A record whose event is no action carries no ``sig``."""
    others = sorted(d["properties"]["type"]["enum"][0] for d in defs.values()
                    if d.get("x-kind") in ("chance", "consequence"))
    if others:
        record["if"] = {"properties": {"event": {"properties": {"type": {"enum": others}},
                                                 "required": ["type"]}},
                        "required": ["event"]}
        record["then"] = {"properties": {"sig": False}}


def _strict(node: Any, seats: int) -> Any:
    """Tighten msgspec's schema as the audit reads: objects admit no other property (the
    audit refuses unknown fields), seats are bounded by the game's most seats, hex fields
    are lowercase patterns of their length, counts and sequence numbers are bounded."""
    if isinstance(node, dict):
        out = {k: _strict(v, seats) for k, v in node.items()}
        if out.get("type") == "object" and "properties" in out:
            out.setdefault("additionalProperties", False)
            for name, prop in out["properties"].items():
                if not isinstance(prop, dict):
                    continue
                for branch in prop.get("anyOf", [prop]):
                    if name in HEX and branch.get("type") == "string":
                        branch["pattern"] = _hex_pattern(HEX[name])
                    elif name in HEX and branch.get("type") == "array":
                        branch["items"] = {"type": "string",
                                           "pattern": _hex_pattern(HEX[name])}
                    elif name in COUNTS and branch.get("type") == "integer":
                        branch.update({"minimum": 0, "maximum": MAX_COUNT})
        if str(out.get("description", "")).startswith("A seat:") and "exclusiveMaximum" in out:
            out["exclusiveMaximum"] = seats
        return out
    if isinstance(node, list):
        return [_strict(v, seats) for v in node]
    return node


def _keys(header: dict[str, Any], fewest: int, most: int) -> None:
    for branch in header["properties"]["keys"]["anyOf"]:
        if branch.get("type") == "array":
            branch.update({"minItems": fewest, "maxItems": most})


def game_schema(rules: AnyRules) -> dict[str, Any]:
    """One standalone document that validates every line of a log of ``rules``: the
    header (this game, a ruleset it reads, its options), a record (its tagged event
    union), or the signature line, each exactly (no property the audit would refuse)."""
    types = [Header, Record[rules.Event], Trailer, rules.Options]  # type: ignore[name-defined]
    refs, defs = msgspec.json.schema_components(types)
    schema: dict[str, Any] = {
        "$schema": DIALECT,
        "$id": f"urn:grimoire:schema:{rules.name}:rules-{rules.version}",
        "title": f"a line of a {rules.name} log (rules {rules.version})",
        "description": "Line 1 is the header, each further line a record, and a signed log's "
                       "last line its signature (docs/log-format.md). Each object's x-order "
                       "lists its fields in the order a canonical line writes them.",
        "oneOf": refs[:3],
        "$defs": defs,
    }
    _rename_record(schema, schema["$defs"])
    defs = schema["$defs"]
    _annotate(defs, _structs(types))
    header = defs["Header"]
    props = header["properties"]
    props["format"] = {"enum": list(FORMATS)}
    props["game"] = {"const": rules.name}
    props["rules"] = {"enum": [*getattr(rules, "older", {}), rules.version]}
    props["options"] = refs[3]
    props["players"].update({"minItems": min(rules.seats), "maxItems": max(rules.seats)})
    _keys(header, min(rules.seats), max(rules.seats))
    _format1(header)
    _signed_origin(defs)
    _no_sig_unless_action(defs["Record"], defs)
    return _strict(schema, max(rules.seats))  # type: ignore[no-any-return]


def log_schema() -> dict[str, Any]:
    """Any game's line, loosely: the header, a record (its event an object with a
    ``type``), or the signature line."""
    types = [Header, Record[dict[str, Any]], Trailer]
    refs, defs = msgspec.json.schema_components(types)
    schema: dict[str, Any] = {
        "$schema": DIALECT,
        "$id": "urn:grimoire:schema:log",
        "title": "a line of a grimoire log (any game)",
        "description": "Each game's schema checks its events and options; this one only "
                       "the envelope.",
        "oneOf": refs, "$defs": defs,
    }
    _rename_record(schema, schema["$defs"])
    defs = schema["$defs"]
    _annotate(defs, _structs(types))
    defs["Header"]["properties"]["format"] = {"enum": list(FORMATS)}
    _keys(defs["Header"], 1, MAX_SEATS)
    _format1(defs["Header"])
    _signed_origin(defs)
    defs["Record"]["properties"]["event"].update(
        {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}},
         "additionalProperties": True})
    return _strict(schema, MAX_SEATS)  # type: ignore[no-any-return]


def schemas(game: str | None = None) -> dict[str, dict[str, Any]]:
    """File name -> schema: the log envelope plus one per game (or just ``game``)."""
    out = {"log.schema.json": log_schema()}
    for rules in [registry.get(game)] if game else registry.all_rules():
        out[f"{rules.name}.schema.json"] = game_schema(rules)
    return out


def dumps(schema: dict[str, Any]) -> str:
    """A schema as its file holds it (keys sorted; ``x-order`` keeps the fields' order).

    >>> dumps({"b": 1, "a": [2, 1]})
    '{\\n  "a": [\\n    2,\\n    1\\n  ],\\n  "b": 1\\n}\\n'
    """
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
