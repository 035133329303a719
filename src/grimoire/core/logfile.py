"""Reading and writing match logs: JSON Lines (and msgpack frames), streamed.

A log is a header followed by records. Reading is streamed in fixed-size chunks, so a
log of any length is read in bounded memory; each line is bounded in length; decoding
is plain msgspec (nothing is executed). Every problem is a :class:`LogError` naming the
1-based line (for msgpack: the frame number, header = 1).

The msgpack encoding holds the same header and records; each is one msgpack ``bin 32``
object wrapping the msgpack bytes of the record, so the file is a standard stream of
msgpack objects and frames can be skipped without decoding them.

>>> import io, tempfile, pathlib
>>> from grimoire.core.events import Header
>>> from grimoire.games.vicious_circle import RULES
>>> path = pathlib.Path(tempfile.mkdtemp()) / "m.jsonl"
>>> h = Header(game="vicious-circle", rules=RULES.version, players=("Dawn", "Twilight"),
...            dice="recorded")
>>> write_log(path, h, [])
>>> read_log(path).header.game
'vicious-circle'
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import re
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, cast

import msgspec

from grimoire.core import registry
from grimoire.core.errors import GrimoireError, LogError, UsageError
from grimoire.core.events import (
    CHAIN_HASH,
    FORMATS,
    LEGACY,
    Action,
    Event,
    Header,
    Record,
    canonical_for,
    chain_next,
    header_bytes,
    header_hash,
    is_hex,
    legacy_canonical,
    seat_fields,
)
from grimoire.core.rules import AnyRules
from grimoire.core.signing import Signature, Trailer

Encoding = Literal["json", "msgpack"]

MAX_LINE = 1 << 20
"""Longest accepted line (bytes). A record is a few hundred bytes; 1 MiB is generous."""
MAX_RECORDS = 100_000_000
"""Most records accepted in one log."""
CHUNK = 1 << 16
"""Bytes read at a time. Small enough that reading a short log costs no large buffer
(a 1 MiB read of a 6 KiB file took three times as long as a 64 KiB one)."""
_FRAME = b"\xc6"  # msgpack bin 32
BATCHED = True
"""Decode JSON lines a chunk at a time where a chunk allows it (see
:meth:`LogReader.records`). ``False`` reads every line on its own, as the first reader
did: the tests read both ways and compare."""


MAX_DEPTH = 32
"""Deepest nesting of JSON arrays and objects accepted in a header (``meta``, ``options``)."""
MAX_DECISION = 1_000
"""Most events one action may cause in a log. The games' ``decide`` gives at most a few
dozen; a log with more after one action is refused before anything folds them."""


@dataclass(frozen=True)
class Limits:
    """Decoding bounds. ``Limits(max_line=4096)`` refuses any longer line.

    ``max_line`` bytes a line, ``max_records`` records a log, ``max_depth`` nesting in the
    header, ``max_decision`` events after one action. Each must be a positive whole
    number (a :class:`~grimoire.core.errors.UsageError` otherwise).

    >>> Limits(max_line=-5)
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: limits/invalid: max_line must be a whole number >= 1, not -5
    """

    max_line: int = MAX_LINE
    max_records: int = MAX_RECORDS
    max_depth: int = MAX_DEPTH
    max_decision: int = MAX_DECISION

    def __post_init__(self) -> None:
        for name in ("max_line", "max_records", "max_depth", "max_decision"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise UsageError("limits/invalid",
                                 f"{name} must be a whole number >= 1, not {value!r}")


DEFAULT_LIMITS = Limits()


@dataclass
class Log:
    """A whole log in memory: header, events, whether it is chained (every record carries
    its chain value) and the acting seats' signatures by seq."""

    header: Header
    events: list[Event] = field(default_factory=list)
    chained: bool = False
    sigs: dict[int, str] = field(default_factory=dict)

    @property
    def sealed(self) -> bool:
        """The former name of :attr:`chained`."""
        return self.chained


# ---------------------------------------------------------------- decoders (one per game)

_header_json = msgspec.json.Decoder(Header)
_header_mp = msgspec.msgpack.Decoder(Header)
_record_decoders: dict[tuple[str, Encoding], Any] = {}
_building = threading.Lock()
"""Held while a decoder is built: msgspec learns a struct type's fields when a decoder of
it is first built, and two threads building the first decoders of one game's events at
once can leave one of them with a half-learnt type (a decode then crashes the process:
a match server's worker threads reading one game's records as it starts)."""
_SPECS: dict[type, tuple[bool, tuple[str, ...], tuple[str, ...]]] = {}


def _spec(cls: type) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
    """What the reader checks of each event of class ``cls``: is it an action, and which
    fields name a seat (alone or optional, and in a tuple)."""
    fields = seat_fields(cls)
    return (issubclass(cls, Action), tuple(n for n, many in fields if not many),
            tuple(n for n, many in fields if many))


def _seat_error(name: str, seat: int, seats: int, line: int, seq: int) -> LogError:
    return LogError("log/bad-seat", f"{name}={seat}: the log has seats 0..{seats - 1}",
                    line=line, seq=seq)


def record_decoder(rules: AnyRules, encoding: Encoding = "json") -> Any:
    """The reusable msgspec decoder for ``Record[rules.Event]``."""
    key = (rules.name, encoding)
    dec = _record_decoders.get(key)
    if dec is None:
        with _building:
            dec = _record_decoders.get(key)
            if dec is None:
                typ = Record[rules.Event]  # type: ignore[name-defined]
                dec = (msgspec.json.Decoder(typ) if encoding == "json"
                       else msgspec.msgpack.Decoder(typ))
                _record_decoders[key] = dec
    return dec


_event_decoders: dict[str, Any] = {}


def event_decoder(rules: AnyRules) -> Any:
    """The reusable JSON decoder for one of ``rules``' events alone (built, like
    :func:`record_decoder`, under a lock).

    >>> from grimoire.core import registry
    >>> event_decoder(registry.get("vicious-circle")).decode(b'{"type": "pass", "player": 1}')
    Pass(player=1)
    """
    dec = _event_decoders.get(rules.name)
    if dec is None:
        with _building:
            dec = _event_decoders.get(rules.name)
            if dec is None:
                dec = _event_decoders[rules.name] = msgspec.json.Decoder(rules.Event)
    return dec


def learn(rules: AnyRules) -> None:
    """Have msgspec learn ``rules``' types now, in this thread: its events and records
    (their decoders built, as :func:`event_decoder` and :func:`record_decoder` build
    them), its options and its state. A process that is about to read, convert and
    encode them in several threads at once calls it first (the match server does, for
    every game, before its threads start), so no two threads ever learn one type at once
    (see ``_building``). A type msgspec cannot decode is left to be refused where used.

    >>> from grimoire.core import registry
    >>> learn(registry.get("magery"))
    """
    if rules.name in _learnt:
        return
    event_decoder(rules)
    record_decoder(rules)
    with _building:
        for typ in (rules.Options, rules.State):
            with contextlib.suppress(TypeError):
                msgspec.json.Decoder(typ)
        _learnt.add(rules.name)


