"""The Wiz-War cards' effects, one per record that names one (``tables.CARDS``), school by
school; ``targets`` holds the targeting rules records name, ``base`` the hooks and the
consequences effects share.

Adding a card is one record in ``tables.CARDS`` and, unless it reuses an effect and a
targeting rule, one effect (a class with the hooks it needs) registered in its school's
module here.

>>> from grimoire.games.wiz_war.board import card_number
>>> effect_of(card_number("Fireball")).__class__.__name__
'Fireball'
"""

from grimoire.games.wiz_war.cards import (
    alchemy,
    cantrip,
    conjuring,
    elemental,
    mentalism,
    mutation,
    thaumaturgy,
)
from grimoire.games.wiz_war.cards.base import EFFECTS, Effect, effect_of
from grimoire.games.wiz_war.cards.targets import TARGETS, Sight, offers, targets

SCHOOLS = (cantrip, alchemy, elemental, mentalism, thaumaturgy, conjuring, mutation)

__all__ = ["EFFECTS", "SCHOOLS", "TARGETS", "Effect", "Sight", "effect_of", "offers",
           "targets"]
