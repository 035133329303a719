"""Swords & Wizardry: the decider (setup, to_act, legal, decide) and what each seat may see.

>>> from grimoire.games.swords_wizardry import RULES
>>> from grimoire.core.dice import NoDice
>>> s = RULES.parse("10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0", RULES.Options(),
...                 ("Red", "Black"))
>>> [RULES.describe(e, s) for e in RULES.decide(s, Move(player=0, from_="c7", to="c6"), NoDice())]
['Red moves the King on c7 to c6']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Roll
from grimoire.core.kit import PUBLIC_NONCE, Builder, commitment, named
from grimoire.core.logfile import MAX_RECORDS
from grimoire.core.rules import PlayerId
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    BRIDGE_STEPS,
    CASTLE,
    CASTLES,
    CATAPULT,
    CLASS,
    DEFAULT_COUNTS,
    DRAGON,
    EMPTY,
    FOURTH,
    GRID,
    HOME,
    INDEX,
    KIND_INDEX,
    KINDS,
    KNIGHTS,
    LAKE,
    NEAR_CASTLES,
    NEIGHBOURS,
    OGRE,
    OWNER,
    PIECE,
    PRINCESS,
    RESCUER,
    RESULT,
    RESULT_NOTES,
    SQUARES,
    UNKNOWN,
    WIZARD,
    WOOD,
    ZONE,
    ZONE_SIZE,
    N,
    any_step,
    bombard_targets,
    bounce_square,
    destinations,
    letter,
    next_squares,
    note_placement,
    owner,
    placeable,
    placed_counts,
    placement_error,
    reaches,
    sorted_destinations,
    surrounded_by,
    wizard_spell,
    zone_letters,
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
    Event,
    GameOver,
    Move,
    Open,
    Pin,
    Place,
    Reveal,
    Storm,
    Surround,
    choice,
    commit_choice,
)
from grimoire.games.swords_wizardry.evolve import awaited, evolve, is_step
from grimoire.games.swords_wizardry.state import Options, State

Build = Builder[State, Event]

# ------------------------------------------------------------------ setup and turns


def counts_from_options(options: Options) -> tuple[int, ...]:
    """The per-kind counts ``options`` ask for, checked against the setup rules.

    >>> counts_from_options(Options(counts={"peasants": 8, "knights": 5}))[8]
    5
    """
    unknown = sorted(set(options.counts) - set(KINDS))
    if unknown:
        raise UsageError(
            "options/unknown-piece", f"no piece {unknown[0]!r} (one of {', '.join(KINDS)})"
        )
    counts = tuple(options.counts.get(k, DEFAULT_COUNTS[i]) for i, k in enumerate(KINDS))
    if any(c < 0 for c in counts):
        raise UsageError("options/counts", f"counts cannot be negative: {options.counts!r}")
    if counts[PRINCESS] != 1:
        raise UsageError("options/counts", "each side has exactly one Princess")
    if sum(counts) != T.PIECES_PER_SIDE:
        raise UsageError(
            "options/counts",
            f"the counts must total {T.PIECES_PER_SIDE} (three rows and "
            f"{T.FOURTH_ROW_FILL} squares of the fourth), got {sum(counts)}",
        )
    if sum(counts) - counts[CATAPULT] < len(CASTLES) // 2:
        raise UsageError("options/counts", "too many Siege Catapults to fill the castles")
    return counts


QUIET_MAX = MAX_RECORDS
"""The most moves in a row without an attack a game can record, and so the largest
``quiet_limit``: a log holds at most this many records (``core.logfile.MAX_RECORDS``)."""


def setup(options: Options, players: Sequence[str]) -> State:
    """The empty board: both sides deploy, one piece at a time, back to the opponent.
    ``players`` name the seats (Red first).

    >>> setup(Options(), ("Ann", "Ben")).names
    ('Ann', 'Ben')
    """
    if not 0 <= options.quiet_limit <= QUIET_MAX:
        raise UsageError("options/quiet-limit",
                         f"quiet_limit is 0 (none) or a number of moves up to {QUIET_MAX}, "
                         f"not {options.quiet_limit!r}")
    sealed = options.mode == "commit"
    return State(
        board=(EMPTY,) * N,
        revealed=(False,) * N,
        counts=counts_from_options(options),
        turn=-1,
        first=T.RED if options.first == "red" else T.BLACK,
        quiet_limit=options.quiet_limit,
        notes_table=options.table == "notes",
        bombard_over_lake=options.bombard_over_lake,
        challenge_shown=options.castle_challenge == "shown",
        storm_forced=options.storm == "must",
        bounce_home=options.wizard_bounce == "start",
        commit=sealed,
        home=(-1,) * N if sealed else (),
        digests=("",) * N if sealed else (),
        names=tuple(players),
    )


def to_act(state: State) -> frozenset[PlayerId]:
    """Each side still deploying; then (option ``hidden="commit"``) the side whose sealed
    piece a move waits for, the side storming a surrounded castle, or the side whose turn
    it is."""
    if state.turn < 0:
        total = sum(state.counts)
        red, black = zone_letters(state.board)  # placed: ZONE_SIZE less the empty squares
        return _DEPLOYING[ZONE_SIZE - red.count(EMPTY) < total][
            ZONE_SIZE - black.count(EMPTY) < total]
    if state.pending is not None:
        waiting = awaited(state)
        if waiting:
            return _only(owner(state.board[waiting[0]]))
    if state.storm >= 0:
        return _only(state.storm_by)
    return _ONLY.get(state.turn) or _only(state.turn)


# _DEPLOYING[red_deploys][black_deploys]: the seats still deploying, as a set.
_NOBODY: frozenset[PlayerId] = frozenset()
_DEPLOYING = ((_NOBODY, frozenset((T.BLACK,))),
              (frozenset((T.RED,)), frozenset((T.RED, T.BLACK))))
# _ONLY[seat]: ``frozenset((seat,))``, made once.
_ONLY = {T.RED: frozenset((T.RED,)), T.BLACK: frozenset((T.BLACK,))}


def _only(seat: int) -> frozenset[PlayerId]:
    """``frozenset((seat,))`` (the one kept in ``_ONLY`` for a seat of the game)."""
    return _ONLY.get(seat) or frozenset((seat,))


def moves_from(state: State, src: int) -> list[int]:
    """The squares the piece on ``src`` may move to or challenge, in square order.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.parse("10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0", None, ())
    >>> [SQUARES[i] for i in moves_from(s, INDEX["c7"])]
    ['c8', 'b7', 'd7', 'c6']
    """
    return sorted_destinations(state.board, state.revealed, state.pinned, src,
                               state.challenge_shown)


def bombards_from(state: State, src: int) -> list[int]:
    """The squares a Siege Catapult on ``src`` may bombard, in square order (none for any
    other piece): never across the lake unless the state's ``bombard_over_lake``.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.parse("S9/10/4K5/10/4c5/10/10/10/10/9s b - - 0", None, ())
    >>> bombards_from(s, INDEX["e6"])
    []
    """
    if PIECE[state.board[src]][1] != CATAPULT:
        return []
    return sorted(bombard_targets(state.board, src, state.bombard_over_lake))


def acts_from(state: State, src: int) -> bool:
    """Can the piece on ``src`` move, challenge or bombard? (What ``moves_from(state, src)
    or bombards_from(state, src)`` tells, stopping at the first square found.)"""
    board = state.board
    for _ in destinations(board, state.revealed, state.pinned, src, state.challenge_shown):
        return True
    if PIECE[board[src]][1] == CATAPULT:
        for _ in bombard_targets(board, src, state.bombard_over_lake):
            return True
    return False


def has_action(state: State, seat: int) -> bool:
    """Can ``seat`` move, challenge or bombard at all? (Nearly always a piece can step
    somewhere, which :func:`board.any_step` finds at once; else each piece is asked.)"""
    if any_step(state.board, state.pinned, seat):
        return True
    for src, ch in enumerate(state.board):
        if ch != EMPTY and OWNER[ch] == seat and acts_from(state, src):
            return True
    return False


# ------------------------------------------------------------------ sealed pieces


def _sealed_c7() -> State:
    """A sealed Red piece on c7, alone on the board, Red to move (for the examples)."""
    state = setup(Options(hidden="commit"), ())
    state = evolve(state, Commit(player=0, square="c7", digest="0" * 64))
    return evolve(state, Commence(first=0))


def kinds_left(state: State, seat: int) -> list[int]:
    """How many pieces of each kind ``seat`` has that nobody has seen opened (on the board
    unopened, or never placed): the counts less the shown pieces and the lost ones.

    >>> kinds_left(_sealed_c7(), 0)[KNIGHTS]
    4
    """
    left = list(state.counts)
    for i, ch in enumerate(state.board):
        if ch != EMPTY and state.revealed[i] and owner(ch) == seat:
            left[PIECE[ch][1]] -= 1
    for ch in state.lost[seat]:
        left[PIECE[ch][1]] -= 1
    return left


def possible_kinds(state: State, sq: int) -> list[int]:
    """The kinds the sealed piece on ``sq`` may be, as far as its seal lets anyone know: a
    kind its side has not yet shown all of, the Princess only if it was deployed on a
    castle, a Siege Catapult only if it was not.

    >>> [KINDS[k] for k in possible_kinds(_sealed_c7(), INDEX["c7"])][:4]
    ['king', 'hero', 'marshall-royal', 'wizard']
    """
    seat, home = owner(state.board[sq]), state.home[sq]
    left = kinds_left(state, seat)
    return [k for k in range(len(KINDS)) if left[k] > 0
            and not (k == PRINCESS and not CASTLE[home])
            and not (k == CATAPULT and CASTLE[home])]


def _as(state: State, sq: int, kind: int) -> State:
    """``state`` with the piece on ``sq`` taken to be ``kind``."""
    board = list(state.board)
    board[sq] = letter(owner(board[sq]), kind)
    return msgspec.structs.replace(state, board=tuple(board))


def _acts_as(state: State, sq: int, kind: int) -> bool:
    """Could the piece on ``sq`` move, challenge or bombard if it were ``kind``?"""
    trial = _as(state, sq, kind)
    return acts_from(trial, sq)


def _steps(state: State, sq: int) -> bool:
    """Can the piece on ``sq`` make a plain step (what every kind can do)?"""
    board = state.board
    return any(board[dst] == EMPTY and is_step(sq, dst)
               for dst in (*NEIGHBOURS[sq], *BRIDGE_STEPS[sq]))


def can_act(state: State, seat: int) -> bool:
    """Can ``seat`` move, challenge or bombard? In commit mode a sealed piece counts if
    any kind it may be could: a side loses for not moving only when that is certain.

    >>> can_act(_sealed_c7(), 0), can_act(_sealed_c7(), 1)
    (True, False)
    """
    if not state.commit:
        return has_action(state, seat)
    for src, ch in enumerate(state.board):
        if ch == EMPTY or owner(ch) != seat:
            continue
        if state.revealed[src]:
            if acts_from(state, src):
                return True
        elif _steps(state, src) or any(_acts_as(state, src, k)
                                       for k in possible_kinds(state, src)):
            return True
    return False


def surely_acts(state: State, seat: int) -> bool:
    """Can ``seat`` move whatever its sealed pieces are: a shown piece that can act, or a
    sealed one that can make a plain step?

    >>> surely_acts(_sealed_c7(), 0)
    True
    """
    for src, ch in enumerate(state.board):
        if ch == EMPTY or owner(ch) != seat:
            continue
        if state.revealed[src]:
            if acts_from(state, src):
                return True
        elif _steps(state, src):
            return True
    return False


def must_show(state: State) -> bool:
    """Commit mode: must the side to move open sealed pieces before it moves, because
    whether it can move at all depends on what they are (nothing it surely can do)?

    >>> must_show(_sealed_c7())
    False
    """
    return (state.commit and state.turn >= 0 and not state.result and state.pending is None
            and state.storm < 0 and not surely_acts(state, state.turn))


def _doubtful(state: State, seat: int) -> list[int]:
    """The sealed pieces of ``seat`` that could act only if they are of some kinds."""
    return [sq for sq, ch in enumerate(state.board)
            if ch != EMPTY and owner(ch) == seat and not state.revealed[sq]
            and any(_acts_as(state, sq, k) for k in possible_kinds(state, sq))]


def _to_open(state: State, seat: int) -> list[int]:
    """The squares of the sealed pieces of ``seat`` the rules ask to be opened now."""
    if not state.commit or state.turn < 0:
        return []
    if state.pending is not None:
        waiting = awaited(state)
        if not waiting or owner(state.board[waiting[0]]) != seat:
            return []
        return [sq for sq in waiting if owner(state.board[sq]) == seat]
    if seat == state.turn and must_show(state):
        return _doubtful(state, seat)
    return []


def openings(state: State, seat: int) -> tuple[str, ...]:
    """Commit mode: the squares ``seat``'s sealed pieces were deployed on (their
    :class:`Open`'s ``square``) that the rules wait for ``seat`` to open now, in order: the
    pieces a move, bombardment or storm needs (when ``seat`` is the side to open), or the
    pieces a side that must show it can move may open. Any of them may be opened first.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> openings(RULES.setup(RULES.Options(hidden="commit"), ("Ann", "Ben")), 0)
    ()
    """
    return tuple(SQUARES[state.home[sq]] for sq in _to_open(state, seat))


@lru_cache(maxsize=8192)
def public_kind(digest: str, square: str) -> int:
    """The kind a piece deployed on ``square`` was sealed as, if it was sealed with
    ``kit.PUBLIC_NONCE`` (found by trying every kind); ``-1`` otherwise.

    >>> from grimoire.games.swords_wizardry.events import Place
    >>> seal = commit_choice(Place(player=0, piece="dragon", square="c9"), PUBLIC_NONCE)
    >>> KINDS[public_kind(seal.digest, "c9")], public_kind(seal.digest, "d9")
    ('dragon', -1)
    """
    for k, name in enumerate(KINDS):
        if commitment(choice(name, square), PUBLIC_NONCE) == digest:
            return k
    return -1


def with_own(state: State, seat: int, pieces: Mapping[str, str]) -> State:
    """``state`` with ``seat``'s sealed pieces filled in from ``pieces`` (the square each
    was deployed on -> its piece): what that seat knows from its own secrets. ``legal`` on
    it lists exactly that seat's moves; it is not a state to decide on.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.setup(RULES.Options(hidden="commit"), ("Ann", "Ben"))
    >>> s = RULES.evolve(s, Commit(player=0, square="a10", digest="0" * 64))
    >>> with_own(s, 0, {"a10": "peasants"}).board[0], s.board[0]
    ('S', 'X')
    """
    board = list(state.board)
    for sq, ch in enumerate(board):
        if ch == UNKNOWN[seat] and state.home:
            kind = KIND_INDEX.get(pieces.get(SQUARES[state.home[sq]], ""), -1)
            if kind >= 0:
                board[sq] = letter(seat, kind)
    return msgspec.structs.replace(state, board=tuple(board))


def own_known(state: State, seat: int) -> State:
    """``state`` with what ``seat`` knows of its own pieces beyond it: with
    ``hidden="commit"``, its sealed pieces sealed with ``kit.PUBLIC_NONCE`` (as ``legal``'s
    commits are) filled in; in the trusted mode ``state`` itself (a seat's view already
    holds its pieces). Menus and the seat's picture name its pieces from it.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.setup(RULES.Options(hidden="commit"), ("Ann", "Ben"))
    >>> s = RULES.evolve(s, commit_choice(Place(player=0, piece="dragon", square="a10"),
    ...                                   PUBLIC_NONCE))
    >>> s.board[0], own_known(s, 0).board[0], own_known(s, 1).board[0]
    ('X', 'D', 'X')
    """
    return _public_own(state, seat) if state.commit else state


def _public_own(state: State, seat: int) -> State:
    """``state`` with ``seat``'s pieces sealed with ``PUBLIC_NONCE`` filled in."""
    board = list(state.board)
    for sq, ch in enumerate(board):
        if ch == UNKNOWN[seat]:
            home = state.home[sq]
            kind = public_kind(state.digests[home], SQUARES[home])
            if kind >= 0:
                board[sq] = letter(seat, kind)
    return msgspec.structs.replace(state, board=tuple(board))


