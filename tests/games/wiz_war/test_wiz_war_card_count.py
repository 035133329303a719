"""Fuzz over random games with every choice of schools (issue 16): no card is ever lost or
duplicated. Between decisions (nothing waiting for an answer) every card of the game's
deck is in exactly one place: a hand, the deck, the discard pile, a wizard's items, a
spell in play, or an item lying on the board."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from grimoire import Match
from grimoire.games.wiz_war import board as B
from grimoire.games.wiz_war.state import State

CHOICES = [",".join(c) for c in itertools.combinations(B.PLAYABLE, 3)] + ["random"]


def placed(s: State) -> Counter[int]:
    """Every card where the state holds it, counted."""
    cards = list(itertools.chain(*s.hands, s.deck, s.discard, *s.carried))
    cards += [sp.card for sp in s.spells] + [c for c, _ in s.objects]
    return Counter(cards)


def between_decisions(seed: int, n: int, options: dict[str, str]) -> Iterator[State]:
    """The states of a seeded random game of ``n`` players (600 actions at most) where
    nothing waits for an answer."""
    rng = random.Random(seed)
    m = Match.new("wiz-war", seed=bytes([seed]) * 32, players=("A", "B", "C", "D")[:n],
                  options=options)
    for _ in range(600):
        if m.outcome is not None:
            return
        seat = rng.choice(sorted(m.rules.to_act(m.state)))
        m.act(rng.choice(m.legal(seat)))
        if m.state.pending is None:
            yield m.state


@pytest.mark.parametrize("k", range(len(CHOICES)))
def test_no_card_is_lost_or_duplicated(k: int) -> None:
    schools = CHOICES[k]
    n = (2, 3, 4)[k % 3]
    checked = 0
    for s in between_decisions(k, n, {"schools": schools}):
        if s.schools:
            assert placed(s) == Counter(B.deck_for(s.schools, s.options.extra_cards)), (
                schools, n)
            checked += 1
    assert checked > 50


BOOKS = [
    "alchemy,elemental,mentalism/conjuring,mutation,thaumaturgy",
    "conjuring,mutation,thaumaturgy/alchemy,elemental,mentalism",
    "alchemy,mutation,thaumaturgy/conjuring,elemental,mentalism",
]


@pytest.mark.parametrize(("k", "n"), [(k, n) for k in range(len(BOOKS)) for n in (2, 3, 4)])
def test_no_card_is_lost_or_duplicated_in_the_custom_spellbook(k: int, n: int) -> None:
    """Both decks' cards, each in exactly one place, and each group's deck holding only
    its own cards, whoever stole or picked up what."""
    checked = 0
    for s in between_decisions(100 + 3 * k + n, n, {"custom_spellbook": BOOKS[k]}):
        first, second = B.groups(s.schools)
        assert placed(s) == Counter(first + second), (k, n)
        assert set(s.deck[:s.split]) <= set(first)
        assert set(s.deck[s.split:]) <= set(second)
        checked += 1
    assert checked > 50
