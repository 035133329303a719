"""Every reason code Wizard Armies refuses with, and what it means.

>>> REASONS["strike/too-weak"]
'the dice do not beat the target'
"""

from __future__ import annotations

REASONS: dict[str, str] = {
    "action/unknown": "not a Wizard Armies action",
    "muster/done": "a muster outside the army-acquisition phase",
    "deploy/not-now": "a deployment outside the deployment phase",
    "deploy/too-few": "fewer than one unit",
    "deploy/too-many": "more than six units",
    "deploy/beyond-army": "more units than the army holds",
    "strike/not-now": "a strike outside a battle or raid",
    "strike/no-dice": "a strike naming no dice",
    "strike/not-on-field": "the striking dice are not all on the striker's field",
    "strike/no-target": "no enemy die (or rolled camp unit, in a raid) has the target value",
    "strike/too-weak": "the dice do not beat the target",
    "camp-strike/in-raid": "a camp strike during a raid",
    "camp-strike/no-wizard": "a camp strike without a six on the field",
    "camp-strike/empty-camp": "a camp strike on an empty camp",
    "position/setup": "notation asked for while a deployment is secret",
    "position/invalid": "notation that cannot be read, or no position a game can rest in",
}
