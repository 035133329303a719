"""Wizard Armies as data: the dice, the limits and the seat names.

Every number the rules text states lives here, next to the phrase it comes from, so a
reader can hold the table against the text.
"""

from __future__ import annotations

SIDES = 6  # "specialized dice": ordinary six-sided dice
TROOP_DICE = 2  # "The players roll two dice to determine army strength"
MIN_UNITS = 1  # "A minimum of one unit is required to be deployed"
MAX_UNITS = 6  # "Each player decides up to six units to deploy"
COWARD = 1  # "If a one is rolled, that unit Cowardly deserts"
WIZARD = 6  # "Each roll that resulted in a natural 'six'" is a Wizard
RAIDERS_NEEDED = 2  # "If a force on the battlefield has two or more units remaining"
RAID_MAX = 6  # "the number of units in their camp to a maximum of six"

# "One darker color and one lighter color": seat 0 plays the light dice, seat 1 the dark.
SEAT_NAMES: tuple[str, str] = ("Light", "Dark")

# Phases, in the order of a round (the one-letter codes are the notation's).
PHASES: dict[str, str] = {
    "muster": "m",  # army acquisition: each player rolls for troops
    "deploy": "d",  # secret, simultaneous deployment
    "battle": "b",  # alternating strikes
    "raid": "r",  # camp raid: the raider strikes the rolled camp units
    "over": "x",  # the war is over
}

# Limits of the position notation (the rules set none of these).
POSITION_TEXT_MAX = 200  # the longest notation is under 80 characters
POSITION_ROUND_MAX = 9999  # every round but a drawn one costs a unit; draws are rare
POSITION_ARMY_MAX = 999  # doubles "repeat": 999 troops need 83 doubles in a row
