"""``grimoire export``: an archive's events as one Parquet file, a row an event, for SQL
(DuckDB, pandas, Spark…) to read without knowing grimoire.

Each row is one event of one log: its game, the log's path (``match``), ``seq``, the
acting seat, the event's type tag, whether it is a player's action, the event's canonical
JSON, the match's player count, winners and ending (repeated on each of its rows, so one
table reproduces ``grimoire stats``), and the event's simple fields flattened into
``f_<field>`` columns. The columns come from the registered games' event types, never
from the data: every export made with the same games has the same schema
(:func:`schema`; ``docs/archives.md`` lists it).

Logs are read as :func:`grimoire.tools.stats.facts` reads them (audited first, the
default, or with ``validate=False`` trusted) on ``jobs`` processes; the parent writes
each log's rows in the order of :func:`~grimoire.tools.sources.iter_sources`, a row
group at a time, so memory does not grow with the archive. The file is written under a
temporary name beside ``out`` and renamed once complete. Needs pyarrow (``pip install
'grimoire-games[archive]'``).

>>> import os, tempfile
>>> from grimoire.tools.simulate import simulate
>>> folder = tempfile.mkdtemp()
>>> _ = simulate("vicious-circle", games=2, seed=2, out=folder, max_actions=20)
>>> report = export([folder], os.path.join(folder, "events.parquet"), jobs=1)
>>> report.logs, report.exported, report.rows > 0, report.skipped
(2, 2, True, {})
"""

from __future__ import annotations

import functools
import os
import tempfile
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

import msgspec

from grimoire.core import registry
from grimoire.core.errors import LogError, UsageError
from grimoire.core.events import Action
from grimoire.core.logfile import DEFAULT_LIMITS, Limits
from grimoire.core.rules import AnyRules
from grimoire.tools.pool import LOGS_PER_TASK, cores, ordered
from grimoire.tools.sources import Source, check_sources, iter_sources, release
from grimoire.tools.stats import event_tag, fold_source
from grimoire.tools.validate import CRASHED

__all__ = ["FIXED_COLUMNS", "ROWS_PER_GROUP", "ExportReport", "LogRows", "export",
           "field_columns", "log_rows", "schema"]

Kind = Literal["string", "int64", "int32", "bool", "double", "list<int32>"]

FIXED_COLUMNS: tuple[tuple[str, Kind], ...] = (
    ("game", "string"), ("match", "string"), ("seq", "int64"), ("seat", "int32"),
    ("type", "string"), ("action", "bool"), ("event", "string"), ("players", "int32"),
    ("winners", "list<int32>"), ("ending", "string"))
"""The columns every export has, first, in this order (``docs/archives.md``)."""

ROWS_PER_GROUP = 65_536
"""Rows the writer gathers (whole logs) before it writes them as one Parquet row group:
what the parent holds at most, besides one log and the pool's window."""

UNENCODABLE = "export/unencodable"
INSTALL = "pip install 'grimoire-games[archive]'"

_SIMPLE: dict[type, Kind] = {bool: "bool", int: "int64", float: "double", str: "string"}
_INT_RANGE = {"int64": 2**63, "int32": 2**31}


