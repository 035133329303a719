"""Text for Wiz-War: the labyrinth and one-line event descriptions (the position notation
is in ``notation``)."""

from __future__ import annotations

import msgspec

from grimoire.core.events import Event, Roll, Shuffle
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.state import State, fire_walls

_BORDER_H = {".": " ", "#": "-", "D": "D", "W": "="}
_BORDER_V = {".": " ", "#": "|", "D": "D", "W": "="}


def _card(c: int) -> str:
    return DECK[c] if 0 <= c < len(DECK) else "?"


def _marks(state: State) -> dict[int, str]:
    """What a square shows when a spell fills or occupies it (the card's mark)."""
    out: dict[int, str] = {}
    for sp in state.spells:
        mark = CARD[sp.card].mark
        if mark and sp.target.startswith("q"):
            out[int(sp.target[1:])] = mark
    return out


def board(state: State, player: int | None = None) -> str:
    """The labyrinth: ``0``-``3`` wizards (``*`` several), ``t`` treasures, ``o`` dropped
    objects, ``#`` stone blocks, ``~`` dust clouds, ``h`` creatures, ``H`` home bases;
    ``|``/``-`` walls, ``D`` doors, ``=`` created walls, ``^`` walls of fire; exits are
    gaps in the outer wall. Then one line per wizard and per spell in play."""
    g = B.geometry(state.players)
    marks = _marks(state)
    fire = set(fire_walls(state))
    w, h = g.width, g.height
    grid = [[" "] * (2 * w + 1) for _ in range(2 * h + 1)]
    for sq in range(g.size):
        if not g.valid[sq]:
            continue
        r, c = divmod(sq, w)
        y, x = 2 * r + 1, 2 * c + 1
        for cy, cx in ((y - 1, x - 1), (y - 1, x + 1), (y + 1, x - 1), (y + 1, x + 1)):
            grid[cy][cx] = "+"
        here = [p for p in range(state.players) if state.pos[p] == sq]
        if len(here) > 1:
            ch = "*"
        elif here:
            ch = str(here[0])
        elif sq in marks:
            ch = marks[sq]
        elif any(t == sq for t in state.treasures):
            ch = "t"
        elif any(o[1] == sq for o in state.objects):
            ch = "o"
        elif sq in g.home:
            ch = "H"
        else:
            ch = "."
        grid[y][x] = ch
        for d in range(4):
            e = g.edge[sq][d]
            k = state.edges[e] if e >= 0 else "." if g.link[sq][d] is not None else "#"
            yy, xx = y + B.DR[d], x + B.DC[d]
            grid[yy][xx] = "^" if e in fire else (_BORDER_H if d in (0, 2) else _BORDER_V)[k]
    cols = "abcdefghij"[:w]
    lines = ["    " + " ".join(cols)]
    for i, row in enumerate(grid):
        label = f"{(i + 1) // 2:>2} " if i % 2 else "   "
        lines.append(label + "".join(row))
    for p in range(state.players):
        name = state.names[p] if p < len(state.names) else f"seat {p}"
        if state.pos[p] < 0:
            lines.append(f" {p} {name}: dead, {state.kills[p]} kills")
            continue
        hand = state.hands[p]
        shown = ", ".join(_card(c) for c in hand) if player == p else f"{len(hand)} cards"
        tokens = dict(state.charges)
        carried = ", ".join(_card(c) + (f" x{tokens[c]}" if c in tokens else "")
                            for c in state.carried[p]) or "-"
        treasure = [f"t{t}" for t, who in enumerate(state.bearer) if who == p]
        lines.append(
            f" {p} {name} on {g.name(state.pos[p])}: life {state.life[p]}, "
            f"kills {state.kills[p]}, stun {state.stun[p]}, hand [{shown}], items [{carried}]"
            + (f", carrying {treasure[0]}" if treasure else "")
        )
    for sp in state.spells:
        lines.append(f" spell {_card(sp.card)} by {sp.caster} on {sp.target}"
                     + (f" ({sp.tokens} tokens)" if sp.tokens else ""))
    if state.result:
        who = " and ".join(str(w_) for w_ in state.winners) or "nobody"
        lines.append(f" game over: {who} wins ({state.result})")
    elif state.phase == "start":
        lines.append(" waiting for the start")
    elif state.phase == "respond" and state.pending is not None and state.pending.kind == "neutral":
        pd = state.pending
        lines.append(f" seat {pd.target} may counter the {_card(pd.card)} of seat {pd.attacker}")
    elif state.phase == "respond" and state.pending is not None:
        pd = state.pending
        what = "punch" if pd.card < 0 else _card(pd.card)
        lines.append(f" seat {pd.target} may counter the {what} of seat {pd.attacker}")
    else:
        lines.append(f" seat {state.active} to act ({state.phase}), movement {state.mp}"
                     + (", stunned" if state.stunned else ""))
    return "\n".join(lines)


