"""Text for Wizard Armies: the table, one-line event descriptions and position notation.

Notation: eleven fields separated by spaces::

    PHASE ROUND TROOPS MUSTERED DEPLOYED FIELD TURN TARGETS LOST INIT RESULT

- PHASE: ``m`` muster, ``d`` deploy, ``b`` battle, ``r`` raid, ``x`` over.
- ROUND: the round number, from 1.
- TROOPS, DEPLOYED, LOST, INIT: two numbers ``light,dark``.
- MUSTERED: two flags ``0``/``1`` (who has rolled for troops).
- FIELD: each side's dice on the field, largest first, ``light/dark`` (``-`` for none).
- TURN: the seat to strike, or ``-``.
- TARGETS: the raided camp units' values, largest first, or ``-``.
- RESULT: ``-`` while the war goes on, else ``WINNERS:REASON`` (``1:conquest``).

A deployment chosen but not yet revealed is secret: such a position has no notation.

>>> text = "b 1 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -"
>>> notation(parse(text, None)) == text
True
"""

from __future__ import annotations

from typing import Any

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event, Roll
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.events import (
    CampStrike,
    Deploy,
    Desert,
    GameOver,
    Initiative,
    Muster,
    NoStrike,
    Raid,
    Reveal,
    RoundOver,
    Strike,
)
from grimoire.games.wizard_armies.state import State

NAMES = T.SEAT_NAMES
_PHASE_OF = {letter: phase for phase, letter in T.PHASES.items()}


def _name(seat: int | None) -> str:
    """The seat's name (or ``seat N`` for a seat this game does not have)."""
    return NAMES[seat] if seat in (0, 1) else f"seat {seat}"


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
        who = " and ".join(_name(w) for w in state.winners) or "nobody"
        lines.append(f" war over: {who} wins ({state.result})")
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


def describe(event: Event) -> str:
    """One line per event, for ``grimoire replay`` and action menus."""
    if isinstance(event, Muster):
        return f"{_name(event.player)} musters"
    if isinstance(event, Deploy):
        if not event.units:
            return f"{_name(event.player)} chooses a deployment in secret"
        unit = "unit" if event.units == 1 else "units"
        return f"{_name(event.player)} deploys {event.units} {unit}"
    if isinstance(event, Strike):
        how = "+".join(map(str, event.dice))
        return f"{_name(event.player)} strikes a {event.target} with {how}"
    if isinstance(event, CampStrike):
        return f"{_name(event.player)}'s Wizard strikes a unit in the enemy camp"
    if isinstance(event, Roll):
        who = _name(event.player) if event.player is not None else "the table"
        return f"{who} rolls {_dice(event.values)} for {event.purpose}"
    if isinstance(event, Reveal):
        return f"deployments revealed: {_name(0)} {event.units[0]}, {_name(1)} {event.units[1]}"
    if isinstance(event, Initiative):
        return f"{_name(event.first)} wins the initiative"
    if isinstance(event, Desert):
        unit = "coward deserts" if event.count == 1 else "cowards desert"
        return f"{event.count} {unit} from {_name(event.player)}"
    if isinstance(event, NoStrike):
        return f"{_name(event.player)} has no strike and passes"
    if isinstance(event, Raid):
        return f"{_name(event.raider)} raids {_name(1 - event.raider)}'s camp"
    if isinstance(event, RoundOver):
        return (f"round {event.round} over: lost {event.lost[0]}/{event.lost[1]}, "
                f"armies {event.troops[0]}/{event.troops[1]}")
    if isinstance(event, GameOver):
        who = " and ".join(_name(w) for w in event.winners) or "nobody"
        return f"war over: {who} wins ({event.reason})"
    return repr(event)


def _pair(values: tuple[int, int]) -> str:
    return f"{values[0]},{values[1]}"


def _digits(values: tuple[int, ...]) -> str:
    return "".join(map(str, values)) or "-"


