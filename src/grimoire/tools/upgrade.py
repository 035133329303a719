"""``grimoire upgrade``: a log rewritten in today's format and ruleset.

An old log stays readable and auditable as it is (its format, ``grimoire/1``, and its
ruleset, through the game's ``older`` options and ``upcasters``). ``upgrade`` writes a new
file holding the same match in the current format and ruleset: every event read through
the game's upcaster for its version (if its shape changed), the options that reproduce
the old rules written out in the header, and the header's ``upgraded_from`` naming the
original, its format and ruleset, its record count and final chain value, so an auditor
can check the copy against it. The original is never rewritten.

>>> # upgrade("old.jsonl", "new.jsonl").summary()
"""

from __future__ import annotations

import os

import msgspec

from grimoire.core.errors import UsageError
from grimoire.core.events import FORMAT, Upgrade
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
        """One line for people."""
        return (f"{self.out}: {self.records} records, {self.old_format} rules {self.old_rules}"
                f" -> {self.format} rules {self.rules}")


def upgrade(
    path: str | os.PathLike[str], out: str | os.PathLike[str], *,
    limits: Limits = DEFAULT_LIMITS,
) -> UpgradeReport:
    """Write ``path``'s match to ``out`` (a new file) in the current format and ruleset.
    The original is read with every check (seq, chain, seats); its damage is an error."""
    if os.path.exists(out):
        raise UsageError("io/exists", f"{out} exists; choose another name")
    count, chain, sealed = 0, None, True
    with LogReader(path, limits=limits) as reader:  # first pass: check it, find its end
        header, rules = reader.header, reader.rules
        initial_state(rules, header)  # options, players and position, as every reader
        for _, _, rec in reader.records():
            count += 1
            chain = rec.chain
            sealed = sealed and rec.chain is not None
    options = msgspec.to_builtins(options_for(rules, header.rules, header.options))
    new = msgspec.structs.replace(
        header, format=FORMAT, rules=rules.version, options=options,
        upgraded_from=Upgrade(log=os.fspath(path), format=header.format, rules=header.rules,
                              records=count, chain=chain if sealed and count else None))
    with LogReader(path, limits=limits) as reader:
        write_log(out, new, (rec.event for _, _, rec in reader.records()))
    log.info("upgraded", origin=str(path), out=str(out), records=count)
    return UpgradeReport(path=os.fspath(path), out=os.fspath(out), records=count,
                         old_format=header.format, old_rules=header.rules, format=FORMAT,
                         rules=rules.version, chain=new.upgraded_from.chain
                         if new.upgraded_from else None)
