"""An independent verifier of grimoire logs, written from ``docs/log-format.md`` alone.

It imports nothing of grimoire (a test holds it to that): only the standard library,
``cryptography`` for Ed25519, and the JSON Schemas the page points to
(``schemas/<game>.schema.json``) for each object's field order (``x-order``), the fields
always written (``required``), the others' ``default`` and each event's ``x-kind``.
What it checks is the page's "Checking a log, step by step" without the steps marked
*(rules)*: the lines and their canonical form, the header, seq and the chain, the act
signatures, the signature line, an upgrade's carried signature, and the sealed choices.
It leaves out two reading checks the page lists that prove nothing about who did what
(seats within the log's players, decisions of at most 1,000 events), and a header's
field types: there ``validate``'s codes are not among :data:`REASONS`.
``tests/test_independent_verifier.py`` holds it against ``grimoire validate``.

>>> canonical_float(1e16), canonical_float(0.00001), canonical_float(1.5e-7)
('1e16', '0.00001', '1.5e-7')
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

FORMATS = ("grimoire/1", "grimoire/2")
FORMAT1_HEADER = ("format", "game", "rules", "options", "players", "dice",
                  "seed_commitment", "seed", "meta", "position", "forked_from")
"""The page: "the header holds exactly format, game, rules, options, … all present"."""
MAX_COUNT = 2**53 - 1
MAX_DEPTH = 32
MAX_DECISION = 1000
CREATURES = ("saint", "spirit", "child", "warrior", "dragon")
"""Vicious Circle's choice lists the pairs "in the creatures' order"."""

OTHER = "other"
"""A verdict this verifier gives without naming the code: a line it cannot read as the
page's shapes (what ``validate`` calls ``log/bad-header``, ``log/bad-record``…)."""

REASONS = frozenset({
    "log/not-a-log", "log/bad-json", "log/duplicate-key", "log/too-deep",
    "log/unknown-format", "log/unknown-game", "log/rules-version", "log/bad-seed",
    "log/unknown-field", "log/not-canonical", "sign/bad-key", "log/bad-hex",
    "sign/upgraded-from", "log/after-signature", "log/torn-line", "log/bad-signature",
    "log/seq", "log/chain-missing", "log/chain", "sign/act-unexpected",
    "sign/act-missing", "sign/act", "commit/bad-digest", "commit/bad-nonce",
    "commit/mismatch", "sign/records", "sign/chain", "sign/outcome", "sign/bad",
    "sign/unsigned", "sign/untrusted",
})
"""Every code this verifier names: where ``validate`` names one of these, the two must
agree exactly (code and line)."""


class Refused(Exception):
    def __init__(self, reason: str, line: int | None, detail: str = "") -> None:
        super().__init__(f"line {line}: {reason}: {detail}")
        self.reason, self.line, self.detail = reason, line, detail


@dataclass
class Verdict:
    """What the verifier found: ``reason`` and ``line`` of the first problem (``None``
    for none), and, for a log it passed, its facts."""

    reason: str | None = None
    line: int | None = None
    detail: str = ""
    records: int = 0
    chained: bool = False
    signed_by: str = ""
    outcome: Any = None
    outcome_known: bool = True


# ---------------------------------------------------------------- hashing and signing


def b2(data: bytes, size: int) -> bytes:
    return hashlib.blake2b(data, digest_size=size).digest()


def ed25519_ok(public: str, message: bytes, signature: str) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public)).verify(
            bytes.fromhex(signature), message)
    except (InvalidSignature, ValueError):
        return False
    return True


def is_hex(value: Any, digits: int | None = None) -> bool:
    """Lowercase, two digits a byte, ``digits`` long (the page's one way to write hex)."""
    return isinstance(value, str) and (digits is None or len(value) == digits) and \
        re.fullmatch(r"(?:[0-9a-f]{2})*", value) is not None


def is_count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


# ---------------------------------------------------------------- JSON, canonical


