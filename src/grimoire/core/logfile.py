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

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

import msgspec

from grimoire.core import registry
from grimoire.core.errors import GrimoireError, LogError
from grimoire.core.events import FORMAT, Event, Header, Record, canonical, chain_next, header_hash
from grimoire.core.rules import AnyRules

Encoding = Literal["json", "msgpack"]

MAX_LINE = 1 << 20
"""Longest accepted line (bytes). A record is a few hundred bytes; 1 MiB is generous."""
MAX_RECORDS = 100_000_000
"""Most records accepted in one log."""
CHUNK = 1 << 20
_FRAME = b"\xc6"  # msgpack bin 32


@dataclass(frozen=True)
class Limits:
    """Decoding bounds. ``Limits(max_line=4096)`` refuses any longer line."""

    max_line: int = MAX_LINE
    max_records: int = MAX_RECORDS


DEFAULT_LIMITS = Limits()


@dataclass
class Log:
    """A whole log in memory: header, events, and (when sealed) the last chain value."""

    header: Header
    events: list[Event] = field(default_factory=list)
    sealed: bool = False


# ---------------------------------------------------------------- decoders (one per game)

_header_json = msgspec.json.Decoder(Header)
_header_mp = msgspec.msgpack.Decoder(Header)
_record_decoders: dict[tuple[str, Encoding], Any] = {}


def record_decoder(rules: AnyRules, encoding: Encoding = "json") -> Any:
    """The reusable msgspec decoder for ``Record[rules.Event]``."""
    key = (rules.name, encoding)
    dec = _record_decoders.get(key)
    if dec is None:
        typ = Record[rules.Event]  # type: ignore[name-defined]
        dec = (
            msgspec.json.Decoder(typ) if encoding == "json" else msgspec.msgpack.Decoder(typ)
        )
        _record_decoders[key] = dec
    return dec


_json_enc = msgspec.json.Encoder()
_mp_enc = msgspec.msgpack.Encoder()


def encode_line(obj: object) -> bytes:
    """One JSON line (with its newline) for a header or record."""
    return _json_enc.encode(obj) + b"\n"


def encode_frame(obj: object) -> bytes:
    """One msgpack frame for a header or record."""
    body = _mp_enc.encode(obj)
    return _FRAME + len(body).to_bytes(4, "big") + body


def encoding_for(path: str | os.PathLike[str]) -> Encoding:
    """``msgpack`` for ``.msgpack``/``.mpk`` files, JSON Lines otherwise."""
    return "msgpack" if str(path).endswith((".msgpack", ".mpk")) else "json"


# ---------------------------------------------------------------- raw line splitting


def _json_lines(f: IO[bytes], limits: Limits) -> Iterator[tuple[int, int, bytes, bool]]:
    """Yield (line number, byte offset, line bytes, complete?) reading in chunks."""
    lineno = 0
    offset = 0
    rest = b""
    while True:
        chunk = f.read(CHUNK)
        if not chunk:
            break
        parts = (rest + chunk).split(b"\n") if rest else chunk.split(b"\n")
        rest = parts.pop()
        for line in parts:
            lineno += 1
            if len(line) > limits.max_line:
                raise LogError(
                    "log/line-too-long", f"{len(line)} bytes (limit {limits.max_line})", line=lineno
                )
            yield lineno, offset, line, True
            offset += len(line) + 1
        if len(rest) > limits.max_line:
            raise LogError(
                "log/line-too-long", f"over {limits.max_line} bytes", line=lineno + 1
            )
    if rest:
        yield lineno + 1, offset, rest, False


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


# ---------------------------------------------------------------- reading


