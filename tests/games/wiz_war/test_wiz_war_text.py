"""What people see of Wiz-War: players' names everywhere, every event in one plain sentence,
a distinct label for every legal action, the text board's key, and the SVG picture (its
coordinates, the last event framed, hidden cards as backs, nothing leaked)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any, get_args

import msgspec
import pytest
from wizwar import card, edge, position, sq

from grimoire import Match
from grimoire.bots.random import RandomBot
from grimoire.core.events import Roll, Shuffle
from grimoire.core.kit import GameOver
from grimoire.core.rules import describe, draw
from grimoire.core.svg import HIDDEN, LAST
from grimoire.games.wiz_war import RULES, render, svg
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war import events as E
from grimoire.games.wiz_war.board import DECK
from grimoire.games.wiz_war.state import Options, Pending, Spell, State

NAMES = ("Ann", "Ben", "Cat", "Dan")
PLAIN = re.compile(
    r"=|None|True|False|-1|seat \d|\bw\d\b|\bq\d+\b|\be(1[1-9]|[2-9]\d|\d{3})\b|sector\d"
    r"|\(\d+, |'[a-z]\d|\[|\]|\{")
"""What a plain sentence never holds: ``=``, reprs, seat numbers, internal target codes
(``w1``, ``q12``, ``e28``, ``sector2``), tuples and lists."""


def ann_ben(players: int = 2) -> State:
    return RULES.setup(Options(), NAMES[:players])


class Game(msgspec.Struct):
    """A seeded bot game: each decision (state, seat, legal actions) and each event with
    the state it happened in."""

    decisions: list[tuple[State, int, list[Any]]]
    events: list[tuple[State, Any]]
    states: list[State]


@cache
def game(players: int, seed: int, schools: str = "", actions: int = 300) -> Game:
    options = {"schools": schools} if schools else {}
    m = Match.new(RULES, players=NAMES[:players], seed=bytes([seed]) * 16, options=options)
    bot = RandomBot(seed)
    out = Game([], [], [m.state])
    for _ in range(actions):
        if not m.to_act:
            break
        for seat in sorted(m.to_act):
            out.decisions.append((m.state, seat, list(m.legal(seat))))
        before = m.state
        for e in m.act(bot.choose(m, min(m.to_act))):
            out.events.append((before, e))
            before = RULES.evolve(before, e)
        out.states.append(m.state)
    return out


GAMES = [(n, seed, "") for n in (2, 3, 4) for seed in (1, 2, 3)] + [
    (2, 4, "alchemy,elemental,thaumaturgy"), (3, 4, "elemental,mentalism,thaumaturgy"),
    (4, 4, "alchemy,mentalism,thaumaturgy"), (3, 5, "random"),
    (2, 6, "conjuring,elemental,thaumaturgy"), (3, 6, "alchemy,conjuring,mentalism"),
    (4, 6, "conjuring,elemental,mentalism"),
    (2, 7, "alchemy,elemental,mutation"), (3, 7, "elemental,thaumaturgy,mutation"),
    (4, 7, "mentalism,thaumaturgy,mutation")]
"""Seeded games: the first game's schools, and games with Thaumaturgy, Conjuring and
Mutation (``schools``)."""
HIDING = [g for g in GAMES if g[2]] + GAMES[:9:3]
"""The games the hidden-information tests look at: every one with chosen schools, and some
others."""


# ---------------------------------------------------------------- names


def test_setup_and_parse_keep_the_players_names() -> None:
    s = ann_ben()
    assert s.names == ("Ann", "Ben")
    parsed = RULES.parse(RULES.notation(s), Options(), ("Ann", "Ben"))
    assert parsed.names == ("Ann", "Ben")
    assert "Ann" not in RULES.notation(s), "the notation does not write names"
    assert RULES.view(s, 1).names == ("Ann", "Ben"), "names are public: a view keeps them"


def test_board_and_describe_name_the_players() -> None:
    s = ann_ben()
    text = RULES.render(s)
    assert "1 Ann" in text and "2 Ben" in text
    assert describe(RULES, E.Start(player=0), s) == "Ann starts the game"
    assert describe(RULES, E.Punch(player=1, target=0), s) == "Ben punches Ann"
    picture = RULES.svg(s)
    assert "<title>Ann's wizard" in picture and "<title>Ben's wizard" in picture


def test_names_fall_back_to_the_games_seat_names() -> None:
    s = msgspec.structs.replace(ann_ben(), names=())
    assert "1 Callista" in RULES.render(s)
    assert describe(RULES, E.Punch(player=1, target=0), s) == "Matt punches Callista"
    assert describe(RULES, E.Punch(player=1, target=0)) == "Matt punches Callista"


def test_outcome_names_the_winners() -> None:
    s = RULES.evolve(ann_ben(), GameOver(winners=(1,), reason="points"))
    assert "won by Ben (victory points)" in RULES.render(s)
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.names == ("Ben",)
    assert describe(RULES, GameOver(winners=(1,), reason="points"), s) == (
        "The game is over: Ben wins (victory points)")
    assert "won by Ben" in RULES.svg(s)


# ---------------------------------------------------------------- events


def _examples() -> list[tuple[Any, State]]:
    """One event of every type, each in a state it could happen in."""
    s = position(hands={0: [card("Fireball"), card("Energy 5")], 1: [card("Zot!")]},
                 names=("Ann", "Ben"))
    wall = edge("c3", "e")
    fire = card("Wall of Fire")
    block = Spell(card("Stone Block"), 0, f"q{sq('d4')}", 0)
    homunculus = Spell(card("Homunculus"), 0, f"q{sq('b2')}", 0)
    rich = msgspec.structs.replace(
        s, spells=(Spell(fire, 1, f"e{wall}", 2), block, homunculus),
        objects=((card("Large Rock"), sq("c3")),))
    attack = Pending(attacker=0, target=1, card=card("Fireball"), kind="spell", damage=5,
                     dtype="magical", fire=True, origin=sq("c3"))
    waiting = msgspec.structs.replace(s, phase="respond", pending=attack)
    cast = E.Cast(player=0, card=card("Fireball"), target="w1", energy=card("Energy 5"))
    return [
        (E.Start(player=0), s), (E.Move(player=0, dir="e"), s),
        (E.Move(player=0, dir="n", unit=homunculus.card), rich),
        (E.PickUp(player=0, what=f"c{card('Large Rock')}"), rich),
        (E.PickUp(player=0, what="t1"), s), (E.Drop(player=0, what="t2"), s),
        (E.Boost(player=0, card=card("Energy 5")), s), (E.Punch(player=0, target=1), s),
        (cast, s),
        (E.Use(player=0, card=card("Universal Solvent"), target=f"e{wall}"), rich),
        (E.Throw(player=0, card=card("Large Rock"), target=1), s),
        (E.ThrowAt(player=0, card=card("Large Rock"), at=f"q{sq('d4')}"), rich),
        (E.EndSpell(player=1, card=fire), rich), (E.EndMove(player=0), s),
        (E.Discard(player=0, card=card("Fireball")), s), (E.EndTurn(player=0, draw=1), s),
        (E.Counter(player=1, card=card("Full Shield")), waiting),
        (E.Allow(player=1), waiting),
        (Roll(player=0, sides=4, values=(2,), purpose="direction", draws=1), s),
        (Shuffle(pile="discard", order=(), draws=0), s),
        (E.Deal(hands=((-1,) * 5, (-1,) * 5)), s), (E.FirstPlayer(player=1), s),
        (E.TurnBegins(player=1, movement=3), s),
        (E.Attack(attacker=0, target=1, card=card("Fireball"), kind="spell", damage=5,
                  dtype="magical", fire=True), s),
        (E.Draw(player=1, cards=(-1, -1)), s),
        (E.Damage(player=1, amount=5, by=0, source="Fireball"), s),
        (E.Heal(player=1, amount=1), s), (E.Stunned(player=0), s),
        (E.StunAdded(player=1, count=2), s),
        (E.SpellBegins(card=fire, caster=1, target=f"e{wall}", tokens=2), s),
        (E.TokenSpent(card=fire), rich), (E.SpellEnds(card=fire), rich),
        (E.Window(cast=cast, responders=(1,)), s), (E.Bent(), s),
        (E.Projected(square=sq("e3")), s), (E.Cancelled(how="evaded"), waiting),
        (E.Reduced(amount=2), waiting), (E.Cracked(edge=wall, cracks=1), s),
        (E.WallDestroyed(edge=wall), s), (E.WallCreated(edge=edge("d4", "s")), s),
        (E.Landed(card=card("Large Rock"), square=sq("c4")), s),
        (E.Dropped(player=0, what=f"c{card('Bloodshard')}"), s),
        (E.StonesDestroyed(player=0, cards=(card("Powerstone"), card("Lifestone"))), s),
        (E.DoorPicked(edge=edge("c3", "w")), s), (E.Moved(player=1, square=sq("f3")), s),
        (E.UnitMoved(card=homunculus.card, square=sq("b3")), rich),
        (E.Hit(card=block.card, amount=2), rich), (E.LifeSet(player=0, life=12), s),
        (E.Stolen(thief=0, victim=1, cards=(-1, -1)), s),
        (E.Discarded(player=0, cards=(card("Fireball"),)), s),
        (E.Dissolved(card=card("Large Rock")), rich), (E.Rotated(sector=1, quarter=2), s),
        (E.Death(player=1, by=0, square=sq("f3")), s),
        (GameOver(winners=(0,), reason="last-alive"), s),
        (E.Charged(card=card("Stone Spikes"), tokens=4), s),
        (E.SchoolsDrawn(schools=("alchemy", "elemental", "mentalism")), s),
        (E.BoardBuilt(sectors=(1, 0), quarters=(1, 0)), s),
        (E.DoorSealed(edge=edge("c3", "w")), s),
        (E.Snatched(thief=0, victim=1, card=card("Dagger")), s),
        (E.Heaved(player=0, treasure=3, square=sq("h3")), s),
        (E.MovementGained(player=0, amount=2), s), (E.AttackRestored(player=0), s),
        (E.CounterWindow(counter=E.Counter(player=1, card=card("Full Shield"))), waiting),
        (E.CounterCancelled(), msgspec.structs.replace(waiting, pending=msgspec.structs.replace(
            attack, counter=E.Counter(player=1, card=card("Full Shield"))))),
        (E.DoorCreated(edge=edge("c3", "e")), s),
        (E.Halted(player=0), s),
        (E.Swapped(player=0, other=1), s),
        (E.TrapsLaid(card=card("Booby Trap"), caster=0, squares=(sq("c3"), sq("d4")),
                     real=-1), s),
        (E.TrapSprung(player=1, card=card("Booby Trap"), square=sq("c3"), real=False), s),
        (E.LayToken(player=0, square=sq("d4")), s),
        (E.ArmTrap(player=0, square=sq("d4")), s),
    ]


def test_examples_cover_every_event_type() -> None:
    assert {type(e) for e, _ in _examples()} == set(get_args(E.Event))


@pytest.mark.parametrize(("event", "state"), _examples(),
                         ids=lambda x: type(x).__name__ if not isinstance(x, State) else "")
def test_every_event_is_one_plain_sentence(event: Any, state: State) -> None:
    for text in (describe(RULES, event, state), describe(RULES, event)):
        assert text and "\n" not in text and not PLAIN.search(text), text
        assert text[0].isupper() or text[0].isdigit(), text
    player = getattr(event, "player", None)
    if isinstance(player, int):
        assert state.names[player] in describe(RULES, event, state)


@pytest.mark.parametrize(("event", "text"), [
    (E.Move(player=1, dir="w"), "Ben moves west to g3"),
    (E.Cast(player=0, card=card("Wall of Fire"), target=f"e{edge('c3', 'e')}"),
     "Ann casts Wall of Fire between c3 and d3 (energy 1)"),
    (E.Cast(player=0, card=card("Fireball"), target="w1", energy=card("Energy 5")),
     "Ann casts Fireball #45 at Ben using Energy 5 #13"),
    (E.Cast(player=0, card=card("Destroy Wall"), target=f"e{edge('c3', 'w')}"),
     "Ann casts Destroy Wall #6 at the door between b3 and c3"),
    (E.Cast(player=0, card=card("Zot!"), target="w1", mode="stun"),
     "Ann casts Zot! at Ben to give 2 stun tokens (energy 1)"),
    (E.Cast(player=0, card=card("Rotate Sector"), target="sector1", mode="90"),
     "Ann casts Rotate Sector on Ben's sector a quarter turn clockwise"),
    (E.Discard(player=0, card=card("Boomstone", 1)), "Ann discards Boomstone #25"),
    (E.Draw(player=1, cards=(card("Zot!"), card("Fireball"))), "Ben draws Zot! and Fireball #45"),
    (E.Draw(player=1, cards=(-1,)), "Ben draws 1 card"),
    (E.Stolen(thief=0, victim=1, cards=(-1, -1)), "Ann takes 2 cards from Ben's hand"),
    (E.PickUp(player=0, what="t3"), "Ann picks up Ben's treasure 2"),
    (E.Cracked(edge=edge("d4", "s"), cracks=1), "The wall between d4 and d5 takes 1 crack"
     " (1 in all)"),
    (E.Death(player=1, by=0, square=sq("f3")), "Ben dies on f3, killed by Ann"),
])
def test_events_read_as_sentences(event: Any, text: str) -> None:
    s = position(names=("Ann", "Ben"))
    assert describe(RULES, event, s).startswith(text)


def test_hidden_cards_are_described_as_hidden() -> None:
    """A redacted draw, deal or theft names no card."""
    for n, seed, schools in [*GAMES[:3], *HIDING]:
        for before, e in game(n, seed, schools).events:
            if not isinstance(e, (E.Draw, E.Deal, E.Stolen)):
                continue
            for p in range(n):
                told = describe(RULES, RULES.redact(e, p), RULES.view(before, p))
                hidden = [c for c in msgspec.structs.asdict(RULES.redact(e, p)).get(
                    "cards", ()) if c < 0]
                if hidden:
                    assert not any(name in told for name in set(DECK)), told


def test_every_event_of_seeded_games_is_plain() -> None:
    seen = set()
    for n, seed, schools in GAMES:
        for before, e in game(n, seed, schools).events:
            seen.add(type(e))
            for text in (describe(RULES, e, before),
                         describe(RULES, RULES.redact(e, 0), RULES.view(before, 0))):
                assert text and not PLAIN.search(text), text
    assert len(seen) > 25


# ---------------------------------------------------------------- labels


SQUARE = re.compile(r"\b([a-j])(10|[1-9])\b")
NUMBER = re.compile(r"#\d+")


@pytest.mark.parametrize(("players", "seed", "schools"), GAMES)
def test_legal_actions_have_distinct_labels(players: int, seed: int, schools: str) -> None:
    """At every decision point, different legal actions of a seat read differently, and
    the squares and numbered cards a label names are on the board that seat sees."""
    points = 0
    for k, (s, seat, legal) in enumerate(game(players, seed, schools).decisions):
        labels = [describe(RULES, a, s) for a in legal]
        assert len(set(labels)) == len(labels), [x for x in labels if labels.count(x) > 1]
        g = B.geometry(players)
        for label in labels:
            for f, r in SQUARE.findall(label):
                assert g.square(f + r) >= 0, label
        numbered = {n for label in labels for n in NUMBER.findall(label)}
        if numbered and k % 15 == 0:
            seen = RULES.view(s, seat)
            text, picture = RULES.render(seen, seat), RULES.svg(seen, seat)
            for n in numbered:
                assert re.search(rf"{n}\b", text) and re.search(rf"{n}\b", picture), n
        points += 1
    assert points > 250


# ---------------------------------------------------------------- the text board


def test_text_board_layout_and_seat_characters() -> None:
    """Rank lines start with their rank, the first line holds the files, each wizard is its
    seat's character (``SEAT_OF``) beside the ground it stands on."""
    s = ann_ben(4)
    lines = RULES.render(s).splitlines()
    assert lines[0].split() == list("abcdefghij")
    ranks = [x for x in lines[1:22] if not x.strip().startswith("+")]
    assert [int(x.split()[0]) for x in ranks] == list(range(1, 11))
    g = B.geometry(4)
    for p in range(4):
        r, c = divmod(g.home[p], g.width)
        row = ranks[r][4:]
        cell = row[4 * c + 1:4 * c + 4]
        assert cell == f"{render.WIZARDS[p]}H ", "the home base shows under the wizard"
        assert render.SEAT_OF[cell[0]] == p
    assert set(render.SEAT_OF) == set(render.WIZARDS)


