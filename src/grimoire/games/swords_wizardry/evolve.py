"""Swords & Wizardry: how each event changes the state (pure).

>>> from grimoire.games.swords_wizardry import RULES
>>> s = RULES.parse("10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0", RULES.Options(),
...                 ("Red", "Black"))
>>> after = evolve(s, Move(player=0, from_="c7", to="c6"))
>>> after.board[42], after.revealed[42], after.turn
('K', True, 1)
"""

from __future__ import annotations

from typing import TypeVar

import msgspec

from grimoire.core.kit import ended, evolver, put
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    BRIDGE_STEPS,
    CASTLE,
    EMPTY,
    INDEX,
    KIND_INDEX,
    LAKE,
    NEIGHBOURS,
    PIECE,
    PRINCESS,
    UNKNOWN,
    letter,
)
from grimoire.games.swords_wizardry.events import (
    Advance,
    Arrive,
    Bombard,
    Bounce,
    Challenge,
    Commence,
    Commit,
    Decline,
    Eliminate,
    GameOver,
    Move,
    Open,
    Pin,
    Place,
    Reveal,
    Roll,
    Storm,
    Surround,
)
from grimoire.games.swords_wizardry.state import State

_replace = msgspec.structs.replace
Item = TypeVar("Item")

# _KIND_OF[letter]: the kind of a board letter (Red's or Black's), the order a seat's
# ``lost`` letters are kept in.
_KIND_OF: dict[str, int] = {ch: kind for ch, (_, kind) in PIECE.items()}


def _place(state: State, ev: Place) -> State:
    kind = KIND_INDEX.get(ev.piece, -1)
    ch = letter(ev.player, kind) if kind >= 0 else UNKNOWN[ev.player]
    return _replace(state, board=_put(state.board, INDEX[ev.square], ch))


def _commence(state: State, ev: Commence) -> State:
    return _replace(state, turn=ev.first)


# ------------------------------------------------------------------ commit-reveal


def is_step(src: int, dst: int) -> bool:
    """Is ``src`` -> ``dst`` one square onto open dry ground (orthogonally, or along the
    bridge), not a castle: a move every kind of piece can make? With ``hidden="commit"``
    such a move of a sealed piece needs no opening.

    >>> is_step(INDEX["c7"], INDEX["c6"]), is_step(INDEX["c2"], INDEX["b1"])
    (True, False)
    """
    return (dst in NEIGHBOURS[src] or dst in BRIDGE_STEPS[src]) and not (
        LAKE[dst] or CASTLE[dst])


def needs_opening(state: State, ev: Move | Bombard | Storm) -> bool:
    """Does ``ev``, in ``state`` (commit mode), wait for a piece to be opened before its
    outcome is decided? A move of a sealed piece that is not a plain step (see
    :func:`is_step`), any challenge or bombardment of a sealed piece or by one, and a
    storm whose occupant (or storming piece, or ring when she is the Princess) is sealed.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.setup(RULES.Options(hidden="commit"), ())
    >>> s = evolve(evolve(s, Commit(player=0, square="c7", digest="0" * 64)), Commence(first=0))
    >>> step, leap = Move(player=0, from_="c7", to="c6"), Move(player=0, from_="c7", to="c5")
    >>> needs_opening(s, step), needs_opening(s, leap)
    (False, True)
    """
    return bool(awaited(_replace(state, pending=ev)))


def awaited(state: State) -> list[int]:
    """The squares of the sealed pieces ``state.pending`` still waits for, in the order
    they are to be opened (the mover's before its target's; a storm's occupant first, then
    the storming piece, or every piece of the ring if she is the Princess).

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.setup(RULES.Options(hidden="commit"), ())
    >>> s = evolve(evolve(s, Commit(player=0, square="c7", digest="0" * 64)), Commence(first=0))
    >>> awaited(evolve(s, Move(player=0, from_="c7", to="c5"))) == [INDEX["c7"]]
    True
    """
    p = state.pending
    if p is None:
        return []
    board, shown = state.board, state.revealed
    if isinstance(p, Storm):
        castle, src = INDEX[p.castle], INDEX[p.from_]
        if not shown[castle]:
            return [castle]
        if PIECE.get(board[castle], (-1, -1))[1] == PRINCESS:
            return [sq for sq in NEIGHBOURS[castle] if not shown[sq]]
        return [] if shown[src] else [src]
    src, dst = INDEX[p.from_], INDEX[p.to]
    out = []
    if not shown[src] and (isinstance(p, Bombard) or board[dst] != EMPTY
                           or not is_step(src, dst)):
        out.append(src)
    if board[dst] != EMPTY and not shown[dst]:
        out.append(dst)
    return out


def _waits(state: State, ev: Move | Bombard | Storm) -> State:
    """``state`` with ``ev`` pending if it waits for an opening (commit mode only)."""
    if not state.commit:
        return state
    after = _replace(state, pending=ev)
    return after if awaited(after) else state


def _commit(state: State, ev: Commit) -> State:
    sq = INDEX[ev.square]
    return _replace(
        state,
        board=put(state.board, sq, UNKNOWN[ev.player]),
        home=put(state.home, sq, sq),
        digests=put(state.digests, sq, ev.digest),
    )


def _open(state: State, ev: Open) -> State:
    sq = state.home.index(INDEX[ev.square])
    opened = _replace(
        state,
        board=put(state.board, sq, letter(ev.player, KIND_INDEX[ev.piece])),
        revealed=put(state.revealed, sq, True),
    )
    if opened.pending is not None and not awaited(opened):
        return _replace(opened, pending=None)
    return opened


