"""Magery: how each event changes the state (pure).

>>> from grimoire.games.magery import RULES
>>> s = RULES.parse("arena=u7/8/8/8/8/8/8/D7 phase=action tower=.......D", RULES.Options(),
...                 ("White", "Black"))
>>> after = evolve(s, Remove(player=0, chamber="8"))
>>> after.pending, after.reserve[0][:4]
('dragon', 'DDMM')
"""

from __future__ import annotations

from typing import Any

import msgspec

from grimoire.core.kit import ended, evolver, put
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
    Shuffle,
    Summon,
    Swap,
    TakeOrb,
    Teleport,
    Transmute,
    Turn,
)
from grimoire.games.magery.state import State

_r = msgspec.structs.replace
EMPTY = B.EMPTY


# ---------------------------------------------------------------- helpers


def _take(res: tuple[str, str], seat: int, ch: str) -> tuple[str, str]:
    """``res`` with one ``ch`` out of ``seat``'s letters."""
    return put(res, seat, res[seat].replace(ch, "", 1))


def _give(res: tuple[str, str], seat: int, ch: str) -> tuple[str, str]:
    """``res`` with ``ch`` added to ``seat``'s letters, in table order."""
    return put(res, seat, B.add_letter(res[seat], ch))


def _unmark(relocated: tuple[int, ...], c: int) -> tuple[int, ...]:
    """``relocated`` without chamber ``c`` (its minion left the Tower)."""
    return tuple(x for x in relocated if x != c) if c in relocated else relocated


def _used(state: State, **changes: Any) -> State:
    """A power was used: clear the pending power; a private card becomes public; the
    removed minion no longer counts as moved by the Magus (unless ``changes`` say)."""
    c = state.pending_chamber
    if c >= B.PUBLIC_CHAMBERS:
        changes["shown"] = put(state.shown, B.card_slot(c), True)
    changes.setdefault("relocated", _unmark(state.relocated, c))
    return _r(state, pending="", pending_chamber=-1, pending_minion="", **changes)


# ---------------------------------------------------------------- setup and decisions


def _arrange(s: State, e: Arrange) -> State:
    ch = B.letter(e.player, B.KIND_INDEX[e.minion])
    return _r(s, arena=put(s.arena, B.SQUARE_INDEX[e.square], ch),
              reserve=_take(s.reserve, e.player, ch))


def _place(s: State, e: Place) -> State:
    ch = B.letter(e.player, B.KIND_INDEX[e.minion])
    return _r(s, tower=put(s.tower, B.CHAMBER_INDEX[e.chamber], ch),
              reserve=_take(s.reserve, e.player, ch), placed=s.placed + 1)


def _pass(s: State, e: Pass) -> State:
    return _r(s, passed=put(s.passed, e.player, True))


def _remove(s: State, e: Remove) -> State:
    c = B.CHAMBER_INDEX[e.chamber]
    ch = s.tower[c]
    return _r(s, tower=put(s.tower, c, EMPTY), reserve=_give(s.reserve, e.player, ch),
              pending=B.power(s.cards, c), pending_chamber=c, pending_minion=ch)


def _decline(s: State, e: Decline) -> State:
    return _r(s, pending="", pending_chamber=-1, pending_minion="",
              relocated=_unmark(s.relocated, s.pending_chamber))


# ---------------------------------------------------------------- powers


def _dismiss(s: State, e: Dismiss) -> State:
    c = B.CHAMBER_INDEX[e.chamber]
    ch = s.tower[c]
    return _used(s, tower=put(s.tower, c, EMPTY), reserve=_give(s.reserve, B.SEAT_OF[ch], ch),
                 relocated=_unmark(_unmark(s.relocated, s.pending_chamber), c))


def _take_orb(s: State, e: TakeOrb) -> State:
    return _used(s, orb=e.player)


def _move(s: State, e: Move | Teleport) -> State:
    src, dst = B.SQUARE_INDEX[e.from_], B.SQUARE_INDEX[e.to]
    arena = list(s.arena)
    target = arena[dst]
    arena[dst], arena[src] = arena[src], EMPTY
    if target == EMPTY:
        return _used(s, arena=tuple(arena))
    seat = B.SEAT_OF[target]
    dead = put(s.dead, seat, B.add_letter(s.dead[seat], target))
    return _used(s, arena=tuple(arena), dead=dead)


def _summon(s: State, e: Summon) -> State:
    ch = B.letter(e.player, B.KIND_INDEX[e.minion])
    return _used(s, arena=put(s.arena, B.SQUARE_INDEX[e.square], ch),
                 reserve=_take(s.reserve, e.player, ch))


def _foresee(s: State, e: Foresee) -> State:
    return _used(s, extra=(e.seat,) * T.SEER_TURNS)


