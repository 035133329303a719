"""What people see of Magery: names, event sentences, action labels, the text board and
the SVG picture.

Seeded random games under every option set (the game has 2 seats only) supply the
states: every event is described, every decision point's labels are compared, every
state's text board is checked, and a sample of states is drawn (an SVG takes a few
milliseconds)."""

from __future__ import annotations

import functools
import random
import re
import typing
import xml.etree.ElementTree as ET
from typing import Any

import msgspec
import pytest

import grimoire
from grimoire.core.events import Event as AnyEvent
from grimoire.core.rules import describe as describe_any
from grimoire.core.svg import HIDDEN, LAST, SEAT_COLOURS
from grimoire.games.magery import RULES
from grimoire.games.magery import board as B
from grimoire.games.magery.events import (
    Capture,
    Decline,
    Dream,
    Event,
    GameOver,
    Move,
    Place,
    Remove,
    TakeOrb,
)
from grimoire.games.magery.render import SEAT_OF, board, describe
from grimoire.games.magery.state import State
from grimoire.games.magery.svg import board as picture

PLAYERS = ("Ann", "Ben")
OPTIONS: list[dict[str, Any]] = [
    {},
    {"archmage": "archmage"},
    {"archmage": "ultimate", "rotating": True},
    {"rotating": True, "enchanted": "dead", "round_limit": 12},
    {"twelfth_card": "magus", "archmage": "archmage", "rotating": True},
]
SVG_EVERY = 60  # draw every 60th state or decision point (an SVG takes milliseconds)


class Game(msgspec.Struct, frozen=True):
    """A finished seeded game: each event with the state it happened in, and each decision
    point (the state, the seat to act, its legal actions)."""

    options: dict[str, Any]
    steps: list[tuple[Any, State]]
    points: list[tuple[State, int, list[Any]]]
    end: State


@functools.cache
def games() -> tuple[Game, ...]:
    out = []
    for k, options in enumerate(OPTIONS):
        m = grimoire.Match.new("magery", seed=f"{k + 1:064x}", options=options,
                               players=PLAYERS)
        rng = random.Random(k)
        points = []
        while m.outcome is None:
            (seat,) = m.to_act
            actions = list(m.legal(seat))
            points.append((m.state, seat, actions))
            m.act(rng.choice(actions))
        state = RULES.setup(RULES.Options(**options), PLAYERS)
        steps = []
        for event in m.events:
            steps.append((event, state))
            state = RULES.evolve(state, event)
        out.append(Game(options, steps, points, m.state))
    return tuple(out)


# ------------------------------------------------------------------ names


def test_setup_and_parse_take_the_players_names_and_the_notation_does_not_write_them() -> None:
    """``State.names`` comes from the players, in setup and in parse; views keep it."""
    s = RULES.setup(RULES.Options(), PLAYERS)
    assert s.names == PLAYERS
    text = RULES.notation(s)
    assert "Ann" not in text and "Ben" not in text
    parsed = RULES.parse("arena=u7/8/8/8/8/8/8/7U tower=U phase=action", RULES.Options(),
                         PLAYERS)
    assert parsed.names == PLAYERS
    assert RULES.view(parsed, 1).names == PLAYERS and RULES.view(parsed, None).names == PLAYERS


def test_the_board_and_the_sentences_name_the_players() -> None:
    """The text board, the picture and the event sentences say "Ann" and "Ben"."""
    s = RULES.parse("arena=u7/8/8/8/8/8/8/7U tower=U.u phase=action turn=b orb=b",
                    RULES.Options(), PLAYERS)
    text = board(s)
    assert "Ann (White): reserve" in text and "Ben (Black): reserve" in text
    assert "Ben (Black) holds the Orb" in text
    assert "Round 1, action phase: Ben to remove a minion from a chamber" in text
    assert "upper case Ann, lower case Ben" in text
    fills = {t.text: t.get("fill") for t in ET.fromstring(picture(s)).iter()
             if t.tag.endswith("text")}
    assert fills["Ann (White)"] == SEAT_COLOURS[0] and fills["Ben (Black)"] == SEAT_COLOURS[1]
    assert describe(Remove(player=1, chamber="3"), s) == (
        "Ben removes the undead from chamber 3 (Wizard)")
    assert describe_any(RULES, Remove(player=1, chamber="3"), s).startswith("Ben ")


def test_a_state_without_names_falls_back_to_white_and_black() -> None:
    """A hand-built state with no names reads "White" and "Black"."""
    s = msgspec.structs.replace(RULES.setup(RULES.Options(), PLAYERS), names=())
    assert "White holds the Orb" in board(s)
    assert describe(Place(player=1, minion="fey", chamber="5"), s) == (
        "Black places a fey in chamber 5 (Druid)")
    assert ">White<" in picture(s)