def _simple_kind(tp: Any) -> Kind | None:
    """The column kind of a field type that flattens (``int``, ``str``, ``bool``,
    ``float``, an ``Optional`` of one, a ``Literal`` of one type), else ``None``."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        kinds = {_simple_kind(a) for a in typing.get_args(tp) if a is not type(None)}
        return kinds.pop() if len(kinds) == 1 else None
    if origin is Literal:
        kinds = {_SIMPLE.get(type(v)) for v in typing.get_args(tp)}
        return kinds.pop() if len(kinds) == 1 else None
    return _SIMPLE.get(tp) if isinstance(tp, type) else None


def _event_classes(rules: AnyRules) -> list[type]:
    union = rules.Event
    members = typing.get_args(union) if typing.get_origin(union) in (
        typing.Union, types.UnionType) else (union,)
    return [c for c in members if isinstance(c, type) and issubclass(c, msgspec.Struct)]


def field_columns(games: Iterable[AnyRules] | None = None) -> tuple[tuple[str, Kind], ...]:
    """The flattened event-field columns, ``(name, kind)`` sorted by name: ``f_<field>``
    for each field (by its name in the JSON) of the event types of ``games`` (default:
    every registered game) whose type is simple (``int``, ``str``, ``bool``, ``float`` or
    an ``Optional`` of one) and the same wherever the name appears. ``player`` is the
    ``seat`` column, not one of these.

    >>> dict(field_columns([registry.get("vicious-circle")]))["f_from"]
    'string'
    """
    seen: dict[str, Kind | None] = {}
    for rules in registry.all_rules() if games is None else games:
        for cls in _event_classes(rules):
            hints = typing.get_type_hints(cls)
            for f in msgspec.structs.fields(cls):
                if f.encode_name == "player":
                    continue
                kind = _simple_kind(hints.get(f.name))
                if f.encode_name in seen and seen[f.encode_name] != kind:
                    kind = None  # the name means different things: the JSON keeps it
                seen[f.encode_name] = kind
    return tuple((f"f_{name}", kind) for name, kind in sorted(seen.items())
                 if kind is not None)


def _pyarrow() -> Any:
    """pyarrow, or the :class:`UsageError` that says how to install it. Only the writer
    needs it: workers send plain columns."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise UsageError("export/needs-archive", "export writes Parquet with pyarrow, which "
                         f"is not installed: {INSTALL}") from None
    return pyarrow


@functools.cache
def _arrow_type(pa: Any, kind: Kind) -> Any:
    if kind == "list<int32>":
        return pa.list_(pa.int32())
    return {"string": pa.string(), "int64": pa.int64(), "int32": pa.int32(),
            "bool": pa.bool_(), "double": pa.float64()}[kind]


_NULLS: dict[Kind, Any] = {}


def _nulls(pa: Any, n: int, kind: Kind) -> Any:
    """``n`` nulls of ``kind``: a zero-copy slice of one array kept per kind (most field
    columns of most logs are empty, and a slice costs a fraction of a new array)."""
    held = _NULLS.get(kind)
    if held is None or len(held) < n:
        held = _NULLS[kind] = pa.nulls(max(n, 1 << 16), _arrow_type(pa, kind))
    return held.slice(0, n)


@functools.lru_cache(maxsize=8)
def _schema(fields: tuple[tuple[str, Kind], ...]) -> Any:
    pa = _pyarrow()
    return pa.schema([pa.field(name, _arrow_type(pa, kind))
                      for name, kind in FIXED_COLUMNS + fields])


def schema(games: Iterable[AnyRules] | None = None) -> Any:
    """The ``pyarrow.Schema`` of an export made with ``games`` registered (default: the
    games registered now): :data:`FIXED_COLUMNS`, then :func:`field_columns`.

    >>> schema().names[:4]
    ['game', 'match', 'seq', 'seat']
    """
    return _schema(field_columns(games))


class LogRows(msgspec.Struct, frozen=True, kw_only=True):
    """One log's part of an export, as plain columns (cheap to make and to send from a
    worker; the writer turns many logs' at once into Arrow): its ``rows``, the match's
    ``players``, ``winners`` and ``ending``, each event's ``types``, ``actions``,
    ``seats`` and JSON (``events``), and per field column its values, a row each (``None``
    where an event has none), or ``None`` for a column no event of the log has
    (``fields``); or the ``error`` that kept the log out (its game, when the header could
    be read)."""

    path: str
    game: str | None = None
    rows: int = 0
    error: dict[str, Any] | None = None
    players: int = 0
    winners: list[int] | None = None
    ending: str | None = None
    types: list[str] = msgspec.field(default_factory=list)
    actions: list[bool] = msgspec.field(default_factory=list)
    seats: list[int | None] = msgspec.field(default_factory=list)
    events: list[bytes] = msgspec.field(default_factory=list)
    fields: list[list[Any] | None] = msgspec.field(default_factory=list)


