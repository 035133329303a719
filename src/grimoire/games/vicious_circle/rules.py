"""Wizards of the Vicious Circle: the decider (setup, to_act, legal, decide) and what each
seat may see.

>>> from grimoire.games.vicious_circle import RULES
>>> from grimoire.core.dice import NoDice
>>> s = RULES.parse("5/5/5/5/s4 -/- t -,- 0", RULES.Options(), ("Dawn", "Twilight"))
>>> [RULES.describe(e, s) for e in RULES.decide(s, Move(player=1, from_="a1", to="d1"), NoDice())]
['Twilight moves the saint from a1 to d1']
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Sequence

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction
from grimoire.core.kit import PUBLIC_NONCE, commitment, named
from grimoire.core.rules import PlayerId
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import (
    BEATS,
    DOMAIN,
    EMPTY,
    GRID,
    INDEX,
    KIND_INDEX,
    KINDS,
    PASSABLE,
    PIECE,
    RANGE,
    SQUARES,
    THRONE,
    N,
    in_line,
    letter,
    reachable,
    reaches,
    steps,
)
from grimoire.games.vicious_circle.events import (
    Capture,
    Commit,
    Deploy,
    Event,
    GameOver,
    Move,
    Open,
    Pass,
    Reveal,
    Setup,
    choice,
    commit_choice,
)
from grimoire.games.vicious_circle.evolve import setup as _place_setup
from grimoire.games.vicious_circle.state import Options, State

# ------------------------------------------------------------------ setup and turns


def first_player(options: Options) -> int:
    """Who moves first, per edition and series rule (see Rulings)."""
    if options.rematch == "none":
        return T.TWILIGHT if options.edition == "designer" else T.DAWN
    winner = T.DAWN if options.rematch == "dawn" else T.TWILIGHT
    series = options.series
    if series == "edition":
        series = "loser-first" if options.edition == "designer" else "winner-first"
    return winner if series == "winner-first" else 1 - winner


def throne_defence(options: Options) -> str:
    """What an attack on a throne whose occupant could capture the attacker does:
    ``"captures"`` (designer: the attacker is captured) or ``"blocks"`` (illustrated: the
    move is not allowed), per edition unless the option names one (see Rulings).

    >>> throne_defence(Options()), throne_defence(Options(edition="illustrated"))
    ('captures', 'blocks')
    """
    if options.throne_defence != "edition":
        return options.throne_defence
    return "captures" if options.edition == "designer" else "blocks"


def hidden(options: Options) -> str:
    """How the secret setup is kept honest: ``"trusted"`` (also when the option is left
    unset) or ``"commit"`` (see the docs page, Ruling 18).

    >>> hidden(Options()), hidden(Options(hidden="commit"))
    ('trusted', 'commit')
    """
    return "commit" if options.hidden == "commit" else "trusted"


def setup(options: Options, players: Sequence[str]) -> State:
    """The empty board behind the screen: both seats set up in secret (``players``: the
    players' names, kept in the state).

    >>> setup(Options(), ("Ann", "Ben")).names
    ('Ann', 'Ben')
    """
    return State(
        board=(EMPTY,) * N,
        reserves=("", ""),
        captured=("", ""),
        setups=(False, False),
        turn=-1,
        first=first_player(options),
        no_move=options.no_move,
        throne_defence=throne_defence(options),
        paths=options.paths,
        no_return=options.no_return == "on",
        hidden=hidden(options),
        names=tuple(players),
    )


def destinations(state: State, src: int) -> dict[int, bool]:
    """Where the creature on ``src`` may end a move in ``state`` (its options applied),
    the no-return rule aside -> whether it lands on a piece."""
    return reachable(state.board, src, blocks=state.throne_defence == "blocks",
                     straight=state.paths == "straight")


# _ONLY[seat]: the answer of to_act once the game is under way, made once
_ONLY: tuple[frozenset[PlayerId], ...] = (frozenset((0,)), frozenset((1,)))


def to_act(state: State) -> frozenset[PlayerId]:
    """Both seats until each has set up; then the seat whose turn it is. With a sealed
    setup (``hidden="commit"``): the seats that have not committed, until both have;
    then the seats that have not opened."""
    turn = state.turn
    if turn < 0:
        if is_sealing(state):
            return frozenset(p for p in (0, 1) if not state.digests[p])
        return frozenset(p for p in (0, 1) if not state.setups[p])
    return _ONLY[turn] if turn < 2 else frozenset((turn,))


def is_sealing(state: State) -> bool:
    """Whether a sealed setup (``hidden="commit"``) still waits for a seat's commitment."""
    return state.hidden == "commit" and not all(state.digests)


# ------------------------------------------------------------------ legal


def _all_setups(seat: int) -> tuple[Setup, ...]:
    """Every setup of ``seat`` in the order a player chooses one, creature by creature
    (saint, spirit, child, warrior, dragon): each on a free square of the domain, in the
    domain's order, or kept in reserve (after the squares), while the rule allows (three
    on the board, two in reserve). So ``legal`` reads in the choice tree's order
    (``choices.py``)."""
    out: list[Setup] = []
    kept = len(KINDS) - T.SETUP_ON_BOARD

    def grow(kind: int, placement: tuple[tuple[str, str], ...], used: frozenset[int]) -> None:
        if kind == len(KINDS):
            out.append(Setup(player=seat, placement=placement))
            return
        if len(placement) < T.SETUP_ON_BOARD:
            for sq in DOMAIN[seat]:
                if sq not in used:
                    grow(kind + 1, (*placement, (KINDS[kind], SQUARES[sq])), used | {sq})
        if kind - len(placement) < kept:
            grow(kind + 1, placement, used)

    grow(0, (), frozenset())
    return tuple(out)


SETUPS: tuple[tuple[Setup, ...], ...] = tuple(_all_setups(seat) for seat in (0, 1))
"""Every secret setup of each seat, in a fixed order (each placement in the canonical
order of :func:`~grimoire.games.vicious_circle.events.choice`)."""


@functools.cache
def public_commits(seat: int) -> tuple[Commit, ...]:
    """The :class:`Commit` of every setup of ``seat`` sealed with ``kit.PUBLIC_NONCE``, in
    the order of :data:`SETUPS` (anyone can open these: they are for bots and tests).

    >>> len(public_commits(0))
    1200
    """
    return tuple(commit_choice(s, PUBLIC_NONCE) for s in SETUPS[seat])


@functools.cache
def _public_opens(seat: int) -> dict[str, Open]:
    """The opening of each of ``seat``'s public seals, by digest."""
    return {c.digest: Open(player=seat, placement=s.placement, nonce=PUBLIC_NONCE)
            for c, s in zip(public_commits(seat), SETUPS[seat], strict=True)}


# What ``legal`` lists, made once (frozen events, the same whichever list holds them):
# _OWN[seat], the letters of the seat's creatures; _MOVES[seat][src][dst], the move from
# ``src`` to ``dst``; _DEPLOYS[seat][kind][dst], the deploy of that creature on ``dst``;
# _BACK[last], the (src, dst) of the move straight back over the move ``state.last`` keeps
# as ``last`` (its from and to squares' names joined).
_OWN: tuple[frozenset[str], ...] = tuple(
    frozenset(ch for ch, (seat, _) in PIECE.items() if seat == p) for p in (0, 1))
_MOVES: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(tuple(Move(player=p, from_=SQUARES[src], to=SQUARES[dst]) for dst in range(N))
          for src in range(N)) for p in (0, 1))
