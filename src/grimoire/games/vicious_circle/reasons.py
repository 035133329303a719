"""Every reason code Wizards of the Vicious Circle refuses with, and what it means.

>>> REASONS["move/no-return"]
'straight back to where the creature came from last turn'
"""

from __future__ import annotations

REASONS: dict[str, str] = {
    "action/unknown": "not an action of this game",
    "setup/count": "not exactly three creatures",
    "setup/unknown-creature": "a creature that does not exist",
    "setup/unknown-square": "a square that does not exist",
    "setup/duplicate-creature": "the same creature twice",
    "setup/shared-square": "two creatures on one square",
    "setup/outside-domain": "a square outside the seat's domain",
    "setup/done": "the setup is over",
    "setup/pending": "a move, deploy or pass before both setups are in (or opened)",
    "setup/sealed": "a setup in the clear while setups are sealed (option hidden=commit)",
    "commit/off": "a commit or an opening while setups are not sealed (option "
                  "hidden=trusted)",
    "commit/done": "a second commitment by a seat that has committed",
    "commit/bad-digest": "a commitment that is not 64 lowercase hex digits",
    "commit/pending": "an opening before both seats have committed",
    "commit/bad-nonce": "an opening whose nonce is not 32 lowercase hex digits",
    "commit/mismatch": "an opening whose setup and nonce do not seal to the seat's "
                       "commitment",
    "move/unknown-square": "a square that does not exist",
    "move/no-creature": "nothing on the start square",
    "move/not-yours": "an enemy creature on the start square",
    "move/null": "start and end are the same square",
    "move/no-return": "straight back to where the creature came from last turn",
    "move/restricted-terrain": "the end square is terrain this creature may not enter",
    "move/own-creature": "your own creature stands there",
    "move/cannot-capture": "the occupant is not one this creature captures",
    "move/throne-guarded": "the throne's occupant could capture the attacker "
                           "(throne_defence blocks: the illustrated text)",
    "move/too-far": "beyond the creature's range",
    "move/not-straight": "not along one rank, file or diagonal (paths=straight)",
    "move/blocked": "no path of empty, enterable squares within range",
    "deploy/unknown-creature": "a creature that does not exist",
    "deploy/unknown-square": "a square that does not exist",
    "deploy/not-in-reserve": "that creature is not in reserve",
    "deploy/outside-domain": "not a square of your domain",
    "deploy/occupied": "your own creature stands there",
    "deploy/cannot-capture": "the occupant is not one this creature captures",
    "pass/has-moves": "passing while an action is legal",
    "position/invalid": "notation that cannot be read, or a position that could not arise "
                        "in play",
    "position/setup": "a position during the secret setup has no notation",
}
