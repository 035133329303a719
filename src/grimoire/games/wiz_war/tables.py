"""Wiz-War as data: the four sector boards, how they are laid out for 2, 3 and 4 players,
the portals, and the cards of the first-game schools.

A sector board is 11 strings of 11 characters. Odd rows and odd columns are squares
(``H`` home base, ``T`` treasure start, ``.`` plain); the characters between them are the
borders (``|`` or ``-`` a stone wall, ``D`` a door, a space an open border); ``+`` marks the
corners (columns exist wherever a wall or door touches a corner). The outer ring of a sector
is walled except for the open exit in the middle of each side.
"""

from __future__ import annotations

SECTOR_SIZE = 5
LIFE_START = 15
LIFE_MAX = 20
HAND_START = 5
HAND_MAX = 7
BASE_SPEED = 3
DRAW_PER_TURN = 2
VICTORY_POINTS = 2
DOOR_CRACKS = 3
WALL_CRACKS = 5
DAMAGE_PER_CRACK = 3

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
SEAT_NAMES: tuple[str, ...] = ("Callista", "Matt", "Grendel", "Ysolde")

# fmt: off
SECTORS: tuple[tuple[str, ...], ...] = (
    (   # sector 0 (red): a ring of rooms around the home base
        "+-+-+ +-+-+",
        "|T . .|. .|",
        "+-+ + + +-+",
        "|. . .D. .|",
        "+ +-+D+-+ +",
        " . .DH . . ",
        "+ +-+ +-+ +",
        "|. .|. . .|",
        "+ + + +-+ +",
        "|. . .|. T|",
        "+-+-+ +-+-+",
    ),
    (   # sector 1 (blue): a cross of corridors, treasures in side rooms
        "+-+-+ +-+-+",
        "|. . . .|T|",
        "+ + + + + +",
        "|. .D. . .|",
        "+-+-+ +-+D+",
        " . . H . . ",
        "+D+-+ +-+-+",
        "|. . .D. .|",
        "+ + + + + +",
        "|T|. . . .|",
        "+-+-+ +-+-+",
    ),
    (   # sector 2 (green): a spiral towards the home base
        "+-+-+ +-+-+",
        "|. . . . T|",
        "+ +-+-+-+ +",
        "|.|. . .|.|",
        "+ + +D+ + +",
        " .|.|H . . ",
        "+ + + +-+ +",
        "|T|. . .|.|",
        "+ +-+ +-+ +",
        "|. . . . .|",
        "+-+-+ +-+-+",
    ),
    (   # sector 3 (yellow): two halls split by a long wall
        "+-+-+ +-+-+",
        "|. . . .|T|",
        "+ +-+-+ + +",
        "|. .|. . .|",
        "+-+ + +-+D+",
        " . .DH . . ",
        "+-+ +-+ +-+",
        "|T .|. . .|",
        "+ + + +-+ +",
        "|. . . . .|",
        "+-+-+ +-+-+",
    ),
)
# fmt: on

# Where each seat's sector lies (sector row, sector column) for each player count.
# Seat i plays sector i; seats go clockwise.
LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 1), (1, 0)),
    4: ((0, 0), (0, 1), (1, 1), (1, 0)),
}

# Portals: open exits that lead somewhere other than the opposite side of the board,
# as ((row, col, side), (row, col, side)) pairs; sides are "nesw". Every other open exit
# wraps around to the opposite side of the board.
PORTALS: dict[int, tuple[tuple[tuple[int, int, str], tuple[int, int, str]], ...]] = {
    2: (),
    3: (((7, 4, "e"), (4, 7, "s")),   # purple: the two exits into the missing quarter
        ((0, 7, "n"), (7, 0, "w"))),  # orange
    4: (),
}

# The random direction overlay: die face -> side ("nesw"), with the overlay laid against
# the north edge of the board.
RANDOM_DIRECTION: tuple[str, ...] = ("e", "s", "w", "n")

