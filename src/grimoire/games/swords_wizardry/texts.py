"""Swords & Wizardry in short texts: what each piece and each kind of ground does, in our
own words, keyed by the name the game shows it under (``tables.TITLES`` for the pieces,
``tables.GROUND`` for the ground). Menus, tooltips and ``grimoire play`` show them.

>>> TEXTS["Ogre"].startswith("The weakest Monster")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

TEXTS: Mapping[str, str] = MappingProxyType({
    # ---------------------------------------------------------------- the pieces
    "King":
        "Beats the other Individuals (the Marshall Royal; the Hero only stands him off), "
        "does little against Military forces and loses to every Monster and to "
        "Peasants. He can rescue the Princess.",
    "Hero":
        "Slays every Monster, but Military forces and Peasants, who care nothing for "
        "fame, overcome him. He can rescue the Princess.",
    "Marshall Royal":
        "Strong against Military forces and Peasants, weak against Monsters. He can "
        "rescue the Princess.",
    "Princess":
        "Starts on one of her side's castles and moves like any piece, but never attacks "
        "and has no defence. The side whose King, Hero, Marshall Royal, Knights, "
        "Men-At-Arms or Bowmen challenge her wins; any other challenger only finds her.",
    "Wizard":
        "Flies any distance along a rank or file while the way is clear, over Lake Limpid "
        "too. Every fight he takes part in goes by his owner's die: 5-6 beats anything, "
        "3-4 anything but a Monster, 2 only Peasants, 1 destroys him. He cannot rescue "
        "the Princess.",
    "Dragon":
        "A mighty Monster that may leap two squares in a straight line over one piece or "
        "lake square. Only the Hero, the Wizard's die and a Siege Catapult bring it down; "
        "against a Giant or the other Dragon both fall. It cannot rescue the Princess.",
    "Giant":
        "A mighty Monster that the Hero defeats; a fight with a Dragon or another Giant "
        "removes both. It cannot rescue the Princess.",
    "Ogre":
        "The weakest Monster, except in Forest Sauvage or Grimmwood: when the square "
        "fought over is wooded it beats any Military force, attacking or attacked. It "
        "cannot rescue the Princess.",
    "Knights":
        "Mounted knights, the strongest Military force: the Marshall Royal, Bowmen and "
        "the Dragon beat them. They can rescue the Princess.",
    "Men-At-Arms":
        "Foot soldiers with halberds, a Military force below the Knights. They can rescue "
        "the Princess.",
    "Bowmen":
        "Longbowmen, a Military force whose great use is beating Knights. They can rescue "
        "the Princess.",
    "Peasants":
        "The weakest pieces, yet no respecters of rank: they beat the King and the Hero. "
        "They cannot rescue the Princess.",
    "Siege Catapult":
        "Never enters a castle. It may bombard an enemy two squares away in a straight "
        "line (not across the lake): that destroys a castle's occupant or a Dragon, and "
        "otherwise does nothing. Any attack of it on a castle destroys the occupant, save "
        "the Princess, who is pinned there. It never leaves its square to take another.",
    # ---------------------------------------------------------------- the ground
    "Open ground":
        "Ordinary ground: a piece steps one square along a rank or file onto it.",
    "Lake Limpid":
        "Water no piece may stop on. Only the Wizard and the Dragon cross it, flying "
        "straight over; everyone else goes round or takes the bridge.",
    "Magic Rainbow Bridge":
        "The path across Lake Limpid from d7 to g4: any piece may step along it "
        "diagonally, the only diagonal move in the game, and challenge along it.",
    "Forest Sauvage":
        "The western wood. In a fight for one of its squares an Ogre beats any "
        "Military force.",
    "Grimmwood":
        "The eastern wood. In a fight for one of its squares an Ogre beats any "
        "Military force.",
    "Castle":
        "Its occupant cannot be challenged in the ordinary way: only a Siege Catapult, or "
        "enemy pieces on all the squares around it, take it. No catapult may enter one, "
        "and each Princess starts in one.",
})
"""A short text for every piece and kind of ground, by the name the game shows."""

__all__ = ["TEXTS"]
