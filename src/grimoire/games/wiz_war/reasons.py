"""Every reason code Wiz-War refuses with, and what it means.

>>> REASONS["attack/used"]
'one attack per turn'
"""

from __future__ import annotations

REASONS: dict[str, str] = {
    "turn/not-started": "before start",
    "action/unknown": "not a Wiz-War action",
    "action/illegal": "any other action legal does not list",
    "respond/counter-only": "only counter or allow (or discard against Brain Burn) in a response "
                            "window",
    "respond/no-attack": "counter or allow with no attack or spell waiting",
    "respond/not-applicable": "that counter spell does not answer this attack or spell",
    "hand/over-limit": "discard down to the hand size first",
    "cast/unknown-card": "no such card number",
    "boost/unknown-card": "no such card number",
    "discard/unknown-card": "no such card number",
    "counter/unknown-card": "no such card number",
    "use/unknown-card": "no such card number",
    "cast/not-in-hand": "the card is not in the player's hand",
    "boost/not-in-hand": "the card is not in the player's hand",
    "discard/not-in-hand": "the card is not in the player's hand",
    "counter/not-in-hand": "the card is neither in the player's hand nor a carried counter",
    "use/not-carried": "the item to use is not carried",
    "use/target": "the item cannot be used on that",
    "phase/discard-and-draw": "a Move and Cast action after that phase ended (ending a spell "
                              "and dropping an item are at any time)",
    "phase/move-and-cast": "a Discard and Draw action before that phase (a discard then only "
                           "makes room for an object to pick up)",
    "draw/too-many": "more than 2 (or above the hand size)",
    "move/bad-direction": "a direction other than n, e, s, w (or r)",
    "move/no-points": "no movement points left",
    "move/stunned": "a stunned wizard who attacked may not move, not even by his own spell",
    "move/blocked": "a wall, locked door, stone block or outer wall",
    "move/dust-cloud": "a wizard in a Dust Cloud moves r (a random direction)",
    "move/unit": "no such creature of the player's with a move left and a way open",
    "attack/first-turn": "no attack on a player's first turn",
    "attack/used": "one attack per turn",
    "attack/stunned": "a stunned wizard who moved may not attack",
    "punch/out-of-reach": "the target is not in the same or an adjacent square",
    "punch/weapon": "not a carried weapon, or not a card with an energy value in the hand for "
                    "one that takes it",
    "throw/not-carried": "the item is not carried",
    "throw/target": "not a thrown weapon, or the target (a wizard or an object) is not in sight",
    "cast/wrong-type": "counter, energy and companion cards are not cast on their own",
    "cast/flooded": "no fire spell while a Flood lasts",
    "cast/gravity": "no item is put into play while Gravity lasts",
    "cast/energy": "bad energy cards, or the card uses no energy",
    "counter/energy": "bad energy cards, or the card uses no energy",
    "trap/laying": "the Booby Trap's caster places its tokens and chooses the real one "
                   "before anything else",
    "trap/not-laying": "no Booby Trap token of the player's left to place (or, choosing "
                       "the real one, tokens still to place)",
    "trap/square": "a Booby Trap token goes on an empty square the caster sees, not a "
                   "home base",
    "trap/token": "the real Booby Trap is one of its tokens",
    "counter/direction": "Featherweight against an attack from the player's own square "
                         "names the direction he is pushed (n, e, s or w), against one "
                         "from another square none",
    "cast/target": "not a legal target (or mode) in range",
    "boost/used": "one speed boost per turn",
    "boost/no-energy": "the card has no energy value",
    "pick-up/one-treasure": "already carrying a treasure",
    "pick-up/no-points": "picking up an object costs a movement point",
    "pick-up/hand-full": "no room within the hand size",
    "pick-up/not-here": "nothing like that in the square",
    "pick-up/unit": "the creature cannot pick that up now",
    "pick-up/gravity": "nothing is picked up while Gravity lasts",
    "drop/not-carried": "not carried",
    "end-spell/not-yours": "no such spell maintained by the player",
    "setup/players": "not 2 to 4 players",
    "setup/victory-points": "victory points other than 2, 3 or 4 (from 1 with any_victory_points)",
    "setup/counter-neutral": "counter_neutral other than anyone or target",
    "setup/extra-cards": "an extra card twice, or one that is not an extra card",
    "setup/schools": "schools other than three different playable schools (or random)",
    "setup/custom-spellbook": "custom_spellbook other than two groups of three schools, six "
                              "different playable ones, or given with schools or extra_cards",
    "setup/side": "side other than a (the new maps) or b (the classic maps)",
    "position/invalid": "a notation that does not parse",
    "position/players": "a notation for another number of players",
}
