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
- ``orb``, ``turn``: ``w`` or ``b``; ``round``: a number; ``phase``: ``setup``,
  ``decision`` or ``action``; ``passed``, ``runes``: seats (``w``, ``b``, ``wb``, ``-``);
  ``placed``: minions placed this decision phase; ``extra``: the Seer's forced turns
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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from grimoire.core.kit import bad_position, read_ranks, write_ranks
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.evolve import evolve
from grimoire.games.magery.rules import setup, victory
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
        raise bad_position(text, f"a seat is 'w' or 'b', not {value!r}")
    return T.SEAT_LETTERS.index(value)


def _cards(text: str, value: str, allow_empty: bool = False) -> tuple[str, ...]:
    if value == "-":
        return ()
    out = []
    for name in value.split(","):
        if name == "-" and allow_empty:
            out.append("")
        elif name in T.CHAOS_CARDS:
            out.append(name)
        else:
            raise bad_position(text, f"no Chaos Mage card {name!r}")
    return tuple(out)


def _flags(text: str, value: str) -> tuple[bool, bool]:
    if value == "-":
        return (False, False)
    if any(ch not in T.SEAT_LETTERS for ch in value):
        raise bad_position(text, f"seats are 'w', 'b', 'wb' or '-', not {value!r}")
    return ("w" in value, "b" in value)


def _number(text: str, key: str, value: str) -> int:
    if not value.isdigit():
        raise bad_position(text, f"{key} is a whole number, not {value!r}")
    return int(value)


