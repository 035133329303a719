"""Wiz-War: the decider (setup, turns, movement, attacks, and the way every card is cast
and answered) and what each seat may see. No card is named here: what a card does is its
record in ``tables.CARDS`` and its effect in ``cards``.

``legal`` is the single source of truth. Its actions come from a few generators, each
opened by named guards (``WALK``, ``ATTACK``...); ``decide`` accepts exactly what the
generator for the action's kind lists, and refuses anything else with the first guard
that is shut, or with the generator's own reason. Consequences are folded into a scratch
state as they are produced (the kit's ``Builder``), so what ``decide`` returns is always
what ``evolve`` agrees with.

>>> from grimoire.games.wiz_war import RULES
>>> s = RULES.setup(RULES.Options(), ("Callista", "Matt"))
>>> sorted(RULES.to_act(s)), RULES.legal(s, 0)
([0], [Start(player=0)])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple, NoReturn

import msgspec

from grimoire.core.dice import Dice
from grimoire.core.errors import IllegalAction, UsageError
from grimoire.core.events import Roll, Shuffle
from grimoire.core.kit import Builder
from grimoire.core.rules import PlayerId
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK, EV
from grimoire.games.wiz_war.cards import Sight, effect_of, offers, targets
from grimoire.games.wiz_war.cards.base import (
    Build,
    batter,
    cancel,
    crossed,
    destroy_wall,
    draw,
    hit,
    hit_unit,
    next_target,
)
from grimoire.games.wiz_war.cards.targets import by_square, number, trap_squares
from grimoire.games.wiz_war.events import (
    Allow,
    ArmTrap,
    Attack,
    BoardBuilt,
    Boost,
    Cast,
    Charged,
    Counter,
    CounterWindow,
    Deal,
    Death,
    Discard,
    Dissolved,
    Draw,
    Drop,
    EndMove,
    EndSpell,
    EndTurn,
    Event,
    FirstPlayer,
    GameOver,
    Heal,
    Landed,
    LayToken,
    Move,
    Moved,
    PickUp,
    Punch,
    SchoolsDrawn,
    SpellEnds,
    Start,
    Stolen,
    Stunned,
    Throw,
    ThrowAt,
    TokenSpent,
    TrapsLaid,
    TurnBegins,
    Use,
    Window,
)
from grimoire.games.wiz_war.evolve import evolve
from grimoire.games.wiz_war.state import (
    NO_ENERGY,
    PILES,
    SECTOR_PILE,
    Options,
    Pending,
    State,
    aimed_at,
    alive,
    carried,
    charge,
    clouds,
    creatures,
    crossed_edge,
    deck_of,
    destination,
    discard_of,
    energies,
    energy_value,
    eye,
    fire_walls,
    form_of,
    global_with,
    glued,
    group_of,
    hand_count,
    hand_limit,
    home,
    in_sight,
    landing,
    laying,
    looking,
    misty,
    others_in_turn_order,
    over_limit,
    passage,
    points,
    sees_edge,
    sight,
    sight_edges,
    speed,
    spell_of,
    spellbook,
    square_of,
    stone_at,
    stone_blocks,
    treasure_of,
    wizard_has,
)

# ------------------------------------------------------------------ setup and turns


def setup(options: Options, players: Sequence[str]) -> State:
    """Wizards on their home bases, treasures on their starts, the deck unshuffled; seat
    0 starts the game. Options out of range are usage errors."""
    n = len(players)
    if n not in (2, 3, 4):
        raise UsageError("setup/players", f"Wiz-War is for 2-4 players, got {n}")
    if options.victory_points not in T.EXTENDED_PLAY and not (
            options.any_victory_points and options.victory_points >= 1):
        raise UsageError("setup/victory-points",
                         f"{options.victory_points}: play to {T.VICTORY_POINTS}, or 3 or 4 "
                         "(Extended Play)")
    if options.counter_neutral not in ("anyone", "target"):
        raise UsageError("setup/counter-neutral",
                         f"{options.counter_neutral!r}: use 'anyone' or 'target'")
    extra = options.extra_cards
    if len(set(extra)) != len(extra) or any(c not in T.EXTRA_CARDS for c in extra):
        raise UsageError("setup/extra-cards",
                         f"{extra!r}: each at most once, from {T.EXTRA_CARDS}")
    schools = school_choice(options) or ()
    book = spellbook_choice(options)
    if book is not None:
        if not isinstance(options.schools, msgspec.UnsetType) or extra:
            raise UsageError("setup/custom-spellbook", "the Custom Spellbook drafts its own "
                             "schools: not with the schools or extra_cards options")
        schools = book
    if options.side not in T.SIDES:
        raise UsageError("setup/side", f"{options.side!r}: play side 'a' (the new maps) or "
                         "'b' (the classic maps) of the sector boards")
    g = B.geometry(B.layout_key(n, options.side))
    treasures = tuple(q for p in range(n) for q in g.treasure_starts[p])
    return State(
        players=n, names=tuple(players), options=options, phase="start", active=0,
        turns=(0,) * n, pos=g.home, life=(T.LIFE_START,) * n, kills=(0,) * n, stun=(0,) * n,
        hands=((),) * n, deck=B.deck_for(schools, extra), discard=(),
        carried=((),) * n, spells=(), objects=(), treasures=treasures,
        bearer=(-1,) * len(treasures), edges=g.initial_edges,
        cracks=(0,) * len(g.initial_edges), schools=schools,
        split=len(B.groups(schools)[0]) if book is not None else 0, board=g.key,
    )


RANDOM = "random"
"""The ``schools`` option's value that draws the three schools with the dice."""
RANDOM_DRAW: tuple[str, ...] = ("alchemy", "elemental", "mentalism", "thaumaturgy")
"""The schools ``schools="random"`` draws three of in ruleset ``"2"`` (and with
``random_among_four``): its die has a face for each way of choosing three of these, so a
log recorded under it re-derives its draw only with exactly these."""
RANDOM_DRAW_3: tuple[str, ...] = ("alchemy", "elemental", "mentalism", "thaumaturgy",
                                  "conjuring", "mutation")
"""The schools ``schools="random"`` draws three of from ruleset ``"3"``: every playable
school, in the order of their card numbers (20 faces). A school made playable later joins
the draw only under a new ruleset, which keeps this tuple for the logs recorded under
this one."""


def random_draw(options: Options) -> tuple[str, ...]:
    """The schools ``schools="random"`` draws three of under ``options``.

    >>> random_draw(Options())[-2:]
    ('conjuring', 'mutation')
    >>> random_draw(Options(random_among_four=True)) == RANDOM_DRAW
    True
    """
    return RANDOM_DRAW if options.random_among_four else RANDOM_DRAW_3


