"""Swords & Wizardry as people see it: players' names everywhere, every event in one plain
sentence, a label for every legal action that tells it from the others, a text board whose
legend explains every symbol, and an SVG picture that shows a player nothing they may not
know."""

from __future__ import annotations

import random
import re
import typing
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from grimoire import Match, Replay
from grimoire.core.kit import write_ranks
from grimoire.core.svg import LAST
from grimoire.games.swords_wizardry import RULES, render, svg
from grimoire.games.swords_wizardry import tables as T
from grimoire.games.swords_wizardry.board import INDEX, LETTERS, UNKNOWN
from grimoire.games.swords_wizardry.events import (
    Advance,
    Arrive,
    Bombard,
    Bounce,
    Challenge,
    Commence,
    Commit,
    Decline,
    Eliminate,
    Event,
    GameOver,
    Move,
    Open,
    Pin,
    Place,
    Reveal,
    Roll,
    Storm,
    Surround,
)
from grimoire.games.swords_wizardry.state import State

GAME = "swords-wizardry"
NAMES = ("Ann", "Ben")
FIXTURES = Path(__file__).parents[3] / "fixtures" / GAME
SVG = "{http://www.w3.org/2000/svg}"


def position(pieces: dict[str, str], turn: str = "r", pinned: str = "-",
             storm: str = "-") -> str:
    cells = ["."] * 100
    for sq, ch in pieces.items():
        cells[INDEX[sq]] = ch
    ranks = write_ranks(cells[r * 10:(r + 1) * 10] for r in range(10))
    return f"{ranks} {turn} {pinned} {storm} 0"


# Red: a shown King on c7, a hidden Siege Catapult on c9, the Princess in the castle on
# b10, Peasants on a10. Black: a hidden Ogre on c6, shown Knights on c5, the Princess
# pinned in the castle on b1 next to Red's shown Bowmen on b2.
SCENE = position({"c7": "K*", "c9": "C", "b10": "P", "a10": "S", "c6": "o", "c5": "n*",
                  "b1": "p*", "b2": "B*", "j1": "s"}, pinned="b")


def scene(players: tuple[str, ...] = NAMES) -> State:
    state: State = RULES.parse(SCENE, RULES.Options(), players)
    return state


def seeded_games(games: int, *, max_actions: int = 20_000) -> Iterator[Match]:
    """Seeded random games, yielded at every decision point (the match as it stands)."""
    for seed in range(games):
        rng = random.Random(seed)
        match = Match.new(GAME, players=NAMES, seed=f"{seed + 1:02x}" * 16)
        for _ in range(max_actions):
            if not match.to_act:
                break
            yield match
            seat = min(match.to_act)
            legal = match.legal(seat)
            match.act(legal[rng.randrange(len(legal))])
        yield match


# ------------------------------------------------------------------ names


def test_setup_and_parse_keep_the_players_names_and_the_notation_does_not_write_them() -> None:
    """The state knows who plays; a position text stays the same whoever plays it."""
    assert RULES.setup(RULES.Options(), NAMES).names == NAMES
    state = scene()
    assert state.names == NAMES
    assert RULES.notation(state) == SCENE
    assert RULES.parse(SCENE, None, ()).names == ()
    for seat in (None, 0, 1):
        assert RULES.view(state, seat).names == NAMES  # names are public


def test_the_board_names_the_players_and_falls_back_to_red_and_black() -> None:
    """The board says who plays which side and who is to move."""
    text = RULES.render(scene())
    assert "Red (north, capital letters) is Ann; lost: " in text
    assert "Black (south, small letters) is Ben; lost: " in text
    assert " to move: Ann (Red)" in text.splitlines()
    anonymous = RULES.render(scene(()))
    assert " to move: Red" in anonymous.splitlines()
    assert "Ann" not in anonymous and "is Red" not in anonymous


def test_events_name_the_players() -> None:
    """A sentence names the players, not the seats."""
    state = RULES.view(scene(), 0)
    assert RULES.describe(Move(player=1, from_="c6", to="d6"), state) == (
        "Ben moves the piece on c6 to d6")
    assert RULES.describe(Commence(first=1), state) == "Both sides are deployed; Ben moves first"
    assert RULES.describe(Commence(first=1)) == "Both sides are deployed; Black moves first"


