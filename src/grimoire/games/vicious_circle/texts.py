"""Wizards of the Vicious Circle's named things in a sentence or two, in our own words:
the five creatures, the ground of the map and the places on it, by the names the choice
tree (``choices.py``) and the picture show them under. Where the two editions differ, the
text says so.

>>> TEXTS["Dragon"].startswith("Moves up to 2")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

CREATURES: Mapping[str, str] = MappingProxyType({
    "Saint": "Moves up to 3 squares, the fastest creature: the only one that can reach the "
             "enemy throne from its own domain in one move. Banishes a Spirit; alone may "
             "cross or stand on a Shrine; a Dragon eats it.",
    "Spirit": "Moves 1 square only. Frightens off a Child; alone may cross or stand on a "
              "Swamp; a Saint banishes it.",
    "Child": "Moves up to 2 squares. Slays a Warrior with its sling; alone may cross or "
             "stand on a Village; a Spirit frightens it off.",
    "Warrior": "Moves up to 2 squares. The one creature able to slay a Dragon, and it can "
               "take nothing else; has no terrain of its own; a Child slays it.",
    "Dragon": "Moves up to 2 squares (it flies, yet never over another creature). Eats a "
              "Saint; alone may cross or stand on the Mountain; only a Warrior slays it.",
})
"""Each creature: its reach, what it captures, its terrain, what captures it."""

PLACES: Mapping[str, str] = MappingProxyType({
    "Shrine": "Holy ground (a5 and e1): only a Saint may pass through or stop here, so a "
              "Saint here cannot be attacked.",
    "Swamp": "Boggy ground (b4 and d2): only a Spirit may pass through or stop here, so a "
             "Spirit here cannot be attacked.",
    "Village": "A village (a3 and e3): only a Child may pass through or stop here, so a "
               "Child here cannot be attacked.",
    "Mountain": "The peak in the middle (c3): only a Dragon may pass through or stop "
                "here; no Warrior can reach it, so a Dragon here is safe.",
    "Throne": "Where a Wizard sits (Dawn e5, Twilight a1). End a move on the enemy's "
              "throne to win, capturing whatever stands there, unless that creature could "
              "capture yours: then, in the designer's text, yours is captured and the game "
              "goes on; in the illustrated text you may not make that move.",
    "Domain": "A Wizard's six corner squares, its throne among them: the three starting "
              "creatures are set up here behind the screen, and reserves come into play "
              "here, possibly capturing an enemy standing on the square.",
    "Reserve": "The two creatures left off the board at the setup: on a turn you may bring "
               "one into play on your domain instead of moving. A captured creature never "
               "comes back.",
    "Open ground": "Any creature may pass through or stop here.",
})
"""The ground and places of the map, and the reserve."""

TEXTS: Mapping[str, str] = MappingProxyType({**CREATURES, **PLACES})
"""Every text, by the name the game shows it under."""
