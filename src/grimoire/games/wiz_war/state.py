"""Wiz-War state and options, and the questions the rules ask about a state (what a
wizard carries and may do, where it may walk, what it sees), answered from the card
records: no card is named here.

>>> from grimoire.games.wiz_war import RULES
>>> s = RULES.setup(Options(), ("Callista", "Matt"))
>>> speed(s, 0), hand_limit(s, 0), alive(s)
(3, 7, (0, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

import msgspec

from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK, EV
from grimoire.games.wiz_war.events import Cast, Counter


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Variant options: the rulebook's optional rules, and the readings of rulesets ``"1"`` and
    ``"2"`` kept as house rules (off by default; a log recorded under an earlier ruleset
    replays with its own on: ``RULES_1``, ``RULES_2``).

    The rulebook's optional rules:

    - ``victory_points``: points to win (2; Extended Play: 3 or 4).
    - ``uncluttered_minds``: maintained spells do not count toward the hand size.
    - ``deadly_treasures``: a wizard both of whose treasures lie in other players' home
      bases dies (nobody scores).
    - ``custom_spellbook``: the Custom Spellbook: the even seats (White Cantrip) and the odd
      seats (Black Cantrip) each play from their own deck, of the three schools the
      option names for them, the first group's then the second's, a slash between
      (``"alchemy,mentalism,thaumaturgy/conjuring,elemental,mutation"``: the draft's
      result). Not with ``schools`` or ``extra_cards``.

    How the cards are played:

    - ``counter_neutral``: who may answer a neutral spell with a counter (Negate Neutral,
      Null Powder...): ``"anyone"`` (every other living player, in turn order; the
      card's own reading) or ``"target"`` (only a wizard the spell is aimed at).
    - ``extra_cards``: cards from outside the first-game schools shuffled in, one copy
      each (``EXTRA_CARDS`` in the tables: the rulebook examples' Gnome Form, Golem Form
      and Dust Cloud).
    - ``schools``: the three schools shuffled in with White Cantrip (setup step 4): three
      names, as a list or one comma-separated text (``"alchemy,elemental,thaumaturgy"``),
      or ``"random"``: three of the playable schools drawn with the match's dice as it
      starts. Left unset (the default, and then not written in a log's header): the
      recommended first game's Alchemy, Elemental and Mentalism.

    The board (setup step 2):

    - ``side``: the side of the sector boards played on, ``"a"`` (the new maps, the
      default) or ``"b"`` (the classic maps).
    - ``fixed_board``: the board is not built at random: each seat's sector in its own
      place, unturned (the one board of ruleset ``"2"``; a house rule, off by default).

    House rules (ruleset ``"1"`` played this way):

    - ``any_victory_points``: ``victory_points`` may be any whole number from 1.
    - ``stun_ignores_spells``: a stunned wizard's own spells that move him (Teleport,
      Windrider, Mental Force on himself) are not his move: he may cast them after his
      attack, and attack after them.
    - ``pick_lock_phase``: a picked door stays passable for its picker for the rest of the
      Move and Cast phase, however often he passes it, and never lets spells through.
    - ``earth_stops_bolt``: Wall of Earth cancels a Lightning Bolt at the wizard who plays
      it, instead of turning the bolt back.
    - ``rotate_270``: Rotate Sector may also turn a sector 270 degrees (90 the other way).
    - ``sector_lines_stay``: walls on the edges of a rotated sector stay as they are
      (a created wall stands, a damaged or destroyed wall is not repaired).
    - ``single_spike``: Stone Spikes takes no energy: one spike, thrown and picked up
      again like a rock.

    House rules (ruleset ``"2"`` played this way):

    - ``featherweight_stays``: an attack from the Featherweight player's own square
      pushes him nowhere (instead of the direction he chooses).
    - ``thrown_to_thrower``: a thrown weapon stopped by a barrier (a Wall of Earth) falls
      in the thrower's square (instead of the last square it passed through).
    - ``discard_to_origin``: in the Custom Spellbook, a discarded card goes to the pile of
      the deck it belongs to (instead of the discarding player's group's pile).
    - ``random_among_four``: ``schools="random"`` draws among Alchemy, Elemental,
      Mentalism and Thaumaturgy only (``rules.RANDOM_DRAW``), as ruleset ``"2"`` did.
    - ``booby_trap_dice``: the Booby Trap's caster names one token's square; the other
      three are drawn with public dice and the real one by a die (instead of his placing
      all four and choosing the real one).

    >>> Options().victory_points
    2
    """

    victory_points: int = 2
    uncluttered_minds: bool = False
    deadly_treasures: bool = False
    counter_neutral: str = "anyone"
    extra_cards: tuple[str, ...] = ()
    schools: str | tuple[str, ...] | msgspec.UnsetType = msgspec.UNSET
    custom_spellbook: str | msgspec.UnsetType = msgspec.UNSET
    any_victory_points: bool = False
    stun_ignores_spells: bool = False
    pick_lock_phase: bool = False
    earth_stops_bolt: bool = False
    rotate_270: bool = False
    sector_lines_stay: bool = False
    single_spike: bool = False
    featherweight_stays: bool = False
    thrown_to_thrower: bool = False
    discard_to_origin: bool = False
    random_among_four: bool = False
    booby_trap_dice: bool = False
    side: str = "a"
    fixed_board: bool = False


