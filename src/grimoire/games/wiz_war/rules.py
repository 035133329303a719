"""Wiz-War: the decider.

``legal`` is the single source of truth: ``decide`` accepts exactly the actions ``legal``
lists and explains any other with a reason code (see ``_why``). Consequences are built
by folding each new event into a scratch state as it is produced, so what ``decide``
returns is always what ``evolve`` agrees with.

>>> from grimoire.games.wiz_war import RULES
>>> s = RULES.setup(RULES.Options(), ("Callista", "Matt"))
>>> sorted(RULES.to_act(s)), RULES.legal(s, 0)
([0], [Start(player=0)])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction
from grimoire.core.events import Event, Roll, Shuffle
from grimoire.core.rules import BaseRules, Outcome, PlayerId
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import render as _render
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.events import (
    Allow,
    Attack,
    Boost,
    Cancelled,
    Cast,
    Counter,
    Cracked,
    Damage,
    Deal,
    Death,
    Discard,
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
    Landed,
    Move,
    PickUp,
    Punch,
    Reduced,
    SpellBegins,
    SpellEnds,
    Start,
    StonesDestroyed,
    StunAdded,
    Stunned,
    Throw,
    TokenSpent,
    TurnBegins,
    WallCreated,
    WallDestroyed,
    WizWarEvent,
)
from grimoire.games.wiz_war.state import Options, Pending, Spell, State

__all__ = ["DECK", "RULES", "WizWarRules"]

_State = State
_Options = Options
_Event = Event

DECK: tuple[str, ...] = tuple(
    name for school in T.FIRST_GAME_SCHOOLS for name, k in T.SCHOOLS[school] for _ in range(k)
)
"""Card ``i`` of every game is ``DECK[i]`` (the unshuffled deck, school by school)."""

KIND: tuple[str, ...] = tuple(T.CARDS[n][1] for n in DECK)
EV: tuple[int, ...] = tuple(T.CARDS[n][2] for n in DECK)
DURATION: tuple[str, ...] = tuple(T.CARDS[n][4] for n in DECK)
TRAITS: tuple[tuple[str, ...], ...] = tuple(T.CARDS[n][5] for n in DECK)
PLAYABLE: tuple[bool, ...] = tuple(n in T.PLAYABLE for n in DECK)
USES_ENERGY = frozenset({"Zot!", "Powerthrust", "Acid Bath", "Shield"})
WALL_KINDS = "#DW"


def _replace(state: State, **kw: Any) -> State:
    return msgspec.structs.replace(state, **kw)


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return (*t[:i], v, *t[i + 1:])


def _without(t: tuple[int, ...], x: int) -> tuple[int, ...]:
    i = t.index(x)
    return t[:i] + t[i + 1:]


# ------------------------------------------------------------------ state queries


def carried_named(s: State, p: int, name: str) -> int:
    return sum(1 for c in s.carried[p] if DECK[c] == name)


def hand_limit(s: State, p: int) -> int:
    return T.HAND_MAX


def hand_count(s: State, p: int) -> int:
    """Cards in hand plus carried items plus maintained spells (unless Uncluttered Minds)."""
    n = len(s.hands[p]) + len(s.carried[p])
    if not s.options.uncluttered_minds:
        n += sum(1 for sp in s.spells if sp.caster == p)
    return n


def speed(s: State, p: int) -> int:
    return T.BASE_SPEED + carried_named(s, p, "Speedstone")


def spell_energy(s: State, p: int, energy: int) -> int:
    """A spell's energy: the discarded card's energy value replaces the default of 1;
    each carried Powerstone adds 1."""
    return (EV[energy] if energy >= 0 else 1) + carried_named(s, p, "Powerstone")


def treasure_of(s: State, p: int) -> int:
    """The treasure seat ``p`` carries, or -1."""
    for t, who in enumerate(s.bearer):
        if who == p:
            return t
    return -1


def points(s: State, p: int) -> int:
    """Kills plus enemy treasures lying in the seat's home base."""
    home = B.geometry(s.players).home[p]
    lying = sum(
        1 for t, sq in enumerate(s.treasures) if sq == home and t // 2 != p and s.bearer[t] < 0
    )
    return s.kills[p] + lying