# ------------------------------------------------------------------ legal


def legal(state: State, player: PlayerId) -> Sequence[Event]:
    """Every legal action of ``player``: a placement (at most one square per kind, see
    Rulings), a storm from each surrounding square (then, unless the storm is compulsory,
    declining it), or every move then bombardment, square by square.

    With ``hidden="commit"``: each placement sealed with ``kit.PUBLIC_NONCE``; the
    :class:`Open` of each piece the rules wait for, if it was sealed with ``PUBLIC_NONCE``
    (a seal made with a real nonce only its owner can open); the moves of pieces sealed
    with ``PUBLIC_NONCE`` exactly, and of pieces sealed for real, every move some kind
    they may be could make (their owner knows which: see :func:`with_own`)."""
    if state.commit:
        return _legal_sealed(state, player)
    board = state.board
    actions: list[Event] = []
    if state.turn < 0:
        done = placed_counts(board, player)
        for sq in next_squares(board, player, state.counts):
            for kind in placeable(board, player, state.counts, sq, done):
                actions.append(Place(player=player, piece=KINDS[kind], square=SQUARES[sq]))
        return actions
    if state.storm >= 0:
        return _storms(state, player)
    revealed, pinned, shown = state.revealed, state.pinned, state.challenge_shown
    made = _MOVE_EVENTS
    for src, ch in enumerate(board):
        if ch == EMPTY or OWNER[ch] != player:
            continue
        key = (player * N + src) * N  # + dst: the key of the move in _MOVE_EVENTS
        for dst in sorted_destinations(board, revealed, pinned, src, shown):
            actions.append(made.get(key + dst) or move_event(player, src, dst))
        if PIECE[ch][1] == CATAPULT:
            for dst in sorted(bombard_targets(board, src, state.bombard_over_lake)):
                actions.append(Bombard(player=player, from_=SQUARES[src], to=SQUARES[dst]))
    return actions


