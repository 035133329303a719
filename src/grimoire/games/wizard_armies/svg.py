"""The board as an SVG picture: the two armies facing each other across the battlefield.

Each side has a band of its own: its name in its seat colour (an arrow before it while
it is to act), its army, its deployment or what it fielded and lost this round, its
initiative die, its camp (one counter per unit, up to 24, then the rest as a number) and,
on the battlefield between the two bands, its dice on the field (a Wizard as ``W``). A
deployment chosen in secret is drawn as the back of a counter (``?``) for a viewer who may
not know it, and so is a committed one (option ``hidden="commit"``) until it is opened;
during a camp raid the raided camp units' rolled values stand in that camp. The last
event's places are framed, the status line says what happens next, and a legend
explains every mark. Wizard Armies has no squares: the places are named as on the text
board (army, camp, field).

What a frontend clicks (``docs/choices.md``): each die on the field carries
``data-square`` (``light-1``: Light's first die, largest first; ``board.die_square``) and
``data-piece`` (``Wizard``, ``Unit``, ``Coward``), each rolled unit of a raided camp
``data-square`` (``dark-raid-1``), each camp ``data-square`` (``dark-camp``); dice, camps,
the field, the armies and the initiative dice have tooltips with their texts
(``texts.TEXTS``). ``bottom=0`` draws Light's band at the bottom (the bands swap); Dark's
already is.

>>> from grimoire.games.wizard_armies import RULES
>>> s = RULES.setup(RULES.Options(), ("Ann", "Ben"))
>>> picture = board(s)
>>> picture.startswith("<svg") and "Ann" in picture and "raising the armies" in picture
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from grimoire.core.events import Roll
from grimoire.core.svg import HIDDEN, INK, LAST, SEAT_COLOURS, TERRAIN, Picture, legend
from grimoire.games.wizard_armies import events as E
from grimoire.games.wizard_armies import tables as T
from grimoire.games.wizard_armies.board import camp_square, die_square, raid_square
from grimoire.games.wizard_armies.choices import die, kind
from grimoire.games.wizard_armies.render import PHASE_WORDS, names, sentence, status, unit
from grimoire.games.wizard_armies.rules import to_act
from grimoire.games.wizard_armies.state import State
from grimoire.games.wizard_armies.texts import TEXTS

WIDTH = 640.0
MARGIN = 16.0
BAND = 96.0  # a side's band: the name row and the camp row
FIELD = 56.0  # a side's half of the battlefield
DIE = 38.0
CAMP_SHOWN = 24  # camp counters drawn; the rest are counted in the label
NAME_SHOWN = 20  # characters of a name drawn (the whole name is the tooltip)
LEGEND_LINES = 10  # the two seats and every mark ("hidden" and "sealed" never together)

Box = tuple[float, float, float, float]

TERM: dict[str, str] = {"army": "Army", "camp": "Camp", "field": "Field",
                        "init": "Initiative", "raid": "Camp raid"}
"""The places of the picture that have a tooltip, and the ``TEXTS`` term each tells."""


def _printable(text: str) -> str:
    """``text`` without the characters an XML document cannot hold or that would break
    its one element a line (control characters, line breaks, lone surrogates): a
    player's name is free text.

    >>> _printable("Ann\x07")
    'Ann\ufffd'
    """
    return "".join(
        c if (" " <= c < "\ud800" or "\ue000" <= c <= "\ufffd" or c >= "\U00010000")
        else "\ufffd"
        for c in text
    )


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class _Layout:
    """Where each place of the board is: ``box[(place, seat)]`` is its rectangle.
    ``high`` is the seat whose band is on top (seat 0, unless the picture is drawn from
    seat 0's side)."""

    def __init__(self, high: int = 0) -> None:
        top = 44.0
        low = 1 - high
        self.box: dict[tuple[str, int], Box] = {}
        # The top seat's band, its field below it; the other's field, then its band.
        self._band(high, top, name_first=True)
        field0 = top + BAND
        self.box["field", high] = (MARGIN, field0, WIDTH - 2 * MARGIN, FIELD)
        self.box["field", low] = (MARGIN, field0 + FIELD, WIDTH - 2 * MARGIN, FIELD)
        self._band(low, field0 + 2 * FIELD, name_first=False)
        self.status_y = field0 + 2 * FIELD + BAND + 22
        self.legend_y = self.status_y + 40
        self.height = self.legend_y + LEGEND_LINES * 17.6 + 6

    def _band(self, seat: int, top: float, *, name_first: bool) -> None:
        name_y, camp_y = (top, top + 44) if name_first else (top + 52, top + 4)
        w = WIDTH - 2 * MARGIN
        self.box["name", seat] = (MARGIN, name_y, 250, 40)
        self.box["init", seat] = (MARGIN + 250, name_y, 90, 40)
        self.box["army", seat] = (MARGIN + 340, name_y, 80, 40)
        self.box["deploy", seat] = (MARGIN + 420, name_y, 120, 40)
        self.box["lost", seat] = (MARGIN + 540, name_y, w - 540, 40)
        self.box["camp", seat] = (MARGIN, camp_y, 400, 40)
        self.box["raid", seat] = (MARGIN + 400, camp_y, w - 400, 40)


LAYOUT = _Layout()
TURNED = _Layout(high=1)
"""Seat 0's band at the bottom: the picture drawn from its side."""


def board(state: State, player: int | None = None, last: E.Event | None = None,
          bottom: int | None = None) -> str:
    """The board as ``player`` sees it (``None``: everything the state holds), the places
    ``last`` (the event just played) touched framed, seat ``bottom``'s band at the bottom
    (``None``: seat 1's, as seat 1 also gets). Draws only what ``state`` holds, so a
    seat's view gives a picture that leaks nothing.

    >>> s = State(phase="battle", troops=(9, 11), deployed=(2, 1), field=((6, 2), (5,)),
    ...           turn=1, init=(2, 5), names=("Ann", "Ben"))
    >>> picture = board(s, last=E.Strike(player=1, dice=(5,), target=4))
    >>> ">W</text>" in picture, "Ben strikes" in picture, 'stroke="#f1c40f"' in picture
    (True, True, True)
    """
    if state.names:
        state = msgspec.structs.replace(state, names=tuple(map(_printable, state.names)))
    seats = names(state)
    phase = PHASE_WORDS.get(state.phase, state.phase)
    layout = TURNED if bottom == 0 else LAYOUT
    picture = Picture(WIDTH, layout.height,
                      title=f"Wizard Armies, round {state.round}: {phase}")
    picture.rect(0, 0, picture.width, picture.height, fill=TERRAIN["plain"])
    picture.rect(0, 0, WIDTH, 34, fill=TERRAIN["dark"])
    picture.text(MARGIN, 17, "Wizard Armies", size=16, anchor="start", font_weight="bold")
    picture.text(WIDTH - MARGIN, 17, f"round {state.round}: {phase}", size=14, anchor="end")
    x, y, w, _ = layout.box["field", 1 if bottom == 0 else 0]
    picture.rect(x, y, w, 2 * FIELD, fill=TERRAIN["dark"], stroke="#9c8f7a",
                 stroke_width=0.5, tip=f"The field. {TEXTS[TERM['field']]}")
    picture.line(x, y + FIELD, x + w, y + FIELD, stroke="#9c8f7a", stroke_dasharray="4 4")
    acting = to_act(state) if not state.result else frozenset()
    shown: set[str] = set()
    for seat in (0, 1):
        _side(picture, layout, state, seat, seats, player, acting, shown)
    if state.phase == "raid" and state.turn in (0, 1):
        _raid(picture, layout, state, 1 - state.turn, seats, shown)
    if last is not None:
        for place in sorted(_touched(last, state)):
            if place in layout.box:
                picture.mark(*layout.box[place])
        shown.add("last")
    picture.text(MARGIN, layout.status_y, status(state), size=14, anchor="start",
                 font_weight="bold")
    if last is not None:
        picture.text(MARGIN, layout.status_y + 20, f"last: {sentence(last, seats)}",
                     size=11, anchor="start", fill="#5d4d3a")
    _legend(picture, seats, shown)
    return picture.svg()


def _side(picture: Picture, layout: _Layout, state: State, seat: int,
          seats: tuple[str, str], player: int | None, acting: frozenset[int],
          shown: set[str]) -> None:
    colour = _colour(seat)
    x, y, _, h = layout.box["name", seat]
    mid = y + h / 2
    if seat in acting:
        picture.polygon(((x, mid - 7), (x + 11, mid), (x, mid + 7)), fill=colour)
        shown.add("turn")
    name = seats[seat]
    short = name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "\u2026"
    you = " (you)" if player == seat else ""
    picture.text(x + 16, mid, short + you, size=16, anchor="start", fill=colour,
                 font_weight="bold")
    if short != name:
        picture.add("title", name)
    if seat in state.winners and state.result:
        picture.text(x + 16, mid + 15, "wins the war", size=10, anchor="start", fill=colour)
    x, y, _, h = layout.box["init", seat]
    if state.init[seat] and state.phase in ("battle", "raid"):
        picture.text(x + 4, y + h / 2, "initiative", size=10, anchor="start")
        picture.rect(x + 56, y + 8, 24, 24, rx=4.0, fill="#ffffff", stroke=colour,
                     tip=f"{seats[seat]}'s initiative roll. {TEXTS[TERM['init']]}")
        picture.text(x + 68, y + 20, str(state.init[seat]), size=13, fill=colour)
    x, y, _, h = layout.box["army", seat]
    picture.text(x + 4, y + h / 2, f"army {state.troops[seat]}", size=13, anchor="start",
                 tip=f"{seats[seat]}'s army: {state.troops[seat]}. {TEXTS[TERM['army']]}")
    _deployment(picture, layout, state, seat, shown)
    x, y, _, h = layout.box["lost", seat]
    if state.phase in ("battle", "raid"):
        picture.text(x + 4, y + h / 2, f"lost {state.lost[seat]}", size=13, anchor="start")
    _camp(picture, layout, state, seat, seats, shown)
    _field(picture, layout, state, seat, seats, shown)


def _deployment(picture: Picture, layout: _Layout, state: State, seat: int,
                shown: set[str]) -> None:
    x, y, _, h = layout.box["deploy", seat]
    mid = y + h / 2
    dep = state.deployed[seat]
    if state.phase == "deploy" and state.hidden == "commit":
        if state.ready[seat]:
            picture.text(x + 4, mid, "opened", size=13, anchor="start")
            picture.piece(x + 66, mid, 11, str(dep), seat=seat)
        elif state.sealed[seat]:
            picture.text(x + 4, mid, "committed", size=13, anchor="start")
            picture.piece(x + 84, mid, 11, "", seat=seat, hidden=True)
            shown.add("sealed")
        else:
            picture.text(x + 4, mid, "choosing", size=13, anchor="start", fill="#5d4d3a")
    elif state.phase == "deploy":
        if not state.ready[seat]:
            picture.text(x + 4, mid, "choosing", size=13, anchor="start", fill="#5d4d3a")
        elif dep:
            picture.text(x + 4, mid, "deploys", size=13, anchor="start")
            picture.piece(x + 66, mid, 11, str(dep), seat=seat)
            picture.text(x + 82, mid, "(secret)", size=10, anchor="start")
        else:
            picture.text(x + 4, mid, "chose", size=13, anchor="start")
            picture.piece(x + 54, mid, 11, "", seat=seat, hidden=True)
            shown.add("hidden")
    elif state.phase in ("battle", "raid"):
        picture.text(x + 4, mid, f"fielded {dep}", size=13, anchor="start")


def _camp(picture: Picture, layout: _Layout, state: State, seat: int,
          seats: tuple[str, str], shown: set[str]) -> None:
    colour = _colour(seat)
    x, y, w, h = layout.box["camp", seat]
    mid = y + h / 2
    camp = max(state.camp(seat), 0)
    picture.text(x + 4, mid, f"camp {camp}", size=12, anchor="start")
    for k in range(min(camp, CAMP_SHOWN)):
        picture.circle(x + 68 + k * 13.5, mid, 5.5, fill=colour, stroke="#ffffff",
                       stroke_width=1.0)
    if camp > CAMP_SHOWN:
        picture.text(x + 68 + CAMP_SHOWN * 13.5, mid, f"+{camp - CAMP_SHOWN}", size=11,
                     anchor="start")
    if camp:
        shown.add("camp")
    # the whole camp, on top of its counters: the place a Wizard's camp strike hits
    picture.rect(x, y, w, h, fill="#ffffff", fill_opacity=0.0, data_square=camp_square(seat),
                 tip=f"{seats[seat]}'s camp: {camp}. {TEXTS[TERM['camp']]}")


def _die(picture: Picture, x: float, y: float, size: float, value: int, seat: int,
         shown: set[str], *, raided: bool = False, square: str = "", tip: str = "") -> None:
    """A die of ``seat`` showing ``value`` (``W`` for a Wizard), marked with its place
    (``square``) and what it is (``data-piece``); a raided camp unit is drawn hollow."""
    colour = _colour(seat)
    fill, ink = ("#ffffff", colour) if raided else (colour, "#ffffff")
    called = kind(value) if not raided or value != T.COWARD else "Unit"
    picture.rect(x, y, size, size, rx=size / 6, fill=fill, stroke=colour, stroke_width=2.0,
                 stroke_dasharray="4 3" if value == T.COWARD and not raided else None,
                 data_square=square or None, data_piece=called if square else None,
                 tip=f"{tip}. {TEXTS[called]}" if tip else None)
    if value == T.WIZARD:
        picture.rect(x + 3, y + 3, size - 6, size - 6, rx=size / 8, fill="none", stroke=ink,
                     stroke_width=1.0)
        shown.add("wizard")
    elif value == T.COWARD and not raided:
        shown.add("coward")
    picture.text(x + size / 2, y + size / 2, unit(value), size=size * 0.5, fill=ink,
                 font_weight="bold", data_square=square or None,
                 data_piece=called if square else None)


def _field(picture: Picture, layout: _Layout, state: State, seat: int,
           seats: tuple[str, str], shown: set[str]) -> None:
    x, y, _, h = layout.box["field", seat]
    picture.text(x + 8, y + h / 2, "field", size=12, anchor="start")
    dice = state.field[seat]
    if not dice:
        picture.text(x + 62, y + h / 2, "no units", size=12, anchor="start", fill="#5d4d3a")
        return
    shown.add("die")
    for k, value in enumerate(dice):
        _die(picture, x + 62 + k * (DIE + 8), y + (h - DIE) / 2, DIE, value, seat, shown,
             square=die_square(seat, k), tip=f"{seats[seat]}'s {die(value)} on the field")


def _raid(picture: Picture, layout: _Layout, state: State, raided: int,
          seats: tuple[str, str], shown: set[str]) -> None:
    x, y, _, h = layout.box["raid", raided]
    picture.text(x + 4, y + h / 2, "raided", size=11, anchor="start",
                 tip=f"{seats[raided]}'s camp, raided. {TEXTS[TERM['raid']]}")
    if not state.targets:
        picture.text(x + 48, y + h / 2, "still to roll", size=11, anchor="start",
                     fill="#5d4d3a")
        return
    shown.add("raided")
    for k, value in enumerate(state.targets):
        _die(picture, x + 46 + k * 26, y + 8, 24, value, raided, shown, raided=True,
             square=raid_square(raided, k),
             tip=f"a unit of {seats[raided]}'s camp, raided: it rolled {die(value)}")


def _touched(event: E.Event | Any, state: State) -> set[tuple[str, int]]:
    """The places of the board the event touched (drawn after it, in ``state``)."""
    place = _PLACES.get(type(event))
    return set() if place is None else place(event, state)


def _both(place: str) -> set[tuple[str, int]]:
    return {(place, 0), (place, 1)}


def _roll(event: Roll, state: State) -> set[tuple[str, int]]:
    seat = event.player
    if seat not in (0, 1):
        return set()
    where = {"troops": "army", "initiative": "init", "battle": "field"}.get(event.purpose)
    if where is not None:
        return {(where, seat)}
    return {("raid", 1 - seat)} if event.purpose == "raid" else set()


def _strike(event: E.Strike, state: State) -> set[tuple[str, int]]:
    seat, other = event.player, 1 - event.player
    hit = "raid" if state.phase == "raid" else "field"
    return {("field", seat), ("camp", seat), (hit, other), ("lost", other)}


_PLACES: dict[type, Callable[[Any, State], set[tuple[str, int]]]] = {
    E.Muster: lambda e, s: {("army", e.player)},
    E.Deploy: lambda e, s: {("deploy", e.player)},
    E.Commit: lambda e, s: {("deploy", e.player)},
    E.Open: lambda e, s: {("deploy", e.player)},
    E.Strike: _strike,
    E.CampStrike: lambda e, s: {("field", e.player), ("camp", 1 - e.player),
                                ("lost", 1 - e.player)},
    Roll: _roll,
    E.Reveal: lambda e, s: _both("deploy"),
    E.Initiative: lambda e, s: {("name", e.first), *_both("init")},
    E.Desert: lambda e, s: {("field", e.player), ("lost", e.player)},
    E.NoStrike: lambda e, s: {("name", e.player)},
    E.Raid: lambda e, s: {("field", e.raider), ("raid", 1 - e.raider)},
    E.RoundOver: lambda e, s: _both("army"),
    E.GameOver: lambda e, s: {("name", w) for w in e.winners} | _both("army"),
}


def _legend(picture: Picture, seats: tuple[str, str], shown: set[str]) -> None:
    """A line for each seat's colour, then one for every mark the picture shows."""
    y = legend(picture, MARGIN, LAYOUT.legend_y, [
        (_colour(0), f"{seats[0]}: dice on the field, counters in camp"),
        (_colour(1), f"{seats[1]}: dice on the field, counters in camp"),
    ])
    x = MARGIN
    marks: list[tuple[str, Callable[[float, float], None], str]] = [
        ("turn", lambda a, b: picture.polygon(((a, b), (a + 9, b + 5.5), (a, b + 11)),
                                              fill=INK), "to act"),
        ("die", lambda a, b: _sample(picture, a, b, "4"),
         "a unit on the field, by the value its die rolled (1-5)"),
        ("wizard", lambda a, b: _sample(picture, a, b, "W", inner=True),
         "W: a Wizard (a natural six): beats any die, or kills a unit in the enemy camp"),
        ("coward", lambda a, b: _sample(picture, a, b, "1", dashed=True),
         "a coward (a 1): deserts before any strike"),
        ("camp", lambda a, b: picture.circle(a + 5.5, b + 5.5, 5.5, fill=INK),
         "a unit in camp"),
        ("raided", lambda a, b: _sample(picture, a, b, "3", hollow=True),
         "a raided camp unit, by the value rolled for it"),
        ("hidden", lambda a, b: picture.circle(a + 5.5, b + 5.5, 5.5, fill="#ffffff",
                                               stroke=HIDDEN),
         "?: a deployment chosen in secret"),
        ("sealed", lambda a, b: picture.circle(a + 5.5, b + 5.5, 5.5, fill="#ffffff",
                                               stroke=HIDDEN),
         "committed: a deployment sealed, opened once both have committed"),
        ("last", lambda a, b: picture.rect(a, b, 11, 11, fill="none", stroke=LAST,
                                           stroke_width=2.0),
         "framed: what the last event touched"),
    ]
    for key, draw, meaning in marks:
        if key not in shown:
            continue
        draw(x, y)
        picture.text(x + 16.5, y + 5.5, meaning, size=11, anchor="start")
        y += 17.6


def _sample(picture: Picture, x: float, y: float, label: str, *, inner: bool = False,
            dashed: bool = False, hollow: bool = False) -> None:
    picture.rect(x, y, 11, 11, rx=2.0, fill="#ffffff" if hollow else INK, stroke=INK,
                 stroke_dasharray="2 1" if dashed else None)
    if inner:
        picture.rect(x + 1.5, y + 1.5, 8, 8, fill="none", stroke="#ffffff", stroke_width=0.5)
    picture.text(x + 5.5, y + 5.5, label, size=8, fill=INK if hollow else "#ffffff")
