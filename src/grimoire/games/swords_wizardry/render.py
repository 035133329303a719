"""Text for Swords & Wizardry: the board, one-line event descriptions and the position
notation.

Notation (like FEN): ``BOARD TURN PINNED STORM QUIET``.

- BOARD: ranks 10 to 1 separated by ``/``; Red's pieces in capitals, Black's in small
  letters (``K`` king, ``H`` hero, ``M`` marshall-royal, ``P`` princess, ``W`` wizard,
  ``D`` dragon, ``G`` giant, ``O`` ogre, ``N`` knights, ``A`` men-at-arms, ``B`` bowmen,
  ``S`` peasants, ``C`` siege-catapult); a ``*`` after a letter marks a piece already shown
  to the opponent; numbers count empty squares (lake squares count as empty).
- TURN: ``r`` (Red to move) or ``b``.
- PINNED: whose Princess is pinned in her castle: ``-``, ``r``, ``b`` or ``rb``.
- STORM: ``-``, or a surrounded castle awaiting its storm and the storming seat (``b10:b``).
- QUIET: moves in a row without an attack.
- RESULT (only once the game is over): the reason and the winners' letters,
  ``rescue:b`` or ``quiet-limit:`` for a draw.

Eliminated pieces are those of the counts on neither side of the board.

>>> notation(parse("10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0", None))
'10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0'
"""

from __future__ import annotations

from typing import Any

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event, Roll
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.events import (
    Advance,
    Bombard,
    Challenge,
    Commence,
    Eliminate,
    GameOver,
    Move,
    Pin,
    Place,
    Reveal,
    Storm,
    Surround,
)
from grimoire.games.swords_wizardry.state import State

EMPTY = "."
SIZE = T.SIZE
FILES = "abcdefghij"
_TERRAIN_MARK = {".": ".", "~": "~", "B": "\\", "C": "#", "F": "^", "G": "^"}
_LETTERS = [p[1] for p in T.PIECES]
_KIND = {ch: k for k, ch in enumerate(_LETTERS)}


def _name(i: int) -> str:
    return f"{FILES[i % SIZE]}{SIZE - i // SIZE}"


_INDEX = {_name(i): i for i in range(SIZE * SIZE)}


def board(state: State, player: int | None = None) -> str:
    """The map with pieces. ``X``/``x``: a Red/Black piece the viewer cannot identify;
    ``*``: a piece the opponent has seen. Empty terrain: ``.`` open, ``~`` Lake Limpid,
    ``\\`` the Magic Rainbow Bridge, ``#`` castle, ``^`` forest."""
    terrain = "".join(T.TERRAIN)
    lines = ["      " + "  ".join(FILES)]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            i = r * SIZE + c
            ch = state.board[i]
            if ch == EMPTY:
                cells.append(_TERRAIN_MARK[terrain[i]] + " ")
            else:
                cells.append(ch + ("*" if state.revealed[i] else " "))
        lines.append(f" {SIZE - r:>2}   " + " ".join(cells).rstrip())
    lines.append(" X/x: an unidentified Red/Black piece; *: shown to the opponent")
    for seat in (0, 1):
        lost = state.lost[seat] or "-"
        lines.append(f" {T.SEAT_NAMES[seat]:<6} lost {lost}")
    if state.result:
        who = " and ".join(T.SEAT_NAMES[w] for w in state.winners) or "nobody"
        lines.append(f" game over: {who} wins ({state.result})")
    elif state.turn < 0:
        total = sum(state.counts)
        done = [sum(1 for ch in state.board if ch != EMPTY and ch.isupper() == (seat == 0))
                for seat in (0, 1)]
        lines.append(f" deployment: Red {done[0]}/{total}, Black {done[1]}/{total}")
    elif state.storm >= 0:
        lines.append(f" {T.SEAT_NAMES[state.storm_by]} storms the castle on "
                     f"{_name(state.storm)}")
    else:
        lines.append(f" {T.SEAT_NAMES[state.turn]} to move")
    return "\n".join(lines)


def describe(event: Event) -> str:
    """One line per event, for ``grimoire replay``."""
    if isinstance(event, Place):
        what = event.piece or "a piece"
        return f"{T.SEAT_NAMES[event.player]} places {what} on {event.square}"
    if isinstance(event, Commence):
        return f"both forces are deployed; {T.SEAT_NAMES[event.first]} moves first"
    if isinstance(event, Move):
        return f"{T.SEAT_NAMES[event.player]} moves {event.from_}-{event.to}"
    if isinstance(event, Bombard):
        return f"{T.SEAT_NAMES[event.player]} bombards {event.to} from {event.from_}"
    if isinstance(event, Storm):
        return (f"{T.SEAT_NAMES[event.player]} storms the castle on {event.castle} "
                f"from {event.from_}")
    if isinstance(event, Challenge):
        return (f"challenge: {event.attacker} on {event.from_} against "
                f"{event.defender} on {event.to}")
    if isinstance(event, Reveal):
        return f"the piece on {event.square} is shown: {event.piece}"
    if isinstance(event, Roll):
        who = T.SEAT_NAMES[event.player] if event.player is not None else "nobody"
        return f"{who}'s wizard throws {', '.join(map(str, event.values))}"
    if isinstance(event, Eliminate):
        return f"{T.SEAT_NAMES[event.owner]}'s {event.piece} on {event.square} is eliminated"
    if isinstance(event, Advance):
        return f"the victor advances {event.from_}-{event.to}"
    if isinstance(event, Pin):
        return (f"{T.SEAT_NAMES[event.owner]}'s princess is found in the castle on "
                f"{event.square} and must stay there")
    if isinstance(event, Surround):
        return f"the castle on {event.castle} is surrounded by {T.SEAT_NAMES[event.by]}"
    if isinstance(event, GameOver):
        who = " and ".join(T.SEAT_NAMES[w] for w in event.winners) or "nobody"
        return f"game over: {who} wins ({event.reason})"
    return repr(event)


