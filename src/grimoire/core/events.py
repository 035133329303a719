"""Events, the record envelope and the log header.

Every game event is a frozen msgspec Struct tagged by ``"type"``. Events come in three
kinds, told apart by their base class:

- :class:`Action`: what a player chooses (``player`` is the seat that acts);
- :class:`Chance`: what the dice decide (:class:`Roll`, :class:`Shuffle`);
- everything else derives from :class:`Event` directly: consequences (capture, win…).

>>> class Pass(Action, tag="pass"):
...     pass
>>> Pass(player=1)
Pass(player=1)
"""

from __future__ import annotations

import hashlib
import re
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, Generic, Literal, TypeVar

import msgspec

from grimoire.core.dice import Dice, fisher_yates_draws

FORMAT = "grimoire/2"
"""The log format written today: events and the header are canonical without their
defaulted fields, so a field added later (with a default) never changes an old log's
bytes or chain."""
LEGACY = "grimoire/1"
"""The first format: every field encoded, defaulted ones included. Still read and audited
exactly (its chain uses :func:`legacy_canonical`); ``grimoire upgrade`` rewrites it."""
FORMATS = (LEGACY, FORMAT)

MAX_SEATS = 16
"""Most seats any game may have."""

SEAT = msgspec.Meta(ge=0, lt=MAX_SEATS,
                    description="A seat: 0 for the first name in the header's players.")
Seat = Annotated[int, SEAT]
"""The type of an event field that names a seat. Readers check every such field (alone,
optional, or in a tuple) against the log's players before anything is folded, so a
hand-made seat 7 in a two-player log is refused with its line, never met by a reducer."""

MAX_COUNT = 2**53 - 1
"""The largest count or sequence number a log holds (a record's ``seq``, a chance event's
``draws``, the records a signature covers): every JSON reader holds it exactly."""
COUNT = msgspec.Meta(ge=0, le=MAX_COUNT, description="A count or sequence number: a whole "
                     "number from 0 to 2**53 - 1.")
Count = Annotated[int, COUNT]
"""The type of a count or sequence number (0 to :data:`MAX_COUNT`)."""

E = TypeVar("E")
T = TypeVar("T")

_LOWER_HEX = re.compile(r"(?:[0-9a-f]{2})*")


def is_hex(text: object, digits: int | None = None) -> bool:
    """Is ``text`` hex as the format writes it: lowercase, whole bytes, and exactly
    ``digits`` digits (any even number when ``None``)? Every hex value of a log (chain
    values, keys, signatures, seeds, digests, nonces) is written this one way.

    >>> is_hex("0aff", 4), is_hex("0AFF", 4), is_hex("0af", None), is_hex("", None)
    (True, False, False, True)
    """
    return isinstance(text, str) and (digits is None or len(text) == digits) \
        and _LOWER_HEX.fullmatch(text) is not None


class Event(msgspec.Struct, frozen=True, tag_field="type", gc=False, omit_defaults=True):
    """Base of every event. Subclasses give ``tag="..."`` (never renamed once published).

    Encoded without its defaulted fields (``omit_defaults``): a new field must have a
    default, and an old log's events, which lack it, read and hash as they always did."""

    def outcomes(self) -> tuple[int, ...]:
        """The dice values this event consumed, in draw order (chance events only)."""
        return ()


class Action(Event, frozen=True):
    """A player's choice. ``player`` is a seat index (0-based)."""

    player: Seat


class Consequence(Event, frozen=True):
    """A rule's consequence (capture, damage, turn passes, win). Optional base for clarity."""


class Chance(Event, frozen=True, kw_only=True):
    """A chance event. ``draws`` counts the raw dice draws it consumed (rejections included),
    so a fold knows where the seeded stream stands without re-deciding anything."""

    draws: Count = 0


class Roll(Chance, frozen=True, tag="roll"):
    """Dice rolled: ``values`` of ``sides``-sided dice, for ``player`` (``None``: no one).

    ``purpose`` says what the roll is for (``"initiative"``, ``"battle"``) so readers and
    redactors need not infer it from context.

    >>> Roll(player=0, sides=6, values=(3, 5), purpose="troops", draws=2).outcomes()
    (3, 5)
    """

    player: Seat | None
    sides: int
    values: tuple[int, ...]
    purpose: str = ""

    def outcomes(self) -> tuple[int, ...]:
        return self.values

    @classmethod
    def of(
        cls, dice: Dice, player: int | None, sides: int, count: int = 1, purpose: str = ""
    ) -> Roll:
        """Roll ``count`` dice of ``sides`` faces from ``dice``, counting the draws used.

        >>> from grimoire.core.dice import RecordedDice
        >>> Roll.of(RecordedDice([2, 6]), 0, 6, 2, "troops")
        Roll(player=0, sides=6, values=(2, 6), purpose='troops', draws=2)
        """
        start = dice.counter
        rolls = getattr(dice, "rolls", None)  # the built-in dice roll many in one call
        values = rolls(sides, count) if rolls is not None else tuple(
            dice.roll(sides) for _ in range(count))
        return cls(player=player, sides=sides, values=values, purpose=purpose,
                   draws=dice.counter - start)