@cache
def school_choice(options: Options) -> tuple[str, ...] | None:
    """The three schools ``options`` names, in the order of their card numbers (None:
    drawn at random as the game starts). A school that does not exist, is named twice, is
    not playable yet, or a count other than three is a usage error (``setup/schools``)
    naming the schools there are.

    >>> school_choice(Options())
    ('alchemy', 'elemental', 'mentalism')
    >>> school_choice(Options(schools="Mentalism, alchemy,ELEMENTAL"))
    ('alchemy', 'elemental', 'mentalism')
    >>> school_choice(Options(schools="random")) is None
    True
    """
    given = options.schools
    if isinstance(given, msgspec.UnsetType):
        return B.FIRST_GAME_CHOICE
    names = given.split(",") if isinstance(given, str) else list(given)
    names = [str(x).strip().lower() for x in names]
    offer = f"choose {T.SCHOOLS_PER_GAME} of {', '.join(B.PLAYABLE)}, or {RANDOM!r}"
    if names == [RANDOM]:
        return None
    for name in names:
        if name == "white-cantrip":
            raise UsageError("setup/schools", f"{name!r}: White Cantrip is always in; "
                             f"{offer}")
        if name not in T.CHOICES:
            raise UsageError("setup/schools", f"{name!r} is not a school: {offer}")
        if name not in B.PLAYABLE:
            raise UsageError("setup/schools", f"{name!r} is not playable yet: {offer}")
    if len(set(names)) != len(names) or len(names) != T.SCHOOLS_PER_GAME:
        raise UsageError("setup/schools", f"{given!r}: {offer} (each once)")
    return tuple(sorted(names, key=B.PLAYABLE.index))


@cache
def spellbook_choice(options: Options) -> tuple[str, ...] | None:
    """The ``custom_spellbook`` option's schools: the first group's three (White Cantrip's,
    the even seats) then the second's (Black Cantrip's, the odd seats), each group's in
    the order of their card numbers (None: the option is unset). Anything but two groups
    of three playable schools, six different ones, is a usage error
    (``setup/custom-spellbook``).

    >>> spellbook_choice(Options(custom_spellbook="Mutation,alchemy,elemental/"
    ...                                           "conjuring, mentalism,thaumaturgy"))
    ('alchemy', 'elemental', 'mutation', 'mentalism', 'thaumaturgy', 'conjuring')
    """
    given = options.custom_spellbook
    if isinstance(given, msgspec.UnsetType):
        return None
    k = T.SCHOOLS_PER_GAME
    offer = (f"name {k} schools for each group, a slash between, {2 * k} different ones "
             f"of {', '.join(B.PLAYABLE)} (e.g. 'alchemy,mentalism,thaumaturgy/"
             "conjuring,elemental,mutation')")
    halves = given.split("/")
    chosen = [[x.strip().lower() for x in h.split(",")] for h in halves]
    every = [x for h in chosen for x in h]
    if (len(halves) != 2 or any(len(h) != k for h in chosen)
            or len(set(every)) != len(every) or any(x not in B.PLAYABLE for x in every)):
        raise UsageError("setup/custom-spellbook", f"{given[:80]!r}: {offer}")
    return tuple(x for h in chosen for x in sorted(h, key=B.PLAYABLE.index))


# ONLY[p]: the set of seat p alone, the usual answer of ``to_act``, made once
ONLY: tuple[frozenset[PlayerId], ...] = tuple(frozenset((p,)) for p in range(4))


def to_act(s: State) -> frozenset[PlayerId]:
    """The active player, or the wizard who must answer an attack or a neutral spell (or,
    while a counter spell against it waits, the player it counters)."""
    pd = s.pending
    if s.phase == "respond" and pd is not None:
        p = pd.target if pd.counter is None else pd.attacker
    else:
        p = s.active
    return ONLY[p] if 0 <= p < 4 else frozenset((p,))


# ------------------------------------------------------------------ guards


class Guard(NamedTuple):
    """A condition an action needs: while it does not hold, ``legal`` lists no action it
    opens and ``decide`` refuses them with ``reason``."""

    reason: str
    holds: Callable[[State, int], bool]
    why: str


WALK = (
    Guard("move/no-points", lambda s, p: s.mp > 0, "no movement points left"),
    Guard("move/stunned", lambda s, p: not (s.stunned and s.attacked),
          "a stunned wizard who attacked may not move"),
)
ATTACK = (
    Guard("attack/first-turn", lambda s, p: s.turns[p] > 1,
          "no attack on a player's first turn"),
    Guard("attack/used", lambda s, p: not s.attacked, "one attack per turn"),
    Guard("attack/stunned", lambda s, p: not (s.stunned and s.moved),
          "a stunned wizard who moved may not attack"),
)
BOOST = (Guard("boost/used", lambda s, p: not s.boosted, "one speed boost per turn"),)
GRAVITY = Guard("pick-up/gravity", lambda s, p: not global_with(s, "gravity"),
                "nothing is picked up while Gravity lasts")
TREASURE = (GRAVITY, Guard("pick-up/one-treasure", lambda s, p: treasure_of(s, p) < 0,
                           "a wizard carries one treasure"))
OBJECT = (
    GRAVITY,
    Guard("pick-up/no-points", lambda s, p: s.mp >= 1, "picking up an object costs 1"),
    Guard("pick-up/hand-full", lambda s, p: hand_count(s, p) < hand_limit(s, p),
          "no room within the hand size"),
)


def rooted(s: State, p: int) -> bool:
    """Is seat ``p`` the active wizard, stunned, who chose to attack? He "cannot
    voluntarily leave the square he's in that turn for any reason (including by casting a
    spell that would move him out of that square)" (not with ``stun_ignores_spells``)."""
    return (p == s.active and s.stunned and s.attacked
            and not s.options.stun_ignores_spells)


def shut(guards: Sequence[Guard], s: State, p: int) -> Guard | None:
    """The first guard that does not hold (None: all do)."""
    for g in guards:
        if not g.holds(s, p):
            return g
    return None


def _refuse_shut(guards: Sequence[Guard], s: State, a: Any) -> None:
    g = shut(guards, s, a.player)
    if g is not None:
        raise IllegalAction(g.reason, f"{a!r}: {g.why}")


def castable(s: State, p: int, c: int) -> tuple[str, str] | None:
    """Why seat ``p`` may not cast card ``c`` now (reason, why), or None."""
    card = CARD[c]
    if card.kind not in ("attack", "neutral", "item") or "companion" in card.traits:
        return ("cast/wrong-type", f"{DECK[c]} is not cast this way")
    if "fire" in card.traits and global_with(s, "flood"):
        return ("cast/flooded", "no fire spell while the Flood lasts")
    if card.kind == "item" and global_with(s, "gravity"):
        return ("cast/gravity", "no item is put into play while Gravity lasts")
    return None


# ------------------------------------------------------------------ legal


def legal(s: State, p: PlayerId) -> Sequence[Event]:
    """Every legal action of ``p``, in a stable order."""
    if s.phase == "start":
        return [Start(player=p)]
    if s.phase == "respond":
        return respond_options(s, p)
    if s.traps and laying(s) is not None:
        return trap_options(s, p)
    if over_limit(s):
        return limit_options(s, p)
    if s.phase == "draw":
        return draw_options(s, p)
    view = Sight(s, p)
    return [*walks(s, p), *creature_options(s, p), *treasure_pick_ups(s, p),
            *object_pick_ups(s, p), *room_discards(s, p), *drops(s, p), *boosts(s, p),
            *punches(s, p), *throws(s, p), *uses(s, p),
            *(a for c in known(s, p) for a in casts(s, p, c, view)),
            *end_spells(s, p), EndMove(player=p)]


def trap_options(s: State, p: int) -> list[Event]:
    """The Booby Trap's caster places its next token on an empty square he sees (no home
    base), or, all laid, chooses the real one among them: nothing else until he has."""
    sp = laying(s)
    if sp is None or sp.caster != p:
        return []
    if sp.moves > 1:
        squares = trap_squares(s, p)
        if squares:
            return [LayToken(player=p, square=q) for q in squares]
    return [ArmTrap(player=p, square=q) for c, q, _ in s.traps if c == sp.card]


