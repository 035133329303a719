"""Wiz-War as data: the four sector boards (both sides), the places they are laid in for
2, 3 and 4 players, the portals, and the cards of the schools.

A sector board is 11 strings of 11 characters, drawn unturned (as the fixed board lays
it; the board built at setup turns each sector 0, 90, 180 or 270 degrees). Odd rows and
odd columns are squares (``H`` home base, ``T`` treasure start, ``.`` plain); the
characters between them are the borders (``|`` or ``-`` a stone wall, ``D`` a door, a
space an open border); ``+`` marks the corners (columns exist wherever a wall or door
touches a corner). The outer ring of a sector is walled except for the open exit in the
middle of each side.
"""

from __future__ import annotations

from typing import NamedTuple

SECTOR_SIZE = 5
LIFE_START = 15
LIFE_MAX = 20
HAND_START = 5
HAND_MAX = 7
BASE_SPEED = 3
DRAW_PER_TURN = 2
VICTORY_POINTS = 2
EXTENDED_PLAY = (2, 3, 4)  # "play to 3 or even 4 victory points (instead of 2)"
DOOR_CRACKS = 3
WALL_CRACKS = 5
DAMAGE_PER_CRACK = 3

COLOURS: tuple[str, ...] = ("red", "blue", "green", "purple")
SEAT_NAMES: tuple[str, ...] = ("Callista", "Matt", "Grendel", "Ysolde")