RULES_1: dict[str, bool] = {
    "any_victory_points": True, "stun_ignores_spells": True, "pick_lock_phase": True,
    "earth_stops_bolt": True, "rotate_270": True, "sector_lines_stay": True,
    "single_spike": True,
}
"""The option values that replay a log recorded under ruleset ``"1"`` exactly as it was
played, with ``RULES_2`` (``older`` in the game's ``RULES``)."""

RULES_2: dict[str, Any] = {
    "featherweight_stays": True,
    "thrown_to_thrower": True,
    "discard_to_origin": True,
    "random_among_four": True,
    "booby_trap_dice": True,
    "fixed_board": True,
}
"""The option values that replay a log recorded under ruleset ``"2"`` exactly as it was
played (``older`` in the game's ``RULES``; a ruleset ``"1"`` log takes them too, with
``RULES_1``).

>>> sorted(RULES_2)[:2]
['booby_trap_dice', 'discard_to_origin']
"""


class Spell(msgspec.Struct, frozen=True, gc=False):
    """A maintained spell: ``card`` cast by ``caster`` on ``target`` (see events for the
    target strings; ``q12`` is square 12, ``*`` the whole board), with ``tokens`` energy
    tokens left (0 for permanent spells). ``hits``: cracks on a created object or damage
    taken by a creature; ``carry``: the treasure a creature carries (-1); ``moves``: a
    creature's movement points left this turn."""

    card: int
    caster: int
    target: str
    tokens: int
    hits: int = 0
    carry: int = -1
    moves: int = 0