class _Duplicate(Exception):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


_JSON = json.JSONDecoder(object_pairs_hook=_pairs)  # json.loads(text, object_pairs_hook=_pairs)


def parse(line: bytes, number: int) -> Any:
    """The JSON value of a line: UTF-8, no key twice in one object."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("log/bad-json", number, "not UTF-8") from None
    try:
        return _JSON.decode(text)
    except _Duplicate as exc:
        raise Refused("log/duplicate-key", number, str(exc)) from None
    except (ValueError, RecursionError) as exc:
        raise Refused("log/bad-json", number, str(exc)) from None


def depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


def canonical_float(x: float) -> str:
    """The page: the shortest round-trip digits D and exponent x, fixed notation when
    -5 <= x < 16 (a digit after the point), else D[0].D[1:]e<x>."""
    if x != x or x in (float("inf"), float("-inf")):
        raise ValueError("not JSON")
    sign = "-" if str(x).startswith("-") else ""
    mantissa = repr(abs(x))  # Python's repr gives the shortest round-trip digits
    if "e" in mantissa:
        body, exp = mantissa.split("e")
        shortest = body.replace(".", "")
        point = int(exp) + 1
    else:
        whole, _, frac = mantissa.partition(".")
        shortest = (whole + frac).lstrip("0")
        lead = len(whole + frac) - len((whole + frac).lstrip("0"))
        point = len(whole) - lead
    shortest = shortest.rstrip("0") or "0"
    if shortest == "0":
        return sign + "0.0"
    x10 = point - 1
    if -5 <= x10 < 16:
        if point <= 0:
            text = "0." + "0" * -point + shortest
        elif point >= len(shortest):
            text = shortest + "0" * (point - len(shortest)) + ".0"
        else:
            text = shortest[:point] + "." + shortest[point:]
    else:
        text = shortest[0] + ("." + shortest[1:] if len(shortest) > 1 else "") + f"e{x10}"
    return sign + text


def _has_float(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    return False


_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
"""``json.dumps(value, separators=(",", ":"), ensure_ascii=False)``, its encoder made once."""


def dumps(value: Any) -> str:
    """The canonical text of a JSON value, its objects' members in the order they hold."""
    if not _has_float(value):
        return _COMPACT.encode(value)
    if isinstance(value, float):
        return canonical_float(value)
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + dumps(v)
                              for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def same(a: Any, b: Any) -> bool:
    """JSON equality (``1`` is not ``true``, ``0`` not ``0.0``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


# ---------------------------------------------------------------- the schemas


class Schema:
    """What the page sends a verifier to the game's schema for: each object's fields in
    order, those always written, the others' defaults, each event's kind."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.defs: dict[str, Any] = document["$defs"]
        event = self.defs["Record"]["properties"]["event"]
        self.events: dict[str, str] = {
            tag: ref.rsplit("/", 1)[1] for tag, ref in event["discriminator"]["mapping"].items()}
        header = self.defs["Header"]["properties"]
        self.rules: list[str] = header["rules"]["enum"]

    def kind(self, tag: str) -> str:
        return str(self.defs[self.events[tag]]["x-kind"])

    def struct(self, node: Any, value: Any) -> str | None:
        """The definition (by name) that ``node`` gives ``value``, if a struct's."""
        if not isinstance(node, dict) or not isinstance(value, dict):
            return None
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[1]
            return name if "x-order" in self.defs.get(name, {}) else None
        if "discriminator" in node:
            ref = node["discriminator"]["mapping"].get(value.get("type"))
            return ref.rsplit("/", 1)[1] if isinstance(ref, str) else None
        for branch in node.get("anyOf", ()):
            name = self.struct(branch, value)
            if name is not None:
                return name
        return None

    def check(self, name: str, value: dict[str, Any], line: int, path: str, *,
              format1: bool = False, omit: bool = True) -> None:
        """Unknown fields first (``log/unknown-field``), then the canonical form
        (``log/not-canonical``), of the struct ``value`` and the structs inside it."""
        node = self.defs[name]
        order: list[str] = node["x-order"]
        props: dict[str, Any] = node["properties"]
        for key in value:
            if key not in props:
                raise Refused("log/unknown-field", line, f"{path}{key}")
        for key, item in value.items():
            self._inside(props[key], item, line, f"{path}{key}.", format1)
        required = node.get("required", [])
        keys = list(value)
        if [k for k in order if k in value] != keys:
            raise Refused("log/not-canonical", line, f"{path}: fields out of order")
        omits = omit and not (format1 and not node.get("x-format1-omits-defaults", False)
                              and "x-kind" in node)
        for key in order:
            if key not in props:
                continue
            if key in required:
                if key not in value:
                    raise Refused(OTHER, line, f"{path}{key} missing")
                continue
            default = props[key].get("default")
            if key not in value:
                if not omits:
                    raise Refused("log/not-canonical", line, f"{path}{key} left out")
            elif omits and same(value[key], default):
                raise Refused("log/not-canonical", line, f"{path}{key} holds its default")

    def _inside(self, node: Any, value: Any, line: int, path: str, format1: bool) -> None:
        name = self.struct(node, value)
        if name is not None:
            self.check(name, value, line, path, format1=format1)
            return
        if isinstance(value, list) and isinstance(node, dict):
            for branch in [node, *node.get("anyOf", ())]:
                items = branch.get("items")
                if isinstance(items, dict):
                    for k, item in enumerate(value):
                        self._inside(items, item, line, f"{path}{k}.", format1)
                    return


