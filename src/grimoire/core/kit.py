"""The game kit: the small parts every game is built from, so a game is as big as its rules.

- :class:`Builder`: the events a decision produces, each folded into a scratch state as it
  is emitted, so later rules see what earlier events did;
- :func:`put`, :func:`put_many`, :func:`without`: immutable updates of the tuples states
  are made of (and ``replace``, msgspec's ``structs.replace``, for the states themselves,
  so a game's ``evolve`` needs only the kit);
- :class:`Grid`: chess-like square names (``a1``..``j10``) for rectangular boards;
  :func:`named` and :func:`who` for the other names a game reads and writes;
- :func:`write_ranks` / :func:`read_ranks`: the FEN-like rank codec (``2S1D/5/...``), with
  every run bounded by the board before anything is allocated; :func:`number` reads a
  bounded whole number out of a position; :func:`write_pieces` writes a board from its
  pieces by square and :func:`options_of` reads options, for the games' position builders;
- :class:`GameOver` and :func:`ended`: the shared end-of-game consequence and its fold (the
  default outcome, :func:`grimoire.core.rules.finished`, reads what it leaves);
- :func:`evolver`: a game's ``evolve`` from a table of event types and small pure
  functions, which names the game and the event it lacks (``game/unhandled-event``);
- :func:`seat_name` / :func:`seat_names`: the players' names a state keeps, or the game's
  seat names where it keeps none; :func:`position_fields`: the guards every position text
  passes before it is read (a text, bounded, the right number of fields);
- :func:`uniform_rollout` / :func:`no_opinion`: the default bot hints (what a game without
  a ``bots`` module gets).

>>> grid = Grid(5, 5)
>>> grid.name(0), grid.parse("e1", "move/unknown-square")
('a5', 24)
>>> write_ranks(["S.D..", ".....", ".....", ".....", "s...."])
'S1D2/5/5/5/s4'
"""

from __future__ import annotations

import hashlib
import random
import secrets
import typing
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType as MappingProxy
from typing import Any, Generic, TypeVar, overload

import msgspec
from msgspec.structs import replace as replace

from grimoire.core.dice import Dice, NoDice
from grimoire.core.errors import IllegalAction, RulesError, UsageError
from grimoire.core.events import Consequence, Seat

S = TypeVar("S")
E = TypeVar("E")
T = TypeVar("T")

FILES = "abcdefghijklmnopqrstuvwxyz"

# ---------------------------------------------------------------- the event builder


class Builder(Generic[S, E]):
    """The events of one decision and the state they lead to.

    ``emit`` appends an event and folds it into ``state`` at once, so whatever is decided
    next reads the state as the log will have it: what ``decide`` returns is always what
    ``evolve`` agrees with. ``dice`` is the decision's dice (default: none allowed).

    >>> b = Builder(0, lambda total, n: total + n)
    >>> b.emit(2), b.emit(3), b.done(), b.state
    (2, 5, (2, 3), 5)
    """

    __slots__ = ("_evolve", "_start", "dice", "events", "state")

    def __init__(self, state: S, evolve: Callable[[S, E], S], dice: Dice | None = None) -> None:
        self.state = state
        self.events: list[E] = []
        self.dice: Dice = NoDice() if dice is None else dice
        self._evolve = evolve
        self._start = state

    def emit(self, event: E) -> S:
        """Record ``event`` and return the state after it."""
        self.events.append(event)
        self.state = self._evolve(self.state, event)
        return self.state

    def done(self) -> tuple[E, ...]:
        """The decision's events, in order. The builder remembers the state they lead
        to, so :func:`apply_decision` need not fold them again."""
        events = tuple(self.events)
        _BUILT[0] = (events, self._start, self._evolve, self.state)
        return events


_BUILT: list[tuple[Any, Any, Any, Any]] = [((), None, None, None)]
"""The last decision a :class:`Builder` gave: its events, the state and evolve it began
from, and the state it ended in."""