class Pending(msgspec.Struct, frozen=True, gc=False):
    """An attack on a wizard waiting for the target's counter spells.

    ``card`` is the attack card (-1 for a punch); ``kind`` is ``"punch"``, ``"spell"`` or
    ``"throw"``; ``damage`` before reductions, ``reduced`` so far; ``dtype``
    ``"physical"``/``"magical"``; ``mode`` the card's option (Zot! ``"stun"``).
    ``origin``: the square the attack comes from; ``rest``: further wizards the same
    attack hits, answered one after another.

    A neutral spell waiting for counters has ``kind`` ``"neutral"``, the spell in
    ``action`` and the seats still to answer in ``responders`` (``target`` is the first).
    ``kind`` ``"weapon"``: a carried weapon's attack (``card``). ``counter``: a counter
    spell played against it, waiting for the answer of ``attacker`` (Anti-Anti).
    """

    attacker: int
    target: int
    card: int
    kind: str
    damage: int
    dtype: str
    fire: bool = False
    energy: int = 1
    mode: str = ""
    reduced: int = 0
    origin: int = -1
    rest: tuple[int, ...] = ()
    responders: tuple[int, ...] = ()
    action: Cast | None = None
    counter: Counter | None = None


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole truth of a game (views hide other hands and the deck order).

    Per-seat tuples are indexed by seat. ``pos`` is -1 for a dead wizard. ``treasures``:
    the square of each treasure (``2 * owner + k``), -1 while carried; ``bearer``: who
    carries it (-1). ``objects``: dropped items as (card, square). ``phase``: ``start``,
    ``move`` (Move and Cast), ``draw`` (Discard and Draw), ``respond`` (the target of
    ``pending`` may counter), ``over``. ``mp``: movement points left; ``boosted``,
    ``attacked``, ``moved``, ``stunned``: this turn's flags; ``picked``: a door opened by
    Pick Lock this phase (-1); ``origin``: the square an Astral Projection casts from this
    phase (-1); ``bend``: Around the Corner waits for the next spell. ``charges``: items
    holding more than one energy token, as (card, tokens), wherever the card is (Stone
    Spikes: one spike a token). ``names``: the players' names (public; the notation does
    not write them, ``setup`` and ``parse`` are given them). ``schools``: the three schools
    in the deck with White Cantrip, in the order of their card numbers (none until they
    are drawn at the start, with ``schools="random"``); they are public. ``traps``: the
    face-down Booby Trap tokens as (card, square, real): ``real`` 1 for the trap, 0 for a
    dud, -1 where this state does not know (a view of a seat other than the caster's, or
    while its caster has still to choose the real one). With ``custom_spellbook``,
    ``schools`` holds the first group's three then the second's, ``deck`` the first
    group's deck then the second's, ``split`` how many cards the first group's deck holds
    (public, like every deck's size), ``discard`` both discard piles, and ``adopted`` the
    cards (sorted, public) that a member of the other group discarded: they lie on, and
    are shuffled into, that group's pile and deck until a member of the group whose deck
    they were built into discards them again (``home``; every other card is in the pile
    of the deck it belongs to, ``board.owner``).
    ``board``: the layout of the labyrinth (``board.layout_key``; ``board.layout`` reads
    it), set by ``setup`` to its side's sectors each in its seat's place, unturned, and
    built anew by the roll as the game starts (unless ``fixed_board``); public.
    """

    players: int
    options: Options
    phase: str
    active: int
    turns: tuple[int, ...]
    pos: tuple[int, ...]
    life: tuple[int, ...]
    kills: tuple[int, ...]
    stun: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    carried: tuple[tuple[int, ...], ...]
    spells: tuple[Spell, ...]
    objects: tuple[tuple[int, int], ...]
    treasures: tuple[int, ...]
    bearer: tuple[int, ...]
    edges: tuple[str, ...]
    cracks: tuple[int, ...]
    mp: int = 0
    boosted: bool = False
    attacked: bool = False
    moved: bool = False
    stunned: bool = False
    picked: int = -1
    origin: int = -1
    bend: bool = False
    pending: Pending | None = None
    winners: tuple[int, ...] = ()
    result: str = ""
    charges: tuple[tuple[int, int], ...] = ()
    names: tuple[str, ...] = ()
    schools: tuple[str, ...] = ()
    traps: tuple[tuple[int, int, int], ...] = ()
    split: int = 0
    adopted: tuple[int, ...] = ()
    board: int = 0


# ------------------------------------------------------------------ the decks


PILES: tuple[str, ...] = ("deck-white", "deck-black")
"""The ``pile`` of a ``shuffle`` of each group's deck as a Custom Spellbook game starts."""
SECTOR_PILE = "sectors"
"""The ``pile`` of the ``shuffle`` of the sector boards as the game starts (the board built
at random): entry ``i`` of its order is the sector laid in place ``i``. It is public."""
DISCARDS: tuple[str, ...] = ("discard-white", "discard-black")
"""The ``pile`` of a ``shuffle`` of each group's discard pile into its empty deck."""


def laying(s: State) -> Spell | None:
    """The Booby Trap whose caster is still placing its tokens (or choosing the real one):
    its ``moves`` counts the choices left (``TrapsLaid.steps``); None: no trap is being
    laid, the usual case.

    >>> from grimoire.games.wiz_war.rules import setup
    >>> laying(setup(Options(), ("a", "b"))) is None
    True
    """
    if not s.traps:
        return None
    for sp in s.spells:
        if sp.moves > 0 and sp.target == "traps":
            return sp
    return None


def spellbook(s: State) -> bool:
    """Is ``s`` a Custom Spellbook game (two groups, each with its own deck)?"""
    return s.options.custom_spellbook is not msgspec.UNSET


def group_of(s: State, p: int) -> int:
    """The group of seat ``p``: the even seats (0, White Cantrip's deck) and the odd seats
    (1, Black Cantrip's) in a Custom Spellbook game; 0 for everyone otherwise."""
    return p % 2 if spellbook(s) else 0


def deck_of(s: State, g: int) -> tuple[int, ...]:
    """Group ``g``'s deck, its top first (the one deck outside the Custom Spellbook)."""
    if not spellbook(s):
        return s.deck
    return s.deck[:s.split] if g == 0 else s.deck[s.split:]


def discard_of(s: State, g: int) -> tuple[int, ...]:
    """Group ``g``'s discard pile (the one pile outside the Custom Spellbook)."""
    if not spellbook(s):
        return s.discard
    if not s.adopted:
        return tuple(c for c in s.discard if B.owner(s.schools, c) == g)
    return tuple(c for c in s.discard if home(s, c) == g)


def home(s: State, card: int) -> int:
    """The group whose pile (and then deck) ``card`` goes to in a Custom Spellbook game:
    the group of the last player who discarded it ("members of a group ... discard cards
    to the Magic deck they helped to build"), else the deck it was built into.

    >>> from grimoire.games.wiz_war.rules import setup
    >>> s = setup(Options(custom_spellbook="alchemy,elemental,mentalism/"
    ...                                     "conjuring,mutation,thaumaturgy"), ("a", "b"))
    >>> home(s, 0), home(msgspec.structs.replace(s, adopted=(0,)), 0)
    (0, 1)
    """
    g = B.owner(s.schools, card)
    return 1 - g if card in s.adopted else g


def holder(s: State, card: int) -> int:
    """The seat holding ``card`` in ``s``: in its hand, carried, maintained as its spell,
    or played into the attack, spell or counter waiting (-1: nobody, an item lying on the
    floor, a card in a pile).

    >>> from grimoire.games.wiz_war.rules import setup
    >>> s = msgspec.structs.replace(setup(Options(), ("a", "b")), hands=((5,), (7,)))
    >>> holder(s, 7), holder(s, 9)
    (1, -1)
    """
    for p in range(s.players):
        if card in s.hands[p] or card in s.carried[p]:
            return p
    sp = spell_of(s, card)
    if sp is not None:
        return sp.caster
    pd = s.pending
    if pd is not None:
        if pd.card == card:
            return pd.attacker
        for a in (pd.action, pd.counter):
            if a is not None and card in (a.card, a.energy, a.add, a.energy2):
                return a.player
    return -1


def adopt(before: State, after: State) -> State:
    """``after`` with the cards an event discarded taken in by the discarding player's
    group (``adopted``): the Custom Spellbook's piles under ruleset 3 (not with
    ``discard_to_origin``)."""
    if not spellbook(before) or before.options.discard_to_origin:
        return after
    old = set(before.discard)
    adopted = set(after.adopted)
    for c in after.discard:
        if c in old:
            continue
        p = holder(before, c)
        if p < 0:
            continue
        if B.owner(after.schools, c) == group_of(after, p):
            adopted.discard(c)
        else:
            adopted.add(c)
    if adopted == set(after.adopted):
        return after
    return msgspec.structs.replace(after, adopted=tuple(sorted(adopted)))


# ------------------------------------------------------------------ spells in play


def spells_named(s: State, name: str) -> list[Spell]:
    """The spells in play of the card called ``name``."""
    return [sp for sp in s.spells if DECK[sp.card] == name]


def spells_with(s: State, trait: str) -> list[Spell]:
    """The spells in play whose card has ``trait``."""
    return [sp for sp in s.spells if trait in CARD[sp.card].traits]


def spell_of(s: State, card: int) -> Spell | None:
    """The spell in play of ``card``, if any."""
    for sp in s.spells:
        if sp.card == card:
            return sp
    return None


def on_wizard(s: State, p: int, name: str) -> Spell | None:
    """The spell ``name`` maintained on seat ``p``'s wizard, if any."""
    t = f"w{p}"
    for sp in s.spells:
        if sp.target == t and DECK[sp.card] == name:
            return sp
    return None


def wizard_has(s: State, p: int, trait: str) -> bool:
    """Is a spell whose card has ``trait`` maintained on seat ``p``'s wizard?"""
    t = f"w{p}"
    return any(sp.target == t and trait in CARD[sp.card].traits for sp in s.spells)


def form(s: State, p: int) -> Spell | None:
    """The transformation on seat ``p``'s wizard, if any."""
    if not s.spells:
        return None
    t = f"w{p}"
    for sp in s.spells:
        if sp.target == t and CARD[sp.card].form is not None:
            return sp
    return None


def form_of(s: State, p: int) -> T.Form | None:
    """What the transformation on seat ``p``'s wizard does, if it has one."""
    if not s.spells:
        return None
    f = form(s, p)
    return None if f is None else CARD[f.card].form


def global_on(s: State, name: str) -> bool:
    """Is the global spell ``name`` in play?"""
    return any(sp.target == "*" and DECK[sp.card] == name for sp in s.spells)


def global_with(s: State, trait: str) -> bool:
    """Is a global spell with ``trait`` in play (``fog``, ``flood``)?"""
    if not s.spells:
        return False
    return any(sp.target == "*" and trait in CARD[sp.card].traits for sp in s.spells)


def square_of(sp: Spell) -> int:
    """The square of a creation or creature spell (target ``q12``)."""
    return int(sp.target[1:]) if sp.target.startswith("q") else -1


def filled(s: State) -> tuple[int, ...]:
    """Squares that block sight (creations that fill them, and the square of a wizard
    whose transformation fills it: Big Man Form), sorted."""
    if not s.spells:  # the common case, answered at once
        return ()
    out = []
    for sp in spells_with(s, "fills"):
        q = square_of(sp)
        if q < 0 and sp.target.startswith("w"):
            q = s.pos[int(sp.target[1:])]
        if q >= 0:
            out.append(q)
    return tuple(sorted(out))


def stone_blocks(s: State) -> frozenset[int]:
    """Squares nobody may enter (solid creations)."""
    return frozenset(square_of(sp) for sp in spells_with(s, "solid"))


# SOLID[card]: does the card's creation fill its square ("solid" among its traits), looked
# up once per card (movement asks it on every step).
SOLID: tuple[bool, ...] = tuple("solid" in c.traits for c in CARD)


def stone_at(s: State, sq: int) -> bool:
    """``sq in stone_blocks(s)``, without building the set."""
    if not s.spells:  # the common case, answered at once
        return False
    return any(SOLID[sp.card] and square_of(sp) == sq for sp in s.spells)


def clouds(s: State) -> frozenset[int]:
    """Squares a wizard leaves in a random direction."""
    return frozenset(square_of(sp) for sp in spells_with(s, "cloud"))


def glued(s: State, what: str) -> bool:
    """Is the treasure (``t3``) or dropped item (``c40``) ``what`` glued where it lies?"""
    return bool(s.spells) and any(sp.target == what and GLUE[sp.card] for sp in s.spells)


def door_owner(s: State, e: int) -> int:
    """The seat a created door on border ``e`` opens for (its spell's caster), or -1."""
    t = f"e{e}"
    for sp in s.spells:
        if sp.target == t and "door" in CARD[sp.card].traits:
            return sp.caster
    return -1


# GLUE[card], THORNS[card]: the card's spell holds what it is on where it lies, or hurts
# whoever enters its square (looked up once per card: movement asks on every step).
GLUE: tuple[bool, ...] = tuple("glue" in c.traits for c in CARD)
THORNS: tuple[bool, ...] = tuple("thorns" in c.traits for c in CARD)


def creatures(s: State) -> list[Spell]:
    """The creatures in play."""
    return spells_with(s, "creature")


def fire_walls(s: State) -> dict[int, int]:
    """Borders that burn whoever crosses them: edge -> spell card."""
    return {int(sp.target[1:]): sp.card for sp in spells_with(s, "burns")}


# ------------------------------------------------------------------ wizards


def carried(s: State, p: int, bonus: Callable[[T.Carried], int]) -> int:
    """The sum of one bonus over the items seat ``p`` carries (``lambda c: c.speed``)."""
    if not s.carried[p]:  # the usual case, answered without a generator
        return 0
    return sum(bonus(item) for c in s.carried[p] if (item := CARD[c].carried) is not None)


def hand_limit(s: State, p: int) -> int:
    """Seven, plus what the items carried add."""
    return T.HAND_MAX + carried(s, p, _hand)


def hand_count(s: State, p: int) -> int:
    """Cards in hand plus carried items plus maintained spells (unless Uncluttered Minds)."""
    n = len(s.hands[p]) + len(s.carried[p])
    if s.spells and not s.options.uncluttered_minds:
        n += sum(1 for sp in s.spells if sp.caster == p)
    return n


def speed(s: State, p: int) -> int:
    """Seat ``p``'s base speed: its transformation's or 3, plus what items add."""
    f = form_of(s, p)
    return (T.BASE_SPEED if f is None else f.speed) + carried(s, p, _speed)


def energy_value(s: State, p: int, energy: int, energy2: int = -1) -> int:
    """A spell's energy: the discarded card's energy value replaces the default of 1 (Add
    sums two); items carried add theirs."""
    base = EV[energy] if energy >= 0 else 1
    if energy2 >= 0:
        base += EV[energy2]
    return base + carried(s, p, _energy)


def charge(s: State, card: int) -> int:
    """The energy tokens on the item ``card`` (1 unless it holds more)."""
    for c, k in s.charges:
        if c == card:
            return k
    return 1


def treasure_of(s: State, p: int) -> int:
    """The treasure seat ``p`` carries, or -1."""
    for t, who in enumerate(s.bearer):
        if who == p:
            return t
    return -1


def points(s: State, p: int) -> int:
    """Kills plus enemy treasures lying in the seat's home base."""
    home = B.GEOMETRY[s.board].home[p]
    if home not in s.treasures:  # the usual case: nothing lies there
        return s.kills[p]
    lying = sum(
        1 for t, sq in enumerate(s.treasures) if sq == home and t // 2 != p and s.bearer[t] < 0
    )
    return s.kills[p] + lying


# SEATS[n]: the seats of an n-player game, (0, ..., n - 1)
SEATS: tuple[tuple[int, ...], ...] = tuple(tuple(range(n)) for n in range(5))


def alive(s: State) -> tuple[int, ...]:
    if min(s.pos) >= 0:  # the usual case: everyone lives
        return SEATS[s.players]
    return tuple(p for p in range(s.players) if s.pos[p] >= 0)


def others_in_turn_order(s: State, p: int) -> tuple[int, ...]:
    """The other living seats, clockwise from ``p``."""
    return tuple(q for i in range(1, s.players)
                 if s.pos[q := (p + i) % s.players] >= 0)


def occupied(s: State, sq: int) -> bool:
    """A wizard, creature, treasure, dropped item, creation or trap token is there."""
    return (sq in s.pos or sq in s.treasures or any(o[1] == sq for o in s.objects)
            or any(square_of(sp) == sq for sp in s.spells)
            or any(t[1] == sq for t in s.traps))


# ------------------------------------------------------------------ movement


def passage(s: State, sq: int, d: int, sector: int, mist: bool = False,
            picked: int = -1) -> int:
    """Where a walker from ``sq`` goes across side ``d`` (-1: blocked). Doors open for
    their sector's wizard (``sector``), for the door ``picked`` (Pick Lock) and for Mist
    Body; a created door for its caster (``sector``: the walker's seat) and as a door does;
    Stone Blocks fill their squares (:func:`passer`, asked of one side)."""
    return passer(s, sector, mist, picked)(sq, d)


def passer(s: State, sector: int, mist: bool = False,
           picked: int = -1) -> Callable[[int, int], int]:
    """:func:`passage` as a step ``(square, side) -> square or -1`` for one walker, with
    what it reads of ``s`` (the board, the borders, the Stone Blocks' squares) looked up
    once: a search asks it of each side of each square it meets."""
    g = B.GEOMETRY[s.board]
    exits, edges, sectors = g.exits, s.edges, g.edge_sector
    stones = stone_blocks(s) if s.spells else frozenset()

    def step(sq: int, d: int) -> int:
        e, dest = exits[sq][d]
        if e >= 0:
            k = edges[e]
            if k != "." and (k not in "DC" or not (
                    mist or picked == e or (sectors[e] == sector if k == "D"
                                            else door_owner(s, e) == sector))):
                return -1
        elif dest < 0:
            return -1
        return -1 if dest in stones else dest

    return step


def destination(s: State, p: int, d: int) -> int:
    """Where seat ``p``'s wizard goes across side ``d`` (-1: blocked)."""
    return passage(s, s.pos[p], d, p, misty(s, p), s.picked if p == s.active else -1)


def misty(s: State, p: int) -> bool:
    """Seat ``p``'s wizard passes doors (its transformation lets it, or a key it carries);
    a sealed door is no door (``S``) and stops it all the same."""
    if s.carried[p] and carried(s, p, _doors):
        return True
    if not s.spells:
        return False
    f = form_of(s, p)
    return f is not None and f.doors


def heading(s: State, sq: int, d: int) -> int:
    """The direction of travel after crossing side ``d`` of ``sq`` (a portal turns it)."""
    g = B.geometry(s.board)
    if g.edge[sq][d] >= 0:
        return d
    lk = g.link[sq][d]
    return d if lk is None else lk[1]


def walk(s: State, p: int, d: int, most: int) -> list[int]:
    """Squares seat ``p``'s wizard passes going straight across side ``d`` up to ``most``
    times, stopping at anything that blocks it."""
    out: list[int] = []
    mist = misty(s, p)
    cur = s.pos[p]
    for _ in range(most):
        nxt = passage(s, cur, d, p, mist)
        if nxt < 0:
            break
        d = heading(s, cur, d)
        cur = nxt
        out.append(cur)
    return out


def crossed_edge(s: State, a: int, b: int) -> int:
    """The border between neighbouring squares ``a`` and ``b`` (-1: an exit or none)."""
    g = B.geometry(s.board)
    for d in range(4):
        e = g.edge[a][d]
        if e >= 0 and g.neighbour(a, d) == b:
            return e
    return -1


def _search(start: int, most: int, step: Callable[[int, int], int]
            ) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Breadth-first from ``start``: every square 1..``most`` steps away in the order
    found, with the first shortest path found (sides tried n, e, s, w); ``step(square,
    side)`` is -1 when blocked. (:func:`_squares` is the same search without paths.)"""
    paths: dict[int, tuple[int, ...]] = {start: ()}
    frontier = [start]
    for _ in range(most):
        nxt: list[int] = []
        for q in frontier:
            for d in range(4):
                r = step(q, d)
                if r >= 0 and r not in paths:
                    paths[r] = path = (*paths[q], r)
                    yield r, path
                    nxt.append(r)
        if not nxt:
            break
        frontier = nxt


def _paths(start: int, most: int, step: Callable[[int, int], int]) -> dict[int, tuple[int, ...]]:
    """Every square 1..``most`` steps from ``start``, with its path (see :func:`_search`)."""
    return dict(_search(start, most, step))


def _squares(start: int, most: int, step: Callable[[int, int], int],
             goal: int = -2) -> set[int]:
    """The squares of ``_paths(start, most, step)`` without their paths (cheaper when
    only where matters); the search stops once it finds ``goal``, and the set then holds
    it. The loop of :func:`_search` written out: movement and targeting ask it for
    every square they offer."""
    seen = {start}
    frontier = [start]
    for _ in range(most):
        nxt: list[int] = []
        for q in frontier:
            for d in range(4):
                r = step(q, d)
                if r >= 0 and r not in seen:
                    seen.add(r)
                    if r == goal:
                        return {goal}
                    nxt.append(r)
        if not nxt:
            break
        frontier = nxt
    seen.discard(start)
    return seen


def _finds(start: int, most: int, step: Callable[[int, int], int], goal: int) -> bool:
    """``goal in _squares(start, most, step)``, the search stopped once it finds it."""
    return goal != start and goal in _squares(start, most, step, goal)


def _walker(s: State, p: int) -> Callable[[int, int], int]:
    """The step of seat ``p``'s wizard walking (:func:`passer`)."""
    return passer(s, p, misty(s, p))


def reach(s: State, p: int, most: int) -> dict[int, tuple[int, ...]]:
    """Squares seat ``p``'s wizard can walk to in 1..``most`` steps, each with its path."""
    return _paths(s.pos[p], most, _walker(s, p))


def route(s: State, p: int, most: int, goal: int) -> tuple[int, ...]:
    """``reach(s, p, most).get(goal, ())``: seat ``p``'s wizard's path to ``goal`` (empty:
    none within ``most`` steps), the search stopped once it is found."""
    found = _search(s.pos[p], most, _walker(s, p))
    return next((path for r, path in found if r == goal), ())


def reaches(s: State, p: int, most: int, goal: int) -> bool:
    """``goal in reach_squares(s, p, most)``, the search stopped once it finds it."""
    return _finds(s.pos[p], most, _walker(s, p), goal)


def reach_squares(s: State, p: int, most: int) -> set[int]:
    """The squares of :func:`reach`, without their paths."""
    return _squares(s.pos[p], most, _walker(s, p))


def within(s: State, start: int, most: int, walls: bool,
           avoid: frozenset[int] = frozenset()) -> set[int]:
    """Squares 1..``most`` steps from ``start``: through open borders and exits only
    (``walls`` True), or ignoring every border (Teleport); never into ``avoid``."""
    return set(_within(s.players, looking(s) if walls else (), start, most, avoid))


@lru_cache(maxsize=16384)
def _within(players: int, edges: tuple[str, ...], start: int, most: int,
            avoid: frozenset[int]) -> frozenset[int]:
    """:func:`within` of a board with these borders as sight sees them (``()``: every
    border ignored), kept: it depends on nothing else, and targeting asks it of the same
    squares again and again."""
    g = B.geometry(players)

    def across(q: int, d: int) -> int:
        if edges:
            r = B.step(players, edges, q, d)[0]
            return -1 if r in avoid else r
        r = g.neighbour(q, d)
        if r < 0:
            lk = g.link[q][d]
            r = -1 if lk is None else lk[0]
        return r

    return frozenset(_squares(start, most, across))


def is_within(s: State, start: int, most: int, walls: bool, goal: int) -> bool:
    """``goal in within(s, start, most, walls)``."""
    return goal in _within(s.players, looking(s) if walls else (), start, most, frozenset())


def jump_squares(s: State, p: int, most: int) -> list[int]:
    """Where seat ``p``'s wizard may jump: up to ``most`` steps ignoring walls, never into
    a solid square."""
    blocks = stone_blocks(s)
    return sorted(q for q in within(s, s.pos[p], most, walls=False) if q not in blocks)


# ------------------------------------------------------------------ sight


def looking(s: State) -> tuple[str, ...]:
    """The borders as sight and reach see them: a door Pick Lock has opened is open while
    it stays open ("A wizard may cast a spell through an open door"); with
    ``pick_lock_phase`` it never lets sight through."""
    e = s.picked
    if e < 0 or s.options.pick_lock_phase:
        return s.edges
    return (*s.edges[:e], ".", *s.edges[e + 1:])


def eye(s: State, p: int) -> int:
    """Where seat ``p`` casts from: an Astral Projection's square, else the wizard's."""
    return s.origin if s.origin >= 0 and p == s.active else s.pos[p]


def sight(s: State, p: int, spell: bool = True) -> frozenset[int]:
    """The squares seat ``p`` may target: line of sight from where it casts (``spell``)
    or stands; fog limits it to the square and its neighbours; an item may let spells see
    through one wall or door; a bend (Around the Corner) bends a spell's line once."""
    n, edges = s.players, looking(s)
    a = eye(s, p) if spell else s.pos[p]
    if a < 0:
        return frozenset()
    if global_with(s, "fog"):
        return frozenset({a} | {q for d in range(4) if (q := B.step(n, edges, a, d)[0]) >= 0})
    blocks = filled(s)
    through = min(1, carried(s, p, _sight)) if spell else 0
    out = B.seen_from(n, edges, a, blocks, through)
    if spell and s.bend:
        out |= bent(s, a)
    return out


def in_sight(s: State, p: int, q: int, spell: bool = True) -> bool:
    """``q in sight(s, p, spell)``, asked of one square (a wizard's, a stone block's)
    without working out the rest."""
    n, edges = s.players, looking(s)
    a = eye(s, p) if spell else s.pos[p]
    g = B.GEOMETRY[n]
    if a < 0 or not (0 <= q < g.size and g.valid[q]):
        return False
    if global_with(s, "fog"):
        return q == a or any(B.step(n, edges, a, d)[0] == q for d in range(4))
    through = min(1, carried(s, p, _sight)) if spell else 0
    if B.sees(n, edges, a, q, filled(s), through):
        return True
    return spell and s.bend and q in bent(s, a)


def bent(s: State, a: int) -> set[int]:
    """Squares a spell reaches from ``a`` bending once round a corner: along a straight
    line, then 90° to either side, or 180° back along the far side of the wall's end."""
    n, edges = s.players, looking(s)
    blocks = filled(s)
    out: set[int] = set()
    for d in range(4):
        for x, dx in B.line(n, edges, a, d, blocks):
            for side in ((dx + 1) % 4, (dx + 3) % 4):
                out.update(q for q, _ in B.line(n, edges, x, side, blocks))
                y = B.step(n, edges, x, side)[0]
                if y >= 0 and y not in blocks:
                    out.add(y)
                    out.update(q for q, _ in B.line(n, edges, y, B.OPP[dx], blocks))
    return out


def sight_edges(s: State, p: int, kinds: str, spell: bool = True) -> tuple[int, ...]:
    """Borders of the given kinds seat ``p`` sees from where it casts (``spell``) or
    stands (in Fog: that square's own)."""
    a = eye(s, p) if spell else s.pos[p]
    edges = looking(s)
    if global_with(s, "fog"):
        g = B.geometry(s.board)
        return tuple(e for d in range(4) if (e := g.edge[a][d]) >= 0 and edges[e] in kinds)
    return B.visible_edges(s.players, edges, a, kinds, filled(s))


def sees_edge(s: State, p: int, e: int, kinds: str, spell: bool = True) -> bool:
    """``e in sight_edges(s, p, kinds, spell)``, asked of one border."""
    edges = looking(s)
    if not 0 <= e < len(edges) or edges[e] not in kinds:
        return False  # no border, or not of these kinds: nothing to look for
    a = eye(s, p) if spell else s.pos[p]
    if global_with(s, "fog"):
        g = B.geometry(s.board)
        return e >= 0 and e in g.edge[a] and edges[e] in kinds
    return B.sees_border(s.players, edges, a, e, kinds, filled(s))


def landing(s: State, a: int, at: str) -> int:
    """Where a thrown object from square ``a`` falls when it strikes the object ``at``
    (``e17`` a border, ``q12`` a filled square): "in the last square it passed through
    before striking the barrier or target" - along a straight sight line (through exits),
    or else along the straight line between the centres."""
    g = B.geometry(s.board)
    edges, blocks = looking(s), filled(s)
    goal = int(at[1:])
    rays: list[tuple[int, int]] = []  # (squares passed, the last of them)
    for d in range(4):
        last, dd = a, d
        path = B.line(s.players, edges, a, d, blocks)
        for i, (q, heading) in enumerate(path):
            if at[0] == "q" and q == goal:
                rays.append((i, last))
                break
            last, dd = q, heading
        else:
            if at[0] == "e" and g.edge[last][dd] == goal:
                rays.append((len(path), last))
    if rays:  # the shortest straight line (through exits) that reaches it
        return min(rays)[1]
    r, c = divmod(a, g.width)
    px, py = 2 * c + 1, 2 * r + 1
    if at[0] == "e":
        x0, y0, x1, y1 = B.border_segment(g.width, *g.edge_squares[goal])
        qx, qy = (x0 + x1) // 2, (y0 + y1) // 2
    else:
        gr, gc = divmod(goal, g.width)
        qx, qy = 2 * gc + 1, 2 * gr + 1
    steps = 8 * max(abs(qx - px), abs(qy - py), 1)
    last = a
    for k in range(1, steps):  # points strictly between the two ends, exactly
        x, y = px * steps + k * (qx - px), py * steps + k * (qy - py)
        q = (y // (2 * steps)) * g.width + x // (2 * steps)
        if at[0] == "q" and q == goal:
            break
        last = q
    return last


def over_limit(s: State) -> bool:
    """Must the active player discard (or free room) before anything else?"""
    p = s.active
    if len(s.hands[p]) + len(s.carried[p]) + len(s.spells) <= T.HAND_MAX:
        return False  # the usual case: at most seven in all (items add to the limit only)
    return s.phase in ("move", "draw") and s.pos[p] >= 0 and hand_count(s, p) > hand_limit(s, p)


# ------------------------------------------------------------------ spells being cast

NO_ENERGY = (-1, -1, -1)


def energies(s: State, p: int, card: int) -> list[tuple[int, int, int]]:
    """(energy, companion, energy2) choices for ``card``: none, one energy card, or two
    combined with a companion (an Add)."""
    if not B.USES_ENERGY[card] or (s.options.single_spike and CARD[card].kind == "item"):
        return [NO_ENERGY]
    hand = [c for c in s.hands[p] if c >= 0]  # a view's hidden cards are not offered
    fuel = [e for e in hand if e != card and EV[e] > 0]
    out = [NO_ENERGY] + [(e, -1, -1) for e in fuel]
    adds = [c for c in hand if c != card and "companion" in CARD[c].traits]
    if adds:
        out += [(e1, adds[0], e2) for i, e1 in enumerate(fuel) for e2 in fuel[i + 1:]]
    return out


def wizard_target(target: str) -> int:
    """Seat of a ``w1`` or ``w1:c12`` target, else -1."""
    if target.startswith("w"):
        return int(target[1:].split(":")[0])
    return -1


def aimed_at(s: State, a: Cast) -> int:
    """The seat whose wizard, item or spell a neutral spell is aimed at (-1: none)."""
    q = wizard_target(a.target)
    if q >= 0:
        return q
    if a.target.startswith("c"):
        sp = spell_of(s, int(a.target[1:]))
        return sp.caster if sp is not None else -1
    return -1


def _hand(c: T.Carried) -> int:
    return c.hand


def _speed(c: T.Carried) -> int:
    return c.speed


def _energy(c: T.Carried) -> int:
    return c.energy


def _sight(c: T.Carried) -> int:
    return c.sight


def _doors(c: T.Carried) -> int:
    return c.doors
