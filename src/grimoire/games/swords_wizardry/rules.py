"""Swords & Wizardry: the decider.

>>> from grimoire.games.swords_wizardry import RULES
>>> s = RULES.parse("10/10/10/2K*7/10/10/2p7/10/10/10 r - - 0", RULES.Options(),
...                 ("Red", "Black"))
>>> [RULES.describe(e) for e in RULES.decide(s, Move(player=0, from_="c7", to="c6"), NoDice())]
['Red moves c7-c6']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgspec

from grimoire.core.dice import Dice, NoDice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event as CoreEvent
from grimoire.core.events import Roll
from grimoire.core.rules import BaseRules, Outcome, PlayerId
from grimoire.games.swords_wizardry import render as _render
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
    SwEvent,
)
from grimoire.games.swords_wizardry.state import Options as SwOptions
from grimoire.games.swords_wizardry.state import State as SwState

__all__ = ["RULES", "NoDice", "SwordsWizardryRules"]

S = T.SIZE
N = S * S
EMPTY = "."

# ------------------------------------------------------------------ derived tables

SQUARES: tuple[str, ...] = tuple(f"{'abcdefghij'[i % S]}{S - i // S}" for i in range(N))
INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARES)}
TERRAIN: str = "".join(T.TERRAIN)
LAKE: tuple[bool, ...] = tuple(ch == "~" for ch in TERRAIN)
CASTLE: tuple[bool, ...] = tuple(ch == "C" for ch in TERRAIN)
WOOD: tuple[bool, ...] = tuple(ch in "FG" for ch in TERRAIN)
CASTLES: tuple[int, ...] = tuple(i for i in range(N) if CASTLE[i])

KINDS: tuple[str, ...] = tuple(p[0] for p in T.PIECES)
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
LETTERS: tuple[str, ...] = tuple(p[1] for p in T.PIECES)
CLASS: tuple[str, ...] = tuple(p[2] for p in T.PIECES)
RESCUER: tuple[bool, ...] = tuple(p[4] for p in T.PIECES)
KING, HERO, MARSHALL, PRINCESS, WIZARD, DRAGON, GIANT, OGRE = range(8)
KNIGHTS, MEN_AT_ARMS, BOWMEN, PEASANTS, CATAPULT = range(8, 13)
UNKNOWN = ("X", "x")

# board letter -> (seat, kind)
PIECE: dict[str, tuple[int, int]] = {}
for _k, _l in enumerate(LETTERS):
    PIECE[_l.upper()] = (T.RED, _k)
    PIECE[_l.lower()] = (T.BLACK, _k)

# RESULT[attacker kind][defender kind]: "X", "A", "D" or "-" (no Wizard row or column).
RESULT: dict[int, dict[int, str]] = {
    LETTERS.index(a): {
        LETTERS.index(d): T.ATTACK_TABLE[a][j] for j, d in enumerate(T.ATTACK_COLUMNS)
    }
    for a in T.ATTACK_TABLE
}
RESULT_NOTES: dict[int, dict[int, str]] = {
    a: {d: T.NOTES_TABLE.get((LETTERS[a], LETTERS[d]), r) for d, r in row.items()}
    for a, row in RESULT.items()
}


def letter(seat: int, kind: int) -> str:
    return LETTERS[kind] if seat == T.RED else LETTERS[kind].lower()


def owner(ch: str) -> int:
    return T.RED if ch.isupper() else T.BLACK


def _at(r: int, c: int) -> int:
    return r * S + c if 0 <= r < S and 0 <= c < S else -1


DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
# RAYS[i]: for each direction, the squares in a straight line from i to the edge.
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            _at(i // S + dr * k, i % S + dc * k)
            for k in range(1, S)
            if _at(i // S + dr * k, i % S + dc * k) >= 0
        )
        for dr, dc in DIRECTIONS
    )
    for i in range(N)
)
# Orthogonal neighbours (any terrain).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[i] if ray) for i in range(N)
)
_bridge = [INDEX[sq] for sq in T.BRIDGE]
BRIDGE_STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        _bridge[j + d]
        for j in range(len(_bridge))
        if _bridge[j] == i
        for d in (-1, 1)
        if 0 <= j + d < len(_bridge)
    )
    for i in range(N)
)

# Deployment zones: HOME[seat] in placing order (back rank first, west to east), then the
# fourth-row squares FOURTH[seat] (west to east, lake excluded).
HOME: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * S + c for r in rows for c in range(S)) for rows in T.HOME_ROWS
)
FOURTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * S + c for c in range(S) if not LAKE[r * S + c]) for r in T.FOURTH_ROW
)
ZONE: tuple[frozenset[int], ...] = tuple(frozenset(HOME[p] + FOURTH[p]) for p in (0, 1))


def counts_from_options(options: SwOptions) -> tuple[int, ...]:
    """The per-kind counts an ``SwOptions`` asks for, checked against the setup rules."""
    unknown = sorted(set(options.counts) - set(KINDS))
    if unknown:
        raise IllegalAction(
            "options/unknown-piece", f"no piece {unknown[0]!r} (one of {', '.join(KINDS)})"
        )
    counts = tuple(options.counts.get(k, T.PIECES[i][3]) for i, k in enumerate(KINDS))
    if any(c < 0 for c in counts):
        raise IllegalAction("options/counts", f"counts cannot be negative: {options.counts!r}")
    if counts[PRINCESS] != 1:
        raise IllegalAction("options/counts", "each side has exactly one Princess")
    if sum(counts) != T.PIECES_PER_SIDE:
        raise IllegalAction(
            "options/counts",
            f"the counts must total {T.PIECES_PER_SIDE} (three rows and "
            f"{T.FOURTH_ROW_FILL} squares of the fourth), got {sum(counts)}",
        )
    if sum(counts) - counts[CATAPULT] < len(CASTLES) // 2:
        raise IllegalAction("options/counts", "too many Siege Catapults to fill the castles")
    return counts


# ------------------------------------------------------------------ movement


def destinations(board: Sequence[str], revealed: Sequence[bool], pinned: Sequence[bool],
                 src: int) -> Iterator[int]:
    """Squares the piece on ``src`` may move to or challenge (an ordinary move)."""
    piece = board[src]
    seat, kind = PIECE[piece]
    if kind == PRINCESS and pinned[seat]:
        return
    seen: set[int] = set()
    candidates: list[int] = []
    if kind == WIZARD:
        for ray in RAYS[src]:
            for sq in ray:
                if LAKE[sq]:
                    continue
                candidates.append(sq)
                if board[sq] != EMPTY:
                    break
    else:
        for ray in RAYS[src]:
            if not ray:
                continue
            if not LAKE[ray[0]]:
                candidates.append(ray[0])
            if kind == DRAGON and len(ray) > 1 and not LAKE[ray[1]]:
                candidates.append(ray[1])
    candidates.extend(BRIDGE_STEPS[src])
    for dst in candidates:
        if dst in seen:
            continue
        seen.add(dst)
        if _can_enter(board, revealed, seat, kind, dst):
            yield dst


def _can_enter(board: Sequence[str], revealed: Sequence[bool], seat: int, kind: int,
               dst: int) -> bool:
    occ = board[dst]
    if occ == EMPTY:
        return not (CASTLE[dst] and kind == CATAPULT)
    if owner(occ) == seat or kind == PRINCESS:
        return False
    if CASTLE[dst] and kind != CATAPULT:
        # A castle's occupant cannot be challenged in the ordinary way, unless she is the
        # Princess, found there already and awaiting rescue (see Rulings).
        return revealed[dst] and occ.upper() == LETTERS[PRINCESS]
    return True


def bombard_targets(board: Sequence[str], src: int) -> Iterator[int]:
    """Enemy pieces a Siege Catapult on ``src`` can attack at one square's distance."""
    seat = owner(board[src])
    for ray in RAYS[src]:
        if len(ray) > 1:
            occ = board[ray[1]]
            if occ != EMPTY and owner(occ) != seat:
                yield ray[1]