class Shuffle(Chance, frozen=True, tag="shuffle"):
    """A pile shuffled: entry ``i`` of ``order`` is the old index of the item now at ``i``.

    Redaction replaces ``order`` with ``()`` for anyone who may not know the pile order.
    """

    pile: str
    order: tuple[int, ...]

    def outcomes(self) -> tuple[int, ...]:
        return fisher_yates_draws(self.order)

    @classmethod
    def of(cls, dice: Dice, pile: str, size: int) -> Shuffle:
        """Shuffle a pile of ``size`` items; apply it with :meth:`apply`."""
        start = dice.counter
        order = list(range(size))
        for i in range(size - 1, 0, -1):
            j = dice.uniform(i + 1)
            order[i], order[j] = order[j], order[i]
        return cls(pile=pile, order=tuple(order), draws=dice.counter - start)

    def apply(self, items: tuple[T, ...]) -> tuple[T, ...]:
        """The pile after this shuffle.

        >>> Shuffle(pile="deck", order=(2, 0, 1)).apply(("a", "b", "c"))
        ('c', 'a', 'b')
        """
        return tuple(items[i] for i in self.order)


_SEAT_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}


def _is_seat(tp: Any) -> bool:
    return typing.get_origin(tp) is Annotated and any(m is SEAT for m in tp.__metadata__)


def seat_fields(cls: type) -> tuple[tuple[str, bool], ...]:
    """The fields of event class ``cls`` that name seats: ``(name, in a tuple?)``.

    >>> seat_fields(Roll)
    (('player', False),)
    """
    found = _SEAT_FIELDS.get(cls)
    if found is None:
        out: list[tuple[str, bool]] = []
        hints = typing.get_type_hints(cls, include_extras=True)
        for name in getattr(cls, "__struct_fields__", ()):
            tp = hints.get(name)
            options = typing.get_args(tp) if typing.get_origin(tp) in (
                typing.Union, types.UnionType) else (tp,)
            for option in options:
                if _is_seat(option):
                    out.append((name, False))
                    break
                if typing.get_origin(option) is tuple and any(
                        _is_seat(a) for a in typing.get_args(option)):
                    out.append((name, True))
                    break
        found = _SEAT_FIELDS[cls] = tuple(out)
    return found


def bad_seat(event: Event, seats: int) -> str | None:
    """The first seat ``event`` names that a log of ``seats`` players does not have, as
    ``"field=value"``, or ``None``.

    >>> bad_seat(Roll(player=3, sides=6, values=(1,), draws=1), 2)
    'player=3'
    """
    for name, many in seat_fields(type(event)):
        value = getattr(event, name)
        if value is None:
            continue
        for seat in (value if many else (value,)):
            if not 0 <= seat < seats:
                return f"{name}={seat}"
    return None


class Fork(msgspec.Struct, frozen=True):
    """Where a rewound log came from: the origin's path, the seq it was cut at and the
    chain value of the origin's last kept record (``None`` for an origin without chain)."""

    log: str
    seq: Count
    chain: str | None = None


class Upgrade(msgspec.Struct, frozen=True, omit_defaults=True):
    """Where an upgraded log came from (``grimoire upgrade``): the original's file name,
    format and ruleset, its record count and final chain value, and -- written by
    upgrades since these fields exist -- its ``header`` hash (the chain's start, which
    names it whatever its file is called) and, for a signed original, its signature's
    ``key`` and ``sig``. Through repeated upgrades it names the first original.

    The first five fields are always written (``chain`` is ``null`` in copies written
    before it was always known); the others only when set, so copies written before they
    existed keep their bytes.

    >>> msgspec.json.encode(Upgrade(log="old.jsonl", format="grimoire/1", rules="1",
    ...                             records=0, chain=None))
    b'{"log":"old.jsonl","format":"grimoire/1","rules":"1","records":0,"chain":null}'
    """

    log: str
    format: str
    rules: str
    records: Count
    chain: str | None
    header: str | None = None
    key: str | None = None
    sig: str | None = None


