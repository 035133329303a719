"""The board as an SVG picture (a picture of the text board until the game draws its own).

>>> from grimoire.games.magery import RULES
>>> s = RULES.setup(RULES.Options(), RULES.default_players)
>>> board(s).startswith("<svg")
True
"""

from __future__ import annotations

from grimoire.core.svg import text_picture
from grimoire.games.magery.events import Event
from grimoire.games.magery.render import board as text_board
from grimoire.games.magery.state import State


def board(state: State, player: int | None = None, last: Event | None = None) -> str:
    """The board as player sees it (None: everything), last marked."""
    return text_picture(text_board(state, player))