def has_action(state: SwState, seat: int) -> bool:
    """Can ``seat`` move, challenge or bombard at all?"""
    board = state.board
    for src in range(N):
        ch = board[src]
        if ch == EMPTY or owner(ch) != seat:
            continue
        for _ in destinations(board, state.revealed, state.pinned, src):
            return True
        if PIECE[ch][1] == CATAPULT:
            for _ in bombard_targets(board, src):
                return True
    return False


def surrounded_by(board: Sequence[str], castle: int) -> int:
    """The seat whose pieces fill every square around an occupied ``castle`` (front, sides
    and rear) when they are the occupant's enemy; else ``-1``."""
    occ = board[castle]
    if occ == EMPTY:
        return -1
    enemy = 1 - owner(occ)
    for sq in NEIGHBOURS[castle]:
        ch = board[sq]
        if ch == EMPTY or owner(ch) != enemy:
            return -1
    return enemy


def _parse_square(name: str, reason: str) -> int:
    try:
        return INDEX[name]
    except KeyError:
        raise IllegalAction(reason, f"no square {name!r} (squares are a1..j10)") from None


# ------------------------------------------------------------------ setup helpers


def placed_counts(board: Sequence[str], seat: int) -> list[int]:
    out = [0] * len(KINDS)
    for i in ZONE[seat]:
        ch = board[i]
        if ch != EMPTY:
            out[PIECE[ch][1]] += 1
    return out


