"""Wizard Armies' named things in a sentence or two, in our own words: the units on the
field (a die of 2 to 5, a Wizard, a Coward) and the places and terms of a round, by the
names the choice tree (``choices.py``) and the picture show them under.

>>> TEXTS["Wizard"].startswith("A unit whose die came up six")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

UNITS: Mapping[str, str] = MappingProxyType({
    "Unit": "One soldier of an army, fielded as one die: it strikes an enemy die of lower "
            "value, or joins other dice to strike one lower than their sum, then goes back "
            "to camp.",
    "Wizard": "A unit whose die came up six: it strikes any die, another Wizard included, "
              "or instead kills one unit in the enemy camp; then it goes back to camp.",
    "Coward": "A unit whose die came up one: it runs away before anyone strikes, and is "
              "lost to its army for good.",
})
"""The units a die on the field can be, by what it rolled."""

TERMS: Mapping[str, str] = MappingProxyType({
    "Army": "All of a player's units, rolled once at the start (two dice, rolling again "
            "on doubles). Every unit lost comes off it; the last army left wins the war.",
    "Camp": "Where the units not on the field wait, safe from every strike but a Wizard's "
            "and a camp raid. Dice that have struck come back here.",
    "Field": "The battlefield: each player secretly sends 1 to 6 units, the two numbers are "
             "shown together, and each unit sent rolls one die that gives its value.",
    "Initiative": "One die each, rerolled on a tie: the higher strikes first, then the "
                  "players take turns; a player with no strike passes.",
    "Combination": "Two or more of your dice striking together: they beat an enemy die "
                   "worth less than their sum, and all of them go back to camp.",
    "Camp raid": "When one side has two or more dice on the field and the other none, the "
                 "raider rolls a die for each enemy camp unit (six at most) and strikes "
                 "those values, unanswered, until it can strike no more.",
    "Round": "Deployment, initiative, the battle roll, cowards leaving, strikes, maybe a "
             "camp raid; then every die leaves the field and losses stay lost.",
})
"""The places and terms of a round."""

TEXTS: Mapping[str, str] = MappingProxyType({**UNITS, **TERMS})
"""Every text, by the name the game shows it under."""