def known(s: State, p: int) -> list[int]:
    """The cards of seat ``p``'s hand that are known: a position read from a view holds
    hidden ones (-1), which are never offered."""
    return [c for c in s.hands[p] if c >= 0]


def respond_options(s: State, p: int) -> list[Event]:
    """Counters from the hand, discards against a burning brain, carried counters,
    and allowing the attack or spell."""
    pd = s.pending
    assert pd is not None
    out: list[Event] = []
    if pd.counter is not None:  # a counter spell waits for the countered player's answer
        for c in known(s, p):
            out += effect_of(c).answers(s, p, c, pd)
        out.append(Allow(player=p))
        return out
    for c in known(s, p):
        out += effect_of(c).counters(s, p, c, pd)
    if pd.mode == "brain":
        out += [Discard(player=p, card=c) for c in known(s, p)]
    for c in s.carried[p]:
        out += effect_of(c).carried_counters(s, p, c, pd)
    if rooted(s, p):
        out = [a for a in out if not isinstance(a, Counter) or effect_of(a.card).relocates(a) != p]
    out.append(Allow(player=p))
    return out


def limit_options(s: State, p: int) -> list[Event]:
    """Ways down to the hand size: discard, end a spell, drop an item."""
    out: list[Event] = [Discard(player=p, card=c) for c in known(s, p)]
    out += [EndSpell(player=p, card=sp.card) for sp in s.spells if sp.caster == p]
    out += [Drop(player=p, what=f"c{c}") for c in s.carried[p]]
    return out


def draw_options(s: State, p: int) -> list[Event]:
    """Discard and Draw: discards (and, "at any time during his turn", ending spells and
    dropping items), then drawing up to two (never above the hand size)."""
    out: list[Event] = [Discard(player=p, card=c) for c in known(s, p)]
    out += end_spells(s, p) + item_drops(s, p)
    out += [EndTurn(player=p, draw=k) for k in range(draw_most(s, p), -1, -1)]
    return out


def draw_most(s: State, p: int) -> int:
    """The most cards seat ``p`` may draw ending its turn: two (more with items), never
    above the hand size nor more than deck and discards hold (0 at least)."""
    room = hand_limit(s, p) - hand_count(s, p)
    g = group_of(s, p)
    pool = len(deck_of(s, g)) + len(discard_of(s, g))
    return max(min(T.DRAW_PER_TURN + carried(s, p, _draws), room, pool), 0)


def walks(s: State, p: int) -> list[Event]:
    """The wizard's steps (out of a cloud: a random direction, ``r``)."""
    return [Move(player=p, dir=d) for d in walk_dirs(s, p)]


def walk_dirs(s: State, p: int) -> tuple[str, ...]:
    """The directions of the wizard's steps: open sides, or ``r`` out of a cloud."""
    if shut(WALK, s, p):
        return ()
    here = s.pos[p]
    if s.spells and here in clouds(s):
        return ("r",)
    # destination(s, p, d) for each side, asking misty and the picked door once
    mist, picked = misty(s, p), s.picked if p == s.active else -1
    return tuple(B.DIRS[d] for d in range(4) if passage(s, here, d, p, mist, picked) >= 0)


_SIDE: dict[str, int] = {name: d for d, name in enumerate(B.DIRS)}


def walk_offered(s: State, p: int, direction: str) -> bool:
    """``direction in walk_dirs(s, p)``, looking at that side only (``decide``'s check
    of a wizard's step)."""
    if shut(WALK, s, p):
        return False
    here = s.pos[p]
    if s.spells and here in clouds(s):
        return direction == "r"
    d = _SIDE.get(direction)
    return d is not None and passage(s, here, d, p, misty(s, p),
                                     s.picked if p == s.active else -1) >= 0


def creature_options(s: State, p: int) -> list[Event]:
    """What each of the player's creatures may do: step, then drop or pick up a treasure."""
    out: list[Event] = []
    for sp in creatures(s):
        if sp.caster != p:
            continue
        here = square_of(sp)
        if sp.moves > 0:
            out += [Move(player=p, dir=B.DIRS[d], unit=sp.card) for d in range(4)
                    if passage(s, here, d, p) >= 0]
        if sp.carry >= 0:
            out.append(Drop(player=p, what=f"t{sp.carry}", unit=sp.card))
        elif sp.moves >= 0 and not global_with(s, "gravity"):
            out += [PickUp(player=p, what=f"t{t}", unit=sp.card)
                    for t, where in enumerate(s.treasures)
                    if where == here and not glued(s, f"t{t}")]
    return out


def treasure_pick_ups(s: State, p: int) -> list[Event]:
    if shut(TREASURE, s, p):
        return []
    sq = s.pos[p]
    return [PickUp(player=p, what=f"t{t}") for t, where in enumerate(s.treasures)
            if where == sq and s.bearer[t] < 0 and not glued(s, f"t{t}")]


def object_pick_ups(s: State, p: int) -> list[Event]:
    if shut(OBJECT, s, p):
        return []
    return [PickUp(player=p, what=f"c{c}") for c, where in s.objects
            if where == s.pos[p] and not glued(s, f"c{c}")]


def room_discards(s: State, p: int) -> list[Event]:
    """Discards that make room for an object lying in the wizard's square: "he must first
    discard a card, end a maintained spell, or drop a carried item to make room"."""
    here = s.pos[p]
    if (s.mp < 1 or hand_count(s, p) < hand_limit(s, p)
            or not any(where == here for _, where in s.objects)):
        return []
    return [Discard(player=p, card=c) for c in known(s, p)]


def item_drops(s: State, p: int) -> list[Event]:
    return [Drop(player=p, what=f"c{c}") for c in s.carried[p]]


def drops(s: State, p: int) -> list[Event]:
    t = treasure_of(s, p)
    out: list[Event] = [Drop(player=p, what=f"t{t}")] if t >= 0 else []
    return out + item_drops(s, p)


def boosts(s: State, p: int) -> list[Event]:
    if shut(BOOST, s, p):
        return []
    return [Boost(player=p, card=c) for c in known(s, p) if EV[c] > 0]


def punches(s: State, p: int) -> list[Event]:
    """Punches at a wizard in the same or a neighbouring square, and the attacks of the
    weapons carried at him (with each card whose energy value a weapon may take)."""
    if shut(ATTACK, s, p):
        return []
    sq = s.pos[p]
    near = [q for q in range(s.players)
            if q != p and s.pos[q] >= 0 and B.adjacent(s.players, looking(s), sq, s.pos[q])]
    if s.spells and wizard_has(s, p, "reach"):  # Stretch: any enemy wizard in sight
        seen = sight(s, p, spell=False)
        near = [q for q in alive(s) if q != p and (q in near or s.pos[q] in seen)]
    out: list[Event] = [Punch(player=p, target=q) for q in near]
    if near and s.carried[p]:
        for w in s.carried[p]:
            weapon = CARD[w].weapon
            if weapon is None:
                continue
            fuel = [c for c in known(s, p) if EV[c] > 0] if weapon.energy else [-1]
            out += [Punch(player=p, target=q, weapon=w, energy=e) for q in near for e in fuel]
    return out