def load_schema(folder: Path, game: str) -> Schema | None:
    path = folder / f"{game}.schema.json"
    if not path.exists():
        return None
    text = path.read_text()
    if text not in _SCHEMAS:  # (a schema is only read: one file's is made once)
        _SCHEMAS[text] = Schema(json.loads(text))
    return _SCHEMAS[text]


_SCHEMAS: dict[str, Schema] = {}


# ---------------------------------------------------------------- the verifier


@dataclass
class _Seal:
    line: int
    value: dict[str, Any]


@dataclass
class _State:
    schema: Schema
    header: dict[str, Any]
    format1: bool
    chain: bytes
    count: int = 0
    chained: bool | None = None
    keys: list[str] | None = None
    commits: dict[Any, str] = field(default_factory=dict)
    outcome: Any = None
    seal: _Seal | None = None


def verify(data: bytes, schemas: Path, trust: Iterable[str] = ()) -> Verdict:
    """The verdict on the log ``data`` (its bytes), with the game's schema from the
    folder ``schemas``; ``trust``: public keys one of which must have signed it."""
    try:
        return _verify(data, schemas, [k.lower() for k in trust])
    except Refused as exc:
        return Verdict(exc.reason, exc.line, exc.detail)


def _lines(data: bytes) -> list[tuple[int, bytes, bool]]:
    """(number, text without its LF or CR, whole?) of every line (the page's "Lines")."""
    parts = data.split(b"\n")
    last_whole = parts[-1] == b""
    if last_whole:
        parts.pop()
    out = []
    for k, part in enumerate(parts):
        whole = last_whole or k < len(parts) - 1
        out.append((k + 1, part, whole))
    return out


def _verify(data: bytes, schemas: Path, trust: list[str]) -> Verdict:
    lines = _lines(data)
    if not lines:
        raise Refused(OTHER, 1, "no header")
    state = _header(lines[0], schemas)
    for number, raw, whole in lines[1:]:
        if not raw or raw.isspace():
            continue
        if state.seal is not None:
            raise Refused("log/after-signature", number)
        _line(state, number, raw[:-1] if raw.endswith(b"\r") else raw, whole)
    return _end(state, trust)


