"""``grimoire upgrade``: a log rewritten in today's format and ruleset, and a copy checked
against its original.

An old log stays readable and auditable as it is (its format, ``grimoire/1``, and its
ruleset, through the game's ``older`` options and ``upcasters``). :func:`upgrade` writes a
new file holding the same match in the current format and ruleset: every event read
through the game's upcaster for its version (if its shape changed), the options that
reproduce the old rules written out in the header, and the header's ``upgraded_from``
naming the original: its file name, its header's hash (which names it whatever the file is
called), its format and ruleset, its record count and final chain value, and the key and
signature of its signature line when it is signed. A log already in today's format and
ruleset is refused (``upgrade/current``); an upgraded copy upgraded again keeps naming the
first original. The original is never rewritten.

:func:`check` holds a copy against its original (``grimoire upgrade ORIGINAL --check
COPY``): the copy's ``upgraded_from`` must name that original, its header must be the
header an upgrade of it writes, and its events must be the original's, one by one.

>>> # upgrade("old.jsonl", "new.jsonl").summary()
>>> # check("old.jsonl", "new.jsonl").summary()
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import msgspec

from grimoire.core.audit import audit
from grimoire.core.errors import GrimoireError, LogError, UsageError
from grimoire.core.events import FORMAT, Event, Header, Upgrade, header_hash
from grimoire.core.logfile import DEFAULT_LIMITS, Limits, LogReader, write_log
from grimoire.core.replay import initial_state
from grimoire.core.rules import options_for
from grimoire.tools._log import get_logger

log = get_logger("grimoire.upgrade")


class UpgradeReport(msgspec.Struct, frozen=True, kw_only=True):
    """What :func:`upgrade` wrote: from which format and ruleset to which, how many
    records, and the original's final chain value."""

    path: str
    out: str
    records: int
    old_format: str
    old_rules: str
    format: str
    rules: str
    chain: str | None

    def summary(self) -> str:
        """One line for people.

        >>> UpgradeReport(path="a", out="b", records=3, old_format="grimoire/1",
        ...               old_rules="1", format="grimoire/2", rules="2", chain=None).summary()
        'b: 3 records, grimoire/1 rules 1 -> grimoire/2 rules 2'
        """
        return (f"{self.out}: {self.records} records, {self.old_format} rules {self.old_rules}"
                f" -> {self.format} rules {self.rules}")


class CheckReport(msgspec.Struct, frozen=True, kw_only=True):
    """What :func:`check` found: the copy holds the original's match (``ok``), or the
    first difference (``error``, with its reason and line in the copy)."""

    original: str
    copy: str
    ok: bool
    records: int = 0
    header: str = ""
    error: dict[str, Any] | None = None

    def summary(self) -> str:
        """One line for people.

        >>> CheckReport(original="a", copy="b", ok=True, records=3, header="ab" * 16
        ...             ).summary()
        'b: the match of a (header abababababababab…), 3 records, upgraded'
        """
        if self.error is not None:
            line = self.error.get("line")
            where = f"line {line}: " if line is not None else ""
            return (f"{self.copy}: NOT an upgrade of {self.original}: {where}"
                    f"{self.error['reason']}: {self.error['detail']}")
        return (f"{self.copy}: the match of {self.original} (header {self.header[:16]}…), "
                f"{self.records} records, upgraded")


def _origin(path: str | os.PathLike[str], limits: Limits) -> tuple[Header, Upgrade, Any]:
    """The original's header, the ``upgraded_from`` a copy of it holds, and its rules.
    Reads it with every check; a signed original is audited, so a signature that does
    not hold is never carried into a copy (``sign/invalid-log``)."""
    with LogReader(path, limits=limits) as reader:
        header, rules = reader.header, reader.rules
        initial_state(rules, header)  # options, players and position, as every reader
        for _ in reader.records():
            pass
        count, final = reader.count, reader.final_chain.hex()
        signature = reader.signature
    if signature is not None:
        report = audit(path, limits=limits)
        if not report.ok:
            raise UsageError("sign/invalid-log", f"{path} does not pass its audit, so its "
                             f"signature is not carried into a copy: {report.summary()}")
    if header.upgraded_from is not None:  # a copy upgraded again: the first original
        return header, header.upgraded_from, rules
    return header, Upgrade(
        log=os.path.basename(os.fspath(path)), format=header.format, rules=header.rules,
        records=count, chain=final, header=header_hash(header).hex(),
        key=signature.key if signature else None, sig=signature.sig if signature else None,
    ), rules


