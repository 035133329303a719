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

A deployment chosen but not yet revealed is secret: such a position has no notation
(nor, with option ``hidden="commit"``, has a deployment committed but not yet revealed).

:func:`parse` reads only positions a game can rest in (someone to act, or the war over)
and refuses anything else with ``position/invalid``, never another error: every number
is read with :func:`~grimoire.core.kit.number` and checked against the game's limits,
and every field against the phase (a battle needs its dice and the seat to strike, a
muster no dice at all, and so on). A position whose army is already gone is refused:
the war is over, and its notation is the finished one (``x``).

>>> text = "b 1 8,6 11 6,4 6622/6543 1 - 2,0 3,4 -"
>>> notation(parse(text, None, ())) == text
True
>>> try:
...     parse("d 3 0,4 11 0,0 -/- - - 0,0 0,0 -", None, ())
... except IllegalAction as exc:
...     print(exc.reason)
...     print(exc.detail.split(": ", 1)[1])
position/invalid
Light's army is gone: the war is over (written 'x 3 0,4 11 0,0 -/- - - 0,0 0,0 1:conquest')
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.core.kit import bad_position, number
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.rules import can_act, setup, striker
from grimoire.games.wizard_armies.state import Options, State

_PHASE_OF = {letter: phase for phase, letter in T.PHASES.items()}
_FIELDS = "phase round troops mustered deployed field turn targets lost init result"
_FACES = "".join(str(v) for v in range(1, T.SIDES + 1))
_REASONS = ("conquest", "mutual-destruction")


def _pair(values: tuple[int, int]) -> str:
    return f"{values[0]},{values[1]}"


def _digits(values: tuple[int, ...]) -> str:
    return "".join(map(str, values)) or "-"


def notation(state: State) -> str:
    """The position in notation (refused while a deployment is secret, or committed and
    not yet revealed)."""
    if state.phase == "deploy" and (any(state.ready) or any(state.sealed)):
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


def army_max(options: Options) -> int:
    """The largest army a position may hold: what the army roll can make under the
    ``doubles`` option (armies only shrink after it). With ``"repeat"`` there is no hard
    limit; positions stop at :data:`~grimoire.games.wizard_armies.tables.POSITION_ARMY_MAX`.

    >>> army_max(Options(doubles="none")), army_max(Options(doubles="once"))
    (12, 24)
    """
    rolls = {"none": 1, "once": 2}.get(options.doubles)
    return T.POSITION_ARMY_MAX if rolls is None else rolls * T.TROOP_DICE * T.SIDES


def _parse_pair(text: str, part: str, name: str, hi: int) -> tuple[int, int]:
    bits = part.split(",")
    if len(bits) != 2:
        raise bad_position(text, f"{name} is two whole numbers 'light,dark', got {part!r}")
    return number(text, bits[0], 0, hi, name), number(text, bits[1], 0, hi, name)


def _parse_dice(text: str, part: str, name: str, faces: str = _FACES) -> tuple[int, ...]:
    if part == "-":
        return ()
    if not part or len(part) > T.MAX_UNITS or any(c not in faces for c in part):
        raise bad_position(
            text, f"{name} are at most {T.MAX_UNITS} die faces from {faces}, got {part!r}"
        )
    values = tuple(int(c) for c in part)
    if values != tuple(sorted(values, reverse=True)):
        raise bad_position(text, f"{name} are written largest first, got {part!r}")
    return values


def _parse_result(text: str, part: str) -> tuple[tuple[int, ...], str]:
    if part == "-":
        return (), ""
    who, sep, reason = part.partition(":")
    if not sep or reason not in _REASONS or any(c not in "01" for c in who):
        raise bad_position(
            text, f"result is '-' or 'WINNERS:REASON' (seats 0/1, a reason of "
            f"{'/'.join(_REASONS)}), got {part!r}"
        )
    winners = tuple(int(c) for c in who)
    if len(set(winners)) != len(winners):
        raise bad_position(text, f"result names a seat twice, got {part!r}")
    return winners, reason


