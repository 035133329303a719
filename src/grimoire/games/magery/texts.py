"""Magery's named things in a sentence or two, in our own words: the eight minion types,
the twelve fixed mages of the Mage Tower and its four chaos floors, the eleven Chaos Mage
cards (the deck's twelfth card is a second copy of one of them, ``Options.twelfth_card``),
and the other objects a player meets (the Orb, the reserve, the Archmage chambers...), by
the names the choice tree (``choices.py``) and the picture show them under.

>>> TEXTS["Dragon"].startswith("Greater minion")
True
>>> TEXTS["Dream Lord"] == CARDS["Dream Lord"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

MINIONS: Mapping[str, str] = MappingProxyType({
    "Dragon": "Greater minion. Moves like a chess queen: any distance in a straight or "
              "diagonal line, stopping at the first minion.",
    "Myrmidon": "Minor minion. Jumps exactly two squares in any of the eight directions, "
                "over whatever stands between.",
    "Undead": "Pawn minion. Steps one square forwards, backwards or sideways.",
    "Fey": "Minor minion. Jumps like a chess knight: two squares one way, then one "
           "square aside.",
    "Elemental": "Greater minion. Moves like a chess bishop: any distance diagonally, "
                 "stopping at the first minion.",
    "Beast": "Pawn minion. Steps one square diagonally, backwards too.",
    "Construct": "Greater minion. Moves like a chess rook: any distance along a rank or "
                 "file, stopping at the first minion.",
    "Spirit": "Minor minion. A long knight's jump: three squares one way, then one "
              "square aside.",
})
"""The eight minion types: rank and movement."""

MAGES: Mapping[str, str] = MappingProxyType({
    "Necromancer": "Floor 1. Move one of your Undead in the Arena, or summon one from your "
                   "reserve.",
    "Sorcerer": "Floor 2. Move one of your Beasts in the Arena, or summon one from your "
                "reserve.",
    "Wizard": "Floor 3. Move one of your Myrmidons in the Arena, or summon one from your "
              "reserve.",
    "Warlock": "Floor 4. Move one of your Spirits in the Arena, or summon one from your "
               "reserve.",
    "Druid": "Floor 5. Move one of your Fey in the Arena, or summon one from your reserve.",
    "Artificer": "Floor 6. Move one of your Constructs in the Arena, or summon one from "
                 "your reserve.",
    "Elemental Master": "Floor 7. Move one of your Elementals in the Arena, or summon one "
                        "from your reserve.",
    "Dragon Lord": "Floor 8. Move one of your Dragons in the Arena, or summon one from "
                   "your reserve.",
    "Animist": "Floor 9. Make one ordinary move with any of your minions in the Arena.",
    "Mystic": "Floor 10. Lift one of your Arena minions and set it down on any empty "
              "square (a Greater minion on its own back row still cannot land on the "
              "enemy's).",
    "Oracle": "Floor 11. Take the Orb, and with it the first turn of the next round.",
    "Magician": "Floor 12. Pick any occupied chamber: its minion, yours or the enemy's, "
                "goes back to its owner's reserve without its power being used.",
    "First Chaos Mage": "Floor 13. Holds a face-up Chaos Mage card; its power is the "
                        "card's.",
    "Second Chaos Mage": "Floor 14. Holds a face-up Chaos Mage card; its power is the "
                         "card's.",
    "Third Chaos Mage": "Floor 15. Holds a face-up Chaos Mage card; its power is the "
                        "card's.",
    "Fourth Chaos Mage": "Floor 16, the top of the Tower. Holds a face-up Chaos Mage card; "
                         "its power is the card's.",
})
"""The sixteen floors of the Mage Tower, by the mage who lives there."""

CARDS: Mapping[str, str] = MappingProxyType({
    "Seer": "Choose yourself or your opponent: that player takes the next two turns one "
            "after the other.",
    "Magus": "The minion you took off this chamber goes straight onto another empty "
             "chamber instead of back to your reserve.",
    "Alchemist": "Send one of your Arena minions back to your reserve and put a reserve "
                 "minion of another type on its square.",
    "Mentalist": "Move one of your opponent's minions as it could move itself, but only "
                 "onto an empty square.",
    "Enchanter": "An enemy minion in the Arena goes back to its owner's reserve, and one "
                 "of yours of the same type from your reserve takes its square.",
    "Dream Lord": "Borrow the power of any Chaos Mage card that is not face up in the "
                  "Tower.",
    "Force Mage": "Shield one minion in the Arena, either side's: until the round ends it "
                  "cannot move, be moved, be captured or be sent away.",
    "Illusionist": "Two minions in the Arena, of any sides, trade squares.",
    "Shadow Mage": "A minion that shares a side with one of yours goes back to its owner's "
                   "reserve.",
    "Rune Master": "Until the round ends, every one of your minions may also jump like a "
                   "knight, on top of its own moves.",
    "Conjurer": "Summon the very minion you took off this chamber, by the usual summoning "
                "rules.",
})
"""The Chaos Mage cards the rules list (the twelfth copies one of them)."""

THINGS: Mapping[str, str] = MappingProxyType({
    "Orb": "Whoever holds it places first in the decision phase and removes first in the "
           "action phase of each round. White starts with it.",
    "Arena": "The 8x8 chessboard where minions fight. A minion moves only when a mage's "
             "power lets it.",
    "Mage Tower": "Sixteen floors, one chamber each, one minion per chamber. Minions "
                  "placed here are workers: taking one off uses its mage's power.",
    "Chaos Mage deck": "Twelve cards: the eleven the rules list and a twelfth they leave "
                       "out, here a second copy of a listed card (a game option). Four are "
                       "dealt face up on floors 13 to 16.",
    "Archmage chamber": "A private chamber of the Archmage options: a Chaos Mage card only "
                        "its owner may place on, hidden from the opponent until its power "
                        "is first used.",
    "Reserve": "Your minions off the board: they can be placed on chambers or summoned. "
               "Taking a minion off a chamber puts it back here.",
    "Dead pile": "Captured minions, out of the game for good. Five dead Greater minions, "
                 "or three of one Greater type, lose the game.",
    "Back row": "Rank 1 for White, rank 8 for Black. Greater minions are summoned here, "
                "and a Greater minion standing on its own back row may not reach the "
                "enemy's back row in a single move.",
    "Greater minion": "Dragon, Elemental or Construct: summoned onto your back row; "
                      "losing five, or three of one type, loses the game.",
    "Minor minion": "Myrmidon, Fey or Spirit: summoned onto your half of the board.",
    "Pawn minion": "Undead or Beast: summoned onto any empty square.",
    "Runes": "Knight jumps granted to one player's minions until the round ends.",
    "Shield": "A minion under the Force Mage's protection: it stays put and cannot be "
              "taken or sent away until the round ends.",
})
"""The other named objects of the game."""

TEXTS: Mapping[str, str] = MappingProxyType({**MINIONS, **MAGES, **CARDS, **THINGS})
"""Every text, by the name the game shows it under."""