def alive(s: State) -> tuple[int, ...]:
    return tuple(p for p in range(s.players) if s.pos[p] >= 0)


def destination(s: State, p: int, d: int) -> int:
    """Where seat ``p``'s wizard goes across side ``d`` (-1: blocked). Doors open for
    their sector's wizard and for a door opened by Pick Lock this phase."""
    g = B.geometry(s.players)
    sq = s.pos[p]
    e = g.edge[sq][d]
    if e >= 0:
        k = s.edges[e]
        if k == "." or (k == "D" and (g.edge_sector[e] == p or s.picked == e)):
            return g.neighbour(sq, d)
        return -1
    lk = g.link[sq][d]
    return -1 if lk is None else lk[0]


def sees(s: State, a: int, b: int) -> bool:
    return B.sees(s.players, s.edges, a, b)


def over_limit(s: State) -> bool:
    p = s.active
    return s.phase in ("move", "draw") and s.pos[p] >= 0 and hand_count(s, p) > hand_limit(s, p)


# ------------------------------------------------------------------ the builder


class _Builder:
    """Events produced so far and the state they lead to."""

    __slots__ = ("dice", "ev", "rules", "s")

    def __init__(self, rules: WizWarRules, state: State, dice: Dice) -> None:
        self.rules = rules
        self.s = state
        self.ev: list[Event] = []
        self.dice = dice

    def add(self, e: Event) -> None:
        self.ev.append(e)
        self.s = self.rules.evolve(self.s, e)


# ------------------------------------------------------------------ the rules