def test_the_outcome_names_the_winner() -> None:
    """The board's outcome line, the game-over sentence and ``Outcome.names``."""
    s = RULES.parse("arena=3u4/8/8/8/8/8/8/3D4 dead=-/ccc", RULES.Options(), PLAYERS)
    assert RULES.outcome(s) == grimoire.Outcome((0,), "three-of-a-type", ("Ann",))
    assert "Game over: won by Ann (all 3 of Ben's constructs are dead)" in board(s)
    assert "Game over: won by Ann" in picture(s)
    before = RULES.parse("arena=3u4/8/8/8/8/8/8/3D4 dead=-/cc", RULES.Options(), PLAYERS)
    before = msgspec.structs.replace(before, dead=("", "ccc"))
    assert describe(GameOver(winners=(0,), reason="three-of-a-type"), before) == (
        "Ann wins: all 3 of Ben's constructs are dead")
    assert describe(GameOver(winners=(1,), reason="arena-cleared"), before) == (
        "Ben wins: Ann has no minion left in the Arena")
    assert describe(GameOver(winners=(), reason="stalemate"), before) == (
        "The game is drawn: neither player has a minion left to place")
    lines = {board(g.end).splitlines()[-3] for g in games()}
    assert lines == {
        " Game over: won by Ann (5 of Ben's Greater minions are dead)",
        " Game over: won by Ben (5 of Ann's Greater minions are dead)",
        " Game over: a draw (neither player has a minion left to place)",
        " Game over: a draw (the round limit of 12 rounds is reached)",
    }


# ------------------------------------------------------------------ sentences

NOT_PLAIN = re.compile(
    r"=|'[^s ]|\bNone\b|\bTrue\b|\bFalse\b|\bseat \d|\(\d|[\[\]{}?_]|-1\b"
    r"|\b[a-z]+-[a-z]+\b|\n")


def plain(line: str) -> bool:
    """A sentence a newcomer reads: a capital first, no reprs, codes, ``=`` or ``?``."""
    return bool(line) and line[0].isupper() and not NOT_PLAIN.search(line)


def test_every_event_type_reads_as_a_plain_sentence() -> None:
    """Every event of the seeded games (all 28 types) is described plainly, with and
    without its state, and redacted for each seat and the spectator."""
    seen: set[type] = set()
    every: set[str] = set()
    for game in games():
        for event, state in game.steps:
            seen.add(type(event))
            lines = [describe(event, state), describe(event, None)]
            for p in (0, 1, None):
                shown = RULES.redact(event, p)
                lines += [describe(shown, RULES.view(state, p)), describe(shown, state)]
            every.update(lines)
    assert seen == set(typing.get_args(Event))
    assert all(plain(line) for line in every), [x for x in every if not plain(x)][:5]


def test_a_sentence_told_in_a_seats_view_says_nothing_the_seat_cannot_know() -> None:
    """The tools tell a seat its redacted events in its own view (``Match.told``,
    ``Perspective``): the sentence is the same in every state the seat cannot tell apart
    (the cards it cannot see dealt again)."""
    rng = random.Random(5)
    for game in games():
        if game.options.get("archmage", "none") == "none":
            continue
        for event, state in game.steps:
            for p in (0, 1, None):
                shown = RULES.redact(event, p)
                line = describe(shown, RULES.view(state, p))
                if p is not None:
                    twin = RULES.view(RULES.disguise(state, p, rng), p)
                    assert describe(shown, twin) == line, event


def test_a_player_reads_its_own_private_card_by_name() -> None:
    """A private card is "hidden from the opponent until its power is first used": its
    owner reads it by name in every sentence, the opponent and the spectators read
    ``hidden card``."""
    s = RULES.parse("arena=u7/8/8/8/8/8/8/7U private=seer/- chaos=magus,alchemist,conjurer "
                    "phase=action pending=seer@w1:F", RULES.Options(archmage="archmage"),
                    PLAYERS)
    decline = Decline(player=0)
    assert decline in RULES.legal(s, 0)
    assert describe(decline, RULES.view(s, 0)) == (
        "Ann declines the power of chamber w1 (Seer)")
    for p in (1, None):
        assert describe(RULES.redact(decline, p), RULES.view(s, p)) == (
            "Ann declines the power of chamber w1 (hidden card)")


