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
from collections.abc import Sequence

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Roll
from grimoire.core.kit import Builder, named
from grimoire.core.logfile import MAX_RECORDS
from grimoire.core.rules import PlayerId
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import (
    CASTLE,
    CASTLES,
    CATAPULT,
    CLASS,
    DEFAULT_COUNTS,
    DRAGON,
    EMPTY,
    GRID,
    INDEX,
    KIND_INDEX,
    KINDS,
    LAKE,
    NEIGHBOURS,
    OGRE,
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
    N,
    bombard_targets,
    bounce_square,
    destinations,
    next_squares,
    owner,
    placed,
    placement_error,
    surrounded_by,
    wizard_spell,
)
from grimoire.games.swords_wizardry.events import (
    Advance,
    Bombard,
    Bounce,
    Challenge,
    Commence,
    Decline,
    Eliminate,
    Event,
    GameOver,
    Move,
    Pin,
    Place,
    Reveal,
    Storm,
    Surround,
)
from grimoire.games.swords_wizardry.evolve import evolve
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
        names=tuple(players),
    )


def to_act(state: State) -> frozenset[PlayerId]:
    """Each side still deploying; then the side storming a surrounded castle, or the side
    whose turn it is."""
    if state.turn < 0:
        total = sum(state.counts)
        return frozenset(p for p in (0, 1) if placed(state.board, p) < total)
    if state.storm >= 0:
        return frozenset((state.storm_by,))
    return frozenset((state.turn,))


def moves_from(state: State, src: int) -> list[int]:
    """The squares the piece on ``src`` may move to or challenge, in square order.

    >>> from grimoire.games.swords_wizardry import RULES
    >>> s = RULES.parse("10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0", None, ())
    >>> [SQUARES[i] for i in moves_from(s, INDEX["c7"])]
    ['c8', 'b7', 'd7', 'c6']
    """
    return sorted(destinations(state.board, state.revealed, state.pinned, src,
                               state.challenge_shown))


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


def has_action(state: State, seat: int) -> bool:
    """Can ``seat`` move, challenge or bombard at all?"""
    board = state.board
    for src in range(N):
        ch = board[src]
        if ch == EMPTY or owner(ch) != seat:
            continue
        if moves_from(state, src) or bombards_from(state, src):
            return True
    return False


# ------------------------------------------------------------------ legal


def legal(state: State, player: PlayerId) -> Sequence[Event]:
    """Every legal action of ``player``: a placement (at most one square per kind, see
    Rulings), a storm from each surrounding square (then, unless the storm is compulsory,
    declining it), or every move then bombardment, square by square."""
    board = state.board
    actions: list[Event] = []
    if state.turn < 0:
        for sq in next_squares(board, player, state.counts):
            for kind in range(len(KINDS)):
                if placement_error(board, player, state.counts, kind, sq) is None:
                    actions.append(Place(player=player, piece=KINDS[kind], square=SQUARES[sq]))
        return actions
    if state.storm >= 0:
        castle = SQUARES[state.storm]
        actions.extend(Storm(player=player, castle=castle, from_=SQUARES[sq])
                       for sq in NEIGHBOURS[state.storm])
        if not state.storm_forced:
            actions.append(Decline(player=player, castle=castle))
        return actions
    for src in range(N):
        ch = board[src]
        if ch == EMPTY or owner(ch) != player:
            continue
        for dst in moves_from(state, src):
            actions.append(Move(player=player, from_=SQUARES[src], to=SQUARES[dst]))
        for dst in bombards_from(state, src):
            actions.append(Bombard(player=player, from_=SQUARES[src], to=SQUARES[dst]))
    return actions


# ------------------------------------------------------------------ decide


def decide(state: State, action: Event, dice: Dice) -> tuple[Event, ...]:
    """``action`` and what it causes (challenges, the Wizard's die, eliminations, advances,
    surrounds, the end of the game)."""
    if isinstance(action, Place):
        return _decide_place(state, action, dice)
    if state.turn < 0:
        raise IllegalAction("setup/pending", "both sides must deploy first")
    if isinstance(action, Storm | Decline):
        return _decide_storm(state, action, dice)
    if state.storm >= 0:
        raise IllegalAction(
            "storm/pending",
            f"storm the surrounded castle {SQUARES[state.storm]} (or leave it) first",
        )
    if isinstance(action, Move):
        return _decide_move(state, action, dice)
    if isinstance(action, Bombard):
        return _decide_bombard(state, action, dice)
    raise IllegalAction("action/unknown", f"{type(action).__name__} is not a player action")


