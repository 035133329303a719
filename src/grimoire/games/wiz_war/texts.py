"""What each Wiz-War card and named thing does, in a sentence or two of our own words
(``TEXTS``, by the name the game shows): every card of the seven schools and the extra
cards, and the things on the board a player meets (wizards, treasures, home bases, walls,
doors, exits, portals, tokens). Menus, tooltips and ``? NAME`` in ``grimoire play`` show
them; the rulebook is the authority where a text is short.

>>> TEXTS["Fireball"]
'Attack: 5 magical fire damage to a wizard you see, or to a wall, door or Stone Block.'
"""

from __future__ import annotations

from types import MappingProxyType

_CARDS: dict[str, str] = {
    # White Cantrip (Black Cantrip is the same twelve cards)
    "Full Shield": "Counter: cancel one spell attacking you.",
    "Negate Neutral": "Counter: cancel a neutral spell as it is cast; any other player may "
                      "play it.",
    "Drop Object": "Neutral: a wizard you see drops one item he carries, or his treasure, "
                   "your choice. Energy value 2.",
    "Zot!": "Attack: magical damage equal to its energy to a wizard you see, or 2 stun "
            "tokens instead.",
    "Around the Corner": "Neutral: your next spell this phase may bend once round a corner "
                         "(90 or 180 degrees).",
    "Create Wall": "Neutral creation: a wall on an open border you see; 5 cracks break it, "
                   "and it goes when the spell ends.",
    "Destroy Wall": "Neutral: destroy a wall or door you see; everyone on either side takes "
                    "2 physical damage (not an attack).",
    "Dispel": "Neutral: end one spell in play, anywhere on the board.",
    "Pick Lock": "Neutral, mundane: a door beside you opens until you are through it or "
                 "leave it; spells pass while it is open. Energy value 3.",
    "Rotate Sector": "Neutral: turn one sector a quarter or half turn clockwise with all "
                     "that stands on it.",
    "Large Rock": "Item, thrown: 2 physical damage to a wizard you see, or cracks on a "
                  "wall; it lands where it strikes. Energy value 3.",
    "Energy 4": "Energy: discard it for 4 energy for a spell, or 4 more movement.",
    "Energy 5": "Energy: discard it for 5 energy for a spell, or 5 more movement.",
    "Energy 6": "Energy: discard it for 6 energy for a spell, or 6 more movement.",
    # Alchemy
    "Add": "Companion: played with a spell, a second energy card joins the first and their "
           "values add up.",
    "Acid Bath": "Attack, curse: 2 magical damage to its target each time your turn begins, "
                 "for as many turns as its energy; water washes it off.",
    "Stone Dead": "Attack: magical damage equal to its energy plus the magic stones the "
                  "target carries. Energy value 3.",
    "Homunculus": "Neutral creature: a little servant on an empty square next to you "
                  "(5 life, 1 step a turn) that can fetch and carry a treasure; no spell "
                  "can target it.",
    "Fool's Gold": "Neutral: the first enemy to pick up a treasure in your sector takes "
                   "3 magical damage; then the spell ends.",
    "Bloodshard": "Item: every source of damage does 1 less to you.",
    "Null Powder": "Item: use it up to cancel a spell as a counter, or to end a spell in "
                   "play.",
    "Universal Solvent": "Item: use it up to dissolve a wall or door of your square, a "
                         "creation next to you, or a dropped item (never a treasure).",
    "Boomstone": "Item, magic stone, thrown: 4 magical fire damage, then it is gone; if "
                 "fire destroys it while carried, its carrier takes 4.",
    "Brainstone": "Item, magic stone: hand size +2; draw 2 when you gain it, discard 2 at "
                  "random when you lose it.",
    "Lifestone": "Item, magic stone: 1 life back each time your turn begins (never above "
                 "20).",
    "Mightstone": "Item, magic stone: each punch adds a d4 to its damage. Energy value 2.",
    "Powerstone": "Item, magic stone: +1 energy to every spell you cast.",
    "Speedstone": "Item, magic stone: +1 base speed.",
    "Spellstone": "Item, magic stone: draw one more card when you draw at the end of your "
                  "turn.",
    "Visionstone": "Item, magic stone: your spells see through one wall or door.",
    # Elemental
    "Wall of Earth": "Counter: a wall springs up and stops one attack coming from another "
                     "square, then falls; a Lightning Bolt turns back from it.",
    "Mist Body": "Neutral transformation, temporary: base speed 3, and doors no longer "
                 "stop you.",
    "Fireball": "Attack: 5 magical fire damage to a wizard you see, or to a wall, door or "
                "Stone Block.",
    "Lightning Bolt": "Attack: a bolt runs its energy in squares in one direction, "
                      "bouncing off walls; 3 damage and a stun token to each wizard it "
                      "passes.",
    "Waterbolt": "Attack, water: its energy split between damage and squares of knockback "
                 "away from you; it puts out fire on the target. Energy value 3.",
    "Flood": "Neutral, global, water: puts out every fire spell and forbids new ones while "
             "it lasts; as a counter it cancels a fire spell.",
    "Wall of Fire": "Neutral creation, fire: a burning open border; crossing it costs "
                    "4 magical fire damage. As a counter it stops a water spell. Energy "
                    "value 2.",
    "Fog": "Neutral, global: while it lasts everyone sees only his own square and the "
           "squares next to it.",
    "Stone Block": "Neutral creation: fills an empty square you see; nobody enters it and "
                   "sight stops there; 8 cracks break it.",
    "Stone Spikes": "Item, thrown: as many spikes as its energy, each thrown for 3 physical "
                    "damage. Energy value 2.",
    "Windrider": "Neutral: fly straight up to its energy in squares, spending no movement.",
    "Fire Cloak": "Neutral, fire, temporary: your punches do 2 more as fire, and whoever "
                  "punches you takes 2. Energy value 2.",
    # Mentalism
    "Shield": "Counter: the attack's damage is reduced by 2 plus the energy played with "
              "it. Energy value 2.",
    "Powerthrust": "Attack: magical damage equal to its energy + 2, to a wizard or a wall, "
                   "door or Stone Block. Energy value 2.",
    "Brain Burn": "Attack: the target may discard cards first, then takes 1 damage for "
                  "each card left in his hand.",
    "Mental Force": "Neutral: move a wizard you see (or yourself) to a square up to energy "
                    "+ 3 steps away by ways open to him.",
    "Psychic Storm": "Attack: damage equal to its energy to every wizard and creature in a "
                     "square you see and the four around it, through walls, you too.",
    "Share Life": "Neutral: you and a wizard beside you share your life evenly (the odd "
                  "point is yours).",
    "Thought Steal": "Neutral: take 2 cards at random from the hand of a wizard you see. "
                     "Energy value 2.",
    "Pain Link": "Neutral, temporary: whoever hurts you with an attack takes the same "
                 "damage; may be played as a counter.",
    "Teleport": "Neutral: jump to a square up to 4 steps away, walls ignored; as a counter "
                "you jump out of an attack's way.",
    "Astral Projection": "Neutral: for the rest of this phase you cast spells from a square "
                         "up to 3 steps away.",
    "Meditate": "Neutral: draw 3 cards. Energy value 3.",
    "Shatter": "Attack: one crack per point of energy on a wall, door or Stone Block you "
               "see. Energy value 3.",
    "Absorb Spell": "Counter: cancel a spell aimed at you and take its card into your hand.",
    # Thaumaturgy
    "Fire Darts": "Attack: as many darts as its energy, each 1 magical fire damage, each "
                  "its own source of damage.",
    "Anti-Anti": "Counter: cancel a counter spell played against your attack or spell; "
                 "nothing cancels it. Energy value 3.",
    "Backlash": "Counter: cancel an attack spell cast at you; its caster takes magical "
                "damage equal to its energy.",
    "Globe of Pain": "Attack: magical damage equal to its energy to a wizard up to 6 steps "
                     "away by open ways, round corners; no sight needed. Energy value 3.",
    "Slow Death": "Attack, curse: for as many of your turns as its energy, the target takes "
                  "1 damage for each card he draws.",
    "Yoink!": "Neutral: take one item a wizard you see carries; now you carry it.",
    "Invisible": "Neutral, temporary: each attack on you is evaded on a d4 roll of 2-4; may "
                 "be played as a counter.",
    "Gravity": "Neutral, global: everyone drops the items he carries; while it lasts "
               "nothing is picked up or put into play.",
    "Pass Through Wall": "Neutral: step through a wall or door beside you into the square "
                         "beyond, for no movement.",
    "Seal Door": "Neutral: a door you see opens for nobody until it breaks or the spell "
                 "ends. Energy value 2.",
    "Master Key": "Item: every door that is not sealed opens for you.",
    "Wizardblade": "Item, weapon: attack a wizard in or beside your square by discarding a "
                   "card; the damage is its energy value.",
    "Dagger": "Item, weapon: attack a wizard in or beside your square for 3 physical "
              "damage.",
    # Conjuring
    "Ward": "Neutral: guards your treasures; a wizard picking one up takes 3 magical damage "
            "and drops it on a d4 roll of 1-2.",
    "Ka-Bong!": "Attack: 4 physical damage, and a stun token if any of it gets through.",
    "Swap": "Neutral: you and a wizard you see change places; you move no more this turn.",
    "Booby Trap": "Neutral: you place four face-down tokens on empty squares you see and "
                  "choose the one that is a real trap, doing 4 magical damage to the wizard "
                  "who finds it.",
    "Create Door": "Neutral creation: a door on an open border you see that opens only for "
                   "you. Energy value 2.",
    "Glue": "Neutral: a treasure or dropped item you see is stuck where it lies; nobody "
            "picks it up. Energy value 3.",
    "Rosebush": "Neutral creation: on an empty square you see; whoever enters it takes 3 "
                "physical damage.",
    "Thornbush": "Neutral creation: on an empty square you see; whoever enters it takes "
                 "1 physical damage and a stun token, and his move ends.",
    "Handful of Tacks": "Neutral creation: on an empty square you see; whoever enters it "
                        "takes 3 physical damage; water washes it away. Energy value 3.",
    "Dust Cloud": "Neutral creation: fills an empty square you see and blocks sight; a "
                  "wizard leaving it goes in a random direction.",
    # Mutation
    "Featherweight": "Counter: an attack that would hurt you pushes you back instead, a "
                     "square per point of damage (from your own square, the way you "
                     "choose).",
    "Disease": "Neutral, temporary: each square you step into, every other wizard there "
               "takes 3 physical damage.",
    "Heave-Ho": "Attack: throw the treasure you carry at a wizard you see; he takes "
                "physical damage equal to the distance and it lands on his square.",
    "Stretch": "Neutral, temporary: your punches and weapons reach any wizard you see. "
               "Energy value 2.",
    "Adrenaline": "Neutral: after your attack this turn, you may attack once more.",
    "Extra Arms": "Neutral: your punches do 2 more damage. Energy value 3.",
    "Mad Dash": "Neutral: drop your treasure and double your movement left.",
    "Strength": "Neutral, temporary: your physical attacks do double damage, and a hit may "
                "tear an item from the wizard you strike.",
    "Wallivore": "Neutral: eat a wall on a side of your square (not a door, not the outer "
                 "wall) and gain 2 life.",
    "Gnome Form": "Neutral transformation: base speed 2; every attack on you is evaded on "
                  "a d4 roll of 1-2; may be played as a counter. Energy value 2.",
    "Golem Form": "Neutral transformation: base speed 2, punches do 2, and you take 2 less "
                  "damage from each source.",
    "Big Man Form": "Neutral transformation: base speed 3, punches do 3, and your square "
                    "blocks sight.",
    "Slime Form": "Neutral transformation: base speed 3, and doors do not stop you (sealed "
                  "ones do).",
    "Werewolf Form": "Neutral transformation: base speed 4, and each punch does a d4 roll "
                     "of damage.",
}