_learnt: set[str] = set()  # the games learn() has seen (once a process is enough)


_json_enc = msgspec.json.Encoder()
_mp_enc = msgspec.msgpack.Encoder()


def encode_line(obj: object) -> bytes:
    """One JSON line (with its newline) for a header (its canonical bytes) or record."""
    if isinstance(obj, Header):
        return header_bytes(obj) + b"\n"
    return _json_enc.encode(obj) + b"\n"


def legacy_line(rec: Record[Any]) -> bytes:
    """A record as the first format (``grimoire/1``) wrote it: ``seq``, the event with
    every field (:func:`~grimoire.core.events.legacy_canonical`) and ``chain`` (that
    format had no ``sig``). Without its newline.

    >>> from grimoire.core.events import Roll
    >>> legacy_line(Record(0, Roll(player=None, sides=6, values=(3,), draws=1)))
    b'{"seq":0,"event":{"type":"roll","player":null,"sides":6,"values":[3],"purpose":"","draws":1}}'
    """
    return _legacy_line_of(rec, legacy_canonical(rec.event))


def _legacy_line_of(rec: Record[Any], event_bytes: bytes) -> bytes:
    """:func:`legacy_line` from the event's canonical bytes, already worked out (a read
    hashes them into the chain too): the JSON encoding of ``{"seq", "event", "chain"}``,
    put together from its parts (the encoder writes the parts of an object as they are
    written alone, and its bytes decoded and encoded again are the same bytes)."""
    line = b'{"seq":' + _json_enc.encode(rec.seq) + b',"event":' + event_bytes
    if rec.chain is not None:
        return line + b',"chain":' + _json_enc.encode(rec.chain) + b"}"
    return line + b"}"


def _legacy_frame_body(rec: Record[Any]) -> bytes:
    return _mp_enc.encode(msgspec.json.decode(legacy_line(rec)))


def record_encoder(format: str, encoding: Encoding = "json") -> Callable[[Any], bytes]:
    """The canonical bytes of a record in a log of ``format``, without its newline (JSON)
    or its frame (msgpack): what a log of that format holds, and so what a strict reading
    requires each record line to be.

    >>> from grimoire.core.events import LEGACY, Roll
    >>> rec = Record(0, Roll(player=None, sides=6, values=(3,), draws=1))
    >>> record_encoder("grimoire/2")(rec)
    b'{"seq":0,"event":{"type":"roll","player":null,"sides":6,"values":[3],"draws":1}}'
    >>> record_encoder(LEGACY)(rec) == legacy_line(rec)
    True
    """
    if format == LEGACY:
        return legacy_line if encoding == "json" else _legacy_frame_body
    return _json_enc.encode if encoding == "json" else _mp_enc.encode


def encode_frame(obj: object) -> bytes:
    """One msgpack frame for a header or record."""
    if isinstance(obj, Header):
        obj = msgspec.json.decode(header_bytes(obj))
    body = _mp_enc.encode(obj)
    return _FRAME + len(body).to_bytes(4, "big") + body


def _framed(body: bytes) -> bytes:
    return _FRAME + len(body).to_bytes(4, "big") + body


def line_writer(format: str, encoding: Encoding = "json") -> Callable[[Any], bytes]:
    """How a log of ``format`` writes each record: its canonical line with the newline
    (JSON Lines), or its frame (msgpack). A ``grimoire/1`` log keeps its first format's
    lines, so a copy of one (``seal``, ``repair``) stays canonical.

    >>> from grimoire.core.events import Roll
    >>> line_writer("grimoire/2")(Record(0, Roll(player=None, sides=6, values=(3,), draws=1)))
    b'{"seq":0,"event":{"type":"roll","player":null,"sides":6,"values":[3],"draws":1}}\\n'
    """
    body = record_encoder(format, encoding)
    if encoding == "json":
        return lambda rec: body(rec) + b"\n"
    return lambda rec: _framed(body(rec))


def encoding_for(path: str | os.PathLike[str]) -> Encoding:
    """``msgpack`` for ``.msgpack``/``.mpk`` files, JSON Lines otherwise."""
    return "msgpack" if str(path).endswith((".msgpack", ".mpk")) else "json"


# ---------------------------------------------------------------- raw line splitting


Batch = tuple[int, int, list[bytes], bool]
"""What the splitters yield: the line number before the batch's first line, the byte
offset of its first line, the lines (without their newline), and whether they are whole
(only a last line the file ends in without a newline is not)."""


def _json_batches(f: IO[bytes], limits: Limits, first: bytes = b"") -> Iterator[Batch]:
    """The lines of a JSON Lines file, a chunk's worth at a time: one call and one list
    per 64 KiB read, not one per line (the trusted fold's hot path). A line longer than
    ``limits.max_line`` is refused after every line before it was yielded. ``first``: the
    file's first bytes, already read from ``f``."""
    lineno = 0
    offset = 0
    rest = b""
    max_line = limits.max_line
    while True:
        chunk, first = first or f.read(CHUNK), b""
        if not chunk:
            break
        data = rest + chunk if rest else chunk
        parts = data.split(b"\n")
        rest = parts.pop()
        if parts:
            # (no line of a batch shorter than the limit can be over it: not measured)
            if len(data) > max_line and max(map(len, parts)) > max_line:
                k = next(i for i, line in enumerate(parts) if len(line) > max_line)
                if k:
                    yield lineno, offset, parts[:k], True
                raise LogError("log/line-too-long",
                               f"{len(parts[k])} bytes (limit {max_line})", line=lineno + k + 1)
            yield lineno, offset, parts, True
            lineno += len(parts)
            offset += len(data) - len(rest)  # the lines and their newlines
        if len(rest) > max_line:
            raise LogError("log/line-too-long", f"over {max_line} bytes", line=lineno + 1)
    if rest:
        yield lineno, offset, [rest], False


def _json_lines(f: IO[bytes], limits: Limits) -> Iterator[tuple[int, int, bytes, bool]]:
    """Yield (line number, byte offset, line bytes, complete?) reading in chunks."""
    for lineno, offset, parts, complete in _json_batches(f, limits):
        for line in parts:
            lineno += 1
            yield lineno, offset, line, complete
            offset += len(line) + 1