def test_the_outcome_names_the_winner_on_the_board_and_in_the_outcome() -> None:
    """"The game is concluded once the Princess is challenged and identified by King, Hero,
    Marshall Royal or any Military Force": Ann's Bowmen rescue Ben's pinned Princess."""
    match = Match.new(GAME, position=SCENE, players=NAMES, dice="recorded")
    events = match.act(Move(player=0, from_="b2", to="b1"))
    before = match.replay().seek(len(match.events) - 1)
    assert RULES.describe(events[-1], before) == "Ann wins: Ben's Princess is rescued"
    assert match.outcome is not None and match.outcome.names == ("Ann",)
    assert " game over: won by Ann (Ben's Princess rescued)" in match.render(None).splitlines()


# ------------------------------------------------------------------ sentences

# What no sentence for people may hold: Python's reprs and keywords, seat numbers, the
# log's codes for pieces and reasons, brackets around numbers.
NOT_PLAIN = re.compile(
    r"=|'[^' ]+'|\"|\bNone\b|\bTrue\b|\bFalse\b|-1\b|\bseat \d|\(\d|[\[\]{}_]"
    r"|marshall-royal|siege-catapult|men-at-arms|quiet-limit|no-move|\bplayer\b|\bRoll\b"
)


def plain(text: str) -> bool:
    return bool(text) and text[0].isupper() and not NOT_PLAIN.search(text) and \
        text == text.strip() and "  " not in text


SAMPLES: list[tuple[Event, str]] = [
    (Place(player=0, piece="ogre", square="c9"), "Ann places an Ogre on c9"),
    (Place(player=0, piece="princess", square="b10"), "Ann places the Princess in the castle "
                                                      "on b10"),
    (Place(player=1, piece="knights", square="c2"), "Ben places Knights on c2"),
    (Place(player=1, piece="", square="c2"), "Ben places a hidden piece on c2"),
    (Commence(first=0), "Both sides are deployed; Ann moves first"),
    (Move(player=0, from_="c7", to="d7"), "Ann moves the King on c7 to d7"),
    (Move(player=0, from_="c9", to="d9"), "Ann moves the piece on c9 to d9"),
    (Move(player=0, from_="c7", to="c6"), "Ann challenges Ben's piece on c6 with the King on "
                                          "c7"),
    (Move(player=0, from_="b2", to="b1"), "Ann challenges Ben's Princess in the castle on b1 "
                                          "with the Bowmen on b2"),
    (Bombard(player=0, from_="c7", to="c5"), "Ann bombards Ben's Knights on c5 with the Siege "
                                             "Catapult on c7"),
    (Storm(player=0, castle="b1", from_="b2"), "Ann storms the castle on b1 with the Bowmen "
                                               "on b2"),
    (Decline(player=0, castle="b1"), "Ann leaves the surrounded castle on b1 alone"),
    (Challenge(from_="c7", to="c6", attacker="king", defender="ogre"),
     "Ann's King on c7 challenges Ben's Ogre on c6"),
    (Challenge(from_="b2", to="b1", attacker="bowmen", defender="princess"),
     "Ann's Bowmen on b2 challenge Ben's Princess in the castle on b1"),
    (Reveal(square="c6", piece="ogre"), "Ben's piece on c6 is shown to be an Ogre"),
    (Reveal(square="b2", piece="bowmen"), "Ann's piece on b2 is shown to be Bowmen"),
    (Roll(player=1, sides=6, values=(4,), purpose="wizard", draws=1),
     "Ben throws a 4 for the Wizard"),
    (Eliminate(square="c5", owner=1, piece="knights"), "Ben's Knights on c5 are eliminated"),
    (Eliminate(square="c6", owner=1, piece="siege-catapult"),
     "Ben's Siege Catapult on c6 is eliminated"),
    (Advance(from_="c7", to="c6"), "Ann's King advances from c7 to c6"),
    (Advance(from_="b2", to="b1"), "Ann's Bowmen advance from b2 into the castle on b1"),
    (Advance(from_="c9", to="c8"), "Ann's piece advances from c9 to c8"),
    (Bounce(from_="c9", to="c8"), "Ann's Wizard bounces back one square and lands on c8"),
    (Pin(square="b1", owner=1), "Ben's Princess is found in the castle on b1 and must stay "
                                "there"),
    (Surround(castle="b1", by=0), "Ann surrounds the castle on b1 and may storm it"),
    (GameOver(winners=(0,), reason="rescue"), "Ann wins: Ben's Princess is rescued"),
    (GameOver(winners=(1,), reason="no-move"), "Ben wins: Ann cannot move"),
    (GameOver(winners=(), reason="quiet-limit"),
     "The game is drawn: too many moves in a row without an attack"),
    (Commit(player=0, square="c9", digest="ab" * 32),
     "Ann places a sealed piece on c9 with seal abababab"),
    (Open(player=0, square="c9", piece="ogre", nonce="00" * 16),
     "Ann opens the piece deployed on c9 and shows an Ogre"),
    (Arrive(from_="c7", to="d7"), "Ann's King moves from c7 to d7"),
]


