"""Magery's choice tree (``choices.py``), texts (``texts.py``) and what its picture gives a
frontend to click: each legal action split as a player thinks of it, small steps, every
named thing explained, nothing named that the seat cannot see.

Positions use the game's notation (docs/games/magery.md): ``pending=power@chamber:X`` is
the power waiting after the seat to act took its minion ``X`` off that chamber.
"""

from __future__ import annotations

import random
import re
import typing
from typing import Any

import msgspec
import pytest

from grimoire.core.choices import Option, Step, choices, problems
from grimoire.core.match import Match
from grimoire.games.magery import RULES
from grimoire.games.magery import board as B
from grimoire.games.magery import tables as T
from grimoire.games.magery.choices import chamber_square, forced, kind_name
from grimoire.games.magery.events import (
    Arrange,
    Decline,
    Dismiss,
    Dream,
    Foresee,
    Move,
    Pass,
    Place,
    Remove,
    Summon,
    Swap,
    Teleport,
    Transmute,
)
from grimoire.games.magery.rules import dreamable
from grimoire.games.magery.state import CardName, State
from grimoire.games.magery.svg import board as picture
from grimoire.games.magery.texts import TEXTS

PLAYERS = ("Ann", "Ben")
CHAOS = "chaos=illusionist,magus,seer,conjurer"


def state(text: str, **options: Any) -> State:
    return RULES.parse(text, RULES.Options(**options), PLAYERS)


def tree(s: State) -> Step:
    step = choices(RULES, s, s.turn)
    assert step is not None
    assert problems(RULES, s, s.turn, limit=40) == []
    return step


def labels(step: Step | None) -> list[str]:
    assert step is not None
    return [o.label for o in step.options]


def leaves(step: Step) -> list[Option]:
    return list(step.leaves())


# ------------------------------------------------------------------ the steps


def test_setup_the_minion_type_then_a_square_of_the_back_row() -> None:
    """"Place 1 Minion of each type on your backrow": the type first (eight, not
    squares), then the empty squares of the back row."""
    s = RULES.setup(RULES.Options(), PLAYERS)
    step = tree(s)
    assert labels(step) == [kind_name(k) for k in B.KINDS]
    assert all(not o.square and o.piece == o.label for o in step.options)
    dragon = step.option("Dragon").then
    assert dragon is not None and dragon.board
    assert labels(dragon) == [f"{f}1" for f in "abcdefgh"]
    leaf = dragon.option("d1")
    assert leaf.action == Arrange(player=0, minion="dragon", square="d1")
    assert leaf.touches.to == "d1"


def test_placing_the_minion_then_the_chamber_and_pass_beside_the_minions() -> None:
    """The decision phase: a reserve minion (or Pass), then an empty chamber; a chamber is
    a place on the board (``chamber-13``), read as the board reads it, its card named."""
    s = state(f"arena=u7/8/8/8/8/8/8/D7 {CHAOS}")
    step = tree(s)
    assert labels(step) == [kind_name(k) for k in B.KINDS] + ["Pass"]
    assert step.option("Pass").action == Pass(player=0)
    where = step.option("Fey").then
    assert where is not None and where.board and len(where.options) == 16
    seer = where.option("chamber-15")
    assert (seer.label, seer.card, seer.text) == ("15 (Seer)", "Seer", TEXTS["Seer"])
    assert seer.action == Place(player=0, minion="fey", chamber="15", card="seer")
    lord = where.option("8 (Dragon Lord)")
    assert (lord.square, lord.card, lord.text) == ("chamber-8", "", TEXTS["Dragon Lord"])


def test_a_turn_begins_with_the_chamber_to_empty() -> None:
    """"players take turns removing their Minions from the Tower": one step, the seat's
    occupied chambers, each with the minion on it."""
    s = state("arena=u7/8/8/8/8/8/8/D7 tower=..F....u...M phase=action")
    step = tree(s)
    assert step.board and labels(step) == ["3 (Wizard)", "12 (Magician)"]
    assert [o.piece for o in step.options] == ["Fey", "Myrmidon"]
    assert step.options[0].action == Remove(player=0, chamber="3")


def test_a_type_mage_the_minion_then_where_or_summon_then_where_or_decline() -> None:
    """"Move or Summon one of your Dragon Minions": a Dragon on the board, then its
    destination; or Summon, then the square; or Decline, beside them."""
    s = state("arena=8/u7/8/8/8/8/8/D7 phase=action pending=dragon@8:D")
    step = tree(s)
    assert step.prompt == "Dragon Lord: which Dragon moves, or summon one?"
    assert labels(step) == ["Dragon a1", "Summon a Dragon", "Decline"]
    go = step.option("a1").then
    assert go is not None and go.board
    take = go.option("a7")
    assert take.label == "a7, capturing Undead"
    assert (take.touches.from_, take.touches.to) == ("a1", "a7")
    assert take.action == Move(player=0, from_="a1", to="a7")
    summon = step.option("Summon a Dragon").then
    assert summon is not None and summon.board
    assert summon.option("b1").action == Summon(player=0, minion="dragon", square="b1")
    assert step.option("Decline").action == Decline(player=0)


