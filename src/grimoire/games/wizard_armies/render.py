"""Text for Wizard Armies: the table and one-line event descriptions.

>>> describe(E.Strike(player=0, dice=(2, 2), target=3))
'Light strikes a 3 with 2+2'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from grimoire.core.events import Event as AnyEvent
from grimoire.core.kit import who
from grimoire.games.wizard_armies import events as E
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.state import State

NAMES = T.SEAT_NAMES


def _name(seat: int | None) -> str:
    """The seat's name (or ``seat N`` for a seat this game does not have)."""
    return NAMES[seat] if seat in (0, 1) else f"seat {seat}"


def _who(seats: Sequence[int]) -> str:
    """:func:`~grimoire.core.kit.who` of seats a damaged log may give (``seat 7``)."""
    return who([_name(s) for s in seats], range(len(seats)))


def _dice(values: tuple[int, ...]) -> str:
    return " ".join(map(str, values)) if values else "none"


def board(state: State, player: int | None = None) -> str:
    """The table: each army, its camp and its dice on the field, and what happens next."""
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
        marks = " ".join("W" if v == T.WIZARD else str(v) for v in field) or "-"
        lines.append(
            f" {_name(seat):<6} army {state.troops[seat]:>3}  camp {state.camp(seat):>3}"
            f"  field {marks:<12} {note}".rstrip()
        )
    if state.phase == "raid":
        lines.append(f" raid on {_name(1 - state.turn)}'s camp: units {_dice(state.targets)}")
    if state.result:
        lines.append(f" war over: {_who(state.winners)} wins ({state.result})")
    elif state.phase == "muster":
        waiting = [_name(s) for s in (0, 1) if not state.mustered[s]]
        lines.append(f" waiting for {', '.join(waiting)} to roll for troops")
    elif state.phase == "deploy":
        waiting = [_name(s) for s in (0, 1) if not state.ready[s]]
        lines.append(f" secret deployment: waiting for {', '.join(waiting)}")
    elif state.turn >= 0:
        verb = "raids" if state.phase == "raid" else "strikes"
        lines.append(f" {_name(state.turn)} {verb}")
    return "\n".join(lines)


def describe(event: E.Event | AnyEvent) -> str:
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
    return f"{roller} rolls {_dice(event.values)} for {event.purpose}"


def _desert(event: E.Desert) -> str:
    unit = "coward deserts" if event.count == 1 else "cowards desert"
    return f"{event.count} {unit} from {_name(event.player)}"


_LINES: dict[type, Callable[[Any], str]] = {
    E.Muster: lambda e: f"{_name(e.player)} musters",
    E.Deploy: _deploy,
    E.Strike: lambda e: f"{_name(e.player)} strikes a {e.target} with {'+'.join(map(str, e.dice))}",
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
