"""``grimoire validate``: audit logs, one report each.

>>> # [r.summary() for r in validate(["a.jsonl", "b.jsonl"])]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence

from grimoire.core.audit import AuditReport, audit
from grimoire.core.errors import UsageError
from grimoire.core.logfile import DEFAULT_LIMITS, Limits
from grimoire.tools._log import get_logger

log = get_logger("grimoire.validate")

__all__ = ["DEFAULT_LIMITS", "AuditReport", "Limits", "expand", "validate"]


def validate(
    paths: Iterable[str | os.PathLike[str]],
    *,
    limits: Limits = DEFAULT_LIMITS,
    progress: Callable[[AuditReport], None] | None = None,
    trust: Sequence[str] = (),
) -> list[AuditReport]:
    """Audit every log (folders are searched for ``*.jsonl`` and ``*.msgpack``). Each log
    gets its own report whatever happens to the others: an unexpected exception (a bug)
    becomes that log's ``internal/error``."""
    reports = []
    given = [os.fspath(p) for p in paths]
    found = expand(given)
    empty = [p for p in given if os.path.isdir(p) and not expand([p])]
    if empty:
        raise UsageError("validate/no-logs", f"{empty[0]} holds no logs (*.jsonl, *.msgpack)")
    for path in found:
        try:
            report = audit(path, limits=limits, trust=trust)
        except Exception as exc:  # a bug: reported for this log alone, the others go on
            report = AuditReport(path=os.fspath(path), ok=False, error={
                "error": "InternalError", "reason": "internal/error", "line": None,
                "seq": None, "detail": f"internal error: {type(exc).__name__}: {exc}"})
        log.info("validated", path=str(path), ok=report.ok, events=report.events,
                 error=report.error)
        reports.append(report)
        if progress is not None:
            progress(report)
    return reports


def expand(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Files as given; folders replaced by the logs inside them, sorted."""
    out: list[str] = []
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            for root, _, files in sorted(os.walk(p)):
                out.extend(
                    os.path.join(root, f)
                    for f in sorted(files)
                    if f.endswith((".jsonl", ".msgpack", ".mpk"))
                )
        else:
            out.append(p)
    return out
