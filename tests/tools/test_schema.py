"""The exported JSON Schemas are generated from the code and must not drift from it."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import msgspec
import pytest

from games import SHIPPED
from grimoire.tools.schema import dumps, schemas

ROOT = Path(__file__).resolve().parents[2]
# The schemas this repository keeps under schemas/: the log's and each shipped game's (a
# game from elsewhere keeps its own: `grimoire schema GAME` prints it).
KEPT = ["log.schema.json", *(f"{game}.schema.json" for game in SHIPPED)]


@pytest.mark.parametrize("name", KEPT)
def test_schema_files_match_the_code(name: str) -> None:
    path = ROOT / "schemas" / name
    assert path.exists(), f"schemas/{name} is missing: write it with `make schemas`"
    assert path.read_text() == dumps(schemas()[name]), (
        f"schemas/{name} drifted from the code: write it again with `make schemas`")


def test_game_schema_names_every_event_tag() -> None:
    s = json.loads(dumps(schemas("vicious-circle")["vicious-circle.schema.json"]))
    text = json.dumps(s)
    for tag in ("setup", "move", "deploy", "pass", "reveal", "capture", "game-over"):
        assert f'"{tag}"' in text


# ---------------------------------------------------------------- validating real lines

GAMES = SHIPPED  # their schemas/ files, checked against their fixtures/ lines


@functools.cache
def validator(name: str):  # type: ignore[no-untyped-def]
    """A schema file's checked validator, built once per test process (immutable)."""
    from jsonschema import Draft202012Validator

    schema = json.loads((ROOT / "schemas" / name).read_text())
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


MOST = 12  # the most records of one event type a sample takes


@functools.cache
def _ranked(game: str) -> tuple[tuple[str, int, object], ...]:
    """The lines ``sample(game, MOST)`` takes, in order, each with its rank among the
    records of its event type (0 for a header or signature, which are all taken): the
    game's fixtures are read and decoded once for every sample of them (the tests only
    read the values: each negative is a new dict)."""
    out: list[tuple[str, int, object]] = []
    seen: dict[str, int] = {}
    for path in sorted((ROOT / "fixtures" / game).glob("*.jsonl")):
        for k, line in enumerate(path.read_bytes().splitlines()):
            kind = _KIND.decode(line).kind  # (a line not taken is not decoded whole)
            rank = seen.get(kind, 0) if kind else 0
            if rank >= MOST:
                continue
            seen[kind] = seen.get(kind, 0) + 1
            out.append((f"{path.name}:{k + 1}", rank, json.loads(line)))
    return tuple(out)


class _Type(msgspec.Struct):
    type: str = ""


class _Line(msgspec.Struct):
    """A line's event type alone (``""`` for a header or signature line), the rest of
    the line skipped unread."""

    event: _Type | None = None

    @property
    def kind(self) -> str:
        return "" if self.event is None else self.event.type


_KIND = msgspec.json.Decoder(_Line)


def sample(game: str, per_type: int = MOST) -> list[tuple[str, object]]:
    """Every fixture's header and signature, and up to ``per_type`` records of each event
    type over all the game's fixtures (every type the fixtures hold)."""
    assert per_type <= MOST
    return [(where, value) for where, rank, value in _ranked(game) if rank < per_type]


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
    bad += format_negatives(lines, header, record)
    if game in SQUARE_FIELD:  # the games whose events name squares as text
        kind, field = SQUARE_FIELD[game]
        move = next(v for v in lines if v.get("event", {}).get("type") == kind)
        bad.append(("square z9", dict(move, event=dict(move["event"], **{field: "z9"}))))
    return bad


SIGNATURE = {"key": "ab" * 32, "records": 5, "chain": "cd" * 16, "outcome": None,
             "sig": "ef" * 64}
TOO_BIG = 2**53  # one more than the largest count or sequence number