def apply_decision(state: S, events: tuple[E, ...], evolve: Callable[[S, E], S]) -> S:
    """The state after ``events``, a decision ``decide`` just gave for ``state``: the
    state its :class:`Builder` already folded them into when ``events`` is the very tuple
    that builder gave, from this very ``state`` and ``evolve``; else they are folded here.
    Either way the result is ``fold(state, events)``; a decision is folded once, not twice
    (the audit's, a match's and a search's hot path).

    >>> add = lambda total, n: total + n
    >>> b = Builder(10, add)
    >>> _ = b.emit(2); _ = b.emit(3)
    >>> apply_decision(10, b.done(), add), apply_decision(1, (2, 3), add)
    (15, 6)
    """
    built = _BUILT[0]
    if built[0] is events and built[1] is state and built[2] is evolve:
        end: S = built[3]
        return end
    for event in events:
        state = evolve(state, event)
    return state


# ---------------------------------------------------------------- immutable tuples


@overload
def put(t: tuple[T, T], i: int, value: T) -> tuple[T, T]: ...
@overload
def put(t: tuple[T, ...], i: int, value: T) -> tuple[T, ...]: ...
def put(t: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``t`` with item ``i`` replaced. ``i`` must index ``t`` (no negative index, no
    growth), so a seat or square a game does not have raises ``IndexError``.

    >>> put(("a", "b", "c"), 1, "x"), put((0, 0), 1, 5)
    (('a', 'x', 'c'), (0, 5))
    """
    n = len(t)
    if n == 2:  # a seat pair: the fold's hot path
        if i == 0:
            return (value, t[1])
        if i == 1:
            return (t[0], value)
    elif 0 <= i < n:
        out = list(t)
        out[i] = value
        return tuple(out)
    raise IndexError(f"no index {i!r} in {n} items")


def put_many(t: tuple[T, ...], changes: Mapping[int, T]) -> tuple[T, ...]:
    """``t`` with several items replaced (``{index: value}``).

    >>> put_many((".", ".", "."), {0: "K", 2: "k"})
    ('K', '.', 'k')
    """
    out = list(t)
    for i, value in changes.items():
        if not 0 <= i < len(out):
            raise IndexError(f"no index {i!r} in {len(out)} items")
        out[i] = value
    return tuple(out)


def without(t: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``t`` less the first ``item`` (``ValueError`` if it is not there).

    >>> without((3, 5, 3), 3)
    (5, 3)
    """
    i = t.index(item)
    return t[:i] + t[i + 1:]


# ---------------------------------------------------------------- names


def named(table: Mapping[str, T], name: str, reason: str, what: str) -> T:
    """The entry of ``table`` called ``name``; refused with ``reason`` when there is none.

    >>> named({"saint": 0, "dragon": 4}, "dragon", "move/unknown-creature", "creature")
    4
    """
    try:
        return table[name]
    except (KeyError, TypeError):
        raise IllegalAction(reason, f"no {what} {name!r} (one of {', '.join(table)})") from None


def who(names: Sequence[str], seats: Iterable[int], nobody: str = "nobody") -> str:
    """Seats by name, for outcome lines (``"Dawn and Twilight"``; ``nobody`` for none).

    >>> who(("Dawn", "Twilight"), (1,)), who(("Dawn", "Twilight"), ())
    ('Twilight', 'nobody')
    """
    return " and ".join(names[s] for s in seats) or nobody


def seat_name(state: object, seat: int, defaults: Sequence[str], *,
              unknown: str = "player {n}") -> str:
    """The name of ``seat``'s player: the state's ``names[seat]`` when it is set, else the
    game's seat name ``defaults[seat]`` (a state built by hand, or ``state`` ``None``), else
    ``unknown`` with ``{n}`` the seat counted from 1 (a seat the game does not have).

    >>> seat_name(None, 1, ("Dawn", "Twilight")), seat_name(None, 5, ("Dawn", "Twilight"))
    ('Twilight', 'player 6')
    >>> class S(msgspec.Struct):
    ...     names: tuple[str, ...] = ()
    >>> seat_name(S(("Ann", "Ben")), 0, ("Dawn", "Twilight"))
    'Ann'
    """
    names: Sequence[str] = () if state is None else getattr(state, "names", ())
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    if 0 <= seat < len(defaults):
        return defaults[seat]
    return unknown.format(n=seat + 1)


def seat_names(state: object, defaults: Sequence[str]) -> tuple[str, ...]:
    """Every seat's name, seat 0 first, as :func:`seat_name` gives it (as many seats as
    ``defaults`` has, or the state's ``names`` when it has more).

    >>> seat_names(None, ("Dawn", "Twilight"))
    ('Dawn', 'Twilight')
    """
    names: Sequence[str] = () if state is None else getattr(state, "names", ())
    return tuple(seat_name(state, s, defaults) for s in range(max(len(names), len(defaults))))


# ---------------------------------------------------------------- square names


class Grid:
    """The squares of a ``width`` x ``height`` board, numbered row by row from the
    north-west corner and named like chess squares: a file letter (``a`` in the west) and
    a rank number. Row 0 holds the highest rank (a chess diagram's order: ``a8`` first),
    or rank 1 with ``ascending`` (an arena stored ``a1`` first, or ranks counted from the
    north). ``valid`` marks squares that exist (a board with an empty quarter).

    >>> g = Grid(8, 8, ascending=True)
    >>> g.name(0), g.name(63), g.find("b1"), g.find("z9")
    ('a1', 'h8', 1, -1)
    """

    def __init__(self, width: int, height: int, *, ascending: bool = False,
                 valid: Sequence[bool] | None = None) -> None:
        if not 0 < width <= len(FILES):
            raise ValueError(f"a grid is 1 to {len(FILES)} files wide, not {width}")
        self.width = width
        self.height = height
        self.size = width * height
        self.names: tuple[str, ...] = tuple(
            f"{FILES[i % width]}{i // width + 1 if ascending else height - i // width}"
            for i in range(self.size)
        )
        self.valid: tuple[bool, ...] = (
            tuple(valid) if valid is not None else (True,) * self.size
        )
        self.index: dict[str, int] = {
            name: i for i, name in enumerate(self.names) if self.valid[i]
        }
        self._span = f"{FILES[0]}1..{FILES[width - 1]}{height}"

    @property
    def pattern(self) -> str:
        """A regular expression matching exactly the names of the squares that exist (for
        the JSON Schemas: ``msgspec.Meta(extra_json_schema={"pattern": ...})``).

        >>> Grid(5, 5).pattern, Grid(10, 10).pattern
        ('^[a-e][1-5]$', '^[a-j](?:10|[1-9])$')
        """
        if not all(self.valid):
            return "^(?:" + "|".join(sorted(self.index, key=lambda n: self.index[n])) + ")$"
        last = FILES[self.width - 1]
        if self.height <= 9:
            return f"^[a-{last}][1-{self.height}]$"
        big = "|".join(str(r) for r in range(self.height, 9, -1))
        return f"^[a-{last}](?:{big}|[1-9])$"

    def name(self, i: int) -> str:
        """The name of square ``i``."""
        return self.names[i]

    def find(self, name: str) -> int:
        """The square named ``name``, or -1."""
        return self.index.get(name, -1)

    def parse(self, name: str, reason: str) -> int:
        """The square named ``name``; refused with ``reason`` when there is none."""
        i = self.index.get(name, -1)
        if i < 0:
            raise IllegalAction(reason, f"no square {name!r} (squares are {self._span})")
        return i


# ---------------------------------------------------------------- the rank codec


def shorten(text: str, most: int = 80) -> str:
    """``text`` as ``repr`` shows it, cut to about ``most`` characters, so an error never
    echoes megabytes of hostile input.

    >>> print(shorten("ab" * 100, 10))
    'ababababab'… (200 characters)
    """
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r}\u2026 ({len(text)} characters)"


