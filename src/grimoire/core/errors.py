"""One exception tree for everything grimoire refuses.

Every error carries a stable, namespaced ``reason`` code (``"move/blocked"``,
``"log/bad-json"``) that programs switch on, and a human ``detail`` that echoes the
offending input. Log errors also carry the 1-based ``line`` and the record ``seq``.

>>> err = IllegalAction("move/blocked", "c3 is occupied")
>>> err.reason, str(err)
('move/blocked', 'move/blocked: c3 is occupied')
"""

from __future__ import annotations


class GrimoireError(Exception):
    """Base of every error grimoire raises on purpose.

    >>> isinstance(LogError("log/bad-json", "x"), GrimoireError)
    True
    """

    reason: str
    detail: str

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(self.__str__())

    def __str__(self) -> str:
        return f"{self.reason}: {self.detail}" if self.detail else self.reason

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready description (used by ``--json`` output)."""
        return {"error": type(self).__name__, "reason": self.reason, "detail": self.detail}


class IllegalAction(GrimoireError):
    """A player's action that the rules refuse; the match is left as it was.

    >>> IllegalAction("turn/not-your-turn", "player 1 may not act now").reason
    'turn/not-your-turn'
    """


class LocatedError(GrimoireError):
    """An error tied to a place in a log: ``line`` (1-based) and ``seq`` when known."""

    line: int | None
    seq: int | None

    def __init__(
        self, reason: str, detail: str = "", *, line: int | None = None, seq: int | None = None
    ) -> None:
        self.line = line
        self.seq = seq
        super().__init__(reason, detail)

    def __str__(self) -> str:
        where = ""
        if self.line is not None:
            where = f"line {self.line}"
            if self.seq is not None:
                where += f" (seq {self.seq})"
            where += ": "
        body = f"{self.reason}: {self.detail}" if self.detail else self.reason
        return where + body

    def to_dict(self) -> dict[str, object]:
        out = super().to_dict()
        out["line"] = self.line
        out["seq"] = self.seq
        return out


class LogError(LocatedError):
    """A log that cannot be read: bad JSON, schema mismatch, torn line, broken chain.

    >>> str(LogError("log/bad-json", "unexpected '}'", line=3))
    "line 3: log/bad-json: unexpected '}'"
    """


class AuditError(LocatedError):
    """A readable log whose actions, rolls or consequences differ from the rules.

    >>> str(AuditError("audit/mismatch", "expected roll [3]", line=7, seq=5))
    'line 7 (seq 5): audit/mismatch: expected roll [3]'
    """


class RulesError(GrimoireError):
    """A game's rules broke a promise every game makes to the core: a bug of the game,
    not of the action or the log. Nothing changes. ``dice/unrecorded``: ``decide`` drew
    dice its events do not record (every draw belongs in a chance event, e.g.
    ``Roll.make``); ``dice/drawn-for-refused``: ``decide`` drew dice and then refused the
    action (refuse before the first draw, or a player could probe the dice).

    >>> str(RulesError("dice/unrecorded", "my-game drew 1 die, its events record 0"))
    'dice/unrecorded: my-game drew 1 die, its events record 0'
    """


class UsageError(GrimoireError):
    """A caller's mistake that is not about a log or a move: unknown game, bad option."""


class StoreError(GrimoireError):
    """The match store cannot do what was asked: no such match (``store/unknown-match``),
    the database file locked by another writer past the timeout (``store/locked``), the
    disk full (``store/full``), a file that is not a grimoire store or is damaged
    (``store/corrupt``), a store written by a newer grimoire (``store/too-new``).

    >>> StoreError("store/unknown-match", "no match 'x'").reason
    'store/unknown-match'
    """


class ConcurrencyError(StoreError):
    """An append whose ``expected_version`` is not the match's version any more: another
    writer appended first. Nothing was written; read the new events and decide again.

    >>> err = ConcurrencyError("store/conflict", "expected version 3", expected=3, actual=5)
    >>> err.reason, err.expected, err.actual
    ('store/conflict', 3, 5)
    """

    def __init__(self, reason: str, detail: str = "", *, expected: int, actual: int) -> None:
        self.expected = expected
        self.actual = actual
        super().__init__(reason, detail)

    def to_dict(self) -> dict[str, object]:
        return {**super().to_dict(), "expected": self.expected, "actual": self.actual}
