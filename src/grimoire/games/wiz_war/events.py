"""Wiz-War events.

Cards are numbered by their place in the unshuffled deck (``board.DECK`` names them);
squares by ``row * width + column``; borders (edges) by the board's edge numbering;
treasures ``2 * owner + k``. Targets of casts are short strings: ``"w1"`` (seat 1's
wizard), ``"e17"`` (border 17), ``"s"`` (the caster), ``"c40"`` (card 40 in play),
``"w1:c12"`` / ``"w1:t3"`` (an item or treasure carried by seat 1), ``"q12"`` (square
12), ``"*"`` (the whole board).

Energy: ``energy`` is a card discarded for its energy value (-1: none, the default energy
of 1); with an Add card in ``add``, a second energy card ``energy2`` is combined with it.

>>> Move(player=0, dir="e")
Move(player=0, dir='e', unit=-1)
"""

from __future__ import annotations

from typing import Union

from grimoire.core.events import Action, Consequence, Seat, omitted_in_legacy
from grimoire.core.events import Roll as Roll
from grimoire.core.events import Shuffle as Shuffle
from grimoire.core.kit import GameOver as GameOver

# ---------------------------------------------------------------- player actions


class Start(Action, frozen=True, tag="start"):
    """Seat 0 starts the game: the deck is shuffled, hands dealt, the first player drawn."""


class Move(Action, frozen=True, tag="move"):
    """Spend one movement point to step across side ``dir`` (``n``, ``e``, ``s``, ``w``).
    ``unit``: a creature of the player's (its card) moves instead of the wizard."""

    dir: str
    unit: int = -1


class PickUp(Action, frozen=True, tag="pick-up"):
    """Pick up ``what`` in the wizard's square: ``"t3"`` a treasure, ``"c40"`` an object
    (``unit``: the player's creature picks up a treasure instead)."""

    what: str
    unit: int = -1


class Drop(Action, frozen=True, tag="drop"):
    """Drop a carried treasure (``"t3"``) or item (``"c40"``) in the wizard's square
    (``unit``: the player's creature drops its treasure)."""

    what: str
    unit: int = -1


class Boost(Action, frozen=True, tag="boost"):
    """Discard ``card`` for its energy value as extra movement (once per turn)."""

    card: int


class Punch(Action, frozen=True, tag="punch"):
    """Punch the wizard of seat ``target`` (same or adjacent square); with ``weapon``, a
    carried weapon (its card) attacks him instead, ``energy`` being the card discarded
    with a weapon that takes one (Wizardblade)."""

    target: Seat
    weapon: int = -1
    energy: int = -1


# a punch had no defaulted field when the first format wrote every field: its chain
# hashes only player and target, as the weapon's fields are left out at their defaults
omitted_in_legacy(Punch)


class Cast(Action, frozen=True, tag="cast"):
    """Play ``card`` (an attack or neutral spell, or an item) at ``target``, fuelled by
    ``energy`` (a card discarded for its energy value, -1 for none; ``add`` and
    ``energy2`` combine a second one). ``mode`` picks an option of the card (Zot!:
    ``"damage"`` or ``"stun"``; a direction for Lightning Bolt; see the docs)."""

    card: int
    target: str = ""
    energy: int = -1
    mode: str = ""
    add: int = -1
    energy2: int = -1


class Use(Action, frozen=True, tag="use"):
    """Use up the carried item ``card`` on ``target`` (Null Powder ends a spell,
    Universal Solvent destroys an object)."""

    card: int
    target: str


class Throw(Action, frozen=True, tag="throw"):
    """Throw the carried thrown weapon ``card`` at the wizard of seat ``target``."""

    card: int
    target: Seat


class ThrowAt(Action, frozen=True, tag="throw-at"):
    """Throw the carried thrown weapon ``card`` at the object ``at``: ``"e17"`` a wall or
    door, ``"q12"`` the stone block on a square."""

    card: int
    at: str


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
    """Play the counter spell ``card`` (from the hand, or a carried Null Powder) against
    the attack on the player or the neutral spell being cast, with ``energy`` (and
    ``add``/``energy2``); ``target`` where the card needs one (Teleport: ``"q12"``)."""

    card: int
    energy: int = -1
    target: str = ""
    add: int = -1
    energy2: int = -1


class Allow(Action, frozen=True, tag="allow"):
    """Play no (further) counter spell: the attack on the player resolves."""


class LayToken(Action, frozen=True, tag="lay-token"):
    """Lay the next face-down token of the player's Booby Trap on ``square`` (an empty
    square he sees, no home base), as he places its tokens one after another."""

    square: int


class ArmTrap(Action, frozen=True, tag="arm-trap"):
    """Choose which of the player's Booby Trap tokens, all laid, is the real trap: the one
    on ``square`` (``-1`` in what another seat is told); the others are duds."""

    square: int


# ---------------------------------------------------------------- consequences


