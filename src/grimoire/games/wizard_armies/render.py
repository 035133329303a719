"""Text for Wizard Armies: the table, and every event in one plain sentence.

On the board a unit's die is written as its value and a Wizard (a natural six) as ``W``,
with a legend line for every symbol shown. Event sentences name the players (the names
of the state's ``names``, else the seat names Light and Dark) and the dice in words: a
Wizard is "a Wizard", other dice "a 5", "two 3s". Troops and initiative rolls are plain
numbers (they are not units).

>>> s = State(phase="battle", troops=(5, 5), field=((5, 2, 2), (3,)), turn=0,
...           names=("Ann", "Ben"))
>>> describe(E.Strike(player=0, dice=(2, 2), target=3), s)
"Ann strikes Ben's 3 with two 2s together"
>>> describe(E.Strike(player=1, dice=(5, 2), target=6))
"Dark strikes Light's Wizard with a 5 and a 2 together"
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from grimoire.core.events import Event as AnyEvent
from grimoire.core.kit import PUBLIC_NONCE, commitment
from grimoire.games.wizard_armies import events as E
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.rules import can_act, raider, striker
from grimoire.games.wizard_armies.state import State

SEAT_OF: dict[str, int] = {}
"""The characters of the board that are one seat's pieces, and that seat: none.

Wizard Armies has no board of squares: the text board lists each army on a line of its
own, and a unit's die is written as its value (``W`` for a Wizard) whichever side it is
on, so no character belongs to one seat and the terminal colours none.

>>> SEAT_OF
{}
"""

PHASE_WORDS: dict[str, str] = {
    "muster": "raising the armies",
    "deploy": "deployment",
    "battle": "battle",
    "raid": "camp raid",
    "over": "the war is over",
}
"""The board's words for each phase of a round."""

LEGEND = " W: a Wizard (a natural six): beats any die, or kills a unit in the enemy camp"
"""The board's legend line for ``W``, shown whenever the board shows a Wizard."""

LEGEND_DIE = " 1-5: a unit on the field (or raided in camp), by the value its die rolled"
"""The board's legend line for the dice, shown whenever the board shows a die other than
a Wizard."""

LEGEND_NONE = " -: no units on the field"
"""The board's legend line for ``-``, shown whenever a field is empty."""

_COUNTS = ("no", "one", "two", "three", "four", "five", "six")


def names(state: State | None) -> tuple[str, str]:
    """The players' names, seat 0 first: the state's, or the seat names when the state
    has none (a hand-built state, or no state at all).

    >>> names(State(names=("Ann", "Ben"))), names(None)
    (('Ann', 'Ben'), ('Light', 'Dark'))
    """
    if state is not None and len(state.names) == 2:
        return state.names[0], state.names[1]
    return T.SEAT_NAMES


def _name(seats: tuple[str, str], seat: int | None) -> str:
    """The seat's name (a seat this game does not have only comes from a damaged log)."""
    return seats[seat] if seat in (0, 1) else "an unknown player"