_DEPLOYS: tuple[tuple[tuple[Deploy, ...], ...], ...] = tuple(
    tuple(tuple(Deploy(player=p, creature=KINDS[kind], to=SQUARES[dst]) for dst in range(N))
          for kind in range(len(KINDS))) for p in (0, 1))
_BACK: dict[str, tuple[int, int]] = {
    SQUARES[dst] + SQUARES[src]: (src, dst) for src in range(N) for dst in range(N)}
assert len(_BACK) == N * N  # (each name pair joined is one move's)


def legal(state: State, player: PlayerId) -> Sequence[Event]:
    """Every legal action of ``player``: a setup, or its moves, then its deploys; a pass
    only when there is nothing else. With a sealed setup: the commit of every setup sealed
    with ``kit.PUBLIC_NONCE``, then the opening of the seat's seal if it was sealed so (a
    seal with a secret nonce has one opening, which only its seat knows: none is listed).
    """
    if state.turn < 0:
        if state.hidden != "commit":
            return SETUPS[player]
        if is_sealing(state):
            return public_commits(player)
        known = _public_opens(player).get(state.digests[player])
        return () if known is None else (known,)
    board = state.board
    actions: list[Event] = []
    # the move straight back (no-return), as the squares (src, dst) it goes between
    back = _BACK.get(state.last[player]) if state.no_return else None
    mine, moves = _OWN[player], _MOVES[player]
    for src, piece in enumerate(board):
        if piece not in mine:
            continue
        ends = sorted(destinations(state, src))
        if back is not None and back[0] == src and back[1] in ends:
            ends.remove(back[1])
        actions.extend(map(moves[src].__getitem__, ends))
    for ch in dict.fromkeys(state.reserves[player]):
        kind = PIECE[ch][1]
        deploys = _DEPLOYS[player][kind]
        for dst in DOMAIN[player]:
            occ = board[dst]
            if occ == EMPTY or (PIECE[occ][0] != player and BEATS[kind][PIECE[occ][1]]):
                actions.append(deploys[dst])
    if not actions:
        actions.append(Pass(player=player))
    return actions


