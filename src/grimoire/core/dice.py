"""Counter-based, verifiable dice (see ``docs/dice.md`` for the spec and test vectors).

``key = BLAKE2b-256(seed)``; draw ``k`` is the big-endian uint64 of
``BLAKE2b-64(k as 8 big-endian bytes, key=key)``. ``uniform(n)`` rejects draws at or
above ``2**64 - 2**64 % n`` and draws again; a die of ``s`` sides is ``1 + uniform(s)``;
a shuffle is Fisher-Yates from the last index down with ``j = uniform(i + 1)``.

>>> d = SeededDice(bytes.fromhex("00" * 32))
>>> d.roll(6) in range(1, 7), d.counter
(True, 1)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from grimoire.core.errors import IllegalAction, UsageError

T = TypeVar("T")

_TWO64 = 1 << 64
COMMIT_PREFIX = b"grimoire/commit:"


def parse_seed(seed: str | bytes) -> bytes:
    """Seeds are written as hex in logs; accept hex text or raw bytes (anything else is a
    :class:`~grimoire.core.errors.UsageError`).

    >>> parse_seed("00ff")
    b'\\x00\\xff'
    """
    if isinstance(seed, bytes):
        return seed
    try:
        return bytes.fromhex(seed)
    except ValueError:
        raise UsageError("dice/bad-seed", f"seed must be hex, got {seed!r}") from None


def match_seed(seed: int | bytes, index: int) -> bytes:
    """The dice seed of match ``index`` of a series seeded with ``seed`` (what
    ``grimoire simulate`` and playthroughs use, so a series replays exactly).

    >>> len(match_seed(1, 0)), match_seed(1, 0) == match_seed(1, 1)
    (32, False)
    """
    text = f"{seed}" if isinstance(seed, int) else f"x{seed.hex()}"
    return hashlib.blake2b(f"grimoire-sim:{text}:{index}".encode(), digest_size=32).digest()


def seed_option(text: str) -> int | bytes:
    """A ``--seed`` as people type it, the same in every command: a whole number of up to
    15 digits (``--seed 7``), or hex bytes (16 hex digits or more, ``--seed 0f0f…``).

    >>> seed_option("7"), seed_option("00ff" * 4)
    (7, b'\\x00\\xff\\x00\\xff\\x00\\xff\\x00\\xff')
    """
    text = text.strip()
    if text.isascii() and text.lstrip("-").isdigit() and len(text) <= 15:
        return int(text)
    if len(text) >= 16 and len(text) % 2 == 0:
        try:
            return bytes.fromhex(text)
        except ValueError:
            pass
    raise UsageError("dice/bad-seed", f"a seed is a whole number (up to 15 digits) or at "
                     f"least 16 hex digits, not {text[:40]!r}")


def dice_seed(text: str | bytes) -> bytes:
    """The dice seed a ``--seed`` names: its bytes, or for a number ``N`` the seed of the
    first match of ``grimoire simulate --seed N`` (so both replay the same dice).

    >>> dice_seed("3") == match_seed(3, 0)
    True
    """
    if isinstance(text, bytes):
        return text
    value = seed_option(text)
    return match_seed(value, 0) if isinstance(value, int) else value


def seed_key(seed: bytes) -> bytes:
    """The BLAKE2b-256 key every draw is keyed with."""
    if type(seed) is bytes:
        return _seed_key(seed)
    return hashlib.blake2b(seed, digest_size=32).digest()


@lru_cache(maxsize=64)
def _seed_key(seed: bytes) -> bytes:
    """:func:`seed_key` of ``bytes``, cached: the audit and a match make one
    ``SeededDice`` per decision, all from one seed."""
    return hashlib.blake2b(seed, digest_size=32).digest()


def commitment(seed: bytes) -> str:
    """Public commitment to a seed: hex BLAKE2b-256 of ``b"grimoire/commit:" + seed``.

    It differs from the draw key so publishing it reveals nothing about the rolls.

    >>> len(commitment(b"x"))
    64
    """
    return hashlib.blake2b(COMMIT_PREFIX + seed, digest_size=32).hexdigest()


def raw_draw(key: bytes, k: int) -> int:
    """Draw ``k`` of the stream keyed by ``key`` as an unsigned 64-bit integer.

    >>> raw_draw(seed_key(b"seed"), 0) == int.from_bytes(hashlib.blake2b(
    ...     bytes(8), digest_size=8, key=seed_key(b"seed")).digest(), "big")
    True
    """
    h = _keyed(key).copy()
    h.update(k.to_bytes(8, "big"))
    return int.from_bytes(h.digest(), "big")


@lru_cache(maxsize=64)
def _keyed(key: bytes) -> Any:
    """BLAKE2b-64 keyed by ``key``, the key block already absorbed: each draw copies it
    and hashes only its counter (one compression a draw instead of two)."""
    return hashlib.blake2b(digest_size=8, key=key)


class Dice(Protocol):
    """What a game's ``decide`` may draw from. Every draw is recorded as a chance event."""

    @property
    def counter(self) -> int: ...

    def uniform(self, n: int) -> int:
        """An integer in ``range(n)``."""
        ...

    def roll(self, sides: int) -> int:
        """A die of ``sides`` faces: ``1 .. sides``."""
        ...


class _DiceMixin:
    def rolls(self: Dice, sides: int, count: int) -> tuple[int, ...]:
        return tuple(self.roll(sides) for _ in range(count))

    def permutation(self: Dice, n: int) -> tuple[int, ...]:
        """Fisher-Yates over ``range(n)``: entry ``i`` is the old index now at ``i``."""
        order = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.uniform(i + 1)
            order[i], order[j] = order[j], order[i]
        return tuple(order)

    def shuffle(self: Dice, items: Sequence[T]) -> tuple[T, ...]:
        perm = _DiceMixin.permutation(self, len(items))
        return tuple(items[i] for i in perm)