def _and(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _who(seats: tuple[str, str], winners: Sequence[int]) -> str:
    return _and([_name(seats, s) for s in winners]) or "nobody"


def unit(value: int) -> str:
    """A unit's die as the board writes it: ``W`` for a Wizard (a natural six), else its
    value.

    >>> unit(6), unit(3)
    ('W', '3')
    """
    return "W" if value == T.WIZARD else str(value)


def count(n: int, thing: str, things: str = "") -> str:
    """``n`` things with the right plural: ``1 unit``, ``2 units``.

    >>> count(1, "unit"), count(3, "unit"), count(2, "die", "dice")
    ('1 unit', '3 units', '2 dice')
    """
    return f"{n} {thing if n == 1 else (things or thing + 's')}"


def dice_words(values: Sequence[int]) -> str:
    """Dice in words, largest first: a Wizard is "a Wizard", equal dice are counted.

    >>> dice_words((6, 5, 3, 3)), dice_words((4,)), dice_words(())
    ('a Wizard, a 5 and two 3s', 'a 4', 'no dice')
    """
    parts = []
    for value in sorted(set(values), reverse=True):
        n = values.count(value)
        word = "Wizard" if value == T.WIZARD else str(value)
        if n == 1:
            parts.append(f"a {word}")
        else:
            parts.append(f"{_COUNTS[n] if n < len(_COUNTS) else n} {word}s")
    return _and(parts) or "no dice"


# ------------------------------------------------------------------ the board


def _units(values: tuple[int, ...], empty: str = "none") -> str:
    return " ".join(map(unit, values)) if values else empty


def board(state: State, player: int | None = None) -> str:
    """The table: each army, its camp and its dice on the field (a Wizard as ``W``), a
    legend line for every symbol shown, and what happens next.

    >>> print(board(State(phase="battle", troops=(9, 11), deployed=(2, 1),
    ...                   field=((6, 2), (5,)), turn=1, init=(2, 5), names=("Ann", "Ben"))))
     round 1: battle
     Ann  army   9  camp   7  field W 2          fielded 2, lost 0
     Ben  army  11  camp  10  field 5            fielded 1, lost 0
     W: a Wizard (a natural six): beats any die, or kills a unit in the enemy camp
     1-5: a unit on the field (or raided in camp), by the value its die rolled
     Ben strikes
    """
    seats = names(state)
    width = max(len(n) for n in seats)
    lines = [f" round {state.round}: {PHASE_WORDS.get(state.phase, state.phase)}"]
    for seat in (0, 1):
        lines.append(
            f" {seats[seat]:<{width}}  army {state.troops[seat]:>3}  camp "
            f"{state.camp(seat):>3}  field {_units(state.field[seat], '-'):<12} "
            f"{_note(state, seat)}".rstrip()
        )
    if state.phase == "raid":
        units = "still to roll" if _raid_roll_due(state) else _units(state.targets)
        lines.append(f" raid on {_name(seats, 1 - state.turn)}'s camp: units {units}")
    shown = (*state.field[0], *state.field[1], *state.targets)
    if T.WIZARD in shown:
        lines.append(LEGEND)
    if any(v != T.WIZARD for v in shown):
        lines.append(LEGEND_DIE)
    if not all(state.field):
        lines.append(LEGEND_NONE)
    lines.append(f" {status(state)}")
    return "\n".join(lines)


def _note(state: State, seat: int) -> str:
    """The end of a seat's line: its deployment (a secret one as the state holds it), or
    its units fielded and lost in this battle."""
    dep = state.deployed[seat]
    if state.phase == "deploy" and state.hidden == "commit":
        if state.ready[seat]:
            return f"opened: deploys {dep}"
        return "has committed" if state.sealed[seat] else "choosing"
    if state.phase == "deploy":
        if not state.ready[seat]:
            return "choosing"
        return f"deploys {dep} (secret)" if dep else "has chosen (hidden)"
    if state.phase in ("battle", "raid"):
        return f"fielded {dep}, lost {state.lost[seat]}"
    return ""


def status(state: State) -> str:
    """What happens next, in words: who is awaited, or what the rules do at once (between
    an action and the last of its consequences, a roll or the end of a battle); once the
    war is over, who won it.

    >>> status(State(names=("Ann", "Ben"), mustered=(True, False), troops=(7, 0)))
    'waiting for Ben to roll for troops'
    >>> status(State(phase="over", winners=(1,), result="conquest", names=("Ann", "Ben")))
    'war over: won by Ben (conquest)'
    """
    seats = names(state)
    if state.result:
        return f"war over: won by {_who(seats, state.winners)} ({state.result.replace('-', ' ')})"
    if state.phase == "muster":
        rolling = [seats[s] for s in (0, 1) if state.mustered[s] and not state.troops[s]]
        if rolling:
            return f"{_and(rolling)} rolls for troops"
        waiting = [seats[s] for s in (0, 1) if not state.mustered[s]]
        return f"waiting for {_and(waiting)} to roll for troops"
    if state.phase == "deploy":
        return _next_deploy(state, seats)
    if state.phase == "raid":
        if _raid_roll_due(state):
            dice = count(min(T.RAID_MAX, state.camp(1 - state.turn)), "die", "dice")
            return f"raid roll: {_name(seats, state.turn)} rolls {dice} for the camp units"
        if can_act(state, state.turn):
            return f"{_name(seats, state.turn)} raids"
        return "the raid is over: the round ends"
    return _next_battle(state, seats)


def _raid_roll_due(state: State) -> bool:
    """Is the raid's roll still to come? Before it no camp unit has a value; after it the
    rolled units can all be gone only with the camp emptied or the raider's dice used up,
    so no units, two raiders and a camp to raid mean the roll is due."""
    return not state.targets and raider(state) == state.turn


def _next_deploy(state: State, seats: tuple[str, str]) -> str:
    gone = [s for s in (0, 1) if not state.troops[s]]
    if gone and state.round == 1:
        return f"{_who(seats, gone)} rolls for troops"
    if gone:
        have = "has" if len(gone) == 1 else "have"
        return f"{_who(seats, gone)} {have} no troops left: the war is over"
    if state.hidden == "commit":
        return _next_opening(state, seats)
    waiting = [seats[s] for s in (0, 1) if not state.ready[s]]
    if not waiting:
        return "both deployments are chosen: they are revealed together"
    return f"secret deployment: waiting for {_and(waiting)}"


def _next_opening(state: State, seats: tuple[str, str]) -> str:
    """Who commit-reveal waits for: the seats still to commit, then those still to open."""
    committing = [seats[s] for s in (0, 1) if not state.sealed[s]]
    if committing:
        return f"sealed deployment: waiting for {_and(committing)} to commit"
    opening = [seats[s] for s in (0, 1) if not state.ready[s]]
    if opening:
        return f"both have committed: waiting for {_and(opening)} to open"
    return "both deployments are opened: they are revealed together"


def _next_battle(state: State, seats: tuple[str, str]) -> str:
    if state.turn < 0:
        return "initiative: each side rolls one die, ties roll again"
    if state.lost == (0, 0) and not all(state.field):
        # Nobody has lost a unit, yet a field is empty: its battle roll is still to come.
        due = [s for s in (0, 1) if not state.field[s]]
        return f"battle roll: {_who(seats, due)} {'rolls' if len(due) == 1 else 'roll'}"
    if T.COWARD in (*state.field[0], *state.field[1]):
        return "the cowards (ones) desert before any strike"
    seat = striker(state)
    if seat == state.turn:
        return f"{_name(seats, seat)} strikes"
    if seat is not None:
        return f"{_name(seats, state.turn)} has no strike and passes"
    raiding = raider(state)
    if raiding is not None:
        return (f"the battle is over: {_name(seats, raiding)} raids "
                f"{_name(seats, 1 - raiding)}'s camp")
    return "the battle is over: the round ends"


# ------------------------------------------------------------------ event sentences


def describe(event: E.Event | AnyEvent, state: State | None = None) -> str:
    """``event`` in one plain sentence. ``state`` is the state the event happens in (or
    ``None``): it gives the players' names, and a few facts the event does not carry (the
    army a troops roll makes, whether a strike is on the field or in a raided camp).

    >>> s = State(names=("Ann", "Ben"), mustered=(True, False))
    >>> describe(E.Roll(player=0, sides=6, values=(3, 4), purpose="troops", draws=2), s)
    'Ann rolls 3 and 4 for troops: an army of 7'
    >>> describe(E.Deploy(player=1, units=0), s)
    'Ben chooses a deployment in secret'
    >>> describe(E.Commit(player=0, digest="3f" * 32), s)
    'Ann commits to a deployment in secret (seal 3f3f3f3f3f3f)'
    >>> describe(E.commit_choice(E.Deploy(player=0, units=2), PUBLIC_NONCE), s)
    'Ann commits to deploying 2 units, sealed with the public nonce (anyone can open it)'
    >>> describe(E.Open(player=1, units=4, nonce="5a" * 16), s)
    'Ben opens the sealed deployment: 4 units to the field'
    """
    return sentence(event, names(state), state)


def sentence(event: E.Event | AnyEvent, players: tuple[str, str],
             state: State | None = None) -> str:
    """:func:`describe` with the players' names given: ``state`` (the state the event
    happens in, or ``None``) is read only for facts the event does not carry.

    >>> sentence(E.CampStrike(player=1), ("Ann", "Ben"))
    "Ben's Wizard kills a unit in Ann's camp"
    """
    line = _LINES.get(type(event))
    if line is None:
        return "an event this game does not know"
    return line(event, players, state)


def _muster(event: E.Muster, seats: tuple[str, str], state: State | None) -> str:
    return f"{_name(seats, event.player)} raises an army"


def _deploy(event: E.Deploy, seats: tuple[str, str], state: State | None) -> str:
    if not event.units:
        return f"{_name(seats, event.player)} chooses a deployment in secret"
    return f"{_name(seats, event.player)} deploys {count(event.units, 'unit')} to the field"


def _commit(event: E.Commit, seats: tuple[str, str], state: State | None) -> str:
    who = _name(seats, event.player)
    if event.player in (0, 1):
        for units in range(T.MIN_UNITS, T.MAX_UNITS + 1):
            deploy = E.Deploy(player=event.player, units=units)
            if commitment(E.choice(deploy), PUBLIC_NONCE) == event.digest:
                return (f"{who} commits to deploying {count(units, 'unit')}, sealed with the "
                        "public nonce (anyone can open it)")
    return f"{who} commits to a deployment in secret (seal {event.digest[:12]})"


def _open(event: E.Open, seats: tuple[str, str], state: State | None) -> str:
    return (f"{_name(seats, event.player)} opens the sealed deployment: "
            f"{count(event.units, 'unit')} to the field")


def _strike(event: E.Strike, seats: tuple[str, str], state: State | None) -> str:
    striking = dice_words(event.dice) + (" together" if len(event.dice) > 1 else "")
    enemy = _name(seats, 1 - event.player) if event.player in (0, 1) else "the enemy"
    target = "a Wizard" if event.target == T.WIZARD else f"a {event.target}"
    if state is not None and state.phase == "raid":
        where = f"{target} in {enemy}'s camp"
    else:
        where = f"{enemy}'s {target.removeprefix('a ')}"
    return f"{_name(seats, event.player)} strikes {where} with {striking}"


def _camp_strike(event: E.CampStrike, seats: tuple[str, str], state: State | None) -> str:
    enemy = _name(seats, 1 - event.player) if event.player in (0, 1) else "the enemy"
    return f"{_name(seats, event.player)}'s Wizard kills a unit in {enemy}'s camp"


def _roll(event: E.Roll, seats: tuple[str, str], state: State | None) -> str:
    who = "The table" if event.player is None else _name(seats, event.player)
    values = event.values
    if event.purpose == "battle":
        return f"{who} rolls {dice_words(values)} for the battle"
    if event.purpose == "raid":
        camp = (f"{_name(seats, 1 - event.player)}'s camp" if event.player in (0, 1)
                else "the raided camp")
        return (f"{who} rolls {count(len(values), 'die', 'dice')} for the units in {camp}: "
                f"{dice_words(values)}")
    if event.purpose == "initiative" and len(values) == 1:
        return f"{who} rolls a {values[0]} for initiative"
    plain = _and([str(v) for v in values]) or "nothing"
    if event.purpose != "troops":
        return f"{who} rolls {plain}"
    line = f"{who} rolls {plain} for troops"
    if state is None or event.player not in (0, 1):
        return line
    seat = event.player
    army = state.troops[seat] + sum(values)
    double = len(values) > 1 and len(set(values)) == 1
    again = double and (state.doubles == "repeat"
                        or (state.doubles == "once" and state.troops[seat] == 0))
    if again:
        return f"{line} ({army} so far): a double, so {who} rolls again"
    return f"{line}: an army of {army}"


def _reveal(event: E.Reveal, seats: tuple[str, str], state: State | None) -> str:
    return (f"Both deployments are revealed: {seats[0]} deploys {count(event.units[0], 'unit')}"
            f" and {seats[1]} {count(event.units[1], 'unit')}")


def _initiative(event: E.Initiative, seats: tuple[str, str], state: State | None) -> str:
    first = _name(seats, event.first)
    if state is not None and event.first in (0, 1) and 0 not in state.init:
        won, lost = state.init[event.first], state.init[1 - event.first]
        return f"{first} wins the initiative, {won} against {lost}, and strikes first"
    return f"{first} wins the initiative and strikes first"


def _desert(event: E.Desert, seats: tuple[str, str], state: State | None) -> str:
    whose = f"{_name(seats, event.player)}'s"
    if event.count == 1:
        return f"{whose} 1 deserts as a coward, leaving the field and the army"
    ones = f"{_COUNTS[event.count] if 0 <= event.count < len(_COUNTS) else event.count} 1s"
    return f"{whose} {ones} desert as cowards, leaving the field and the army"


def _no_strike(event: E.NoStrike, seats: tuple[str, str], state: State | None) -> str:
    return f"{_name(seats, event.player)} has no strike and passes"


def _raid(event: E.Raid, seats: tuple[str, str], state: State | None) -> str:
    seat = event.raider
    line = f"The battle is over: {_name(seats, seat)} raids {_name(seats, 1 - seat)}'s camp"
    if state is not None and seat in (0, 1):
        return f"{line} with {count(len(state.field[seat]), 'die', 'dice')}"
    return line


def _round_over(event: E.RoundOver, seats: tuple[str, str], state: State | None) -> str:
    a, b = seats
    return (f"Round {event.round} is over: {a} lost {count(event.lost[0], 'unit')} and "
            f"{b} {count(event.lost[1], 'unit')}; {a} has {count(event.troops[0], 'unit')} "
            f"left and {b} {event.troops[1]}")


def _game_over(event: E.GameOver, seats: tuple[str, str], state: State | None) -> str:
    if event.reason == "mutual-destruction" and not event.winners:
        return "The war is over: both armies are gone, so nobody wins"
    winners = _who(seats, event.winners)
    wins = "wins" if len(event.winners) < 2 else "win"
    how = "by conquest" if event.reason == "conquest" else f"({event.reason.replace('-', ' ')})"
    return f"The war is over: {winners} {wins} {how}"


_LINES: dict[type, Callable[[Any, tuple[str, str], State | None], str]] = {
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
}
