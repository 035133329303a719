"""``grimoire validate``: audit logs, one report each, on one process or many.

:func:`reports` streams the reports of any number of logs in the order the paths name
them (folders searched and sorted as :func:`expand` does), on ``jobs`` processes, with
bounded memory; :class:`Totals` counts them; :func:`validate` is the list of them.

>>> # for report in reports(["archive/"], jobs=4): print(report.summary())
"""

from __future__ import annotations

import functools
import heapq
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import msgspec

from grimoire.core.audit import AuditReport, audit
from grimoire.core.errors import UsageError
from grimoire.core.logfile import DEFAULT_LIMITS, Limits
from grimoire.tools._log import get_logger
from grimoire.tools.pool import LOGS_PER_TASK, cores, ordered

log = get_logger("grimoire.validate")

__all__ = ["CRASHED", "DEFAULT_LIMITS", "UNREADABLE", "AuditReport", "Limits", "Totals",
           "audit_path", "cores", "expand", "iter_logs", "located", "relocated", "reports",
           "validate"]

LOG_SUFFIXES = (".jsonl", ".msgpack", ".mpk")
INTERNAL = "internal/error"
CRASHED = "audit/worker-crashed"
"""The reason of a log whose worker process died twice auditing it (exit code 3)."""
UNREADABLE = frozenset({"log/unreadable", "log/empty", "log/not-a-file", "log/not-a-log"})
"""The reasons of a file that could not be read as a log at all (exit code 2)."""


def validate(
    paths: Iterable[str | os.PathLike[str]],
    *,
    limits: Limits = DEFAULT_LIMITS,
    progress: Callable[[AuditReport], None] | None = None,
    trust: Sequence[str] = (),
    jobs: int = 1,
) -> list[AuditReport]:
    """Audit every log (folders are searched for ``*.jsonl`` and ``*.msgpack``). Each log
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
    """The report of every log, in the order of :func:`iter_logs`, audited on ``jobs``
    processes (default: the machine's cores; 1: in this process). The same reports
    whatever ``jobs`` is. At most a few dozen logs per process are in flight, so memory
    does not grow with the number of logs. A worker process that dies is retried once
    on a fresh process; if it dies again the log's report is :data:`CRASHED`.
    ``scheduler``: audit on the Dask cluster at that address instead (see
    :func:`~grimoire.tools.pool.ordered`); relative paths are sent as seen from here.

    A folder that holds no logs is a :class:`UsageError` (``validate/no-logs``), raised
    before any log is audited.
    """
    given = [os.fspath(p) for p in paths]
    jobs = cores() if jobs is None else jobs
    if jobs < 1:
        raise UsageError("validate/jobs", f"--jobs must be 1 or more, not {jobs}")
    for p in given:
        if os.path.isdir(p) and next(iter_logs([p]), None) is None:
            raise UsageError("validate/no-logs", f"{p} holds no logs (*.jsonl, *.msgpack)")
    task = functools.partial(audit_path, limits=limits, trust=tuple(trust),
                             root=None if scheduler is None else os.getcwd())
    for report in ordered(task, iter_logs(given), jobs=jobs, crashed=crashed_report,
                          chunk=LOGS_PER_TASK, scheduler=scheduler):
        log.info("validated", path=report.path, ok=report.ok, events=report.events,
                 error=report.error)
        yield report


def audit_path(path: str, *, limits: Limits = DEFAULT_LIMITS,
               trust: Sequence[str] = (), root: str | None = None) -> AuditReport:
    """:func:`~grimoire.core.audit.audit` of one file, an unexpected exception (a bug)
    included: it becomes the report's ``internal/error``. What each worker runs. A
    relative ``path`` is found under ``root`` when one is given (a worker on a cluster,
    whose working folder is not the caller's) and reported as given."""
    real = located(path, root)
    try:
        report = audit(real, limits=limits, trust=trust)
        if real != path:
            report.path, report.error = path, relocated(report.error, real, path)
        return report
    except Exception as exc:  # a bug: reported for this log alone, the others go on
        return AuditReport(path=os.fspath(path), ok=False, error={
            "error": "InternalError", "reason": INTERNAL, "line": None,
            "seq": None, "detail": f"internal error: {type(exc).__name__}: {exc}"})


def located(path: str, root: str | None) -> str:
    """Where a worker finds ``path``: under ``root`` if it is relative and ``root`` given.

    >>> located("a.jsonl", "/srv/logs"), located("/x/a.jsonl", "/srv/logs")
    ('/srv/logs/a.jsonl', '/x/a.jsonl')
    """
    return path if root is None else os.path.join(root, path)


def relocated(error: dict[str, Any] | None, real: str, path: str) -> dict[str, Any] | None:
    """``error`` with the path a worker opened (``real``) named as the caller gave it, so
    a report is the same wherever it was made."""
    if error is None or real == path or real not in str(error.get("detail", "")):
        return error
    return {**error, "detail": str(error["detail"]).replace(real, path)}


def crashed_report(path: str, detail: str) -> AuditReport:
    """The report of a log whose worker process died twice auditing it.

    >>> crashed_report("a.jsonl", "killed").error["reason"]
    'audit/worker-crashed'
    """
    return AuditReport(path=path, ok=False, error={
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


def iter_logs(paths: Iterable[str | os.PathLike[str]]) -> Iterator[str]:
    """Files as given; each folder replaced by the logs (``*.jsonl``, ``*.msgpack``,
    ``*.mpk``) under it, a folder at a time: its own files sorted by name, the folders
    in the sorted order of their paths (the order of ``sorted(os.walk(folder))``), so
    memory holds one folder's names, never the archive's. Folders that cannot be listed
    are passed over, as ``os.walk`` does; links to folders are not followed.
    """
    for p in paths:
        p = os.fspath(p)
        if not os.path.isdir(p):
            yield p
            continue
        todo = [p]  # folders to list, the least path first (a path sorts before its
        while todo:  # sub-folders, so the heap yields the same order as sorting them all)
            root = heapq.heappop(todo)
            try:
                with os.scandir(root) as entries:
                    listing = list(entries)
            except OSError:
                continue
            files = []
            for entry in listing:
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    try:
                        link = entry.is_symlink()
                    except OSError:
                        link = False
                    if not link:
                        heapq.heappush(todo, os.path.join(root, entry.name))
                elif entry.name.endswith(LOG_SUFFIXES):
                    files.append(entry.name)
            for name in sorted(files):
                yield os.path.join(root, name)