def throws(s: State, p: int) -> list[Event]:
    """Thrown weapons at an enemy wizard in sight, or at a wall, door or stone block seen
    ("a physical attack (by using an item ...) against another wizard or an object")."""
    throwable = [c for c in s.carried[p] if CARD[c].thrown is not None]
    if not throwable or shut(ATTACK, s, p):
        return []
    seen = sight(s, p, spell=False)
    enemies = [q for q in alive(s) if q != p and s.pos[q] in seen]
    objects = by_square(s.players, [
        *(f"e{e}" for e in sight_edges(s, p, B.WALL_KINDS, spell=False)),
        *(f"q{q}" for q in sorted(stone_blocks(s)) if q in seen)])
    out: list[Event] = []
    for c in throwable:  # item by item (a player picks the item, then what to throw at)
        out += [Throw(player=p, card=c, target=q) for q in enemies]
        out += [ThrowAt(player=p, card=c, at=t) for t in objects]
    return out


def uses(s: State, p: int) -> list[Event]:
    return [Use(player=p, card=c, target=t) for c in s.carried[p]
            for t in effect_of(c).use_targets(s, p, c)]


def casts(s: State, p: int, c: int, view: Sight,
          only: tuple[int, int, int] | None = None) -> list[Event]:
    """Every way to cast card ``c`` from the hand: an item into play; an attack (when
    the player may attack) or a neutral spell with each choice of energy and target,
    target by target (the order a player chooses in: the target, then the energy, then
    the card's mode). ``only``: just the ways with this (energy, add, energy2), sparing
    the targets of other energy values (``decide`` looks one cast up)."""
    card = CARD[c]
    if card.kind == "item":
        if s.spells and castable(s, p, c):  # no item while Gravity lasts
            return []
        return [Cast(player=p, card=c, target="s", energy=e, add=add, energy2=e2)
                for e, add, e2 in energies(s, p, c)]
    if castable(s, p, c) or (card.kind == "attack" and shut(ATTACK, s, p)):
        return []
    ways: list[Cast] = []
    by_value: dict[int, list[tuple[str, str]]] = {}
    choices = [w for w in energies(s, p, c) if only is None or w == only]
    for e, add, e2 in choices:
        value = energy_value(s, p, e, e2)
        if value not in by_value:
            by_value[value] = targets(s, p, c, value, view)
        ways += [Cast(player=p, card=c, target=t, energy=e, mode=m, add=add, energy2=e2)
                  for t, m in by_value[value]]
    if len(choices) > 1:  # target by target; within one, energy then mode (a stable sort)
        first: dict[str, int] = {}
        for a in ways:
            first.setdefault(a.target, len(first))
        ways.sort(key=lambda a: first[a.target])
    if rooted(s, p):
        ways = [a for a in ways if effect_of(c).relocates(a) != p]
    return [*ways]


def end_spells(s: State, p: int) -> list[Event]:
    return [EndSpell(player=p, card=sp.card) for sp in s.spells if sp.caster == p]


def _draws(item: T.Carried) -> int:
    return item.draw


# ------------------------------------------------------------------ decide


def decide(s: State, a: Event, dice: Dice) -> tuple[Event, ...]:
    """``a`` and every event it causes; refused unless ``legal`` lists it."""
    handler = _HANDLERS.get(type(a))
    if handler is None:
        raise IllegalAction("action/unknown", f"{a!r} is not a Wiz-War action")
    if not offered(s, a):
        refuse(s, a)
    b: Build = Builder(s, evolve, dice)
    handler(b, a)
    if b.state.phase != "start":
        settle(b)
    return b.done()


def offered(s: State, a: Any) -> bool:
    """Is ``a`` among the actions ``legal`` lists for its player? Asked of the generator
    of its kind only, and for the frequent kinds of the one action only, from what the
    generator lists (``a in legal(s, a.player)``, without building the rest)."""
    p, kind, phase = a.player, type(a), s.phase
    if phase == "move":
        if s.traps and laying(s) is not None:
            return a in trap_options(s, p)
        if over_limit(s):
            return a in limit_options(s, p)
        if kind is Move and a.unit < 0:
            return a.unit == -1 and walk_offered(s, p, a.dir)
        if kind is Cast:
            return a.card >= 0 and a.card in s.hands[p] and cast_offered(s, a)
        if kind is EndMove:  # always listed
            return True
        if kind is ThrowAt or kind is Throw:
            return throw_offered(s, a)
        return a in options_like(s, a)
    if phase == "draw" and not over_limit(s):
        if kind is EndTurn:  # EndTurn(draw=k) for k from draw_most down to 0
            return a.draw in range(draw_most(s, p) + 1)
        if kind is Discard:  # a discard of each known card
            return a.card >= 0 and a.card in s.hands[p]
    elif phase == "respond" and kind is Allow and p < s.players:  # always listed, last
        return True
    elif phase == "start":  # only Start(player=p)
        return kind is Start
    return a in legal(s, p)


def cast_offered(s: State, a: Cast) -> bool:
    """``a in casts(s, p, a.card, Sight(s, p))`` for a card in the hand, looking at the
    targets of its own energy choice only."""
    p, c = a.player, a.card
    ways = (a.energy, a.add, a.energy2)
    card = CARD[c]
    if card.kind == "item":
        return (a.target == "s" and a.mode == "" and ways in energies(s, p, c)
                and not (s.spells and castable(s, p, c)))
    if castable(s, p, c) or (card.kind == "attack" and shut(ATTACK, s, p)):
        return False
    if ways not in energies(s, p, c):
        return False
    value = energy_value(s, p, a.energy, a.energy2)
    if not offers(s, p, c, value, Sight(s, p), a.target, a.mode):
        return False
    return not (rooted(s, p) and effect_of(c).relocates(a) == p)


def throw_offered(s: State, a: Throw | ThrowAt) -> bool:
    """``a in throws(s, a.player)``, looking at its own target only."""
    p, c = a.player, a.card
    if c not in s.carried[p] or CARD[c].thrown is None or shut(ATTACK, s, p):
        return False
    if isinstance(a, Throw):
        q = a.target
        return q in alive(s) and q != p and in_sight(s, p, s.pos[q], spell=False)
    if sees_edge(s, p, number(a.at, "e"), B.WALL_KINDS, spell=False):
        return True
    q = number(a.at, "q")
    return q >= 0 and stone_at(s, q) and in_sight(s, p, q, spell=False)


def options_like(s: State, a: Any) -> Sequence[Event]:
    """The part of ``legal`` an action of ``a``'s kind could be in, in the Move and Cast
    phase (not over the hand size)."""
    p = a.player
    kind = type(a)
    # a creature's move, pick-up or drop names it (``unit``, a card, so never < 0); the
    # wizard's does not
    if kind is Move:
        return creature_options(s, p) if a.unit >= 0 else walks(s, p)
    if kind is PickUp:
        return (creature_options(s, p) if a.unit >= 0
                else treasure_pick_ups(s, p) + object_pick_ups(s, p))
    if kind is Drop:
        return creature_options(s, p) if a.unit >= 0 else drops(s, p)
    if kind is Cast:
        in_hand = a.card >= 0 and a.card in s.hands[p]
        return casts(s, p, a.card, Sight(s, p), (a.energy, a.add, a.energy2)) if in_hand else []
    pieces: dict[type, Callable[[State, int], list[Event]]] = {
        Boost: boosts, Punch: punches, Throw: throws, ThrowAt: throws, Use: uses,
        EndSpell: end_spells,
        Discard: room_discards,
    }
    if kind in pieces:
        return pieces[kind](s, p)
    return [EndMove(player=p)] if kind is EndMove else []


