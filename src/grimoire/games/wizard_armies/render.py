"""Text for Wizard Armies: the table and one-line event descriptions.

A unit's die is written as its value, a Wizard (a natural six) as ``W``, on the board and
in event lines alike; the board explains the ``W`` in a legend. Troops and initiative
rolls are plain numbers (they are not units).

>>> describe(E.Strike(player=0, dice=(2, 2), target=3))
'Light strikes a 3 with 2+2'
>>> describe(E.Strike(player=1, dice=(5, 2), target=6))
'Dark strikes a W with 5+2'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from grimoire.core.events import Event as AnyEvent
from grimoire.core.kit import who
from grimoire.games.wizard_armies import events as E
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.rules import can_act, raider, striker
from grimoire.games.wizard_armies.state import State

NAMES = T.SEAT_NAMES


def _name(seat: int | None) -> str:
    """The seat's name (or ``seat N`` for a seat this game does not have)."""
    return NAMES[seat] if seat in (0, 1) else f"seat {seat}"


def _who(seats: Sequence[int]) -> str:
    """:func:`~grimoire.core.kit.who` of seats a damaged log may give (``seat 7``)."""
    return who([_name(s) for s in seats], range(len(seats)))


def unit(value: int) -> str:
    """A unit's die as the board and event lines write it: ``W`` for a Wizard (a natural
    six), else its value.

    >>> unit(6), unit(3)
    ('W', '3')
    """
    return "W" if value == T.WIZARD else str(value)


LEGEND = " W: a Wizard (a natural six)"
"""The board's legend line, shown whenever the board shows a Wizard."""


def _dice(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values)) if values else "none"


def _units(values: tuple[int, ...], empty: str = "none") -> str:
    return " ".join(map(unit, values)) if values else empty


def board(state: State, player: int | None = None) -> str:
    """The table: each army, its camp and its dice on the field (a Wizard as ``W``, with a
    legend), and what happens next.

    >>> print(board(State(phase="battle", troops=(9, 11), deployed=(2, 1),
    ...                   field=((6, 2), (5,)), turn=1, init=(2, 5))))
     round 1, battle
     Light  army   9  camp   7  field W 2          fielded 2, lost 0
     Dark   army  11  camp  10  field 5            fielded 1, lost 0
     W: a Wizard (a natural six)
     Dark strikes
    """
    lines = [f" round {state.round}, {state.phase}"]
    for seat in (0, 1):
        field = state.field[seat]
        dep = state.deployed[seat]
        if state.phase == "deploy":
            if not state.ready[seat]:
                note = "choosing"
            elif dep:
                note = f"fields {dep} (secret)"
            else:
                note = "has chosen (hidden)"
        elif state.phase in ("battle", "raid"):
            note = f"fielded {dep}, lost {state.lost[seat]}"
        else:
            note = ""
        lines.append(
            f" {_name(seat):<6} army {state.troops[seat]:>3}  camp {state.camp(seat):>3}"
            f"  field {_units(field, '-'):<12} {note}".rstrip()
        )
    if state.phase == "raid":
        units = "still to roll" if _raid_roll_due(state) else _units(state.targets)
        lines.append(f" raid on {_name(1 - state.turn)}'s camp: units {units}")
    if T.WIZARD in (*state.field[0], *state.field[1], *state.targets):
        lines.append(LEGEND)
    lines.append(f" {_next(state)}")
    return "\n".join(lines)


def _next(state: State) -> str:
    """What happens next, in words: who is awaited, or what the rules do at once (between
    an action and the last of its consequences, a roll or the end of a battle)."""
    if state.result:
        return f"war over: {_who(state.winners)} wins ({state.result})"
    if state.phase == "muster":
        rolling = [_name(s) for s in (0, 1) if state.mustered[s] and not state.troops[s]]
        if rolling:
            return f"{', '.join(rolling)} rolls for troops"
        waiting = [_name(s) for s in (0, 1) if not state.mustered[s]]
        return f"waiting for {', '.join(waiting)} to roll for troops"
    if state.phase == "deploy":
        return _next_deploy(state)
    if state.phase == "raid":
        if _raid_roll_due(state):
            count = min(T.RAID_MAX, state.camp(1 - state.turn))
            dice = "die" if count == 1 else "dice"
            return f"raid roll: {_name(state.turn)} rolls {count} {dice} for the camp units"
        if can_act(state, state.turn):
            return f"{_name(state.turn)} raids"
        return "the raid is over: the round ends"
    return _next_battle(state)