def _decode_header(data: bytes, encoding: Encoding, complete: bool) -> Header:
    try:
        header = (_header_json if encoding == "json" else _header_mp).decode(data)
    except msgspec.ValidationError as exc:
        raise LogError("log/bad-header", str(exc), line=1) from None
    except (msgspec.DecodeError, UnicodeDecodeError) as exc:
        reason = "log/torn-line" if not complete else "log/bad-json"
        raise LogError(reason, f"header: {exc}", line=1) from None
    if header.format != FORMAT:
        raise LogError("log/unknown-format", f"{header.format!r} (expected {FORMAT!r})", line=1)
    return header


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
            try:
                self._f: IO[bytes] = open(source, "rb")  # noqa: SIM115
            except OSError as exc:
                raise LogError("log/unreadable", f"{source}: {exc.strerror}") from None
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
        if encoding is None:
            first = self._f.read(1)
            self._f.seek(0)
            encoding = "msgpack" if first == _FRAME else "json"
        self.encoding: Encoding = encoding
        split = _json_lines if encoding == "json" else _msgpack_frames
        self._lines = split(self._f, self.limits)
        first_line = next(self._lines, None)
        if first_line is None:
            raise LogError("log/empty", "the log has no header line", line=1)
        _, _, data, complete = first_line
        self.header = _decode_header(data, encoding, complete)
        self.rules = rules_for(self.header)
        self._decoder = record_decoder(self.rules, encoding)

    def __enter__(self) -> LogReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._owns:
            self._f.close()

    def records(self, *, verify: bool = True) -> Iterator[tuple[int, int, Record[Any]]]:
        """Yield ``(line, byte offset, record)``; checks seq always and the chain if ``verify``.

        Raises :class:`LogError` at the first bad line; everything before it was yielded.
        """
        decode = self._decoder.decode
        expected = 0
        chain = header_hash(self.header)
        max_records = self.limits.max_records
        for lineno, offset, data, complete in self._lines:
            if not data or data.isspace():  # blank lines are skipped (no copy on the hot path)
                if not complete:
                    break
                continue
            try:
                rec = decode(data)
            except msgspec.ValidationError as exc:
                if not complete:
                    raise LogError("log/torn-line", str(exc), line=lineno) from None
                raise LogError("log/bad-record", str(exc), line=lineno) from None
            except (msgspec.DecodeError, UnicodeDecodeError) as exc:
                reason = "log/torn-line" if not complete else "log/bad-json"
                raise LogError(reason, str(exc), line=lineno) from None
            if rec.seq != expected:
                raise LogError(
                    "log/seq", f"expected seq {expected}, found {rec.seq}", line=lineno, seq=rec.seq
                )
            if expected >= max_records:
                raise LogError("log/too-many-records", f"limit {max_records}", line=lineno)
            if verify:
                chain = chain_next(chain, canonical(rec.event))
                if rec.chain is not None and rec.chain != chain.hex():
                    raise LogError(
                        "log/chain",
                        f"chain {rec.chain} does not follow from the records before it",
                        line=lineno,
                        seq=rec.seq,
                    )
            expected += 1
            yield lineno, offset, rec

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


def read_log(
    source: str | os.PathLike[str] | IO[bytes], *, limits: Limits = DEFAULT_LIMITS
) -> Log:
    """Read a whole log into memory, verifying seq and chain. For long logs prefer
    :class:`LogReader` or :class:`grimoire.core.replay.Replay`, which stream."""
    with LogReader(source, limits=limits) as reader:
        events: list[Event] = []
        sealed = True
        for _, _, rec in reader.records():
            events.append(rec.event)
            sealed = sealed and rec.chain is not None
        return Log(reader.header, events, sealed and bool(events))


# ---------------------------------------------------------------- writing


def iter_encoded(
    header: Header, events: Iterable[Event], *, seal: bool = True, encoding: Encoding = "json"
) -> Iterator[bytes]:
    """The bytes of a log, line by line (header first)."""
    enc = encode_line if encoding == "json" else encode_frame
    yield enc(header)
    chain = header_hash(header)
    for seq, event in enumerate(events):
        chain = chain_next(chain, canonical(event))
        yield enc(Record(seq, event, chain.hex() if seal else None))


def write_log(
    path: str | os.PathLike[str],
    header: Header,
    events: Iterable[Event],
    *,
    seal: bool = True,
    encoding: Encoding | None = None,
) -> None:
    """Write a new log file (refusing to overwrite is the caller's choice: this replaces).

    The file is written to a temporary name and renamed, so readers never see half a log.
    """
    encoding = encoding or encoding_for(path)
    tmp = f"{os.fspath(path)}.tmp-{os.getpid()}"
    try:
        with open(tmp, "wb") as f:
            for chunk in iter_encoded(header, events, seal=seal, encoding=encoding):
                f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
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
        self._enc = encode_line if encoding == "json" else encode_frame
        self._fsync = fsync

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
        self.chain = chain_next(self.chain, canonical(event))
        rec: Record[Event] = Record(self.seq, event, self.chain.hex())
        self._f.write(self._enc(rec))
        self._f.flush()
        if self._fsync:
            os.fsync(self._f.fileno())
        self.seq += 1
        return rec

    def close(self) -> None:
        self._f.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