class Deal(Consequence, frozen=True, tag="deal"):
    """The starting hands, dealt from the top of the deck in seat order (redacted to
    ``-1`` for cards a seat may not see)."""

    hands: tuple[tuple[int, ...], ...]


class FirstPlayer(Consequence, frozen=True, tag="first-player"):
    """Seat ``player`` takes the first turn."""

    player: Seat


class TurnBegins(Consequence, frozen=True, tag="turn-begins"):
    """Seat ``player``'s turn begins with ``movement`` points."""

    player: Seat
    movement: int


class Draw(Consequence, frozen=True, tag="draw"):
    """``player`` draws ``cards`` from the top of the deck (``-1`` where redacted)."""

    player: Seat
    cards: tuple[int, ...]


class Damage(Consequence, frozen=True, tag="damage"):
    """``player``'s wizard takes ``amount`` damage (``by``: the attacking seat, -1 for an
    indirect source) from ``source`` (a card name or ``"punch"``)."""

    player: Seat
    amount: int
    by: int
    source: str


class Heal(Consequence, frozen=True, tag="heal"):
    """``player``'s wizard gains ``amount`` life (never above 20)."""

    player: Seat
    amount: int


class Stunned(Consequence, frozen=True, tag="stunned"):
    """``player`` discards a stun token: stunned for this turn."""

    player: Seat


class StunAdded(Consequence, frozen=True, tag="stun-added"):
    """``player`` receives ``count`` stun tokens."""

    player: Seat
    count: int


class SpellBegins(Consequence, frozen=True, tag="spell-begins"):
    """``card`` is maintained by ``caster`` on ``target`` with ``tokens`` energy tokens."""

    card: int
    caster: Seat
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

    attacker: Seat
    target: Seat
    card: int
    kind: str
    damage: int
    dtype: str
    fire: bool = False
    energy: int = 1
    mode: str = ""
    origin: int = -1
    rest: tuple[Seat, ...] = ()


class Window(Consequence, frozen=True, tag="window"):
    """The neutral spell ``cast`` waits: ``responders`` (in this order) may counter it."""

    cast: Cast
    responders: tuple[Seat, ...]


class Bent(Consequence, frozen=True, tag="bent"):
    """Around the Corner: the active player's next spell this phase may bend once."""


class Projected(Consequence, frozen=True, tag="projected"):
    """Astral Projection: the active player casts from ``square`` for the rest of the
    Move and Cast phase."""

    square: int


class Cancelled(Consequence, frozen=True, tag="cancelled"):
    """The pending attack or neutral spell is cancelled (``how``: ``""`` countered,
    ``"evaded"``, ``"absorbed"`` into the countering player's hand, ``"pushed"``: its target
    was pushed back instead of hurt, Featherweight); an attack still
    uses the turn's attack."""

    how: str = ""


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


class Charged(Consequence, frozen=True, tag="charged"):
    """The item ``card`` comes into play holding ``tokens`` energy tokens (Stone Spikes:
    one spike each)."""

    card: int
    tokens: int


class Dropped(Consequence, frozen=True, tag="dropped"):
    """``player``'s wizard drops ``what`` (``"t3"``/``"c40"``) in its square, made to."""

    player: Seat
    what: str


class StonesDestroyed(Consequence, frozen=True, tag="stones-destroyed"):
    """Fire destroys the magic stones ``cards`` carried by ``player``."""

    player: Seat
    cards: tuple[int, ...]


class DoorPicked(Consequence, frozen=True, tag="door-picked"):
    """The door on ``edge`` is open for the active wizard for the rest of the phase."""

    edge: int


class Moved(Consequence, frozen=True, tag="moved"):
    """``player``'s wizard is moved to ``square`` by a spell (not by its own steps)."""

    player: Seat
    square: int


class UnitMoved(Consequence, frozen=True, tag="unit-moved"):
    """The creature ``card`` goes to ``square``."""

    card: int
    square: int


class Hit(Consequence, frozen=True, tag="hit"):
    """The created object or creature of spell ``card`` takes ``amount`` (cracks or
    damage)."""

    card: int
    amount: int


class LifeSet(Consequence, frozen=True, tag="life-set"):
    """``player``'s life becomes ``life`` (Share Life)."""

    player: Seat
    life: int


class Stolen(Consequence, frozen=True, tag="stolen"):
    """``thief`` takes ``cards`` from ``victim``'s hand (``-1`` where redacted)."""

    thief: Seat
    victim: Seat
    cards: tuple[int, ...]


class Discarded(Consequence, frozen=True, tag="discarded"):
    """``player`` discards ``cards`` from the hand, made to."""

    player: Seat
    cards: tuple[int, ...]


class Dissolved(Consequence, frozen=True, tag="dissolved"):
    """The dropped item ``card`` is destroyed and discarded."""

    card: int


class Rotated(Consequence, frozen=True, tag="rotated"):
    """Sector ``sector`` turns ``quarter`` quarter turns clockwise, with everything on it."""

    sector: int
    quarter: int