_CARD_REASONS: dict[type, tuple[str, str]] = {
    Cast: ("cast/unknown-card", "cast/not-in-hand"),
    Boost: ("boost/unknown-card", "boost/not-in-hand"),
    Discard: ("discard/unknown-card", "discard/not-in-hand"),
    Counter: ("counter/unknown-card", "counter/not-in-hand"),
    Use: ("use/unknown-card", "use/not-carried"),
}
_MOVE_PHASE = (Move, PickUp, Drop, Boost, Punch, Cast, Throw, ThrowAt, EndSpell, EndMove, Use)


def refuse(s: State, a: Any) -> NoReturn:
    """Refuse an action ``legal`` does not list, with the first reason that applies: the
    phase, the card, then the guards and generator of the action's kind."""
    detail = f"{a!r}"
    if s.phase == "start":
        raise IllegalAction("turn/not-started", f"{detail}: the game has not started")
    brain = s.pending is not None and s.pending.mode == "brain"
    if s.phase == "respond" and not isinstance(a, (Counter, Allow)) and not (
            brain and isinstance(a, Discard)):
        raise IllegalAction("respond/counter-only", f"{detail}: only counter spells or allow now")
    if s.phase != "respond" and isinstance(a, (Counter, Allow)):
        raise IllegalAction("respond/no-attack",
                            f"{detail}: no attack or spell waits for a response")
    if s.phase == "move" and laying(s) is not None and not isinstance(a, (LayToken, ArmTrap)):
        raise IllegalAction("trap/laying", f"{detail}: place the Booby Trap's tokens and "
                            "choose the real one first")
    if over_limit(s) and not isinstance(a, (Discard, EndSpell, Drop)):
        raise IllegalAction("hand/over-limit", f"{detail}: discard down to the hand size first")
    card = getattr(a, "card", -1)
    if type(a) in _CARD_REASONS:
        unknown, missing = _CARD_REASONS[type(a)]
        if not 0 <= card < len(DECK):
            raise IllegalAction(unknown, f"{detail}: no card {card}")
        if isinstance(a, Use):
            if card not in s.carried[a.player]:
                raise IllegalAction(missing, f"{detail}: you carry no {DECK[card]}")
        elif card not in s.hands[a.player] and not (
                isinstance(a, Counter) and card in s.carried[a.player]):
            raise IllegalAction(missing, f"{detail}: {DECK[card]} is not in your hand")
    if s.phase == "draw" and isinstance(a, _MOVE_PHASE) and not _any_time(a):
        raise IllegalAction("phase/discard-and-draw", f"{detail}: the Move and Cast phase is over")
    if s.phase == "move" and isinstance(a, (EndTurn, Discard)):
        raise IllegalAction("phase/move-and-cast", f"{detail}: end the Move and Cast phase "
                            "first (a discard now only makes room for an object here)")
    _REFUSALS.get(type(a), _refuse_other)(s, a, detail)
    raise IllegalAction("action/illegal", detail)


def _any_time(a: Any) -> bool:
    """Ending a spell or dropping an item: "at any time during his turn"."""
    return isinstance(a, EndSpell) or (isinstance(a, Drop) and a.unit < 0
                                       and a.what.startswith("c"))


def _refuse_end_turn(s: State, a: EndTurn, detail: str) -> None:
    raise IllegalAction("draw/too-many", f"{detail}: at most 2 cards, never above the hand size")


def _refuse_move(s: State, a: Move, detail: str) -> None:
    if a.dir not in (*B.DIRS, "r"):
        raise IllegalAction("move/bad-direction", f"{detail}: directions are n, e, s, w")
    if a.unit >= 0:
        raise IllegalAction("move/unit", f"{detail}: no such creature of yours with a move "
                            "left and a way open")
    _refuse_shut(WALK, s, a)
    if s.pos[a.player] in clouds(s) and a.dir != "r":
        raise IllegalAction("move/dust-cloud", f"{detail}: leaving a Dust Cloud goes in a "
                            "random direction: move 'r'")
    raise IllegalAction("move/blocked", f"{detail}: a wall, locked door or outer wall is in "
                        "the way")


def _refuse_punch(s: State, a: Punch, detail: str) -> None:
    _refuse_shut(ATTACK, s, a)
    if a.weapon >= 0 or a.energy >= 0:
        weapon = CARD[a.weapon].weapon if 0 <= a.weapon < len(DECK) else None
        if (weapon is None or a.weapon not in s.carried[a.player]
                or weapon.energy != (a.energy >= 0)
                or (a.energy >= 0 and (a.energy not in s.hands[a.player] or EV[a.energy] < 1))):
            raise IllegalAction("punch/weapon", f"{detail}: not a weapon you carry, or not "
                                "an energy card in your hand for one that takes it")
    raise IllegalAction("punch/out-of-reach", f"{detail}: punch a wizard in or next to your "
                        "square")


def _refuse_throw(s: State, a: Throw | ThrowAt, detail: str) -> None:
    _refuse_shut(ATTACK, s, a)
    if a.card not in s.carried[a.player]:
        raise IllegalAction("throw/not-carried", f"{detail}: you carry no such item")
    raise IllegalAction("throw/target", f"{detail}: not a thrown weapon or no line of sight")


def _refuse_use(s: State, a: Use, detail: str) -> None:
    raise IllegalAction("use/target", f"{detail}: not something {DECK[a.card]} can be used on")


def _refuse_cast(s: State, a: Cast, detail: str) -> None:
    if CARD[a.card].kind == "attack":
        _refuse_shut(ATTACK, s, a)
    _refuse_rooted(s, a, detail)
    why = castable(s, a.player, a.card)
    if why:
        raise IllegalAction(why[0], f"{detail}: {why[1]}")
    bad = _bad_energy(s, a.player, a.card, a.energy, a.add, a.energy2)
    if bad:
        raise IllegalAction("cast/energy", f"{detail}: {bad}")
    raise IllegalAction("cast/target", f"{detail}: not a legal target in range")


def _refuse_boost(s: State, a: Boost, detail: str) -> None:
    _refuse_shut(BOOST, s, a)
    raise IllegalAction("boost/no-energy", f"{detail}: {DECK[a.card]} has no energy value")


def _refuse_pick_up(s: State, a: PickUp, detail: str) -> None:
    if a.unit >= 0:
        raise IllegalAction("pick-up/unit", f"{detail}: your creature cannot pick that up now")
    _refuse_shut(TREASURE if a.what.startswith("t") else OBJECT, s, a)
    raise IllegalAction("pick-up/not-here", f"{detail}: nothing like that lies in your square")


def _refuse_drop(s: State, a: Drop, detail: str) -> None:
    raise IllegalAction("drop/not-carried", f"{detail}: you do not carry that")


def _refuse_end_spell(s: State, a: EndSpell, detail: str) -> None:
    raise IllegalAction("end-spell/not-yours", f"{detail}: you maintain no such spell")


def _refuse_rooted(s: State, a: Cast | Counter, detail: str) -> None:
    if rooted(s, a.player) and effect_of(a.card).relocates(a) == a.player:
        raise IllegalAction("move/stunned", f"{detail}: a stunned wizard who attacked may "
                            "not leave his square, not even by a spell")