# ------------------------------------------------------------------ decide


def decide(state: State, action: Event, dice: Dice) -> tuple[Event, ...]:
    """``action`` and what it causes (the reveal, captures, the end of the game)."""
    if type(action) is Move and state.turn >= 0:  # the usual action, tested first
        return _decide_move(state, action)
    if isinstance(action, Setup):
        return _decide_setup(state, action)
    if isinstance(action, Commit):
        return _decide_commit(state, action)
    if isinstance(action, Open):
        return _decide_open(state, action)
    if state.turn < 0:
        raise IllegalAction("setup/pending", "both players must open their sealed setups "
                            "first" if state.hidden == "commit" else
                            "both players must set up first")
    if isinstance(action, Move):
        return _decide_move(state, action)
    if isinstance(action, Deploy):
        return _decide_deploy(state, action)
    if isinstance(action, Pass):
        return _decide_pass(state, action)
    raise IllegalAction("action/unknown", f"{type(action).__name__} is not a player action")


def _decide_setup(state: State, action: Setup) -> tuple[Event, ...]:
    if state.turn >= 0:
        raise IllegalAction("setup/done", "the setup is over")
    if state.hidden == "commit":
        raise IllegalAction("setup/sealed", "this match seals its setups (option "
                            "hidden=commit): commit to the setup, then open it")
    _check_placement(action.player, action.placement)
    return _placed(state, action)


HEX64 = re.compile(r"[0-9a-f]{64}")
HEX32 = re.compile(r"[0-9a-f]{32}")


def _decide_commit(state: State, action: Commit) -> tuple[Event, ...]:
    if state.hidden != "commit":
        raise IllegalAction("commit/off", "this match's setups are not sealed (option "
                            "hidden=trusted): set up with a setup action")
    if state.turn >= 0:
        raise IllegalAction("setup/done", "the setup is over")
    if state.digests[action.player]:
        raise IllegalAction("commit/done", "you have committed to your setup already")
    if not isinstance(action.digest, str) or not HEX64.fullmatch(action.digest):
        raise IllegalAction("commit/bad-digest", f"a digest is 64 lowercase hex digits, not "
                            f"{str(action.digest)[:80]!r}")
    return (action,)