def test_hidden_cards_are_described_as_hidden() -> None:
    """A private draw or a private chamber's card reads as hidden to those who may not
    see it ("Ben draws 1 private Archmage card, face down")."""
    for game in games():
        if game.options.get("archmage", "none") == "none":
            continue
        for event, state in game.steps:
            if type(event).__name__ != "Draw":
                continue
            mine = describe(RULES.redact(event, event.player), state)
            theirs = describe(RULES.redact(event, 1 - event.player), state)
            name = PLAYERS[event.player]
            count = len(event.cards)
            assert theirs == (f"{name} draws {count} private Archmage "
                              f"card{'s' if count > 1 else ''}, face down")
            assert all(B.title(c) in mine for c in event.cards)
            assert not any(B.title(c) in theirs for c in event.cards)
    s = RULES.parse("arena=u7/8/8/8/8/8/8/7U private=seer/- chaos=magus,alchemist,conjurer",
                    RULES.Options(archmage="archmage"), PLAYERS)
    place = Place(player=0, minion="fey", chamber="w1", card="seer")
    assert place in RULES.legal(s, 0)
    assert describe(place, s) == "Ann places a fey in chamber w1 (Seer)"
    for p in (1, None):
        assert describe(RULES.redact(place, p), RULES.view(s, p)) == (
            "Ann places a fey in chamber w1 (hidden card)")


@pytest.mark.parametrize(("event", "line"), [
    (Move(player=0, from_="d1", to="d8"), "Ann moves the dragon from d1 to d8, capturing "
                                          "Ben's construct"),
    (Capture(owner=1, minion="construct", square="d8"),
     "Ben's construct on d8 is captured and goes to the dead pile"),
    (Move(player=1, from_="d1", to="d4"), "Ben uses the Mentalist to move Ann's dragon "
                                          "from d1 to d4"),
    (Dream(player=0, mage="seer"), "Ann uses the Dream Lord to borrow the power of the Seer"),
    (TakeOrb(player=1), "Ben uses the Oracle to take the Orb"),
])
def test_sentences_name_the_minions_and_the_players(event: AnyEvent, line: str) -> None:
    """Moves say which minion moves and what it captures; the minion's owner is named
    when it is not the actor's."""
    s = RULES.parse("arena=3c4/8/8/8/8/8/8/3D4", RULES.Options(), PLAYERS)
    assert describe(event, s) == line


# ------------------------------------------------------------------ labels

CHAMBER = re.compile(r"chamber (\w+) \(([^)]*)\)")
DREAM = re.compile(r"borrow the power of the ([A-Z][\w ]*)")


def test_legal_action_labels_are_unique_and_name_what_the_board_shows() -> None:
    """At every decision point of the seeded games, each legal action's label (told in the
    seat's view) differs from every other's, and each chamber, card, mage and player it
    names is on the seat's text board (and, for a sample, on its picture)."""
    points = labels = drawn = 0
    every: set[str] = set()
    for game in games():
        for k, (state, seat, actions) in enumerate(game.points):
            known = RULES.view(state, seat)
            lines = [describe(a, known) for a in actions]
            assert len(set(lines)) == len(lines), [x for x in lines if lines.count(x) > 1]
            points += 1
            labels += len(lines)
            text = board(state, seat)
            rows = {m.group(1): r for r in text.splitlines() for m in CHAMBER.finditer(r)}
            svg = picture(RULES.view(state, seat), seat) if k % SVG_EVERY == 0 else ""
            drawn += bool(svg)
            every.update(lines)
            for line in lines:
                for name, mage in CHAMBER.findall(line):
                    assert mage == "hidden card" or mage in rows[name], (line, rows[name])
                    if svg:
                        assert f">{name}</text>" in svg and f">{mage}</text>" in svg, line
                for mage in DREAM.findall(line):
                    assert f"the {mage}" in text and (not svg or f"the {mage}" in svg)
                assert line.split(" ")[0] in text
                assert all(sq in B.SQUARE_INDEX for sq in re.findall(r"\b[a-h][1-8]\b", line))
    assert points > 3000 and labels > 100_000 and drawn > 50
    assert all(plain(line) for line in every), [x for x in every if not plain(x)][:5]


# ------------------------------------------------------------------ the text board

GRID_LINE = re.compile(r"^\s*([1-8])  (.*)$")


def test_the_text_board_grid_rank_labels_and_seat_letters() -> None:
    """Grid lines start with their rank (8 to 1) after the header of files; no other line
    starts with a number; every letter in the grid is a minion's, in ``SEAT_OF``; no escape
    codes; the key names every letter."""
    assert {**{ch: 0 for ch in B.LETTERS}, **{ch.lower(): 1 for ch in B.LETTERS}} == SEAT_OF
    for game in games():
        for state in [s for _, s in game.steps[::7]] + [game.end]:
            for p in (0, 1, None):
                text = board(state, p)
                assert "\x1b" not in text
                rows = text.splitlines()
                header = rows.index("     a b c d e f g h")
                grid = [GRID_LINE.match(r) for r in rows[header + 1:header + 9]]
                assert [m.group(1) for m in grid if m] == list("87654321")
                others = rows[:header] + rows[header + 9:]
                assert not any(re.match(r"^\s*\d", r) for r in others), others
                for m in grid:
                    assert m is not None
                    for ch in m.group(2):
                        assert ch in " .*" or ch in SEAT_OF
                assert all(f"{ch} {kind}" in text for ch, kind in
                           zip(B.LETTERS, B.KINDS, strict=True))


