"""Text for Magery: the boards and one-line event descriptions.

>>> from grimoire.games.magery.events import Place
>>> describe(Place(player=1, minion="fey", chamber="5"))
'Black places a fey in chamber 5 (Druid)'
>>> describe(Place(player=0, minion="elemental", chamber="13", card="seer"))
'White places an elemental in chamber 13 (Seer)'
"""

from __future__ import annotations

from grimoire.core.events import Event as AnyEvent
from grimoire.core.events import Shuffle
from grimoire.core.kit import who
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
    Event,
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


_title = B.title


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
        lines.append(f" game over: {who(NAMES, state.winners)} wins ({state.result})")
    elif state.phase == "setup":
        lines.append(f" setup: {NAMES[state.turn]} arranges the back row")
    else:
        doing = f"{NAMES[state.turn]} to act"
        if state.pending:
            doing += f", {_title(state.pending)} power pending"
        lines.append(f" round {state.round}, {state.phase} phase: {doing}")
    return "\n".join(lines)


def describe(event: Event | AnyEvent, state: State | None = None) -> str:
    """One line per event, for ``grimoire replay``."""
    actor = NAMES[event.player] if hasattr(event, "player") and isinstance(
        event.player, int) else ""
    if isinstance(event, Arrange):
        return f"{actor} arranges {B.article(event.minion)} on {event.square}"
    if isinstance(event, Place):
        return (f"{actor} places {B.article(event.minion)} in chamber "
                f"{B.chamber_label(event.chamber, event.card)}")
    if isinstance(event, Pass):
        return f"{actor} passes"
    if isinstance(event, Remove):
        return (f"{actor} removes a minion from chamber "
                f"{B.chamber_label(event.chamber, event.card)}")
    if isinstance(event, Decline):
        return f"{actor} declines the power"
    if isinstance(event, Dismiss):
        return (f"{actor} (Magician) sends the minion on chamber "
                f"{B.chamber_label(event.chamber, event.card)} to its reserve")
    if isinstance(event, TakeOrb):
        return f"{actor} (Oracle) takes the Orb"
    if isinstance(event, Teleport):
        return f"{actor} (Mystic) moves {event.from_} to {event.to}"
    if isinstance(event, Move):
        return f"{actor} moves {event.from_}-{event.to}"
    if isinstance(event, Summon):
        return f"{actor} summons {B.article(event.minion)} on {event.square}"
    if isinstance(event, Foresee):
        return f"{actor} (Seer): {NAMES[event.seat]} takes the next two turns"
    if isinstance(event, Relocate):
        return (f"{actor} (Magus) puts the minion on chamber "
                f"{B.chamber_label(event.chamber, event.card)}")
    if isinstance(event, Transmute):
        return (f"{actor} (Alchemist) turns the minion on {event.square} into "
                f"{B.article(event.minion)}")
    if isinstance(event, Enchant):
        return f"{actor} (Enchanter) takes over the minion on {event.square}"
    if isinstance(event, Dream):
        return f"{actor} (Dream Lord) dreams the {_title(event.mage)}"
    if isinstance(event, Shield):
        return f"{actor} (Force Mage) shields the minion on {event.square}"
    if isinstance(event, Swap):
        return f"{actor} (Illusionist) swaps {event.a} and {event.b}"
    if isinstance(event, Banish):
        return f"{actor} (Shadow Mage) sends the minion on {event.square} to its reserve"
    if isinstance(event, Runes):
        return f"{actor} (Rune Master): minions move like knights this round"
    if isinstance(event, Shuffle):
        return f"the {event.pile} deck is shuffled"
    if isinstance(event, Deal):
        shown = ", ".join(f"{13 + i}: {_title(c)}" for i, c in enumerate(event.cards) if c)
        return f"Chaos Mages dealt ({shown})"
    if isinstance(event, Draw):
        return f"{actor} draws {', '.join(_title(c) for c in event.cards)} in private"
    if isinstance(event, Rotate):
        return f"the chaos cards turn: {_title(event.discarded)} is discarded"
    if isinstance(event, Flip):
        return f"{_title(event.card)} comes up on floor 13"
    if isinstance(event, Capture):
        return f"{NAMES[event.owner]}'s {event.minion} on {event.square} is captured"
    if isinstance(event, Turn):
        return f"{actor} to act"
    if isinstance(event, Phase):
        return f"round {event.round}: {event.phase} phase, {NAMES[event.player]} first"
    if isinstance(event, GameOver):
        return f"game over: {who(NAMES, event.winners)} wins ({event.reason})"
    return repr(event)
