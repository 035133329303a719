"""Wiz-War: the decider.

``legal`` is the single source of truth: ``decide`` accepts exactly the actions ``legal``
lists and explains any other with a reason code (see ``_why``). Consequences are built
by folding each new event into a scratch state as it is produced, so what ``decide``
returns is always what ``evolve`` agrees with. Card facts live in ``tables``, questions
about a state in ``model``, the effect of each event in ``evolve``.

>>> from grimoire.games.wiz_war import RULES
>>> s = RULES.setup(RULES.Options(), ("Callista", "Matt"))
>>> sorted(RULES.to_act(s)), RULES.legal(s, 0)
([0], [Start(player=0)])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event, Roll, Shuffle
from grimoire.core.rules import BaseRules, Outcome, PlayerId
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import notation as _notation
from grimoire.games.wiz_war import render as _render
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.events import (
    Allow,
    Attack,
    Bent,
    Boost,
    Cancelled,
    Cast,
    Counter,
    Cracked,
    Damage,
    Deal,
    Death,
    Discard,
    Discarded,
    Dissolved,
    DoorPicked,
    Draw,
    Drop,
    Dropped,
    EndMove,
    EndSpell,
    EndTurn,
    FirstPlayer,
    GameOver,
    Heal,
    Hit,
    Landed,
    LifeSet,
    Move,
    Moved,
    PickUp,
    Projected,
    Punch,
    Reduced,
    Rotated,
    SpellBegins,
    SpellEnds,
    Start,
    Stolen,
    StonesDestroyed,
    StunAdded,
    Stunned,
    Throw,
    TokenSpent,
    TurnBegins,
    Use,
    WallCreated,
    WallDestroyed,
    Window,
    WizWarEvent,
)
from grimoire.games.wiz_war.evolve import evolve as _evolve
from grimoire.games.wiz_war.model import (
    DECK,
    EV,
    FIRE,
    KIND,
    TRAITS,
    USES_ENERGY,
    WALL_KINDS,
    WATER,
    alive,
    carried_named,
    clouds,
    creatures,
    crossed_edge,
    deck_for,
    destination,
    energy_value,
    eye,
    filled,
    fire_walls,
    form,
    global_on,
    hand_count,
    hand_limit,
    occupied,
    on_wizard,
    others_in_turn_order,
    over_limit,
    passage,
    points,
    reach,
    replace,
    sight,
    sight_edges,
    speed,
    spell_of,
    spells_named,
    square_of,
    stone_blocks,
    teleport_squares,
    treasure_of,
    walk,
    within,
)
from grimoire.games.wiz_war.state import Options, Pending, State

__all__ = ["DECK", "RULES", "WizWarRules", "hand_count", "points"]

_State = State
_Options = Options
_Event = Event

_NO_ENERGY = (-1, -1, -1)
_ATTACK_ACTIONS = (Punch, Throw)


class _Builder:
    """Events produced so far and the state they lead to."""

    __slots__ = ("dice", "ev", "s")

    def __init__(self, state: State, dice: Dice) -> None:
        self.s = state
        self.ev: list[Event] = []
        self.dice = dice

    def add(self, e: Event) -> None:
        self.ev.append(e)
        self.s = _evolve(self.s, e)


def _wizard(target: str) -> int:
    """Seat of a ``w1`` or ``w1:c12`` target, else -1."""
    if target.startswith("w"):
        return int(target[1:].split(":")[0])
    return -1


def aimed_at(s: State, a: Cast) -> int:
    """The seat whose wizard, item or spell a neutral spell is aimed at (-1: none)."""
    q = _wizard(a.target)
    if q >= 0:
        return q
    if a.target.startswith("c"):
        sp = spell_of(s, int(a.target[1:]))
        return sp.caster if sp is not None else -1
    return -1


def storm_area(s: State, sq: int) -> tuple[int, ...]:
    """A Psychic Storm's square and its four neighbours on the board, walls or not."""
    g = B.geometry(s.players)
    return (sq, *(q for d in range(4) if (q := g.neighbour(sq, d)) >= 0))


def knock_dirs(s: State, a: int, b: int) -> list[int]:
    """Directions that push a wizard on ``b`` away from a caster on ``a``: along the
    straight line between them, or on either axis of a slanting one; any from the
    caster's own square."""
    if a == b:
        return [0, 1, 2, 3]
    for d in range(4):
        if any(q == b for q, _ in B.line(s.players, s.edges, a, d, filled(s))):
            return [d]
    w = B.geometry(s.players).width
    (ar, ac), (br, bc) = divmod(a, w), divmod(b, w)
    out = []
    if br != ar:
        out.append(2 if br > ar else 0)
    if bc != ac:
        out.append(1 if bc > ac else 3)
    return out


