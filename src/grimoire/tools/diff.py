"""``grimoire diff``: where two logs part, and how their states differ there.

>>> # report = diff("a.jsonl", "b.jsonl"); report.common
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import msgspec

from grimoire.core.errors import UsageError
from grimoire.core.events import canonical
from grimoire.core.replay import Replay, shown
from grimoire.core.rules import describe


class DiffReport(msgspec.Struct, kw_only=True):
    """``common``: length of the shared prefix of records; ``a``/``b``: the first record of
    each side after it (``None`` where that side ended); ``state``: field-by-field
    differences of the states each side reaches with its first differing record applied."""

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

    def summary(self) -> str:
        if self.identical:
            return f"identical: {self.common} records"
        lines = [f"common prefix: {self.common} records "
                 f"({self.a_path}: {self.a_length}, {self.b_path}: {self.b_length})"]
        for field in self.headers_differ:
            lines.append(f"header field differs: {field}")
        for side, rec in (("a", self.a), ("b", self.b)):
            shown = "(log ends)" if rec is None else f"seq {rec['seq']}: {rec['describe']}"
            lines.append(f"{side}: {shown}")
        if self.state:
            lines.append("state differences after that record:")
            for d in self.state:
                lines.append(f"  {d['path']}: {d['a']!r} != {d['b']!r}")
        return "\n".join(lines)


def field_diff(a: Any, b: Any, path: str = "",
               squares: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Leaf-by-leaf differences of two msgspec-encodable values (paths like ``board[c3]``:
    a sequence as long as ``squares`` is read as one entry per square, named).

    >>> field_diff({"board": [".", "K"]}, {"board": [".", "."]}, squares=("a1", "b1"))
    [{'path': 'board[b1]', 'a': 'K', 'b': '.'}]
    """
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[dict[str, Any]] = []
        for k in list(a) + [k for k in b if k not in a]:
            out += field_diff(a.get(k), b.get(k), f"{path}.{k}" if path else str(k), squares)
        return out
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        named = bool(squares) and len(a) == len(squares)
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += field_diff(x, y, f"{path}[{squares[i] if named else i}]", squares)
        return out
    return [] if a == b else [{"path": path or "(state)", "a": a, "b": b}]


def diff(a_path: str | os.PathLike[str], b_path: str | os.PathLike[str]) -> DiffReport:
    """Compare two logs of the same game record by record (streamed)."""
    with Replay.open(a_path) as ra, Replay.open(b_path) as rb:
        if ra.header.game != rb.header.game:
            raise UsageError(
                "diff/different-games", f"{ra.header.game} vs {rb.header.game}: nothing to compare"
            )
        ha, hb = msgspec.to_builtins(ra.header), msgspec.to_builtins(rb.header)
        headers_differ = [k for k in ha if k != "forked_from" and ha.get(k) != hb.get(k)]
        common = 0
        ea, eb = ra.events(), rb.events()
        first_a = first_b = None
        while True:
            x, y = next(ea, None), next(eb, None)
            if x is None or y is None or canonical(x) != canonical(y):
                first_a, first_b = x, y
                break
            common += 1
        rules = ra.rules
        report = DiffReport(
            a_path=os.fspath(a_path), b_path=os.fspath(b_path),
            a_length=len(ra), b_length=len(rb), common=common,
            identical=first_a is None and first_b is None and not headers_differ,
            headers_differ=headers_differ,
        )
        if first_a is not None:
            report.a = {"seq": common, "event": msgspec.to_builtins(first_a),
                        "describe": shown("describe this event", describe, rules, first_a,
                                          ra.seek(common))}
        if first_b is not None:
            report.b = {"seq": common, "event": msgspec.to_builtins(first_b),
                        "describe": shown("describe this event", describe, rules, first_b,
                                          rb.seek(common))}
        if first_a is not None or first_b is not None:
            sa = msgspec.to_builtins(ra.seek(common + (first_a is not None)))
            sb = msgspec.to_builtins(rb.seek(common + (first_b is not None)))
            squares = getattr(rules, "squares", None)
            names = squares(ra.seek(common)) if callable(squares) else ()
            report.state = field_diff(sa, sb, squares=names)
        return report