# _MOVE_EVENTS[(player * N + src) * N + dst]: the Move event of that player from ``src``
# to ``dst``, made the first time a legal list holds it (events are immutable, so every
# list may share one; building them was a third of the time of a legal list).
_MOVE_EVENTS: dict[int, Move] = {}


def move_event(player: PlayerId, src: int, dst: int) -> Move:
    """``Move(player=player, from_=SQUARES[src], to=SQUARES[dst])``, made once.

    >>> move_event(0, 32, 42) is move_event(0, 32, 42), move_event(0, 32, 42).to
    (True, 'c6')
    """
    key = (player * N + src) * N + dst
    event = _MOVE_EVENTS.get(key)
    if event is None:
        event = _MOVE_EVENTS[key] = Move(player=player, from_=SQUARES[src], to=SQUARES[dst])
    return event


def _storms(state: State, player: PlayerId) -> list[Event]:
    """A storm from each square of the ring, then (unless it is compulsory) declining."""
    castle = SQUARES[state.storm]
    actions: list[Event] = [Storm(player=player, castle=castle, from_=SQUARES[sq])
                            for sq in NEIGHBOURS[state.storm]]
    if not state.storm_forced:
        actions.append(Decline(player=player, castle=castle))
    return actions


def _legal_sealed(state: State, player: PlayerId) -> list[Event]:
    own = _public_own(state, player)
    if state.turn < 0:
        return [commit_choice(p, PUBLIC_NONCE) for p in placements(own, player)]
    waiting = _to_open(state, player)
    if state.pending is not None or waiting:
        out: list[Event] = []
        for sq in waiting:
            home = state.home[sq]
            kind = public_kind(state.digests[home], SQUARES[home])
            if kind >= 0:
                out.append(Open(player=player, square=SQUARES[home], piece=KINDS[kind],
                                nonce=PUBLIC_NONCE))
        return out
    if state.storm >= 0:
        return _storms(state, player)
    actions: list[Event] = []
    for src, ch in enumerate(own.board):
        if ch == EMPTY or owner(ch) != player:
            continue
        moves: set[int] = set()
        shots: set[int] = set()
        for trial in ([_as(own, src, k) for k in possible_kinds(own, src)]
                      if ch in UNKNOWN else [own]):
            moves.update(moves_from(trial, src))
            shots.update(bombards_from(trial, src))
        actions.extend(Move(player=player, from_=SQUARES[src], to=SQUARES[dst])
                       for dst in sorted(moves))
        actions.extend(Bombard(player=player, from_=SQUARES[src], to=SQUARES[dst])
                       for dst in sorted(shots))
    return actions