def bad_position(text: str, why: str) -> IllegalAction:
    """The refusal of a position text that cannot be read (``position/invalid``); the
    text is quoted shortened (:func:`shorten`)."""
    return IllegalAction("position/invalid", f"{shorten(text)}: {why}")


@lru_cache(maxsize=1024)
def _widest(lo: int, hi: int) -> int:
    """The most characters a number from ``lo`` to ``hi`` is written with."""
    return max(len(str(lo)), len(str(hi)))


def number(text: str, field: str, lo: int, hi: int, what: str = "number") -> int:
    """The whole number ``field`` of the position ``text``, refused with
    ``position/invalid`` unless it is plain ASCII digits (an optional leading ``-``) between
    ``lo`` and ``hi``. Its length is checked before it is converted, so a field of a million
    digits costs nothing.

    >>> number("p", "12", 0, 99)
    12
    >>> number("p", "9" * 5000, 0, 99)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.IllegalAction: position/invalid: 'p': number '999...' is not a ...
    """
    if field.isdigit() and field.isascii() and len(field) <= _widest(lo, hi):
        value = int(field)  # the common case, read at once
        if lo <= value <= hi:
            return value
    digits = field[1:] if field[:1] == "-" else field
    if not (digits.isascii() and digits.isdigit()) or len(field) > _widest(lo, hi):
        shown = field if len(field) <= 20 else field[:20] + "\u2026"
        raise bad_position(text, f"{what} {shown!r} is not a whole number from {lo} to {hi}")
    value = int(field)
    if not lo <= value <= hi:
        raise bad_position(text, f"{what} {field!r} is not a whole number from {lo} to {hi}")
    return value