class WizWarRules(BaseRules[Any, Any, Any]):
    """Wiz-War (Tom Jolly; 2011 edition), first-game schools."""

    name = "wiz-war"
    version = "1"
    seats = (2, 3, 4)
    default_players = T.SEAT_NAMES[:2]
    Options = Options
    State = State
    Event = WizWarEvent

    # ---------------------------------------------------------------- setup

    def setup(self, options: _Options, players: Sequence[str]) -> _State:
        n = len(players)
        if n not in self.seats:
            raise IllegalAction("setup/players", f"Wiz-War is for 2-4 players, got {n}")
        if options.victory_points < 1:
            raise IllegalAction("setup/victory-points", f"{options.victory_points} < 1")
        if options.counter_neutral not in ("anyone", "target"):
            raise IllegalAction("setup/counter-neutral",
                                f"{options.counter_neutral!r}: use 'anyone' or 'target'")
        extra = options.extra_cards
        if len(set(extra)) != len(extra) or any(c not in T.EXTRA_CARDS for c in extra):
            raise IllegalAction("setup/extra-cards",
                                f"{extra!r}: each at most once, from {T.EXTRA_CARDS}")
        g = B.geometry(n)
        treasures = tuple(q for p in range(n) for q in g.treasure_starts[p])
        return State(
            players=n,
            names=tuple(players),
            options=options,
            phase="start",
            active=0,
            turns=(0,) * n,
            pos=g.home,
            life=(T.LIFE_START,) * n,
            kills=(0,) * n,
            stun=(0,) * n,
            hands=((),) * n,
            deck=deck_for(options),
            discard=(),
            carried=((),) * n,
            spells=(),
            objects=(),
            treasures=treasures,
            bearer=(-1,) * len(treasures),
            edges=g.initial_edges,
            cracks=(0,) * len(g.initial_edges),
        )

    def to_act(self, state: _State) -> frozenset[PlayerId]:
        if state.result:
            return frozenset()
        if state.phase == "respond" and state.pending is not None:
            return frozenset((state.pending.target,))
        return frozenset((state.active,))

    def outcome(self, state: _State) -> Outcome | None:
        return Outcome(state.winners, state.result) if state.result else None

    # ---------------------------------------------------------------- legal

    def legal(self, state: _State, player: PlayerId) -> Sequence[_Event]:
        if player not in self.to_act(state):
            return ()
        s = state
        if s.phase == "start":
            return [Start(player=player)]
        if s.phase == "respond":
            return self._legal_respond(s, player)
        if over_limit(s):
            return self._legal_over_limit(s, player)
        if s.phase == "draw":
            return self._legal_draw(s, player)
        return self._legal_move(s, player)

    def _energies(self, s: _State, p: int, card: int) -> list[tuple[int, int, int]]:
        """(energy, add, energy2) choices for ``card``: none, one energy card, or two
        combined with an Add."""
        if not USES_ENERGY[card]:
            return [_NO_ENERGY]
        hand = s.hands[p]
        fuel = [e for e in hand if e != card and EV[e] > 0]
        out = [_NO_ENERGY] + [(e, -1, -1) for e in fuel]
        adds = [c for c in hand if c != card and DECK[c] == "Add"]
        if adds:
            out += [(e1, adds[0], e2) for i, e1 in enumerate(fuel) for e2 in fuel[i + 1:]]
        return out

    def _legal_respond(self, s: _State, p: int) -> list[_Event]:
        pd = s.pending
        assert pd is not None
        out: list[_Event] = []
        hand = s.hands[p]
        if pd.kind == "neutral":
            a = pd.action
            assert a is not None
            for c in hand:
                name = DECK[c]
                if name == "Negate Neutral" or (name == "Absorb Spell" and aimed_at(s, a) == p):
                    out.append(Counter(player=p, card=c))
                elif ((name == "Flood" and FIRE[a.card] and not global_on(s, "Flood"))
                      or (name == "Wall of Fire" and WATER[a.card])):
                    out += self._counters(s, p, c)
        else:
            spell = pd.kind == "spell"
            storm = pd.card >= 0 and DECK[pd.card] == "Psychic Storm"
            current = form(s, p)
            for c in hand:
                name = DECK[c]
                if ((name in ("Full Shield", "Absorb Spell") and spell)
                        or (name == "Wall of Earth" and pd.origin != s.pos[p] and not storm)
                        or (name == "Wall of Fire" and pd.card >= 0 and WATER[pd.card])):
                    out.append(Counter(player=p, card=c))
                elif ((name == "Shield" and pd.mode not in ("stun", "curse"))
                      or (name == "Flood" and pd.fire and not global_on(s, "Flood"))
                      or (name == "Pain Link" and on_wizard(s, p, "Pain Link") is None)):
                    out += self._counters(s, p, c)
                elif name == "Teleport":
                    out += [Counter(player=p, card=c, target=f"q{q}")
                            for q in teleport_squares(s, p)]
                elif name == "Gnome Form" and (current is None or DECK[current.card] != name):
                    out.append(Counter(player=p, card=c))
            if pd.mode == "brain":
                out += [Discard(player=p, card=c) for c in hand]
        if pd.kind in ("spell", "neutral"):
            out += [Counter(player=p, card=c) for c in s.carried[p] if DECK[c] == "Null Powder"]
        out.append(Allow(player=p))
        return out

    def _counters(self, s: _State, p: int, c: int) -> list[_Event]:
        return [Counter(player=p, card=c, energy=e, add=a, energy2=e2)
                for e, a, e2 in self._energies(s, p, c)]

    def _legal_over_limit(self, s: _State, p: int) -> list[_Event]:
        out: list[_Event] = [Discard(player=p, card=c) for c in s.hands[p]]
        out += [EndSpell(player=p, card=sp.card) for sp in s.spells if sp.caster == p]
        out += [Drop(player=p, what=f"c{c}") for c in s.carried[p]]
        return out

    def _legal_draw(self, s: _State, p: int) -> list[_Event]:
        out: list[_Event] = [Discard(player=p, card=c) for c in s.hands[p]]
        room = hand_limit(s, p) - hand_count(s, p)
        most = min(T.DRAW_PER_TURN + carried_named(s, p, "Spellstone"), room,
                   len(s.deck) + len(s.discard))
        out += [EndTurn(player=p, draw=k) for k in range(max(most, 0), -1, -1)]
        return out

    def can_attack(self, s: _State, p: int) -> bool:
        return not s.attacked and s.turns[p] > 1 and not (s.stunned and s.moved)

    def _legal_move(self, s: _State, p: int) -> list[_Event]:
        out: list[_Event] = []
        sq = s.pos[p]
        if s.mp > 0 and not (s.stunned and s.attacked):
            if sq in clouds(s):
                out.append(Move(player=p, dir="r"))
            else:
                out += [Move(player=p, dir=B.DIRS[d]) for d in range(4)
                        if destination(s, p, d) >= 0]
        for sp in creatures(s):
            if sp.caster != p:
                continue
            here = square_of(sp)
            if sp.moves > 0:
                out += [Move(player=p, dir=B.DIRS[d], unit=sp.card) for d in range(4)
                        if passage(s, here, d, p) >= 0]
            if sp.carry >= 0:
                out.append(Drop(player=p, what=f"t{sp.carry}", unit=sp.card))
            elif sp.moves >= 0:
                out += [PickUp(player=p, what=f"t{t}", unit=sp.card)
                        for t, where in enumerate(s.treasures) if where == here]
        if treasure_of(s, p) < 0:
            out += [PickUp(player=p, what=f"t{t}") for t, where in enumerate(s.treasures)
                    if where == sq and s.bearer[t] < 0]
        if s.mp >= 1 and hand_count(s, p) < hand_limit(s, p):
            out += [PickUp(player=p, what=f"c{c}") for c, where in s.objects if where == sq]
        t = treasure_of(s, p)
        if t >= 0:
            out.append(Drop(player=p, what=f"t{t}"))
        out += [Drop(player=p, what=f"c{c}") for c in s.carried[p]]
        if not s.boosted:
            out += [Boost(player=p, card=c) for c in s.hands[p] if EV[c] > 0]
        attack = self.can_attack(s, p)
        if attack:
            for q in range(s.players):
                if q != p and s.pos[q] >= 0 and B.adjacent(s.players, s.edges, sq, s.pos[q]):
                    out.append(Punch(player=p, target=q))
            throwable = [c for c in s.carried[p] if DECK[c] in T.THROWN_DAMAGE]
            if throwable:
                seen = sight(s, p, spell=False)
                enemies = [q for q in alive(s) if q != p and s.pos[q] in seen]
                for c in throwable:
                    out += [Throw(player=p, card=c, target=q) for q in enemies]
        for c in s.carried[p]:
            out += [Use(player=p, card=c, target=t) for t in self._use_targets(s, p, c)]
        ctx: dict[str, Any] = {}
        for c in s.hands[p]:
            kind = KIND[c]
            if kind == "item":
                out.append(Cast(player=p, card=c, target="s"))
            elif (kind == "attack" and attack) or (kind == "neutral"
                                                    and "companion" not in TRAITS[c]):
                by_value: dict[int, list[tuple[str, str]]] = {}
                for e, add, e2 in self._energies(s, p, c):
                    value = energy_value(s, p, e, e2)
                    if value not in by_value:
                        by_value[value] = self._targets(s, p, c, value, ctx)
                    out += [Cast(player=p, card=c, target=t, energy=e, mode=m, add=add,
                                 energy2=e2) for t, m in by_value[value]]
        out += [EndSpell(player=p, card=sp.card) for sp in s.spells if sp.caster == p]
        out.append(EndMove(player=p))
        return out

    def _use_targets(self, s: _State, p: int, c: int) -> list[str]:
        name = DECK[c]
        if name == "Null Powder":
            return [f"c{sp.card}" for sp in s.spells]
        if name != "Universal Solvent":
            return []
        g = B.geometry(s.players)
        sq = s.pos[p]
        near = {sq} | {q for d in range(4) if (q := B.step(s.players, s.edges, sq, d)[0]) >= 0}
        out = [f"e{e}" for d in range(4) if (e := g.edge[sq][d]) >= 0
               and s.edges[e] in WALL_KINDS]
        for sp in s.spells:
            n = DECK[sp.card]
            if (n in ("Stone Block", "Dust Cloud") and square_of(sp) in near) or (
                    n == "Wall of Fire" and int(sp.target[1:]) in g.edge[sq]):
                out.append(f"c{sp.card}")
        out += [f"c{o}" for o, where in s.objects if where in near]
        return out

    def _targets(self, s: _State, p: int, c: int, energy: int,
                 ctx: dict[str, Any]) -> list[tuple[str, str]]:
        """(target, mode) pairs for casting ``c`` with this much energy."""
        name = DECK[c]
        n, edges = s.players, s.edges
        if FIRE[c] and global_on(s, "Flood"):
            return []
        if "seen" not in ctx:
            ctx["seen"] = sight(s, p)
            ctx["enemies"] = [q for q in alive(s) if q != p and s.pos[q] in ctx["seen"]]
        seen: frozenset[int] = ctx["seen"]
        enemies: list[int] = ctx["enemies"]
        a = eye(s, p)
        wizards = [(f"w{q}", "") for q in enemies]
        blocks = stone_blocks(s)
        if name in ("Fireball", "Powerthrust", "Shatter"):
            walls = [(f"e{e}", "") for e in sight_edges(s, p, WALL_KINDS)]
            stones = [(f"q{q}", "") for q in sorted(blocks) if q in seen]
            return (wizards if name != "Shatter" else []) + walls + stones
        if name in ("Acid Bath", "Stone Dead", "Brain Burn"):
            return wizards
        if name == "Zot!":
            return [(f"w{q}", m) for q in enemies for m in ("damage", "stun")]
        if name == "Lightning Bolt":
            return [("s", d) for d in B.DIRS]
        if name == "Waterbolt":
            out = []
            for q in enemies:
                out.append((f"w{q}", str(energy)))
                dirs = knock_dirs(s, a, s.pos[q])
                out += [(f"w{q}", f"{k}{B.DIRS[d]}") for k in range(energy) for d in dirs]
            return out
        if name == "Psychic Storm":
            hit = {s.pos[q] for q in alive(s) if q != p} | {square_of(sp) for sp in creatures(s)}
            return [(f"q{q}", "") for q in sorted(seen) if hit & set(storm_area(s, q))]
        if name == "Mental Force":
            out = []
            for q in [p, *enemies]:
                dests = reach(s, q, energy + T.MENTAL_FORCE_BONUS)
                out += [(f"w{q}", str(d)) for d in sorted(dests)]
            return out
        if name == "Teleport":
            return [(f"q{q}", "") for q in teleport_squares(s, p)]
        if name == "Windrider":
            return [("s", f"{B.DIRS[d]}{k}") for d in range(4)
                    for k in range(1, len(walk(s, p, d, energy)) + 1)]
        if name == "Share Life":
            return [(f"w{q}", "") for q in enemies if B.adjacent(n, edges, a, s.pos[q])]
        if name == "Thought Steal":
            return [(f"w{q}", "") for q in enemies if s.hands[q]]
        if name in ("Pain Link", "Fire Cloak"):
            return [("s", "")] if on_wizard(s, p, name) is None else []
        if name == "Astral Projection":
            return [(f"q{q}", "") for q in sorted(within(s, s.pos[p], T.ASTRAL_RANGE, True))]
        if name == "Around the Corner":
            return [] if s.bend else [("s", "")]
        if name == "Rotate Sector":
            return [(f"sector{k}", m) for k in range(n) for m in ("90", "180", "270")]
        if name in ("Fog", "Flood"):
            return [] if global_on(s, name) else [("*", "")]
        if name == "Wall of Fire":
            burning = fire_walls(s)
            return [(f"e{e}", "") for e in sight_edges(s, p, ".") if e not in burning]
        g = B.geometry(n)
        if name in ("Stone Block", "Dust Cloud"):
            return [(f"q{q}", "") for q in sorted(seen)
                    if q not in g.home and not occupied(s, q)]
        if name == "Homunculus":
            near = {B.step(n, edges, a, d)[0] for d in range(4)}
            return [(f"q{q}", "") for q in sorted(near)
                    if q >= 0 and q not in g.home and not occupied(s, q)]
        if name == "Fool's Gold":
            mine = [sp for sp in spells_named(s, name) if sp.caster == p]
            return [] if mine else [(f"sector{p}", "")]
        if name in T.FORMS:
            current = form(s, p)
            return [("s", "")] if current is None or DECK[current.card] != name else []
        if name == "Meditate":
            return [("s", "")]
        if name == "Destroy Wall":
            return [(f"e{e}", "") for e in sight_edges(s, p, WALL_KINDS)]
        if name == "Create Wall":
            return [(f"e{e}", "") for e in sight_edges(s, p, ".")
                    if e not in fire_walls(s)]
        if name == "Dispel":
            return [(f"c{sp.card}", "") for sp in s.spells]
        if name == "Drop Object":
            out = []
            for q in enemies:
                out += [(f"w{q}:c{i}", "") for i in s.carried[q]]
                t = treasure_of(s, q)
                if t >= 0:
                    out.append((f"w{q}:t{t}", ""))
            return out
        if name == "Pick Lock":
            sq = s.pos[p]
            return [(f"e{g.edge[sq][d]}", "") for d in range(4)
                    if g.edge[sq][d] >= 0 and edges[g.edge[sq][d]] == "D"]
        return []

    # ---------------------------------------------------------------- decide

    def decide(self, state: _State, action: _Event, dice: Dice) -> tuple[_Event, ...]:
        player = self.require_turn(state, action)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("action/unknown", f"{action!r} is not a Wiz-War action")
        if action not in self.legal(state, player):
            raise IllegalAction(*self._why(state, action))
        b = _Builder(state, dice)
        handler(self, b, action)
        if b.s.phase != "start":
            self._settle(b)
        return tuple(b.ev)

    def _why(self, s: _State, a: _Event) -> tuple[str, str]:
        """The reason code for an action ``legal`` does not list."""
        detail = f"{a!r}"
        tag = str(type(a).__struct_config__.tag)
        if s.phase == "start":
            return ("turn/not-started", f"{detail}: the game has not started")
        brain = s.pending is not None and s.pending.mode == "brain"
        if s.phase == "respond" and not isinstance(a, (Counter, Allow)) and not (
                brain and isinstance(a, Discard)):
            return ("respond/counter-only", f"{detail}: only counter spells or allow now")
        if s.phase != "respond" and isinstance(a, (Counter, Allow)):
            return ("respond/no-attack", f"{detail}: no attack or spell waits for a response")
        if over_limit(s) and not isinstance(a, (Discard, EndSpell, Drop)):
            return ("hand/over-limit", f"{detail}: discard down to the hand size first")
        card = getattr(a, "card", -1)
        if isinstance(a, (Cast, Boost, Discard, Counter, Use)):
            if not 0 <= card < len(DECK):
                return (f"{tag}/unknown-card", f"{detail}: no card {card}")
            owner = a.player
            if isinstance(a, Use) and card not in s.carried[owner]:
                return ("use/not-carried", f"{detail}: you carry no {DECK[card]}")
            if not isinstance(a, Use) and card not in s.hands[owner] and not (
                    isinstance(a, Counter) and card in s.carried[owner]):
                return (f"{tag}/not-in-hand", f"{detail}: {DECK[card]} is not in your hand")
        if s.phase == "draw" and isinstance(a, (Move, PickUp, Drop, Boost, Punch, Cast, Throw,
                                                EndSpell, EndMove, Use)):
            return ("phase/discard-and-draw", f"{detail}: the Move and Cast phase is over")
        if s.phase == "move" and isinstance(a, (EndTurn, Discard)):
            return ("phase/move-and-cast", f"{detail}: end the Move and Cast phase first")
        if isinstance(a, EndTurn):
            return ("draw/too-many", f"{detail}: at most 2 cards, never above the hand size")
        if isinstance(a, Move):
            if a.dir not in (*B.DIRS, "r"):
                return ("move/bad-direction", f"{detail}: directions are n, e, s, w")
            if a.unit >= 0:
                return ("move/unit", f"{detail}: no such creature of yours with a move left "
                        "and a way open")
            if s.mp <= 0:
                return ("move/no-points", f"{detail}: no movement points left")
            if s.stunned and s.attacked:
                return ("move/stunned", f"{detail}: a stunned wizard who attacked may not move")
            if s.pos[a.player] in clouds(s) and a.dir != "r":
                return ("move/dust-cloud", f"{detail}: leaving a Dust Cloud goes in a random "
                        "direction: move 'r'")
            return ("move/blocked", f"{detail}: a wall, locked door or outer wall is in the way")
        if isinstance(a, _ATTACK_ACTIONS) or (isinstance(a, Cast) and KIND[card] == "attack"):
            if s.turns[a.player] <= 1:
                return ("attack/first-turn", f"{detail}: no attack on a player's first turn")
            if s.attacked:
                return ("attack/used", f"{detail}: one attack per turn")
            if s.stunned and s.moved:
                return ("attack/stunned", f"{detail}: a stunned wizard who moved may not attack")
        if isinstance(a, Punch):
            return ("punch/out-of-reach", f"{detail}: punch a wizard in or next to your square")
        if isinstance(a, Throw):
            if card not in s.carried[a.player]:
                return ("throw/not-carried", f"{detail}: you carry no such item")
            return ("throw/target", f"{detail}: not a thrown weapon or no line of sight")
        if isinstance(a, Use):
            return ("use/target", f"{detail}: not something {DECK[card]} can be used on")
        if isinstance(a, Cast):
            if KIND[card] in ("counter", "energy") or "companion" in TRAITS[card]:
                return ("cast/wrong-type", f"{detail}: {DECK[card]} is not cast this way")
            if FIRE[card] and global_on(s, "Flood"):
                return ("cast/flooded", f"{detail}: no fire spell while the Flood lasts")
            bad = self._bad_energy(s, a.player, card, a.energy, a.add, a.energy2)
            if bad:
                return ("cast/energy", f"{detail}: {bad}")
            return ("cast/target", f"{detail}: not a legal target in range")
        if isinstance(a, Boost):
            if s.boosted:
                return ("boost/used", f"{detail}: one speed boost per turn")
            return ("boost/no-energy", f"{detail}: {DECK[card]} has no energy value")
        if isinstance(a, PickUp):
            if a.unit >= 0:
                return ("pick-up/unit", f"{detail}: your creature cannot pick that up now")
            if a.what.startswith("t") and treasure_of(s, a.player) >= 0:
                return ("pick-up/one-treasure", f"{detail}: a wizard carries one treasure")
            if a.what.startswith("c") and s.mp < 1:
                return ("pick-up/no-points", f"{detail}: picking up an object costs 1")
            if a.what.startswith("c") and hand_count(s, a.player) >= hand_limit(s, a.player):
                return ("pick-up/hand-full", f"{detail}: no room within the hand size")
            return ("pick-up/not-here", f"{detail}: nothing like that lies in your square")
        if isinstance(a, Drop):
            return ("drop/not-carried", f"{detail}: you do not carry that")
        if isinstance(a, EndSpell):
            return ("end-spell/not-yours", f"{detail}: you maintain no such spell")
        if isinstance(a, Counter):
            bad = self._bad_energy(s, a.player, card, a.energy, a.add, a.energy2)
            if bad:
                return ("counter/energy", f"{detail}: {bad}")
            return ("respond/not-applicable", f"{detail}: that counter does not apply here")
        return ("action/illegal", detail)

    def _bad_energy(self, s: _State, p: int, card: int, energy: int, add: int,
                    energy2: int) -> str:
        if (energy, add, energy2) == _NO_ENERGY:
            return ""
        if not USES_ENERGY[card]:
            return f"{DECK[card]} does not use energy"
        if (energy, add, energy2) not in self._energies(s, p, card):
            return ("energy cards must be other cards in your hand with an energy value; "
                    "a second one needs an Add")
        return ""

    # -- handlers

    def _do_plain(self, b: _Builder, a: Any) -> None:
        b.add(a)

    def _do_start(self, b: _Builder, a: Start) -> None:
        b.add(a)
        b.add(Shuffle.of(b.dice, "deck", len(b.s.deck)))
        n = b.s.players
        deck = b.s.deck
        k = T.HAND_START
        b.add(Deal(hands=tuple(deck[i * k:(i + 1) * k] for i in range(n))))
        roll = Roll.of(b.dice, None, n, 1, "first-player")
        b.add(roll)
        first = roll.values[0] - 1
        b.add(FirstPlayer(player=first))
        self._begin_turn(b, first)

    def _do_move(self, b: _Builder, a: Move) -> None:
        p = a.player
        if a.unit >= 0:
            sp = spell_of(b.s, a.unit)
            assert sp is not None
            frm = square_of(sp)
            b.add(a)
            sp = spell_of(b.s, a.unit)
            assert sp is not None
            e = crossed_edge(b.s, frm, square_of(sp))
            if e in fire_walls(b.s):
                self._hit_unit(b, a.unit, T.WALL_OF_FIRE_DAMAGE)
            return
        frm = b.s.pos[p]
        if a.dir == "r":
            b.add(a)
            roll = Roll.of(b.dice, p, 4, 1, "direction")
            b.add(roll)
            dest = destination(b.s, p, B.random_direction(roll.values[0]))
            if dest >= 0:
                b.add(Moved(player=p, square=dest))
        else:
            b.add(a)
        self._crossed(b, p, [frm, b.s.pos[p]])

    def _do_pick_up(self, b: _Builder, a: PickUp) -> None:
        b.add(a)
        p = a.player
        if a.unit >= 0:
            return
        if a.what.startswith("t"):
            g = B.geometry(b.s.players)
            sector = g.sector[b.s.pos[p]]
            for sp in spells_named(b.s, "Fool's Gold"):
                if sp.target == f"sector{sector}" and sp.caster != p:
                    b.add(SpellEnds(card=sp.card))
                    self._damage(b, p, T.FOOLS_GOLD_DAMAGE, -1, "Fool's Gold", fire=False)
                    break
        elif DECK[int(a.what[1:])] == "Brainstone":
            self._draw(b, p, T.BRAINSTONE_HAND)

    def _do_drop(self, b: _Builder, a: Drop) -> None:
        b.add(a)
        if a.unit < 0 and a.what.startswith("c") and DECK[int(a.what[1:])] == "Brainstone":
            self._lose_brainstones(b, a.player, 1)

    def _do_punch(self, b: _Builder, a: Punch) -> None:
        b.add(a)
        p = a.player
        f = form(b.s, p)
        damage = T.FORMS[DECK[f.card]][2] if f is not None else 1
        stones = carried_named(b.s, p, "Mightstone")
        if stones:
            roll = Roll.of(b.dice, p, 4, stones, "mightstone")
            b.add(roll)
            damage += sum(roll.values)
        cloak = on_wizard(b.s, p, "Fire Cloak") is not None
        if cloak:
            damage += T.FIRE_CLOAK_PUNCH
        b.add(Attack(attacker=p, target=a.target, card=-1, kind="punch", damage=damage,
                     dtype="physical", fire=cloak, origin=b.s.pos[p]))

    def _do_throw(self, b: _Builder, a: Throw) -> None:
        b.add(a)
        dmg, dtype, fire = T.THROWN_DAMAGE[DECK[a.card]]
        b.add(Attack(attacker=a.player, target=a.target, card=a.card, kind="throw",
                     damage=dmg, dtype=dtype, fire=fire, origin=b.s.pos[a.player]))

    def _do_use(self, b: _Builder, a: Use) -> None:
        b.add(a)
        kind, arg = a.target[:1], int(a.target[1:])
        if kind == "e":
            self._destroy_wall(b, arg)
        elif spell_of(b.s, arg) is not None:
            b.add(SpellEnds(card=arg))
        else:
            b.add(Dissolved(card=arg))

    def _do_cast(self, b: _Builder, a: Cast) -> None:
        s0 = b.s
        p, c = a.player, a.card
        b.add(a)
        if KIND[c] == "item":
            if DECK[c] == "Brainstone":
                self._draw(b, p, T.BRAINSTONE_HAND)
            return
        if KIND[c] == "attack":
            self._declare(b, a, energy_value(s0, p, a.energy, a.energy2), eye(s0, p))
            return
        if "mundane" not in TRAITS[c]:
            if s0.options.counter_neutral == "anyone":
                responders = others_in_turn_order(s0, p)
            else:
                q = aimed_at(s0, a)
                responders = (q,) if q >= 0 and q != p else ()
            if responders:
                b.add(Window(cast=a, responders=responders))
                return
        self._neutral(b, a)

    def _do_end_spell(self, b: _Builder, a: EndSpell) -> None:
        b.add(a)
        b.add(SpellEnds(card=a.card))

    def _do_end_turn(self, b: _Builder, a: EndTurn) -> None:
        b.add(a)
        self._draw(b, a.player, a.draw)
        self._next_turn(b)

    def _do_counter(self, b: _Builder, a: Counter) -> None:
        pd = b.s.pending
        assert pd is not None
        p, name = a.player, DECK[a.card]
        energy = energy_value(b.s, p, a.energy, a.energy2)
        b.add(a)
        if name in ("Full Shield", "Null Powder", "Wall of Earth", "Negate Neutral",
                    "Wall of Fire"):
            self._cancel(b, pd, "")
        elif name == "Absorb Spell":
            self._cancel(b, pd, "absorbed")
        elif name == "Shield":
            # 2 plus the energy card's value (the rulebook's example: 2 without one), plus
            # 1 per Powerstone.
            bonus = energy if a.energy >= 0 else energy - 1
            b.add(Reduced(amount=T.SHIELD_BONUS + bonus))
        elif name == "Flood":
            self._cancel(b, pd, "")
            self._flood(b, a.card, p, energy)
        elif name == "Pain Link":
            b.add(SpellBegins(card=a.card, caster=p, target=f"w{p}", tokens=energy))
        elif name == "Teleport":
            stood = b.s.pos[p]
            b.add(Moved(player=p, square=int(a.target[1:])))
            self._cancel(b, pd, "evaded", stood)
        elif name == "Gnome Form":
            self._transform(b, p, a.card, 0)

    def _do_allow(self, b: _Builder, a: Allow) -> None:
        pd = b.s.pending
        assert pd is not None
        b.add(a)
        if pd.kind == "neutral":
            if len(pd.responders) <= 1:
                assert pd.action is not None
                self._neutral(b, pd.action)
            return
        q = pd.target
        f = form(b.s, q)
        if f is not None and T.FORMS[DECK[f.card]][1] > 0:
            roll = Roll.of(b.dice, q, 4, 1, "evade")
            b.add(roll)
            if roll.values[0] <= T.FORMS[DECK[f.card]][1]:
                self._cancel(b, pd, "evaded")
                return
        self._hit(b, pd)
        self._next_target(b, pd)

    # -- attacks

    def _declare(self, b: _Builder, a: Cast, energy: int, origin: int) -> None:
        """Declare the attack spell ``a`` (already cast) from ``origin``."""
        p, c, name = a.player, a.card, DECK[a.card]
        kind, arg = a.target[:1], a.target[1:]
        s = b.s
        if kind in ("e", "q") and name in ("Fireball", "Powerthrust", "Shatter"):
            if name == "Shatter":
                cracks = energy
            else:
                dmg = T.FIREBALL_DAMAGE if name == "Fireball" else energy + T.POWERTHRUST_BONUS
                cracks = dmg // T.DAMAGE_PER_CRACK
            if kind == "e":
                self._crack_wall(b, int(arg), cracks)
            else:
                sp = next(sp for sp in spells_named(s, "Stone Block")
                          if square_of(sp) == int(arg))
                self._hit_unit(b, sp.card, cracks)
            return
        fields: dict[str, Any] = dict(attacker=p, card=c, kind="spell", dtype="magical",
                                      energy=energy, origin=origin)
        targets: list[int]
        if name == "Lightning Bolt":
            targets = self._bolt(b, p, origin, B.DIRS.index(a.mode), energy)
            fields.update(damage=T.LIGHTNING_DAMAGE, mode="bolt")
        elif name == "Psychic Storm":
            area = storm_area(s, int(arg))
            for sp in creatures(s):
                if square_of(sp) in area:
                    self._hit_unit(b, sp.card, energy)
            targets = [q for q in (p, *others_in_turn_order(b.s, p))
                       if b.s.pos[q] in area]
            fields.update(damage=energy)
        else:
            q = int(arg)
            targets = [q]
            if name == "Fireball":
                fields.update(damage=T.FIREBALL_DAMAGE, fire=True)
            elif name == "Powerthrust":
                fields.update(damage=energy + T.POWERTHRUST_BONUS)
            elif name == "Stone Dead":
                stones = sum(1 for x in s.carried[q] if "magic-stone" in TRAITS[x])
                fields.update(damage=energy + stones)
            elif name == "Zot!":
                stun = a.mode == "stun"
                fields.update(damage=0 if stun else energy, mode="stun" if stun else "")
            elif name == "Acid Bath":
                fields.update(damage=0, mode="curse")
            elif name == "Brain Burn":
                fields.update(damage=0, mode="brain")
            elif name == "Waterbolt":
                dmg = int(a.mode.rstrip(B.DIRS))
                push = a.mode[-1] if a.mode[-1] in B.DIRS else ""
                fields.update(damage=dmg, mode=f"knock{push}{energy - dmg}" if push else "")
        if targets:
            b.add(Attack(target=targets[0], rest=tuple(targets[1:]), **fields))

    def _bolt(self, b: _Builder, p: int, origin: int, d: int, energy: int) -> list[int]:
        """Lightning Bolt: run ``energy`` squares from ``origin``, turning back at walls;
        the wizards it passes (each once, never the caster), creatures take 3 at once."""
        s = b.s
        n, edges = s.players, s.edges
        blocks = stone_blocks(s)
        hit: list[int] = []
        units: list[int] = []
        cur = origin
        for _ in range(energy):
            nxt, e = B.step(n, edges, cur, d)
            if nxt < 0 or nxt in blocks:
                d = B.OPP[d]
                nxt, e = B.step(n, edges, cur, d)
                if nxt < 0 or nxt in blocks:
                    break
            if e < 0:  # through an exit: a portal may turn the bolt
                lk = B.geometry(n).link[cur][d]
                if lk is not None:
                    d = lk[1]
            cur = nxt
            for q in alive(s):
                if q != p and s.pos[q] == cur and q not in hit:
                    hit.append(q)
            for sp in creatures(s):
                if square_of(sp) == cur and sp.card not in units:
                    units.append(sp.card)
        for u in units:
            self._hit_unit(b, u, T.LIGHTNING_DAMAGE)
        return hit

    def _hit(self, b: _Builder, pd: Pending) -> None:
        """The attack ``pd`` strikes its target (no counter stopped it)."""
        q, by = pd.target, pd.attacker
        if pd.kind == "throw":
            b.add(Landed(card=pd.card,
                         square=-1 if DECK[pd.card] == "Boomstone" else b.s.pos[q]))
        if pd.mode == "curse":
            b.add(SpellBegins(card=pd.card, caster=by, target=f"w{q}", tokens=pd.energy))
            return
        if pd.mode == "stun":
            b.add(StunAdded(player=q, count=T.ZOT_STUN))
            return
        source = "punch" if pd.card < 0 else DECK[pd.card]
        amount = pd.damage - pd.reduced
        if pd.mode == "brain":
            amount = len(b.s.hands[q]) - pd.reduced
        dealt = self._damage(b, q, amount, by, source, pd.fire)
        if b.s.pos[q] < 0:
            return
        if pd.mode == "bolt" and dealt:
            b.add(StunAdded(player=q, count=T.LIGHTNING_STUN))
        if pd.card >= 0 and WATER[pd.card]:
            for sp in b.s.spells:
                if sp.target == f"w{q}" and DECK[sp.card] in ("Fire Cloak", "Acid Bath"):
                    b.add(SpellEnds(card=sp.card))
        if pd.mode.startswith("knock"):
            d, k = B.DIRS.index(pd.mode[5]), int(pd.mode[6:])
            path = walk(b.s, q, d, k)
            if path:
                start = b.s.pos[q]
                b.add(Moved(player=q, square=path[-1]))
                self._crossed(b, q, [start, *path])
        if pd.kind == "punch" and on_wizard(b.s, q, "Fire Cloak") is not None:
            self._damage(b, by, T.FIRE_CLOAK_BURN, -1, "Fire Cloak", fire=True)

    def _next_target(self, b: _Builder, pd: Pending) -> None:
        s = b.s
        if s.result or s.pos[pd.attacker] < 0:
            return
        rest = [q for q in pd.rest if s.pos[q] >= 0]
        if rest:
            b.add(Attack(attacker=pd.attacker, target=rest[0], card=pd.card, kind=pd.kind,
                         damage=pd.damage, dtype=pd.dtype, fire=pd.fire, energy=pd.energy,
                         mode=pd.mode, origin=pd.origin, rest=tuple(rest[1:])))

    def _cancel(self, b: _Builder, pd: Pending, how: str, landing: int = -1) -> None:
        """The pending attack or spell is stopped. A thrown weapon falls where it was
        stopped: in the target's square if the target evaded it (``landing``: where the
        target stood), in the thrower's if a wall or shield stopped it."""
        b.add(Cancelled(how=how))
        if pd.kind == "throw":
            if DECK[pd.card] == "Boomstone":
                square = -1
            elif how == "evaded":
                square = landing if landing >= 0 else b.s.pos[pd.target]
            else:
                square = b.s.pos[pd.attacker]
            b.add(Landed(card=pd.card, square=square))
        if pd.kind != "neutral":
            self._next_target(b, pd)

    # -- neutral spells

    def _neutral(self, b: _Builder, a: Cast) -> None:
        """The effect of the neutral spell ``a`` (cast, and not countered)."""
        s = b.s
        p, c, name = a.player, a.card, DECK[a.card]
        energy = energy_value(s, p, a.energy, a.energy2)
        arg = a.target[1:]
        g = B.geometry(s.players)
        if name == "Meditate":
            self._draw(b, p, T.MEDITATE_DRAW)
        elif name == "Destroy Wall":
            e = int(arg)
            if s.edges[e] not in WALL_KINDS:
                return
            self._destroy_wall(b, e)
            sq, d = g.edge_squares[e]
            sides = (sq, g.neighbour(sq, d))
            for q in range(s.players):
                if b.s.pos[q] in sides:
                    self._damage(b, q, T.DESTROY_WALL_DAMAGE, -1, name, fire=False)
            for sp in creatures(b.s):
                if square_of(sp) in sides:
                    self._hit_unit(b, sp.card, T.DESTROY_WALL_DAMAGE)
        elif name == "Create Wall":
            b.add(SpellBegins(card=c, caster=p, target=a.target, tokens=0))
            b.add(WallCreated(edge=int(arg)))
        elif name == "Dispel":
            if spell_of(s, int(arg)) is not None:
                b.add(SpellEnds(card=int(arg)))
        elif name == "Drop Object":
            who, what = a.target.split(":")
            q = int(who[1:])
            n = int(what[1:])
            if (what[0] == "t" and s.bearer[n] == q) or (what[0] == "c" and n in s.carried[q]):
                b.add(Dropped(player=q, what=what))
                if what[0] == "c" and DECK[n] == "Brainstone":
                    self._lose_brainstones(b, q, 1)
        elif name == "Pick Lock":
            b.add(DoorPicked(edge=int(arg)))
        elif name == "Around the Corner":
            b.add(Bent())
        elif name == "Astral Projection":
            b.add(Projected(square=int(arg)))
        elif name == "Rotate Sector":
            b.add(Rotated(sector=int(a.target[6:]), quarter=int(a.mode) // 90))
        elif name in ("Fog", "Fire Cloak", "Pain Link", "Wall of Fire"):
            target = {"Fog": "*", "Wall of Fire": a.target}.get(name, f"w{p}")
            b.add(SpellBegins(card=c, caster=p, target=target, tokens=energy))
        elif name == "Flood":
            self._flood(b, c, p, energy)
        elif name in ("Stone Block", "Dust Cloud", "Homunculus", "Fool's Gold"):
            b.add(SpellBegins(card=c, caster=p, target=a.target, tokens=0))
        elif name in T.FORMS:
            self._transform(b, p, c, energy if name == "Mist Body" else 0)
        elif name == "Windrider":
            d, k = B.DIRS.index(a.mode[0]), int(a.mode[1:])
            path = walk(s, p, d, k)
            if path:
                b.add(Moved(player=p, square=path[-1]))
                self._crossed(b, p, [s.pos[p], *path])
        elif name == "Mental Force":
            q, dest = int(arg), int(a.mode)
            route = reach(s, q, energy + T.MENTAL_FORCE_BONUS).get(dest, ())
            if route:
                b.add(Moved(player=q, square=dest))
                self._crossed(b, q, [s.pos[q], *route])
        elif name == "Teleport":
            b.add(Moved(player=p, square=int(arg)))
        elif name == "Share Life":
            q = int(arg)
            total = s.life[p] + s.life[q]
            b.add(LifeSet(player=p, life=(total + 1) // 2))
            b.add(LifeSet(player=q, life=total // 2))
        elif name == "Thought Steal":
            q = int(arg)
            hand = list(s.hands[q])
            taken: list[int] = []
            for _ in range(min(T.THOUGHT_STEAL_CARDS, len(hand))):
                i = 0
                if len(hand) > 1:
                    roll = Roll.of(b.dice, p, len(hand), 1, "thought-steal")
                    b.add(roll)
                    i = roll.values[0] - 1
                taken.append(hand.pop(i))
            if taken:
                b.add(Stolen(thief=p, victim=q, cards=tuple(taken)))

    def _transform(self, b: _Builder, p: int, card: int, tokens: int) -> None:
        """A transformation replaces any other on the wizard."""
        old = form(b.s, p)
        if old is not None:
            b.add(SpellEnds(card=old.card))
        b.add(SpellBegins(card=card, caster=p, target=f"w{p}", tokens=tokens))

    def _flood(self, b: _Builder, card: int, p: int, energy: int) -> None:
        """Flood begins and puts out every fire (and every Acid Bath)."""
        b.add(SpellBegins(card=card, caster=p, target="*", tokens=energy))
        for sp in b.s.spells:
            if DECK[sp.card] in ("Wall of Fire", "Fire Cloak", "Acid Bath"):
                b.add(SpellEnds(card=sp.card))

    # -- consequences

    def _draw(self, b: _Builder, p: int, k: int) -> None:
        need = k
        while need > 0:
            if not b.s.deck:
                if not b.s.discard:
                    return
                b.add(Shuffle.of(b.dice, "discard", len(b.s.discard)))
            take = min(need, len(b.s.deck))
            b.add(Draw(player=p, cards=b.s.deck[:take]))
            need -= take

    def _crossed(self, b: _Builder, p: int, path: list[int]) -> None:
        """Walls of Fire burn a wizard crossing them along ``path`` (not an attack)."""
        burning = fire_walls(b.s)
        if not burning:
            return
        for x, y in pairwise(path):
            if crossed_edge(b.s, x, y) in burning and b.s.pos[p] >= 0:
                self._damage(b, p, T.WALL_OF_FIRE_DAMAGE, -1, "Wall of Fire", fire=True)

    def _damage(self, b: _Builder, q: int, amount: int, by: int, source: str,
                fire: bool, reflect: bool = True) -> int:
        """Deal damage to seat ``q``'s wizard (less its Bloodshards and Golem Form);
        returns what it took."""
        if b.s.pos[q] < 0:
            return 0
        amount -= carried_named(b.s, q, "Bloodshard")
        f = form(b.s, q)
        if f is not None:
            amount -= T.FORMS[DECK[f.card]][3]
        if amount <= 0:
            return 0
        b.add(Damage(player=q, amount=amount, by=by, source=source))
        if fire:
            stones = tuple(c for c in b.s.carried[q] if "magic-stone" in TRAITS[c])
            if stones:
                b.add(StonesDestroyed(player=q, cards=stones))
                booms = sum(1 for c in stones if DECK[c] == "Boomstone")
                if booms:
                    b.add(Damage(player=q, amount=booms * T.BOOMSTONE_BACKFIRE, by=by,
                                 source="Boomstone"))
                brains = sum(1 for c in stones if DECK[c] == "Brainstone")
                if brains:
                    self._lose_brainstones(b, q, brains)
        if b.s.life[q] <= 0:
            killer = by if by >= 0 and by != q and b.s.pos[by] >= 0 else -1
            b.add(Death(player=q, by=killer, square=b.s.pos[q]))
        if (reflect and 0 <= by != q and b.s.pos[by] >= 0
                and on_wizard(b.s, q, "Pain Link") is not None):
            self._damage(b, by, amount, -1, "Pain Link", fire=False, reflect=False)
        return amount

    def _lose_brainstones(self, b: _Builder, p: int, count: int) -> None:
        """Each Brainstone lost makes its carrier discard two cards at random."""
        if b.s.pos[p] < 0:
            return
        hand = list(b.s.hands[p])
        out: list[int] = []
        for _ in range(min(T.BRAINSTONE_HAND * count, len(hand))):
            i = 0
            if len(hand) > 1:
                roll = Roll.of(b.dice, p, len(hand), 1, "brainstone")
                b.add(roll)
                i = roll.values[0] - 1
            out.append(hand.pop(i))
        if out:
            b.add(Discarded(player=p, cards=tuple(out)))

    def _hit_unit(self, b: _Builder, card: int, amount: int) -> None:
        """Cracks on a Stone Block or damage to a creature; it falls at its limit."""
        sp = spell_of(b.s, card)
        if sp is None or amount <= 0:
            return
        b.add(Hit(card=card, amount=amount))
        limit = T.STONE_BLOCK_CRACKS if DECK[card] == "Stone Block" else T.HOMUNCULUS_LIFE
        if sp.hits + amount >= limit:
            b.add(SpellEnds(card=card))

    def _crack_wall(self, b: _Builder, e: int, cracks: int) -> None:
        k = b.s.edges[e]
        if k not in WALL_KINDS or cracks <= 0:
            return
        b.add(Cracked(edge=e, cracks=cracks))
        limit = T.DOOR_CRACKS if k == "D" else T.WALL_CRACKS
        if b.s.cracks[e] >= limit:
            self._destroy_wall(b, e)

    def _destroy_wall(self, b: _Builder, e: int) -> None:
        for sp in b.s.spells:
            if sp.target == f"e{e}" and DECK[sp.card] == "Create Wall":
                b.add(SpellEnds(card=sp.card))
                return
        b.add(WallDestroyed(edge=e))

    def _begin_turn(self, b: _Builder, p: int) -> None:
        b.add(TurnBegins(player=p, movement=speed(b.s, p)))
        # 1. spell effects when time passes
        for sp in b.s.spells:
            if sp.caster == p and DECK[sp.card] == "Acid Bath" and spell_of(b.s, sp.card):
                self._damage(b, int(sp.target[1:]), T.ACID_BATH_DAMAGE, p, "Acid Bath",
                             fire=False)
        if b.s.pos[p] < 0:
            return
        stones = carried_named(b.s, p, "Lifestone")
        if stones:
            gain = min(stones, T.LIFE_MAX - b.s.life[p])
            if gain > 0:
                b.add(Heal(player=p, amount=gain))
        # 2. remove energy from temporary spells
        for sp in b.s.spells:
            if sp.caster == p and sp.tokens > 0:
                b.add(TokenSpent(card=sp.card))
                if sp.tokens == 1:
                    b.add(SpellEnds(card=sp.card))
        # 3. stun
        if b.s.stun[p] > 0:
            b.add(Stunned(player=p))

    def _next_turn(self, b: _Builder) -> None:
        s = b.s
        for i in range(1, s.players + 1):
            q = (s.active + i) % s.players
            if s.pos[q] >= 0:
                self._begin_turn(b, q)
                return

    def _settle(self, b: _Builder) -> None:
        """Deadly treasures, victory, and a new turn when the active wizard died."""
        s = b.s
        if s.result:
            return
        if s.options.deadly_treasures:
            g = B.geometry(s.players)
            for o in alive(s):
                homes = {g.home[q] for q in range(s.players) if q != o}
                if all(s.treasures[t] in homes and s.bearer[t] < 0 for t in (2 * o, 2 * o + 1)):
                    b.add(Death(player=o, by=-1, square=s.pos[o]))
            s = b.s
        living = alive(s)
        if len(living) <= 1:
            b.add(GameOver(winners=living, reason="last-alive" if living else "no-survivors"))
            return
        winners = tuple(p for p in living if points(s, p) >= s.options.victory_points)
        if winners:
            b.add(GameOver(winners=winners, reason="points"))
            return
        if s.pos[s.active] < 0 and s.phase != "respond":
            self._next_turn(b)
            self._settle(b)

    # ---------------------------------------------------------------- evolve

    def evolve(self, state: _State, event: _Event) -> _State:
        return _evolve(state, event)

    # ---------------------------------------------------------------- hidden information

    def view(self, state: _State, player: PlayerId | None) -> _State:
        """Other hands become ``-1`` placeholders; the deck order is hidden from all."""
        hands = tuple(h if p == player else (-1,) * len(h) for p, h in enumerate(state.hands))
        return replace(state, hands=hands, deck=(-1,) * len(state.deck))

    def redact(self, event: _Event, player: PlayerId | None) -> _Event:
        if isinstance(event, Shuffle):
            return msgspec.structs.replace(event, order=())
        if isinstance(event, Deal):
            return Deal(hands=tuple(h if p == player else (-1,) * len(h)
                                    for p, h in enumerate(event.hands)))
        if isinstance(event, Draw) and event.player != player:
            return Draw(player=event.player, cards=(-1,) * len(event.cards))
        if isinstance(event, Stolen) and player not in (event.thief, event.victim):
            return msgspec.structs.replace(event, cards=(-1,) * len(event.cards))
        return event

    def disguise(self, state: _State, player: PlayerId, rng: random.Random) -> _State:
        """Deal the cards ``player`` cannot see (deck and other hands) anew."""
        pool = list(state.deck)
        for p, h in enumerate(state.hands):
            if p != player:
                pool += h
        rng.shuffle(pool)
        deck = tuple(pool[: len(state.deck)])
        rest = pool[len(state.deck):]
        hands = []
        for p, h in enumerate(state.hands):
            if p == player:
                hands.append(h)
            else:
                hands.append(tuple(rest[: len(h)]))
                rest = rest[len(h):]
        return replace(state, deck=deck, hands=tuple(hands))

    # ---------------------------------------------------------------- text

    def render(self, state: _State, player: PlayerId | None = None) -> str:
        return _render.board(state, player)

    def describe(self, event: _Event) -> str:
        return _render.describe(event)

    def notation(self, state: _State) -> str:
        return _notation.notation(state)

    def parse(self, text: str, options: _Options, players: Sequence[str]) -> _State:
        return _notation.parse(text, options, tuple(players))


_HANDLERS: dict[type, Any] = {
    Start: WizWarRules._do_start, Move: WizWarRules._do_move,
    PickUp: WizWarRules._do_pick_up, Drop: WizWarRules._do_drop,
    Boost: WizWarRules._do_plain, Punch: WizWarRules._do_punch,
    Cast: WizWarRules._do_cast, Use: WizWarRules._do_use, Throw: WizWarRules._do_throw,
    EndSpell: WizWarRules._do_end_spell, EndMove: WizWarRules._do_plain,
    Discard: WizWarRules._do_plain, EndTurn: WizWarRules._do_end_turn,
    Counter: WizWarRules._do_counter, Allow: WizWarRules._do_allow,
}

RULES = WizWarRules()
