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
    "deploy/sealed": "a plain deploy in a match that deploys by commit-reveal (hidden: commit)",
    "commit/off": "a commit or open in a match that deploys in plain (hidden: trusted)",
    "commit/not-now": "a commit outside the deployment or a second one, or an open already made",
    "commit/too-early": "an open before both seats have committed",
    "commit/bad-digest": "a commitment that is not 64 lowercase hex digits",
    "commit/bad-nonce": "an opening's nonce that is not 32 lowercase hex digits",
    "commit/mismatch": "an opening whose deployment and nonce are not what the seat committed to",
    "strike/not-now": "a strike outside a battle or raid",
    "strike/no-dice": "a strike naming no dice",
    "strike/not-on-field": "the striking dice are not all on the striker's field",
    "strike/no-target": "no enemy die (or rolled camp unit, in a raid) has the target value",
    "strike/too-weak": "the dice do not beat the target",
    "camp-strike/in-raid": "a camp strike during a raid",
    "camp-strike/no-wizard": "a camp strike without a six on the field",
    "camp-strike/empty-camp": "a camp strike on an empty camp",
    "position/setup": "notation asked for while a deployment is secret or committed",
    "position/invalid": "notation that cannot be read, or no position a game can rest in",
}