def describe(event: Event, state: State | None = None) -> str:
    """One line per event, for ``grimoire replay``."""
    tag = type(event).__struct_config__.tag
    if isinstance(event, E.Cast):
        extra = f" with {_card(event.energy)}" if event.energy >= 0 else ""
        mode = f" ({event.mode})" if event.mode else ""
        return f"seat {event.player} casts {_card(event.card)} at {event.target}{extra}{mode}"
    if isinstance(event, E.Counter):
        extra = f" with {_card(event.energy)}" if event.energy >= 0 else ""
        return f"seat {event.player} counters with {_card(event.card)}{extra}"
    if isinstance(event, (E.Boost, E.Discard, E.EndSpell)):
        return f"seat {event.player} {tag} {_card(event.card)}"
    if isinstance(event, E.Throw):
        return f"seat {event.player} throws {_card(event.card)} at seat {event.target}"
    if isinstance(event, E.ThrowAt):
        return f"seat {event.player} throws {_card(event.card)} at {event.at}"
    if isinstance(event, E.Damage):
        return f"seat {event.player} takes {event.amount} damage from {event.source}"
    if isinstance(event, E.Death):
        by = f", killed by seat {event.by}" if event.by >= 0 else ""
        return f"seat {event.player} dies{by}"
    if isinstance(event, E.GameOver):
        return f"game over: {', '.join(map(str, event.winners)) or 'nobody'} wins ({event.reason})"
    if isinstance(event, Roll):
        return f"roll d{event.sides} for {event.purpose}: {', '.join(map(str, event.values))}"
    if isinstance(event, Shuffle):
        return f"the {event.pile} is shuffled"
    if isinstance(event, E.Draw):
        return f"seat {event.player} draws {len(event.cards)} cards"
    if isinstance(event, E.Deal):
        sizes = {len(h) for h in event.hands}
        each = f"{sizes.pop()} cards" if len(sizes) == 1 else "cards"
        return f"{each} dealt to each of {len(event.hands)} players"
    if isinstance(event, E.Window):
        who = ", ".join(map(str, event.responders))
        return f"{_card(event.cast.card)} may be countered by seat {who}"
    if isinstance(event, E.Attack):
        what = "punch" if event.card < 0 else _card(event.card)
        return f"seat {event.attacker}'s {what} at seat {event.target}: {event.damage} damage"
    if isinstance(event, E.Moved):
        return f"seat {event.player}'s wizard is moved to square {event.square}"
    if isinstance(event, E.Stolen):
        return f"seat {event.thief} takes {len(event.cards)} cards from seat {event.victim}"
    if isinstance(event, E.Charged):
        return f"{_card(event.card)} comes into play with {event.tokens} energy tokens"
    if isinstance(event, E.Rotated):
        return f"sector {event.sector} turns {90 * event.quarter}° clockwise"
    if isinstance(event, (E.SpellBegins, E.SpellEnds, E.TokenSpent, E.Hit)):
        rest = msgspec.structs.asdict(event)
        del rest["card"]
        extra = " ".join(f"{k}={v!r}" for k, v in rest.items())
        return f"{tag} {_card(event.card)}" + (f" {extra}" if extra else "")
    fields = msgspec.structs.asdict(event)
    return f"{tag} " + " ".join(f"{k}={v!r}" for k, v in fields.items())