def _header(first: tuple[int, bytes, bool], schemas: Path) -> _State:
    _, raw, whole = first
    text = raw[:-1] if raw.endswith(b"\r") else raw
    try:
        header = parse(text, 1)
    except Refused as exc:
        if not whole:
            raise Refused("log/torn-line", 1) from None
        if exc.reason == "log/bad-json" and not text.lstrip().startswith(b"{"):
            raise Refused("log/not-a-log", 1) from None
        raise
    if not isinstance(header, dict) or "format" not in header:
        raise Refused("log/not-a-log", 1)
    if depth(header) > MAX_DEPTH:
        raise Refused("log/too-deep", 1)
    fmt = header["format"]
    if fmt not in FORMATS:
        raise Refused("log/unknown-format", 1, str(fmt))
    seeds = [header.get("seed"), header.get("seed_commitment")]
    if header.get("dice") == "recorded" and any(s is not None for s in seeds):
        raise Refused("log/bad-seed", 1, "recorded dice with a seed")
    for seed in seeds:
        if seed is not None and not (isinstance(seed, str) and len(seed) % 2 == 0 and
                                     re.fullmatch("[0-9a-fA-F]*", seed)):
            raise Refused("log/bad-seed", 1, "not hex")
    schema = load_schema(schemas, str(header.get("game")))
    if schema is None:
        raise Refused("log/unknown-game", 1)
    if header.get("rules") not in schema.rules:
        raise Refused("log/rules-version", 1)
    format1 = fmt == "grimoire/1"
    # step 2: strictly
    names = schema.defs["Header"]["x-order"]
    for key in header:
        if key not in names:
            raise Refused("log/unknown-field", 1, key)
    for key, name in (("forked_from", "Fork"), ("upgraded_from", "Upgrade")):
        if isinstance(header.get(key), dict):
            schema.check(name, header[key], 1, f"{key}.")
    expected = _header_text(header, schema, format1)
    if expected is None or expected != text.decode("utf-8"):
        raise Refused("log/not-canonical", 1)
    if header.get("seed") is not None and not is_hex(header["seed"]):
        raise Refused("log/bad-seed", 1)
    if header.get("seed_commitment") is not None and not is_hex(header["seed_commitment"], 64):
        raise Refused("log/bad-seed", 1)
    keys = header.get("keys")
    if keys is not None:
        if len(keys) != len(header["players"]):
            raise Refused("sign/bad-key", 1)
        for key in keys:
            if not is_hex(key, 64):
                raise Refused("log/bad-hex", 1, "keys")
    fork, origin = header.get("forked_from") or {}, header.get("upgraded_from") or {}
    for value, digits in ((fork.get("chain"), 32), (origin.get("chain"), 32),
                          (origin.get("header"), 32), (origin.get("key"), 64),
                          (origin.get("sig"), 128)):
        if value is not None and not is_hex(value, digits):
            raise Refused("log/bad-hex", 1)
    if origin and (("key" in origin) != ("sig" in origin) or (
            "sig" in origin and origin.get("chain") is None)):
        raise Refused("sign/upgraded-from", 1)
    # the chain's start: the header without seed (grimoire/1: seed null)
    start = dict(header, seed=None) if format1 else {
        k: v for k, v in header.items() if k != "seed"}
    return _State(schema=schema, header=header, format1=format1,
                  chain=b2(dumps(start).encode(), 16), keys=keys)


def _header_text(header: dict[str, Any], schema: Schema, format1: bool) -> str | None:
    node = schema.defs["Header"]
    if format1:
        if any(k not in FORMAT1_HEADER for k in header):
            return None
        full = {k: header.get(k, node["properties"][k].get("default")) for k in FORMAT1_HEADER}
        if list(header) != list(FORMAT1_HEADER):
            return None
        return dumps(full)
    always = node["required"]
    out = {}
    for key in node["x-order"]:
        if key not in header:
            continue
        default = node["properties"][key].get("default")
        if key not in always and same(header[key], default):
            return None  # a defaulted field written out
        out[key] = header[key]
    if list(out) != list(header):
        return None
    return dumps(out)


