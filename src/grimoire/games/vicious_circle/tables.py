"""Wizards of the Vicious Circle as data: the map, the domains, the creatures, the cycle.

Rows run 0 (north) to 4 (south), columns 0 (west) to 4 (east). Squares are named like
chess squares: files ``a``-``e`` west to east, ranks ``5`` (north) to ``1`` (south), so
Dawn's throne (row 0, column 4) is ``e5`` and Twilight's (row 4, column 0) is ``a1``.
"""

from __future__ import annotations

SIZE = 5

# Terrain, north row first. S shrine, W swamp, V village, M mountain, . open.
# Thrones are open squares (marked separately in THRONES).
TERRAIN: tuple[str, ...] = (
    "S....",
    ".W...",
    "V.M.V",
    "...W.",
    "....S",
)

# Domains: d = Dawn's six squares (north-east), t = Twilight's (south-west).
DOMAINS: tuple[str, ...] = (
    "..ddd",
    "..ddd",
    ".....",
    "ttt..",
    "ttt..",
)

DAWN, TWILIGHT = 0, 1
SEAT_NAMES = ("Dawn", "Twilight")
SEAT_LETTERS = ("d", "t")

# Each seat's throne square (row, column): Dawn north-east, Twilight south-west.
THRONES: tuple[tuple[int, int], ...] = ((0, 4), (4, 0))

# The five creatures, in the order used everywhere (events, notation, legal lists).
# letter: board letter (Dawn uppercase, Twilight lowercase); range: king steps per move;
# terrain: the one restricted terrain it alone may cross or occupy.
CREATURES: tuple[tuple[str, str, int, str], ...] = (
    # name       letter range terrain
    ("saint",    "S",   3,    "S"),  # shrines
    ("spirit",   "P",   1,    "W"),  # swamps
    ("child",    "C",   2,    "V"),  # villages
    ("warrior",  "W",   2,    ""),   # no terrain of its own
    ("dragon",   "D",   2,    "M"),  # the mountain
)

# The Vicious Circle: who can capture whom (rows capture columns).
#              saint spirit child warrior dragon
CAPTURES: tuple[tuple[int, ...], ...] = (
    (0,     1,     0,     0,      0),  # a Saint can banish a Spirit
    (0,     0,     1,     0,      0),  # a Spirit can frighten a Child
    (0,     0,     0,     1,      0),  # a Child can slay a Warrior
    (0,     0,     0,     0,      1),  # only a Warrior can slay a Dragon
    (1,     0,     0,     0,      0),  # a Dragon can eat a Saint
)

SETUP_ON_BOARD = 3  # creatures placed secretly at the start; the other two are reserves