def placements(own: State, seat: int) -> list[Place]:
    """The placements ``seat`` may make next, as far as its own pieces are known in
    ``own``: exactly the trusted mode's when every piece it placed is known (a player
    sealing for real passes :func:`with_own` of the state, picks one and seals it with
    ``events.commit_choice``), else every kind the square allows (the counts then cannot
    be checked).

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.setup(RULES.Options(hidden="commit"), ("Ann", "Ben"))
    >>> [p.piece for p in placements(s, 0)][:3]
    ['king', 'hero', 'marshall-royal']
    """
    board = own.board
    known = UNKNOWN[seat] not in board
    done = placed_counts(board, seat) if known else None
    out: list[Place] = []
    for sq in next_squares(board, seat, own.counts):
        for kind in range(len(KINDS)):
            if known:
                ok = placement_error(board, seat, own.counts, kind, sq, done) is None
            else:
                ok = not (kind == PRINCESS and not CASTLE[sq]) and not (
                    kind == CATAPULT and CASTLE[sq])
            if ok:
                out.append(Place(player=seat, piece=KINDS[kind], square=SQUARES[sq]))
    return out


# ------------------------------------------------------------------ decide


def decide(state: State, action: Event, dice: Dice) -> tuple[Event, ...]:
    """``action`` and what it causes (challenges, the Wizard's die, eliminations, advances,
    surrounds, the end of the game)."""
    # The common case first: a move or bombardment in play with nothing waiting (no
    # deployment, opening or storm), which every check below lets through.
    if state.turn >= 0 and state.pending is None and state.storm < 0 and not state.commit:
        if type(action) is Move:
            return _decide_move(state, action, dice)
        if type(action) is Bombard:
            return _decide_bombard(state, action, dice)
    if isinstance(action, Place):
        return _decide_place(state, action, dice)
    if isinstance(action, Commit):
        return _decide_commit(state, action, dice)
    if isinstance(action, Open):
        return _decide_open(state, action, dice)
    if state.turn < 0:
        raise IllegalAction("setup/pending", "both sides must deploy first")
    if state.pending is not None:
        raise IllegalAction(
            "commit/awaiting",
            f"first the piece on {', '.join(SQUARES[i] for i in awaited(state))} must be "
            "opened",
        )
    if isinstance(action, Storm | Decline):
        return _decide_storm(state, action, dice)
    if state.storm >= 0:
        raise IllegalAction(
            "storm/pending",
            f"storm the surrounded castle {SQUARES[state.storm]} (or leave it) first",
        )
    if must_show(state):
        raise IllegalAction(
            "commit/awaiting",
            "whether you can move depends on what your sealed pieces are: open one of "
            f"those deployed on {', '.join(openings(state, state.turn))} first",
        )
    if isinstance(action, Move):
        return _decide_move(state, action, dice)
    if isinstance(action, Bombard):
        return _decide_bombard(state, action, dice)
    raise IllegalAction("action/unknown", f"{type(action).__name__} is not a player action")