class SchoolsDrawn(Consequence, frozen=True, tag="schools-drawn"):
    """The three schools drawn at the start (option ``schools="random"``, after the
    ``schools`` roll) join White Cantrip in the deck (in the order of their card numbers)."""

    schools: tuple[str, ...]


class BoardBuilt(Consequence, frozen=True, tag="board-built"):
    """The board is built as the game starts (setup step 2, unless ``fixed_board``), after
    the ``sectors`` shuffle and the ``orientation`` roll: place ``i`` (``tables.LAYOUTS``)
    holds seat ``sectors[i]``'s sector turned ``quarters[i]`` quarter turns clockwise.
    Each wizard stands on his home base and each treasure on its start, as the new board
    lays them."""

    sectors: tuple[int, ...]
    quarters: tuple[int, ...]


class DoorSealed(Consequence, frozen=True, tag="door-sealed"):
    """The door on ``edge`` is sealed (Seal Door): it opens for nobody while the spell lasts."""

    edge: int


class Snatched(Consequence, frozen=True, tag="snatched"):
    """``thief``'s wizard takes the item ``card`` ``victim``'s wizard carries (Yoink!)."""

    thief: Seat
    victim: Seat
    card: int


class CounterWindow(Consequence, frozen=True, tag="counter-window"):
    """The counter spell ``counter`` waits: the player whose attack or spell it answers may
    cancel it (Anti-Anti) before it takes effect (in a game whose deck holds such a card)."""

    counter: Counter


class CounterCancelled(Consequence, frozen=True, tag="counter-cancelled"):
    """The counter spell waiting is cancelled: discarded without effect (with its energy
    cards); the attack or spell it answered waits again."""


class DoorCreated(Consequence, frozen=True, tag="door-created"):
    """A door stands on the open border ``edge`` (Create Door, ``C``): it opens for the
    spell's caster only, while the spell lasts."""

    edge: int


class Halted(Consequence, frozen=True, tag="halted"):
    """``player``'s wizard entered a square that ends his Move and Cast phase (a
    Thornbush): he goes on to Discard and Draw."""

    player: Seat


class Swapped(Consequence, frozen=True, tag="swapped"):
    """``player``'s wizard and ``other``'s change places (Swap); ``player`` moves no more
    this turn."""

    player: Seat
    other: Seat


class TrapsLaid(Consequence, frozen=True, tag="traps-laid"):
    """``caster``'s Booby Trap ``card`` lays its face-down tokens on ``squares``; ``real``
    is the square of the real trap (-1 in what a seat other than the caster is told, and
    while the caster has still to choose it). ``steps``: the choices the caster still
    makes, each token more he lays (``lay-token``) and then the real one (``arm-trap``);
    0: the trap is laid."""

    card: int
    caster: Seat
    squares: tuple[int, ...]
    real: int
    steps: int = 0


class TrapSprung(Consequence, frozen=True, tag="trap-sprung"):
    """``player``'s wizard enters the square of a token of the Booby Trap ``card``: it is
    turned face up and taken away; ``real``: it is the trap (its damage and the spell's
    end follow)."""

    player: Seat
    card: int
    square: int
    real: bool


class Heaved(Consequence, frozen=True, tag="heaved"):
    """``player``'s wizard throws the treasure ``treasure`` it carries: it lands on
    ``square`` (Heave-Ho)."""

    player: Seat
    treasure: int
    square: int


class MovementGained(Consequence, frozen=True, tag="movement-gained"):
    """``player``'s wizard gains ``amount`` movement points for the turn (Mad Dash)."""

    player: Seat
    amount: int


class AttackRestored(Consequence, frozen=True, tag="attack-restored"):
    """``player``, who has attacked this turn, may make one more attack (Adrenaline)."""

    player: Seat


class Death(Consequence, frozen=True, tag="death"):
    """``player``'s wizard dies on ``square``; ``by`` scores for the kill (-1: nobody)."""

    player: Seat
    by: int
    square: int


Event = Union[  # noqa: UP007
    Start, Move, PickUp, Drop, Boost, Punch, Cast, Use, Throw, EndSpell, EndMove, Discard,
    EndTurn, Counter, Allow, ThrowAt, LayToken, ArmTrap,
    Roll, Shuffle,
    Deal, FirstPlayer, TurnBegins, Attack, Draw, Damage, Heal, Stunned, StunAdded, SpellBegins,
    TokenSpent, SpellEnds, Window, Bent, Projected, Cancelled, Reduced, Cracked,
    WallDestroyed, WallCreated, Landed, Dropped, StonesDestroyed, DoorPicked, Moved, UnitMoved,
    Hit, LifeSet, Stolen, Discarded, Dissolved, Rotated, Death, GameOver, Charged,
    SchoolsDrawn, DoorSealed, Snatched, CounterWindow, CounterCancelled,
    DoorCreated, Halted, Swapped, TrapsLaid, TrapSprung, Heaved, MovementGained,
    AttackRestored, BoardBuilt,
]
"""Every event of the game: the tagged union a log's records decode to."""