def parse(text: str, options: Options | None, players: Sequence[str]) -> State:
    """A :class:`State` from notation (``options`` as :func:`setup` takes them; ``None``
    for the defaults). Refuses, with ``position/invalid``, any text that is not the
    notation of a position a game can rest in.

    >>> parse("m 1 7,0 10 0,0 -/- - - 0,0 0,0 -", None, ()).troops
    (7, 0)
    """
    if not isinstance(text, str):
        raise bad_position(repr(type(text).__name__), "a position is text")
    if len(text) > T.POSITION_TEXT_MAX:
        shown = text[:40] + "\u2026"
        raise bad_position(shown, f"a position is at most {T.POSITION_TEXT_MAX} characters, "
                           f"got {len(text)}")
    opts = Options() if options is None else options
    parts = text.split()
    if len(parts) != 11:
        raise bad_position(text, f"expected 11 fields: {_FIELDS}")
    (phase_t, round_t, troops_t, mustered_t, deployed_t, field_t, turn_t, targets_t,
     lost_t, init_t, result_t) = parts
    if phase_t not in _PHASE_OF:
        raise bad_position(text, f"phase is one of {'/'.join(_PHASE_OF)}, got {phase_t!r}")
    phase = _PHASE_OF[phase_t]
    rnd = number(text, round_t, 1, T.POSITION_ROUND_MAX, "round")
    troops = _parse_pair(text, troops_t, "troops", army_max(opts))
    if len(mustered_t) != 2 or any(c not in "01" for c in mustered_t):
        raise bad_position(text, f"mustered is two flags like '10', got {mustered_t!r}")
    mustered = (mustered_t[0] == "1", mustered_t[1] == "1")
    deployed = _parse_pair(text, deployed_t, "deployed", T.MAX_UNITS)
    sides = field_t.split("/")
    if len(sides) != 2:
        raise bad_position(text, f"field is 'light/dark', got {field_t!r}")
    field = (_parse_dice(text, sides[0], "field dice"), _parse_dice(text, sides[1], "field dice"))
    turn = -1 if turn_t == "-" else number(text, turn_t, 0, 1, "turn (a seat)")
    targets = _parse_dice(text, targets_t, "raid targets")
    lost = _parse_pair(text, lost_t, "lost", 2 * T.MAX_UNITS)
    init = _parse_pair(text, init_t, "init", T.SIDES)
    winners, result = _parse_result(text, result_t)
    state = msgspec.structs.replace(
        setup(opts, players),
        phase=phase, round=rnd, troops=troops, mustered=mustered,
        deployed=deployed, field=field, turn=turn, targets=targets, lost=lost,
        init=init, winners=winners, result=result,
    )
    why = _inconsistent(state)
    if why:
        raise bad_position(text, why)
    return state


def _inconsistent(s: State) -> str:
    """Why ``s`` is no position a game can rest in (``""``: it is one)."""
    names = T.SEAT_NAMES
    for seat in (0, 1):
        if len(s.field[seat]) > s.troops[seat]:
            return f"{names[seat]} has more dice on the field than troops"
    if (s.phase == "over") != bool(s.result):
        return "a result is given exactly when the phase is 'x'"
    if s.phase == "muster":
        return _muster(s)
    if not all(s.mustered):
        return f"both armies are raised before the {s.phase} phase: mustered is '11'"
    if s.phase == "over":
        return _over(s)
    gone = [seat for seat in (0, 1) if not s.troops[seat]]
    if gone:
        return _gone(s, gone)
    if s.phase == "deploy":
        return _between_battles(s, "deployment")
    return _battle(s)


def _between_battles(s: State, what: str) -> str:
    """Muster, deployment and the end: no dice, turn, targets, losses or initiative yet."""
    if s.deployed != (0, 0):
        return f"no deployment is shown during the {what} (a chosen one is secret)"
    if any(s.field) or s.targets or s.turn >= 0:
        return f"no dice are on the field, and nobody strikes, during the {what}"
    if s.lost != (0, 0) or s.init != (0, 0):
        return f"no losses or initiative dice are counted during the {what}"
    return ""


