"""The Wiz-War position notation: a compact, readable text for a whole state, like FEN.

``wiz-war/1`` then space-separated ``key=value`` sections. ``players``, ``phase`` and
``active`` are always written; every other section only when it differs from the setup
position (for the same options), so a fresh game is ``wiz-war/1 players=2 phase=start
active=0``. Squares are named (``c3``, ``-`` for none), cards are numbers into
``board.DECK`` (``?`` a hidden card, ``?x5`` five of them, ``3-7`` a run), per-seat values
are separated by ``/``, list items by ``,``; ``-`` is none (-1) or an empty list.
Options and player names are not part of the text: :func:`parse` is given them.

Sections, in the order written: ``players``, ``phase``, ``active``, ``board`` (the board
built as the game starts: the sector in each place and its turn clockwise in degrees,
``1.90,0.0``; the other sections' setup values are then that board's), ``mp``, ``flags``
(``boosted,attacked,moved,stunned,bend``), ``picked`` (a border, ``e17``), ``origin``
(a square), ``turns``, ``pos``, ``life``, ``kills``, ``stun`` (per seat), ``hands``,
``carried`` (per-seat card lists), ``deck``, ``discard`` (card lists), ``spells``
(``card.caster.target.tokens[.hits.carry.moves]``, trailing defaults left out, a
target square ``q12`` written ``@c2``), ``objects`` (``card@square``), ``treasures`` (per
treasure: its square, ``w1`` carried by seat 1, ``-`` neither), ``edges`` (borders that
differ from the starting layout: ``e17W``), ``cracks`` (``e17:2``), ``pending``
(``field:value`` pairs; ``action:player.card.target.energy.mode.add.energy2``; a counter
spell waiting for its answer ``counter:player.card.energy.target.add.energy2``),
``winners``, ``result``, ``charges`` (items holding more than one energy token:
``card:tokens``), ``schools`` (the three schools in the deck, ``-`` before they are drawn
with ``schools="random"``), ``traps`` (Booby Trap tokens ``card@square:real``, ``real``
``1`` the trap, ``0`` a dud, ``?`` unknown to the seat whose view it is, or not chosen
yet), ``adopted`` (the Custom Spellbook's cards on the other group's pile or deck than the
one they were built into: a card list). Text values are
percent-escaped outside ``[A-Za-z0-9_:*!'-]``.

:func:`parse` trusts nothing: every number is read with ``kit.number`` within the game's
limits, every list is counted before it is split, and the position it reads must be one a
game can stand at when someone is to act (:func:`check`): cards, seats and squares in range,
each card of the game in exactly one place (``?`` only in hands and the deck), every phase
with what it needs, and a position that meets a victory condition already over.

>>> s = setup(Options(), ("Callista", "Matt"))
>>> notation(s)
'wiz-war/1 players=2 phase=start active=0'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from urllib.parse import quote, unquote

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.core.kit import number
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD
from grimoire.games.wiz_war.cards import Sight, targets
from grimoire.games.wiz_war.events import Cast
from grimoire.games.wiz_war.evolve import evolve
from grimoire.games.wiz_war.rules import (
    answered,
    school_choice,
    setup,
    spellbook_choice,
)
from grimoire.games.wiz_war.state import (
    Options,
    Pending,
    Spell,
    State,
    alive,
    deck_of,
    energy_value,
    hand_count,
    hand_limit,
    home,
    points,
    spell_of,
    spellbook,
)

PREFIX = "wiz-war/1 "
_SAFE = "-_:*!'"
_FLAGS = ("boosted", "attacked", "moved", "stunned", "bend")
_ALWAYS = ("players", "phase", "active")
_SQUARE_TARGET = re.compile(r"q([0-9]+)\Z")
PHASES = ("start", "move", "draw", "respond", "over")
RESULTS = ("last-alive", "no-survivors", "points")

# The limits a position's numbers are read within.
MAX_TEXT = 16_384  # characters: a real position is a few hundred
MAX_TURNS = 100_000_000  # no more turns than a log holds records
MAX_COUNT = 99  # movement, stun tokens, energy, damage, tokens on a card
LIFE_LOW = -99  # a dead wizard's life (a living one has 1 to 20)

HANDLED_STATE_FIELDS = frozenset({
    "players", "names", "options", "phase", "active", "turns", "pos", "life", "kills",
    "stun", "hands", "deck", "discard", "carried", "spells", "objects", "treasures",
    "bearer", "edges", "cracks", "mp", "boosted", "attacked", "moved", "stunned",
    "picked", "origin", "bend", "pending", "winners", "result", "charges", "schools",
    "traps", "split", "adopted", "board",
})
"""The State fields the notation writes (``names`` and ``options`` are given to parse;
``split`` is written inside ``deck``, as a slash between the Custom Spellbook's decks)."""


def _bad(where: str, why: str) -> IllegalAction:
    return IllegalAction("position/invalid", f"{where}: {why}")


@dataclass(frozen=True)
class _Ctx:
    """What reading and writing a position needs: the board, the setup position and the
    game's cards."""

    n: int
    g: B.Geometry
    ref: State
    cards: int  # card numbers are below this
    read: dict[tuple[str, str], dict[str, Any]] = field(
        default_factory=dict, compare=False, repr=False)
    """The fields each section's text was read as (a game's positions repeat most of
    their sections): short texts only, a few hundred at most."""


_MEMO_TEXT = 400  # the longest section text whose fields are kept (characters)
_MEMO_SIZE = 512  # section texts kept per context


@lru_cache(maxsize=64)
def _context(players: int, options: Options, board: int = -1) -> _Ctx:
    """The context of positions on the board ``board`` (-1: the setup's), whose reference
    is the setup position with that board built."""
    ref = setup(options, tuple(f"P{i}" for i in range(players)))
    if board >= 0 and board != ref.board:
        lay = B.layout(board)
        ref = evolve(ref, E.BoardBuilt(sectors=lay.sectors, quarters=lay.quarters))
    return _Ctx(players, B.geometry(ref.board), ref, len(B.DECK))


@lru_cache(maxsize=64)
def _game(schools: tuple[str, ...], extra_cards: tuple[str, ...]) -> frozenset[int]:
    """The cards of a game with these schools and extra cards."""
    return frozenset(B.deck_for(schools, extra_cards))


# ---------------------------------------------------------------- values


def _num(where: str, s: str, lo: int, hi: int, what: str = "number") -> int:
    return number(where, s, lo, hi, what)


def _items(where: str, s: str, sep: str, most: int) -> list[str]:
    """``s`` split at ``sep``, counted first: more than ``most`` items is refused before
    anything is allocated."""
    if s.count(sep) >= most:
        raise _bad(where, f"more than {most} items")
    return s.split(sep)


def _enc_none(v: int) -> str:
    return "-" if v == -1 else str(v)


def _dec_index(where: str, s: str, limit: int, what: str) -> int:
    """A number in range(limit), or ``-`` / ``-1`` for none."""
    if s in ("-", "-1"):
        return -1
    return _num(where, s, 0, limit - 1, what)


def _enc_str(v: str) -> str:
    # a lone "-" means none; "." separates the fields of a spell or a cast
    return "%2D" if v == "-" else quote(v, safe=_SAFE).replace(".", "%2E")


def _dec_str(where: str, s: str) -> str:
    return unquote(s, errors="strict") if "%" in s else s


def _enc_sq(ctx: _Ctx, q: int) -> str:
    return "-" if q == -1 else ctx.g.name(q)


def _dec_sq(ctx: _Ctx, where: str, s: str) -> int:
    if s in ("-", "-1"):
        return -1
    q = ctx.g.square(s)
    if q < 0:
        raise _bad(where, f"{s[:20]!r} is not a square of the {ctx.n}-player board")
    return q


def _enc_edge(ctx: _Ctx, e: int) -> str:
    return "-" if e == -1 else f"e{e}"


@lru_cache(maxsize=8)
def _edge_of(count: int) -> dict[str, int]:
    """Each of ``count`` borders as the notation writes it (``e12``)."""
    return {f"e{e}": e for e in range(count)}


def _dec_edge(ctx: _Ctx, where: str, s: str) -> int:
    edge = _edge_of(len(ctx.ref.edges)).get(s)
    if edge is not None:  # the common case, read at once
        return edge
    if s in ("-", "-1"):
        return -1
    if s[:1] != "e":
        raise _bad(where, f"{s[:20]!r} is not a border (e0-e{len(ctx.ref.edges) - 1})")
    return _num(where, s[1:], 0, len(ctx.ref.edges) - 1, "border")


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
    return _enc_card_tuple(cards if isinstance(cards, tuple) else tuple(cards))


@lru_cache(maxsize=4096)
def _enc_card_tuple(cs: tuple[int, ...]) -> str:
    """A list of card numbers as the notation writes it (runs of three or more as ``a-b``,
    hidden cards as ``?``), kept for the lists met again: a hand, a deck and a discard pile
    change one card at a time."""
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


_CARD_OF: dict[str, int] = {str(c): c for c in range(len(B.DECK))}
"""Each card number as the notation writes it: a list's plain items, read at once."""


def _dec_cards(ctx: _Ctx, where: str, s: str) -> tuple[int, ...]:
    """A card list (``?`` hidden, ``?x5``, runs ``3-7``), never longer than the deck."""
    if s == "-":
        return ()
    most = ctx.cards
    out: list[int] = []
    for item in _items(where, s, ",", most):
        card = _CARD_OF.get(item)
        if card is not None and card < most:  # the common case: one card, written plainly
            if len(out) >= most:
                raise _bad(where, f"more than the {most} cards there are")
            out.append(card)
            continue
        if item in ("?", "-1"):
            k, first = 1, -1
        elif item.startswith("?x"):
            k, first = _num(where, item[2:], 2, most, "count of hidden cards"), -1
        elif "-" in item[1:]:
            lo, _, hi = item.partition("-")
            first = _num(where, lo, 0, ctx.cards - 1, "card")
            k = _num(where, hi, 0, ctx.cards - 1, "card") - first + 1
            if k < 3:
                raise _bad(where, f"{item!r} is not a run of three cards or more")
        else:
            k, first = 1, _num(where, item, 0, ctx.cards - 1, "card")
        if len(out) + k > most:
            raise _bad(where, f"more than the {most} cards there are")
        out += [-1] * k if first < 0 else range(first, first + k)
    return tuple(out)


def _enc_seats(seats: Iterable[int], sep: str) -> str:
    return sep.join(_enc_none(p) for p in seats) or "-"


def _dec_seats(ctx: _Ctx, where: str, s: str, sep: str) -> tuple[int, ...]:
    if s == "-":
        return ()
    seats = tuple(_num(where, x, 0, ctx.n - 1, "seat") for x in _items(where, s, sep, ctx.n))
    if len(set(seats)) != len(seats):
        raise _bad(where, f"{s!r} names a seat twice")
    return seats


def _per_seat(ctx: _Ctx, where: str, s: str) -> list[str]:
    parts = _items(where, s, "/", ctx.n)
    if len(parts) != ctx.n:
        raise _bad(where, f"{len(parts)} values for {ctx.n} seats")
    return parts


# ---------------------------------------------------------------- structs inside the state

_Enc = Callable[[_Ctx, Any], str]
_Dec = Callable[[_Ctx, str, str], Any]


def _c_int(lo: int, hi: int) -> tuple[_Enc, _Dec]:
    return (lambda c, v: str(v)), (lambda c, w, s: _num(w, s, lo, hi))


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
            raise _bad(w, f"{s[:20]!r} is not 0 or 1")
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
    "card": _c_card(), "caster": _c_seat(), "target": _c_target(),
    "tokens": _c_int(0, MAX_COUNT), "hits": _c_int(0, MAX_COUNT), "carry": _c_treasure(),
    "moves": _c_int(-1, MAX_COUNT),
}