def position_fields(text: object, count: int, *, longest: int,
                    names: str = "") -> list[str]:
    """The ``count`` space-separated fields of the position ``text``, after the guards every
    ``parse`` needs before it reads anything: ``text`` is a ``str`` (a program may hand
    anything), at most ``longest`` characters (a hostile megabyte is refused unread), with
    exactly ``count`` fields (``names`` lists them in the refusal). Anything else is
    ``position/invalid``.

    >>> position_fields("A2/3/2I a 0", 3, longest=40)
    ['A2/3/2I', 'a', '0']
    >>> position_fields("A2/3/2I a", 3, longest=40, names="board turn turns")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.IllegalAction: position/invalid: 'A2/3/2I a': expected 3 fields: ...
    """
    if not isinstance(text, str):
        raise bad_position(repr(text)[:40], f"a position is text, not {type(text).__name__}")
    if len(text) > longest:
        raise bad_position(text[:40] + "\u2026",
                           f"{len(text)} characters; no position is longer than {longest}")
    parts = text.split()
    if len(parts) != count:
        raise bad_position(text, f"expected {count} fields" + (f": {names}" if names else ""))
    return parts


def write_ranks(rows: Iterable[Iterable[str]], empty: str = ".") -> str:
    """Ranks joined by ``/``, each cell a token (a piece letter and its marks) and every
    run of ``empty`` cells written as its length, as FEN does.

    >>> write_ranks([["K*", ".", "."], [".", ".", "."]])
    'K*2/3'
    """
    out = []
    for row in rows:
        text, run = "", 0
        for cell in row:
            if cell == empty:
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += cell
        out.append(text + (str(run) if run else ""))
    return "/".join(out)


def write_pieces(grid: Grid, pieces: Mapping[str, str], empty: str = ".") -> str:
    """The ranks of ``grid``'s board holding ``pieces`` by square name (a piece letter and
    its marks), highest rank first, as :func:`write_ranks` writes them: how a test writes
    a position's board from a few facts. A name that is no square of the grid is refused
    with ``position/invalid``.

    >>> write_pieces(Grid(3, 2), {"a2": "K*", "c1": "k"})
    'K*2/2k'
    """
    for name in pieces:
        if name not in grid.index:
            raise bad_position(str(dict(pieces)), f"no square {name!r} on a "
                               f"{grid.width}x{grid.height} board")
    return write_ranks(
        [pieces.get(f"{FILES[f]}{r}", empty) for f in range(grid.width)]
        for r in range(grid.height, 0, -1))


def options_of(Options: type[T], options: T | Mapping[str, Any] | None) -> T:
    """``options`` as the game's ``Options``: given as they are, read from a mapping of
    option names to values (every other option at its default) or all defaults for
    ``None``; a mapping they cannot be read from is refused with ``options/invalid``, as
    :meth:`grimoire.core.match.Match.new` refuses it.

    >>> class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ...     rounds: int = 10
    >>> options_of(Options, {"rounds": 3}), options_of(Options, None)
    (Options(rounds=3), Options(rounds=10))
    >>> options_of(Options, {"turns": 3})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.UsageError: options/invalid: {'turns': 3}: ...
    """
    if options is not None and not isinstance(options, Mapping):
        return options
    try:
        return msgspec.convert(dict(options or {}), Options)
    except msgspec.ValidationError as exc:
        raise UsageError("options/invalid", f"{options!r}: {exc}") from None


