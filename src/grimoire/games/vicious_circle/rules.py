"""Wizards of the Vicious Circle: the decider.

>>> from grimoire.games.vicious_circle import RULES
>>> s = RULES.parse("5/5/5/5/s4 -/- t -,- 0", RULES.Options(), ("Dawn", "Twilight"))
>>> [RULES.describe(e) for e in RULES.decide(s, Move(player=1, from_="a1", to="d1"), NoDice())]
['Twilight moves a1-d1']
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from grimoire.core.dice import Dice, NoDice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event as AnyEvent
from grimoire.core.rules import BaseRules, Outcome, PlayerId
from grimoire.games.vicious_circle import render as _render
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.events import (
    Capture,
    Deploy,
    GameOver,
    Move,
    Pass,
    Reveal,
    Setup,
    VicEvent,
)
from grimoire.games.vicious_circle.state import Options as VicOptions
from grimoire.games.vicious_circle.state import State as VicState

__all__ = ["RULES", "NoDice", "ViciousCircleRules"]

N = T.SIZE * T.SIZE
EMPTY = "."

# ------------------------------------------------------------------ derived tables

SQUARES: tuple[str, ...] = tuple(
    f"{'abcde'[i % T.SIZE]}{T.SIZE - i // T.SIZE}" for i in range(N)
)
INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARES)}
KINDS: tuple[str, ...] = tuple(c[0] for c in T.CREATURES)
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
LETTERS: tuple[str, ...] = tuple(c[1] for c in T.CREATURES)
RANGE: tuple[int, ...] = tuple(c[2] for c in T.CREATURES)
TERRAIN: tuple[str, ...] = tuple("".join(T.TERRAIN))
THRONE: tuple[int, int] = tuple(r * T.SIZE + c for r, c in T.THRONES)  # type: ignore[assignment]
DOMAIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, ch in enumerate("".join(T.DOMAINS)) if ch == letter)
    for letter in T.SEAT_LETTERS
)

# letter on the board -> (seat, kind index)
PIECE: dict[str, tuple[int, int]] = {}
for _k, _l in enumerate(LETTERS):
    PIECE[_l.upper()] = (T.DAWN, _k)
    PIECE[_l.lower()] = (T.TWILIGHT, _k)


def letter(seat: int, kind: int) -> str:
    return LETTERS[kind].upper() if seat == T.DAWN else LETTERS[kind].lower()


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, T.SIZE)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            rr, cc = r + dr, c + dc
            if (dr or dc) and 0 <= rr < T.SIZE and 0 <= cc < T.SIZE:
                out.append(rr * T.SIZE + cc)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(N))
TERRAIN_OF_KIND: tuple[str, ...] = tuple(c[3] for c in T.CREATURES)
# PASSABLE[kind][square]: may this creature cross or occupy the square?
PASSABLE: tuple[tuple[bool, ...], ...] = tuple(
    tuple(t == "." or t == TERRAIN_OF_KIND[k] for t in TERRAIN) for k in range(len(KINDS))
)
BEATS: tuple[tuple[bool, ...], ...] = tuple(tuple(bool(x) for x in row) for row in T.CAPTURES)
# BEATS_LETTER[a][b]: does the piece lettered a capture the piece lettered b?
BEATS_LETTER: dict[str, dict[str, bool]] = {
    a: {b: BEATS[PIECE[a][1]][PIECE[b][1]] for b in PIECE} for a in PIECE
}


def first_player(options: VicOptions) -> int:
    """Who moves first, per edition and series rule (see Rulings)."""
    if options.rematch == "none":
        return T.TWILIGHT if options.edition == "designer" else T.DAWN
    winner = T.DAWN if options.rematch == "dawn" else T.TWILIGHT
    series = options.series
    if series == "edition":
        series = "loser-first" if options.edition == "designer" else "winner-first"
    return winner if series == "winner-first" else 1 - winner


def reachable(board: Sequence[str], src: int) -> dict[int, bool]:
    """Squares the creature on ``src`` may end its move on -> whether it lands on a piece.

    Moves are 1..range king steps through unoccupied squares the creature may cross; it may
    end on an enemy it captures (terrain permitting), or on the enemy's throne whoever sits
    there (the throne rule decides what happens)."""
    piece = board[src]
    seat, kind = PIECE[piece]
    passable = PASSABLE[kind]
    enemy_throne = THRONE[1 - seat]
    beats = BEATS_LETTER[piece]
    out: dict[int, bool] = {}
    frontier = [src]
    seen = {src}
    for _ in range(RANGE[kind]):
        nxt = []
        for sq in frontier:
            for nb in NEIGHBOURS[sq]:
                if nb in seen or not passable[nb]:
                    continue
                seen.add(nb)
                occ = board[nb]
                if occ == EMPTY:
                    out[nb] = False
                    nxt.append(nb)
                elif PIECE[occ][0] != seat and (beats[occ] or nb == enemy_throne):
                    out[nb] = True
        frontier = nxt
    return out


def _parse_square(name: str, reason: str) -> int:
    try:
        return INDEX[name]
    except KeyError:
        raise IllegalAction(reason, f"no square {name!r} (squares are a1..e5)") from None


def _parse_kind(name: str, reason: str) -> int:
    try:
        return KIND_INDEX[name]
    except KeyError:
        raise IllegalAction(
            reason, f"no creature {name!r} (one of {', '.join(KINDS)})"
        ) from None


# ------------------------------------------------------------------ the rules


class ViciousCircleRules(BaseRules):
    """Wizards of the Vicious Circle (David Van Slyke; illustrated edition P.D. Magnus)."""

    name = "vicious-circle"
    version = "1"
    seats = (2,)
    default_players = T.SEAT_NAMES
    Options = VicOptions
    State = VicState
    Event = VicEvent

    def __init__(self) -> None:
        self._evolvers: dict[type, Callable[[VicState, Any], VicState]] = {
            Move: self._evolve_move,
            Capture: self._evolve_capture,
            Deploy: self._evolve_deploy,
            Pass: self._evolve_pass,
            Setup: self._evolve_setup,
            Reveal: self._evolve_reveal,
            GameOver: self._evolve_game_over,
        }
        self._setup_actions = tuple(self._all_setups(seat) for seat in (0, 1))

    # ---------------------------------------------------------------- setup

    def setup(self, options: VicOptions, players: Sequence[str]) -> VicState:
        return VicState(
            board=(EMPTY,) * N,
            reserves=("", ""),
            captured=("", ""),
            setups=(False, False),
            turn=-1,
            first=first_player(options),
            no_move=options.no_move,
        )

    def to_act(self, state: VicState) -> frozenset[PlayerId]:
        if state.result:
            return frozenset()
        if state.turn < 0:
            return frozenset(p for p in (0, 1) if not state.setups[p])
        return frozenset((state.turn,))

    def outcome(self, state: VicState) -> Outcome | None:
        return Outcome(state.winners, state.result) if state.result else None

    # ---------------------------------------------------------------- legal

    def _all_setups(self, seat: int) -> tuple[Setup, ...]:
        out = []
        for kinds in itertools.combinations(range(len(KINDS)), T.SETUP_ON_BOARD):
            for squares in itertools.permutations(DOMAIN[seat], T.SETUP_ON_BOARD):
                placement = tuple(
                    (KINDS[k], SQUARES[sq]) for k, sq in zip(kinds, squares, strict=True)
                )
                out.append(Setup(player=seat, placement=placement))
        return tuple(out)

    def legal(self, state: VicState, player: PlayerId) -> Sequence[AnyEvent]:
        if player not in self.to_act(state):
            return ()
        if state.turn < 0:
            return self._setup_actions[player]
        board = state.board
        actions: list[AnyEvent] = []
        last = state.last[player]
        for src in range(N):
            piece = board[src]
            if piece == EMPTY or PIECE[piece][0] != player:
                continue
            for dst in sorted(reachable(board, src)):
                if last and last == SQUARES[dst] + SQUARES[src]:
                    continue
                actions.append(Move(player=player, from_=SQUARES[src], to=SQUARES[dst]))
        for ch in dict.fromkeys(state.reserves[player]):
            kind = PIECE[ch][1]
            for dst in DOMAIN[player]:
                occ = board[dst]
                if occ == EMPTY or (PIECE[occ][0] != player and BEATS[kind][PIECE[occ][1]]):
                    actions.append(Deploy(player=player, creature=KINDS[kind], to=SQUARES[dst]))
        if not actions:
            actions.append(Pass(player=player))
        return actions

    # ---------------------------------------------------------------- decide

    def decide(self, state: VicState, action: AnyEvent, dice: Dice) -> tuple[AnyEvent, ...]:
        self.require_turn(state, action)
        if isinstance(action, Setup):
            return self._decide_setup(state, action)
        if state.turn < 0:
            raise IllegalAction("setup/pending", "both players must set up first")
        if isinstance(action, Move):
            return self._decide_move(state, action)
        if isinstance(action, Deploy):
            return self._decide_deploy(state, action)
        if isinstance(action, Pass):
            return self._decide_pass(state, action)
        raise IllegalAction("action/unknown", f"{type(action).__name__} is not a player action")

    def _decide_setup(self, state: VicState, action: Setup) -> tuple[AnyEvent, ...]:
        if state.turn >= 0:
            raise IllegalAction("setup/done", "the setup is over")
        seat = action.player
        if len(action.placement) != T.SETUP_ON_BOARD:
            raise IllegalAction(
                "setup/count",
                f"place exactly {T.SETUP_ON_BOARD} creatures, got {len(action.placement)}",
            )
        kinds, squares = set(), set()
        for kind_name, sq_name in action.placement:
            kind = _parse_kind(kind_name, "setup/unknown-creature")
            sq = _parse_square(sq_name, "setup/unknown-square")
            if kind in kinds:
                raise IllegalAction("setup/duplicate-creature", f"{kind_name} is placed twice")
            if sq in squares:
                raise IllegalAction("setup/shared-square", f"two creatures on {sq_name}")
            if sq not in DOMAIN[seat]:
                raise IllegalAction(
                    "setup/outside-domain", f"{sq_name} is not in {T.SEAT_NAMES[seat]}'s domain"
                )
            kinds.add(kind)
            squares.add(sq)
        other = 1 - seat
        if not state.setups[other]:
            return (action,)
        def by_kind(pairs: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
            return tuple(sorted(pairs, key=lambda pair: KIND_INDEX[pair[0]]))

        theirs = [
            (KINDS[PIECE[state.board[i]][1]], SQUARES[i])
            for i in DOMAIN[other]
            if state.board[i] != EMPTY
        ]
        placements = (by_kind(action.placement), by_kind(theirs))
        if seat == 1:
            placements = placements[::-1]
        return (action, Reveal(placements=placements, first=state.first))

    def _decide_move(self, state: VicState, action: Move) -> tuple[AnyEvent, ...]:
        seat = action.player
        src = _parse_square(action.from_, "move/unknown-square")
        dst = _parse_square(action.to, "move/unknown-square")
        board = state.board
        piece = board[src]
        if piece == EMPTY:
            raise IllegalAction("move/no-creature", f"no creature on {action.from_}")
        owner, kind = PIECE[piece]
        if owner != seat:
            raise IllegalAction("move/not-yours", f"the creature on {action.from_} is not yours")
        if src == dst:
            raise IllegalAction("move/null", f"{action.from_} to itself is not a move")
        if state.last[seat] == action.to + action.from_:
            raise IllegalAction(
                "move/no-return",
                f"the {KINDS[kind]} came {action.to}-{action.from_} last turn; "
                "it may not go straight back",
            )
        if dst not in reachable(board, src):
            raise IllegalAction(*self._why_unreachable(board, src, dst, action))
        target = board[dst]
        events: list[AnyEvent] = [action]
        enemy = 1 - seat
        if target != EMPTY:
            t_kind = PIECE[target][1]
            if dst == THRONE[enemy] and BEATS[t_kind][kind]:
                # The throne rule: the defender captures the attacker, who does not arrive.
                events.append(Capture(by=enemy, owner=seat, creature=KINDS[kind],
                                      square=action.to))
                return tuple(events)
            events.append(Capture(by=seat, owner=enemy, creature=KINDS[t_kind], square=action.to))
        if dst == THRONE[enemy]:
            events.append(GameOver(winners=(seat,), reason="throne"))
        return tuple(events)

    def _why_unreachable(
        self, board: Sequence[str], src: int, dst: int, action: Move
    ) -> tuple[str, str]:
        seat, kind = PIECE[board[src]]
        name = KINDS[kind]
        target = board[dst]
        if not PASSABLE[kind][dst]:
            return ("move/restricted-terrain",
                    f"only one kind of creature may enter {action.to}; a {name} may not")
        if target != EMPTY and PIECE[target][0] == seat:
            return ("move/own-creature", f"your own creature stands on {action.to}")
        if target != EMPTY and not BEATS[kind][PIECE[target][1]]:
            return ("move/cannot-capture",
                    f"a {name} cannot capture the {KINDS[PIECE[target][1]]} on {action.to}")
        r0, c0 = divmod(src, T.SIZE)
        r1, c1 = divmod(dst, T.SIZE)
        if max(abs(r0 - r1), abs(c0 - c1)) > RANGE[kind]:
            return ("move/too-far", f"a {name} moves at most {RANGE[kind]}; "
                    f"{action.from_}-{action.to} is {max(abs(r0 - r1), abs(c0 - c1))}")
        return ("move/blocked", f"no clear path for the {name} from {action.from_} to {action.to}")

    def _decide_deploy(self, state: VicState, action: Deploy) -> tuple[AnyEvent, ...]:
        seat = action.player
        kind = _parse_kind(action.creature, "deploy/unknown-creature")
        dst = _parse_square(action.to, "deploy/unknown-square")
        if letter(seat, kind) not in state.reserves[seat]:
            raise IllegalAction("deploy/not-in-reserve", f"no {action.creature} in your reserve")
        if dst not in DOMAIN[seat]:
            raise IllegalAction(
                "deploy/outside-domain", f"{action.to} is not in {T.SEAT_NAMES[seat]}'s domain"
            )
        target = state.board[dst]
        if target == EMPTY:
            return (action,)
        t_seat, t_kind = PIECE[target]
        if t_seat == seat:
            raise IllegalAction("deploy/occupied", f"your own creature stands on {action.to}")
        if not BEATS[kind][t_kind]:
            raise IllegalAction(
                "deploy/cannot-capture",
                f"a {action.creature} cannot capture the {KINDS[t_kind]} on {action.to}",
            )
        return (action, Capture(by=seat, owner=t_seat, creature=KINDS[t_kind], square=action.to))

    def _decide_pass(self, state: VicState, action: Pass) -> tuple[AnyEvent, ...]:
        if any(not isinstance(a, Pass) for a in self.legal(state, action.player)):
            raise IllegalAction("pass/has-moves", "you may pass only when you have no legal action")
        seat = action.player
        if state.no_move == "lose":
            return (action, GameOver(winners=(1 - seat,), reason="no-move"))
        if state.passes >= 1:
            return (action, GameOver(winners=(), reason="stalemate"))
        return (action,)

    # ---------------------------------------------------------------- evolve

    def evolve(self, state: VicState, event: AnyEvent) -> VicState:
        return self._evolvers[type(event)](state, event)

    @staticmethod
    def _evolve_move(state: VicState, ev: Move) -> VicState:
        src, dst = INDEX[ev.from_], INDEX[ev.to]
        board = list(state.board)
        piece, target = board[src], board[dst]
        board[src] = EMPTY
        # On a throne the defender may capture the attacker: then the defender stays.
        if target == EMPTY or not BEATS_LETTER[target][piece]:
            board[dst] = piece
        last = (ev.from_ + ev.to, state.last[1]) if ev.player == 0 else (
            state.last[0], ev.from_ + ev.to)
        return msgspec.structs.replace(
            state, board=tuple(board), turn=1 - ev.player, last=last, passes=0
        )

    @staticmethod
    def _evolve_capture(state: VicState, ev: Capture) -> VicState:
        lost = letter(ev.owner, KIND_INDEX[ev.creature])
        captured = (state.captured[0] + lost, state.captured[1]) if ev.owner == 0 else (
            state.captured[0], state.captured[1] + lost)
        return msgspec.structs.replace(state, captured=captured)

    @staticmethod
    def _evolve_deploy(state: VicState, ev: Deploy) -> VicState:
        ch = letter(ev.player, KIND_INDEX[ev.creature])
        board = list(state.board)
        board[INDEX[ev.to]] = ch
        reserves = list(state.reserves)
        reserves[ev.player] = reserves[ev.player].replace(ch, "", 1)
        last = list(state.last)
        last[ev.player] = ""
        return msgspec.structs.replace(
            state, board=tuple(board), reserves=(reserves[0], reserves[1]),
            turn=1 - ev.player, last=(last[0], last[1]), passes=0,
        )

    @staticmethod
    def _evolve_pass(state: VicState, ev: Pass) -> VicState:
        last = list(state.last)
        last[ev.player] = ""
        return msgspec.structs.replace(
            state, turn=1 - ev.player, last=(last[0], last[1]), passes=state.passes + 1
        )

    @staticmethod
    def _evolve_setup(state: VicState, ev: Setup) -> VicState:
        seat = ev.player
        board = list(state.board)
        placed = ""
        for kind_name, sq in ev.placement:
            ch = letter(seat, KIND_INDEX[kind_name])
            board[INDEX[sq]] = ch
            placed += ch
        army = (letter(seat, k) for k in range(len(KINDS)))
        reserve = "".join(ch for ch in army if ch not in placed)
        reserves = (reserve, state.reserves[1]) if seat == 0 else (state.reserves[0], reserve)
        setups = (True, state.setups[1]) if seat == 0 else (state.setups[0], True)
        return msgspec.structs.replace(state, board=tuple(board), reserves=reserves, setups=setups)

    @staticmethod
    def _evolve_reveal(state: VicState, ev: Reveal) -> VicState:
        return msgspec.structs.replace(state, turn=ev.first)

    @staticmethod
    def _evolve_game_over(state: VicState, ev: GameOver) -> VicState:
        return msgspec.structs.replace(state, winners=ev.winners, result=ev.reason)

    # ---------------------------------------------------------------- hidden information

    def view(self, state: VicState, player: PlayerId | None) -> VicState:
        """During the secret setup nobody sees the other side's creatures or reserve."""
        if state.turn >= 0:
            return state
        board = tuple(
            EMPTY if ch != EMPTY and PIECE[ch][0] != player else ch for ch in state.board
        )
        reserves = tuple(r if seat == player else "" for seat, r in enumerate(state.reserves))
        return msgspec.structs.replace(state, board=board, reserves=reserves)

    def redact(self, event: AnyEvent, player: PlayerId | None) -> AnyEvent:
        if isinstance(event, Setup) and event.player != player:
            return Setup(player=event.player, placement=())
        return event

    def disguise(self, state: VicState, player: PlayerId, rng: random.Random) -> VicState:
        """The same state with the opponent's secret setup replaced by another legal one."""
        other = 1 - player
        if state.turn >= 0 or not state.setups[other]:
            return state
        board = list(state.board)
        for i in DOMAIN[other]:
            board[i] = EMPTY
        blank = msgspec.structs.replace(
            state, board=tuple(board),
            reserves=(state.reserves[0], "") if other == 1 else ("", state.reserves[1]),
            setups=(state.setups[0], False) if other == 1 else (False, state.setups[1]),
        )
        return self._evolve_setup(blank, rng.choice(self._setup_actions[other]))

    # ---------------------------------------------------------------- text

    def render(self, state: VicState, player: PlayerId | None = None) -> str:
        return _render.board(state, player)

    def describe(self, event: AnyEvent) -> str:
        return _render.describe(event)

    def notation(self, state: VicState) -> str:
        return _render.notation(state)

    def parse(self, text: str, options: VicOptions, players: Sequence[str]) -> VicState:
        return _render.parse(text, self.setup(options, players))


RULES = ViciousCircleRules()
