"""What the learning environments (:mod:`grimoire.envs`) read of Magery beyond the rules:
every place a choice may name, in a fixed order (the arena's 64 squares, then the Mage
Tower's chambers), and a seat's view as numbers (:func:`observation`).

>>> places(2)[0], places(2)[64], len(places(2))
('a1', 'chamber-1', 80)
"""

from __future__ import annotations

from grimoire.games.magery import tables as T
from grimoire.games.magery.board import EMPTY, LETTERS, PUBLIC_CHAMBERS, SQUARES, card_slot
from grimoire.games.magery.choices import kind_name
from grimoire.games.magery.state import State


def places(count: int) -> tuple[str, ...]:
    """The arena's squares, then the chambers ``chamber-1`` … (one per floor of the tower)."""
    return SQUARES + tuple(f"chamber-{n}" for n in range(1, len(T.TOWER) + 1))


CARDS: tuple[str, ...] = tuple(dict.fromkeys(T.CHAOS_CARDS))
"""The Chaos Mage cards, in the order the observation numbers them."""


def words(count: int) -> tuple[str, ...]:
    """The words an option that names no place and no card may say: each minion (set
    up, placed, or taking a transmuted minion's place), passing, declining a power,
    summoning each minion, the Seer's "You" and "Your opponent", taking the Orb, and the
    Rune Master's Knight jumps.

    >>> words(2)[:2], words(2)[10:12]
    (('Dragon', 'Myrmidon'), ('Summon a Dragon', 'Summon a Myrmidon'))
    """
    names = tuple(kind_name(m[0]) for m in T.MINIONS)
    summon = tuple(f"Summon {'an' if n[0] in 'AEIOU' else 'a'} {n}" for n in names)
    return (*names, "Pass", "Decline", *summon, "You", "Your opponent", "Take the Orb",
            "Knight jumps")


def observation(view: State, seat: int) -> bytes:
    """Seat ``seat``'s view as numbers, from its side ("mine", "theirs"); minions in
    ``tables.MINIONS`` order (Dragon, Myrmidon, Undead, Fey, Elemental, Beast, Construct,
    Spirit), cards in :data:`CARDS` order; counts above 255 read 255:

    - 1,088: the arena's 64 squares, ``a1`` first then ``b1`` … ``h8``, 17 each, one of
      them 1: empty, my minion of each type, theirs of each type;
    - 374: the tower's 22 chambers (floors 1-16, then my private chambers, then theirs),
      17 each, the same way;
    - 130: the ten Chaos Mage cards' places (floors 13-16, my private chambers, theirs),
      13 each, one of them 1: no card, a card I have not seen, then each card;
    - 10: whether each of those cards is public;
    - 16 and 16: minions in reserve and dead, mine then theirs, by type;
    - 11: the discard pile, by card; 1: cards left in the deck;
    - 2: whether I hold the Orb, whether they do; 1: the round;
    - 4: the phase, one of them 1: setup, decision, action, over;
    - 2: whether it is my turn, theirs; 2: whether I have passed, they have;
    - 1: minions placed this decision phase; 2: the Seer's turns still due, mine, theirs;
    - 24: a power waiting for its use: whether one waits, whether its card is hidden from
      me, and its chamber (22, in the tower's order above);
    - 17: the minion whose power waits (empty, mine by type, theirs by type);
    - 64: the squares the Force Mage shields; 2: whether the Rune Master is with me,
      with them; 22: the chambers holding a minion the Magus moved this round.

    >>> from grimoire.games.magery.rules import setup
    >>> from grimoire.games.magery.state import Options
    >>> numbers = observation(setup(Options(), ("White", "Black")), 1)
    >>> len(numbers), sum(numbers[:1088])
    (1789, 64)
    """
    sides = (seat, 1 - seat)
    order, slots = _ORDER[seat]

    def most(n: int) -> int:
        return min(max(n, 0), 255)

    cells = _CELLS[seat]
    tower = view.tower
    out = bytearray(b"".join([cells[ch] for ch in view.arena]))
    out += b"".join([cells[tower[c]] for c in order])
    cards = view.cards
    out += b"".join([_CARD_CELLS[cards[slot]] for slot in slots])
    out.extend(int(view.shown[slot]) for slot in slots)
    for held in (view.reserve, view.dead):
        for side in sides:  # at most PER_TYPE of a type: no cap needed
            up = held[side].upper()
            out.extend(up.count(letter) for letter in LETTERS)
    out.extend(view.discard.count(card) for card in CARDS)  # at most DECK_SIZE
    out.append(len(view.deck))
    out.extend(int(view.orb == side) for side in sides)
    out.append(most(view.round))
    out.extend(int(view.phase == phase) for phase in ("setup", "decision", "action", "over"))
    out.extend(int(view.turn == side) for side in sides)
    out.extend(int(view.passed[side]) for side in sides)
    out.append(most(view.placed))
    out.extend(view.extra.count(side) for side in sides)  # at most SEER_TURNS
    waiting = bytearray(len(order))
    if view.pending and view.pending_chamber >= 0:
        waiting[order.index(view.pending_chamber)] = 1
    out.extend((int(bool(view.pending)), int(view.pending == "?")))
    out += waiting
    out += cells[view.pending_minion]
    shielded = set(view.shielded)
    out.extend(int(i in shielded) for i in range(len(view.arena)))
    out.extend(int(view.runes[side]) for side in sides)
    relocated = set(view.relocated)
    out.extend(int(c in relocated) for c in order)
    return bytes(out)


def _order(seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The chambers from ``seat``'s side (public, mine, theirs), and the card slots of
    those that hold a Chaos Mage card."""
    mine = range(T.MAX_PRIVATE)
    private = (PUBLIC_CHAMBERS + seat * T.MAX_PRIVATE,
               PUBLIC_CHAMBERS + (1 - seat) * T.MAX_PRIVATE)
    order = (*range(PUBLIC_CHAMBERS), *(private[0] + k for k in mine),
             *(private[1] + k for k in mine))
    return order, (*range(T.CHAOS_FLOORS), *(card_slot(c) for c in order[PUBLIC_CHAMBERS:]))


_ORDER = (_order(0), _order(1))


def _card_cell(card: str) -> bytes:
    """A card place's 13 numbers: no card, a card I have not seen, then each card."""
    cell = bytearray(2 + len(CARDS))
    cell[0 if not card else 1 if card == "?" else 2 + CARDS.index(card)] = 1
    return bytes(cell)


class _CardCells(dict[str, bytes]):
    """Each card place's value's numbers, worked out the first time it is asked."""

    def __missing__(self, card: str) -> bytes:
        self[card] = cell = _card_cell(card)
        return cell


_CARD_CELLS = _CardCells()


def _cell(ch: str, seat: int) -> tuple[int, ...]:
    """A square's or a chamber's 17 numbers, seen by ``seat``."""
    kinds = len(T.MINIONS)
    cell = [0] * (1 + 2 * kinds)
    if ch in ("", EMPTY):
        cell[0] = 1
    else:
        side = 0 if ch.isupper() else 1
        cell[1 + LETTERS.index(ch.upper()) + (0 if side == seat else kinds)] = 1
    return tuple(cell)


_CELLS: tuple[dict[str, bytes], ...] = tuple(
    {ch: bytes(_cell(ch, seat))
     for ch in ("", EMPTY, *LETTERS, *(x.lower() for x in LETTERS))}
    for seat in (0, 1))
"""Each letter's numbers, seen by each seat (looked up, not built, per square)."""