class WizWarRules(BaseRules):
    """Wiz-War (Tom Jolly; 2011 edition), first-game schools."""

    name = "wiz-war"
    version = "1"
    seats = (2, 3, 4)
    default_players = T.SEAT_NAMES[:2]
    Options = Options
    State = State
    Event = WizWarEvent

    def __init__(self) -> None:
        self._evolvers: dict[type, Callable[[State, Any], State]] = {
            Start: _ev_start, Move: _ev_move, PickUp: _ev_pick_up, Drop: _ev_drop,
            Boost: _ev_boost, Punch: _ev_punch, Cast: _ev_cast, Throw: _ev_throw,
            EndSpell: _ev_same, EndMove: _ev_end_move, Discard: _ev_discard,
            EndTurn: _ev_same, Counter: _ev_counter, Allow: _ev_allow,
            Roll: _ev_same, Shuffle: _ev_shuffle, Deal: _ev_deal, FirstPlayer: _ev_same,
            TurnBegins: _ev_turn_begins, Attack: _ev_attack, Draw: _ev_draw,
            Damage: _ev_damage, Heal: _ev_heal, Stunned: _ev_stunned, StunAdded: _ev_stun_added,
            SpellBegins: _ev_spell_begins, TokenSpent: _ev_token_spent, SpellEnds: _ev_spell_ends,
            Cancelled: _ev_cancelled, Reduced: _ev_reduced, Cracked: _ev_cracked,
            WallDestroyed: _ev_wall_destroyed, WallCreated: _ev_wall_created,
            Landed: _ev_landed, Dropped: _ev_dropped, StonesDestroyed: _ev_stones_destroyed,
            DoorPicked: _ev_door_picked, Death: _ev_death, GameOver: _ev_game_over,
        }
        self._deciders: dict[type, Callable[[_Builder, Any], None]] = {
            Start: self._do_start, Move: self._do_plain, PickUp: self._do_plain,
            Drop: self._do_plain, Boost: self._do_plain, Punch: self._do_punch,
            Cast: self._do_cast, Throw: self._do_throw, EndSpell: self._do_end_spell,
            EndMove: self._do_plain, Discard: self._do_plain, EndTurn: self._do_end_turn,
            Counter: self._do_counter, Allow: self._do_allow,
        }

    # ---------------------------------------------------------------- setup

    def setup(self, options: _Options, players: Sequence[str]) -> _State:
        n = len(players)
        if n not in self.seats:
            raise IllegalAction("setup/players", f"Wiz-War is for 2-4 players, got {n}")
        if options.victory_points < 1:
            raise IllegalAction("setup/victory-points", f"{options.victory_points} < 1")
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
            deck=tuple(range(len(DECK))),
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

    def _energy_options(self, s: _State, p: int, card: int) -> list[int]:
        if DECK[card] not in USES_ENERGY:
            return [-1]
        return [-1] + [e for e in s.hands[p] if e != card and EV[e] > 0]

    def _legal_respond(self, s: _State, p: int) -> list[_Event]:
        pd = s.pending
        assert pd is not None
        out: list[_Event] = []
        for c in s.hands[p]:
            name = DECK[c]
            if name == "Full Shield" and pd.kind == "spell":
                out.append(Counter(player=p, card=c))
            elif name == "Shield" and pd.damage - pd.reduced > 0 and pd.mode == "":
                for e in self._energy_options(s, p, c):
                    out.append(Counter(player=p, card=c, energy=e))
        out.append(Allow(player=p))
        return out

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

    def _enemies_in_sight(self, s: _State, p: int) -> list[int]:
        sq = s.pos[p]
        return [q for q in range(s.players) if q != p and s.pos[q] >= 0 and sees(s, sq, s.pos[q])]

    def _legal_move(self, s: _State, p: int) -> list[_Event]:
        out: list[_Event] = []
        sq = s.pos[p]
        if s.mp > 0 and not (s.stunned and s.attacked):
            for d in range(4):
                if destination(s, p, d) >= 0:
                    out.append(Move(player=p, dir=B.DIRS[d]))
        if treasure_of(s, p) < 0:
            for t, where in enumerate(s.treasures):
                if where == sq and s.bearer[t] < 0:
                    out.append(PickUp(player=p, what=f"t{t}"))
        if s.mp >= 1 and hand_count(s, p) < hand_limit(s, p):
            for c, where in s.objects:
                if where == sq:
                    out.append(PickUp(player=p, what=f"c{c}"))
        t = treasure_of(s, p)
        if t >= 0:
            out.append(Drop(player=p, what=f"t{t}"))
        out += [Drop(player=p, what=f"c{c}") for c in s.carried[p]]
        if not s.boosted:
            out += [Boost(player=p, card=c) for c in s.hands[p] if EV[c] > 0]
        attack = self.can_attack(s, p)
        enemies = self._enemies_in_sight(s, p)
        if attack:
            for q in range(s.players):
                if q != p and s.pos[q] >= 0 and B.adjacent(s.players, s.edges, sq, s.pos[q]):
                    out.append(Punch(player=p, target=q))
            for c in s.carried[p]:
                if DECK[c] in T.THROWN_DAMAGE:
                    out += [Throw(player=p, card=c, target=q) for q in enemies]
        for c in s.hands[p]:
            if not PLAYABLE[c]:
                continue
            kind = KIND[c]
            if kind == "item":
                out.append(Cast(player=p, card=c, target="s"))
            elif (kind == "attack" and attack) or kind == "neutral":
                for target, mode in self._targets(s, p, c, enemies):
                    for e in self._energy_options(s, p, c):
                        out.append(Cast(player=p, card=c, target=target, energy=e, mode=mode))
        out += [EndSpell(player=p, card=sp.card) for sp in s.spells if sp.caster == p]
        out.append(EndMove(player=p))
        return out

    def _targets(self, s: _State, p: int, c: int, enemies: list[int]) -> list[tuple[str, str]]:
        name = DECK[c]
        n, edges, sq = s.players, s.edges, s.pos[p]
        wizards = [(f"w{q}", "") for q in enemies]
        if name in ("Fireball", "Powerthrust"):
            walls = B.visible_edges(n, edges, sq, WALL_KINDS)
            return wizards + [(f"e{e}", "") for e in walls]
        if name == "Zot!":
            return [(f"w{q}", m) for q in enemies for m in ("damage", "stun")]
        if name == "Acid Bath":
            return wizards
        if name == "Meditate":
            return [("s", "")]
        if name == "Destroy Wall":
            return [(f"e{e}", "") for e in B.visible_edges(n, edges, sq, WALL_KINDS)]
        if name == "Create Wall":
            return [(f"e{e}", "") for e in B.visible_edges(n, edges, sq, ".")]
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
            g = B.geometry(n)
            return [(f"e{g.edge[sq][d]}", "") for d in range(4)
                    if g.edge[sq][d] >= 0 and edges[g.edge[sq][d]] == "D"]
        return []

    # ---------------------------------------------------------------- decide

    def decide(self, state: _State, action: _Event, dice: Dice) -> tuple[_Event, ...]:
        player = self.require_turn(state, action)
        handler = self._deciders.get(type(action))
        if handler is None:
            raise IllegalAction("action/unknown", f"{action!r} is not a Wiz-War action")
        if action not in self.legal(state, player):
            raise IllegalAction(*self._why(state, action))
        b = _Builder(self, state, dice)
        handler(b, action)
        if b.s.phase != "start":
            self._settle(b)
        return tuple(b.ev)

    def _why(self, s: _State, a: _Event) -> tuple[str, str]:
        """The reason code for an action ``legal`` does not list."""
        detail = f"{a!r}"
        tag = str(type(a).__struct_config__.tag)
        if s.phase == "start":
            return ("turn/not-started", f"{detail}: the game has not started")
        if s.phase == "respond" and not isinstance(a, (Counter, Allow)):
            return ("respond/counter-only", f"{detail}: only counter spells or allow now")
        if s.phase != "respond" and isinstance(a, (Counter, Allow)):
            return ("respond/no-attack", f"{detail}: no attack is waiting for a response")
        if over_limit(s) and not isinstance(a, (Discard, EndSpell, Drop)):
            return ("hand/over-limit", f"{detail}: discard down to the hand size first")
        card = getattr(a, "card", -1)
        if isinstance(a, (Cast, Boost, Discard, Counter)):
            if not 0 <= card < len(DECK):
                return (f"{tag}/unknown-card", f"{detail}: no card {card}")
            owner = a.player
            if card not in s.hands[owner]:
                return (f"{tag}/not-in-hand", f"{detail}: {DECK[card]} is not in your hand")
        if s.phase == "draw" and isinstance(a, (Move, PickUp, Drop, Boost, Punch, Cast, Throw,
                                                EndSpell, EndMove)):
            return ("phase/discard-and-draw", f"{detail}: the Move and Cast phase is over")
        if s.phase == "move" and isinstance(a, (EndTurn, Discard)):
            return ("phase/move-and-cast", f"{detail}: end the Move and Cast phase first")
        if isinstance(a, EndTurn):
            return ("draw/too-many", f"{detail}: at most 2 cards, never above the hand size")
        if isinstance(a, Move):
            if a.dir not in tuple(B.DIRS):
                return ("move/bad-direction", f"{detail}: directions are n, e, s, w")
            if s.mp <= 0:
                return ("move/no-points", f"{detail}: no movement points left")
            if s.stunned and s.attacked:
                return ("move/stunned", f"{detail}: a stunned wizard who attacked may not move")
            return ("move/blocked", f"{detail}: a wall, locked door or outer wall is in the way")
        if isinstance(a, (Punch, Throw)) or (isinstance(a, Cast) and KIND[card] == "attack"):
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
        if isinstance(a, Cast):
            if not PLAYABLE[card]:
                return ("cast/not-implemented", f"{detail}: {DECK[card]} cannot be cast yet")
            if KIND[card] in ("counter", "energy"):
                return ("cast/wrong-type", f"{detail}: {KIND[card]} cards are not cast this way")
            if a.energy >= 0 and DECK[card] not in USES_ENERGY:
                return ("cast/energy", f"{detail}: {DECK[card]} does not use energy")
            if a.energy >= 0 and (a.energy not in s.hands[a.player] or a.energy == card
                                  or EV[a.energy] <= 0):
                return ("cast/energy", f"{detail}: the energy card must be another card "
                        "in your hand with an energy value")
            return ("cast/target", f"{detail}: not a legal target in range")
        if isinstance(a, Boost):
            if s.boosted:
                return ("boost/used", f"{detail}: one speed boost per turn")
            return ("boost/no-energy", f"{detail}: {DECK[card]} has no energy value")
        if isinstance(a, PickUp):
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
            return ("respond/not-applicable", f"{detail}: that counter does not apply here")
        return ("action/illegal", detail)

    # -- handlers

    def _do_plain(self, b: _Builder, a: _Event) -> None:
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

    def _do_punch(self, b: _Builder, a: Punch) -> None:
        b.add(a)
        damage = 1
        stones = carried_named(b.s, a.player, "Mightstone")
        if stones:
            roll = Roll.of(b.dice, a.player, 4, stones, "mightstone")
            b.add(roll)
            damage += sum(roll.values)
        b.add(Attack(attacker=a.player, target=a.target, card=-1, kind="punch",
                     damage=damage, dtype="physical"))

    def _do_throw(self, b: _Builder, a: Throw) -> None:
        b.add(a)
        dmg, dtype, fire = T.THROWN_DAMAGE[DECK[a.card]]
        b.add(Attack(attacker=a.player, target=a.target, card=a.card, kind="throw",
                     damage=dmg, dtype=dtype, fire=fire))

    def _do_cast(self, b: _Builder, a: Cast) -> None:
        s0 = b.s
        p, c, name = a.player, a.card, DECK[a.card]
        energy = spell_energy(s0, p, a.energy)
        b.add(a)
        if KIND[c] == "item":
            return
        kind, _, arg = a.target[:1], a.target, a.target[1:]
        if name in ("Fireball", "Powerthrust", "Zot!", "Acid Bath") and kind == "w":
            q = int(arg)
            if name == "Fireball":
                b.add(Attack(attacker=p, target=q, card=c, kind="spell",
                             damage=T.FIREBALL_DAMAGE, dtype="magical", fire=True))
            elif name == "Powerthrust":
                b.add(Attack(attacker=p, target=q, card=c, kind="spell",
                             damage=energy + T.POWERTHRUST_BONUS, dtype="magical",
                             energy=energy))
            elif name == "Zot!":
                stun = a.mode == "stun"
                b.add(Attack(attacker=p, target=q, card=c, kind="spell",
                             damage=0 if stun else energy, dtype="magical", energy=energy,
                             mode="stun" if stun else ""))
            else:
                b.add(Attack(attacker=p, target=q, card=c, kind="spell", damage=0,
                             dtype="magical", energy=energy, mode="curse"))
            return
        if name in ("Fireball", "Powerthrust"):
            dmg = T.FIREBALL_DAMAGE if name == "Fireball" else energy + T.POWERTHRUST_BONUS
            self._hit_wall(b, int(arg), dmg)
        elif name == "Meditate":
            self._draw(b, p, T.MEDITATE_DRAW)
        elif name == "Destroy Wall":
            e = int(arg)
            self._destroy_wall(b, e)
            g = B.geometry(s0.players)
            sq, d = g.edge_squares[e]
            sides = (sq, g.neighbour(sq, d))
            for q in range(s0.players):
                if b.s.pos[q] in sides:
                    self._damage(b, q, T.DESTROY_WALL_DAMAGE, -1, name, fire=False)
        elif name == "Create Wall":
            b.add(SpellBegins(card=c, caster=p, target=a.target, tokens=0))
            b.add(WallCreated(edge=int(arg)))
        elif name == "Dispel":
            b.add(SpellEnds(card=int(arg)))
        elif name == "Drop Object":
            who, what = a.target.split(":")
            b.add(Dropped(player=int(who[1:]), what=what))
        elif name == "Pick Lock":
            b.add(DoorPicked(edge=int(arg)))

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
        # Shield reduces by 2 plus the energy card's value (the rulebook's example: 2
        # without an energy card), plus 1 per Powerstone.
        bonus = (EV[a.energy] if a.energy >= 0 else 0) + carried_named(b.s, a.player, "Powerstone")
        b.add(a)
        if DECK[a.card] == "Full Shield":
            b.add(Cancelled())
        else:
            b.add(Reduced(amount=bonus + T.SHIELD_BONUS))

    def _do_allow(self, b: _Builder, a: Allow) -> None:
        pd = b.s.pending
        assert pd is not None
        b.add(a)
        q = pd.target
        if pd.kind == "throw":
            b.add(Landed(card=pd.card, square=-1 if DECK[pd.card] == "Boomstone" else b.s.pos[q]))
        if pd.mode == "curse":
            b.add(SpellBegins(card=pd.card, caster=pd.attacker, target=f"w{q}",
                              tokens=pd.energy))
        elif pd.mode == "stun":
            b.add(StunAdded(player=q, count=T.ZOT_STUN))
        else:
            source = "punch" if pd.card < 0 else DECK[pd.card]
            self._damage(b, q, pd.damage - pd.reduced, pd.attacker, source, pd.fire)

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

    def _damage(self, b: _Builder, q: int, amount: int, by: int, source: str,
                fire: bool) -> None:
        if amount <= 0 or b.s.pos[q] < 0:
            return
        b.add(Damage(player=q, amount=amount, by=by, source=source))
        if fire:
            stones = tuple(c for c in b.s.carried[q] if "magic-stone" in TRAITS[c])
            if stones:
                b.add(StonesDestroyed(player=q, cards=stones))
                booms = sum(1 for c in stones if DECK[c] == "Boomstone")
                if booms:
                    b.add(Damage(player=q, amount=booms * T.BOOMSTONE_BACKFIRE, by=by,
                                 source="Boomstone"))
        if b.s.life[q] <= 0:
            killer = by if by >= 0 and by != q and b.s.pos[by] >= 0 else -1
            b.add(Death(player=q, by=killer, square=b.s.pos[q]))

    def _hit_wall(self, b: _Builder, e: int, damage: int) -> None:
        k = b.s.edges[e]
        cracks = damage // T.DAMAGE_PER_CRACK
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
            if sp.caster == p and DECK[sp.card] == "Acid Bath":
                q = int(sp.target[1:])
                self._damage(b, q, T.ACID_BATH_DAMAGE, p, "Acid Bath", fire=False)
        stones = carried_named(b.s, p, "Lifestone")
        if stones and b.s.pos[p] >= 0:
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
        return self._evolvers[type(event)](state, event)

    # ---------------------------------------------------------------- hidden information

    def view(self, state: _State, player: PlayerId | None) -> _State:
        """Other hands become ``-1`` placeholders; the deck order is hidden from all."""
        hands = tuple(h if p == player else (-1,) * len(h) for p, h in enumerate(state.hands))
        return _replace(state, hands=hands, deck=(-1,) * len(state.deck))

    def redact(self, event: _Event, player: PlayerId | None) -> _Event:
        if isinstance(event, Shuffle):
            return msgspec.structs.replace(event, order=())
        if isinstance(event, Deal):
            return Deal(hands=tuple(h if p == player else (-1,) * len(h)
                                    for p, h in enumerate(event.hands)))
        if isinstance(event, Draw) and event.player != player:
            return Draw(player=event.player, cards=(-1,) * len(event.cards))
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
        return _replace(state, deck=deck, hands=tuple(hands))

    # ---------------------------------------------------------------- text

    def render(self, state: _State, player: PlayerId | None = None) -> str:
        return _render.board(state, player)

    def describe(self, event: _Event) -> str:
        return _render.describe(event)

    def notation(self, state: _State) -> str:
        return _render.notation(state)

    def parse(self, text: str, options: _Options, players: Sequence[str]) -> _State:
        return _render.parse(text, options, tuple(players))