def _used(text: str, lines: int) -> set[str]:
    grid = text.splitlines()[1:1 + lines]
    return {ch for x in grid for ch in (x[4:] if x.strip()[:1].isdigit() else x)} - {" "}


@pytest.mark.parametrize(("players", "seed", "schools"), GAMES[::3])
def test_text_board_key_explains_every_symbol(players: int, seed: int, schools: str) -> None:
    rows = 2 * B.geometry(players).height + 1
    for s in game(players, seed, schools).states[::10]:
        text = RULES.render(s)
        key = "\n".join(x for x in text.splitlines() if x.startswith((" key:", " borders:")))
        for ch in _used(text, rows):
            assert f"{ch} " in key or f" {ch}" in key, (ch, key)


def test_text_board_shows_walls_fire_and_created_walls() -> None:
    fire, wall = edge("c4", "e"), edge("c3", "e")
    s = position(names=("Ann", "Ben"), spells=(
        Spell(card("Wall of Fire"), 0, f"e{fire}", 2),
        Spell(card("Create Wall"), 1, f"e{wall}", 0)),
        edges=tuple("W" if e == wall else k for e, k in enumerate(ann_ben().edges)))
    text = RULES.render(s)
    assert "^ a Wall of Fire" in text and "= a created wall" in text
    assert "Ann's Wall of Fire between c4 and d4 (2 energy tokens)" in text
    assert "Ben's Create Wall #5 between c3 and d3" in text