def _line(state: _State, number: int, text: bytes, whole: bool) -> None:
    try:
        value = parse(text, number)
    except Refused:
        if not whole:
            raise Refused("log/torn-line", number) from None
        raise
    if isinstance(value, dict) and value and next(iter(value)) == "signature":
        _signature_line(state, number, value, text)
        return
    _record(state, number, value, text)


def _record(state: _State, number: int, rec: Any, text: bytes) -> None:
    schema = state.schema
    if not isinstance(rec, dict) or not isinstance(rec.get("event"), dict) \
            or type(rec.get("seq")) is not int:
        raise Refused(OTHER, number, "not a record")
    event = rec["event"]
    name = schema.events.get(event.get("type"))
    if name is None:
        raise Refused(OTHER, number, "no such event")
    envelope = ("seq", "event", "chain") if state.format1 else ("seq", "event", "chain", "sig")
    for key in rec:
        if key not in ("seq", "event", "chain", "sig"):
            raise Refused("log/unknown-field", number, key)
    schema.check(name, event, number, "event.", format1=state.format1)
    if [k for k in envelope if k in rec] != list(rec) or any(
            rec.get(k, "") is None for k in ("chain", "sig")):
        raise Refused("log/not-canonical", number, "the record's fields")
    if dumps(rec) != text.decode("utf-8"):
        raise Refused("log/not-canonical", number, "its text")
    seq = rec["seq"]
    if seq != state.count:
        raise Refused("log/seq", number, f"expected {state.count}")
    has = "chain" in rec
    if state.chained is None:
        state.chained = has
    elif has != state.chained:
        raise Refused("log/chain-missing", number)
    # the event's text as written: what the chain hashes
    head = f'{{"seq":{seq},"event":'.encode()
    tail = "".join(f',"{k}":' + json.dumps(rec[k]) for k in ("chain", "sig") if k in rec)
    written = text[len(head):len(text) - len(tail) - 1]
    state.chain = b2(state.chain + written, 16)
    state.count += 1
    if has and rec["chain"] != state.chain.hex():
        raise Refused("log/bad-hex" if not is_hex(rec["chain"], 32) else "log/chain", number)
    kind = schema.kind(event["type"])
    if "sig" in rec and (state.keys is None or kind != "action"):
        raise Refused("sign/act-unexpected", number)
    if kind == "action" and state.keys is not None:
        if "sig" not in rec or not has:
            raise Refused("sign/act-missing", number)
        if not is_hex(rec["sig"], 128):
            raise Refused("log/bad-hex", number, "sig")
        seat = event.get("player")
        key = state.keys[seat] if isinstance(seat, int) and 0 <= seat < len(state.keys) \
            else None
        if key is None or not ed25519_ok(key, b"grimoire/act\x00" + state.chain, rec["sig"]):
            raise Refused("sign/act", number)
    if event["type"] == "game-over":
        state.outcome = {"winners": event.get("winners"), "reason": event.get("reason")}
    _sealed_choice(state, number, event)


def _choice(game: str, event: dict[str, Any]) -> Any:
    """The choice an opening opens, as the page's table gives it for each game."""
    if game == "vicious-circle":
        pairs = event.get("placement") or []
        return sorted(pairs, key=lambda p: (CREATURES.index(p[0]) if p[0] in CREATURES
                                            else len(CREATURES), p[0], p[1]))
    if game == "wizard-armies":
        return ["deploy", event.get("player"), event.get("units")]
    if game == "swords-wizardry":
        return [event.get("piece"), event.get("square")]
    return None


def _pairing(game: str, event: dict[str, Any]) -> Any:
    """Which commitment an opening opens: the seat's latest, or (Swords & Wizardry) the
    seat's of the same square."""
    if game == "swords-wizardry":
        return (event.get("player"), event.get("square"))
    return event.get("player")