# ------------------------------------------------------------------ evolvers


def _ev_same(s: State, e: Any) -> State:
    return s


def _ev_start(s: State, e: Start) -> State:
    return _replace(s, phase="move")


def _ev_shuffle(s: State, e: Shuffle) -> State:
    if e.pile == "deck":
        return _replace(s, deck=e.apply(s.deck))
    return _replace(s, deck=s.deck + e.apply(s.discard), discard=())


def _ev_deal(s: State, e: Deal) -> State:
    dealt = sum(len(h) for h in e.hands)
    return _replace(s, hands=tuple(tuple(h) for h in e.hands), deck=s.deck[dealt:])


def _ev_turn_begins(s: State, e: TurnBegins) -> State:
    p = e.player
    return _replace(s, active=p, phase="move", turns=_set(s.turns, p, s.turns[p] + 1),
                    mp=e.movement, boosted=False, attacked=False, moved=False,
                    stunned=False, picked=-1)


def _ev_move(s: State, e: Move) -> State:
    p = e.player
    dest = destination(s, p, B.DIRS.index(e.dir))
    return _replace(s, pos=_set(s.pos, p, dest), mp=s.mp - 1, moved=True)


def _ev_pick_up(s: State, e: PickUp) -> State:
    p = e.player
    n = int(e.what[1:])
    if e.what[0] == "t":
        # picking up a treasure ends the Move and Cast phase
        return _replace(s, treasures=_set(s.treasures, n, -1), bearer=_set(s.bearer, n, p),
                        phase="draw", picked=-1)
    objects = tuple(o for o in s.objects if o != (n, s.pos[p]))
    return _replace(s, objects=objects, carried=_set(s.carried, p, s.carried[p] + (n,)),
                    mp=s.mp - 1)