# ---------------------------------------------------------------- the picture


def _states() -> list[tuple[int, State]]:
    return [(n, s) for n, seed, schools in GAMES[::3]
            for s in game(n, seed, schools).states[::30]]


def test_svg_parses_and_shows_the_coordinates() -> None:
    for players in (2, 3, 4):
        picture = RULES.svg(ann_ben(players))
        root = ET.fromstring(picture)
        texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
        g = B.geometry(players)
        assert set("abcdefghij") <= texts
        assert {str(r) for r in range(1, g.height + 1)} <= texts
        assert "<script" not in picture and "href" not in picture


def test_svg_is_deterministic_small_and_well_formed() -> None:
    for _, s in _states():
        picture = RULES.svg(s)
        assert picture == RULES.svg(s)
        assert len(picture.encode()) < 60_000
        ET.fromstring(picture)
        assert all(re.sub(r"<title>[^<]*</title>", "", x).count("<") <= 2
                   for x in picture.splitlines()), "one element (and its tooltip) per line"


def test_svg_marks_the_last_event() -> None:
    s = ann_ben()
    moved = RULES.evolve(s, E.Moved(player=0, square=sq("d3")))
    picture = RULES.svg(moved, None, E.Moved(player=0, square=sq("d3")))
    frames = [x for x in picture.splitlines() if f'stroke="{LAST}"' in x and "<rect" in x]
    x = svg.LEFT + 3 * svg.CELL + 1.5
    y = svg.TOP + 2 * svg.CELL + 1.5
    assert any(f'x="{x:g}" y="{y:g}"' in f for f in frames), frames
    step = RULES.evolve(s, E.Move(player=1, dir="w"))
    assert svg.touched(step, E.Move(player=1, dir="w")) == {sq("g3"), sq("h3")}
    assert svg.touched(s, E.Cracked(edge=edge("c3", "e"), cracks=1)) == {sq("c3"), sq("d3")}