def _decide_place(state: State, action: Place, dice: Dice) -> tuple[Event, ...]:
    if state.commit:
        raise IllegalAction("commit/required", f"this match seals its placements "
                            f"(hidden='commit'): commit the piece on {action.square} instead")
    if state.turn >= 0:
        raise IllegalAction("setup/done", "the deployment is over")
    seat = action.player
    kind = named(KIND_INDEX, action.piece, "setup/unknown-piece", "piece")
    sq = _deploy_square(state, seat, action.square)
    why = placement_error(state.board, seat, state.counts, kind, sq)
    if why is not None:
        raise IllegalAction(*why)
    return _deployed(state, action, dice)


def _deploy_square(state: State, seat: int, square: str) -> int:
    """The square the next piece of ``seat`` is deployed on, checked (not its kind)."""
    sq = GRID.parse(square, "setup/unknown-square")
    if sq not in ZONE[seat] or LAKE[sq]:
        raise IllegalAction(
            "setup/outside-zone",
            f"{square} is not in {T.SEAT_NAMES[seat]}'s three home rows or fourth row",
        )
    if state.board[sq] != EMPTY:
        raise IllegalAction("setup/occupied", f"{square} is filled already")
    allowed = next_squares(state.board, seat, state.counts)
    if sq not in allowed:
        raise IllegalAction(
            "setup/out-of-order",
            f"{square} is not next: place on "
            f"{' or '.join(SQUARES[i] for i in allowed)} (see Rulings: placing order)",
        )
    return sq


def _deployed(state: State, action: Place | Commit, dice: Dice) -> tuple[Event, ...]:
    """A placement and, when it was the last, the start of play."""
    b = Builder(state, evolve, dice)
    after = b.emit(action).board
    note_placement(state.board, after, INDEX[action.square])  # (the next to_act reads it)
    empty = ZONE_SIZE - sum(state.counts)  # the empty squares a zone keeps once deployed
    red, black = zone_letters(after)
    if red.count(EMPTY) > empty or black.count(EMPTY) > empty:  # a seat still deploys
        return b.done()
    b.emit(Commence(first=state.first))
    return _finish(b)


def _is_hex(text: str, digits: int) -> bool:
    return len(text) == digits and all(c in "0123456789abcdef" for c in text)


def _decide_commit(state: State, action: Commit, dice: Dice) -> tuple[Event, ...]:
    if not state.commit:
        raise IllegalAction("commit/off", "this match does not seal its placements "
                            "(hidden='trusted'): place the piece instead")
    if state.turn >= 0:
        raise IllegalAction("setup/done", "the deployment is over")
    _deploy_square(state, action.player, action.square)
    if not _is_hex(action.digest, 64):
        raise IllegalAction("commit/bad-digest", f"a seal is 64 lowercase hex digits, not "
                            f"{action.digest[:70]!r}")
    return _deployed(state, action, dice)


def _decide_open(state: State, action: Open, dice: Dice) -> tuple[Event, ...]:
    if not state.commit:
        raise IllegalAction("commit/off", "this match does not seal its pieces "
                            "(hidden='trusted'): there is nothing to open")
    seat = action.player
    home = INDEX.get(action.square, -1)
    sq = state.home.index(home) if home >= 0 and home in state.home else -1
    if sq < 0 or owner(state.board[sq]) != seat or state.revealed[sq]:
        raise IllegalAction("commit/no-seal", f"no sealed piece of yours deployed on "
                            f"{action.square[:8]!r} is on the board unopened")
    if sq not in _to_open(state, seat):
        raise IllegalAction("commit/not-awaited", f"the rules do not wait for the piece "
                            f"deployed on {action.square} now")
    kind = named(KIND_INDEX, action.piece, "setup/unknown-piece", "piece")
    if not _is_hex(action.nonce, 32):
        raise IllegalAction("commit/bad-nonce", f"a nonce is 32 lowercase hex digits, not "
                            f"{action.nonce[:40]!r}")
    if commitment(choice(action.piece, action.square), action.nonce) != state.digests[home]:
        raise IllegalAction("commit/mismatch", f"{action.piece} and that nonce do not "
                            f"match the seal of the piece deployed on {action.square}")
    if kinds_left(state, seat)[kind] <= 0:
        raise IllegalAction("setup/none-left", f"all your {action.piece} are shown already: "
                            f"the piece deployed on {action.square} cannot be one")
    if kind == PRINCESS and not CASTLE[home]:
        raise IllegalAction("setup/princess-off-castle", f"the princess must go on a castle, "
                            f"not {action.square}")
    if kind == CATAPULT and CASTLE[home]:
        raise IllegalAction("setup/catapult-on-castle", f"a siege-catapult may not stand on "
                            f"castle {action.square}")
    b = Builder(state, evolve, dice)
    opened = b.emit(action)
    waited = state.pending
    if waited is None:  # a side showing it can move
        if not can_act(opened, opened.turn):
            b.emit(GameOver(winners=(1 - opened.turn,), reason="no-move"))
        return b.done()
    if isinstance(waited, Move | Bombard) and sq == INDEX[waited.from_]:
        _check_mover(opened, waited)
    if opened.pending is not None:
        return b.done()
    if isinstance(waited, Storm):
        return _storm_outcome(b, waited)
    src, dst = INDEX[waited.from_], INDEX[waited.to]
    if isinstance(waited, Bombard) or opened.board[dst] != EMPTY:
        _challenge(b, src, dst, isinstance(waited, Bombard))
        return _after_challenge(b)
    b.emit(Arrive(from_=waited.from_, to=waited.to))
    return _after_arrival(b, dst)


