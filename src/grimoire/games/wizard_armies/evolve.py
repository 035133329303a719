"""Wizard Armies: how each event changes the state (pure).

An event no decision could produce (a seat the game does not have, say) raises here; the
core reports it as ``log/impossible-event`` on the log line that holds it.

>>> from grimoire.games.wizard_armies.state import State
>>> s = State(phase="battle", troops=(9, 11), field=((5, 4), (4, 3, 2)), turn=0)
>>> evolve(s, E.Strike(player=0, dice=(5,), target=4)).field
((4,), (3, 2))
"""

from __future__ import annotations

import msgspec

from grimoire.core.kit import ended, evolver, put
from grimoire.games.wizard_armies import events as E
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.board import remove
from grimoire.games.wizard_armies.state import State

_replace = msgspec.structs.replace


def _seat(seat: int) -> int:
    """``seat`` if the game has it (a seat stored alone, where no ``put`` checks it)."""
    if seat not in (0, 1):
        raise IndexError(f"no seat {seat!r}")
    return seat


def _muster(state: State, ev: E.Muster) -> State:
    mustered = put(state.mustered, ev.player, True)
    phase = "deploy" if all(mustered) else state.phase
    return _replace(state, mustered=mustered, phase=phase)


def _roll(state: State, ev: E.Roll) -> State:
    purpose, seat = ev.purpose, ev.player
    if seat is None or not ev.values:  # not a roll this game makes: the fold ignores it
        return state
    if purpose == "battle":
        field = tuple(sorted(ev.values, reverse=True))
        return _replace(state, field=put(state.field, seat, field))
    if purpose == "raid":
        return _replace(state, targets=tuple(sorted(ev.values, reverse=True)))
    if purpose == "initiative":
        return _replace(state, init=put(state.init, seat, ev.values[0]))
    # troops
    return _replace(state, troops=put(state.troops, seat, state.troops[seat] + sum(ev.values)))


def _deploy(state: State, ev: E.Deploy) -> State:
    return _replace(
        state,
        ready=put(state.ready, ev.player, True),
        deployed=put(state.deployed, ev.player, ev.units),
    )


def _commit(state: State, ev: E.Commit) -> State:
    return _replace(state, sealed=put(state.sealed, ev.player, ev.digest))


def _open(state: State, ev: E.Open) -> State:
    return _replace(
        state,
        ready=put(state.ready, ev.player, True),
        deployed=put(state.deployed, ev.player, ev.units),
    )


def _reveal(state: State, ev: E.Reveal) -> State:
    return _replace(state, phase="battle", ready=(False, False), deployed=ev.units,
                    sealed=("", ""))


def _initiative(state: State, ev: E.Initiative) -> State:
    return _replace(state, turn=_seat(ev.first))


def _desert(state: State, ev: E.Desert) -> State:
    seat = ev.player
    field = tuple(v for v in state.field[seat] if v != T.COWARD)
    return _replace(
        state,
        field=put(state.field, seat, field),
        troops=put(state.troops, seat, state.troops[seat] - ev.count),
        lost=put(state.lost, seat, state.lost[seat] + ev.count),
    )


def _strike(state: State, ev: E.Strike) -> State:
    seat = _seat(ev.player)
    other = 1 - seat
    own = remove(state.field[seat], ev.dice) or ()
    troops = put(state.troops, other, state.troops[other] - 1)
    lost = put(state.lost, other, state.lost[other] + 1)
    if state.phase == "raid":
        targets = remove(state.targets, (ev.target,)) or ()
        return _replace(
            state, field=put(state.field, seat, own), targets=targets, troops=troops, lost=lost,
        )
    enemy = remove(state.field[other], (ev.target,)) or ()
    field = (own, enemy) if seat == 0 else (enemy, own)
    return _replace(state, field=field, troops=troops, lost=lost, turn=other)


def _camp_strike(state: State, ev: E.CampStrike) -> State:
    seat = _seat(ev.player)
    other = 1 - seat
    own = remove(state.field[seat], (T.WIZARD,)) or ()
    return _replace(
        state,
        field=put(state.field, seat, own),
        troops=put(state.troops, other, state.troops[other] - 1),
        lost=put(state.lost, other, state.lost[other] + 1),
        turn=other,
    )


def _no_strike(state: State, ev: E.NoStrike) -> State:
    return _replace(state, turn=1 - _seat(ev.player))


def _raid(state: State, ev: E.Raid) -> State:
    return _replace(state, phase="raid", turn=_seat(ev.raider))


def _round_over(state: State, ev: E.RoundOver) -> State:
    return _replace(
        state,
        phase="deploy",
        round=state.round + 1,
        ready=(False, False),
        deployed=(0, 0),
        field=((), ()),
        turn=-1,
        targets=(),
        lost=(0, 0),
        init=(0, 0),
    )


def _game_over(state: State, ev: E.GameOver) -> State:
    return ended(state, ev, phase="over")


evolve = evolver(State, {
    E.Muster: _muster,
    E.Deploy: _deploy,
    E.Commit: _commit,
    E.Open: _open,
    E.Strike: _strike,
    E.CampStrike: _camp_strike,
    E.Roll: _roll,
    E.Reveal: _reveal,
    E.Initiative: _initiative,
    E.Desert: _desert,
    E.NoStrike: _no_strike,
    E.Raid: _raid,
    E.RoundOver: _round_over,
    E.GameOver: _game_over,
})
"""The state after an event (:func:`grimoire.core.kit.evolver`)."""