class Header(msgspec.Struct, frozen=True, kw_only=True):
    """Line 1 of every log.

    ``position`` (optional) names a starting position in the game's notation instead of
    the setup, as PGN's FEN tag does; ``forked_from`` marks a rewound log,
    ``upgraded_from`` one rewritten from an older format by ``grimoire upgrade``;
    ``keys`` lists each seat's public key (hex): every action is then signed by its seat
    (a record's ``sig``, see :mod:`grimoire.core.signing`).

    >>> Header(game="vicious-circle", rules="1", players=("Dawn", "Twilight")).format
    'grimoire/2'
    """

    format: str = FORMAT
    game: str
    rules: str
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    players: tuple[str, ...]
    dice: Literal["seeded", "recorded"] = "seeded"
    seed_commitment: str | None = None
    seed: str | None = None
    meta: dict[str, Any] = msgspec.field(default_factory=dict)
    position: str | None = None
    forked_from: Fork | None = None
    upgraded_from: Upgrade | None = None
    keys: tuple[str, ...] | None = None


class Record(msgspec.Struct, Generic[E], frozen=True, gc=False, omit_defaults=True):
    """One log line after the header: ``seq`` from 0 without gaps, the event, the chain,
    and (for an action in a log whose header lists ``keys``) the acting seat's signature
    of the chain value."""

    seq: int
    event: E
    chain: str | None = None
    sig: str | None = None


_encoder = msgspec.json.Encoder()


def canonical(obj: object) -> bytes:
    """Canonical JSON bytes of an event (field order as declared, no spaces, defaulted
    fields left out) or of a header (:func:`header_bytes`).

    >>> from grimoire.core.kit import GameOver
    >>> canonical(GameOver(winners=(1,), reason="throne"))
    b'{"type":"game-over","winners":[1],"reason":"throne"}'
    """
    if isinstance(obj, Header):
        return header_bytes(obj)
    return _encoder.encode(obj)


_LEGACY_OMITS: set[type] = set()


def omitted_in_legacy(*classes: type) -> None:
    """Declare event classes that already left their defaulted fields out in the first
    format (``grimoire/1``), so :func:`legacy_canonical` encodes them as it did then."""
    _LEGACY_OMITS.update(classes)


def omits_defaults_in_legacy(cls: type) -> bool:
    """Did the first format (``grimoire/1``) leave event class ``cls``'s defaulted fields
    out, as today's does? (It wrote every field of every other event.)

    >>> omits_defaults_in_legacy(Roll)
    False
    """
    return cls in _LEGACY_OMITS


_FULL_PLANS: dict[type, tuple[tuple[str, Any] | None, bool, tuple[Any, ...], int,
                              tuple[tuple[str, str], ...]]] = {}
"""Per struct type, what :func:`_full` writes of it (worked out once a type)."""
_SCALARS = frozenset({int, str, float, bool, type(None), bytes})


def _full_plan(cls: type) -> tuple[tuple[str, Any] | None, bool, tuple[Any, ...], int,
                                   tuple[tuple[str, str], ...]]:
    """A struct type's tag, whether it omits defaults, its defaults, the index of its
    first defaulted field and its (field, encoded name) pairs."""
    config = cls.__struct_config__  # type: ignore[attr-defined]
    tag = ((config.tag_field, config.tag)
           if config.tag is not None and config.tag_field is not None else None)
    omit = cls in _LEGACY_OMITS
    defaults = cls.__struct_defaults__ if omit else ()  # type: ignore[attr-defined]
    fields = cls.__struct_fields__  # type: ignore[attr-defined]
    return (tag, omit, defaults, len(fields) - len(defaults),
            tuple(zip(fields, cls.__struct_encode_fields__, strict=True)))  # type: ignore[attr-defined]