def read_ranks(text: str, ranks: str, width: int, height: int, *,
               pieces: Container[str], marks: str = "", what: str = "piece",
               empty: str = ".") -> list[list[str]]:
    """The cells of ``ranks`` (as :func:`write_ranks` writes them) as rows of tokens: a
    piece letter followed by any of ``marks``, or ``empty``. ``text`` (the whole position)
    is quoted in refusals. A run never makes a rank longer than ``width``: a huge number
    is refused before anything is allocated.

    >>> read_ranks("p", "K*2/3", 3, 2, pieces="Kk", marks="*")
    [['K*', '.', '.'], ['.', '.', '.']]
    """
    parts = ranks.split("/")
    if len(parts) != height:
        raise bad_position(text, f"expected {height} ranks separated by '/'")
    rows: list[list[str]] = []
    for rank in parts:
        row: list[str] = []
        j = 0
        while j < len(rank):
            ch = rank[j]
            if "0" <= ch <= "9":
                k = j
                while k < len(rank) and "0" <= rank[k] <= "9" and k - j < 4:
                    k += 1
                run = int(rank[j:k])
                if run == 0 or len(row) + run > width:
                    raise bad_position(text, f"rank {rank!r} is not {width} squares")
                row.extend(empty * run)
                j = k
                continue
            if ch not in pieces:
                raise bad_position(text, f"unknown {what} letter {ch!r}")
            k = j + 1
            while k < len(rank) and rank[k] in marks:
                k += 1
            row.append(rank[j:k])
            j = k
        if len(row) != width:
            raise bad_position(text, f"rank {rank!r} is not {width} squares")
        rows.append(row)
    return rows


# ---------------------------------------------------------------- sealed choices

PUBLIC_NONCE = "00" * 16
"""The nonce of a choice sealed where secrecy does not matter (bots, tests, ``legal``'s
listing): anyone can open such a seal by trying every choice."""


def commitment(choice: object, nonce: str) -> str:
    """The seal of a hidden choice: hex BLAKE2b-256 of ``b"grimoire/choice\\x00"``, the
    nonce's 16 bytes and the choice's canonical JSON (msgspec's encoding: a struct's
    fields in order, no spaces). Publishing it reveals nothing of the choice while the
    nonce stays secret; opening it later (the choice and the nonce) proves the choice was
    made before anything it could have depended on.

    >>> commitment(["saint", "a1"], PUBLIC_NONCE)[:16]
    '72e122dcb899bdc7'
    """
    try:
        raw = bytes.fromhex(nonce)
    except ValueError:
        raw = b""
    if len(raw) != 16:
        raise IllegalAction("commit/bad-nonce", f"a nonce is 32 hex digits, not {nonce[:40]!r}")
    h = hashlib.blake2b(b"grimoire/choice\x00" + raw, digest_size=32)
    h.update(msgspec.json.encode(choice))
    return h.hexdigest()


def fresh_nonce() -> str:
    """A random nonce (32 hex digits) for sealing a choice for real.

    >>> len(fresh_nonce())
    32
    """
    return secrets.token_hex(16)


# ---------------------------------------------------------------- the end of a game


class GameOver(Consequence, frozen=True, tag="game-over"):
    """The game ends: ``winners`` (seats; empty for a draw) and the reason code."""

    winners: tuple[Seat, ...]
    reason: str


def ended(state: S, event: GameOver, **changes: Any) -> S:
    """The fold of :class:`GameOver`: ``winners`` and ``result`` set (the fields the
    default outcome reads), with any of the game's own ``changes``."""
    if changes:
        out: S = msgspec.structs.replace(  # type: ignore[type-var]
            state, winners=event.winners, result=event.reason, **changes)
    else:
        out = msgspec.structs.replace(  # type: ignore[type-var]
            state, winners=event.winners, result=event.reason)
    return out


# ---------------------------------------------------------------- evolve