_COUNTER: dict[str, tuple[_Enc, _Dec]] = {
    "player": _c_seat(), "card": _c_card(), "energy": _c_card(), "target": _c_target(),
    "add": _c_card(), "energy2": _c_card(),
}


def _enc_counter(c: _Ctx, v: E.Counter | None) -> str:
    return "-" if v is None else _enc_positional(c, v, _COUNTER, ".")


def _dec_counter(c: _Ctx, w: str, s: str) -> E.Counter | None:
    return None if s == "-" else _dec_positional(c, w, s, E.Counter, _COUNTER, ".")


def _enc_action(c: _Ctx, v: Cast | None) -> str:
    return "-" if v is None else _enc_positional(c, v, _CAST, ".")


def _dec_action(c: _Ctx, w: str, s: str) -> Cast | None:
    return None if s == "-" else _dec_positional(c, w, s, Cast, _CAST, ".")


_PENDING: dict[str, tuple[_Enc, _Dec]] = {
    "attacker": _c_seat(), "target": _c_seat(), "card": _c_card(), "kind": _c_str(),
    "damage": _c_int(0, MAX_COUNT), "dtype": _c_str(), "fire": _c_bool(),
    "energy": _c_int(0, MAX_COUNT), "mode": _c_str(), "reduced": _c_int(0, MAX_COUNT),
    "origin": _c_square(), "rest": _c_seats(), "responders": _c_seats(),
    "action": (_enc_action, _dec_action), "counter": (_enc_counter, _dec_counter),
}