def test_the_mystic_the_minion_then_any_empty_square() -> None:
    """678 teleports at once in the flat list: here one of your minions, then an empty
    square, both on the board."""
    s = state("arena=u7/8/8/8/8/8/8/D6F phase=action pending=mystic@10:F")
    step = tree(s)
    assert [o.square for o in step.options] == ["a1", "h1", ""]
    to = step.option("Fey h1").then
    assert to is not None and to.board and len(to.options) == 61
    assert to.option("e4").action == Teleport(player=0, from_="h1", to="e4")


def test_the_illusionist_the_first_minion_then_the_second() -> None:
    """Swaps are named in square order (Ruling 20): the first minion, then another of
    another letter after it; the leaf touches both."""
    s = state(f"arena=u7/8/8/8/3c4/8/8/D7 {CHAOS} phase=action pending=illusionist@13:F")
    step = tree(s)
    assert labels(step) == ["Dragon a1", "enemy Construct d4", "Decline"]
    second = step.option("a1").then
    assert second is not None
    assert labels(second) == ["enemy Construct d4", "enemy Undead a8"]
    leaf = second.option("a8")
    assert leaf.action == Swap(player=0, a="a1", b="a8")
    assert leaf.touches.targets == ("a1", "a8")


def test_the_alchemist_the_minion_then_the_reserve_type() -> None:
    s = state("arena=u7/8/8/8/8/8/8/D7 chaos=alchemist,magus,seer,conjurer phase=action "
              "pending=alchemist@13:F")
    step = tree(s)
    kinds = step.option("Dragon a1").then
    assert kinds is not None and not kinds.board
    assert labels(kinds) == [kind_name(k) for k in B.KINDS if k != "dragon"]
    assert kinds.option("Fey").action == Transmute(player=0, square="a1", minion="fey")


def test_the_dream_lord_offers_the_cards_it_may_borrow() -> None:
    s = state("arena=u7/8/8/8/8/8/8/D7 chaos=dream-lord,magus,seer,conjurer phase=action "
              "pending=dream-lord@13:F")
    step = tree(s)
    cards = [B.title(c) for c in dreamable(s)]
    assert labels(step) == [*cards, "Decline"]
    assert [o.card for o in step.options] == [*cards, ""]
    assert step.option("Rune Master").action == Dream(player=0, mage="rune-master")


def test_the_seer_asks_who() -> None:
    s = state(f"arena=u7/8/8/8/8/8/8/D7 {CHAOS} phase=action pending=seer@15:F")
    step = tree(s)
    assert labels(step) == ["You", "Your opponent", "Decline"]
    assert step.option("Your opponent").action == Foresee(player=0, seat=1)


@pytest.mark.parametrize("options", [{}, {"archmage": "ultimate", "rotating": True}])
def test_every_step_of_a_seeded_game_is_small(options: dict[str, Any]) -> None:
    """At every decision point of a seeded game the tree holds exactly the legal actions,
    and no step offers more than 11 options that are not places on the board (the most:
    the ten Chaos Mages a Dream Lord may borrow when it is the only card in the Tower, and
    Decline); the flat list reaches hundreds."""
    m = Match.new("magery", seed=b"\x07" * 16, options=options, players=PLAYERS)
    rng = random.Random(7)
    widest = flat = 0
    while m.to_act and len(m.events) < 700:
        (seat,) = m.to_act
        legal = list(m.legal(seat))
        step = choices(RULES, m.state, seat)
        assert step is not None and problems(RULES, m.state, seat) == []
        stack = [step]
        while stack:
            s = stack.pop()
            widest = max(widest, sum(1 for o in s.options if not o.square))
            stack.extend(o.then for o in s.options if o.then is not None)
        flat = max(flat, len(legal))
        m.act(rng.choice(legal))
    assert widest <= 11 < 100 < flat


# ------------------------------------------------------------------ what the seat knows


PRIVATE = ("arena=u7/8/8/8/8/8/8/7U private=seer/magus@m chaos=alchemist,mentalist,enchanter "
           "phase=action pending=magician@12:F")


def test_the_seat_names_its_own_private_card_and_never_the_opponents() -> None:
    """A private card is hidden from the opponent "until its power is first used": White's
    Magician reads Black's private chamber as ``b1``, its own as ``w1 (Seer)``."""
    s = state(PRIVATE, archmage="archmage")
    step = tree(s)
    b1 = step.option("chamber-b1")
    assert (b1.label, b1.card, b1.piece) == ("b1, enemy Myrmidon", "", "Myrmidon")
    assert b1.action == Dismiss(player=0, chamber="b1")
    assert b1.text == TEXTS["Archmage chamber"]
    assert "Magus" not in msgspec.json.encode(step).decode()
    placing = state("arena=u7/8/8/8/8/8/8/7U private=seer/magus "
                    "chaos=alchemist,mentalist,enchanter", archmage="archmage")
    mine = tree(placing).option("Fey").then
    assert mine is not None
    w1 = mine.option("chamber-w1")
    assert (w1.label, w1.card) == ("w1 (Seer)", "Seer")
    assert "chamber-b1" not in [o.square for o in mine.options]