def _check_mover(state: State, waited: Move | Bombard) -> None:
    """The move or bombardment that waited, now that its piece is known: refused as in
    the trusted mode if that piece may not make it."""
    src, dst = INDEX[waited.from_], INDEX[waited.to]
    if isinstance(waited, Bombard):
        if PIECE[state.board[src]][1] != CATAPULT:
            raise IllegalAction(
                "bombard/not-a-catapult", f"only a siege-catapult bombards ({waited.from_})"
            )
    elif not _reaches(state, src, dst):
        raise IllegalAction(*_why_not(state, src, dst, waited))


def _decide_move(state: State, action: Move, dice: Dice) -> tuple[Event, ...]:
    src, dst = INDEX.get(action.from_, -1), INDEX.get(action.to, -1)
    if src < 0 or dst < 0:
        GRID.parse(action.from_, "move/unknown-square")
        GRID.parse(action.to, "move/unknown-square")
    board = state.board
    piece = board[src]
    if piece == EMPTY:
        raise IllegalAction("move/no-piece", f"no piece on {action.from_}")
    if OWNER[piece] != action.player:
        raise IllegalAction("move/not-yours", f"the piece on {action.from_} is not yours")
    if piece in UNKNOWN:  # sealed: refused only if no kind it may be could make the move
        if not (board[dst] == EMPTY and is_step(src, dst)) and not any(
                _reaches(_as(state, src, k), src, dst) for k in possible_kinds(state, src)):
            raise IllegalAction(*_why_not(_as(state, src, KNIGHTS), src, dst, action, True))
    elif not reaches(board, state.revealed, state.pinned, src, dst, state.challenge_shown):
        raise IllegalAction(*_why_not(state, src, dst, action))
    if board[dst] == EMPTY and not state.commit:
        return _plain_move(state, action, dst, dice)
    b = Builder(state, evolve, dice)
    if b.emit(action).pending is not None:
        return b.done()
    if board[dst] != EMPTY:
        _challenge(b, src, dst, False)
        return _after_challenge(b)
    return _after_arrival(b, dst)


def _plain_move(state: State, action: Move, dst: int, dice: Dice) -> tuple[Event, ...]:
    """A move onto the empty square ``dst`` (trusted mode), the commonest decision: what
    :func:`_after_arrival` adds, found at once when the quiet limit is not reached and
    ``dst`` is neither a castle nor beside one (no surround): the side now to move loses
    if it cannot move, which :func:`board.any_step` nearly always disproves first."""
    b = Builder(state, evolve, dice)  # (its state is the audit's next: not folded again)
    after = b.emit(action)
    if CASTLE[dst] or NEAR_CASTLES[dst] or (
            after.quiet_limit and after.quiet >= after.quiet_limit):
        return _after_arrival(b, dst)
    if not any_step(after.board, after.pinned, after.turn) and _stuck(after):
        b.emit(GameOver(winners=(1 - after.turn,), reason="no-move"))
    return b.done()


def _reaches(state: State, src: int, dst: int) -> bool:
    """``dst in moves_from(state, src)``, without listing the squares."""
    return reaches(state.board, state.revealed, state.pinned, src, dst, state.challenge_shown)


def _after_arrival(b: Build, dst: int) -> tuple[Event, ...]:
    """A piece has moved onto the empty square ``dst``: the quiet limit, a surround, the
    next turn."""
    if b.state.quiet_limit and b.state.quiet >= b.state.quiet_limit:
        b.emit(GameOver(winners=(), reason="quiet-limit"))
        return b.done()
    _surround_after(b, dst)
    return _finish(b)


def _why_not(state: State, src: int, dst: int, action: Move,
             sealed: bool = False) -> tuple[str, str]:
    """Why the piece on ``src`` cannot move to ``dst`` (reason, detail); a ``sealed``
    piece is not named (``state`` then holds an ordinary piece in its place)."""
    board = state.board
    seat, kind = PIECE[board[src]]
    name = "piece" if sealed else KINDS[kind]
    occ = board[dst]
    if kind == PRINCESS and state.pinned[seat]:
        return ("move/princess-pinned",
                f"the princess on {action.from_} was found in her castle and must stay")
    if LAKE[dst]:
        return ("move/lake", f"no piece may stop on Lake Limpid ({action.to})")
    if occ != EMPTY and owner(occ) == seat:
        return ("move/own-piece", f"your own piece stands on {action.to}")
    if occ != EMPTY and kind == PRINCESS:
        return ("move/princess-cannot-attack",
                f"the princess cannot challenge the piece on {action.to}")
    if CASTLE[dst] and kind == CATAPULT:
        return ("move/catapult-castle", f"a siege-catapult may never enter castle {action.to}")
    if CASTLE[dst] and occ != EMPTY:
        return ("move/castle-protected",
                f"the piece in castle {action.to} cannot be challenged in the ordinary way")
    r0, c0 = divmod(src, T.SIZE)
    r1, c1 = divmod(dst, T.SIZE)
    if r0 != r1 and c0 != c1:
        return ("move/diagonal",
                f"{action.from_}-{action.to}: the only diagonal moves are along the bridge")
    return ("move/unreachable",
            f"a {name} cannot reach {action.to} from {action.from_} in one move")