def notation(state: State) -> str:
    """The position in notation (refused while a deployment is secret)."""
    if state.phase == "deploy" and any(state.ready):
        raise IllegalAction(
            "position/setup", "a position with a secret deployment pending has no notation"
        )
    result = "-"
    if state.result:
        result = "".join(map(str, state.winners)) + ":" + state.result
    return " ".join((
        T.PHASES[state.phase],
        str(state.round),
        _pair(state.troops),
        "".join("1" if m else "0" for m in state.mustered),
        _pair(state.deployed),
        "/".join(_digits(f) for f in state.field),
        "-" if state.turn < 0 else str(state.turn),
        _digits(state.targets),
        _pair(state.lost),
        _pair(state.init),
        result,
    ))


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("position/invalid", f"{text!r}: {why}")


def _parse_pair(text: str, part: str, name: str) -> tuple[int, int]:
    bits = part.split(",")
    if len(bits) != 2 or not all(b.isdigit() for b in bits):
        raise _bad(text, f"{name} is two whole numbers 'light,dark', got {part!r}")
    return int(bits[0]), int(bits[1])


def _parse_dice(text: str, part: str, name: str) -> tuple[int, ...]:
    if part == "-":
        return ()
    if not part.isdigit() or any(not 1 <= int(c) <= T.SIDES for c in part):
        raise _bad(text, f"{name} are die faces 1-{T.SIDES}, got {part!r}")
    values = tuple(int(c) for c in part)
    if values != tuple(sorted(values, reverse=True)):
        raise _bad(text, f"{name} are written largest first, got {part!r}")
    return values


def parse(text: str, base: Any) -> State:
    """A :class:`State` from notation; ``base`` supplies the options' fields (or ``None``)."""
    parts = text.split()
    if len(parts) != 11:
        raise _bad(text, "expected 11 fields: phase round troops mustered deployed field "
                   "turn targets lost init result")
    (phase_t, round_t, troops_t, mustered_t, deployed_t, field_t, turn_t, targets_t,
     lost_t, init_t, result_t) = parts
    if phase_t not in _PHASE_OF:
        raise _bad(text, f"phase is one of {'/'.join(_PHASE_OF)}, got {phase_t!r}")
    if not round_t.isdigit() or int(round_t) < 1:
        raise _bad(text, f"round is a number from 1, got {round_t!r}")
    troops = _parse_pair(text, troops_t, "troops")
    if len(mustered_t) != 2 or any(c not in "01" for c in mustered_t):
        raise _bad(text, f"mustered is two flags like '10', got {mustered_t!r}")
    mustered = (mustered_t[0] == "1", mustered_t[1] == "1")
    deployed = _parse_pair(text, deployed_t, "deployed")
    sides = field_t.split("/")
    if len(sides) != 2:
        raise _bad(text, f"field is 'light/dark', got {field_t!r}")
    field = (_parse_dice(text, sides[0], "field dice"), _parse_dice(text, sides[1], "field dice"))
    for seat in (0, 1):
        if len(field[seat]) > troops[seat]:
            raise _bad(text, f"{_name(seat)} has more dice on the field than troops")
    if turn_t not in ("-", "0", "1"):
        raise _bad(text, f"turn is 0, 1 or '-', got {turn_t!r}")
    turn = -1 if turn_t == "-" else int(turn_t)
    targets = _parse_dice(text, targets_t, "raid targets")
    lost = _parse_pair(text, lost_t, "lost")
    init = _parse_pair(text, init_t, "init")
    if any(v > T.SIDES for v in init):
        raise _bad(text, f"initiative dice are faces 0-{T.SIDES}, got {init_t!r}")
    winners: tuple[int, ...] = ()
    result = ""
    if result_t != "-":
        who, sep, reason = result_t.partition(":")
        if not sep or not reason or any(c not in "01" for c in who):
            raise _bad(text, f"result is '-' or 'WINNERS:REASON', got {result_t!r}")
        winners, result = tuple(int(c) for c in who), reason
    phase = _PHASE_OF[phase_t]
    if (phase == "over") != bool(result):
        raise _bad(text, "a result is given exactly when the phase is 'x'")
    if phase == "raid" and turn < 0:
        raise _bad(text, "a raid needs the raiding seat as turn")
    fields: dict[str, Any] = dict(
        phase=phase, round=int(round_t), troops=troops, mustered=mustered,
        deployed=deployed, field=field, turn=turn, targets=targets, lost=lost,
        init=init, winners=winners, result=result,
    )
    if base is None:
        return State(**fields)
    out: State = msgspec.structs.replace(base, **fields)
    return out
