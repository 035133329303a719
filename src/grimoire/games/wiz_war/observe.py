"""What the learning environments (:mod:`grimoire.envs`) read of Wiz-War beyond the rules:
every place a choice may name, in a fixed order (the squares of the board for ``count``
wizards: two sectors for two, four for three or four), and a seat's view as numbers
(:func:`observation`).

>>> len(places(2)), len(places(4)), places(2)[0]
(50, 100, 'a1')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from grimoire.core.choices import Answer
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war.board import CARD, DECK
from grimoire.games.wiz_war.state import State, deck_of, points, spellbook


def places(count: int) -> tuple[str, ...]:
    """The board's squares for ``count`` wizards, as the board numbers them."""
    return tuple(B.geometry(count).grid.names)


def words(count: int) -> tuple[str, ...]:
    """The words an option that names no place and no card may say: the kinds of action
    (move, boost, punch, discard, drop, pick up, end the phase, the turn or a spell, let
    an attack go ahead), the directions, Rotate Sector's turns, the cards drawn, the
    energy of a spell cast without an energy card, an attack's damage or stun tokens,
    yourself, your sector and your treasures, a treasure, the creatures; each other seat,
    its sector and its treasures, from the choosing seat's side (``seat +1``, ``seat
    +1's sector``: the codec reads a player's name so); then each border between two
    squares by where it lies (``east of c3``: :func:`word`).

    >>> words(2)[:3], "Draw 2 cards" in words(2), words(2)[-1]
    (('Start the game', 'Move', 'Boost'), True, 'east of i5')
    """
    g = B.geometry(count)
    others = tuple(f"seat +{r}{what}" for r in range(1, count)
                   for what in ("", "'s sector", "'s treasure 1", "'s treasure 2"))
    return _WORDS + others + tuple(f"{_SIDE[d]} of {g.name(q)}" for q, d in g.edge_squares)


_SIDE = ("north", "east", "south", "west")
_BORDERS = frozenset(("wall", "door", "created wall", "open border", "sealed door",
                      "created door", "open door", "Wall of Fire", "border"))


def word(option: Answer) -> str:
    """The word an option says: a border by where it lies, whatever stands there (``east
    of c3`` for ``wall east of c3`` or ``door east of c3``: walls are destroyed and
    created), a treasure by whose it is, whoever carries it (``Ann's treasure 1`` for
    ``Ann's treasure 1, carried by Ben``), else its label.

    >>> from grimoire.core.choices import Pick
    >>> word(Pick(prompt="At what?", label="Wall of Fire south of b2")), word(
    ...     Pick(prompt="What do you do?", label="Punch"))
    ('south of b2', 'Punch')
    >>> word(Pick(prompt="At what?", label="Your treasure 2, carried by Ben"))
    'Your treasure 2'
    """
    label = option.label.partition(", carried by ")[0]
    if " of " in label:
        kind, _, where = label.rpartition(" ")[0].rpartition(" ")[0].rpartition(" ")
        if kind in _BORDERS and where in ("east", "south"):
            return label[len(kind) + 1:]
    return label


_WORDS: tuple[str, ...] = (
    "Start the game", "Move", "Boost", "Punch", "Discard", "Drop", "Pick up",
    "Your treasure 1", "Your treasure 2",
    "End Move and Cast", "End a spell", "End the turn", "Let it go ahead",
    "Leave in a random direction", "Treasure", "Yourself", "Your sector", "Stun tokens",
    "Damage", "nothing", *(side.capitalize() for side in ("north", "east", "south", "west")),
    "A quarter turn clockwise", "A half turn", "Three quarter turns clockwise",
    "Draw no card", "Draw 1 card", *(f"Draw {k} cards" for k in range(2, 8)),
    *(f"No energy card (energy {k})" for k in range(1, 13)),
    *(f"{k} damage" for k in range(13)),
    *dict.fromkeys(DECK[c] for c in range(len(DECK)) if "creature" in CARD[c].traits))


CARDS: tuple[str, ...] = tuple(dict.fromkeys(DECK))
"""Every card's name, once, in the order the observation counts cards by."""
NAME: tuple[int, ...] = tuple(CARDS.index(name) for name in DECK)
"""Each card number's index in :data:`CARDS`."""

PHASES: tuple[str, ...] = ("start", "move", "draw", "respond", "over")
"""The phases, in the order of the observation's one-hot phase."""
ATTACKS: tuple[str, ...] = ("punch", "spell", "throw", "neutral", "weapon")
"""The kinds of a waiting attack or spell, in the observation's order."""
SIDES: tuple[str, ...] = (".", "#", "D", "W", "S", "C")
"""The kinds of a border between two squares (open, stone wall, door, created wall,
sealed door, created door), before the outside's exit and outer wall."""
SIDE = 11
"""Numbers per side of a square: its kind (six kinds of border, an exit, an outer wall),
whether it burns, whether a door there is picked open, its cracks."""