HANDLED_SPELL_FIELDS = frozenset(_SPELL)
HANDLED_PENDING_FIELDS = frozenset(_PENDING)
HANDLED_CAST_FIELDS = frozenset(_CAST)
HANDLED_COUNTER_FIELDS = frozenset(_COUNTER)


def _field_defaults(cls: type[msgspec.Struct]) -> tuple[tuple[str, Any], ...]:
    """(field, default) for each field of ``cls``; ``NODEFAULT`` where required."""
    return tuple(
        (f.name, f.default if f.default_factory is msgspec.NODEFAULT else f.default_factory())
        for f in msgspec.structs.fields(cls)
    )


_DEFAULTS = {cls: _field_defaults(cls) for cls in (Spell, Pending, Cast, E.Counter)}


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
    parts = _items(where, s, sep, len(fields))
    required = sum(d is msgspec.NODEFAULT for _, d in fields)
    if len(parts) < required:
        raise _bad(where, f"{s[:40]!r}: {len(parts)} fields, expected {required} to "
                   f"{len(fields)}")
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
    for item in _items("pending", s, ",", len(_PENDING)):
        name, colon, value = item.partition(":")
        if not colon or name not in _PENDING:
            raise _bad("pending", f"{item[:40]!r}: expected field:value with a field of "
                       "Pending")
        if name in kw:
            raise _bad("pending", f"{name} given twice")
        kw[name] = _PENDING[name][1](ctx, f"pending ({name})", value)
    missing = [n for n, d in _defaults(Pending) if d is msgspec.NODEFAULT and n not in kw]
    if missing:
        raise _bad("pending", f"missing {', '.join(missing)}")
    return Pending(**kw)


# ---------------------------------------------------------------- sections


@lru_cache(maxsize=256)
def _enc_board(board: int) -> str:
    """A board as the sector in each place and its turn clockwise in degrees:
    ``1.90,0.0`` (place 0 holds sector 1 turned 90 degrees, place 1 sector 0 unturned)."""
    lay = B.layout(board)
    return ",".join(f"{k}.{90 * q}" for k, q in zip(lay.sectors, lay.quarters, strict=True))


