"""Wizards of the Vicious Circle as people see it: the players' names everywhere, every
event in one plain sentence, action labels that tell every legal action apart, a text
board with a key for every symbol, and an SVG picture that leaks nothing."""

from __future__ import annotations

import functools
import random
import re
import typing
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import msgspec
import pytest

from grimoire.core.events import Action
from grimoire.core.kit import PUBLIC_NONCE, GameOver
from grimoire.core.match import Match
from grimoire.core.replay import initial_state
from grimoire.core.svg import LAST, TERRAIN
from grimoire.games.vicious_circle import RULES
from grimoire.games.vicious_circle import tables as T
from grimoire.games.vicious_circle.board import EMPTY, INDEX, KINDS, LETTERS, PIECE, SQUARES
from grimoire.games.vicious_circle.events import (
    Capture,
    Deploy,
    Event,
    Move,
    Pass,
    Reveal,
    Setup,
    commit_choice,
    open_choice,
)
from grimoire.games.vicious_circle.render import SEAT_OF, describe
from grimoire.games.vicious_circle.state import State
from grimoire.games.vicious_circle.svg import CELL, LEFT, TOP
from grimoire.games.vicious_circle.svg import board as picture
from grimoire.tools.simulate import bot_match

PLAYERS = ("Ann", "Ben")
NS = "{http://www.w3.org/2000/svg}"
OPTIONS = ({}, {"edition": "illustrated"}, {"no_move": "lose", "paths": "straight"})
GAMES = 12  # seeded bot games, four of each option set


def at(position: str, **options: str) -> Match:
    return Match.new("vicious-circle", position=position, options=options, dice="recorded",
                     players=PLAYERS)


@functools.cache
def games() -> tuple[tuple[tuple[State, Event], ...], ...]:
    """Seeded bot games named Ann and Ben: each event with the state it happens in."""
    out = []
    for i in range(GAMES):
        match = bot_match(RULES, 11, i, players=PLAYERS, options=OPTIONS[i % len(OPTIONS)])
        state = initial_state(RULES, match.header)
        steps = []
        for event in match.events:
            steps.append((state, event))
            state = RULES.evolve(state, event)
        steps.append((state, GameOver(winners=state.winners, reason=state.result)))
        out.append(tuple(steps))
    return tuple(out)


def decision_points() -> Iterator[State]:
    """Every state of the seeded games in which a seat is to act (and each game's end)."""
    for game in games():
        for state, event in game:
            if isinstance(event, Action):
                yield state
        yield game[-1][0]


# ------------------------------------------------------------------ names


def test_setup_and_parse_keep_the_players_names_and_the_notation_does_not_write_them() -> None:
    state = RULES.setup(RULES.Options(), PLAYERS)
    assert state.names == PLAYERS
    m = at("5/5/5/5/s4 -/- t -,- 0")
    assert m.state.names == PLAYERS
    assert "Ann" not in RULES.notation(m.state) and "Ben" not in RULES.notation(m.state)
    for seat in (None, 0, 1):
        assert RULES.view(state, seat).names == PLAYERS  # the names are public


def test_the_board_and_the_descriptions_name_the_players() -> None:
    m = at("5/5/5/1S3/1w3 -/- d -,- 0")
    text = m.render(None)
    assert "Ann (Dawn)" in text and "Ben (Twilight)" in text and "Ann to move" in text
    assert "Dawn to move" not in text
    move = Move(player=0, from_="b2", to="a1")
    assert RULES.describe(move, m.state) == "Ann moves the saint from b2 to a1, onto Ben's throne"
    events = m.act(move)
    assert [RULES.describe(e) for e in events[1:]] == [
        "Dawn wins the game by reaching Twilight's throne"]  # no state: the seat names
    assert RULES.describe(events[-1], m.state) == "Ann wins the game by reaching Ben's throne"


def test_the_outcome_names_the_winners() -> None:
    """"You win if one of your pieces reaches the opponent's Castle.\""""
    m = at("5/5/5/1S3/1w3 -/- d -,- 0")
    m.act(Move(player=0, from_="b2", to="a1"))
    assert m.outcome is not None and m.outcome.names == ("Ann",)
    lines = [line.strip() for line in m.render(None).splitlines()]
    assert "game over: won by Ann (reached Ben's throne)" in lines