def _drop(s: State, p: int, what: str) -> State:
    n = int(what[1:])
    sq = s.pos[p]
    if what[0] == "t":
        return _replace(s, treasures=_set(s.treasures, n, sq), bearer=_set(s.bearer, n, -1))
    return _replace(s, carried=_set(s.carried, p, _without(s.carried[p], n)),
                    objects=(*s.objects, (n, sq)))


def _ev_drop(s: State, e: Drop) -> State:
    return _drop(s, e.player, e.what)


def _ev_dropped(s: State, e: Dropped) -> State:
    return _drop(s, e.player, e.what)


def _ev_boost(s: State, e: Boost) -> State:
    p = e.player
    return _replace(s, hands=_set(s.hands, p, _without(s.hands[p], e.card)),
                    discard=(*s.discard, e.card), mp=s.mp + EV[e.card], boosted=True)


def _ev_punch(s: State, e: Punch) -> State:
    return _replace(s, attacked=True)


def _ev_cast(s: State, e: Cast) -> State:
    p, c = e.player, e.card
    hand = _without(s.hands[p], c)
    discard = s.discard
    if e.energy >= 0:
        hand = _without(hand, e.energy)
        discard += (e.energy,)
    carried = s.carried
    kind = KIND[c]
    if kind == "item":
        carried = _set(carried, p, carried[p] + (c,))
    elif DURATION[c] == "instant":
        discard += (c,)
    return _replace(s, hands=_set(s.hands, p, hand), discard=discard, carried=carried,
                    attacked=s.attacked or kind == "attack")