def _msgpack_frames(f: IO[bytes], limits: Limits) -> Iterator[tuple[int, int, bytes, bool]]:
    lineno = 0
    offset = 0
    while True:
        head = f.read(5)
        if not head:
            return
        lineno += 1
        if len(head) < 5 or head[:1] != _FRAME:
            if len(head) < 5:
                yield lineno, offset, head, False
                return
            raise LogError("log/bad-frame", "expected a msgpack bin 32 frame", line=lineno)
        size = int.from_bytes(head[1:], "big")
        if size > limits.max_line:
            raise LogError(
                "log/line-too-long", f"{size} bytes (limit {limits.max_line})", line=lineno
            )
        body = f.read(size)
        yield lineno, offset, body, len(body) == size
        offset += 5 + size


def _msgpack_batches(f: IO[bytes], limits: Limits) -> Iterator[Batch]:
    """The frames of a msgpack log as batches of one (see :func:`_json_batches`)."""
    for lineno, offset, body, complete in _msgpack_frames(f, limits):
        yield lineno - 1, offset, [body], complete


# ---------------------------------------------------------------- reading


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


class _Duplicate(Exception):
    pass


_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


def depth(data: bytes) -> int:
    """How deeply the JSON in ``data`` nests arrays and objects (brackets inside strings
    do not count), found without parsing it.

    >>> depth(b'{"a": [[1], "]]]"]}')
    3
    """
    opening = data.count(b"[") + data.count(b"{")
    if opening <= 1:
        return opening
    deepest = level = 0
    for bracket in _BRACKETS.findall(_STRING.sub(b"", data)):
        if bracket in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def strict_json(data: bytes, line: int, limits: Limits) -> Any:
    """Refuse what msgspec would let through in a JSON line: nesting deeper than
    ``limits.max_depth``, bytes that are not UTF-8, and a key repeated in one object.
    Returns the line's JSON value."""
    if data.count(b"[") + data.count(b"{") > limits.max_depth and depth(
            data) > limits.max_depth:
        raise LogError("log/too-deep",
                       f"JSON nested deeper than {limits.max_depth} levels", line=line)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogError("log/bad-json", f"not UTF-8: {exc}", line=line) from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except _Duplicate as exc:
        raise LogError("log/duplicate-key", f"key {exc.args[0]!r} appears twice in one "
                       "object", line=line) from None
    except ValueError as exc:
        raise LogError("log/bad-json", str(exc), line=line) from None


def unknown_field(raw: Any, value: Any, path: str = "") -> str | None:
    """The first key of the JSON ``raw`` that the typed ``value`` decoded from it has no
    field for (``"event.colour"``), or ``None``: what a frontend reading the raw JSON
    would show although the chain does not cover it.

    >>> from grimoire.core.kit import GameOver
    >>> unknown_field({"type": "game-over", "winners": [], "reason": "x", "note": 1},
    ...               GameOver(winners=(), reason="x"))
    'note'
    """
    if isinstance(value, msgspec.Struct):
        if not isinstance(raw, dict):
            return None
        config = value.__struct_config__
        names = dict(zip(value.__struct_encode_fields__, value.__struct_fields__, strict=True))
        for key in raw:
            if key == config.tag_field and config.tag is not None:
                continue
            if key not in names:
                return f"{path}{key}"
            found = unknown_field(raw[key], getattr(value, names[key]), f"{path}{key}.")
            if found:
                return found
    elif isinstance(value, (tuple, list)) and isinstance(raw, list):
        for k, (r, v) in enumerate(zip(raw, value, strict=False)):
            found = unknown_field(r, v, f"{path}{k}.")
            if found:
                return found
    return None


def check_header(header: Header) -> None:
    """Refuse a header that contradicts itself: an unknown format, recorded (physical)
    dice with a seed or a commitment, a seed or commitment that is not hex."""
    if header.format not in FORMATS:
        raise LogError("log/unknown-format",
                       f"{header.format!r} (this grimoire reads {', '.join(FORMATS)})", line=1)
    if header.dice == "recorded":
        if header.seed is not None or header.seed_commitment is not None:
            raise LogError("log/bad-seed", "a log of recorded (physical) dice has no seed "
                           "or seed commitment", line=1)
        return
    for name in ("seed", "seed_commitment"):
        value = getattr(header, name)
        if value is None:
            continue
        try:
            bytes.fromhex(value)
        except ValueError:
            shown = value if len(value) <= 80 else value[:80] + "\u2026"
            raise LogError("log/bad-seed", f"{name} must be hex, got {shown!r}",
                           line=1) from None


def hex_error(what: str, value: object, digits: int | None, line: int,
              seq: int | None = None) -> LogError | None:
    """``log/bad-hex`` when ``value`` is not hex as the format writes it (lowercase,
    ``digits`` digits), else ``None``.

    >>> hex_error("chain", "AB" * 16, 32, 3).detail
    "chain must be 32 lowercase hex digits, not 'ABABABABABABABABABABABABABABABAB'"
    """
    if is_hex(value, digits):
        return None
    shown = str(value)
    shown = shown if len(shown) <= 140 else shown[:140] + "\u2026"
    return LogError("log/bad-hex", f"{what} must be {digits} lowercase hex digits, not "
                    f"{shown!r}", line=line, seq=seq)


def strict_header_error(header: Header) -> LogError | None:
    """What the audit's strict reading refuses in a header that decodes: a seed that is
    not lowercase hex of whole bytes or a commitment that is not 64 lowercase hex digits
    (``log/bad-seed``), ``keys`` that are not one per seat (``sign/bad-key``), any
    other hex value not written as the format writes hex (``log/bad-hex``): keys (64
    digits), the chain values of ``forked_from`` and ``upgraded_from`` and the latter's
    header hash (32), key (64) and signature (128); and an ``upgraded_from`` naming a
    signed original without its key, signature and chain value all three
    (``sign/upgraded-from``).

    >>> strict_header_error(Header(game="g", rules="1", players=("a",),
    ...                            keys=("AB" * 32,))).reason
    'log/bad-hex'
    """
    if header.seed is not None and not is_hex(header.seed):
        return LogError("log/bad-seed", "a seed is lowercase hex, two digits a byte",
                        line=1)
    if header.seed_commitment is not None and not is_hex(header.seed_commitment, 64):
        return LogError("log/bad-seed", "a seed commitment is 64 lowercase hex digits",
                        line=1)
    if header.keys is not None:
        if len(header.keys) != len(header.players):
            return LogError("sign/bad-key", f"the header lists {len(header.keys)} keys for "
                            f"{len(header.players)} seats (one a seat)", line=1)
        for k, key in enumerate(header.keys):
            bad = hex_error(f"keys[{k}]", key, 64, 1)
            if bad is not None:
                return bad
    fork, origin = header.forked_from, header.upgraded_from
    for name, value, digits in (
            ("forked_from.chain", fork and fork.chain, 32),
            ("upgraded_from.chain", origin and origin.chain, 32),
            ("upgraded_from.header", origin and origin.header, 32),
            ("upgraded_from.key", origin and origin.key, 64),
            ("upgraded_from.sig", origin and origin.sig, 128)):
        if value is not None:
            bad = hex_error(name, value, digits, 1)
            if bad is not None:
                return bad
    if origin is not None and ((origin.key is None) != (origin.sig is None) or (
            origin.sig is not None and origin.chain is None)):
        return LogError("sign/upgraded-from", "upgraded_from names a signed original by "
                        "its key, its signature and its final chain value, all three",
                        line=1)
    return None