def format_negatives(lines: list[object], header: dict, record: dict  # type: ignore[type-arg]
                     ) -> list[tuple[str, object]]:
    """What every game's schema refuses of the format itself (issue 32, case 8): hex not
    lowercase at its length, counts and sequence numbers out of bounds, fields nobody
    reads, a first-format header not in that format's shape, a sig where none belongs."""
    keys = ["ab" * 32] * len(header["players"])
    by_type: dict[str, dict] = {}  # type: ignore[type-arg]
    for value in lines:
        if isinstance(value, dict) and "event" in value:
            by_type.setdefault(value["event"]["type"], value)
    consequence = next(v for t, v in by_type.items() if t in ("game-over", "shuffle", "roll"))
    bad: list[tuple[str, object]] = [
        ("a header key in upper case", dict(header, keys=["AB" * 32] * len(keys))),
        ("a header key of 63 digits", dict(header, keys=["a" * 63] * len(keys))),
        ("more keys than the game has seats", dict(header, keys=keys * 9)),
        ("a seed in upper case", dict(header, seed="0A" * 16)),
        ("a seed of an odd number of digits", dict(header, seed="0a" * 16 + "0")),
        ("a seed commitment of 63 digits", dict(header, seed_commitment="a" * 63)),
        ("a fork's seq of -1", dict(header, forked_from={"log": "a", "seq": -1,
                                                         "chain": None})),
        ("an upgrade's chain in upper case", dict(header, upgraded_from={
            "log": "a", "format": "grimoire/1", "rules": "1", "records": 3,
            "chain": "AB" * 16})),
        ("an upgrade's header hash in upper case", dict(header, upgraded_from={
            "log": "a", "format": "grimoire/1", "rules": "1", "records": 3,
            "chain": "ab" * 16, "header": "AB" * 16})),
        ("an upgrade's key without its sig", dict(header, upgraded_from={
            "log": "a", "format": "grimoire/1", "rules": "1", "records": 3,
            "chain": "ab" * 16, "key": "ab" * 32})),
        ("an upgrade's signature without its chain", dict(header, upgraded_from={
            "log": "a", "format": "grimoire/1", "rules": "1", "records": 3,
            "chain": None, "key": "ab" * 32, "sig": "ab" * 64})),
        ("a first-format header without meta", {k: v for k, v in dict(
            header, format="grimoire/1").items() if k != "meta"}),
        ("a first-format header with keys", dict(header, format="grimoire/1", keys=keys)),
        ("seq 2**64", dict(record, seq=2**64)),
        ("seq 2**53", dict(record, seq=TOO_BIG)),
        ("a record's sig in upper case", dict(record, sig="AB" * 64)),
        ("a sig on a chance or consequence record", dict(consequence, sig="ab" * 64)),
        ("a signature's records of -1", {"signature": dict(SIGNATURE, records=-1)}),
        ("a signature's records of 2**64", {"signature": dict(SIGNATURE, records=2**64)}),
        ("a signature's key in upper case", {"signature": dict(SIGNATURE, key="AB" * 32)}),
        ("a signature's sig of 127 digits", {"signature": dict(SIGNATURE, sig="a" * 127)}),
        ("a field inside the signature", {"signature": dict(SIGNATURE, signer="Official")}),
        ("a field beside the signature", {"signature": SIGNATURE, "signer": "Official"}),
        ("a signature without its outcome", {"signature": {
            k: v for k, v in SIGNATURE.items() if k != "outcome"}}),
    ]
    for kind, field, digits in (("commit", "digest", 64), ("open", "nonce", 32)):
        if kind in by_type:
            rec = by_type[kind]
            bad.append((f"a {field} in upper case", dict(rec, event=dict(
                rec["event"], **{field: "AB" * (digits // 2)}))))
            bad.append((f"a {field} one digit short", dict(rec, event=dict(
                rec["event"], **{field: "a" * (digits - 1)}))))
    chance = next((v for t, v in by_type.items() if t in ("roll", "shuffle")), None)
    if chance is not None:
        bad.append(("draws of 2**53", dict(chance, event=dict(chance["event"],
                                                              draws=TOO_BIG))))
    return bad


def test_the_signature_line_and_a_signed_record_validate() -> None:
    """The negatives above are refused for what they change: the same lines, right, are
    valid (the worked example's lines, signed, in the Vicious Circle schema)."""
    mine = validator("vicious-circle.schema.json")
    example = ROOT / "docs" / "examples" / "sealed-setup.jsonl"
    for k, line in enumerate(example.read_bytes().splitlines()):
        errors = [e.message for e in mine.iter_errors(json.loads(line))]
        assert not errors, f"line {k + 1}: {errors[:2]}"
    assert mine.is_valid({"signature": SIGNATURE})


@pytest.mark.parametrize("game", GAMES)
def test_each_object_lists_its_fields_in_order_and_each_event_its_kind(game: str) -> None:
    """What a canonical line needs and JSON Schema keywords do not say: each struct's
    fields in declared order (``x-order``, a tagged event's ``type`` first), which are
    always written (``required``), and each event's kind (``x-kind``) from the code."""
    from grimoire.core import registry
    from grimoire.core.events import Action, Chance

    schema = json.loads((ROOT / "schemas" / f"{game}.schema.json").read_text())
    defs = schema["$defs"]
    assert defs["Record"]["x-order"] == ["seq", "event", "chain", "sig"]
    assert defs["Signature"]["x-order"] == ["key", "records", "chain", "outcome", "sig"]
    assert defs["Signature"]["required"] == defs["Signature"]["x-order"]
    assert defs["Header"]["required"] == ["format", "game", "rules", "players"]
    rules = registry.get(game)
    for cls in rules.Event.__args__:
        node = defs[cls.__name__]
        tag = cls.__struct_config__.tag
        assert node["x-order"] == ["type", *cls.__struct_encode_fields__], tag
        kind = "action" if issubclass(cls, Action) else "chance" if issubclass(
            cls, Chance) else "consequence"
        assert node["x-kind"] == kind, tag


# The games whose events name squares as text, and where (their own events, written out).
SQUARE_FIELD = {"vicious-circle": ("move", "from"), "swords-wizardry": ("move", "from"),
                "magery": ("move", "from")}


@pytest.mark.parametrize("game", GAMES)
def test_invalid_lines_are_rejected(game: str) -> None:
    mine = validator(f"{game}.schema.json")
    for what, value in corpus(game):
        assert not mine.is_valid(value), f"{game}: {what} was accepted"


ENVELOPE_CANNOT_KNOW = ("a sig on a chance", "digest", "nonce", "draws",
                        "more keys than the game has seats")


@pytest.mark.parametrize("game", GAMES)
def test_the_envelope_schema_refuses_the_format_s_own_negatives(game: str) -> None:
    """``log.schema.json`` knows no game's events (so not which are actions, nor a
    commitment's fields, nor the game's seats), but every other rule of the format."""
    envelope = validator("log.schema.json")
    lines = [v for _, v in sample(game, per_type=3)]
    header = next(v for v in lines if "game" in v)
    record = next(v for v in lines if "event" in v and "player" in v["event"])
    negatives = [(what, value) for what, value in format_negatives(lines, header, record)
                 if not any(word in what for word in ENVELOPE_CANNOT_KNOW)]
    assert len(negatives) >= 15
    for what, value in negatives:
        assert not envelope.is_valid(value), f"{game}: {what} was accepted"