class SeededDice(_DiceMixin):
    """The seeded stream, positioned at draw ``counter``.

    >>> a, b = SeededDice(b"seed"), SeededDice(b"seed")
    >>> a.rolls(6, 5) == b.rolls(6, 5)
    True
    """

    __slots__ = ("_counter", "_key", "_keyed")

    def __init__(self, seed: bytes, counter: int = 0) -> None:
        self._key = seed_key(seed)
        self._keyed = _keyed(self._key)
        self._counter = counter

    @property
    def counter(self) -> int:
        return self._counter

    def at(self, counter: int) -> SeededDice:
        """The same stream, positioned at draw ``counter`` (this object, moved there: the
        audit aims one at each decision instead of making one per decision).

        >>> d = SeededDice(b"seed"); first = d.roll(6)
        >>> d.at(0).roll(6) == first
        True
        """
        self._counter = counter
        return self

    def _uniforms(self, n: int, count: int, base: int) -> list[int]:
        """``count`` draws of ``base + uniform(n)``, in one loop: rejection sampling over
        the raw draws (:func:`raw_draw`, inlined: the audit's and a match's hot path)."""
        if n <= 0:
            raise ValueError(f"uniform needs n >= 1, got {n}")
        limit = _TWO64 - (_TWO64 % n)
        keyed = self._keyed
        counter = self._counter
        out: list[int] = []
        while len(out) < count:
            h = keyed.copy()
            h.update(counter.to_bytes(8, "big"))
            u = int.from_bytes(h.digest(), "big")
            counter += 1
            if u < limit:
                out.append(base + u % n)
        self._counter = counter
        return out

    def uniform(self, n: int) -> int:
        return self._uniforms(n, 1, 0)[0]

    def roll(self, sides: int) -> int:
        return 1 + self.uniform(sides)

    def rolls(self, sides: int, count: int) -> tuple[int, ...]:
        """``count`` dice of ``sides`` faces: ``roll`` ``count`` times, in one loop (the
        same draws; the hot path of every roll a game makes).

        >>> d = SeededDice(b"seed")
        >>> SeededDice(b"seed").rolls(6, 4) == tuple(d.roll(6) for _ in range(4))
        True
        """
        return tuple(self._uniforms(sides, count, 1))


class RandomDice(_DiceMixin):
    """Dice from a :class:`random.Random`: for simulations (a search bot's imagined
    futures), never for a match's record, whose dice must be verifiable.

    >>> import random
    >>> RandomDice(random.Random(1)).rolls(6, 3) == RandomDice(random.Random(1)).rolls(6, 3)
    True
    """

    __slots__ = ("_counter", "_rng")

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._counter = 0

    @property
    def counter(self) -> int:
        return self._counter

    def uniform(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"uniform needs n >= 1, got {n}")
        self._counter += 1
        return self._rng.randrange(n)

    def roll(self, sides: int) -> int:
        return 1 + self.uniform(sides)


class RecordedDice(_DiceMixin):
    """Values given from outside (physical dice, or the outcomes already in a log).

    Each ``roll``/``uniform`` takes the next value and checks its range; running out
    raises ``IllegalAction("dice/needed")`` so a frontend can ask for more.

    >>> RecordedDice([4, 2]).rolls(6, 2)
    (4, 2)
    """

    __slots__ = ("_counter", "_values")

    def __init__(self, values: Iterable[int]) -> None:
        self._values = list(values)
        self._counter = 0

    @property
    def counter(self) -> int:
        return self._counter

    @property
    def remaining(self) -> int:
        return len(self._values) - self._counter

    def _take(self) -> int:
        if self._counter >= len(self._values):
            raise IllegalAction("dice/needed", f"a value is needed for dice draw {self._counter}")
        v = self._values[self._counter]
        self._counter += 1
        return v

    def uniform(self, n: int) -> int:
        v = self._take()
        if not 0 <= v < n:
            raise IllegalAction("dice/out-of-range", f"{v} is not in 0..{n - 1}")
        return v

    def roll(self, sides: int) -> int:
        v = self._take()
        if not 1 <= v <= sides:
            raise IllegalAction("dice/out-of-range", f"{v} is not a face of a d{sides}")
        return v


class NoDice(_DiceMixin):
    """Dice for actions that must not roll (used where no chance is allowed)."""

    counter = 0

    def uniform(self, n: int) -> int:
        raise IllegalAction("dice/needed", "no dice are available here")

    def roll(self, sides: int) -> int:
        raise IllegalAction("dice/needed", "no dice are available here")


def fisher_yates_draws(order: Sequence[int]) -> tuple[int, ...]:
    """The ``uniform`` results that make ``permutation`` produce ``order`` (in draw order).

    Lets a recorded shuffle be re-decided from the permutation stored in its event.

    >>> d = SeededDice(b"s"); p = d.permutation(5)
    >>> RecordedDice(fisher_yates_draws(p)).permutation(5) == p
    True
    """
    n = len(order)
    work = list(range(n))  # the arrangement as the forward shuffle builds it
    where = list(range(n))  # where[v]: current position of old index v
    draws: list[int] = []
    for i in range(n - 1, 0, -1):
        j = where[order[i]]
        draws.append(j)
        a, b = work[i], work[j]
        work[i], work[j] = b, a
        where[a], where[b] = j, i
    return tuple(draws)
