"""Wiz-War events.

Cards are numbered by their place in the unshuffled deck (``rules.DECK`` names them);
squares by ``row * width + column``; borders (edges) by the board's edge numbering;
treasures ``2 * owner + k``. Targets of casts are short strings: ``"w1"`` (seat 1's
wizard), ``"e17"`` (border 17), ``"s"`` (the caster), ``"c40"`` (card 40 in play),
``"w1:c12"`` / ``"w1:t3"`` (an item or treasure carried by seat 1).

>>> Move(player=0, dir="e")
Move(player=0, dir='e')
"""

from __future__ import annotations

from typing import Union

from grimoire.core.events import Action, Consequence, Roll, Shuffle

# ---------------------------------------------------------------- player actions


class Start(Action, frozen=True, tag="start"):
    """Seat 0 starts the game: the deck is shuffled, hands dealt, the first player drawn."""


class Move(Action, frozen=True, tag="move"):
    """Spend one movement point to step across side ``dir`` (``n``, ``e``, ``s``, ``w``)."""

    dir: str


class PickUp(Action, frozen=True, tag="pick-up"):
    """Pick up ``what`` in the wizard's square: ``"t3"`` a treasure, ``"c40"`` an object."""

    what: str


class Drop(Action, frozen=True, tag="drop"):
    """Drop a carried treasure (``"t3"``) or item (``"c40"``) in the wizard's square."""

    what: str


class Boost(Action, frozen=True, tag="boost"):
    """Discard ``card`` for its energy value as extra movement (once per turn)."""

    card: int


class Punch(Action, frozen=True, tag="punch"):
    """Punch the wizard of seat ``target`` (same or adjacent square)."""

    target: int


class Cast(Action, frozen=True, tag="cast"):
    """Play ``card`` (an attack or neutral spell, or an item) at ``target``, fuelled by
    ``energy`` (a card discarded for its energy value, -1 for none). ``mode`` picks an
    option of the card (Zot!: ``"damage"`` or ``"stun"``)."""

    card: int
    target: str = ""
    energy: int = -1
    mode: str = ""


class Throw(Action, frozen=True, tag="throw"):
    """Throw the carried thrown weapon ``card`` at the wizard of seat ``target``."""

    card: int
    target: int


class EndSpell(Action, frozen=True, tag="end-spell"):
    """End a spell the player maintains."""

    card: int


class EndMove(Action, frozen=True, tag="end-move"):
    """End the Move and Cast phase."""


class Discard(Action, frozen=True, tag="discard"):
    """Discard a card from the hand (Discard and Draw phase, or down to the hand size)."""

    card: int


class EndTurn(Action, frozen=True, tag="end-turn"):
    """Draw ``draw`` cards (0 to 2, never above the hand size) and end the turn."""

    draw: int


class Counter(Action, frozen=True, tag="counter"):
    """Play the counter spell ``card`` against the attack on the player, with ``energy``."""

    card: int
    energy: int = -1


class Allow(Action, frozen=True, tag="allow"):
    """Play no (further) counter spell: the attack on the player resolves."""


# ---------------------------------------------------------------- consequences


class Deal(Consequence, frozen=True, tag="deal"):
    """The starting hands, dealt from the top of the deck in seat order (redacted to
    ``-1`` for cards a seat may not see)."""

    hands: tuple[tuple[int, ...], ...]


class FirstPlayer(Consequence, frozen=True, tag="first-player"):
    """Seat ``player`` takes the first turn."""

    player: int


class TurnBegins(Consequence, frozen=True, tag="turn-begins"):
    """Seat ``player``'s turn begins with ``movement`` points."""

    player: int
    movement: int


class Draw(Consequence, frozen=True, tag="draw"):
    """``player`` draws ``cards`` from the top of the deck (``-1`` where redacted)."""

    player: int
    cards: tuple[int, ...]