# ---------------------------------------------------------------- cards
#
# name: (school, type, energy value (0: none), range, duration, traits)
# types: attack, counter, neutral, energy, item; ranges: caster, adjacent, los, anywhere;
# durations: instant, temporary, permanent. Traits: ``energy`` the effect uses the spell's
# energy; ``counter-too`` may also be cast as a counter; ``companion`` is only played with
# another spell; ``fire``/``water`` the element; ``creation``, ``creature``, ``global``,
# ``transformation``, ``curse``, ``magic-stone``, ``thrown-weapon``, ``mundane``.
CARDS: dict[str, tuple[str, str, int, str, str, tuple[str, ...]]] = {
    # White Cantrip
    "Full Shield": ("cantrip", "counter", 0, "caster", "instant", ()),
    "Negate Neutral": ("cantrip", "counter", 0, "anywhere", "instant", ()),
    "Drop Object": ("cantrip", "neutral", 2, "los", "instant", ()),
    "Zot!": ("cantrip", "attack", 0, "los", "instant", ("energy",)),
    "Around the Corner": ("cantrip", "neutral", 0, "caster", "instant", ()),
    "Create Wall": ("cantrip", "neutral", 0, "los", "permanent", ("creation",)),
    "Destroy Wall": ("cantrip", "neutral", 0, "los", "instant", ()),
    "Dispel": ("cantrip", "neutral", 0, "anywhere", "instant", ()),
    "Pick Lock": ("cantrip", "neutral", 3, "adjacent", "instant", ("mundane",)),
    "Rotate Sector": ("cantrip", "neutral", 0, "anywhere", "instant", ()),
    "Large Rock": ("cantrip", "item", 3, "los", "permanent", ("thrown-weapon", "mundane")),
    "Energy 6": ("cantrip", "energy", 6, "anywhere", "instant", ()),
    # Alchemy
    "Energy 4": ("any", "energy", 4, "anywhere", "instant", ()),
    "Energy 5": ("any", "energy", 5, "anywhere", "instant", ()),
    "Add": ("any", "neutral", 0, "anywhere", "instant", ("companion",)),
    "Acid Bath": ("alchemy", "attack", 0, "los", "temporary", ("curse", "energy")),
    "Stone Dead": ("alchemy", "attack", 3, "los", "instant", ("energy",)),
    "Homunculus": ("alchemy", "neutral", 0, "adjacent", "permanent", ("creation", "creature")),
    "Fool's Gold": ("alchemy", "neutral", 0, "anywhere", "permanent", ()),
    "Bloodshard": ("alchemy", "item", 0, "caster", "permanent", ()),
    "Null Powder": ("alchemy", "item", 0, "caster", "permanent", ()),
    "Universal Solvent": ("alchemy", "item", 0, "adjacent", "permanent", ()),
    "Boomstone": ("alchemy", "item", 0, "los", "permanent", ("magic-stone", "thrown-weapon")),
    "Brainstone": ("alchemy", "item", 0, "caster", "permanent", ("magic-stone",)),
    "Lifestone": ("alchemy", "item", 0, "caster", "permanent", ("magic-stone",)),
    "Mightstone": ("alchemy", "item", 2, "caster", "permanent", ("magic-stone",)),
    "Powerstone": ("alchemy", "item", 0, "caster", "permanent", ("magic-stone",)),
    "Speedstone": ("alchemy", "item", 0, "caster", "permanent", ("magic-stone",)),
    "Spellstone": ("alchemy", "item", 0, "caster", "permanent", ("magic-stone",)),
    "Visionstone": ("alchemy", "item", 0, "caster", "permanent", ("magic-stone",)),
    # Elemental
    "Wall of Earth": ("elemental", "counter", 0, "caster", "instant", ("creation",)),
    "Mist Body": ("elemental", "neutral", 0, "caster", "temporary",
                  ("transformation", "energy")),
    "Fireball": ("elemental", "attack", 0, "los", "instant", ("fire",)),
    "Lightning Bolt": ("elemental", "attack", 0, "los", "instant", ("energy",)),
    "Waterbolt": ("elemental", "attack", 3, "los", "instant", ("water", "energy")),
    "Flood": ("elemental", "neutral", 0, "anywhere", "temporary",
              ("global", "water", "energy", "counter-too")),
    "Wall of Fire": ("elemental", "neutral", 2, "los", "temporary",
                     ("creation", "fire", "energy", "counter-too")),
    "Fog": ("elemental", "neutral", 0, "anywhere", "temporary", ("global", "energy")),
    "Stone Block": ("elemental", "neutral", 0, "los", "permanent", ("creation",)),
    "Stone Spikes": ("elemental", "item", 2, "los", "permanent", ("thrown-weapon",)),
    "Windrider": ("elemental", "neutral", 0, "caster", "instant", ("energy",)),
    "Fire Cloak": ("elemental", "neutral", 2, "caster", "temporary", ("fire", "energy")),
    # Mentalism
    "Shield": ("mentalism", "counter", 2, "caster", "instant", ("energy",)),
    "Powerthrust": ("mentalism", "attack", 2, "los", "instant", ("energy",)),
    "Brain Burn": ("mentalism", "attack", 0, "los", "instant", ()),
    "Mental Force": ("mentalism", "neutral", 0, "los", "instant", ("energy",)),
    "Psychic Storm": ("mentalism", "attack", 0, "los", "instant", ("energy",)),
    "Share Life": ("mentalism", "neutral", 0, "adjacent", "instant", ()),
    "Thought Steal": ("mentalism", "neutral", 2, "los", "instant", ()),
    "Pain Link": ("mentalism", "neutral", 0, "caster", "temporary", ("energy", "counter-too")),
    "Teleport": ("mentalism", "neutral", 0, "caster", "instant", ("counter-too",)),
    "Astral Projection": ("mentalism", "neutral", 0, "caster", "instant", ()),
    "Meditate": ("mentalism", "neutral", 3, "caster", "instant", ()),
    "Shatter": ("mentalism", "attack", 3, "los", "instant", ("energy",)),
    "Absorb Spell": ("mentalism", "counter", 0, "caster", "instant", ()),
    # Outside the first-game schools: the rulebook's examples (option ``extra_cards``)
    "Gnome Form": ("mutation", "neutral", 2, "caster", "permanent",
                   ("transformation", "counter-too")),
    "Golem Form": ("mutation", "neutral", 0, "caster", "permanent", ("transformation",)),
    "Dust Cloud": ("conjuring", "neutral", 0, "los", "permanent", ("creation",)),
}