# ------------------------------------------------------------------ play


def _move(state: State, ev: Move) -> State:
    src, dst = INDEX[ev.from_], INDEX[ev.to]
    board = state.board
    if board[dst] != EMPTY:  # a challenge: its consequences move the pieces
        return _waits(_replace(state, turn=1 - ev.player, quiet=0), ev)
    if state.commit:
        if needs_opening(state, ev):  # the piece moves once it is opened (``Arrive``)
            return _replace(state, turn=1 - ev.player, quiet=state.quiet + 1, pending=ev)
        return _replace(_carry(state, src, dst), turn=1 - ev.player, quiet=state.quiet + 1)
    revealed = state.revealed
    if revealed[src] or revealed[dst]:  # a shown piece: its flag travels with it
        return _replace(
            state,
            board=_shift(board, src, dst, EMPTY),
            revealed=_shift(revealed, src, dst, False),
            turn=1 - ev.player,
            quiet=state.quiet + 1,
        )
    out = list(board)  # ``_shift(board, src, dst, EMPTY)`` written out: the hottest fold
    out[src], out[dst] = EMPTY, board[src]
    return _replace(state, board=tuple(out), turn=1 - ev.player, quiet=state.quiet + 1)


def _carry(state: State, src: int, dst: int) -> State:
    """The piece on ``src`` carried to ``dst``, with what travels with it."""
    if state.home:
        return _replace(
            state,
            board=_shift(state.board, src, dst, EMPTY),
            revealed=_shift(state.revealed, src, dst, False),
            home=_shift(state.home, src, dst, -1),
        )
    return _replace(
        state,
        board=_shift(state.board, src, dst, EMPTY),
        revealed=_shift(state.revealed, src, dst, False),
    )


def _bombard(state: State, ev: Bombard) -> State:
    return _waits(_replace(state, turn=1 - ev.player, quiet=0), ev)


def _challenge(state: State, ev: Challenge) -> State:
    src, dst = INDEX[ev.from_], INDEX[ev.to]
    revealed = state.revealed
    if revealed[src] and revealed[dst]:  # both shown already: nothing changes
        return state
    out = list(revealed)
    out[src] = out[dst] = True
    return _replace(state, revealed=tuple(out))


def _reveal(state: State, ev: Reveal) -> State:
    sq = INDEX[ev.square]
    if state.revealed[sq]:
        return state
    return _replace(state, revealed=_put(state.revealed, sq, True))


def _eliminate(state: State, ev: Eliminate) -> State:
    sq = INDEX[ev.square]
    lost = state.lost[ev.owner]
    if len(lost) >= T.PIECES_PER_SIDE:  # only a forged log gets here
        raise ValueError(f"every piece of seat {ev.owner} is already lost")
    gone = lost + letter(ev.owner, KIND_INDEX[ev.piece])
    board, revealed = state.board, state.revealed
    out = _replace(
        state,
        board=_put(board, sq, EMPTY),
        revealed=_put(revealed, sq, False) if revealed[sq] else revealed,
        lost=put(state.lost, ev.owner, "".join(sorted(gone, key=_KIND_OF.__getitem__))),
    )
    return _replace(out, home=put(state.home, sq, -1)) if state.home else out


def _advance(state: State, ev: Advance | Bounce | Arrive) -> State:
    return _carry(state, INDEX[ev.from_], INDEX[ev.to])


def _shift(t: tuple[Item, ...], src: int, dst: int, left: Item) -> tuple[Item, ...]:
    """``t`` with the item on ``src`` carried to ``dst`` and ``left`` behind, in one list
    copy (``t`` itself when both are ``left`` already: an unshown piece moving leaves
    ``revealed`` as it was): a move is the hottest fold there is, and ``put_many`` with
    its dict and checks made replays measurably slower."""
    item = t[src]
    if item == left and t[dst] == left:
        return t
    out = list(t)
    out[src] = left
    out[dst] = item
    return tuple(out)


def _put(t: tuple[Item, ...], i: int, value: Item) -> tuple[Item, ...]:
    """``t`` with square ``i`` (a valid index) set to ``value``: ``kit.put`` without its
    seat-pair case and index check."""
    out = list(t)
    out[i] = value
    return tuple(out)


def _pin(state: State, ev: Pin) -> State:
    return _replace(state, pinned=put(state.pinned, ev.owner, True))


def _surround(state: State, ev: Surround) -> State:
    return _replace(state, storm=INDEX[ev.castle], storm_by=ev.by)


def _storm(state: State, ev: Storm) -> State:
    return _waits(_replace(state, storm=-1, storm_by=-1), ev)


def _decline(state: State, ev: Decline) -> State:
    return _replace(state, storm=-1, storm_by=-1)


def _roll(state: State, ev: Roll) -> State:
    return state


def _game_over(state: State, ev: GameOver) -> State:
    return ended(state, ev)


evolve = evolver(State, {
    Move: _move, Challenge: _challenge, Eliminate: _eliminate, Advance: _advance,
    Roll: _roll, Bombard: _bombard, Storm: _storm, Reveal: _reveal, Surround: _surround,
    Pin: _pin, Place: _place, Commence: _commence, GameOver: _game_over, Decline: _decline,
    Bounce: _advance, Commit: _commit, Open: _open, Arrive: _advance,
})
"""The state after an event (:func:`grimoire.core.kit.evolver`)."""