# per event class, per schema: (tag, is an action, has a player field,
# ((column index among the field columns, attribute), ...))
_Plan = tuple[str, bool, bool, tuple[tuple[int, str], ...]]
_PLANS: dict[tuple[type, tuple[tuple[str, Kind], ...]], _Plan] = {}


def _plan(cls: type, fields: tuple[tuple[str, Kind], ...]) -> _Plan:
    plan = _PLANS.get((cls, fields))
    if plan is None:
        index = {name: k for k, (name, _) in enumerate(fields)}
        struct_fields = msgspec.structs.fields(cls) if issubclass(cls, msgspec.Struct) else ()
        mine = tuple((index[f"f_{f.encode_name}"], f.name) for f in struct_fields
                     if f"f_{f.encode_name}" in index)
        plan = _PLANS[(cls, fields)] = (
            event_tag(cls), issubclass(cls, Action),
            any(f.encode_name == "player" for f in struct_fields), mine)
    return plan


def _fits(value: Any, kind: Kind) -> Any:
    """``value`` if a column of ``kind`` holds it, else ``None`` (the JSON keeps it)."""
    if kind in _INT_RANGE:
        bound = _INT_RANGE[kind]
        ok = isinstance(value, int) and not isinstance(value, bool) and -bound <= value < bound
    elif kind == "double":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    else:
        ok = isinstance(value, {"string": str, "bool": bool}[kind])
    return value if ok else None


def _array(pa: Any, values: list[Any], kind: Kind) -> Any:
    """An Arrow array of ``values``; one that does not fit its column (an integer out of
    range, a value of another type) is null there."""
    try:
        return pa.array(values, _arrow_type(pa, kind))
    except (OverflowError, pa.ArrowInvalid, pa.ArrowTypeError):
        return pa.array([None if v is None else _fits(v, kind) for v in values],
                        _arrow_type(pa, kind))


def log_rows(item: Source, *, fields: tuple[tuple[str, Kind], ...], validate: bool = True,
             limits: Limits = DEFAULT_LIMITS, root: str | None = None) -> LogRows:
    """One log's rows under the schema whose field columns are ``fields``
    (:func:`field_columns`): audited first with ``validate`` (the default), or read
    trusted (the events folded by the rules, as :func:`grimoire.tools.stats.facts` does). What a
    worker runs; never raises: what goes wrong is the result's ``error``. ``item`` is a
    log file or a stored match (:mod:`grimoire.tools.sources`); a relative path is read
    under ``root`` if given (as :func:`~grimoire.tools.validate.audit_path`) and
    reported, and written in the ``match`` column, as given (``STORE#MATCH`` for a
    stored match)."""
    path = str(item)
    tags: list[str] = []
    actions: list[bool] = []
    seats: list[Any] = []
    texts: list[bytes] = []
    sparse: list[tuple[list[int], list[Any]]] = [([], []) for _ in fields]
    plans: dict[type, _Plan] = {}  # this log's (a plan's key hashes the schema)
    encode = msgspec.json.Encoder().encode

    def row(event: object) -> None:
        cls = type(event)
        plan = plans.get(cls)
        if plan is None:
            plan = plans[cls] = _plan(cls, fields)
        tag, is_action, has_player, mine = plan
        k = len(tags)
        tags.append(tag)
        actions.append(is_action)
        seats.append(getattr(event, "player", None) if has_player else None)
        texts.append(encode(event))
        for column, attr in mine:
            rows, values = sparse[column]
            rows.append(k)
            values.append(getattr(event, attr))

    got = fold_source(item, row, validate=validate, limits=limits, root=root)
    if got.error is not None:
        return LogRows(path=path, game=got.game, error=got.error)
    n = len(tags)
    if not n:  # a log of a header alone: read whole, no rows
        return LogRows(path=path, game=got.game)
    dense: list[list[Any] | None] = []
    for (_, kind), (rows, values) in zip(fields, sparse, strict=True):
        if not rows:
            dense.append(None)
            continue
        if kind == "string" and not all(_utf8(v) for v in values):
            # what Arrow cannot hold is this log's fault, not its row group's
            return LogRows(path=path, game=got.game, error=LogError(
                UNENCODABLE, "its rows cannot be written (a string that is no UTF-8)"
            ).to_dict())
        full: list[Any] = [None] * n
        for k, value in zip(rows, values, strict=True):
            full[k] = value
        dense.append(full)
    outcome = got.outcome
    return LogRows(path=path, game=got.game, rows=n, players=got.players,
                   winners=None if outcome is None else [int(w) for w in outcome.winners],
                   ending=None if outcome is None else outcome.reason, types=tags,
                   actions=actions, seats=seats, events=texts, fields=dense)


