"""The Wizard Armies position notation: eleven fields separated by spaces::

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
>>> notation(parse(text, None, ())) == text
True
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.core.kit import bad_position
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.rules import setup
from grimoire.games.wizard_armies.state import Options, State

_PHASE_OF = {letter: phase for phase, letter in T.PHASES.items()}


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


def _parse_pair(text: str, part: str, name: str) -> tuple[int, int]:
    bits = part.split(",")
    if len(bits) != 2 or not all(b.isdigit() for b in bits):
        raise bad_position(text, f"{name} is two whole numbers 'light,dark', got {part!r}")
    return int(bits[0]), int(bits[1])


def _parse_dice(text: str, part: str, name: str) -> tuple[int, ...]:
    if part == "-":
        return ()
    if not part.isdigit() or any(not 1 <= int(c) <= T.SIDES for c in part):
        raise bad_position(text, f"{name} are die faces 1-{T.SIDES}, got {part!r}")
    values = tuple(int(c) for c in part)
    if values != tuple(sorted(values, reverse=True)):
        raise bad_position(text, f"{name} are written largest first, got {part!r}")
    return values


def parse(text: str, options: Options | None, players: Sequence[str]) -> State:
    """A :class:`State` from notation (``options`` as :func:`setup` takes them; ``None``
    for the defaults)."""
    parts = text.split()
    if len(parts) != 11:
        raise bad_position(text, "expected 11 fields: phase round troops mustered deployed "
                           "field turn targets lost init result")
    (phase_t, round_t, troops_t, mustered_t, deployed_t, field_t, turn_t, targets_t,
     lost_t, init_t, result_t) = parts
    if phase_t not in _PHASE_OF:
        raise bad_position(text, f"phase is one of {'/'.join(_PHASE_OF)}, got {phase_t!r}")
    if not round_t.isdigit() or int(round_t) < 1:
        raise bad_position(text, f"round is a number from 1, got {round_t!r}")
    troops = _parse_pair(text, troops_t, "troops")
    if len(mustered_t) != 2 or any(c not in "01" for c in mustered_t):
        raise bad_position(text, f"mustered is two flags like '10', got {mustered_t!r}")
    mustered = (mustered_t[0] == "1", mustered_t[1] == "1")
    deployed = _parse_pair(text, deployed_t, "deployed")
    sides = field_t.split("/")
    if len(sides) != 2:
        raise bad_position(text, f"field is 'light/dark', got {field_t!r}")
    field = (_parse_dice(text, sides[0], "field dice"), _parse_dice(text, sides[1], "field dice"))
    for seat in (0, 1):
        if len(field[seat]) > troops[seat]:
            raise bad_position(text, f"{T.SEAT_NAMES[seat]} has more dice on the field than troops")
    if turn_t not in ("-", "0", "1"):
        raise bad_position(text, f"turn is 0, 1 or '-', got {turn_t!r}")
    turn = -1 if turn_t == "-" else int(turn_t)
    targets = _parse_dice(text, targets_t, "raid targets")
    lost = _parse_pair(text, lost_t, "lost")
    init = _parse_pair(text, init_t, "init")
    if any(v > T.SIDES for v in init):
        raise bad_position(text, f"initiative dice are faces 0-{T.SIDES}, got {init_t!r}")
    winners: tuple[int, ...] = ()
    result = ""
    if result_t != "-":
        who, sep, reason = result_t.partition(":")
        if not sep or not reason or any(c not in "01" for c in who):
            raise bad_position(text, f"result is '-' or 'WINNERS:REASON', got {result_t!r}")
        winners, result = tuple(int(c) for c in who), reason
    phase = _PHASE_OF[phase_t]
    if (phase == "over") != bool(result):
        raise bad_position(text, "a result is given exactly when the phase is 'x'")
    if phase == "raid" and turn < 0:
        raise bad_position(text, "a raid needs the raiding seat as turn")
    return msgspec.structs.replace(
        setup(Options() if options is None else options, players),
        phase=phase, round=int(round_t), troops=troops, mustered=mustered,
        deployed=deployed, field=field, turn=turn, targets=targets, lost=lost,
        init=init, winners=winners, result=result,
    )