def test_a_draw_and_a_loss_for_having_no_move_say_so() -> None:
    m = at("5/5/5/5/s4 -/- t -,- 1")  # hand-made: see test_notation for how passes arise
    assert "draw" in RULES.describe(GameOver(winners=(), reason="stalemate"), m.state)
    assert RULES.describe(GameOver(winners=(0,), reason="no-move"), m.state) == (
        "Ann wins the game because Ben could not move or bring in a reinforcement")


def test_a_state_without_names_falls_back_to_dawn_and_twilight() -> None:
    state = msgspec.structs.replace(at("5/5/5/1S3/1w3 -/- d -,- 0").state, names=())
    assert "Dawn to move" in RULES.render(state)
    assert RULES.describe(Pass(player=1), state).startswith("Twilight passes")


# ------------------------------------------------------------------ plain sentences

NOT_PLAIN = re.compile(r"=|None|True|False|\bseat \d|\(\d|'[a-e]\d'|\[|\]|\{|-1\b|_")


def assert_plain(sentence: str) -> None:
    assert sentence and sentence[0].isupper(), sentence
    assert not NOT_PLAIN.search(sentence), sentence
    assert "\n" not in sentence and "  " not in sentence, sentence
    for square in re.findall(r"\b[a-z]\d\b", sentence):
        assert square in INDEX, sentence  # squares as the board's coordinates name them


EXAMPLES: list[tuple[str, Event, str]] = [
    ("5/5/5/5/s4 -/- t -,- 0", Move(player=1, from_="a1", to="b2"),
     "Ben moves the saint from a1 to b2"),
    ("5/5/5/1P3/c4 -/- d -,- 0", Move(player=0, from_="b2", to="a1"),
     "Ann moves the spirit from b2 to a1, onto Ben's throne, attacking Ben's child there"),
    ("5/5/5/5/c4 W/- d -,- 0", Deploy(player=0, creature="warrior", to="d4"),
     "Ann brings the warrior from reserve into play on d4"),
    ("5/3d1/5/5/c4 W/- d -,- 0", Deploy(player=0, creature="warrior", to="d4"),
     "Ann brings the warrior from reserve into play on d4, attacking Ben's dragon"),
    ("5/3W1/5/5/c4 -/- d -,- 0", Capture(by=0, owner=1, creature="dragon", square="d4"),
     "Ann's warrior slays Ben's dragon on d4"),
    ("5/5/5/5/d4 -/- t -,b2a1 0", Capture(by=1, owner=0, creature="saint", square="a1"),
     "Ben's dragon eats Ann's saint, defending Ben's throne on a1"),
    ("5/5/5/5/P4 -/- t b2a1,- 0", Capture(by=0, owner=1, creature="child", square="a1"),
     "Ann's spirit frightens off Ben's child on a1, Ben's throne"),
    ("5/5/5/5/s4 -/- t -,- 0", Pass(player=1),
     "Ben passes, as no move or reinforcement is possible"),
    ("5/5/5/5/s4 -/- t -,- 0", GameOver(winners=(), reason="stalemate"),
     "The game ends in a draw because both players passed in a row"),
    ("5/5/5/5/s4 -/- t -,- 0", GameOver(winners=(1,), reason="throne"),
     "Ben wins the game by reaching Ann's throne"),
]
SETUP = Setup(player=0, placement=(("saint", "e5"), ("spirit", "d5"), ("child", "e4")))
REVEAL = Reveal(placements=(SETUP.placement, (("dragon", "a1"), ("warrior", "b1"),
                                               ("child", "c2"))), first=1)
SETUP_EXAMPLES: list[tuple[Event, str]] = [
    (SETUP, "Ann sets up behind the screen: the saint on e5, the spirit on d5 and the child "
            "on e4, keeping the warrior and the dragon in reserve"),
    (RULES.redact(SETUP, 1), "Ann sets up behind the screen: 3 creatures placed and 2 kept "
                             "in reserve, hidden"),
    (REVEAL, "The screen comes down: Ann has the saint on e5, the spirit on d5 and the child "
             "on e4; Ben has the dragon on a1, the warrior on b1 and the child on c2; Ben "
             "moves first"),
    (commit_choice(SETUP, PUBLIC_NONCE),
     "Ann commits to a sealed setup behind the screen (seal c186c03d1b086f7e)"),
    (open_choice(SETUP, PUBLIC_NONCE),
     "Ann opens the sealed setup: the saint on e5, the spirit on d5 and the child on e4, "
     "keeping the warrior and the dragon in reserve"),
]