class Damage(Consequence, frozen=True, tag="damage"):
    """``player``'s wizard takes ``amount`` damage (``by``: the attacking seat, -1 for an
    indirect source) from ``source`` (a card name or ``"punch"``)."""

    player: int
    amount: int
    by: int
    source: str


class Heal(Consequence, frozen=True, tag="heal"):
    """``player``'s wizard gains ``amount`` life (never above 20)."""

    player: int
    amount: int


class Stunned(Consequence, frozen=True, tag="stunned"):
    """``player`` discards a stun token: stunned for this turn."""

    player: int


class StunAdded(Consequence, frozen=True, tag="stun-added"):
    """``player`` receives ``count`` stun tokens."""

    player: int
    count: int


class SpellBegins(Consequence, frozen=True, tag="spell-begins"):
    """``card`` is maintained by ``caster`` on ``target`` with ``tokens`` energy tokens."""

    card: int
    caster: int
    target: str
    tokens: int


class TokenSpent(Consequence, frozen=True, tag="token-spent"):
    """One energy token is removed from the maintained spell ``card``."""

    card: int


class SpellEnds(Consequence, frozen=True, tag="spell-ends"):
    """The maintained spell ``card`` ends and is discarded (its creation goes with it)."""

    card: int


class Attack(Consequence, frozen=True, tag="attack"):
    """An attack on the wizard of seat ``target`` is declared: the target may now play
    counter spells. Fields as in :class:`~grimoire.games.wiz_war.state.Pending`."""

    attacker: int
    target: int
    card: int
    kind: str
    damage: int
    dtype: str
    fire: bool = False
    energy: int = 1
    mode: str = ""


class Cancelled(Consequence, frozen=True, tag="cancelled"):
    """The pending attack is cancelled; the attack for the turn is still used."""


class Reduced(Consequence, frozen=True, tag="reduced"):
    """The pending attack's damage is reduced by ``amount``."""

    amount: int


class Cracked(Consequence, frozen=True, tag="cracked"):
    """Border ``edge`` takes ``cracks`` crack tokens."""

    edge: int
    cracks: int


class WallDestroyed(Consequence, frozen=True, tag="wall-destroyed"):
    """The wall or door on border ``edge`` is destroyed."""

    edge: int


class WallCreated(Consequence, frozen=True, tag="wall-created"):
    """A wall is created on border ``edge``."""

    edge: int


class Landed(Consequence, frozen=True, tag="landed"):
    """The thrown ``card`` lands on ``square`` as an object (-1: it is used up)."""

    card: int
    square: int


class Dropped(Consequence, frozen=True, tag="dropped"):
    """``player``'s wizard drops ``what`` (``"t3"``/``"c40"``) in its square, made to."""

    player: int
    what: str


class StonesDestroyed(Consequence, frozen=True, tag="stones-destroyed"):
    """Fire destroys the magic stones ``cards`` carried by ``player``."""

    player: int
    cards: tuple[int, ...]


class DoorPicked(Consequence, frozen=True, tag="door-picked"):
    """The door on ``edge`` is open for the active wizard for the rest of the phase."""

    edge: int


class Death(Consequence, frozen=True, tag="death"):
    """``player``'s wizard dies on ``square``; ``by`` scores for the kill (-1: nobody)."""

    player: int
    by: int
    square: int


class GameOver(Consequence, frozen=True, tag="game-over"):
    """The game ends: ``winners`` and why (``points``, ``last-alive``)."""

    winners: tuple[int, ...]
    reason: str


WizWarEvent = Union[  # noqa: UP007
    Start, Move, PickUp, Drop, Boost, Punch, Cast, Throw, EndSpell, EndMove, Discard,
    EndTurn, Counter, Allow,
    Roll, Shuffle,
    Deal, FirstPlayer, TurnBegins, Attack, Draw, Damage, Heal, Stunned, StunAdded, SpellBegins,
    TokenSpent, SpellEnds, Cancelled, Reduced, Cracked, WallDestroyed, WallCreated, Landed,
    Dropped, StonesDestroyed, DoorPicked, Death, GameOver,
]
