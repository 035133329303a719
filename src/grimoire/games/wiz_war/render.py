"""Text for Wiz-War: the labyrinth as a text board, and every event in one plain sentence
(the position notation is in ``notation``; the picture in ``svg``).

Everything people read names things the way the board shows them: players by their names,
squares by their coordinates (``c3``), a border by the two squares on either side of it
("the door between c3 and c4"), a card by its name, with its number in the deck where the
game holds several copies of it (``Fireball #45``: the board lists cards the same way), a
treasure by its owner and its number (``Ben's treasure 2``).

>>> from grimoire.games.wiz_war import RULES
>>> from grimoire.games.wiz_war.events import Move
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> describe(Move(player=1, dir="w"), s)
'Ben moves west to g3'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from grimoire.core.events import Event, Roll, Shuffle
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war import tables as T
from grimoire.games.wiz_war.board import CARD, DECK, EV, USES_ENERGY
from grimoire.games.wiz_war.state import (
    SECTOR_PILE,
    Spell,
    State,
    charge,
    clouds,
    deck_of,
    destination,
    discard_of,
    energy_value,
    fire_walls,
    laying,
    passage,
    points,
    spell_of,
    spellbook,
    square_of,
    treasure_of,
    walk,
)

FILES = "abcdefghij"
DIRECTION = {"n": "north", "e": "east", "s": "south", "w": "west"}
WIZARDS = "1234"
"""The character of each seat's wizard on the text board (seat 0 is ``1``)."""
SEAT_OF: dict[str, int] = {ch: seat for seat, ch in enumerate(WIZARDS)}
"""For each character the board grid uses for a seat's piece (its wizard), that seat.

>>> SEAT_OF["1"], SEAT_OF["4"]
(0, 3)
"""

MULTIPLE: frozenset[str] = frozenset(
    n for n, k in Counter(DECK[c] for c in B.deck_for(extra_cards=T.EXTRA_CARDS)).items()
    if k > 1)
"""Card names the first game (with the extra cards) holds more than one copy of, shown
with their number when no state says which schools a game holds."""


@lru_cache(maxsize=64)
def _multiple(schools: tuple[str, ...], extra_cards: tuple[str, ...]) -> frozenset[str]:
    return frozenset(n for n, k in Counter(DECK[c] for c in B.deck_for(schools, extra_cards))
                     .items() if k > 1)

RESULTS = {"points": "victory points", "last-alive": "last wizard alive",
           "no-survivors": "no survivors"}
TURNS = {"90": "a quarter turn", "180": "a half turn", "270": "three quarter turns"}

# ---------------------------------------------------------------- names


