"""How a Wiz-War player chooses an action, step by step (``grimoire.core.choices``).

The first step names what to do: a kind of action (``Move``, ``Pick up``, ``Punch``...),
a card in the hand by its name (``Fireball``), an item carried (``Throw Large Rock``,
``Use Null Powder``, ``Attack with Dagger``) or a creature (``Homunculus on d3``). Then:

- a move: the square moved to (a board step; a direction in words only where two ways
  lead to one square);
- a card: its target (a wizard by his player's name, a square by its name, a wall or
  door in words, ``wall east of c3``, with the squares on both sides in ``touches``), then
  the energy card discarded with it (``No energy card (energy 1)``, ``Energy 5 (energy
  5)``, two joined by an Add), then the card's mode where it has one (Zot!'s damage or
  stun, a bolt's direction, Mental Force's or Windrider's square, a sector's turn);
- a counter spell: the card, then its energy or its square (Teleport), or the way it
  pushes (Featherweight against an attack from the player's own square);
- a Booby Trap's tokens after the first: ``Place a Booby Trap token``, then its square,
  token by token; then ``Choose the real trap``, then the square of the token.

Two copies of one card are one option, which plays the copy first in the hand (the first
in ``legal``'s order); so is an energy card of which the hand holds two copies.
Everything is told from the seat's view; what the steps share is worked out once per view
(``_seen``), as a frontend asks for every action of one decision point in a row.

>>> from grimoire.games.wiz_war import RULES
>>> from grimoire.games.wiz_war.events import Start
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> [p.label for p in steps(RULES.view(s, 0), 0, Start(player=0))]
['Start the game']
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable
from typing import Any

from grimoire.core.choices import Pick, Touch
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import render as R
from grimoire.games.wiz_war.board import CARD, DECK, USES_ENERGY
from grimoire.games.wiz_war.cards.targets import Sight, targets
from grimoire.games.wiz_war.state import (
    Spell,
    State,
    destination,
    energy_value,
    eye,
    fire_walls,
    passage,
    sight_edges,
    spell_of,
    square_of,
    walk,
)

WHAT = "What do you do?"
ANSWER = "How do you answer it?"
WHICH_CARD = "Which card?"
ENERGY = "With what energy?"
DIRECTIONS = {"n": "north", "e": "east", "s": "south", "w": "west"}
SIDES = ("north", "east", "south", "west")

TARGET_PROMPTS: dict[str, str] = {
    "wizard-or-wall": "At what?", "wall-only": "At which wall or door?",
    "wall": "Which wall or door?", "enemy": "At whom?", "zot": "At whom?",
    "waterbolt": "At whom?", "beside-enemy": "On whom?", "enemy-hand": "On whom?",
    "globe": "At whom?", "heave": "At whom?", "push": "Whom do you move?",
    "storm": "At which square?", "teleport": "To which square?",
    "astral": "From which square?", "empty-square": "On which square?",
    "beside": "On which square?", "trap": "On which square?", "sector": "Which sector?",
    "own-sector": "Which sector?", "open-border": "On which border?",
    "spell": "Which spell?", "carried": "What is dropped?", "enemy-item": "Which item?",
    "door": "Which door?", "door-seen": "Which door?", "through-wall": "Through which?",
    "own-wall": "Which wall?", "glue": "What do you glue?",
}
"""The question of a card's target step, by the card's targeting rule."""

MODE_PROMPTS: dict[str, str] = {
    "zot": "Damage or stun?", "direction": "Which way?", "waterbolt": "How much damage?",
    "push": "Where to?", "flight": "Where to?", "sector": "How far round?",
}
"""The question of a card's mode step, by the card's targeting rule."""

TURNS = {"90": "A quarter turn clockwise", "180": "A half turn",
         "270": "Three quarter turns clockwise"}
BORDERS = 20
"""A card offering more borders than this (walls seen, open borders...) is aimed square
by square: the square a border lies by (west or north of it), then the border."""
BY_SQUARE = "Which one?"


class Seen:
    """What the steps of one decision point share, worked out from the seat's view once
    (names, squares, where each move leads), the rest when first asked."""

    def __init__(self, view: State, player: int) -> None:
        self.view = view
        self.player = player
        self.g = B.GEOMETRY[view.board]
        self.names = self.g.grid.names
        called = [R.seat_name(view, q) for q in range(view.players)]
        twice = {n for n, k in Tally(called).items() if k > 1}
        self.wizards = tuple(f"{n} ({q + 1})" if n in twice else n
                             for q, n in enumerate(called))
        self._moves: dict[int, dict[str, tuple[str, str]]] = {}
        self._flights: dict[int, dict[str, tuple[str, str]]] = {}
        self._spells: dict[int, str] | None = None
        self._borders: dict[str, int] = {}
        self.picks: dict[tuple[Any, ...], Pick] = {}
        """Picks many actions share (a target, an energy choice), made once."""

    # ---------------------------------------------------------------- names

    def square(self, q: int) -> str:
        """A square's name, as the picture's ``data-square`` (empty: none)."""
        return self.names[q] if 0 <= q < self.g.size and self.g.valid[q] else ""

    def at(self, q: int) -> tuple[str, ...]:
        name = self.square(q)
        return (name,) if name else ()

    def wizard(self, q: int) -> str:
        """A wizard by his player's name (the seat's own: ``Yourself``)."""
        if q == self.player:
            return "Yourself"
        return self.wizards[q] if 0 <= q < len(self.wizards) else f"player {q + 1}"

    def whose(self, q: int) -> str:
        return "your" if q == self.player else f"{self.wizard(q)}'s"

    def treasure(self, t: int) -> str:
        return f"{_upper(self.whose(t // 2))} treasure {t % 2 + 1}"

    def edge(self, e: int) -> str:
        """A border in words: what stands there and where (``wall east of c3``)."""
        v = self.view
        if not 0 <= e < len(v.edges):
            return f"border {e}"
        sq, d = self.g.edge_squares[e]
        k = v.edges[e]
        kind = R.BORDER_KIND.get(k, "border")
        if k in "DC" and e == v.picked:
            kind = "open door"
        elif k == "." and e in fire_walls(v):
            kind = "Wall of Fire"
        return f"{kind} {SIDES[d]} of {self.square(sq)}"

    def edge_squares(self, e: int) -> tuple[str, ...]:
        if not 0 <= e < len(self.g.edge_squares):
            return ()
        sq, d = self.g.edge_squares[e]
        return (self.square(sq), self.square(self.g.neighbour(sq, d)))

    def spell(self, card: int) -> str:
        """A spell in play: whose, which card, where (its energy tokens where another
        spell reads the same)."""
        if self._spells is None:
            phrases = {sp.card: self._phrase(sp) for sp in self.view.spells}
            twice = {p for p, k in Tally(phrases.values()).items() if k > 1}
            self._spells = {
                sp.card: phrases[sp.card] + (f" ({R.plural(sp.tokens, 'energy token')})"
                                             if phrases[sp.card] in twice else "")
                for sp in self.view.spells}
        return self._spells.get(card, DECK[card] if 0 <= card < len(DECK) else "a spell")

    def _phrase(self, sp: Spell) -> str:
        t = sp.target
        where = ""
        if t == "*":
            where = " over the whole board"
        elif t.startswith("sector"):
            where = f" on {self.sector(_int(t[6:]))}"
        elif t.startswith("w"):
            q = _int(t[1:])
            where = "" if q == sp.caster else " on you" if q == self.player else \
                f" on {self.wizard(q)}"
        elif t.startswith("e"):
            where = f" between {' and '.join(self.edge_squares(_int(t[1:])))}"
        elif t.startswith("q"):
            where = f" on {self.square(_int(t[1:]))}"
        elif t.startswith("t"):
            where = f" on {self.treasure(_int(t[1:]))}"
        elif t.startswith("c"):
            where = f" on {DECK[_int(t[1:])]}"
        elif t == "traps":
            tokens = sum(1 for x in self.view.traps if x[0] == sp.card)
            where = f" ({R.plural(tokens, 'token')})"
        return f"{_upper(self.whose(sp.caster))} {DECK[sp.card]}{where}"

    def sector(self, k: int) -> str:
        return f"{_upper(self.whose(k))} sector"

    def thing_squares(self, target: str) -> tuple[str, ...]:
        """The squares a target lies on (a wizard's, a border's two, a spell's)."""
        v = self.view
        head = target.split(":")[0]
        n = _int(head[1:]) if head[:1] in "weqct" else -1
        if head.startswith("w") and 0 <= n < v.players:
            return self.at(v.pos[n])
        if head.startswith("e"):
            return self.edge_squares(n)
        if head.startswith("q"):
            return self.at(n)
        if head.startswith("t") and 0 <= n < len(v.treasures):
            return self.at(v.treasures[n])
        if head.startswith("c"):
            sp = spell_of(v, n)
            if sp is not None:
                q = square_of(sp)
                return self.at(q) if q >= 0 else self.thing_squares(sp.target)
            return tuple(self.square(q) for c, q in v.objects if c == n)
        return ()

    def many_borders(self, card: int) -> bool:
        """Does ``card`` (-1: a thrown item) offer more than ``BORDERS`` borders now?"""
        rule = CARD[card].targets if card >= 0 else "throw"
        if rule not in self._borders:
            v, p = self.view, self.player
            if card < 0:
                self._borders[rule] = len(sight_edges(v, p, B.WALL_KINDS, spell=False))
            else:
                self._borders[rule] = sum(1 for t, _ in targets(v, p, card, 1, Sight(v, p))
                                          if t.startswith("e"))
        return self._borders[rule] > BORDERS

    # ---------------------------------------------------------------- where moves lead

    def moves(self, unit: int) -> dict[str, tuple[str, str]]:
        """Each way the wizard (``unit`` -1) or a creature may step: (label, square), the
        square left empty where two ways lead to one square."""
        if unit not in self._moves:
            v, p = self.view, self.player
            if unit < 0:
                dests = {B.DIRS[d]: destination(v, p, d) for d in range(4)}
            else:
                sp = spell_of(v, unit)
                here = square_of(sp) if sp is not None else -1
                dests = {B.DIRS[d]: passage(v, here, d, p) if here >= 0 else -1
                         for d in range(4)}
            self._moves[unit] = _places({k: q for k, q in dests.items() if q >= 0},
                                        self.square, lambda k: DIRECTIONS[k].capitalize())
        return self._moves[unit]

    def flights(self, energy: int) -> dict[str, tuple[str, str]]:
        """Windrider's flights with this energy (``e3``: three squares east): (label,
        square), as :meth:`moves`."""
        if energy not in self._flights:
            v, p = self.view, self.player
            dests: dict[str, int] = {}
            for d in range(4):
                for k, q in enumerate(walk(v, p, d, energy), 1):
                    dests[f"{B.DIRS[d]}{k}"] = q
            self._flights[energy] = _places(
                dests, self.square,
                lambda m: f"{R.plural(_int(m[1:]), 'square')} {DIRECTIONS[m[0]]}")
        return self._flights[energy]


def _places(dests: dict[str, int], square: Callable[[int], str],
            words: Callable[[str], str]) -> dict[str, tuple[str, str]]:
    """(label, square) for each way: the square's name where one way alone leads there,
    else the way in words (with the square it leads to) and no square."""
    count = Tally(dests.values())
    out = {}
    for k, q in dests.items():
        name = square(q)
        out[k] = (name, name) if count[q] == 1 else (f"{words(k)} to {name}", "")
    return out


_LAST: list[Seen] = []


def _seen(view: State, player: int) -> Seen:
    """The shared facts of this view for this seat (kept for the last view asked: a
    frontend asks for every action of a decision point in a row)."""
    if _LAST and _LAST[0].view is view and _LAST[0].player == player:
        return _LAST[0]
    seen = Seen(view, player)
    _LAST[:] = [seen]
    return seen


def _int(text: str) -> int:
    return int(text) if text.isdigit() else -1


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- the steps of each kind


def steps(view: State, player: int, action: Any) -> tuple[Pick, ...]:
    """The picks ``player`` makes to reach ``action``, told from ``view`` (the seat's
    view of the state)."""
    seen = _seen(view, player)
    split = _SPLIT.get(type(action))
    if split is None:
        return (Pick(prompt=_first(seen), label=R.describe(action, view)),)
    return split(seen, action)


def forced(view: State, player: int) -> bool:
    """The seat's one legal action may be taken for it at once when nobody could think it
    had another: at the start, or with no card in hand (every other action it might have
    depends on what everyone sees). With cards in hand, a lone "let it go ahead" or "end
    the phase" is asked all the same: answering at once would tell the others it holds
    nothing it could play."""
    return view.phase == "start" or not view.hands[player]


def _first(seen: Seen) -> str:
    return ANSWER if seen.view.phase == "respond" else WHAT


def _kind(seen: Seen, label: str, card: str = "", piece: str = "",
          touches: Touch | None = None) -> Pick:
    """The first step's pick: a kind of action, a card, an item or a creature."""
    v = seen.view
    if touches is None:
        touches = Touch(from_=seen.square(v.pos[seen.player]))
    return Pick(prompt=_first(seen), label=label, card=card, piece=piece, touches=touches)


def _hand_card(seen: Seen, prompt: str, c: int, touches: Touch) -> Pick:
    name = DECK[c]
    return Pick(prompt=prompt, label=name, card=name, touches=touches)


def _here(seen: Seen) -> Touch:
    return Touch(from_=seen.square(seen.view.pos[seen.player]))


def _start(seen: Seen, a: E.Start) -> tuple[Pick, ...]:
    return (Pick(prompt=WHAT, label="Start the game"),)


def _move(seen: Seen, a: E.Move) -> tuple[Pick, ...]:
    if a.unit >= 0:
        first = _creature(seen, a.unit)
        prompt = "What does it do?"
    else:
        first = _kind(seen, "Move")
        prompt = "Where to?"
    start = first.touches.from_
    if a.dir == "r":
        return first, Pick(prompt=prompt, label="Leave in a random direction",
                           touches=Touch(from_=start))
    label, square = seen.moves(a.unit).get(a.dir, (DIRECTIONS.get(a.dir, a.dir), ""))
    to = square or (label.rsplit(" to ", 1)[-1] if " to " in label else "")
    return first, Pick(prompt=prompt, label=label, square=square,
                       touches=Touch(from_=start, to=to))


def _creature(seen: Seen, unit: int) -> Pick:
    sp = spell_of(seen.view, unit)
    q = square_of(sp) if sp is not None else -1
    name = DECK[unit]
    where = seen.square(q)
    return _kind(seen, f"{name} on {where}" if where else name, piece=name,
                 touches=Touch(from_=where))


def _thing(seen: Seen, what: str) -> tuple[str, str, str]:
    """(label, card, piece) of a treasure (``t3``) or an item (``c40``) picked up or
    dropped."""
    n = _int(what[1:])
    if what.startswith("t"):
        return seen.treasure(n), "", "Treasure"
    name = DECK[n] if 0 <= n < len(DECK) else what
    return name, name, ""


def _carry(seen: Seen, verb: str, a: E.PickUp | E.Drop) -> tuple[Pick, ...]:
    """A pick-up or a drop (``verb``): by a creature (it, then what it does), or by the
    wizard (the kind of action, then what)."""
    label, card, piece = _thing(seen, a.what)
    if a.unit >= 0:
        first = _creature(seen, a.unit)
        return first, Pick(prompt="What does it do?", label=f"{verb} {label}", card=card,
                           piece=piece, touches=Touch(targets=(first.touches.from_,)))
    first = _kind(seen, verb)
    return first, Pick(prompt="What?", label=label, card=card, piece=piece,
                       touches=Touch(targets=(first.touches.from_,)))


def _pick_up(seen: Seen, a: E.PickUp) -> tuple[Pick, ...]:
    return _carry(seen, "Pick up", a)


def _drop(seen: Seen, a: E.Drop) -> tuple[Pick, ...]:
    return _carry(seen, "Drop", a)


def _discard(seen: Seen, a: E.Discard) -> tuple[Pick, ...]:
    first = _kind(seen, "Discard")
    return first, _hand_card(seen, WHICH_CARD, a.card, first.touches)


def _boost(seen: Seen, a: E.Boost) -> tuple[Pick, ...]:
    first = _kind(seen, "Boost")
    return first, _hand_card(seen, WHICH_CARD, a.card, first.touches)


def _punch(seen: Seen, a: E.Punch) -> tuple[Pick, ...]:
    v = seen.view
    start = seen.square(v.pos[seen.player])
    if a.weapon < 0:
        first = _kind(seen, "Punch")
    else:
        name = DECK[a.weapon]
        first = _kind(seen, f"Attack with {name}", card=name)
    touch = Touch(from_=start, targets=seen.at(v.pos[a.target]) if 0 <= a.target < v.players
                  else ())
    whom = Pick(prompt="Whom?", label=seen.wizard(a.target), touches=touch)
    weapon = CARD[a.weapon].weapon if a.weapon >= 0 else None
    if weapon is None or not weapon.energy:
        return first, whom
    fuel = DECK[a.energy] if a.energy >= 0 else "no card"
    return first, whom, Pick(prompt="Which card do you discard?", label=fuel,
                             card=DECK[a.energy] if a.energy >= 0 else "", touches=touch)


def _target(seen: Seen, prompt: str, target: str, rule: str, start: str) -> Pick:
    """A target: a wizard, a border, a square, a spell in play, an item or treasure
    carried or lying, a sector (made once per view)."""
    key = ("target", prompt, target, rule, start)
    pick = seen.picks.get(key)
    if pick is None:
        pick = seen.picks[key] = _new_target(seen, prompt, target, rule, start)
    return pick


def _new_target(seen: Seen, prompt: str, target: str, rule: str, start: str) -> Pick:
    v = seen.view
    touch = Touch(from_=start, targets=seen.thing_squares(target))
    head, _, rest = target.partition(":")
    n = _int(head[1:]) if head[:1] in "weqct" else -1
    if head.startswith("w") and rest:
        who = seen.wizard(n)
        what = _int(rest[1:])
        if rest.startswith("t"):
            label = f"{seen.treasure(what)}, carried by {who}"
            return Pick(prompt=prompt, label=label, piece="Treasure", touches=touch)
        name = DECK[what] if 0 <= what < len(DECK) else rest
        return Pick(prompt=prompt, label=f"{name}, carried by {who}", card=name,
                    touches=touch)
    if head.startswith("w"):
        return Pick(prompt=prompt, label=seen.wizard(n), touches=touch)
    if head.startswith("e"):
        return Pick(prompt=prompt, label=seen.edge(n), touches=touch)
    if head.startswith("q"):
        name = seen.square(n)
        label = name
        if rule in WALLS:
            block = next((DECK[sp.card] for sp in v.spells if square_of(sp) == n
                          and "solid" in CARD[sp.card].traits), "")
            label = f"{block} on {name}" if block else name
        return Pick(prompt=prompt, label=label, square=name, touches=touch)
    if head.startswith("c"):
        name = DECK[n] if 0 <= n < len(DECK) else head
        if spell_of(v, n) is not None:
            return Pick(prompt=prompt, label=seen.spell(n), card=name, touches=touch)
        where = " and ".join(touch.targets)
        return Pick(prompt=prompt, label=f"{name} on {where}" if where else name, card=name,
                    touches=touch)
    if head.startswith("t"):
        where = " and ".join(touch.targets)
        return Pick(prompt=prompt, label=f"{seen.treasure(n)} on {where}", piece="Treasure",
                    touches=touch)
    if head.startswith("sector"):
        return Pick(prompt=prompt, label=seen.sector(_int(head[6:])), touches=touch)
    return Pick(prompt=prompt, label=target or "nothing", touches=touch)


def _aimed(seen: Seen, prompt: str, target: str, rule: str, start: str,
           card: int) -> tuple[Pick, ...]:
    """The target of ``card`` (-1: a thrown item): one pick, or two for a border or stone
    block where the card offers many borders (the square it lies by, then which)."""
    pick = _target(seen, prompt, target, rule, start)
    if target[:1] not in "eq" or (target[0] == "q" and rule not in WALLS) \
            or not seen.many_borders(card):
        return (pick,)
    n = _int(target[1:])
    by = seen.square(seen.g.edge_squares[n][0] if target[0] == "e" else n)
    square = Pick(prompt=prompt, label=by, square=by, touches=Touch(from_=start, targets=(by,)))
    return square, Pick(prompt=BY_SQUARE, label=pick.label, touches=pick.touches)


WALLS = ("wizard-or-wall", "wall-only", "at")
"""The targeting rules (``at``: a thrown item's) whose squares are stone blocks, aimed
at among the walls."""


def _energy(seen: Seen, energy: int, add: int, energy2: int, touches: Touch) -> Pick:
    """The energy discarded with a spell or counter: none, one card, or two joined by an
    Add; with the spell's energy (made once per view)."""
    key = ("energy", energy, add, energy2, touches)
    pick = seen.picks.get(key)
    if pick is None:
        pick = seen.picks[key] = _new_energy(seen, energy, add, energy2, touches)
    return pick


def _new_energy(seen: Seen, energy: int, add: int, energy2: int, touches: Touch) -> Pick:
    value = energy_value(seen.view, seen.player, energy, energy2)
    if energy < 0:
        return Pick(prompt=ENERGY, label=f"No energy card (energy {value})", touches=touches)
    if energy2 < 0:
        return Pick(prompt=ENERGY, label=f"{DECK[energy]} (energy {value})",
                    card=DECK[energy], touches=touches)
    a, b = sorted((DECK[energy], DECK[energy2]))
    return Pick(prompt=ENERGY, label=f"{a} + {b} with {DECK[add]} (energy {value})",
                touches=touches)


def _uses_energy(seen: Seen, c: int) -> bool:
    return USES_ENERGY[c] and not (seen.view.options.single_spike and CARD[c].kind == "item")


def _mode(seen: Seen, a: E.Cast, touches: Touch) -> Pick:
    rule = CARD[a.card].targets
    prompt = MODE_PROMPTS.get(rule, "How?")
    m = a.mode
    if rule == "zot":
        label = "Stun tokens" if m == "stun" else "Damage"
    elif rule == "direction":
        label = DIRECTIONS.get(m, m).capitalize()
    elif rule == "waterbolt":
        damage = _int(m.rstrip("nesw"))
        if m[-1:] in DIRECTIONS:
            value = energy_value(seen.view, seen.player, a.energy, a.energy2)
            label = (f"{damage} damage, pushed {R.plural(value - damage, 'square')} "
                     f"{DIRECTIONS[m[-1]]}")
        else:
            label = f"{damage} damage"
    elif rule == "push":
        name = seen.square(_int(m))
        return Pick(prompt=prompt, label=name or m, square=name,
                    touches=Touch(from_=touches.from_, to=name, targets=touches.targets))
    elif rule == "flight":
        value = energy_value(seen.view, seen.player, a.energy, a.energy2)
        label, square = seen.flights(value).get(m, (m, ""))
        to = square or label.rsplit(" to ", 1)[-1]
        return Pick(prompt=prompt, label=label, square=square,
                    touches=Touch(from_=touches.from_, to=to, targets=touches.targets))
    elif rule == "sector":
        label = TURNS.get(m, f"{m} degrees clockwise")
    else:
        label = m
    return Pick(prompt=prompt, label=label, touches=touches)


def _cast(seen: Seen, a: E.Cast) -> tuple[Pick, ...]:
    v = seen.view
    c = a.card
    card = CARD[c]
    start = seen.square(v.pos[seen.player] if card.kind == "item" else eye(v, seen.player))
    touches = Touch(from_=start)
    picks = [_kind(seen, DECK[c], card=DECK[c], touches=touches)]
    if a.target not in ("s", "*", ""):
        aimed = _aimed(seen, TARGET_PROMPTS.get(card.targets, "At what?"), a.target,
                       card.targets, start, c)
        picks += aimed
        touches = aimed[-1].touches
    if _uses_energy(seen, c):
        picks.append(_energy(seen, a.energy, a.add, a.energy2, touches))
    if a.mode:
        picks.append(_mode(seen, a, touches))
    return tuple(picks)


def _use(seen: Seen, a: E.Use) -> tuple[Pick, ...]:
    name = DECK[a.card]
    first = _kind(seen, f"Use {name}", card=name)
    rule = "at" if a.target.startswith("q") else ""
    return first, _target(seen, "On what?", a.target, rule, first.touches.from_)


def _throw(seen: Seen, a: E.Throw | E.ThrowAt) -> tuple[Pick, ...]:
    name = DECK[a.card]
    first = _kind(seen, f"Throw {name}", card=name)
    target = f"w{a.target}" if isinstance(a, E.Throw) else a.at
    return first, *_aimed(seen, "At what?", target, "at", first.touches.from_, -1)


def _end_spell(seen: Seen, a: E.EndSpell) -> tuple[Pick, ...]:
    first = _kind(seen, "End a spell")
    name = DECK[a.card]
    return first, Pick(prompt="Which spell?", label=seen.spell(a.card), card=name,
                       touches=Touch(targets=seen.thing_squares(f"c{a.card}")))


def _end_move(seen: Seen, a: E.EndMove) -> tuple[Pick, ...]:
    return (_kind(seen, "End Move and Cast"),)


def _end_turn(seen: Seen, a: E.EndTurn) -> tuple[Pick, ...]:
    label = "Draw no card" if a.draw == 0 else f"Draw {R.plural(a.draw, 'card')}"
    return _kind(seen, "End the turn"), Pick(prompt="How many cards do you draw?",
                                             label=label)


def _counter(seen: Seen, a: E.Counter) -> tuple[Pick, ...]:
    v, p = seen.view, seen.player
    c = a.card
    name = DECK[c]
    carried = c in v.carried[p]
    first = _kind(seen, f"Use {name}" if carried else name, card=name)
    picks = [first]
    if not carried and _uses_energy(seen, c):
        picks.append(_energy(seen, a.energy, a.add, a.energy2, first.touches))
    if a.target in DIRECTIONS:  # Featherweight against an attack from his own square
        picks.append(_push(seen, a.target, first.touches.from_))
    elif a.target:
        picks.append(_target(seen, "To which square?", a.target, "", first.touches.from_))
    return tuple(picks)


def _push(seen: Seen, way: str, start: str) -> Pick:
    """The way a Featherweight pushes the seat's wizard (against an attack from his own
    square), with the square he ends on (``touches.to``; his own where the way is shut)."""
    v, p = seen.view, seen.player
    pd = v.pending
    amount = pd.damage - pd.reduced if pd is not None else 0
    path = walk(v, p, B.DIRS.index(way), amount) if v.pos[p] >= 0 else []
    to = seen.square(path[-1]) if path else start
    return Pick(prompt="Which way are you pushed?", label=DIRECTIONS[way].capitalize(),
                touches=Touch(from_=start, to=to))


def _lay_token(seen: Seen, a: E.LayToken) -> tuple[Pick, ...]:
    first = _kind(seen, "Place a Booby Trap token", piece="Booby Trap token")
    name = seen.square(a.square)
    return first, Pick(prompt="On which square?", label=name or str(a.square), square=name,
                       touches=Touch(from_=first.touches.from_, targets=seen.at(a.square)))


def _arm_trap(seen: Seen, a: E.ArmTrap) -> tuple[Pick, ...]:
    first = _kind(seen, "Choose the real trap", piece="Booby Trap token")
    name = seen.square(a.square)
    return first, Pick(prompt="Which token is the real trap?", label=name or str(a.square),
                       square=name, touches=Touch(targets=seen.at(a.square)))


def _allow(seen: Seen, a: E.Allow) -> tuple[Pick, ...]:
    return (_kind(seen, "Let it go ahead"),)


_SPLIT: dict[type, Callable[[Seen, Any], tuple[Pick, ...]]] = {
    E.Start: _start, E.Move: _move, E.PickUp: _pick_up, E.Drop: _drop,
    E.Discard: _discard, E.Boost: _boost, E.Punch: _punch, E.Cast: _cast, E.Use: _use,
    E.Throw: _throw, E.ThrowAt: _throw, E.EndSpell: _end_spell, E.EndMove: _end_move,
    E.EndTurn: _end_turn, E.Counter: _counter, E.Allow: _allow, E.LayToken: _lay_token,
    E.ArmTrap: _arm_trap,
}

__all__ = ["Seen", "forced", "steps"]