def _utf8(value: object) -> bool:
    if not isinstance(value, str):
        return True
    try:
        value.encode()
    except UnicodeError:
        return False
    return True


def _crashed(item: Source, detail: str) -> LogRows:
    return LogRows(path=str(item), error={"error": "InternalError", "reason": CRASHED,
                                     "line": None, "seq": None, "detail": detail})


class ExportReport(msgspec.Struct, frozen=True, kw_only=True):
    """What an export wrote: ``logs`` found, ``exported`` (read whole: their events are
    rows, ``empty`` of them had none), ``rows`` written to ``out``, ``columns`` in its
    schema, and the logs kept out by reason code (unreadable, not a log, refused by the
    audit with ``validated``, ``log/impossible-event``, a worker that died).

    >>> print(ExportReport(out="e.parquet", logs=3, exported=2, rows=40, columns=31,
    ...                    validated=True, skipped={"log/not-a-log": 1}).summary())
    3 logs audited: 2 exported, 40 rows, 31 columns in e.parquet
    kept out: log/not-a-log 1
    """

    out: str
    logs: int
    exported: int
    rows: int
    columns: int
    empty: int = 0
    validated: bool = False
    skipped: dict[str, int] = msgspec.field(default_factory=dict)

    def summary(self) -> str:
        """The export in a line or two, for people."""
        read = "audited" if self.validated else (
            "read unchecked (--no-validate: a tampered log is exported as any other)")
        lines = [f"{self.logs:,} logs {read}: {self.exported:,} exported, {self.rows:,} rows, "
                 f"{self.columns} columns in {self.out}"]
        if self.empty:
            lines.append(f"logs with no events (no rows): {self.empty:,}")
        if self.skipped:
            lines.append("kept out: " + _counts(self.skipped))
        return "\n".join(lines)


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {n:,}" for k, n in counts.items())