def _read_board(n: int, options: Options, value: str) -> int:
    """The board a ``board`` section names, on the side ``options`` play."""
    items = _items("board", value, ",", n)
    if len(items) != n:
        raise _bad("board", f"{value[:40]!r}: a sector and its turn for each of {n} places")
    sectors, quarters = [], []
    for item in items:
        k, dot, deg = item.partition(".")
        if not dot or deg not in ("0", "90", "180", "270"):
            raise _bad("board", f"{item[:20]!r}: write sector.degrees (0, 90, 180 or 270)")
        sectors.append(_num("board", k, 0, n - 1, "sector"))
        quarters.append(int(deg) // 90)
    try:
        return B.layout_key(n, options.side, tuple(sectors), tuple(quarters))
    except ValueError:
        raise _bad("board", f"{value[:40]!r}: each player's sector once") from None


def _write(state: State, ctx: _Ctx) -> dict[str, str]:
    """Every section's text (the caller drops those equal to the setup's)."""
    ref = ctx.ref
    treasures = []
    for q, who in zip(state.treasures, state.bearer, strict=True):
        t = "" if q == -1 and who != -1 else _enc_sq(ctx, q)
        treasures.append(t + (f"w{who}" if who != -1 else ""))
    return {
        "players": str(state.players),
        "phase": _enc_str(state.phase),
        "active": str(state.active),
        "board": _enc_board(state.board),
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
        "deck": _enc_deck(state),
        "discard": _enc_cards(state.discard),
        "spells": ",".join(_enc_positional(ctx, sp, _SPELL, ".") for sp in state.spells) or "-",
        "objects": ",".join(f"{_enc_none(c)}@{_enc_sq(ctx, q)}" for c, q in state.objects)
        or "-",
        "treasures": ",".join(treasures),
        "edges": "-" if state.edges == ref.edges else _enc_edges(state.edges, ref.edges),
        "cracks": _enc_cracks(state.cracks) if any(state.cracks) else "-",
        "pending": _enc_pending(ctx, state.pending),
        "winners": _enc_seats(state.winners, ","),
        "result": _enc_str(state.result) or "-",
        "charges": ",".join(f"{c}:{k}" for c, k in state.charges) or "-",
        "schools": ",".join(state.schools) or "-",
        "traps": ",".join(f"{c}@{_enc_sq(ctx, q)}:{'?' if real < 0 else real}"
                          for c, q, real in state.traps) or "-",
        "adopted": _enc_cards(state.adopted),
    }


@lru_cache(maxsize=1024)
def _enc_edges(edges: tuple[str, ...], ref: tuple[str, ...]) -> str:
    """The borders that differ from the starting layout ``ref`` (``e17W``), kept: a game's
    positions share a few layouts of borders, each a long tuple to walk."""
    return ",".join(f"e{e}{k}" for e, (k, k0) in enumerate(zip(edges, ref, strict=True))
                    if k != k0) or "-"


@lru_cache(maxsize=1024)
def _enc_cracks(cracks: tuple[int, ...]) -> str:
    """The cracked borders (``e17:2``), kept as :func:`_enc_edges` is."""
    return ",".join(f"e{e}:{k}" for e, k in enumerate(cracks) if k) or "-"


def _read_num(lo: int, hi: int) -> Callable[[_Ctx, str, str], dict[str, Any]]:
    def read(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
        return {key: _num(key, s, lo, hi)}

    return read


def _read_seat_nums(lo: int, hi: int) -> Callable[[_Ctx, str, str], dict[str, Any]]:
    def read(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
        return {key: tuple(_num(key, x, lo, hi) for x in _per_seat(ctx, key, s))}

    return read


def _read_kills(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: tuple(_num(key, x, 0, ctx.n - 1) for x in _per_seat(ctx, key, s))}


def _read_seat_cards(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: tuple(_dec_cards(ctx, key, x) for x in _per_seat(ctx, key, s))}


def _read_cards(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_cards(ctx, key, s)}


def _read_phase(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    phase = _dec_str(key, s)
    if phase not in PHASES:
        raise _bad(key, f"{phase[:20]!r} is not one of {', '.join(PHASES)}")
    return {key: phase}


def _read_active(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _num(key, s, 0, ctx.n - 1, "seat")}


def _read_flags(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    out = dict.fromkeys(_FLAGS, False)
    for f in [] if s == "-" else _items(key, s, ",", len(_FLAGS)):
        if f not in out:
            raise _bad(key, f"{f[:20]!r} is not one of {', '.join(_FLAGS)}")
        out[f] = True
    return out


def _read_picked(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_edge(ctx, key, s)}


def _read_origin(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_sq(ctx, key, s)}


def _read_pos(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: tuple(_dec_sq(ctx, key, x) for x in _per_seat(ctx, key, s))}


def _read_spells(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    items = [] if s == "-" else _items(key, s, ",", ctx.cards)
    return {key: tuple(_dec_positional(ctx, key, x, Spell, _SPELL, ".") for x in items)}


def _read_objects(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    out = []
    for item in [] if s == "-" else _items(key, s, ",", ctx.cards):
        card, at, sq = item.partition("@")
        if not at:
            raise _bad(key, f"{item[:40]!r}: expected card@square")
        out.append((_num(key, card, 0, ctx.cards - 1, "card"), _dec_sq(ctx, key, sq)))
    return {key: tuple(out)}


def _read_treasures(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    items = _items(key, s, ",", len(ctx.ref.treasures))
    if len(items) != len(ctx.ref.treasures):
        raise _bad(key, f"{len(items)} treasures, expected {len(ctx.ref.treasures)}")
    squares, bearers = [], []
    for item in items:
        where, w, who = item.partition("w")
        bearers.append(_num(key, who, 0, ctx.n - 1, "seat") if w else -1)
        squares.append(-1 if w and not where else _dec_sq(ctx, key, where))
    return {"treasures": tuple(squares), "bearer": tuple(bearers)}


_EDGE_KINDS = "." + "".join(sorted(B.BLOCKING))


def _read_edges(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    if s == "-":
        return {key: ctx.ref.edges}
    edges = list(ctx.ref.edges)
    kinds = _EDGE_KINDS
    for item in _items(key, s, ",", len(edges)):
        if len(item) < 3 or item[-1] not in kinds:
            raise _bad(key, f"{item[:20]!r}: expected e<border><kind>, a kind one of {kinds}")
        edges[_dec_edge(ctx, key, item[:-1])] = item[-1]
    return {key: tuple(edges)}


def _read_cracks(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    cracks = [0] * len(ctx.ref.cracks)
    for item in [] if s == "-" else _items(key, s, ",", len(cracks)):
        edge, colon, k = item.partition(":")
        if not colon or edge in ("-", "-1"):
            raise _bad(key, f"{item[:20]!r}: expected e<border>:<cracks>")
        cracks[_dec_edge(ctx, key, edge)] = _num(key, k, 1, MAX_COUNT, "cracks")
    return {key: tuple(cracks)}


def _read_pending(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_pending(ctx, s)}


def _read_winners(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    return {key: _dec_seats(ctx, key, s, ",")}


def _read_result(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    result = "" if s == "-" else _dec_str(key, s)
    if result and result not in RESULTS:
        raise _bad(key, f"{result[:20]!r} is not one of {', '.join(RESULTS)}")
    return {key: result}


def _read_charges(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    out = []
    for item in [] if s == "-" else _items(key, s, ",", ctx.cards):
        card, colon, k = item.partition(":")
        if not colon:
            raise _bad(key, f"{item[:20]!r}: expected card:tokens")
        out.append((_num(key, card, 0, ctx.cards - 1, "card"), _num(key, k, 2, MAX_COUNT)))
    return {key: tuple(out)}


def _read_traps(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    out = []
    for item in [] if s == "-" else _items(key, s, ",", ctx.g.size):
        card, at, rest = item.partition("@")
        sq, colon, real = rest.partition(":")
        if not at or not colon or real not in ("0", "1", "?"):
            raise _bad(key, f"{item[:20]!r}: expected card@square:real (1, 0 or ?)")
        out.append((_num(key, card, 0, ctx.cards - 1, "card"), _dec_sq(ctx, key, sq),
                    -1 if real == "?" else int(real)))
    return {key: tuple(out)}


def _read_schools(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    if s == "-":
        return {key: ()}
    k = T.SCHOOLS_PER_GAME
    names = _items(key, s, ",", 2 * k)
    for name in names:
        if name not in B.PLAYABLE:
            raise _bad(key, f"{name[:20]!r} is not one of {', '.join(B.PLAYABLE)}")
    if len(set(names)) != len(names) or len(names) not in (k, 2 * k):
        raise _bad(key, f"{k} different schools (twice {k}: the Custom Spellbook's groups), "
                   f"not {s[:40]!r}")
    halves = (names,) if len(names) == k else (names[:k], names[k:])
    return {key: tuple(x for h in halves for x in sorted(h, key=B.PLAYABLE.index))}


def _read_adopted(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    cards = _dec_cards(ctx, key, s)
    if any(c < 0 for c in cards) or list(cards) != sorted(set(cards)):
        raise _bad(key, "different known cards, in order")
    return {key: cards}


def _enc_deck(state: State) -> str:
    """The deck; the Custom Spellbook's two decks with a slash between (the first group's
    first)."""
    if not spellbook(state):
        return _enc_cards(state.deck)
    return f"{_enc_cards(deck_of(state, 0))}/{_enc_cards(deck_of(state, 1))}"


def _read_deck(ctx: _Ctx, key: str, s: str) -> dict[str, Any]:
    first, slash, second = s.partition("/")
    if not slash:
        return {key: _dec_cards(ctx, key, s), "split": 0}
    a, b = _dec_cards(ctx, key, first), _dec_cards(ctx, key, second)
    return {key: a + b, "split": len(a)}


_READERS: dict[str, Callable[[_Ctx, str, str], dict[str, Any]]] = {
    "players": _read_num(2, 4), "phase": _read_phase, "active": _read_active,
    "mp": _read_num(-MAX_COUNT, MAX_COUNT), "flags": _read_flags, "picked": _read_picked,
    "origin": _read_origin, "turns": _read_seat_nums(0, MAX_TURNS), "pos": _read_pos,
    "life": _read_seat_nums(LIFE_LOW, T.LIFE_MAX), "kills": _read_kills,
    "stun": _read_seat_nums(0, MAX_COUNT), "hands": _read_seat_cards,
    "carried": _read_seat_cards, "deck": _read_deck, "discard": _read_cards,
    "spells": _read_spells, "objects": _read_objects, "treasures": _read_treasures,
    "edges": _read_edges, "cracks": _read_cracks, "pending": _read_pending,
    "winners": _read_winners, "result": _read_result, "charges": _read_charges,
    "schools": _read_schools, "traps": _read_traps, "adopted": _read_adopted,
    "board": lambda ctx, key, value: {},  # read first: the context is that board's
}


@lru_cache(maxsize=64)
def _setup_text(players: int, options: Options, board: int = -1) -> dict[str, str]:
    ctx = _context(players, options, board)
    return _write(ctx.ref, ctx)


# ---------------------------------------------------------------- entry points


def notation(state: State) -> str:
    """The position as text; sections at their setup value are left out.

    >>> s = setup(Options(), ("Callista", "Matt"))
    >>> s = msgspec.structs.replace(s, phase="move", active=1, mp=2, life=(15, 12))
    >>> notation(s)
    'wiz-war/1 players=2 phase=move active=1 mp=2 life=15/12'
    """
    ctx = _context(state.players, state.options, state.board)
    setup = _setup_text(state.players, state.options, state.board)
    built = _setup_text(state.players, state.options)["board"]
    sections = _write(state, ctx)
    return PREFIX + " ".join(f"{k}={v}" for k, v in sections.items()
                             if k in _ALWAYS or v != (built if k == "board" else setup[k]))


def parse(text: str, options: Options, players: Sequence[str]) -> State:
    """The state a :func:`notation` text describes, for these options and player names:
    :func:`read`, then :func:`check`.

    Sections left out take their setup value. Raises ``IllegalAction`` with
    ``position/invalid`` (naming the bad section, or what the position lacks) or
    ``position/players``, and nothing else, whatever the text.

    >>> s = parse("wiz-war/1 players=2 phase=move active=1 mp=2 turns=2/1", Options(),
    ...           ("A", "B"))
    >>> s.phase, s.active, s.mp, s.names
    ('move', 1, 2, ('A', 'B'))
    >>> parse("wiz-war/1 players=2 phase=respond active=0 turns=1/0", Options(), ("A", "B"))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.IllegalAction: position/invalid: pending: phase respond needs ...
    """
    state = read(text, options, players)
    check(state)
    return state


def read(text: str, options: Options, players: Sequence[str]) -> State:
    """The state a text describes, section by section, within the game's limits, but not
    checked to be a position a game can reach (:func:`parse` checks it): for tests and
    tools that build odd states on purpose.

    >>> read("wiz-war/1 players=2 phase=respond active=0", Options(), ("A", "B")).pending
    """
    if not isinstance(text, str) or not text.startswith(PREFIX):
        raise _bad("prefix", f"{str(text)[:40]!r}: expected {PREFIX!r}...")
    if len(text) > MAX_TEXT:
        raise _bad("text", f"{len(text)} characters (a position has at most {MAX_TEXT})")
    raw: dict[str, str] = {}
    body = text[len(PREFIX):]
    if len(body.split(maxsplit=len(_READERS))) > len(_READERS):
        raise _bad("text", f"more than the {len(_READERS)} sections there are")
    for token in body.split():
        key, eq, value = token.partition("=")
        if not eq:
            raise _bad(key[:20], f"{token[:40]!r}: expected key=value")
        if key not in _READERS:
            raise _bad(key[:20], "unknown section")
        if key in raw:
            raise _bad(key, "given twice")
        raw[key] = value
    if "players" not in raw:
        raise _bad("players", "missing")
    n = _num("players", raw["players"], 0, 99, "player count")
    if n != len(players):
        raise IllegalAction("position/players", f"position is for {n} players, not {len(players)}")
    if n not in T.LAYOUTS:
        raise IllegalAction("position/players", f"Wiz-War is for 2-4 players, not {n}")
    if options.side not in T.SIDES:
        raise _bad("board", f"side {options.side!r}: the options play side 'a' or 'b'")
    ctx = _context(n, options, _read_board(n, options, raw["board"]) if "board" in raw else -1)
    fields: dict[str, Any] = {}
    memo = ctx.read
    for key, value in raw.items():
        got = memo.get((key, value))
        if got is None:
            try:
                got = _READERS[key](ctx, key, value)
            except (ValueError, TypeError, UnicodeError) as exc:  # odd digits, bad escapes
                raise _bad(key, str(exc)[:80]) from None
            if len(value) <= _MEMO_TEXT:
                if len(memo) >= _MEMO_SIZE:
                    memo.clear()
                memo[key, value] = got
        fields.update(got)
    state: State = msgspec.structs.replace(ctx.ref, names=tuple(players), options=options,
                                           **fields)
    return state


# ---------------------------------------------------------------- positions a game can reach

# Where a spell in play is aimed, by its card's targeting rule: a border, a square, the
# whole board, a sector, an enemy wizard, or the caster's own wizard.
_AIMS = {"open-border": "e", "empty-square": "q", "beside": "q", "global": "*",
         "own-sector": "sector", "enemy": "w", "form": "self", "self-once": "self",
         "door-seen": "e", "trap": "traps", "glue": "lying"}
# The modes an attack waiting for counters may carry, by its effect (others: none).
_MODES = {"zot": r"(stun)?", "acid-bath": r"curse", "brain-burn": r"brain",
          "lightning-bolt": r"bolt(:[nesw])?", "waterbolt": r"(knock[nesw][0-9]{1,2})?",
          "fire-darts": r"darts", "slow-death": r"curse"}


def check(s: State) -> None:
    """Refuse (``position/invalid``) a state no game stands at when someone is to act:
    its cards, wizards, treasures, spells, borders, phase, waiting attack or spell and
    outcome must fit together, so ``legal`` and ``decide`` can trust it.

    >>> check(setup(Options(), ("A", "B")))
    """
    ctx = _context(s.players, s.options, s.board)
    _check_layout(s)
    _check_schools(s)
    _check_wizards(s)
    _check_cards(s, ctx)
    _check_treasures(s)
    _check_spells(s, ctx)
    _check_board(s, ctx)
    _check_phase(s)
    if s.phase == "respond":
        _check_pending(s)
    _check_outcome(s)


def _check_layout(s: State) -> None:
    """The board is built as the game starts: before, and all game long with
    ``fixed_board``, it is the setup's."""
    unbuilt = _context(s.players, s.options).ref.board
    if s.board != unbuilt and (s.phase == "start" or s.options.fixed_board):
        raise _bad("board", "the board is built as the game starts, at random; the "
                   "fixed board (fixed_board) lays each sector in its seat's place, unturned")


def _check_schools(s: State) -> None:
    chosen = spellbook_choice(s.options) or school_choice(s.options)
    if spellbook(s) and s.split > len(s.deck):
        raise _bad("deck", "the first group's deck holds more cards than the deck")
    if not spellbook(s) and s.split:
        raise _bad("deck", "two decks (a slash) only in the Custom Spellbook")
    for g in (0, 1) if spellbook(s) else ():
        if any(c >= 0 and home(s, c) != g for c in deck_of(s, g)):
            raise _bad("deck", f"group {g}'s deck holds a card of the other group's deck")
    if s.adopted and (not spellbook(s) or s.options.discard_to_origin):
        raise _bad("adopted", "only in the Custom Spellbook, when a card goes to the "
                   "discarding player's group's pile")
    if chosen is not None and s.schools != chosen:
        raise _bad("schools", f"the options choose {', '.join(chosen)}")
    if chosen is None and (not s.schools) != (s.phase == "start"):
        raise _bad("schools", "schools drawn at random are drawn as the game starts")


def _check_wizards(s: State) -> None:
    for p in range(s.players):
        if s.pos[p] >= 0 and s.life[p] < 1:
            raise _bad("life", f"seat {p}'s wizard has {s.life[p]} life and is still alive")
        if s.pos[p] < 0 and (s.hands[p] or s.carried[p] or s.stun[p]):
            raise _bad("pos", f"seat {p}'s wizard is dead yet holds cards, items or stun "
                       "tokens")
        if sum(who == p for who in s.bearer) > 1:
            raise _bad("treasures", f"seat {p}'s wizard carries more than one treasure")


def _in_flight(s: State) -> list[int]:
    """The cards of the attack or spell waiting for counters, and of a counter spell
    waiting for its answer, that are in no pile yet (an instant spell is already in the
    discard pile; a thrown weapon or a lasting spell is not)."""
    pd = s.pending
    if pd is None or s.phase != "respond":
        return []
    out = []
    if pd.counter is not None and "lasting" in CARD[pd.counter.card].traits:
        out.append(pd.counter.card)  # a counter that would stay in play
    c = pd.action.card if pd.kind == "neutral" and pd.action is not None else pd.card
    if c < 0 or (pd.kind == "throw" and pd.mode == "spare") or pd.kind == "weapon":
        return out
    if pd.kind == "throw" or CARD[c].duration != "instant":
        out.append(c)
    return out


def _check_cards(s: State, ctx: _Ctx) -> None:
    known = [c for h in (*s.hands, s.deck) for c in h if c >= 0]
    hidden = sum(h.count(-1) for h in (*s.hands, s.deck))
    for zone, cards in (("discard", s.discard), ("carried", [c for h in s.carried for c in h]),
                        ("spells", [sp.card for sp in s.spells]),
                        ("objects", [c for c, _ in s.objects])):
        if -1 in cards:
            raise _bad(zone, "a hidden card (?) may only be in a hand or the deck")
        known += cards
    known += _in_flight(s)
    distinct = set(known)
    if len(distinct) != len(known):  # counted only to name the first card met twice
        twice = [c for c, k in Counter(known).items() if k > 1]
        raise _bad("cards", f"card {twice[0]} ({B.DECK[twice[0]]}) is in two places")
    game = _game(s.schools, s.options.extra_cards)
    stray = sorted(distinct - game)
    if stray:
        raise _bad("cards", f"card {stray[0]} ({B.DECK[stray[0]]}) is not in this game")
    if len(known) + hidden != len(game):
        raise _bad("cards", f"{len(known) + hidden} cards in the position, the game has "
                   f"{len(game)}")
    for p, items in enumerate(s.carried):
        if any(CARD[c].kind != "item" for c in items):
            raise _bad("carried", f"seat {p} carries a card that is not an item")
    for c, q in s.objects:
        if CARD[c].kind != "item" or q < 0:
            raise _bad("objects", f"{c}@{q}: only items lie on squares")
    seen = set()
    for c, _ in s.charges:
        thrown = CARD[c].thrown
        if c in seen or thrown is None or not thrown.tokens:
            raise _bad("charges", f"card {c} holds no energy tokens")
        if not any(c in h for h in s.carried) and all(o != c for o, _ in s.objects):
            raise _bad("charges", f"card {c} is neither carried nor lying on a square")
        seen.add(c)


def _check_treasures(s: State) -> None:
    carriers = {sp.carry: sp for sp in s.spells if sp.carry >= 0}
    for t, (q, who) in enumerate(zip(s.treasures, s.bearer, strict=True)):
        if who >= 0 and (q >= 0 or s.pos[who] < 0 or t in carriers):
            raise _bad("treasures", f"treasure {t} is carried by seat {who} and lies elsewhere, "
                       "or its bearer is dead")
        if who < 0 and (q < 0) != (t in carriers):
            raise _bad("treasures", f"treasure {t} lies nowhere and no creature carries it, or "
                       "both")


def _check_spells(s: State, ctx: _Ctx) -> None:
    g = ctx.g
    forms: set[int] = set()
    aimed: set[str] = set()
    for sp in s.spells:
        card = CARD[sp.card]
        what = f"spell {sp.card} ({B.DECK[sp.card]})"
        if card.kind in ("item", "energy") or card.duration == "instant":
            raise _bad("spells", f"{what} does not stay in play")
        if s.pos[sp.caster] < 0:
            raise _bad("spells", f"{what}: its caster is dead")
        aim, t = _AIMS.get(card.targets, ""), sp.target
        if aim == "e":
            e = _target_number(t, "e", len(s.edges))
            kind = ("C" if "door" in card.traits else "W" if "wall" in card.traits
                    else "S" if "seal" in card.traits else ".")
            ok = e >= 0 and s.edges[e] == kind
        elif aim == "q":
            q = _target_number(t, "q", g.size)  # a creature may walk into a home base
            ok = q >= 0 and g.valid[q] and ("creature" in card.traits or q not in g.home)
        elif aim == "sector":
            ok = _target_number(t, "sector", s.players) >= 0
        elif aim == "traps":
            ok = t == "traps" and any(c == sp.card for c, _, _ in s.traps)
        elif aim == "lying":
            limit = ctx.cards if t[:1] == "c" else len(s.treasures)
            n = _target_number(t, t[:1], limit) if t[:1] in ("t", "c") else -1
            ok = n >= 0 and ((t[0] == "t" and s.treasures[n] >= 0)
                             or (t[0] == "c" and any(c == n for c, _ in s.objects)))
        elif aim == "w":
            q = _target_number(t, "w", s.players)
            ok = q >= 0 and q != sp.caster and s.pos[q] >= 0
        else:
            ok = t == ("*" if aim == "*" else f"w{sp.caster}") and aim != ""
        if not ok or (aim in "eq" and t in aimed):
            raise _bad("spells", f"{what} cannot be on {t[:20]!r}")
        aimed.add(t)
        if card.form is not None:
            if sp.caster in forms:
                raise _bad("spells", f"{what}: a wizard has one transformation at a time")
            forms.add(sp.caster)
        temporary = card.duration == "temporary"
        if (sp.tokens > 0) != temporary:
            raise _bad("spells", f"{what}: a temporary spell has energy tokens, others none")
        creature = "creature" in card.traits
        if "traps" in card.traits:  # a Booby Trap being laid: the choices its caster has left
            most = T.TRAP_TOKENS if sp.caster == s.active and s.phase == "move" else 0
            if not 0 <= sp.moves <= most or sp.hits or sp.carry >= 0:
                raise _bad("spells", f"{what}: tokens to place out of range (its caster "
                           f"places them in his Move and Cast phase, at most {most})")
        elif not (0 <= sp.hits < card.amount or sp.hits == 0) or (
                not creature and (sp.carry >= 0 or sp.moves != 0)) or sp.moves > card.speed:
            raise _bad("spells", f"{what}: cracks, carried treasure or moves out of range")
    walls = {int(sp.target[1:]) for sp in s.spells if "wall" in CARD[sp.card].traits}
    if ("W" in s.edges or "C" in s.edges) and any(
            k in "WC" and e not in walls for e, k in enumerate(s.edges)):
        raise _bad("edges", "a created wall (W) or door (C) with no spell holding it")
    _check_traps(s, ctx)


def _check_traps(s: State, ctx: _Ctx) -> None:
    holders = {sp.card for sp in s.spells if "traps" in CARD[sp.card].traits}
    squares = [q for _, q, _ in s.traps]
    if len(set(squares)) != len(squares):
        raise _bad("traps", "two tokens on one square")
    for c in holders | {c for c, _, _ in s.traps}:
        real = [r for t, _, r in s.traps if t == c]
        if c not in holders or not real:
            raise _bad("traps", f"card {c}: tokens with no Booby Trap in play, or none left")
        if -1 not in real and sorted(real) != [0] * (len(real) - 1) + [1]:
            raise _bad("traps", f"card {c}: one token is the real trap, the others duds")
        if -1 in real and set(real) != {-1}:
            raise _bad("traps", f"card {c}: all tokens known or none")
        sp = spell_of(s, c)
        if sp is not None and sp.moves > 0 and -1 not in real:
            raise _bad("traps", f"card {c}: its caster has still to choose the real one")
        if sp is not None and sp.moves > 0 and len(real) + sp.moves > T.TRAP_TOKENS + 1:
            raise _bad("traps", f"card {c}: more than {T.TRAP_TOKENS} tokens")
    for q in squares:
        if q < 0 or q in ctx.g.home:
            raise _bad("traps", f"a token on {q}: not an empty square")
    seals = {int(sp.target[1:]) for sp in s.spells if "seal" in CARD[sp.card].traits}
    if "S" in s.edges and any(k == "S" and e not in seals for e, k in enumerate(s.edges)):
        raise _bad("edges", "a sealed door (S) with no spell holding it")


def _target_number(t: str, prefix: str, limit: int) -> int:
    """The number after ``prefix`` in a target (``e17``), or -1 if it is not one below
    ``limit`` written plainly."""
    digits = t[len(prefix):]
    if not t.startswith(prefix) or not digits.isascii() or not digits.isdigit() or (
            len(digits) > len(str(limit)) or str(int(digits)) != digits):
        return -1
    return int(digits) if int(digits) < limit else -1


def _check_board(s: State, ctx: _Ctx) -> None:
    if any(s.cracks) or len(s.cracks) != len(s.edges):  # no cracks: nothing to check
        for e, (k, c) in enumerate(zip(s.edges, s.cracks, strict=True)):
            if c and (k == "." or c >= (T.DOOR_CRACKS if k in "DSC" else T.WALL_CRACKS)):
                raise _bad("cracks", f"e{e}:{c} on a border of kind {k!r}")
    # a game that ends during Move and Cast keeps its last moment's flags (a door held open,
    # the square an Astral Projection casts from), whoever died in it
    over = s.phase == "over"
    if s.picked >= 0:
        sq, d = ctx.g.edge_squares[s.picked]
        beside = s.pos[s.active] in (sq, ctx.g.neighbour(sq, d))
        if s.phase not in ("move", "respond", "over") or s.edges[s.picked] not in "DC." or not (
                beside or over or s.options.pick_lock_phase):
            raise _bad("picked", f"e{s.picked} is not a door open beside the active wizard")
    if s.origin >= 0 and s.phase not in ("move", "respond", "over"):
        raise _bad("origin", "a cast-from square only lasts the Move and Cast phase")


def _check_phase(s: State) -> None:
    p = s.active
    if s.phase == "start":
        busy = (any(s.hands) or any(s.carried) or s.spells or s.objects or s.discard
                or s.charges or any(s.turns) or any(s.kills) or any(s.stun)
                or -1 in s.pos or s.pending is not None or s.result)
        if busy:
            raise _bad("phase", "before the start every card is in the deck, every wizard "
                       "alive, no turn played")
        return
    if s.phase == "over":
        if not s.result or s.pending is not None:
            raise _bad("result", "phase over needs a result and nothing waiting")
        return
    if s.result or s.winners:
        raise _bad("result", f"a result or winners in phase {s.phase}")
    if s.pos[p] < 0 or s.turns[p] < 1:
        raise _bad("active", f"seat {p} is dead or has not begun a turn")
    if s.phase == "respond" and s.pending is None:
        raise _bad("pending", "phase respond needs an attack or spell waiting")
    if s.phase != "respond" and s.pending is not None:
        raise _bad("pending", f"an attack or spell waits in phase {s.phase}")
    if s.phase == "draw" and (s.bend or s.picked >= 0 or s.origin >= 0):
        raise _bad("flags", "Around the Corner, a picked door or a cast-from square "
                   "after Move and Cast")
    if s.phase in ("move", "draw") and -1 in s.hands[p] and (
            hand_count(s, p) > hand_limit(s, p)):
        raise _bad("hands", f"seat {p} must discard down to the hand size but its hand is "
                   "hidden")


def _check_pending(s: State) -> None:
    pd = s.pending
    assert pd is not None
    living = alive(s)
    if pd.attacker != s.active or pd.kind not in ("punch", "spell", "throw", "neutral",
                                                  "weapon"):
        raise _bad("pending", "the attack or spell of someone other than the active player")
    if pd.counter is not None:
        _check_counter(s, pd, pd.counter)
    if pd.kind == "neutral":
        a = pd.action
        if (a is None or a.player != pd.attacker or a.card != pd.card
                or CARD[pd.card].kind != "neutral" or "mundane" in CARD[pd.card].traits
                or not pd.responders or pd.target != pd.responders[0] or pd.rest
                or pd.attacker in pd.responders or any(q not in living for q in pd.responders)
                or (pd.damage, pd.dtype, pd.fire, pd.energy, pd.mode, pd.reduced, pd.origin)
                != (0, "", False, 0, "", 0, -1)):
            raise _bad("pending", "a neutral spell waits with its cast and the living "
                       "players still to answer it")
        _check_cast(s, a)
        return
    card = pd.card
    effect = CARD[card].effect if card >= 0 else ""
    right = {"punch": card == -1,
             "throw": card >= 0 and CARD[card].thrown is not None,
             "spell": card >= 0 and CARD[card].kind == "attack",
             "weapon": card >= 0 and CARD[card].weapon is not None
             and card in s.carried[pd.attacker]}[pd.kind]
    modes = {"punch": r"", "throw": r"(spare)?", "weapon": r""}.get(
        pd.kind, _MODES.get(effect, r""))
    itself = pd.target == pd.attacker and card >= 0 and "area" in CARD[card].traits
    if (not right or not re.fullmatch(modes, pd.mode) or pd.target not in living
            or (pd.target == pd.attacker and not itself) or pd.responders
            or pd.action is not None or pd.dtype not in ("physical", "magical")
            or pd.origin < 0 or pd.energy < 1 or pd.target in pd.rest):
        raise _bad("pending", "an attack waits with its card, kind, mode, target and origin")
    if pd.mode == "spare" and card not in s.carried[pd.attacker]:
        raise _bad("pending", "a spare spike is thrown from an item its thrower carries")


def _check_counter(s: State, pd: Pending, a: E.Counter) -> None:
    """A counter spell waiting for its answer: played by the wizard answering (the
    target, or the neutral spell's responder), a spell from the hand in a game whose deck
    holds an answer, against a living attacker or caster of another seat's."""
    card = CARD[a.card]
    if (not answered(s.schools, s.options.extra_cards) or card.kind == "item"
            or "answers" in card.traits or a.player != pd.target or a.player == pd.attacker
            or card.kind not in ("counter", "neutral")
            or (card.kind == "neutral" and "counter-too" not in card.traits)
            or any(a.card in h for h in (*s.hands, *s.carried))
            or ("lasting" not in card.traits and a.card not in s.discard)):
        raise _bad("pending", f"{a!r}: not a counter spell waiting for its answer")


def _check_cast(s: State, a: Cast) -> None:
    """The neutral spell waiting for counters is one ``legal`` could have offered: its
    energy cards and its target and mode (seen as if Around the Corner still bent it)."""
    fuel = (a.energy, a.add, a.energy2)
    ev = B.EV
    if not ((a.energy < 0 or ev[a.energy] > 0) and (a.add < 0) == (a.energy2 < 0)
            and (a.add < 0 or (a.energy >= 0 and "companion" in CARD[a.add].traits
                               and ev[a.energy2] > 0))
            and (fuel == (-1, -1, -1) or B.USES_ENERGY[a.card])):
        raise _bad("pending", f"{a!r}: not a way to fuel {B.DECK[a.card]}")
    value = energy_value(s, a.player, a.energy, a.energy2)
    for bend in (s.bend, not s.bend):
        seen = msgspec.structs.replace(s, bend=bend)
        if (a.target, a.mode) in targets(seen, a.player, a.card, value, Sight(seen, a.player)):
            return
    raise _bad("pending", f"{a!r}: not a target or mode {B.DECK[a.card]} could have")


def _check_outcome(s: State) -> None:
    """A position that meets a victory condition is over, with exactly that result."""
    living = alive(s)
    if s.options.deadly_treasures and s.phase != "start":
        homes = B.geometry(s.board).home
        for o in living:
            others = {homes[q] for q in range(s.players) if q != o}
            if all(s.treasures[t] in others and s.bearer[t] < 0 for t in (2 * o, 2 * o + 1)):
                raise _bad("treasures", f"both of seat {o}'s treasures lie in enemy home "
                           "bases (Deadly Treasures) and its wizard lives")
    outcome: tuple[str, tuple[int, ...]] | None = None
    if len(living) <= 1:
        outcome = ("last-alive" if living else "no-survivors", living)
    else:
        winners = tuple(p for p in living if points(s, p) >= s.options.victory_points)
        if winners:
            outcome = ("points", winners)
    if s.phase == "over" and (s.result, s.winners) != outcome:
        raise _bad("result", f"result {s.result!r} won by {s.winners} does not fit the "
                   f"position ({outcome or 'nobody has won'})")
    if s.phase != "over" and outcome is not None:
        raise _bad("result", f"the game is already over ({outcome[0]}, won by "
                   f"{list(outcome[1])}): write phase=over with that result and winners")