def notation(state: State) -> str:
    """The position in notation (play only: a secret deployment has no notation)."""
    if state.turn < 0:
        raise IllegalAction("position/setup", "a position during the deployment has no notation")
    ranks = []
    for r in range(SIZE):
        out, run = "", 0
        for i in range(r * SIZE, (r + 1) * SIZE):
            ch = state.board[i]
            if ch == EMPTY:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += ch + ("*" if state.revealed[i] else "")
        if run:
            out += str(run)
        ranks.append(out)
    pinned = "".join(T.SEAT_LETTERS[s] for s in (0, 1) if state.pinned[s]) or "-"
    storm = "-" if state.storm < 0 else f"{_name(state.storm)}:{T.SEAT_LETTERS[state.storm_by]}"
    text = f"{'/'.join(ranks)} {T.SEAT_LETTERS[state.turn]} {pinned} {storm} {state.quiet}"
    if state.result:
        text += f" {state.result}:{''.join(T.SEAT_LETTERS[w] for w in state.winners)}"
    return text


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("position/invalid", f"{text!r}: {why}")


def _rank(text: str, rank: str) -> tuple[list[str], list[bool]]:
    row: list[str] = []
    shown: list[bool] = []
    j = 0
    while j < len(rank):
        ch = rank[j]
        if ch.isdigit():
            k = j
            while k < len(rank) and rank[k].isdigit():
                k += 1
            n = int(rank[j:k])
            row.extend(EMPTY * n)
            shown.extend([False] * n)
            j = k
            continue
        if ch.upper() not in _KIND:
            raise _bad(text, f"unknown piece letter {ch!r}")
        row.append(ch)
        star = j + 1 < len(rank) and rank[j + 1] == "*"
        shown.append(star)
        j += 2 if star else 1
    if len(row) != SIZE:
        raise _bad(text, f"rank {rank!r} is not {SIZE} squares")
    return row, shown


def parse(text: str, base: Any) -> State:
    """A :class:`State` from notation. ``base`` supplies option-derived fields (or ``None``
    for the default counts)."""
    parts = text.split()
    if len(parts) not in (5, 6):
        raise _bad(text, "expected 5 fields (board turn pinned storm quiet) and a result")
    ranks_text, turn_text, pinned_text, storm_text, quiet_text = parts[:5]
    result = ""
    winners: tuple[int, ...] = ()
    if len(parts) == 6:
        result, _, who = parts[5].partition(":")
        if not result or set(who) - set(T.SEAT_LETTERS):
            raise _bad(text, "result is REASON:WINNERS, e.g. 'rescue:b'")
        winners = tuple(T.SEAT_LETTERS.index(w) for w in who)
    ranks = ranks_text.split("/")
    if len(ranks) != SIZE:
        raise _bad(text, f"expected {SIZE} ranks separated by '/'")
    squares: list[str] = []
    revealed: list[bool] = []
    for rank in ranks:
        row, shown = _rank(text, rank)
        squares.extend(row)
        revealed.extend(shown)
    terrain = "".join(T.TERRAIN)
    for i, ch in enumerate(squares):
        if ch != EMPTY and terrain[i] == "~":
            raise _bad(text, f"a piece stands in Lake Limpid on {_name(i)}")
        if ch.upper() == "C" and terrain[i] == "C":
            raise _bad(text, f"a siege-catapult stands on castle {_name(i)}")
    counts = base.counts if base is not None else tuple(p[3] for p in T.PIECES)
    lost = []
    for seat in (0, 1):
        on_board = [0] * len(_LETTERS)
        for ch in squares:
            if ch != EMPTY and ch.isupper() == (seat == 0):
                on_board[_KIND[ch.upper()]] += 1
        gone = ""
        for k, (have, total) in enumerate(zip(on_board, counts, strict=True)):
            if have > total:
                raise _bad(text, f"{T.SEAT_NAMES[seat]} has {have} of {T.PIECES[k][0]}, "
                                 f"more than {total}")
            letter = _LETTERS[k] if seat == 0 else _LETTERS[k].lower()
            gone += letter * (total - have)
        lost.append(gone)
    if turn_text not in T.SEAT_LETTERS:
        raise _bad(text, "turn is 'r' or 'b'")
    if pinned_text != "-" and (not pinned_text or set(pinned_text) - set("rb")):
        raise _bad(text, "pinned is '-', 'r', 'b' or 'rb'")
    storm, storm_by = -1, -1
    if storm_text != "-":
        castle, _, by = storm_text.partition(":")
        if castle not in _INDEX or terrain[_INDEX[castle]] != "C" or by not in T.SEAT_LETTERS:
            raise _bad(text, "storm is '-' or CASTLE:SEAT, e.g. 'b10:b'")
        storm, storm_by = _INDEX[castle], T.SEAT_LETTERS.index(by)
    if not quiet_text.isdigit():
        raise _bad(text, "quiet is a whole number")
    fields: dict[str, Any] = dict(
        board=tuple(squares),
        revealed=tuple(revealed),
        turn=T.SEAT_LETTERS.index(turn_text),
        lost=(lost[0], lost[1]),
        storm=storm,
        storm_by=storm_by,
        pinned=("r" in pinned_text, "b" in pinned_text),
        quiet=int(quiet_text),
        result=result,
        winners=winners,
    )
    if base is None:
        return State(counts=counts, first=0, **fields)
    new: State = msgspec.structs.replace(base, **fields)
    return new