def _without_cr(line: bytes) -> bytes:
    """A JSON line without the CR of a CR LF line end (a log saved on Windows): the CR
    is no part of the line."""
    return line[:-1] if line.endswith(b"\r") else line


def _decode_header(data: bytes, encoding: Encoding, complete: bool,
                   limits: Limits = DEFAULT_LIMITS) -> tuple[Header, str | None, bool]:
    """The header of line 1, the first key it holds that is no header field (which the
    audit refuses and trusted reading ignores), and whether line 1 is the header's
    canonical form (its canonical JSON, ended by LF or CR LF; or the msgpack frame of
    it), which a strict reading requires."""
    if (encoding == "json" and complete
            and data.count(b"[") + data.count(b"{") > limits.max_depth
            and depth(data) > limits.max_depth):
        raise LogError("log/too-deep",
                       f"JSON nested deeper than {limits.max_depth} levels", line=1)
    try:
        header = (_header_json if encoding == "json" else _header_mp).decode(data)
    except msgspec.ValidationError as exc:
        if encoding == "json" and b'"format"' not in data:
            raise LogError("log/not-a-log", "line 1 is not a grimoire log header (no "
                           "\"format\")", line=1) from None
        raise LogError("log/bad-header", str(exc), line=1) from None
    except (msgspec.DecodeError, UnicodeDecodeError) as exc:
        if complete and encoding == "json" and not data.lstrip().startswith(b"{"):
            raise LogError("log/not-a-log", "line 1 is not a grimoire log header (not a "
                           "JSON object)", line=1) from None
        reason = "log/torn-line" if not complete else "log/bad-json"
        raise LogError(reason, f"header: {exc}", line=1) from None
    except RecursionError:
        raise LogError("log/too-deep", "header nested too deeply", line=1) from None
    if encoding == "json":
        canonical = header_bytes(header) == _without_cr(data)
    else:
        canonical = _mp_enc.encode(msgspec.json.decode(header_bytes(header))) == data
    # not as grimoire writes it: look closer (an unknown field is kept for the audit)
    extra = unknown_field(strict_json(data, 1, limits), header) \
        if encoding == "json" and not canonical else None
    check_header(header)
    return header, extra, canonical


def rules_for(header: Header) -> AnyRules:
    """The registered rules a header names, refusing an unknown game or ruleset version."""
    try:
        rules = registry.get(header.game)
    except GrimoireError as exc:
        raise LogError("log/unknown-game", exc.detail, line=1) from None
    older: Mapping[str, Any] = getattr(rules, "older", {})
    if header.rules != rules.version and header.rules not in older:
        known = ", ".join(repr(v) for v in (*older, rules.version))
        raise LogError(
            "log/rules-version",
            f"log uses {header.game} rules {header.rules!r}; this grimoire replays {known}",
            line=1,
        )
    return rules


_SIGNATURE_LINE = (b'{"signature":', b"\x81\xa9signature")
_trailer_json = msgspec.json.Decoder(Trailer)
_trailer_mp = msgspec.msgpack.Decoder(Trailer)


def _read_trailer(data: bytes, encoding: Encoding, line: int, complete: bool,
                  strict: bool = False, limits: Limits = DEFAULT_LIMITS) -> Signature:
    """The signature of the signature line ``data``. ``strict`` (the audit's reading):
    the line must hold exactly its documented fields, in canonical form."""
    try:
        trailer = (_trailer_json if encoding == "json" else _trailer_mp).decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
        reason = "log/torn-line" if not complete else "log/bad-signature"
        raise LogError(reason, f"the signature line: {exc}", line=line) from None
    if strict:
        canonical = _json_enc.encode(trailer) if encoding == "json" \
            else _mp_enc.encode(trailer)
        if canonical != data and (encoding != "json" or canonical != _without_cr(data)):
            raise _not_canonical_line(data, trailer, encoding, line, limits)
        seal = trailer.signature
        for name, value, digits in (("key", seal.key, 64), ("chain", seal.chain, 32),
                                    ("sig", seal.sig, 128)):
            bad = hex_error(f"the signature's {name}", value, digits, line)
            if bad is not None:
                raise bad
    return trailer.signature


def not_canonical(what: str, line: int, seq: int | None = None) -> LogError:
    """The error of a line that is not in canonical form (``log/not-canonical``).

    >>> not_canonical("the header", 1).reason
    'log/not-canonical'
    """
    return LogError("log/not-canonical", f"{what} is not in canonical form (fields in "
                    "their declared order, defaulted ones left out, no spaces, strings "
                    "escaped only where JSON must: docs/log-format.md); `grimoire seal LOG "
                    "-o NEW` writes a canonical copy", line=line, seq=seq)


def _not_canonical_line(data: bytes, value: Any, encoding: Encoding, line: int,
                        limits: Limits) -> LogError:
    """Why the line ``data`` (a record or the signature line), which decoded to ``value``
    but is not its canonical bytes, is refused: what :func:`strict_json` refuses (a key
    twice, bad UTF-8, nesting too deep), a field nobody reads (``log/unknown-field``),
    or else its form (``log/not-canonical``)."""
    record = isinstance(value, Record)
    seq = value.seq if record else None
    if encoding == "json":
        try:
            extra = unknown_field(strict_json(data, line, limits), value)
        except LogError as bad:
            return bad
        if extra:
            what = "a record or its event" if record else "the signature line"
            return LogError("log/unknown-field", f"{extra!r} is no field of {what} (neither "
                            "the chain nor a signature covers it)", line=line, seq=seq)
        return not_canonical("the record" if record else "the signature line", line, seq)
    return LogError("log/not-canonical", "a msgpack frame not in the form grimoire writes",
                    line=line, seq=seq)


_RECORD_FIELDS = Record.__struct_fields__