def _sealed_choice(state: _State, number: int, event: dict[str, Any]) -> None:
    kind = event["type"]
    game = state.header["game"]
    if kind == "commit" and game in ("vicious-circle", "wizard-armies", "swords-wizardry"):
        if not is_hex(event.get("digest"), 64):
            raise Refused("commit/bad-digest", number)
        state.commits[_pairing(game, event)] = event["digest"]
    elif kind == "open" and game in ("vicious-circle", "wizard-armies", "swords-wizardry"):
        sealed = state.commits.get(_pairing(game, event))
        if sealed is None:
            return  # nothing to open: the rules refuse it (their code)
        if not is_hex(event.get("nonce"), 32):
            raise Refused("commit/bad-nonce", number)
        choice = dumps(_choice(game, event)).encode()
        digest = b2(b"grimoire/choice\x00" + bytes.fromhex(event["nonce"]) + choice, 32)
        if digest.hex() != sealed:
            raise Refused("commit/mismatch", number)


SIGNATURE_FIELDS = ("key", "records", "chain", "outcome", "sig")


def _signature_line(state: _State, number: int, value: dict[str, Any], text: bytes) -> None:
    seal = value.get("signature")
    if not isinstance(seal, dict) or not isinstance(seal.get("key"), str) \
            or not is_count(seal.get("records")) or not isinstance(seal.get("chain"), str) \
            or not isinstance(seal.get("sig"), str) \
            or not isinstance(seal.get("outcome"), dict | None):
        raise Refused("log/bad-signature", number)
    for key in value:
        if key != "signature":
            raise Refused("log/unknown-field", number, key)
    for key in seal:
        if key not in SIGNATURE_FIELDS:
            raise Refused("log/unknown-field", number, f"signature.{key}")
    if list(seal) != list(SIGNATURE_FIELDS) or dumps(value) != text.decode("utf-8"):
        raise Refused("log/not-canonical", number)
    for key, digits in (("key", 64), ("chain", 32), ("sig", 128)):
        if not is_hex(seal[key], digits):
            raise Refused("log/bad-hex", number, key)
    state.seal = _Seal(number, seal)


def _outcome(state: _State) -> tuple[Any, bool]:
    """The outcome the page derives: the game-over's, or null; unknown for a log that
    starts from a position and has no game-over."""
    if state.outcome is None and state.header.get("position") is not None:
        return None, False
    return state.outcome, True


def _end(state: _State, trust: list[str]) -> Verdict:
    outcome, known = _outcome(state)
    seal = state.seal
    signed_by = ""
    if seal is None:
        if trust:
            raise Refused("sign/unsigned", None)
    else:
        line, value = seal.line, seal.value
        if value["records"] != state.count:
            raise Refused("sign/records", line)
        if value["chain"] != state.chain.hex():
            raise Refused("sign/chain", line)
        if known and not same(value["outcome"], outcome):
            raise Refused("sign/outcome", line)
        message = (b"grimoire/seal\x00" + value["records"].to_bytes(8, "big") + state.chain
                   + dumps(value["outcome"]).encode())
        if not ed25519_ok(value["key"], message, value["sig"]):
            raise Refused("sign/bad", line)
        if trust and value["key"] not in trust:
            raise Refused("sign/untrusted", line)
        signed_by = value["key"]
        if not known:
            outcome, known = value["outcome"], True
    origin = state.header.get("upgraded_from") or {}
    if "sig" in origin and known:
        message = (b"grimoire/seal\x00" + origin["records"].to_bytes(8, "big")
                   + bytes.fromhex(origin["chain"]) + dumps(outcome).encode())
        if not ed25519_ok(origin["key"], message, origin["sig"]):
            raise Refused("sign/upgraded-from", 1)
    return Verdict(records=state.count, chained=bool(state.chained) and state.count > 0,
                   signed_by=signed_by, outcome=outcome, outcome_known=known)