def test_every_kind_of_event_has_a_sample() -> None:
    """The samples below cover the whole union of the game's events."""
    assert {type(e) for e, _ in SAMPLES} == set(typing.get_args(Event))


@pytest.mark.parametrize(("event", "sentence"), SAMPLES,
                         ids=[f"{type(e).__name__}-{k}" for k, (e, _) in enumerate(SAMPLES)])
def test_every_event_reads_as_one_plain_sentence(event: Event, sentence: str) -> None:
    """In the state it happens in, as a spectator knows it (pieces named once shown), with
    names, squares as the board shows them and pieces as the rules text names them;
    without a state, still plain."""
    assert RULES.describe(event, RULES.view(scene(), None)) == sentence
    assert plain(sentence), sentence
    assert plain(RULES.describe(event)), RULES.describe(event)
    assert plain(RULES.describe(event, scene(()))), RULES.describe(event, scene(()))


def test_a_quiet_limit_draw_says_how_many_moves() -> None:
    state = RULES.parse(SCENE, RULES.Options(quiet_limit=50), NAMES)
    assert RULES.describe(GameOver(winners=(), reason="quiet-limit"), state) == (
        "The game is drawn: 50 moves in a row without an attack")


def test_a_sentence_names_no_piece_its_reader_may_not_know() -> None:
    """The tools tell a seat its events in its own view: a piece the reader has not
    identified is "the piece" (for the opponent and a spectator alike), and a redacted
    placement hides its piece."""
    state = scene()
    catapult = Move(player=0, from_="c9", to="d9")  # Ann's hidden Siege Catapult
    challenge = Move(player=0, from_="c7", to="c6")  # Ann's King on Ben's hidden Ogre
    for reader in (1, None):
        assert RULES.describe(catapult, RULES.view(state, reader)) == (
            "Ann moves the piece on c9 to d9")
    assert "Ogre" not in RULES.describe(challenge, RULES.view(state, 0))
    redacted = RULES.redact(Place(player=0, piece="princess", square="b10"), 1)
    assert RULES.describe(redacted, RULES.view(state, 1)) == (
        "Ann places a hidden piece in the castle on b10")


def test_a_sentence_names_the_readers_own_pieces() -> None:
    """The issue: a player "knows they are a Dragon", so its own events name its pieces
    (and the opponent's pieces it has been shown), never a piece it has not identified."""
    state = scene()
    assert RULES.describe(Move(player=0, from_="c9", to="d9"), RULES.view(state, 0)) == (
        "Ann moves the Siege Catapult on c9 to d9")
    assert RULES.describe(Move(player=0, from_="c7", to="c6"), RULES.view(state, 1)) == (
        "Ann challenges Ben's Ogre on c6 with the King on c7")
    assert RULES.describe(Move(player=1, from_="c6", to="d6"), RULES.view(state, 1)) == (
        "Ben moves the Ogre on c6 to d6")
    assert RULES.describe(Advance(from_="c9", to="c8"), RULES.view(state, 0)) == (
        "Ann's Siege Catapult advances from c9 to c8")
    assert RULES.describe(Storm(player=0, castle="b1", from_="a10"), RULES.view(state, 0)) \
        == "Ann storms the castle on b1 with the Peasants on a10"