def test_svg_draws_other_hands_as_card_backs() -> None:
    s = position(hands={0: [card("Fireball")], 1: [card("Zot!"), card("Dispel")]},
                 names=("Ann", "Ben"))
    mine = RULES.svg(RULES.view(s, 0), 0)
    assert "Fireball #45" in mine and "Zot!" not in mine and "Dispel" not in mine
    assert mine.count(f'fill="{HIDDEN}"') >= 2
    assert "2 cards in hand" in mine
    everything = RULES.svg(s)
    assert "Zot!" in everything and "Fireball #45" in everything


@pytest.mark.parametrize(("players", "seed", "schools"), HIDING)
def test_svg_leaks_nothing(players: int, seed: int, schools: str) -> None:
    """For every seat, the picture of its view is the same whatever it cannot know."""
    rng = random.Random(seed)
    checked = 0
    for s in game(players, seed, schools).states[::25]:
        for p in range(players):
            seen = RULES.view(s, p)
            other = RULES.view(RULES.disguise(s, p, rng), p)
            assert draw(RULES, seen, p) == draw(RULES, other, p)
            assert RULES.render(seen, p) == RULES.render(other, p)
            checked += 1
    assert checked > 20


def test_a_picture_drawn_from_kept_parts_is_the_picture_drawn_afresh() -> None:
    """The parts of a picture kept from one position to the next (a wizard's place in the
    panel, what stands on the squares, the panel's lines below the wizards, the legend,
    the squares and borders) are kept by everything they are drawn from: every
    position's picture, for everyone, a seat and a seat's turned board, drawn after the
    others' in a shuffled order, is the one drawn with nothing kept."""
    rng = random.Random(8)
    cases = []
    for n, seed, schools in GAMES[::2]:
        played = game(n, seed, schools)
        for k, (before, e) in enumerate(played.events):
            if k % 7 == 0:  # every seventh: prime to 2, 3 and 4, so every seat's turn
                after = RULES.evolve(before, e)
                seat = k % n
                cases += [(after, None, e, None), (RULES.view(after, seat), seat, e, None),
                          (RULES.view(after, seat), seat, RULES.redact(e, seat), seat)]
    fresh = []
    for state, seat, e, bottom in cases:
        svg._BLOCKS.clear()
        svg._KEPT.clear()
        fresh.append(svg.board(state, seat, e, bottom))
    order = list(range(len(cases)))
    rng.shuffle(order)
    for k in order:
        assert svg.board(*cases[k]) == fresh[k], f"case {k} drawn from another's parts"
    assert len(cases) > 1000