@pytest.mark.parametrize(("position", "event", "sentence"), EXAMPLES)
def test_each_event_reads_as_one_plain_sentence(position: str, event: Event,
                                                sentence: str) -> None:
    state = at(position).state
    assert describe(event, state) == sentence
    assert_plain(sentence)
    assert_plain(describe(event, None))  # without a state: still plain, seat names


@pytest.mark.parametrize(("event", "sentence"), SETUP_EXAMPLES)
def test_the_setup_and_the_reveal_read_as_plain_sentences(event: Event, sentence: str) -> None:
    state = RULES.setup(RULES.Options(), PLAYERS)
    assert describe(event, state) == sentence
    assert_plain(sentence)


def test_every_event_type_has_an_example() -> None:
    """A new event type must get a sentence (and an example here)."""
    kinds = set(typing.get_args(Event))
    shown = {type(e) for _, e, _ in EXAMPLES} | {type(e) for e, _ in SETUP_EXAMPLES}
    assert kinds <= shown


def test_a_redacted_setup_names_no_creature_and_no_square() -> None:
    """Hidden things are described as hidden, even when the describing tool holds the
    whole truth (``grimoire replay --as`` passes the true state with the redacted event)."""
    m = Match.new("vicious-circle", dice="recorded", players=PLAYERS)
    m.act(SETUP)
    sentence = describe(RULES.redact(SETUP, 1), m.state)
    assert "hidden" in sentence
    assert not re.search(r"\b[a-e][1-5]\b", sentence)
    assert not any(kind in sentence for kind in KINDS)


def test_every_event_of_seeded_games_reads_plainly_for_every_reader() -> None:
    count = 0
    for game in games():
        for state, event in game:
            for reader in (None, 0, 1):
                assert_plain(describe(RULES.redact(event, reader), state))
                count += 1
    assert count > 1000


# ------------------------------------------------------------------ labels


def grid(text: str) -> dict[str, str]:
    """Square -> its two-character cell, read back from a text board."""
    lines = text.splitlines()
    files = lines[0].split()
    cells: dict[str, str] = {}
    for line in lines[1:]:
        m = re.match(r"^\s*([1-5])  (.*)$", line)
        if m:
            row = m.group(2).ljust(3 * len(files) - 1)
            for k, file in enumerate(files):
                cells[f"{file}{m.group(1)}"] = row[3 * k:3 * k + 2]
    return cells


def test_legal_action_labels_are_unique_and_name_what_the_board_shows() -> None:
    """At every decision point of seeded games, each seat's legal actions read differently,
    and the creature a move names stands on its square on the text board and in the
    picture; an attacked creature stands on the target square; a reserve creature is in
    the reserve shown."""
    points = labels = 0
    for state in decision_points():
        text = RULES.render(state, None)
        cells = grid(text)
        svg = picture(state, None)
        for seat in RULES.to_act(state):
            actions = RULES.legal(state, seat)
            said = [describe(a, state) for a in actions]
            assert len(set(said)) == len(said), [s for s in said if said.count(s) > 1][:3]
            points += 1
            labels += len(said)
            for action, label in zip(actions, said, strict=True):
                assert_plain(label)
                if isinstance(action, Move):
                    kind = KINDS[PIECE[state.board[INDEX[action.from_]]][1]]
                    assert f"the {kind} from {action.from_}" in label
                    assert cells[action.from_][0] == state.board[INDEX[action.from_]]
                    assert f"<title>{PLAYERS[seat]}'s {kind} on {action.from_}. " in svg
                    if "attacking" in label:
                        assert cells[action.to][0] != "."
                elif isinstance(action, Deploy):
                    letter = LETTERS[KINDS.index(action.creature)]
                    letter = letter if seat == 0 else letter.lower()
                    line = next(x for x in text.splitlines()
                                if x.strip().startswith(f"{PLAYERS[seat]} ("))
                    assert letter in line.split("reserve")[1].split("lost")[0]
                    assert cells[action.to][1] in ":@"  # the domain, marked on the board
                elif isinstance(action, Setup):
                    assert all(cells[sq][1] in ":@" for _, sq in action.placement)
    assert points > 300 and labels > 5000


# ------------------------------------------------------------------ the text board