def plural(n: int, word: str, many: str = "") -> str:
    """``n`` and ``word`` with the right ending.

    >>> plural(1, "card"), plural(2, "card"), plural(0, "energy token")
    ('1 card', '2 cards', '0 energy tokens')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


def listing(items: Sequence[str], empty: str = "nothing") -> str:
    """``a``, ``a and b``, ``a, b and c``.

    >>> listing(["Zot!", "Fireball #45", "Add #14"])
    'Zot!, Fireball #45 and Add #14'
    """
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def seat_name(state: State | None, p: int) -> str:
    """A player's name (the game's seat names when the state has none).

    >>> seat_name(None, 1)
    'Matt'
    """
    if state is not None and 0 <= p < len(state.names):
        return state.names[p]
    return T.SEAT_NAMES[p] if 0 <= p < len(T.SEAT_NAMES) else f"player {p + 1}"


def school_name(school: str) -> str:
    """A school as the rulebook writes it.

    >>> school_name("white-cantrip"), school_name("thaumaturgy")
    ('White Cantrip', 'Thaumaturgy')
    """
    return school.replace("-", " ").title()


def card_name(c: int, state: State | None = None) -> str:
    """A card by its name, with its number in the deck when the game (``state``'s
    schools; the first game's without a state) has several copies.

    >>> card_name(0), card_name(45)
    ('Full Shield', 'Fireball #45')
    """
    if not 0 <= c < len(DECK):
        return "a hidden card"
    name = DECK[c]
    several = MULTIPLE if state is None or not state.schools else _multiple(
        state.schools, state.options.extra_cards)
    return f"{name} #{c}" if name in several else name


def square_name(q: int) -> str:
    """A square's name (every layout is ten squares wide, ranks counted from the north).

    >>> square_name(0), square_name(57)
    ('a1', 'h6')
    """
    return f"{FILES[q % 10]}{q // 10 + 1}" if q >= 0 else "nowhere"


def between(players: int, e: int) -> str:
    """The two squares either side of border ``e``.

    >>> between(2, B.geometry(2).edge[22][1])
    'c3 and d3'
    """
    g = B.geometry(players)
    if not 0 <= e < len(g.edge_squares):
        return "two squares"
    sq, d = g.edge_squares[e]
    return f"{g.name(sq)} and {g.name(g.neighbour(sq, d))}"


BORDER_KIND = {"#": "wall", "D": "door", "W": "created wall", ".": "open border",
               "S": "sealed door", "C": "created door"}


def border(state: State | None, e: int) -> str:
    """A border as people read it: what stands there and between which squares.

    >>> from grimoire.games.wiz_war import RULES
    >>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
    >>> border(s, B.geometry(2).edge[22][3])
    'the door between b3 and c3'
    """
    if state is None or not 0 <= e < len(state.edges):
        return "a border"
    kind = BORDER_KIND.get(state.edges[e], "border")
    if e == state.picked and state.edges[e] in "DC":
        kind = "open door"
    elif e in fire_walls(state):
        kind = "Wall of Fire"
    return f"the {kind} between {between(state.players, e)}"


def treasure_name(state: State | None, t: int) -> str:
    """Treasure ``t`` (``2 * owner + k``) by its owner and its number, 1 or 2.

    >>> treasure_name(None, 3)
    "Matt's treasure 2"
    """
    return f"{seat_name(state, t // 2)}'s treasure {t % 2 + 1}"


def sector_name(state: State | None, k: int) -> str:
    """A sector by the player it belongs to."""
    return f"{seat_name(state, k)}'s sector"


def sector_squares(board: int, k: int) -> str:
    """The squares of sector ``k`` on the board ``board`` (``State.board``), corner to corner.

    >>> sector_squares(4, 2)
    'f6-j10'
    """
    g = B.geometry(board)
    mine = [q for q in range(g.size) if g.sector[q] == k]
    return f"{g.name(mine[0])}-{g.name(mine[-1])}"


def thing(state: State | None, what: str) -> str:
    """A treasure (``t3``) or a card (``c40``) picked up, carried or dropped."""
    n = _int(what[1:])
    return treasure_name(state, n) if what.startswith("t") else card_name(n, state)


def spell_phrase(state: State | None, sp: Spell, own: bool = False) -> str:
    """A spell in play: whose it is (``own``: its caster speaks of it), which card, and
    where it lies.

    >>> spell_phrase(None, Spell(card=53, caster=1, target="*", tokens=2))
    "Matt's Wall of Fire over the whole board"
    """
    whose = "the" if own else f"{seat_name(state, sp.caster)}'s"
    return f"{whose} {card_name(sp.card, state)}{_where(state, sp.target, sp.caster)}"


def _where(state: State | None, target: str, caster: int) -> str:
    if target == "*":
        return " over the whole board"
    if target.startswith("sector"):
        return f" on {sector_name(state, _int(target[6:]))}"
    if target.startswith("w"):
        q = _int(target[1:])
        return "" if q == caster else f" on {seat_name(state, q)}"
    if target.startswith("e"):
        return f" between {between(state.players, _int(target[1:]))}" if state else ""
    if target.startswith("q"):
        return f" on {square_name(_int(target[1:]))}"
    if target == "traps":
        squares = [square_name(q) for _, q, _ in state.traps] if state else []
        return f" (tokens on {listing(squares)})" if squares else ""
    if target.startswith("t"):
        return f" on {treasure_name(state, _int(target[1:]))}"
    if target.startswith("c"):
        return f" on {card_name(_int(target[1:]), state)}"
    return ""


def _int(text: str) -> int:
    return int(text) if text.isdigit() else -1


def _spell(state: State | None, card: int, own: bool = False) -> str:
    sp = spell_of(state, card) if state is not None else None
    return card_name(card, state) if sp is None else spell_phrase(state, sp, own)


# ---------------------------------------------------------------- the text board

_H = {"wall": "---", "door": "-D-", "picked": "-d-", "created": "===", "fire": "^^^",
      "open": "   ", "exit": "   ", "portal": " % ", "none": "   ", "sealed": "-S-",
      "made-door": "-C-"}
_V = {"wall": "|", "door": "D", "picked": "d", "created": "=", "fire": "^", "open": " ",
      "exit": " ", "portal": "%", "none": " ", "sealed": "S", "made-door": "C"}


def side(state: State, sq: int, d: int) -> str:
    """What stands on side ``d`` of square ``sq``: ``wall``, ``door``, ``picked`` (a door
    Pick Lock opened), ``sealed`` (a door Seal Door sealed), ``created`` (a created wall),
    ``fire`` (a Wall of Fire), ``made-door`` (a created door), ``open``; at the edge of
    the board ``wall``, ``exit`` or ``portal``."""
    g = B.geometry(state.board)
    e = g.edge[sq][d]
    if e < 0:
        lk = g.link[sq][d]
        return "wall" if lk is None else ("portal" if lk[2] == "portal" else "exit")
    k = state.edges[e]
    if k in "DC":
        return "picked" if e == state.picked else "door" if k == "D" else "made-door"
    if k == ".":
        return "fire" if e in fire_walls(state) else "open"
    return "created" if k == "W" else "sealed" if k == "S" else "wall"


def _things(state: State) -> dict[int, list[str]]:
    """What each square holds besides wizards: creations, creatures, treasures, objects."""
    out: dict[int, list[str]] = {}
    for sp in state.spells:
        q = square_of(sp)
        if q >= 0 and CARD[sp.card].mark:
            out.setdefault(q, []).append(CARD[sp.card].mark)
    for q in state.treasures:
        if q >= 0:
            out.setdefault(q, []).append("t")
    for _, q in state.objects:
        out.setdefault(q, []).append("o")
    for _, q, _ in state.traps:  # face down: a real trap looks like a dud
        out.setdefault(q, []).append("?")
    return out


GROUND = "#~@&x"
"""The marks of creations that stand on a square's ground (Stone Block, Dust Cloud,
Rosebush, Thornbush, Handful of Tacks)."""


def _cell(state: State, sq: int, things: dict[int, list[str]]) -> str:
    """A square as three characters: its wizard, its ground, what lies on it."""
    g = B.geometry(state.board)
    here = [p for p in range(state.players) if state.pos[p] == sq]
    wizard = "*" if len(here) > 1 else WIZARDS[here[0]] if here else " "
    marks = things.get(sq, [])
    ground = next((m for m in marks if m in GROUND), "H" if sq in g.home else ".")
    lying = next((m for m in ("h", "t", "o", "?") if m in marks), " ")
    return wizard + ground + lying


def board(state: State, player: int | None = None) -> str:
    """The labyrinth: each square as three characters (its wizard, its ground, what lies on
    it), walls and doors between them, then a key to the symbols, a line per wizard, the
    spells in play, what lies about, and whose turn it is. A hand shows its cards where the
    state knows them (a view shows its own player's hand only), else how many there are.

    >>> from grimoire.games.wiz_war import RULES
    >>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
    >>> print(board(s).splitlines()[6])
      3   .   . D1H   .   .   .   .  2H   .   .
    """
    g = B.geometry(state.board)
    things = _things(state)
    w, h = g.width, g.height
    lines = ["    " + "".join(f"   {FILES[c]}" for c in range(w))]

    def valid(r: int, c: int) -> bool:
        return 0 <= r < h and 0 <= c < w and g.valid[r * w + c]

    for r in range(h + 1):
        row = []
        for c in range(w + 1):
            row.append("+" if any(valid(r - i, c - j) for i in (0, 1) for j in (0, 1))
                       else " ")
            if c == w:
                break
            if valid(r, c):
                row.append(_H[side(state, r * w + c, 0)])
            elif valid(r - 1, c):
                row.append(_H[side(state, (r - 1) * w + c, 2)])
            else:
                row.append("   ")
        lines.append(("    " + "".join(row)).rstrip())
        if r == h:
            break
        row = []
        for c in range(w):
            sq = r * w + c
            if valid(r, c):
                row.append(_V[side(state, sq, 3)] + _cell(state, sq, things))
            elif valid(r, c - 1):
                row.append(_V[side(state, sq - 1, 1)] + "   ")
            else:
                row.append("    ")
        last = r * w + w - 1
        row.append(_V[side(state, last, 1)] if valid(r, w - 1) else "")
        lines.append((f"{r + 1:>3} " + "".join(row)).rstrip())
    lines += _key(state, things)
    lines += [_wizard_line(state, p, player) for p in range(state.players)]
    lines += lying(state)
    real = [q for c, q, r in state.traps if r == 1 and player is not None
            and (sp := spell_of(state, c)) is not None and sp.caster == player]
    if real:
        lines.append(f" your real Booby Trap token: {square_name(real[0])}")
    lines.append(status(state))
    return "\n".join(lines)


def _key(state: State, things: dict[int, list[str]]) -> list[str]:
    g = B.geometry(state.board)
    marks = {m for ms in things.values() for m in ms}
    wizards = listing([f"{WIZARDS[p]} {seat_name(state, p)} ({T.COLOURS[p]})"
                       for p in range(state.players)])
    squares = [f"wizards {wizards}"]
    if any(list(state.pos).count(q) > 1 for q in state.pos if q >= 0):
        squares.append("* several wizards")
    squares += ["H home base", ". floor"]
    names = {CARD[sp.card].mark: DECK[sp.card] for sp in state.spells if CARD[sp.card].mark}
    squares += [f"{m} {names[m]}" for m in (*GROUND, "h") if m in marks and m in names]
    squares += [f"{m} {what}" for m, what in (("t", "treasure"), ("o", "dropped item"),
                                             ("?", "a face-down Booby Trap token"))
                if m in marks]
    kinds = {side(state, sq, d) for sq in range(g.size) if g.valid[sq] for d in range(4)}
    borders = ["| and - walls", "D doors", "+ corners"]
    borders += [f"{ch} {what}" for kind, ch, what in (
        ("picked", "d", "a door opened by Pick Lock"), ("sealed", "S", "a sealed door"),
        ("created", "=", "a created wall"), ("made-door", "C", "a created door"),
        ("fire", "^", "a Wall of Fire"), ("portal", "%", "a portal")) if kind in kinds]
    borders.append("gaps are open (at the edge: exits to the opposite side)")
    out = [f" key: {'; '.join(squares)}", f" borders: {'; '.join(borders)}"]
    if "portal" in kinds:
        pairs = [f"{g.name(r1 * g.width + c1)} {DIRECTION[d1]} and "
                 f"{g.name(r2 * g.width + c2)} {DIRECTION[d2]}"
                 for (r1, c1, d1), (r2, c2, d2) in T.PORTALS[state.players]]
        out.append(f" portals join {'; '.join(pairs)}")
    return out


def hand_text(state: State, p: int, player: int | None) -> str:
    """A hand as the board shows it: its cards where the state knows them and the board is
    drawn for everyone or for that player, else how many cards it holds.

    >>> from grimoire.games.wiz_war import RULES
    >>> hand_text(RULES.setup(RULES.Options(), ("Ann", "Ben")), 0, None)
    'no card in hand'
    """
    hand = state.hands[p]
    if hand and (player is None or player == p) and all(c >= 0 for c in hand):
        return f"hand: {', '.join(card_name(c, state) for c in hand)}"
    return f"{plural(len(hand), 'card') if hand else 'no card'} in hand"


def carried_text(state: State, p: int) -> str:
    """The items a wizard carries (Stone Spikes with their spikes)."""
    items = [card_name(c, state) + (f" ({plural(k, 'spike')})" if (k := charge(state, c)) > 1
                             else "") for c in state.carried[p]]
    return f"carries {listing(items)}"


def _wizard_line(state: State, p: int, player: int | None) -> str:
    g = B.geometry(state.board)
    name = f" {WIZARDS[p]} {seat_name(state, p)}"
    score = f"points {points(state, p)} of {state.options.victory_points}"
    home = f"sector {sector_squares(state.board, p)}, home {g.name(g.home[p])}"
    if state.pos[p] < 0:
        return f"{name} ({home}): dead; {score}"
    parts = [f"life {state.life[p]}", score]
    if state.stun[p]:
        parts.append(plural(state.stun[p], "stun token"))
    parts += [hand_text(state, p, player), carried_text(state, p)]
    t = treasure_of(state, p)
    if t >= 0:
        parts.append(f"has {treasure_name(state, t)}")
    return f"{name} ({home}) on {g.name(state.pos[p])}: {'; '.join(parts)}"


def _board_built(state: State | None, e: E.BoardBuilt) -> str:
    """The board built: each player's sector, where it lies and how it is turned."""
    turns = [f"{TURNS.get(str(90 * q), 'round')} clockwise" if q else "unturned"
             for q in e.quarters]
    if state is None:
        return "The board is built: " + listing(
            [f"{sector_name(None, k)} ({t})" for k, t in zip(e.sectors, turns, strict=False)])
    try:
        key = B.layout_key(state.players, state.options.side, e.sectors, e.quarters)
    except ValueError:
        return "The board is built"
    return "The board is built: " + listing(
        [f"{sector_name(state, k)} on {sector_squares(key, k)} ({t})"
         for k, t in zip(e.sectors, turns, strict=True)])


def lying(state: State) -> list[str]:
    """The spells in play, the treasures, dropped items, cracked walls and the piles, a
    line each.

    >>> from grimoire.games.wiz_war import RULES
    >>> lying(RULES.setup(RULES.Options(), ("Ann", "Ben")))[0]
    " Ann's treasures: 1 on a1, 2 on e5"
    """
    out = []
    for sp in state.spells:
        extra = []
        if sp.tokens:
            extra.append(plural(sp.tokens, "energy token"))
        if sp.hits:
            kind = "damage" if "creature" in CARD[sp.card].traits else "crack"
            extra.append(f"{sp.hits} damage" if kind == "damage" else plural(sp.hits, "crack"))
        if sp.carry >= 0:
            extra.append(f"carrying {treasure_name(state, sp.carry)}")
        out.append(f" in play: {spell_phrase(state, sp)}"
                   + (f" ({', '.join(extra)})" if extra else ""))
    for owner in range(state.players):
        where = []
        for t in (2 * owner, 2 * owner + 1):
            q, who = state.treasures[t], state.bearer[t]
            where.append(f"{t % 2 + 1} on {square_name(q)}" if q >= 0 else
                         f"{t % 2 + 1} carried by {seat_name(state, who)}" if who >= 0 else
                         f"{t % 2 + 1} carried by a creature")
        out.append(f" {seat_name(state, owner)}'s treasures: {', '.join(where)}")
    if state.objects:
        out.append(" dropped items: " + ", ".join(
            card_name(c, state)
            + (f" ({plural(k, 'spike')})" if (k := charge(state, c)) > 1 else "")
            + f" on {square_name(q)}" for c, q in state.objects))
    cracked = [f"{plural(k, 'crack')} on {border(state, e)}"
               for e, k in enumerate(state.cracks) if k]
    if cracked:
        out.append(f" cracks: {'; '.join(cracked)}")
    if spellbook(state):  # the Custom Spellbook: each group's deck and discard pile
        per = T.SCHOOLS_PER_GAME
        for g, cantrip in enumerate(T.CANTRIPS):
            pile = discard_of(state, g)
            top = f", {card_name(pile[-1], state)} on top" if pile else ""
            names = [school_name(x) for x in (cantrip, *state.schools[g * per:(g + 1) * per])]
            seats = [str(p) for p in range(state.players) if p % 2 == g]
            holders = ("seat " if len(seats) == 1 else "seats ") + " and ".join(seats)
            out.append(f" deck of {holders}: {plural(len(deck_of(state, g)), 'card')} "
                       f"({listing(names)}); discard pile {plural(len(pile), 'card')}{top}")
        return out
    top = f", {card_name(state.discard[-1], state)} on top" if state.discard else ""
    schools = ""
    if state.schools and state.schools != B.FIRST_GAME_CHOICE:
        schools = f" ({listing([school_name(x) for x in ('white-cantrip', *state.schools)])})"
    out.append(f" deck {plural(len(state.deck), 'card')}{schools}; discard pile "
               f"{plural(len(state.discard), 'card')}{top}")
    return out


def status(state: State) -> str:
    """Whose turn it is and what is happening, or how the game ended.

    >>> from grimoire.games.wiz_war import RULES
    >>> status(RULES.setup(RULES.Options(), ("Ann", "Ben")))
    ' waiting for Ann to start the game'
    """
    if state.result:
        who = listing([seat_name(state, p) for p in state.winners], "nobody")
        return f" game over: won by {who} ({RESULTS.get(state.result, state.result)})"
    if state.phase == "start":
        return f" waiting for {seat_name(state, 0)} to start the game"
    name = seat_name(state, state.active)
    pd = state.pending
    if state.phase == "respond" and pd is not None:
        if pd.counter is not None:
            return (f" {seat_name(state, pd.attacker)} may answer "
                    f"{seat_name(state, pd.counter.player)}'s "
                    f"{card_name(pd.counter.card, state)} (Anti-Anti)")
        if pd.kind == "neutral":
            return (f" {seat_name(state, pd.target)} may answer {name}'s "
                    f"{card_name(pd.card, state)} with a counter spell")
        harm = _harm(state, pd.attacker, pd.target, pd.card, pd.damage - pd.reduced,
                     pd.dtype, pd.fire, pd.mode, pd.energy)
        return (f" {seat_name(state, pd.target)} may answer "
                f"{_attack_name(state, pd.attacker, pd.card, pd.kind)} ({harm}) with a "
                "counter spell")
    if state.phase == "draw":
        return f" {name} to act: Discard and Draw"
    trap = laying(state)
    if trap is not None:
        if trap.moves > 1:
            return (f" {name} to act: placing the Booby Trap's tokens, "
                    f"{plural(trap.moves - 1, 'token')} more")
        return f" {name} to act: choosing which Booby Trap token is the real trap"
    extra = [plural(state.mp, "movement point") + " left"]
    if state.stunned:
        extra.append("stunned")
    if state.origin >= 0:
        extra.append(f"casting from {square_name(state.origin)}")
    if state.bend:
        extra.append("the next spell may bend round a corner")
    if state.picked >= 0:
        extra.append(f"the door between {between(state.players, state.picked)} is open")
    return f" {name} to act: Move and Cast, {', '.join(extra)}"


# ---------------------------------------------------------------- events


def _fuel(state: State | None, p: int, card: int, energy: int, add: int,
          energy2: int) -> str:
    """The energy cards discarded with a spell, and the spell's energy."""
    parts = ""
    if energy >= 0:
        parts = f" using {card_name(energy, state)}"
        if add >= 0 and energy2 >= 0:
            parts += f" and {card_name(energy2, state)} joined by {card_name(add, state)}"
    if not (0 <= card < len(USES_ENERGY) and USES_ENERGY[card]):
        return parts
    if state is not None:
        total = energy_value(state, p, energy, energy2)
    else:
        total = (EV[energy] if energy >= 0 else 1) + (EV[energy2] if energy2 >= 0 else 0)
    return f"{parts} (energy {total})"


def _at(state: State | None, target: str, card: int, attack: bool) -> str:
    """Where a spell is aimed, as a phrase after the card's name."""
    rule = CARD[card].targets if 0 <= card < len(CARD) else ""
    if target.startswith("w") and ":" in target:
        who, what = target.split(":", 1)
        return f" to make {seat_name(state, _int(who[1:]))} drop {thing(state, what)}"
    if target.startswith("w"):
        return f" {'at' if attack else 'on'} {seat_name(state, _int(target[1:]))}"
    if target.startswith("e"):
        e = _int(target[1:])
        if rule == "open-border":
            return f" between {between(state.players, e)}" if state else " on a border"
        return f" {'at' if rule != 'door' else 'on'} {border(state, e)}"
    if target.startswith("q"):
        q = square_name(_int(target[1:]))
        if rule in ("wizard-or-wall", "wall-only"):
            return f" at {_filling(state, _int(target[1:]))} on {q}"
        return {"storm": f" at {q} and the squares around it", "teleport": f" to {q}",
                "astral": f" to cast from {q}"}.get(rule, f" on {q}")
    if target.startswith("c"):
        return f" on {_spell(state, _int(target[1:]))}"
    if target.startswith("sector"):
        return f" on {sector_name(state, _int(target[6:]))}"
    if target.startswith("t") and target[1:].isdigit():  # Glue on a treasure
        return f" on {treasure_name(state, _int(target[1:]))}"
    if target == "*":
        return " over the whole board"
    return ""


def _filling(state: State | None, q: int) -> str:
    """The solid creation filling square ``q`` (a Stone Block)."""
    if state is not None:
        for sp in state.spells:
            if square_of(sp) == q and "solid" in CARD[sp.card].traits:
                return f"{seat_name(state, sp.caster)}'s {card_name(sp.card, state)}"
    return "the stone block"


def _mode(state: State | None, a: E.Cast) -> str:
    """What the card's option chooses (Zot!'s stun, a bolt's direction...)."""
    rule = CARD[a.card].targets
    m = a.mode
    if rule == "zot":
        return (f" to give {plural(CARD[a.card].amount, 'stun token')}" if m == "stun"
                else " to deal damage")
    if rule == "direction":
        return f" to the {DIRECTION.get(m, m)}"
    if rule == "waterbolt":
        dmg = m.rstrip("nesw")
        if m[-1:] in DIRECTION:
            push = ""
            if state is not None:
                total = energy_value(state, a.player, a.energy, a.energy2)
                push = f" {plural(total - _int(dmg), 'square')}"
            return f" for {dmg} damage and a knockback{push} to the {DIRECTION[m[-1]]}"
        return f" for {dmg} damage"
    if rule == "push":
        who = seat_name(state, _int(a.target[1:]))
        return f" to move {who} to {square_name(_int(m))}"
    if rule == "flight" and m[:1] in DIRECTION:
        k = _int(m[1:])
        to = ""
        if state is not None and state.pos[a.player] >= 0:
            path = walk(state, a.player, B.DIRS.index(m[0]), k)
            to = f" to {square_name(path[-1])}" if len(path) == k else ""
        return f" to fly {plural(k, 'square')} {DIRECTION[m[0]]}{to}"
    if rule == "sector":
        return f" {TURNS.get(m, m + ' degrees')} clockwise"
    return ""


def _cast(state: State | None, a: E.Cast) -> str:
    name = seat_name(state, a.player)
    card = CARD[a.card]
    fuel = _fuel(state, a.player, a.card, a.energy, a.add, a.energy2)
    if card.kind == "item":
        return f"{name} puts {card_name(a.card, state)} into play{fuel}"
    skip = a.target == "s" or card.targets == "push"
    at = "" if skip else _at(state, a.target, a.card, card.kind == "attack")
    return f"{name} casts {card_name(a.card, state)}{at}{_mode(state, a)}{fuel}"


def _punch(state: State | None, a: E.Punch) -> str:
    name, target = seat_name(state, a.player), seat_name(state, a.target)
    if a.weapon < 0:
        return f"{name} punches {target}"
    fuel = f", discarding {card_name(a.energy, state)}" if a.energy >= 0 else ""
    return f"{name} attacks {target} with {card_name(a.weapon, state)}{fuel}"


def _attack_name(state: State | None, attacker: int, card: int, kind: str) -> str:
    who = seat_name(state, attacker)
    return f"{who}'s punch" if card < 0 or kind == "punch" else f"{who}'s {card_name(card, state)}"


def _harm(state: State | None, attacker: int, target: int, card: int, damage: int,
          dtype: str, fire: bool, mode: str, energy: int) -> str:
    """What an attack will do if nothing stops it."""
    if mode == "stun":
        return plural(CARD[card].amount, "stun token")
    if mode == "curse" and CARD[card].effect == "slow-death":
        return (f"{CARD[card].amount} damage for each card {seat_name(state, target)} "
                f"draws, for {plural(energy, 'turn')}")
    if mode == "curse":
        return (f"{CARD[card].amount} damage as each of {seat_name(state, attacker)}'s turns "
                f"begins, for {plural(energy, 'turn')}")
    if mode == "darts":
        return (f"{plural(damage, 'dart')} of {CARD[card].amount} {dtype} fire damage "
                "each")
    if mode == "brain":
        return f"1 damage for each card left in {seat_name(state, target)}'s hand"
    kind = " ".join(x for x in (dtype, "fire" if fire else "") if x)
    text = f"{damage} {kind} damage" if kind else f"{damage} damage"
    if mode.startswith("knock") and len(mode) > 6:
        text += (f" and a knockback of {plural(_int(mode[6:]), 'square')} to the "
                 f"{DIRECTION.get(mode[5], mode[5])}")
    if mode.startswith("bolt"):
        text += " and a stun token"
    return text


def _counter(state: State | None, a: E.Counter) -> str:
    name = seat_name(state, a.player)
    fuel = _fuel(state, a.player, a.card, a.energy, a.add, a.energy2)
    against = ""
    if state is not None and state.pending is not None:
        pd = state.pending
        against = f" {_attack_name(state, pd.attacker, pd.card, pd.kind)}"
    to = f" to {square_name(_int(a.target[1:]))}" if a.target.startswith("q") else ""
    if a.target in DIRECTION:  # Featherweight against an attack from his own square
        to = f", pushed {DIRECTION[a.target]}"
    if state is not None and a.card in state.carried[a.player]:
        return f"{name} uses up {card_name(a.card, state)} to counter{against or ' it'}{to}{fuel}"
    if state is not None and state.pending is not None and state.pending.counter is not None:
        c = state.pending.counter
        return (f"{name} answers {seat_name(state, c.player)}'s "
                f"{card_name(c.card, state)} with {card_name(a.card, state)}")
    return f"{name} counters{against} with {card_name(a.card, state)}{to}{fuel}"


def _use(state: State | None, a: E.Use) -> str:
    name = seat_name(state, a.player)
    kind, n = a.target[:1], _int(a.target[1:])
    if kind == "e":
        what = f"destroy {border(state, n)}"
    elif state is not None and spell_of(state, n) is not None:
        sp = spell_of(state, n)
        assert sp is not None
        verb = "end" if CARD[a.card].effect == "null-powder" else "destroy"
        what = f"{verb} {spell_phrase(state, sp)}"
    elif state is not None and any(c == n for c, _ in state.objects):
        q = next(q for c, q in state.objects if c == n)
        what = f"destroy {card_name(n, state)} lying on {square_name(q)}"
    else:
        what = f"get rid of {card_name(n, state)}"
    return f"{name} uses up {card_name(a.card, state)} to {what}"


def _throw(state: State | None, a: E.Throw | E.ThrowAt) -> str:
    name = seat_name(state, a.player)
    weapon = card_name(a.card, state)
    if state is not None and charge(state, a.card) > 1:
        weapon = f"a spike of {weapon}"
    if isinstance(a, E.Throw):
        return f"{name} throws {weapon} at {seat_name(state, a.target)}"
    n = _int(a.at[1:])
    at = border(state, n) if a.at.startswith("e") else \
        f"{_filling(state, n)} on {square_name(n)}"
    return f"{name} throws {weapon} at {at}"


def _move(state: State | None, a: E.Move) -> str:
    name = seat_name(state, a.player)
    if a.dir == "r":
        return f"{name} leaves the {_cloud_name(state, a.player)} in a random direction"
    way = DIRECTION.get(a.dir, a.dir)
    if a.unit >= 0:
        sp = spell_of(state, a.unit) if state is not None else None
        to = ""
        if state is not None and sp is not None and a.dir in DIRECTION:
            q = passage(state, square_of(sp), B.DIRS.index(a.dir), sp.caster)
            to = f" to {square_name(q)}" if q >= 0 else ""
        return f"{name}'s {card_name(a.unit, state)} moves {way}{to}"
    to = ""
    if state is not None and a.dir in DIRECTION and state.pos[a.player] >= 0:
        q = destination(state, a.player, B.DIRS.index(a.dir))
        to = f" to {square_name(q)}" if q >= 0 else ""
    return f"{name} moves {way}{to}"


def _cloud_name(state: State | None, p: int) -> str:
    if state is not None and state.pos[p] in clouds(state):
        for sp in state.spells:
            if square_of(sp) == state.pos[p] and "cloud" in CARD[sp.card].traits:
                return DECK[sp.card]
    return "cloud"


def _pick_up(state: State | None, a: E.PickUp) -> str:
    name = seat_name(state, a.player)
    who = f"{name}'s {card_name(a.unit, state)}" if a.unit >= 0 else name
    return f"{who} picks up {thing(state, a.what)}"


def _drop(state: State | None, a: E.Drop) -> str:
    name = seat_name(state, a.player)
    who = f"{name}'s {card_name(a.unit, state)}" if a.unit >= 0 else name
    here = ""
    if state is not None:
        sp = spell_of(state, a.unit) if a.unit >= 0 else None
        q = square_of(sp) if sp is not None else state.pos[a.player]
        here = f" on {square_name(q)}" if q >= 0 else ""
    return f"{who} drops {thing(state, a.what)}{here}"


def _allow(state: State | None, a: E.Allow) -> str:
    name = seat_name(state, a.player)
    if state is None or state.pending is None:
        return f"{name} plays no counter spell"
    pd = state.pending
    if pd.counter is not None:
        return (f"{name} lets {seat_name(state, pd.counter.player)}'s "
                f"{card_name(pd.counter.card, state)} go ahead")
    if pd.kind == "neutral":
        return f"{name} lets {seat_name(state, pd.attacker)}'s {card_name(pd.card, state)} go ahead"
    return f"{name} plays no counter spell against " \
        f"{_attack_name(state, pd.attacker, pd.card, pd.kind)}"


def _roll(state: State | None, r: Roll) -> str:
    values = listing([str(v) for v in r.values])
    why = {
        "first-player": "for the first player",
        "direction": "for a random direction",
        "mightstone": "for the Mightstone",
        "evade": "to evade the attack",
        "brainstone": "to pick a card to discard",
        "thought-steal": "to pick a card to steal",
        "schools": "for the schools",
        "ward": "for the Ward (1-2: the treasure is dropped)",
        "trap-token": "to place a Booby Trap token",
        "booby-trap": "for which Booby Trap token is real",
    }.get(r.purpose, f"for {r.purpose.replace('-', ' ')}" if r.purpose else "")
    if not r.values and r.player is not None:  # a roll only its player is told
        return f"{seat_name(state, r.player)} rolls a d{r.sides} {why}, in secret"
    extra = ""
    if r.purpose == "first-player" and r.values:
        extra = f" ({seat_name(state, r.values[0] - 1)})"
    elif r.purpose == "direction" and r.values and 1 <= r.values[0] <= 4:
        extra = f" ({DIRECTION[B.DIRS[B.random_direction(r.values[0])]]})"
    one = len(r.values) == 1
    if r.player is None:
        head = f"A d{r.sides} is rolled" if one else f"{len(r.values)}d{r.sides} are rolled"
    else:
        dice = f"a d{r.sides}" if one else f"{len(r.values)}d{r.sides}"
        head = f"{seat_name(state, r.player)} rolls {dice}"
    return " ".join(x for x in (head, why) if x) + f": {values}{extra}"


def _cards(cards: Iterable[int], state: State | None) -> list[str]:
    return [card_name(c, state) for c in cards]


def _hidden(cards: Sequence[int]) -> bool:
    return any(c < 0 for c in cards)


def describe(event: Event, state: State | None = None) -> str:
    """``event`` in one plain sentence; ``state`` is the state it happens in (names,
    squares, what stands where), or None.

    >>> from grimoire.games.wiz_war import RULES
    >>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
    >>> describe(E.Draw(player=1, cards=(-1, -1)), s)
    'Ben draws 2 cards'
    >>> describe(E.Damage(player=0, amount=5, by=1, source="Fireball"), s)
    "Ann takes 5 damage from Ben's Fireball (10 life left)"
    """
    handler = _DESCRIBE.get(type(event))
    if handler is not None:
        return handler(state, event)
    if isinstance(event, Roll):
        return _roll(state, event)
    if isinstance(event, Shuffle):
        kind, _, colour = event.pile.partition("-")  # the Custom Spellbook's two decks
        if colour:
            deck = f"The {colour.title()} Cantrip deck"
            return (f"{deck}'s discard pile is shuffled into it" if kind == "discard"
                    else f"{deck} is shuffled")
        if event.pile == SECTOR_PILE:
            return "The sector boards are shuffled under the table"
        return ("The discard pile is shuffled into a new deck" if event.pile == "discard"
                else f"The {event.pile} is shuffled")
    return f"Something happens ({type(event).__name__})"


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _name(state: State | None, p: int) -> str:
    return seat_name(state, p)


def _damage(state: State | None, e: E.Damage) -> str:
    src = e.source
    whose = f"{seat_name(state, e.by)}'s " if e.by >= 0 else ""
    what = "punch" if src == "punch" else src
    left = ""
    if state is not None and 0 <= e.player < len(state.life):
        left = f" ({max(state.life[e.player] - e.amount, 0)} life left)"
    return f"{seat_name(state, e.player)} takes {e.amount} damage from {whose}{what}{left}"


def _attack(state: State | None, e: E.Attack) -> str:
    who = seat_name(state, e.attacker)
    target = seat_name(state, e.target)
    harm = _harm(state, e.attacker, e.target, e.card, e.damage, e.dtype, e.fire, e.mode,
                 e.energy)
    if e.kind == "punch" or e.card < 0:
        return f"{who} punches at {target} ({harm})"
    if e.kind == "weapon":
        return f"{who} strikes at {target} with {card_name(e.card, state)} ({harm})"
    if e.kind == "throw":
        return f"{who}'s {card_name(e.card, state)} flies at {target} ({harm})"
    return f"{who}'s {card_name(e.card, state)} strikes at {target} ({harm})"


def _cancelled(state: State | None, e: E.Cancelled) -> str:
    pd = state.pending if state is not None else None
    if pd is None:
        return {"evaded": "The attack is evaded",
                "absorbed": "The spell is absorbed",
                "pushed": "The attack pushes its target back"}.get(
                    e.how, "The attack or spell is cancelled")
    what = _attack_name(state, pd.attacker, pd.card, pd.kind)
    target = seat_name(state, pd.target)
    if e.how == "evaded":
        return f"{target} evades {what}"
    if e.how == "absorbed":
        return f"{target} absorbs {what} into their hand"
    if e.how == "pushed":
        return f"{what} pushes {target} back and does no harm"
    return f"{what} is cancelled"


def _spell_begins(state: State | None, e: E.SpellBegins) -> str:
    sp = Spell(e.card, e.caster, e.target, e.tokens)
    tokens = f" with {plural(e.tokens, 'energy token')}" if e.tokens else ""
    return f"{spell_phrase(state, sp)} takes effect{tokens}"


def _token_spent(state: State | None, e: E.TokenSpent) -> str:
    sp = spell_of(state, e.card) if state is not None else None
    if sp is None:
        return f"{card_name(e.card, state)} loses an energy token"
    return f"{spell_phrase(state, sp)} loses an energy token ({sp.tokens - 1} left)"


def _cracked(state: State | None, e: E.Cracked) -> str:
    total = ""
    if state is not None and 0 <= e.edge < len(state.cracks):
        total = f" ({state.cracks[e.edge] + e.cracks} in all)"
    text = border(state, e.edge)
    return f"{text[0].upper()}{text[1:]} takes {plural(e.cracks, 'crack')}{total}"


def _wall_destroyed(state: State | None, e: E.WallDestroyed) -> str:
    text = border(state, e.edge)
    return f"{text[0].upper()}{text[1:]} is destroyed"


def _wall_created(state: State | None, e: E.WallCreated) -> str:
    where = f" between {between(state.players, e.edge)}" if state else ""
    return f"A wall rises{where}"


def _landed(state: State | None, e: E.Landed) -> str:
    if e.square < 0:
        return f"{card_name(e.card, state)} is used up"
    return f"{card_name(e.card, state)} lands on {square_name(e.square)}"


def _dropped(state: State | None, e: E.Dropped) -> str:
    here = ""
    if state is not None and 0 <= e.player < state.players and state.pos[e.player] >= 0:
        here = f" on {square_name(state.pos[e.player])}"
    return f"{seat_name(state, e.player)} drops {thing(state, e.what)}{here}"


def _hit(state: State | None, e: E.Hit) -> str:
    sp = spell_of(state, e.card) if state is not None else None
    what = card_name(e.card, state) if sp is None else spell_phrase(state, sp)
    if 0 <= e.card < len(CARD) and "creature" in CARD[e.card].traits:
        return f"{what} takes {e.amount} damage"
    return f"{what} takes {plural(e.amount, 'crack')}"


def _death(state: State | None, e: E.Death) -> str:
    by = f", killed by {seat_name(state, e.by)}" if e.by >= 0 else ""
    return f"{seat_name(state, e.player)} dies on {square_name(e.square)}{by}"


def _game_over(state: State | None, e: E.GameOver) -> str:
    why = RESULTS.get(e.reason, e.reason.replace("-", " "))
    if not e.winners:
        return f"The game is over: nobody wins ({why})"
    who = listing([seat_name(state, p) for p in e.winners])
    return f"The game is over: {who} win{'s' if len(e.winners) == 1 else ''} ({why})"


def _stolen(state: State | None, e: E.Stolen) -> str:
    what = plural(len(e.cards), "card") if _hidden(e.cards) else listing(_cards(e.cards, state))
    return f"{seat_name(state, e.thief)} takes {what} from {seat_name(state, e.victim)}'s hand"


def _draw(state: State | None, e: E.Draw) -> str:
    what = plural(len(e.cards), "card") if _hidden(e.cards) else listing(_cards(e.cards, state))
    return f"{seat_name(state, e.player)} draws {what}"


def _deal(state: State | None, e: E.Deal) -> str:
    sizes = {len(h) for h in e.hands}
    each = plural(sizes.pop(), "card") if len(sizes) == 1 else "Cards"
    return f"{each} dealt to each of {plural(len(e.hands), 'player')}"


def _end_turn(state: State | None, e: E.EndTurn) -> str:
    what = "no card" if e.draw == 0 else plural(e.draw, "card")
    return f"{seat_name(state, e.player)} draws {what} and ends the turn"


def _window(state: State | None, e: E.Window) -> str:
    who = listing([seat_name(state, q) for q in e.responders])
    return (f"{who} may answer {seat_name(state, e.cast.player)}'s "
            f"{card_name(e.cast.card, state)} with a counter spell")


def _bent(state: State | None, e: E.Bent) -> str:
    who = f"{seat_name(state, state.active)}'s" if state is not None else "The"
    return f"{who} next spell may bend round a corner"


def _projected(state: State | None, e: E.Projected) -> str:
    who = seat_name(state, state.active) if state is not None else "The caster"
    return f"{who} casts from {square_name(e.square)} for the rest of the phase"


def _reduced(state: State | None, e: E.Reduced) -> str:
    pd = state.pending if state is not None else None
    what = "the attack" if pd is None else _attack_name(state, pd.attacker, pd.card, pd.kind)
    return f"The damage of {what} is reduced by {e.amount}"


def _stones(state: State | None, e: E.StonesDestroyed) -> str:
    return f"Fire destroys {seat_name(state, e.player)}'s {listing(_cards(e.cards, state))}"


def _door_picked(state: State | None, e: E.DoorPicked) -> str:
    who = seat_name(state, state.active) if state is not None else "the caster"
    text = border(state, e.edge)
    return f"{text[0].upper()}{text[1:]} opens for {who}"


def _unit_moved(state: State | None, e: E.UnitMoved) -> str:
    sp = spell_of(state, e.card) if state is not None else None
    whose = f"{seat_name(state, sp.caster)}'s " if sp is not None else ""
    return f"{whose}{card_name(e.card, state)} goes to {square_name(e.square)}"


def _dissolved(state: State | None, e: E.Dissolved) -> str:
    q = next((q for c, q in state.objects if c == e.card), -1) if state is not None else -1
    where = f" lying on {square_name(q)}" if q >= 0 else ""
    return f"{card_name(e.card, state)}{where} is destroyed"


_DESCRIBE: dict[type, Callable[[State | None, Any], str]] = {
    E.Start: lambda s, e: f"{_name(s, e.player)} starts the game",
    E.Move: _move,
    E.PickUp: _pick_up,
    E.Drop: _drop,
    E.Boost: lambda s, e: (f"{_name(s, e.player)} discards {card_name(e.card, s)} for "
                           f"{plural(EV[e.card], 'more movement point')}"),
    E.Punch: _punch,
    E.Cast: _cast,
    E.Use: _use,
    E.Throw: _throw,
    E.ThrowAt: _throw,
    E.EndSpell: lambda s, e: f"{_name(s, e.player)} ends {_spell(s, e.card, own=True)}",
    E.EndMove: lambda s, e: f"{_name(s, e.player)} ends the Move and Cast phase",
    E.Discard: lambda s, e: f"{_name(s, e.player)} discards {card_name(e.card, s)}",
    E.EndTurn: _end_turn,
    E.Counter: _counter,
    E.Allow: _allow,
    E.Deal: _deal,
    E.FirstPlayer: lambda s, e: f"{_name(s, e.player)} plays first",
    E.TurnBegins: lambda s, e: (f"{_name(s, e.player)}'s turn begins with "
                                f"{plural(e.movement, 'movement point')}"),
    E.Attack: _attack,
    E.Draw: _draw,
    E.Damage: _damage,
    E.Heal: lambda s, e: f"{_name(s, e.player)} gains {e.amount} life",
    E.Stunned: lambda s, e: f"{_name(s, e.player)} spends a stun token and is stunned this turn",
    E.StunAdded: lambda s, e: f"{_name(s, e.player)} gets {plural(e.count, 'stun token')}",
    E.SpellBegins: _spell_begins,
    E.TokenSpent: _token_spent,
    E.SpellEnds: lambda s, e: f"{_spell(s, e.card)} ends",
    E.Window: _window,
    E.Bent: _bent,
    E.Projected: _projected,
    E.Cancelled: _cancelled,
    E.Reduced: _reduced,
    E.Cracked: _cracked,
    E.WallDestroyed: _wall_destroyed,
    E.WallCreated: _wall_created,
    E.Landed: _landed,
    E.Charged: lambda s, e: f"{card_name(e.card, s)} comes into play with "
                            f"{plural(e.tokens, 'spike')}",
    E.Dropped: _dropped,
    E.StonesDestroyed: _stones,
    E.DoorPicked: _door_picked,
    E.Moved: lambda s, e: f"{_name(s, e.player)} is moved to {square_name(e.square)}",
    E.UnitMoved: _unit_moved,
    E.Hit: _hit,
    E.LifeSet: lambda s, e: f"{_name(s, e.player)}'s life becomes {e.life}",
    E.Stolen: _stolen,
    E.Discarded: lambda s, e: f"{_name(s, e.player)} discards {listing(_cards(e.cards, s))}",
    E.Dissolved: _dissolved,
    E.Rotated: lambda s, e: (f"{sector_name(s, e.sector)} turns "
                             f"{TURNS.get(str(90 * e.quarter), 'round')} clockwise, with "
                             "everything on it"),
    E.Death: _death,
    E.GameOver: _game_over,
    E.BoardBuilt: lambda s, e: _board_built(s, e),
    E.SchoolsDrawn: lambda s, e: (f"{listing([school_name(x) for x in e.schools])} join "
                                  "White Cantrip in the deck"),
    E.DoorSealed: lambda s, e: f"{_upper(border(s, e.edge))} is sealed",
    E.DoorCreated: lambda s, e: (f"A door rises between {between(s.players, e.edge)}"
                                 if s else "A door rises"),
    E.Halted: lambda s, e: f"{_name(s, e.player)}'s Move and Cast phase ends",
    E.Swapped: lambda s, e: f"{_name(s, e.player)} and {_name(s, e.other)} change places",
    E.TrapsLaid: lambda s, e: (
        f"{_name(s, e.caster)} lays {plural(len(e.squares), 'face-down token')} on "
        f"{listing([square_name(q) for q in e.squares])}"
        + (f" (the real trap on {square_name(e.real)})" if e.real >= 0 else "")
        + (f", {e.steps - 1} more to place" if e.steps > 1 else "")),
    E.LayToken: lambda s, e: (f"{_name(s, e.player)} lays a face-down Booby Trap token on "
                              f"{square_name(e.square)}"),
    E.ArmTrap: lambda s, e: (
        f"{_name(s, e.player)} chooses which Booby Trap token is the real trap"
        + (f": the one on {square_name(e.square)}" if e.square >= 0 else "")),
    E.TrapSprung: lambda s, e: (
        f"{_name(s, e.player)} turns up the Booby Trap token on {square_name(e.square)}: "
        + ("the real trap" if e.real else "a dud")),
    E.Snatched: lambda s, e: (f"{_name(s, e.thief)} takes {card_name(e.card, s)} from "
                              f"{_name(s, e.victim)}"),
    E.Heaved: lambda s, e: (f"{_name(s, e.player)} heaves {treasure_name(s, e.treasure)}: it "
                            f"lands on {square_name(e.square)}"),
    E.MovementGained: lambda s, e: (f"{_name(s, e.player)} gains "
                                    f"{plural(e.amount, 'movement point')}"),
    E.AttackRestored: lambda s, e: f"{_name(s, e.player)} may attack once more this turn",
    E.CounterWindow: lambda s, e: (
        f"{_name(s, e.counter.player)}'s {card_name(e.counter.card, s)} waits: "
        f"{_name(s, s.pending.attacker) if s is not None and s.pending else 'its target'} "
        "may answer it"),
    E.CounterCancelled: lambda s, e: (
        f"{_name(s, s.pending.counter.player)}'s {card_name(s.pending.counter.card, s)} is "
        "cancelled" if s is not None and s.pending is not None
        and s.pending.counter is not None else "The counter spell is cancelled"),
}


def squares(state: State) -> tuple[str, ...]:
    """The squares' names by index, as the board shows them (``grimoire diff`` reports
    square by name)."""
    return B.geometry(state.board).grid.names


SQUARE_FIELDS = frozenset({
    "pos[*]",          # each wizard's square (-1: dead)
    "treasures[*]",    # each treasure's square (-1: carried)
    "origin",          # the square an Astral Projection casts from
    "objects[*][1]",   # a dropped item: (card, square)
    "traps[*][1]",     # a Booby Trap token: (card, square, real)
    "pending.origin",  # the square an attack comes from
})
"""The state's fields (indices written ``[*]``) that hold a square's index into
:func:`squares`: ``grimoire diff`` names them (``pos[1]: c4 != a3``)."""
