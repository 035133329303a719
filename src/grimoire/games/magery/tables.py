"""Magery as data: the minions, their movement, the Mage Tower and the Chaos Mage deck.

Squares are chess squares ``a1``..``h8``. White (seat 0) has rank 1 as its back row and
ranks 1-4 as its side; Black (seat 1) has rank 8 and ranks 5-8.
"""

from __future__ import annotations

SIZE = 8
WHITE, BLACK = 0, 1
SEAT_NAMES = ("White", "Black")
SEAT_LETTERS = ("w", "b")
BACK_RANK = (0, 7)  # 0-based rank of each seat's back row
HALF = ((0, 1, 2, 3), (4, 5, 6, 7))  # each seat's side of the board (0-based ranks)
PER_TYPE = 3  # minions of each type in a set (24 in all)

# The minion recognition table. letter: White's letter (Black's is lower case).
# rank: G greater, M minor, P pawn. slides: rider directions (repeat until blocked);
# leaps: single jumps (never blocked). Offsets are (files, ranks).
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
FAR_KNIGHT = ((1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3))
TWO_SPACE = ((2, 0), (-2, 0), (0, 2), (0, -2), (2, 2), (2, -2), (-2, 2), (-2, -2))

MINIONS: tuple[tuple[str, str, str, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]],
               ...] = (
    # name         letter rank slides                  leaps
    ("dragon",     "D",   "G", ORTHOGONAL + DIAGONAL,  ()),          # queen
    ("myrmidon",   "M",   "M", (),                     TWO_SPACE),   # two-space king (jumps)
    ("undead",     "U",   "P", (),                     ORTHOGONAL),  # orthogonal king
    ("fey",        "F",   "M", (),                     KNIGHT),      # knight
    ("elemental",  "E",   "G", DIAGONAL,               ()),          # bishop
    ("beast",      "B",   "P", (),                     DIAGONAL),    # diagonal king
    ("construct",  "C",   "G", ORTHOGONAL,             ()),          # rook
    ("spirit",     "S",   "M", (),                     FAR_KNIGHT),  # far knight (3 and 1)
)

# The Mage Tower, floors 1 to 16. Floors 13-16 hold Chaos Mage cards: their power is
# the card's. "chaos" marks them.
TOWER: tuple[tuple[int, str, str], ...] = (
    # floor mage                 power
    (1,  "Necromancer",          "undead"),     # move or summon one of your Undead
    (2,  "Sorcerer",             "beast"),      # move or summon one of your Beasts
    (3,  "Wizard",               "myrmidon"),   # move or summon one of your Myrmidons
    (4,  "Warlock",              "spirit"),     # move or summon one of your Spirits
    (5,  "Druid",                "fey"),        # move or summon one of your Fey
    (6,  "Artificer",            "construct"),  # move or summon one of your Constructs
    (7,  "Elemental Master",     "elemental"),  # move or summon one of your Elementals
    (8,  "Dragon Lord",          "dragon"),     # move or summon one of your Dragons
    (9,  "Animist",              "animist"),    # move any one of your minions in the Arena
    (10, "Mystic",               "mystic"),     # one of yours to any empty Arena square
    (11, "Oracle",               "oracle"),     # gain possession of the Orb
    (12, "Magician",             "magician"),   # remove a minion from the Mage Tower
    (13, "First Chaos Mage",     "chaos"),
    (14, "Second Chaos Mage",    "chaos"),
    (15, "Third Chaos Mage",     "chaos"),
    (16, "Fourth Chaos Mage",    "chaos"),
)
FIXED_FLOORS = 12
CHAOS_FLOORS = 4

# The Chaos Mage deck: the eleven cards the rules list, and a twelfth (an Option, by
# default a second Dream Lord; see the Rulings in docs/games/magery.md).
CHAOS_CARDS: tuple[str, ...] = (
    "seer",         # you or your opponent (your choice) take the next 2 turns in a row
    "magus",        # put this minion on any empty chamber
    "alchemist",    # replace one of your Arena minions with one from your reserve
    "mentalist",    # move an opponent's minion (no capture)
    "enchanter",    # replace an opponent's minion with one of yours of the same type
    "dream-lord",   # use the power of any Chaos Mage not in the Tower
    "force-mage",   # a minion cannot move or be captured for the rest of the round
    "illusionist",  # swap any two Arena minions
    "shadow-mage",  # a minion beside one of yours goes back to its reserve
    "rune-master",  # your minions may also move like knights for the rest of the round
    "conjurer",     # summon this minion
)
DECK_SIZE = 12

# Archmage options: private cards per player, and which chaos floors stay empty.
ARCHMAGE: dict[str, tuple[int, tuple[int, ...]]] = {
    "none": (0, ()),
    "archmage": (1, (16,)),
    "ultimate": (3, (14, 15, 16)),
}
MAX_PRIVATE = 3

# The Seer: "You or your Opponent (your choice) must take the next 2 turns in a row."
SEER_TURNS = 2

# No game reaches this round: a log holds at most 100,000,000 records and every round
# takes at least two (its phase and a placement or a pass). Positions are read up to it.
MAX_ROUND = 50_000_000

# Victory: greater minions captured in all, or of a single type.
GREATER_TO_WIN = 5
SAME_TYPE_TO_WIN = 3
