"""The Magery position notation.

Space-separated ``key=value`` fields (only ``arena`` is required; the others
default to an empty Tower in round 1's decision phase, White to act and holding the Orb):

- ``arena``: ranks 8 to 1 separated by ``/``, White upper case, Black lower case
  (``D`` dragon, ``M`` myrmidon, ``U`` undead, ``F`` fey, ``E`` elemental, ``B`` beast,
  ``C`` construct, ``S`` spirit); digits count empty squares.
- ``tower``: floors 1 to 16, one letter each (``.`` empty).
- ``chaos``: the cards on floors 13-16, comma-separated (``-``: no card).
- ``private``: White's and Black's Archmage cards, ``/``-separated, each
  ``card[!][@X]`` (``!``: already used, so public; ``@X``: the minion on it); ``-`` none.
- ``dead``: White's and Black's dead minions, ``W/B`` (``-`` none). The reserve is
  whatever is in neither the Arena, the Tower nor the dead pile (3 of each type a side).
- ``deck`` (top first) and ``discard``: card names, comma-separated (``-`` none).
- ``orb``, ``turn``: ``w`` or ``b``; ``round``: a number (``0`` in the setup, else from
  ``1``); ``phase``: ``setup``, ``decision`` or ``action``; ``passed``, ``runes``: seats
  (``w``, ``b``, ``wb``, ``-``); ``placed``: minions placed this decision phase (by
  default the minions in the Tower); ``extra``: the Seer's forced turns
  (``bb``); ``pending``: ``power@chamber:X`` (the power waiting, the chamber
  emptied and the minion removed; ``-``: none); ``shielded``: squares;
  ``dealt``: ``1`` once the Chaos deck has been shuffled; ``relocated``: chambers holding
  a minion the Magus moved this round (written only when there is one); ``over``:
  ``w:reason``, ``b:reason`` or ``-:reason`` once the game has ended.

A position that already meets a victory condition is over when it is read, whether or
not it says ``over`` (the rules check victory after every turn, so no game goes on
from it):

>>> s = parse("arena=u7/8/8/8/8/8/8/D7 dead=-/ccc", None, ())
>>> s.winners, s.result
((0,), 'three-of-a-type')

>>> s = parse("arena=8/8/8/8/8/8/8/D6c tower=D", None, ())
>>> s.reserve[0][:3], s.tower[0]
('DMM', 'D')
>>> notation(s)[:36]
'arena=8/8/8/8/8/8/8/D6c tower=D.....'

Every other text is refused with ``position/invalid`` (never another error): numbers out
of range, more minions or cards than the game has, and positions no game reaches (see
``parse``):

>>> parse("arena=8/8/8/8/8/8/8/D6c round=" + "9" * 5000, None, ())  # doctest: +ELLIPSIS
Traceback (most recent call last):
grimoire.core.errors.IllegalAction: position/invalid: ...is not a whole number from 1 to ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import msgspec

from grimoire.core.kit import bad_position, number, read_ranks, write_ranks
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.evolve import evolve
from grimoire.games.magery.rules import dreamable, initial_deck, setup, victors, victory
from grimoire.games.magery.state import Options, State

EMPTY = B.EMPTY
VICTORIES = ("arena-cleared", "five-greater", "three-of-a-type")
DRAWS = ("stalemate", "round-limit")
KEYS = (
    "arena", "tower", "chaos", "private", "dead", "deck", "discard", "orb", "round",
    "phase", "turn", "passed", "placed", "extra", "pending", "shielded", "runes", "dealt",
    "relocated", "over",
)
RANKS_DOWN = range(T.SIZE - 1, -1, -1)  # the arena is written rank 8 first, stored a1 first


def _seats(flags: Iterable[bool]) -> str:
    return "".join(T.SEAT_LETTERS[s] for s, f in enumerate(flags) if f) or "-"


def _names(cards: Iterable[str]) -> str:
    return ",".join(c or "-" for c in cards) or "-"


def notation(state: State) -> str:
    """The whole position, hidden cards included (a log header may start from it)."""
    ranks = write_ranks(state.arena[r * T.SIZE:(r + 1) * T.SIZE] for r in RANKS_DOWN)
    private = []
    for seat in (0, 1):
        items = []
        for k in range(T.MAX_PRIVATE):
            i = 4 + seat * T.MAX_PRIVATE + k
            if not state.cards[i]:
                continue
            occ = state.tower[B.PUBLIC_CHAMBERS + seat * T.MAX_PRIVATE + k]
            items.append(state.cards[i] + ("!" if state.shown[i] else "")
                         + (f"@{occ}" if occ != EMPTY else ""))
        private.append(",".join(items) or "-")
    pending = "-"
    if state.pending:
        pending = f"{state.pending}@{B.CHAMBERS[state.pending_chamber]}:{state.pending_minion}"
    fields = [
        f"arena={ranks}",
        f"tower={''.join(state.tower[:B.PUBLIC_CHAMBERS])}",
        f"chaos={_names(state.cards[:4])}",
        f"private={'/'.join(private)}",
        f"dead={state.dead[0] or '-'}/{state.dead[1] or '-'}",
        f"deck={_names(state.deck)}",
        f"discard={_names(state.discard)}",
        f"orb={T.SEAT_LETTERS[state.orb]}",
        f"round={state.round}",
        f"phase={state.phase if state.phase != 'over' else 'action'}",
        f"turn={T.SEAT_LETTERS[state.turn]}",
        f"passed={_seats(state.passed)}",
        f"placed={state.placed}",
        f"extra={''.join(T.SEAT_LETTERS[s] for s in state.extra) or '-'}",
        f"pending={pending}",
        f"shielded={','.join(B.SQUARES[i] for i in state.shielded) or '-'}",
        f"runes={_seats(state.runes)}",
        f"dealt={int(state.dealt)}",
    ]
    if state.relocated:
        fields.append(f"relocated={','.join(B.CHAMBERS[c] for c in state.relocated)}")
    if state.result:
        won = T.SEAT_LETTERS[state.winners[0]] if state.winners else "-"
        fields.append(f"over={won}:{state.result}")
    return " ".join(fields)


def _seat(text: str, value: str) -> int:
    if value not in T.SEAT_LETTERS:
        raise bad_position(text, f"a seat is 'w' or 'b', not {_short(value)!r}")
    return T.SEAT_LETTERS.index(value)


def _short(value: str) -> str:
    """``value`` as a refusal quotes it (a hostile field may be huge)."""
    return value if len(value) <= 40 else value[:40] + "\u2026"


def _cards(text: str, value: str, key: str, allow_empty: bool = False) -> tuple[str, ...]:
    if value == "-":
        return ()
    out = []
    for name in value.split(","):
        if name == "-" and allow_empty:
            out.append("")
        elif name in T.CHAOS_CARDS:
            out.append(name)
        else:
            raise bad_position(text, f"{key}: no Chaos Mage card {_short(name)!r}")
    return tuple(out)


def _flags(text: str, key: str, value: str) -> tuple[bool, bool]:
    if value not in ("-", "w", "b", "wb"):
        raise bad_position(text, f"{key} is 'w', 'b', 'wb' or '-', not {_short(value)!r}")
    return ("w" in value, "b" in value)


def _fields(text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for token in text.split():
        key, eq, value = token.partition("=")
        if not eq or key not in KEYS:
            raise bad_position(
                text, f"unknown field {_short(token)!r} (fields: {', '.join(KEYS)})")
        if key in fields:
            raise bad_position(text, f"{key} is given twice")
        fields[key] = value
    if "arena" not in fields:
        raise bad_position(text, "the arena field is required")
    return fields


def parse(text: str, options: Options | None, players: Sequence[str]) -> State:
    """A :class:`State` from notation; ``options`` (``None`` for the defaults) give the
    fields that come from the options, as :func:`~grimoire.games.magery.rules.setup` sets
    them, and ``players`` the seats' names (the notation does not write them). Anything
    that is not a position some game reaches is refused with ``position/invalid``:
    unreadable fields, numbers out of range, more minions or cards than the game has,
    private cards the options do not deal, and a phase that lacks what it needs (a
    pending power with no chamber just emptied, say)."""
    if not isinstance(text, str):
        raise bad_position(repr(text)[:60], "a position is text")
    opts = Options() if options is None else options
    base = setup(opts, players)
    fields = _fields(text)
    phase = fields.get("phase", "decision")
    if phase not in ("setup", "decision", "action"):
        raise bad_position(text, f"phase is setup, decision or action, not {_short(phase)!r}")
    rows = read_ranks(text, fields["arena"], T.SIZE, T.SIZE, pieces=B.KIND_OF, what="minion")
    arena = tuple(ch for row in reversed(rows) for ch in row)
    tower = _tower(text, fields.get("tower", ""))
    cards, shown = _chaos(text, fields.get("chaos", "-"), opts)
    cards, shown, tower = _private(text, fields.get("private", "-/-"), opts, cards, shown,
                                   tower)
    for f in range(T.FIXED_FLOORS, B.PUBLIC_CHAMBERS):
        if tower[f] != EMPTY and not cards[f - T.FIXED_FLOORS]:
            raise bad_position(text, f"floor {f + 1} has no card for a minion to stand on")
    dead = _dead(text, fields.get("dead", "-/-"))
    reserve = _reserve(text, arena, tower, dead)
    deck = _cards(text, fields.get("deck", "-"), "deck")
    discard = _cards(text, fields.get("discard", "-"), "discard")
    surplus = Counter((*cards, *deck, *discard)) - Counter(initial_deck(opts))
    del surplus[""]
    if surplus:
        raise bad_position(text, f"more cards than the deck has: {', '.join(sorted(surplus))} "
                                 f"(the deck is {', '.join(initial_deck(opts))})")
    orb = _seat(text, fields.get("orb", "w"))
    setting_up = phase == "setup"
    last = 0 if setting_up else opts.round_limit or T.MAX_ROUND
    round_ = number(text, fields.get("round", "0" if setting_up else "1"),
                    0 if setting_up else 1, last, "round")
    in_tower = sum(1 for ch in tower if ch != EMPTY)
    placed = number(text, fields.get("placed", str(in_tower if phase == "decision" else 0)),
                    0, len(B.CHAMBERS), "placed")
    extra_turns = fields.get("extra", "-")
    if extra_turns != "-" and len(extra_turns) > T.SEER_TURNS:
        raise bad_position(text, f"extra is at most {T.SEER_TURNS} seats (the Seer's turns)")
    dealt = fields.get("dealt", "1")
    if dealt not in ("0", "1"):
        raise bad_position(text, f"dealt is 0 or 1, not {_short(dealt)!r}")
    pending, pending_chamber, pending_minion = _pending(text, fields.get("pending", "-"))
    winners, result = _over(text, fields.get("over", ""))
    state: State = msgspec.structs.replace(
        base,
        arena=arena,
        tower=tower,
        cards=cards,
        shown=shown,
        reserve=reserve,
        dead=dead,
        deck=deck,
        discard=discard,
        dealt=dealt == "1",
        orb=orb,
        round=round_,
        phase=phase,
        turn=_seat(text, fields.get("turn", T.SEAT_LETTERS[orb])),
        passed=_flags(text, "passed", fields.get("passed", "-")),
        placed=placed,
        extra=() if extra_turns == "-" else tuple(_seat(text, ch) for ch in extra_turns),
        pending=pending,
        pending_chamber=pending_chamber,
        pending_minion=pending_minion,
        shielded=_shielded(text, fields.get("shielded", "-"), arena),
        runes=_flags(text, "runes", fields.get("runes", "-")),
        relocated=_relocated(text, fields.get("relocated", "-")),
        winners=winners,
        result=result,
    )
    _CHECKS[phase](text, state)
    _check_cards(text, state)
    if result:
        if setting_up:
            raise bad_position(text, "a game ends in its rounds, not in the setup")
        state = msgspec.structs.replace(state, phase="over")
    return _settle(text, state)


def _tower(text: str, value: str) -> tuple[str, ...]:
    if len(value) > B.PUBLIC_CHAMBERS or any(ch != EMPTY and ch not in B.KIND_OF for ch in value):
        raise bad_position(text, "the tower is up to 16 minion letters or '.'")
    return tuple(value.ljust(B.PUBLIC_CHAMBERS, EMPTY)) + (EMPTY,) * (2 * T.MAX_PRIVATE)


def _chaos(text: str, value: str, opts: Options) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """The cards of floors 13-16, padded with the private slots (filled by ``_private``)."""
    chaos = _cards(text, value, "chaos", allow_empty=True)
    if len(chaos) > T.CHAOS_FLOORS:
        raise bad_position(text, f"at most {T.CHAOS_FLOORS} chaos cards (floors 13-16)")
    in_play = B.chaos_floors(opts.archmage)
    if any(chaos[in_play:]):
        floors = ", ".join(str(13 + f) for f in range(in_play, T.CHAOS_FLOORS))
        raise bad_position(text, f"with archmage={opts.archmage} floors {floors} are empty")
    cards = chaos + ("",) * (10 - len(chaos))
    return cards, (True,) * T.CHAOS_FLOORS + (False,) * (2 * T.MAX_PRIVATE)


def _private(text: str, value: str, opts: Options, cards: tuple[str, ...],
             shown: tuple[bool, ...], tower: tuple[str, ...]
             ) -> tuple[tuple[str, ...], tuple[bool, ...], tuple[str, ...]]:
    """``cards``, ``shown`` and ``tower`` with each seat's private cards (at most as many
    as the Archmage option deals) and the minions on them."""
    parts = value.split("/")
    if len(parts) != 2:
        raise bad_position(text, "private is WHITE/BLACK")
    dealt = T.ARCHMAGE[opts.archmage][0]
    card_list, shown_list, tower_list = list(cards), list(shown), list(tower)
    for seat, part in enumerate(parts):
        if part == "-":
            continue
        items = part.split(",")
        if len(items) > dealt:
            raise bad_position(text, f"archmage={opts.archmage} deals {dealt} private "
                                     f"card{'s' if dealt != 1 else ''} a seat")
        for k, item in enumerate(items):
            name, _, occ = item.partition("@")
            i = T.CHAOS_FLOORS + seat * T.MAX_PRIVATE + k
            if name.endswith("!"):
                name, shown_list[i] = name[:-1], True
            if name not in T.CHAOS_CARDS:
                raise bad_position(text, f"private: no Chaos Mage card in {_short(item)!r}")
            card_list[i] = name
            if occ:
                if occ not in B.KIND_OF or B.SEAT_OF[occ] != seat:
                    raise bad_position(text, f"{_short(occ)!r} cannot stand on a "
                                             f"{T.SEAT_NAMES[seat]} chamber")
                tower_list[B.PUBLIC_CHAMBERS + seat * T.MAX_PRIVATE + k] = occ
    return tuple(card_list), tuple(shown_list), tuple(tower_list)


def _dead(text: str, value: str) -> tuple[str, str]:
    parts = value.split("/")
    if len(parts) != 2:
        raise bad_position(text, "dead is WHITE/BLACK")
    dead = []
    for seat, part in enumerate(parts):
        part = "" if part == "-" else part
        if any(ch not in B.KIND_OF or B.SEAT_OF[ch] != seat for ch in part):
            raise bad_position(
                text, f"{_short(part)!r} is not a list of {T.SEAT_NAMES[seat]} minions")
        dead.append(B.sort_letters(part))
    return (dead[0], dead[1])


def _reserve(text: str, arena: tuple[str, ...], tower: tuple[str, ...],
             dead: tuple[str, str]) -> tuple[str, str]:
    """What is in neither the Arena, the Tower nor the dead pile (3 of each type a side)."""
    reserve = []
    for seat in (0, 1):
        out = ""
        gone = Counter((*arena, *tower, *dead[seat]))
        for k in range(len(B.KINDS)):
            ch = B.letter(seat, k)
            if gone[ch] > T.PER_TYPE:
                raise bad_position(
                    text, f"{T.SEAT_NAMES[seat]} has {gone[ch]} {B.KINDS[k]} minions "
                          f"({T.PER_TYPE} in a set)")
            out += ch * (T.PER_TYPE - gone[ch])
        reserve.append(out)
    return (reserve[0], reserve[1])


def _pending(text: str, value: str) -> tuple[str, int, str]:
    if value == "-":
        return "", -1, ""
    power, _, rest = value.partition("@")
    chamber, _, minion = rest.partition(":")
    valid = set(B.FIXED_POWER) | set(T.CHAOS_CARDS)
    if power not in valid or chamber not in B.CHAMBER_INDEX or minion not in B.KIND_OF:
        raise bad_position(text, f"pending is power@chamber:minion, not {_short(value)!r}")
    return power, B.CHAMBER_INDEX[chamber], minion


def _shielded(text: str, value: str, arena: tuple[str, ...]) -> tuple[int, ...]:
    if value == "-":
        return ()
    out: set[int] = set()
    for name in value.split(","):
        if name not in B.SQUARE_INDEX or arena[B.SQUARE_INDEX[name]] == EMPTY:
            raise bad_position(text, f"no minion to shield on {_short(name)!r}")
        if B.SQUARE_INDEX[name] in out:
            raise bad_position(text, f"{name} is shielded twice")
        out.add(B.SQUARE_INDEX[name])
    return tuple(sorted(out))


def _relocated(text: str, value: str) -> tuple[int, ...]:
    if value == "-":
        return ()
    out: set[int] = set()
    for name in value.split(","):
        if name not in B.CHAMBER_INDEX or B.CHAMBER_INDEX[name] in out:
            raise bad_position(text, f"relocated names chambers once each, not {_short(name)!r}")
        out.add(B.CHAMBER_INDEX[name])
    return tuple(sorted(out))


def _over(text: str, value: str) -> tuple[tuple[int, ...], str]:
    if not value:
        return (), ""
    won, _, result = value.partition(":")
    if result not in VICTORIES + DRAWS:
        raise bad_position(text, f"over is SEAT:ending (an ending is one of "
                                 f"{', '.join(VICTORIES + DRAWS)}), not {_short(value)!r}")
    return (() if won == "-" else (_seat(text, won),)), result


# ---------------------------------------------------------------- what each phase needs


def _check_setup(text: str, s: State) -> None:
    """The setup: minions only on their own back row, one of each type at most, White's
    first; nothing yet in the Tower, dead, placed or pending; an undealt deck that can
    be dealt."""
    if any(ch != EMPTY for ch in s.tower) or any(s.dead):
        raise bad_position(text, "during the setup no minion is in the Tower or dead")
    if (s.placed or any(s.passed) or s.extra or s.pending or s.shielded or any(s.runes)
            or s.relocated):
        raise bad_position(text, "placed, passed, extra, pending, shielded, runes and "
                                 "relocated belong to the rounds, not the setup")
    counts = []
    for seat in (0, 1):
        mine = [i for i, ch in enumerate(s.arena) if ch != EMPTY and B.SEAT_OF[ch] == seat]
        if any(i // T.SIZE != T.BACK_RANK[seat] for i in mine):
            raise bad_position(text, f"{T.SEAT_NAMES[seat]} arranges on its back row only")
        if len({s.arena[i] for i in mine}) != len(mine):
            raise bad_position(text, f"{T.SEAT_NAMES[seat]} arranges one minion of each type")
        counts.append(len(mine))
    white, black = counts
    if white < len(B.KINDS) and (black or s.turn != T.WHITE):
        raise bad_position(text, "White sets up first: Black arranges once White's eight are out")
    if black and s.turn != T.BLACK:
        raise bad_position(text, "Black is arranging: turn=b")
    if not s.dealt:
        if any(s.cards):
            raise bad_position(text, "no card is dealt before the deck is (dealt=0)")
        need = B.chaos_floors(s.archmage) + 2 * T.ARCHMAGE[s.archmage][0]
        if len(s.deck) < need:
            raise bad_position(text, f"dealt=0: the deck must hold the {need} cards to deal")


def _check_decision(text: str, s: State) -> None:
    """The decision phase: no power, shield, rune, Seer's turn or Magus's move (each
    ends with its round's action phase); ``placed`` counts the minions in the Tower."""
    _check_round(text, s)
    if s.pending or s.shielded or any(s.runes) or s.extra or s.relocated:
        raise bad_position(text, "pending, shielded, runes, extra and relocated belong to "
                                 "the action phase")
    in_tower = sum(1 for ch in s.tower if ch != EMPTY)
    if s.placed != in_tower:
        raise bad_position(text, f"placed counts this phase's placements: the Tower holds "
                                 f"{in_tower}, not {s.placed}")


def _check_action(text: str, s: State) -> None:
    """The action phase: a pending power waits on the chamber just emptied by the seat
    to act, for the minion now back in its reserve; relocated minions are in the Tower."""
    _check_round(text, s)
    c = s.pending_chamber
    if s.pending:
        power = B.power(s.cards, c)
        owner = B.chamber_owner(c)
        if not power or s.tower[c] != EMPTY or owner not in (None, s.turn):
            raise bad_position(text, f"a pending power waits on an empty chamber in play the "
                                     f"seat to act may use, not {B.CHAMBERS[c]}")
        if s.pending != power and not (power == "dream-lord" and s.pending in dreamable(s)):
            raise bad_position(text, f"chamber {B.CHAMBERS[c]} gives {power}, not {s.pending}")
        if B.SEAT_OF[s.pending_minion] != s.turn or s.pending_minion not in s.reserve[s.turn]:
            raise bad_position(text, "the minion removed is the seat to act's, back in its "
                                     "reserve")
    for r in s.relocated:
        if s.tower[r] == EMPTY and r != c:
            raise bad_position(text, f"relocated: chamber {B.CHAMBERS[r]} holds no minion")


def _check_round(text: str, s: State) -> None:
    if not s.dealt:
        raise bad_position(text, "the deck is dealt with White's first arrangement (dealt=1)")


_CHECKS = {"setup": _check_setup, "decision": _check_decision, "action": _check_action}


def _check_cards(text: str, s: State) -> None:
    """With Rotating Chaos Lords every chaos floor in play holds a card (floor 13 is empty
    only between a rotation and its flip, when the Tower is empty)."""
    if not (s.rotating and s.dealt):
        return
    empty = [f for f in range(B.chaos_floors(s.archmage)) if not s.cards[f]]
    flipping = (s.phase == "action" and not s.pending and empty == [0]
                and all(ch == EMPTY for ch in s.tower))
    if empty and not flipping:
        raise bad_position(text, "with Rotating Chaos Lords every chaos floor in play "
                                 "holds a card")


def _settle(text: str, state: State) -> State:
    """A position that meets a victory condition is over (the rules check victory after
    every turn); an ``over`` field must agree with what the position shows."""
    if state.phase == "setup":
        return state
    if len(victors(state)) > 1:
        raise bad_position(text, "both sides meet a victory condition: the game ended "
                                 "before that")
    won = victory(state)
    if (won or state.result) and state.pending:
        raise bad_position(text, "a game ends when a turn does: no power is pending then")
    if not state.result:
        return state if won is None else evolve(state, won)
    if won is not None:
        if (state.winners, state.result) != (won.winners, won.reason):
            who = T.SEAT_LETTERS[won.winners[0]]
            raise bad_position(text, f"the position shows over={who}:{won.reason}")
    elif state.result in VICTORIES:
        raise bad_position(text, f"the position does not show {state.result}")
    elif state.winners:
        raise bad_position(text, f"{state.result} is a draw: over=-:{state.result}")
    return state