def test_the_text_board_shows_shields_and_hidden_cards() -> None:
    """A shielded minion is marked ``*``; an opponent's private card reads "hidden card"
    until it is used; the owner sees its own, marked secret."""
    s = RULES.parse("arena=u7/8/8/8/8/8/8/7U private=seer/magus chaos=alchemist,mentalist,"
                    "enchanter phase=action shielded=h1", RULES.Options(archmage="archmage"),
                    PLAYERS)
    assert "  1  . . . . . . . U*" in board(s)
    assert "chamber w1 (Seer, secret)" in board(s, 0)
    assert "chamber b1 (hidden card)" in board(s, 0) and "Magus" not in board(s, 0)
    assert "chamber w1 (hidden card)" in board(s, 1) and "Seer" not in board(s, 1)


# ------------------------------------------------------------------ the picture


def test_the_picture_is_well_formed_small_and_plain() -> None:
    """Well-formed XML, no scripts or external references, under 80 KB (tooltips
    included), one element per line (with its ``<title>`` tooltip), the same bytes for the
    same state, file letters and rank numbers drawn."""
    for game in games():
        for state in [s for _, s in game.steps[::300]] + [game.end]:
            for p in (0, 1, None):
                shown = state if p is None else RULES.view(state, p)
                svg = picture(shown, p)
                root = ET.fromstring(svg)
                assert root.tag.endswith("svg")
                assert len(svg.encode()) < 80_000
                assert "<script" not in svg and "href" not in svg
                assert svg.count("http") == 1  # the namespace only
                assert all(re.sub(r"<title>[^<]*</title>", "", line).count("<") <= 2
                           for line in svg.splitlines())
                assert picture(msgspec.json.decode(msgspec.json.encode(shown), type=State),
                               p) == svg
                texts = {t.text for t in root.iter() if t.tag.endswith("text")}
                assert set("abcdefgh") <= texts and set("12345678") <= texts


def test_the_picture_marks_the_last_event() -> None:
    """The squares a move went from and to, the chamber a minion was placed on, and the
    Orb when it changed hands are framed."""
    frame = f'stroke="{LAST}"'
    s = RULES.parse("arena=3c4/8/8/8/8/8/8/3D4", RULES.Options(), PLAYERS)
    assert frame not in picture(s)
    assert picture(s, None, Move(player=0, from_="d1", to="d4")).count(frame) == 2
    assert picture(s, None, Place(player=0, minion="fey", chamber="5")).count(frame) == 1
    assert picture(s, None, TakeOrb(player=0)).count(frame) == 1
    moves = [(e, s) for g in games() for e, s in g.steps if isinstance(e, Move)][:20]
    for event, before in moves:
        after = RULES.evolve(before, event)
        assert picture(after, None, event).count(frame) == 2


def test_the_picture_draws_hidden_cards_face_down_and_shields() -> None:
    """An opponent's unused private card is drawn as a card back (grey, ``?``), its name
    nowhere; a shielded minion wears a dashed ring."""
    s = RULES.parse("arena=u7/8/8/8/8/8/8/7U private=seer/magus chaos=alchemist,mentalist,"
                    "enchanter phase=action shielded=h1", RULES.Options(archmage="archmage"),
                    PLAYERS)
    for seat, mine, theirs in ((0, "Seer", "Magus"), (1, "Magus", "Seer")):
        svg = picture(RULES.view(s, seat), seat)
        assert f">{mine}</text>" in svg and theirs not in svg
        assert svg.count(f'fill="{HIDDEN}"') >= 2  # the deck and the hidden card
        assert ">hidden card</text>" in svg
    assert "Seer" in picture(s) and "Magus" in picture(s)
    assert 'stroke-dasharray="4 2"' in picture(s)


def test_the_picture_leaks_nothing() -> None:
    """For every seat and state of the seeded games, what the seat's picture is drawn
    from (its view) is the same when everything it cannot know is dealt again; for a
    sample of states the text board and the picture are compared byte for byte."""
    rng = random.Random(11)
    drawn = 0
    for game in games():
        for k, (_, state) in enumerate(game.steps):
            for p in (0, 1):
                other = RULES.disguise(state, p, rng)
                assert RULES.view(other, p) == RULES.view(state, p)
                if k % 5 == 0:
                    assert board(other, p) == board(state, p)
                if k % SVG_EVERY == 5:
                    mine = picture(RULES.view(state, p), p)
                    assert picture(RULES.view(other, p), p) == mine
                    drawn += 1
    assert drawn > 200
