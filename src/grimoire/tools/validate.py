"""``grimoire validate``: audit logs, one report each, on one process or many.

:func:`reports` streams the reports of any number of logs in the order the paths name
them (folders searched and sorted as :func:`expand` does), on ``jobs`` processes, with
bounded memory; :class:`Totals` counts them; :func:`validate` is the list of them.

>>> # for report in reports(["archive/"], jobs=4): print(report.summary())
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Iterator, Sequence

import msgspec

from grimoire.core.audit import AuditReport, _audit
from grimoire.core.errors import GrimoireError, UsageError
from grimoire.core.events import Event
from grimoire.core.logfile import DEFAULT_LIMITS, Limits
from grimoire.tools._log import get_logger
from grimoire.tools.pool import LOGS_PER_TASK, cores, ordered
from grimoire.tools.sources import (
    LOG_SUFFIXES,
    Source,
    StoredMatch,
    check_sources,
    iter_logs,
    iter_sources,
    log_source,
    release,
    relocated,
)

log = get_logger("grimoire.validate")

__all__ = ["CRASHED", "DEFAULT_LIMITS", "LOG_SUFFIXES", "UNREADABLE", "AuditReport",
           "Limits", "Source", "StoredMatch", "Totals", "audit_path", "cores", "expand",
           "iter_logs", "iter_sources", "reports", "validate"]

INTERNAL = "internal/error"
CRASHED = "audit/worker-crashed"
"""The reason of a log whose worker process died twice auditing it (exit code 3)."""
UNREADABLE = frozenset({"log/unreadable", "log/empty", "log/not-a-file", "log/not-a-log",
                        "store/locked", "store/io", "store/corrupt", "store/missing",
                        "store/too-new", "store/too-old", "store/unavailable"})
"""The reasons of a log that could not be read at all: a file that is no log, or a
stored match its store would not give (a PostgreSQL server gone meanwhile:
``store/unavailable``; exit code 2)."""


def validate(
    paths: Iterable[str | os.PathLike[str]],
    *,
    limits: Limits = DEFAULT_LIMITS,
    progress: Callable[[AuditReport], None] | None = None,
    trust: Sequence[str] = (),
    jobs: int = 1,
) -> list[AuditReport]:
    """Audit every log (folders are searched for ``*.jsonl`` and ``*.msgpack``, a store
    stands for its matches: :func:`~grimoire.tools.sources.iter_sources`). Each log
    gets its own report whatever happens to the others: an unexpected exception (a bug)
    becomes that log's ``internal/error``. ``jobs`` processes (see :func:`reports`)."""
    out = []
    for report in reports(paths, limits=limits, trust=trust, jobs=jobs):
        out.append(report)
        if progress is not None:
            progress(report)
    return out


def reports(
    paths: Iterable[str | os.PathLike[str]],
    *,
    limits: Limits = DEFAULT_LIMITS,
    trust: Sequence[str] = (),
    jobs: int | None = None,
    scheduler: str | None = None,
) -> Iterator[AuditReport]:
    """The report of every log, in the order of :func:`iter_sources`, audited on ``jobs``
    processes (default: the machine's cores; 1: in this process). The same reports
    whatever ``jobs`` is. At most a few dozen logs per process are in flight, so memory
    does not grow with the number of logs. A worker process that dies is retried once
    on a fresh process; if it dies again the log's report is :data:`CRASHED`.
    ``scheduler``: audit on the Dask cluster at that address instead (see
    :func:`~grimoire.tools.pool.ordered`); relative paths are sent as seen from here.

    A folder that holds no logs, or a store no matches, is a :class:`UsageError`
    (``validate/no-logs``), and a store that cannot be opened its
    :class:`~grimoire.core.errors.StoreError`, raised before any log is audited.
    """
    given = [os.fspath(p) for p in paths]
    jobs = cores() if jobs is None else jobs
    if jobs < 1:
        raise UsageError("validate/jobs", f"--jobs must be 1 or more, not {jobs}")
    check_sources(given, "validate", scheduler)
    task = functools.partial(audit_path, limits=limits, trust=tuple(trust),
                             root=None if scheduler is None else os.getcwd())
    try:
        for report in ordered(task, iter_sources(given), jobs=jobs, crashed=crashed_report,
                              chunk=LOGS_PER_TASK, scheduler=scheduler):
            log.info("validated", path=report.path, ok=report.ok, events=report.events,
                     error=report.error)
            yield report
    finally:  # the database connections this process read matches through
        release()