def _raid_roll_due(state: State) -> bool:
    """Is the raid's roll still to come? Before it no camp unit has a value; after it the
    rolled units can all be gone only with the camp emptied or the raider's dice used up,
    so no units, two raiders and a camp to raid mean the roll is due."""
    return not state.targets and raider(state) == state.turn


def _next_deploy(state: State) -> str:
    gone = [s for s in (0, 1) if not state.troops[s]]
    if gone and state.round == 1:
        return f"{_who(gone)} rolls for troops"
    if gone:
        have = "has" if len(gone) == 1 else "have"
        return f"{_who(gone)} {have} no troops left: the war is over"
    waiting = [_name(s) for s in (0, 1) if not state.ready[s]]
    if not waiting:
        return "both deployments are chosen: they are revealed together"
    return f"secret deployment: waiting for {', '.join(waiting)}"


def _next_battle(state: State) -> str:
    if state.turn < 0:
        return "initiative: each side rolls one die, ties roll again"
    if state.lost == (0, 0) and not all(state.field):
        # Nobody has lost a unit, yet a field is empty: its battle roll is still to come.
        due = [s for s in (0, 1) if not state.field[s]]
        return f"battle roll: {_who(due)} {'rolls' if len(due) == 1 else 'roll'}"
    if T.COWARD in (*state.field[0], *state.field[1]):
        return "the cowards (ones) desert before any strike"
    seat = striker(state)
    if seat == state.turn:
        return f"{_name(seat)} strikes"
    if seat is not None:
        return f"{_name(state.turn)} has no strike and passes"
    raiding = raider(state)
    if raiding is not None:
        return f"the battle is over: {_name(raiding)} raids {_name(1 - raiding)}'s camp"
    return "the battle is over: the round ends"


def describe(event: E.Event | AnyEvent, state: State | None = None) -> str:
    """One line per event, for ``grimoire replay`` and action menus."""
    line = _LINES.get(type(event))
    return repr(event) if line is None else line(event)


def _deploy(event: E.Deploy) -> str:
    if not event.units:
        return f"{_name(event.player)} chooses a deployment in secret"
    unit = "unit" if event.units == 1 else "units"
    return f"{_name(event.player)} deploys {event.units} {unit}"


def _roll(event: E.Roll) -> str:
    roller = _name(event.player) if event.player is not None else "the table"
    units = event.purpose in ("battle", "raid")  # these dice are units: a six is a Wizard
    values = _units(event.values) if units else _dice(event.values)
    return f"{roller} rolls {values} for {event.purpose}"


def _desert(event: E.Desert) -> str:
    unit = "coward deserts" if event.count == 1 else "cowards desert"
    return f"{event.count} {unit} from {_name(event.player)}"


_LINES: dict[type, Callable[[Any], str]] = {
    E.Muster: lambda e: f"{_name(e.player)} musters",
    E.Deploy: _deploy,
    E.Strike: lambda e: (f"{_name(e.player)} strikes a {unit(e.target)} "
                         f"with {'+'.join(map(unit, e.dice))}"),
    E.CampStrike: lambda e: f"{_name(e.player)}'s Wizard strikes a unit in the enemy camp",
    E.Roll: _roll,
    E.Reveal: lambda e: (f"deployments revealed: {_name(0)} {e.units[0]}, "
                         f"{_name(1)} {e.units[1]}"),
    E.Initiative: lambda e: f"{_name(e.first)} wins the initiative",
    E.Desert: _desert,
    E.NoStrike: lambda e: f"{_name(e.player)} has no strike and passes",
    E.Raid: lambda e: f"{_name(e.raider)} raids {_name(1 - e.raider)}'s camp",
    E.RoundOver: lambda e: (f"round {e.round} over: lost {e.lost[0]}/{e.lost[1]}, "
                            f"armies {e.troops[0]}/{e.troops[1]}"),
    E.GameOver: lambda e: f"war over: {_who(e.winners)} wins ({e.reason})",
}