def _ev_throw(s: State, e: Throw) -> State:
    p = e.player
    return _replace(s, carried=_set(s.carried, p, _without(s.carried[p], e.card)),
                    attacked=True)


def _ev_attack(s: State, e: Attack) -> State:
    pd = Pending(attacker=e.attacker, target=e.target, card=e.card, kind=e.kind,
                 damage=e.damage, dtype=e.dtype, fire=e.fire, energy=e.energy, mode=e.mode)
    return _replace(s, pending=pd, phase="respond")


def _ev_counter(s: State, e: Counter) -> State:
    p = e.player
    hand = _without(s.hands[p], e.card)
    discard = (*s.discard, e.card)
    if e.energy >= 0:
        hand = _without(hand, e.energy)
        discard += (e.energy,)
    return _replace(s, hands=_set(s.hands, p, hand), discard=discard)


def _ev_allow(s: State, e: Allow) -> State:
    return _replace(s, pending=None, phase="move")


def _ev_cancelled(s: State, e: Cancelled) -> State:
    pd = s.pending
    discard = s.discard
    if pd is not None and pd.card >= 0 and DURATION[pd.card] != "instant":
        discard += (pd.card,)
    return _replace(s, pending=None, phase="move", discard=discard)


def _ev_reduced(s: State, e: Reduced) -> State:
    pd = s.pending
    assert pd is not None
    return _replace(s, pending=msgspec.structs.replace(pd, reduced=pd.reduced + e.amount))