# fmt: off
SECTORS: tuple[tuple[str, ...], ...] = (  # side A, the new maps
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
    (   # sector 3 (purple): two halls split by a long wall
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
CLASSIC_SECTORS: tuple[tuple[str, ...], ...] = (  # side B, the classic maps
    (   # sector 0 (red): a cloister, the home base walled on the west
        "+-+-+ +-+-+",
        "|T . .|. .|",
        "+ +-+ + + +",
        "|.|. .D.|.|",
        "+ + +-+ + +",
        " . .|H . . ",
        "+-+ + +-+-+",
        "|. . .|. T|",
        "+ +-+ + + +",
        "|. .D. . .|",
        "+-+-+ +-+-+",
    ),
    (   # sector 1 (blue): the home base between two walls, long halls north and south
        "+-+-+ +-+-+",
        "|. . . . .|",
        "+-+-+D+-+ +",
        "|T . . .|.|",
        "+ +-+ + + +",
        " . .|H|. . ",
        "+ + + + +-+",
        "|.|. . .DT|",
        "+ +-+-+ + +",
        "|. . . . .|",
        "+-+-+ +-+-+",
    ),
    (   # sector 2 (green): a zigzag, the home base walled on the east
        "+-+-+ +-+-+",
        "|T .|. . .|",
        "+ + + +-+D+",
        "|. .D. .|.|",
        "+-+ +-+ + +",
        " . . H|. . ",
        "+ +-+ + + +",
        "|.|. .|.|T|",
        "+ + +-+ + +",
        "|. . . . .|",
        "+-+-+ +-+-+",
    ),
    (   # sector 3 (purple): a hall across the middle, doors north and south
        "+-+-+ +-+-+",
        "|. .|. .|T|",
        "+ + + + + +",
        "|.D. . . .|",
        "+ +-+-+D+-+",
        " . . H . . ",
        "+-+D+-+-+ +",
        "|. . . .|.|",
        "+ +-+ + + +",
        "|T|. .|. .|",
        "+-+-+ +-+-+",
    ),
)
# fmt: on

SIDES: dict[str, tuple[tuple[str, ...], ...]] = {"a": SECTORS, "b": CLASSIC_SECTORS}
"""The sector boards of each side: ``a`` the new maps, ``b`` the classic ones (the
``side`` option). Sector ``k`` of either side is seat ``k``'s, in its colour."""

# The places of the sectors (sector row, sector column) for each player count. On the
# fixed board seat i's sector lies in place i, unturned (seats go clockwise); the board
# built at setup shuffles the players' sectors over these places and turns each.
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


class Carried(NamedTuple):
    """What an item does for as long as a wizard carries it."""

    speed: int = 0  # base speed
    energy: int = 0  # energy of every spell cast
    hand: int = 0  # hand size; drawn when it comes into play, discarded at random when lost
    heal: int = 0  # life when time passes on its carrier's turn (never above LIFE_MAX)
    ward: int = 0  # less damage from each source
    draw: int = 0  # cards drawn in Discard and Draw
    sight: int = 0  # walls or doors the carrier's spells see through
    punch: int = 0  # d4 added to each punch
    backfire: int = 0  # damage to its carrier when fire destroys it
    doors: int = 0  # every door (not a sealed one) opens for its carrier: a key


class Thrown(NamedTuple):
    """A thrown weapon: its damage, ``physical`` or ``magical``, fire, used up once thrown;
    ``tokens``: it holds as many energy tokens as its energy, one throw each, the item
    itself going with the last."""

    damage: int
    kind: str
    fire: bool = False
    used_up: bool = False
    tokens: bool = False


class Weapon(NamedTuple):
    """A weapon its carrier attacks with, as he would punch (a wizard in his square or a
    neighbouring one): ``damage`` of ``kind`` (``physical`` or ``magical``); ``energy``:
    the attack discards a card with an energy value, whose value is the damage instead."""

    damage: int
    kind: str
    energy: bool = False


class Form(NamedTuple):
    """A transformation: base speed, attacks evaded on a d4 roll up to ``evade`` (0: never),
    punch damage, damage taken less, whether doors stop it, and ``die``: the sides of a die
    rolled for each punch and added to ``punch`` (0: none)."""

    speed: int
    evade: int
    punch: int
    ward: int
    doors: bool
    die: int = 0


class Card(NamedTuple):
    """One card: its facts from the card list, and how the rules play it.

    ``kind``: attack, counter, neutral, energy or item; ``energy``: its energy value (0:
    none); ``range``: caster, adjacent, los or anywhere; ``duration``: instant, temporary
    or permanent. ``targets`` names its targeting rule and ``effect`` its effect (both
    in ``cards/``; an effect may also answer attacks and neutral spells as a counter).
    ``amount`` is the number its effect is about (damage, bonus, cracks, life, cards,
    range), ``speed`` a creature's steps a turn, ``mark`` what its square shows on the board,
    ``stun`` the stun tokens its damage gives when some gets through.
    ``carried``, ``thrown``, ``weapon`` and ``form`` give what an item or a
    transformation does; ``evade``: while the spell is on a wizard, each attack on him is
    evaded on these faces of a d4.

    Traits: ``energy`` the effect uses the spell's energy; ``counter-too`` it may also be
    cast as a counter (``lasting``: and then stays in play); ``companion`` only played
    with another spell; ``fire``/``water`` its element (``quenched``: water ends it);
    ``creation``, ``creature``, ``global``, ``transformation``, ``curse``, ``magic-stone``
    (fire destroys it), ``thrown-weapon``, ``mundane`` (no response window); what a spell
    in play does to the board: ``fills`` (its square blocks sight), ``solid`` (nobody
    enters its square), ``cloud`` (a wizard leaves its square in a random direction),
    ``burns`` (crossing its border burns), ``wall`` (a wall on its border), ``fog`` (sight
    reaches only a wizard's own square and its neighbours), ``flood`` (no fire spell can be
    cast), ``gravity`` (no item is carried, nothing picked up), ``seal`` (its door, ``S``,
    opens for nobody), ``reflect`` (whoever damages its wizard with an attack takes the
    same), ``cloak`` (its wizard's punches burn, and so does punching its wizard); of an
    attack: ``area`` (it strikes a square and its neighbours: no wall stops it); of a
    counter: ``answers`` (it answers counter spells: in a game whose deck holds it, each
    counter spell waits for the answer of the player whose attack or spell it counters).
    """

    school: str
    kind: str
    energy: int
    range: str
    duration: str
    traits: tuple[str, ...] = ()
    targets: str = ""
    effect: str = ""
    carried: Carried | None = None
    thrown: Thrown | None = None
    form: Form | None = None
    weapon: Weapon | None = None
    evade: tuple[int, ...] = ()
    amount: int = 0
    speed: int = 0
    mark: str = ""
    stun: int = 0


# fmt: off
CARDS: dict[str, Card] = {
    # White Cantrip
    "Full Shield": Card("cantrip", "counter", 0, "caster", "instant", effect="full-shield"),
    "Negate Neutral": Card("cantrip", "counter", 0, "anywhere", "instant",
                           effect="negate-neutral"),
    "Drop Object": Card("cantrip", "neutral", 2, "los", "instant", targets="carried",
                        effect="drop-object"),
    "Zot!": Card("cantrip", "attack", 0, "los", "instant", ("energy",), targets="zot",
                 effect="zot", amount=2),
    "Around the Corner": Card("cantrip", "neutral", 0, "caster", "instant", targets="bend",
                              effect="around-the-corner"),
    "Create Wall": Card("cantrip", "neutral", 0, "los", "permanent", ("creation", "wall"),
                        targets="open-border", effect="create-wall"),
    "Destroy Wall": Card("cantrip", "neutral", 0, "los", "instant", targets="wall",
                         effect="destroy-wall", amount=2),
    "Dispel": Card("cantrip", "neutral", 0, "anywhere", "instant", targets="spell",
                   effect="dispel"),
    "Pick Lock": Card("cantrip", "neutral", 3, "adjacent", "instant", ("mundane",),
                      targets="door", effect="pick-lock"),
    "Rotate Sector": Card("cantrip", "neutral", 0, "anywhere", "instant", targets="sector",
                          effect="rotate-sector"),
    "Large Rock": Card("cantrip", "item", 3, "los", "permanent", ("thrown-weapon", "mundane"),
                       thrown=Thrown(2, "physical")),
    "Energy 6": Card("cantrip", "energy", 6, "anywhere", "instant"),
    # Alchemy
    "Energy 4": Card("any", "energy", 4, "anywhere", "instant"),
    "Energy 5": Card("any", "energy", 5, "anywhere", "instant"),
    "Add": Card("any", "neutral", 0, "anywhere", "instant", ("companion",)),
    "Acid Bath": Card("alchemy", "attack", 0, "los", "temporary",
                      ("curse", "energy", "quenched"), targets="enemy", effect="acid-bath",
                      amount=2),
    "Stone Dead": Card("alchemy", "attack", 3, "los", "instant", ("energy",), targets="enemy",
                       effect="stone-dead"),
    "Homunculus": Card("alchemy", "neutral", 0, "adjacent", "permanent",
                       ("creation", "creature"), targets="beside", effect="create",
                       amount=5, speed=1, mark="h"),
    "Fool's Gold": Card("alchemy", "neutral", 0, "anywhere", "permanent", targets="own-sector",
                        effect="fools-gold", amount=3),
    "Bloodshard": Card("alchemy", "item", 0, "caster", "permanent", carried=Carried(ward=1)),
    "Null Powder": Card("alchemy", "item", 0, "caster", "permanent", effect="null-powder"),
    "Universal Solvent": Card("alchemy", "item", 0, "adjacent", "permanent",
                              effect="universal-solvent"),
    "Boomstone": Card("alchemy", "item", 0, "los", "permanent", ("magic-stone", "thrown-weapon"),
                      carried=Carried(backfire=4), thrown=Thrown(4, "magical", True, True)),
    "Brainstone": Card("alchemy", "item", 0, "caster", "permanent", ("magic-stone",),
                       effect="brainstone", carried=Carried(hand=2)),
    "Lifestone": Card("alchemy", "item", 0, "caster", "permanent", ("magic-stone",),
                      carried=Carried(heal=1)),
    "Mightstone": Card("alchemy", "item", 2, "caster", "permanent", ("magic-stone",),
                       carried=Carried(punch=1)),
    "Powerstone": Card("alchemy", "item", 0, "caster", "permanent", ("magic-stone",),
                       carried=Carried(energy=1)),
    "Speedstone": Card("alchemy", "item", 0, "caster", "permanent", ("magic-stone",),
                       carried=Carried(speed=1)),
    "Spellstone": Card("alchemy", "item", 0, "caster", "permanent", ("magic-stone",),
                       carried=Carried(draw=1)),
    "Visionstone": Card("alchemy", "item", 0, "caster", "permanent", ("magic-stone",),
                        carried=Carried(sight=1)),
    # Elemental
    "Wall of Earth": Card("elemental", "counter", 0, "caster", "instant", ("creation",),
                          effect="wall-of-earth"),
    "Mist Body": Card("elemental", "neutral", 0, "caster", "temporary",
                      ("transformation", "energy"), targets="form", effect="transform",
                      form=Form(3, 0, 1, 0, True)),
    "Fireball": Card("elemental", "attack", 0, "los", "instant", ("fire",),
                     targets="wizard-or-wall", effect="fireball", amount=5),
    "Lightning Bolt": Card("elemental", "attack", 0, "los", "instant", ("energy",),
                           targets="direction", effect="lightning-bolt", amount=3),
    "Waterbolt": Card("elemental", "attack", 3, "los", "instant", ("water", "energy"),
                      targets="waterbolt", effect="waterbolt"),
    "Flood": Card("elemental", "neutral", 0, "anywhere", "temporary",
                  ("global", "water", "energy", "counter-too", "lasting", "flood"),
                  targets="global", effect="flood"),
    "Wall of Fire": Card("elemental", "neutral", 2, "los", "temporary",
                         ("creation", "fire", "energy", "counter-too", "quenched", "burns"),
                         targets="open-border", effect="wall-of-fire", amount=4),
    "Fog": Card("elemental", "neutral", 0, "anywhere", "temporary", ("global", "energy", "fog"),
                targets="global", effect="maintain"),
    "Stone Block": Card("elemental", "neutral", 0, "los", "permanent",
                        ("creation", "fills", "solid"), targets="empty-square", effect="create",
                        amount=8, mark="#"),
    "Stone Spikes": Card("elemental", "item", 2, "los", "permanent",
                         ("thrown-weapon", "energy"), thrown=Thrown(3, "physical", tokens=True)),
    "Windrider": Card("elemental", "neutral", 0, "caster", "instant", ("energy",),
                      targets="flight", effect="windrider"),
    "Fire Cloak": Card("elemental", "neutral", 2, "caster", "temporary",
                       ("fire", "energy", "quenched", "cloak"), targets="self-once",
                       effect="maintain", amount=2),
    # Mentalism
    "Shield": Card("mentalism", "counter", 2, "caster", "instant", ("energy",), effect="shield",
                   amount=2),
    "Powerthrust": Card("mentalism", "attack", 2, "los", "instant", ("energy",),
                        targets="wizard-or-wall", effect="powerthrust", amount=2),
    "Brain Burn": Card("mentalism", "attack", 0, "los", "instant", targets="enemy",
                       effect="brain-burn"),
    "Mental Force": Card("mentalism", "neutral", 0, "los", "instant", ("energy",),
                         targets="push", effect="mental-force", amount=3),
    "Psychic Storm": Card("mentalism", "attack", 0, "los", "instant", ("energy", "area"),
                          targets="storm", effect="psychic-storm"),
    "Share Life": Card("mentalism", "neutral", 0, "adjacent", "instant", targets="beside-enemy",
                       effect="share-life"),
    "Thought Steal": Card("mentalism", "neutral", 2, "los", "instant", targets="enemy-hand",
                          effect="thought-steal", amount=2),
    "Pain Link": Card("mentalism", "neutral", 0, "caster", "temporary",
                      ("energy", "counter-too", "lasting", "reflect"), targets="self-once",
                      effect="pain-link"),
    "Teleport": Card("mentalism", "neutral", 0, "caster", "instant", ("counter-too",),
                     targets="teleport", effect="teleport", amount=4),
    "Astral Projection": Card("mentalism", "neutral", 0, "caster", "instant", targets="astral",
                              effect="astral-projection", amount=3),
    "Meditate": Card("mentalism", "neutral", 3, "caster", "instant", targets="self",
                     effect="meditate", amount=3),
    "Shatter": Card("mentalism", "attack", 3, "los", "instant", ("energy",), targets="wall-only",
                    effect="shatter"),
    "Absorb Spell": Card("mentalism", "counter", 0, "caster", "instant", effect="absorb-spell"),
    # Outside the first-game schools: the rulebook's examples (option ``extra_cards``)
    "Gnome Form": Card("mutation", "neutral", 2, "caster", "permanent",
                       ("transformation", "counter-too", "lasting"), targets="form",
                       effect="transform", form=Form(2, 2, 1, 0, False)),
    "Golem Form": Card("mutation", "neutral", 0, "caster", "permanent", ("transformation",),
                       targets="form", effect="transform", form=Form(2, 0, 2, 2, False)),
    "Dust Cloud": Card("conjuring", "neutral", 0, "los", "permanent",
                       ("creation", "fills", "cloud"), targets="empty-square", effect="create",
                       mark="~"),
    # Thaumaturgy (with copies of Energy 5, Full Shield, Negate Neutral, Drop Object,
    # Powerthrust, Around the Corner, Dispel, Pick Lock and Rotate Sector)
    "Fire Darts": Card("thaumaturgy", "attack", 0, "los", "instant", ("fire", "energy"),
                       targets="enemy", effect="fire-darts", amount=1),
    "Anti-Anti": Card("thaumaturgy", "counter", 3, "anywhere", "instant", ("answers",),
                      effect="anti-anti"),
    "Backlash": Card("thaumaturgy", "counter", 0, "caster", "instant", effect="backlash"),
    "Globe of Pain": Card("thaumaturgy", "attack", 3, "anywhere", "instant", ("energy",),
                          targets="globe", effect="globe-of-pain", amount=6),
    "Slow Death": Card("thaumaturgy", "attack", 0, "los", "temporary", ("curse", "energy"),
                       targets="enemy", effect="slow-death", amount=1),
    "Yoink!": Card("thaumaturgy", "neutral", 0, "los", "instant", targets="enemy-item",
                   effect="yoink"),
    "Invisible": Card("thaumaturgy", "neutral", 0, "caster", "temporary",
                      ("energy", "counter-too", "lasting"), targets="self-once",
                      effect="invisible", evade=(2, 3, 4)),
    "Gravity": Card("thaumaturgy", "neutral", 0, "anywhere", "temporary",
                    ("global", "energy", "gravity"), targets="global", effect="gravity"),
    "Pass Through Wall": Card("thaumaturgy", "neutral", 0, "caster", "instant",
                              targets="through-wall", effect="pass-through-wall"),
    "Seal Door": Card("thaumaturgy", "neutral", 2, "los", "permanent", ("seal",),
                      targets="door-seen", effect="seal-door"),
    "Master Key": Card("thaumaturgy", "item", 0, "caster", "permanent",
                       carried=Carried(doors=1)),
    "Wizardblade": Card("thaumaturgy", "item", 0, "adjacent", "permanent",
                        weapon=Weapon(0, "magical", energy=True)),
    "Dagger": Card("thaumaturgy", "item", 0, "adjacent", "permanent",
                   weapon=Weapon(3, "physical")),
    # Conjuring (with copies of Energy 4, Energy 5, Negate Neutral, Shield, Wall of Earth,
    # Fire Darts, Around the Corner, Create Wall, Dispel and Dust Cloud)
    "Ward": Card("conjuring", "neutral", 0, "caster", "permanent", targets="self-once",
                 effect="ward", amount=3),
    "Ka-Bong!": Card("conjuring", "attack", 0, "los", "instant", targets="enemy",
                     effect="ka-bong", amount=4, stun=1),
    "Swap": Card("conjuring", "neutral", 0, "los", "instant", targets="enemy", effect="swap"),
    "Booby Trap": Card("conjuring", "neutral", 0, "los", "permanent", ("traps",),
                       targets="trap", effect="booby-trap", amount=4, mark="?"),
    "Create Door": Card("conjuring", "neutral", 2, "los", "permanent",
                        ("creation", "wall", "door"), targets="open-border",
                        effect="create-door"),
    "Glue": Card("conjuring", "neutral", 3, "los", "permanent", ("glue",), targets="glue",
                 effect="glue"),
    "Rosebush": Card("conjuring", "neutral", 0, "los", "permanent", ("creation", "thorns"),
                     targets="empty-square", effect="create", amount=3, mark="@"),
    "Thornbush": Card("conjuring", "neutral", 0, "los", "permanent",
                      ("creation", "thorns", "halts"), targets="empty-square",
                      effect="create", amount=1, mark="&", stun=1),
    "Handful of Tacks": Card("conjuring", "neutral", 3, "los", "permanent",
                             ("creation", "thorns", "quenched"), targets="empty-square",
                             effect="create", amount=3, mark="x"),
    # Mutation (with copies of Energy 4, Energy 5, Dispel, Mist Body, Gnome Form and
    # Golem Form)
    "Featherweight": Card("mutation", "counter", 0, "caster", "instant",
                          effect="featherweight"),
    "Disease": Card("mutation", "neutral", 0, "caster", "temporary", ("energy",),
                    targets="self-once", effect="disease", amount=3),
    "Heave-Ho": Card("mutation", "attack", 0, "los", "instant", targets="heave",
                     effect="heave-ho"),
    "Stretch": Card("mutation", "neutral", 2, "caster", "temporary", ("reach",),
                    targets="self-once", effect="maintain"),
    "Adrenaline": Card("mutation", "neutral", 0, "caster", "instant", targets="attacked",
                       effect="adrenaline"),
    "Extra Arms": Card("mutation", "neutral", 3, "caster", "permanent", ("fists",),
                       targets="self-once", effect="maintain", amount=2),
    "Mad Dash": Card("mutation", "neutral", 0, "caster", "instant", targets="dash",
                     effect="mad-dash"),
    "Strength": Card("mutation", "neutral", 0, "caster", "temporary", ("mighty",),
                     targets="self-once", effect="strength"),
    "Wallivore": Card("mutation", "neutral", 0, "adjacent", "instant", targets="own-wall",
                      effect="wallivore", amount=2),
    "Big Man Form": Card("mutation", "neutral", 0, "caster", "permanent",
                         ("transformation", "fills"), targets="form", effect="transform",
                         form=Form(3, 0, 3, 0, False)),
    "Slime Form": Card("mutation", "neutral", 0, "caster", "permanent", ("transformation",),
                       targets="form", effect="transform", form=Form(3, 0, 1, 0, True)),
    "Werewolf Form": Card("mutation", "neutral", 0, "caster", "permanent",
                          ("transformation",), targets="form", effect="transform",
                          form=Form(4, 0, 0, 0, False, die=4)),
}
# fmt: on

# Cards that may be added to the deck with the ``extra_cards`` option, one copy each.
EXTRA_CARDS: tuple[str, ...] = ("Gnome Form", "Golem Form", "Dust Cloud")

# The schools (White Cantrip and those a game may choose): (card, copies).
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
    "thaumaturgy": (
        ("Energy 5", 2), ("Full Shield", 1), ("Negate Neutral", 1), ("Drop Object", 1),
        ("Fire Darts", 1), ("Powerthrust", 1), ("Around the Corner", 1), ("Dispel", 1),
        ("Pick Lock", 1), ("Rotate Sector", 1), ("Anti-Anti", 1), ("Backlash", 1),
        ("Globe of Pain", 2), ("Slow Death", 1), ("Yoink!", 1), ("Invisible", 1),
        ("Gravity", 1), ("Pass Through Wall", 1), ("Seal Door", 1), ("Master Key", 1),
        ("Wizardblade", 1), ("Dagger", 1),
    ),
    "conjuring": (
        ("Energy 4", 2), ("Energy 5", 1), ("Negate Neutral", 1), ("Shield", 2),
        ("Wall of Earth", 1), ("Fire Darts", 1), ("Around the Corner", 1), ("Create Wall", 1),
        ("Dispel", 1), ("Ward", 1), ("Ka-Bong!", 2), ("Swap", 1), ("Booby Trap", 1),
        ("Create Door", 1), ("Dust Cloud", 1), ("Glue", 1), ("Rosebush", 2),
        ("Thornbush", 2), ("Handful of Tacks", 1),
    ),
    "mutation": (
        ("Energy 4", 2), ("Energy 5", 1), ("Dispel", 1), ("Mist Body", 1),
        ("Featherweight", 2), ("Disease", 1), ("Heave-Ho", 1), ("Stretch", 2),
        ("Adrenaline", 2), ("Extra Arms", 2), ("Mad Dash", 1), ("Strength", 1),
        ("Wallivore", 2), ("Gnome Form", 1), ("Golem Form", 1), ("Big Man Form", 1),
        ("Slime Form", 1), ("Werewolf Form", 1),
    ),
}
# Black Cantrip is "an identical deck" to White Cantrip, used only with the Custom Spellbook
# (the second group's cantrip school): the same twelve cards, numbered apart.
SCHOOLS["black-cantrip"] = SCHOOLS["white-cantrip"]
CANTRIPS: tuple[str, ...] = ("white-cantrip", "black-cantrip")
FIRST_GAME_SCHOOLS: tuple[str, ...] = ("white-cantrip", "alchemy", "elemental", "mentalism")

# The schools a game may choose three of (setup step 4), White Cantrip always being in.
CHOICES: tuple[str, ...] = (
    "alchemy", "elemental", "mentalism", "conjuring", "mutation", "thaumaturgy",
)
# Schools added after the first game, in the order they were added: each one's cards are
# numbered after those of the schools before it (and after the extra cards), so the card
# numbers of a game never change when a school is added. Append, never reorder.
LATER_SCHOOLS: tuple[str, ...] = (
    "thaumaturgy", "conjuring", "mutation", "black-cantrip",
)
# Schools whose cards are numbered but not all castable yet: a game may not choose them.
UNFINISHED: tuple[str, ...] = ()
SCHOOLS_PER_GAME = 3

# The d4 faces on which a wizard hurt by a Ward drops the treasure he picked up.
WARD_DROP: tuple[int, ...] = (1, 2)
# Booby Trap's face-down tokens: how many it lays, one of them the real trap.
TRAP_TOKENS = 4

# Stun tokens a Lightning Bolt gives each wizard it damages (its damage is its amount).
LIGHTNING_STUN = 1
# The faces of a d4 on which a punch or weapon of a wizard under Strength tears an item
# away from the wizard it hits.
TEAR_FACES: tuple[int, ...] = (2, 3, 4)