def audit_path(path: Source, *, limits: Limits = DEFAULT_LIMITS,
               trust: Sequence[str] = (), root: str | None = None) -> AuditReport:
    """:func:`~grimoire.core.audit.audit` of one log, a file or a stored match (whose
    report is the one its exported file gets, but for its path, ``STORE#MATCH``), an
    unexpected exception (a bug) included: it becomes the report's ``internal/error``.
    What each worker runs. A relative path is found under ``root`` when one is given (a
    worker on a cluster, whose working folder is not the caller's) and reported as
    given."""
    return _audit_path(path, limits, trust, root, None)


def _audit_path(path: Source, limits: Limits, trust: Sequence[str], root: str | None,
                keep: list[Event] | None) -> AuditReport:
    """:func:`audit_path`; with ``keep``, the events the audit read are appended to it
    (as :func:`grimoire.core.audit._audit` keeps them)."""
    try:
        with log_source(path, root) as source:
            report = _audit(source, limits, trust, keep)
    except GrimoireError as exc:  # the store would not open
        return AuditReport(path=str(path), ok=False,
                           error=relocated(exc.to_dict(), path, root))
    except Exception as exc:  # a bug: reported for this log alone, the others go on
        return AuditReport(path=str(path), ok=False, error={
            "error": "InternalError", "reason": INTERNAL, "line": None,
            "seq": None, "detail": f"internal error: {type(exc).__name__}: {exc}"})
    report.path, report.error = str(path), relocated(report.error, path, root)
    return report


def crashed_report(path: Source, detail: str) -> AuditReport:
    """The report of a log whose worker process died twice auditing it.

    >>> crashed_report("a.jsonl", "killed").error["reason"]
    'audit/worker-crashed'
    """
    return AuditReport(path=str(path), ok=False, error={
        "error": "InternalError", "reason": CRASHED, "line": None, "seq": None,
        "detail": detail})


class Totals(msgspec.Struct, kw_only=True):
    """What a run of audits found: logs, events, how many were valid, invalid (the log
    breaks a rule or the format), unreadable (not a log file at all), or not audited
    (``internal/error``, ``audit/worker-crashed``), and every problem's reason code.

    >>> totals = Totals()
    >>> totals.add(AuditReport(path="a", ok=True, events=9))
    >>> totals.add(AuditReport(path="b", ok=False, error={"reason": "log/seq"}))
    >>> print(totals.summary())
    2 logs, 9 events: 1 valid, 1 invalid, 0 unreadable (log/seq 1)
    """

    logs: int = 0
    events: int = 0
    valid: int = 0
    invalid: int = 0
    unreadable: int = 0
    errors: int = 0
    reasons: dict[str, int] = msgspec.field(default_factory=dict)

    def add(self, report: AuditReport) -> None:
        """Count ``report``."""
        self.logs += 1
        self.events += report.events
        if report.ok or report.error is None:
            self.valid += 1
            return
        reason = str(report.error.get("reason"))
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        if reason in UNREADABLE:
            self.unreadable += 1
        elif reason in (INTERNAL, CRASHED):
            self.errors += 1
        else:
            self.invalid += 1

    def by_reason(self) -> list[tuple[str, int]]:
        """The reason codes, most frequent first."""
        return sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0]))

    def summary(self) -> str:
        """One line for people."""
        text = (f"{self.logs:,} logs, {self.events:,} events: {self.valid:,} valid, "
                f"{self.invalid:,} invalid, {self.unreadable:,} unreadable")
        if self.errors:
            text += f", {self.errors:,} not audited (a crash or a bug)"
        if self.reasons:
            text += " (" + ", ".join(f"{r} {n:,}" for r, n in self.by_reason()) + ")"
        return text

    def to_dict(self) -> dict[str, object]:
        """The totals as JSON-ready data, reasons most frequent first."""
        data = msgspec.to_builtins(self)
        data["reasons"] = dict(self.by_reason())
        return data  # type: ignore[no-any-return]


def expand(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Files as given; folders replaced by the logs inside them, sorted (the list of
    :func:`iter_logs`)."""
    return list(iter_logs(paths))
