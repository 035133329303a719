"""A game's options explained for people: each option's meaning in words (from the
``Options`` docstring's list, where every game documents them), its default and the
values it takes, and a header's options told as what differs from the defaults.

>>> from grimoire import registry
>>> about = options_of(registry.get("vicious-circle"))
>>> about["edition"].default, about["edition"].choices
('designer', ('designer', 'illustrated'))
>>> about["edition"].text[:48]
'"designer" (the player in the south-west, Twilig'

>>> changed(registry.get("vicious-circle"), {"edition": "illustrated", "rematch": "none"})
[('edition', 'illustrated')]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import msgspec

_ROLE = re.compile(r":\w+:`~?([^`]*)`")
_ITEM = re.compile(r"^\s*- ``(?P<names>[a-z0-9_`, ]+)``\s*:\s*(?P<text>.*)$")


class OptionHelp(msgspec.Struct, frozen=True):
    """One option: its ``name``, ``default`` (as JSON gives it), the ``choices`` it takes
    where they are few (else empty), and ``text``, its meaning in words."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    text: str


def _texts(doc: str) -> dict[str, str]:
    """The ``- ``name``: meaning`` items of a docstring, each with its continuation
    lines, in plain words (RST's literal marks dropped)."""
    out: dict[str, str] = {}
    names: list[str] = []
    lines: list[str] = []

    def close() -> None:
        text = _ROLE.sub(r"\1", " ".join(lines)).replace("``", "").strip()
        for name in names:
            out.setdefault(name, text)

    for line in doc.splitlines():
        hit = _ITEM.match(line)
        if hit is not None:
            close()
            names = [n.strip(" `") for n in hit.group("names").split(",") if n.strip(" `")]
            lines = [hit.group("text").strip()]
        elif names and line.strip() and not line.lstrip().startswith(">>>") \
                and line.startswith("      "):
            lines.append(line.strip())
        else:
            close()
            names, lines = [], []
    close()
    return out


def _choices(schema: Mapping[str, Any], field: Mapping[str, Any]) -> tuple[Any, ...]:
    """The values a field takes where the schema lists them (an enum, a bool)."""
    if "$ref" in field:
        field = schema.get("$defs", {}).get(field["$ref"].rsplit("/", 1)[-1], {})
    if "enum" in field:
        return tuple(field["enum"])
    if field.get("type") == "boolean":
        return (False, True)
    for alt in field.get("anyOf", ()):
        found = _choices(schema, alt)
        if found:
            return found
    return ()


def options_of(rules: Any) -> dict[str, OptionHelp]:
    """Every option of ``rules``'s game, in the order its ``Options`` declares them."""
    kind = rules.Options
    defaults = msgspec.to_builtins(kind())
    schema = msgspec.json.schema(kind)
    ref = schema.get("$ref", "").rsplit("/", 1)[-1]
    props = schema.get("$defs", {}).get(ref, schema).get("properties", {})
    texts = _texts(kind.__doc__ or "")
    out: dict[str, OptionHelp] = {}
    for field in msgspec.structs.fields(kind):
        name = field.encode_name
        out[name] = OptionHelp(name=name, default=defaults.get(name),
                               choices=_choices(schema, props.get(name, {})),
                               text=texts.get(field.name, texts.get(name, "")))
    return out


def changed(rules: Any, options: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The options of a header (or a request) whose values differ from the game's
    defaults, as (name, value), in the order the game declares them."""
    about = options_of(rules)
    plain = msgspec.json.decode(msgspec.json.encode(dict(options)))  # (1, 2) as [1, 2]
    return [(name, options[name]) for name in about
            if name in plain and plain[name] != msgspec.json.decode(
                msgspec.json.encode(about[name].default))]