def _relocate(s: State, e: Relocate) -> State:
    ch = s.pending_minion
    c = B.CHAMBER_INDEX[e.chamber]
    relocated = tuple(sorted({*_unmark(s.relocated, s.pending_chamber), c}))
    return _used(s, tower=put(s.tower, c, ch), reserve=_take(s.reserve, e.player, ch),
                 relocated=relocated)


def _transmute(s: State, e: Transmute) -> State:
    sq = B.SQUARE_INDEX[e.square]
    old, new = s.arena[sq], B.letter(e.player, B.KIND_INDEX[e.minion])
    reserve = _give(_take(s.reserve, e.player, new), e.player, old)
    return _used(s, arena=put(s.arena, sq, new), reserve=reserve)


def _enchant(s: State, e: Enchant) -> State:
    sq = B.SQUARE_INDEX[e.square]
    theirs = s.arena[sq]
    mine = B.letter(e.player, B.KIND_OF[theirs])
    reserve = _take(s.reserve, e.player, mine)
    if s.enchanted == "reserve":
        return _used(s, arena=put(s.arena, sq, mine),
                     reserve=_give(reserve, 1 - e.player, theirs))
    dead = put(s.dead, 1 - e.player, B.add_letter(s.dead[1 - e.player], theirs))
    return _used(s, arena=put(s.arena, sq, mine), reserve=reserve, dead=dead)


def _dream(s: State, e: Dream) -> State:
    c = s.pending_chamber
    shown = put(s.shown, B.card_slot(c), True) if c >= B.PUBLIC_CHAMBERS else s.shown
    return _r(s, pending=e.mage, shown=shown)


def _shield(s: State, e: Shield) -> State:
    return _used(s, shielded=tuple(sorted((*s.shielded, B.SQUARE_INDEX[e.square]))))


def _swap(s: State, e: Swap) -> State:
    a, b = B.SQUARE_INDEX[e.a], B.SQUARE_INDEX[e.b]
    arena = list(s.arena)
    arena[a], arena[b] = arena[b], arena[a]
    return _used(s, arena=tuple(arena))


def _banish(s: State, e: Banish) -> State:
    sq = B.SQUARE_INDEX[e.square]
    ch = s.arena[sq]
    return _used(s, arena=put(s.arena, sq, EMPTY), reserve=_give(s.reserve, B.SEAT_OF[ch], ch))


def _runes(s: State, e: Runes) -> State:
    return _used(s, runes=put(s.runes, e.player, True))


# ---------------------------------------------------------------- chance and consequences


def _shuffle(s: State, e: Shuffle) -> State:
    if s.deck:
        return _r(s, deck=e.apply(s.deck))
    return _r(s, deck=e.apply(s.discard), discard=())


def _deal(s: State, e: Deal) -> State:
    n = sum(1 for c in e.cards if c)
    return _r(s, cards=tuple(e.cards) + s.cards[4:], deck=s.deck[n:], dealt=True)


def _draw(s: State, e: Draw) -> State:
    k = len(e.cards)
    start = 4 + T.MAX_PRIVATE * e.player
    cards = list(s.cards)
    cards[start:start + k] = s.deck[:k]
    return _r(s, cards=tuple(cards), deck=s.deck[k:])


def _rotate(s: State, e: Rotate) -> State:
    n = B.chaos_floors(s.archmage)
    floors = ("", *s.cards[: n - 1], *s.cards[n:4])
    return _r(s, cards=floors + s.cards[4:], discard=(*s.discard, s.cards[n - 1]))


def _flip(s: State, e: Flip) -> State:
    return _r(s, cards=(s.deck[0], *s.cards[1:]), deck=s.deck[1:])


def _capture(s: State, e: Capture) -> State:
    return s  # the move already put the minion on the dead pile; this reports it


def _turn(s: State, e: Turn) -> State:
    return _r(s, turn=e.player, extra=e.extra)


def _phase(s: State, e: Phase) -> State:
    if e.phase == "decision":
        return _r(s, phase=e.phase, round=e.round, turn=e.player, passed=(False, False),
                  placed=0, extra=(), shielded=(), runes=(False, False), relocated=())
    return _r(s, phase=e.phase, round=e.round, turn=e.player, extra=())


def _game_over(s: State, e: GameOver) -> State:
    return ended(s, e, phase="over")


evolve = evolver(State, {
    Arrange: _arrange, Place: _place, Pass: _pass, Remove: _remove, Decline: _decline,
    Dismiss: _dismiss, TakeOrb: _take_orb, Teleport: _move, Move: _move, Summon: _summon,
    Foresee: _foresee, Relocate: _relocate, Transmute: _transmute, Enchant: _enchant,
    Dream: _dream, Shield: _shield, Swap: _swap, Banish: _banish, Runes: _runes,
    Shuffle: _shuffle, Deal: _deal, Draw: _draw, Rotate: _rotate, Flip: _flip,
    Capture: _capture, Turn: _turn, Phase: _phase, GameOver: _game_over,
})
"""The state after an event (:func:`grimoire.core.kit.evolver`)."""
