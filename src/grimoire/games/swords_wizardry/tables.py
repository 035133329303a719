"""Swords & Wizardry as data: the map, the pieces and their counts, the attack table.

Rows run 0 (north) to 9 (south), columns 0 (west) to 9 (east). Squares are named like
chess squares: files ``a``-``j`` west to east, ranks ``10`` (north) to ``1`` (south), so
the north-west corner (row 0, column 0) is ``a10`` and the south-east corner is ``j1``.
Red sits north (ranks 10-7), Black south (ranks 1-4). The map is symmetric under a half
turn, so both sides face the same ground.

See ``docs/games/swords-wizardry.md`` for how each sentence of the rules holds on this map.
"""

from __future__ import annotations

SIZE = 10

# Terrain, north row (rank 10) first.
#   .  open ground          C  castle (three per side, on the back rank)
#   ~  Lake Limpid          B  the Magic Rainbow Bridge (squares over the lake, reached
#   F  Forest Sauvage          only diagonally along the bridge; fliers may land on them)
#   G  Grimmwood
TERRAIN: tuple[str, ...] = (
    ".C...C..C.",  # 10  Red's back rank: castles b10 f10 i10
    "..........",  # 9
    "..........",  # 8   e8 f8: Red's two strong squares "immediately behind the Lake"
    "....~~....",  # 7   Red's fourth row: 8 squares, 6 of them filled at setup
    "FF.~B~~GGG",  # 6
    "FFF~~B~.GG",  # 5
    "....~~....",  # 4   Black's fourth row
    "..........",  # 3   e3 f3: Black's two strong squares
    "..........",  # 2
    ".C..C...C.",  # 1   Black's back rank: castles b1 e1 i1
)

# The ground's names, as the rules text calls them (for people: texts, tooltips).
GROUND: dict[str, str] = {
    ".": "Open ground", "~": "Lake Limpid", "B": "Magic Rainbow Bridge",
    "F": "Forest Sauvage", "G": "Grimmwood", "C": "Castle",
}

# The Magic Rainbow Bridge: a chain of diagonal steps from the north-west bank across the
# centre of the board to the south-east bank. Each consecutive pair is one (diagonal) step.
BRIDGE: tuple[str, ...] = ("d7", "e6", "f5", "g4")

RED, BLACK = 0, 1
SEAT_NAMES = ("Red", "Black")
SEAT_LETTERS = ("r", "b")

# Setup: each side fills its three home rows and FOURTH_ROW_FILL squares of its fourth row.
HOME_ROWS: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 1, 2), (9, 8, 7))
FOURTH_ROW: tuple[int, int] = (3, 6)
FOURTH_ROW_FILL = 6

# Piece classes, as the attack table groups them. The Wizard is an "individual" piece
# (the text: "individual pieces such as the Hero, the Wizard, the King and the Princess").
INDIVIDUAL, MILITARY, MONSTER, MACHINE = "individual", "military", "monster", "machine"

# The thirteen kinds, in the order used everywhere (notation, legal lists, counts).
# letter: board letter (Red capitals, Black small); count: pieces per side (see the docs
# for the reasoning); rescuer: may rescue the Princess ("King, Hero, Marshall Royal or any
# Military Force" other than Peasants).
PIECES: tuple[tuple[str, str, str, int, bool], ...] = (
    # name             letter class       count rescuer
    ("king",           "K",   INDIVIDUAL, 1,    True),
    ("hero",           "H",   INDIVIDUAL, 1,    True),
    ("marshall-royal", "M",   INDIVIDUAL, 1,    True),
    ("princess",       "P",   INDIVIDUAL, 1,    False),
    ("wizard",         "W",   INDIVIDUAL, 1,    False),
    ("dragon",         "D",   MONSTER,    1,    False),
    ("giant",          "G",   MONSTER,    1,    False),
    ("ogre",           "O",   MONSTER,    2,    False),
    ("knights",        "N",   MILITARY,   4,    True),
    ("men-at-arms",    "A",   MILITARY,   6,    True),
    ("bowmen",         "B",   MILITARY,   6,    True),
    ("peasants",       "S",   MILITARY,   9,    False),
    ("siege-catapult", "C",   MACHINE,    2,    False),
)

PIECES_PER_SIDE = 36

# The pieces as the rules text names them, for people (boards, legends, event sentences).
# The four Military kinds are forces of many men, named in the plural ("the Knights",
# "Peasants"): a sentence about one of them takes a plural verb.
TITLES: dict[str, str] = {
    "king": "King", "hero": "Hero", "marshall-royal": "Marshall Royal",
    "princess": "Princess", "wizard": "Wizard", "dragon": "Dragon", "giant": "Giant",
    "ogre": "Ogre", "knights": "Knights", "men-at-arms": "Men-At-Arms", "bowmen": "Bowmen",
    "peasants": "Peasants", "siege-catapult": "Siege Catapult",
}
PLURAL: frozenset[str] = frozenset({"knights", "men-at-arms", "bowmen", "peasants"})

# The attack table: the attacker's row, the defender's column.
#   X both eliminated, A attacker eliminated, D defender eliminated, - no result.
# In the Princess column "D" means rescued (the game is won), "-" that the challenger
# must retreat. The Wizard has no row or column: its conflicts go by the die.
ATTACK_COLUMNS = "KHMPNABSDGOC"
#                  K H M P N A B S D G O C
ATTACK_TABLE: dict[str, str] = {
    "K": "X-DDA-DAAAA-",  # King
    "H": "AX-DA-DADDD-",  # Hero
    "M": "A-XDDDDDAXX-",  # Marshall Royal
    "N": "A-ADXDADADDD",  # Knights
    "A": "-DADAXXDA-DD",  # Men-At-Arms
    "B": "ADADDXXDAAAD",  # Bowmen
    "S": "DDA-AAAXAAA-",  # Peasants
    "D": "DAD-DDDDXXDA",  # Dragon
    "G": "DAD-ADDDXXD-",  # Giant
    "O": "DAD-AADDAAX-",  # Ogre
    "C": "----AAA-D---",  # Siege Catapult
}

# Option ``table="notes"``: the cells where the notes on the pieces contradict the printed
# table, read the notes' way (see the Rulings). (attacker, defender) -> result.
NOTES_TABLE: dict[tuple[str, str], str] = {
    ("K", "N"): "D",  # Knights "automatically defeated only by ... King and Marshall Royal"
    ("G", "N"): "X",  # Giant: "Attacks against Knights ... will destroy both pieces"
    ("B", "G"): "D",  # Giant: "defeated by Hero and Bowmen"
    ("G", "B"): "A",  # (the same, when the Giant is the attacker)
}

# The Wizard's die (one d6 thrown by the Wizard's owner): the lowest throw that defeats
# each class of opposing piece. 1 always eliminates the Wizard itself.
WIZARD_DIE_SIDES = 6
WIZARD_DEFEATS_ANY = 5  # 5 or 6: any piece (the opposing Wizard excepted)
WIZARD_DEFEATS_NON_MONSTER = 3  # 3 or 4: every piece that is not a Monster
WIZARD_DEFEATS_PEASANTS = 2  # 2: Peasants only
WIZARD_FAILS = 1  # 1: the Wizard is eliminated
