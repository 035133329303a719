"""Every reason code Swords & Wizardry refuses with, and what it means.

>>> REASONS["move/castle-protected"]
"an ordinary challenge of a castle's occupant"
"""

from __future__ import annotations

REASONS: dict[str, str] = {
    "action/unknown": "not an action of this game",
    "options/counts": "counts that do not total 36 with one Princess, or too many catapults",
    "options/unknown-piece": "a count for a kind that does not exist",
    "options/quiet-limit": "a quiet limit that is negative or beyond what a log can hold",
    "setup/unknown-piece": "a piece that does not exist",
    "setup/unknown-square": "a square that does not exist",
    "setup/outside-zone": "not in the side's home rows or fourth row, or a lake square",
    "setup/occupied": "the square is filled already",
    "setup/out-of-order": "not the next square in the placing order",
    "setup/none-left": "every piece of that kind is placed",
    "setup/princess-off-castle": "the Princess must go on a castle",
    "setup/catapult-on-castle": "a Siege Catapult on a castle",
    "setup/dead-end": "the rest could no longer be placed as the rules require",
    "setup/done": "the deployment is over",
    "setup/pending": "a move before both sides are deployed",
    "storm/pending": "a surrounded castle must be stormed (or left alone) first",
    "storm/none": "a storm or a decline when no surrounded castle awaits its storm",
    "storm/forced": "declining a storm that option storm='must' makes compulsory",
    "storm/wrong-castle": "a storm naming a castle that is not the surrounded one",
    "storm/not-surrounding": "the storming piece is not one of the ring",
    "storm/unknown-square": "a square that does not exist",
    "move/unknown-square": "a square that does not exist",
    "move/no-piece": "nothing on the start square",
    "move/not-yours": "an enemy piece on the start square",
    "move/own-piece": "your own piece stands there",
    "move/lake": "the end square is Lake Limpid",
    "move/diagonal": "a diagonal move off the bridge",
    "move/unreachable": "out of the piece's reach (too far, or the path is blocked)",
    "move/catapult-castle": "a Siege Catapult onto a castle",
    "move/castle-protected": "an ordinary challenge of a castle's occupant",
    "move/princess-cannot-attack": "the Princess challenging",
    "move/princess-pinned": "moving a Princess pinned in her castle",
    "bombard/unknown-square": "a square that does not exist",
    "bombard/no-catapult": "not your piece on the start square",
    "bombard/not-a-catapult": "the piece is not a Siege Catapult",
    "bombard/no-target": "no enemy piece exactly two squares away in that line",
    "bombard/over-lake": "the target is across a square of Lake Limpid",
    "position/invalid": "notation that cannot be read, or a position the rules do not allow",
    "position/setup": "a deployment-phase position has no notation",
}