def test_seat_of_covers_every_creature_letter_and_the_grid_shows_the_board() -> None:
    expected = {(letter, 0) for letter in LETTERS} | {(letter.lower(), 1) for letter in LETTERS}
    assert set(SEAT_OF.items()) == expected
    for state in decision_points():
        lines = RULES.render(state, None).splitlines()
        assert re.fullmatch(r"\s*a\s+b\s+c\s+d\s+e", lines[0])
        rows = [line for line in lines if re.match(r"^\s*\d", line)]
        assert [row.split()[0] for row in rows] == ["5", "4", "3", "2", "1"]
        cells = grid("\n".join(lines))
        for i, square in enumerate(SQUARES):
            ch = cells[square][0]
            assert ch == (state.board[i] if state.board[i] != EMPTY else ".")
            if ch != ".":
                assert SEAT_OF[ch] == PIECE[state.board[i]][0]


def test_terrain_shows_under_the_creatures() -> None:
    """A saint on a shrine, a dragon on the mountain, a creature on its own throne: the
    ground stays visible beside the letter."""
    m = at("S3D/5/2d2/5/s4 -/- d -,- 0")
    cells = grid(m.render(None))
    assert cells["a5"] == "S+" and cells["e5"] == "D@" and cells["c3"] == "d^"
    assert cells["a1"] == "s@" and cells["e1"] == ".+"
    assert cells["b4"] == ".~" and cells["c4"] == ".:" and cells["d3"] == ". "


def test_the_key_explains_every_symbol_the_board_uses() -> None:
    for state in [*decision_points(), *hidden_states()]:
        for viewer in (None, 0, 1):
            text = RULES.render(RULES.view(state, viewer), viewer)
            key = " ".join(line for line in text.splitlines() if line.strip().startswith("key:"))
            used = set("".join(grid(text).values())) - {" "}
            used |= {ch for line in text.splitlines() if " reserve " in line
                     for ch in line.split("reserve", 1)[1] if ch in "?-"}
            for ch in used:
                # a creature's letter: its capital (and whose are small letters)
                symbol = ch.upper() if ch.isalpha() else ch
                assert re.search(rf"(^|[ ,(]){re.escape(symbol)} [a-z]", key), (ch, key)
                assert not ch.islower() or "small letters" in key


def hidden_states() -> list[State]:
    """The secret setup: nobody set up, one seat set up (each), both set up."""
    out = []
    for first in (0, 1):
        m = Match.new("vicious-circle", dice="recorded", players=PLAYERS)
        out.append(m.state)
        m.act(RULES.legal(m.state, first)[7])
        out.append(m.state)
    return out


# ------------------------------------------------------------------ the picture