def test_every_event_of_every_fixture_reads_plainly() -> None:
    """Every event of the fixtures, described in the state it happens in (and as each seat
    sees it), is one plain sentence."""
    count = 0
    for path in sorted(FIXTURES.glob("*.jsonl")):
        if "-bad-" in path.name:
            continue
        with Replay.open(path) as replay:
            before = replay.seek(0)
            for _, event, after in replay.states():
                for seat in (None, 0, 1):
                    text = RULES.describe(RULES.redact(event, seat), before)
                    assert plain(text), f"{path.name}: {text}"
                before = after
                count += 1
    assert count > 10_000


# ------------------------------------------------------------------ labels


SQUARE = re.compile(r"\b[a-j](?:10|[1-9])\b")


def test_legal_action_labels_are_unique_and_name_squares_on_the_board() -> None:
    """At every decision point of seeded games (the game has two seats), each legal
    action of a seat has its own label, in the state and without it, and every square a
    label names is a square of the board (its file and rank are the board's)."""
    points = actions = 0
    files_and_ranks = RULES.render(scene()).splitlines()
    ranks = {line.split()[0] for line in files_and_ranks[1:11]}
    files = set(files_and_ranks[0].split())
    for match in seeded_games(6):
        state = match.state
        for seat in sorted(match.to_act):
            legal = match.legal(seat)
            labels = [RULES.describe(a, state) for a in legal]
            assert len(set(labels)) == len(labels), labels
            bare = [RULES.describe(a) for a in legal]
            assert len(set(bare)) == len(bare), bare
            for label in labels:
                for square in SQUARE.findall(label):
                    assert square[0] in files and square[1:] in ranks
            points += 1
            actions += len(legal)
    print(f"{points} decision points, {actions} legal actions")
    assert points > 5_000 and actions > 100_000


# ------------------------------------------------------------------ the text board


def grid(text: str) -> list[str]:
    return text.splitlines()[1:11]


def test_grid_lines_start_with_their_rank_and_the_files_head_the_board() -> None:
    lines = RULES.render(scene()).splitlines()
    assert lines[0].split() == list("abcdefghij")
    assert [line.split()[0] for line in lines[1:11]] == [str(r) for r in range(10, 0, -1)]
    assert not any(re.match(r"\s*\d", line) for line in lines[11:])


def test_seat_of_covers_every_piece_character_of_the_grid() -> None:
    """``SEAT_OF`` gives the seat of each character the grid draws a piece with (Red's
    capitals and X, Black's small letters and x), and no ground or mark character."""
    assert {ch for ch, seat in render.SEAT_OF.items() if seat == 0} == {*LETTERS, UNKNOWN[0]}
    assert {ch for ch, seat in render.SEAT_OF.items() if seat == 1} == {
        *(ch.lower() for ch in LETTERS), UNKNOWN[1]}
    assert not set(render.SEAT_OF) & set(".~\\#^*! ")
    for match in seeded_games(1, max_actions=300):
        for seat in (None, 0, 1):
            view = RULES.view(match.state, seat)
            for r, line in enumerate(grid(RULES.render(view))):
                cells = line[5:].ljust(30)
                for c in range(10):
                    ch = view.board[r * 10 + c]
                    if ch != ".":
                        assert cells[3 * c + 1] == ch and render.SEAT_OF[ch] == (
                            0 if ch.isupper() else 1)


def test_the_legend_explains_every_symbol_of_the_grid() -> None:
    """Every character a grid square shows is in a legend line, and the ground under a
    piece shows in front of it (a castle's ``#``)."""
    text = RULES.render(RULES.view(scene(), 1))
    legend = "\n".join(text.splitlines()[11:])
    used = {ch for line in grid(text) for ch in line[5:] if ch != " "}
    assert used <= set(legend), used - set(legend)
    assert "#p!" in text and "#P " not in text and "#X " in text
    for ch, kind in zip(LETTERS, T.PIECES, strict=True):
        assert f"{ch} {render.title(kind[0])}" in legend
    assert "X/x: a piece of Ann/Ben not identified" in legend