def _upgraded_header(header: Header, origin: Upgrade, rules: Any) -> Header:
    options = msgspec.to_builtins(options_for(rules, header.rules, header.options))
    return msgspec.structs.replace(header, format=FORMAT, rules=rules.version,
                                   options=options, upgraded_from=origin)


def upgrade(
    path: str | os.PathLike[str], out: str | os.PathLike[str], *,
    limits: Limits = DEFAULT_LIMITS,
) -> UpgradeReport:
    """Write ``path``'s match to ``out`` (a new file) in the current format and ruleset.
    The original is read with every check (seq, chain, seats; a signed one is audited);
    its damage is an error, and so is a log already current (``upgrade/current``)."""
    if os.path.exists(out):
        raise UsageError("io/exists", f"{out} exists; choose another name")
    with LogReader(path, limits=limits) as reader:
        if reader.header.format == FORMAT and reader.header.rules == reader.rules.version:
            raise UsageError("upgrade/current", f"{path} is already in format {FORMAT} and "
                             f"{reader.header.game} rules {reader.rules.version}: nothing "
                             "to upgrade")
    header, origin, rules = _origin(path, limits)
    new = _upgraded_header(header, origin, rules)
    with LogReader(path, limits=limits) as reader:
        write_log(out, new, (rec.event for _, _, rec in reader.records()))
    log.info("upgraded", origin=str(path), out=str(out), records=origin.records)
    return UpgradeReport(path=os.fspath(path), out=os.fspath(out), records=origin.records,
                         old_format=header.format, old_rules=header.rules, format=FORMAT,
                         rules=rules.version, chain=origin.chain)


def _events(path: str | os.PathLike[str], limits: Limits
            ) -> Iterator[tuple[int, Event]]:
    with LogReader(path, limits=limits) as reader:
        for line, _, rec in reader.records():
            yield line, rec.event


def check(
    original: str | os.PathLike[str], copy: str | os.PathLike[str], *,
    limits: Limits = DEFAULT_LIMITS,
) -> CheckReport:
    """Does ``copy`` hold the match of ``original``, as :func:`upgrade` writes it? Its
    ``upgraded_from`` must name the original (header hash, format, ruleset, record count,
    final chain value, signature; the file name may differ: files are renamed), every
    other header field must be the one an upgrade writes, and its events must be the
    original's, read through the game's upcasters, one by one. Never raises a
    :class:`~grimoire.core.errors.GrimoireError` about either log: the report holds the
    first difference (``upgrade/origin``, ``upgrade/header``, ``upgrade/event``,
    ``upgrade/records``) or what kept a log from being read."""
    names = os.fspath(original), os.fspath(copy)
    try:
        header, origin, rules = _origin(original, limits)
        records = _compare(header, origin, rules, original, copy, limits)
    except GrimoireError as exc:
        return CheckReport(original=names[0], copy=names[1], ok=False, error=exc.to_dict())
    return CheckReport(original=names[0], copy=names[1], ok=True, records=records,
                       header=origin.header or "")


def _compare(header: Header, origin: Upgrade, rules: Any, original: str | os.PathLike[str],
             copy: str | os.PathLike[str], limits: Limits) -> int:
    with LogReader(copy, limits=limits) as reader:
        got = reader.header
    named = got.upgraded_from
    if named is None:
        raise LogError("upgrade/origin", f"{copy} names no original (no upgraded_from)",
                       line=1)
    for field in ("header", "format", "rules", "records", "chain", "key", "sig"):
        mine, theirs = getattr(named, field), getattr(origin, field)
        if mine != theirs and not (mine is None and field in ("header", "chain")):
            raise LogError("upgrade/origin", f"upgraded_from.{field} is {mine!r}; {original}"
                           f" has {theirs!r}", line=1)
    want = _upgraded_header(header, msgspec.structs.replace(
        origin, log=named.log, header=named.header, chain=named.chain), rules)
    for field in Header.__struct_fields__:
        if getattr(got, field) != getattr(want, field):
            raise LogError("upgrade/header", f"{field} is {getattr(got, field)!r}; an "
                           f"upgrade of {original} writes {getattr(want, field)!r}", line=1)
    theirs_events = _events(original, limits)
    count = 0
    for line, event in _events(copy, limits):
        source = next(theirs_events, None)
        if source is None:
            raise LogError("upgrade/records", f"{copy} goes on after the original's "
                           f"{count} records", line=line)
        if source[1] != event:
            raise LogError("upgrade/event", f"the original's line {source[0]} holds another "
                           "event", line=line, seq=count)
        count += 1
    if next(theirs_events, None) is not None:
        raise LogError("upgrade/records", f"{copy} ends after {count} records; the "
                       f"original goes on")
    return count