def parse_svg(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{NS}text")]


def test_the_picture_is_well_formed_small_self_contained_and_deterministic() -> None:
    biggest = 0
    for game in games()[:4]:
        for state, event in game:
            for viewer in (None, 0, 1):
                seen = RULES.view(state, viewer)
                svg = picture(seen, viewer, RULES.redact(event, viewer))
                parse_svg(svg)
                assert svg == picture(seen, viewer, RULES.redact(event, viewer))
                assert "<script" not in svg and "href" not in svg and "url(" not in svg
                biggest = max(biggest, len(svg.encode()))
    assert biggest < 60_000


def test_the_picture_shows_coordinates_names_turn_terrain_and_creatures() -> None:
    m = at("S3D/5/2d2/5/s4 W/pc d -,- 0")
    root = parse_svg(picture(m.state, None))
    words = texts(root)
    for name in [*"abcde", *"12345"]:
        assert name in words
    assert "Ann (Dawn, north-east)" in words and "Ben (Twilight, south-west)" in words
    assert "Ann to move" in words
    assert {"shrine", "swamp", "village", "mountain", "Ann's throne", "Ben's throne"} <= set(
        words)
    # each tooltip names the creature, then says what it does (texts.TEXTS)
    titles = {(el.text or "").split(". ")[0] for el in root.iter(f"{NS}title")}
    assert "Ann's saint on a5" in titles and "Ben's dragon on c3" in titles
    assert "Ann's warrior, in reserve" in titles and "Ben's spirit, in reserve" in titles
    assert "Ann's spirit, captured" in titles  # captured creatures are shown
    fills = {el.get("fill") for el in root.iter(f"{NS}rect")}
    assert {TERRAIN[t] for t in ("shrine", "swamp", "village", "mountain", "throne")} <= fills


def marked(root: ET.Element) -> set[str]:
    """The squares framed as the last event's."""
    out = set()
    for el in root.iter(f"{NS}rect"):
        if el.get("stroke") == LAST and el.get("fill") == "none" and float(
                el.get("width", "0")) > CELL / 2:
            col = int((float(el.get("x", "0")) - LEFT) // CELL)
            row = int((float(el.get("y", "0")) - TOP) // CELL)
            out.add(SQUARES[row * T.SIZE + col])
    return out


def test_the_picture_marks_the_squares_the_last_event_touched() -> None:
    m = at("5/5/3d1/1W3/5 -/- d -,- 0")
    events = m.act(Move(player=0, from_="b2", to="d3"))
    assert marked(parse_svg(picture(m.state, None, events[0]))) == {"b2", "d3"}
    assert marked(parse_svg(picture(m.state, None, events[1]))) == {"b2", "d3"}  # capture
    m = at("5/5/5/5/c4 W/- d -,- 0")
    (deploy,) = m.act(Deploy(player=0, creature="warrior", to="d4"))
    root = parse_svg(picture(m.state, None, deploy))
    assert marked(root) == {"d4"}
    assert any(w.startswith("Last: Ann brings the warrior") for w in texts(root))
    m = at("5/5/5/1S3/1w3 -/- d -,- 0")
    events = m.act(Move(player=0, from_="b2", to="a1"))
    assert marked(parse_svg(picture(m.state, None, events[-1]))) == {"b2", "a1"}  # the win
    assert marked(parse_svg(picture(m.state, None, None))) == set()


def test_the_picture_draws_what_a_viewer_may_not_see_as_backs() -> None:
    """During the secret setup the other seat's three placed creatures and two reserves
    are known to exist, not which or where: five counters' backs."""
    m = Match.new("vicious-circle", dice="recorded", players=PLAYERS)
    m.act(SETUP)
    for viewer in (None, 1):
        root = parse_svg(picture(RULES.view(m.state, viewer), viewer))
        backs = [t for t in texts(root) if t == "?"]
        assert len(backs) == 5 + 1  # and one in the legend
        assert not any(t in ("S", "P", "C") for t in texts(root))  # no creature of Ann's
    root = parse_svg(picture(RULES.view(m.state, 0), 0))
    assert [t for t in texts(root) if t == "?"] == ["?"]  # Ann sees her own creatures


def test_no_picture_leaks_what_its_viewer_may_not_know() -> None:
    """For every seat and every state of seeded games, the picture of the seat's view is
    the same whatever the other seat's secrets are."""
    rng = random.Random(5)
    states = [state for game in games() for state, _ in game]
    states += [s for s in hidden_states() for _ in range(10)]
    count = differ = 0
    for state in states:
        for seat in (0, 1):
            other = RULES.disguise(state, seat, rng)
            assert picture(RULES.view(state, seat), seat) == picture(
                RULES.view(other, seat), seat)
            count += 1
            differ += other != state
    assert count > 500 and differ > 10  # the disguise did hide something to find


@pytest.mark.parametrize("players", [PLAYERS, ("Bartholomew the Magnificent",
                                                "Wilhelmina Ravenscroft-Smythe")])
def test_the_picture_keeps_its_words_inside_even_with_long_names(
        players: tuple[str, str]) -> None:
    """Every text's width, estimated at 0.55 of its font size a character, stays inside the
    picture: long names are cut (their tooltips keep them whole)."""
    m = Match.new("vicious-circle", dice="recorded", players=players)
    m.act(SETUP)
    (*_, reveal) = m.act(RULES.legal(m.state, 1)[0])
    svgs = [picture(m.state, None, reveal), picture(RULES.view(m.state, 1), 1, reveal)]
    m = Match.new("vicious-circle", position="5/5/5/1S3/1w3 -/- d -,- 0", dice="recorded",
                  players=players)
    events = m.act(Move(player=0, from_="b2", to="a1"))
    svgs.append(picture(m.state, 0, events[-1]))
    for svg in svgs:
        root = parse_svg(svg)
        width = float(root.get("width", "0"))
        for el in root.iter(f"{NS}text"):
            x, size, text = float(el.get("x", "0")), float(el.get("font-size", "0")), el.text
            extent = 0.55 * size * len(text or "")
            left = {"start": x, "middle": x - extent / 2, "end": x - extent}[
                el.get("text-anchor", "start")]
            assert left >= 0 and left + extent <= width, text