class _Upcasting:
    """Decodes the records of a log written under an older ruleset whose events changed
    shape: each event is read as written, passed through the game's upcaster for that
    version (a pure function of the event's JSON object), then typed. ``written`` keeps
    the event's bytes as written, which its chain covers."""

    def __init__(self, rules: AnyRules, encoding: Encoding,
                 upcast: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self._raw: Any = msgspec.json.Decoder() if encoding == "json" \
            else msgspec.msgpack.Decoder()
        self._type = Record[rules.Event]  # type: ignore[name-defined]
        self._upcast = upcast
        self._encode = _json_enc.encode if encoding == "json" else _mp_enc.encode
        self.written = b""
        self.canonical = True

    def decode(self, data: bytes) -> Record[Any]:
        raw = self._raw.decode(data)
        if not isinstance(raw, dict) or not isinstance(raw.get("event"), dict):
            raise msgspec.ValidationError("a record is an object holding an event object")
        self.written = _json_enc.encode(raw["event"])
        # canonical: the line is its JSON re-encoded, the envelope's fields in order (an
        # old ruleset's event keeps the fields it was written with)
        keys = [k for k in _RECORD_FIELDS if k in raw]
        self.canonical = list(raw) == keys and None not in (
            raw.get("chain", ""), raw.get("sig", "")) and self._encode(raw) in (
            data, _without_cr(data))
        try:
            raw["event"] = self._upcast(dict(raw["event"]))
        except Exception as exc:  # an upcaster meeting an event it cannot read
            raise msgspec.ValidationError(f"upcaster: {type(exc).__name__}: {exc}") from None
        record: Record[Any] = msgspec.convert(raw, self._type)
        return record


def decoder_for(rules: AnyRules, header: Header, encoding: Encoding = "json") -> Any:
    """The decoder of the records of a log with ``header``: the game's reusable one, or,
    for a ruleset the game registered an upcaster for, one that upcasts every event.
    Its ``decode(line)`` gives a :class:`Record`."""
    upcast = getattr(rules, "upcasters", {}).get(header.rules)
    if upcast is None:
        return record_decoder(rules, encoding)
    return _Upcasting(rules, encoding, upcast)


def open_regular(path: str | os.PathLike[str], *, buffered: bool = True) -> IO[bytes]:
    """``path`` opened for reading, refused unless it is a regular file: a FIFO, a device
    or a folder is a :class:`LogError` (``log/not-a-file``), never a read that hangs.
    ``buffered=False``: the raw file (cheaper to open, for reads of a chunk at a time)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise LogError("log/unreadable", f"{path}: {exc.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise LogError("log/not-a-file", f"{path} is not a regular file")
        # O_NONBLOCK changes nothing for a regular file
        return os.fdopen(fd, "rb") if buffered else io.FileIO(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _next_offset(offset: int, line: bytes) -> int:
    return offset + len(line) + 1


class LogReader:
    """A log opened for streaming. Use as a context manager.

    >>> # with LogReader("match.jsonl") as log:
    >>> #     for line, offset, record in log.records(): ...
    """

    def __init__(
        self,
        source: str | os.PathLike[str] | IO[bytes],
        *,
        limits: Limits = DEFAULT_LIMITS,
        encoding: Encoding | None = None,
    ) -> None:
        if isinstance(source, (str, os.PathLike)):
            self.path: str | None = os.fspath(source)
            # unbuffered: the records are read a chunk at a time, and a buffered file
            # costs more to open than a short log costs to read (msgpack, read a frame
            # at a time, gets its buffer in _open)
            self._f: IO[bytes] = open_regular(source, buffered=False)
            self._owns = True
        else:
            self.path = None
            self._f = source
            self._owns = False
        self.limits = limits
        try:
            self._open(encoding)
        except BaseException:
            self.close()
            raise

    def _open(self, encoding: Encoding | None) -> None:
        chunk = b""
        if self._owns:  # our unbuffered file: its first chunk tells the encoding
            chunk = self._f.read(CHUNK)
            encoding = encoding or ("msgpack" if chunk[:1] == _FRAME else "json")
            if encoding == "msgpack":
                self._f.seek(0)
                self._f = io.BufferedReader(cast(io.FileIO, self._f))
                chunk = b""
        elif encoding is None:
            peek = getattr(self._f, "peek", None)
            if peek is not None:  # a buffered file: no read and seek back
                first = peek(1)[:1]
            else:
                first = self._f.read(1)
                self._f.seek(0)
            encoding = "msgpack" if first == _FRAME else "json"
        self.encoding: Encoding = encoding
        self._batches = _json_batches(self._f, self.limits, chunk) if encoding == "json" \
            else _msgpack_batches(self._f, self.limits)
        batch = next(self._batches, None)
        if batch is None:
            raise LogError("log/empty", "the log has no header line", line=1)
        _, _, parts, complete = batch
        data = parts[0]
        # the lines read with the header's: the records' first batch
        self._first: Batch | None = (1, len(data) + (1 if encoding == "json" else 5),
                                     parts[1:], complete)
        self.header, self.header_extra, canonical = _decode_header(data, encoding, complete,
                                                                   self.limits)
        self.header_canonical = canonical
        self.signature: Signature | None = None
        self.signature_line = 0
        self._start = header_hash(self.header, encoded=_without_cr(data) if canonical
                                  and encoding == "json" else None)
        self.count, self.final_chain = 0, self._start
        self.rules = rules_for(self.header)
        self._decoder = decoder_for(self.rules, self.header, encoding)

    def check_header_strictly(self) -> None:
        """What the audit's strict reading refuses in line 1 once it decodes: a field
        nobody reads (``log/unknown-field``), a line not in canonical form
        (``log/not-canonical``), and what :func:`strict_header_error` refuses. A strict
        :meth:`records` checks it first; the audit calls it before anything else reads
        the header.

        >>> line = (b'{"format": "grimoire/2","game":"vicious-circle","rules":"2",'
        ...         b'"players":["Dawn","Twilight"],"dice":"recorded"}\\n')
        >>> try:
        ...     LogReader(io.BytesIO(line)).check_header_strictly()
        ... except LogError as exc:
        ...     print(exc.reason, exc.line)
        log/not-canonical 1
        """
        if self.header_extra:
            raise LogError("log/unknown-field", f"{self.header_extra!r} is no field of a "
                           "header (the chain would not cover it)", line=1)
        if not self.header_canonical:
            raise not_canonical("the header", 1)
        refused = strict_header_error(self.header)
        if refused is not None:
            raise refused

    def __enter__(self) -> LogReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._owns:
            self._f.close()

    def records(
        self, *, verify: bool = True, strict: bool = False
    ) -> Iterator[tuple[int, int, Record[Any]]]:
        """Yield ``(line, byte offset, record)``. Always checks seq; with ``verify`` (every
        tool's reading) also the chain, that every seat an event names is one of the log's
        players (``log/bad-seat``), and that no action is followed by more than
        ``limits.max_decision`` events (``log/decision-too-long``), so nothing a reducer
        could choke on is ever folded. ``verify=False`` is for logs already trusted.

        ``strict`` (the audit's reading) also refuses what decoding lets through: a JSON
        line that is not UTF-8, repeats a key or nests too deeply, and a msgpack frame
        that is not in canonical form. Lines grimoire wrote pass at the cost of one
        re-encoding; others are parsed once more.

        JSON lines are decoded (and, strict, re-encoded) a 64 KiB chunk at a time with
        no Python loop per line; a chunk that does not pass (a blank, torn, hand-written
        or bad line) is read again line by line, which finds its first bad line as
        reading one line at a time always did.

        Raises :class:`LogError` at the first bad line; everything before it was yielded.
        """
        for lineno, offset, parts, recs in self._checked(verify, strict):
            if len(recs) == len(parts) and None not in recs:  # a record on every line:
                # numbered, and offset, with no Python loop
                yield from zip(itertools.count(lineno + 1), itertools.accumulate(
                    parts, _next_offset, initial=offset), recs)
                continue
            for data, rec in zip(parts, recs, strict=False):
                lineno += 1
                if rec is not None:
                    yield lineno, offset, rec
                offset += len(data) + 1

    def events(self) -> Iterator[Event]:
        """The events of a log already trusted, in order: what a trusted fold reads. It
        checks what ``records(verify=False)`` checks (seq, and that each line is a
        record) and hands the events out a chunk at a time, without line numbers: the
        fastest way through a log. Raises :class:`LogError` at the first bad line, once
        every event before it was given.

        >>> # with LogReader("match.jsonl") as log:
        >>> #     state = fold(log.rules, initial_state(log.rules, log.header), log.events())
        """
        return itertools.chain.from_iterable(
            [rec.event for rec in recs if rec is not None]
            for _, _, _, recs in self._checked(False, False))

    def _checked(self, verify: bool, strict: bool
                 ) -> Iterator[tuple[int, int, list[bytes], list[Any]]]:
        """The records a chunk at a time, as ``(line number before the first, byte offset
        of the first, lines, records)`` (``None`` for a blank or signature line), each
        batch checked as :meth:`records` says before it is given; at a bad line, the
        records before it are given, then the error raised."""
        if strict:
            self.check_header_strictly()
        legacy = self.header.format == LEGACY
        upcasting = isinstance(self._decoder, _Upcasting)
        # today's canonical bytes are the encoder's, called directly (the hot path)
        canon = _json_enc.encode if not legacy else canonical_for(self.header.format)
        if upcasting:  # the chain covers each event as it was written, before upcasting
            upcaster = self._decoder

            def canon(_event: object) -> bytes:
                written: bytes = upcaster.written
                return written
        lines = _Lines(self, strict=strict, legacy=legacy, upcasting=upcasting,
                       canon=canon if verify else None)
        max_decision = self.limits.max_decision
        run = 0  # records since the last action
        seats = len(self.header.players)
        specs = _SPECS
        expected = 0
        chain = self._start
        max_records = self.limits.max_records
        chained: bool | None = None  # do this log's records carry their chain?
        empty = CHAIN_HASH
        first, self._first = self._first, None
        batches = self._batches if first is None else itertools.chain((first,), self._batches)
        for lineno0, offset0, parts, complete in batches:
            recs, chained_bytes, error, whole = lines.decode(parts, lineno0, complete)
            n = len(recs)
            if whole and n and recs[0].seq == expected and expected + n <= max_records \
                    and [rec.seq for rec in recs] == list(range(expected, expected + n)):
                # a whole chunk whose seqs follow on: trusted, seq is all there is;
                # verifying, every other check in tight loops, record by record only
                # when one fails (which then says where and why)
                passed = _verified(recs, chained_bytes, chain, run, seats, max_decision,
                                   strict, chained) if verify else (chain, run, chained)
                if passed is not None:
                    chain, run, found = passed
                    if strict:
                        chained = found
                    expected += n
                    yield lineno0, offset0, parts, recs
                    continue
            lineno = lineno0
            bad: LogError | None = None
            for k, (rec, event_bytes) in enumerate(
                    zip(recs, chained_bytes or recs, strict=False)):
                lineno += 1
                if rec is None:  # a blank line, or the signature's
                    continue
                if rec.seq != expected:
                    bad = LogError("log/seq", f"expected seq {expected}, found {rec.seq}",
                                   line=lineno, seq=rec.seq)
                elif expected >= max_records:
                    bad = LogError("log/too-many-records", f"limit {max_records}",
                                   line=lineno)
                if bad is not None:
                    yield lineno0, offset0, parts[:k], recs[:k]
                    raise bad
                expected += 1
                if not verify:
                    continue
                if strict:
                    has = rec.chain is not None
                    if chained is None:
                        chained = has
                    elif has != chained:
                        bad = LogError("log/chain-missing", "a chained log's records all "
                                       "carry their chain: " + (
                                           "this one has none" if chained else
                                           "the ones before it had none"),
                                       line=lineno, seq=rec.seq)
                event = rec.event
                spec = specs.get(type(event))
                if spec is None:
                    spec = specs[type(event)] = _spec(type(event))
                for name in spec[1]:
                    seat = getattr(event, name)
                    if seat is not None and not 0 <= seat < seats:
                        bad = bad or _seat_error(name, seat, seats, lineno, rec.seq)
                for name in spec[2]:
                    for seat in getattr(event, name):
                        if not 0 <= seat < seats:
                            bad = bad or _seat_error(name, seat, seats, lineno, rec.seq)
                if spec[0]:
                    run = 0
                else:
                    run += 1
                    if run > max_decision:
                        bad = bad or LogError(
                            "log/decision-too-long", f"more than {max_decision} events "
                            "after one action", line=lineno, seq=rec.seq)
                h = empty.copy()  # chain_next, inlined
                h.update(chain)
                h.update(event_bytes)
                chain = h.digest()
                if rec.chain is not None and rec.chain != chain.hex():
                    bad = bad or (hex_error("chain", rec.chain, 32, lineno, rec.seq)
                                  if strict else None) or LogError(
                        "log/chain", f"chain {rec.chain} does not follow from the records "
                        "before it", line=lineno, seq=rec.seq)
                if bad is not None:
                    yield lineno0, offset0, parts[:k], recs[:k]
                    raise bad
            yield lineno0, offset0, parts, recs
            if error is not None:
                raise error
        self.count, self.final_chain = expected, chain

    def read_record_at(self, offset: int) -> Iterator[Record[Any]]:
        """Decode records from a byte offset given by :meth:`records` (for seeking).

        The file must not have changed since it was indexed."""
        self._f.seek(offset)
        split = _json_lines if self.encoding == "json" else _msgpack_frames
        decode = self._decoder.decode
        for _, _, data, _ in split(self._f, self.limits):
            if data and not data.isspace():
                try:
                    yield decode(data)
                except (msgspec.DecodeError, UnicodeDecodeError) as exc:
                    raise LogError("log/changed", f"at byte {offset}: {exc}") from None


def _verified(recs: list[Any], chained_bytes: list[bytes], chain: bytes, run: int,
              seats: int, max_decision: int, strict: bool, chained: bool | None
              ) -> tuple[bytes, int, bool | None] | None:
    """A verifying read's checks of a whole batch of records whose seqs follow on (see
    :meth:`LogReader._checked`), each check over the whole batch in one tight loop:
    ``(chain, run, chained)`` after it, or ``None`` when any fails, so the batch is
    checked again record by record, which says where and why. ``chained`` is whether
    the records read so far carry their chain (``None``: none read yet), which a
    ``strict`` read holds every record to (other reads let any record carry it or not)."""
    specs = _SPECS
    for rec in recs:  # every seat an event names, and the length of each decision
        event = rec.event
        spec = specs.get(type(event))
        if spec is None:
            spec = specs[type(event)] = _spec(type(event))
        if spec[0]:
            run = 0
        else:
            run += 1
            if run > max_decision:
                return None
        for name in spec[1]:
            seat = getattr(event, name)
            if seat is not None and not 0 <= seat < seats:
                return None
        for name in spec[2]:
            for seat in getattr(event, name):
                if not 0 <= seat < seats:
                    return None
    recorded = [rec.chain for rec in recs]
    missing = recorded.count(None)
    if strict:  # all carry their chain, or none
        has = missing == 0
        if (missing and missing != len(recorded)) or (chained is not None and has != chained):
            return None
        chained = has
    digests: list[bytes] = []
    append = digests.append
    empty = CHAIN_HASH
    # chain_next, inlined (``chained_bytes`` may end in one more, empty, item)
    for event_bytes in chained_bytes[:len(recs)]:
        h = empty.copy()
        h.update(chain)
        h.update(event_bytes)
        chain = h.digest()
        append(chain)
    if missing == 0:
        if list(map(bytes.hex, digests)) != recorded:
            return None
    elif missing != len(recorded) and any(
            r is not None and r != d.hex() for r, d in zip(recorded, digests, strict=True)):
        return None
    return chain, run, chained


class _Lines:
    """How :meth:`LogReader.records` decodes a batch of lines: all at once when it can
    (``fast``), else one line at a time. With ``canon`` (a verifying read) it
    also gives each event's canonical bytes, which the chain hashes."""

    __slots__ = ("canon", "encode", "fast", "legacy", "reader", "strict")

    def __init__(self, reader: LogReader, *, strict: bool, legacy: bool, upcasting: bool,
                 canon: Callable[[Any], bytes] | None) -> None:
        self.reader = reader
        self.canon = canon
        self.strict = strict
        # a grimoire/1 JSON log: each event's canonical bytes are worked out once, for its
        # line (strict) and its chain alike
        self.legacy = legacy and reader.encoding == "json" and not upcasting
        self.fast = BATCHED and reader.encoding == "json" and not upcasting
        # strict, every record line must be its record's canonical bytes (an upcast log's
        # records are checked against their JSON as written, by its decoder)
        self.encode: Callable[[Any], bytes] | None = record_encoder(
            reader.header.format, reader.encoding) if strict and not upcasting else None

    def decode(self, parts: list[bytes], lineno: int, complete: bool
               ) -> tuple[list[Any], list[bytes], LogError | None, bool]:
        """The records of ``parts`` (``None`` for a blank or signature line), their events'
        canonical bytes (when verifying), the error met at the first bad line (the
        records before it are returned), and whether the batch was read whole (a record
        on every line, none ``None``)."""
        if not parts:
            return [], [], None, True
        if self.fast and complete and self.reader.signature is None:
            if parts[-1].startswith(_SIGNATURE_LINE[0]) and len(parts) > 1:
                recs, chained, error, _ = self.decode(parts[:-1], lineno, complete)
                if error is None:  # a signed log's last line
                    tail, tail_chained, error, _ = self.decode(
                        parts[-1:], lineno + len(parts) - 1, complete)
                    recs += tail
                    chained += tail_chained
                return recs, chained, error, False
            whole = self._whole(parts)
            if whole is not None:
                return *whole, None, True
        return *self._one_by_one(parts, lineno, complete), False

    def _whole(self, parts: list[bytes]) -> tuple[list[Any], list[bytes]] | None:
        """Every line of the batch decoded on its own, with no Python loop (``map``), and
        (when verifying) their events' canonical bytes; or ``None`` when a line is no
        record (or not in canonical form, when reading checks it): the batch is then read
        one line at a time, which says what is wrong."""
        try:
            recs: list[Any] = list(map(self.reader._decoder.decode, parts))
        except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError,
                RecursionError):
            return None
        if self.legacy:  # each event's bytes once, for its line and its chain
            if self.encode is None and self.canon is None:
                return recs, []
            chained = [legacy_canonical(rec.event) for rec in recs]
            if self.encode is not None and list(map(_legacy_line_of, recs, chained)) != parts:
                return None
            return recs, chained if self.canon is not None else []
        if self.encode is not None and list(map(self.encode, recs)) != parts:
            return None
        if self.canon is None:
            return recs, []
        # every event's canonical bytes from one call
        return recs, _json_enc.encode_lines([rec.event for rec in recs]).split(b"\n")

    def _one_by_one(self, parts: list[bytes], lineno: int, complete: bool
                    ) -> tuple[list[Any], list[bytes], LogError | None]:
        reader, encode, canon, legacy = self.reader, self.encode, self.canon, self.legacy
        decode = reader._decoder.decode
        event_bytes = b""
        upcaster = reader._decoder if self.strict and isinstance(
            reader._decoder, _Upcasting) else None
        recs: list[Any] = []
        chained: list[bytes] = []
        for data in parts:
            lineno += 1
            error: LogError | None = None
            if reader.signature is not None:
                if data.strip():  # blank lines may follow it, nothing else
                    error = LogError("log/after-signature",
                                     "nothing may follow a log's signature", line=lineno)
                    return recs, chained, error
                recs.append(None)
                chained.append(b"")
                continue
            try:
                rec = decode(data)
            except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError) as exc:
                if not data or data.isspace():  # a blank line: skipped
                    recs.append(None)
                    chained.append(b"")
                    continue
                # the signature line is no record: looked for only here, off the hot path
                if data.startswith(_SIGNATURE_LINE):
                    try:
                        reader.signature = _read_trailer(data, reader.encoding, lineno,
                                                         complete, self.strict, reader.limits)
                    except LogError as bad:
                        return recs, chained, bad
                    reader.signature_line = lineno
                    recs.append(None)
                    chained.append(b"")
                    continue
                reason = ("log/torn-line" if not complete else
                          "log/bad-record" if isinstance(exc, msgspec.ValidationError) else
                          "log/bad-json")
                return recs, chained, LogError(reason, str(exc), line=lineno)
            except RecursionError:
                return recs, chained, LogError("log/too-deep", "a record nested too deeply",
                                               line=lineno)
            if legacy and (encode is not None or canon is not None):
                # its event's bytes once, for its line and its chain
                event_bytes = legacy_canonical(rec.event)
                if encode is not None:
                    line = _legacy_line_of(rec, event_bytes)
                    if line != data and line != _without_cr(data):
                        return recs, chained, _not_canonical_line(data, rec, reader.encoding,
                                                                  lineno, reader.limits)
            elif encode is not None and encode(rec) != data and (
                    reader.encoding != "json" or encode(rec) != _without_cr(data)):
                return recs, chained, _not_canonical_line(data, rec, reader.encoding, lineno,
                                                          reader.limits)
            if upcaster is not None and not upcaster.canonical:
                return recs, chained, not_canonical("the record", lineno, rec.seq)
            recs.append(rec)
            if canon is not None:
                chained.append(event_bytes if legacy else canon(rec.event))
        return recs, chained, None