def _decide_place(state: State, action: Place, dice: Dice) -> tuple[Event, ...]:
    if state.turn >= 0:
        raise IllegalAction("setup/done", "the deployment is over")
    seat = action.player
    kind = named(KIND_INDEX, action.piece, "setup/unknown-piece", "piece")
    sq = GRID.parse(action.square, "setup/unknown-square")
    if sq not in ZONE[seat] or LAKE[sq]:
        raise IllegalAction(
            "setup/outside-zone",
            f"{action.square} is not in {T.SEAT_NAMES[seat]}'s three home rows or fourth row",
        )
    if state.board[sq] != EMPTY:
        raise IllegalAction("setup/occupied", f"{action.square} is filled already")
    allowed = next_squares(state.board, seat, state.counts)
    if sq not in allowed:
        raise IllegalAction(
            "setup/out-of-order",
            f"{action.square} is not next: place on "
            f"{' or '.join(SQUARES[i] for i in allowed)} (see Rulings: placing order)",
        )
    why = placement_error(state.board, seat, state.counts, kind, sq)
    if why is not None:
        raise IllegalAction(*why)
    b = Builder(state, evolve, dice)
    if to_act(b.emit(action)):
        return b.done()
    b.emit(Commence(first=state.first))
    return _finish(b)


def _decide_move(state: State, action: Move, dice: Dice) -> tuple[Event, ...]:
    src = GRID.parse(action.from_, "move/unknown-square")
    dst = GRID.parse(action.to, "move/unknown-square")
    piece = state.board[src]
    if piece == EMPTY:
        raise IllegalAction("move/no-piece", f"no piece on {action.from_}")
    if owner(piece) != action.player:
        raise IllegalAction("move/not-yours", f"the piece on {action.from_} is not yours")
    if dst not in moves_from(state, src):
        raise IllegalAction(*_why_not(state, src, dst, action))
    b = Builder(state, evolve, dice)
    new = b.emit(action)
    if state.board[dst] != EMPTY:
        _challenge(b, src, dst, False)
        return _after_challenge(b)
    if state.quiet_limit and new.quiet >= state.quiet_limit:
        b.emit(GameOver(winners=(), reason="quiet-limit"))
        return b.done()
    _surround_after(b, dst)
    return _finish(b)


def _why_not(state: State, src: int, dst: int, action: Move) -> tuple[str, str]:
    """Why the piece on ``src`` cannot move to ``dst`` (reason, detail)."""
    board = state.board
    seat, kind = PIECE[board[src]]
    name = KINDS[kind]
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
    if PIECE[piece][1] != CATAPULT:
        raise IllegalAction(
            "bombard/not-a-catapult", f"only a siege-catapult bombards ({action.from_})"
        )
    if dst not in bombards_from(state, src):
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
    b.emit(action)
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
    board = state.board
    seat, kind = PIECE[board[castle]]
    b = Builder(state, evolve, dice)
    b.emit(action)
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
    for castle in NEIGHBOURS[landed]:
        if CASTLE[castle] and surrounded_by(board, castle) == owner(board[landed]):
            b.emit(Surround(castle=SQUARES[castle], by=owner(board[landed])))
            return


def _finish(b: Build) -> tuple[Event, ...]:
    """End of a turn: the player now to move loses if they cannot move at all."""
    state = b.state
    if not state.result and state.storm < 0 and not has_action(state, state.turn):
        b.emit(GameOver(winners=(1 - state.turn,), reason="no-move"))
    return b.done()


# ------------------------------------------------------------------ hidden information


def view(state: State, player: PlayerId | None) -> State:
    """The opponent's unrevealed pieces show only as ``X``/``x`` (a spectator sees every
    unrevealed piece that way)."""
    revealed = state.revealed
    board = tuple(
        ch if ch == EMPTY or revealed[i] or owner(ch) == player else UNKNOWN[owner(ch)]
        for i, ch in enumerate(state.board)
    )
    return msgspec.structs.replace(state, board=board)


def redact(event: Event, player: PlayerId | None) -> Event:
    """A placement's piece is secret from everyone but its owner."""
    if isinstance(event, Place) and event.player != player:
        return Place(player=event.player, piece="", square=event.square)
    return event


def disguise(state: State, player: PlayerId, rng: random.Random) -> State:
    """The same state with the opponent's unrevealed pieces shuffled among themselves."""
    other = 1 - player
    squares = [i for i, ch in enumerate(state.board)
               if ch != EMPTY and owner(ch) == other and not state.revealed[i]]
    letters = [state.board[i] for i in squares]
    rng.shuffle(letters)
    board = list(state.board)
    for i, ch in zip(squares, letters, strict=True):
        board[i] = ch
    return msgspec.structs.replace(state, board=tuple(board))