def next_squares(board: Sequence[str], seat: int, counts: Sequence[int]) -> tuple[int, ...]:
    """The squares the next piece may go on: the first empty home square in placing order;
    once the home rows are full, a fourth-row square east of the last one used that leaves
    room for the pieces still to place."""
    for sq in HOME[seat]:
        if board[sq] == EMPTY:
            return (sq,)
    row = FOURTH[seat]
    used = [j for j, sq in enumerate(row) if board[sq] != EMPTY]
    start = used[-1] + 1 if used else 0
    need = sum(counts) - len(HOME[seat]) - len(used)
    if need <= 0:
        return ()
    return tuple(row[j] for j in range(start, len(row) - need + 1))


def _completable(remaining: Sequence[int], board: Sequence[str], seat: int,
                 after: int) -> bool:
    """Can the rest of the force still be placed once square ``after`` is filled?"""
    castles_left = sum(1 for sq in HOME[seat] if sq != after and board[sq] == EMPTY
                       and CASTLE[sq])
    others = sum(remaining) - remaining[CATAPULT]
    return remaining[PRINCESS] <= castles_left <= others


def placement_error(board: Sequence[str], seat: int, counts: Sequence[int], kind: int,
                    sq: int) -> tuple[str, str] | None:
    """Why ``kind`` may not be placed on ``sq`` now (reason, detail), or ``None``."""
    name, where = KINDS[kind], SQUARES[sq]
    placed = placed_counts(board, seat)
    if placed[kind] >= counts[kind]:
        return ("setup/none-left", f"all your {name} are placed already")
    if kind == PRINCESS and not CASTLE[sq]:
        return ("setup/princess-off-castle", f"the princess must go on a castle, not {where}")
    if kind == CATAPULT and CASTLE[sq]:
        return ("setup/catapult-on-castle", f"a siege-catapult may not stand on castle {where}")
    remaining = [c - p for c, p in zip(counts, placed, strict=True)]
    remaining[kind] -= 1
    if not _completable(remaining, board, seat, sq):
        return ("setup/dead-end",
                f"{name} on {where} leaves the castles impossible to fill as the rules require")
    return None


# ------------------------------------------------------------------ the rules