def export(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    jobs: int | None = None,
    validate: bool = True,
    limits: Limits = DEFAULT_LIMITS,
    overwrite: bool = False,
    progress: Callable[[LogRows], None] | None = None,
    scheduler: str | None = None,
) -> ExportReport:
    """Write the events of every log under ``paths`` (files, folders and stores, as
    :func:`~grimoire.tools.sources.iter_sources` reads them) to the Parquet file ``out``,
    read on ``jobs`` processes (default: the machine's cores; 1: in this process), or on
    the Dask cluster at ``scheduler``. The same rows whatever runs it: workers send each
    log's rows as plain columns, and this process makes them into Arrow a row group at a
    time.
    Each log is audited first (``validate``, the default; ``validate=False`` reads them
    as trusted): a log that cannot be read or that the audit refuses has no rows and is
    counted in the report's ``skipped`` by reason; the others go on. ``out`` is
    replaced only with ``overwrite`` (else ``io/exists``)."""
    given = [os.fspath(p) for p in paths]
    jobs = cores() if jobs is None else jobs
    if jobs < 1:
        raise UsageError("export/jobs", f"--jobs must be 1 or more, not {jobs}")
    check_sources(given, "export", scheduler)
    target = Path(out)
    if target.exists() and not overwrite:
        raise UsageError("io/exists", f"{out} exists; choose another name")
    pa = _pyarrow()
    fields = field_columns()
    arrow_schema = _schema(fields)
    task = functools.partial(log_rows, fields=fields, validate=validate, limits=limits,
                             root=None if scheduler is None else os.getcwd())
    try:  # a fresh name beside the target, renamed once the file is whole
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                   suffix=".tmp")
    except OSError as exc:
        raise UsageError("export/unwritable", f"{out}: {exc.strerror}") from None
    os.close(fd)
    logs = exported = rows = empty = 0
    skipped: dict[str, int] = {}
    try:
        with pa.parquet.ParquetWriter(tmp, arrow_schema) as writer:
            group: list[Any] = []
            held = 0
            for part in ordered(task, iter_sources(given), jobs=jobs, crashed=_crashed,
                                chunk=LOGS_PER_TASK, scheduler=scheduler):
                logs += 1
                if part.error is not None:
                    reason = str(part.error.get("reason"))
                    skipped[reason] = skipped.get(reason, 0) + 1
                else:
                    exported += 1
                    rows += part.rows
                    empty += not part.rows
                    if part.rows:
                        group.append(part)
                        held += part.rows
                        if held >= ROWS_PER_GROUP:
                            _write(pa, writer, group, fields, arrow_schema)
                            group, held = [], 0
                if progress is not None:
                    progress(part)
            if group:
                _write(pa, writer, group, fields, arrow_schema)
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UsageError("export/unwritable", f"{out}: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    finally:  # the database connections this process read matches through
        release()
    return ExportReport(out=os.fspath(out), logs=logs, exported=exported, rows=rows,
                        columns=len(arrow_schema), empty=empty, validated=validate,
                        skipped=dict(sorted(skipped.items(), key=lambda kv: (-kv[1], kv[0]))))


def _write(pa: Any, writer: Any, parts: list[LogRows],
           fields: tuple[tuple[str, Kind], ...], arrow_schema: Any) -> None:
    """Whole logs' rows as one row group, each column made once for all of them."""
    n = sum(p.rows for p in parts)
    games: list[str | None] = []
    matches: list[str] = []
    seqs: list[int] = []
    players: list[int] = []
    winners: list[list[int] | None] = []
    endings: list[str | None] = []
    types: list[str] = []
    actions: list[bool] = []
    seats: list[int | None] = []
    events: list[bytes] = []
    for p in parts:
        k = p.rows
        games += [p.game] * k
        matches += [p.path] * k
        seqs += range(k)
        players += [p.players] * k
        winners += [p.winners] * k
        endings += [p.ending] * k
        types += p.types
        actions += p.actions
        seats += p.seats
        events += p.events
    columns = [
        pa.array(games, pa.string()), pa.array(matches, pa.string()),
        pa.array(seqs, pa.int64()), _array(pa, seats, "int32"), pa.array(types, pa.string()),
        pa.array(actions, pa.bool_()), pa.array(events, pa.string()),
        pa.array(players, pa.int32()), pa.array(winners, pa.list_(pa.int32())),
        pa.array(endings, pa.string()),
    ]
    for k, (_, kind) in enumerate(fields):
        if all(p.fields[k] is None for p in parts):
            columns.append(_nulls(pa, n, kind))
            continue
        full: list[Any] = []
        for p in parts:
            values = p.fields[k]
            full += [None] * p.rows if values is None else values
        columns.append(_array(pa, full, kind))
    batch = pa.RecordBatch.from_arrays(columns, schema=arrow_schema)
    writer.write_batch(batch, row_group_size=n)