def _decide_open(state: State, action: Open) -> tuple[Event, ...]:
    if state.hidden != "commit":
        raise IllegalAction("commit/off", "this match's setups are not sealed (option "
                            "hidden=trusted): there is nothing to open")
    if state.turn >= 0:
        raise IllegalAction("setup/done", "the setup is over")
    if is_sealing(state):
        raise IllegalAction("commit/pending", "a seal is opened only once both players "
                            "have committed")
    if not isinstance(action.nonce, str) or not HEX32.fullmatch(action.nonce):
        raise IllegalAction("commit/bad-nonce", f"a nonce is 32 lowercase hex digits, not "
                            f"{str(action.nonce)[:40]!r}")
    _check_placement(action.player, action.placement)
    digest = commitment(choice(action.placement), action.nonce)
    if digest != state.digests[action.player]:
        raise IllegalAction("commit/mismatch", f"that setup and nonce seal to "
                            f"{digest[:16]}…, not to your commitment "
                            f"{state.digests[action.player][:16]}…")
    return _placed(state, action)


def _check_placement(seat: int, placement: Sequence[tuple[str, str]]) -> None:
    """Refuse a placement the setup rule does not allow (``setup/...``)."""
    if len(placement) != T.SETUP_ON_BOARD:
        raise IllegalAction(
            "setup/count",
            f"place exactly {T.SETUP_ON_BOARD} creatures, got {len(placement)}",
        )
    kinds, squares = set(), set()
    for kind_name, sq_name in placement:
        kind = named(KIND_INDEX, kind_name, "setup/unknown-creature", "creature")
        sq = GRID.parse(sq_name, "setup/unknown-square")
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


def _placed(state: State, action: Setup | Open) -> tuple[Event, ...]:
    """A seat's (legal) setup or opening, and the reveal when it is the second."""
    seat = action.player
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


def _decide_move(state: State, action: Move) -> tuple[Event, ...]:
    seat = action.player
    src = INDEX.get(action.from_, -1)
    if src < 0:
        src = GRID.parse(action.from_, "move/unknown-square")
    dst = INDEX.get(action.to, -1)
    if dst < 0:
        dst = GRID.parse(action.to, "move/unknown-square")
    board = state.board
    piece = board[src]
    if piece == EMPTY:
        raise IllegalAction("move/no-creature", f"no creature on {action.from_}")
    owner, kind = PIECE[piece]
    if owner != seat:
        raise IllegalAction("move/not-yours", f"the creature on {action.from_} is not yours")
    if src == dst:
        raise IllegalAction("move/null", f"{action.from_} to itself is not a move")
    if state.no_return and state.last[seat] == action.to + action.from_:
        raise IllegalAction(
            "move/no-return",
            f"the {KINDS[kind]} came {action.to}-{action.from_} last turn; "
            "it may not go straight back",
        )
    if not reaches(board, src, dst, blocks=state.throne_defence == "blocks",
                   straight=state.paths == "straight"):
        _refuse_unreachable(state, src, dst, action)
    target = board[dst]
    enemy = 1 - seat
    if target == EMPTY and dst != THRONE[enemy]:
        return (action,)  # the usual move: no capture, no throne
    events: list[Event] = [action]
    if target != EMPTY:
        t_kind = PIECE[target][1]
        if dst == THRONE[enemy] and BEATS[t_kind][kind]:
            # The throne rule: the defender captures the attacker, who does not arrive.
            events.append(Capture(by=enemy, owner=seat, creature=KINDS[kind], square=action.to))
            return tuple(events)
        events.append(Capture(by=seat, owner=enemy, creature=KINDS[t_kind], square=action.to))
    if dst == THRONE[enemy]:
        events.append(GameOver(winners=(seat,), reason="throne"))
    return tuple(events)