def test_svg_draws_the_labyrinth_and_its_extras() -> None:
    fire, wall = edge("c4", "e"), edge("c3", "e")
    block = card("Stone Block")
    s = position(names=("Ann", "Ben"), spells=(
        Spell(card("Wall of Fire"), 0, f"e{fire}", 2), Spell(card("Create Wall"), 1, f"e{wall}", 0),
        Spell(block, 0, f"q{sq('b4')}", 0), Spell(card("Homunculus"), 1, f"q{sq('g2')}", 0)),
        edges=tuple("W" if e == wall else k for e, k in enumerate(ann_ben().edges)),
        cracks=tuple(2 if e == edge("c3", "w") else 0 for e in range(len(ann_ben().edges))),
        objects=((card("Large Rock"), sq("e2")),), carried={0: [card("Lifestone")]},
        picked=edge("c3", "w"), life=(12, 15))
    picture = RULES.svg(s)
    for words in ("Wall of Fire", "created wall", "Stone Block", "Homunculus",
                  "Large Rock on e2", 'carries:', 'data-card="Lifestone"', "life 12 of 20",
                  "opened by Pick Lock", "its cracks", "Ann's treasures: 1 on a1"):
        assert words in picture, words
    assert f'stroke="{svg.FIRE}"' in picture and f'stroke="{svg.CREATED}"' in picture


def test_svg_three_players_shows_portals() -> None:
    picture = RULES.svg(ann_ben(3))
    assert "portal: e8 east and h5 south" in picture
    assert picture.count(f'fill="{svg.PORTALS[0]}"') >= 2
