"""What people read, for every registered game: each legal action's label is unique within
its decision, no event sentence holds a Python repr or an ``=``, and the picture of every
position is well-formed SVG with no script, drawn the same whatever the reader may not
know."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from games import GAMES
from grimoire.bots.random import RandomBot
from grimoire.core import registry
from grimoire.core.match import Match
from grimoire.core.rules import describe, draw

REPR = re.compile(r"=|\w+\(|\(\d+, ?\d+|'[a-z]\w*'|\bNone\b|\bTrue\b|\bFalse\b|\bseat \d")


def games(name: str, steps: int = 160) -> list[Match]:
    rules = registry.get(name)
    out = []
    for k, count in enumerate(rules.seats):
        names = tuple(f"Player {chr(65 + i)}" for i in range(count))
        match = Match.new(name, players=names, seed=bytes([k + 1]) * 16)
        bot = RandomBot(k)
        for _ in range(steps):
            if not match.to_act:
                break
            seat = min(match.to_act)
            seen = match.view(seat)
            labels = [describe(rules, a, seen) for a in match.legal(seat)]
            twice = sorted({x for x in labels if labels.count(x) > 1})[:3]
            assert not twice, (f"{name}: two legal actions read alike: {twice}: make "
                               "describe name what tells them apart")
            match.act(bot.choose(match, seat))
        out.append(match)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_labels_are_unique_and_sentences_plain(game: str) -> None:
    rules = registry.get(game)
    for match in games(game):
        state = match.replay().seek(0)
        for event in match.events:
            for seat in (None, *range(len(match.header.players))):
                told = event if seat is None else rules.redact(event, seat)
                seen = state if seat is None else rules.view(state, seat)
                line = describe(rules, told, seen)
                assert line and "\n" not in line and not REPR.search(line), (
                    f"{game}: {line!r}: describe must give one plain sentence per event "
                    "(no Python repr, no '=', no 'seat N': name players)")
            state = rules.evolve(state, event)


@pytest.mark.parametrize("game", GAMES)
def test_pictures_are_well_formed_and_leak_nothing(game: str) -> None:
    rules = registry.get(game)
    rng = random.Random(3)
    for match in games(game, steps=80):
        replay = match.replay()
        for n in range(0, len(match.events) + 1, 7):
            state = replay.seek(n)
            picture = draw(rules, state)
            try:
                ET.fromstring(picture)
            except ET.ParseError as exc:  # pragma: no cover - a failure to report
                pytest.fail(f"{game}: the picture after {n} events is not well-formed SVG "
                            f"({exc}): fix svg.py")
            assert "<script" not in picture and "href" not in picture, (
                f"{game}: the picture after {n} events holds a script or a link: svg.py "
                "draws shapes and text only")
            for seat in range(len(match.header.players)):
                mine = draw(rules, rules.view(state, seat), seat)
                other = rules.disguise(state, seat, rng)
                assert draw(rules, rules.view(other, seat), seat) == mine, (
                    f"{game}: seat {seat}'s picture changes with facts hidden from it: "
                    "svg.py must draw only what the view keeps")