def _decide_bombard(state: State, action: Bombard, dice: Dice) -> tuple[Event, ...]:
    seat = action.player
    src = GRID.parse(action.from_, "bombard/unknown-square")
    dst = GRID.parse(action.to, "bombard/unknown-square")
    piece = state.board[src]
    if piece == EMPTY or owner(piece) != seat:
        raise IllegalAction("bombard/no-catapult", f"you have no piece on {action.from_}")
    sealed = piece in UNKNOWN and CATAPULT in possible_kinds(state, src)
    if not sealed and (piece in UNKNOWN or PIECE[piece][1] != CATAPULT):
        raise IllegalAction(
            "bombard/not-a-catapult", f"only a siege-catapult bombards ({action.from_})"
        )
    if dst not in bombards_from(_as(state, src, CATAPULT) if sealed else state, src):
        if dst in bombard_targets(state.board, src, over_lake=True):
            raise IllegalAction(
                "bombard/over-lake",
                f"{action.from_}-{action.to}: Lake Limpid is a natural barrier to all pieces "
                "but the Wizard and the Dragon; a boulder does not cross it",
            )
        raise IllegalAction(
            "bombard/no-target",
            f"{action.from_}-{action.to}: a catapult attacks an enemy piece exactly two "
            "squares away, straight ahead, behind or to the side",
        )
    b = Builder(state, evolve, dice)
    if b.emit(action).pending is not None:
        return b.done()
    _challenge(b, src, dst, True)
    return _after_challenge(b)


def _decide_storm(state: State, action: Storm | Decline, dice: Dice) -> tuple[Event, ...]:
    if state.storm < 0:
        raise IllegalAction("storm/none", f"no surrounded castle awaits its storm "
                                          f"({action.castle})")
    castle = GRID.parse(action.castle, "storm/unknown-square")
    if castle != state.storm:
        raise IllegalAction(
            "storm/wrong-castle",
            f"the surrounded castle is {SQUARES[state.storm]}, not {action.castle}",
        )
    if isinstance(action, Decline):
        if state.storm_forced:
            raise IllegalAction(
                "storm/forced", f"the storm of {action.castle} is compulsory (option storm='must')"
            )
        b = Builder(state, evolve, dice)
        b.emit(action)
        return _finish(b)
    src = GRID.parse(action.from_, "storm/unknown-square")
    if src not in NEIGHBOURS[castle]:
        raise IllegalAction(
            "storm/not-surrounding", f"{action.from_} is not one of the surrounding squares"
        )
    b = Builder(state, evolve, dice)
    if b.emit(action).pending is not None:
        return b.done()
    return _storm_outcome(b, action)


def _storm_outcome(b: Build, action: Storm) -> tuple[Event, ...]:
    """What a storm does, every piece it needs known: the occupant is shown and removed,
    or, if she is the Princess, the ring is shown and she is rescued by any rescuer."""
    castle, src = INDEX[action.castle], INDEX[action.from_]
    board = b.state.board
    seat, kind = PIECE[board[castle]]
    b.emit(Reveal(square=action.castle, piece=KINDS[kind]))
    if kind == PRINCESS:
        rescuers = False
        for sq in NEIGHBOURS[castle]:
            k = PIECE[board[sq]][1]
            b.emit(Reveal(square=SQUARES[sq], piece=KINDS[k]))
            rescuers = rescuers or RESCUER[k]
        if rescuers:
            b.emit(GameOver(winners=(action.player,), reason="rescue"))
            return b.done()
    else:
        b.emit(Eliminate(square=action.castle, owner=seat, piece=KINDS[kind]))
        if PIECE[board[src]][1] != CATAPULT:
            b.emit(Advance(from_=action.from_, to=action.castle))
    return _finish(b)


# ------------------------------------------------------------------ challenges


def _challenge(b: Build, src: int, dst: int, ranged: bool) -> None:
    """Emit the challenge of ``dst`` by the piece on ``src`` and its result (read from the
    position before the challenge)."""
    state = b.state
    board = state.board
    a_seat, ak = PIECE[board[src]]
    d_seat, dk = PIECE[board[dst]]
    b.emit(Challenge(from_=SQUARES[src], to=SQUARES[dst],
                     attacker=KINDS[ak], defender=KINDS[dk]))
    result = "-"
    if ak == CATAPULT and CASTLE[dst]:
        if dk == PRINCESS:
            if not state.pinned[d_seat]:
                b.emit(Pin(square=SQUARES[dst], owner=d_seat))
        else:
            result = "D"
    elif ranged:
        result = "D" if dk == DRAGON else "-"
    elif dk == PRINCESS:
        if ak != WIZARD and RESULT[ak][dk] == "D":
            b.emit(GameOver(winners=(a_seat,), reason="rescue"))
            return
    elif ak == WIZARD and dk == WIZARD:
        mine = Roll.of(b.dice, a_seat, T.WIZARD_DIE_SIDES, 1, "wizard")
        b.emit(mine)
        theirs = Roll.of(b.dice, d_seat, T.WIZARD_DIE_SIDES, 1, "wizard")
        b.emit(theirs)
        a, d = mine.values[0], theirs.values[0]
        result = "X" if a == d else ("D" if a > d else "A")
    elif ak == WIZARD or dk == WIZARD:
        wizard_seat, other = (a_seat, dk) if ak == WIZARD else (d_seat, ak)
        roll = Roll.of(b.dice, wizard_seat, T.WIZARD_DIE_SIDES, 1, "wizard")
        b.emit(roll)
        spell = wizard_spell(roll.values[0], other)
        if spell == "wizard":
            result = "A" if ak == WIZARD else "D"
        elif spell == "other":
            result = "D" if ak == WIZARD else "A"
    elif WOOD[dst] and ak == OGRE and CLASS[dk] == T.MILITARY:
        result = "D"
    elif WOOD[dst] and dk == OGRE and CLASS[ak] == T.MILITARY:
        result = "A"
    else:
        result = (RESULT_NOTES if state.notes_table else RESULT)[ak][dk]
    if result in ("A", "X"):
        b.emit(Eliminate(square=SQUARES[src], owner=a_seat, piece=KINDS[ak]))
    if result in ("D", "X"):
        b.emit(Eliminate(square=SQUARES[dst], owner=d_seat, piece=KINDS[dk]))
    if result == "D" and ak != CATAPULT and not ranged:
        b.emit(Advance(from_=SQUARES[src], to=SQUARES[dst]))
    if result == "-" and ak == WIZARD and not state.bounce_home:
        back = bounce_square(src, dst)
        if back != src:
            b.emit(Bounce(from_=SQUARES[src], to=SQUARES[back]))


