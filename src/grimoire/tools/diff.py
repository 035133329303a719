"""``grimoire diff``: where two logs part, and how their states differ there.

Each log is first read as every tool reads it (the chain, the seats); a log that does not
verify (tampered with, say) is still compared, its records read as written, and the
report says so: "where was it changed?" is exactly the question then.

>>> # report = diff("a.jsonl", "b.jsonl"); report.common, report.b_problem
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterator, Sequence
from typing import Any

import msgspec

from grimoire.core.errors import GrimoireError, LogError, UsageError
from grimoire.core.events import Event, canonical
from grimoire.core.logfile import DEFAULT_LIMITS, Limits, LogReader
from grimoire.core.replay import initial_state, shown
from grimoire.core.rules import AnyRules, describe


class DiffReport(msgspec.Struct, kw_only=True):
    """``common``: length of the shared prefix of records; ``a``/``b``: the first record of
    each side after it (``None`` where that side ended); ``state``: field-by-field
    differences of the states each side reaches with its first differing record applied
    (squares by the names the board gives them). ``a_problem``/``b_problem``: why that
    log does not verify (its first bad line, as ``grimoire validate`` reports it), or
    ``None``; such a log is compared as written, and its records may end early (at a
    line that cannot be read at all)."""

    a_path: str
    b_path: str
    a_length: int
    b_length: int
    common: int
    identical: bool
    headers_differ: list[str]
    a: dict[str, Any] | None = None
    b: dict[str, Any] | None = None
    state: list[dict[str, Any]] = []
    a_problem: dict[str, Any] | None = None
    b_problem: dict[str, Any] | None = None

    def summary(self) -> str:
        lines = []
        for path, problem in ((self.a_path, self.a_problem), (self.b_path, self.b_problem)):
            if problem is not None:
                lines.append(f"{path} does not verify ({_located(problem)}): compared as "
                             "written, records read as trusted")
        if self.identical:
            return "\n".join([*lines, f"identical: {self.common} records"])
        lines.append(f"common prefix: {self.common} records "
                     f"({self.a_path}: {self.a_length}, {self.b_path}: {self.b_length})")
        for field in self.headers_differ:
            lines.append(f"header field differs: {field}")
        for side, rec in (("a", self.a), ("b", self.b)):
            told = "(log ends)" if rec is None else f"seq {rec['seq']}: {rec['describe']}"
            lines.append(f"{side}: {told}")
        if self.state:
            lines.append("state differences after that record:")
            for d in self.state:
                lines.append(f"  {d['path']}: {d['a']!r} != {d['b']!r}")
        return "\n".join(lines)


def _located(problem: dict[str, Any]) -> str:
    where = ""
    if problem.get("line") is not None:
        where = f"line {problem['line']}"
        if problem.get("seq") is not None:
            where += f" (seq {problem['seq']})"
        where += ": "
    return f"{where}{problem.get('reason')}: {problem.get('detail')}"


_INDEX = re.compile(r"\[[^\]]*\]")


def field_diff(a: Any, b: Any, path: str = "", squares: Sequence[str] = (),
               square_fields: Collection[str] = ()) -> list[dict[str, Any]]:
    """Leaf-by-leaf differences of two msgspec-encodable values. A sequence as long as
    ``squares`` is read as one entry per square, named (``board[c3]``); a value at a path
    of ``square_fields`` (indices written ``[*]``: ``pos[*]``) is a square's index, shown
    by its name (``-`` for none, -1).

    >>> field_diff({"board": [".", "K"]}, {"board": [".", "."]}, squares=("a1", "b1"))
    [{'path': 'board[b1]', 'a': 'K', 'b': '.'}]
    >>> field_diff({"pos": [0, 1]}, {"pos": [0, -1]}, squares=("a1", "b1"),
    ...            square_fields={"pos[*]"})
    [{'path': 'pos[1]', 'a': 'b1', 'b': '-'}]
    """
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[dict[str, Any]] = []
        for k in list(a) + [k for k in b if k not in a]:
            out += field_diff(a.get(k), b.get(k), f"{path}.{k}" if path else str(k), squares,
                              square_fields)
        return out
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        inner = _INDEX.sub("[*]", path) + "[*]"  # a declared field is no square's entry
        named = bool(squares) and len(a) == len(squares) and not any(
            f.startswith(inner) for f in square_fields)
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += field_diff(x, y, f"{path}[{squares[i] if named else i}]", squares,
                              square_fields)
        return out
    if a == b:
        return []
    if square_fields and _INDEX.sub("[*]", path) in square_fields:
        a, b = _square(a, squares), _square(b, squares)
    return [{"path": path or "(state)", "a": a, "b": b}]


def _square(value: Any, squares: Sequence[str]) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        if value == -1:
            return "-"
        if 0 <= value < len(squares):
            return squares[value]
    return value


def problem(path: str | os.PathLike[str], limits: Limits = DEFAULT_LIMITS
            ) -> dict[str, Any] | None:
    """Why the log at ``path`` does not verify as every tool reads it (seq, chain, seats:
    its first bad line), or ``None``. A log whose header cannot be read raises.

    >>> # problem("tampered.jsonl")["reason"]  -> 'log/chain'
    """
    with LogReader(path, limits=limits) as reader:
        try:
            for _ in reader.records():
                pass
        except LogError as exc:
            return exc.to_dict()
    return None


def _records(reader: LogReader) -> Iterator[Event]:
    """The events as written (seq checked, not the chain), ending quietly at a line that
    cannot be read at all (the log's problem says where)."""
    try:
        for _, _, rec in reader.records(verify=False):
            yield rec.event
    except LogError:
        return


class _Side:
    """One log as the diff reads it: its state folded along the common prefix."""

    def __init__(self, reader: LogReader) -> None:
        self.reader, self.rules = reader, reader.rules
        self.state: Any = initial_state(reader.rules, reader.header)
        self.folds = True  # False once the rules could not fold one of its records
        self.length = 0

    def fold(self, event: Event) -> None:
        if self.folds:
            try:
                self.state = self.rules.evolve(self.state, event)
            except Exception:  # a record the rules could never have produced
                self.folds = False


def diff(a_path: str | os.PathLike[str], b_path: str | os.PathLike[str], *,
         limits: Limits = DEFAULT_LIMITS) -> DiffReport:
    """Compare two logs of the same game record by record (streamed). A log that does not
    verify is compared as written (its records read as trusted), and the report names
    its problem (``a_problem``, ``b_problem``)."""
    a_problem, b_problem = problem(a_path, limits), problem(b_path, limits)
    with LogReader(a_path, limits=limits) as ra, LogReader(b_path, limits=limits) as rb:
        if ra.header.game != rb.header.game:
            raise UsageError(
                "diff/different-games", f"{ra.header.game} vs {rb.header.game}: nothing to compare"
            )
        ha, hb = msgspec.to_builtins(ra.header), msgspec.to_builtins(rb.header)
        headers_differ = [k for k in ha if k != "forked_from" and ha.get(k) != hb.get(k)]
        sa, sb = _Side(ra), _Side(rb)
        common = 0
        ea, eb = _records(ra), _records(rb)
        while True:
            x, y = next(ea, None), next(eb, None)
            if x is None or y is None or canonical(x) != canonical(y):
                break
            common += 1
            sa.fold(x)
            sb.fold(y)
        a_length = common + (x is not None) + sum(1 for _ in ea)
        b_length = common + (y is not None) + sum(1 for _ in eb)
        report = DiffReport(
            a_path=os.fspath(a_path), b_path=os.fspath(b_path),
            a_length=a_length, b_length=b_length, common=common,
            identical=x is None and y is None and not headers_differ,
            headers_differ=headers_differ, a_problem=a_problem, b_problem=b_problem,
        )
        rules = ra.rules
        before = sa.state
        for side, event, key in ((sa, x, "a"), (sb, y, "b")):
            if event is not None:
                setattr(report, key, {"seq": common, "event": msgspec.to_builtins(event),
                                      "describe": _tell(rules, event, side)})
                side.fold(event)
        if (x is not None or y is not None) and sa.folds and sb.folds:
            named = getattr(rules, "squares", None)
            squares = named(before) if callable(named) else ()
            report.state = field_diff(
                msgspec.to_builtins(sa.state), msgspec.to_builtins(sb.state),
                squares=squares, square_fields=getattr(rules, "square_fields", ()))
        return report


def _tell(rules: AnyRules, event: Event, side: _Side) -> str:
    if side.folds:
        try:
            told: str = shown("describe this event", describe, rules, event, side.state)
            return told
        except GrimoireError:
            pass
    return _plain(rules, event)


def _plain(rules: AnyRules, event: Event) -> str:
    """The event in words without a state; an event of a log that does not verify may be
    one no rules can describe (a piece index past the board's end…): its type, said so."""
    try:
        return describe(rules, event, None)
    except Exception:  # any event a forger wrote: diff must still answer
        data = msgspec.to_builtins(event)
        kind = data.get("type", type(event).__name__) if isinstance(data, dict) else "event"
        return f"{kind} (an event the rules cannot describe)"