class SwordsWizardryRules(BaseRules[Any, Any, Any]):
    """Swords & Wizardry: hidden identities, the attack table and the Wizard's die."""

    name = "swords-wizardry"
    version = "1"
    seats = (2,)
    default_players = T.SEAT_NAMES
    Options = SwOptions
    State = SwState
    Event = SwEvent

    def __init__(self) -> None:
        self._evolvers: dict[type, Callable[[SwState, Any], SwState]] = {
            Move: _evolve_move,
            Challenge: _evolve_challenge,
            Eliminate: _evolve_eliminate,
            Advance: _evolve_advance,
            Roll: _evolve_nothing,
            Bombard: _evolve_bombard,
            Storm: _evolve_storm,
            Reveal: _evolve_reveal,
            Surround: _evolve_surround,
            Pin: _evolve_pin,
            Place: _evolve_place,
            Commence: _evolve_commence,
            GameOver: _evolve_game_over,
        }

    # ---------------------------------------------------------------- setup

    def setup(self, options: SwOptions, players: Sequence[str]) -> SwState:
        return SwState(
            board=(EMPTY,) * N,
            revealed=(False,) * N,
            counts=counts_from_options(options),
            turn=-1,
            first=T.RED if options.first == "red" else T.BLACK,
            quiet_limit=options.quiet_limit,
            notes_table=options.table == "notes",
        )

    def to_act(self, state: SwState) -> frozenset[PlayerId]:
        if state.result:
            return frozenset()
        if state.turn < 0:
            total = sum(state.counts)
            board = state.board
            return frozenset(
                p for p in (0, 1) if sum(board[i] != EMPTY for i in ZONE[p]) < total
            )
        if state.storm >= 0:
            return frozenset((state.storm_by,))
        return frozenset((state.turn,))

    def outcome(self, state: SwState) -> Outcome | None:
        return Outcome(state.winners, state.result) if state.result else None

    # ---------------------------------------------------------------- legal

    def legal(self, state: SwState, player: PlayerId) -> Sequence[CoreEvent]:
        if player not in self.to_act(state):
            return ()
        board = state.board
        actions: list[CoreEvent] = []
        if state.turn < 0:
            for sq in next_squares(board, player, state.counts):
                for kind in range(len(KINDS)):
                    if placement_error(board, player, state.counts, kind, sq) is None:
                        actions.append(Place(player=player, piece=KINDS[kind],
                                             square=SQUARES[sq]))
            return actions
        if state.storm >= 0:
            castle = SQUARES[state.storm]
            return [Storm(player=player, castle=castle, from_=SQUARES[sq])
                    for sq in NEIGHBOURS[state.storm]]
        for src in range(N):
            ch = board[src]
            if ch == EMPTY or owner(ch) != player:
                continue
            for dst in sorted(destinations(board, state.revealed, state.pinned, src)):
                actions.append(Move(player=player, from_=SQUARES[src], to=SQUARES[dst]))
            if PIECE[ch][1] == CATAPULT:
                for dst in sorted(bombard_targets(board, src)):
                    actions.append(Bombard(player=player, from_=SQUARES[src], to=SQUARES[dst]))
        return actions

    # ---------------------------------------------------------------- decide

    def decide(self, state: SwState, action: CoreEvent, dice: Dice) -> tuple[CoreEvent, ...]:
        self.require_turn(state, action)
        if isinstance(action, Place):
            return self._decide_place(state, action)
        if state.turn < 0:
            raise IllegalAction("setup/pending", "both sides must deploy first")
        if isinstance(action, Storm):
            return self._decide_storm(state, action)
        if state.storm >= 0:
            raise IllegalAction(
                "storm/pending", f"storm the surrounded castle {SQUARES[state.storm]} first"
            )
        if isinstance(action, Move):
            return self._decide_move(state, action, dice)
        if isinstance(action, Bombard):
            return self._decide_bombard(state, action)
        raise IllegalAction("action/unknown", f"{type(action).__name__} is not a player action")

    def _decide_place(self, state: SwState, action: Place) -> tuple[CoreEvent, ...]:
        if state.turn >= 0:
            raise IllegalAction("setup/done", "the deployment is over")
        seat = action.player
        kind = KIND_INDEX.get(action.piece, -1)
        if kind < 0:
            raise IllegalAction(
                "setup/unknown-piece", f"no piece {action.piece!r} (one of {', '.join(KINDS)})"
            )
        sq = _parse_square(action.square, "setup/unknown-square")
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
        after = _evolve_place(state, action)
        if self.to_act(after):
            return (action,)
        commence = Commence(first=state.first)
        return self._finish(_evolve_commence(after, commence), [action, commence])

    def _decide_move(self, state: SwState, action: Move, dice: Dice) -> tuple[CoreEvent, ...]:
        seat = action.player
        src = _parse_square(action.from_, "move/unknown-square")
        dst = _parse_square(action.to, "move/unknown-square")
        board = state.board
        piece = board[src]
        if piece == EMPTY:
            raise IllegalAction("move/no-piece", f"no piece on {action.from_}")
        if owner(piece) != seat:
            raise IllegalAction("move/not-yours", f"the piece on {action.from_} is not yours")
        if dst not in set(destinations(board, state.revealed, state.pinned, src)):
            raise IllegalAction(*self._why_not(state, src, dst, action))
        events: list[CoreEvent] = [action]
        if board[dst] == EMPTY:
            new = _evolve_move(state, action)
            if state.quiet_limit and new.quiet >= state.quiet_limit:
                events.append(GameOver(winners=(), reason="quiet-limit"))
                return tuple(events)
            self._surround_after(new, dst, events)
            return self._finish(self._fold(new, events[1:]), events)
        self._challenge(state, src, dst, False, dice, events)
        return self._after_challenge(state, events)

    def _decide_bombard(self, state: SwState, action: Bombard) -> tuple[CoreEvent, ...]:
        seat = action.player
        src = _parse_square(action.from_, "bombard/unknown-square")
        dst = _parse_square(action.to, "bombard/unknown-square")
        piece = state.board[src]
        if piece == EMPTY or owner(piece) != seat:
            raise IllegalAction("bombard/no-catapult", f"you have no piece on {action.from_}")
        if PIECE[piece][1] != CATAPULT:
            raise IllegalAction(
                "bombard/not-a-catapult", f"only a siege-catapult bombards ({action.from_})"
            )
        if dst not in set(bombard_targets(state.board, src)):
            raise IllegalAction(
                "bombard/no-target",
                f"{action.from_}-{action.to}: a catapult attacks an enemy piece exactly two "
                "squares away, straight ahead, behind or to the side",
            )
        events: list[CoreEvent] = [action]
        self._challenge(state, src, dst, True, NoDice(), events)
        return self._after_challenge(state, events)

    def _decide_storm(self, state: SwState, action: Storm) -> tuple[CoreEvent, ...]:
        castle = _parse_square(action.castle, "storm/unknown-square")
        src = _parse_square(action.from_, "storm/unknown-square")
        if castle != state.storm:
            raise IllegalAction(
                "storm/wrong-castle",
                f"the surrounded castle is {SQUARES[state.storm]}, not {action.castle}",
            )
        if src not in NEIGHBOURS[castle]:
            raise IllegalAction(
                "storm/not-surrounding", f"{action.from_} is not one of the surrounding squares"
            )
        board = state.board
        occ = board[castle]
        seat, kind = PIECE[occ]
        events: list[CoreEvent] = [action, Reveal(square=action.castle, piece=KINDS[kind])]
        if kind == PRINCESS:
            rescuers = False
            for sq in NEIGHBOURS[castle]:
                k = PIECE[board[sq]][1]
                events.append(Reveal(square=SQUARES[sq], piece=KINDS[k]))
                rescuers = rescuers or RESCUER[k]
            if rescuers:
                events.append(GameOver(winners=(action.player,), reason="rescue"))
                return tuple(events)
        else:
            events.append(Eliminate(square=action.castle, owner=seat, piece=KINDS[kind]))
            if PIECE[board[src]][1] != CATAPULT:
                events.append(Advance(from_=action.from_, to=action.castle))
        return self._finish(self._fold(state, events), events)

    # ---------------------------------------------------------------- challenges

    def _challenge(self, state: SwState, src: int, dst: int, ranged: bool, dice: Dice,
                   events: list[CoreEvent]) -> None:
        """Append the challenge of ``dst`` by the piece on ``src`` and its result."""
        board = state.board
        a_seat, ak = PIECE[board[src]]
        d_seat, dk = PIECE[board[dst]]
        events.append(Challenge(from_=SQUARES[src], to=SQUARES[dst],
                                attacker=KINDS[ak], defender=KINDS[dk]))
        result = "-"
        if ak == CATAPULT and CASTLE[dst]:
            if dk == PRINCESS:
                if not state.pinned[d_seat]:
                    events.append(Pin(square=SQUARES[dst], owner=d_seat))
            else:
                result = "D"
        elif ranged:
            result = "D" if dk == DRAGON else "-"
        elif dk == PRINCESS:
            if ak != WIZARD and RESULT[ak][dk] == "D":
                events.append(GameOver(winners=(a_seat,), reason="rescue"))
                return
        elif ak == WIZARD and dk == WIZARD:
            mine = Roll.of(dice, a_seat, T.WIZARD_DIE_SIDES, 1, "wizard")
            theirs = Roll.of(dice, d_seat, T.WIZARD_DIE_SIDES, 1, "wizard")
            events += (mine, theirs)
            a, d = mine.values[0], theirs.values[0]
            result = "X" if a == d else ("D" if a > d else "A")
        elif ak == WIZARD or dk == WIZARD:
            wizard_seat, other = (a_seat, dk) if ak == WIZARD else (d_seat, ak)
            roll = Roll.of(dice, wizard_seat, T.WIZARD_DIE_SIDES, 1, "wizard")
            events.append(roll)
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
            events.append(Eliminate(square=SQUARES[src], owner=a_seat, piece=KINDS[ak]))
        if result in ("D", "X"):
            events.append(Eliminate(square=SQUARES[dst], owner=d_seat, piece=KINDS[dk]))
        if result == "D" and ak != CATAPULT and not ranged:
            events.append(Advance(from_=SQUARES[src], to=SQUARES[dst]))

    def _after_challenge(self, state: SwState, events: list[CoreEvent]) -> tuple[CoreEvent, ...]:
        if isinstance(events[-1], GameOver):
            return tuple(events)
        new = self._fold(state, events)
        last = events[-1]
        if isinstance(last, Advance):
            self._surround_after(new, INDEX[last.to], events)
            new = self._fold(new, events[-1:]) if isinstance(events[-1], Surround) else new
        return self._finish(new, events)

    def _surround_after(self, state: SwState, landed: int, events: list[CoreEvent]) -> None:
        """A piece has just arrived on ``landed``: has it completed a castle's surround, or
        walked into a castle its enemy surrounds?"""
        if CASTLE[landed]:
            by = surrounded_by(state.board, landed)
            if by >= 0:
                events.append(Surround(castle=SQUARES[landed], by=by))
            return
        for castle in NEIGHBOURS[landed]:
            if CASTLE[castle] and surrounded_by(state.board, castle) == owner(state.board[landed]):
                events.append(Surround(castle=SQUARES[castle], by=owner(state.board[landed])))
                return

    def _finish(self, state: SwState, events: list[CoreEvent]) -> tuple[CoreEvent, ...]:
        """End of a turn: the player now to move loses if they cannot move at all."""
        if state.result or state.storm >= 0:
            return tuple(events)
        if not has_action(state, state.turn):
            events.append(GameOver(winners=(1 - state.turn,), reason="no-move"))
        return tuple(events)

    def _fold(self, state: SwState, events: Sequence[CoreEvent]) -> SwState:
        for e in events:
            state = self._evolvers[type(e)](state, e)
        return state

    def _why_not(self, state: SwState, src: int, dst: int, action: Move) -> tuple[str, str]:
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
        r0, c0 = divmod(src, S)
        r1, c1 = divmod(dst, S)
        if r0 != r1 and c0 != c1:
            return ("move/diagonal",
                    f"{action.from_}-{action.to}: the only diagonal moves are along the bridge")
        return ("move/unreachable",
                f"a {name} cannot reach {action.to} from {action.from_} in one move")

    # ---------------------------------------------------------------- evolve

    def evolve(self, state: SwState, event: CoreEvent) -> SwState:
        return self._evolvers[type(event)](state, event)

    # ---------------------------------------------------------------- hidden information

    def view(self, state: SwState, player: PlayerId | None) -> SwState:
        """The opponent's unrevealed pieces show only as ``X``/``x`` (a spectator sees every
        unrevealed piece that way)."""
        revealed = state.revealed
        board = tuple(
            ch if ch == EMPTY or revealed[i] or owner(ch) == player else UNKNOWN[owner(ch)]
            for i, ch in enumerate(state.board)
        )
        return msgspec.structs.replace(state, board=board)

    def redact(self, event: CoreEvent, player: PlayerId | None) -> CoreEvent:
        if isinstance(event, Place) and event.player != player:
            return Place(player=event.player, piece="", square=event.square)
        return event

    def disguise(self, state: SwState, player: PlayerId, rng: random.Random) -> SwState:
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

    # ---------------------------------------------------------------- text

    def render(self, state: SwState, player: PlayerId | None = None) -> str:
        return _render.board(state, player)

    def describe(self, event: CoreEvent) -> str:
        return _render.describe(event)

    def notation(self, state: SwState) -> str:
        return _render.notation(state)

    def parse(self, text: str, options: SwOptions, players: Sequence[str]) -> SwState:
        return _render.parse(text, self.setup(options, players))