def _refuse_counter(s: State, a: Counter, detail: str) -> None:
    _refuse_rooted(s, a, detail)
    bad = _bad_energy(s, a.player, a.card, a.energy, a.add, a.energy2)
    if bad:
        raise IllegalAction("counter/energy", f"{detail}: {bad}")
    pd = s.pending
    if pd is not None and pd.counter is None:
        effect = effect_of(a.card)
        played = msgspec.structs.replace(a, target="")
        if any(msgspec.structs.replace(x, target="") == played
               for x in effect.counters(s, a.player, a.card, pd) if isinstance(x, Counter)):
            why = effect.refusal(s, a, pd)
            if why is not None:
                raise IllegalAction(why[0], f"{detail}: {why[1]}")
    raise IllegalAction("respond/not-applicable",
                        f"{detail}: that counter does not apply here")


def _refuse_lay_token(s: State, a: LayToken, detail: str) -> None:
    sp = laying(s)
    if sp is None or sp.moves <= 1:
        raise IllegalAction("trap/not-laying", f"{detail}: no Booby Trap token of yours "
                            "is left to place")
    raise IllegalAction("trap/square", f"{detail}: a token goes on an empty square you "
                        "see, not a home base")


def _refuse_arm_trap(s: State, a: ArmTrap, detail: str) -> None:
    sp = laying(s)
    if sp is None:
        raise IllegalAction("trap/not-laying", f"{detail}: no Booby Trap of yours waits "
                            "for its real token")
    if sp.moves > 1:
        raise IllegalAction("trap/not-laying", f"{detail}: place the other tokens first")
    raise IllegalAction("trap/token", f"{detail}: the real trap is one of its tokens")


def _refuse_other(s: State, a: Any, detail: str) -> None:
    """No kind-specific reason: ``refuse`` ends with ``action/illegal``."""


_REFUSALS: dict[type, Callable[[State, Any, str], None]] = {
    EndTurn: _refuse_end_turn, Move: _refuse_move, Punch: _refuse_punch,
    Throw: _refuse_throw, ThrowAt: _refuse_throw, Use: _refuse_use, Cast: _refuse_cast,
    Boost: _refuse_boost,
    PickUp: _refuse_pick_up, Drop: _refuse_drop, EndSpell: _refuse_end_spell,
    Counter: _refuse_counter, LayToken: _refuse_lay_token, ArmTrap: _refuse_arm_trap,
}


def _bad_energy(s: State, p: int, card: int, energy: int, add: int, energy2: int) -> str:
    if (energy, add, energy2) == NO_ENERGY:
        return ""
    if not B.USES_ENERGY[card]:
        return f"{DECK[card]} does not use energy"
    if (energy, add, energy2) not in energies(s, p, card):
        return ("energy cards must be other cards in your hand with an energy value; "
                "a second one needs an Add")
    return ""


# ------------------------------------------------------------------ what actions do


def _plain(b: Build, a: Any) -> None:
    b.emit(a)


def _start(b: Build, a: Start) -> None:
    b.emit(a)
    if not b.state.options.fixed_board:  # setup step 2: the board built at random
        _build_board(b)
    if not b.state.schools:  # schools="random": three drawn, then the deck is theirs
        draws = list(combinations(random_draw(b.state.options), T.SCHOOLS_PER_GAME))
        roll = Roll.of(b.dice, None, len(draws), 1, "schools")
        b.emit(roll)
        b.emit(SchoolsDrawn(schools=draws[roll.values[0] - 1]))
    n = b.state.players
    k = T.HAND_START
    if spellbook(b.state):  # each group's deck shuffled, each seat dealt from its own
        for g, pile in enumerate(PILES):
            b.emit(Shuffle.of(b.dice, pile, len(deck_of(b.state, g))))
        dealt = [0, 0]
        hands = []
        for p in range(n):
            g = group_of(b.state, p)
            hands.append(deck_of(b.state, g)[dealt[g]:dealt[g] + k])
            dealt[g] += k
        b.emit(Deal(hands=tuple(hands)))
    else:
        b.emit(Shuffle.of(b.dice, "deck", len(b.state.deck)))
        deck = b.state.deck
        b.emit(Deal(hands=tuple(deck[i * k:(i + 1) * k] for i in range(n))))
    roll = Roll.of(b.dice, None, n, 1, "first-player")
    b.emit(roll)
    first = roll.values[0] - 1
    b.emit(FirstPlayer(player=first))
    begin_turn(b, first)


def _build_board(b: Build) -> None:
    """"He shuffles the sector boards under the table, being sure to change their
    orientation as well, and then randomly builds the game board according to the number
    of players": the players' sectors shuffled over the board's places (``sectors``),
    then a d4 for each place, in order, turning its sector 0, 90, 180 or 270 degrees
    clockwise (``orientation``: face 1 leaves it as drawn)."""
    n = b.state.players
    order = Shuffle.of(b.dice, SECTOR_PILE, n)
    b.emit(order)
    roll = Roll.of(b.dice, None, 4, n, "orientation")
    b.emit(roll)
    b.emit(BoardBuilt(sectors=order.order, quarters=tuple(v - 1 for v in roll.values)))


def _move(b: Build, a: Move) -> None:
    p = a.player
    if a.unit >= 0:
        sp = spell_of(b.state, a.unit)
        assert sp is not None
        frm = square_of(sp)
        b.emit(a)
        sp = spell_of(b.state, a.unit)
        assert sp is not None
        burning = fire_walls(b.state)
        e = crossed_edge(b.state, frm, square_of(sp))
        if e in burning:
            hit_unit(b, a.unit, CARD[burning[e]].amount)
        return
    frm = b.state.pos[p]
    b.emit(a)
    if a.dir == "r":
        roll = Roll.of(b.dice, p, 4, 1, "direction")
        b.emit(roll)
        dest = destination(b.state, p, B.random_direction(roll.values[0]))
        if dest >= 0:
            b.emit(Moved(player=p, square=dest))
    crossed(b, p, [frm, b.state.pos[p]])
    if b.state.spells and b.state.pos[p] not in (frm, -1):  # a step into a new square
        t = f"w{p}"
        for sp in b.state.spells:
            if sp.target == t:
                effect_of(sp.card).entered(b, sp, p)


def _pick_up(b: Build, a: PickUp) -> None:
    b.emit(a)
    p = a.player
    if a.unit >= 0:
        return
    if a.what.startswith("t"):
        for sp in b.state.spells:  # each spell that guards it answers (Ward, Fool's Gold)
            if spell_of(b.state, sp.card) is not None:
                effect_of(sp.card).treasure_taken(b, p, sp)
        return
    card = int(a.what[1:])
    effect_of(card).carry(b, p, card)


def _drop(b: Build, a: Drop) -> None:
    b.emit(a)
    if a.unit < 0 and a.what.startswith("c"):
        card = int(a.what[1:])
        effect_of(card).lost(b, a.player, (card,))


def _punch(b: Build, a: Punch) -> None:
    if a.weapon >= 0:
        _weapon(b, a)
        return
    b.emit(a)
    p = a.player
    shape = form_of(b.state, p)
    amount = shape.punch if shape is not None else 1
    if shape is not None and shape.die:  # a werewolf's claws: a die roll
        roll = Roll.of(b.dice, p, shape.die, 1, "punch")
        b.emit(roll)
        amount += roll.values[0]
    dice = carried(b.state, p, _punch_dice)
    if dice:
        roll = Roll.of(b.dice, p, 4, dice, "mightstone")
        b.emit(roll)
        amount += sum(roll.values)
    fire = False
    cloaked = False
    for sp in b.state.spells:
        if sp.target == f"w{p}" and "cloak" in CARD[sp.card].traits and not cloaked:
            amount += CARD[sp.card].amount
            fire = cloaked = True
        elif sp.target == f"w{p}" and "fists" in CARD[sp.card].traits:
            amount += CARD[sp.card].amount
    b.emit(Attack(attacker=p, target=a.target, card=-1, kind="punch", damage=amount,
                  dtype="physical", fire=fire, origin=b.state.pos[p]))