def evolver(state: type[S], handlers: Mapping[type, Callable[[S, Any], S]], *,
            game: str = "") -> Callable[[S, Any], S]:
    """A game's ``evolve``: the state (of type ``state``, the game's ``State``, which lets
    mypy check every handler against it) after an event, by the function ``handlers``
    holds for the event's exact type (a dict lookup and a call: the fold's hot path stays as fast as
    the table written out). An event type the table lacks is a bug of the game, refused
    with ``game/unhandled-event`` naming the game (``game``, or the one
    :meth:`~grimoire.core.rules.Game.assemble` gives it), the event and what to add;
    ``Game.assemble`` makes the same check for every member of the game's ``Event`` union
    when the game is loaded, so a missing handler never waits for a log to meet it.

    >>> from grimoire.core.events import Action
    >>> class Step(Action, frozen=True, tag="step"):
    ...     to: str
    >>> class Rest(Action, frozen=True, tag="rest"):
    ...     pass
    >>> evolve = evolver(list, {Step: lambda state, ev: state + [ev.to]}, game="demo")
    >>> evolve([], Step(player=0, to="b2"))
    ['b2']
    >>> evolve([], Rest(player=0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.RulesError: game/unhandled-event: the game demo's evolve has no ...
    """
    table: dict[type, Callable[[S, Any], S]] = dict(handlers)
    where = [game, _module_of(table)]

    def evolve(state: S, event: Any) -> S:
        try:  # free when it does not raise: the fold's hot path
            handler = table[type(event)]
        except KeyError:
            raise unhandled_event(where[0], type(event), where[1]) from None
        return handler(state, event)

    evolve.__doc__ = "The state after ``event`` (:func:`grimoire.core.kit.evolver`)."
    vars(evolve)["_grimoire_evolver"] = (table, where)
    return evolve


def _module_of(table: Mapping[type, Callable[..., Any]]) -> str:
    for handler in table.values():
        module = getattr(handler, "__module__", None)
        if module:
            return str(module)
    return ""


def unhandled_event(game: str, kind: type, module: str = "") -> RulesError:
    """The error of an ``evolve`` that has no handler for events of type ``kind``
    (``game/unhandled-event``): a bug of the game, so it says what to add where.

    >>> print(unhandled_event("demo", int, "demo.evolve").detail)  # doctest: +ELLIPSIS
    the game demo's evolve has no handler for int events (tag 'int'): add `int: ...
    """
    config = getattr(kind, "__struct_config__", None)
    tag = getattr(config, "tag", None) or kind.__name__
    where = f" in {module}" if module else ""
    return RulesError(
        "game/unhandled-event",
        f"the game {game or module or '?'}'s evolve has no handler for {kind.__name__} "
        f"events (tag {tag!r}): add `{kind.__name__}: a function (state, event) -> State` "
        f"to the table given to kit.evolver{where}")


def handlers_of(evolve: Callable[..., Any]) -> Mapping[type, Callable[..., Any]] | None:
    """The table an :func:`evolver` dispatches on (``None`` for an ``evolve`` written by
    hand), for checks over a game's events.

    >>> sorted(t.__name__ for t in handlers_of(evolver(int, {int: max, str: min})))
    ['int', 'str']
    """
    made = vars(evolve).get("_grimoire_evolver") if hasattr(evolve, "__dict__") else None
    return None if made is None else MappingProxy(made[0])


def check_evolver(game: str, evolve: Callable[..., Any], event_union: Any) -> None:
    """Name the game an :func:`evolver` belongs to (when it was not given) and refuse,
    with ``game/unhandled-event``, a member of the game's ``Event`` union its table
    lacks. ``Game`` calls this when a game is assembled; an ``evolve`` written by hand is
    left alone.

    >>> check_evolver("demo", evolver(int, {int: max}), int | str)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    grimoire.core.errors.RulesError: game/unhandled-event: the game demo's evolve has ...
    """
    made = vars(evolve).get("_grimoire_evolver") if hasattr(evolve, "__dict__") else None
    if made is None:
        return
    table, where = made
    if not where[0]:
        where[0] = game
    members = typing.get_args(event_union) or (event_union,)
    for kind in members:
        if isinstance(kind, type) and kind not in table:
            raise unhandled_event(where[0], kind, where[1])


# ------------------------------------------------------------------ search bots


def uniform_rollout(_state: object, _player: int, actions: Sequence[T],
                    rng: random.Random) -> T:
    """A game's ``bots.rollout`` when no cheap rule plays better: any legal action,
    uniformly (what a game assembled without ``bots`` gets: it needs no ``bots.py``).

    >>> uniform_rollout(None, 0, ["a", "b"], random.Random(1)) in ("a", "b")
    True
    """
    return actions[rng.randrange(len(actions))]


def no_opinion(_state: object) -> None:
    """A game's ``bots.evaluate`` when its random games are short: a rollout cut off
    before the end counts as shared (what a game assembled without ``bots`` gets).

    >>> no_opinion(None) is None
    True
    """
    return None