def parse(text: str, options: Options | None, players: Sequence[str]) -> State:
    """A :class:`State` from notation; ``options`` (``None`` for the defaults) give the
    fields that come from the options, as :func:`~grimoire.games.magery.rules.setup` sets
    them."""
    fields: dict[str, str] = {}
    for token in text.split():
        key, eq, value = token.partition("=")
        if not eq or key not in KEYS:
            raise bad_position(text, f"unknown field {token!r} (fields: {', '.join(KEYS)})")
        if key in fields:
            raise bad_position(text, f"{key} is given twice")
        fields[key] = value
    if "arena" not in fields:
        raise bad_position(text, "the arena field is required")
    if fields["arena"].count("/") != T.SIZE - 1:
        raise bad_position(text, "the arena has 8 ranks separated by '/'")
    rows = read_ranks(text, fields["arena"], T.SIZE, T.SIZE, pieces=B.KIND_OF, what="minion")
    arena = [ch for row in reversed(rows) for ch in row]
    tower_text = fields.get("tower", "")
    if len(tower_text) > B.PUBLIC_CHAMBERS or any(
        ch != EMPTY and ch not in B.KIND_OF for ch in tower_text
    ):
        raise bad_position(text, "the tower is up to 16 letters or '.'")
    tower = list(tower_text.ljust(B.PUBLIC_CHAMBERS, EMPTY)) + [EMPTY] * (2 * T.MAX_PRIVATE)
    chaos = _cards(text, fields.get("chaos", "-"), allow_empty=True)
    if len(chaos) > T.CHAOS_FLOORS:
        raise bad_position(text, "at most 4 chaos cards")
    cards = list(chaos) + [""] * (10 - len(chaos))
    shown = [True] * 4 + [False] * 6
    private = fields.get("private", "-/-").split("/")
    if len(private) != 2:
        raise bad_position(text, "private is WHITE/BLACK")
    for seat, part in enumerate(private):
        if part == "-":
            continue
        items = part.split(",")
        if len(items) > T.MAX_PRIVATE:
            raise bad_position(text, f"at most {T.MAX_PRIVATE} private cards a seat")
        for k, item in enumerate(items):
            name, _, occ = item.partition("@")
            i = 4 + seat * T.MAX_PRIVATE + k
            if name.endswith("!"):
                name, shown[i] = name[:-1], True
            cards[i] = _cards(text, name)[0] if name != "-" else ""
            if not cards[i]:
                raise bad_position(text, f"no private card in {item!r}")
            if occ:
                if occ not in B.KIND_OF or B.SEAT_OF[occ] != seat:
                    raise bad_position(
                        text, f"{occ!r} cannot stand on a {T.SEAT_NAMES[seat]} chamber")
                tower[B.PUBLIC_CHAMBERS + seat * T.MAX_PRIVATE + k] = occ
    for f in range(T.FIXED_FLOORS, B.PUBLIC_CHAMBERS):
        if tower[f] != EMPTY and not cards[f - T.FIXED_FLOORS]:
            raise bad_position(text, f"floor {f + 1} has no card for a minion to stand on")
    dead_parts = fields.get("dead", "-/-").split("/")
    if len(dead_parts) != 2:
        raise bad_position(text, "dead is WHITE/BLACK")
    dead = []
    for seat, part in enumerate(dead_parts):
        part = "" if part == "-" else part
        if any(ch not in B.KIND_OF or B.SEAT_OF[ch] != seat for ch in part):
            raise bad_position(text, f"{part!r} is not a list of {T.SEAT_NAMES[seat]} minions")
        dead.append(B.sort_letters(part))
    reserve = []
    for seat in (0, 1):
        counts = {B.letter(seat, k): T.PER_TYPE for k in range(len(B.KINDS))}
        for ch in [*arena, *tower, *dead[seat]]:
            if ch in counts:
                counts[ch] -= 1
        for ch, n in counts.items():
            if n < 0:
                raise bad_position(text, f"{T.SEAT_NAMES[seat]} has more than {T.PER_TYPE} {ch!r}")
        reserve.append("".join(ch * counts[ch] for ch in counts))
    phase = fields.get("phase", "decision")
    if phase not in ("setup", "decision", "action"):
        raise bad_position(text, f"phase is setup, decision or action, not {phase!r}")
    orb = _seat(text, fields.get("orb", "w"))
    pending, pending_chamber, pending_minion = "", -1, ""
    if fields.get("pending", "-") != "-":
        power, _, rest = fields["pending"].partition("@")
        chamber, _, minion = rest.partition(":")
        valid = set(B.FIXED_POWER) | set(T.CHAOS_CARDS)
        if power not in valid or chamber not in B.CHAMBER_INDEX or minion not in B.KIND_OF:
            raise bad_position(text, f"pending is power@chamber:minion, not {fields['pending']!r}")
        pending, pending_chamber = power, B.CHAMBER_INDEX[chamber]
        pending_minion = minion
    shielded: list[int] = []
    if fields.get("shielded", "-") != "-":
        for name in fields["shielded"].split(","):
            if name not in B.SQUARE_INDEX or arena[B.SQUARE_INDEX[name]] == EMPTY:
                raise bad_position(text, f"no minion to shield on {name!r}")
            shielded.append(B.SQUARE_INDEX[name])
    extra = fields.get("extra", "-")
    winners: tuple[int, ...] = ()
    result = ""
    if "over" in fields:
        won, _, result = fields["over"].partition(":")
        winners = () if won == "-" else (_seat(text, won),)
        if not result:
            raise bad_position(text, "over is SEAT:reason")
    turn = _seat(text, fields.get("turn", T.SEAT_LETTERS[orb]))
    base = setup(Options() if options is None else options, players)
    out: State = msgspec.structs.replace(
        base,
        arena=tuple(arena),
        tower=tuple(tower),
        cards=tuple(cards),
        shown=tuple(shown),
        reserve=(reserve[0], reserve[1]),
        dead=(dead[0], dead[1]),
        deck=_cards(text, fields.get("deck", "-")),
        discard=_cards(text, fields.get("discard", "-")),
        dealt=fields.get("dealt", "1") == "1",
        orb=orb,
        round=_number(text, "round", fields.get("round", "1")),
        phase="over" if result else phase,
        turn=turn,
        passed=_flags(text, fields.get("passed", "-")),
        placed=_number(text, "placed", fields.get("placed", "0")),
        extra=() if extra == "-" else tuple(_seat(text, ch) for ch in extra),
        pending=pending,
        pending_chamber=pending_chamber,
        pending_minion=pending_minion,
        shielded=tuple(sorted(shielded)),
        runes=_flags(text, fields.get("runes", "-")),
        relocated=_relocated(text, fields.get("relocated", "-")),
        winners=winners,
        result=result,
    )
    return _settle(text, out)


def _relocated(text: str, value: str) -> tuple[int, ...]:
    if value == "-":
        return ()
    out = set()
    for name in value.split(","):
        if name not in B.CHAMBER_INDEX:
            raise bad_position(text, f"relocated names chambers, not {name!r}")
        out.add(B.CHAMBER_INDEX[name])
    return tuple(sorted(out))


def _settle(text: str, state: State) -> State:
    """A position that meets a victory condition is over (the rules check victory after
    every turn); an ``over`` field must agree with what the position shows."""
    if state.phase == "setup":
        return state
    won = victory(state)
    if not state.result:
        return state if won is None else evolve(state, won)
    if state.result not in VICTORIES + DRAWS:
        raise bad_position(text, f"no ending {state.result!r} (one of "
                                 f"{', '.join(VICTORIES + DRAWS)})")
    if won is not None:
        if (state.winners, state.result) != (won.winners, won.reason):
            who = T.SEAT_LETTERS[won.winners[0]]
            raise bad_position(text, f"the position shows over={who}:{won.reason}")
    elif state.result in VICTORIES:
        raise bad_position(text, f"the position does not show {state.result}")
    elif state.winners:
        raise bad_position(text, f"{state.result} is a draw: over=-:{state.result}")
    return state