def _ev_draw(s: State, e: Draw) -> State:
    k = len(e.cards)
    return _replace(s, hands=_set(s.hands, e.player, s.hands[e.player] + s.deck[:k]),
                    deck=s.deck[k:])


def _ev_damage(s: State, e: Damage) -> State:
    return _replace(s, life=_set(s.life, e.player, s.life[e.player] - e.amount))


def _ev_heal(s: State, e: Heal) -> State:
    return _replace(s, life=_set(s.life, e.player,
                                 min(T.LIFE_MAX, s.life[e.player] + e.amount)))


def _ev_stunned(s: State, e: Stunned) -> State:
    return _replace(s, stun=_set(s.stun, e.player, s.stun[e.player] - 1), stunned=True)


def _ev_stun_added(s: State, e: StunAdded) -> State:
    return _replace(s, stun=_set(s.stun, e.player, s.stun[e.player] + e.count))


def _ev_spell_begins(s: State, e: SpellBegins) -> State:
    return _replace(s, spells=(*s.spells, Spell(e.card, e.caster, e.target, e.tokens)))


def _ev_token_spent(s: State, e: TokenSpent) -> State:
    return _replace(s, spells=tuple(
        msgspec.structs.replace(sp, tokens=sp.tokens - 1) if sp.card == e.card else sp
        for sp in s.spells))