def wizard_spell(throw: int, other: int) -> str:
    """Who the Wizard's throw defeats: ``"other"`` (the opposing piece), ``"wizard"`` or
    ``""`` (nobody: the Wizard bounces back)."""
    if throw <= T.WIZARD_FAILS:
        return "wizard"
    if throw >= T.WIZARD_DEFEATS_ANY:
        return "other"
    if throw >= T.WIZARD_DEFEATS_NON_MONSTER:
        return "other" if CLASS[other] != T.MONSTER else ""
    if throw >= T.WIZARD_DEFEATS_PEASANTS:
        return "other" if other == PEASANTS else ""
    return ""


# ------------------------------------------------------------------ evolvers


def _with(seq: tuple[Any, ...], changes: dict[int, Any]) -> tuple[Any, ...]:
    out = list(seq)
    for i, v in changes.items():
        out[i] = v
    return tuple(out)


def _evolve_place(state: SwState, ev: Place) -> SwState:
    kind = KIND_INDEX.get(ev.piece, -1)
    ch = letter(ev.player, kind) if kind >= 0 else UNKNOWN[ev.player]
    return msgspec.structs.replace(state, board=_with(state.board, {INDEX[ev.square]: ch}))


def _evolve_commence(state: SwState, ev: Commence) -> SwState:
    return msgspec.structs.replace(state, turn=ev.first)