def sizes(n: int) -> tuple[int, int, int]:
    """For ``n`` wizards: the numbers per square, per seat, and in all.

    >>> sizes(2), sizes(4)
    ((63, 13, 4131), (71, 15, 8673))
    """
    square = 1 + 2 * n + 4 * SIDE + 2 * n + 10
    seat = 11 + n
    cards = len(CARDS) * (3 * n + 4)
    rest = len(PHASES) + 8 + 3 + 1 + len(ATTACKS) + 3 * n + 7
    return square, seat, B.geometry(n).size * square + n * seat + cards + rest


def observation(view: State, seat: int) -> bytes:
    """Seat ``seat``'s view as numbers (0 to 255, counts above 255 read 255), seats
    counted from the observer's: seat ``r`` below is ``(seat + r) % n`` (0: the
    observer, 1: the next in turn order…), for ``n`` wizards. Cards are counted by name,
    in :data:`CARDS` order (``C`` = 92 names).

    - the squares (``size`` of the board: 50 for two wizards, 100 for three or four, an
      empty quarter included), in ``places`` order, ``4n + 55`` numbers each:
      on the board; the sector of seat ``r`` (``n``); the home base of seat ``r``
      (``n``); each side, north, east, south, west, 11 numbers: one of open, stone wall,
      door, created wall, sealed door, created door, exit, outer wall, then whether it
      burns (a Wall of Fire), whether a door there is picked open this phase, its cracks;
      then the wizard of seat ``r`` stands here (``n``); treasures of seat ``r`` lying
      here (``n``); dropped items here; a creature of mine, of another seat here; other
      spells here, mine, others'; whether it blocks sight, whether nobody may enter;
      Booby Trap tokens here, tokens here I know to be real; whether the active wizard
      casts from here (Astral Projection);
    - each seat ``r``, ``11 + n`` numbers: alive, life, kills, points, stun tokens,
      turns taken, cards in hand, items carried, spells maintained, whether it is the
      active seat, whether it answers the waiting attack or spell now, treasures it
      carries, by their owner ``r`` (``n``);
    - cards by name, ``C`` each: my hand; the items seat ``r`` carries (``n``); the
      spells seat ``r`` maintains (``n``); the spells on seat ``r``'s wizard (``n``);
      the dropped items; the discard pile(s);
    - the phase (five, one of them 1: start, move and cast, discard and draw, respond,
      over); the active wizard's movement points, whether it has boosted, attacked,
      moved, been stunned this turn, whether a spell bends (Around the Corner), whether
      it casts from an Astral Projection, whether a door is picked open; the cards in
      each deck (the Custom Spellbook's second deck: 0 without it); the points to win;
    - the waiting attack or spell: whether one waits, its kind (five: punch, spell,
      throw, neutral, weapon), its attacker, target, seats still to answer (``n`` each),
      damage, damage reduced so far, energy, whether magical, whether fire, whether a
      counter spell waits for its answer, whether it has a mode; then its card (``C``).

    Walls, doors and exits are read from the view (its borders' kinds) and the board it
    is played on, never from a fixed map.

    >>> from grimoire.games.wiz_war import RULES
    >>> s = RULES.setup(RULES.Options(), ("Ann", "Ben", "Cy"))
    >>> numbers = observation(RULES.view(s, 1), 1)
    >>> len(numbers) == sizes(3)[2], sum(numbers[:sizes(3)[0] * 100:sizes(3)[0]])
    (True, 75)
    """
    n = view.players
    square = sizes(n)[0]
    burns = tuple(sorted(int(sp.target[1:]) for sp in view.spells
                         if sp.target[:1] == "e" and "burns" in CARD[sp.card].traits))
    picked = view.picked if view.picked >= 0 and view.phase == "move" else -1
    out = bytearray(_board(board(view), seat, view.edges, view.cracks, burns, picked))
    here = 2 * n + 1 + 4 * SIDE  # the first number of a square's pieces

    def rel(p: int) -> int:
        return (p - seat) % n

    def add(i: int, k: int = 1) -> None:
        out[i] = min(out[i] + k, 255)

    for p, q in enumerate(view.pos):
        if q >= 0:
            out[q * square + here + rel(p)] = 1
    for t, q in enumerate(view.treasures):
        if q >= 0 and view.bearer[t] < 0:
            add(q * square + here + n + rel(t // 2))
    for _card, q in view.objects:
        if q >= 0:
            add(q * square + here + 2 * n)
    for sp in view.spells:
        if sp.target[:1] != "q":
            continue
        q = int(sp.target[1:])
        base = q * square + here + 2 * n
        traits = CARD[sp.card].traits
        mine = sp.caster == seat
        if "creature" in traits:
            add(base + (1 if mine else 2))
        else:
            add(base + (3 if mine else 4))
        if "fills" in traits:
            out[base + 5] = 1
        if "solid" in traits:
            out[base + 6] = 1
    for _card, q, real in view.traps:
        if q >= 0:
            add(q * square + here + 2 * n + 7)
            if real == 1:
                add(q * square + here + 2 * n + 8)
    if view.origin >= 0:
        out[view.origin * square + here + 2 * n + 9] = 1

    pending = view.pending
    answers = () if pending is None else (  # who answers it now (as ``to_act`` says)
        (pending.target,) if pending.counter is None else (pending.attacker,))
    seats = [(seat + r) % n for r in range(n)]
    spells_by = [0] * n
    for sp in view.spells:
        spells_by[sp.caster] += 1
    for p in seats:
        carrying = [0] * n
        for t, who in enumerate(view.bearer):
            if who == p:
                carrying[rel(t // 2)] += 1
        out.extend(_most(x) for x in (
            int(view.pos[p] >= 0), view.life[p], view.kills[p], points(view, p),
            view.stun[p], view.turns[p], len(view.hands[p]), len(view.carried[p]),
            spells_by[p], int(view.active == p and view.phase != "over"),
            int(p in answers and view.phase == "respond"), *carrying))

    def count(cards: Iterable[int]) -> bytearray:
        vector = bytearray(len(CARDS))
        for c in cards:
            if c >= 0:
                vector[NAME[c]] = min(vector[NAME[c]] + 1, 255)
        return vector

    out += count(view.hands[seat])
    for p in seats:
        out += count(view.carried[p])
    for p in seats:
        out += count(sp.card for sp in view.spells if sp.caster == p)
    for p in seats:
        on = f"w{p}"
        out += count(sp.card for sp in view.spells
                     if sp.target == on or sp.target.startswith(on + ":"))
    out += count(card for card, _ in view.objects)
    out += count(view.discard)

    out.extend(int(view.phase == phase) for phase in PHASES)
    out.extend(_most(x) for x in (
        view.mp, view.boosted, view.attacked, view.moved, view.stunned, view.bend,
        view.origin >= 0, picked >= 0))
    out.extend(_most(x) for x in (
        len(deck_of(view, 0)), len(deck_of(view, 1)) if spellbook(view) else 0,
        view.options.victory_points))
    if pending is None:
        out.extend(bytes(1 + len(ATTACKS) + 3 * n + 7))
        out += bytes(len(CARDS))
    else:
        out.append(1)
        out.extend(int(pending.kind == kind) for kind in ATTACKS)
        groups: tuple[tuple[int, ...], ...] = (
            (pending.attacker,), (pending.target,), pending.responders)
        for group in groups:
            marks = [0] * n
            for p in group:
                if 0 <= p < n:
                    marks[rel(p)] = 1
            out.extend(marks)
        out.extend(_most(x) for x in (
            pending.damage, pending.reduced, pending.energy, pending.dtype == "magical",
            pending.fire, pending.counter is not None, bool(pending.mode)))
        card = pending.card if pending.card >= 0 else (
            pending.action.card if pending.action is not None else -1)
        out += count((card,))
    return bytes(out)


def _most(x: int) -> int:
    return min(max(int(x), 0), 255)


def board(view: State) -> B.Geometry:
    """The board ``view``'s match is played on (its ``board``, public: the layout built
    as the game starts, sectors shuffled and turned): where its sectors, home bases,
    exits and outer walls are (the borders' kinds are the view's own ``edges``). The one
    place the observation asks for it.

    >>> from grimoire.games.wiz_war import RULES
    >>> board(RULES.setup(RULES.Options(), ("Ann", "Ben"))).width
    10
    """
    return B.GEOMETRY[view.board]


@lru_cache(maxsize=256)
def _board(g: B.Geometry, seat: int, edges: tuple[str, ...], cracks: tuple[int, ...],
           burns: tuple[int, ...], picked: int) -> bytes:
    """The squares' numbers that follow from the board ``g`` and its borders (and whose
    sector and home base each square is), seen by ``seat``; the pieces' numbers are zero.
    Kept: the borders change seldom."""
    n = g.players
    square = sizes(n)[0]
    out = bytearray(g.size * square)
    burning = set(burns)
    for q in g.squares:
        base = q * square
        out[base] = 1
        owner = g.sector[q]
        if owner >= 0:
            out[base + 1 + (owner - seat) % n] = 1
        for p, home in enumerate(g.home):
            if home == q:
                out[base + 1 + n + (p - seat) % n] = 1
        for d in range(4):
            side = base + 1 + 2 * n + d * SIDE
            e = g.edge[q][d]
            if e >= 0:
                out[side + SIDES.index(edges[e])] = 1
                out[side + 8] = int(e in burning)
                out[side + 9] = int(e == picked)
                out[side + 10] = min(cracks[e], 255)
            else:
                out[side + (6 if g.link[q][d] is not None else 7)] = 1
    return bytes(out)