def _full(value: Any) -> Any:
    """``value`` as builtins with every struct field, defaulted ones included (a tagged
    struct's tag first), as the first format encoded it."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    plan = _FULL_PLANS.get(kind)
    if plan is None:
        if isinstance(value, msgspec.Struct):
            plan = _FULL_PLANS[kind] = _full_plan(kind)
        elif isinstance(value, (tuple, list)):
            return [_full(v) for v in value]
        elif isinstance(value, dict):
            return {k: _full(v) for k, v in value.items()}
        else:
            return value
    tag, omit, defaults, first, fields = plan
    out: dict[str, Any] = {}
    if tag is not None:
        out[tag[0]] = tag[1]
    scalars = _SCALARS
    for k, (name, enc) in enumerate(fields):
        item = getattr(value, name)
        if omit and k >= first and item == defaults[k - first]:
            continue
        # a scalar is itself (the usual field: no call), as a tuple of them is a list
        kind = type(item)
        if kind in scalars:
            out[enc] = item
        elif kind is tuple and all(type(v) in scalars for v in item):
            out[enc] = list(item)
        else:
            out[enc] = _full(item)
    return out


def legacy_canonical(obj: object) -> bytes:
    """The canonical bytes of the first format (``grimoire/1``): every field, defaulted
    ones included, in declared order.

    >>> legacy_canonical(Roll(player=None, sides=6, values=(3,), draws=1))
    b'{"type":"roll","player":null,"sides":6,"values":[3],"purpose":"","draws":1}'
    >>> canonical(Roll(player=None, sides=6, values=(3,), draws=1))
    b'{"type":"roll","player":null,"sides":6,"values":[3],"draws":1}'
    """
    if isinstance(obj, Header):
        return header_bytes(obj)
    return _encoder.encode(_full(obj))


def canonical_for(format: str) -> Callable[[object], bytes]:
    """The canonical encoding of events in logs of ``format`` (what their chain hashes)."""
    return legacy_canonical if format == LEGACY else canonical


LEGACY_HEADER = ("format", "game", "rules", "options", "players", "dice", "seed_commitment",
                 "seed", "meta", "position", "forked_from")
"""The fields of a ``grimoire/1`` header, in order: that format wrote all of them."""
HEADER_ALWAYS = ("format", "game", "rules", "players")
"""The header fields today's format always writes (every other only when not default)."""


def header_bytes(header: Header) -> bytes:
    """The header's canonical bytes (its line, and what the chain starts from): in the
    current format ``format``, ``game``, ``rules``, ``players`` and every field that does
    not hold its default; in ``grimoire/1`` the fields that format had, all of them.

    >>> header_bytes(Header(game="g", rules="1", players=("a",)))
    b'{"format":"grimoire/2","game":"g","rules":"1","players":["a"]}'
    """
    if header.format == LEGACY:
        full = _full(header)
        return _encoder.encode({k: full[k] for k in LEGACY_HEADER})
    out = {}
    for name, default, required in _HEADER_SPEC:  # Fork and Upgrade encode every field
        value = getattr(header, name)
        if required or value != default:
            out[name] = value
    return _encoder.encode(out)


def header_hash(header: Header, *, encoded: bytes | None = None) -> bytes:
    """BLAKE2b-128 of the header with ``seed`` blanked, so revealing the seed keeps the chain.
    ``encoded``: ``header_bytes(header)``, when the caller has them (a reader holding the
    line it read), so they are not encoded again.

    >>> h = Header(game="g", rules="1", players=("a",))
    >>> len(header_hash(h)), header_hash(h) == header_hash(h, encoded=header_bytes(h))
    (16, True)
    """
    data = header_bytes(header) if encoded is None else encoded
    if header.seed is not None:
        # today's canonical bytes leave a missing seed out: those of the header without
        # its seed are these with its key and value cut out (after ``format``), unless
        # the same bytes also stand elsewhere (in ``options`` or ``meta``)
        key = b',"seed":' + _encoder.encode(header.seed)
        data = data.replace(key, b"", 1) if header.format != LEGACY and data.count(
            key) == 1 else header_bytes(msgspec.structs.replace(header, seed=None))
    return hashlib.blake2b(data, digest_size=16).digest()


def chain_next(previous: bytes, event_bytes: bytes) -> bytes:
    """The chain value after a record: BLAKE2b-128(previous chain ‖ canonical event)."""
    h = CHAIN_HASH.copy()
    h.update(previous)
    h.update(event_bytes)
    return h.digest()


CHAIN_HASH = hashlib.blake2b(digest_size=16)
"""An empty BLAKE2b-128: each chain value hashes a copy of it (cheaper than making one)."""


_HEADER_FIELDS = Header.__struct_fields__
_HEADER_DEFAULTS: dict[str, Any] = {
    f.encode_name: _full(f.default if f.default is not msgspec.NODEFAULT else
                         f.default_factory() if f.default_factory is not msgspec.NODEFAULT
                         else None)
    for f in msgspec.structs.fields(Header)
}
_HEADER_SPEC = tuple((name, _HEADER_DEFAULTS[name], name in HEADER_ALWAYS)
                     for name in _HEADER_FIELDS)
"""Each header field, its default and whether the canonical bytes always hold it."""
