"""The Wiz-War position notation: a compact, readable text for a whole state, like FEN.

``wiz-war/1`` then space-separated ``key=value`` sections. ``players``, ``phase`` and
``active`` are always written; every other section only when it differs from the setup
position (for the same options), so a fresh game is ``wiz-war/1 players=2 phase=start
active=0``. Squares are named (``c3``, ``-`` for none), cards are numbers into
``board.DECK`` (``?`` a hidden card, ``?x5`` five of them, ``3-7`` a run), per-seat values
are separated by ``/``, list items by ``,``; ``-`` is none (-1) or an empty list.
Options and player names are not part of the text: :func:`parse` is given them.

Sections, in the order written: ``players``, ``phase``, ``active``, ``mp``, ``flags``
(``boosted,attacked,moved,stunned,bend``), ``picked`` (a border, ``e17``), ``origin``
(a square), ``turns``, ``pos``, ``life``, ``kills``, ``stun`` (per seat), ``hands``,
``carried`` (per-seat card lists), ``deck``, ``discard`` (card lists), ``spells``
(``card.caster.target.tokens[.hits.carry.moves]``, trailing defaults left out, a
target square ``q12`` written ``@c2``), ``objects`` (``card@square``), ``treasures`` (per
treasure: its square, ``w1`` carried by seat 1, ``-`` neither), ``edges`` (borders that
differ from the starting layout: ``e17W``), ``cracks`` (``e17:2``), ``pending``
(``field:value`` pairs; ``action:player.card.target.energy.mode.add.energy2``),
``winners``, ``result``, ``charges`` (items holding more than one energy token:
``card:tokens``). Text values are percent-escaped outside ``[A-Za-z0-9_:*!'-]``.

>>> s = setup(Options(), ("Callista", "Matt"))
>>> notation(s)
'wiz-war/1 players=2 phase=start active=0'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import quote, unquote

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.events import Cast
from grimoire.games.wiz_war.rules import setup
from grimoire.games.wiz_war.state import Options, Pending, Spell, State

PREFIX = "wiz-war/1 "
_SAFE = "-_:*!'"
_FLAGS = ("boosted", "attacked", "moved", "stunned", "bend")
_ALWAYS = ("players", "phase", "active")
_INT = re.compile(r"-?[0-9]+\Z")
_NAT = re.compile(r"[0-9]+\Z")
_SQUARE_TARGET = re.compile(r"q([0-9]+)\Z")

HANDLED_STATE_FIELDS = frozenset({
    "players", "names", "options", "phase", "active", "turns", "pos", "life", "kills",
    "stun", "hands", "deck", "discard", "carried", "spells", "objects", "treasures",
    "bearer", "edges", "cracks", "mp", "boosted", "attacked", "moved", "stunned",
    "picked", "origin", "bend", "pending", "winners", "result", "charges",
})
"""The State fields the notation writes (``names`` and ``options`` are given to parse)."""


def _bad(where: str, why: str) -> IllegalAction:
    return IllegalAction("position/invalid", f"{where}: {why}")


@dataclass(frozen=True)
class _Ctx:
    """What reading and writing a position needs: the board and the setup position."""

    n: int
    g: B.Geometry
    ref: State
    cards: int  # card numbers are below this


@lru_cache(maxsize=32)
def _context(players: int, options: Options) -> _Ctx:
    ref = setup(options, tuple(f"P{i}" for i in range(players)))
    return _Ctx(players, B.geometry(players), ref, len(B.DECK))


# ---------------------------------------------------------------- values


def _int(where: str, s: str) -> int:
    if not _INT.match(s):
        raise _bad(where, f"{s!r} is not a number")
    return int(s)


def _enc_none(v: int) -> str:
    return "-" if v == -1 else str(v)


def _dec_index(where: str, s: str, limit: int, what: str) -> int:
    """A number in range(limit), or ``-`` / ``-1`` for none."""
    if s in ("-", "-1"):
        return -1
    if not _NAT.match(s) or int(s) >= limit:
        raise _bad(where, f"{s!r} is not a {what} (0-{limit - 1} or -)")
    return int(s)


def _enc_str(v: str) -> str:
    return "%2D" if v == "-" else quote(v, safe=_SAFE)  # a lone "-" means none


def _dec_str(where: str, s: str) -> str:
    return unquote(s, errors="strict") if "%" in s else s


def _enc_sq(ctx: _Ctx, q: int) -> str:
    return "-" if q == -1 else ctx.g.name(q)


def _dec_sq(ctx: _Ctx, where: str, s: str) -> int:
    if s in ("-", "-1"):
        return -1
    q = ctx.g.square(s)
    if q < 0:
        raise _bad(where, f"{s!r} is not a square of the {ctx.n}-player board")
    return q


def _enc_edge(ctx: _Ctx, e: int) -> str:
    return "-" if e == -1 else f"e{e}"


def _dec_edge(ctx: _Ctx, where: str, s: str) -> int:
    if s in ("-", "-1"):
        return -1
    if s[:1] != "e" or not _NAT.match(s[1:]) or int(s[1:]) >= len(ctx.ref.edges):
        raise _bad(where, f"{s!r} is not a border (e0-e{len(ctx.ref.edges) - 1})")
    return int(s[1:])


def _enc_target(ctx: _Ctx, t: str) -> str:
    m = _SQUARE_TARGET.match(t)
    if m and str(int(m[1])) == m[1] and int(m[1]) < ctx.g.size and ctx.g.valid[int(m[1])]:
        return "@" + ctx.g.name(int(m[1]))
    return _enc_str(t)


def _dec_target(ctx: _Ctx, where: str, s: str) -> str:
    if s.startswith("@"):
        return f"q{_dec_sq(ctx, where, s[1:])}"
    return _dec_str(where, s)


def _enc_cards(cards: Iterable[int]) -> str:
    cs = list(cards)
    out: list[str] = []
    i = 0
    while i < len(cs):
        j = i + 1
        if cs[i] == -1:
            while j < len(cs) and cs[j] == -1:
                j += 1
            out.append("?" if j - i == 1 else f"?x{j - i}")
        else:
            while j < len(cs) and cs[j] == cs[j - 1] + 1:
                j += 1
            if j - i >= 3:
                out.append(f"{cs[i]}-{cs[j - 1]}")
            else:
                j = i + 1
                out.append(str(cs[i]))
        i = j
    return ",".join(out) or "-"


def _dec_cards(ctx: _Ctx, where: str, s: str) -> tuple[int, ...]:
    if s == "-":
        return ()
    out: list[int] = []
    for item in s.split(","):
        if item.isdigit() and item.isascii() and int(item) < ctx.cards:
            out.append(int(item))
        elif item in ("?", "-1"):
            out.append(-1)
        elif item.startswith("?x"):
            k = _int(where, item[2:])
            if not 0 < k <= 10 * ctx.cards:
                raise _bad(where, f"{item!r}: bad count of hidden cards")
            out += [-1] * k
        elif "-" in item:
            lo, _, hi = item.partition("-")
            a = _dec_index(where, lo, ctx.cards, "card")
            b = _dec_index(where, hi, ctx.cards, "card")
            if not 0 <= a < b:
                raise _bad(where, f"{item!r} is not a run of cards")
            out += range(a, b + 1)
        else:
            c = _dec_index(where, item, ctx.cards, "card")
            if c < 0:
                raise _bad(where, f"{item!r} is not a card")
            out.append(c)
    return tuple(out)


def _enc_seats(seats: Iterable[int], sep: str) -> str:
    return sep.join(_enc_none(p) for p in seats) or "-"


def _dec_seats(ctx: _Ctx, where: str, s: str, sep: str) -> tuple[int, ...]:
    if s == "-":
        return ()
    return tuple(_dec_index(where, x, ctx.n, "seat") for x in s.split(sep))


def _per_seat(ctx: _Ctx, where: str, s: str) -> list[str]:
    parts = s.split("/")
    if len(parts) != ctx.n:
        raise _bad(where, f"{len(parts)} values for {ctx.n} seats")
    return parts


# ---------------------------------------------------------------- structs inside the state

_Enc = Callable[[_Ctx, Any], str]
_Dec = Callable[[_Ctx, str, str], Any]


def _c_int() -> tuple[_Enc, _Dec]:
    return (lambda c, v: str(v)), (lambda c, w, s: _int(w, s))


def _c_card() -> tuple[_Enc, _Dec]:
    return (lambda c, v: _enc_none(v)), (lambda c, w, s: _dec_index(w, s, c.cards, "card"))


def _c_seat() -> tuple[_Enc, _Dec]:
    return (lambda c, v: _enc_none(v)), (lambda c, w, s: _dec_index(w, s, c.n, "seat"))


def _c_str() -> tuple[_Enc, _Dec]:
    return (lambda c, v: _enc_str(v)), (lambda c, w, s: _dec_str(w, s))


def _c_target() -> tuple[_Enc, _Dec]:
    return _enc_target, _dec_target


def _c_bool() -> tuple[_Enc, _Dec]:
    def dec(c: _Ctx, w: str, s: str) -> bool:
        if s not in ("0", "1"):
            raise _bad(w, f"{s!r} is not 0 or 1")
        return s == "1"

    return (lambda c, v: "1" if v else "0"), dec


def _c_square() -> tuple[_Enc, _Dec]:
    return _enc_sq, _dec_sq


def _c_seats() -> tuple[_Enc, _Dec]:
    return (lambda c, v: _enc_seats(v, "+")), (lambda c, w, s: _dec_seats(c, w, s, "+"))


def _c_treasure() -> tuple[_Enc, _Dec]:
    return ((lambda c, v: _enc_none(v)),
            (lambda c, w, s: _dec_index(w, s, len(c.ref.treasures), "treasure")))


_CAST: dict[str, tuple[_Enc, _Dec]] = {
    "player": _c_seat(), "card": _c_card(), "target": _c_target(), "energy": _c_card(),
    "mode": _c_str(), "add": _c_card(), "energy2": _c_card(),
}
_SPELL: dict[str, tuple[_Enc, _Dec]] = {
    "card": _c_card(), "caster": _c_seat(), "target": _c_target(), "tokens": _c_int(),
    "hits": _c_int(), "carry": _c_treasure(), "moves": _c_int(),
}


def _enc_action(c: _Ctx, v: Cast | None) -> str:
    return "-" if v is None else _enc_positional(c, v, _CAST, ".")


def _dec_action(c: _Ctx, w: str, s: str) -> Cast | None:
    return None if s == "-" else _dec_positional(c, w, s, Cast, _CAST, ".")


_PENDING: dict[str, tuple[_Enc, _Dec]] = {
    "attacker": _c_seat(), "target": _c_seat(), "card": _c_card(), "kind": _c_str(),
    "damage": _c_int(), "dtype": _c_str(), "fire": _c_bool(), "energy": _c_int(),
    "mode": _c_str(), "reduced": _c_int(), "origin": _c_square(), "rest": _c_seats(),
    "responders": _c_seats(), "action": (_enc_action, _dec_action),
}

HANDLED_SPELL_FIELDS = frozenset(_SPELL)
HANDLED_PENDING_FIELDS = frozenset(_PENDING)
HANDLED_CAST_FIELDS = frozenset(_CAST)


def _field_defaults(cls: type[msgspec.Struct]) -> tuple[tuple[str, Any], ...]:
    """(field, default) for each field of ``cls``; ``NODEFAULT`` where required."""
    return tuple(
        (f.name, f.default if f.default_factory is msgspec.NODEFAULT else f.default_factory())
        for f in msgspec.structs.fields(cls)
    )


_DEFAULTS = {cls: _field_defaults(cls) for cls in (Spell, Pending, Cast)}


def _defaults(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    return _DEFAULTS[cls]


def _enc_positional(ctx: _Ctx, obj: Any, table: dict[str, tuple[_Enc, _Dec]],
                    sep: str) -> str:
    fields = _defaults(type(obj))
    values = [getattr(obj, name) for name, _ in fields]
    k = len(fields)
    while k > 0 and fields[k - 1][1] is not msgspec.NODEFAULT and values[k - 1] == fields[k - 1][1]:
        k -= 1
    return sep.join(table[name][0](ctx, v) for (name, _), v in zip(fields[:k], values[:k],
                                                                   strict=True))


def _dec_positional(ctx: _Ctx, where: str, s: str, cls: type[Any],
                    table: dict[str, tuple[_Enc, _Dec]], sep: str) -> Any:
    fields = _defaults(cls)
    parts = s.split(sep)
    required = sum(d is msgspec.NODEFAULT for _, d in fields)
    if not required <= len(parts) <= len(fields):
        raise _bad(where, f"{s!r}: {len(parts)} fields, expected {required} to {len(fields)}")
    kw = {name: table[name][1](ctx, f"{where} ({name})", part)
          for (name, _), part in zip(fields, parts, strict=False)}
    return cls(**kw)


def _enc_pending(ctx: _Ctx, pd: Pending | None) -> str:
    if pd is None:
        return "-"
    items = []
    for name, default in _defaults(Pending):
        v = getattr(pd, name)
        if default is msgspec.NODEFAULT or v != default:
            items.append(f"{name}:{_PENDING[name][0](ctx, v)}")
    return ",".join(items)


def _dec_pending(ctx: _Ctx, s: str) -> Pending | None:
    if s == "-":
        return None
    kw: dict[str, Any] = {}
    for item in s.split(","):
        name, colon, value = item.partition(":")
        if not colon or name not in _PENDING:
            raise _bad("pending", f"{item!r}: expected field:value with a field of Pending")
        if name in kw:
            raise _bad("pending", f"{name} given twice")
        kw[name] = _PENDING[name][1](ctx, f"pending ({name})", value)
    missing = [n for n, d in _defaults(Pending) if d is msgspec.NODEFAULT and n not in kw]
    if missing:
        raise _bad("pending", f"missing {', '.join(missing)}")
    return Pending(**kw)


# ---------------------------------------------------------------- sections


def _write(state: State, ctx: _Ctx) -> dict[str, str]:
    """Every section's text (the caller drops those equal to the setup's)."""
    ref = ctx.ref
    treasures = []
    for q, who in zip(state.treasures, state.bearer, strict=True):
        t = "" if q == -1 and who != -1 else _enc_sq(ctx, q)
        treasures.append(t + (f"w{who}" if who != -1 else ""))
    edges = [f"e{e}{k}" for e, (k, k0) in enumerate(zip(state.edges, ref.edges, strict=True))
             if k != k0]
    return {
        "players": str(state.players),
        "phase": _enc_str(state.phase),
        "active": str(state.active),
        "mp": str(state.mp),
        "flags": ",".join(f for f in _FLAGS if getattr(state, f)) or "-",
        "picked": _enc_edge(ctx, state.picked),
        "origin": _enc_sq(ctx, state.origin),
        "turns": "/".join(map(str, state.turns)),
        "pos": "/".join(_enc_sq(ctx, q) for q in state.pos),
        "life": "/".join(map(str, state.life)),
        "kills": "/".join(map(str, state.kills)),
        "stun": "/".join(map(str, state.stun)),
        "hands": "/".join(_enc_cards(h) for h in state.hands),
        "carried": "/".join(_enc_cards(h) for h in state.carried),
        "deck": _enc_cards(state.deck),
        "discard": _enc_cards(state.discard),
        "spells": ",".join(_enc_positional(ctx, sp, _SPELL, ".") for sp in state.spells) or "-",
        "objects": ",".join(f"{_enc_none(c)}@{_enc_sq(ctx, q)}" for c, q in state.objects)
        or "-",
        "treasures": ",".join(treasures),
        "edges": ",".join(edges) or "-",
        "cracks": ",".join(f"e{e}:{k}" for e, k in enumerate(state.cracks) if k) or "-",
        "pending": _enc_pending(ctx, state.pending),
        "winners": _enc_seats(state.winners, ","),
        "result": _enc_str(state.result) or "-",
        "charges": ",".join(f"{c}:{k}" for c, k in state.charges) or "-",
    }


def _read_int(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _int(key, s)}


def _read_seat_ints(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: tuple(_int(key, x) for x in _per_seat(ctx, key, s))}


def _read_seat_cards(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: tuple(_dec_cards(ctx, key, x) for x in _per_seat(ctx, key, s))}


def _read_cards(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_cards(ctx, key, s)}


def _read_phase(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    if not s:
        raise _bad(key, "empty")
    return {key: _dec_str(key, s)}


def _read_active(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    p = _dec_index(key, s, ctx.n, "seat")
    if p < 0:
        raise _bad(key, "a seat is needed")
    return {key: p}


def _read_flags(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    out = dict.fromkeys(_FLAGS, False)
    for f in [] if s == "-" else s.split(","):
        if f not in out:
            raise _bad(key, f"{f!r} is not one of {', '.join(_FLAGS)}")
        out[f] = True
    return out


def _read_picked(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_edge(ctx, key, s)}


def _read_origin(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_sq(ctx, key, s)}


def _read_pos(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: tuple(_dec_sq(ctx, key, x) for x in _per_seat(ctx, key, s))}


def _read_spells(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    items = [] if s == "-" else s.split(",")
    return {key: tuple(_dec_positional(ctx, key, x, Spell, _SPELL, ".") for x in items)}


def _read_objects(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    out = []
    for item in [] if s == "-" else s.split(","):
        card, at, sq = item.partition("@")
        if not at:
            raise _bad(key, f"{item!r}: expected card@square")
        out.append((_dec_index(key, card, ctx.cards, "card"), _dec_sq(ctx, key, sq)))
    return {key: tuple(out)}


def _read_treasures(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    items = s.split(",")
    if len(items) != len(ctx.ref.treasures):
        raise _bad(key, f"{len(items)} treasures, expected {len(ctx.ref.treasures)}")
    squares, bearers = [], []
    for item in items:
        where, w, who = item.partition("w")
        bearers.append(_dec_index(key, who, ctx.n, "seat") if w else -1)
        squares.append(-1 if w and not where else _dec_sq(ctx, key, where))
    return {"treasures": tuple(squares), "bearer": tuple(bearers)}


def _read_edges(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    edges = list(ctx.ref.edges)
    kinds = "." + "".join(sorted(B.BLOCKING))
    for item in [] if s == "-" else s.split(","):
        e = _dec_edge(ctx, key, item[:-1])
        if e < 0 or len(item) < 3 or item[-1] not in kinds:
            raise _bad(key, f"{item!r}: expected e<border><kind>, a kind one of {kinds}")
        edges[e] = item[-1]
    return {key: tuple(edges)}


def _read_cracks(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    cracks = [0] * len(ctx.ref.cracks)
    for item in [] if s == "-" else s.split(","):
        edge, colon, k = item.partition(":")
        e = _dec_edge(ctx, key, edge)
        if not colon or e < 0:
            raise _bad(key, f"{item!r}: expected e<border>:<cracks>")
        cracks[e] = _int(key, k)
    return {key: tuple(cracks)}


def _read_pending(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_pending(ctx, s)}


def _read_charges(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    out = []
    for item in [] if s == "-" else s.split(","):
        card, colon, k = item.partition(":")
        if not colon:
            raise _bad(key, f"{item!r}: expected card:tokens")
        out.append((_dec_index(key, card, ctx.cards, "card"), _int(key, k)))
    return {key: tuple(out)}


def _read_winners(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_seats(ctx, key, s, ",")}


def _read_result(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: "" if s == "-" else _dec_str(key, s)}


_READERS: dict[str, Callable[[_Ctx, str, str], dict[str, Any]]] = {
    "players": _read_int, "phase": _read_phase, "active": _read_active, "mp": _read_int,
    "flags": _read_flags, "picked": _read_picked, "origin": _read_origin,
    "turns": _read_seat_ints, "pos": _read_pos, "life": _read_seat_ints,
    "kills": _read_seat_ints, "stun": _read_seat_ints, "hands": _read_seat_cards,
    "carried": _read_seat_cards, "deck": _read_cards, "discard": _read_cards,
    "spells": _read_spells, "objects": _read_objects, "treasures": _read_treasures,
    "edges": _read_edges, "cracks": _read_cracks, "pending": _read_pending,
    "winners": _read_winners, "result": _read_result, "charges": _read_charges,
}


@lru_cache(maxsize=32)
def _setup_text(players: int, options: Options) -> dict[str, str]:
    ctx = _context(players, options)
    return _write(ctx.ref, ctx)


# ---------------------------------------------------------------- entry points


def notation(state: State) -> str:
    """The position as text; sections at their setup value are left out.

    >>> s = setup(Options(), ("Callista", "Matt"))
    >>> s = msgspec.structs.replace(s, phase="move", active=1, mp=2, life=(15, 12))
    >>> notation(s)
    'wiz-war/1 players=2 phase=move active=1 mp=2 life=15/12'
    """
    ctx = _context(state.players, state.options)
    setup = _setup_text(state.players, state.options)
    sections = _write(state, ctx)
    return PREFIX + " ".join(f"{k}={v}" for k, v in sections.items()
                             if k in _ALWAYS or v != setup[k])


def parse(text: str, options: Options, players: Sequence[str]) -> State:
    """The state a :func:`notation` text describes, for these options and player names.

    Sections left out take their setup value. Raises ``IllegalAction`` with
    ``position/invalid`` (naming the bad section) or ``position/players``.

    >>> s = parse("wiz-war/1 players=2 phase=move active=1 mp=2", Options(), ("A", "B"))
    >>> s.phase, s.active, s.mp, s.names
    ('move', 1, 2, ('A', 'B'))
    """
    if not isinstance(text, str) or not text.startswith(PREFIX):
        raise _bad("prefix", f"{str(text)[:40]!r}: expected {PREFIX!r}...")
    raw: dict[str, str] = {}
    for token in text[len(PREFIX):].split():
        key, eq, value = token.partition("=")
        if not eq:
            raise _bad(key, f"{token!r}: expected key=value")
        if key not in _READERS:
            raise _bad(key, "unknown section")
        if key in raw:
            raise _bad(key, "given twice")
        raw[key] = value
    if "players" not in raw:
        raise _bad("players", "missing")
    n = _int("players", raw["players"][:3])  # no huge numbers
    if n != len(players) or len(raw["players"]) > 3:
        raise IllegalAction("position/players",
                            f"position is for {raw['players'][:9]} players, not {len(players)}")
    if n not in T.LAYOUTS:
        raise IllegalAction("position/players", f"Wiz-War is for 2-4 players, not {n}")
    ctx = _context(n, options)
    fields: dict[str, Any] = {}
    for key, value in raw.items():
        try:
            fields.update(_READERS[key](ctx, key, value))
        except (ValueError, TypeError) as exc:  # odd digits, bad escapes
            raise _bad(key, str(exc)) from None
    state: State = msgspec.structs.replace(ctx.ref, names=tuple(players), options=options,
                                           **fields)
    return state