def test_the_tree_is_the_same_whatever_the_seat_cannot_see() -> None:
    s = state(PRIVATE, archmage="archmage")
    mine = msgspec.json.encode(choices(RULES, s, 0))
    for r in range(4):
        twin = RULES.disguise(s, 0, random.Random(r))
        assert msgspec.json.encode(choices(RULES, twin, 0)) == mine


def test_one_option_is_played_at_once_only_when_the_others_can_tell() -> None:
    """A public power with no use (the Oracle for the Orb's holder) leaves Decline only, and
    everyone can tell; a private card nobody has seen (a Rune Master whose runes are
    already up) would tell the opponent it has no use now: the seat is asked."""
    oracle = state("arena=u7/8/8/8/8/8/8/7U phase=action pending=oracle@11:F")
    assert RULES.legal(oracle, 0) == [Decline(player=0)]
    assert forced(RULES.view(oracle, 0), 0) and tree(oracle).forced
    secret = state("arena=u7/8/8/8/8/8/8/7U private=rune-master/- runes=w "
                   "chaos=alchemist,mentalist,enchanter phase=action pending=rune-master@w1:F",
                   archmage="archmage")
    assert RULES.legal(secret, 0) == [Decline(player=0)]
    assert not forced(RULES.view(secret, 0), 0) and not tree(secret).forced


# ------------------------------------------------------------------ texts


def test_every_minion_mage_card_and_named_object_has_a_text() -> None:
    """The tables' minions, the Tower's sixteen mages, the Chaos Mage cards (the eleven
    listed and every card the twelfth may be), and the objects the picture and the tree
    name, each a sentence or two."""
    names = ({kind_name(k) for k in B.KINDS} | {mage for _, mage, _ in T.TOWER}
             | {B.title(c) for c in T.CHAOS_CARDS}
             | {B.title(c) for c in typing.get_args(CardName)}
             | {"Orb", "Archmage chamber", "Shield", "Rune Master"})
    assert names <= set(TEXTS)
    for name, text in TEXTS.items():
        assert 20 < len(text) < 260 and text.endswith("."), name
        assert len(re.findall(r"[.!?](?:\s|$)", text)) <= 3, name


# ------------------------------------------------------------------ the picture


def test_the_picture_marks_squares_chambers_minions_and_cards() -> None:
    """What a frontend clicks: ``data-square`` on every Arena square and chamber (and the
    minions on them, with ``data-piece``), ``data-card`` on every card face up, the cards
    a pending Dream Lord may borrow included; each with its text as a tooltip."""
    s = state(PRIVATE, archmage="archmage")
    svg = picture(RULES.view(s, 0), 0)
    for name in [*B.SQUARES, *(chamber_square(str(f)) for f in range(1, 17)),
                 "chamber-w1", "chamber-b1"]:
        assert f'data-square="{name}"' in svg, name
    assert 'data-square="a8" data-piece="Undead"' in svg
    assert 'data-square="chamber-b1" data-piece="Myrmidon"' in svg
    assert 'data-card="Seer"' in svg and 'data-card="Magus"' not in svg
    assert f"<title>Seer: {TEXTS['Seer']}</title>" in svg
    assert TEXTS["Undead"] in svg and TEXTS["Magician"] in svg
    dream = state("arena=u7/8/8/8/8/8/8/D7 chaos=dream-lord,magus,seer,conjurer "
                  "phase=action pending=dream-lord@13:F")
    drawn = picture(RULES.view(dream, 0), 0)
    assert all(f'data-card="{B.title(c)}"' in drawn for c in dreamable(dream))


def corner(svg: str, square: str) -> tuple[float, float]:
    found = re.search(rf'<rect x="([\d.]+)" y="([\d.]+)"[^>]*data-square="{square}"', svg)
    assert found is not None, square
    return float(found.group(1)), float(found.group(2))


def test_the_board_is_drawn_from_blacks_side_on_request() -> None:
    """``bottom=1`` turns the Arena half round (Black's back row at the bottom, ``h`` at
    the left); the Tower stays; ``bottom=None`` and ``bottom=0`` draw it as always."""
    s = state("arena=u7/8/8/8/8/8/8/D7 tower=..F")
    usual, black = picture(s, None), picture(s, None, None, 1)
    assert picture(s, None, None, 0) == usual
    assert corner(usual, "a1")[1] > corner(usual, "a8")[1]
    assert corner(black, "a1")[1] < corner(black, "a8")[1]
    assert corner(black, "h1")[0] < corner(black, "a1")[0]
    assert corner(black, "a8") == corner(usual, "h1")
    assert corner(black, "chamber-3") == corner(usual, "chamber-3")
    undead = re.search(r'<circle cx="([\d.]+)" cy="([\d.]+)"[^>]*data-square="a8"', black)
    x, y = corner(black, "a8")
    assert undead is not None and (float(undead.group(1)), float(undead.group(2))) == (
        x + 22, y + 22)