def read_log(
    source: str | os.PathLike[str] | IO[bytes], *, limits: Limits = DEFAULT_LIMITS
) -> Log:
    """Read a whole log into memory, verifying seq and chain. For long logs prefer
    :class:`LogReader` or :class:`grimoire.core.replay.Replay`, which stream."""
    with LogReader(source, limits=limits) as reader:
        events: list[Event] = []
        sigs: dict[int, str] = {}
        chained = True
        for _, _, rec in reader.records():
            events.append(rec.event)
            chained = chained and rec.chain is not None
            if rec.sig is not None:
                sigs[rec.seq] = rec.sig
        return Log(reader.header, events, chained and bool(events), sigs)


# ---------------------------------------------------------------- writing


def iter_encoded(
    header: Header, events: Iterable[Event], *, seal: bool = True, encoding: Encoding = "json",
    sigs: Mapping[int, str] | None = None,
) -> Iterator[bytes]:
    """The bytes of a log, line by line (header first); ``sigs`` are the acting seats'
    signatures by seq."""
    yield encode_line(header) if encoding == "json" else encode_frame(header)
    enc = line_writer(header.format, encoding)
    chain = header_hash(header)
    canon = canonical_for(header.format)
    sigs = sigs or {}
    for seq, event in enumerate(events):
        chain = chain_next(chain, canon(event))
        yield enc(Record(seq, event, chain.hex() if seal else None, sigs.get(seq)))