# ------------------------------------------------------------------ the picture


def parse_svg(text: str) -> ET.Element:
    assert "<script" not in text and "href" not in text and "url(" not in text
    return ET.fromstring(text)


def texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{SVG}text")]


def test_the_picture_is_well_formed_shows_coordinates_names_and_the_turn() -> None:
    state = scene()
    picture = svg.board(state)
    root = parse_svg(picture)
    words = texts(root)
    assert set("abcdefghij") <= set(words)
    assert {str(r) for r in range(1, 11)} <= set(words)
    assert "Ann (Red), north - to move" in words and "Ben (Black), south" in words
    assert "To move: Ann (Red)" in words
    assert svg.board(state) == picture  # the same state, the same bytes
    # one element a line (an element's tooltip, its <title>, inside it)
    element = re.compile(r"<(\w+)[^<]*(/>|>(<title>[^<]*</title>)?</\1>)")
    assert all(element.fullmatch(line) or line.startswith(("<title>", "<text", "<svg"))
               for line in picture.splitlines() if line != "</svg>")


def test_the_picture_marks_the_squares_the_last_event_touched() -> None:
    state = scene()

    def frames(last: Event | None) -> int:
        root = parse_svg(svg.board(state, None, last))
        return sum(1 for el in root.iter(f"{SVG}rect") if el.get("stroke") == LAST
                   and el.get("stroke-width") == "3")

    legend_frames = frames(None)
    assert frames(Move(player=0, from_="c7", to="d7")) == legend_frames + 2
    assert frames(Storm(player=0, castle="b1", from_="b2")) == legend_frames + 2
    assert frames(Eliminate(square="c5", owner=1, piece="knights")) == legend_frames + 1
    assert frames(Roll(player=0, sides=6, values=(3,), purpose="wizard", draws=1)) == (
        legend_frames)
    # a rescue frames the rescued Princess (Ben's, shown on b1); losing by no move, nothing
    assert frames(GameOver(winners=(0,), reason="rescue")) == legend_frames + 1
    assert frames(GameOver(winners=(1,), reason="no-move")) == legend_frames


def test_the_picture_draws_unidentified_pieces_as_backs() -> None:
    """A piece the viewer cannot identify is drawn as its back (a ``?``); what the viewer
    knows is drawn face up."""
    state = scene()
    for seat in (None, 0, 1):
        view = RULES.view(state, seat)
        backs = sum(1 for ch in view.board if ch in UNKNOWN)
        root = parse_svg(svg.board(view, seat))
        assert texts(root).count("?") == backs + 2  # two backs in the legend
    assert texts(parse_svg(svg.board(state))).count("?") == 2


def test_a_players_picture_leaks_nothing() -> None:
    """For every seat and every sampled state of seeded games, the picture of the seat's
    view does not change when everything the seat cannot know is disguised."""
    states = 0
    for k, match in enumerate(seeded_games(2)):
        if k % 12:
            continue
        state = match.state
        for seat in (0, 1):
            rng = random.Random(k)
            mine = svg.board(RULES.view(state, seat), seat)
            other = svg.board(RULES.view(RULES.disguise(state, seat, rng), seat), seat)
            assert mine == other
        states += 1
    print(f"{states} states, each seen by both seats")
    assert states > 120


def test_the_picture_stays_small() -> None:
    """Even with all 72 pieces on the board and shown, long names, a storm frame and the
    last event framed, and a tooltip on every square and piece, the picture stays under
    80 KB."""
    deployed = next(m for m in seeded_games(1) if m.state.turn >= 0)
    ranks, rest = RULES.notation(deployed.state).split(" ", 1)
    shown = re.sub(r"([A-Za-z])", r"\1*", ranks)
    state = RULES.parse(f"{shown} {rest}", None, ("A" * 64, "B" * 64))
    assert all(state.revealed[i] for i, ch in enumerate(state.board) if ch != ".")
    picture = svg.board(state, None, Move(player=0, from_="a7", to="a6"))
    parse_svg(picture)
    assert len(picture.encode()) < 80_000