def _evolve_move(state: SwState, ev: Move) -> SwState:
    src, dst = INDEX[ev.from_], INDEX[ev.to]
    if state.board[dst] != EMPTY:  # a challenge: its consequences move the pieces
        return msgspec.structs.replace(state, turn=1 - ev.player, quiet=0)
    board = _with(state.board, {src: EMPTY, dst: state.board[src]})
    revealed = _with(state.revealed, {src: False, dst: state.revealed[src]})
    return msgspec.structs.replace(
        state, board=board, revealed=revealed, turn=1 - ev.player, quiet=state.quiet + 1
    )


def _evolve_bombard(state: SwState, ev: Bombard) -> SwState:
    return msgspec.structs.replace(state, turn=1 - ev.player, quiet=0)


def _evolve_challenge(state: SwState, ev: Challenge) -> SwState:
    revealed = _with(state.revealed, {INDEX[ev.from_]: True, INDEX[ev.to]: True})
    return msgspec.structs.replace(state, revealed=revealed)


def _evolve_reveal(state: SwState, ev: Reveal) -> SwState:
    return msgspec.structs.replace(state, revealed=_with(state.revealed, {INDEX[ev.square]: True}))


def _evolve_eliminate(state: SwState, ev: Eliminate) -> SwState:
    sq = INDEX[ev.square]
    lost = list(state.lost)
    gone = lost[ev.owner] + letter(ev.owner, KIND_INDEX[ev.piece])
    lost[ev.owner] = "".join(sorted(gone, key=lambda ch: PIECE[ch][1]))
    return msgspec.structs.replace(
        state,
        board=_with(state.board, {sq: EMPTY}),
        revealed=_with(state.revealed, {sq: False}),
        lost=(lost[0], lost[1]),
    )


def _evolve_advance(state: SwState, ev: Advance) -> SwState:
    src, dst = INDEX[ev.from_], INDEX[ev.to]
    return msgspec.structs.replace(
        state,
        board=_with(state.board, {src: EMPTY, dst: state.board[src]}),
        revealed=_with(state.revealed, {src: False, dst: state.revealed[src]}),
    )


def _evolve_pin(state: SwState, ev: Pin) -> SwState:
    pinned = (True, state.pinned[1]) if ev.owner == 0 else (state.pinned[0], True)
    return msgspec.structs.replace(state, pinned=pinned)


def _evolve_surround(state: SwState, ev: Surround) -> SwState:
    return msgspec.structs.replace(state, storm=INDEX[ev.castle], storm_by=ev.by)


def _evolve_storm(state: SwState, ev: Storm) -> SwState:
    return msgspec.structs.replace(state, storm=-1, storm_by=-1)


def _evolve_nothing(state: SwState, ev: CoreEvent) -> SwState:
    return state


def _evolve_game_over(state: SwState, ev: GameOver) -> SwState:
    return msgspec.structs.replace(state, winners=ev.winners, result=ev.reason)


RULES = SwordsWizardryRules()