def write_log(
    path: str | os.PathLike[str],
    header: Header,
    events: Iterable[Event],
    *,
    seal: bool = True,
    encoding: Encoding | None = None,
    signature: Signature | None = None,
    sigs: Mapping[int, str] | None = None,
) -> None:
    """Write a new log file (refusing to overwrite is the caller's choice: this replaces).

    The file is written to a temporary name and renamed, so readers never see half a log.
    """
    encoding = encoding or encoding_for(path)
    target = Path(path)
    tmp: str | None = None
    try:
        # A fresh, unpredictable name created exclusively beside the target: nothing
        # planted there (a symlink, say) is ever followed or overwritten.
        fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.",
                                   suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            for chunk in iter_encoded(header, events, seal=seal, encoding=encoding, sigs=sigs):
                f.write(chunk)
            if signature is not None:
                trailer = Trailer(signature)
                f.write(encode_line(trailer) if encoding == "json" else encode_frame(trailer))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise LogError("log/unwritable", f"{path}: {exc.strerror}") from None


class LogWriter:
    """Appends records to a log as they happen: whole lines, flushed one by one, so a crash
    costs at most the line being written.

    >>> # w = LogWriter.create("m.jsonl", header); w.append(event); w.close()
    """

    def __init__(self, f: IO[bytes], header: Header, seq: int, chain: bytes, encoding: Encoding,
                 *, fsync: bool = False) -> None:
        self._f = f
        self.header = header
        self.seq = seq
        self.chain = chain
        self._enc = line_writer(header.format, encoding)
        self._fsync = fsync
        self._canon = canonical_for(header.format)

    @classmethod
    def create(
        cls, path: str | os.PathLike[str], header: Header, *, fsync: bool = False
    ) -> LogWriter:
        """Start a new log file; refuses to overwrite an existing one."""
        encoding = encoding_for(path)
        try:
            f = open(path, "xb")  # noqa: SIM115
        except OSError as exc:
            raise LogError("log/unwritable", f"{path}: {exc.strerror}") from None
        enc = encode_line if encoding == "json" else encode_frame
        f.write(enc(header))
        f.flush()
        return cls(f, header, 0, header_hash(header), encoding, fsync=fsync)

    @classmethod
    def resume(
        cls, path: str | os.PathLike[str], header: Header, seq: int, chain: bytes,
        *, fsync: bool = False,
    ) -> LogWriter:
        """Append to an existing log whose last record is ``seq - 1`` with ``chain``.

        Refuses a file whose last line is torn: appending after it would bury the damage.
        """
        encoding = encoding_for(path)
        try:
            f = open(path, "ab")  # noqa: SIM115
        except OSError as exc:
            raise LogError("log/unwritable", f"{path}: {exc.strerror}") from None
        if encoding == "json" and f.tell() > 0:
            with open(path, "rb") as r:
                r.seek(-1, os.SEEK_END)
                if r.read(1) != b"\n":
                    f.close()
                    raise LogError("log/torn-line", f"{path} ends in a partial line")
        return cls(f, header, seq, chain, encoding, fsync=fsync)

    def append(self, event: Event) -> Record[Event]:
        """Append one record (see :meth:`append_decision` for a whole decision)."""
        return self.append_decision((event,))[0]

    def append_decision(self, events: Iterable[Event],
                        sign: Callable[[bytes], str] | None = None) -> list[Record[Event]]:
        """Append the events of one decision as one write and one flush (and fsync when
        asked), so a crash leaves all of them or, at worst, a torn tail that readers
        report (``log/torn-line``, ``log/partial-decision``). ``sign`` signs the chain
        value after the action (its record's ``sig``)."""
        chain, seq = self.chain, self.seq
        records: list[Record[Event]] = []
        for k, event in enumerate(events):
            chain = chain_next(chain, self._canon(event))
            sig = sign(chain) if sign is not None and k == 0 else None
            records.append(Record(seq, event, chain.hex(), sig))
            seq += 1
        self._f.write(b"".join(self._enc(rec) for rec in records))
        self._f.flush()
        if self._fsync:
            os.fsync(self._f.fileno())
        self.chain, self.seq = chain, seq
        return records

    def close(self) -> None:
        self._f.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