def _after_challenge(b: Build) -> tuple[Event, ...]:
    last = b.events[-1]
    if isinstance(last, GameOver):
        return b.done()
    if isinstance(last, Advance | Bounce):
        _surround_after(b, INDEX[last.to])
    return _finish(b)


def _surround_after(b: Build, landed: int) -> None:
    """A piece has just arrived on ``landed``: has it completed a castle's surround, or
    walked into a castle its enemy surrounds?"""
    board = b.state.board
    if CASTLE[landed]:
        by = surrounded_by(board, landed)
        if by >= 0:
            b.emit(Surround(castle=SQUARES[landed], by=by))
        return
    for castle in NEAR_CASTLES[landed]:
        if surrounded_by(board, castle) == owner(board[landed]):
            b.emit(Surround(castle=SQUARES[castle], by=owner(board[landed])))
            return


def _finish(b: Build) -> tuple[Event, ...]:
    """End of a turn: the player now to move loses if they cannot move at all."""
    state = b.state
    if _stuck(state):
        b.emit(GameOver(winners=(1 - state.turn,), reason="no-move"))
    return b.done()


def _stuck(state: State) -> bool:
    """Does the player to move lose now, for having no move at all? (In the trusted mode,
    :func:`board.any_step` nearly always says no at once.)"""
    if state.result or state.storm >= 0:
        return False
    if not state.commit and any_step(state.board, state.pinned, state.turn):
        return False
    return not can_act(state, state.turn)


# ------------------------------------------------------------------ hidden information


def view(state: State, player: PlayerId | None) -> State:
    """The opponent's unrevealed pieces show only as ``X``/``x`` (a spectator sees every
    unrevealed piece that way)."""
    seen = _seen_by(player)
    board = tuple(ch if shown else seen[ch]
                  for ch, shown in zip(state.board, state.revealed, strict=True))
    return msgspec.structs.replace(state, board=board)


class _Seen(dict[str, str]):
    """Board letter -> what ``player`` sees of it while unrevealed: itself (empty, or its
    own piece) or the owner's ``X``/``x``; worked out the first time it is asked."""

    def __init__(self, player: PlayerId | None) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, ch: str) -> str:
        seen = ch if ch == EMPTY or owner(ch) == self.player else UNKNOWN[owner(ch)]
        self[ch] = seen
        return seen


@cache
def _seen_by(player: PlayerId | None) -> _Seen:
    """Each seat's (and the public's) :class:`_Seen`, made once (a view looks every square
    up in it)."""
    return _Seen(player)


def redact(event: Event, player: PlayerId | None) -> Event:
    """A placement's piece is secret from everyone but its owner."""
    if isinstance(event, Place) and event.player != player:
        return Place(player=event.player, piece="", square=event.square)
    return event


def disguise(state: State, player: PlayerId, rng: random.Random) -> State:
    """The same state with the opponent's unrevealed pieces dealt again: during the
    deployment, which kinds it has placed is secret, so they are drawn anew (see
    :func:`_redeploy`); after it, the unrevealed pieces (their kinds are the counts less
    the pieces shown and lost, known to all) are shuffled among their squares, from a
    sorted list. Either way the draw reads only what ``player``'s view keeps (``state``
    may be that view, its unrevealed pieces ``X``/``x``), so a search bot's sample is
    blind. With ``hidden="commit"`` the state holds no secret."""
    if state.commit:
        return state
    other = 1 - player
    if state.turn < 0:
        return _redeploy(state, other, rng)
    left = list(state.counts)  # the kinds of the unrevealed pieces: counts less the known
    squares = []
    revealed = state.revealed
    for i, ch in enumerate(state.board):
        if ch != EMPTY and owner(ch) == other:
            if revealed[i]:
                left[PIECE[ch][1]] -= 1
            else:
                squares.append(i)
    for ch in state.lost[other]:
        left[PIECE[ch][1]] -= 1
    letters = sorted("".join(letter(other, kind) * n for kind, n in enumerate(left)))
    rng.shuffle(letters)
    board = list(state.board)
    for i, ch in zip(squares, letters, strict=True):
        board[i] = ch
    return msgspec.structs.replace(state, board=tuple(board))


def _redeploy(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with ``seat``'s placed pieces drawn again square by square in placing
    order, each kind as likely as the pieces of it still to place, under the placement
    rules (the Princess on a castle, no catapult on one, the castles still fillable: the
    checks of ``board.placement_error``, kept as counts so a draw is linear)."""
    board = list(state.board)
    left = list(state.counts)
    total = sum(left)
    castles = sum(1 for sq in HOME[seat] if CASTLE[sq])  # castles not yet passed
    for sq in (*HOME[seat], *FOURTH[seat]):
        if board[sq] == EMPTY:
            continue
        castle = CASTLE[sq]
        if castle:
            castles -= 1
        others = total - left[CATAPULT]
        kinds = [k for k in range(len(KINDS)) if left[k]
                 and not (k == PRINCESS and not castle) and not (k == CATAPULT and castle)
                 and left[PRINCESS] - (k == PRINCESS) <= castles <= others - (k != CATAPULT)]
        if not kinds:  # a hand-built position no placement reaches: any piece left
            kinds = [k for k in range(len(KINDS)) if left[k]]
            if not kinds:
                continue
        r = rng.randrange(sum(left[k] for k in kinds))
        for kind in kinds:
            r -= left[kind]
            if r < 0:
                break
        board[sq] = letter(seat, kind)
        left[kind] -= 1
        total -= 1
    return msgspec.structs.replace(state, board=tuple(board))