def _ev_spell_ends(s: State, e: SpellEnds) -> State:
    edges, cracks = s.edges, s.cracks
    for sp in s.spells:
        if sp.card == e.card and DECK[sp.card] == "Create Wall":
            edge = int(sp.target[1:])
            edges = _set(edges, edge, ".")
            cracks = _set(cracks, edge, 0)
    return _replace(s, spells=tuple(sp for sp in s.spells if sp.card != e.card),
                    discard=(*s.discard, e.card), edges=edges, cracks=cracks)


def _ev_cracked(s: State, e: Cracked) -> State:
    return _replace(s, cracks=_set(s.cracks, e.edge, s.cracks[e.edge] + e.cracks))


def _ev_wall_destroyed(s: State, e: WallDestroyed) -> State:
    return _replace(s, edges=_set(s.edges, e.edge, "."), cracks=_set(s.cracks, e.edge, 0))


def _ev_wall_created(s: State, e: WallCreated) -> State:
    return _replace(s, edges=_set(s.edges, e.edge, "W"), cracks=_set(s.cracks, e.edge, 0))


def _ev_landed(s: State, e: Landed) -> State:
    if e.square < 0:
        return _replace(s, discard=(*s.discard, e.card))
    return _replace(s, objects=(*s.objects, (e.card, e.square)))


def _ev_stones_destroyed(s: State, e: StonesDestroyed) -> State:
    carried = tuple(c for c in s.carried[e.player] if c not in e.cards)
    return _replace(s, carried=_set(s.carried, e.player, carried),
                    discard=s.discard + e.cards)


def _ev_door_picked(s: State, e: DoorPicked) -> State:
    return _replace(s, picked=e.edge)


def _ev_end_move(s: State, e: EndMove) -> State:
    return _replace(s, phase="draw", picked=-1)


def _ev_discard(s: State, e: Discard) -> State:
    p = e.player
    return _replace(s, hands=_set(s.hands, p, _without(s.hands[p], e.card)),
                    discard=(*s.discard, e.card))


def _ev_death(s: State, e: Death) -> State:
    p, sq = e.player, e.square
    objects = s.objects + tuple((c, sq) for c in s.carried[p])
    treasures, bearer = s.treasures, s.bearer
    for t, who in enumerate(bearer):
        if who == p:
            treasures = _set(treasures, t, sq)
            bearer = _set(bearer, t, -1)
    ended = tuple(sp for sp in s.spells if sp.caster == p or sp.target == f"w{p}")
    spells = tuple(sp for sp in s.spells if sp not in ended)
    edges, cracks = s.edges, s.cracks
    for sp in ended:
        if DECK[sp.card] == "Create Wall":
            edge = int(sp.target[1:])
            edges = _set(edges, edge, ".")
            cracks = _set(cracks, edge, 0)
    discard = s.discard + tuple(sp.card for sp in ended)
    hands, kills = s.hands, s.kills
    if e.by >= 0:
        hands = _set(hands, e.by, hands[e.by] + hands[p])
        kills = _set(kills, e.by, kills[e.by] + 1)
    else:
        discard += hands[p]
    hands = _set(hands, p, ())
    return _replace(s, pos=_set(s.pos, p, -1), objects=objects, treasures=treasures,
                    bearer=bearer, spells=spells, edges=edges, cracks=cracks,
                    discard=discard, hands=hands, kills=kills,
                    carried=_set(s.carried, p, ()), stun=_set(s.stun, p, 0))


def _ev_game_over(s: State, e: GameOver) -> State:
    return _replace(s, winners=e.winners, result=e.reason, phase="over", pending=None)


RULES = WizWarRules()