def _muster(s: State) -> str:
    if s.round != 1:
        return "armies are raised in round 1 only"
    if all(s.mustered):
        return "once both armies are raised the deployment begins: the phase is 'd'"
    for seat in (0, 1):
        if (s.troops[seat] >= T.TROOP_DICE) != s.mustered[seat] or s.troops[seat] == 1:
            return (f"{T.SEAT_NAMES[seat]}'s army is {s.troops[seat]}: an army raised (mustered "
                    f"1) is {T.TROOP_DICE} or more, one not yet raised (0) is 0")
    return _between_battles(s, "muster")


def _over(s: State) -> str:
    if s.round < 2:
        return "the war ends with a round over: the round is 2 or more"
    alive = tuple(seat for seat in (0, 1) if s.troops[seat])
    if len(alive) == 2:
        return "the war is over only when an army is gone"
    want = (alive, "conquest") if alive else ((), "mutual-destruction")
    if (s.winners, s.result) != want:
        text = "".join(map(str, want[0])) + ":" + want[1]
        return f"the result of armies {_pair(s.troops)} is {text!r}"
    return _between_battles(s, "end of the war")


def _gone(s: State, gone: list[int]) -> str:
    """An army is gone outside the muster: the war is over (a victory condition met)."""
    if s.phase == "deploy" and s.round == 1:
        return "an army of 0 in round 1 is not raised yet: its troops roll is still due"
    alive = tuple(seat for seat in (0, 1) if seat not in gone)
    result = "".join(map(str, alive)) + (":conquest" if alive else ":mutual-destruction")
    rnd = s.round if s.phase == "deploy" else s.round + 1  # a battle's round ends first
    over = f"x {rnd} {_pair(s.troops)} 11 0,0 -/- - - 0,0 0,0 {result}"
    who = " and ".join(f"{T.SEAT_NAMES[seat]}'s" for seat in gone)
    return f"{who} army is gone: the war is over (written {over!r})"


def _battle(s: State) -> str:
    """A battle or a raid under way, with the seat to strike able to."""
    if s.turn < 0:
        return f"a {s.phase} needs the seat to strike as turn"
    if min(s.deployed) < T.MIN_UNITS:
        return f"each side deploys at least {T.MIN_UNITS} unit to a {s.phase}"
    if 0 in s.init or s.init[0] == s.init[1]:
        return "the initiative was won: init is two different die faces"
    for seat in (0, 1):
        if len(s.field[seat]) > s.deployed[seat]:
            return f"{T.SEAT_NAMES[seat]} has more dice on the field than deployed"
        if T.COWARD in s.field[seat]:
            return "cowards (ones) desert before any strike: no 1 is on the field"
        if s.lost[seat] > s.deployed[0] + s.deployed[1]:
            return f"{T.SEAT_NAMES[seat]} lost more units than both sides deployed"
    if s.lost == (0, 0) and not all(s.field):
        return "a field is empty yet nobody has lost a unit: the battle roll is still due"
    if s.phase == "battle":
        if s.targets:
            return "raid targets are rolled only in a raid"
        if striker(s) != s.turn:
            return f"{T.SEAT_NAMES[s.turn]} has no strike: this battle is not waiting for it"
        return ""
    raided = 1 - s.turn
    if s.field[raided]:
        return "a raid is on a side with no dice on the field"
    if not s.targets or len(s.targets) > min(T.RAID_MAX, s.camp(raided)):
        return (f"a raid rolls 1 to {T.RAID_MAX} camp units, no more than the raided camp "
                f"holds ({s.camp(raided)})")
    if not can_act(s, s.turn):
        return f"{T.SEAT_NAMES[s.turn]} has no strike left: the raid is over"
    return ""
