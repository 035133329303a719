"""Text for Magery: the boards, one-line event descriptions and the position notation.

Notation: space-separated ``key=value`` fields (only ``arena`` is required; the others
default to an empty Tower in round 1's decision phase, White to act and holding the Orb):

- ``arena``: ranks 8 to 1 separated by ``/``, White upper case, Black lower case
  (``D`` dragon, ``M`` myrmidon, ``U`` undead, ``F`` fey, ``E`` elemental, ``B`` beast,
  ``C`` construct, ``S`` spirit); digits count empty squares.
- ``tower``: floors 1 to 16, one letter each (``.`` empty).
- ``chaos``: the cards on floors 13-16, comma-separated (``-``: no card).
- ``private``: White's and Black's Archmage cards, ``/``-separated, each
  ``card[!][@X]`` (``!``: already used, so public; ``@X``: the minion on it); ``-`` none.
- ``dead``: White's and Black's dead minions, ``W/B`` (``-`` none). The reserve is
  whatever is in neither the Arena, the Tower nor the dead pile (3 of each type a side).
- ``deck`` (top first) and ``discard``: card names, comma-separated (``-`` none).
- ``orb``, ``turn``: ``w`` or ``b``; ``round``: a number; ``phase``: ``setup``,
  ``decision`` or ``action``; ``passed``, ``runes``: seats (``w``, ``b``, ``wb``, ``-``);
  ``placed``: minions placed this decision phase; ``extra``: the Seer's forced turns
  (``bb``); ``pending``: ``power@chamber:X`` (the power waiting, the chamber
  emptied and the minion removed; ``-``: none); ``shielded``: squares;
  ``dealt``: ``1`` once the Chaos deck has been shuffled; ``over``: ``w:reason``,
  ``b:reason`` or ``-:reason`` once the game has ended.

>>> s = parse("arena=8/8/8/8/8/8/8/D6c tower=D", None)
>>> s.reserve[0][:3], s.tower[0]
('DMM', 'D')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event, Shuffle
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.events import (
    Arrange,
    Banish,
    Capture,
    Deal,
    Decline,
    Dismiss,
    Draw,
    Dream,
    Enchant,
    Flip,
    Foresee,
    GameOver,
    Move,
    Pass,
    Phase,
    Place,
    Relocate,
    Remove,
    Rotate,
    Runes,
    Shield,
    Summon,
    Swap,
    TakeOrb,
    Teleport,
    Transmute,
    Turn,
)
from grimoire.games.magery.state import State

EMPTY = B.EMPTY
NAMES = T.SEAT_NAMES
KEYS = (
    "arena", "tower", "chaos", "private", "dead", "deck", "discard", "orb", "round",
    "phase", "turn", "passed", "placed", "extra", "pending", "shielded", "runes", "dealt",
    "over",
)


def _title(name: str) -> str:
    return name.replace("-", " ").title()


def chamber_label(state: State, c: int) -> str:
    """``"8 (Dragon Lord)"``, ``"13 (Seer)"``, ``"w1 (?)"``."""
    if c < T.FIXED_FLOORS:
        mage = T.TOWER[c][1]
    else:
        card = state.cards[B.card_slot(c)]
        mage = _title(card) if card and card != "?" else ("?" if card else "no card")
    return f"{B.CHAMBERS[c]} ({mage})"


def board(state: State, player: int | None = None) -> str:
    """The Arena (rank 8 at the top) beside the Mage Tower, then reserves and status."""
    arena = ["    a b c d e f g h"]
    for r in range(7, -1, -1):
        cells = []
        for f in range(8):
            i = r * 8 + f
            ch = state.arena[i]
            cells.append(ch + ("*" if i in state.shielded else " ") if ch != EMPTY else ". ")
        arena.append(f" {r + 1}  " + "".join(cells).rstrip())
    tower = []
    for c in range(len(B.CHAMBERS) - 1, -1, -1):
        if c >= T.FIXED_FLOORS and not state.cards[B.card_slot(c)]:
            continue
        occ = state.tower[c]
        tower.append(f"{chamber_label(state, c):<26} {occ if occ != EMPTY else '.'}")
    lines = []
    width = max(len(x) for x in arena)
    for i in range(max(len(arena), len(tower))):
        left = arena[i] if i < len(arena) else ""
        right = tower[i] if i < len(tower) else ""
        lines.append(f"{left:<{width}}   {right}".rstrip())
    for seat in (0, 1):
        orb = " (Orb)" if state.orb == seat else ""
        lines.append(
            f" {NAMES[seat]:<6}{orb:<6} reserve {state.reserve[seat] or '-'}  "
            f"dead {state.dead[seat] or '-'}"
        )
    lines.append(f" deck {len(state.deck)} cards, discard {', '.join(state.discard) or '-'}")
    effects = [f"{NAMES[s]} knight moves" for s in (0, 1) if state.runes[s]]
    if state.extra:
        effects.append("next turns: " + ", ".join(NAMES[s] for s in state.extra))
    if effects:
        lines.append(" " + "; ".join(effects))
    if state.result:
        who = " and ".join(NAMES[w] for w in state.winners) or "nobody"
        lines.append(f" game over: {who} wins ({state.result})")
    elif state.phase == "setup":
        lines.append(f" setup: {NAMES[state.turn]} arranges the back row")
    else:
        doing = f"{NAMES[state.turn]} to act"
        if state.pending:
            doing += f", {_title(state.pending)} power pending"
        lines.append(f" round {state.round}, {state.phase} phase: {doing}")
    return "\n".join(lines)


def describe(event: Event) -> str:
    """One line per event, for ``grimoire replay``."""
    who = NAMES[event.player] if hasattr(event, "player") and isinstance(
        event.player, int) else ""
    if isinstance(event, Arrange):
        return f"{who} arranges a {event.minion} on {event.square}"
    if isinstance(event, Place):
        return f"{who} places a {event.minion} in chamber {_chamber(event.chamber)}"
    if isinstance(event, Pass):
        return f"{who} passes"
    if isinstance(event, Remove):
        return f"{who} removes a minion from chamber {_chamber(event.chamber)}"
    if isinstance(event, Decline):
        return f"{who} declines the power"
    if isinstance(event, Dismiss):
        return f"{who} (Magician) sends the minion on chamber {event.chamber} to its reserve"
    if isinstance(event, TakeOrb):
        return f"{who} (Oracle) takes the Orb"
    if isinstance(event, Teleport):
        return f"{who} (Mystic) moves {event.from_} to {event.to}"
    if isinstance(event, Move):
        return f"{who} moves {event.from_}-{event.to}"
    if isinstance(event, Summon):
        return f"{who} summons a {event.minion} on {event.square}"
    if isinstance(event, Foresee):
        return f"{who} (Seer): {NAMES[event.seat]} takes the next two turns"
    if isinstance(event, Relocate):
        return f"{who} (Magus) puts the minion on chamber {event.chamber}"
    if isinstance(event, Transmute):
        return f"{who} (Alchemist) turns the minion on {event.square} into a {event.minion}"
    if isinstance(event, Enchant):
        return f"{who} (Enchanter) takes over the minion on {event.square}"
    if isinstance(event, Dream):
        return f"{who} (Dream Lord) dreams the {_title(event.mage)}"
    if isinstance(event, Shield):
        return f"{who} (Force Mage) shields the minion on {event.square}"
    if isinstance(event, Swap):
        return f"{who} (Illusionist) swaps {event.a} and {event.b}"
    if isinstance(event, Banish):
        return f"{who} (Shadow Mage) sends the minion on {event.square} to its reserve"
    if isinstance(event, Runes):
        return f"{who} (Rune Master): minions move like knights this round"
    if isinstance(event, Shuffle):
        return f"the {event.pile} deck is shuffled"
    if isinstance(event, Deal):
        shown = ", ".join(f"{13 + i}: {_title(c)}" for i, c in enumerate(event.cards) if c)
        return f"Chaos Mages dealt ({shown})"
    if isinstance(event, Draw):
        return f"{who} draws {', '.join(_title(c) for c in event.cards)} in private"
    if isinstance(event, Rotate):
        return f"the chaos cards turn: {_title(event.discarded)} is discarded"
    if isinstance(event, Flip):
        return f"{_title(event.card)} comes up on floor 13"
    if isinstance(event, Capture):
        return f"{NAMES[event.owner]}'s {event.minion} on {event.square} is captured"
    if isinstance(event, Turn):
        return f"{who} to act"
    if isinstance(event, Phase):
        return f"round {event.round}: {event.phase} phase, {NAMES[event.player]} first"
    if isinstance(event, GameOver):
        won = " and ".join(NAMES[w] for w in event.winners) or "nobody"
        return f"game over: {won} wins ({event.reason})"
    return repr(event)


def _chamber(name: str) -> str:
    c = B.CHAMBER_INDEX.get(name)
    if c is not None and c < T.FIXED_FLOORS:
        return f"{name} ({T.TOWER[c][1]})"
    return name


# ---------------------------------------------------------------- notation


def _seats(flags: Iterable[bool]) -> str:
    return "".join(T.SEAT_LETTERS[s] for s, f in enumerate(flags) if f) or "-"


def _names(cards: Iterable[str]) -> str:
    return ",".join(c or "-" for c in cards) or "-"


def notation(state: State) -> str:
    """The whole position, hidden cards included (a log header may start from it)."""
    ranks = []
    for r in range(7, -1, -1):
        out, run = "", 0
        for ch in state.arena[r * 8:(r + 1) * 8]:
            if ch == EMPTY:
                run += 1
                continue
            if run:
                out += str(run)
                run = 0
            out += ch
        ranks.append(out + (str(run) if run else ""))
    private = []
    for seat in (0, 1):
        items = []
        for k in range(T.MAX_PRIVATE):
            i = 4 + seat * T.MAX_PRIVATE + k
            if not state.cards[i]:
                continue
            occ = state.tower[B.PUBLIC_CHAMBERS + seat * T.MAX_PRIVATE + k]
            items.append(state.cards[i] + ("!" if state.shown[i] else "")
                         + (f"@{occ}" if occ != EMPTY else ""))
        private.append(",".join(items) or "-")
    pending = "-"
    if state.pending:
        pending = f"{state.pending}@{B.CHAMBERS[state.pending_chamber]}:{state.pending_minion}"
    fields = [
        f"arena={'/'.join(ranks)}",
        f"tower={''.join(state.tower[:B.PUBLIC_CHAMBERS])}",
        f"chaos={_names(state.cards[:4])}",
        f"private={'/'.join(private)}",
        f"dead={state.dead[0] or '-'}/{state.dead[1] or '-'}",
        f"deck={_names(state.deck)}",
        f"discard={_names(state.discard)}",
        f"orb={T.SEAT_LETTERS[state.orb]}",
        f"round={state.round}",
        f"phase={state.phase if state.phase != 'over' else 'action'}",
        f"turn={T.SEAT_LETTERS[state.turn]}",
        f"passed={_seats(state.passed)}",
        f"placed={state.placed}",
        f"extra={''.join(T.SEAT_LETTERS[s] for s in state.extra) or '-'}",
        f"pending={pending}",
        f"shielded={','.join(B.SQUARES[i] for i in state.shielded) or '-'}",
        f"runes={_seats(state.runes)}",
        f"dealt={int(state.dealt)}",
    ]
    if state.result:
        won = T.SEAT_LETTERS[state.winners[0]] if state.winners else "-"
        fields.append(f"over={won}:{state.result}")
    return " ".join(fields)


def _bad(text: str, why: str) -> IllegalAction:
    return IllegalAction("position/invalid", f"{text!r}: {why}")


def _seat(text: str, value: str) -> int:
    if value not in T.SEAT_LETTERS:
        raise _bad(text, f"a seat is 'w' or 'b', not {value!r}")
    return T.SEAT_LETTERS.index(value)


def _cards(text: str, value: str, allow_empty: bool = False) -> tuple[str, ...]:
    if value == "-":
        return ()
    out = []
    for name in value.split(","):
        if name == "-" and allow_empty:
            out.append("")
        elif name in T.CHAOS_CARDS:
            out.append(name)
        else:
            raise _bad(text, f"no Chaos Mage card {name!r}")
    return tuple(out)


def _flags(text: str, value: str) -> tuple[bool, bool]:
    if value == "-":
        return (False, False)
    if any(ch not in T.SEAT_LETTERS for ch in value):
        raise _bad(text, f"seats are 'w', 'b', 'wb' or '-', not {value!r}")
    return ("w" in value, "b" in value)


def _number(text: str, key: str, value: str) -> int:
    if not value.isdigit():
        raise _bad(text, f"{key} is a whole number, not {value!r}")
    return int(value)


def parse(text: str, base: Any) -> State:
    """A :class:`State` from notation; ``base`` (a setup state, or ``None``) gives the
    option-derived fields."""
    fields: dict[str, str] = {}
    for token in text.split():
        key, eq, value = token.partition("=")
        if not eq or key not in KEYS:
            raise _bad(text, f"unknown field {token!r} (fields: {', '.join(KEYS)})")
        if key in fields:
            raise _bad(text, f"{key} is given twice")
        fields[key] = value
    if "arena" not in fields:
        raise _bad(text, "the arena field is required")
    ranks = fields["arena"].split("/")
    if len(ranks) != 8:
        raise _bad(text, "the arena has 8 ranks separated by '/'")
    arena = [EMPTY] * B.N
    for k, rank in enumerate(ranks):
        row: list[str] = []
        for ch in rank:
            if ch.isdigit():
                row.extend(EMPTY * int(ch))
            elif ch in B.KIND_OF:
                row.append(ch)
            else:
                raise _bad(text, f"unknown minion letter {ch!r}")
        if len(row) != 8:
            raise _bad(text, f"rank {rank!r} is not 8 squares")
        r = 7 - k
        arena[r * 8:(r + 1) * 8] = row
    tower_text = fields.get("tower", "")
    if len(tower_text) > B.PUBLIC_CHAMBERS or any(
        ch != EMPTY and ch not in B.KIND_OF for ch in tower_text
    ):
        raise _bad(text, "the tower is up to 16 letters or '.'")
    tower = list(tower_text.ljust(B.PUBLIC_CHAMBERS, EMPTY)) + [EMPTY] * (2 * T.MAX_PRIVATE)
    chaos = _cards(text, fields.get("chaos", "-"), allow_empty=True)
    if len(chaos) > T.CHAOS_FLOORS:
        raise _bad(text, "at most 4 chaos cards")
    cards = list(chaos) + [""] * (10 - len(chaos))
    shown = [True] * 4 + [False] * 6
    private = fields.get("private", "-/-").split("/")
    if len(private) != 2:
        raise _bad(text, "private is WHITE/BLACK")
    for seat, part in enumerate(private):
        if part == "-":
            continue
        items = part.split(",")
        if len(items) > T.MAX_PRIVATE:
            raise _bad(text, f"at most {T.MAX_PRIVATE} private cards a seat")
        for k, item in enumerate(items):
            name, _, occ = item.partition("@")
            i = 4 + seat * T.MAX_PRIVATE + k
            if name.endswith("!"):
                name, shown[i] = name[:-1], True
            cards[i] = _cards(text, name)[0] if name != "-" else ""
            if not cards[i]:
                raise _bad(text, f"no private card in {item!r}")
            if occ:
                if occ not in B.KIND_OF or B.SEAT_OF[occ] != seat:
                    raise _bad(text, f"{occ!r} cannot stand on a {T.SEAT_NAMES[seat]} chamber")
                tower[B.PUBLIC_CHAMBERS + seat * T.MAX_PRIVATE + k] = occ
    for f in range(T.FIXED_FLOORS, B.PUBLIC_CHAMBERS):
        if tower[f] != EMPTY and not cards[f - T.FIXED_FLOORS]:
            raise _bad(text, f"floor {f + 1} has no card for a minion to stand on")
    dead_parts = fields.get("dead", "-/-").split("/")
    if len(dead_parts) != 2:
        raise _bad(text, "dead is WHITE/BLACK")
    dead = []
    for seat, part in enumerate(dead_parts):
        part = "" if part == "-" else part
        if any(ch not in B.KIND_OF or B.SEAT_OF[ch] != seat for ch in part):
            raise _bad(text, f"{part!r} is not a list of {T.SEAT_NAMES[seat]} minions")
        dead.append(B.sort_letters(part))
    reserve = []
    for seat in (0, 1):
        counts = {B.letter(seat, k): T.PER_TYPE for k in range(len(B.KINDS))}
        for ch in [*arena, *tower, *dead[seat]]:
            if ch in counts:
                counts[ch] -= 1
        for ch, n in counts.items():
            if n < 0:
                raise _bad(text, f"{T.SEAT_NAMES[seat]} has more than {T.PER_TYPE} {ch!r}")
        reserve.append("".join(ch * counts[ch] for ch in counts))
    phase = fields.get("phase", "decision")
    if phase not in ("setup", "decision", "action"):
        raise _bad(text, f"phase is setup, decision or action, not {phase!r}")
    orb = _seat(text, fields.get("orb", "w"))
    pending, pending_chamber, pending_minion = "", -1, ""
    if fields.get("pending", "-") != "-":
        power, _, rest = fields["pending"].partition("@")
        chamber, _, minion = rest.partition(":")
        valid = set(B.FIXED_POWER) | set(T.CHAOS_CARDS)
        if power not in valid or chamber not in B.CHAMBER_INDEX or minion not in B.KIND_OF:
            raise _bad(text, f"pending is power@chamber:minion, not {fields['pending']!r}")
        pending, pending_chamber = power, B.CHAMBER_INDEX[chamber]
        pending_minion = minion
    shielded: list[int] = []
    if fields.get("shielded", "-") != "-":
        for name in fields["shielded"].split(","):
            if name not in B.SQUARE_INDEX or arena[B.SQUARE_INDEX[name]] == EMPTY:
                raise _bad(text, f"no minion to shield on {name!r}")
            shielded.append(B.SQUARE_INDEX[name])
    extra = fields.get("extra", "-")
    winners: tuple[int, ...] = ()
    result = ""
    if "over" in fields:
        won, _, result = fields["over"].partition(":")
        winners = () if won == "-" else (_seat(text, won),)
        if not result:
            raise _bad(text, "over is SEAT:reason")
    turn = _seat(text, fields.get("turn", T.SEAT_LETTERS[orb]))
    changes: dict[str, Any] = dict(
        arena=tuple(arena),
        tower=tuple(tower),
        cards=tuple(cards),
        shown=tuple(shown),
        reserve=(reserve[0], reserve[1]),
        dead=(dead[0], dead[1]),
        deck=_cards(text, fields.get("deck", "-")),
        discard=_cards(text, fields.get("discard", "-")),
        dealt=fields.get("dealt", "1") == "1",
        orb=orb,
        round=_number(text, "round", fields.get("round", "1")),
        phase="over" if result else phase,
        turn=turn,
        passed=_flags(text, fields.get("passed", "-")),
        placed=_number(text, "placed", fields.get("placed", "0")),
        extra=() if extra == "-" else tuple(_seat(text, ch) for ch in extra),
        pending=pending,
        pending_chamber=pending_chamber,
        pending_minion=pending_minion,
        shielded=tuple(sorted(shielded)),
        runes=_flags(text, fields.get("runes", "-")),
        winners=winners,
        result=result,
    )
    if base is None:
        return State(**changes)
    out: State = msgspec.structs.replace(base, **changes)
    return out