def _refuse_unreachable(state: State, src: int, dst: int, action: Move) -> None:
    """Why the creature on ``src`` cannot end a move on ``dst``."""
    board = state.board
    seat, kind = PIECE[board[src]]
    name = KINDS[kind]
    target = board[dst]
    if not PASSABLE[kind][dst]:
        raise IllegalAction("move/restricted-terrain",
                            f"only one kind of creature may enter {action.to}; a {name} may not")
    if target != EMPTY and PIECE[target][0] == seat:
        raise IllegalAction("move/own-creature", f"your own creature stands on {action.to}")
    on_throne = dst == THRONE[1 - seat]
    if (target != EMPTY and on_throne and state.throne_defence == "blocks"
            and BEATS[PIECE[target][1]][kind]):
        raise IllegalAction("move/throne-guarded",
                            f"the {KINDS[PIECE[target][1]]} on the throne {action.to} could "
                            f"capture a {name}: it may not attack there")
    if target != EMPTY and not on_throne and not BEATS[kind][PIECE[target][1]]:
        raise IllegalAction("move/cannot-capture",
                            f"a {name} cannot capture the {KINDS[PIECE[target][1]]} on {action.to}")
    distance = steps(src, dst)
    if distance > RANGE[kind]:
        raise IllegalAction("move/too-far", f"a {name} moves at most {RANGE[kind]}; "
                            f"{action.from_}-{action.to} is {distance}")
    if state.paths == "straight" and not in_line(src, dst):
        raise IllegalAction("move/not-straight",
                            f"{action.from_}-{action.to} is not along one line "
                            "(option paths=straight)")
    raise IllegalAction("move/blocked",
                        f"no clear path for the {name} from {action.from_} to {action.to}")


def _decide_deploy(state: State, action: Deploy) -> tuple[Event, ...]:
    seat = action.player
    kind = named(KIND_INDEX, action.creature, "deploy/unknown-creature", "creature")
    dst = GRID.parse(action.to, "deploy/unknown-square")
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


def _decide_pass(state: State, action: Pass) -> tuple[Event, ...]:
    if any(not isinstance(a, Pass) for a in legal(state, action.player)):
        raise IllegalAction("pass/has-moves", "you may pass only when you have no legal action")
    seat = action.player
    if state.no_move == "lose":
        return (action, GameOver(winners=(1 - seat,), reason="no-move"))
    if state.passes >= 1:
        return (action, GameOver(winners=(), reason="stalemate"))
    return (action,)


# ------------------------------------------------------------------ hidden information


def view(state: State, player: PlayerId | None) -> State:
    """During the secret setup nobody sees the other side's creatures or reserve. A
    sealed setup hides nothing in the state: it holds only digests until the openings,
    which are public."""
    if state.turn >= 0 or state.hidden == "commit":
        return state
    board = tuple(
        EMPTY if ch != EMPTY and PIECE[ch][0] != player else ch for ch in state.board
    )
    reserves = tuple(r if seat == player else "" for seat, r in enumerate(state.reserves))
    return msgspec.structs.replace(state, board=board, reserves=reserves)


def redact(event: Event, player: PlayerId | None) -> Event:
    """A setup is secret from the other seat until the reveal."""
    if isinstance(event, Setup) and event.player != player:
        return Setup(player=event.player, placement=())
    return event


def disguise(state: State, player: PlayerId, rng: random.Random) -> State:
    """The same state with the opponent's secret setup replaced by another legal one (a
    sealed setup keeps no secret in the state: nothing to disguise)."""
    other = 1 - player
    if state.turn >= 0 or state.hidden == "commit" or not state.setups[other]:
        return state
    board = list(state.board)
    for i in DOMAIN[other]:
        board[i] = EMPTY
    blank = msgspec.structs.replace(
        state, board=tuple(board),
        reserves=(state.reserves[0], "") if other == 1 else ("", state.reserves[1]),
        setups=(state.setups[0], False) if other == 1 else (False, state.setups[1]),
    )
    return _place_setup(blank, rng.choice(SETUPS[other]))