def _weapon(b: Build, a: Punch) -> None:
    """A carried weapon's attack: its damage, or the energy value of the card discarded
    with it (punching's bonuses are for fists)."""
    weapon = CARD[a.weapon].weapon
    assert weapon is not None
    amount = EV[a.energy] if weapon.energy else weapon.damage
    origin = b.state.pos[a.player]
    b.emit(a)
    b.emit(Attack(attacker=a.player, target=a.target, card=a.weapon, kind="weapon",
                  damage=amount, dtype=weapon.kind, origin=origin))


def _punch_dice(item: T.Carried) -> int:
    return item.punch


def _throw(b: Build, a: Throw | ThrowAt) -> None:
    spare = charge(b.state, a.card) > 1  # one of several: the item stays carried
    thrower = b.state.pos[a.player]
    b.emit(a)
    thrown = CARD[a.card].thrown
    assert thrown is not None
    if isinstance(a, ThrowAt):  # at an object: no window; it falls short of what it strikes
        if not spare:
            fall = -1 if thrown.used_up else landing(b.state, thrower, a.at)
            b.emit(Landed(card=a.card, square=fall))
        batter(b, a.at, thrown.damage // T.DAMAGE_PER_CRACK)
        return
    b.emit(Attack(attacker=a.player, target=a.target, card=a.card, kind="throw",
                  damage=thrown.damage, dtype=thrown.kind, fire=thrown.fire,
                  mode="spare" if spare else "", origin=b.state.pos[a.player]))


def _use(b: Build, a: Use) -> None:
    b.emit(a)
    kind, arg = a.target[:1], int(a.target[1:])
    if kind == "e":
        destroy_wall(b, arg)
    elif spell_of(b.state, arg) is not None:
        b.emit(SpellEnds(card=arg))
    else:
        b.emit(Dissolved(card=arg))
        for sp in b.state.spells:  # a Glue holding it goes with it
            if sp.target == f"c{arg}":
                b.emit(SpellEnds(card=sp.card))


def _cast(b: Build, a: Cast) -> None:
    s0 = b.state
    p, c = a.player, a.card
    b.emit(a)
    card = CARD[c]
    if card.kind == "item":
        tokens = energy_value(s0, p, a.energy, a.energy2)
        if card.thrown is not None and card.thrown.tokens and tokens > 1 and (
                not s0.options.single_spike):
            b.emit(Charged(card=c, tokens=tokens))
        effect_of(c).carry(b, p, c)
        return
    if card.kind == "attack":
        effect_of(c).declare(b, a, energy_value(s0, p, a.energy, a.energy2), eye(s0, p))
        return
    if "mundane" not in card.traits:
        if s0.options.counter_neutral == "anyone":
            responders = others_in_turn_order(s0, p)
        else:
            q = aimed_at(s0, a)
            responders = (q,) if q >= 0 and q != p else ()
        if responders:
            b.emit(Window(cast=a, responders=responders))
            return
    _resolve(b, a)


def _resolve(b: Build, a: Cast) -> None:
    """The neutral spell ``a`` takes effect (cast, and not countered)."""
    effect_of(a.card).resolve(b, a, energy_value(b.state, a.player, a.energy, a.energy2))


def _end_spell(b: Build, a: EndSpell) -> None:
    b.emit(a)
    b.emit(SpellEnds(card=a.card))


def _end_turn(b: Build, a: EndTurn) -> None:
    b.emit(a)
    draw(b, a.player, a.draw)
    if b.state.pos[a.player] >= 0:  # one killed by his draw (Slow Death): see settle
        next_turn(b)


def _counter(b: Build, a: Counter) -> None:
    pd = b.state.pending
    assert pd is not None
    energy = energy_value(b.state, a.player, a.energy, a.energy2)
    b.emit(a)
    if pd.counter is None and answerable(b.state, a, pd):
        b.emit(CounterWindow(counter=a))
        return
    effect_of(a.card).counter(b, a, pd, energy)


def answerable(s: State, a: Counter, pd: Pending) -> bool:
    """Does the counter ``a`` wait for an answer from the player it counters? Only in a
    game whose deck holds a card that answers counter spells (Anti-Anti), for a spell (a
    carried item's use is none), never for such a card itself, and when that player lives
    and is not the one countering."""
    card = CARD[a.card]
    return (answered(s.schools, s.options.extra_cards) and card.kind != "item"
            and "answers" not in card.traits and pd.attacker != a.player
            and s.pos[pd.attacker] >= 0)


@cache
def answered(schools: tuple[str, ...], extra_cards: tuple[str, ...]) -> bool:
    """Does the deck of a game with these schools and extra cards hold a card that
    answers counter spells (Anti-Anti)?"""
    return any("answers" in CARD[c].traits for c in B.deck_for(schools, extra_cards))


def _allow(b: Build, a: Allow) -> None:
    pd = b.state.pending
    assert pd is not None
    b.emit(a)
    if pd.counter is not None:  # the counter spell it waited with takes effect
        c = pd.counter
        pending = b.state.pending
        assert pending is not None
        effect_of(c.card).counter(b, c, pending,
                                  energy_value(b.state, c.player, c.energy, c.energy2))
        return
    if pd.kind == "neutral":
        if len(pd.responders) <= 1:
            assert pd.action is not None
            _resolve(b, pd.action)
        return
    q = pd.target
    if evade(b, q):
        cancel(b, pd, "evaded")
        return
    hit(b, pd)
    next_target(b, pd)


def evade(b: Build, q: int) -> bool:
    """Does seat ``q``'s wizard evade the attack on him? A d4 for his transformation's
    chance (evaded up to its ``evade``), then one for each spell on him that evades on
    some faces (Invisible), until one succeeds."""
    s = b.state
    if not s.spells:
        return False
    shape = form_of(s, q)
    if shape is not None and shape.evade > 0:
        roll = Roll.of(b.dice, q, 4, 1, "evade")
        b.emit(roll)
        if roll.values[0] <= shape.evade:
            return True
    t = f"w{q}"
    for sp in s.spells:
        faces = CARD[sp.card].evade
        if faces and sp.target == t:
            roll = Roll.of(b.dice, q, 4, 1, "evade")
            b.emit(roll)
            if roll.values[0] in faces:
                return True
    return False


_HANDLERS: dict[type, Callable[[Build, Any], None]] = {
    Start: _start, Move: _move, PickUp: _pick_up, Drop: _drop, Boost: _plain, Punch: _punch,
    Cast: _cast, Use: _use, Throw: _throw, ThrowAt: _throw, EndSpell: _end_spell,
    EndMove: _plain,
    Discard: _plain, EndTurn: _end_turn, Counter: _counter, Allow: _allow,
    LayToken: _plain, ArmTrap: _plain,
}


# ------------------------------------------------------------------ turns


def begin_turn(b: Build, p: int) -> None:
    """Seat ``p``'s turn: movement points; time passes for its spells and items; energy
    tokens are spent; a stun token is discarded."""
    b.emit(TurnBegins(player=p, movement=speed(b.state, p)))
    # 1. spell effects when time passes
    for sp in b.state.spells:
        if sp.caster == p:
            effect_of(sp.card).time_passes(b, sp)
    if b.state.pos[p] < 0:
        return
    heal = carried(b.state, p, _heal)
    if heal:
        gain = min(heal, T.LIFE_MAX - b.state.life[p])
        if gain > 0:
            b.emit(Heal(player=p, amount=gain))
    # 2. remove energy from temporary spells
    for sp in b.state.spells:
        if sp.caster == p and sp.tokens > 0:
            b.emit(TokenSpent(card=sp.card))
            if sp.tokens == 1:
                b.emit(SpellEnds(card=sp.card))
    # 3. stun
    if b.state.stun[p] > 0:
        b.emit(Stunned(player=p))


def _heal(item: T.Carried) -> int:
    return item.heal


def next_turn(b: Build) -> None:
    """The next living seat clockwise begins its turn."""
    s = b.state
    for i in range(1, s.players + 1):
        q = (s.active + i) % s.players
        if s.pos[q] >= 0:
            begin_turn(b, q)
            return


def settle(b: Build) -> None:
    """Deadly treasures, victory, and a new turn when the active wizard died."""
    s = b.state
    if s.result:
        return
    if s.options.deadly_treasures:
        g = B.geometry(s.board)
        for o in alive(s):
            homes = {g.home[q] for q in range(s.players) if q != o}
            if all(s.treasures[t] in homes and s.bearer[t] < 0 for t in (2 * o, 2 * o + 1)):
                b.emit(Death(player=o, by=-1, square=s.pos[o]))
        s = b.state
    living = alive(s)
    if len(living) <= 1:
        b.emit(GameOver(winners=living, reason="last-alive" if living else "no-survivors"))
        return
    vp = s.options.victory_points
    # points are kills plus treasures lying in a home base: with too few kills and no
    # treasure in any home base (the usual case), nobody has won
    if max(s.kills) >= vp or not B.GEOMETRY[s.board].homes.isdisjoint(s.treasures):
        winners = tuple(p for p in living if points(s, p) >= vp)
        if winners:
            b.emit(GameOver(winners=winners, reason="points"))
            return
    if s.pos[s.active] < 0 and s.phase != "respond":
        next_turn(b)
        settle(b)


# ------------------------------------------------------------------ hidden information


def view(s: State, player: PlayerId | None) -> State:
    """Other hands become ``-1`` placeholders; the deck order is hidden from all; which
    Booby Trap token is real is known to its caster only."""
    hands = tuple(h if p == player else (-1,) * len(h) for p, h in enumerate(s.hands))
    out = msgspec.structs.replace(s, hands=hands, deck=(-1,) * len(s.deck))
    if s.traps:
        out = msgspec.structs.replace(out, traps=tuple(
            (c, q, real if _trap_caster(s, c) == player else -1) for c, q, real in s.traps))
    return out


def _trap_caster(s: State, card: int) -> int:
    sp = spell_of(s, card)
    return -1 if sp is None else sp.caster


def redact(event: Event, player: PlayerId | None) -> Event:
    """Cards a seat may not see become ``-1`` (a shuffle of cards loses its order; the
    sectors' shuffle, the board laid face up, is public)."""
    if isinstance(event, Shuffle) and event.pile != SECTOR_PILE:  # the board is public
        return msgspec.structs.replace(event, order=())
    if isinstance(event, Deal):
        return Deal(hands=tuple(h if p == player else (-1,) * len(h)
                                for p, h in enumerate(event.hands)))
    if isinstance(event, Draw) and event.player != player:
        return Draw(player=event.player, cards=(-1,) * len(event.cards))
    if isinstance(event, Stolen) and player not in (event.thief, event.victim):
        return msgspec.structs.replace(event, cards=(-1,) * len(event.cards))
    if isinstance(event, TrapsLaid) and player != event.caster:
        return msgspec.structs.replace(event, real=-1)
    if isinstance(event, ArmTrap) and player != event.player:
        return msgspec.structs.replace(event, square=-1)
    if isinstance(event, Roll) and event.purpose == "booby-trap" and player != event.player:
        return msgspec.structs.replace(event, values=())
    return event


def disguise(s: State, player: PlayerId, rng: random.Random) -> State:
    """Deal the cards ``player`` cannot see (deck and other hands) anew. They are the
    game's cards less those ``player`` sees (its hand, the discard pile, the items
    carried, the spells and objects in play, the cards of an attack or spell waiting for
    counters), sorted before the shuffle: the deal reads only what ``player``'s view keeps
    (``s`` may be that view, the unseen cards ``-1``), never where the cards truly lie,
    so a search bot's sample is blind.

    >>> from grimoire.core.match import Match
    >>> m = Match.new("wiz-war", seed=bytes(32))
    >>> s, rng = m.state, random.Random
    >>> disguise(view(s, 0), 0, rng(1)) == disguise(s, 0, rng(1)) != s
    True
    """
    seen = {*s.hands[player], *s.discard, *(sp.card for sp in s.spells),
            *(card for card, _ in s.objects)}
    for cards in s.carried:
        seen.update(cards)
    pending = s.pending
    if pending is not None:
        seen.add(pending.card)
        cast = pending.action
        if cast is not None:
            seen.update((cast.card, cast.energy, cast.add, cast.energy2))
        answer = pending.counter
        if answer is not None:
            seen.update((answer.card, answer.energy, answer.add, answer.energy2))
    pool = sorted(_all_cards(s.schools, s.options.extra_cards).difference(seen))
    rng.shuffle(pool)
    if spellbook(s):  # each group's deck from the unseen cards of its own deck
        mine: tuple[list[int], list[int]] = ([], [])
        for c in pool:  # one pass, each card's group asked once
            mine[home(s, c)].append(c)
        a, b = len(deck_of(s, 0)), len(deck_of(s, 1))
        deck = tuple(mine[0][:a]) + tuple(mine[1][:b])
        rest = sorted(mine[0][a:] + mine[1][b:])
        rng.shuffle(rest)
    else:
        deck = tuple(pool[: len(s.deck)])
        rest = pool[len(s.deck):]
    hands = []
    for p, h in enumerate(s.hands):
        if p == player:
            hands.append(h)
        else:
            hands.append(tuple(rest[: len(h)]))
            rest = rest[len(h):]
    out = msgspec.structs.replace(s, deck=deck, hands=tuple(hands))
    if s.traps:  # the real token of a trap another seat laid: drawn anew among its tokens
        traps = list(s.traps)  # (a trap still being laid has none yet)
        being_laid = laying(s)
        for c in sorted({c for c, _, _ in traps if _trap_caster(s, c) != player
                         and (being_laid is None or c != being_laid.card)}):
            at = [i for i, t in enumerate(traps) if t[0] == c]
            real = at[rng.randrange(len(at))]
            for i in at:
                traps[i] = (c, traps[i][1], int(i == real))
        out = msgspec.structs.replace(out, traps=tuple(traps))
    return out


@cache
def _all_cards(schools: tuple[str, ...], extra_cards: tuple[str, ...]) -> frozenset[int]:
    """Every card of a game with these schools and extra cards (a hand-built position
    may hold fewer: the deal then leaves the surplus out)."""
    return frozenset(B.deck_for(schools, extra_cards))