# Cards that may be added to the deck with the ``extra_cards`` option, one copy each.
EXTRA_CARDS: tuple[str, ...] = ("Gnome Form", "Golem Form", "Dust Cloud")

# Transformations: base speed, evade on a d4 roll up to, punch damage, damage taken less,
# doors do not block.
FORMS: dict[str, tuple[int, int, int, int, bool]] = {
    "Mist Body": (3, 0, 1, 0, True),
    "Gnome Form": (2, 2, 1, 0, False),
    "Golem Form": (2, 0, 2, 2, False),
}

# The schools of the recommended first game: (card, copies).
SCHOOLS: dict[str, tuple[tuple[str, int], ...]] = {
    "white-cantrip": (
        ("Full Shield", 1), ("Negate Neutral", 1), ("Drop Object", 1), ("Zot!", 1),
        ("Around the Corner", 1), ("Create Wall", 1), ("Destroy Wall", 1), ("Dispel", 1),
        ("Pick Lock", 1), ("Rotate Sector", 1), ("Large Rock", 1), ("Energy 6", 1),
    ),
    "alchemy": (
        ("Energy 4", 1), ("Energy 5", 1), ("Add", 1), ("Acid Bath", 2), ("Stone Dead", 1),
        ("Homunculus", 1), ("Fool's Gold", 1), ("Bloodshard", 1), ("Null Powder", 1),
        ("Universal Solvent", 2), ("Boomstone", 3), ("Brainstone", 1), ("Lifestone", 1),
        ("Mightstone", 1), ("Powerstone", 2), ("Speedstone", 2), ("Spellstone", 1),
        ("Visionstone", 1),
    ),
    "elemental": (
        ("Energy 4", 2), ("Energy 5", 1), ("Wall of Earth", 2), ("Create Wall", 2),
        ("Destroy Wall", 1), ("Mist Body", 1), ("Fireball", 3), ("Lightning Bolt", 2),
        ("Waterbolt", 2), ("Flood", 1), ("Wall of Fire", 1), ("Fog", 1), ("Stone Block", 1),
        ("Stone Spikes", 1), ("Windrider", 2), ("Fire Cloak", 1),
    ),
    "mentalism": (
        ("Energy 4", 1), ("Add", 2), ("Shield", 1), ("Pick Lock", 1), ("Powerthrust", 2),
        ("Brain Burn", 2), ("Mental Force", 2), ("Psychic Storm", 1), ("Share Life", 1),
        ("Thought Steal", 2), ("Pain Link", 2), ("Teleport", 1), ("Astral Projection", 2),
        ("Meditate", 2), ("Shatter", 1), ("Absorb Spell", 1),
    ),
}
FIRST_GAME_SCHOOLS: tuple[str, ...] = ("white-cantrip", "alchemy", "elemental", "mentalism")

# Fixed effect numbers, read by the rules.
FIREBALL_DAMAGE = 5
POWERTHRUST_BONUS = 2
SHIELD_BONUS = 2
ZOT_STUN = 2
ACID_BATH_DAMAGE = 2
THROWN_DAMAGE: dict[str, tuple[int, str, bool]] = {  # damage, kind, fire
    "Large Rock": (2, "physical", False),
    "Stone Spikes": (3, "physical", False),
    "Boomstone": (4, "magical", True),
}
BOOMSTONE_BACKFIRE = 4
DESTROY_WALL_DAMAGE = 2
MEDITATE_DRAW = 3
STONE_BLOCK_CRACKS = 8
HOMUNCULUS_LIFE = 5
HOMUNCULUS_SPEED = 1
FOOLS_GOLD_DAMAGE = 3
WALL_OF_FIRE_DAMAGE = 4
FIRE_CLOAK_PUNCH = 2
FIRE_CLOAK_BURN = 2
LIGHTNING_DAMAGE = 3
LIGHTNING_STUN = 1
MENTAL_FORCE_BONUS = 3
TELEPORT_RANGE = 4
ASTRAL_RANGE = 3
THOUGHT_STEAL_CARDS = 2
BRAINSTONE_HAND = 2