_THINGS: dict[str, str] = {
    "Wizard": "A player's wizard: 15 life to start (20 at most), 3 steps a turn; dead at "
              "0 life.",
    "Treasure": "Each player has two. An enemy treasure lying on your home base scores you "
                "a point while it stays; picking one up ends your move.",
    "Home base": "The middle square of a sector, where its wizard starts; enemy treasures "
                 "brought here score.",
    "Treasure start": "Where a sector's treasures lie at the start.",
    "Floor": "An open square of the labyrinth.",
    "Wall": "Stone: nobody walks through it and sight stops at it; 5 cracks break it.",
    "Door": "Opens only for the wizard whose sector it is in; 3 cracks break it.",
    "Created wall": "A wall a spell made; it goes when its spell ends; 5 cracks break it.",
    "Created door": "A door a spell made: it opens for its caster only.",
    "Sealed door": "A door sealed by a spell: it opens for nobody.",
    "Exit": "A gap in the outer wall: stepping out comes back in on the opposite side of "
            "the board, for 1 movement point.",
    "Portal": "An exit that leads to its matching portal instead of the opposite side.",
    "Crack": "Every 3 damage of one attack on a wall or door is a crack; enough of them "
             "break it.",
    "Stun token": "At the start of his turn a stunned wizard discards one and may then "
                  "move or attack that turn, not both.",
    "Energy token": "A temporary spell holds one per point of energy; one goes as each of "
                    "its caster's turns begins, and the spell ends with the last.",
    "Booby Trap token": "A face-down token: one of a Booby Trap's four is the real trap.",
    "Dropped item": "An item lying on a square; picking it up costs 1 movement point.",
}

TEXTS = MappingProxyType({**_CARDS, **_THINGS})
"""The short text of every card (by its name in ``tables.CARDS``) and every named thing
on the board."""

THINGS: tuple[str, ...] = tuple(_THINGS)
"""The named things of the board that have a text (not cards)."""

__all__ = ["TEXTS", "THINGS"]
